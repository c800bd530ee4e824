//! The add-to-empty playout (see `analyse::add_to_empty`): phases whose
//! play rule places the mover's piece on any empty site draw from a list of
//! the empty sites kept across moves (swap-remove), with no move
//! generation; the swap move, when offered, is one more choice of the same
//! uniform draw.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// A game of one phase, always "place on an empty site": the runtime's
/// add-to-empty playout over the game's `AddToEmpty` (returned second).
pub fn single_phase(
    rule: u16,
    swap: bool,
    ty: &proc_macro2::Ident,
    rt: &TokenStream,
) -> (TokenStream, TokenStream) {
    let rule = Literal::u16_unsuffixed(rule);
    let swap_offered = if swap {
        quote! {
            #[inline(always)]
            fn swap_offered(&self, s: &State) -> Option<Move> {
                self.swap_allowed(s).then_some(Move::Swap)
            }
        }
    } else {
        quote!()
    };
    (
        quote!({ #rt::add_to_empty_playout::<NUM_SITES, _, _>(self, s, rng) }),
        quote! {
            impl #rt::AddToEmpty for #ty {
                const PASS: Move = Move::Pass;

                #[inline(always)]
                fn empty_sites(&self, s: &State) -> impl Iterator<Item = usize> {
                    ALL.minus(s.occupied).into_iter()
                }

                #[inline(always)]
                fn every_site_empty(&self, s: &State) -> bool {
                    ALL.minus(s.occupied).count() as usize == NUM_SITES
                }

                #[inline(always)]
                fn placement(&self, s: &State, site: u16) -> Move {
                    Move::Add { site, what: s.mover, rule: #rule }
                }

                #swap_offered
            }
        },
    )
}

/// The playout's body (a block) where some phases are proven to be "place
/// the mover's piece on any empty site": they draw from a list of empty
/// sites kept across moves; the others generate all legal moves and pick one.
pub fn playout(fast_phases: &[(usize, u16)], swap: bool, rt: &TokenStream) -> TokenStream {
    // Uniform over the legal moves: the empty sites, and the swap when offered.
    let (total, swap_or_place) = if swap {
        (
            quote!(count + self.swap_allowed(s) as usize),
            quote!(if k == count {
                self.apply_move(s, Move::Swap);
                continue;
            }),
        )
    } else {
        (quote!(count), quote!())
    };
    let place = |rule: Literal| {
        quote! {
            let k = draws.index(rng, total);
            #swap_or_place
            let site = empty[k];
            count -= 1;
            empty[k] = empty[count];
            self.apply_move(s, Move::Add { site, what: s.mover, rule: #rule });
        }
    };
    if fast_phases.is_empty() {
        return quote! {
            {
                let mut buffer = MoveBuffer::new();
                #rt::standard_playout(self, s, rng, &mut buffer)
            }
        };
    }
    let arms = fast_phases.iter().map(|&(phase, rule)| {
        let phase = Literal::u8_unsuffixed(phase as u8);
        let place = place(Literal::u16_unsuffixed(rule));
        quote! {
            #phase => {
                if !fresh {
                    count = 0;
                    for site in ALL.minus(s.occupied).iter() {
                        empty[count] = site as u16;
                        count += 1;
                    }
                    fresh = true;
                }
                let total = #total;
                if total == 0 {
                    self.apply_move(s, Move::Pass);
                    continue;
                }
                #place
            }
        }
    });
    quote! {
        {
            let mut empty = [0u16; NUM_SITES];
            let mut count = 0usize;
            // The placements' draws, several from one word.
            let mut draws = DescendingDraws::new();
            // Whether `empty` lists the empty sites (it is rebuilt after a standard phase).
            let mut fresh = false;
            let mut buffer = MoveBuffer::new();
            loop {
                if s.results.is_over() {
                    let outcome = s.results.outcome().expect("the game is over");
                    return PlayoutResult { outcome, moves: s.moves };
                }
                match s.phase[s.mover as usize] {
                    #(#arms)*
                    _ => {
                        fresh = false;
                        self.legal_moves(s, &mut buffer);
                        let mv = buffer[rng.index(buffer.len())];
                        self.apply_move(s, mv);
                    }
                }
            }
        }
    }
}
