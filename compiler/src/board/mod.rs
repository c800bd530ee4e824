//! Board geometry: Ludii board descriptions to site graphs with Ludii's exact
//! numbering, coordinates, labels, neighbours, directions, radials and
//! regions.
//!
//! The board is built the way Ludii builds it, so that every derived fact
//! matches: a tiling generator (`square.rs`, `hex.rs`, `tri.rs`, `concentric.rs`) produces a planar graph
//! of vertices, edges and faces (`graph.rs`); transforms (`transform.rs`) move
//! it without renumbering; the operators `merge`, `add` and `remove`
//! (`operators.rs`) combine and edit graphs (those of `wedge.rs` and
//! `(graph ...)` too) in Ludii's element order, also without renumbering,
//! nested in any way ([`Tiling::Merge`], [`Tiling::Add`], [`Tiling::Remove`]);
//! the graph is measured (perimeter, corners, sides,
//! rows/columns/labels, centre); steps and radials are derived from the
//! geometry; and the view of the board's default site type is kept in a
//! [`Board`].
//!
//! ```
//! use ludemic_compiler::board::{build, BoardSpec, Relation, SiteType, Tiling};
//! let board = build(&BoardSpec::new(Tiling::Square { rows: 3, cols: 3 })).unwrap();
//! assert_eq!(board.num_sites(), 9);
//! assert_eq!(board.sites[0].coord, "A1");
//! assert_eq!(board.neighbours(4, Relation::Orthogonal), &[7, 5, 1, 3]);
//! ```
//!
//! Site numbering (Ludii's `Graph.reorder`): elements are sorted by
//! `y * 100 + x` of their centre, i.e. bottom row first, left to right. A
//! `rotate` applied afterwards keeps that numbering while x/y, rows, columns
//! and labels describe the rotated board.
//!
//! Ludii semantics reproduced here (see the module docs of each file):
//! * Relations (`steps.rs`): cells sharing an edge are `Orthogonal`; the cell
//!   across a corner most nearly in line is `Diagonal` (and `Adjacent`);
//!   other cells at a corner are `OffDiagonal`; on hex grids the cell beyond
//!   a corner, across the edge leaving it, is `Diagonal` but not `Adjacent`.
//!   For vertices, edge-connected vertices are `Orthogonal`/`Adjacent`, the
//!   opposite corner of each face with 4+ sides is `Diagonal` (not
//!   `Adjacent`).
//! * Directions ([`AbsoluteDirection`], `directions.rs`): a step's compass heading is 8-way unless
//!   two of the element's steps (to any site type) share an 8-way sector,
//!   then 16-way. Cells always collide (their corners and sides are steps
//!   too), so hex cells use `ENE`, `NNE`, `NNW`, `WNW`, ... where square cells
//!   use `N`, `NE`, `E`, ...
//! * Radials ([`Radial`], `radials.rs`), sides (`sides.rs`), corners (`corners.rs`) and
//!   SidesNoCorners ([`Board::sides_no_corners`]).

mod concentric;
mod corners;
pub mod directions;
mod extent;
mod geom;
mod graph;
mod hex;
pub mod mancala;
mod operators;
mod perimeter;
mod properties;
mod radials;
mod regions;
mod shapes;
mod sides;
mod situation;
mod square;
mod steps;
mod tilings;
mod topology;
mod transform;
mod tri;
mod walks;
pub use walks::Walk;
mod wedge;

#[cfg(test)]
mod tests;

pub use concentric::ConcentricPolygon;
pub use directions::{AbsoluteDirection, Compass, DirectionSet};
pub use radials::Radial;
pub use square::SquareDiagonals;

/// Ludii's graph element types (declaration order as in Ludii).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SiteType {
    Vertex,
    Edge,
    Cell,
}

impl SiteType {
    pub fn from_name(name: &str) -> Option<SiteType> {
        match name {
            "Vertex" => Some(SiteType::Vertex),
            "Edge" => Some(SiteType::Edge),
            "Cell" => Some(SiteType::Cell),
            _ => None,
        }
    }
}

/// Shapes of `(hex ...)` boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexShape {
    /// `(hex n)`: hexagon with `side` cells per side (Havannah, Yavalath).
    Hexagon { side: u32 },
    /// `(hex Diamond n)`: n x n rhombus (Hex).
    Diamond { size: u32 },
    /// `(hex Rectangle r c)`, `(hex Square n)`.
    Rectangle { rows: u32, cols: u32 },
    /// `(hex Triangle n)`: a triangle with `side` cells per side (Y).
    Triangle { side: u32 },
    /// `(hex Star n)`: a six-pointed star, points of `n` rows (Chinese
    /// Checkers).
    Star { size: u32 },
    /// `(hex Prism r c)`: a rhombus with its acute corners cut.
    Prism { rows: u32, cols: u32 },
}

