//! What a game needs of the compiled state, and what the code generator
//! cannot compile yet: one walk over the rules. Anything the generator does
//! not compile is refused with a message naming it (the interpreter still
//! runs such games).

use std::collections::BTreeSet;

use crate::board::AbsoluteDirection;
use crate::ir::{
    Cond, Effect, GameModel, IntExpr, Moves, PlayerRef, Reach, Region, SiteExpr, SiteType,
};

/// What a game needs of the generated state beyond pieces on the board's
/// default sites, found by one walk over its rules.
#[derive(Clone, Debug, Default)]
pub struct Features {
    /// The first construct the generator does not compile, if any.
    pub blocker: Option<String>,
    /// Pieces carry a state (`flips`, `state:N`): the largest state any
    /// rule can give, which sizes the per-state bitboards.
    pub max_state: Option<u8>,
    /// Some rule reads or sets a score.
    pub scores: bool,
    /// Some consequence gives the mover another move (`(moveAgain)`,
    /// `(set NextPlayer ...)`, `(swap Players ...)`).
    pub move_again: bool,
    /// Some consequence swaps the players (`(swap Players ...)`): the state
    /// keeps whether the roles' agents are swapped.
    pub swaps_players: bool,
    /// Site types other than the board's default that pieces go on (Dots
    /// and Boxes' edges), in `SiteType` order.
    pub other_types: Vec<SiteType>,
    /// Stacking games: the most pieces a stack holds (the rules' own bound).
    pub stack_capacity: usize,
    /// Some rule reads a player's stalemated flag (`(no Moves P)` for a
    /// player other than `Next`): the flag must be kept.
    pub reads_stalemate: bool,
    /// The directions of the `(is Line ...)` tests that count pieces on
    /// the board (not by level), in order.
    pub line_directions: Vec<AbsoluteDirection>,
    /// Some consequence moves a piece (`(then (fromTo ...))`, Connect
    /// Four's falling disc): the game makes piece moves even without a
    /// piece-move rule.
    pub piece_move_effects: bool,
    /// Some rule reads or sets Ludii's move counter (`(counter)`, `(set
    /// Counter ...)`): the state keeps it.
    pub counter: bool,
    /// Some consequence is `(set State ...)`, which may give an empty site
    /// a state: a piece put there or a removal resets it.
    pub sets_state: bool,
    /// Some rule sets or reads pending values (`(set Pending ...)`, `(is
    /// Pending)`, `(sites Pending)`, `(value Pending)`): the state keeps
    /// them as a set of sites, cleared before each move is applied.
    pub pending: bool,
    /// Some rule proposes, votes or reads a proposal or decision: the state
    /// keeps Ludii's propositions, votes and last decision.
    pub votes: bool,
    /// Some condition is `(is Threatened ...)`: the rules are generated
    /// for the threat test too.
    pub threatens: bool,
    /// Some `(is Loop)` is read outside the end rules.
    pub loop_in_play: bool,
    /// Some rule reads or sets a variable (`(var ...)`, `(set Var ...)`):
    /// the state keeps the game's variables.
    pub vars: bool,
    /// Some rule reads or sets a player's value (`(value Player ...)`,
    /// `(set Value WHO N)`): the state keeps one per player.
    pub player_values: bool,
    /// Some consequence is `(remove ... at:EndOfTurn)`: the state keeps
    /// the marked sites (`(sites ToClear)`), cleared when the turn ends.
    pub to_clear: bool,
}

/// The first construct of `model` this generator does not compile, if any.
pub fn blocker(model: &GameModel) -> Option<String> {
    features(model).blocker
}

