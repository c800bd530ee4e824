//! Moves as target sets. When every move of the play rules is a step or a
//! leap of a player's pieces, onto sites chosen by a test that
//! does not look at where the piece comes from (`(is Empty (to))`, `(is
//! Enemy (who at:(to)))`...), the moves of one direction are the player's
//! bitboard shifted by a constant difference of site numbers, masked by the
//! test's set: Breakthrough's forward steps are `pawns << 8 & empty`.
//!
//! A direction whose site difference varies over the board (rows of
//! different lengths on a hexagonal board) splits into one group per
//! difference, so the sets are exact on any board. This analysis finds the
//! groups; the generator emits them (`codegen::sets`).

use std::collections::{BTreeMap, BTreeSet};

use crate::ir::{Cond, GameModel, IntExpr, Moves, PieceMove, Reach, SiteExpr, Walk};

/// A set of sites a destination test allows, for the mover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SiteSet {
    All,
    Nothing,
    Empty,
    Occupied,
    /// Sites holding another player's pieces (not neutral ones).
    Enemy,
    /// Sites holding the mover's pieces.
    Friend,
    Not(Box<SiteSet>),
    And(Vec<SiteSet>),
    Or(Vec<SiteSet>),
}

/// The bitboard of the pieces that make a group's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceSet {
    /// All of this player's pieces (it owns one kind).
    Owner(u8),
    /// The pieces of this component (`what`, 1-based).
    Kind(usize),
}

/// The moves of one rule and direction whose `to - from` is `delta`.
#[derive(Clone, Debug)]
pub struct Group {
    pub rule: u16,
    pub dir: u8,
    pub delta: i32,
    /// The sites a piece can make this move from (the move stays on the board).
    pub froms: Vec<u16>,
    pub pieces: PieceSet,
    /// Each leg of the move: its site difference and the sites it may end
    /// on (a hop's jumped site, then its landing; a step's destination).
    pub legs: Vec<(i32, SiteSet)>,
}

/// One player's moves as groups.
#[derive(Clone, Debug)]
pub struct PlayerSets {
    pub player: u8,
    pub groups: Vec<Group>,
}

/// Most groups a player may have before listing per piece is as good.
const MAX_GROUPS: usize = 64;

/// Every player's groups, or `None` when the play rules are not all
/// steps, leaps and one-site hops the sets can express.
pub fn plan(model: &GameModel) -> Option<Vec<PlayerSets>> {
    if model.swap
        || model.phases.len() != 1
        || super::features::has_pass_rule(&model.phases[0].play)
    {
        return None;
    }
    let Moves::ForEachPiece(rules) = &model.phases[0].play else {
        return None;
    };
    let mut players: Vec<PlayerSets> = Vec::new();
    for r in rules {
        let owner = model.components[r.component].owner;
        if owner == 0 {
            return None;
        }
        let pieces = pieces_of(model, r.component);
        let mut moves = Vec::new();
        flatten(&r.moves, &mut moves)?;
        let groups: Option<Vec<Vec<Group>>> = moves
            .iter()
            .map(|m| groups(model, r.component, m, pieces))
            .collect();
        let groups = groups?.into_iter().flatten();
        match players.iter_mut().find(|p| p.player == owner) {
            Some(p) => p.groups.extend(groups),
            None => players.push(PlayerSets {
                player: owner,
                groups: groups.collect(),
            }),
        }
    }
    if players.is_empty() || players.iter().any(|p| p.groups.len() > MAX_GROUPS) {
        return None;
    }
    Some(players)
}

/// The bitboard of `component`'s pieces: its owner's when the owner holds
/// this kind only, else the kind's own.
pub(crate) fn pieces_of(model: &GameModel, component: usize) -> PieceSet {
    let owner = model.components[component].owner;
    let kinds = model.components.iter().filter(|c| c.owner == owner).count();
    if kinds == 1 {
        PieceSet::Owner(owner)
    } else {
        PieceSet::Kind(component + 1)
    }
}

