//! Remembered values: lists of numbers in the state, each named or the
//! unnamed one (Ludii's `rememberingValues` and `mapRememberingValues`).
//! `(set RememberValue ["Name"] N|REGION [unique:B])` in the start rules,
//! `(remember Value ["Name"] N [unique:B])` and `(forget Value ["Name"]
//! N|All)` as consequences, and `(values Remembered ["Name"])` read as a
//! region (`(sites ...)` of it, `(is In S ...)`) or counted (`(size Array
//! ...)`).

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{Effect, IntExpr, Region};
use crate::syntax::Node;

use super::{conds, Args, Cx};

/// The number of the list called `name` ("" for the unnamed one).
fn list(cx: &Cx, name: &str) -> u16 {
    super::intern(&cx.remembered, name) as u16
}

/// The list `(values Remembered ["Name"])` reads, where `node` is one.
pub(super) fn values(cx: &Cx, node: &Node) -> Result<Option<u16>> {
    if Cx::ludeme_name(node) != "values Remembered" {
        return Ok(None);
    }
    let mut args = Args::new(node, "values Remembered", 1);
    let name = args.string();
    args.finish(cx)?;
    Ok(Some(list(cx, name.unwrap_or_default())))
}

/// `(values Remembered ...)` or `(sites (values Remembered ...))` as a region.
pub(super) fn region(cx: &Cx, node: &Node) -> Result<Option<Region>> {
    let inner = match (Cx::ludeme_name(node).as_str(), node.args()) {
        ("sites", [only]) if only.label.is_none() => &only.value,
        _ => node,
    };
    Ok(values(cx, inner)?.map(Region::Remembered))
}

/// `(size Array (values Remembered ...))`.
pub(super) fn size(cx: &Cx, node: &Node) -> Result<IntExpr> {
    let mut args = Args::new(node, "size Array", 1);
    let array = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(size Array ...)` needs an array"))?;
    args.finish(cx)?;
    match values(cx, array)? {
        Some(list) => Ok(IntExpr::RememberedCount(list)),
        None => Err(cx.unsupported_in(array, "array of `(size Array ...)`")),
    }
}

/// `(set RememberValue ["Name"] N|REGION [unique:B])` of the start rules:
/// the values, fixed when the game starts, added to `cx`'s start lists
/// (a region's sites in increasing order, as Ludii's `IntArrayFromRegion`).
pub(super) fn start(cx: &Cx, node: &Node) -> Result<()> {
    let mut args = Args::new(node, "set RememberValue", 1);
    let name = args.string();
    let unique = args.labeled_bool(cx, "unique", false)?;
    let value = args.next().ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            "`(set RememberValue ...)` needs a value or a region",
        )
    })?;
    args.finish(cx)?;
    let values: Vec<i64> = match conds::fixed_int(cx, value) {
        Ok(n) => vec![n],
        Err(_) => conds::static_region(cx, value)?
            .into_iter()
            .map(i64::from)
            .collect(),
    };
    let list = list(cx, name.unwrap_or_default());
    let mut lists = cx.start_remembered.borrow_mut();
    let at = match lists.iter().position(|(l, _)| *l == list) {
        Some(at) => at,
        None => {
            lists.push((list, Vec::new()));
            lists.len() - 1
        }
    };
    for v in values {
        if !(unique && lists[at].1.contains(&v)) {
            lists[at].1.push(v);
        }
    }
    Ok(())
}

/// `(remember Value ["Name"] N [unique:B])` and `(forget Value ["Name"] N|All)`.
pub(super) fn effect(cx: &Cx, node: &Node) -> Result<Effect> {
    let what = Cx::ludeme_name(node);
    let mut args = Args::new(node, what.clone(), 1);
    if let Some(then) = args.form_with_head("then") {
        return Err(cx.unsupported_in(then, &format!("argument of `({what} ...)`")));
    }
    let name = args.string();
    let list = list(cx, name.unwrap_or_default());
    if what == "remember Value" {
        let unique = args.labeled_bool(cx, "unique", false)?;
        let value = args.next().ok_or_else(|| {
            args.error(
                cx,
                ErrorKind::Invalid,
                "`(remember Value ...)` needs a value",
            )
        })?;
        args.finish(cx)?;
        return Ok(Effect::Remember {
            list,
            value: conds::int(cx, value)?,
            unique,
        });
    }
    if args.atom_among(&["All"]).is_some() {
        args.finish(cx)?;
        return Ok(Effect::ForgetAll {
            list: name.map(|_| list),
        });
    }
    let value = args.next().ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            "`(forget Value ...)` needs a value or All",
        )
    })?;
    args.finish(cx)?;
    Ok(Effect::Forget {
        list,
        value: conds::int(cx, value)?,
    })
}
