//! The define library: `(define "Name" body)` forms from `.def` files.
//!
//! Ludii loads every `*.def` file below `Common/res/def` and keys each define
//! by its quoted name (not the file name); text before `(define` (the
//! comment describing `#1`, `#2`...) is ignored.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::scan::{find_byte, find_from, matching_bracket, trim_range};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{SourceMap, Tracked};

/// One define: its name with the quotes (the text searched for) and its body.
#[derive(Clone, Debug)]
pub(crate) struct Define {
    pub name: String,
    pub body: Tracked,
}

/// Defines shared by many games, loaded from directories of `.def` files.
#[derive(Clone, Debug, Default)]
pub struct DefineLibrary {
    sources: SourceMap,
    /// Keyed by quoted name; a `BTreeMap` so that expansion order is
    /// deterministic (Ludii uses a hash map; the result runs to a fixed point
    /// and does not depend on the order for real libraries).
    defines: BTreeMap<String, Define>,
}

impl DefineLibrary {
    /// A library with no defines.
    pub fn empty() -> Self {
        Self::default()
    }

    /// Loads every `*.def` file below each directory (recursively, in path
    /// order). When two directories define the same name, the first directory
    /// wins, as in a search path; the same name twice in one directory is an
    /// error.
    pub fn load(dirs: &[impl AsRef<Path>]) -> Result<Self> {
        let mut lib = Self::empty();
        for dir in dirs {
            let dir = dir.as_ref();
            if !dir.is_dir() {
                return Err(CompileError::new(
                    ErrorKind::Io,
                    format!("define library {} is not a directory", dir.display()),
                ));
            }
            let mut files = Vec::new();
            collect_def_files(dir, &mut files)?;
            files.sort();
            let mut here: BTreeMap<String, Define> = BTreeMap::new();
            for path in files {
                let text = std::fs::read_to_string(&path).map_err(|e| {
                    CompileError::new(
                        ErrorKind::Io,
                        format!("cannot read {}: {e}", path.display()),
                    )
                })?;
                let define = lib.parse_file(path, text)?;
                if let Some(first) = here.get(&define.name) {
                    let first_at = first
                        .body
                        .origin(0)
                        .map(|o| lib.sources.locate(o).to_string())
                        .unwrap_or_default();
                    return Err(CompileError::in_tracked(
                        ErrorKind::Invalid,
                        &lib.sources,
                        &define.body,
                        0..1,
                        format!(
                            "define {} is defined twice in the library (first at {first_at})",
                            define.name
                        ),
                    ));
                }
                here.insert(define.name.clone(), define);
            }
            for (name, define) in here {
                lib.defines.entry(name).or_insert(define);
            }
        }
        Ok(lib)
    }

    /// Adds one `.def` file's text (replacing a define of the same name).
    pub fn add_file(&mut self, path: impl Into<PathBuf>, text: &str) -> Result<()> {
        let define = self.parse_file(path.into(), text.to_string())?;
        self.defines.insert(define.name.clone(), define);
        Ok(())
    }

    fn parse_file(&mut self, path: PathBuf, text: String) -> Result<Define> {
        let id = self.sources.add(path.clone(), text);
        let tracked = self.sources.tracked(id);
        crate::syntax::parse_raw(&tracked, &self.sources)?;
        match interpret_define(&tracked, &self.sources)? {
            Some((define, _)) => Ok(define),
            None => Err(CompileError::new(
                ErrorKind::Syntax,
                format!(
                    "{}: no `(define \"Name\" ...)` in library file",
                    path.display()
                ),
            )),
        }
    }

    pub fn len(&self) -> usize {
        self.defines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.defines.is_empty()
    }

    /// Whether a define of this name (without quotes) exists.
    pub fn contains(&self, name: &str) -> bool {
        self.defines.contains_key(&format!("\"{name}\""))
    }

    /// Names of all defines, without quotes, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.defines.keys().map(|k| k.trim_matches('"'))
    }

    /// The `.def` files read.
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }

    pub(crate) fn defines(&self) -> impl Iterator<Item = &Define> {
        self.defines.values()
    }
}

fn collect_def_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        CompileError::new(ErrorKind::Io, format!("cannot read {}: {e}", dir.display()))
    })?;
    for entry in entries {
        let path = entry
            .map_err(|e| {
                CompileError::new(ErrorKind::Io, format!("cannot read {}: {e}", dir.display()))
            })?
            .path();
        if path.is_dir() {
            collect_def_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "def") {
            out.push(path);
        }
    }
    Ok(())
}

/// `Expander.interpretDefine`: the first `(define ` form of `text`, with its
/// byte range. The name is the first string (quotes included); the body is
/// everything after it up to the closing bracket, trimmed.
pub(crate) fn interpret_define(
    text: &Tracked,
    map: &SourceMap,
) -> Result<Option<(Define, std::ops::Range<usize>)>> {
    let s = text.as_str();
    let Some(c) = find_from(s, "(define ", 0) else {
        return Ok(None);
    };
    let Some(cc) = matching_bracket(s, c, true) else {
        return Err(CompileError::in_tracked(
            ErrorKind::Syntax,
            map,
            text,
            c..c + 7,
            "`(define` is not closed: no matching `)`",
        ));
    };
    let (start, end) = trim_range(s, c + 1, cc);
    let q1 = find_byte(s, b'"', start).filter(|&q| q < end);
    let q2 = q1
        .and_then(|q| find_byte(s, b'"', q + 1))
        .filter(|&q| q < end);
    let (Some(q1), Some(q2)) = (q1, q2) else {
        return Err(CompileError::in_tracked(
            ErrorKind::Syntax,
            map,
            text,
            c..c + 7,
            "a define must start with its name: `(define \"Name\" ...)`",
        ));
    };
    let (b, e) = trim_range(s, q2 + 1, end);
    let define = Define {
        name: s[q1..=q2].to_string(),
        body: text.slice(b..e),
    };
    Ok(Some((define, c..cc + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_by_quoted_name_and_ignores_the_header() {
        let mut lib = DefineLibrary::empty();
        lib.add_file("x/StepToEmpty.def", "// #1 = directions\n// @example (\"Step\")\n\n(define \"Step\"\n    (move Step #1 (to if:(is Empty (to))))\n)\n").unwrap();
        assert_eq!(lib.len(), 1);
        assert!(lib.contains("Step"));
        let d = lib.defines().next().unwrap();
        assert_eq!(d.name, "\"Step\"");
        assert_eq!(d.body.as_str(), "(move Step #1 (to if:(is Empty (to))))");
        let loc = lib.sources().locate(d.body.origin(0).unwrap());
        assert_eq!((loc.line, loc.column), (5, 5));
    }

    #[test]
    fn bad_files_are_errors() {
        let mut lib = DefineLibrary::empty();
        assert_eq!(
            lib.add_file("a.def", "(define \"A\" (x)").unwrap_err().kind,
            ErrorKind::Syntax
        );
        assert!(lib
            .add_file("b.def", "// nothing")
            .unwrap_err()
            .message
            .contains("no `(define"));
        assert!(lib
            .add_file("c.def", "(define (x))")
            .unwrap_err()
            .message
            .contains("must start with its name"));
        assert_eq!(
            DefineLibrary::load(&["/nonexistent/dir"]).unwrap_err().kind,
            ErrorKind::Io
        );
    }
}
