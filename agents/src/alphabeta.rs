//! Alpha-beta to a fixed depth (AB_d) over Ludii's heuristics, as Ludii's
//! `AlphaBetaSearch` searches with a depth limit and no time limit: the
//! root's moves in a random order, one search at depth `d` (in moves, not
//! turns), max nodes where the searching player moves and min nodes where
//! anyone else does — so consecutive moves of the same player stay max
//! (or min) nodes — finished states worth the player's utility times
//! 1,000,000 (beyond any heuristic value), leaves worth the heuristic
//! score (the player's value less the opponents'), the first strictly
//! better root move kept. With more than two players this is Ludii's
//! paranoid search (the max^n search runs only under a time limit).
//! Ludii's transposition table, which only reorders moves and shortcuts
//! repeated positions, is left out.

use ludemic_runtime::{Evaluate, Game, MoveBuffer, Player, RngExt, Status, Xoshiro256PlusPlus};

use crate::{heuristic_score, utilities, Agent};

/// `AlphaBetaSearch.ALPHA_INIT` and `BETA_INIT`.
pub const ALPHA_INIT: f32 = -1_000_000.0;
pub const BETA_INIT: f32 = 1_000_000.0;

pub struct AlphaBeta<'e, G: Game, E: ?Sized> {
    depth: u32,
    eval: &'e E,
    rng: Xoshiro256PlusPlus,
    buffers: Vec<MoveBuffer<G::Move>>,
}

impl<'e, G: Game, E: Evaluate<G> + ?Sized> AlphaBeta<'e, G, E> {
    pub fn new(depth: u32, eval: &'e E, seed: u64) -> Self {
        AlphaBeta {
            depth: depth.max(1),
            eval,
            rng: Xoshiro256PlusPlus::from_seed_u64(seed),
            buffers: Vec::new(),
        }
    }

    /// The value of `state` for `max` searched `depth` moves deep.
    pub fn search(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        mut alpha: f32,
        mut beta: f32,
        max: Player,
    ) -> f32 {
        let mover = match game.status(state) {
            Status::Over(outcome) => {
                return utilities(&outcome)[max as usize - 1] * BETA_INIT;
            }
            Status::Ongoing { mover } => mover,
        };
        if depth == 0 {
            return heuristic_score(game, self.eval, state, max);
        }
        let level = depth as usize;
        while self.buffers.len() <= level {
            self.buffers.push(MoveBuffer::new());
        }
        let mut moves = std::mem::take(&mut self.buffers[level]);
        game.legal_moves(state, &mut moves);
        let result = if mover == max {
            let mut score = ALPHA_INIT;
            for &mv in moves.iter() {
                let mut next = state.clone();
                game.apply(&mut next, mv);
                game.draw_chance(&mut next, &mut self.rng);
                let value = self.search(game, &next, depth - 1, alpha, beta, max);
                score = score.max(value);
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
            score
        } else {
            let mut score = BETA_INIT;
            for &mv in moves.iter() {
                let mut next = state.clone();
                game.apply(&mut next, mv);
                game.draw_chance(&mut next, &mut self.rng);
                let value = self.search(game, &next, depth - 1, alpha, beta, max);
                score = score.min(value);
                beta = beta.min(score);
                if alpha >= beta {
                    break;
                }
            }
            score
        };
        self.buffers[level] = moves;
        result
    }
}

impl<G: Game, E: Evaluate<G> + ?Sized> Agent<G> for AlphaBeta<'_, G, E> {
    fn name(&self) -> String {
        format!("ab:{}", self.depth)
    }

    fn select(&mut self, game: &G, state: &G::State) -> G::Move {
        let max = crate::mover(game, state).expect("an ongoing state");
        let mut buffer = MoveBuffer::new();
        game.legal_moves(state, &mut buffer);
        let mut moves = buffer.to_vec();
        // Ludii shuffles the root moves (removeSwap of a random index).
        let mut sorted = Vec::with_capacity(moves.len());
        while !moves.is_empty() {
            let k = self.rng.index(moves.len());
            sorted.push(moves.swap_remove(k));
        }
        let mut score = ALPHA_INIT;
        let mut alpha = ALPHA_INIT;
        let beta = BETA_INIT;
        let mut best = sorted[0];
        for &mv in &sorted {
            let mut next = state.clone();
            game.apply(&mut next, mv);
            game.draw_chance(&mut next, &mut self.rng);
            let value = self.search(game, &next, self.depth - 1, alpha, beta, max);
            if value > score {
                score = value;
                best = mv;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
