//! `ludemic bench`: the compiled engine and the interpreter side by side on the
//! bundled games, against Ludii's and the RBG compiler's published speeds and
//! the project's targets.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::Game;
use serde_json::json;

use super::figures::{dash, number, print_aligned, rate, reference_dir, tables, times, Table};
use super::measure::{timed_playouts_threaded, Measurement};
use super::{Engine, LibraryArgs};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Games: stems of the bundled games (`hex`, `tic-tac-toe`, ...) or paths to
    /// `games/*.lud`. All bundled games when none is given.
    #[arg(value_name = "GAMES")]
    pub games: Vec<String>,
    /// Seconds of playouts for each engine on each game.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Seed of the xoshiro256++ generator (each engine starts from it).
    #[arg(long, default_value_t = 12345)]
    pub seed: u64,
    /// Threads playing playouts for the whole time, each from its own
    /// stream of the seed (the bundled games; not with --variants).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print one JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// The reference measurements (`ludii-baseline.md`, `rbg-baseline.md`)
    /// for the Ludii and RBG columns; by default `../shared/reference`.
    #[arg(long, value_name = "DIR", env = "LUDEMIC_REFERENCE")]
    pub reference: Option<PathBuf>,
    /// Compare each game's optimised playout (add-to-empty, Filter, ...) with
    /// the standard playout in the same engine, next to Ludii's own two
    /// figures. GAMES are then games of `shared/reference/ludii-baseline.md`
    /// (names such as "Chess" or paths under Ludii's `lud/`), played from
    /// Ludii's own files with that table's options, or any `.lud` file
    /// (default options, no Ludii figures); by default every game
    /// Ludii plays with a custom playout. The compiled engine builds each game
    /// natively twice (cached).
    #[arg(long)]
    pub variants: bool,
    /// Only this engine. Without --variants the compiled engine is always
    /// measured, and `--engine compiled` leaves the interpreter out.
    #[arg(long, value_enum)]
    pub engine: Option<Engine>,
    /// With --variants: define libraries [default: Ludii's, beside the repository].
    #[command(flatten)]
    pub library: LibraryArgs,
}

