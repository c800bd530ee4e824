//! Static analysis of a game model: what the compiled state must hold, and
//! which specialisations the rules allow. Each analysis is a module named
//! for what it decides; [`analyse`] runs them all under the [`Switches`]
//! and the code generator follows the resulting [`Analysis`] — it never
//! decides on its own.
//!
//! The playout variant follows Ludii's own test (`Game.addCustomPlayouts`,
//! see `shared/notes/playout-variants.md`), made on the model, plus the
//! draws the generator adds (target sets, site by site, by counting), all
//! of which keep the standard playout's distribution.

pub mod add_to_empty;
pub mod bit_dispatch;
pub mod connection_playout;
pub mod connectivity;
pub mod counted;
pub mod custodial;
pub mod features;
pub mod fills;
pub mod filter;
pub mod line_masks;
pub mod sitewise;
pub mod slides;
pub mod stacked_lines;
pub mod stacks;
pub mod target_sets;
pub mod threat_probe;
pub mod turns;

use std::fmt;

use crate::ir::GameModel;

pub use features::Features;

/// The specialisations the analyses may choose. Every one can be turned
/// off, for a differential test or a speed comparison; the default turns
/// them all on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Switches {
    /// Play "place on any empty site" phases by drawing from a list of empty
    /// sites instead of generating every legal move.
    pub add_to_empty: bool,
    /// Play `(do A ifAfterwards:C)` phases by Ludii's Filter playout: A's
    /// moves drawn untested, only the drawn move tested against C.
    pub filter: bool,
    /// Test `(is Line ...)` with precomputed windows on boards of at most
    /// 64 sites (otherwise walk rays from the pivot).
    pub line_windows: bool,
    /// Test `(is Line ...)` on larger boards with a bit mask per component
    /// and line, kept at each change of a site (see [`line_masks`]).
    pub line_masks: bool,
    /// Count consecutive passes instead of keeping recent moves, when every
    /// turn is a single move.
    pub pass_counter: bool,
    /// Leave out Ludii's turn and move limit checks when every move fills a
    /// site, so the game provably ends before them.
    pub skip_unreachable_limits: bool,
    /// Keep groups in a union–find updated at each placement for connection
    /// tests, when pieces are only ever placed.
    pub incremental_connectivity: bool,
    /// Keep a player's steps, leaps and one-site hops as bitboard target sets
    /// (pieces shifted by a site difference, masked by the allowed sites),
    /// and draw a playout's move over the sets' sizes without listing moves.
    pub target_sets: bool,
    /// Where the play rules give at most one move per site of a region
    /// (`(move Add (to R))`, `(forEach Site R (append E))`), draw a
    /// playout's move by trying the region's sites in a random order.
    pub sitewise_draw: bool,
    /// Find the sites a plain slide (over empty sites, any distance) or a
    /// shot reaches as bitboards: each ray's mask cut at its first blocker.
    pub slide_masks: bool,
    /// Where every move comes from such bitboards (Amazons' slides and
    /// shots), draw a playout's move by counting them, one draw, and
    /// walking to the drawn one, without listing moves.
    pub counted_draw: bool,
    /// In a crate built for the x86-64 baseline, run a copy of the playout
    /// compiled with popcnt, lzcnt and BMI1/2 where the processor has them,
    /// when the playout leans on bit counting (see [`bit_dispatch`]).
    pub bit_dispatch: bool,
    /// Find the sites a `(custodial ...)` flanks by shifting bitboards
    /// along each direction, where its walk is one (see [`custodial`]).
    pub custodial_shifts: bool,
    /// Play a two-sided connection game (Hex) out with each player's stones
    /// joined to its first side grown as bitboards, instead of applying
    /// each move in full (see [`connection_playout`]).
    pub connection_playout: bool,
    /// Play a game of stacks topped by the mover's piece until a line by
    /// level (Connect Four) out with each player's cells as one word and
    /// the line tested by shifts (see [`stacked_lines`]).
    pub stacked_lines: bool,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            add_to_empty: true,
            filter: true,
            line_windows: true,
            line_masks: true,
            pass_counter: true,
            skip_unreachable_limits: true,
            incremental_connectivity: true,
            target_sets: true,
            sitewise_draw: true,
            slide_masks: true,
            counted_draw: true,
            bit_dispatch: true,
            custodial_shifts: true,
            connection_playout: true,
            stacked_lines: true,
        }
    }
}

