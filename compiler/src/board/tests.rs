//! Whole-board checks written out by hand (no reference data needed).

use super::*;
use AbsoluteDirection as D;

fn sorted(s: &[u16]) -> Vec<u16> {
    let mut v = s.to_vec();
    v.sort_unstable();
    v
}

fn square(n: u32) -> Board {
    build(&BoardSpec::new(Tiling::Square { rows: n, cols: n })).unwrap()
}

fn hexagon(side: u32) -> BoardSpec {
    BoardSpec::new(Tiling::Hex(HexShape::Hexagon { side }))
}

/// Tic-Tac-Toe's `(square 3)`:
/// ```text
/// 6 7 8     A3 B3 C3
/// 3 4 5     A2 B2 C2
/// 0 1 2     A1 B1 C1
/// ```
#[test]
fn tic_tac_toe() {
    let b = square(3);
    assert_eq!(b.num_sites(), 9);
    assert_eq!(b.site_type, SiteType::Cell);
    let coords: Vec<&str> = b.sites.iter().map(|s| s.coord.as_str()).collect();
    assert_eq!(
        coords,
        ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    );
    for s in &b.sites {
        assert_eq!((s.row as usize, s.col as usize), (s.index / 3, s.index % 3));
        assert_eq!((s.x, s.y), (s.col as f64 + 0.5, s.row as f64 + 0.5));
    }
    let orth: [&[u16]; 9] = [
        &[1, 3],
        &[0, 2, 4],
        &[1, 5],
        &[0, 4, 6],
        &[1, 3, 5, 7],
        &[2, 4, 8],
        &[3, 7],
        &[4, 6, 8],
        &[5, 7],
    ];
    let diag: [&[u16]; 9] = [
        &[4],
        &[3, 5],
        &[4],
        &[1, 7],
        &[0, 2, 6, 8],
        &[1, 7],
        &[4],
        &[3, 5],
        &[4],
    ];
    for i in 0..9 {
        assert_eq!(
            sorted(b.neighbours(i, Relation::Orthogonal)),
            orth[i],
            "orthogonal of {i}"
        );
        assert_eq!(
            sorted(b.neighbours(i, Relation::Diagonal)),
            diag[i],
            "diagonal of {i}"
        );
        let mut adj = [orth[i], diag[i]].concat();
        adj.sort_unstable();
        assert_eq!(
            sorted(b.neighbours(i, Relation::Adjacent)),
            adj,
            "adjacent of {i}"
        );
        assert!(b.neighbours(i, Relation::OffDiagonal).is_empty());
    }
    // Ludii's order is clockwise from north.
    assert_eq!(
        b.neighbours(4, Relation::Adjacent),
        &[7, 8, 5, 2, 1, 0, 3, 6]
    );
    assert_eq!(b.step(4, D::N), Some(7));
    assert_eq!(b.step(4, D::SW), Some(0));
    assert_eq!(b.step(0, D::S), None);

    assert_eq!(b.side(Compass::S), &[0, 1, 2]);
    assert_eq!(b.side(Compass::N), &[6, 7, 8]);
    assert_eq!(b.side(Compass::W), &[0, 3, 6]);
    assert_eq!(b.side(Compass::E), &[2, 5, 8]);
    assert!(b.side(Compass::NE).is_empty());
    assert_eq!(b.corners(), &[0, 2, 6, 8]);
    assert_eq!(b.perimeter(), &[0, 1, 2, 3, 5, 6, 7, 8]);
    assert_eq!(b.inner(), &[4]);
    assert_eq!(b.centre(), &[4]);
    assert_eq!(
        (b.bottom(), b.top()),
        (&[0u16, 1, 2][..], &[6u16, 7, 8][..])
    );
    assert_eq!(
        (b.left(), b.right()),
        (&[0u16, 3, 6][..], &[2u16, 5, 8][..])
    );
    assert_eq!(b.rows()[1], [3, 4, 5]);
    assert_eq!(b.columns()[2], [2, 5, 8]);
    assert_eq!(
        b.sides_no_corners(),
        vec![vec![7], vec![5], vec![1], vec![3]]
    );
}

