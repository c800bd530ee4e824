//! The sowing (mancala) family: `(mancalaBoard ...)` and its `(track ...)`s,
//! `(map ...)`, `(set Count N to:REGION)` in the start rules, `(move Select
//! ...)`, `(sow ...)` and `(fromTo ... count:N)`. The integer functions they
//! read (`(mapEntry ...)`, `(* ...)`, `(sites Track ...)`) are the
//! conditions' (`conds::computed`).

use crate::board::{self, Board};
use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{
    Cond, Effect, IntExpr, MapDecl, Moves, Placement, PlayerId, Select, SiteExpr, Sow, Track,
};
use crate::syntax::{Node, NodeKind};

use super::conds::{self, fixed_int};
use super::{moves, Args, Cx};

/// `(mancalaBoard ROWS COLS [store:None|Outer] [largeStack:B] [TRACK | {TRACK...}])`
/// (Ludii's MancalaBoard): the board and its tracks.
pub(super) fn mancala_board(cx: &Cx, node: &Node) -> Result<(Board, Vec<Track>)> {
    let mut args = Args::new(node, "mancalaBoard", 0);
    let mut dim = |what: &str| -> Result<u32> {
        let (n, at) = args.int().ok_or_else(|| {
            cx.error(
                ErrorKind::Invalid,
                node,
                format!("`(mancalaBoard ...)` needs the number of {what}"),
            )
        })?;
        u32::try_from(n)
            .ok()
            .filter(|n| (1..=100).contains(n))
            .ok_or_else(|| cx.error(ErrorKind::TooLarge, at, "board dimensions must be 1 to 100"))
    };
    let rows = dim("rows")?;
    let cols = dim("columns")?;
    let stores = match args.labeled("store") {
        None => true,
        Some(s) => match s.atom() {
            Some("None") => false,
            Some("Outer") => true,
            _ => return Err(cx.unsupported_in(s, "store type")),
        },
    };
    if let Some(n) = args.labeled("numStores") {
        return Err(cx.unsupported_in(n, "argument of `(mancalaBoard ...)`"));
    }
    // Only how Ludii stores stacks: no effect on play.
    args.labeled_bool(cx, "largeStack", false)?;
    let mut track_nodes: Vec<&Node> = Vec::new();
    if let Some(list) = args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
        track_nodes.extend(list.args().iter().map(|a| &a.value));
    }
    while let Some(t) = args.form_with_head("track") {
        track_nodes.push(t);
    }
    args.finish(cx)?;
    let spec = board::mancala::mancala_spec(rows, cols, stores)
        .map_err(|why| cx.error(ErrorKind::Unsupported, node, why))?;
    let built = board::build(&spec).map_err(|why| cx.error(ErrorKind::Unsupported, node, why))?;
    let tracks = track_nodes
        .into_iter()
        .map(|t| track(cx, &built, t))
        .collect::<Result<_>>()?;
    Ok((built, tracks))
}

