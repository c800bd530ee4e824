//! Move generators and their consequences (`then`, `apply`).

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{
    Add, Cond, Custodial, Effect, Enclose, IntExpr, Moves, PieceMove, PieceRef, PieceRules,
    PlayerRef, Reach, Shoot, SiteExpr, Surround, Walk,
};
use crate::syntax::{Node, NodeKind};

use super::{conds, directions, Args, Cx};

/// A move generator.
pub(super) fn moves(cx: &Cx, node: &Node) -> Result<Moves> {
    match Cx::ludeme_name(node).as_str() {
        "move Add" => add(cx, node, 1),
        // `(add (to ...))`, the generator `(sites Winning ...)` tries.
        "add" => add(cx, node, 0),
        "move Step" => piece_move(cx, node, Kind::Step),
        "move Hop" => piece_move(cx, node, Kind::Hop),
        "move Slide" => piece_move(cx, node, Kind::Slide),
        "move Leap" => piece_move(cx, node, Kind::Leap),
        // The same generators without `move` (Ludii's non-decision form),
        // e.g. inside `(can Move (hop ...))`: the same moves.
        "step" => piece_move(cx, node, Kind::Step),
        "hop" => piece_move(cx, node, Kind::Hop),
        "slide" => piece_move(cx, node, Kind::Slide),
        "move Shoot" => shoot(cx, node),
        "move Select" => super::sow::select(cx, node),
        "move Pass" => {
            let mut args = Args::new(node, "move Pass", 1);
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            Ok(Moves::Pass {
                rule: cx.next_rule(),
                then,
            })
        }
        "move Swap" => swap_pieces(cx, node),
        "move Propose" | "move Vote" => {
            let name = Cx::ludeme_name(node);
            let mut args = Args::new(node, name.as_str(), 1);
            let what = args.take(|n| n.string().is_some()).ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Unsupported,
                    format!("`({name} ...)` other than with one string"),
                )
            })?;
            let index = cx.vote_index(what.string().unwrap_or_default());
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            let rule = cx.next_rule();
            Ok(if name == "move Propose" {
                Moves::Propose {
                    rule,
                    proposition: index,
                    then,
                }
            } else {
                Moves::Vote {
                    rule,
                    vote: index,
                    then,
                }
            })
        }
        "move Remove" => {
            let mut args = Args::new(node, "move Remove", 1);
            let sites = args.take(|n| n.head() != Some("then")).ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(move Remove ...)` needs sites")
            })?;
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            Ok(Moves::Remove {
                rule: cx.next_rule(),
                sites: conds::region(cx, sites)?,
                then,
            })
        }
        "move" if node.args().iter().any(|a| a.value.head() == Some("from")) => {
            piece_move(cx, node, Kind::FromTo)
        }
        "forEach Piece" => for_each_piece(cx, node),
        "forEach Direction" => for_each_direction(cx, node),
        "max Moves" => {
            let mut args = Args::new(node, "max Moves", 1);
            let inner = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| {
                    args.error(cx, ErrorKind::Invalid, "`(max Moves ...)` needs moves")
                })?;
            if args.labeled_bool(cx, "withValue", false)? {
                return Err(cx
                    .error(
                        ErrorKind::Unsupported,
                        node,
                        "`(max Moves withValue:True ...)`",
                    )
                    .with_label("not supported by ludemic yet"));
            }
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            Ok(with_then(
                Moves::MaxMoves(Box::new(moves(cx, inner)?)),
                then,
            ))
        }
        "move Promote" => super::promote::promote(cx, node, "move Promote", 1).map(Moves::Promote),
        "do" => {
            let mut args = Args::new(node, "do", 0);
            let prior = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(do ...)` needs moves"))?;
            let next = args.labeled("next");
            let after = args.labeled("ifAfterwards");
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            // With `next:`, PRIOR is applied (every move it yields, as a
            // consequence's) before NEXT is generated; `ifAfterwards:` then
            // tests the moves of NEXT, PRIOR's actions included.
            let generated = match next {
                Some(next) => Moves::DoNext {
                    prior: effect(cx, prior)?,
                    next: Box::new(moves(cx, next)?),
                },
                None => moves(cx, prior)?,
            };
            let m = match after {
                Some(after) => Moves::Do {
                    prior: Box::new(generated),
                    after: conds::cond(cx, after)?,
                },
                None if next.is_some() => generated,
                None => {
                    return Err(cx.error(
                        ErrorKind::Invalid,
                        node,
                        "`(do ...)` needs `next:` or `ifAfterwards:`",
                    ))
                }
            };
            Ok(with_then(m, then))
        }
        "forEach Die" => {
            // Ludii's ForEachDie: each die in turn, its value as `(pips)`.
            let mut args = Args::new(node, "forEach Die", 1);
            let condition = args.labeled("if").map(|c| conds::cond(cx, c)).transpose()?;
            for unsupported in ["combined", "replayDouble"] {
                if let Some(n) = args.labeled(unsupported) {
                    return Err(
                        cx.unsupported_in(n, &format!("`{unsupported}:` of `(forEach Die ...)`"))
                    );
                }
            }
            let inner = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| {
                    args.error(cx, ErrorKind::Invalid, "`(forEach Die ...)` needs moves")
                })?;
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            let num = cx.dice().map(|d| d.faces.len()).ok_or_else(|| {
                cx.error(
                    ErrorKind::Invalid,
                    node,
                    "`(forEach Die ...)` needs `(dice ...)` in the equipment",
                )
            })?;
            // One copy of the moves per die, each with its own rules, so
            // that a move names the die it uses.
            let dice = (0..num)
                .map(|d| {
                    Ok(Moves::Die {
                        die: d as u8,
                        condition: condition.clone(),
                        moves: Box::new(moves(cx, inner)?),
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(with_then(Moves::Or(dice), then))
        }
        "forEach Site" => {
            let mut args = Args::new(node, "forEach Site", 1);
            let within = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(forEach Site ...)` needs sites")
            })?;
            let inner = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| {
                    args.error(cx, ErrorKind::Invalid, "`(forEach Site ...)` needs moves")
                })?;
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            let m = Moves::ForEachSite {
                region: conds::region(cx, within)?,
                moves: Box::new(moves(cx, inner)?),
            };
            Ok(with_then(m, then))
        }
        "append" => {
            let mut args = Args::new(node, "append", 0);
            let inner = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(append ...)` needs moves"))?;
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            Ok(Moves::Append {
                rule: cx.next_rule(),
                effect: effect(cx, inner)?,
                then,
            })
        }
        "if" => {
            let mut args = Args::new(node, "if", 0);
            let condition = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(if ...)` needs a condition")
            })?;
            let then = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(if ...)` needs moves"))?;
            // `(if C MOVES (then E))`: E is the `if`'s own consequence.
            let otherwise = args.take(|n| n.head() != Some("then"));
            let outer = then_of(cx, &mut args)?;
            args.finish(cx)?;
            let m = Moves::If {
                condition: conds::cond(cx, condition)?,
                then: Box::new(moves(cx, then)?),
                otherwise: otherwise.map(|o| moves(cx, o)).transpose()?.map(Box::new),
            };
            Ok(with_then(m, outer))
        }
        "priority" => list(cx, node, "priority").map(|(l, t)| with_then(Moves::Priority(l), t)),
        "or" => list(cx, node, "or").map(|(l, t)| with_then(Moves::Or(l), t)),
        _ => Err(cx.unsupported_in(node, "move ludeme")),
    }
}

/// `(forEach Direction [(from S)] [DIRS] [(between ...)] (to [if:T] [(apply
/// MOVES)]) | MOVES [(then E)])` (Ludii's `ForEachDirection`).
fn for_each_direction(cx: &Cx, node: &Node) -> Result<Moves> {
    let mut args = Args::new(node, "forEach Direction", 1);
    let from = match args.form_with_head("from") {
        Some(f) => {
            let mut fargs = Args::new(f, "from", 0);
            let site = fargs.next();
            fargs.finish(cx)?;
            match site {
                Some(s) => conds::site(cx, s)?,
                None => SiteExpr::From,
            }
        }
        None => SiteExpr::From,
    };
    let dirs = args.take(directions::is_direction_arg);
    let between = args.form_with_head("between");
    let to = args.form_with_head("to");
    let inner = match to {
        Some(_) => None,
        None => args.take(|n| n.head().is_some_and(|h| h != "then")),
    };
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    let (mut min, mut max) = (IntExpr::Const(1), IntExpr::Const(1));
    let mut between_if = None;
    if let Some(b) = between {
        let mut bargs = Args::new(b, "between", 0);
        if let Some(n) = exact_count(cx, &mut bargs)? {
            min = n;
            max = min.clone();
        } else if let Some(range) = bargs.form_with_head("range") {
            let mut rargs = Args::new(range, "range", 0);
            let (a, b) = (rargs.next(), rargs.next());
            rargs.finish(cx)?;
            let (Some(a), Some(b)) = (a, b) else {
                return Err(cx.error(ErrorKind::Invalid, range, "`(range A B)` needs two numbers"));
            };
            min = conds::int(cx, a)?;
            max = conds::int(cx, b)?;
        }
        between_if = bargs
            .labeled("if")
            .map(|c| conds::cond(cx, c))
            .transpose()?;
        bargs.finish(cx)?;
    }
    let mut to_if = None;
    let moves_node = match to {
        Some(to) => {
            let mut targs = Args::new(to, "to", 0);
            to_if = targs
                .labeled("if")
                .map(|c| conds::cond(cx, c))
                .transpose()?;
            let apply = targs.form_with_head("apply");
            targs.finish(cx)?;
            match apply {
                Some(apply) => {
                    let mut aargs = Args::new(apply, "apply", 0);
                    let m = aargs.next().ok_or_else(|| {
                        aargs.error(cx, ErrorKind::Invalid, "`(apply ...)` needs moves")
                    })?;
                    aargs.finish(cx)?;
                    m
                }
                None => {
                    return Err(cx
                        .error(
                            ErrorKind::Unsupported,
                            to,
                            "`(forEach Direction ...)` whose `(to ...)` applies nothing",
                        )
                        .with_label("not supported by ludemic yet"))
                }
            }
        }
        None => inner.ok_or_else(|| {
            cx.error(
                ErrorKind::Invalid,
                node,
                "`(forEach Direction ...)` needs `(to ...)` or moves",
            )
        })?,
    };
    // Relative directions turn from Ludii's `newDirection` where `(to)` is
    // one step from `(from)`, else from the facing of the piece on `(from)`.
    let directions = match dirs {
        None => vec![(None, vec![crate::ir::AbsoluteDirection::Adjacent])],
        Some(d) if directions::mentions_relative_arg(d) => {
            let mut per = vec![(None, directions::directions(cx, d)?)];
            for c in crate::board::Compass::ALL {
                per.push((Some(c), directions::directions_facing(cx, d, Some(c))?));
            }
            per
        }
        Some(d) => vec![(None, directions::directions(cx, d)?)],
    };
    let m = Moves::ForEachDirection(Box::new(crate::ir::ForEachDirection {
        from,
        directions,
        min,
        max,
        between_if,
        to_if,
        moves: moves(cx, moves_node)?,
    }));
    Ok(with_then(m, then))
}

fn with_then(moves: Moves, then: Option<Effect>) -> Moves {
    match then {
        Some(e) => Moves::Then(Box::new(moves), e),
        None => moves,
    }
}

/// `(priority {A B} [(then E)])`, `(priority A B)` and the same for `or`.
fn list(cx: &Cx, node: &Node, what: &str) -> Result<(Vec<Moves>, Option<Effect>)> {
    let mut args = Args::new(node, what, 0);
    let then = then_of(cx, &mut args)?;
    let items: Vec<&Node> = match args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
        Some(array) => array.args().iter().map(|a| &a.value).collect(),
        None => {
            let mut items = Vec::new();
            while let Some(n) = args.take(|n| n.head().is_some()) {
                items.push(n);
            }
            items
        }
    };
    args.finish(cx)?;
    if items.is_empty() {
        return Err(cx.error(
            ErrorKind::Invalid,
            node,
            format!("`({what} ...)` needs moves"),
        ));
    }
    let lowered = items
        .into_iter()
        .map(|m| moves(cx, m))
        .collect::<Result<_>>()?;
    Ok((lowered, then))
}