#[test]
fn tic_tac_toe_radials() {
    let b = square(3);
    // From the centre: N, NE, E, SE are distinct; each has its opposite.
    let distinct: Vec<(Vec<u16>, Vec<Vec<u16>>)> = b
        .distinct_radials(4, D::Adjacent)
        .map(|r| {
            (
                r.steps.clone(),
                b.opposites(r).map(|o| o.steps.clone()).collect(),
            )
        })
        .collect();
    assert_eq!(
        distinct,
        vec![
            (vec![4, 7], vec![vec![4, 1]]),
            (vec![4, 8], vec![vec![4, 0]]),
            (vec![4, 5], vec![vec![4, 3]]),
            (vec![4, 2], vec![vec![4, 6]]),
        ]
    );
    assert_eq!(b.radials(4, D::Adjacent).count(), 8);
    // From a corner: three rays, no opposites.
    let from0: Vec<Vec<u16>> = b
        .distinct_radials(0, D::Adjacent)
        .map(|r| r.steps.clone())
        .collect();
    assert_eq!(from0, vec![vec![0, 3, 6], vec![0, 4, 8], vec![0, 1, 2]]);
    assert!(b
        .distinct_radials(0, D::Adjacent)
        .all(|r| r.opposites.is_empty()));
    // Heading radials: N from 1, with S as its opposite from 4.
    let n: Vec<Vec<u16>> = b.radials(1, D::N).map(|r| r.steps.clone()).collect();
    assert_eq!(n, vec![vec![1, 4, 7]]);
    let s = b.radials(4, D::S).next().unwrap();
    assert_eq!(
        b.opposites(s).map(|o| o.steps.clone()).collect::<Vec<_>>(),
        vec![vec![4, 7]]
    );
}

/// `(square 3) use:Vertex`: the 9 points; Adjacent is Orthogonal (edges),
/// Diagonal crosses a square.
#[test]
fn square_vertices() {
    let b = build(
        &BoardSpec::new(Tiling::Square { rows: 3, cols: 3 }).with_site_type(SiteType::Vertex),
    )
    .unwrap();
    assert_eq!((b.num_sites(), b.num_vertices, b.num_cells), (9, 9, 4));
    assert_eq!((b.sites[4].x, b.sites[4].y), (1.0, 1.0));
    assert_eq!(sorted(b.neighbours(4, Relation::Adjacent)), [1, 3, 5, 7]);
    assert_eq!(sorted(b.neighbours(4, Relation::Diagonal)), [0, 2, 6, 8]);
    assert_eq!(
        sorted(b.neighbours(4, Relation::All)),
        [0, 1, 2, 3, 5, 6, 7, 8]
    );
    assert_eq!(b.distinct_radials(4, D::All).count(), 4);
    assert_eq!(b.corners(), &[0, 2, 6, 8]);
}

/// `(hex 2)`: pointy-top cells
/// ```text
///    5 6
///   2 3 4
///    0 1
/// ```
#[test]
fn small_hexagon() {
    let b = build(&hexagon(2)).unwrap();
    assert_eq!(b.num_sites(), 7);
    assert_eq!(b.centre(), &[3]);
    assert_eq!(b.neighbours(3, Relation::Orthogonal), &[6, 4, 1, 0, 2, 5]);
    assert_eq!(
        b.neighbours(3, Relation::Adjacent),
        b.neighbours(3, Relation::Orthogonal)
    );
    assert!(b.neighbours(3, Relation::Diagonal).is_empty());
    assert_eq!(sorted(b.neighbours(0, Relation::Diagonal)), [4, 5]);
    // Cells use 16 headings: neighbours lie E, NNE, NNW, W, SSW, SSE.
    let headings = [
        (D::E, 4),
        (D::NNE, 6),
        (D::NNW, 5),
        (D::W, 2),
        (D::SSW, 0),
        (D::SSE, 1),
    ];
    for (d, to) in headings {
        assert_eq!(b.step(3, d), Some(to), "{d:?}");
    }
    assert_eq!(b.step(3, D::N), None);
    assert_eq!(b.step(0, D::N), Some(5), "N from 0 is a diagonal step");
    assert_eq!(b.distinct_radials(3, D::Adjacent).count(), 3);
    assert_eq!(b.corners(), &[0, 1, 2, 4, 5, 6]);
    assert!(b.sides_no_corners().is_empty());
}

