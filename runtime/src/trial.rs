//! Ludii reference trials (`shared/reference/ludii-trials/*.jsonl`) and their
//! replay against an engine: the conformance check.
//!
//! A trial lists, for every step, the mover, the number of legal moves (and,
//! in some trials, their keys) and the key of the move Ludii played. Replay
//! drives an engine along the same moves and compares at every step.

use std::collections::BTreeMap;
use std::fmt;
use std::io::BufRead;
use std::path::Path;

use serde::Deserialize;

use crate::{EndReason, Game, MoveBuffer, MoveKey, Status};

/// One recorded Ludii trial.
#[derive(Clone, Debug, Deserialize)]
pub struct Trial {
    pub game: String,
    #[serde(default)]
    pub options: Vec<String>,
    pub seed: u64,
    pub sites: u32,
    pub steps: Vec<TrialStep>,
    pub num_moves: u32,
    /// 1..=n, 0 for a draw.
    pub winner: Option<u8>,
    #[serde(default)]
    pub ranking: Vec<f32>,
    /// `"terminal"` or `"limit"`.
    pub end_reason: String,
    /// A game with chance (dice): its moves depend on outcomes the trial
    /// does not always show, so a replay may not follow it.
    #[serde(default)]
    pub stochastic: bool,
}

/// One applied move of a trial.
#[derive(Clone, Debug, Deserialize)]
pub struct TrialStep {
    pub mover: u8,
    pub legal: usize,
    #[serde(default)]
    pub legal_moves: Option<Vec<String>>,
    #[serde(rename = "move")]
    pub played: String,
    #[serde(default)]
    pub actions: Vec<String>,
}

/// Reading a trial file failed.
#[derive(Debug)]
pub struct TrialFileError(pub String);

impl fmt::Display for TrialFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TrialFileError {}

/// Reads a `.jsonl` file of trials, one per line; gzip-compressed when its
/// name ends in `.gz` (`shared/reference/ludii-library-trials/`).
pub fn read_trials(path: &Path) -> Result<Vec<Trial>, TrialFileError> {
    let file = std::fs::File::open(path)
        .map_err(|e| TrialFileError(format!("{}: {e}", path.display())))?;
    let reader: Box<dyn BufRead> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(std::io::BufReader::new(flate2::read::GzDecoder::new(file)))
    } else {
        Box::new(std::io::BufReader::new(file))
    };
    let mut trials = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| TrialFileError(format!("{}: {e}", path.display())))?;
        if line.trim().is_empty() {
            continue;
        }
        let trial = serde_json::from_str(&line).map_err(|e| {
            TrialFileError(format!("{}:{}: not a trial: {e}", path.display(), i + 1))
        })?;
        trials.push(trial);
    }
    Ok(trials)
}

/// The first difference between an engine and a trial.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// The step (0-based) where it happened; `None` for the final result.
    pub step: Option<usize>,
    pub message: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(step) => write!(f, "step {step}: {}", self.message),
            None => write!(f, "end: {}", self.message),
        }
    }
}

/// Whether `state` is where Ludii's `next` step starts: same mover, same
/// number of legal moves, and the same keys where the step lists them.
fn leads_to<G: Game>(game: &G, state: &G::State, next: &TrialStep) -> bool {
    let Status::Ongoing { mover } = game.status(state) else {
        return false;
    };
    let mut legal = MoveBuffer::new();
    game.legal_moves(state, &mut legal);
    let keys: Vec<MoveKey> = legal.iter().map(|&m| game.move_key(m)).collect();
    mover == next.mover
        && keys.len() == next.legal
        && next
            .legal_moves
            .as_ref()
            .is_none_or(|expected| compare_key_sets(&keys, expected).is_ok())
}

