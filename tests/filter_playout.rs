//! Ludii's Filter playout against the standard one, in the interpreter:
//! at every step along Filter playouts, the candidates that pass their test
//! are exactly the legal moves (as a multiset); and the two playouts have
//! the same length and outcome distributions (within 3 standard errors).
//! Ludii's own files, from `../shared/ludii` (skipped when absent).

mod common;

use ludemic_compiler::interp::{Interpreter, Move, State};
use ludemic_runtime::{
    filtered_move, Candidates, Filtered, Game, MoveBuffer, PlayoutStats, Xoshiro256PlusPlus,
};

const DARA: &str = "board/space/line/Dara.lud";
const CHESS: &str = "board/war/replacement/checkmate/chess/Chess.lud";

fn ludii_game(lud: &str) -> Option<Interpreter> {
    let ludii = common::shared("ludii")?;
    Some(common::corpus_game(&ludii, lud, &[]))
}

/// The keys of moves, sorted, telling promotions apart.
fn keys(game: &Interpreter, moves: impl Iterator<Item = Move>) -> Vec<String> {
    let mut keys: Vec<String> = moves
        .map(|m| format!("{}{:?}", game.move_key(m), game.promoted_to(m)))
        .collect();
    keys.sort();
    keys
}

/// The legal moves as the Filter playout sees them: candidates that pass.
fn passing(game: &Interpreter, state: &State) -> Vec<String> {
    let mut candidates = MoveBuffer::new();
    let verdict = game.candidate_moves(state, &mut candidates);
    let mut legal: Vec<Move> = match verdict {
        Candidates::Legal => candidates.to_vec(),
        Candidates::ToTest => candidates
            .iter()
            .copied()
            .filter(|&m| game.passes(state, m))
            .collect(),
    };
    if legal.is_empty() {
        legal.push(game.forced_pass(state));
    }
    keys(game, legal.into_iter())
}

/// Plays `playouts` Filter playouts and checks every step against the
/// standard legal moves; returns the steps checked.
fn check_steps(game: &Interpreter, playouts: u64, seed: u64) -> u64 {
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
    let mut buffer = MoveBuffer::new();
    let mut legal = MoveBuffer::new();
    let mut steps = 0;
    for playout in 0..playouts {
        let mut state = game.initial_state();
        while !game.is_over(&state) {
            game.legal_moves(&state, &mut legal);
            let expected = keys(game, legal.iter().copied());
            assert_eq!(
                passing(game, &state),
                expected,
                "playout {playout} (seed {seed}), step {}",
                game.moves_played(&state)
            );
            let mv = filtered_move(game, &state, &mut rng, &mut buffer);
            assert!(legal.contains(&mv), "drew an illegal move {mv:?}");
            game.apply(&mut state, mv);
            steps += 1;
        }
    }
    steps
}

fn stats(game: &Interpreter, playouts: u64, seed: u64) -> PlayoutStats {
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
    let mut stats = PlayoutStats::new(game.num_players());
    for _ in 0..playouts {
        let mut state = game.initial_state();
        stats.record(&game.playout(&mut state, &mut rng));
    }
    stats
}

#[test]
fn the_analysis_puts_dara_and_chess_on_the_filter_playout() {
    for lud in [DARA, CHESS] {
        let Some(game) = ludii_game(lud) else { return };
        assert!(game.filters(), "{lud}");
        assert!(!game.standard_playouts().filters(), "{lud}");
    }
}

#[test]
fn dara_filter_candidates_that_pass_are_the_legal_moves() {
    let Some(game) = ludii_game(DARA) else { return };
    let steps = check_steps(&game, 100, 1);
    assert!(steps > 5_000, "{steps} steps");
}

#[test]
fn chess_filter_candidates_that_pass_are_the_legal_moves() {
    let Some(game) = ludii_game(CHESS) else {
        return;
    };
    let steps = check_steps(&game, 4, 2);
    assert!(steps > 200, "{steps} steps");
}

#[test]
fn dara_filter_playouts_match_standard_playouts_and_ludii() {
    let Some(game) = ludii_game(DARA) else { return };
    let filter = stats(&game, 3_000, 11);
    let standard = stats(&game.clone().standard_playouts(), 3_000, 12);
    let diff = common::differences(&filter, &standard, 2);
    assert!(diff.is_empty(), "Filter vs standard: {diff:?}");
    // Ludii's PlayoutFilter on Dara (ludii-baseline.md): 12,244 playouts,
    // mean 158.6 moves, P1 0.518, P2 0.482.
    let ludii_mean = 158.6;
    let se = filter.mean_moves_stderr();
    assert!(
        (filter.mean_moves() - ludii_mean).abs() < 3.0 * se + 1.0,
        "mean {:.2} ± {se:.2} vs Ludii's {ludii_mean}",
        filter.mean_moves()
    );
}

