//! Direction arguments: absolute (`Orthogonal`, `N`, `{N S}`) and relative to
//! the facing of the piece whose rules are being lowered (`Forward`, `FR`...).
//!
//! Relative directions follow Ludii's `RelativeDirection`: the facing turns
//! clockwise (`R`) or anticlockwise (`L`) through the 16 compass headings until
//! it reaches a heading the board supports (one some site can step in to an
//! adjacent site). A piece without a facing faces north.

use crate::board::{AbsoluteDirection, Board, Compass, Relation};
use crate::diagnostic::{ErrorKind, Result};
use crate::syntax::{Node, NodeKind};

use super::{Args, Cx};

/// Ludii's relative directions that this lowering resolves.
const RELATIVE: &[&str] = &[
    "Forward",
    "Backward",
    "Rightward",
    "Leftward",
    "FR",
    "FL",
    "BR",
    "BL",
    "FRR",
    "FLL",
    "BRR",
    "BLL",
    "Forwards",
    "Backwards",
    "Rightwards",
    "Leftwards",
];

/// Whether `atom` names a direction (absolute or relative).
pub(super) fn is_direction(atom: &str) -> bool {
    RELATIVE.contains(&atom) || AbsoluteDirection::from_name(atom).is_some()
}

/// Whether a form's direction argument names a relative direction
/// (`FR`, `(directions {FR FL})`...).
pub(super) fn mentions_relative(form: &Node) -> bool {
    form.args().iter().any(|a| {
        let v = &a.value;
        let relative = |n: &Node| n.atom().is_some_and(|x| RELATIVE.contains(&x));
        relative(v)
            || (v.head() == Some("directions")
                && v.args().iter().any(|d| {
                    relative(&d.value) || d.value.args().iter().any(|i| relative(&i.value))
                }))
    })
}

/// Whether a direction argument (`FR`, `(directions {FR FL})`) names a
/// relative direction.
pub(super) fn mentions_relative_arg(node: &Node) -> bool {
    let relative = |n: &Node| n.atom().is_some_and(|x| RELATIVE.contains(&x));
    relative(node)
        || (node.head() == Some("directions")
            && node
                .args()
                .iter()
                .any(|d| relative(&d.value) || d.value.args().iter().any(|i| relative(&i.value))))
}

/// Whether `node` is a direction argument: a direction name or `(directions ...)`.
pub(super) fn is_direction_arg(node: &Node) -> bool {
    node.atom().is_some_and(is_direction) || node.head() == Some("directions")
}

/// A direction argument resolved to absolute directions for the current
/// piece's facing (north outside a piece's rules).
pub(super) fn directions(cx: &Cx, node: &Node) -> Result<Vec<AbsoluteDirection>> {
    directions_facing(cx, node, cx.facing())
}

/// A direction argument resolved to absolute directions, relative ones
/// turning from `facing` (north when `None`).
pub(super) fn directions_facing(
    cx: &Cx,
    node: &Node,
    facing: Option<Compass>,
) -> Result<Vec<AbsoluteDirection>> {
    // `(directions {FR FL} of:All)`: relative directions turn through the
    // headings of that relation (Ludii's `relativeDirectionType`, Adjacent
    // by default).
    let mut relation = Relation::Adjacent;
    let names: Vec<&Node> = match node.head() {
        Some("directions") => {
            let list = match node.args() {
                [one] if one.label.is_none() => &one.value,
                [one, of] if one.label.is_none() && of.label.as_deref() == Some("of") => {
                    relation = match of.value.atom() {
                        Some("Adjacent") => Relation::Adjacent,
                        Some("All") => Relation::All,
                        Some("Orthogonal") => Relation::Orthogonal,
                        Some("Diagonal") => Relation::Diagonal,
                        _ => {
                            return Err(
                                cx.unsupported_in(&of.value, "relation of `(directions ...)`")
                            )
                        }
                    };
                    &one.value
                }
                _ => {
                    return Err(cx
                        .error(
                            ErrorKind::Unsupported,
                            node,
                            "only `(directions DIR)` and `(directions {DIR...} [of:REL])` are supported",
                        )
                        .with_label("not supported by ludemic yet"))
                }
            };
            match &list.kind {
                NodeKind::Array(items) => items.iter().map(|a| &a.value).collect(),
                _ => vec![list],
            }
        }
        _ => vec![node],
    };
    let mut out = Vec::new();
    for n in names {
        let name = n.atom().ok_or_else(|| cx.unsupported_in(n, "direction"))?;
        if let Some(d) = AbsoluteDirection::from_name(name) {
            // Ludii finds these around the board's pivots, which ludemic's
            // boards do not compute yet: refused rather than left with no
            // steps, which would silently take moves away.
            if d.is_circular() {
                return Err(cx.unsupported_in(n, "circular direction"));
            }
            out.push(d);
        } else if RELATIVE.contains(&name) {
            let board = cx.board(n)?;
            out.extend(relative(board, facing, name, relation));
        } else {
            return Err(cx.unsupported_in(n, "direction"));
        }
    }
    out.dedup();
    Ok(out)
}

