//! Compiles Ludii's own files of the seven placement games (from
//! `../shared/ludii`, beside the repository) with their default options and
//! with each option item alone, and writes a registry of them. Without
//! `../shared` nothing is compiled and the checks are skipped.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use ludemic_compiler::{build, codegen, load, Config};

const GAMES: &[&str] = &[
    "board/space/line/Tic-Tac-Toe.lud",
    "board/space/line/Squava.lud",
    "board/space/line/Gomoku.lud",
    "board/space/line/Connect6.lud",
    "board/space/line/Yavalath.lud",
    "board/space/connection/Hex.lud",
    "board/space/connection/Havannah.lud",
];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(corpus)");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let ludii = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ludii");
    println!("cargo:rerun-if-changed={}", ludii.display());
    let mut registry = String::new();
    if !ludii.is_dir() {
        println!(
            "cargo:warning=corpus checks skipped: {} is absent",
            ludii.display()
        );
        std::fs::write(
            out.join("registry.rs"),
            "pub const GAMES: &[Entry] = &[];\npub fn visit<V: Visitor>(_: &str, _: &mut V) -> bool { false }\n",
        )
        .unwrap();
        return;
    }
    println!("cargo:rustc-cfg=corpus");
    let defs = ludii.join("def");
    let mut config = build::Config::new()
        .runtime_path("::ludemic_runtime")
        .defs(&defs)
        .emit_rerun_directives(true);
    let mut entries = Vec::new();
    for lud in GAMES {
        let path = ludii.join("lud").join(lud);
        let base = Config {
            def_dirs: vec![defs.clone()],
            ..Config::default()
        };
        let loaded = load(&path, &base).unwrap_or_else(|e| panic!("{e}"));
        // The defaults, then each option item alone (skipping repeats of a set).
        let mut choices: Vec<Vec<String>> = vec![Vec::new()];
        for category in &loaded.expanded.options {
            for item in &category.items {
                let choice = format!("{}/{}", category.heading, item.label);
                if !loaded.model.options.contains(&choice) {
                    choices.push(vec![choice]);
                }
            }
        }
        for options in choices {
            let config_for = Config {
                options: options.clone(),
                ..base.clone()
            };
            let model = load(&path, &config_for)
                .unwrap_or_else(|e| panic!("{e}"))
                .model;
            let stem = build::module_name(&path);
            let suffix: String = options
                .iter()
                .flat_map(|o| o.chars())
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '_'
                    }
                })
                .collect();
            let name = if suffix.is_empty() {
                stem
            } else {
                format!("{stem}_{suffix}")
            };
            let refs: Vec<&str> = options.iter().map(String::as_str).collect();
            config = config.game_with_options(&path, &name, &refs);
            entries.push((name, lud.to_string(), options, codegen::type_name(&model)));
        }
    }
    config.compile().unwrap_or_else(|e| panic!("{e}"));
    for (name, _, _, _) in &entries {
        writeln!(
            registry,
            "#[allow(dead_code)] pub mod {name} {{ include!(concat!(env!(\"OUT_DIR\"), \"/{name}.rs\")); }}"
        )
        .unwrap();
    }
    registry.push_str("pub const GAMES: &[Entry] = &[\n");
    for (name, lud, options, _) in &entries {
        writeln!(
            registry,
            "    Entry {{ name: {name:?}, lud: {lud:?}, options: &{options:?} }},"
        )
        .unwrap();
    }
    registry.push_str(
        "];\n\n/// Runs `visitor` on the compiled game `name`; false if there is none.\n",
    );
    registry.push_str(
        "pub fn visit<V: Visitor>(name: &str, visitor: &mut V) -> bool {\n    match name {\n",
    );
    for (name, _, _, ty) in &entries {
        writeln!(
            registry,
            "        {name:?} => visitor.visit(&{name}::{ty}),"
        )
        .unwrap();
    }
    registry.push_str("        _ => return false,\n    }\n    true\n}\n");
    std::fs::write(out.join("registry.rs"), registry).unwrap();
}
