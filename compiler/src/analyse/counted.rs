//! Drawing a playout's move by counting. Where every move of the play
//! rules can be counted without listing it, a playout counts the moves,
//! draws one index and walks to it (Amazons: a queen's slide, then its
//! arrow's shot; English Draughts: the forced captures, else the steps);
//! each move has the same chance as in the standard playout (the
//! differential tests check it).
//!
//! Countable moves, under `if`, `or`, `then` and `priority` (the first
//! generator with a move gives all of them):
//! - a piece's plain slide or a shot, whose reach is a bitboard (`slides`);
//! - within `(forEach Piece ...)`, the steps, leaps and one-site hops of
//!   every piece of a kind at once, as target sets (`target_sets`): the
//!   pieces shifted by a site difference and masked by the allowed sites,
//!   counted by population counts;
//! - the moves of the one piece at a given site (`(from (last To))`, the
//!   rest of a capture chain), listed twice (once to count, once to pick):
//!   a handful of moves, without a move list.

use crate::ir::{Comparison, Cond, GameModel, IntExpr, Moves, PieceMove, Reach, Region, SiteExpr};

use super::features::Features;
use super::target_sets::{pieces_of, Group};

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
pub fn applies(model: &GameModel, features: &Features) -> bool {
    !model.swap
        && model.phases.len() == 1
        && countable(model, features, &model.phases[0].play, None)
}

/// The steps, leaps and one-site hops of `pm`, a move of every piece of
/// `component` (within `(forEach Piece ...)`), as target sets; `None`
/// where the sets do not express them exactly (a hop's stop rule, stacks,
/// other site types, pieces of no single player).
pub fn piece_sets(
    model: &GameModel,
    features: &Features,
    component: usize,
    pm: &PieceMove,
) -> Option<Vec<Group>> {
    let owner = model.components[component].owner;
    let stop_rule = matches!(
        &pm.reach,
        Reach::Hop {
            stop_if: Some(_),
            ..
        }
    );
    if owner == 0
        || owner > model.num_players
        || stop_rule
        || model.stacking
        || !model.hands.is_empty()
        || !features.other_types.is_empty()
    {
        return None;
    }
    super::target_sets::groups(model, component, pm, pieces_of(model, component))
}

/// Whether `pm`, a move of the piece at `(from)`, is a slide whose reach
/// is a bitboard (plain or masked, along rays the masks allow), counted
/// piece by piece.
pub fn is_counted_slide(model: &GameModel, pm: &PieceMove) -> bool {
    pm.from.is_none()
        && (is_plain_slide(pm) || is_masked_slide(pm))
        && reachable(model, &pm.directions)
}

/// Whether every direction's rays allow bitboard reaches (`slides`).
fn reachable(model: &GameModel, dirs: &[crate::board::AbsoluteDirection]) -> bool {
    dirs.iter()
        .all(|&d| super::slides::monotone_rays(&model.board, d).is_some())
}

/// Whether `pm` moves the piece at one given site (`(from (last To))`):
/// its few moves are listed to be counted.
pub fn from_one_site(pm: &PieceMove) -> bool {
    matches!(&pm.from, Some(Region::Site(site)) if *site != SiteExpr::From)
}

/// Whether every move of `m` can be counted; `component`: inside
/// `(forEach Piece)`, the kind whose moves these are.
fn countable(model: &GameModel, features: &Features, m: &Moves, component: Option<usize>) -> bool {
    let all = |list: &[Moves]| {
        list.iter()
            .all(|m| countable(model, features, m, component))
    };
    match m {
        Moves::Then(inner, _) => countable(model, features, inner, component),
        Moves::Or(list) | Moves::Priority(list) => all(list),
        Moves::If {
            then, otherwise, ..
        } => {
            countable(model, features, then, component)
                && otherwise
                    .as_deref()
                    .is_none_or(|o| countable(model, features, o, component))
        }
        Moves::ForEachPiece(rules) => rules
            .iter()
            .all(|r| rule_countable(model, features, &r.moves, r.component)),
        Moves::Move(pm) => match component {
            Some(_) => is_counted_slide(model, pm),
            None => from_one_site(pm),
        },
        Moves::Shoot(shoot) => reachable(model, &shoot.directions),
        _ => false,
    }
}

