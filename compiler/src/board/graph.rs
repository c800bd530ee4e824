//! A planar graph of vertices, edges and faces, built the way Ludii's
//! `game.util.graph.Graph` builds it: edges around a vertex are kept in
//! angular order, faces are traced from those orders, and `reorder` numbers
//! every element by `y * 100 + x` (bottom row first, left to right).

use std::collections::HashMap;

use super::geom::{self, Pt};
use super::SiteType;

/// Ludii's vertex-matching tolerance (`BaseGraphFunction.tolerance`).
const FIND_TOLERANCE: f64 = 0.001;

/// Faces with more sides than this are not traced (`Graph.makeFaces`).
const MAX_FACE_SIDES: usize = 32;

#[derive(Clone, Debug)]
pub struct GVertex {
    pub pt: Pt,
    /// Incident edges, sorted by the angle of the edge seen from this vertex
    /// (`atan2`, ascending, i.e. counter-clockwise from west-south-west).
    pub edges: Vec<usize>,
    /// Incident faces (creation order, or angular order after
    /// [`Graph::link_faces_to_vertices`]).
    pub faces: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct GEdge {
    pub a: usize,
    pub b: usize,
    pub left: Option<usize>,
    pub right: Option<usize>,
    /// Midpoint.
    pub pt: Pt,
}

impl GEdge {
    pub fn other_vertex(&self, v: usize) -> usize {
        if v == self.a {
            self.b
        } else {
            self.a
        }
    }

    pub fn other_face(&self, f: usize) -> Option<usize> {
        if self.left == Some(f) {
            return self.right;
        }
        if self.right == Some(f) {
            return self.left;
        }
        None
    }

    fn matches(&self, a: usize, b: usize) -> bool {
        self.a == a && self.b == b || self.a == b && self.b == a
    }
}

#[derive(Clone, Debug)]
pub struct GFace {
    /// Vertices in the traced (clockwise) order.
    pub vertices: Vec<usize>,
    /// `edges[i]` joins `vertices[i]` and `vertices[i + 1]`.
    pub edges: Vec<usize>,
    /// Mean of the vertex positions.
    pub pt: Pt,
}

impl GFace {
    fn matches(&self, vids: &[usize]) -> bool {
        let n = self.vertices.len();
        if vids.len() != n {
            return false;
        }
        let Some(start) = self.vertices.iter().position(|&v| v == vids[0]) else {
            return false;
        };
        let forwards = (0..n).all(|k| self.vertices[(start + k) % n] == vids[k]);
        let backwards = (0..n).all(|k| self.vertices[(start + n - k) % n] == vids[k]);
        forwards || backwards
    }
}

#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub vertices: Vec<GVertex>,
    pub edges: Vec<GEdge>,
    pub faces: Vec<GFace>,
}

impl Graph {
    pub fn new() -> Graph {
        Graph::default()
    }

    /// A graph from vertex positions, joining every pair of vertices that are
    /// `unit` apart (within 0.01), as `BaseGraphFunction.createGraphFromVertexList`
    /// does. Positions are stored in single precision like Ludii's
    /// `Graph.createFromLists`, then faces are traced and linked.
    pub fn from_vertex_list(points: &[Pt], unit: f64) -> Graph {
        let mut pairs = Vec::new();
        for (a, pa) in points.iter().enumerate() {
            for (b, pb) in points.iter().enumerate().skip(a + 1) {
                if (pa.dist(*pb) - unit).abs() < 0.01 {
                    pairs.push((a, b));
                }
            }
        }
        let mut graph = Graph::new();
        for p in points {
            let single = |v: f64| v as f32 as f64;
            graph.add_vertex(Pt {
                x: single(p.x),
                y: single(p.y),
                z: single(p.z),
            });
        }
        for (a, b) in pairs {
            graph.find_or_add_edge(a, b);
        }
        graph.make_faces();
        graph.link_faces_to_vertices();
        graph
    }

