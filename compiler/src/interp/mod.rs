//! The interpreter: runs a [`GameModel`] directly, implementing the runtime's
//! [`Game`] trait. It favours clarity over speed: it is the reference the
//! compiled code is checked against.

mod conds;
mod end;
mod moves;
mod patterns;
mod state;

use ludemic_runtime::{EndReason, Game, MoveBuffer, MoveKey, Outcome, Player, Status, MAX_PLAYERS};

use crate::ir::{Effect, GameModel, Moves, Region, Site};

pub use state::State;

/// Ludii's default turn limit per player (`Constants.DEFAULT_TURN_LIMIT`).
pub const TURN_LIMIT_PER_PLAYER: u32 = 1250;
/// Ludii's default move limit (`Constants.DEFAULT_MOVES_LIMIT`).
pub const MOVE_LIMIT: u32 = 10_000;

/// A move of an interpreted game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place component `what` (1-based) on `site`, by the `(move Add ...)` numbered `rule`.
    Add { site: Site, what: u8, rule: u16 },
    /// A pass (forced when a player has no other move).
    Pass,
    /// The swap rule: the second player takes over the first player's side.
    Swap,
}

/// A game model ready to be played.
#[derive(Clone, Debug)]
pub struct Interpreter {
    model: GameModel,
    /// The consequence (`then`) of each `(move Add ...)` rule, by rule number.
    consequences: Vec<Option<Effect>>,
}

impl Interpreter {
    pub fn new(model: GameModel) -> Self {
        let mut consequences = Vec::new();
        for phase in &model.phases {
            collect_consequences(&phase.play, &mut consequences);
        }
        Interpreter {
            model,
            consequences,
        }
    }

    pub fn model(&self) -> &GameModel {
        &self.model
    }

    /// A hand-made position: the initial state with `pieces` (site, player)
    /// placed, each player's piece being the component numbered like the
    /// player, and `mover` to move after `moves` moves. Used to test rules
    /// on chosen positions.
    pub fn position(&self, pieces: &[(Site, Player)], mover: Player, moves: u32) -> State {
        let mut state = self.initial_state();
        for &(site, player) in pieces {
            self.place(&mut state, site, player);
        }
        state.last_to = None;
        state.mover = mover;
        state.prev = if moves == 0 {
            0
        } else {
            self.previous_player(&state, mover)
        };
        state.moves = moves;
        state.turns = moves + 1;
        state
    }

    /// The site with Ludii's coordinate label `coord` (e.g. `"A1"`).
    pub fn site(&self, coord: &str) -> Option<Site> {
        self.model
            .board
            .sites
            .iter()
            .position(|s| s.coord == coord)
            .map(|i| i as Site)
    }

    /// The legal move with this canonical key, if any.
    pub fn find_move(&self, state: &State, key: &str) -> Option<Move> {
        let key: MoveKey = key.parse().ok()?;
        let mut legal = MoveBuffer::new();
        self.legal_moves(state, &mut legal);
        legal.iter().copied().find(|&m| self.move_key(m) == key)
    }

    /// The player after `player` in turn order (skipping players out of the game).
    fn next_player(&self, state: &State, player: Player) -> Player {
        let n = self.model.num_players;
        let mut p = player;
        for _ in 0..n {
            p = p % n + 1;
            if state.is_active(p) {
                return p;
            }
        }
        player
    }

    /// The player before `player` in turn order.
    fn previous_player(&self, state: &State, player: Player) -> Player {
        let n = self.model.num_players;
        let mut p = player;
        for _ in 0..n {
            p = if p == 1 { n } else { p - 1 };
            if state.is_active(p) {
                return p;
            }
        }
        player
    }

    /// Whether the swap move is offered now: on the second move of the game,
    /// when the previous move was another player's.
    fn swap_allowed(&self, state: &State) -> bool {
        self.model.swap
            && state.moves == self.model.num_players as u32 - 1
            && state.prev != 0
            && state.prev != state.mover
    }
}

impl Game for Interpreter {
    type State = State;
    type Move = Move;

    fn name(&self) -> &str {
        &self.model.name
    }

    fn num_players(&self) -> usize {
        self.model.num_players as usize
    }

    fn initial_state(&self) -> State {
        let n = self.model.board.num_sites();
        let players = self.model.num_players as u32;
        State {
            what: vec![0; n],
            owner: vec![0; n],
            mover: 1,
            prev: 0,
            phase: [0; MAX_PLAYERS + 1],
            moves: 0,
            turns: 1,
            last_to: None,
            history: Vec::new(),
            active: ((1u32 << (players + 1)) - 1) & !1,
            winners: 0,
            losers: 0,
            ranking: [0.0; MAX_PLAYERS],
            swapped: false,
            outcome: None,
        }
    }

