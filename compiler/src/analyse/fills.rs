//! Games where every move fills an empty site: pieces are placed, never
//! moved, removed or replaced. Groups then only grow (a union–find can
//! follow them) and a game has a bounded length.

use crate::ir::{Effect, GameModel, Moves, Region};

/// Whether a consequence only changes who moves next.
pub fn only_turn_order(effect: &Effect) -> bool {
    match effect {
        Effect::MoveAgain => true,
        Effect::If {
            then, otherwise, ..
        } => only_turn_order(then) && otherwise.as_deref().is_none_or(only_turn_order),
        Effect::Seq(list) => list.iter().all(only_turn_order),
        _ => false,
    }
}

/// Whether every move of every phase places a piece on an empty site of
/// the board (or passes), with consequences that only decide who moves next.
pub fn only_fills(model: &GameModel) -> bool {
    fn moves(model: &GameModel, m: &Moves) -> bool {
        match m {
            Moves::Add(a) => {
                a.site_type == model.board.site_type
                    && !a.stack
                    && matches!(a.to, Region::Empty)
                    && a.then.as_ref().is_none_or(only_turn_order)
            }
            Moves::Pass { then: None, .. } => true,
            Moves::Priority(list) | Moves::Or(list) => list.iter().all(|m| moves(model, m)),
            Moves::If {
                then, otherwise, ..
            } => moves(model, then) && otherwise.as_deref().is_none_or(|o| moves(model, o)),
            _ => false,
        }
    }
    !model.stacking && model.phases.iter().all(|p| moves(model, &p.play))
}