/// The semi-regular tilings `(tiling T... ...)` that are implemented.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SemiRegular {
    /// `(tiling T3464 n)`: a hexagon of side `n` (Ludii's `HexagonOn3464`).
    Hexagon3464 { side: u32 },
    /// `(tiling T33434 n)`: an n x n diamond (`Tiling33434`).
    Diamond33434 { size: u32 },
    /// `(tiling T3636 a [b])`: a hexagon of side `a`, or with `b` a
    /// rhombus (`Tiling3636`).
    Trihexagonal { a: u32, b: Option<u32> },
}

/// Shapes of `(tri ...)` boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TriShape {
    /// `(tri n)`, `(tri Triangle n)`: `side` points (cells on a cell
    /// board) per side.
    Triangle { side: u32 },
    /// `(tri Hexagon n)`.
    Hexagon { side: u32 },
}

/// The tiling a board is built from.
#[derive(Clone, Debug, PartialEq)]
pub enum Tiling {
    /// `(square n)` is `Square { rows: n, cols: n }`; `(rectangle r c)` is
    /// `Square { rows: r, cols: c }`. With `SiteType::Vertex` these are
    /// points, e.g. `(square 19) use:Vertex` has 19 x 19 sites.
    Square {
        rows: u32,
        cols: u32,
    },
    /// Square tiling with `diagonals:` edges (e.g. Alquerque's
    /// `(rectangle 5 5 diagonals:Alternating)`).
    SquareWithDiagonals {
        rows: u32,
        cols: u32,
        diagonals: SquareDiagonals,
    },
    /// `(square Diamond n [diagonals:...])`: a square grid's points inside
    /// a diamond (Ludii's `DiamondOnSquare`).
    SquareDiamond {
        size: u32,
        diagonals: Option<SquareDiagonals>,
    },
    /// `(square (poly {{x y} ...}))`: the square grid's points inside a
    /// polygon (Ludii's `CustomOnSquare`).
    SquarePolygon(Vec<Point>),
    Hex(HexShape),
    /// `(hex {s1 s2 ...})`, `(hex a b)`, `(hex Limping n)` (`{n n+1}`): the
    /// hex cells inside a polygon walked side by side (Ludii's
    /// `CustomOnHex`).
    HexSides(Vec<u32>),
    Tri(TriShape),
    /// `(tri {s1 s2 ...})`, `(tri Limping n)` (`{n n+1}`): the lattice
    /// points inside a polygon walked side by side (`CustomOnTri`).
    TriSides(Vec<u32>),
    /// `(intersect {g1 g2 ...})`: each part is generated with the board's
    /// site type (the parts' own `site_type` is ignored), transformed, then
    /// intersected (Pentalath's half hexagon).
    Intersect(Vec<BoardSpec>),
    /// `(concentric <Shape> rings:R)` / `(concentric sides:N rings:R)`:
    /// concentric regular polygons (Morris boards). `use:Vertex` only.
    ConcentricPolygon(ConcentricPolygon),
    /// `(concentric {c0 c1 ...} [stagger:B])`: rings of points (Mu Torere's
    /// `(concentric {1 8})`), or of cells on a cell board; a negative count
    /// leaves a vertex ring without its circle of edges.
    ConcentricCircle {
        cells: Vec<i32>,
        stagger: bool,
    },
    /// `(wedge rows [columns])`: a fan of points below an apex (columns 3
    /// unless given). Numbered in creation order, without cells.
    Wedge {
        rows: u32,
        cols: u32,
    },
    /// `(graph vertices:{{x y} ...} edges:{{i j} ...})`: vertices in the
    /// order given, edges between them, faces traced; not reordered.
    Graph {
        vertices: Vec<Point>,
        edges: Vec<[usize; 2]>,
    },
    /// `(merge {g1 g2 ...})`: the parts overlaid, coincident vertices and
    /// duplicate edges merged, faces traced afresh (see `operators.rs`).
    /// Each part is generated with the board's site type.
    Merge(Vec<BoardSpec>),
    /// `(add [g] vertices:... edges:... cells:...)`; without `g`, added to
    /// an empty graph.
    Add {
        base: Option<Box<BoardSpec>>,
        add: GraphAdditions,
    },
    /// `(remove g cells:... edges:... vertices:... [trimEdges:B])`.
    Remove {
        base: Box<BoardSpec>,
        remove: GraphRemovals,
    },
    /// `(hole g (poly {{x y} ...}))`: the faces whose centres lie inside
    /// the polygon removed.
    Hole {
        base: Box<BoardSpec>,
        polygon: Vec<Point>,
    },
    /// `(keep g (poly {{x y} ...}))`: the vertices inside the polygon and
    /// the edges between them, faces traced afresh.
    Keep {
        base: Box<BoardSpec>,
        polygon: Vec<Point>,
    },
    /// `(clip g (poly {{x y} ...}))`: the vertices outside the polygon and
    /// the edges between them, faces traced afresh.
    Clip {
        base: Box<BoardSpec>,
        polygon: Vec<Point>,
    },
    /// `(subdivide g [min:N])`: a vertex in each face of N or more
    /// corners, joined to them.
    Subdivide {
        base: Box<BoardSpec>,
        min: u32,
    },
    /// `(dual g)`: a vertex in each face, joined across shared edges.
    Dual(Box<BoardSpec>),
    /// `(renumber [TYPE...] g)`: the elements of the types (all when none
    /// are given) renumbered bottom row first, left to right.
    Renumber {
        base: Box<BoardSpec>,
        types: Vec<SiteType>,
    },
    /// `(trim g)`: dangling edges and lone vertices removed.
    Trim(Box<BoardSpec>),
    /// `(makeFaces g)`: the faces traced afresh, a trace stopping where it
    /// crosses an edge.
    MakeFaces(Box<BoardSpec>),
    /// `(union {g1 g2 ...})`: the parts side by side, nothing merged.
    Union(Vec<BoardSpec>),
    /// `(splitCrossings g)`: crossing edges split at a new vertex, edges
    /// through a vertex split there, faces traced afresh.
    SplitCrossings(Box<BoardSpec>),
    /// `(tiling T3464 n)`, `(tiling T33434 n)`, `(tiling T3636 a [b])`.
    SemiRegular(SemiRegular),
    /// `(spiral turns:T sites:N [clockwise:B])`: a path of `N` points
    /// along a spiral (Mehen).
    Spiral {
        turns: u32,
        sites: u32,
        clockwise: bool,
    },
    /// `(repeat rows cols step:{{cx cy} {rx ry}} (poly ...) | {(poly ...) ...})`:
    /// the polygons' outlines repeated over a grid of steps.
    Repeat {
        rows: u32,
        cols: u32,
        step: [[f64; 2]; 2],
        polygons: Vec<Vec<Point>>,
    },
    /// `(regular [Star] n)`: a regular polygon, or star, of `n` points.
    Regular {
        sides: u32,
        star: bool,
    },
}

