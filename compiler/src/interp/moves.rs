//! Move generation and consequences.

use ludemic_runtime::{MoveBuffer, Player};

use crate::ir::{
    Add, Custodial, Effect, Moves, PieceMove, PieceRef, PieceRules, Reach, Shoot, Site, SiteExpr,
    Surround,
};

use super::conds::Ctx;
use super::{Interpreter, Move, State};

impl Interpreter {
    /// Appends the moves of `moves` for `player` to `out`.
    pub(super) fn generate(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        moves: &Moves,
        out: &mut MoveBuffer<Move>,
    ) {
        match moves {
            Moves::Die {
                die,
                condition,
                moves,
            } => {
                let at = Ctx {
                    pips: Some(state.current[*die as usize]),
                    ..*ctx
                };
                if condition
                    .as_ref()
                    .is_none_or(|c| self.eval_cond(state, player, &at, c))
                {
                    self.generate(state, player, &at, moves, out);
                }
            }
            Moves::Add(add) => self.generate_add(state, player, ctx, add, out),
            Moves::Move(m) => self.generate_piece_move(state, player, ctx, m, out),
            Moves::Shoot(shoot) => self.generate_shoot(state, shoot, out),
            Moves::Select(select) => self.generate_select(state, player, ctx, select, out),
            // A pass whose rule carries consequences (its own `then` or
            // those of the composites around it) runs them when applied.
            Moves::Pass { rule, .. } => out.push(match self.rules.get(*rule as usize) {
                Some(Some(r)) if !r.thens.is_empty() || !r.priors.is_empty() => {
                    Move::PassThen { rule: *rule }
                }
                _ => Move::Pass,
            }),
            Moves::SwapPieces { rule, a, b, .. } => {
                if let (Some(a), Some(b)) =
                    (self.eval_site(state, ctx, a), self.eval_site(state, ctx, b))
                {
                    out.push(Move::Piece {
                        rule: *rule,
                        from: a,
                        to: b,
                        dir: 0,
                    });
                }
            }
            Moves::Propose { rule, .. } => out.push(Move::Propose { rule: *rule }),
            Moves::Vote { rule, .. } => out.push(Move::Vote { rule: *rule }),
            Moves::Remove { rule, sites, .. } => {
                // Ludii's Remove: a move per site of the region holding a piece.
                for site in self.region_sites(state, player, ctx, sites) {
                    if state.what[site as usize] != 0 {
                        out.push(Move::Remove { rule: *rule, site });
                    }
                }
            }
            Moves::ForEachPiece(rules) => {
                // Ludii's ForEachPiece looks in one container, the board
                // unless `container:` says: pieces in hands do not move.
                for site in 0..self.model.board.num_sites() as Site {
                    self.generate_piece_at(state, player, site, rules, out);
                }
            }
            Moves::ForEachPieceIn { container, rules } => {
                // Container c is the c-th hand (the board is 0).
                let c = self.resolve(state, player, *container) as usize;
                let Some(hand) = c.checked_sub(1).and_then(|i| self.model.hands.get(i)) else {
                    return;
                };
                for site in hand.sites() {
                    self.generate_piece_at(state, player, site, rules, out);
                }
            }
            Moves::If {
                condition,
                then,
                otherwise,
            } => {
                if self.eval_cond(state, player, ctx, condition) {
                    self.generate(state, player, ctx, then, out);
                } else if let Some(o) = otherwise {
                    self.generate(state, player, ctx, o, out);
                }
            }
            Moves::Priority(list) => {
                for m in list {
                    let before = out.len();
                    self.generate(state, player, ctx, m, out);
                    if out.len() > before {
                        return;
                    }
                }
            }
            Moves::Or(list) => {
                for m in list {
                    self.generate(state, player, ctx, m, out);
                }
            }
            Moves::Then(inner, _) => self.generate(state, player, ctx, inner, out),
            Moves::Do { prior, after } => self.generate_do(state, player, ctx, prior, after, out),
            Moves::DoNext { prior, next } => {
                // The moves apply PRIOR again, before their own actions
                // (`run_priors`), on the state they were generated from.
                let mut after = state.clone();
                self.run_effect(&mut after, ctx, prior);
                self.generate(&after, player, ctx, next, out);
            }
            Moves::ForPlayer { who, moves } => {
                self.generate_for_player(state, player, ctx, *who, moves, out)
            }
            Moves::Promote(p) => self.generate_promote(state, player, ctx, p, out),
            Moves::MaxMoves(inner) => self.generate_max_moves(state, player, ctx, inner, out),
            Moves::ForEachDirection(f) => {
                self.generate_for_each_direction(state, player, ctx, f, out)
            }
            Moves::ForEachSite { region, moves } => {
                for site in self.region_sites(state, player, ctx, region) {
                    let at = Ctx {
                        site: Some(site),
                        to: Some(site),
                        ..*ctx
                    };
                    self.generate(state, player, &at, moves, out);
                }
            }
            Moves::Append { rule, effect, .. } => {
                // Ludii merges whatever the effect yields into one decision;
                // nothing yielded, no move.
                if self.effect_yields(state, player, ctx, effect) > 0 {
                    if let Some(to) = self.first_site(state, player, ctx, effect) {
                        out.push(Move::Effect {
                            rule: *rule,
                            site: ctx.site.or(ctx.to).unwrap_or(to),
                            to,
                        });
                    }
                }
            }
        }
    }

