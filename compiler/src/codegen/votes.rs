//! Proposals and votes in the compiled code (Ludii's `Propose`, `Vote`,
//! `ActionPropose`, `ActionVote`, `IsProposed`, `IsDecided`;
//! docs/ludii-semantics.md §51): the state keeps the propositions made and
//! not yet voted on (a bit per string of `GameModel::votes`), the votes of
//! the current round in order, and the last decision. A proposal or a vote
//! is a move with no site (key `-1>-1`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ir::Moves;

use super::Gen;

/// What proposals and votes add to the state: its fields, their initial
/// values and the `vote` helper.
pub(super) struct StateCode {
    pub(super) fields: TokenStream,
    pub(super) init: TokenStream,
    pub(super) helper: TokenStream,
}

/// The state's fields, their initial values and the `vote` helper.
pub(super) fn state_code() -> StateCode {
    let fields = quote! {
        /// Ludii's propositions not yet voted on: bit i for the i-th string
        /// proposed or voted in the rules.
        propositions: u32,
        /// The votes cast in the current round, in order (`cast` of them).
        votes: [u8; NUM_PLAYERS as usize],
        cast: u8,
        /// Ludii's `isDecided`: the string decided by the last vote
        /// (`u8::MAX`: none yet).
        decided: u8,
    };
    let init = quote! {
        propositions: 0,
        votes: [0; NUM_PLAYERS as usize],
        cast: 0,
        decided: u8::MAX,
    };
    let helper = quote! {
        /// Ludii's `ActionVote`: `mover`'s vote `v` is cast; once every
        /// player voted, the vote cast most often (the first cast on a tie)
        /// is decided if more than half cast it, and the propositions and
        /// votes are cleared either way.
        #[inline(always)]
        fn vote(s: &mut State, v: u8) {
            s.votes[s.cast as usize] = v;
            s.cast += 1;
            if s.cast == NUM_PLAYERS {
                let n = NUM_PLAYERS as usize;
                let (mut best, mut at) = (0, 0);
                for i in 0..n {
                    let v = s.votes[i];
                    if s.votes[..i].contains(&v) {
                        continue;
                    }
                    let count = s.votes[i..].iter().filter(|&&w| w == v).count();
                    if count > best {
                        (best, at) = (count, i);
                    }
                }
                if best > n / 2 {
                    s.decided = s.votes[at];
                }
                s.propositions = 0;
                s.cast = 0;
            }
        }
    };
    StateCode {
        fields,
        init,
        helper,
    }
}

impl Gen<'_> {
    /// The move of a `(move Propose ...)` or `(move Vote ...)`.
    pub(super) fn decision_move(&self, m: &Moves) -> TokenStream {
        match m {
            Moves::Propose { rule, .. } => {
                let rule = self.rule_lit(*rule);
                quote!(Move::Propose { rule: #rule })
            }
            Moves::Vote { rule, .. } => {
                let rule = self.rule_lit(*rule);
                quote!(Move::Vote { rule: #rule })
            }
            _ => unreachable!("a proposal or a vote"),
        }
    }

    /// The action of a proposal or a vote (before its consequences): the
    /// proposition recorded or the vote cast; the move has no site.
    pub(super) fn decision_action(&self, m: &Moves) -> TokenStream {
        let act = match m {
            Moves::Propose { proposition, .. } => {
                let bit = Literal::u32_unsuffixed(1 << *proposition);
                quote!(s.propositions |= #bit;)
            }
            Moves::Vote { vote, .. } => self.vote_effect(*vote),
            _ => unreachable!("a proposal or a vote"),
        };
        quote! {
            #act
            s.last_to = NO_SITE;
            s.last_from = NO_SITE;
            s.last_to_after = NO_SITE;
        }
    }

    /// `(vote "V")`.
    pub(super) fn vote_effect(&self, vote: u16) -> TokenStream {
        let v = Literal::u8_unsuffixed(vote as u8);
        quote!(Self::vote(s, #v);)
    }

    /// `(is Proposed "P")`.
    pub(super) fn is_proposed(&self, p: u16) -> TokenStream {
        let bit = Literal::u32_unsuffixed(1 << p);
        quote!((s.propositions & #bit != 0))
    }

    /// `(is Decided "P")`.
    pub(super) fn is_decided(&self, p: u16) -> TokenStream {
        let v = Literal::u8_unsuffixed(p as u8);
        quote!((s.decided == #v))
    }
}

/// The parts of the generated module for proposals and votes: the `Move`
/// variants, their arm in `apply_actions`, their keys and `move_to` (all
/// empty in a game without them).
#[derive(Default)]
pub(super) struct DecisionParts {
    pub variant: TokenStream,
    pub arm: TokenStream,
    pub key: TokenStream,
    pub move_to: TokenStream,
    /// `Game::decision_of`.
    pub decision_of: TokenStream,
}

/// The string a `(move Propose ...)` or `(move Vote ...)` names.
pub(super) fn string_of(m: &Moves) -> Option<u16> {
    match m {
        Moves::Propose { proposition, .. } => Some(*proposition),
        Moves::Vote { vote, .. } => Some(*vote),
        _ => None,
    }
}

/// [`DecisionParts`] from the application arms of the proposal and vote rules.
/// `decisions`: each proposal or vote rule and the string it names.
pub(super) fn parts(arms: Vec<TokenStream>, decisions: &[(u16, u16)]) -> DecisionParts {
    if arms.is_empty() {
        return DecisionParts::default();
    }
    DecisionParts {
        variant: quote! {
            /// Propose, by the `(move Propose ...)` numbered `rule`.
            Propose { rule: u16 },
            /// Vote, by the `(move Vote ...)` numbered `rule`.
            Vote { rule: u16 },
        },
        arm: quote! {
            Move::Propose { rule } | Move::Vote { rule } => {
                let (from, to) = (NO_SITE, NO_SITE);
                match rule {
                    #(#arms)*
                    _ => unreachable!("a proposal or vote rule"),
                }
            }
        },
        // Ludii's ActionPropose and ActionVote have no site: `-1>-1`.
        key: quote! {
            Move::Propose { .. } | Move::Vote { .. } => MoveKey { to: SiteRef::NONE, ..MoveKey::place(0) },
        },
        move_to: quote!(Move::Propose { .. } | Move::Vote { .. } => NO_SITE,),
        decision_of: {
            let arms = decisions.iter().map(|&(rule, v)| {
                let (rule, v) = (
                    Literal::u16_unsuffixed(rule),
                    Literal::u32_unsuffixed(v as u32),
                );
                quote!(#rule => Some(#v),)
            });
            quote! {
                fn decision_of(&self, mv: Move) -> Option<u32> {
                    match mv {
                        Move::Propose { rule } | Move::Vote { rule } => match rule {
                            #(#arms)*
                            _ => None,
                        },
                        _ => None,
                    }
                }
            }
        },
    }
}