    /// The graph of tiles centred at `centres` whose corners lie at
    /// `offsets` from the centre, in Ludii's way (the `*OnHex` generators
    /// and the semi-regular tilings): each tile's corners in turn, each
    /// listed unless within 0.1 of one already listed; then
    /// [`Graph::from_vertex_list`] with unit sides, and `reorder`.
    pub fn from_tiles(centres: impl IntoIterator<Item = Pt>, offsets: &[(f64, f64)]) -> Graph {
        let mut points: Vec<Pt> = Vec::new();
        for c in centres {
            for &(dx, dy) in offsets {
                let p = Pt::new(c.x + dx, c.y + dy);
                if !points.iter().any(|q| q.dist(p) < 0.1) {
                    points.push(p);
                }
            }
        }
        let mut graph = Graph::from_vertex_list(&points, 1.0);
        graph.reorder();
        graph
    }

    /// A graph from vertex positions and vertex index pairs, built as Ludii's
    /// `new Graph(vertices, edges)` (used by `merge` and `(graph ...)`):
    /// vertices in order, each pair through `findOrAddEdge` (pairs naming a
    /// missing vertex are skipped, as Ludii does), then `assemble`: faces
    /// traced and linked to their vertices. Nothing is renumbered.
    pub fn from_lists(points: &[Pt], edges: &[(usize, usize)]) -> Graph {
        let mut graph = Graph::new();
        for &pt in points {
            graph.add_vertex(pt);
        }
        for &(a, b) in edges {
            if a < points.len() && b < points.len() {
                graph.find_or_add_edge(a, b);
            }
        }
        graph.make_faces();
        graph.link_faces_to_vertices();
        graph
    }

    pub fn add_vertex(&mut self, pt: Pt) -> usize {
        self.vertices.push(GVertex {
            pt,
            edges: Vec::new(),
            faces: Vec::new(),
        });
        self.vertices.len() - 1
    }

    /// First vertex within Ludii's tolerance (sum of |dx|, |dy|, |dz|) of `pt`.
    pub fn find_vertex(&self, pt: Pt) -> Option<usize> {
        self.vertices.iter().position(|v| {
            (pt.x - v.pt.x).abs() + (pt.y - v.pt.y).abs() + (pt.z - v.pt.z).abs() < FIND_TOLERANCE
        })
    }

    pub fn find_or_add_vertex(&mut self, pt: Pt) -> usize {
        match self.find_vertex(pt) {
            Some(v) => v,
            None => self.add_vertex(pt),
        }
    }

    /// The lowest-numbered edge joining `a` and `b` (Ludii scans all edges in
    /// order; scanning `a`'s incident edges finds the same one).
    pub fn find_edge(&self, a: usize, b: usize) -> Option<usize> {
        self.vertices
            .get(a)?
            .edges
            .iter()
            .copied()
            .filter(|&e| self.edges[e].matches(a, b))
            .min()
    }

    pub fn find_or_add_edge(&mut self, a: usize, b: usize) -> usize {
        match self.find_edge(a, b) {
            Some(e) => e,
            None => self.add_edge(a, b),
        }
    }

    pub fn add_edge(&mut self, a: usize, b: usize) -> usize {
        let id = self.edges.len();
        let pt = midpoint(self.vertices[a].pt, self.vertices[b].pt);
        self.edges.push(GEdge {
            a,
            b,
            left: None,
            right: None,
            pt,
        });
        self.vertices[a].edges.push(id);
        self.sort_vertex_edges(a);
        self.vertices[b].edges.push(id);
        self.sort_vertex_edges(b);
        id
    }

    fn sort_vertex_edges(&mut self, v: usize) {
        let origin = self.vertices[v].pt;
        let mut list = std::mem::take(&mut self.vertices[v].edges);
        geom::stable_sort_by_score(&mut list, |e| {
            let other = self.vertices[self.edges[e].other_vertex(v)].pt;
            geom::angle(origin, other)
        });
        self.vertices[v].edges = list;
    }

    /// Trace the faces: from each vertex and each incident edge, keep turning
    /// to the next edge in angular order; closed clockwise polygons are faces
    /// (`Graph.makeFaces(false)`).
    pub fn make_faces(&mut self) {
        self.make_faces_checked(false);
    }