/// A position as Ludii reads it in a board description: `{x y}` or
/// `{x y z}` (z 0 unless given), each value in single precision.
pub type Point = [f64; 3];

/// What `(add ...)` adds, each list in the order written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GraphAdditions {
    /// `vertices:{{x y} ...}`.
    pub vertices: Vec<Point>,
    /// `edges:{{{x y} {x y}} ...}`: by end point positions.
    pub edges: Vec<[Point; 2]>,
    /// `edges:{{i j} ...}`: by vertex indices.
    pub edge_indices: Vec<[usize; 2]>,
    /// `cells:{{{x y} {x y} {x y} ...} ...}`: by corner positions.
    pub cells: Vec<Vec<Point>>,
    /// `cells:{{i j k ...} ...}`: by vertex indices.
    pub cell_indices: Vec<Vec<usize>>,
}

/// What `(remove ...)` removes, each list in the order written.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphRemovals {
    /// `cells:{{{x y} ...} ...}`: faces by corner positions.
    pub cells: Vec<Vec<Point>>,
    /// `cells:{i j ...}`: faces by index.
    pub cell_indices: Vec<usize>,
    /// `edges:{{{x y} {x y}} ...}`: by end point positions.
    pub edges: Vec<[Point; 2]>,
    /// `edges:{{i j} ...}`: by end point indices.
    pub edge_indices: Vec<[usize; 2]>,
    /// `vertices:{{x y} ...}`: by position.
    pub vertices: Vec<Point>,
    /// `vertices:{i j ...}`: by index.
    pub vertex_indices: Vec<usize>,
    /// `trimEdges:` (default true): remove the edges that removing cells
    /// leaves without a cell on either side.
    pub trim_edges: bool,
}

