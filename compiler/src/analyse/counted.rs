//! Drawing a playout's move by counting. Where every move of the play
//! rules is a plain slide of a piece or a shot (under `if`, `or` and
//! `then`) and every such slide's reach is a bitboard (`slides`), a
//! playout counts the moves with population counts, draws one index and
//! walks to it, never listing the moves (Amazons: a queen's slide, then its
//! arrow's shot); each move has the same chance as in the standard playout
//! (the differential tests check it).

use crate::ir::{GameModel, Moves, PieceMove, Reach};

/// Whether a piece move is a plain slide: over empty sites, any distance,
/// onto an empty site, in every direction it lists (not `SameDirection`).
pub fn is_plain_slide(m: &PieceMove) -> bool {
    matches!(
        &m.reach,
        Reach::Slide {
            between_if: None,
            min: None,
            max: None
        }
    ) && m.to_if.is_none()
        && !m.same_direction
}

/// Whether a single-phase game without swap has only moves the counted
/// draw can count.
pub fn applies(model: &GameModel) -> bool {
    !model.swap && model.phases.len() == 1 && countable(model, &model.phases[0].play, false)
}

/// Whether every move of `m` is a bitboard reach; `from`: inside
/// `(forEach Piece)`, where the moving piece's site is bound.
fn countable(model: &GameModel, m: &Moves, from: bool) -> bool {
    let reach = |dirs: &[crate::board::AbsoluteDirection]| {
        dirs.iter()
            .all(|&d| super::slides::monotone_rays(&model.board, d).is_some())
    };
    match m {
        Moves::Then(inner, _) => countable(model, inner, from),
        Moves::Or(list) => list.iter().all(|m| countable(model, m, from)),
        Moves::If {
            then, otherwise, ..
        } => {
            countable(model, then, from)
                && otherwise
                    .as_deref()
                    .is_none_or(|o| countable(model, o, from))
        }
        Moves::ForEachPiece(rules) => rules.iter().all(|r| countable(model, &r.moves, true)),
        Moves::Move(pm) => pm.from.is_none() && from && is_plain_slide(pm) && reach(&pm.directions),
        Moves::Shoot(shoot) => reach(&shoot.directions),
        _ => false,
    }
}
