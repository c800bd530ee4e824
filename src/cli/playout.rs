//! `ludemic playout`: uniform random playouts with speed, length and outcome statistics.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use ludemic_compiler::analyse::Switches;
use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::{Game, PlayoutStats, Xoshiro256PlusPlus};
use serde_json::json;

use super::{Engine, GameArgs};

#[derive(Args, Debug)]
pub struct PlayoutArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of playouts.
    #[arg(short = 'n', long, default_value_t = 1000)]
    pub playouts: u64,
    /// Seed of the xoshiro256++ generator.
    #[arg(long, default_value_t = 12345)]
    pub seed: u64,
    /// The back end that runs the game [default: compiled for the games
    /// bundled from games/ with their default options, else interpreter].
    #[arg(long, value_enum)]
    pub engine: Option<Engine>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Play Ludii's standard playout (every legal move listed at each step)
    /// instead of the variant the analysis chose, to compare the two (the
    /// compiled engine then builds the game natively with the playout
    /// variants switched off in `CodegenOptions`).
    #[arg(long)]
    pub standard_playout: bool,
    /// Threads playing the playouts, each its share from its own stream of
    /// the seed (deterministic for a seed and a number of threads).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

pub fn run(args: &PlayoutArgs) -> miette::Result<ExitCode> {
    let loaded = args.game.load()?;
    let bundled = args.game.bundled();
    let chosen = args.engine.unwrap_or(match bundled {
        Some(_) => Engine::Compiled,
        None => Engine::Interpreter,
    });
    let model = loaded.model;
    // Each engine plays the variant the analysis chose for each phase, the
    // interpreter the standard or Filter playout only. The interpreter is
    // built once, and only to play.
    let interpreter = (chosen == Engine::Interpreter).then(|| {
        let interp = Interpreter::new(model.clone());
        if args.standard_playout {
            interp.standard_playouts()
        } else {
            interp
        }
    });
    let variants: Vec<String> = match &interpreter {
        _ if args.standard_playout => vec!["standard".to_owned()],
        None => ludemic_compiler::analyse::select_playouts(&model)
            .iter()
            .map(|c| c.variant.to_string())
            .collect(),
        Some(interp) if interp.filters() => ludemic_compiler::analyse::select_playouts(&model)
            .iter()
            .map(|c| match c.variant {
                ludemic_compiler::analyse::PlayoutVariant::Filter => "filter",
                ludemic_compiler::analyse::PlayoutVariant::NoRepetition => "no-repetition",
                _ => "standard",
            })
            .map(str::to_owned)
            .collect(),
        Some(_) => vec!["standard".to_owned()],
    };
    let engine = chosen.name();
    let native_threads = || {
        if args.threads > 1 {
            Err(miette::miette!(
                "--threads runs the interpreter and the bundled games of games/; \
                 a game built natively runs on one thread"
            ))
        } else {
            Ok(())
        }
    };
    let (stats, seconds) = match &interpreter {
        Some(interp) => {
            run_playouts_threaded(interp, args.playouts, args.seed, !args.json, args.threads)?
        }
        None => {
            match bundled {
                Some(_) if args.standard_playout => {
                    native_threads()?;
                    super::native::NativeGame::build_with(
                        &model,
                        &args.game.file,
                        &args.game.text()?,
                        standard_switches(),
                    )?
                    .playouts(
                        model.num_players as usize,
                        args.playouts,
                        args.seed,
                    )?
                }
                Some(stem) => {
                    let run = Run {
                        playouts: args.playouts,
                        seed: args.seed,
                        progress: !args.json,
                        threads: args.threads,
                    };
                    ludemic_generated::visit(&stem, run).expect("a bundled game")?
                }
                // Not bundled: build the generated code natively (cached) and run it.
                None => {
                    native_threads()?;
                    super::native::NativeGame::build_with(
                        &model,
                        &args.game.file,
                        &args.game.text()?,
                        if args.standard_playout {
                            standard_switches()
                        } else {
                            Switches::default()
                        },
                    )?
                    .playouts(
                        model.num_players as usize,
                        args.playouts,
                        args.seed,
                    )?
                }
            }
        }
    };
    let outcomes: serde_json::Map<String, serde_json::Value> = stats
        .outcomes()
        .into_iter()
        .map(|(k, v)| (k, json!(v)))
        .collect();
    let per_sec = stats.playouts as f64 / seconds;
    let moves_per_sec = stats.total_moves as f64 / seconds;
    if args.json {
        let report = json!({
            "game": model.name,
            "file": args.game.file.display().to_string(),
            "options": model.options,
            "engine": engine,
            "playout_variant": variants,
            "rng": "xoshiro256++",
            "seed": args.seed,
            "threads": args.threads,
            "playouts": stats.playouts,
            "seconds": seconds,
            "playouts_per_sec": per_sec,
            "moves_per_sec": moves_per_sec,
            "mean_moves": stats.mean_moves(),
            "mean_moves_stderr": stats.mean_moves_stderr(),
            "min_moves": stats.min_moves,
            "max_moves": stats.max_moves,
            "limit_reached": stats.limit_reached,
            "outcomes": outcomes,
        });
        println!("{report}");
    } else {
        println!("game:      {} ({})", model.name, args.game.file.display());
        if !model.options.is_empty() {
            println!("options:   {}", model.options.join("; "));
        }
        println!("engine:    {engine} (playout: {})", variants.join(", "));
        if args.threads > 1 {
            println!(
                "rng:       xoshiro256++, seed {}, {} threads (one stream each)",
                args.seed, args.threads
            );
        } else {
            println!("rng:       xoshiro256++, seed {}", args.seed);
        }
        println!(
            "playouts:  {} in {:.3} s: {:.1} playouts/s, {:.0} moves/s",
            stats.playouts, seconds, per_sec, moves_per_sec
        );
        println!(
            "moves:     mean {:.2} ± {:.2} (min {}, max {})",
            stats.mean_moves(),
            stats.mean_moves_stderr(),
            stats.min_moves,
            stats.max_moves
        );
        let shown: Vec<String> = stats
            .outcomes()
            .into_iter()
            .map(|(label, n)| {
                format!(
                    "{label} {:.3} ({n})",
                    n as f64 / stats.playouts.max(1) as f64
                )
            })
            .collect();
        println!("outcomes:  {}", shown.join("  "));
        if stats.limit_reached > 0 {
            println!(
                "limit:     {} playouts reached the turn or move limit",
                stats.limit_reached
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The code generator's switches with every playout variant off: each
/// step lists the legal moves (Ludii's standard playout).
pub(super) fn standard_switches() -> Switches {
    Switches {
        add_to_empty: false,
        filter: false,
        target_sets: false,
        sitewise_draw: false,
        counted_draw: false,
        ..Switches::default()
    }
}

/// Playouts on whichever compiled game the visitor is given.
struct Run {
    playouts: u64,
    seed: u64,
    progress: bool,
    threads: usize,
}

impl ludemic_generated::Visitor for Run {
    type Output = miette::Result<(PlayoutStats, f64)>;
    fn visit<G: Game + Sync>(self, game: &G) -> Self::Output {
        run_playouts_threaded(game, self.playouts, self.seed, self.progress, self.threads)
    }
}

/// `n` playouts on `threads` threads, thread t playing its share from
/// stream t of `seed`; one thread is [`run_playouts`] itself. Returns the
/// merged statistics and the wall time.
pub fn run_playouts_threaded<G: Game + Sync>(
    game: &G,
    n: u64,
    seed: u64,
    progress: bool,
    threads: usize,
) -> miette::Result<(PlayoutStats, f64)> {
    if threads <= 1 {
        return Ok(run_playouts(game, n, seed, progress));
    }
    let start = Instant::now();
    let parts = super::threads::per_thread(threads, seed, |t, mut rng| {
        let mut stats = PlayoutStats::new(game.num_players());
        let initial = game.initial_state();
        for _ in 0..super::threads::share(n, threads, t) {
            let mut state = initial.clone();
            stats.record(&game.playout(&mut state, &mut rng));
        }
        stats
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let mut stats = PlayoutStats::new(game.num_players());
    for part in &parts {
        stats.merge(part);
    }
    Ok((stats, seconds))
}

/// Runs `n` playouts from the initial state; returns the statistics and the wall time.
pub fn run_playouts<G: Game>(game: &G, n: u64, seed: u64, progress: bool) -> (PlayoutStats, f64) {
    let bar = (progress && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(n);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} playouts ({per_sec}, eta {eta})",
            )
            .expect("valid template"),
        );
        bar
    });
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
    let mut stats = PlayoutStats::new(game.num_players());
    let initial = game.initial_state();
    let start = Instant::now();
    for i in 0..n {
        let mut state = initial.clone();
        let result = game.playout(&mut state, &mut rng);
        stats.record(&result);
        if let Some(bar) = &bar {
            if i % 64 == 63 {
                bar.set_position(i + 1);
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    (stats, seconds)
}
