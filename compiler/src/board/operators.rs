//! Ludii's graph operators `(merge ...)`, `(add ...)` and `(remove ...)`
//! (`game.functions.graph.operators.Merge`, `Add`, `Remove`).
//!
//! None of them reorders: the elements keep the numbering of the graphs they
//! come from, in the order each operator creates, merges or removes them
//! (documented with each function), and the board numbers its sites in that
//! final order.

use std::collections::HashSet;

use super::geom::{self, Pt};
use super::graph::Graph;
use super::{GraphAdditions, GraphRemovals, Point, SiteType};

/// `Merge`'s vertex-matching tolerance (sum of |dx|, |dy|, |dz|), looser
/// than `Graph.findVertex`'s.
const MERGE_TOLERANCE: f64 = 0.01;

fn pt(p: Point) -> Pt {
    Pt {
        x: p[0],
        y: p[1],
        z: p[2],
    }
}

/// `(merge {g1 g2 ...})`: the parts' vertices one after the other (each
/// part in its own order), their edges likewise; then, for each vertex in
/// turn, every later vertex within 0.01 of it (checked from the last one
/// down) is merged into it and the vertices after that one move down; edges
/// that now join the same two vertices as an earlier edge are dropped; and
/// the result is rebuilt as a new graph, whose faces are traced afresh (the
/// parts' own faces are discarded).
pub fn merge(parts: &[Graph]) -> Graph {
    let mut points: Vec<Pt> = Vec::new();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for part in parts {
        let offset = points.len();
        points.extend(part.vertices.iter().map(|v| v.pt));
        edges.extend(part.edges.iter().map(|e| (e.a + offset, e.b + offset)));
    }
    let mut v = 0;
    while v < points.len() {
        let mut vv = points.len() - 1;
        while vv > v {
            let (a, b) = (points[v], points[vv]);
            let error = (a.x - b.x).abs() + (a.y - b.y).abs() + (a.z - b.z).abs();
            if error < MERGE_TOLERANCE {
                for end in edges.iter_mut().flat_map(|e| [&mut e.0, &mut e.1]) {
                    if *end == vv {
                        *end = v;
                    } else if *end > vv {
                        *end -= 1;
                    }
                }
                points.remove(vv);
            }
            vv -= 1;
        }
        v += 1;
    }
    // `Graph.removeDuplicateEdges`: the first edge joining two vertices stays.
    let mut seen = HashSet::new();
    edges.retain(|&(a, b)| seen.insert((a.min(b), a.max(b))));
    Graph::from_lists(&points, &edges)
}

/// `(add g vertices:{...} edges:{...} cells:{...})`, in Ludii's order:
/// 1. each vertex by position, unless one is already there (within 0.001);
/// 2. each edge by end point positions, finding or appending each end
///    point, then the edge unless the two are already joined;
/// 3. each cell by corner positions: corners found or appended, missing
///    sides added as edges, then the face (kept if it already exists);
/// 4. each edge by vertex indices (pairs naming a missing vertex skipped);
/// 5. each cell by vertex indices (lists of fewer than three, or naming a
///    missing vertex, skipped).
///
/// New elements are appended after the existing ones. No faces are traced:
/// a new edge that closes a polygon does not make a cell.
pub fn add(graph: &mut Graph, add: &GraphAdditions) -> Result<(), String> {
    for &p in &add.vertices {
        if graph.find_vertex(pt(p)).is_none() {
            graph.add_vertex(pt(p));
        }
    }
    for &[a, b] in &add.edges {
        let va = graph.find_or_add_vertex(pt(a));
        let vb = graph.find_or_add_vertex(pt(b));
        graph.find_or_add_edge(va, vb);
    }
    for corners in &add.cells {
        let vids: Vec<usize> = corners
            .iter()
            .map(|&p| graph.find_or_add_vertex(pt(p)))
            .collect();
        for k in 0..vids.len() {
            graph.find_or_add_edge(vids[k], vids[(k + 1) % vids.len()]);
        }
        graph.find_or_add_face(&vids)?;
    }
    for &[a, b] in &add.edge_indices {
        if a < graph.vertices.len() && b < graph.vertices.len() {
            graph.find_or_add_edge(a, b);
        }
    }
    for vids in &add.cell_indices {
        if vids.len() >= 3 {
            graph.find_or_add_face(vids)?;
        }
    }
    Ok(())
}

