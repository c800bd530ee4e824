//! The games the server offers: the bundled games, the `.lud` files named
//! on the command line (a folder stands for every file below it) and the
//! descriptions uploaded. A game is loaded (expanded with the options
//! chosen, lowered) each time a session starts; the compiled code runs it
//! where a bundled module was generated for those options, else the
//! interpreter does.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::heuristics::{Evaluator, Heuristics};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::ir::GameModel;
use ludemic_compiler::Config;
use ludemic_runtime::{PositionView, Recorded, TensorGame, TensorLayout};
use serde::Serialize;

use super::session::{Session, Table};

/// The deepest bracket nesting an uploaded description may have: the
/// parser recurses once per level, and no Ludii game comes near this.
pub const MAX_NESTING: usize = 200;
/// The largest description accepted (Ludii's largest is under 100 kB).
pub const MAX_TEXT: usize = 512 * 1024;

/// One game on offer.
#[derive(Clone, Debug)]
pub struct Entry {
    pub id: String,
    pub name: String,
    /// The path its messages name (the bundled games': `games/X.lud`).
    pub path: PathBuf,
    pub text: Arc<str>,
    pub origin: Origin,
}

/// Where a game on offer came from.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    Bundled,
    File,
    Upload,
}

/// A game as `/api/games` lists it.
#[derive(Serialize, Debug)]
pub struct Listed {
    pub id: String,
    pub name: String,
    pub origin: Origin,
    /// Whether compiled code runs it with its default options.
    pub compiled: bool,
    pub options: Vec<Category>,
}

/// An option category of a game: the user picks one item.
#[derive(Serialize, Debug)]
pub struct Category {
    pub heading: String,
    pub items: Vec<String>,
    pub default: usize,
}

/// The bundled games, each by its stem.
pub fn bundled() -> Vec<Entry> {
    ludemic_generated::SOURCES
        .iter()
        .map(|(stem, text)| Entry {
            id: (*stem).to_owned(),
            name: game_name(text).unwrap_or_else(|| (*stem).to_owned()),
            path: Path::new("games").join(format!("{stem}.lud")),
            text: Arc::from(*text),
            origin: Origin::Bundled,
        })
        .collect()
}

