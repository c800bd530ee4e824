//! Rules that look ahead: `(do ... ifAfterwards:C)`, `(is Threatened ...)`,
//! `(forEach Piece Next)` inside `(can Move ...)`, promotions and
//! `(sites Mover "Name")` (docs/ludii-semantics.md §21). Inline descriptions.

mod common;

use common::{inline as game, play_key as play, sorted_keys as keys};
use ludemic_runtime::{Game, MoveBuffer, Status};

/// A king and a rook each on a 4x4 board (A1 = 0, B1 = 1, A2 = 4...): P1's
/// king may not step into the rook's lines; checkmate wins.
const KING_AND_ROOK: &str = r#"(game "KR" (players {(player N) (player S)})
  (equipment { (board (square 4))
    (piece "King" Each (move Step (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
    (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))))
    (regions "Promotion" P1 (sites Top)) (regions "Promotion" P2 (sites Bottom)) })
  (rules
    (start { (place "King1" coord:"A1") (place "King2" coord:"D4") (place "Rook2" coord:"B3") })
    (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover)))))
    (end { (if (and (is Threatened (id "King" Next))
                    (not (can Move (do (forEach Piece Next)
                                       ifAfterwards:(not (is Threatened (id "King" Next)))))))
               (result Mover Win))
           (if (no Moves Next) (result Mover Draw)) })))"#;

#[test]
fn a_king_may_not_step_into_a_threatened_square() {
    let g = game(KING_AND_ROOK);
    let s = g.initial_state();
    // B1 (1) and B2 (5) are on the rook's file: only A2 (4) is safe.
    assert_eq!(keys(&g, &s), ["0>4"]);
}

#[test]
fn moves_out_of_check_are_tested_after_they_are_made() {
    let g = game(KING_AND_ROOK);
    let mut s = g.initial_state();
    play(&g, &mut s, "0>4"); // K A2
    play(&g, &mut s, "9>8"); // R B3 -> A3: the king on A2 is in check
                             // A1 is on the rook's file once A2 is left; B3 is on its rank; B1, B2
                             // and the capture on A3 are safe.
    assert_eq!(keys(&g, &s), ["4>1", "4>5", "4>8"]);
    play(&g, &mut s, "4>8"); // K takes the rook
    assert!(matches!(g.status(&s), Status::Ongoing { .. }));
}

#[test]
fn a_threat_is_only_seen_through_the_enemy_s_own_rules() {
    // The same position with the rook's moves limited to one step: B1 is
    // then safe, B2 is next to B3 and still threatened.
    let g = game(&KING_AND_ROOK.replace("(move Slide Orthogonal", "(move Step Orthogonal"));
    let s = g.initial_state();
    assert_eq!(keys(&g, &s), ["0>1", "0>4"]);
}

#[test]
fn the_mated_side_loses_at_once() {
    // P1's king in the corner with a pawn; P2's rooks on B4 and C3.
    let g = game(
        &KING_AND_ROOK
            .replace(
                r#"(place "Rook2" coord:"B3")"#,
                r#"(place "Rook2" {"B4" "C3"}) (place "Pawn1" coord:"D2")"#,
            )
            .replace(
                r#"(piece "Rook" Each"#,
                r#"(piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))))
    (piece "Rook" Each"#,
            )
            .replace(r#"coord:"D4")"#, r#"coord:"D1")"#),
    );
    let mut s = g.initial_state();
    // The king's steps to B1 and B2 are on the B rook's file.
    assert_eq!(keys(&g, &s), ["0>4", "7>11"]);
    play(&g, &mut s, "7>11"); // pawn D2 -> D3
    play(&g, &mut s, "10>8"); // R C3 -> A3: A2 and A1 on the A file, B1 B2 on the B file
    match g.status(&s) {
        Status::Over(outcome) => assert_eq!(outcome.winner, 2),
        other => panic!("not mated: {other:?}"),
    }
}

#[test]
fn a_pawn_reaching_its_promotion_region_chooses_what_it_becomes() {
    let g = game(
        r#"(game "Promo" (players {(player N) (player S)})
      (equipment { (board (square 3))
        (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))
                             (then (if (is In (last To) (sites Mover "Promotion")) (moveAgain)))))
        (piece "Queen" Each) (piece "Knight" Each)
        (regions "Promotion" P1 (sites Top)) (regions "Promotion" P2 (sites Bottom)) })
      (rules (start { (place "Pawn1" coord:"A2") (place "Pawn2" coord:"C2") })
        (play (if (is Prev Mover)
                  (move Promote (last To) (piece {"Queen" "Knight"}) Mover)
                  (forEach Piece)))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "3>6"); // A2 -> A3, the top row
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 1 }));
    // Two promotions at A3, one per name, told apart by the component.
    assert_eq!(keys(&g, &s), ["-1>6", "-1>6"]);
    let mut legal = MoveBuffer::new();
    g.legal_moves(&s, &mut legal);
    g.apply(&mut s, legal[1]);
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 2 }));
    // A knight of P1's stands at A3 now (components: Pawn1 Pawn2 Queen1
    // Queen2 Knight1 Knight2).
    assert_eq!((s.what_at(6), s.owner_at(6)), (5, 1));
}

