//! Pass: checks on the cleaned-up text, before the strict parse.
//!
//! Ludii's own tokenizer would accept some of these and fail later with a
//! less helpful message (or not at all); we name the cause:
//! * `("Name" ...)`: a form whose head is a string is a define call, and no
//!   define of that name exists (`MissingDefine`);
//! * `<Tag>`, `<Tag:arg>` outside strings, or a marker of one of the game's
//!   option tags inside a string (`UnresolvedOption`);
//! * `#1`...`#9` outside strings (`UnresolvedParameter`).

use super::scan::string_ranges;
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{SourceMap, Tracked};

/// What the checks need to know to explain an error.
pub(crate) struct Context<'a> {
    /// Option tags of the game (`Size` for `<Size>`).
    pub option_tags: Vec<&'a str>,
    /// Names of every define that was available (file and library, unquoted).
    pub define_names: Vec<&'a str>,
    /// Set when option processing stopped early (Ludii's quirk).
    pub stopped_by: Option<String>,
}

pub(crate) fn check_leftovers(text: &Tracked, map: &SourceMap, cx: &Context) -> Result<()> {
    let s = text.as_str();
    let b = s.as_bytes();
    let strings = string_ranges(s);

    // Defines: `("` outside strings. Strings are sorted and disjoint, so the
    // `(` before a string is outside strings unless it ends the previous one.
    for (k, &(a, z)) in strings.iter().enumerate() {
        let prev_end = if k == 0 { 0 } else { strings[k - 1].1 };
        if a > prev_end && b[a - 1] == b'(' {
            let name = s.get(a + 1..z.saturating_sub(1)).unwrap_or("");
            return Err(CompileError::in_tracked(
                ErrorKind::MissingDefine,
                map,
                text,
                a..z,
                format!("no define named \"{name}\""),
            )
            .with_label("called here")
            .with_help(define_help(name, cx)));
        }
    }

    let mut next_string = strings.iter().peekable();
    let mut i = 0;
    while i < b.len() {
        if let Some(&&(a, z)) = next_string.peek().filter(|&&&(a, _)| a == i) {
            next_string.next();
            // Inside a string only markers of the game's own option tags count
            // (strings may hold HTML such as `<b>`).
            let body = &s[a..z];
            for tag in &cx.option_tags {
                for marker in [format!("<{tag}>"), format!("<{tag}:")] {
                    if let Some(at) = body.find(&marker) {
                        return Err(unresolved(text, map, a + at, cx));
                    }
                }
            }
            i = z;
            continue;
        }
        match b[i] {
            b'<' if (i == 0 || b[i - 1] != b'(') && marker_len(&b[i..]).is_some() => {
                return Err(unresolved(text, map, i, cx));
            }
            b'#' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                return Err(CompileError::in_tracked(
                    ErrorKind::UnresolvedParameter,
                    map,
                    text,
                    i..i + 2,
                    format!("define parameter {} left after expansion", &s[i..i + 2]),
                )
                .with_help(
                    "parameters are replaced in order #1, #2, ... and Ludii stops at the first one a define body does not use, \
                     so a body that uses #2 must also use #1; a parameter outside any define is never replaced",
                ));
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// Length of an option marker `<...>` at the start of `b`: `<`, then no
/// bracket, quote or whitespace, then `>`.
fn marker_len(b: &[u8]) -> Option<usize> {
    let end = b.iter().skip(1).position(|&c| {
        matches!(
            c,
            b'>' | b'<' | b'(' | b')' | b'{' | b'}' | b'[' | b']' | b'"'
        ) || c.is_ascii_whitespace()
    })?;
    (b.get(end + 1) == Some(&b'>')).then_some(end + 2)
}

fn unresolved(text: &Tracked, map: &SourceMap, at: usize, cx: &Context) -> CompileError {
    let b = &text.as_str().as_bytes()[at..];
    let len = b.iter().position(|&c| c == b'>').map_or(1, |p| p + 1);
    let marker = String::from_utf8_lossy(&b[..len]).into_owned();
    let mut help = if cx.option_tags.is_empty() {
        "this game has no (option ...) blocks".to_string()
    } else {
        format!(
            "the game's option tags are: {}",
            cx.option_tags
                .iter()
                .map(|t| format!("<{t}>"))
                .collect::<Vec<_>>()
                .join(" ")
        )
    };
    if let Some(stop) = &cx.stopped_by {
        help.push_str(&format!(
            "; option processing stopped at \"{stop}\", an item with no `<...>` value, which (as in Ludii) leaves all later options unexpanded"
        ));
    }
    CompileError::in_tracked(
        ErrorKind::UnresolvedOption,
        map,
        text,
        at..at + len,
        format!("option marker {marker} left after expansion"),
    )
    .with_help(help)
}

fn define_help(name: &str, cx: &Context) -> String {
    let lower = name.to_lowercase();
    let close: Vec<&str> = cx
        .define_names
        .iter()
        .copied()
        .filter(|d| d.to_lowercase() == lower)
        .collect();
    let base = "a form whose head is a string calls a define; defines come from the file and from the define library";
    match close.first() {
        Some(c) => format!("{base}; did you mean \"{c}\"?"),
        None => format!("{base} ({} defines known)", cx.define_names.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str, tags: &[&str]) -> Result<()> {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", src);
        let cx = Context {
            option_tags: tags.to_vec(),
            define_names: vec!["StepToEmpty"],
            stopped_by: None,
        };
        check_leftovers(&map.tracked(id), &map, &cx)
    }

    #[test]
    fn clean_text_passes() {
        run(
            "(game \"X\" (if (< a b) (<= c d)) (x \"<b>bold</b> #1\") (f {\"A\" \"B\"}))",
            &["Size"],
        )
        .unwrap();
    }

    #[test]
    fn string_head_is_a_missing_define() {
        let e = run("(game \"X\" (\"steptoempty\" 1))", &[]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::MissingDefine);
        assert_eq!(e.to_string(), "t.lud:1:12: no define named \"steptoempty\"");
        assert!(e
            .help
            .clone()
            .unwrap()
            .contains("did you mean \"StepToEmpty\""));
    }

    #[test]
    fn markers_and_parameters() {
        let e = run("(game \"X\" (board <Size:dim>))", &["Size"]).unwrap_err();
        assert_eq!(
            (e.kind, e.to_string()),
            (
                ErrorKind::UnresolvedOption,
                "t.lud:1:18: option marker <Size:dim> left after expansion".to_string()
            )
        );
        assert_eq!(
            run("(game \"X\" (p \"Disc<Size>\"))", &["Size"])
                .unwrap_err()
                .kind,
            ErrorKind::UnresolvedOption
        );
        assert_eq!(
            run("(game \"X\" (b <>))", &[]).unwrap_err().kind,
            ErrorKind::UnresolvedOption
        );
        let e = run("(game \"X\" (is Line 3 #2))", &[]).unwrap_err();
        assert_eq!(
            (e.kind, e.to_string()),
            (
                ErrorKind::UnresolvedParameter,
                "t.lud:1:22: define parameter #2 left after expansion".to_string()
            )
        );
    }
}
