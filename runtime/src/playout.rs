//! Random playouts.

use rand_core::RngCore;

use crate::{Game, MoveBuffer, Outcome, RngExt, Status};

/// How one playout ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    pub outcome: Outcome,
    /// Moves played, counted as Ludii counts them (forced passes and swaps included).
    pub moves: u32,
}

/// The standard playout: at every step compute all legal moves and play one
/// chosen uniformly at random, until the game is over.
#[inline(always)]
pub fn standard_playout<G: Game, R: RngCore>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
    buffer: &mut MoveBuffer<G::Move>,
) -> PlayoutResult {
    loop {
        match game.status(state) {
            Status::Over(outcome) => {
                return PlayoutResult {
                    outcome,
                    moves: game.moves_played(state),
                }
            }
            Status::Ongoing { .. } => {
                game.legal_moves(state, buffer);
                debug_assert!(!buffer.is_empty(), "an ongoing state has a legal move");
                let mv = buffer[rng.index(buffer.len())];
                game.apply(state, mv);
            }
        }
    }
}

/// A game whose playouts draw each move without listing the moves (target
/// sets, site by site, by counting), with the standard playout's
/// distribution.
pub trait DrawMove: Game {
    /// One legal move of an ongoing `state`, chosen uniformly at random.
    fn draw_move<R: RngCore>(&self, state: &Self::State, rng: &mut R) -> Self::Move;
}

/// The standard playout, each move drawn by [`DrawMove::draw_move`].
#[inline(always)]
pub fn drawn_playout<G: DrawMove, R: RngCore>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
) -> PlayoutResult {
    while !game.is_over(state) {
        let mv = game.draw_move(state, rng);
        game.apply(state, mv);
    }
    match game.status(state) {
        Status::Over(outcome) => PlayoutResult {
            outcome,
            moves: game.moves_played(state),
        },
        Status::Ongoing { .. } => unreachable!("the game is over"),
    }
}
