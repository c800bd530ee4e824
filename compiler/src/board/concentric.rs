//! Concentric boards: regular polygons (`(concentric Square rings:3)`,
//! Ludii's `ConcentricRegular`, Morris boards) and circles
//! (`(concentric {1 8})`, `ConcentricCircle`, Mu Torere, and on cell
//! boards Shatranj ar-Rumiya's round board).

use super::geom::Pt;
use super::graph::Graph;

/// Options of `(concentric sides:N rings:R ...)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConcentricPolygon {
    pub sides: u32,
    pub rings: u32,
    /// Vertices at side midpoints (`midpoints:`, default true).
    pub midpoints: bool,
    /// Join midpoints of successive rings (`joinMidpoints:`, default true).
    pub join_midpoints: bool,
    /// Join corners of successive rings (`joinCorners:`, default false).
    pub join_corners: bool,
}

impl ConcentricPolygon {
    /// Ludii's defaults for `(concentric <shape> rings:R)`.
    pub fn new(sides: u32, rings: u32) -> ConcentricPolygon {
        ConcentricPolygon {
            sides,
            rings,
            midpoints: true,
            join_midpoints: true,
            join_corners: false,
        }
    }
}

pub fn regular(spec: ConcentricPolygon) -> Graph {
    let mut graph = Graph::new();
    let n = spec.sides as usize;
    let arc = 2.0 * std::f64::consts::PI / n as f64;
    let reference = std::f64::consts::PI / 2.0 + if n & 1 == 0 { arc / 2.0 } else { 0.0 };
    let mut base = 0;
    for ring in 0..spec.rings as usize {
        let radius = 1.0 + ring as f64 * if n == 3 { 2.0 } else { 1.0 };
        for side in 0..n {
            let xa = radius * (reference + arc * side as f64).cos();
            let ya = radius * (reference + arc * side as f64).sin();
            let xc = radius * (reference + arc * (side + 1) as f64).cos();
            let yc = radius * (reference + arc * (side + 1) as f64).sin();
            graph.find_or_add_vertex(Pt::new(xa, ya));
            if spec.midpoints {
                graph.find_or_add_vertex(Pt::new((xa + xc) / 2.0, (ya + yc) / 2.0));
            }
        }
        let count = graph.vertices.len();
        for v in base..count {
            let next = if v < count - 1 { v + 1 } else { base };
            graph.add_edge(v, next);
        }
        base = count;
    }
    if spec.midpoints && spec.join_midpoints || spec.join_corners {
        let per_side = if spec.midpoints { 2 } else { 1 };
        let per_ring = n * per_side;
        for ring in 0..(spec.rings as usize).saturating_sub(1) {
            for side in 0..n {
                if spec.join_corners {
                    let v = ring * per_ring + side * per_side;
                    graph.add_edge(v, v + per_ring);
                }
                if spec.join_midpoints {
                    let v = ring * per_ring + side * per_side + 1;
                    graph.add_edge(v, v + per_ring);
                }
            }
        }
    }
    graph.reorder();
    graph
}

/// `(concentric {c0 c1 ...})` with `use:Vertex` (Ludii's
/// `ConcentricCircle.generateForVertices`): rings of `c_i` points at radius
/// `i`, starting at the top and going clockwise; a leading 1 is the centre
/// point, joined to every point of ring 1; other rings are joined radially.
/// The points keep their generation order (Ludii does not renumber these).
///
/// Ludii also makes every point pivot on the centre and marks ring edges as
/// curved, which gives the `In`/`Out`/`CW`/`CCW` directions; those are not
/// generated here.
pub fn circle(cells: &[i32], stagger: bool) -> Graph {
    let mut graph = Graph::new();
    if cells.is_empty() {
        return graph;
    }
    if cells.len() == 1 {
        return simple_polygon(cells[0].max(0) as u32);
    }
    // A ring's count is its number of points; a negative count gives the
    // points without the edges around the ring.
    let verts: Vec<i32> = if cells[0].abs() > 1 {
        std::iter::once(0).chain(cells.iter().copied()).collect()
    } else {
        cells.to_vec()
    };
    let pi = std::f64::consts::PI;
    let reference = pi / 2.0;
    // (x, y, theta) per ring.
    let mut samples: Vec<Vec<(f64, f64, f64)>> = Vec::new();
    for (ring, &count) in verts.iter().enumerate() {
        let count = count.unsigned_abs();
        let r = ring as f64;
        let offset = if stagger && ring % 2 == 1 {
            2.0 * pi / count as f64 / 2.0
        } else {
            0.0
        };
        let ring_samples = (0..count)
            .map(|step| {
                let theta = reference + offset - 2.0 * pi * step as f64 / count as f64;
                (r * theta.cos(), r * theta.sin(), theta)
            })
            .collect();
        samples.push(ring_samples);
    }
    for ring in samples.iter_mut().skip(1) {
        sort_and_thin(ring, 0.1);
    }
    for ring in &samples {
        for &(x, y, _) in ring {
            graph.find_or_add_vertex(Pt::new(x, y));
        }
    }
    for ring in 1..samples.len() {
        let size = samples[ring].len();
        if verts[ring] < 2 || size < 2 {
            continue;
        }
        for n in 0..size {
            let (a, b) = (samples[ring][n], samples[ring][(n + 1) % size]);
            let va = graph.find_or_add_vertex(Pt::new(a.0, a.1));
            let vb = graph.find_or_add_vertex(Pt::new(b.0, b.1));
            if va != vb {
                graph.find_or_add_edge(va, vb);
            }
        }
    }
    for ring in 0..samples.len() - 1 {
        for &(x, y, _) in &samples[ring] {
            let Some(va) = graph.find_vertex(Pt::new(x, y)) else {
                continue;
            };
            if ring == 0 {
                for &(bx, by, _) in &samples[1] {
                    if let Some(vb) = graph.find_vertex(Pt::new(bx, by)) {
                        graph.find_or_add_edge(va, vb);
                    }
                }
            } else {
                let ratio = (ring + 1) as f64 / ring as f64;
                if let Some(vb) = graph.find_vertex(Pt::new(x * ratio, y * ratio)) {
                    graph.find_or_add_edge(va, vb);
                }
            }
        }
    }
    graph
}