/// `(track "Name" "START,STEP,..." | {SITE...} [loop:B] [OWNER] [directed:B])`
/// (Ludii's `Track`), bumps (a site repeated) merged as Ludii does.
pub(super) fn track(cx: &Cx, board: &Board, node: &Node) -> Result<Track> {
    if node.head() != Some("track") {
        return Err(cx.unsupported_in(node, "track"));
    }
    let mut args = Args::new(node, "track", 0);
    let name = args
        .string()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(track ...)` needs a name"))?;
    let sites = if let Some(spec) = args.take(|n| n.string().is_some()) {
        board::mancala::track_sites(board, spec.string().unwrap_or_default())
            .map_err(|why| cx.error(ErrorKind::Invalid, spec, why))?
    } else if let Some(list) = args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
        // `End` is Ludii's off-board end of a track (Constants.END).
        list.args()
            .iter()
            .map(|a| match a.value.atom() {
                Some("End") => Ok(-2),
                _ => match cx.int_literal(&a.value)? {
                    // Board sites, or the hands' after them (checked once
                    // the equipment is known: `check_track_sites`).
                    n if (0..=i64::from(u16::MAX)).contains(&n) => Ok(n as i32),
                    _ => Err(cx.error(ErrorKind::Invalid, &a.value, "no such site")),
                },
            })
            .collect::<Result<_>>()?
    } else {
        return Err(args.error(cx, ErrorKind::Invalid, "`(track ...)` needs its sites"));
    };
    let looped = args.labeled_bool(cx, "loop", false)?;
    let directed = args.labeled_bool(cx, "directed", false)?;
    let owner = match args.take(|n| n.atom().is_some()) {
        None => 0,
        Some(o) => match o.atom().and_then(|a| a.parse::<u8>().ok()) {
            Some(n) => n,
            None => owner_role(cx, o)?,
        },
    };
    args.finish(cx)?;
    let (merged, bumps) = merge_bumps(&sites);
    if merged.len() < 2 {
        return Err(cx.error(ErrorKind::Invalid, node, "a track needs two sites or more"));
    }
    Ok(Track {
        name: name.to_owned(),
        owner,
        sites: merged,
        looped,
        directed,
        bumps,
    })
}

/// Ludii's `Track.buildTrack`: a site repeated in a row is kept once, the
/// last copy carrying how many copies before it were merged (its bump).
pub(super) fn merge_bumps(sites: &[i32]) -> (Vec<i32>, Vec<u8>) {
    let mut merged = Vec::with_capacity(sites.len());
    let mut bumps = Vec::with_capacity(sites.len());
    let mut count = 0u8;
    for (i, &s) in sites.iter().enumerate() {
        if sites.get(i + 1) == Some(&s) {
            count = count.saturating_add(1);
        } else {
            merged.push(s);
            bumps.push(count);
            count = 0;
        }
    }
    (merged, bumps)
}

/// A role naming a fixed player (`P1`, `Shared`/`Neutral` as 0).
fn owner_role(cx: &Cx, node: &Node) -> Result<PlayerId> {
    match node.atom() {
        Some("Shared") | Some("Neutral") => Ok(0),
        Some(p) => cx
            .player_literal(p)
            .ok_or_else(|| cx.unsupported_in(node, "track owner")),
        None => Err(cx.unsupported_in(node, "track owner")),
    }
}

/// `(map ["Name"] {(pair KEY VALUE)...})` (Ludii's `Map`): keys are
/// players or numbers; values numbers, `FirstSite` or `LastSite`.
pub(super) fn map(cx: &Cx, node: &Node) -> Result<MapDecl> {
    let mut args = Args::new(node, "map", 0);
    let name = args.string().unwrap_or("Map");
    let list = args
        .take(|n| matches!(n.kind, NodeKind::Array(_)))
        .ok_or_else(|| args.error(cx, ErrorKind::Unsupported, "only `(map {(pair ...)...})`"))?;
    args.finish(cx)?;
    let board = cx.board(node)?;
    let mut entries = Vec::new();
    for item in list.args() {
        let pair = &item.value;
        if pair.head() != Some("pair") {
            return Err(cx.unsupported_in(pair, "map entry"));
        }
        let mut pargs = Args::new(pair, "pair", 0);
        let key = pargs
            .next()
            .ok_or_else(|| pargs.error(cx, ErrorKind::Invalid, "a pair needs a key"))?;
        let value = pargs
            .next()
            .ok_or_else(|| pargs.error(cx, ErrorKind::Invalid, "a pair needs a value"))?;
        pargs.finish(cx)?;
        // Ludii's `Map.computeMap`: a string key is a coordinate; a string
        // value a coordinate, else the component of exactly that name;
        // either is Off (-1) when nothing matches.
        let key = match key.string() {
            Some(coord) => cx.coord(key, coord).map_or(-1, i64::from),
            None => constant(cx, key)?,
        };
        let value = match (value.atom(), value.string()) {
            (Some("FirstSite"), _) => 0,
            (Some("LastSite"), _) => board.num_sites() as i64 - 1,
            (_, Some(text)) if is_coordinate(text) => cx.coord(value, text).map_or(-1, i64::from),
            (_, Some(text)) => cx
                .components
                .iter()
                .position(|c| c.name == text)
                .map_or(-1, |c| c as i64 + 1),
            _ => constant(cx, value)?,
        };
        // Ludii's TIntIntHashMap: a later pair replaces an earlier one.
        entries.retain(|&(k, _)| k != key);
        entries.push((key, value));
    }
    Ok(MapDecl {
        name: name.to_owned(),
        entries,
    })
}

/// Ludii's `StringRoutines.isCoordinate`: digits, or up to three letters
/// then digits ("E1", "AA10"; three letters only when the first two agree).
fn is_coordinate(text: &str) -> bool {
    let digits = text.chars().rev().take_while(char::is_ascii_digit).count();
    let letters = &text[..text.len() - digits];
    let mut chars = letters.chars();
    digits > 0
        && letters.len() <= 3
        && (letters.len() < 3 || chars.next() == chars.next())
        && letters.chars().all(|c| c.is_ascii_alphabetic())
}

/// A number, a fixed player's number or a fixed player's hand site.
fn constant(cx: &Cx, node: &Node) -> Result<i64> {
    match conds::int(cx, node)? {
        IntExpr::Player(crate::ir::PlayerRef::Player(p)) => Ok(p as i64),
        // Ludii's HandSite: the hand's first site plus the index, Off (-1)
        // when the player has no hand.
        IntExpr::Site(SiteExpr::HandSite {
            who: crate::ir::PlayerRef::Player(p),
            index,
        }) => Ok(cx
            .hands()
            .iter()
            .find(|h| h.owner == p)
            .map_or(-1, |h| h.first as i64 + index as i64)),
        _ => fixed_int(cx, node),
    }
}

/// `(set Count N [to:|at:]SITES)` in the start rules (Ludii's start
/// `SetCount`): N of the last declared component on each site.
pub(super) fn start_count(cx: &Cx, node: &Node) -> Result<Placement> {
    let mut args = Args::new(node, "set Count", 1);
    let at = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(set Count N ...)` needs a number"))?;
    let count = fixed_int(cx, at)?;
    let sites = match (args.labeled("to"), args.labeled("at")) {
        (Some(r), None) | (None, Some(r)) => r,
        _ => args
            .next()
            .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(set Count ...)` needs sites"))?,
    };
    args.finish(cx)?;
    let count = u32::try_from(count)
        .map_err(|_| cx.error(ErrorKind::Invalid, at, "a count is 0 or more"))?;
    super::check_start_count(cx, at, count)?;
    let component = cx.components.len().checked_sub(1).ok_or_else(|| {
        cx.error(
            ErrorKind::Invalid,
            node,
            "`(set Count ...)` needs a piece declared",
        )
    })?;
    cx.uses_counts();
    let sites = match sites.atom() {
        Some(_) => vec![match conds::site(cx, sites)? {
            SiteExpr::Const(s) => s,
            _ => return Err(cx.unsupported_in(sites, "start site")),
        }],
        None => conds::static_region(cx, sites)?,
    };
    Ok(Placement {
        component,
        sites: if count == 0 { Vec::new() } else { sites },
        state: 0,
        count,
        stacked: Vec::new(),
    })
}

/// `(move Select (from REGION [if:C]) [(then E)])`.
pub(super) fn select(cx: &Cx, node: &Node) -> Result<Moves> {
    let mut args = Args::new(node, "move Select", 1);
    let from = args.form_with_head("from").ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            "`(move Select ...)` needs `(from ...)`",
        )
    })?;
    let to = match args.form_with_head("to") {
        Some(to) => {
            let mut targs = Args::new(to, "to", 0);
            let region = targs
                .take(|n| n.head().is_some() || n.atom().is_some())
                .ok_or_else(|| {
                    targs.error(
                        cx,
                        ErrorKind::Unsupported,
                        "`(to ...)` of `(move Select ...)` without sites",
                    )
                })?;
            let to_if = targs
                .labeled("if")
                .map(|c| conds::cond(cx, c))
                .transpose()?;
            targs.finish(cx)?;
            Some(crate::ir::SelectTo {
                region: conds::region(cx, region)?,
                to_if,
            })
        }
        None => None,
    };
    let then = match args.form_with_head("then") {
        Some(t) => Some(moves::then(cx, t)?),
        None => None,
    };
    args.finish(cx)?;
    let mut fargs = Args::new(from, "from", 0);
    let region = fargs.take(|n| n.head().is_some() || n.atom().is_some());
    let from_if = fargs
        .labeled("if")
        .map(|c| conds::cond(cx, c))
        .transpose()?;
    fargs.finish(cx)?;
    // A bare `(from)` (inside `(forEach Piece ...)`): the piece's site,
    // the context's `from`.
    let from_region = match region {
        Some(r) => conds::region(cx, r)?,
        None if to.is_some() => crate::ir::Region::Site(SiteExpr::From),
        None => {
            return Err(cx.error(ErrorKind::Invalid, from, "`(from ...)` needs sites"));
        }
    };
    Ok(Moves::Select(Box::new(Select {
        rule: cx.next_rule(),
        from: from_region,
        from_if,
        to,
        then,
    })))
}

/// `(sow ...)` (Ludii's `Sow`).
pub(super) fn sow(cx: &Cx, node: &Node) -> Result<Effect> {
    let mut args = Args::new(node, "sow", 0);
    if let Some(t) = args.take(|n| {
        n.atom()
            .is_some_and(|a| board::SiteType::from_name(a).is_some())
    }) {
        if t.atom().and_then(board::SiteType::from_name) != Some(cx.default_site_type(t)?) {
            return Err(cx.unsupported_in(t, "site type of `(sow ...)`"));
        }
    }
    let track = args.string().map(str::to_owned);
    let start = match args.take(|n| n.head().is_some_and(|h| h != "then") || n.atom().is_some()) {
        Some(s) => conds::site(cx, s)?,
        None => SiteExpr::LastTo,
    };
    let int_arg = |args: &mut Args, name: &str| -> Result<Option<IntExpr>> {
        args.labeled(name).map(|n| conds::int(cx, n)).transpose()
    };
    let cond_arg = |args: &mut Args, name: &str| -> Result<Option<Cond>> {
        args.labeled(name).map(|n| conds::cond(cx, n)).transpose()
    };
    let count = int_arg(&mut args, "count")?;
    let num_per_hole = int_arg(&mut args, "numPerHole")?.unwrap_or(IntExpr::Const(1));
    let owner = int_arg(&mut args, "owner")?;
    let capture_if = cond_arg(&mut args, "if")?.unwrap_or(Cond::True);
    if let Some(e) = args.labeled("sowEffect") {
        return Err(cx.unsupported_in(e, "argument `sowEffect:` of `(sow ...)`"));
    }
    let apply = args
        .labeled("apply")
        .map(|e| moves::effect(cx, e))
        .transpose()?;
    let include_self = args.labeled_bool(cx, "includeSelf", true)?;
    let origin = cond_arg(&mut args, "origin")?.unwrap_or(Cond::False);
    let skip_if = cond_arg(&mut args, "skipIf")?;
    let backtracking = cond_arg(&mut args, "backtracking")?;
    let forward = cond_arg(&mut args, "forward")?;
    let then = match args.form_with_head("then") {
        Some(t) => Some(moves::then(cx, t)?),
        None => None,
    };
    args.finish(cx)?;
    cx.uses_counts();
    Ok(Effect::Sow(Box::new(Sow {
        start,
        count,
        num_per_hole,
        track,
        owner,
        capture_if,
        apply,
        include_self,
        origin,
        skip_if,
        backtracking,
        forward,
        then,
    })))
}

/// `(fromTo (from S) (to T) [count:N])` as a consequence: N pieces of S
/// (one without `count:`: the piece of S, Fanorona's move of the selected
/// piece; in a stacking game the top piece of S) going on T.
pub(super) fn from_to(cx: &Cx, node: &Node) -> Result<Effect> {
    let mut args = Args::new(node, "fromTo", 0);
    let from = args
        .form_with_head("from")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(fromTo ...)` needs `(from ...)`"))?;
    let to = args
        .form_with_head("to")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(fromTo ...)` needs `(to ...)`"))?;
    let count = args.labeled("count");
    args.finish(cx)?;
    let one_site = |n: &Node, what: &str| -> Result<SiteExpr> {
        let mut a = Args::new(n, what, 0);
        let s = a
            .next()
            .ok_or_else(|| a.error(cx, ErrorKind::Invalid, "needs a site"))?;
        a.finish(cx)?;
        conds::site(cx, s)
    };
    let count = match count {
        Some(n) => {
            cx.uses_counts();
            conds::int(cx, n)?
        }
        None => IntExpr::Const(1),
    };
    Ok(Effect::MoveCount {
        from: one_site(from, "from")?,
        to: one_site(to, "to")?,
        count,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn coordinates_as_ludii_reads_them() {
        for yes in ["E1", "AA10", "12", "AAB3"] {
            assert!(super::is_coordinate(yes), "{yes}");
        }
        for no in ["SquareLarge0", "ABC1", "E", ""] {
            assert!(!super::is_coordinate(no), "{no}");
        }
    }
}
