//! Compare the board geometry with Ludii's own board descriptions in
//! `shared/reference/ludii-boards/*.json` (site numbering, coordinates,
//! rows/columns, labels, neighbours, sides, corners, perimeter, centre).
//! Skips with a message when the reference folder is absent.

use std::collections::BTreeMap;
use std::path::PathBuf;

use ludemic_compiler::board::{
    build, BoardSpec, Compass, ConcentricPolygon, HexShape, Relation, SiteType, SquareDiagonals,
    Tiling, Transform,
};
use serde_json::Value;

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/ludii-boards")
}

fn square(n: u32) -> BoardSpec {
    BoardSpec::new(Tiling::Square { rows: n, cols: n })
}

fn rect(rows: u32, cols: u32) -> BoardSpec {
    BoardSpec::new(Tiling::Square { rows, cols })
}

fn alquerque(rows: u32, cols: u32) -> BoardSpec {
    BoardSpec::new(Tiling::SquareWithDiagonals {
        rows,
        cols,
        diagonals: SquareDiagonals::Alternating,
    })
    .with_site_type(SiteType::Vertex)
}

fn hexagon(side: u32) -> BoardSpec {
    BoardSpec::new(Tiling::Hex(HexShape::Hexagon { side }))
}

fn diamond(size: u32) -> BoardSpec {
    BoardSpec::new(Tiling::Hex(HexShape::Diamond { size }))
}

/// The board each reference file describes, as its `.lud` writes it.
fn spec_for(slug: &str) -> Option<BoardSpec> {
    Some(match slug {
        "tic-tac-toe" => square(3),
        "squava" | "minishogi" => square(5),
        "gomoku" => square(15).with_site_type(SiteType::Vertex),
        "connect6" | "go-19x19" => square(19).with_site_type(SiteType::Vertex),
        "go-9x9" => square(9).with_site_type(SiteType::Vertex),
        "hex-11x11" => diamond(11),
        "hex-9x9" => diamond(9),
        "havannah" => hexagon(8),
        "yavalath" => hexagon(5).rotated(90.0),
        "hexentafl" => hexagon(4).rotated(90.0),
        "feed-the-ducks" => hexagon(5),
        "reversi" | "breakthrough" | "knightthrough" | "wolf-and-sheep" | "lines-of-action"
        | "english-draughts" | "chess" | "dots-and-boxes" => square(8),
        "amazons" | "tron" | "konane" => square(10),
        "hnefatafl" => square(11),
        "dai-hasami-shogi" => square(9),
        "dara" => rect(5, 6),
        "mu-torere" => BoardSpec::new(Tiling::ConcentricCircle {
            cells: vec![1, 8],
            stagger: false,
        })
        .with_site_type(SiteType::Vertex),
        "nine-mens-morris" => {
            BoardSpec::new(Tiling::ConcentricPolygon(ConcentricPolygon::new(4, 3)))
                .with_site_type(SiteType::Vertex)
        }
        // `(surakartaBoard (square 6))` is a `use:Vertex` square board plus loop tracks.
        "surakarta" => square(6).with_site_type(SiteType::Vertex),
        "connect-four" => rect(1, 7),
        "alquerque" => alquerque(5, 5),
        "tant-fant" => alquerque(3, 3),
        "fanorona" => alquerque(5, 9),
        "pentalath" => {
            let mut rect = BoardSpec::new(Tiling::Hex(HexShape::Rectangle { rows: 7, cols: 14 }));
            rect.transforms.push(Transform::Shift(-5.20, 0.0));
            BoardSpec::new(Tiling::Intersect(vec![hexagon(7), rect]))
        }
        _ => return None,
    })
}

/// Boards not built here, and why.
const UNSUPPORTED: &[(&str, &str)] = &[]; // every current reference board is built

fn ints(v: &Value) -> Vec<u64> {
    let mut out: Vec<u64> = v
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    out.sort_unstable();
    out
}

fn sorted(s: &[u16]) -> Vec<u64> {
    let mut out: Vec<u64> = s.iter().map(|&x| x as u64).collect();
    out.sort_unstable();
    out
}

