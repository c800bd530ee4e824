//! Conditions, integers, sites and regions, evaluated in a state.

use ludemic_runtime::Player;

use crate::board::Relation;
use crate::ir::{
    Around, Cond, IntExpr, Occupancy, Owners, Pieces, PlayerRef, Region, Site, SiteExpr,
};

use super::{Interpreter, State};

/// The sites a rule is evaluated at: `(from)`, `(to)`, `(between)`, `(site)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ctx {
    pub from: Option<Site>,
    pub to: Option<Site>,
    pub between: Option<Site>,
    pub site: Option<Site>,
    /// `(pips)`: the value of the die `(forEach Die ...)` is at.
    pub pips: Option<i64>,
}

impl Interpreter {
    /// A player reference resolved for `mover`.
    pub(super) fn resolve(&self, state: &State, mover: Player, who: PlayerRef) -> Player {
        match who {
            PlayerRef::Mover => mover,
            PlayerRef::Next if state.next_is.is_some() && mover == state.mover => {
                state.next_is.unwrap_or(mover)
            }
            PlayerRef::Next if state.again && mover == state.mover => mover,
            PlayerRef::Next => self.next_player(state, mover),
            PlayerRef::Prev => self.previous_player(state, mover),
            PlayerRef::Player(p) => p,
        }
    }

    pub(super) fn eval_cond(&self, state: &State, mover: Player, ctx: &Ctx, cond: &Cond) -> bool {
        match cond {
            Cond::True => true,
            Cond::False => false,
            // Ludii's `Moves.canMove`: a move counts when the meta rules
            // (no Repeat) allow it.
            // With `GameType.Visited`, `CanMove.eval` visits the last
            // move's from and to while it looks (and unvisits them after).
            Cond::CanMove(moves) if !state.visited.is_empty() => {
                let mut visiting = state.clone();
                let (from, to) = self.decision_sites(state);
                for s in [from, to].into_iter().flatten() {
                    if let Some(v) = visiting.visited.get_mut(s as usize) {
                        *v = true;
                    }
                }
                super::requirements::existence(|| self.exists_move(&visiting, mover, ctx, moves))
            }
            Cond::CanMove(moves) => {
                super::requirements::existence(|| self.exists_move(state, mover, ctx, moves))
            }
            Cond::Threatened(t) => self.threatened(state, mover, ctx, t),
            Cond::Visited(x) => self
                .eval_site(state, ctx, x)
                .is_some_and(|s| state.visited.get(s as usize).copied().unwrap_or(false)),
            Cond::SameSites(a, b) => {
                let mut a = self.region_sites(state, mover, ctx, a);
                let mut b = self.region_sites(state, mover, ctx, b);
                a.sort_unstable();
                a.dedup();
                b.sort_unstable();
                b.dedup();
                a == b
            }
            Cond::Not(c) => !self.eval_cond(state, mover, ctx, c),
            Cond::And(cs) => cs.iter().all(|c| self.eval_cond(state, mover, ctx, c)),
            Cond::Or(cs) => cs.iter().any(|c| self.eval_cond(state, mover, ctx, c)),
            Cond::Even(n) => self.eval_int(state, mover, ctx, n) % 2 == 0,
            Cond::Odd(n) => self.eval_int(state, mover, ctx, n) % 2 != 0,
            Cond::Line(line) => state
                .last_to
                .is_some_and(|pivot| self.is_line(state, mover, ctx, line, pivot)),
            Cond::LineAt(at) => match self.eval_site(state, ctx, &at.through) {
                Some(pivot) if at.by_level => self.is_line_by_level(state, &at.line, pivot),
                Some(pivot) => self.is_line(state, mover, ctx, &at.line, pivot),
                None => false,
            },
            Cond::AllDiceUsed => state.current.iter().all(|&v| v == 0),
            Cond::AllDiceEqual => state.dice_equal,
            Cond::Proposed(p) => state.propositions.contains(p),
            Cond::Decided(p) => state.decided == Some(*p),
            Cond::AllPassed => {
                state.moves >= self.model.num_players as u32 && self.all_passed(state)
            }
            Cond::Connected(c) => self.is_connected(state, mover, c),
            Cond::Loop(l) => self.is_loop(state, mover, l),
            Cond::Empty(s) => self
                .eval_site(state, ctx, s)
                .is_some_and(|s| state.what[s as usize] == 0),
            Cond::Occupied(s) => self
                .eval_site(state, ctx, s)
                .is_some_and(|s| state.what[s as usize] != 0),
            Cond::Enemy(p) => {
                let p = self.eval_int(state, mover, ctx, p);
                p > 0 && p != mover as i64
            }
            Cond::Friend(p) => self.eval_int(state, mover, ctx, p) == mover as i64,
            Cond::IsMover(p) => self.resolve(state, mover, *p) == mover,
            Cond::IsPrev(p) => self.resolve(state, mover, *p) == state.prev,
            Cond::In(s, region) => match self.eval_site(state, ctx, s) {
                Some(s) => self.region_sites(state, mover, ctx, region).contains(&s),
                None => false,
            },
            Cond::Related(relation, s, region) => match self.eval_site(state, ctx, s) {
                Some(s) => {
                    let near = self.model.board.neighbours(s as usize, *relation);
                    self.region_sites(state, mover, ctx, region)
                        .iter()
                        .any(|r| near.contains(r))
                }
                None => false,
            },
            Cond::IsPending => !state.pending.is_empty(),
            Cond::IsCycle => self.is_cycle(state),
            Cond::Triggered { who, .. } => {
                let p = self.resolve(state, mover, *who);
                state.is_active(p) && state.triggered(p)
            }
            // Ludii computes the moves only for `Next` (roles swapped); for
            // any other player it reads the flag set when that player was
            // forced to pass.
            Cond::NoMoves(PlayerRef::Next) => {
                let p = self.resolve(state, mover, PlayerRef::Next);
                // Ludii's NoMoves switches to the next player with the
                // current mover as `prev` (so `(is Prev Mover)` holds after
                // `moveAgain`) before computing the moves.
                !(self.swap_allowed(state) || self.has_moves(state, p, state.mover))
            }
            Cond::NoMoves(who) => {
                let p = self.resolve(state, mover, *who);
                state.stalemated & (1 << p) != 0
            }
            Cond::NoPieces(pieces) => self.count_pieces(state, mover, ctx, pieces, true) == 0,
            Cond::AllSites(region, test) => self
                .region_sites(state, mover, ctx, region)
                .into_iter()
                .all(|s| {
                    let inner = Ctx {
                        site: Some(s),
                        ..*ctx
                    };
                    self.eval_cond(state, mover, &inner, test)
                }),
            Cond::Compare(op, a, b) => op.holds(
                self.eval_int(state, mover, ctx, a),
                self.eval_int(state, mover, ctx, b),
            ),
        }
    }

