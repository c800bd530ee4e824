//! Moves as target sets (see `analyse::target_sets`): per player, a
//! function giving each group's destination set (pieces shifted by the
//! group's site difference, masked by the allowed sites, leg by leg) and a
//! table of each group's rule, direction and difference. Listing the moves
//! walks the sets; a playout picks one move with a single draw over the
//! sets' sizes, never listing them, and the distribution stays uniform over
//! the same moves (`tests/differential.rs` checks both).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::analyse::target_sets::{PieceSet, PlayerSets, SiteSet};

use super::Gen;

/// The code of the target sets.
pub(super) struct SetCode {
    /// The body of `generate`: every move, set by set.
    pub generate: TokenStream,
    /// The body of `any_moves`: whether some set is not empty.
    pub any: TokenStream,
    /// The set functions and their tables.
    pub items: TokenStream,
    /// `fn draw_move`, for the game's `DrawMove`.
    pub draw_move: TokenStream,
    /// `impl From<Target> for Move`.
    pub conversion: TokenStream,
}

/// A set of allowed sites as a `Board` expression for `mover`.
pub(super) fn site_set(set: &SiteSet) -> TokenStream {
    match set {
        SiteSet::All => quote!(ALL),
        SiteSet::Nothing => quote!(Board::EMPTY),
        SiteSet::Empty => quote!(ALL.minus(s.occupied)),
        SiteSet::Occupied => quote!(s.occupied),
        SiteSet::Enemy => quote!(s.occupied.minus(s.owned[0]).minus(s.owned[mover as usize])),
        SiteSet::Friend => quote!(s.owned[mover as usize]),
        SiteSet::Not(inner) => {
            let inner = site_set(inner);
            quote!(ALL.minus(#inner))
        }
        SiteSet::And(list) => {
            let sets = list.iter().map(site_set);
            quote!(ALL #(.and(#sets))*)
        }
        SiteSet::Or(list) => {
            let sets = list.iter().map(site_set);
            quote!(Board::EMPTY #(.or(#sets))*)
        }
    }
}

/// The bitboard of the pieces that make a group's moves.
pub(super) fn piece_set(pieces: PieceSet) -> TokenStream {
    match pieces {
        PieceSet::Owner(p) => {
            let p = Literal::usize_unsuffixed(p as usize);
            quote!(s.owned[#p])
        }
        PieceSet::Kind(w) => {
            let w = Literal::usize_unsuffixed(w);
            quote!(s.kinds[#w])
        }
    }
}

impl Gen<'_> {
    /// Per player: `targets_pN` (the sets), `GROUPS_PN` (each set's rule,
    /// direction and site difference); then `generate` over the sets and
    /// `draw_move`.
    pub(super) fn emit_sets(&mut self, players: &[PlayerSets]) -> SetCode {
        let mut items = Vec::new();
        let mut generate_arms = Vec::new();
        let mut pick_arms = Vec::new();
        let mut any_arms = Vec::new();
        // Players whose groups are the same (rule, direction and difference
        // alike) share one table.
        let mut tables: Vec<(String, proc_macro2::Ident)> = Vec::new();
        for p in players {
            let fn_name = format_ident!("targets_p{}", p.player);
            let player = Literal::u8_unsuffixed(p.player);
            let len = Literal::usize_unsuffixed(p.groups.len());
            // Each distinct destination set is computed once.
            let mut set_names: Vec<(String, proc_macro2::Ident)> = Vec::new();
            let mut lets = Vec::new();
            let mut sets = Vec::new();
            let mut rows = Vec::new();
            for g in &p.groups {
                let froms = self.tables.bits(g.froms.iter().copied());
                // The player's own pieces read through `mover`, so that the
                // players' functions are one.
                let pieces = match g.pieces {
                    PieceSet::Owner(o) if o == p.player => quote!(s.owned[mover as usize]),
                    other => piece_set(other),
                };
                let mut set = quote!(#pieces.and(#froms));
                for (delta, allowed) in &g.legs {
                    let allowed = site_set(allowed);
                    // Each distinct allowed set is computed once.
                    let key = allowed.to_string();
                    let name = match set_names.iter().find(|(k, _)| *k == key) {
                        Some((_, id)) => id.clone(),
                        None => {
                            let id = format_ident!("allowed_{}", set_names.len());
                            lets.push(quote!(let #id = #allowed;));
                            set_names.push((key, id.clone()));
                            id
                        }
                    };
                    let delta = Literal::i32_unsuffixed(*delta);
                    set = quote!(#set.shifted(#delta).and(#name));
                }
                sets.push(set);
                let delta = Literal::i32_unsuffixed(g.delta);
                let (rule, dir) = (self.rule_lit(g.rule), Literal::u8_unsuffixed(g.dir));
                rows.push(quote!((#delta, #rule, #dir)));
            }
            let key = quote!(#(#rows),*).to_string();
            let table = match tables.iter().find(|(k, _)| *k == key) {
                Some((_, table)) => table.clone(),
                None => {
                    let table = format_ident!("GROUPS_P{}", p.player);
                    let table_doc = format!(
                        " For each set of `targets_p{}`: the site difference `to - from`, the rule and the direction.",
                        p.player
                    );
                    items.push(quote! {
                        #[doc = #table_doc]
                        const #table: [TargetGroup; #len] = [#(#rows),*];
                    });
                    tables.push((key, table.clone()));
                    table
                }
            };
            let doc = format!(
                " Player {}'s moves as destination sets, one per rule, direction and site difference (`{table}`).",
                p.player
            );
            items.push(quote! {
                #[doc = #doc]
                #[inline(always)]
                #[allow(unused_variables)]
                fn #fn_name(s: &State) -> [Board; #len] {
                    let mover: u8 = #player;
                    #(#lets)*
                    [#(#sets),*]
                }
            });
            generate_arms.push(quote! {
                #player => for_each_target(&Self::#fn_name(s), &Self::#table, |t| out.push(Move::from(t))),
            });
            any_arms.push(quote! {
                #player => Self::#fn_name(s).iter().any(|set| !set.is_empty()),
            });
            pick_arms.push(quote! {
                #player => pick_target(&Self::#fn_name(s), &Self::#table, rng),
            });
        }
        let generate = quote! {
            match mover {
                #(#generate_arms)*
                _ => {}
            }
        };
        let draw_move = quote! {
            /// One legal move chosen uniformly at random, with one draw over
            /// the sizes of the target sets and no move list; the forced pass
            /// when there is none.
            #[inline(always)]
            fn draw_move<R: RngCore>(&self, s: &State, rng: &mut R) -> Move {
                let picked = match s.mover {
                    #(#pick_arms)*
                    _ => None,
                };
                picked.map_or(Move::Pass, Move::from)
            }

        };
        let any = quote! {
            match mover {
                #(#any_arms)*
                _ => false,
            }
        };
        SetCode {
            generate,
            any,
            items: quote! {
                #(#items)*
            },
            draw_move,
            conversion: quote! {
                impl From<Target> for Move {
                    /// The piece move a target set holds.
                    #[inline(always)]
                    fn from(Target { from, to, rule, dir }: Target) -> Self {
                        Move::Piece { rule, from, to, dir }
                    }
                }
            },
        }
    }
}
