//! Move generation and consequences.

use ludemic_runtime::{MoveBuffer, Player};

use crate::ir::{Add, Effect, Moves, PieceRef, Site};

use super::{Interpreter, Move, State};

impl Interpreter {
    /// Appends the moves of `moves` for `player` to `out`.
    pub(super) fn generate(
        &self,
        state: &State,
        player: Player,
        moves: &Moves,
        out: &mut MoveBuffer<Move>,
    ) {
        match moves {
            Moves::Add(add) => self.generate_add(state, player, add, out),
            Moves::Priority(list) => {
                for m in list {
                    let before = out.len();
                    self.generate(state, player, m, out);
                    if out.len() > before {
                        return;
                    }
                }
            }
            Moves::Or(list) => {
                for m in list {
                    self.generate(state, player, m, out);
                }
            }
        }
    }

    fn generate_add(&self, state: &State, player: Player, add: &Add, out: &mut MoveBuffer<Move>) {
        // Ludii adds the component whose index is the mover's number (not "the
        // piece the mover owns"): lowering checks that such a component exists.
        let what = match add.piece {
            PieceRef::Mover => player,
            PieceRef::Component(c) => (c + 1) as u8,
        };
        // Like Ludii's Add, every site of the region is a target: only `to if:`
        // filters (occupied sites are excluded by the region, e.g. sites Empty).
        for site in self.region_sites(state, player, &add.to) {
            if let Some(cond) = &add.to_if {
                if !self.eval_cond(state, player, cond) {
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

    /// Runs a consequence; returns whether the mover moves again.
    pub(super) fn run_effect(&self, state: &mut State, effect: &Effect) -> bool {
        match effect {
            Effect::MoveAgain => true,
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                if self.eval_cond(state, state.mover, condition) {
                    self.run_effect(state, then)
                } else {
                    otherwise
                        .as_ref()
                        .is_some_and(|o| self.run_effect(state, o))
                }
            }
            Effect::Seq(list) => list
                .iter()
                .fold(false, |again, e| self.run_effect(state, e) | again),
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
        self.generate(&base, player, moves, &mut candidates);
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
