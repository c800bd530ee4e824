//! `(nextPhase ...)`: after each move, each player whose phase has a rule
//! that fires moves to its target (conditions see the state after the move).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Gen;

/// The state's phases and the method that advances them (all empty for a
/// game of one phase).
pub(super) struct PhaseCode {
    /// The state's field of each player's phase.
    pub field: TokenStream,
    /// Its initial value.
    pub init: TokenStream,
    /// The call after each move.
    pub call: TokenStream,
    /// `advance_phases`.
    pub method: TokenStream,
}

/// The phase code of `g`'s game, where it is `phased`.
pub(super) fn phases(g: &mut Gen, phased: bool) -> PhaseCode {
    let model = g.model;
    let (field, init, call, method) = if phased {
        let arms: Vec<TokenStream> = model
            .phases
            .iter()
            .enumerate()
            .map(|(i, phase)| {
                let i = Literal::u8_unsuffixed(i as u8);
                // The rules in order, up to the first without a condition.
                let mut rules: Vec<TokenStream> = Vec::new();
                for n in &phase.next {
                    let target = Literal::u8_unsuffixed(n.target as u8);
                    // `(nextPhase WHO ...)` changes only WHO's phase.
                    let concerned = n.who.map(|w| {
                        let w = g.player(w);
                        quote!(#w == p)
                    });
                    match (&n.condition, concerned) {
                        (Some(c), None) => {
                            let c = g.cond(c);
                            rules.push(quote!(if #c { s.phase[p as usize] = #target; continue; }));
                        }
                        (Some(c), Some(who)) => {
                            let c = g.cond(c);
                            rules.push(
                                quote!(if #who && #c { s.phase[p as usize] = #target; continue; }),
                            );
                        }
                        (None, Some(who)) => {
                            rules
                                .push(quote!(if #who { s.phase[p as usize] = #target; continue; }));
                        }
                        (None, None) => {
                            rules.push(quote!(s.phase[p as usize] = #target;));
                            break;
                        }
                    }
                }
                quote!(#i => { #(#rules)* })
            })
            .collect();
        (
            quote! {
                /// Each player's current phase (index 0 unused).
                phase: [u8; NUM_PLAYERS as usize + 1],
            },
            {
                // Each player's first phase (its own or a shared one).
                let initial: Vec<usize> = (0..=model.num_players)
                    .map(|p| if p == 0 { 0 } else { model.initial_phase(p) })
                    .collect();
                if initial.iter().all(|&i| i == 0) {
                    quote!(phase: [0; NUM_PLAYERS as usize + 1],)
                } else {
                    let initial = initial.iter().map(|&i| Literal::u8_unsuffixed(i as u8));
                    quote!(phase: [#(#initial),*],)
                }
            },
            quote!(self.advance_phases(s, mover);),
            quote! {
                /// `(nextPhase ...)` for every player, after `mover`'s move.
                #[allow(unused_variables, clippy::needless_continue, clippy::collapsible_match)]
                fn advance_phases(&self, s: &mut State, mover: u8) {
                    for p in 1..=NUM_PLAYERS {
                        match s.phase[p as usize] {
                            #(#arms)*
                            _ => {}
                        }
                    }
                }
            },
        )
    } else {
        (quote!(), quote!(), quote!(), quote!())
    };
    PhaseCode {
        field,
        init,
        call,
        method,
    }
}