pub(super) fn then_of(cx: &Cx, args: &mut Args) -> Result<Option<Effect>> {
    match args.form_with_head("then") {
        Some(then) => Ok(Some(self::then(cx, then)?)),
        None => Ok(None),
    }
}

/// `(move Add [(piece P)] (to REGION [if:C]) [(then E)])`.
fn add(cx: &Cx, node: &Node, skip: usize) -> Result<Moves> {
    let what = if skip == 1 { "move Add" } else { "add" };
    let mut args = Args::new(node, what, skip);
    let (piece, state) = match args.form_with_head("piece") {
        Some(p) => {
            let (component, state) = piece_with_state(cx, p)?;
            (PieceRef::Component(component), state)
        }
        None => (PieceRef::Mover, None),
    };
    let to = args
        .form_with_head("to")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(move Add ...)` needs `(to ...)`"))?;
    let stack = args.labeled_bool(cx, "stack", false)?;
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    let mut targs = Args::new(to, "to", 0);
    let site_type = match conds::site_type_arg(&mut targs) {
        Some(t) => t,
        None => cx.default_site_type(to)?,
    };
    let region = targs
        .next()
        .ok_or_else(|| targs.error(cx, ErrorKind::Invalid, "`(to ...)` needs sites"))?;
    let to_if = match targs.labeled("if") {
        Some(c) => Some(conds::cond(cx, c)?),
        None => None,
    };
    targs.finish(cx)?;
    if piece == PieceRef::Mover && cx.components.len() < cx.num_players() as usize {
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
    if stack && site_type != cx.default_site_type(to)? {
        return Err(cx
            .error(
                ErrorKind::Unsupported,
                node,
                "stacks on sites of a non-default type",
            )
            .with_label("not supported by ludemic yet"));
    }
    Ok(Moves::Add(Add {
        rule: cx.next_rule(),
        piece,
        to: conds::region(cx, region)?,
        to_if,
        then,
        site_type,
        stack,
        state,
    }))
}

/// `(piece "Name" [state:N])`: the component and the state it is given.
fn piece_with_state(cx: &Cx, node: &Node) -> Result<(usize, Option<IntExpr>)> {
    let mut args = Args::new(node, "piece", 0);
    let name_node = args
        .take(|n| n.string().is_some())
        .ok_or_else(|| cx.unsupported_in(node, "piece"))?;
    let state = args
        .labeled("state")
        .map(|n| conds::int(cx, n))
        .transpose()?;
    args.finish(cx)?;
    let name = name_node.string().unwrap_or_default();
    let component = cx.component_named(name).ok_or_else(|| {
        cx.error(
            ErrorKind::Invalid,
            node,
            format!("no piece is called \"{name}\""),
        )
    })?;
    Ok((component, state))
}

/// `(piece "Name")` naming a component with its owner suffix (`"Dot0"`),
/// or `(piece (id "Name" WHO))`.
fn piece_arg(cx: &Cx, node: &Node) -> Result<usize> {
    let mut args = Args::new(node, "piece", 0);
    let name = args
        .string()
        .ok_or_else(|| cx.unsupported_in(node, "piece"))?;
    args.finish(cx)?;
    cx.component_named(name).ok_or_else(|| {
        cx.error(
            ErrorKind::Invalid,
            node,
            format!("no piece is called \"{name}\""),
        )
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Step,
    Hop,
    Slide,
    Leap,
    FromTo,
}

/// `(move Step|Hop|Slide|Leap ...)` and `(move (from ...) (to ...))`.
fn piece_move(cx: &Cx, node: &Node, kind: Kind) -> Result<Moves> {
    let skip = usize::from(node.head() == Some("move") && kind != Kind::FromTo);
    // `(if C DIRS DIRS)` as the directions (Ludii's directions `If`, tested
    // in the context the move is generated in): the move with either.
    let chosen = node.args().iter().enumerate().skip(skip).find(|(_, a)| {
        a.label.is_none()
            && a.value.head() == Some("if")
            && matches!(a.value.args(), [_, x, y]
                if directions::is_direction_arg(&x.value) && directions::is_direction_arg(&y.value))
    });
    if let Some((i, arg)) = chosen {
        let [c, x, y] = arg.value.args() else {
            unreachable!("matched above")
        };
        let with = |dirs: &Node| -> Result<Moves> {
            let mut copy = node.clone();
            if let crate::syntax::NodeKind::Form { args, .. } = &mut copy.kind {
                args[i].value = dirs.clone();
            }
            piece_move(cx, &copy, kind)
        };
        return Ok(Moves::If {
            condition: conds::cond(cx, &c.value)?,
            then: Box::new(with(&x.value)?),
            otherwise: Some(Box::new(with(&y.value)?)),
        });
    }
    if let Some(per_facing) = by_facing(cx, node, kind, skip)? {
        return Ok(Moves::Or(
            per_facing
                .into_iter()
                .map(|(condition, m)| Moves::If {
                    condition,
                    then: Box::new(Moves::Move(Box::new(m))),
                    otherwise: None,
                })
                .collect(),
        ));
    }
    piece_move_at(cx, node, kind, skip).map(|m| Moves::Move(Box::new(m)))
}

/// A piece move with relative directions outside a piece's rules: Ludii
/// turns them from the facing of the piece on `from` when it generates
/// (`Directions.convertToAbsolute`; north for an empty site). Lowered once
/// per facing the components have, each kept where the piece on `from` has
/// that facing. `None` when the directions need no piece.
fn by_facing(
    cx: &Cx,
    node: &Node,
    kind: Kind,
    skip: usize,
) -> Result<Option<Vec<(Cond, PieceMove)>>> {
    if cx.facing_component().is_some() || !directions::mentions_relative(node) {
        return Ok(None);
    }
    let from = node
        .args()
        .iter()
        .find(|a| a.label.is_none() && a.value.head() == Some("from"))
        .and_then(|a| from_arg(cx, &a.value, kind).map(|(r, _)| r).transpose())
        .transpose()?;
    let Some(crate::ir::Region::Site(at)) = from else {
        return Err(cx
            .error(
                ErrorKind::Unsupported,
                node,
                "relative directions outside a piece's rules need a single `(from SITE)`",
            )
            .with_label("not supported by ludemic yet"));
    };
    let mut out = Vec::new();
    for (f, members) in cx.facing_groups() {
        let mut holds = conds::holds_each(&at, &members);
        if f == crate::board::Compass::N {
            holds.push(Cond::Empty(at.clone()));
        }
        let m = match members.first() {
            Some(&rep) => cx.with_piece(rep, || piece_move_at(cx, node, kind, skip))?,
            None => piece_move_at(cx, node, kind, skip)?,
        };
        out.push((Cond::Or(holds), m));
    }
    Ok(Some(out))
}

/// A piece move whose kind is selected by the first `skip` arguments.
fn piece_move_at(cx: &Cx, node: &Node, kind: Kind, skip: usize) -> Result<PieceMove> {
    let name = Cx::ludeme_name(node);
    let mut args = Args::new(node, name.clone(), skip);
    let (from, from_if) = match args.form_with_head("from") {
        Some(f) => from_arg(cx, f, kind)?,
        None => (None, None),
    };
    let count = match args.labeled("count") {
        Some(n) if kind == Kind::FromTo => {
            cx.uses_counts();
            Some(conds::int(cx, n)?)
        }
        Some(n) => {
            return Err(cx.unsupported_in(n, &format!("argument `count:` of `({name} ...)`")))
        }
        None => None,
    };
    let walks = if kind == Kind::Leap {
        let list = args
            .take(|n| matches!(n.kind, NodeKind::Array(_)))
            .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(move Leap ...)` needs walks"))?;
        Some(walks(cx, list)?)
    } else {
        None
    };
    let forward = args.labeled_bool(cx, "forward", false)?;
    let same_direction = match args.take(|n| n.atom() == Some("SameDirection")) {
        Some(d) if matches!(kind, Kind::Step | Kind::Hop | Kind::Slide) => Some(d),
        Some(d) => return Err(cx.unsupported_in(d, &format!("`SameDirection` in `({name} ...)`"))),
        None => None,
    };
    let dirs = match (same_direction, args.take(directions::is_direction_arg)) {
        (Some(d), None) => directions::same_direction_candidates(cx, d)?,
        (Some(_), Some(other)) => {
            return Err(cx.unsupported_in(other, "direction beside `SameDirection`"))
        }
        (None, Some(d)) => directions::directions(cx, d)?,
        // Ludii's default for Step, Hop and Slide is Adjacent.
        (None, None) => vec![crate::ir::AbsoluteDirection::Adjacent],
    };
    let track = match kind {
        Kind::Slide => args.take(|n| n.string().is_some()),
        _ => None,
    };
    let between = args.form_with_head("between");
    let to = args.form_with_head("to");
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    if let Some(track) = track {
        if same_direction.is_some() || dirs != [crate::ir::AbsoluteDirection::Adjacent] {
            return Err(cx.unsupported_in(node, "slide along a track in given directions,"));
        }
        let reach = track_slide(cx, track, between, to)?;
        if from.is_some() || cx.facing_component().is_none() {
            return Err(cx
                .error(
                    ErrorKind::Unsupported,
                    node,
                    "a slide along a track outside a piece's rules",
                )
                .with_label("not supported by ludemic yet"));
        }
        return Ok(PieceMove {
            rule: cx.next_rule(),
            reach: reach.0,
            directions: dirs,
            same_direction: false,
            from,
            to_if: None,
            to_apply: reach.1,
            then,
        });
    }

    let mut to_if = None;
    let mut to_apply = None;
    let mut to_region = None;
    let mut stop_if = None;
    if let Some(to) = to {
        let mut targs = Args::new(to, "to", 0);
        if kind == Kind::FromTo {
            // Ludii's `To`: the site `(to)` when no location is given.
            to_region = Some(match targs.take(|n| n.head() != Some("apply")) {
                Some(region) => conds::region(cx, region)?,
                None => crate::ir::Region::Site(SiteExpr::To),
            });
        }
        if let Some(c) = targs.labeled("if") {
            to_if = Some(conds::cond(cx, c)?);
        }
        if let Some(apply) = targs.form_with_head("apply") {
            if kind == Kind::Hop {
                // Hop's `if:` in the landing's apply is its stop rule.
                let mut aargs = Args::new(apply, "apply", 0);
                if let Some(c) = aargs.labeled("if") {
                    stop_if = Some(conds::cond(cx, c)?);
                }
                let effect = aargs.next().ok_or_else(|| {
                    aargs.error(cx, ErrorKind::Invalid, "`(apply ...)` needs an effect")
                })?;
                aargs.finish(cx)?;
                to_apply = Some(self::effect(cx, effect)?);
            } else {
                to_apply = Some(apply_arg(cx, apply, kind == Kind::FromTo)?);
            }
        }
        targs.finish(cx)?;
    }
    let mut between_if = None;
    let mut between_apply = None;
    let mut distance = crate::ir::IntExpr::Const(1);
    let mut most = None;
    let mut before = IntExpr::Const(0);
    let mut after = IntExpr::Const(0);
    let mut slide_range = (None, None);
    if let Some(b) = between {
        if !matches!(kind, Kind::Hop | Kind::Slide) {
            return Err(cx.unsupported_in(b, &format!("argument of `({name} ...)`")));
        }
        let mut bargs = Args::new(b, "between", 0);
        if let Some(exact) = bargs.form_with_head("exact") {
            let mut eargs = Args::new(exact, "exact", 0);
            let n = eargs.next().ok_or_else(|| {
                eargs.error(cx, ErrorKind::Invalid, "`(exact ...)` needs a number")
            })?;
            eargs.finish(cx)?;
            distance = conds::int(cx, n)?;
            if kind == Kind::Slide {
                // Ludii's `(exact N)` is the range N..N: the slide ends N sites away.
                slide_range = (Some(distance.clone()), Some(distance.clone()));
            }
        }
        if kind == Kind::Slide {
            // Ludii's `(range A B)`, `(max N)` (A undefined: any) and `(min
            // N)` (B the longest line) bound the slide's length.
            if let Some(range) = bargs.take(|n| matches!(n.head(), Some("range" | "max" | "min"))) {
                let head = range.head().unwrap_or_default();
                let mut rargs = Args::new(range, head, 0);
                let (a, b) = (rargs.next(), rargs.next());
                rargs.finish(cx)?;
                slide_range = match (head, a, b) {
                    ("range", Some(a), Some(b)) => {
                        (Some(conds::int(cx, a)?), Some(conds::int(cx, b)?))
                    }
                    ("max", Some(n), None) => (None, Some(conds::int(cx, n)?)),
                    ("min", Some(n), None) => (Some(conds::int(cx, n)?), None),
                    _ => {
                        return Err(cx.error(
                            ErrorKind::Invalid,
                            range,
                            format!("`({head} ...)` of `(between ...)` needs its numbers"),
                        ))
                    }
                };
            }
        }
        if kind == Kind::Hop {
            if let Some(range) = bargs.form_with_head("range") {
                let mut rargs = Args::new(range, "range", 0);
                let (a, b) = (rargs.next(), rargs.next());
                rargs.finish(cx)?;
                let (Some(a), Some(b)) = (a, b) else {
                    return Err(cx.error(
                        ErrorKind::Invalid,
                        range,
                        "`(range A B)` needs two numbers",
                    ));
                };
                distance = conds::int(cx, a)?;
                most = Some(conds::int(cx, b)?);
            }
            if let Some(n) = bargs.labeled("before") {
                before = conds::int(cx, n)?;
            }
            if let Some(n) = bargs.labeled("after") {
                after = conds::int(cx, n)?;
            }
            // Ludii's Hop with no hurdle steps; with a range from 0 it also
            // hops, and a move could come from either branch: not modelled.
            if most.is_some() && matches!(distance, IntExpr::Const(0)) {
                return Err(cx.unsupported_in(b, "hop over a range from 0,"));
            }
        }
        match bargs.labeled("if") {
            Some(c) => between_if = Some(conds::cond(cx, c)?),
            // Ludii's Hop with a `(between ...)` that has no `if:` never hops.
            None if kind == Kind::Hop => between_if = Some(crate::ir::Cond::False),
            None => {}
        }
        if let Some(apply) = bargs.form_with_head("apply") {
            if kind != Kind::Hop {
                return Err(cx.unsupported_in(apply, "argument of `(between ...)` in a slide"));
            }
            between_apply = Some(apply_arg(cx, apply, false)?);
        }
        bargs.finish(cx)?;
    }
    if kind == Kind::FromTo && to_region.is_none() {
        return Err(cx.error(
            ErrorKind::Invalid,
            node,
            "`(move (from ...) ...)` needs `(to ...)`",
        ));
    }
    if forward && kind != Kind::Leap {
        return Err(cx.unsupported_in(node, "use of `forward:`"));
    }
    let reach = match kind {
        Kind::Step => Reach::Step,
        Kind::Hop => Reach::Hop {
            distance,
            most,
            before,
            after,
            between_if,
            between_apply,
            stop_if,
        },
        Kind::Slide => Reach::Slide {
            between_if,
            min: slide_range.0,
            max: slide_range.1,
        },
        Kind::Leap => Reach::Leap {
            walks: walks.unwrap_or_default(),
            forward,
        },
        Kind::FromTo => Reach::FromTo {
            to: to_region.expect("checked above"),
            from_if,
            count,
        },
    };
    if from.is_none() && cx.facing_component().is_none() {
        return Err(cx
            .error(
                ErrorKind::Unsupported,
                node,
                format!("`({name} ...)` outside a piece's rules needs `(from ...)`"),
            )
            .with_label("not supported by ludemic yet"));
    }
    Ok(PieceMove {
        rule: cx.next_rule(),
        reach,
        directions: dirs,
        same_direction: same_direction.is_some(),
        from,
        to_if,
        to_apply,
        then,
    })
}

