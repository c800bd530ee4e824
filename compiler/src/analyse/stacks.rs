//! Stacks: how high a stack can grow, read from the rules. The capacity
//! comes from the placements: each `stack:True` placement's region or test
//! must bound the size of the stack it adds to
//! (`if:(< (size Stack at:(site)) 6)`), so a stack can never overflow.

use crate::ir::{Add, Comparison, Cond, GameModel, IntExpr, Line, Moves, Region, SiteExpr};

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

/// The capacity `c` leaves a stack at `at` open below, where `c` is
/// exactly `(< (size Stack at:AT) N)` (or `(> N (size Stack at:AT))`): a
/// site passes when its stack holds fewer than N pieces, whatever else.
pub fn open_below(c: &Cond, at: &SiteExpr) -> Option<usize> {
    let size_at = |n: &IntExpr| matches!(n, IntExpr::StackSize(x) if x == at);
    match c {
        Cond::Compare(Comparison::Lt, a, IntExpr::Const(k)) if size_at(a) && *k >= 0 => {
            Some(*k as usize)
        }
        Cond::Compare(Comparison::Gt, IntExpr::Const(k), b) if size_at(b) && *k >= 0 => {
            Some(*k as usize)
        }
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

/// For each cell (site, level), as cell numbers, the windows of `line.length`
/// cells along the lines Ludii's `IsLine.evalStack` walks through it.
pub fn level_windows(board: &crate::board::Board, line: &Line, cap: usize) -> Vec<Vec<Vec<usize>>> {
    let len = line.length as usize;
    let cell = |site: u16, level: i64| -> Option<usize> {
        (0..cap as i64)
            .contains(&level)
            .then(|| site as usize * cap + level as usize)
    };
    let mut out = Vec::new();
    for site in 0..board.num_sites() {
        for level in 0..cap as i64 {
            let mut windows: Vec<Vec<usize>> = Vec::new();
            let mut add = |w: Vec<usize>| {
                let mut sorted = w.clone();
                sorted.sort_unstable();
                if !windows.contains(&sorted) {
                    windows.push(sorted);
                }
            };
            // Down the stack, the pivot on top.
            if level + 1 >= len as i64 {
                add((0..len as i64)
                    .map(|k| site * cap + (level - k) as usize)
                    .collect());
            }
            for radial in board.distinct_radials(site, line.directions) {
                for slope in [0i64, -1, 1] {
                    // The cells ahead along the radial, then behind along each opposite.
                    let ahead: Vec<Option<usize>> = radial.steps[1..]
                        .iter()
                        .enumerate()
                        .map(|(k, &t)| cell(t, level + slope * (k as i64 + 1)))
                        .collect();
                    let pivot = site * cap + level as usize;
                    let opposites: Vec<_> = board.opposites(radial).collect();
                    let behinds: Vec<Vec<Option<usize>>> = if opposites.is_empty() {
                        vec![Vec::new()]
                    } else {
                        opposites
                            .iter()
                            .map(|o| {
                                o.steps[1..]
                                    .iter()
                                    .enumerate()
                                    .map(|(k, &t)| cell(t, level - slope * (k as i64 + 1)))
                                    .collect()
                            })
                            .collect()
                    };
                    for behind in behinds {
                        // The whole line, behind reversed, the pivot, ahead.
                        let mut cells: Vec<Option<usize>> = behind.into_iter().rev().collect();
                        let at = cells.len();
                        cells.push(Some(pivot));
                        cells.extend(ahead.iter().copied());
                        for start in at.saturating_sub(len - 1)..=at {
                            let Some(w) = cells.get(start..start + len) else {
                                continue;
                            };
                            if let Some(w) = w.iter().copied().collect::<Option<Vec<usize>>>() {
                                add(w);
                            }
                        }
                    }
                }
            }
            out.push(windows);
        }
    }
    out
}
