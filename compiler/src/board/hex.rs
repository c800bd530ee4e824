//! Hexagonal tiling (Ludii's `HexagonOnHex`, `DiamondOnHex`, `RectangleOnHex`,
//! `TriangleOnHex`, `StarOnHex`, `CustomOnHex`). Cells are regular hexagons
//! with unit side; vertex positions are computed exactly as Ludii computes
//! them.

use super::geom::{self, Pt};
use super::graph::Graph;

/// Corner offsets of a pointy-top hexagon (`Hex.ref`), clockwise from the top.
pub(super) fn hex_ref() -> [(f64, f64); 6] {
    let ux = 3f64.sqrt() / 2.0;
    let uy = 1.0;
    [
        (0.0, uy),
        (ux, 0.5 * uy),
        (ux, -0.5 * uy),
        (0.0, -uy),
        (-ux, -0.5 * uy),
        (-ux, 0.5 * uy),
    ]
}

/// Centre of cell (row, col) of a pointy-top hex grid (`Hex.xy`).
fn hex_xy(row: i64, col: i64) -> Pt {
    let hx = 3f64.sqrt();
    let hy = 3.0 / 2.0;
    Pt::new(hx * (col as f64 - 0.5 * row as f64), hy * row as f64)
}

/// `(hex n)`: a hexagon with `n` cells per side (pointy-top cells, flat
/// bottom and top rows).
pub fn hexagon(n: u32) -> Graph {
    let rows = 2 * n as i64 - 1;
    let cols = rows;
    let r = hex_ref();
    let mut graph = Graph::new();
    let skip = |row: i64, col: i64| col > cols / 2 + row || row - col > cols / 2;
    let corner = |c: Pt, k: usize| Pt::new(c.x + r[k].0, c.y + r[k].1);
    for row in 0..=rows / 2 {
        for col in 0..cols {
            if skip(row, col) {
                continue;
            }
            let c = hex_xy(row, col);
            graph.add_vertex(corner(c, 4));
            graph.add_vertex(corner(c, 3));
            if col + 1 > cols / 2 + row {
                graph.add_vertex(corner(c, 2));
            }
        }
    }
    for row in rows / 2..rows {
        for col in 0..cols {
            if skip(row, col) {
                continue;
            }
            let c = hex_xy(row, col);
            graph.add_vertex(corner(c, 5));
            graph.add_vertex(corner(c, 0));
            if col == cols - 1 {
                graph.add_vertex(corner(c, 1));
            }
        }
    }
    join_unit_pairs(&mut graph);
    graph.make_faces();
    graph.reorder();
    graph
}

/// `(hex Diamond n)`: an n x n rhombus of flat-top cells, `A1` at the bottom
/// corner (`DiamondOnHex` without a second dimension).
pub fn diamond(n: u32) -> Graph {
    let n = n as i64;
    let centres = (0..n).flat_map(|row| (0..n).map(move |col| diamond_xy(row, col)));
    from_cells(centres, true)
}

/// `(hex Prism rows cols)` (`DiamondOnHex` with two dimensions): the cells of
/// a `(rows + cols - 1)`-square rhombus less than `rows` apart in row and
/// column.
pub fn prism(rows: u32, cols: u32) -> Graph {
    let (rows, cols) = (rows as i64, cols as i64);
    let max = rows + cols - 1;
    let centres = (0..max).flat_map(move |row| {
        (0..max)
            .filter(move |col| (row - col).abs() < rows)
            .map(move |col| diamond_xy(row, col))
    });
    from_cells(centres, true)
}

/// `DiamondOnHex.xy`.
fn diamond_xy(row: i64, col: i64) -> Pt {
    Pt::new(
        1.5 * (col - row) as f64,
        3f64.sqrt() * (row + col) as f64 * 0.5,
    )
}

/// `(hex Rectangle rows cols)` (also `(hex Square n)`): pointy-top cells,
/// rows of `cols` cells alternating with rows of `cols - 1`, each row offset
/// by half a cell.
pub fn rectangle(rows: u32, cols: u32) -> Graph {
    let (rows, cols) = (rows as i64, cols as i64);
    let centres = (0..rows).flat_map(move |row| {
        (0..cols + rows)
            .filter(move |col| *col >= (row + 1) / 2 && *col < cols + row / 2)
            .map(move |col| hex_xy(row, col))
    });
    from_cells(centres, false)
}

/// `(hex Triangle n)` (`TriangleOnHex`): the cells (row, col) of an n x n
/// grid with row <= col.
pub fn triangle(n: u32) -> Graph {
    let n = n as i64;
    let centres = (0..n).flat_map(move |r| (r..n).map(move |c| hex_xy(r, c)));
    from_cells(centres, false)
}

/// `(hex Star n)` (`StarOnHex`): a six-pointed star, a hexagon of side
/// `n + 1` with a triangle of side `n` on each of its sides.
pub fn star(n: u32) -> Graph {
    let d = n as i64;
    let size = 4 * d + 1;
    let inside = move |r: i64, c: i64| {
        if r < d {
            !(c < d || c - r > d)
        } else if r <= 2 * d {
            !(r - c > d || c >= size - d)
        } else if r <= 3 * d {
            !(c < d || c - r > d)
        } else {
            !(c > 3 * d || r - c > d)
        }
    };
    let centres = (0..size).flat_map(move |r| {
        (0..size)
            .filter(move |&c| inside(r, c))
            .map(move |c| hex_xy(r, c))
    });
    from_cells(centres, false)
}

/// `(hex {s1 s2 ...})`, `(hex Limping n)` (sides `{n n+1}`) and `(hex a b)`
/// (`CustomOnHex` from sides): the cells whose centres lie inside the
/// polygon walking the sides, each counted in cells (the rows and columns
/// tried are the polygon's coordinate bounds plus 3).
pub fn custom(sides: &[u32]) -> Graph {
    from_cells(geom::points_inside_sides(sides, 3, hex_xy), false)
}

/// The graph of hexagonal cells with these centres: their corners
/// `Hex.ref`, x and y swapped for flat-top cells (`DiamondOnHex`).
fn from_cells(centres: impl IntoIterator<Item = Pt>, flat_top: bool) -> Graph {
    let offsets = hex_ref().map(|(rx, ry)| if flat_top { (ry, rx) } else { (rx, ry) });
    Graph::from_tiles(centres, &offsets)
}

fn join_unit_pairs(graph: &mut Graph) {
    let n = graph.vertices.len();
    for a in 0..n {
        for b in a + 1..n {
            if (graph.vertices[a].pt.dist(graph.vertices[b].pt) - 1.0).abs() < 0.01 {
                graph.add_edge(a, b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagon_counts() {
        // 3n^2 - 3n + 1 cells, 6n^2 vertices, 9n^2 - 3n edges.
        let g = hexagon(3);
        assert_eq!(g.faces.len(), 19);
        assert_eq!(g.vertices.len(), 54);
        assert_eq!(g.edges.len(), 72);
        assert_eq!(g.faces[0].pt, Pt::new(0.0, 0.0));
    }

    #[test]
    fn diamond_counts() {
        let g = diamond(3);
        assert_eq!(g.faces.len(), 9);
        // 2mn + 2m + 2n vertices for an m x n parallelogram.
        assert_eq!(g.vertices.len(), 30);
    }

    #[test]
    fn rectangle_counts() {
        // Odd rows are one cell shorter in Ludii's hex rectangle.
        let g = rectangle(3, 4);
        assert_eq!(g.faces.len(), 4 + 3 + 4);
    }
}
