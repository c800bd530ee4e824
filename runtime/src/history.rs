//! The recent moves Ludii's all-pass rule looks back on, kept in a fixed ring
//! so a generated state stays `Copy` and a playout allocates nothing.

use crate::Player;

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
    pub fn all_passed(&self, num_players: usize, mover: Player) -> bool {
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
    fn two_passes_by_different_players_end_the_game() {
        let mut h = RecentMoves::new();
        for (m, p) in [(1, false), (2, false), (1, false), (2, true)] {
            h.push(m, p);
        }
        assert!(!h.all_passed(2, 2), "one pass is not enough");
        h.push(1, true);
        assert!(h.all_passed(2, 1));
    }

    #[test]
    fn a_move_after_a_pass_resets_and_the_ring_wraps() {
        let mut h = RecentMoves::new();
        for i in 0..200u32 {
            h.push((i % 2 + 1) as u8, false);
        }
        h.push(1, true);
        h.push(2, false);
        assert!(!h.all_passed(2, 2));
        h.push(1, true);
        h.push(2, true);
        assert!(h.all_passed(2, 2));
    }

    #[test]
    fn eliminated_players_do_not_block_the_draw() {
        // 4 players, two left: four single-pass turns by players 1 and 3.
        let mut h = RecentMoves::new();
        for (m, p) in [(1, false), (3, false), (1, true), (3, true), (1, true)] {
            h.push(m, p);
        }
        assert!(!h.all_passed(4, 1));
        h.push(3, true);
        assert!(h.all_passed(4, 3));
    }
}
