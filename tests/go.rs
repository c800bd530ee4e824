//! Go and Pentalath (docs/ludii-semantics.md §30): Ludii's trials replay on
//! its own files, and Go's rules hold on hand-made positions: captures of
//! enclosed groups, suicide refused, the repetition rules
//! (`(no Repeat ...)`), two passes ending the game, territory scoring.

mod common;

use common::{inline as game, inline_game, play_key as play, sorted_keys as keys};
use ludemic_runtime::trial::{read_trials, replay};
use ludemic_runtime::{Game, Status};

#[test]
fn go_and_pentalath_replay_every_ludii_trial() {
    let (Some(ludii), Some(trials_dir)) = (
        common::shared("ludii"),
        common::shared("reference/ludii-trials"),
    ) else {
        return;
    };
    let mut replayed = 0;
    for (lud, slug) in [
        ("board/space/territory/Go.lud", "go-9x9"),
        ("board/space/territory/Go.lud", "go-19x19"),
        ("board/space/line/Pentalath.lud", "pentalath"),
    ] {
        let trials = read_trials(&trials_dir.join(format!("{slug}.jsonl")))
            .unwrap_or_else(|e| panic!("{e}"));
        let game = common::corpus_game(&ludii, lud, &trials[0].options);
        for trial in &trials {
            if let Err(mismatch) = replay(&game, trial) {
                panic!("{lud} ({slug}) seed {}: {mismatch}", trial.seed);
            }
            replayed += 1;
        }
    }
    assert_eq!(replayed, 60);
}

/// Go on a 5x5 board of vertices (A1 = 0, B1 = 1, A2 = 5...), as Ludii's
/// file writes it with its defines expanded; `REPEAT` is the meta rule.
const GO: &str = r#"(game "Go5" (players 2)
  (equipment { (board (square 5) use:Vertex) (piece "Marker" Each) })
  (rules
    REPEAT
    (play (or
      (do (move Add (to (sites Empty))
            (then (enclose (from (last To)) Orthogonal
                    (between if:(is Enemy (who at:(between)))
                      (apply (and (addScore Mover 1) (remove (between))))))))
          ifAfterwards:(> (count Liberties Orthogonal) 0))
      (move Pass)))
    (end (if (all Passed)
      (byScore { (score P1 (+ (score P1) (size Territory P1)))
                 (score P2 (+ (score P2) (size Territory P2))) })))))"#;

fn go(repeat: &str) -> ludemic_compiler::interp::Interpreter {
    game(&GO.replace("REPEAT", repeat))
}

/// The keys of sites, sorted as strings.
fn sites(list: &[u16]) -> Vec<String> {
    let mut keys: Vec<String> = list.iter().map(|s| format!("-1>{s}")).collect();
    keys.push("-1>-1/pass".to_owned());
    keys.sort();
    keys
}

#[test]
fn a_group_without_liberties_is_captured_and_scored() {
    let g = go("(meta (no Repeat))");
    // P2 on A1 and B1; P1 on A2 and B2: C1 takes both.
    let mut s = g.position(&[(0, 2), (1, 2), (5, 1), (6, 1)], 1, 4);
    play(&g, &mut s, "-1>2");
    assert_eq!(s.what_at(0), 0);
    assert_eq!(s.what_at(1), 0);
    assert_eq!(s.what_at(2), 1);
    assert_eq!(s.score(1), 2);
    // A group with a liberty stays: P2 on D1 (3) has C1 taken, E1 free.
    let mut s = g.position(&[(3, 2), (8, 1)], 1, 2);
    play(&g, &mut s, "-1>2");
    assert_eq!(s.what_at(3), 2);
    assert_eq!(s.score(1), 0);
}

#[test]
fn suicide_is_refused_unless_it_captures() {
    let g = go("(meta (no Repeat))");
    // P2 on B1 and A2 (with B2 and C1 as liberties): A1 has no liberty for P1.
    let s = g.position(&[(1, 2), (5, 2)], 1, 2);
    assert!(!keys(&g, &s).contains(&"-1>0".to_owned()));
    // With P1 around them (C1, B2, A3), A1 takes B1 and A2: legal.
    let mut s = g.position(&[(1, 2), (5, 2), (2, 1), (6, 1), (10, 1)], 1, 5);
    assert!(keys(&g, &s).contains(&"-1>0".to_owned()));
    play(&g, &mut s, "-1>0");
    assert_eq!((s.what_at(1), s.what_at(5), s.score(1)), (0, 0, 2));
}

/// A ko: P2 on B2 (6) is taken by P1 on C2 (7); P2 retaking on B2 would
/// bring back the position before P1's move.
const KO: &[(u16, u8)] = &[(6, 2), (2, 2), (8, 2), (12, 2), (1, 1), (5, 1), (11, 1)];