    /// The rules of `rules` for the piece of `player` on `site`, if any,
    /// from that site.
    fn generate_piece_at(
        &self,
        state: &State,
        player: Player,
        site: Site,
        rules: &[PieceRules],
        out: &mut MoveBuffer<Move>,
    ) {
        let what = state.what[site as usize];
        if what == 0 || state.owner[site as usize] != player {
            return;
        }
        let component = what as usize - 1;
        for r in rules.iter().filter(|r| r.component == component) {
            let inner = Ctx {
                from: Some(site),
                ..Ctx::default()
            };
            self.generate(state, player, &inner, &r.moves, out);
        }
    }

    /// `(forEach Direction ...)` (Ludii's `ForEachDirection.eval`).
    fn generate_for_each_direction(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        f: &crate::ir::ForEachDirection,
        out: &mut MoveBuffer<Move>,
    ) {
        let board = &self.model.board;
        let Some(from) = self.eval_site(state, ctx, &f.from) else {
            return;
        };
        if from as usize >= board.num_sites() {
            return;
        }
        // Ludii looks at the component on `(from)` of the context (not at
        // the start site): none there, no moves.
        let Some(piece_site) = ctx.from.filter(|&s| state.what[s as usize] != 0) else {
            return;
        };
        // Ludii's `newDirection`: the (last) heading whose step from the
        // context's `(from)` reaches its `(to)`.
        let heading = ctx.to.and_then(|to| {
            crate::board::Compass::ALL
                .into_iter()
                .rev()
                .find(|c| board.steps(piece_site as usize, c.absolute()).contains(&to))
        });
        let Some((_, directions)) = f
            .directions
            .iter()
            .find(|(h, _)| *h == heading)
            .or_else(|| f.directions.first())
        else {
            return;
        };
        let min = self.eval_int(state, player, ctx, &f.min);
        let max = self.eval_int(state, player, ctx, &f.max);
        for &d in directions {
            for radial in board.radials(from as usize, d) {
                for (idx, &to) in radial.steps.iter().enumerate().skip(1) {
                    if idx as i64 > max {
                        break;
                    }
                    if let Some(c) = &f.between_if {
                        if min > 1 && (idx as i64) < min {
                            let at = Ctx {
                                between: Some(to),
                                ..*ctx
                            };
                            if !self.eval_cond(state, player, &at, c) {
                                break;
                            }
                        }
                    }
                    let at = Ctx {
                        to: Some(to),
                        ..*ctx
                    };
                    if let Some(c) = &f.to_if {
                        if !self.eval_cond(state, player, &at, c) {
                            break;
                        }
                    }
                    if idx as i64 >= min {
                        self.generate(state, player, &at, &f.moves, out);
                    }
                }
            }
        }
    }

    /// The component a piece reference adds for `player` (`None` when it
    /// names none).
    pub(super) fn piece_what(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        piece: &PieceRef,
    ) -> Option<u8> {
        Some(match piece {
            // Ludii adds the component whose index is the mover's number (not
            // "the piece the mover owns"): lowering checks that it exists.
            PieceRef::Mover => player,
            PieceRef::Component(c) => (*c + 1) as u8,
            PieceRef::MoversNamed(per) => per
                .get(player as usize - 1)
                .map_or(player, |&c| (c + 1) as u8),
            PieceRef::Expr(n) => {
                let what = self.eval_int(state, player, ctx, &n.0);
                if !(1..=self.model.components.len() as i64).contains(&what) {
                    return None;
                }
                what as u8
            }
        })
    }

    fn generate_add(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        add: &Add,
        out: &mut MoveBuffer<Move>,
    ) {
        let Some(what) = self.piece_what(state, player, ctx, &add.piece) else {
            return;
        };
        // Like Ludii's Add, every site of the region is a target: only `to if:`
        // filters (occupied sites are excluded by the region, e.g. sites Empty).
        for site in self.region_sites(state, player, ctx, &add.to) {
            if let Some(cond) = &add.to_if {
                let at = Ctx {
                    to: Some(site),
                    ..*ctx
                };
                if !self.eval_cond(state, player, &at, cond) {
                    continue;
                }
            }
            out.push(Move::Add {
                site,
                what,
                rule: add.rule,
            });
        }
    }

    fn generate_piece_move(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        m: &PieceMove,
        out: &mut MoveBuffer<Move>,
    ) {
        let froms: Vec<Site> = match &m.from {
            Some(region) => self.region_sites(state, player, ctx, region),
            None => ctx.from.into_iter().collect(),
        };
        for from in froms {
            // Ludii's FromTo moves only from a site holding a piece.
            if matches!(m.reach, Reach::FromTo { .. }) && state.what[from as usize] == 0 {
                continue;
            }
            if let Reach::FromTo {
                from_if: Some(c), ..
            } = &m.reach
            {
                let at = Ctx {
                    from: Some(from),
                    ..*ctx
                };
                if !self.eval_cond(state, player, &at, c) {
                    continue;
                }
            }
            let base = Ctx {
                from: Some(from),
                ..*ctx
            };
            // Ludii's FromTo counts the pieces when it makes the move.
            let count = match &m.reach {
                Reach::FromTo { count: Some(n), .. } => {
                    Some(self.eval_int(state, player, &base, n).max(0) as u32)
                }
                _ => None,
            };
            self.destinations(state, player, &base, m, &mut |to, dir| {
                out.push(match count {
                    Some(count) => Move::Count {
                        rule: m.rule,
                        from,
                        to,
                        count,
                    },
                    None => Move::Piece {
                        rule: m.rule,
                        from,
                        to,
                        dir,
                    },
                })
            });
        }
    }

