//! Rules read per player: `(forEach Player|NonMover if:C (result Player R))`
//! end rules, unrolled over the players (the atom `Player` naming each in
//! turn), and `(sites WHO "Name")`, the regions of WHO whose name contains
//! "Name" (Ludii's `SitesEquipmentRegion`), and `(sites "Name")`, every
//! region called "Name".

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{Comparison, Cond, EndRule, IntExpr, PlayerId, PlayerRef, Region, Site};
use crate::syntax::Node;

use super::{conds, Args, Cx};

/// `(forEach Player|NonMover if:C RESULT)` in the end rules (Ludii's end
/// `ForEach`): for each player p in order (skipping the mover for
/// `NonMover`; players out of the game are skipped when the results are
/// applied), C with `Player` as p, then the result for p.
pub(super) fn end_for_each(
    cx: &Cx,
    node: &Node,
    result: impl Fn(&Cx, &Node) -> Result<EndRule>,
) -> Result<Vec<EndRule>> {
    let name = Cx::ludeme_name(node);
    let non_mover = match name.as_str() {
        "forEach Player" => false,
        "forEach NonMover" => true,
        "forEach Track" => return end_for_each_track(cx, node, result),
        _ => return Err(cx.unsupported_in(node, "end rule")),
    };
    let mut args = Args::new(node, name.clone(), 1);
    let test = args
        .labeled("if")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `if:`"))?;
    let outcome = args
        .form_with_head("result")
        .ok_or_else(|| args.error(cx, ErrorKind::Unsupported, "needs `(result Player ...)`"))?;
    args.finish(cx)?;
    let mut rules = Vec::new();
    for p in 1..=cx.num_players() {
        let saved = cx.iterated_player.replace(Some(p));
        let lowered = conds::cond(cx, test).and_then(|c| Ok((c, result(cx, outcome)?)));
        cx.iterated_player.set(saved);
        let (mut condition, rule) = lowered?;
        if non_mover {
            condition = Cond::And(vec![
                Cond::Not(Box::new(Cond::IsMover(PlayerRef::Player(p)))),
                condition,
            ]);
        }
        rules.push(EndRule {
            condition,
            text: cx.text(node),
            ..rule
        });
    }
    Ok(rules)
}

/// `(forEach Track if:C (result ...))` in an end block (Ludii's end
/// `ForEach` with a track type): C tested with each board track in turn as
/// `(sites Track)`, the result applied where it holds (one rule per track,
/// in the board's order).
fn end_for_each_track(
    cx: &Cx,
    node: &Node,
    result: impl Fn(&Cx, &Node) -> Result<EndRule>,
) -> Result<Vec<EndRule>> {
    let mut args = Args::new(node, "forEach Track", 1);
    let test = args
        .labeled("if")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `if:`"))?;
    let outcome = args
        .form_with_head("result")
        .ok_or_else(|| args.error(cx, ErrorKind::Unsupported, "needs `(result Player ...)`"))?;
    args.finish(cx)?;
    let mut rules = Vec::new();
    for t in 0..cx.tracks.len() {
        let saved = cx.iterated_track.replace(Some(t));
        let lowered = conds::cond(cx, test).and_then(|c| Ok((c, result(cx, outcome)?)));
        cx.iterated_track.set(saved);
        let (condition, rule) = lowered?;
        rules.push(EndRule {
            condition,
            text: cx.text(node),
            ..rule
        });
    }
    Ok(rules)
}

/// The sites of player `p`'s regions whose name contains `name`, in order.
fn named_sites(cx: &Cx, p: PlayerId, name: &str) -> Vec<Site> {
    let mut sites: Vec<Site> = cx
        .regions
        .iter()
        .filter(|r| r.owner == p)
        .filter(|r| {
            r.name
                .clone()
                .unwrap_or_else(|| format!("RegionP{}", r.owner.max(1)))
                .contains(name)
        })
        .flat_map(|r| r.parts.iter().flatten().copied())
        .collect();
    sites.sort_unstable();
    sites.dedup();
    sites
}

