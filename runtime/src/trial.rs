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
    /// Steps whose chance outcomes (dice) were read from Ludii's actions
    /// and forced (see [`Game::force_chance`]).
    pub steps_forced: usize,
    /// Steps with chance whose actions the trial does not show (the
    /// library trials list actions for their first 200 steps only): every
    /// outcome was tried, and one giving Ludii's legal-move count and
    /// played move was followed (the others are tried on a mismatch later).
    pub steps_searched: usize,
}

/// The chance outcomes Ludii's actions show: `(site, face)` of each
/// `SetStateAndUpdateDice(site=S,state=F)` (Ludii's `ActionUpdateDice`).
pub fn shown_chance(actions: &[String]) -> Vec<(u32, u32)> {
    actions
        .iter()
        .filter_map(|a| a.strip_prefix("SetStateAndUpdateDice("))
        .filter_map(|fields| {
            let field = |name: &str| {
                fields
                    .split([',', ')'])
                    .find_map(|f| f.strip_prefix(name))
                    .and_then(|v| v.parse::<u32>().ok())
            };
            Some((field("site=")?, field("state=")?))
        })
        .collect()
}

/// Most chance outcomes a replay tries at one step (every face of every
/// die: 6 dice of 6 faces are 46,656).
const MAX_OUTCOMES: usize = 50_000;

/// Every combination of faces of `dice` (`(site, faces)` pairs).
fn all_outcomes(dice: &[(u32, u32)]) -> Vec<Vec<(u32, u32)>> {
    let mut out = vec![Vec::new()];
    for &(site, n) in dice {
        out = out
            .into_iter()
            .flat_map(|o| {
                (0..n).map(move |f| {
                    let mut o = o.clone();
                    o.push((site, f));
                    o
                })
            })
            .collect();
    }
    out
}

/// Replays `trial` on `game`, comparing mover, legal-move count and (where the
/// trial has them) the multiset of legal-move keys at every step, then the
/// final winner, ranking, end reason and move count.
///
/// Ludii lists every move its rules make, so several legal moves may share
/// the played key (two rules selecting the same site, a sowing along either
/// of two tracks, captures reaching the same square along different paths)
/// while doing different things. The trial records which key was played,
/// not which of them, and a wrong choice may show only many steps later
/// (a mancala round's stores, counted when the next round is laid out).
/// The replay first follows the engine's first choices, going back to the
/// latest step with another candidate on a mismatch (at most
/// [`BACKTRACKS`] times). Where that finds no path, it follows every
/// position the trial allows: at each step, each position of the frontier
/// is checked and every move with the played key played from it; equal
/// positions are kept once, and at most [`MAX_FRONTIER`] of them (the
/// first, in the engine's order of moves). The trial replays when some
/// path agrees with it to the end; otherwise the mismatch reported is that
/// of the first position of the last frontier, the path the engine's first
/// choices make.
///
/// Games with chance (dice): where a step's actions show the dice
/// (`SetStateAndUpdateDice`), those outcomes are forced before the step is
/// checked; where they do not, every outcome is tried and those giving
/// Ludii's legal moves and played key join the frontier like moves that
/// share a key.
pub fn replay<G: Game>(game: &G, trial: &Trial) -> Result<Replayed, Mismatch> {
    replay_recording(game, trial, None)
}

/// [`replay`], also giving the path it found: for each step, the state the
/// move was played from (its chance settled as the trial's) and the move.
#[allow(clippy::type_complexity)]
pub fn replay_path<G: Game>(
    game: &G,
    trial: &Trial,
) -> Result<(Replayed, Vec<(G::State, G::Move)>), Mismatch> {
    let mut path = Vec::new();
    let replayed = replay_recording(game, trial, Some(&mut path))?;
    Ok((replayed, path))
}

/// Most positions [`replay`] follows at once.
pub const MAX_FRONTIER: usize = 8_192;

/// How a position of a frontier was reached: the index of the position it
/// was played from in the previous frontier, the state the move was played
/// from where chance changed it, and the move.
type Played<G> = (usize, Option<<G as Game>::State>, <G as Game>::Move);

