//! Graph operators applied after a tiling is built: `(rotate deg g)`,
//! `(shift dx dy g)` and `(scale sx sy g)`. They move vertices but keep the
//! element numbering that the inner generator assigned (Ludii does not
//! reorder after them).

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

/// Multiply every vertex position by (sx, sy, sz) (`Graph.scale`); the
/// numbering and each vertex's edge order are kept.
pub fn scale(graph: &mut Graph, sx: f64, sy: f64, sz: f64) {
    for v in &mut graph.vertices {
        v.pt.x *= sx;
        v.pt.y *= sy;
        v.pt.z *= sz;
    }
    graph.recalculate_positions();
}

/// `(skew amount g)` (`Graph.skew`): each vertex moves right by its height
/// above the lowest vertex times `amount`.
pub fn skew(graph: &mut Graph, amount: f64) {
    if graph.vertices.is_empty() {
        return;
    }
    let (_, y0, _, _) = graph.vertex_bounds();
    for v in &mut graph.vertices {
        v.pt.x += (v.pt.y - y0) * amount;
    }
    graph.recalculate_positions();
}

/// `(intersect {g1 g2 ...})`: the vertices and edges of the first graph that
/// coincide (within 0.01) with a vertex, resp. an edge, of every other graph
/// (`Intersect.eval`). The result keeps the first graph's vertex order, and
/// its faces are traced afresh and, as in Ludii, not renumbered.
pub fn intersect(graphs: &[Graph]) -> Graph {
    let Some((first, others)) = graphs.split_first() else {
        return Graph::new();
    };
    if others.is_empty() {
        return first.clone();
    }
    let coincident =
        |a: Pt, b: Pt| (a.x - b.x).abs() + (a.y - b.y).abs() + (a.z - b.z).abs() < 0.01;
    let keep_vertex: Vec<bool> = first
        .vertices
        .iter()
        .map(|v| {
            others
                .iter()
                .all(|g| g.vertices.iter().any(|w| coincident(v.pt, w.pt)))
        })
        .collect();
    let mut new_id = vec![usize::MAX; first.vertices.len()];
    let mut graph = Graph::new();
    for (v, vertex) in first.vertices.iter().enumerate() {
        if keep_vertex[v] {
            new_id[v] = graph.add_vertex(vertex.pt);
        }
    }
    for edge in &first.edges {
        let (pa, pb) = (first.vertices[edge.a].pt, first.vertices[edge.b].pt);
        let in_all = others.iter().all(|g| {
            g.edges.iter().any(|e| {
                let (qa, qb) = (g.vertices[e.a].pt, g.vertices[e.b].pt);
                coincident(pa, qa) && coincident(pb, qb) || coincident(pa, qb) && coincident(pb, qa)
            })
        });
        if in_all && keep_vertex[edge.a] && keep_vertex[edge.b] {
            graph.find_or_add_edge(new_id[edge.a], new_id[edge.b]);
        }
    }
    graph.make_faces();
    graph.link_faces_to_vertices();
    graph
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
