//! The interpreter's view for the Ludii–Polygames tensors.

use ludemic_runtime::{MoveKey, Player, SiteRef, TensorGame};

use super::{Interpreter, Move, State};

/// Ludii's `Move.from` and `Move.to` of a move with this key: a placement's
/// `from` is its `to`; a pass or a swap has neither.
pub(super) fn move_sites(key: MoveKey) -> (SiteRef, SiteRef) {
    if key.pass || key.swap {
        (SiteRef::NONE, SiteRef::NONE)
    } else if key.from.index < 0 {
        (key.to, key.to)
    } else {
        (key.from, key.to)
    }
}

impl TensorGame for Interpreter {
    fn piece_at(&self, state: &State, site: usize) -> (u32, Player) {
        let what = state.what[site];
        // A hand's site holding none of its component is empty.
        if what == 0 || (!self.model.stacking && state.count[site] == 0) {
            (0, 0)
        } else {
            (u32::from(what), state.owner[site])
        }
    }

    fn count_at(&self, state: &State, site: usize) -> u32 {
        state.count_at(site as crate::ir::Site)
    }

    fn local_state_at(&self, state: &State, site: usize) -> u32 {
        u32::from(state.state[site])
    }

    fn stack_height(&self, state: &State, site: usize) -> usize {
        state.stacks.get(site).map_or(0, Vec::len)
    }

    fn stack_what(&self, state: &State, site: usize, level: usize) -> u32 {
        u32::from(state.stacks[site][level])
    }

    fn mover_agent(&self, state: &State) -> Player {
        // A swap exchanges the agents behind roles 1 and 2.
        match (state.swapped, state.mover) {
            (true, 1) => 2,
            (true, 2) => 1,
            (_, p) => p,
        }
    }

    fn order_changed(&self, state: &State) -> bool {
        state.swapped
    }

    fn recent_move(&self, state: &State, back: usize) -> Option<(SiteRef, SiteRef)> {
        (back < 2 && (back as u32) < state.moves).then(|| state.recent[back])
    }

    fn pieces_off_grid(&self, state: &State) -> bool {
        state.elements.iter().flatten().any(|&w| w != 0)
    }

    fn move_levels(&self, mv: Move) -> Option<(u32, u32)> {
        // Ludii's placements (and passes, swaps) keep the move's levels at
        // the ground, whatever level the piece lands on (Connect Four's
        // move tensors); other moves' levels are not modelled.
        match mv {
            Move::Add { .. } | Move::Pass | Move::Swap => Some((0, 0)),
            _ => None,
        }
    }
}
