//! Conformance with Ludii: every reference trial of the placement, moving-piece,
//! capture, sowing and dice race games replays on the interpreter, loading
//! Ludii's own `.lud` files unchanged.
//! At every step the mover, the number of legal moves and (where the trial
//! lists them) the legal-move keys must equal Ludii's; then the winner, the
//! ranking, the end reason and the move count.

mod common;

use ludemic_runtime::trial::{read_trials, replay};

#[test]
fn corpus_placement_games_replay_every_ludii_trial() {
    if let Some(replayed) = replay_corpus(common::PLACEMENT_GAMES) {
        assert_eq!(replayed, 232, "9 games, 15 trial files");
    }
}

#[test]
fn corpus_moving_games_replay_every_ludii_trial() {
    if let Some(replayed) = replay_corpus(common::MOVING_GAMES) {
        assert_eq!(
            replayed, 360,
            "18 games, 20 trials each (Shogi, Halma and Chinese Checkers have none)"
        );
    }
}

#[test]
fn corpus_capture_games_replay_every_ludii_trial() {
    if let Some(replayed) = replay_corpus(common::CAPTURE_GAMES) {
        assert_eq!(replayed, 140, "7 games, 20 trials each");
    }
}

#[test]
fn corpus_race_games_replay_every_ludii_trial() {
    if let Some(replayed) = replay_corpus(common::RACE_GAMES) {
        assert_eq!(
            replayed, 40,
            "the Royal Game of Ur's and Senet's 20 trials each"
        );
    }
}

/// Replays every trial of `games` on Ludii's own files; returns how many,
/// or `None` (skipped, with a printed reason) when the shared data is absent.
fn replay_corpus(games: &[(&str, &str, &[&str])]) -> Option<usize> {
    let (Some(ludii), Some(trials_dir)) = (
        common::shared("ludii"),
        common::shared("reference/ludii-trials"),
    ) else {
        return None;
    };
    let mut replayed = 0;
    for &(lud, _, slugs) in games {
        for slug in slugs {
            let trials = read_trials(&trials_dir.join(format!("{slug}.jsonl")))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(!trials.is_empty(), "{slug}: no trials");
            let game = common::corpus_game(&ludii, lud, &trials[0].options);
            for trial in &trials {
                assert_eq!(
                    trial.options, trials[0].options,
                    "{slug}: one option set per file"
                );
                if let Err(mismatch) = replay(&game, trial) {
                    panic!("{lud} ({slug}) seed {}: {mismatch}", trial.seed);
                }
                replayed += 1;
            }
        }
    }
    Some(replayed)
}

/// Replays a trial file on whichever compiled game the visitor is given.
struct ReplayAll(Vec<ludemic_runtime::trial::Trial>);

impl ludemic_generated::Visitor for ReplayAll {
    type Output = Result<usize, String>;
    fn visit<G: ludemic_runtime::Game>(self, game: &G) -> Self::Output {
        for trial in &self.0 {
            replay(game, trial).map_err(|m| format!("seed {}: {m}", trial.seed))?;
        }
        Ok(self.0.len())
    }
}

#[test]
fn compiled_games_replay_every_ludii_trial_with_default_options() {
    let Some(trials_dir) = common::shared("reference/ludii-trials") else {
        return;
    };
    let mut replayed = 0;
    let compiled = common::PLACEMENT_GAMES
        .iter()
        .chain(common::MOVING_GAMES)
        .chain(common::CAPTURE_GAMES)
        .chain(common::RACE_GAMES)
        .filter(|(_, stem, _)| ludemic_generated::GAMES.contains(stem));
    for &(_, stem, slugs) in compiled {
        for slug in slugs {
            let trials = read_trials(&trials_dir.join(format!("{slug}.jsonl"))).unwrap();
            if !trials[0].options.is_empty() {
                continue; // bundled code has the default options; see tests/include_game.rs
            }
            let result = ludemic_generated::visit(stem, ReplayAll(trials)).expect("bundled");
            replayed +=
                result.unwrap_or_else(|e| panic!("games/{stem}.lud ({slug}) compiled: {e}"));
        }
    }
    assert_eq!(
        replayed,
        232 - 23 - 20 + 18 * 20 + 7 * 20 + 2 * 20,
        "all placement trial files but hex-9x9's and go-9x9's, the 18 moving-piece games with trials, the 7 capture and sowing games, the Royal Game of Ur and Senet"
    );
}