impl Default for GraphRemovals {
    fn default() -> GraphRemovals {
        GraphRemovals {
            cells: Vec::new(),
            cell_indices: Vec::new(),
            edges: Vec::new(),
            edge_indices: Vec::new(),
            vertices: Vec::new(),
            vertex_indices: Vec::new(),
            trim_edges: true,
        }
    }
}

/// Operators applied to the generated graph, innermost first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transform {
    /// `(rotate degrees g)`: anticlockwise about the centre of the vertex
    /// bounds.
    Rotate(f64),
    /// `(shift dx dy g)`.
    Shift(f64, f64),
    /// `(scale sx [sy] [sz] g)`: every vertex position multiplied (sy is sx
    /// and sz is 1 unless given).
    Scale(f64, f64, f64),
    /// `(skew amount g)`: x grows by the height above the lowest vertex
    /// times `amount`.
    Skew(f64),
}

/// What `(board <graph> use:<SiteType>)` describes.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpec {
    pub tiling: Tiling,
    /// Applied in order after the tiling is generated (for
    /// `(rotate 90 (hex 5))`: `vec![Transform::Rotate(90.0)]`).
    pub transforms: Vec<Transform>,
    /// The board's default site type (`use:`), `Cell` unless stated.
    pub site_type: SiteType,
}

impl BoardSpec {
    /// A `Cell` board without transforms.
    pub fn new(tiling: Tiling) -> BoardSpec {
        BoardSpec {
            tiling,
            transforms: Vec::new(),
            site_type: SiteType::Cell,
        }
    }

    pub fn with_site_type(mut self, site_type: SiteType) -> BoardSpec {
        self.site_type = site_type;
        self
    }

    /// Whether the graph may have vertices with pivots (Ludii's
    /// `ConcentricCircle` sets them, `merge` keeps them), which `trim`
    /// would treat specially.
    fn has_pivots(&self) -> bool {
        match &self.tiling {
            Tiling::ConcentricCircle { .. } | Tiling::Spiral { .. } => true,
            Tiling::Intersect(parts) | Tiling::Merge(parts) | Tiling::Union(parts) => {
                parts.iter().any(Self::has_pivots)
            }
            Tiling::Add { base, .. } => base.as_ref().is_some_and(|b| b.has_pivots()),
            Tiling::Remove { base, .. }
            | Tiling::Hole { base, .. }
            | Tiling::Keep { base, .. }
            | Tiling::Clip { base, .. }
            | Tiling::Subdivide { base, .. }
            | Tiling::Dual(base)
            | Tiling::Renumber { base, .. }
            | Tiling::Trim(base)
            | Tiling::MakeFaces(base)
            | Tiling::SplitCrossings(base) => base.has_pivots(),
            _ => false,
        }
    }

    pub fn rotated(mut self, degrees: f64) -> BoardSpec {
        self.transforms.push(Transform::Rotate(degrees));
        self
    }
}

/// Build a board. Errors name the unsupported combination.
pub fn build(spec: &BoardSpec) -> Result<Board, String> {
    if spec.site_type == SiteType::Edge {
        return Err("boards whose default site type is Edge are not supported yet".into());
    }
    let graph = generate(spec, spec.site_type)?;
    let largest = [SiteType::Vertex, SiteType::Edge, SiteType::Cell]
        .map(|ty| graph.count(ty))
        .into_iter()
        .max()
        .unwrap_or(0);
    if largest > u16::MAX as usize {
        return Err(format!("board too large: {largest} elements of one type"));
    }
    if graph.count(spec.site_type) == 0 {
        let what = match spec.site_type {
            SiteType::Cell => "cells",
            _ => "vertices",
        };
        return Err(format!("a board without {what} is not supported"));
    }
    Ok(topology::assemble(graph, spec.site_type))
}

