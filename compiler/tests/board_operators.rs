//! Boards built with Ludii's graph operators (`merge`, `add`, `remove`,
//! `scale`, `shift`, `rotate`) over `wedge`, `graph`, `square`, `hex` and
//! `concentric` generators, read from Ludii's own library
//! (`shared/ludii/lud/board/`) and checked against facts that Ludii's trials
//! (`shared/reference/ludii-library-trials/`) confirm: the number of sites,
//! and which sites the pieces step between. In these games every move
//! recorded over the trials joins two sites that are neighbours on the board
//! (`Adjacent`), and every pair of neighbours is used by some move, so the
//! neighbour graph below is the trials' move graph in Ludii's numbering.
//!
//! Skips with a message when the library is absent.

mod common;

use std::collections::BTreeSet;

use common::{library, library_board, neighbour_pairs};
use ludemic_compiler::board::{Relation, SiteType};

struct Case {
    file: &'static str,
    /// How the board is written (after expansion).
    shape: &'static str,
    site_type: SiteType,
    /// `sites` of the trials.
    sites: usize,
    /// The pairs of sites the trials' moves join: exactly the `Adjacent`
    /// pairs of a vertex board, the `Orthogonal` pairs of a cell board.
    moves: &'static [(u16, u16)],
}

const CASES: &[Case] = &[
    Case {
        file: "space/blocking/Pong Hau K'i.lud",
        shape: "(add (remove (rectangle 3 3 diagonals:Alternating) vertices:{1 3 5 7}) \
                edges:{{3 0} {0 1} {1 4}})",
        site_type: SiteType::Vertex,
        sites: 5,
        moves: &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 4), (2, 3), (2, 4)],
    },
    Case {
        file: "space/blocking/Gurvan Xudag.lud",
        shape: "(remove (square 3) edges:{{0 1} {1 2}})",
        site_type: SiteType::Vertex,
        sites: 9,
        moves: &[
            (0, 3),
            (1, 4),
            (2, 5),
            (3, 4),
            (3, 6),
            (4, 5),
            (4, 7),
            (5, 8),
            (6, 7),
            (7, 8),
        ],
    },
    Case {
        file: "space/blocking/Temeen Tavag.lud",
        shape: "(remove (rotate 45 (concentric {1 4})) edges:{{1 4}})",
        site_type: SiteType::Vertex,
        sites: 5,
        moves: &[(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (2, 3), (3, 4)],
    },
    Case {
        file: "hunt/Merimueng-rimueng-do.lud",
        shape: "(scale 1.4 1 (remove (scale 1 2 (wedge 5 6)) edges:{{0 1} {0 6}} vertices:{24 19}))",
        site_type: SiteType::Vertex,
        sites: 23,
        moves: &[
            (0, 2),
            (0, 3),
            (0, 4),
            (0, 5),
            (1, 2),
            (1, 7),
            (2, 3),
            (2, 8),
            (3, 4),
            (3, 9),
            (4, 5),
            (4, 10),
            (5, 6),
            (5, 11),
            (6, 12),
            (7, 8),
            (7, 13),
            (8, 9),
            (8, 14),
            (9, 10),
            (9, 15),
            (10, 11),
            (10, 16),
            (11, 12),
            (11, 17),
            (12, 18),
            (13, 14),
            (14, 15),
            (14, 19),
            (15, 16),
            (15, 20),
            (16, 17),
            (16, 21),
            (17, 18),
            (17, 22),
            (19, 20),
            (20, 21),
            (21, 22),
        ],
    },
    Case {
        file: "hunt/Hund efter Hare (Vendsyssel).lud",
        shape: "(add (merge {(add (remove (rectangle 1 7) vertices:{3}) edges:{{2 3}}) \
                (scale 2 (shift 0.5 -0.5 (rectangle 1 3))) (scale 2 (shift 0.5 0.5 (rectangle 1 3)))}) \
                edges:{{0 9} {0 6} {11 5} ...})",
        site_type: SiteType::Vertex,
        sites: 12,
        moves: &[
            (0, 1),
            (0, 6),
            (0, 9),
            (1, 2),
            (1, 6),
            (1, 9),
            (2, 3),
            (2, 6),
            (2, 7),
            (2, 9),
            (2, 10),
            (3, 4),
            (3, 7),
            (3, 8),
            (3, 10),
            (3, 11),
            (4, 5),
            (4, 8),
            (4, 11),
            (5, 8),
            (5, 11),
            (6, 7),
            (7, 8),
            (9, 10),
            (10, 11),
        ],
    },
    Case {
        file: "hunt/Adugo.lud",
        shape: "(merge (shift 0 2 (square 5 diagonals:Alternating)) (wedge 3))",
        site_type: SiteType::Vertex,
        sites: 31,
        moves: &[
            (0, 1),
            (0, 5),
            (0, 6),
            (1, 2),
            (1, 6),
            (2, 3),
            (2, 6),
            (2, 7),
            (2, 8),
            (2, 25),
            (2, 26),
            (2, 27),
            (3, 4),
            (3, 8),
            (4, 8),
            (4, 9),
            (5, 6),
            (5, 10),
            (6, 7),
            (6, 10),
            (6, 11),
            (6, 12),
            (7, 8),
            (7, 12),
            (8, 9),
            (8, 12),
            (8, 13),
            (8, 14),
            (9, 14),
            (10, 11),
            (10, 15),
            (10, 16),
            (11, 12),
            (11, 16),
            (12, 13),
            (12, 16),
            (12, 17),
            (12, 18),
            (13, 14),
            (13, 18),
            (14, 18),
            (14, 19),
            (15, 16),
            (15, 20),
            (16, 17),
            (16, 20),
            (16, 21),
            (16, 22),
            (17, 18),
            (17, 22),
            (18, 19),
            (18, 22),
            (18, 23),
            (18, 24),
            (19, 24),
            (20, 21),
            (21, 22),
            (22, 23),
            (23, 24),
            (25, 26),
            (25, 28),
            (26, 27),
            (26, 29),
            (27, 30),
            (28, 29),
            (29, 30),
        ],
    },
    Case {
        file: "war/leaping/lines/Egara Guti.lud",
        shape: "(graph vertices:{...} edges:{...})",
        site_type: SiteType::Vertex,
        sites: 23,
        moves: &[
            (0, 1),
            (0, 5),
            (1, 2),
            (1, 5),
            (2, 3),
            (2, 6),
            (3, 4),
            (3, 7),
            (4, 7),
            (5, 6),
            (5, 8),
            (5, 15),
            (6, 7),
            (6, 9),
            (7, 10),
            (7, 17),
            (8, 9),
            (8, 11),
            (9, 10),
            (9, 11),
            (10, 11),
            (11, 12),
            (11, 13),
            (11, 14),
            (12, 13),
            (12, 15),
            (13, 14),
            (13, 16),
            (14, 17),
            (15, 16),
            (15, 18),
            (15, 19),
            (16, 17),
            (16, 20),
            (17, 21),
            (17, 22),
            (18, 19),
            (19, 20),
            (20, 21),
            (21, 22),
        ],
    },
    // A cell board: the squares of a plus shape merged, turned 45 degrees;
    // the pieces step orthogonally, i.e. across the squares' sides.
    Case {
        file: "war/leaping/orthogonal/Queah Game.lud",
        shape: "(rotate 45 (merge (shift 1 -1 (rectangle 5 1)) (merge (shift -1 1 (rectangle 1 5)) (square 3))))",
        site_type: SiteType::Cell,
        sites: 13,
        moves: &[
            (0, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 5),
            (3, 6),
            (4, 5),
            (4, 6),
            (4, 7),
            (5, 8),
            (5, 11),
            (6, 9),
            (6, 12),
            (7, 8),
            (7, 9),
            (7, 10),
        ],
    },
    // Cells removed from a hexagon: a placement game, so only the count.
    Case {
        file: "space/territory/MacBeth.lud",
        shape: "(remove (hex 6) cells:{7 9 11 22 24 ...})",
        site_type: SiteType::Cell,
        sites: 72,
        moves: &[],
    },
];

