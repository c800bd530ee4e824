//! The connection playout (Hex and its kin): where two players alternately
//! place a stone on any empty site and the only end is the mover's stones
//! joining two regions (its two sides), a playout keeps, for each player,
//! its stones and the part of them joined to its first side, grown as each
//! stone comes; the mover has joined when that part reaches the second side.
//!
//! Why it is exact: a group touching both sides touches the first, so it
//! lies in the part joined to the first side; and that part reaches the
//! second side only through such a group. Stones are never removed, so the
//! part only grows, each stone entering it once: one flood step per stone
//! over the whole playout, instead of the union–find's neighbour finds,
//! and none of the bookkeeping of a move applied in full. The sites are
//! drawn as the add-to-empty playout draws them, so both playouts give the
//! same game from the same generator.

use crate::ir::{
    Cond, ConnectTargets, EndRule, GameModel, Moves, PlayerRef, ResultKind, ResultPlayer,
};

use super::connectivity::UnionFind;

/// What the connection playout needs: the placement rule, and for each
/// player (index 0 unused) the indices of its two sides among the
/// union–find's regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionPlayout {
    pub rule: u16,
    pub sides: Vec<[usize; 2]>,
}

/// The plan, where the game is such a connection game: one phase played
/// as add-to-empty (`add_to_empty`) with no consequence, two players, the
/// regions known to the union–find (`union_find`), Ludii's limits out of
/// reach (`limits_unreachable`), and one end rule, `(if (is Connected
/// Mover ...) (result Mover Win|Loss))` joining two regions.
pub fn plan(
    model: &GameModel,
    add_to_empty: &[(usize, u16)],
    union_find: Option<&UnionFind>,
    limits_unreachable: bool,
) -> Option<ConnectionPlayout> {
    let &[(0, rule)] = add_to_empty else {
        return None;
    };
    let [phase] = model.phases.as_slice() else {
        return None;
    };
    let Moves::Add(add) = &phase.play else {
        return None;
    };
    let uf = union_find?;
    // A consequence (even one deciding who moves next) would break the
    // alternation of the players.
    if add.then.is_some()
        || model.num_players != 2
        || !limits_unreachable
        || !phase.end.is_empty()
        || !phase.next.is_empty()
    {
        return None;
    }
    let [end] = model.end.as_slice() else {
        return None;
    };
    let test = mover_connects(end)?;
    let masks: Vec<u32> = match &test.targets {
        ConnectTargets::PlayerRegions => uf.player_masks(model),
        ConnectTargets::Sets(sets) => vec![uf.mask_of(sets); model.num_players as usize + 1],
    };
    let sides = masks
        .iter()
        .enumerate()
        .map(|(player, &mask)| {
            let parts: Vec<usize> = (0..32).filter(|i| mask >> i & 1 == 1).collect();
            match parts.as_slice() {
                _ if player == 0 => Some([0, 0]),
                &[a, b] if test.number.unwrap_or(2) == 2 => Some([a, b]),
                _ => None,
            }
        })
        .collect::<Option<Vec<_>>>()?;
    Some(ConnectionPlayout { rule, sides })
}

/// The test of `(if (is Connected Mover ...) (result Mover Win|Loss))`.
fn mover_connects(rule: &EndRule) -> Option<&crate::ir::Connected> {
    let Cond::Connected(c) = &rule.condition else {
        return None;
    };
    (c.who == PlayerRef::Mover
        && rule.final_scores.is_empty()
        && rule.who == ResultPlayer::Player(PlayerRef::Mover)
        && matches!(rule.result, ResultKind::Win | ResultKind::Loss))
    .then_some(c)
}

#[cfg(test)]
mod tests {

    use super::super::{analyse, Switches};
    use super::*;

    fn plan_of(text: &str) -> Option<ConnectionPlayout> {
        let loaded = crate::load_inline(text).expect("a game");
        analyse(&loaded.model, &Switches::default()).connection_playout
    }

    /// A Hex-like game on a small square board, its end rule `END`.
    fn game(sides: &str, end: &str) -> String {
        format!(
            r#"(game "G" (players 2)
            (equipment {{ (board (square 5)) (piece "Marker" Each) {sides} }})
            (rules (play (move Add (to (sites Empty)))) (end {end})))"#
        )
    }

    const TWO_SIDES: &str = r#"(regions P1 { (sites Side N) (sites Side S) })
        (regions P2 { (sites Side W) (sites Side E) })"#;

    #[test]
    fn two_sides_each_win_or_lose_by_joining() {
        for result in ["Win", "Loss"] {
            let end = format!("(if (is Connected Mover) (result Mover {result}))");
            let plan = plan_of(&game(TWO_SIDES, &end)).expect("a two-sided connection game");
            // Each player's two sides, by their bits in the union-find.
            assert_eq!(plan.sides.len(), 3);
            assert_ne!(plan.sides[1], plan.sides[2]);
            assert_ne!(plan.sides[1][0], plan.sides[1][1]);
        }
    }

    #[test]
    fn other_ends_and_three_sides_keep_the_add_to_empty_playout() {
        let three = r#"(regions P1 { (sites Side N) (sites Side S) (sites Side W) })
            (regions P2 { (sites Side N) (sites Side S) (sites Side E) })"#;
        let joined = "(if (is Connected Mover) (result Mover Win))";
        assert_eq!(plan_of(&game(three, joined)), None);
        // A second end rule, or a result for the next player.
        let two_rules =
            "{(if (is Connected Mover) (result Mover Win)) (if (is Full) (result Mover Draw))}";
        assert_eq!(plan_of(&game(TWO_SIDES, two_rules)), None);
        let next = "(if (is Connected Mover) (result Next Win))";
        assert_eq!(plan_of(&game(TWO_SIDES, next)), None);
    }
}
