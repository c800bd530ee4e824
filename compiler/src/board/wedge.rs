//! `(wedge rows [columns])`: Ludii's `Wedge` generator, a triangle of points
//! fanning out from an apex (the "wedges" added to Alquerque boards).
//!
//! The apex is vertex 0 at `(rows - 1, rows - 1)`; row `r` (1 ..= rows - 1)
//! has `columns` points (3 unless given) spread evenly from `x = mid - r` to
//! `x = mid + r` at `y = mid - r`, so the wedge opens downwards. Edges join
//! the apex to row 1, each row's neighbours, and each point to the one below
//! it. Unlike the tiling generators, Ludii's `Wedge` neither traces faces nor
//! reorders: the numbering is the creation order, and the graph has no
//! cells.

use super::geom::Pt;
use super::graph::Graph;

/// The wedge graph; `rows` and `columns` must be at least 2.
pub fn wedge(rows: u32, columns: u32) -> Graph {
    let (rows, columns) = (rows as usize, columns as usize);
    let mut graph = Graph::new();
    let mid = (rows - 1) as f64;
    graph.add_vertex(Pt::new(mid, mid));
    for r in 1..rows {
        let left = mid - r as f64;
        let right = mid + r as f64;
        for c in 0..columns {
            // `MathRoutines.lerp`.
            let t = c as f64 / (columns - 1) as f64;
            graph.add_vertex(Pt::new(left + t * (right - left), mid - r as f64));
        }
    }
    for c in 0..columns {
        graph.add_edge(0, c + 1);
    }
    for r in 1..rows {
        let from = r * columns - columns + 1;
        for c in 0..columns - 1 {
            graph.add_edge(from + c, from + c + 1);
        }
        if r < rows - 1 {
            for c in 0..columns {
                graph.add_edge(from + c, from + columns + c);
            }
        }
    }
    graph
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(wedge 3)`: apex 0 at (2, 2), then rows (1..=3, 1) and (0..=4, 0).
    #[test]
    fn wedge_3_numbering() {
        let g = wedge(3, 3);
        let pts: Vec<(f64, f64)> = g.vertices.iter().map(|v| (v.pt.x, v.pt.y)).collect();
        assert_eq!(
            pts,
            [
                (2.0, 2.0),
                (1.0, 1.0),
                (2.0, 1.0),
                (3.0, 1.0),
                (0.0, 0.0),
                (2.0, 0.0),
                (4.0, 0.0)
            ]
        );
        let ends: Vec<(usize, usize)> = g.edges.iter().map(|e| (e.a, e.b)).collect();
        assert_eq!(
            ends,
            [
                (0, 1),
                (0, 2),
                (0, 3),
                (1, 2),
                (2, 3),
                (1, 4),
                (2, 5),
                (3, 6),
                (4, 5),
                (5, 6)
            ]
        );
        assert!(g.faces.is_empty());
    }

    #[test]
    fn wedge_with_four_columns() {
        let g = wedge(2, 4);
        assert_eq!(g.vertices.len(), 5);
        let xs: Vec<f64> = g.vertices[1..].iter().map(|v| v.pt.x).collect();
        assert_eq!(xs, [0.0, 1.0 / 3.0 * 2.0, 2.0 / 3.0 * 2.0, 2.0]);
    }
}