    /// The directions `m` walks, with their indices in its list: all of
    /// them, or with `SameDirection` the first whose line from the last
    /// move's `from` passes its `to` (Ludii's `Directions.convert`), none
    /// when there is no last move.
    fn move_directions<'m>(
        &self,
        state: &State,
        m: &'m PieceMove,
    ) -> impl Iterator<Item = (usize, &'m crate::ir::AbsoluteDirection)> + 'm {
        let keep = if m.same_direction {
            let board = &self.model.board;
            match (state.last_from, state.last_to) {
                (Some(f), Some(t)) if (f as usize) < board.num_sites() => {
                    m.directions.iter().position(|&d| {
                        board
                            .radials(f as usize, d)
                            .any(|r| r.steps.get(1..).is_some_and(|s| s.contains(&t)))
                    })
                }
                _ => None,
            }
        } else {
            None
        };
        let all = !m.same_direction;
        m.directions
            .iter()
            .enumerate()
            .filter(move |(k, _)| all || keep == Some(*k))
    }

    /// Calls `emit(to, direction index)` for each legal destination of `m`
    /// from `ctx.from`.
    fn destinations(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        m: &PieceMove,
        emit: &mut dyn FnMut(Site, u8),
    ) {
        let board = &self.model.board;
        let from = ctx.from.expect("a piece move has a from site");
        let to_ok = |to: Site, between: Option<Site>| {
            m.to_if.as_ref().is_none_or(|c| {
                let at = Ctx {
                    to: Some(to),
                    between,
                    ..*ctx
                };
                self.eval_cond(state, player, &at, c)
            })
        };
        match &m.reach {
            Reach::Step => {
                for (k, &d) in self.move_directions(state, m) {
                    for radial in board.radials(from as usize, d) {
                        if let Some(&to) = radial.steps.get(1) {
                            if to_ok(to, None) {
                                emit(to, k as u8);
                            }
                        }
                    }
                }
            }
            Reach::Hop { distance, most, .. } => {
                let n = self.eval_int(state, player, ctx, distance);
                if n == 0 && most.is_none() {
                    // Ludii's Hop with no site to jump is a plain step to
                    // each adjacent site, each (from, to) once.
                    let mut seen = Vec::new();
                    for (k, &d) in self.move_directions(state, m) {
                        for &to in board.steps(from as usize, d) {
                            if !seen.contains(&to) && to_ok(to, None) {
                                seen.push(to);
                                emit(to, k as u8);
                            }
                        }
                    }
                    return;
                }
                for (k, &d) in self.move_directions(state, m) {
                    for landing in self.hop_landings(state, player, ctx, m, from, d) {
                        emit(landing.to, k as u8);
                    }
                }
            }
            Reach::Slide {
                between_if,
                min,
                max,
            } => {
                // `(between (exact N))` and the like: the slide ends min..=max sites away.
                let min = min
                    .as_ref()
                    .map_or(1, |n| self.eval_int(state, player, ctx, n));
                let max = max
                    .as_ref()
                    .map_or(i64::MAX, |n| self.eval_int(state, player, ctx, n));
                for (k, &d) in self.move_directions(state, m) {
                    for radial in board.radials(from as usize, d) {
                        for (i, &to) in radial.steps.iter().enumerate().skip(1) {
                            if i as i64 > max {
                                break;
                            }
                            let in_range = i as i64 >= min;
                            // Ludii's slide tests `to if:` (its stop rule)
                            // first: where it holds within range the slide
                            // ends there, on that site; elsewhere (and short
                            // of the range) it goes on over sites passing
                            // `between if:`, each in range a destination.
                            if in_range && m.to_if.is_some() && to_ok(to, None) {
                                emit(to, k as u8);
                                break;
                            }
                            let passable = match between_if {
                                Some(c) => {
                                    // Ludii sets both `to` and `between` to the
                                    // site slid over before testing it.
                                    let at = Ctx {
                                        between: Some(to),
                                        to: Some(to),
                                        ..*ctx
                                    };
                                    self.eval_cond(state, player, &at, c)
                                }
                                None => state.what[to as usize] == 0,
                            };
                            if !passable {
                                break;
                            }
                            if in_range {
                                emit(to, k as u8);
                            }
                        }
                    }
                }
            }
            Reach::TrackSlide {
                tracks,
                all,
                between_if,
                stop_if,
                to_rule,
            } => {
                for &t in tracks {
                    let track = &self.model.tracks[t];
                    let len = track.sites.len();
                    for start in (0..len).filter(|&i| track.sites[i] == from as i32) {
                        // Ludii's `Slide.slideByTrack`, from each place
                        // `from` holds in the track.
                        let mut index = start;
                        let mut bumps = u32::from(track.bumps[start]);
                        let mut between = ctx.between;
                        let mut n = 1;
                        while n < len {
                            let next = if index + 1 < len {
                                index + 1
                            } else if track.looped {
                                0
                            } else {
                                break;
                            };
                            let to = track.sites[next] as Site;
                            let at = Ctx {
                                to: Some(to),
                                between,
                                ..*ctx
                            };
                            if bumps > 0 || !*all {
                                match stop_if {
                                    Some(c) if self.eval_cond(state, player, &at, c) => {
                                        emit(to, 0);
                                        break;
                                    }
                                    _ => {
                                        if to_rule
                                            .as_ref()
                                            .is_none_or(|c| self.eval_cond(state, player, &at, c))
                                        {
                                            emit(to, 1);
                                        }
                                    }
                                }
                            }
                            n += 1;
                            between = Some(to);
                            let at = Ctx { between, ..at };
                            let go = match between_if {
                                Some(c) => self.eval_cond(state, player, &at, c),
                                None => state.what[to as usize] == 0,
                            };
                            if !go {
                                break;
                            }
                            index = next;
                            bumps += u32::from(track.bumps[index]);
                        }
                    }
                }
            }
            Reach::Leap { walks, forward } => {
                let facing = if *forward {
                    let what = state.what[from as usize];
                    (what != 0)
                        .then(|| self.model.components[what as usize - 1].facing)
                        .flatten()
                        .and_then(|d| d.compass())
                } else {
                    None
                };
                for to in self.model.board.walk_targets(&self.orthogonal, from, walks) {
                    if let Some(f) = facing {
                        if !self.model.board.is_forward(f, from, to) {
                            continue;
                        }
                    }
                    if to_ok(to, None) {
                        emit(to, 0);
                    }
                }
            }
            Reach::FromTo { to, .. } => {
                for t in self.region_sites(state, player, ctx, to) {
                    if to_ok(t, None) {
                        emit(t, 0);
                    }
                }
            }
        }
    }
}

