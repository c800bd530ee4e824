//! `(players ...)` and `(equipment {...})`: players, the board, pieces, regions.

use crate::board::Compass;
use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{Component, PlayerId, RegionDecl};
use crate::syntax::{Node, NodeKind};

use super::{board, conds, sow, Args, Cx};

/// `(players N)` or `(players {(player N) (player S)})`: the number of
/// players and each one's facing (index 0 unused).
pub(super) fn players(cx: &Cx, node: &Node) -> Result<(u8, Vec<Option<Compass>>)> {
    let mut args = Args::new(node, "players", 0);
    if let Some(list) = args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
        args.finish(cx)?;
        let mut facing = vec![None];
        for item in list.args() {
            let player = &item.value;
            if player.head() != Some("player") {
                return Err(cx.unsupported_in(player, "player declaration"));
            }
            let mut pargs = Args::new(player, "player", 0);
            let dir = pargs
                .take(|n| n.atom().is_some())
                .ok_or_else(|| cx.unsupported_in(player, "player declaration"))?;
            pargs.finish(cx)?;
            let compass = dir
                .atom()
                .and_then(Compass::from_name)
                .ok_or_else(|| cx.unsupported_in(dir, "player direction"))?;
            facing.push(Some(compass));
        }
        if !(1..=16).contains(&(facing.len() - 1)) {
            return Err(cx.error(ErrorKind::Invalid, node, "Ludii games have 1 to 16 players"));
        }
        return Ok(((facing.len() - 1) as u8, facing));
    }
    let Some((n, at)) = args.int() else {
        return Err(match args.next() {
            Some(other) => cx.unsupported_in(other, "player declaration"),
            None => args.error(
                cx,
                ErrorKind::Invalid,
                "`(players ...)` needs a number of players",
            ),
        });
    };
    if !(1..=16).contains(&n) {
        return Err(cx.error(ErrorKind::Invalid, at, "Ludii games have 1 to 16 players"));
    }
    args.finish(cx)?;
    Ok((n as u8, vec![None; n as usize + 1]))
}

/// `(equipment {ITEM...})`.
pub(super) fn equipment<'a>(cx: &mut Cx<'a>, node: &'a Node) -> Result<()> {
    let mut args = Args::new(node, "equipment", 0);
    let items = args
        .take(|n| matches!(n.kind, NodeKind::Array(_)))
        .map(Node::args)
        .ok_or_else(|| {
            args.error(
                cx,
                ErrorKind::Invalid,
                "`(equipment ...)` takes a list `{...}`",
            )
        })?;
    args.finish(cx)?;
    // The board first: regions are evaluated on it, wherever it is listed.
    for item in items.iter().filter(|a| {
        matches!(
            a.value.head(),
            Some("board" | "mancalaBoard" | "surakartaBoard")
        )
    }) {
        if cx.board.is_some() {
            return Err(cx.error(
                ErrorKind::Unsupported,
                &item.value,
                "a second board is not supported",
            ));
        }
        cx.board = Some(if item.value.head() == Some("mancalaBoard") {
            let (board, tracks) = sow::mancala_board(cx, &item.value)?;
            cx.tracks = tracks;
            board
        } else if item.value.head() == Some("surakartaBoard") {
            let (board, tracks) = board::surakarta_board(cx, &item.value)?;
            cx.tracks = tracks;
            board
        } else {
            let (board, tracks) = board::board(cx, &item.value)?;
            cx.tracks = tracks;
            board
        });
        cx.board_text = Some(cx.text(&item.value));
    }
    for item in items {
        let node = &item.value;
        match node.head() {
            Some("board" | "mancalaBoard" | "surakartaBoard" | "map") => {}
            Some("piece") => piece(cx, node)?,
            Some("hand") => hand(cx, node)?,
            Some("dice") => dice(cx, node)?,
            Some("regions") => {
                let region = regions(cx, node)?;
                cx.regions.push(region);
            }
            _ => return Err(cx.unsupported_in(node, "equipment")),
        }
    }
    // Ludii computes the maps once every item exists (`Map.computeMap` at
    // the game's creation): their pairs may name hand sites or pieces
    // declared after them.
    for item in items.iter().filter(|a| a.value.head() == Some("map")) {
        let map = sow::map(cx, &item.value)?;
        cx.maps.push(map);
    }
    // Ludii sorts the containers: the board, the hands, then the dice.
    if cx.dice.is_some() {
        let board = cx.board(node)?;
        let first = cx.hands.last().map_or_else(
            || crate::ir::GameModel::first_site_after_board(board),
            |h| h.first + h.size,
        );
        if let Some(dice) = &mut cx.dice {
            dice.first = first;
        }
    }
    if cx.components.is_empty() {
        // Ludii's `Equipment.createItems`: a game declaring no piece gets a
        // "Ball<p>" per player (named, as any piece, with its owner's number).
        for owner in 1..=cx.num_players() {
            cx.components.push(Component {
                name: format!("Ball{owner}{owner}"),
                base: format!("Ball{owner}"),
                owner,
                facing: cx
                    .facing
                    .get(owner as usize)
                    .copied()
                    .flatten()
                    .map(Compass::absolute),
                flips: None,
            });
            cx.piece_moves.push(None);
        }
    }
    Ok(())
}

