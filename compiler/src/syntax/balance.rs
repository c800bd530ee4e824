//! A bracket and quote checker run before pest.
//!
//! pest reports the position where it gave up, which for an unclosed bracket
//! or string is usually the end of the file. This scan finds the bracket or
//! quote at fault and points at it; it also bounds the nesting depth so that
//! no input can exhaust the stack of the recursive-descent parser.

use crate::diagnostic::{CompileError, ErrorKind};
use crate::source::{SourceMap, Tracked};

/// Deepest bracket nesting accepted (real files stay below 40).
pub const MAX_NESTING: usize = 256;

fn closer(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'{' => b'}',
        _ => b']',
    }
}

/// Checks that every `(`, `{`, `[` is closed by its partner and every string
/// is terminated, skipping strings (with `\"` escapes) and, if `comments`,
/// `//` comments.
pub(crate) fn check(text: &Tracked, map: &SourceMap, comments: bool) -> Result<(), CompileError> {
    let bytes = text.as_str().as_bytes();
    let mut stack: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i;
                i += 1;
                loop {
                    match bytes.get(i) {
                        None => {
                            return Err(CompileError::in_tracked(
                                ErrorKind::Syntax,
                                map,
                                text,
                                start..start + 1,
                                "unterminated string: no closing `\"` before the end of the text",
                            )
                            .with_label("string starts here"));
                        }
                        Some(b'\\') if bytes.get(i + 1) == Some(&b'"') => i += 2,
                        Some(b'"') => break,
                        Some(_) => i += 1,
                    }
                }
            }
            b'/' if comments && bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' | b'{' | b'[' => {
                stack.push(i);
                if stack.len() > MAX_NESTING {
                    return Err(CompileError::in_tracked(
                        ErrorKind::Syntax,
                        map,
                        text,
                        i..i + 1,
                        format!("brackets nested deeper than {MAX_NESTING} levels"),
                    ));
                }
            }
            c @ (b')' | b'}' | b']') => match stack.pop() {
                None => {
                    return Err(CompileError::in_tracked(
                        ErrorKind::Syntax,
                        map,
                        text,
                        i..i + 1,
                        format!("unexpected `{}`: no bracket is open here", c as char),
                    ));
                }
                Some(open) if closer(bytes[open]) != c => {
                    let opened = text
                        .origin(open)
                        .map(|o| map.locate(o).to_string())
                        .unwrap_or_default();
                    return Err(CompileError::in_tracked(
                        ErrorKind::Syntax,
                        map,
                        text,
                        i..i + 1,
                        format!(
                            "expected `{}` to close the `{}` opened at {opened}, found `{}`",
                            closer(bytes[open]) as char,
                            bytes[open] as char,
                            c as char
                        ),
                    ));
                }
                Some(_) => {}
            },
            _ => {}
        }
        i += 1;
    }
    if let Some(&open) = stack.last() {
        return Err(CompileError::in_tracked(
            ErrorKind::Syntax,
            map,
            text,
            open..open + 1,
            format!(
                "unclosed `{}`: no matching `{}` before the end of the text",
                bytes[open] as char,
                closer(bytes[open]) as char
            ),
        )
        .with_label("opened here"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> Result<(), CompileError> {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", src);
        check(&map.tracked(id), &map, true)
    }

    #[test]
    fn balanced_text_passes() {
        assert!(run("(a {b [c]} \"(\" // )\n)").is_ok());
        assert!(run("(a \"x\\\"y\")").is_ok());
    }

    #[test]
    fn finds_the_culprit() {
        let e = run("(a\n  (b c)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.lud:1:1: unclosed `(`: no matching `)` before the end of the text"
        );
        let e = run("(a {b)}").unwrap_err();
        assert!(e
            .to_string()
            .starts_with("t.lud:1:6: expected `}` to close the `{` opened at t.lud:1:4"));
        let e = run("(a) )").unwrap_err();
        assert!(e.to_string().starts_with("t.lud:1:5: unexpected `)`"));
        let e = run("(a \"b)").unwrap_err();
        assert!(e.to_string().starts_with("t.lud:1:4: unterminated string"));
    }

    #[test]
    fn bounds_nesting() {
        let deep = "(".repeat(10_000);
        let e = run(&deep).unwrap_err();
        assert!(e.message.contains("nested deeper"));
    }
}
