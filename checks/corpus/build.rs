//! Compiles Ludii's own files of the seven placement games (from
//! `../shared/ludii`, beside the repository) with their default options and
//! with each option item alone, and of the thirteen moving-piece games with
//! their defaults and the option items named below, and writes a registry
//! of them. Without `../shared` nothing is compiled and the checks are
//! skipped.

// The three position modules each load `position_play.rs` as their own
// private module (the tests load them one at a time); here all three meet.
#![allow(clippy::duplicate_mod)]

use std::path::{Path, PathBuf};

use ludemic_compiler::{build, codegen, load, Config};

#[path = "../common/registry.rs"]
mod registry;

/// Each file, and the option items compiled beside its defaults (`None`:
/// every item, each alone).
const GAMES: &[(&str, Option<&[&str]>)] = &[
    ("board/space/line/Tic-Tac-Toe.lud", None),
    ("board/space/line/Squava.lud", None),
    ("board/space/line/Gomoku.lud", None),
    ("board/space/line/Connect6.lud", None),
    ("board/space/line/Yavalath.lud", None),
    ("board/space/connection/Hex.lud", None),
    ("board/space/connection/Havannah.lud", None),
    // The moving-piece games: the options the reference trials use (Breakthrough's two
    // tilings, Connect Four's two models) and a few more that change rules.
    (
        "board/space/territory/Reversi.lud",
        Some(&["Board Size/6x6"]),
    ),
    (
        "math/graph/Dots and Boxes.lud",
        Some(&["Board/Hexagon", "End Rules/Misere"]),
    ),
    (
        "board/race/reach/Breakthrough.lud",
        Some(&["Board/Hexagon"]),
    ),
    ("board/race/reach/Knightthrough.lud", Some(&[])),
    ("board/hunt/Wolf and Sheep.lud", Some(&[])),
    ("board/space/blocking/Amazons.lud", Some(&[])),
    ("board/space/blocking/Tron.lud", Some(&[])),
    (
        "board/space/blocking/Mu Torere.lud",
        Some(&["Board/Square Shape", "Play Rules/No Restriction"]),
    ),
    ("board/space/line/Tant Fant.lud", Some(&[])),
    (
        "board/war/leaping/lines/Alquerque.lud",
        Some(&["Play Rules/No force capture no sequence"]),
    ),
    (
        "board/space/group/Lines of Action.lud",
        Some(&["End rules/Simultaneous Group = Mover Win"]),
    ),
    ("board/space/group/Feed the Ducks.lud", Some(&[])),
    (
        "board/space/line/Connect Four.lud",
        Some(&["Modelisation/2D"]),
    ),
    // Hands: placements from hand, mills removing pieces.
    ("board/space/line/Dara.lud", None),
    ("board/space/line/Nine Men's Morris.lud", Some(&[])),
    // Multi-jump chains, one hop per move with `moveAgain`; forced capture.
    ("board/war/leaping/diagonal/English Draughts.lud", Some(&[])),
    // Site states (castling), pending sites (en passant), the counter
    // (the 50-move rule) and the Filter playout.
    ("board/war/replacement/checkmate/chess/Chess.lud", Some(&[])),
    // Hands fed by captures, drops, check tested by the enemy's own rules.
    (
        "board/war/replacement/checkmate/shogi/Minishogi.lud",
        Some(&[]),
    ),
    // The custodial and leaping families: `(surround ...)`, `(sites Around
    // ...)`, `(is Line ... if:C)`, `SameDirection` hop chains.
    ("board/space/line/Dai Hasami Shogi.lud", Some(&[])),
    ("board/war/custodial/Hnefatafl.lud", Some(&[])),
    ("board/war/custodial/HeXentafl.lud", Some(&[])),
    ("board/war/leaping/orthogonal/Konane.lud", Some(&[])),
    // Captures by `enclose`, liberties, territory, `(no Repeat)` (Zobrist
    // hashes of the positions seen) and the Filter playout: Go on its
    // three sizes with reference trials (19x19 by default), Pentalath on
    // both boards.
    (
        "board/space/territory/Go.lud",
        Some(&["Board Size/9x9", "Board Size/13x13"]),
    ),
    ("board/space/line/Pentalath.lud", None),
    // The race to fill a camp: hop chains over unvisited sites, camps by
    // player, several players ranked as they finish (Halma's 6x6 board,
    // Chinese Checkers with two and three players beside the defaults).
    ("board/race/fill/Halma.lud", Some(&["Board Size/6x6"])),
    (
        "board/race/fill/Chinese Checkers.lud",
        Some(&["Players/2 (a)", "Players/3"]),
    ),
    // Tracks: Surakarta's captures along its loops (each walk from each
    // place of the piece's site in each track, duplicates kept), the
    // proposal and vote that end a game without captures, `(forEach Track
    // ...)` end rules; its larger boards and other slide and step rules.
    (
        "board/war/replacement/eliminate/all/Surakarta.lud",
        Some(&[
            "Corners Capture/True",
            "Slide/To Move or Capture",
            "End Rules/Less Than 3 Pieces Per Track",
            "Version/Middle Line",
            "Version/Experimental 12x8",
        ]),
    ),
    // Approach and withdrawal captures (`(move Select ... (to ...))`,
    // `(directional ...)`, `(ahead ... SameDirection)`), chains over
    // unvisited sites: Fanorona on its three boards.
    ("board/war/direction/linear/Fanorona.lud", None),
];

/// Ludii files with their board resized, rewritten into `OUT_DIR`: layouts
/// the library's own sizes never reach. Score Four's 4x4 stacks of 4 fill
/// one word of cells; on 5x5 its line windows take the generator's list form.
const RESIZED: &[(&str, &str, &str, &str)] = &[(
    "board/space/line/Score Four.lud",
    "(square 4)",
    "(square 5)",
    "score_four_5x5",
)];