    /// `Graph.makeFaces(checkCrossings)`: with `check_crossings`, a trace
    /// also stops at a step that [`Graph::is_edge_crossing`] says crosses
    /// an edge.
    pub fn make_faces_checked(&mut self, check_crossings: bool) {
        // Faces found so far by sorted vertex set, to apply `Face.matches`
        // without scanning every face.
        let mut known: HashMap<Vec<usize>, Vec<usize>> = HashMap::new();
        self.clear_faces();
        for start in 0..self.vertices.len() {
            let start_z = self.vertices[start].pt.z;
            let start_edges = self.vertices[start].edges.clone();
            for edge_start in start_edges {
                let mut vert_ids = vec![start];
                let mut vert = start;
                let mut edge = edge_start;
                let mut closed = false;
                while vert_ids.len() <= MAX_FACE_SIDES {
                    let prev = vert;
                    let edges = &self.vertices[vert].edges;
                    let n = edges.iter().position(|&e| e == edge).unwrap_or(usize::MAX);
                    let num = edges.len();
                    let mut found = false;
                    for m in 1..num {
                        edge = edges[(n.wrapping_add(m)) % num];
                        let next = self.edges[edge].other_vertex(vert);
                        if (self.vertices[next].pt.z - start_z).abs() < 0.0001 {
                            vert = next;
                            found = true;
                            break;
                        }
                    }
                    if !found {
                        break;
                    }
                    if vert == start {
                        closed = true;
                        break;
                    }
                    if vert_ids.contains(&vert) {
                        break;
                    }
                    vert_ids.push(vert);
                    if check_crossings && self.is_edge_crossing(prev, vert) {
                        break;
                    }
                }
                if closed && vert_ids.len() >= 3 {
                    let poly: Vec<Pt> = vert_ids.iter().map(|&v| self.vertices[v].pt).collect();
                    let mut key = vert_ids.clone();
                    key.sort_unstable();
                    let same_set = known.entry(key).or_default();
                    let exists = same_set.iter().any(|&f| self.faces[f].matches(&vert_ids));
                    if geom::polygon_clockwise(&poly) && !exists {
                        if let Some(f) = self.add_face(&vert_ids) {
                            same_set.push(f);
                        }
                    }
                }
            }
        }
    }

    /// `Graph.clear(Cell)`: no faces, and no edge or vertex refers to one.
    pub fn clear_faces(&mut self) {
        self.faces.clear();
        for e in &mut self.edges {
            e.left = None;
            e.right = None;
        }
        for v in &mut self.vertices {
            v.faces.clear();
        }
    }

    /// `Graph.isEdgeCrossing(a, b)`: whether an edge listed *before* the
    /// first edge joining `a` and `b` crosses the segment a-b (edges
    /// touching a or b within 0.001 are passed over; Ludii stops at the
    /// first edge joining them).
    fn is_edge_crossing(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (self.vertices[a].pt, self.vertices[b].pt);
        for edge in &self.edges {
            if edge.matches(a, b) {
                return false;
            }
            let (ea, eb) = (self.vertices[edge.a].pt, self.vertices[edge.b].pt);
            let near = |p: Pt, q: Pt| p.dist(q) < 0.001;
            if near(pa, ea) || near(pa, eb) || near(pb, ea) || near(pb, eb) {
                continue;
            }
            if geom::segments_intersect(pa, pb, ea, eb) {
                return true;
            }
        }
        false
    }

    /// The face with these vertices (in either direction, from any start),
    /// if any (`Graph.findFace`).
    pub fn find_face(&self, vids: &[usize]) -> Option<usize> {
        self.faces.iter().position(|f| f.matches(vids))
    }

    /// Ludii's `Graph.findOrAddFace`: an existing matching face, else a new
    /// face over existing edges, appended to the face list and to its
    /// vertices' face lists. `Ok(None)` where Ludii gives up without a trace
    /// (more vertices than the graph has, or an index out of range); an
    /// error where Ludii would leave a half-made face behind (a side
    /// without an edge).
    pub fn find_or_add_face(&mut self, vids: &[usize]) -> Result<Option<usize>, String> {
        if vids.len() > self.vertices.len() || vids.iter().any(|&v| v >= self.vertices.len()) {
            return Ok(None);
        }
        if let Some(f) = self.find_face(vids) {
            return Ok(Some(f));
        }
        for k in 0..vids.len() {
            let (m, n) = (vids[k], vids[(k + 1) % vids.len()]);
            if self.find_edge(m, n).is_none() {
                return Err(format!(
                    "a cell over vertices {vids:?} without an edge between vertices {m} and {n}"
                ));
            }
        }
        Ok(self.add_face(vids))
    }