/// How many of `steps` (at most 64) `state` follows: each step's start
/// matches and its move is legal, before the first that does not.
fn agreeing_steps<G: Game>(game: &G, mut state: G::State, steps: &[TrialStep]) -> usize {
    let mut legal = MoveBuffer::new();
    for (n, step) in steps.iter().take(64).enumerate() {
        if !leads_to(game, &state, step) {
            return n;
        }
        game.legal_moves(&state, &mut legal);
        let Ok(played) = step.played.parse::<MoveKey>() else {
            return n;
        };
        let Some(&mv) = legal.iter().find(|&&m| game.move_key(m) == played) else {
            return n;
        };
        game.apply(&mut state, mv);
    }
    steps.len().min(64)
}

/// The component of the first `Promote(...,what=N,...)` action, if any.
fn promoted_component(actions: &[String]) -> Option<u32> {
    let promote = actions.iter().find(|a| a.starts_with("Promote("))?;
    let what = promote
        .split(['(', ',', ')'])
        .find_map(|f| f.strip_prefix("what="))?;
    what.parse().ok()
}

/// What a successful replay checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub steps: usize,
    /// Steps whose full legal-move key lists were compared.
    pub steps_with_keys: usize,
}

/// Replays `trial` on `game`, comparing mover, legal-move count and (where the
/// trial has them) the multiset of legal-move keys at every step, then the
/// final winner, ranking, end reason and move count.
pub fn replay<G: Game>(game: &G, trial: &Trial) -> Result<Replayed, Mismatch> {
    let mut state = game.initial_state();
    let mut legal = MoveBuffer::new();
    let mut steps_with_keys = 0;
    for (i, step) in trial.steps.iter().enumerate() {
        let at = |message: String| Mismatch {
            step: Some(i),
            message,
        };
        let mover = match game.status(&state) {
            Status::Ongoing { mover } => mover,
            Status::Over(outcome) => {
                return Err(at(format!(
                    "the engine says the game is over (winner {}), Ludii plays {}",
                    outcome.winner, step.played
                )))
            }
        };
        if mover != step.mover {
            return Err(at(format!("mover is P{mover}, Ludii's is P{}", step.mover)));
        }
        game.legal_moves(&state, &mut legal);
        let keys: Vec<MoveKey> = legal.iter().map(|&m| game.move_key(m)).collect();
        if let Some(expected) = &step.legal_moves {
            compare_key_sets(&keys, expected).map_err(at)?;
            steps_with_keys += 1;
        }
        if keys.len() != step.legal {
            return Err(at(format!(
                "{} legal moves, Ludii has {}",
                keys.len(),
                step.legal
            )));
        }
        let played: MoveKey = step
            .played
            .parse()
            .map_err(|e| at(format!("bad key in the trial: {e}")))?;
        let Some(mut index) = keys.iter().position(|&k| k == played) else {
            return Err(at(format!(
                "Ludii's move {played} is not legal in the engine"
            )));
        };
        // Moves sharing the key (promotions) are told apart by the
        // component Ludii's actions name, where the trial lists them, else
        // by which of them leads to the next step Ludii recorded.
        let same: Vec<usize> = (0..keys.len()).filter(|&i| keys[i] == played).collect();
        if same.len() > 1 {
            let named = promoted_component(&step.actions).and_then(|what| {
                same.iter()
                    .copied()
                    .find(|&i| game.promoted_to(legal[i]) == Some(what))
            });
            // The candidate whose continuation follows Ludii's steps longest.
            let agreement = |c: usize| {
                let mut after = state.clone();
                game.apply(&mut after, legal[c]);
                agreeing_steps(game, after, &trial.steps[i + 1..])
            };
            let best = same
                .iter()
                .copied()
                .map(|c| (agreement(c), c))
                .fold(None, |best: Option<(usize, usize)>, (n, c)| match best {
                    Some((m, _)) if m >= n => best,
                    _ => Some((n, c)),
                })
                .map(|(_, c)| c);
            if let Some(n) = named.or(best) {
                index = n;
            }
        }
        game.apply(&mut state, legal[index]);
    }
    let end = |message: String| Mismatch {
        step: None,
        message,
    };
    let outcome = match game.status(&state) {
        Status::Over(outcome) => outcome,
        Status::Ongoing { mover } => {
            return Err(end(format!(
                "Ludii's trial ends after {} moves, the engine goes on (P{mover} to move)",
                trial.steps.len()
            )))
        }
    };
    let expected_winner = trial.winner.unwrap_or(0);
    if outcome.winner != expected_winner {
        return Err(end(format!(
            "winner P{} (0 = draw), Ludii's is P{expected_winner}",
            outcome.winner
        )));
    }
    if !trial.ranking.is_empty() {
        let same = outcome.ranks().len() == trial.ranking.len()
            && outcome
                .ranks()
                .iter()
                .zip(&trial.ranking)
                .all(|(a, b)| (a - b).abs() < 1e-4);
        if !same {
            return Err(end(format!(
                "ranking {:?}, Ludii's is {:?}",
                outcome.ranks(),
                trial.ranking
            )));
        }
    }
    let limit = outcome.reason != EndReason::Terminal;
    if limit != (trial.end_reason == "limit") {
        return Err(end(format!(
            "ended by {:?}, Ludii's trial by {}",
            outcome.reason, trial.end_reason
        )));
    }
    let moves = game.moves_played(&state);
    if moves != trial.num_moves {
        return Err(end(format!(
            "{moves} moves played, Ludii counts {}",
            trial.num_moves
        )));
    }
    Ok(Replayed {
        steps: trial.steps.len(),
        steps_with_keys,
    })
}

