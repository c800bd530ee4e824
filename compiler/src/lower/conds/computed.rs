//! The integer functions that are not arithmetic of known values —
//! `(* ...)`, `(if C A B)` as an integer, `(mapEntry ...)`, `(trackSite
//! Move ...)`, the dice's pips, variables — and the sites and regions they
//! compute, with the integers folded at lowering where they are constant.

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{IntExpr, SiteExpr, Track};
use crate::syntax::{Node, NodeKind};

use super::super::{Args, Cx};

/// An integer known when lowering: a literal, or arithmetic of literals
/// (`(- (* 4 8) 3)`).
pub(in crate::lower) fn fixed_int(cx: &Cx, node: &Node) -> Result<i64> {
    if node.atom().is_some() {
        return cx.int_literal(node);
    }
    let board = cx.board(node).ok();
    fold_int(board, &super::int(cx, node)?)
        .ok_or_else(|| cx.error(ErrorKind::Invalid, node, "expected a fixed integer"))
}

/// The value of an integer function that reads no state: arithmetic on
/// numbers, fixed sites, and `(ahead SITE steps:N DIRECTION)` from a fixed
/// site (Ludii's `Ahead.eval`: the first radial long enough, else SITE).
fn fold_int(board: Option<&crate::board::Board>, n: &IntExpr) -> Option<i64> {
    let fold = |n: &IntExpr| fold_int(board, n);
    let site = |s: &crate::ir::SiteExpr| match s {
        crate::ir::SiteExpr::Const(s) => Some(*s as i64),
        crate::ir::SiteExpr::Int(f) => fold(&f.0),
        _ => None,
    };
    match n {
        IntExpr::Const(c) => Some(*c),
        IntExpr::Add(a, b) => fold(a)?.checked_add(fold(b)?),
        IntExpr::Sub(a, b) => fold(a)?.checked_sub(fold(b)?),
        IntExpr::Min(a, b) => Some(fold(a)?.min(fold(b)?)),
        IntExpr::Max(a, b) => Some(fold(a)?.max(fold(b)?)),
        IntExpr::Mul(list) => list.iter().try_fold(1i64, |p, n| p.checked_mul(fold(n)?)),
        IntExpr::Div(a, b) => fold(a)?.checked_div(fold(b)?),
        IntExpr::Site(s) => site(s),
        IntExpr::Ahead {
            site: at,
            steps,
            direction,
        } => {
            let board = board?;
            let at = site(at)?;
            let steps = fold(steps)?;
            if at < 0 || at as usize >= board.num_sites() {
                return Some(at);
            }
            Some(
                board
                    .radials(at as usize, *direction)
                    .find_map(|r| {
                        usize::try_from(steps)
                            .ok()
                            .filter(|&n| n >= 1)
                            .and_then(|n| r.steps.get(n))
                    })
                    .map_or(at, |&s| s as i64),
            )
        }
        _ => None,
    }
}

