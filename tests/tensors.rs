//! The Ludii–Polygames tensors against Ludii's own
//! (`shared/reference/ludii-tensors/`): for every game there that ludemic
//! lowers, the shapes, channel names, coordinates and container masks, then
//! along each recorded line every non-zero entry of the state tensor and
//! every legal move's tensor position and int.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load, tensor, Config};
use ludemic_runtime::{
    Game, MoveBuffer, MoveKey, PositionView, Recorded, TensorGame, TensorLayout,
};
use serde_json::Value;

/// The games of the reference folder: slug, `.lud` under Ludii's `lud/`, options.
const GAMES: &[(&str, &str, &[&str])] = &[
    ("breakthrough", "board/race/reach/Breakthrough.lud", &[]),
    ("connect6", "board/space/line/Connect6.lud", &[]),
    (
        "dai-hasami-shogi",
        "board/space/line/Dai Hasami Shogi.lud",
        &[],
    ),
    ("fanorona", "board/war/direction/linear/Fanorona.lud", &[]),
    (
        "feed-the-ducks",
        "board/space/group/Feed the Ducks.lud",
        &[],
    ),
    ("gomoku", "board/space/line/Gomoku.lud", &[]),
    ("hex-11x11", "board/space/connection/Hex.lud", &[]),
    ("hexentafl", "board/war/custodial/HeXentafl.lud", &[]),
    ("konane", "board/war/leaping/orthogonal/Konane.lud", &[]),
    ("lasca", "board/war/leaping/diagonal/Lasca.lud", &[]),
    (
        "minishogi",
        "board/war/replacement/checkmate/shogi/Minishogi.lud",
        &[],
    ),
    ("pentalath", "board/space/line/Pentalath.lud", &[]),
    ("squava", "board/space/line/Squava.lud", &[]),
    (
        "surakarta",
        "board/war/replacement/eliminate/all/Surakarta.lud",
        &[],
    ),
    ("yavalath", "board/space/line/Yavalath.lud", &[]),
    ("tic-tac-toe", "board/space/line/Tic-Tac-Toe.lud", &[]),
    ("connect-four", "board/space/line/Connect Four.lud", &[]),
    ("reversi", "board/space/territory/Reversi.lud", &[]),
    ("amazons", "board/space/blocking/Amazons.lud", &[]),
    (
        "chess",
        "board/war/replacement/checkmate/chess/Chess.lud",
        &[],
    ),
    (
        "shogi",
        "board/war/replacement/checkmate/shogi/Shogi.lud",
        &[],
    ),
    (
        "go-9x9",
        "board/space/territory/Go.lud",
        &["Board Size/9x9"],
    ),
    (
        "nine-mens-morris",
        "board/space/line/Nine Men's Morris.lud",
        &[],
    ),
    ("dots-and-boxes", "math/graph/Dots and Boxes.lud", &[]),
    ("oware", "board/sow/two_rows/Oware.lud", &[]),
];

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

