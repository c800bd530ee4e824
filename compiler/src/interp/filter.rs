//! The interpreter's Filter and No-Repetition playouts (Ludii's
//! `PlayoutFilter`, `PlayoutNoRepetition`): in a phase whose play rule has
//! a Filter shape (`crate::analyse::filter`), the candidates are the moves
//! of the `do`'s PRIOR, untested, and a drawn move is tested against its
//! `ifAfterwards:` condition alone; in a game with `(no Repeat ...)`, a
//! drawn move is also tested for the repetition (with a Filter shape, and
//! alone in the No-Repetition playout). Elsewhere the candidates are the
//! legal moves themselves.

use ludemic_runtime::{Candidates, Filtered, Game, MoveBuffer};

use crate::analyse::filter::{shape, FilterShape};

use super::conds::Ctx;
use super::{Interpreter, Move, State};

/// How the mover's phase draws its moves.
enum Drawn<'m> {
    /// The standard playout: the legal moves.
    Listed,
    /// Ludii's Filter playout for this shape.
    Filter(FilterShape<'m>),
    /// Ludii's No-Repetition playout: the play rule's moves, each tested
    /// for the repetition only.
    NoRepetition,
}

impl Interpreter {
    /// How the mover's phase draws its moves, where the optimised playouts are on.
    fn drawn(&self, state: &State) -> Drawn<'_> {
        let phase = state.phase[state.mover as usize] as usize;
        if !self.filter_phases.get(phase).copied().unwrap_or(false) {
            return Drawn::Listed;
        }
        match shape(&self.model.phases[phase].play) {
            Some(s) => Drawn::Filter(s),
            None => Drawn::NoRepetition,
        }
    }
}

impl Filtered for Interpreter {
    fn candidate_moves(&self, state: &State, out: &mut MoveBuffer<Move>) -> Candidates {
        let shape = match self.drawn(state) {
            Drawn::Listed => {
                self.legal_moves(state, out);
                return Candidates::Legal;
            }
            Drawn::NoRepetition => {
                out.clear();
                let phase = &self.model.phases[state.phase[state.mover as usize] as usize];
                self.generate(state, state.mover, &Ctx::default(), &phase.play, out);
                if self.swap_allowed(state) {
                    out.push(Move::Swap);
                }
                return Candidates::ToTest;
            }
            Drawn::Filter(shape) => shape,
        };
        out.clear();
        let ctx = Ctx::default();
        let mover = state.mover;
        let tested = match shape {
            FilterShape::Do { prior, .. } => {
                self.generate(state, mover, &ctx, prior, out);
                true
            }
            FilterShape::IfElseDo {
                condition,
                then,
                prior,
                ..
            } => {
                if self.eval_cond(state, mover, &ctx, condition) {
                    self.generate(state, mover, &ctx, then, out);
                    false
                } else {
                    self.generate(state, mover, &ctx, prior, out);
                    true
                }
            }
            FilterShape::DoOrPass { prior, pass, .. } => {
                self.generate(state, mover, &ctx, prior, out);
                self.generate(state, mover, &ctx, pass, out);
                true
            }
        };
        if self.swap_allowed(state) {
            out.push(Move::Swap);
        }
        // The repetition test is due for every move, in either branch.
        if tested || self.no_repeat().is_some() {
            Candidates::ToTest
        } else {
            Candidates::Legal
        }
    }

    /// Swaps skip the `ifAfterwards:` test, and so do passes where the play
    /// rule or-s the `do` with `(move Pass)` (Ludii's `isMoveReallyLegal`);
    /// passes never repeat a position (`NoRepeat.apply`).
    fn passes(&self, state: &State, mv: Move) -> bool {
        let (after, pass_skips) = match self.drawn(state) {
            Drawn::Listed => return true,
            Drawn::NoRepetition => return !self.repeats(state, mv),
            Drawn::Filter(FilterShape::IfElseDo {
                condition, after, ..
            }) => {
                if self.eval_cond(state, state.mover, &Ctx::default(), condition) {
                    // The `then` branch: legal as generated, but for the
                    // repetition test (which made it a candidate).
                    return !self.repeats(state, mv);
                }
                (after, false)
            }
            Drawn::Filter(FilterShape::Do { after, .. }) => (after, false),
            Drawn::Filter(FilterShape::DoOrPass { after, .. }) => (after, true),
        };
        let afterwards = match mv {
            Move::Swap => true,
            Move::Pass | Move::PassThen { .. } if pass_skips => true,
            _ => self.passes_afterwards(state, mv, after),
        };
        afterwards && !self.repeats(state, mv)
    }

    fn forced_pass(&self, _state: &State) -> Move {
        Move::Pass
    }
}