#[test]
fn positional_superko_refuses_retaking_the_ko() {
    let g = go("(meta (no Repeat))");
    let mut s = g.position(KO, 1, 7);
    play(&g, &mut s, "-1>7");
    assert_eq!(s.what_at(6), 0, "P1 took the stone on B2");
    assert!(!keys(&g, &s).contains(&"-1>6".to_owned()), "the ko");
    // After a move elsewhere by each (E5, E4), retaking makes a new
    // position: legal.
    play(&g, &mut s, "-1>24");
    play(&g, &mut s, "-1>19");
    assert!(keys(&g, &s).contains(&"-1>6".to_owned()));
    // The same position as `(no Repeat Positional)`, Ludii's default.
    let g = go("(meta (no Repeat Positional))");
    let mut s = g.position(KO, 1, 7);
    play(&g, &mut s, "-1>7");
    assert!(!keys(&g, &s).contains(&"-1>6".to_owned()));
    // Without the rule the ko is retaken at once.
    let g = go("");
    let mut s = g.position(KO, 1, 7);
    play(&g, &mut s, "-1>7");
    assert!(keys(&g, &s).contains(&"-1>6".to_owned()));
}

#[test]
fn in_turn_repetition_compares_only_the_states_of_the_turn() {
    // PositionalInTurn: the ko is across turns, so retaking is legal.
    let g = go("(meta (no Repeat PositionalInTurn))");
    let mut s = g.position(KO, 1, 7);
    play(&g, &mut s, "-1>7");
    assert!(keys(&g, &s).contains(&"-1>6".to_owned()));
    // Within a turn: a piece stepping on and on (moveAgain) may not step
    // back to where the turn began, which it may in a later turn.
    let g = game(
        r#"(game "Steps" (players 2)
          (equipment { (board (square 3)) (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to))) (then (moveAgain)))) })
          (rules (meta (no Repeat PositionalInTurn))
            (start { (place "Disc1" coord:"A1") (place "Disc2" coord:"C3") })
            (play (or (forEach Piece) (move Pass)))
            (end (if (all Passed) (result Mover Draw)))))"#,
    );
    let mut s = g.initial_state();
    play(&g, &mut s, "0>1");
    assert_eq!(keys(&g, &s), ["-1>-1/pass", "1>2", "1>4"], "not back to A1");
    play(&g, &mut s, "1>2");
    assert!(
        !keys(&g, &s).contains(&"2>1".to_owned()),
        "B1 was seen this turn"
    );
    play(&g, &mut s, "-1>-1/pass");
    // P2's turn, then P1's: C1 back to B1 is a new turn's move.
    play(&g, &mut s, "-1>-1/pass");
    assert!(keys(&g, &s).contains(&"2>1".to_owned()));
}

#[test]
fn two_passes_end_the_game_and_one_does_not() {
    let g = go("(meta (no Repeat))");
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s), sites(&(0..25).collect::<Vec<_>>()));
    play(&g, &mut s, "-1>-1/pass");
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 2 }));
    play(&g, &mut s, "-1>-1/pass");
    // The empty board is everyone's territory: 25 each, a draw.
    let Status::Over(outcome) = g.status(&s) else {
        panic!("two passes end the game")
    };
    assert_eq!(outcome.winner, 0);
    assert_eq!((s.score(1), s.score(2)), (25, 25));
}

#[test]
fn territory_counts_the_empty_sites_only_one_player_surrounds() {
    let g = go("(meta (no Repeat))");
    // P1 holds column B, P2 column E: column A is P1's (5); columns C and
    // D touch both and count for neither; P2 has captured 1 before.
    let mut pieces: Vec<(u16, u8)> = (0..5).map(|r| (r * 5 + 1, 1)).collect();
    pieces.extend((0..5).map(|r| (r * 5 + 4, 2)));
    let mut s = g.position(&pieces, 1, 10);
    play(&g, &mut s, "-1>-1/pass");
    play(&g, &mut s, "-1>-1/pass");
    let Status::Over(outcome) = g.status(&s) else {
        panic!("over")
    };
    assert_eq!((s.score(1), s.score(2)), (5, 0));
    assert_eq!(outcome.winner, 1);
}

#[test]
fn unsupported_repetition_types_and_enclose_arguments_are_named() {
    let err = inline_game(&GO.replace("REPEAT", "(meta (no Repeat Situational))"))
        .expect_err("situational repetition is refused");
    assert!(
        err.contains("unsupported repetition type of `(no Repeat ...)`"),
        "{err}"
    );
    let err = inline_game(
        &GO.replace("REPEAT", "")
            .replace("Orthogonal\n", "Orthogonal numException:1\n"),
    )
    .expect_err("numException is refused");
    assert!(err.contains("numException"), "{err}");
}