/// What the generator must emit for `model` (see [`Features`]).
pub fn features(model: &GameModel) -> Features {
    let default_type = model.board.site_type;
    let mut check = Check {
        default_type,
        num_players: model.num_players,
        found: None,
        max_state: None,
        scores: false,
        move_again: false,
        swaps_players: false,
        other_types: BTreeSet::new(),
        reads_stalemate: false,
        line_directions: BTreeSet::new(),
        piece_move_effects: false,
        counter: false,
        sets_state: false,
        pending: false,
        reads_pieces: false,
        threatens: false,
        loop_in_play: false,
        promotes: false,
        probes_moves: false,
        encloses: false,
        visited: false,
        votes: false,
        piece_from_to: false,
        selects: false,
        requires_count: model.requires_count,
        vars: false,
        cycles: false,
        player_values: false,
        to_clear: false,
        tracks: model
            .tracks
            .iter()
            .map(|t| {
                let closed = t.looped && !t.directed && t.sites.iter().all(|&s| s >= 0);
                (t.name.clone(), t.owner, closed)
            })
            .collect(),
    };
    let mut stack_capacity = 1;
    if model.stacking {
        let adds_only = model
            .phases
            .iter()
            .all(|p| super::stacks::only_adds(&p.play));
        if !adds_only || !model.start.is_empty() {
            check.refuse("stacks changed otherwise than by adding on top, without state");
        }
        match super::stacks::capacity(model) {
            Ok(cap) => stack_capacity = cap,
            Err(why) => check.refuse(&why),
        }
    }
    // Dice: one roll before the moves of the mover's phase; no repetition
    // test reads the dice, nor does any draw but the listed one.
    if model.dice.is_some()
        && (model.no_repeat.is_some() || crate::semantics::detects_cycles(model))
    {
        check.refuse("dice in a game that tests repeated positions");
    }
    if model.no_repeat.is_some_and(|r| r.situational()) {
        check.refuse("`(meta (no Repeat ...))` of a situational repetition type");
    }
    // Hands and counts: the generated state numbers the hands' sites after
    // the board's and keeps a count per site (see `codegen/module.rs`).
    let holds_counts = !model.hands.is_empty() || model.requires_count;
    if holds_counts && model.stacking {
        check.refuse("hands or counts of pieces in a stacking game");
    }
    // Tracks are tables (`codegen/tracks.rs`); the ludemes walking them
    // other than a slide (sowing, `(trackSite ...)`) are refused below.
    if model.tracks.len() > 255 {
        check.refuse("more than 255 tracks");
    }
    if model.votes.len() > 32 {
        check.refuse("more than 32 strings proposed or voted");
    }
    if model.phases.len() > 255 {
        check.refuse("more than 255 phases");
    }
    if model.components.len() > 254 {
        check.refuse("more than 254 kinds of piece");
    }
    for c in &model.components {
        if let Some((a, b)) = c.flips {
            check.state_up_to(a.max(b));
        }
    }
    for p in &model.start {
        if p.state != 0 {
            check.state_up_to(p.state);
        }
    }
    for phase in &model.phases {
        check.moves(&phase.play, false);
        for next in &phase.next {
            if let Some(c) = &next.condition {
                check.cond(c, true);
            }
        }
    }
    let phase_ends = model.phases.iter().flat_map(|p| &p.end);
    for rule in phase_ends.chain(&model.end) {
        if let crate::ir::ResultKind::ByScore { .. } = rule.result {
            check.scores = true;
        }
        for (_, n) in &rule.final_scores {
            check.scores = true;
            check.int(n, true);
        }
        check.cond(&rule.condition, true);
    }
    if model.stacking && check.promotes {
        check.refuse("promotions in a stacking game");
    }
    if model.stacking && check.max_state.is_some() {
        check.refuse("piece states in a stacking game");
    }
    if holds_counts && !check.other_types.is_empty() {
        check.refuse("hands or counts of pieces in a game with pieces on other site types");
    }
    // Piece states in a game with hands or counts: a site's state goes
    // with the piece that moves off it, and stays with those left behind
    // (`codegen/module.rs`, `move_body`).
    // The compiled repetition test hashes what stands on the board's sites
    // and the phases (see docs/generated-state.md): what else Ludii's
    // `stateHash` covers is refused beside it, and so are move probes,
    // which would have to test each move for the repetition.
    if model.no_repeat.is_some() {
        if model.stacking
            || holds_counts
            || check.max_state.is_some()
            || !check.other_types.is_empty()
            || !model.vars.is_empty()
        {
            check.refuse(
                "`(meta (no Repeat ...))` with stacks, counts, piece states, variables or pieces on other site types",
            );
        }
        if check.probes_moves || check.reads_stalemate {
            check.refuse(
                "`(no Moves ...)` or `(can Move ...)` in a game with `(meta (no Repeat ...))`",
            );
        }
    }
    if check.cycles
        && (model.no_repeat.is_some()
            || model.stacking
            || check.max_state.is_some()
            || !check.other_types.is_empty())
    {
        check.refuse(
            "`(is Cycle)` with `(meta (no Repeat ...))`, stacks, piece states or pieces on other site types",
        );
    }
    // The compiled enclose applies its effects in site order.
    if check.encloses
        && format!("{:?}{:?}", model.phases, model.end).contains("LastToAfterConsequence")
    {
        check.refuse("`(enclose ...)` in a game reading `(last To afterConsequence:True)`");
    }
    if check.reads_pieces && (model.stacking || !check.other_types.is_empty()) {
        check.refuse(
            "`(no Pieces ...)` or `(count Pieces ...)` in a game with stacks or pieces on other site types",
        );
    }
    // The compiled visited set holds the board's default sites only, and
    // visits `last_from` and `last_to`, which a consequence moving a piece
    // would overwrite with its own sites (§52).
    if (check.visited || model.ludii_flags.visited)
        && (holds_counts || !check.other_types.is_empty() || model.stacking)
    {
        check.refuse(
            "`(is Visited ...)` in a game with hands, counts, stacks or pieces on other site types",
        );
    }
    // The compiled one-piece `(fromTo ...)` consequence moves a piece on
    // the board's mailbox (`ActionMove` without counts or levels, §53).
    if check.piece_from_to && (holds_counts || model.stacking) {
        check.refuse("`(fromTo ...)` as a consequence in a game with hands, counts or stacks");
    }
    if (check.visited || model.ludii_flags.visited) && check.piece_move_effects {
        check.refuse("`(is Visited ...)` in a game whose consequences move pieces");
    }
    Features {
        blocker: check.found,
        max_state: check.max_state,
        scores: check.scores,
        move_again: check.move_again,
        swaps_players: check.swaps_players,
        other_types: check.other_types.into_iter().collect(),
        stack_capacity,
        reads_stalemate: check.reads_stalemate,
        line_directions: check.line_directions.into_iter().collect(),
        piece_move_effects: check.piece_move_effects,
        counter: check.counter,
        sets_state: check.sets_state,
        pending: check.pending,
        votes: check.votes,
        threatens: check.threatens,
        loop_in_play: check.loop_in_play,
        vars: check.vars,
        player_values: check.player_values,
        to_clear: check.to_clear,
    }
}

/// Whether applying `e` at each site of an enclosed group gives the same
/// state in any order of the sites: removals of `(between)`, constants
/// added to scores, triggers.
fn enclose_order_free(e: &Effect) -> bool {
    match e {
        Effect::Remove(SiteExpr::Between) | Effect::Trigger { .. } => true,
        Effect::SetScore {
            add: true,
            score: IntExpr::Const(_),
            ..
        } => true,
        Effect::Seq(list) => list.iter().all(enclose_order_free),
        _ => false,
    }
}

/// Whether the play rules offer a `(move Pass)` of their own.
pub fn has_pass_rule(moves: &Moves) -> bool {
    match moves {
        Moves::Pass { .. } => true,
        Moves::ForEachPiece(rules) | Moves::ForEachPieceIn { rules, .. } => {
            rules.iter().any(|r| has_pass_rule(&r.moves))
        }
        Moves::If {
            then, otherwise, ..
        } => has_pass_rule(then) || otherwise.as_deref().is_some_and(has_pass_rule),
        Moves::Priority(list) | Moves::Or(list) => list.iter().any(has_pass_rule),
        Moves::Then(inner, _) => has_pass_rule(inner),
        Moves::ForEachSite { moves, .. } => has_pass_rule(moves),
        _ => false,
    }
}

