//! Drawing a playout's move by counting. Where every move of the play
//! rules is a plain slide of a piece or a shot (under `if`, `or` and
//! `then`) and every such slide's reach is a bitboard (`slides`), a
//! playout counts the moves with population counts, draws one index and
//! walks to it, never listing the moves (Amazons: a queen's slide, then its
//! arrow's shot); each move has the same chance as in the standard playout
//! (the differential tests check it).

use crate::ir::{Comparison, Cond, GameModel, IntExpr, Moves, PieceMove, Reach, Region, SiteExpr};

/// Whether a piece move is a plain slide: over empty sites, any distance,
/// onto an empty site, in every direction it lists (not `SameDirection`).
pub fn is_plain_slide(m: &PieceMove) -> bool {
    matches!(
        &m.reach,
        Reach::Slide {
            between_if: None,
            min: None,
            max: None
        }
    ) && m.to_if.is_none()
        && !m.same_direction
}

/// Whether a piece move is a slide over the sites where its `(between
/// if:C)` holds, C a conjunction of bitboard tests of `(between)` (see
/// [`bitboard_between`]), any distance, in every direction it lists: its
/// reach is each ray's mask up to the first site failing C.
pub fn is_masked_slide(m: &PieceMove) -> bool {
    matches!(
        &m.reach,
        Reach::Slide {
            between_if: Some(c),
            min: None,
            max: None
        } if bitboard_between(c)
    ) && m.to_if.is_none()
        && !m.same_direction
}

/// Whether `c` is a conjunction of tests of `(between)` that bitboards
/// give: `(is Empty (between))`, `(not (is Occupied (between)))`, `(is In
/// (between) R)` and its negation for a fixed region R, `(= (between) K)`
/// and `(!= (between) K)` for a fixed site K.
pub fn bitboard_between(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::Empty(SiteExpr::Between) => true,
        Cond::And(parts) => parts.iter().all(bitboard_between),
        Cond::In(SiteExpr::Between, r) => fixed_region(r),
        Cond::Compare(Comparison::Eq | Comparison::Ne, a, b) => {
            fixed_site_of_between(a, b).is_some()
        }
        Cond::Not(inner) => match &**inner {
            Cond::In(SiteExpr::Between, r) => fixed_region(r),
            Cond::Occupied(SiteExpr::Between) => true,
            _ => false,
        },
        _ => false,
    }
}

/// The fixed site K of a comparison of `(between)` with K.
pub fn fixed_site_of_between(a: &IntExpr, b: &IntExpr) -> Option<i64> {
    match (a, b) {
        (IntExpr::Site(SiteExpr::Between), k) | (k, IntExpr::Site(SiteExpr::Between)) => match k {
            IntExpr::Site(SiteExpr::Const(c)) => Some(*c as i64),
            IntExpr::Const(c) => Some(*c),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `r` is a fixed set of sites (read from no position or move).
pub fn fixed_region(r: &Region) -> bool {
    match r {
        Region::Static(_) => true,
        Region::Union(v) | Region::Intersection(v) => v.iter().all(fixed_region),
        Region::Difference(a, b) => fixed_region(a) && fixed_region(b),
        _ => false,
    }
}

/// Whether a single-phase game without swap has only moves the counted
/// draw can count.
pub fn applies(model: &GameModel) -> bool {
    !model.swap && model.phases.len() == 1 && countable(model, &model.phases[0].play, false)
}

/// Whether every move of `m` is a bitboard reach; `from`: inside
/// `(forEach Piece)`, where the moving piece's site is bound.
fn countable(model: &GameModel, m: &Moves, from: bool) -> bool {
    let reach = |dirs: &[crate::board::AbsoluteDirection]| {
        dirs.iter()
            .all(|&d| super::slides::monotone_rays(&model.board, d).is_some())
    };
    match m {
        Moves::Then(inner, _) => countable(model, inner, from),
        Moves::Or(list) => list.iter().all(|m| countable(model, m, from)),
        Moves::If {
            then, otherwise, ..
        } => {
            countable(model, then, from)
                && otherwise
                    .as_deref()
                    .is_none_or(|o| countable(model, o, from))
        }
        Moves::ForEachPiece(rules) => rules.iter().all(|r| countable(model, &r.moves, true)),
        Moves::Move(pm) => {
            pm.from.is_none()
                && from
                && (is_plain_slide(pm) || is_masked_slide(pm))
                && reach(&pm.directions)
        }
        Moves::Shoot(shoot) => reach(&shoot.directions),
        _ => false,
    }
}
