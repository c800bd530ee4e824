//! A mutation fuzzer over Ludii's library: real `.lud` files, damaged a
//! token at a time ([`mutate`]), run through the whole front end (expand,
//! lower), the code generator, and a few moves of the interpreter. Every
//! mutant must end in a game or in an error that points into the file; a
//! panic, an error without a place, a hang or runaway memory is a failure.
//!
//! Mutant `i` of a run with seed `s` is determined by `(s, i)` alone, so
//! any failure is reproduced with `ludemic-fuzz --show I --seed S`.

pub mod alloc;
pub mod mutate;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ludemic_compiler::codegen::{generate, CodegenOptions, SourceInfo};
use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load_str, Config};
use ludemic_runtime::{Game, MoveBuffer, RngExt, Xoshiro256PlusPlus};

pub use mutate::{mutate, Mutation};

/// Ludii's library, read once: the files to mutate and the defines.
pub struct Corpus {
    pub files: Vec<(PathBuf, String)>,
    pub library: DefineLibrary,
    /// The files ludemic lowers unchanged: half the mutants come from
    /// them, so that damage reaches the lowering, the generator and the
    /// interpreter rather than stopping at the first unsupported ludeme.
    pub lowering: Vec<usize>,
}

impl Corpus {
    /// Every `.lud` below `ludii/lud/board`, in path order, and `ludii/def`.
    pub fn load(ludii: &Path) -> Result<Corpus, String> {
        let mut files = Vec::new();
        let mut dirs = vec![ludii.join("lud/board")];
        while let Some(dir) = dirs.pop() {
            let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|x| x == "lud") {
                    let text = std::fs::read_to_string(&path)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    files.push((path, text));
                }
            }
        }
        files.sort();
        let library = DefineLibrary::load(&[ludii.join("def")]).map_err(|e| e.to_string())?;
        let lowering = (0..files.len())
            .filter(|&i| {
                let (path, text) = &files[i];
                load_str(path, text, &library, &Config::default()).is_ok()
            })
            .collect();
        Ok(Corpus {
            files,
            library,
            lowering,
        })
    }

    /// Mutant `index` of a run seeded `seed`: the file it came from, its
    /// text, and the mutations made.
    pub fn mutant(&self, seed: u64, index: u64) -> (&Path, String, Vec<Mutation>) {
        let mut rng =
            Xoshiro256PlusPlus::from_seed_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let file = if self.lowering.is_empty() || rng.index(2) == 0 {
            rng.index(self.files.len())
        } else {
            self.lowering[rng.index(self.lowering.len())]
        };
        let (path, text) = &self.files[file];
        let (text, mutations) = mutate(text, &mut rng);
        (path, text, mutations)
    }
}

/// How one mutant ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It is still a game the front end accepts (and was played a little).
    Accepted,
    /// A compile error pointing into the file.
    Rejected,
    /// A failure of ludemic's: a panic, or an error without a place.
    Failed(String),
}

/// Moves of the interpreter played on an accepted mutant.
const MOVES_PLAYED: usize = 12;

/// Boards beyond this many sites are lowered, generated and set up but not
/// played:
/// the library's largest is 1,617 (33x49), and a mutant's 100x100 Shogi
/// with every piece in hand has 60,000 drops, each tested for check, at
/// its first move (minutes of interpreter work, finite and not a bug).
const MAX_PLAYED_SITES: usize = 2_500;

/// No further move is begun after this long playing: a mutant's board may
/// be a hundred times the file's (Parsi Chess on 100x100 takes seconds per
/// move), which is slow, not a hang; one move beyond the time limit still is.
const PLAY_BUDGET: Duration = Duration::from_secs(10);

