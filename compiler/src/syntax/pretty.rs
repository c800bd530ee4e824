//! An indented s-expression printer for expanded trees (the CLI's `expand`).

use super::tree::{Arg, Node, NodeKind};

/// Widest line printed flat.
const WIDTH: usize = 100;
const INDENT: &str = "    ";

/// Prints `node` as an indented s-expression: a form or array that fits on
/// one line stays flat, a longer one gets one argument per line.
pub fn pretty(node: &Node) -> String {
    let mut out = String::new();
    write_node(node, 0, &mut out);
    out
}

fn flat(node: &Node, out: &mut String) {
    match &node.kind {
        NodeKind::Form { head, args, .. } => {
            out.push('(');
            out.push_str(head);
            for a in args {
                out.push(' ');
                flat_arg(a, out);
            }
            out.push(')');
        }
        NodeKind::Array(args) => {
            out.push('{');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                flat_arg(a, out);
            }
            out.push('}');
        }
        NodeKind::Str(s) => {
            out.push('"');
            out.push_str(s);
            out.push('"');
        }
        NodeKind::Atom(a) => out.push_str(a),
    }
}

fn flat_arg(arg: &Arg, out: &mut String) {
    if let Some(l) = &arg.label {
        out.push_str(l);
        out.push(':');
    }
    flat(&arg.value, out);
}

fn write_node(node: &Node, depth: usize, out: &mut String) {
    let mut one_line = String::new();
    flat(node, &mut one_line);
    if one_line.len() + depth * INDENT.len() <= WIDTH {
        out.push_str(&one_line);
        return;
    }
    let (open, close, head, args) = match &node.kind {
        NodeKind::Form { head, args, .. } => ('(', ')', Some(head.as_str()), args),
        NodeKind::Array(args) => ('{', '}', None, args),
        _ => {
            out.push_str(&one_line);
            return;
        }
    };
    out.push(open);
    if let Some(h) = head {
        out.push_str(h);
    }
    for a in args {
        out.push('\n');
        for _ in 0..=depth {
            out.push_str(INDENT);
        }
        if let Some(l) = &a.label {
            out.push_str(l);
            out.push(':');
        }
        write_node(&a.value, depth + 1, out);
    }
    out.push('\n');
    for _ in 0..depth {
        out.push_str(INDENT);
    }
    out.push(close);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceMap;

    #[test]
    fn short_forms_stay_flat_long_ones_break() {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", "(game \"X\" (players 2) if:(a {b c}))");
        let g = crate::syntax::parse_expanded(&map.tracked(id), &map).unwrap();
        assert_eq!(pretty(&g), "(game \"X\" (players 2) if:(a {b c}))");
        let long = format!(
            "(game \"X\" (players 2) (rules {}))",
            "(x y) ".repeat(30).trim_end()
        );
        let id = map.add("u.lud", long);
        let g = crate::syntax::parse_expanded(&map.tracked(id), &map).unwrap();
        let p = pretty(&g);
        assert!(
            p.starts_with("(game\n    \"X\"\n    (players 2)\n    (rules\n        (x y)\n"),
            "{p}"
        );
        assert!(p.ends_with("\n    )\n)"), "{p}");
    }
}
