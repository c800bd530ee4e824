//! Ludii's Filter and No-Repetition playouts (`PlayoutFilter`,
//! `PlayoutNoRepetition`): where a move's legality needs a test made after
//! the move (a postcondition such as "the king is not in check", or "this
//! position was not seen before"), the playout lists the moves *without*
//! the test, draws one uniformly, tests only that one, and on failure
//! removes it and draws again. Drawing without replacement until a move
//! passes picks uniformly among the moves that pass, so the distribution is
//! the standard playout's; the test is made for about one move per step
//! instead of for every move.

use rand_core::RngCore;

use crate::{Game, MoveBuffer, PlayoutResult, RngExt};

/// The moves of a state before their postcondition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidates {
    /// The buffer holds the legal moves themselves (no test is due here,
    /// e.g. the `then` branch of `(if C A (do B ifAfterwards:T))`).
    Legal,
    /// The buffer holds candidates, each legal exactly when
    /// [`Filtered::passes`] says so.
    ToTest,
}

/// A game whose legal moves are, at some states, the candidate moves that
/// pass a test made after the move.
pub trait Filtered: Game {
    /// Clears `out` and fills it with the candidate moves of an ongoing
    /// `state` (as a multiset: Ludii's duplicates kept).
    fn candidate_moves(&self, state: &Self::State, out: &mut MoveBuffer<Self::Move>) -> Candidates;

    /// Whether the candidate `mv` of `state` is legal.
    fn passes(&self, state: &Self::State, mv: Self::Move) -> bool;

    /// The move forced when no candidate passes (Ludii's forced pass).
    fn forced_pass(&self, state: &Self::State) -> Self::Move;
}

/// One legal move of an ongoing `state`, uniformly at random, testing the
/// candidates one at a time in a random order; `buffer` is scratch space.
#[inline]
pub fn filtered_move<G: Filtered, R: RngCore>(
    game: &G,
    state: &G::State,
    rng: &mut R,
    buffer: &mut MoveBuffer<G::Move>,
) -> G::Move {
    match game.candidate_moves(state, buffer) {
        Candidates::Legal if !buffer.is_empty() => buffer[rng.index(buffer.len())],
        Candidates::Legal => game.forced_pass(state),
        Candidates::ToTest => {
            while !buffer.is_empty() {
                let mv = buffer.swap_remove(rng.index(buffer.len()));
                if game.passes(state, mv) {
                    return mv;
                }
            }
            game.forced_pass(state)
        }
    }
}

/// The Filter (or No-Repetition) playout: every move drawn by
/// [`filtered_move`], until the game is over.
#[inline]
pub fn filter_playout<G: Filtered, R: RngCore>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
    buffer: &mut MoveBuffer<G::Move>,
) -> PlayoutResult {
    while !game.is_over(state) {
        let mv = filtered_move(game, state, rng, buffer);
        game.playout_apply(state, mv);
    }
    crate::playout::finished(game, state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EndReason, MoveKey, Outcome, Status, Xoshiro256PlusPlus};
    use rand_core::SeedableRng;

    /// One step: moves 0..10 are candidates and the even ones pass;
    /// `moves_played` reports the move played.
    struct Evens;

    impl Game for Evens {
        type State = Option<u8>;
        type Move = u8;
        fn name(&self) -> &str {
            "evens"
        }
        fn num_players(&self) -> usize {
            1
        }
        fn initial_state(&self) -> Option<u8> {
            None
        }
        fn legal_moves(&self, _: &Option<u8>, out: &mut MoveBuffer<u8>) {
            out.clear();
            out.extend((0..10).filter(|m: &u8| m.is_multiple_of(2)));
        }
        fn apply(&self, state: &mut Option<u8>, mv: u8) {
            *state = Some(mv);
        }
        fn status(&self, state: &Option<u8>) -> Status {
            match state {
                Some(_) => Status::Over(Outcome::draw(1, EndReason::Terminal)),
                None => Status::Ongoing { mover: 1 },
            }
        }
        fn moves_played(&self, state: &Option<u8>) -> u32 {
            state.map_or(0, u32::from)
        }
        fn move_key(&self, mv: u8) -> MoveKey {
            MoveKey::place(mv as u32)
        }
    }

    impl Filtered for Evens {
        fn candidate_moves(&self, _: &Option<u8>, out: &mut MoveBuffer<u8>) -> Candidates {
            out.clear();
            out.extend(0..10);
            Candidates::ToTest
        }
        fn passes(&self, _: &Option<u8>, mv: u8) -> bool {
            mv.is_multiple_of(2)
        }
        fn forced_pass(&self, _: &Option<u8>) -> u8 {
            99
        }
    }

    #[test]
    fn draws_uniformly_among_the_moves_that_pass() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut buffer = MoveBuffer::new();
        let mut seen = [0u32; 10];
        for _ in 0..50_000 {
            let mv = filtered_move(&Evens, &None, &mut rng, &mut buffer);
            seen[mv as usize] += 1;
        }
        for (mv, &n) in seen.iter().enumerate() {
            if !mv.is_multiple_of(2) {
                assert_eq!(n, 0, "move {mv} fails the test");
            } else {
                // 10,000 expected; 5 standard deviations is about 450.
                assert!((9_550..10_450).contains(&n), "move {mv} drawn {n} times");
            }
        }
        let result = filter_playout(&Evens, &mut None, &mut rng, &mut buffer);
        assert!(result.moves.is_multiple_of(2));
    }
}