    pub(super) fn eval_int(&self, state: &State, mover: Player, ctx: &Ctx, n: &IntExpr) -> i64 {
        let board = &self.model.board;
        match n {
            IntExpr::Const(c) => *c,
            IntExpr::CountMoves => state.moves as i64,
            IntExpr::CountPieces(pieces) => self.count_pieces(state, mover, ctx, pieces, false),
            IntExpr::What(s) => self
                .eval_site(state, ctx, s)
                .map_or(0, |s| state.what[s as usize] as i64),
            IntExpr::ComponentOf { who, per_player } => {
                let p = self.resolve(state, mover, *who);
                per_player
                    .get((p as usize).wrapping_sub(1))
                    .map_or(0, |&w| i64::from(w))
            }
            IntExpr::CountAt(region) => self
                .region_sites(state, mover, ctx, region)
                .into_iter()
                .map(|s| state.count_at(s) as i64)
                .sum(),
            IntExpr::Player(p) => self.resolve(state, mover, *p) as i64,
            IntExpr::Who(s) => self
                .eval_site(state, ctx, s)
                .map_or(0, |s| state.owner[s as usize] as i64),
            // A site off the board (in a hand) has no row: Off, as `Row.eval`.
            IntExpr::Row(s) => self
                .eval_site(state, ctx, s)
                .and_then(|s| board.sites.get(s as usize))
                .map_or(-1, |site| site.row as i64),
            IntExpr::Column(s) => self
                .eval_site(state, ctx, s)
                .and_then(|s| board.sites.get(s as usize))
                .map_or(-1, |site| site.col as i64),
            IntExpr::CountSites(region) => {
                self.region_sites(state, mover, ctx, region).len() as i64
            }
            IntExpr::CountSteps { from, to, relation } => {
                let Some(from) = self.eval_site(state, ctx, from) else {
                    return 0;
                };
                let distances = self.step_distances(from, *relation);
                self.region_sites(state, mover, ctx, to)
                    .iter()
                    .filter_map(|&s| distances.get(s as usize))
                    .min()
                    .map_or(0, |&d| i64::from(d))
            }
            IntExpr::CountGroups(relation, test) => {
                self.count_groups(state, mover, ctx, *relation, test) as i64
            }
            IntExpr::CountLiberties {
                at,
                directions,
                condition,
            } => self.count_liberties(state, mover, ctx, at, directions, condition.as_deref()),
            IntExpr::SizeTerritory { who, direction } => {
                self.size_territory(state, mover, *who, *direction)
            }
            IntExpr::Add(a, b) => {
                self.eval_int(state, mover, ctx, a) + self.eval_int(state, mover, ctx, b)
            }
            IntExpr::Sub(a, b) => {
                self.eval_int(state, mover, ctx, a) - self.eval_int(state, mover, ctx, b)
            }
            IntExpr::Min(a, b) => {
                let a = self.eval_int(state, mover, ctx, a);
                a.min(self.eval_int(state, mover, ctx, b))
            }
            IntExpr::Max(a, b) => {
                let a = self.eval_int(state, mover, ctx, a);
                a.max(self.eval_int(state, mover, ctx, b))
            }
            IntExpr::Site(s) => self.eval_site(state, ctx, s).map_or(-1, i64::from),
            IntExpr::State(s) => self
                .eval_site(state, ctx, s)
                .and_then(|s| state.state.get(s as usize))
                .map_or(0, |&v| v as i64),
            IntExpr::StackSize(s) => self.eval_site(state, ctx, s).map_or(0, |s| {
                if self.model.stacking {
                    state.stack_at(s).len() as i64
                } else {
                    i64::from(state.what.get(s as usize).is_some_and(|&w| w != 0))
                }
            }),
            IntExpr::Score(p) => state.score(self.resolve(state, mover, *p)) as i64,
            IntExpr::Counter => state.counter as i64,
            // `ValuePending`: the value when there is exactly one, else 0.
            IntExpr::Pending => match state.pending[..] {
                [one] => one,
                _ => 0,
            },
            IntExpr::Ahead {
                site,
                steps,
                direction,
            } => {
                let Some(at) = self.eval_site(state, ctx, site) else {
                    return -1;
                };
                let steps = self.eval_int(state, mover, ctx, steps);
                if (at as usize) >= board.num_sites() {
                    return at as i64;
                }
                // `Ahead.eval`: the first radial long enough, else the site.
                board
                    .radials(at as usize, *direction)
                    .find_map(|r| {
                        usize::try_from(steps)
                            .ok()
                            .filter(|&n| n >= 1)
                            .and_then(|n| r.steps.get(n))
                    })
                    .map_or(at as i64, |&s| s as i64)
            }
            IntExpr::AheadRelative {
                site,
                steps,
                opposite,
                candidates,
            } => {
                let Some(at) = self.eval_site(state, ctx, site) else {
                    return -1;
                };
                let steps = self.eval_int(state, mover, ctx, steps);
                let n = board.num_sites();
                if (at as usize) >= n {
                    return at as i64;
                }
                // `(from)` and `(to)`, else the last move's.
                let (last_from, last_to) = self.decision_sites(state);
                let (from, to) = (ctx.from.or(last_from), ctx.to.or(last_to));
                let heading = match (from, to) {
                    (Some(f), Some(t)) if (f as usize) < n && (t as usize) < n => {
                        let (a, b) = if *opposite { (t, f) } else { (f, t) };
                        // `Ahead.eval` keeps the last heading that passes.
                        candidates.iter().rev().copied().find(|&d| {
                            board
                                .radials(a as usize, d)
                                .any(|r| r.steps[1..].contains(&b))
                        })
                    }
                    _ => None,
                };
                let Some(heading) = heading else {
                    return at as i64;
                };
                board
                    .radials(at as usize, heading)
                    .find_map(|r| {
                        usize::try_from(steps)
                            .ok()
                            .filter(|&n| n >= 1)
                            .and_then(|n| r.steps.get(n))
                    })
                    .map_or(at as i64, |&s| s as i64)
            }
            IntExpr::Div(a, b) => {
                let (a, b) = (
                    self.eval_int(state, mover, ctx, a),
                    self.eval_int(state, mover, ctx, b),
                );
                // Ludii throws on a zero divisor; lowering folds constant ones.
                a.checked_div(b).unwrap_or(0)
            }
            IntExpr::Var(v) => state.vars[*v as usize],
            IntExpr::RememberedCount(list) => state.remembered[*list as usize].len() as i64,
            IntExpr::CountTurns => state.turns as i64,
            IntExpr::CountMovesThisTurn => i64::from(state.moves_this_turn),
            IntExpr::CountPips => self.pips_sum(state),
            // Ludii's pipCount is Off outside `(forEach Die ...)`.
            IntExpr::Pips => ctx.pips.or(state.pips).unwrap_or(-1),
            IntExpr::PlayerValue(p) => state.player_values[self.resolve(state, mover, *p) as usize],
            IntExpr::TrackSiteFirst {
                who,
                name,
                from,
                condition,
            } => {
                let who = who.map_or(0, |w| self.resolve(state, mover, w));
                let from = from.as_ref().map(|s| self.eval_site(state, ctx, s));
                self.first_track_site(state, mover, ctx, who, name.as_deref(), from, condition)
            }
            IntExpr::Mul(_)
            | IntExpr::If { .. }
            | IntExpr::MapEntry { .. }
            | IntExpr::TrackSiteMove { .. } => self.eval_family_int(state, mover, ctx, n),
        }
    }

