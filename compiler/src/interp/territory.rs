//! Groups and their surroundings, as Go reads them: `(enclose ...)` captures
//! (Ludii's `Enclose`), `(count Liberties ...)` (`CountLiberties`) and
//! `(size Territory ...)` (`SizeTerritory`). See docs/ludii-semantics.md §30.

use ludemic_runtime::Player;

use crate::ir::{AbsoluteDirection, Cond, Enclose, PlayerRef, Site, SiteExpr};

use super::conds::Ctx;
use super::{Interpreter, State};

impl Interpreter {
    /// The sites one step from `site` along `directions`, in Ludii's order
    /// (each direction's steps in turn; a site may come twice).
    fn steps_along<'a>(
        &'a self,
        site: usize,
        directions: &'a [AbsoluteDirection],
    ) -> impl Iterator<Item = usize> + 'a {
        directions
            .iter()
            .flat_map(move |&d| self.model.board.steps(site, d).iter().map(|&t| t as usize))
    }

    /// The groups `(enclose ...)` captures (Ludii's `Enclose.eval` without
    /// `numException`): around `from`, each group of sites where the condition holds
    /// (`(between)` set to the site), joined by the directions, that touches
    /// no empty site. Groups in the order their first site is met around
    /// `from`, each in breadth-first order from it.
    pub(super) fn enclosed_groups(&self, state: &State, ctx: &Ctx, e: &Enclose) -> Vec<Vec<Site>> {
        let n = self.model.board.num_sites();
        let Some(from) = self.eval_site(state, ctx, &e.from) else {
            return Vec::new();
        };
        let from = from as usize;
        if from >= n || state.what[from] == 0 {
            return Vec::new();
        }
        let mover = state.mover;
        let is_target = |site: usize| {
            let at = Ctx {
                between: Some(site as Site),
                ..*ctx
            };
            self.eval_cond(state, mover, &at, &e.between_if)
        };
        let mut around: Vec<usize> = Vec::new();
        for t in self.steps_along(from, &e.directions) {
            if !around.contains(&t) && is_target(t) {
                around.push(t);
            }
        }
        let mut checked = vec![false; n];
        let mut groups = Vec::new();
        'targets: for &target in &around {
            if checked[target] {
                continue;
            }
            let mut in_group = vec![false; n];
            let mut group = vec![target];
            in_group[target] = true;
            let mut i = 0;
            while i < group.len() {
                let site = group[i];
                for t in self.steps_along(site, &e.directions) {
                    if in_group[t] {
                        continue;
                    }
                    if is_target(t) {
                        in_group[t] = true;
                        group.push(t);
                    } else if state.what[t] == 0 {
                        // A liberty: this group is not enclosed.
                        continue 'targets;
                    }
                }
                checked[site] = true;
                i += 1;
            }
            // Ludii checks the liberties a second time over the whole group,
            // gathering the sites around it.
            let mut around_group: Vec<usize> = Vec::new();
            for &site in &group {
                for t in self.steps_along(site, &e.directions) {
                    if in_group[t] || around_group.contains(&t) {
                        continue;
                    }
                    let liberty = if e.through_empty {
                        is_target(t)
                    } else {
                        state.what[t] == 0
                    };
                    if liberty {
                        continue 'targets;
                    }
                    around_group.push(t);
                }
            }
            if e.through_empty && !self.single_chain(around_group) {
                continue 'targets;
            }
            groups.push(group.into_iter().map(|s| s as Site).collect());
        }
        groups
    }

    /// Ludii's test that the sites around a group enclosing empty sites are
    /// "a single group" (`Enclose.eval` with `atLeastAnEmpty`): from the
    /// first, step (in any direction) to the first of the others found
    /// among its neighbours, dropping the one left, until one remains; the
    /// walk fails when a site has no such neighbour. (Ludii would fail on
    /// an empty list; the site the search starts from is always in it.)
    fn single_chain(&self, mut sites: Vec<usize>) -> bool {
        let Some(&first) = sites.first() else {
            return false;
        };
        let mut at = first;
        while sites.len() != 1 {
            let next = self
                .model
                .board
                .steps(at, AbsoluteDirection::All)
                .iter()
                .map(|&t| t as usize)
                .find(|t| sites.contains(t));
            let Some(next) = next else {
                return false;
            };
            if let Some(i) = sites.iter().position(|&s| s == at) {
                sites.remove(i);
            }
            at = next;
        }
        true
    }

    /// `(enclose ...)` as a consequence: every enclosed group is found first,
    /// then the effect runs at each of its sites, then the `then` once when
    /// some group was enclosed. Returns whether the mover moves again.
    pub(super) fn run_enclose(&self, state: &mut State, ctx: &Ctx, e: &Enclose) -> bool {
        let groups = self.enclosed_groups(state, ctx, e);
        let mut again = false;
        for &site in groups.iter().flatten() {
            let at = Ctx {
                between: Some(site),
                ..*ctx
            };
            again |= self.run_effect(state, &at, &e.apply);
        }
        if !groups.is_empty() {
            if let Some(then) = &e.then {
                again |= self.run_effect(state, ctx, then);
            }
        }
        again
    }

    /// `(count Liberties [at:S] [DIRS] [if:C])` (Ludii's `CountLiberties`):
    /// the group of S is S (when C holds with S as `(to)`) and the sites
    /// reached through DIRS holding the same component as S where C holds
    /// (as `(to)`, with S as `(from)`); its liberties are the distinct empty
    /// sites next to it. An empty S makes its group the empty sites around
    /// it, which has no liberty.
    pub(super) fn count_liberties(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        at: &SiteExpr,
        directions: &[AbsoluteDirection],
        condition: Option<&Cond>,
    ) -> i64 {
        let n = self.model.board.num_sites();
        let Some(from) = self.eval_site(state, ctx, at) else {
            return 0;
        };
        let from = from as usize;
        if from >= n {
            return 0;
        }
        let holds = |site: usize, from_set: bool| {
            condition.is_none_or(|c| {
                let inner = Ctx {
                    to: Some(site as Site),
                    from: if from_set {
                        Some(from as Site)
                    } else {
                        ctx.from
                    },
                    ..*ctx
                };
                self.eval_cond(state, mover, &inner, c)
            })
        };
        let mut in_group = vec![false; n];
        let mut group = Vec::new();
        if holds(from, false) {
            in_group[from] = true;
            group.push(from);
        }
        let what = state.what[from];
        let mut i = 0;
        while i < group.len() {
            let site = group[i];
            for t in self.steps_along(site, directions) {
                if !in_group[t] && state.what[t] == what && holds(t, true) {
                    in_group[t] = true;
                    group.push(t);
                }
            }
            i += 1;
        }
        let mut liberty = vec![false; n];
        let mut count = 0;
        for &site in &group {
            for t in self.steps_along(site, directions) {
                if !in_group[t] && state.what[t] == 0 && !liberty[t] {
                    liberty[t] = true;
                    count += 1;
                }
            }
        }
        count
    }

    /// `(size Territory WHO [DIR])` (Ludii's `SizeTerritory`): the empty
    /// sites of the groups of empty sites (joined by DIR) whose every
    /// neighbour outside the group (by DIR) is WHO's piece.
    pub(super) fn size_territory(
        &self,
        state: &State,
        mover: Player,
        who: PlayerRef,
        direction: AbsoluteDirection,
    ) -> i64 {
        let n = self.model.board.num_sites();
        let owner = self.resolve(state, mover, who);
        let board = &self.model.board;
        let mut explored = vec![false; n];
        let mut size = 0;
        for start in 0..n {
            if state.what[start] != 0 || explored[start] {
                continue;
            }
            let mut group = vec![start];
            explored[start] = true;
            let mut i = 0;
            while i < group.len() {
                let site = group[i];
                for &t in board.steps(site, direction) {
                    let t = t as usize;
                    if !explored[t] && state.what[t] == 0 {
                        explored[t] = true;
                        group.push(t);
                    }
                }
                i += 1;
            }
            let owned = group.iter().all(|&site| {
                board.steps(site, direction).iter().all(|&t| {
                    let t = t as usize;
                    // The group's own sites are empty; any other neighbour
                    // must hold WHO's piece.
                    state.what[t] == 0 || state.owner[t] == owner
                })
            });
            if owned {
                size += group.len() as i64;
            }
        }
        size
    }
}
