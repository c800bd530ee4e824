//! Ludemes the library survey asked for next: phases owned by one player,
//! `(sites Around ...)`, `(what at:...)` against `(id "Name" Mover)`, and
//! fixed `(forEach REGION if:C)` regions in the start rules
//! (docs/ludii-semantics.md §8 and §20). Inline descriptions only.

mod common;

use common::{inline as game, play_key as play};
use ludemic_compiler::interp::{Interpreter, State};
use ludemic_runtime::{Game, MoveBuffer, Status};

fn keys(g: &Interpreter, state: &State) -> Vec<String> {
    let mut legal = MoveBuffer::new();
    g.legal_moves(state, &mut legal);
    let mut keys: Vec<String> = legal.iter().map(|&m| g.move_key(m).to_string()).collect();
    keys.sort_by_key(|k| {
        k.trim_start_matches("-1>")
            .parse::<u32>()
            .unwrap_or(u32::MAX)
    });
    keys
}

#[test]
fn each_player_starts_in_the_first_phase_they_own() {
    // P1 places in row 0 only, P2 anywhere: P2's first phase is "Free".
    let g = game(
        r#"(game "Owned" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules phases:{
        (phase "Opening" P1 (play (move Add (to (intersection (sites Empty) (sites Row 0))))))
        (phase "Free" (play (move Add (to (sites Empty))))) }
        (end (if (is Line 3) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["-1>0", "-1>1", "-1>2"]);
    play(&g, &mut s, "-1>0");
    assert_eq!(keys(&g, &s).len(), 8, "P2 places anywhere");
}

#[test]
fn sites_around_a_region_leave_out_the_region() {
    // Col's rule: never next to one's own pieces.
    let g = game(
        r#"(game "Apart" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (play (move Add (to (difference (sites Empty)
                                  (sites Around (sites Occupied by:Mover) Orthogonal)))))
        (end (if (no Moves Next) (result Next Loss)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>4");
    play(&g, &mut s, "-1>0");
    // P1 is on the centre: the four orthogonal neighbours are out.
    assert_eq!(keys(&g, &s), ["-1>2", "-1>6", "-1>8"]);
}

#[test]
fn what_at_a_site_compares_with_the_mover_s_component() {
    let g = game(
        r#"(game "Centre" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (play (move Add (to (sites Empty))))
        (end (if (= (what at:(centrePoint)) (id "Disc" Mover)) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>0");
    play(&g, &mut s, "-1>4");
    match g.status(&s) {
        Status::Over(outcome) => assert_eq!(outcome.winner, 2),
        Status::Ongoing { .. } => panic!("P2's disc is on the centre"),
    }
}

#[test]
fn start_rules_place_on_fixed_filtered_regions() {
    let g = game(
        r#"(game "Halves" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (start { (place "Disc1" (forEach (sites Board) if:(< (site) (centrePoint))))
                      (place "Disc2" (forEach (sites Board) if:(> (site) (centrePoint)))) })
        (play (move Add (to (sites Empty))))
        (end (if (is Line 3) (result Mover Win)))))"#,
    );
    let s = g.initial_state();
    let owners: Vec<u8> = (0..9).map(|site| s.owner_at(site)).collect();
    assert_eq!(owners, [1, 1, 1, 1, 0, 2, 2, 2, 2]);
}

