//! Pass: defines (`Expander.expandDefines`), as text substitution.
//!
//! Order, repeated until the text stops changing:
//! 1. cut every `(define "Name" body)` out of the text (in-file defines);
//! 2. expand the in-file defines, in file order, until none applies;
//! 3. with the first `(metadata ...)` set aside, expand the library defines
//!    until none applies (library defines are not applied in metadata);
//! 4. back to 2 while anything changed.
//!
//! So in-file defines shadow library ones. A use site is the literal text
//! `"Name"`: after `(` it is a call `("Name" a b)` (the whole form is
//! replaced), otherwise a bare use (only the string is replaced). A name
//! right after the token `game`, `match` or `instance` is left alone.

use std::collections::HashSet;

use super::library::{interpret_define, Define, DefineLibrary};
use super::scan::{
    find_from, is_open_bracket, is_token_char, is_ws, matching_bracket, matching_quote, trim_range,
    MAX_CHARACTERS, MAX_EXPANSIONS,
};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{SourceMap, Tracked};

/// Placeholder for a missing or `~` argument, deleted after each sweep (Ludii's own marker).
const DELETE_ME: &str = "<DELETE_ME>";
/// Ludii reads parameters `#1` to `#20` (the two-character marker means `#10`+ never work).
const MAX_DEFINE_ARGS: usize = 20;

/// Expands all defines; returns the text and the names of the in-file defines.
pub(crate) fn expand_defines(
    text: Tracked,
    library: &DefineLibrary,
    map: &SourceMap,
) -> Result<(Tracked, Vec<String>)> {
    let mut text = text;
    let mut in_file_names = Vec::new();
    let mut passes = 0;
    loop {
        let (next, defines) = expand_pass(&text, library, map)?;
        in_file_names.extend(defines.into_iter().map(|d| d.name));
        if next.as_str() == text.as_str() {
            return Ok((next, in_file_names));
        }
        text = next;
        passes += 1;
        if passes > MAX_EXPANSIONS || text.len() > MAX_CHARACTERS {
            return Err(recursion(
                &text,
                map,
                0,
                "defines keep expanding (suspected infinite recursion)",
            ));
        }
    }
}

fn recursion(text: &Tracked, map: &SourceMap, at: usize, msg: impl Into<String>) -> CompileError {
    let at = at.min(text.len().saturating_sub(1));
    CompileError::in_tracked(ErrorKind::DefineRecursion, map, text, at..at + 1, msg).with_help(
        format!(
            "Ludii stops after {MAX_EXPANSIONS} expansions; check for a define that uses itself"
        ),
    )
}

/// Cuts every `(define ...)` out of `text`, in order (`Expander.extractDefines`).
pub(crate) fn extract_defines(text: &mut Tracked, map: &SourceMap) -> Result<Vec<Define>> {
    let mut defines = Vec::new();
    while let Some((define, range)) = interpret_define(text, map)? {
        text.splice(range, &Tracked::default());
        defines.push(define);
    }
    Ok(defines)
}

