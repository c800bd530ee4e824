//! Single steps between graph elements and their directions
//! (`GraphElement.stepsTo`, `Steps`, `Trajectories.generateSteps`).
//!
//! Every vertex, edge and cell gets a list of steps to other elements (of any
//! site type) tagged with relation directions (Orthogonal, Diagonal,
//! OffDiagonal, Adjacent, All) and then with one compass heading: 8-way, or
//! 16-way when two of the element's steps fall in the same 8-way sector
//! (always the case for cells, whose steps to their own corners and sides
//! collide with their neighbours'). Lists are sorted clockwise from north.

use super::directions::{self, AbsoluteDirection as A, DirectionSet};
use super::geom::{self, Pt};
use super::graph::Graph;
use super::SiteType;

/// A graph element: site type and index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct El {
    pub ty: SiteType,
    pub id: u32,
}

impl El {
    fn new(ty: SiteType, id: usize) -> El {
        El { ty, id: id as u32 }
    }
}

#[derive(Clone, Debug)]
pub struct Step {
    pub to: El,
    pub dirs: DirectionSet,
}

/// Steps out of one element.
#[derive(Clone, Debug, Default)]
pub struct Steps {
    /// All steps, sorted clockwise from north.
    pub steps: Vec<Step>,
    /// For each direction, indices into `steps`, sorted clockwise from north.
    pub in_direction: Vec<Vec<u32>>,
}

impl Steps {
    fn add(&mut self, to: El, dirs: &[A]) {
        let dirs = DirectionSet::of(dirs);
        if let Some(existing) = self.steps.iter_mut().find(|s| s.to == to) {
            // Ludii keeps the extra bits but does not list the step under them.
            existing.dirs.0 |= dirs.0;
            return;
        }
        let k = self.steps.len() as u32;
        self.steps.push(Step { to, dirs });
        for d in dirs.iter() {
            self.in_direction[d.index()].push(k);
        }
    }

    /// Steps to elements of `ty` in direction `dir`, in order.
    pub fn to_type_in(&self, ty: SiteType, dir: A) -> impl Iterator<Item = &Step> + '_ {
        self.in_direction[dir.index()]
            .iter()
            .map(|&k| &self.steps[k as usize])
            .filter(move |s| s.to.ty == ty)
    }
}

/// Steps for every element of every site type: `[vertex, edge, cell]`.
pub fn generate(graph: &Graph) -> [Vec<Steps>; 3] {
    let mut all: [Vec<Steps>; 3] = Default::default();
    for (k, ty) in [SiteType::Vertex, SiteType::Edge, SiteType::Cell]
        .into_iter()
        .enumerate()
    {
        for id in 0..graph.count(ty) {
            let mut steps = Steps {
                steps: Vec::new(),
                in_direction: vec![Vec::new(); A::COUNT],
            };
            match ty {
                SiteType::Vertex => vertex_steps(graph, id, &mut steps),
                SiteType::Edge => edge_steps(graph, id, &mut steps),
                SiteType::Cell => cell_steps(graph, id, &mut steps),
            }
            set_compass(graph, graph.pt(ty, id), &mut steps);
            sort(graph, graph.pt(ty, id), &mut steps);
            all[k].push(steps);
        }
    }
    all
}

const ORTHO: [A; 3] = [A::Orthogonal, A::Adjacent, A::All];

fn vertex_steps(graph: &Graph, v: usize, steps: &mut Steps) {
    let vertex = &graph.vertices[v];
    for &e in &vertex.edges {
        steps.add(
            El::new(SiteType::Vertex, graph.edges[e].other_vertex(v)),
            &ORTHO,
        );
    }
    // Diagonal across each face of four or more sides: the face corner most
    // nearly in line with this vertex and the face centre.
    for &f in &vertex.faces {
        let face = &graph.faces[f];
        if face.vertices.len() < 4 {
            continue;
        }
        let mut best = 1_000_000.0;
        let mut best_to = None;
        for &to in &face.vertices {
            if to == v {
                continue;
            }
            let dist = geom::distance_to_line(face.pt, vertex.pt, graph.vertices[to].pt);
            if dist < best {
                best = dist;
                best_to = Some(to);
            }
        }
        if let Some(to) = best_to {
            steps.add(El::new(SiteType::Vertex, to), &[A::Diagonal, A::All]);
        }
    }
    for &e in &vertex.edges {
        steps.add(El::new(SiteType::Edge, e), &ORTHO);
    }
    for &f in &vertex.faces {
        steps.add(El::new(SiteType::Cell, f), &ORTHO);
    }
}

fn edge_steps(graph: &Graph, e: usize, steps: &mut Steps) {
    let edge = &graph.edges[e];
    for v in [edge.a, edge.b] {
        for &other in &graph.vertices[v].edges {
            if other != e {
                steps.add(El::new(SiteType::Edge, other), &ORTHO);
            }
        }
    }
    for v in [edge.a, edge.b] {
        steps.add(El::new(SiteType::Vertex, v), &ORTHO);
    }
    let mut used = Vec::new();
    for f in [edge.left, edge.right].into_iter().flatten() {
        used.push(f);
        steps.add(El::new(SiteType::Cell, f), &ORTHO);
    }
    for v in [edge.a, edge.b] {
        for &f in &graph.vertices[v].faces {
            if !used.contains(&f) {
                used.push(f);
                steps.add(El::new(SiteType::Cell, f), &ORTHO);
            }
        }
    }
}

