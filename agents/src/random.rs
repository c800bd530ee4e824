//! The uniformly random agent.

use ludemic_runtime::{Game, MoveBuffer, Xoshiro256PlusPlus};

use crate::Agent;

/// Plays a legal move chosen uniformly at random.
pub struct Random<M> {
    rng: Xoshiro256PlusPlus,
    buffer: MoveBuffer<M>,
}

impl<M> Random<M> {
    pub fn new(seed: u64) -> Self {
        Random {
            rng: Xoshiro256PlusPlus::from_seed_u64(seed),
            buffer: MoveBuffer::new(),
        }
    }
}

impl<G: Game> Agent<G> for Random<G::Move> {
    fn name(&self) -> String {
        "random".into()
    }

    fn select(&mut self, game: &G, state: &G::State) -> G::Move {
        game.random_move(state, &mut self.rng, &mut self.buffer)
    }
}