/// `(move Slide "TRACK" [(between if:C)] [(to if:S [(apply [if:T] E)])])`:
/// the reach and the effect E (Ludii's `Slide` with a track name).
fn track_slide(
    cx: &Cx,
    track: &Node,
    between: Option<&Node>,
    to: Option<&Node>,
) -> Result<(Reach, Option<Effect>)> {
    let name = track.string().unwrap_or_default();
    let all = name == "AllTracks";
    let tracks: Vec<usize> = cx
        .tracks
        .iter()
        .enumerate()
        .filter(|(_, t)| all || t.name == name)
        .map(|(i, _)| i)
        .collect();
    if tracks.is_empty() {
        return Err(cx.error(ErrorKind::Invalid, track, "no such track"));
    }
    if tracks
        .iter()
        .any(|&t| cx.tracks[t].sites.iter().any(|&s| s < 0))
    {
        return Err(cx.unsupported_in(track, "slide along a track with an `End`,"));
    }
    let mut between_if = None;
    if let Some(b) = between {
        let mut bargs = Args::new(b, "between", 0);
        if let Some(c) = bargs.labeled("if") {
            between_if = Some(conds::cond(cx, c)?);
        }
        bargs.finish(cx)?;
    }
    let mut stop_if = None;
    let mut to_rule = None;
    let mut effect = None;
    if let Some(to) = to {
        let mut targs = Args::new(to, "to", 0);
        if let Some(c) = targs.labeled("if") {
            stop_if = Some(conds::cond(cx, c)?);
        }
        if let Some(apply) = targs.form_with_head("apply") {
            let mut aargs = Args::new(apply, "apply", 0);
            if let Some(c) = aargs.labeled("if") {
                to_rule = Some(conds::cond(cx, c)?);
            }
            let e = aargs.next().ok_or_else(|| {
                aargs.error(cx, ErrorKind::Invalid, "`(apply ...)` needs an effect")
            })?;
            aargs.finish(cx)?;
            effect = Some(self::effect(cx, e)?);
        }
        targs.finish(cx)?;
    }
    Ok((
        Reach::TrackSlide {
            tracks,
            all,
            between_if,
            stop_if,
            to_rule,
        },
        effect,
    ))
}

