//! The interpreter's game state.

use ludemic_runtime::{Outcome, Player, SiteRef, MAX_PLAYERS};

use crate::ir::{Site, SiteType};

/// The slot of a site type in [`State::elements`].
pub(crate) fn type_slot(ty: SiteType) -> usize {
    match ty {
        SiteType::Vertex => 0,
        SiteType::Edge => 1,
        SiteType::Cell => 2,
    }
}

/// A position of an interpreted game, with the bookkeeping Ludii keeps
/// (mover, counters, passes, phases, results).
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Per site: the component (`what`, 1-based) on it, 0 when empty.
    pub(crate) what: Vec<u8>,
    /// Per site: the owner of the piece on it, 0 when empty.
    pub(crate) owner: Vec<u8>,
    /// Per site: the state of the piece on it (Reversi's colour), 0 when empty.
    pub(crate) state: Vec<u8>,
    /// Per site: how many pieces it holds (a hand's site holds a count of
    /// one component; a board site 1 when occupied). Unused in stacking
    /// games, where the stack's height is the count.
    pub(crate) count: Vec<u32>,
    /// In a stacking game, per site: the components stacked there, bottom
    /// first (`what`, `owner` and `state` describe the top piece); empty otherwise.
    pub(crate) stacks: Vec<Vec<u8>>,
    /// Per site type other than the board's default (indexed Vertex, Edge,
    /// Cell): the component on each element, 0 when empty (Dots and Boxes'
    /// drawn edges). The default type's entry is unused.
    pub(crate) elements: [Vec<u8>; 3],
    /// Each player's score (index 0 unused).
    pub(crate) scores: [i32; MAX_PLAYERS + 1],
    /// The variables of `(set Var ...)` by number (-1 until set).
    pub(crate) vars: Vec<i64>,
    /// The lists of remembered values by number (`(remember Value ...)`).
    pub(crate) remembered: Vec<Vec<i64>>,
    /// Each player's value, `(set Value WHO N)` (-1 until set).
    pub(crate) player_values: [i64; MAX_PLAYERS + 1],
    pub(crate) mover: Player,
    /// The player who made the previous move (Ludii's `Prev`), 0 before the first move.
    pub(crate) prev: Player,
    /// Current phase of each player (index 0 unused).
    pub(crate) phase: [u8; MAX_PLAYERS + 1],
    /// Moves played (placements, passes, swaps).
    pub(crate) moves: u32,
    /// Ludii's turn counter: starts at 1, grows when the mover changes.
    pub(crate) turns: u32,
    /// Moves the mover made before this one in the same turn (Ludii's
    /// `numTurnSamePlayer`).
    pub(crate) moves_this_turn: u32,
    /// The `to` site of the last move.
    pub(crate) last_to: Option<Site>,
    /// The `from` site of the last move (its `to` for a placement).
    pub(crate) last_from: Option<Site>,
    /// The last two moves' `from` and `to` as Ludii's `Move` holds them
    /// (`from` is `to` for a placement, both none for a pass or a swap),
    /// the last first: what the tensors' last-move channels show.
    pub(crate) recent: [(SiteRef, SiteRef); 2],
    /// Bit p set once a trigger was raised for player p (Ludii keeps one flag
    /// per player, whatever the trigger's name, and never clears it).
    pub(crate) triggers: u32,
    /// Bit p set when player p's last move was a forced pass (Ludii's
    /// `stalemated` flag, read by `(no Moves P)` for a fixed player).
    pub(crate) stalemated: u32,
    /// Whether the move being applied gave the mover another move: Ludii's
    /// `Next` is then the mover for its end rules and phase changes.
    pub(crate) again: bool,
    /// Whether a `(set NextPlayer ...)` or `(swap Players ...)` ran in the
    /// move being applied: then `again` as the last of them (or of the
    /// `(moveAgain)`s after them) left it decides who moves next, as the
    /// last of Ludii's `SetNextPlayer` actions does.
    pub(crate) next_set: bool,
    /// Ludii's `next` where a rule run on a copy of the state set it
    /// explicitly (`(forEach Piece Next)`, `(do ... ifAfterwards:...)`):
    /// `Next` for the copy's mover resolves to it.
    pub(crate) next_is: Option<Player>,
    /// The sites whose pieces leave at the end of the turn (Ludii's
    /// `sitesToRemove`), in the order marked.
    pub(crate) to_clear: Vec<Site>,
    /// Ludii's move counter: -1 at the start, one more after each move's
    /// end rules, set by `(set Counter N)`.
    pub(crate) counter: i32,
    /// Ludii's propositions (`(move Propose ...)`) not yet voted on.
    pub(crate) propositions: Vec<u16>,
    /// Ludii's votes cast since the last decision round.
    pub(crate) votes: Vec<u16>,
    /// Ludii's `isDecided`: the last vote decided, if any.
    pub(crate) decided: Option<u16>,
    /// Ludii's pending values (`(set Pending ...)`), a set cleared when the
    /// next move is applied (`Game.applyInternal`'s `rebootPending`).
    pub(crate) pending: Vec<i64>,
    /// Where the last move's last action with a site happened, consequences
    /// included (Ludii's `toAfterSubsequents`).
    pub(crate) last_to_after: Option<Site>,
    /// While a move's consequences run: the `to` of the move's own action.
    /// Ludii stores the move in the trial before running its consequences,
    /// so `(last To afterConsequence:True)` reads that move's own actions
    /// then (`Move.apply`, `Move.toAfterSubsequents`).
    pub(crate) decision_to: Option<Site>,
    /// While a move's consequences run: the `from` of the move's own action.
    pub(crate) decision_from: Option<Site>,
    /// Every move played: its mover and whether it was a pass (Ludii's
    /// all-pass rule reads the most recent turns).
    pub(crate) history: Vec<(Player, bool)>,
    /// `(no Repeat Positional)`: the hash of the state at the start of each
    /// turn so far (Ludii's `Trial.previousState`).
    pub(crate) seen: Vec<u64>,
    /// `(no Repeat PositionalInTurn)`: the hashes of the states since the
    /// current turn began (Ludii's `previousStateWithinATurn`).
    pub(crate) seen_in_turn: Vec<u64>,
    /// Set in the copy a `(do ... ifAfterwards:...)` test applies its move
    /// to: the consequences outside the `do` wait until after the test.
    pub(crate) do_test: bool,
    /// Bit p set while player p is still in the game.
    pub(crate) active: u32,
    /// Bit p set once player p has a `Win` result (Ludii's `winners`).
    pub(crate) winners: u32,
    /// Number of players who got a `Loss` result.
    pub(crate) losers: u32,
    /// Ranks given so far (0 = none yet), index p - 1.
    pub(crate) ranking: [f32; MAX_PLAYERS],
    /// Whether a swap was played: the agents behind roles 1 and 2 are exchanged.
    pub(crate) swapped: bool,
    /// Set once the game is over.
    pub(crate) outcome: Option<Outcome>,
    /// In a game that asks `(is Visited ...)`, per site: visited in the
    /// current turn (Ludii's `State.visited`); empty otherwise.
    pub(crate) visited: Vec<bool>,
    /// Per die: the index of the face it shows (the die site's state in
    /// Ludii); empty without dice.
    pub(crate) dice: Vec<u8>,
    /// Per die: the face the next roll gives it (the chance outcome, drawn
    /// by `Game::draw_chance` or forced by `Game::force_chance`).
    pub(crate) chance: Vec<u8>,
    /// Per die: its value, 0 once used this turn (Ludii's `currentDice`).
    pub(crate) current: Vec<i64>,
    /// Whether the last roll gave every die the same value.
    pub(crate) dice_equal: bool,
    /// While a move made with a die is applied: that die's value (Ludii
    /// evaluates the move's effects with `(pips)` set so).
    pub(crate) pips: Option<i64>,
}

