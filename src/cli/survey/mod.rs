//! `ludemic survey`: every `.lud` below a folder through the pipeline —
//! does it expand, lower (else the first unsupported ludeme, with its
//! place), does the code generator take it, and does it replay its Ludii
//! trials — then totals and the unsupported ludemes ranked by how many
//! games each one stops. Each game runs in a child process of its own
//! (`survey --one`), so a panic, a hang (cut after `--timeout`) or a blown
//! stack in one game never stops the survey.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ludemic_compiler::diagnostic::{CompileError, ErrorKind};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::Config;
use ludemic_runtime::trial::{read_trials, replay};
use serde::{Deserialize, Serialize};

use super::{Engine, LibraryArgs};

mod markdown;

#[derive(Args, Debug)]
pub struct SurveyArgs {
    /// The folder to walk (e.g. Ludii's `lud/board`), or with `--one` a file.
    pub dir: PathBuf,
    #[command(flatten)]
    pub library: LibraryArgs,
    /// A folder of Ludii's trials, `<slug>.jsonl[.gz]` with a
    /// `manifest.json` (shared/reference/ludii-library-trials): replay each
    /// game's trials.
    #[arg(long, value_name = "DIR")]
    pub trials: Option<PathBuf>,
    /// The engine that replays the trials (`compiled` builds a native crate
    /// for each game the code generator takes: slow).
    #[arg(long, value_enum, default_value_t = Engine::Interpreter)]
    pub engine: Engine,
    /// Print one JSON object (every game's report and the totals).
    #[arg(long)]
    pub json: bool,
    /// Also write the totals, the rankings and every game's row as the
    /// survey's section of a Markdown document (between its
    /// `<!-- survey:begin -->` and `<!-- survey:end -->`; e.g.
    /// `docs/library.md`), the rest of the document kept.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Seconds of processor time a game may take before it is cut (so a
    /// loaded machine does not cut a game that is merely waiting for a
    /// core); a child also gets ten times that in wall-clock time.
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
    /// Games surveyed at once (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Survey the one file `DIR` in this process and print its report as
    /// JSON (what each child of a survey runs).
    #[arg(long, hide = true)]
    pub one: bool,
}

/// How far a game got, and why it stopped there.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct GameReport {
    /// The file, relative to the surveyed folder.
    pub file: String,
    pub expands: bool,
    /// Lowered to the game model: what `ludemic check` accepts.
    pub lowers: bool,
    /// The code generator takes the model.
    pub generates: bool,
    /// The first error, as `file:line:col: message`.
    pub error: Option<String>,
    /// The message of an unsupported-ludeme error, without its place: what
    /// the ranking counts.
    pub blocker: Option<String>,
    /// Why the code generator does not take a model that lowers.
    pub generator_blocker: Option<String>,
    /// The trials' replay, when a trials folder was given and has the game's.
    pub trials: Option<TrialsReport>,
    /// Ludii flags the game as one of hidden information (the trials'
    /// manifest): out of scope for now, whatever the rest says.
    #[serde(default)]
    pub hidden_information: bool,
    /// Cut after the time limit, or the child died.
    pub cut: Option<String>,
    pub seconds: f64,
}

/// The replay of one game's trials.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TrialsReport {
    pub passed: usize,
    pub failed: usize,
    /// The game has chance (Ludii's flag on its trials): the replay forces
    /// the dice Ludii's actions show, and tries every outcome where they
    /// do not (see `ludemic_runtime::trial::replay`).
    pub stochastic: bool,
    /// Steps of the replayed trials whose chance was forced from Ludii's actions.
    #[serde(default)]
    pub steps_forced: usize,
    /// Steps of the replayed trials whose chance was found by trying every outcome.
    #[serde(default)]
    pub steps_searched: usize,
    pub first_mismatch: Option<String>,
}

impl GameReport {
    fn replays(&self) -> bool {
        self.trials
            .as_ref()
            .is_some_and(|t| t.failed == 0 && t.passed > 0)
    }
}

