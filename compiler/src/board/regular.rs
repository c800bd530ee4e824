//! `(regular [Star] n)`: a regular polygon or star of `n` points (Ludii's
//! `Regular`), e.g. Kaooa's `(splitCrossings (regular Star 5))`.

use super::geom::Pt;
use super::graph::Graph;
use super::SiteType;

/// The `n` points on a circle of radius `n / 2π` (so sides are about one
/// unit), anticlockwise from the top (from the top right for a square),
/// joined to the next point, or for a star to the point `(n - 1) / 2`
/// further on; faces traced (with the crossing check) on a cell board
/// only; renumbered.
pub fn regular(n: u32, star: bool, site_type: SiteType) -> Graph {
    let n = n as usize;
    let r = n as f64 / (2.0 * std::f64::consts::PI);
    let offset = if n == 4 {
        std::f64::consts::FRAC_PI_4
    } else {
        std::f64::consts::FRAC_PI_2
    };
    let mut graph = Graph::new();
    for k in 0..n {
        let theta = offset + k as f64 / n as f64 * 2.0 * std::f64::consts::PI;
        graph.add_vertex(Pt::new(r * theta.cos(), r * theta.sin()));
    }
    let step = if star { (n - 1) / 2 } else { 1 };
    for k in 0..n {
        graph.add_edge(k, (k + step) % n);
    }
    if site_type == SiteType::Cell {
        graph.make_faces_checked(true);
    }
    graph.reorder();
    graph
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentagram_has_five_crossing_edges() {
        let g = regular(5, true, SiteType::Vertex);
        assert_eq!(g.vertices.len(), 5);
        assert_eq!(g.edges.len(), 5);
        assert!(g.faces.is_empty());
    }
}
