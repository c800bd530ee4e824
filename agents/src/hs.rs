//! Heuristic sampling, HS_{1/n} (Browne and Barbero, "Heuristic Sampling
//! for Fast Plausible Playouts", section II; Ludii's `HeuristicSampling`):
//! sample max(2, ⌈|A|/n⌉) of the |A| legal moves without replacement; a
//! move that wins is played at once; a move that loses is ignored;
//! otherwise the sampled move with the highest heuristic score (the
//! mover's value less the opponents', plus Ludii's random tie-break of
//! less than 0.001) is played, a draw scoring 0. With same-turn
//! continuation, a move after which the same player moves again is worth
//! the score HS itself reaches at the end of that player's turn (HS
//! applied again to the following state, at most 10 levels deep as in
//! Ludii); `hs-nostc` scores such a move by the heuristic at once.
//!
//! Ludii's own code samples ⌊(|A| + 1)/n⌋ (the same for n = 2) and halves
//! the sample again at each continuation level from the third; the paper's
//! rule, above, is the one followed here.

use ludemic_runtime::{Evaluate, Game, MoveBuffer, Player, RngExt, Status, Xoshiro256PlusPlus};

use crate::{heuristic_score, Agent};

/// `HeuristicSampling.WIN_SCORE`.
pub const WIN_SCORE: f32 = 10_000.0;
/// Ludii's bound on continuation levels (`depth <= 10`).
pub const MAX_CONTINUATION: u32 = 10;

pub struct HeuristicSampling<'e, G: Game, E: ?Sized> {
    fraction: usize,
    continuation: bool,
    eval: &'e E,
    rng: Xoshiro256PlusPlus,
    buffer: MoveBuffer<G::Move>,
}

impl<'e, G: Game, E: Evaluate<G> + ?Sized> HeuristicSampling<'e, G, E> {
    pub fn new(fraction: usize, continuation: bool, eval: &'e E, seed: u64) -> Self {
        HeuristicSampling {
            fraction: fraction.max(1),
            continuation,
            eval,
            rng: Xoshiro256PlusPlus::from_seed_u64(seed),
            buffer: MoveBuffer::new(),
        }
    }

    /// The sampled moves: max(2, ⌈|A|/n⌉) of them, or all.
    fn sample(&mut self, game: &G, state: &G::State) -> Vec<G::Move> {
        game.legal_moves(state, &mut self.buffer);
        let mut all = self.buffer.to_vec();
        let target = 2.max(all.len().div_ceil(self.fraction));
        if target >= all.len() {
            return all;
        }
        let mut chosen = Vec::with_capacity(target);
        while chosen.len() < target {
            let k = self.rng.index(all.len());
            chosen.push(all.swap_remove(k));
        }
        chosen
    }

    /// Ludii's `evaluateMoves`: the best sampled move and its score.
    pub fn evaluate(&mut self, game: &G, state: &G::State, depth: u32) -> (G::Move, f32) {
        let moves = self.sample(game, state);
        let mover: Player = crate::mover(game, state).expect("an ongoing state");
        let mut best = (moves[0], f32::NEG_INFINITY);
        for &mv in &moves {
            let mut next = state.clone();
            game.apply(&mut next, mv);
            game.draw_chance(&mut next, &mut self.rng);
            let score = match game.status(&next) {
                Status::Over(outcome) if outcome.winner == mover => return (mv, WIN_SCORE),
                Status::Over(outcome) if outcome.winner != 0 => continue,
                Status::Over(_) => 0.0,
                Status::Ongoing { mover: m }
                    if self.continuation && m == mover && depth <= MAX_CONTINUATION =>
                {
                    self.evaluate(game, &next, depth + 1).1
                }
                Status::Ongoing { .. } => {
                    heuristic_score(game, self.eval, &next, mover)
                        + self.rng.index(1000) as f32 / 1_000_000.0
                }
            };
            if score > best.1 {
                best = (mv, score);
            }
        }
        best
    }
}

impl<G: Game, E: Evaluate<G> + ?Sized> Agent<G> for HeuristicSampling<'_, G, E> {
    fn name(&self) -> String {
        if self.continuation {
            format!("hs:{}", self.fraction)
        } else {
            format!("hs-nostc:{}", self.fraction)
        }
    }

    fn select(&mut self, game: &G, state: &G::State) -> G::Move {
        self.evaluate(game, state, 1).0
    }
}