struct Check {
    default_type: SiteType,
    num_players: u8,
    found: Option<String>,
    max_state: Option<u8>,
    scores: bool,
    move_again: bool,
    swaps_players: bool,
    other_types: BTreeSet<SiteType>,
    reads_stalemate: bool,
    line_directions: BTreeSet<AbsoluteDirection>,
    piece_move_effects: bool,
    counter: bool,
    sets_state: bool,
    pending: bool,
    /// Some rule reads `(no Pieces ...)` or `(count Pieces ...)`.
    reads_pieces: bool,
    /// Some condition is `(is Threatened ...)`.
    threatens: bool,
    loop_in_play: bool,
    /// Some condition asks whether moves exist (`(no Moves ...)`, `(can Move ...)`).
    probes_moves: bool,
    /// Some consequence is `(enclose ...)`.
    encloses: bool,
    /// Some rule promotes a piece.
    promotes: bool,
    /// Some condition is `(is Visited ...)`.
    visited: bool,
    /// Some rule proposes, votes or reads a proposal or decision.
    votes: bool,
    /// Some consequence is a one-piece `(fromTo (from S) (to T))`.
    piece_from_to: bool,
    /// Some play rule is `(move Select ...)`.
    selects: bool,
    /// The game keeps a count of pieces per site.
    requires_count: bool,
    /// Some rule reads or sets a variable.
    vars: bool,
    /// Some condition is `(is Cycle)`.
    cycles: bool,
    /// Some rule reads or sets a player's value.
    player_values: bool,
    to_clear: bool,
    /// Each track's name, owner, and whether a sow can walk it compiled:
    /// it loops, through board sites only, in both directions.
    tracks: Vec<(String, u8, bool)>,
}

impl Check {
    /// The generator compiles `what` for two players only (the other
    /// player is then both `Next` and `Prev`).
    fn two_players(&mut self, what: &str) {
        if self.num_players != 2 {
            self.refuse(&format!("{what} with more than two players"));
        }
    }

    fn refuse(&mut self, what: &str) {
        if self.found.is_none() {
            self.found = Some(what.to_owned());
        }
    }

    /// Pieces may take states up to `n`.
    fn state_up_to(&mut self, n: u8) {
        self.max_state = Some(self.max_state.unwrap_or(0).max(n));
    }

    /// A state given by `(piece ... state:N)`: bounded when N is a constant
    /// or a player number.
    fn given_state(&mut self, n: &IntExpr) {
        match n {
            IntExpr::Const(c) if (0..=255).contains(c) => self.state_up_to(*c as u8),
            IntExpr::Player(_) => self.state_up_to(self.num_players),
            _ => self.refuse("piece states other than a constant or a player"),
        }
    }

    /// Elements of `ty` hold pieces or are read.
    fn site_type(&mut self, ty: SiteType) {
        if ty != self.default_type {
            self.other_types.insert(ty);
        }
    }

    /// `in_piece`: inside `forEach Piece`, where the moving component is known.
    fn moves(&mut self, m: &Moves, in_piece: bool) {
        match m {
            Moves::Die { .. } => self.refuse("`(forEach Die ...)`"),
            Moves::Add(add) => {
                self.site_type(add.site_type);
                if let crate::ir::PieceRef::Expr(n) = &add.piece {
                    self.int(&n.0, false);
                }
                if let Some(n) = &add.state {
                    self.given_state(n);
                }
                self.region(&add.to);
                if let Some(c) = &add.to_if {
                    self.cond(c, false);
                }
                if let Some(e) = &add.then {
                    self.effect(e);
                }
            }
            Moves::Move(pm) => self.piece_move(pm, in_piece),
            Moves::Shoot(shoot) => {
                if let Some(e) = &shoot.then {
                    self.effect(e);
                }
            }
            Moves::Pass { then, .. } => {
                if let Some(e) = then {
                    self.effect(e);
                }
            }
            Moves::SwapPieces { a, b, then, .. } => {
                self.site(a);
                self.site(b);
                if let Some(e) = then {
                    self.effect(e);
                }
            }
            Moves::Propose { then, .. } | Moves::Vote { then, .. } => {
                self.votes = true;
                if let Some(e) = then {
                    self.effect(e);
                }
            }
            Moves::Remove { sites, then, .. } => {
                self.region(sites);
                if let Some(e) = then {
                    self.effect(e);
                }
            }
            Moves::Do { prior, after } => {
                self.two_players("`(do ... ifAfterwards:...)`");
                // Inside a threat test the enemy's own threat tests fail at
                // once: the compiled test is skipped where that alone decides
                // it (Chess), else made with its threats failing, which
                // a probe of moves or `Next` inside it would not see.
                let text = format!("{after:?}");
                if super::threat_probe::decided_in_threat(after).is_none()
                    && text.contains("Threatened(")
                    && ["CanMove", "NoMoves", "Next"]
                        .iter()
                        .any(|w| text.contains(w))
                {
                    self.refuse(
                        "an `ifAfterwards:` reading `(is Threatened ...)` beside tests of moves or of `Next`",
                    );
                }
                self.moves(prior, in_piece);
                self.cond(after, false);
            }
            Moves::DoNext { prior, next } => {
                self.refuse("`(do ... next:...)`");
                self.effect(prior);
                self.moves(next, in_piece);
            }
            Moves::ForPlayer { moves, .. } => {
                self.two_players("`(forEach Piece WHO)` of another player");
                self.moves(moves, in_piece);
            }
            Moves::Promote(p) => self.promote(p),
            Moves::MaxMoves(moves) => self.moves(moves, in_piece),
            Moves::ForEachDirection(f) => {
                self.site(&f.from);
                self.int(&f.min, false);
                self.int(&f.max, false);
                for c in f.between_if.iter().chain(&f.to_if) {
                    self.cond(c, false);
                }
                self.moves(&f.moves, in_piece);
            }
            // Ludii's `Select`: a decision of one site, or two with `(to ...)` (§53).
            Moves::Select(select) => {
                self.selects = true;
                self.region(&select.from);
                if let Some(c) = &select.from_if {
                    self.cond(c, false);
                }
                if let Some(to) = &select.to {
                    self.region(&to.region);
                    if let Some(c) = &to.to_if {
                        self.cond(c, false);
                    }
                }
                if let Some(e) = &select.then {
                    self.effect(e);
                }
            }
            Moves::ForEachPiece(rules) => {
                for r in rules {
                    self.moves(&r.moves, true);
                }
            }
            Moves::ForEachPieceIn { rules, .. } => {
                for r in rules {
                    self.moves(&r.moves, true);
                }
            }
            Moves::If {
                condition,
                then,
                otherwise,
            } => {
                self.cond(condition, false);
                self.moves(then, in_piece);
                if let Some(o) = otherwise {
                    self.moves(o, in_piece);
                }
            }
            Moves::Priority(list) | Moves::Or(list) => {
                for m in list {
                    self.moves(m, in_piece);
                }
            }
            Moves::Then(inner, e) => {
                self.moves(inner, in_piece);
                self.effect(e);
            }
            Moves::ForEachSite { region, moves } => {
                self.region(region);
                self.moves(moves, in_piece);
            }
            Moves::Append { effect, then, .. } => {
                self.merged(effect);
                self.effect(effect);
                if let Some(e) = then {
                    self.effect(e);
                }
            }
        }
    }

