//! Turning a pest failure into a [`CompileError`] that says what was expected
//! and what was found, at the original file's line and column.

use pest::error::{ErrorVariant, InputLocation};

use super::grammar::Rule;
use crate::diagnostic::{CompileError, ErrorKind};
use crate::source::{SourceMap, Tracked};

/// A person's name for a grammar rule.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::raw_form | Rule::form => "`(`",
        Rule::raw_form_close => "`)`",
        Rule::raw_array | Rule::array => "`{`",
        Rule::raw_completion => "`[`",
        Rule::raw_marker => "an option marker `<...>`",
        Rule::raw_string | Rule::string => "a string",
        Rule::raw_word | Rule::atom => "a word",
        Rule::raw_label | Rule::label => "a `name:` label",
        Rule::raw_labelled | Rule::arg => "an argument",
        Rule::head | Rule::raw_op_head => "a ludeme name",
        _ => "valid syntax",
    }
}

/// The text at `pos`, as a person would name it: one bracket, or a word.
fn found_at(text: &str, pos: usize) -> String {
    let Some(rest) = text.get(pos..) else {
        return "end of file".into();
    };
    let mut chars = rest.chars();
    let Some(first) = chars.next() else {
        return "end of file".into();
    };
    if "(){}[]<>\":".contains(first) {
        return format!("`{first}`");
    }
    let word: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && !"(){}[]<>\"".contains(*c))
        .take(24)
        .collect();
    if word.is_empty() {
        format!("`{}`", first.escape_default())
    } else {
        format!("`{word}`")
    }
}

pub(crate) fn to_compile_error(
    err: pest::error::Error<Rule>,
    text: &Tracked,
    map: &SourceMap,
    what: &str,
) -> CompileError {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let expected = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            names.sort_unstable();
            names.dedup();
            if names.is_empty() {
                "valid syntax".to_string()
            } else {
                names.join(" or ")
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let found = found_at(text.as_str(), pos);
    let end = (pos + 1).min(text.len()).max(pos);
    CompileError::in_tracked(
        ErrorKind::Syntax,
        map,
        text,
        pos..end,
        format!("syntax error in {what}: expected {expected}, found {found}"),
    )
    .with_label(format!("expected {expected}"))
}
