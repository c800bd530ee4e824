//! Conditions, integers, players and regions.

use crate::board::Relation;
use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{
    AbsoluteDirection, Around, Comparison, Cond, ConnectTargets, Connected, IntExpr, Line, LineAt,
    LinePieces, Loop, Moves, Occupancy, Owners, Pieces, PlayerRef, Region, Site, SiteExpr,
    SiteType,
};
use crate::syntax::{Node, NodeKind};

use super::{board, directions, moves, Args, Cx};

mod computed;
pub(super) use computed::fixed_int;

/// A boolean condition.
pub(super) fn cond(cx: &Cx, node: &Node) -> Result<Cond> {
    match Cx::ludeme_name(node).as_str() {
        "is Line" => line(cx, node),
        "all Passed" => {
            Args::new(node, "all Passed", 1).finish(cx)?;
            Ok(Cond::AllPassed)
        }
        "all DiceUsed" | "all DiceEqual" => {
            let name = Cx::ludeme_name(node);
            Args::new(node, name.as_str(), 1).finish(cx)?;
            if cx.dice().is_none() {
                return Err(cx.error(
                    ErrorKind::Invalid,
                    node,
                    format!("`({name})` needs `(dice ...)` in the equipment"),
                ));
            }
            Ok(if name == "all DiceUsed" {
                Cond::AllDiceUsed
            } else {
                Cond::AllDiceEqual
            })
        }
        "is Connected" => connected(cx, node).map(Cond::Connected),
        "is Loop" => is_loop(cx, node).map(Cond::Loop),
        "if" => {
            // `(if C A [B])` as a condition (Ludii's boolean `If`): A where C
            // holds, else B (false without B). Conditions have no effects,
            // so it is `(or (and C A) (and (not C) B))`.
            let mut args = Args::new(node, "if", 0);
            let mut next = |what: &str| {
                args.next().ok_or_else(|| {
                    cx.error(ErrorKind::Invalid, node, format!("`(if ...)` needs {what}"))
                })
            };
            let (c, a) = (
                next("a condition")?,
                next("a condition to test where it holds")?,
            );
            let b = args.next();
            args.finish(cx)?;
            let c = cond(cx, c)?;
            let (a, b) = (cond(cx, a)?, b.map(|b| cond(cx, b)).transpose()?);
            Ok(Cond::Or(vec![
                Cond::And(vec![c.clone(), a]),
                Cond::And(vec![Cond::Not(Box::new(c)), b.unwrap_or(Cond::False)]),
            ]))
        }
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
        "is Empty" | "is Occupied" => {
            let name = Cx::ludeme_name(node);
            let mut args = Args::new(node, name.clone(), 1);
            let at = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a site"))?;
            args.finish(cx)?;
            let at = site(cx, at)?;
            Ok(if name == "is Empty" {
                Cond::Empty(at)
            } else {
                Cond::Occupied(at)
            })
        }
        "is Visited" => {
            let mut args = Args::new(node, "is Visited", 1);
            let at = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a site"))?;
            args.finish(cx)?;
            Ok(Cond::Visited(site(cx, at)?))
        }
        "is Enemy" | "is Friend" => {
            let name = Cx::ludeme_name(node);
            let mut args = Args::new(node, name.clone(), 1);
            let who = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a player"))?;
            args.finish(cx)?;
            let who = int(cx, who)?;
            Ok(if name == "is Enemy" {
                Cond::Enemy(who)
            } else {
                Cond::Friend(who)
            })
        }
        "is Mover" | "is Prev" | "is Next" => {
            let name = Cx::ludeme_name(node);
            let mut args = Args::new(node, name.clone(), 1);
            let who = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a player"))?;
            args.finish(cx)?;
            // `(is Mover (who at:S))`: Ludii's `who` is any integer
            // function, compared with the mover (`next` for `is Next`).
            if who.atom().is_none() && name != "is Prev" {
                let current = if name == "is Mover" {
                    PlayerRef::Mover
                } else {
                    PlayerRef::Next
                };
                return Ok(Cond::Compare(
                    crate::ir::Comparison::Eq,
                    int(cx, who)?,
                    IntExpr::Player(current),
                ));
            }
            let who = player_fn(cx, who)?;
            Ok(match name.as_str() {
                "is Mover" => Cond::IsMover(who),
                "is Prev" => Cond::IsPrev(who),
                // Ludii's IsNext: the player is `state.next()`.
                _ => Cond::Compare(
                    crate::ir::Comparison::Eq,
                    IntExpr::Player(who),
                    IntExpr::Player(PlayerRef::Next),
                ),
            })
        }
        // `(is Within (id ...) [in:]REGION|SITE)` (Ludii's `IsWithin`):
        // whether a piece of that component stands on one of the sites (the
        // last `to` by default). On one level, the same as "not every site
        // holds something else".
        "is Within" => {
            let mut args = Args::new(node, "is Within", 1);
            let piece = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a component"))?;
            if piece.head() != Some("id") {
                return Err(cx.unsupported_in(piece, "component of `(is Within ...)`"));
            }
            if let Some(t) = args.atom_among(&["Cell", "Edge", "Vertex"]) {
                return Err(args.error(
                    cx,
                    ErrorKind::Unsupported,
                    format!("unsupported site type `{t}` of `(is Within ...)`"),
                ));
            }
            let within = args.labeled("in").or_else(|| args.next());
            args.finish(cx)?;
            if cx.stacking() {
                return Err(cx
                    .error(
                        ErrorKind::Unsupported,
                        node,
                        "`(is Within ...)` in a stacking game",
                    )
                    .with_label("not supported by ludemic yet"));
            }
            let piece = int(cx, piece)?;
            let is_site = |n: &Node| {
                n.atom().is_some_and(|a| a.parse::<i64>().is_ok())
                    || matches!(
                        n.head(),
                        Some(
                            "last"
                                | "from"
                                | "to"
                                | "between"
                                | "site"
                                | "coord"
                                | "where"
                                | "centrePoint"
                                | "mapEntry"
                                | "var"
                                | "value"
                                | "handSite"
                        )
                    )
            };
            Ok(match within {
                None => Cond::Compare(Comparison::Eq, IntExpr::What(SiteExpr::LastTo), piece),
                Some(at) if is_site(at) => {
                    Cond::Compare(Comparison::Eq, IntExpr::What(site(cx, at)?), piece)
                }
                Some(within) => Cond::Not(Box::new(Cond::AllSites(
                    region(cx, within)?,
                    Box::new(Cond::Compare(
                        Comparison::Ne,
                        IntExpr::What(SiteExpr::Iterated),
                        piece,
                    )),
                ))),
            })
        }
        // Ludii's IsFull: the board has no empty site of its default type.
        "is Full" => {
            Args::new(node, "is Full", 1).finish(cx)?;
            Ok(Cond::Compare(
                Comparison::Eq,
                IntExpr::CountSites(Box::new(Region::Empty)),
                IntExpr::Const(0),
            ))
        }
        "is In" => {
            let mut args = Args::new(node, "is In", 1);
            let at = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a site"))?;
            let within = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a region"))?;
            args.finish(cx)?;
            Ok(Cond::In(site(cx, at)?, region(cx, within)?))
        }
        "is Related" => {
            let mut args = Args::new(node, "is Related", 1);
            let relation = args
                .atom_among(&["Adjacent", "Orthogonal", "Diagonal", "OffDiagonal", "All"])
                .ok_or_else(|| {
                    args.error(
                        cx,
                        ErrorKind::Unsupported,
                        "`(is Related ...)` needs a relation (Adjacent, Orthogonal...)",
                    )
                })?;
            let at = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a site"))?;
            let within = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a region"))?;
            args.finish(cx)?;
            let relation = match relation {
                "Adjacent" => Relation::Adjacent,
                "Orthogonal" => Relation::Orthogonal,
                "Diagonal" => Relation::Diagonal,
                "OffDiagonal" => Relation::OffDiagonal,
                _ => Relation::All,
            };
            Ok(Cond::Related(relation, site(cx, at)?, region(cx, within)?))
        }
        n @ ("is Proposed" | "is Decided") => {
            let name = n.to_owned();
            let mut args = Args::new(node, name.as_str(), 1);
            let what = args.take(|n| n.string().is_some()).ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    format!("`({name} ...)` needs a string"),
                )
            })?;
            args.finish(cx)?;
            let index = cx.vote_index(what.string().unwrap_or_default());
            Ok(if name == "is Proposed" {
                Cond::Proposed(index)
            } else {
                Cond::Decided(index)
            })
        }
        "is Pending" => {
            Args::new(node, "is Pending", 1).finish(cx)?;
            Ok(Cond::IsPending)
        }
        "is Cycle" => {
            Args::new(node, "is Cycle", 1).finish(cx)?;
            Ok(Cond::IsCycle)
        }
        "is Triggered" => {
            let mut args = Args::new(node, "is Triggered", 1);
            let name = args
                .string()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a trigger name"))?;
            let who = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a player"))?;
            args.finish(cx)?;
            Ok(Cond::Triggered {
                name: cx.trigger(name),
                who: player_fn(cx, who)?,
            })
        }
        "no Moves" => {
            let mut args = Args::new(node, "no Moves", 1);
            let who = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a player"))?;
            args.finish(cx)?;
            if cx.dice().is_some() {
                // The player's moves start with a roll, which Ludii draws
                // anew inside the test: chance the replay cannot force.
                return Err(cx.error(
                    ErrorKind::Unsupported,
                    node,
                    "`(no Moves ...)` in a game with dice (Ludii rolls anew inside the test)",
                ));
            }
            Ok(Cond::NoMoves(player_fn(cx, who)?))
        }
        "no Pieces" => Ok(Cond::NoPieces(pieces(cx, node, "no Pieces")?)),
        "can Move" => {
            let mut args = Args::new(node, "can Move", 1);
            let inner = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(can Move ...)` needs moves")
            })?;
            args.finish(cx)?;
            // `(can Move (enclose ...))` (NoGo, Cavity): whether the effect
            // yields a move, i.e. whether some group is enclosed.
            if inner.head() == Some("enclose") {
                return Ok(Cond::CanMove(Box::new(Moves::Append {
                    rule: cx.next_rule(),
                    effect: super::moves::effect(cx, inner)?,
                    then: None,
                })));
            }
            Ok(Cond::CanMove(Box::new(super::moves::moves(cx, inner)?)))
        }
        "is Threatened" => {
            let mut args = Args::new(node, "is Threatened", 1);
            let is_moves = |n: &Node| {
                n.head()
                    .is_some_and(|h| matches!(h, "forEach" | "move" | "or" | "and" | "do"))
            };
            let moves = args
                .take(is_moves)
                .map(|m| super::moves::moves(cx, m))
                .transpose()?
                .map(Box::new);
            let what = args.next().map(|w| int(cx, w)).transpose()?;
            let at = args.labeled("at").map(|s| site(cx, s)).transpose()?;
            args.finish(cx)?;
            if cx.stacking() {
                return Err(cx.unsupported_in(node, "threat in a stacking game"));
            }
            Ok(Cond::Threatened(Box::new(crate::ir::Threatened {
                what,
                at,
                moves,
            })))
        }
        "all Sites" => {
            let mut args = Args::new(node, "all Sites", 1);
            let within = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a region"))?;
            let test = args
                .labeled("if")
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `if:`"))?;
            args.finish(cx)?;
            Ok(Cond::AllSites(
                region(cx, within)?,
                Box::new(cond(cx, test)?),
            ))
        }
        "=" | "!=" | "<" | "<=" | ">" | ">=" => {
            let op = match node.head().unwrap_or_default() {
                "=" => Comparison::Eq,
                "!=" => Comparison::Ne,
                "<" => Comparison::Lt,
                "<=" => Comparison::Le,
                ">" => Comparison::Gt,
                _ => Comparison::Ge,
            };
            let mut args = Args::new(node, Cx::ludeme_name(node), 0);
            let a = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs two values"))?;
            let b = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs two values"))?;
            args.finish(cx)?;
            // Ludii's `Equals`/`NotEqual` also compare two regions.
            let is_region = |n: &Node| {
                Cx::ludeme_name(n).starts_with("sites")
                    || matches!(
                        n.head(),
                        Some("union" | "intersection" | "difference" | "expand")
                    )
            };
            if is_region(a) && matches!(op, Comparison::Eq | Comparison::Ne) {
                let same = Cond::SameSites(region(cx, a)?, region(cx, b)?);
                return Ok(match op {
                    Comparison::Eq => same,
                    _ => Cond::Not(Box::new(same)),
                });
            }
            Ok(Cond::Compare(op, int(cx, a)?, int(cx, b)?))
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

/// An integer: a literal, a player name (its number) or an integer function.
pub(super) fn int(cx: &Cx, node: &Node) -> Result<IntExpr> {
    if let Some(atom) = node.atom() {
        if let Ok(n) = atom.parse() {
            return Ok(IntExpr::Const(n));
        }
        if PLAYER_ATOMS.contains(&atom) || super::players::iterated(cx, node).is_some() {
            return Ok(IntExpr::Player(player_ref(cx, node)?));
        }
        // Ludii's named integer constants (`ArgTerminal`).
        return match atom {
            "Off" | "Undefined" => Ok(IntExpr::Const(-1)),
            "End" => Ok(IntExpr::Const(-2)),
            "Infinity" => Ok(IntExpr::Const(1_000_000_000)),
            _ => Err(cx.unsupported_in(node, "integer")),
        };
    }
    match Cx::ludeme_name(node).as_str() {
        "count Moves" => {
            Args::new(node, "count Moves", 1).finish(cx)?;
            Ok(IntExpr::CountMoves)
        }
        "mover" | "next" | "prev" => Ok(IntExpr::Player(player_fn(cx, node)?)),
        "who" => {
            let mut args = Args::new(node, "who", 0);
            let at = args.labeled("at").ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Unsupported,
                    "only `(who at:SITE)` is supported",
                )
            })?;
            args.finish(cx)?;
            Ok(IntExpr::Who(site(cx, at)?))
        }
        "row" | "column" => {
            let name = node.head().unwrap_or_default();
            let mut args = Args::new(node, name, 0);
            let at = args
                .labeled("of")
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `of:SITE`"))?;
            args.finish(cx)?;
            let at = site(cx, at)?;
            Ok(if name == "row" {
                IntExpr::Row(at)
            } else {
                IntExpr::Column(at)
            })
        }
        "count Pieces" => Ok(IntExpr::CountPieces(Box::new(pieces(
            cx,
            node,
            "count Pieces",
        )?))),
        "count" | "count Cell" | "count Vertex" | "count Edge" => {
            // Ludii's CountNumber: `(count [TYPE] at:S)` or `in:REGION`.
            let name = Cx::ludeme_name(node);
            let mut args = Args::new(node, name.clone(), usize::from(name != "count"));
            let within = match (args.labeled("at"), args.labeled("in")) {
                (Some(at), None) => Region::Site(site(cx, at)?),
                (None, Some(within)) => region(cx, within)?,
                _ => return Err(args.error(
                    cx,
                    ErrorKind::Unsupported,
                    "only `(count [TYPE] at:SITE)` and `(count [TYPE] in:REGION)` are supported",
                )),
            };
            args.finish(cx)?;
            let default = cx.default_site_type(node)?;
            let ty = match name.as_str() {
                "count Cell" => SiteType::Cell,
                "count Vertex" => SiteType::Vertex,
                "count Edge" => SiteType::Edge,
                _ => default,
            };
            // A hand's sites are Cells; other types than the board's are
            // not counted here.
            let hand_cells = ty == SiteType::Cell && !cx.hands().is_empty();
            if ty != default && !hand_cells {
                return Err(cx.unsupported_in(node, "site type of `(count ...)`"));
            }
            cx.uses_counts();
            Ok(IntExpr::CountAt(Box::new(within)))
        }
        "count Sites" => {
            let mut args = Args::new(node, "count Sites", 1);
            let within = args
                .labeled("in")
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `in:REGION`"))?;
            args.finish(cx)?;
            Ok(IntExpr::CountSites(Box::new(region(cx, within)?)))
        }
        "count Steps" => {
            let mut args = Args::new(node, "count Steps", 1);
            if let Some(ty) = site_type_arg(&mut args) {
                if ty != cx.default_site_type(node)? {
                    return Err(cx.unsupported_in(node, "site type of `(count Steps ...)`"));
                }
            }
            // The relation named here only chooses the game's table (see
            // `super::flags::step_distance`).
            args.atom_among(DIRECTION_SETS);
            if let Some(step) = args.take(|n| n.head() == Some("step")) {
                return Err(cx.unsupported_in(step, "step move of `(count Steps ...)`"));
            }
            let (Some(from), Some(to)) = (args.next(), args.next()) else {
                return Err(args.error(
                    cx,
                    ErrorKind::Invalid,
                    "`(count Steps ...)` needs a site and sites",
                ));
            };
            args.finish(cx)?;
            Ok(IntExpr::CountSteps {
                from: site(cx, from)?,
                to: Box::new(region(cx, to)?),
                relation: cx.step_distance,
            })
        }
        "count Groups" => {
            let mut args = Args::new(node, "count Groups", 1);
            let relation = match args.atom_among(DIRECTION_SETS) {
                None | Some("Adjacent") => Relation::Adjacent,
                Some("Orthogonal") => Relation::Orthogonal,
                Some("Diagonal") => Relation::Diagonal,
                Some(_) => Relation::All,
            };
            let test = args.labeled("if").ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Unsupported,
                    "only `(count Groups if:C)` is supported",
                )
            })?;
            args.finish(cx)?;
            Ok(IntExpr::CountGroups(relation, Box::new(cond(cx, test)?)))
        }
        "count Liberties" => {
            let mut args = Args::new(node, "count Liberties", 1);
            if args.atom_among(&["Cell", "Vertex", "Edge"]).is_some() {
                return Err(args.error(
                    cx,
                    ErrorKind::Unsupported,
                    "unsupported site type of `(count Liberties ...)`",
                ));
            }
            let at = match args.labeled("at") {
                Some(s) => site(cx, s)?,
                None => SiteExpr::LastTo,
            };
            let directions = match args.take(directions::is_direction_arg) {
                Some(d) => directions::directions(cx, d)?,
                None => vec![AbsoluteDirection::Adjacent],
            };
            let condition = args
                .labeled("if")
                .map(|c| cond(cx, c))
                .transpose()?
                .map(Box::new);
            args.finish(cx)?;
            Ok(IntExpr::CountLiberties {
                at,
                directions,
                condition,
            })
        }
        "size Territory" => {
            let mut args = Args::new(node, "size Territory", 1);
            if args.atom_among(&["Cell", "Vertex", "Edge"]).is_some() {
                return Err(args.error(
                    cx,
                    ErrorKind::Unsupported,
                    "unsupported site type of `(size Territory ...)`",
                ));
            }
            let who = args.next().ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    "`(size Territory ...)` needs a player",
                )
            })?;
            let direction = match args.atom_among(&[
                "Adjacent",
                "Orthogonal",
                "Diagonal",
                "OffDiagonal",
                "All",
            ]) {
                Some(d) => AbsoluteDirection::from_name(d).unwrap_or(AbsoluteDirection::Adjacent),
                None => AbsoluteDirection::Adjacent,
            };
            args.finish(cx)?;
            let who = match who.atom() {
                Some(
                    "Mover" | "Next" | "Prev" | "P1" | "P2" | "P3" | "P4" | "P5" | "P6" | "P7"
                    | "P8",
                ) => player_fn(cx, who)?,
                _ => return Err(cx.unsupported_in(who, "player of `(size Territory ...)`")),
            };
            Ok(IntExpr::SizeTerritory { who, direction })
        }
        // `(+ {A B ...})` (Ludii's `Add` of a list): the sum of them all.
        "+" if matches!(node.args(), [one] if matches!(one.value.kind, NodeKind::Array(_))) => {
            let items = node.args()[0].value.args();
            if items.is_empty() {
                return Err(cx.error(ErrorKind::Invalid, node, "`(+ {...})` of no values"));
            }
            let mut sum = int(cx, &items[0].value)?;
            for item in &items[1..] {
                sum = IntExpr::Add(Box::new(sum), Box::new(int(cx, &item.value)?));
            }
            Ok(sum)
        }
        "+" | "-" => {
            let plus = node.head() == Some("+");
            let mut args = Args::new(node, Cx::ludeme_name(node), 0);
            let a = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs two values"))?;
            let b = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs two values"))?;
            args.finish(cx)?;
            let (a, b) = (Box::new(int(cx, a)?), Box::new(int(cx, b)?));
            Ok(if plus {
                IntExpr::Add(a, b)
            } else {
                IntExpr::Sub(a, b)
            })
        }
        // `(min A B)`, `(max A B)`; the forms over an array are not read yet.
        "min" | "max" if matches!(node.args(), [a, b] if a.label.is_none() && b.label.is_none()) => {
            let [a, b] = node.args() else {
                unreachable!("two arguments")
            };
            let (a, b) = (Box::new(int(cx, &a.value)?), Box::new(int(cx, &b.value)?));
            Ok(if node.head() == Some("min") {
                IntExpr::Min(a, b)
            } else {
                IntExpr::Max(a, b)
            })
        }
        "from" | "to" | "between" | "site" | "last To" | "last From" | "centrePoint" | "where"
        | "handSite" | "coord" => Ok(IntExpr::Site(site(cx, node)?)),
        "what" => Ok(IntExpr::What(at_site(cx, node)?)),
        // `(id P1)`: Ludii's Id of a role without a name is the player's number.
        "id" if matches!(node.args(), [who] if who.value.atom().is_some()) => {
            Ok(IntExpr::Player(player_fn(cx, &node.args()[0].value)?))
        }
        "id" => {
            let mut args = Args::new(node, "id", 0);
            let name = args
                .string()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(id ...)` needs a name"))?;
            let who = args.next();
            args.finish(cx)?;
            let who = match who {
                Some(w) => player_fn(cx, w)?,
                // `(id "Name")` (Ludii's `Id.IndexOfComponent`): the first
                // container called exactly "Name", else the first component.
                None if name == "Board" || name.starts_with("Hand") => {
                    return Err(cx.unsupported_in(node, "container id"))
                }
                None => {
                    return match cx.components.iter().position(|c| c.name == name) {
                        Some(i) => Ok(IntExpr::Const(i as i64 + 1)),
                        None => Err(cx.error(
                            ErrorKind::Invalid,
                            node,
                            format!("no component is called \"{name}\""),
                        )),
                    }
                }
            };
            // Ludii's `Id` with a name and a player: the first component
            // whose name contains the name and that the player owns, else -1.
            let per_player: Vec<i16> = (1..=cx.num_players())
                .map(|p| cx.component_like(name, p).map_or(-1, |c| c as i16 + 1))
                .collect();
            if per_player.iter().all(|&c| c < 0) {
                return Err(cx.error(
                    ErrorKind::Invalid,
                    node,
                    format!("no player has a piece \"{name}\""),
                ));
            }
            Ok(match who {
                PlayerRef::Player(p) => IntExpr::Const(i64::from(per_player[p as usize - 1])),
                who => IntExpr::ComponentOf { who, per_player },
            })
        }
        "state" => Ok(IntExpr::State(at_site(cx, node)?)),
        "count Rows" | "count Columns" => {
            let name = Cx::ludeme_name(node);
            Args::new(node, name.clone(), 1).finish(cx)?;
            let b = cx.board(node)?;
            let n = if name == "count Rows" {
                b.rows().len()
            } else {
                b.columns().len()
            };
            Ok(IntExpr::Const(n as i64))
        }
        "counter" => {
            Args::new(node, "counter", 0).finish(cx)?;
            Ok(IntExpr::Counter)
        }
        "value Pending" => {
            Args::new(node, "value Pending", 1).finish(cx)?;
            Ok(IntExpr::Pending)
        }
        "ahead" => ahead(cx, node),
        "size Stack" => Ok(IntExpr::StackSize(at_site(cx, node)?)),
        "score" => {
            let mut args = Args::new(node, "score", 0);
            let who = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(score ...)` needs a player")
            })?;
            args.finish(cx)?;
            Ok(IntExpr::Score(player_fn(cx, who)?))
        }
        "count Cells" | "count Edges" | "count Vertices" => {
            // The board's element counts never change.
            let name = Cx::ludeme_name(node);
            Args::new(node, name.clone(), 1).finish(cx)?;
            let b = cx.board(node)?;
            let ty = match name.as_str() {
                "count Cells" => SiteType::Cell,
                "count Edges" => SiteType::Edge,
                _ => SiteType::Vertex,
            };
            Ok(IntExpr::Const(b.count(ty) as i64))
        }
        "/" => {
            let mut args = Args::new(node, "/", 0);
            let a = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs two values"))?;
            let b = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs two values"))?;
            args.finish(cx)?;
            let (a, b) = (int(cx, a)?, int(cx, b)?);
            if let (IntExpr::Const(x), IntExpr::Const(y)) = (&a, &b) {
                if *y == 0 {
                    return Err(cx.error(ErrorKind::Invalid, node, "division by zero"));
                }
                return Ok(IntExpr::Const(x / y));
            }
            Ok(IntExpr::Div(Box::new(a), Box::new(b)))
        }
        _ => computed::int(cx, node),
    }
}

/// A player given as an atom (`Mover`, `P2`) or a function (`(mover)`, `(next)`).
pub(super) fn player_fn(cx: &Cx, node: &Node) -> Result<PlayerRef> {
    match node.head() {
        Some("mover") | Some("next") | Some("prev") => {
            let name = node.head().unwrap_or_default();
            Args::new(node, name, 0).finish(cx)?;
            Ok(match name {
                "mover" => PlayerRef::Mover,
                "next" => PlayerRef::Next,
                _ => PlayerRef::Prev,
            })
        }
        // `(player N)`: the player numbered N (Ludii's `Player.index()`).
        Some("player") => {
            let mut args = Args::new(node, "player", 0);
            let n = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(player ...)` needs a number")
            })?;
            args.finish(cx)?;
            let p = cx.int_literal(n)?;
            if p < 1 || p > i64::from(cx.num_players()) {
                return Err(cx.error(ErrorKind::Invalid, n, "no such player"));
            }
            Ok(PlayerRef::Player(p as crate::ir::PlayerId))
        }
        _ => player_ref(cx, node),
    }
}

