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
        let flanking = crate::analyse::sitewise::flanking(self.model, rule)
            .and_then(|c| Some((c, self.custodial_shifts(c)?)));
        if let Some((c, shifts)) = flanking {
            let starts = self.custodial_starts(c, &shifts);
            // The append's move at a start, as its listing names it.
            let Moves::Append {
                rule: number,
                effect,
                ..
            } = rule.moves
            else {
                unreachable!("the analysis found an append")
            };
            self.scope.site = true;
            self.scope.to = true;
            let first = self.first_site_of_yielding(effect);
            self.scope = saved;
            let number = self.rule_lit(*number);
            let draw_move = quote! {
                /// Draws the playout's next move uniformly: one of the
                /// sites of the play rules' region from which the custodial
                /// flanks a line, all found at once by shifts; the forced
                /// pass when there is none.
                #[inline(always)]
                #[allow(unused_variables)]
                fn draw_move<R: RngCore>(&self, s: &State, rng: &mut R) -> Move {
                    let mover = s.mover;
                    let starts = #starts.and(#region);
                    let count = starts.count();
                    if count == 0 {
                        return Move::Pass;
                    }
                    let site = starts.nth(rng.below(u64::from(count)) as u32) as u16;
                    let to = site;
                    let first = #first;
                    Move::Effect { rule: #number, site, to: first }
                }
            };
            return (move_at_helper(body), draw_move);
        }
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
        (move_at_helper(body), draw_move)
    }
}

/// `fn move_at`, the move the play rules give at one site, its `body`
/// returning it.
fn move_at_helper(body: TokenStream) -> TokenStream {
    quote! {
        /// The move the play rules give at `site`, if any.
        #[inline(always)]
        #[allow(unused_variables, clippy::needless_return)]
        fn move_at(&self, s: &State, mover: u8, site: u16) -> Option<Move> {
            let to = site;
            #body
            None
        }
    }
}
