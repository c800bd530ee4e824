//! Move generators and their consequences (`then`).

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{Add, Effect, Moves, PieceRef};
use crate::syntax::{Node, NodeKind};

use super::{conds, Args, Cx};

/// A move generator: `(move Add ...)`, `(add ...)`, `(priority ...)`, `(or ...)`.
pub(super) fn moves(cx: &Cx, node: &Node) -> Result<Moves> {
    match Cx::ludeme_name(node).as_str() {
        "move Add" => Ok(Moves::Add(add(cx, node, 1)?)),
        "add" => Ok(Moves::Add(add(cx, node, 0)?)),
        "priority" => Ok(Moves::Priority(list(cx, node, "priority")?)),
        "or" => Ok(Moves::Or(list(cx, node, "or")?)),
        _ => Err(cx.unsupported_in(node, "move ludeme")),
    }
}

/// `(priority {A B})`, `(priority A B)` and the same for `or`.
fn list(cx: &Cx, node: &Node, what: &str) -> Result<Vec<Moves>> {
    let items: Vec<&Node> = match node.args() {
        [one] if one.label.is_none() => match &one.value.kind {
            NodeKind::Array(items) => items.iter().map(|a| &a.value).collect(),
            _ => vec![&one.value],
        },
        args => {
            if let Some(labelled) = args.iter().find(|a| a.label.is_some()) {
                return Err(cx.error_span(
                    ErrorKind::Unsupported,
                    &labelled.span,
                    format!("unsupported labelled argument of `({what} ...)`"),
                ));
            }
            args.iter().map(|a| &a.value).collect()
        }
    };
    if items.is_empty() {
        return Err(cx.error(
            ErrorKind::Invalid,
            node,
            format!("`({what} ...)` needs moves"),
        ));
    }
    items.into_iter().map(|m| moves(cx, m)).collect()
}

/// `(move Add [piece] (to REGION [if:C]) [(then E)])`; `skip` is 1 after the `Add` selector.
fn add(cx: &Cx, node: &Node, skip: usize) -> Result<Add> {
    let what = if skip == 1 { "move Add" } else { "add" };
    let mut args = Args::new(node, what, skip);
    let to = args
        .form_with_head("to")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(move Add ...)` needs `(to ...)`"))?;
    let then = match args.form_with_head("then") {
        Some(then) => Some(self::then(cx, then)?),
        None => None,
    };
    args.finish(cx)?;
    let mut targs = Args::new(to, "to", 0);
    let region = targs
        .next()
        .ok_or_else(|| targs.error(cx, ErrorKind::Invalid, "`(to ...)` needs sites"))?;
    let to_if = match targs.labeled("if") {
        Some(c) => Some(conds::cond(cx, c)?),
        None => None,
    };
    targs.finish(cx)?;
    if cx.components.len() < cx.num_players() as usize {
        return Err(cx.error(
            ErrorKind::Invalid,
            node,
            format!(
                "`{what}` places the component numbered like the mover, but the game declares {} pieces for {} players",
                cx.components.len(),
                cx.num_players()
            ),
        ));
    }
    Ok(Add {
        rule: cx.next_rule(),
        piece: PieceRef::Mover,
        to: conds::region(cx, region)?,
        to_if,
        then,
    })
}

/// `(then E)`.
fn then(cx: &Cx, node: &Node) -> Result<Effect> {
    let mut args = Args::new(node, "then", 0);
    let effect = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(then ...)` needs a consequence"))?;
    args.finish(cx)?;
    self::effect(cx, effect)
}

/// A consequence: `(moveAgain)`, `(if C E [E])`, `{E...}`.
fn effect(cx: &Cx, node: &Node) -> Result<Effect> {
    match &node.kind {
        NodeKind::Array(items) => items
            .iter()
            .map(|a| effect(cx, &a.value))
            .collect::<Result<_>>()
            .map(Effect::Seq),
        _ => match node.head() {
            Some("moveAgain") => {
                Args::new(node, "moveAgain", 0).finish(cx)?;
                Ok(Effect::MoveAgain)
            }
            Some("if") => {
                let mut args = Args::new(node, "if", 0);
                let condition = args.next().ok_or_else(|| {
                    args.error(cx, ErrorKind::Invalid, "`(if ...)` needs a condition")
                })?;
                let then = args.next().ok_or_else(|| {
                    args.error(cx, ErrorKind::Invalid, "`(if ...)` needs a consequence")
                })?;
                let otherwise = args.next();
                args.finish(cx)?;
                Ok(Effect::If {
                    condition: conds::cond(cx, condition)?,
                    then: Box::new(effect(cx, then)?),
                    otherwise: otherwise.map(|o| effect(cx, o)).transpose()?.map(Box::new),
                })
            }
            _ => Err(cx.unsupported_in(node, "consequence")),
        },
    }
}
