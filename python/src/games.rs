//! `load_game`: a bundled name or a `.lud` path, to an engine.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::{Config, Loaded};

use ludemic_generated as embedded;
use crate::engine::{self, DynGame, Error, Result};

/// The define library: the `defs` directories, then the project's own
/// defines (`games/def`, embedded), which win on a shared name as they come
/// first on the command line's search path.
fn library(defs: &[PathBuf]) -> Result<DefineLibrary> {
    let mut library = DefineLibrary::load(defs).map_err(|e| Error(e.to_string()))?;
    for (path, text) in embedded::DEFINES {
        library
            .add_file(Path::new("games/def").join(path), text)
            .map_err(|e| Error(e.to_string()))?;
    }
    Ok(library)
}

/// Loads `name` (a bundled game's name, else a `.lud` path) with `options`
/// on `engine` (`None`: compiled where bundled code fits, else interpreter).
pub fn load(
    name: &str,
    options: &[String],
    defs: &[PathBuf],
    engine: Option<&str>,
    ruleset: Option<String>,
) -> Result<Arc<dyn DynGame>> {
    let compiled = match engine {
        None => None,
        Some("compiled") => Some(true),
        Some("interpreter") => Some(false),
        Some(other) => {
            return Err(Error(format!(
                "engine {other:?}: expected \"compiled\" or \"interpreter\""
            )))
        }
    };
    // A variant's name (`halma-6x6`) stands for its file with its options.
    let (name, options) =
        ludemic_generated::selection(name, options).unwrap_or((name, options.to_vec()));
    let config = Config {
        def_dirs: defs.to_vec(),
        options: options.clone(),
        ruleset,
        ai_dirs: Vec::new(),
    };
    let lib = library(defs)?;
    let bundled = embedded::SOURCES.iter().find(|(stem, _)| *stem == name);
    let loaded: Loaded = match bundled {
        Some((stem, text)) => ludemic_compiler::load_str(
            &Path::new("games").join(format!("{stem}.lud")),
            text,
            &lib,
            &config,
        ),
        None => {
            let path = Path::new(name);
            if !path.exists() {
                return Err(Error(format!(
                    "{name}: no such file, and not a bundled game ({})",
                    ludemic_generated::GAMES.join(", ")
                )));
            }
            ludemic_compiler::load_with_library(path, &lib, &config)
        }
    }
    .map_err(|e| Error(e.to_string()))?;
    let model = loaded.model;
    if model.dice.is_some() {
        return Err(Error(format!(
            "{name}: games with dice are not supported by the Python API (no chance nodes)"
        )));
    }
    // The bundled module that was generated from these choices, as the
    // CLI's bundled_stem decides: the game's defaults, or a variant's.
    let fits = match bundled {
        Some((stem, text)) if config.ruleset.is_none() => {
            let choices = |options: &[String]| {
                ludemic_compiler::expand::expand_str(
                    &Path::new("games").join(format!("{stem}.lud")),
                    text,
                    &lib,
                    &ludemic_compiler::expand::Selection::with_options(options.iter().cloned()),
                )
                .ok()
                .map(|e| e.selected_options)
            };
            ludemic_generated::bundled_for(stem, &options, choices)
        }
        _ => None,
    };
    match (compiled, fits) {
        (Some(true), None) => Err(Error(format!(
            "{name}: no compiled code is bundled for this game and these options \
             (the compiled engine runs the bundled games with their default options: {}; \
             and the variants {}); use engine=\"interpreter\"",
            ludemic_generated::GAMES.join(", "),
            ludemic_generated::VARIANTS
                .iter()
                .map(|v| v.stem)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        (Some(true) | None, Some(stem)) => {
            Ok(ludemic_generated::visit(stem, engine::Bundle { model }).expect("a bundled game"))
        }
        _ => Ok(engine::interpreted(model)),
    }
}
