//! Promotions: the move `(move Promote SITE (piece NAMES) [WHO])`, one
//! decision per name (Chess's four same-key choices), and the consequence
//! `(promote SITE ...)` (docs/ludii-semantics.md §21).
//!
//! The piece on SITE is replaced by the new one, its state cleared (Ludii's
//! `ActionPromote`). Ludii gives a piece promoted on an *empty* site no
//! owner; the analysis accepts promotions only at `(last To)` or `(to)`,
//! where the piece that just moved stands.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ir::{Promote, PromoteTo};

use super::moves::Emit;
use super::Gen;

impl Gen<'_> {
    /// The component `to` names for the player `player` (a `u8`, 0 for
    /// none), and whether a computed one (an `i64`) must be checked first.
    fn promoted_what(&mut self, to: &PromoteTo) -> (TokenStream, bool) {
        match to {
            PromoteTo::Component(c) => {
                let c = proc_macro2::Literal::u8_unsuffixed(*c);
                (quote!(#c), false)
            }
            PromoteTo::Owned { who, per_player } => {
                let p = self.player(*who);
                let arms = per_player.iter().enumerate().map(|(i, &w)| {
                    let i = proc_macro2::Literal::u8_unsuffixed(i as u8 + 1);
                    let w = proc_macro2::Literal::u8_unsuffixed(w);
                    quote!(#i => #w,)
                });
                (quote!((match #p { #(#arms)* _ => 0u8 })), false)
            }
            PromoteTo::Expr(n) | PromoteTo::Listed(n) => (self.int(&n.0), true),
        }
    }

    /// The promotions of `p` in order, each `act(what)`: a computed piece
    /// naming no component ends them (`(piece N)`), or is skipped (one of
    /// `(piece {N M ...})`), as the interpreter's `promoted_to` has it.
    fn each_promotion(
        &mut self,
        p: &Promote,
        act: &dyn Fn(TokenStream) -> TokenStream,
        rest: TokenStream,
    ) -> TokenStream {
        let count = proc_macro2::Literal::i64_unsuffixed(self.model.components.len() as i64);
        let mut code = rest;
        for to in p.to.iter().rev() {
            let (what, computed) = self.promoted_what(to);
            code = if !computed {
                let step = act(what);
                quote!(#step #code)
            } else {
                let step = act(quote!((n as u8)));
                if matches!(to, PromoteTo::Listed(_)) {
                    quote! {
                        {
                            let n = #what;
                            if (1..=#count).contains(&n) { #step }
                        }
                        #code
                    }
                } else {
                    quote! {
                        let n = #what;
                        if (1..=#count).contains(&n) {
                            #step
                            #code
                        }
                    }
                }
            };
        }
        code
    }

    /// `(move Promote ...)`: one move per name, in the order named.
    pub(super) fn promote_moves(&mut self, p: &Promote, emit: Emit) -> TokenStream {
        let (site, _) = self.site(&p.site);
        let rule = self.rule_lit(p.rule);
        let pushes = self.each_promotion(
            p,
            &|what| emit(quote!(Move::Promote { rule: #rule, site, what: #what })),
            quote!(),
        );
        quote! {{
            let site = #site;
            if site != NO_SITE {
                #pushes
            }
        }}
    }

    /// The consequence `(promote ...)`: each promotion named, in order,
    /// then its own consequences.
    pub(super) fn promote_effect(&mut self, p: &Promote) -> TokenStream {
        self.uses_promote = true;
        let (site, _) = self.site(&p.site);
        let then = p.then.as_ref().map_or(quote!(), |e| self.effect(e));
        let steps = self.each_promotion(p, &|what| quote!(Self::promote(s, site, #what);), then);
        quote! {{
            let site = #site;
            if site != NO_SITE {
                #steps
            }
        }}
    }
}

/// What a game with promotion moves adds to the module (all empty in a
/// game without).
#[derive(Default)]
pub(super) struct Parts {
    pub variant: TokenStream,
    pub arm: TokenStream,
    pub key: TokenStream,
    pub promoted_to: TokenStream,
    pub move_to: TokenStream,
}

/// The promotion move's variant, its application (`arms`: the rules'
/// code by rule number), key, choice and site, and the state helper.
pub(super) fn parts(arms: &[TokenStream]) -> Parts {
    Parts {
        variant: quote! {
            /// Turn the piece on `site` into component `what`, by the
            /// promotion rule numbered `rule`.
            Promote { rule: u16, site: u16, what: u8 },
        },
        arm: quote! {
            Move::Promote { rule, site, what } => {
                let (from, to) = (site, site);
                match rule {
                    #(#arms)*
                    _ => unreachable!("a promotion rule"),
                }
            }
        },
        key: quote!(Move::Promote { site, .. } => MoveKey::place(site as u32),),
        promoted_to: quote! {
            fn promoted_to(&self, mv: Move) -> Option<u32> {
                match mv {
                    Move::Promote { what, .. } => Some(what as u32),
                    _ => None,
                }
            }
        },
        move_to: quote!(Move::Promote { site, .. } => site,),
    }
}

/// The state helper both use: the piece on `site` becomes `what` (none
/// when 0), with a cleared state.
pub(super) fn helper() -> TokenStream {
    quote! {
        /// Replaces the piece on `site` by component `what` (Ludii's
        /// `ActionPromote`; none when 0), its state cleared.
        #[inline(always)]
        fn promote(s: &mut State, site: u16, what: u8) {
            Self::clear(s, site);
            if what != 0 {
                Self::put(s, site, what);
            }
        }
    }
}
