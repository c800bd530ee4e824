//! `(board SHAPE [use:TYPE])` and the board's static regions.

use crate::board::{self, AbsoluteDirection, BoardSpec, Compass, HexShape, SiteType, Tiling};
use crate::diagnostic::{ErrorKind, Result};
use crate::ir::Site;
use crate::syntax::Node;

use super::{Args, Cx};

/// Builds the board of `(board SHAPE [use:Cell|Vertex])`.
pub(super) fn board(cx: &Cx, node: &Node) -> Result<board::Board> {
    let mut args = Args::new(node, "board", 0);
    let shape = args
        .take(|n| n.head().is_some())
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(board ...)` needs a shape"))?;
    let site_type = match args.labeled("use") {
        None => SiteType::Cell,
        Some(t) => match t.atom() {
            Some("Cell") => SiteType::Cell,
            Some("Vertex") => SiteType::Vertex,
            _ => return Err(cx.unsupported_in(t, "board site type")),
        },
    };
    args.finish(cx)?;
    let mut spec = self::shape(cx, shape)?;
    spec.site_type = site_type;
    board::build(&spec).map_err(|why| {
        let kind = if why.contains("too large") || why.contains("out of range") {
            ErrorKind::TooLarge
        } else {
            ErrorKind::Unsupported
        };
        cx.error(kind, node, why)
    })
}

/// A board shape: `(square N)`, `(rectangle R C)`, `(hex [Diamond] N)`, `(rotate DEG SHAPE)`.
fn shape(cx: &Cx, node: &Node) -> Result<BoardSpec> {
    let name = Cx::ludeme_name(node);
    match name.as_str() {
        "square" | "rectangle" => {
            let mut args = Args::new(node, name.as_str(), 0);
            let rows = dimension(cx, &mut args)?;
            // `(rectangle N)` with one dimension is a square, as in Ludii.
            let cols = match args.int() {
                Some((n, _)) if name == "rectangle" => u32::try_from(n).unwrap_or(0),
                Some((_, extra)) => {
                    return Err(cx.unsupported_in(extra, "argument of `(square ...)`"))
                }
                None => rows,
            };
            let diagonals = match args.labeled("diagonals") {
                None => None,
                Some(d) => Some(match d.atom() {
                    Some("Alternating") => board::SquareDiagonals::Alternating,
                    Some("Solid") => board::SquareDiagonals::Solid,
                    Some("SolidNoSplit") => board::SquareDiagonals::SolidNoSplit,
                    Some("Concentric") => board::SquareDiagonals::Concentric,
                    _ => return Err(cx.unsupported_in(d, "diagonals")),
                }),
            };
            args.finish(cx)?;
            if !(1..=100).contains(&cols) {
                return Err(cx.error(
                    ErrorKind::TooLarge,
                    node,
                    "board dimensions must be 1 to 100",
                ));
            }
            Ok(BoardSpec::new(match diagonals {
                None => Tiling::Square { rows, cols },
                Some(diagonals) => Tiling::SquareWithDiagonals {
                    rows,
                    cols,
                    diagonals,
                },
            }))
        }
        "concentric" => {
            // `(concentric {c0 c1 ...} [stagger:B])`: rings of points.
            let mut args = Args::new(node, "concentric", 0);
            let list = args
                .take(|n| matches!(n.kind, crate::syntax::NodeKind::Array(_)))
                .ok_or_else(|| cx.unsupported_in(node, "board shape"))?;
            let stagger = args.labeled_bool(cx, "stagger", false)?;
            args.finish(cx)?;
            let cells = list
                .args()
                .iter()
                .map(|a| {
                    let n = cx.int_literal(&a.value)?;
                    u32::try_from(n).ok().filter(|n| *n <= 256).ok_or_else(|| {
                        cx.error(ErrorKind::TooLarge, &a.value, "a ring has 0 to 256 points")
                    })
                })
                .collect::<Result<_>>()?;
            Ok(BoardSpec::new(Tiling::ConcentricCircle { cells, stagger }))
        }
        "concentric Square" | "concentric Triangle" | "concentric Hexagon" => {
            // Ludii's ConcentricRegular: rings of the regular polygon.
            let sides = match name.as_str() {
                "concentric Triangle" => 3,
                "concentric Square" => 4,
                _ => 6,
            };
            let mut args = Args::new(node, name.as_str(), 1);
            let rings = match args.labeled("rings") {
                Some(n) => u32::try_from(cx.int_literal(n)?)
                    .ok()
                    .filter(|r| (1..=100).contains(r))
                    .ok_or_else(|| cx.error(ErrorKind::TooLarge, n, "1 to 100 rings"))?,
                None => return Err(args.error(cx, ErrorKind::Invalid, "needs `rings:N`")),
            };
            let mut spec = board::ConcentricPolygon::new(sides, rings);
            spec.midpoints = args.labeled_bool(cx, "midpoints", spec.midpoints)?;
            spec.join_midpoints = args.labeled_bool(cx, "joinMidpoints", spec.join_midpoints)?;
            spec.join_corners = args.labeled_bool(cx, "joinCorners", spec.join_corners)?;
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::ConcentricPolygon(spec)))
        }
        "hex" | "hex Diamond" => {
            let skip = usize::from(name == "hex Diamond");
            let mut args = Args::new(node, name.as_str(), skip);
            let n = dimension(cx, &mut args)?;
            args.finish(cx)?;
            let shape = if skip == 1 {
                HexShape::Diamond { size: n }
            } else {
                HexShape::Hexagon { side: n }
            };
            Ok(BoardSpec::new(Tiling::Hex(shape)))
        }
        "rotate" => {
            let mut args = Args::new(node, "rotate", 0);
            let degrees = args
                .take(|n| n.atom().is_some_and(|a| a.parse::<f64>().is_ok()))
                .and_then(|n| n.atom()?.parse::<f64>().ok())
                .ok_or_else(|| {
                    args.error(cx, ErrorKind::Invalid, "`(rotate ...)` needs an angle")
                })?;
            let inner = args.take(|n| n.head().is_some()).ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(rotate ...)` needs a board shape")
            })?;
            args.finish(cx)?;
            Ok(shape(cx, inner)?.rotated(degrees))
        }
        _ => Err(cx.unsupported_in(node, "board shape")),
    }
}

fn dimension(cx: &Cx, args: &mut Args) -> Result<u32> {
    let (n, at) = args.int().ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            format!("`({} ...)` needs a size", args.what()),
        )
    })?;
    if !(1..=100).contains(&n) {
        return Err(cx.error(ErrorKind::TooLarge, at, "board dimensions must be 1 to 100"));
    }
    Ok(n as u32)
}

/// `(sites Side FACING)`.
pub(super) fn side(b: &board::Board, facing: &str) -> Option<Vec<Site>> {
    Compass::from_name(facing).map(|c| b.side(c).to_vec())
}

pub(super) fn corners(b: &board::Board) -> Vec<Site> {
    b.corners().to_vec()
}

/// Each side without the board's corners (`SidesNoCorners`).
pub(super) fn sides_no_corners(b: &board::Board) -> Vec<Vec<Site>> {
    b.sides_no_corners()
}

/// Each side (`Sides`).
pub(super) fn sides(b: &board::Board) -> Vec<Vec<Site>> {
    b.sides_regions()
}

/// A direction name as the rules use it (`Adjacent`, `All`, `N`...).
pub(super) fn direction(name: &str) -> Option<AbsoluteDirection> {
    AbsoluteDirection::from_name(name)
}
