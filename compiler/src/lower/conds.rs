//! Conditions, integers, players and regions.

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{
    AbsoluteDirection, Cond, ConnectTargets, Connected, IntExpr, Line, Loop, PlayerRef, Region,
    Site,
};
use crate::syntax::{Node, NodeKind};

use super::{board, moves, Args, Cx};

/// A boolean condition.
pub(super) fn cond(cx: &Cx, node: &Node) -> Result<Cond> {
    match Cx::ludeme_name(node).as_str() {
        "is Line" => line(cx, node).map(Cond::Line),
        "is Connected" => connected(cx, node).map(Cond::Connected),
        "is Loop" => is_loop(cx, node).map(Cond::Loop),
        "is Even" | "is Odd" => {
            let even = node.args()[0].value.atom() == Some("Even");
            let mut args = Args::new(node, Cx::ludeme_name(node), 1);
            let value = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a number"))?;
            args.finish(cx)?;
            let value = int(cx, value)?;
            Ok(if even {
                Cond::Even(value)
            } else {
                Cond::Odd(value)
            })
        }
        "or" | "and" => {
            let items = conds_list(cx, node)?;
            Ok(if node.head() == Some("or") {
                Cond::Or(items)
            } else {
                Cond::And(items)
            })
        }
        "not" => {
            let mut args = Args::new(node, "not", 0);
            let inner = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(not ...)` needs a condition")
            })?;
            args.finish(cx)?;
            Ok(Cond::Not(Box::new(cond(cx, inner)?)))
        }
        _ => match node.atom().map(str::to_ascii_lowercase).as_deref() {
            Some("true") => Ok(Cond::True),
            Some("false") => Ok(Cond::False),
            _ => Err(cx.unsupported_in(node, "condition")),
        },
    }
}

/// `(or {A B ...})` or `(or A B)`.
fn conds_list(cx: &Cx, node: &Node) -> Result<Vec<Cond>> {
    let args = node.args();
    if let Some(labelled) = args.iter().find(|a| a.label.is_some()) {
        return Err(cx.error_span(
            ErrorKind::Unsupported,
            &labelled.span,
            "unsupported labelled argument",
        ));
    }
    let items: Vec<&Node> = match args {
        [one] => match &one.value.kind {
            NodeKind::Array(items) => items.iter().map(|a| &a.value).collect(),
            _ => vec![&one.value],
        },
        _ => args.iter().map(|a| &a.value).collect(),
    };
    if items.is_empty() {
        return Err(cx.error(ErrorKind::Invalid, node, "needs conditions"));
    }
    items.into_iter().map(|c| cond(cx, c)).collect()
}

/// An integer: a literal or `(count Moves)`.
pub(super) fn int(cx: &Cx, node: &Node) -> Result<IntExpr> {
    if let Some(atom) = node.atom() {
        return atom
            .parse()
            .map(IntExpr::Const)
            .map_err(|_| cx.unsupported_in(node, "integer"));
    }
    match Cx::ludeme_name(node).as_str() {
        "count Moves" => {
            Args::new(node, "count Moves", 1).finish(cx)?;
            Ok(IntExpr::CountMoves)
        }
        _ => Err(cx.unsupported_in(node, "integer function")),
    }
}

/// `Mover`, `Next`, `Prev`, `P1`...
pub(super) fn player_ref(cx: &Cx, node: &Node) -> Result<PlayerRef> {
    match node.atom() {
        Some("Mover") => Ok(PlayerRef::Mover),
        Some("Next") => Ok(PlayerRef::Next),
        Some("Prev") => Ok(PlayerRef::Prev),
        Some(p) => cx
            .player_literal(p)
            .map(PlayerRef::Player)
            .ok_or_else(|| cx.unsupported_in(node, "player")),
        None => Err(cx.unsupported_in(node, "player")),
    }
}

const PLAYER_ATOMS: &[&str] = &[
    "Mover", "Next", "Prev", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11",
    "P12", "P13", "P14", "P15", "P16",
];

/// Direction choices a line, connection or loop may follow.
const DIRECTION_SETS: &[&str] = &["Adjacent", "Orthogonal", "Diagonal", "All"];

fn direction_set(atom: &str) -> AbsoluteDirection {
    board::direction(atom).unwrap_or(AbsoluteDirection::Adjacent)
}

/// `(is Line N [DIRECTIONS] [exact:B])`.
fn line(cx: &Cx, node: &Node) -> Result<Line> {
    let mut args = Args::new(node, "is Line", 1);
    let (length, at) = args
        .int()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(is Line ...)` needs a length"))?;
    if length < 1 {
        return Err(cx.error(ErrorKind::Invalid, at, "a line needs a positive length"));
    }
    let directions = args
        .atom_among(DIRECTION_SETS)
        .map_or(AbsoluteDirection::Adjacent, direction_set);
    let exact = args.labeled_bool(cx, "exact", false)?;
    let who = match args.atom_among(PLAYER_ATOMS) {
        Some(_) => {
            return Err(args.error(
                cx,
                ErrorKind::Unsupported,
                "`(is Line ...)` with a player is not supported yet",
            ))
        }
        None => None,
    };
    args.finish(cx)?;
    Ok(Line {
        length: length as u32,
        directions,
        exact,
        who,
    })
}

/// `(is Connected [N] (WHO | SidesNoCorners | Corners | Sides | {REGIONS}) [DIRECTIONS])`.
fn connected(cx: &Cx, node: &Node) -> Result<Connected> {
    let mut args = Args::new(node, "is Connected", 1);
    let number = args.int().map(|(n, _)| n as u32);
    let directions = args
        .atom_among(DIRECTION_SETS)
        .map_or(AbsoluteDirection::Adjacent, direction_set);
    let mut who = PlayerRef::Mover;
    let targets = if let Some(kind) = args.atom_among(&["SidesNoCorners", "Corners", "Sides"]) {
        let b = cx.board(node)?;
        ConnectTargets::Sets(match kind {
            "SidesNoCorners" => board::sides_no_corners(b),
            "Sides" => board::sides(b),
            _ => board::corners(b).into_iter().map(|c| vec![c]).collect(),
        })
    } else if let Some(list) = args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
        ConnectTargets::Sets(
            list.args()
                .iter()
                .map(|a| static_region(cx, &a.value))
                .collect::<Result<_>>()?,
        )
    } else {
        if let Some(p) = args.take(|n| n.atom().is_some_and(|a| PLAYER_ATOMS.contains(&a))) {
            who = player_ref(cx, p)?;
        }
        ConnectTargets::PlayerRegions
    };
    args.finish(cx)?;
    Ok(Connected {
        targets,
        number,
        who,
        directions,
    })
}

/// `(is Loop [DIRECTIONS])`.
fn is_loop(cx: &Cx, node: &Node) -> Result<Loop> {
    let mut args = Args::new(node, "is Loop", 1);
    let directions = args
        .atom_among(DIRECTION_SETS)
        .map_or(AbsoluteDirection::Adjacent, direction_set);
    args.finish(cx)?;
    // The ring test is implemented for hex cells (Havannah's board), where
    // Ludii's IsLoop reduces to an enclosure test; elsewhere say so.
    let b = cx.board(node)?;
    let hex_cells = b.site_type == crate::board::SiteType::Cell
        && (0..b.num_sites())
            .any(|s| b.neighbours(s, crate::board::Relation::Orthogonal).len() == 6);
    if !hex_cells || directions != AbsoluteDirection::Adjacent {
        return Err(cx
            .error(
                ErrorKind::Unsupported,
                node,
                "`(is Loop)` is supported only on hex cells with adjacent steps",
            )
            .with_label("not supported by ludemic yet"));
    }
    Ok(Loop {
        who: PlayerRef::Mover,
        directions,
    })
}

/// A region evaluated in a state: `(sites Empty)`, `(union ...)`,
/// `(sites Winning ...)`, or a static region.
pub(super) fn region(cx: &Cx, node: &Node) -> Result<Region> {
    match Cx::ludeme_name(node).as_str() {
        "sites Empty" => {
            Args::new(node, "sites Empty", 1).finish(cx)?;
            Ok(Region::Empty)
        }
        "union" => {
            let items: Vec<&Node> = match node.args() {
                [one] if matches!(one.value.kind, NodeKind::Array(_)) => {
                    one.value.args().iter().map(|a| &a.value).collect()
                }
                args => args.iter().map(|a| &a.value).collect(),
            };
            items
                .into_iter()
                .map(|r| region(cx, r))
                .collect::<Result<_>>()
                .map(Region::Union)
        }
        "sites Winning" => {
            let mut args = Args::new(node, "sites Winning", 1);
            let who = args.take(|n| n.atom().is_some()).ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    "`(sites Winning ...)` needs a player",
                )
            })?;
            let generator = args.take(|n| n.head().is_some()).ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(sites Winning ...)` needs moves")
            })?;
            args.finish(cx)?;
            Ok(Region::Winning {
                who: player_ref(cx, who)?,
                moves: Box::new(moves::moves(cx, generator)?),
            })
        }
        _ => static_region(cx, node).map(Region::Static),
    }
}

/// A region that does not depend on the state: sides, corners, site lists.
pub(super) fn static_region(cx: &Cx, node: &Node) -> Result<Vec<Site>> {
    let name = Cx::ludeme_name(node);
    let b = cx.board(node)?;
    let sites = match name.as_str() {
        "sites Side" => {
            let mut args = Args::new(node, "sites Side", 1);
            let facing = args.take(|n| n.atom().is_some()).ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    "`(sites Side ...)` needs a direction",
                )
            })?;
            args.finish(cx)?;
            board::side(b, facing.atom().unwrap_or_default()).ok_or_else(|| {
                cx.error(ErrorKind::Invalid, facing, "this board has no such side")
            })?
        }
        "sites Corners" => {
            Args::new(node, "sites Corners", 1).finish(cx)?;
            board::corners(b)
        }
        "sites Outer" => {
            Args::new(node, "sites Outer", 1).finish(cx)?;
            b.outer().to_vec()
        }
        "expand" => {
            // (expand REGION [steps:N] [DIRECTION]): the region grown N times by
            // one step (adjacent sites, or steps in DIRECTION).
            let mut args = Args::new(node, "expand", 0);
            let base = args.take(|n| n.head().is_some()).ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(expand ...)` needs a region")
            })?;
            let steps = match args.labeled("steps") {
                Some(n) => cx.int_literal(n)?,
                None => 1,
            };
            let direction = match args.take(|n| n.atom().is_some()) {
                Some(d) => Some(
                    d.atom()
                        .and_then(board::direction)
                        .ok_or_else(|| cx.unsupported_in(d, "direction"))?,
                ),
                None => None,
            };
            args.finish(cx)?;
            let mut sites = static_region(cx, base)?;
            for _ in 0..steps.max(0) {
                let mut grown = sites.clone();
                for &s in &sites {
                    let next = match direction {
                        None => b.neighbours(s as usize, crate::board::Relation::Adjacent),
                        Some(d) => b.steps(s as usize, d),
                    };
                    grown.extend_from_slice(next);
                }
                grown.sort_unstable();
                grown.dedup();
                sites = grown;
            }
            sites
        }
        "sites" => {
            let mut args = Args::new(node, "sites", 0);
            let list = args
                .take(|n| matches!(n.kind, NodeKind::Array(_)))
                .ok_or_else(|| cx.unsupported_in(node, "region"))?;
            args.finish(cx)?;
            list.args()
                .iter()
                .map(|a| {
                    let site = cx.int_literal(&a.value)?;
                    if site < 0 || site as usize >= b.num_sites() {
                        return Err(cx.error(
                            ErrorKind::Invalid,
                            &a.value,
                            "no such site on this board",
                        ));
                    }
                    Ok(site as Site)
                })
                .collect::<Result<_>>()?
        }
        _ => return Err(cx.unsupported_in(node, "region")),
    };
    Ok(sites)
}
