//! `(meta (no Repeat ...))` (Ludii's `NoRepeat`): the states a game has
//! been in, and the test that refuses a move bringing one back.
//!
//! Ludii compares 64-bit Zobrist hashes (`State.stateHash`); the
//! interpreter compares a 64-bit hash of the same parts of the state
//! (every container's pieces, the phases, the player order), recomputed
//! from the state: equal states hash equal, and two different states
//! collide with probability about 2^-64 per pair, as in Ludii.

use crate::ir::Repetition;

use super::{Interpreter, Move, State};

/// SplitMix64's finaliser: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One Zobrist-style term: part `kind` of element `index` holds `value`.
fn term(kind: u64, index: u64, value: u64) -> u64 {
    mix(mix((kind << 40) ^ index) ^ value)
}

impl Interpreter {
    /// The forbidden repetitions, if the game has the rule.
    pub(super) fn no_repeat(&self) -> Option<Repetition> {
        self.model.no_repeat
    }

    /// Ludii's `stateHash`: what stands on every site of every container
    /// (component, owner, state, count, each level of a stack, the other
    /// site types' elements, the dice), each player's phase, the player
    /// order (which a swap changes) and the temp value (the unnamed
    /// variable). Scores, the mover and the counters are not part of it.
    pub(super) fn positional_hash(&self, state: &State) -> u64 {
        let mut h = 0u64;
        let mut add = |kind: u64, index: usize, value: u64| {
            if value != 0 {
                h ^= term(kind, index as u64, value);
            }
        };
        for s in 0..state.what.len() {
            add(0, s, u64::from(state.what[s]));
            add(1, s, u64::from(state.owner[s]));
            add(2, s, u64::from(state.state[s]));
            add(3, s, u64::from(state.count[s]));
        }
        for (s, stack) in state.stacks.iter().enumerate() {
            for (level, &w) in stack.iter().enumerate() {
                add(4, (s << 16) | level, u64::from(w));
            }
        }
        for (ty, elements) in state.elements.iter().enumerate() {
            for (e, &w) in elements.iter().enumerate() {
                add(5 + ty as u64, e, u64::from(w));
            }
        }
        for (d, &face) in state.dice.iter().enumerate() {
            add(8, d, u64::from(face) + 1);
        }
        for (p, &phase) in state.phase.iter().enumerate() {
            add(9, p, u64::from(phase) + 1);
        }
        add(10, 0, u64::from(state.swapped));
        // The unnamed `(set Var N)` is Ludii's temp value, part of the
        // hash; named variables are not.
        if let Some(v) = self.model.vars.iter().position(String::is_empty) {
            add(11, 0, state.vars[v] as u64);
        }
        h
    }

    /// Records the state reached, as Ludii's `Game.start` and the end of
    /// `Game.applyInternal` do: a positional repetition rule keeps the
    /// state at the start of each turn (when the mover changed), an
    /// in-turn rule the states since the current turn began.
    pub(super) fn record_position(&self, state: &mut State) {
        let Some(rule) = self.no_repeat() else {
            return;
        };
        let hash = self.positional_hash(state);
        let new_turn = state.mover != state.prev;
        match rule {
            Repetition::Positional if new_turn => state.seen.push(hash),
            Repetition::PositionalInTurn => {
                if new_turn {
                    state.seen_in_turn.clear();
                }
                state.seen_in_turn.push(hash);
            }
            // Lowering refuses the situational rules.
            _ => {}
        }
    }

    /// Records the state reached after a move for `(is Cycle)`: Ludii
    /// adds it to the same list as the positional repetition rule, once
    /// (`Game.applyInternal`), and not at the start.
    pub(super) fn record_cycle(&self, state: &mut State) {
        let recorded =
            self.no_repeat() == Some(Repetition::Positional) && state.mover != state.prev;
        if self.detects_cycles && !recorded {
            let hash = self.positional_hash(state);
            state.seen.push(hash);
        }
    }

    /// `(is Cycle)` (Ludii's `IsCycle.eval`): the last P² states recorded
    /// (P players) came twice before, in the same order.
    pub(super) fn is_cycle(&self, state: &State) -> bool {
        let size = usize::from(self.model.num_players).pow(2);
        let seen = &state.seen;
        if seen.len() < 3 * size {
            return false;
        }
        let last = &seen[seen.len() - 3 * size..];
        (0..2 * size).all(|i| last[i] == last[i + size])
    }

    /// Ludii's `NoRepeat.apply`: whether `mv` (applied with its
    /// consequences, before the turn changes) brings back a state the rule
    /// forbids. Passes never do.
    pub(super) fn repeats(&self, state: &State, mv: Move) -> bool {
        let Some(rule) = self.no_repeat() else {
            return false;
        };
        if mv.is_pass() {
            return false;
        }
        let mut copy = state.clone();
        self.apply_actions(&mut copy, mv);
        let hash = self.positional_hash(&copy);
        let seen = if rule.in_turn() {
            &state.seen_in_turn
        } else {
            &state.seen
        };
        seen.contains(&hash)
    }
}
