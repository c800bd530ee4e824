//! Graph operators applied after a tiling is built: `(rotate deg g)` and
//! `(shift dx dy g)`. They move vertices but keep the element numbering that
//! the inner generator assigned (Ludii does not reorder after them).

use super::geom::Pt;
use super::graph::Graph;

/// Rotate anticlockwise by `degrees` about the centre of the vertex bounds
/// (`Graph.rotate`).
pub fn rotate(graph: &mut Graph, degrees: f64) {
    if graph.vertices.is_empty() {
        return;
    }
    let theta = degrees.to_radians();
    let (bx, by, bw, bh) = graph.vertex_bounds();
    let pivot_x = bx + bw / 2.0;
    let pivot_y = by + bh / 2.0;
    let (sin, cos) = (theta.sin(), theta.cos());
    for v in &mut graph.vertices {
        let dx = v.pt.x - pivot_x;
        let dy = v.pt.y - pivot_y;
        let x = pivot_x + dx * cos - dy * sin;
        let y = pivot_y + dy * cos + dx * sin;
        v.pt = Pt { x, y, z: v.pt.z };
    }
    graph.recalculate_positions();
}

/// Translate every vertex by (dx, dy) (`Graph.translate`).
pub fn shift(graph: &mut Graph, dx: f64, dy: f64) {
    for v in &mut graph.vertices {
        v.pt.x += dx;
        v.pt.y += dy;
    }
    graph.recalculate_positions();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{square, SiteType};

    #[test]
    fn quarter_turn_keeps_numbering() {
        let mut g = square::rectangle(2, 3, None, SiteType::Cell);
        let before: Vec<Pt> = g.faces.iter().map(|f| f.pt).collect();
        rotate(&mut g, 90.0);
        // Centre of bounds is (1.5, 1); cell 0 at (0.5, 0.5) goes to (2, 0).
        let p = g.faces[0].pt;
        assert!(
            (p.x - 2.0).abs() < 1e-9 && (p.y - 0.0).abs() < 1e-9,
            "{p:?}"
        );
        assert_eq!(before.len(), g.faces.len());
    }
}
