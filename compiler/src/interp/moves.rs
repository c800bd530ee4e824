//! Move generation and consequences.

use ludemic_runtime::{MoveBuffer, Player};

use crate::board::Compass;
use crate::ir::{Add, Effect, Moves, PieceMove, PieceRef, Reach, Shoot, Site, Walk};

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
            Moves::Add(add) => self.generate_add(state, player, ctx, add, out),
            Moves::Move(m) => self.generate_piece_move(state, player, ctx, m, out),
            Moves::Shoot(shoot) => self.generate_shoot(state, shoot, out),
            Moves::Pass { .. } => out.push(Move::Pass),
            Moves::ForEachPiece(rules) => {
                for site in 0..state.what.len() as Site {
                    let what = state.what[site as usize];
                    if what == 0 || state.owner[site as usize] != player {
                        continue;
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
        }
    }

    /// The component a piece reference adds for `player`.
    pub(super) fn piece_what(&self, piece: &PieceRef, player: Player) -> u8 {
        match piece {
            // Ludii adds the component whose index is the mover's number (not
            // "the piece the mover owns"): lowering checks that it exists.
            PieceRef::Mover => player,
            PieceRef::Component(c) => (*c + 1) as u8,
            PieceRef::MoversNamed(per) => per
                .get(player as usize - 1)
                .map_or(player, |&c| (c + 1) as u8),
        }
    }

    fn generate_add(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        add: &Add,
        out: &mut MoveBuffer<Move>,
    ) {
        let what = self.piece_what(&add.piece, player);
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
            let base = Ctx {
                from: Some(from),
                ..*ctx
            };
            self.destinations(state, player, &base, m, &mut |to, dir| {
                out.push(Move::Piece {
                    rule: m.rule,
                    from,
                    to,
                    dir,
                })
            });
        }
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
                for (k, &d) in m.directions.iter().enumerate() {
                    for radial in board.radials(from as usize, d) {
                        if let Some(&to) = radial.steps.get(1) {
                            if to_ok(to, None) {
                                emit(to, k as u8);
                            }
                        }
                    }
                }
            }
            Reach::Hop {
                distance,
                between_if,
                ..
            } => {
                let n = self.eval_int(state, player, ctx, distance);
                let Ok(n) = usize::try_from(n) else { return };
                if n == 0 {
                    // Ludii's Hop with no site to jump is a plain step to
                    // each adjacent site, each (from, to) once.
                    let mut seen = Vec::new();
                    for (k, &d) in m.directions.iter().enumerate() {
                        for &to in board.steps(from as usize, d) {
                            if !seen.contains(&to) && to_ok(to, None) {
                                seen.push(to);
                                emit(to, k as u8);
                            }
                        }
                    }
                    return;
                }
                for (k, &d) in m.directions.iter().enumerate() {
                    for radial in board.radials(from as usize, d) {
                        let Some(&to) = radial.steps.get(n + 1) else {
                            continue;
                        };
                        let jumped = &radial.steps[1..=n];
                        let over = jumped.iter().all(|&b| {
                            between_if.as_ref().is_none_or(|c| {
                                let at = Ctx {
                                    between: Some(b),
                                    to: Some(to),
                                    ..*ctx
                                };
                                self.eval_cond(state, player, &at, c)
                            })
                        });
                        if over && to_ok(to, jumped.last().copied()) {
                            emit(to, k as u8);
                        }
                    }
                }
            }
            Reach::Slide { between_if } => {
                for (k, &d) in m.directions.iter().enumerate() {
                    for radial in board.radials(from as usize, d) {
                        for &to in &radial.steps[1..] {
                            let passable = match between_if {
                                Some(c) => {
                                    let at = Ctx {
                                        between: Some(to),
                                        ..*ctx
                                    };
                                    self.eval_cond(state, player, &at, c)
                                }
                                None => state.what[to as usize] == 0,
                            };
                            if !passable {
                                // Ludii's slide may end on the blocking site when `to if:` allows it.
                                if m.to_if.is_some() && to_ok(to, None) {
                                    emit(to, k as u8);
                                }
                                break;
                            }
                            if to_ok(to, None) {
                                emit(to, k as u8);
                            }
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
                for to in self.walk_targets(from, walks) {
                    if let Some(f) = facing {
                        if !self.is_forward(f, from, to) {
                            continue;
                        }
                    }
                    if to_ok(to, None) {
                        emit(to, 0);
                    }
                }
            }
            Reach::FromTo { to } => {
                for t in self.region_sites(state, player, ctx, to) {
                    if to_ok(t, None) {
                        emit(t, 0);
                    }
                }
            }
        }
    }

    /// Ludii's `SitesWalk` with all rotations: each walk from each supported
    /// orthogonal heading; turns go to the next supported orthogonal heading.
    fn walk_targets(&self, from: Site, walks: &[Vec<Walk>]) -> Vec<Site> {
        let board = &self.model.board;
        let orthogonal = &self.orthogonal;
        let turn = |c: Compass, step: i32| {
            let mut k = c as i32;
            loop {
                k = (k + step).rem_euclid(16);
                let h = Compass::ALL[k as usize];
                if orthogonal.contains(&h) {
                    return h;
                }
            }
        };
        let mut out = Vec::new();
        for &start in orthogonal {
            for walk in walks {
                let mut at = Some(from as usize);
                let mut heading = start;
                for step in walk {
                    match step {
                        Walk::Forward => {
                            at = at.and_then(|s| {
                                board
                                    .steps(s, heading.absolute())
                                    .last()
                                    .map(|&t| t as usize)
                            });
                        }
                        Walk::Right => heading = turn(heading, 1),
                        Walk::Left => heading = turn(heading, -1),
                    }
                    if at.is_none() {
                        break;
                    }
                }
                if let Some(s) = at {
                    out.push(s as Site);
                }
            }
        }
        // Ludii keeps duplicate targets (distinct walks reaching one site).
        out
    }
}