impl Switches {
    /// Every specialisation off: the plain code paths (flood fills, rays,
    /// the recent-moves history, limit checks, move lists, standard playouts).
    pub fn none() -> Self {
        Switches {
            add_to_empty: false,
            filter: false,
            line_windows: false,
            line_masks: false,
            pass_counter: false,
            skip_unreachable_limits: false,
            incremental_connectivity: false,
            target_sets: false,
            sitewise_draw: false,
            slide_masks: false,
            counted_draw: false,
            bit_dispatch: false,
            custodial_shifts: false,
            connection_playout: false,
            stacked_lines: false,
        }
    }
}

/// How a playout draws its moves.
#[derive(Clone, Debug)]
pub enum Draw<'m> {
    /// List the legal moves, pick one (phases proven add-to-empty aside).
    Listed,
    /// One draw over bitboard target sets (see [`target_sets`]).
    TargetSets(Vec<target_sets::PlayerSets>),
    /// The region's sites in a random order (see [`sitewise`]).
    SiteWise(sitewise::SiteRule<'m>),
    /// Count the bitboard reaches, draw an index (see [`counted`]).
    Counted,
}

/// Everything decided about one game, which the code generator follows.
#[derive(Clone, Debug)]
pub struct Analysis<'m> {
    /// What the state holds beyond pieces, and what cannot be compiled.
    pub features: Features,
    /// The playout's draw.
    pub draw: Draw<'m>,
    /// The phases played as add-to-empty, with their placement rule.
    pub add_to_empty: Vec<(usize, u16)>,
    /// The phases played by the Filter playout (where the listed standard
    /// playout would otherwise run).
    pub filter: Vec<bool>,
    /// Connection tests read a union–find kept at each placement.
    pub union_find: Option<connectivity::UnionFind>,
    /// `(is Line ...)` reads precomputed windows (boards of at most 64 sites).
    pub line_windows: bool,
    /// `(is Line ...)` reads per-line masks (larger boards, where exact).
    pub line_masks: Option<line_masks::LineMasks>,
    /// Trailing passes are counted instead of recent moves kept.
    pub pass_counter: bool,
    /// Ludii's turn and move limits cannot be reached: no checks.
    pub skip_limits: bool,
    /// Plain slides and shots reach their sites as bitboards.
    pub slide_masks: bool,
    /// Every move fills an empty site: a placement never replaces a piece.
    pub only_fills: bool,
    /// A move may leave its mover to move again (`moveAgain`, swap).
    pub moves_again: bool,
    /// The playout is dispatched at run time to a copy compiled with the
    /// bit instructions, in crates built without them.
    pub bit_dispatch: bool,
    /// Custodial lines may be found by shifts ([`custodial::shifts`] says
    /// for which).
    pub custodial_shifts: bool,
    /// The add-to-empty phase is played out by the connection playout.
    pub connection_playout: Option<connection_playout::ConnectionPlayout>,
    /// The site-wise draw's game is played out by the stacked-line playout.
    pub stacked_lines: Option<stacked_lines::StackedLines>,
}