/// `(from REGION)` of a move; in a hop or step, `(from (last To))` style
/// single sites; `(from)` alone is the moving piece's own site (`None`).
fn from_arg(cx: &Cx, node: &Node, kind: Kind) -> Result<(Option<crate::ir::Region>, Option<Cond>)> {
    let mut args = Args::new(node, "from", 0);
    let from_if = match args.labeled("if") {
        Some(c) if kind == Kind::FromTo => Some(conds::cond(cx, c)?),
        Some(c) => return Err(cx.unsupported_in(c, "argument `if:` of `(from ...)`")),
        None => None,
    };
    let Some(region) = args.next() else {
        return Ok((None, from_if));
    };
    args.finish(cx)?;
    Ok((Some(conds::region(cx, region)?), from_if))
}

/// `{ {F F R F} {F F L F} }`.
fn walks(cx: &Cx, list: &Node) -> Result<Vec<Vec<Walk>>> {
    list.args()
        .iter()
        .map(|walk| {
            let steps: Vec<&Node> = match &walk.value.kind {
                NodeKind::Array(items) => items.iter().map(|a| &a.value).collect(),
                _ => {
                    return Err(cx.error(
                        ErrorKind::Invalid,
                        &walk.value,
                        "a walk is a list `{F R ...}`",
                    ))
                }
            };
            steps
                .into_iter()
                .map(|s| match s.atom() {
                    Some("F") => Ok(Walk::Forward),
                    Some("R") => Ok(Walk::Right),
                    Some("L") => Ok(Walk::Left),
                    _ => Err(cx.unsupported_in(s, "walk step")),
                })
                .collect()
        })
        .collect()
}

/// `(move Shoot (piece P) [DIRS])`.
fn shoot(cx: &Cx, node: &Node) -> Result<Moves> {
    let mut args = Args::new(node, "move Shoot", 1);
    let piece = args.form_with_head("piece").ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            "`(move Shoot ...)` needs `(piece ...)`",
        )
    })?;
    let component = piece_arg(cx, piece)?;
    let dirs = match args.take(directions::is_direction_arg) {
        Some(d) => directions::directions(cx, d)?,
        None => vec![crate::ir::AbsoluteDirection::Adjacent],
    };
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    Ok(Moves::Shoot(Shoot {
        rule: cx.next_rule(),
        component,
        directions: dirs,
        then,
    }))
}

/// `(forEach Piece)`, `(forEach Piece "Name")`, `(forEach Piece ["Name"] MOVES)`:
/// each of the mover's pieces runs its own rules (or the given ones); on the
/// board, or in the container `container:` names (`(mover)`: the mover's
/// hand where each player has one).
fn for_each_piece(cx: &Cx, node: &Node) -> Result<Moves> {
    let mut args = Args::new(node, "forEach Piece", 1);
    let names = args
        .take(|n| n.string().is_some() || matches!(n.kind, NodeKind::Array(_)))
        .map(|n| piece_names(cx, n))
        .transpose()?;
    let given = args.take(|n| n.head().is_some() && n.head() != Some("then"));
    let who = args
        .take(|n| n.atom().is_some_and(conds::is_player_atom))
        .map(|w| conds::player_fn(cx, w))
        .transpose()?;
    let then = then_of(cx, &mut args)?;
    let container = args
        .labeled("container")
        .map(|c| conds::player_fn(cx, c))
        .transpose()?;
    // `top:True`: only the top piece of each stack moves, which is how
    // ludemic runs `(forEach Piece)`. Without it Ludii also runs the rules
    // of every lower level holding the player's piece: refused on stacks.
    let top = args.labeled_bool(cx, "top", false)?;
    args.finish(cx)?;
    if cx.stacking() && !top {
        return Err(cx.error(
            ErrorKind::Unsupported,
            node,
            "`(forEach Piece)` without `top:True` in a stacking game (Ludii moves the pieces of every level)",
        ));
    }
    // Ludii's `ForEachPiece` for another player generates as that player.
    let player = match who {
        None | Some(PlayerRef::Mover) => None,
        Some(PlayerRef::Player(p)) => {
            return Err(cx.unsupported_in(node, &format!("player P{p} of `(forEach Piece ...)`")))
        }
        Some(w) => Some(w),
    };
    let mut rules = Vec::new();
    for (component, c) in cx.components.iter().enumerate() {
        if c.owner == 0 {
            continue;
        }
        if let Some(names) = &names {
            if !names.iter().any(|n| *n == c.base || *n == c.name) {
                continue;
            }
        }
        let lowered = match given {
            Some(g) => cx.with_piece(component, || moves(cx, g))?,
            None => match cx.piece_moves(component) {
                Some(own) => cx
                    .inlining_piece(component, || moves(cx, own))
                    .ok_or_else(|| {
                        cx.error(
                            ErrorKind::Unsupported,
                            node,
                            format!(
                                "`(forEach Piece)` inside the rules of \"{}\" runs them again: rules that reach themselves would recurse forever",
                                c.name
                            ),
                        )
                    })??,
                None => continue,
            },
        };
        rules.push(PieceRules {
            component,
            moves: lowered,
        });
    }
    let pieces = match container {
        // Container 0 is the board, which Ludii reads by default.
        None | Some(PlayerRef::Player(0)) => Moves::ForEachPiece(rules),
        Some(container) => Moves::ForEachPieceIn { container, rules },
    };
    let each = match player {
        Some(who) => Moves::ForPlayer {
            who,
            moves: Box::new(pieces),
        },
        None => pieces,
    };
    Ok(with_then(each, then))
}

/// `"Name"` or `{"A" "B"}`: piece names.
pub(super) fn piece_names(cx: &Cx, names: &Node) -> Result<Vec<String>> {
    match &names.kind {
        NodeKind::Array(items) => items
            .iter()
            .map(|a| {
                a.value
                    .string()
                    .map(str::to_owned)
                    .ok_or_else(|| cx.unsupported_in(&a.value, "piece name"))
            })
            .collect(),
        _ => names
            .string()
            .map(|s| vec![s.to_owned()])
            .ok_or_else(|| cx.unsupported_in(names, "piece name")),
    }
}

