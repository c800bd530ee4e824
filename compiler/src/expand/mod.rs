//! Ludii expansion: options, rulesets, defines, ranges, metadata, clean-up.
//!
//! Ludii's expander (`Expander.expand`) is a text rewriter, and some of its
//! quirks only come out right as text substitutions, so this module works on
//! text too — but on [`Tracked`] text, so that every byte of the result still
//! knows which file (the `.lud`, or a library `.def`) and offset it came from.
//! The passes, in Ludii's order, each in its own file:
//!
//! 1. [`remove_comments`](remove_comments::remove_comments)
//! 2. [`realise_options`](realise_options) — `(option ...)` blocks, `<Tag:arg>` markers
//! 3. [`realise_rulesets`](realise_rulesets) — `(rulesets ...)` (stored, applied only on request)
//! 4. [`expand_defines`](expand_defines) — file and library defines, to a fixed point
//! 5. `remove_comments` again (library bodies may carry comments)
//! 6. [`expand_ranges`](expand_ranges) — `1..8`, then `"A1".."C3"`
//! 7. [`extract_metadata`](extract_metadata) — cut out and dropped
//! 8. [`clean_up`](clean_up) — whitespace, `": "`, `((x))`
//!
//! then [`check_leftovers`](check_leftovers) (missing defines, unresolved
//! markers and parameters) and the strict parse into a [`Node`] tree.
//!
//! Deliberate differences from Ludii, all on input Ludii would mishandle:
//! an unknown option or ruleset selection is an error (Ludii silently falls
//! back to the defaults); a `("Name" ...)` call of a missing define is an
//! error; later `(rulesets` blocks are deleted whole; runaway expansion is
//! an error rather than a hang.

mod check_leftovers;
mod clean_up;
mod expand_defines;
mod expand_ranges;
mod extract_metadata;
pub(crate) mod library;
mod realise_options;
mod realise_rulesets;
pub(crate) mod remove_comments;
pub(crate) mod scan;

use std::path::Path;

pub use library::DefineLibrary;
pub use realise_options::{OptionCategory, OptionItem, OptionValue};
pub use realise_rulesets::Ruleset;

use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{FileId, Origin, SourceMap, Tracked};
use crate::syntax::{self, Node, Span};

/// What the user chose: option items by `"Heading/Item"`, and a ruleset by
/// name. A ruleset stands for its list of option items; explicit `options`
/// override the ruleset's choice in the same category. Categories not named
/// get their default item (the one with the most `*`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    pub options: Vec<String>,
    pub ruleset: Option<String>,
}

impl Selection {
    /// Every option at its default, no ruleset.
    pub fn defaults() -> Self {
        Self::default()
    }

    /// The given `"Heading/Item"` options, no ruleset.
    pub fn with_options<S: Into<String>>(options: impl IntoIterator<Item = S>) -> Self {
        Selection {
            options: options.into_iter().map(Into::into).collect(),
            ruleset: None,
        }
    }
}

/// An expanded game description.
#[derive(Clone, Debug)]
pub struct Expanded {
    /// Library files, then the game file.
    pub sources: SourceMap,
    /// The game file in `sources`.
    pub file: FileId,
    /// Expanded, cleaned-up text (metadata removed); node spans index it.
    pub text: Tracked,
    /// The first top-level form: `(game "Name" ...)` or `(match "Name" ...)`.
    pub game: Node,
    /// The game's name.
    pub name: String,
    /// Resolved `"Heading/Item"`, one per option category, in file order.
    pub selected_options: Vec<String>,
    /// Every option category with its items.
    pub options: Vec<OptionCategory>,
    /// Headings of the game's rulesets.
    pub rulesets: Vec<String>,
    /// The rulesets with the options each selects.
    pub ruleset_details: Vec<Ruleset>,
    /// The heading of the ruleset applied, if one was chosen.
    pub selected_ruleset: Option<String>,
    /// The first `(metadata ...)` form, options and in-file defines applied
    /// (the agents read its `(ai ...)`).
    pub metadata: Option<Tracked>,
}