/// Shapes, names, coordinates, containers and masks against the game file.
fn check_layout(slug: &str, layout: &TensorLayout, meta: &Value) -> Result<(), String> {
    let mut errors = Vec::new();
    let mut same = |what: &str, ours: Vec<i64>, ludii: Vec<i64>| {
        if ours != ludii {
            errors.push(format!("{what}: ours {ours:?}, Ludii's {ludii:?}"));
        }
    };
    let usize_vec = |v: &[usize]| v.iter().map(|&x| x as i64).collect::<Vec<_>>();
    same(
        "state tensor shape",
        usize_vec(&layout.state_tensor_shape()),
        ints(&meta["state_tensor_shape"]),
    );
    same(
        "move tensor shape",
        usize_vec(&layout.move_tensor_shape()),
        ints(&meta["move_tensor_shape"]),
    );
    same(
        "pass and swap channels",
        usize_vec(&[layout.pass_channel(), layout.swap_channel()]),
        vec![
            meta["move_pass_channel"].as_i64().unwrap(),
            meta["move_swap_channel"].as_i64().unwrap(),
        ],
    );
    same(
        "distance clip",
        vec![i64::from(layout.dist_clip)],
        vec![meta["move_tensor_dist_clip"].as_i64().unwrap()],
    );
    same(
        "coordinates x",
        usize_vec(&layout.coords.iter().map(|c| c.0).collect::<Vec<_>>()),
        ints(&meta["tensor_coords_x"]),
    );
    same(
        "coordinates y",
        usize_vec(&layout.coords.iter().map(|c| c.1).collect::<Vec<_>>()),
        ints(&meta["tensor_coords_y"]),
    );
    same(
        "board sites",
        vec![layout.board_sites as i64],
        vec![meta["num_board_sites_default_type"].as_i64().unwrap()],
    );
    let containers: Vec<i64> = layout
        .containers
        .iter()
        .flat_map(|c| [c.first as i64, c.size as i64])
        .collect();
    let ludii_containers: Vec<i64> = meta["containers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| {
            [
                c["sites_from"].as_i64().unwrap(),
                c["num_sites"].as_i64().unwrap(),
            ]
        })
        .collect();
    same("containers", containers, ludii_containers);
    let plane = layout.dim_x * layout.dim_y;
    let mut mask = vec![0.0; layout.containers.len() * plane];
    layout.container_mask(&mut mask);
    let ones: Vec<i64> = mask
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != 0.0)
        .map(|(i, _)| i as i64)
        .collect();
    same(
        "container masks",
        ones,
        ints(&meta["container_position_channels"]["ones"]),
    );
    let names: Vec<String> = meta["state_channel_names"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_owned())
        .collect();
    if layout.state_channel_names() != names.as_slice() {
        errors.push(format!(
            "channel names: ours {:?}, Ludii's {names:?}",
            layout.state_channel_names()
        ));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!("{slug}: {}", errors.join("; ")))
    }
}

/// Counts of what matched along the lines.
#[derive(Default)]
struct Matched {
    states: usize,
    moves: usize,
}

