//! Timing random playouts for a number of seconds, on one thread or
//! several: what `bench` and `bench --variants` measure.

use std::time::Instant;

use ludemic_runtime::{Game, PlayoutStats, Xoshiro256PlusPlus};

/// Playouts measured on one engine.
pub(super) struct Measurement {
    pub(super) stats: PlayoutStats,
    pub(super) seconds: f64,
}

impl Measurement {
    pub(super) fn per_sec(&self) -> f64 {
        self.stats.playouts as f64 / self.seconds
    }
}

/// [`timed_playouts`] on each of `threads` threads at once, thread t from
/// stream t of `seed` (one thread: the seed's own generator); the merged
/// playouts over the longest thread's time.
pub(super) fn timed_playouts_threaded<G: Game + Sync>(
    game: &G,
    seconds: f64,
    seed: u64,
    threads: usize,
) -> miette::Result<Measurement> {
    if threads <= 1 {
        return Ok(timed_playouts(game, seconds, seed));
    }
    let parts = super::threads::per_thread(threads, seed, |_, rng| {
        timed_playouts_from(game, seconds, rng)
    })?;
    let mut stats = PlayoutStats::new(game.num_players());
    let mut longest: f64 = 0.0;
    for part in &parts {
        stats.merge(&part.stats);
        longest = longest.max(part.seconds);
    }
    Ok(Measurement {
        stats,
        seconds: longest,
    })
}

/// Random playouts from the initial state for about `seconds`, in batches so
/// the clock is read rarely; one generator seeded with `seed` runs through all.
pub(super) fn timed_playouts<G: Game>(game: &G, seconds: f64, seed: u64) -> Measurement {
    timed_playouts_from(game, seconds, Xoshiro256PlusPlus::from_seed_u64(seed))
}

fn timed_playouts_from<G: Game>(
    game: &G,
    seconds: f64,
    mut rng: Xoshiro256PlusPlus,
) -> Measurement {
    let mut stats = PlayoutStats::new(game.num_players());
    let initial = game.initial_state();
    let start = Instant::now();
    let mut batch: u64 = 1;
    loop {
        for _ in 0..batch {
            let mut state = initial.clone();
            let result = game.playout(&mut state, &mut rng);
            stats.record(&result);
        }
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= seconds {
            return Measurement {
                stats,
                seconds: elapsed,
            };
        }
        // Aim the next batch at a twentieth of the budget (at most what is left),
        // from the rate so far; grow by at most 4x at a time.
        let rate = stats.playouts as f64 / elapsed.max(1e-9);
        let aim = (seconds / 20.0).min(seconds - elapsed);
        batch = ((rate * aim) as u64).clamp(1, batch.saturating_mul(4));
    }
}
