//! Triangular tiling (Ludii's `TriangleOnTri`, `HexagonOnTri`,
//! `CustomOnTri`): the vertices are the points of a triangular lattice with
//! unit spacing, the cells its unit triangles. A cell board's size counts
//! triangles, a vertex board's size counts points (one more per side for
//! `Triangle` and `Hexagon`).

use super::geom::{self, Pt};
use super::graph::Graph;
use super::SiteType;

/// The lattice point (row, col) (`Tri.xy`).
fn tri_xy(row: i64, col: i64) -> Pt {
    Pt::new(
        col as f64 - 0.5 * row as f64,
        3f64.sqrt() / 2.0 * row as f64,
    )
}

/// `(tri n)`, `(tri Triangle n)` (`TriangleOnTri`): the points (row, col)
/// with row <= col of a square of `n` points a side (`n + 1` on a cell
/// board), vertices one unit apart joined, faces traced, renumbered.
pub fn triangle(n: u32, site_type: SiteType) -> Graph {
    let size = n as i64 + i64::from(site_type == SiteType::Cell);
    let points: Vec<Pt> = (0..size)
        .flat_map(|r| (r..size).map(move |c| tri_xy(r, c)))
        .collect();
    let mut graph = Graph::from_vertex_list(&points, 1.0);
    graph.reorder();
    graph
}

/// `(tri Hexagon n)` (`HexagonOnTri`): a hexagon of `n` points a side
/// (`n + 1` on a cell board), its edges added row by row in Ludii's order,
/// faces traced, renumbered.
pub fn hexagon(n: u32, site_type: SiteType) -> Graph {
    let d = n as usize + usize::from(site_type == SiteType::Cell);
    let rows = 2 * d - 1;
    let cols = rows;
    let mut graph = Graph::new();
    for row in 0..rows {
        for col in 0..cols {
            if col > cols / 2 + row || row as i64 - col as i64 > (cols / 2) as i64 {
                continue;
            }
            graph.add_vertex(tri_xy(row as i64, col as i64));
        }
    }
    // Along each row, lower half (widening) then upper half (narrowing).
    let mut vid = 0;
    for n in 0..=rows / 2 {
        for _ in 0..cols / 2 + n {
            graph.add_edge(vid, vid + 1);
            vid += 1;
        }
        vid += 1;
    }
    for n in 0..rows / 2 {
        for _ in 0..cols - 2 - n {
            graph.add_edge(vid, vid + 1);
            vid += 1;
        }
        vid += 1;
    }
    // Up to the next row: from the lower half, then down from the upper half.
    vid = 0;
    for n in 0..rows / 2 {
        let off = rows / 2 + 1 + n;
        for _ in 0..cols / 2 + 1 + n {
            graph.add_edge(vid, vid + off);
            graph.add_edge(vid, vid + off + 1);
            vid += 1;
        }
    }
    vid += cols;
    for n in 0..rows / 2 {
        let off = rows - n;
        for _ in 0..cols - 1 - n {
            graph.add_edge(vid, vid - off);
            graph.add_edge(vid, vid - off + 1);
            vid += 1;
        }
    }
    graph.make_faces();
    graph.reorder();
    graph
}

/// `(tri {s1 s2 ...})`, `(tri Limping n)` (sides `{n n+1}`) (`CustomOnTri`
/// from sides): the lattice points inside the polygon walking the sides,
/// each counted in points (the rows and columns tried are the polygon's
/// coordinate bounds widened by the first side of a limping shape, else
/// 2), vertices one unit apart joined, faces traced, renumbered.
pub fn custom(sides: &[u32]) -> Graph {
    let limping = sides.len() == 2 && sides[0] + 1 == sides[1];
    let margin = if limping { i64::from(sides[0]) } else { 2 };
    let points = geom::points_inside_sides(sides, margin, tri_xy);
    let mut graph = Graph::from_vertex_list(&points, 1.0);
    graph.reorder();
    graph
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_counts() {
        // n(n+1)/2 points; (n-1)^2 triangles.
        let g = triangle(4, SiteType::Vertex);
        assert_eq!(g.vertices.len(), 10);
        assert_eq!(g.faces.len(), 9);
        let g = triangle(4, SiteType::Cell);
        assert_eq!(g.faces.len(), 16);
    }

    #[test]
    fn hexagon_counts() {
        // 3n^2 - 3n + 1 points, 6(n-1)^2 triangles.
        let g = hexagon(5, SiteType::Vertex);
        assert_eq!(g.vertices.len(), 61);
        assert_eq!(g.faces.len(), 96);
        assert_eq!(g.edges.len(), 156);
    }

    #[test]
    fn limping_hexagon_counts() {
        // Sides of 4 and 5 points alternating: 3 * 4 * 5 - 3 * 4 - 3 * 5 + ... ;
        // Ludii's Claustro board `(tri Limping 3)` has 27 points.
        let g = custom(&[3, 4]);
        assert_eq!(g.vertices.len(), 27);
    }
}
