//! Custodial lines as bitboard shifts. Ludii's `(custodial ...)` walks each
//! radial from a start site: a run of sites passing `between if:`, closed
//! by a site passing `to if:`. Where every radial of the direction is a
//! straight line of one site difference (the next site of `x` is `x + d`
//! while `x` is in the direction's mask, and the line ends where it is
//! not), the run is found by shifting: from the start, shift by `d` within
//! the mask and keep the sites in the between set, until the next shift
//! meets the closing set — as Reversi engines find their flips. This is
//! exact when the range is unbounded, the tests are "an enemy" and "a
//! friend" (by owner or by piece state), a line leaving the board does not
//! close, and what is applied to each flanked site does not depend on the
//! order the sites come in (flips, removals, a placement at a fixed site).

use std::collections::BTreeMap;

use crate::board::Board;
use crate::ir::{Cond, Custodial, Effect, GameModel, IntExpr, SiteExpr};

/// What a flanked run's sites must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// A piece of another player (`(is Enemy (who at:...))`) or one whose
    /// state names another player (`(is Enemy (state at:...))`).
    Enemy { by_state: bool },
    /// A piece of the mover, or whose state names the mover.
    Friend { by_state: bool },
}

/// How to find the flanked sites of one `(custodial ...)` by shifts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shifts {
    /// Each site difference `d` of the direction with the sites whose next
    /// site along it is `x + d`.
    pub steps: Vec<(i32, Vec<u16>)>,
    /// The most sites a flanked run may hold: a line's sites beyond its
    /// start, less the closing one.
    pub longest_run: usize,
    pub between: Holder,
    pub closing: Holder,
}

impl Shifts {
    /// The doubling steps of the runtime's `run_along` that find a run of
    /// [`Shifts::longest_run`] sites whole.
    pub fn doublings(&self) -> u32 {
        self.longest_run.max(1).next_power_of_two().trailing_zeros()
    }
}

/// The shifts for `c`, or `None` when its walk is not one.
pub fn shifts(model: &GameModel, c: &Custodial) -> Option<Shifts> {
    let unbounded = matches!(c.min, IntExpr::Const(0))
        && matches!(c.max, IntExpr::Const(m) if m >= model.board.num_sites() as i64);
    if !unbounded || c.then.is_some() || !order_free(model, &c.apply) {
        return None;
    }
    let between = holder(&c.between_if, &SiteExpr::Between)?;
    let closing = holder(&c.to_if, &SiteExpr::To)?;
    if !matches!(between, Holder::Enemy { .. }) || !matches!(closing, Holder::Friend { .. }) {
        return None;
    }
    let board = &model.board;
    let longest_run = (0..board.num_sites())
        .flat_map(|x| board.radials(x, c.directions))
        .map(|r| r.steps.len().saturating_sub(2))
        .max()
        .unwrap_or(0);
    Some(Shifts {
        steps: straight_steps(board, c.directions)?,
        longest_run,
        between,
        closing,
    })
}

/// `(is Enemy X)` or `(is Friend X)` of the owner or state at `at`.
fn holder(c: &Cond, at: &SiteExpr) -> Option<Holder> {
    let by_state = |n: &IntExpr| match n {
        IntExpr::Who(x) if x == at => Some(false),
        IntExpr::State(x) if x == at => Some(true),
        _ => None,
    };
    match c {
        Cond::Enemy(n) => Some(Holder::Enemy {
            by_state: by_state(n)?,
        }),
        Cond::Friend(n) => Some(Holder::Friend {
            by_state: by_state(n)?,
        }),
        _ => None,
    }
}

/// Whether applying `e` to each flanked site gives the same state in any
/// order, and yields a move at every such site: flips (of pieces that all
/// flip), removals, placements at a site that is not the flanked one.
fn order_free(model: &GameModel, e: &Effect) -> bool {
    match e {
        Effect::Flip(SiteExpr::Between) => model.components.iter().all(|c| c.flips.is_some()),
        Effect::Remove(SiteExpr::Between) => true,
        Effect::AddPiece { to, .. } => !matches!(to, SiteExpr::Between) && is_fixed(to),
        Effect::AllCombinations(a, b) => order_free(model, a) && order_free(model, b),
        Effect::Seq(list) => list.iter().all(|e| order_free(model, e)),
        _ => false,
    }
}

/// A site the same for every flanked site, and defined.
fn is_fixed(x: &SiteExpr) -> bool {
    matches!(x, SiteExpr::Iterated | SiteExpr::To | SiteExpr::Const(_))
}

/// The direction's steps as site differences, each with the sites it
/// steps from; `None` unless every radial is a straight line of one
/// difference that goes on exactly while its sites are in that mask.
fn straight_steps(
    board: &Board,
    dir: crate::board::AbsoluteDirection,
) -> Option<Vec<(i32, Vec<u16>)>> {
    let n = board.num_sites();
    let mut masks: BTreeMap<i32, Vec<u16>> = BTreeMap::new();
    for x in 0..n {
        for r in board.radials(x, dir) {
            if let Some(&next) = r.steps.get(1) {
                masks
                    .entry(next as i32 - x as i32)
                    .or_default()
                    .push(x as u16);
            }
        }
    }
    for x in 0..n {
        for r in board.radials(x, dir) {
            let Some(&first) = r.steps.get(1) else {
                continue;
            };
            let d = first as i32 - x as i32;
            let mask = &masks[&d];
            for w in r.steps.windows(2) {
                // The line goes on from w[0] by d, and w[0] is in the mask.
                if w[1] as i32 - w[0] as i32 != d || mask.binary_search(&w[0]).is_err() {
                    return None;
                }
            }
            // It ends where its last site has no step d along the direction.
            let last = *r.steps.last().expect("a radial has its origin");
            if mask.binary_search(&last).is_ok() {
                return None;
            }
        }
    }
    // No site may step by d along two radials (the mask could not tell them).
    if masks
        .values()
        .any(|froms| froms.windows(2).any(|w| w[0] == w[1]))
    {
        return None;
    }
    Some(masks.into_iter().collect())
}
