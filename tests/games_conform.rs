//! The project's own game descriptions (`games/*.lud`, with the define library
//! `games/def`) against Ludii.
//!
//! - Every reference trial of the placement and moving-piece games replays on our own
//!   descriptions, move by move (mover, legal moves, the move played) and at
//!   the end (winner, ranking, end reason, move count). Each trial is loaded
//!   with the options it records, so option names must be Ludii's.
//! - Every `games/*.lud` loads with its default options and with each single
//!   option item, and random playouts of each variant reach an end.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load, Config, Loaded};
use ludemic_runtime::trial::{read_trials, replay};
use ludemic_runtime::{Game, Xoshiro256PlusPlus};

/// Our games and the reference trial files (`<slug>.jsonl`) that each must replay.
const GAMES: &[(&str, &[&str])] = &[
    ("tic-tac-toe", &["tic-tac-toe"]),
    ("squava", &["squava", "squava-swap"]),
    ("gomoku", &["gomoku"]),
    ("connect6", &["connect6"]),
    ("yavalath", &["yavalath", "yavalath-swap"]),
    (
        "hex",
        &["hex-11x11", "hex-9x9", "hex-11x11-swap", "hex-9x9-swap"],
    ),
    ("havannah", &["havannah"]),
    ("breakthrough", &["breakthrough"]),
    ("knightthrough", &["knightthrough"]),
    ("wolf-and-sheep", &["wolf-and-sheep"]),
    ("tron", &["tron"]),
    ("amazons", &["amazons"]),
    ("mu-torere", &["mu-torere"]),
    ("tant-fant", &["tant-fant"]),
    ("alquerque", &["alquerque"]),
    ("lines-of-action", &["lines-of-action"]),
    ("feed-the-ducks", &["feed-the-ducks"]),
    ("reversi", &["reversi"]),
    ("dots-and-boxes", &["dots-and-boxes"]),
    ("connect-four", &["connect-four"]),
    ("english-draughts", &["english-draughts"]),
    ("chess", &["chess"]),
    ("dara", &["dara"]),
    ("pentalath", &["pentalath"]),
    ("go", &["go-9x9", "go-19x19"]),
    ("minishogi", &["minishogi"]),
    // No seed trials: its library trials below.
    ("shogi", &[]),
    ("dai-hasami-shogi", &["dai-hasami-shogi"]),
    ("hexentafl", &["hexentafl"]),
    ("hnefatafl", &["hnefatafl"]),
    ("konane", &["konane"]),
    ("nine-mens-morris", &["nine-mens-morris"]),
    // No seed trials: their library trials below.
    ("halma", &[]),
    ("chinese-checkers", &[]),
    ("fanorona", &["fanorona"]),
    ("surakarta", &["surakarta"]),
    ("oware", &["oware"]),
    ("royal-game-of-ur", &["royal-game-of-ur"]),
    ("senet", &["senet"]),
];

/// Our games and the slugs of their trials of Ludii's whole library
/// (`shared/reference/ludii-library-trials/<slug>.jsonl.gz`, see its
/// `manifest.json`): with the seed trials, or instead of them for games
/// that have none.
const LIBRARY_TRIALS: &[(&str, &str)] = &[
    ("go", "space--territory--go"),
    ("minishogi", "war--replacement--checkmate--shogi--minishogi"),
    ("shogi", "war--replacement--checkmate--shogi--shogi"),
    ("dai-hasami-shogi", "space--line--dai-hasami-shogi"),
    ("hexentafl", "war--custodial--hexentafl"),
    ("hnefatafl", "war--custodial--hnefatafl"),
    ("konane", "war--leaping--orthogonal--konane"),
    ("nine-mens-morris", "space--line--nine-men-s-morris"),
    ("halma", "race--fill--halma"),
    ("chinese-checkers", "race--fill--chinese-checkers"),
    ("fanorona", "war--direction--linear--fanorona"),
    ("surakarta", "war--replacement--eliminate--all--surakarta"),
    ("oware", "sow--two-rows--oware"),
    ("royal-game-of-ur", "race--escape--royal-game-of-ur"),
    ("senet", "race--escape--senet"),
];

/// Random playouts per variant in the load-and-play test.
const PLAYOUTS: u64 = 50;

/// Fewer for games whose interpreted playouts are slow (Shogi: about 700
/// moves, one or two playouts a second).
const SLOW_GAMES: &[(&str, u64)] = &[("shogi", 4), ("halma", 4), ("chinese-checkers", 2)];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Loads `games/<name>.lud` with our define library and `options`.
fn load_own(path: &Path, options: &[String]) -> Loaded {
    try_load_own(path, options).unwrap_or_else(|e| {
        panic!(
            "{} with options {options:?} does not load: {e}",
            path.display()
        )
    })
}

