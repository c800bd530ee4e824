//! `(move Promote SITE (piece NAMES) [WHO])` and the consequence
//! `(promote SITE (piece NAMES) [WHO])` (Ludii's `Promote`).

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{Promote, PromoteTo};
use crate::syntax::Node;

use super::{conds, moves, Args, Cx};

/// Lowers either form; `what` names it in messages.
pub(super) fn promote(cx: &Cx, node: &Node, what: &str, skip: usize) -> Result<Promote> {
    let mut args = Args::new(node, what, skip);
    let is_who = |n: &Node| n.atom().is_some_and(conds::is_player_atom) || is_player_fn(n);
    // Ludii's default location is `(to)`.
    let site = match args.take(|n| {
        n.head() != Some("piece") && n.head() != Some("then") && n.head().is_some() && !is_who(n)
    }) {
        Some(s) => conds::site(cx, s)?,
        None => crate::ir::SiteExpr::To,
    };
    let piece = args
        .form_with_head("piece")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "a promotion needs a `(piece ...)`"))?;
    let who = args
        .take(is_who)
        .map(|w| conds::player_fn(cx, w))
        .transpose()?;
    let then = moves::then_of(cx, &mut args)?;
    args.finish(cx)?;
    if cx.stacking() {
        return Err(cx.unsupported_in(node, "promotion in a stacking game"));
    }
    let to = match computed_piece(piece) {
        // `(piece (mapEntry "Promoted" (what at:(last To))))`: Ludii's
        // `Piece` with a component function.
        Some(n) => {
            if who.is_some() {
                return Err(cx.unsupported_in(node, "promotion to a computed piece of an owner"));
            }
            vec![PromoteTo::Expr(crate::ir::IntFn(Box::new(conds::int(
                cx, n,
            )?)))]
        }
        None => match computed_list(piece) {
            // `(piece {(mapEntry "Promoted" (what at:(last To))) (what at:(last
            // To))})`: Ludii's `Piece` with component functions.
            Some(items) => {
                if who.is_some() {
                    return Err(cx.unsupported_in(node, "promotion to computed pieces of an owner"));
                }
                items
                    .into_iter()
                    .map(|n| {
                        Ok(PromoteTo::Listed(crate::ir::IntFn(Box::new(conds::int(
                            cx, n,
                        )?))))
                    })
                    .collect::<Result<_>>()?
            }
            None => piece_names(cx, piece)?
                .iter()
                .map(|name| target(cx, piece, name, who))
                .collect::<Result<_>>()?,
        },
    };
    Ok(Promote {
        rule: cx.next_rule(),
        site,
        to,
        then,
    })
}

fn is_player_fn(n: &Node) -> bool {
    matches!(n.head(), Some("mover") | Some("next") | Some("prev")) && n.args().is_empty()
}

/// The integer function of `(piece N)`, when N is one (not a name).
fn computed_piece(piece: &Node) -> Option<&Node> {
    match piece.args() {
        [one] if one.value.head().is_some() && one.label.is_none() => Some(&one.value),
        _ => None,
    }
}

/// The integer functions of `(piece {N M ...})`, when every item is one.
fn computed_list(piece: &Node) -> Option<Vec<&Node>> {
    match piece.args() {
        [one] if one.label.is_none() => match &one.value.kind {
            crate::syntax::NodeKind::Array(items)
                if !items.is_empty() && items.iter().all(|i| i.value.head().is_some()) =>
            {
                Some(items.iter().map(|i| &i.value).collect())
            }
            _ => None,
        },
        _ => None,
    }
}

/// `(piece "Name")` or `(piece {"A" "B"})`.
fn piece_names(cx: &Cx, piece: &Node) -> Result<Vec<String>> {
    let mut args = Args::new(piece, "piece", 0);
    let names = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(piece ...)` needs a name"))?;
    args.finish(cx)?;
    moves::piece_names(cx, names)
}

/// The component a name promotes to: Ludii's `getComponent(name)` without an
/// owner, else per player the first component owned whose name contains it.
fn target(cx: &Cx, at: &Node, name: &str, who: Option<crate::ir::PlayerRef>) -> Result<PromoteTo> {
    let missing = || {
        cx.error(
            ErrorKind::Invalid,
            at,
            format!("no piece \"{name}\" to promote to"),
        )
    };
    match who {
        None => cx
            .components
            .iter()
            .position(|c| c.name == name)
            .map(|c| PromoteTo::Component(c as u8 + 1))
            .ok_or_else(missing),
        Some(who) => {
            let per_player: Vec<u8> = (1..=cx.num_players())
                .map(|p| cx.component_like(name, p).map_or(0, |c| c as u8 + 1))
                .collect();
            if per_player.contains(&0) {
                return Err(missing());
            }
            Ok(PromoteTo::Owned { who, per_player })
        }
    }
}
