//! ludemic-compiler: reads Ludii `.lud` game descriptions and turns them into a
//! typed game model, which an interpreter runs and a code generator compiles.
//!
//! Pipeline: [`syntax`] (pest) → [`expand`] (options, rulesets, defines,
//! ranges) → [`lower`] (tree → [`ir`]) with [`board`] geometry → [`analyse`]
//! (playout variant) → [`interp`] (an implementation of the runtime's `Game`).

pub mod analyse;
pub mod board;
pub mod build;
pub mod codegen;
pub mod diagnostic;
pub mod expand;
pub mod heuristics;
pub mod interp;
pub mod ir;
pub mod lower;
pub mod markers;
pub mod semantics;
pub mod source;
pub mod syntax;
pub mod tensor;

pub use diagnostic::{CompileError, ErrorKind, Result};

use std::path::{Path, PathBuf};

/// How to load a game: where defines come from and which options to use.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Define-library directories (searched recursively for `.def` files).
    pub def_dirs: Vec<PathBuf>,
    /// Option choices as `"Heading/Item"`; unnamed categories take their default.
    pub options: Vec<String>,
    /// A ruleset to apply, by name.
    pub ruleset: Option<String>,
    /// Directories of Ludii's AI defines (`def_ai`): the `"X_ai"` a game's
    /// `(ai ...)` metadata names is read from the file `X_ai.def` below one
    /// of them (see [`heuristics::read`]).
    pub ai_dirs: Vec<PathBuf>,
}

impl Config {
    /// The expander's selection of options and ruleset.
    pub fn selection(&self) -> expand::Selection {
        expand::Selection {
            options: self.options.clone(),
            ruleset: self.ruleset.clone(),
        }
    }
}

/// A game read, expanded and lowered.
pub struct Loaded {
    pub expanded: expand::Expanded,
    pub model: ir::GameModel,
}

/// Reads a `.lud` file, expands it with `config`'s library and options, and
/// lowers it to the game model.
pub fn load(path: &Path, config: &Config) -> Result<Loaded> {
    let library = expand::DefineLibrary::load(&config.def_dirs)?;
    load_with_library(path, &library, config)
}

/// As [`load`], with a define library loaded once for many games.
pub fn load_with_library(
    path: &Path,
    library: &expand::DefineLibrary,
    config: &Config,
) -> Result<Loaded> {
    let mut expanded = expand::expand_file(path, library, &config.selection())?;
    let mut model = lower::lower(&expanded)?;
    model.heuristics = Some(heuristics::read(&mut expanded, &config.ai_dirs)?);
    Ok(Loaded { expanded, model })
}

/// A description held in memory, loaded as `inline.lud` with no define
/// library and the default options: the unit tests' games.
#[cfg(test)]
pub(crate) fn load_inline(text: &str) -> Result<Loaded> {
    load_str(
        Path::new("inline.lud"),
        text,
        &expand::DefineLibrary::empty(),
        &Config::default(),
    )
}

/// As [`load_with_library`], for a description held in memory.
pub fn load_str(
    path_for_messages: &Path,
    text: &str,
    library: &expand::DefineLibrary,
    config: &Config,
) -> Result<Loaded> {
    let mut expanded = expand::expand_str(path_for_messages, text, library, &config.selection())?;
    let mut model = lower::lower(&expanded)?;
    model.heuristics = Some(heuristics::read(&mut expanded, &config.ai_dirs)?);
    Ok(Loaded { expanded, model })
}
