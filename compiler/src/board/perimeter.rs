//! Board perimeter and inner/outer elements (`MeasureGraph.measurePerimeter`,
//! `measureInnerOuter`). The perimeter is a walk around the outside vertices
//! of each connected component, started at its leftmost vertex.

use super::geom::{self, Pt};
use super::graph::Graph;
use super::properties::{self as p, Props};
use super::SiteType;

/// The vertices around one connected component, in walking order.
#[derive(Clone, Debug, Default)]
pub struct Perimeter {
    pub vertices: Vec<usize>,
    pub positions: Vec<Pt>,
}

/// Find the perimeters and flag the perimeter, outer and inner elements.
pub fn measure(graph: &Graph, props: &mut Props) -> Vec<Perimeter> {
    let perimeters = find_perimeters(graph);
    for perimeter in &perimeters {
        let n = perimeter.vertices.len();
        for k in 0..n {
            let va = perimeter.vertices[k];
            let vb = perimeter.vertices[(k + 1) % n];
            props.vertex[va] |= p::PERIMETER;
            props.vertex[vb] |= p::PERIMETER;
            let incident = graph.vertices[va]
                .edges
                .iter()
                .copied()
                .find(|&e| graph.edges[e].other_vertex(va) == vb);
            let Some(e) = incident else { continue };
            props.edge[e] |= p::PERIMETER;
            if let Some(f) = graph.edges[e].left.or(graph.edges[e].right) {
                props.cell[f] |= p::PERIMETER;
            }
        }
    }
    measure_inner_outer(graph, props);
    perimeters
}

fn find_perimeters(graph: &Graph) -> Vec<Perimeter> {
    let mut covered = vec![false; graph.vertices.len()];
    let mut perimeters = Vec::new();
    while let Some(perimeter) = next_perimeter(graph, &mut covered) {
        perimeters.push(perimeter);
    }
    // Remove perimeters lying inside other perimeters.
    let mut pa = perimeters.len();
    while pa > 0 {
        pa -= 1;
        let start = perimeters[pa].positions[0];
        let inside = (0..perimeters.len())
            .any(|pb| pb != pa && geom::point_in_polygon(start, &perimeters[pb].positions));
        if inside {
            perimeters.remove(pa);
        }
    }
    perimeters
}

fn next_perimeter(graph: &Graph, covered: &mut [bool]) -> Option<Perimeter> {
    let mut start = None;
    let mut min_x = 1_000_000.0;
    for (v, vertex) in graph.vertices.iter().enumerate() {
        if !covered[v] && vertex.pt.x < min_x {
            start = Some(v);
            min_x = vertex.pt.x;
        }
    }
    let perimeter = follow_clockwise(graph, start?);
    for &v in &perimeter.vertices {
        covered[v] = true;
    }
    for (v, vertex) in graph.vertices.iter().enumerate() {
        if !covered[v] && geom::point_in_polygon(vertex.pt, &perimeter.positions) {
            covered[v] = true;
        }
    }
    Some(perimeter)
}

fn follow_clockwise(graph: &Graph, from: usize) -> Perimeter {
    let mut perimeter = Perimeter::default();
    let origin = graph.vertices[from].pt;
    if graph.vertices[from].edges.is_empty() {
        perimeter.vertices.push(from);
        perimeter.positions.push(origin);
        return perimeter;
    }
    let mut best_edge = graph.vertices[from].edges[0];
    let mut best_angle = 1_000_000.0;
    for &e in &graph.vertices[from].edges {
        let to = graph.vertices[graph.edges[e].other_vertex(from)].pt;
        let angle = (to.x - origin.x).atan2(-(to.y - origin.y));
        if angle < best_angle {
            best_edge = e;
            best_angle = angle;
        }
    }
    let mut vertex = from;
    let mut edge = best_edge;
    // Guard against walks that never close (not expected on real boards).
    let limit = 4 * graph.edges.len() + 4;
    for _ in 0..limit {
        perimeter.vertices.push(vertex);
        perimeter.positions.push(graph.vertices[vertex].pt);
        let prev = vertex;
        vertex = graph.edges[edge].other_vertex(vertex);
        let edges = &graph.vertices[vertex].edges;
        let i = edges.iter().position(|&e| e == edge).unwrap_or(0);
        for n in 1..edges.len() {
            edge = edges[(i + n) % edges.len()];
            if graph.edges[edge].other_vertex(vertex) != prev {
                break;
            }
        }
        if vertex == from {
            break;
        }
    }
    perimeter
}

fn measure_inner_outer(graph: &Graph, props: &mut Props) {
    for ty in [SiteType::Vertex, SiteType::Edge, SiteType::Cell] {
        for flags in props.of_mut(ty).iter_mut() {
            if *flags & p::PERIMETER != 0 {
                *flags |= p::OUTER;
            }
        }
    }
    for (f, face) in graph.faces.iter().enumerate() {
        if face
            .vertices
            .iter()
            .any(|&v| props.vertex[v] & p::PERIMETER != 0)
        {
            props.cell[f] |= p::OUTER | p::PERIMETER;
        }
    }
    for (e, edge) in graph.edges.iter().enumerate() {
        if props.vertex[edge.a] & p::PERIMETER != 0
            && props.vertex[edge.b] & p::PERIMETER != 0
            && (edge.left.is_none() || edge.right.is_none())
        {
            props.edge[e] |= p::OUTER | p::PERIMETER;
        }
    }
    for (f, face) in graph.faces.iter().enumerate() {
        if face
            .edges
            .iter()
            .any(|&e| graph.edges[e].left.is_none() || graph.edges[e].right.is_none())
        {
            props.cell[f] |= p::NULL_NBOR;
        }
    }
    for ty in [SiteType::Vertex, SiteType::Edge, SiteType::Cell] {
        for flags in props.of_mut(ty).iter_mut() {
            if *flags & p::OUTER == 0 {
                *flags |= p::INNER;
            }
        }
    }
}
