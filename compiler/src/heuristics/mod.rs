//! Ludii's heuristic state evaluations (`metadata.ai.heuristics`): read
//! from a game's `(metadata ... (ai "X_ai"))` and the `X_ai` define of
//! Ludii's `def_ai` directories ([`read`]), and evaluated on a state
//! ([`eval::Evaluator`]).
//!
//! See `docs/ludii-semantics.md` §32 for the Java classes each point was
//! read from.

pub mod eval;
mod read;

pub use eval::{Evaluator, InterpView, ABS_WEIGHT_THRESHOLD};
pub use read::read;

pub use crate::ir::heuristics::{Heuristics, Origin, Term, TermKind, Transformation};
