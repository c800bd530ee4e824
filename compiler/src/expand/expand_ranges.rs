//! Passes: ranges (`Expander.expandRanges`, `expandSiteRanges`).
//!
//! * `a..b`, with a digit on both sides of `..`, becomes `a a+1 ... b`
//!   (counting down when a > b; `3..3` gives `3 3`); at most 1000 apart. A
//!   minus sign is not part of the range.
//! * `"A1".."C3"` becomes every coordinate column by column:
//!   `"A1" "A2" "A3" "B1" ... "C3"`.
//!
//! Text inside `[...]` (reconstruction "completion" brackets) is skipped.

use super::scan::find_byte;
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{SourceMap, Tracked};

const MAX_RANGE: i64 = 1000;

fn bad(
    text: &Tracked,
    map: &SourceMap,
    range: std::ops::Range<usize>,
    msg: String,
) -> CompileError {
    CompileError::in_tracked(ErrorKind::Syntax, map, text, range, msg)
}

/// Integer ranges `a..b`.
pub(crate) fn expand_ranges(text: &mut Tracked, map: &SourceMap) -> Result<()> {
    if !text.as_str().contains("..") {
        return Ok(());
    }
    let mut r = 1;
    let mut in_completion = false;
    while r + 2 < text.len() {
        let b = text.as_str().as_bytes();
        match b[r] {
            b'[' => in_completion = true,
            b']' => in_completion = false,
            _ => {}
        }
        if !in_completion
            && b[r] == b'.'
            && b[r + 1] == b'.'
            && b[r - 1].is_ascii_digit()
            && b[r + 2].is_ascii_digit()
        {
            let mut a = r - 1;
            while a > 0 && b[a - 1].is_ascii_digit() {
                a -= 1;
            }
            let mut z = r + 2;
            while z < b.len() && b[z].is_ascii_digit() {
                z += 1;
            }
            let s = text.as_str();
            let (Ok(m), Ok(n)) = (s[a..r].parse::<i64>(), s[r + 2..z].parse::<i64>()) else {
                return Err(bad(
                    text,
                    map,
                    a..z,
                    format!("range {} has a number too large", &s[a..z]),
                ));
            };
            if (n - m).abs() > MAX_RANGE {
                return Err(bad(
                    text,
                    map,
                    a..z,
                    format!("range {} spans more than {MAX_RANGE} numbers", &s[a..z]),
                ));
            }
            // The end points stay where they are; only `..` is replaced.
            let step = if m <= n { 1 } else { -1 };
            let mut sub = String::from(" ");
            let mut k = m + step;
            while k != n && m != n {
                sub.push_str(&k.to_string());
                sub.push(' ');
                k += step;
            }
            let origin = text
                .origin(r)
                .ok_or_else(|| bad(text, map, r..r + 2, "range has no origin".into()))?;
            text.splice(r..r + 2, &Tracked::synthetic(&sub, origin));
            r += sub.len();
        }
        r += 1;
    }
    Ok(())
}

/// Site ranges `"A1".."C3"`.
pub(crate) fn expand_site_ranges(text: &mut Tracked, map: &SourceMap) -> Result<()> {
    if !text.as_str().contains("..") {
        return Ok(());
    }
    let mut r = 1;
    let mut in_completion = false;
    while r + 2 < text.len() {
        let b = text.as_str().as_bytes();
        match b[r] {
            b'[' => in_completion = true,
            b']' => in_completion = false,
            _ => {}
        }
        if !in_completion
            && b[r] == b'.'
            && b[r + 1] == b'.'
            && b[r - 1] == b'"'
            && b[r + 2] == b'"'
        {
            let mut c = r - 1;
            while c > 0 && b[c - 1] != b'"' {
                c -= 1;
            }
            // `c` is just inside the opening quote (or 0 when there is none).
            let open = c.saturating_sub(1);
            let close = find_byte(text.as_str(), b'"', r + 3).unwrap_or(b.len());
            let end = (close + 1).min(b.len());
            let s = text.as_str();
            let from = &s[c..r - 1];
            let to = s.get(r + 3..close).unwrap_or("");
            let (Some((fc, fnum)), Some((tc, tnum))) = (coordinate(from), coordinate(to)) else {
                return Err(bad(
                    text,
                    map,
                    open..end,
                    format!(
                        "bad site range {}: expected coordinates such as \"A1\"..\"C3\"",
                        &s[open..end]
                    ),
                ));
            };
            let count =
                (u64::from(tc.saturating_sub(fc)) + 1) * (u64::from(tnum.saturating_sub(fnum)) + 1);
            if tc >= fc && tnum >= fnum && count > MAX_RANGE as u64 {
                return Err(bad(
                    text,
                    map,
                    open..end,
                    format!(
                        "site range {} spans more than {MAX_RANGE} sites",
                        &s[open..end]
                    ),
                ));
            }
            let mut sub = String::new();
            for col in fc..=tc {
                for row in fnum..=tnum {
                    sub.push('"');
                    sub.push(char::from(b'A' + col));
                    sub.push_str(&row.to_string());
                    sub.push_str("\" ");
                }
            }
            let origin = text
                .origin(r)
                .ok_or_else(|| bad(text, map, r..r + 2, "range has no origin".into()))?;
            text.splice(open..end, &Tracked::synthetic(sub.trim_end(), origin));
            // Ludii moves on from the old `..` by the length of the new text.
            r += sub.len();
        }
        r += 1;
    }
    Ok(())
}