fn expand_pass(
    text: &Tracked,
    library: &DefineLibrary,
    map: &SourceMap,
) -> Result<(Tracked, Vec<Define>)> {
    let mut text = text.clone();
    let defines = extract_defines(&mut text, map)?;
    let mut rounds = 0;
    loop {
        let mut any = false;
        // In-file defines, everywhere (metadata included).
        loop {
            let mut did = false;
            for d in &defines {
                if text.as_str().contains(&d.name) {
                    expand_define(&mut text, d, &mut did, map)?;
                }
            }
            if !did {
                break;
            }
            any = true;
            rounds += 1;
            if rounds > MAX_EXPANSIONS {
                return Err(looping(&text, &defines, map));
            }
        }
        // Library defines, outside the metadata. Ludii keeps only the
        // metadata form itself and drops anything after it.
        let metadata = match find_from(text.as_str(), "(metadata", 0) {
            Some(c) => {
                let Some(cc) = matching_bracket(text.as_str(), c, true) else {
                    return Err(CompileError::in_tracked(
                        ErrorKind::Syntax,
                        map,
                        &text,
                        c..c + 9,
                        "`(metadata` is not closed: no matching `)`",
                    ));
                };
                let m = text.slice(c..cc + 1);
                text = text.slice(0..c);
                Some(m)
            }
            None => None,
        };
        loop {
            let mut did = false;
            // Ludii asks `text.contains("\"Name\"")` for every library define;
            // a define name holds no quote, so that is the same as asking
            // whether it is one of the text's quote-to-next-quote segments,
            // which one scan finds for all 160-odd defines at once. The set
            // is rebuilt after each define that expanded.
            let mut present = quoted_segments(text.as_str());
            for d in library.defines() {
                if present.contains(d.name.as_str()) {
                    expand_define(&mut text, d, &mut did, map)?;
                    present = quoted_segments(text.as_str());
                }
            }
            if !did {
                break;
            }
            any = true;
            rounds += 1;
            if rounds > MAX_EXPANSIONS {
                let lib: Vec<Define> = library.defines().cloned().collect();
                return Err(looping(&text, &lib, map));
            }
        }
        if let Some(m) = metadata {
            text.push(&m);
        }
        if !any {
            return Ok((text, defines));
        }
    }
}

/// Every `"..."` segment from a quote to the next quote (both included),
/// owned so that the text may change while the set is in use.
fn quoted_segments(s: &str) -> HashSet<String> {
    let quotes: Vec<usize> = s
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'"')
        .map(|(i, _)| i)
        .collect();
    quotes
        .windows(2)
        .map(|w| s[w[0]..=w[1]].to_string())
        .collect()
}

/// The error for defines that keep expanding into each other: points at the
/// first remaining use of one of them.
fn looping(text: &Tracked, defines: &[Define], map: &SourceMap) -> CompileError {
    let found = defines
        .iter()
        .find_map(|d| find_from(text.as_str(), &d.name, 1).map(|c| (c, &d.name)));
    match found {
        Some((c, name)) => recursion(
            text,
            map,
            c,
            format!("define {name} keeps expanding (suspected infinite recursion)"),
        ),
        None => recursion(
            text,
            map,
            0,
            "defines keep expanding (suspected infinite recursion)",
        ),
    }
}

/// `Expander.protectedSubstring`: whether the name at `at` directly follows
/// the token `game`, `match` or `instance`. `byte` reads the text.
fn protected(byte: impl Fn(usize) -> u8, at: usize) -> bool {
    let mut c = at;
    while c > 0 && !is_token_char(byte(c - 1)) {
        c -= 1;
    }
    if c == 0 {
        return false;
    }
    let mut token = Vec::new();
    while c > 0 && is_token_char(byte(c - 1)) {
        if token.len() > 8 {
            return false;
        }
        token.push(byte(c - 1));
        c -= 1;
    }
    token.reverse();
    // Ludii also gives up when the token reaches the start of the text.
    c > 0 && matches!(token.as_slice(), b"game" | b"match" | b"instance")
}

