//! `ludemic bench`: the JSON report of a short run on one game. Speeds are
//! only checked to be positive: timings depend on the machine.

mod common;

use std::process::{Command, Output};

/// Runs `ludemic ARGS` in the repository.
fn ludemic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludemic"))
        .args(args)
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the ludemic binary runs")
}

#[test]
fn bench_json_reports_both_engines_and_the_references() {
    let out = ludemic(&["bench", "tic-tac-toe", "--seconds", "0.2", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON array");
    let rows = report.as_array().expect("an array");
    assert_eq!(rows.len(), 1);
    let row = &rows[0];

    assert_eq!(row["game"], "Tic-Tac-Toe");
    assert_eq!(row["rng"], "xoshiro256++");
    assert_eq!(row["seed"], 12345);
    assert_eq!(row["seconds"].as_f64(), Some(0.2));
    assert_eq!(row["target"].as_f64(), Some(14_600_000.0));
    assert!(row["target_met"].is_boolean());

    let compiled = row["compiled_playouts_per_sec"].as_f64().unwrap();
    let interpreter = row["interpreter_playouts_per_sec"].as_f64().unwrap();
    assert!(compiled > 0.0 && interpreter > 0.0, "{row}");
    let ratio = row["ratio"].as_f64().unwrap();
    assert!(
        (ratio - compiled / interpreter).abs() <= 1e-9 * ratio,
        "{row}"
    );

    // Random tic-tac-toe lasts 5 to 9 placements on both engines.
    for engine in ["compiled", "interpreter"] {
        let mean = row["mean_moves"][engine].as_f64().unwrap();
        assert!((5.0..=11.0).contains(&mean), "{engine}: {mean}");
    }
    let outcomes = row["outcomes"].as_object().unwrap();
    let total: f64 = ["P1", "P2", "draw"]
        .iter()
        .map(|k| outcomes[*k].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "{outcomes:?}");

    // The reference columns are numbers when shared/reference is there, null otherwise.
    for key in [
        "ludii_playouts_per_sec",
        "rbg_playouts_per_sec",
        "vs_ludii",
        "vs_rbg",
    ] {
        assert!(row.get(key).is_some(), "missing {key}");
    }
    for (file, figure, vs) in [
        ("ludii-baseline.md", "ludii_playouts_per_sec", "vs_ludii"),
        ("rbg-baseline.md", "rbg_playouts_per_sec", "vs_rbg"),
    ] {
        if common::root()
            .join("../shared/reference")
            .join(file)
            .is_file()
        {
            let figure = row[figure].as_f64().unwrap();
            let vs = row[vs].as_f64().unwrap();
            assert!(
                figure > 0.0 && (vs - compiled / figure).abs() <= 1e-9 * vs,
                "{row}"
            );
        } else {
            assert!(row[figure].is_null() && row[vs].is_null(), "{row}");
        }
    }
}

#[test]
fn bench_rejects_an_unknown_game() {
    let out = ludemic(&["bench", "no-such-game", "--seconds", "0.01"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-game"));
}

/// `bench --variants GAME --engine interpreter --json`'s one row.
fn interpreter_variants_row(game: &str, seconds: &str) -> serde_json::Value {
    let out = ludemic(&[
        "bench",
        "--variants",
        game,
        "--engine",
        "interpreter",
        "--seconds",
        seconds,
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON array");
    report.as_array().expect("an array")[0].clone()
}

#[test]
fn bench_variants_compares_the_filter_playout_with_the_standard_one_and_ludii() {
    if common::shared("ludii").is_none() || common::shared("reference").is_none() {
        return;
    }
    let row = interpreter_variants_row("Dara", "0.2");
    assert_eq!(row["game"], "Dara");
    assert_eq!(row["options"], serde_json::json!(["Rules/Basic"]));
    assert_eq!(
        row["ludii_optimised_playouts_per_sec"].as_f64(),
        Some(1224.3)
    );
    assert_eq!(row["ludii_standard_playouts_per_sec"].as_f64(), Some(257.3));
    assert_eq!(row["compiled"]["missing"], "not asked");
    let interp = &row["interpreter"];
    assert_eq!(interp["variant"], "filter");
    let (opt, std) = (
        interp["optimised_playouts_per_sec"].as_f64().unwrap(),
        interp["standard_playouts_per_sec"].as_f64().unwrap(),
    );
    let speedup = interp["speedup"].as_f64().unwrap();
    assert!(opt > 0.0 && std > 0.0 && (speedup - opt / std).abs() <= 1e-9 * speedup);
    // Both playouts play Dara: about 158 moves (Ludii: 158.6), P1 and P2 only.
    for which in ["optimised", "standard"] {
        let mean = interp[which]["mean_moves"].as_f64().unwrap();
        assert!((60.0..400.0).contains(&mean), "{which}: {mean}");
    }
}

#[test]
fn bench_variants_measures_a_library_file_outside_ludii_s_baseline() {
    let Some(ludii) = common::shared("ludii") else {
        return;
    };
    let file = ludii.join("lud/board/space/territory/Atari Go.lud");
    let row = interpreter_variants_row(file.to_str().expect("a UTF-8 path"), "0.1");
    assert_eq!(row["game"], "Atari Go");
    assert!(row["ludii_optimised_playouts_per_sec"].is_null());
    let interp = &row["interpreter"];
    assert_eq!(interp["variant"], "filter");
    assert!(interp["speedup"].as_f64().is_some_and(|s| s > 0.0));
    assert!(interp["optimised"]["mean_moves"]
        .as_f64()
        .is_some_and(|m| m > 0.0));
}

#[test]
fn bench_variants_rejects_a_game_ludii_s_baseline_lacks() {
    if common::shared("reference").is_none() {
        return;
    }
    let out = ludemic(&["bench", "--variants", "No Such Game", "--seconds", "0.01"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("No Such Game"));
}
