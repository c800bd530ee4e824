//! Square tiling: `(square n)`, `(rectangle r c)`, with optional
//! `diagonals:` edges (Ludii's `RectangleOnSquare` and `Square.handleDiagonals`).

use super::geom::{self, Pt};
use super::graph::Graph;
use super::SiteType;

/// Ludii's `DiagonalsType` for square tilings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareDiagonals {
    /// One diagonal per square, alternating (Alquerque).
    Alternating,
    /// Both diagonals, crossing at a new vertex in the middle of each square.
    Solid,
    /// Both diagonals, not split at their crossing.
    SolidNoSplit,
    /// Diagonals pointing towards the centre.
    Concentric,
    /// Diagonals radiating from the centre.
    Radiating,
}

/// A `rows` x `cols` board. With `SiteType::Cell` the graph has
/// `(rows + 1) x (cols + 1)` vertices (the cells are the squares); otherwise
/// `rows x cols` vertices (the sites are the points, e.g. `use:Vertex`).
pub fn rectangle(
    rows: u32,
    cols: u32,
    diagonals: Option<SquareDiagonals>,
    site_type: SiteType,
) -> Graph {
    let extra = u32::from(site_type == SiteType::Cell);
    let rows = (rows + extra) as usize;
    let cols = (cols + extra) as usize;
    let mut graph = Graph::new();
    for row in 0..rows {
        for col in 0..cols {
            graph.add_vertex(Pt::new(col as f64, row as f64));
        }
    }
    for row in 0..rows {
        for col in 0..cols {
            let a = row * cols + col;
            if row + 1 < rows {
                graph.find_or_add_edge(a, a + cols);
            }
            if col + 1 < cols {
                graph.find_or_add_edge(a, a + 1);
            }
        }
    }
    if let Some(diagonals) = diagonals {
        add_diagonals(&mut graph, rows as i64, cols as i64, diagonals);
    }
    graph.make_faces();
    graph.reorder();
    graph
}

/// `(square Diamond d [diagonals:...])` (`DiamondOnSquare`): the points
/// (x = c, y = r) of a 2d x 2d grid inside the diamond
/// `d - 1 <= r + c < 3d`, `|r - c| <= d`, joined one unit apart, diagonals
/// added over the 2d x 2d range, faces traced, renumbered. The site type
/// does not change the size.
pub fn diamond(d: u32, diagonals: Option<SquareDiagonals>) -> Graph {
    let d = i64::from(d);
    let size = 2 * d;
    let mut points = Vec::new();
    for r in 0..size {
        for c in 0..size {
            if r + c < d - 1 || c - r > d || r - c > d || r + c >= 3 * d {
                continue;
            }
            points.push(Pt::new(c as f64, r as f64));
        }
    }
    let mut graph = Graph::from_vertex_list(&points, 1.0);
    if let Some(diagonals) = diagonals {
        add_diagonals(&mut graph, size, size, diagonals);
    }
    graph.make_faces();
    graph.reorder();
    graph
}

/// `(square (poly {{x y} ...}))` (`CustomOnSquare` from a polygon, without
/// diagonals): the integer points inside the polygon inflated by 0.1 (rows
/// and columns over its bounds widened by 2), joined one unit apart, faces
/// traced, renumbered.
pub fn polygon(poly: &[Pt]) -> Graph {
    let mut poly = poly.to_vec();
    geom::inflate_polygon(&mut poly, 0.1);
    let (x0, y0, x1, y1) = geom::polygon_bounds(&poly);
    let mut points = Vec::new();
    for row in y0 as i64 - 2..=y1 as i64 + 2 {
        for col in x0 as i64 - 2..=x1 as i64 + 2 {
            let pt = Pt::new(col as f64, row as f64);
            if geom::point_in_polygon(pt, &poly) {
                points.push(pt);
            }
        }
    }
    let mut graph = Graph::from_vertex_list(&points, 1.0);
    graph.make_faces();
    graph.reorder();
    graph
}

fn add_diagonals(graph: &mut Graph, to_row: i64, to_col: i64, diagonals: SquareDiagonals) {
    let find = |g: &Graph, x: f64, y: f64| g.find_vertex(Pt::new(x, y));
    let mid_row = to_row / 2;
    let mid_col = to_col / 2;
    if diagonals == SquareDiagonals::Radiating {
        let dsteps = [(1i64, 1i64), (1, -1), (-1, -1), (-1, 1)];
        let num_steps = (to_row / 2).max(to_col / 2) + 1;
        for n in 0..num_steps {
            for &(d0, d1) in &dsteps {
                // Ludii passes (row, col) where (x, y) is expected; kept as is.
                let a = find(graph, (mid_row + n * d0) as f64, (mid_col + n * d1) as f64);
                let b = find(
                    graph,
                    (mid_row + (n + 1) * d0) as f64,
                    (mid_col + (n + 1) * d1) as f64,
                );
                if let (Some(a), Some(b)) = (a, b) {
                    graph.find_or_add_edge(a, b);
                }
            }
        }
        return;
    }
    for r in 0..=to_row {
        for c in 0..=to_col {
            let (x, y) = (c as f64, r as f64);
            let (Some(va), Some(vb), Some(vc), Some(vd)) = (
                find(graph, x, y),
                find(graph, x, y + 1.0),
                find(graph, x + 1.0, y + 1.0),
                find(graph, x + 1.0, y),
            ) else {
                continue;
            };
            match diagonals {
                SquareDiagonals::Alternating => {
                    if (r + c) % 2 == 0 {
                        graph.find_or_add_edge(va, vc);
                    } else {
                        graph.find_or_add_edge(vb, vd);
                    }
                }
                SquareDiagonals::Solid => {
                    let vx = graph.find_or_add_vertex(Pt::new(x + 0.5, y + 0.5));
                    for v in [va, vb, vc, vd] {
                        graph.find_or_add_edge(v, vx);
                    }
                }
                SquareDiagonals::SolidNoSplit => {
                    graph.find_or_add_edge(va, vc);
                    graph.find_or_add_edge(vb, vd);
                }
                SquareDiagonals::Concentric => {
                    if r < mid_row && c < mid_col || r >= mid_row && c >= mid_col {
                        graph.find_or_add_edge(vb, vd);
                    } else {
                        graph.find_or_add_edge(va, vc);
                    }
                }
                SquareDiagonals::Radiating => unreachable!(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_board_has_squares_as_faces() {
        let g = rectangle(3, 3, None, SiteType::Cell);
        assert_eq!(g.vertices.len(), 16);
        assert_eq!(g.edges.len(), 24);
        assert_eq!(g.faces.len(), 9);
        let centres: Vec<(f64, f64)> = g.faces.iter().map(|f| (f.pt.x, f.pt.y)).collect();
        assert_eq!(centres[0], (0.5, 0.5));
        assert_eq!(centres[1], (1.5, 0.5));
        assert_eq!(centres[3], (0.5, 1.5));
    }

    #[test]
    fn vertex_board_has_n_by_n_points() {
        let g = rectangle(5, 5, None, SiteType::Vertex);
        assert_eq!(g.vertices.len(), 25);
        assert_eq!(g.faces.len(), 16);
        let g = rectangle(5, 5, Some(SquareDiagonals::Alternating), SiteType::Vertex);
        assert_eq!(g.edges.len(), 40 + 16);
        assert_eq!(g.faces.len(), 32);
    }
}