/// What each bundled game is compared with. `ludii` is the game's row in
/// `ludii-baseline.md` (Ludii's default, optimised playout column), `rbg` its
/// row in `rbg-baseline.md` (the generated reasoner, best of the loops given).
///
/// `target` (playouts/s) is the compiled engine's speed goal: 30 times
/// Ludii's, or the hand-written engines' figure where one is known.
#[rustfmt::skip]
const REFERENCES: &[Reference] = &[
    Reference { stem: "tic-tac-toe", ludii: "Tic-Tac-Toe", rbg: Some("ticTacToe"), target: 14_600_000.0 },
    Reference { stem: "squava", ludii: "Squava", rbg: None, target: 2_190_000.0 },
    Reference { stem: "yavalath", ludii: "Yavalath", rbg: Some("yavalath"), target: 3_120_000.0 },
    // Ludii's "Hex" row is 11x11 with swap, like ours; RBG's `hex` is 11x11 without swap.
    Reference { stem: "hex", ludii: "Hex", rbg: Some("hex"), target: 299_000.0 },
    // Our default is "exactly five wins", RBG's `gomoku_standard`.
    Reference { stem: "gomoku", ludii: "Gomoku", rbg: Some("gomoku_standard"), target: 482_000.0 },
    Reference { stem: "havannah", ludii: "Havannah", rbg: None, target: 27_400.0 },
    // RBG's connect6 is non-split too: one counted move places two stones.
    Reference { stem: "connect6", ludii: "Connect6", rbg: Some("connect6"), target: 5_800.0 },
    Reference { stem: "breakthrough", ludii: "Breakthrough", rbg: Some("breakthrough"), target: 649_000.0 },
    // RBG's knightthrough also wins by capturing every enemy knight (ours and Ludii's do not).
    Reference { stem: "knightthrough", ludii: "Knightthrough", rbg: Some("knightthrough"), target: 147_300.0 },
    // RBG's foxAndHounds lets the fox pick its start square first (ours starts on D8).
    Reference { stem: "wolf-and-sheep", ludii: "Wolf and Sheep", rbg: Some("foxAndHounds"), target: 737_000.0 },
    // RBG's amazons counts a queen move and its arrow as one move (ours: two).
    Reference { stem: "amazons", ludii: "Amazons", rbg: Some("amazons"), target: 52_000.0 },
    Reference { stem: "tron", ludii: "Tron", rbg: None, target: 3_560_000.0 },
    Reference { stem: "mu-torere", ludii: "Mu Torere", rbg: None, target: 317_000.0 },
    Reference { stem: "tant-fant", ludii: "Tant Fant", rbg: None, target: 604_000.0 },
    Reference { stem: "alquerque", ludii: "Alquerque", rbg: None, target: 28_700.0 },
    Reference { stem: "lines-of-action", ludii: "Lines of Action", rbg: None, target: 2_630.0 },
    Reference { stem: "feed-the-ducks", ludii: "Feed the Ducks", rbg: None, target: 40_200.0 },
    Reference { stem: "reversi", ludii: "Reversi", rbg: Some("reversi"), target: 46_800.0 },
    Reference { stem: "connect-four", ludii: "Connect Four", rbg: Some("connect4"), target: 2_630_000.0 },
    Reference { stem: "dots-and-boxes", ludii: "Dots and Boxes", rbg: None, target: 28_900.0 },
    // RBG's englishDraughts also draws after 20 moves without a capture or a
    // man's move (Ludii's file and ours have no such rule): its figures, and
    // the hand-written engine's 274,262 the target comes from, are for
    // a shorter game (66.8 moves against 73.5).
    Reference { stem: "english-draughts", ludii: "English Draughts", rbg: Some("englishDraughts"), target: 274_000.0 },
    // Chess: 30 times Ludii's (Filter) playouts/s, above 3 times RBG's. RBG's
    // chess has the 50-move rule too, and no repetition rule either.
    Reference { stem: "chess", ludii: "Chess", rbg: Some("chess"), target: 1_850.0 },
    // No hand-written or RBG figure: 30 times Ludii's (Filter) playouts/s, as for the others without one.
    Reference { stem: "dara", ludii: "Dara", rbg: None, target: 36_700.0 },
    Reference { stem: "pentalath", ludii: "Pentalath", rbg: None, target: 92_000.0 },
    // Ludii's "Go" row is 19x19, like our default; RBG's `go` has no ko rule,
    // area scoring and a 722-turn limit.
    Reference { stem: "go", ludii: "Go", rbg: Some("go"), target: 2_090.0 },
    Reference { stem: "minishogi", ludii: "Minishogi", rbg: None, target: 1_240.0 },
    Reference { stem: "shogi", ludii: "Shogi", rbg: None, target: 70.0 },
    // The custodial, leaping and morris games: 30 times Ludii's (standard) playouts/s. RBG's theMillGame
    // also draws after 20 moves without a mill: no RBG column for the morris.
    Reference { stem: "dai-hasami-shogi", ludii: "Dai Hasami Shogi", rbg: None, target: 1_380.0 },
    Reference { stem: "hexentafl", ludii: "HeXentafl", rbg: None, target: 48_800.0 },
    Reference { stem: "hnefatafl", ludii: "Hnefatafl", rbg: None, target: 3_490.0 },
    Reference { stem: "konane", ludii: "Konane", rbg: None, target: 22_600.0 },
    Reference { stem: "nine-mens-morris", ludii: "Nine Men's Morris", rbg: None, target: 34_900.0 },
    Reference { stem: "halma", ludii: "Halma", rbg: None, target: 370.0 },
    Reference { stem: "chinese-checkers", ludii: "Chinese Checkers", rbg: None, target: 144.0 },
    Reference { stem: "fanorona", ludii: "Fanorona", rbg: None, target: 25_600.0 },
    Reference { stem: "surakarta", ludii: "Surakarta", rbg: None, target: 15_700.0 },
    Reference { stem: "oware", ludii: "Oware", rbg: None, target: 2_230.0 },
    Reference { stem: "royal-game-of-ur", ludii: "Royal Game of Ur", rbg: None, target: 35_500.0 },
    Reference { stem: "senet", ludii: "Senet", rbg: None, target: 10_300.0 },
];

