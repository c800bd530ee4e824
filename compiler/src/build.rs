//! Compiling games from a build script, in the manner of `prost-build` and
//! `lalrpop`: list the games in `build.rs`, and each becomes a Rust module
//! written to `$OUT_DIR`, which the crate pulls in with
//! `ludemic::include_generated!`.
//!
//! ```no_run
//! // build.rs
//! fn main() {
//!     ludemic_compiler::build::Config::new()
//!         .game("games/tic-tac-toe.lud")
//!         .game_with_options("games/hex.lud", "hex9", &["Board Size/9x9"])
//!         .defs("games/def")
//!         .compile()
//!         .unwrap_or_else(|e| panic!("{e}"));
//! }
//! ```
//!
//! ```ignore
//! // src/lib.rs
//! ludemic::include_generated!(tic_tac_toe, hex9);
//! // tic_tac_toe::TicTacToe and hex9::Hex implement ludemic::Game.
//! ```
//!
//! Relative paths are taken from the current directory, which for a build
//! script is the package's root (the directory of its `Cargo.toml`).

// The example shows a whole `build.rs`, `fn main` included.
#![allow(clippy::needless_doctest_main)]

use std::path::{Path, PathBuf};

use crate::codegen::{generate, CodegenOptions, SourceInfo};
use crate::diagnostic::{CompileError, ErrorKind, Result};

/// The runtime path generated code uses unless told otherwise: the `ludemic`
/// crate's re-export, so a crate using the generated code needs only `ludemic`.
pub const DEFAULT_RUNTIME_PATH: &str = "::ludemic::runtime";

