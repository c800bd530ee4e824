//! The interpreter's game state.

use ludemic_runtime::{Outcome, Player, MAX_PLAYERS};

use crate::ir::Site;

/// A position of an interpreted game, with the bookkeeping Ludii keeps
/// (mover, counters, passes, phases, results).
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Per site: the component (`what`, 1-based) on it, 0 when empty.
    pub(crate) what: Vec<u8>,
    /// Per site: the owner of the piece on it, 0 when empty.
    pub(crate) owner: Vec<u8>,
    pub(crate) mover: Player,
    /// The player who made the previous move (Ludii's `Prev`), 0 before the first move.
    pub(crate) prev: Player,
    /// Current phase of each player (index 0 unused).
    pub(crate) phase: [u8; MAX_PLAYERS + 1],
    /// Moves played (placements, passes, swaps).
    pub(crate) moves: u32,
    /// Ludii's turn counter: starts at 1, grows when the mover changes.
    pub(crate) turns: u32,
    /// The `to` site of the last move.
    pub(crate) last_to: Option<Site>,
    /// The `from` site of the last move (its `to` for a placement).
    pub(crate) last_from: Option<Site>,
    /// Bit p set once a trigger was raised for player p (Ludii keeps one flag
    /// per player, whatever the trigger's name, and never clears it).
    pub(crate) triggers: u32,
    /// Bit p set when player p's last move was a forced pass (Ludii's
    /// `stalemated` flag, read by `(no Moves P)` for a fixed player).
    pub(crate) stalemated: u32,
    /// Whether the last move's consequences gave the mover another move:
    /// Ludii's `Next` is then the mover until the next move.
    pub(crate) again: bool,
    /// Every move played: its mover and whether it was a pass (Ludii's
    /// all-pass rule reads the most recent turns).
    pub(crate) history: Vec<(Player, bool)>,
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

    pub fn mover(&self) -> Player {
        self.mover
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
