//! Static analysis of a game model: which playout variant each phase gets.
//!
//! The test follows Ludii's own (`Game.addCustomPlayouts`, see
//! `shared/notes/playout-variants.md`), made on the model: a phase whose play
//! rule is exactly "add the mover's piece to an empty site", with no `if:`
//! and no stacking, in an alternating game without repetition bans, can be
//! played out as a random permutation of the empty sites. Ludii also requires
//! no `then`; here a `then` that only decides who moves next is allowed, as
//! it leaves the next legal moves the empty sites (Connect6's second phase).

use std::fmt;

use crate::ir::{Effect, GameModel, Moves, PieceRef, Region};

/// A playout implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutVariant {
    /// Generate every legal move and pick one uniformly.
    Standard,
    /// Place on a uniformly chosen empty site; no move generation.
    AddToEmpty,
    /// Draw one move over bitboard target sets, without listing the moves.
    TargetSets,
    /// Try the play rules' sites in a random order; the first with a move.
    SiteWise,
    /// Count the moves' bitboard reaches, draw an index, walk to it.
    Counted,
}

impl fmt::Display for PlayoutVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayoutVariant::Standard => "standard",
            PlayoutVariant::AddToEmpty => "add-to-empty",
            PlayoutVariant::TargetSets => "target-sets",
            PlayoutVariant::SiteWise => "site-wise",
            PlayoutVariant::Counted => "counted",
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

/// Chooses the playout variant of every phase.
pub fn select_playouts(model: &GameModel) -> Vec<PlayoutChoice> {
    if crate::codegen::target_sets_apply(model) {
        return vec![PlayoutChoice {
            phase: 0,
            variant: PlayoutVariant::TargetSets,
            reason: "every move is a step, leap or one-site hop onto sites chosen without looking \
                     at where the piece comes from: the compiled playout draws from bitboard \
                     target sets without listing moves (the standard playout's distribution)"
                .to_owned(),
        }];
    }
    if crate::codegen::sitewise_draw_applies(model) {
        return vec![PlayoutChoice {
            phase: 0,
            variant: PlayoutVariant::SiteWise,
            reason: "the play rules give at most one move per site of a region: the compiled \
                     playout tries the region's sites in a random order and takes the first \
                     with a move, without listing moves (the standard playout's distribution)"
                .to_owned(),
        }];
    }
    if crate::codegen::counted_draw_applies(model) {
        return vec![PlayoutChoice {
            phase: 0,
            variant: PlayoutVariant::Counted,
            reason: "every move is a plain slide or a shot, whose reach is a bitboard: the \
                     compiled playout counts the moves, draws an index and walks to that move, \
                     without listing moves (the standard playout's distribution)"
                .to_owned(),
        }];
    }
    model
        .phases
        .iter()
        .enumerate()
        .map(|(phase, p)| {
            let (variant, reason) = match add_to_empty_blocker(&p.play) {
                None if matches!(&p.play, Moves::Add(a) if a.then.is_some()) => (
                    PlayoutVariant::AddToEmpty,
                    "the play rule places the mover's piece on (sites Empty) and its consequence only \
                     decides who moves next (Ludii itself uses its standard playout here)"
                        .to_owned(),
                ),
                None => (
                    PlayoutVariant::AddToEmpty,
                    "the play rule is exactly (move Add (to (sites Empty))) of the mover's piece".to_owned(),
                ),
                Some(why) => (PlayoutVariant::Standard, why),
            };
            PlayoutChoice { phase, variant, reason }
        })
        .collect()
}

/// Whether a consequence only changes who moves next.
fn only_turn_order(effect: &Effect) -> bool {
    match effect {
        Effect::MoveAgain => true,
        Effect::If {
            then, otherwise, ..
        } => only_turn_order(then) && otherwise.as_deref().is_none_or(only_turn_order),
        Effect::Seq(list) => list.iter().all(only_turn_order),
        _ => false,
    }
}

/// Why a play rule is not a plain add-to-empty, or `None` if it is.
fn add_to_empty_blocker(play: &Moves) -> Option<String> {
    let Moves::Add(add) = play else {
        return Some("the play rule is not a single (move Add ...)".to_owned());
    };
    // A consequence that only decides who moves next (moveAgain, under any
    // condition) leaves the legal moves of the next step the empty sites:
    // unlike Ludii, which turns the variant off for any `then`, keep it.
    if let Some(then) = &add.then {
        if !only_turn_order(then) {
            return Some(
                "the placement has consequences (then ...) that change the board".to_owned(),
            );
        }
    }
    if add.piece != PieceRef::Mover {
        return Some("the placement names a piece instead of the mover's".to_owned());
    }
    if !matches!(add.to, Region::Empty) {
        return Some("the placement is not on (sites Empty)".to_owned());
    }
    if add.to_if.is_some() {
        return Some("the placement has an if: condition".to_owned());
    }
    None
}