/// The module name of a game file: its stem in snake case
/// (`games/tic-tac-toe.lud` → `tic_tac_toe`, `Hex.lud` → `hex`).
///
/// Characters other than ASCII letters and digits become `_` (runs of them
/// one `_`); a name that would start with a digit gets a leading `_`.
pub fn module_name(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut out = String::new();
    let mut prev_lower = false;
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = c.is_ascii_lowercase();
        } else {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            prev_lower = false;
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// One game to compile.
#[derive(Clone, Debug)]
struct GameSpec {
    path: PathBuf,
    name: String,
    options: Vec<String>,
    ruleset: Option<String>,
}

/// A set of games to compile to Rust modules from a build script.
#[derive(Clone, Debug)]
pub struct Config {
    games: Vec<GameSpec>,
    def_dirs: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    codegen: CodegenOptions,
    emit_rerun_directives: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

impl Config {
    /// No games yet; runtime path [`DEFAULT_RUNTIME_PATH`]; output to `$OUT_DIR`.
    pub fn new() -> Self {
        Config {
            games: Vec::new(),
            def_dirs: Vec::new(),
            out_dir: None,
            codegen: CodegenOptions {
                runtime_path: DEFAULT_RUNTIME_PATH.to_owned(),
                ..CodegenOptions::default()
            },
            emit_rerun_directives: true,
        }
    }

    /// Compiles the game at `path` with its default options, to the module
    /// [`module_name(path)`](module_name) (`<out_dir>/<name>.rs`).
    pub fn game(self, path: impl AsRef<Path>) -> Self {
        let path = path.as_ref();
        let name = module_name(path);
        self.game_with_options(path, name, &[])
    }

    /// Compiles the game at `path` with option choices (`"Heading/Item"`;
    /// categories not named take their default) to the module `name`
    /// (`<out_dir>/<name>.rs`).
    pub fn game_with_options(
        mut self,
        path: impl AsRef<Path>,
        name: impl Into<String>,
        options: &[&str],
    ) -> Self {
        self.games.push(GameSpec {
            path: path.as_ref().to_path_buf(),
            name: name.into(),
            options: options.iter().map(|s| s.to_string()).collect(),
            ruleset: None,
        });
        self
    }

    /// Compiles the game at `path` with one of its rulesets, to the module `name`.
    pub fn game_with_ruleset(
        mut self,
        path: impl AsRef<Path>,
        name: impl Into<String>,
        ruleset: impl Into<String>,
    ) -> Self {
        self.games.push(GameSpec {
            path: path.as_ref().to_path_buf(),
            name: name.into(),
            options: Vec::new(),
            ruleset: Some(ruleset.into()),
        });
        self
    }

    /// Adds a define-library directory (searched recursively for `.def`
    /// files; earlier directories win when two define the same name).
    pub fn defs(mut self, dir: impl AsRef<Path>) -> Self {
        self.def_dirs.push(dir.as_ref().to_path_buf());
        self
    }

    /// The path generated code uses to reach the runtime: `::ludemic::runtime`
    /// (the default) for crates depending on `ludemic`, `::ludemic_runtime`
    /// for crates depending on `ludemic-runtime` alone.
    pub fn runtime_path(mut self, path: impl Into<String>) -> Self {
        self.codegen.runtime_path = path.into();
        self
    }

    /// All code generator switches at once (including the runtime path).
    pub fn codegen_options(mut self, options: CodegenOptions) -> Self {
        self.codegen = options;
        self
    }

    /// Where to write the modules (default: the `OUT_DIR` environment
    /// variable, which cargo sets for build scripts).
    pub fn out_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Whether [`compile`](Config::compile) prints `cargo:rerun-if-changed`
    /// lines (default: yes). Turn off when not running under cargo.
    pub fn emit_rerun_directives(mut self, emit: bool) -> Self {
        self.emit_rerun_directives = emit;
        self
    }

    /// Compiles every game: writes `<out_dir>/<name>.rs` (only when its
    /// contents change, so that nothing downstream rebuilds needlessly),
    /// prints `cargo:rerun-if-changed=` for every file read (each `.lud`,
    /// each `.def`) and each define directory, and returns the paths of the
    /// modules, in the order the games were given.
    pub fn compile(&self) -> Result<Vec<PathBuf>> {
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| {
                    CompileError::new(
                        ErrorKind::Io,
                        "OUT_DIR is not set: run from a build script, or call `out_dir(...)`",
                    )
                })?,
        };
        self.check_names()?;
        // Each path once, however many games read it.
        let mut announced: Vec<PathBuf> = Vec::new();
        let mut rerun_if_changed = |path: &Path| {
            if self.emit_rerun_directives && !announced.iter().any(|p| p == path) {
                println!("cargo:rerun-if-changed={}", path.display());
                announced.push(path.to_path_buf());
            }
        };
        for dir in &self.def_dirs {
            // A directory is scanned for changes as a whole: a new `.def` file counts.
            rerun_if_changed(dir);
        }
        for game in &self.games {
            // Even if loading fails below, a fix to the file must rerun the script.
            rerun_if_changed(&game.path);
        }
        let library = crate::expand::DefineLibrary::load(&self.def_dirs)?;
        let mut written = Vec::with_capacity(self.games.len());
        for game in &self.games {
            let config = crate::Config {
                def_dirs: self.def_dirs.clone(),
                options: game.options.clone(),
                ruleset: game.ruleset.clone(),
                ai_dirs: Vec::new(),
            };
            let loaded = crate::load_with_library(&game.path, &library, &config)?;
            for path in loaded.expanded.sources.paths() {
                rerun_if_changed(path);
            }
            let text = loaded
                .expanded
                .sources
                .file(loaded.expanded.file)
                .text
                .to_string();
            let source = SourceInfo {
                path: game.path.display().to_string(),
                text,
            };
            let code = generate(&loaded.model, &source, &self.codegen).map_err(|e| {
                let options = game.options.join("; ");
                e.in_game(format_args!("{} ({options})", game.path.display()))
            })?;
            let out = out_dir.join(format!("{}.rs", game.name));
            write_if_changed(&out, &code)?;
            written.push(out);
        }
        Ok(written)
    }

    /// Module names must be identifiers and distinct (each is a file name too).
    fn check_names(&self) -> Result<()> {
        for (i, game) in self.games.iter().enumerate() {
            let valid = !game.name.is_empty()
                && !game.name.starts_with(|c: char| c.is_ascii_digit())
                && game
                    .name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid {
                return Err(CompileError::new(
                    ErrorKind::Invalid,
                    format!(
                        "module name `{}` for {} is not a Rust identifier",
                        game.name,
                        game.path.display()
                    ),
                ));
            }
            if let Some(first) = self.games[..i].iter().find(|g| g.name == game.name) {
                return Err(CompileError::new(
                    ErrorKind::Invalid,
                    format!(
                        "module name `{}` is used twice ({} and {}): give one game another name with `game_with_options`",
                        game.name,
                        first.path.display(),
                        game.path.display()
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Writes `contents` to `path` unless the file already holds exactly that.
fn write_if_changed(path: &Path, contents: &str) -> Result<()> {
    if std::fs::read(path).ok().as_deref() == Some(contents.as_bytes()) {
        return Ok(());
    }
    std::fs::write(path, contents).map_err(|e| {
        CompileError::new(
            ErrorKind::Io,
            format!("cannot write {}: {e}", path.display()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../games")
    }

    #[test]
    fn module_names_are_snake_case_stems() {
        for (path, name) in [
            ("games/tic-tac-toe.lud", "tic_tac_toe"),
            ("hex.lud", "hex"),
            ("Connect6.lud", "connect6"),
            ("a/Tic-Tac-Toe.lud", "tic_tac_toe"),
            ("TicTacToe.lud", "tic_tac_toe"),
            ("Hex (Misere).lud", "hex_misere"),
            ("3D Tic-Tac-Toe.lud", "_3d_tic_tac_toe"),
            ("--.lud", "_"),
        ] {
            assert_eq!(module_name(Path::new(path)), name, "{path}");
        }
    }

    #[test]
    fn compiles_writes_only_on_change_and_returns_paths() {
        let out = std::env::temp_dir().join(format!("ludemic-build-test-{}", std::process::id()));
        std::fs::create_dir_all(&out).unwrap();
        let config = Config::new()
            .game(games_dir().join("tic-tac-toe.lud"))
            .game_with_options(games_dir().join("hex.lud"), "hex5", &["Board Size/5x5"])
            .defs(games_dir().join("def"))
            .out_dir(&out)
            .emit_rerun_directives(false);
        let paths = config.compile().unwrap();
        assert_eq!(paths, vec![out.join("tic_tac_toe.rs"), out.join("hex5.rs")]);
        let hex = std::fs::read_to_string(&paths[1]).unwrap();
        assert!(hex.contains("pub struct Hex;"));
        assert!(hex.contains("NUM_SITES: usize = 25;"));
        assert!(hex.contains("use ::ludemic::runtime::"));
        // Valid inside `include!` inside a module: no inner attributes or inner doc comments.
        for text in [&hex, &std::fs::read_to_string(&paths[0]).unwrap()] {
            assert!(
                !text
                    .lines()
                    .any(|l| l.trim_start().starts_with("#!") || l.trim_start().starts_with("//!")),
                "generated code has an inner attribute"
            );
        }
        let modified = std::fs::metadata(&paths[1]).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        config.compile().unwrap();
        assert_eq!(
            std::fs::metadata(&paths[1]).unwrap().modified().unwrap(),
            modified
        );
        std::fs::remove_dir_all(&out).unwrap();
    }

    #[test]
    fn every_game_generates_without_inner_attributes() {
        let out = std::env::temp_dir().join(format!("ludemic-build-all-{}", std::process::id()));
        std::fs::create_dir_all(&out).unwrap();
        let mut config = Config::new()
            .defs(games_dir().join("def"))
            .out_dir(&out)
            .emit_rerun_directives(false);
        let mut compiled = 0;
        for entry in std::fs::read_dir(games_dir()).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "lud") {
                config = config.game(path);
                compiled += 1;
            }
        }
        assert!(compiled >= 20, "every game of games/ compiles");
        for path in config.compile().unwrap() {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.starts_with("// @generated by ludemic from "));
            assert!(
                !text
                    .lines()
                    .any(|l| l.trim_start().starts_with("#!") || l.trim_start().starts_with("//!")),
                "{}: inner attribute",
                path.display()
            );
        }
        std::fs::remove_dir_all(&out).unwrap();
    }

    #[test]
    fn errors_name_the_file() {
        let config = Config::new()
            .game(games_dir().join("no-such-game.lud"))
            .out_dir(std::env::temp_dir())
            .emit_rerun_directives(false);
        let err = config.compile().unwrap_err();
        assert!(err.to_string().contains("no-such-game.lud"), "{err}");

        let config = Config::new()
            .game(games_dir().join("hex.lud"))
            .game_with_options(games_dir().join("hex.lud"), "hex", &["Board Size/9x9"])
            .out_dir(std::env::temp_dir())
            .emit_rerun_directives(false);
        let err = config.compile().unwrap_err();
        assert!(err.to_string().contains("used twice"), "{err}");
    }

    #[test]
    fn unknown_option_is_an_error() {
        let config = Config::new()
            .game_with_options(games_dir().join("hex.lud"), "hex", &["Board Size/99x99"])
            .defs(games_dir().join("def"))
            .out_dir(std::env::temp_dir())
            .emit_rerun_directives(false);
        let err = config.compile().unwrap_err();
        assert_eq!(err.kind, ErrorKind::UnknownOption, "{err}");
    }
}
