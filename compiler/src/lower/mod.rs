//! Lowering: the expanded syntax tree becomes the typed [`GameModel`].
//!
//! One function per ludeme family, each taking the arguments it understands
//! through [`args::Args`]; a ludeme or argument outside the supported set is a
//! [`ErrorKind::Unsupported`] error naming it, at its line and column.

mod args;
mod board;
mod conds;
mod directions;
mod equipment;
mod fixed;
mod flags;
mod moves;
mod players;
mod promote;
mod remember;
mod rules;
mod sow;
mod vars;

use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::expand::Expanded;
use crate::ir::{Component, GameModel, PlayerId};
use crate::syntax::{Node, NodeKind, Span};

pub(crate) use args::Args;

/// Heads whose first bare argument selects the ludeme (`(move Add ...)`,
/// `(sites Empty)`, `(is Line ...)`): the ludeme's name includes it.
const DISPATCHERS: &[&str] = &[
    "move",
    "sites",
    "is",
    "count",
    "forEach",
    "set",
    "no",
    "all",
    "last",
    "value",
    "trackSite",
    "can",
    "was",
    "where",
    "size",
    "take",
    "place",
    "remember",
    "forget",
    "swap",
    "max",
    "min",
    "hex",
    "square",
    "tri",
    "concentric",
    "tiling",
    "what",
    "who",
    "result",
    "then",
    "add",
    "values",
];

/// Lowers an expanded game to the game model.
pub fn lower(expanded: &Expanded) -> Result<GameModel> {
    let game = &expanded.game;
    let mut cx = Cx {
        ex: expanded,
        num_players: 0,
        board: None,
        board_text: None,
        components: Vec::new(),
        regions: Vec::new(),
        phase_names: Vec::new(),
        rules: std::cell::Cell::new(0),
        piece_moves: Vec::new(),
        facing: Vec::new(),
        current_piece: std::cell::Cell::new(None),
        inlining: std::cell::RefCell::new(Vec::new()),
        triggers: std::cell::RefCell::new(Vec::new()),
        stacking: false,
        hands: Vec::new(),
        counts: std::cell::Cell::new(false),
        tracks: Vec::new(),
        maps: Vec::new(),
        iterated_player: std::cell::Cell::new(None),
        iterated_track: std::cell::Cell::new(None),
        vars: std::cell::RefCell::new(Vec::new()),
        remembered: std::cell::RefCell::new(Vec::new()),
        start_remembered: std::cell::RefCell::new(Vec::new()),
        votes: std::cell::RefCell::new(Vec::new()),
        dice: None,
        step_distance: flags::step_distance(game),
    };
    if game.head() != Some("game") {
        return Err(cx.unsupported(game));
    }
    let mut args = Args::new(game, "game", 0);
    args.take(|n| n.string().is_some())
        .ok_or_else(|| args.error(&cx, ErrorKind::Invalid, "a game needs a name"))?;
    let players = args
        .form_with_head("players")
        .ok_or_else(|| args.error(&cx, ErrorKind::Invalid, "a game needs `(players ...)`"))?;
    let (num_players, facing) = equipment::players(&cx, players)?;
    cx.num_players = num_players;
    cx.facing = facing;
    let equipment = args
        .form_with_head("equipment")
        .ok_or_else(|| args.error(&cx, ErrorKind::Invalid, "a game needs `(equipment ...)`"))?;
    equipment::equipment(&mut cx, equipment)?;
    check_track_sites(&cx, equipment)?;
    let rules = args
        .form_with_head("rules")
        .ok_or_else(|| args.error(&cx, ErrorKind::Invalid, "a game needs `(rules ...)`"))?;
    // Known before any rule is lowered: lines are read differently on stacks.
    cx.stacking = adds_on_stacks(rules);
    let rules_node = rules;
    let mut rules = rules::rules(&mut cx, rules)?;
    args.finish(&cx)?;
    let start_node = find_ludeme(rules_node, "start").unwrap_or(rules_node);
    rules::keep_earlier_pieces(&cx, start_node, &mut rules.start)?;
    // The visited sites of a turn beside `(no Repeat ...)`: not reproduced
    // yet (Ludus Latrunculorum's trials disagree), so refused.
    if rules.no_repeat.is_some() {
        if let Some(visited) = find_ludeme(game, "is Visited") {
            return Err(cx
                .error(
                    ErrorKind::Unsupported,
                    visited,
                    "`(is Visited ...)` in a game with `(no Repeat ...)`",
                )
                .with_label("not supported by ludemic yet"));
        }
    }
    let board = cx.board.take().ok_or_else(|| {
        cx.error(
            ErrorKind::Invalid,
            equipment,
            "the equipment has no `(board ...)`",
        )
    })?;
    Ok(GameModel {
        name: expanded.name.clone(),
        num_players: cx.num_players,
        board,
        board_text: cx.board_text.take().unwrap_or_default(),
        components: cx.components,
        regions: cx.regions,
        swap: rules.swap,
        no_repeat: rules.no_repeat,
        phases: rules.phases,
        start: rules.start,
        triggers: cx.triggers.take(),
        end: rules.end,
        options: expanded.selected_options.clone(),
        stacking: cx.stacking,
        requires_count: cx.counts.get(),
        hands: cx.hands,
        tracks: cx.tracks,
        maps: cx.maps,
        vars: cx.vars.take(),
        remembered: cx.remembered.take(),
        start_remembered: cx.start_remembered.take(),
        votes: cx.votes.take(),
        dice: cx.dice,
        heuristics: None,
        ludii_flags: flags::ludii_flags(game),
    })
}

