//! Pass: clean-up (`Expander.cleanUp`).
//!
//! Newlines and tabs become spaces, runs of spaces collapse to one, the space
//! after `(`/`{` and before `)`/`}` goes, and `": "` becomes `":"` (so
//! `from: (x)` is `from:(x)`). Like Ludii this also happens inside strings.
//! Then double brackets: at each `((`, if the bracket closing the outer `(`
//! directly follows a `)`, the outer pair is removed (`((x y))` → `(x y)`,
//! which a define call whose body is one form produces); otherwise
//! (`((x) y)`) it is an error.

use super::scan::matching_bracket;
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{SourceMap, Tracked};

pub(crate) fn clean_up(text: &Tracked, map: &SourceMap) -> Result<Tracked> {
    let s = text.as_str();
    let b = s.as_bytes();
    let is_space = |x: u8| matches!(x, b' ' | b'\n' | b'\r' | b'\t');
    // Runs of spaces (after newlines and tabs became spaces) collapse to one,
    // so Ludii's sequence of replaceAll calls amounts to dropping a run whose
    // left neighbour is `(`, `{` or `:`, or whose right neighbour is `)` or
    // `}`, and keeping one space otherwise.
    let mut out = Tracked::default();
    let mut run_start = 0;
    let mut prev_kept: Option<u8> = None;
    let mut i = 0;
    while i < b.len() {
        if !is_space(b[i]) {
            i += 1;
            continue;
        }
        out.push_slice(text, run_start..i);
        if i > run_start {
            prev_kept = Some(b[i - 1]);
        }
        let mut j = i;
        while j < b.len() && is_space(b[j]) {
            j += 1;
        }
        let drop =
            matches!(prev_kept, Some(b'(' | b'{' | b':')) || matches!(b.get(j), Some(b')' | b'}'));
        if !drop {
            if let Some(o) = text.origin(i) {
                out.push_synthetic(" ", o);
            }
            prev_kept = Some(b' ');
        }
        run_start = j;
        i = j;
    }
    out.push_slice(text, run_start..b.len());
    double_brackets(&out, map)
}

/// Ludii removes one `((`…`))` pair at a time and searches again from the
/// start. Removing a matched pair does not change how the other brackets
/// match, and a removal never makes a new `((` that was not already seen
/// (the `(` before it would have been an earlier `((`), so one left-to-right
/// sweep over the original positions, skipping removed bytes, gives the same
/// result in linear time instead of a copy per pair.
fn double_brackets(text: &Tracked, map: &SourceMap) -> Result<Tracked> {
    let s = text.as_str();
    if !s.contains("((") {
        return Ok(text.clone());
    }
    let b = s.as_bytes();
    let mut removed = vec![false; b.len()];
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == b'(' && !removed[i] {
            let mut j = i + 1;
            while j < b.len() && removed[j] {
                j += 1;
            }
            if j < b.len() && b[j] == b'(' {
                let Some(cc) = matching_bracket(s, i, true) else {
                    return Err(CompileError::in_tracked(
                        ErrorKind::Syntax,
                        map,
                        text,
                        i..i + 1,
                        "`(` is not closed: no matching `)`",
                    ));
                };
                let mut before = cc - 1;
                while before > i && removed[before] {
                    before -= 1;
                }
                if b[before] != b')' {
                    return Err(CompileError::in_tracked(
                        ErrorKind::Syntax,
                        map,
                        text,
                        i..j + 1,
                        "a form cannot start with a form: `((` is not closed by `))`",
                    )
                    .with_help("this often comes from a define call `(\"Name\" ...)` whose body starts with `(` followed by more arguments"));
                }
                removed[i] = true;
                removed[cc] = true;
            }
        }
        i += 1;
    }
    let mut out = Tracked::default();
    let mut from = 0;
    for (k, &r) in removed.iter().enumerate() {
        if r {
            out.push_slice(text, from..k);
            from = k + 1;
        }
    }
    out.push_slice(text, from..b.len());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> Result<String> {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", src);
        clean_up(&map.tracked(id), &map).map(|t| t.as_str().to_string())
    }

    #[test]
    fn whitespace_and_brackets() {
        assert_eq!(
            run("(game  \"X\"\n\t(players 2 )\r\n  { (a)  (b) } )").unwrap(),
            "(game \"X\" (players 2) {(a) (b)})"
        );
        assert_eq!(run("( )").unwrap(), "()");
    }

    #[test]
    fn colon_space_is_glued_even_in_strings() {
        assert_eq!(
            run("(move (from: (value)) if:  (x) \"a: b\")").unwrap(),
            "(move (from:(value)) if:(x) \"a:b\")"
        );
    }

    #[test]
    fn double_brackets_collapse() {
        assert_eq!(run("(a ((x y)))").unwrap(), "(a (x y))");
        assert_eq!(run("(((x)))").unwrap(), "(x)");
        // Ludii only checks the character before the outer closer.
        assert_eq!(run("(a ((x) (y)))").unwrap(), "(a (x) (y))");
        assert_eq!(
            run("((a ((x)) ((y z)))) (((b)))").unwrap(),
            "(a (x) (y z)) (b)"
        );
        assert!(run("(((x) y))").is_err());
    }

    #[test]
    fn double_bracket_without_closing_pair_is_an_error() {
        let e = run("(a\n ((x) y))").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.lud:2:2: a form cannot start with a form: `((` is not closed by `))`"
        );
    }

    #[test]
    fn keeps_provenance_and_utf8() {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", "(a  \"é\"\n  b)");
        let t = clean_up(&map.tracked(id), &map).unwrap();
        assert_eq!(t.as_str(), "(a \"é\" b)");
        assert_eq!(t.origin(8).map(|o| o.offset), Some(11));
    }
}