struct Reference {
    stem: &'static str,
    ludii: &'static str,
    rbg: Option<&'static str>,
    target: f64,
}

fn reference(stem: &str) -> Option<&'static Reference> {
    REFERENCES.iter().find(|r| r.stem == stem)
}

/// One game's row.
struct Row {
    stem: String,
    name: String,
    compiled: Measurement,
    /// None with `--engine compiled`.
    interpreter: Option<Measurement>,
    ludii: Option<f64>,
    rbg: Option<RbgFigure>,
    target: Option<f64>,
}

pub fn run(args: &BenchArgs) -> miette::Result<ExitCode> {
    if !(args.seconds.is_finite() && args.seconds > 0.0) {
        miette::bail!(
            "--seconds must be a positive number of seconds, not {}",
            args.seconds
        );
    }
    if args.engine == Some(Engine::Interpreter) {
        miette::bail!(
            help = "--engine compiled leaves the interpreter out; --variants compares either engine alone",
            "bench always measures the compiled engine"
        );
    }
    let stems = resolve_games(&args.games)?;
    let reference_figures = reference_dir(args.reference.as_deref());
    let refs = ReferenceTables::read(&reference_figures);
    if refs.ludii.is_none() && refs.rbg.is_none() {
        eprintln!(
            "no reference figures in {} (give --reference DIR or set LUDEMIC_REFERENCE): the Ludii and RBG columns are empty",
            reference_figures.display()
        );
    }
    let library = args.library.library()?;
    let progress = !args.json && std::io::stderr().is_terminal();

    let mut rows = Vec::new();
    for stem in &stems {
        let (file, options) = ludemic_generated::selection(stem, &[]).expect("a bundled stem");
        let path = Path::new("games").join(format!("{file}.lud"));
        let text = ludemic_generated::source_text(file).expect("an embedded source");
        let config = ludemic_compiler::Config {
            options: options.clone(),
            ..Default::default()
        };
        let loaded = ludemic_compiler::load_str(&path, text, &library, &config)?;
        let interpreter = Interpreter::new(loaded.model);
        // A variant is named with its options: Halma and Halma 6×6 are two rows.
        let name = match options.as_slice() {
            [] => interpreter.name().to_owned(),
            _ => format!("{} ({})", interpreter.name(), options.join("; ")),
        };

        if progress {
            eprint!("\r\x1b[K{name}: compiled...");
        }
        let compiled = ludemic_generated::visit(
            stem,
            Timed {
                seconds: args.seconds,
                seed: args.seed,
                threads: args.threads,
            },
        )
        .expect("a bundled game")?;
        let interpreted = if args.engine == Some(Engine::Compiled) {
            None
        } else {
            if progress {
                eprint!("\r\x1b[K{name}: interpreter...");
            }
            Some(timed_playouts_threaded(
                &interpreter,
                args.seconds,
                args.seed,
                args.threads,
            )?)
        };
        let reference = reference(stem);
        rows.push(Row {
            stem: stem.clone(),
            ludii: reference.and_then(|r| refs.ludii(r.ludii)),
            rbg: reference.and_then(|r| r.rbg).and_then(|row| refs.rbg(row)),
            target: reference.map(|r| r.target),
            name,
            compiled,
            interpreter: interpreted,
        });
    }
    if progress {
        eprint!("\r\x1b[K");
    }

    if args.json {
        let report: Vec<serde_json::Value> = rows.iter().map(|row| row_json(row, args)).collect();
        println!("{}", serde_json::Value::Array(report));
    } else {
        print_table(&rows, args, &refs);
    }
    Ok(ExitCode::SUCCESS)
}

