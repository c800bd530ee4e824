//! `load_game`: a bundled name or a `.lud` path, to an engine.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::{Config, Loaded};

use crate::embedded;
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
    let config = Config {
        def_dirs: defs.to_vec(),
        options: options.to_vec(),
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
    // The bundled module was generated from the default options (as the
    // CLI's bundled_stem decides): options that are all default choices keep it.
    let fits = match bundled {
        Some((stem, text))
            if ludemic_generated::GAMES.contains(stem) && config.ruleset.is_none() =>
        {
            options.is_empty() || {
                let defaults = ludemic_compiler::expand::expand_str(
                    &Path::new("games").join(format!("{stem}.lud")),
                    text,
                    &lib,
                    &ludemic_compiler::expand::Selection::default(),
                )
                .map_err(|e| Error(e.to_string()))?;
                options
                    .iter()
                    .all(|o| defaults.selected_options.contains(o))
            }
        }
        _ => false,
    };
    match compiled {
        Some(true) if !fits => Err(Error(format!(
            "{name}: no compiled code is bundled for this game and these options \
             (the compiled engine runs the bundled games with their default options: {}); \
             use engine=\"interpreter\"",
            ludemic_generated::GAMES.join(", ")
        ))),
        Some(true) | None if fits => {
            let stem = name.to_owned();
            Ok(ludemic_generated::visit(&stem, engine::Bundle { model }).expect("a bundled game"))
        }
        _ => Ok(engine::interpreted(model)),
    }
}
