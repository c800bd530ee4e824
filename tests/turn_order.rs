//! Who moves next and passes with consequences (docs/ludii-semantics.md
//! §59): `(set NextPlayer ...)`, `(swap Players ...)`, `(move Pass (then
//! ...))` and `(move Swap Pieces ...)`, on inline games in the interpreter
//! (the compiled code is held to the same by Senet's lockstep and trials).

mod common;

use common::{play_key as play, sorted_keys as keys};

use ludemic_runtime::{Game, PositionView, Status};

/// A row of five: P1 on the left, P2 on the right. A piece steps right
/// (P1) or left (P2) onto an empty cell or swaps with an enemy; a pass
/// hands the turn to P1 (`set NextPlayer`), and P2's pass also swaps the
/// players.
const ROW: &str = r#"(game "Row" (players 2)
  (equipment {
    (board (rectangle 1 5))
    (piece "Disc" P1 (or
      (move Step E (to if:(is Empty (to))))
      (if (is Enemy (who at:(ahead (from) E)))
        (move Swap Pieces (from) (ahead (from) E)))))
    (piece "Disc" P2 (move Step W (to if:(is Empty (to)))))
  })
  (rules
    (start {(place "Disc1" 0) (place "Disc2" 4)})
    (play (or
      (forEach Piece)
      (move Pass
        (then (and
          (if (is Mover P2) (swap Players P1 P2))
          (set NextPlayer (player 1)))))))
    (end (if (is In (where "Disc" P1) (sites {4})) (result P1 Win)))))"#;

#[test]
fn a_pass_with_consequences_runs_them_and_sets_the_next_player() {
    let g = common::inline(ROW);
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["-1>-1/pass", "0>1"]);
    play(&g, &mut s, "0>1");
    play(&g, &mut s, "4>3");
    // P1 passes: `(set NextPlayer (player 1))` gives P1 the turn again.
    play(&g, &mut s, "-1>-1/pass");
    assert_eq!(g.status(&s), Status::Ongoing { mover: 1 });
    assert!(!g.order_changed(&s));
    play(&g, &mut s, "1>2");
    assert_eq!(g.status(&s), Status::Ongoing { mover: 2 });
}

#[test]
fn a_swap_of_players_keeps_the_roles_and_the_last_next_player_decides() {
    let g = common::inline(ROW);
    let mut s = g.initial_state();
    play(&g, &mut s, "0>1");
    // P2 passes: the players swap (which would give P2 another move),
    // then `(set NextPlayer (player 1))` hands the turn to P1.
    play(&g, &mut s, "-1>-1/pass");
    assert_eq!(g.status(&s), Status::Ongoing { mover: 1 });
    assert!(g.order_changed(&s));
    // Role 1 is now played by the agent who opened as role 2.
    assert_eq!(g.mover_agent(&s), 2);
    // The pieces stay their roles': P1's disc on 1 still steps right.
    assert_eq!(keys(&g, &s), ["-1>-1/pass", "1>2"]);
}

#[test]
fn a_swap_of_pieces_moves_one_and_puts_the_other_in_its_place() {
    let g = common::inline(ROW);
    let mut s = g.initial_state();
    for key in ["0>1", "4>3", "1>2"] {
        play(&g, &mut s, key);
    }
    // P2's disc on 3 is blocked by P1's on 2; P1's disc meets it.
    play(&g, &mut s, "-1>-1/pass");
    assert_eq!(keys(&g, &s), ["-1>-1/pass", "2>3"]);
    play(&g, &mut s, "2>3");
    assert_eq!((s.what_at(2), s.what_at(3)), (2, 1), "swapped");
    assert_eq!(g.status(&s), Status::Ongoing { mover: 2 });
}

#[test]
fn setting_the_next_player_needs_two_players() {
    let text = ROW.replace("(players 2)", "(players 3)").replace(
        "(is Mover P2) (swap Players P1 P2)",
        "(is Mover P2) (moveAgain)",
    );
    let error = common::inline_game(&text).expect_err("three players");
    assert!(
        error.contains("`(set NextPlayer ...)` in a game of other than two players"),
        "{error}"
    );
}
