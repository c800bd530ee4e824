//! Engine-independent views of a position: what the heuristics
//! ([`StateView`]) and the tensors ([`TensorGame`]) read of a state.
//!
//! An engine implements [`PositionView`] for its game (the interpreter does,
//! and so does every module the code generator emits: plain reads of the
//! state's fields, never called in playouts). [`View`] then gives the
//! heuristics their [`StateView`] of any such game, and [`Recorded`] gives
//! the tensors a [`TensorGame`]: it wraps a game whose states do not keep
//! the last two moves (the generated ones keep only what their rules read)
//! and records them as its moves are applied, so playouts of the bare game
//! pay nothing for them.

use rand_core::RngCore;

use crate::{Game, MoveBuffer, MoveKey, Player, SiteRef, StateView, Status, TensorGame};

/// What engine-independent code reads of a state. Sites are Ludii's global
/// indices of the board's default site type, the board's first and then
/// each hand's.
pub trait PositionView: Game {
    /// Sites of every container (the board's first, then hands').
    fn total_sites(&self) -> usize;

    /// The component (`what`, 1-based) on `site`, the top one of a stack;
    /// 0 when empty.
    fn what_at(&self, state: &Self::State, site: usize) -> u32;

    /// The owner of the (top) piece on `site` (Ludii's `who`: 0 for a
    /// neutral piece or an empty site).
    fn owner_at(&self, state: &Self::State, site: usize) -> Player;

    /// The owner of component `what` (0 for a neutral one or none).
    fn component_owner(&self, what: u32) -> Player;

    /// Ludii's `countCell`: how many pieces `site` holds (1 for an occupied
    /// board site, a hand site's count, a stack's height, 0 when empty).
    fn count_at(&self, state: &Self::State, site: usize) -> u32;

    /// Ludii's `stateCell`: the local state of `site` (0 by default).
    fn local_state_at(&self, state: &Self::State, site: usize) -> u32;

    /// Stacking games: the height of the stack on `site` (0 otherwise).
    fn stack_height(&self, state: &Self::State, site: usize) -> usize;

    /// Stacking games: the component at `level` of `site`'s stack, 0 the bottom.
    fn stack_what(&self, state: &Self::State, site: usize, level: usize) -> u32;

    /// Player `p`'s score (0 in games without scores).
    fn score(&self, state: &Self::State, p: Player) -> i32;

    /// The player to move.
    fn mover(&self, state: &Self::State) -> Player;

    /// The agent behind the player to move (Ludii's
    /// `playerToAgent(mover)`: the mover itself unless a swap happened).
    fn mover_agent(&self, state: &Self::State) -> Player;

    /// Whether the players' order changed (Ludii's `orderHasChanged`: a swap).
    fn order_changed(&self, state: &Self::State) -> bool;

    /// Whether some piece stands on a site of a type other than the
    /// board's default one (an edge, say).
    fn pieces_off_grid(&self, state: &Self::State) -> bool;

    /// Stacking games: Ludii's `levelMinNonDecision` and
    /// `levelMaxNonDecision` of a move, or `None` where the engine does not
    /// know them.
    fn move_levels(&self, mv: Self::Move) -> Option<(u32, u32)>;

    /// A copy of `state` with `player` to move and the mover as the
    /// previous player (how Ludii's heuristics count another player's moves).
    fn with_mover(&self, state: &Self::State, player: Player) -> Self::State;

    /// The component on top of `site` and its owner; `(0, 0)` when empty
    /// (a hand's site holding none of its component is empty).
    fn piece_at(&self, state: &Self::State, site: usize) -> (u32, Player) {
        let what = self.what_at(state, site);
        if what == 0 || self.count_at(state, site) == 0 {
            (0, 0)
        } else {
            (what, self.owner_at(state, site))
        }
    }
}