fn try_load_own(path: &Path, options: &[String]) -> Result<Loaded, String> {
    let config = Config {
        def_dirs: vec![root().join("games/def")],
        options: options.to_vec(),
        ruleset: None,
        ai_dirs: Vec::new(),
    };
    load(path, &config).map_err(|e| e.to_string())
}

/// Option items of our games (Ludii's items, kept as its files have them)
/// that ludemic refuses, with the refusal they must give: the Royal Game of
/// Ur's tracks that cross themselves (Ludii follows each piece's place along
/// such a track, its `OnTrackIndices`; not modelled).
const OPTIONS_REFUSED: &[(&str, &str, &str)] = &[
    (
        "royal-game-of-ur",
        "Tracks/Track Murray",
        "`(trackSite Move ...)` with the open track \"Track1\" crossing itself",
    ),
    (
        "royal-game-of-ur",
        "Tracks/Wikipedia Loop",
        "`(trackSite Move ...)` with the open track \"Track1\" crossing itself",
    ),
];

/// `shared/reference/<what>`, or `None` (with a printed reason) when absent.
fn reference_dir(what: &str) -> Option<PathBuf> {
    let dir = root().join("../shared/reference").join(what);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: {} is absent (the Ludii reference trials live outside the repository)",
            dir.display()
        );
        None
    }
}

/// Replays every trial of `files` on `games/<name>.lud`, each with the
/// options it records; returns how many.
fn replay_own(name: &str, files: &[PathBuf]) -> usize {
    let path = root().join("games").join(format!("{name}.lud"));
    // One interpreter per option set, shared by the trials that use it.
    let mut games: BTreeMap<Vec<String>, Interpreter> = BTreeMap::new();
    let mut replayed = 0;
    for file in files {
        let trials = read_trials(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(!trials.is_empty(), "{}: no trials", file.display());
        for trial in &trials {
            let game = games
                .entry(trial.options.clone())
                .or_insert_with(|| Interpreter::new(load_own(&path, &trial.options).model));
            if let Err(mismatch) = replay(&*game, trial) {
                panic!(
                    "games/{name}.lud does not replay Ludii's trial {} seed {} (options {:?}): {mismatch}",
                    file.display(),
                    trial.seed,
                    trial.options
                );
            }
            replayed += 1;
        }
    }
    replayed
}

#[test]
fn own_games_replay_every_ludii_trial() {
    let Some(trials_dir) = reference_dir("ludii-trials") else {
        return;
    };
    let mut replayed = 0;
    for &(name, slugs) in GAMES {
        let files: Vec<PathBuf> = slugs
            .iter()
            .map(|slug| trials_dir.join(format!("{slug}.jsonl")))
            .collect();
        replayed += replay_own(name, &files);
    }
    assert_eq!(
        replayed,
        172 + 280 + 20 + 40 + 40 + 20 + 5 * 20 + 20 + 20 + 20 + 2 * 20,
        "7 placement games (12 trial files, 172 trials), 14 moving-piece games (280 trials), Pentalath (20), Chess and Dara (40), Go (2 sizes, 40 trials), Minishogi (20), Dai Hasami Shogi, HeXentafl, Hnefatafl, Konane and Nine Men's Morris (100), Fanorona (20), Surakarta (20), Oware (20), the Royal Game of Ur (20) and Senet (20)"
    );
}

#[test]
fn own_games_replay_ludii_library_trials() {
    let Some(trials_dir) = reference_dir("ludii-library-trials") else {
        return;
    };
    let mut replayed = 0;
    for &(name, slug) in LIBRARY_TRIALS {
        replayed += replay_own(name, &[trials_dir.join(format!("{slug}.jsonl.gz"))]);
    }
    assert_eq!(
        replayed,
        3 * 15,
        "Go's, Minishogi's, Shogi's, Dai Hasami Shogi's, HeXentafl's, Hnefatafl's, Konane's, Nine Men's Morris', Halma's, Chinese Checkers', Fanorona's, Surakarta's, Oware's, the Royal Game of Ur's and Senet's 3 library trials each"
    );
}

/// Replays a trial file on whichever compiled game the visitor is given.
struct ReplayCompiled(Vec<ludemic_runtime::trial::Trial>);

impl ludemic_generated::Visitor for ReplayCompiled {
    type Output = Result<usize, String>;
    fn visit<G: Game>(self, game: &G) -> Self::Output {
        for trial in &self.0 {
            replay(game, trial).map_err(|m| format!("seed {}: {m}", trial.seed))?;
        }
        Ok(self.0.len())
    }
}

#[test]
fn bundled_games_replay_ludii_library_trials_compiled() {
    let Some(trials_dir) = reference_dir("ludii-library-trials") else {
        return;
    };
    let mut replayed = 0;
    for &(name, slug) in LIBRARY_TRIALS {
        let file = trials_dir.join(format!("{slug}.jsonl.gz"));
        let trials = read_trials(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        // The bundled module has the default options only.
        let trials: Vec<_> = trials
            .into_iter()
            .filter(|t| t.options.is_empty())
            .collect();
        let result = ludemic_generated::visit(name, ReplayCompiled(trials)).expect("bundled");
        replayed += result.unwrap_or_else(|e| panic!("games/{name}.lud ({slug}) compiled: {e}"));
    }
    assert_eq!(
        replayed,
        3 * 15,
        "the library trials of Go, Minishogi, Shogi, Dai Hasami Shogi, HeXentafl, Hnefatafl, Konane, Nine Men's Morris, Halma, Chinese Checkers, Fanorona, Surakarta, Oware, the Royal Game of Ur and Senet, all with default options"
    );
}

/// The names of the defines in the `.def` files below `dir`.
fn define_names(dir: &Path) -> Vec<String> {
    DefineLibrary::load(&[dir])
        .unwrap_or_else(|e| panic!("{e}"))
        .names()
        .map(str::to_owned)
        .collect()
}

/// Every file below `dir` whose name ends in `.ext`.
fn files_below(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                found.push(path);
            }
        }
    }
    found
}

