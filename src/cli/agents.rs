//! `ludemic lengths` (the Table I columns of "Heuristic Sampling for Fast
//! Plausible Playouts") and `ludemic match` (agents against each other).

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use ludemic_agents::{play_game, Agent, AgentSpec};
use ludemic_compiler::heuristics::Evaluator;
use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::{Evaluate, Game, Player, PositionView, Xoshiro256PlusPlus};
use serde_json::json;

use super::{Engine, GameArgs};

#[derive(Args, Debug)]
pub struct LengthsArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The agent playing every seat: random, hs:N, hs-nostc:N, ab:D or uct:N.
    #[arg(long, default_value = "random")]
    pub method: AgentSpec,
    /// Number of trials.
    #[arg(short = 'n', long, default_value_t = 100)]
    pub trials: u64,
    /// Trials still going after this many turns are abandoned and left out
    /// (not for random, which plays to Ludii's own limits).
    #[arg(long, default_value_t = 1000)]
    pub turn_cap: u32,
    #[arg(long, default_value_t = 12345)]
    pub seed: u64,
    /// The back end [default: interpreter]. The compiled engine runs the
    /// bundled games of games/, with every agent.
    #[arg(long, value_enum)]
    pub engine: Option<Engine>,
    /// Threads playing the trials (each trial is seeded from the seed and
    /// its number, so the results do not depend on the threads).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The agents, comma-separated, e.g. `uct:800,hs:2`; seats rotate from
    /// game to game.
    #[arg(long, value_delimiter = ',', required = true)]
    pub agents: Vec<AgentSpec>,
    /// Number of games.
    #[arg(short = 'n', long, default_value_t = 100)]
    pub games: u64,
    #[arg(long, default_value_t = 12345)]
    pub seed: u64,
    #[arg(long, value_enum)]
    pub engine: Option<Engine>,
    /// Threads playing the games (each game is seeded from the seed and its
    /// number, so the results do not depend on the threads).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long)]
    pub json: bool,
}

/// The seed of player `p`'s agent in trial `i`.
fn agent_seed(seed: u64, trial: u64, p: usize) -> u64 {
    seed.wrapping_add(trial.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(p as u64 + 1)
}

/// Summary of trial lengths in turns.
#[derive(Debug, Default)]
struct Lengths {
    completed: Vec<u32>,
    abandoned: u64,
    /// The sum of the trials' own times (the time per trial whatever the
    /// number of threads).
    seconds: f64,
    /// Wall time of the run.
    wall: f64,
    trials: u64,
}

fn lengths<G: Game + Sync, E: Evaluate<G> + ?Sized + Sync>(
    game: &G,
    eval: Option<&E>,
    args: &LengthsArgs,
) -> Result<Lengths, String> {
    let cap = (args.method != AgentSpec::Random).then_some(args.turn_cap);
    let mut out = Lengths {
        trials: args.trials,
        ..Lengths::default()
    };
    let start = Instant::now();
    let trial = |i: u64| -> Result<(Option<u32>, f64), String> {
        let t0 = Instant::now();
        let mut agents: Vec<Box<dyn Agent<G> + '_>> = (0..game.num_players())
            .map(|p| args.method.build(eval, agent_seed(args.seed, i, p)))
            .collect::<Result<_, _>>()?;
        let mut refs: Vec<&mut dyn Agent<G>> = agents.iter_mut().map(|a| a.as_mut() as _).collect();
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(agent_seed(args.seed, i, 99));
        let record = play_game(game, &mut refs, cap, &mut rng);
        let turns = record.outcome.map(|_| record.turns);
        Ok((turns, t0.elapsed().as_secs_f64()))
    };
    let results =
        super::threads::map_indexed(args.threads, args.trials, trial).map_err(|e| e.to_string())?;
    for r in results {
        let (turns, seconds) = r?;
        out.seconds += seconds;
        match turns {
            Some(t) => out.completed.push(t),
            None => out.abandoned += 1,
        }
    }
    out.wall = start.elapsed().as_secs_f64();
    Ok(out)
}

/// Each agent's wins, draws and losses.
#[derive(Debug, Default, Clone)]
struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
}