/// Runs every analysis of `model` under `switches`.
pub fn analyse<'m>(model: &'m GameModel, switches: &Switches) -> Analysis<'m> {
    let features = features::features(model);
    // Hands and counts (a site may hold several pieces, the bitboards hold
    // the hands' sites after the board's): the plain code paths, whose
    // bitboards and tables stay on the board.
    // Dice: the playout lists the moves of the rolled state (the drawn
    // playouts and add-to-empty do not roll).
    let switches = &if model.dice.is_some() {
        Switches {
            add_to_empty: false,
            target_sets: false,
            sitewise_draw: false,
            counted_draw: false,
            ..switches.clone()
        }
    } else {
        switches.clone()
    };
    let switches = &if holds_counts(model) {
        Switches {
            target_sets: false,
            sitewise_draw: false,
            counted_draw: false,
            line_masks: false,
            incremental_connectivity: false,
            custodial_shifts: false,
            ..switches.clone()
        }
    } else {
        switches.clone()
    };
    let add_to_empty: Vec<(usize, u16)> = if switches.add_to_empty {
        add_to_empty::phases(model)
    } else {
        Vec::new()
    };
    // A game forbidding repeated positions tests each move: its playouts
    // list the moves (or draw and test them, in the interpreter).
    let draw = if model.no_repeat.is_some() {
        Draw::Listed
    } else if let Some(sets) = switches
        .target_sets
        .then(|| target_sets::plan(model))
        .flatten()
    {
        Draw::TargetSets(sets)
    } else if !add_to_empty.is_empty() {
        Draw::Listed
    } else if let Some(rule) = switches
        .sitewise_draw
        .then(|| sitewise::plan(model))
        .flatten()
    {
        Draw::SiteWise(rule)
    } else if switches.counted_draw && switches.slide_masks && counted::applies(model, &features) {
        Draw::Counted
    } else {
        Draw::Listed
    };
    // The Filter playout runs where moves are listed (no drawn variant).
    // In a game with `(no Repeat ...)`, the phases without a Filter shape
    // take Ludii's No-Repetition playout, which the same code draws.
    let filter: Vec<bool> =
        if switches.filter && matches!(draw, Draw::Listed) && add_to_empty.is_empty() {
            let no_repetition = filter::no_repetition_phases(model);
            filter::phases(model)
                .iter()
                .zip(no_repetition)
                .map(|(shape, no_rep)| shape.is_some() || no_rep)
                .collect()
        } else {
            vec![false; model.phases.len()]
        };
    let only_fills = fills::only_fills(model);
    let union_find = if switches.incremental_connectivity {
        connectivity::UnionFind::plan(model, only_fills)
    } else {
        None
    };
    let line_windows = switches.line_windows && model.board.num_sites() < 64;
    let line_masks = (switches.line_masks && !line_windows)
        .then(|| line_masks::plan(model, &features))
        .flatten();
    let bit_dispatch =
        switches.bit_dispatch && bit_dispatch::pays(&draw, &add_to_empty, union_find.is_some());
    let skip_limits =
        switches.skip_unreachable_limits && turns::limits_unreachable(model, only_fills);
    let connection_playout = switches
        .connection_playout
        .then(|| connection_playout::plan(model, &add_to_empty, union_find.as_ref(), skip_limits))
        .flatten();
    let stacked_lines = match &draw {
        Draw::SiteWise(rule) if switches.stacked_lines => {
            stacked_lines::plan(model, rule, features.stack_capacity, skip_limits)
        }
        _ => None,
    };
    Analysis {
        connection_playout,
        stacked_lines,
        bit_dispatch,
        custodial_shifts: switches.custodial_shifts,
        draw,
        add_to_empty,
        filter,
        union_find,
        line_windows,
        line_masks,
        pass_counter: switches.pass_counter && turns::single_move_turns(model, &features),
        skip_limits,
        slide_masks: switches.slide_masks,
        only_fills,
        moves_again: features.move_again || model.swap,
        features,
    }
}

/// Whether the generated state holds hands or counts of pieces: sites
/// beyond the board's (a hand's, numbered after the board's), or several
/// pieces of one component on a site.
pub fn holds_counts(model: &GameModel) -> bool {
    !model.hands.is_empty() || model.requires_count
}

/// A playout implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutVariant {
    /// Generate every legal move and pick one uniformly.
    Standard,
    /// Place on a uniformly chosen empty site; no move generation.
    AddToEmpty,
    /// Add-to-empty, each player's stones joined to its first side kept as
    /// a bitboard (two-sided connection games, see [`connection_playout`]).
    Connection,
    /// Draw one move over bitboard target sets, without listing the moves.
    TargetSets,
    /// Try the play rules' sites in a random order; the first with a move.
    SiteWise,
    /// The site-wise draw over stacks, each player's cells as one word and
    /// its line by level found by shifts (see [`stacked_lines`]).
    StackedLines,
    /// Count the moves' bitboard reaches, draw an index, walk to it.
    Counted,
    /// List the moves before their `ifAfterwards:` test; test only the
    /// drawn move (Ludii's `PlayoutFilter`).
    Filter,
    /// List the moves before the `(no Repeat ...)` test; test only the
    /// drawn move (Ludii's `PlayoutNoRepetition`).
    NoRepetition,
}

