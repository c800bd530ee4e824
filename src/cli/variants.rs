//! `ludemic bench --variants`: each game's optimised playout (add-to-empty,
//! Filter, ...) against Ludii's standard playout in the same engine, next to
//! Ludii's own two figures (the Optimised Playouts comparison).
//!
//! The games are Ludii's own files; by default every game of
//! `shared/reference/ludii-baseline.md` that Ludii plays with a custom
//! playout, loaded with the options that row names.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ludemic_compiler::analyse::{select_playouts, Switches};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::ir::GameModel;
use ludemic_runtime::PlayoutStats;
use serde_json::json;

use super::bench::BenchArgs;
use super::figures::{dash, number, print_aligned, rate, reference_dir, tables, times, Table};
use super::measure::{timed_playouts, Measurement};
use super::native::NativeGame;
use super::playout::standard_switches;
use super::Engine;

/// One game as Ludii's baseline measured it.
#[derive(Clone, Debug, PartialEq)]
struct LudiiRow {
    name: String,
    /// The file, relative to Ludii's `lud/`.
    path: String,
    options: Vec<String>,
    /// Ludii's playouts/s with its default (custom) playout, and with
    /// custom playouts disabled.
    optimised: Option<f64>,
    standard: Option<f64>,
}

/// The rows of the baseline's results table: the game, its path, its
/// options (`A/B; C/D (sites=N)` or `(no options)`), the default playout's
/// rate, and the last column (`5.0 (438.0; ...)`, or words where the
/// standard playout is Ludii's default).
fn ludii_rows(tables: &[Table]) -> Vec<LudiiRow> {
    let mut out = Vec::new();
    for t in tables {
        let (Some(path), Some(options), Some(rate)) = (
            t.column(|h| h.starts_with(".lud path")),
            t.column(|h| h.starts_with("board/options")),
            t.column(|h| h == "playouts/s"),
        ) else {
            continue;
        };
        for row in &t.rows {
            let cell = |c: usize| row.get(c).map(String::as_str).unwrap_or("");
            let options = cell(options);
            let options = options.split(" (sites=").next().unwrap_or("").trim();
            out.push(LudiiRow {
                name: cell(0).to_owned(),
                path: cell(path).trim_matches('`').to_owned(),
                options: if options.is_empty() || options == "(no options)" {
                    Vec::new()
                } else {
                    options.split("; ").map(str::to_owned).collect()
                },
                optimised: number(cell(rate)),
                standard: row.last().and_then(|c| number(c)),
            });
        }
    }
    out
}

/// One engine's two playouts on a game, or why there are none.
enum Pair {
    Measured {
        variant: String,
        optimised: Box<Measurement>,
        standard: Box<Measurement>,
    },
    Missing(String),
}

impl Pair {
    fn speedup(&self) -> Option<f64> {
        match self {
            Pair::Measured {
                optimised,
                standard,
                ..
            } => Some(optimised.per_sec() / standard.per_sec()),
            Pair::Missing(_) => None,
        }
    }

    fn json(&self) -> serde_json::Value {
        match self {
            Pair::Measured {
                variant,
                optimised,
                standard,
            } => json!({
                "variant": variant,
                "optimised_playouts_per_sec": optimised.per_sec(),
                "standard_playouts_per_sec": standard.per_sec(),
                "speedup": self.speedup(),
                "optimised": summary(&optimised.stats),
                "standard": summary(&standard.stats),
            }),
            Pair::Missing(why) => json!({ "missing": why }),
        }
    }
}

/// Length and outcomes of a sample, for the report.
fn summary(stats: &PlayoutStats) -> serde_json::Value {
    let outcomes: serde_json::Map<String, serde_json::Value> = stats
        .outcomes()
        .into_iter()
        .map(|(label, n)| (label, json!(n as f64 / stats.playouts.max(1) as f64)))
        .collect();
    json!({
        "playouts": stats.playouts,
        "mean_moves": stats.mean_moves(),
        "mean_moves_stderr": stats.mean_moves_stderr(),
        "outcomes": outcomes,
    })
}

struct Row {
    ludii: LudiiRow,
    compiled: Pair,
    interpreter: Pair,
}