/// The bundled stems named by `games` (stems or paths), or all of them.
fn resolve_games(games: &[String]) -> miette::Result<Vec<String>> {
    if games.is_empty() {
        return Ok(ludemic_generated::GAMES
            .iter()
            .map(|s| s.to_string())
            .collect());
    }
    games
        .iter()
        .map(|arg| {
            if ludemic_generated::source(arg).is_some() {
                return Ok(arg.clone());
            }
            let path = Path::new(arg);
            if !path.exists() {
                miette::bail!(
                    help = format!(
                        "name a bundled game ({}) or a file of games/",
                        ludemic_generated::GAMES.join(", ")
                    ),
                    "{arg}: neither a bundled game nor a file"
                );
            }
            // With no options chosen, the file's defaults are the options.
            let text = std::fs::read_to_string(path)
                .map_err(|e| miette::miette!("cannot read {arg}: {e}"))?;
            super::bundled_stem(path, &text, &[]).ok_or_else(|| {
                miette::miette!(
                    help = format!(
                        "bench compares the compiled engine, which runs the games of games/ ({})",
                        ludemic_generated::GAMES.join(", ")
                    ),
                    "{}: no compiled code is bundled for this game",
                    path.display()
                )
            })
        })
        .collect()
}

/// Times playouts of whichever compiled game the visitor is given.
struct Timed {
    seconds: f64,
    seed: u64,
    threads: usize,
}

impl ludemic_generated::Visitor for Timed {
    type Output = miette::Result<Measurement>;
    fn visit<G: Game + Sync>(self, game: &G) -> Self::Output {
        timed_playouts_threaded(game, self.seconds, self.seed, self.threads)
    }
}

fn ratio(a: f64, b: Option<f64>) -> Option<f64> {
    b.filter(|b| *b > 0.0).map(|b| a / b)
}

fn row_json(row: &Row, args: &BenchArgs) -> serde_json::Value {
    let compiled = row.compiled.per_sec();
    let interpreter = row.interpreter.as_ref().map(Measurement::per_sec);
    let stats = &row.compiled.stats;
    let outcomes: serde_json::Map<String, serde_json::Value> = stats
        .outcomes()
        .into_iter()
        .map(|(label, n)| (label, json!(n as f64 / stats.playouts.max(1) as f64)))
        .collect();
    let rbg = row.rbg.as_ref().map(|r| r.playouts_per_sec);
    json!({
        "game": row.name,
        "stem": row.stem,
        "compiled_playouts_per_sec": compiled,
        "interpreter_playouts_per_sec": interpreter,
        "ratio": ratio(compiled, interpreter),
        "playouts": { "compiled": row.compiled.stats.playouts, "interpreter": row.interpreter.as_ref().map(|m| m.stats.playouts) },
        "elapsed_seconds": { "compiled": row.compiled.seconds, "interpreter": row.interpreter.as_ref().map(|m| m.seconds) },
        "mean_moves": { "compiled": stats.mean_moves(), "interpreter": row.interpreter.as_ref().map(|m| m.stats.mean_moves()) },
        "outcomes": outcomes,
        "ludii_playouts_per_sec": row.ludii,
        "rbg_playouts_per_sec": rbg,
        "rbg_loop": row.rbg.as_ref().map(|r| r.column.clone()),
        "vs_ludii": ratio(compiled, row.ludii),
        "vs_rbg": ratio(compiled, rbg),
        "target": row.target,
        "target_met": row.target.map(|t| compiled >= t),
        "rng": "xoshiro256++",
        "seed": args.seed,
        "threads": args.threads,
        "seconds": args.seconds,
    })
}

