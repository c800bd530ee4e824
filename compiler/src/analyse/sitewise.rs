//! Drawing a playout's move site by site, where the play rules give at
//! most one move per site of a region: `(move Add (to R [if:C]))`, or
//! `(forEach Site R (append E))`. A playout then needs no move list: it
//! tries the region's sites in a random order and takes the first with a
//! move. Every legal site is the first legal one of a random order with the
//! same probability, so the draw is exactly uniform over the legal moves
//! (the differential tests check it), and it tests few sites when many
//! have a move (Ludii's "filter" idea, without the list).

use crate::ir::{Cond, Custodial, Effect, GameModel, Moves, Region, SiteExpr};

use super::custodial;

/// The play rules as one region, a filter on its sites, and the moves at
/// each site.
#[derive(Clone, Copy, Debug)]
pub struct SiteRule<'m> {
    pub region: &'m Region,
    /// `(forEach R if:C)`: the test each site of the region must pass.
    pub filter: Option<&'m Cond>,
    /// The moves at one site: a placement, or an `(append ...)`.
    pub moves: &'m Moves,
}

/// The site rule of a single-phase game without swap, if its play rules
/// give at most one move per site.
pub fn plan(model: &GameModel) -> Option<SiteRule<'_>> {
    if model.swap || model.phases.len() != 1 {
        return None;
    }
    let (region, moves) = site_rule(&model.phases[0].play)?;
    Some(match region {
        Region::Filter(within, test) => SiteRule {
            region: within,
            filter: Some(test),
            moves,
        },
        other => SiteRule {
            region: other,
            filter: None,
            moves,
        },
    })
}

/// The play rules as one region and the moves at each of its sites.
fn site_rule(play: &Moves) -> Option<(&Region, &Moves)> {
    match play {
        Moves::Add(add) => Some((&add.to, play)),
        Moves::ForEachSite { region, moves } if matches!(**moves, Moves::Append { .. }) => {
            Some((region, moves))
        }
        Moves::Then(inner, _) => site_rule(inner),
        _ => None,
    }
}

/// Where a site of `rule` has a move exactly when `(custodial (from
/// (site)) ...)`, found by shifts, flanks some site from it (Reversi's
/// placements): that custodial. Its starts are then found for every site at
/// once, by shifts backwards from the closing sites, and the playout draws
/// one of them uniformly, without trying sites one by one.
pub fn flanking<'m>(model: &GameModel, rule: &SiteRule<'m>) -> Option<&'m Custodial> {
    let Moves::Append {
        effect: Effect::Custodial(c),
        ..
    } = rule.moves
    else {
        return None;
    };
    // The append yields a move where the custodial flanks a site (every
    // flanked site yields, as the shifts' analysis proved), named by a
    // site always defined then.
    let from_the_site = matches!(c.from, SiteExpr::Iterated | SiteExpr::To);
    (rule.filter.is_none() && from_the_site && custodial::shifts(model, c).is_some()).then_some(c)
}
