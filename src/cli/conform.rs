//! `ludemic conform`: replay Ludii reference trials move by move.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::trial::{read_trials, replay, Mismatch, Replayed, Trial};
use ludemic_runtime::Game;

use super::{Engine, GameArgs};

#[derive(Args, Debug)]
pub struct ConformArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// A `.jsonl` file of Ludii trials (see shared/reference/ludii-trials/README.md).
    #[arg(long, value_name = "FILE")]
    pub trials: PathBuf,
    /// The back end to check.
    #[arg(long, value_enum, default_value_t = Engine::Interpreter)]
    pub engine: Engine,
}

pub fn run(args: &ConformArgs) -> miette::Result<ExitCode> {
    let trials = read_trials(&args.trials).map_err(|e| miette::miette!("{e}"))?;
    if trials.is_empty() {
        return Err(miette::miette!(
            "{}: no trials in the file",
            args.trials.display()
        ));
    }
    // Without --option, each trial is played with the options Ludii was given for it.
    let mut config = args.game.config();
    let library = args.game.library.library()?;
    let text = args.game.text()?;
    if args.engine == Engine::Compiled {
        if args.game.options.is_empty() {
            config.options = trials[0].options.clone();
        }
        let loaded = ludemic_compiler::load_str(&args.game.file, &text, &library, &config)?;
        if super::bundled_stem(&args.game.file, &text, &config.options).is_none() {
            // Not bundled: one native build for the file's options.
            if args.game.options.is_empty() && trials.iter().any(|t| t.options != trials[0].options)
            {
                return Err(miette::miette!(
                    "{}: the trials use several option sets; give --option to choose one",
                    args.trials.display()
                ));
            }
            let native = super::native::NativeGame::build(&loaded.model, &args.game.file, &text)?;
            let ok = native.conform(&args.trials)?;
            return Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            });
        }
    }
    let mut loaded_for: Option<(Vec<String>, Interpreter, Option<String>)> = None;
    let (mut passed, mut failed) = (0, 0);
    for trial in &trials {
        if args.game.options.is_empty() {
            config.options = trial.options.clone();
        }
        if loaded_for.as_ref().map(|(o, _, _)| o) != Some(&config.options) {
            let loaded = ludemic_compiler::load_str(&args.game.file, &text, &library, &config)?;
            let stem = match args.engine {
                Engine::Interpreter => None,
                Engine::Compiled => Some(
                    super::bundled_stem(&args.game.file, &text, &config.options)
                        .ok_or_else(|| super::not_bundled(&args.game.file))?,
                ),
            };
            loaded_for = Some((config.options.clone(), Interpreter::new(loaded.model), stem));
        }
        let (_, game, stem) = loaded_for.as_ref().expect("loaded above");
        let result = match stem {
            None => replay(game, trial),
            Some(stem) => ludemic_generated::visit(stem, Replay(trial)).expect("a bundled game"),
        };
        match result {
            Ok(done) => {
                passed += 1;
                let chance = if done.steps_forced + done.steps_searched > 0 {
                    format!(
                        "; dice forced from Ludii's actions at {} steps, found by trying every outcome at {}",
                        done.steps_forced, done.steps_searched
                    )
                } else {
                    String::new()
                };
                println!(
                    "seed {:>5}: ok ({} moves, {} steps with full legal-move lists{chance})",
                    trial.seed, done.steps, done.steps_with_keys
                );
            }
            Err(mismatch) => {
                failed += 1;
                println!("seed {:>5}: MISMATCH at {mismatch}", trial.seed);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Replays one trial on whichever compiled game the visitor is given.
struct Replay<'t>(&'t Trial);

impl ludemic_generated::Visitor for Replay<'_> {
    type Output = Result<Replayed, Mismatch>;
    fn visit<G: Game + Sync>(self, game: &G) -> Self::Output {
        replay(game, self.0)
    }
}