/// `(remove g cells:{...} edges:{...} vertices:{...} [trimEdges:B])`, in
/// Ludii's order:
/// 1. cells: by index, highest first (each removal moves later cells down);
///    or by corner positions, in the order given (a list of positions that
///    is not a face is skipped). With `trimEdges` (the default) the edges
///    left without a cell on either side go too, but never their vertices;
/// 2. edges: by the indices or positions of their end points, in the order
///    given (indices are read after the previous removals); the cells on
///    either side go with each edge;
/// 3. vertices: by index, highest first, or by position in the order given;
///    each takes its edges and the cells around it along.
///
/// Every removal moves the later elements of its kind down by one. Nothing
/// is traced or reordered afterwards (Ludii: "Do not create faces! That
/// would just restore any deleted faces."). Indices out of range and
/// positions without a vertex are skipped, as in Ludii.
pub fn remove(graph: &mut Graph, remove: &GraphRemovals) {
    let mut cells = remove.cell_indices.clone();
    cells.sort_unstable_by(|a, b| b.cmp(a));
    for fid in cells {
        graph.remove_face(fid, remove.trim_edges);
    }
    for corners in &remove.cells {
        let vids: Option<Vec<usize>> = corners.iter().map(|&p| graph.find_vertex(pt(p))).collect();
        if let Some(f) = vids.and_then(|vids| graph.find_face(&vids)) {
            graph.remove_face(f, remove.trim_edges);
        }
    }
    for &[a, b] in &remove.edge_indices {
        if let Some(e) = graph.find_edge(a, b) {
            graph.remove_edge(e);
        }
    }
    for &[a, b] in &remove.edges {
        let ends = (graph.find_vertex(pt(a)), graph.find_vertex(pt(b)));
        if let (Some(va), Some(vb)) = ends {
            if let Some(e) = graph.find_edge(va, vb) {
                graph.remove_edge(e);
            }
        }
    }
    let mut vertices = remove.vertex_indices.clone();
    vertices.sort_unstable_by(|a, b| b.cmp(a));
    for vid in vertices {
        graph.remove_vertex(vid);
    }
    for &p in &remove.vertices {
        if let Some(v) = graph.find_vertex(pt(p)) {
            graph.remove_vertex(v);
        }
    }
}

/// A `(poly {{x y} ...})` region as `Hole` and `Keep` use it: inflated by
/// 0.1 (`Polygon.inflate`) so that points on its outline fall inside.
fn inflated(polygon: &[Point]) -> Vec<Pt> {
    let mut poly: Vec<Pt> = polygon.iter().map(|&p| Pt::new(p[0], p[1])).collect();
    geom::inflate_polygon(&mut poly, 0.1);
    poly
}

/// `(hole g (poly ...))` (`Hole.eval`): every face whose centre lies inside
/// the inflated polygon is removed, highest index first, with the edges it
/// leaves without a face on either side (`Graph.removeFace(fid, true)`).
/// A polygon of fewer than 3 points changes nothing.
pub fn hole(graph: &mut Graph, polygon: &[Point]) {
    if polygon.len() < 3 {
        return;
    }
    let poly = inflated(polygon);
    for fid in (0..graph.faces.len()).rev() {
        if geom::point_in_polygon(graph.faces[fid].pt, &poly) {
            graph.remove_face(fid, true);
        }
    }
}

