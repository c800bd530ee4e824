//! Conditions, integers and regions, evaluated in a state.

use ludemic_runtime::Player;

use crate::ir::{Cond, IntExpr, PlayerRef, Region, Site};

use super::{Interpreter, State};

impl Interpreter {
    /// A player reference resolved for `mover`.
    pub(super) fn resolve(&self, state: &State, mover: Player, who: PlayerRef) -> Player {
        match who {
            PlayerRef::Mover => mover,
            PlayerRef::Next => self.next_player(state, mover),
            PlayerRef::Prev => self.previous_player(state, mover),
            PlayerRef::Player(p) => p,
        }
    }

    pub(super) fn eval_cond(&self, state: &State, mover: Player, cond: &Cond) -> bool {
        match cond {
            Cond::True => true,
            Cond::False => false,
            Cond::Not(c) => !self.eval_cond(state, mover, c),
            Cond::And(cs) => cs.iter().all(|c| self.eval_cond(state, mover, c)),
            Cond::Or(cs) => cs.iter().any(|c| self.eval_cond(state, mover, c)),
            Cond::Even(n) => self.eval_int(state, n) % 2 == 0,
            Cond::Odd(n) => self.eval_int(state, n) % 2 != 0,
            Cond::Line(line) => self.is_line(state, line),
            Cond::Connected(c) => self.is_connected(state, mover, c),
            Cond::Loop(l) => self.is_loop(state, mover, l),
        }
    }

    pub(super) fn eval_int(&self, state: &State, n: &IntExpr) -> i64 {
        match n {
            IntExpr::Const(c) => *c,
            IntExpr::CountMoves => state.moves as i64,
        }
    }

    /// The sites of a region, in increasing order without repeats.
    pub(super) fn region_sites(&self, state: &State, mover: Player, region: &Region) -> Vec<Site> {
        match region {
            Region::Empty => (0..state.what.len() as Site)
                .filter(|&s| state.what[s as usize] == 0)
                .collect(),
            Region::Static(sites) => sorted(sites.clone()),
            Region::Union(parts) => sorted(
                parts
                    .iter()
                    .flat_map(|r| self.region_sites(state, mover, r))
                    .collect(),
            ),
            Region::Winning { who, moves } => {
                let who = self.resolve(state, mover, *who);
                self.winning_sites(state, who, moves)
            }
        }
    }
}

fn sorted(mut sites: Vec<Site>) -> Vec<Site> {
    sites.sort_unstable();
    sites.dedup();
    sites
}