/// `"B12"` → (column 1, row 12): one letter then a number.
fn coordinate(s: &str) -> Option<(u8, u32)> {
    let first = *s.as_bytes().first()?;
    if s.len() < 2 || !first.is_ascii_alphabetic() {
        return None;
    }
    let row = s[1..].parse::<u32>().ok()?;
    Some((first.to_ascii_uppercase() - b'A', row))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> Result<String> {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", src);
        let mut t = map.tracked(id);
        expand_ranges(&mut t, &map)?;
        expand_site_ranges(&mut t, &map)?;
        Ok(t.as_str().to_string())
    }

    #[test]
    fn integer_ranges() {
        assert_eq!(run("{1..5}").unwrap(), "{1 2 3 4 5}");
        assert_eq!(run("{5..2}").unwrap(), "{5 4 3 2}");
        assert_eq!(run("{3..3}").unwrap(), "{3 3}");
        assert_eq!(run("{1..2 10..12}").unwrap(), "{1 2 10 11 12}");
        // A minus sign is not part of the range.
        assert_eq!(run("{-2..1}").unwrap(), "{-2 1}");
        // Floats and negative numbers are left alone.
        assert_eq!(run("(x -5.20 -1 0.5)").unwrap(), "(x -5.20 -1 0.5)");
    }

    #[test]
    fn site_ranges() {
        assert_eq!(
            run("{\"A1\"..\"B3\"}").unwrap(),
            "{\"A1\" \"A2\" \"A3\" \"B1\" \"B2\" \"B3\"}"
        );
        assert_eq!(run("(x \"c2\"..\"c3\" y)").unwrap(), "(x \"C2\" \"C3\" y)");
    }

    #[test]
    fn completion_brackets_are_skipped() {
        assert_eq!(run(" [1..3] {1..3}").unwrap(), " [1..3] {1 2 3}");
        // Ludii starts scanning at the second character, so a `[` in first
        // place does not count.
        assert_eq!(run("[1..3]").unwrap(), "[1 2 3]");
    }

    #[test]
    fn bad_ranges_are_errors() {
        assert!(run("{1..5000}")
            .unwrap_err()
            .message
            .contains("more than 1000"));
        assert!(run("{1..99999999999999999999}")
            .unwrap_err()
            .message
            .contains("too large"));
        assert!(run("{\"A1\"..\"Z900\"}")
            .unwrap_err()
            .message
            .contains("more than 1000 sites"));
        let e = run("(x \"A\"..\"B2\")").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.lud:1:4: bad site range \"A\"..\"B2\": expected coordinates such as \"A1\"..\"C3\""
        );
    }

    #[test]
    fn numbers_keep_the_origin_of_the_dots() {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", "{1..4}");
        let mut t = map.tracked(id);
        expand_ranges(&mut t, &map).unwrap();
        assert_eq!(t.origin(3).map(|o| o.offset), Some(2));
        assert_eq!(t.origin(t.len() - 2).map(|o| o.offset), Some(4));
    }
}