/// The integer functions of the family: `(* A B ...)`, `(mapEntry ["Name"] KEY)`.
pub(in crate::lower) fn int(cx: &Cx, node: &Node) -> Result<IntExpr> {
    match Cx::ludeme_name(node).as_str() {
        "*" => {
            let items: Vec<&Node> = match node.args() {
                [one] if matches!(one.value.kind, NodeKind::Array(_)) => {
                    one.value.args().iter().map(|a| &a.value).collect()
                }
                args => args.iter().map(|a| &a.value).collect(),
            };
            if items.len() < 2 || node.args().iter().any(|a| a.label.is_some()) {
                return Err(cx.unsupported_in(node, "integer function"));
            }
            Ok(IntExpr::Mul(
                items
                    .into_iter()
                    .map(|n| super::int(cx, n))
                    .collect::<Result<_>>()?,
            ))
        }
        "if" => {
            let (c, a, b) = if_parts(cx, node)?;
            Ok(IntExpr::If {
                condition: Box::new(super::cond(cx, c)?),
                then: Box::new(super::int(cx, a)?),
                otherwise: Box::new(super::int(cx, b)?),
            })
        }
        "var" | "value Player" => super::super::vars::int(cx, node),
        "size Array" => super::super::remember::size(cx, node),
        "count Pips" => {
            // Ludii's CountPips of the shared dice (`of:`/a role name others).
            Args::new(node, "count Pips", 1).finish(cx)?;
            if cx.dice().is_none() {
                return Err(cx.error(
                    ErrorKind::Invalid,
                    node,
                    "`(count Pips)` needs `(dice ...)` in the equipment",
                ));
            }
            Ok(IntExpr::CountPips)
        }
        "pips" => {
            Args::new(node, "pips", 0).finish(cx)?;
            Ok(IntExpr::Pips)
        }
        "count Turns" => {
            Args::new(node, "count Turns", 1).finish(cx)?;
            Ok(IntExpr::CountTurns)
        }
        "count MovesThisTurn" => {
            Args::new(node, "count MovesThisTurn", 1).finish(cx)?;
            Ok(IntExpr::CountMovesThisTurn)
        }
        "trackSite Move" => {
            let mut args = Args::new(node, "trackSite Move", 1);
            let from = match args.labeled("from") {
                Some(s) => super::site(cx, s)?,
                None => SiteExpr::From,
            };
            let name = args.string().map(str::to_owned);
            let who = match args.take(|n| n.atom().is_some() || n.head().is_some()) {
                Some(w) => super::player_fn(cx, w)?,
                None => crate::ir::PlayerRef::Mover,
            };
            let steps = args
                .labeled("steps")
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `steps:`"))?;
            args.finish(cx)?;
            // Ludii follows pieces along open tracks that cross themselves
            // (its onTrackIndices): not reproduced.
            if let Some(t) = cx.tracks.iter().find(|t| !t.looped && has_internal_loop(t)) {
                return Err(cx.error(
                    ErrorKind::Unsupported,
                    node,
                    format!(
                        "`(trackSite Move ...)` with the open track \"{}\" crossing itself",
                        t.name
                    ),
                ));
            }
            Ok(IntExpr::TrackSiteMove {
                from,
                who,
                name,
                steps: Box::new(super::int(cx, steps)?),
            })
        }
        "trackSite FirstSite" => {
            let mut args = Args::new(node, "trackSite FirstSite", 1);
            let (name, who, from) = track_and_start(cx, &mut args)?;
            let condition = match args.labeled("if") {
                Some(c) => super::cond(cx, c)?,
                None => crate::ir::Cond::True,
            };
            args.finish(cx)?;
            Ok(IntExpr::TrackSiteFirst {
                who,
                name,
                from,
                condition: Box::new(condition),
            })
        }
        "mapEntry" => {
            let mut args = Args::new(node, "mapEntry", 0);
            let map = args.string().map(str::to_owned);
            let key = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(mapEntry ...)` needs a key")
            })?;
            args.finish(cx)?;
            if let Some(name) = &map {
                if !cx.maps.iter().any(|m| &m.name == name) {
                    return Err(cx.error(ErrorKind::Invalid, node, format!("no map \"{name}\"")));
                }
            }
            Ok(IntExpr::MapEntry {
                map,
                key: Box::new(super::int(cx, key)?),
            })
        }
        _ => Err(cx.unsupported_in(node, "integer function")),
    }
}

/// The `["Name"] [WHO] [from:S]` that choose a track and a site on it
/// (`(trackSite FirstSite ...)`, `(sites Track ...)`).
fn track_and_start(
    cx: &Cx,
    args: &mut Args,
) -> Result<(
    Option<String>,
    Option<crate::ir::PlayerRef>,
    Option<SiteExpr>,
)> {
    let name = args.string().map(str::to_owned);
    let who = args
        .take(|n| (n.atom().is_some() && n.string().is_none()) || n.head().is_some())
        .map(|w| super::player_fn(cx, w))
        .transpose()?;
    let from = args
        .labeled("from")
        .map(|s| super::site(cx, s))
        .transpose()?;
    Ok((name, who, from))
}

/// The condition and the two branches of `(if C A B)`.
pub(in crate::lower) fn if_parts<'n>(
    cx: &Cx,
    node: &'n Node,
) -> Result<(&'n Node, &'n Node, &'n Node)> {
    let mut args = Args::new(node, "if", 0);
    let mut next = || {
        args.next()
            .ok_or_else(|| cx.error(ErrorKind::Invalid, node, "`(if C A B)` needs three parts"))
    };
    let parts = (next()?, next()?, next()?);
    args.finish(cx)?;
    Ok(parts)
}

/// Integer functions used as sites.
pub(in crate::lower) fn site(cx: &Cx, node: &Node) -> Result<SiteExpr> {
    match node.head() {
        Some("mapEntry" | "+" | "-" | "*" | "if" | "trackSite" | "ahead" | "pips" | "var") => Ok(
            SiteExpr::Int(crate::ir::SiteFn(Box::new(super::int(cx, node)?))),
        ),
        _ if Cx::ludeme_name(node) == "count Pips" => Ok(SiteExpr::Int(crate::ir::SiteFn(
            Box::new(super::int(cx, node)?),
        ))),
        _ => Err(cx.unsupported_in(node, "site")),
    }
}

/// A region: one site computed by an integer function (`(mapEntry
/// (mover))`, `(- (to) 1)`), or a fixed region.
pub(in crate::lower) fn region(cx: &Cx, node: &Node) -> Result<crate::ir::Region> {
    let computed = |n: &Node| n.head().is_some();
    match node.head() {
        Some("mapEntry" | "+" | "-" | "*" | "trackSite" | "ahead" | "pips" | "var") => {
            Ok(crate::ir::Region::Site(site(cx, node)?))
        }
        _ if Cx::ludeme_name(node) == "count Pips" => Ok(crate::ir::Region::Site(site(cx, node)?)),
        // `(sites {(var "Replay")})`: sites computed in play.
        Some("sites")
            if matches!(node.args(), [list] if list.value.args().iter().any(|a| computed(&a.value))
                && matches!(list.value.kind, NodeKind::Array(_))) =>
        {
            let parts = node.args()[0]
                .value
                .args()
                .iter()
                .map(|a| {
                    let s = if computed(&a.value) {
                        crate::ir::SiteExpr::Int(crate::ir::SiteFn(Box::new(super::int(
                            cx, &a.value,
                        )?)))
                    } else {
                        super::site(cx, &a.value)?
                    };
                    Ok(crate::ir::Region::Site(s))
                })
                .collect::<Result<_>>()?;
            Ok(crate::ir::Region::Union(parts))
        }
        // `(sites Track [WHO] ["Name"] from:S to:T)`: a stretch of a track,
        // or a track of a player other than nobody, found in play.
        _ if Cx::ludeme_name(node) == "sites Track"
            && node.args().iter().skip(1).any(|a| {
                a.label.is_some() || (a.value.atom().is_some() && a.value.string().is_none())
            }) =>
        {
            let mut args = Args::new(node, "sites Track", 1);
            let (name, who, from) = track_and_start(cx, &mut args)?;
            let to = args.labeled("to").map(|s| super::site(cx, s)).transpose()?;
            args.finish(cx)?;
            Ok(crate::ir::Region::TrackStretch(Box::new(
                crate::ir::TrackStretch {
                    iterated: cx.iterated_track.get(),
                    who,
                    name,
                    from,
                    to,
                },
            )))
        }
        _ => super::static_region(cx, node).map(crate::ir::Region::Static),
    }
}

/// `(sites Track ["Name"])` of a track of everyone: its sites in order.
pub(in crate::lower) fn static_region(cx: &Cx, node: &Node) -> Result<Vec<crate::ir::Site>> {
    match Cx::ludeme_name(node).as_str() {
        "sites Track" => {
            let mut args = Args::new(node, "sites Track", 1);
            let name = args.string();
            args.finish(cx)?;
            // Ludii's SitesTrack for player 0: the first track named so (or
            // containing the name and owned by nobody), else the first
            // track owned by nobody.
            // Inside `(forEach Track ...)`, the track iterated, whatever the name.
            let track = match cx.iterated_track.get() {
                Some(i) => cx.tracks.get(i),
                None => cx.tracks.iter().find(|t| match name {
                    Some(n) => t.name == n || (t.name.contains(n) && t.owner == 0),
                    None => t.owner == 0,
                }),
            };
            let sites = track.map_or_else(Vec::new, |t| {
                t.sites
                    .iter()
                    .filter(|&&s| s >= 0)
                    .map(|&s| s as crate::ir::Site)
                    .collect()
            });
            Ok(sites)
        }
        _ => Err(cx.unsupported_in(node, "region")),
    }
}

/// Whether a track visits a site twice (Ludii's `Track.internalLoop`).
fn has_internal_loop(t: &Track) -> bool {
    t.sites
        .iter()
        .enumerate()
        .any(|(i, s)| t.sites[..i].contains(s))
}
