//! Corner detection (`MeasureGraph.measureCorners`): perimeter vertices are
//! scored by how sharply the perimeter turns there, and the corner flags are
//! then passed on to edges and cells.

use super::geom::{self, Pt};
use super::graph::Graph;
use super::perimeter::Perimeter;
use super::properties::{self as p, Props};

pub fn measure(graph: &Graph, perimeters: &[Perimeter], props: &mut Props) {
    for perimeter in perimeters {
        corners_from_perimeter(perimeter, props);
    }
    for v in 0..graph.vertices.len() {
        if props.vertex[v] & p::CORNER == 0 {
            continue;
        }
        let kind = if props.vertex[v] & p::CORNER_CONCAVE != 0 {
            p::CORNER_CONCAVE
        } else {
            p::CORNER_CONVEX
        };
        let mut single_edge = false;
        for &e in &graph.vertices[v].edges {
            let edge = &graph.edges[e];
            if props.vertex[edge.other_vertex(v)] & p::CORNER != 0 {
                props.edge[e] |= p::CORNER | kind;
                if let Some(f) = edge.left.or(edge.right) {
                    props.cell[f] |= p::CORNER | kind;
                }
                single_edge = true;
            }
        }
        if single_edge {
            continue;
        }
        // The vertex is a corner on its own.
        for &e in &graph.vertices[v].edges {
            if props.edge[e] & p::PERIMETER == 0 {
                continue;
            }
            props.edge[e] |= p::CORNER | kind;
            if kind == p::CORNER_CONCAVE {
                for &f in &graph.vertices[v].faces {
                    let on_perimeter = graph.faces[f]
                        .vertices
                        .iter()
                        .filter(|&&fv| props.vertex[fv] & p::PERIMETER != 0)
                        .count();
                    if on_perimeter == 1 {
                        props.cell[f] |= p::CORNER | p::CORNER_CONCAVE;
                    }
                }
            } else if let Some(f) = graph.edges[e].left.or(graph.edges[e].right) {
                props.cell[f] |= p::CORNER | p::CORNER_CONVEX;
            }
        }
    }
}

fn corners_from_perimeter(perimeter: &Perimeter, props: &mut Props) {
    let tolerance = 0.001;
    let verts = &perimeter.vertices;
    let num = verts.len();
    if num < 6 {
        for &v in verts {
            props.vertex[v] |= p::CORNER | p::CORNER_CONVEX;
        }
        return;
    }
    let poly: &[Pt] = &perimeter.positions;
    let mut scores = vec![0.0f64; num];
    for n in 0..num {
        let pt = poly[n];
        let mut score = 0.0;
        for k in 1..4 {
            let a = poly[(n + num - k) % num];
            let b = poly[(n + k) % num];
            let mut dist = geom::distance_to_line(pt, a, b);
            if geom::clockwise3(a, pt, b) {
                dist = -dist;
            }
            score += dist / k as f64;
        }
        scores[n] = score;
    }
    let smoothed: Vec<f64> = (0..num)
        .map(|n| (4.0 * scores[n] + scores[(n + 1) % num] + scores[(n + num - 1) % num]) / 6.0)
        .collect();
    let scores = smoothed;
    let prev = |n: usize| (n + num - 1) % num;
    let next = |n: usize| (n + 1) % num;

    // Convex corners: local maxima above a threshold, plus similar neighbours.
    let mut keep = vec![true; num];
    for n in 0..num {
        if scores[n] < 0.320
            || scores[n] < scores[prev(n)] - tolerance
            || scores[n] < scores[next(n)] - tolerance
        {
            keep[n] = false;
        }
    }
    // Ludii widens the kept set while scanning it (a BitSet scanned in place).
    let similar = 0.95;
    let mut n = 0;
    while n < num {
        if keep[n] {
            if scores[prev(n)] >= similar * scores[n] {
                keep[prev(n)] = true;
            }
            if scores[next(n)] >= similar * scores[n] {
                keep[next(n)] = true;
            }
        }
        n += 1;
    }
    for n in 0..num {
        if keep[n] {
            props.vertex[verts[n]] |= p::CORNER | p::CORNER_CONVEX;
        }
    }

    // Concave corners: local minima below a threshold.
    for n in 0..num {
        let concave = !(scores[n] > -0.25
            || scores[n] > scores[prev(n)] + tolerance
            || scores[n] > scores[next(n)] + tolerance);
        if concave {
            props.vertex[verts[n]] |= p::CORNER | p::CORNER_CONCAVE;
        }
    }
}
