//! Conformance with Ludii: every reference trial of the seven placement games,
//! and of the moving-piece, scoring and stacking games the interpreter runs,
//! replays on the interpreter, loading Ludii's own `.lud` files unchanged.
//! At every step the mover, the number of legal moves and (where the trial
//! lists them) the legal-move keys must equal Ludii's; then the winner, the
//! ranking, the end reason and the move count.

mod common;

use ludemic_runtime::trial::{read_trials, replay};

#[test]
fn corpus_placement_games_replay_every_ludii_trial() {
    let (Some(ludii), Some(trials_dir)) = (
        common::shared("ludii"),
        common::shared("reference/ludii-trials"),
    ) else {
        return;
    };
    let mut replayed = 0;
    for &(lud, _, slugs) in common::PLACEMENT_GAMES {
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
    assert_eq!(replayed, 172, "7 games, 12 trial files");
}

/// Ludii's own descriptions of moving-piece, scoring and stacking games, with
/// their trial files (default options).
const INTERPRETED_GAMES: &[(&str, &str)] = &[
    ("board/race/reach/Breakthrough.lud", "breakthrough"),
    ("board/race/reach/Knightthrough.lud", "knightthrough"),
    ("board/hunt/Wolf and Sheep.lud", "wolf-and-sheep"),
    ("board/space/blocking/Tron.lud", "tron"),
    ("board/space/blocking/Amazons.lud", "amazons"),
    ("board/space/blocking/Mu Torere.lud", "mu-torere"),
    ("board/space/line/Tant Fant.lud", "tant-fant"),
    ("board/war/leaping/lines/Alquerque.lud", "alquerque"),
    ("board/space/group/Lines of Action.lud", "lines-of-action"),
    ("board/space/group/Feed the Ducks.lud", "feed-the-ducks"),
    ("board/space/territory/Reversi.lud", "reversi"),
    ("math/graph/Dots and Boxes.lud", "dots-and-boxes"),
    ("board/space/line/Connect Four.lud", "connect-four"),
];

#[test]
fn corpus_interpreted_games_replay_every_ludii_trial() {
    let (Some(ludii), Some(trials_dir)) = (
        common::shared("ludii"),
        common::shared("reference/ludii-trials"),
    ) else {
        return;
    };
    for &(lud, slug) in INTERPRETED_GAMES {
        let trials = read_trials(&trials_dir.join(format!("{slug}.jsonl")))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(trials.len(), 20, "{slug}: seeds 0..19");
        let game = common::corpus_game(&ludii, lud, &trials[0].options);
        for trial in &trials {
            if let Err(mismatch) = replay(&game, trial) {
                panic!("{lud} ({slug}) seed {}: {mismatch}", trial.seed);
            }
        }
    }
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
    for &(_, stem, slugs) in common::PLACEMENT_GAMES {
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
    assert_eq!(replayed, 172 - 23, "all trial files but hex-9x9's");
}
