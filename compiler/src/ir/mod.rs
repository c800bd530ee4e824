//! The game model: one typed description of a game's rules, read by both back
//! ends (the interpreter and the code generator).
//!
//! The lowering pass builds it from the expanded syntax tree; everything here
//! is resolved: sites are Ludii indices, static regions are site lists, player
//! references are symbolic only where they depend on the state (`Mover`...).

pub use crate::board::AbsoluteDirection;
use crate::board::Board;
pub use crate::board::SiteType;
pub use crate::board::Walk;

pub mod heuristics;

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
    /// Names of the triggers (`(trigger "Collision" ...)`), indexed by the
    /// number effects and conditions use.
    pub triggers: Vec<String>,
    /// Regions declared in the equipment, `(regions P1 {...})`.
    pub regions: Vec<RegionDecl>,
    /// `(meta (swap))`: the second player may swap roles on move 2.
    pub swap: bool,
    /// `(meta (no Repeat [TYPE]))`: a move may not bring back a state seen
    /// before (Ludii's `NoRepeat`; see [`Repetition`]).
    pub no_repeat: Option<Repetition>,
    /// Phases in declaration order; a game without `phases:` has one, unnamed.
    pub phases: Vec<Phase>,
    /// `(start {...})`: pieces on the board before the first move.
    pub start: Vec<Placement>,
    /// Global end rules, evaluated after every move in order.
    pub end: Vec<EndRule>,
    /// The option choices this model was built with, as `Heading/Item`.
    pub options: Vec<String>,
    /// Ludii's `isStacking`: some rule adds with `stack:True`, so each site
    /// holds a stack of pieces (lines are then read level by level).
    pub stacking: bool,
    /// `(hand ...)` containers in Ludii's order (each player's in turn for
    /// `Each`); their sites are numbered after the board's.
    pub hands: Vec<Hand>,
    /// Ludii's `requiresCount`: some rule reads or places counts of pieces
    /// (`count:` above 1, `(handSite ...)`, `(count at:...)`), so a piece
    /// landing on a site holding the same component adds to its count.
    pub requires_count: bool,
    /// The board's `(track ...)`s in declaration order (mancala boards),
    /// or the loops of a `(surakartaBoard ...)`.
    pub tracks: Vec<Track>,
    /// The strings proposed and voted (`(move Propose "P")`, `(move Vote
    /// "V")`, `(is Proposed "P")`, ...), numbered in order met.
    pub votes: Vec<String>,
    /// `(map ...)`s of the equipment, in declaration order.
    pub maps: Vec<MapDecl>,
    /// The names of the variables `(set Var "Name" N)` sets and `(var
    /// "Name")` reads, numbered in order met ("" for the unnamed one).
    pub vars: Vec<String>,
    /// The names of the lists of remembered values (`(remember Value
    /// ["Name"] N)`, `(values Remembered ["Name"])`), numbered in order met
    /// ("" for the unnamed one).
    pub remembered: Vec<String>,
    /// `(set RememberValue ["Name"] N|REGION)` of the start rules: each
    /// list's values, in order.
    pub start_remembered: Vec<(u16, Vec<i64>)>,
    /// `(dice ...)`: the shared dice, a container after the hands (Ludii's
    /// `handDice`); `None` in a game without chance.
    pub dice: Option<Dice>,
    /// The heuristics of the `(ai ...)` metadata (Ludii's default when it
    /// has none), read by `load`; `None` when the model was lowered alone.
    pub heuristics: Option<heuristics::Heuristics>,
    /// Ludii's game flags that decide the tensors' layout (see
    /// [`LudiiFlags`]), read from the expanded description.
    pub ludii_flags: LudiiFlags,
}

/// Some of Ludii's game flags (`Game.gameFlags()`), which Ludii computes
/// from the ludemes a description contains, used or not: the
/// Ludii–Polygames tensors depend on them (docs/tensors.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LudiiFlags {
    /// `GameType.UsesFromPositions`: some step, hop, slide, leap, shot,
    /// from-to move, custodial, intervene, sow, attract, piece swap, or a
    /// select with a `to`.
    pub uses_from_positions: bool,
    /// `GameType.SiteState`: some rule sets or reads a site's local state.
    pub site_state: bool,
    /// `GameType.Count`: some rule sets or reads counts of pieces.
    pub count: bool,
    /// `GameType.Stacking`: some rule stacks pieces or reads levels.
    pub stacking: bool,
    /// `GameType.Bet`: some rule bets or reads amounts.
    pub bet: bool,
    /// `GameType.Vote`: some rule proposes or votes.
    pub vote: bool,
    /// `GameType.Visited`: some rule asks `(is Visited ...)`, so the game
    /// keeps the sites visited in the current turn (`Game.applyInternal`).
    pub visited: bool,
    /// Some piece or hand is declared `Shared` (Ludii gives it the owner
    /// after the last player, where the model gives it 0 as a `Neutral` one).
    pub shared_pieces: bool,
}

/// The dice (Ludii's `Dice` container and its `Die` components): one die
/// per site, each showing one of its faces. Ludii numbers the dice's
/// components `Die1`.. before the pieces, so a piece's `what` in Ludii's
/// trials is its index here plus the number of dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dice {
    /// The first die's site in Ludii's global numbering (after the hands).
    pub first: Site,
    /// Each die's face values, in face order: a die's site state is the
    /// index of the face it shows (`ActionUpdateDice`).
    pub faces: Vec<Vec<i64>>,
}

/// A roll at the start of a phase's moves: `(do (roll) next:MOVES)` or
/// `(do (if C (roll)) next:MOVES)` (the library's `"RollMove"` and
/// `"RollEachNewTurnMove"`). Ludii evaluates the roll on a copy of the
/// state, generates MOVES there, and prepends the roll's actions to each
/// (`Do.eval`); each die gets a face drawn uniformly (`Die.roll`).
#[derive(Clone, Debug)]
pub struct Roll {
    /// The roll happens only where this holds (`None`: always).
    pub when: Option<Cond>,
    /// The `do`'s `(then ...)`: the consequences of every move after the
    /// roll (the play's moves carry it too), and of the pass forced when
    /// the dice allow no move (`Do.prependPreMoves` makes that pass among
    /// the `do`'s moves).
    pub then: Option<Effect>,
}

/// A track of the board (Ludii's `Track`): its sites in order, repeated
/// sites ("bumps") merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    pub name: String,
    /// The owning player, 0 for a track of everyone.
    pub owner: PlayerId,
    /// The sites in order (Ludii's `elems`); -2 is Ludii's off-board `End`.
    pub sites: Vec<i32>,
    /// `loop:True`: the last site's next is the first.
    pub looped: bool,
    /// `directed:True`: inner sites have no previous site.
    pub directed: bool,
    /// Ludii's `Elem.bump` of each site: how many copies of it were merged
    /// (a Surakarta loop's corner site before its arc has 1).
    pub bumps: Vec<u8>,
}

/// `(map ["Name"] {(pair KEY VALUE) ...})`: integer keys to integer values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapDecl {
    pub name: String,
    pub entries: Vec<(i64, i64)>,
}

/// A player's hand (`(hand Each [size:N])`): a container of Cells beside
/// the board, each holding a count of one component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The owning player (0 for a shared hand).
    pub owner: PlayerId,
    /// The hand's first site in Ludii's global numbering.
    pub first: Site,
    pub size: u16,
}

impl Hand {
    pub fn sites(&self) -> std::ops::Range<Site> {
        self.first..self.first + self.size
    }
}

