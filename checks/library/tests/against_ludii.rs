//! Every game of Ludii's library that the code generator takes, compiled,
//! replaying Ludii's trials of it (`shared/reference/ludii-library-trials`)
//! and in a short lockstep with the interpreter on the same file (same legal
//! moves and status at every step along random moves), and drawing its
//! playout's moves uniformly over the legal ones.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use ludemic_check_library::{visit, Entry, Visitor, GAMES};
use ludemic_compiler::analyse::{analyse, Switches};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load, Config};
use ludemic_runtime::trial::{read_trials, replay, Trial};
use ludemic_runtime::{Game, Xoshiro256PlusPlus};

#[path = "../../common/lockstep.rs"]
mod lockstep;
use lockstep::lockstep;

#[path = "../../common/uniform_draws.rs"]
mod uniform_draws;

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// How long a lockstep with the interpreter runs: seeds per game, and the
/// most steps they take together.
#[derive(Clone, Copy)]
struct Lockstep {
    seeds: u64,
    steps: usize,
    /// Whole Filter playouts compared between the engines, where the
    /// analysis puts the game on Ludii's Filter playout.
    filter_playouts: u64,
    /// The moves of Filter playouts after which no further one starts.
    filter_moves: usize,
    /// States at which the compiled playout's own draw (target sets, site
    /// by site, by counting) is checked against the listed legal moves.
    draw_states: usize,
}

/// In every `cargo test`: a few seconds for all games on 2 cores.
const SHORT: Lockstep = Lockstep {
    seeds: 10,
    steps: 3000,
    filter_playouts: 3,
    filter_moves: 600,
    draw_states: 4,
};

/// Behind `--ignored`: every seed to its end.
const LONG: Lockstep = Lockstep {
    seeds: 200,
    steps: usize::MAX,
    filter_playouts: 50,
    filter_moves: usize::MAX,
    draw_states: 40,
};

struct Check {
    name: &'static str,
    interp: Interpreter,
    trials: Vec<Trial>,
    lockstep: Lockstep,
    /// Both engines play this game by the Filter playout.
    filtered: bool,
    failures: Vec<String>,
}

impl Visitor for Check {
    fn visit<C: Game>(&mut self, compiled: &C) {
        for trial in &self.trials {
            if let Err(m) = replay(compiled, trial) {
                self.failures
                    .push(format!("{} trial seed {}: {m}", self.name, trial.seed));
            }
        }
        let mut budget = self.lockstep.steps;
        for seed in 0..self.lockstep.seeds {
            if let Err(e) = lockstep(compiled, &self.interp, seed, &mut budget) {
                self.failures.push(format!("{} lockstep {e}", self.name));
            }
        }
        // Each legal move is drawn as often as any other.
        if let Err(e) = uniform_draws::uniform_draws(compiled, self.lockstep.draw_states, 60, 2026)
        {
            self.failures
                .push(format!("{} playout draw: {e}", self.name));
        }
        // The two Filter playouts list the candidates in the same order and
        // test them alike: from one seed they play the same game. Long games
        // (the large shogi variants: 500 moves of a slow interpreter) play
        // one, then more only while the moves played stay in the budget.
        let mut moves = 0;
        for seed in 0..self.filtered as u64 * self.lockstep.filter_playouts {
            if seed > 0 && moves >= self.lockstep.filter_moves {
                break;
            }
            let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
            let ours = compiled.playout(&mut compiled.initial_state(), &mut rng);
            let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
            let reference = self
                .interp
                .playout(&mut self.interp.initial_state(), &mut rng);
            moves += ours.moves as usize;
            if ours != reference {
                self.failures.push(format!(
                    "{} Filter playout of seed {seed}: compiled {ours:?}, interpreter {reference:?}",
                    self.name
                ));
            }
        }
    }
}

