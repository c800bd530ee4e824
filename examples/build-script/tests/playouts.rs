//! 1000 random playouts of each game compiled by the build script: every
//! playout ends, winners are players (or 0 for a draw), lengths are sane.

use ludemic::{Game, Outcome, Xoshiro256PlusPlus};
use ludemic_example_build::{Hex, TicTacToe};

const PLAYOUTS: u64 = 1000;

/// Plays `PLAYOUTS` playouts; returns (outcomes, total moves).
fn play<G: Game>(game: &G, seed: u64) -> (Vec<Outcome>, u64) {
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
    let mut outcomes = Vec::new();
    let mut total = 0u64;
    for _ in 0..PLAYOUTS {
        let mut state = game.initial_state();
        let result = game.playout(&mut state, &mut rng);
        assert!(
            game.status(&state).is_over(),
            "{}: the playout did not end",
            game.name()
        );
        assert_eq!(game.moves_played(&state), result.moves);
        assert!(
            result.outcome.winner <= 2,
            "winner {}",
            result.outcome.winner
        );
        outcomes.push(result.outcome);
        total += u64::from(result.moves);
    }
    (outcomes, total)
}

#[test]
fn tic_tac_toe_playouts_are_sane() {
    let game = TicTacToe;
    assert_eq!(game.name(), "Tic-Tac-Toe");
    assert_eq!(tic_tac_toe_sites(), 9);
    let (outcomes, total) = play(&game, 1);
    let mean = total as f64 / PLAYOUTS as f64;
    assert!((5.0..=11.0).contains(&mean), "mean length {mean}");
    // Random Tic-Tac-Toe: P1 wins most, and all three results occur.
    let count = |w: u8| outcomes.iter().filter(|o| o.winner == w).count();
    assert!(count(1) > count(2), "P1 {} vs P2 {}", count(1), count(2));
    assert!(count(0) > 0 && count(2) > 0);
}

fn tic_tac_toe_sites() -> usize {
    ludemic_example_build::tic_tac_toe::NUM_SITES
}

#[test]
fn hex9_playouts_are_sane() {
    let game = Hex;
    assert_eq!(game.name(), "Hex");
    assert_eq!(ludemic_example_build::hex9::NUM_SITES, 81);
    let (outcomes, total) = play(&game, 2);
    // Hex has no draws: one player joins their sides before the board fills
    // (at most 81 placements plus a swap).
    assert!(outcomes.iter().all(|o| o.winner == 1 || o.winner == 2));
    let mean = total as f64 / PLAYOUTS as f64;
    assert!(mean > 9.0 && mean <= 82.0, "mean length {mean}");
}