impl Interpreter {
    /// `(move Shoot (piece P) DIRS)`: every empty site in line of sight from
    /// the last move's destination.
    fn generate_shoot(&self, state: &State, shoot: &Shoot, out: &mut MoveBuffer<Move>) {
        let Some(from) = state.last_to else { return };
        let what = (shoot.component + 1) as u8;
        let mut targets = Vec::new();
        for &d in &shoot.directions {
            for radial in self.model.board.radials(from as usize, d) {
                for &to in &radial.steps[1..] {
                    if state.what[to as usize] != 0 {
                        break;
                    }
                    targets.push(to);
                }
            }
        }
        for site in targets {
            out.push(Move::Add {
                site,
                what,
                rule: shoot.rule,
            });
        }
    }

    /// Runs a consequence; returns whether the mover moves again.
    pub(super) fn run_effect(&self, state: &mut State, ctx: &Ctx, effect: &Effect) -> bool {
        let mover = state.mover;
        match effect {
            Effect::MoveAgain => {
                // Ludii's SetNextPlayer acts at once: the consequences
                // after it see the mover as `Next`.
                state.again = true;
                true
            }
            Effect::SetNextPlayer(who) => {
                let again = self.resolve(state, mover, *who) == mover;
                state.again = again;
                state.next_set = true;
                again
            }
            Effect::SwapPlayers => {
                // Ludii's ActionSwap, and the SetNextPlayer(mover) it brings.
                state.swapped = !state.swapped;
                state.again = true;
                state.next_set = true;
                true
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                if self.eval_cond(state, mover, ctx, condition) {
                    self.run_effect(state, ctx, then)
                } else {
                    otherwise
                        .as_ref()
                        .is_some_and(|o| self.run_effect(state, ctx, o))
                }
            }
            Effect::Seq(list) => list
                .iter()
                .fold(false, |again, e| self.run_effect(state, ctx, e) | again),
            Effect::Frozen(inner) => {
                let eval = state.clone();
                self.run_frozen(&eval, state, ctx, inner)
            }
            Effect::DoNext { prior, next, then } => {
                let mut after = state.clone();
                let mut again = self.run_effect(&mut after, ctx, prior);
                if self.effect_yields(&after, mover, ctx, next) == 0 {
                    return false;
                }
                again |= self.run_effect(&mut after, ctx, next);
                if let Some(t) = then {
                    again |= self.run_effect(&mut after, ctx, t);
                }
                *state = after;
                again
            }
            Effect::Directional(d) => {
                let mut again = false;
                for t in self.directional_targets(state, mover, ctx, d) {
                    let at = Ctx {
                        from: None,
                        to: Some(t),
                        ..*ctx
                    };
                    again |= self.run_effect(state, &at, &d.apply);
                }
                again
            }
            Effect::Remove(site) => {
                if let Some(s) = self.eval_site(state, ctx, site) {
                    self.clear(state, s);
                }
                false
            }
            Effect::RemoveLater(site) => {
                if let Some(s) = self.eval_site(state, ctx, site) {
                    if state.what[s as usize] != 0 && !state.to_clear.contains(&s) {
                        state.to_clear.push(s);
                    }
                }
                false
            }
            Effect::AddPiece {
                piece,
                to,
                site_type,
                state: piece_state,
            } => {
                if let Some(s) = self.eval_site(state, ctx, to) {
                    // Ludii's ActionAdd: a site beyond the board's elements
                    // of the type is a Cell of another container (a hand).
                    let ty = if (s as usize) < self.model.board.count(*site_type) {
                        Some(*site_type)
                    } else if self.model.hand_of(s).is_some() {
                        Some(self.model.board.site_type)
                    } else {
                        None
                    };
                    if let (Some(ty), Some(what)) = (ty, self.piece_what(state, mover, ctx, piece))
                    {
                        let st = piece_state
                            .as_ref()
                            .map(|n| self.eval_int(state, mover, ctx, n).clamp(0, 255) as u8);
                        let at = s as usize;
                        if ty == self.model.board.site_type
                            && !self.model.stacking
                            && state.what[at] != 0
                        {
                            // Ludii's ActionAdd on an occupied site keeps its
                            // piece: only the count changes (and the state,
                            // when one is given).
                            state.count[at] = if self.model.requires_count {
                                state.count[at] + 1
                            } else {
                                1
                            };
                            if let Some(st) = st {
                                state.state[at] = st;
                            }
                            state.last_to_after = Some(s);
                        } else {
                            self.put(state, ty, s, what, st.unwrap_or(0));
                        }
                    }
                }
                false
            }
            Effect::Attract { from, directions } => {
                self.attract(state, ctx, from, directions);
                false
            }
            Effect::Promote(p) => self.run_promote(state, ctx, p),
            Effect::SetState { at, value } => {
                if let Some(s) = self.eval_site(state, ctx, at) {
                    let v = self.eval_int(state, mover, ctx, value);
                    state.state[s as usize] = v.clamp(0, 255) as u8;
                }
                false
            }
            Effect::Vote(v) => {
                // Ludii's ActionVote: once every player voted, the vote
                // most often cast (the first of those met on a tie) is
                // decided if more than half cast it; either way the round ends.
                state.votes.push(*v);
                let n = self.model.num_players as usize;
                if state.votes.len() == n {
                    let mut best = (0, 0);
                    for (i, v) in state.votes.iter().enumerate() {
                        if state.votes[..i].contains(v) {
                            continue;
                        }
                        let count = state.votes[i..].iter().filter(|w| *w == v).count();
                        if count > best.0 {
                            best = (count, i);
                        }
                    }
                    if best.0 > n / 2 {
                        state.decided = Some(state.votes[best.1]);
                    }
                    state.propositions.clear();
                    state.votes.clear();
                }
                false
            }
            Effect::SetCounter(n) => {
                state.counter = self.eval_int(state, mover, ctx, n) as i32;
                false
            }
            Effect::SetPending(pending) => {
                let values = match pending {
                    crate::ir::Pending::Value(n) => {
                        // `ActionSetPending`: Undefined (-1) stands for 1.
                        let v = self.eval_int(state, mover, ctx, n);
                        vec![if v == -1 { 1 } else { v }]
                    }
                    crate::ir::Pending::Sites(r) => self
                        .region_sites(state, mover, ctx, r)
                        .into_iter()
                        .map(i64::from)
                        .collect(),
                };
                for v in values {
                    if !state.pending.contains(&v) {
                        state.pending.push(v);
                    }
                }
                false
            }
            Effect::Enclose(e) => self.run_enclose(state, ctx, e),
            Effect::Custodial(c) => {
                // Every flanked line is found before any effect is applied, as
                // Ludii evaluates the whole consequence first.
                let targets = self.custodial_targets(state, mover, ctx, c);
                let mut again = false;
                for b in targets {
                    let at = Ctx {
                        between: Some(b),
                        ..*ctx
                    };
                    again |= self.run_effect(state, &at, &c.apply);
                    if let Some(then) = &c.then {
                        again |= self.run_effect(state, &at, then);
                    }
                }
                again
            }
            Effect::Surround(c) => {
                let targets = self.surrounded_sites(state, mover, ctx, c);
                let mut again = false;
                for b in targets {
                    let at = Ctx {
                        between: Some(b),
                        ..*ctx
                    };
                    again |= self.run_effect(state, &at, &c.apply);
                    if let Some(then) = &c.then {
                        again |= self.run_effect(state, &at, then);
                    }
                }
                again
            }
            Effect::Flip(site) => {
                if let Some(s) = self.eval_site(state, ctx, site) {
                    if let Some(flipped) = self.flipped_state(state, s) {
                        state.state[s as usize] = flipped;
                        state.last_to_after = Some(s);
                    }
                }
                false
            }
            Effect::AllCombinations(a, b) => {
                let both = self.effect_yields(state, mover, ctx, a) > 0
                    && self.effect_yields(state, mover, ctx, b) > 0;
                both && (self.run_effect(state, ctx, a) | self.run_effect(state, ctx, b))
            }
            Effect::SetScore { who, score, add } => {
                let p = self.resolve(state, mover, *who) as usize;
                let n = self.eval_int(state, mover, ctx, score) as i32;
                if p < state.scores.len() {
                    state.scores[p] = if *add { state.scores[p] + n } else { n };
                }
                false
            }
            Effect::ForEachSite { region, effect } => {
                let sites = self.region_sites(state, mover, ctx, region);
                let at = |s: Site| Ctx {
                    site: Some(s),
                    to: Some(s),
                    ..*ctx
                };
                // Ludii evaluates every site's moves before applying any:
                // an `(if C ...)` is decided at every site on the state
                // before the effects (BlooGo's removals of stones without
                // liberties, all found first).
                let branches: Vec<Option<&Effect>> = match &**effect {
                    Effect::If {
                        condition,
                        then,
                        otherwise,
                    } => sites
                        .iter()
                        .map(|&s| {
                            if self.eval_cond(state, mover, &at(s), condition) {
                                Some(&**then)
                            } else {
                                otherwise.as_deref()
                            }
                        })
                        .collect(),
                    e => vec![Some(e); sites.len()],
                };
                let mut again = false;
                for (&s, branch) in sites.iter().zip(branches) {
                    if let Some(e) = branch {
                        again |= self.run_effect(state, &at(s), e);
                    }
                }
                again
            }
            Effect::Move(m) => {
                // All the moves the generator yields, found first, then made in order.
                let froms = match &m.from {
                    Some(region) => self.region_sites(state, mover, ctx, region),
                    None => ctx.from.into_iter().collect(),
                };
                let mut found = Vec::new();
                for from in froms {
                    let base = Ctx {
                        from: Some(from),
                        ..*ctx
                    };
                    self.destinations(state, mover, &base, m, &mut |to, dir| {
                        found.push((from, to, dir))
                    });
                }
                let mut again = false;
                for (from, to, dir) in found {
                    self.move_piece(state, m, from, to, dir);
                    if let Some(then) = &m.then {
                        let at = Ctx {
                            from: Some(from),
                            to: Some(to),
                            ..*ctx
                        };
                        again |= self.run_effect(state, &at, then);
                    }
                }
                again
            }
            Effect::Trigger { who, .. } => {
                let p = self.resolve(state, mover, *who);
                state.set_triggered(p);
                false
            }
            Effect::Sow(_) | Effect::MoveCount { .. } => self.run_family_effect(state, ctx, effect),
            Effect::SetVar { var, value } => {
                state.vars[*var as usize] = self.eval_int(state, mover, ctx, value);
                false
            }
            Effect::Remember { .. } | Effect::Forget { .. } | Effect::ForgetAll { .. } => {
                let value = remembered_value(effect).map(|v| self.eval_int(state, mover, ctx, v));
                remember(state, effect, value);
                false
            }
            Effect::SetPlayerValue { who, value } => {
                let p = self.resolve(state, mover, *who) as usize;
                let n = self.eval_int(state, mover, ctx, value);
                if (1..=self.model.num_players as usize).contains(&p) {
                    state.player_values[p] = n;
                }
                false
            }
        }
    }
}