/// `(sites (player N) ["Name"])` (Ludii's `SitesEquipmentRegion` with an
/// index): the regions owned by player N whose name contains "Name" (every
/// region of N without a name), N an integer function such as `(mapEntry
/// (mover))`; none for an N owning no region. `None` when `node` is not
/// of this form. A computed N is lowered to a choice by its value (the
/// regions are fixed).
pub(super) fn player_sites(cx: &Cx, node: &Node) -> Result<Option<Region>> {
    let (who, name) = match node.args() {
        [who] if node.head() == Some("sites") && who.label.is_none() => (who, ""),
        [who, name] if node.head() == Some("sites") && who.label.is_none() => {
            match name.value.string() {
                Some(n) => (who, n),
                None => return Ok(None),
            }
        }
        _ => return Ok(None),
    };
    if who.value.head() != Some("player") {
        return Ok(None);
    }
    let mut args = Args::new(&who.value, "player", 0);
    let index = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(player ...)` needs a number"))?;
    args.finish(cx)?;
    let index = conds::int(cx, index)?;
    // Regions may belong to players beyond the game's (up to P16).
    let owners = cx.regions.iter().map(|r| r.owner).max().unwrap_or(0);
    if let IntExpr::Const(p) = index {
        return Ok(Some(Region::Static(match u8::try_from(p) {
            Ok(p) if p <= owners => named_sites(cx, p, name),
            _ => Vec::new(),
        })));
    }
    let mut chain = Region::Static(Vec::new());
    for p in (0..=owners).rev() {
        let sites = named_sites(cx, p, name);
        if sites.is_empty() {
            continue;
        }
        chain = Region::If(
            Box::new(Cond::Compare(
                Comparison::Eq,
                index.clone(),
                IntExpr::Const(p as i64),
            )),
            Box::new(Region::Static(sites)),
            Box::new(chain),
        );
    }
    Ok(Some(chain))
}

/// Whether `node` is `(sites WHO "Name")`, WHO a player.
pub(super) fn is_named_sites(node: &Node) -> bool {
    let player = |a: &str| {
        matches!(a, "Mover" | "Next" | "Prev" | "Player")
            || a.strip_prefix('P').is_some_and(|n| n.parse::<u8>().is_ok())
    };
    node.head() == Some("sites")
        && match node.args() {
            [who, name] => who.value.atom().is_some_and(player) && name.value.string().is_some(),
            [name] => name.label.is_none() && name.value.string().is_some(),
            _ => false,
        }
}

/// `(sites WHO "Name")`: fixed for a fixed player, else chosen by player.
pub(super) fn named_region(cx: &Cx, node: &Node) -> Result<Region> {
    if let [name] = node.args() {
        // `(sites "Name")` (no player): every region called exactly "Name",
        // whoever owns it (Ludii's `SitesEquipmentRegion` without `index`).
        let name = name.value.string().unwrap_or_default();
        let mut sites: Vec<Site> = cx
            .regions
            .iter()
            .filter(|r| r.name.as_deref() == Some(name))
            .flat_map(|r| r.parts.iter().flatten().copied())
            .collect();
        if sites.is_empty() && !cx.regions.iter().any(|r| r.name.as_deref() == Some(name)) {
            return Err(cx.error(
                ErrorKind::Invalid,
                node,
                format!("no region is called \"{name}\""),
            ));
        }
        sites.sort_unstable();
        sites.dedup();
        return Ok(Region::Static(sites));
    }
    let [who, name] = node.args() else {
        return Err(cx.unsupported_in(node, "region"));
    };
    let name = name.value.string().unwrap_or_default();
    if !cx
        .regions
        .iter()
        .any(|r| r.name.as_deref().is_some_and(|n| n.contains(name)))
    {
        return Err(cx.error(
            ErrorKind::Invalid,
            node,
            format!("no region is called \"{name}\""),
        ));
    }
    Ok(match conds::player_ref(cx, &who.value)? {
        PlayerRef::Player(p) => Region::Static(named_sites(cx, p, name)),
        who => Region::PerPlayer {
            who,
            sites: (0..=cx.num_players())
                .map(|p| named_sites(cx, p, name))
                .collect(),
        },
    })
}

/// The atom `Player` inside a `(forEach Player ...)` being unrolled.
pub(super) fn iterated(cx: &Cx, node: &Node) -> Option<PlayerRef> {
    (node.atom() == Some("Player"))
        .then(|| cx.iterated_player.get())
        .flatten()
        .map(PlayerRef::Player)
}
