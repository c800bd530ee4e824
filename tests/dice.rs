//! Dice and chance (docs/ludii-semantics.md §28): `(dice ...)`, the roll
//! before a phase's moves, `(forEach Die ...)`, `(pips)`, `(count Pips)`,
//! `(all DiceUsed)`, and the replay of Ludii's stochastic trials by forcing
//! the dice its actions show. Inline descriptions, and Ludii's library
//! when `../shared` is there.

mod common;

use common::{play_key as play, sorted_keys as keys};

use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::trial::{read_trials, replay};
use ludemic_runtime::{standard_playout, Game, MoveBuffer, Status, Xoshiro256PlusPlus};

/// A race along one row: P1 from the left, P2 from the right, each die
/// moving one piece by its value, off the board past the end.
const RACE: &str = r#"(game "Dice Race" (players 2)
  (equipment {
    (board (rectangle 1 8)
      {(track "Track1" "0,E" P1 directed:True) (track "Track2" "7,W" P2 directed:True)})
    (dice d:3 num:2)
    (piece "Disc" Each
      (forEach Die if:(!= (pips) 0)
        (if (= (trackSite Move steps:(pips)) Off)
          (move Remove (from))
          (move (from) (to (trackSite Move steps:(pips)) if:(is Empty (to)))))
        (then (if (not (all DiceUsed)) (moveAgain)))))
  })
  (rules
    (start {(place "Disc1" 0) (place "Disc2" 7)})
    (play (do (if (not (is Prev Mover)) (roll)) next:(forEach Piece)))
    (end (if (no Pieces Mover) (result Mover Win)))))"#;

fn race() -> Interpreter {
    common::inline(RACE)
}

#[test]
fn the_dice_follow_the_board_and_a_new_turn_rolls_them() {
    let g = race();
    let s = g.initial_state();
    // Eight cells, then the two dice (three faces each).
    assert_eq!(g.chance(&s), vec![(8, 3), (9, 3)]);
}

#[test]
fn each_die_moves_a_piece_by_its_value_and_is_used() {
    let g = race();
    let mut s = g.initial_state();
    // Faces 1 and 2 of a d3 from 1: values 2 and 3.
    g.force_chance(&mut s, &[(8, 1), (9, 2)]);
    assert_eq!(keys(&g, &s), ["0>2", "0>3"]);
    play(&g, &mut s, "0>2");
    // One die left: the same player moves again, without a new roll.
    assert_eq!(g.status(&s), Status::Ongoing { mover: 1 });
    assert!(g.chance(&s).is_empty());
    assert_eq!(keys(&g, &s), ["2>5"]);
    play(&g, &mut s, "2>5");
    assert_eq!(g.status(&s), Status::Ongoing { mover: 2 });
    assert_eq!(g.chance(&s).len(), 2);
}

#[test]
fn a_double_lists_the_same_move_once_per_die() {
    let g = race();
    let mut s = g.initial_state();
    g.force_chance(&mut s, &[(8, 0), (9, 0)]);
    assert_eq!(keys(&g, &s), ["0>1", "0>1"]);
}

#[test]
fn a_piece_past_the_end_of_its_track_leaves_the_board() {
    let g = race();
    let mut s = g.initial_state();
    g.force_chance(&mut s, &[(8, 2), (9, 2)]);
    for key in ["0>3", "3>6"] {
        play(&g, &mut s, key);
    }
    // Two ones for P2, blocked by P1's piece: the dice force a pass.
    g.force_chance(&mut s, &[(8, 0), (9, 0)]);
    assert_eq!(keys(&g, &s), ["-1>-1/pass"]);
    play(&g, &mut s, "-1>-1/pass");
    g.force_chance(&mut s, &[(8, 1), (9, 1)]);
    assert_eq!(keys(&g, &s), ["-1>6", "-1>6"]);
    play(&g, &mut s, "-1>6");
    assert_eq!(s.what_at(6), 0);
}