/// All mismatches between the built board and the reference file.
fn compare(slug: &str, spec: &BoardSpec, reference: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    let board = match build(spec) {
        Ok(b) => b,
        Err(e) => return vec![format!("{slug}: build failed: {e}")],
    };
    let expected_type = reference["site_type"].as_str().unwrap_or("");
    if SiteType::from_name(expected_type) != Some(board.site_type) {
        errors.push(format!(
            "{slug}: site type {:?} != {expected_type}",
            board.site_type
        ));
    }
    let sites = reference["sites"].as_array().cloned().unwrap_or_default();
    if sites.len() != board.num_sites() {
        errors.push(format!(
            "{slug}: {} sites, Ludii has {}",
            board.num_sites(),
            sites.len()
        ));
        return errors;
    }
    for (i, s) in sites.iter().enumerate() {
        let site = &board.sites[i];
        let (x, y) = (
            s["x"].as_f64().unwrap_or(f64::NAN),
            s["y"].as_f64().unwrap_or(f64::NAN),
        );
        if (site.x - x).abs() > 2e-6 || (site.y - y).abs() > 2e-6 {
            errors.push(format!(
                "{slug} site {i}: xy ({}, {}) != ({x}, {y})",
                site.x, site.y
            ));
        }
        let (row, col) = (s["row"].as_u64(), s["col"].as_u64());
        if row != Some(site.row as u64) || col != Some(site.col as u64) {
            errors.push(format!(
                "{slug} site {i}: row/col ({}, {}) != ({row:?}, {col:?})",
                site.row, site.col
            ));
        }
        if s["coord"].as_str() != Some(site.coord.as_str()) {
            errors.push(format!(
                "{slug} site {i}: coord {} != {}",
                site.coord, s["coord"]
            ));
        }
        for (name, rel) in [
            ("Orthogonal", Relation::Orthogonal),
            ("Diagonal", Relation::Diagonal),
            ("Adjacent", Relation::Adjacent),
        ] {
            let got = sorted(board.neighbours(i, rel));
            let want = ints(&s["neighbours"][name]);
            if got != want {
                errors.push(format!("{slug} site {i}: {name} {got:?} != {want:?}"));
            }
        }
    }
    let mut sides_got: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for (c, s) in board.sides() {
        sides_got.insert(c.name().to_string(), sorted(s));
    }
    let mut sides_want: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    if let Some(obj) = reference["sides"].as_object() {
        for (k, v) in obj {
            if Compass::from_name(k).is_some() && !ints(v).is_empty() {
                sides_want.insert(k.clone(), ints(v));
            }
        }
    }
    if sides_got != sides_want {
        errors.push(format!("{slug}: sides {sides_got:?} != {sides_want:?}"));
    }
    for (name, got) in [
        ("corners", board.corners()),
        ("perimeter", board.perimeter()),
        ("centre", board.centre()),
    ] {
        let want = ints(&reference[name]);
        if sorted(got) != want {
            errors.push(format!("{slug}: {name} {:?} != {want:?}", sorted(got)));
        }
    }
    errors
}