    /// A site expression's value, `None` when it is undefined here (no last
    /// move yet, no piece of that name...).
    pub(super) fn eval_site(&self, state: &State, ctx: &Ctx, s: &SiteExpr) -> Option<Site> {
        match s {
            SiteExpr::From => ctx.from,
            SiteExpr::To => ctx.to,
            SiteExpr::Between => ctx.between,
            SiteExpr::Iterated => ctx.site,
            SiteExpr::LastTo => state.last_to,
            SiteExpr::LastFrom => state.last_from,
            SiteExpr::LastToAfterConsequence => state.decision_to.or(state.last_to_after),
            SiteExpr::Const(s) => Some(*s),
            SiteExpr::Where { component } => {
                let what = *component as u8 + 1;
                (0..state.what.len() as Site).find(|&s| state.what[s as usize] == what)
            }
            SiteExpr::WhereOf { who, per_player } => {
                let p = self.resolve(state, state.mover, *who);
                let component = (*per_player.get((p as usize).wrapping_sub(1))?)?;
                let what = component as u8 + 1;
                (0..state.what.len() as Site).find(|&s| state.what[s as usize] == what)
            }
            SiteExpr::HandSite { who, index } => {
                let who = self.resolve(state, state.mover, *who);
                let hand = self.model.hands.iter().find(|h| h.owner == who)?;
                (*index < hand.size).then_some(hand.first + index)
            }
            SiteExpr::Int(f) => {
                let n = self.eval_int(state, state.mover, ctx, &f.0);
                (n >= 0 && (n as usize) < state.what.len()).then_some(n as Site)
            }
        }
    }

