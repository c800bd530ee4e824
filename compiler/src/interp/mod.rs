//! The interpreter: runs a [`GameModel`] directly, implementing the runtime's
//! [`Game`] trait. It favours clarity over speed: it is the reference the
//! compiled code is checked against.

mod conds;
mod end;
mod filter;
mod hop;
mod moves;
mod patterns;
mod repetition;
mod requirements;
mod sow;
mod state;
mod tensor;
mod territory;

use ludemic_runtime::rand_core::RngCore;
use ludemic_runtime::{
    EndReason, Game, MoveBuffer, MoveKey, Outcome, Player, PlayoutResult, RngExt, SiteRef, Status,
    MAX_PLAYERS,
};

use crate::ir::{Effect, GameModel, Moves, PieceMove, Reach, Region, Site, SiteType};

use conds::Ctx;

pub use state::State;

pub use crate::semantics::{MOVE_LIMIT, TURN_LIMIT_PER_PLAYER};

/// A move of an interpreted game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place component `what` (1-based) on `site`, by the `(move Add ...)`
    /// or `(move Shoot ...)` numbered `rule`.
    Add { site: Site, what: u8, rule: u16 },
    /// Move the piece on `from` to `to`, by the piece move numbered `rule`;
    /// `dir` is the index of the direction taken in the rule's list (hops
    /// and slides find the sites between from it).
    Piece {
        rule: u16,
        from: Site,
        to: Site,
        dir: u8,
    },
    /// The single move an `(append ...)` rule merges at `site` (the
    /// `(site)` of the `forEach Site` around it); `to` is the site of its
    /// first action, which names the move.
    Effect { rule: u16, site: Site, to: Site },
    /// Move `count` pieces from `from` to `to`, by the `(move (from ...)
    /// (to ...) count:N)` numbered `rule` (Ludii's `ActionMoveN`).
    Count {
        rule: u16,
        from: Site,
        to: Site,
        count: u32,
    },
    /// Select `site`, by the `(move Select ...)` numbered `rule`.
    Select { rule: u16, site: Site },
    /// Select `from` and `to`, by the `(move Select ... (to ...))`
    /// numbered `rule`.
    SelectTo { rule: u16, from: Site, to: Site },
    /// Take the piece off `site`, by the `(move Remove ...)` numbered `rule`.
    Remove { rule: u16, site: Site },
    /// Turn the piece on `site` into component `what`, by the
    /// `(move Promote ...)` numbered `rule`.
    Promote { rule: u16, site: Site, what: u8 },
    /// Propose, by the `(move Propose ...)` numbered `rule`.
    Propose { rule: u16 },
    /// Vote, by the `(move Vote ...)` numbered `rule`.
    Vote { rule: u16 },
    /// A pass (forced when a player has no other move), or a `(move Pass)`
    /// whose rule has no consequences.
    Pass,
    /// A `(move Pass)` with consequences: the pass, then those of the
    /// rule numbered `rule` (its key is a pass's).
    PassThen { rule: u16 },
    /// The swap rule: the second player takes over the first player's side.
    Swap,
}

impl Move {
    /// A pass, with consequences or without.
    /// The move's `from` and `to` sites (Ludii's `Move.fromNonDecision()`
    /// and `toNonDecision()`; one site twice for a one-site move), if any.
    pub fn sites(self) -> Option<(Site, Site)> {
        match self {
            Move::Add { site, .. }
            | Move::Select { site, .. }
            | Move::Remove { site, .. }
            | Move::Promote { site, .. } => Some((site, site)),
            Move::Effect { to, .. } => Some((to, to)),
            Move::Piece { from, to, .. }
            | Move::Count { from, to, .. }
            | Move::SelectTo { from, to, .. } => Some((from, to)),
            Move::Propose { .. }
            | Move::Vote { .. }
            | Move::Pass
            | Move::PassThen { .. }
            | Move::Swap => None,
        }
    }

    pub fn is_pass(self) -> bool {
        matches!(self, Move::Pass | Move::PassThen { .. })
    }
}

/// A game model ready to be played.
#[derive(Clone, Debug)]
pub struct Interpreter {
    model: GameModel,
    /// Each move rule by number, with its consequences (its own `then`,
    /// then those of the composites around it, innermost first).
    rules: Vec<Option<Rule>>,
    /// The board's orthogonal headings, clockwise from north (leap walks turn through them).
    orthogonal: Vec<crate::board::Compass>,
    /// For each `what` (0 for empty), the board sites it held when the
    /// start rules were done: `(sites Start (piece C))`.
    start_sites: Vec<Vec<Site>>,
    /// The phases whose playouts are Ludii's Filter or No-Repetition
    /// playout (see [`Interpreter::standard_playouts`]).
    filter_phases: Vec<bool>,
    /// Whether a round of passes ends the game in a draw (Ludii's
    /// `requiresAllPass`, see `semantics::all_pass_draw`).
    all_pass_draw: bool,
    /// Whether the state after each move is recorded for `(is Cycle)`
    /// (see `semantics::detects_cycles`).
    detects_cycles: bool,
}

/// A move rule and the consequences its moves carry.
#[derive(Clone, Debug)]
struct Rule {
    moves: Moves,
    thens: Vec<Effect>,
    /// The die its moves use, inside `(forEach Die ...)`.
    die: Option<u8>,
    /// Inside a `(do ... ifAfterwards:...)`: how many of `thens` (the first
    /// ones) are inside the `do`, and so applied when its test is made.
    in_do_test: Option<usize>,
    /// The effects of the `(do PRIOR next:...)` around it (outermost
    /// first), applied before its move's own actions.
    priors: Vec<Effect>,
    /// Inside a `(do ... ifAfterwards:...)`: how many of `priors` (the first
    /// ones) are outside it, and so already applied where its test is made.
    priors_before_do_test: Option<usize>,
}

