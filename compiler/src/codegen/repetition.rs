//! `(meta (no Repeat ...))` in the compiled code (Ludii's `NoRepeat`; the
//! interpreter's `interp/repetition.rs`): the state keeps an incremental
//! Zobrist hash of what stands on each site, and the set of the hashes of
//! the positions the rule compares with; a move (a pass aside) is refused
//! when the position it leads to, after its consequences and before the
//! turn changes, is in the set. See docs/generated-state.md.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use crate::ir::{Cond, Repetition};

use super::purpose::Purpose;
use super::Gen;

/// The generated parts of the repetition rule, empty without it.
#[derive(Default)]
pub(super) struct RepetitionCode {
    /// The state's fields.
    pub fields: TokenStream,
    /// Their initial values.
    pub init: TokenStream,
    /// The hash's update when `put` gives site `i` the component `what`.
    pub on_put: TokenStream,
    /// The hash's update when `clear` empties site `i`.
    pub on_clear: TokenStream,
    /// The hash's update when `move_piece` moves `from`'s piece to `to`.
    pub on_move: TokenStream,
    /// The table of keys and the helpers (items of the module and of the game's impl).
    pub items: TokenStream,
    pub helpers: TokenStream,
    /// Records the position reached (after a move's turn change, after the start rules).
    pub record: TokenStream,
    /// Removes the repeating moves from the legal moves `out`.
    pub filter_legal: TokenStream,
}