    /// `(sites Track ...)` found in play (Ludii's `SitesTrack.eval`).
    fn track_stretch(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        stretch: &crate::ir::TrackStretch,
    ) -> Vec<Site> {
        let tracks = &self.model.tracks;
        let who = stretch.who.map_or(0, |w| self.resolve(state, mover, w));
        let track = match stretch.iterated {
            Some(i) => tracks.get(i),
            None => tracks.iter().find(|t| match &stretch.name {
                Some(n) => {
                    t.name == *n
                        || (t.name.contains(n.as_str()) && (t.owner == who || t.owner == 0))
                }
                None => t.owner == who || t.owner == 0,
            }),
        };
        let Some(track) = track else {
            return Vec::new();
        };
        let sites = &track.sites;
        let from = stretch
            .from
            .as_ref()
            .and_then(|s| self.eval_site(state, ctx, s));
        let to = stretch
            .to
            .as_ref()
            .and_then(|s| self.eval_site(state, ctx, s));
        let start = match from {
            None => 0,
            Some(f) => match sites.iter().position(|&s| s == f as i32) {
                Some(i) => i,
                None => return Vec::new(),
            },
        };
        let mut stretch_sites = Vec::new();
        let mut reached = false;
        for &s in &sites[start..] {
            stretch_sites.push(s);
            if to.is_some_and(|t| s == t as i32) {
                reached = true;
                break;
            }
        }
        if !reached {
            for &s in &sites[..start] {
                stretch_sites.push(s);
                if to.is_some_and(|t| s == t as i32) {
                    break;
                }
            }
        }
        sorted(
            stretch_sites
                .into_iter()
                .filter(|&s| s >= 0)
                .map(|s| s as Site)
                .collect(),
        )
    }