#[test]
fn boards_match_ludii() {
    let dir = reference_dir();
    if !dir.is_dir() {
        eprintln!(
            "skipping: {} not found (shared reference data is not part of the repository)",
            dir.display()
        );
        return;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read reference dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut errors = Vec::new();
    let mut matched = Vec::new();
    for path in files {
        let slug = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        let Some(spec) = spec_for(&slug) else {
            let reason = UNSUPPORTED
                .iter()
                .find(|(s, _)| *s == slug)
                .map_or("no spec", |(_, r)| r);
            eprintln!("not compared: {slug}: {reason}");
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("read board file");
        let reference: Value = serde_json::from_str(&text).expect("parse board file");
        let errs = compare(&slug, &spec, &reference);
        if errs.is_empty() {
            matched.push(slug);
        } else {
            errors.extend(errs.into_iter().take(20));
        }
    }
    eprintln!("boards matching Ludii: {}", matched.join(", "));
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Radials, sides and corners checked through Ludii's own game ends: replay
// the placement games of `shared/reference/ludii-trials` and evaluate their
// end conditions (`is Line`, `is Connected`) with the board's radials and
// regions. The end condition must fire exactly at the trial's last move.

use ludemic_compiler::board::{AbsoluteDirection, Board};

/// Ludii's `IsLine.eval` for a non-stacking board: a line of `len` pieces
/// like the one at `site` through `site`, along each distinct radial in `dir`
/// plus its opposites.
fn is_line(
    board: &Board,
    owner: &[u8],
    site: usize,
    len: usize,
    dir: AbsoluteDirection,
    exact: bool,
) -> bool {
    let who = owner[site];
    if who == 0 {
        return false;
    }
    for radial in board.distinct_radials(site, dir) {
        let mut count = 1;
        for &s in &radial.steps[1..] {
            if owner[s as usize] != who {
                break;
            }
            count += 1;
            if !exact && count == len {
                return true;
            }
        }
        if radial.opposites.is_empty() {
            if count == len {
                return true;
            }
            continue;
        }
        for opp in board.opposites(radial) {
            let mut opposite_count = count;
            for &s in &opp.steps[1..] {
                if owner[s as usize] != who {
                    break;
                }
                opposite_count += 1;
                if !exact && opposite_count == len {
                    return true;
                }
            }
            if opposite_count == len {
                return true;
            }
        }
    }
    false
}

/// Ludii's `IsConnected.eval`: does the group of `site` touch `number` of the
/// `regions` (steps in `Adjacent`)?
fn is_connected(
    board: &Board,
    owner: &[u8],
    site: usize,
    number: usize,
    regions: &[Vec<u16>],
) -> bool {
    let who = owner[site];
    if who == 0 {
        return false;
    }
    let mut left: Vec<&Vec<u16>> = regions.iter().collect();
    let mut connected = 0;
    let touch = |s: usize, left: &mut Vec<&Vec<u16>>, connected: &mut usize| {
        let before = left.len();
        left.retain(|r| !r.contains(&(s as u16)));
        *connected += before - left.len();
    };
    touch(site, &mut left, &mut connected);
    if connected >= number {
        return true;
    }
    let mut visited = vec![false; board.num_sites()];
    visited[site] = true;
    let mut group = vec![site];
    let mut i = 0;
    while i < group.len() {
        for &to in board.steps(group[i], AbsoluteDirection::Adjacent) {
            let to = to as usize;
            if visited[to] {
                continue;
            }
            visited[to] = true;
            if owner[to] == who {
                touch(to, &mut left, &mut connected);
                if connected >= number {
                    return true;
                }
                group.push(to);
            }
        }
        i += 1;
    }
    false
}

/// `(to, who)` of each `Add` action of a step.
fn adds(step: &Value) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    for a in step["actions"].as_array().into_iter().flatten() {
        let Some(text) = a.as_str() else { continue };
        let Some(body) = text.strip_prefix("Add(") else {
            continue;
        };
        let field = |name: &str| {
            body.trim_end_matches(')')
                .split(',')
                .find_map(|kv| kv.strip_prefix(name))
                .and_then(|v| v.parse::<usize>().ok())
        };
        if let (Some(to), Some(who)) = (field("to="), field("who=")) {
            out.push((to, who as u8));
        }
    }
    out
}

/// The result the end rule gives after `who` placed at `site`:
/// `Some(winner)` or `None` (game goes on).
type EndRule = dyn Fn(&Board, &[u8], usize, u8) -> Option<u8>;

fn check_trials(slug: &str, spec: &BoardSpec, end: &EndRule) -> Result<String, String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/reference/ludii-trials")
        .join(format!("{slug}.jsonl"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let board = build(spec)?;
    let (mut trials, mut explained) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let trial: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let steps = trial["steps"].as_array().cloned().unwrap_or_default();
        let mut owner = vec![0u8; board.num_sites()];
        let mut fired_at = None;
        'steps: for (k, step) in steps.iter().enumerate() {
            for (to, who) in adds(step) {
                owner[to] = who;
                if let Some(w) = end(&board, &owner, to, who) {
                    fired_at = Some((k, w));
                    break 'steps;
                }
            }
        }
        trials += 1;
        let seed = &trial["seed"];
        let winner = trial["winner"].as_u64().unwrap_or(0) as u8;
        match fired_at {
            Some((k, w)) => {
                if k + 1 != steps.len() || w != winner {
                    return Err(format!(
                        "{slug} seed {seed}: end rule fired at step {k} for P{w}, trial has {} steps, winner {winner}",
                        steps.len()
                    ));
                }
                explained += 1;
            }
            None if winner == 0 => {}
            None => {
                return Err(format!(
                    "{slug} seed {seed}: winner {winner} but the end rule never fired"
                ))
            }
        }
    }
    Ok(format!("{slug}: {explained}/{trials} trial ends explained"))
}

fn line_rule(win: usize, lose: Option<usize>, dir: AbsoluteDirection, exact: bool) -> Box<EndRule> {
    Box::new(move |board, owner, site, who| {
        if is_line(board, owner, site, win, dir, exact) {
            return Some(who);
        }
        if let Some(lose) = lose {
            if is_line(board, owner, site, lose, dir, exact) {
                return Some(3 - who);
            }
        }
        None
    })
}

/// Havannah: a ring (approximated: some cell the mover does not own cut off
/// from the edge, or some cell whose six neighbours are the mover's), a
/// connection of 3 sides without corners, or of 2 corners.
fn havannah_end(board: &Board, owner: &[u8], site: usize, who: u8) -> Option<u8> {
    let corners: Vec<Vec<u16>> = board.corners().iter().map(|&c| vec![c]).collect();
    if is_connected(board, owner, site, 3, &board.sides_no_corners())
        || is_connected(board, owner, site, 2, &corners)
    {
        return Some(who);
    }
    let mut outside = vec![false; board.num_sites()];
    let mut stack: Vec<usize> = board
        .perimeter()
        .iter()
        .map(|&s| s as usize)
        .filter(|&s| owner[s] != who)
        .collect();
    stack.iter().for_each(|&s| outside[s] = true);
    while let Some(s) = stack.pop() {
        for &n in board.neighbours(s, Relation::Orthogonal) {
            let n = n as usize;
            if !outside[n] && owner[n] != who {
                outside[n] = true;
                stack.push(n);
            }
        }
    }
    let enclosed = (0..board.num_sites()).any(|s| owner[s] != who && !outside[s]);
    let flower = (0..board.num_sites()).any(|c| {
        let n = board.neighbours(c, Relation::Orthogonal);
        n.len() == 6 && n.iter().all(|&x| owner[x as usize] == who)
    });
    (enclosed || flower).then_some(who)
}

/// Hex: P1 joins the NE and SW sides, P2 the NW and SE sides.
fn hex_end(board: &Board, owner: &[u8], site: usize, who: u8) -> Option<u8> {
    let regions = if who == 1 {
        [
            board.side(Compass::NE).to_vec(),
            board.side(Compass::SW).to_vec(),
        ]
    } else {
        [
            board.side(Compass::NW).to_vec(),
            board.side(Compass::SE).to_vec(),
        ]
    };
    is_connected(board, owner, site, 2, &regions).then_some(who)
}

#[test]
fn radials_and_regions_reproduce_trial_ends() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/ludii-trials");
    if !dir.is_dir() {
        eprintln!(
            "skipping: {} not found (shared reference data is not part of the repository)",
            dir.display()
        );
        return;
    }
    use AbsoluteDirection::{Adjacent, All};
    let cases: Vec<(&str, Box<EndRule>)> = vec![
        ("tic-tac-toe", line_rule(3, None, Adjacent, false)),
        ("squava", line_rule(4, Some(3), Adjacent, false)),
        ("squava-swap", line_rule(4, Some(3), Adjacent, false)),
        ("yavalath", line_rule(4, Some(3), Adjacent, false)),
        ("yavalath-swap", line_rule(4, Some(3), Adjacent, false)),
        // `(is Line 5 All exact:True)`.
        ("gomoku", line_rule(5, None, All, true)),
        ("connect6", line_rule(6, None, All, false)),
        ("hex-11x11", Box::new(hex_end)),
        ("hex-11x11-swap", Box::new(hex_end)),
        ("hex-9x9", Box::new(hex_end)),
        ("hex-9x9-swap", Box::new(hex_end)),
        ("havannah", Box::new(havannah_end)),
    ];
    let mut errors = Vec::new();
    for (slug, rule) in cases {
        let base = slug.trim_end_matches("-swap");
        let spec = spec_for(base).expect("spec");
        match check_trials(slug, &spec, rule.as_ref()) {
            Ok(summary) => eprintln!("{summary}"),
            Err(e) => errors.push(e),
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
