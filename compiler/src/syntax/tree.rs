//! The expanded syntax tree: what the lowering pass reads.
//!
//! Spans are byte ranges into the expanded text (a [`crate::source::Tracked`]),
//! which maps every byte back to the file it came from.

use std::ops::Range;

/// A byte range in the expanded text.
pub type Span = Range<usize>;

/// One node of an expanded description.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// `(head arg...)` — a ludeme (Ludii's "class" token).
    Form {
        head: String,
        head_span: Span,
        args: Vec<Arg>,
    },
    /// `{item...}` — an array.
    Array(Vec<Arg>),
    /// `"text"`, without the quotes.
    Str(String),
    /// Any other terminal: `3`, `-1.5`, `True`, `P1`, `Mover`, `NE`...
    Atom(String),
}

/// An argument: a value with an optional `name:` label.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub label: Option<String>,
    pub value: Node,
    /// From the label (if any) to the end of the value.
    pub span: Span,
}

impl Node {
    /// The head of a form, e.g. `"move"` for `(move Add ...)`.
    pub fn head(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Form { head, .. } => Some(head),
            _ => None,
        }
    }

    /// Arguments of a form or items of an array (empty for terminals).
    pub fn args(&self) -> &[Arg] {
        match &self.kind {
            NodeKind::Form { args, .. } | NodeKind::Array(args) => args,
            _ => &[],
        }
    }

    /// The text of an atom.
    pub fn atom(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Atom(a) => Some(a),
            _ => None,
        }
    }

    /// The contents of a string literal.
    pub fn string(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Str(s) => Some(s),
            _ => None,
        }
    }
}