/// The first ludeme called `name` in `node`.
fn find_ludeme<'n>(node: &'n Node, name: &str) -> Option<&'n Node> {
    if Cx::ludeme_name(node) == name {
        return Some(node);
    }
    node.args().iter().find_map(|a| find_ludeme(&a.value, name))
}

/// Whether some `(move Add ...)` or `(add ...)` in `node` has `stack:True`,
/// or some start rule is a `(place Stack ...)` (what makes Ludii's game a
/// stacking one).
fn adds_on_stacks(node: &Node) -> bool {
    // `(place Stack ...)` also makes the game a stacking one (its GameType.Stacking).
    let stacked = (matches!(node.head(), Some("move") | Some("add"))
        && node.args().iter().any(|a| {
            a.label.as_deref() == Some("stack")
                && a.value
                    .atom()
                    .is_some_and(|v| v.eq_ignore_ascii_case("true"))
        }))
        || Cx::ludeme_name(node) == "place Stack";
    stacked || node.args().iter().any(|a| adds_on_stacks(&a.value))
}

/// What lowering knows while it walks the tree.
pub(crate) struct Cx<'a> {
    ex: &'a Expanded,
    num_players: u8,
    board: Option<crate::board::Board>,
    board_text: Option<String>,
    components: Vec<Component>,
    regions: Vec<crate::ir::RegionDecl>,
    /// Names of the phases, in order, so `nextPhase` can refer forward.
    phase_names: Vec<String>,
    /// `(move Add ...)` rules numbered so far.
    rules: std::cell::Cell<u16>,
    /// Each component's own move rules as written (`(piece "Pawn" Each MOVES)`),
    /// lowered afresh for every `(forEach Piece)` that runs them.
    piece_moves: Vec<Option<&'a Node>>,
    /// Each player's facing from `(player N)` (index 0 unused).
    facing: Vec<Option<crate::board::Compass>>,
    /// The component whose rules are being lowered (relative directions turn
    /// from its facing).
    current_piece: std::cell::Cell<Option<usize>>,
    /// The components whose own rules `(forEach Piece)` is inlining, outermost
    /// first: a piece whose rules reach its own rules again would inline
    /// forever.
    inlining: std::cell::RefCell<Vec<usize>>,
    /// Trigger names met so far.
    triggers: std::cell::RefCell<Vec<String>>,
    /// Whether the game stacks pieces (see [`GameModel::stacking`]).
    stacking: bool,
    /// The hands declared so far.
    hands: Vec<crate::ir::Hand>,
    /// Whether some rule counts pieces (see [`GameModel::requires_count`]).
    counts: std::cell::Cell<bool>,
    /// The board's tracks (`(mancalaBoard ... (track ...))`).
    tracks: Vec<crate::ir::Track>,
    /// The equipment's `(map ...)`s.
    maps: Vec<crate::ir::MapDecl>,
    /// The player `Player` names while a `(forEach Player ...)` is unrolled.
    iterated_player: std::cell::Cell<Option<PlayerId>>,
    /// The track `(forEach Track ...)` is at (an index in `tracks`), read by
    /// `(sites Track)` (Ludii's `context.track()`).
    iterated_track: std::cell::Cell<Option<usize>>,
    /// Variable names met so far (`(set Var ...)`, `(var ...)`).
    vars: std::cell::RefCell<Vec<String>>,
    /// Names of the lists of remembered values met so far.
    remembered: std::cell::RefCell<Vec<String>>,
    /// The values the start rules remember, per list.
    start_remembered: std::cell::RefCell<Vec<(u16, Vec<i64>)>>,
    /// Proposition and vote strings met so far (see [`GameModel::votes`]).
    votes: std::cell::RefCell<Vec<String>>,
    /// The equipment's `(dice ...)`.
    dice: Option<crate::ir::Dice>,
    /// The relation of the game's `(count Steps ...)` distances.
    step_distance: crate::board::Relation,
}

