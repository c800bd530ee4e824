//! Hands (`(hand Each)`): containers numbered after the board, holding
//! counts of pieces that moves take one at a time (docs/ludii-semantics.md
//! §18). Inline descriptions, so these tests need nothing outside the
//! repository.

mod common;

use common::{play_key as play, sorted_keys as keys};

use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::{Game, Status};

fn game(text: &str) -> Interpreter {
    common::inline_game(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Three Men's Morris as Ludii's library writes it: three markers in each
/// hand, placed on the vertices of a 3x3 board, then moved.
const MORRIS: &str = r#"(game "Three Men's Morris" (players 2)
  (equipment { (board (square 3 diagonals:Alternating) use:Vertex) (hand Each)
    (piece "Marker" Each (move Step (to if:(is Empty (to))))) })
  (rules (start (place "Marker" "Hand" count:3))
    phases:{
      (phase "Placement" (play (move (from (handSite Mover)) (to (sites Empty))))
        (nextPhase (all Sites (sites Hand P2) if:(= 0 (count Cell at:(site)))) "Movement"))
      (phase "Movement" (play (forEach Piece))) }
    (end (if (is Line 3) (result Mover Win)))))"#;

#[test]
fn hand_sites_follow_the_board_and_are_cells_in_keys() {
    let g = game(MORRIS);
    let s = g.initial_state();
    // Nine vertices, then P1's hand (site 9) and P2's (site 10).
    assert_eq!(s.count_at(9), 3);
    assert_eq!(s.count_at(10), 3);
    assert_eq!(s.what_at(9), 1);
    assert_eq!(s.what_at(10), 2);
    let expected: Vec<String> = (0..9).map(|v| format!("c:9>{v}")).collect();
    assert_eq!(keys(&g, &s), expected);
}

#[test]
fn a_move_from_hand_takes_one_piece_and_the_last_empties_the_site() {
    let g = game(MORRIS);
    let mut s = g.initial_state();
    play(&g, &mut s, "c:9>4");
    assert_eq!(s.count_at(9), 2);
    assert_eq!((s.what_at(4), s.owner_at(4), s.count_at(4)), (1, 1, 1));
    assert!(keys(&g, &s).iter().all(|k| k.starts_with("c:10>")));
    for key in ["c:10>0", "c:9>2", "c:10>6", "c:9>5", "c:10>8"] {
        play(&g, &mut s, key);
    }
    assert_eq!((s.what_at(9), s.count_at(9)), (0, 0));
    assert_eq!((s.what_at(10), s.count_at(10)), (0, 0));
    // Both hands empty: the Movement phase, where pieces step on the board.
    let moves = keys(&g, &s);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|k| !k.starts_with("c:")), "{moves:?}");
}

/// Do Guti's rule: each player leaves the placement phase when their own
/// hand is empty (`(nextPhase Mover ...)`).
const OWN_PHASES: &str = r#"(game "Own Phases" (players 2)
  (equipment { (board (square 3) use:Vertex) (hand Each)
    (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to))))) })
  (rules (start { (place "Disc1" (handSite P1) count:2) (place "Disc2" (handSite P2) count:3) })
    phases:{
      (phase "Placement" (play (move (from (handSite Mover)) (to (sites Empty))))
        (nextPhase Mover (all Sites (sites Hand Mover) if:(= 0 (count Cell at:(site)))) "Movement"))
      (phase "Movement" (play (forEach Piece))) }
    (end (if (no Moves Next) (result Next Loss)))))"#;

#[test]
fn next_phase_of_the_mover_changes_only_the_mover_s_phase() {
    let g = game(OWN_PHASES);
    let mut s = g.initial_state();
    assert_eq!((s.count_at(9), s.count_at(10)), (2, 3));
    for key in ["c:9>0", "c:10>8", "c:9>2"] {
        play(&g, &mut s, key);
    }
    // P1's hand is empty: P1 moves on the board from now on, while P2
    // still places.
    assert!(keys(&g, &s).iter().all(|k| k.starts_with("c:10>")));
    play(&g, &mut s, "c:10>6");
    let p1 = keys(&g, &s);
    assert!(p1.iter().all(|k| !k.starts_with("c:")), "{p1:?}");
    assert!(p1.contains(&"0>1".to_owned()), "{p1:?}");
    play(&g, &mut s, "0>1");
    assert_eq!(keys(&g, &s).first().map(String::as_str), Some("c:10>0"));
}

#[test]
fn count_pieces_counts_the_pieces_in_hand() {
    let text = r#"(game "Counted" (players 2)
      (equipment { (board (square 3)) (hand Each) (piece "Disc" Each) })
      (rules (start (place "Disc" "Hand" count:4))
        (play (move (from (handSite Mover)) (to (sites Empty))))
        (end (if (= (count Pieces Mover) 4) (result Mover Win)))))"#;
    let g = game(text);
    let mut s = g.initial_state();
    // One piece on the board and three in hand: still four.
    play(&g, &mut s, "9>0");
    assert_eq!(s.count_at(9), 3);
    match g.status(&s) {
        Status::Over(outcome) => assert_eq!(outcome.winner, 1),
        Status::Ongoing { .. } => panic!("the hand's pieces were not counted"),
    }
}

#[test]
fn hands_without_equipment_and_numbered_pieces_are_errors() {
    let no_hand = r#"(game "No Hand" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (play (move (from (handSite Mover)) (to (sites Empty))))
        (end (if (no Moves Next) (result Mover Win)))))"#;
    let e = common::inline_game(no_hand).expect_err("no hand to take from");
    assert!(e.contains("the equipment has no hand"), "{e}");
    let numbered = r#"(game "Numbered" (players 2)
      (equipment { (board (square 3)) (hand Each) (piece "Disc" Each) })
      (rules (start (place "Disc1" "Hand"))
        (play (move (from (handSite Mover)) (to (sites Empty))))
        (end (if (no Moves Next) (result Mover Win)))))"#;
    let e = common::inline_game(numbered).expect_err("Ludii has no such placement");
    assert!(e.contains("container of `(place ...)`"), "{e}");
}

/// A mill gives the mover a removal: `(moveAgain)`, then `(is Prev Mover)`
/// selects `(move Remove ...)` in the same turn.
const MILL: &str = r#"(game "Mill" (players 2)
  (equipment { (board (square 3) use:Vertex) (hand Each) (piece "Marker" Each) })
  (rules (start (place "Marker" "Hand" count:3))
    (play (if (is Prev Mover)
      (move Remove (sites Occupied by:Next container:"Board"))
      (move (from (handSite Mover)) (to (sites Empty))
        (then (if (is Line 3) (moveAgain))))))
    (end (if (no Moves Next) (result Mover Win)))))"#;

#[test]
fn a_mill_gives_a_removal_of_the_next_player_s_pieces_in_the_same_turn() {
    let g = game(MILL);
    let mut s = g.initial_state();
    for key in ["c:9>0", "c:10>3", "c:9>1", "c:10>4", "c:9>2"] {
        play(&g, &mut s, key);
    }
    // P1's hand is empty, but the removal is a move: `(no Moves Next)`
    // computes the mover's moves with the mover as the previous player.
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 1 }));
    // During the continued turn `Next` is the opponent again.
    assert_eq!(keys(&g, &s), ["-1>3", "-1>4"]);
    play(&g, &mut s, "-1>4");
    assert_eq!((s.what_at(4), s.count_at(4)), (0, 0));
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 2 }));
    assert!(keys(&g, &s).iter().all(|k| k.starts_with("c:10>")));
}