impl Gen<'_> {
    /// The copy of the state `s` that a test applies a move to: the whole
    /// state, but for the set of seen positions, which no test reads.
    pub(super) fn state_copy(&self) -> TokenStream {
        if self.model.no_repeat.is_some() {
            quote!(State {
                seen: SeenHashes::new(),
                ..*s
            })
        } else {
            quote!(*s)
        }
    }

    /// Whether `mv` passes the repetition test in state `s` (`true` without the rule).
    pub(super) fn no_repeat_test(&mut self) -> Option<TokenStream> {
        self.model.no_repeat.map(|_| {
            self.uses_actions = true;
            quote!(!self.repeats(s, mv))
        })
    }

    /// As `afterwards_test`, and the position reached must be new: the
    /// Filter playout's test of a drawn move in a game with `(no Repeat
    /// ...)` (Ludii's `Do.movePassesCond` with the repetition), applying
    /// the move once for both.
    pub(super) fn afterwards_new_test(&mut self, after: &Cond) -> Ident {
        self.uses_actions = true;
        let name = self.numbered_helper("afterwards_new");
        let saved = std::mem::take(&mut self.scope);
        let cond = self.for_purpose(Purpose::PROBE, |g| g.cond(after));
        self.scope = saved;
        let copy = self.state_copy();
        let (enter_test, leave_test) = self.do_test_marks();
        self.helpers.push(quote! {
            /// The `ifAfterwards:` condition of a `(do ...)` after `mv`, and
            /// `mv` repeats no position the rule forbids.
            #[allow(unused_variables)]
            fn #name(&self, s: &State, mover: u8, mv: Move) -> bool {
                let mut copy = #copy;
                copy.mover = mover;
                #enter_test
                self.apply_actions(&mut copy, mv);
                #leave_test
                copy.again = false;
                if mv != Move::Pass && s.seen.contains(Self::position_hash(&copy)) {
                    return false;
                }
                let s = &copy;
                #cond
            }
        });
        name
    }

    /// The parts of the repetition rule (empty without one).
    pub(super) fn repetition_code(&mut self) -> RepetitionCode {
        let Some(rule) = self.model.no_repeat else {
            return self.cycle_code();
        };
        self.uses_actions = true;
        let n_owner = proc_macro2::Literal::usize_unsuffixed(self.model.components.len() + 1);
        let phased =
            self.model.phases.len() > 1 || self.model.phases.iter().any(|p| !p.next.is_empty());
        // Beside the pieces, Ludii's `stateHash` holds each player's phase
        // and the player order (which the swap changes).
        let phases = if phased {
            quote! {
                for p in 1..=NUM_PLAYERS as usize {
                    h ^= zobrist_key((1 << 32) + p as u64, u64::from(s.phase[p]) + 1);
                }
            }
        } else {
            quote!()
        };
        let swapped = if self.model.swap {
            quote!(h ^= zobrist_key(1 << 33, u64::from(s.swapped));)
        } else {
            quote!()
        };
        // The positions at the start of each turn, which a game of about
        // twice as many turns as sites holds without growing the set; or
        // the few of the current turn.
        let (capacity, record) = match rule {
            Repetition::Positional => (
                quote!(2 * NUM_SITES),
                quote! {
                    if s.mover != s.prev {
                        s.seen.insert(Self::position_hash(s));
                    }
                },
            ),
            Repetition::PositionalInTurn => (
                quote!(16),
                quote! {
                    if s.mover != s.prev {
                        s.seen.clear();
                    }
                    s.seen.insert(Self::position_hash(s));
                },
            ),
            Repetition::Situational | Repetition::SituationalInTurn => {
                unreachable!("refused by features: situational repetitions")
            }
        };
        let hash_body = if phased || self.model.swap {
            quote! {
                let mut h = s.hash;
                #phases
                #swapped
                h
            }
        } else {
            quote!(s.hash)
        };
        let doc = format!(" `(no Repeat {rule:?})`: the positions a move may not bring back.");
        let copy = self.state_copy();
        RepetitionCode {
            fields: quote! {
                /// The Zobrist hash of what stands on each site (`ZOBRIST`).
                hash: u64,
                #[doc = #doc]
                seen: SeenHashes,
            },
            init: quote! {
                hash: 0,
                seen: SeenHashes::with_capacity(#capacity),
            },
            on_put: quote!(s.hash ^= ZOBRIST[i][s.what[i] as usize] ^ ZOBRIST[i][what as usize];),
            on_clear: quote!(s.hash ^= ZOBRIST[i][s.what[i] as usize];),
            on_move: quote! {
                if from != to {
                    let (f, t) = (from as usize, to as usize);
                    let w = s.what[f] as usize;
                    s.hash ^= ZOBRIST[f][w] ^ ZOBRIST[t][s.what[t] as usize] ^ ZOBRIST[t][w];
                }
            },
            items: quote! {
                /// The Zobrist key of each component on each site (0 for none),
                /// from a fixed seed.
                static ZOBRIST: [[u64; #n_owner]; NUM_SITES] = zobrist_table::<NUM_SITES, #n_owner>();
            },
            helpers: quote! {
                /// Ludii's `stateHash` of the position: the pieces (kept
                /// incrementally), the phases and the player order.
                #[inline(always)]
                fn position_hash(s: &State) -> u64 {
                    #hash_body
                }

                /// Ludii's `NoRepeat.apply`: whether `mv`, applied with its
                /// consequences (before the turn changes), brings back a
                /// position the rule forbids. A pass never does.
                #[inline]
                fn repeats(&self, s: &State, mv: Move) -> bool {
                    if mv == Move::Pass {
                        return false;
                    }
                    let mut copy = #copy;
                    self.apply_actions(&mut copy, mv);
                    s.seen.contains(Self::position_hash(&copy))
                }

                /// Records the position reached, as Ludii's `Game.start` and
                /// the end of `Game.applyInternal` do.
                #[inline(always)]
                fn record_position(s: &mut State) {
                    #record
                }
            },
            record: quote!(Self::record_position(s);),
            filter_legal: quote!(out.retain(|&mv| !self.repeats(s, mv));),
        }
    }

    /// `(is Cycle)` without a repetition rule (Ludii's `CycleDetection`):
    /// the state keeps the hashes of the last 3·P² states reached after a
    /// move (P players), oldest first, as a window over Ludii's
    /// `Trial.previousState`; each hash is computed anew from what stands
    /// on the sites (with their counts), the phases and the player order.
    fn cycle_code(&mut self) -> RepetitionCode {
        if !crate::semantics::detects_cycles(self.model) {
            return RepetitionCode::default();
        }
        let size = usize::from(self.model.num_players).pow(2);
        let (size_lit, window) = (
            proc_macro2::Literal::usize_unsuffixed(size),
            proc_macro2::Literal::usize_unsuffixed(3 * size),
        );
        let sites = if self.model.hands.is_empty() {
            quote!(NUM_SITES)
        } else {
            quote!(TOTAL_SITES)
        };
        let count = self
            .model
            .requires_count
            .then(|| quote!(h ^= zobrist_key((1 << 34) + i as u64, u64::from(s.count[i]));));
        let phased =
            self.model.phases.len() > 1 || self.model.phases.iter().any(|p| !p.next.is_empty());
        let phases = phased.then(|| {
            quote! {
                for p in 1..=NUM_PLAYERS as usize {
                    h ^= zobrist_key((1 << 32) + p as u64, u64::from(s.phase[p]) + 1);
                }
            }
        });
        let swapped = self
            .model
            .swap
            .then(|| quote!(h ^= zobrist_key(1 << 33, u64::from(s.swapped));));
        // The unnamed variable is Ludii's temp value, part of its hash.
        let temp = self
            .model
            .vars
            .iter()
            .position(String::is_empty)
            .filter(|_| self.analysis.features.vars)
            .map(|v| {
                let v = proc_macro2::Literal::usize_unsuffixed(v);
                quote!(h ^= zobrist_key(1 << 35, s.vars[#v] as u64);)
            });
        RepetitionCode {
            fields: quote! {
                /// The hashes of the last states reached after a move, oldest
                /// first (Ludii's `Trial.previousState`, read by `(is Cycle)`).
                cycle: [u64; #window],
                /// How many of `cycle` are states reached (at most all).
                cycle_len: u32,
            },
            init: quote! {
                cycle: [0; #window],
                cycle_len: 0,
            },
            helpers: quote! {
                /// Ludii's `stateHash` of the state: what stands on each site
                /// and its count, the phases, the player order.
                fn cycle_hash(s: &State) -> u64 {
                    let mut h = 0u64;
                    for i in 0..#sites {
                        h ^= zobrist_key(i as u64, u64::from(s.what[i]));
                        #count
                    }
                    #phases
                    #swapped
                    #temp
                    h
                }

                /// Records the state reached after a move.
                #[inline(always)]
                fn record_position(s: &mut State) {
                    let h = Self::cycle_hash(s);
                    s.cycle.copy_within(1.., 0);
                    s.cycle[#window - 1] = h;
                    s.cycle_len = (s.cycle_len + 1).min(#window);
                }

                /// `(is Cycle)` (Ludii's `IsCycle`): the last P² states
                /// recorded came twice before, in the same order.
                fn is_cycle(s: &State) -> bool {
                    s.cycle_len as usize >= #window
                        && (0..2 * #size_lit).all(|i| s.cycle[i] == s.cycle[i + #size_lit])
                }
            },
            record: quote!(Self::record_position(s);),
            ..RepetitionCode::default()
        }
    }
}
