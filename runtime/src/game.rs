//! The contract every game implements, interpreted or compiled.

use std::fmt::Debug;

use rand_core::RngCore;

use crate::{MoveBuffer, MoveKey, PlayoutResult};

/// A player (Ludii's role index): 1 for P1, 2 for P2, ... 0 means "nobody".
pub type Player = u8;

/// Ludii allows at most 16 players.
pub const MAX_PLAYERS: usize = 16;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The game's own end rules (or the all-pass draw) ended it.
    Terminal,
    /// Ludii's turn limit (1250 turns per player by default).
    TurnLimit,
    /// Ludii's move limit (10000 moves by default).
    MoveLimit,
}

/// The result of a finished game: Ludii's winner and per-player ranking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Ludii's `status().winner()`: the winning player, or 0 for a draw / no winner.
    pub winner: Player,
    /// `ranking[p - 1]` is player p's rank: 1.0 is best, ties share the mean
    /// rank (a two-player draw is 1.5 / 1.5), 0.0 means unranked.
    pub ranking: [f32; MAX_PLAYERS],
    pub num_players: u8,
    pub reason: EndReason,
}

impl Outcome {
    /// Every player shares the same rank.
    pub fn draw(num_players: usize, reason: EndReason) -> Self {
        let mut ranking = [0.0; MAX_PLAYERS];
        let shared = (1.0 + num_players as f32) / 2.0;
        ranking[..num_players].fill(shared);
        Outcome {
            winner: 0,
            ranking,
            num_players: num_players as u8,
            reason,
        }
    }

    /// The ranks of players 1..=n.
    pub fn ranks(&self) -> &[f32] {
        &self.ranking[..self.num_players as usize]
    }

    pub fn rank(&self, player: Player) -> f32 {
        self.ranking[player as usize - 1]
    }

    pub fn is_draw(&self) -> bool {
        self.winner == 0
    }
}

/// Whether a game goes on, and who moves; or how it ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Status {
    Ongoing { mover: Player },
    Over(Outcome),
}

impl Status {
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over(_))
    }
}

/// A game: states, legal moves, transitions, and the end.
///
/// Semantics follow Ludii's: the legal moves of an ongoing state are never
/// empty (a player who cannot move has exactly one move, a forced pass), and
/// [`Game::moves_played`] counts every applied move as Ludii counts them
/// (placements, forced passes and swaps; not start-rule placements).
pub trait Game {
    /// A position; equal positions compare equal (a trial's replay keeps
    /// each position it may have reached once).
    type State: Clone + PartialEq;
    type Move: Copy + Eq + Debug;

    /// The game's name as the description gives it.
    fn name(&self) -> &str;

    fn num_players(&self) -> usize;

    fn initial_state(&self) -> Self::State;

    /// Clears `out` and fills it with the legal moves of `state` (which must
    /// be ongoing), in Ludii's order: its walk of the rules, piece by piece,
    /// site by site (both engines list alike).
    fn legal_moves(&self, state: &Self::State, out: &mut MoveBuffer<Self::Move>);

    /// Clears `out` and fills it with the legal moves of `state` in
    /// whatever order the back end lists fastest: what playouts draw from.
    /// [`Game::legal_moves`] lists them in Ludii's order (agents break ties
    /// by it; a Filter playout draws its candidates by index).
    #[inline]
    fn playout_moves(&self, state: &Self::State, out: &mut MoveBuffer<Self::Move>) {
        self.legal_moves(state, out)
    }

    /// Plays a legal move.
    fn apply(&self, state: &mut Self::State, mv: Self::Move);

    /// Plays a legal move inside a playout: what [`Game::apply`] does. The
    /// playout drivers call this one, so that a back end can inline its
    /// moves into its playout loop alone while every other caller (agents,
    /// replays, views) calls one shared [`Game::apply`].
    #[inline]
    fn playout_apply(&self, state: &mut Self::State, mv: Self::Move) {
        self.apply(state, mv)
    }

    fn status(&self, state: &Self::State) -> Status;

    /// Whether the game is over (what [`Game::status`] says, which back
    /// ends may answer faster).
    #[inline]
    fn is_over(&self, state: &Self::State) -> bool {
        matches!(self.status(state), Status::Over(_))
    }

    /// Moves played since the initial state.
    fn moves_played(&self, state: &Self::State) -> u32;

    /// The canonical form of a move: Ludii's compact key, naming sites by Ludii's indices.
    fn move_key(&self, mv: Self::Move) -> MoveKey;

    /// The component a move promotes to, for telling apart legal moves that
    /// share a key (Chess's four promotions are all `-1>square`; Ludii's
    /// actions name the component as `Promote(at=..,what=..)`).
    fn promoted_to(&self, _mv: Self::Move) -> Option<u32> {
        None
    }

    /// The string a proposal or a vote names (its number among the game's
    /// strings proposed or voted), for telling apart legal moves that share
    /// the key `-1>-1` (Surakarta's votes "End" and "No"; Ludii's actions
    /// name it, as `Vote(vote=End)`).
    fn decision_of(&self, _mv: Self::Move) -> Option<u32> {
        None
    }

    /// Chance (dice): the random outcomes the legal moves of `state` depend
    /// on, one entry per die: its site in Ludii's numbering and its number
    /// of faces. Empty when no chance is pending (games without dice).
    fn chance(&self, _state: &Self::State) -> Vec<(u32, u32)> {
        Vec::new()
    }

    /// Fixes the chance outcomes the legal moves of `state` use: `(site,
    /// face)` pairs, the face an index into the die's faces, as Ludii's
    /// trials show them (`SetStateAndUpdateDice(site=..,state=..)`). The
    /// replay of a trial forces Ludii's outcomes this way; games without
    /// chance ignore it.
    fn force_chance(&self, _state: &mut Self::State, _faces: &[(u32, u32)]) {}

    /// Draws the pending chance outcomes uniformly (each die's face), as
    /// Ludii's `Die.roll`: playouts call it before listing the moves.
    fn draw_chance<R: RngCore>(&self, state: &mut Self::State, rng: &mut R)
    where
        Self: Sized,
    {
        use crate::RngExt;
        let dice = self.chance(state);
        if dice.is_empty() {
            return;
        }
        let faces: Vec<(u32, u32)> = dice
            .into_iter()
            .map(|(site, n)| (site, rng.index(n as usize) as u32))
            .collect();
        self.force_chance(state, &faces);
    }

    /// One legal move of `state` (which must be ongoing), chosen uniformly
    /// at random; `buffer` is scratch space. Back ends override this to
    /// choose without listing every move.
    fn random_move<R: RngCore>(
        &self,
        state: &Self::State,
        rng: &mut R,
        buffer: &mut MoveBuffer<Self::Move>,
    ) -> Self::Move
    where
        Self: Sized,
    {
        use crate::RngExt;
        self.playout_moves(state, buffer);
        buffer[rng.index(buffer.len())]
    }

    /// One uniformly random playout from `state` to the end. Back ends override
    /// this with a faster variant that has the same distribution. What is
    /// left in `state` is unspecified (a variant may skip the bookkeeping
    /// no end rule reads): the result is the playout's answer.
    fn playout<R: RngCore>(&self, state: &mut Self::State, rng: &mut R) -> PlayoutResult
    where
        Self: Sized,
    {
        crate::standard_playout(self, state, rng, &mut MoveBuffer::new())
    }
}