impl GameModel {
    /// Ludii's `MapEntry`: the value of the first map (named `map`, or any)
    /// with an entry for `key`, else `key` itself.
    pub fn map_entry(&self, map: Option<&str>, key: i64) -> i64 {
        self.map_entries(map)
            .find(|&(k, _)| k == key)
            .map_or(key, |(_, v)| v)
    }

    /// The entries `(key, value)` of the maps named `map` (or of every map),
    /// in order: the first with a key is the one [`GameModel::map_entry`] reads.
    pub fn map_entries<'a>(
        &'a self,
        map: Option<&'a str>,
    ) -> impl Iterator<Item = (i64, i64)> + 'a {
        self.maps
            .iter()
            .filter(move |m| map.is_none_or(|name| m.name == name))
            .flat_map(|m| m.entries.iter().copied())
    }

    /// Player `p`'s phase at the start: the first one that is theirs or
    /// shared (`State.initPhase`).
    pub fn initial_phase(&self, p: PlayerId) -> usize {
        self.phases
            .iter()
            .position(|ph| ph.owner.is_none_or(|o| o == p))
            .unwrap_or(0)
    }

    /// Where Ludii numbers the first site after the board: the board's
    /// elements of its default type, or its cells when there are more
    /// (`Equipment.initContainerAndParameters`).
    pub fn first_site_after_board(board: &Board) -> Site {
        board.num_sites().max(board.count(SiteType::Cell)) as Site
    }

    /// Sites in the global numbering: the board's and every hand's.
    pub fn total_sites(&self) -> usize {
        self.hands
            .last()
            .map_or(self.board.num_sites(), |h| (h.first + h.size) as usize)
    }

    /// The hand holding `site`, if it is not a board site.
    pub fn hand_of(&self, site: Site) -> Option<&Hand> {
        self.hands.iter().find(|h| h.sites().contains(&site))
    }
}

/// A piece type.
#[derive(Clone, Debug)]
pub struct Component {
    /// Ludii's name with the owner suffix, e.g. `Disc1`, `Marker2`.
    pub name: String,
    /// The name as declared, without the owner suffix (`Disc`).
    pub base: String,
    /// Owning player; 0 for shared pieces.
    pub owner: PlayerId,
    /// The direction the piece faces: its own (`(piece "Sheep" P1 N)`) or
    /// its owner's (`(player N)`); relative directions turn from it.
    pub facing: Option<AbsoluteDirection>,
    /// `(flips A B)`: the two states `(flip ...)` turns the piece between.
    pub flips: Option<(u8, u8)>,
}

/// `(place "Name" SITES [state:N] [count:N])` in the start rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The component (`what` - 1).
    pub component: usize,
    pub sites: Vec<Site>,
    pub state: u8,
    /// How many of the piece each site holds (1 unless `count:` says).
    pub count: u32,
    /// `(place Stack ...)` (Ludii's PlaceMonotonousStack): per site, how
    /// many pieces are stacked there, one on another (`count` is then 1);
    /// empty for other placements.
    pub stacked: Vec<u32>,
}

/// Which repetitions `(no Repeat TYPE)` forbids (Ludii's `RepetitionType`):
/// a move (other than a pass) is illegal when the state it leads to, after
/// its consequences and before the turn changes, was seen before. Positional
/// compares the pieces (Ludii's `stateHash`: every container's pieces, the
/// phases, the player order), situational also the players' bookkeeping
/// (Ludii's `fullHash`: mover, next, prev, who is active, scores, ...).
/// "In turn" compares only with the states since the current turn began;
/// otherwise with the states at the end of every earlier turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    Positional,
    PositionalInTurn,
    Situational,
    SituationalInTurn,
}

impl Repetition {
    /// Whether the state's full hash is compared (else the pieces alone).
    pub fn situational(self) -> bool {
        matches!(
            self,
            Repetition::Situational | Repetition::SituationalInTurn
        )
    }

    /// Whether only the states of the current turn are compared.
    pub fn in_turn(self) -> bool {
        matches!(
            self,
            Repetition::PositionalInTurn | Repetition::SituationalInTurn
        )
    }
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

/// The sites of `regions`, sorted, each once.
pub fn sites_of<'a>(regions: impl IntoIterator<Item = &'a RegionDecl>) -> Vec<Site> {
    let mut sites: Vec<Site> = regions
        .into_iter()
        .flat_map(|r| r.parts.iter().flatten().copied())
        .collect();
    sites.sort_unstable();
    sites.dedup();
    sites
}

/// One phase of play.
#[derive(Clone, Debug)]
pub struct Phase {
    pub name: String,
    /// `(phase "Name" P ...)`: the player the phase belongs to (every
    /// player's when `None`, Ludii's `Shared`).
    pub owner: Option<PlayerId>,
    /// The dice rolled before `play`'s moves are generated, if any.
    pub roll: Option<Roll>,
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
    /// Whose phase changes: every player's when `None` (Ludii's `Shared`).
    pub who: Option<PlayerRef>,
    pub condition: Option<Cond>,
    /// Index into [`GameModel::phases`].
    pub target: usize,
}