impl<'a> Cx<'a> {
    pub fn error(&self, kind: ErrorKind, node: &Node, message: impl Into<String>) -> CompileError {
        self.ex.error(kind, &node.span, message)
    }

    pub fn error_span(
        &self,
        kind: ErrorKind,
        span: &Span,
        message: impl Into<String>,
    ) -> CompileError {
        self.ex.error(kind, span, message)
    }

    /// The ludeme's name as a person would search for it: `is Line`, `board`.
    pub fn ludeme_name(node: &Node) -> String {
        match &node.kind {
            NodeKind::Form { head, args, .. } => {
                let selector = args
                    .first()
                    .filter(|a| a.label.is_none() && DISPATCHERS.contains(&head.as_str()))
                    .and_then(|a| a.value.atom())
                    .filter(|a| a.chars().next().is_some_and(char::is_uppercase));
                match selector {
                    Some(s) => format!("{head} {s}"),
                    None => head.clone(),
                }
            }
            NodeKind::Array(_) => "{...}".to_owned(),
            NodeKind::Str(s) => format!("\"{s}\""),
            NodeKind::Atom(a) => a.clone(),
        }
    }

    /// "unsupported ludeme `(is Frob ...)`" at the node.
    pub fn unsupported(&self, node: &Node) -> CompileError {
        let name = Self::ludeme_name(node);
        let message = match &node.kind {
            NodeKind::Form { .. } => format!("unsupported ludeme `({name} ...)`"),
            _ => format!("unsupported value `{name}`"),
        };
        self.error(ErrorKind::Unsupported, node, message)
            .with_label("not supported by ludemic yet")
    }

    /// An `unsupported ... in <context>` error when a node is not one of the expected kinds.
    pub fn unsupported_in(&self, node: &Node, context: &str) -> CompileError {
        let name = Self::ludeme_name(node);
        self.error(
            ErrorKind::Unsupported,
            node,
            format!("unsupported {context} `{}`", short(&name, node)),
        )
        .with_label("not supported by ludemic yet")
    }

    /// `True` / `False` (any case, as Ludii reads booleans).
    pub fn boolean(&self, node: &Node) -> Result<bool> {
        match node.atom().map(str::to_ascii_lowercase).as_deref() {
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            _ => Err(self.error(ErrorKind::Invalid, node, "expected `True` or `False`")),
        }
    }

    /// An integer literal.
    /// The equipment's dice, if any.
    pub fn dice(&self) -> Option<&crate::ir::Dice> {
        self.dice.as_ref()
    }

    pub fn int_literal(&self, node: &Node) -> Result<i64> {
        node.atom()
            .and_then(|a| a.parse().ok())
            .ok_or_else(|| self.error(ErrorKind::Invalid, node, "expected an integer"))
    }