/// The graph of a spec, generated for `site_type`, with its transforms.
fn generate(spec: &BoardSpec, site_type: SiteType) -> Result<graph::Graph, String> {
    let mut graph = match &spec.tiling {
        &Tiling::Square { rows, cols } => {
            check_dims(&[rows, cols])?;
            square::rectangle(rows, cols, None, site_type)
        }
        &Tiling::SquareWithDiagonals {
            rows,
            cols,
            diagonals,
        } => {
            check_dims(&[rows, cols])?;
            square::rectangle(rows, cols, Some(diagonals), site_type)
        }
        &Tiling::SquareDiamond { size, diagonals } => {
            check_dims(&[size])?;
            square::diamond(size, diagonals)
        }
        Tiling::SquarePolygon(poly) => {
            let poly: Vec<geom::Pt> = poly.iter().map(|&p| point(p)).collect();
            let (x0, y0, x1, y1) = geom::polygon_bounds(&poly);
            if x1 - x0 > 200.0 || y1 - y0 > 200.0 {
                return Err("`(square (poly ...))` larger than 200 units".into());
            }
            square::polygon(&poly)
        }
        &Tiling::Hex(HexShape::Hexagon { side }) => {
            check_dims(&[side])?;
            hex::hexagon(side)
        }
        &Tiling::Hex(HexShape::Diamond { size }) => {
            check_dims(&[size])?;
            check_corners(sq(size) * 6)?;
            hex::diamond(size)
        }
        &Tiling::Hex(HexShape::Rectangle { rows, cols }) => {
            check_dims(&[rows, cols])?;
            check_corners(u64::from(rows) * u64::from(cols) * 6)?;
            hex::rectangle(rows, cols)
        }
        &Tiling::Hex(HexShape::Triangle { side }) => {
            check_dims(&[side])?;
            check_corners(sq(side) * 3)?;
            hex::triangle(side)
        }
        &Tiling::Hex(HexShape::Star { size }) => {
            check_dims(&[size])?;
            check_corners(sq(4 * size + 1) * 6)?;
            hex::star(size)
        }
        &Tiling::Hex(HexShape::Prism { rows, cols }) => {
            check_dims(&[rows, cols])?;
            check_corners(sq(rows + cols - 1) * 6)?;
            hex::prism(rows, cols)
        }
        Tiling::HexSides(sides) => {
            check_sides(sides)?;
            check_corners(sq(sides.iter().sum()) * 6)?;
            hex::custom(sides)
        }
        &Tiling::Tri(TriShape::Triangle { side }) => {
            check_dims(&[side])?;
            tri::triangle(side, site_type)
        }
        &Tiling::Tri(TriShape::Hexagon { side }) => {
            check_dims(&[side])?;
            tri::hexagon(side, site_type)
        }
        Tiling::TriSides(sides) => {
            check_sides(sides)?;
            check_corners(sq(sides.iter().sum()))?;
            tri::custom(sides)
        }
        &Tiling::ConcentricPolygon(c) => {
            if site_type != SiteType::Vertex {
                return Err("concentric boards are supported with use:Vertex only".into());
            }
            if c.sides < 3 || c.sides > 64 {
                return Err(format!(
                    "concentric board with {} sides is not supported",
                    c.sides
                ));
            }
            check_dims(&[c.rings])?;
            concentric::regular(c)
        }
        Tiling::ConcentricCircle { cells, stagger } => {
            if cells.is_empty() || cells.len() > 50 || cells.iter().any(|&c| c.abs() > 360) {
                return Err(format!("concentric board {cells:?} not supported"));
            }
            if site_type == SiteType::Cell {
                concentric::circle_cells(cells, *stagger)
            } else {
                concentric::circle(cells, *stagger)
            }
        }
        Tiling::Intersect(parts) => {
            if parts.is_empty() {
                return Err("`intersect` needs at least one graph".into());
            }
            let graphs = parts
                .iter()
                .map(|p| generate(p, site_type))
                .collect::<Result<Vec<_>, _>>()?;
            transform::intersect(&graphs)
        }
        &Tiling::Wedge { rows, cols } => {
            check_dims(&[rows, cols])?;
            if rows < 2 || cols < 2 {
                return Err(format!(
                    "`(wedge {rows} {cols})` is not supported: a wedge needs 2 or more rows and columns"
                ));
            }
            wedge::wedge(rows, cols)
        }
        Tiling::Graph { vertices, edges } => {
            if vertices.len() > MAX_LISTED {
                return Err(format!("`(graph ...)` with {} vertices", vertices.len()));
            }
            let points: Vec<geom::Pt> = vertices.iter().map(|&p| point(p)).collect();
            let pairs: Vec<(usize, usize)> = edges.iter().map(|&[a, b]| (a, b)).collect();
            graph::Graph::from_lists(&points, &pairs)
        }
        Tiling::Merge(parts) => {
            if parts.is_empty() {
                return Err("`merge` needs at least one graph".into());
            }
            let graphs = parts
                .iter()
                .map(|p| generate(p, site_type))
                .collect::<Result<Vec<_>, _>>()?;
            if graphs.iter().map(|g| g.vertices.len()).sum::<usize>() > MAX_MERGED {
                return Err("`merge` of graphs with too many vertices".into());
            }
            operators::merge(&graphs)
        }
        Tiling::Add { base, add } => {
            let mut graph = match base {
                Some(base) => generate(base, site_type)?,
                None => graph::Graph::new(),
            };
            operators::add(&mut graph, add)?;
            graph
        }
        Tiling::Remove { base, remove } => {
            let mut graph = generate(base, site_type)?;
            operators::remove(&mut graph, remove);
            graph
        }
        Tiling::Hole { base, polygon } => {
            let mut graph = generate(base, site_type)?;
            operators::hole(&mut graph, polygon);
            graph
        }
        Tiling::Keep { base, polygon } => {
            operators::keep(&generate(base, site_type)?, polygon, true)
        }
        Tiling::Clip { base, polygon } => {
            operators::keep(&generate(base, site_type)?, polygon, false)
        }
        Tiling::Subdivide { base, min } => {
            let mut graph = generate(base, site_type)?;
            operators::subdivide(&mut graph, *min as usize, site_type);
            graph
        }
        Tiling::Dual(base) => operators::dual(&generate(base, site_type)?),
        Tiling::Renumber { base, types } => {
            let mut graph = generate(base, site_type)?;
            if types.is_empty() {
                graph.reorder();
            }
            for ty in [SiteType::Vertex, SiteType::Edge, SiteType::Cell] {
                if types.contains(&ty) {
                    graph.reorder_type(ty);
                }
            }
            graph
        }
        Tiling::Union(parts) => {
            let graphs = parts
                .iter()
                .map(|p| generate(p, site_type))
                .collect::<Result<Vec<_>, _>>()?;
            operators::union(&graphs)
        }
        Tiling::SplitCrossings(base) => {
            let mut graph = generate(base, site_type)?;
            if graph.edges.len() > MAX_SPLIT_EDGES {
                return Err("`(splitCrossings ...)` of a graph with too many edges".into());
            }
            // Ludii's splitting starts over after each crossing, which is
            // cubic in the edges: bounded by the crossings it will split.
            if operators::crossings(&graph) > MAX_SPLIT_CROSSINGS {
                return Err(
                    "`(splitCrossings ...)` of a graph with too many crossing edges".into(),
                );
            }
            operators::split_crossings(&mut graph);
            graph
        }
        &Tiling::SemiRegular(t) => match t {
            SemiRegular::Hexagon3464 { side } => {
                check_dims(&[side])?;
                check_corners(sq(2 * side - 1) * 18)?;
                tilings::hexagon_3464(side)
            }
            SemiRegular::Diamond33434 { size } => {
                check_dims(&[size])?;
                check_corners(sq(size) * 14)?;
                tilings::diamond_33434(size)
            }
            SemiRegular::Trihexagonal { a, b } => {
                check_dims(&[a, b.unwrap_or(a)])?;
                check_corners(u64::from(2 * a - 1) * u64::from(2 * b.unwrap_or(a) - 1) * 6)?;
                tilings::tiling_3636(a, b)
            }
        },
        &Tiling::Spiral {
            turns,
            sites,
            clockwise,
        } => {
            if sites > 1000 || turns > 100 {
                return Err(format!(
                    "`(spiral turns:{turns} sites:{sites})` is too large"
                ));
            }
            shapes::spiral(turns, sites, clockwise)
                .ok_or_else(|| format!("`(spiral turns:{turns} sites:{sites})` is not supported"))?
        }
        Tiling::Repeat {
            rows,
            cols,
            step,
            polygons,
        } => {
            check_dims(&[*rows, *cols])?;
            shapes::repeat(*rows, *cols, *step, polygons)
        }
        &Tiling::Regular { sides, star } => {
            if !(3..=100).contains(&sides) {
                return Err(format!("`(regular {sides})` is not supported"));
            }
            shapes::regular(sides, star, site_type)
        }
        Tiling::MakeFaces(base) => {
            let mut graph = generate(base, site_type)?;
            graph.make_faces_checked(true);
            graph
        }
        Tiling::Trim(base) => {
            if base.has_pivots() {
                return Err(
                    "`(trim ...)` of a graph with pivots (concentric circles) is not supported"
                        .into(),
                );
            }
            let mut graph = generate(base, site_type)?;
            operators::trim(&mut graph);
            graph
        }
    };
    for t in &spec.transforms {
        match *t {
            Transform::Rotate(deg) => transform::rotate(&mut graph, deg),
            Transform::Shift(dx, dy) => transform::shift(&mut graph, dx, dy),
            Transform::Scale(sx, sy, sz) => transform::scale(&mut graph, sx, sy, sz),
            Transform::Skew(amount) => transform::skew(&mut graph, amount),
        }
    }
    Ok(graph)
}