/// Expands every use of one define (`Expander.expandDefine`). After a
/// replacement the search goes on from one past its start, so the inserted
/// text is scanned again.
///
/// Ludii rebuilds the whole string at each use; on the largest library
/// files (half a million characters, thousands of uses) that is quadratic.
/// Here the text is `out` (rewritten) followed by `src[r..]` (not yet
/// reached): a use found in `src` is replaced by appending to `out`. Only
/// when a use starts inside the text just inserted (a define whose
/// arguments or body use it again), or when a backward look needs `out`, is
/// the text joined again and the search resumed in it, so the result is the
/// same as Ludii's.
fn expand_define(
    text: &mut Tracked,
    define: &Define,
    did: &mut bool,
    map: &SourceMap,
) -> Result<()> {
    let name = define.name.as_str();
    let needle = name.as_bytes();
    let mut src = std::mem::take(text);
    let mut out = Tracked::default();
    let mut r = 0;
    // Next search position in the whole text `out + src[r..]`.
    let mut p = 1;
    let mut count = 0;
    let join = |out: &mut Tracked, src: &mut Tracked, r: &mut usize| {
        out.push_slice(src, *r..src.len());
        *src = std::mem::take(out);
        *r = 0;
    };
    loop {
        if p < out.len() {
            // A use starting in `out` must start in the text just inserted;
            // look there and across the junction with `src`.
            let mut window = out.as_str().as_bytes()[p..].to_vec();
            window.extend_from_slice(
                &src.as_str().as_bytes()[r..(r + needle.len() - 1).min(src.len())],
            );
            if window.windows(needle.len()).any(|w| w == needle) {
                join(&mut out, &mut src, &mut r);
                continue;
            }
            p = out.len();
        }
        let from = r + (p - out.len());
        let Some(q) = find_from(src.as_str(), name, from) else {
            break;
        };
        let at = out.len() + (q - r);
        if q == r && !out.is_empty() {
            // The character before the use is in `out`.
            join(&mut out, &mut src, &mut r);
            p = at;
            continue;
        }
        let byte = |i: usize| {
            if i < out.len() {
                out.as_str().as_bytes()[i]
            } else {
                src.as_str().as_bytes()[r + i - out.len()]
            }
        };
        if protected(byte, at) {
            p = at + 1;
            continue;
        }
        count += 1;
        if count > MAX_EXPANSIONS || out.len() + src.len() - r > MAX_CHARACTERS {
            join(&mut out, &mut src, &mut r);
            return Err(recursion(&src, map, at, format!("define {name} expanded more than {MAX_EXPANSIONS} times (suspected infinite recursion)")));
        }
        let (start, end) = if src.as_str().as_bytes()[q - 1] == b'(' {
            let Some(cc) = matching_bracket(src.as_str(), q - 1, true) else {
                return Err(CompileError::in_tracked(
                    ErrorKind::Syntax,
                    map,
                    &src,
                    q - 1..q + name.len(),
                    format!("call of define {name} is not closed: no matching `)`"),
                ));
            };
            (q - 1, cc + 1)
        } else {
            (q, q + name.len())
        };
        let args = extract_define_args(&src, start, end, map)?;
        let exprn = expand_define_args(define, &args, map)?;
        out.push_slice(&src, r..start);
        let new_start = out.len();
        out.push(&exprn);
        r = end;
        *did = true;
        p = new_start + 1;
    }
    out.push_slice(&src, r..src.len());
    *text = out;
    if text.as_str().contains(DELETE_ME) {
        *text = remove_all(text, DELETE_ME);
    }
    Ok(())
}

/// Ludii's `expandDefine` as written (a splice per use), to check
/// [`expand_define`] against.
#[cfg(test)]
fn expand_define_reference(text: &mut Tracked, define: &Define, map: &SourceMap) -> Result<()> {
    let name = define.name.as_str();
    let mut count = 0;
    let mut c = 0;
    while let Some(at) = find_from(text.as_str(), name, c + 1) {
        c = at;
        let b = text.as_str().as_bytes();
        if protected(|i| b[i], c) {
            continue;
        }
        count += 1;
        if count > MAX_EXPANSIONS {
            return Err(recursion(text, map, c, "too many"));
        }
        let (start, end) = if text.as_str().as_bytes()[c - 1] == b'(' {
            let cc = matching_bracket(text.as_str(), c - 1, true)
                .ok_or_else(|| recursion(text, map, c, "unclosed"))?;
            (c - 1, cc + 1)
        } else {
            (c, c + name.len())
        };
        let args = extract_define_args(text, start, end, map)?;
        let exprn = expand_define_args(define, &args, map)?;
        text.splice(start..end, &exprn);
        c = start;
    }
    *text = remove_all(text, DELETE_ME);
    Ok(())
}

