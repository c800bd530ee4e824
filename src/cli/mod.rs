//! Command definitions (clap) and dispatch.

mod check;
mod conform;
mod expand;
mod playout;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use ludemic_compiler::Config;

/// ludemic: Ludii game descriptions, expanded, checked, interpreted and compiled.
#[derive(Parser, Debug)]
#[command(name = "ludemic", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the expanded description (options, defines and ranges resolved).
    Expand {
        #[command(flatten)]
        game: GameArgs,
        /// Print the text exactly as Ludii's expander leaves it, on one line.
        #[arg(long)]
        raw: bool,
    },
    /// Summarise a game: players, board, pieces, phases, playout variant.
    Check {
        /// One or more `.lud` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        library: LibraryArgs,
    },
    /// Run uniform random playouts and report speed, length and outcomes.
    Playout(playout::PlayoutArgs),
    /// Replay Ludii reference trials and compare move by move.
    Conform(conform::ConformArgs),
}

/// A game file with its options.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The `.lud` file.
    pub file: PathBuf,
    /// Choose an option item, as `"Heading/Item"` (repeatable).
    #[arg(long = "option", short = 'o', value_name = "HEADING/ITEM")]
    pub options: Vec<String>,
    /// Choose a ruleset by name.
    #[arg(long, value_name = "NAME")]
    pub ruleset: Option<String>,
    #[command(flatten)]
    pub library: LibraryArgs,
}

/// Where defines come from.
#[derive(Args, Debug, Clone)]
pub struct LibraryArgs {
    /// Add a define-library directory (searched recursively for `.def` files;
    /// repeatable). The project's own `games/def` is always included.
    #[arg(long = "defs", value_name = "DIR")]
    pub defs: Vec<PathBuf>,
}

/// Which back end runs the game.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The interpreter over the game model.
    Interpreter,
}

impl LibraryArgs {
    /// The define directories: the project's `games/def` first, then `--defs`.
    pub fn dirs(&self) -> Vec<PathBuf> {
        let mut dirs = Vec::new();
        let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/def");
        if bundled.is_dir() {
            dirs.push(bundled);
        }
        dirs.extend(self.defs.iter().cloned());
        dirs
    }
}

impl GameArgs {
    pub fn config(&self) -> Config {
        Config {
            def_dirs: self.library.dirs(),
            options: self.options.clone(),
            ruleset: self.ruleset.clone(),
        }
    }
}

pub fn run(cli: Cli) -> miette::Result<ExitCode> {
    match cli.command {
        Command::Expand { game, raw } => expand::run(&game, raw),
        Command::Check { files, library } => check::run(&files, &library),
        Command::Playout(args) => playout::run(&args),
        Command::Conform(args) => conform::run(&args),
    }
}