/// Ludii's `Move.from` and `Move.to` of a move with this key: a placement's
/// `from` is its `to`; a pass or a swap has neither.
pub fn move_sites(key: MoveKey) -> (SiteRef, SiteRef) {
    if key.pass || key.swap {
        (SiteRef::NONE, SiteRef::NONE)
    } else if key.from.index < 0 {
        (key.to, key.to)
    } else {
        (key.from, key.to)
    }
}

/// A state of any [`PositionView`] game seen by the heuristics.
pub struct View<'a, G: Game> {
    pub game: &'a G,
    pub state: &'a G::State,
}

impl<G: PositionView> StateView for View<'_, G> {
    fn mover(&self) -> Player {
        self.game.mover(self.state)
    }

    fn num_sites(&self) -> usize {
        self.game.total_sites()
    }

    fn pieces_at(&self, site: usize, f: &mut dyn FnMut(u8, Player)) {
        let height = self.game.stack_height(self.state, site);
        if height > 0 {
            for level in 0..height {
                let what = self.game.stack_what(self.state, site, level);
                f(what as u8, self.game.component_owner(what));
            }
        } else {
            let what = self.game.what_at(self.state, site);
            if what != 0 {
                f(what as u8, self.game.owner_at(self.state, site));
            }
        }
    }

    fn owner(&self, site: usize) -> Player {
        self.game.owner_at(self.state, site)
    }

    fn score(&self, p: Player) -> i32 {
        self.game.score(self.state, p)
    }

    fn count(&self, site: usize) -> u32 {
        self.game.count_at(self.state, site)
    }

    /// No engine keeps piece values (no supported ludeme sets one): Ludii's
    /// default 0.
    fn piece_value(&self, _site: usize, _level: usize) -> i32 {
        0
    }

    fn num_legal_moves(&self, player: Player) -> usize {
        let mut buffer = MoveBuffer::new();
        self.legal_moves_of(player, &mut buffer);
        buffer.len()
    }

    fn legal_move_targets(&self, player: Player, f: &mut dyn FnMut(usize)) {
        let mut buffer = MoveBuffer::new();
        self.legal_moves_of(player, &mut buffer);
        for &mv in buffer.iter() {
            let key = self.game.move_key(mv);
            if !key.pass && !key.swap && key.to.index >= 0 {
                f(key.to.index as usize);
            }
        }
    }
}

impl<G: PositionView> View<'_, G> {
    /// The legal moves of `player`: the mover's, or those of a copy of the
    /// state with `player` to move and the mover as the previous player
    /// (Ludii's `TempContext`, `setPrev`, `setMover`, `clearLegalMoves`).
    /// A game that is over has none (Ludii's `Game.moves` of an over trial).
    fn legal_moves_of(&self, player: Player, out: &mut MoveBuffer<G::Move>) {
        if self.game.is_over(self.state) {
            out.clear();
        } else if self.game.mover(self.state) == player {
            self.game.legal_moves(self.state, out);
        } else {
            let copy = self.game.with_mover(self.state, player);
            self.game.legal_moves(&copy, out);
        }
    }
}

/// A game whose states also record the last two moves' `from` and `to`
/// (what the tensors' last-move channels show): the wrapped game plays,
/// this records. Playouts run through [`Game::apply`] (the standard
/// playout), so that the record stays exact.
#[derive(Clone, Copy, Debug, Default)]
pub struct Recorded<G>(pub G);

/// A state of a [`Recorded`] game.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedState<S> {
    pub inner: S,
    /// The last move's `from` and `to`, then the one's before.
    recent: [(SiteRef, SiteRef); 2],
}

impl<G: Game> Game for Recorded<G> {
    type State = RecordedState<G::State>;
    type Move = G::Move;

    fn name(&self) -> &str {
        self.0.name()
    }

    fn num_players(&self) -> usize {
        self.0.num_players()
    }

    fn initial_state(&self) -> Self::State {
        RecordedState {
            inner: self.0.initial_state(),
            recent: [(SiteRef::NONE, SiteRef::NONE); 2],
        }
    }