/// A move generator.
// Built once per game and walked at generation time: variant sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Moves {
    /// One die of `(forEach Die [if:C] MOVES)` (Ludii's `ForEachDie`),
    /// which lowers to one of these per die, each with its own rules: with
    /// `(pips)` the die's current value, MOVES where C holds; each move
    /// uses the die (`ActionUseDie`: its value becomes 0) before its
    /// consequences.
    Die {
        die: u8,
        condition: Option<Cond>,
        moves: Box<Moves>,
    },
    /// `(move Add (to REGION [if:C]) [(then E)])`: place a piece of the mover.
    Add(Add),
    /// `(move Step ...)`, `(move Hop ...)`, `(move Slide ...)`, `(move Leap ...)`,
    /// `(move (from ...) (to ...))`: a piece goes from one site to another.
    Move(Box<PieceMove>),
    /// `(move Shoot (piece P) [DIRS])`: add P at the end of an empty line from the last `to`.
    Shoot(Shoot),
    /// `(move Pass [(then E)])`: a pass, and its consequences.
    Pass { rule: u16, then: Option<Effect> },
    /// `(move Swap Pieces [A] [B] [(then E)])` (Ludii's `SwapPieces`): the
    /// piece on A moves to B (`(last From)` and `(last To)` by default),
    /// and the piece that stood on B is put on A.
    SwapPieces {
        rule: u16,
        a: SiteExpr,
        b: SiteExpr,
        then: Option<Effect>,
    },
    /// `(move Propose "P" [(then E)])` (Ludii's `Propose`): the mover
    /// proposes P, the index of its string in [`GameModel::votes`].
    Propose {
        rule: u16,
        proposition: u16,
        then: Option<Effect>,
    },
    /// `(move Vote "V" [(then E)])` (Ludii's `Vote`): the mover votes V
    /// (an index in [`GameModel::votes`], see [`Effect::Vote`]).
    Vote {
        rule: u16,
        vote: u16,
        then: Option<Effect>,
    },
    /// `(move Remove REGION [(then E)])`: take the piece off a site of
    /// REGION, one move per site holding one.
    Remove {
        rule: u16,
        sites: Region,
        then: Option<Effect>,
    },
    /// `(forEach Piece [NAMES] [MOVES])`: the move rules of each of the mover's
    /// pieces, from the site it stands on. Lowering resolves which rules
    /// apply to which component, one entry per component.
    ForEachPiece(Vec<PieceRules>),
    /// `(forEach Piece container:C ...)` (Ludii's `ForEachPiece` over one
    /// container): the same rules for the mover's pieces in the container
    /// whose index is C's number (the hands are containers 1, 2, ... in
    /// their order, after the board's 0), as `(mover)` or `1` give it.
    ForEachPieceIn {
        container: PlayerRef,
        rules: Vec<PieceRules>,
    },
    /// `(if C A [B])` over moves.
    If {
        condition: Cond,
        then: Box<Moves>,
        otherwise: Option<Box<Moves>>,
    },
    /// `(priority {A B ...})`: the moves of the first generator that has any.
    Priority(Vec<Moves>),
    /// `(or {A B ...})` over moves: all of them.
    Or(Vec<Moves>),
    /// A composite's own `(then E)`: appended to every move of the inner generator.
    Then(Box<Moves>, Effect),
    /// `(forEach Site REGION MOVES)`: the moves of MOVES with each site of
    /// REGION as `(site)` (and `(to)`).
    ForEachSite { region: Region, moves: Box<Moves> },
    /// `(move Select (from REGION [if:C]) [(then E)])`: choose a site.
    Select(Box<Select>),
    /// `(append EFFECT [(then E)])`: all the moves EFFECT yields, merged into
    /// one decision (none when it yields none).
    Append {
        rule: u16,
        effect: Effect,
        then: Option<Effect>,
    },
    /// `(do MOVES ifAfterwards:C)`: the moves of MOVES after which, applied
    /// with their consequences, C holds (Ludii's `Do.movePassesCond`).
    Do { prior: Box<Moves>, after: Cond },
    /// `(do PRIOR next:MOVES)` (Ludii's `Do` with `next:`): PRIOR's effect
    /// applied to a copy of the state, MOVES generated there, and each move
    /// carrying PRIOR's actions before its own (`Do.prependPreMoves`).
    DoNext { prior: Effect, next: Box<Moves> },
    /// `(forEach Piece WHO)` for a player other than the mover: WHO's piece
    /// moves, generated as if WHO were moving.
    ForPlayer { who: PlayerRef, moves: Box<Moves> },
    /// `(move Promote SITE (piece NAMES) [WHO])`: one move per name, turning
    /// the piece at SITE into that component.
    Promote(Promote),
    /// `(forEach Direction ...)` (Ludii's `ForEachDirection`).
    ForEachDirection(Box<ForEachDirection>),
    /// `(max Moves MOVES)`: the moves of MOVES that begin the longest turns
    /// (the most moves the mover makes in a row, Ludii's `MaxMoves`).
    MaxMoves(Box<Moves>),
}

/// `(forEach Direction [(from S)] [DIRS] [(between [(exact N)|(range A B)]
/// [if:C])] (to [if:T] [(apply MOVES)]) | MOVES)` (Ludii's
/// `ForEachDirection`): along each radial from S in DIRS, the sites
/// `min..=max` steps away (each as `(to)`, `(from)` unchanged) while T holds
/// there, and MOVES generated at each; the sites before `min` must satisfy
/// C (as `(between)`). The moves are MOVES's own.
#[derive(Clone, Debug)]
pub struct ForEachDirection {
    pub from: SiteExpr,
    /// The directions, resolved per facing: relative ones turn from
    /// Ludii's `newDirection`, the heading of the one step from `(from)` to
    /// `(to)` when `(to)` is set and one step away (`Some(heading)`), else
    /// from the facing of the piece on `(from)` (`None`, lowered with the
    /// current piece's). Absolute directions have the single `None` entry.
    pub directions: Vec<(Option<crate::board::Compass>, Directions)>,
    pub min: IntExpr,
    pub max: IntExpr,
    pub between_if: Option<Cond>,
    pub to_if: Option<Cond>,
    pub moves: Moves,
}

/// `(move Promote ...)` and the consequence `(promote ...)`.
#[derive(Clone, Debug)]
pub struct Promote {
    pub rule: u16,
    pub site: SiteExpr,
    /// The components promoted to, in the order named: one per name.
    pub to: Vec<PromoteTo>,
    pub then: Option<Effect>,
}

/// What a promotion turns a piece into.
#[derive(Clone, Debug)]
pub enum PromoteTo {
    /// A component fixed by name (no owner given: Ludii's `getComponent`).
    Component(u8),
    /// With an owner: per player p (index p - 1), the first component whose
    /// name contains the name and that p owns (0 when p has none).
    Owned { who: PlayerRef, per_player: Vec<u8> },
    /// `(piece N)` for an integer function N, no owner given: the component
    /// numbered N (Ludii looks up the component of N's name); no promotion
    /// at all when N < 1.
    Expr(IntFn),
    /// One of `(piece {N M ...})` for integer functions (Ludii's
    /// `toWhats`): the component numbered N, without Ludii's check (where
    /// Ludii would fail on a number outside the components, this entry
    /// makes no move).
    Listed(IntFn),
}

/// `(move Select (from REGION [if:C]) [(then E)])` (Ludii's `Select`
/// without `to`): one move per site of REGION where C holds with the site
/// as `(from)` and `(to)`.
#[derive(Clone, Debug)]
pub struct Select {
    pub rule: u16,
    pub from: Region,
    pub from_if: Option<Cond>,
    /// `(to REGION [if:C])`: one move per site of REGION (evaluated with
    /// the selected site as `(from)` and `(to)`) where C holds with it as
    /// `(to)` (Ludii's `Select` with `regionTo`).
    pub to: Option<SelectTo>,
    pub then: Option<Effect>,
}

/// `(sites Track [WHO] ["Name"] [from:S] [to:T])` (Ludii's `SitesTrack`):
/// the track iterated by `(forEach Track ...)`, else the first named so, or
/// whose name contains the name and owned by WHO (0 without) or nobody,
/// else without a name the first owned by WHO or nobody; its sites from S
/// (the first site where S is undefined; none where S is not on the track)
/// to T, going round to the sites before S where T is not after it.
#[derive(Clone, Debug)]
pub struct TrackStretch {
    pub iterated: Option<usize>,
    pub who: Option<PlayerRef>,
    pub name: Option<String>,
    pub from: Option<SiteExpr>,
    pub to: Option<SiteExpr>,
}

/// The `(to REGION [if:C])` of a `(move Select ...)`.
#[derive(Clone, Debug)]
pub struct SelectTo {
    pub region: Region,
    pub to_if: Option<Cond>,
}

/// `(directional [(from S)] [DIRS] [(to if:C (apply E))])` (Ludii's
/// `Directional`): along each radial from S in each direction, the sites
/// one after another while C holds (with the site as `(to)`), each
/// getting E; all are found before any E applies.
#[derive(Clone, Debug)]
pub struct Directional {
    pub from: SiteExpr,
    pub directions: DirectionsFn,
    pub to_if: Cond,
    pub apply: Effect,
}

/// Directions given as a function (Ludii's `Directions` with `from:` and
/// `to:`): every heading of `candidates` whose radial from `from` passes,
/// at any distance, through `to`; none when either is undefined.
#[derive(Clone, Debug)]
pub struct DirectionsFn {
    pub from: SiteExpr,
    pub to: SiteExpr,
    /// The board's supported headings (`supportedDirections(All, type)`).
    pub candidates: Vec<AbsoluteDirection>,
}

/// One component's rules inside a `(forEach Piece)`.
#[derive(Clone, Debug)]
pub struct PieceRules {
    /// Index into [`GameModel::components`].
    pub component: usize,
    pub moves: Moves,
}