impl Interpreter {
    /// `(attract (from S) DIRS)` (Ludii's `Attract`): along each radial from
    /// S, the pieces met are lifted and put back on the first sites of the
    /// radial, in the order met (their state is not kept).
    fn attract(
        &self,
        state: &mut State,
        ctx: &Ctx,
        from: &SiteExpr,
        directions: &[crate::ir::AbsoluteDirection],
    ) {
        let Some(from) = self.eval_site(state, ctx, from) else {
            return;
        };
        let ty = self.model.board.site_type;
        for &d in directions {
            for radial in self.model.board.radials(from as usize, d) {
                let steps = &radial.steps[1..];
                let pieces: Vec<u8> = steps
                    .iter()
                    .map(|&s| state.what[s as usize])
                    .filter(|&w| w != 0)
                    .collect();
                for &s in steps {
                    if state.what[s as usize] != 0 {
                        self.clear(state, s);
                    }
                }
                for (&s, &what) in steps.iter().zip(&pieces) {
                    self.put(state, ty, s, what, 0);
                }
            }
        }
    }

    /// The sites `(custodial ...)` acts on (Ludii's `Custodial`): along each
    /// radial from the start, a run of `between_if` sites (at most `max`)
    /// followed by a `to_if` site (or the board's edge, if `to_if` accepts
    /// no site); runs shorter than `min` + 1 are skipped. In radial order.
    pub(super) fn custodial_targets(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        c: &Custodial,
    ) -> Vec<Site> {
        let Some(from) = self.eval_site(state, ctx, &c.from) else {
            return Vec::new();
        };
        let min = self.eval_int(state, mover, ctx, &c.min);
        let max = self.eval_int(state, mover, ctx, &c.max);
        let mut out = Vec::new();
        if max < 1 || min > max {
            return out;
        }
        for radial in self.model.board.radials(from as usize, c.directions) {
            let steps = &radial.steps;
            let mut end = 1;
            while end < steps.len() && end as i64 <= max {
                let at = Ctx {
                    between: Some(steps[end]),
                    ..*ctx
                };
                if !self.eval_cond(state, mover, &at, &c.between_if) {
                    break;
                }
                end += 1;
            }
            // `end` is the first site after the run; the run is steps[1..end].
            if end == 1 || min >= end as i64 {
                continue;
            }
            let closer = Ctx {
                to: steps.get(end).copied(),
                ..*ctx
            };
            if self.eval_cond(state, mover, &closer, &c.to_if) {
                out.extend_from_slice(&steps[1..end]);
            }
        }
        out
    }