/// `(hex 3)`: six sides of 3 cells and single-cell E and W "sides" (the
/// sharp ends); without the corners each side keeps its middle cell.
#[test]
fn hexagon_sides_no_corners() {
    let b = build(&hexagon(3)).unwrap();
    assert_eq!(b.corners(), &[0, 2, 7, 11, 16, 18]);
    assert_eq!(b.side(Compass::S), &[0, 1, 2]);
    assert_eq!(b.side(Compass::NE), &[11, 15, 18]);
    assert_eq!(b.side(Compass::E), &[11]);
    assert_eq!(b.side(Compass::W), &[7]);
    assert_eq!(
        b.sides_no_corners(),
        vec![vec![17], vec![15], vec![6], vec![1], vec![3], vec![12]]
    );
    let line: Vec<Vec<u16>> = b.radials(0, D::Adjacent).map(|r| r.steps.clone()).collect();
    assert_eq!(
        line,
        vec![vec![0, 4, 9, 14, 18], vec![0, 1, 2], vec![0, 3, 7]]
    );
}

/// `(rotate 90 (hex 2))`: numbering from before the rotation, geometry after.
#[test]
fn rotated_hexagon() {
    let plain = build(&hexagon(2)).unwrap();
    let b = build(&hexagon(2).rotated(90.0)).unwrap();
    assert_eq!(b.centre(), &[3]);
    assert_eq!(
        sorted(b.neighbours(0, Relation::Orthogonal)),
        sorted(plain.neighbours(0, Relation::Orthogonal))
    );
    // Cell 0 was bottom-left; it is now bottom-right, labelled B1.
    assert_eq!(b.sites[0].coord, "B1");
    assert!((b.sites[0].x - 2.366_025).abs() < 1e-6 && (b.sites[0].y - 0.633_975).abs() < 1e-6);
    let headings = [
        (D::N, 4),
        (D::WNW, 6),
        (D::WSW, 5),
        (D::S, 2),
        (D::ESE, 0),
        (D::ENE, 1),
    ];
    for (d, to) in headings {
        assert_eq!(b.step(3, d), Some(to), "{d:?}");
    }
    assert_eq!(b.side(Compass::N), &[4]);
    assert_eq!(b.side(Compass::E), &[0, 1]);
}

/// `(hex Diamond 3)`: numbered along anti-diagonals from the bottom corner.
#[test]
fn hex_diamond() {
    let b = build(&BoardSpec::new(Tiling::Hex(HexShape::Diamond { size: 3 }))).unwrap();
    let coords: Vec<&str> = b.sites.iter().map(|s| s.coord.as_str()).collect();
    assert_eq!(
        coords,
        ["A1", "A2", "B1", "A3", "B2", "C1", "B3", "C2", "C3"]
    );
    assert_eq!(b.corners(), &[0, 3, 5, 8]);
    assert_eq!(b.side(Compass::NE), &[5, 7, 8]);
    assert_eq!(b.side(Compass::SW), &[0, 1, 3]);
    assert_eq!(b.side(Compass::NW), &[3, 6, 8]);
    assert_eq!(b.side(Compass::SE), &[0, 2, 5]);
    assert_eq!(b.side(Compass::N), &[8]);
    assert_eq!(b.side(Compass::S), &[0]);
    assert_eq!(
        sorted(b.neighbours(4, Relation::Orthogonal)),
        [0, 1, 2, 6, 7, 8]
    );
}

#[test]
fn unsupported_combinations_are_errors() {
    let edge = BoardSpec::new(Tiling::Square { rows: 3, cols: 3 }).with_site_type(SiteType::Edge);
    assert!(build(&edge).is_err());
    assert!(build(&BoardSpec::new(Tiling::Square { rows: 0, cols: 3 })).is_err());
    assert!(build(&BoardSpec::new(Tiling::ConcentricPolygon(
        ConcentricPolygon::new(4, 3)
    )))
    .is_err());
    assert!(build(&BoardSpec::new(Tiling::Intersect(Vec::new()))).is_err());
}