#[derive(Clone, Debug)]
pub struct Add {
    /// Numbers the game's move rules (0, 1, ... in the order lowering meets
    /// them), so a move can name the rule that made it.
    pub rule: u16,
    /// The piece placed.
    pub piece: PieceRef,
    pub to: Region,
    /// `(to ... if:C)`: a condition on each target site.
    pub to_if: Option<Cond>,
    /// `(then ...)`: a consequence applied after the move.
    pub then: Option<Effect>,
    /// `(to Edge ...)`: the type of the sites placed on (the board's default
    /// unless given).
    pub site_type: SiteType,
    /// `stack:True`: the piece goes on top of the site's stack.
    pub stack: bool,
    /// `(piece "Name" state:N)`: the placed piece's state.
    pub state: Option<IntExpr>,
}

/// How a moving piece finds its destinations.
// Built once per game and read at generation time: variant sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Reach {
    /// `(move Step DIRS)`: one step in each direction.
    Step,
    /// `(move Hop DIRS (between [before:N] [range]))`: over `between` sites to the next one.
    Hop {
        /// `(between (exact N))`: how many sites are jumped (1 by default);
        /// with `(range A B)`, the fewest (A).
        distance: IntExpr,
        /// `(between (range A B))`: the most sites jumped (B); `None` when
        /// exactly `distance`.
        most: Option<IntExpr>,
        /// `(between before:N)`: how far the first jumped site may be (the
        /// sites before it must satisfy the `to` condition); 0 by default.
        before: IntExpr,
        /// `(between after:N)`: how many sites past the jumped ones the piece
        /// may land on besides the first; 0 by default.
        after: IntExpr,
        /// `(between if:C)`: each jumped site must satisfy C.
        between_if: Option<Cond>,
        /// `(between (apply E))`: applied to each jumped site.
        between_apply: Option<Effect>,
        /// `(to ... (apply if:S E))`: Ludii's stop rule. Past the hurdle the
        /// piece lands only on the first site failing the `to` condition,
        /// and only where S holds there (no `between` effect then); the
        /// sites passing it before are passed over.
        stop_if: Option<Cond>,
    },
    /// `(move Slide DIRS [(between [(exact N)|(range A B)] if:C)])`: along
    /// a line, over sites satisfying C (empty ones by default), ending
    /// `min..=max` steps away (1 to any distance by default).
    Slide {
        between_if: Option<Cond>,
        min: Option<IntExpr>,
        max: Option<IntExpr>,
    },
    /// `(move Slide "TRACK"|"AllTracks" [(between if:C)] [(to if:S
    /// [(apply if:T E)])])` (Ludii's `Slide.slideByTrack`): along each
    /// track named (every track of the board for "AllTracks") from each
    /// place the piece's site holds in it, over sites passing C (empty ones
    /// by default) as `(between)`. With "AllTracks" a site counts only once
    /// a bump (a loop's arc) was passed. Where S holds the slide ends there
    /// with E applied first; elsewhere T (if given) admits a plain move to
    /// the site without E. The move's `dir` is 0 for the former, 1 for the
    /// latter.
    TrackSlide {
        /// The tracks followed (indices in [`GameModel::tracks`]).
        tracks: Vec<usize>,
        /// Whether the name was "AllTracks" (only sites past a bump count).
        all: bool,
        between_if: Option<Cond>,
        /// `(to if:S)`: Ludii's stop rule.
        stop_if: Option<Cond>,
        /// `(to (apply if:T E))`: Ludii's `toRule` T.
        to_rule: Option<Cond>,
    },
    /// `(move Leap WALKS [forward:B])`: the end of each walk.
    Leap {
        /// Each walk as turns and steps, e.g. `{F F R F}`.
        walks: Vec<Vec<Walk>>,
        forward: bool,
    },
    /// `(move (from REGION [if:C]) (to REGION) [count:N])`: any site of
    /// `to`, from the sites of REGION where C holds (with the site as
    /// `(from)`), moving N pieces of a count (Ludii's `ActionMoveN`).
    FromTo {
        to: Region,
        from_if: Option<Cond>,
        count: Option<IntExpr>,
    },
}

impl Moves {
    /// Every `(move Add ...)` of these moves, in rule order, added to `out`.
    pub fn placements<'m>(&'m self, out: &mut Vec<&'m Add>) {
        match self {
            Moves::Add(add) => out.push(add),
            Moves::ForEachPiece(rules) | Moves::ForEachPieceIn { rules, .. } => {
                rules.iter().for_each(|r| r.moves.placements(out))
            }
            Moves::If {
                then, otherwise, ..
            } => {
                then.placements(out);
                if let Some(o) = otherwise {
                    o.placements(out);
                }
            }
            Moves::Priority(list) | Moves::Or(list) => list.iter().for_each(|m| m.placements(out)),
            Moves::Then(inner, _) => inner.placements(out),
            Moves::ForEachSite { moves, .. } => moves.placements(out),
            Moves::Do { prior: moves, .. }
            | Moves::DoNext { next: moves, .. }
            | Moves::ForPlayer { moves, .. }
            | Moves::Die { moves, .. }
            | Moves::MaxMoves(moves) => moves.placements(out),
            Moves::ForEachDirection(f) => f.moves.placements(out),
            Moves::Promote(_)
            | Moves::Move(_)
            | Moves::Shoot(_)
            | Moves::Pass { .. }
            | Moves::SwapPieces { .. }
            | Moves::Propose { .. }
            | Moves::Vote { .. }
            | Moves::Remove { .. }
            | Moves::Select(_)
            | Moves::Append { .. } => {}
        }
    }
}

/// A piece moving from `from` to `to`.
#[derive(Clone, Debug)]
pub struct PieceMove {
    pub rule: u16,
    pub reach: Reach,
    /// The directions walked (for Step, Hop, Slide).
    pub directions: Directions,
    /// `SameDirection` (Ludii's `RelativeDirection.SameDirection`): of
    /// `directions` (the board's adjacent headings, in compass order) only
    /// the first whose line from the last move's `from` passes its `to`.
    pub same_direction: bool,
    /// Where the piece may come from: `None` within `(forEach Piece)`
    /// (the piece's own site), or `(from REGION)`.
    pub from: Option<Region>,
    /// `(to if:C)`: the destination's condition.
    pub to_if: Option<Cond>,
    /// `(to (apply E))`: applied to the destination before the piece lands.
    pub to_apply: Option<Effect>,
    pub then: Option<Effect>,
}

/// `(move Shoot (piece P) [DIRS])`.
#[derive(Clone, Debug)]
pub struct Shoot {
    pub rule: u16,
    /// The component shot (`what` - 1).
    pub component: usize,
    pub directions: Directions,
    pub then: Option<Effect>,
}

/// The directions a piece moves in, resolved to absolute ones: relative
/// directions (`Forward`, `FR`...) are turned from the piece's facing when the
/// rules are lowered for that piece. Each entry is a single heading (`N`) or a
/// relation (`Adjacent`, `Orthogonal`...).
pub type Directions = Vec<AbsoluteDirection>;

/// Which piece a move uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceRef {
    /// The mover's own piece type (Ludii's default for `(move Add ...)`):
    /// the component numbered like the mover.
    Mover,
    /// A given component (index into [`GameModel::components`]).
    Component(usize),
    /// `(id "Name" Mover)`: the mover's piece of that name, by player (index p - 1).
    MoversNamed(Vec<usize>),
    /// `(piece N)` for an integer function N (`(mapEntry "Captured" (what
    /// at:(to)))`): the component numbered N (1-based), evaluated when the
    /// piece is added; nothing is added when N names no component (Ludii
    /// skips Undefined).
    Expr(IntFn),
}

