//! Heuristic state evaluation, as the agents see it.
//!
//! [`StateView`] is the small read-only view of a position that Ludii's
//! heuristic terms need (who holds each site, scores, the mover's legal
//! moves); an engine implements it for its states, and an evaluator built
//! from the game model reads any view. [`Evaluate`] is what search agents
//! (alpha-beta, heuristic sampling) call.

use crate::{Game, Player};

/// What Ludii's heuristic terms read of a state.
pub trait StateView {
    /// The player to move.
    fn mover(&self) -> Player;
    /// Sites of every container (the board's first, then hands').
    fn num_sites(&self) -> usize;
    /// Calls `f(what, owner)` for each piece on `site`: one call per level
    /// of a stack, one for any other occupied site (whatever its count).
    fn pieces_at(&self, site: usize, f: &mut dyn FnMut(u8, Player));
    /// The owner of the (top) piece on `site`, 0 when empty.
    fn owner(&self, site: usize) -> Player;
    /// Player `p`'s score.
    fn score(&self, p: Player) -> i32;
    /// Ludii's `count` of `site`: the height of a stack, a hand site's
    /// count, 1 for any other occupied site, 0 when empty.
    fn count(&self, site: usize) -> u32;
    /// Ludii's `value` of the piece at `level` of `site` (0 when none was
    /// set).
    fn piece_value(&self, site: usize, level: usize) -> i32;
    /// The number of legal moves of `player`: the mover's, or, for another
    /// player, those of the state with `player` made the mover (Ludii's
    /// `TempContext` with `setPrev(mover)` and `setMover(player)`).
    fn num_legal_moves(&self, player: Player) -> usize;
    /// Calls `f(to)` for the `to` site of each legal move of `player` (as
    /// [`StateView::num_legal_moves`] finds them) that has one.
    fn legal_move_targets(&self, player: Player, f: &mut dyn FnMut(usize));
}

/// A heuristic evaluation of a game's states.
pub trait Evaluate<G: Game> {
    /// Ludii's `Heuristics.computeValue(context, player, threshold)`: the
    /// weighted sum of the terms for `player` alone (terms whose weight is
    /// below `threshold` in absolute value are skipped).
    fn value(&self, game: &G, state: &G::State, player: Player, threshold: f32) -> f32;
}