/// One recorded state against ours: the state tensor's non-zero entries
/// and the legal moves' keys, positions and ints (as multisets).
fn check_state<G: TensorGame>(
    g: &G,
    layout: &TensorLayout,
    state: &G::State,
    line: &Value,
    obs: &mut [f32],
    matched: &mut Matched,
) -> Result<(), String> {
    layout.observe(g, state, obs).map_err(|e| e.to_string())?;
    let ours: Vec<(i64, i64)> = obs
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != 0.0)
        .map(|(i, &v)| (i as i64, v as i64))
        .collect();
    let ludii: Vec<(i64, i64)> = line["state_nonzero"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e[0].as_i64().unwrap(), e[1].as_i64().unwrap()))
        .collect();
    if ours != ludii {
        let plane = (layout.dim_x * layout.dim_y) as i64;
        let describe = |(i, v): (i64, i64)| {
            let c = i / plane;
            format!(
                "[{}] ({}, {}) = {v}",
                layout.channel_names[c as usize],
                i % plane / layout.dim_y as i64,
                i % layout.dim_y as i64
            )
        };
        let only_ours: Vec<String> = ours
            .iter()
            .filter(|e| !ludii.contains(e))
            .take(4)
            .map(|&e| describe(e))
            .collect();
        let only_ludii: Vec<String> = ludii
            .iter()
            .filter(|e| !ours.contains(e))
            .take(4)
            .map(|&e| describe(e))
            .collect();
        return Err(format!(
            "state tensor differs: only ours {only_ours:?}, only Ludii's {only_ludii:?}"
        ));
    }
    let mut moves = MoveBuffer::new();
    g.legal_moves(state, &mut moves);
    let mut ours: Vec<(String, [i64; 3], i64)> = Vec::new();
    for &mv in moves.iter() {
        let a = layout.action_of(g, mv).map_err(|e| e.to_string())?;
        ours.push((
            g.move_key(mv).to_string(),
            [a.channel as i64, a.x as i64, a.y as i64],
            layout.action_id(a) as i64,
        ));
    }
    let mut ludii: Vec<(String, [i64; 3], i64)> = line["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let t = ints(&m["tensor"]);
            (
                m["key"].as_str().unwrap().to_owned(),
                [t[0], t[1], t[2]],
                m["int"].as_i64().unwrap(),
            )
        })
        .collect();
    ours.sort();
    ludii.sort();
    if ours != ludii {
        let only_ours: Vec<_> = ours.iter().filter(|m| !ludii.contains(m)).take(4).collect();
        let only_ludii: Vec<_> = ludii.iter().filter(|m| !ours.contains(m)).take(4).collect();
        return Err(format!(
            "legal moves differ ({} ours, {} Ludii's): only ours {only_ours:?}, only Ludii's {only_ludii:?}",
            ours.len(),
            ludii.len()
        ));
    }
    // The mask marks exactly the distinct ints.
    let mut mask = vec![false; layout.num_distinct_actions()];
    layout
        .legal_action_mask(g, state, &mut moves, &mut mask)
        .map_err(|e| e.to_string())?;
    let marked: Vec<i64> = (0..mask.len())
        .filter(|&i| mask[i])
        .map(|i| i as i64)
        .collect();
    let mut ints: Vec<i64> = ludii.iter().map(|m| m.2).collect();
    ints.sort();
    ints.dedup();
    if marked != ints {
        return Err(format!(
            "legal action mask {marked:?}, Ludii's ints {ints:?}"
        ));
    }
    // The moves behind each id: as many as Ludii lists with that int.
    let mut behind = Vec::new();
    for &id in &ints {
        layout
            .moves_of_action(g, state, id as usize, &mut moves, &mut behind)
            .map_err(|e| e.to_string())?;
        let expected = ludii.iter().filter(|m| m.2 == id).count();
        if behind.len() != expected {
            return Err(format!(
                "{} moves behind action {id}, Ludii lists {expected}",
                behind.len()
            ));
        }
    }
    matched.states += 1;
    matched.moves += ludii.len();
    Ok(())
}

/// A branch point of a replay: step, state before, candidates, next to try.
type Branch<G> = (usize, <G as Game>::State, Vec<<G as Game>::Move>, usize);

/// Replays one seed's recorded lines (sorted by step), checking each.
/// Where several legal moves share the played key, each is tried in turn
/// until the later recorded states agree (Chess's promotions).
fn check_seed<G: TensorGame>(
    g: &G,
    layout: &TensorLayout,
    lines: &[Value],
    matched: &mut Matched,
) -> Result<(), String> {
    let last = lines.last().unwrap();
    let played: Vec<MoveKey> = last["played"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap().parse().unwrap())
        .collect();
    let at_step: BTreeMap<usize, &Value> = lines
        .iter()
        .map(|l| (l["step"].as_u64().unwrap() as usize, l))
        .collect();
    for l in lines {
        let step = l["step"].as_u64().unwrap() as usize;
        let keys = l["played"].as_array().unwrap();
        if keys.len() != step
            || keys
                .iter()
                .zip(&played)
                .any(|(k, p)| k.as_str() != Some(&p.to_string()))
        {
            return Err(format!(
                "step {step}: its played keys do not prefix the last line's"
            ));
        }
    }
    let mut obs = vec![0.0; layout.state_len()];
    let mut branches: Vec<Branch<G>> = Vec::new();
    let mut state = g.initial_state();
    let mut step = 0;
    let mut furthest: Option<(usize, String)> = None;
    let mut counts = Matched::default();
    let mut saved: Vec<Matched> = Vec::new();
    let mut buffer = MoveBuffer::new();
    loop {
        let mut failed = None;
        if let Some(line) = at_step.get(&step) {
            if let Err(e) = check_state(g, layout, &state, line, &mut obs, &mut counts) {
                failed = Some(format!("step {step}: {e}"));
            }
        }
        if failed.is_none() {
            if step == played.len() {
                matched.states += counts.states;
                matched.moves += counts.moves;
                return Ok(());
            }
            g.legal_moves(&state, &mut buffer);
            let candidates: Vec<G::Move> = buffer
                .iter()
                .copied()
                .filter(|&m| g.move_key(m) == played[step])
                .collect();
            match candidates.len() {
                0 => failed = Some(format!("step {step}: {} is not legal", played[step])),
                1 => {
                    g.apply(&mut state, candidates[0]);
                    step += 1;
                    continue;
                }
                _ => {
                    let first = candidates[0];
                    branches.push((step, state.clone(), candidates, 1));
                    saved.push(Matched {
                        states: counts.states,
                        moves: counts.moves,
                    });
                    g.apply(&mut state, first);
                    step += 1;
                    continue;
                }
            }
        }
        let message = failed.unwrap();
        if furthest.as_ref().is_none_or(|(s, _)| step > *s) {
            furthest = Some((step, message));
        }
        loop {
            let Some((at, base, candidates, next)) = branches.last_mut() else {
                return Err(furthest.unwrap().1);
            };
            if *next < candidates.len() {
                state = base.clone();
                g.apply(&mut state, candidates[*next]);
                *next += 1;
                step = *at + 1;
                let s = saved.last().unwrap();
                counts = Matched {
                    states: s.states,
                    moves: s.moves,
                };
                break;
            }
            branches.pop();
            saved.pop();
        }
    }
}

