//! The add-to-empty playout (see `analyse::add_to_empty`): phases whose
//! play rule places the mover's piece on any empty site draw from a list of
//! the empty sites kept across moves (swap-remove), with no move
//! generation; the swap move, when offered, is one more choice of the same
//! uniform draw.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The playout's body (a block): phases proven to be "place the mover's
/// piece on any empty site" draw from a list of empty sites kept across
/// moves; the others generate all legal moves and pick one.
pub fn playout(fast_phases: &[(usize, u16)], num_phases: usize, rt: &TokenStream) -> TokenStream {
    if let ([(0, rule)], 1) = (fast_phases, num_phases) {
        // A single phase, always "place on an empty site": a tight loop.
        let rule = Literal::u16_unsuffixed(*rule);
        return quote! {
            {
                let mut empty = [0u16; NUM_SITES];
                let mut count = 0usize;
                for site in ALL.minus(s.occupied).iter() {
                    empty[count] = site as u16;
                    count += 1;
                }
                while !s.results.is_over() {
                    // Uniform over the legal moves: the empty sites, and the swap when offered.
                    let total = count + self.swap_allowed(s) as usize;
                    if total == 0 {
                        self.apply_move(s, Move::Pass);
                        continue;
                    }
                    let k = rng.index(total);
                    if k == count {
                        self.apply_move(s, Move::Swap);
                    } else {
                        let site = empty[k];
                        count -= 1;
                        empty[k] = empty[count];
                        self.apply_move(s, Move::Add { site, what: s.mover, rule: #rule });
                    }
                }
                let outcome = s.results.outcome().expect("the game is over");
                PlayoutResult { outcome, moves: s.moves }
            }
        };
    }
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
        let rule = Literal::u16_unsuffixed(rule);
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
                // Uniform over the legal moves: the empty sites, and the swap when offered.
                let swap = self.swap_allowed(s) as usize;
                let total = count + swap;
                if total == 0 {
                    self.apply_move(s, Move::Pass);
                } else {
                    let k = rng.index(total);
                    if k == count {
                        self.apply_move(s, Move::Swap);
                    } else {
                        let site = empty[k];
                        count -= 1;
                        empty[k] = empty[count];
                        self.apply_move(s, Move::Add { site, what: s.mover, rule: #rule });
                    }
                }
            }
        }
    });
    quote! {
        {
            let mut empty = [0u16; NUM_SITES];
            let mut count = 0usize;
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
