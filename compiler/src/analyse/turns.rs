//! What a turn is: whether every turn is one move (so the all-pass rule
//! can count trailing passes), and whether Ludii's turn and move limits
//! can be reached at all.

use crate::ir::GameModel;
use crate::semantics::{turn_limit, MOVE_LIMIT};

use super::Features;

/// Whether every turn is one move: no consequence makes a player move
/// again, no swap. "The last n turns were passes" is then "the last n moves
/// were passes, or all of them if fewer": a counter of trailing passes
/// suffices.
pub fn single_move_turns(model: &GameModel, features: &Features) -> bool {
    !model.swap && !features.move_again
}

/// Whether the game provably ends before Ludii's turn and move limits:
/// when every move fills an empty site (or passes, or swaps), a game lasts
/// at most (sites + 1) * (players + 1) moves, since a pass by every player
/// in a row ends it.
/// `only_fills`: from `fills::only_fills`.
pub fn limits_unreachable(model: &GameModel, only_fills: bool) -> bool {
    let players = model.num_players as u64;
    let longest = (model.board.num_sites() as u64 + 1) * (players + 1);
    let limit = (turn_limit(model.num_players) as u64).min(MOVE_LIMIT as u64);
    only_fills && longest < limit
}