/// Whether every move of a `(forEach Piece ...)` rule of `component` can
/// be counted: its steps, leaps and hops (under `or` and `then`) as target
/// sets of all the kind's pieces, the rest per piece.
fn rule_countable(model: &GameModel, features: &Features, m: &Moves, component: usize) -> bool {
    match m {
        Moves::Then(inner, _) => rule_countable(model, features, inner, component),
        Moves::Or(list) => list
            .iter()
            .all(|m| rule_countable(model, features, m, component)),
        Moves::Move(pm) if piece_sets(model, features, component, pm).is_some() => true,
        _ => countable(model, features, m, Some(component)),
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    /// The model of a two-player game on a square board of 8 with men
    /// moving forward, from its play rules.
    fn model_with_play(play: &str) -> GameModel {
        let text = format!(
            "(game \"G\" (players {{(player N) (player S)}})\n\
             (equipment {{(board (square 8)) (piece \"Man\" Each)}})\n\
             (rules (start {{(place \"Man1\" (sites Bottom)) (place \"Man2\" (sites Top))}})\n\
             (play {play})\n\
             (end (if (no Moves Next) (result Mover Win)))))"
        );
        crate::load_inline(&text)
            .unwrap_or_else(|e| panic!("{e}"))
            .model
    }

    /// Whether the counted draw applies to `model`.
    fn counts(model: &GameModel) -> bool {
        applies(model, &crate::analyse::features::features(model))
    }

    const JUMP: &str = "(move Hop (directions {FR FL}) \
        (between if:(is Enemy (who at:(between))) (apply (remove (between)))) \
        (to if:(is Empty (to))))";
    const STEP: &str = "(move Step (directions {FR FL}) (to if:(is Empty (to))))";

    #[test]
    fn forced_captures_and_their_chains_are_counted() {
        // English Draughts' shape: the rest of a chain from the last site,
        // else the captures of every man if any, else the steps.
        let play = format!(
            "(if (is Prev Mover) \
               (move Hop (from (last To)) (directions {{FR FL}}) \
                 (between if:(is Enemy (who at:(between))) (apply (remove (between)))) \
                 (to if:(is Empty (to)))) \
               (priority {{(forEach Piece {JUMP} (then (moveAgain))) (forEach Piece {STEP})}}))"
        );
        assert!(counts(&model_with_play(&play)));
    }

    #[test]
    fn a_hop_with_a_stop_rule_is_no_target_set() {
        // Past the hurdle, Ludii's stop rule lands on the first site the
        // test fails: not a fixed site difference.
        let play = "(forEach Piece (move Hop (directions {FR FL}) \
            (to if:(is Empty (to)) (apply if:(is Enemy (who at:(to))) (remove (to))))))";
        let model = model_with_play(play);
        let Moves::ForEachPiece(rules) = &model.phases[0].play else {
            panic!("one forEach Piece");
        };
        let Moves::Move(hop) = &rules[0].moves else {
            panic!("a hop");
        };
        assert!(matches!(
            hop.reach,
            Reach::Hop {
                stop_if: Some(_),
                ..
            }
        ));
        assert!(!counts(&model));
        assert!(super::super::target_sets::plan(&model).is_none());
    }

    #[test]
    fn steps_under_a_condition_on_the_piece_are_not_counted_as_sets() {
        // The condition reads the moving piece's site: the sets of all the
        // pieces at once cannot take it, and steps are not counted per piece.
        let play = format!("(forEach Piece (if (is In (from) (sites Bottom)) {STEP}))");
        assert!(!counts(&model_with_play(&play)));
        // Without it, the steps are target sets.
        let model = model_with_play(&format!("(forEach Piece {STEP})"));
        let Moves::ForEachPiece(rules) = &model.phases[0].play else {
            panic!("one forEach Piece");
        };
        let Moves::Move(step) = &rules[0].moves else {
            panic!("a step");
        };
        let features = crate::analyse::features::features(&model);
        let groups = piece_sets(&model, &features, rules[0].component, step).expect("target sets");
        assert_eq!(groups.len(), 2, "one group per direction on a square board");
    }

    #[test]
    fn moves_from_a_given_site_are_listed_and_placements_are_not_counted() {
        let chain = format!("(if (is Prev Mover) (move Step (from (last To)) Forward (to if:(is Empty (to)))) (forEach Piece {STEP}))");
        assert!(counts(&model_with_play(&chain)));
        let placement = "(move Add (to (sites Empty)))";
        assert!(!counts(&model_with_play(placement)));
    }
}
