//! Surakarta: `(surakartaBoard ...)`'s loop tracks, captures by
//! `(move Slide "AllTracks" ...)` along them, and the proposals and votes
//! that end a game without captures (docs/ludii-semantics.md §51). Rule
//! tests on hand-made positions, then Ludii's trials and statistics.
//!
//! The 6x6 board's vertices are numbered row by row from the bottom left.
//! Its inner loop (1) runs along row 1, column 4, row 4 and column 1; its
//! outer loop (2) along row 2, column 3, row 3 and column 2, each corner
//! arc joining the end of a row to the end of a column.

mod common;

// Hand-made positions compiled (`include_game!`) beside the interpreter.
ludemic::include_game!("tests/surakarta/two-paths.lud");
ludemic::include_game!("tests/surakarta/vote.lud");

#[path = "../checks/common/lockstep.rs"]
mod lockstep;
#[path = "../checks/common/position_play.rs"]
mod position_play;

use common::inline;
use ludemic_compiler::interp::{Interpreter, State};
use ludemic_runtime::trial::{read_trials, replay};
use ludemic_runtime::{Game, MoveBuffer, Status};

/// A Surakarta board with only the loop captures of Ludii's file, P1's
/// pieces on `p1` and P2's on `p2`.
fn loops(p1: &str, p2: &str) -> Interpreter {
    inline(&format!(
        r#"(game "Loops" (players 2)
      (equipment {{ (surakartaBoard (square 6))
        (piece "Marker" Each
          (move Slide "AllTracks"
            (between if:(or (= (between) (from)) (is Empty (between))))
            (to if:(is Enemy (who at:(to))) (apply if:False (remove (to))))
            (then (set Counter)))) }})
      (rules (start {{ (place "Marker1" {{{p1}}}) (place "Marker2" {{{p2}}}) }})
        (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))"#
    ))
}

/// The keys of the legal moves from `from`, sorted (repeats kept).
fn keys_from(g: &Interpreter, state: &State, from: u32) -> Vec<String> {
    let prefix = format!("{from}>");
    let mut keys: Vec<String> = common::sorted_keys(g, state)
        .into_iter()
        .filter(|k| k.starts_with(&prefix))
        .collect();
    keys.sort();
    keys
}

#[test]
fn a_capture_through_one_loop() {
    // From 3 (column 3, the outer loop) down-and-round the arc at corner 5
    // to row 2's end, 17; the way up column 3 is blocked by P1's own 9.
    let g = loops("3 9", "17");
    let mut s = g.initial_state();
    assert_eq!(keys_from(&g, &s, 3), ["3>17"]);
    common::play_key(&g, &mut s, "3>17");
    assert_eq!(
        (s.what_at(3), s.owner_at(17)),
        (0, 1),
        "the capturer stands there"
    );
    assert!(matches!(g.status(&s), Status::Over(o) if o.winner == 1));
}

#[test]
fn a_capture_through_two_loops() {
    // 3, arc to 17, along row 2 to 12, arc to 2, up column 2 to 8.
    let g = loops("3 9", "8");
    let s = g.initial_state();
    assert_eq!(keys_from(&g, &s, 3), ["3>8"]);
}

#[test]
fn the_two_loop_paths_to_one_capture_are_two_moves() {
    // Without the blocker on 9, the other way round (up column 3 and three
    // arcs) reaches 17 too: Ludii lists both, with identical actions.
    let g = loops("3", "17");
    let mut s = g.initial_state();
    assert_eq!(keys_from(&g, &s, 3), ["3>17", "3>17"]);
    common::play_key(&g, &mut s, "3>17");
    assert!(matches!(g.status(&s), Status::Over(o) if o.winner == 1));
}

#[test]
fn a_slide_passes_no_piece_and_captures_only_past_a_loop() {
    // The enemy on 9 is met before any arc: it blocks, it is not taken.
    let g = loops("3", "9 17");
    let s = g.initial_state();
    assert_eq!(keys_from(&g, &s, 3), ["3>17"]);
    // The first enemy past the arc is taken, never the one behind it.
    let g = loops("3 9", "17 16");
    let s = g.initial_state();
    assert_eq!(keys_from(&g, &s, 3), ["3>17"]);
    // An own piece blocks both ways: no capture, and no plain slide.
    let g = loops("3 9 17", "16");
    let s = g.initial_state();
    assert!(keys_from(&g, &s, 3).is_empty());
}

#[test]
fn the_start_site_may_be_passed_again() {
    // 15 is where row 2 crosses column 3. Along row 2: 16, 17, the arc to
    // 3, up column 3 through 9 and 15 again (the moving piece's own site)
    // to the enemy on 27. P1's 20 blocks the ways through row 3 and
    // column 2.
    let g = loops("15 20", "27");
    let s = g.initial_state();
    assert_eq!(keys_from(&g, &s, 15), ["15>27"]);
    // Only `(= (between) (from))` lets it pass: with plain emptiness the
    // piece would block itself.
    let strict = inline(
        r#"(game "Strict" (players 2)
      (equipment { (surakartaBoard (square 6))
        (piece "Marker" Each
          (move Slide "AllTracks" (to if:(is Enemy (who at:(to))) (apply if:False (remove (to)))))) })
      (rules (start { (place "Marker1" {15 20}) (place "Marker2" 27) })
        (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))"#,
    );
    let s = strict.initial_state();
    assert!(keys_from(&strict, &s, 15).is_empty());
}

