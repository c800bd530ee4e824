//! Pass: options (`Expander.realiseOptions`).
//!
//! Every `(option "Heading" <Tag> args:{ <a> <b> } { (item "Label" <x> <y> "doc")* ... })`
//! block is cut out of the text and read; then, category by category in file
//! order, the chosen item's values replace `<Tag:a>` markers and then bare
//! `<Tag>` markers (with the first value), everywhere in the text. The block
//! is read with Ludii's own rules (first string = heading, first `<...>` =
//! tag, first `{...}` after `args:` = argument names, `(item ` searched in
//! the next `{...}`, last string of an item = description, each `<...>` in
//! between = one value, ended by the first `>` not right after `(`).

use super::scan::{
    find_byte, find_from, matching_bracket, trim_range, MAX_CHARACTERS, MAX_EXPANSIONS,
};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{Origin, SourceMap, Tracked};

/// One option category: `(option "Heading" <Tag> args:{...} {items})`.
#[derive(Clone, Debug)]
pub struct OptionCategory {
    pub heading: String,
    pub tag: String,
    pub arg_names: Vec<String>,
    pub items: Vec<OptionItem>,
    /// Where the `(option` block starts.
    pub origin: Option<Origin>,
}

/// One `(item "Label" <value>... "description")` with its `*` priority.
#[derive(Clone, Debug)]
pub struct OptionItem {
    pub label: String,
    pub description: String,
    pub priority: usize,
    pub values: Vec<OptionValue>,
}

/// One `<...>` value of an item, paired with its argument name.
#[derive(Clone, Debug)]
pub struct OptionValue {
    pub name: String,
    pub text: Tracked,
}

impl OptionCategory {
    /// Ludii's default (`GameOptions.computeOptionSelections`): the item with
    /// the most stars, the first one on a tie (so the first item without stars).
    pub fn default_item(&self) -> usize {
        let mut best = 0;
        for (i, item) in self.items.iter().enumerate() {
            if item.priority > self.items[best].priority {
                best = i;
            }
        }
        best
    }

    /// The selection string of item `i`: `"Heading/Label"`.
    pub fn choice(&self, i: usize) -> String {
        let label = self.items.get(i).map_or("", |it| it.label.as_str());
        format!("{}/{}", self.heading, label)
    }

    /// Every selection string of this category.
    pub fn choices(&self) -> Vec<String> {
        (0..self.items.len()).map(|i| self.choice(i)).collect()
    }
}

/// Why option substitution stopped early (Ludii's quirk: a chosen item with
/// no `<...>` value ends option processing for all later categories).
#[derive(Clone, Debug)]
pub(crate) struct Stopped {
    pub choice: String,
}

/// Cuts every option block out of `text` and reads it.
pub(crate) fn extract_options(text: &mut Tracked, map: &SourceMap) -> Result<Vec<OptionCategory>> {
    let mut categories = Vec::new();
    while let Some(c) = find_from(text.as_str(), "(option \"", 0) {
        let Some(cc) = matching_bracket(text.as_str(), c, true) else {
            return Err(CompileError::in_tracked(
                ErrorKind::Syntax,
                map,
                text,
                c..c + 7,
                "option block is not closed: no matching `)`",
            ));
        };
        let block = text.slice(c..cc + 1);
        categories.push(parse_category(&block, map)?);
        text.splice(c..cc + 1, &Tracked::default());
    }
    Ok(categories)
}

fn err(block: &Tracked, map: &SourceMap, at: usize, msg: impl Into<String>) -> CompileError {
    let at = at.min(block.len().saturating_sub(1));
    CompileError::in_tracked(ErrorKind::Syntax, map, block, at..at + 1, msg)
}