#[test]
fn pieces_captured_at_the_end_of_the_turn_stay_until_the_chain_ends() {
    // Square 5 (A1 = 0, B2 = 6, C3 = 12, D4 = 18, E5 = 24): P1's counter
    // jumps B2 then D4 in one turn; both leave only after the second jump.
    const HOP: &str = "(move Hop Diagonal
        (between if:(and (not (is In (between) (sites ToClear))) (is Enemy (who at:(between))))
                 (apply (remove (between) at:EndOfTurn)))
        (to if:(is Empty (to)))
        (then (if (can Move (hop (from (last To)) Diagonal
                   (between if:(and (not (is In (between) (sites ToClear))) (is Enemy (who at:(between)))))
                   (to if:(is Empty (to)))))
                  (moveAgain))))";
    let g = game(&format!(
        r#"(game "Chain" (players 2)
      (equipment {{ (board (square 5)) (piece "Counter" Each {HOP}) }})
      (rules (start {{ (place "Counter1" coord:"A1") (place "Counter2" {{"B2" "D4"}}) }})
        (play (if (is Prev Mover)
                  {from_last}
                  (forEach Piece)))
        (end (if (no Moves Next) (result Mover Win)))))"#,
        from_last = HOP.replacen(
            "(move Hop Diagonal",
            "(move Hop (from (last To)) Diagonal",
            1
        ),
    ));
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["0>12"]);
    play(&g, &mut s, "0>12");
    assert_eq!(s.mover(), 1, "the chain goes on");
    assert_ne!(s.what_at(6), 0, "the first piece jumped is still there");
    // Jumping back over B2 is not allowed: it is in (sites ToClear).
    assert_eq!(keys(&g, &s), ["12>24"]);
    play(&g, &mut s, "12>24");
    assert_eq!((s.what_at(6), s.what_at(18)), (0, 0));
    match g.status(&s) {
        Status::Over(outcome) => assert_eq!(outcome.winner, 1),
        other => panic!("P2 has no piece left: {other:?}"),
    }
}

#[test]
fn relative_directions_outside_piece_rules_turn_with_the_piece_on_from() {
    // After a step forward, the same player steps FR or FL from where it
    // landed: north-east/north-west for P1, south-west/south-east for P2.
    let g = game(
        r#"(game "Turns" (players {(player N) (player S)})
      (equipment { (board (square 5))
        (piece "Counter" Each (move Step Forward (to if:(is Empty (to))) (then (moveAgain)))) })
      (rules (start { (place "Counter1" coord:"C1") (place "Counter2" coord:"C5") })
        (play (if (is Prev Mover)
                  (move Step (from (last To)) (directions {FR FL}) (to if:(is Empty (to))))
                  (forEach Piece)))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "2>7"); // C1 -> C2
    assert_eq!(keys(&g, &s), ["7>11", "7>13"]);
    play(&g, &mut s, "7>13"); // C2 -> D3
    play(&g, &mut s, "22>17"); // C5 -> C4
                               // South-west B3 (11); south-east D3 (13) is taken.
    assert_eq!(keys(&g, &s), ["17>11"]);
}

#[test]
fn the_counter_starts_at_minus_one_and_grows_after_each_move_s_end_rules() {
    let text = r#"(game "Count" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (play (move Add (to (sites Empty)) THEN))
        (end (if (= (counter) 2) (result Mover Draw)))))"#;
    let g = game(&text.replace("THEN", ""));
    let mut s = g.initial_state();
    // The end rules see -1, 0, 1 after the first three moves, 2 after the fourth.
    for (n, key) in ["-1>0", "-1>1", "-1>2", "-1>3"].into_iter().enumerate() {
        assert!(matches!(g.status(&s), Status::Ongoing { .. }), "move {n}");
        play(&g, &mut s, key);
    }
    assert!(matches!(g.status(&s), Status::Over(_)));
    // `(set Counter)` puts it back to -1 within each move: never 2.
    let g = game(&text.replace("THEN", "(then (set Counter))"));
    let mut s = g.initial_state();
    for key in ["-1>0", "-1>1", "-1>2", "-1>3", "-1>4"] {
        play(&g, &mut s, key);
    }
    assert!(matches!(g.status(&s), Status::Ongoing { .. }));
}

#[test]
fn set_state_marks_the_site_a_condition_reads() {
    // P2's placements mark their site; a move ending on a marked site wins.
    let g = game(
        r#"(game "Marks" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (play (move Add (to (sites Empty))
                     (then (if (is Mover P2) (set State at:(last To) 1)))))
        (end (if (= (state at:(last To)) 1) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>0");
    assert!(matches!(g.status(&s), Status::Ongoing { .. }));
    assert_eq!(s.state_at(0), 0);
    play(&g, &mut s, "-1>1");
    assert_eq!(s.state_at(1), 1);
    match g.status(&s) {
        Status::Over(outcome) => assert_eq!(outcome.winner, 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_flying_king_jumps_from_afar_and_lands_anywhere_beyond() {
    // Square 5: the king on A1 (0) sees C3 (12) across the empty B2; it may
    // land on D4 (18) or E5 (24), and the piece jumped is taken.
    let g = game(
        r#"(game "Fly" (players 2)
      (equipment { (board (square 5))
        (piece "King" Each (move Hop Diagonal
          (between before:(count Rows) after:(count Rows) if:(is Enemy (who at:(between)))
                   (apply (remove (between))))
          (to if:(is Empty (to))))) })
      (rules (start { (place "King1" coord:"A1") (place "King2" coord:"C3") })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["0>18", "0>24"]);
    play(&g, &mut s, "0>24");
    assert_eq!(s.what_at(12), 0, "the king on C3 is taken");
}