/// `(piece "Name" OWNER [FACING] [MOVES])`: one component, or one per player for `Each`.
fn piece<'a>(cx: &mut Cx<'a>, node: &'a Node) -> Result<()> {
    let mut args = Args::new(node, "piece", 0);
    let name = args
        .string()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(piece ...)` needs a name"))?;
    // Ludii's `Piece` belongs to `Each` player unless its role is given.
    let owner = args.take(|n| {
        n.atom().is_some_and(|a| {
            matches!(a, "Each" | "Neutral" | "Shared" | "All" | "Mover" | "Next")
                || (a.starts_with('P') && a[1..].parse::<u8>().is_ok())
        })
    });
    let own_facing = match args.take(|n| n.atom().is_some_and(|a| Compass::from_name(a).is_some()))
    {
        Some(d) => d.atom().and_then(Compass::from_name),
        None => None,
    };
    let flips = match args.form_with_head("flips") {
        Some(f) => {
            let mut fargs = Args::new(f, "flips", 0);
            let mut state = || -> Result<u8> {
                let (n, at) = fargs.int().ok_or_else(|| {
                    cx.error(ErrorKind::Invalid, f, "`(flips ...)` needs two states")
                })?;
                u8::try_from(n)
                    .map_err(|_| cx.error(ErrorKind::Invalid, at, "a piece state is 0 to 255"))
            };
            let pair = (state()?, state()?);
            fargs.finish(cx)?;
            Some(pair)
        }
        None => None,
    };
    // `maxState:` only sizes Ludii's storage of local states (a state out
    // of it ends the trial with an error): states here go to 255.
    if let Some(n) = args.labeled("maxState") {
        if !(0..=255).contains(&cx.int_literal(n)?) {
            return Err(cx.unsupported_in(n, "`maxState:` above 255 of `(piece ...)`"));
        }
    }
    let moves = args.take(|n| n.head().is_some());
    args.finish(cx)?;
    let owners: Vec<PlayerId> = match owner.and_then(Node::atom) {
        None | Some("Each") => (1..=cx.num_players()).collect(),
        Some("Neutral") | Some("Shared") => vec![0],
        Some(p) => match cx.player_literal(p) {
            Some(p) => vec![p],
            None => return Err(cx.unsupported_in(node, "piece owner")),
        },
    };
    for owner in owners {
        // Ludii overwrites a player's pieces' direction with the player's own
        // (`(player N)`); the piece's own direction counts only without one.
        let facing = cx
            .facing
            .get(owner as usize)
            .copied()
            .flatten()
            .or(own_facing);
        cx.components.push(Component {
            name: format!("{name}{owner}"),
            base: name.to_owned(),
            owner,
            facing: facing.map(Compass::absolute),
            flips,
        });
        cx.piece_moves.push(moves);
    }
    Ok(())
}

/// `(hand OWNER [size:N])`: one hand, or one per player for `Each`, their
/// sites numbered after the board's and the hands before them.
fn hand(cx: &mut Cx, node: &Node) -> Result<()> {
    let mut args = Args::new(node, "hand", 0);
    let owner = args
        .take(|n| n.atom().is_some())
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(hand ...)` needs an owner"))?;
    let size = match args.labeled("size") {
        Some(n) => u16::try_from(cx.int_literal(n)?)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| cx.error(ErrorKind::Invalid, n, "a hand has 1 to 65535 sites"))?,
        None => 1,
    };
    args.finish(cx)?;
    let owners: Vec<PlayerId> = match owner.atom() {
        Some("Each") => (1..=cx.num_players()).collect(),
        Some(p) => match cx.player_literal(p) {
            Some(p) => vec![p],
            None => return Err(cx.unsupported_in(owner, "hand owner")),
        },
        None => unreachable!("taken as an atom"),
    };
    let board = cx.board(node)?;
    let mut first = cx.hands.last().map_or_else(
        || crate::ir::GameModel::first_site_after_board(board) as usize,
        |h| (h.first + h.size) as usize,
    );
    for owner in owners {
        let end = first + size as usize;
        if end > crate::ir::Site::MAX as usize {
            return Err(cx.error(ErrorKind::Invalid, node, "too many sites in the hands"));
        }
        cx.hands.push(crate::ir::Hand {
            owner,
            first: first as crate::ir::Site,
            size,
        });
        first = end;
    }
    Ok(())
}