/// Every recorded line of a game (the `.jsonl`'s text): what matched, and
/// the first difference.
fn check_lines<G: TensorGame>(
    slug: &str,
    g: &G,
    layout: &TensorLayout,
    text: &str,
) -> (Matched, Option<String>) {
    let mut seeds: BTreeMap<u64, Vec<Value>> = BTreeMap::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        seeds
            .entry(v["seed"].as_u64().unwrap())
            .or_default()
            .push(v);
    }
    let mut matched = Matched::default();
    let mut first_failure = None;
    for (seed, mut lines) in seeds {
        lines.sort_by_key(|l| l["step"].as_u64().unwrap());
        if let Err(e) = check_seed(g, layout, &lines, &mut matched) {
            first_failure.get_or_insert(format!("{slug} seed {seed}: {e}"));
        }
    }
    (matched, first_failure)
}

fn load_game(ludii: &Path, lud: &str, options: &[&str]) -> Result<Interpreter, String> {
    let config = Config {
        def_dirs: vec![ludii.join("def")],
        options: options.iter().map(|s| s.to_string()).collect(),
        ..Config::default()
    };
    let loaded = load(&ludii.join("lud").join(lud), &config).map_err(|e| {
        let text = e.to_string();
        text.lines().next().unwrap_or_default().to_owned()
    })?;
    Ok(Interpreter::new(loaded.model))
}

/// Games ludemic lowers whose tensors it refuses on purpose: Surakarta's and
/// Oware's proposals and votes (Ludii's proposition and vote channels, not
/// modelled).
const LAYOUT_REFUSED: &[&str] = &["surakarta", "oware"];

