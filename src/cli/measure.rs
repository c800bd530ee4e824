//! Timing random playouts for a number of seconds, on one thread or
//! several: what `bench` and `bench --variants` measure.

use ludemic_runtime::{Game, PlayoutStats, Xoshiro256PlusPlus};

/// Playouts measured on one engine.
pub(super) type Measurement = ludemic_runtime::Timed;

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
    let parts = super::threads::per_thread(threads, seed, |_, mut rng| {
        timed_playouts_from(game, seconds, &mut rng)
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

/// The game's own random playouts from the initial state for about
/// `seconds`; one generator seeded with `seed` runs through all.
pub(super) fn timed_playouts<G: Game>(game: &G, seconds: f64, seed: u64) -> Measurement {
    timed_playouts_from(game, seconds, &mut Xoshiro256PlusPlus::from_seed_u64(seed))
}

fn timed_playouts_from<G: Game>(
    game: &G,
    seconds: f64,
    rng: &mut Xoshiro256PlusPlus,
) -> Measurement {
    ludemic_runtime::timed_playouts(game, seconds, rng, |g, s, r| g.playout(s, r))
}