/// `(then E)`.
pub(super) fn then(cx: &Cx, node: &Node) -> Result<Effect> {
    let mut args = Args::new(node, "then", 0);
    let effect = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(then ...)` needs a consequence"))?;
    args.finish(cx)?;
    self::effect(cx, effect)
}

/// `(apply E)`, and `(apply if:C E)` where `allow_if` (the `(to ...)` of
/// a `(move (from ...) (to ...))`, Ludii's FromTo: E only where C holds,
/// its `captureRule`; Slide and Step read the condition otherwise).
fn apply_arg(cx: &Cx, node: &Node, allow_if: bool) -> Result<Effect> {
    let mut args = Args::new(node, "apply", 0);
    let condition = if allow_if {
        args.labeled("if").map(|c| conds::cond(cx, c)).transpose()?
    } else {
        None
    };
    let effect = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(apply ...)` needs an effect"))?;
    args.finish(cx)?;
    let effect = self::effect(cx, effect)?;
    Ok(match condition {
        Some(condition) => Effect::If {
            condition,
            then: Box::new(effect),
            otherwise: None,
        },
        None => effect,
    })
}

/// A consequence: `(moveAgain)`, `(if C E [E])`, `(and {E...})`, `(remove S)`,
/// `(add (piece P) (to S))`, `(trigger "Name" WHO)`.
/// What a consequence sets and a later one may read: (setting ludemes,
/// reading ludemes).
const SET_THEN_READ: [(&[&str], &[&str]); 5] = [
    (&["set Value"], &["value Player"]),
    (&["set Var"], &["var"]),
    (&["addScore", "set Score"], &["score"]),
    (&["remember Value", "forget Value"], &["values Remembered"]),
    // Each seed sown carries its hole's state (Ludii's `ActionMove`): the
    // mancala that restore the states after sowing read them before it.
    (&["sow"], &["state"]),
];

/// Whether `node` holds the ludeme `name`.
fn contains_ludeme(node: &Node, name: &str) -> bool {
    Cx::ludeme_name(node) == name || node.args().iter().any(|a| contains_ludeme(&a.value, name))
}

/// Whether `node` holds a `(fromTo ...)` or `(move ...)` whose destination
/// is a `(trackSite FirstSite ...)`: it fills the site a later part of the
/// same `(and ...)` would find first too (Ludii: the same site twice).
fn fills_first_track_site(node: &Node) -> bool {
    let fills = matches!(node.head(), Some("fromTo" | "move"))
        && node.args().iter().any(|a| {
            a.value.head() == Some("to")
                && a.value
                    .args()
                    .first()
                    .is_some_and(|t| Cx::ludeme_name(&t.value) == "trackSite FirstSite")
        });
    fills || node.args().iter().any(|a| fills_first_track_site(&a.value))
}

/// Ludii evaluates every part of an `(and A B ...)` consequence on the same
/// state before applying any (`And.eval` collects the parts' moves), while
/// the interpreter applies them in turn: where a part reads what an earlier
/// part sets (`(and (set Value Mover 2) (if (= (value Player Mover) 2)
/// ...))`) the two differ, and the game is refused rather than played
/// otherwise than Ludii plays it.
fn reads_what_earlier_parts_set(cx: &Cx, items: &[&Node]) -> Result<()> {
    fn contains<'n>(node: &'n Node, names: &[&str]) -> Option<&'n Node> {
        if names.contains(&Cx::ludeme_name(node).as_str())
            // `(set Value at:S N)` sets a site's value, not a player's.
            && !(node.head() == Some("set") && node.args().iter().any(|a| a.label.as_deref() == Some("at")))
        {
            return Some(node);
        }
        node.args().iter().find_map(|a| contains(&a.value, names))
    }
    for (i, earlier) in items.iter().enumerate() {
        for (sets, reads) in SET_THEN_READ {
            if contains(earlier, sets).is_none() {
                continue;
            }
            if let Some(read) = items[i + 1..]
                .iter()
                .find_map(|later| contains(later, reads))
            {
                return Err(cx
                    .error(
                        ErrorKind::Unsupported,
                        read,
                        format!(
                            "unsupported `(and ...)` consequence whose part `({} ...)` reads what an earlier part sets (Ludii evaluates all parts before applying any)",
                            Cx::ludeme_name(read)
                        ),
                    )
                    .with_label("not supported by ludemic yet"));
            }
        }
    }
    Ok(())
}

/// The parts of an `(and ...)` consequence, as Ludii runs them: `And.eval`
/// evaluates every part on the state before any applies, so the condition
/// of an `(if C A [B])` part is tested before the earlier parts change the
/// state (Fanorona's `(if (can Move ...) (moveAgain))` after the capture).
/// Such a part is hoisted: `(and X (if C A B) Y)` runs as `(if C (and X A
/// Y) (and X B Y))`, the parts keeping their order.
fn hoist_conditions(parts: Vec<Effect>) -> Effect {
    let Some(k) = parts
        .iter()
        .enumerate()
        .position(|(i, e)| i > 0 && matches!(e, Effect::If { .. }))
    else {
        return Effect::Seq(parts);
    };
    let mut parts = parts;
    let Effect::If {
        condition,
        then,
        otherwise,
    } = parts.remove(k)
    else {
        unreachable!("an if part");
    };
    let mut with_then = parts.clone();
    with_then.insert(k, *then);
    let mut with_otherwise = parts;
    if let Some(o) = otherwise {
        with_otherwise.insert(k, *o);
    }
    Effect::If {
        condition,
        then: Box::new(hoist_conditions(with_then)),
        otherwise: Some(Box::new(hoist_conditions(with_otherwise))),
    }
}

/// `(directional [(from S)] [(directions TYPE from:A to:B)] (to if:C
/// (apply E)))` (Ludii's `Directional`); the default directions (the last
/// move's) are those from `(last From)` to `(last To)`. The default target
/// rule and effect, and a `(then ...)`, are refused.
fn directional(cx: &Cx, node: &Node) -> Result<Effect> {
    let mut args = Args::new(node, "directional", 0);
    let from = match args.form_with_head("from") {
        Some(f) => {
            let mut fargs = Args::new(f, "from", 0);
            let s = fargs
                .next()
                .ok_or_else(|| fargs.error(cx, ErrorKind::Invalid, "`(from ...)` needs a site"))?;
            fargs.finish(cx)?;
            conds::site(cx, s)?
        }
        None => SiteExpr::LastTo,
    };
    let directions = match args.take(|n| n.head() == Some("directions")) {
        Some(d) => super::directions::directions_between(cx, d)?,
        None => crate::ir::DirectionsFn {
            from: SiteExpr::LastFrom,
            to: SiteExpr::LastTo,
            candidates: super::directions::all_supported(cx, node)?,
        },
    };
    let to = args.form_with_head("to").ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Unsupported,
            "`(directional ...)` without `(to if:C (apply E))`",
        )
    })?;
    args.finish(cx)?;
    let mut targs = Args::new(to, "to", 0);
    let to_if = targs.labeled("if").ok_or_else(|| {
        targs.error(
            cx,
            ErrorKind::Unsupported,
            "`(to ...)` of `(directional ...)` without `if:`",
        )
    })?;
    let apply = targs.form_with_head("apply").ok_or_else(|| {
        targs.error(
            cx,
            ErrorKind::Unsupported,
            "`(to ...)` of `(directional ...)` without `(apply ...)`",
        )
    })?;
    targs.finish(cx)?;
    let mut aargs = Args::new(apply, "apply", 0);
    let e = aargs
        .next()
        .ok_or_else(|| aargs.error(cx, ErrorKind::Invalid, "`(apply ...)` needs an effect"))?;
    aargs.finish(cx)?;
    Ok(Effect::Directional(Box::new(crate::ir::Directional {
        from,
        directions,
        to_if: conds::cond(cx, to_if)?,
        apply: effect(cx, e)?,
    })))
}

