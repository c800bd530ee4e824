//! `(board SHAPE [use:TYPE])` and the board's static regions.

use crate::board::{
    self, AbsoluteDirection, BoardSpec, Compass, HexShape, SiteType, Tiling, TriShape,
};
use crate::diagnostic::{ErrorKind, Result};
use crate::ir::Site;
use crate::syntax::{Node, NodeKind};

use super::{Args, Cx};

/// Builds the board of `(board SHAPE [TRACK | {TRACK...}] [use:Cell|Vertex])`
/// and its tracks.
pub(super) fn board(cx: &Cx, node: &Node) -> Result<(board::Board, Vec<crate::ir::Track>)> {
    let mut args = Args::new(node, "board", 0);
    let shape = args
        .take(|n| n.head().is_some_and(|h| h != "track"))
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(board ...)` needs a shape"))?;
    let mut track_nodes: Vec<&Node> = Vec::new();
    if let Some(list) = args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
        track_nodes.extend(list.args().iter().map(|a| &a.value));
    }
    while let Some(t) = args.form_with_head("track") {
        track_nodes.push(t);
    }
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
    let built = board::build(&spec).map_err(|why| {
        let kind = if why.contains("too large") || why.contains("out of range") {
            ErrorKind::TooLarge
        } else {
            ErrorKind::Unsupported
        };
        cx.error(kind, node, why)
    })?;
    let tracks = track_nodes
        .into_iter()
        .map(|t| super::sow::track(cx, &built, t))
        .collect::<Result<_>>()?;
    Ok((built, tracks))
}

/// `(surakartaBoard SHAPE [loops:N] [from:R] [largeStack:B])` (Ludii's
/// `SurakartaBoard`): a board of SHAPE's vertices with, per loop, two
/// looped tracks `Track<R>F` and `Track<R>B` (one each way round) through
/// the row and column R in from each side, the sites before and after each
/// corner arc marked as bumps (docs/ludii-semantics.md §51).
pub(super) fn surakarta_board(
    cx: &Cx,
    node: &Node,
) -> Result<(board::Board, Vec<crate::ir::Track>)> {
    let mut args = Args::new(node, "surakartaBoard", 0);
    let shape = args.take(|n| n.head().is_some()).ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            "`(surakartaBoard ...)` needs a shape",
        )
    })?;
    let loops = args
        .labeled("loops")
        .map(|n| cx.int_literal(n))
        .transpose()?;
    let start_row = args
        .labeled("from")
        .map(|n| cx.int_literal(n))
        .transpose()?
        .unwrap_or(1);
    let _large_stack = args.labeled_bool(cx, "largeStack", false)?;
    args.finish(cx)?;
    let mut spec = self::shape(cx, shape)?;
    if !matches!(spec.tiling, Tiling::Square { .. }) || !spec.transforms.is_empty() {
        return Err(cx.unsupported_in(
            shape,
            "shape of `(surakartaBoard ...)` (square and rectangle only)",
        ));
    }
    spec.site_type = SiteType::Vertex;
    let built = board::build(&spec).map_err(|why| cx.error(ErrorKind::Unsupported, node, why))?;
    let rows = built.rows().len() as i64;
    let cols = built.columns().len() as i64;
    // Ludii's default: (min(dim0, dim1) - 1) / 2 loops, dim = vertices - 1.
    let loops = loops.unwrap_or(((rows - 1).min(cols - 1) - 1) / 2);
    let num_sites = built.num_sites() as i64;
    let mut tracks = Vec::new();
    for lid in 0..loops.max(0) {
        let lp = start_row + lid;
        let signed = surakarta_loop(rows, cols, lp);
        if signed.iter().any(|&(s, _)| !(0..num_sites).contains(&s)) {
            return Err(cx.error(
                ErrorKind::Invalid,
                node,
                format!("loop {lp} of the Surakarta board leaves the board"),
            ));
        }
        for (suffix, order) in [("F", false), ("B", true)] {
            let mut track = signed.clone();
            if order {
                track.reverse();
            }
            // A corner (negated in Ludii) followed by a corner: the arc
            // between them is marked by repeating the first.
            let mut sites = Vec::with_capacity(track.len() + 8);
            for (n, &(site, corner)) in track.iter().enumerate() {
                let (_, next_corner) = track[(n + 1) % track.len()];
                sites.push(site as i32);
                if corner && next_corner {
                    sites.push(site as i32);
                }
            }
            let (sites, bumps) = super::sow::merge_bumps(&sites);
            tracks.push(crate::ir::Track {
                name: format!("Track{lp}{suffix}"),
                owner: 0,
                sites,
                looped: true,
                directed: true,
                bumps,
            });
        }
    }
    Ok((built, tracks))
}

/// The sites of loop `lp` of a square Surakarta board in Ludii's order
/// (`SurakartaBoard.createTracksSquare`): along row `lp` rightwards, up
/// column `cols - 1 - lp`, along row `rows - 1 - lp` leftwards, down column
/// `lp`; each with whether it ends a run (Ludii negates those sites).
fn surakarta_loop(rows: i64, cols: i64, lp: i64) -> Vec<(i64, bool)> {
    let mut track = Vec::new();
    for col in 0..cols {
        track.push((lp * cols + col, col == 0 || col == cols - 1));
    }
    for row in 0..rows {
        track.push((cols - 1 - lp + row * cols, row == 0 || row == rows - 1));
    }
    for col in 0..cols {
        track.push((
            rows * cols - 1 - lp * cols - col,
            col == 0 || col == cols - 1,
        ));
    }
    for row in 0..rows {
        track.push((
            rows * cols - cols + lp - row * cols,
            row == 0 || row == rows - 1,
        ));
    }
    // Ludii marks an end by negating the site: site 0 cannot be marked.
    for t in &mut track {
        t.1 &= t.0 != 0;
    }
    track
}

/// A board shape: `(square N)`, `(rectangle R C)`, `(hex [SHAPE] N [M])`,
/// `(hex {SIDES})`, `(tri [SHAPE] N)`, `(tri {SIDES})`, `(concentric ...)`,
/// `(wedge R [C])`, `(graph ...)`,
/// and the operators `(rotate DEG G)`, `(shift DX DY G)`, `(scale SX [SY] G)`,
/// `(merge ...)`, `(intersect ...)`, `(add ...)`, `(remove ...)` nested in
/// any way.
fn shape(cx: &Cx, node: &Node) -> Result<BoardSpec> {
    let name = Cx::ludeme_name(node);
    match name.as_str() {
        "square" if args_hold_poly(node) => {
            let mut args = Args::new(node, "square", 0);
            let poly = args
                .take(|n| n.head() == Some("poly"))
                .map(|p| poly_points(cx, p))
                .transpose()?
                .unwrap_or_default();
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::SquarePolygon(poly)))
        }
        "square" | "rectangle" => {
            let mut args = Args::new(node, name.as_str(), 0);
            let rows = dimension(cx, &mut args)?;
            // `(rectangle N)` with one dimension is a square, as in Ludii.
            let cols = match args.take(is_int_expr) {
                Some(n) if name == "rectangle" => dimension_value(cx, n)?,
                Some(extra) => return Err(cx.unsupported_in(extra, "argument of `(square ...)`")),
                None => rows,
            };
            let diagonals = diagonals(cx, &mut args)?;
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
        "square Diamond" => {
            let mut args = Args::new(node, "square Diamond", 1);
            let size = dimension(cx, &mut args)?;
            let diagonals = diagonals(cx, &mut args)?;
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::SquareDiamond { size, diagonals }))
        }
        "concentric" => {
            // `(concentric {c0 c1 ...} [stagger:B])`: rings of points.
            let mut args = Args::new(node, "concentric", 0);
            let list = args
                .take(|n| matches!(n.kind, NodeKind::Array(_)))
                .ok_or_else(|| cx.unsupported_in(node, "board shape"))?;
            let stagger = args.labeled_bool(cx, "stagger", false)?;
            args.finish(cx)?;
            let cells = list
                .args()
                .iter()
                .map(|a| {
                    let n = int_value(cx, &a.value)?;
                    i32::try_from(n)
                        .ok()
                        .filter(|n| n.abs() <= 256)
                        .ok_or_else(|| {
                            cx.error(
                                ErrorKind::TooLarge,
                                &a.value,
                                "a ring has at most 256 points",
                            )
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
        "hex" | "hex Hexagon" | "hex Diamond" | "hex Triangle" | "hex Star" | "hex Limping"
        | "hex Prism" | "hex Rectangle" | "hex Square" => hex_or_tri(cx, node, &name),
        "tri" | "tri Triangle" | "tri Hexagon" | "tri Limping" => hex_or_tri(cx, node, &name),
        "rotate" => {
            let mut args = Args::new(node, "rotate", 0);
            let degrees = match args.take(is_number) {
                Some(n) => float_value(cx, n)?,
                None => {
                    return Err(args.error(cx, ErrorKind::Invalid, "`(rotate ...)` needs an angle"))
                }
            };
            let inner = inner_shape(cx, &mut args)?;
            args.finish(cx)?;
            Ok(shape(cx, inner)?.rotated(degrees))
        }
        "shift" => {
            let mut args = Args::new(node, "shift", 0);
            let mut amounts = numbers(cx, &mut args, 3)?;
            let inner = inner_shape(cx, &mut args)?;
            args.finish(cx)?;
            if amounts.len() < 2 {
                return Err(cx.error(ErrorKind::Invalid, node, "`(shift ...)` needs dx and dy"));
            }
            if amounts.len() == 3 && amounts[2] != 0.0 {
                return Err(cx.error(
                    ErrorKind::Unsupported,
                    node,
                    "unsupported `(shift ...)` with a z offset",
                ));
            }
            amounts.truncate(2);
            let mut spec = shape(cx, inner)?;
            spec.transforms
                .push(board::Transform::Shift(amounts[0], amounts[1]));
            Ok(spec)
        }
        "scale" => {
            let mut args = Args::new(node, "scale", 0);
            let factors = numbers(cx, &mut args, 3)?;
            let inner = inner_shape(cx, &mut args)?;
            args.finish(cx)?;
            let sx = *factors.first().ok_or_else(|| {
                cx.error(ErrorKind::Invalid, node, "`(scale ...)` needs a factor")
            })?;
            let sy = factors.get(1).copied().unwrap_or(sx);
            let sz = factors.get(2).copied().unwrap_or(1.0);
            let mut spec = shape(cx, inner)?;
            spec.transforms.push(board::Transform::Scale(sx, sy, sz));
            Ok(spec)
        }
        "wedge" => {
            let mut args = Args::new(node, "wedge", 0);
            let rows = dimension(cx, &mut args)?;
            let cols = match args.take(is_int_expr) {
                Some(n) => dimension_value(cx, n)?,
                None => 3,
            };
            args.finish(cx)?;
            if rows < 2 || cols < 2 {
                return Err(cx.error(
                    ErrorKind::Unsupported,
                    node,
                    "unsupported `(wedge ...)` with fewer than 2 rows or columns",
                ));
            }
            Ok(BoardSpec::new(Tiling::Wedge { rows, cols }))
        }
        "graph" => {
            let mut args = Args::new(node, "graph", 0);
            let vertices = match args.labeled("vertices") {
                Some(list) => points(cx, list)?,
                None => {
                    return Err(args.error(
                        cx,
                        ErrorKind::Invalid,
                        "`(graph ...)` needs `vertices:`",
                    ))
                }
            };
            let edges = match args.labeled("edges") {
                Some(list) => index_pairs(cx, list)?,
                None => Vec::new(),
            };
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::Graph { vertices, edges }))
        }
        "merge" | "intersect" | "union" => {
            let mut args = Args::new(node, name.as_str(), 0);
            let mut parts = Vec::new();
            if let Some(list) = args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
                for item in list.args() {
                    parts.push(shape(cx, &item.value)?);
                }
            } else {
                while let Some(part) = args.take(is_shape) {
                    parts.push(shape(cx, part)?);
                }
            }
            if name != "intersect" {
                refuse_connect(cx, &mut args)?;
            }
            args.finish(cx)?;
            if parts.is_empty() {
                return Err(cx.error(
                    ErrorKind::Invalid,
                    node,
                    format!("`({name} ...)` needs graphs"),
                ));
            }
            Ok(BoardSpec::new(match name.as_str() {
                "merge" => Tiling::Merge(parts),
                "union" => Tiling::Union(parts),
                _ => Tiling::Intersect(parts),
            }))
        }
        "add" => {
            let mut args = Args::new(node, "add", 0);
            let base = match args.take(is_shape) {
                Some(g) => Some(Box::new(shape(cx, g)?)),
                None => None,
            };
            let mut add = board::GraphAdditions::default();
            if let Some(list) = args.labeled("vertices") {
                add.vertices = points(cx, list)?;
            }
            if let Some(list) = args.labeled("edges") {
                if holds_arrays_of_arrays(list) {
                    add.edges = point_pairs(cx, list)?;
                } else {
                    add.edge_indices = index_pairs(cx, list)?;
                }
            }
            if let Some(list) = args.labeled("cells") {
                if holds_arrays_of_arrays(list) {
                    add.cells = polygons(cx, list)?;
                } else {
                    add.cell_indices = array(cx, list)?
                        .iter()
                        .map(|a| indices(cx, &a.value))
                        .collect::<Result<_>>()?;
                }
            }
            refuse_connect(cx, &mut args)?;
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::Add { base, add }))
        }
        "remove" => {
            let mut args = Args::new(node, "remove", 0);
            let base = Box::new(shape(cx, inner_shape(cx, &mut args)?)?);
            let mut remove = board::GraphRemovals::default();
            if let Some(list) = args.labeled("cells") {
                if holds_arrays(list) {
                    remove.cells = polygons(cx, list)?;
                } else {
                    remove.cell_indices = indices(cx, list)?;
                }
            }
            if let Some(list) = args.labeled("edges") {
                if holds_arrays_of_arrays(list) {
                    remove.edges = point_pairs(cx, list)?;
                } else {
                    remove.edge_indices = index_pairs(cx, list)?;
                }
            }
            if let Some(list) = args.labeled("vertices") {
                if holds_arrays(list) {
                    remove.vertices = points(cx, list)?;
                } else {
                    remove.vertex_indices = indices(cx, list)?;
                }
            }
            remove.trim_edges = args.labeled_bool(cx, "trimEdges", true)?;
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::Remove { base, remove }))
        }
        "subdivide" => {
            let mut args = Args::new(node, "subdivide", 0);
            let base = Box::new(shape(cx, inner_shape(cx, &mut args)?)?);
            let min = match args.labeled("min") {
                Some(n) => dimension_value(cx, n)?,
                None => 1,
            };
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::Subdivide { base, min }))
        }
        "hole" | "keep" | "clip" => {
            let mut args = Args::new(node, name.as_str(), 0);
            let base = Box::new(shape(cx, inner_graph(cx, &mut args)?)?);
            let polygon = match args.take(|n| n.head() == Some("poly")) {
                Some(poly) => poly_points(cx, poly)?,
                None => {
                    return Err(args.error(
                        cx,
                        ErrorKind::Invalid,
                        format!("`({name} ...)` needs a `(poly ...)`"),
                    ))
                }
            };
            args.finish(cx)?;
            Ok(BoardSpec::new(match name.as_str() {
                "hole" => Tiling::Hole { base, polygon },
                "keep" => Tiling::Keep { base, polygon },
                _ => Tiling::Clip { base, polygon },
            }))
        }
        "dual" | "trim" | "makeFaces" | "splitCrossings" => {
            let mut args = Args::new(node, name.as_str(), 0);
            let base = Box::new(shape(cx, inner_shape(cx, &mut args)?)?);
            args.finish(cx)?;
            Ok(BoardSpec::new(match name.as_str() {
                "dual" => Tiling::Dual(base),
                "trim" => Tiling::Trim(base),
                "makeFaces" => Tiling::MakeFaces(base),
                _ => Tiling::SplitCrossings(base),
            }))
        }
        "tiling T3464" | "tiling T33434" | "tiling T3636" => {
            let mut args = Args::new(node, name.as_str(), 1);
            let a = dimension(cx, &mut args)?;
            let b = match args.take(is_int_expr) {
                Some(n) => Some(dimension_value(cx, n)?),
                None => None,
            };
            args.finish(cx)?;
            let tiling = match (name.as_str(), b) {
                ("tiling T3464", None) => board::SemiRegular::Hexagon3464 { side: a },
                ("tiling T33434", _) => board::SemiRegular::Diamond33434 { size: a },
                ("tiling T3636", b) => board::SemiRegular::Trihexagonal { a, b },
                _ => return Err(cx.unsupported_in(node, "board shape")),
            };
            Ok(BoardSpec::new(Tiling::SemiRegular(tiling)))
        }
        "spiral" => {
            let mut args = Args::new(node, "spiral", 0);
            let mut count = |label: &str| match args.labeled(label) {
                Some(n) => dimension_value(cx, n),
                None => Err(cx.error(
                    ErrorKind::Invalid,
                    node,
                    format!("`(spiral ...)` needs `{label}:`"),
                )),
            };
            let (turns, sites) = (count("turns")?, count("sites")?);
            let clockwise = args.labeled_bool(cx, "clockwise", true)?;
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::Spiral {
                turns,
                sites,
                clockwise,
            }))
        }
        "repeat" => {
            let mut args = Args::new(node, "repeat", 0);
            let rows = dimension(cx, &mut args)?;
            let cols = dimension(cx, &mut args)?;
            let step = match args.labeled("step") {
                Some(list) => match points(cx, list)?.as_slice() {
                    &[c, r] => [[c[0], c[1]], [r[0], r[1]]],
                    _ => return Err(cx.unsupported_in(list, "`step:` of `(repeat ...)`")),
                },
                None => {
                    return Err(args.error(cx, ErrorKind::Invalid, "`(repeat ...)` needs `step:`"))
                }
            };
            let mut polygons = Vec::new();
            if let Some(list) = args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
                for item in array(cx, list)? {
                    polygons.push(poly_points(cx, &item.value)?);
                }
            } else if let Some(poly) = args.take(|n| n.head() == Some("poly")) {
                polygons.push(poly_points(cx, poly)?);
            }
            args.finish(cx)?;
            if polygons.is_empty() {
                return Err(cx.error(ErrorKind::Invalid, node, "`(repeat ...)` needs polygons"));
            }
            Ok(BoardSpec::new(Tiling::Repeat {
                rows,
                cols,
                step,
                polygons,
            }))
        }
        "regular" => {
            let mut args = Args::new(node, "regular", 0);
            let star = args.take(|n| n.atom() == Some("Star")).is_some();
            let sides = dimension(cx, &mut args)?;
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::Regular { sides, star }))
        }
        "renumber" => {
            let mut args = Args::new(node, "renumber", 0);
            let mut types = Vec::new();
            while let Some(t) = args.take(|n| n.atom().and_then(SiteType::from_name).is_some()) {
                types.extend(t.atom().and_then(SiteType::from_name));
            }
            let base = Box::new(shape(cx, inner_shape(cx, &mut args)?)?);
            args.finish(cx)?;
            Ok(BoardSpec::new(Tiling::Renumber { base, types }))
        }
        "skew" => {
            let mut args = Args::new(node, "skew", 0);
            let amount = match args.take(is_number) {
                Some(n) => float_value(cx, n)?,
                None => {
                    return Err(args.error(cx, ErrorKind::Invalid, "`(skew ...)` needs an amount"))
                }
            };
            let inner = inner_shape(cx, &mut args)?;
            args.finish(cx)?;
            let mut spec = shape(cx, inner)?;
            spec.transforms.push(board::Transform::Skew(amount));
            Ok(spec)
        }
        _ => Err(cx.unsupported_in(node, "board shape")),
    }
}

/// The graph of `(hole g (poly ...))` / `(keep g (poly ...))`: the form
/// that is not the polygon.
fn inner_graph<'a>(cx: &Cx, args: &mut Args<'a>) -> Result<&'a Node> {
    args.take(|n| is_shape(n) && n.head() != Some("poly"))
        .ok_or_else(|| {
            let what = format!("`({} ...)` needs a graph", args.what());
            args.error(cx, ErrorKind::Invalid, what)
        })
}

/// `(poly {{x y} ...})`, its points in single precision (`Poly`); the
/// `rotns:` copies are not implemented.
fn poly_points(cx: &Cx, node: &Node) -> Result<Vec<board::Point>> {
    let mut args = Args::new(node, "poly", 0);
    let list = args
        .take(|n| matches!(n.kind, NodeKind::Array(_)))
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(poly ...)` needs points"))?;
    args.finish(cx)?;
    points(cx, list)
}