    /// `(enclose ...)`, compiled by flood fill on bitboards: every group is
    /// found first, then the effect runs at each site of the enclosed ones
    /// in site order (Ludii's is breadth first), so it must not depend on
    /// the order, nor may a rule read where the last action happened.
    fn enclose(&mut self, e: &crate::ir::Enclose) {
        if e.through_empty {
            self.refuse("`(enclose ...)` through empty sites");
        }
        if !enclose_order_free(&e.apply) {
            self.refuse(
                "`(enclose ...)` applying an effect that depends on the order of the sites",
            );
        }
        self.encloses = true;
        self.site(&e.from);
        self.cond(&e.between_if, false);
        self.effect(&e.apply);
        if let Some(t) = &e.then {
            self.effect(t);
        }
    }

    /// An effect `(append ...)` merges into one move: its count of Ludii
    /// moves and the site of its first action must be computable.
    fn merged(&mut self, e: &Effect) {
        match e {
            Effect::AddPiece { .. } | Effect::Remove(_) | Effect::Flip(_) => {}
            Effect::AllCombinations(a, b) => {
                self.merged(a);
                self.merged(b);
            }
            Effect::Custodial(c) => self.merged(&c.apply),
            Effect::Seq(list) => list.iter().for_each(|e| self.merged(e)),
            _ => self.refuse("`(append ...)` of this consequence"),
        }
    }

    /// A piece move, in the play rules or as a consequence.
    fn piece_move(&mut self, pm: &crate::ir::PieceMove, in_piece: bool) {
        if pm.same_direction
            && !matches!(
                pm.reach,
                Reach::Step | Reach::Hop { .. } | Reach::Slide { .. }
            )
        {
            self.refuse("`SameDirection` other than for steps, hops and slides");
        }
        match &pm.reach {
            Reach::Step => {}
            Reach::TrackSlide {
                between_if,
                stop_if,
                to_rule,
                ..
            } => {
                // The stop and `toRule` tests see `(between)` as the site
                // reached before (none at the first step), which the
                // generated walk does not bind.
                let reads_between = |c: &Option<crate::ir::Cond>| {
                    c.as_ref()
                        .is_some_and(|c| format!("{c:?}").contains("Between"))
                };
                if reads_between(stop_if) || reads_between(to_rule) {
                    self.refuse(
                        "a track slide whose `(to if:...)` or `(apply if:...)` reads `(between)`",
                    );
                }
                if pm.from.is_some() || pm.to_if.is_some() {
                    self.refuse("a track slide with `(from ...)`");
                }
                for c in [between_if, stop_if, to_rule].into_iter().flatten() {
                    self.cond(c, false);
                }
            }
            Reach::Hop {
                distance,
                most,
                before,
                after,
                between_if,
                between_apply,
                stop_if,
            } => {
                // Ludii's hop over no site is a step: with `before:`,
                // `after:` or a stop rule only over a known number of sites.
                let plain = |n: &IntExpr| matches!(n, IntExpr::Const(0));
                if most.is_none()
                    && !(plain(before) && plain(after) && stop_if.is_none())
                    && !matches!(distance, IntExpr::Const(k) if *k > 0)
                {
                    self.refuse(
                        "a hop with `before:`, `after:` or a stop rule over a computed number of sites",
                    );
                }
                for n in most.iter().chain([before, after]) {
                    self.int(n, false);
                }
                self.int(distance, false);
                for c in [between_if, stop_if].into_iter().flatten() {
                    self.cond(c, false);
                }
                if let Some(e) = between_apply {
                    self.effect(e);
                }
            }
            Reach::Slide {
                between_if,
                min,
                max,
            } => {
                if let Some(c) = between_if {
                    self.cond(c, false);
                }
                for n in min.iter().chain(max) {
                    self.int(n, false);
                }
            }
            Reach::Leap { forward, .. } => {
                if *forward && (!in_piece || pm.from.is_some()) {
                    self.refuse("`(move Leap ... forward:True)` outside `(forEach Piece)`");
                }
            }
            // A count of pieces moves by `move_count`, which keeps counts.
            Reach::FromTo { to, from_if, count } => {
                if count.is_some() && !self.requires_count {
                    self.refuse("`(move ... count:N)` in a game that does not count pieces");
                }
                if let Some(c) = from_if {
                    self.cond(c, false);
                }
                if let Some(n) = count {
                    self.int(n, false);
                }
                self.region(to)
            }
        }
        if let Some(r) = &pm.from {
            self.region(r);
        }
        if let Some(c) = &pm.to_if {
            self.cond(c, false);
        }
        for e in pm.to_apply.iter().chain(&pm.then) {
            self.effect(e);
        }
    }