fn cell_steps(graph: &Graph, f: usize, steps: &mut Steps) {
    let face = &graph.faces[f];
    let mut used = vec![false; graph.faces.len()];
    used[f] = true;
    // Cells sharing an edge.
    for &e in &face.edges {
        if let Some(other) = graph.edges[e].other_face(f) {
            used[other] = true;
            steps.add(El::new(SiteType::Cell, other), &ORTHO);
        }
    }
    // Diagonal cells through a corner (e.g. square grid): the one most nearly
    // in line with the corner.
    for &v in &face.vertices {
        let vpt = graph.vertices[v].pt;
        let mut best = 1_000_000.0;
        let mut diagonal = None;
        for &other in &graph.vertices[v].faces {
            if used[other] {
                continue;
            }
            let dist = geom::distance_to_line(vpt, face.pt, graph.faces[other].pt);
            if dist < best {
                best = dist;
                diagonal = Some(other);
            }
        }
        if let Some(d) = diagonal {
            used[d] = true;
            steps.add(
                El::new(SiteType::Cell, d),
                &[A::Diagonal, A::Adjacent, A::All],
            );
        }
    }
    // Other cells through a corner (e.g. triangular grid).
    for &v in &face.vertices {
        for &other in &graph.vertices[v].faces {
            if !used[other] {
                used[other] = true;
                steps.add(
                    El::new(SiteType::Cell, other),
                    &[A::OffDiagonal, A::Adjacent, A::All],
                );
            }
        }
    }
    // Non-adjacent diagonal cells across an edge leaving a three-edge corner
    // (hex grid).
    for &v in &face.vertices {
        let vertex = &graph.vertices[v];
        if vertex.edges.len() != 3 {
            continue;
        }
        let away = vertex.edges.iter().find(|&&e| !face.edges.contains(&e));
        let Some(&away) = away else { continue };
        let ov = graph.edges[away].other_vertex(v);
        for &other in &graph.vertices[ov].faces {
            if used[other] {
                continue;
            }
            let opt = graph.faces[other].pt;
            let dist_v = geom::distance_to_line(vertex.pt, face.pt, opt);
            let dist_ov = geom::distance_to_line(graph.vertices[ov].pt, face.pt, opt);
            let dist_ab = face.pt.dist(opt);
            if (dist_v + dist_ov) / dist_ab > 0.1 {
                continue;
            }
            used[other] = true;
            steps.add(El::new(SiteType::Cell, other), &[A::Diagonal, A::All]);
        }
    }
    for &v in &face.vertices {
        steps.add(El::new(SiteType::Vertex, v), &ORTHO);
    }
    for &e in &face.edges {
        steps.add(El::new(SiteType::Edge, e), &ORTHO);
    }
}

/// Give each step its compass heading (and `SameLayer`), then set the
/// direction bits of every listed step (`setCompassDirections`,
/// `setDirections`).
fn set_compass(graph: &Graph, from: Pt, steps: &mut Steps) {
    let angles: Vec<f64> = steps
        .steps
        .iter()
        .map(|s| geom::angle(from, graph.pt(s.to.ty, s.to.id as usize)))
        .collect();
    let mut used = [false; 8];
    let mut collision = false;
    for &a in &angles {
        let h = directions::heading(a, false) as usize / 2;
        if used[h] {
            collision = true;
            break;
        }
        used[h] = true;
    }
    for (k, &a) in angles.iter().enumerate() {
        let dir = directions::heading(a, collision).absolute();
        steps.in_direction[dir.index()].push(k as u32);
        steps.in_direction[A::SameLayer.index()].push(k as u32);
    }
    for d in A::ALL {
        for &k in &steps.in_direction[d.index()] {
            steps.steps[k as usize].dirs.insert(d);
        }
    }
}

/// Sort the steps and each direction list clockwise from north (stable).
fn sort(graph: &Graph, from: Pt, steps: &mut Steps) {
    let scores: Vec<f64> = steps
        .steps
        .iter()
        .map(|s| geom::clockwise_from_north_score(from, graph.pt(s.to.ty, s.to.id as usize)))
        .collect();
    let mut order: Vec<u32> = (0..steps.steps.len() as u32).collect();
    geom::stable_sort_by_score(&mut order, |k| scores[k as usize]);
    let mut new_index = vec![0u32; order.len()];
    for (new, &old) in order.iter().enumerate() {
        new_index[old as usize] = new as u32;
    }
    steps.steps = order
        .iter()
        .map(|&old| steps.steps[old as usize].clone())
        .collect();
    for list in &mut steps.in_direction {
        for k in list.iter_mut() {
            *k = new_index[*k as usize];
        }
        // Sorting by new position equals a stable sort by score.
        list.sort_unstable();
    }
}
