//! The custodial and leaping families: `(is Line ... if:C)`,
//! `(surround ...)`, `(custodial ... (between (max N) ...))`, `(then (or A
//! B))`, `(sites "Name")`, `(is Within (id "Name") in:R)`, a hop's landing
//! effect reading `(between)` and `SameDirection` hops
//! (docs/ludii-semantics.md §36–§40). Inline descriptions on hand-made
//! positions only.

mod common;

use common::{inline as game, play_key as play, sorted_keys as keys};
use ludemic_runtime::{Game, Status};

/// A 3x3 board (cells 0 1 2 on the bottom row, 6 7 8 on the top) where the
/// discs step orthogonally to empty cells with the consequence `THEN`, from
/// the placements `START`, with the end rules `END`.
fn stepping(then: &str, start: &str, end: &str) -> ludemic_compiler::interp::Interpreter {
    game(&format!(
        r#"(game "Families" (players 2)
      (equipment {{ (board (square 3))
        (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to))) {then})) }})
      (rules (start {{ {start} }}) (play (forEach Piece)) (end {{ {end} }})))"#
    ))
}

#[test]
fn surround_takes_a_neighbour_whose_neighbours_are_friends_or_the_start() {
    // P1 steps 6>3: the enemy on 0 has neighbours 1 (a friend) and 3 (the
    // start), so it is surrounded and removed.
    let g = stepping(
        "(then (surround (from (last To)) Orthogonal))",
        r#"(place "Disc1" (sites {1 6})) (place "Disc2" (sites {0 8}))"#,
        "(if (no Moves Next) (result Next Loss))",
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "6>3");
    assert_eq!(s.what_at(0), 0, "the surrounded disc leaves");
    assert_eq!(s.what_at(8), 2, "the far disc stays");
}

#[test]
fn surround_except_lets_that_many_neighbours_fail() {
    // The enemy on 4 has four neighbours: 1 (the start after 0>1) and 3
    // are P1's, 5 and 7 are empty. `except:1` is one short, `except:2`
    // takes it.
    for (except, taken) in [(1, false), (2, true)] {
        let g = stepping(
            &format!("(then (surround (from (last To)) Orthogonal except:{except}))"),
            r#"(place "Disc1" (sites {0 3})) (place "Disc2" (sites {4 8}))"#,
            "(if (no Moves Next) (result Next Loss))",
        );
        let mut s = g.initial_state();
        play(&g, &mut s, "0>1");
        assert_eq!(s.what_at(4) == 0, taken, "except:{except}");
    }
}