/// An integer function kept where the model compares values (two are
/// equal when they are written the same).
#[derive(Clone, Debug)]
pub struct IntFn(pub Box<IntExpr>);

impl PartialEq for IntFn {
    fn eq(&self, other: &IntFn) -> bool {
        format!("{:?}", self.0) == format!("{:?}", other.0)
    }
}

impl Eq for IntFn {}

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
    Winning {
        who: PlayerRef,
        moves: Box<Moves>,
    },
    /// `(sites Track [WHO] ["Name"] [from:S] [to:T])` found in play.
    TrackStretch(Box<TrackStretch>),
    /// `(sites From MOVES)`, `(sites To MOVES)` (Ludii's `SitesFrom`,
    /// `SitesTo`): the `from` (or `to`) sites of the moves MOVES generates.
    MovesSites {
        moves: Box<Moves>,
        to: bool,
    },
    /// `(sites Occupied by:WHO)`: sites holding a piece of the given owners.
    Occupied(Owners),
    /// The board and hand sites whose piece is one of these components
    /// (`what`, 1-based, sorted): `(sites Occupied ... component:"Name")`
    /// intersects it with the owners' sites.
    Holding(Vec<u8>),
    /// `(sites Mover)`, `(sites P1)`: the regions owned by a player.
    Owned(PlayerRef),
    /// `(difference A B)`.
    Difference(Box<Region>, Box<Region>),
    /// `(intersection A B ...)`.
    Intersection(Vec<Region>),
    /// `(sites Direction from:S DIRS [included:B])`: sites along the lines
    /// from S (to the board's edge), S itself if included.
    Direction {
        from: SiteExpr,
        directions: Directions,
        included: bool,
        /// `stop:C`: each radial ends at the first site where C holds (as
        /// `(to)`), which is kept where `stopIncluded:` holds there.
        stop: Option<Box<(Cond, Cond)>>,
    },
    /// `(sites Row N)`, `(sites Column N)`.
    Row(IntExpr),
    Column(IntExpr),
    /// A single site.
    Site(SiteExpr),
    /// `(sites Empty Edge)` and the like: the empty sites of a type other
    /// than the board's default.
    EmptyOf(SiteType),
    /// `(sites Incident RESULT of:OF at:S)`: the elements of type RESULT
    /// incident to element S of type OF.
    Incident {
        result: SiteType,
        of: SiteType,
        at: SiteExpr,
    },
    /// `(sites State N)`: board sites whose piece state is N (0 for empty).
    State(IntExpr),
    /// `(forEach REGION if:C)`: the sites of REGION where C holds, with the
    /// site as `(site)`.
    Filter(Box<Region>, Box<Cond>),
    /// `(sites Hand WHO)`: the sites of WHO's hand.
    Hand(PlayerRef),
    /// `(sites ToClear)`: the sites marked by `(remove ... at:EndOfTurn)`
    /// in the turn so far.
    ToClear,
    /// `(sites Around REGION [DIRS] [TYPE] [distance:N] [if:C] [includeSelf:B])`.
    Around(Box<Around>),
    /// `(sites WHO "Name")` for a player known in play: `sites[p]` for
    /// player p (index 0 for nobody).
    PerPlayer {
        who: PlayerRef,
        sites: Vec<Vec<Site>>,
    },
    /// `(if C A B)` over regions.
    If(Box<Cond>, Box<Region>, Box<Region>),
    /// `(sites Start (piece C))`: the board sites component C (1-based, 0
    /// for empty) occupied once the start rules were applied.
    Start(IntExpr),
    /// `(sites Pending)`: the pending values.
    Pending,
    /// `(sites (values Remembered ["Name"]))`, `(values Remembered ["Name"])`
    /// where a region is read (`(is In S ...)`): the sites the list holds.
    Remembered(u16),
}

/// `(sites Around ...)` (Ludii's SitesAround): the sites `distance` steps
/// away along each direction from a site of `of` (as `(from)`), where `if:`
/// holds (with the site as `(to)`) and which hold `only`; the sites of `of`
/// themselves are left out unless `include_self`.
#[derive(Clone, Debug)]
pub struct Around {
    pub of: Region,
    pub directions: AbsoluteDirection,
    pub distance: u32,
    pub test: Option<Cond>,
    pub only: Option<Occupancy>,
    pub include_self: bool,
}

/// What a site holds, relative to the mover (Ludii's `RegionTypeDynamic`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupancy {
    Empty,
    NotEmpty,
    Own,
    Enemy,
}

/// Whose pieces: a player, a set of players, or everyone's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owners {
    /// Pieces of this player (`Neutral` is `Player(0)`).
    Player(PlayerRef),
    /// The enemies of the mover.
    Enemy,
    /// Any piece.
    All,
}

/// A site named relative to the move being made or the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SiteExpr {
    /// `(from)`: where the moving piece stands.
    From,
    /// `(to)`: the destination being considered.
    To,
    /// `(between)`: the site being jumped or passed.
    Between,
    /// `(site)`: the site of a `forEach Site` / `all Sites` / `count Groups` iteration.
    Iterated,
    /// `(last To)`, `(last From)`: of the previous move.
    LastTo,
    LastFrom,
    /// `(last To afterConsequence:True)`: where the last move's actions
    /// ended, consequences included (a dropped disc's final site).
    LastToAfterConsequence,
    /// `(centrePoint)` or a literal site.
    Const(Site),
    /// `(where "Name" WHO)`: the site of that player's piece of that name.
    Where {
        component: usize,
    },
    /// `(where "Name" Mover)`: the site of the named piece of a player known
    /// in play, per player (index p - 1; `None` when p has none).
    WhereOf {
        who: PlayerRef,
        per_player: Vec<Option<usize>>,
    },
    /// `(handSite WHO [N])`: site N (0 by default) of WHO's hand.
    HandSite {
        who: PlayerRef,
        index: u16,
    },
    /// A site computed by an integer function (`(mapEntry (mover))`,
    /// `(+ (to) 6)`, `(trackSite Move ...)`); undefined when negative.
    Int(SiteFn),
}

/// An integer function giving a site (in [`SiteExpr::Int`]); two are equal
/// when they are written the same.
#[derive(Clone, Debug)]
pub struct SiteFn(pub Box<IntExpr>);

impl PartialEq for SiteFn {
    fn eq(&self, other: &SiteFn) -> bool {
        format!("{:?}", self.0) == format!("{:?}", other.0)
    }
}