/// Where a move rule sits, for [`collect_rules`].
#[derive(Clone, Copy, Debug, Default)]
struct Scope<'a> {
    /// The die of the `(forEach Die ...)` around it.
    die: Option<u8>,
    /// Inside a `(do ...)`: how many composite thens were outside it.
    do_boundary: Option<usize>,
    /// The priors of the `(do ... next:...)` around it, outermost first.
    priors: &'a [Effect],
    /// Inside a `(do ... ifAfterwards:...)`: how many priors were outside it.
    do_prior_boundary: Option<usize>,
}

impl Interpreter {
    pub fn new(model: GameModel) -> Self {
        let mut rules = Vec::new();
        for phase in &model.phases {
            collect_rules(&phase.play, &[], Scope::default(), &mut rules);
            let ends = phase.end.iter().chain(&model.end);
            for c in ends
                .map(|e| &e.condition)
                .chain(phase.next.iter().flat_map(|n| &n.condition))
            {
                collect_in_cond(c, &mut rules);
            }
        }
        let orthogonal = model.board.orthogonal_headings();
        // Ludii's Filter playout, or its No-Repetition playout: both draw
        // a move before its test and test only the drawn move.
        let filter_phases = crate::analyse::filter::phases(&model)
            .iter()
            .zip(crate::analyse::filter::no_repetition_phases(&model))
            .map(|(shape, no_repetition)| shape.is_some() || no_repetition)
            .collect();
        let all_pass_draw = crate::semantics::all_pass_draw(&model);
        let detects_cycles = crate::semantics::detects_cycles(&model);
        let mut interp = Interpreter {
            all_pass_draw,
            detects_cycles,
            model,
            rules,
            orthogonal,
            start_sites: Vec::new(),
            filter_phases,
        };
        interp.start_sites = crate::semantics::start_sites(&interp.model);
        interp
    }

    /// The board sites each component (index: `what`, 0 for empty)
    /// occupies once the start rules are applied (`(sites Start ...)`).
    pub fn start_sites(&self) -> &[Vec<Site>] {
        &self.start_sites
    }

    /// Turns the optimised playout variants off: every playout step lists
    /// the legal moves (Ludii's standard playout), for comparing the two.
    pub fn standard_playouts(mut self) -> Self {
        self.filter_phases.iter_mut().for_each(|on| *on = false);
        self
    }

    /// Whether some phase plays the Filter playout.
    pub fn filters(&self) -> bool {
        self.filter_phases.iter().any(|&on| on)
    }

    pub fn model(&self) -> &GameModel {
        &self.model
    }

    /// A hand-made position: an empty board with `pieces` (site, component)
    /// placed, and `mover` to move after `moves` moves. Component `n` is
    /// Ludii's `what` (1-based): in most games player p's first piece type is
    /// component p. Used to test rules on chosen positions.
    pub fn position(&self, pieces: &[(Site, u8)], mover: Player, moves: u32) -> State {
        let mut state = self.initial_state();
        state.what.iter_mut().for_each(|w| *w = 0);
        state.owner.iter_mut().for_each(|o| *o = 0);
        state.count.iter_mut().for_each(|c| *c = 0);
        for &(site, what) in pieces {
            self.place(&mut state, site, what);
        }
        state.last_to = None;
        state.last_from = None;
        state.mover = mover;
        state.prev = if moves == 0 {
            0
        } else {
            self.previous_player(&state, mover)
        };
        state.moves = moves;
        state.turns = moves + 1;
        // The hand-made position is the only one seen so far.
        state.seen.clear();
        state.seen_in_turn.clear();
        self.record_position(&mut state);
        state
    }