/// The library trials' slug of each file and the number of trials shared
/// for it (`manifest.json`: `lud` is the path under `lud/`, `board/...`).
fn slugs(trials: &Path) -> BTreeMap<String, (String, usize)> {
    let text = std::fs::read_to_string(trials.join("manifest.json")).expect("manifest.json");
    let manifest: serde_json::Value = serde_json::from_str(&text).expect("manifest.json is JSON");
    manifest
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| {
            (
                e["lud"].as_str().unwrap().to_owned(),
                (
                    e["slug"].as_str().unwrap().to_owned(),
                    e["trials_shared"].as_u64().unwrap_or(0) as usize,
                ),
            )
        })
        .collect()
}

/// Replays each game's Ludii trials and runs its lockstep; returns the
/// number of trials replayed and the failures.
fn check(games: &[&Entry], lockstep: Lockstep) -> (usize, Vec<String>) {
    let ludii = shared().join("ludii");
    let trials_dir = shared().join("reference/ludii-library-trials");
    let slugs = slugs(&trials_dir);
    let config = Config {
        def_dirs: vec![ludii.join("def")],
        ..Config::default()
    };
    let mut failures = Vec::new();
    let mut replayed = 0;
    for entry in games {
        let start = Instant::now();
        let loaded = load(&ludii.join("lud/board").join(entry.lud), &config)
            .unwrap_or_else(|e| panic!("{e}"));
        let (slug, shared) = &slugs[&format!("board/{}", entry.lud)];
        // Ludii itself made no trial of a few games in its time limit
        // (the manifest shares none): those run the lockstep alone.
        let trials = if *shared == 0 {
            eprintln!("{}: Ludii made no trial (see manifest.json)", entry.lud);
            Vec::new()
        } else {
            let trials = read_trials(&trials_dir.join(format!("{slug}.jsonl.gz")))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(trials.len() >= *shared, "{}: every trial shared", entry.lud);
            trials
        };
        replayed += trials.len();
        let compiled_filter = analyse(&loaded.model, &Switches::default())
            .filter
            .iter()
            .any(|&f| f);
        let interp = Interpreter::new(loaded.model);
        let mut check = Check {
            name: entry.name,
            filtered: compiled_filter && interp.filters(),
            interp,
            trials,
            lockstep,
            failures: Vec::new(),
        };
        assert!(visit(entry.name, &mut check), "{} is compiled", entry.name);
        eprintln!(
            "{:<50} {} trials{}, {:.2} s",
            entry.lud,
            check.trials.len(),
            if check.filtered {
                ", Filter playouts"
            } else {
                ""
            },
            start.elapsed().as_secs_f64()
        );
        failures.extend(check.failures);
    }
    (replayed, failures)
}

#[test]
fn every_compiled_library_game_replays_ludii_s_trials_and_agrees_with_the_interpreter() {
    if GAMES.is_empty() {
        eprintln!("skipped: {} is absent", shared().join("ludii").display());
        return;
    }
    assert_eq!(
        GAMES.len(),
        ludemic_check_library::listed().len(),
        "every listed file is compiled"
    );
    let games: Vec<&Entry> = GAMES.iter().collect();
    let (replayed, failures) = check(&games, SHORT);
    eprintln!("{} compiled games, {replayed} trials replayed", games.len());
    // Each game replays every trial Ludii's manifest shares for it (`check`),
    // three for most, two for Dai Seireigi.
    assert!(replayed >= 2 * games.len(), "Ludii's trials of each game");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same with a long lockstep (`cargo test -p ludemic-check-library -- --ignored`).
#[test]
#[ignore = "minutes: 200 whole games of each in lockstep with the interpreter"]
fn every_compiled_library_game_agrees_with_the_interpreter_over_whole_games() {
    if GAMES.is_empty() {
        eprintln!("skipped: {} is absent", shared().join("ludii").display());
        return;
    }
    // `LUDEMIC_LIBRARY_ONLY=TEXT` keeps the files whose path contains TEXT.
    let only = std::env::var("LUDEMIC_LIBRARY_ONLY").unwrap_or_default();
    let games: Vec<&Entry> = GAMES.iter().filter(|g| g.lud.contains(&only)).collect();
    let (_, failures) = check(&games, LONG);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