/// A site: `(from)`, `(to)`, `(between)`, `(site)`, `(last To)`, `(last From)`,
/// `(centrePoint)`, `(where "Name" WHO)`, a coordinate `"A1"` or a number.
/// `(ahead SITE [steps:N] [DIRECTION])` (`Ahead`; `Forward` by default).
/// A relative direction turns from the facing of the piece on SITE when
/// the site is evaluated (north for an empty site), so it is lowered once
/// per facing the components have, chosen by the piece there.
fn ahead(cx: &Cx, node: &Node) -> Result<IntExpr> {
    let mut args = Args::new(node, "ahead", 0);
    let is_direction = |n: &Node| {
        directions::is_direction_arg(n)
            || matches!(n.atom(), Some("SameDirection" | "OppositeDirection"))
    };
    let at = args
        .take(|n| !is_direction(n))
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(ahead ...)` needs a site"))?;
    let steps = match args.labeled("steps") {
        Some(n) => int(cx, n)?,
        None => IntExpr::Const(1),
    };
    let direction = args.take(is_direction);
    args.finish(cx)?;
    let at = site(cx, at)?;
    let relative = direction.is_none() || directions::mentions_relative(node);
    // `SameDirection`/`OppositeDirection`: the heading of the move from
    // `(from)` to `(to)` (or back), found when evaluated (`Ahead.eval`).
    if let Some(d) =
        direction.filter(|d| matches!(d.atom(), Some("SameDirection" | "OppositeDirection")))
    {
        return Ok(IntExpr::AheadRelative {
            site: at,
            steps: Box::new(steps),
            opposite: d.atom() == Some("OppositeDirection"),
            candidates: directions::all_supported(cx, d)?,
        });
    }
    let first = |facing: Option<usize>| -> Result<IntExpr> {
        let resolve = || match direction {
            Some(d) => directions::directions(cx, d),
            None => directions::forward(cx, node),
        };
        let dirs = match facing {
            Some(c) => cx.with_piece(c, resolve)?,
            None => cx.without_piece(resolve)?,
        };
        // Ludii takes the first direction; with none, SITE itself.
        Ok(match dirs.first() {
            Some(&direction) => IntExpr::Ahead {
                site: at.clone(),
                steps: Box::new(steps.clone()),
                direction,
            },
            None => IntExpr::Site(at.clone()),
        })
    };
    if !relative {
        return first(None);
    }
    // North (an empty site, or a piece without a facing) is the fallback
    // at the end of the chain.
    let mut chain = first(None)?;
    let groups = cx.facing_groups();
    for (_, members) in groups
        .iter()
        .rev()
        .filter(|(f, _)| *f != crate::board::Compass::N)
    {
        chain = IntExpr::If {
            condition: Box::new(Cond::Or(holds_each(&at, members))),
            then: Box::new(first(Some(members[0]))?),
            otherwise: Box::new(chain),
        };
    }
    Ok(chain)
}

/// For each of `components`: the piece on `at` is that component.
pub(super) fn holds_each(at: &SiteExpr, components: &[usize]) -> Vec<Cond> {
    components
        .iter()
        .map(|&i| {
            Cond::Compare(
                crate::ir::Comparison::Eq,
                IntExpr::What(at.clone()),
                IntExpr::Const(i as i64 + 1),
            )
        })
        .collect()
}

pub(super) fn site(cx: &Cx, node: &Node) -> Result<SiteExpr> {
    if let Some(coord) = node.string() {
        return cx.coord(node, coord).map(SiteExpr::Const);
    }
    if node.atom().is_some() {
        let n = cx.int_literal(node)?;
        let b = cx.board(node)?;
        if n < 0 || n as usize >= b.num_sites() {
            return Err(cx.error(ErrorKind::Invalid, node, "no such site on this board"));
        }
        return Ok(SiteExpr::Const(n as Site));
    }
    let name = Cx::ludeme_name(node);
    let simple = |e: SiteExpr, skip: usize| -> Result<SiteExpr> {
        Args::new(node, name.clone(), skip).finish(cx)?;
        Ok(e)
    };
    match name.as_str() {
        "from" => simple(SiteExpr::From, 0),
        "to" => simple(SiteExpr::To, 0),
        "between" => simple(SiteExpr::Between, 0),
        "site" => simple(SiteExpr::Iterated, 0),
        "last To" => {
            let mut args = Args::new(node, "last To", 1);
            let after = args.labeled_bool(cx, "afterConsequence", false)?;
            args.finish(cx)?;
            Ok(if after {
                SiteExpr::LastToAfterConsequence
            } else {
                SiteExpr::LastTo
            })
        }
        "last From" => simple(SiteExpr::LastFrom, 1),
        "centrePoint" => {
            Args::new(node, "centrePoint", 0).finish(cx)?;
            let b = cx.board(node)?;
            let centre = b.centre();
            match centre {
                [one] => Ok(SiteExpr::Const(*one)),
                _ => Err(cx
                    .error(
                        ErrorKind::Unsupported,
                        node,
                        "`(centrePoint)` on a board without a single centre site",
                    )
                    .with_label("not supported by ludemic yet")),
            }
        }
        "where" => {
            let mut args = Args::new(node, "where", 0);
            let piece = args.string().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(where ...)` needs a piece name")
            })?;
            let who = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(where ...)` needs a player")
            })?;
            args.finish(cx)?;
            let Some(p) = who.atom().and_then(|a| cx.player_literal(a)) else {
                let who = player_fn(cx, who)?;
                let per_player: Vec<Option<usize>> = (1..=cx.num_players())
                    .map(|p| cx.component_like(piece, p))
                    .collect();
                if per_player.iter().all(Option::is_none) {
                    return Err(cx.error(
                        ErrorKind::Invalid,
                        node,
                        format!("no player has a piece \"{piece}\""),
                    ));
                }
                return Ok(SiteExpr::WhereOf { who, per_player });
            };
            let component = cx.component_like(piece, p).ok_or_else(|| {
                cx.error(
                    ErrorKind::Invalid,
                    node,
                    format!("player {p} has no piece \"{piece}\""),
                )
            })?;
            Ok(SiteExpr::Where { component })
        }
        "handSite" => {
            let (who, index) = hand_site(cx, node)?;
            Ok(SiteExpr::HandSite { who, index })
        }
        "coord" => coord(cx, node),
        _ => computed::site(cx, node),
    }
}

/// `(coord "A1")`, `(coord row:R column:C)` (Ludii's `Coord`) on the
/// board's default site type: the site with that label, or the first
/// whose row and column are R and C (Off, no site, when none is).
/// Fixed rows and columns only (Ludii precomputes them); a site type
/// other than the board's is not supported.
fn coord(cx: &Cx, node: &Node) -> Result<SiteExpr> {
    let mut args = Args::new(node, "coord", 0);
    if let Some(ty) = args.take(|n| n.atom().is_some_and(|a| SiteType::from_name(a).is_some())) {
        let b = cx.board(node)?;
        if ty.atom().and_then(SiteType::from_name) != Some(b.site_type) {
            return Err(cx.unsupported_in(ty, "site type of `(coord ...)`"));
        }
    }
    if let Some(label) = args.string() {
        args.finish(cx)?;
        return cx.coord(node, label).map(SiteExpr::Const);
    }
    let (Some(row), Some(column)) = (args.labeled("row"), args.labeled("column")) else {
        return Err(args.error(
            cx,
            ErrorKind::Invalid,
            "`(coord ...)` needs a label or `row:` and `column:`",
        ));
    };
    args.finish(cx)?;
    let fixed = |n: &Node| {
        computed::fixed_int(cx, n).map_err(|_| cx.unsupported_in(n, "computed row or column"))
    };
    let (row, column) = (fixed(row)?, fixed(column)?);
    let b = cx.board(node)?;
    Ok(
        match b
            .sites
            .iter()
            .position(|s| s.row as i64 == row && s.col as i64 == column)
        {
            Some(s) => SiteExpr::Const(s as Site),
            None => SiteExpr::Int(crate::ir::SiteFn(Box::new(IntExpr::Const(-1)))),
        },
    )
}

/// The region and the condition of `(forEach REGION if:C)`.
fn filter_args<'n>(cx: &Cx, node: &'n Node) -> Result<(&'n Node, &'n Node)> {
    let mut args = Args::new(node, "forEach", 0);
    let within = args
        .take(|n| n.head().is_some())
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(forEach ...)` needs a region"))?;
    let test = args
        .labeled("if")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(forEach REGION ...)` needs `if:`"))?;
    args.finish(cx)?;
    Ok((within, test))
}

/// The site of `(what at:S)`, `(state at:S)`, `(size Stack at:S)`.
fn at_site(cx: &Cx, node: &Node) -> Result<SiteExpr> {
    let name = Cx::ludeme_name(node);
    let skip = name.split(' ').count() - 1;
    let mut args = Args::new(node, name.clone(), skip);
    let at = args.labeled("at").ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Unsupported,
            format!("only `({name} at:SITE)` is supported"),
        )
    })?;
    args.finish(cx)?;
    site(cx, at)
}

/// `(handSite WHO [N])` (Ludii's HandSite): whose hand, and which of its sites.
fn hand_site(cx: &Cx, node: &Node) -> Result<(PlayerRef, u16)> {
    let mut args = Args::new(node, "handSite", 0);
    let who = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(handSite ...)` needs a player"))?;
    let who = player_fn(cx, who)?;
    let index = match args.next() {
        Some(n) => u16::try_from(cx.int_literal(n)?)
            .map_err(|_| cx.error(ErrorKind::Invalid, n, "no such site in a hand"))?,
        None => 0,
    };
    args.finish(cx)?;
    if cx.hands().is_empty() {
        return Err(cx.error(ErrorKind::Invalid, node, "the equipment has no hand"));
    }
    // Ludii's HandSite raises the game's Count flag.
    cx.uses_counts();
    Ok((who, index))
}