pub(super) fn effect(cx: &Cx, node: &Node) -> Result<Effect> {
    if let NodeKind::Array(items) = &node.kind {
        return items
            .iter()
            .map(|a| effect(cx, &a.value))
            .collect::<Result<_>>()
            .map(Effect::Seq);
    }
    match node.head() {
        Some("moveAgain") => {
            Args::new(node, "moveAgain", 0).finish(cx)?;
            Ok(Effect::MoveAgain)
        }
        Some("set") if Cx::ludeme_name(node) == "set NextPlayer" => {
            let mut args = Args::new(node, "set NextPlayer", 1);
            let who = args.next().ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    "`(set NextPlayer ...)` needs a player",
                )
            })?;
            args.finish(cx)?;
            two_players_only(cx, node)?;
            Ok(Effect::SetNextPlayer(conds::player_fn(cx, who)?))
        }
        Some("swap") if Cx::ludeme_name(node) == "swap Players" => {
            let mut args = Args::new(node, "swap Players", 1);
            let (a, b) = (args.next(), args.next());
            args.finish(cx)?;
            two_players_only(cx, node)?;
            // With two players, swapping any two roles swaps both.
            let (Some(a), Some(b)) = (a, b) else {
                return Err(cx.error(
                    ErrorKind::Invalid,
                    node,
                    "`(swap Players ...)` needs two players",
                ));
            };
            if conds::player_fn(cx, a)? == conds::player_fn(cx, b)? {
                return Err(cx.error(
                    ErrorKind::Invalid,
                    node,
                    "`(swap Players ...)` of a player with itself",
                ));
            }
            Ok(Effect::SwapPlayers)
        }
        // Ludii's `Or` and `And` moves evaluate alike (each part's moves,
        // collected on the same state), so as consequences they are one.
        Some(head @ ("and" | "or")) => {
            let items: Vec<&Node> = match node.args() {
                [one] if matches!(one.value.kind, NodeKind::Array(_)) => {
                    one.value.args().iter().map(|a| &a.value).collect()
                }
                args => {
                    if let Some(l) = args.iter().find(|a| a.label.is_some()) {
                        return Err(cx.error_span(
                            ErrorKind::Unsupported,
                            &l.span,
                            format!("unsupported labelled argument of `({head} ...)`"),
                        ));
                    }
                    args.iter().map(|a| &a.value).collect()
                }
            };
            reads_what_earlier_parts_set(cx, &items)?;
            let frozen = items.iter().enumerate().any(|(i, earlier)| {
                fills_first_track_site(earlier)
                    && items[i + 1..]
                        .iter()
                        .any(|later| contains_ludeme(later, "trackSite FirstSite"))
            });
            let parts: Vec<Effect> = items
                .into_iter()
                .map(|e| effect(cx, e))
                .collect::<Result<_>>()?;
            let hoisted = hoist_conditions(parts);
            Ok(if frozen {
                Effect::Frozen(Box::new(hoisted))
            } else {
                hoisted
            })
        }
        Some("do") => {
            let mut args = Args::new(node, "do", 0);
            let prior = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(do ...)` needs moves"))?;
            let next = args.labeled("next").ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Unsupported,
                    "`(do ...)` consequence without `next:`",
                )
            })?;
            if let Some(after) = args.labeled("ifAfterwards") {
                return Err(cx.unsupported_in(after, "`ifAfterwards:` of a `(do ...)` consequence"));
            }
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            Ok(Effect::DoNext {
                prior: Box::new(effect(cx, prior)?),
                next: Box::new(effect(cx, next)?),
                then: then.map(Box::new),
            })
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
        Some("promote") => {
            super::promote::promote(cx, node, "promote", 0).map(|p| Effect::Promote(Box::new(p)))
        }
        // A decision move as a consequence: Ludii applies every move it
        // generates (`Move.apply`), as the non-decision `(promote ...)`.
        Some("move") if Cx::ludeme_name(node) == "move Promote" => {
            super::promote::promote(cx, node, "move Promote", 1)
                .map(|p| Effect::Promote(Box::new(p)))
        }
        Some("move") if Cx::ludeme_name(node) == "move Remove" => remove_effect(cx, node, 1),
        Some("remove") => remove_effect(cx, node, 0),
        Some("add") => {
            let mut args = Args::new(node, "add", 0);
            let piece = args.form_with_head("piece").ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(add ...)` needs `(piece ...)`")
            })?;
            let to = args.form_with_head("to").ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(add ...)` needs `(to ...)`")
            })?;
            args.finish(cx)?;
            let mut pargs = Args::new(piece, "piece", 0);
            let what = pargs.next().ok_or_else(|| {
                pargs.error(cx, ErrorKind::Invalid, "`(piece ...)` needs a piece")
            })?;
            let state = pargs
                .labeled("state")
                .map(|n| conds::int(cx, n))
                .transpose()?;
            pargs.finish(cx)?;
            let component = piece_id(cx, what)?;
            let (site_type, site) = to_site(cx, to)?;
            Ok(Effect::AddPiece {
                piece: component,
                to: site,
                site_type,
                state,
            })
        }
        Some("claim") => {
            // `(claim (to TYPE SITE) [(then E)])`: the mover's piece goes on SITE.
            let mut args = Args::new(node, "claim", 0);
            let to = args.form_with_head("to").ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(claim ...)` needs `(to ...)`")
            })?;
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            let (site_type, site) = to_site(cx, to)?;
            let add = Effect::AddPiece {
                piece: PieceRef::Mover,
                to: site,
                site_type,
                state: None,
            };
            Ok(match then {
                Some(then) => Effect::Seq(vec![add, then]),
                None => add,
            })
        }
        Some("attract") => {
            let mut args = Args::new(node, "attract", 0);
            let from = match args.form_with_head("from") {
                Some(f) => from_site(cx, f)?,
                None => SiteExpr::LastTo,
            };
            let directions = match args.take(directions::is_direction_arg) {
                Some(d) => directions::directions(cx, d)?,
                None => vec![crate::ir::AbsoluteDirection::Adjacent],
            };
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            let attract = Effect::Attract { from, directions };
            Ok(match then {
                Some(then) => Effect::Seq(vec![attract, then]),
                None => attract,
            })
        }
        Some("custodial") => custodial(cx, node),
        Some("directional") => directional(cx, node),
        Some("enclose") => enclose(cx, node),
        Some("surround") => surround(cx, node),
        Some("sow") => super::sow::sow(cx, node),
        Some("set") if matches!(Cx::ludeme_name(node).as_str(), "set Var" | "set Value") => {
            super::vars::effect(cx, node)
        }
        Some("fromTo") => super::sow::from_to(cx, node),
        Some("remember" | "forget")
            if matches!(
                Cx::ludeme_name(node).as_str(),
                "remember Value" | "forget Value"
            ) =>
        {
            super::remember::effect(cx, node)
        }
        Some("flip") => {
            let mut args = Args::new(node, "flip", 0);
            let at = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(flip ...)` needs a site"))?;
            args.finish(cx)?;
            Ok(Effect::Flip(conds::site(cx, at)?))
        }
        Some("allCombinations") => {
            let mut args = Args::new(node, "allCombinations", 0);
            let a = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| {
                    args.error(
                        cx,
                        ErrorKind::Invalid,
                        "`(allCombinations ...)` needs two effects",
                    )
                })?;
            let b = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| {
                    args.error(
                        cx,
                        ErrorKind::Invalid,
                        "`(allCombinations ...)` needs two effects",
                    )
                })?;
            args.finish(cx)?;
            let (a, b) = (effect(cx, a)?, effect(cx, b)?);
            for (e, n) in [(&a, node), (&b, node)] {
                if !yields_at_most_one(e) {
                    return Err(cx
                        .error(
                            ErrorKind::Unsupported,
                            n,
                            "`(allCombinations ...)` of effects yielding several moves",
                        )
                        .with_label("not supported by ludemic yet"));
                }
            }
            Ok(Effect::AllCombinations(Box::new(a), Box::new(b)))
        }
        Some("set") if Cx::ludeme_name(node) == "set State" => {
            let mut args = Args::new(node, "set State", 1);
            let at = args.labeled("at").ok_or_else(|| {
                args.error(cx, ErrorKind::Unsupported, "`(set State ...)` needs `at:`")
            })?;
            let value = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(set State ...)` needs a value")
            })?;
            args.finish(cx)?;
            if cx.stacking() {
                return Err(cx.unsupported_in(node, "piece state in a stacking game"));
            }
            Ok(Effect::SetState {
                at: conds::site(cx, at)?,
                value: conds::int(cx, value)?,
            })
        }
        Some("set") if Cx::ludeme_name(node) == "set Pending" => {
            let mut args = Args::new(node, "set Pending", 1);
            let value = args.next();
            args.finish(cx)?;
            let pending = match value {
                None => crate::ir::Pending::Value(IntExpr::Const(1)),
                Some(v) if Cx::ludeme_name(v).starts_with("sites") => {
                    crate::ir::Pending::Sites(conds::region(cx, v)?)
                }
                Some(v) => crate::ir::Pending::Value(conds::int(cx, v)?),
            };
            Ok(Effect::SetPending(pending))
        }
        Some("vote") => {
            let mut args = Args::new(node, "vote", 0);
            let what = args.take(|n| n.string().is_some()).ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Unsupported,
                    "`(vote ...)` other than with one string",
                )
            })?;
            args.finish(cx)?;
            Ok(Effect::Vote(
                cx.vote_index(what.string().unwrap_or_default()),
            ))
        }
        Some("set") if Cx::ludeme_name(node) == "set Counter" => {
            let mut args = Args::new(node, "set Counter", 1);
            let value = args.next().map(|v| conds::int(cx, v)).transpose()?;
            args.finish(cx)?;
            Ok(Effect::SetCounter(value.unwrap_or(IntExpr::Const(-1))))
        }
        Some("set") if Cx::ludeme_name(node) == "set Score" => {
            let mut args = Args::new(node, "set Score", 1);
            let who = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(set Score ...)` needs a player")
            })?;
            let score = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(set Score ...)` needs a score")
            })?;
            args.finish(cx)?;
            Ok(Effect::SetScore {
                who: score_player(cx, who)?,
                score: conds::int(cx, score)?,
                add: false,
            })
        }
        Some("addScore") => {
            let mut args = Args::new(node, "addScore", 0);
            let who = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(addScore ...)` needs a player")
            })?;
            let score = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(addScore ...)` needs a score")
            })?;
            args.finish(cx)?;
            Ok(Effect::SetScore {
                who: score_player(cx, who)?,
                score: conds::int(cx, score)?,
                add: true,
            })
        }
        Some("forEach") if Cx::ludeme_name(node) == "forEach Site" => {
            let mut args = Args::new(node, "forEach Site", 1);
            let within = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(forEach Site ...)` needs sites")
            })?;
            let inner = args
                .take(|n| n.head().is_some_and(|h| h != "then"))
                .ok_or_else(|| {
                    args.error(
                        cx,
                        ErrorKind::Invalid,
                        "`(forEach Site ...)` needs an effect",
                    )
                })?;
            let then = then_of(cx, &mut args)?;
            args.finish(cx)?;
            let each = Effect::ForEachSite {
                region: conds::region(cx, within)?,
                effect: Box::new(effect(cx, inner)?),
            };
            Ok(match then {
                Some(then) => Effect::Seq(vec![each, then]),
                None => each,
            })
        }
        Some("slide") | Some("step") | Some("hop") => {
            let kind = match node.head() {
                Some("slide") => Kind::Slide,
                Some("step") => Kind::Step,
                _ => Kind::Hop,
            };
            if let Some(per_facing) = by_facing(cx, node, kind, 0)? {
                return Ok(Effect::Seq(
                    per_facing
                        .into_iter()
                        .map(|(condition, m)| Effect::If {
                            condition,
                            then: Box::new(Effect::Move(Box::new(m))),
                            otherwise: None,
                        })
                        .collect(),
                ));
            }
            let m = piece_move_at(cx, node, kind, 0)?;
            if m.from.is_none() {
                return Err(cx
                    .error(
                        ErrorKind::Unsupported,
                        node,
                        "a piece move as a consequence needs `(from ...)`",
                    )
                    .with_label("not supported by ludemic yet"));
            }
            Ok(Effect::Move(Box::new(m)))
        }
        Some("trigger") => {
            let mut args = Args::new(node, "trigger", 0);
            let name = args.string().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(trigger ...)` needs a name")
            })?;
            let who = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(trigger ...)` needs a player")
            })?;
            args.finish(cx)?;
            Ok(Effect::Trigger {
                name: cx.trigger(name),
                who: conds::player_fn(cx, who)?,
            })
        }
        _ => Err(cx.unsupported_in(node, "consequence")),
    }
}

/// `(to [TYPE] SITE)` of an effect: the site and its type (the board's default unless given).
fn to_site(cx: &Cx, to: &Node) -> Result<(crate::ir::SiteType, SiteExpr)> {
    let mut targs = Args::new(to, "to", 0);
    let site_type = match conds::site_type_arg(&mut targs) {
        Some(t) => t,
        None => cx.default_site_type(to)?,
    };
    let site = targs
        .next()
        .ok_or_else(|| targs.error(cx, ErrorKind::Invalid, "`(to ...)` needs a site"))?;
    targs.finish(cx)?;
    Ok((site_type, conds::site(cx, site)?))
}

/// `(from SITE)` naming one site.
fn from_site(cx: &Cx, from: &Node) -> Result<SiteExpr> {
    let mut fargs = Args::new(from, "from", 0);
    let site = fargs
        .next()
        .ok_or_else(|| fargs.error(cx, ErrorKind::Invalid, "`(from ...)` needs a site"))?;
    fargs.finish(cx)?;
    conds::site(cx, site)
}

/// The player of `(set Score P N)`, `(addScore P N)`: a role or `(player N)`.
fn score_player(cx: &Cx, node: &Node) -> Result<PlayerRef> {
    if node
        .atom()
        .is_some_and(|a| matches!(a, "All" | "Each" | "Shared" | "Neutral" | "Team1" | "Team2"))
    {
        return Err(cx.unsupported_in(node, "player of a score"));
    }
    conds::player_fn(cx, node)
}

/// Whether an effect yields at most one Ludii move wherever it is evaluated
/// (what `(allCombinations ...)` is implemented for).
fn yields_at_most_one(e: &Effect) -> bool {
    matches!(
        e,
        Effect::AddPiece { .. } | Effect::Flip(_) | Effect::Remove(_) | Effect::SetScore { .. }
    )
}

/// `(custodial [(from S)] [DIR] [(between [range] [if:C] [(apply E)])] [(to if:C)] [(then E)])`.
fn custodial(cx: &Cx, node: &Node) -> Result<Effect> {
    let mut args = Args::new(node, "custodial", 0);
    let from = match args.form_with_head("from") {
        Some(f) => from_site(cx, f)?,
        None => SiteExpr::LastTo,
    };
    let directions =
        match args.atom_among(&["Adjacent", "Orthogonal", "Diagonal", "OffDiagonal", "All"]) {
            Some(d) => crate::ir::AbsoluteDirection::from_name(d)
                .unwrap_or(crate::ir::AbsoluteDirection::Adjacent),
            None => crate::ir::AbsoluteDirection::Adjacent,
        };
    let between = args.form_with_head("between");
    let to = args.form_with_head("to");
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    let enemy = Cond::Enemy(IntExpr::Who(SiteExpr::Between));
    let (mut min, mut max) = (IntExpr::Const(0), IntExpr::Const(i64::from(u16::MAX)));
    let (mut between_if, mut apply) = (enemy, Effect::Remove(SiteExpr::Between));
    if let Some(b) = between {
        let mut bargs = Args::new(b, "between", 0);
        if let Some(n) = exact_count(cx, &mut bargs)? {
            min = n;
            max = min.clone();
        } else if let Some((lo, hi)) = bound_count(cx, &mut bargs)? {
            (min, max) = (lo, hi);
        }
        if let Some(c) = bargs.labeled("if") {
            between_if = conds::cond(cx, c)?;
        }
        if let Some(a) = bargs.form_with_head("apply") {
            apply = apply_arg(cx, a, false)?;
        }
        bargs.finish(cx)?;
    }
    let mut to_if = Cond::Friend(IntExpr::Who(SiteExpr::To));
    if let Some(to) = to {
        let mut targs = Args::new(to, "to", 0);
        if let Some(c) = targs.labeled("if") {
            to_if = conds::cond(cx, c)?;
        }
        targs.finish(cx)?;
    }
    Ok(Effect::Custodial(Box::new(Custodial {
        from,
        directions,
        min,
        max,
        between_if,
        to_if,
        apply,
        then,
    })))
}

/// `(surround [(from S)] [DIRS] [(between [RANGE] if:C (apply E))]
/// [(to if:F)] [except:N] [(then E)])` (Ludii's `Surround`). A range in
/// `(between ...)` is read and ignored, as Ludii ignores it; `with:` is
/// refused.
fn surround(cx: &Cx, node: &Node) -> Result<Effect> {
    let mut args = Args::new(node, "surround", 0);
    let from = match args.form_with_head("from") {
        Some(f) => from_site(cx, f)?,
        None => SiteExpr::From,
    };
    let directions =
        match args.atom_among(&["Adjacent", "Orthogonal", "Diagonal", "OffDiagonal", "All"]) {
            Some(d) => crate::ir::AbsoluteDirection::from_name(d)
                .unwrap_or(crate::ir::AbsoluteDirection::Adjacent),
            None => crate::ir::AbsoluteDirection::Adjacent,
        };
    let between = args.form_with_head("between");
    let to = args.form_with_head("to");
    let except = args
        .labeled("except")
        .map(|n| conds::int(cx, n))
        .transpose()?
        .unwrap_or(IntExpr::Const(0));
    if let Some(w) = args.labeled("with") {
        return Err(cx.unsupported_in(w, "`with:` of `(surround ...)`"));
    }
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    let mut between_if = Cond::Enemy(IntExpr::Who(SiteExpr::Between));
    let mut apply = Effect::Remove(SiteExpr::Between);
    if let Some(b) = between {
        let mut bargs = Args::new(b, "between", 0);
        // Ludii's `Surround` never reads the range.
        if exact_count(cx, &mut bargs)?.is_none() {
            bound_count(cx, &mut bargs)?;
        }
        if let Some(c) = bargs.labeled("if") {
            between_if = conds::cond(cx, c)?;
        }
        if let Some(a) = bargs.form_with_head("apply") {
            apply = apply_arg(cx, a, false)?;
        }
        bargs.finish(cx)?;
    }
    let mut to_if = Cond::Friend(IntExpr::Who(SiteExpr::To));
    if let Some(to) = to {
        let mut targs = Args::new(to, "to", 0);
        if let Some(c) = targs.labeled("if") {
            to_if = conds::cond(cx, c)?;
        }
        targs.finish(cx)?;
    }
    Ok(Effect::Surround(Box::new(Surround {
        from,
        directions,
        between_if,
        to_if,
        apply,
        except,
        then,
    })))
}

/// `(enclose [(from S)] [DIRS] [(between if:C (apply E))] [(then E)])`
/// (Ludii's `Enclose`). A site type and `numException:` are refused.
fn enclose(cx: &Cx, node: &Node) -> Result<Effect> {
    let mut args = Args::new(node, "enclose", 0);
    if args.atom_among(&["Cell", "Vertex", "Edge"]).is_some() {
        return Err(args.error(
            cx,
            ErrorKind::Unsupported,
            "unsupported site type of `(enclose ...)`",
        ));
    }
    let from = match args.form_with_head("from") {
        Some(f) => from_site(cx, f)?,
        None => SiteExpr::LastTo,
    };
    let directions = match args.take(directions::is_direction_arg) {
        Some(d) => directions::directions(cx, d)?,
        None => vec![crate::ir::AbsoluteDirection::Adjacent],
    };
    if let Some(n) = args.labeled("numException") {
        if n.atom() != Some("0") {
            return Err(cx.unsupported_in(n, "`numException:` of `(enclose ...)`"));
        }
    }
    let between = args.form_with_head("between");
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    let mut between_if = Cond::Enemy(IntExpr::Who(SiteExpr::Between));
    let mut apply = Effect::Remove(SiteExpr::Between);
    let mut through_empty = false;
    if let Some(b) = between {
        let mut bargs = Args::new(b, "between", 0);
        if let Some(c) = bargs.labeled("if") {
            if mentions(c, "sites Empty") {
                return Err(
                    cx.unsupported_in(c, "condition of `(enclose ...)` reading `(sites Empty)`")
                );
            }
            // Ludii's `atLeastAnEmpty`: the condition has the IsEmpty concept.
            through_empty = mentions(c, "is Empty");
            between_if = conds::cond(cx, c)?;
        }
        if let Some(a) = bargs.form_with_head("apply") {
            apply = apply_arg(cx, a, false)?;
        }
        bargs.finish(cx)?;
    }
    Ok(Effect::Enclose(Box::new(Enclose {
        from,
        directions,
        between_if,
        apply,
        then,
        through_empty,
    })))
}

/// Whether a condition mentions the ludeme `name` (`"is Empty"`).
fn mentions(node: &Node, name: &str) -> bool {
    Cx::ludeme_name(node) == name
        || node.args().iter().any(|a| mentions(&a.value, name))
        || matches!(&node.kind, NodeKind::Array(items) if items.iter().any(|a| mentions(&a.value, name)))
}

/// `(remove SITE [at:WHEN] [(then E)])`, and `(move Remove SITE [(then E)])`
/// as a consequence (`skip` 1), which Ludii's `Remove` makes the same
/// actions for.
fn remove_effect(cx: &Cx, node: &Node, skip: usize) -> Result<Effect> {
    let name = if skip == 0 { "remove" } else { "move Remove" };
    let mut args = Args::new(node, name, skip);
    let site = args
        .take(|n| n.head() != Some("then"))
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(remove ...)` needs a site"))?;
    let later = match args.labeled("at") {
        None => false,
        Some(at) => match at.atom() {
            Some("EndOfTurn") => true,
            Some("StartOfTurn") => false,
            _ => return Err(cx.unsupported_in(at, "time of a removal")),
        },
    };
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    let site = conds::site(cx, site)?;
    let remove = if later {
        Effect::RemoveLater(site.clone())
    } else {
        Effect::Remove(site.clone())
    };
    // Ludii's `Remove` makes no move on an empty site, so its
    // `then` runs only where a piece was.
    Ok(match then {
        None => remove,
        Some(then) => Effect::If {
            condition: Cond::Occupied(site),
            then: Box::new(Effect::Seq(vec![remove, then])),
            otherwise: None,
        },
    })
}

/// `"Name"` or `(id "Name" WHO)` naming a piece to add.
fn piece_id(cx: &Cx, node: &Node) -> Result<PieceRef> {
    if let Some(name) = node.string() {
        return cx
            .component_named(name)
            .map(PieceRef::Component)
            .ok_or_else(|| {
                cx.error(
                    ErrorKind::Invalid,
                    node,
                    format!("no piece is called \"{name}\""),
                )
            });
    }
    if node.head() == Some("id") {
        let mut args = Args::new(node, "id", 0);
        let name = args
            .string()
            .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(id ...)` needs a name"))?;
        let who = args.next();
        args.finish(cx)?;
        return match who.and_then(Node::atom) {
            Some("Mover") => {
                // The mover's piece of that name: one component per player.
                let per_player: Vec<usize> = (1..=cx.num_players())
                    .map(|p| {
                        cx.component_owned(name, p).ok_or_else(|| {
                            cx.error(
                                ErrorKind::Invalid,
                                node,
                                format!("player {p} has no piece \"{name}\""),
                            )
                        })
                    })
                    .collect::<Result<_>>()?;
                Ok(PieceRef::MoversNamed(per_player))
            }
            _ => Err(cx.unsupported_in(node, "piece id")),
        };
    }
    // Ludii's `Add` takes any integer function as the component.
    if matches!(node.head(), Some("mapEntry" | "what" | "if" | "+" | "-")) {
        return Ok(PieceRef::Expr(crate::ir::IntFn(Box::new(conds::int(
            cx, node,
        )?))));
    }
    Err(cx.unsupported_in(node, "piece"))
}