/// `(hex [SHAPE] A [B])`, `(hex {SIDES})`, `(tri [SHAPE] A [B])`,
/// `(tri {SIDES})`, dispatched as Ludii's `Hex.construct` and
/// `Tri.construct` do (a second dimension makes `(hex Hexagon A B)` the
/// custom shape with sides `{A B}`; `Limping` ignores it).
fn hex_or_tri(cx: &Cx, node: &Node, name: &str) -> Result<BoardSpec> {
    let (basis, keyword) = name.split_once(' ').unwrap_or((name, ""));
    let mut args = Args::new(node, name, usize::from(!keyword.is_empty()));
    if keyword.is_empty() {
        if let Some(list) = args.take(|n| matches!(n.kind, NodeKind::Array(_))) {
            let sides = array(cx, list)?
                .iter()
                .map(|a| dimension_value(cx, &a.value))
                .collect::<Result<Vec<u32>>>()?;
            args.finish(cx)?;
            if sides.is_empty() {
                return Err(cx.error(ErrorKind::Invalid, list, "no sides"));
            }
            return Ok(BoardSpec::new(if basis == "hex" {
                Tiling::HexSides(sides)
            } else {
                Tiling::TriSides(sides)
            }));
        }
    }
    let a = dimension(cx, &mut args)?;
    let b = match args.take(is_int_expr) {
        Some(n) => Some(dimension_value(cx, n)?),
        None => None,
    };
    args.finish(cx)?;
    let keyword = match keyword {
        "" if basis == "hex" => "Hexagon",
        "" => "Triangle",
        k => k,
    };
    let tiling = match (basis, keyword, b) {
        ("hex", "Hexagon", None) => Tiling::Hex(HexShape::Hexagon { side: a }),
        ("hex", "Hexagon", Some(b)) => Tiling::HexSides(vec![a, b]),
        ("hex", "Limping", _) => Tiling::HexSides(vec![a, a + 1]),
        ("tri", "Limping", _) => Tiling::TriSides(vec![a, a + 1]),
        ("hex", "Triangle", _) => Tiling::Hex(HexShape::Triangle { side: a }),
        ("hex", "Diamond", _) => Tiling::Hex(HexShape::Diamond { size: a }),
        ("hex", "Prism", b) => Tiling::Hex(HexShape::Prism {
            rows: a,
            cols: b.unwrap_or(a),
        }),
        ("hex", "Star", _) => Tiling::Hex(HexShape::Star { size: a }),
        ("hex", "Square", _) => Tiling::Hex(HexShape::Rectangle { rows: a, cols: a }),
        ("hex", "Rectangle", b) => Tiling::Hex(HexShape::Rectangle {
            rows: a,
            cols: b.unwrap_or(a),
        }),
        ("tri", "Triangle", _) => Tiling::Tri(TriShape::Triangle { side: a }),
        ("tri", "Hexagon", _) => Tiling::Tri(TriShape::Hexagon { side: a }),
        _ => return Err(cx.unsupported_in(node, "board shape")),
    };
    Ok(BoardSpec::new(tiling))
}

