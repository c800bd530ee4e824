//! Argument matching for one ludeme form.
//!
//! Ludii matches a form's arguments to a constructor by type and label, not
//! by position. [`Args`] lets a lowering function take the arguments it
//! understands, in any order, and [`Args::finish`] turns every argument left
//! over into an "unsupported" error — so nothing is ever silently ignored.

use crate::diagnostic::{ErrorKind, Result};
use crate::syntax::{Arg, Node, NodeKind};

use super::Cx;

pub(crate) struct Args<'a> {
    form: &'a Node,
    /// The ludeme's name for messages, e.g. `is Line`.
    what: String,
    args: &'a [Arg],
    used: Vec<bool>,
}

impl<'a> Args<'a> {
    /// The arguments of `form`, skipping the first `skip` (e.g. a type selector).
    pub fn new(form: &'a Node, what: impl Into<String>, skip: usize) -> Self {
        let args = form.args();
        let mut used = vec![false; args.len()];
        used.iter_mut().take(skip).for_each(|u| *u = true);
        Args {
            form,
            what: what.into(),
            args,
            used,
        }
    }

    pub fn what(&self) -> &str {
        &self.what
    }

    /// Takes the first unused unlabelled argument that satisfies `accept`.
    pub fn take(&mut self, accept: impl Fn(&Node) -> bool) -> Option<&'a Node> {
        let args = self.args;
        let i = (0..args.len())
            .find(|&i| !self.used[i] && args[i].label.is_none() && accept(&args[i].value))?;
        self.used[i] = true;
        Some(&args[i].value)
    }

    /// Takes the next unused unlabelled argument, whatever it is.
    pub fn next(&mut self) -> Option<&'a Node> {
        self.take(|_| true)
    }

    /// Takes the first unused unlabelled form with this head.
    pub fn form_with_head(&mut self, head: &str) -> Option<&'a Node> {
        self.take(|n| n.head() == Some(head))
    }

    /// Takes the first unused unlabelled atom equal to one of `names`.
    pub fn atom_among(&mut self, names: &[&str]) -> Option<&'a str> {
        self.take(|n| n.atom().is_some_and(|a| names.contains(&a)))
            .and_then(Node::atom)
    }

    /// Takes the first unused unlabelled string (a name).
    pub fn string(&mut self) -> Option<&'a str> {
        self.take(|n| n.string().is_some()).and_then(Node::string)
    }

    /// Takes the first unused unlabelled integer literal.
    pub fn int(&mut self) -> Option<(i64, &'a Node)> {
        let node = self.take(|n| n.atom().is_some_and(|a| a.parse::<i64>().is_ok()))?;
        Some((node.atom()?.parse().ok()?, node))
    }

    /// Takes the argument labelled `name:`.
    pub fn labeled(&mut self, name: &str) -> Option<&'a Node> {
        let args = self.args;
        let i =
            (0..args.len()).find(|&i| !self.used[i] && args[i].label.as_deref() == Some(name))?;
        self.used[i] = true;
        Some(&args[i].value)
    }

    /// Takes `name:True/False`, defaulting to `default`.
    pub fn labeled_bool(&mut self, cx: &Cx, name: &str, default: bool) -> Result<bool> {
        match self.labeled(name) {
            None => Ok(default),
            Some(node) => cx.boolean(node),
        }
    }

    /// An error about this form as a whole.
    pub fn error(
        &self,
        cx: &Cx,
        kind: ErrorKind,
        message: impl Into<String>,
    ) -> crate::CompileError {
        cx.error(kind, self.form, message)
    }

    /// Fails with an "unsupported" error naming the first argument left over.
    pub fn finish(self, cx: &Cx) -> Result<()> {
        for (arg, used) in self.args.iter().zip(&self.used) {
            if !used {
                let shown = match (&arg.label, &arg.value.kind) {
                    (Some(l), _) => format!("{l}:"),
                    (None, NodeKind::Form { head, .. }) => format!("({head} ...)"),
                    (None, NodeKind::Array(_)) => "{...}".to_owned(),
                    (None, NodeKind::Str(s)) => format!("\"{s}\""),
                    (None, NodeKind::Atom(a)) => a.clone(),
                };
                return Err(cx
                    .error_span(
                        ErrorKind::Unsupported,
                        &arg.span,
                        format!("unsupported argument `{shown}` of `({} ...)`", self.what),
                    )
                    .with_label("not supported here"));
            }
        }
        Ok(())
    }
}
