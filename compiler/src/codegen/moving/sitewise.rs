//! Drawing a playout's move site by site, where the play rules give at
//! most one move per site of a region: `(move Add (to R [if:C]))`, or
//! `(forEach Site R (append E))`. A playout then needs no move list: it
//! tries the region's sites in a random order and takes the first with a
//! move. Every legal site is the first legal one of a random order with the
//! same probability, so the draw is exactly uniform over the legal moves
//! (the differential tests check it), and it tests few sites when many
//! have a move (Ludii's "filter" idea, without the list).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ir::{Moves, Region};

use super::Gen;

/// The play rules' region and the moves at each of its sites.
struct SiteRule<'m> {
    region: &'m Region,
    moves: &'m Moves,
}

impl Gen<'_> {
    /// `fn draw_move`, when the play rules give at most one move per site.
    pub(super) fn sitewise_draw(&mut self) -> Option<TokenStream> {
        let model = self.model;
        if model.swap || model.phases.len() != 1 {
            return None;
        }
        let rule = site_rule(&model.phases[0].play)?;
        // `(forEach R if:C)`: the sites of R, each tested with C.
        let (region, filter) = match rule.region {
            Region::Filter(within, test) => (&**within, Some(&**test)),
            other => (other, None),
        };
        let region = self.region(region);
        let saved = self.scope;
        self.scope.site = true;
        self.scope.to = true;
        let filter = filter.map_or(quote!(true), |c| self.cond(c));
        let emit = |mv: TokenStream| quote!(return Some(#mv););
        let body = match rule.moves {
            // The placement's own loop, for one site.
            Moves::Add(add) => {
                let what = self.piece_what(&add.piece);
                let test = add.to_if.as_ref().map_or(quote!(true), |c| self.cond(c));
                let rule = Literal::u16_unsuffixed(add.rule);
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
        Some(quote! {
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

            /// The move the play rules give at `site`, if any.
            #[inline(always)]
            #[allow(unused_variables, clippy::needless_return)]
            fn move_at(&self, s: &State, mover: u8, site: u16) -> Option<Move> {
                let to = site;
                #body
                None
            }
        })
    }
}

/// The play rules as one region and the moves at each of its sites.
fn site_rule(play: &Moves) -> Option<SiteRule<'_>> {
    match play {
        Moves::Add(add) => Some(SiteRule {
            region: &add.to,
            moves: play,
        }),
        Moves::ForEachSite { region, moves } if matches!(**moves, Moves::Append { .. }) => {
            Some(SiteRule { region, moves })
        }
        Moves::Then(inner, _) => site_rule(inner),
        _ => None,
    }
}