impl Expanded {
    /// An error at `span` of the expanded text, located in the original file.
    pub fn error(&self, kind: ErrorKind, span: &Span, msg: impl Into<String>) -> CompileError {
        CompileError::in_tracked(kind, &self.sources, &self.text, span.clone(), msg)
    }

    /// Where a byte of the expanded text came from.
    pub fn origin(&self, offset: usize) -> Option<Origin> {
        self.text.origin(offset)
    }
}

/// Reads and expands a `.lud` file.
pub fn expand_file(
    path: &Path,
    library: &DefineLibrary,
    selection: &Selection,
) -> Result<Expanded> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        CompileError::new(
            ErrorKind::Io,
            format!("cannot read {}: {e}", path.display()),
        )
    })?;
    expand_str(path, &text, library, selection)
}

/// Expands a game description given as text (`path_for_messages` names it in errors).
pub fn expand_str(
    path_for_messages: &Path,
    text: &str,
    library: &DefineLibrary,
    selection: &Selection,
) -> Result<Expanded> {
    let mut sources = library.sources().clone();
    let file = sources.add(path_for_messages, text);
    let raw = sources.tracked(file);
    let file_start = Origin { file, offset: 0 };

    // Malformed files fail here, with the bracket or quote at fault.
    syntax::parse_raw(&raw, &sources)?;

    let mut t = remove_comments::remove_comments(&raw);

    let Choice {
        ruleset,
        categories,
        chosen,
    } = choose(&mut t, &sources, file_start, selection)?;
    let stopped = realise_options::apply(&mut t, &categories, &chosen, &sources)?;

    let rulesets = realise_rulesets::realise_rulesets(&mut t, &sources)?;

    let (t, file_defines) = expand_defines::expand_defines(t, library, &sources)?;
    let mut t = remove_comments::remove_comments(&t);
    expand_ranges::expand_ranges(&mut t, &sources)?;
    expand_ranges::expand_site_ranges(&mut t, &sources)?;
    let metadata = extract_metadata::extract_metadata(&mut t, &sources)?;
    let t = clean_up::clean_up(&t, &sources)?;

    let cx = check_leftovers::Context {
        option_tags: categories
            .iter()
            .map(|c| c.tag.as_str())
            .filter(|t| !t.is_empty())
            .collect(),
        define_names: file_defines
            .iter()
            .map(|n| n.trim_matches('"'))
            .chain(library.names())
            .collect(),
        stopped_by: stopped.map(|s| s.choice),
    };
    check_leftovers::check_leftovers(&t, &sources, &cx)?;

    if t.as_str().trim().is_empty() {
        return Err(CompileError::at(
            ErrorKind::Syntax,
            &sources,
            file_start,
            1,
            "no `(game \"Name\" ...)` form in the file",
        ));
    }
    let game = syntax::parse_expanded(&t, &sources)?;
    let name = match (game.head(), game.args().first()) {
        (Some("game" | "match"), Some(arg))
            if arg.label.is_none() && arg.value.string().is_some() =>
        {
            arg.value.string().unwrap_or_default().to_string()
        }
        _ => {
            let head_end = game.span.start + 1 + game.head().map_or(0, str::len);
            return Err(CompileError::in_tracked(
                ErrorKind::Syntax,
                &sources,
                &t,
                game.span.start..head_end,
                "expected the description to start with `(game \"Name\" ...)` or `(match \"Name\" ...)`",
            ));
        }
    };

    Ok(Expanded {
        sources,
        file,
        text: t,
        game,
        name,
        selected_options: categories
            .iter()
            .zip(&chosen)
            .map(|(c, &i)| c.choice(i))
            .collect(),
        options: categories,
        rulesets: rulesets.iter().map(|r| r.heading.clone()).collect(),
        selected_ruleset: ruleset.map(|r| r.heading),
        ruleset_details: rulesets,
        metadata,
    })
}

/// The ruleset and option items a selection picks, the options' declarations
/// taken out of the text.
struct Choice {
    ruleset: Option<Ruleset>,
    categories: Vec<OptionCategory>,
    chosen: Vec<usize>,
}