    /// The sites `(surround ...)` closes in, in Ludii's order (its
    /// `Surround.eval`): each neighbour B of the start (one per radial, in
    /// the directions given) satisfying the `between` condition, whose own
    /// neighbours (one per radial from B) fail to be the start or satisfy
    /// the `to` condition at most `except` times. As in Ludii, `(to)` keeps
    /// the last neighbour tested while the next `between` test runs.
    pub(super) fn surrounded_sites(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        c: &Surround,
    ) -> Vec<Site> {
        let Some(from) = self.eval_site(state, ctx, &c.from) else {
            return Vec::new();
        };
        let except = self.eval_int(state, mover, ctx, &c.except);
        let board = &self.model.board;
        let mut to = ctx.to;
        let mut out = Vec::new();
        for radial in board.radials(from as usize, c.directions) {
            let Some(&target) = radial.steps.get(1) else {
                continue;
            };
            let at = Ctx {
                between: Some(target),
                to,
                ..*ctx
            };
            if !self.eval_cond(state, mover, &at, &c.between_if) {
                continue;
            }
            let mut failing = 0;
            for around in board.radials(target as usize, c.directions) {
                let threat = match around.steps.get(1) {
                    None => true,
                    Some(&f) if f == from => true,
                    Some(&f) => {
                        to = Some(f);
                        let at = Ctx {
                            between: Some(target),
                            to,
                            ..*ctx
                        };
                        self.eval_cond(state, mover, &at, &c.to_if)
                    }
                };
                if !threat {
                    failing += 1;
                }
                if failing > except {
                    break;
                }
            }
            if failing <= except {
                out.push(target);
            }
        }
        out
    }

