//! Pass: rulesets (`Expander.realiseRulesets`).
//!
//! The first `(rulesets { (ruleset "Ruleset/Name (Suggested)" { "Heading/Item" ... })* ... })`
//! block is read and cut out; it never changes the game text. A ruleset is
//! only a named list of option selections, applied when the user chooses it
//! (see [`super::Selection`]); the `*` ruleset is *not* applied by default.
//! Ludii deletes later `(rulesets` blocks leaving their closing `)` behind
//! (an off-by-one its tokenizer tolerates); we delete them whole.

use super::scan::{find_byte, find_from, matching_bracket, trim_range};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{Origin, SourceMap, Tracked};

/// One `(ruleset "Heading" { "Heading/Item" ... })`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    pub heading: String,
    /// The option selections it makes, `"Heading/Item"`.
    pub options: Vec<String>,
    pub priority: usize,
    pub origin: Option<Origin>,
}

impl Ruleset {
    /// Whether `name` names this ruleset: its full heading, or the heading
    /// without the customary `Ruleset/` prefix.
    pub fn is_named(&self, name: &str) -> bool {
        self.heading == name || self.heading.strip_prefix("Ruleset/") == Some(name)
    }
}

fn unclosed(text: &Tracked, map: &SourceMap, at: usize, what: &str) -> CompileError {
    CompileError::in_tracked(
        ErrorKind::Syntax,
        map,
        text,
        at..at + 1,
        format!("{what} is not closed: no matching `)`"),
    )
}

/// Reads the rulesets of the first `(rulesets` block without changing the text.
pub(crate) fn read_rulesets(text: &Tracked, map: &SourceMap) -> Result<Vec<Ruleset>> {
    let s = text.as_str();
    let Some(c) = find_from(s, "(rulesets", 0) else {
        return Ok(Vec::new());
    };
    let cc =
        matching_bracket(s, c, true).ok_or_else(|| unclosed(text, map, c, "`(rulesets` block"))?;
    let (body, body_end) = trim_range(s, c + "(rulesets".len(), cc);
    let mut out = Vec::new();
    let mut p = body;
    while let Some(rc) = find_from(s, "(ruleset ", p).filter(|&rc| rc < body_end) {
        let rcc = matching_bracket(s, rc, true)
            .filter(|&rcc| rcc < body_end)
            .ok_or_else(|| unclosed(text, map, rc, "`(ruleset` form"))?;
        let mut stars = rcc + 1;
        while stars < body_end && s.as_bytes()[stars] == b'*' {
            stars += 1;
        }
        out.push(parse_ruleset(text, map, rc, rcc, stars - rcc - 1)?);
        p = rcc + 1;
    }
    Ok(out)
}

/// `Ruleset.interpret`: the first string is the heading (honouring `\"`),
/// every later string an option selection; a `variations:{...}` part is skipped.
fn parse_ruleset(
    text: &Tracked,
    map: &SourceMap,
    rc: usize,
    rcc: usize,
    priority: usize,
) -> Result<Ruleset> {
    let s = text.as_str();
    let mut body = String::new();
    match find_from(s, "variations:", rc).filter(|&v| v < rcc) {
        Some(v) => {
            let open = find_byte(s, b'{', v).filter(|&o| o < rcc);
            let close = open
                .and_then(|o| matching_bracket(s, o, true))
                .filter(|&c| c < rcc);
            let Some(close) = close else {
                return Err(unclosed(text, map, v, "`variations:{` list")
                    .with_help("expected `variations:{ \"Heading/Item\" ... }`"));
            };
            body.push_str(&s[rc..v]);
            body.push_str(&s[close + 1..=rcc]);
        }
        None => body.push_str(&s[rc..=rcc]),
    }
    let b = body.as_bytes();
    let bad = |msg: &str| {
        CompileError::in_tracked(ErrorKind::Syntax, map, text, rc..rc + 8, msg.to_string())
    };
    let q1 = find_byte(&body, b'"', 0).ok_or_else(|| bad("ruleset has no heading string"))?;
    let mut q2 = q1 + 1;
    while q2 < b.len() && (b[q2] != b'"' || b[q2 - 1] == b'\\') {
        q2 += 1;
    }
    if q2 >= b.len() {
        return Err(bad("ruleset heading string is not closed"));
    }
    let heading = body[q1 + 1..q2].to_string();
    let mut options = Vec::new();
    let mut p = q2 + 1;
    while let Some(o1) = find_byte(&body, b'"', p) {
        let Some(o2) = find_byte(&body, b'"', o1 + 1) else {
            return Err(bad("ruleset option string is not closed"));
        };
        options.push(body[o1 + 1..o2].to_string());
        p = o2 + 1;
    }
    Ok(Ruleset {
        heading,
        options,
        priority,
        origin: text.origin(rc),
    })
}

/// Cuts every `(rulesets` block out of the text; returns the rulesets of the first.
pub(crate) fn realise_rulesets(text: &mut Tracked, map: &SourceMap) -> Result<Vec<Ruleset>> {
    let rulesets = read_rulesets(text, map)?;
    while let Some(c) = find_from(text.as_str(), "(rulesets", 0) {
        let cc = matching_bracket(text.as_str(), c, true)
            .ok_or_else(|| unclosed(text, map, c, "`(rulesets` block"))?;
        text.splice(c..cc + 1, &Tracked::default());
    }
    Ok(rulesets)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> Result<(String, Vec<Ruleset>)> {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", src);
        let mut t = map.tracked(id);
        let r = realise_rulesets(&mut t, &map)?;
        Ok((t.as_str().to_string(), r))
    }

    #[test]
    fn reads_headings_options_and_priority_and_cuts_the_block() {
        let (text, r) = run(
            "(game \"X\") (rulesets {\n (ruleset \"Ruleset/Small (Described)\" {\"Board/3x3\" \"Rule/A\"})\n (ruleset \"Ruleset/Big (Suggested)\" {\"Board/9x9\"})*\n}) (metadata)",
        )
        .unwrap();
        assert_eq!(text, "(game \"X\")  (metadata)");
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].heading, "Ruleset/Small (Described)");
        assert_eq!(r[0].options, vec!["Board/3x3", "Rule/A"]);
        assert_eq!((r[0].priority, r[1].priority), (0, 1));
        assert!(r[1].is_named("Big (Suggested)") && r[1].is_named("Ruleset/Big (Suggested)"));
    }

    #[test]
    fn skips_variations_and_deletes_later_blocks_whole() {
        let (text, r) = run("(rulesets {(ruleset \"R/a\" {\"B/x\"} variations:{\"B/y\" \"B/z\"})}) (g) (rulesets {(ruleset \"R/b\" {})})").unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].options, vec!["B/x"]);
        assert_eq!(text, " (g) ");
    }

    #[test]
    fn unclosed_block_is_an_error() {
        let e = run("(game) (rulesets {(ruleset \"R\" {})").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.lud:1:8: `(rulesets` block is not closed: no matching `)`"
        );
    }
}