    /// Puts component `what` (1-based) with state `piece_state` on a site of
    /// the board's default type, replacing what is there (on top of the
    /// stack in a stacking game): for building hand-made positions.
    pub fn set_piece(&self, state: &mut State, site: Site, what: u8, piece_state: u8) {
        if self.model.stacking {
            self.push(state, site, what, piece_state);
        } else {
            self.put(state, self.model.board.site_type, site, what, piece_state);
        }
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

    /// The rule a move was made by (none for passes and swaps).
    fn rule_of(&self, mv: Move) -> Option<u16> {
        match mv {
            Move::Add { rule, .. }
            | Move::Piece { rule, .. }
            | Move::Effect { rule, .. }
            | Move::Count { rule, .. }
            | Move::Select { rule, .. }
            | Move::SelectTo { rule, .. }
            | Move::Remove { rule, .. }
            | Move::Promote { rule, .. }
            | Move::Propose { rule }
            | Move::Vote { rule }
            | Move::PassThen { rule } => Some(rule),
            Move::Pass | Move::Swap => None,
        }
    }

    /// How many dice the game has.
    fn num_dice(&self) -> usize {
        self.model.dice.as_ref().map_or(0, |d| d.faces.len())
    }

    /// Whether `mover`'s phase rolls the dice before its moves in `state`.
    fn roll_due(&self, state: &State, mover: Player) -> bool {
        let phase = &self.model.phases[state.phase[mover as usize] as usize];
        match &phase.roll {
            None => false,
            Some(roll) => roll
                .when
                .as_ref()
                .is_none_or(|c| self.eval_cond(state, mover, &Ctx::default(), c)),
        }
    }

    /// `state` after the roll `mover`'s phase makes before its moves (the
    /// dice show the chance outcome), or `None` when there is none.
    pub(super) fn rolled(&self, state: &State, mover: Player) -> Option<State> {
        if !self.roll_due(state, mover) {
            return None;
        }
        let mut rolled = state.clone();
        rolled.dice.clone_from(&state.chance);
        if let Some(dice) = &self.model.dice {
            // Ludii's ActionUpdateDice then ActionSetDiceAllEqual.
            rolled.current = dice
                .faces
                .iter()
                .zip(&rolled.dice)
                .map(|(faces, &f)| faces[f as usize])
                .collect();
            rolled.dice_equal = rolled.current.windows(2).all(|w| w[0] == w[1]);
        }
        Some(rolled)
    }

    /// `(count Pips)`: the sum of the values the dice show.
    pub(super) fn pips_sum(&self, state: &State) -> i64 {
        let Some(dice) = &self.model.dice else {
            return 0;
        };
        dice.faces
            .iter()
            .zip(&state.dice)
            .map(|(faces, &f)| faces[f as usize])
            .sum()
    }

    /// Whether the swap move is offered now: on the second move of the game,
    /// when the previous move was another player's.
    pub(super) fn swap_allowed(&self, state: &State) -> bool {
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
        let n = self.model.total_sites();
        let players = self.model.num_players as u32;
        let board = &self.model.board;
        let elements = [SiteType::Vertex, SiteType::Edge, SiteType::Cell].map(|ty| {
            if ty == board.site_type {
                Vec::new()
            } else {
                vec![0; board.count(ty)]
            }
        });
        let mut state = State {
            what: vec![0; n],
            owner: vec![0; n],
            state: vec![0; n],
            count: vec![0; n],
            stacks: if self.model.stacking {
                vec![Vec::new(); n]
            } else {
                Vec::new()
            },
            elements,
            scores: [0; MAX_PLAYERS + 1],
            vars: vec![-1; self.model.vars.len()],
            remembered: {
                let mut lists = vec![Vec::new(); self.model.remembered.len()];
                for (list, values) in &self.model.start_remembered {
                    lists[*list as usize].clone_from(values);
                }
                lists
            },
            player_values: [-1; MAX_PLAYERS + 1],
            last_from: None,
            recent: [(SiteRef::NONE, SiteRef::NONE); 2],
            triggers: 0,
            stalemated: 0,
            again: false,
            next_is: None,
            next_set: false,
            to_clear: Vec::new(),
            counter: -1,
            propositions: Vec::new(),
            votes: Vec::new(),
            decided: None,
            pending: Vec::new(),
            last_to_after: None,
            decision_to: None,
            decision_from: None,
            mover: 1,
            prev: 0,
            phase: std::array::from_fn(|p| match p {
                0 => 0,
                p if p <= self.model.num_players as usize => {
                    self.model.initial_phase(p as u8) as u8
                }
                _ => 0,
            }),
            moves: 0,
            turns: 1,
            moves_this_turn: 0,
            last_to: None,
            history: Vec::new(),
            seen: Vec::new(),
            seen_in_turn: Vec::new(),
            do_test: false,
            active: ((1u32 << (players + 1)) - 1) & !1,
            winners: 0,
            losers: 0,
            ranking: [0.0; MAX_PLAYERS],
            swapped: false,
            outcome: None,
            visited: if self.model.ludii_flags.visited {
                vec![false; n]
            } else {
                Vec::new()
            },
            dice: vec![0; self.num_dice()],
            chance: vec![0; self.num_dice()],
            // Ludii places each die showing its first face.
            current: self
                .model
                .dice
                .iter()
                .flat_map(|d| d.faces.iter().map(|f| f[0]))
                .collect(),
            dice_equal: false,
            pips: None,
        };
        for placement in &self.model.start {
            let what = placement.component as u8 + 1;
            if !placement.stacked.is_empty() {
                for (&site, &n) in placement.sites.iter().zip(&placement.stacked) {
                    for _ in 0..n {
                        self.push(&mut state, site, what, 0);
                    }
                }
                continue;
            }
            for &site in &placement.sites {
                self.put(&mut state, board.site_type, site, what, placement.state);
                state.count[site as usize] = placement.count;
            }
        }
        self.record_position(&mut state);
        state
    }

    fn legal_moves(&self, state: &State, out: &mut MoveBuffer<Move>) {
        out.clear();
        let phase = &self.model.phases[state.phase[state.mover as usize] as usize];
        let rolled = self.rolled(state, state.mover);
        let state = rolled.as_ref().unwrap_or(state);
        self.generate(state, state.mover, &Ctx::default(), &phase.play, out);
        if self.swap_allowed(state) {
            out.push(Move::Swap);
        }
        // Ludii's `Trial.setLegalMoves`: the meta rules remove moves.
        if self.no_repeat().is_some() {
            out.retain(|&mv| !self.repeats(state, mv));
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    fn apply(&self, state: &mut State, mv: Move) {
        // The roll's actions come first in every move the rolled dice
        // allow, and in the pass forced when they allow none (Ludii's
        // `Do.prependPreMoves` in a game with dice).
        if let Some(rolled) = self.rolled(state, state.mover) {
            *state = rolled;
        }
        // The `do`'s consequences also follow the pass it forces.
        let phase = &self.model.phases[state.phase[state.mover as usize] as usize];
        let pass_then = match (mv, phase.roll.as_ref().and_then(|r| r.then.as_ref())) {
            (Move::Pass, Some(then)) => {
                let mut out = MoveBuffer::new();
                self.generate(state, state.mover, &Ctx::default(), &phase.play, &mut out);
                out.is_empty().then_some(then)
            }
            _ => None,
        };
        // A move made with a die: its effects see the die's value as `(pips)`.
        state.pips = self
            .rule_of(mv)
            .and_then(|r| self.rules.get(r as usize))
            .and_then(|r| r.as_ref()?.die)
            .map(|d| state.current[d as usize]);
        state.recent[1] = state.recent[0];
        state.recent[0] = ludemic_runtime::move_sites(self.move_key(mv));
        self.apply_move(state, mv, pass_then);
        state.pips = None;
    }

    fn chance(&self, state: &State) -> Vec<(u32, u32)> {
        match &self.model.dice {
            Some(dice) if self.roll_due(state, state.mover) => dice
                .faces
                .iter()
                .enumerate()
                .map(|(d, faces)| (dice.first as u32 + d as u32, faces.len() as u32))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn force_chance(&self, state: &mut State, faces: &[(u32, u32)]) {
        let Some(dice) = &self.model.dice else {
            return;
        };
        for &(site, face) in faces {
            let d = site.wrapping_sub(dice.first as u32) as usize;
            if let (Some(c), Some(f)) = (state.chance.get_mut(d), dice.faces.get(d)) {
                *c = face.min(f.len() as u32 - 1) as u8;
            }
        }
    }

    fn status(&self, state: &State) -> Status {
        match state.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::Ongoing { mover: state.mover },
        }
    }

    /// Ludii's Filter playout where the analysis chose it, else the
    /// standard one: the same distribution either way.
    fn random_move<R: RngCore>(
        &self,
        state: &State,
        rng: &mut R,
        buffer: &mut MoveBuffer<Move>,
    ) -> Move {
        if self.filters() {
            ludemic_runtime::filtered_move(self, state, rng, buffer)
        } else {
            self.legal_moves(state, buffer);
            buffer[rng.index(buffer.len())]
        }
    }

    fn playout<R: RngCore>(&self, state: &mut State, rng: &mut R) -> PlayoutResult {
        let mut buffer = MoveBuffer::new();
        if self.filters() {
            ludemic_runtime::filter_playout(self, state, rng, &mut buffer)
        } else {
            ludemic_runtime::standard_playout(self, state, rng, &mut buffer)
        }
    }

    fn moves_played(&self, state: &State) -> u32 {
        state.moves
    }

    fn promoted_to(&self, mv: Move) -> Option<u32> {
        match mv {
            // Ludii numbers the dice's components before the pieces.
            Move::Promote { what, .. } => Some(what as u32 + self.num_dice() as u32),
            _ => None,
        }
    }

    fn decision_of(&self, mv: Move) -> Option<u32> {
        match mv {
            Move::Propose { rule } | Move::Vote { rule } => match self.rules.get(rule as usize) {
                Some(Some(Rule {
                    moves: Moves::Propose { proposition: v, .. } | Moves::Vote { vote: v, .. },
                    ..
                })) => Some(u32::from(*v)),
                _ => None,
            },
            _ => None,
        }
    }

    fn move_key(&self, mv: Move) -> MoveKey {
        match mv {
            Move::Add { site, rule, .. } => {
                let ty = match self.rules.get(rule as usize) {
                    Some(Some(Rule {
                        moves: Moves::Add(add),
                        ..
                    })) => add.site_type,
                    _ => self.model.board.site_type,
                };
                MoveKey {
                    to: self.site_ref(ty, site),
                    ..MoveKey::place(site as u32)
                }
            }
            Move::Effect { to, .. } => MoveKey::place(to as u32),
            Move::Select { site, .. } | Move::Remove { site, .. } | Move::Promote { site, .. } => {
                MoveKey {
                    to: self.site_ref(self.model.board.site_type, site),
                    ..MoveKey::place(site as u32)
                }
            }
            // Ludii's key names no "from" for a one-site action: a
            // Select whose two sites are one reads as a placement.
            Move::SelectTo { from, to, .. } if from == to => MoveKey {
                to: self.site_ref(self.model.board.site_type, to),
                ..MoveKey::place(to as u32)
            },
            Move::Piece { from, to, .. }
            | Move::Count { from, to, .. }
            | Move::SelectTo { from, to, .. } => MoveKey {
                from: self.site_ref(self.model.board.site_type, from),
                to: self.site_ref(self.model.board.site_type, to),
                ..MoveKey::step(from as u32, to as u32)
            },
            // Ludii's ActionPropose and ActionVote have no site: `-1>-1`.
            Move::Propose { .. } | Move::Vote { .. } => MoveKey {
                to: ludemic_runtime::SiteRef::NONE,
                ..MoveKey::place(0)
            },
            Move::Pass | Move::PassThen { .. } => MoveKey::PASS,
            Move::Swap => MoveKey::SWAP,
        }
    }
}

impl Interpreter {
    /// Ludii's `Game.apply` for one move (docs/ludii-semantics.md §9.1): the
    /// move's actions and consequences, the end rules, the limits, the phase
    /// change, then the next mover.
    /// `pass_then`: the consequences of a forced pass after a roll.
    fn apply_move(&self, state: &mut State, mv: Move, pass_then: Option<&Effect>) {
        let mover = state.mover;
        state.pending.clear();
        let mut move_again = self.apply_actions(state, mv);
        if let Some(then) = pass_then {
            move_again |= self.run_effect(state, &Ctx::default(), then);
        }
        if std::mem::take(&mut state.next_set) {
            move_again = state.again;
        }
        if !mv.is_pass() {
            state.stalemated &= !(1 << mover);
        }
        // After `moveAgain`, Ludii's `Next` is the mover (end rules see it so).
        state.again = move_again;
        let active_before = state.active;
        self.evaluate_end(state, mover);
        if state.active != 0 && self.limit_reached(state) {
            let reason = if state.moves >= MOVE_LIMIT {
                EndReason::MoveLimit
            } else {
                EndReason::TurnLimit
            };
            self.draw_all(state, reason);
        }
        // `Game.applyInternal` moves players to their next phases before
        // it makes the mover `Prev`: `(nextPhase (is Prev Mover) ...)`
        // still sees the previous move's mover.
        if state.outcome.is_none() {
            self.advance_phases(state, mover);
        }
        state.prev = mover;
        // Ludii's `Game.apply` counts the move after its end rules and phases.
        state.counter += 1;
        if state.outcome.is_some() {
            return;
        }
        let next = if move_again && state.is_active(mover) {
            mover
        } else {
            ludemic_runtime::results::next_mover(
                self.model.num_players,
                mover,
                active_before,
                state.active,
                state.winners,
            )
        };
        if next != mover || mv == Move::Swap {
            state.turns += 1;
            state.moves_this_turn = 0;
        } else {
            state.moves_this_turn += 1;
        }
        // `Game.applyInternal` with `GameType.Visited`: a new turn forgets
        // the visited sites, a turn going on visits the move's from and to.
        if !state.visited.is_empty() {
            if next != mover {
                state.visited.iter_mut().for_each(|v| *v = false);
            } else {
                let (from, to) = self.decision_sites(state);
                for s in [from, to].into_iter().flatten() {
                    if let Some(v) = state.visited.get_mut(s as usize) {
                        *v = true;
                    }
                }
            }
        }
        state.mover = next;
        // Ludii's `next` is the following player again once the turn goes
        // on (`Game.apply` recomputes it after switching the mover).
        state.again = false;
        self.record_position(state);
        self.record_cycle(state);
    }

    /// Ludii's `Move.apply`: the move's actions and consequences, without
    /// end rules or turn change; returns whether the mover moves again.
    pub(super) fn apply_actions(&self, state: &mut State, mv: Move) -> bool {
        let mover = state.mover;
        let mut move_again = false;
        // The priors of a pass follow the stalemate test below.
        let mut prior_again = !mv.is_pass() && self.run_priors(state, mv);
        match mv {
            Move::Add { site, what, rule } => {
                let ctx = Ctx {
                    from: Some(site),
                    to: Some(site),
                    ..Ctx::default()
                };
                // A `(move Add ...)` may stack, give a state or place on
                // edges; a `(move Shoot ...)` places plainly.
                match self.rules.get(rule as usize) {
                    Some(Some(Rule {
                        moves: Moves::Add(add),
                        ..
                    })) => {
                        let piece_state = add.state.as_ref().map_or(0, |n| {
                            self.eval_int(state, mover, &ctx, n).clamp(0, 255) as u8
                        });
                        if add.stack {
                            self.push(state, site, what, piece_state);
                        } else {
                            self.put(state, add.site_type, site, what, piece_state);
                        }
                    }
                    _ => self.put(state, self.model.board.site_type, site, what, 0),
                }
                move_again = self.played_at(state, mover, rule, site);
            }
            Move::Effect { rule, site, to } => {
                let Some(Some(Rule {
                    moves: Moves::Append { effect, .. },
                    ..
                })) = self.rules.get(rule as usize)
                else {
                    unreachable!("merged move {rule} has an append rule");
                };
                let ctx = Ctx {
                    site: Some(site),
                    to: Some(site),
                    ..Ctx::default()
                };
                move_again = self.run_effect(state, &ctx, effect);
                state.last_to = Some(to);
                state.last_from = Some(to);
                state.history.push((mover, false));
                state.moves += 1;
                move_again |= self.run_consequences(state, rule, &ctx);
            }
            Move::Piece {
                rule,
                from,
                to,
                dir,
            } => {
                match self.rules.get(rule as usize) {
                    Some(Some(Rule {
                        moves: Moves::Move(m),
                        ..
                    })) => self.move_piece(state, m, from, to, dir),
                    Some(Some(Rule {
                        moves: Moves::SwapPieces { .. },
                        ..
                    })) => self.swap_pieces(state, from, to),
                    _ => unreachable!("piece move {rule} has a piece-move or swap rule"),
                }
                move_again = self.played(state, mover, rule, from, to);
            }
            Move::Count {
                rule,
                from,
                to,
                count,
            } => {
                // The destination's effect (`(to ... (apply E))`) comes first.
                if let Some(Some(Rule {
                    moves: Moves::Move(m),
                    ..
                })) = self.rules.get(rule as usize)
                {
                    if let Some(apply) = &m.to_apply {
                        let ctx = Ctx {
                            from: Some(from),
                            to: Some(to),
                            ..Ctx::default()
                        };
                        self.run_effect(state, &ctx, apply);
                    }
                }
                self.move_count(state, from, to, count);
                move_again = self.played(state, mover, rule, from, to);
            }
            Move::Select { rule, site } => {
                // Ludii's ActionSelect changes nothing: its consequences do.
                move_again = self.played_at(state, mover, rule, site);
            }
            Move::SelectTo { rule, from, to } => {
                move_again = self.played(state, mover, rule, from, to);
            }
            Move::Remove { rule, site } => {
                // Ludii's ActionRemove empties the site (the top of a stack).
                self.clear(state, site);
                move_again = self.played_at(state, mover, rule, site);
            }
            Move::Promote { rule, site, what } => {
                self.promote_at(state, site, what);
                move_again = self.played_at(state, mover, rule, site);
            }
            Move::Propose { rule } | Move::Vote { rule } => {
                let effect = match self.rules.get(rule as usize) {
                    Some(Some(Rule {
                        moves: Moves::Propose { proposition, .. },
                        ..
                    })) => {
                        state.propositions.push(*proposition);
                        None
                    }
                    Some(Some(Rule {
                        moves: Moves::Vote { vote, .. },
                        ..
                    })) => Some(Effect::Vote(*vote)),
                    _ => unreachable!("move {rule} has a propose or vote rule"),
                };
                if let Some(e) = effect {
                    self.run_effect(state, &Ctx::default(), &e);
                }
                // No site: the last move's sites are none.
                state.last_to = None;
                state.last_from = None;
                state.last_to_after = None;
                state.history.push((mover, false));
                state.moves += 1;
                move_again = self.run_consequences(state, rule, &Ctx::default());
            }
            Move::Pass | Move::PassThen { .. } => {
                // Ludii's stalemated flag: the mover passed with no other move.
                if !self.has_moves(state, mover, state.prev) {
                    state.stalemated |= 1 << mover;
                }
                prior_again = self.run_priors(state, mv);
                state.last_to = None;
                state.last_from = None;
                state.last_to_after = None;
                state.history.push((mover, true));
                state.moves += 1;
                if let Move::PassThen { rule } = mv {
                    move_again = self.run_consequences(state, rule, &Ctx::default());
                }
            }
            Move::Swap => {
                // Pieces and roles stay; the agents behind roles 1 and 2 trade places
                // and role 2 moves again (Ludii appends SetNextPlayer(mover)).
                state.last_to = None;
                state.last_from = None;
                state.last_to_after = None;
                state.history.push((mover, false));
                state.moves += 1;
                state.swapped = !state.swapped;
                move_again = true;
            }
        }
        move_again |= prior_again;
        // Ludii's `Move.apply` for a game with sequence captures: once the
        // turn ends (no `moveAgain`), the marked pieces leave.
        if !move_again {
            for s in std::mem::take(&mut state.to_clear) {
                self.clear(state, s);
            }
        }
        move_again
    }

    /// The effects of the `(do PRIOR next:...)` rules around the move's rule,
    /// outermost first (Ludii prepends their actions to the move's); inside
    /// an `ifAfterwards:` test, only those inside the tested `do` (the state
    /// tested already has the others). Returns whether one says `moveAgain`.
    fn run_priors(&self, state: &mut State, mv: Move) -> bool {
        let Some(Some(r)) = self
            .rule_of(mv)
            .and_then(|rule| self.rules.get(rule as usize))
        else {
            return false;
        };
        let priors = match r.priors_before_do_test {
            Some(n) if state.do_test => &r.priors[n.min(r.priors.len())..],
            _ => &r.priors[..],
        };
        priors.iter().fold(false, |again, e| {
            self.run_effect(state, &Ctx::default(), e) | again
        })
    }

    /// Records a move made at `site` alone (a placement, a removal) and runs
    /// its rule's consequences there; returns whether the mover moves again.
    fn played_at(&self, state: &mut State, mover: Player, rule: u16, site: Site) -> bool {
        self.played(state, mover, rule, site, site)
    }

    /// Records a move from `from` to `to` and runs its rule's consequences
    /// there; returns whether the mover moves again.
    fn played(&self, state: &mut State, mover: Player, rule: u16, from: Site, to: Site) -> bool {
        state.last_to = Some(to);
        state.last_from = Some(from);
        state.history.push((mover, false));
        state.moves += 1;
        // Ludii evaluates consequences with the context's `to` left as move
        // generation restored it (`Constants.OFF`): `(to)` in a consequence
        // is no site unless the consequence sets it.
        let ctx = Ctx {
            from: Some(from),
            to: None,
            ..Ctx::default()
        };
        state.decision_to = Some(to);
        state.decision_from = Some(from);
        let again = self.run_consequences(state, rule, &ctx);
        state.decision_to = None;
        state.decision_from = None;
        again
    }

    /// The `then` consequences of a rule's move, in order; returns whether
    /// the mover moves again.
    fn run_consequences(&self, state: &mut State, rule: u16, ctx: &Ctx) -> bool {
        let Some(Some(r)) = self.rules.get(rule as usize) else {
            return false;
        };
        // Ludii's ActionUseDie follows the move's own actions.
        if let Some(d) = r.die {
            state.current[d as usize] = 0;
        }
        // Ludii tests a `(do ...)`'s condition before its own consequences.
        let thens = match r.in_do_test {
            Some(n) if state.do_test => &r.thens[..n.min(r.thens.len())],
            _ => &r.thens[..],
        };
        thens
            .iter()
            .fold(false, |again, e| self.run_effect(state, ctx, e) | again)
    }

    /// A piece move's own actions in Ludii's order: effects on the sites
    /// jumped (`between (apply ...)`), on the destination (`to (apply ...)`),
    /// then the piece moves, replacing whatever stands on `to`.
    fn move_piece(&self, state: &mut State, m: &PieceMove, from: Site, to: Site, dir: u8) {
        let ctx = Ctx {
            from: Some(from),
            to: Some(to),
            ..Ctx::default()
        };
        if let Reach::FromTo { count: Some(n), .. } = &m.reach {
            // Ludii's ActionMoveN: N pieces of the count at `from`, after
            // the destination's effect.
            let n = self.eval_int(state, state.mover, &ctx, n).max(0) as u32;
            if let Some(apply) = &m.to_apply {
                self.run_effect(state, &ctx, apply);
            }
            self.move_count(state, from, to, n);
            state.last_from = Some(from);
            state.last_to = Some(to);
            return;
        }
        let mut to_apply = m.to_apply.as_ref();
        if matches!(m.reach, Reach::TrackSlide { .. }) && dir != 0 {
            // A track slide's plain landing (its `toRule`) carries no effect.
            to_apply = None;
        }
        let mut to_ctx = ctx;
        if let Reach::Hop {
            distance,
            most,
            between_apply,
            ..
        } = &m.reach
        {
            let n = self.eval_int(state, state.mover, &ctx, distance);
            if n == 0 && most.is_none() {
                // Ludii's step branch of Hop carries no landing effect.
                to_apply = None;
            } else if between_apply.is_some() || (to_apply.is_some() && most.is_none()) {
                let d = m.directions[dir as usize];
                let at_from = Ctx {
                    from: Some(from),
                    ..Ctx::default()
                };
                // The jumped sites are found again as the moving piece's
                // owner generated them (a piece move is its owner's).
                let owner = match state.owner[from as usize] {
                    0 => state.mover,
                    p => p,
                };
                let jumped = self
                    .hop_landings(state, owner, &at_from, m, from, d)
                    .into_iter()
                    .find(|l| l.to == to)
                    .map(|l| l.jumped)
                    .unwrap_or_default();
                // Ludii's `Hop` evaluates the landing effect with the
                // context's `(between)` at the hurdle it tested last: with
                // a hurdle of one site (no range), that site.
                if most.is_none() {
                    to_ctx.between = jumped.last().copied();
                }
                // Ludii prepends each hurdle's effect: the last hurdle's comes first.
                if let Some(apply) = between_apply {
                    for &b in jumped.iter().rev() {
                        let at = Ctx {
                            between: Some(b),
                            ..ctx
                        };
                        self.run_effect(state, &at, apply);
                    }
                }
            }
        }
        if let Some(apply) = to_apply {
            self.run_effect(state, &to_ctx, apply);
        }
        self.relocate(state, from, to);
    }

    /// Ludii's `SwapPieces`: the piece on `a` moves to `b` (`ActionMove`),
    /// then the piece that stood on `b` is added on `a` (`ActionAdd`).
    fn swap_pieces(&self, state: &mut State, a: Site, b: Site) {
        let what_b = state.what[b as usize];
        self.relocate(state, a, b);
        self.put(state, self.model.board.site_type, a, what_b, 0);
    }

    /// Ludii's `ActionMove` of the piece on `from` to `to`.
    fn relocate(&self, state: &mut State, from: Site, to: Site) {
        let (f, t) = (from as usize, to as usize);
        let (what, owner, piece_state) = (state.what[f], state.owner[f], state.state[f]);
        // Ludii's ActionMove: one piece of a count leaves its site, which
        // empties with the last; it joins a count of the same component
        // where the game counts, else replaces what is there.
        if state.count[f] > 1 {
            state.count[f] -= 1;
        } else {
            state.what[f] = 0;
            state.owner[f] = 0;
            state.state[f] = 0;
            state.count[f] = 0;
        }
        if self.model.requires_count && state.what[t] == what && state.count[t] > 0 {
            state.count[t] += 1;
        } else {
            state.count[t] = 1;
        }
        state.what[t] = what;
        state.owner[t] = owner;
        state.state[t] = piece_state;
        if self.model.stacking {
            // The top piece moves onto the destination's stack.
            let top = state.stacks[f].pop();
            state.stacks[t].extend(top);
            self.sync_top(state, from);
            self.sync_top(state, to);
        }
        state.last_from = Some(from);
        state.last_to = Some(to);
        state.last_to_after = Some(to);
    }

    /// `place` for hand-made positions: `what` on a default-type site.
    fn place(&self, state: &mut State, site: Site, what: u8) {
        self.put(state, self.model.board.site_type, site, what, 0);
        state.last_to = Some(site);
    }

    /// Ludii's `ActionAdd` without stacking: `what` (with `piece_state`) on
    /// element `site` of type `ty`, replacing any piece there.
    pub(super) fn put(
        &self,
        state: &mut State,
        ty: SiteType,
        site: Site,
        what: u8,
        piece_state: u8,
    ) {
        let s = site as usize;
        if ty != self.model.board.site_type {
            state.elements[state::type_slot(ty)][s] = what;
        } else if self.model.stacking {
            state.stacks[s].clear();
            state.stacks[s].push(what);
            state.what[s] = what;
            state.owner[s] = self.owner_of(what);
            state.state[s] = piece_state;
        } else {
            // Ludii's ActionAdd: a count grows where the game counts pieces.
            state.count[s] = if self.model.requires_count && state.what[s] == what && what != 0 {
                state.count[s] + 1
            } else {
                u32::from(what != 0)
            };
            state.what[s] = what;
            state.owner[s] = self.owner_of(what);
            state.state[s] = piece_state;
        }
        state.last_to_after = Some(site);
    }

    /// `(move Add ... stack:True)`: `what` goes on top of the stack at `site`.
    pub(super) fn push(&self, state: &mut State, site: Site, what: u8, piece_state: u8) {
        let s = site as usize;
        state.stacks[s].push(what);
        state.what[s] = what;
        state.owner[s] = self.owner_of(what);
        state.state[s] = piece_state;
        state.last_to_after = Some(site);
    }

    /// Clears the piece on a default-type site (the top of its stack).
    pub(super) fn clear(&self, state: &mut State, site: Site) {
        let s = site as usize;
        state.what[s] = 0;
        state.owner[s] = 0;
        state.state[s] = 0;
        state.count[s] = 0;
        if self.model.stacking {
            state.stacks[s].pop();
            self.sync_top(state, site);
        }
        state.last_to_after = Some(site);
    }

    /// In a stacking game, makes `what`/`owner` describe the top of the stack.
    pub(super) fn sync_top(&self, state: &mut State, site: Site) {
        let s = site as usize;
        let top = state.stacks[s].last().copied().unwrap_or(0);
        state.what[s] = top;
        state.owner[s] = self.owner_of(top);
        if top == 0 {
            state.state[s] = 0;
        }
    }

    /// The owner of component `what` (0 for none or a shared piece).
    pub(super) fn owner_of(&self, what: u8) -> Player {
        match what {
            0 => 0,
            w => self.model.components[w as usize - 1].owner,
        }
    }

    /// A key's site: plain for the board's default type, typed otherwise
    /// (a hand's sites are Cells, as Ludii writes them).
    fn site_ref(&self, ty: SiteType, site: Site) -> ludemic_runtime::SiteRef {
        use ludemic_runtime::SiteKind;
        let board_type = self.model.board.site_type;
        let ty = if ty == board_type && self.model.hand_of(site).is_some() {
            SiteType::Cell
        } else {
            ty
        };
        let kind = if ty == board_type {
            SiteKind::Default
        } else {
            match ty {
                SiteType::Cell => SiteKind::Cell,
                SiteType::Edge => SiteKind::Edge,
                SiteType::Vertex => SiteKind::Vertex,
            }
        };
        ludemic_runtime::SiteRef {
            kind,
            index: site as i32,
        }
    }

    /// `(nextPhase ...)`: each player whose current phase has a rule that fires
    /// moves to that rule's phase. Conditions see the state after the move.
    fn advance_phases(&self, state: &mut State, mover: Player) {
        for p in 1..=self.model.num_players as usize {
            let current = state.phase[p] as usize;
            for rule in &self.model.phases[current].next {
                let concerned = rule
                    .who
                    .is_none_or(|w| self.resolve(state, mover, w) as usize == p);
                if !concerned {
                    continue;
                }
                let fires = match &rule.condition {
                    None => true,
                    Some(c) => self.eval_cond(state, mover, &Ctx::default(), c),
                };
                if fires {
                    state.phase[p] = rule.target as u8;
                    break;
                }
            }
        }
    }

    /// The last move's own `from` and `to` (Ludii's `fromNonDecision` and
    /// `toNonDecision`), board sites only: none for a pass or a swap.
    pub(super) fn decision_sites(&self, state: &State) -> (Option<Site>, Option<Site>) {
        // While a move's consequences run (also on a copy probed by a
        // test): that move's own.
        if state.decision_to.is_some() {
            return (state.decision_from, state.decision_to);
        }
        let site = |r: SiteRef| {
            (r.kind == ludemic_runtime::SiteKind::Default && r.index >= 0)
                .then_some(r.index as Site)
        };
        (site(state.recent[0].0), site(state.recent[0].1))
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

/// Records every move rule in `moves` by number, with the consequences of
/// the composites around it (`outer`, innermost first), including the
/// generators nested in `(sites Winning ...)`.
fn collect_rules(moves: &Moves, outer: &[Effect], scope: Scope, out: &mut Vec<Option<Rule>>) {
    let die = scope.die;
    let mut record = |rule: u16, then: &Option<Effect>| {
        let slot = rule as usize;
        if out.len() <= slot {
            out.resize(slot + 1, None);
        }
        let thens = then.iter().chain(outer.iter().rev()).cloned().collect();
        let in_do_test = scope
            .do_boundary
            .map(|b| usize::from(then.is_some()) + outer.len() - b);
        out[slot] = Some(Rule {
            moves: moves.clone(),
            thens,
            die,
            in_do_test,
            priors: scope.priors.to_vec(),
            priors_before_do_test: scope.do_prior_boundary,
        });
        // The generators a consequence tests (`(if (can Move ...) ...)`),
        // whose moves a `(no Repeat)` check applies.
        if let Some(e) = then {
            collect_in_effect(e, out);
        }
    };
    match moves {
        Moves::Die {
            die,
            condition,
            moves,
        } => {
            if let Some(c) = condition {
                collect_in_cond(c, out);
            }
            collect_rules(
                moves,
                outer,
                Scope {
                    die: Some(*die),
                    ..scope
                },
                out,
            );
        }
        Moves::Add(add) => {
            record(add.rule, &add.then);
            collect_in_region(&add.to, out);
        }
        Moves::Move(m) => {
            record(m.rule, &m.then);
            if let Some(from) = &m.from {
                collect_in_region(from, out);
            }
        }
        Moves::Append { rule, then, .. } => record(*rule, then),
        Moves::Select(s) => {
            record(s.rule, &s.then);
            collect_in_region(&s.from, out);
        }
        Moves::ForEachSite { region, moves } => {
            collect_in_region(region, out);
            collect_rules(moves, outer, scope, out);
        }
        Moves::Shoot(s) => record(s.rule, &s.then),
        Moves::Pass { rule, then } => record(*rule, then),
        Moves::SwapPieces { rule, then, .. } => record(*rule, then),
        Moves::Propose { rule, then, .. } | Moves::Vote { rule, then, .. } => record(*rule, then),
        Moves::Remove { rule, then, .. } => record(*rule, then),
        Moves::Promote(p) => record(p.rule, &p.then),
        Moves::Do { prior, after } => {
            collect_in_cond(after, out);
            // The `do`'s own consequences (the composites around it) follow
            // its test: the test applies only the thens inside it.
            let inside = Scope {
                do_boundary: Some(outer.len()),
                do_prior_boundary: Some(scope.priors.len()),
                ..scope
            };
            collect_rules(prior, outer, inside, out);
        }
        Moves::DoNext { prior, next } => {
            collect_in_effect(prior, out);
            let mut priors = scope.priors.to_vec();
            priors.push(prior.clone());
            let inside = Scope {
                priors: &priors,
                ..scope
            };
            collect_rules(next, outer, inside, out);
        }
        Moves::ForPlayer { moves: inner, .. } | Moves::MaxMoves(inner) => {
            collect_rules(inner, outer, scope, out)
        }
        Moves::ForEachDirection(f) => {
            for c in f.to_if.iter().chain(&f.between_if) {
                collect_in_cond(c, out);
            }
            collect_rules(&f.moves, outer, scope, out);
        }
        Moves::ForEachPiece(rules) | Moves::ForEachPieceIn { rules, .. } => {
            for r in rules {
                collect_rules(&r.moves, outer, scope, out);
            }
        }
        Moves::If {
            condition,
            then,
            otherwise,
        } => {
            collect_in_cond(condition, out);
            collect_rules(then, outer, scope, out);
            if let Some(o) = otherwise {
                collect_rules(o, outer, scope, out);
            }
        }
        Moves::Priority(list) | Moves::Or(list) => {
            list.iter()
                .for_each(|m| collect_rules(m, outer, scope, out));
        }
        Moves::Then(inner, effect) => {
            // `outer` lists the outermost first; this `then` is inside them.
            let mut nested = outer.to_vec();
            nested.push(effect.clone());
            collect_rules(inner, &nested, scope, out);
            collect_in_effect(effect, out);
        }
    }
}

/// Records the move rules the conditions of a consequence generate from.
fn collect_in_effect(effect: &Effect, out: &mut Vec<Option<Rule>>) {
    match effect {
        Effect::If {
            condition,
            then,
            otherwise,
        } => {
            collect_in_cond(condition, out);
            collect_in_effect(then, out);
            if let Some(o) = otherwise {
                collect_in_effect(o, out);
            }
        }
        Effect::Seq(list) => list.iter().for_each(|e| collect_in_effect(e, out)),
        Effect::ForEachSite { region, effect } => {
            collect_in_region(region, out);
            collect_in_effect(effect, out);
        }
        Effect::DoNext { prior, next, then } => {
            for e in [Some(prior), Some(next), then.as_ref()]
                .into_iter()
                .flatten()
            {
                collect_in_effect(e, out);
            }
        }
        _ => {}
    }
}

/// Records the move rules a condition generates from (`(can Move ...)`, the
/// moves of `(is Threatened ...)`): a `(do ...)` among them applies its moves.
fn collect_in_cond(cond: &crate::ir::Cond, out: &mut Vec<Option<Rule>>) {
    use crate::ir::Cond;
    match cond {
        Cond::CanMove(m) => collect_rules(m, &[], Scope::default(), out),
        Cond::Threatened(t) => {
            if let Some(m) = &t.moves {
                collect_rules(m, &[], Scope::default(), out);
            }
        }
        Cond::Not(c) => collect_in_cond(c, out),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| collect_in_cond(c, out)),
        _ => {}
    }
}

fn collect_in_region(region: &Region, out: &mut Vec<Option<Rule>>) {
    match region {
        Region::Union(parts) | Region::Intersection(parts) => {
            parts.iter().for_each(|r| collect_in_region(r, out))
        }
        Region::Difference(a, b) => {
            collect_in_region(a, out);
            collect_in_region(b, out);
        }
        Region::Winning { moves, .. } | Region::MovesSites { moves, .. } => {
            collect_rules(moves, &[], Scope::default(), out)
        }
        Region::Filter(within, _) => collect_in_region(within, out),
        _ => {}
    }
}
