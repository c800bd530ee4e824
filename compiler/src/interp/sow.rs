//! The sowing (mancala) family in the interpreter: `(move Select ...)`,
//! `(sow ...)` as Ludii's `Sow.eval` computes it, `(fromTo ... count:N)`,
//! and the integer functions `(* ...)`, `(if C A B)`, `(mapEntry ...)`.

use ludemic_runtime::{MoveBuffer, Player};

use crate::ir::{Effect, IntExpr, Select, Site, Sow, Track};

use super::conds::Ctx;
use super::{Interpreter, Move, State};

/// A step along a track from an element: the site and its index.
type Step = fn(&Track, usize) -> Option<(i32, usize)>;

/// Ludii's `Constants.MAX_NUM_ITERATION`: most sites skipped in a row.
const MAX_SKIPPED: u32 = 10_000;

impl Track {
    /// The site after element `i` and its index (`Elem.next`, `nextIndex`).
    fn next_of(&self, i: usize) -> Option<(i32, usize)> {
        if i + 1 < self.sites.len() {
            Some((self.sites[i + 1], i + 1))
        } else if self.looped {
            Some((self.sites[0], 0))
        } else {
            None
        }
    }

    /// The site before element `i` and its index (`Elem.prev`, `prevIndex`).
    fn prev_of(&self, i: usize) -> Option<(i32, usize)> {
        let last = self.sites.len() - 1;
        if i == 0 {
            self.looped.then(|| (self.sites[last], last))
        } else if self.directed && i < last {
            None
        } else {
            Some((self.sites[i - 1], i - 1))
        }
    }
}

impl Interpreter {
    /// `(move Select (from REGION if:C))`: a move per site where C holds.
    pub(super) fn generate_select(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        select: &Select,
        out: &mut MoveBuffer<Move>,
    ) {
        for site in self.region_sites(state, player, ctx, &select.from) {
            if site as usize >= self.model.board.num_sites() {
                continue;
            }
            let at = Ctx {
                from: Some(site),
                to: Some(site),
                ..*ctx
            };
            if select
                .from_if
                .as_ref()
                .is_none_or(|c| self.eval_cond(state, player, &at, c))
            {
                let Some(to) = &select.to else {
                    out.push(Move::Select {
                        rule: select.rule,
                        site,
                    });
                    continue;
                };
                // Ludii's `Select` with `regionTo`: the region evaluated
                // with the selected site as `(from)` and `(to)`, then each
                // site of it tested as `(to)`.
                for t in self.region_sites(state, player, &at, &to.region) {
                    if t as usize >= self.model.board.num_sites() {
                        continue;
                    }
                    let at_to = Ctx { to: Some(t), ..at };
                    if to
                        .to_if
                        .as_ref()
                        .is_none_or(|c| self.eval_cond(state, player, &at_to, c))
                    {
                        out.push(Move::SelectTo {
                            rule: select.rule,
                            from: site,
                            to: t,
                        });
                    }
                }
            }
        }
    }

    /// The integer functions of the family.
    pub(super) fn eval_family_int(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        n: &IntExpr,
    ) -> i64 {
        match n {
            IntExpr::Mul(list) => list.iter().fold(1i64, |p, n| {
                p.wrapping_mul(self.eval_int(state, mover, ctx, n))
            }),
            IntExpr::If {
                condition,
                then,
                otherwise,
            } => {
                if self.eval_cond(state, mover, ctx, condition) {
                    self.eval_int(state, mover, ctx, then)
                } else {
                    self.eval_int(state, mover, ctx, otherwise)
                }
            }
            IntExpr::MapEntry { map, key } => {
                let key = self.eval_int(state, mover, ctx, key);
                self.model.map_entry(map.as_deref(), key)
            }
            IntExpr::TrackSiteMove {
                from,
                who,
                name,
                steps,
            } => {
                let p = self.resolve(state, mover, *who);
                let Some(track) = self.track_of(p, name.as_deref()) else {
                    return -1;
                };
                let len = track.sites.len();
                let at = self.eval_site(state, ctx, from).map_or(-1, |s| s as i32);
                let mut i = track.sites.iter().position(|&s| s == at).unwrap_or(len);
                i += self.eval_int(state, mover, ctx, steps).max(0) as usize;
                if i < len {
                    track.sites[i] as i64
                } else if track.looped {
                    track.sites[i % len] as i64
                } else {
                    -1
                }
            }
            _ => unreachable!("not an integer function of the sowing family"),
        }
    }

