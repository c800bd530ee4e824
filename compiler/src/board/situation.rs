//! Rows, columns and coordinate labels (`MeasureGraph.measureSituation`).
//! Element positions are projected on a base line at a few candidate angles
//! and clustered; the angle with the lowest clustering error gives the rows,
//! and a second search (90°–120° from it) gives the columns. Labels are
//! column letters followed by the 1-based row (`A1` = row 0, column 0).

use super::geom::{self, Pt};
use super::SiteType;

/// Row, column and label of each element of one site type.
#[derive(Clone, Debug, Default)]
pub struct Situation {
    pub row: Vec<i32>,
    pub col: Vec<i32>,
    pub label: Vec<String>,
    /// True when two elements got the same label; Ludii then recomputes rows,
    /// columns and labels from exact coordinates ([`fallback`]).
    pub duplicate_labels: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Dim {
    Row,
    Column,
}

/// Measure every site type in Ludii's order (Vertex, Edge, Cell); edges reuse
/// the row and column angles found for vertices.
pub fn measure(points: [&[Pt]; 3]) -> [Situation; 3] {
    let mut best_thetas = [0.0, 0.5];
    let mut out: [Situation; 3] = Default::default();
    for (k, ty) in [SiteType::Vertex, SiteType::Edge, SiteType::Cell]
        .into_iter()
        .enumerate()
    {
        let pts = points[k];
        if pts.is_empty() {
            continue;
        }
        let (_, _, w, h) = geom::bounds(pts.iter().copied());
        let unit = (w + h) / 2.0 / (pts.len() as f64).sqrt();
        let mut row = vec![-1; pts.len()];
        let mut col = vec![-1; pts.len()];
        if ty == SiteType::Edge {
            cluster(pts, Dim::Row, unit, best_thetas[0], &mut row);
            cluster(pts, Dim::Column, unit, best_thetas[1], &mut col);
        } else {
            best_thetas[0] = best_angle(pts, Dim::Row, unit, 0.0, (0..=60).step_by(15), &mut row);
            best_thetas[1] = best_angle(
                pts,
                Dim::Column,
                unit,
                best_thetas[0],
                (90..=120).step_by(15),
                &mut col,
            );
        }
        let label: Vec<String> = row
            .iter()
            .zip(&col)
            .map(|(&r, &c)| make_label(r, c))
            .collect();
        let mut seen = std::collections::HashSet::new();
        let duplicate_labels = !label.iter().all(|l| seen.insert(l.as_str()));
        out[k] = Situation {
            row,
            col,
            label,
            duplicate_labels,
        };
    }
    out
}

fn best_angle(
    pts: &[Pt],
    dim: Dim,
    unit: f64,
    base: f64,
    angles: impl Iterator<Item = i32>,
    out: &mut [i32],
) -> f64 {
    let mut best_error = 1000.0;
    let mut best_theta = 0.0;
    for angle in angles {
        let theta = base + angle as f64 / 180.0 * std::f64::consts::PI;
        let error = cluster(pts, dim, unit, theta, out);
        if error < best_error {
            best_error = error;
            best_theta = theta;
            if error < 0.01 {
                break;
            }
        }
    }
    cluster(pts, dim, unit, best_theta, out);
    best_theta
}

/// Cluster the distances of the points from a base line at angle `theta`;
/// writes each point's bucket index to `out` and returns Ludii's error score.
fn cluster(pts: &[Pt], dim: Dim, unit: f64, theta: f64, out: &mut [i32]) -> f64 {
    let (bx, by, bw, bh) = geom::bounds(pts.iter().copied());
    let ref_a = match dim {
        Dim::Row => Pt::new(bx + bw / 2.0, by - bh),
        Dim::Column => Pt::new(bx - bw, by + bh / 2.0),
    };
    let ref_b = Pt::new(ref_a.x + bw * theta.cos(), ref_a.y + bw * theta.sin());
    let scores: Vec<f64> = pts
        .iter()
        .map(|&pt| geom::distance_to_line(pt, ref_a, ref_b))
        .collect();
    let mut order: Vec<usize> = (0..pts.len()).collect();
    geom::stable_sort_by_score(&mut order, |i| scores[i]);
    let margin = 0.6 * unit;
    // Buckets as (total, members).
    let mut buckets: Vec<(f64, Vec<usize>)> = Vec::new();
    for &i in &order {
        let new_bucket = match buckets.last() {
            None => true,
            Some((total, items)) => (scores[i] - total / items.len() as f64).abs() > margin,
        };
        if new_bucket {
            buckets.push((0.0, Vec::new()));
        }
        let bucket = buckets.last_mut().expect("bucket");
        bucket.0 += scores[i];
        bucket.1.push(i);
    }
    let mut error = 0.0;
    for (b, (total, items)) in buckets.iter().enumerate() {
        let mean = total / items.len() as f64;
        let mut acc = 0.0;
        for &i in items {
            out[i] = b as i32;
            // Ludii overwrites rather than accumulates here.
            acc = (mean - scores[i]) * (mean - scores[i]);
        }
        error += acc / items.len() as f64;
    }
    error + 0.01 * buckets.len() as f64
}

/// Ludii's coordinate label: column letters then 1-based row.
pub fn make_label(row: i32, col: i32) -> String {
    let mut column = col;
    let mut label = String::new();
    label.push(char::from(b'A' + (column % 26) as u8));
    while column >= 26 {
        column /= 26;
        label.insert(0, char::from((b'A' as i32 + column % 26 - 1) as u8));
    }
    format!("{label}{}", row + 1)
}

/// Rows and columns from exact coordinates (distinct y, distinct x, within
/// 0.001), used by Ludii's `Topology` when labels collide.
pub fn fallback(pts: &[Pt]) -> Situation {
    let levels = |values: Vec<f64>| -> Vec<f64> {
        let mut distinct: Vec<f64> = Vec::new();
        for v in values {
            if !distinct.iter().any(|d| (v - d).abs() < 0.001) {
                distinct.push(v);
            }
        }
        distinct.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
        distinct
    };
    let ys = levels(pts.iter().filter(|p| p.z == 0.0).map(|p| p.y).collect());
    let xs = levels(pts.iter().filter(|p| p.z == 0.0).map(|p| p.x).collect());
    let find = |levels: &[f64], v: f64| -> i32 {
        // The last matching level wins, as in Ludii's repeated assignment.
        levels
            .iter()
            .rposition(|l| (v - l).abs() < 0.001)
            .map_or(-1, |i| i as i32)
    };
    let row: Vec<i32> = pts.iter().map(|p| find(&ys, p.y)).collect();
    let col: Vec<i32> = pts.iter().map(|p| find(&xs, p.x)).collect();
    let label = row
        .iter()
        .zip(&col)
        .map(|(&r, &c)| {
            let mut s = String::new();
            if c >= 26 {
                s.push(char::from((b'A' as i32 + c / 26 - 1) as u8));
            }
            s.push(char::from((b'A' as i32 + c % 26) as u8));
            format!("{s}{}", r + 1)
        })
        .collect();
    Situation {
        row,
        col,
        label,
        duplicate_labels: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(make_label(0, 0), "A1");
        assert_eq!(make_label(18, 18), "S19");
        assert_eq!(make_label(0, 26), "AA1");
    }

    #[test]
    fn square_rows_and_columns() {
        let pts: Vec<Pt> = (0..9)
            .map(|i| Pt::new((i % 3) as f64 + 0.5, (i / 3) as f64 + 0.5))
            .collect();
        let [_, _, s] = measure([&[], &[], &pts]);
        assert_eq!(s.row, vec![0, 0, 0, 1, 1, 1, 2, 2, 2]);
        assert_eq!(s.col, vec![0, 1, 2, 0, 1, 2, 0, 1, 2]);
        assert_eq!(s.label[5], "C2");
    }
}