fn matches<G: Game + Sync, E: Evaluate<G> + ?Sized + Sync>(
    game: &G,
    eval: Option<&E>,
    args: &MatchArgs,
) -> Result<(Vec<Tally>, f64), String> {
    let n = game.num_players();
    let k = args.agents.len();
    let mut tallies = vec![Tally::default(); k];
    let start = Instant::now();
    // Player p is played by agent (p - 1 + g) mod k.
    let seats = |g: u64| -> Vec<usize> { (0..n).map(|p| (p + g as usize) % k).collect() };
    let one = |g: u64| -> Result<Player, String> {
        let seat_agent = seats(g);
        let mut agents: Vec<Box<dyn Agent<G> + '_>> = seat_agent
            .iter()
            .enumerate()
            .map(|(p, &a)| args.agents[a].build(eval, agent_seed(args.seed, g, p)))
            .collect::<Result<_, _>>()?;
        let mut refs: Vec<&mut dyn Agent<G>> = agents.iter_mut().map(|a| a.as_mut() as _).collect();
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(agent_seed(args.seed, g, 99));
        let record = play_game(game, &mut refs, None, &mut rng);
        Ok(record.outcome.expect("no turn cap").winner)
    };
    let winners =
        super::threads::map_indexed(args.threads, args.games, one).map_err(|e| e.to_string())?;
    for (g, winner) in winners.into_iter().enumerate() {
        let winner = winner?;
        let seat_agent = seats(g as u64);
        let mut counted = vec![false; k];
        for &a in &seat_agent {
            if counted[a] {
                continue;
            }
            counted[a] = true;
            if winner == 0 {
                tallies[a].draws += 1;
            } else if seat_agent[winner as usize - 1] == a {
                tallies[a].wins += 1;
            } else {
                tallies[a].losses += 1;
            }
        }
    }
    Ok((tallies, start.elapsed().as_secs_f64()))
}

/// The 95% Wilson score interval of `k` successes in `n`.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let p = k as f64 / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

/// The interpreter and the evaluator of the game's heuristics.
fn load(game: &GameArgs) -> miette::Result<(Interpreter, Evaluator, String, Option<String>)> {
    let loaded = game.load()?;
    let heuristics = loaded
        .model
        .heuristics
        .clone()
        .unwrap_or_else(|| ludemic_compiler::heuristics::Heuristics::ludii_default(None));
    let eval = Evaluator::new(&loaded.model, &heuristics).map_err(|e| miette::miette!("{e}"))?;
    let bundled = game.bundled();
    Ok((
        Interpreter::new(loaded.model),
        eval,
        heuristics.summary(),
        bundled,
    ))
}

/// A compiled game's trials, its heuristics read through its `PositionView`.
struct LengthsVisit<'a>(&'a LengthsArgs, &'a Evaluator);

impl ludemic_generated::Visitor for LengthsVisit<'_> {
    type Output = Result<Lengths, String>;
    fn visit<G: PositionView + Clone + Sync>(self, game: &G) -> Self::Output {
        lengths(game, Some(self.1), self.0)
    }
}

struct MatchVisit<'a>(&'a MatchArgs, &'a Evaluator);

impl ludemic_generated::Visitor for MatchVisit<'_> {
    type Output = Result<(Vec<Tally>, f64), String>;
    fn visit<G: PositionView + Clone + Sync>(self, game: &G) -> Self::Output {
        matches(game, Some(self.1), self.0)
    }
}

fn compiled_stem(
    engine: Option<Engine>,
    bundled: &Option<String>,
    file: &std::path::Path,
) -> miette::Result<Option<String>> {
    match (engine, bundled) {
        (Some(Engine::Compiled), Some(stem)) => Ok(Some(stem.clone())),
        (Some(Engine::Compiled), None) => Err(super::not_bundled(file)),
        _ => Ok(None),
    }
}

