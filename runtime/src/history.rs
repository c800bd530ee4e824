//! What Ludii's all-pass rule looks back on: the recent moves, kept in a
//! fixed ring so a generated state stays `Copy` and a playout allocates
//! nothing ([`RecentMoves`]); or, where every turn is one move, only the
//! number of trailing passes ([`PassCount`]).

use crate::Player;

/// The record of moves the all-pass rule reads.
pub trait PassHistory: Copy {
    /// Records `mover`'s move, a pass or not.
    fn record(&mut self, mover: Player, pass: bool);
    /// Ludii's `allPass` right after `mover`'s move, the `moves`-th.
    fn all_passed(&self, num_players: u8, mover: Player, moves: u32) -> bool;
}

/// The number of trailing passes: enough where every turn is one move
/// (no `moveAgain`, no swap), since "the last n turns were passes" is then
/// "the last n moves were passes, or all of them if fewer".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassCount(u8);

impl PassCount {
    pub const fn new() -> Self {
        PassCount(0)
    }
}

impl PassHistory for PassCount {
    #[inline(always)]
    fn record(&mut self, _mover: Player, pass: bool) {
        self.0 = if pass { self.0.saturating_add(1) } else { 0 };
    }

    #[inline(always)]
    fn all_passed(&self, num_players: u8, _mover: Player, moves: u32) -> bool {
        self.0 >= num_players || self.0 as u32 == moves
    }
}

impl PassHistory for RecentMoves {
    #[inline(always)]
    fn record(&mut self, mover: Player, pass: bool) {
        self.push(mover, pass);
    }

    #[inline(always)]
    fn all_passed(&self, num_players: u8, mover: Player, _moves: u32) -> bool {
        self.turns_all_passed(num_players as usize, mover)
    }
}

/// The last [`RecentMoves::CAPACITY`] moves: mover and whether it was a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecentMoves {
    /// Entry `i` is `mover << 1 | pass`; `head` is the next slot to write.
    ring: [u8; Self::CAPACITY],
    head: u8,
    len: u8,
}

impl Default for RecentMoves {
    fn default() -> Self {
        Self::new()
    }
}

impl RecentMoves {
    /// Ludii's scan reads at most 3 moves per turn and one more: enough for 16 players.
    pub const CAPACITY: usize = 64;

    pub const fn new() -> Self {
        RecentMoves {
            ring: [0; Self::CAPACITY],
            head: 0,
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, mover: Player, pass: bool) {
        self.ring[self.head as usize] = (mover << 1) | pass as u8;
        self.head = (self.head + 1) % Self::CAPACITY as u8;
        self.len = (self.len + 1).min(Self::CAPACITY as u8);
    }

    /// The moves from newest to oldest.
    fn newest_first(&self) -> impl Iterator<Item = (Player, bool)> + '_ {
        (1..=self.len as usize).map(move |k| {
            let e = self.ring[(self.head as usize + Self::CAPACITY - k) % Self::CAPACITY];
            (e >> 1, e & 1 == 1)
        })
    }

    /// Ludii's `Context.allPass`, right after `mover`'s move: the last
    /// `num_players` turns were passes (the newest a single pass; older turns
    /// count by their earliest move and hold at most two moves).
    pub fn turns_all_passed(&self, num_players: usize, mover: Player) -> bool {
        let mut moves = self.newest_first();
        if num_players == 1 {
            return moves.next().is_some_and(|(_, pass)| pass);
        }
        let (mut last_mover, mut pass, mut count) = (mover, false, 0);
        for _ in 0..num_players {
            loop {
                let Some((m, is_pass)) = moves.next() else {
                    return pass;
                };
                if count > 1 {
                    return false;
                }
                if m != last_mover {
                    if !pass {
                        return false;
                    }
                    (last_mover, count, pass) = (m, 0, is_pass);
                    break;
                }
                count += 1;
                pass = is_pass;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_count_ends_after_every_player_passed_or_all_moves_were_passes() {
        let mut h = PassCount::new();
        h.record(1, true);
        assert!(h.all_passed(2, 1, 1), "every move so far was a pass");
        h.record(2, false);
        h.record(1, true);
        assert!(!h.all_passed(2, 1, 3));
        h.record(2, true);
        assert!(h.all_passed(2, 2, 4));
    }

    #[test]
    fn two_passes_by_different_players_end_the_game() {
        let mut h = RecentMoves::new();
        for (m, p) in [(1, false), (2, false), (1, false), (2, true)] {
            h.push(m, p);
        }
        assert!(!h.turns_all_passed(2, 2), "one pass is not enough");
        h.push(1, true);
        assert!(h.turns_all_passed(2, 1));
    }

    #[test]
    fn a_move_after_a_pass_resets_and_the_ring_wraps() {
        let mut h = RecentMoves::new();
        for i in 0..200u32 {
            h.push((i % 2 + 1) as u8, false);
        }
        h.push(1, true);
        h.push(2, false);
        assert!(!h.turns_all_passed(2, 2));
        h.push(1, true);
        h.push(2, true);
        assert!(h.turns_all_passed(2, 2));
    }

    #[test]
    fn eliminated_players_do_not_block_the_draw() {
        // 4 players, two left: four single-pass turns by players 1 and 3.
        let mut h = RecentMoves::new();
        for (m, p) in [(1, false), (3, false), (1, true), (3, true), (1, true)] {
            h.push(m, p);
        }
        assert!(!h.turns_all_passed(4, 1));
        h.push(3, true);
        assert!(h.turns_all_passed(4, 3));
    }
}