/// The pieces `(no Pieces ...)` and `(count Pieces ...)` look at:
/// `[WHO] ["Name"] [in:REGION]`, WHO a player or `All` (the default).
fn pieces(cx: &Cx, node: &Node, what: &str) -> Result<Pieces> {
    let mut args = Args::new(node, what, 1);
    let who = match args.take(|n| {
        n.atom()
            .is_some_and(|a| a == "All" || a == "Player" || PLAYER_ATOMS.contains(&a))
    }) {
        Some(n) if n.atom() == Some("All") => None,
        Some(n) => Some(player_fn(cx, n)?),
        None => None,
    };
    // Ludii counts the components whose name contains the string.
    let kinds = args.take(|n| n.string().is_some()).map(|n| {
        let name = n.string().unwrap_or_default();
        cx.components
            .iter()
            .enumerate()
            .filter(|(_, c)| c.name.contains(name))
            .map(|(i, _)| i as u8 + 1)
            .collect()
    });
    let within = args.labeled("in").map(|n| region(cx, n)).transpose()?;
    args.finish(cx)?;
    Ok(Pieces { who, kinds, within })
}

/// `Mover`, `Next`, `Prev`, `P1`...
pub(super) fn player_ref(cx: &Cx, node: &Node) -> Result<PlayerRef> {
    if let Some(p) = super::players::iterated(cx, node) {
        return Ok(p);
    }
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

/// Whether `atom` names a player (`Mover`, `Next`, `Prev`, `P1`...).
pub(super) fn is_player_atom(atom: &str) -> bool {
    PLAYER_ATOMS.contains(&atom)
}

/// Direction choices a line, connection or loop may follow.
const DIRECTION_SETS: &[&str] = &["Adjacent", "Orthogonal", "Diagonal", "All"];

fn direction_set(atom: &str) -> AbsoluteDirection {
    board::direction(atom).unwrap_or(AbsoluteDirection::Adjacent)
}

/// `(is Line N [DIRECTIONS] [WHO] [exact:B] [contiguous:B] [through:S]
/// [what:N | whats:{N...}] [byLevel:B])`.
fn line(cx: &Cx, node: &Node) -> Result<Cond> {
    let mut args = Args::new(node, "is Line", 1);
    let (length, at) = args
        .int()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(is Line ...)` needs a length"))?;
    if length < 1 {
        return Err(cx.error(ErrorKind::Invalid, at, "a line needs a positive length"));
    }
    let directions = match args.take(|n| n.atom().and_then(board::direction).is_some()) {
        Some(d) if direction_set(d.atom().unwrap_or_default()).is_circular() => {
            return Err(cx.unsupported_in(d, "circular direction"))
        }
        Some(d) => direction_set(d.atom().unwrap_or_default()),
        None => AbsoluteDirection::Adjacent,
    };
    let exact = args.labeled_bool(cx, "exact", false)?;
    let contiguous = args.labeled_bool(cx, "contiguous", true)?;
    let through = args.labeled("through").map(|t| site(cx, t)).transpose()?;
    let by_level = args.labeled_bool(cx, "byLevel", false)?;
    let condition = args
        .labeled("if")
        .map(|c| cond(cx, c).map(Box::new))
        .transpose()?;
    let who = args.take(|n| n.atom().is_some_and(|a| PLAYER_ATOMS.contains(&a)));
    let what = args.labeled("what");
    let whats = args.labeled("whats");
    let pieces = match (who, what, whats) {
        (None, None, None) => LinePieces::Pivot,
        (Some(who), None, None) => LinePieces::Owner(player_ref(cx, who)?),
        (None, Some(what), None) => LinePieces::Whats(vec![int(cx, what)?]),
        (None, None, Some(list)) if matches!(list.kind, NodeKind::Array(_)) => LinePieces::Whats(
            list.args()
                .iter()
                .map(|a| int(cx, &a.value))
                .collect::<Result<_>>()?,
        ),
        _ => {
            return Err(args.error(
                cx,
                ErrorKind::Unsupported,
                "`(is Line ...)` with more than one of a player, `what:` and `whats:`",
            ))
        }
    };
    args.finish(cx)?;
    let line = Line {
        length: length as u32,
        directions,
        exact,
        pieces,
        contiguous,
        condition,
    };
    if by_level
        && !(matches!(line.pieces, LinePieces::Pivot)
            && line.contiguous
            && line.condition.is_none())
    {
        return Err(cx
            .error(
                ErrorKind::Unsupported,
                node,
                "`(is Line ... byLevel:True)` with pieces, `contiguous:` or `if:` given",
            )
            .with_label("not supported by ludemic yet"));
    }
    if cx.stacking() != by_level {
        // Ludii reads lines on stacks either level by level (`byLevel:True`)
        // or by stacks' contents; only the first is implemented.
        let why = if by_level {
            "`byLevel:` outside a stacking game"
        } else {
            "`(is Line ...)` in a stacking game without `byLevel:True`"
        };
        return Err(cx
            .error(ErrorKind::Unsupported, node, why)
            .with_label("not supported by ludemic yet"));
    }
    Ok(match (through, by_level) {
        (None, false) => Cond::Line(line),
        (through, by_level) => Cond::LineAt(LineAt {
            line,
            through: through.unwrap_or(SiteExpr::LastTo),
            by_level,
        }),
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
    if let Some(remembered) = super::remember::region(cx, node)? {
        return Ok(remembered);
    }
    if super::players::is_named_sites(node) {
        return super::players::named_region(cx, node);
    }
    if let Some(r) = super::players::player_sites(cx, node)? {
        return Ok(r);
    }
    match Cx::ludeme_name(node).as_str() {
        "sites Around" => {
            let mut args = Args::new(node, "sites Around", 1);
            let of = args
                .take(|n| n.head().is_some() || n.string().is_some())
                .ok_or_else(|| {
                    args.error(cx, ErrorKind::Invalid, "`(sites Around ...)` needs sites")
                })?;
            let only = match args.atom_among(&["Empty", "NotEmpty", "Own", "Enemy"]) {
                Some("Empty") => Some(Occupancy::Empty),
                Some("NotEmpty") => Some(Occupancy::NotEmpty),
                Some("Own") => Some(Occupancy::Own),
                Some("Enemy") => Some(Occupancy::Enemy),
                _ => None,
            };
            let directions = match args.take(|n| n.atom().and_then(board::direction).is_some()) {
                Some(d) => {
                    let d = direction_set(d.atom().unwrap_or_default());
                    if d.is_circular() {
                        return Err(cx.unsupported_in(node, "circular direction in"));
                    }
                    d
                }
                None => AbsoluteDirection::Adjacent,
            };
            let distance = match args.labeled("distance") {
                Some(n) => u32::try_from(cx.int_literal(n)?)
                    .map_err(|_| cx.error(ErrorKind::Invalid, n, "a distance is 0 or more"))?,
                None => 1,
            };
            let test = args.labeled("if").map(|c| cond(cx, c)).transpose()?;
            let include_self = args.labeled_bool(cx, "includeSelf", false)?;
            args.finish(cx)?;
            Ok(Region::Around(Box::new(Around {
                of: region(cx, of)?,
                directions,
                distance,
                test,
                only,
                include_self,
            })))
        }
        "sites ToClear" => {
            Args::new(node, "sites ToClear", 1).finish(cx)?;
            Ok(Region::ToClear)
        }
        "sites Pending" => {
            Args::new(node, "sites Pending", 1).finish(cx)?;
            Ok(Region::Pending)
        }
        "sites Start" => {
            // `(sites Start (piece C))`: where component C stood when the
            // start rules were done (`SitesStart`, `Trial.startingPos`).
            let mut args = Args::new(node, "sites Start", 1);
            let piece = args.form_with_head("piece").ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    "`(sites Start ...)` needs `(piece ...)`",
                )
            })?;
            args.finish(cx)?;
            let mut inner = Args::new(piece, "piece", 0);
            let component = inner.next().ok_or_else(|| {
                inner.error(cx, ErrorKind::Invalid, "`(piece ...)` needs a component")
            })?;
            inner.finish(cx)?;
            Ok(Region::Start(int(cx, component)?))
        }
        "sites Hand" => {
            let mut args = Args::new(node, "sites Hand", 1);
            let who = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(sites Hand ...)` needs a player")
            })?;
            args.finish(cx)?;
            if cx.hands().is_empty() {
                return Err(cx.error(ErrorKind::Invalid, node, "the equipment has no hand"));
            }
            Ok(Region::Hand(player_fn(cx, who)?))
        }
        "sites Empty" => {
            let mut args = Args::new(node, "sites Empty", 1);
            let ty = site_type_arg(&mut args);
            args.finish(cx)?;
            Ok(match ty {
                Some(ty) if ty != cx.default_site_type(node)? => Region::EmptyOf(ty),
                _ => Region::Empty,
            })
        }
        "sites Incident" => {
            let mut args = Args::new(node, "sites Incident", 1);
            let result = site_type_arg(&mut args).ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    "`(sites Incident ...)` needs a site type",
                )
            })?;
            let of = args
                .labeled("of")
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `of:TYPE`"))?;
            let of = of
                .atom()
                .and_then(SiteType::from_name)
                .ok_or_else(|| cx.unsupported_in(of, "site type"))?;
            let at = args
                .labeled("at")
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `at:SITE`"))?;
            args.finish(cx)?;
            Ok(Region::Incident {
                result,
                of,
                at: site(cx, at)?,
            })
        }
        "sites State" => {
            let mut args = Args::new(node, "sites State", 1);
            let n = args.next().ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(sites State ...)` needs a state")
            })?;
            args.finish(cx)?;
            Ok(Region::State(int(cx, n)?))
        }
        "forEach" => {
            let (within, test) = filter_args(cx, node)?;
            Ok(Region::Filter(
                Box::new(region(cx, within)?),
                Box::new(cond(cx, test)?),
            ))
        }
        "from" | "to" | "between" | "site" | "last To" | "last From" | "centrePoint" | "where"
        | "handSite" | "coord" => Ok(Region::Site(site(cx, node)?)),
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
        "sites Occupied" => {
            let mut args = Args::new(node, "sites Occupied", 1);
            let by = args.labeled("by").ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Unsupported,
                    "only `(sites Occupied by:WHO)` is supported",
                )
            })?;
            let container = args.labeled("container");
            // `component:"Name"` or `components:{"Name"...}` (Ludii's
            // `kindComponents`): the components declared with exactly these
            // names, whoever owns them.
            let kinds = match (args.labeled("component"), args.labeled("components")) {
                (None, None) => None,
                (Some(one), None) => Some(vec![one]),
                (None, Some(list)) => Some(match &list.kind {
                    NodeKind::Array(items) => items.iter().map(|i| &i.value).collect(),
                    _ => vec![list],
                }),
                (Some(_), Some(two)) => {
                    return Err(cx.error(
                        ErrorKind::Invalid,
                        two,
                        "`component:` and `components:` together",
                    ))
                }
            };
            args.finish(cx)?;
            let owners = match by.atom() {
                Some("Neutral") => Owners::Player(PlayerRef::Player(0)),
                Some("Enemy") => Owners::Enemy,
                Some("All") => Owners::All,
                _ => Owners::Player(player_fn(cx, by)?),
            };
            let mut parts = vec![Region::Occupied(owners)];
            if let Some(kinds) = kinds {
                let mut whats = Vec::new();
                for kind in kinds {
                    let name = kind.string().ok_or_else(|| {
                        cx.unsupported_in(kind, "component of `(sites Occupied ...)`")
                    })?;
                    whats.extend(
                        cx.components
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| c.base == name)
                            .map(|(i, _)| i as u8 + 1),
                    );
                }
                if cx.stacking() {
                    // Ludii then looks at every level of each stack.
                    return Err(cx.unsupported_in(
                        node,
                        "`component:` of `(sites Occupied ...)` in a stacking game",
                    ));
                }
                whats.sort_unstable();
                whats.dedup();
                parts.push(Region::Holding(whats));
            }
            match container {
                None => {}
                // Ludii's `owned` positions cover the hands; `container:"Board"`
                // keeps the board's.
                Some(c) if c.string() == Some("Board") && !cx.hands().is_empty() => {
                    let b = cx.board(node)?;
                    parts.push(Region::Static((0..b.num_sites() as Site).collect()));
                }
                Some(c) if c.string() == Some("Board") => {}
                // Ludii's ContainerId: a name containing "Hand" with a role
                // is the hand that role's player owns.
                Some(c) if c.string() == Some("Hand") => {
                    let Owners::Player(
                        who @ (PlayerRef::Mover
                        | PlayerRef::Next
                        | PlayerRef::Prev
                        | PlayerRef::Player(1..)),
                    ) = owners
                    else {
                        return Err(
                            cx.unsupported_in(by, "owner of a hand in `(sites Occupied ...)`")
                        );
                    };
                    if cx.hands().is_empty() {
                        return Err(cx.error(ErrorKind::Invalid, c, "the equipment has no hand"));
                    }
                    parts.push(Region::Hand(who));
                }
                Some(c) => return Err(cx.unsupported_in(c, "container of `(sites Occupied ...)`")),
            }
            Ok(if parts.len() == 1 {
                parts.pop().expect("one part")
            } else {
                Region::Intersection(parts)
            })
        }
        "if" => {
            let (c, a, b) = computed::if_parts(cx, node)?;
            Ok(Region::If(
                Box::new(cond(cx, c)?),
                Box::new(region(cx, a)?),
                Box::new(region(cx, b)?),
            ))
        }
        "sites Mover" | "sites Next" | "sites Prev" | "sites Player" => {
            Args::new(node, Cx::ludeme_name(node), 1).finish(cx)?;
            Ok(Region::Owned(player_ref(cx, &node.args()[0].value)?))
        }
        "difference" => {
            let mut args = Args::new(node, "difference", 0);
            let a = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs two regions"))?;
            let b = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs two regions"))?;
            args.finish(cx)?;
            Ok(Region::Difference(
                Box::new(region(cx, a)?),
                Box::new(region(cx, b)?),
            ))
        }
        "intersection" => {
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
                .map(Region::Intersection)
        }
        "sites Direction" => {
            let mut args = Args::new(node, "sites Direction", 1);
            let from = args
                .labeled("from")
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs `from:SITE`"))?;
            let dirs = match args.take(directions::is_direction_arg) {
                Some(d) => directions::directions(cx, d)?,
                None => vec![AbsoluteDirection::Adjacent],
            };
            let included = args.labeled_bool(cx, "included", false)?;
            let stop = args.labeled("stop").map(|c| cond(cx, c)).transpose()?;
            let stop_included = args
                .labeled("stopIncluded")
                .map(|c| cond(cx, c))
                .transpose()?;
            args.finish(cx)?;
            Ok(Region::Direction {
                from: site(cx, from)?,
                directions: dirs,
                included,
                stop: stop.map(|c| Box::new((c, stop_included.unwrap_or(Cond::False)))),
            })
        }
        "sites Row" | "sites Column" => {
            let name = Cx::ludeme_name(node);
            let mut args = Args::new(node, name.clone(), 1);
            let n = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a number"))?;
            args.finish(cx)?;
            let n = int(cx, n)?;
            if let IntExpr::Const(_) = n {
                return static_region(cx, node).map(Region::Static);
            }
            Ok(if name == "sites Row" {
                Region::Row(n)
            } else {
                Region::Column(n)
            })
        }
        name @ ("sites From" | "sites To") => {
            let mut args = Args::new(node, name, 1);
            let generator = args.take(|n| n.head().is_some()).ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    format!("`({name} ...)` needs moves"),
                )
            })?;
            args.finish(cx)?;
            Ok(Region::MovesSites {
                moves: Box::new(moves::moves(cx, generator)?),
                to: name == "sites To",
            })
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
            let moves = moves::moves(cx, generator)?;
            // The region is of the sites the moves place on: other moves
            // (piece moves, placements on edges...) would need their own
            // reading of Ludii's `SitesWinning`.
            if !only_board_placements(&moves, cx.default_site_type(node)?) {
                return Err(cx.error(
                    ErrorKind::Unsupported,
                    generator,
                    "`(sites Winning ...)` of moves other than placements on the board's sites is not supported",
                ));
            }
            Ok(Region::Winning {
                who: player_ref(cx, who)?,
                moves: Box::new(moves),
            })
        }
        _ => computed::region(cx, node),
    }
}

/// An optional site type among the arguments (`Cell`, `Edge`, `Vertex`).
pub(super) fn site_type_arg(args: &mut Args) -> Option<SiteType> {
    args.atom_among(&["Cell", "Edge", "Vertex"])
        .and_then(SiteType::from_name)
}

/// A region that does not depend on the state: sides, corners, site lists.
pub(super) fn static_region(cx: &Cx, node: &Node) -> Result<Vec<Site>> {
    if super::players::is_named_sites(node) {
        return match super::players::named_region(cx, node)? {
            Region::Static(sites) => Ok(sites),
            _ => Err(cx.unsupported_in(node, "fixed region")),
        };
    }
    let name = Cx::ludeme_name(node);
    let b = cx.board(node)?;
    // A lone site number (Ludii's `IntFunction` as a region: `(place "Cow2" 1)`).
    if node.atom().is_some_and(|a| a.parse::<i64>().is_ok()) {
        let site = cx.int_literal(node)?;
        if site < 0 || site as usize >= b.num_sites() {
            return Err(cx.error(ErrorKind::Invalid, node, "no such site on this board"));
        }
        return Ok(vec![site as Site]);
    }
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
        "sites Top" | "sites Bottom" | "sites Left" | "sites Right" | "sites Centre"
        | "sites Board" => {
            Args::new(node, name.clone(), 1).finish(cx)?;
            match name.as_str() {
                "sites Top" => b.top().to_vec(),
                "sites Bottom" => b.bottom().to_vec(),
                "sites Left" => b.left().to_vec(),
                "sites Right" => b.right().to_vec(),
                "sites Centre" => b.centre().to_vec(),
                _ => (0..b.num_sites() as Site).collect(),
            }
        }
        "sites Row" | "sites Column" => {
            let mut args = Args::new(node, name.clone(), 1);
            let (n, at) = args
                .int()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs a number"))?;
            args.finish(cx)?;
            let lines = if name == "sites Row" {
                b.rows()
            } else {
                b.columns()
            };
            lines
                .get(n as usize)
                .cloned()
                .ok_or_else(|| cx.error(ErrorKind::Invalid, at, "no such row or column"))?
        }
        "sites Phase" => {
            // The board's 2-colouring: phase 0 holds site 0's colour class.
            let mut args = Args::new(node, "sites Phase", 1);
            let (phase, _) = args
                .int()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "needs 0 or 1"))?;
            args.finish(cx)?;
            (0..b.num_sites() as Site)
                .filter(|&s| {
                    let site = &b.sites[s as usize];
                    ((site.row + site.col) % 2) as i64 == phase
                })
                .collect()
        }
        "union" | "difference" | "intersection" => {
            let items: Vec<&Node> = match node.args() {
                [one] if matches!(one.value.kind, NodeKind::Array(_)) => {
                    one.value.args().iter().map(|a| &a.value).collect()
                }
                args => args.iter().map(|a| &a.value).collect(),
            };
            let mut parts = items.into_iter().map(|r| static_region(cx, r));
            let mut sites = parts.next().transpose()?.unwrap_or_default();
            for part in parts {
                let part = part?;
                match name.as_str() {
                    "union" => sites.extend(part),
                    "difference" => sites.retain(|s| !part.contains(s)),
                    _ => sites.retain(|s| part.contains(s)),
                }
            }
            sites.sort_unstable();
            sites.dedup();
            sites
        }
        _ if node.atom().is_some_and(|a| cx.player_literal(a).is_some())
            || name.starts_with("sites P") =>
        {
            // `(sites P1)` or `P1` in a static place: the player's declared regions.
            let atom = if name.starts_with("sites P") {
                name.trim_start_matches("sites ").to_owned()
            } else {
                name.clone()
            };
            let p = cx
                .player_literal(&atom)
                .ok_or_else(|| cx.unsupported_in(node, "region"))?;
            cx.owned_regions(p)
        }
        "sites Outer" => {
            Args::new(node, "sites Outer", 1).finish(cx)?;
            b.outer().to_vec()
        }
        "expand" => {
            // (expand REGION [steps:N] [DIRECTION]): the region grown N times by
            // one step (adjacent sites, or steps in DIRECTION).
            // `origin:S` instead of REGION: the site S alone (Ludii's
            // `IntArrayFromRegion` of one site).
            let mut args = Args::new(node, "expand", 0);
            let origin = args.labeled("origin");
            let base = match origin {
                Some(_) => None,
                None => Some(args.take(|n| n.head().is_some()).ok_or_else(|| {
                    args.error(cx, ErrorKind::Invalid, "`(expand ...)` needs a region")
                })?),
            };
            let steps = match args.labeled("steps") {
                Some(n) => computed::fixed_int(cx, n)?,
                None => 1,
            };
            let direction = match args.take(|n| n.atom().is_some()) {
                Some(d) => Some(
                    d.atom()
                        .and_then(board::direction)
                        .filter(|d| !d.is_circular())
                        .ok_or_else(|| cx.unsupported_in(d, "direction"))?,
                ),
                None => None,
            };
            args.finish(cx)?;
            let mut sites = match (base, origin) {
                (Some(base), _) => static_region(cx, base)?,
                (None, Some(origin)) => match site(cx, origin)? {
                    SiteExpr::Const(s) => vec![s],
                    SiteExpr::Int(f) => match computed::fixed_int(cx, origin) {
                        Ok(s) if s >= 0 && (s as usize) < b.num_sites() => vec![s as Site],
                        // Off: Ludii's region of no site.
                        Ok(_) => Vec::new(),
                        Err(_) => {
                            let _ = f;
                            return Err(
                                cx.unsupported_in(origin, "computed origin of `(expand ...)`")
                            );
                        }
                    },
                    _ => return Err(cx.unsupported_in(origin, "origin of `(expand ...)`")),
                },
                (None, None) => unreachable!("origin or region"),
            };
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
                // Grown as far as it goes: more steps change nothing.
                if grown == sites {
                    break;
                }
                sites = grown;
            }
            sites
        }
        "{...}" => list_sites(cx, node)?,
        "forEach" => {
            // `(forEach REGION if:C)` with C fixed by the site alone.
            let (within, test) = filter_args(cx, node)?;
            let within = static_region(cx, within)?;
            let test_cond = cond(cx, test)?;
            let mut sites = Vec::new();
            for s in within {
                match super::fixed::cond(b, &test_cond, s) {
                    Some(true) => sites.push(s),
                    Some(false) => {}
                    None => return Err(cx.unsupported_in(test, "condition in a fixed region")),
                }
            }
            sites
        }
        "centrePoint" => match site(cx, node)? {
            SiteExpr::Const(s) => vec![s],
            _ => return Err(cx.unsupported_in(node, "fixed site")),
        },
        "handSite" => match hand_site(cx, node)? {
            (PlayerRef::Player(p), index) => {
                let hand = cx.hands().iter().find(|h| h.owner == p).ok_or_else(|| {
                    cx.error(ErrorKind::Invalid, node, format!("player {p} has no hand"))
                })?;
                if index >= hand.size {
                    return Err(cx.error(ErrorKind::Invalid, node, "no such site in this hand"));
                }
                vec![hand.first + index]
            }
            _ => return Err(cx.unsupported_in(node, "fixed site")),
        },
        "sites" => {
            let mut args = Args::new(node, "sites", 0);
            let list = args
                .take(|n| matches!(n.kind, NodeKind::Array(_)))
                .ok_or_else(|| cx.unsupported_in(node, "region"))?;
            args.finish(cx)?;
            list.args()
                .iter()
                .map(|a| {
                    if let Some(coord) = a.value.string() {
                        return cx.coord(&a.value, coord);
                    }
                    let site = computed::fixed_int(cx, &a.value)?;
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
        _ => return computed::static_region(cx, node),
    };
    Ok(sites)
}

/// `{1 2 "A3"}`: sites by number or coordinate.
fn list_sites(cx: &Cx, list: &Node) -> Result<Vec<Site>> {
    let b = cx.board(list)?;
    list.args()
        .iter()
        .map(|a| {
            if let Some(coord) = a.value.string() {
                return cx.coord(&a.value, coord);
            }
            let site = cx.int_literal(&a.value)?;
            if site < 0 || site as usize >= b.num_sites() {
                return Err(cx.error(ErrorKind::Invalid, &a.value, "no such site on this board"));
            }
            Ok(site as Site)
        })
        .collect()
}

/// Whether every move of `m` places a piece on a site of type `board`.
fn only_board_placements(m: &crate::ir::Moves, board: crate::board::SiteType) -> bool {
    use crate::ir::Moves;
    match m {
        Moves::Add(a) => a.site_type == board && !a.stack,
        Moves::Or(list) | Moves::Priority(list) => {
            list.iter().all(|m| only_board_placements(m, board))
        }
        Moves::If {
            then, otherwise, ..
        } => {
            only_board_placements(then, board)
                && otherwise
                    .as_deref()
                    .is_none_or(|o| only_board_placements(o, board))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {

    use crate::diagnostic::ErrorKind;
    use crate::ir::{Cond, GameModel, IntExpr, Pieces, PlayerRef};

    /// The model of a description held in memory (no define library).
    fn model_of(text: &str) -> GameModel {
        crate::load_inline(text)
            .unwrap_or_else(|e| panic!("{e}"))
            .model
    }

    #[test]
    fn sites_winning_of_other_moves_than_placements_is_refused_at_its_moves() {
        let text =
            "(game \"W\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)})\n\
                    (rules (play (move Add (to (sites Winning Mover\n\
                    (move Pass))))) (end (if (is Line 3) (result Mover Win)))))";
        let err = crate::load_inline(text).err().expect("an error");
        assert_eq!(err.kind, ErrorKind::Unsupported, "{err}");
        assert!(err.to_string().starts_with("inline.lud:3:"), "{err}");
        assert!(err.to_string().contains("(sites Winning ...)"), "{err}");
    }

    #[test]
    fn a_sum_of_a_list_adds_every_value_in_order() {
        let text =
            "(game \"S\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)})\n\
                    (rules (play (move Add (to (sites Empty))))\n\
                    (end (if (= (+ {1 (count Moves) 3}) 9) (result Mover Win)))))";
        let model = model_of(text);
        let Cond::Compare(_, sum, _) = &model.end[0].condition else {
            panic!("{:?}", model.end[0].condition);
        };
        match sum {
            IntExpr::Add(first, three) => {
                assert!(matches!(**three, IntExpr::Const(3)), "{three:?}");
                assert!(
                    matches!(&**first, IntExpr::Add(one, _) if matches!(**one, IntExpr::Const(1))),
                    "{first:?}"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn no_pieces_names_its_player_kinds_and_region() {
        let text = "(game \"N\" (players 2) (equipment {(board (square 3)) (piece \"Queen\" Each) (piece \"Pawn\" Each)})\n\
                    (rules (start (place \"Queen1\" (sites {0}))) (play (forEach Piece))\n\
                    (end {(if (no Pieces Next \"Queen\" in:(sites Top)) (result Mover Win)) (if (no Pieces All) (result Mover Loss))})))";
        let model = model_of(text);
        match &model.end[0].condition {
            Cond::NoPieces(Pieces {
                who: Some(PlayerRef::Next),
                kinds: Some(kinds),
                within: Some(_),
            }) => {
                let names: Vec<&str> = kinds
                    .iter()
                    .map(|&w| model.components[w as usize - 1].name.as_str())
                    .collect();
                assert_eq!(names, ["Queen1", "Queen2"]);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            model.end[1].condition,
            Cond::NoPieces(Pieces {
                who: None,
                kinds: None,
                within: None
            })
        ));
    }

    #[test]
    fn is_prev_compares_a_player_with_the_previous_mover() {
        let text = "(game \"P\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)})\n\
                    (rules (play (move Add (to (sites Empty)))) (end (if (is Prev P2) (result Mover Win)))))";
        let model = model_of(text);
        assert!(matches!(
            model.end[0].condition,
            Cond::IsPrev(PlayerRef::Player(2))
        ));
        // The end rules see the move before it: the first move made after
        // one of player 2's, the third, ends the game.
        let game = crate::interp::Interpreter::new(model);
        let mut state = ludemic_runtime::Game::initial_state(&game);
        let mut moves = ludemic_runtime::MoveBuffer::new();
        for n in 1..=3 {
            assert!(!ludemic_runtime::Game::is_over(&game, &state), "move {n}");
            ludemic_runtime::Game::legal_moves(&game, &state, &mut moves);
            ludemic_runtime::Game::apply(&game, &mut state, moves[0]);
        }
        assert!(ludemic_runtime::Game::is_over(&game, &state));
    }

    #[test]
    fn start_regions_may_be_intersections() {
        let text = "(game \"I\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)})\n\
                    (rules (start (place \"Disc1\" (intersection (sites Bottom) (union (sites Column 2) (sites Left)))))\n\
                    (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))";
        let model = model_of(text);
        assert_eq!(model.start[0].sites, [0, 2]);
    }

    #[test]
    fn count_pieces_counts_a_player_s_pieces_within_a_region() {
        let text = "(game \"C\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)})\n\
                    (rules (start (place \"Disc1\" (sites {6 7}))) (play (move Add (to (sites Empty))))\n\
                    (end (if (= (count Pieces P1 in:(sites Top)) 2) (result P1 Win)))))";
        let model = model_of(text);
        assert!(matches!(
            &model.end[0].condition,
            Cond::Compare(_, IntExpr::CountPieces(p), _) if p.who == Some(PlayerRef::Player(1))
        ));
        // Player 1's first placement goes on site 0: two of its pieces are
        // still the only ones on the top row, and it wins.
        let game = crate::interp::Interpreter::new(model);
        let mut state = ludemic_runtime::Game::initial_state(&game);
        let mut moves = ludemic_runtime::MoveBuffer::new();
        ludemic_runtime::Game::legal_moves(&game, &state, &mut moves);
        ludemic_runtime::Game::apply(&game, &mut state, moves[0]);
        match ludemic_runtime::Game::status(&game, &state) {
            ludemic_runtime::Status::Over(outcome) => assert_eq!(outcome.winner, 1),
            other => panic!("{other:?}"),
        }
    }
}