    /// The state `(flip S)` turns the piece at `site` to, if it has one.
    fn flipped_state(&self, state: &State, site: Site) -> Option<u8> {
        let what = state.what[site as usize];
        let (a, b) = self
            .model
            .components
            .get((what as usize).checked_sub(1)?)?
            .flips?;
        let current = state.state[site as usize];
        Some(if current == a {
            b
        } else if current == b {
            a
        } else {
            current
        })
    }

    /// `Directional.eval`: along each radial from the start in each
    /// direction, the sites one after another while the target rule holds
    /// there (as `(to)`, `(from)` Off).
    pub(super) fn directional_targets(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        d: &crate::ir::Directional,
    ) -> Vec<Site> {
        let board = &self.model.board;
        let mut out = Vec::new();
        let Some(from) = self
            .eval_site(state, ctx, &d.from)
            .filter(|&s| (s as usize) < board.num_sites())
        else {
            return out;
        };
        for dir in self.directions_between(state, ctx, &d.directions) {
            for r in board.radials(from as usize, dir) {
                for &loc in &r.steps[1..] {
                    let at = Ctx {
                        from: None,
                        to: Some(loc),
                        ..*ctx
                    };
                    if !self.eval_cond(state, mover, &at, &d.to_if) {
                        break;
                    }
                    out.push(loc);
                }
            }
        }
        out
    }