/// Whether a form has a `(poly ...)` argument (`(square (poly ...))`).
fn args_hold_poly(node: &Node) -> bool {
    node.args()
        .iter()
        .any(|a| a.label.is_none() && a.value.head() == Some("poly"))
}

/// `diagonals:` of a square tiling.
fn diagonals(cx: &Cx, args: &mut Args) -> Result<Option<board::SquareDiagonals>> {
    let Some(d) = args.labeled("diagonals") else {
        return Ok(None);
    };
    Ok(Some(match d.atom() {
        Some("Alternating") => board::SquareDiagonals::Alternating,
        Some("Solid") => board::SquareDiagonals::Solid,
        Some("SolidNoSplit") => board::SquareDiagonals::SolidNoSplit,
        Some("Concentric") => board::SquareDiagonals::Concentric,
        Some("Radiating") => board::SquareDiagonals::Radiating,
        _ => return Err(cx.unsupported_in(d, "diagonals")),
    }))
}

/// A graph argument: a form that is not arithmetic.
fn is_shape(node: &Node) -> bool {
    node.head().is_some_and(|h| !ARITHMETIC.contains(&h))
}

/// Heads of the constant arithmetic allowed in board descriptions.
const ARITHMETIC: [&str; 5] = ["+", "-", "*", "/", "^"];