/// One position the trial allows so far, with the counts of the path to it.
struct Reached<S> {
    state: S,
    counts: Replayed,
}

/// [`replay`], recording the path into `path` where one is given: depth
/// first, then, where that finds no path, breadth first.
#[allow(clippy::type_complexity)]
fn replay_recording<G: Game>(
    game: &G,
    trial: &Trial,
    mut path: Option<&mut Vec<(G::State, G::Move)>>,
) -> Result<Replayed, Mismatch> {
    match replay_depth_first(game, trial, path.as_deref_mut()) {
        Ok(replayed) => Ok(replayed),
        Err(_) => replay_breadth_first(game, trial, path),
    }
}

/// The engine's first choices, going back to the latest step with another
/// candidate on a mismatch (at most [`BACKTRACKS`] times): cheap where the
/// first choices are right or a wrong one shows soon, as in nearly every
/// game. Records the path into `path` where one is given (a plain replay
/// clones no state for it).
#[allow(clippy::type_complexity)]
fn replay_depth_first<G: Game>(
    game: &G,
    trial: &Trial,
    mut path: Option<&mut Vec<(G::State, G::Move)>>,
) -> Result<Replayed, Mismatch> {
    // A step with several candidates (moves sharing the played key, chance
    // outcomes): the state each is played from, the move, and the next one to try.
    struct Branch<S, M> {
        step: usize,
        base: S,
        candidates: Vec<(Option<S>, M)>,
        next: usize,
        counts: Replayed,
    }
    let mut branches: Vec<Branch<G::State, G::Move>> = Vec::new();
    let mut state = game.initial_state();
    let mut i = 0;
    let mut counts = Replayed {
        steps: 0,
        steps_with_keys: 0,
        steps_forced: 0,
        steps_searched: 0,
    };
    let mut furthest: Option<Mismatch> = None;
    let mut backtracks = 0;
    loop {
        let checked = if i < trial.steps.len() {
            check_chance_step(game, &state, trial, i, &mut counts).map(Some)
        } else {
            check_end(game, &state, trial).map(|()| None)
        };
        match checked {
            Ok(None) => {
                return Ok(Replayed {
                    steps: trial.steps.len(),
                    ..counts
                });
            }
            Ok(Some(mut candidates)) => {
                let (from, mv) = candidates.remove(0);
                if !candidates.is_empty() {
                    branches.push(Branch {
                        step: i,
                        base: state.clone(),
                        candidates,
                        next: 0,
                        counts,
                    });
                }
                if let Some(from) = from {
                    state = from;
                }
                if let Some(path) = path.as_deref_mut() {
                    path.push((state.clone(), mv));
                }
                game.apply(&mut state, mv);
                i += 1;
            }
            Err(m) => {
                let further = match (&furthest, m.step) {
                    (None, _) => true,
                    (Some(f), Some(s)) => f.step.is_some_and(|fs| s > fs),
                    (Some(f), None) => f.step.is_some(),
                };
                if further {
                    furthest = Some(m);
                }
                // Back to the latest branch with a candidate left to try.
                loop {
                    let Some(b) = branches.last_mut() else {
                        return Err(furthest.expect("a mismatch was recorded"));
                    };
                    if b.next < b.candidates.len() && backtracks < BACKTRACKS {
                        backtracks += 1;
                        let (from, mv) = &b.candidates[b.next];
                        state = from.as_ref().unwrap_or(&b.base).clone();
                        if let Some(path) = path.as_deref_mut() {
                            path.truncate(b.step);
                            path.push((state.clone(), *mv));
                        }
                        game.apply(&mut state, *mv);
                        b.next += 1;
                        i = b.step + 1;
                        counts = b.counts;
                        break;
                    }
                    if backtracks >= BACKTRACKS {
                        return Err(furthest.expect("a mismatch was recorded"));
                    }
                    branches.pop();
                }
            }
        }
    }
}

/// Most times [`replay`] goes back to try another move with the same key.
const BACKTRACKS: usize = 10_000;