fn print_table(rows: &[Row], args: &BenchArgs, refs: &ReferenceTables) {
    println!(
        "rng: xoshiro256++, seed {}; about {} s of playouts per engine per game, from the initial state{}",
        args.seed,
        args.seconds,
        if args.threads > 1 {
            format!("; {} threads (one stream each)", args.threads)
        } else {
            String::new()
        }
    );
    let header = [
        "game",
        "compiled/s",
        "interp/s",
        "ratio",
        "moves c/i",
        "P1/P2/draw",
        "Ludii/s",
        "×Ludii",
        "RBG/s",
        "×RBG",
        "target/s",
        "met",
    ];
    let mut lines: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for row in rows {
        let compiled = row.compiled.per_sec();
        let stats = &row.compiled.stats;
        let freqs: Vec<String> = (1..=stats.num_players)
            .chain([0])
            .map(|p| format!("{:.3}", stats.frequency(p)))
            .collect();
        let rbg = row.rbg.as_ref().map(|r| r.playouts_per_sec);
        lines.push(vec![
            row.name.clone(),
            rate(compiled),
            row.interpreter
                .as_ref()
                .map_or_else(dash, |m| rate(m.per_sec())),
            times(ratio(
                compiled,
                row.interpreter.as_ref().map(Measurement::per_sec),
            )),
            format!(
                "{:.1}/{}",
                stats.mean_moves(),
                row.interpreter
                    .as_ref()
                    .map_or_else(dash, |m| format!("{:.1}", m.stats.mean_moves()))
            ),
            freqs.join("/"),
            row.ludii.map_or_else(dash, rate),
            times(ratio(compiled, row.ludii)),
            rbg.map_or_else(dash, rate),
            times(ratio(compiled, rbg)),
            row.target.map_or_else(dash, rate),
            row.target.map_or_else(dash, |t| {
                if compiled >= t {
                    "yes".into()
                } else {
                    "no".into()
                }
            }),
        ]);
    }
    print_aligned(&lines);
    println!(
        "Ludii: default (optimised) playouts, {}; RBG: rbg2cpp's best loop, {}; ×: our compiled speed over theirs",
        refs.ludii_source(),
        refs.rbg_source()
    );
}

// ---------------------------------------------------------------------------
// Reference figures, read from the markdown tables of shared/reference.

/// RBG's best figure for a game and the column it came from.
#[derive(Clone, Debug, PartialEq)]
struct RbgFigure {
    playouts_per_sec: f64,
    column: String,
}

/// The tables of `ludii-baseline.md` and `rbg-baseline.md`, when present.
struct ReferenceTables {
    ludii: Option<Vec<Table>>,
    rbg: Option<Vec<Table>>,
}

impl ReferenceTables {
    fn read(dir: &Path) -> Self {
        let tables = |file: &str| {
            std::fs::read_to_string(dir.join(file))
                .ok()
                .map(|text| tables(&text))
        };
        ReferenceTables {
            ludii: tables("ludii-baseline.md"),
            rbg: tables("rbg-baseline.md"),
        }
    }

    fn ludii_source(&self) -> &'static str {
        if self.ludii.is_some() {
            "shared/reference/ludii-baseline.md"
        } else {
            "absent"
        }
    }

    fn rbg_source(&self) -> &'static str {
        if self.rbg.is_some() {
            "shared/reference/rbg-baseline.md"
        } else {
            "absent"
        }
    }

    /// Ludii's default-playout playouts/s for the row named `game`.
    fn ludii(&self, game: &str) -> Option<f64> {
        ludii_figure(self.ludii.as_deref()?, game)
    }

    /// The best playouts/s the RBG compiler's reasoner reaches on `game`.
    fn rbg(&self, game: &str) -> Option<RbgFigure> {
        rbg_figure(self.rbg.as_deref()?, game)
    }
}