    /// Ludii's `ActionMoveN`: `n` pieces leave `from` (which empties when
    /// none is left) and land on `to` (taking its place when empty, adding
    /// to its count when it holds the same component).
    pub(super) fn move_count(&self, state: &mut State, from: Site, to: Site, n: u32) {
        let (f, t) = (from as usize, to as usize);
        if self.model.stacking {
            // The top n pieces, one at a time.
            for _ in 0..n {
                let Some(top) = state.stacks[f].pop() else {
                    break;
                };
                self.push(state, to, top, 0);
            }
            self.sync_top(state, from);
            state.last_to_after = Some(to);
            return;
        }
        let (what, owner) = (state.what[f], state.owner[f]);
        if state.count[f] <= n {
            state.what[f] = 0;
            state.owner[f] = 0;
            state.state[f] = 0;
            state.count[f] = 0;
        } else {
            state.count[f] -= n;
        }
        if state.count[t] == 0 {
            if n > 0 {
                // Ludii's setSite with the state UNDEFINED: the site's
                // state stays.
                state.what[t] = what;
                state.owner[t] = owner;
                state.count[t] = n;
            }
        } else if state.what[t] == what {
            state.count[t] += n;
        }
        state.last_to_after = Some(to);
    }

    /// `(fromTo (from S) (to T) count:N)`: nothing when S is empty
    /// (Ludii's FromTo moves only a piece that is there).
    pub(super) fn move_count_effect(&self, eval: &State, state: &mut State, ctx: &Ctx, e: &Effect) {
        let Effect::MoveCount { from, to, count } = e else {
            return;
        };
        let mover = state.mover;
        let (Some(f), Some(t)) = (
            self.eval_site(eval, ctx, from),
            self.eval_site(eval, ctx, to),
        ) else {
            return;
        };
        if eval.what[f as usize] == 0 {
            return;
        }
        let n = self.eval_int(eval, mover, ctx, count).max(0) as u32;
        if !self.model.requires_count && !self.model.stacking {
            // Ludii's `ActionMove` in a game without counts: the piece (its
            // state too) replaces whatever stands on T.
            let (fi, ti) = (f as usize, t as usize);
            if f != t {
                state.what[ti] = state.what[fi];
                state.owner[ti] = state.owner[fi];
                state.state[ti] = state.state[fi];
                state.count[ti] = 1;
                state.what[fi] = 0;
                state.owner[fi] = 0;
                state.state[fi] = 0;
                state.count[fi] = 0;
            }
            state.last_to_after = Some(t);
            return;
        }
        self.move_count(state, f, t, n);
    }

    /// Runs a consequence of the family: `(sow ...)`, `(fromTo ... count:N)`.
    pub(super) fn run_family_effect(&self, state: &mut State, ctx: &Ctx, e: &Effect) -> bool {
        match e {
            Effect::Sow(sow) => {
                let before = state.clone();
                self.sow(&before, state, ctx, sow)
            }
            Effect::MoveCount { .. } => {
                let eval = state.clone();
                self.move_count_effect(&eval, state, ctx, e);
                false
            }
            _ => unreachable!("not a consequence of the sowing family"),
        }
    }

    /// The track `(trackSite Move ...)` follows for player `p` (Ludii's
    /// `TrackSiteMove.eval`).
    fn track_of(&self, p: Player, name: Option<&str>) -> Option<&Track> {
        let tracks = &self.model.tracks;
        let named = name.and_then(|n| {
            tracks
                .iter()
                .find(|t| t.name.contains(n) && t.owner == p)
                .or_else(|| tracks.iter().find(|t| t.name.contains(n)))
        });
        named
            .or_else(|| tracks.iter().find(|t| t.owner == p))
            .or_else(|| tracks.iter().find(|t| t.owner == 0))
    }

