//! The connection playout (see `analyse::connection_playout`): the
//! add-to-empty playout's draws, with each player's stones and the part of
//! them joined to its first side kept as bitboards, grown by a flood step
//! from each new stone that touches the side or the part; the game ends
//! when the part reaches the second side.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::analyse::connection_playout::ConnectionPlayout;
use crate::ir::{Cond, ResultKind};

use super::Gen;

impl Gen<'_> {
    /// The connection playout's body (a block).
    pub(super) fn connection_playout(&mut self, plan: &ConnectionPlayout) -> TokenStream {
        let model = self.model;
        let uf = self
            .analysis
            .union_find
            .clone()
            .expect("the connection playout's regions are the union-find's");
        let Cond::Connected(test) = &model.end[0].condition else {
            unreachable!("the analysis checked the end rule")
        };
        let steps = self.tables.step_masks(test.directions);
        let regions = self.tables.board_table(
            "CONNECTION_REGIONS",
            "The regions of the connection test, as bitboards (bit `i` of the union-find's masks is region `i`).",
            uf.regions.clone(),
        );
        let side = |pick: usize| {
            let arms = plan
                .sides
                .iter()
                .enumerate()
                .skip(1)
                .map(|(player, sides)| {
                    let part = Literal::usize_unsuffixed(sides[pick]);
                    let player = Literal::u8_unsuffixed(player as u8);
                    quote!(#player => #regions[#part],)
                });
            quote!(|player: u8| match player { #(#arms)* _ => Board::EMPTY })
        };
        let (first_side, second_side) = (side(0), side(1));
        let result = match model.end[0].result {
            ResultKind::Win => quote!(s.results.win(p)),
            _ => quote!(s.results.lose(p)),
        };
        let rule = Literal::u16_unsuffixed(plan.rule);
        let place = quote!(Move::Add { site, what: s.mover, rule: #rule });
        // The swap is offered on the second move: the playout goes forward,
        // as the add-to-empty playout, until it has passed.
        let forward_while_swap = if model.swap {
            quote! {
                while s.moves < NUM_PLAYERS as u32 && !s.results.is_over() {
                    let total = count + self.swap_allowed(s) as usize;
                    if total == 0 {
                        self.apply_move(s, Move::Pass);
                        continue;
                    }
                    let k = draws.index(rng, total);
                    if k == count {
                        self.apply_move(s, Move::Swap);
                        continue;
                    }
                    let site = empty[k];
                    count -= 1;
                    empty[k] = empty[count];
                    self.apply_move(s, #place);
                }
            }
        } else {
            quote!()
        };
        quote!({
            // The empty sites, listed as the add-to-empty playout lists them.
            let (mut empty, mut count) = empty_list::<NUM_SITES>(
                ALL.minus(s.occupied).count() as usize == NUM_SITES,
                ALL.minus(s.occupied).iter(),
            );
            // The add-to-empty playout's draws, several from one word.
            let mut draws = DescendingDraws::new();
            #forward_while_swap
            if !s.results.is_over() {
                let first_side = #first_side;
                let second_side = #second_side;
                // Per player, its stones and those joined to its first side.
                let mut placed = s.owned;
                let mut joined = [Board::EMPTY; NUM_PLAYERS as usize + 1];
                for player in 1..=NUM_PLAYERS {
                    let o = OWNER[player as usize] as usize;
                    joined[o] = flood(placed[o].and(first_side(player)), placed[o], &#steps);
                }
                let moves = s.moves;
                let mut mover = s.mover;
                let mut order = [0u16; NUM_SITES];
                let n = count;
                for (i, slot) in order.iter_mut().enumerate().take(n) {
                    let k = draws.index(rng, count);
                    let site = empty[k];
                    count -= 1;
                    empty[k] = empty[count];
                    *slot = site;
                    let o = OWNER[mover as usize] as usize;
                    let at = site as usize;
                    placed[o].insert(at);
                    if first_side(mover).contains(at) || #steps[at].intersects(&joined[o]) {
                        joined[o] = grow(joined[o].with(at), Board::single(at), placed[o], &#steps);
                        if joined[o].intersects(&second_side(mover)) {
                            // The end rule's result, on the move that joined.
                            s.what[at] = mover;
                            s.last_to = site;
                            s.moves = moves + i as u32 + 1;
                            s.mover = mover;
                            let p: u8 = mover;
                            if s.results.is_active(p) {
                                #result;
                                break;
                            }
                        }
                    }
                    mover = 3 - mover;
                }
                if !s.results.is_over() {
                    // No one joined on the full board: its moves as the
                    // add-to-empty playout plays them, then its passes.
                    for &site in order.iter().take(n) {
                        self.apply_move(s, #place);
                    }
                    while !s.results.is_over() {
                        self.apply_move(s, Move::Pass);
                    }
                }
            }
            let outcome = s.results.outcome().expect("the game is over");
            PlayoutResult { outcome, moves: s.moves }
        })
    }
}