fn is_number(node: &Node) -> bool {
    match &node.kind {
        NodeKind::Atom(a) => a.parse::<f64>().is_ok(),
        NodeKind::Form { head, .. } => ARITHMETIC.contains(&head.as_str()),
        _ => false,
    }
}

fn is_int_expr(node: &Node) -> bool {
    match &node.kind {
        NodeKind::Atom(a) => a.parse::<i64>().is_ok(),
        NodeKind::Form { head, .. } => ARITHMETIC.contains(&head.as_str()),
        _ => false,
    }
}

/// The graph an operator applies to.
fn inner_shape<'a>(cx: &Cx, args: &mut Args<'a>) -> Result<&'a Node> {
    args.take(is_shape).ok_or_else(|| {
        let what = format!("`({} ...)` needs a graph", args.what());
        args.error(cx, ErrorKind::Invalid, what)
    })
}

/// Up to `max` leading numbers (Ludii's float functions).
fn numbers(cx: &Cx, args: &mut Args, max: usize) -> Result<Vec<f64>> {
    let mut out = Vec::new();
    while out.len() < max {
        match args.take(is_number) {
            Some(n) => out.push(float_value(cx, n)?),
            None => break,
        }
    }
    Ok(out)
}

/// `connect:` of `merge`/`add` (joining new vertices to their neighbours)
/// is not implemented; `connect:False` is the default.
fn refuse_connect(cx: &Cx, args: &mut Args) -> Result<()> {
    if let Some(c) = args.labeled("connect") {
        if cx.boolean(c)? {
            return Err(cx.error(
                ErrorKind::Unsupported,
                c,
                format!("unsupported `connect:True` of `({} ...)`", args.what()),
            ));
        }
    }
    Ok(())
}

