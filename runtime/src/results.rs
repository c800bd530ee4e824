//! Ludii's result bookkeeping for generated games: who is still playing, who
//! has won or lost, the ranks given so far (`End.applyResult`, see
//! docs/ludii-semantics.md §9.3).

use crate::{EndReason, Outcome, Player, MAX_PLAYERS};

/// Results of a game in progress; `Copy` so it lives in a generated state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Results {
    num_players: u8,
    /// Bit p: player p is still in the game.
    pub active: u32,
    /// Bit p: player p has a `Win`.
    pub winners: u32,
    pub losers: u8,
    pub ranking: [f32; MAX_PLAYERS],
    pub over: Option<EndReason>,
}

impl Results {
    pub const fn new(num_players: u8) -> Self {
        Results {
            num_players,
            active: ((1u32 << (num_players + 1)) - 1) & !1,
            winners: 0,
            losers: 0,
            ranking: [0.0; MAX_PLAYERS],
            over: None,
        }
    }

    #[inline(always)]
    pub const fn is_active(&self, p: Player) -> bool {
        self.active & (1 << p) != 0
    }

    #[inline(always)]
    pub const fn is_over(&self) -> bool {
        self.over.is_some()
    }

    /// The next player still in the game after `player`, in turn order
    /// (`player` itself when no other is left).
    #[inline(always)]
    pub fn next_active(&self, player: Player) -> Player {
        let n = self.num_players;
        let mut p = player;
        for _ in 0..n {
            // No `%`: a division costs more than the rest of the test.
            p = if p >= n { 1 } else { p + 1 };
            if self.is_active(p) {
                return p;
            }
        }
        player
    }

    /// Who moves after `mover`'s move, as Ludii's `next` makes it:
    /// computed before the move as the first player after `mover` still in
    /// the game (`active_before`), it skips a player who lost during the
    /// move (`End.applyResult` moves `next` on) but not one who won, who
    /// then plays one more turn out of the game.
    #[inline(always)]
    pub fn next_mover(&self, mover: Player, active_before: u32) -> Player {
        next_mover(
            self.num_players,
            mover,
            active_before,
            self.active,
            self.winners,
        )
    }

    /// The previous player still in the game before `player`.
    #[inline(always)]
    pub fn previous_active(&self, player: Player) -> Player {
        let n = self.num_players;
        let mut p = player;
        for _ in 0..n {
            p = if p <= 1 { n } else { p - 1 };
            if self.is_active(p) {
                return p;
            }
        }
        player
    }

    fn only_active(&self) -> Option<Player> {
        (self.active.count_ones() == 1).then(|| self.active.trailing_zeros() as Player)
    }

    /// `(result p Win)`: p takes the next winning rank and leaves; the game
    /// ends when at most one player is left.
    #[inline]
    pub fn win(&mut self, p: Player) {
        if !self.is_active(p) {
            return;
        }
        // Two players both still in (every two-player game until its end):
        // the other one is second, and the game is over.
        if self.num_players == 2 && self.active == 0b110 {
            self.winners |= 1 << p;
            self.ranking[p as usize - 1] = 1.0;
            self.ranking[2 - p as usize] = 2.0;
            self.losers += 1;
            self.active = 0;
            self.over = Some(EndReason::Terminal);
            return;
        }
        self.win_among_many(p);
    }

    /// [`Self::win`] in general: several players, or some already out.
    // Called once per game at most: kept out of the playout's hot loop.
    #[cold]
    #[inline(never)]
    fn win_among_many(&mut self, p: Player) {
        let rank = self.winners.count_ones() as f32 + 1.0;
        self.active &= !(1 << p);
        self.winners |= 1 << p;
        self.ranking[p as usize - 1] = rank;
        if let Some(last) = self.only_active() {
            self.ranking[last as usize - 1] = rank + 1.0;
            self.losers += 1;
            self.active = 0;
        }
        if self.active == 0 {
            self.over = Some(EndReason::Terminal);
        }
    }