/// `Forward` for the current piece (the default direction of `(ahead ...)`).
pub(super) fn forward(cx: &Cx, at: &Node) -> Result<Vec<AbsoluteDirection>> {
    Ok(relative(
        cx.board(at)?,
        cx.facing(),
        "Forward",
        Relation::Adjacent,
    ))
}

/// `SameDirection`: the candidate headings of Ludii's `Directions.convert`
/// (the board's supported adjacent headings, in compass order), of which
/// the interpreter keeps the first whose line from the last move's `from`
/// reaches its `to`.
pub(super) fn same_direction_candidates(cx: &Cx, at: &Node) -> Result<Vec<AbsoluteDirection>> {
    Ok(supported(cx.board(at)?, Relation::Adjacent)
        .into_iter()
        .map(Compass::absolute)
        .collect())
}

/// The board's supported headings of every relation (Ludii's
/// `supportedDirections(All, type)`), in compass order.
pub(super) fn all_supported(cx: &Cx, at: &Node) -> Result<Vec<AbsoluteDirection>> {
    Ok(supported(cx.board(at)?, Relation::All)
        .into_iter()
        .map(Compass::absolute)
        .collect())
}

/// `(directions TYPE from:A to:B)` (Ludii's `Directions` with a site
/// type): the headings from A passing through B, found in play.
pub(super) fn directions_between(cx: &Cx, node: &Node) -> Result<crate::ir::DirectionsFn> {
    let mut args = Args::new(node, "directions", 0);
    let ty = args.take(|n| {
        n.atom()
            .is_some_and(|a| crate::board::SiteType::from_name(a).is_some())
    });
    let (Some(from), Some(to)) = (args.labeled("from"), args.labeled("to")) else {
        return Err(cx.unsupported_in(node, "direction function"));
    };
    args.finish(cx)?;
    if let Some(ty) = ty {
        if ty.atom().and_then(crate::board::SiteType::from_name) != Some(cx.board(ty)?.site_type) {
            return Err(cx.unsupported_in(ty, "site type of `(directions ...)`"));
        }
    }
    Ok(crate::ir::DirectionsFn {
        from: super::conds::site(cx, from)?,
        to: super::conds::site(cx, to)?,
        candidates: all_supported(cx, node)?,
    })
}

/// The compass headings some site of the board steps in to a site related
/// to it (Ludii's `supportedDirections(relation, type)`).
fn supported(board: &Board, relation: Relation) -> Vec<Compass> {
    Compass::ALL
        .into_iter()
        .filter(|c| {
            (0..board.num_sites()).any(|s| {
                let adjacent = board.neighbours(s, relation);
                board
                    .steps(s, c.absolute())
                    .iter()
                    .any(|t| adjacent.contains(t))
            })
        })
        .collect()
}

fn turn(c: Compass, clockwise: i32) -> Compass {
    Compass::ALL[((c as i32 + clockwise).rem_euclid(16)) as usize]
}