    /// The expanded text of a node (for documentation of generated code).
    pub fn text(&self, node: &Node) -> String {
        self.ex.text.as_str()[node.span.clone()].to_owned()
    }

    /// A fresh number for a move rule.
    pub fn next_rule(&self) -> u16 {
        let n = self.rules.get();
        self.rules.set(n + 1);
        n
    }

    pub fn num_players(&self) -> u8 {
        self.num_players
    }

    pub fn stacking(&self) -> bool {
        self.stacking
    }

    /// Records that a rule counts pieces (Ludii's `GameType.Count` flag).
    pub fn uses_counts(&self) {
        self.counts.set(true);
    }

    /// The hands, in Ludii's order.
    pub fn hands(&self) -> &[crate::ir::Hand] {
        &self.hands
    }

    /// The board's default site type.
    pub fn default_site_type(&self, at: &Node) -> Result<crate::board::SiteType> {
        Ok(self.board(at)?.site_type)
    }

    /// `P1`...`P16` as a player index.
    pub fn player_literal(&self, name: &str) -> Option<PlayerId> {
        let n: u8 = name.strip_prefix('P')?.parse().ok()?;
        (1..=self.num_players.max(1)).contains(&n).then_some(n)
    }

    /// The component with this full name (`"Dot0"`, `"Disc1"`), or with this
    /// declared name when only one component has it.
    pub fn component_named(&self, name: &str) -> Option<usize> {
        self.components
            .iter()
            .position(|c| c.name == name)
            .or_else(|| {
                let mut it = self
                    .components
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.base == name);
                match (it.next(), it.next()) {
                    (Some((i, _)), None) => Some(i),
                    _ => None,
                }
            })
    }

    /// Player `p`'s component declared as `name`.
    pub fn component_owned(&self, name: &str, p: PlayerId) -> Option<usize> {
        self.components
            .iter()
            .position(|c| c.base == name && c.owner == p)
    }

    /// Player `p`'s first component whose full name contains `name` (Ludii's
    /// name matching in `WhereSite` and `Promote`).
    pub fn component_like(&self, name: &str, p: PlayerId) -> Option<usize> {
        self.components
            .iter()
            .position(|c| c.owner == p && c.name.contains(name))
    }

    /// A component's own move rules, if it has any.
    pub fn piece_moves(&self, component: usize) -> Option<&'a Node> {
        self.piece_moves.get(component).copied().flatten()
    }

    /// Runs `f` lowering the rules of `component`.
    pub fn with_piece<T>(&self, component: usize, f: impl FnOnce() -> T) -> T {
        let saved = self.current_piece.replace(Some(component));
        let out = f();
        self.current_piece.set(saved);
        out
    }

    /// The components grouped by the heading their relative directions turn
    /// from (north for a piece without a facing), in order of first
    /// appearance; north is always there (an empty site faces north).
    pub fn facing_groups(&self) -> Vec<(crate::board::Compass, Vec<usize>)> {
        let facing = |c: &crate::ir::Component| {
            c.facing
                .and_then(|d| d.compass())
                .unwrap_or(crate::board::Compass::N)
        };
        let mut groups: Vec<(crate::board::Compass, Vec<usize>)> = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            match groups.iter_mut().find(|(f, _)| *f == facing(c)) {
                Some((_, members)) => members.push(i),
                None => groups.push((facing(c), vec![i])),
            }
        }
        if !groups.iter().any(|(f, _)| *f == crate::board::Compass::N) {
            groups.push((crate::board::Compass::N, Vec::new()));
        }
        groups
    }

    /// Runs `f` inlining `component`'s own rules; `None` when they are
    /// already being inlined (the rules reach themselves).
    pub fn inlining_piece<T>(&self, component: usize, f: impl FnOnce() -> T) -> Option<T> {
        if self.inlining.borrow().contains(&component) {
            return None;
        }
        self.inlining.borrow_mut().push(component);
        let out = self.with_piece(component, f);
        self.inlining.borrow_mut().pop();
        Some(out)
    }

    /// Runs `f` outside any piece's rules (relative directions face north).
    pub fn without_piece<T>(&self, f: impl FnOnce() -> T) -> T {
        let saved = self.current_piece.replace(None);
        let out = f();
        self.current_piece.set(saved);
        out
    }

    /// The component whose rules are being lowered.
    pub fn facing_component(&self) -> Option<usize> {
        self.current_piece.get()
    }

    /// The facing relative directions turn from: the current piece's.
    pub fn facing(&self) -> Option<crate::board::Compass> {
        self.current_piece
            .get()
            .and_then(|c| self.components[c].facing)
            .and_then(|d| d.compass())
    }

    /// The number of the trigger called `name`.
    pub fn trigger(&self, name: &str) -> u8 {
        intern(&self.triggers, name) as u8
    }

    /// The site with Ludii's coordinate label `coord`.
    pub fn coord(&self, at: &Node, coord: &str) -> Result<crate::ir::Site> {
        let b = self.board(at)?;
        b.sites
            .iter()
            .position(|s| s.coord == coord)
            .map(|i| i as crate::ir::Site)
            .ok_or_else(|| {
                self.error(
                    ErrorKind::Invalid,
                    at,
                    format!("no site has the coordinate \"{coord}\""),
                )
            })
    }

    /// The sites of every region owned by player `p`.
    pub fn owned_regions(&self, p: PlayerId) -> Vec<crate::ir::Site> {
        let mut sites: Vec<_> = self
            .regions
            .iter()
            .filter(|r| r.owner == p)
            .flat_map(|r| r.parts.iter().flatten().copied())
            .collect();
        sites.sort_unstable();
        sites.dedup();
        sites
    }

    pub fn board(&self, at: &Node) -> Result<&crate::board::Board> {
        self.board.as_ref().ok_or_else(|| {
            self.error(
                ErrorKind::Invalid,
                at,
                "this needs the board, declared first in the equipment",
            )
        })
    }
}