/// Reads one `(option ...)` block with Ludii's rules (`OptionCategory`).
fn parse_category(block: &Tracked, map: &SourceMap) -> Result<OptionCategory> {
    let s = block.as_str();
    let q1 =
        find_byte(s, b'"', 0).ok_or_else(|| err(block, map, 0, "option has no heading string"))?;
    let q2 = find_byte(s, b'"', q1 + 1)
        .ok_or_else(|| err(block, map, q1, "option heading string is not closed"))?;
    let heading = s[q1 + 1..q2].to_string();

    let t = find_byte(s, b'<', q2 + 1)
        .ok_or_else(|| err(block, map, 0, "option has no `<Tag>` after its heading"))?;
    let tt = matching_bracket(s, t, true)
        .ok_or_else(|| err(block, map, t, "option tag `<...` is not closed by `>`"))?;
    let tag = s.get(t + 1..tt).unwrap_or("").to_string();
    // Ludii skips one character after the tag's `>`.
    let pos = (tt + 2).min(s.len());

    if find_from(s, "args:", pos).is_none() {
        return Err(err(
            block,
            map,
            0,
            "option must name its values with `args:{ <name> ... }`",
        ));
    }
    let a = find_byte(s, b'{', pos)
        .ok_or_else(|| err(block, map, pos, "option has no `args:{...}` list"))?;
    let aa = matching_bracket(s, a, true)
        .ok_or_else(|| err(block, map, a, "option `args:{` is not closed"))?;
    let mut arg_names = Vec::new();
    let mut p = a;
    while let Some(x) = find_byte(s, b'<', p).filter(|&x| x < aa) {
        let xx = matching_bracket(s, x, true)
            .filter(|&xx| xx < aa)
            .ok_or_else(|| {
                err(
                    block,
                    map,
                    x,
                    "option argument name `<...` is not closed by `>`",
                )
            })?;
        arg_names.push(s.get(x + 1..xx).unwrap_or("").to_string());
        p = xx + 1;
    }

    let l = find_byte(s, b'{', aa + 1)
        .ok_or_else(|| err(block, map, aa, "option has no `{ (item ...) }` list"))?;
    let ll = matching_bracket(s, l, true)
        .ok_or_else(|| err(block, map, l, "option item list `{` is not closed"))?;
    let mut items = Vec::new();
    let mut p = l + 1;
    while let Some(ic) = find_from(s, "(item ", p).filter(|&ic| ic < ll) {
        let icc = matching_bracket(s, ic, true)
            .filter(|&icc| icc < ll)
            .ok_or_else(|| err(block, map, ic, "option item `(item` is not closed"))?;
        let mut end = icc + 1;
        while end < ll && s.as_bytes()[end] == b'*' {
            end += 1;
        }
        items.push(parse_item(block, map, ic, icc, end - icc - 1, &arg_names)?);
        p = ic + 1;
    }

    for (text, what) in
        std::iter::once((&heading, "heading")).chain(items.iter().map(|i| (&i.label, "item label")))
    {
        if text.contains('/') {
            return Err(err(block, map, q1, format!("option {what} \"{text}\" contains `/`, which separates heading and item in selections")));
        }
    }
    Ok(OptionCategory {
        heading,
        tag,
        arg_names,
        items,
        origin: block.origin(0),
    })
}

/// Reads `(item "Label" <v>... "description")` spanning `ic..=icc` (`Option.interpret`).
fn parse_item(
    block: &Tracked,
    map: &SourceMap,
    ic: usize,
    icc: usize,
    priority: usize,
    arg_names: &[String],
) -> Result<OptionItem> {
    let s = block.as_str();
    let (start, end) = trim_range(s, ic + 1, icc);
    let q1 = find_byte(s, b'"', start)
        .filter(|&q| q < end)
        .ok_or_else(|| err(block, map, ic, "option item has no label string"))?;
    let q2 = find_byte(s, b'"', q1 + 1)
        .filter(|&q| q < end)
        .ok_or_else(|| err(block, map, q1, "option item label is not closed"))?;
    let label = s[q1 + 1..q2].to_string();
    let (rest, rest_end) = trim_range(s, q2 + 1, end);
    let bytes = s.as_bytes();
    let d2 = (rest..rest_end).rev().find(|&i| bytes[i] == b'"');
    let d1 = d2.and_then(|d2| (rest..d2).rev().find(|&i| bytes[i] == b'"'));
    let (Some(d1), Some(d2)) = (d1, d2) else {
        return Err(err(
            block,
            map,
            ic,
            format!("option item \"{label}\" has no description string at its end"),
        ));
    };
    let description = s[d1 + 1..d2].to_string();
    let (mut cur, region_end) = trim_range(s, rest, d1);

    let mut values = Vec::new();
    while let Some(c) = find_byte(s, b'<', cur).filter(|&c| c < region_end) {
        if c > cur && bytes[c - 1] == b'(' {
            // `(<` / `(<=`: an operator, not a value opener.
            cur = trim_range(s, c + 1, region_end).0;
            continue;
        }
        let cc = matching_bracket(s, c, false)
            .filter(|&cc| cc < region_end)
            .ok_or_else(|| err(block, map, c, "option value `<...` is not closed by `>`"))?;
        let Some(name) = arg_names.get(values.len()) else {
            return Err(err(
                block,
                map,
                c,
                format!("option item \"{label}\" has more `<...>` values than `args:{{...}}` names ({})", arg_names.len()),
            ));
        };
        let text = if c + 1 >= cc {
            Tracked::default()
        } else {
            block.slice(c + 1..cc)
        };
        values.push(OptionValue {
            name: name.clone(),
            text,
        });
        cur = trim_range(s, cc + 1, region_end).0;
    }
    Ok(OptionItem {
        label,
        description,
        priority,
        values,
    })
}