/// Most edges a `splitCrossings` may start from (it compares every pair
/// after each split).
const MAX_SPLIT_EDGES: usize = 5_000;
/// The most crossings `(splitCrossings ...)` splits (the library's boards
/// have a few dozen at most; a star of 100 points has thousands).
const MAX_SPLIT_CROSSINGS: usize = 500;

/// Most vertices a `(graph ...)` may list.
const MAX_LISTED: usize = 20_000;

/// Most vertices the parts of one `merge` may have together (Ludii's merge
/// compares every pair).
const MAX_MERGED: usize = 20_000;

fn point(p: Point) -> geom::Pt {
    geom::Pt {
        x: p[0],
        y: p[1],
        z: p[2],
    }
}

fn check_dims(dims: &[u32]) -> Result<(), String> {
    if dims.iter().any(|&d| d == 0 || d > 100) {
        return Err(format!("board dimensions {dims:?} out of range 1..=100"));
    }
    Ok(())
}

/// Most tile corners (or lattice points) a generator may place: each is
/// compared with every point placed before, as Ludii does.
const MAX_CORNERS: u64 = 30_000;

fn check_corners(corners: u64) -> Result<(), String> {
    if corners > MAX_CORNERS {
        return Err(format!(
            "board too large: about {corners} tile corners to place"
        ));
    }
    Ok(())
}

