//! Pass: remove `//` comments (`Expander.removeComments`).
//!
//! Run first, and again after define expansion because library bodies may
//! carry comments. Strings are skipped (honouring `\"`) so a `//` in a URL
//! survives. Like Ludii, an unterminated string stops the pass: the rest of
//! the text is kept as it is (the raw parse has already rejected such a
//! `.lud`, so this only matters for text produced by expansion).

use super::scan::matching_quote;
use crate::source::Tracked;

pub(crate) fn remove_comments(text: &Tracked) -> Tracked {
    let s = text.as_str();
    let b = s.as_bytes();
    if !s.contains("//") {
        return text.clone();
    }
    let mut out = Tracked::default();
    let mut kept_from = 0;
    let mut c = 0;
    while c + 1 < b.len() {
        if b[c] == b'"' {
            match matching_quote(s, c) {
                Some(end) => c = end + 1,
                None => break,
            }
        } else if b[c] == b'/' && b[c + 1] == b'/' {
            out.push_slice(text, kept_from..c);
            let mut end = c + 2;
            while end < b.len() && b[end] != b'\n' {
                end += 1;
            }
            kept_from = end;
            c = end;
        } else {
            c += 1;
        }
    }
    out.push_slice(text, kept_from..b.len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{FileId, Origin, SourceMap};

    fn run(src: &str) -> String {
        remove_comments(&Tracked::from_file(FileId(0), src))
            .as_str()
            .to_string()
    }

    #[test]
    fn removes_to_end_of_line_keeping_the_newline() {
        assert_eq!(run("(a) // x\n(b) //y"), "(a) \n(b) ");
        assert_eq!(run("// only"), "");
    }

    #[test]
    fn keeps_comment_markers_inside_strings() {
        assert_eq!(
            run("(url \"http://x.org\") // c"),
            "(url \"http://x.org\") "
        );
        assert_eq!(run("(s \"a\\\"//b\")"), "(s \"a\\\"//b\")");
    }

    #[test]
    fn unterminated_string_stops_the_pass() {
        assert_eq!(run("(a) // c\n\"open // d"), "(a) \n\"open // d");
    }

    #[test]
    fn keeps_provenance() {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", "// c\n(a é)");
        let out = remove_comments(&map.tracked(id));
        assert_eq!(out.as_str(), "\n(a é)");
        assert_eq!(
            out.origin(1),
            Some(Origin {
                file: id,
                offset: 5
            })
        );
    }
}
