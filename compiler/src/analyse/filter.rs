//! The Filter playout (Ludii's `PlayoutFilter`): a phase whose play rule is
//! `(do A ifAfterwards:C)`, `(if X B (do A ifAfterwards:C))` or
//! `(or (do A ifAfterwards:C) (move Pass))` in a game without chance. Its
//! legal moves are the moves of A after which C holds; the playout lists A's
//! moves without testing C, draws one, and tests only that one (see
//! `ludemic_runtime::filter`). The test is Ludii's, made on the model
//! (`Game.addCustomPlayouts`; `shared/notes/playout-variants.md` §1.2).

use crate::ir::{Cond, GameModel, Moves};

/// A play rule the Filter playout applies to, with its parts.
#[derive(Clone, Copy, Debug)]
pub enum FilterShape<'m> {
    /// `(do PRIOR ifAfterwards:AFTER)`: every move is tested.
    Do { prior: &'m Moves, after: &'m Cond },
    /// `(if CONDITION THEN (do PRIOR ifAfterwards:AFTER))`: where CONDITION
    /// holds, THEN's moves are legal as they are.
    IfElseDo {
        condition: &'m Cond,
        then: &'m Moves,
        prior: &'m Moves,
        after: &'m Cond,
    },
    /// `(or (do PRIOR ifAfterwards:AFTER) PASS)`: the pass is never tested.
    DoOrPass {
        prior: &'m Moves,
        after: &'m Cond,
        pass: &'m Moves,
    },
}

/// A composite's own `(then ...)` is part of the composite in Ludii (the
/// variant tests the composite's class), and the moves carry it either way.
fn inside_then(moves: &Moves) -> &Moves {
    match moves {
        Moves::Then(inner, _) => inside_then(inner),
        other => other,
    }
}

/// `(do PRIOR ifAfterwards:AFTER)`, with or without its own `(then ...)`.
fn do_parts(moves: &Moves) -> Option<(&Moves, &Cond)> {
    match inside_then(moves) {
        Moves::Do { prior, after } => Some((prior, after)),
        _ => None,
    }
}

/// The Filter shape of a play rule, if it has one.
pub fn shape(play: &Moves) -> Option<FilterShape<'_>> {
    match inside_then(play) {
        Moves::Do { prior, after } => Some(FilterShape::Do { prior, after }),
        Moves::If {
            condition,
            then,
            otherwise: Some(otherwise),
        } => {
            let (prior, after) = do_parts(otherwise)?;
            Some(FilterShape::IfElseDo {
                condition,
                then,
                prior,
                after,
            })
        }
        Moves::Or(list) => match list.as_slice() {
            [first, pass @ Moves::Pass { .. }] => {
                let (prior, after) = do_parts(first)?;
                Some(FilterShape::DoOrPass { prior, after, pass })
            }
            _ => None,
        },
        _ => None,
    }
}

/// The Filter shape of each phase (`None` where the playout is another).
/// Ludii tests this only in games without chance.
pub fn phases(model: &GameModel) -> Vec<Option<FilterShape<'_>>> {
    model
        .phases
        .iter()
        .map(|p| {
            if model.dice.is_some() || super::add_to_empty::blocker(model, &p.play).is_none() {
                None
            } else {
                shape(&p.play)
            }
        })
        .collect()
}

/// The phases played by Ludii's No-Repetition playout
/// (`PlayoutNoRepetition`): in a game with `(no Repeat ...)`, every phase
/// that takes neither add-to-empty (which Ludii then refuses) nor the
/// Filter playout. The moves are listed without the repetition test, and
/// only the drawn move is tested. Games with dice keep the standard
/// playout here (the interpreter's draw does not roll).
pub fn no_repetition_phases(model: &GameModel) -> Vec<bool> {
    let filters = phases(model);
    model
        .phases
        .iter()
        .zip(&filters)
        .map(|(_, shape)| model.no_repeat.is_some() && model.dice.is_none() && shape.is_none())
        .collect()
}

/// Why a phase takes the No-Repetition playout.
pub const NO_REPETITION_REASON: &str =
    "the game forbids repeated positions (no Repeat): the moves are drawn before the \
     repetition test and only the drawn move is applied to a copy and tested (Ludii's \
     PlayoutNoRepetition)";

/// Why a phase's play rule takes the Filter playout (`no_repeat`: the game
/// also forbids repeated positions, which the drawn move is tested for).
pub fn reason_with(shape: &FilterShape<'_>, no_repeat: bool) -> String {
    let mut why = reason(shape).to_owned();
    if no_repeat {
        why.push_str(
            "; the game also forbids repeated positions (no Repeat), and the drawn move is \
             tested for it too (Ludii prefers PlayoutFilter to PlayoutNoRepetition)",
        );
    }
    why
}

/// Why a phase's play rule takes the Filter playout.
pub fn reason(shape: &FilterShape<'_>) -> &'static str {
    match shape {
        FilterShape::Do { .. } => {
            "the play rule is (do A ifAfterwards:C): A's moves are drawn untested and \
             only the drawn move is tested against C (Ludii's PlayoutFilter)"
        }
        FilterShape::IfElseDo { .. } => {
            "the play rule is (if X B (do A ifAfterwards:C)): where X fails, A's moves are \
             drawn untested and only the drawn move is tested against C (Ludii's PlayoutFilter)"
        }
        FilterShape::DoOrPass { .. } => {
            "the play rule is (or (do A ifAfterwards:C) (move Pass)): A's moves and the pass \
             are drawn untested and only a drawn move of A is tested against C (Ludii's \
             PlayoutFilter)"
        }
    }
}

/// Why a phase's play rule does not take the Filter playout.
pub fn blocker(model: &GameModel, play: &Moves) -> String {
    if model.dice.is_some() && shape(play).is_some() {
        "the game has chance (dice): Ludii tries the Filter playout only without it".to_owned()
    } else {
        "the play rule is neither a single (move Add ...) nor (do ... ifAfterwards:...) \
         alone, in the else branch of an (if ...), or or-ed with (move Pass)"
            .to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Cond, Moves};

    fn pass(rule: u16) -> Moves {
        Moves::Pass { rule, then: None }
    }

    fn do_pass() -> Moves {
        Moves::Do {
            prior: Box::new(pass(0)),
            after: Cond::True,
        }
    }

    #[test]
    fn recognises_ludiis_three_shapes_and_nothing_else() {
        assert!(matches!(shape(&do_pass()), Some(FilterShape::Do { .. })));
        let if_else = Moves::If {
            condition: Cond::True,
            then: Box::new(pass(1)),
            otherwise: Some(Box::new(do_pass())),
        };
        assert!(matches!(
            shape(&if_else),
            Some(FilterShape::IfElseDo { .. })
        ));
        let or_pass = Moves::Or(vec![do_pass(), pass(2)]);
        assert!(matches!(
            shape(&or_pass),
            Some(FilterShape::DoOrPass { .. })
        ));
        // The do must be the else branch, and first of exactly two with a pass.
        let if_then = Moves::If {
            condition: Cond::True,
            then: Box::new(do_pass()),
            otherwise: Some(Box::new(pass(1))),
        };
        assert!(shape(&if_then).is_none());
        assert!(shape(&Moves::Or(vec![pass(2), do_pass()])).is_none());
        assert!(shape(&Moves::Or(vec![do_pass(), pass(2), pass(3)])).is_none());
        assert!(shape(&pass(4)).is_none());
    }
}
