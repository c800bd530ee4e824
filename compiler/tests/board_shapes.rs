//! Board shapes of Ludii's library (`shared/ludii/lud/board/`) against
//! what Ludii's trials (`shared/reference/ludii-library-trials/`) record:
//! every board of the library that lowers has the number of sites Ludii
//! gives it, and the boards of the `hex`, `tri` and operator shapes checked
//! below have Ludii's neighbours (the pairs of sites the trials' moves
//! join).
//!
//! Skips with a message when the library is absent.

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::{library, library_board, neighbour_pairs, try_library_board};
use ludemic_compiler::board::{AbsoluteDirection, Board, Relation};

fn trials_dir() -> PathBuf {
    common::ludii_dir().join("../reference/ludii-library-trials")
}

/// `(file under lud/board/, sites)` for every file of the manifest.
fn manifest() -> Vec<(String, usize)> {
    let text = std::fs::read_to_string(trials_dir().join("manifest.json")).unwrap();
    let entries: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    entries
        .iter()
        .filter_map(|e| {
            let lud = e["lud"].as_str()?.strip_prefix("board/")?.to_owned();
            Some((lud, e["num_sites"].as_u64()? as usize))
        })
        .collect()
}

/// Every board of the library that lowers has Ludii's number of sites.
#[test]
fn library_boards_have_ludii_site_counts() {
    let Some((library, config)) = library() else {
        return;
    };
    if !trials_dir().join("manifest.json").exists() {
        eprintln!("skipping: {} not found", trials_dir().display());
        return;
    }
    let (mut checked, mut refused) = (0, 0);
    let mut wrong = Vec::new();
    for (file, sites) in manifest() {
        match try_library_board(&library, &config, &file) {
            Some(Ok(board)) => {
                checked += 1;
                if board.num_sites() != sites {
                    wrong.push(format!(
                        "{file}: {} sites, Ludii {sites}",
                        board.num_sites()
                    ));
                }
            }
            Some(Err(e)) => {
                refused += 1;
                if std::env::var_os("BOARD_SHAPES_VERBOSE").is_some() {
                    eprintln!("{file}: {e}");
                }
            }
            None => {}
        }
    }
    eprintln!("{checked} library boards lower, {refused} refused");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The pairs of board sites (smaller first) that the moves of the trials
/// of `slug` join, legal or played: `from>to` keys with both on the board.
fn trial_pairs(slug: &str, sites: usize) -> BTreeSet<(u16, u16)> {
    let path = trials_dir().join(format!("{slug}.jsonl.gz"));
    let mut pairs = BTreeSet::new();
    for trial in ludemic_runtime::trial::read_trials(&path).unwrap() {
        for step in &trial.steps {
            let legal = step.legal_moves.iter().flatten();
            for key in legal.chain([&step.played]) {
                let Some((from, to)) = key.split_once('>') else {
                    continue;
                };
                if let (Ok(a), Ok(b)) = (from.parse::<usize>(), to.parse::<usize>()) {
                    if a < sites && b < sites && a != b {
                        pairs.insert((a.min(b) as u16, a.max(b) as u16));
                    }
                }
            }
        }
    }
    pairs
}

/// Which sites a piece may reach in one move.
enum Reach {
    /// A neighbour under the relation.
    Step(Relation),
    /// Any site along a line of the board in the direction (slides, hops).
    Line(AbsoluteDirection),
    /// A site exactly this many steps away under the relation.
    Distance(Relation, usize),
}

struct MoveCase {
    file: &'static str,
    slug: &'static str,
    /// How the board is written (after expansion).
    shape: &'static str,
    reach: Reach,
    /// How many different pairs of sites the trials' moves join, at least.
    used: usize,
}

/// Games whose pieces move to neighbouring sites or along lines only:
/// every move of the trials joins two sites so placed on the board (so the
/// numbering is Ludii's), and the trials join many different pairs.
const MOVE_CASES: &[MoveCase] = &[
    MoveCase {
        file: "war/custodial/Bizingo.lud",
        slug: "war--custodial--bizingo",
        shape: "(remove (tri 13) cells:{0 1 13 25 11 12 24 36 165 166 167 168})",
        reach: Reach::Step(Relation::Adjacent),
        used: 400,
    },
    MoveCase {
        file: "race/fill/Chinese Checkers.lud",
        slug: "race--fill--chinese-checkers",
        shape: "(hex Star 4)",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 100,
    },
    MoveCase {
        file: "war/replacement/stalemate/Workers and Soldiers.lud",
        slug: "war--replacement--stalemate--workers-and-soldiers",
        shape: "(hex Limping 5 4)",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 100,
    },
    MoveCase {
        file: "war/leaping/lines/Claim Jumpers.lud",
        slug: "war--leaping--lines--claim-jumpers",
        shape: "(tri {3 5 3 5 3}) use:Vertex",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 20,
    },
    MoveCase {
        file: "war/replacement/eliminate/target/L'attaque.lud",
        slug: "war--replacement--eliminate--target--l-attaque",
        shape: "(hole (hole (hole (rectangle 10 9) (poly {{2 4} {2 6} {3 6} {3 4}})) (poly {{4 4} {4 6} {5 6} {5 4}})) (poly {{6 4} {6 6} {7 6} {7 4}}))",
        reach: Reach::Line(AbsoluteDirection::Orthogonal),
        used: 150,
    },
    MoveCase {
        file: "hunt/Go with the Floe.lud",
        slug: "hunt--go-with-the-floe",
        shape: "(keep (square 8) (poly {{-3 4} {4 -3} {11 4} {4 11}}))",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 150,
    },
    MoveCase {
        file: "race/fill/Camelot.lud",
        slug: "race--fill--camelot",
        shape: "(keep (rectangle 12 16) (poly {{0 7} {1 10} {4 13} ...}))",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 500,
    },
    MoveCase {
        file: "race/reach/There and Back.lud",
        slug: "race--reach--there-and-back",
        shape: "(renumber (rotate 0 (trim (remove (renumber (rotate 270 (trim (remove ... (square 8) ...",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 150,
    },
    MoveCase {
        file: "space/group/Vigilance.lud",
        slug: "space--group--vigilance",
        shape: "(trim (renumber (rotate 270 (remove ... (square 11) ...",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 250,
    },
    MoveCase {
        file: "space/blocking/Epoxy.lud",
        slug: "space--blocking--epoxy",
        shape: "(dual (remove (hex 4 5) cells:{0 1 15 20 25 32 36 39 44})) use:Vertex",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 100,
    },
    MoveCase {
        file: "hunt/Bagh Guti.lud",
        slug: "hunt--bagh-guti",
        shape: "(makeFaces (remove (square 5 diagonals:Alternating) edges:{...})) use:Vertex",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 60,
    },
    MoveCase {
        file: "hunt/Coyote.lud",
        slug: "hunt--coyote",
        shape: "(rectangle 5 5 diagonals:Radiating) use:Vertex",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 40,
    },
    MoveCase {
        file: "hunt/Kaooa.lud",
        slug: "hunt--kaooa",
        shape: "(splitCrossings (regular Star 5)) use:Vertex",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 20,
    },
    MoveCase {
        file: "war/leaping/lines/Game of Solomon.lud",
        slug: "war--leaping--lines--game-of-solomon",
        shape: "(renumber (splitCrossings (add (regular Star 6) edges:{{0 5} {1 4} {2 3}}))) use:Vertex",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 40,
    },
    MoveCase {
        file: "war/replacement/eliminate/all/Triple Tangle.lud",
        slug: "war--replacement--eliminate--all--triple-tangle",
        shape: "(tiling T3464 1) use:Vertex",
        reach: Reach::Step(Relation::Adjacent),
        used: 20,
    },
    MoveCase {
        file: "space/pattern/Diamond.lud",
        slug: "space--pattern--diamond",
        shape: "(rotate 90 (tiling T33434 3)) use:Vertex",
        reach: Reach::Step(Relation::Adjacent),
        used: 100,
    },
    MoveCase {
        file: "space/territory/Residuel.lud",
        slug: "space--territory--residuel",
        shape: "(remove (rotate 30 (dual (tiling T3636 5))) cells:{0 4 5 73 81 97 142 143 152})",
        reach: Reach::Step(Relation::Adjacent),
        used: 200,
    },
    MoveCase {
        file: "race/fill/Gadis.lud",
        slug: "race--fill--gadis",
        shape: "(remove (concentric {0 0 12 12 12 24}) cells:{1})",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 60,
    },
    MoveCase {
        file: "war/replacement/eliminate/all/Toono.lud",
        slug: "war--replacement--eliminate--all--toono",
        shape: "(add (concentric {1 0 8 8}) edges:{{0 2} {0 4} {0 6} {0 8}}) use:Vertex",
        reach: Reach::Distance(Relation::Adjacent, 3),
        used: 30,
    },
    MoveCase {
        file: "war/leaping/lines/Kolowis Awithlaknannai.lud",
        slug: "war--leaping--lines--kolowis-awithlaknannai",
        shape: "(merge {(repeat 1 1 step:{{0.5 0} {1 0}} (poly ...)) ... (shift 0.5 0 (rectangle 1 15))}) use:Vertex",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 40,
    },
    MoveCase {
        file: "war/leaping/lines/Awithlaknan Mosona.lud",
        slug: "war--leaping--lines--awithlaknan-mosona",
        shape: "(merge {(repeat 1 1 step:{{0.5 0} {1 0}} (poly ...)) ... }) use:Vertex",
        reach: Reach::Line(AbsoluteDirection::Adjacent),
        used: 20,
    },
    MoveCase {
        file: "space/group/Make Muster.lud",
        slug: "space--group--make-muster",
        shape: "(rotate (- 90 62) (square (poly {{1 5} {2 4} {8 1} {9 2} {12 8} {11 9} {5 12} {4 11}}))) use:Cell",
        reach: Reach::Step(Relation::Adjacent),
        used: 60,
    },
];

/// The pairs of sites one move may join.
fn reachable_pairs(board: &Board, reach: &Reach) -> BTreeSet<(u16, u16)> {
    let dir = match *reach {
        Reach::Step(rel) => return neighbour_pairs(board, rel),
        Reach::Line(dir) => dir,
        Reach::Distance(rel, n) => return pairs_at_distance(board, rel, n),
    };
    let mut pairs = BTreeSet::new();
    for s in 0..board.num_sites() {
        for radial in board.radials(s, dir) {
            for &t in &radial.steps[1..] {
                pairs.insert((s.min(t as usize) as u16, s.max(t as usize) as u16));
            }
        }
    }
    pairs
}

/// The pairs of sites exactly `n` steps apart (breadth first).
fn pairs_at_distance(board: &Board, rel: Relation, n: usize) -> BTreeSet<(u16, u16)> {
    let mut pairs = BTreeSet::new();
    for s in 0..board.num_sites() {
        let mut dist = vec![usize::MAX; board.num_sites()];
        dist[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(v) = queue.pop_front() {
            for &w in board.neighbours(v, rel) {
                if dist[w as usize] == usize::MAX {
                    dist[w as usize] = dist[v] + 1;
                    queue.push_back(w as usize);
                }
            }
        }
        for (t, &d) in dist.iter().enumerate() {
            if d == n {
                pairs.insert((s.min(t) as u16, s.max(t) as u16));
            }
        }
    }
    pairs
}

#[test]
fn moves_join_sites_as_on_ludii_boards() {
    let Some((library, config)) = library() else {
        return;
    };
    for case in MOVE_CASES {
        let board = library_board(&library, &config, case.file);
        let what = format!("{} {}", case.file, case.shape);
        let moves = trial_pairs(case.slug, board.num_sites());
        let reachable = reachable_pairs(&board, &case.reach);
        let strays: Vec<_> = moves.difference(&reachable).collect();
        assert!(
            strays.is_empty(),
            "{what}: moves Ludii's board does not allow {strays:?}"
        );
        eprintln!("{what}: {} of {} pairs used", moves.len(), reachable.len());
        assert!(moves.len() >= case.used, "{what}");
    }
}