/// Runs one mutant through expansion, lowering, code generation and a
/// few interpreter moves.
pub fn check(path: &Path, text: &str, library: &DefineLibrary) -> Outcome {
    let run = catch_unwind(AssertUnwindSafe(|| {
        let loaded = match load_str(path, text, library, &Config::default()) {
            Ok(loaded) => loaded,
            Err(e) if e.location.is_some() => return Outcome::Rejected,
            Err(e) => return Outcome::Failed(format!("an error without a place: {e}")),
        };
        let source = SourceInfo {
            path: path.display().to_string(),
            text: text.to_string(),
        };
        // The generator refuses what it does not compile; refusing is fine.
        let _ = generate(&loaded.model, &source, &CodegenOptions::default());
        let played = loaded.model.board.num_sites() <= MAX_PLAYED_SITES;
        let game = Interpreter::new(loaded.model);
        let mut state = game.initial_state();
        if !played {
            return Outcome::Accepted;
        }
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(text.len() as u64);
        let mut buffer = MoveBuffer::new();
        let playing = Instant::now();
        for _ in 0..MOVES_PLAYED {
            if game.is_over(&state) || playing.elapsed() > PLAY_BUDGET {
                break;
            }
            game.legal_moves(&state, &mut buffer);
            if buffer.is_empty() {
                break;
            }
            let mv = buffer[rng.index(buffer.len())];
            game.apply(&mut state, mv);
        }
        Outcome::Accepted
    }));
    run.unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".into());
        Outcome::Failed(format!("panic: {message}"))
    })
}

/// A run's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub seed: u64,
    /// The index of the first mutant: a run covers `first..first + mutants`.
    pub first: u64,
    pub mutants: u64,
    pub threads: usize,
    /// A mutant taking longer is a hang.
    pub time_limit: Duration,
    /// Live heap beyond this is runaway memory.
    pub memory_limit: usize,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub seed: u64,
    pub tried: u64,
    pub accepted: u64,
    pub rejected: u64,
    /// `(index, file, message)` of each failure.
    pub failures: Vec<(u64, PathBuf, String)>,
    /// Set when the run was stopped by a hang or runaway memory.
    pub stopped: Option<String>,
    pub seconds: f64,
    /// The slowest mutant and its time, in seconds.
    pub slowest: (u64, f64),
}

