//! Mutants of Ludii's library end in a game or in an error that points
//! into the file: never a panic, a hang or runaway memory.
//!
//! The quick test runs in CI; the million-mutant run is
//! `cargo test --release -p ludemic-check-fuzz -- --ignored` (or the
//! `ludemic-fuzz` binary, which prints progress).

use std::path::{Path, PathBuf};
use std::time::Duration;

use ludemic_check_fuzz::{alloc, run, summary, Corpus, Settings};

fn ludii() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ludii")
}

fn fuzz(seed: u64, mutants: u64) {
    let dir = ludii();
    if !dir.join("lud/board").is_dir() {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    }
    let corpus = Corpus::load(&dir).unwrap();
    assert!(corpus.files.len() >= 1000, "Ludii's whole board library");
    assert!(corpus.lowering.len() >= 300, "the files ludemic lowers");
    alloc::set_ceiling(16 << 30);
    let settings = Settings {
        seed,
        first: 0,
        mutants,
        threads: 2,
        time_limit: Duration::from_secs(60),
        memory_limit: 8 << 30,
    };
    let report = run(&corpus, &settings, &|_| {});
    eprintln!("{}", summary(&report));
    assert_eq!(report.tried, mutants);
    assert!(report.failures.is_empty(), "{}", summary(&report));
    // The mutants reach past the parser: some are still games.
    assert!(
        report.accepted > 0 && report.rejected > 0,
        "{}",
        summary(&report)
    );
}

#[test]
fn library_mutants_end_in_a_game_or_a_placed_error() {
    // A different slice of mutants each day keeps CI finding new ones.
    let day = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    fuzz(day, 2_000);
}

#[test]
#[ignore = "a million mutants: about an hour on 2 cores"]
fn a_million_library_mutants() {
    fuzz(0, 1_000_000);
}
