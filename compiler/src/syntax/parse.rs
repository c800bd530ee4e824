//! The strict layer: the expanded text into [`Node`]s.

use pest::iterators::Pair;
use pest::Parser;

use super::grammar::{LudParser, Rule};
use super::tree::{Arg, Node, NodeKind, Span};
use super::{balance, errors};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{SourceMap, Tracked};

/// Parses expanded text and returns its first top-level form (the game).
pub fn parse_expanded(text: &Tracked, map: &SourceMap) -> Result<Node> {
    let mut forms = parse_expanded_forms(text, map)?;
    if forms.is_empty() {
        // The grammar asks for at least one form; keep a message anyway.
        return Err(CompileError::new(
            ErrorKind::Syntax,
            "no `(game ...)` form in the description",
        ));
    }
    Ok(forms.swap_remove(0))
}

/// Parses expanded text into all of its top-level forms.
pub fn parse_expanded_forms(text: &Tracked, map: &SourceMap) -> Result<Vec<Node>> {
    balance::check(text, map, false)?;
    let mut pairs = LudParser::parse(Rule::expanded, text.as_str())
        .map_err(|e| errors::to_compile_error(e, text, map, "the expanded description"))?;
    let top = pairs.next().map(|p| p.into_inner()).into_iter().flatten();
    Ok(top
        .filter(|p| p.as_rule() == Rule::form)
        .map(build)
        .collect())
}

fn span(pair: &Pair<Rule>) -> Span {
    pair.as_span().start()..pair.as_span().end()
}

fn build(pair: Pair<Rule>) -> Node {
    let sp = span(&pair);
    let kind = match pair.as_rule() {
        Rule::form => {
            let mut inner = pair.into_inner();
            let (head, head_span) = match inner.next() {
                Some(h) => (h.as_str().to_string(), span(&h)),
                None => (String::new(), sp.start..sp.start),
            };
            NodeKind::Form {
                head,
                head_span,
                args: inner.map(build_arg).collect(),
            }
        }
        Rule::array => NodeKind::Array(pair.into_inner().map(build_arg).collect()),
        Rule::string => {
            let s = pair.as_str();
            let body = s.get(1..s.len().saturating_sub(1)).unwrap_or("");
            // Ludii's tokenizer turns an escaped quote into an apostrophe.
            NodeKind::Str(body.replace("\\\"", "'"))
        }
        _ => NodeKind::Atom(pair.as_str().to_string()),
    };
    Node { kind, span: sp }
}

fn build_arg(pair: Pair<Rule>) -> Arg {
    let sp = span(&pair);
    let mut label = None;
    let mut value = None;
    for p in pair.into_inner() {
        if p.as_rule() == Rule::label {
            label = Some(p.as_str().trim_end_matches(':').to_string());
        } else {
            value = Some(build(p));
        }
    }
    let value = value.unwrap_or(Node {
        kind: NodeKind::Atom(String::new()),
        span: sp.end..sp.end,
    });
    Arg {
        label,
        value,
        span: sp,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<Node> {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", src);
        parse_expanded(&map.tracked(id), &map)
    }

    #[test]
    fn builds_forms_arrays_labels_and_terminals() {
        let src = "(game \"Hex\" (players 2) (equipment {(board (hex 11)) (piece \"Marker\" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Connected Mover) (result Mover Win)))) x:-1.5 :(value))";
        let g = parse(src).unwrap();
        assert_eq!(g.head(), Some("game"));
        assert_eq!(g.args()[0].value.string(), Some("Hex"));
        assert_eq!(g.args()[1].value.head(), Some("players"));
        assert_eq!(g.args()[1].value.args()[0].value.atom(), Some("2"));
        let eq = &g.args()[2].value;
        assert!(matches!(eq.args()[0].value.kind, NodeKind::Array(ref a) if a.len() == 2));
        let x = &g.args()[4];
        assert_eq!(x.label.as_deref(), Some("x"));
        assert_eq!(x.value.atom(), Some("-1.5"));
        assert_eq!(&src[x.span.clone()], "x:-1.5");
        // `from:(value)` after clean-up: an argument with an empty label.
        assert_eq!(g.args()[5].label.as_deref(), Some(""));
        if let NodeKind::Form { head_span, .. } = &g.kind {
            assert_eq!(&src[head_span.clone()], "game");
        }
    }

    #[test]
    fn operators_are_heads_and_escapes_become_apostrophes() {
        let g = parse("(if (<= (count) 1) (x \"a\\\"b\"))").unwrap();
        assert_eq!(g.args()[0].value.head(), Some("<="));
        assert_eq!(g.args()[1].value.args()[0].value.string(), Some("a'b"));
    }

    #[test]
    fn rejects_leftovers_of_the_raw_layer() {
        let e = parse("(game \"X\" [a])").unwrap_err();
        assert!(e.message.contains("found `[`"), "{}", e.message);
        let e = parse("(\"Missing\" x)").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Syntax);
        let e = parse("(game \"X\" x:)").unwrap_err();
        assert_eq!((e.location.as_ref().unwrap().column), 13);
    }
}