    /// `(trackSite FirstSite ...)` (Ludii's `TrackSiteFirstTrack.eval`): the
    /// track is the first whose name contains `name` (and, for a player
    /// other than 0, owned by `who`), or without a name the first owned by
    /// `who` or by nobody; the board's first track otherwise. `from`: `None`
    /// without `from:`, `Some(None)` where it is undefined (both start at
    /// the track's first site).
    #[allow(clippy::too_many_arguments)]
    fn first_track_site(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        who: Player,
        name: Option<&str>,
        from: Option<Option<Site>>,
        condition: &Cond,
    ) -> i64 {
        let tracks = &self.model.tracks;
        let chosen = tracks.iter().find(|t| match name {
            Some(n) if who == 0 => t.name.contains(n),
            Some(n) => t.name.contains(n) && t.owner == who,
            None => t.owner == who || t.owner == 0,
        });
        let Some(track) = chosen.or(tracks.first()) else {
            return -1;
        };
        let len = track.sites.len();
        let start = match from.flatten() {
            None => 0,
            Some(s) => match track.sites.iter().position(|&t| t == s as i32) {
                Some(i) => i,
                None => return -1,
            },
        };
        (start..start + len)
            .map(|j| track.sites[j % len])
            .find(|&site| {
                site >= 0 && {
                    let at = Ctx {
                        to: Some(site as Site),
                        ..*ctx
                    };
                    self.eval_cond(state, mover, &at, condition)
                }
            })
            .map_or(-1, i64::from)
    }