/// The headings of orthogonal steps on this board, clockwise from north
/// (Ludii's `supportedOrthogonalDirections`).
pub(super) fn orthogonal_headings(board: &crate::board::Board) -> Vec<Compass> {
    {
        Compass::ALL
            .into_iter()
            .filter(|c| {
                (0..board.num_sites()).any(|s| {
                    let ortho = board.neighbours(s, crate::board::Relation::Orthogonal);
                    board
                        .steps(s, c.absolute())
                        .iter()
                        .any(|t| ortho.contains(t))
                })
            })
            .collect()
    }
}

impl Interpreter {
    /// Ludii's `Leap.checkForward`: rows and columns move the facing's way.
    fn is_forward(&self, facing: Compass, from: Site, to: Site) -> bool {
        let a = &self.model.board.sites[from as usize];
        let b = &self.model.board.sites[to as usize];
        match facing {
            Compass::N => a.row < b.row,
            Compass::NE => a.row < b.row && a.col < b.col,
            Compass::E => a.col < b.col,
            Compass::SE => a.row > b.row && a.col < b.col,
            Compass::S => a.row > b.row,
            Compass::SW => a.row > b.row && a.col > b.col,
            Compass::W => a.col > b.col,
            Compass::NW => a.row < b.row && a.col > b.col,
            _ => false,
        }
    }

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
            Effect::MoveAgain => true,
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
            Effect::Remove(site) => {
                if let Some(s) = self.eval_site(state, ctx, site) {
                    state.what[s as usize] = 0;
                    state.owner[s as usize] = 0;
                }
                false
            }
            Effect::AddPiece { piece, to } => {
                if let Some(s) = self.eval_site(state, ctx, to) {
                    let what = self.piece_what(piece, mover);
                    state.what[s as usize] = what;
                    state.owner[s as usize] = self.model.components[what as usize - 1].owner;
                }
                false
            }
            Effect::Trigger { who, .. } => {
                let p = self.resolve(state, mover, *who);
                state.set_triggered(p);
                false
            }
        }
    }
}

impl Interpreter {
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
            self.apply_move(&mut after, mv);
            if after.winners & (1 << player) != 0 {
                sites.push(site);
            }
        }
        sites.sort_unstable();
        sites
    }
}
