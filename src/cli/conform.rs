//! `ludemic conform`: replay Ludii reference trials move by move.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::trial::{read_trials, replay};

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
        return Err(miette::miette!("{}: no trials in the file", args.trials.display()));
    }
    // Without --option, each trial is played with the options Ludii was given for it.
    let mut config = args.game.config();
    let mut loaded_for: Option<(Vec<String>, Interpreter)> = None;
    let (mut passed, mut failed) = (0, 0);
    for trial in &trials {
        if args.game.options.is_empty() {
            config.options = trial.options.clone();
        }
        if loaded_for.as_ref().map(|(o, _)| o) != Some(&config.options) {
            let loaded = ludemic_compiler::load(&args.game.file, &config)?;
            loaded_for = Some((config.options.clone(), Interpreter::new(loaded.model)));
        }
        let (_, game) = loaded_for.as_ref().expect("loaded above");
        match replay(game, trial) {
            Ok(done) => {
                passed += 1;
                println!(
                    "seed {:>5}: ok ({} moves, {} steps with full legal-move lists)",
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
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
