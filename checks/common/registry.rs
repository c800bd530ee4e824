//! The registry a check crate's `build.rs` writes to `$OUT_DIR/registry.rs`
//! (included by its `src/lib.rs`, which defines `Entry` and `Visitor`):
//! one module per compiled game, `GAMES`, and `visit`, which runs a
//! `Visitor` on a game by its module name. Shared by the build scripts of
//! `checks/corpus` and `checks/library` (`#[path]`).

use std::fmt::Write as _;
use std::path::Path;

/// One compiled game: its module, the Rust text of its `Entry`, and its
/// game type in the module.
pub struct Registered {
    pub module: String,
    pub entry: String,
    pub ty: String,
}

/// Writes the registry of `games`.
pub fn write(out: &Path, games: &[Registered]) {
    let mut registry = String::new();
    for game in games {
        writeln!(
            registry,
            "#[allow(dead_code)] pub mod {0} {{ include!(concat!(env!(\"OUT_DIR\"), \"/{0}.rs\")); }}",
            game.module
        )
        .unwrap();
    }
    registry.push_str("pub const GAMES: &[Entry] = &[\n");
    for game in games {
        writeln!(registry, "    {},", game.entry).unwrap();
    }
    registry.push_str(
        "];\n\n/// Runs `visitor` on the compiled game `name`; false if there is none.\n",
    );
    registry.push_str(
        "pub fn visit<V: Visitor>(name: &str, visitor: &mut V) -> bool {\n    match name {\n",
    );
    for game in games {
        writeln!(
            registry,
            "        {:?} => visitor.visit(&{}::{}),",
            game.module, game.module, game.ty
        )
        .unwrap();
    }
    registry.push_str("        _ => return false,\n    }\n    true\n}\n");
    std::fs::write(out.join("registry.rs"), registry).unwrap();
}

/// Without `../shared/ludii`: a warning, and a registry with no games.
pub fn skip(out: &Path, check: &str, ludii: &Path) {
    println!(
        "cargo:warning={check} checks skipped: {} is absent",
        ludii.display()
    );
    write(out, &[]);
}
