//! The interpreter's Filter playout (Ludii's `PlayoutFilter`): in a phase
//! whose play rule has a Filter shape (`crate::analyse::filter`), the
//! candidates are the moves of the `do`'s PRIOR, untested, and a drawn move
//! is tested against its `ifAfterwards:` condition alone. Elsewhere the
//! candidates are the legal moves themselves.

use ludemic_runtime::{Candidates, Filtered, Game, MoveBuffer};

use crate::analyse::filter::{shape, FilterShape};

use super::conds::Ctx;
use super::{Interpreter, Move, State};

impl Interpreter {
    /// The Filter shape of the mover's phase, where the Filter playout is on.
    fn filter_shape(&self, state: &State) -> Option<FilterShape<'_>> {
        let phase = state.phase[state.mover as usize] as usize;
        if !self.filter_phases.get(phase).copied().unwrap_or(false) {
            return None;
        }
        shape(&self.model.phases[phase].play)
    }
}

impl Filtered for Interpreter {
    fn candidate_moves(&self, state: &State, out: &mut MoveBuffer<Move>) -> Candidates {
        let Some(shape) = self.filter_shape(state) else {
            self.legal_moves(state, out);
            return Candidates::Legal;
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
        if tested {
            Candidates::ToTest
        } else {
            Candidates::Legal
        }
    }

    /// Swaps skip the test, and so do passes where the play rule or-s the
    /// `do` with `(move Pass)` (Ludii's `isMoveReallyLegal`).
    fn passes(&self, state: &State, mv: Move) -> bool {
        let (after, pass_skips) = match self.filter_shape(state) {
            Some(FilterShape::Do { after, .. } | FilterShape::IfElseDo { after, .. }) => {
                (after, false)
            }
            Some(FilterShape::DoOrPass { after, .. }) => (after, true),
            None => return true,
        };
        match mv {
            Move::Swap => true,
            Move::Pass if pass_skips => true,
            _ => self.passes_afterwards(state, mv, after),
        }
    }

    fn forced_pass(&self, _state: &State) -> Move {
        Move::Pass
    }
}