/// The totals of a survey.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    pub files: usize,
    pub expand: usize,
    pub lower: usize,
    pub generate: usize,
    /// Games whose trials were found and replayed.
    pub with_trials: usize,
    pub replay: usize,
    pub mismatch: usize,
    /// Games with chance among those replayed.
    pub stochastic: usize,
    /// Among those, how many steps had their dice forced from Ludii's
    /// actions, and how many had them found by trying every outcome.
    pub steps_forced: usize,
    pub steps_searched: usize,
    pub cut: usize,
    /// Games Ludii flags as of hidden information (out of scope for now),
    /// and how many of them lower all the same.
    pub hidden_information: usize,
    pub hidden_information_lower: usize,
    /// Unsupported ludemes, each with the number of games it stops first.
    pub blockers: Vec<(String, usize)>,
    /// The same for the code generator, among games that lower.
    pub generator_blockers: Vec<(String, usize)>,
}

pub fn run(args: &SurveyArgs) -> miette::Result<ExitCode> {
    if args.one {
        let report = survey_one(&args.dir, &args.dir, args);
        println!(
            "{}",
            serde_json::to_string(&report).expect("a report is JSON")
        );
        return Ok(ExitCode::SUCCESS);
    }
    let mut files = Vec::new();
    collect(&args.dir, &mut files).map_err(|e| miette::miette!("{}: {e}", args.dir.display()))?;
    if files.is_empty() {
        return Err(miette::miette!(
            "{}: no .lud files below it",
            args.dir.display()
        ));
    }
    files.sort();
    let exe = std::env::current_exe().map_err(|e| miette::miette!("this program's path: {e}"))?;
    let reports = survey_all(&exe, &files, args);
    let totals = totals(&reports);
    if let Some(path) = &args.markdown {
        let places = markdown::Places {
            dir: &args.dir,
            defs: &args.library.defs,
        };
        let section = markdown::section(&reports, &totals, &places, args.trials.is_some());
        ludemic_compiler::markers::write_between(path, markdown::SECTION, &section)
            .map_err(|e| miette::miette!("{}: {e}", path.display()))?;
    }
    if args.json {
        let out = serde_json::json!({ "games": reports, "totals": totals });
        println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
    } else {
        print_table(&reports, &totals, args.trials.is_some());
    }
    Ok(ExitCode::SUCCESS)
}

/// Every `.lud` below `dir`.
fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "lud") {
            out.push(path);
        }
    }
    Ok(())
}

/// Each file in a child process, `jobs` at a time, with a progress bar.
fn survey_all(exe: &Path, files: &[PathBuf], args: &SurveyArgs) -> Vec<GameReport> {
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let bar = if args.json {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(files.len() as u64)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed} {wide_msg}")
            .expect("a progress template"),
    );
    let next = AtomicUsize::new(0);
    let reports: Mutex<Vec<Option<GameReport>>> = Mutex::new(vec![None; files.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = files.get(i) else { break };
                let report = survey_child(exe, file, args);
                bar.set_message(report.file.clone());
                bar.inc(1);
                reports.lock().expect("no panic holds the lock")[i] = Some(report);
            });
        }
    });
    bar.finish_and_clear();
    reports
        .into_inner()
        .expect("no panic holds the lock")
        .into_iter()
        .map(|r| r.expect("every file surveyed"))
        .collect()
}

/// One file surveyed by a child process, cut after the time limit.
fn survey_child(exe: &Path, file: &Path, args: &SurveyArgs) -> GameReport {
    let name = relative(file, &args.dir);
    let mut command = Command::new(exe);
    command.arg("survey").arg("--one").arg(file);
    for dir in &args.library.defs {
        command.arg("--defs").arg(dir);
    }
    if let Some(trials) = &args.trials {
        command.arg("--trials").arg(trials);
    }
    command.arg("--engine").arg(args.engine.name());
    let start = Instant::now();
    let cut = |why: String| GameReport {
        file: name.clone(),
        cut: Some(why),
        seconds: start.elapsed().as_secs_f64(),
        ..GameReport::default()
    };
    let mut child = match command.stdout(Stdio::piped()).stderr(Stdio::null()).spawn() {
        Ok(child) => child,
        Err(e) => return cut(format!("could not start: {e}")),
    };
    // Read the output on a thread, so a child that fills the pipe cannot block.
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let limit = Duration::from_secs(args.timeout);
    let pid = child.id();
    let over = || match cpu_time(pid) {
        Some(cpu) => cpu > limit || start.elapsed() > limit * 10,
        None => start.elapsed() > limit,
    };
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if over() => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    let text = reader.join().unwrap_or_default();
    let Some(status) = status else {
        return cut(format!(
            "over the time limit of {} s of processor time",
            args.timeout
        ));
    };
    // The report is the last line (a native replay prints before it).
    match text
        .lines()
        .last()
        .and_then(|l| serde_json::from_str::<GameReport>(l).ok())
    {
        Some(mut report) => {
            report.file = name;
            report
        }
        None => cut(format!("the survey of this file died ({status})")),
    }
}