/// The `(exact N)` of a `(between ...)`, if it has one: N.
/// `(max N)` or `(min N)` in a `(between ...)`: Ludii's range functions
/// `Max` (minimum `Constants.UNDEFINED`, -1) and `Min` (maximum
/// `Constants.INFINITY`), as (minimum, maximum).
fn bound_count(cx: &Cx, bargs: &mut Args) -> Result<Option<(IntExpr, IntExpr)>> {
    let Some(bound) = bargs
        .form_with_head("max")
        .or_else(|| bargs.form_with_head("min"))
    else {
        return Ok(None);
    };
    let head = bound.head().unwrap_or_default();
    let mut margs = Args::new(bound, head, 0);
    let n = margs.next().ok_or_else(|| {
        margs.error(
            cx,
            ErrorKind::Invalid,
            format!("`({head} ...)` needs a number"),
        )
    })?;
    margs.finish(cx)?;
    let n = conds::int(cx, n)?;
    Ok(Some(if head == "max" {
        (IntExpr::Const(-1), n)
    } else {
        (n, IntExpr::Const(1_000_000_000))
    }))
}

fn exact_count(cx: &Cx, bargs: &mut Args) -> Result<Option<IntExpr>> {
    let Some(exact) = bargs.form_with_head("exact") else {
        return Ok(None);
    };
    let mut eargs = Args::new(exact, "exact", 0);
    let n = eargs
        .next()
        .ok_or_else(|| eargs.error(cx, ErrorKind::Invalid, "`(exact ...)` needs a number"))?;
    eargs.finish(cx)?;
    conds::int(cx, n).map(Some)
}