    /// Ludii's `Graph.removeFace(fid, removeOrphans)`: the face is unlinked
    /// from its edges and vertices and later faces move down one; with
    /// `remove_orphans`, its edges left without a face on either side are
    /// then removed (highest first). Vertices are never removed here.
    pub fn remove_face(&mut self, fid: usize, remove_orphans: bool) {
        if fid >= self.faces.len() {
            return;
        }
        let mut orphans = Vec::new();
        for k in 0..self.faces[fid].edges.len() {
            let e = self.faces[fid].edges[k];
            let edge = &mut self.edges[e];
            if edge.left == Some(fid) {
                edge.left = None;
                if remove_orphans && edge.right.is_none() {
                    orphans.push(e);
                }
            }
            if edge.right == Some(fid) {
                edge.right = None;
                if remove_orphans && edge.left.is_none() {
                    orphans.push(e);
                }
            }
        }
        let mut gone = vec![false; self.faces.len()];
        gone[fid] = true;
        self.drop_faces(&gone);
        orphans.sort_unstable();
        orphans.dedup();
        for &e in orphans.iter().rev() {
            self.remove_edge(e);
        }
    }

    /// Ludii's `Graph.removeEdge(eid)`: every face using the edge is removed
    /// first (highest first, without removing orphans), then the edge; later
    /// edges move down one. Its end points stay.
    pub fn remove_edge(&mut self, eid: usize) {
        if eid >= self.edges.len() {
            return;
        }
        for fid in (0..self.faces.len()).rev() {
            if self.faces[fid].edges.contains(&eid) {
                self.remove_face(fid, false);
            }
        }
        let mut gone = vec![false; self.edges.len()];
        gone[eid] = true;
        self.drop_edges(&gone);
    }

    /// Ludii's `Graph.removeVertex(vid)`: the faces around the vertex and its
    /// edges go with it; every element keeps its relative order and later
    /// ones move down.
    pub fn remove_vertex(&mut self, vid: usize) {
        if vid >= self.vertices.len() {
            return;
        }
        let faces: Vec<bool> = self
            .faces
            .iter()
            .map(|f| f.vertices.contains(&vid))
            .collect();
        self.drop_faces(&faces);
        let mut edges = vec![false; self.edges.len()];
        for &e in &self.vertices[vid].edges {
            edges[e] = true;
        }
        self.drop_edges(&edges);
        let new_id = renumbering(
            &(0..self.vertices.len())
                .map(|v| v == vid)
                .collect::<Vec<_>>(),
        );
        self.vertices.remove(vid);
        for e in &mut self.edges {
            e.a = new_id[e.a].expect("edges of a removed vertex are removed");
            e.b = new_id[e.b].expect("edges of a removed vertex are removed");
        }
        for f in &mut self.faces {
            f.vertices = f.vertices.iter().filter_map(|&v| new_id[v]).collect();
        }
    }

    /// Remove the faces flagged in `gone`: edges no longer refer to them,
    /// vertices drop them from their lists, the rest are renumbered in order.
    fn drop_faces(&mut self, gone: &[bool]) {
        let new_id = renumbering(gone);
        for e in &mut self.edges {
            e.left = e.left.and_then(|f| new_id[f]);
            e.right = e.right.and_then(|f| new_id[f]);
        }
        for v in &mut self.vertices {
            v.faces = v.faces.iter().filter_map(|&f| new_id[f]).collect();
        }
        let mut k = 0;
        self.faces.retain(|_| {
            k += 1;
            !gone[k - 1]
        });
    }