/// The processor time (user and system) a running process has used, read
/// from `/proc/<pid>/stat`; `None` where there is no such file (not Linux).
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    cpu_time_of_stat(&stat)
}

/// Fields 14 and 15 of a `/proc/<pid>/stat` line (`utime`, `stime`), in
/// clock ticks of 1/100 s (`USER_HZ`, 100 on every Linux). The command
/// name (field 2) may hold spaces: count fields after its closing `)`.
fn cpu_time_of_stat(stat: &str) -> Option<Duration> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

/// `file` relative to `dir`, with `/` separators.
fn relative(file: &Path, dir: &Path) -> String {
    file.strip_prefix(dir)
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The survey of one file, in this process.
fn survey_one(file: &Path, dir: &Path, args: &SurveyArgs) -> GameReport {
    let start = Instant::now();
    let mut report = GameReport {
        file: relative(file, dir),
        ..GameReport::default()
    };
    let config = Config::default();
    let fail = |report: &mut GameReport, err: CompileError| {
        if err.kind == ErrorKind::Unsupported {
            report.blocker = Some(err.message.clone());
        }
        report.error = Some(err.to_string());
    };
    if let Some(dir) = &args.trials {
        report.hidden_information = manifest_entry(dir, file).is_some_and(|e| e.hidden_information);
    }
    let library = match args.library.library() {
        Ok(library) => library,
        Err(err) => {
            fail(&mut report, err);
            return report;
        }
    };
    let expanded = match ludemic_compiler::expand::expand_file(file, &library, &config.selection())
    {
        Ok(expanded) => expanded,
        Err(err) => {
            fail(&mut report, err);
            return report;
        }
    };
    report.expands = true;
    let model = match ludemic_compiler::lower::lower(&expanded) {
        Ok(model) => model,
        Err(err) => {
            fail(&mut report, err);
            report.seconds = start.elapsed().as_secs_f64();
            return report;
        }
    };
    report.lowers = true;
    report.generator_blocker = ludemic_compiler::analyse::features::blocker(&model);
    if report.generator_blocker.is_none() {
        // The generator also refuses modules too large to build.
        let options = ludemic_compiler::codegen::CodegenOptions::default();
        if let Err(e) = ludemic_compiler::codegen::check(&model, &options) {
            report.generator_blocker = Some(match e.kind {
                ludemic_compiler::ErrorKind::TooLarge => "a module too large to build".to_owned(),
                _ => e.to_string(),
            });
        }
    }
    report.generates = report.generator_blocker.is_none();
    if let Some(trials_dir) = &args.trials {
        if let Some(path) = trials_file(trials_dir, file) {
            report.trials = Some(replay_trials(&path, model, file, args.engine));
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// The trial file of `file` in `dir`: by its manifest (`lud` paths), else
/// by the slug of its path under `board/`.
fn trials_file(dir: &Path, file: &Path) -> Option<PathBuf> {
    let parts: Vec<String> = file
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let slug = if dir.join("manifest.json").is_file() {
        manifest_entry(dir, file)?.slug
    } else {
        let board = parts.iter().rposition(|p| p == "board")?;
        slug(&parts[board + 1..])
    };
    ["jsonl.gz", "jsonl"]
        .iter()
        .map(|ext| dir.join(format!("{slug}.{ext}")))
        .find(|p| p.is_file())
}

#[derive(Deserialize)]
struct ManifestEntry {
    slug: String,
    lud: String,
    #[serde(default)]
    hidden_information: bool,
}

/// The manifest's entry for `file` (matched by its `lud` path), if the
/// trials folder has a manifest listing it.
fn manifest_entry(dir: &Path, file: &Path) -> Option<ManifestEntry> {
    let parts: Vec<String> = file
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let text = std::fs::read_to_string(dir.join("manifest.json")).ok()?;
    let entries = serde_json::from_str::<Vec<ManifestEntry>>(&text).ok()?;
    let mut by_lud: BTreeMap<String, ManifestEntry> =
        entries.into_iter().map(|e| (e.lud.clone(), e)).collect();
    (0..parts.len()).find_map(|k| by_lud.remove(&parts[k..].join("/")))
}

/// The library trials' name for a path under `board/`: each part lower
/// case, other characters than `[a-z0-9-]` as `-`, runs of `-` as one,
/// parts joined by `--`, without `.lud`.
fn slug(parts: &[String]) -> String {
    parts
        .iter()
        .map(|part| {
            let part = part.strip_suffix(".lud").unwrap_or(part).to_lowercase();
            let mapped: String = part
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' {
                        c
                    } else {
                        '-'
                    }
                })
                .collect();
            let mut out = String::new();
            for c in mapped.chars() {
                if !(c == '-' && out.ends_with('-')) {
                    out.push(c);
                }
            }
            out.trim_matches('-').to_owned()
        })
        .collect::<Vec<_>>()
        .join("--")
}

/// Replays the trials of `path` with `engine`.
fn replay_trials(
    path: &Path,
    model: ludemic_compiler::ir::GameModel,
    file: &Path,
    engine: Engine,
) -> TrialsReport {
    let mut report = TrialsReport::default();
    let trials = match read_trials(path) {
        Ok(trials) => trials,
        Err(e) => {
            report.first_mismatch = Some(e.to_string());
            report.failed = 1;
            return report;
        }
    };
    report.stochastic = trials.iter().any(|t| t.stochastic);
    if engine == Engine::Compiled && ludemic_compiler::analyse::features::blocker(&model).is_none()
    {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let passed = super::native::NativeGame::build(&model, file, &text)
            .and_then(|native| native.conform(path))
            .unwrap_or(false);
        if passed {
            report.passed = trials.len();
        } else {
            report.failed = 1;
            report.first_mismatch = Some("the compiled replay failed".to_owned());
        }
        return report;
    }
    let game = Interpreter::new(model);
    for trial in &trials {
        match replay(&game, trial) {
            Ok(done) => {
                report.passed += 1;
                report.steps_forced += done.steps_forced;
                report.steps_searched += done.steps_searched;
            }
            Err(mismatch) => {
                report.failed += 1;
                report
                    .first_mismatch
                    .get_or_insert_with(|| format!("seed {}: {mismatch}", trial.seed));
            }
        }
    }
    report
}

fn totals(reports: &[GameReport]) -> Totals {
    let count = |f: &dyn Fn(&GameReport) -> bool| reports.iter().filter(|r| f(r)).count();
    let rank = |key: &dyn Fn(&GameReport) -> Option<&String>| {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for r in reports {
            if let Some(k) = key(r) {
                *counts.entry(k.as_str()).or_default() += 1;
            }
        }
        let mut ranked: Vec<(String, usize)> =
            counts.into_iter().map(|(k, n)| (k.to_owned(), n)).collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        ranked
    };
    let trials = |f: &dyn Fn(&TrialsReport) -> bool| {
        reports
            .iter()
            .filter(|r| r.trials.as_ref().is_some_and(f))
            .count()
    };
    Totals {
        files: reports.len(),
        expand: count(&|r| r.expands),
        lower: count(&|r| r.lowers),
        generate: count(&|r| r.generates),
        with_trials: trials(&|_| true),
        replay: count(&|r| r.replays()),
        mismatch: trials(&|t| t.failed > 0),
        stochastic: trials(&|t| t.stochastic),
        steps_forced: reports
            .iter()
            .filter_map(|r| r.trials.as_ref())
            .map(|t| t.steps_forced)
            .sum(),
        steps_searched: reports
            .iter()
            .filter_map(|r| r.trials.as_ref())
            .map(|t| t.steps_searched)
            .sum(),
        cut: count(&|r| r.cut.is_some()),
        hidden_information: count(&|r| r.hidden_information),
        hidden_information_lower: count(&|r| r.hidden_information && r.lowers),
        blockers: rank(&|r| r.blocker.as_ref()),
        generator_blockers: rank(&|r| r.generator_blocker.as_ref()),
    }
}

fn print_table(reports: &[GameReport], totals: &Totals, with_trials: bool) {
    println!("{:<64} {:<10} detail", "file", "reached");
    for r in reports {
        let (reached, detail) = if let Some(why) = &r.cut {
            ("cut", why.clone())
        } else if !r.expands {
            ("-", r.error.clone().unwrap_or_default())
        } else if !r.lowers {
            ("expands", r.error.clone().unwrap_or_default())
        } else if let Some(t) = r.trials.as_ref().filter(|t| t.failed > 0) {
            ("MISMATCH", t.first_mismatch.clone().unwrap_or_default())
        } else if r.replays() {
            (
                "replays",
                format!("{} trials", r.trials.as_ref().map_or(0, |t| t.passed)),
            )
        } else if !r.generates {
            (
                "lowers",
                format!(
                    "code generator: {}",
                    r.generator_blocker.clone().unwrap_or_default()
                ),
            )
        } else {
            let why = if with_trials { "no trials found" } else { "" };
            ("generates", why.to_owned())
        };
        let detail = detail.lines().next().unwrap_or_default().to_owned();
        let detail = if r.hidden_information && !r.lowers {
            format!("hidden information, out of scope: {detail}")
        } else {
            detail
        };
        println!("{:<64} {:<10} {detail}", r.file, reached);
    }
    println!();
    println!(
        "{} files: {} expand, {} lower (accepted by `ludemic check`), {} compile (the code generator takes them), {} cut",
        totals.files, totals.expand, totals.lower, totals.generate, totals.cut
    );
    if with_trials {
        println!(
            "trials: {} games replayed, {} with zero mismatches, {} with a mismatch",
            totals.with_trials, totals.replay, totals.mismatch
        );
        println!(
            "chance: {} of them stochastic; dice forced from Ludii's actions at {} steps, found by trying every outcome at {} steps",
            totals.stochastic, totals.steps_forced, totals.steps_searched
        );
        println!(
            "hidden information: {} files (Ludii's flag), out of scope for now; {} of them lower",
            totals.hidden_information, totals.hidden_information_lower
        );
    }
    println!();
    println!("unsupported ludemes, by the number of games each stops first:");
    for (what, n) in totals.blockers.iter().take(40) {
        println!("{n:>6}  {what}");
    }
    if !totals.generator_blockers.is_empty() {
        println!();
        println!("what the code generator refuses, among the games that lower:");
        for (what, n) in totals.generator_blockers.iter().take(20) {
            println!("{n:>6}  {what}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_the_library_trials_names() {
        let parts = |p: &str| p.split('/').map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(
            slug(&parts("space/line/Tic-Tac-Toe.lud")),
            "space--line--tic-tac-toe"
        );
        assert_eq!(
            slug(&parts("race/escape/Pagade Kayi Ata (Sixteen-handed).lud")),
            "race--escape--pagade-kayi-ata-sixteen-handed"
        );
    }

    #[test]
    fn processor_time_is_read_past_a_command_name_with_spaces() {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
        let stat = "4242 (lud emic) R 1 2 3 4 5 6 7 8 9 10 250 31 0 0 20 0 1 0";
        assert_eq!(cpu_time_of_stat(stat), Some(Duration::from_millis(2_810)));
        assert_eq!(cpu_time_of_stat("garbage"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_used_some_processor_time() {
        let spin = (0..5_000_000u64).fold(0u64, |a, b| a.wrapping_mul(31).wrapping_add(b));
        assert_ne!(spin, 1);
        assert!(cpu_time(std::process::id()).is_some());
    }
}