/// `(keep g (poly ...))` (`Keep.eval`, `inside`) and `(clip g (poly ...))`
/// (`Clip.eval`, not `inside`): the vertices inside (outside) the inflated
/// polygon, in order, and the edges between two of them, in order, rebuilt
/// as a new graph (faces traced afresh). A polygon of fewer than 3 points
/// keeps everything.
pub fn keep(graph: &Graph, polygon: &[Point], inside: bool) -> Graph {
    if polygon.len() < 3 {
        return graph.clone();
    }
    let poly = inflated(polygon);
    let mut new_id = vec![None; graph.vertices.len()];
    let mut points = Vec::new();
    for (v, vertex) in graph.vertices.iter().enumerate() {
        if geom::point_in_polygon(vertex.pt, &poly) == inside {
            new_id[v] = Some(points.len());
            points.push(vertex.pt);
        }
    }
    let edges: Vec<(usize, usize)> = graph
        .edges
        .iter()
        .filter_map(|e| Some((new_id[e.a]?, new_id[e.b]?)))
        .collect();
    Graph::from_lists(&points, &edges)
}

/// `(dual g)` (`Dual.eval`): a vertex at the centre of each face, in face
/// order; an edge (`addEdge`) across each edge with a face on both sides,
/// in edge order; faces traced; everything renumbered. A graph without
/// vertices, edges or faces is returned as it is.
pub fn dual(graph: &Graph) -> Graph {
    if graph.vertices.is_empty() || graph.edges.is_empty() || graph.faces.is_empty() {
        return graph.clone();
    }
    let mut dual = Graph::new();
    for face in &graph.faces {
        dual.add_vertex(face.pt);
    }
    for edge in &graph.edges {
        if let (Some(l), Some(r)) = (edge.left, edge.right) {
            dual.add_edge(l, r);
        }
    }
    dual.make_faces();
    dual.reorder();
    dual
}

/// `(trim g)` (`Graph.trim`): edges with an end point on no other edge are
/// removed, highest first (each test made after the removals before it),
/// then vertices left without edges, highest first. (Ludii keeps vertices
/// that are pivots; the graphs trimmed here have none.)
pub fn trim(graph: &mut Graph) {
    for eid in (0..graph.edges.len()).rev() {
        let (a, b) = (graph.edges[eid].a, graph.edges[eid].b);
        if graph.vertices[a].edges.len() == 1 || graph.vertices[b].edges.len() == 1 {
            graph.remove_edge(eid);
        }
    }
    for vid in (0..graph.vertices.len()).rev() {
        if graph.vertices[vid].edges.is_empty() {
            graph.remove_vertex(vid);
        }
    }
}

/// `(union {g1 g2 ...})` without `connect:` (`Union.eval`): the later
/// graphs' vertices, edges and faces appended to the first graph's, each
/// list in its own order, nothing merged (coincident vertices stay apart).
pub fn union(parts: &[Graph]) -> Graph {
    let Some((first, rest)) = parts.split_first() else {
        return Graph::new();
    };
    let mut graph = first.clone();
    for part in rest {
        let (dv, de, df) = (graph.vertices.len(), graph.edges.len(), graph.faces.len());
        graph.vertices.extend(part.vertices.iter().map(|v| {
            let mut v = v.clone();
            v.edges.iter_mut().for_each(|e| *e += de);
            v.faces.iter_mut().for_each(|f| *f += df);
            v
        }));
        graph.edges.extend(part.edges.iter().map(|e| {
            let mut e = e.clone();
            e.a += dv;
            e.b += dv;
            e.left = e.left.map(|f| f + df);
            e.right = e.right.map(|f| f + df);
            e
        }));
        graph.faces.extend(part.faces.iter().map(|f| {
            let mut f = f.clone();
            f.vertices.iter_mut().for_each(|v| *v += dv);
            f.edges.iter_mut().for_each(|e| *e += de);
            f
        }));
    }
    graph
}

/// `(splitCrossings g)` (`SplitCrossings.eval`): while two edges cross
/// (the first pair found, by index), a vertex is appended at the crossing,
/// both edges are removed (the later first) and the four halves added;
/// then, while an edge passes through a vertex that is not its end, the
/// edge is split there; then the faces are traced afresh with the crossing
/// check.
/// How many pairs of `graph`'s edges cross (what `split_crossings` splits
/// first).
pub fn crossings(graph: &Graph) -> usize {
    let p = |v: usize| graph.vertices[v].pt;
    let mut n = 0;
    for (i, ea) in graph.edges.iter().enumerate() {
        for eb in &graph.edges[i + 1..] {
            n += usize::from(geom::crossing_point(p(ea.a), p(ea.b), p(eb.a), p(eb.b)).is_some());
        }
    }
    n
}