/// Dots and Boxes' `(square 8)`: edges and cells are numbered and linked
/// as in Ludii's board file (`ludii-boards/dots-and-boxes.json`).
#[test]
fn square_edges_and_cells_match_ludii() {
    let Some(path) = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .map(|p| p.join("../../shared/reference/ludii-boards/dots-and-boxes.json"))
        .filter(|p| p.exists())
    else {
        eprintln!("skipped: ../shared/reference is absent");
        return;
    };
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let b = square(8);
    let edges = json["edges"].as_array().unwrap();
    assert_eq!(b.count(SiteType::Edge), edges.len());
    assert_eq!(
        b.count(SiteType::Vertex),
        json["vertices"].as_array().unwrap().len()
    );
    let ids = |v: &serde_json::Value| -> Vec<u16> {
        let mut v: Vec<u16> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as u16)
            .collect();
        v.sort_unstable();
        v
    };
    for (i, e) in edges.iter().enumerate() {
        assert_eq!(
            sorted(&b.incident(SiteType::Edge, i, SiteType::Vertex)),
            ids(&e["vertices"]),
            "edge {i}"
        );
        assert_eq!(
            sorted(&b.incident(SiteType::Edge, i, SiteType::Cell)),
            ids(&e["cells"]),
            "edge {i}"
        );
    }
    for (i, v) in json["vertices"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            sorted(&b.incident(SiteType::Vertex, i, SiteType::Edge)),
            ids(&v["edges"]),
            "vertex {i}"
        );
    }
    for c in 0..64 {
        assert_eq!(b.incident(SiteType::Cell, c, SiteType::Edge).len(), 4);
    }
}

/// Tsoro Yemutatu (Triangle)'s `(scale 1 2 (wedge 3)) use:Vertex`: seven
/// points in the wedge's creation order, no cells (so no diagonal steps).
#[test]
fn scaled_wedge() {
    let mut spec =
        BoardSpec::new(Tiling::Wedge { rows: 3, cols: 3 }).with_site_type(SiteType::Vertex);
    spec.transforms.push(Transform::Scale(1.0, 2.0, 1.0));
    let b = build(&spec).unwrap();
    assert_eq!(b.num_sites(), 7);
    assert_eq!((b.sites[0].x, b.sites[0].y), (2.0, 4.0));
    assert_eq!((b.sites[4].x, b.sites[4].y), (0.0, 0.0));
    assert_eq!(b.count(SiteType::Cell), 0);
    assert_eq!(sorted(b.neighbours(0, Relation::Adjacent)), [1, 2, 3]);
    assert_eq!(sorted(b.neighbours(2, Relation::Adjacent)), [0, 1, 3, 5]);
    assert!(b.neighbours(2, Relation::Diagonal).is_empty());
}

#[test]
fn unsupported_operator_combinations_are_errors() {
    let vertex = |t: Tiling| BoardSpec::new(t).with_site_type(SiteType::Vertex);
    // A wedge has no cells to be the sites of a `use:Cell` board.
    assert!(build(&BoardSpec::new(Tiling::Wedge { rows: 3, cols: 3 })).is_err());
    assert!(build(&vertex(Tiling::Wedge { rows: 1, cols: 3 })).is_err());
    assert!(build(&vertex(Tiling::Merge(Vec::new()))).is_err());
    let half_made_cell = Tiling::Add {
        base: Some(Box::new(vertex(Tiling::Square { rows: 2, cols: 2 }))),
        add: GraphAdditions {
            cell_indices: vec![vec![0, 1, 3]],
            ..GraphAdditions::default()
        },
    };
    assert!(build(&vertex(half_made_cell)).is_err());
    // Removing everything leaves no sites.
    let nothing = Tiling::Remove {
        base: Box::new(vertex(Tiling::Square { rows: 1, cols: 1 })),
        remove: GraphRemovals {
            vertex_indices: vec![0],
            ..GraphRemovals::default()
        },
    };
    assert!(build(&vertex(nothing)).is_err());
}
