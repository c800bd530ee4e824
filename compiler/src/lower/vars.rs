//! Variables: `(set Var ["Name"] N)` and `(var ["Name"])` (Ludii's
//! `SetVar`/`Var`: a map from names to numbers in the state, -1 for a name
//! never set; the unnamed one is the state's `temp`), and each player's
//! value, `(set Value WHO N)` and `(value Player WHO)` (`SetValuePlayer`,
//! `ValuePlayer`: -1 until set).

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{Effect, IntExpr};
use crate::syntax::Node;

use super::{conds, Args, Cx};

/// The number of the variable called `name`.
fn var(cx: &Cx, name: &str) -> u16 {
    super::intern(&cx.vars, name) as u16
}

/// `(var ["Name"])` and `(value Player WHO)`.
pub(super) fn int(cx: &Cx, node: &Node) -> Result<IntExpr> {
    match Cx::ludeme_name(node).as_str() {
        "var" => {
            let mut args = Args::new(node, "var", 0);
            let name = args.string();
            args.finish(cx)?;
            Ok(IntExpr::Var(var(cx, name.unwrap_or_default())))
        }
        _ => {
            let mut args = Args::new(node, "value Player", 1);
            let who = args.next().ok_or_else(|| {
                args.error(
                    cx,
                    ErrorKind::Invalid,
                    "`(value Player ...)` needs a player",
                )
            })?;
            args.finish(cx)?;
            Ok(IntExpr::PlayerValue(conds::player_fn(cx, who)?))
        }
    }
}

/// `(set Var ["Name"] [N])` (N is -1 when left out) and `(set Value WHO N)`.
pub(super) fn effect(cx: &Cx, node: &Node) -> Result<Effect> {
    let name = Cx::ludeme_name(node);
    let mut args = Args::new(node, name.clone(), 1);
    if let Some(then) = args.form_with_head("then") {
        return Err(cx.unsupported_in(then, &format!("argument of `({name} ...)`")));
    }
    if name == "set Var" {
        let var_name = args.string();
        let value = match args.next() {
            Some(n) => conds::int(cx, n)?,
            None => IntExpr::Const(-1),
        };
        args.finish(cx)?;
        return Ok(Effect::SetVar {
            var: var(cx, var_name.unwrap_or_default()),
            value,
        });
    }
    if let Some(at) = args.labeled("at") {
        return Err(cx.unsupported_in(at, "argument `at:` of `(set Value ...)`"));
    }
    let who = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(set Value ...)` needs a player"))?;
    let value = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(set Value ...)` needs a value"))?;
    args.finish(cx)?;
    Ok(Effect::SetPlayerValue {
        who: conds::player_fn(cx, who)?,
        value: conds::int(cx, value)?,
    })
}
