//! Playout statistics: length and outcome frequencies, with standard errors.

use serde::Serialize;

use crate::{EndReason, PlayoutResult, MAX_PLAYERS};

/// Aggregated results of many playouts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayoutStats {
    pub num_players: usize,
    pub playouts: u64,
    pub total_moves: u64,
    /// Sum of squared lengths, for the standard error of the mean.
    pub sum_sq_moves: f64,
    pub min_moves: u32,
    pub max_moves: u32,
    /// `wins[p]` for player p in 1..=n; `wins[0]` counts draws (no winner).
    pub wins: [u64; MAX_PLAYERS + 1],
    /// Playouts cut off by the turn or move limit.
    pub limit_reached: u64,
}

impl PlayoutStats {
    pub fn new(num_players: usize) -> Self {
        PlayoutStats {
            num_players,
            playouts: 0,
            total_moves: 0,
            sum_sq_moves: 0.0,
            min_moves: u32::MAX,
            max_moves: 0,
            wins: [0; MAX_PLAYERS + 1],
            limit_reached: 0,
        }
    }

    // Inlined into the timing loops: a call of its own is a twentieth of
    // a Tic-Tac-Toe playout.
    #[inline]
    pub fn record(&mut self, result: &PlayoutResult) {
        let moves = result.moves;
        self.playouts += 1;
        self.total_moves += moves as u64;
        self.sum_sq_moves += (moves as f64) * (moves as f64);
        self.min_moves = self.min_moves.min(moves);
        self.max_moves = self.max_moves.max(moves);
        self.wins[result.outcome.winner as usize] += 1;
        if result.outcome.reason != EndReason::Terminal {
            self.limit_reached += 1;
        }
    }

    pub fn merge(&mut self, other: &PlayoutStats) {
        self.playouts += other.playouts;
        self.total_moves += other.total_moves;
        self.sum_sq_moves += other.sum_sq_moves;
        self.min_moves = self.min_moves.min(other.min_moves);
        self.max_moves = self.max_moves.max(other.max_moves);
        for (a, b) in self.wins.iter_mut().zip(other.wins) {
            *a += b;
        }
        self.limit_reached += other.limit_reached;
    }

    pub fn mean_moves(&self) -> f64 {
        self.total_moves as f64 / self.playouts.max(1) as f64
    }

    /// Standard error of the mean length.
    pub fn mean_moves_stderr(&self) -> f64 {
        let n = self.playouts as f64;
        if n < 2.0 {
            return f64::INFINITY;
        }
        let mean = self.mean_moves();
        let var = (self.sum_sq_moves - n * mean * mean) / (n - 1.0);
        (var.max(0.0) / n).sqrt()
    }

    /// Fraction of playouts won by `player` (0 = draws).
    pub fn frequency(&self, player: usize) -> f64 {
        self.wins[player] as f64 / self.playouts.max(1) as f64
    }

    /// Standard error of a frequency estimated from this many playouts.
    pub fn frequency_stderr(&self, player: usize) -> f64 {
        let p = self.frequency(player);
        (p * (1.0 - p) / self.playouts.max(1) as f64).sqrt()
    }

    /// Outcome labels and counts: `P1`, `P2`, ..., `draw`.
    pub fn outcomes(&self) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = (1..=self.num_players)
            .map(|p| (format!("P{p}"), self.wins[p]))
            .collect();
        out.push(("draw".to_owned(), self.wins[0]));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    fn result(winner: u8, moves: u32) -> PlayoutResult {
        let mut outcome = Outcome::draw(2, EndReason::Terminal);
        outcome.winner = winner;
        PlayoutResult { outcome, moves }
    }

    #[test]
    fn counts_lengths_and_outcomes() {
        let mut stats = PlayoutStats::new(2);
        for (w, m) in [(1, 5), (2, 7), (0, 11), (1, 9)] {
            stats.record(&result(w, m));
        }
        assert_eq!(stats.playouts, 4);
        assert_eq!(stats.mean_moves(), 8.0);
        assert_eq!((stats.min_moves, stats.max_moves), (5, 11));
        assert_eq!(stats.frequency(1), 0.5);
        assert_eq!(
            stats.outcomes(),
            vec![("P1".into(), 2), ("P2".into(), 1), ("draw".into(), 1)]
        );
        // Sample variance of 5,7,11,9 is 20/3; stderr = sqrt(20/3/4).
        assert!((stats.mean_moves_stderr() - (20.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn merge_equals_recording_everything_once() {
        let mut a = PlayoutStats::new(2);
        let mut b = PlayoutStats::new(2);
        let mut all = PlayoutStats::new(2);
        for (i, (w, m)) in [(1, 5), (2, 7), (0, 11)].into_iter().enumerate() {
            if i % 2 == 0 { &mut a } else { &mut b }.record(&result(w, m));
            all.record(&result(w, m));
        }
        a.merge(&b);
        assert_eq!(a, all);
    }
}