#[test]
fn tensors_match_ludii() {
    let (Some(reference), Some(ludii)) = (
        common::shared("reference/ludii-tensors"),
        common::shared("ludii"),
    ) else {
        return;
    };
    let only = std::env::var("LUDEMIC_TENSOR_GAMES").ok();
    let mut failures = Vec::new();
    let mut checked = 0;
    for &(slug, lud, options) in GAMES {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|s| s == slug))
        {
            continue;
        }
        let meta: Value = serde_json::from_str(
            &std::fs::read_to_string(reference.join(format!("{slug}.json"))).unwrap(),
        )
        .unwrap();
        let g = match load_game(&ludii, lud, options) {
            Ok(g) => g,
            Err(reason) => {
                eprintln!("{slug}: skipped, ludemic does not lower it: {reason}");
                continue;
            }
        };
        let layout = match tensor::layout(g.model()) {
            Ok(l) if LAYOUT_REFUSED.contains(&slug) => {
                failures.push(format!(
                    "{slug}: now has a layout ({:?}): take it off LAYOUT_REFUSED",
                    l.move_tensor_shape()
                ));
                continue;
            }
            Ok(l) => l,
            Err(e) if LAYOUT_REFUSED.contains(&slug) => {
                eprintln!("{slug}: skipped, its tensors are refused: {e}");
                continue;
            }
            Err(e) => {
                failures.push(format!("{slug}: {e}"));
                continue;
            }
        };
        if let Err(e) = check_layout(slug, &layout, &meta) {
            failures.push(e);
            continue;
        }
        checked += 1;
        let path = reference.join(format!("{slug}.jsonl"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!(
                "{slug}: layout matches; no recorded states ({})",
                meta["jsonl_skipped_reason"].as_str().unwrap_or("no file")
            );
            continue;
        };
        let (matched, first_failure) = check_lines(slug, &g, &layout, &text);
        eprintln!(
            "{slug}: shapes {:?} / {:?}, {} states and {} legal moves matched{}",
            layout.state_tensor_shape(),
            layout.move_tensor_shape(),
            matched.states,
            matched.moves,
            first_failure
                .as_deref()
                .map(|f| format!("; FIRST DIFFERENCE {f}"))
                .unwrap_or_default()
        );
        if let Some(f) = first_failure {
            failures.push(f);
        }
    }
    assert!(
        only.is_some() || checked >= 15,
        "only {checked} games checked"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Dots and Boxes: the layout is Ludii's, but its lines are pieces on
/// edges, which Ludii's tensors have no place for (its wrapper throws):
/// ours are errors, never a panic or a wrong cell.
#[test]
fn edges_have_no_place_in_the_tensors() {
    let Some(ludii) = common::shared("ludii") else {
        return;
    };
    let g = load_game(&ludii, "math/graph/Dots and Boxes.lud", &[]).unwrap();
    let layout = tensor::layout(g.model()).unwrap();
    let mut state = g.initial_state();
    let mut obs = vec![0.0; layout.state_len()];
    layout.observe(&g, &state, &mut obs).unwrap();
    let mv = g.find_move(&state, "-1>e:96").expect("edge 96 is legal");
    assert!(layout.action_of(&g, mv).is_err());
    g.apply(&mut state, mv);
    let err = layout.observe(&g, &state, &mut obs).unwrap_err();
    assert!(err.to_string().contains("no place"), "{err}");
    let mut short = vec![0.0; 3];
    assert!(layout.observe(&g, &state, &mut short).is_err());
}

/// `ludemic tensor`: shapes, channel names, the observation after the
/// given moves and the legal moves' positions.
#[test]
fn cli_prints_shapes_channels_and_an_observation() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludemic"))
        .args(["tensor", "tic-tac-toe", "--moves", "-1>4,-1>0"])
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the ludemic binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("state tensor: 9 x 3 x 3"), "{text}");
    assert!(
        text.contains("move tensor:  3 x 3 x 3, 27 actions"),
        "{text}"
    );
    assert!(
        text.contains("    8  Second-to-last move's to-position"),
        "{text}"
    );
    assert!(text.contains("state after 2 moves: -1>4 -1>0"), "{text}");
    // The last move's to-position: (0, 0), the bottom row's first cell.
    assert!(
        text.contains("[6] Last move's to-position (rows y = 2 down to 0, columns x = 0..3)\n  . . .\n  . . .\n  1 . .\n"),
        "{text}"
    );
    assert!(text.contains("legal moves (7)"), "{text}");
    assert!(text.contains("  -1>8 -> [0, 2, 2] = 8"), "{text}");
    // The compiled engine shows the same, but for the engine it names.
    let compiled = std::process::Command::new(env!("CARGO_BIN_EXE_ludemic"))
        .args([
            "tensor",
            "tic-tac-toe",
            "--moves",
            "-1>4,-1>0",
            "--engine",
            "compiled",
        ])
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the ludemic binary runs");
    let compiled_text = String::from_utf8_lossy(&compiled.stdout);
    assert!(compiled.status.success());
    assert!(
        text.lines().next().unwrap().ends_with(", interpreter)"),
        "{text}"
    );
    assert!(
        compiled_text
            .lines()
            .next()
            .unwrap()
            .ends_with(", compiled)"),
        "{compiled_text}"
    );
    assert_eq!(
        text.lines().skip(1).collect::<Vec<_>>(),
        compiled_text.lines().skip(1).collect::<Vec<_>>()
    );
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_ludemic"))
        .args(["tensor", "tic-tac-toe", "--moves", "-1>4,-1>4"])
        .current_dir(common::root())
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a legal move"));
}

