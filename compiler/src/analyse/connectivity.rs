//! Incremental connectivity for `(is Connected ...)`: whether a union–find
//! can follow the groups, and which regions it tracks.
//!
//! When every move only fills empty sites (no piece ever moves or leaves),
//! groups only grow, so a union–find kept at each placement gives every
//! group — and, with a bitmask per root of the regions it touches, every
//! connection test — in constant time instead of a flood fill per move.

use crate::board::AbsoluteDirection;
use crate::ir::{Cond, ConnectTargets, Connected, GameModel, Site};

/// What the union–find tracks: the regions (each a bit) and how stones link.
#[derive(Clone, Debug)]
pub struct UnionFind {
    pub directions: AbsoluteDirection,
    /// Every region any connection test names, in bit order.
    pub regions: Vec<Vec<Site>>,
}

impl UnionFind {
    /// The plan, if the analysis proves it valid: placements only
    /// (`only_fills`, from `fills::only_fills`), every connection test
    /// along the same directions, at most 32 regions.
    pub fn plan(model: &GameModel, only_fills: bool) -> Option<UnionFind> {
        let mut tests = Vec::new();
        for c in model.end.iter().map(|r| &r.condition).chain(
            model
                .phases
                .iter()
                .flat_map(|p| p.end.iter().map(|r| &r.condition)),
        ) {
            collect(c, &mut tests);
        }
        let first = tests.first()?;
        if tests.iter().any(|t| t.directions != first.directions) || !only_fills {
            return None;
        }
        let mut regions: Vec<Vec<Site>> = Vec::new();
        let mut add = |set: &Vec<Site>| {
            if !regions.contains(set) {
                regions.push(set.clone());
            }
        };
        for decl in model.regions.iter().filter(|r| r.owner > 0) {
            decl.parts.iter().for_each(&mut add);
        }
        for t in &tests {
            if let ConnectTargets::Sets(sets) = &t.targets {
                sets.iter().for_each(&mut add);
            }
        }
        (regions.len() <= 32).then_some(UnionFind {
            directions: first.directions,
            regions,
        })
    }

    /// The bitmask of the regions in `sets`.
    pub fn mask_of(&self, sets: &[Vec<Site>]) -> u32 {
        sets.iter()
            .filter_map(|s| self.regions.iter().position(|r| r == s))
            .fold(0, |m, i| m | 1 << i)
    }

    /// For each player (index 0 unused), the mask of the regions it owns.
    pub fn player_masks(&self, model: &GameModel) -> Vec<u32> {
        (0..=model.num_players)
            .map(|p| {
                let parts: Vec<Vec<Site>> = model
                    .regions
                    .iter()
                    .filter(|r| r.owner == p && p > 0)
                    .flat_map(|r| r.parts.iter().cloned())
                    .collect();
                self.mask_of(&parts)
            })
            .collect()
    }
}

fn collect<'c>(c: &'c Cond, out: &mut Vec<&'c Connected>) {
    match c {
        Cond::Connected(t) => out.push(t),
        Cond::Not(c) => collect(c, out),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| collect(c, out)),
        _ => {}
    }
}