fn sq(n: u32) -> u64 {
    u64::from(n) * u64::from(n)
}

/// The sides of a custom `hex`/`tri` shape: 1 to 12 of them, each of 1 to
/// 100.
fn check_sides(sides: &[u32]) -> Result<(), String> {
    if sides.is_empty() || sides.len() > 12 {
        return Err(format!(
            "a shape with {} sides is not supported",
            sides.len()
        ));
    }
    check_dims(sides)
}

/// Ludii's relation types between sites of the same type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    Orthogonal,
    Diagonal,
    Adjacent,
    OffDiagonal,
    All,
}

impl Relation {
    pub const ALL: [Relation; 5] = [
        Relation::Orthogonal,
        Relation::Diagonal,
        Relation::Adjacent,
        Relation::OffDiagonal,
        Relation::All,
    ];

    /// The absolute direction naming the same set of steps.
    pub fn direction(self) -> AbsoluteDirection {
        match self {
            Relation::Orthogonal => AbsoluteDirection::Orthogonal,
            Relation::Diagonal => AbsoluteDirection::Diagonal,
            Relation::Adjacent => AbsoluteDirection::Adjacent,
            Relation::OffDiagonal => AbsoluteDirection::OffDiagonal,
            Relation::All => AbsoluteDirection::All,
        }
    }
}

/// One site of the board's default site type.
#[derive(Clone, Debug, PartialEq)]
pub struct Site {
    pub index: usize,
    /// Ludii's centroid (y grows upward).
    pub x: f64,
    pub y: f64,
    pub row: u32,
    pub col: u32,
    /// Ludii's coordinate label, e.g. `A1`.
    pub coord: String,
}

/// The board's graph as a picture draws it (Ludii's coordinates, y
/// upward): every vertex, every edge by its two vertices, every cell by
/// the vertices around it; indexed like the sites of each type.
#[derive(Clone, Debug, Default)]
pub struct Drawing {
    pub vertices: Vec<(f64, f64)>,
    pub edges: Vec<[u32; 2]>,
    pub cells: Vec<Vec<u32>>,
}

/// A built board, seen through its default site type. All site lists are
/// site indices of that type (`u16`).
#[derive(Clone, Debug)]
pub struct Board {
    pub site_type: SiteType,
    /// What a picture of the board needs.
    pub drawing: Drawing,
    /// Element counts of the whole graph.
    pub num_vertices: usize,
    pub num_edges: usize,
    pub num_cells: usize,
    pub sites: Vec<Site>,
    relations: [topology::Lists<u16>; 5],
    step_lists: topology::Lists<u16>,
    radials: Vec<Radial>,
    radials_in_direction: topology::Lists<u32>,
    distinct_radials: topology::Lists<u32>,
    /// Indexed like [`Compass::SIDES`].
    sides: [Vec<u16>; 8],
    corners: Vec<u16>,
    corners_convex: Vec<u16>,
    corners_concave: Vec<u16>,
    perimeter: Vec<u16>,
    outer: Vec<u16>,
    inner: Vec<u16>,
    centre: Vec<u16>,
    top: Vec<u16>,
    bottom: Vec<u16>,
    left: Vec<u16>,
    right: Vec<u16>,
    rows: Vec<Vec<u16>>,
    columns: Vec<Vec<u16>>,
    /// Which elements of each type touch which (Ludii's `Topology` lists
    /// `vertex.edges()`, `edge.cells()`, `cell.vertices()`...).
    incidence: topology::Incidence,
}

