//! `(is Line ...)` over given components or players, `contiguous:False`,
//! and turn order after a win with three players (docs/ludii-semantics.md
//! §2 and §9.4). Inline descriptions: nothing outside the repository.

mod common;

use common::{inline as game, play_key as play};
use ludemic_compiler::interp::{Interpreter, Move, State};
use ludemic_runtime::{Game, MoveBuffer, Status};

/// Places component `what` on `site` by whichever rule offers it.
fn place(g: &Interpreter, state: &mut State, site: u16, what: u8) {
    let mut legal = MoveBuffer::new();
    g.legal_moves(state, &mut legal);
    let mv = legal
        .iter()
        .copied()
        .find(|m| matches!(m, Move::Add { site: s, what: w, .. } if *s == site && *w == what))
        .unwrap_or_else(|| panic!("no placement of {what} on {site}"));
    g.apply(state, mv);
}

fn mover(g: &Interpreter, state: &State) -> Option<u8> {
    match g.status(state) {
        Status::Ongoing { mover } => Some(mover),
        Status::Over(_) => None,
    }
}

/// Yavalade's rule on a 1x6 strip: three players, a line of 3 of P1's and
/// P2's stones wins for P2, whoever makes it.
const SHARED_LINES: &str = r#"(game "Shared" (players 3)
  (equipment { (board (rectangle 1 6)) (piece "Marker" Each) })
  (rules (play (move Add (to (sites Empty))))
    (end { (if (is Line 3 whats:{1 2}) (result P2 Win))
           (if (is Line 3 whats:{2 3}) (result P3 Win)) })))"#;

#[test]
fn a_line_of_given_components_mixes_them_and_a_winner_who_was_next_plays_once_more() {
    let g = game(SHARED_LINES);
    let mut s = g.initial_state();
    // P1 on 0, P2 on 1, P3 on 5, then P1 on 2: 1-2-1 is a line of {1 2}.
    for key in ["-1>0", "-1>1", "-1>5", "-1>2"] {
        play(&g, &mut s, key);
    }
    assert!(!s.is_active(2), "P2 won");
    // P2 was next when it won: it still places once, then P3 and P1 go on.
    assert_eq!(mover(&g, &s), Some(2));
    play(&g, &mut s, "-1>3");
    assert_eq!(mover(&g, &s), Some(3));
}

#[test]
fn a_line_of_a_player_s_pieces_and_a_non_contiguous_line() {
    let owner = game(
        r#"(game "Owner" (players 2)
      (equipment { (board (rectangle 1 5)) (piece "Disc" Each) (piece "Cross" P1) })
      (rules (play (or (move Add (to (sites Empty)))
                       (move Add (piece "Cross1") (to (sites Empty)))))
        (end (if (is Line 3 Mover) (result Mover Win)))))"#,
    );
    let mut s = owner.initial_state();
    // A disc, a cross and a disc of P1 on 0, 1 and 2 make a line of P1's
    // pieces (components: Disc1 1, Disc2 2, Cross1 3).
    for (site, what) in [(0, 1), (4, 2), (1, 3), (3, 2)] {
        place(&owner, &mut s, site, what);
        assert!(mover(&owner, &s).is_some());
    }
    place(&owner, &mut s, 2, 1);
    assert_eq!(mover(&owner, &s), None, "three of P1's pieces in a row");

    let gaps = game(
        r#"(game "Gaps" (players 2)
      (equipment { (board (rectangle 1 5)) (piece "Disc" Each) })
      (rules (play (move Add (to (sites Empty))))
        (end (if (is Line 3 contiguous:False) (result Mover Win)))))"#,
    );
    let mut s = gaps.initial_state();
    // P1 on 0, 2 and 4 with P2 between: three of P1's discs along the row.
    for key in ["-1>0", "-1>1", "-1>2", "-1>3"] {
        play(&gaps, &mut s, key);
        assert!(mover(&gaps, &s).is_some());
    }
    play(&gaps, &mut s, "-1>4");
    assert_eq!(mover(&gaps, &s), None, "gaps do not break the line");
}
