//! Ludii's text primitives (`StringRoutines`), on bytes.
//!
//! Every character these functions look for is ASCII, and a byte of a
//! multi-byte UTF-8 character is never ASCII, so byte positions found here
//! are always character boundaries and safe to slice at.

/// Ludii's most expansions of one define/option, and longest text, before it
/// gives up with a "suspected infinite recursion" error.
pub(crate) const MAX_EXPANSIONS: usize = 1000;
pub(crate) const MAX_CHARACTERS: usize = 1_000_000;

/// `StringRoutines.isTokenChar`.
pub(crate) fn is_token_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"_\"-.+*/%=!v^~<>&|#".contains(&b)
}

/// `StringRoutines.isOpenBracket`: `(`, `{`, `[` and `<`.
pub(crate) fn is_open_bracket(b: u8) -> bool {
    matches!(b, b'(' | b'{' | b'[' | b'<')
}

/// Java's `Character.isWhitespace` for the characters that occur in text.
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | 0x1C..=0x1F)
}

/// Java's `String.trim` bounds: strips bytes up to and including space.
pub(crate) fn trim_range(s: &str, start: usize, end: usize) -> (usize, usize) {
    let b = s.as_bytes();
    let (mut a, mut z) = (start, end);
    while a < z && b[a] <= b' ' {
        a += 1;
    }
    while z > a && b[z - 1] <= b' ' {
        z -= 1;
    }
    (a, z)
}

fn closer(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'{' => b'}',
        b'[' => b']',
        _ => b'>',
    }
}

/// `StringRoutines.matchingBracketAt`: index of the bracket closing the one
/// at `from`. Exactly Ludii's rules: every `"` toggles "in string" (escapes
/// are not honoured), only brackets of the same kind count, a `<` or `>`
/// directly after `(` is an operator (`(<= a b)`, `(> a b)`), not a bracket;
/// without `nesting` the first closer ends the search (option values).
pub(crate) fn matching_bracket(s: &str, from: usize, nesting: bool) -> Option<usize> {
    let b = s.as_bytes();
    let open = *b.get(from)?;
    if !is_open_bracket(open) {
        return None;
    }
    let close = closer(open);
    let mut depth = 0i64;
    let mut in_string = false;
    let mut c = from;
    while c < b.len() {
        let ch = b[c];
        if ch == b'"' {
            in_string = !in_string;
        }
        if !in_string {
            let before = if c == 0 { b'?' } else { b[c - 1] };
            if ch == open {
                if before != b'(' || ch != b'<' {
                    depth += 1;
                }
            } else if ch == close && (before != b'(' || ch != b'>') {
                if !nesting {
                    return Some(c);
                }
                depth -= 1;
            }
        }
        if depth == 0 {
            return Some(c);
        }
        c += 1;
    }
    None
}

/// `StringRoutines.matchingQuoteAt`: index of the `"` closing the string
/// that opens at `from`, skipping `\"`.
pub(crate) fn matching_quote(s: &str, from: usize) -> Option<usize> {
    let b = s.as_bytes();
    if b.get(from) != Some(&b'"') {
        return None;
    }
    let mut c = from + 1;
    while c < b.len() {
        match b[c] {
            b'\\' if b.get(c + 1) == Some(&b'"') => c += 1,
            b'"' => return Some(c),
            _ => {}
        }
        c += 1;
    }
    None
}

/// `str.indexOf(pat, from)`, safe for any `from`.
pub(crate) fn find_from(s: &str, pat: &str, from: usize) -> Option<usize> {
    let mut f = from;
    while f < s.len() && !s.is_char_boundary(f) {
        f += 1;
    }
    s.get(f..)?.find(pat).map(|i| i + f)
}

/// Index of the first byte `b` at or after `from`.
pub(crate) fn find_byte(s: &str, b: u8, from: usize) -> Option<usize> {
    s.as_bytes()
        .get(from..)?
        .iter()
        .position(|&x| x == b)
        .map(|i| i + from)
}

/// Byte ranges of the string literals of `s` (quotes included, `\"`
/// honoured), used by the checks that must look outside strings only. An
/// unterminated string runs to the end.
pub(crate) fn string_ranges(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut c = 0;
    while c < b.len() {
        if b[c] == b'"' {
            let end = matching_quote(s, c).map_or(b.len(), |e| e + 1);
            out.push((c, end));
            c = end;
        } else {
            c += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_follow_ludii() {
        assert_eq!(matching_bracket("(a (b) c)", 0, true), Some(8));
        assert_eq!(matching_bracket("(a \")\" b)", 0, true), Some(8));
        assert_eq!(matching_bracket("<(<= a b)>", 0, false), Some(9));
        assert_eq!(matching_bracket("<(> a b) x>", 0, false), Some(10));
        assert_eq!(matching_bracket("<a <b> c>", 0, true), Some(8));
        assert_eq!(matching_bracket("<a <b> c>", 0, false), Some(5));
        assert_eq!(matching_bracket("(a", 0, true), None);
        assert_eq!(matching_bracket("x", 0, true), None);
        assert_eq!(matching_bracket("{é}", 0, true), Some(3));
    }

    #[test]
    fn quotes_and_search() {
        assert_eq!(matching_quote("\"a\\\"b\" c", 0), Some(5));
        assert_eq!(matching_quote("\"abc", 0), None);
        assert_eq!(find_from("é(x", "(", 1), Some(2));
        assert_eq!(find_from("ab", "b", 9), None);
        assert_eq!(string_ranges("a \"b\" \"c"), vec![(2, 5), (6, 8)]);
        assert_eq!(trim_range("  ab \n", 0, 6), (2, 4));
    }
}