/// Every position the trial allows, step by step (the frontier): finds the
/// path where a wrong choice shows only long after it was made, beyond
/// what backtracking can search. Records the path into `path` where one
/// is given.
#[allow(clippy::type_complexity)]
fn replay_breadth_first<G: Game>(
    game: &G,
    trial: &Trial,
    path: Option<&mut Vec<(G::State, G::Move)>>,
) -> Result<Replayed, Mismatch> {
    let counts = Replayed {
        steps: 0,
        steps_with_keys: 0,
        steps_forced: 0,
        steps_searched: 0,
    };
    let mut frontier = vec![Reached {
        state: game.initial_state(),
        counts,
    }];
    // Per step, how each position of the next frontier was reached.
    let recording = path.is_some();
    let mut history: Vec<Vec<Played<G>>> = Vec::new();
    let mut beam_cut = false;
    for i in 0..trial.steps.len() {
        let mut next: Vec<Reached<G::State>> = Vec::new();
        let mut played: Vec<Played<G>> = Vec::new();
        let mut first_error = None;
        for (p, reached) in frontier.iter().enumerate() {
            let mut counts = reached.counts;
            let candidates = match check_chance_step(game, &reached.state, trial, i, &mut counts) {
                Ok(candidates) => candidates,
                Err(e) => {
                    first_error.get_or_insert(e);
                    continue;
                }
            };
            for (from, mv) in candidates {
                let mut state = from.clone().unwrap_or_else(|| reached.state.clone());
                game.apply(&mut state, mv);
                if next.iter().any(|r| r.state == state) {
                    continue;
                }
                if next.len() == MAX_FRONTIER {
                    beam_cut = true;
                    continue;
                }
                next.push(Reached { state, counts });
                if recording {
                    played.push((p, from, mv));
                }
            }
        }
        if next.is_empty() {
            let mut e = first_error.expect("a position was checked");
            if beam_cut {
                e.message += &format!(
                    " (more than {MAX_FRONTIER} positions agreed with the trial at some step: only the first were followed)"
                );
            }
            return Err(e);
        }
        frontier = next;
        if recording {
            history.push(played);
        }
    }
    let mut first_error = None;
    for (k, reached) in frontier.iter().enumerate() {
        match check_end(game, &reached.state, trial) {
            Ok(()) => {
                if let Some(path) = path {
                    *path = path_to(game, &history, k);
                }
                return Ok(Replayed {
                    steps: trial.steps.len(),
                    ..reached.counts
                });
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.expect("the frontier is never empty"))
}

/// The path to position `k` of the last frontier: walked back through the
/// parents, then played forward from the initial state.
fn path_to<G: Game>(
    game: &G,
    history: &[Vec<Played<G>>],
    mut k: usize,
) -> Vec<(G::State, G::Move)> {
    let mut steps = Vec::with_capacity(history.len());
    for played in history.iter().rev() {
        let (parent, from, mv) = &played[k];
        steps.push((from.clone(), *mv));
        k = *parent;
    }
    steps.reverse();
    let mut state = game.initial_state();
    let mut path = Vec::with_capacity(steps.len());
    for (from, mv) in steps {
        if let Some(from) = from {
            state = from;
        }
        path.push((state.clone(), mv));
        game.apply(&mut state, mv);
    }
    path
}

/// Checks step `i` with its chance settled: forced from Ludii's actions
/// when they show it, else each possible outcome tried. Returns the
/// candidates to play: the state with the dice fixed (`None`: `state`
/// itself) and a move with the played key.
#[allow(clippy::type_complexity)]
fn check_chance_step<G: Game>(
    game: &G,
    state: &G::State,
    trial: &Trial,
    i: usize,
    counts: &mut Replayed,
) -> Result<Vec<(Option<G::State>, G::Move)>, Mismatch> {
    let step = &trial.steps[i];
    let with_state = |s: &G::State, moves: Vec<G::Move>| -> Vec<(Option<G::State>, G::Move)> {
        moves.into_iter().map(|m| (Some(s.clone()), m)).collect()
    };
    let shown = shown_chance(&step.actions);
    if !shown.is_empty() {
        let mut forced = state.clone();
        game.force_chance(&mut forced, &shown);
        let (moves, with_keys) = check_step(game, &forced, trial, i)?;
        counts.steps_forced += 1;
        counts.steps_with_keys += usize::from(with_keys);
        return Ok(with_state(&forced, moves));
    }
    let dice = game.chance(state);
    if dice.is_empty() {
        let (moves, with_keys) = check_step(game, state, trial, i)?;
        counts.steps_with_keys += usize::from(with_keys);
        return Ok(moves.into_iter().map(|m| (None, m)).collect());
    }
    let total = dice
        .iter()
        .try_fold(1usize, |n, &(_, f)| n.checked_mul(f as usize));
    if total.is_none_or(|n| n > MAX_OUTCOMES) {
        return Err(Mismatch {
            step: Some(i),
            message: format!(
                "the trial does not show the dice here and {} dice have too many outcomes to try",
                dice.len()
            ),
        });
    }
    let mut candidates = Vec::new();
    let mut first_error = None;
    let mut with_keys = false;
    for outcome in all_outcomes(&dice) {
        let mut forced = state.clone();
        game.force_chance(&mut forced, &outcome);
        match check_step(game, &forced, trial, i) {
            Ok((moves, keys)) => {
                with_keys = keys;
                candidates.extend(with_state(&forced, moves));
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if candidates.is_empty() {
        let e = first_error.expect("some outcome was tried");
        return Err(Mismatch {
            step: Some(i),
            message: format!(
                "no roll of the dice agrees with Ludii (the trial does not show them here); the first: {}",
                e.message
            ),
        });
    }
    counts.steps_searched += 1;
    counts.steps_with_keys += usize::from(with_keys);
    Ok(candidates)
}

/// Checks step `i` of `trial` in `state`: the mover, the legal moves' count
/// and keys (where listed). Returns the legal moves with the played key,
/// and whether the keys were compared.
fn check_step<G: Game>(
    game: &G,
    state: &G::State,
    trial: &Trial,
    i: usize,
) -> Result<(Vec<G::Move>, bool), Mismatch> {
    let step = &trial.steps[i];
    let at = |message: String| Mismatch {
        step: Some(i),
        message,
    };
    let mover = match game.status(state) {
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
    let mut legal = MoveBuffer::new();
    game.legal_moves(state, &mut legal);
    let keys: Vec<MoveKey> = legal.iter().map(|&m| game.move_key(m)).collect();
    let with_keys = step.legal_moves.is_some();
    if let Some(expected) = &step.legal_moves {
        compare_key_sets(&keys, expected).map_err(at)?;
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
    let mut moves: Vec<G::Move> = (0..keys.len())
        .filter(|&j| keys[j] == played)
        .map(|j| legal[j])
        .collect();
    // Promotions share a key: the one Ludii's actions name is tried first
    // (the library trials list actions for their first 200 steps).
    if let Some(what) = promoted_component(&step.actions) {
        if let Some(j) = moves
            .iter()
            .position(|&m| game.promoted_to(m) == Some(what))
        {
            moves.swap(0, j);
        }
    }
    if moves.is_empty() {
        return Err(at(format!(
            "Ludii's move {played} is not legal in the engine"
        )));
    }
    Ok((moves, with_keys))
}

/// Checks the end of `trial` in `state`: over, with the same winner,
/// ranking, end reason and number of moves.
fn check_end<G: Game>(game: &G, state: &G::State, trial: &Trial) -> Result<(), Mismatch> {
    let end = |message: String| Mismatch {
        step: None,
        message,
    };
    let outcome = match game.status(state) {
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
    let moves = game.moves_played(state);
    if moves != trial.num_moves {
        return Err(end(format!(
            "{moves} moves played, Ludii counts {}",
            trial.num_moves
        )));
    }
    Ok(())
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
    fn the_dice_ludii_shows_are_read_from_its_actions() {
        let actions = [
            "SetStateAndUpdateDice(site=28,state=3)".to_owned(),
            "SetStateAndUpdateDice(site=29,state=0)".to_owned(),
            "SetDiceAllEqual(value=false)".to_owned(),
            "Move(from=c:26,to=9)".to_owned(),
        ];
        assert_eq!(shown_chance(&actions), vec![(28, 3), (29, 0)]);
        assert!(shown_chance(&actions[2..]).is_empty());
    }

    #[test]
    fn every_combination_of_faces_is_an_outcome() {
        let all = all_outcomes(&[(10, 2), (11, 3)]);
        assert_eq!(all.len(), 6);
        assert_eq!(all[0], vec![(10, 0), (11, 0)]);
        assert_eq!(all[5], vec![(10, 1), (11, 2)]);
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

    /// One player; `LATE` moves of two kinds sharing the key `-1>0`; then
    /// one move more, or two where the first move was of the second kind:
    /// a first choice that shows only `LATE` steps later, after more
    /// alternatives than backtracking can try.
    struct LateReveal;
    const LATE: u32 = 20;

    impl Game for LateReveal {
        /// Moves played and whether the first was of the second kind.
        type State = (u32, bool);
        type Move = u8;
        fn name(&self) -> &str {
            "late reveal"
        }
        fn num_players(&self) -> usize {
            1
        }
        fn initial_state(&self) -> Self::State {
            (0, false)
        }
        fn legal_moves(&self, s: &Self::State, out: &mut MoveBuffer<u8>) {
            out.clear();
            match s.0 {
                n if n < LATE => out.extend([0, 1]),
                _ if s.1 => out.extend([2, 3]),
                _ => out.push(2),
            }
        }
        fn apply(&self, s: &mut Self::State, mv: u8) {
            if s.0 == 0 {
                s.1 = mv == 1;
            }
            s.0 += 1;
        }
        fn status(&self, s: &Self::State) -> Status {
            if s.0 > LATE {
                let mut ranking = [0.0; crate::MAX_PLAYERS];
                ranking[0] = 1.0;
                Status::Over(crate::Outcome {
                    winner: 1,
                    ranking,
                    num_players: 1,
                    reason: crate::EndReason::Terminal,
                })
            } else {
                Status::Ongoing { mover: 1 }
            }
        }
        fn moves_played(&self, s: &Self::State) -> u32 {
            s.0
        }
        fn move_key(&self, mv: u8) -> MoveKey {
            MoveKey::place(u32::from(mv.saturating_sub(1)))
        }
    }

    /// The trial of `LateReveal` whose last step lists `last_legal` moves.
    fn late_trial(last_legal: usize) -> Trial {
        let step = |legal: usize, played: &str| TrialStep {
            mover: 1,
            legal,
            legal_moves: None,
            played: played.to_owned(),
            actions: Vec::new(),
        };
        let mut steps: Vec<TrialStep> = (0..LATE).map(|_| step(2, "-1>0")).collect();
        steps.push(step(last_legal, "-1>1"));
        Trial {
            game: "late reveal".to_owned(),
            options: Vec::new(),
            seed: 0,
            sites: 3,
            steps,
            num_moves: LATE + 1,
            winner: Some(1),
            ranking: vec![1.0],
            end_reason: "terminal".to_owned(),
            stochastic: false,
        }
    }

    #[test]
    fn a_choice_shown_long_after_it_was_made_is_found() {
        let trial = late_trial(2);
        // Backtracking alone gives up (2^19 alternatives before the first step's).
        assert!(replay_depth_first(&LateReveal, &trial, None).is_err());
        let (replayed, path) = replay_path(&LateReveal, &trial).unwrap();
        assert_eq!(replayed.steps, LATE as usize + 1);
        assert_eq!(path.len(), LATE as usize + 1);
        assert_eq!(path[0].1, 1, "the first move is of the second kind");
        assert_eq!(path[LATE as usize].0, (LATE, true));
        // Where no first choice agrees, the mismatch is reported.
        let err = replay(&LateReveal, &late_trial(3)).unwrap_err();
        assert_eq!(err.step, Some(LATE as usize));
        assert!(err.message.contains("Ludii has 3"), "{}", err.message);
    }
}
