//! Semi-regular tilings (Ludii's `Tiling.construct`): `(tiling T3464 n)`
//! (`HexagonOn3464`), `(tiling T33434 n)` (`Tiling33434`, a diamond) and
//! `(tiling T3636 a [b])` (`Tiling3636`). Each places a fixed set of corner
//! offsets around the centres of a grid and joins corners one unit apart
//! ([`Graph::from_tiles`]). The offsets are computed with Ludii's formulas,
//! operation for operation.

use super::geom::Pt;
use super::graph::Graph;

/// Whether (row, col) lies in the hexagon of a `rows` x `cols` grid that
/// Ludii's hexagon shapes keep.
fn in_hexagon(row: i64, col: i64, cols: i64) -> bool {
    !(col > cols / 2 + row || row - col > cols / 2)
}

/// `(tiling T3464 n)`: a hexagon of 3.4.6.4 rosettes
/// (`HexagonOn3464`: a hexagon of side `n` of centres, each with the six
/// corners of a unit hexagon and twelve more at 15 + 30k degrees).
#[allow(clippy::neg_multiply)] // Ludii's table, as written
pub fn hexagon_3464(n: u32) -> Graph {
    let (ux, uy) = (1.0, 3f64.sqrt() / 2.0);
    let mut offsets = vec![
        (-0.5 * ux, 1.0 * uy),
        (0.5 * ux, 1.0 * uy),
        (1.0 * ux, 0.0 * uy),
        (0.5 * ux, -1.0 * uy),
        (-0.5 * ux, -1.0 * uy),
        (-1.0 * ux, 0.0 * uy),
    ];
    let a = 1.0 + 3f64.sqrt() / 2.0;
    let h = a / 15f64.to_radians().cos();
    for k in 0..12 {
        let theta = f64::from(15 + k * 30).to_radians();
        offsets.push((h * theta.cos(), h * theta.sin()));
    }
    let size = 2 * i64::from(n) - 1;
    let hx = 1.0 + 3f64.sqrt();
    let hy = (3.0 + 3f64.sqrt()) / 2.0;
    let centres = (0..size).flat_map(move |r| {
        (0..size)
            .filter(move |&c| in_hexagon(r, c, size))
            .map(move |c| Pt::new(hy * (c - r) as f64, hx * (r + c) as f64 * 0.5))
    });
    Graph::from_tiles(centres, &offsets)
}

/// `(tiling T33434 n)`: an n x n diamond of 3.3.4.3.4 patches
/// (`Tiling33434`).
#[allow(clippy::neg_multiply)] // Ludii's table, as written
pub fn diamond_33434(n: u32) -> Graph {
    let u2 = 1.0 / 2.0;
    let u3 = 3f64.sqrt() / 2.0;
    let offsets = [
        (-1.0 * u2 + 0.0 * u3, -1.0 * u2 - 1.0 * u3),
        (1.0 * u2 + 0.0 * u3, -1.0 * u2 - 1.0 * u3),
        (-1.0 * u2 - 1.0 * u3, 0.0 * u2 - 1.0 * u3),
        (1.0 * u2 + 1.0 * u3, 0.0 * u2 - 1.0 * u3),
        (0.0 * u2 + 0.0 * u3, -1.0 * u2 + 0.0 * u3),
        (-2.0 * u2 - 1.0 * u3, 0.0 * u2 + 0.0 * u3),
        (0.0 * u2 - 1.0 * u3, 0.0 * u2 + 0.0 * u3),
        (0.0 * u2 + 1.0 * u3, 0.0 * u2 + 0.0 * u3),
        (2.0 * u2 + 1.0 * u3, 0.0 * u2 + 0.0 * u3),
        (0.0 * u2 + 0.0 * u3, 1.0 * u2 + 0.0 * u3),
        (-1.0 * u2 - 1.0 * u3, 0.0 * u2 + 1.0 * u3),
        (1.0 * u2 + 1.0 * u3, 0.0 * u2 + 1.0 * u3),
        (-1.0 * u2 + 0.0 * u3, 1.0 * u2 + 1.0 * u3),
        (1.0 * u2 + 0.0 * u3, 1.0 * u2 + 1.0 * u3),
    ];
    let n = i64::from(n);
    let h = (1.0 + 3f64.sqrt()) / 2.0;
    let centres = (0..n)
        .flat_map(move |r| (0..n).map(move |c| Pt::new(h * (c - r) as f64, h * (r + c) as f64)));
    Graph::from_tiles(centres, &offsets)
}

/// `(tiling T3636 a [b])`: the trihexagonal tiling, a hexagon of side `a`
/// of centres, or with `b` an `(2a - 1) x (2b - 1)` rhombus (`Tiling3636`,
/// its corner offsets with x and y swapped).
pub fn tiling_3636(a: u32, b: Option<u32>) -> Graph {
    // The corners of `Hex.ref`, which `Tiling3636.ref` repeats.
    let corners = super::hex::hex_ref();
    let offsets = corners.map(|(x, y)| (y, x));
    let rows = 2 * i64::from(a) - 1;
    let cols = 2 * i64::from(b.unwrap_or(a)) - 1;
    let hexagon = b.is_none();
    let hy = 3f64.sqrt();
    let centres = (0..rows).flat_map(move |r| {
        (0..cols)
            .filter(move |&c| !hexagon || in_hexagon(r, c, cols))
            .map(move |c| Pt::new(2.0 * (c as f64 - 0.5 * r as f64), hy * r as f64))
    });
    Graph::from_tiles(centres, &offsets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiling_counts() {
        // One 3.4.6.4 rosette: a hexagon, six squares, six triangles.
        let g = hexagon_3464(1);
        assert_eq!(g.vertices.len(), 18);
        assert_eq!(g.faces.len(), 13);
        // The trihexagonal tiling of side 1: a single hexagon.
        assert_eq!(tiling_3636(1, None).faces.len(), 1);
    }
}
