//! The raw layer: a file as written, before any expansion.

use pest::iterators::Pair;
use pest::Parser;

use super::grammar::{LudParser, Rule};
use super::{balance, errors, Span};
use crate::diagnostic::Result;
use crate::source::{SourceMap, Tracked};

/// A whole `.lud` or `.def` file as written.
#[derive(Clone, Debug, PartialEq)]
pub struct RawFile {
    pub items: Vec<RawNode>,
}

/// One element of a raw file, with its byte span in the parsed text.
#[derive(Clone, Debug, PartialEq)]
pub struct RawNode {
    pub kind: RawKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RawKind {
    /// A bracketed group: `(`...`)`, `{`...`}` or `[`...`]` (completion).
    /// `stars` counts a `*` priority glued after a `)`.
    Group {
        open: char,
        items: Vec<RawNode>,
        stars: usize,
    },
    /// `name:` followed by its value (none in `(f x:)`).
    Labelled {
        label: String,
        value: Option<Box<RawNode>>,
    },
    /// An option marker or value `<...>`: its text between the brackets,
    /// which (as in Ludii) need not be balanced.
    Marker(String),
    /// A string literal, quotes included.
    Str(String),
    /// Anything else: atoms, numbers, operators, `#1`, `~`, `1..8`, `..`,
    /// words with a glued marker such as `0..<Board:aTri>`.
    Word(String),
}

impl RawNode {
    /// The first word of a `(...)` group (`"define"` for `(define ...)`).
    pub fn head(&self) -> Option<&str> {
        match &self.kind {
            RawKind::Group {
                open: '(', items, ..
            } => match items.first().map(|n| &n.kind) {
                Some(RawKind::Word(w)) => Some(w),
                _ => None,
            },
            _ => None,
        }
    }

    /// Items of a group (empty for other nodes).
    pub fn items(&self) -> &[RawNode] {
        match &self.kind {
            RawKind::Group { items, .. } => items,
            _ => &[],
        }
    }
}

impl RawFile {
    /// Names (with quotes, as Ludii keys them) of the top-level `(define "Name" ...)` forms.
    pub fn define_names(&self) -> Vec<&str> {
        self.items
            .iter()
            .filter(|n| n.head() == Some("define"))
            .filter_map(|n| match n.items().get(1).map(|i| &i.kind) {
                Some(RawKind::Str(s)) => Some(s.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// Parses a `.lud` or `.def` file as written. Errors are [`crate::ErrorKind::Syntax`].
pub fn parse_raw(text: &Tracked, map: &SourceMap) -> Result<RawFile> {
    balance::check(text, map, true)?;
    let mut pairs = LudParser::parse(Rule::raw_file, text.as_str())
        .map_err(|e| errors::to_compile_error(e, text, map, "the file"))?;
    let file = pairs.next().map(|p| p.into_inner()).into_iter().flatten();
    Ok(RawFile {
        items: file
            .filter(|p| p.as_rule() != Rule::EOI)
            .map(build)
            .collect(),
    })
}

fn span(pair: &Pair<Rule>) -> Span {
    pair.as_span().start()..pair.as_span().end()
}

fn build(pair: Pair<Rule>) -> RawNode {
    let sp = span(&pair);
    let kind = match pair.as_rule() {
        Rule::raw_marker => RawKind::Marker(
            pair.into_inner()
                .next()
                .map(|t| t.as_str().to_string())
                .unwrap_or_default(),
        ),
        Rule::raw_form | Rule::raw_array | Rule::raw_completion => {
            let open = pair.as_str().chars().next().unwrap_or('(');
            let mut stars = 0;
            let mut items = Vec::new();
            for p in pair.into_inner() {
                if p.as_rule() == Rule::raw_form_close {
                    stars = p.as_str().len().saturating_sub(1);
                } else {
                    items.push(build(p));
                }
            }
            RawKind::Group { open, items, stars }
        }
        Rule::raw_labelled => {
            let mut inner = pair.into_inner();
            let label = inner
                .next()
                .map(|l| l.as_str().trim_end_matches(':').to_string())
                .unwrap_or_default();
            RawKind::Labelled {
                label,
                value: inner.next().map(|v| Box::new(build(v))),
            }
        }
        Rule::raw_string => RawKind::Str(pair.as_str().to_string()),
        _ => RawKind::Word(pair.as_str().to_string()),
    };
    RawNode { kind, span: sp }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<RawFile> {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", src);
        parse_raw(&map.tracked(id), &map)
    }

    fn ok(src: &str) {
        if let Err(e) = parse(src) {
            panic!("{src:?} should parse: {e}");
        }
    }

    #[test]
    fn accepts_raw_constructs() {
        ok("// comment\n(game \"X\" (players 2)) // trailing");
        ok("(define \"Hop\" (move Hop #1 (between if:#2) ~ #3))");
        ok("(option \"Board Size\" <Size> args:{ <dim> <start> } {\n (item \"3x3\" <3> <(sites Corners)> \"A.\")\n (item \"5x5\" <5> <> \"B.\")**\n})");
        ok("(item \"Swap\" <(meta (swap))> <(play (if (<= (count Moves) 1) (move Pass)))> \"C.\")*");
        ok("(if (> (count) 0) (x) (y)) (if (>= a b) c) (< a b)");
        ok("(equipment {(board (square <Board:size>)) (piece \"Disc<Board:players>\" Each)})");
        ok("(sites {0..<Board:aTri>} {1..8} {\"A1\"..\"C3\"} (-5.20) (- 1))");
        ok("(move (from: (value)) (to:(ahead (value) #1)) if: (is Empty (to)))");
        ok("(x <exact:True> <> < > [(piece ...)] (* 2 3) \"a\\\"b\")");
        ok("(rulesets {(ruleset \"Ruleset/A (Suggested)\" {\"Board Size/3x3\"})*})");
        ok("(f x:)\n\n");
        // Values split over two markers (Dots and Boxes), a stray `>` after a marker (Brain Coral).
        ok("(option \"Dual\" <Dual> args:{<begin> <end>} {(item \"Yes\" <(dual > <)> \"d\")})");
        ok("(option \"S\" <S> args:{<sel>>} {(item \"a\" <1> \"d\")})");
    }

    #[test]
    fn tree_has_groups_labels_and_stars() {
        let f = parse("(option \"H\" <T> args:{<a>} {(item \"A\" <1> \"d\")**}) (define \"D\" x)")
            .unwrap();
        assert_eq!(f.items.len(), 2);
        assert_eq!(f.items[0].head(), Some("option"));
        assert_eq!(f.define_names(), vec!["\"D\""]);
        let list = &f.items[0].items()[4];
        let item = &list.items()[0];
        assert!(matches!(
            item.kind,
            RawKind::Group {
                open: '(',
                stars: 2,
                ..
            }
        ));
        let args = &f.items[0].items()[3];
        assert!(matches!(&args.kind, RawKind::Labelled { label, .. } if label == "args"));
        assert_eq!(f.items[0].items()[2].kind, RawKind::Marker("T".into()));
    }

    #[test]
    fn reports_position_and_found_text() {
        let e = parse("(game \"X\"\n  (players 2) >)").unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::Syntax);
        let loc = e.location.clone().unwrap();
        assert_eq!((loc.line, loc.column), (2, 15));
        assert!(e.message.contains("found `>`"), "{}", e.message);
        let e = parse("(game \"X\" (players 2)").unwrap_err();
        assert!(e.message.contains("unclosed `(`"), "{}", e.message);
    }
}
