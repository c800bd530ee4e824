//! The interpreter's views: [`PositionView`] for the heuristics and the
//! tensors, and [`TensorGame`] (the interpreter keeps the last two moves).

use ludemic_runtime::{Player, PositionView, SiteRef, TensorGame};

use super::{Interpreter, Move, State};

impl PositionView for Interpreter {
    fn total_sites(&self) -> usize {
        self.model.total_sites()
    }

    fn what_at(&self, state: &State, site: usize) -> u32 {
        u32::from(state.what[site])
    }

    fn owner_at(&self, state: &State, site: usize) -> Player {
        state.owner[site]
    }

    fn component_owner(&self, what: u32) -> Player {
        (what as usize)
            .checked_sub(1)
            .and_then(|i| self.model.components.get(i))
            .map_or(0, |c| c.owner as Player)
    }

    fn piece_at(&self, state: &State, site: usize) -> (u32, Player) {
        let what = state.what[site];
        // A hand's site holding none of its component is empty.
        if what == 0 || (!self.model.stacking && state.count[site] == 0) {
            (0, 0)
        } else {
            (u32::from(what), state.owner[site])
        }
    }

    fn count_at(&self, state: &State, site: usize) -> u32 {
        state.count_at(site as crate::ir::Site)
    }

    fn local_state_at(&self, state: &State, site: usize) -> u32 {
        u32::from(state.state[site])
    }

    fn stack_height(&self, state: &State, site: usize) -> usize {
        state.stacks.get(site).map_or(0, Vec::len)
    }

    fn stack_what(&self, state: &State, site: usize, level: usize) -> u32 {
        u32::from(state.stacks[site][level])
    }

    fn score(&self, state: &State, p: Player) -> i32 {
        state.score(p)
    }

    fn mover(&self, state: &State) -> Player {
        state.mover()
    }

    fn with_mover(&self, state: &State, player: Player) -> State {
        state.with_mover(player)
    }

    fn mover_agent(&self, state: &State) -> Player {
        // A swap exchanges the agents behind roles 1 and 2.
        match (state.swapped, state.mover) {
            (true, 1) => 2,
            (true, 2) => 1,
            (_, p) => p,
        }
    }

    fn order_changed(&self, state: &State) -> bool {
        state.swapped
    }

    fn pieces_off_grid(&self, state: &State) -> bool {
        state.elements.iter().flatten().any(|&w| w != 0)
    }

    fn move_levels(&self, mv: Move) -> Option<(u32, u32)> {
        // Ludii's placements (and passes, swaps) keep the move's levels at
        // the ground, whatever level the piece lands on (Connect Four's
        // move tensors); other moves' levels are not modelled.
        match mv {
            Move::Add { .. } | Move::Pass | Move::PassThen { .. } | Move::Swap => Some((0, 0)),
            _ => None,
        }
    }
}

impl TensorGame for Interpreter {
    fn recent_move(&self, state: &State, back: usize) -> Option<(SiteRef, SiteRef)> {
        (back < 2 && (back as u32) < state.moves).then(|| state.recent[back])
    }
}
