//! Board sides (`MeasureGraph.measureSides`): the perimeter is cut at its
//! corners into runs; each run is labelled with the compass direction (one of
//! 8, from 16 sectors) from the graph centroid to the run's mean position.
//! Corner vertices belong to both runs they end. Edges and cells then take the
//! sides of their vertices.

use super::geom::{self, Pt};
use super::graph::Graph;
use super::perimeter::Perimeter;
use super::properties::{self as p, Props};

pub fn measure(graph: &Graph, perimeters: &[Perimeter], props: &mut Props) {
    let mid = graph.centroid();
    for perimeter in perimeters {
        find_sides(graph, mid, perimeter, props);
    }
    for v in 0..graph.vertices.len() {
        if props.vertex[v] & p::CORNER == 0 {
            continue;
        }
        for side in SIDE_ORDER {
            if props.vertex[v] & side == 0 {
                continue;
            }
            for &e in &graph.vertices[v].edges {
                if props.vertex[graph.edges[e].other_vertex(v)] & side != 0 {
                    props.edge[e] |= side;
                }
            }
            for &f in &graph.vertices[v].faces {
                props.cell[f] |= side;
            }
        }
    }
    for v in 0..graph.vertices.len() {
        let sides = props.vertex[v] & p::SIDES;
        for &e in &graph.vertices[v].edges {
            props.edge[e] |= sides;
        }
        for &f in &graph.vertices[v].faces {
            props.cell[f] |= sides;
        }
    }
}

const SIDE_ORDER: [u64; 8] = [
    p::SIDE_N,
    p::SIDE_E,
    p::SIDE_S,
    p::SIDE_W,
    p::SIDE_NE,
    p::SIDE_SE,
    p::SIDE_SW,
    p::SIDE_NW,
];

fn find_sides(graph: &Graph, mid: Pt, perimeter: &Perimeter, props: &mut Props) {
    let verts = &perimeter.vertices;
    let num = verts.len();
    for from in 0..num {
        if props.vertex[verts[from]] & p::CORNER == 0 {
            continue;
        }
        let mut to = from;
        loop {
            to += 1;
            if props.vertex[verts[to % num]] & p::CORNER != 0 {
                break;
            }
        }
        side_from_run(graph, perimeter, mid, from, to - from, props);
    }
}

fn side_from_run(
    graph: &Graph,
    perimeter: &Perimeter,
    mid: Pt,
    from: usize,
    run_length: usize,
    props: &mut Props,
) {
    let num_directions = 16;
    let verts = &perimeter.vertices;
    let num = verts.len();
    let first = graph.vertices[verts[from]].pt;
    let (mut avg_x, mut avg_y) = (first.x, first.y);
    for r in 0..run_length {
        let pt = graph.vertices[verts[(from + 1 + r) % num]].pt;
        avg_x += pt.x;
        avg_y += pt.y;
    }
    avg_x /= (run_length + 1) as f64;
    avg_y /= (run_length + 1) as f64;
    let dirn = geom::discrete_direction((avg_y - mid.y).atan2(avg_x - mid.x), num_directions);
    let property = if dirn == 0 {
        p::SIDE_E
    } else if dirn == num_directions / 4 {
        p::SIDE_N
    } else if dirn == num_directions / 2 {
        p::SIDE_W
    } else if dirn == 3 * num_directions / 4 {
        p::SIDE_S
    } else if dirn > 0 && dirn < num_directions / 4 {
        p::SIDE_NE
    } else if dirn < num_directions / 2 {
        p::SIDE_NW
    } else if dirn < 3 * num_directions / 4 {
        p::SIDE_SW
    } else {
        p::SIDE_SE
    };
    for r in 0..=run_length {
        props.vertex[verts[(from + r) % num]] |= property;
    }
}