impl State {
    /// The component on `site` (0 if empty).
    pub fn what_at(&self, site: Site) -> u8 {
        self.what[site as usize]
    }

    /// The owner of the piece on `site` (0 if empty).
    pub fn owner_at(&self, site: Site) -> Player {
        self.owner[site as usize]
    }

    /// The state of the piece on `site` (0 if empty).
    pub fn state_at(&self, site: Site) -> u8 {
        self.state[site as usize]
    }

    /// How many pieces `site` holds (Ludii's `count`; the stack's height in
    /// a stacking game).
    pub fn count_at(&self, site: Site) -> u32 {
        match self.stacks.get(site as usize) {
            Some(stack) => stack.len() as u32,
            None => self.count[site as usize],
        }
    }

    /// The components stacked on `site`, bottom first (stacking games only).
    pub fn stack_at(&self, site: Site) -> &[u8] {
        self.stacks.get(site as usize).map_or(&[], Vec::as_slice)
    }

    /// The component on element `index` of type `ty` when `ty` is not the
    /// board's default site type (0 if empty).
    pub fn element_at(&self, ty: SiteType, index: usize) -> u8 {
        self.elements[type_slot(ty)]
            .get(index)
            .copied()
            .unwrap_or(0)
    }

    /// Player `p`'s score.
    pub fn score(&self, p: Player) -> i32 {
        self.scores[p as usize]
    }

    pub fn mover(&self) -> Player {
        self.mover
    }

    /// A copy with `player` to move and the mover as the previous player
    /// (what Ludii's heuristics do on a `TempContext` to count another
    /// player's moves: `setPrev(mover)`, `setMover(player)`).
    pub fn with_mover(&self, player: Player) -> State {
        let mut copy = self.clone();
        copy.prev = copy.mover;
        copy.mover = player;
        copy
    }

    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    pub(crate) fn triggered(&self, player: Player) -> bool {
        self.triggers & (1 << player) != 0
    }

    pub(crate) fn set_triggered(&mut self, player: Player) {
        self.triggers |= 1 << player;
    }

    pub fn is_active(&self, player: Player) -> bool {
        self.active & (1 << player) != 0
    }
}
