//! `(players ...)` and `(equipment {...})`: players, the board, pieces, regions.

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{Component, PlayerId, RegionDecl};
use crate::syntax::{Node, NodeKind};

use super::{board, conds, Args, Cx};

/// `(players N)`.
pub(super) fn players(cx: &Cx, node: &Node) -> Result<u8> {
    let mut args = Args::new(node, "players", 0);
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
    Ok(n as u8)
}

/// `(equipment {ITEM...})`.
pub(super) fn equipment(cx: &mut Cx, node: &Node) -> Result<()> {
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
    for item in items.iter().filter(|a| a.value.head() == Some("board")) {
        if cx.board.is_some() {
            return Err(cx.error(
                ErrorKind::Unsupported,
                &item.value,
                "a second board is not supported",
            ));
        }
        cx.board = Some(board::board(cx, &item.value)?);
        cx.board_text = Some(cx.text(&item.value));
    }
    for item in items {
        let node = &item.value;
        match node.head() {
            Some("board") => {}
            Some("piece") => piece(cx, node)?,
            Some("regions") => {
                let region = regions(cx, node)?;
                cx.regions.push(region);
            }
            _ => return Err(cx.unsupported_in(node, "equipment")),
        }
    }
    Ok(())
}

/// `(piece "Name" OWNER)`: one component, or one per player for `Each`.
fn piece(cx: &mut Cx, node: &Node) -> Result<()> {
    let mut args = Args::new(node, "piece", 0);
    let name = args
        .take(|n| n.string().is_some())
        .and_then(Node::string)
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(piece ...)` needs a name"))?;
    let owner = args.take(|n| n.atom().is_some()).ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            "`(piece ...)` needs an owner (P1, Each...)",
        )
    })?;
    args.finish(cx)?;
    let owners: Vec<PlayerId> = match owner.atom() {
        Some("Each") => (1..=cx.num_players()).collect(),
        Some(p) => match cx.player_literal(p) {
            Some(p) => vec![p],
            None => return Err(cx.unsupported_in(owner, "piece owner")),
        },
        None => unreachable!("taken as an atom"),
    };
    for owner in owners {
        cx.components.push(Component {
            name: format!("{name}{owner}"),
            owner,
        });
    }
    Ok(())
}

/// `(regions [NAME] OWNER {REGION...})` or `(regions [NAME] OWNER REGION)`.
fn regions(cx: &Cx, node: &Node) -> Result<RegionDecl> {
    let mut args = Args::new(node, "regions", 0);
    let name = args.take(|n| n.string().is_some()).and_then(Node::string);
    let owner = match args.take(|n| n.atom().is_some()) {
        None => 0,
        Some(atom) => cx
            .player_literal(atom.atom().unwrap_or_default())
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