    /// Remove the edges flagged in `gone` (their faces must be gone already):
    /// vertices drop them from their lists, the rest are renumbered in order.
    fn drop_edges(&mut self, gone: &[bool]) {
        let new_id = renumbering(gone);
        for v in &mut self.vertices {
            v.edges = v.edges.iter().filter_map(|&e| new_id[e]).collect();
        }
        for f in &mut self.faces {
            f.edges = f.edges.iter().filter_map(|&e| new_id[e]).collect();
        }
        let mut k = 0;
        self.edges.retain(|_| {
            k += 1;
            !gone[k - 1]
        });
    }

    fn add_face(&mut self, vids: &[usize]) -> Option<usize> {
        if vids.len() > self.vertices.len() {
            return None;
        }
        let id = self.faces.len();
        let mut edges = Vec::with_capacity(vids.len());
        for k in 0..vids.len() {
            let (m, n) = (vids[k], vids[(k + 1) % vids.len()]);
            edges.push(self.find_edge(m, n)?);
        }
        for (k, &e) in edges.iter().enumerate() {
            if self.edges[e].a == vids[k] {
                self.edges[e].right = Some(id);
            } else {
                self.edges[e].left = Some(id);
            }
        }
        let pt = mean(vids.iter().map(|&v| self.vertices[v].pt));
        for &v in vids {
            self.vertices[v].faces.push(id);
        }
        self.faces.push(GFace {
            vertices: vids.to_vec(),
            edges,
            pt,
        });
        Some(id)
    }

    /// Rebuild each vertex's face list in face order, sorted by the angle of
    /// the face centre (`Graph.linkFacesToVertices`).
    pub fn link_faces_to_vertices(&mut self) {
        for v in &mut self.vertices {
            v.faces.clear();
        }
        for (f, face) in self.faces.iter().enumerate() {
            for &v in &face.vertices {
                self.vertices[v].faces.push(f);
            }
        }
        for v in 0..self.vertices.len() {
            let origin = self.vertices[v].pt;
            let mut list = std::mem::take(&mut self.vertices[v].faces);
            geom::stable_sort_by_score(&mut list, |f| geom::angle(origin, self.faces[f].pt));
            self.vertices[v].faces = list;
        }
    }

    /// Renumber vertices, then edges, then faces by `y * 100 + x`
    /// (`Graph.reorder`).
    pub fn reorder(&mut self) {
        for ty in [SiteType::Vertex, SiteType::Edge, SiteType::Cell] {
            self.reorder_type(ty);
        }
    }

    /// Renumber the elements of one type by `y * 100 + x`, a stable sort
    /// (`Graph.reorder(type)`).
    pub fn reorder_type(&mut self, ty: SiteType) {
        match ty {
            SiteType::Vertex => {
                let perm = rank(self.vertices.iter().map(|v| v.pt));
                let new = inverse(&perm);
                self.vertices = perm.iter().map(|&o| self.vertices[o].clone()).collect();
                for e in &mut self.edges {
                    e.a = new[e.a];
                    e.b = new[e.b];
                }
                for f in &mut self.faces {
                    f.vertices.iter_mut().for_each(|v| *v = new[*v]);
                }
            }
            SiteType::Edge => {
                let perm = rank(self.edges.iter().map(|e| e.pt));
                let new = inverse(&perm);
                self.edges = perm.iter().map(|&o| self.edges[o].clone()).collect();
                for v in &mut self.vertices {
                    v.edges.iter_mut().for_each(|e| *e = new[*e]);
                }
                for f in &mut self.faces {
                    f.edges.iter_mut().for_each(|e| *e = new[*e]);
                }
            }
            SiteType::Cell => {
                let perm = rank(self.faces.iter().map(|f| f.pt));
                let new = inverse(&perm);
                self.faces = perm.iter().map(|&o| self.faces[o].clone()).collect();
                for v in &mut self.vertices {
                    v.faces.iter_mut().for_each(|f| *f = new[*f]);
                }
                for e in &mut self.edges {
                    e.left = e.left.map(|f| new[f]);
                    e.right = e.right.map(|f| new[f]);
                }
            }
        }
    }

    /// Number of elements of a site type.
    pub fn count(&self, ty: SiteType) -> usize {
        match ty {
            SiteType::Vertex => self.vertices.len(),
            SiteType::Edge => self.edges.len(),
            SiteType::Cell => self.faces.len(),
        }
    }

