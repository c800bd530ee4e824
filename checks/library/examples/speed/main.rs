//! The speed of every library game the code generator takes, against Ludii.
//!
//! For each game of the registry (`games.txt`, compiled into this crate by
//! `build.rs`, with its default options) it times, one after another on one
//! thread, each from the same seed of xoshiro256++:
//!
//! - the compiled game's own random playout (the variant the analysis chose),
//! - the compiled game's standard playout (every legal move listed, one drawn
//!   uniformly: Ludii's `disableCustomPlayouts`),
//! - the interpreter's random playout on the same file,
//!
//! and puts them beside Ludii's own figures for the file
//! (`shared/reference/ludii-library-speed/speed.jsonl`). It writes a
//! Markdown table with a summary and Table 1 of "Optimised Playout
//! Implementations for the Ludii General Game System" measured on both
//! engines, between the `speed` markers of a document (`docs/library.md`).
//!
//! ```text
//! cargo run --release -p ludemic-check-library --example speed -- \
//!     --seconds 1 --markdown docs/library.md
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use ludemic_check_library::{visit, Visitor, GAMES};
use ludemic_compiler::analyse::select_playouts;
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load, Config};
use ludemic_runtime::{standard_playout, timed_playouts, Game, MoveBuffer, Timed};
use ludemic_runtime::{PlayoutStats, Xoshiro256PlusPlus};

mod ludii;
mod report;

use ludii::LudiiSpeed;

#[derive(Parser)]
#[command(
    about = "Times every compiled library game's random playouts against the interpreter and Ludii"
)]
struct Args {
    /// Seconds of playouts for each engine on each game (at least one
    /// playout is always played).
    #[arg(long, default_value_t = 1.0)]
    seconds: f64,
    /// Seed of the xoshiro256++ generator (each measurement starts from it).
    #[arg(long, default_value_t = 12345)]
    seed: u64,
    /// Only the games whose file (under `lud/board`) contains this text.
    #[arg(long)]
    only: Option<String>,
    /// Write the table between the `<!-- speed:begin -->` and
    /// `<!-- speed:end -->` lines of this Markdown file (appended, with the
    /// markers, when the file has none).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Also write one JSON object per game to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Ludii's figures (`ludii-library-speed/speed.jsonl`).
    #[arg(long, value_name = "FILE")]
    ludii: Option<PathBuf>,
}

/// What was measured on one game.
pub struct Measured {
    pub name: String,
    pub lud: String,
    /// The compiled playout's variant per phase, joined by `+`.
    pub variant: String,
    pub compiled: Timed,
    pub standard: Timed,
    pub interpreter: Timed,
    pub ludii: Option<LudiiSpeed>,
}

/// Times the compiled game's own playout and its standard playout.
struct Compiled {
    seconds: f64,
    seed: u64,
    timed: Option<(Timed, Timed)>,
}

impl Visitor for Compiled {
    fn visit<G: Game>(&mut self, game: &G) {
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(self.seed);
        let own = timed_playouts(game, self.seconds, &mut rng, |g, s, r| g.playout(s, r));
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(self.seed);
        let mut buffer = MoveBuffer::new();
        let standard = timed_playouts(game, self.seconds, &mut rng, |g, s, r| {
            standard_playout(g, s, r, &mut buffer)
        });
        self.timed = Some((own, standard));
    }
}

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

fn main() -> ExitCode {
    let args = Args::parse();
    if !(args.seconds.is_finite() && args.seconds >= 0.0) {
        eprintln!(
            "--seconds must be a number of seconds, not {}",
            args.seconds
        );
        return ExitCode::FAILURE;
    }
    if GAMES.is_empty() {
        eprintln!(
            "no library game is compiled: {} is absent",
            shared().join("ludii").display()
        );
        return ExitCode::FAILURE;
    }
    let speed_file = args
        .ludii
        .clone()
        .unwrap_or_else(|| shared().join("reference/ludii-library-speed/speed.jsonl"));
    let ludii = match ludii::read(&speed_file) {
        Ok(table) => table,
        Err(e) => {
            eprintln!(
                "{}: {e}; the Ludii columns stay empty",
                speed_file.display()
            );
            BTreeMap::new()
        }
    };
    let board = shared().join("ludii/lud/board");
    let config = Config {
        def_dirs: vec![shared().join("ludii/def")],
        ..Config::default()
    };

    let mut rows = Vec::new();
    let selected: Vec<_> = GAMES
        .iter()
        .filter(|e| args.only.as_deref().is_none_or(|o| e.lud.contains(o)))
        .collect();
    for (i, entry) in selected.iter().enumerate() {
        eprint!("\r\x1b[K[{}/{}] {}", i + 1, selected.len(), entry.lud);
        let model = match load(&board.join(entry.lud), &config) {
            Ok(loaded) => loaded.model,
            Err(e) => {
                eprintln!("\n{}: {e}", entry.lud);
                return ExitCode::FAILURE;
            }
        };
        let mut variants: Vec<String> = Vec::new();
        for choice in select_playouts(&model) {
            let v = choice.variant.to_string();
            if !variants.contains(&v) {
                variants.push(v);
            }
        }
        let mut compiled = Compiled {
            seconds: args.seconds,
            seed: args.seed,
            timed: None,
        };
        visit(entry.name, &mut compiled);
        let Some((own, standard)) = compiled.timed else {
            eprintln!("\n{}: not in the registry", entry.name);
            return ExitCode::FAILURE;
        };
        let interpreter = Interpreter::new(model);
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(args.seed);
        let interpreted = timed_playouts(&interpreter, args.seconds, &mut rng, |g, s, r| {
            g.playout(s, r)
        });
        rows.push(Measured {
            name: interpreter.name().to_owned(),
            lud: entry.lud.to_owned(),
            variant: variants.join("+"),
            compiled: own,
            standard,
            interpreter: interpreted,
            ludii: ludii.get(entry.lud).cloned(),
        });
    }
    eprintln!("\r\x1b[K{} games timed", rows.len());

    let table = report::markdown(&rows, args.seconds, args.seed);
    match &args.markdown {
        Some(path) => {
            if let Err(e) = ludemic_compiler::markers::write_between(path, "speed", &table) {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
            eprintln!("wrote {}", path.display());
        }
        None => print!("{table}"),
    }
    if let Some(path) = &args.json {
        let lines: String = rows.iter().map(|r| report::json(r) + "\n").collect();
        if let Err(e) = std::fs::write(path, lines) {
            eprintln!("{}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Mean playout length.
pub fn mean_moves(stats: &PlayoutStats) -> f64 {
    stats.total_moves as f64 / stats.playouts.max(1) as f64
}