#[test]
fn custodial_with_a_maximum_takes_single_pieces_only() {
    // A row of five: P1 steps 0>1 next to an enemy on 2. With nothing on 3
    // the enemy is not closed in; with a second enemy on 3 the run of two
    // exceeds `(max 1)` (Ludii's short sandwich), so neither is taken.
    let g = game(
        r#"(game "Flank" (players 2)
      (equipment { (board (rectangle 1 5)) (piece "Disc" Each (move Step (to if:(is Empty (to)))
          (then (custodial (from (last To)) (between (max 1) if:(is Enemy (who at:(between)))
                 (apply (remove (between)))) (to if:(is Friend (who at:(to)))))))) })
      (rules (start { (place "Disc1" (sites {0 4})) (place "Disc2" (sites {2})) })
        (play (forEach Piece)) (end (if (no Moves Next) (result Next Loss)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "0>1");
    assert_eq!(s.what_at(2), 2, "1 2 _ 4: the enemy on 2 is not closed in");
    let g2 = game(
        r#"(game "Flank" (players 2)
      (equipment { (board (rectangle 1 5)) (piece "Disc" Each (move Step (to if:(is Empty (to)))
          (then (custodial (from (last To)) (between (max 1) if:(is Enemy (who at:(between)))
                 (apply (remove (between)))) (to if:(is Friend (who at:(to)))))))) })
      (rules (start { (place "Disc1" (sites {0 4})) (place "Disc2" (sites {2 3})) })
        (play (forEach Piece)) (end (if (no Moves Next) (result Next Loss)))))"#,
    );
    let mut s = g2.initial_state();
    play(&g2, &mut s, "0>1");
    assert_eq!(
        (s.what_at(2), s.what_at(3)),
        (2, 2),
        "two enemies in a row exceed (max 1)"
    );
}

#[test]
fn or_as_a_consequence_runs_both_parts() {
    // Both parts find their targets on the same position: the surround
    // takes the corner, the custodial the flanked disc.
    let g = stepping(
        "(then (or (surround (from (last To)) Orthogonal) \
           (custodial (from (last To)) Orthogonal (between (max 1)))))",
        r#"(place "Disc1" (sites {1 6 5})) (place "Disc2" (sites {0 4}))"#,
        "(if (no Moves Next) (result Next Loss))",
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "6>3");
    assert_eq!((s.what_at(0), s.what_at(4)), (0, 0), "both taken");
}

#[test]
fn line_with_a_condition_counts_only_sites_where_it_holds() {
    // Three in a row wins, but not on the bottom row.
    let g = game(
        r#"(game "Lines" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (play (move Add (to (sites Empty))))
        (end (if (is Line 3 Orthogonal if:(not (is In (to) (sites Bottom)))) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    for key in ["-1>0", "-1>3", "-1>1", "-1>4", "-1>2"] {
        play(&g, &mut s, key);
    }
    assert!(
        matches!(g.status(&s), Status::Ongoing { .. }),
        "the bottom row does not count"
    );
    play(&g, &mut s, "-1>5");
    match g.status(&s) {
        Status::Over(o) => assert_eq!(o.winner, 2, "the middle row counts"),
        Status::Ongoing { .. } => panic!("P2's middle row is a line"),
    }
}

#[test]
fn named_region_without_owner_and_is_within_a_named_piece() {
    // `(sites "Goal")` is every region called "Goal"; the game ends when
    // the piece called "King1" stands on one of them.
    let g = game(
        r#"(game "Reach" (players 2)
      (equipment { (board (square 3)) (piece "King" P1 (move Step (to if:(is Empty (to)))))
        (piece "Disc" P2 (move Step (to if:(is Empty (to)))))
        (regions "Goal" (sites {8})) (regions "Goal" P2 (sites {2})) })
      (rules (start { (place "King1" 4) (place "Disc2" 0) })
        (play (forEach Piece))
        (end (if (is Within (id "King1") in:(sites "Goal")) (result P1 Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "4>5");
    play(&g, &mut s, "0>3");
    assert!(matches!(g.status(&s), Status::Ongoing { .. }));
    play(&g, &mut s, "5>2");
    assert!(matches!(g.status(&s), Status::Over(_)), "2 is a Goal too");
}

#[test]
fn a_hop_s_landing_effect_reads_the_jumped_site() {
    // `(to ... (apply (remove (between))))`: the landing effect removes the
    // piece jumped over.
    let g = game(
        r#"(game "Jump" (players 2)
      (equipment { (board (rectangle 1 5)) (piece "Disc" Each
          (move Hop (between if:(is Enemy (who at:(between))))
                    (to if:(is Empty (to)) (apply (remove (between)))))) })
      (rules (start { (place "Disc1" 0) (place "Disc2" 1) (place "Disc2" 4) })
        (play (forEach Piece)) (end (if (no Moves Next) (result Next Loss)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "0>2");
    assert_eq!((s.what_at(1), s.what_at(2)), (0, 1));
}

#[test]
fn same_direction_hops_keep_the_heading_of_the_last_move() {
    // Konane's chain: after 0>2 over 1, the next hop from 2 must go on east
    // (over 3 to 4), not north (over 7 to 12).
    let g = game(
        r#"(game "Chain" (players 2)
      (equipment { (board (square 5)) (piece "Disc" Each) })
      (rules (start { (place "Disc1" 0) (place "Disc2" (sites {1 3 7 24})) })
        (play (if (is Prev Mover)
          (or (move Hop (from (last To)) SameDirection
                 (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                 (to if:(is Empty (to))) (then (moveAgain)))
              (move Pass))
          (forEach Piece (move Hop Orthogonal
                 (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                 (to if:(is Empty (to))) (then (moveAgain))))))
        (end (if (no Moves Next) (result Next Loss)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["0>2"]);
    play(&g, &mut s, "0>2");
    assert_eq!(keys(&g, &s), ["-1>-1/pass", "2>4"], "east only");
}

#[test]
fn to_in_a_piece_move_s_consequence_is_no_site() {
    // Ludii's context `to` is Off when `then` runs (§40): the test below is
    // false, so the mover does not move again.
    let g = stepping(
        "(then (if (is In (to) (sites Board)) (moveAgain)))",
        r#"(place "Disc1" 0) (place "Disc2" 8)"#,
        "(if (no Moves Next) (result Next Loss))",
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "0>1");
    assert_eq!(s.mover(), 2, "no second move");
}