/// `(concentric {c0 c1 ...})` on a cell board (Ludii's
/// `ConcentricCircle.generateForCells`): ring i (with at least 2 cells)
/// has `|c_i|` cells between radii `max(0, i - 1/2)` and `i + 1/2`, their
/// corners sampled at angles from the top, clockwise. The centre vertex
/// comes first; each circle's samples are sorted by angle and thinned
/// (0.001), listed, joined around the circle, then the radial sides are
/// added cell by cell; faces are traced with the crossing check. Nothing
/// is renumbered.
pub fn circle_cells(cells: &[i32], stagger: bool) -> Graph {
    let mut graph = Graph::new();
    let num_rings = cells.len();
    if num_rings < 1 {
        return graph;
    }
    graph.add_vertex(Pt::new(0.0, 0.0));
    let pi = std::f64::consts::PI;
    let reference = pi / 2.0;
    // The inner and outer corners of ring `ring`'s cells, by step.
    let corners = |ring: usize, normalise: bool| {
        let count = cells[ring].unsigned_abs() as usize;
        let inner = (ring as f64 - 0.5).max(0.0);
        let outer = ring as f64 + 0.5;
        let offset = if stagger && ring % 2 == 1 {
            2.0 * pi / count as f64 / 2.0
        } else {
            0.0
        };
        (0..if count < 2 { 0 } else { count }).map(move |step| {
            let mut theta = reference + offset - 2.0 * pi * step as f64 / count as f64;
            if normalise {
                while theta < -pi {
                    theta += 2.0 * pi;
                }
                while theta > pi {
                    theta -= 2.0 * pi;
                }
            }
            let (sin, cos) = (theta.sin(), theta.cos());
            let at = |r: f64| (r * cos, r * sin, theta);
            (at(inner), at(outer))
        })
    };
    let mut samples: Vec<Vec<(f64, f64, f64)>> = vec![Vec::new(); num_rings + 1];
    for ring in 0..num_rings {
        for (inner, outer) in corners(ring, true) {
            samples[ring].push(inner);
            samples[ring + 1].push(outer);
        }
    }
    for ring in &mut samples {
        sort_and_thin(ring, 0.001);
    }
    for ring in &samples {
        for &(x, y, _) in ring {
            graph.find_or_add_vertex(Pt::new(x, y));
        }
    }
    for ring in &samples {
        let size = ring.len();
        if size < 2 {
            continue;
        }
        for n in 0..size {
            let (a, b) = (ring[n], ring[(n + 1) % size]);
            let va = graph.find_vertex(Pt::new(a.0, a.1));
            let vb = graph.find_vertex(Pt::new(b.0, b.1));
            if let (Some(va), Some(vb)) = (va, vb) {
                if va != vb {
                    graph.find_or_add_edge(va, vb);
                }
            }
        }
    }
    for ring in 0..num_rings {
        for ((ix, iy, _), (ox, oy, _)) in corners(ring, false) {
            let va = graph.find_or_add_vertex(Pt::new(ix, iy));
            let vb = graph.find_or_add_vertex(Pt::new(ox, oy));
            if va != vb {
                graph.find_or_add_edge(va, vb);
            }
        }
    }
    graph.make_faces_checked(true);
    graph
}

/// A circle's samples `(x, y, angle)` sorted by angle (stable), then from
/// the last down each one within `tolerance` of the one before removed.
fn sort_and_thin(ring: &mut Vec<(f64, f64, f64)>, tolerance: f64) {
    ring.sort_by(|a, b| a.2.partial_cmp(&b.2).unwrap_or(std::cmp::Ordering::Equal));
    let mut n = ring.len();
    while n > 1 {
        n -= 1;
        let (a, b) = (ring[n], ring[n - 1]);
        if Pt::new(a.0, a.1).dist(Pt::new(b.0, b.1)) < tolerance {
            ring.remove(n);
        }
    }
}

fn simple_polygon(sides: u32) -> Graph {
    let mut graph = Graph::new();
    let n = sides as usize;
    let pi = std::f64::consts::PI;
    let r = sides as f64 / (2.0 * pi);
    let offset = if sides == 4 { pi / 4.0 } else { pi / 2.0 };
    for k in 0..n {
        let theta = offset + k as f64 / n as f64 * 2.0 * pi;
        graph.add_vertex(Pt::new(r * theta.cos(), r * theta.sin()));
    }
    for k in 0..n {
        graph.add_edge(k, (k + 1) % n);
    }
    graph.reorder();
    graph
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn morris_board() {
        let g = regular(ConcentricPolygon::new(4, 3));
        assert_eq!(g.vertices.len(), 24);
        assert_eq!(g.edges.len(), 24 + 8);
        assert!(g.faces.is_empty());
    }

    #[test]
    fn wheel() {
        let g = circle(&[1, 8], false);
        assert_eq!(g.vertices.len(), 9);
        assert_eq!(g.edges.len(), 16);
        assert_eq!(g.vertices[0].pt, Pt::new(0.0, 0.0));
    }
}
