//! The parser and expander over real Ludii files.
//!
//! * `../shared/ludii` (the project's reference corpus): every `.lud` and
//!   `.def` parses with the raw grammar; every `.lud` expands with default
//!   options and with each option item on its own.
//! * `LUDII_LIBRARY=/path/to/Ludii/Common/res`: every game under
//!   `lud/board` expands with `def` as the library (Ludii expands all 1056).
//!
//! Tests whose files are absent skip with a printed reason.

use std::path::{Path, PathBuf};
use std::time::Instant;

use ludemic_compiler::expand::{expand_file, DefineLibrary, Expanded, Selection};
use ludemic_compiler::source::SourceMap;
use ludemic_compiler::syntax::{self, NodeKind};

fn shared_ludii() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/ludii");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipping: {} is absent (the shared Ludii corpus)",
            dir.display()
        );
        None
    }
}

fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, ext, out);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, ext, &mut out);
    out.sort();
    out
}

/// Properties every expansion must have, beyond what `expand_file` checks.
fn check_expanded(e: &Expanded, path: &Path) {
    let text = e.text.as_str();
    assert!(
        matches!(e.game.head(), Some("game" | "match")),
        "{}: first form is {:?}",
        path.display(),
        e.game.head()
    );
    assert!(!e.name.is_empty(), "{}: empty name", path.display());
    assert!(
        !text.contains("(define "),
        "{}: define left",
        path.display()
    );
    assert!(
        !text.contains("(option \""),
        "{}: option left",
        path.display()
    );
    assert!(
        !text.contains("(metadata"),
        "{}: metadata left",
        path.display()
    );
    assert!(
        !text.contains("<DELETE_ME>"),
        "{}: placeholder left",
        path.display()
    );
    assert_eq!(
        e.selected_options.len(),
        e.options.len(),
        "{}",
        path.display()
    );
    // Every byte maps back to a file.
    assert!(e.text.origin(0).is_some());
}

fn expand_all(paths: &[PathBuf], library: &DefineLibrary, failures: &mut Vec<String>) -> usize {
    let mut ok = 0;
    for path in paths {
        match expand_file(path, library, &Selection::defaults()) {
            Ok(e) => {
                check_expanded(&e, path);
                ok += 1;
            }
            Err(err) => failures.push(format!("{}: {err}", path.display())),
        }
    }
    ok
}