#[test]
fn a_slide_to_move_or_capture_may_end_on_an_empty_site_past_a_loop() {
    // `(apply if:(is Empty (to)) ...)`, Ludii's toRule: past an arc the
    // piece may also stop on each empty site, without the removal.
    let g = inline(
        r#"(game "Move or capture" (players 2)
      (equipment { (surakartaBoard (square 6))
        (piece "Marker" Each
          (move Slide "AllTracks"
            (between if:(or (= (between) (from)) (is Empty (between))))
            (to if:(is Enemy (who at:(to))) (apply if:(is Empty (to)) (remove (to)))))) })
      (rules (start { (place "Marker1" {3 9}) (place "Marker2" 16) })
        (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))"#,
    );
    let s = g.initial_state();
    assert_eq!(keys_from(&g, &s, 3), ["3>16", "3>17"]);
}

#[test]
fn surakarta_boards_have_two_tracks_per_loop() {
    let g = loops("0", "35");
    let tracks = &g.model().tracks;
    let names: Vec<&str> = tracks.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Track1F", "Track1B", "Track2F", "Track2B"]);
    assert_eq!(
        tracks[0].sites,
        [6, 7, 8, 9, 10, 11, 4, 10, 16, 22, 28, 34, 29, 28, 27, 26, 25, 24, 31, 25, 19, 13, 7, 1]
    );
    let bumped: Vec<i32> = (0..tracks[0].sites.len())
        .filter(|&i| tracks[0].bumps[i] > 0)
        .map(|i| tracks[0].sites[i])
        .collect();
    assert_eq!(bumped, [11, 34, 24, 1], "the sites before each arc");
    // `loops:` and `from:` choose the loops.
    let g = inline(
        r#"(game "One loop" (players 2)
      (equipment { (surakartaBoard (square 7) loops:1 from:2) (piece "Marker" Each) })
      (rules (play (move Pass)) (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let names: Vec<&str> = g.model().tracks.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Track2F", "Track2B"]);
}

#[test]
fn a_triangular_surakarta_board_is_refused_with_its_place() {
    let err = common::inline_game(
        r#"(game "Tri" (players 2)
      (equipment { (surakartaBoard (tri 6)) (piece "Marker" Each) })
      (rules (play (move Pass)) (end (if (no Moves Next) (result Mover Win)))))"#,
    )
    .unwrap_err();
    assert!(err.contains("unsupported"), "{err}");
}

/// A game decided by vote: P1 proposes "End" (and votes for it), P2 votes.
fn vote_game() -> Interpreter {
    inline(
        r#"(game "Vote" (players 2)
      (equipment { (board (square 2)) (piece "Disc" Each) })
      (rules
        (play (if (is Proposed "End")
                (or (move Vote "End") (move Vote "No"))
                (or (move Propose "End" (then (vote "End"))) (move Pass))))
        (end (if (is Decided "End") (result Mover Win)))))"#,
    )
}

#[test]
fn a_proposal_is_decided_only_by_a_majority_of_votes() {
    let g = vote_game();
    let s = g.initial_state();
    assert_eq!(common::sorted_keys(&g, &s), ["-1>-1", "-1>-1/pass"]);
    let mut s = s;
    common::play_key(&g, &mut s, "-1>-1");
    // The proposal stands: P2 may only vote, both votes keyed `-1>-1`.
    assert_eq!(common::sorted_keys(&g, &s), ["-1>-1", "-1>-1"]);
    let mut legal = MoveBuffer::new();
    g.legal_moves(&s, &mut legal);
    let mut ended = 0;
    for &mv in legal.iter() {
        let mut after = s.clone();
        g.apply(&mut after, mv);
        match g.status(&after) {
            // Two votes for "End" of two players: decided, the voter wins.
            Status::Over(o) => {
                assert_eq!(o.winner, 2);
                ended += 1;
            }
            // One each: nothing decided, the proposal is gone.
            Status::Ongoing { mover } => {
                assert_eq!(mover, 1);
                assert_eq!(common::sorted_keys(&g, &after), ["-1>-1", "-1>-1/pass"]);
            }
        }
    }
    assert_eq!(ended, 1);
}

const LUD: &str = "board/war/replacement/eliminate/all/Surakarta.lud";

#[test]
fn ludii_s_surakarta_replays_every_reference_trial() {
    let (Some(ludii), Some(trials_dir), Some(library)) = (
        common::shared("ludii"),
        common::shared("reference/ludii-trials"),
        common::shared("reference/ludii-library-trials"),
    ) else {
        return;
    };
    let game = common::corpus_game(&ludii, LUD, &[]);
    let mut replayed = 0;
    for file in [
        trials_dir.join("surakarta.jsonl"),
        library.join("war--replacement--eliminate--all--surakarta.jsonl.gz"),
    ] {
        for trial in read_trials(&file).unwrap_or_else(|e| panic!("{e}")) {
            if let Err(m) = replay(&game, &trial) {
                panic!("{} seed {}: {m}", file.display(), trial.seed);
            }
            replayed += 1;
        }
    }
    assert_eq!(replayed, 23, "20 seed trials and 3 library trials");
}

/// A game where the mover loses when a track holds fewer than two of its
/// pieces (the file's "Less Than 2 Pieces Per Track" end rules).
fn per_track(p1: &str) -> Interpreter {
    inline(&format!(
        r#"(game "Per track" (players 2)
      (equipment {{ (surakartaBoard (square 6)) (piece "Marker" Each (move Step (to if:(is Empty (to))))) }})
      (rules (start {{ (place "Marker1" {{{p1}}}) (place "Marker2" {{30 31 24 25}}) }})
        (play (forEach Piece))
        (end (forEach Track if:(> 2 (count Pieces Mover in:(sites Track))) (result Mover Loss)))))"#
    ))
}

