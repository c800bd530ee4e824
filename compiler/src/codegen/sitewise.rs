//! The site-wise draw (see `analyse::sitewise`): a playout tries the play
//! rules' region's sites in a random order and takes the first with a move.

use proc_macro2::TokenStream;
use quote::quote;

use crate::analyse::sitewise::SiteRule;
use crate::ir::Moves;

use super::Gen;

impl Gen<'_> {
    /// `fn move_at` (a helper) and `fn draw_move` over the play rules' sites.
    pub(super) fn sitewise_draw(&mut self, rule: &SiteRule) -> (TokenStream, TokenStream) {
        let region = self.region(rule.region);
        let saved = self.scope;
        self.scope.site = true;
        self.scope.to = true;
        let filter = rule.filter.map_or(quote!(true), |c| self.cond(c));
        let emit = |mv: TokenStream| quote!(return Some(#mv););
        let body = match rule.moves {
            // The placement's own loop, for one site.
            Moves::Add(add) => {
                let what = self.piece_what(&add.piece);
                let test = add.to_if.as_ref().map_or(quote!(true), |c| self.cond(c));
                let rule = self.rule_lit(add.rule);
                let mv = emit(quote!(Move::Add { site: to, what, rule: #rule }));
                quote! {
                    let what = #what;
                    if #filter && #test { #mv }
                }
            }
            other => {
                let moves = self.moves(other, &emit);
                quote!(if #filter { #moves })
            }
        };
        self.scope = saved;
        let draw_move = quote! {
            /// Draws the playout's next move uniformly: the sites of the
            /// play rules' region in a random order, the first with a move;
            /// the forced pass when none has one.
            #[inline(always)]
            #[allow(unused_variables)]
            fn draw_move<R: RngCore>(&self, s: &State, rng: &mut R) -> Move {
                let mover = s.mover;
                let mut rest = #region;
                let mut left = rest.count();
                while left > 0 {
                    let site = rest.nth(rng.below(left as u64) as u32);
                    rest.remove(site);
                    left -= 1;
                    if let Some(mv) = self.move_at(s, mover, site as u16) {
                        return mv;
                    }
                }
                Move::Pass
            }
        };
        let helpers = quote! {
            /// The move the play rules give at `site`, if any.
            #[inline(always)]
            #[allow(unused_variables, clippy::needless_return)]
            fn move_at(&self, s: &State, mover: u8, site: u16) -> Option<Move> {
                let to = site;
                #body
                None
            }
        };
        (helpers, draw_move)
    }
}
