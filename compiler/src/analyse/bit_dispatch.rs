//! Whether a playout gains from the bit instructions at run time. A crate
//! built for the x86-64 baseline (a user's crate, by default) counts bits in
//! software and finds the k-th set bit by a search. Generated playouts can
//! run a copy of themselves compiled with popcnt, lzcnt and BMI1/2, chosen
//! once the processor is known; the copy is a function the caller cannot
//! inline, which costs about 14 ns a playout (measured on Zen 5: the state
//! and generator are then reached through pointers rather than kept in
//! registers). It pays where the playout's loop leans on bit counting —
//! draws over bitboards, union–find region masks, move lists — and not in a
//! plain add-to-empty playout, whose loop counts nothing (Tic-Tac-Toe falls
//! from 25 to 17 million playouts a second with it, Breakthrough rises from
//! 0.56 to 1.02 million).

use super::Draw;

/// Whether dispatching the playout pays, for its draw and its add-to-empty
/// phases; `union_find`: groups are followed by a union–find, whose region
/// masks are counted at each placement.
pub fn pays(draw: &Draw, add_to_empty: &[(usize, u16)], union_find: bool) -> bool {
    match draw {
        Draw::TargetSets(_) | Draw::SiteWise(_) | Draw::Counted => true,
        Draw::Listed => add_to_empty.is_empty() || union_find,
    }
}