#[test]
fn count_pips_sums_the_dice_used_or_not() {
    let g = common::inline(
        r#"(game "Pips" (players 2)
          (equipment { (board (rectangle 1 12)) (piece "Disc" Each) (dice d:6 num:2) })
          (rules (play (do (roll) next:(move Add (to (count Pips)))))
            (end (if (is Occupied 0) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    g.force_chance(&mut s, &[(12, 2), (13, 4)]);
    assert_eq!(keys(&g, &s), ["-1>8"]);
}

#[test]
fn playouts_draw_the_dice() {
    let g = race();
    let mut lengths = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
        let mut s = g.initial_state();
        let r = standard_playout(&g, &mut s, &mut rng, &mut MoveBuffer::new());
        assert!(g.is_over(&s));
        lengths.insert(r.moves);
    }
    assert!(lengths.len() > 1, "{lengths:?}");
}

/// The roll itself compiles; a die used up by its own moves within a turn
/// is not in the generated state.
#[test]
fn the_code_generator_refuses_for_each_die() {
    let g = race();
    assert_eq!(
        ludemic_compiler::analyse::features::blocker(g.model()).as_deref(),
        Some("`(forEach Die ...)`")
    );
}

#[test]
fn for_each_die_needs_dice() {
    let err = common::inline_game(
        r#"(game "X" (players 2)
          (equipment { (board (rectangle 1 8)) (piece "Disc" Each (forEach Die (move Pass))) })
          (rules (play (forEach Piece)) (end (if (no Pieces Mover) (result Mover Win)))))"#,
    )
    .unwrap_err();
    assert!(err.contains("needs `(dice ...)`"), "{err}");
}

/// Ludii's own stochastic trials: the dice its actions show are forced,
/// the others (after step 200) found by trying every outcome.
#[test]
fn ludii_s_dice_games_replay_with_forced_chance() {
    let (Some(ludii), Some(trials)) = (
        common::shared("ludii"),
        common::shared("reference/ludii-library-trials"),
    ) else {
        return;
    };
    for (lud, slug) in [
        ("board/race/escape/Had.lud", "race--escape--had"),
        ("board/race/fill/Lelac.lud", "race--fill--lelac"),
    ] {
        let g = common::corpus_game(&ludii, lud, &[]);
        let trials = read_trials(&trials.join(format!("{slug}.jsonl.gz"))).unwrap();
        assert!(trials.iter().all(|t| t.stochastic));
        let (mut forced, mut searched) = (0, 0);
        for trial in &trials {
            let done =
                replay(&g, trial).unwrap_or_else(|m| panic!("{lud} seed {}: {m}", trial.seed));
            forced += done.steps_forced;
            searched += done.steps_searched;
        }
        assert!(
            forced > 0 && searched > 0,
            "{lud}: {forced} forced, {searched} searched"
        );
    }
}

/// A race with stacks (the tables games' shape): `(place Stack ...)` on
/// the board and in hands, top pieces moving, a hit piece sent to the bar.
const STACKS: &str = r#"(game "Stacks" (players 2)
  (equipment {
    (board (rectangle 1 6) {(track "Track1" {6 0 1 2 3 4 5} P1 directed:True) (track "Track2" {7 5 4 3 2 1 0} P2 directed:True)})
    (dice d:2 num:1)
    (hand Each)
    (piece "Disc" Each
      (move (from (from)) (to (trackSite Move steps:(count Pips))
        (apply if:(is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next)))))))
  })
  (rules
    (start {(place Stack "Disc1" 0 count:2) (place Stack "Disc2" 2) (place Stack "Disc2" (handSite P2) count:3)})
    (play (do (roll) next:(forEach Piece top:True)))
    (end (if (no Pieces Next) (result Mover Win)))))"#;

#[test]
fn place_stack_piles_pieces_on_the_board_and_in_hands() {
    let g = common::inline(STACKS);
    let s = g.initial_state();
    assert_eq!(s.count_at(0), 2);
    // Six cells, then P1's hand (6) and P2's (7), then the die (8).
    assert_eq!(s.count_at(7), 3);
    assert_eq!(g.chance(&s), vec![(8, 2)]);
}

#[test]
fn the_top_piece_of_a_stack_moves_and_a_hit_goes_to_the_bar() {
    let g = common::inline(STACKS);
    let mut s = g.initial_state();
    g.force_chance(&mut s, &[(8, 1)]);
    // One move from the stack at 0 (its top piece): pieces in hands do
    // not move by `(forEach Piece)`.
    assert_eq!(keys(&g, &s), ["0>2"]);
    play(&g, &mut s, "0>2");
    assert_eq!((s.count_at(0), s.count_at(2), s.what_at(2)), (1, 1, 1));
    // P2's piece went to its hand.
    assert_eq!(s.count_at(7), 4);
}

#[test]
fn for_each_piece_without_top_is_refused_on_stacks() {
    let err = common::inline_game(&STACKS.replace("(forEach Piece top:True)", "(forEach Piece)"))
        .unwrap_err();
    assert!(
        err.contains("without `top:True` in a stacking game"),
        "{err}"
    );
}

#[test]
fn no_moves_is_refused_with_dice() {
    let err = common::inline_game(&RACE.replace(
        "(end (if (no Pieces Mover) (result Mover Win)))",
        "(end (if (no Moves Next) (result Mover Win)))",
    ))
    .unwrap_err();
    assert!(
        err.contains("`(no Moves ...)` in a game with dice"),
        "{err}"
    );
}
