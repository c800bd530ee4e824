//! Draws `Game::random_move` many times at states along random playouts and
//! checks the draws against the listed legal moves: every draw is legal, and
//! the counts fit the uniform distribution (chi-square, df = moves - 1, at
//! more than 6 standard deviations of the statistic it fails). A playout's
//! own draw (target sets, site by site, by counting) must pick each legal
//! move as often as the standard playout's uniform pick from the list.

use ludemic_runtime::{Game, MoveBuffer, MoveKey, RngExt, Status, Xoshiro256PlusPlus};

/// Checks `states` states with more than one legal move (fewer where the
/// game offers no such state within `200 * states` moves), each with
/// `draws_per_move` draws per legal move, along playouts from `seed`.
pub fn uniform_draws<G: Game>(
    game: &G,
    states: usize,
    draws_per_move: usize,
    seed: u64,
) -> Result<(), String> {
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
    let (mut legal, mut scratch) = (MoveBuffer::new(), MoveBuffer::new());
    let mut checked = 0;
    let mut s = game.initial_state();
    let mut steps = 0;
    while checked < states && steps < 200 * states {
        steps += 1;
        if let Status::Over(_) = game.status(&s) {
            s = game.initial_state();
            continue;
        }
        game.legal_moves(&s, &mut legal);
        let all = crate::lockstep::keys(game, &legal);
        let n = all.len();
        // Moves sharing a key (Fanorona's approach and withdrawal of one
        // `from>to`) are drawn as often as that many moves.
        let mut keys: Vec<MoveKey> = all.clone();
        keys.dedup();
        let share: Vec<usize> = keys
            .iter()
            .map(|k| all.iter().filter(|&a| a == k).count())
            .collect();
        let mut counts = vec![0usize; keys.len()];
        for _ in 0..n * draws_per_move {
            let key = game.move_key(game.random_move(&s, &mut rng, &mut scratch));
            let Ok(i) = keys.binary_search(&key) else {
                return Err(format!("{}: drew {key}, not a legal move", game.name()));
            };
            counts[i] += 1;
        }
        if keys.len() > 1 {
            let chi2: f64 = counts
                .iter()
                .zip(&share)
                .map(|(&c, &k)| {
                    let expected = (k * draws_per_move) as f64;
                    (c as f64 - expected).powi(2) / expected
                })
                .sum();
            let df = (keys.len() - 1) as f64;
            if chi2 > df + 6.0 * (2.0 * df).sqrt() {
                return Err(format!(
                    "{}: {n} moves drawn unevenly (chi-square {chi2:.1}, df {df}): {counts:?}",
                    game.name()
                ));
            }
            checked += 1;
        }
        let mv = legal[rng.index(legal.len())];
        game.apply(&mut s, mv);
    }
    Ok(())
}