    /// The fewest steps of `relation` from `from` to each board site, 0 for
    /// `from` itself and the sites no path reaches (Ludii's table of
    /// `Topology.preGenerateDistanceToEachElementToEachOther`).
    fn step_distances(&self, from: Site, relation: Relation) -> Vec<u16> {
        let board = &self.model.board;
        let mut distance = vec![0u16; board.num_sites()];
        let mut seen = vec![false; board.num_sites()];
        let Some(start) = seen.get_mut(from as usize) else {
            return distance;
        };
        *start = true;
        let mut frontier = vec![from as usize];
        let mut steps = 0;
        while !frontier.is_empty() {
            steps += 1;
            let mut next = Vec::new();
            for &site in &frontier {
                for &n in board.neighbours(site, relation) {
                    let n = n as usize;
                    if !seen[n] {
                        seen[n] = true;
                        distance[n] = steps;
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        distance
    }

    /// `(count Groups REL if:C)`: the connected groups (under REL) of the
    /// sites where C holds, C seeing each site as `(to)`.
    fn count_groups(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        relation: Relation,
        test: &Cond,
    ) -> usize {
        let n = self.model.board.num_sites();
        let member: Vec<bool> = (0..n as Site)
            .map(|s| {
                let inner = Ctx {
                    to: Some(s),
                    ..*ctx
                };
                self.eval_cond(state, mover, &inner, test)
            })
            .collect();
        let mut seen = vec![false; n];
        let mut groups = 0;
        let mut stack = Vec::new();
        for start in 0..n {
            if !member[start] || seen[start] {
                continue;
            }
            groups += 1;
            seen[start] = true;
            stack.push(start);
            while let Some(s) = stack.pop() {
                for &t in self.model.board.neighbours(s, relation) {
                    let t = t as usize;
                    if member[t] && !seen[t] {
                        seen[t] = true;
                        stack.push(t);
                    }
                }
            }
        }
        groups
    }

    /// Whether `player` has a legal move of the play rules (not counting the
    /// forced pass), as if it were to move now after `prev`.
    pub(super) fn has_moves(&self, state: &State, player: Player, prev: Player) -> bool {
        let mut as_player = state.clone();
        as_player.mover = player;
        as_player.prev = prev;
        as_player.again = false;
        let phase = &self.model.phases[state.phase[player as usize] as usize];
        let rolled = self.rolled(&as_player, player);
        let as_player = rolled.as_ref().unwrap_or(&as_player);
        super::requirements::existence(|| {
            self.exists_move(as_player, player, &Ctx::default(), &phase.play)
        })
    }

    /// How many of `pieces` the board and hands hold (each level of a
    /// stack, each piece of a count, and the elements of other site types
    /// when no region is given); with `first`, stops at the first one.
    pub(super) fn count_pieces(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        pieces: &Pieces,
        first: bool,
    ) -> i64 {
        let who = pieces.who.map(|w| self.resolve(state, mover, w));
        let counts = |what: u8| {
            what != 0
                && pieces.kinds.as_ref().is_none_or(|k| k.contains(&what))
                && match who {
                    Some(p) => self.model.components[what as usize - 1].owner == p,
                    // Ludii's `All` (PlayersIndices): every player and the
                    // shared or neutral pieces (player 0).
                    None => true,
                }
        };
        let on_site = |site: usize| -> usize {
            if self.model.stacking {
                state.stacks[site].iter().filter(|&&w| counts(w)).count()
            } else if counts(state.what[site]) {
                state.count[site] as usize
            } else {
                0
            }
        };
        let tally = |sites: &mut dyn Iterator<Item = usize>| {
            let mut n = 0;
            for site in sites {
                n += on_site(site);
                if first && n > 0 {
                    break;
                }
            }
            n
        };
        let n = match &pieces.within {
            Some(region) => tally(
                &mut self
                    .region_sites(state, mover, ctx, region)
                    .into_iter()
                    .map(|s| s as usize),
            ),
            None => {
                tally(&mut (0..state.what.len()))
                    + state
                        .elements
                        .iter()
                        .flatten()
                        .filter(|&&w| counts(w))
                        .count()
            }
        };
        n as i64
    }

    /// A test of whether a site is in the region, for the regions whose
    /// sites can be tested one by one without evaluating the whole region.
    fn membership<'a>(
        &'a self,
        state: &'a State,
        mover: Player,
        region: &'a Region,
    ) -> Option<Box<dyn Fn(Site) -> bool + 'a>> {
        Some(match region {
            Region::Empty => {
                let n = self.model.board.num_sites();
                Box::new(move |s| (s as usize) < n && state.what[s as usize] == 0)
            }
            Region::Occupied(owners) => {
                let who = match owners {
                    Owners::Player(p) => self.resolve(state, mover, *p),
                    _ => 0,
                };
                let owners = *owners;
                Box::new(move |s| {
                    let (what, owner) = (state.what[s as usize], state.owner[s as usize]);
                    what != 0
                        && match owners {
                            Owners::All => true,
                            Owners::Enemy => owner != 0 && owner != mover,
                            Owners::Player(_) => owner == who,
                        }
                })
            }
            Region::Holding(whats) => {
                Box::new(move |s| whats.binary_search(&state.what[s as usize]).is_ok())
            }
            Region::Static(sites) if sites.windows(2).all(|w| w[0] < w[1]) => {
                Box::new(move |s| sites.binary_search(&s).is_ok())
            }
            Region::Hand(who) => {
                let who = self.resolve(state, mover, *who);
                let range = self
                    .model
                    .hands
                    .iter()
                    .find(|h| h.owner == who)
                    .map_or(0..0, |h| h.sites());
                Box::new(move |s| range.contains(&s))
            }
            _ => return None,
        })
    }

    /// The sites of a region as a mask over the board's and hands' sites
    /// (and any further site the region names).
    fn site_mask(&self, state: &State, mover: Player, ctx: &Ctx, region: &Region) -> Vec<bool> {
        let sites = self.region_sites(state, mover, ctx, region);
        let len = sites
            .iter()
            .map(|&s| s as usize + 1)
            .max()
            .unwrap_or(0)
            .max(state.what.len());
        let mut mask = vec![false; len];
        for s in sites {
            mask[s as usize] = true;
        }
        mask
    }

    /// The sites of a region, in increasing order without repeats.
    pub(super) fn region_sites(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        region: &Region,
    ) -> Vec<Site> {
        let board = &self.model.board;
        match region {
            Region::Empty => (0..board.num_sites() as Site)
                .filter(|&s| state.what[s as usize] == 0)
                .collect(),
            Region::Static(sites) => sorted(sites.clone()),
            Region::Union(parts) => sorted(
                parts
                    .iter()
                    .flat_map(|r| self.region_sites(state, mover, ctx, r))
                    .collect(),
            ),
            Region::Winning { who, moves } => {
                let who = self.resolve(state, mover, *who);
                self.winning_sites(state, who, moves)
            }
            Region::TrackStretch(t) => self.track_stretch(state, mover, ctx, t),
            Region::MovesSites { moves, to } => {
                let mut generated = ludemic_runtime::MoveBuffer::new();
                self.generate(state, mover, ctx, moves, &mut generated);
                sorted(
                    generated
                        .iter()
                        .filter_map(|&mv| mv.sites())
                        .map(|(from, dest)| if *to { dest } else { from })
                        .collect(),
                )
            }
            // Ludii's `owned` positions: the hands' sites too.
            Region::Occupied(owners) => {
                let who = match owners {
                    Owners::Player(p) => self.resolve(state, mover, *p),
                    _ => 0,
                };
                (0..state.what.len() as Site)
                    .filter(|&s| {
                        let what = state.what[s as usize];
                        let owner = state.owner[s as usize];
                        what != 0
                            && match owners {
                                Owners::All => true,
                                Owners::Enemy => owner != 0 && owner != mover,
                                Owners::Player(_) => owner == who,
                            }
                    })
                    .collect()
            }
            Region::Holding(whats) => (0..state.what.len() as Site)
                .filter(|&s| whats.binary_search(&state.what[s as usize]).is_ok())
                .collect(),
            Region::PerPlayer { who, sites } => {
                let p = self.resolve(state, mover, *who) as usize;
                sites.get(p).cloned().unwrap_or_default()
            }
            Region::If(c, a, b) => {
                let chosen = if self.eval_cond(state, mover, ctx, c) {
                    a
                } else {
                    b
                };
                self.region_sites(state, mover, ctx, chosen)
            }
            Region::Owned(p) => {
                let p = self.resolve(state, mover, *p);
                sorted(
                    self.model
                        .regions
                        .iter()
                        .filter(|r| r.owner == p)
                        .flat_map(|r| r.parts.iter().flatten().copied())
                        .collect(),
                )
            }
            Region::Difference(a, b) => {
                let remove = self.site_mask(state, mover, ctx, b);
                let mut sites = self.region_sites(state, mover, ctx, a);
                sites.retain(|&s| !remove.get(s as usize).copied().unwrap_or(false));
                sites
            }
            Region::Intersection(parts) => {
                let mut iter = parts.iter();
                let mut sites = match iter.next() {
                    Some(r) => self.region_sites(state, mover, ctx, r),
                    None => Vec::new(),
                };
                for r in iter {
                    if sites.is_empty() {
                        break;
                    }
                    // Sites tested one by one where the region allows it.
                    if let Some(test) = self.membership(state, mover, r) {
                        sites.retain(|&s| test(s));
                        continue;
                    }
                    let keep = self.site_mask(state, mover, ctx, r);
                    sites.retain(|&s| keep.get(s as usize).copied().unwrap_or(false));
                }
                sites
            }
            Region::Direction {
                from,
                directions,
                included,
                stop,
            } => {
                let Some(from) = self.eval_site(state, ctx, from) else {
                    return Vec::new();
                };
                let mut sites = Vec::new();
                if *included {
                    sites.push(from);
                }
                for &d in directions {
                    for radial in board.radials(from as usize, d) {
                        let Some(stop) = stop else {
                            sites.extend_from_slice(&radial.steps[1..]);
                            continue;
                        };
                        // Ludii's SitesDirection: each site as `(to)`.
                        for &to in &radial.steps[1..] {
                            let at = Ctx {
                                to: Some(to),
                                ..*ctx
                            };
                            if self.eval_cond(state, mover, &at, &stop.0) {
                                if self.eval_cond(state, mover, &at, &stop.1) {
                                    sites.push(to);
                                }
                                break;
                            }
                            sites.push(to);
                        }
                    }
                }
                sorted(sites)
            }
            Region::Row(n) | Region::Column(n) => {
                let n = self.eval_int(state, mover, ctx, n);
                let lines = match region {
                    Region::Row(_) => board.rows(),
                    _ => board.columns(),
                };
                usize::try_from(n)
                    .ok()
                    .and_then(|n| lines.get(n))
                    .map_or_else(Vec::new, |l| sorted(l.clone()))
            }
            Region::Site(s) => self.eval_site(state, ctx, s).into_iter().collect(),
            Region::EmptyOf(ty) => (0..board.count(*ty))
                .filter(|&i| state.element_at(*ty, i) == 0)
                .map(|i| i as Site)
                .collect(),
            Region::Incident { result, of, at } => match self.eval_site(state, ctx, at) {
                Some(at) => sorted(board.incident(*of, at as usize, *result)),
                None => Vec::new(),
            },
            Region::State(n) => {
                let n = self.eval_int(state, mover, ctx, n);
                (0..board.num_sites() as Site)
                    .filter(|&s| state.state[s as usize] as i64 == n)
                    .collect()
            }
            Region::Filter(within, test) => self
                .region_sites(state, mover, ctx, within)
                .into_iter()
                .filter(|&s| {
                    let at = Ctx {
                        site: Some(s),
                        ..*ctx
                    };
                    self.eval_cond(state, mover, &at, test)
                })
                .collect(),
            Region::Around(around) => self.sites_around(state, mover, ctx, around),
            Region::ToClear => sorted(state.to_clear.clone()),
            Region::Pending => sorted(
                state
                    .pending
                    .iter()
                    .filter_map(|&v| Site::try_from(v).ok())
                    .filter(|&s| (s as usize) < state.what.len())
                    .collect(),
            ),
            Region::Remembered(list) => sorted(
                state.remembered[*list as usize]
                    .iter()
                    .filter_map(|&v| Site::try_from(v).ok())
                    .filter(|&s| (s as usize) < state.what.len())
                    .collect(),
            ),
            Region::Start(component) => {
                let c = self.eval_int(state, mover, ctx, component);
                usize::try_from(c)
                    .ok()
                    .and_then(|c| self.start_sites.get(c))
                    .cloned()
                    .unwrap_or_default()
            }
            Region::Hand(who) => {
                // Ludii's SitesHand: the first hand WHO owns.
                let who = self.resolve(state, mover, *who);
                self.model
                    .hands
                    .iter()
                    .find(|h| h.owner == who)
                    .map_or_else(Vec::new, |h| h.sites().collect())
            }
        }
    }
}

impl Interpreter {
    /// `(sites Around ...)` as Ludii's SitesAround walks it.
    fn sites_around(&self, state: &State, mover: Player, ctx: &Ctx, around: &Around) -> Vec<Site> {
        let board = &self.model.board;
        let origins = self.region_sites(state, mover, ctx, &around.of);
        let mut sites = Vec::new();
        for &from in &origins {
            if from as usize >= board.num_sites() {
                continue;
            }
            for radial in board.radials(from as usize, around.directions) {
                let Some(&to) = radial.steps.get(around.distance as usize) else {
                    continue;
                };
                let at = Ctx {
                    from: Some(from),
                    to: Some(to),
                    ..*ctx
                };
                let passes = around
                    .test
                    .as_ref()
                    .is_none_or(|c| self.eval_cond(state, mover, &at, c));
                let holds = around.only.is_none_or(|only| {
                    let (what, owner) = (state.what[to as usize], state.owner[to as usize]);
                    match only {
                        Occupancy::Empty => what == 0,
                        Occupancy::NotEmpty => what != 0,
                        Occupancy::Own => what != 0 && owner == mover,
                        Occupancy::Enemy => what != 0 && owner != 0 && owner != mover,
                    }
                });
                if passes && holds {
                    sites.push(to);
                }
            }
        }
        if around.include_self {
            sites.extend_from_slice(&origins);
        } else {
            sites.retain(|s| !origins.contains(s));
        }
        sorted(sites)
    }
}

fn sorted(mut sites: Vec<Site>) -> Vec<Site> {
    sites.sort_unstable();
    sites.dedup();
    sites
}