/// A constant float function: a number, or `(+ a b)`, `(- a b)`, `(* a b)`,
/// `(/ a b)` of them, evaluated in single precision as Ludii's
/// `FloatFunction`s are (so `0.4` is the float nearest 0.4).
fn float_value(cx: &Cx, node: &Node) -> Result<f64> {
    float32(cx, node).map(f64::from)
}

fn float32(cx: &Cx, node: &Node) -> Result<f32> {
    match &node.kind {
        NodeKind::Atom(a) => a
            .parse::<f32>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| cx.error(ErrorKind::Invalid, node, "expected a number")),
        NodeKind::Form { head, args, .. } if head != "^" && ARITHMETIC.contains(&head.as_str()) => {
            let [a, b] = args.as_slice() else {
                return Err(cx.unsupported_in(node, "board arithmetic"));
            };
            if a.label.is_some() || b.label.is_some() {
                return Err(cx.unsupported_in(node, "board arithmetic"));
            }
            let (x, y) = (float32(cx, &a.value)?, float32(cx, &b.value)?);
            let r = match head.as_str() {
                "+" => x + y,
                "-" => x - y,
                "*" => x * y,
                _ if y == 0.0 => {
                    return Err(cx.error(ErrorKind::Invalid, node, "division by zero"))
                }
                _ => x / y,
            };
            Ok(r)
        }
        NodeKind::Form { .. } => Err(cx.unsupported_in(node, "board arithmetic")),
        _ => Err(cx.error(ErrorKind::Invalid, node, "expected a number")),
    }
}