pub fn split_crossings(graph: &mut Graph) {
    'crossings: loop {
        for ea in 0..graph.edges.len() {
            for eb in ea + 1..graph.edges.len() {
                let (a, b) = (graph.edges[ea].a, graph.edges[ea].b);
                let (c, d) = (graph.edges[eb].a, graph.edges[eb].b);
                let p = |v: usize| graph.vertices[v].pt;
                let Some(x) = geom::crossing_point(p(a), p(b), p(c), p(d)) else {
                    continue;
                };
                let vid = graph.add_vertex(x);
                graph.remove_edge(eb);
                graph.remove_edge(ea);
                graph.find_or_add_edge(a, vid);
                graph.find_or_add_edge(vid, b);
                graph.find_or_add_edge(c, vid);
                graph.find_or_add_edge(vid, d);
                continue 'crossings;
            }
        }
        break;
    }
    'touches: loop {
        for ea in 0..graph.edges.len() {
            // Ludii goes on through the vertices after a split, with the
            // removed edge's ends, removing whatever edge is then at `ea`.
            let (a, b) = (graph.edges[ea].a, graph.edges[ea].b);
            let (pa, pb) = (graph.vertices[a].pt, graph.vertices[b].pt);
            let mut split = false;
            for v in 0..graph.vertices.len() {
                if v == a || v == b || !geom::touches_segment(graph.vertices[v].pt, pa, pb) {
                    continue;
                }
                graph.remove_edge(ea);
                graph.find_or_add_edge(a, v);
                graph.find_or_add_edge(v, b);
                split = true;
            }
            if split {
                continue 'touches;
            }
        }
        break;
    }
    graph.make_faces_checked(true);
}

