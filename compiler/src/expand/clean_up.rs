//! Pass: clean-up (`Expander.cleanUp`).
//!
//! Newlines and tabs become spaces, runs of spaces collapse to one, the space
//! after `(`/`{` and before `)`/`}` goes, and `": "` becomes `":"` (so
//! `from: (x)` is `from:(x)`). Like Ludii this also happens inside strings.
//! Then double brackets: at each `((`, if the bracket closing the outer `(`
//! directly follows a `)`, the outer pair is removed (`((x y))` → `(x y)`,
//! which a define call whose body is one form produces); otherwise
//! (`((x) y)`) it is an error.

use super::scan::{find_from, matching_bracket};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{SourceMap, Tracked};

pub(crate) fn clean_up(text: &Tracked, map: &SourceMap) -> Result<Tracked> {
    let spaced = text.map_chars(|_, c| Some(if matches!(c, '\n' | '\r' | '\t') { ' ' } else { c }));
    // After collapsing, each space sits between two non-space characters,
    // so Ludii's sequence of replaceAll calls amounts to dropping a space
    // whose left neighbour is `(`, `{` or `:`, or whose right neighbour is
    // `)` or `}`.
    let b = spaced.as_str().as_bytes();
    let mut prev_kept: Option<u8> = None;
    let cleaned = spaced.map_chars(|i, c| {
        if c != ' ' {
            prev_kept = Some(b[i]);
            return Some(c);
        }
        let mut next = i + 1;
        while next < b.len() && b[next] == b' ' {
            next += 1;
        }
        let run_start = i == 0 || b[i - 1] != b' ';
        let drop = !run_start
            || matches!(prev_kept, Some(b'(' | b'{' | b':'))
            || matches!(b.get(next), Some(b')' | b'}'));
        if drop {
            None
        } else {
            prev_kept = Some(b' ');
            Some(' ')
        }
    });
    double_brackets(cleaned, map)
}

fn double_brackets(mut text: Tracked, map: &SourceMap) -> Result<Tracked> {
    let mut from = 0;
    while let Some(c) = find_from(text.as_str(), "((", from) {
        let Some(cc) = matching_bracket(text.as_str(), c, true) else {
            return Err(CompileError::in_tracked(ErrorKind::Syntax, map, &text, c..c + 1, "`(` is not closed: no matching `)`"));
        };
        if text.as_str().as_bytes()[cc - 1] != b')' {
            return Err(CompileError::in_tracked(
                ErrorKind::Syntax,
                map,
                &text,
                c..c + 2,
                "a form cannot start with a form: `((` is not closed by `))`",
            )
            .with_help("this often comes from a define call `(\"Name\" ...)` whose body starts with `(` followed by more arguments"));
        }
        text.splice(cc..cc + 1, &Tracked::default());
        text.splice(c..c + 1, &Tracked::default());
        // A `(` before `c` may now make a new `((`.
        from = c.saturating_sub(1);
    }
    Ok(text)
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
        assert_eq!(run("(game  \"X\"\n\t(players 2 )\r\n  { (a)  (b) } )").unwrap(), "(game \"X\" (players 2) {(a) (b)})");
        assert_eq!(run("( )").unwrap(), "()");
    }

    #[test]
    fn colon_space_is_glued_even_in_strings() {
        assert_eq!(run("(move (from: (value)) if:  (x) \"a: b\")").unwrap(), "(move (from:(value)) if:(x) \"a:b\")");
    }

    #[test]
    fn double_brackets_collapse() {
        assert_eq!(run("(a ((x y)))").unwrap(), "(a (x y))");
        assert_eq!(run("(((x)))").unwrap(), "(x)");
        // Ludii only checks the character before the outer closer.
        assert_eq!(run("(a ((x) (y)))").unwrap(), "(a (x) (y))");
    }

    #[test]
    fn double_bracket_without_closing_pair_is_an_error() {
        let e = run("(a\n ((x) y))").unwrap_err();
        assert_eq!(e.to_string(), "t.lud:2:2: a form cannot start with a form: `((` is not closed by `))`");
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