#[path = "../common/chess_positions.rs"]
mod chess_positions;

#[path = "../common/go_positions.rs"]
mod go_positions;

#[path = "../common/shogi_positions.rs"]
mod shogi_positions;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(corpus)");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let ludii = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ludii");
    println!("cargo:rerun-if-changed={}", ludii.display());
    if !ludii.is_dir() {
        registry::skip(&out, "corpus", &ludii);
        return;
    }
    println!("cargo:rustc-cfg=corpus");
    let defs = ludii.join("def");
    let mut config = build::Config::new()
        .runtime_path("::ludemic_runtime")
        .defs(&defs)
        .emit_rerun_directives(true);
    let mut entries = Vec::new();
    for &(lud, items) in GAMES {
        let path = ludii.join("lud").join(lud);
        let base = base_config(&defs);
        let loaded = load(&path, &base).unwrap_or_else(|e| panic!("{e}"));
        // The defaults, then each option item alone (skipping repeats of a set).
        let mut choices: Vec<Vec<String>> = vec![Vec::new()];
        for category in &loaded.expanded.options {
            for item in &category.items {
                let choice = format!("{}/{}", category.heading, item.label);
                let wanted = items.is_none_or(|items| items.contains(&choice.as_str()));
                if wanted && !loaded.model.options.contains(&choice) {
                    choices.push(vec![choice]);
                }
            }
        }
        for options in choices {
            let config_for = Config {
                options: options.clone(),
                ..base.clone()
            };
            let model = load(&path, &config_for)
                .unwrap_or_else(|e| panic!("{e}"))
                .model;
            let stem = build::module_name(&path);
            let suffix: String = options
                .iter()
                .flat_map(|o| o.chars())
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '_'
                    }
                })
                .collect();
            // One underscore between words (`Group = Mover` is `group_mover`).
            let suffix = suffix
                .split('_')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("_");
            let name = if suffix.is_empty() {
                stem
            } else {
                format!("{stem}_{suffix}")
            };
            let refs: Vec<&str> = options.iter().map(String::as_str).collect();
            config = config.game_with_options(&path, &name, &refs);
            entries.push(registry::Registered {
                entry: format!("Entry {{ name: {name:?}, lud: {lud:?}, options: &{options:?} }}"),
                module: name,
                ty: codegen::type_name(&model),
            });
        }
    }
    for &(lud, from, to, name) in RESIZED {
        let text = std::fs::read_to_string(ludii.join("lud").join(lud)).expect("a Ludii file");
        assert!(text.contains(from), "{lud} holds {from}");
        let path = out.join(format!("{name}.lud"));
        std::fs::write(&path, text.replacen(from, to, 1)).expect("OUT_DIR is writable");
        let model = load(&path, &base_config(&defs))
            .unwrap_or_else(|e| panic!("{e}"))
            .model;
        config = config.game_with_options(&path, name, &[]);
        // An absolute `lud`: the test's `ludii/lud` join keeps it as is.
        entries.push(registry::Registered {
            entry: format!(
                "Entry {{ name: {name:?}, lud: {:?}, options: &[] }}",
                path.display().to_string()
            ),
            module: name.to_string(),
            ty: codegen::type_name(&model),
        });
    }
    // Chess, Minishogi and Shogi on hand-made positions (their start rules
    // replaced), which `tests/chess_positions.rs` and
    // `tests/shogi_positions.rs` question as `tests/chess_rules.rs` and
    // `tests/shogi.rs` do the interpreter.
    let chess =
        std::fs::read_to_string(ludii.join("lud").join(chess_positions::CHESS)).expect("Chess.lud");
    let read = |lud: &str| std::fs::read_to_string(ludii.join("lud").join(lud)).expect(lud);
    let positions = chess_positions::POSITIONS
        .iter()
        .map(|&(name, start)| (name, chess_positions::with_start(&chess, start)))
        .chain(
            shogi_positions::POSITIONS
                .iter()
                .map(|&(name, lud, start)| (name, shogi_positions::with_start(&read(lud), start))),
        );
    for (name, text) in positions {
        let path = out.join(format!("{name}.lud"));
        std::fs::write(&path, text).expect("OUT_DIR is writable");
        let model = load(&path, &base_config(&defs))
            .unwrap_or_else(|e| panic!("{e}"))
            .model;
        config = config.game_with_options(&path, name, &[]);
        entries.push(registry::Registered {
            entry: format!(
                "Entry {{ name: {name:?}, lud: {:?}, options: &[] }}",
                path.display().to_string()
            ),
            module: name.to_string(),
            ty: codegen::type_name(&model),
        });
    }
    // Go on a 5x5 board with each repetition rule, whose positions
    // `tests/go_positions.rs` questions as `tests/go.rs` does the interpreter.
    for &(name, repeat) in go_positions::VARIANTS {
        let path = out.join(format!("{name}.lud"));
        std::fs::write(&path, go_positions::text(repeat)).expect("OUT_DIR is writable");
        let model = load(&path, &base_config(&defs))
            .unwrap_or_else(|e| panic!("{e}"))
            .model;
        config = config.game_with_options(&path, name, &[]);
        entries.push(registry::Registered {
            entry: format!(
                "Entry {{ name: {name:?}, lud: {:?}, options: &[] }}",
                path.display().to_string()
            ),
            module: name.to_string(),
            ty: codegen::type_name(&model),
        });
    }
    config.compile().unwrap_or_else(|e| panic!("{e}"));
    registry::write(&out, &entries);
}

/// Ludii's defines, default options.
fn base_config(defs: &Path) -> Config {
    Config {
        def_dirs: vec![defs.to_path_buf()],
        ..Config::default()
    }
}