/// Compares the engine's keys with Ludii's as multisets; the error lists the difference.
fn compare_key_sets(ours: &[MoveKey], ludii: &[String]) -> Result<(), String> {
    let mut count: BTreeMap<String, i64> = BTreeMap::new();
    for k in ours {
        *count.entry(k.to_string()).or_default() += 1;
    }
    for k in ludii {
        *count.entry(k.clone()).or_default() -= 1;
    }
    let extra: Vec<&str> = count
        .iter()
        .filter(|(_, &n)| n > 0)
        .map(|(k, _)| k.as_str())
        .collect();
    let missing: Vec<&str> = count
        .iter()
        .filter(|(_, &n)| n < 0)
        .map(|(k, _)| k.as_str())
        .collect();
    if extra.is_empty() && missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "legal moves differ: engine has extra {extra:?}, lacks {missing:?}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_promotion_action_names_its_component() {
        let actions = [
            "Remove(at=38)".to_owned(),
            "Promote(at=79,what=4,who=2)".to_owned(),
        ];
        assert_eq!(promoted_component(&actions), Some(4));
        assert_eq!(promoted_component(&actions[..1]), None);
    }

    #[test]
    fn parses_a_trial_line() {
        let line = r#"{"game":"Tic-Tac-Toe","options":[],"seed":0,"sites":9,"steps":[{"mover":1,"legal":9,"legal_moves":["-1>0"],"move":"-1>6","actions":["Add(to=6,what=1,who=1)"]}],"num_moves":1,"winner":0,"ranking":[1.5,1.5],"end_reason":"terminal","role_to_agent":[1,2]}"#;
        let trial: Trial = serde_json::from_str(line).unwrap();
        assert_eq!(trial.steps[0].played, "-1>6");
        assert_eq!(trial.winner, Some(0));
    }

    #[test]
    fn key_sets_compare_as_multisets() {
        let ours = [MoveKey::place(1), MoveKey::place(2)];
        assert!(compare_key_sets(&ours, &["-1>2".into(), "-1>1".into()]).is_ok());
        let err = compare_key_sets(&ours, &["-1>1".into(), "-1>1".into()]).unwrap_err();
        assert!(
            err.contains("extra [\"-1>2\"]") && err.contains("lacks [\"-1>1\"]"),
            "{err}"
        );
    }
}
