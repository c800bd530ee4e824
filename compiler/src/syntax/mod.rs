//! Concrete syntax of `.lud` and `.def` files (pest grammar) and the expanded tree.
//!
//! Two layers (see `lud.pest`): [`parse_raw`] checks a file as written and
//! gives a loose tree of brackets, strings and words; [`parse_expanded`]
//! parses the text the expander produces into the [`Node`] tree that the
//! lowering pass reads. Both report a [`crate::CompileError`] of kind
//! [`crate::ErrorKind::Syntax`] pointing at the original file, never panic.

mod balance;
mod errors;
mod grammar;
mod parse;
mod pretty;
mod raw;
pub mod tree;

pub use balance::MAX_NESTING;
pub use parse::{parse_expanded, parse_expanded_forms};
pub use pretty::pretty;
pub use raw::{parse_raw, RawFile, RawKind, RawNode};
pub use tree::{Arg, Node, NodeKind, Span};
