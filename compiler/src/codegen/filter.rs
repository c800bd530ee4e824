//! The compiled Filter playout (Ludii's `PlayoutFilter`): the game
//! implements the runtime's `Filtered` — its candidates are the moves of
//! each Filter phase's `do` listed untested, and a drawn candidate is tested
//! by the same `afterwards_N` helper the listed legal moves use — and its
//! playout is `filter_playout`. See `crate::analyse::filter`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::analyse::filter::{shape, FilterShape};

use super::Gen;

impl Gen<'_> {
    /// The `Filtered` impl for `ty` (what `filter_playout` and `filtered_move` call).
    pub(super) fn filter_playout(
        &mut self,
        ty: &proc_macro2::Ident,
        rt: &TokenStream,
    ) -> TokenStream {
        let model = self.model;
        let push: super::moves::Emit = &|mv| quote!(out.push(#mv););
        let mut candidate_arms = Vec::new();
        let mut test_arms = Vec::new();
        for (i, phase) in model.phases.iter().enumerate() {
            let shape = shape(&phase.play).filter(|_| self.analysis.filter[i]);
            let (candidates, test) = match shape {
                None => (
                    quote! {
                        self.legal_moves(s, out);
                        return #rt::Candidates::Legal;
                    },
                    quote!(true),
                ),
                Some(FilterShape::Do { prior, after }) => {
                    let code = self.moves(prior, push);
                    let test = self.afterwards_test(after);
                    (code, quote!(self.#test(s, s.mover, mv)))
                }
                Some(FilterShape::IfElseDo {
                    condition,
                    then,
                    prior,
                    after,
                }) => {
                    let c = self.cond(condition);
                    let a = self.moves(then, push);
                    let b = self.moves(prior, push);
                    let test = self.afterwards_test(after);
                    (
                        // Where the condition holds its moves are legal as they are.
                        quote! {
                            if #c {
                                #a
                                if out.is_empty() { out.push(Move::Pass); }
                                return #rt::Candidates::Legal;
                            }
                            #b
                        },
                        quote!(self.#test(s, s.mover, mv)),
                    )
                }
                Some(FilterShape::DoOrPass { prior, after, pass }) => {
                    let a = self.moves(prior, push);
                    let b = self.moves(pass, push);
                    let test = self.afterwards_test(after);
                    (
                        quote!(#a #b),
                        // The pass is never tested.
                        quote!(mv == Move::Pass || self.#test(s, s.mover, mv)),
                    )
                }
            };
            let i = Literal::u8_unsuffixed(i as u8);
            candidate_arms.push(quote!(#i => { #candidates }));
            test_arms.push(quote!(#i => #test,));
        }
        let phase = if model.phases.len() > 1 || model.phases.iter().any(|p| !p.next.is_empty()) {
            quote!(s.phase[mover as usize])
        } else {
            quote!(0u8)
        };
        let (swap_offer, swap_passes) = if model.swap {
            (
                quote!(if self.swap_allowed(s) {
                    out.push(Move::Swap);
                }),
                quote!(if mv == Move::Swap {
                    return true;
                }),
            )
        } else {
            (quote!(), quote!())
        };
        let filtered = quote! {
            impl #rt::Filtered for #ty {
                #[allow(unused_variables, unused_labels, clippy::needless_return, clippy::nonminimal_bool)]
                #[inline(always)]
                fn candidate_moves(&self, s: &State, out: &mut MoveBuffer<Move>) -> #rt::Candidates {
                    out.clear();
                    let mover = s.mover;
                    match #phase {
                        #(#candidate_arms)*
                        _ => unreachable!("a phase"),
                    }
                    #swap_offer
                    #rt::Candidates::ToTest
                }

                #[allow(unused_variables)]
                #[inline(always)]
                fn passes(&self, s: &State, mv: Move) -> bool {
                    let mover = s.mover;
                    #swap_passes
                    match #phase {
                        #(#test_arms)*
                        _ => unreachable!("a phase"),
                    }
                }

                #[inline(always)]
                fn forced_pass(&self, _: &State) -> Move {
                    Move::Pass
                }
            }
        };
        filtered
    }
}
