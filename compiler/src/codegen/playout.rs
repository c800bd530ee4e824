//! The playout the analysis chose: drawn without listing the moves,
//! add-to-empty, Ludii's Filter playout or the standard one, and the copy
//! compiled with the bit instructions where it pays.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::Gen;

/// The playout's items.
pub(super) struct PlayoutCode {
    /// What a drawn playout needs beside `draw_move`.
    pub draw_helpers: TokenStream,
    /// `DrawMove`, `AddToEmpty` or `Filtered`, where the playout uses one.
    pub draw_impl: TokenStream,
    /// `Game::playout` and, where it differs, `Game::random_move`.
    pub trait_fns: TokenStream,
    /// `run_playout` and its copy with the bit instructions.
    pub inherent_fns: TokenStream,
}

/// The playout of `g`'s game, `draw` being the helpers and `draw_move` of
/// a playout drawing its moves without listing them, where it does.
pub(super) fn playout(
    g: &mut Gen,
    ty: &Ident,
    rt: &TokenStream,
    draw: Option<(TokenStream, TokenStream)>,
) -> PlayoutCode {
    let (model, analysis) = (g.model, g.analysis);
    // The playout's body (a block), its documentation, and what a drawn
    // playout adds: helpers, `DrawMove`, and `random_move` without a list.
    let stacked_lines = analysis.stacked_lines.clone();
    let (draw_helpers, playout_doc, playout_body, draw_impl, random_move) = match draw {
        Some((helpers, draw_move)) => (
            helpers,
            match stacked_lines {
                Some(_) => " The stacked-line playout: the site-wise draw's sites, each player's cells as one word, the line by shifts.",
                None => " The standard playout, drawing each move without listing the moves.",
            },
            match &stacked_lines {
                Some(plan) => g.stacked_lines_playout(plan, rt),
                None => quote!({ #rt::drawn_playout(self, s, rng) }),
            },
            quote! {
                impl #rt::DrawMove for #ty {
                    #draw_move
                }
            },
            quote! {
                fn random_move<R: RngCore>(&self, s: &State, rng: &mut R, _: &mut MoveBuffer<Move>) -> Move {
                    #rt::DrawMove::draw_move(self, s, rng)
                }
            },
        ),
        None if !analysis.add_to_empty.is_empty() => {
            let doc = " The add-to-empty playout: placements drawn from a list of the empty sites.";
            let (body, add_to_empty_impl) =
                match (analysis.add_to_empty.as_slice(), model.phases.len()) {
                    ([(0, rule)], 1) => {
                        super::add_to_empty::single_phase(*rule, model.swap, ty, rt)
                    }
                    (phases, _) => (
                        super::add_to_empty::playout(phases, model.swap, rt),
                        quote!(),
                    ),
                };
            // A two-sided connection game plays the same draws with its
            // own test (its `AddToEmpty` stays, for the comparison).
            match &analysis.connection_playout {
                Some(plan) => (
                    quote!(),
                    " The connection playout: the add-to-empty playout's draws, each player's stones joined to its first side grown as bitboards until they reach its second side.",
                    g.connection_playout(plan),
                    add_to_empty_impl,
                    quote!(),
                ),
                None => (quote!(), doc, body, add_to_empty_impl, quote!()),
            }
        }
        None if analysis.filter.iter().any(|&f| f) => {
            let filtered = g.filter_playout(ty, rt);
            let body = buffered_playout(rt, quote!(filter_playout));
            let doc =
                " Ludii's Filter playout: each `do`'s moves drawn untested, the drawn one tested.";
            let random_move = quote! {
                fn random_move<R: RngCore>(&self, s: &State, rng: &mut R, buffer: &mut MoveBuffer<Move>) -> Move {
                    #rt::filtered_move(self, s, rng, buffer)
                }
            };
            (quote!(), doc, body, filtered, random_move)
        }
        None => (
            quote!(),
            " The standard playout, with one move buffer for the whole playout.",
            buffered_playout(rt, quote!(standard_playout)),
            quote!(),
            quote!(),
        ),
    };
    // A crate built for the x86-64 baseline (no popcnt, no pdep) runs the
    // same playout compiled with the bit instructions, where the processor
    // has them and the analysis found it pays: asked once, at run time.
    let dispatch = if analysis.bit_dispatch {
        quote! {
            #[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2")))]
            if #rt::cpu::has_bit_instructions() {
                // SAFETY: the processor has these instructions (asked just above).
                return unsafe { self.playout_with_bit_instructions(s, rng) };
            }
        }
    } else {
        quote!()
    };
    let playout = quote! {
        fn playout<R: RngCore>(&self, s: &mut State, rng: &mut R) -> PlayoutResult {
            #dispatch
            self.run_playout(s, rng)
        }

        #random_move
    };
    let with_bit_instructions = if analysis.bit_dispatch {
        quote! {
            /// [`Self::run_playout`] compiled for x86-64-v3 (the bit instructions
            /// and AVX2), for a crate built for the x86-64 baseline on a
            /// processor that has them.
            #[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2")))]
            #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx,avx2,fma,f16c,movbe")]
            unsafe fn playout_with_bit_instructions<R: RngCore>(&self, s: &mut State, rng: &mut R) -> PlayoutResult {
                self.run_playout(s, rng)
            }
        }
    } else {
        quote!()
    };
    let playout_fns = quote! {
        #[doc = #playout_doc]
        #[inline(always)]
        fn run_playout<R: RngCore>(&self, s: &mut State, rng: &mut R) -> PlayoutResult #playout_body

        #with_bit_instructions
    };
    PlayoutCode {
        draw_helpers,
        draw_impl,
        trait_fns: playout,
        inherent_fns: playout_fns,
    }
}

/// A playout body running the runtime's `driver` with the thread's move
/// buffer.
fn buffered_playout(rt: &TokenStream, driver: TokenStream) -> TokenStream {
    quote!({
        std::thread_local! {
            /// The move buffer playouts reuse: it grows to the largest
            /// branching factor once per thread, then never allocates.
            static MOVES: std::cell::RefCell<MoveBuffer<Move>> =
                std::cell::RefCell::new(MoveBuffer::with_capacity(256));
        }
        // Taken out and put back rather than borrowed in a closure: a
        // closure would be a function of its own, compiled without
        // the bit instructions of the playout that runs it.
        let mut buffer = MOVES.take();
        let result = #rt::#driver(self, s, rng, &mut buffer);
        MOVES.set(buffer);
        result
    })
}