/// `(dice [d:N] [from:F | faces:{...} | facesByDie:{{...}...}] num:M)`
/// (Ludii's `Dice`): M shared dice; each die's faces are N values from F
/// (1 by default), or the given ones (`Die.setFaces`).
fn dice(cx: &mut Cx, node: &Node) -> Result<()> {
    if cx.dice.is_some() {
        return Err(cx.error(
            ErrorKind::Unsupported,
            node,
            "a second `(dice ...)` is not supported",
        ));
    }
    let mut args = Args::new(node, "dice", 0);
    let small = |n: &Node, what: &str| -> Result<i64> {
        let v = cx.int_literal(n)?;
        if (0..=64).contains(&v) {
            Ok(v)
        } else {
            Err(cx.error(ErrorKind::Invalid, n, format!("{what} must be 0 to 64")))
        }
    };
    let d = args.labeled("d").map(|n| small(n, "`d:`")).transpose()?;
    let from = args
        .labeled("from")
        .map(|n| cx.int_literal(n))
        .transpose()?;
    let list = |n: &Node| -> Result<Vec<i64>> {
        match &n.kind {
            NodeKind::Array(items) => items.iter().map(|i| cx.int_literal(&i.value)).collect(),
            _ => Err(cx.error(ErrorKind::Invalid, n, "expected a list of faces `{...}`")),
        }
    };
    let faces = args.labeled("faces").map(list).transpose()?;
    let by_die = match args.labeled("facesByDie") {
        Some(n) => Some(
            n.args()
                .iter()
                .map(|i| list(&i.value))
                .collect::<Result<Vec<_>>>()?,
        ),
        None => None,
    };
    let num = args
        .labeled("num")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(dice ...)` needs `num:`"))?;
    let num = small(num, "`num:`")? as usize;
    if let Some(other) = args.labeled("biased") {
        return Err(cx.unsupported_in(other, "argument of `(dice ...)`"));
    }
    if let Some(owner) = args.take(|n| n.atom().is_some()) {
        return Err(cx.unsupported_in(owner, "dice owner"));
    }
    args.finish(cx)?;
    let faces: Vec<Vec<i64>> = match (faces, by_die) {
        (_, Some(by_die)) => {
            if by_die.len() != num {
                return Err(cx.error(
                    ErrorKind::Invalid,
                    node,
                    "`facesByDie:` needs one list per die",
                ));
            }
            by_die
        }
        (Some(faces), None) => vec![faces; num],
        (None, None) => {
            let start = from.unwrap_or(1);
            vec![(start..start + d.unwrap_or(6)).collect(); num]
        }
    };
    if num == 0 || faces.iter().any(|f| f.is_empty()) {
        return Err(cx.error(
            ErrorKind::Invalid,
            node,
            "dice need at least one die and one face",
        ));
    }
    cx.dice = Some(crate::ir::Dice { first: 0, faces });
    Ok(())
}

/// `(regions [NAME] OWNER {REGION...})` or `(regions [NAME] OWNER REGION)`.
fn regions(cx: &Cx, node: &Node) -> Result<RegionDecl> {
    let mut args = Args::new(node, "regions", 0);
    let name = args.string();
    let owner = match args.take(|n| n.atom().is_some()) {
        None => 0,
        // Ludii's roles go to P16 whatever the number of players: a
        // region may belong to a player not in the game (Chinese
        // Checkers' three-player homes P4 to P6, read through a map).
        Some(atom) => cx
            .player_literal(atom.atom().unwrap_or_default())
            .or_else(|| {
                let n: u8 = atom.atom()?.strip_prefix('P')?.parse().ok()?;
                (1..=16).contains(&n).then_some(n)
            })
            .ok_or_else(|| cx.unsupported_in(atom, "region owner"))?,
    };
    let parts = match args.next() {
        Some(
            list @ Node {
                kind: NodeKind::Array(items),
                ..
            },
        ) => {
            if items.is_empty() {
                return Err(cx.error(ErrorKind::Invalid, list, "an empty region list"));
            }
            items
                .iter()
                .map(|item| conds::static_region(cx, &item.value))
                .collect::<Result<Vec<_>>>()?
        }
        Some(region) => vec![conds::static_region(cx, region)?],
        None => return Err(args.error(cx, ErrorKind::Invalid, "`(regions ...)` needs sites")),
    };
    args.finish(cx)?;
    Ok(RegionDecl {
        name: name.map(str::to_owned),
        owner,
        parts,
    })
}