    /// Position of an element (vertex position, edge midpoint, face centre).
    pub fn pt(&self, ty: SiteType, id: usize) -> Pt {
        match ty {
            SiteType::Vertex => self.vertices[id].pt,
            SiteType::Edge => self.edges[id].pt,
            SiteType::Cell => self.faces[id].pt,
        }
    }

    pub fn vertex_bounds(&self) -> (f64, f64, f64, f64) {
        geom::bounds(self.vertices.iter().map(|v| v.pt))
    }

    /// Mean vertex position (`Graph.centroid`).
    pub fn centroid(&self) -> Pt {
        if self.vertices.is_empty() {
            return Pt::new(0.0, 0.0);
        }
        let (mut x, mut y) = (0.0, 0.0);
        for v in &self.vertices {
            x += v.pt.x;
            y += v.pt.y;
        }
        let n = self.vertices.len() as f64;
        Pt::new(x / n, y / n)
    }

    /// Recompute edge midpoints and face centres after moving vertices.
    pub fn recalculate_positions(&mut self) {
        for e in 0..self.edges.len() {
            let (a, b) = (self.edges[e].a, self.edges[e].b);
            self.edges[e].pt = midpoint(self.vertices[a].pt, self.vertices[b].pt);
        }
        for f in 0..self.faces.len() {
            let pt = mean(self.faces[f].vertices.iter().map(|&v| self.vertices[v].pt));
            self.faces[f].pt = pt;
        }
    }
}

fn midpoint(a: Pt, b: Pt) -> Pt {
    Pt {
        x: (a.x + b.x) * 0.5,
        y: (a.y + b.y) * 0.5,
        z: (a.z + b.z) * 0.5,
    }
}

fn mean(points: impl Iterator<Item = Pt>) -> Pt {
    let (mut x, mut y, mut z, mut n) = (0.0, 0.0, 0.0, 0usize);
    for p in points {
        x += p.x;
        y += p.y;
        z += p.z;
        n += 1;
    }
    if n == 0 {
        return Pt::default();
    }
    let n = n as f64;
    Pt {
        x: x / n,
        y: y / n,
        z: z / n,
    }
}

/// New index of each old element when the flagged ones are removed.
fn renumbering(gone: &[bool]) -> Vec<Option<usize>> {
    let mut next = 0;
    gone.iter()
        .map(|&g| {
            (!g).then(|| {
                next += 1;
                next - 1
            })
        })
        .collect()
}

/// Old indices in the new order: stable sort by `y * 100 + x`.
fn rank(points: impl Iterator<Item = Pt>) -> Vec<usize> {
    let scores: Vec<f64> = points.map(|p| p.y * 100.0 + p.x).collect();
    let mut order: Vec<usize> = (0..scores.len()).collect();
    geom::stable_sort_by_score(&mut order, |i| scores[i]);
    order
}

fn inverse(perm: &[usize]) -> Vec<usize> {
    let mut inv = vec![0; perm.len()];
    for (new, &old) in perm.iter().enumerate() {
        inv[old] = new;
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One unit square, vertices added out of order.
    #[test]
    fn traces_one_square_face_and_reorders() {
        let mut g = Graph::new();
        let a = g.add_vertex(Pt::new(1.0, 1.0));
        let b = g.add_vertex(Pt::new(0.0, 0.0));
        let c = g.add_vertex(Pt::new(1.0, 0.0));
        let d = g.add_vertex(Pt::new(0.0, 1.0));
        g.add_edge(b, c);
        g.add_edge(c, a);
        g.add_edge(a, d);
        g.add_edge(d, b);
        g.make_faces();
        assert_eq!(g.faces.len(), 1);
        g.reorder();
        let pts: Vec<(f64, f64)> = g.vertices.iter().map(|v| (v.pt.x, v.pt.y)).collect();
        assert_eq!(pts, vec![(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]);
        assert_eq!(g.faces[0].pt, Pt::new(0.5, 0.5));
        for e in &g.edges {
            assert!(e.left.is_some() != e.right.is_some());
        }
    }
}