#[test]
fn a_piece_without_an_owner_belongs_to_each_player_and_where_finds_the_mover_s() {
    // Ludii's `Piece` role defaults to Each: "Disc1" and "Disc2" exist; a
    // disc may only go next to where the mover's king stands.
    let g = game(
        r#"(game "Owners" (players 2)
      (equipment { (board (square 3)) (piece "Disc") (piece "King" Each) })
      (rules (start { (place "King1" coord:"A1") (place "King2" coord:"C3") })
        (play (move Add (to (sites Around (where "King" Mover)) if:(is Empty (to)))))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    let mut legal = ludemic_runtime::MoveBuffer::new();
    g.legal_moves(&s, &mut legal);
    let sites: Vec<String> = legal.iter().map(|&m| g.move_key(m).to_string()).collect();
    assert_eq!(sites.len(), 3, "around A1: {sites:?}");
    play(&g, &mut s, "-1>1");
    assert_eq!((s.what_at(1), s.owner_at(1)), (1, 1), "Disc1 is P1's");
    g.legal_moves(&s, &mut legal);
    assert_eq!(legal.len(), 3, "around C3 for P2");
}

#[test]
fn a_slide_with_an_exact_range_passes_sites_where_its_stop_rule_holds_short_of_the_range() {
    // Ludii's Slide ends at a site passing `to if:` only within the range:
    // the pawn's double step crosses the empty site one step away.
    let g = game(
        r#"(game "Double step" (players {(player N) (player S)})
      (equipment { (board (square 4))
        (piece "Pawn" Each (move Slide Forward (between (exact 2) if:(is Empty (between))) (to if:(is Empty (to))))) })
      (rules (start { (place "Pawn1" coord:"A1") (place "Pawn2" coord:"D4") })
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["0>8"]);
    play(&g, &mut s, "0>8");
    assert_eq!(
        keys(&g, &s),
        ["15>7"],
        "the second player's pawn goes two sites south"
    );
}

#[test]
fn sites_start_are_where_a_component_stood_after_the_start_rules() {
    // A disc may not step back onto a site where a disc of its kind began.
    let g = game(
        r#"(game "Homesick" (players 2)
      (equipment { (board (square 3))
        (piece "Disc" Each (move Step Orthogonal
          (to if:(and (is Empty (to)) (not (is In (to) (sites Start (piece (what at:(from)))))))))) })
      (rules (start { (place "Disc1" {0 2}) (place "Disc2" 8) })
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    let mut first = keys(&g, &s);
    first.sort();
    assert_eq!(first, ["0>1", "0>3", "2>1", "2>5"]);
    play(&g, &mut s, "0>1");
    play(&g, &mut s, "8>7");
    let after = keys(&g, &s);
    assert!(after.contains(&"1>4".to_string()), "{after:?}");
    assert!(
        !after.contains(&"1>0".to_string()),
        "0 is a start site of Disc1: {after:?}"
    );
}

#[test]
fn an_and_consequence_reading_what_an_earlier_part_sets_is_refused() {
    // Ludii evaluates both parts before applying either; the interpreter
    // would apply the first before reading: refused, with the place named.
    let err = common::inline_game(
        r#"(game "Twice" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (play (move Add (to (sites Empty))
          (then (and (set Value Mover (+ 1 (value Player Mover)))
                     (if (!= (value Player Mover) 1) (moveAgain))))))
        (end (if (is Line 3) (result Mover Win)))))"#,
    )
    .map(|_| ())
    .expect_err("refused");
    assert!(err.contains("reads what an earlier part sets"), "{err}");
    assert!(err.contains(":5:"), "points at the reading part: {err}");
}

#[test]
fn pending_values_last_until_the_next_move_and_ahead_turns_with_the_piece() {
    // En passant as Chess writes it: a double step leaves the site it
    // crossed pending, `(ahead (last To) Backward)` by the facing of the
    // pawn that moved (north for P2's south-facing pawn); the next move
    // clears it before its own consequences run.
    let g = game(
        r#"(game "Passing" (players {(player N) (player S)})
      (equipment { (board (square 4))
        (piece "Pawn" Each (or
          (move Slide Forward (between (exact 2) if:(is Empty (between))) (to if:(is Empty (to)))
            (then (set Pending (ahead (last To) Backward))))
          (move Step (directions {FR FL}) (to if:(and (is Pending) (= (to) (value Pending))))
            (then (remove (ahead (last To) Backward)))))) })
      (rules (start { (place "Pawn1" {"B2" "D1"}) (place "Pawn2" coord:"A4") })
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "3>11"); // D1-D3: D2 (7) pending, which no pawn of P2 reaches
    assert_eq!(keys(&g, &s), ["12>4"], "A4's pawn: only its double step");
    play(&g, &mut s, "12>4"); // A4-A2: A3 (8) pending, D2 no longer
    let mut p1 = keys(&g, &s);
    p1.sort();
    assert_eq!(
        p1,
        ["5>13", "5>8"],
        "B2's double step and its capture in passing"
    );
    play(&g, &mut s, "5>8"); // takes the pawn on A2, one step behind A3 for P1
    assert!(
        matches!(g.status(&s), Status::Over(_)),
        "P2 has no pawn left"
    );
}

#[test]
fn absurd_start_counts_are_refused_with_their_place() {
    // The fuzzer's mutant: two billion seeds a hole would be sown one by one.
    let err = common::inline_game(
        r#"(game "Heap" (players 2)
      (equipment { (board (square 3)) (piece "Seed" Shared) })
      (rules (start (set Count 2147483648 to:(sites Board)))
        (play (move Select (from (sites Board) if:(> (count at:(from)) 0)) (then (sow))))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    )
    .map(|_| ())
    .expect_err("refused");
    assert!(err.contains("too large") && err.contains(":3:"), "{err}");
}

#[test]
fn if_as_a_condition_tests_its_second_or_third_part() {
    // Ludii's boolean `If`: A where C holds, else B, else false.
    let g = game(
        r#"(game "Choosy" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (start (set Score Each 0))
        (play (move Add (to (sites Empty) if:(if (is Mover P1) (is In (to) (sites Row 0)) (is In (to) (sites Row 2))))))
        (end (if (is Line 3) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["-1>0", "-1>1", "-1>2"]);
    play(&g, &mut s, "-1>0");
    assert_eq!(keys(&g, &s), ["-1>6", "-1>7", "-1>8"]);
}

#[test]
fn a_start_score_other_than_zero_is_refused() {
    let err = common::inline_game(
        r#"(game "Head start" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules (start (set Score P1 1))
        (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"#,
    )
    .map(|_| ())
    .expect_err("refused");
    assert!(
        err.contains("start score other than 0") && err.contains(":3:"),
        "{err}"
    );
}

#[test]
fn a_track_through_a_site_off_the_board_is_refused_with_its_place() {
    // The fuzzer's mutant of Sat Gol: its track listed site 100 of 9.
    let err = common::inline_game(
        r#"(game "Lost" (players 2)
      (equipment { (board (square 3) {(track "Track" {0 1 100 2} loop:True)}) (piece "Disc" Each) })
      (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"#,
    )
    .map(|_| ())
    .expect_err("refused");
    assert!(
        err.contains("lists site 100") && err.contains(":2:"),
        "{err}"
    );
}

#[test]
fn a_start_placement_on_a_filled_site_leaves_the_piece_there() {
    // Ludii's ActionAdd on an occupied site changes nothing where the game
    // neither counts nor stacks (Shataranja places queens on two pawns).
    let text = |queen: &str| {
        format!(
            r#"(game "Overlap" (players 2)
      (equipment {{ (board (square 3)) (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))))
                    (piece "Queen" Each (move Step Diagonal (to if:(is Empty (to))))) }})
      (rules (start {{ (place "Pawn1" (sites Bottom)) {queen} }})
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"#
        )
    };
    let g = game(&text(r#"(place "Queen1" {"B1" "B2"})"#));
    let s = g.initial_state();
    assert_eq!(s.what_at(1), 1, "the pawn stays on B1");
    assert_eq!(s.what_at(4), 3, "the queen stands on the empty B2");
    // A state set on the filled site would change it: refused, with its place.
    let err =
        common::inline_game(&text(r#"(place "Queen1" {"B1"} state:1)"#)).expect_err("refused");
    assert!(err.contains("start placement on an occupied site"), "{err}");
}

#[test]
fn a_select_of_one_site_as_both_ends_is_keyed_as_a_placement() {
    // Ludii's key names no "from" when the decision's two sites are one
    // (Stratomic's bomb launched at its own site: `-1>1`).
    let g = game(
        r#"(game "Launch" (players 2)
      (equipment { (board (square 3)) (piece "Bomb" Each) })
      (rules (start (place "Bomb1" 1))
        (play (move Select (from (sites Occupied by:Mover)) (to (sites Around (from) includeSelf:True))
                 (then (remove (last From)))))
        (end (if (no Pieces Mover) (result Mover Loss)))))"#,
    );
    let s = g.initial_state();
    let keys = common::sorted_keys(&g, &s);
    assert!(keys.contains(&"-1>1".to_owned()), "{keys:?}");
    assert!(keys.contains(&"1>0".to_owned()), "{keys:?}");
    assert!(!keys.contains(&"1>1".to_owned()), "{keys:?}");
}

#[test]
fn for_each_piece_in_a_container_moves_the_mover_s_pieces_in_that_hand() {
    // The Royal Game of Ur's entry: pieces wait in hand, and
    // `(forEach Piece container:(mover))` moves them onto the board.
    let g = game(
        r#"(game "Enter" (players 2)
      (equipment { (board (square 3)) (hand Each)
        (piece "Disc" Each (move (from) (to (sites Empty)))) })
      (rules (start { (place "Disc1" (handSite P1) count:2) (place "Disc2" (handSite P2) count:2) })
        (play (or (forEach Piece) (forEach Piece container:(mover))))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    // P1's hand is site 9: its piece may go to any of the 9 empty sites.
    let entering: Vec<String> = (0..9).map(|t| format!("9>{t}")).collect();
    assert_eq!(keys(&g, &s), entering);
    play(&g, &mut s, "9>4");
    // P2 enters from its own hand (site 10), never from P1's.
    assert!(keys(&g, &s).iter().all(|k| k.starts_with("10>")));
    play(&g, &mut s, "10>0");
    // P1 now also moves the piece on the board.
    let k = keys(&g, &s);
    assert!(k.contains(&"9>1".to_owned()) && k.contains(&"4>1".to_owned()));
    assert!(k.iter().all(|k| k.starts_with("9>") || k.starts_with("4>")));
}

/// The winner once the game is over (0 for a draw), `None` while it goes on.
fn winner(g: &Interpreter, state: &State) -> Option<u8> {
    match g.status(state) {
        Status::Over(outcome) => Some(outcome.winner),
        Status::Ongoing { .. } => None,
    }
}

#[test]
fn remembered_values_are_kept_forgotten_and_read_as_sites() {
    // Sites 0 and 1 banned from the start; each placement bans the next
    // site, one on the centre lifts every ban; four bans win.
    let g = game(
        r#"(game "Memo" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules
        (start (set RememberValue "Banned" (sites {0 1})))
        (play (move Add (to (sites Empty) if:(not (is In (to) (sites (values Remembered "Banned")))))
          (then (if (= (last To) 4)
                    (forget Value "Banned" All)
                    (remember Value "Banned" (+ (last To) 1))))))
        (end (if (= 4 (size Array (values Remembered "Banned"))) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(
        keys(&g, &s),
        ["-1>2", "-1>3", "-1>4", "-1>5", "-1>6", "-1>7", "-1>8"]
    );
    play(&g, &mut s, "-1>2");
    assert_eq!(keys(&g, &s), ["-1>4", "-1>5", "-1>6", "-1>7", "-1>8"]);
    play(&g, &mut s, "-1>4");
    assert_eq!(keys(&g, &s).len(), 7, "the centre lifted every ban");
    play(&g, &mut s, "-1>0");
    assert_eq!(winner(&g, &s), None);
    play(&g, &mut s, "-1>5");
    play(&g, &mut s, "-1>7");
    assert_eq!(winner(&g, &s), None, "three values remembered");
    play(&g, &mut s, "-1>3");
    assert_eq!(
        winner(&g, &s),
        Some(2),
        "four values remembered: 1, 6, 8 and 4"
    );
}

#[test]
fn a_value_is_remembered_as_often_as_set_unless_unique_and_forgotten_once() {
    // The unnamed list starts with 7 twice (the third, unique, is skipped);
    // each move forgets one 7: the list is empty after two moves.
    let g = game(
        r#"(game "Twice" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules
        (start { (set RememberValue 7) (set RememberValue 7) (set RememberValue 7 unique:True) })
        (play (move Add (to (sites Empty)) (then (forget Value 7))))
        (end (if (= 0 (size Array (values Remembered))) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>0");
    assert_eq!(winner(&g, &s), None, "one 7 left");
    play(&g, &mut s, "-1>1");
    assert_eq!(winner(&g, &s), Some(2));
}

#[test]
fn a_nested_end_rule_takes_its_first_sub_rule_that_holds_else_its_own_result() {
    let g = game(
        r#"(game "Nested" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules
        (play (move Add (to (sites Empty))))
        (end (if (= 3 (count Moves))
                 { (if (is Occupied 0) (result P1 Win)) (if (is Occupied 1) (result P2 Win)) }
                 (result All Draw)))))"#,
    );
    for (moves, expected) in [
        (["-1>1", "-1>0", "-1>2"], 1), // both subs hold: the first decides
        (["-1>1", "-1>2", "-1>3"], 2),
        (["-1>2", "-1>3", "-1>4"], 0), // no sub holds: the outer result
    ] {
        let mut s = g.initial_state();
        play(&g, &mut s, moves[0]);
        play(&g, &mut s, moves[1]);
        assert_eq!(winner(&g, &s), None);
        play(&g, &mut s, moves[2]);
        assert_eq!(winner(&g, &s), Some(expected), "{moves:?}");
    }
}

#[test]
fn min_and_max_of_two_values() {
    // Sites below max(3, min(5, 2 × moves played)) are open: 3, 3, 4, 5, 5.
    let g = game(
        r#"(game "Bounds" (players 2)
      (equipment { (board (square 4)) (piece "Disc" Each) })
      (rules
        (play (move Add (to (sites Empty) if:(< (to) (max 3 (min 5 (* 2 (count Moves))))))))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["-1>0", "-1>1", "-1>2"]);
    play(&g, &mut s, "-1>0");
    assert_eq!(keys(&g, &s), ["-1>1", "-1>2"]);
    play(&g, &mut s, "-1>1");
    assert_eq!(keys(&g, &s), ["-1>2", "-1>3"]);
    play(&g, &mut s, "-1>2");
    assert_eq!(keys(&g, &s), ["-1>3", "-1>4"]);
    play(&g, &mut s, "-1>3");
    assert_eq!(keys(&g, &s), ["-1>4"], "min caps the bound at 5");
}

#[test]
fn the_board_is_full_when_no_site_is_empty() {
    let g = game(
        r#"(game "Filled" (players 2)
      (equipment { (board (square 2)) (piece "Disc" Each) })
      (rules
        (play (move Add (to (sites Empty))))
        (end (if (is Full) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    for key in ["-1>0", "-1>1", "-1>2"] {
        play(&g, &mut s, key);
        assert_eq!(winner(&g, &s), None, "{key}");
    }
    play(&g, &mut s, "-1>3");
    assert_eq!(winner(&g, &s), Some(2));
}

#[test]
fn do_next_generates_after_its_prior_and_makes_the_prior_with_each_move() {
    // Each turn first adds 1 to the mover's score; the placements are
    // generated where that already happened (up to the score's site).
    let g = game(
        r#"(game "Prior" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules
        (play (do (addScore Mover 1)
                next:(move Add (to (sites Empty) if:(<= (to) (score Mover))))))
        (end (if (= (score Mover) 2) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["-1>0", "-1>1"]);
    play(&g, &mut s, "-1>1");
    assert_eq!(keys(&g, &s), ["-1>0"], "P2's score is 1 when it places");
    play(&g, &mut s, "-1>0");
    assert_eq!(winner(&g, &s), None, "each prior made once");
    assert_eq!(keys(&g, &s), ["-1>2"]);
    play(&g, &mut s, "-1>2");
    assert_eq!(winner(&g, &s), Some(1));
}

#[test]
fn a_do_consequence_is_made_only_where_its_next_part_yields_a_move() {
    // Outside the centre each placement scores 2; on the centre the next
    // part yields nothing, and the prior's point is dropped with it.
    let g = game(
        r#"(game "Dropped" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules
        (play (move Add (to (sites Empty))
          (then (do (addScore Mover 1) next:(if (!= (last To) 4) (addScore Mover 1))))))
        (end (if (= (score Mover) 3) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>1");
    play(&g, &mut s, "-1>4");
    play(&g, &mut s, "-1>2");
    play(&g, &mut s, "-1>0");
    assert_eq!(winner(&g, &s), None, "P2 scored 0 then 2, never 3");
}

#[test]
fn count_steps_uses_the_game_s_one_relation() {
    // From the top-right corner to the bottom-left one: 2 adjacent steps,
    // 4 orthogonal ones. Ludii keeps one distance table per game, of the
    // first relation in the order Adjacent, All, OffDiagonal, Diagonal,
    // Orthogonal that some `(count Steps ...)` names.
    let end = |conditions: &str| {
        game(&format!(
            r#"(game "Far" (players 2)
      (equipment {{ (board (square 3)) (piece "Disc" Each) }})
      (rules (play (move Add (to (sites Empty))))
        (end {{ {conditions} }})))"#
        ))
    };
    let reaches = |g: &Interpreter| {
        let mut s = g.initial_state();
        play(g, &mut s, "-1>4");
        assert_eq!(
            winner(g, &s),
            None,
            "the centre is one step from the corner"
        );
        play(g, &mut s, "-1>8");
        winner(g, &s)
    };
    let orthogonal =
        end("(if (= 4 (count Steps Orthogonal (last To) (sites {0}))) (result Mover Win))");
    assert_eq!(reaches(&orthogonal), Some(2));
    let both = end(
        "(if (= 4 (count Steps Orthogonal (last To) (sites {0}))) (result Mover Win))
         (if (= 0 (count Steps (last To) (sites Empty))) (result Mover Loss))",
    );
    assert_eq!(reaches(&both), None, "Adjacent's table: 2 steps, not 4");
}

#[test]
fn sites_from_and_to_are_the_ends_of_generated_moves() {
    // Only the disc on 0 can step north (6's step leaves the board).
    let g = game(
        r#"(game "Ends" (players 2)
      (equipment { (board (square 3))
                   (piece "Disc" Each (move Step N (to if:(is Empty (to))))) })
      (rules (start (place "Disc1" (sites {0 6})))
        (play (or (move Remove (sites From (forEach Piece)))
                  (move Add (to (sites To (forEach Piece))))))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let s = g.initial_state();
    assert_eq!(keys(&g, &s), ["-1>0", "-1>3"]);
}

#[test]
fn the_first_track_site_and_a_track_stretch_go_round_from_a_site() {
    // The track visits 0 1 2 5 4 3 6 7 8. Each placement goes to the first
    // empty site after the last one along it; the game is won once the
    // stretch from 2 to the last placement holds three discs.
    let g = game(
        r#"(game "Round" (players 2)
      (equipment { (board (square 3) {(track "T" {0 1 2 5 4 3 6 7 8} loop:True)})
                   (piece "Disc" Each) })
      (rules
        (play (move Add (to (sites {(trackSite FirstSite from:(if (= 0 (count Moves)) 2 (last To))
                                       if:(is Empty (to)))}))))
        (end (if (= 3 (count Pieces All in:(sites Track from:2 to:(last To))))
                 (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), ["-1>2"]);
    play(&g, &mut s, "-1>2");
    assert_eq!(keys(&g, &s), ["-1>5"]);
    play(&g, &mut s, "-1>5");
    assert_eq!(winner(&g, &s), None);
    play(&g, &mut s, "-1>4");
    assert_eq!(
        winner(&g, &s),
        Some(1),
        "2, 5 and 4 are the stretch from 2 to 4"
    );
}

#[test]
fn a_custom_stack_is_placed_from_its_first_item_up() {
    let g = game(
        r#"(game "Tower" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each maxState:7) })
      (rules
        (start (place Stack items:{"Disc2" "Disc1"} 4))
        (play (move Add (to (sites Empty))))
        (end (if (= (who at:4) P1) (result P1 Win)))))"#,
    );
    let s = g.initial_state();
    assert_eq!(winner(&g, &s), None, "the game is not over before a move");
    let mut s = s;
    play(&g, &mut s, "-1>0");
    assert_eq!(winner(&g, &s), Some(1), "P1's disc is on top");
}

#[test]
fn moves_this_turn_count_the_mover_s_earlier_moves_in_the_turn() {
    // Two placements a turn: the first moves again, the second does not.
    let g = game(
        r#"(game "Pairs" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules
        (play (move Add (to (sites Empty))
          (then (if (< (count MovesThisTurn) 1) (moveAgain)))))
        (end (if (= 3 (count Pieces Mover)) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    for key in ["-1>0", "-1>1", "-1>2", "-1>3"] {
        play(&g, &mut s, key);
        assert_eq!(winner(&g, &s), None, "after {key}");
    }
    play(&g, &mut s, "-1>4");
    assert_eq!(
        winner(&g, &s),
        Some(1),
        "P1's third disc, in its second turn"
    );
}

#[test]
fn an_if_s_then_is_its_consequence_and_a_variable_names_a_site() {
    // A placement remembers its site in the variable; the next player must
    // take that disc off. The `if`'s own `(then ...)` follows both branches:
    // P2 scores by the removal.
    let g = game(
        r#"(game "Undo" (players 2)
      (equipment { (board (square 3)) (piece "Disc" Each) })
      (rules
        (play (if (= (var) -1)
                (move Add (to (sites Empty)) (then (set Var (last To))))
                (move Remove (var) (then (set Var -1)))
                (then (addScore Mover 1))))
        (end (if (= (score P2) 1) (result P2 Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>4");
    assert_eq!(
        keys(&g, &s),
        ["-1>4"],
        "P2 removes the disc on the variable's site"
    );
    assert_eq!(winner(&g, &s), None);
    play(&g, &mut s, "-1>4");
    assert_eq!(winner(&g, &s), Some(2));
}

#[test]
fn a_slide_between_max_goes_at_most_that_far() {
    // `(between (max 2))`: a slide of one or two sites (Ludii's `Max` range,
    // its minimum undefined).
    let g = game(
        r#"(game "Short" (players 2)
      (equipment { (board (square 5))
                   (piece "Rook" Each (move Slide N (between (max 2)))) })
      (rules (start { (place "Rook1" 0) (place "Rook2" 4) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let s = g.initial_state();
    assert_eq!(keys(&g, &s), ["0>5", "0>10"]);
}

#[test]
fn two_parts_of_an_and_sending_pieces_to_the_first_empty_site_send_them_to_one_site() {
    // Ludii evaluates both destinations before either piece moves: both
    // go to 2 (the second replacing the first), and 0 is left empty.
    let g = game(
        r#"(game "Refill" (players 2)
      (equipment { (board (square 3) {(track "T" {0 1 2 3 4 5 6 7 8} loop:True)})
                   (piece "Disc" Each) })
      (rules (start (place "Disc1" (sites {0 1})))
        (play (move Pass
          (then (and
            (fromTo (from 0) (to (trackSite FirstSite if:(is Empty (to)))))
            (fromTo (from 1) (to (trackSite FirstSite if:(is Empty (to)))))))))
        (end (if (and (is Empty 0) (is Empty 1)) (result P1 Win)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>-1/pass");
    assert_eq!(winner(&g, &s), Some(1));
}