impl fmt::Display for PlayoutVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayoutVariant::Standard => "standard",
            PlayoutVariant::AddToEmpty => "add-to-empty",
            PlayoutVariant::Connection => "connection",
            PlayoutVariant::TargetSets => "target-sets",
            PlayoutVariant::SiteWise => "site-wise",
            PlayoutVariant::StackedLines => "stacked-lines",
            PlayoutVariant::Counted => "counted",
            PlayoutVariant::Filter => "filter",
            PlayoutVariant::NoRepetition => "no-repetition",
        })
    }
}

/// The variant chosen for one phase, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutChoice {
    pub phase: usize,
    pub variant: PlayoutVariant,
    pub reason: String,
}

/// The playout variant of every phase with every specialisation on, and why.
pub fn select_playouts(model: &GameModel) -> Vec<PlayoutChoice> {
    let analysis = analyse(model, &Switches::default());
    let filter_phases = filter::phases(model);
    let no_repetition = filter::no_repetition_phases(model);
    let whole_game = |variant, reason: &str| {
        vec![PlayoutChoice {
            phase: 0,
            variant,
            reason: reason.to_owned(),
        }]
    };
    if analysis.connection_playout.is_some() {
        return whole_game(
            PlayoutVariant::Connection,
            "two players place stones on any empty site and the only end is the mover \
             joining its two sides: the compiled playout draws the sites as add-to-empty \
             does and keeps each player's stones joined to its first side as a bitboard, \
             grown by one flood step per stone, instead of applying each move in full \
             (the add-to-empty playout's draws and games)",
        );
    }
    if analysis.stacked_lines.is_some() {
        return whole_game(
            PlayoutVariant::StackedLines,
            "two players put their own piece on top of any stack not yet full and the only \
             end is the mover's line by level: the compiled playout draws the sites as the \
             site-wise draw does, keeps each player's cells (site, level) as one word and \
             finds the line through the new piece by shifts, without applying each move \
             (the site-wise draw's games)",
        );
    }
    match analysis.draw {
        Draw::TargetSets(_) => whole_game(
            PlayoutVariant::TargetSets,
            "every move is a step, leap or one-site hop onto sites chosen without looking \
             at where the piece comes from: the compiled playout draws from bitboard \
             target sets without listing moves (the standard playout's distribution)",
        ),
        Draw::SiteWise(rule) if sitewise::flanking(model, &rule).is_some() => whole_game(
            PlayoutVariant::SiteWise,
            "a site has a move exactly when a custodial line found by shifts flanks from \
             it: the compiled playout finds every such site at once, by occluded fills \
             backwards from the closing pieces, and draws one without listing moves (the \
             standard playout's distribution)",
        ),
        Draw::SiteWise(_) => whole_game(
            PlayoutVariant::SiteWise,
            "the play rules give at most one move per site of a region: the compiled \
             playout tries the region's sites in a random order and takes the first \
             with a move, without listing moves (the standard playout's distribution)",
        ),
        Draw::Counted => whole_game(
            PlayoutVariant::Counted,
            "every move is a slide or a shot whose reach is a bitboard, a step, leap or \
             hop of all of a kind's pieces at once (target sets), or a move of the one \
             piece at a given site: the compiled playout counts the moves (a priority's \
             generators in turn), draws an index and walks to that move, without \
             listing moves (the standard playout's distribution)",
        ),
        Draw::Listed => model
            .phases
            .iter()
            .enumerate()
            .map(|(phase, p)| {
                let (variant, reason) = match add_to_empty::blocker(model, &p.play) {
                    None => (
                        PlayoutVariant::AddToEmpty,
                        add_to_empty::reason(&p.play).to_owned(),
                    ),
                    Some(why) => match filter_phases[phase] {
                        Some(shape) => (
                            PlayoutVariant::Filter,
                            filter::reason_with(&shape, model.no_repeat.is_some()),
                        ),
                        None if no_repetition[phase] => (
                            PlayoutVariant::NoRepetition,
                            filter::NO_REPETITION_REASON.to_owned(),
                        ),
                        // Ludii's Filter test comes after the add-to-empty
                        // one: name the blocker of the nearer miss.
                        None if matches!(p.play, crate::ir::Moves::Add(_)) => {
                            (PlayoutVariant::Standard, why)
                        }
                        None => (PlayoutVariant::Standard, filter::blocker(model, &p.play)),
                    },
                };
                PlayoutChoice {
                    phase,
                    variant,
                    reason,
                }
            })
            .collect(),
    }
}
