//! What a turn is: whether every turn is one move (so the all-pass rule
//! can count trailing passes), and whether Ludii's turn and move limits
//! can be reached at all.

use crate::interp::{MOVE_LIMIT, TURN_LIMIT_PER_PLAYER};
use crate::ir::GameModel;

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
    let limit = (TURN_LIMIT_PER_PLAYER as u64 * players).min(MOVE_LIMIT as u64);
    only_fills && longest < limit
}

/// Ludii's `Game.requiresAllPass`: whether a round in which every player
/// passed ends the game in a draw (`End.eval`). Ludii turns it off
/// (`GameType.NotAllPass`) in games with dice, in games whose rules test
/// `(all Passed)` themselves (Go ends with its own scoring, and a first
/// pass is not yet a round of passes there), and in one-player games with
/// a `(move Pass)` rule.
pub fn all_pass_draw(model: &GameModel) -> bool {
    let rules = format!("{:?} {:?}", model.phases, model.end);
    let one_player_passes = model.num_players == 1 && rules.contains("Pass {");
    model.dice.is_none() && !rules.contains("AllPassed") && !one_player_passes
}
