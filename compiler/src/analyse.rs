//! Static analysis of a game model: which playout variant each phase gets.
//!
//! The test is Ludii's own (`Game.addCustomPlayouts`, see
//! `shared/notes/playout-variants.md`), made on the model: a phase whose play
//! rule is exactly "add the mover's piece to an empty site", with no `then`,
//! no `if:` and no stacking, in an alternating game without repetition bans,
//! can be played out as a random permutation of the empty sites.

use std::fmt;

use crate::ir::{GameModel, Moves, PieceRef, Region};

/// A playout implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutVariant {
    /// Generate every legal move and pick one uniformly.
    Standard,
    /// Place on a uniformly chosen empty site; no move generation.
    AddToEmpty,
}

impl fmt::Display for PlayoutVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayoutVariant::Standard => "standard",
            PlayoutVariant::AddToEmpty => "add-to-empty",
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
    model
        .phases
        .iter()
        .enumerate()
        .map(|(phase, p)| {
            let (variant, reason) = match add_to_empty_blocker(&p.play) {
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

/// Why a play rule is not a plain add-to-empty, or `None` if it is.
fn add_to_empty_blocker(play: &Moves) -> Option<String> {
    let Moves::Add(add) = play else {
        return Some("the play rule is not a single (move Add ...)".to_owned());
    };
    if add.then.is_some() {
        return Some("the placement has consequences (then ...)".to_owned());
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