/// The defines of `games/def` are in scope for Ludii's own files too (the
/// survey and `--defs` load both libraries), and a string equal to a
/// define's name is expanded wherever it stands. So a name of ours that
/// Ludii's define library does not define itself must be no string of
/// Ludii's library: a define named `"GoldGeneral"` would turn Yonin
/// Seireigi's piece name into a piece declaration.
#[test]
fn own_define_names_are_no_strings_of_ludii_files() {
    let ludii = root().join("../shared/ludii");
    if !ludii.is_dir() {
        eprintln!("skipped: {} is absent", ludii.display());
        return;
    }
    let theirs = define_names(&ludii.join("def"));
    let ours: Vec<String> = define_names(&root().join("games/def"))
        .into_iter()
        .filter(|name| !theirs.contains(name))
        .collect();
    assert!(ours.len() >= 10, "own defines found: {ours:?}");
    let mut clashes = Vec::new();
    for file in files_below(&ludii.join("lud"), "lud")
        .into_iter()
        .chain(files_below(&ludii.join("def"), "def"))
    {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for name in &ours {
            if text.contains(&format!("\"{name}\"")) {
                clashes.push(format!("\"{name}\" in {}", file.display()));
            }
        }
    }
    assert!(clashes.is_empty(), "{}", clashes.join("\n"));
}

/// Every option choice to try for a game: the defaults, then each single item.
fn variants(loaded: &Loaded) -> Vec<Vec<String>> {
    let mut all = vec![Vec::new()];
    for category in &loaded.expanded.options {
        for item in &category.items {
            all.push(vec![format!("{}/{}", category.heading, item.label)]);
        }
    }
    all
}

#[test]
fn own_games_load_with_every_option_and_play_to_the_end() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("games"))
        .expect("games/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "lud"))
        .collect();
    files.sort();
    for &(name, _) in GAMES {
        let path = root().join("games").join(format!("{name}.lud"));
        assert!(files.contains(&path), "games/{name}.lud is missing");
    }

    for path in &files {
        let defaults = load_own(path, &[]);
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        for options in variants(&defaults) {
            if let Some(&(_, _, refusal)) = OPTIONS_REFUSED
                .iter()
                .find(|(game, option, _)| *game == stem && options == [*option])
            {
                let error = try_load_own(path, &options).err().unwrap_or_else(|| {
                    panic!("{stem} with {options:?} now loads: take it off OPTIONS_REFUSED")
                });
                assert!(error.contains(refusal), "{stem} with {options:?}: {error}");
                continue;
            }
            let loaded = load_own(path, &options);
            for chosen in &options {
                assert!(
                    loaded.expanded.selected_options.contains(chosen),
                    "{}: option {chosen:?} was not applied (selected: {:?})",
                    path.display(),
                    loaded.expanded.selected_options
                );
            }
            let game = Interpreter::new(loaded.model);
            let n = game.num_players();
            assert!((1..=16).contains(&n), "{}: {n} players", path.display());
            let playouts = SLOW_GAMES
                .iter()
                .find(|(slow, _)| *slow == stem)
                .map_or(PLAYOUTS, |&(_, n)| n);
            for seed in 0..playouts {
                let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
                let mut state = game.initial_state();
                let result = game.playout(&mut state, &mut rng);
                let what = format!(
                    "{} with options {options:?}, playout seed {seed}",
                    path.display()
                );
                assert!(result.moves > 0, "{what}: no move was played");
                assert!(
                    (result.outcome.winner as usize) <= n,
                    "{what}: winner P{} of {n} players",
                    result.outcome.winner
                );
                assert_eq!(
                    result.outcome.num_players as usize, n,
                    "{what}: outcome player count"
                );
                assert!(
                    game.status(&state).is_over(),
                    "{what}: the playout stopped before the end"
                );
            }
        }
    }
}
