//! The stacked-line playout (see `analyse::stacked_lines`): the site-wise
//! draw's sites, each player's cells (site, level) as one word, the new
//! piece's cell found by one addition and the line through it by shifts;
//! the state is left alone until the game ends.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::analyse::stacked_lines::StackedLines;
use crate::analyse::Draw;

use super::Gen;

impl Gen<'_> {
    /// The stacked-line playout's body (a block).
    pub(super) fn stacked_lines_playout(
        &mut self,
        plan: &StackedLines,
        rt: &TokenStream,
    ) -> TokenStream {
        let Draw::SiteWise(rule) = &self.analysis.draw else {
            unreachable!("the analysis planned the playout over the site-wise draw")
        };
        let region = self.region(rule.region);
        let place = self.rule_lit(plan.rule);
        let length = Literal::u32_unsuffixed(plan.length);
        let runs = plan.runs.iter().map(|&(stride, starts)| {
            let stride = Literal::u32_unsuffixed(stride);
            let starts: TokenStream = format!("{starts:#x}").parse().expect("a literal");
            quote!(#rt::run_covers(mine, cell, #stride, #length, #starts))
        });
        quote!({
            if !s.results.is_over() {
                // Every piece's cells, and each player's: its piece's (the
                // component numbered like it).
                let mut occupied = s.cells.iter().fold(0u64, |all, cells| all | cells.0[0]);
                let mut pieces = [0u64; NUM_PLAYERS as usize + 1];
                for (p, cells) in pieces.iter_mut().enumerate().skip(1) {
                    *cells = s.cells[p].0[0];
                }
                let mut mover = s.mover;
                let mut order = [0u16; NUM_SITES * STACK_CAPACITY];
                let mut played = 0usize;
                let lined_up = 'playout: loop {
                    // The site-wise draw: the region's sites in a random
                    // order, the first whose stack is open.
                    let mut rest = #region;
                    let mut left = rest.count();
                    while left > 0 {
                        let site = rest.nth(rng.below(left as u64) as u32);
                        rest.remove(site);
                        left -= 1;
                        let bottom = 1u64 << (site * STACK_CAPACITY);
                        if occupied & bottom << (STACK_CAPACITY - 1) == 0 {
                            // The cell above the stack: the carry of one more
                            // at its bottom out of its held cells.
                            let cell = (occupied + bottom) & !occupied;
                            occupied |= cell;
                            pieces[mover as usize] |= cell;
                            order[played] = site as u16;
                            played += 1;
                            let mine = pieces[mover as usize];
                            if #(#runs)|* {
                                break 'playout true;
                            }
                            mover = 3 - mover;
                            continue 'playout;
                        }
                    }
                    // No open stack: the forced pass.
                    break false;
                };
                if lined_up {
                    // The end rule's result, on the move that lined up.
                    s.last_to = order[played - 1];
                    s.moves += played as u32;
                    s.mover = mover;
                    debug_assert!(s.results.is_active(mover), "both players play on");
                    if s.results.is_active(mover) {
                        s.results.win(mover);
                    }
                } else {
                    // The board filled without a line: its moves in full,
                    // then the pass drawn last; the passes go on below.
                    for &site in &order[..played] {
                        self.apply_move(s, Move::Add { site, what: s.mover, rule: #place });
                        debug_assert!(!s.results.is_over(), "no line before the board filled");
                    }
                    self.apply_move(s, Move::Pass);
                }
            }
            #rt::drawn_playout(self, s, rng)
        })
    }
}