impl Board {
    pub fn num_sites(&self) -> usize {
        self.sites.len()
    }

    /// Neighbours of `site` under a relation, in Ludii's order (clockwise
    /// from north, as Ludii's `orthogonal()`/`diagonal()`/`adjacent()` lists).
    pub fn neighbours(&self, site: usize, rel: Relation) -> &[u16] {
        let k = Relation::ALL.iter().position(|&r| r == rel).unwrap_or(0);
        self.relations[k].get(site)
    }

    /// Sites one step from `site` in `dir` (Ludii's
    /// `trajectories.steps(type, site, type, dir)`), clockwise from north.
    /// For a relation direction (`Orthogonal`, ...) this is the relation; for
    /// a heading (`N`, `ENE`, ...) it is usually zero or one site.
    pub fn steps(&self, site: usize, dir: AbsoluteDirection) -> &[u16] {
        self.step_lists
            .get(site * AbsoluteDirection::COUNT + dir.index())
    }

    /// The first site one step from `site` in `dir`, if any.
    pub fn step(&self, site: usize, dir: AbsoluteDirection) -> Option<usize> {
        self.steps(site, dir).first().map(|&s| s as usize)
    }

    /// The radial with global id `id` (as stored in [`Radial::opposites`]).
    pub fn radial(&self, id: u32) -> &Radial {
        &self.radials[id as usize]
    }

    /// All radials from `site` in `dir` (Ludii's
    /// `radials(type, site).inDirection(dir)`), clockwise from north.
    pub fn radials(
        &self,
        site: usize,
        dir: AbsoluteDirection,
    ) -> impl Iterator<Item = &Radial> + '_ {
        let ids = self
            .radials_in_direction
            .get(site * AbsoluteDirection::COUNT + dir.index());
        ids.iter().map(move |&id| &self.radials[id as usize])
    }

    /// The distinct radials from `site` in `dir` (Ludii's
    /// `distinctInDirection`): one radial of each opposite pair, plus radials
    /// without opposites. This is what `is Line` iterates, walking each
    /// radial and then its opposites.
    pub fn distinct_radials(
        &self,
        site: usize,
        dir: AbsoluteDirection,
    ) -> impl Iterator<Item = &Radial> + '_ {
        let ids = self
            .distinct_radials
            .get(site * AbsoluteDirection::COUNT + dir.index());
        ids.iter().map(move |&id| &self.radials[id as usize])
    }

    /// How many elements of `ty` the board's graph has.
    pub fn count(&self, ty: SiteType) -> usize {
        match ty {
            SiteType::Vertex => self.num_vertices,
            SiteType::Edge => self.num_edges,
            SiteType::Cell => self.num_cells,
        }
    }

    /// The elements of type `result` incident to element `at` of type `of`
    /// (Ludii's `SitesIncident`): for the same type, the cells sharing an
    /// edge, the edges sharing a vertex, and for a vertex the cells of its
    /// edges (sic).
    /// Empty when `at` is out of range.
    pub fn incident(&self, of: SiteType, at: usize, result: SiteType) -> Vec<u16> {
        if at >= self.count(of) {
            return Vec::new();
        }
        let inc = &self.incidence;
        let direct = |to: SiteType, at: usize| -> &[u16] { inc.get(of, to, at) };
        if of != result {
            return direct(result, at).to_vec();
        }
        // Same type: through the connecting type, skipping the element itself.
        // For vertices Ludii (`SitesIncident.evalVertex`) lists the *cells* of
        // the vertex's edges, not their other ends: kept as Ludii does it.
        let (via, back) = match of {
            SiteType::Edge => (SiteType::Vertex, SiteType::Edge),
            SiteType::Cell | SiteType::Vertex => (SiteType::Edge, SiteType::Cell),
        };
        let mut out = Vec::new();
        for &m in direct(via, at) {
            for &o in inc.get(via, back, m as usize) {
                if o as usize != at {
                    out.push(o);
                }
            }
        }
        out
    }

    /// The opposite radials of `radial` (at most one in practice).
    pub fn opposites<'a>(&'a self, radial: &'a Radial) -> impl Iterator<Item = &'a Radial> + 'a {
        radial
            .opposites
            .iter()
            .map(move |&id| &self.radials[id as usize])
    }
}