    /// The track a sow follows (Ludii's `Sow.eval`): the first one without
    /// a name; the first of that name without `owner:`; with `owner:`, the
    /// first of that owner whose name contains the name.
    fn sow_track(&self, sow: &Sow, owner: Option<i64>) -> Option<&Track> {
        let t = crate::semantics::sow_track(&self.model, sow, owner)?;
        self.model.tracks.get(t)
    }

    /// `(sow ...)`, as Ludii's `Sow.eval` then `Move.apply`: the seeds'
    /// destinations are found on `eval` (the state before sowing, or the
    /// state a capture is evaluated on for a sow inside `apply:`); the
    /// capture conditions (`if:`, `backtracking:`, `forward:`) and the
    /// capture effects' values are read on `eval` with the seeds landed
    /// (Ludii's TempContext), and the captures are applied to `state` after
    /// the seeds, in order. Returns whether the mover moves again.
    fn sow(&self, eval: &State, state: &mut State, ctx: &Ctx, sow: &Sow) -> bool {
        let mover = state.mover;
        let Some(start) = self.eval_site(eval, ctx, &sow.start) else {
            return false;
        };
        let count = match &sow.count {
            Some(n) => self.eval_int(eval, mover, ctx, n),
            None => eval.count_at(start) as i64,
        };
        let num_per_hole = self.eval_int(eval, mover, ctx, &sow.num_per_hole);
        let owner = sow
            .owner
            .as_ref()
            .map(|o| self.eval_int(eval, mover, ctx, o));
        let Some(track) = self.sow_track(sow, owner) else {
            return false;
        };
        let len = track.sites.len();
        let mut i = track
            .sites
            .iter()
            .position(|&s| s == start as i32)
            .unwrap_or(len);
        let mut targets: Vec<Site> = Vec::new();
        let mut sown = 0i64;
        // Ludii's context `to` when the capture is checked.
        let mut last_to = ctx.to;
        let at_start = Ctx {
            from: Some(start),
            ..*ctx
        };
        if self.eval_cond(eval, mover, &at_start, &sow.origin) {
            for _ in 0..num_per_hole.max(0) {
                if sown < count {
                    targets.push(start);
                }
                sown += 1;
            }
            last_to = Some(start);
        }
        if sown < count {
            let mut skipped = 0;
            let mut index = 0;
            while index < count {
                if i >= len {
                    return false;
                }
                let Some((next, next_i)) = track.next_of(i) else {
                    return false;
                };
                let mut to = next;
                last_to = site_of(to);
                let here = Ctx {
                    to: last_to,
                    ..*ctx
                };
                if let Some(skip) = &sow.skip_if {
                    if self.eval_cond(eval, mover, &here, skip) && skipped < MAX_SKIPPED {
                        skipped += 1;
                        i = next_i;
                        continue;
                    }
                    skipped = 0;
                }
                if !sow.include_self && to == start as i32 {
                    // Ludii moves on without updating the context's `to`.
                    i = next_i;
                    let Some((next, _)) = track.next_of(i) else {
                        return false;
                    };
                    to = next;
                }
                let per_hole = self.eval_int(eval, mover, &here, &sow.num_per_hole);
                let Some(to_site) = site_of(to) else {
                    return false;
                };
                for _ in 0..per_hole.max(0) {
                    if sown < count {
                        targets.push(to_site);
                    }
                    sown += 1;
                }
                i = track.next_of(i).map_or(len, |(_, n)| n);
                if sown >= count {
                    break;
                }
                index += 1;
            }
        }
        let mut after = eval.clone();
        for &t in &targets {
            self.move_count(&mut after, start, t, 1);
            self.move_count(state, start, t, 1);
        }
        let mut again = false;
        if let Some(apply) = &sow.apply {
            let mut from = ctx.from;
            let mut to = last_to;
            let mut captures = 0;
            'captures: loop {
                let here = Ctx { from, to, ..*ctx };
                if !self.eval_cond(&after, mover, &here, &sow.capture_if) {
                    break;
                }
                from = Some(start);
                let here = Ctx { from, to, ..*ctx };
                again |= self.capture(&after, state, &here, apply);
                if sow.backtracking.is_none() && sow.forward.is_none() {
                    break;
                }
                // `backtracking:C` steps back, `forward:C` on: C must hold
                // before and after the step (and START ends a backtrack).
                let walks: [(&Option<crate::ir::Cond>, Step, bool); 2] = [
                    (&sow.backtracking, Track::prev_of, true),
                    (&sow.forward, Track::next_of, false),
                ];
                for (walk, step, back) in walks {
                    let Some(c) = walk else { continue };
                    if !self.eval_cond(&after, mover, &Ctx { from, to, ..*ctx }, c) {
                        break 'captures;
                    }
                    let Some((site, index)) = (i < len).then(|| step(track, i)).flatten() else {
                        break 'captures;
                    };
                    i = index;
                    to = site_of(site);
                    if !self.eval_cond(&after, mover, &Ctx { from, to, ..*ctx }, c) {
                        break 'captures;
                    }
                    if back && to == Some(start) {
                        break 'captures;
                    }
                }
                captures += 1;
                if captures >= len {
                    break;
                }
            }
        }
        if let Some(then) = &sow.then {
            again |= self.run_effect(state, ctx, then);
        }
        again
    }

    /// A capture effect of `(sow ... apply:E)`: its conditions and values
    /// read on `eval` (the state right after sowing), its changes made on
    /// `state`. Effects other than `if`, `and`, `(moveAgain)`, `(fromTo ...
    /// count:N)`, `(sow ...)`, `(forEach Site ...)`, scores, variables,
    /// remembered values, piece states and player values run on `state` itself.
    fn capture(&self, eval: &State, state: &mut State, ctx: &Ctx, e: &Effect) -> bool {
        let mover = state.mover;
        match e {
            Effect::MoveAgain => self.run_effect(state, ctx, e),
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                if self.eval_cond(eval, mover, ctx, condition) {
                    self.capture(eval, state, ctx, then)
                } else {
                    otherwise
                        .as_ref()
                        .is_some_and(|o| self.capture(eval, state, ctx, o))
                }
            }
            Effect::Seq(list) => list
                .iter()
                .fold(false, |again, e| self.capture(eval, state, ctx, e) | again),
            Effect::MoveCount { .. } => {
                self.move_count_effect(eval, state, ctx, e);
                false
            }
            Effect::Sow(sow) => self.sow(eval, state, ctx, sow),
            Effect::Remember { .. } | Effect::Forget { .. } | Effect::ForgetAll { .. } => {
                let value =
                    super::moves::remembered_value(e).map(|v| self.eval_int(eval, mover, ctx, v));
                super::moves::remember(state, e, value);
                false
            }
            Effect::SetVar { var, value } => {
                state.vars[*var as usize] = self.eval_int(eval, mover, ctx, value);
                false
            }
            Effect::SetPlayerValue { who, value } => {
                let p = self.resolve(eval, mover, *who) as usize;
                if (1..=self.model.num_players as usize).contains(&p) {
                    state.player_values[p] = self.eval_int(eval, mover, ctx, value);
                }
                false
            }
            Effect::ForEachSite { region, effect } => {
                let mut again = false;
                for s in self.region_sites(eval, mover, ctx, region) {
                    let at = Ctx {
                        site: Some(s),
                        to: Some(s),
                        ..*ctx
                    };
                    again |= self.capture(eval, state, &at, effect);
                }
                again
            }
            Effect::SetState { at, value } => {
                // `(set State at:(to) (state at:(to)))` after a capture that
                // empties the site (Selus): the state read before the capture.
                if let Some(s) = self.eval_site(eval, ctx, at) {
                    let v = self.eval_int(eval, mover, ctx, value);
                    state.state[s as usize] = v.clamp(0, 255) as u8;
                }
                false
            }
            Effect::SetScore { who, score, add } => {
                let p = self.resolve(eval, mover, *who) as usize;
                let n = self.eval_int(eval, mover, ctx, score) as i32;
                if p < state.scores.len() {
                    state.scores[p] = if *add { state.scores[p] + n } else { n };
                }
                false
            }
            other => self.run_effect(state, ctx, other),
        }
    }
}

/// A track's site as a board site (`None` for Ludii's off-board `End`).
fn site_of(s: i32) -> Option<Site> {
    (s >= 0).then_some(s as Site)
}