/// The number of `name` in `names`, added at the end when new.
impl Cx<'_> {
    /// The number of a proposition or vote string (see [`GameModel::votes`]).
    fn vote_index(&self, name: &str) -> u16 {
        intern(&self.votes, name) as u16
    }
}

fn intern(names: &std::cell::RefCell<Vec<String>>, name: &str) -> usize {
    let mut names = names.borrow_mut();
    match names.iter().position(|t| t == name) {
        Some(i) => i,
        None => {
            names.push(name.to_owned());
            names.len() - 1
        }
    }
}

fn short(name: &str, node: &Node) -> String {
    match node.kind {
        NodeKind::Form { .. } => format!("({name} ...)"),
        _ => name.to_owned(),
    }
}

/// The most pieces a start rule may put on one site: the library's games
/// start with a few dozen at most, and the interpreter sows seed by seed.
const MAX_START_COUNT: u32 = 100_000;

/// A start count above [`MAX_START_COUNT`] is refused as too large.
fn check_start_count(cx: &Cx, at: &Node, count: u32) -> Result<()> {
    if count > MAX_START_COUNT {
        return Err(cx.error(
            ErrorKind::TooLarge,
            at,
            format!("a start count of {count} is too large (at most {MAX_START_COUNT} pieces on a site)"),
        ));
    }
    Ok(())
}

/// Every site a track lists is on the board, in a hand or a die: a track
/// is read before the containers after it are known, so it is checked
/// once the equipment is lowered.
fn check_track_sites(cx: &Cx, equipment: &Node) -> Result<()> {
    let Some(board) = cx.board.as_ref() else {
        return Ok(());
    };
    let hands = cx.hands.iter().map(|h| h.first as usize + h.size as usize);
    let dice = cx.dice().map(|d| d.first as usize + d.faces.len());
    let sites = hands.chain(dice).fold(board.num_sites(), usize::max);
    for track in &cx.tracks {
        if let Some(&bad) = track
            .sites
            .iter()
            .find(|&&s| s != -2 && (s < 0 || s as usize >= sites))
        {
            return Err(cx.error(
                ErrorKind::Invalid,
                equipment,
                format!(
                    "track \"{}\" lists site {bad}, which is on no container ({sites} sites)",
                    track.name
                ),
            ));
        }
    }
    Ok(())
}