#[test]
fn can_move_enclose_asks_whether_a_move_would_capture() {
    // NoGo: a placement must leave every group a liberty and capture nothing.
    let g = game(
        r#"(game "NoGo5" (players 2)
          (equipment { (board (square 5) use:Vertex) (piece "Marker" Each) })
          (rules
            (play (do (move Add (to (sites Empty)))
                      ifAfterwards:(and (> (count Liberties Orthogonal) 0)
                                        (not (can Move (enclose (from (last To)) Orthogonal
                                          (between if:(is Enemy (who at:(between)))
                                            (apply (remove (between))))))))))
            (end (if (no Moves Next) (result Next Loss)))))"#,
    );
    // P2 on A1 with P1 on B1: A2 would take it, so it is not legal; the
    // stone stays where it could be taken.
    let s = g.position(&[(0, 2), (1, 1)], 1, 2);
    let legal = keys(&g, &s);
    assert!(!legal.contains(&"-1>5".to_owned()), "{legal:?}");
    assert!(legal.contains(&"-1>6".to_owned()));
    assert_eq!(legal.len(), 22);
}

#[test]
fn every_stone_without_liberties_is_found_before_any_is_removed() {
    // BlooGo: after each placement, each enemy stone without liberties is
    // removed (`forEach Site ... (if ... (move Remove ...))`); Ludii finds
    // them all on the board before the move, so a whole group goes.
    let g = game(
        r#"(game "Bloo5" (players 2)
          (equipment { (board (square 5) use:Vertex) (piece "Ball" Each) })
          (rules (meta (no Repeat))
            (play (move Add (to (sites Empty))
              (then (forEach Site (sites Occupied by:Next)
                (if (= (count Liberties at:(site) Orthogonal) 0)
                    (move Remove (site) (then (addScore Mover 1))))))))
            (end (if (>= (score Mover) 5) (result Mover Win)))))"#,
    );
    // P2 on A1 and B1, P1 on A2 and B2: C1 leaves the pair without liberties.
    let mut s = g.position(&[(0, 2), (1, 2), (5, 1), (6, 1)], 1, 4);
    play(&g, &mut s, "-1>2");
    assert_eq!((s.what_at(0), s.what_at(1), s.score(1)), (0, 0, 2));
}

#[test]
fn is_next_of_an_integer_compares_it_with_the_next_player() {
    // `(is Next (who at:(between)))`, as Cavity and Redstone write it: the
    // same capture as `(is Enemy ...)` between two players.
    let g = game(&GO.replace("REPEAT", "").replace(
        "(is Enemy (who at:(between)))",
        "(is Next (who at:(between)))",
    ));
    let mut s = g.position(&[(0, 2), (1, 2), (5, 1), (6, 1)], 1, 4);
    play(&g, &mut s, "-1>2");
    assert_eq!((s.what_at(0), s.what_at(1), s.score(1)), (0, 0, 2));
    // `(is Mover ...)` there would capture the mover's own stones: none here.
    let g = game(&GO.replace("REPEAT", "").replace(
        "(is Enemy (who at:(between)))",
        "(is Mover (who at:(between)))",
    ));
    let mut s = g.position(&[(0, 2), (1, 2), (5, 1), (6, 1)], 1, 4);
    play(&g, &mut s, "-1>2");
    assert_eq!((s.what_at(0), s.what_at(1), s.score(1)), (2, 2, 0));
}

#[test]
fn an_enclosure_through_empty_sites_needs_one_chain_around_it() {
    // Mig Mang: the group runs over enemy and empty sites, and is taken
    // when the mover's stones around it form one chain (any direction).
    let g = game(
        r#"(game "Mig5" (players 2)
          (equipment { (board (square 5) use:Vertex) (piece "Ball" Each) })
          (rules
            (play (move Add (to (sites Empty))
              (then (enclose (from (last To)) Orthogonal
                (between if:(or (is Enemy (who at:(between))) (is Empty (between)))
                  (apply (and (if (is Enemy (who at:(between))) (remove (between)))
                              (set State at:(between) (mover)))))))))
            (end (if (no Moves Next) (result Mover Draw)))))"#,
    );
    // P1 on B1, A2, B3 and E5; P2 on B2 and D4. C2 closes the diamond
    // around B2: B2 is taken and marked P1's. The rest of the board is
    // bounded by P1's stones too, but E5 breaks that chain.
    let mut s = g.position(&[(1, 1), (5, 1), (11, 1), (24, 1), (6, 2), (18, 2)], 1, 6);
    play(&g, &mut s, "-1>7");
    assert_eq!((s.what_at(6), s.state_at(6)), (0, 1));
    assert_eq!((s.what_at(18), s.state_at(12)), (2, 0));
}