#[test]
fn every_corpus_file_parses_with_the_raw_grammar() {
    let Some(root) = shared_ludii() else { return };
    let mut files = files_under(&root.join("lud"), "lud");
    files.extend(files_under(&root.join("def"), "def"));
    assert!(files.len() > 100, "too few files under {}", root.display());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut map = SourceMap::new();
        let id = map.add(path.clone(), text);
        if let Err(e) = syntax::parse_raw(&map.tracked(id), &map) {
            failures.push(e.to_string());
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_corpus_game_expands_with_default_options() {
    let Some(root) = shared_ludii() else { return };
    let library = DefineLibrary::load(&[root.join("def")]).unwrap();
    assert_eq!(library.len(), 164);
    let files = files_under(&root.join("lud"), "lud");
    let mut failures = Vec::new();
    let ok = expand_all(&files, &library, &mut failures);
    assert!(
        failures.is_empty(),
        "{ok}/{} expand; failures:\n{}",
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_option_item_of_every_corpus_game_expands() {
    let Some(root) = shared_ludii() else { return };
    let library = DefineLibrary::load(&[root.join("def")]).unwrap();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in files_under(&root.join("lud"), "lud") {
        let base = expand_file(&path, &library, &Selection::defaults()).unwrap();
        for cat in &base.options {
            for choice in cat.choices() {
                count += 1;
                match expand_file(&path, &library, &Selection::with_options([choice.clone()])) {
                    Ok(e) => {
                        check_expanded(&e, &path);
                        assert!(
                            e.selected_options.contains(&choice),
                            "{}: {choice} not selected",
                            path.display()
                        );
                    }
                    Err(err) => failures.push(format!("{} [{choice}]: {err}", path.display())),
                }
            }
        }
    }
    assert!(count > 100, "only {count} option items");
    assert!(
        failures.is_empty(),
        "{} of {count} option items fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn options_change_the_expanded_game() {
    let Some(root) = shared_ludii() else { return };
    let library = DefineLibrary::load(&[root.join("def")]).unwrap();
    let hex = root.join("lud/board/space/connection/Hex.lud");
    let e = expand_file(&hex, &library, &Selection::defaults()).unwrap();
    assert_eq!(e.name, "Hex");
    assert!(
        e.selected_options.iter().any(|o| o.ends_with("/11x11")),
        "{:?}",
        e.selected_options
    );
    assert!(e.text.as_str().contains("11"));
    let board_size = e
        .options
        .iter()
        .find(|c| c.choices().iter().any(|x| x.ends_with("/14x14")))
        .unwrap();
    let fourteen = board_size
        .choices()
        .into_iter()
        .find(|x| x.ends_with("/14x14"))
        .unwrap();
    let e14 = expand_file(&hex, &library, &Selection::with_options([fourteen])).unwrap();
    assert_ne!(e.text.as_str(), e14.text.as_str());
    // The pretty form re-parses to the same tree.
    let pretty = syntax::pretty(&e.game);
    let mut map = SourceMap::new();
    let id = map.add("pretty.lud", pretty);
    let again = syntax::parse_expanded(&map.tracked(id), &map).unwrap();
    assert_eq!(strip(&again), strip(&e.game));
}

/// A tree without spans, for comparing trees parsed from different texts.
fn strip(n: &syntax::Node) -> String {
    match &n.kind {
        NodeKind::Form { head, args, .. } => {
            format!(
                "({head} {})",
                args.iter()
                    .map(|a| format!("{:?}:{}", a.label, strip(&a.value)))
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        }
        NodeKind::Array(args) => format!(
            "{{{}}}",
            args.iter()
                .map(|a| format!("{:?}:{}", a.label, strip(&a.value)))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        NodeKind::Str(s) => format!("{s:?}"),
        NodeKind::Atom(a) => a.clone(),
    }
}

#[test]
fn senet_expands_to_its_known_size() {
    let Some(root) = shared_ludii() else { return };
    let library = DefineLibrary::load(&[root.join("def")]).unwrap();
    let e = expand_file(
        &root.join("lud/board/race/escape/Senet.lud"),
        &library,
        &Selection::defaults(),
    )
    .unwrap();
    // Ludii's expanded Senet is about 24k characters.
    assert!((20_000..30_000).contains(&e.text.len()), "{}", e.text.len());
}

/// Ludii's whole board-game library: `LUDII_LIBRARY` names a `Common/res`
/// directory of Ludii's repository.
#[test]
fn ludii_board_library_expands() {
    let Some(res) = std::env::var_os("LUDII_LIBRARY").map(PathBuf::from) else {
        eprintln!("skipping: set LUDII_LIBRARY to Ludii's Common/res directory to expand its whole board library");
        return;
    };
    let start = Instant::now();
    let library = DefineLibrary::load(&[res.join("def")]).unwrap();
    let files = files_under(&res.join("lud/board"), "lud");
    assert!(
        !files.is_empty(),
        "no .lud files under {}",
        res.join("lud/board").display()
    );
    let mut failures = Vec::new();
    let ok = expand_all(&files, &library, &mut failures);
    eprintln!(
        "{ok}/{} board files expand in {:.2?}",
        files.len(),
        start.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{ok}/{} expand; failures:\n{}",
        files.len(),
        failures.join("\n")
    );
}

/// Every option item of every board game in Ludii's library (slower; same variable).
#[test]
fn ludii_board_library_option_items_expand() {
    let Some(res) = std::env::var_os("LUDII_LIBRARY").map(PathBuf::from) else {
        eprintln!("skipping: set LUDII_LIBRARY to Ludii's Common/res directory");
        return;
    };
    let start = Instant::now();
    let library = DefineLibrary::load(&[res.join("def")]).unwrap();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in files_under(&res.join("lud/board"), "lud") {
        let Ok(base) = expand_file(&path, &library, &Selection::defaults()) else {
            continue;
        };
        for cat in &base.options {
            for choice in cat.choices() {
                count += 1;
                if let Err(err) =
                    expand_file(&path, &library, &Selection::with_options([choice.clone()]))
                {
                    failures.push(format!("{} [{choice}]: {err}", path.display()));
                }
            }
        }
    }
    eprintln!(
        "{}/{count} option items expand in {:.2?}",
        count - failures.len(),
        start.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} of {count} option items fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
