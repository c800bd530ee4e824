//! The `ludemic` command line end to end: outputs, exit codes, error locations.

mod common;
#[path = "cli/installed.rs"]
mod installed;

use std::process::{Command, Output};

fn ludemic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludemic"))
        .args(args)
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the ludemic binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Writes `contents` to a fresh `.lud` file in a temporary directory.
fn lud_file(dir: &tempfile::TempDir, contents: &str) -> String {
    let path = dir.path().join("game.lud");
    std::fs::write(&path, contents).unwrap();
    path.display().to_string()
}

#[test]
fn playout_json_reports_speed_length_and_outcomes() {
    let out = ludemic(&[
        "playout",
        "games/tic-tac-toe.lud",
        "--engine",
        "interpreter",
        "-n",
        "300",
        "--seed",
        "9",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(report["game"], "Tic-Tac-Toe");
    assert_eq!(report["engine"], "interpreter");
    assert_eq!(report["rng"], "xoshiro256++");
    assert_eq!(report["seed"], 9);
    assert_eq!(report["playouts"], 300);
    assert!(report["seconds"].as_f64().unwrap() > 0.0);
    assert!(report["playouts_per_sec"].as_f64().unwrap() > 0.0);
    let mean = report["mean_moves"].as_f64().unwrap();
    assert!((5.0..=11.0).contains(&mean), "{mean}");
    let outcomes = report["outcomes"].as_object().unwrap();
    let total: u64 = ["P1", "P2", "draw"]
        .iter()
        .map(|k| outcomes[*k].as_u64().unwrap())
        .sum();
    assert_eq!(total, 300);
}

#[test]
fn playout_with_the_same_seed_gives_the_same_statistics() {
    let run = || {
        let out = ludemic(&[
            "playout",
            "games/squava.lud",
            "-n",
            "200",
            "--seed",
            "3",
            "--json",
        ]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (v["mean_moves"].clone(), v["outcomes"].clone())
    };
    assert_eq!(run(), run());
}

#[test]
fn check_summarises_players_board_phases_and_playout() {
    let out = ludemic(&["check", "games/connect6.lud"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for expected in [
        "players:  2",
        "361 sites",
        "\"Opening\"",
        "add-to-empty",
        "standard",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
}

#[test]
fn check_names_the_playout_of_moving_games() {
    for (game, playout) in [
        ("games/breakthrough.lud", "playout: target-sets"),
        // Amazons' slides depend on the blockers along each line: no target
        // sets, but bitboard reaches to count.
        ("games/amazons.lud", "playout: counted"),
        // Forced captures, else steps (a priority of target sets), and the
        // rest of a capture chain from the last site: counted too.
        ("games/english-draughts.lud", "playout: counted"),
        // One disc per column, a line of four by level: each player's cells
        // as one word.
        ("games/connect-four.lud", "playout: stacked-lines"),
        // A disc may go where it flanks a line: those sites found at once.
        ("games/reversi.lud", "by occluded fills"),
        // Lines of Action's slides go exactly as far as the line holds pieces.
        ("games/lines-of-action.lud", "playout: standard"),
    ] {
        let out = ludemic(&["check", game]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains(playout),
            "{game}: {}",
            text(&out.stdout)
        );
    }
}

#[test]
fn check_names_the_filter_playout_and_playout_can_switch_it_off() {
    let dir = tempfile::tempdir().unwrap();
    let file = lud_file(
        &dir,
        "(game \"No Three\" (players 2)\n  (equipment { (board (square 4)) (piece \"Disc\" Each) })\n  (rules (play (do (move Add (to (sites Empty))) ifAfterwards:(not (is Line 3))))\n    (end (if (is Line 5) (result Mover Win)))))\n",
    );
    let out = ludemic(&["check", &file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("playout: filter — the play rule is (do A ifAfterwards:C)"),
        "{stdout}"
    );
    let filter = ludemic(&["playout", &file, "-n", "300", "--json"]);
    let standard = ludemic(&[
        "playout",
        &file,
        "-n",
        "300",
        "--json",
        "--standard-playout",
    ]);
    let (filter, standard) = (statistics(&filter.stdout), statistics(&standard.stdout));
    assert_eq!(filter["playout_variant"], serde_json::json!(["filter"]));
    assert_eq!(standard["playout_variant"], serde_json::json!(["standard"]));
    // No line of three on 4x4 ends every game in a draw once the board
    // allows no more placements.
    for stats in [&filter, &standard] {
        assert_eq!(stats["outcomes"]["draw"], serde_json::json!(300), "{stats}");
    }
    // Compiled: built natively with the playout variants off.
    let compiled = ludemic(&[
        "playout",
        &file,
        "-n",
        "300",
        "--json",
        "--engine",
        "compiled",
        "--standard-playout",
    ]);
    assert!(compiled.status.success(), "{}", text(&compiled.stderr));
    let compiled = statistics(&compiled.stdout);
    assert_eq!(compiled["playout_variant"], serde_json::json!(["standard"]));
    assert_eq!(
        compiled["outcomes"]["draw"],
        serde_json::json!(300),
        "{compiled}"
    );
}

#[test]
fn expand_prints_the_expanded_game_with_options_resolved() {
    let out = ludemic(&["expand", "games/hex.lud", "--option", "Board Size/9x9"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Board Size/9x9"), "{stdout}");
    assert!(stdout.contains("9"), "{stdout}");
    assert!(!stdout.contains('<'), "no option marker left:\n{stdout}");
}

#[test]
fn unsupported_ludeme_is_an_error_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let file = lud_file(
        &dir,
        "(game \"X\" (players 2)\n  (equipment { (board (square 3)) (piece \"Disc\" Each) })\n  (rules (play (move Frobnicate (to (sites Empty))))\n    (end (if (is Line 3) (result Mover Win)))))\n",
    );
    let out = ludemic(&["check", &file]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("move Frobnicate"), "{stderr}");
    assert!(stderr.contains("game.lud:3:16"), "{stderr}");
}

#[test]
fn malformed_file_is_a_syntax_error_with_a_location() {
    let dir = tempfile::tempdir().unwrap();
    let file = lud_file(
        &dir,
        "(game \"X\" (players 2)\n  (equipment { (board (square 3) })\n",
    );
    let out = ludemic(&["playout", &file, "-n", "1"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("game.lud:"), "{stderr}");
}

#[test]
fn unknown_option_and_missing_file_fail_cleanly() {
    let out = ludemic(&["playout", "games/hex.lud", "--option", "Board Size/99x99"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("99x99"), "{}", text(&out.stderr));

    let out = ludemic(&["check", "games/no-such-game.lud"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("no-such-game.lud"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn conform_replays_ludii_trials_and_prints_a_summary() {
    let Some(trials) = common::shared("reference/ludii-trials") else {
        return;
    };
    let file = trials.join("tic-tac-toe.jsonl");
    let out = ludemic(&[
        "conform",
        "games/tic-tac-toe.lud",
        "--trials",
        &file.display().to_string(),
    ]);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stdout)
        .lines()
        .any(|l| l == "20 passed, 0 failed"));
}

#[test]
fn conform_exits_non_zero_on_a_mismatch() {
    let Some(trials) = common::shared("reference/ludii-trials") else {
        return;
    };
    // Squava's trials replayed on Tic-Tac-Toe must not pass.
    let file = trials.join("squava.jsonl");
    let out = ludemic(&[
        "conform",
        "games/tic-tac-toe.lud",
        "--trials",
        &file.display().to_string(),
    ]);
    assert!(!out.status.success());
    assert!(text(&out.stdout).contains("MISMATCH"));
}

/// The statistics of a `playout --json` report, without its timings.
fn statistics(stdout: &[u8]) -> serde_json::Value {
    let mut report: serde_json::Value = serde_json::from_slice(stdout).unwrap();
    let fields = report.as_object_mut().unwrap();
    for timing in ["seconds", "playouts_per_sec", "moves_per_sec"] {
        assert!(fields.remove(timing).is_some(), "{timing}");
    }
    report
}

/// One native build serves three checks: a build killed half-way leaves no
/// binary that later runs trust; two runs at once of the same new file both
/// build-or-wait and succeed alike; a later run reuses the cache.
#[cfg(unix)]
#[test]
fn compiled_engine_builds_and_caches_games_that_are_not_bundled() {
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    let dir = tempfile::tempdir().unwrap();
    let file = lud_file(
        &dir,
        "(game \"Four\" (players 2) (equipment { (board (square 4)) (piece \"Disc\" Each) })\n  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 4) (result Mover Win)))))\n",
    );
    let cache = dir.path().join("cache");
    let run = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ludemic"));
        command
            .args([
                "playout", &file, "-n", "500", "--seed", "4", "--engine", "compiled", "--json",
            ])
            .env("LUDEMIC_CACHE", &cache)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    };
    // The entry's files (but the lock), and whether one is the game's binary.
    let entry = || -> Vec<String> {
        let crates = std::fs::read_dir(cache.join("crates")).unwrap();
        let dirs: Vec<_> = crates.map(|e| e.unwrap().path()).collect();
        assert_eq!(dirs.len(), 1, "one cache entry: {dirs:?}");
        let mut names: Vec<String> = std::fs::read_dir(&dirs[0])
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != ".lock")
            .collect();
        names.sort();
        names
    };

    // A build killed half-way, with its cargo and rustc, as by Ctrl-C.
    let mut killed = run().process_group(0).spawn().unwrap();
    let deps = cache.join("target/release/deps");
    let start = Instant::now();
    while !deps.is_dir() && start.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_secs(2));
    if killed.try_wait().unwrap().is_none() {
        let group = format!("-{}", killed.id());
        let kill = Command::new("kill")
            .args(["-s", "KILL", "--", &group])
            .status();
        assert!(kill.unwrap().success());
        killed.wait().unwrap();
        let names = entry();
        assert!(
            !names.iter().any(|n| n.starts_with("ludemic-native-")),
            "no binary for later runs to trust: {names:?}"
        );
        // What a linker killed mid-write leaves where cargo puts the binary.
        let crates = std::fs::read_dir(cache.join("crates")).unwrap();
        let hash = crates.map(|e| e.unwrap().file_name()).next().unwrap();
        let release = cache.join("target/release");
        std::fs::create_dir_all(&release).unwrap();
        let name = format!("ludemic-native-{}", hash.to_string_lossy());
        std::fs::write(release.join(name), "half a binary").unwrap();
    } else {
        eprintln!("the native build finished before it could be killed");
    }

    // Two runs at once: one builds while the other waits, or finds it built.
    let (first, second) = (run().spawn().unwrap(), run().spawn().unwrap());
    let (first, second) = (
        first.wait_with_output().unwrap(),
        second.wait_with_output().unwrap(),
    );
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(second.status.success(), "{}", text(&second.stderr));
    let report = statistics(&first.stdout);
    assert_eq!(statistics(&second.stdout), report);
    assert_eq!(report["engine"], "compiled");
    assert_eq!(report["playouts"], 500);
    let mean = report["mean_moves"].as_f64().unwrap();
    assert!((7.0..=18.0).contains(&mean), "{mean}");

    // A later run reuses the cached build and gives the same statistics;
    // nothing half-written is left.
    let third = run().output().unwrap();
    assert!(third.status.success(), "{}", text(&third.stderr));
    assert!(
        !text(&third.stderr).contains("compiling"),
        "{}",
        text(&third.stderr)
    );
    assert_eq!(statistics(&third.stdout), report);
    let names = entry();
    assert!(names.iter().all(|n| !n.ends_with(".partial")), "{names:?}");
    assert!(
        names.iter().any(|n| n.starts_with("ludemic-native-")),
        "{names:?}"
    );
}

#[test]
fn playout_runs_bundled_games_compiled_by_name_by_default() {
    let out = ludemic(&["playout", "tic-tac-toe", "-n", "1000", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["engine"], "compiled");
    assert_eq!(report["playout_variant"][0], "add-to-empty");
    assert_eq!(report["playouts"], 1000);
    let mean = report["mean_moves"].as_f64().unwrap();
    assert!((7.0..=9.0).contains(&mean), "{mean}");
}

#[test]
fn options_other_than_the_defaults_run_bundled_games_interpreted() {
    // The bundled Hex module is 11x11: a 9x9 board must not run it.
    let report = |args: &[&str]| -> serde_json::Value {
        let out = ludemic(args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let small = report(&[
        "playout",
        "hex",
        "-n",
        "50",
        "--option",
        "Board Size/9x9",
        "--json",
    ]);
    assert_eq!(small["engine"], "interpreter");
    assert!(small["max_moves"].as_u64().unwrap() <= 81, "{small}");
    let default = report(&[
        "playout",
        "hex",
        "-n",
        "50",
        "--option",
        "Board Size/11x11",
        "--json",
    ]);
    assert_eq!(default["engine"], "compiled");
}

#[test]
fn survey_reports_every_file_and_carries_on_past_broken_ones() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::copy(
        common::root().join("games/tic-tac-toe.lud"),
        games.join("Tic-Tac-Toe.lud"),
    )
    .unwrap();
    std::fs::write(games.join("Broken.lud"), "(game \"B\" (players 2").unwrap();
    std::fs::write(
        games.join("Mapped.lud"),
        "(game \"M\" (players 2) (equipment { (board (square 3)) (piece \"Disc\" Each) (deck) })\n\
         (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))",
    )
    .unwrap();
    let out = ludemic(&["survey", &games.display().to_string(), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let totals = &report["totals"];
    assert_eq!(totals["files"], 3);
    assert_eq!(totals["expand"], 2);
    assert_eq!(totals["lower"], 1);
    assert_eq!(totals["generate"], 1);
    assert_eq!(
        totals["blockers"][0][0],
        "unsupported equipment `(deck ...)`"
    );
    let games = report["games"].as_array().unwrap();
    let broken = games.iter().find(|g| g["file"] == "Broken.lud").unwrap();
    assert!(
        broken["error"].as_str().unwrap().contains("Broken.lud:1:"),
        "{broken}"
    );
    let mapped = games.iter().find(|g| g["file"] == "Mapped.lud").unwrap();
    assert!(
        mapped["error"].as_str().unwrap().contains("Mapped.lud:1:"),
        "{mapped}"
    );
}

#[test]
fn survey_of_ludii_s_library_replays_every_accepted_game() {
    let (Some(board), Some(defs), Some(trials)) = (
        common::shared("ludii/lud/board"),
        common::shared("ludii/def"),
        common::shared("reference/ludii-library-trials"),
    ) else {
        return;
    };
    // The survey also writes its section of a copy of docs/library.md: the
    // document must already read the same (it is written by the same command).
    let doc = common::root().join("docs/library.md");
    let scratch = tempfile::tempdir().unwrap();
    let fresh = scratch.path().join("library.md");
    std::fs::copy(&doc, &fresh).unwrap();
    let out = ludemic(&[
        "survey",
        &board.display().to_string(),
        "--defs",
        &defs.display().to_string(),
        "--trials",
        &trials.display().to_string(),
        "--json",
        "--markdown",
        &fresh.display().to_string(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        std::fs::read_to_string(&fresh).unwrap() == std::fs::read_to_string(&doc).unwrap(),
        "docs/library.md's survey is stale: run `cargo run --release -- survey \
         ../shared/ludii/lud/board --defs ../shared/ludii/def --trials \
         ../shared/reference/ludii-library-trials --markdown docs/library.md`"
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(report["totals"]["files"], 1056);
    assert_eq!(report["totals"]["expand"], 1056);
    assert!(report["totals"]["lower"].as_u64().unwrap() >= 360);
    assert_eq!(report["totals"]["mismatch"], 0);
    // The games the code generator takes are the ones checks/library
    // compiles: when more compile, its games.txt must list them.
    let generates: std::collections::BTreeSet<&str> = report["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["generates"] == true)
        .map(|g| g["file"].as_str().unwrap())
        .collect();
    let list = std::fs::read_to_string(common::root().join("checks/library/games.txt")).unwrap();
    let listed: std::collections::BTreeSet<&str> = list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let missing: Vec<_> = generates.difference(&listed).collect();
    let extra: Vec<_> = listed.difference(&generates).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "checks/library/games.txt must list the files the code generator takes: add {missing:?}, remove {extra:?}"
    );
    // Games with dice replay too, their dice forced or searched.
    assert!(report["totals"]["stochastic"].as_u64().unwrap() >= 6);
    // The manifest's hidden-information games are named as out of scope.
    assert_eq!(report["totals"]["hidden_information"], 12);
    assert!(report["totals"]["steps_forced"].as_u64().unwrap() > 0);
    assert!(report["totals"]["steps_searched"].as_u64().unwrap() > 0);
    // Every game that lowers is Ludii's game: it replays Ludii's trials.
    // The reference set has no trials of Unashogi and the Poprad Game (the
    // manifest: Ludii timed out, 0 trials).
    const WITHOUT_TRIALS: &[&str] = &[
        "war/replacement/checkmate/shogi/Unashogi.lud",
        "war/custodial/Poprad Game.lud",
    ];
    for game in report["games"].as_array().unwrap() {
        if game["lowers"] == true {
            let trials = &game["trials"];
            if trials.is_null() {
                assert!(
                    WITHOUT_TRIALS.contains(&game["file"].as_str().unwrap()),
                    "{game}"
                );
                continue;
            }
            assert!(
                trials["failed"] == 0 && trials["passed"].as_u64() > Some(0),
                "{game}"
            );
        }
    }
}

#[test]
fn lengths_json_reports_the_table_columns() {
    let out = ludemic(&[
        "lengths",
        "tic-tac-toe",
        "--method",
        "hs:2",
        "-n",
        "50",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["method"], "hs:2");
    assert_eq!(v["completed"], 50);
    let mean = v["mean_turns"].as_f64().unwrap();
    // Tic-Tac-Toe lasts 5 to 11 turns (a full board ends with two passes).
    assert!((5.0..=11.0).contains(&mean), "{mean}");
    assert!(v["min_turns"].as_u64().unwrap() >= 5 && v["max_turns"].as_u64().unwrap() <= 11);
    assert!(v["heuristics"].as_str().unwrap().contains("material"));
    let bad = ludemic(&["lengths", "tic-tac-toe", "--method", "minimax:2"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("unknown agent"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn bundled_variants_run_compiled_by_name_or_by_option_as_the_interpreter_does() {
    let lengths = |args: &[&str]| -> serde_json::Value {
        let mut all = vec!["lengths"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--method", "hs:2", "-n", "6", "--seed", "3", "--json"]);
        let out = ludemic(&all);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let named = lengths(&["halma-6x6", "--engine", "compiled"]);
    let chosen = lengths(&[
        "halma",
        "--option",
        "Board Size/6x6",
        "--engine",
        "compiled",
    ]);
    let interpreted = lengths(&[
        "halma",
        "--option",
        "Board Size/6x6",
        "--engine",
        "interpreter",
    ]);
    // The same trials from the same seed, move for move, on both engines.
    for key in ["completed", "mean_turns", "min_turns", "max_turns"] {
        assert_eq!(
            named[key], interpreted[key],
            "{key}: {named} / {interpreted}"
        );
        assert_eq!(
            chosen[key], interpreted[key],
            "{key}: {chosen} / {interpreted}"
        );
    }
    assert_eq!(named["completed"], 6);

    let out = ludemic(&["playout", "halma-6x6", "-n", "20", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["engine"], "compiled");
    let options = report["options"].as_array().unwrap();
    assert!(options.iter().any(|o| o == "Board Size/6x6"), "{report}");
    // Random races on 36 sites end (Ludii's 16x16 ones all reach the limit).
    assert_eq!(report["limit_reached"], 0, "{report}");
}

#[test]
fn match_reports_each_agents_results() {
    let out = ludemic(&[
        "match",
        "tic-tac-toe",
        "--agents",
        "ab:2,random",
        "-n",
        "20",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let agents = v["agents"].as_array().unwrap();
    assert_eq!(agents.len(), 2);
    for a in agents {
        let total = a["wins"].as_u64().unwrap()
            + a["draws"].as_u64().unwrap()
            + a["losses"].as_u64().unwrap();
        assert_eq!(total, 20);
    }
    // AB_2 takes every win in one and blocks every threat (only a fork of
    // Random's beats it): it wins most games, and the two agents' tallies mirror.
    assert!(agents[0]["wins"].as_u64().unwrap() >= 12, "{v}");
    assert_eq!(agents[0]["wins"], agents[1]["losses"]);
}

#[test]
fn threads_are_deterministic_and_leave_trials_unchanged() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = ludemic(args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // Playouts: one stream per thread; the same seed and threads give the
    // same statistics, one thread the single-threaded run.
    let playout = |threads: &str| {
        json(&[
            "playout",
            "games/tic-tac-toe.lud",
            "--engine",
            "interpreter",
            "-n",
            "301",
            "--seed",
            "5",
            "--threads",
            threads,
            "--json",
        ])
    };
    let (a, b) = (playout("2"), playout("2"));
    assert_eq!(a["playouts"], 301);
    assert_eq!(a["threads"], 2);
    for key in ["mean_moves", "min_moves", "max_moves", "outcomes"] {
        assert_eq!(a[key], b[key], "{key}");
    }
    let serial = json(&[
        "playout",
        "games/tic-tac-toe.lud",
        "--engine",
        "interpreter",
        "-n",
        "301",
        "--seed",
        "5",
        "--json",
    ]);
    let one = playout("1");
    assert_eq!(one["mean_moves"], serial["mean_moves"]);
    assert_eq!(one["outcomes"], serial["outcomes"]);
    // Trials are seeded by their number: lengths and match give the same
    // figures on one thread and on two.
    let lengths = |threads: &str| {
        json(&[
            "lengths",
            "tic-tac-toe",
            "--method",
            "hs:2",
            "-n",
            "40",
            "--threads",
            threads,
            "--json",
        ])
    };
    let (l1, l2) = (lengths("1"), lengths("2"));
    for key in ["completed", "mean_turns", "sd", "min_turns", "max_turns"] {
        assert_eq!(l1[key], l2[key], "{key}");
    }
    let matched = |threads: &str| {
        json(&[
            "match",
            "tic-tac-toe",
            "--agents",
            "ab:1,random",
            "-n",
            "30",
            "--threads",
            threads,
            "--json",
        ])
    };
    assert_eq!(matched("1")["agents"], matched("2")["agents"]);
}

/// `ludemic play` with `input` on stdin.
fn play(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludemic"))
        .arg("play")
        .args(args)
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ludemic binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn play_reads_moves_by_label_and_key_from_stdin() {
    // Two humans: P1 takes the diagonal A1, B2, C3 (B2 given by its move
    // key, -1>4); a label off the board and an occupied site are refused.
    let out = play(
        &["tic-tac-toe", "--p2", "human"],
        "a1\nz9\nb1\na1\n-1>4\nc1\nmoves\nc3\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("    A B C"), "{s}");
    assert!(s.contains("  1 D . ."), "{s}");
    assert!(s.contains("`z9`: not a label of this board"), "{s}");
    assert!(s.contains("`a1` is not a legal move here"), "{s}");
    assert!(s.contains("P1 plays B2 (key -1>4)"), "{s}");
    assert!(s.contains("game over: P1 wins"), "{s}");
    assert!(s.contains("evaluation for P1"), "{s}");
    // An agent answers, its choice shown; the game stops when input ends.
    let out = play(&["tic-tac-toe", "--p2", "ab:2"], "b2\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("P2 (ab:2) plays"), "{s}");
    assert!(s.contains("input ended"), "{s}");
    // An unknown agent is an error.
    let out = play(&["tic-tac-toe", "--p2", "minimax"], "");
    assert!(!out.status.success());
}

#[test]
fn play_on_the_compiled_engine_draws_the_same_game_as_on_the_interpreter() {
    // In these games both engines list the legal moves in the same order,
    // so agents seeded alike choose alike: the same whole game, boards,
    // choices and evaluations, on both back ends.
    for game in ["connect-four", "reversi"] {
        let run = |engine: &str| {
            let out = play(
                &[game, "--p1", "ab:1", "--p2", "hs:2", "--engine", engine],
                "",
            );
            assert!(out.status.success(), "{}", text(&out.stderr));
            text(&out.stdout)
        };
        let interpreted = run("interpreter");
        assert!(interpreted.contains("P2 (hs:2) plays"), "{interpreted}");
        assert!(interpreted.contains("game over"), "{interpreted}");
        assert_eq!(run("compiled"), interpreted, "{game}");
    }
    // A game that is not bundled has no compiled engine to play on.
    let out = play(
        &["macros/tests/ui/three-in-a-row.lud", "--engine", "compiled"],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("no compiled code is bundled"),
        "{}",
        text(&out.stderr)
    );
}