/// A constant integer (Ludii's `DimFunction`): a literal, or `(+ a b)`,
/// `(- a b)`, `(* a b)`, `(/ a b)` (truncating), `(^ a b)` of them.
fn int_value(cx: &Cx, node: &Node) -> Result<i64> {
    match &node.kind {
        NodeKind::Form { head, args, .. } if is_int_expr(node) => {
            let [a, b] = args.as_slice() else {
                return Err(cx.unsupported_in(node, "board arithmetic"));
            };
            if a.label.is_some() || b.label.is_some() {
                return Err(cx.unsupported_in(node, "board arithmetic"));
            }
            let (x, y) = (int_value(cx, &a.value)?, int_value(cx, &b.value)?);
            let r = match head.as_str() {
                "+" => x.checked_add(y),
                "-" => x.checked_sub(y),
                "*" => x.checked_mul(y),
                "^" => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)),
                _ => x.checked_div(y),
            };
            r.filter(|r| i32::try_from(*r).is_ok())
                .ok_or_else(|| cx.error(ErrorKind::Invalid, node, "not a valid integer"))
        }
        NodeKind::Form { .. } => Err(cx.unsupported_in(node, "board arithmetic")),
        _ => cx.int_literal(node),
    }
}

/// An element index (a non-negative constant integer).
fn index(cx: &Cx, node: &Node) -> Result<usize> {
    usize::try_from(int_value(cx, node)?)
        .map_err(|_| cx.error(ErrorKind::Invalid, node, "expected an index (0 or more)"))
}