impl Eq for SiteFn {}

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
    /// `(set NextPlayer WHO)` in a two-player game (Ludii's
    /// `ActionSetNextPlayer`): the mover moves again when WHO is the
    /// mover, and the other player moves next otherwise (the last such
    /// action of a move, `(moveAgain)` included, decides).
    SetNextPlayer(PlayerRef),
    /// `(swap Players P1 P2)` in a two-player game (Ludii's `ActionSwap`
    /// and the `SetNextPlayer` of the mover it brings): the agents behind
    /// the two roles trade places, and the mover moves again unless a
    /// later action says otherwise.
    SwapPlayers,
    /// `(if C A [B])`.
    If {
        condition: Cond,
        then: Box<Effect>,
        otherwise: Option<Box<Effect>>,
    },
    /// Several effects in order.
    Seq(Vec<Effect>),
    /// An `(and ...)` whose `(fromTo ...)` and `(remember ...)` parts read
    /// their sites, counts and values on the state before any part applies
    /// (Ludii's `And.eval`), its conditions hoisted: two parts sending seeds
    /// to "the first empty hole" send them to the same hole.
    Frozen(Box<Effect>),
    /// `(do PRIOR next:NEXT [(then E)])` as a consequence: PRIOR, NEXT then
    /// E, applied only where NEXT, evaluated after PRIOR, yields a move
    /// (Ludii prepends PRIOR's actions to NEXT's moves, and there are none
    /// otherwise).
    DoNext {
        prior: Box<Effect>,
        next: Box<Effect>,
        then: Option<Box<Effect>>,
    },
    /// `(remove SITE)`: the piece there leaves the board.
    Remove(SiteExpr),
    /// `(remove SITE at:EndOfTurn)`: the site is marked, and its piece
    /// leaves the board once the turn ends (Ludii's `sitesToRemove`).
    RemoveLater(SiteExpr),
    /// `(add (piece P [state:N]) (to [TYPE] SITE))`, `(claim (to TYPE SITE))`:
    /// put a piece (replacing any there).
    AddPiece {
        piece: PieceRef,
        to: SiteExpr,
        site_type: SiteType,
        state: Option<IntExpr>,
    },
    /// `(trigger "Name" WHO)`: raise a flag the end rules read.
    Trigger { name: u8, who: PlayerRef },
    /// `(attract (from S) [DIRS])`: along each line from S, the pieces close
    /// up towards S, keeping their order.
    Attract {
        from: SiteExpr,
        directions: Directions,
    },
    /// `(custodial ...)`: lines of pieces flanked between S and a friend.
    Custodial(Box<Custodial>),
    /// `(enclose ...)`: enclosed groups of pieces (Go's capture).
    Enclose(Box<Enclose>),
    /// `(surround ...)`: a neighbour of S whose own neighbours all (but
    /// `except:` of them) close it in.
    Surround(Box<Surround>),
    /// `(flip S)`: the piece at S turns to its other state (`flips A B`).
    Flip(SiteExpr),
    /// `(directional ...)` (Ludii's `Directional`, Fanorona's captures).
    Directional(Box<Directional>),
    /// `(allCombinations A B)`: A then B, when each yields a move (lowering
    /// keeps to effects yielding at most one).
    AllCombinations(Box<Effect>, Box<Effect>),
    /// `(set Score WHO N)` (`add: false`) and `(addScore WHO N)` (`add: true`).
    SetScore {
        who: PlayerRef,
        score: IntExpr,
        add: bool,
    },
    /// `(sow ...)` (Ludii's `Sow`).
    Sow(Box<Sow>),
    /// `(set Var ["Name"] N)`: variable number `var` becomes N.
    SetVar { var: u16, value: IntExpr },
    /// `(remember Value ["Name"] N [unique:B])`: N added at the end of the
    /// list (not where `unique` and the list holds it already).
    Remember {
        list: u16,
        value: IntExpr,
        unique: bool,
    },
    /// `(forget Value ["Name"] N)`: the first N of the list taken out.
    Forget { list: u16, value: IntExpr },
    /// `(forget Value ["Name"] All)`: the list emptied; every list where
    /// `list` is `None` (the unnamed form).
    ForgetAll { list: Option<u16> },
    /// `(set Value WHO N)`: WHO's value becomes N.
    SetPlayerValue { who: PlayerRef, value: IntExpr },
    /// `(fromTo (from S) (to T) [count:N])` as a consequence: N pieces go
    /// from S to T (Ludii's `ActionMove` with a count).
    MoveCount {
        from: SiteExpr,
        to: SiteExpr,
        count: IntExpr,
    },
    /// `(forEach Site REGION E)`: E at each site of REGION, as `(site)`.
    ForEachSite { region: Region, effect: Box<Effect> },
    /// A piece move used as a consequence (`(then (slide (from (last To)) S
    /// ...))`): every move it generates is made, in order.
    Move(Box<PieceMove>),
    /// `(promote SITE (piece NAMES) [WHO])`: each promotion in turn.
    Promote(Box<Promote>),
    /// `(set State at:SITE N)`: the state of the site (Ludii keeps it per
    /// site, whatever stands there).
    SetState { at: SiteExpr, value: IntExpr },
    /// `(set Counter [N])`: Ludii's move counter (-1 by default; it grows
    /// by one after each move's end rules).
    SetCounter(IntExpr),
    /// `(vote "V")` (Ludii's `ActionVote`): the mover's vote V (an index in
    /// [`GameModel::votes`]) is added; once every player voted, a vote held
    /// by more than half of them is decided, and the propositions and votes
    /// are cleared.
    Vote(u16),
    /// `(set Pending [N])` (1 by default) or `(set Pending REGION)`: values
    /// kept until the next move is applied (`State.pendingValues`).
    SetPending(Pending),
}

/// What `(set Pending ...)` adds.
#[derive(Clone, Debug)]
pub enum Pending {
    Value(IntExpr),
    Sites(Region),
}

/// `(sow [START] [count:N] [numPerHole:N] ["Track"] [owner:P] [if:C]
/// [apply:E] [includeSelf:B] [origin:C] [skipIf:C] [backtracking:C|forward:C])`:
/// the pieces at START are spread one by one along a track (see
/// docs/ludii-semantics.md for Ludii's exact rules).
#[derive(Clone, Debug)]
pub struct Sow {
    /// Where the seeds are taken from (`(last To)` by default).
    pub start: SiteExpr,
    /// How many are sown (the count at START by default).
    pub count: Option<IntExpr>,
    pub num_per_hole: IntExpr,
    /// The track's name, if given.
    pub track: Option<String>,
    /// `owner:P`: the track of that owner whose name contains the name.
    pub owner: Option<IntExpr>,
    /// `if:C`: when the capture effect applies (with the last sown site as `(to)`).
    pub capture_if: Cond,
    /// `apply:E`: the capture effect.
    pub apply: Option<Effect>,
    pub include_self: bool,
    /// `origin:C`: the first seeds go back on START.
    pub origin: Cond,
    pub skip_if: Option<Cond>,
    pub backtracking: Option<Cond>,
    pub forward: Option<Cond>,
    pub then: Option<Effect>,
}

/// `(custodial [(from S)] [DIR] [(between [range] [if:C] [(apply E)])] [(to if:C)] [(then E)])`.
#[derive(Clone, Debug)]
pub struct Custodial {
    /// The site the lines start from (`(last To)` by default).
    pub from: SiteExpr,
    pub directions: AbsoluteDirection,
    /// How many sites a flanked line has: `min..=max` (`0..` any by default).
    pub min: IntExpr,
    pub max: IntExpr,
    /// What a flanked site must satisfy (an enemy piece by default), with it as `(between)`.
    pub between_if: Cond,
    /// What closes the line (a friend by default), with it as `(to)`.
    pub to_if: Cond,
    /// Applied to each flanked site (removal by default), with it as `(between)`.
    pub apply: Effect,
    /// `(then E)`: after each flanked site's effect.
    pub then: Option<Effect>,
}

/// `(surround [(from S)] [DIRS] [(between if:C (apply E))] [(to if:F)]
/// [except:N] [(then E)])` (Ludii's `Surround`): each neighbour B of S (in
/// DIRS) where C holds (with B as `(between)`) and at most N of whose own
/// neighbours (in DIRS) are neither S nor satisfy F (with the neighbour as
/// `(to)`) gets E; every such B is found before any E applies.
#[derive(Clone, Debug)]
pub struct Surround {
    /// The site the test starts from (`(from)` by default).
    pub from: SiteExpr,
    pub directions: AbsoluteDirection,
    /// What a surrounded site must satisfy (an enemy piece by default).
    pub between_if: Cond,
    /// What a surrounding neighbour must satisfy (a friend by default).
    pub to_if: Cond,
    /// Applied to each surrounded site (removal by default).
    pub apply: Effect,
    /// `except:N`: how many neighbours may fail to surround (0 by default).
    pub except: IntExpr,
    /// `(then E)`: after each surrounded site's effect.
    pub then: Option<Effect>,
}