    fn legal_moves(&self, state: &State, out: &mut MoveBuffer<Move>) {
        out.clear();
        let phase = &self.model.phases[state.phase[state.mover as usize] as usize];
        self.generate(state, state.mover, &phase.play, out);
        if self.swap_allowed(state) {
            out.push(Move::Swap);
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    fn apply(&self, state: &mut State, mv: Move) {
        self.apply_move(state, mv);
    }

    fn status(&self, state: &State) -> Status {
        match state.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::Ongoing { mover: state.mover },
        }
    }

    fn moves_played(&self, state: &State) -> u32 {
        state.moves
    }

    fn move_key(&self, mv: Move) -> MoveKey {
        match mv {
            Move::Add { site, .. } => MoveKey::place(site as u32),
            Move::Pass => MoveKey::PASS,
            Move::Swap => MoveKey::SWAP,
        }
    }
}

impl Interpreter {
    /// Ludii's `Game.apply` for one move (docs/ludii-semantics.md §9.1): the
    /// move's actions and consequences, the end rules, the limits, the phase
    /// change, then the next mover.
    fn apply_move(&self, state: &mut State, mv: Move) {
        let mover = state.mover;
        let mut move_again = false;
        match mv {
            Move::Add { site, what, rule } => {
                let then = self.consequences[rule as usize].as_ref();
                self.place(state, site, what);
                state.history.push((mover, false));
                state.moves += 1;
                if let Some(effect) = then {
                    move_again = self.run_effect(state, effect);
                }
            }
            Move::Pass => {
                state.last_to = None;
                state.history.push((mover, true));
                state.moves += 1;
            }
            Move::Swap => {
                // Pieces and roles stay; the agents behind roles 1 and 2 trade places
                // and role 2 moves again (Ludii appends SetNextPlayer(mover)).
                state.last_to = None;
                state.history.push((mover, false));
                state.moves += 1;
                state.swapped = !state.swapped;
                move_again = true;
            }
        }
        self.evaluate_end(state, mover);
        if state.active != 0 && self.limit_reached(state) {
            let reason = if state.moves >= MOVE_LIMIT {
                EndReason::MoveLimit
            } else {
                EndReason::TurnLimit
            };
            self.draw_all(state, reason);
        }
        state.prev = mover;
        if state.outcome.is_some() {
            return;
        }
        self.advance_phases(state, mover);
        let next = if move_again && state.is_active(mover) {
            mover
        } else {
            self.next_player(state, mover)
        };
        if next != mover || mv == Move::Swap {
            state.turns += 1;
        }
        state.mover = next;
    }

    fn place(&self, state: &mut State, site: Site, what: u8) {
        // Adding to an occupied site replaces its piece, as Ludii's ActionAdd sets the site.
        let owner = self.model.components[what as usize - 1].owner;
        state.what[site as usize] = what;
        state.owner[site as usize] = owner;
        state.last_to = Some(site);
    }

    /// `(nextPhase ...)`: each player whose current phase has a rule that fires
    /// moves to that rule's phase. Conditions see the state after the move.
    fn advance_phases(&self, state: &mut State, mover: Player) {
        for p in 1..=self.model.num_players as usize {
            let current = state.phase[p] as usize;
            for rule in &self.model.phases[current].next {
                let fires = match &rule.condition {
                    None => true,
                    Some(c) => self.eval_cond(state, mover, c),
                };
                if fires {
                    state.phase[p] = rule.target as u8;
                    break;
                }
            }
        }
    }

    /// Ludii's `checkMaxTurns`, read before this move's turn increment.
    fn limit_reached(&self, state: &State) -> bool {
        state.turns >= TURN_LIMIT_PER_PLAYER * self.model.num_players as u32
            || state.moves >= MOVE_LIMIT
    }

    /// The outcome from the ranks given: the winner is the player ranked exactly 1.
    fn outcome(&self, state: &State, reason: EndReason) -> Outcome {
        let n = self.model.num_players as usize;
        let winner = (1..=n)
            .find(|&p| state.ranking[p - 1] == 1.0)
            .map_or(0, |p| p as u8);
        Outcome {
            winner,
            ranking: state.ranking,
            num_players: n as u8,
            reason,
        }
    }
}

/// Records the `then` of every `(move Add ...)` in `moves`, by rule number,
/// including the generators nested in `(sites Winning ...)`.
fn collect_consequences(moves: &Moves, out: &mut Vec<Option<Effect>>) {
    match moves {
        Moves::Add(add) => {
            let slot = add.rule as usize;
            if out.len() <= slot {
                out.resize(slot + 1, None);
            }
            out[slot] = add.then.clone();
            collect_in_region(&add.to, out);
        }
        Moves::Priority(list) | Moves::Or(list) => {
            list.iter().for_each(|m| collect_consequences(m, out));
        }
    }
}

fn collect_in_region(region: &Region, out: &mut Vec<Option<Effect>>) {
    match region {
        Region::Union(parts) => parts.iter().for_each(|r| collect_in_region(r, out)),
        Region::Winning { moves, .. } => collect_consequences(moves, out),
        Region::Empty | Region::Static(_) => {}
    }
}
