//! Shared helpers for the integration tests: where the shared data lives,
//! and loading games.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::interp::{Interpreter, State};
use ludemic_compiler::{load, load_str, Config};
use ludemic_runtime::{Game, MoveBuffer, PlayoutStats};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared` beside the repository, or `None` (with a printed reason) when
/// it is absent, as on a fresh clone of the project alone.
pub fn shared(what: &str) -> Option<PathBuf> {
    let dir = root().join("../shared").join(what);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: {} is absent", dir.display());
        None
    }
}

/// Loads one of the project's own games (`games/NAME.lud`) with `options`.
pub fn own_game(name: &str, options: &[String]) -> Interpreter {
    let config = Config {
        def_dirs: vec![root().join("games/def")],
        options: options.to_vec(),
        ruleset: None,
        ai_dirs: Vec::new(),
    };
    let path = root().join("games").join(format!("{name}.lud"));
    let loaded = load(&path, &config).unwrap_or_else(|e| panic!("{e}"));
    Interpreter::new(loaded.model)
}

/// Loads the source of a bundled stem (`ludemic_generated::stems()`): its
/// file of `games/` with the options it was generated with.
pub fn bundled_game(stem: &str) -> Interpreter {
    let (file, options) = ludemic_generated::selection(stem, &[]).expect("a bundled stem");
    own_game(file, &options)
}

/// Loads a Ludii corpus game (`shared/ludii/lud/...`) with Ludii's define library.
pub fn corpus_game(ludii: &Path, lud: &str, options: &[String]) -> Interpreter {
    let config = Config {
        def_dirs: vec![ludii.join("def")],
        options: options.to_vec(),
        ruleset: None,
        ai_dirs: Vec::new(),
    };
    let loaded = load(&ludii.join("lud").join(lud), &config).unwrap_or_else(|e| panic!("{e}"));
    Interpreter::new(loaded.model)
}

/// Loads `lud` (under `ludii/lud`) with its text rewritten by `rewrite`
/// (hand-made start rules, say), with Ludii's define library.
pub fn rewritten_corpus_game(
    ludii: &Path,
    lud: &str,
    rewrite: impl FnOnce(&str) -> String,
) -> Interpreter {
    let text = std::fs::read_to_string(ludii.join("lud").join(lud))
        .unwrap_or_else(|e| panic!("{lud}: {e}"));
    let library = DefineLibrary::load(&[ludii.join("def")]).expect("Ludii's defines");
    let loaded = load_str(
        Path::new(lud),
        &rewrite(&text),
        &library,
        &Config::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    Interpreter::new(loaded.model)
}

/// Loads an inline description (no define library), or its error as text.
pub fn inline_game(text: &str) -> Result<Interpreter, String> {
    load_str(
        Path::new("inline.lud"),
        text,
        &DefineLibrary::empty(),
        &Config::default(),
    )
    .map(|loaded| Interpreter::new(loaded.model))
    .map_err(|e| e.to_string())
}

/// The keys of the legal moves, sorted as strings.
pub fn sorted_keys(g: &Interpreter, state: &State) -> Vec<String> {
    let mut legal = MoveBuffer::new();
    g.legal_moves(state, &mut legal);
    let mut keys: Vec<String> = legal.iter().map(|&m| g.move_key(m).to_string()).collect();
    keys.sort();
    keys
}

/// Plays the legal move with this key.
pub fn play_key(g: &Interpreter, state: &mut State, key: &str) {
    let mv = g
        .find_move(state, key)
        .unwrap_or_else(|| panic!("{key} is not legal"));
    g.apply(state, mv);
}

/// The placement games: corpus path, our own file, and trial slugs.
pub const PLACEMENT_GAMES: &[(&str, &str, &[&str])] = &[
    (
        "board/space/line/Tic-Tac-Toe.lud",
        "tic-tac-toe",
        &["tic-tac-toe"],
    ),
    (
        "board/space/line/Squava.lud",
        "squava",
        &["squava", "squava-swap"],
    ),
    ("board/space/line/Gomoku.lud", "gomoku", &["gomoku"]),
    ("board/space/line/Connect6.lud", "connect6", &["connect6"]),
    (
        "board/space/line/Yavalath.lud",
        "yavalath",
        &["yavalath", "yavalath-swap"],
    ),
    (
        "board/space/connection/Hex.lud",
        "hex",
        &["hex-11x11", "hex-9x9", "hex-11x11-swap", "hex-9x9-swap"],
    ),
    (
        "board/space/connection/Havannah.lud",
        "havannah",
        &["havannah"],
    ),
    (
        "board/space/line/Pentalath.lud",
        "pentalath",
        &["pentalath"],
    ),
    (
        "board/space/territory/Go.lud",
        "go",
        &["go-9x9", "go-19x19"],
    ),
];

/// The moving-piece games: corpus path, our own file, and trial slugs.
pub const MOVING_GAMES: &[(&str, &str, &[&str])] = &[
    (
        "board/race/reach/Breakthrough.lud",
        "breakthrough",
        &["breakthrough"],
    ),
    (
        "board/race/reach/Knightthrough.lud",
        "knightthrough",
        &["knightthrough"],
    ),
    (
        "board/hunt/Wolf and Sheep.lud",
        "wolf-and-sheep",
        &["wolf-and-sheep"],
    ),
    ("board/space/blocking/Tron.lud", "tron", &["tron"]),
    ("board/space/blocking/Amazons.lud", "amazons", &["amazons"]),
    (
        "board/space/blocking/Mu Torere.lud",
        "mu-torere",
        &["mu-torere"],
    ),
    (
        "board/space/line/Tant Fant.lud",
        "tant-fant",
        &["tant-fant"],
    ),
    (
        "board/war/leaping/lines/Alquerque.lud",
        "alquerque",
        &["alquerque"],
    ),
    (
        "board/space/group/Lines of Action.lud",
        "lines-of-action",
        &["lines-of-action"],
    ),
    (
        "board/space/group/Feed the Ducks.lud",
        "feed-the-ducks",
        &["feed-the-ducks"],
    ),
    ("board/space/territory/Reversi.lud", "reversi", &["reversi"]),
    (
        "math/graph/Dots and Boxes.lud",
        "dots-and-boxes",
        &["dots-and-boxes"],
    ),
    (
        "board/space/line/Connect Four.lud",
        "connect-four",
        &["connect-four"],
    ),
    (
        "board/war/leaping/diagonal/English Draughts.lud",
        "english-draughts",
        &["english-draughts"],
    ),
    (
        "board/war/replacement/checkmate/chess/Chess.lud",
        "chess",
        &["chess"],
    ),
    ("board/space/line/Dara.lud", "dara", &["dara"]),
    (
        "board/war/replacement/checkmate/shogi/Minishogi.lud",
        "minishogi",
        &["minishogi"],
    ),
    // No seed trials: tests/games_conform.rs replays its library trials.
    (
        "board/war/replacement/checkmate/shogi/Shogi.lud",
        "shogi",
        &[],
    ),
    (
        "board/space/line/Nine Men's Morris.lud",
        "nine-mens-morris",
        &["nine-mens-morris"],
    ),
    // No seed trials: tests/games_conform.rs replays their library trials.
    ("board/race/fill/Halma.lud", "halma", &[]),
    (
        "board/race/fill/Chinese Checkers.lud",
        "chinese-checkers",
        &[],
    ),
];

/// The capture games (custodial, leaping, approach and withdrawal, loop
/// slides) and sowing: corpus path, our own file, and trial slugs.
pub const CAPTURE_GAMES: &[(&str, &str, &[&str])] = &[
    (
        "board/space/line/Dai Hasami Shogi.lud",
        "dai-hasami-shogi",
        &["dai-hasami-shogi"],
    ),
    (
        "board/war/custodial/HeXentafl.lud",
        "hexentafl",
        &["hexentafl"],
    ),
    (
        "board/war/custodial/Hnefatafl.lud",
        "hnefatafl",
        &["hnefatafl"],
    ),
    (
        "board/war/leaping/orthogonal/Konane.lud",
        "konane",
        &["konane"],
    ),
    (
        "board/war/direction/linear/Fanorona.lud",
        "fanorona",
        &["fanorona"],
    ),
    (
        "board/war/replacement/eliminate/all/Surakarta.lud",
        "surakarta",
        &["surakarta"],
    ),
    ("board/sow/two_rows/Oware.lud", "oware", &["oware"]),
];

/// The race games with dice: corpus path, our own file, and trial slugs.
pub const RACE_GAMES: &[(&str, &str, &[&str])] = &[
    (
        "board/race/escape/Royal Game of Ur.lud",
        "royal-game-of-ur",
        &["royal-game-of-ur"],
    ),
    ("board/race/escape/Senet.lud", "senet", &["senet"]),
];

/// Loads an inline description that must lower (panics with the error).
pub fn inline(text: &str) -> Interpreter {
    inline_game(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Where two samples differ by more than 3 standard errors (of the
/// difference), on mean length or on any player's win frequency.
pub fn differences(a: &PlayoutStats, b: &PlayoutStats, players: usize) -> Vec<String> {
    let mut out = Vec::new();
    let se = (a.mean_moves_stderr().powi(2) + b.mean_moves_stderr().powi(2)).sqrt();
    if (a.mean_moves() - b.mean_moves()).abs() > 3.0 * se {
        out.push(format!(
            "mean moves {:.2} vs {:.2} (3 SE = {:.2})",
            a.mean_moves(),
            b.mean_moves(),
            3.0 * se
        ));
    }
    for p in 0..=players {
        let se = (a.frequency_stderr(p).powi(2) + b.frequency_stderr(p).powi(2)).sqrt();
        if (a.frequency(p) - b.frequency(p)).abs() > 3.0 * se.max(1e-9) {
            out.push(format!(
                "outcome {p}: {:.3} vs {:.3} (3 SE = {:.3})",
                a.frequency(p),
                b.frequency(p),
                3.0 * se
            ));
        }
    }
    out
}
