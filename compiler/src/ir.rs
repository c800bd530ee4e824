//! The game model: one typed description of a game's rules, read by both back
//! ends (the interpreter and the code generator).
//!
//! The lowering pass builds it from the expanded syntax tree; everything here
//! is resolved: sites are Ludii indices, static regions are site lists, player
//! references are symbolic only where they depend on the state (`Mover`...).

pub use crate::board::AbsoluteDirection;
use crate::board::Board;

/// A player index, 1-based as in Ludii (`P1` is 1).
pub type PlayerId = u8;

/// A site index as Ludii numbers the board's default site type.
pub type Site = u16;

/// A whole game.
#[derive(Clone, Debug)]
pub struct GameModel {
    pub name: String,
    pub num_players: u8,
    pub board: Board,
    /// The board ludeme as written, e.g. `(board (hex Diamond 11))`.
    pub board_text: String,
    /// Piece types; a piece's Ludii `what` index is its position here plus one.
    pub components: Vec<Component>,
    /// Regions declared in the equipment, `(regions P1 {...})`.
    pub regions: Vec<RegionDecl>,
    /// `(meta (swap))`: the second player may swap roles on move 2.
    pub swap: bool,
    /// Phases in declaration order; a game without `phases:` has one, unnamed.
    pub phases: Vec<Phase>,
    /// Global end rules, evaluated after every move in order.
    pub end: Vec<EndRule>,
    /// The option choices this model was built with, as `Heading/Item`.
    pub options: Vec<String>,
}

/// A piece type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Ludii's name with the owner suffix, e.g. `Disc1`, `Marker2`.
    pub name: String,
    /// Owning player; 0 for shared pieces.
    pub owner: PlayerId,
}

/// A region of the equipment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionDecl {
    pub name: Option<String>,
    /// The player the region belongs to (0 = nobody), used by `is Connected Mover`.
    pub owner: PlayerId,
    /// The sub-regions as given (`{(sites Side NE) (sites Side SW)}` is two parts).
    pub parts: Vec<Vec<Site>>,
}

/// One phase of play.
#[derive(Clone, Debug)]
pub struct Phase {
    pub name: String,
    pub play: Moves,
    /// The phase's own end rules, evaluated before the global ones.
    pub end: Vec<EndRule>,
    /// `(nextPhase ...)` rules, tried in order after each move.
    pub next: Vec<NextPhase>,
    /// The rule's text, for messages and generated documentation.
    pub text: String,
}

/// `(nextPhase [who] [cond] "Name")`.
#[derive(Clone, Debug)]
pub struct NextPhase {
    pub condition: Option<Cond>,
    /// Index into [`GameModel::phases`].
    pub target: usize,
}

/// A move generator.
#[derive(Clone, Debug)]
pub enum Moves {
    /// `(move Add (to REGION [if:C]) [(then E)])`: place a piece of the mover.
    Add(Add),
    /// `(priority {A B ...})`: the moves of the first generator that has any.
    Priority(Vec<Moves>),
    /// `(or {A B ...})` over moves: all of them.
    Or(Vec<Moves>),
}

#[derive(Clone, Debug)]
pub struct Add {
    /// Numbers the game's `(move Add ...)` rules (0, 1, ... in the order
    /// lowering meets them), so a move can name the rule that made it.
    pub rule: u16,
    /// The piece placed.
    pub piece: PieceRef,
    pub to: Region,
    /// `(to ... if:C)`: a condition on each target site.
    pub to_if: Option<Cond>,
    /// `(then ...)`: a consequence applied after the move.
    pub then: Option<Effect>,
}

/// Which piece a move uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceRef {
    /// The mover's own piece type (Ludii's default for `(move Add ...)`).
    Mover,
    /// A given component (index into [`GameModel::components`]).
    Component(usize),
}

/// A set of sites, evaluated in a state.
#[derive(Clone, Debug)]
pub enum Region {
    /// `(sites Empty)`.
    Empty,
    /// A fixed set (sides, corners, explicit lists...).
    Static(Vec<Site>),
    /// `(union A B ...)`.
    Union(Vec<Region>),
    /// `(sites Winning WHO MOVES)`: the `to` sites of the moves that would win for WHO.
    Winning { who: PlayerRef, moves: Box<Moves> },
}

/// A player named relative to the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerRef {
    Mover,
    Next,
    Prev,
    Player(PlayerId),
}

/// A consequence (`then`) of a move.
#[derive(Clone, Debug)]
pub enum Effect {
    /// `(moveAgain)`: the mover moves again.
    MoveAgain,
    /// `(if C A [B])`.
    If {
        condition: Cond,
        then: Box<Effect>,
        otherwise: Option<Box<Effect>>,
    },
    /// Several effects in order.
    Seq(Vec<Effect>),
}

/// A boolean condition.
#[derive(Clone, Debug)]
pub enum Cond {
    True,
    False,
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    /// `(is Even N)`.
    Even(IntExpr),
    /// `(is Odd N)`.
    Odd(IntExpr),
    /// `(is Line ...)`.
    Line(Line),
    /// `(is Connected ...)`.
    Connected(Connected),
    /// `(is Loop ...)`.
    Loop(Loop),
}

/// An integer expression.
#[derive(Clone, Debug)]
pub enum IntExpr {
    Const(i64),
    /// `(count Moves)`: moves played so far.
    CountMoves,
}

/// `(is Line N [dirs] [exact:B])`: N or more (exactly N with `exact`) pieces of
/// the last mover in a row through the last placed piece.
#[derive(Clone, Debug)]
pub struct Line {
    pub length: u32,
    pub directions: AbsoluteDirection,
    pub exact: bool,
    /// Whose pieces count; `None` means the owner of the piece at the last `to`.
    pub who: Option<PlayerRef>,
}

/// `(is Connected ...)`.
#[derive(Clone, Debug)]
pub struct Connected {
    /// The regions to connect: every one (`number == None`) or at least `number` of them.
    pub targets: ConnectTargets,
    pub number: Option<u32>,
    pub who: PlayerRef,
    pub directions: AbsoluteDirection,
}

#[derive(Clone, Debug)]
pub enum ConnectTargets {
    /// The parts of the regions owned by the player (`(is Connected Mover)`).
    PlayerRegions,
    /// Fixed site sets (sides without corners, corners...).
    Sets(Vec<Vec<Site>>),
}

/// `(is Loop ...)`: the last placed piece closes a ring of the mover's pieces.
#[derive(Clone, Debug)]
pub struct Loop {
    pub who: PlayerRef,
    pub directions: AbsoluteDirection,
}

/// `(if C (result WHO KIND))` in an end block.
#[derive(Clone, Debug)]
pub struct EndRule {
    pub condition: Cond,
    pub who: ResultPlayer,
    pub result: ResultKind,
    /// The rule's text, for messages and generated documentation.
    pub text: String,
}

/// Who a result applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultPlayer {
    Player(PlayerRef),
    /// Every player (`All`).
    All,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    Win,
    Loss,
    Draw,
}
