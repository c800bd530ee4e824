//! The compiled Filter playout (Ludii's `PlayoutFilter`): the game
//! implements the runtime's `Filtered` — its candidates are the moves of
//! each Filter phase's `do` listed untested, and a drawn candidate is tested
//! by the same `afterwards_N` helper the listed legal moves use — and its
//! playout is `filter_playout`. See `crate::analyse::filter`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::analyse::filter::{shape, FilterShape};

use super::purpose::Purpose;
use super::Gen;

impl Gen<'_> {
    /// The test of a drawn move `mv` against `after` (and the repetition
    /// rule, with one application of the move for both).
    fn drawn_test(&mut self, after: &crate::ir::Cond) -> TokenStream {
        let test = if self.model.no_repeat.is_some() {
            self.afterwards_new_test(after)
        } else {
            self.afterwards_test(after, false)
        };
        quote!(self.#test(s, s.mover, mv))
    }

    /// The `Filtered` impl for `ty` (what `filter_playout` and `filtered_move` call).
    pub(super) fn filter_playout(
        &mut self,
        ty: &proc_macro2::Ident,
        rt: &TokenStream,
    ) -> TokenStream {
        let model = self.model;
        // The play rules with the Filter phases' `(do ...)` untested, in
        // the walk's order (drawn by index, as the interpreter draws).
        let untested = quote!(let _ = self.play(s, mover, &mut Untested(out)););
        let mut candidate_arms = Vec::new();
        let mut test_arms = Vec::new();
        // With `(no Repeat ...)`, a drawn move is also tested for the
        // repetition (`!self.repeats(s, mv)`).
        let no_repeat = self.no_repeat_test();
        for (i, phase) in model.phases.iter().enumerate() {
            let shape = shape(&phase.play).filter(|_| self.analysis.filter[i]);
            let (candidates, test) = match shape {
                // Ludii's No-Repetition playout: the moves listed untested,
                // the drawn one tested for the repetition alone.
                None if self.analysis.filter[i] && no_repeat.is_some() => {
                    (untested.clone(), quote!(#no_repeat))
                }
                None => (
                    quote! {
                        self.legal_moves(s, out);
                        return #rt::Candidates::Legal;
                    },
                    quote!(true),
                ),
                Some(FilterShape::Do { after, .. }) => (untested.clone(), self.drawn_test(after)),
                Some(FilterShape::IfElseDo {
                    condition, after, ..
                }) => {
                    let c = self.for_purpose(Purpose::WALK, |g| g.cond(condition));
                    let test = self.drawn_test(after);
                    let filter_new = no_repeat.as_ref().map(|t| quote!(out.retain(|&mv| #t);));
                    (
                        // Where the condition holds its moves are legal as
                        // they are (those that repeat no position).
                        quote! {
                            #untested
                            if #c {
                                #filter_new
                                if out.is_empty() { out.push(Move::Pass); }
                                return #rt::Candidates::Legal;
                            }
                        },
                        test,
                    )
                }
                // The pass is never tested.
                Some(FilterShape::DoOrPass { after, .. }) => {
                    let test = self.drawn_test(after);
                    (untested.clone(), quote!(mv == Move::Pass || #test))
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
                {
                    let swap_ok = no_repeat.clone().unwrap_or_else(|| quote!(true));
                    quote!(if mv == Move::Swap {
                        return #swap_ok;
                    })
                },
            )
        } else {
            (quote!(), quote!())
        };
        let filtered = quote! {
            impl #rt::Filtered for #ty {
                #[allow(unused_variables, unused_labels, clippy::needless_return, clippy::nonminimal_bool, clippy::collapsible_if, clippy::collapsible_match, clippy::manual_range_patterns)]
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

                // Phases tested alike share an arm (`0 | 1 | 2`).
                #[allow(unused_variables, clippy::manual_range_patterns)]
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