fn choose(
    t: &mut Tracked,
    sources: &SourceMap,
    file_start: Origin,
    selection: &Selection,
) -> Result<Choice> {
    let ruleset = match &selection.ruleset {
        Some(name) => Some(find_ruleset(t, sources, name, file_start)?),
        None => None,
    };
    let categories = realise_options::extract_options(t, sources)?;
    let wanted = merge_selection(
        &categories,
        ruleset.as_ref(),
        &selection.options,
        sources,
        file_start,
    )?;
    let chosen = realise_options::choose(&categories, &wanted, sources, file_start)?;
    Ok(Choice {
        ruleset,
        categories,
        chosen,
    })
}

/// The option items (`"Heading/Item"`, one per category, defaults filled in)
/// that `selection` picks in a description, without expanding it: what
/// tells two spellings of the same choices apart from different choices.
pub fn selected_options(
    path_for_messages: &Path,
    text: &str,
    selection: &Selection,
) -> Result<Vec<String>> {
    let mut sources = SourceMap::default();
    let file = sources.add(path_for_messages, text);
    let raw = sources.tracked(file);
    syntax::parse_raw(&raw, &sources)?;
    let mut t = remove_comments::remove_comments(&raw);
    let Choice {
        categories, chosen, ..
    } = choose(&mut t, &sources, Origin { file, offset: 0 }, selection)?;
    Ok(categories
        .iter()
        .zip(&chosen)
        .map(|(c, &i)| c.choice(i))
        .collect())
}

/// Every option category of a description (its heading, items and
/// default), without expanding it: what a user may choose among.
pub fn option_categories(path_for_messages: &Path, text: &str) -> Result<Vec<OptionCategory>> {
    let mut sources = SourceMap::default();
    let file = sources.add(path_for_messages, text);
    let raw = sources.tracked(file);
    syntax::parse_raw(&raw, &sources)?;
    let mut t = remove_comments::remove_comments(&raw);
    realise_options::extract_options(&mut t, &sources)
}

fn find_ruleset(
    text: &Tracked,
    sources: &SourceMap,
    name: &str,
    file_start: Origin,
) -> Result<Ruleset> {
    let all = realise_rulesets::read_rulesets(text, sources)?;
    if let Some(r) = all.iter().find(|r| r.is_named(name)) {
        return Ok(r.clone());
    }
    let at = all.first().and_then(|r| r.origin).unwrap_or(file_start);
    let help = if all.is_empty() {
        "this game has no rulesets".to_string()
    } else {
        format!(
            "valid rulesets are:\n  {}",
            all.iter()
                .map(|r| r.heading.as_str())
                .collect::<Vec<_>>()
                .join("\n  ")
        )
    };
    Err(CompileError::at(
        ErrorKind::UnknownRuleset,
        sources,
        at,
        8,
        format!("unknown ruleset \"{name}\""),
    )
    .with_help(help))
}

/// The ruleset's options, less those whose category the user chose
/// explicitly, then the user's options.
fn merge_selection(
    categories: &[OptionCategory],
    ruleset: Option<&Ruleset>,
    user: &[String],
    sources: &SourceMap,
    file_start: Origin,
) -> Result<Vec<String>> {
    let Some(ruleset) = ruleset else {
        return Ok(user.to_vec());
    };
    let category_of = |choice: &str| {
        categories
            .iter()
            .position(|c| c.choices().iter().any(|x| x == choice))
    };
    let mut out = Vec::new();
    for opt in &ruleset.options {
        let Some(k) = category_of(opt) else {
            let at = ruleset.origin.unwrap_or(file_start);
            return Err(CompileError::at(
                ErrorKind::UnknownOption,
                sources,
                at,
                8,
                format!(
                    "ruleset \"{}\" selects unknown option \"{opt}\"",
                    ruleset.heading
                ),
            ));
        };
        if !user.iter().any(|u| category_of(u) == Some(k)) {
            out.push(opt.clone());
        }
    }
    out.extend(user.iter().cloned());
    Ok(out)
}

#[cfg(test)]
mod tests;
