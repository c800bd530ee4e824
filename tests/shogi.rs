//! Shogi and Minishogi, Ludii's own files unchanged (`../shared/ludii`,
//! skipped when absent): every Minishogi reference trial replays; rules on
//! hand-made Minishogi positions (`checks/common/shogi_positions.rs`, which
//! `checks/corpus` also asks of each position compiled): captures go to the
//! capturer's hand demoted, drops and the drops the file refuses, optional
//! and forced promotion, check must be answered; Shogi's random playouts
//! reach an end. Two inline games check ludemes Xiangqi uses as well: Hop's
//! stop rule (the cannon) and `(forEach Direction ...)` turning from the
//! first step (the horse).

mod common;

#[path = "../checks/common/shogi_positions.rs"]
mod shogi_positions;

use common::{play_key as play, sorted_keys as keys};

use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::trial::{read_trials, replay};
use ludemic_runtime::{Game, Xoshiro256PlusPlus};
use shogi_positions::{check, with_start, MINISHOGI, POSITIONS};

const SHOGI: &str = shogi_positions::SHOGI;

fn game(lud: &str) -> Option<Interpreter> {
    let ludii = common::shared("ludii")?;
    Some(common::corpus_game(&ludii, lud, &[]))
}

/// Runs position `name`'s checks in the interpreter: Ludii's file with
/// that position's start rules (skipped when Ludii's library is absent).
fn run(name: &str) {
    let Some(ludii) = common::shared("ludii") else {
        return;
    };
    let (lud, start) = POSITIONS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, lud, start)| (lud, start))
        .expect("a position");
    let game = common::rewritten_corpus_game(&ludii, lud, |text| with_start(text, start));
    check(name, &game);
}

#[test]
fn every_minishogi_trial_replays() {
    let (Some(g), Some(trials)) = (game(MINISHOGI), common::shared("reference/ludii-trials"))
    else {
        return;
    };
    let trials = read_trials(&trials.join("minishogi.jsonl")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(trials.len(), 20);
    for trial in &trials {
        if let Err(mismatch) = replay(&g, trial) {
            panic!("Minishogi seed {}: {mismatch}", trial.seed);
        }
    }
}

#[test]
fn a_capture_goes_to_the_capturers_hand_a_pawn_drops_where_allowed_and_promotes_at_once() {
    run("minishogi_hand");
}

#[test]
fn a_pawn_drop_that_mates_is_refused_and_one_that_only_checks_is_not() {
    run("minishogi_pawn_drop_mate");
}

#[test]
fn check_must_be_answered() {
    run("minishogi_check");
}

#[test]
fn shogi_drops_knights_lances_and_pawns_only_where_they_can_move_and_promotes_so() {
    run("shogi_drops_and_promotion");
}

#[test]
fn a_knight_s_check_is_answered_by_a_step_or_a_capture() {
    run("shogi_knight_check");
}

#[test]
fn every_position_is_checked() {
    assert_eq!(POSITIONS.len(), 5);
}

#[test]
fn shogi_random_playouts_reach_an_end() {
    let Some(g) = game(SHOGI) else { return };
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(2026);
    let start = std::time::Instant::now();
    for n in 0..20 {
        let mut s = g.initial_state();
        let result = g.playout(&mut s, &mut rng);
        assert!(g.status(&s).is_over(), "playout {n}");
        assert!(result.moves > 0, "playout {n}");
    }
    eprintln!(
        "20 Shogi playouts in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// Xiangqi's cannon, as the library writes it: slides over empty sites, or
/// hops over one piece (any distance before and after) and lands only on
/// the first piece beyond, where that piece is an enemy (the `(apply if:...)`
/// stop rule of `Hop`), capturing it.
#[test]
fn a_cannon_captures_only_the_first_piece_beyond_its_screen() {
    let g = common::inline(
        r#"(game "Cannon" (players 2)
      (equipment { (board (square 7))
        (piece "Pao" Each (or (move Slide Orthogonal)
          (move Hop Orthogonal
            (between before:(count Rows) after:(count Rows) if:(is Occupied (between)))
            (to if:(is Empty (to)) (apply if:(is Enemy (who at:(to))) (remove (to)))))))
        (piece "Zu" Each) })
      (rules (start { (place "Pao1" coord:"A1") (place "Zu1" coord:"A3")
                      (place "Zu2" coord:"A6") (place "Zu2" coord:"A7") (place "Zu2" coord:"C1") })
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    let legal = keys(&g, &s);
    // Up the A file: A2 by sliding; over the pawn on A3 it passes A4 and A5
    // (no landing there) and takes the first piece beyond, on A6, not A7.
    assert!(legal.contains(&"0>7".to_string()), "{legal:?}");
    assert!(legal.contains(&"0>35".to_string()), "{legal:?}");
    for not in ["0>21", "0>28", "0>42", "0>14"] {
        assert!(!legal.contains(&not.to_string()), "{not} in {legal:?}");
    }
    // Along row 1 there is no screen: B1 by sliding, C1 is never taken.
    assert!(legal.contains(&"0>1".to_string()), "{legal:?}");
    assert!(!legal.contains(&"0>2".to_string()), "{legal:?}");
    play(&g, &mut s, "0>35");
    assert_eq!(s.what_at(35), 1);
    assert_eq!(s.what_at(42), 4);
}

/// Xiangqi's horse: `(forEach Direction Orthogonal (to if:(is Empty (to))
/// (apply (forEach Direction (from (to)) (directions {FR FL} of:All) ...))))`
/// turns FR and FL from each orthogonal step (Ludii's `newDirection`), and a
/// blocked first step ("hobbling the horse") forbids both moves beyond it.
#[test]
fn a_horse_turns_from_its_first_step_and_is_hobbled_by_a_piece_there() {
    let g = common::inline(
        r#"(game "Horse" (players 2)
      (equipment { (board (square 7))
        (piece "Ma" Each
          (forEach Direction Orthogonal
            (to if:(is Empty (to))
              (apply (forEach Direction (from (to)) (directions {FR FL} of:All)
                (if (not (is Friend (who at:(to)))) (move (from) (to))))))))
        (piece "Zu" Each) })
      (rules (start { (place "Ma1" coord:"D4") (place "Zu1" coord:"D5") })
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let s = g.initial_state();
    let legal: Vec<String> = keys(&g, &s)
        .into_iter()
        .filter(|k| k.starts_with("24>"))
        .collect();
    // From D4 (24): east E4 then NE/SE -> F5 (33), F3 (19); south D3 then
    // SE/SW -> E2 (11), C2 (9); west C4 then -> B5 (29), B3 (15). North is
    // blocked by the friendly pawn on D5: no E6 or C6.
    let mut expected: Vec<String> = [33, 19, 11, 9, 29, 15]
        .iter()
        .map(|t| format!("24>{t}"))
        .collect();
    expected.sort();
    assert_eq!(legal, expected);
}