/// `(move Swap Pieces [A] [B] [(then E)])`: A and B are `(last From)` and
/// `(last To)` when left out (Ludii's `SwapPieces`).
fn swap_pieces(cx: &Cx, node: &Node) -> Result<Moves> {
    let mut args = Args::new(node, "move Swap", 1);
    if args.atom_among(&["Pieces"]).is_none() {
        return Err(cx
            .error(
                ErrorKind::Unsupported,
                node,
                "`(move Swap ...)` other than `(move Swap Pieces ...)`",
            )
            .with_label("not supported by ludemic yet"));
    }
    let a = args.take(|n| n.head() != Some("then"));
    let b = args.take(|n| n.head() != Some("then"));
    let then = then_of(cx, &mut args)?;
    args.finish(cx)?;
    if cx.stacking() {
        return Err(cx.unsupported_in(node, "swap of pieces in a stacking game"));
    }
    let site = |n: Option<&Node>, default: SiteExpr| n.map_or(Ok(default), |n| conds::site(cx, n));
    Ok(Moves::SwapPieces {
        rule: cx.next_rule(),
        a: site(a, SiteExpr::LastFrom)?,
        b: site(b, SiteExpr::LastTo)?,
        then,
    })
}

/// Ludii's next player after a move is one of two only with two players:
/// the mover again or the other (the interpreter's and the generated
/// code's "moves again" flag).
fn two_players_only(cx: &Cx, node: &Node) -> Result<()> {
    if cx.num_players() == 2 {
        Ok(())
    } else {
        Err(cx
            .error(
                ErrorKind::Unsupported,
                node,
                format!(
                    "`({} ...)` in a game of other than two players",
                    Cx::ludeme_name(node)
                ),
            )
            .with_label("not supported by ludemic yet"))
    }
}

#[cfg(test)]
mod tests {

    use crate::diagnostic::ErrorKind;

    #[test]
    fn piece_rules_that_run_themselves_are_a_placed_error() {
        // The fuzzer's mutant: a piece's consequence asks whether the next
        // player can move, which runs every piece's rules, this one's too.
        let text = "(game \"R\" (players 2) (equipment {(board (square 3))\n\
                    (piece \"Rook\" Each (move Slide (then (if (can Move (forEach Piece Next)) (moveAgain)))))})\n\
                    (rules (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))";
        let err = crate::load_inline(text)
            .err()
            .expect("an error, not a stack overflow");
        assert_eq!(err.kind, ErrorKind::Unsupported, "{err}");
        assert!(err.to_string().starts_with("inline.lud:2:"), "{err}");
        assert!(err.to_string().contains("recurse forever"), "{err}");
    }
}