#[test]
fn for_each_track_tests_every_track_with_its_own_sites() {
    // 6 and 7 are on the inner loop's row 1, 1 on its column 1; nothing on
    // the outer loop: its tracks hold no piece of P1, who loses by moving.
    let g = per_track("6 7 0");
    assert_eq!(g.model().end.len(), 4, "one rule per track");
    let mut s = g.initial_state();
    common::play_key(&g, &mut s, "0>1");
    assert!(matches!(g.status(&s), Status::Over(o) if o.winner == 2));
    // Two pieces on each loop (14 and 20 are on the outer loop only): the
    // game goes on.
    let g = per_track("6 7 12 13 14");
    let mut s = g.initial_state();
    common::play_key(&g, &mut s, "14>20");
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 2 }));
    // One piece on a crossing of the inner loop (7, on its row 1 and its
    // column 1) is one piece, not two: P1 loses (15 and 20 are on the outer
    // loop only).
    let g = per_track("7 14 15");
    let mut s = g.initial_state();
    common::play_key(&g, &mut s, "14>20");
    assert!(matches!(g.status(&s), Status::Over(o) if o.winner == 2));
}

#[test]
fn the_file_s_per_track_end_rules_lower() {
    let Some(ludii) = common::shared("ludii") else {
        return;
    };
    for n in 2..=4 {
        let option = format!("End Rules/Less Than {n} Pieces Per Track");
        let g = common::corpus_game(&ludii, LUD, &[option]);
        assert_eq!(g.model().end.len(), 4, "{n}: one rule per track");
    }
}

/// The interpreter of a game file of `tests/surakarta/`.
fn interpreted(file: &str) -> Interpreter {
    inline(&std::fs::read_to_string(common::root().join("tests/surakarta").join(file)).unwrap())
}

#[test]
fn compiled_slides_walk_every_place_of_their_site_as_the_interpreter() {
    let g = two_paths::TwoPaths;
    let s = g.initial_state();
    let from = |site: &str| -> Vec<String> {
        position_play::keys(&g, &s)
            .into_iter()
            .filter(|k| k.starts_with(site))
            .collect()
    };
    // 3 reaches 17 both ways round (two moves, one key); 0 steps only.
    assert_eq!(from("3>17"), ["3>17", "3>17"]);
    assert_eq!(from("0>"), ["0>1", "0>6", "0>7"]);
    let interp = interpreted("two-paths.lud");
    assert_eq!(
        position_play::keys(&g, &s),
        position_play::keys(&interp, &interp.initial_state())
    );
    // Random games in lockstep: the same legal moves after each move.
    let mut budget = 20_000;
    for seed in 0..40 {
        lockstep::lockstep(&g, &interp, seed, &mut budget).unwrap();
    }
}

#[test]
fn compiled_votes_decide_as_the_interpreter() {
    let g = vote::Vote;
    let mut s = g.initial_state();
    assert_eq!(position_play::keys(&g, &s), ["-1>-1", "-1>-1/pass"]);
    position_play::play(&g, &mut s, "-1>-1");
    // P2's two votes share the key; `decision_of` tells them apart.
    let mut legal = MoveBuffer::new();
    g.legal_moves(&s, &mut legal);
    let named: Vec<Option<u32>> = legal.iter().map(|&m| g.decision_of(m)).collect();
    assert_eq!(named, [Some(0), Some(1)]);
    let mut ended = 0;
    for &mv in legal.iter() {
        let mut after = s;
        g.apply(&mut after, mv);
        match g.status(&after) {
            Status::Over(o) => {
                assert_eq!((o.winner, g.decision_of(mv)), (2, Some(0)));
                ended += 1;
            }
            Status::Ongoing { mover } => {
                assert_eq!(mover, 1);
                assert_eq!(position_play::keys(&g, &after), ["-1>-1", "-1>-1/pass"]);
            }
        }
    }
    assert_eq!(ended, 1);
    let interp = interpreted("vote.lud");
    let mut budget = 5_000;
    for seed in 0..40 {
        lockstep::lockstep(&g, &interp, seed, &mut budget).unwrap();
    }
}