/// Resolves `wanted` `"Heading/Label"` strings to one item index per
/// category (defaults elsewhere). Unlike Ludii, which silently falls back to
/// all defaults, an unknown or doubled selection is an error.
pub(crate) fn choose(
    categories: &[OptionCategory],
    wanted: &[String],
    map: &SourceMap,
    anchor: Origin,
) -> Result<Vec<usize>> {
    let mut chosen: Vec<usize> = categories
        .iter()
        .map(OptionCategory::default_item)
        .collect();
    let mut by: Vec<Option<&str>> = vec![None; categories.len()];
    for w in wanted {
        let found = categories.iter().enumerate().find_map(|(k, cat)| {
            (0..cat.items.len())
                .find(|&i| cat.choice(i) == *w)
                .map(|i| (k, i))
        });
        let Some((k, i)) = found else {
            let at = categories.first().and_then(|c| c.origin).unwrap_or(anchor);
            let all: Vec<String> = categories.iter().flat_map(|c| c.choices()).collect();
            let help = if all.is_empty() {
                "this game has no options".to_string()
            } else {
                format!("valid choices are:\n  {}", all.join("\n  "))
            };
            return Err(CompileError::at(
                ErrorKind::UnknownOption,
                map,
                at,
                7,
                format!("unknown option \"{w}\""),
            )
            .with_help(help));
        };
        if let Some(other) = by[k] {
            let at = categories[k].origin.unwrap_or(anchor);
            return Err(CompileError::at(
                ErrorKind::UnknownOption,
                map,
                at,
                7,
                format!(
                    "options \"{other}\" and \"{w}\" both select an item of \"{}\"",
                    categories[k].heading
                ),
            )
            .with_help("select one item per option heading"));
        }
        by[k] = Some(w);
        chosen[k] = i;
    }
    Ok(chosen)
}

/// Substitutes the chosen items' values into `text`, category by category.
pub(crate) fn apply(
    text: &mut Tracked,
    categories: &[OptionCategory],
    chosen: &[usize],
    map: &SourceMap,
) -> Result<Option<Stopped>> {
    for (cat, &i) in categories.iter().zip(chosen) {
        let Some(item) = cat.items.get(i) else {
            continue;
        };
        if item.values.is_empty() {
            return Ok(Some(Stopped {
                choice: cat.choice(i),
            }));
        }
        for v in &item.values {
            replace_all(text, &format!("<{}:{}>", cat.tag, v.name), &v.text, map)?;
        }
        replace_all(text, &format!("<{}>", cat.tag), &item.values[0].text, map)?;
    }
    Ok(None)
}