#[test]
fn operator_boards_match_ludii_trials() {
    let Some((library, config)) = library() else {
        return;
    };
    for case in CASES {
        let board = library_board(&library, &config, case.file);
        let what = format!("{} {}", case.file, case.shape);
        assert_eq!(board.site_type, case.site_type, "{what}");
        assert_eq!(board.num_sites(), case.sites, "{what}");
        let moves: BTreeSet<(u16, u16)> = case.moves.iter().copied().collect();
        match case.site_type {
            SiteType::Vertex => {
                assert_eq!(neighbour_pairs(&board, Relation::Adjacent), moves, "{what}")
            }
            _ if !moves.is_empty() => {
                assert_eq!(
                    neighbour_pairs(&board, Relation::Orthogonal),
                    moves,
                    "{what}"
                )
            }
            _ => {}
        }
    }
}

/// Adugo's wedge below the Alquerque board: its apex merges into the
/// board's bottom middle point (site 2) and its other six points follow the
/// board's 25, in the wedge's own order (Ludii's `Wedge` does not reorder,
/// nor does `merge`).
#[test]
fn adugo_wedge_follows_the_board() {
    let Some((library, config)) = library() else {
        return;
    };
    let board = library_board(&library, &config, "hunt/Adugo.lud");
    let at: Vec<(f64, f64)> = board.sites[25..].iter().map(|s| (s.x, s.y)).collect();
    assert_eq!(
        at,
        [
            (1.0, 1.0),
            (2.0, 1.0),
            (3.0, 1.0),
            (0.0, 0.0),
            (2.0, 0.0),
            (4.0, 0.0)
        ]
    );
    assert_eq!((board.sites[2].x, board.sites[2].y), (2.0, 2.0));
    // Start rules place the Jaguar on "C5" (site 12, the board's centre).
    assert_eq!(board.sites[12].coord, "C5");
}