/// The reference games that are bundled compiled (`generated/`), by the
/// slug of the reference folder and the stem in `games/`.
fn bundled_stem(slug: &str) -> Option<&'static str> {
    let stem = match slug {
        "hex-11x11" => "hex",
        s => s,
    };
    ludemic_generated::GAMES
        .iter()
        .copied()
        .find(|&g| g == stem)
}

/// One compiled game along Ludii's recorded lines, its moves recorded by
/// [`Recorded`] for the last-move channels.
struct CompiledLines<'a> {
    slug: &'a str,
    layout: &'a TensorLayout,
    text: &'a str,
}

impl ludemic_generated::Visitor for CompiledLines<'_> {
    type Output = (Matched, Option<String>);
    fn visit<G: PositionView + Clone>(self, game: &G) -> Self::Output {
        check_lines(self.slug, &Recorded(game.clone()), self.layout, self.text)
    }
}

/// The compiled engine's tensors against Ludii's, as exactly as the
/// interpreter's: every reference game that is bundled compiled, whose
/// description in `games/` has Ludii's layout (the same board and pieces).
#[test]
fn compiled_tensors_match_ludii() {
    let Some(reference) = common::shared("reference/ludii-tensors") else {
        return;
    };
    let mut failures = Vec::new();
    let mut checked = Vec::new();
    for &(slug, _, _) in GAMES {
        let Some(stem) = bundled_stem(slug) else {
            continue;
        };
        let meta: Value = serde_json::from_str(
            &std::fs::read_to_string(reference.join(format!("{slug}.json"))).unwrap(),
        )
        .unwrap();
        let own = common::own_game(stem, &[]);
        let layout = match tensor::layout(own.model()) {
            Ok(l) => l,
            // Refused alike by the interpreter's test, which fails once
            // the refusal goes.
            Err(e) if LAYOUT_REFUSED.contains(&slug) => {
                eprintln!("{slug}: skipped, its tensors are refused: {e}");
                continue;
            }
            Err(e) => {
                failures.push(format!("{slug}: {e}"));
                continue;
            }
        };
        if let Err(e) = check_layout(slug, &layout, &meta) {
            eprintln!("{slug}: skipped, games/{stem}.lud is not Ludii's game: {e}");
            continue;
        }
        let Ok(text) = std::fs::read_to_string(reference.join(format!("{slug}.jsonl"))) else {
            eprintln!("{slug}: layout matches; no recorded states");
            continue;
        };
        let (matched, first_failure) = ludemic_generated::visit(
            stem,
            CompiledLines {
                slug,
                layout: &layout,
                text: &text,
            },
        )
        .expect("a bundled game");
        eprintln!(
            "{slug} (compiled {stem}): {} states and {} legal moves matched{}",
            matched.states,
            matched.moves,
            first_failure
                .as_deref()
                .map(|f| format!("; FIRST DIFFERENCE {f}"))
                .unwrap_or_default()
        );
        match first_failure {
            Some(f) => failures.push(f),
            None if matched.states > 0 => checked.push(slug),
            None => failures.push(format!("{slug}: no state checked")),
        }
    }
    eprintln!("compiled and equal to Ludii's tensors: {checked:?}");
    assert!(
        checked.len() >= 5,
        "only {} compiled games checked",
        checked.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