fn remove_all(text: &Tracked, what: &str) -> Tracked {
    let mut out = Tracked::default();
    let mut from = 0;
    while let Some(at) = find_from(text.as_str(), what, from) {
        out.push_slice(text, from..at);
        from = at + what.len();
    }
    out.push_slice(text, from..text.len());
    out
}

/// `Expander.extractDefineArgs` on the use site `start..end`: the first
/// word (the name) is skipped, then each argument is a bracketed group, a
/// string, or a word up to whitespace where `name:(...)`/`name:{...}` is kept
/// whole. (So a name with spaces leaves its other words as arguments, and
/// `name:"a b"` is split at the space, exactly as in Ludii.)
fn extract_define_args(
    text: &Tracked,
    start: usize,
    end: usize,
    map: &SourceMap,
) -> Result<Vec<Tracked>> {
    let s = text.as_str();
    let b = s.as_bytes();
    let (mut a, mut z) = trim_range(s, start, end);
    if a < z && b[a] == b'(' {
        // The call's own brackets (always matched: the caller found them).
        match matching_bracket(s, a, true).filter(|&cc| cc < z) {
            Some(cc) => {
                z = cc;
                a += 1;
            }
            None => return Err(bad_args(text, map, a, "define call is not closed")),
        }
    }
    while a < z && !is_ws(b[a]) {
        a += 1;
    }
    let mut args = Vec::new();
    let (mut a, z) = trim_range(s, a, z);
    while a < z {
        let to = if is_open_bracket(b[a]) {
            matching_bracket(s, a, true)
                .filter(|&cc| cc < z)
                .ok_or_else(|| bad_args(text, map, a, "define argument bracket is not closed"))?
                + 1
        } else if b[a] == b'"' {
            matching_quote(s, a)
                .filter(|&cc| cc < z)
                .ok_or_else(|| bad_args(text, map, a, "define argument string is not closed"))?
                + 1
        } else {
            let mut to = a;
            while to < z && !is_ws(b[to]) {
                if b[to] == b':' && to + 1 < z && is_open_bracket(b[to + 1]) {
                    // Named argument with a bracketed value: keep it whole.
                    to = matching_bracket(s, to + 1, true)
                        .filter(|&cc| cc < z)
                        .ok_or_else(|| {
                            bad_args(text, map, to + 1, "define argument bracket is not closed")
                        })?;
                    to += 1;
                    break;
                }
                to += 1;
            }
            to
        };
        let to = to.min(z);
        args.push(text.slice(a..to));
        a = trim_range(s, to, z).0;
    }
    Ok(args)
}

fn bad_args(text: &Tracked, map: &SourceMap, at: usize, msg: &str) -> CompileError {
    CompileError::in_tracked(ErrorKind::Syntax, map, text, at..at + 1, msg.to_string())
}