    /// A promotion, where the piece that just moved stands: Ludii gives a
    /// piece promoted on an empty site no owner, which the generated state
    /// (owners by component) cannot hold.
    fn promote(&mut self, p: &crate::ir::Promote) {
        if !matches!(p.site, SiteExpr::LastTo | SiteExpr::To) {
            self.refuse("a promotion elsewhere than at `(last To)` or `(to)`");
        }
        self.promotes = true;
        for t in &p.to {
            if let crate::ir::PromoteTo::Expr(n) | crate::ir::PromoteTo::Listed(n) = t {
                self.int(&n.0, false);
            }
        }
        self.site(&p.site);
        if let Some(e) = &p.then {
            self.effect(e);
        }
    }

    fn effect(&mut self, e: &Effect) {
        match e {
            Effect::MoveAgain => self.move_again = true,
            Effect::SetNextPlayer(_) => self.move_again = true,
            Effect::SwapPlayers => {
                self.move_again = true;
                self.swaps_players = true;
            }
            Effect::Directional(d) => {
                self.site(&d.from);
                self.site(&d.directions.from);
                self.site(&d.directions.to);
                self.cond(&d.to_if, false);
                self.effect(&d.apply);
            }
            Effect::Promote(p) => self.promote(p),
            Effect::SetState { at, value } => {
                self.sets_state = true;
                self.site(at);
                self.given_state(value);
            }
            Effect::Vote(_) => self.votes = true,
            Effect::SetCounter(n) => {
                self.counter = true;
                self.int(n, false);
            }
            Effect::SetPending(pending) => {
                self.pending = true;
                match pending {
                    crate::ir::Pending::Value(n) => {
                        if !pending_site(n) {
                            self.refuse("`(set Pending N)` of a value that may be no site");
                        }
                        self.int(n, false);
                    }
                    crate::ir::Pending::Sites(r) => self.region(r),
                }
            }
            Effect::Trigger { .. } => {}
            Effect::Remove(x) => self.site(x),
            Effect::RemoveLater(x) => {
                self.to_clear = true;
                self.site(x);
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                self.cond(condition, false);
                self.effect(then);
                if let Some(o) = otherwise {
                    self.effect(o);
                }
            }
            Effect::Seq(list) => list.iter().for_each(|e| self.effect(e)),
            Effect::Frozen(inner) => {
                self.refuse("an `(and ...)` whose parts read the state before any applies");
                self.effect(inner);
            }
            Effect::AddPiece {
                piece,
                to,
                site_type,
                state,
            } => {
                if let crate::ir::PieceRef::Expr(n) = piece {
                    self.int(&n.0, false);
                }
                self.site_type(*site_type);
                if let Some(n) = state {
                    if *site_type != self.default_type {
                        self.refuse("piece states on another site type");
                    }
                    self.given_state(n);
                }
                self.site(to);
            }
            Effect::Attract { from, .. } => self.site(from),
            Effect::Custodial(c) => {
                self.site(&c.from);
                self.int(&c.min, false);
                self.int(&c.max, false);
                self.cond(&c.between_if, false);
                self.cond(&c.to_if, false);
                self.effect(&c.apply);
                if let Some(e) = &c.then {
                    self.effect(e);
                }
            }
            Effect::Flip(x) => self.site(x),
            Effect::AllCombinations(a, b) => {
                self.merged(a);
                self.merged(b);
                self.effect(a);
                self.effect(b);
            }
            Effect::SetScore { score, .. } => {
                self.scores = true;
                self.int(score, false);
            }
            Effect::ForEachSite { region, effect } => {
                // Ludii decides every site before any effect applies (§30);
                // the compiled loop applies each site's effect before
                // testing the next, which removals change when the test
                // counts liberties (BlooGo).
                if format!("{effect:?}").contains("CountLiberties") {
                    self.refuse(
                        "a `(forEach Site ...)` consequence counting liberties (Ludii decides every site before any effect)",
                    );
                }
                self.region(region);
                self.effect(effect);
            }
            Effect::Move(pm) => {
                self.piece_move_effects = true;
                self.piece_move(pm, false);
            }
            Effect::Sow(sow) => self.sow(sow),
            Effect::SetVar { value, .. } => {
                self.vars = true;
                self.int(value, false);
            }
            Effect::Remember { .. } | Effect::Forget { .. } | Effect::ForgetAll { .. } => {
                self.refuse("remembered values")
            }
            Effect::DoNext { prior, next, then } => {
                self.refuse("`(do ... next:...)`");
                self.effect(prior);
                self.effect(next);
                if let Some(t) = then {
                    self.effect(t);
                }
            }
            Effect::SetPlayerValue { value, .. } => {
                self.player_values = true;
                self.int(value, false);
            }
            // A count of pieces where the game counts them (`move_count`);
            // elsewhere Ludii moves the one piece.
            Effect::MoveCount { from, to, count } => {
                if !self.requires_count {
                    self.piece_from_to = true;
                }
                self.site(from);
                self.site(to);
                self.int(count, false);
            }
            Effect::Enclose(e) => self.enclose(e),
            Effect::Surround(c) => {
                self.site(&c.from);
                self.int(&c.except, false);
                self.cond(&c.between_if, false);
                self.cond(&c.to_if, false);
                self.effect(&c.apply);
                if let Some(e) = &c.then {
                    self.effect(e);
                }
            }
        }
    }