pub fn run(args: &BenchArgs) -> miette::Result<ExitCode> {
    let reference = reference_dir(args.reference.as_deref());
    let ludii_dir = ludii_dir(&reference);
    // Only the default set of games needs Ludii's figures: named `.lud` files
    // are measured without them.
    let baseline = match std::fs::read_to_string(reference.join("ludii-baseline.md")) {
        Ok(text) => text,
        Err(_) if !args.games.is_empty() => String::new(),
        Err(e) => miette::bail!(
            "--variants reads Ludii's figures from {}: {e}",
            reference.join("ludii-baseline.md").display()
        ),
    };
    let known = ludii_rows(&tables(&baseline));
    let chosen: Vec<LudiiRow> = if args.games.is_empty() {
        known.into_iter().filter(|r| r.standard.is_some()).collect()
    } else {
        args.games
            .iter()
            .map(|g| row_for(&known, g, &reference))
            .collect::<miette::Result<_>>()?
    };
    let mut defines = args.library.clone();
    if defines.defs.is_empty() {
        defines.defs.push(ludii_dir.join("def"));
    }
    let library = defines.library()?;
    let progress = !args.json && std::io::stderr().is_terminal();
    let mut rows = Vec::new();
    for ludii in chosen {
        let file = ludii_dir.join("lud").join(&ludii.path);
        let config = ludemic_compiler::Config {
            def_dirs: Vec::new(),
            options: ludii.options.clone(),
            ruleset: None,
            ai_dirs: Vec::new(),
        };
        let (compiled, interpreter) =
            match ludemic_compiler::load_with_library(&file, &library, &config) {
                Err(e) => {
                    let why = format!("does not lower: {e}");
                    (Pair::Missing(why.clone()), Pair::Missing(why))
                }
                Ok(loaded) => {
                    let model = loaded.model;
                    let wanted = |e: Engine| args.engine.is_none_or(|only| only == e);
                    if progress {
                        eprint!("\r\x1b[K{}: ...", ludii.name);
                    }
                    let interpreter = if wanted(Engine::Interpreter) {
                        interpreted(&model, args)
                    } else {
                        Pair::Missing("not asked".into())
                    };
                    let compiled = if wanted(Engine::Compiled) {
                        compiled(&model, &file, args)?
                    } else {
                        Pair::Missing("not asked".into())
                    };
                    (compiled, interpreter)
                }
            };
        rows.push(Row {
            ludii,
            compiled,
            interpreter,
        });
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    if args.json {
        let report: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                json!({
                    "game": r.ludii.name,
                    "file": r.ludii.path,
                    "options": r.ludii.options,
                    "compiled": r.compiled.json(),
                    "interpreter": r.interpreter.json(),
                    "ludii_optimised_playouts_per_sec": r.ludii.optimised,
                    "ludii_standard_playouts_per_sec": r.ludii.standard,
                    "ludii_speedup": ratio(r.ludii.optimised, r.ludii.standard),
                    "rng": "xoshiro256++",
                    "seed": args.seed,
                    "seconds": args.seconds,
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(report));
    } else {
        print_table(&rows, args);
    }
    Ok(ExitCode::SUCCESS)
}

/// The row a GAME argument names: a game of Ludii's baseline (its name, or
/// its path under `lud/`), else any `.lud` file on disk (a library file or
/// one of `games/`), played with its default options and without Ludii's
/// figures.
fn row_for(known: &[LudiiRow], game: &str, reference: &Path) -> miette::Result<LudiiRow> {
    if let Some(row) = known
        .iter()
        .find(|r| r.name == game || r.path == game || r.path.ends_with(&format!("/{game}")))
    {
        return Ok(row.clone());
    }
    let file = Path::new(game);
    if file.extension().is_some_and(|e| e == "lud") && file.is_file() {
        let file = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
        return Ok(LudiiRow {
            name: file
                .file_stem()
                .map_or_else(|| game.to_owned(), |s| s.to_string_lossy().into_owned()),
            // Absolute, so joining it to Ludii's `lud/` leaves it as it is.
            path: file.to_string_lossy().into_owned(),
            options: Vec::new(),
            optimised: None,
            standard: None,
        });
    }
    Err(miette::miette!(
        help = "name a game of ludii-baseline.md (\"Chess\", \"Hex 9x9\"), its path under lud/, or a .lud file",
        "{game}: not in {} and not a .lud file",
        reference.join("ludii-baseline.md").display()
    ))
}

fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    Some(a? / b.filter(|b| *b > 0.0)?)
}

/// The variants the analysis chose, one per phase (`filter`, `add-to-empty`).
fn variant_names(model: &GameModel) -> String {
    select_playouts(model)
        .iter()
        .map(|c| c.variant.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The interpreter's Filter playout against its standard one (it plays no
/// other variant).
fn interpreted(model: &GameModel, args: &BenchArgs) -> Pair {
    let optimised = Interpreter::new(model.clone());
    if !optimised.filters() {
        return Pair::Missing("the interpreter plays the standard playout only here".into());
    }
    let standard = Interpreter::new(model.clone()).standard_playouts();
    Pair::Measured {
        variant: "filter".into(),
        optimised: Box::new(timed_playouts(&optimised, args.seconds, args.seed)),
        standard: Box::new(timed_playouts(&standard, args.seconds, args.seed)),
    }
}

/// The generated code with the analysis's variants, and with every
/// variant switched off, each built natively (cached).
fn compiled(model: &GameModel, file: &Path, args: &BenchArgs) -> miette::Result<Pair> {
    if let Some(why) = ludemic_compiler::analyse::features::blocker(model) {
        return Ok(Pair::Missing(format!("the code generator refuses {why}")));
    }
    let text = std::fs::read_to_string(file)
        .map_err(|e| miette::miette!("cannot read {}: {e}", file.display()))?;
    let optimised = NativeGame::build_with(model, file, &text, Switches::default())?;
    let standard = NativeGame::build_with(model, file, &text, standard_switches())?;
    let players = model.num_players as usize;
    Ok(Pair::Measured {
        variant: variant_names(model),
        optimised: Box::new(timed_native(&optimised, players, args)?),
        standard: Box::new(timed_native(&standard, players, args)?),
    })
}

/// About `args.seconds` of a native game's playouts: a short run to learn
/// the rate, then one run sized from it.
fn timed_native(
    game: &NativeGame,
    players: usize,
    args: &BenchArgs,
) -> miette::Result<Measurement> {
    let (stats, seconds) = game.playouts(players, 2, args.seed)?;
    let rate = stats.playouts as f64 / seconds.max(1e-9);
    let n = ((rate * args.seconds) as u64).clamp(2, 100_000_000);
    let (stats, seconds) = game.playouts(players, n, args.seed)?;
    Ok(Measurement { stats, seconds })
}

fn print_table(rows: &[Row], args: &BenchArgs) {
    println!(
        "rng: xoshiro256++, seed {}; about {} s of playouts per engine, variant and game; optimised = the variant the analysis chose, standard = every legal move listed each step",
        args.seed, args.seconds
    );
    let header = [
        "game",
        "variant",
        "compiled opt/s",
        "std/s",
        "speedup",
        "interp opt/s",
        "std/s",
        "speedup",
        "Ludii opt/s",
        "std/s",
        "speedup",
        "moves opt/std",
    ];
    let mut lines: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    let mut notes = Vec::new();
    for row in rows {
        let rates = |pair: &Pair| match pair {
            Pair::Measured {
                optimised,
                standard,
                ..
            } => [
                rate(optimised.per_sec()),
                rate(standard.per_sec()),
                times(pair.speedup()),
            ],
            Pair::Missing(_) => [dash(), dash(), dash()],
        };
        let measured = [&row.compiled, &row.interpreter]
            .into_iter()
            .find_map(|p| match p {
                Pair::Measured {
                    variant,
                    optimised,
                    standard,
                } => Some((variant.clone(), optimised, standard)),
                Pair::Missing(_) => None,
            });
        match (&row.compiled, &row.interpreter) {
            (Pair::Missing(a), Pair::Missing(b)) if a == b => {
                notes.push(format!("{}: {a}", row.ludii.name));
            }
            _ => {
                for (engine, pair) in [
                    ("compiled", &row.compiled),
                    ("interpreter", &row.interpreter),
                ] {
                    if let Pair::Missing(why) = pair {
                        if why != "not asked" {
                            notes.push(format!("{} ({engine}): {why}", row.ludii.name));
                        }
                    }
                }
            }
        }
        let mut line = vec![
            row.ludii.name.clone(),
            measured.as_ref().map_or_else(dash, |m| m.0.clone()),
        ];
        line.extend(rates(&row.compiled));
        line.extend(rates(&row.interpreter));
        line.extend([
            row.ludii.optimised.map_or_else(dash, rate),
            row.ludii.standard.map_or_else(dash, rate),
            times(ratio(row.ludii.optimised, row.ludii.standard)),
            measured.map_or_else(dash, |(_, o, s)| {
                format!("{:.1}/{:.1}", o.stats.mean_moves(), s.stats.mean_moves())
            }),
        ]);
        lines.push(line);
    }
    print_aligned(&lines);
    println!(
        "Ludii: shared/reference/ludii-baseline.md (default playout, and custom playouts disabled)"
    );
    for note in notes {
        println!("  {note}");
    }
}

/// Ludii's library (`lud/`, `def/`), beside the reference figures.
fn ludii_dir(reference: &Path) -> PathBuf {
    let dir = reference.join("../ludii");
    dir.canonicalize().unwrap_or(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASELINE: &str = "\
| game | .lud path (under Common/res/lud/) | board/options used | players | playout impl (Ludii default) | playouts/s | mean moves/playout | last |
|---|---|---|---|---|---:|---:|---|
| Connect Four | `board/space/line/Connect Four.lud` | Modelisation/1D (sites=7) | 2 | Standard(model) | 18369.1 | 21.3 | (same: standard is default) |
| Chess | `board/war/replacement/checkmate/chess/Chess.lud` | (no options) (sites=64) | 2 | PlayoutFilter | 61.5 | 424.4 | 5.0 (438.0; 0.059/0.059/0.882) |
| Hex | `board/space/connection/Hex.lud` | Board Size/11x11; Swap Rules/On; End Rules/Standard (sites=121, metaSwap=true) | 2 | PlayoutAddToEmpty | 5229.9 | 107.5 | 1159.2 (107.5; 0.525/0.475/0.0) |
";

    #[test]
    fn a_game_is_a_baseline_row_or_else_a_lud_file() {
        let known = ludii_rows(&tables(BASELINE));
        let reference = Path::new("reference");
        for name in [
            "Chess",
            "chess/Chess.lud",
            "board/war/replacement/checkmate/chess/Chess.lud",
        ] {
            assert_eq!(
                row_for(&known, name, reference).unwrap(),
                known[1],
                "{name}"
            );
        }
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/hex.lud");
        let row = row_for(&known, file.to_str().unwrap(), reference).unwrap();
        assert_eq!(row.name, "hex");
        assert!(Path::new(&row.path).is_absolute() && row.path.ends_with("hex.lud"));
        assert_eq!((row.optimised, row.standard), (None, None));
        assert!(row.options.is_empty());
        let err = row_for(&known, "games/no-such-game.lud", reference).unwrap_err();
        assert!(err.to_string().contains("not a .lud file"), "{err}");
    }

    #[test]
    fn reads_ludii_s_two_playouts_and_the_options() {
        let rows = ludii_rows(&tables(BASELINE));
        assert_eq!(rows.len(), 3);
        assert_eq!(
            rows[0].standard, None,
            "Ludii's default is the standard playout"
        );
        assert_eq!(
            rows[1],
            LudiiRow {
                name: "Chess".into(),
                path: "board/war/replacement/checkmate/chess/Chess.lud".into(),
                options: vec![],
                optimised: Some(61.5),
                standard: Some(5.0),
            }
        );
        assert_eq!(
            rows[2].options,
            ["Board Size/11x11", "Swap Rules/On", "End Rules/Standard"]
        );
        assert_eq!(
            ratio(rows[2].optimised, rows[2].standard).map(|r| (r * 100.0).round()),
            Some(451.0)
        );
    }
}