pub fn run_lengths(args: &LengthsArgs) -> miette::Result<ExitCode> {
    let (interp, eval, summary, bundled) = load(&args.game)?;
    let stem = compiled_stem(args.engine, &bundled, &args.game.file)?;
    let result = match &stem {
        Some(stem) => {
            ludemic_generated::visit(stem, LengthsVisit(args, &eval)).expect("a bundled game")
        }
        None => lengths(&interp, Some(&eval), args),
    }
    .map_err(|e| miette::miette!("{e}"))?;
    let n = result.completed.len();
    let turns: Vec<f64> = result.completed.iter().map(|&t| t as f64).collect();
    let mean = turns.iter().sum::<f64>() / n.max(1) as f64;
    let sd = if n > 1 {
        (turns.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    let se = sd / (n.max(1) as f64).sqrt();
    let min = result.completed.iter().min().copied().unwrap_or(0);
    let max = result.completed.iter().max().copied().unwrap_or(0);
    let per_trial = result.seconds / result.trials.max(1) as f64;
    let engine = if stem.is_some() {
        "compiled"
    } else {
        "interpreter"
    };
    if args.json {
        println!(
            "{}",
            json!({
                "game": interp.name(),
                "file": args.game.file.display().to_string(),
                "engine": engine,
                "method": args.method.to_string(),
                "heuristics": summary,
                "trials": result.trials,
                "completed": n,
                "abandoned": result.abandoned,
                "turn_cap": args.turn_cap,
                "mean_turns": mean,
                "min_turns": min,
                "max_turns": max,
                "sd": sd,
                "se": se,
                "seconds_per_trial": per_trial,
                "wall_seconds": result.wall,
                "threads": args.threads,
                "seed": args.seed,
            })
        );
    } else {
        println!("{} ({engine}), method {}", interp.name(), args.method);
        if args.method.needs_heuristics() {
            println!("heuristics: {summary}");
        }
        println!(
            "L_obs {mean:.2} turns  N {n}/{}  min {min}  max {max}  SD {sd:.2}  SE {se:.2}  time/trial {}",
            result.trials,
            format_seconds(per_trial)
        );
        if result.abandoned > 0 {
            println!(
                "{} trial(s) passed the cap of {} turns and are left out",
                result.abandoned, args.turn_cap
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run_match(args: &MatchArgs) -> miette::Result<ExitCode> {
    let (interp, eval, summary, bundled) = load(&args.game)?;
    let stem = compiled_stem(args.engine, &bundled, &args.game.file)?;
    let (tallies, seconds) = match &stem {
        Some(stem) => {
            ludemic_generated::visit(stem, MatchVisit(args, &eval)).expect("a bundled game")
        }
        None => matches(&interp, Some(&eval), args),
    }
    .map_err(|e| miette::miette!("{e}"))?;
    let engine = if stem.is_some() {
        "compiled"
    } else {
        "interpreter"
    };
    let n = args.games;
    let rows: Vec<serde_json::Value> = args
        .agents
        .iter()
        .zip(&tallies)
        .map(|(a, t)| {
            let (wl, wh) = wilson(t.wins, n);
            let (dl, dh) = wilson(t.draws, n);
            let (ll, lh) = wilson(t.losses, n);
            json!({
                "agent": a.to_string(),
                "wins": t.wins, "draws": t.draws, "losses": t.losses,
                "win_rate": t.wins as f64 / n as f64, "win_ci95": [wl, wh],
                "draw_rate": t.draws as f64 / n as f64, "draw_ci95": [dl, dh],
                "loss_rate": t.losses as f64 / n as f64, "loss_ci95": [ll, lh],
            })
        })
        .collect();
    if args.json {
        println!(
            "{}",
            json!({
                "game": interp.name(),
                "engine": engine,
                "games": n,
                "seed": args.seed,
                "threads": args.threads,
                "heuristics": summary,
                "seconds": seconds,
                "agents": rows,
            })
        );
    } else {
        println!("{} ({engine}), {n} games, seats rotated", interp.name());
        if args.agents.iter().any(|a| a.needs_heuristics()) {
            println!("heuristics: {summary}");
        }
        for (a, t) in args.agents.iter().zip(&tallies) {
            let pct = |k: u64| {
                let (l, h) = wilson(k, n);
                format!(
                    "{:5.1}% [{:5.1}, {:5.1}]",
                    100.0 * k as f64 / n as f64,
                    100.0 * l,
                    100.0 * h
                )
            };
            println!(
                "{:<12} win {}  draw {}  loss {}",
                a.to_string(),
                pct(t.wins),
                pct(t.draws),
                pct(t.losses)
            );
        }
        println!("({:.1} s; 95% Wilson intervals)", seconds);
    }
    Ok(ExitCode::SUCCESS)
}

fn format_seconds(s: f64) -> String {
    if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}