    /// `(result p Loss)`: p takes the worst free rank and leaves.
    // Called once per game at most: kept out of the playout's hot loop.
    #[cold]
    #[inline(never)]
    pub fn lose(&mut self, p: Player) {
        if !self.is_active(p) {
            return;
        }
        self.active &= !(1 << p);
        self.ranking[p as usize - 1] = self.num_players as f32 - self.losers as f32;
        self.losers += 1;
        if let Some(last) = self.only_active() {
            self.ranking[last as usize - 1] = self.winners.count_ones() as f32 + 1.0;
            self.winners |= 1 << last;
            self.active = 0;
        }
        if self.active == 0 {
            self.over = Some(EndReason::Terminal);
        }
    }

    /// A draw for everyone still unranked (all passed, `(result All Draw)`, a limit).
    // Called once per game at most: kept out of the playout's hot loop.
    #[cold]
    #[inline(never)]
    pub fn draw_all(&mut self, reason: EndReason) {
        let shared =
            (self.active.count_ones() as f32 + 1.0) / 2.0 + self.winners.count_ones() as f32;
        for r in &mut self.ranking[..self.num_players as usize] {
            if *r == 0.0 {
                *r = shared;
            }
        }
        self.active = 0;
        self.over = Some(reason);
    }

    /// Ludii's turn and move limits: once `turns` reaches `turn_limit` or
    /// `moves` reaches `move_limit`, a game not yet over is a draw.
    #[inline(always)]
    pub fn draw_at_limits(&mut self, turns: u32, turn_limit: u32, moves: u32, move_limit: u32) {
        if !self.is_over() && (turns >= turn_limit || moves >= move_limit) {
            self.draw_all(if moves >= move_limit {
                EndReason::MoveLimit
            } else {
                EndReason::TurnLimit
            });
        }
    }

    /// `(byScore [misere:B])` (Ludii's `ByScore`): the game ends and every
    /// player is ranked by `scores[p]` (index 0 unused), best first (highest,
    /// or lowest when misère); tied players share the mean of the ranks
    /// they span.
    #[cold]
    #[inline(never)]
    pub fn by_score(&mut self, scores: &[i32], misere: bool) {
        let n = self.num_players as usize;
        let mut left: u32 = ((1u32 << (n + 1)) - 1) & !1;
        let mut assigned = 0usize;
        while left != 0 {
            let players = (1..=n).filter(|&p| left & (1 << p) != 0);
            let best = if misere {
                players.map(|p| scores[p]).min()
            } else {
                players.map(|p| scores[p]).max()
            }
            .unwrap_or(0);
            let tied: u32 = (1..=n)
                .filter(|&p| left & (1 << p) != 0 && scores[p] == best)
                .fold(0, |set, p| set | 1 << p);
            let count = tied.count_ones() as usize;
            let rank = ((assigned as f32 + 1.0) * 2.0 + count as f32 - 1.0) / 2.0;
            for p in (1..=n).filter(|&p| tied & (1 << p) != 0) {
                self.ranking[p - 1] = rank;
            }
            assigned += count;
            left &= !tied;
        }
        self.active = 0;
        self.over = Some(EndReason::Terminal);
    }

