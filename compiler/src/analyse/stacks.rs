//! Stacks: how high a stack can grow, read from the rules. The capacity
//! comes from the placements: each `stack:True` placement's region or test
//! must bound the size of the stack it adds to
//! (`if:(< (size Stack at:(site)) 6)`), so a stack can never overflow.

use crate::ir::{Add, Comparison, Cond, GameModel, IntExpr, Moves, Region, SiteExpr};

/// The largest stack the placements allow: every `stack:True` placement
/// must test the size of the stack it adds to against a constant.
pub fn capacity(model: &GameModel) -> Result<usize, String> {
    let mut adds = Vec::new();
    for phase in &model.phases {
        phase.play.placements(&mut adds);
    }
    let mut cap = 0;
    for add in adds.iter().filter(|a| a.stack) {
        cap = cap.max(bound_of_add(add).ok_or_else(|| {
            "stacks whose height no rule bounds (`(< (size Stack at:(to)) N)`)".to_owned()
        })?);
    }
    if cap > 255 {
        return Err("stacks higher than 255 pieces".to_owned());
    }
    Ok(cap.max(1))
}

/// The stack size a placement cannot exceed, read from its region's filter
/// (`(forEach R if:C)` with `(site)`) or its `(to ... if:C)` (with `(to)`).
fn bound_of_add(add: &Add) -> Option<usize> {
    let from_filter = match &add.to {
        Region::Filter(_, c) => bound_of(c, &SiteExpr::Iterated),
        _ => None,
    };
    let from_test = add.to_if.as_ref().and_then(|c| bound_of(c, &SiteExpr::To));
    match (from_filter, from_test) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The bound `c` puts on the stack size at `at` before a piece is added:
/// the size after adding is at most the result.
fn bound_of(c: &Cond, at: &SiteExpr) -> Option<usize> {
    let size_at = |n: &IntExpr| matches!(n, IntExpr::StackSize(x) if x == at);
    let constant = |n: &IntExpr| match n {
        IntExpr::Const(k) if *k >= 0 => Some(*k as usize),
        _ => None,
    };
    match c {
        Cond::Compare(op, a, b) if size_at(a) => {
            let k = constant(b)?;
            match op {
                Comparison::Lt => Some(k),
                Comparison::Le | Comparison::Eq => Some(k + 1),
                _ => None,
            }
        }
        Cond::Compare(op, a, b) if size_at(b) => {
            let k = constant(a)?;
            match op {
                Comparison::Gt => Some(k),
                Comparison::Ge | Comparison::Eq => Some(k + 1),
                _ => None,
            }
        }
        Cond::And(cs) => cs.iter().filter_map(|c| bound_of(c, at)).min(),
        _ => None,
    }
}

/// Whether the play rules only ever add pieces on top of stacks, with no
/// state and no consequence: the one way the generator changes stacks.
pub fn only_adds(m: &Moves) -> bool {
    match m {
        Moves::Add(add) => add.stack && add.state.is_none() && add.then.is_none(),
        Moves::Pass { .. } => true,
        Moves::If {
            then, otherwise, ..
        } => only_adds(then) && otherwise.as_deref().is_none_or(only_adds),
        Moves::Priority(list) | Moves::Or(list) => list.iter().all(only_adds),
        _ => false,
    }
}