    /// `(sow ...)` (see `codegen/sow.rs`): on a game counting pieces,
    /// along tracks that loop through board sites, its captures no sow.
    fn sow(&mut self, sow: &crate::ir::Sow) {
        if !self.requires_count {
            self.refuse("`(sow ...)` in a game that does not count pieces");
        }
        // The first track (without a name), the first of the name (without
        // an owner), or any of an owner whose name holds the name.
        let first = |f: &dyn Fn(&(String, u8, bool)) -> bool| {
            self.tracks
                .iter()
                .find(|t| f(t))
                .into_iter()
                .collect::<Vec<_>>()
        };
        let walked: Vec<_> = match (&sow.track, &sow.owner) {
            (None, _) => first(&|_| true),
            (Some(n), None) => first(&|t| &t.0 == n),
            (Some(n), Some(_)) => self
                .tracks
                .iter()
                .filter(|t| t.0.contains(n.as_str()) && t.1 <= self.num_players)
                .collect(),
        };
        if walked.iter().any(|(_, _, closed)| !closed) {
            self.refuse("`(sow ...)` along a track that does not loop through board sites");
        }
        if sow
            .apply
            .as_ref()
            .is_some_and(|e| format!("{e:?}").contains("Sow("))
        {
            self.refuse("`(sow ...)` inside the captures of a sow");
        }
        self.site(&sow.start);
        for n in sow
            .count
            .iter()
            .chain([&sow.num_per_hole])
            .chain(&sow.owner)
        {
            self.int(n, false);
        }
        for c in [&sow.capture_if, &sow.origin]
            .into_iter()
            .chain(&sow.skip_if)
            .chain(&sow.backtracking)
            .chain(&sow.forward)
        {
            self.cond(c, false);
        }
        for e in sow.apply.iter().chain(&sow.then) {
            self.effect(e);
        }
    }

    fn site(&mut self, x: &SiteExpr) {
        if let SiteExpr::Int(f) = x {
            self.int(&f.0, false);
        }
    }

    /// `(no Pieces ...)`, `(count Pieces ...)`: read from bitboards, which
    /// hold one piece a site of the board's default type.
    fn pieces(&mut self, pieces: &crate::ir::Pieces) {
        self.reads_pieces = true;
        if let Some(r) = &pieces.within {
            self.region(r);
        }
    }

    /// `(is Line ...)`, contiguous: of the pivot's component (by line masks
    /// where the analysis keeps them), or walked along the rays.
    fn line(&mut self, line: &crate::ir::Line) {
        let pivot = matches!(line.pieces, crate::ir::LinePieces::Pivot);
        if let crate::ir::LinePieces::Whats(list) = &line.pieces {
            for n in list {
                self.int(n, false);
            }
        }
        if !line.contiguous {
            self.refuse("`(is Line ... contiguous:False)`");
        }
        match &line.condition {
            // Walked along the rays with the condition at each site (no
            // line masks kept for it).
            Some(c) => self.cond(c, false),
            // Of the pivot's component, by line masks where the analysis
            // keeps them; of given players or components, walked.
            None if pivot => {
                self.line_directions.insert(line.directions);
            }
            None => {}
        }
    }