/// `(subdivide g [min:N])` (`Subdivide.eval`, `min` 1 by default): on a
/// vertex board the faces are traced first (with the crossing check); then
/// from the last face down, each face of at least `min` corners gets a new
/// vertex at its centre joined to its corners. On a cell board those faces
/// are removed (their edges stay) and all faces traced again; on a vertex
/// board all faces are dropped.
pub fn subdivide(graph: &mut Graph, min: usize, site_type: SiteType) {
    if site_type == SiteType::Vertex {
        graph.make_faces_checked(true);
    }
    let mut split = Vec::new();
    for fid in (0..graph.faces.len()).rev() {
        if graph.faces[fid].vertices.len() < min {
            continue;
        }
        let pivot = graph.add_vertex(graph.faces[fid].pt);
        for k in 0..graph.faces[fid].vertices.len() {
            let v = graph.faces[fid].vertices[k];
            graph.find_or_add_edge(pivot, v);
        }
        split.push(fid);
    }
    if site_type == SiteType::Cell {
        // `split` runs from the highest face down.
        for fid in split {
            graph.remove_face(fid, false);
        }
        graph.make_faces_checked(true);
    } else {
        graph.clear_faces();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{square, transform, wedge, SiteType, SquareDiagonals};

    fn points(g: &Graph) -> Vec<(f64, f64)> {
        g.vertices.iter().map(|v| (v.pt.x, v.pt.y)).collect()
    }

    fn ends(g: &Graph) -> Vec<(usize, usize)> {
        g.edges.iter().map(|e| (e.a, e.b)).collect()
    }

    /// Two unit squares side by side share an edge: the second part's
    /// copies of its end points merge into the first part's, later vertices
    /// move down, the duplicate edge goes, and the two cells are traced.
    #[test]
    fn merge_shares_coincident_vertices_and_edges() {
        let a = square::rectangle(1, 1, None, SiteType::Cell);
        let mut b = square::rectangle(1, 1, None, SiteType::Cell);
        transform::shift(&mut b, 1.0, 0.0);
        let g = merge(&[a, b]);
        assert_eq!(
            points(&g),
            [
                (0.0, 0.0),
                (1.0, 0.0),
                (0.0, 1.0),
                (1.0, 1.0),
                (2.0, 0.0),
                (2.0, 1.0)
            ]
        );
        assert_eq!(g.edges.len(), 7);
        assert_eq!(g.faces.len(), 2);
        let centres: Vec<(f64, f64)> = g.faces.iter().map(|f| (f.pt.x, f.pt.y)).collect();
        assert_eq!(centres, [(0.5, 0.5), (1.5, 0.5)]);
    }

    /// Merging keeps the first part's numbering and appends the rest: an
    /// Alquerque board above a wedge (Adugo) has the wedge's apex merged
    /// into the board's bottom middle point.
    #[test]
    fn merge_appends_later_parts() {
        let mut board =
            square::rectangle(5, 5, Some(SquareDiagonals::Alternating), SiteType::Vertex);
        transform::shift(&mut board, 0.0, 2.0);
        let g = merge(&[board, wedge::wedge(3, 3)]);
        assert_eq!(g.vertices.len(), 25 + 6);
        assert_eq!(
            points(&g)[25..],
            [
                (1.0, 1.0),
                (2.0, 1.0),
                (3.0, 1.0),
                (0.0, 0.0),
                (2.0, 0.0),
                (4.0, 0.0)
            ]
        );
        // The apex (2, 2) is the board's vertex 2; its edges to the wedge's
        // first row come after the board's edges.
        let apex_edges: Vec<(usize, usize)> = ends(&g)
            .into_iter()
            .filter(|&(a, b)| a == 2 && b >= 25)
            .collect();
        assert_eq!(apex_edges, [(2, 25), (2, 26), (2, 27)]);
    }

    /// Pong Hau K'i: `(remove (rectangle 3 3 diagonals:Alternating)
    /// vertices:{1 3 5 7})` leaves the corners and the centre, numbered
    /// 0 1 2 3 4, then `(add ... edges:{{3 0} {0 1} {1 4}})` joins them.
    #[test]
    fn remove_vertices_highest_first_then_add_edges() {
        let mut g = square::rectangle(3, 3, Some(SquareDiagonals::Alternating), SiteType::Vertex);
        remove(
            &mut g,
            &GraphRemovals {
                vertex_indices: vec![1, 3, 5, 7],
                ..GraphRemovals::default()
            },
        );
        assert_eq!(
            points(&g),
            [(0.0, 0.0), (2.0, 0.0), (1.0, 1.0), (0.0, 2.0), (2.0, 2.0)]
        );
        // Only the four diagonals to the centre are left, and no faces.
        let mut e = ends(&g);
        e.iter_mut().for_each(|p| *p = (p.0.min(p.1), p.0.max(p.1)));
        e.sort_unstable();
        assert_eq!(e, [(0, 2), (1, 2), (2, 3), (2, 4)]);
        assert!(g.faces.is_empty());
        add(
            &mut g,
            &GraphAdditions {
                edge_indices: vec![[3, 0], [0, 1], [1, 4]],
                ..GraphAdditions::default()
            },
        )
        .unwrap();
        assert_eq!(g.edges.len(), 7);
        assert_eq!(ends(&g)[4..], [(3, 0), (0, 1), (1, 4)]);
        assert!(g.faces.is_empty(), "adding edges traces no faces");
    }

    /// `(remove (square 3) cells:{...})`: cells go highest first, the
    /// edges they leave without a cell go too, the vertices stay.
    #[test]
    fn remove_cells_trims_orphaned_edges() {
        let mut g = square::rectangle(3, 3, None, SiteType::Cell);
        let centre = g.faces[4].pt;
        remove(
            &mut g,
            &GraphRemovals {
                cell_indices: vec![0, 4],
                trim_edges: true,
                ..GraphRemovals::default()
            },
        );
        assert_eq!(g.faces.len(), 7);
        assert!(g.faces.iter().all(|f| f.pt != centre));
        assert_eq!(g.faces[0].pt, Pt::new(1.5, 0.5));
        // Cell 0's two outer sides are orphaned; its inner sides and the
        // centre's sides still border another cell.
        assert_eq!(g.edges.len(), 24 - 2);
        assert_eq!(g.vertices.len(), 16);
        for (i, e) in g.edges.iter().enumerate() {
            for f in [e.left, e.right].into_iter().flatten() {
                assert!(g.faces[f].edges.contains(&i));
            }
        }
        for (v, vertex) in g.vertices.iter().enumerate() {
            for &f in &vertex.faces {
                assert!(g.faces[f].vertices.contains(&v));
            }
        }
        let mut h = square::rectangle(3, 3, None, SiteType::Cell);
        remove(
            &mut h,
            &GraphRemovals {
                cell_indices: vec![0],
                trim_edges: false,
                ..GraphRemovals::default()
            },
        );
        assert_eq!((h.faces.len(), h.edges.len()), (8, 24));
    }

    /// `(remove (square 3) edges:{{0 1} {1 2}}) use:Vertex` (Gurvan Xudag):
    /// the second pair is read after the first removal, which removed the
    /// cell beside it too.
    #[test]
    fn remove_edges_by_end_points() {
        let mut g = square::rectangle(3, 3, None, SiteType::Vertex);
        assert_eq!(g.faces.len(), 4);
        remove(
            &mut g,
            &GraphRemovals {
                edge_indices: vec![[0, 1], [1, 2]],
                ..GraphRemovals::default()
            },
        );
        assert_eq!(g.vertices.len(), 9);
        assert_eq!(g.edges.len(), 10);
        assert!(g.find_edge(0, 1).is_none() && g.find_edge(1, 2).is_none());
        assert_eq!(g.faces.len(), 2);
        let centres: Vec<(f64, f64)> = g.faces.iter().map(|f| (f.pt.x, f.pt.y)).collect();
        assert_eq!(centres, [(0.5, 1.5), (1.5, 1.5)]);
    }

    /// Positions find the elements within Ludii's 0.001.
    #[test]
    fn positions_select_vertices_edges_and_cells() {
        let mut g = square::rectangle(2, 2, None, SiteType::Cell);
        remove(
            &mut g,
            &GraphRemovals {
                cells: vec![vec![
                    [1.0, 1.0, 0.0],
                    [2.0, 1.0, 0.0],
                    [2.0, 2.0, 0.0],
                    [1.0, 2.0, 0.0],
                ]],
                edges: vec![[[0.0, 0.0, 0.0], [1.0, 0.0004, 0.0]]],
                vertices: vec![[0.0, 2.0, 0.0], [5.0, 5.0, 0.0]],
                trim_edges: true,
                ..GraphRemovals::default()
            },
        );
        assert_eq!(g.faces.len(), 1);
        assert_eq!(g.faces[0].pt, Pt::new(1.5, 0.5));
        assert_eq!(g.vertices.len(), 8);
        add(
            &mut g,
            &GraphAdditions {
                vertices: vec![[0.0, 0.0, 0.0], [3.0, 3.0, 0.0]],
                cells: vec![vec![
                    [0.0, 0.0, 0.0],
                    [0.0, 1.0, 0.0],
                    [1.0, 1.0, 0.0],
                    [1.0, 0.0, 0.0],
                ]],
                ..GraphAdditions::default()
            },
        )
        .unwrap();
        assert_eq!(g.vertices.len(), 9, "(0, 0) exists; (3, 3) is new");
        assert_eq!(g.faces.len(), 2);
        assert_eq!(g.faces[1].pt, Pt::new(0.5, 0.5));
    }

    #[test]
    fn a_cell_over_a_missing_edge_is_an_error() {
        let mut g = square::rectangle(2, 2, None, SiteType::Vertex);
        let err = add(
            &mut g,
            &GraphAdditions {
                cell_indices: vec![vec![0, 1, 3]],
                ..GraphAdditions::default()
            },
        );
        assert!(err.is_err());
    }
}