/// `Expander.expandDefineArgs`: for n = 1, 2, ...: stop at the first `#n`
/// absent from the body; otherwise every `#n` becomes argument n, or the
/// deletion placeholder if it is missing or `~`. An argument that is itself
/// a parameter (`#2` passed on) is substituted once only.
fn expand_define_args(define: &Define, args: &[Tracked], map: &SourceMap) -> Result<Tracked> {
    let mut exprn = define.body.clone();
    for n in 0..MAX_DEFINE_ARGS {
        let marker = format!("#{}", n + 1);
        if !exprn.as_str().contains(&marker) {
            break;
        }
        let mut inner = 0;
        while let Some(m) = find_from(exprn.as_str(), &marker, 0) {
            inner += 1;
            if inner > MAX_EXPANSIONS || exprn.len() > MAX_CHARACTERS {
                return Err(recursion(
                    &exprn,
                    map,
                    m,
                    format!(
                        "parameter {marker} of define {} keeps expanding",
                        define.name
                    ),
                ));
            }
            let arg = match args.get(n) {
                Some(a) if a.as_str() != "~" => a.clone(),
                _ => match exprn.origin(m) {
                    Some(o) => Tracked::synthetic(DELETE_ME, o),
                    None => Tracked::default(),
                },
            };
            let is_param = arg.as_str().starts_with('#');
            // Ludii always replaces two characters, so `#10` reads as `#1` then `0`.
            exprn.splice(m..m + 2, &arg);
            if is_param {
                break;
            }
        }
    }
    Ok(exprn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lib(defs: &[&str]) -> DefineLibrary {
        let mut l = DefineLibrary::empty();
        for (i, d) in defs.iter().enumerate() {
            l.add_file(format!("lib{i}.def"), d).unwrap();
        }
        l
    }

    fn run_with(src: &str, library: &DefineLibrary) -> Result<String> {
        let mut map = library.sources().clone();
        let id = map.add("t.lud", src);
        let (t, _) = expand_defines(map.tracked(id), library, &map)?;
        Ok(t.as_str().to_string())
    }

    fn run(src: &str) -> Result<String> {
        run_with(src, &DefineLibrary::empty())
    }

    #[test]
    fn call_and_bare_use() {
        assert_eq!(
            run("(define \"D\" (f #1 #2)) (g (\"D\" a (b c)) \"D\")").unwrap(),
            " (g (f a (b c)) (f  ))"
        );
    }

    #[test]
    fn missing_and_tilde_arguments_vanish() {
        assert_eq!(
            run("(define \"L\" (is Line 3 #1 #2)) (\"L\" ~ Orthogonal) (\"L\")").unwrap(),
            " (is Line 3  Orthogonal) (is Line 3  )"
        );
    }

    #[test]
    fn stops_at_the_first_absent_parameter() {
        // `#1` is not used, so `#2` is never replaced.
        assert_eq!(run("(define \"P\" (x #2)) (\"P\" a b)").unwrap(), " (x #2)");
    }

    #[test]
    fn named_bracketed_arguments_stay_whole_and_strings_too() {
        assert_eq!(
            run("(define \"A\" (m #1 #2 #3)) (\"A\" if:(is Empty (to)) \"s t\" {1 2})").unwrap(),
            " (m if:(is Empty (to)) \"s t\" {1 2})"
        );
        assert_eq!(
            run("(define \"A\" (m #1 #2)) (\"A\" name:\"s t\")").unwrap(),
            " (m name:\"s t\")"
        );
    }

    #[test]
    fn bare_use_inside_a_call_and_nested_calls() {
        let src = "(define \"IsEnemyAt\" (is Enemy (who at:#1))) (define \"Both\" (and (\"IsEnemyAt\" #1) \"IsEnemyAt\")) (if (\"Both\" (to)))";
        assert_eq!(
            run(src).unwrap(),
            "  (if (and (is Enemy (who at:(to))) (is Enemy (who at:))))"
        );
    }

    #[test]
    fn names_with_spaces_are_bare_uses_with_spurious_arguments() {
        assert_eq!(
            run("(define \"Ankh Waset Site\" 17) (x (\"Ankh Waset Site\") \"Ankh Waset Site\")")
                .unwrap(),
            " (x 17 17)"
        );
        assert_eq!(
            run("(define \"Two Words\" (y #1)) (x (\"Two Words\"))").unwrap(),
            " (x (y Words\"))"
        );
    }

    #[test]
    fn any_equal_string_is_replaced_except_after_game_match_instance() {
        let src = "(define \"Hex\" (hex 5)) (game \"Hex\" (board \"Hex\")) (match \"Hex\") (instance \"Hex\")";
        assert_eq!(
            run(src).unwrap(),
            " (game \"Hex\" (board (hex 5))) (match \"Hex\") (instance \"Hex\")"
        );
    }

    #[test]
    fn parameters_passed_on_are_substituted_once() {
        // Without the once-only rule `#1` -> `#1` would never end.
        assert_eq!(
            run("(define \"Inner\" (i #1 #1)) (g (\"Inner\" #1))").unwrap(),
            " (g (i #1 #1))"
        );
        // The stop rule applies inside nested defines too: Outer has no `#1`,
        // so its `#2` reaches Inner unreplaced, where it becomes Inner's `#1`
        // and is then read as Inner's (missing) second parameter.
        let src = "(define \"Inner\" (i #1)) (define \"Outer\" (\"Inner\" #2)) (\"Outer\" a b)";
        assert_eq!(run(src).unwrap(), "  (i )");
    }

    #[test]
    fn file_defines_shadow_the_library_and_library_skips_metadata() {
        let l = lib(&["(define \"W\" (lib #1))", "(define \"Z\" zed)"]);
        assert_eq!(
            run_with(
                "(define \"W\" (file #1)) (g (\"W\" 1) \"Z\") (metadata (\"W\" 2) \"Z\")",
                &l
            )
            .unwrap(),
            " (g (file 1) zed) (metadata (file 2) \"Z\")"
        );
    }

    #[test]
    fn library_defines_use_each_other_and_keep_their_origin() {
        let l = lib(&["(define \"A\" (a \"B\"))", "(define \"B\" (b #1))"]);
        let mut map = l.sources().clone();
        let id = map.add("t.lud", "(g (\"A\"))");
        let (t, _) = expand_defines(map.tracked(id), &l, &map).unwrap();
        assert_eq!(t.as_str(), "(g (a (b )))");
        assert_eq!(
            map.file(t.origin(4).unwrap().file).path.to_str(),
            Some("lib0.def")
        );
        assert_eq!(
            map.file(t.origin(7).unwrap().file).path.to_str(),
            Some("lib1.def")
        );
    }

    #[test]
    fn recursion_is_cut_with_an_error() {
        for src in [
            "(define \"R\" (\"R\")) (g (\"R\"))",
            "(define \"R\" \"R\") (g \"R\")",
            "(define \"A\" (a \"B\")) (define \"B\" (b \"A\")) (g \"A\")",
        ] {
            let e = run(src).unwrap_err();
            assert_eq!(e.kind, ErrorKind::DefineRecursion, "{src}: {e}");
        }
    }

    #[test]
    fn unclosed_call_is_an_error() {
        let e = run("(define \"D\" x) (g (\"D\" a").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.lud:1:19: call of define \"D\" is not closed: no matching `)`"
        );
    }

    #[test]
    fn fast_sweep_matches_ludiis_splicing() {
        let bodies = [
            "(b #1)",
            "(\"D\" #1)",
            "\"D\"",
            "",
            "x",
            "(d (\"D\" q) #2)",
            "(game #1)",
            "#1)",
            "(\"D\"",
        ];
        let texts = [
            "(g (\"D\" a) \"D\" (\"D\" (\"D\" b)) (x \"D\"))",
            "(game \"D\" (\"D\")(\"D\") \"D\"\"D\" { \"D\" (\"D\" ~ (y) z:{1}) })",
            "(\"D\" (\"D\" (\"D\" c)))",
            "(a \"D\") (instance \"D\") (match  \"D\")",
        ];
        let mut map = SourceMap::new();
        for (i, body) in bodies.iter().enumerate() {
            let def_id = map.add(format!("d{i}.def"), *body);
            let define = Define {
                name: "\"D\"".into(),
                body: map.tracked(def_id),
            };
            for text in texts {
                let id = map.add("t.lud", text);
                let mut fast = map.tracked(id);
                let mut slow = fast.clone();
                let mut did = false;
                let a = expand_define(&mut fast, &define, &mut did, &map).map(|_| fast.clone());
                let b = expand_define_reference(&mut slow, &define, &map).map(|_| slow.clone());
                match (a, b) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b, "body {body:?} text {text:?}"),
                    (Err(_), Err(_)) => {}
                    (a, b) => panic!("body {body:?} text {text:?}: {a:?} vs {b:?}"),
                }
            }
        }
    }
}