/// The `.lud` files of `paths` (folders searched recursively), each read
/// once; an unreadable file is an error.
pub fn files(paths: &[PathBuf]) -> Result<Vec<Entry>, String> {
    let mut found = Vec::new();
    for path in paths {
        collect(path, &mut found)?;
    }
    found.sort();
    found
        .into_iter()
        .enumerate()
        .map(|(i, path)| {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let stem = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            Ok(Entry {
                id: format!("file-{i}-{}", slug(&stem)),
                name: game_name(&text).unwrap_or(stem),
                path,
                text: Arc::from(text),
                origin: Origin::File,
            })
        })
        .collect()
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_dir() {
        let entries =
            std::fs::read_dir(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for entry in entries.flatten() {
            collect(&entry.path(), out)?;
        }
    } else if path.extension().is_some_and(|e| e == "lud") {
        out.push(path.to_owned());
    } else if !path.exists() {
        return Err(format!("{}: no such file or folder", path.display()));
    }
    Ok(())
}

/// Letters, digits and dashes of a name.
fn slug(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

/// The name a description gives its game (`(game "Hex" ...)`).
fn game_name(text: &str) -> Option<String> {
    let at = text.find("(game \"")? + "(game \"".len();
    let end = text[at..].find('"')?;
    Some(text[at..at + end].to_owned())
}

/// Refuses a description too large or too deeply nested to parse safely.
pub fn check_upload(text: &str) -> Result<(), String> {
    if text.len() > MAX_TEXT {
        return Err(format!(
            "the description is {} bytes; at most {MAX_TEXT} are accepted",
            text.len()
        ));
    }
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut in_string = false;
    for c in text.chars() {
        match c {
            '"' => in_string = !in_string,
            '(' | '{' | '[' if !in_string => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' | '}' | ']' if !in_string => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    match deepest > MAX_NESTING {
        true => Err(format!(
            "brackets nested {deepest} deep; at most {MAX_NESTING} are accepted"
        )),
        false => Ok(()),
    }
}

/// What loading a game needs besides its text.
pub struct Loader {
    pub library: DefineLibrary,
    pub def_dirs: Vec<PathBuf>,
    pub ai_dirs: Vec<PathBuf>,
}

/// A game loaded with some options, ready to start sessions.
pub struct Ready {
    pub model: Arc<GameModel>,
    pub eval: Arc<Evaluator>,
    pub letters: Arc<Vec<char>>,
    /// The Ludii–Polygames tensor layout, for games that have one.
    pub layout: Option<Arc<TensorLayout>>,
    /// The bundled module running it, where there is one for the options.
    pub compiled: Option<String>,
}

impl Loader {
    /// `entry` expanded with `options` and lowered; the error is the
    /// compiler's report, with the source position, as text.
    pub fn load(&self, entry: &Entry, options: &[String]) -> Result<Ready, String> {
        let config = Config {
            def_dirs: self.def_dirs.clone(),
            options: options.to_vec(),
            ruleset: None,
            ai_dirs: self.ai_dirs.clone(),
        };
        let loaded = ludemic_compiler::load_str(&entry.path, &entry.text, &self.library, &config)
            .map_err(|e| report(&e))?;
        let model = loaded.model;
        let heuristics = model
            .heuristics
            .clone()
            .unwrap_or_else(|| Heuristics::ludii_default(None));
        let eval = Evaluator::new(&model, &heuristics).map_err(|e| e.to_string())?;
        let compiled = match entry.origin {
            Origin::Upload => None,
            _ => crate::cli::bundled_stem(&entry.path, &entry.text, options),
        };
        Ok(Ready {
            letters: Arc::new(crate::cli::play::letters(&model)),
            layout: ludemic_compiler::tensor::layout(&model).ok().map(Arc::new),
            model: Arc::new(model),
            eval: Arc::new(eval),
            compiled,
        })
    }

    /// The option categories of `entry`, for the page to choose from.
    pub fn options(&self, entry: &Entry) -> Vec<Category> {
        ludemic_compiler::expand::option_categories(&entry.path, &entry.text)
            .map(|categories| {
                categories
                    .iter()
                    .map(|c| Category {
                        heading: c.heading.clone(),
                        items: c.items.iter().map(|i| i.label.clone()).collect(),
                        default: c.default_item(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A compiler error as a person reads it: the message, then the source
/// lines it points at.
pub fn report(error: &ludemic_compiler::CompileError) -> String {
    let mut out = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor());
    match handler.render_report(&mut out, error) {
        Ok(()) => out,
        Err(_) => error.to_string(),
    }
}

/// A new session on `ready`: the compiled code where it has a module,
/// else the interpreter.
pub fn start(ready: &Ready, seed: u64) -> Box<dyn Session> {
    if let Some(stem) = &ready.compiled {
        let visit = Start { ready, seed };
        if let Some(session) = ludemic_generated::visit(stem, visit) {
            return session;
        }
    }
    let game = Interpreter::new((*ready.model).clone());
    table(game, "interpreter", ready, seed)
}

fn table<G>(game: G, engine: &'static str, ready: &Ready, seed: u64) -> Box<dyn Session>
where
    G: TensorGame + Send + 'static,
    G::State: Send,
{
    Box::new(Table::new(game, engine, ready, seed))
}

/// Starts a session on a bundled game's generated code.
struct Start<'a> {
    ready: &'a Ready,
    seed: u64,
}

impl ludemic_generated::Visitor for Start<'_> {
    type Output = Box<dyn Session>;
    fn visit<G: PositionView + Clone + Send + Sync + 'static>(self, game: &G) -> Self::Output
    where
        G::State: Send + Sync,
        G::Move: Send + Sync,
    {
        // Recorded: the recent moves the tensors show.
        table(Recorded(game.clone()), "compiled", self.ready, self.seed)
    }
}
