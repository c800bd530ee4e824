//! The add-to-empty playout (Ludii's `PlayoutAddToEmpty`): a phase whose
//! play rule is exactly "add the mover's piece to an empty site", with no
//! `if:` and no stacking, can be played out as a random permutation of the
//! empty sites, kept incrementally, with no move generation. Ludii also
//! requires no `then`; here a `then` that only decides who moves next is
//! allowed, as it leaves the next legal moves the empty sites (Connect6's
//! second phase).

use crate::ir::{GameModel, Moves, PieceRef, Region};

use super::fills::only_turn_order;

/// The phases played as add-to-empty, each with its placement rule.
pub fn phases(model: &GameModel) -> Vec<(usize, u16)> {
    model
        .phases
        .iter()
        .enumerate()
        .filter(|(_, p)| blocker(model, &p.play).is_none())
        .filter_map(|(i, p)| match &p.play {
            Moves::Add(a) => Some((i, a.rule)),
            _ => None,
        })
        .collect()
}

/// Why a play rule is not a plain add-to-empty, or `None` if it is.
pub fn blocker(model: &GameModel, play: &Moves) -> Option<String> {
    let Moves::Add(add) = play else {
        return Some("the play rule is not a single (move Add ...)".to_owned());
    };
    if model.dice.is_some() {
        return Some("the game has chance (dice): each move rolls them".to_owned());
    }
    // Ludii's `addCustomPlayouts` keeps add-to-empty out of games that
    // forbid repeated positions: each move must be tested.
    if model.no_repeat.is_some() {
        return Some("the game forbids repeated positions (no Repeat)".to_owned());
    }
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
    if add.site_type != model.board.site_type || add.stack || add.state.is_some() || model.stacking
    {
        return Some("the placement is on another site type, on stacks or with a state".to_owned());
    }
    None
}

/// Why an add-to-empty phase qualifies.
pub fn reason(play: &Moves) -> &'static str {
    if matches!(play, Moves::Add(a) if a.then.is_some()) {
        "the play rule places the mover's piece on (sites Empty) and its consequence only \
         decides who moves next (Ludii itself uses its standard playout here)"
    } else {
        "the play rule is exactly (move Add (to (sites Empty))) of the mover's piece"
    }
}