/// Ludii's `RelativeDirection.directions(facing, supported)` for one name.
fn relative(
    board: &Board,
    facing: Option<Compass>,
    name: &str,
    relation: Relation,
) -> Vec<AbsoluteDirection> {
    let facing = facing.unwrap_or(Compass::N);
    let supported = supported(board, relation);
    let is_supported = |c: Compass| supported.contains(&c);
    // The plural names: every supported heading strictly between two
    // headings, turning one point at a time (`Forwards` from just right of
    // leftward to just left of rightward).
    let between = |first: Compass, end: Compass, step: i32| {
        let mut out = Vec::new();
        let mut c = first;
        while c != end {
            if is_supported(c) {
                out.push(c.absolute());
            }
            c = turn(c, step);
        }
        out
    };
    match name {
        "Forwards" => return between(turn(facing, -3), turn(facing, 4), 1),
        "Backwards" => return between(turn(facing, 5), turn(facing, 12), 1),
        "Rightwards" => return between(turn(facing, 1), turn(facing, 8), 1),
        "Leftwards" => return between(turn(facing, -1), turn(facing, 8), -1),
        _ => {}
    }
    // The first supported heading turning from `start` by `step` (FR, FL...).
    let walk = |start: Compass, step: i32| {
        let mut c = turn(start, step);
        for _ in 0..16 {
            if is_supported(c) {
                return Some(c);
            }
            c = turn(c, step);
        }
        None
    };
    let exact = |c: Compass| is_supported(c).then_some(c);
    let heading = match name {
        "Forward" => exact(facing),
        "Backward" => exact(turn(facing, 8)),
        "Rightward" => exact(turn(facing, 4)),
        "Leftward" => exact(turn(facing, -4)),
        // Ludii's FRR, FLL, BRR and BLL loop without advancing past the
        // first turn, so they equal FR, FL, BR and BL; ludemic does the same.
        "FR" | "FRR" => walk(facing, 1),
        "FL" | "FLL" => walk(facing, -1),
        "BR" | "BRR" => walk(turn(facing, 8), 1),
        "BL" | "BLL" => walk(turn(facing, 8), -1),
        _ => None,
    };
    heading.map(Compass::absolute).into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{build, BoardSpec, Tiling};

    #[test]
    fn forward_right_and_left_on_a_square_board() {
        let board = build(&BoardSpec::new(Tiling::Square { rows: 8, cols: 8 })).unwrap();
        let north = Some(Compass::N);
        let south = Some(Compass::S);
        assert_eq!(
            relative(&board, north, "FR", Relation::Adjacent),
            [AbsoluteDirection::NE]
        );
        assert_eq!(
            relative(&board, north, "FL", Relation::Adjacent),
            [AbsoluteDirection::NW]
        );
        assert_eq!(
            relative(&board, south, "FR", Relation::Adjacent),
            [AbsoluteDirection::SW]
        );
        assert_eq!(
            relative(&board, south, "FL", Relation::Adjacent),
            [AbsoluteDirection::SE]
        );
        assert_eq!(
            relative(&board, south, "Forward", Relation::Adjacent),
            [AbsoluteDirection::S]
        );
    }

    #[test]
    fn the_plural_directions_spread_over_a_half_turn() {
        use AbsoluteDirection::*;
        let board = build(&BoardSpec::new(Tiling::Square { rows: 8, cols: 8 })).unwrap();
        let north = Some(Compass::N);
        // Ludii's order: clockwise from just right of leftward.
        assert_eq!(
            relative(&board, north, "Forwards", Relation::Adjacent),
            [NW, N, NE]
        );
        assert_eq!(
            relative(&board, north, "Backwards", Relation::Adjacent),
            [SE, S, SW]
        );
        assert_eq!(
            relative(&board, north, "Rightwards", Relation::Adjacent),
            [NE, E, SE]
        );
        assert_eq!(
            relative(&board, north, "Leftwards", Relation::Adjacent),
            [NW, W, SW]
        );
    }

    #[test]
    fn circular_directions_are_refused_at_their_place() {
        let text = "(game \"G\" (players 2) (equipment {(board (concentric {1 6 6}) use:Vertex)\n\
                    (piece \"Counter\" Each (move Step Rotational (to if:(is Empty (to)))))})\n\
                    (rules (start (place \"Counter1\" (sites {1}))) (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))";
        let err = crate::load_inline(text).err().expect("an error");
        assert_eq!(err.kind, crate::diagnostic::ErrorKind::Unsupported, "{err}");
        assert!(err.to_string().starts_with("inline.lud:2:"), "{err}");
        assert!(
            err.to_string().contains("circular direction `Rotational`"),
            "{err}"
        );
    }
}