/// Replaces every `marker` by `with`, always searching from the start as
/// Ludii does (a value containing its own marker is an error, not a hang).
fn replace_all(text: &mut Tracked, marker: &str, with: &Tracked, map: &SourceMap) -> Result<()> {
    let mut count = 0;
    while let Some(c) = find_from(text.as_str(), marker, 0) {
        count += 1;
        if count > MAX_EXPANSIONS || text.len() > MAX_CHARACTERS {
            return Err(CompileError::in_tracked(
                ErrorKind::DefineRecursion,
                map,
                text,
                c..c + marker.len(),
                format!("option marker {marker} expanded more than {MAX_EXPANSIONS} times (does its value contain the marker?)"),
            ));
        }
        text.splice(c..c + marker.len(), with);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(src: &str) -> (SourceMap, Tracked) {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", src);
        let t = map.tracked(id);
        (map, t)
    }

    fn realise(src: &str, wanted: &[&str]) -> Result<String> {
        let (map, mut t) = setup(src);
        let cats = extract_options(&mut t, &map)?;
        let wanted: Vec<String> = wanted.iter().map(|s| s.to_string()).collect();
        let chosen = choose(
            &cats,
            &wanted,
            &map,
            Origin {
                file: crate::source::FileId(0),
                offset: 0,
            },
        )?;
        apply(&mut t, &cats, &chosen, &map)?;
        Ok(t.as_str().to_string())
    }

    const SIZE: &str = "(game (board <Size:dim>) (start <Size:start>) (n <Size>))\n(option \"Board Size\" <Size> args:{ <dim> <start> }\n {\n  (item \"3x3\" <3> <(sites Corners)> \"On 3x3.\")\n  (item \"5x5\" <5> <(sites Centre)> \"On 5x5.\")**\n  (item \"7x7\" <7> <> \"On 7x7.\")*\n })";

    #[test]
    fn default_is_most_stars_and_named_markers_come_first() {
        assert_eq!(
            realise(SIZE, &[]).unwrap(),
            "(game (board 5) (start (sites Centre)) (n 5))\n"
        );
    }

    #[test]
    fn user_choice_and_empty_value() {
        assert_eq!(
            realise(SIZE, &["Board Size/7x7"]).unwrap(),
            "(game (board 7) (start ) (n 7))\n"
        );
        assert_eq!(
            realise(SIZE, &["Board Size/3x3"]).unwrap(),
            "(game (board 3) (start (sites Corners)) (n 3))\n"
        );
    }

    #[test]
    fn no_stars_means_first_and_ties_go_to_the_first() {
        let src =
            "(x <A>) (option \"A\" <A> args:{<v>} {(item \"p\" <1> \"\") (item \"q\" <2> \"\")})";
        assert_eq!(realise(src, &[]).unwrap(), "(x 1) ");
        let src = "(x <A>) (option \"A\" <A> args:{<v>} {(item \"p\" <1> \"\") (item \"q\" <2> \"\")* (item \"r\" <3> \"\")*})";
        assert_eq!(realise(src, &[]).unwrap(), "(x 2) ");
    }

    #[test]
    fn values_may_hold_comparison_operators() {
        let src = "(x <M:rule>) (option \"M\" <M> args:{<rule>} {(item \"a\" <(if (<= (count) 1) (and (> a b) (>= c d)))> \"d\")})";
        assert_eq!(
            realise(src, &[]).unwrap(),
            "(x (if (<= (count) 1) (and (> a b) (>= c d)))) "
        );
    }

    #[test]
    fn item_without_values_stops_option_processing() {
        let src = "(x <A> <B>) (option \"A\" <A> args:{<v>} {(item \"none\" \"no value\")}) (option \"B\" <B> args:{<v>} {(item \"b\" <2> \"\")})";
        assert_eq!(realise(src, &[]).unwrap(), "(x <A> <B>)  ");
    }

    #[test]
    fn unknown_choice_lists_the_valid_ones() {
        let e = realise(SIZE, &["Board Size/9x9"]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownOption);
        assert_eq!(
            e.to_string(),
            "t.lud:2:1: unknown option \"Board Size/9x9\""
        );
        assert!(e
            .help
            .as_deref()
            .unwrap()
            .contains("Board Size/3x3\n  Board Size/5x5\n  Board Size/7x7"));
        let e = realise(SIZE, &["Board Size/3x3", "Board Size/5x5"]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownOption);
    }

    #[test]
    fn values_keep_their_origin_in_the_item() {
        let (map, mut t) = setup(SIZE);
        let cats = extract_options(&mut t, &map).unwrap();
        let v = &cats[0].items[1].values[1].text;
        assert_eq!(v.as_str(), "(sites Centre)");
        let loc = map.locate(v.origin(0).unwrap());
        assert_eq!((loc.line, loc.column), (5, 20));
    }

    #[test]
    fn malformed_blocks_are_errors() {
        assert!(realise("(option \"A\" <A> {(item \"a\" <1> \"d\")})", &[])
            .unwrap_err()
            .message
            .contains("args:"));
        assert!(realise(
            "(option \"A\" <A> args:{<v>} {(item \"a\" <1> <2> \"d\")})",
            &[]
        )
        .unwrap_err()
        .message
        .contains("more `<...>` values"));
        assert!(realise(
            "(option \"A/B\" <A> args:{<v>} {(item \"a\" <1> \"d\")})",
            &[]
        )
        .unwrap_err()
        .message
        .contains("contains `/`"));
        assert!(
            realise("(option \"A\" <A> args:{<v>} {(item \"a\" <1> \"d\")}", &[])
                .unwrap_err()
                .message
                .contains("not closed")
        );
    }

    #[test]
    fn too_many_expansions_is_an_error_not_a_hang() {
        // A value cannot contain its own marker (it ends at the first `>`), so
        // the limit is reached only by a huge number of uses.
        let src = format!(
            "(x {}) (option \"A\" <A> args:{{<v>}} {{(item \"a\" <1> \"d\")}})",
            "<A> ".repeat(1001)
        );
        assert_eq!(
            realise(&src, &[]).unwrap_err().kind,
            ErrorKind::DefineRecursion
        );
    }
}
