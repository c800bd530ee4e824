//! The speed table in Markdown (and JSON): the games one by one, a summary
//! against Ludii, and the custom-against-standard playout speedups of both
//! engines grouped as Table 1 of the Optimised Playouts paper groups them.

use std::fmt::Write as _;
use std::process::Command;

use ludemic_runtime::Timed;

use crate::{mean_moves, Measured};

/// What a command prints, trimmed, or `unknown`.
fn output_of(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The processor's name and the machine's processors, from `/proc/cpuinfo`
/// (the process may be pinned to fewer).
fn machine() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = info
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map_or("an unknown processor", str::trim);
    let processors = info.lines().filter(|l| l.starts_with("processor")).count();
    format!("{cpu}, {processors} processors")
}

fn ratio(a: f64, b: f64) -> Option<f64> {
    (a.is_finite() && b.is_finite() && b > 0.0).then(|| a / b)
}

fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    Some(if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    })
}

fn geometric_mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty())
        .then(|| (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp())
}

/// A rate, with thousands separators and no decimals above 100.
fn rate(v: f64) -> String {
    if v >= 100.0 {
        let digits = format!("{:.0}", v);
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

fn times(v: Option<f64>) -> String {
    match v {
        Some(v) if v >= 100.0 => format!("{v:.0}×"),
        Some(v) if v >= 10.0 => format!("{v:.1}×"),
        Some(v) => format!("{v:.2}×"),
        None => "–".to_owned(),
    }
}

/// Each player's share of wins, then the draws' (no winner).
fn outcomes(t: &Timed) -> String {
    let s = &t.stats;
    let n = s.playouts.max(1) as f64;
    let mut parts: Vec<String> = (1..=s.num_players)
        .map(|p| format!("{:.3}", s.wins[p] as f64 / n))
        .collect();
    parts.push(format!("{:.3}", s.wins[0] as f64 / n));
    parts.join(" / ")
}

/// min / median / mean / max of a group of speedups.
fn spread(values: &[f64]) -> String {
    if values.is_empty() {
        return "–".to_owned();
    }
    let mut sorted = values.to_vec();
    let med = median(&mut sorted).unwrap_or(f64::NAN);
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    format!(
        "{:.2} / {:.2} / {:.2} / {:.2}",
        sorted[0],
        med,
        mean,
        sorted[sorted.len() - 1]
    )
}

pub fn markdown(rows: &[Measured], seconds: f64, seed: u64) -> String {
    let mut out = String::new();
    let w = &mut out;
    writeln!(w, "## The compiled games' speed against Ludii\n").unwrap();
    // Built for x86-64-v3, both playouts run the bit instructions; built for
    // the baseline, a compiled playout may switch to them at run time
    // (`bit_dispatch`) and the standard playout does not.
    let (flags, build) = if cfg!(target_feature = "bmi2") {
        (
            "RUSTFLAGS=\"-C target-cpu=x86-64-v3\" ",
            "release profile for x86-64-v3, so that both playouts use the bit instructions",
        )
    } else {
        ("", "release profile for the x86-64 baseline")
    };
    writeln!(
        w,
        "Measured on {} at commit {} on {}, one thread, \
         `{flags}cargo run --release -p ludemic-check-library --example speed -- --seconds {seconds} \
         --markdown docs/library.md` ({build}; {seconds} s per engine and game, \
         xoshiro256++ seed {seed}). Ludii's figures are its own \
         (`shared/reference/ludii-library-speed`: Ludii 1.3.13, one core of this kind of \
         machine, 3 s per game, its default playout). Short runs: games of a few playouts \
         per second have few samples.\n",
        output_of("date", &["-u", "+%Y-%m-%d"]),
        output_of("git", &["rev-parse", "--short", "HEAD"]),
        machine(),
    )
    .unwrap();

    let vs_ludii: Vec<f64> = rows
        .iter()
        .filter_map(|r| ratio(r.compiled.per_sec(), r.ludii.as_ref()?.per_sec))
        .collect();
    let vs_interp: Vec<f64> = rows
        .iter()
        .filter_map(|r| ratio(r.compiled.per_sec(), r.interpreter.per_sec()))
        .collect();
    let below_30 = vs_ludii.iter().filter(|&&x| x < 30.0).count();
    writeln!(
        w,
        "| over the games | games | min | median | geometric mean | max |"
    )
    .unwrap();
    writeln!(w, "|---|---:|---:|---:|---:|---:|").unwrap();
    for (what, values) in [
        ("compiled ÷ Ludii", &vs_ludii),
        ("compiled ÷ interpreter", &vs_interp),
    ] {
        let mut sorted = values.clone();
        let med = median(&mut sorted);
        writeln!(
            w,
            "| {what} | {} | {} | {} | {} | {} |",
            values.len(),
            times(sorted.first().copied()),
            times(med),
            times(geometric_mean(values)),
            times(sorted.last().copied()),
        )
        .unwrap();
    }
    writeln!(
        w,
        "\n{} of {} games with Ludii's figure run at 30× Ludii or more; {below_30} below.\n",
        vs_ludii.len() - below_30,
        vs_ludii.len()
    )
    .unwrap();

    table_1(w, rows);

    writeln!(w, "### Game by game\n").unwrap();
    writeln!(
        w,
        "*playout*: the compiled game's own; *standard*: the same compiled game listing \
         every legal move and drawing one. Mean lengths in moves; outcomes P1 / P2 / … / \
         draw over the compiled playouts.\n"
    )
    .unwrap();
    writeln!(
        w,
        "| game | playout | compiled/s | standard/s | interpreter/s | Ludii/s | ÷ Ludii | \
         ÷ interpreter | mean moves (Ludii) | outcomes |"
    )
    .unwrap();
    writeln!(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---|").unwrap();
    for r in rows {
        let ludii = r.ludii.as_ref();
        writeln!(
            w,
            "| {} (`{}`) | {} | {} | {} | {} | {} | {} | {} | {:.1} ({}) | {} |",
            r.name,
            r.lud,
            r.variant,
            rate(r.compiled.per_sec()),
            rate(r.standard.per_sec()),
            rate(r.interpreter.per_sec()),
            ludii.map_or("–".to_owned(), |l| rate(l.per_sec)),
            times(ludii.and_then(|l| ratio(r.compiled.per_sec(), l.per_sec))),
            times(ratio(r.compiled.per_sec(), r.interpreter.per_sec())),
            mean_moves(&r.compiled.stats),
            ludii.map_or("–".to_owned(), |l| format!("{:.1}", l.mean_moves)),
            outcomes(&r.compiled),
        )
        .unwrap();
    }
    out
}

/// Table 1 of the Optimised Playouts paper: the speedup of each custom
/// playout over the standard one. Grouped by the playout Ludii picks for the
/// file, then by the compiled game's own.
fn table_1(w: &mut String, rows: &[Measured]) {
    writeln!(w, "### Custom playouts against the standard playout\n").unwrap();
    writeln!(
        w,
        "Table 1 of \"Optimised Playout Implementations for the Ludii General Game System\" \
         over these games: each engine's custom playout ÷ its standard playout, \
         min / median / mean / max. Ludii's from its two figures per file; ludemic's \
         from the compiled playout and the same compiled game's standard playout.\n"
    )
    .unwrap();
    writeln!(
        w,
        "| Ludii's playout | games | Ludii | ludemic, same games |"
    )
    .unwrap();
    writeln!(w, "|---|---:|---|---|").unwrap();
    let mut classes: Vec<&str> = rows
        .iter()
        .filter_map(|r| r.ludii.as_ref())
        .filter(|l| l.standard_per_sec.is_some())
        .map(|l| l.playout.as_str())
        .collect();
    classes.sort_unstable();
    classes.dedup();
    for class in classes {
        let group: Vec<&Measured> = rows
            .iter()
            .filter(|r| {
                r.ludii
                    .as_ref()
                    .is_some_and(|l| l.playout == class && l.standard_per_sec.is_some())
            })
            .collect();
        let ludii: Vec<f64> = group
            .iter()
            .filter_map(|r| {
                let l = r.ludii.as_ref()?;
                ratio(l.per_sec, l.standard_per_sec?)
            })
            .collect();
        let ours: Vec<f64> = group
            .iter()
            .filter_map(|r| ratio(r.compiled.per_sec(), r.standard.per_sec()))
            .collect();
        writeln!(
            w,
            "| {class} | {} | {} | {} |",
            group.len(),
            spread(&ludii),
            spread(&ours)
        )
        .unwrap();
    }
    writeln!(w, "\n| ludemic's playout | games | ludemic |").unwrap();
    writeln!(w, "|---|---:|---|").unwrap();
    let mut variants: Vec<&str> = rows.iter().map(|r| r.variant.as_str()).collect();
    variants.sort_unstable();
    variants.dedup();
    for variant in variants {
        let ours: Vec<f64> = rows
            .iter()
            .filter(|r| r.variant == variant)
            .filter_map(|r| ratio(r.compiled.per_sec(), r.standard.per_sec()))
            .collect();
        writeln!(w, "| {variant} | {} | {} |", ours.len(), spread(&ours)).unwrap();
    }
    writeln!(w).unwrap();
}

/// One game's figures as a JSON object.
pub fn json(r: &Measured) -> String {
    let engine = |t: &Timed| {
        serde_json::json!({
            "playouts_per_sec": t.per_sec(),
            "playouts": t.stats.playouts,
            "mean_moves": mean_moves(&t.stats),
            "wins": &t.stats.wins[..=t.stats.num_players],
        })
    };
    serde_json::json!({
        "lud": r.lud,
        "game": r.name,
        "playout": r.variant,
        "compiled": engine(&r.compiled),
        "standard": engine(&r.standard),
        "interpreter": engine(&r.interpreter),
        "ludii": r.ludii.as_ref().map(|l| serde_json::json!({
            "playout": l.playout,
            "playouts_per_sec": l.per_sec,
            "mean_moves": l.mean_moves,
            "standard_playouts_per_sec": l.standard_per_sec,
        })),
    })
    .to_string()
}