/// The groups of one step, leap or one-site hop of `component`.
pub(crate) fn groups(
    model: &GameModel,
    component: usize,
    m: &PieceMove,
    pieces: PieceSet,
) -> Option<Vec<Group>> {
    if m.from.is_some() || m.same_direction {
        return None;
    }
    let targets = match &m.to_if {
        Some(c) => site_set(c, &SiteExpr::To)?,
        None => SiteSet::All,
    };
    let n = model.board.num_sites();
    // Every (dir, from, over, to) the rule moves, from the same tables as
    // the per-piece generator; `over` is the jumped site of a hop.
    let mut moves: Vec<(u8, u16, Option<u16>, u16)> = Vec::new();
    let mut over_set = None;
    match &m.reach {
        Reach::Step => {
            for (k, &d) in m.directions.iter().enumerate() {
                for from in 0..n {
                    for ray in model.board.radials(from, d) {
                        if let Some(&to) = ray.steps.get(1) {
                            moves.push((k as u8, from as u16, None, to));
                        }
                    }
                }
            }
        }
        Reach::Leap { walks, forward } => {
            let lists = leap_lists(model, Some(component), walks, *forward);
            for (from, targets) in lists.into_iter().enumerate() {
                moves.extend(targets.into_iter().map(|to| (0, from as u16, None, to)));
            }
        }
        Reach::Hop {
            distance: IntExpr::Const(1),
            most: None,
            before: IntExpr::Const(0),
            after: IntExpr::Const(0),
            between_if,
            // Ludii's stop rule lands past the first site failing the test.
            stop_if: None,
            ..
        } => {
            over_set = Some(match between_if {
                Some(c) => site_set(c, &SiteExpr::Between)?,
                None => SiteSet::All,
            });
            for (k, &d) in m.directions.iter().enumerate() {
                for from in 0..n {
                    for ray in model.board.radials(from, d) {
                        if let (Some(&over), Some(&to)) = (ray.steps.get(1), ray.steps.get(2)) {
                            moves.push((k as u8, from as u16, Some(over), to));
                        }
                    }
                }
            }
        }
        _ => return None,
    }
    // A move listed twice would be one bit in a set: keep listing per piece.
    let mut seen = BTreeSet::new();
    if !moves
        .iter()
        .all(|&(k, from, _, to)| seen.insert((k, from, to)))
    {
        return None;
    }
    // Grouped by the site differences of each leg.
    let mut by_delta: BTreeMap<(u8, i32, Option<i32>), Vec<u16>> = BTreeMap::new();
    for (dir, from, over, to) in moves {
        let key = match over {
            None => (dir, to as i32 - from as i32, None),
            Some(o) => (dir, o as i32 - from as i32, Some(to as i32 - o as i32)),
        };
        by_delta.entry(key).or_default().push(from);
    }
    Some(
        by_delta
            .into_iter()
            .map(|((dir, first, second), froms)| Group {
                rule: m.rule,
                dir,
                delta: first + second.unwrap_or(0),
                legs: match (second, &over_set) {
                    (Some(d2), Some(over)) => {
                        vec![(first, over.clone()), (d2, targets.clone())]
                    }
                    _ => vec![(first, targets.clone())],
                },
                froms,
                pieces,
            })
            .collect(),
    )
}

/// A destination test as the set of sites passing it, for the mover;
/// `None` when the test needs more than the destination.
pub(crate) fn site_set(c: &Cond, at: &SiteExpr) -> Option<SiteSet> {
    let here = |x: &SiteExpr| x == at;
    let all = |list: &[Cond]| {
        list.iter()
            .map(|c| site_set(c, at))
            .collect::<Option<Vec<_>>>()
    };
    Some(match c {
        Cond::True => SiteSet::All,
        Cond::False => SiteSet::Nothing,
        Cond::Empty(x) if here(x) => SiteSet::Empty,
        Cond::Occupied(x) if here(x) => SiteSet::Occupied,
        Cond::Enemy(IntExpr::Who(x)) if here(x) => SiteSet::Enemy,
        Cond::Friend(IntExpr::Who(x)) if here(x) => SiteSet::Friend,
        Cond::Not(inner) => SiteSet::Not(Box::new(site_set(inner, at)?)),
        Cond::And(list) => SiteSet::And(all(list)?),
        Cond::Or(list) => SiteSet::Or(all(list)?),
        _ => return None,
    })
}

/// The step, leap and hop moves of a component's rules; `None` for anything else.
fn flatten<'m>(m: &'m Moves, out: &mut Vec<&'m PieceMove>) -> Option<()> {
    match m {
        Moves::Move(pm)
            if matches!(
                pm.reach,
                Reach::Step | Reach::Leap { .. } | Reach::Hop { .. }
            ) =>
        {
            out.push(pm);
            Some(())
        }
        Moves::Or(list) => list.iter().try_for_each(|m| flatten(m, out)),
        Moves::Then(inner, _) => flatten(inner, out),
        _ => None,
    }
}

/// For each site, where a leap along `walks` lands from it; with
/// `forward`, only the landings ahead of `component`'s facing.
pub fn leap_lists(
    model: &GameModel,
    component: Option<usize>,
    walks: &[Vec<Walk>],
    forward: bool,
) -> Vec<Vec<u16>> {
    let board = &model.board;
    let facing = if forward {
        component
            .and_then(|c| model.components[c].facing)
            .and_then(|d| d.compass())
    } else {
        None
    };
    let orthogonal = board.orthogonal_headings();
    (0..board.num_sites() as u16)
        .map(|from| {
            board
                .walk_targets(&orthogonal, from, walks)
                .into_iter()
                .filter(|&to| facing.is_none_or(|f| board.is_forward(f, from, to)))
                .collect()
        })
        .collect()
}
