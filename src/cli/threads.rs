//! `--threads N`: running independent trials or playouts on a rayon pool.
//!
//! Trials of `lengths` and `match` are seeded each from the run's seed and
//! its index, so their results do not depend on the number of threads.
//! Playouts (`playout`, `bench`) are split into one share per thread, each
//! drawing from its own stream of the seed ([`Xoshiro256PlusPlus::stream`]:
//! the seed's generator jumped by 2^128 steps per thread), so a run is
//! deterministic for a seed and a number of threads, and one thread gives
//! exactly the single-threaded run.

use ludemic_runtime::Xoshiro256PlusPlus;
use rayon::prelude::*;

/// A pool of `threads` threads (at least one).
pub fn pool(threads: usize) -> miette::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| miette::miette!("cannot start {threads} threads: {e}"))
}

/// `f(i)` for i in 0..n on `threads` threads, results in index order.
pub fn map_indexed<T: Send>(
    threads: usize,
    n: u64,
    f: impl Fn(u64) -> T + Sync + Send,
) -> miette::Result<Vec<T>> {
    if threads <= 1 {
        return Ok((0..n).map(f).collect());
    }
    Ok(pool(threads)?.install(|| (0..n).into_par_iter().map(f).collect()))
}

/// Thread t's share of `n` items: n / threads, one more for the first n % threads.
pub fn share(n: u64, threads: usize, t: usize) -> u64 {
    let k = threads.max(1) as u64;
    n / k + u64::from((t as u64) < n % k)
}

/// `f(t, rng)` for each thread t with stream t of `seed`, results in
/// thread order.
pub fn per_thread<T: Send>(
    threads: usize,
    seed: u64,
    f: impl Fn(usize, Xoshiro256PlusPlus) -> T + Sync + Send,
) -> miette::Result<Vec<T>> {
    let threads = threads.max(1);
    if threads == 1 {
        return Ok(vec![f(0, Xoshiro256PlusPlus::stream(seed, 0))]);
    }
    Ok(pool(threads)?.install(|| {
        (0..threads)
            .into_par_iter()
            .map(|t| f(t, Xoshiro256PlusPlus::stream(seed, t)))
            .collect()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up() {
        for n in [0, 1, 7, 100] {
            for t in 1..5 {
                assert_eq!((0..t).map(|i| share(n, t, i)).sum::<u64>(), n);
            }
        }
    }
}
