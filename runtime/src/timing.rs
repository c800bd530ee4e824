//! Timing random playouts for a number of seconds: what `ludemic bench` and
//! the library's speed table measure.

use std::time::Instant;

use rand_core::RngCore;

use crate::{Game, PlayoutResult, PlayoutStats};

/// Playouts measured on one engine.
#[derive(Clone, Debug)]
pub struct Timed {
    pub stats: PlayoutStats,
    /// Wall-clock seconds the playouts took.
    pub seconds: f64,
}

impl Timed {
    pub fn per_sec(&self) -> f64 {
        self.stats.playouts as f64 / self.seconds
    }
}

/// Random playouts from the initial state, each played by `playout` (for
/// instance [`Game::playout`], or [`crate::standard_playout`] for Ludii's
/// standard playout), until about `seconds` have passed and at least one
/// playout has ended. They run in batches so that the clock is read
/// rarely; `rng` runs through all of them.
pub fn timed_playouts<G, R, F>(game: &G, seconds: f64, rng: &mut R, mut playout: F) -> Timed
where
    G: Game,
    R: RngCore,
    F: FnMut(&G, &mut G::State, &mut R) -> PlayoutResult,
{
    let mut stats = PlayoutStats::new(game.num_players());
    let initial = game.initial_state();
    let start = Instant::now();
    let mut batch: u64 = 1;
    loop {
        for _ in 0..batch {
            let mut state = initial.clone();
            let result = playout(game, &mut state, rng);
            stats.record(&result);
        }
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= seconds {
            return Timed {
                stats,
                seconds: elapsed,
            };
        }
        // Aim the next batch at a twentieth of the budget (at most what is
        // left), from the rate so far; grow by at most 4x at a time.
        let rate = stats.playouts as f64 / elapsed.max(1e-9);
        let aim = (seconds / 20.0).min(seconds - elapsed);
        batch = ((rate * aim) as u64).clamp(1, batch.saturating_mul(4));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{standard_playout, MoveBuffer, Xoshiro256PlusPlus};

    /// Nim-like: a pile of 5, each player takes 1 or 2, who takes the last wins.
    #[derive(Clone, Copy)]
    struct Pile;

    impl Game for Pile {
        type State = (u8, u8, u32);
        type Move = u8;
        fn name(&self) -> &str {
            "pile"
        }
        fn num_players(&self) -> usize {
            2
        }
        fn initial_state(&self) -> Self::State {
            (5, 1, 0)
        }
        fn legal_moves(&self, s: &Self::State, out: &mut MoveBuffer<u8>) {
            out.clear();
            for take in 1..=s.0.min(2) {
                out.push(take);
            }
        }
        fn apply(&self, s: &mut Self::State, take: u8) {
            s.0 -= take;
            s.2 += 1;
            if s.0 > 0 {
                s.1 = 3 - s.1;
            }
        }
        fn status(&self, s: &Self::State) -> crate::Status {
            if s.0 == 0 {
                let mut ranking = [0.0; crate::MAX_PLAYERS];
                ranking[s.1 as usize - 1] = 1.0;
                ranking[2 - s.1 as usize] = 2.0;
                crate::Status::Over(crate::Outcome {
                    winner: s.1,
                    ranking,
                    num_players: 2,
                    reason: crate::EndReason::Terminal,
                })
            } else {
                crate::Status::Ongoing { mover: s.1 }
            }
        }
        fn moves_played(&self, s: &Self::State) -> u32 {
            s.2
        }
        fn move_key(&self, take: u8) -> crate::MoveKey {
            crate::MoveKey::place(take as u32)
        }
    }

    #[test]
    fn times_at_least_one_playout_and_records_each() {
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(7);
        let mut buffer = MoveBuffer::new();
        let t = timed_playouts(&Pile, 0.0, &mut rng, |g, s, r| {
            standard_playout(g, s, r, &mut buffer)
        });
        assert!(t.stats.playouts >= 1);
        assert_eq!(t.stats.wins[1] + t.stats.wins[2], t.stats.playouts);
        // A pile of 5 taken 1 or 2 at a time ends in 3 to 5 moves.
        assert!((3..=5).contains(&t.stats.min_moves) && t.stats.max_moves <= 5);
        assert!(t.per_sec() > 0.0);
    }
}
