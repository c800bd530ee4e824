//! Ludii's own game files (placement and moving pieces), compiled with their options, against
//! the interpreter on the same file and options (lockstep along the same
//! moves: same legal moves and outcomes at every step), and against Ludii's
//! reference trials where they were recorded with the same options.

use std::path::{Path, PathBuf};

use ludemic_check_corpus::{visit, Visitor, GAMES};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load, Config};
use ludemic_runtime::trial::{read_trials, replay, Trial};
use ludemic_runtime::PositionView;

#[path = "../../common/lockstep.rs"]
mod lockstep;
use lockstep::lockstep;

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

struct Check {
    name: &'static str,
    interp: Interpreter,
    seeds: u64,
    trials: Vec<Trial>,
    failures: Vec<String>,
}

impl Visitor for Check {
    fn visit<C: PositionView>(&mut self, compiled: &C) {
        for seed in 0..self.seeds {
            let mut whole_game = usize::MAX;
            if let Err(e) = lockstep(compiled, &self.interp, seed, &mut whole_game) {
                self.failures.push(format!("{} {e}", self.name));
            }
        }
        for trial in &self.trials {
            if let Err(m) = replay(compiled, trial) {
                self.failures
                    .push(format!("{} trial seed {}: {m}", self.name, trial.seed));
            }
        }
    }
}

#[test]
fn corpus_games_with_every_option_agree_with_the_interpreter_and_ludii() {
    let ludii = shared().join("ludii");
    if !ludii.is_dir() || GAMES.is_empty() {
        eprintln!("skipped: {} is absent", ludii.display());
        return;
    }
    let trial_files: Vec<Vec<Trial>> = std::fs::read_dir(shared().join("reference/ludii-trials"))
        .map(|dir| {
            dir.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .filter_map(|p| read_trials(&p).ok())
                .collect()
        })
        .unwrap_or_default();
    let mut failures = Vec::new();
    let mut trials_replayed = 0;
    for entry in GAMES {
        let options: Vec<String> = entry.options.iter().map(|s| s.to_string()).collect();
        let config = Config {
            def_dirs: vec![ludii.join("def")],
            options: options.clone(),
            ..Config::default()
        };
        let loaded =
            load(&ludii.join("lud").join(entry.lud), &config).unwrap_or_else(|e| panic!("{e}"));
        let sites = loaded.model.board.num_sites() as u64;
        let name = loaded.model.name.clone();
        // Trials recorded for this game with the same resolved options.
        // Files rewritten by the build (resized boards, Chess positions)
        // are not the ones Ludii's trials were recorded on.
        let rewritten = Path::new(entry.lud).is_absolute();
        let trials: Vec<Trial> = trial_files
            .iter()
            .flatten()
            .filter(|t| !rewritten && t.game == name && t.sites as u64 == sites)
            .filter(|t| {
                let mut wanted = t.options.clone();
                wanted.sort();
                let mut ours = options.clone();
                ours.sort();
                wanted == ours
            })
            .cloned()
            .collect();
        trials_replayed += trials.len();
        let mut check = Check {
            name: entry.name,
            interp: Interpreter::new(loaded.model),
            // Bigger boards, fewer games: the lockstep compares every legal
            // move. Go 19x19's games are ~600 moves of ~300 legal moves
            // each, every one applied twice (its freedom, the repetition).
            seeds: if entry.name == "go" {
                2
            } else if entry.name.starts_with("halma") || entry.name.starts_with("chinese_checkers")
            {
                // Random games run to Ludii's turn limit: 2,750 moves
                // (Halma 16x16) to 8,900 (six-player Chinese Checkers).
                3
            } else if entry.name.starts_with("shogi_") {
                // Shogi's positions have few pieces: random games run to
                // the move limit (about 2,500 moves).
                5
            } else {
                (4000 / sites.max(1)).clamp(3, 100)
            },
            trials,
            failures: Vec::new(),
        };
        assert!(visit(entry.name, &mut check), "{} is compiled", entry.name);
        failures.extend(check.failures);
    }
    eprintln!(
        "{} compiled variants checked, {trials_replayed} trials replayed",
        GAMES.len()
    );
    assert!(
        GAMES.len() >= 40 + 13 + 9 + 3 + 1 + 1 + 1 + 1 + 4 + 10 + 5 + 3 + 2 + 6,
        "every option item of the seven placement games, the thirteen moving-piece games, Dara (two rules), Nine Men's Morris, English Draughts, Chess, Minishogi, the four custodial and leaping games, the resized boards, the Chess positions, the Minishogi and Shogi positions, Go's three sizes, Pentalath's two boards, Surakarta's six variants"
    );
    assert!(
        GAMES
            .iter()
            .filter(|g| g.lud.ends_with("territory/Go.lud"))
            .count()
            == 3
            && GAMES.iter().any(|g| g.lud.ends_with("line/Pentalath.lud")),
        "Go (enclose, liberties, territory, no Repeat) and Pentalath are checked"
    );
    assert!(
        GAMES.iter().any(|g| g.lud.ends_with("all/Surakarta.lud")),
        "Surakarta (tracks, slides along them, proposals and votes) is checked"
    );
    assert!(
        GAMES.iter().any(|g| g.lud.ends_with("chess/Chess.lud")),
        "Chess (site states, pending sites, the counter) is checked"
    );
    assert!(
        GAMES.iter().any(|g| g.lud.ends_with("shogi/Minishogi.lud")),
        "Minishogi (hands fed by captures, drops, check by the enemy's rules) is checked"
    );
    assert!(
        GAMES.iter().any(|g| g.name == "score_four_5x5"),
        "Score Four on 5x5 (line windows as lists of cells) is checked"
    );
    assert!(
        ["Dai Hasami Shogi.lud", "Hnefatafl.lud", "HeXentafl.lud", "Konane.lud"]
            .iter()
            .all(|f| GAMES.iter().any(|g| g.lud.ends_with(f))),
        "the custodial and leaping families (surround, sites Around, is Line if:, SameDirection) are checked"
    );
    assert!(
        GAMES
            .iter()
            .filter(|g| g.lud.ends_with("linear/Fanorona.lud"))
            .count()
            == 3,
        "Fanorona (select, directional captures, chains over unvisited sites) is checked on its three boards"
    );
    assert!(
        trials_replayed >= 172 + 260 + 40 + 20 + 20 + 4 * 20 + 20 + 60 + 20 + 20,
        "every reference trial of the twenty games, Dara's, Nine Men's Morris's, English Draughts', Chess's and the custodial and leaping families' four, Minishogi's, Go's (9x9, 19x19), Pentalath's, Surakarta's and Fanorona's"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
