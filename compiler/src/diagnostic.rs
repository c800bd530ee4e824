//! Errors for people: every failure of the front end is a [`CompileError`]
//! that names what went wrong and points at a file, line and column.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode};

use crate::source::{Location, Origin, SourceMap, Tracked};

/// What kind of problem a [`CompileError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A file could not be read.
    Io,
    /// The text is not well-formed Ludii syntax.
    Syntax,
    /// An option selection names no option of the game.
    UnknownOption,
    /// A ruleset selection names no ruleset of the game.
    UnknownRuleset,
    /// `("Name" ...)` where no define of that name exists.
    MissingDefine,
    /// A `<Tag>` / `<Tag:arg>` option marker left after option expansion.
    UnresolvedOption,
    /// A `#n` define parameter left after define expansion.
    UnresolvedParameter,
    /// Defines that expand forever (recursion).
    DefineRecursion,
    /// A ludeme, or a form of a ludeme, the compiler does not support.
    Unsupported,
    /// A well-formed description that is not a valid game (wrong argument, bad type...).
    Invalid,
    /// A game too large for a state layout.
    TooLarge,
}

impl ErrorKind {
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::Io => "ludemic::io",
            ErrorKind::Syntax => "ludemic::syntax",
            ErrorKind::UnknownOption => "ludemic::unknown_option",
            ErrorKind::UnknownRuleset => "ludemic::unknown_ruleset",
            ErrorKind::MissingDefine => "ludemic::missing_define",
            ErrorKind::UnresolvedOption => "ludemic::unresolved_option",
            ErrorKind::UnresolvedParameter => "ludemic::unresolved_parameter",
            ErrorKind::DefineRecursion => "ludemic::define_recursion",
            ErrorKind::Unsupported => "ludemic::unsupported",
            ErrorKind::Invalid => "ludemic::invalid",
            ErrorKind::TooLarge => "ludemic::too_large",
        }
    }
}

/// A compile error with its source location.
///
/// `Display` gives `file:line:col: message`, so the error reads well in a
/// plain log, in `compile_error!` and in a test assertion; as a
/// [`miette::Diagnostic`] it renders with the source snippet. The details are
/// boxed (and reached through `Deref`) so that `Result`s stay small on the
/// success path.
#[derive(Clone, Debug)]
pub struct CompileError(Box<ErrorDetails>);

/// What a [`CompileError`] says.
#[derive(Clone, Debug)]
pub struct ErrorDetails {
    pub kind: ErrorKind,
    pub message: String,
    /// Where the problem is, if it has a place in a file.
    pub location: Option<Location>,
    /// Text of the labelled span (shown under the snippet).
    pub label: String,
    pub help: Option<String>,
    source: Option<(NamedSource<Arc<str>>, Range<usize>)>,
}

impl std::ops::Deref for CompileError {
    type Target = ErrorDetails;
    fn deref(&self) -> &ErrorDetails {
        &self.0
    }
}

impl CompileError {
    /// An error with no source position (e.g. an unreadable file).
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        CompileError(Box::new(ErrorDetails {
            kind,
            message: message.into(),
            location: None,
            label: String::new(),
            help: None,
            source: None,
        }))
    }

    /// An error at an origin (a byte of some file of `map`), spanning `len` bytes.
    pub fn at(
        kind: ErrorKind,
        map: &SourceMap,
        origin: Origin,
        len: usize,
        message: impl Into<String>,
    ) -> Self {
        let file = map.file(origin.file);
        let start = origin.offset as usize;
        let end = (start + len.max(1)).min(file.text.len()).max(start);
        CompileError(Box::new(ErrorDetails {
            kind,
            message: message.into(),
            location: Some(map.locate(origin)),
            label: String::from("here"),
            help: None,
            source: Some((
                NamedSource::new(file.path.display().to_string(), file.text.clone()),
                start..end,
            )),
        }))
    }

    /// An error at a byte range of a tracked (expanded) text: located at the
    /// origin of the range's first byte. The span is kept inside one file.
    pub fn in_tracked(
        kind: ErrorKind,
        map: &SourceMap,
        text: &Tracked,
        range: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        let Some(first) = text.origin(range.start) else {
            return CompileError::new(kind, message);
        };
        // Extend the span over following bytes that come contiguously from the same file.
        let mut len = 1;
        for i in range.start + 1..range.end {
            match text.origin(i) {
                Some(o) if o.file == first.file && o.offset == first.offset + len as u32 => {
                    len += 1
                }
                _ => break,
            }
        }
        CompileError::at(kind, map, first, len, message)
    }

    /// Names the game an error without a place of its own belongs to
    /// (a code generation error, say): `games/hex.lud: ...`.
    pub fn in_game(mut self, game: impl std::fmt::Display) -> Self {
        if self.0.location.is_none() {
            self.0.message = format!("{game}: {}", self.0.message);
        }
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.0.label = label.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.0.help = Some(help.into());
        self
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(loc) => write!(f, "{loc}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for CompileError {}

impl Diagnostic for CompileError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.kind.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|(s, _)| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let (_, range) = self.source.as_ref()?;
        Some(Box::new(std::iter::once(LabeledSpan::new(
            Some(self.label.clone()),
            range.start,
            range.len(),
        ))))
    }
}

/// Result of a compiler pass.
pub type Result<T, E = CompileError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_line_and_column() {
        let mut map = SourceMap::new();
        let id = map.add("games/x.lud", "(game \"X\"\n  (frob 3))");
        let err = CompileError::at(
            ErrorKind::Unsupported,
            &map,
            Origin {
                file: id,
                offset: 13,
            },
            4,
            "unsupported ludeme `frob`",
        );
        assert_eq!(
            err.to_string(),
            "games/x.lud:2:4: unsupported ludeme `frob`"
        );
        let label = err.labels().unwrap().next().unwrap();
        assert_eq!((label.offset(), label.len()), (13, 4));
    }
}
