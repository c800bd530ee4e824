//! Mutations of real `.lud` text, token by token: what a hurried edit or a
//! damaged file does to a game description.

use std::borrow::Cow;

use ludemic_runtime::{RngExt, Xoshiro256PlusPlus};

/// One lexical piece of a description; whitespace and comments stay
/// attached to the token before them so that joining the tokens gives the
/// text back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Open,
    Close,
    String,
    Number,
    Word,
    Space,
}

#[derive(Clone, Debug)]
struct Token<'a> {
    kind: Kind,
    text: Cow<'a, str>,
}

/// Splits `text` into tokens: brackets, strings, numbers, words, and the
/// space (with comments) between them.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let c = bytes[i];
        let kind = match c {
            b'(' | b'{' | b'[' => {
                i += 1;
                Kind::Open
            }
            b')' | b'}' | b']' => {
                i += 1;
                Kind::Close
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += 1;
                }
                i = (i + 1).min(bytes.len());
                Kind::String
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                Kind::Space
            }
            c if c.is_ascii_whitespace() => {
                while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                Kind::Space
            }
            c if c.is_ascii_digit() || c == b'-' => {
                i += 1;
                while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                    i += 1;
                }
                Kind::Number
            }
            _ => {
                i += 1;
                while i < bytes.len()
                    && !bytes[i].is_ascii_whitespace()
                    && !b"(){}[]\"".contains(&bytes[i])
                {
                    i += 1;
                }
                Kind::Word
            }
        };
        // Stay on character boundaries: the library is ASCII apart from
        // a few names and comments, which a word or string swallows whole.
        while !text.is_char_boundary(i) {
            i += 1;
        }
        out.push(Token {
            kind,
            text: Cow::Borrowed(&text[start..i]),
        });
    }
    out
}

const SPACE: Token<'static> = Token {
    kind: Kind::Space,
    text: Cow::Borrowed(" "),
};

/// The kinds of damage a mutant gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// A token removed.
    Delete,
    /// A token written twice.
    Duplicate,
    /// Two tokens exchanged.
    Swap,
    /// A number replaced by another (0, negative, off by one, huge, a fraction).
    Number,
    /// A bracket removed, or the file cut short.
    Cut,
    /// A token copied from elsewhere in the file inserted.
    Insert,
}

const MUTATIONS: [Mutation; 6] = [
    Mutation::Delete,
    Mutation::Duplicate,
    Mutation::Swap,
    Mutation::Number,
    Mutation::Cut,
    Mutation::Insert,
];

/// Numbers a careless edit or a hostile file might hold.
const NUMBERS: [&str; 12] = [
    "0",
    "1",
    "-1",
    "2",
    "3",
    "7",
    "100",
    "1000",
    "65536",
    "2147483648",
    "99999999999999999999",
    "0.5",
];

/// `text` with one to three random mutations; also says which.
pub fn mutate(text: &str, rng: &mut Xoshiro256PlusPlus) -> (String, Vec<Mutation>) {
    let mut toks: Vec<Token<'_>> = tokens(text);
    let mut done = Vec::new();
    let count = 1 + rng.index(3);
    for _ in 0..count {
        if toks.is_empty() {
            break;
        }
        let m = MUTATIONS[rng.index(MUTATIONS.len())];
        // Mutations aim at tokens that carry meaning, not at spaces.
        let pick = |rng: &mut Xoshiro256PlusPlus,
                    toks: &[Token<'_>],
                    want: &dyn Fn(Kind) -> bool| {
            let candidates: Vec<usize> = (0..toks.len()).filter(|&i| want(toks[i].kind)).collect();
            (!candidates.is_empty()).then(|| candidates[rng.index(candidates.len())])
        };
        let meaningful = |k: Kind| k != Kind::Space;
        match m {
            Mutation::Delete => {
                if let Some(i) = pick(rng, &toks, &meaningful) {
                    toks.remove(i);
                }
            }
            Mutation::Duplicate => {
                if let Some(i) = pick(rng, &toks, &meaningful) {
                    let t = toks[i].clone();
                    toks.insert(i, SPACE);
                    toks.insert(i, t);
                }
            }
            Mutation::Swap => {
                let a = pick(rng, &toks, &meaningful);
                let b = pick(rng, &toks, &meaningful);
                if let (Some(a), Some(b)) = (a, b) {
                    toks.swap(a, b);
                }
            }
            Mutation::Number => {
                if let Some(i) = pick(rng, &toks, &|k| k == Kind::Number) {
                    let n = NUMBERS[rng.index(NUMBERS.len())];
                    // Off by one from the number that was there, half the time.
                    let text = match toks[i].text.parse::<i64>() {
                        Ok(v) if rng.index(2) == 0 => {
                            (v + if rng.index(2) == 0 { 1 } else { -1 }).to_string()
                        }
                        _ => n.to_string(),
                    };
                    toks[i].text = Cow::Owned(text);
                }
            }
            Mutation::Cut => {
                if rng.index(4) == 0 {
                    let at = rng.index(toks.len());
                    toks.truncate(at);
                } else if let Some(i) = pick(rng, &toks, &|k| k == Kind::Open || k == Kind::Close) {
                    toks.remove(i);
                }
            }
            Mutation::Insert => {
                if let (Some(from), Some(at)) =
                    (pick(rng, &toks, &meaningful), pick(rng, &toks, &|_| true))
                {
                    let t = toks[from].clone();
                    toks.insert(at, SPACE);
                    toks.insert(at, t);
                }
            }
        }
        done.push(m);
    }
    (toks.iter().map(|t| &*t.text).collect(), done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_join_back_to_the_text() {
        let text = "(game \"Hex\" // a comment\n (players 2) {1 -2.5 (n Orthogonal)} <Opt:x>)";
        let joined: String = tokens(text).iter().map(|t| &*t.text).collect();
        assert_eq!(joined, text);
        let kinds: Vec<Kind> = tokens("(a \"b c\" 12)").iter().map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            [
                Kind::Open,
                Kind::Word,
                Kind::Space,
                Kind::String,
                Kind::Space,
                Kind::Number,
                Kind::Close
            ]
        );
    }

    #[test]
    fn mutants_differ_from_the_text_and_are_reproducible() {
        let text = "(game \"G\" (players 2) (equipment {(board (square 3))}) (rules (play (move Add (to (sites Empty))))))";
        let mut changed = 0;
        for seed in 0..200 {
            let (a, ma) = mutate(text, &mut Xoshiro256PlusPlus::from_seed_u64(seed));
            let (b, mb) = mutate(text, &mut Xoshiro256PlusPlus::from_seed_u64(seed));
            assert_eq!((&a, &ma), (&b, &mb), "same seed, same mutant");
            assert!(!ma.is_empty());
            changed += usize::from(a != text);
        }
        // A swap of two equal tokens, or a number replaced by itself, can
        // leave the text as it was; nearly every mutant differs.
        assert!(changed > 180, "{changed} of 200 mutants differ");
    }
}
