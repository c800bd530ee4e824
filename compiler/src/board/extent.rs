//! Extremes (left/right/top/bottom) and centre of each site type
//! (`MeasureGraph.measureExtremes`, `measureCentre`).

use super::geom::Pt;
use super::properties::{self as p};

/// Flag the elements within 0.01 of the minimum/maximum x and y.
pub fn measure_extremes(pts: &[Pt], flags: &mut [u64]) {
    let tolerance = 0.01;
    let (mut min_x, mut min_y, mut max_x, mut max_y) =
        (1_000_000.0, 1_000_000.0, -1_000_000.0, -1_000_000.0);
    for pt in pts {
        if pt.x < min_x {
            min_x = pt.x;
        }
        if pt.y < min_y {
            min_y = pt.y;
        }
        if pt.x > max_x {
            max_x = pt.x;
        }
        if pt.y > max_y {
            max_y = pt.y;
        }
    }
    for (pt, f) in pts.iter().zip(flags.iter_mut()) {
        if pt.x - min_x < tolerance {
            *f |= p::LEFT;
        }
        if pt.y - min_y < tolerance {
            *f |= p::BOTTOM;
        }
        if max_x - pt.x < tolerance {
            *f |= p::RIGHT;
        }
        if max_y - pt.y < tolerance {
            *f |= p::TOP;
        }
    }
}

/// Flag the elements whose summed squared distance to the perimeter elements
/// (only when there are fewer than 100 elements) and to the corners is
/// minimal, within 0.0001.
pub fn measure_centre(pts: &[Pt], flags: &mut [u64]) {
    let tolerance = 0.0001;
    let perimeter: Vec<Pt> = if pts.len() < 100 {
        pts.iter()
            .zip(flags.iter())
            .filter(|(_, &f)| f & p::PERIMETER != 0)
            .map(|(&pt, _)| pt)
            .collect()
    } else {
        Vec::new()
    };
    let corners: Vec<Pt> = pts
        .iter()
        .zip(flags.iter())
        .filter(|(_, &f)| f & p::CORNER != 0)
        .map(|(&pt, _)| pt)
        .collect();
    let distances: Vec<f64> = pts
        .iter()
        .map(|&a| {
            let mut acc = 0.0;
            for &b in perimeter.iter().chain(&corners) {
                acc += a.dist_sq(b);
            }
            acc
        })
        .collect();
    let mut min = 1_000_000.0;
    for &d in &distances {
        if d < min {
            min = d;
        }
    }
    for (d, f) in distances.iter().zip(flags.iter_mut()) {
        if (d - min).abs() < tolerance {
            *f |= p::CENTRE;
        }
    }
}
