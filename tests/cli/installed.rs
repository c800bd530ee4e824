//! An installed `ludemic` (a copy of the binary anywhere, no checkout)
//! plays its bundled games: their sources and `games/def` are embedded, the
//! reference figures are optional, and only a game that is not bundled
//! needs ludemic's sources, which it asks for by name.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::common;

/// A copy of the binary in an empty directory, run there with the
/// checkout's sources and reference figures out of reach.
struct Installed {
    dir: tempfile::TempDir,
    binary: PathBuf,
}

impl Installed {
    fn new() -> Installed {
        let dir = tempfile::tempdir().unwrap();
        let binary = dir.path().join("ludemic");
        std::fs::copy(env!("CARGO_BIN_EXE_ludemic"), &binary).unwrap();
        Installed { dir, binary }
    }

    fn run(&self, args: &[&str]) -> Output {
        let nowhere = self.dir.path().join("no-checkout");
        Command::new(&self.binary)
            .args(args)
            .current_dir(self.dir.path())
            .env("NO_COLOR", "1")
            .env("LUDEMIC_SOURCE", &nowhere)
            .env("LUDEMIC_REFERENCE", &nowhere)
            .output()
            .expect("the copied binary runs")
    }
}

fn ok(out: &Output) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn a_copy_of_the_binary_plays_its_bundled_games_from_an_empty_directory() {
    let ludemic = Installed::new();
    assert!(!ludemic.dir.path().join("games").exists());
    let out = ok(&ludemic.run(&["playout", "hex", "-n", "20"]));
    assert!(out.contains("game:      Hex (games/hex.lud)"), "{out}");
    assert!(out.contains("engine:    compiled"), "{out}");
    let out = ok(&ludemic.run(&["playout", "halma-6x6", "-n", "2", "--engine", "compiled"]));
    assert!(out.contains("Board Size/6x6"), "{out}");
    // Options the bundled code was not built with: the embedded text, interpreted.
    let out = ok(&ludemic.run(&["playout", "hex", "-o", "Board Size/9x9", "-n", "5"]));
    assert!(out.contains("engine:    interpreter"), "{out}");
    // A define of games/def (Halma's camps), embedded.
    ok(&ludemic.run(&["expand", "halma"]));
    let out = ok(&ludemic.run(&["play", "tic-tac-toe", "--p1", "random", "--p2", "random"]));
    assert!(out.contains("game over"), "{out}");
    let out = ok(&ludemic.run(&["lengths", "tic-tac-toe", "-n", "3"]));
    assert!(!out.is_empty());
    let out = ok(&ludemic.run(&["tensor", "hex", "--engine", "compiled"]));
    assert!(out.contains("state tensor: 10 x 21 x 21"), "{out}");
    let out = ludemic.run(&["bench", "hex", "--seconds", "0.05"]);
    let stdout = ok(&out);
    assert!(stdout.contains("Hex"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no reference figures"), "{stderr}");
}

#[test]
fn a_game_that_is_not_bundled_asks_for_the_sources_it_compiles_against() {
    let ludemic = Installed::new();
    let out = ludemic.run(&[
        "playout",
        "hex",
        "-o",
        "Board Size/9x9",
        "-n",
        "5",
        "--engine",
        "compiled",
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("LUDEMIC_SOURCE"), "{stderr}");
    assert!(stderr.contains("runtime's sources"), "{stderr}");
}

/// Only the native build (which compiles against ludemic's sources) and
/// tests read the checkout's path that cargo gave the binary.
#[test]
fn no_run_time_path_of_the_cli_reads_the_checkout() {
    let mut files = vec![common::root().join("src")];
    let mut found = Vec::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // What follows `#[cfg(test)]` is test code.
        let run_time = text.split("#[cfg(test)]").next().unwrap_or_default();
        for line in run_time
            .lines()
            .filter(|l| l.contains("CARGO_MANIFEST_DIR"))
        {
            found.push(format!("{}: {}", relative(&path), line.trim()));
        }
    }
    assert_eq!(
        found,
        ["src/cli/native.rs: None => PathBuf::from(env!(\"CARGO_MANIFEST_DIR\")),"],
        "paths into the checkout"
    );
}

fn relative(path: &Path) -> String {
    path.strip_prefix(common::root())
        .unwrap()
        .display()
        .to_string()
}