fn array<'a>(cx: &Cx, node: &'a Node) -> Result<&'a [crate::syntax::Arg]> {
    match &node.kind {
        NodeKind::Array(items) => {
            if let Some(labelled) = items.iter().find(|a| a.label.is_some()) {
                return Err(cx.error_span(
                    ErrorKind::Invalid,
                    &labelled.span,
                    "unexpected label in a list",
                ));
            }
            Ok(items)
        }
        _ => Err(cx.error(ErrorKind::Invalid, node, "expected a list `{...}`")),
    }
}

/// Whether a list's items are lists (`{{x y} ...}` rather than `{i j ...}`).
fn holds_arrays(node: &Node) -> bool {
    node.args()
        .first()
        .is_some_and(|a| matches!(a.value.kind, NodeKind::Array(_)))
}

/// Whether a list's items are lists of lists (`{{{x y} {x y}} ...}`).
fn holds_arrays_of_arrays(node: &Node) -> bool {
    node.args().first().is_some_and(|a| holds_arrays(&a.value))
}

/// `{i j ...}`.
fn indices(cx: &Cx, node: &Node) -> Result<Vec<usize>> {
    array(cx, node)?
        .iter()
        .map(|a| index(cx, &a.value))
        .collect()
}

/// `{{i j} ...}`.
fn index_pairs(cx: &Cx, node: &Node) -> Result<Vec<[usize; 2]>> {
    array(cx, node)?
        .iter()
        .map(|a| match indices(cx, &a.value)?.as_slice() {
            &[i, j] => Ok([i, j]),
            _ => Err(cx.error(ErrorKind::Invalid, &a.value, "expected a pair `{i j}`")),
        })
        .collect()
}

/// `{x y}` or `{x y z}`.
fn point(cx: &Cx, node: &Node) -> Result<board::Point> {
    let values = array(cx, node)?
        .iter()
        .map(|a| float_value(cx, &a.value))
        .collect::<Result<Vec<f64>>>()?;
    match *values.as_slice() {
        [x, y] => Ok([x, y, 0.0]),
        [x, y, z] => Ok([x, y, z]),
        _ => Err(cx.error(ErrorKind::Invalid, node, "expected a position `{x y}`")),
    }
}

/// `{{x y} ...}`.
fn points(cx: &Cx, node: &Node) -> Result<Vec<board::Point>> {
    array(cx, node)?
        .iter()
        .map(|a| point(cx, &a.value))
        .collect()
}

/// `{{{x y} {x y}} ...}`.
fn point_pairs(cx: &Cx, node: &Node) -> Result<Vec<[board::Point; 2]>> {
    array(cx, node)?
        .iter()
        .map(|a| match points(cx, &a.value)?.as_slice() {
            &[p, q] => Ok([p, q]),
            _ => Err(cx.error(ErrorKind::Invalid, &a.value, "expected two positions")),
        })
        .collect()
}

/// `{{{x y} {x y} {x y} ...} ...}`.
fn polygons(cx: &Cx, node: &Node) -> Result<Vec<Vec<board::Point>>> {
    array(cx, node)?
        .iter()
        .map(|a| points(cx, &a.value))
        .collect()
}

fn dimension(cx: &Cx, args: &mut Args) -> Result<u32> {
    let at = args.take(is_int_expr).ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            format!("`({} ...)` needs a size", args.what()),
        )
    })?;
    dimension_value(cx, at)
}