    /// The outcome once the game is over: the winner is the player ranked exactly 1.
    // Inlined: once per playout, a call of its own cost Tic-Tac-Toe a tenth.
    #[inline(always)]
    pub fn outcome(&self) -> Option<Outcome> {
        let reason = self.over?;
        let n = self.num_players as usize;
        let winner = (0..n)
            .find(|&i| self.ranking[i] == 1.0)
            .map_or(0, |i| i as u8 + 1);
        Some(Outcome {
            winner,
            ranking: self.ranking,
            num_players: self.num_players,
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_end_a_game_in_a_draw_named_for_the_limit_reached() {
        let mut r = Results::new(2);
        r.draw_at_limits(9, 10, 99, 100);
        assert!(!r.is_over());
        r.draw_at_limits(10, 10, 99, 100);
        assert_eq!(r.outcome().map(|o| o.reason), Some(EndReason::TurnLimit));
        let mut r = Results::new(2);
        r.draw_at_limits(10, 10, 100, 100);
        assert_eq!(r.outcome().map(|o| o.reason), Some(EndReason::MoveLimit));
        let mut r = Results::new(2);
        r.win(1);
        r.draw_at_limits(10, 10, 100, 100);
        assert_eq!(
            r.outcome().map(|o| (o.winner, o.reason)),
            Some((1, EndReason::Terminal))
        );
    }

    #[test]
    fn two_players_a_win_ends_the_game() {
        let mut r = Results::new(2);
        r.win(2);
        let o = r.outcome().unwrap();
        assert_eq!((o.winner, o.ranks()), (2, &[2.0, 1.0][..]));
    }

    #[test]
    fn two_players_a_loss_makes_the_other_win() {
        let mut r = Results::new(2);
        r.lose(2);
        assert_eq!(r.outcome().unwrap().winner, 1);
    }

    #[test]
    fn three_players_play_on_after_a_loss() {
        let mut r = Results::new(3);
        r.lose(1);
        assert!(!r.is_over());
        r.win(3);
        let o = r.outcome().unwrap();
        assert_eq!(o.ranks(), &[3.0, 2.0, 1.0]);
        assert_eq!(o.winner, 3);
    }

    #[test]
    fn by_score_ranks_best_first_and_ties_share() {
        let mut r = Results::new(3);
        r.by_score(&[0, 5, 9, 5], false);
        let o = r.outcome().unwrap();
        assert_eq!((o.winner, o.ranks()), (2, &[2.5, 1.0, 2.5][..]));
        let mut r = Results::new(2);
        r.by_score(&[0, 3, 7], true);
        assert_eq!(r.outcome().unwrap().winner, 1);
        let mut r = Results::new(2);
        r.by_score(&[0, 4, 4], false);
        assert_eq!(r.outcome().unwrap().ranks(), &[1.5, 1.5]);
    }

    #[test]
    fn turn_order_skips_players_out_of_the_game() {
        let mut r = Results::new(4);
        assert_eq!((r.next_active(4), r.previous_active(1)), (1, 4));
        r.lose(2);
        assert_eq!((r.next_active(1), r.previous_active(3)), (3, 1));
        r.lose(3);
        assert_eq!((r.next_active(1), r.previous_active(1)), (4, 4));
    }

    #[test]
    fn draws_share_the_free_ranks() {
        let mut r = Results::new(2);
        r.draw_all(EndReason::Terminal);
        let o = r.outcome().unwrap();
        assert_eq!((o.winner, o.ranks()), (0, &[1.5, 1.5][..]));
        let mut r = Results::new(3);
        r.lose(2);
        r.draw_all(EndReason::TurnLimit);
        assert_eq!(r.outcome().unwrap().ranks(), &[1.5, 3.0, 1.5]);
    }
}

/// [`Results::next_mover`] over bit sets of players (bit p for player p):
/// the engines share Ludii's rule for who moves next.
pub fn next_mover(
    num_players: u8,
    mover: Player,
    active_before: u32,
    active: u32,
    winners: u32,
) -> Player {
    let after = |from: Player, set: u32| {
        let mut p = from;
        for _ in 0..num_players {
            p = if p >= num_players { 1 } else { p + 1 };
            if set & (1 << p) != 0 {
                return p;
            }
        }
        from
    };
    let next = after(mover, active_before);
    if active & (1 << next) != 0 || winners & (1 << next) != 0 {
        return next;
    }
    // The first player from `next` on still in the game.
    let previous = if next <= 1 { num_players } else { next - 1 };
    after(previous, active)
}

#[cfg(test)]
mod next_mover_tests {
    use super::next_mover;

    #[test]
    fn a_winner_who_was_next_plays_once_more_and_a_loser_is_skipped() {
        let all = 0b1110;
        // P1 moved; P2 won during the move: P2 still moves next.
        assert_eq!(next_mover(3, 1, all, 0b1010, 0b0100), 2);
        // P2 lost instead: P3 moves.
        assert_eq!(next_mover(3, 1, all, 0b1010, 0), 3);
        // Nobody left the game: plain turn order, wrapping round.
        assert_eq!(next_mover(3, 3, all, all, 0), 1);
        // A player already out before the move is skipped.
        assert_eq!(next_mover(3, 1, 0b1010, 0b1010, 0b0100), 3);
    }
}
