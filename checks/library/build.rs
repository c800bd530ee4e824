//! Compiles every game of Ludii's library (from `../shared/ludii`, beside
//! the repository) that `games.txt` lists, with its default options, and
//! writes a registry of them. Without `../shared` nothing is compiled and
//! the checks are skipped.

use std::path::{Path, PathBuf};

use ludemic_compiler::{build, codegen, load, Config};

#[path = "../common/registry.rs"]
mod registry;

/// The module of a file under `lud/board`: its whole path in snake case
/// (`hunt/Gasetavl (Gedved).lud` → `hunt_gasetavl_gedved`), so that files of
/// the same name in different folders stay apart.
fn module(lud: &str) -> String {
    let stem = lud.strip_suffix(".lud").unwrap_or(lud);
    let mut out = String::new();
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_end_matches('_').to_owned();
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{out}")
    } else {
        out
    }
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(library)");
    println!("cargo:rerun-if-changed=games.txt");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let ludii = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ludii");
    println!("cargo:rerun-if-changed={}", ludii.display());
    if !ludii.is_dir() {
        registry::skip(&out, "library", &ludii);
        return;
    }
    println!("cargo:rustc-cfg=library");
    let list = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games.txt"))
        .expect("games.txt");
    let defs = ludii.join("def");
    let base = Config {
        def_dirs: vec![defs.clone()],
        ..Config::default()
    };
    let mut config = build::Config::new()
        .runtime_path("::ludemic_runtime")
        .defs(&defs)
        .emit_rerun_directives(true);
    let mut entries = Vec::new();
    for lud in games(&list) {
        let path = ludii.join("lud/board").join(lud);
        let model = load(&path, &base).unwrap_or_else(|e| panic!("{e}")).model;
        let name = module(lud);
        config = config.game_with_options(&path, &name, &[]);
        entries.push(registry::Registered {
            entry: format!("Entry {{ name: {name:?}, lud: {lud:?} }}"),
            module: name,
            ty: codegen::type_name(&model),
        });
    }
    config.compile().unwrap_or_else(|e| panic!("{e}"));
    registry::write(&out, &entries);
}

/// The files `games.txt` lists: its lines but blank ones and `#` comments.
fn games(list: &str) -> impl Iterator<Item = &str> {
    list.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}