/// A board dimension: a constant integer from 1 to 100.
fn dimension_value(cx: &Cx, at: &Node) -> Result<u32> {
    let n = int_value(cx, at)?;
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

#[cfg(test)]
mod tests {

    use crate::board::{Board, Relation, SiteType};
    use crate::diagnostic::ErrorKind;

    /// The board of `(board SHAPE)` in a minimal game, or the error.
    fn board_of(shape: &str) -> crate::Result<Board> {
        let text = format!(
            "(game \"B\" (players 2) (equipment {{(board {shape}) (piece \"Disc\" Each)}})\n\
             (rules (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"
        );
        crate::load_inline(&text).map(|loaded| loaded.model.board)
    }

    fn points(b: &Board) -> Vec<(f64, f64)> {
        b.sites.iter().map(|s| (s.x, s.y)).collect()
    }

    /// Fox and Geese's cross, as its define writes it: constant arithmetic
    /// in `shift`, two rectangles merged.
    #[test]
    fn cross_of_two_rectangles() {
        let b = board_of(
            "(merge (shift 0 (/ (- 7 3) 2) (rectangle 3 7 diagonals:Alternating)) \
             (shift (/ (- 7 3) 2) 0 (rectangle 7 3 diagonals:Alternating))) use:Vertex",
        )
        .unwrap();
        assert_eq!(b.site_type, SiteType::Vertex);
        assert_eq!(b.num_sites(), 33);
        // The first rectangle keeps its numbering; the second one's points
        // outside it follow, bottom row first.
        assert_eq!(points(&b)[..2], [(0.0, 2.0), (1.0, 2.0)]);
        assert_eq!(points(&b)[21..24], [(2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]);
    }

    /// Float arguments are read in single precision, as Ludii's float
    /// functions are.
    #[test]
    fn float_arguments_are_single_precision() {
        let b = board_of("(shift 0.2 0 (scale 1 2 (wedge 2))) use:Vertex").unwrap();
        assert_eq!(b.sites[0].x, f64::from(0.2f32) + 1.0);
        assert_eq!(b.sites[0].y, 2.0);
        assert_eq!(b.num_sites(), 4);
        assert_eq!(b.neighbours(0, Relation::Adjacent).len(), 3);
    }

    #[test]
    fn add_and_remove_by_index_and_position() {
        let b = board_of(
            "(add (remove (square 3) vertices:{{0 0}} edges:{{{1 1} {2 1}}}) \
             vertices:{{3 3}} edges:{{0 1} {{0 0} {1 1}}}) use:Vertex",
        );
        // Ludii takes either indices or positions for one kind of element.
        assert!(b.is_err());
        let b = board_of(
            "(add (remove (square 3) vertices:{{0 0}} edges:{{{1 1} {2 1}}}) \
             vertices:{{3 3}} edges:{{{3 3} {2 2}}}) use:Vertex",
        )
        .unwrap();
        // (0, 0) is gone, (3, 3) is appended and joined to (2, 2).
        assert_eq!(b.num_sites(), 9);
        assert_eq!(points(&b)[0], (1.0, 0.0));
        assert_eq!(points(&b)[8], (3.0, 3.0));
        assert_eq!(b.neighbours(8, Relation::Adjacent), [7]);
    }

    /// `hole` removes the cells centred in the (inflated) polygon, `dual`
    /// puts a point in each cell, `renumber` numbers a rotated board afresh.
    #[test]
    fn hole_dual_and_renumber() {
        let b = board_of("(hole (square 3) (poly {{1 1} {1 2} {2 2} {2 1}}))").unwrap();
        assert_eq!(b.num_sites(), 8);
        assert_eq!(points(&b)[3..5], [(0.5, 1.5), (2.5, 1.5)]);
        let b = board_of("(dual (square 3)) use:Vertex").unwrap();
        assert_eq!(points(&b), [(0.5, 0.5), (1.5, 0.5), (0.5, 1.5), (1.5, 1.5)]);
        assert_eq!(b.num_cells, 1);
        // Turned a quarter clockwise, site 0 is the top cell; renumbered, the
        // bottom one.
        let turned = board_of("(rotate -90 (rectangle 1 2))").unwrap();
        assert!(turned.sites[0].y > turned.sites[1].y);
        let b = board_of("(renumber (rotate -90 (rectangle 1 2)))").unwrap();
        assert!(b.sites[0].y < b.sites[1].y);
    }

    /// Generators compare every corner with those placed before (as Ludii
    /// does), so very large boards are refused rather than built slowly.
    #[test]
    fn huge_tiled_boards_are_too_large() {
        for shape in ["(hex Diamond 80)", "(hex {60 60})", "(tiling T3464 50)"] {
            match board_of(shape) {
                Ok(b) => panic!("{shape}: built {} sites", b.num_sites()),
                Err(err) => assert_eq!(err.kind, ErrorKind::TooLarge, "{shape}: {err}"),
            }
        }
    }

    #[test]
    fn unsupported_operator_arguments_are_errors() {
        for shape in [
            "(merge (square 3) (shift 3 0 (square 3)) connect:True)",
            "(add (square 3) edgesCurved:{{{0 0} {1 0} {1 2} {-1 2}}})",
            "(remove (square 8) (poly {{2.5 2.5} {2.5 5.5} {4.5 5.5}}))",
            "(shift 1 1 1 (square 3))",
            "(keep (square 3) (poly {{0 0} {0 3} {3 3}} rotns:2))",
            "(trim (concentric {1 8})) use:Vertex",
            "(tri Diamond 3)",
            "(square (poly {{0 0} {0 4} {4 4} {4 0}}) diagonals:Alternating)",
            "(tiling T3464 2 3)",
            "(union (square 3) (square 3) connect:True)",
            "(wedge 1)",
        ] {
            let err = board_of(shape).expect_err(shape);
            assert_eq!(err.kind, ErrorKind::Unsupported, "{shape}: {err}");
        }
    }
}
