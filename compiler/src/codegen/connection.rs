//! Tests that look at groups of pieces: `(is Connected ...)` (a flood fill
//! from the last placed piece, or, where the analysis proves pieces are
//! only ever placed, a union–find kept at each placement), `(is Loop)` on
//! hex cells, and `(sites Winning ...)`. Each becomes a helper method named
//! for its test and documented with it.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use crate::analyse::connectivity::UnionFind;
use crate::board::{AbsoluteDirection, Relation};
use crate::ir::{ConnectTargets, Connected, Moves, Site};

use super::Gen;

impl Gen<'_> {
    /// A fresh helper name `kind_N`.
    pub(super) fn numbered_helper(&mut self, kind: &str) -> Ident {
        let n = (1..)
            .find(|n| !self.helper_names.contains(&format!("{kind}_{n}")))
            .expect("a free number");
        let name = format_ident!("{kind}_{n}");
        self.helper_names.insert(name.to_string());
        name
    }

    /// The helper of kind `kind` whose body is `body`: the one already made
    /// for the same body, else a new one numbered after the others (made by
    /// `item` from its name).
    pub(super) fn shared_helper(
        &mut self,
        kind: &str,
        body: &TokenStream,
        item: impl FnOnce(&Ident) -> TokenStream,
    ) -> Ident {
        let key = format!("{kind} {body}");
        if let Some(name) = self.shared_helpers.get(&key) {
            return name.clone();
        }
        let name = self.numbered_helper(kind);
        self.helpers.push(item(&name));
        self.shared_helpers.insert(key, name.clone());
        name
    }

    /// The bitboard of the pieces of component `what` (an expression).
    pub(super) fn component_sites(&self, what: TokenStream) -> TokenStream {
        let model = self.model;
        // Components numbered like their owners (`(piece "Disc" Each)`):
        // the owner of `what` is `what`.
        let owner_is_what = model
            .components
            .iter()
            .enumerate()
            .all(|(i, c)| c.owner as usize == i + 1);
        if crate::analyse::features::several_kinds(model) {
            quote!(s.kinds[#what as usize])
        } else if owner_is_what {
            quote!(s.owned[#what as usize])
        } else {
            quote!(s.owned[OWNER[#what as usize] as usize])
        }
    }

    /// `fn connected_N(&self, s, mover) -> bool` for `(is Connected ...)`.
    pub(super) fn connected_test(&mut self, c: &Connected) -> Ident {
        if self.analysis.union_find.is_some() {
            return self.connected_by_union_find(c);
        }
        let name = self.numbered_helper("connected");
        let steps = self.tables.step_masks(c.directions);
        let n_players = self.model.num_players as usize;
        let (regions_code, need_code, region_player) = match &c.targets {
            ConnectTargets::PlayerRegions => {
                let mut per_player = vec![Vec::new(); n_players + 1];
                for r in &self.model.regions {
                    per_player[r.owner as usize].extend(r.parts.iter().cloned());
                }
                let lists: Vec<TokenStream> = per_player
                    .iter()
                    .map(|parts| {
                        let items = parts.iter().map(|p| self.tables.bits(p.iter().copied()));
                        quote!(&[#(#items),*])
                    })
                    .collect();
                let who = self.player(c.who);
                let need = match c.number {
                    Some(n) => {
                        let n = Literal::usize_unsuffixed(n as usize);
                        quote!(#n)
                    }
                    None => quote!(regions.len()),
                };
                (
                    quote! {
                        let region_player = #who;
                        const BY_PLAYER: [&[Board]; #n_players + 1] = [#(#lists),*];
                        let regions: &[Board] = BY_PLAYER[region_player as usize];
                    },
                    need,
                    true,
                )
            }
            ConnectTargets::Sets(sets) => {
                let items = sets.iter().map(|p| self.tables.bits(p.iter().copied()));
                let need = Literal::usize_unsuffixed(c.number.map_or(sets.len(), |n| n as usize));
                (
                    quote! { let regions: &[Board] = &[#(#items),*]; },
                    quote!(#need),
                    false,
                )
            }
        };
        // Ludii starts the group only from a stone of the region's owner.
        let only_from = if region_player {
            quote! {
                if who != region_player {
                    let touched = regions.iter().filter(|r| r.contains(from as usize)).count();
                    return touched >= need;
                }
            }
        } else {
            quote!()
        };
        let doc = "the group of the last placed piece touches enough regions";
        let body = quote! {
            #regions_code
            let need: usize = #need_code;
            #only_from
            let group = flood(Board::single(from as usize), s.owned[who as usize], &#steps);
            regions.iter().filter(|r| r.intersects(&group)).count() >= need
        };
        self.helpers.push(connected_method(&name, doc, body));
        name
    }

    /// `fn connected_N` reading the regions touched by the last placed
    /// piece's group from the union–find (the piece is its group's root).
    fn connected_by_union_find(&mut self, c: &Connected) -> Ident {
        let name = self.numbered_helper("connected");
        let uf = self
            .analysis
            .union_find
            .as_ref()
            .expect("a union-find plan");
        let body = match &c.targets {
            ConnectTargets::PlayerRegions => {
                let masks = uf
                    .player_masks(self.model)
                    .into_iter()
                    .map(Literal::u32_unsuffixed);
                let who = self.player(c.who);
                let need = match c.number {
                    Some(n) => {
                        let n = Literal::u32_unsuffixed(n);
                        quote!(#n)
                    }
                    None => quote!(mask.count_ones()),
                };
                quote! {
                    const MASKS: [u32; NUM_PLAYERS as usize + 1] = [#(#masks),*];
                    let region_player = #who;
                    let mask = MASKS[region_player as usize];
                    // Ludii starts the group only from a stone of the region's owner.
                    let touched = if who == region_player { s.touch[from as usize] } else { REGION_BITS[from as usize] };
                    (touched & mask).count_ones() >= #need
                }
            }
            ConnectTargets::Sets(sets) => {
                // Typed, so that tests of other regions share code.
                let mask = Literal::u32_suffixed(uf.mask_of(sets));
                let need = Literal::u32_suffixed(c.number.unwrap_or(sets.len() as u32));
                quote!({ let (mask, need) = (#mask, #need); (s.touch[from as usize] & mask).count_ones() >= need })
            }
        };
        let doc =
            "the group of the last placed piece touches enough regions (read from the union-find)";
        self.helpers.push(connected_method(&name, doc, body));
        name
    }

    /// The union–find's fields, their start, its table and its methods;
    /// `link` is called by `put`. Empty when the analysis chose none.
    pub(super) fn union_find_code(&mut self) -> [TokenStream; 4] {
        let Some(uf) = &self.analysis.union_find else {
            return Default::default();
        };
        let table = region_bits_table(uf, self.model.board.num_sites());
        let steps = self.tables.step_lists(uf.directions);
        let fields = quote! {
            /// Union–find parent of each occupied site (groups of one owner's pieces).
            uf: [u16; NUM_SITES],
            /// For each group root, the regions the group touches.
            touch: [u32; NUM_SITES],
        };
        let init = quote!(uf: [0; NUM_SITES], touch: [0; NUM_SITES],);
        let methods = quote! {
            /// Joins the piece just placed on `site` to the groups of its owner's
            /// pieces next to it; `site` becomes the root of the joined group.
            #[inline(always)]
            fn link(s: &mut State, site: usize, owner: u8) {
                s.uf[site] = site as u16;
                s.touch[site] = REGION_BITS[site];
                for &q in #steps[site] {
                    // One word read per neighbour: a copy of the whole set,
                    // just written by `put`, waits for the store to land.
                    if s.owned[owner as usize].contains(q as usize) {
                        let root = Self::find(&mut s.uf, q as usize);
                        if root != site {
                            s.uf[root] = site as u16;
                            s.touch[site] |= s.touch[root];
                        }
                    }
                }
            }

            /// The root of `x`'s group, halving the path on the way.
            fn find(uf: &mut [u16; NUM_SITES], mut x: usize) -> usize {
                while uf[x] as usize != x {
                    let parent = uf[x] as usize;
                    uf[x] = uf[parent];
                    x = uf[x] as usize;
                }
                x
            }
        };
        [table, fields, init, methods]
    }

    /// `fn ring_N(s) -> bool` for `(is Loop)` on hex cells.
    pub(super) fn loop_test(&mut self) -> Ident {
        let name = self.numbered_helper("ring");
        let adjacent = self.tables.step_lists(AbsoluteDirection::Adjacent);
        let orthogonal = self.tables.step_lists(Relation::Orthogonal.direction());
        let ortho_masks = self.tables.step_masks(Relation::Orthogonal.direction());
        let outer = self.tables.constant(
            "OUTER",
            "The board's outer sites.",
            self.model.board.outer(),
        );
        let mine = self.component_sites(quote!(s.what[pivot as usize]));
        // Where pieces are only ever placed and a ring ends the game (two
        // players, the test read by end rules alone), every ring the test
        // can find was closed by the last piece: one found earlier would
        // have ended the game. A ring closed by a piece passes through it,
        // so the piece has two of its own beside it; with fewer, no walk.
        let no_ring_yet = if self.analysis.only_fills
            && self.model.num_players == 2
            && !self.analysis.features.loop_in_play
        {
            quote! {
                if #adjacent[pivot as usize].iter().filter(|&&n| mine.contains(n as usize)).count() < 2 {
                    return false;
                }
            }
        } else {
            quote!()
        };
        let doc = " `(is Loop)`: the last placed piece closes a ring around cells none of which is outer.";
        self.helpers.push(quote! {
            #[doc = #doc]
            fn #name(s: &State) -> bool {
                let pivot = s.last_to;
                if pivot == NO_SITE {
                    return false;
                }
                let mine = #mine;
                #no_ring_yet
                let others = ALL.minus(mine);
                // Cells found in a region that reaches the outer ring.
                let mut open = Board::EMPTY;
                let enclosed = |start: usize, open: &mut Board| -> bool {
                    if open.contains(start) {
                        return false;
                    }
                    match enclosed_region(start, others, #outer, &#ortho_masks) {
                        Ok(_) => true,
                        Err(region) => {
                            *open = open.or(region);
                            false
                        }
                    }
                };
                for &n in #adjacent[pivot as usize] {
                    let n = n as usize;
                    if #outer.contains(n) {
                        continue;
                    }
                    let ring = if !mine.contains(n) {
                        enclosed(n, &mut open)
                    } else {
                        #orthogonal[n]
                            .iter()
                            .filter(|&&m| others.contains(m as usize))
                            .all(|&m| enclosed(m as usize, &mut open))
                    };
                    if ring {
                        return true;
                    }
                }
                false
            }
        });
        name
    }

    /// `fn winning_N(&self, s, player) -> Board` for `(sites Winning ...)`:
    /// the sites where a placement of `moves` wins at once for `player`.
    pub(super) fn winning_sites(&mut self, moves: &Moves) -> Ident {
        let name = self.numbered_helper("winning");
        let copy = self.state_copy();
        let emit = |mv: TokenStream| {
            quote! {
                let mv = #mv;
                if let Move::Add { site, .. } = mv {
                    if !winning.contains(site as usize) {
                        let mut after = #copy;
                        self.apply_move(&mut after, mv);
                        if after.results.winners & (1 << mover) != 0 {
                            winning.insert(site as usize);
                        }
                    }
                }
            }
        };
        let code = self.moves(moves, &emit);
        let doc = " `(sites Winning ...)`: where the player placing now would win at once.";
        self.helpers.push(quote! {
            #[doc = #doc]
            #[allow(unused_variables, unused_labels)]
            fn #name(&self, s: &State, player: u8) -> Board {
                let mut base = #copy;
                base.mover = player;
                let s = &base;
                let mover = player;
                let mut winning = Board::EMPTY;
                #code
                winning
            }
        });
        name
    }
}

/// A `(is Connected ...)` test method: the common start (the last placed
/// piece and its owner), then `body`.
fn connected_method(name: &Ident, doc: &str, body: TokenStream) -> TokenStream {
    let doc = format!(" `(is Connected ...)`: {doc}.");
    quote! {
        #[doc = #doc]
        #[allow(unused_variables)]
        fn #name(&self, s: &State, mover: u8) -> bool {
            let from = s.last_to;
            if from == NO_SITE {
                return false;
            }
            let who = OWNER[s.what[from as usize] as usize];
            if who == 0 {
                return false;
            }
            #body
        }
    }
}

/// `static REGION_BITS: [u32; N]`: the regions holding each site.
pub fn region_bits_table(uf: &UnionFind, num_sites: usize) -> TokenStream {
    let bits = (0..num_sites).map(|s| {
        let m = uf
            .regions
            .iter()
            .enumerate()
            .filter(|(_, r)| r.contains(&(s as Site)))
            .fold(0u32, |m, (i, _)| m | 1 << i);
        Literal::u32_unsuffixed(m)
    });
    let n = Literal::usize_unsuffixed(num_sites);
    quote! {
        /// For each site, the regions holding it (one bit per region named in a connection test).
        static REGION_BITS: [u32; #n] = [#(#bits),*];
    }
}

#[cfg(test)]
mod ring_tests {
    use super::super::merged::tests::generated;

    /// A Havannah-like game on a hex board: stones placed on empty cells,
    /// a ring wins; `play` may read the ring test too.
    fn rings(play: &str) -> String {
        format!(
            r#"(game "Rings" (players 2)
            (equipment {{ (board (hex 4)) (piece "Marker" Each) }})
            (rules (play {play}) (end (if (is Loop) (result Mover Win)))))"#
        )
    }

    #[test]
    fn a_piece_with_fewer_than_two_of_its_own_beside_it_closes_no_ring() {
        let code = generated(&rings("(move Add (to (sites Empty)))"));
        assert!(code.contains(".count() < 2"), "{code}");
        // A play rule reading the test may see a ring closed earlier: the
        // walk runs whatever the last piece.
        let reads = rings("(if (is Loop) (move Pass) (move Add (to (sites Empty))))");
        let code = generated(&reads);
        assert!(code.contains("fn ring_"), "{code}");
        assert!(!code.contains(".count() < 2"), "{code}");
    }
}