/// The results table of the Ludii baseline has a column headed exactly
/// `playouts/s` (the default playout); the last column, with custom playouts
/// disabled, only contains the words.
fn ludii_figure(tables: &[Table], game: &str) -> Option<f64> {
    tables.iter().find_map(|t| {
        let column = t.column(|h| h == "playouts/s")?;
        let row = t.row(game)?;
        number(row.get(column)?)
    })
}

/// In the RBG baseline, the generated reasoner's loops are the columns whose
/// heading mentions playouts/s, but not the hand-written game-specific reasoners.
fn rbg_figure(tables: &[Table], game: &str) -> Option<RbgFigure> {
    tables.iter().find_map(|t| {
        let row = t.row(game)?;
        t.header
            .iter()
            .enumerate()
            .filter(|(_, h)| h.contains("playouts/s") && !h.contains("game-specific"))
            .filter_map(|(c, h)| {
                let figure = number(row.get(c)?)?;
                let loop_name = if h.contains("monotonic") {
                    "monotonic-move loop"
                } else {
                    "plain loop"
                };
                Some(RbgFigure {
                    playouts_per_sec: figure,
                    column: loop_name.to_owned(),
                })
            })
            .max_by(|a, b| a.playouts_per_sec.total_cmp(&b.playouts_per_sec))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LUDII: &str = "\
| game | path | playouts/s | mean moves | standard playout: playouts/s (mean moves) |
|---|---|---:|---:|---|
| Hex | `Hex.lud` | 5229.9 | 107.5 | 1159.2 (107.5) |
| Hex 9x9 | `Hex.lud` | 7209.4 | 71.0 | 2710.8 (71.0) |
";

    const RBG: &str = "\
| game | depth |
|---|---|
| hex | 1 / 2 |

| game | file | playouts/s, median of 5 x 10 s [min-max] | mean moves | monotonic-move loop, playouts/s median [range] | game-specific reasoner playouts/s median [range] |
|---|---|---|---|---|---|
| hex | games/hex.rbg | 14,615 [14,475-15,683] | 107.5 | 42,468 [39,954-44,729] | - |
| connect4 | games/connect4.rbg | 590,740 [551,303-631,052] | 21.3 | 875,950 [1-2] | 2,449,075 [2-3] (plain loop) |
| breakthrough | games/breakthrough.rbg | 30,070 [28,492-33,419] | 64.1 | - | 119,582 [1-2] |
";

    #[test]
    fn reads_ludii_default_playout_column() {
        let t = tables(LUDII);
        assert_eq!(ludii_figure(&t, "Hex"), Some(5229.9));
        assert_eq!(ludii_figure(&t, "Hex 9x9"), Some(7209.4));
        assert_eq!(ludii_figure(&t, "Go"), None);
    }

    #[test]
    fn reads_rbg_best_generated_loop() {
        let t = tables(RBG);
        assert_eq!(t.len(), 2);
        let hex = rbg_figure(&t, "hex").unwrap();
        assert_eq!(hex.playouts_per_sec, 42_468.0);
        assert_eq!(hex.column, "monotonic-move loop");
        // The hand-written reasoner is not the compiler's figure.
        assert_eq!(
            rbg_figure(&t, "connect4").unwrap().playouts_per_sec,
            875_950.0
        );
        let bt = rbg_figure(&t, "breakthrough").unwrap();
        assert_eq!(
            (bt.playouts_per_sec, bt.column.as_str()),
            (30_070.0, "plain loop")
        );
    }

    #[test]
    fn formats_rates() {
        assert_eq!(rate(14_600_000.0), "14,600,000");
        assert_eq!(rate(299_000.4), "299,000");
        assert_eq!(rate(5.68), "5.7");
        assert_eq!(times(None), "–");
    }

    #[test]
    fn every_bundled_game_has_a_reference_row() {
        for stem in ludemic_generated::GAMES {
            assert!(reference(stem).is_some(), "{stem}");
        }
    }
}