/// Runs `settings.mutants` mutants on `settings.threads` threads; a
/// watchdog stops the run at the first hang or memory blow-up and names
/// the mutants in flight. `progress` is called now and then with the
/// number tried.
pub fn run(corpus: &Corpus, settings: &Settings, progress: &(dyn Fn(u64) + Sync)) -> Report {
    // Panics are caught and reported per mutant: keep them off stderr.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let start = Instant::now();
    let next = AtomicU64::new(settings.first);
    let end = settings.first.saturating_add(settings.mutants);
    let (accepted, rejected) = (AtomicU64::new(0), AtomicU64::new(0));
    let failures = Mutex::new(Vec::new());
    let stop = AtomicBool::new(false);
    let stopped: Mutex<Option<String>> = Mutex::new(None);
    // Per thread: the mutant in flight (+1; 0 when idle) and when it began
    // (milliseconds since `start`).
    let in_flight: Arc<Vec<(AtomicU64, AtomicU64)>> = Arc::new(
        (0..settings.threads)
            .map(|_| (AtomicU64::new(0), AtomicU64::new(0)))
            .collect(),
    );
    let done = AtomicUsize::new(0);
    let slowest = Mutex::new((0u64, 0f64));
    std::thread::scope(|scope| {
        for slot in in_flight.iter() {
            let (next, accepted, rejected, failures, stop) =
                (&next, &accepted, &rejected, &failures, &stop);
            let (done, slowest) = (&done, &slowest);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= end || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let (path, text, _) = corpus.mutant(settings.seed, i);
                    slot.1
                        .store(start.elapsed().as_millis() as u64, Ordering::Relaxed);
                    slot.0.store(i + 1, Ordering::Relaxed);
                    let began = Instant::now();
                    let outcome = check(path, &text, &corpus.library);
                    let took = began.elapsed().as_secs_f64();
                    if took > slowest.lock().unwrap().1 {
                        *slowest.lock().unwrap() = (i, took);
                    }
                    match outcome {
                        Outcome::Accepted => accepted.fetch_add(1, Ordering::Relaxed),
                        Outcome::Rejected => rejected.fetch_add(1, Ordering::Relaxed),
                        Outcome::Failed(why) => {
                            failures.lock().unwrap().push((i, path.to_path_buf(), why));
                            0
                        }
                    };
                    slot.0.store(0, Ordering::Relaxed);
                }
                done.fetch_add(1, Ordering::Relaxed);
            });
        }
        // The watchdog.
        let mut last_progress = Instant::now();
        while done.load(Ordering::Relaxed) < settings.threads {
            std::thread::sleep(Duration::from_millis(20));
            let now = start.elapsed().as_millis() as u64;
            let mut why = None;
            for slot in in_flight.iter() {
                let i = slot.0.load(Ordering::Relaxed);
                if i > 0
                    && now.saturating_sub(slot.1.load(Ordering::Relaxed))
                        > settings.time_limit.as_millis() as u64
                {
                    why = Some(format!(
                        "mutant {} took longer than {:?} (a hang)",
                        i - 1,
                        settings.time_limit
                    ));
                }
            }
            let live = alloc::live_bytes();
            if live > settings.memory_limit {
                let busy: Vec<String> = in_flight
                    .iter()
                    .map(|s| s.0.load(Ordering::Relaxed))
                    .filter(|&i| i > 0)
                    .map(|i| (i - 1).to_string())
                    .collect();
                why = Some(format!(
                    "{} MiB live while running mutants {} (runaway memory)",
                    live >> 20,
                    busy.join(", ")
                ));
            }
            if let Some(why) = why {
                *stopped.lock().unwrap() = Some(why);
                stop.store(true, Ordering::Relaxed);
                // A hung thread never returns: leave without it.
                break;
            }
            if last_progress.elapsed() > Duration::from_millis(500) {
                progress(next.load(Ordering::Relaxed).min(end) - settings.first);
                last_progress = Instant::now();
            }
        }
        if stop.load(Ordering::Relaxed) {
            std::panic::set_hook(Box::new(|_| {}));
            let report = Report {
                seed: settings.seed,
                tried: next.load(Ordering::Relaxed).min(end) - settings.first,
                accepted: accepted.load(Ordering::Relaxed),
                rejected: rejected.load(Ordering::Relaxed),
                failures: std::mem::take(&mut *failures.lock().unwrap()),
                stopped: stopped.lock().unwrap().take(),
                seconds: start.elapsed().as_secs_f64(),
                slowest: *slowest.lock().unwrap(),
            };
            on_stop(&report);
        }
    });
    std::panic::set_hook(hook);
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    Report {
        seed: settings.seed,
        tried: settings.mutants,
        accepted: accepted.into_inner(),
        rejected: rejected.into_inner(),
        failures,
        stopped: None,
        seconds: start.elapsed().as_secs_f64(),
        slowest: slowest.into_inner().unwrap(),
    }
}

/// A hang or runaway memory: threads that may never return cannot be
/// joined, so the report is printed and the process ends here.
fn on_stop(report: &Report) -> ! {
    eprintln!("{}", summary(report));
    std::process::exit(3)
}

/// The report as a few lines for people.
pub fn summary(report: &Report) -> String {
    let mut text = format!(
        "{} mutants of seed {} in {:.0} s ({:.0}/s): {} accepted, {} rejected with a placed error, {} failures",
        report.tried,
        report.seed,
        report.seconds,
        report.tried as f64 / report.seconds.max(1e-9),
        report.accepted,
        report.rejected,
        report.failures.len()
    );
    text.push_str(&format!(
        "\nslowest: mutant {} ({:.2} s)",
        report.slowest.0, report.slowest.1
    ));
    if let Some(why) = &report.stopped {
        text.push_str(&format!("\nSTOPPED: {why}"));
    }
    for (i, path, why) in report.failures.iter().take(50) {
        text.push_str(&format!("\n  mutant {i} of {}: {why}", path.display()));
    }
    if report.stopped.is_some() || !report.failures.is_empty() {
        text.push_str(&format!(
            "\nsee one with: cargo run --release -p ludemic-check-fuzz -- --seed {} --show I",
            report.seed
        ));
    }
    text
}
