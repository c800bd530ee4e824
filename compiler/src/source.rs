//! Source files and byte-level provenance.
//!
//! Ludii's expander is a text rewriter (options, defines and ranges are string
//! substitutions), so the expanded game text is stitched together from pieces of
//! several files: the `.lud` itself and any number of `.def` library files.
//! [`Tracked`] keeps, for every byte of such a text, the [`Origin`] it came from,
//! so that an error found after expansion still points at a line and column of
//! a file a person wrote.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// Where one byte of a (possibly rewritten) text came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub file: FileId,
    pub offset: u32,
}

/// One loaded source file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as given by the user (used in messages).
    pub path: PathBuf,
    pub text: Arc<str>,
}

/// Every file read while compiling one game.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

/// A human-readable position: file, 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub path: PathBuf,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.path.display(), self.line, self.column)
    }
}

impl SourceMap {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, path: impl Into<PathBuf>, text: impl Into<Arc<str>>) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile {
            path: path.into(),
            text: text.into(),
        });
        id
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    /// The paths of every file read (for `include_str!` / `rerun-if-changed`).
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.files.iter().map(|f| f.path.as_path())
    }

    /// A whole file as a tracked text whose every byte points back at itself.
    pub fn tracked(&self, id: FileId) -> Tracked {
        Tracked::from_file(id, &self.file(id).text)
    }

    /// Line and column (1-based, columns in characters) of an origin.
    pub fn locate(&self, origin: Origin) -> Location {
        let file = self.file(origin.file);
        let (line, column) = line_column(&file.text, origin.offset as usize);
        Location {
            path: file.path.clone(),
            line,
            column,
        }
    }
}

/// 1-based line and column of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..offset].chars().count() + 1;
    (line, column)
}

/// A text together with the origin of each of its bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tracked {
    text: String,
    origins: Vec<Origin>,
}

impl Tracked {
    /// The text of one file, each byte tracked to its own offset.
    pub fn from_file(file: FileId, text: &str) -> Self {
        Tracked {
            text: text.to_owned(),
            origins: (0..text.len() as u32)
                .map(|offset| Origin { file, offset })
                .collect(),
        }
    }

    /// Text made up by a pass (e.g. the numbers of an expanded range), every byte
    /// attributed to `origin`.
    pub fn synthetic(text: &str, origin: Origin) -> Self {
        Tracked {
            text: text.to_owned(),
            origins: vec![origin; text.len()],
        }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn len(&self) -> usize {
        self.text.len()
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Origin of the byte at `offset` (the last byte's origin past the end).
    pub fn origin(&self, offset: usize) -> Option<Origin> {
        self.origins
            .get(offset)
            .or_else(|| self.origins.last())
            .copied()
    }

    /// The tracked sub-text `range`.
    pub fn slice(&self, range: Range<usize>) -> Tracked {
        Tracked {
            text: self.text[range.clone()].to_owned(),
            origins: self.origins[range].to_vec(),
        }
    }

    /// Replaces `range` with `with`, keeping `with`'s provenance.
    pub fn splice(&mut self, range: Range<usize>, with: &Tracked) {
        self.text.replace_range(range.clone(), &with.text);
        self.origins.splice(range, with.origins.iter().copied());
    }

    /// Appends another tracked text.
    pub fn push(&mut self, other: &Tracked) {
        self.text.push_str(&other.text);
        self.origins.extend_from_slice(&other.origins);
    }

    /// Appends the sub-text `range` of another tracked text (no intermediate copy).
    pub fn push_slice(&mut self, other: &Tracked, range: Range<usize>) {
        self.text.push_str(&other.text[range.clone()]);
        self.origins.extend_from_slice(&other.origins[range]);
    }

    /// Appends text made up by a pass, attributed to `origin`.
    pub fn push_synthetic(&mut self, text: &str, origin: Origin) {
        self.text.push_str(text);
        self.origins.extend(std::iter::repeat_n(origin, text.len()));
    }

    /// Builds a new text by keeping or replacing bytes: `f` is given each char
    /// and returns what to emit for it. Used by clean-up passes that rewrite
    /// character by character.
    pub fn map_chars(&self, mut f: impl FnMut(usize, char) -> Option<char>) -> Tracked {
        let mut out = Tracked::default();
        for (i, c) in self.text.char_indices() {
            if let Some(d) = f(i, c) {
                let mut buf = [0u8; 4];
                out.push_synthetic(d.encode_utf8(&mut buf), self.origins[i]);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_keeps_provenance_of_both_sides() {
        let mut map = SourceMap::new();
        let game = map.add("game.lud", "(a \"X\" b)");
        let def = map.add("x.def", "(define \"X\" (c d))");
        let mut text = map.tracked(game);
        let body = map.tracked(def).slice(12..17);
        text.splice(3..6, &body);
        assert_eq!(text.as_str(), "(a (c d) b)");
        assert_eq!(
            text.origin(3),
            Some(Origin {
                file: def,
                offset: 12
            })
        );
        assert_eq!(
            text.origin(9),
            Some(Origin {
                file: game,
                offset: 7
            })
        );
        let loc = map.locate(text.origin(5).unwrap());
        assert_eq!((loc.line, loc.column), (1, 15));
    }

    #[test]
    fn line_column_counts_from_one() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab\ncd", 99), (2, 3));
    }
}
