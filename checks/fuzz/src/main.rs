//! `ludemic-fuzz`: runs the library mutation fuzzer (see the crate docs).
//!
//! ```text
//! cargo run --release -p ludemic-check-fuzz -- --mutants 1000000
//! cargo run --release -p ludemic-check-fuzz -- --show 12345 --seed 0
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use ludemic_check_fuzz::{alloc, check, run, summary, Corpus, Settings};

#[derive(Parser)]
#[command(about = "Mutation fuzzer over Ludii's library")]
struct Args {
    /// Ludii's data: `lud/board/` and `def/`.
    #[arg(long, default_value = "../shared/ludii")]
    ludii: PathBuf,
    #[arg(long, default_value_t = 100_000)]
    mutants: u64,
    /// The index of the first mutant (to re-run part of a long run).
    #[arg(long, default_value_t = 0)]
    first: u64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Seconds one mutant may take before it counts as a hang.
    #[arg(long, default_value_t = 60)]
    time_limit: u64,
    /// MiB of live heap beyond which memory counts as runaway.
    #[arg(long, default_value_t = 4096)]
    memory_limit: usize,
    /// Print mutant I (its file, mutations and text) and check it alone.
    #[arg(long)]
    show: Option<u64>,
}

fn main() {
    let args = Args::parse();
    let corpus = Corpus::load(&args.ludii).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2)
    });
    if let Some(i) = args.show {
        let (path, text, mutations) = corpus.mutant(args.seed, i);
        println!(
            "// mutant {i} (seed {}) of {}: {mutations:?}\n{text}",
            args.seed,
            path.display()
        );
        println!("// outcome: {:?}", check(path, &text, &corpus.library));
        return;
    }
    let memory_limit = args.memory_limit << 20;
    alloc::set_ceiling(memory_limit.saturating_mul(2));
    let settings = Settings {
        seed: args.seed,
        first: args.first,
        mutants: args.mutants,
        threads: args.threads.max(1),
        time_limit: Duration::from_secs(args.time_limit),
        memory_limit,
    };
    eprintln!(
        "{} library files ({} lower unchanged); {} mutants, seed {}, {} threads",
        corpus.files.len(),
        corpus.lowering.len(),
        settings.mutants,
        settings.seed,
        settings.threads
    );
    let progress = |n: u64| {
        eprint!("\r{n} mutants");
        let _ = std::io::stderr().flush();
    };
    let report = run(&corpus, &settings, &progress);
    eprintln!();
    println!("{}", summary(&report));
    if !report.failures.is_empty() {
        std::process::exit(1);
    }
}