#[test]
fn differences_are_found_between_different_games() {
    // The comparison must be able to fail: Dara's Filter playouts against
    // Chess's differ in length by far more than 3 standard errors.
    let (Some(dara), Some(chess)) = (ludii_game(DARA), ludii_game(CHESS)) else {
        return;
    };
    let diff = common::differences(&stats(&dara, 200, 3), &stats(&chess, 10, 4), 2);
    assert!(!diff.is_empty());
}

#[test]
#[ignore = "about a minute: Chess playouts in the interpreter"]
fn chess_filter_playouts_match_standard_playouts() {
    let Some(game) = ludii_game(CHESS) else {
        return;
    };
    let filter = stats(&game, 300, 21);
    let standard = stats(&game.clone().standard_playouts(), 300, 22);
    let diff = common::differences(&filter, &standard, 2);
    assert!(diff.is_empty(), "Filter vs standard: {diff:?}");
}

const GO: &str = "board/space/territory/Go.lud";
const WEIQI: &str = "board/space/territory/Weiqi.lud";

fn go_9x9() -> Option<Interpreter> {
    let ludii = common::shared("ludii")?;
    Some(common::corpus_game(
        &ludii,
        GO,
        &["Board Size/9x9".to_owned()],
    ))
}

#[test]
fn go_takes_the_filter_playout_with_the_repetition_test_and_weiqi_no_repetition() {
    let Some(go) = go_9x9() else { return };
    assert!(go.filters());
    assert!(!go.clone().standard_playouts().filters());
    let Some(weiqi) = ludii_game(WEIQI) else {
        return;
    };
    assert!(weiqi.filters(), "Weiqi plays the No-Repetition playout");
    let choices = ludemic_compiler::analyse::select_playouts(weiqi.model());
    assert_eq!(
        choices[0].variant,
        ludemic_compiler::analyse::PlayoutVariant::NoRepetition
    );
    let choices = ludemic_compiler::analyse::select_playouts(go.model());
    assert_eq!(
        choices[0].variant,
        ludemic_compiler::analyse::PlayoutVariant::Filter
    );
    assert!(
        choices[0].reason.contains("no Repeat"),
        "{}",
        choices[0].reason
    );
}

#[test]
fn go_filter_candidates_that_pass_are_the_legal_moves() {
    let Some(game) = go_9x9() else { return };
    let steps = check_steps(&game, 8, 5);
    assert!(steps > 500, "{steps} steps");
}

#[test]
fn weiqi_no_repetition_candidates_that_pass_are_the_legal_moves() {
    let Some(game) = ludii_game(WEIQI) else {
        return;
    };
    let steps = check_steps(&game, 1, 6);
    assert!(steps > 100, "{steps} steps");
}

#[test]
fn go_filter_playouts_match_standard_playouts() {
    let Some(game) = go_9x9() else { return };
    let filter = stats(&game, 400, 31);
    let standard = stats(&game.clone().standard_playouts(), 400, 32);
    let diff = common::differences(&filter, &standard, 2);
    assert!(diff.is_empty(), "Filter vs standard: {diff:?}");
}

#[test]
fn go_19x19_filter_playouts_match_ludii() {
    let Some(ludii) = common::shared("ludii") else {
        return;
    };
    let game = common::corpus_game(&ludii, GO, &[]);
    let filter = stats(&game, 200, 41);
    // Ludii's PlayoutFilter on Go 19x19 (ludii-baseline.md): 695 playouts,
    // mean 616.9 moves, P1 0.489, P2 0.505, draw 0.006.
    let ludii_mean = 616.9;
    let se = filter.mean_moves_stderr();
    assert!(
        (filter.mean_moves() - ludii_mean).abs() < 3.0 * se + 5.0,
        "mean {:.2} ± {se:.2} vs Ludii's {ludii_mean}",
        filter.mean_moves()
    );
    let p1 = filter.frequency(1);
    let p1_se = filter.frequency_stderr(1);
    assert!(
        (p1 - 0.489).abs() < 3.0 * p1_se + 0.02,
        "P1 {p1:.3} ± {p1_se:.3}"
    );
}
