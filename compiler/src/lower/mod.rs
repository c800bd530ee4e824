//! Lowering: the expanded syntax tree becomes the typed [`GameModel`].
//!
//! One function per ludeme family, each taking the arguments it understands
//! through [`args::Args`]; a ludeme or argument outside the supported set is a
//! [`ErrorKind::Unsupported`] error naming it, at its line and column.

mod args;
mod board;
mod conds;
mod equipment;
mod moves;
mod rules;

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
    cx.num_players = equipment::players(&cx, players)?;
    let equipment = args
        .form_with_head("equipment")
        .ok_or_else(|| args.error(&cx, ErrorKind::Invalid, "a game needs `(equipment ...)`"))?;
    equipment::equipment(&mut cx, equipment)?;
    let rules = args
        .form_with_head("rules")
        .ok_or_else(|| args.error(&cx, ErrorKind::Invalid, "a game needs `(rules ...)`"))?;
    let rules = rules::rules(&mut cx, rules)?;
    args.finish(&cx)?;
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
        phases: rules.phases,
        end: rules.end,
        options: expanded.selected_options.clone(),
    })
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
}

impl Cx<'_> {
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

    /// `P1`...`P16` as a player index.
    pub fn player_literal(&self, name: &str) -> Option<PlayerId> {
        let n: u8 = name.strip_prefix('P')?.parse().ok()?;
        (1..=self.num_players.max(1)).contains(&n).then_some(n)
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

fn short(name: &str, node: &Node) -> String {
    match node.kind {
        NodeKind::Form { .. } => format!("({name} ...)"),
        _ => name.to_owned(),
    }
}