    /// `at_end`: in an end rule, where `(no Moves Next)` may run the probe.
    fn cond(&mut self, c: &Cond, at_end: bool) {
        if matches!(c, Cond::NoMoves(_) | Cond::CanMove(_)) {
            self.probes_moves = true;
        }
        match c {
            Cond::True | Cond::False | Cond::AllPassed => {}
            // The compiled record hashes what stands on the sites with
            // their counts (`codegen/repetition.rs`).
            Cond::IsCycle => self.cycles = true,
            Cond::AllDiceUsed => self.refuse("`(all DiceUsed)`"),
            Cond::AllDiceEqual => self.refuse("`(all DiceEqual)`"),
            Cond::Proposed(_) | Cond::Decided(_) => self.votes = true,
            Cond::Threatened(t) => {
                self.two_players("`(is Threatened ...)`");
                if t.moves.is_some() {
                    self.refuse("`(is Threatened ...)` with its own moves");
                }
                if t.what.is_none() && t.at.is_none() {
                    self.refuse("`(is Threatened)` of every piece");
                }
                if let Some(w) = &t.what {
                    self.int(w, at_end);
                }
                if let Some(x) = &t.at {
                    self.site(x);
                }
                self.threatens = true;
            }
            Cond::Line(line) => self.line(line),
            Cond::Not(c) => self.cond(c, at_end),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| self.cond(c, at_end)),
            Cond::Even(n) | Cond::Odd(n) | Cond::Enemy(n) | Cond::Friend(n) => self.int(n, at_end),
            Cond::Empty(x) | Cond::Occupied(x) => self.site(x),
            Cond::IsMover(_) | Cond::IsPrev(_) | Cond::Triggered { .. } => {}
            Cond::IsPending => self.pending = true,
            Cond::In(x, r) | Cond::Related(_, x, r) => {
                self.site(x);
                self.region(r);
            }
            Cond::NoMoves(PlayerRef::Next) if !at_end => {
                self.refuse("`(no Moves Next)` inside the play rules")
            }
            Cond::NoMoves(PlayerRef::Next) => {}
            Cond::NoMoves(_) => self.reads_stalemate = true,
            Cond::CanMove(m) => {
                // With more players, the probe's `Next` and `Prev` would
                // need Ludii's order of the moment (§52): refused where
                // they are read.
                if format!("{m:?}").contains("Next") || format!("{m:?}").contains("Prev") {
                    self.two_players("`(can Move ...)` reading `Next` or `Prev`");
                }
                self.moves(m, false);
            }
            Cond::NoPieces(pieces) => self.pieces(pieces),
            Cond::AllSites(r, c) => {
                self.region(r);
                self.cond(c, at_end);
            }
            Cond::Compare(_, a, b) => {
                self.int(a, at_end);
                self.int(b, at_end);
            }
            Cond::LineAt(at) => {
                if at.by_level && at.line.exact {
                    self.refuse("`(is Line ... exact:True byLevel:True)`");
                }
                if !at.by_level {
                    self.line(&at.line);
                }
                self.site(&at.through);
            }
            Cond::Connected(_) => {}
            Cond::Loop(_) => self.loop_in_play |= !at_end,
            // The visited set is a bitboard of the board's sites (§52).
            Cond::Visited(x) => {
                self.visited = true;
                self.site(x);
            }
            // Two bitboards compared.
            Cond::SameSites(a, b) => {
                self.region(a);
                self.region(b);
            }
        }
    }

    fn int(&mut self, n: &IntExpr, at_end: bool) {
        match n {
            IntExpr::Const(_) | IntExpr::CountMoves | IntExpr::Player(_) => {}
            IntExpr::Who(x)
            | IntExpr::What(x)
            | IntExpr::Row(x)
            | IntExpr::Column(x)
            | IntExpr::Site(x) => self.site(x),
            IntExpr::CountSites(r) => self.region(r),
            IntExpr::CountGroups(_, c) => self.cond(c, at_end),
            IntExpr::CountSteps { from, to, .. } => {
                self.refuse("`(count Steps ...)`");
                self.site(from);
                self.region(to);
            }
            IntExpr::Add(a, b)
            | IntExpr::Sub(a, b)
            | IntExpr::Div(a, b)
            | IntExpr::Min(a, b)
            | IntExpr::Max(a, b) => {
                self.int(a, at_end);
                self.int(b, at_end);
            }
            IntExpr::State(x) => {
                self.state_up_to(0);
                self.site(x);
            }
            IntExpr::StackSize(x) => self.site(x),
            IntExpr::CountPieces(pieces) => self.pieces(pieces),
            IntExpr::CountAt(r) => self.region(r),
            IntExpr::ComponentOf { .. } => {}
            IntExpr::Counter => self.counter = true,
            IntExpr::Pending => self.pending = true,
            IntExpr::Ahead { site, steps, .. } => {
                if !matches!(**steps, IntExpr::Const(_)) {
                    self.refuse("`(ahead ... steps:N)` with a computed N");
                }
                self.site(site);
            }
            IntExpr::Score(_) => self.scores = true,
            IntExpr::Mul(list) => list.iter().for_each(|n| self.int(n, at_end)),
            IntExpr::AheadRelative { site, steps, .. } => {
                if !matches!(**steps, IntExpr::Const(_)) {
                    self.refuse("`(ahead ... steps:N)` with a computed N");
                }
                self.site(site);
            }
            IntExpr::Var(_) => self.vars = true,
            IntExpr::RememberedCount(_) => self.refuse("remembered values"),
            IntExpr::CountTurns => {}
            IntExpr::CountMovesThisTurn => self.refuse("`(count MovesThisTurn)`"),
            IntExpr::CountPips => {}
            // `(pips)` reads the die of a `(forEach Die ...)`, refused.
            IntExpr::Pips => self.refuse("`(pips)`"),
            IntExpr::TrackSiteFirst { .. } => self.refuse("`(trackSite FirstSite ...)`"),
            IntExpr::TrackSiteMove { from, steps, .. } => {
                self.site(from);
                self.int(steps, at_end);
            }
            IntExpr::PlayerValue(_) => self.player_values = true,
            IntExpr::If {
                condition,
                then,
                otherwise,
            } => {
                self.cond(condition, at_end);
                self.int(then, at_end);
                self.int(otherwise, at_end);
            }
            IntExpr::MapEntry { key, .. } => self.int(key, at_end),
            IntExpr::CountLiberties { at, condition, .. } => {
                if condition.is_some() {
                    self.refuse("`(count Liberties ... if:C)`");
                }
                self.site(at);
            }
            IntExpr::SizeTerritory { .. } => {}
        }
    }

    fn region(&mut self, r: &Region) {
        match r {
            Region::Empty
            | Region::Static(_)
            | Region::Occupied(_)
            | Region::Owned(_)
            | Region::Row(_)
            | Region::Column(_) => {}
            Region::Union(parts) | Region::Intersection(parts) => {
                parts.iter().for_each(|p| self.region(p))
            }
            Region::Difference(a, b) => {
                self.region(a);
                self.region(b);
            }
            Region::Direction { from, stop, .. } => {
                if let Some(stop) = stop {
                    self.cond(&stop.0, false);
                    self.cond(&stop.1, false);
                }
                self.site(from)
            }
            Region::Site(x) => self.site(x),
            Region::Winning { moves, .. } => self.moves(moves, false),
            Region::TrackStretch(_) => self.refuse("`(sites Track ...)` found in play"),
            Region::MovesSites { moves, .. } => {
                self.refuse("`(sites From ...)` and `(sites To ...)`");
                self.moves(moves, false);
            }
            Region::EmptyOf(ty) => self.site_type(*ty),
            Region::Incident { result, of, at } => {
                self.site_type(*result);
                self.site_type(*of);
                self.site(at);
            }
            Region::State(n) => {
                self.state_up_to(0);
                self.int(n, false);
            }
            Region::Filter(within, test) => {
                self.region(within);
                self.cond(test, false);
            }
            Region::Hand(_) => {}
            Region::Holding(_) => {}
            // Empty unless `(remove ... at:EndOfTurn)` marks sites, which is
            // refused where it occurs.
            Region::ToClear => {}
            Region::Around(around) => {
                self.region(&around.of);
                if let Some(c) = &around.test {
                    self.cond(c, false);
                }
            }
            Region::PerPlayer { .. } => {}
            Region::If(c, a, b) => {
                self.cond(c, false);
                self.region(a);
                self.region(b);
            }
            Region::Start(component) => self.int(component, false),
            Region::Pending => self.pending = true,
            Region::Remembered(_) => self.refuse("remembered values"),
        }
    }
}

/// Whether `(set Pending N)` always adds a site of the board (or -1, which
/// Ludii's `ActionSetPending` turns into 1): the generated state keeps the
/// pending values as a bitboard of sites. `(ahead ...)` and a site of the
/// move are sites or -1; a constant must be below 64 (a bitboard has at
/// least one word).
fn pending_site(n: &IntExpr) -> bool {
    match n {
        IntExpr::Const(c) => (-1..64).contains(c),
        IntExpr::Ahead { .. } | IntExpr::Site(_) => true,
        IntExpr::If {
            then, otherwise, ..
        } => pending_site(then) && pending_site(otherwise),
        _ => false,
    }
}

