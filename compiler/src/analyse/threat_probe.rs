//! The enemy's play rules as a threat test sees them. `(is Threatened ...)`
//! generates the enemy's moves (Ludii's `IsThreatened`), and inside them
//! every nested threat test fails at once (`autoFail`), so a condition built
//! only from threats and constants is decided before any state is read; a
//! `(do A ifAfterwards:C)` whose C is decided true keeps A's moves without
//! testing C (`Do.canMoveTo`: `autoSucceeds`). The code generator compiles
//! the probe that way; this module says which parts of a play rule it then
//! never reads, and whether what it reads names `Next` (whose value there
//! the test must then pass on).

use crate::ir::{Cond, Moves};

/// The value of a condition inside the enemy's moves of a threat test,
/// where `(is Threatened ...)` fails at once: `Some` when that alone
/// decides it (Chess's `(not (is Threatened (id "King" Mover)))` is true).
pub fn decided_in_threat(c: &Cond) -> Option<bool> {
    match c {
        Cond::Threatened(_) => Some(false),
        Cond::True => Some(true),
        Cond::False => Some(false),
        Cond::Not(c) => decided_in_threat(c).map(|v| !v),
        Cond::And(cs) => decided_together(cs, false),
        Cond::Or(cs) => decided_together(cs, true),
        _ => None,
    }
}

/// An `and` (`absorbing` false) or `or` (`absorbing` true) of parts: decided
/// by one part decided as `absorbing`, or by all parts decided otherwise.
fn decided_together(cs: &[Cond], absorbing: bool) -> Option<bool> {
    let vs: Vec<Option<bool>> = cs.iter().map(decided_in_threat).collect();
    if vs.contains(&Some(absorbing)) {
        Some(absorbing)
    } else if vs.iter().all(|v| *v == Some(!absorbing)) {
        Some(!absorbing)
    } else {
        None
    }
}

/// Whether the moves a threat test generates from `moves` read the player
/// `Next`: the parts the probe skips (a `do`'s decided test, the moves'
/// consequences) are left out,
/// every other part counts if its debug form names `Next` (each
/// `PlayerRef::Next` is written so, and no other name is).
pub fn probe_reads_next(moves: &Moves) -> bool {
    let names = |text: String| text.contains("Next");
    match moves {
        Moves::Do { prior, after } => {
            probe_reads_next(prior)
                || (decided_in_threat(after) != Some(true) && names(format!("{after:?}")))
        }
        Moves::If {
            condition,
            then,
            otherwise,
        } => {
            names(format!("{condition:?}"))
                || probe_reads_next(then)
                || otherwise.as_deref().is_some_and(probe_reads_next)
        }
        Moves::Priority(parts) | Moves::Or(parts) => parts.iter().any(probe_reads_next),
        // Consequences run when a move is applied, never in a probe.
        Moves::Then(inner, _) => probe_reads_next(inner),
        Moves::MaxMoves(inner) => probe_reads_next(inner),
        Moves::Move(pm) => names(format!(
            "{:?}",
            crate::ir::PieceMove {
                then: None,
                ..(**pm).clone()
            }
        )),
        Moves::Add(add) => names(format!(
            "{:?}",
            crate::ir::Add {
                then: None,
                ..add.clone()
            }
        )),
        other => names(format!("{other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Cond, Moves, PlayerRef, Threatened};

    fn threat() -> Cond {
        Cond::Threatened(Box::new(Threatened {
            what: None,
            at: None,
            moves: None,
        }))
    }

    fn next_cannot_move() -> Cond {
        Cond::Not(Box::new(Cond::IsPrev(PlayerRef::Next)))
    }

    #[test]
    fn a_threat_decides_what_contains_it() {
        assert_eq!(
            decided_in_threat(&Cond::Not(Box::new(threat()))),
            Some(true)
        );
        // Minishogi's pawn drop: not (in check and the next player cannot move).
        let mate = Cond::Not(Box::new(Cond::And(vec![threat(), next_cannot_move()])));
        assert_eq!(decided_in_threat(&mate), Some(true));
        assert_eq!(
            decided_in_threat(&Cond::Or(vec![threat(), next_cannot_move()])),
            None
        );
    }

    #[test]
    fn a_skipped_test_reads_nothing() {
        let pass = || Moves::Pass {
            rule: 0,
            then: None,
        };
        let skipped = Moves::Do {
            prior: Box::new(pass()),
            after: Cond::Not(Box::new(Cond::And(vec![threat(), next_cannot_move()]))),
        };
        assert!(!probe_reads_next(&skipped));
        let tested = Moves::Do {
            prior: Box::new(pass()),
            after: next_cannot_move(),
        };
        assert!(probe_reads_next(&tested));
        let chosen = Moves::If {
            condition: next_cannot_move(),
            then: Box::new(pass()),
            otherwise: None,
        };
        assert!(probe_reads_next(&chosen));
    }
}