    /// Ludii's `Directions` with `from:` and `to:`: every candidate
    /// heading whose radial from `from` passes through `to`.
    pub(super) fn directions_between(
        &self,
        state: &State,
        ctx: &Ctx,
        d: &crate::ir::DirectionsFn,
    ) -> Vec<crate::ir::AbsoluteDirection> {
        let board = &self.model.board;
        let n = board.num_sites();
        match (
            self.eval_site(state, ctx, &d.from),
            self.eval_site(state, ctx, &d.to),
        ) {
            (Some(f), Some(t)) if (f as usize) < n && (t as usize) < n => d
                .candidates
                .iter()
                .copied()
                .filter(|&dir| {
                    board
                        .radials(f as usize, dir)
                        .any(|r| r.steps[1..].contains(&t))
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// An [`Effect::Frozen`] part: moves of counts and remembered values
    /// read on `eval` (the state before the `(and ...)`), applied to
    /// `state`; other parts as usual.
    fn run_frozen(&self, eval: &State, state: &mut State, ctx: &Ctx, effect: &Effect) -> bool {
        match effect {
            Effect::Seq(list) => list.iter().fold(false, |again, e| {
                self.run_frozen(eval, state, ctx, e) | again
            }),
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                if self.eval_cond(eval, state.mover, ctx, condition) {
                    self.run_frozen(eval, state, ctx, then)
                } else {
                    otherwise
                        .as_ref()
                        .is_some_and(|o| self.run_frozen(eval, state, ctx, o))
                }
            }
            Effect::MoveCount { .. } => {
                self.move_count_effect(eval, state, ctx, effect);
                false
            }
            Effect::Remember { value, .. } | Effect::Forget { value, .. } => {
                let v = self.eval_int(eval, state.mover, ctx, value);
                remember(state, effect, Some(v));
                false
            }
            _ => self.run_effect(state, ctx, effect),
        }
    }

    /// How many Ludii moves `effect` yields here (what `(append ...)` and
    /// `(allCombinations ...)` look at); lowering keeps these to effects
    /// counted here.
    pub(super) fn effect_yields(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        effect: &Effect,
    ) -> usize {
        match effect {
            Effect::AddPiece { to, .. } | Effect::Remove(to) | Effect::RemoveLater(to) => {
                usize::from(self.eval_site(state, ctx, to).is_some())
            }
            Effect::Flip(site) => usize::from(
                self.eval_site(state, ctx, site)
                    .and_then(|s| self.flipped_state(state, s))
                    .is_some(),
            ),
            Effect::SetScore { .. }
            | Effect::MoveAgain
            | Effect::SetNextPlayer(_)
            | Effect::SwapPlayers
            | Effect::Trigger { .. }
            | Effect::Vote(_) => 1,
            Effect::AllCombinations(a, b) => {
                self.effect_yields(state, mover, ctx, a) * self.effect_yields(state, mover, ctx, b)
            }
            Effect::Enclose(e) => usize::from(!self.enclosed_groups(state, ctx, e).is_empty()),
            Effect::Directional(d) => self
                .directional_targets(state, mover, ctx, d)
                .into_iter()
                .map(|t| {
                    let at = Ctx {
                        from: None,
                        to: Some(t),
                        ..*ctx
                    };
                    self.effect_yields(state, mover, &at, &d.apply)
                })
                .sum(),
            Effect::Custodial(c) => self
                .custodial_targets(state, mover, ctx, c)
                .into_iter()
                .map(|b| {
                    let at = Ctx {
                        between: Some(b),
                        ..*ctx
                    };
                    self.effect_yields(state, mover, &at, &c.apply)
                })
                .sum(),
            Effect::Surround(c) => self
                .surrounded_sites(state, mover, ctx, c)
                .into_iter()
                .map(|b| {
                    let at = Ctx {
                        between: Some(b),
                        ..*ctx
                    };
                    self.effect_yields(state, mover, &at, &c.apply)
                })
                .sum(),
            Effect::ForEachSite { region, effect } => self
                .region_sites(state, mover, ctx, region)
                .into_iter()
                .map(|s| {
                    let at = Ctx {
                        site: Some(s),
                        to: Some(s),
                        ..*ctx
                    };
                    self.effect_yields(state, mover, &at, effect)
                })
                .sum(),
            Effect::Seq(list) => list
                .iter()
                .map(|e| self.effect_yields(state, mover, ctx, e))
                .sum(),
            Effect::Frozen(inner) => self.effect_yields(state, mover, ctx, inner),
            Effect::DoNext { prior, next, .. } => {
                let mut after = state.clone();
                self.run_effect(&mut after, ctx, prior);
                self.effect_yields(&after, mover, ctx, next)
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                if self.eval_cond(state, mover, ctx, condition) {
                    self.effect_yields(state, mover, ctx, then)
                } else {
                    otherwise
                        .as_ref()
                        .map_or(0, |o| self.effect_yields(state, mover, ctx, o))
                }
            }
            Effect::Promote(p) => p.to.len(),
            Effect::SetState { .. } | Effect::SetCounter(_) | Effect::SetPending(_) => 1,
            Effect::Attract { .. }
            | Effect::Move(_)
            | Effect::Sow(_)
            | Effect::MoveCount { .. }
            | Effect::SetVar { .. }
            | Effect::SetPlayerValue { .. }
            | Effect::Forget { .. } => 1,
            // No move where the value is already remembered and must be unique,
            // nor where there is nothing to forget (`RememberValue.eval`,
            // `ForgetValueAll.eval`).
            Effect::Remember {
                list,
                value,
                unique,
            } => usize::from(
                !(*unique
                    && state.remembered[*list as usize]
                        .contains(&self.eval_int(state, mover, ctx, value))),
            ),
            Effect::ForgetAll { list } => usize::from(match list {
                Some(list) => !state.remembered[*list as usize].is_empty(),
                None => state.remembered.iter().any(|l| !l.is_empty()),
            }),
        }
    }

    /// The site of the first action `effect` would make (names a merged move).
    fn first_site(&self, state: &State, mover: Player, ctx: &Ctx, effect: &Effect) -> Option<Site> {
        match effect {
            Effect::AddPiece { to: s, .. }
            | Effect::Remove(s)
            | Effect::RemoveLater(s)
            | Effect::Flip(s) => self.eval_site(state, ctx, s),
            Effect::AllCombinations(a, _) => self.first_site(state, mover, ctx, a),
            Effect::Custodial(c) => {
                let b = *self.custodial_targets(state, mover, ctx, c).first()?;
                let at = Ctx {
                    between: Some(b),
                    ..*ctx
                };
                self.first_site(state, mover, &at, &c.apply)
            }
            Effect::Surround(c) => {
                let b = *self.surrounded_sites(state, mover, ctx, c).first()?;
                let at = Ctx {
                    between: Some(b),
                    ..*ctx
                };
                self.first_site(state, mover, &at, &c.apply)
            }
            Effect::Enclose(e) => {
                let b = *self.enclosed_groups(state, ctx, e).first()?.first()?;
                let at = Ctx {
                    between: Some(b),
                    ..*ctx
                };
                self.first_site(state, mover, &at, &e.apply)
            }
            Effect::Seq(list) => list
                .iter()
                .find_map(|e| self.first_site(state, mover, ctx, e)),
            _ => None,
        }
    }

    /// The sites where `player` placing by `moves` would win at once
    /// (`(sites Winning ...)`): each candidate is played on a copy of the state
    /// with `player` to move, and kept if `player` then has a `Win`.
    pub(super) fn winning_sites(&self, state: &State, player: Player, moves: &Moves) -> Vec<Site> {
        let mut base = state.clone();
        base.mover = player;
        let mut candidates = MoveBuffer::new();
        self.generate(&base, player, &Ctx::default(), moves, &mut candidates);
        let mut sites = Vec::new();
        for &mv in candidates.iter() {
            let Move::Add { site, .. } = mv else { continue };
            if sites.contains(&site) {
                continue;
            }
            let mut after = base.clone();
            self.apply_move(&mut after, mv, None);
            if after.winners & (1 << player) != 0 {
                sites.push(site);
            }
        }
        sites.sort_unstable();
        sites
    }
}

/// The value a remembered-values effect remembers or forgets (none for
/// `(forget Value ... All)`).
pub(super) fn remembered_value(effect: &Effect) -> Option<&crate::ir::IntExpr> {
    match effect {
        Effect::Remember { value, .. } | Effect::Forget { value, .. } => Some(value),
        _ => None,
    }
}

/// Applies a remembered-values effect, its value evaluated (Ludii's
/// `ActionRememberValue`, `ActionForgetValue`: a list of numbers, a value
/// forgotten once, its first occurrence).
pub(super) fn remember(state: &mut State, effect: &Effect, value: Option<i64>) {
    let value = value.unwrap_or_default();
    match effect {
        Effect::Remember { list, unique, .. } => {
            let values = &mut state.remembered[*list as usize];
            if !(*unique && values.contains(&value)) {
                values.push(value);
            }
        }
        Effect::Forget { list, .. } => {
            let values = &mut state.remembered[*list as usize];
            if let Some(at) = values.iter().position(|&v| v == value) {
                values.remove(at);
            }
        }
        Effect::ForgetAll { list: Some(list) } => state.remembered[*list as usize].clear(),
        Effect::ForgetAll { list: None } => state.remembered.iter_mut().for_each(Vec::clear),
        _ => {}
    }
}