/// Whether some player owns more than one kind of piece.
pub fn several_kinds(model: &GameModel) -> bool {
    (0..=model.num_players).any(|p| model.components.iter().filter(|c| c.owner == p).count() > 1)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::expand::DefineLibrary;
    use crate::{load_str, Config};

    fn features_of(text: &str) -> super::Features {
        let model = load_str(
            Path::new("inline.lud"),
            text,
            &DefineLibrary::empty(),
            &Config::default(),
        )
        .expect("the game loads")
        .model;
        super::features(&model)
    }

    /// A pawn's double step leaving `PENDING` pending, a capture onto a
    /// pending site, a rook's flag cleared, and the 50-move count.
    fn game(pending: &str) -> String {
        format!(
            r#"(game "Pending" (players {{(player N) (player S)}})
      (equipment {{ (board (square 4))
        (piece "Pawn" Each (or
          (move Slide Forward (between (exact 2) if:(is Empty (between))) (to if:(is Empty (to)))
            (then (set Pending {pending})))
          (move Step (directions {{FR FL}}) (to if:(and (is Pending) (= (to) (value Pending))))
            (then (and (remove (ahead (last To) Backward)) (set Counter))))))
        (piece "Rook" Each (move Slide Orthogonal
          (then (if (= (state at:(last To)) 1) (set State at:(last To) 0))))) }})
      (rules (start {{ (place "Pawn1" {{"B1" "D1"}}) (place "Pawn2" coord:"A4")
          (place "Rook1" coord:"A1" state:1) }})
        (play (forEach Piece))
        (end {{ (if (no Moves Next) (result Mover Win)) (if (= (counter) 9) (result Mover Draw)) }})))"#
        )
    }

    #[test]
    fn states_pending_sites_and_the_counter_compile() {
        let f = features_of(&game("(ahead (last To) Backward)"));
        assert_eq!(f.blocker, None);
        assert!(f.pending && f.counter && f.sets_state);
        assert_eq!(f.max_state, Some(1));
    }

    #[test]
    fn a_pending_value_that_may_be_no_site_is_refused() {
        let f = features_of(&game("(+ (last From) 100)"));
        assert_eq!(
            f.blocker.as_deref(),
            Some("`(set Pending N)` of a value that may be no site")
        );
        // A constant within the bitboard is a site.
        assert_eq!(features_of(&game("5")).blocker, None);
    }

    #[test]
    fn where_a_player_s_named_piece_stands_compiles() {
        let f = features_of(
            r#"(game "Where" (players 2)
      (equipment { (board (square 3)) (piece "King" Each (move Step (to if:(is Empty (to))))) })
      (rules (start { (place "King1" 0) (place "King2" 8) })
        (play (forEach Piece))
        (end (if (= (where "King" Mover) 4) (result Mover Win)))))"#,
        );
        assert_eq!(f.blocker, None);
    }

    /// A race along one row: three stick dice rolled before the moves,
    /// `PLAY` as the rolled moves.
    fn race(play: &str) -> String {
        format!(
            r#"(game "Race" (players 2)
      (equipment {{ (board (rectangle 1 8) (track "Track" "0,E" directed:True))
        (dice d:2 from:0 num:3)
        (piece "Disc" Each (move (from) (to (trackSite Move from:(from) steps:(count Pips))
          if:(is Empty (to))))) }})
      (rules (start {{ (place "Disc1" 0) (place "Disc2" 1) }})
        (play (do (roll) next:{play} (then (if (= 0 (count Pips)) (moveAgain)))))
        (end (if (is Occupied 7) (result Mover Win)))))"#
        )
    }

    #[test]
    fn a_roll_before_the_moves_and_the_pips_compile() {
        let f = features_of(&race("(forEach Piece)"));
        assert_eq!(f.blocker, None);
        // A die used up by its own moves is not in the generated state.
        let f = features_of(&race(
            "(forEach Die (move (from (sites Occupied by:Mover)) (to (+ (from) (pips)))))",
        ));
        assert_eq!(f.blocker.as_deref(), Some("`(forEach Die ...)`"));
    }

    /// Go on 5x5 with `REPEAT` as its meta rule and `APPLY` as its capture.
    fn go(repeat: &str, apply: &str, end: &str) -> String {
        format!(
            r#"(game "Go5" (players 2)
      (equipment {{ (board (square 5) use:Vertex) (piece "Marker" Each) }})
      (rules {repeat}
        (play (or
          (do (move Add (to (sites Empty))
                (then (enclose (from (last To)) Orthogonal
                        (between if:(is Enemy (who at:(between))) (apply {apply})))))
              ifAfterwards:(> (count Liberties Orthogonal) 0))
          (move Pass)))
        (end {end})))"#
        )
    }

    const GO_END: &str = "(if (all Passed) (byScore { (score P1 (+ (score P1) (size Territory P1))) (score P2 (+ (score P2) (size Territory P2))) }))";

    #[test]
    fn go_compiles_with_each_positional_repetition_rule() {
        let capture = "(and (addScore Mover 1) (remove (between)))";
        for repeat in [
            "",
            "(meta (no Repeat))",
            "(meta (no Repeat PositionalInTurn))",
        ] {
            let f = features_of(&go(repeat, capture, GO_END));
            assert_eq!(f.blocker, None, "{repeat}");
            assert!(f.scores);
        }
    }

    #[test]
    fn what_the_compiled_enclose_and_repetition_cannot_take_is_named() {
        // An effect whose result depends on the order of the sites.
        let f = features_of(&go(
            "",
            "(and (remove (between)) (addScore Mover (count Pieces Next)))",
            GO_END,
        ));
        assert_eq!(
            f.blocker.as_deref(),
            Some("`(enclose ...)` applying an effect that depends on the order of the sites")
        );
        // Move probes would have to test each move for the repetition.
        let f = features_of(&go(
            "(meta (no Repeat))",
            "(remove (between))",
            "(if (no Moves Next) (result Mover Win))",
        ));
        assert_eq!(
            f.blocker.as_deref(),
            Some("`(no Moves ...)` or `(can Move ...)` in a game with `(meta (no Repeat ...))`")
        );
    }
}
