//! Ludii's shape generators `(regular [Star] n)` (`Regular`: a regular
//! polygon or star, e.g. Kaooa's `(splitCrossings (regular Star 5))`) and
//! `(spiral turns:T sites:N)` (`Spiral`: Mehen's track), and
//! `(repeat R C step:{...} (poly ...))` (`Repeat`).

use super::geom::Pt;
use super::graph::Graph;
use super::{Point, SiteType};

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

/// `(spiral turns:T sites:N [clockwise:B])` (`Spiral`): vertex 0 at the
/// centre, then `N - 1` points along the Archimedean spiral r = θ, each
/// joined to the next; no faces, no renumbering. The angles are laid out
/// ring by ring (`base` steps in ring 1, doubling for rings 2 and 3, then
/// constant; rings 1, 2 and the odd ones offset by half a step), smoothed
/// twice, and the first nudged back. `None` where Ludii would fail.
pub fn spiral(turns: u32, sites: u32, clockwise: bool) -> Option<Graph> {
    let (turns, sites) = (turns as usize, sites as usize);
    let base = spiral_base(turns, sites);
    if base == 0 || sites < 3 {
        return None;
    }
    let pi = std::f64::consts::PI;
    let mut thetas = vec![0.0; 4 * sites];
    let mut index = 1;
    let mut steps = base;
    for ring in 1..=turns + 1 {
        let d_theta = pi * 2.0 / steps as f64;
        let mut theta = pi * 2.0 * ring as f64;
        if ring <= 2 || ring % 2 == 1 {
            theta -= d_theta / 2.0;
        }
        for _ in 0..steps {
            *thetas.get_mut(index)? = theta;
            index += 1;
            theta += d_theta;
        }
        if ring <= 2 {
            steps *= 2;
        }
    }
    for _ in 0..2 {
        for vid in 2..sites {
            thetas[vid] = (thetas[vid - 1] + thetas[vid + 1]) / 2.0;
        }
    }
    thetas[1] -= 0.5 * (thetas[2] - thetas[1]);
    let mut graph = Graph::new();
    graph.add_vertex(Pt::new(0.0, 0.0));
    for &theta in &thetas[1..sites] {
        let r = theta;
        let x = if clockwise {
            -(r * theta.cos())
        } else {
            r * theta.cos()
        };
        graph.add_vertex(Pt::new(0.0 + x, 0.0 + r * theta.sin()));
    }
    for vid in 0..sites - 1 {
        graph.add_edge(vid, vid + 1);
    }
    Some(graph)
}

/// `Spiral.baseNumber`: one less than the first number of steps per ring
/// that would put more than `sites` points in `turns - 1` rings; 0 if none.
fn spiral_base(turns: usize, sites: usize) -> usize {
    for base in 1..sites {
        let mut steps = base;
        let mut total = 1;
        for ring in 1..turns {
            total += steps;
            if total > sites {
                return base - 1;
            }
            if ring <= 2 {
                steps *= 2;
            }
        }
    }
    0
}

/// `(repeat rows cols step:{{cx cy} {rx ry}} POLYS)` (`Repeat`): for each
/// row and column, in order, each polygon shifted by `col * c + row * r`
/// has its sides added (corners found or added within Ludii's tolerance,
/// then `findOrAddEdge`); faces traced; renumbered.
pub fn repeat(rows: u32, cols: u32, step: [[f64; 2]; 2], polygons: &[Vec<Point>]) -> Graph {
    let mut graph = Graph::new();
    let [column, row_step] = step;
    for row in 0..rows {
        for col in 0..cols {
            let (c, r) = (f64::from(col), f64::from(row));
            let x0 = c * column[0] + r * row_step[0];
            let y0 = c * column[1] + r * row_step[1];
            for poly in polygons {
                for n in 0..poly.len() {
                    let (a, b) = (poly[n], poly[(n + 1) % poly.len()]);
                    let va = graph.find_or_add_vertex(Pt::new(x0 + a[0], y0 + a[1]));
                    let vb = graph.find_or_add_vertex(Pt::new(x0 + b[0], y0 + b[1]));
                    graph.find_or_add_edge(va, vb);
                }
            }
        }
    }
    graph.make_faces();
    graph.reorder();
    graph
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spiral_is_a_path() {
        let g = spiral(5, 86, true).unwrap();
        assert_eq!(g.vertices.len(), 86);
        assert_eq!(g.edges.len(), 85);
    }

    #[test]
    fn pentagram_has_five_crossing_edges() {
        let g = regular(5, true, SiteType::Vertex);
        assert_eq!(g.vertices.len(), 5);
        assert_eq!(g.edges.len(), 5);
        assert!(g.faces.is_empty());
    }
}
