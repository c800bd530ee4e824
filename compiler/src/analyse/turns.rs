//! What a turn is: whether every turn is one move (so the all-pass rule
//! can count trailing passes), and whether Ludii's turn and move limits
//! can be reached at all.

use crate::ir::GameModel;
use crate::semantics::{turn_limit, MOVE_LIMIT};

use super::{stacks, Features};

/// Whether every turn is one move: no consequence makes a player move
/// again, no swap. "The last n turns were passes" is then "the last n moves
/// were passes, or all of them if fewer": a counter of trailing passes
/// suffices.
pub fn single_move_turns(model: &GameModel, features: &Features) -> bool {
    !model.swap && !features.move_again
}

/// Whether the game provably ends before Ludii's turn and move limits:
/// when every move adds a piece that stays (or passes, or swaps), a game
/// lasts at most (pieces + 1) * (players + 1) moves, `pieces` being the
/// most the board holds, since a pass by every player in a row ends it.
/// `only_fills`: from `fills::only_fills`.
pub fn limits_unreachable(model: &GameModel, only_fills: bool) -> bool {
    let Some(pieces) = most_pieces(model, only_fills) else {
        return false;
    };
    let players = model.num_players as u64;
    let longest = (pieces + 1) * (players + 1);
    let limit = (turn_limit(model.num_players) as u64).min(MOVE_LIMIT as u64);
    longest < limit
}

/// The most pieces the board holds where every move adds one that is
/// never moved or removed: one per site where each fills an empty site,
/// the rules' bound per stack where each goes on top of a stack (Connect
/// Four's columns).
fn most_pieces(model: &GameModel, only_fills: bool) -> Option<u64> {
    let sites = model.board.num_sites() as u64;
    if only_fills {
        return Some(sites);
    }
    let mut adds = Vec::new();
    for phase in &model.phases {
        if !stacks::only_adds(&phase.play) {
            return None;
        }
        phase.play.placements(&mut adds);
    }
    let on_board = adds.iter().all(|a| a.site_type == model.board.site_type);
    let capacity = stacks::capacity(model).ok()? as u64;
    (model.stacking && on_board).then_some(sites * capacity)
}

#[cfg(test)]
mod tests {

    use super::super::fills;
    use super::*;

    fn unreachable_limits(text: &str) -> bool {
        let loaded = crate::load_inline(text).expect("a game");
        let model = &loaded.model;
        limits_unreachable(model, fills::only_fills(model))
    }

    /// A two-player game on `board` playing `play`, ending at a line.
    fn game(board: &str, play: &str) -> String {
        let by_level = if play.contains("stack:True") {
            " byLevel:True"
        } else {
            ""
        };
        format!(
            r#"(game "G" (players 2)
            (equipment {{ {board} (piece "Disc" Each) }})
            (rules (play {play}) (end (if (is Line 4{by_level}) (result Mover Win)))))"#
        )
    }

    #[test]
    fn placements_that_stay_bound_the_game_below_the_limits() {
        let fill = "(move Add (to (sites Empty)))";
        assert!(unreachable_limits(&game("(board (square 3))", fill)));
        // Connect Four's columns: 7 stacks of at most 6 discs.
        let drop =
            r#"(move Add (to (forEach (sites Board) if:(< (size Stack at:(site)) 6))) stack:True)"#;
        assert!(unreachable_limits(&game("(board (rectangle 1 7))", drop)));
        // Stacks as high as a 500-site board allows may reach them.
        let tall = r#"(move Add (to (forEach (sites Board) if:(< (size Stack at:(site)) 500))) stack:True)"#;
        assert!(!unreachable_limits(&game("(board (rectangle 1 7))", tall)));
    }

    #[test]
    fn moving_pieces_may_reach_the_limits() {
        let step = r#"(forEach Piece)"#;
        let board = r#"(board (square 3))"#;
        let text = format!(
            r#"(game "G" (players 2)
            (equipment {{ {board} (piece "Disc" Each (move Step (to if:(is Empty (to))))) }})
            (rules (start {{ (place "Disc1" 0) (place "Disc2" 8) }}) (play {step})
            (end (if (no Moves Next) (result Mover Win)))))"#
        );
        assert!(!unreachable_limits(&text));
    }
}
