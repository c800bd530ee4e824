//! End of game: end rules and results, the all-pass draw, Ludii's ranks.
//!
//! Follows Ludii's `End.eval`/`applyResult` (docs/ludii-semantics.md §9):
//! every rule is evaluated in order; a result for a player already out of
//! the game is skipped; with three or more players a result takes one player
//! out and the others play on until one is left.

use ludemic_runtime::{EndReason, Player};

use crate::ir::{EndRule, ResultKind, ResultPlayer};

use super::{Interpreter, State};

impl Interpreter {
    /// Evaluates the mover's phase end rules, then the global ones, then the
    /// all-pass draw, right after `mover`'s move was applied.
    pub(super) fn evaluate_end(&self, state: &mut State, mover: Player) {
        let phase = state.phase[mover as usize] as usize;
        if state.active != 0 {
            self.evaluate_rules(state, mover, &self.model.phases[phase].end);
        }
        if state.outcome.is_none() {
            self.evaluate_rules(state, mover, &self.model.end);
            // Ludii's `requiresAllPass` (`semantics::all_pass_draw`).
            if state.outcome.is_none() && self.all_pass_draw && self.all_passed(state) {
                self.draw_all(state, EndReason::Terminal);
            }
        }
    }

    fn evaluate_rules(&self, state: &mut State, mover: Player, rules: &[EndRule]) {
        for rule in rules {
            if !self.eval_cond(state, mover, &super::conds::Ctx::default(), &rule.condition) {
                continue;
            }
            if let ResultKind::ByScore { misere } = rule.result {
                for (who, n) in &rule.final_scores {
                    let p = self.resolve(state, mover, *who) as usize;
                    let ctx = super::conds::Ctx::default();
                    let score = self.eval_int(state, mover, &ctx, n) as i32;
                    if p < state.scores.len() {
                        state.scores[p] = score;
                    }
                }
                self.by_score(state, misere);
                continue;
            }
            match rule.who {
                ResultPlayer::All => self.draw_all(state, EndReason::Terminal),
                ResultPlayer::Player(who) => {
                    let p = self.resolve(state, mover, who);
                    if !state.is_active(p) {
                        continue;
                    }
                    match rule.result {
                        ResultKind::Win => self.win(state, p),
                        ResultKind::Loss => self.lose(state, p),
                        ResultKind::Draw => self.draw_all(state, EndReason::Terminal),
                        ResultKind::ByScore { .. } => unreachable!("handled above"),
                    }
                }
            }
        }
    }

    fn num_winners(&self, state: &State) -> u32 {
        state.winners.count_ones()
    }

    fn active_players(&self, state: &State) -> impl Iterator<Item = Player> + '_ {
        let active = state.active;
        (1..=self.model.num_players).filter(move |p| active & (1 << p) != 0)
    }

    /// `(result P Win)`: P takes the next winning rank and leaves the game.
    fn win(&self, state: &mut State, p: Player) {
        let rank = self.num_winners(state) as f32 + 1.0;
        state.active &= !(1 << p);
        state.winners |= 1 << p;
        state.ranking[p as usize - 1] = rank;
        let remaining: Vec<Player> = self.active_players(state).collect();
        match remaining[..] {
            [last] => {
                state.ranking[last as usize - 1] = rank + 1.0;
                state.losers += 1;
                state.active = 0;
                state.outcome = Some(self.outcome(state, EndReason::Terminal));
            }
            [] => state.outcome = Some(self.outcome(state, EndReason::Terminal)),
            _ => {}
        }
    }

    /// `(result P Loss)`: P takes the worst free rank and leaves the game.
    fn lose(&self, state: &mut State, p: Player) {
        let n = self.model.num_players as f32;
        state.active &= !(1 << p);
        state.ranking[p as usize - 1] = n - state.losers as f32;
        state.losers += 1;
        let remaining: Vec<Player> = self.active_players(state).collect();
        match remaining[..] {
            [last] => {
                state.ranking[last as usize - 1] = self.num_winners(state) as f32 + 1.0;
                state.winners |= 1 << last;
                state.active = 0;
                state.outcome = Some(self.outcome(state, EndReason::Terminal));
            }
            [] => state.outcome = Some(self.outcome(state, EndReason::Terminal)),
            _ => {}
        }
    }

    /// `(byScore [misere:B])` (Ludii's `ByScore`): the game ends and every
    /// player is ranked by score, best (highest, or lowest when misère)
    /// first; tied players share the mean of the ranks they span.
    fn by_score(&self, state: &mut State, misere: bool) {
        let n = self.model.num_players as usize;
        let mut left: Vec<usize> = (1..=n).collect();
        let mut assigned = 0usize;
        while !left.is_empty() {
            let scores = left.iter().map(|&p| state.scores[p]);
            let best = if misere { scores.min() } else { scores.max() }.unwrap_or(0);
            let tied: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&p| state.scores[p] == best)
                .collect();
            let rank = ((assigned as f32 + 1.0) * 2.0 + tied.len() as f32 - 1.0) / 2.0;
            for &p in &tied {
                state.ranking[p - 1] = rank;
            }
            assigned += tied.len();
            left.retain(|p| !tied.contains(p));
        }
        state.active = 0;
        state.outcome = Some(self.outcome(state, EndReason::Terminal));
    }

    /// A draw for everyone still unranked (all passed, `(result All Draw)`, a limit).
    pub(super) fn draw_all(&self, state: &mut State, reason: EndReason) {
        let active = self.active_players(state).count() as f32;
        let shared = (active + 1.0) / 2.0 + self.num_winners(state) as f32;
        for p in 0..self.model.num_players as usize {
            if state.ranking[p] == 0.0 {
                state.ranking[p] = shared;
            }
        }
        state.active = 0;
        state.outcome = Some(self.outcome(state, reason));
    }

    /// Ludii's `Context.allPass`, read right after `state.mover`'s move: the
    /// last n turns (n players, counting those out of the game) were passes.
    /// The newest turn must be a single pass; an older turn counts by its
    /// earliest move and may hold at most two moves.
    pub(super) fn all_passed(&self, state: &State) -> bool {
        let n = self.model.num_players as usize;
        let mut moves = state.history.iter().rev();
        if n == 1 {
            return moves.next().is_some_and(|&(_, pass)| pass);
        }
        let mut last_mover = state.mover;
        let mut pass = false;
        let mut count = 0;
        for _ in 0..n {
            loop {
                let Some(&(mover, is_pass)) = moves.next() else {
                    return pass;
                };
                if count > 1 {
                    return false;
                }
                if mover != last_mover {
                    if !pass {
                        return false;
                    }
                    last_mover = mover;
                    count = 0;
                    pass = is_pass;
                    break;
                }
                count += 1;
                pass = is_pass;
            }
        }
        true
    }
}
