//! Rules that look ahead or act for another player: `(do ... ifAfterwards:C)`,
//! `(forEach Piece WHO)`, `(is Threatened ...)`, and promotions.

use std::cell::Cell;

use ludemic_runtime::{MoveBuffer, Player};

use crate::ir::{Cond, Moves, PieceRules, PlayerRef, Promote, PromoteTo, Site, Threatened};

use super::conds::Ctx;
use super::{Interpreter, Move, State};

thread_local! {
    /// Set while `(is Threatened ...)` generates the enemies' moves: a
    /// threat test nested in them fails at once (Ludii's `autoFail`).
    static THREAT_PROBE: Cell<bool> = const { Cell::new(false) };
    /// Set while only whether a move exists matters (Ludii's `canMove`, used
    /// by `(can Move ...)` and `(no Moves ...)`): `(max Moves M)` is then M.
    static EXISTENCE: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` as Ludii's `canMove`: see `EXISTENCE`.
pub(super) fn existence<T>(f: impl FnOnce() -> T) -> T {
    let saved = EXISTENCE.with(|e| e.replace(true));
    let out = f();
    EXISTENCE.with(|e| e.set(saved));
    out
}

/// The value of C inside a threat probe, where every `(is Threatened ...)`
/// is false, when that alone decides it.
fn probe_value(c: &Cond) -> Option<bool> {
    match c {
        Cond::True => Some(true),
        Cond::False | Cond::Threatened(_) => Some(false),
        Cond::Not(c) => probe_value(c).map(|v| !v),
        Cond::And(cs) => {
            let values: Vec<Option<bool>> = cs.iter().map(probe_value).collect();
            if values.contains(&Some(false)) {
                Some(false)
            } else if values.iter().all(|v| *v == Some(true)) {
                Some(true)
            } else {
                None
            }
        }
        Cond::Or(cs) => {
            let values: Vec<Option<bool>> = cs.iter().map(probe_value).collect();
            if values.contains(&Some(true)) {
                Some(true)
            } else if values.iter().all(|v| *v == Some(false)) {
                Some(false)
            } else {
                None
            }
        }
        _ => None,
    }
}

impl Interpreter {
    /// Whether MOVES yields any move (Ludii's `canMove`, which stops at the
    /// first legal move): as generating them all and asking whether there
    /// are any, but a `(do ...)` tests its candidates only until one passes.
    pub(super) fn exists_move(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        moves: &Moves,
    ) -> bool {
        match moves {
            Moves::Or(list) => list.iter().any(|m| self.exists_move(state, player, ctx, m)),
            Moves::Then(inner, _) => self.exists_move(state, player, ctx, inner),
            Moves::If {
                condition,
                then,
                otherwise,
            } => {
                if self.eval_cond(state, player, ctx, condition) {
                    self.exists_move(state, player, ctx, then)
                } else {
                    otherwise
                        .as_ref()
                        .is_some_and(|o| self.exists_move(state, player, ctx, o))
                }
            }
            Moves::Do { prior, after } => {
                let mut candidates = MoveBuffer::new();
                self.generate(state, player, ctx, prior, &mut candidates);
                if THREAT_PROBE.with(Cell::get) && probe_value(after) == Some(true) {
                    return candidates.iter().any(|&mv| !self.repeats(state, mv));
                }
                candidates
                    .iter()
                    .any(|&mv| self.passes_afterwards(state, mv, after) && !self.repeats(state, mv))
            }
            // Piece by piece, stopping at the first that can move: a
            // whole side's moves on a large board cost far more than the
            // first piece's (Ludii's `canMove` also stops at the first).
            Moves::ForEachPiece(rules) => self.exists_piece_move(state, player, rules, state),
            Moves::ForPlayer { who, moves: inner } => match &**inner {
                Moves::ForEachPiece(rules) => {
                    let p = self.resolve(state, player, *who);
                    if p == player {
                        return self.exists_piece_move(state, player, rules, state);
                    }
                    let as_p = self.as_player(state, player, p);
                    self.exists_piece_move(&as_p, p, rules, state)
                }
                _ => self.exists_generated(state, player, ctx, moves),
            },
            _ => self.exists_generated(state, player, ctx, moves),
        }
    }

    /// Whether `moves`, all generated, hold a move that does not repeat.
    fn exists_generated(&self, state: &State, player: Player, ctx: &Ctx, moves: &Moves) -> bool {
        let mut out = MoveBuffer::new();
        self.generate(state, player, ctx, moves, &mut out);
        out.iter().any(|&mv| !self.repeats(state, mv))
    }

    /// `(forEach Piece)` of `player` in `generating` (the state as that
    /// player sees it): whether some piece has a move that does not repeat
    /// from `state`, generated as the full generation would, site by site.
    fn exists_piece_move(
        &self,
        generating: &State,
        player: Player,
        rules: &[PieceRules],
        state: &State,
    ) -> bool {
        let mut out = MoveBuffer::new();
        for site in 0..self.model.board.num_sites() as Site {
            let what = generating.what[site as usize];
            if what == 0 || generating.owner[site as usize] != player {
                continue;
            }
            let component = what as usize - 1;
            for r in rules.iter().filter(|r| r.component == component) {
                let inner = Ctx {
                    from: Some(site),
                    ..Ctx::default()
                };
                out.clear();
                self.generate(generating, player, &inner, &r.moves, &mut out);
                if out.iter().any(|&mv| !self.repeats(state, mv)) {
                    return true;
                }
            }
        }
        false
    }

    /// `(do PRIOR ifAfterwards:C)`: the moves of PRIOR after which C holds.
    pub(super) fn generate_do(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        prior: &Moves,
        after: &Cond,
        out: &mut MoveBuffer<Move>,
    ) {
        let mut candidates = MoveBuffer::new();
        self.generate(state, player, ctx, prior, &mut candidates);
        // Inside a threat probe every `(is Threatened ...)` fails at once;
        // where C then holds whatever the state, Ludii keeps every move
        // without applying it (`Do.canMoveTo`: `autoSucceeds`), and so does
        // this: the same moves, without the copies.
        if THREAT_PROBE.with(Cell::get) && probe_value(after) == Some(true) {
            for &mv in candidates.iter() {
                out.push(mv);
            }
            return;
        }
        for &mv in candidates.iter() {
            if self.passes_afterwards(state, mv, after) {
                out.push(mv);
            }
        }
    }

    /// Ludii's `Do.movePassesCond`: the move with its consequences is applied
    /// to a copy (no end rules, no turn change) and C is evaluated there for
    /// the same mover; where `Next` is then the mover (after a
    /// `(moveAgain)`, or in a threat probe whose `next` is the enemy
    /// moving), Ludii sets it to the previous player.
    pub(super) fn passes_afterwards(&self, state: &State, mv: Move, after: &Cond) -> bool {
        let mut copy = state.clone();
        copy.do_test = true;
        let again = self.apply_actions(&mut copy, mv);
        copy.do_test = false;
        if again || self.resolve(&copy, copy.mover, PlayerRef::Next) == copy.mover {
            copy.next_is = Some(copy.prev);
        }
        copy.again = false;
        self.eval_cond(&copy, copy.mover, &Ctx::default(), after)
    }

    /// `(max Moves MOVES)` (Ludii's `MaxMoves` without values): each move is
    /// played on a copy (`Game.apply`), then while the same player moves
    /// again and the game goes on, the longest continuation among its legal
    /// moves is counted; the moves with the longest turn are kept.
    pub(super) fn generate_max_moves(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        inner: &Moves,
        out: &mut MoveBuffer<Move>,
    ) {
        if EXISTENCE.with(Cell::get) {
            // Ludii's `MaxMoves.canMove` is its inner moves' `canMove`.
            self.generate(state, player, ctx, inner, out);
            return;
        }
        let mut candidates = MoveBuffer::new();
        self.generate(state, player, ctx, inner, &mut candidates);
        let lengths: Vec<u32> = candidates
            .iter()
            .map(|&mv| {
                let mut copy = state.clone();
                self.apply_move(&mut copy, mv, None);
                self.turn_length(&copy, 1)
            })
            .collect();
        let longest = lengths.iter().copied().max().unwrap_or(0);
        for (&mv, &n) in candidates.iter().zip(&lengths) {
            if n == longest {
                out.push(mv);
            }
        }
    }

    /// Ludii's `MaxMoves.getReplayCount`.
    fn turn_length(&self, state: &State, count: u32) -> u32 {
        if state.prev != state.mover || state.outcome.is_some() {
            return count;
        }
        let mut legal = MoveBuffer::new();
        ludemic_runtime::Game::legal_moves(self, state, &mut legal);
        legal
            .iter()
            .map(|&mv| {
                let mut copy = state.clone();
                self.apply_move(&mut copy, mv, None);
                self.turn_length(&copy, count + 1)
            })
            .max()
            .unwrap_or(0)
    }

    /// `(forEach Piece WHO)` for another player: generated with WHO as the
    /// mover, the generating player as `Prev` and `Next` (Ludii's
    /// `ForEachPiece` swaps them in the state for the generation).
    pub(super) fn generate_for_player(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        who: PlayerRef,
        moves: &Moves,
        out: &mut MoveBuffer<Move>,
    ) {
        let p = self.resolve(state, player, who);
        if p == player {
            self.generate(state, player, ctx, moves, out);
            return;
        }
        let as_p = self.as_player(state, player, p);
        self.generate(&as_p, p, ctx, moves, out);
    }

    /// `state` as player `p` generates in it on `player`'s turn: `p` the
    /// mover, `player` the previous and next player.
    fn as_player(&self, state: &State, player: Player, p: Player) -> State {
        let mut as_p = state.clone();
        as_p.prev = player;
        as_p.mover = p;
        as_p.next_is = Some(player);
        as_p.again = false;
        as_p
    }

    /// `(move Promote ...)`: one move per target component.
    pub(super) fn generate_promote(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        promote: &Promote,
        out: &mut MoveBuffer<Move>,
    ) {
        let Some(site) = self.eval_site(state, ctx, &promote.site) else {
            return;
        };
        for to in &promote.to {
            let Some(what) = self.promoted_to(state, player, ctx, to) else {
                if matches!(to, PromoteTo::Listed(_)) {
                    continue;
                }
                return;
            };
            out.push(Move::Promote {
                rule: promote.rule,
                site,
                what,
            });
        }
    }

    /// The consequence `(promote ...)`: every promotion it names, in order,
    /// then its own `then`; returns whether the mover moves again.
    pub(super) fn run_promote(&self, state: &mut State, ctx: &Ctx, promote: &Promote) -> bool {
        let mover = state.mover;
        let Some(site) = self.eval_site(state, ctx, &promote.site) else {
            return false;
        };
        for to in &promote.to {
            // Ludii's Promote makes no move (and so no consequence) when a
            // computed piece is below 1.
            let Some(what) = self.promoted_to(state, mover, ctx, to) else {
                if matches!(to, PromoteTo::Listed(_)) {
                    continue;
                }
                return false;
            };
            self.promote_at(state, site, what);
        }
        promote
            .then
            .as_ref()
            .is_some_and(|e| self.run_effect(state, ctx, e))
    }

    fn promoted_to(&self, state: &State, player: Player, ctx: &Ctx, to: &PromoteTo) -> Option<u8> {
        Some(match to {
            PromoteTo::Component(c) => *c,
            PromoteTo::Owned { who, per_player } => {
                let p = self.resolve(state, player, *who);
                per_player
                    .get((p as usize).wrapping_sub(1))
                    .copied()
                    .unwrap_or(0)
            }
            PromoteTo::Expr(n) | PromoteTo::Listed(n) => {
                let what = self.eval_int(state, player, ctx, &n.0);
                // Ludii fails on a number beyond the components; no
                // promotion here either.
                if !(1..=self.model.components.len() as i64).contains(&what) {
                    return None;
                }
                what as u8
            }
        })
    }

    /// Ludii's `ActionPromote` (no stacks): the site's piece is replaced by
    /// `what`, its state cleared; on an empty site the new piece has no owner.
    pub(super) fn promote_at(&self, state: &mut State, site: Site, what: u8) {
        let was_empty = state.what[site as usize] == 0;
        self.clear(state, site);
        if what == 0 {
            return;
        }
        self.put(state, self.model.board.site_type, site, what, 0);
        if was_empty {
            state.owner[site as usize] = 0;
        }
    }

    /// `(is Threatened ...)` (Ludii's `IsThreatened`): some enemy of the
    /// piece's owner, moving by its current phase's play rules (or the given
    /// moves) as if it were its turn, has a move whose `to` is the site.
    ///
    /// Ludii also writes the piece onto the site in its copy, but on the
    /// other site type than the board's (vertices of a cell board), so the
    /// board the enemy's moves see is unchanged; so is it here.
    pub(super) fn threatened(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        t: &Threatened,
    ) -> bool {
        if THREAT_PROBE.with(Cell::get) {
            return false;
        }
        let what = match &t.what {
            Some(w) => {
                let w = self.eval_int(state, mover, ctx, w);
                if w < 1 || w as usize > self.model.components.len() {
                    return false;
                }
                Some(w as u8)
            }
            None => None,
        };
        let sites: Vec<Site> = match (&t.at, what) {
            (Some(at), _) => self.eval_site(state, ctx, at).into_iter().collect(),
            // Ludii's `WhereSite`: the lowest board site holding WHAT.
            (None, Some(w)) => (0..self.model.board.num_sites() as Site)
                .find(|&s| state.what[s as usize] == w)
                .into_iter()
                .collect(),
            (None, None) => (0..self.model.board.num_sites() as Site)
                .filter(|&s| state.what[s as usize] != 0)
                .collect(),
        };
        let next = what.map(|_| self.resolve(state, state.mover, PlayerRef::Next));
        sites.into_iter().any(|site| {
            let piece = match what {
                Some(w) => w,
                None => state.what[site as usize],
            };
            piece != 0 && self.threatened_at(state, site, piece, next, t.moves.as_deref())
        })
    }

    /// `next`: Ludii's `next` in the copy (the threatened owner when testing
    /// whatever stands on the sites; unchanged when testing a given piece).
    fn threatened_at(
        &self,
        state: &State,
        site: Site,
        piece: u8,
        next: Option<Player>,
        moves: Option<&Moves>,
    ) -> bool {
        let owner = self.model.components[piece as usize - 1].owner;
        if owner == 0 {
            return false;
        }
        let mut probe = state.clone();
        probe.prev = owner;
        probe.again = false;
        THREAT_PROBE.with(|f| f.set(true));
        let found = (1..=self.model.num_players)
            .filter(|&enemy| enemy != owner)
            .any(|enemy| {
                probe.mover = enemy;
                probe.next_is = Some(next.unwrap_or(owner));
                let play = match moves {
                    Some(m) => m,
                    None => &self.model.phases[state.phase[enemy as usize] as usize].play,
                };
                let mut out = MoveBuffer::new();
                self.generate(&probe, enemy, &Ctx::default(), play, &mut out);
                out.iter().any(|&mv| self.move_to(mv) == Some(site))
            });
        THREAT_PROBE.with(|f| f.set(false));
        found
    }

    /// The site a move goes to (Ludii's `toNonDecision`).
    pub(super) fn move_to(&self, mv: Move) -> Option<Site> {
        match mv {
            Move::Add { site, .. }
            | Move::Remove { site, .. }
            | Move::Promote { site, .. }
            | Move::Select { site, .. }
            | Move::Count { to: site, .. }
            | Move::SelectTo { to: site, .. }
            | Move::Piece { to: site, .. }
            | Move::Effect { to: site, .. } => Some(site),
            Move::Propose { .. }
            | Move::Vote { .. }
            | Move::Pass
            | Move::PassThen { .. }
            | Move::Swap => None,
        }
    }
}