/// `(enclose [(from S)] [DIRS] [(between if:C (apply E))] [(then E)])`
/// (Ludii's `Enclose`): each group of sites around S where C holds (with
/// the site as `(between)`), joined by DIRS, that touches no empty site
/// gets E at each of its sites; every group is found before any E applies.
#[derive(Clone, Debug)]
pub struct Enclose {
    /// The site the groups are sought around (`(last To)` by default).
    pub from: SiteExpr,
    /// The steps joining a group (`Adjacent` by default).
    pub directions: Directions,
    /// What a site of an enclosed group satisfies (an enemy's piece by default).
    pub between_if: Cond,
    /// Applied at each site of an enclosed group (removal by default).
    pub apply: Effect,
    /// `(then E)`: after the effects, when some group was enclosed.
    pub then: Option<Effect>,
    /// Ludii's `atLeastAnEmpty`: the condition tests `(is Empty ...)`, so
    /// groups run over empty sites too, and a group is enclosed when the
    /// sites around it form one chain (see docs/ludii-semantics.md §30).
    pub through_empty: bool,
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
    /// `(is Empty S)`, `(is Occupied S)`.
    Empty(SiteExpr),
    Occupied(SiteExpr),
    /// `(is Enemy P)`, `(is Friend P)` for a player number P (0 is nobody).
    Enemy(IntExpr),
    Friend(IntExpr),
    /// `(is Mover P)`.
    IsMover(PlayerRef),
    /// `(is Prev P)` (Ludii's `IsPrev`): P made the previous move (Ludii's
    /// `state.prev()`; `(is Prev Mover)` is "the same turn goes on").
    IsPrev(PlayerRef),
    /// `(is In S REGION)`.
    In(SiteExpr, Region),
    /// `(is Related REL S REGION)`: S and some site of REGION are related.
    Related(crate::board::Relation, SiteExpr, Region),
    /// `(is Pending)`: some value is pending.
    IsPending,
    /// `(is Cycle)` (Ludii's `IsCycle`): the last 3·P² states reached after
    /// a move (P players) repeat with period P².
    IsCycle,
    /// `(is Triggered "Name" WHO)`.
    Triggered {
        name: u8,
        who: PlayerRef,
    },
    /// `(no Moves WHO)`: WHO would have no legal move if it were to move now.
    NoMoves(PlayerRef),
    /// `(can Move MOVES)`: MOVES yields at least one move for the mover.
    CanMove(Box<Moves>),
    /// `(no Pieces [WHO] ["Name"] [in:REGION])` (Ludii's `NoPieces`): none
    /// of these pieces stands on the board.
    NoPieces(Pieces),
    /// `(all Sites REGION if:C)`: C holds at every site of REGION (as `(site)`).
    AllSites(Region, Box<Cond>),
    /// Integer comparisons.
    Compare(Comparison, IntExpr, IntExpr),
    /// `(is Visited S)` (Ludii's `IsVisited`): S was visited in the
    /// current turn (the from and to of each move of the turn before the
    /// last, see docs/ludii-semantics.md §49).
    Visited(SiteExpr),
    /// `(= REGION REGION)` (Ludii's `Equals` of regions): the two regions
    /// hold the same sites (`(!= ...)` is its negation).
    SameSites(Region, Region),
    /// `(is Line ...)` through a given site, or in a stacking game.
    LineAt(LineAt),
    /// `(all Passed)`: every player passed in their last turn.
    AllPassed,
    /// `(all DiceUsed)` (Ludii's `AllDiceUsed`): every die has been used
    /// this turn (its current value is 0).
    AllDiceUsed,
    /// `(all DiceEqual)` (Ludii's `AllDiceEqual`): the last roll gave every
    /// die the same value (`ActionSetDiceAllEqual`).
    AllDiceEqual,
    /// `(is Proposed "P")`: P (an index in [`GameModel::votes`]) is among
    /// the propositions made and not yet voted on.
    Proposed(u16),
    /// `(is Decided "P")`: the last decided vote is P.
    Decided(u16),
    /// `(is Threatened [WHAT] [at:S] [MOVES])` (Ludii's `IsThreatened`).
    Threatened(Box<Threatened>),
}

/// `(is Threatened [WHAT] [at:S] [MOVES])`: some enemy could move to the site.
#[derive(Clone, Debug)]
pub struct Threatened {
    /// The component threatened; without it, whatever stands on each site.
    pub what: Option<IntExpr>,
    /// The site checked (where WHAT stands by default; every occupied
    /// site when neither is given).
    pub at: Option<SiteExpr>,
    /// The enemy's moves (its current phase's play rules by default).
    pub moves: Option<Box<Moves>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Comparison {
    /// Whether `a OP b` holds.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Comparison::Eq => a == b,
            Comparison::Ne => a != b,
            Comparison::Lt => a < b,
            Comparison::Le => a <= b,
            Comparison::Gt => a > b,
            Comparison::Ge => a >= b,
        }
    }
}