    fn legal_moves(&self, state: &Self::State, out: &mut MoveBuffer<Self::Move>) {
        self.0.legal_moves(&state.inner, out)
    }

    fn playout_moves(&self, state: &Self::State, out: &mut MoveBuffer<Self::Move>) {
        self.0.playout_moves(&state.inner, out)
    }

    fn apply(&self, state: &mut Self::State, mv: Self::Move) {
        state.recent[1] = state.recent[0];
        state.recent[0] = move_sites(self.0.move_key(mv));
        self.0.apply(&mut state.inner, mv)
    }

    fn status(&self, state: &Self::State) -> Status {
        self.0.status(&state.inner)
    }

    fn is_over(&self, state: &Self::State) -> bool {
        self.0.is_over(&state.inner)
    }

    fn moves_played(&self, state: &Self::State) -> u32 {
        self.0.moves_played(&state.inner)
    }

    fn move_key(&self, mv: Self::Move) -> MoveKey {
        self.0.move_key(mv)
    }

    fn promoted_to(&self, mv: Self::Move) -> Option<u32> {
        self.0.promoted_to(mv)
    }

    fn chance(&self, state: &Self::State) -> Vec<(u32, u32)> {
        self.0.chance(&state.inner)
    }

    fn force_chance(&self, state: &mut Self::State, faces: &[(u32, u32)]) {
        self.0.force_chance(&mut state.inner, faces)
    }

    fn draw_chance<R: RngCore>(&self, state: &mut Self::State, rng: &mut R) {
        self.0.draw_chance(&mut state.inner, rng)
    }
}

impl<G: PositionView> PositionView for Recorded<G> {
    fn total_sites(&self) -> usize {
        self.0.total_sites()
    }
    fn what_at(&self, state: &Self::State, site: usize) -> u32 {
        self.0.what_at(&state.inner, site)
    }
    fn owner_at(&self, state: &Self::State, site: usize) -> Player {
        self.0.owner_at(&state.inner, site)
    }
    fn component_owner(&self, what: u32) -> Player {
        self.0.component_owner(what)
    }
    fn count_at(&self, state: &Self::State, site: usize) -> u32 {
        self.0.count_at(&state.inner, site)
    }
    fn local_state_at(&self, state: &Self::State, site: usize) -> u32 {
        self.0.local_state_at(&state.inner, site)
    }
    fn stack_height(&self, state: &Self::State, site: usize) -> usize {
        self.0.stack_height(&state.inner, site)
    }
    fn stack_what(&self, state: &Self::State, site: usize, level: usize) -> u32 {
        self.0.stack_what(&state.inner, site, level)
    }
    fn score(&self, state: &Self::State, p: Player) -> i32 {
        self.0.score(&state.inner, p)
    }
    fn mover(&self, state: &Self::State) -> Player {
        self.0.mover(&state.inner)
    }
    fn mover_agent(&self, state: &Self::State) -> Player {
        self.0.mover_agent(&state.inner)
    }
    fn with_mover(&self, state: &Self::State, player: Player) -> Self::State {
        RecordedState {
            inner: self.0.with_mover(&state.inner, player),
            recent: state.recent,
        }
    }
    fn order_changed(&self, state: &Self::State) -> bool {
        self.0.order_changed(&state.inner)
    }
    fn pieces_off_grid(&self, state: &Self::State) -> bool {
        self.0.pieces_off_grid(&state.inner)
    }
    fn move_levels(&self, mv: Self::Move) -> Option<(u32, u32)> {
        self.0.move_levels(mv)
    }
    fn piece_at(&self, state: &Self::State, site: usize) -> (u32, Player) {
        self.0.piece_at(&state.inner, site)
    }
}

impl<G: PositionView> TensorGame for Recorded<G> {
    fn recent_move(&self, state: &Self::State, back: usize) -> Option<(SiteRef, SiteRef)> {
        (back < 2 && (back as u32) < self.0.moves_played(&state.inner)).then(|| state.recent[back])
    }
}
