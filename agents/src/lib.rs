//! Agents over the runtime's [`Game`] trait, so that they play interpreted
//! and compiled games alike: [`random`], [`uct`] (UCB1 with random
//! playouts), [`alphabeta`] (AB_d over Ludii's heuristics) and
//! [`hs`] (Browne and Barbero's heuristic sampling, with or without
//! same-turn continuation). Every agent is seeded and deterministic for
//! its seed, and plays any number of players.
//!
//! The heuristic agents evaluate states through [`Evaluate`]; see
//! `docs/ludii-semantics.md` §32 for Ludii's semantics they follow.

pub mod alphabeta;
pub mod hs;
pub mod play;
pub mod random;
pub mod spec;
pub mod uct;

use ludemic_runtime::{Evaluate, Game, Outcome, Player, Status};

pub use play::{play_game, GameRecord};
pub use spec::AgentSpec;

/// An agent: chooses a move for the player to move in an ongoing state.
pub trait Agent<G: Game> {
    /// The agent's name, as the command line spells it (`uct:1000`).
    fn name(&self) -> String;
    /// A legal move of `state`, which must be ongoing.
    fn select(&mut self, game: &G, state: &G::State) -> G::Move;
}

/// Ludii's `RankUtils.rankToUtil`: rank 1 is 1, the last rank -1, linear
/// between (a two-player draw, rank 1.5, is 0).
pub fn rank_to_util(rank: f32, num_players: usize) -> f32 {
    if num_players <= 1 {
        return 2.0 * (1.0 - rank) + 1.0;
    }
    1.0 - 2.0 * (rank - 1.0) / (num_players as f32 - 1.0)
}

/// Each player's utility (index p - 1) of a finished game.
pub fn utilities(outcome: &Outcome) -> Vec<f32> {
    let n = outcome.num_players as usize;
    outcome
        .ranks()
        .iter()
        .map(|&r| if r == 0.0 { 0.0 } else { rank_to_util(r, n) })
        .collect()
}

/// The mover of an ongoing state.
pub fn mover<G: Game>(game: &G, state: &G::State) -> Option<Player> {
    match game.status(state) {
        Status::Ongoing { mover } => Some(mover),
        Status::Over(_) => None,
    }
}

/// Ludii's heuristic score of a state for `player` (as `AlphaBetaSearch`
/// and `HeuristicSampling` compute it): the player's value less each
/// opponent's, all players being active in an ongoing state.
pub fn heuristic_score<G: Game, E: Evaluate<G> + ?Sized>(
    game: &G,
    eval: &E,
    state: &G::State,
    player: Player,
) -> f32 {
    let threshold = ABS_WEIGHT_THRESHOLD;
    let mut score = eval.value(game, state, player, threshold);
    for opp in 1..=game.num_players() as Player {
        if opp != player {
            score -= eval.value(game, state, opp, threshold);
        }
    }
    score
}

/// Ludii's `ABS_HEURISTIC_WEIGHT_THRESHOLD` (alpha-beta and heuristic
/// sampling): terms and piece weights below 0.01 in absolute value count 0.
pub const ABS_WEIGHT_THRESHOLD: f32 = 0.01;