/// An integer expression.
#[derive(Clone, Debug)]
pub enum IntExpr {
    Const(i64),
    /// `(count Moves)`: moves played so far.
    CountMoves,
    /// `(mover)`, `(next)`...: a player's number.
    Player(PlayerRef),
    /// `(who at:S)`: the owner of the piece at S (0 if none).
    Who(SiteExpr),
    /// `(row of:S)`, `(column of:S)`.
    Row(SiteExpr),
    Column(SiteExpr),
    /// `(count Sites in:REGION)`.
    CountSites(Box<Region>),
    /// `(count Groups [DIRS] if:C)`: connected groups of sites satisfying C
    /// (tested with the site as `(to)`).
    CountGroups(crate::board::Relation, Box<Cond>),
    /// `(count Steps [TYPE] [RELATION] S REGION)` (Ludii's `CountSteps`
    /// without a step move): the fewest steps of `relation` from S to a
    /// site of REGION; 0 where S is no site, REGION is empty or no path
    /// joins them. `relation` is the game's, not the ludeme's: Ludii keeps
    /// one distance table per game, built for the first of Adjacent, All,
    /// OffDiagonal, Diagonal, Orthogonal that any `(count Steps ...)` uses.
    CountSteps {
        from: SiteExpr,
        to: Box<Region>,
        relation: crate::board::Relation,
    },
    Add(Box<IntExpr>, Box<IntExpr>),
    Sub(Box<IntExpr>, Box<IntExpr>),
    /// `(min A B)` and `(max A B)` of two values (Ludii's `Min`, `Max`).
    Min(Box<IntExpr>, Box<IntExpr>),
    Max(Box<IntExpr>, Box<IntExpr>),
    /// A site as a number (`(= (to) (centrePoint))`); -1 when undefined.
    Site(SiteExpr),
    /// `(state at:S)`: the state of the piece at S (0 if none).
    State(SiteExpr),
    /// `(what at:S)`: the component at S (0 if none).
    What(SiteExpr),
    /// `(id "Name" WHO)`: WHO's first component whose name contains "Name"
    /// (index p - 1; -1 when WHO has none, as Ludii's `Id`).
    ComponentOf {
        who: PlayerRef,
        per_player: Vec<i16>,
    },
    /// `(size Stack at:S)`: how many pieces are stacked at S.
    StackSize(SiteExpr),
    /// `(score WHO)`.
    Score(PlayerRef),
    /// `(counter)`: Ludii's move counter (see [`Effect::SetCounter`]).
    Counter,
    /// `(value Pending)`: the pending value when there is exactly one, else 0.
    Pending,
    /// `(ahead SITE [steps:N] DIRECTION)` for an absolute direction: the
    /// site N steps along the first radial from SITE in DIRECTION that is
    /// long enough, else SITE itself (-1 when SITE is undefined).
    Ahead {
        site: SiteExpr,
        steps: Box<IntExpr>,
        direction: AbsoluteDirection,
    },
    /// `(* A B ...)`.
    Mul(Vec<IntExpr>),
    /// `(ahead SITE [steps:N] SameDirection|OppositeDirection)`
    /// (`Ahead.eval`): the heading is the last of `candidates` whose radial
    /// from `(from)` passes through `(to)` (SameDirection), or from `(to)`
    /// through `(from)` (OppositeDirection), each the last move's when
    /// unset; then as [`IntExpr::Ahead`].
    AheadRelative {
        site: SiteExpr,
        steps: Box<IntExpr>,
        opposite: bool,
        candidates: Vec<AbsoluteDirection>,
    },
    /// `(trackSite Move [from:S] [WHO|"Name"] steps:N)` (Ludii's
    /// `TrackSiteMove`): the site N steps after S on WHO's track (the
    /// first whose name contains "Name" and owned by WHO, else the first
    /// containing it, else WHO's first track, else the first of nobody);
    /// -1 past the end of an open track.
    TrackSiteMove {
        from: SiteExpr,
        who: PlayerRef,
        name: Option<String>,
        steps: Box<IntExpr>,
    },
    /// `(trackSite FirstSite [WHO] ["Name"] [from:S] [if:C])` (Ludii's
    /// `TrackSiteFirstTrack`): on the track chosen as Ludii does (see the
    /// interpreter's `first_track_site`), the first site from S (the
    /// track's first site without S, or where S is undefined) going round
    /// where C holds with it as `(to)`; -1 where none does or S is not on
    /// the track.
    TrackSiteFirst {
        who: Option<PlayerRef>,
        name: Option<String>,
        from: Option<SiteExpr>,
        condition: Box<Cond>,
    },
    /// `(count Pips)` (Ludii's `CountPips`): the sum of the shared dice's
    /// values (`sumDice`: the faces the dice show, used or not).
    CountPips,
    /// `(pips)` (Ludii's `Pips`): the value of the die `(forEach Die ...)`
    /// is at, -1 (Off) outside one.
    Pips,
    /// `(count Turns)` (Ludii's `CountTurns`): the turn number, 1 at the
    /// start, one more each time the mover changes.
    CountTurns,
    /// `(count MovesThisTurn)` (Ludii's `CountMovesThisTurn`): the moves the
    /// mover made before in this turn (0 at its start; a swap starts a turn).
    CountMovesThisTurn,
    /// `(var ["Name"])`: variable number N (-1 until set).
    Var(u16),
    /// `(value Player WHO)`: WHO's value (-1 until set).
    PlayerValue(PlayerRef),
    /// `(if C A B)` over integers.
    If {
        condition: Box<Cond>,
        then: Box<IntExpr>,
        otherwise: Box<IntExpr>,
    },
    /// `(mapEntry ["Name"] KEY)`: the value of the first map (of that
    /// name) with an entry for KEY, else KEY itself.
    MapEntry {
        map: Option<String>,
        key: Box<IntExpr>,
    },
    /// `(/ A B)`: Java's integer division (towards zero).
    Div(Box<IntExpr>, Box<IntExpr>),
    /// `(count Pieces [WHO] ["Name"] [in:REGION])` (Ludii's `CountPieces`):
    /// how many of these pieces the board and hands hold (each level of a
    /// stack, each piece of a count).
    CountPieces(Box<Pieces>),
    /// `(count Liberties [at:S] [DIRS])` (Ludii's `CountLiberties`): the
    /// empty sites next to the group of the piece at S (`(last To)` by
    /// default), the group being the sites reached from S through DIRS that
    /// hold the same component.
    CountLiberties {
        at: SiteExpr,
        directions: Directions,
        /// `if:C`: the group's sites also satisfy C (tested with the site
        /// as `(to)` and S as `(from)`).
        condition: Option<Box<Cond>>,
    },
    /// `(size Territory WHO [DIR])` (Ludii's `SizeTerritory`): the empty
    /// sites in groups of empty sites (joined by DIR, `Adjacent` by
    /// default) whose every neighbour off the group is WHO's.
    SizeTerritory {
        who: PlayerRef,
        direction: AbsoluteDirection,
    },
    /// `(count [TYPE] at:S)`, `(count [TYPE] in:REGION)` (Ludii's
    /// `CountNumber`): how many pieces the sites hold (a count in a hand,
    /// the stack's height in a stacking game, 1 for an occupied site).
    CountAt(Box<Region>),
    /// `(size Array (values Remembered ["Name"]))`: how many values the
    /// list holds (each as often as it was remembered).
    RememberedCount(u16),
}

/// Which pieces `(no Pieces ...)` and `(count Pieces ...)` look at: WHO's
/// (every player's when `None`, Ludii's `All`; never the neutral ones), of
/// the components in `kinds` (`what`, 1-based: those whose name contains
/// the "Name" given, as Ludii matches it) when given, within REGION when
/// given.
#[derive(Clone, Debug)]
pub struct Pieces {
    pub who: Option<PlayerRef>,
    pub kinds: Option<Vec<u8>>,
    pub within: Option<Region>,
}

/// `(is Line N [dirs] [exact:B])`: N or more (exactly N with `exact`) pieces of
/// the last mover in a row through the last placed piece.
#[derive(Clone, Debug)]
pub struct Line {
    pub length: u32,
    pub directions: AbsoluteDirection,
    pub exact: bool,
    /// Which components make the line.
    pub pieces: LinePieces,
    /// `contiguous:False`: the line's pieces need not be next to each
    /// other (each radial counts every matching site up to the edge).
    pub contiguous: bool,
    /// `if:C`: every site of the line (the pivot first, with `(to)` = the
    /// site) must also satisfy C; a pivot failing it fails the whole test.
    pub condition: Option<Box<Cond>>,
}

/// The components `(is Line ...)` counts (Ludii's `whats`); the pivot must
/// hold one of them.
#[derive(Clone, Debug)]
pub enum LinePieces {
    /// The pivot's component (the default).
    Pivot,
    /// `(is Line N WHO)`: every component WHO owns.
    Owner(PlayerRef),
    /// `what:N` or `whats:{N...}`: these components.
    Whats(Vec<IntExpr>),
}

/// `(is Line N ... [through:S] [byLevel:B])` where the line passes through S
/// (not the last `to`), or in a stacking game.
#[derive(Clone, Debug)]
pub struct LineAt {
    pub line: Line,
    pub through: SiteExpr,
    /// `byLevel:True` in a stacking game: lines run up the stack and across
    /// neighbouring stacks at the same, rising or falling levels.
    pub by_level: bool,
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
    /// `(byScore {(score P N)...})`: each player's score set to N first.
    pub final_scores: Vec<(PlayerRef, IntExpr)>,
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
    /// `(byScore [misere:B])`: everyone is ranked by score (lowest first
    /// when misère) and the game ends.
    ByScore {
        misere: bool,
    },
}
