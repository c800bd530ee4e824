//! Stacks of pieces (Connect Four's one-row model): each site holds a
//! fixed-capacity stack, pieces go on top (`(move Add ... stack:True)`),
//! and `(is Line N byLevel:True)` reads lines level by level through
//! precomputed windows of (site, level) cells.
//!
//! The capacity comes from the rules: the placement's region or test must
//! bound the stack's size (`if:(< (size Stack at:(site)) 6)`), so a stack
//! can never overflow. Rules that would take pieces off a stack or move
//! them are not compiled yet (the blocker names them).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ir::{GameModel, Line};

use super::Gen;

/// The stack fields and helpers of a stacking game. Besides the stacks,
/// each component has a bitboard of the cells (site, level) it holds, cell
/// `site * STACK_CAPACITY + level`, which line tests read.
pub(super) fn state_code(
    model: &GameModel,
    capacity: usize,
) -> (TokenStream, TokenStream, TokenStream, TokenStream) {
    let cap = Literal::usize_unsuffixed(capacity);
    let cell_words =
        Literal::usize_unsuffixed((model.board.num_sites() * capacity).div_ceil(64).max(1));
    let n_owner = Literal::usize_unsuffixed(model.components.len() + 1);
    let items = quote! {
        /// The most pieces a stack holds (the rules' own bound).
        const STACK_CAPACITY: usize = #cap;
        /// A set of cells (site, level): cell `site * STACK_CAPACITY + level`.
        pub type Cells = Bits<#cell_words>;
    };
    let fields = quote! {
        /// The components stacked on each site, bottom first.
        stacks: [[u8; STACK_CAPACITY]; NUM_SITES],
        /// How many pieces each site's stack holds.
        heights: [u8; NUM_SITES],
        /// The cells each component holds (index: `what`).
        cells: [Cells; #n_owner],
    };
    let init = quote! {
        stacks: [[0; STACK_CAPACITY]; NUM_SITES],
        heights: [0; NUM_SITES],
        cells: [Cells::EMPTY; #n_owner],
    };
    let helpers = quote! {
        /// `(move Add ... stack:True)`: `what` goes on top of the stack at
        /// `site` (the rules keep the stack below its capacity).
        #[inline(always)]
        fn push(s: &mut State, site: u16, what: u8) {
            let i = site as usize;
            let height = s.heights[i] as usize;
            debug_assert!(height < STACK_CAPACITY, "the rules bound the stack");
            s.stacks[i][height] = what;
            s.heights[i] += 1;
            s.cells[what as usize].insert(i * STACK_CAPACITY + height);
            let old = s.what[i];
            if old != 0 {
                s.owned[OWNER[old as usize] as usize].remove(i);
            }
            s.what[i] = what;
            s.owned[OWNER[what as usize] as usize].insert(i);
            s.occupied.insert(i);
            s.last_to_after = site;
        }
    };
    (items, fields, init, helpers)
}

impl Gen<'_> {
    /// `(is Line N byLevel:True)` (without `exact`, which the blocker
    /// refuses): Ludii's walks (`IsLine.evalStack`) then find exactly the
    /// runs of N cells of the pivot's component along a line of
    /// cells through the pivot's top piece: down its stack, or along a
    /// radial and its opposite at the same level, or at levels falling or
    /// rising by one per step. Each cell's windows of N such cells are
    /// precomputed; the test is whether the component holds one of them.
    pub(super) fn line_by_level_windows(&mut self, line: &Line) -> proc_macro2::Ident {
        let name = format_ident!(
            "is_line_by_level_{}_{}",
            line.directions.name().to_lowercase(),
            line.length
        );
        if !self.helper_names.insert(name.to_string()) {
            return name;
        }
        let cap = self.analysis.features.stack_capacity;
        let windows = crate::analyse::stacks::level_windows(&self.model.board, line, cap);
        let cells = self.model.board.num_sites() * cap;
        let words = cells.div_ceil(64).max(1);
        // Every cell gets as many windows, empty ones last: the test then
        // runs the same few instructions for any pivot, without a branch
        // to mispredict on how many windows the pivot has.
        let most = windows.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let table = format_ident!(
            "LEVEL_WINDOWS_{}_{}",
            line.directions.name().to_uppercase(),
            line.length
        );
        let n = Literal::usize_unsuffixed(windows.len());
        let doc = format!(
            " For each cell, the runs of {} cells through it that make a `{}` line by level (then empty ones).",
            line.length,
            line.directions.name()
        );
        // One word of cells: a window is a bitset, tested at once. Beyond,
        // bitsets would make the table grow with the square of the cells
        // (a 100x100 board of stacks of 4: 40,000 cells of 625 words each),
        // so a window is its list of cells (`NO_CELL` for an empty one).
        let test = if words == 1 {
            // Each cell's windows in turn, one word each (`board_rows`).
            let words = windows.iter().flat_map(|ws| {
                (0..most).map(move |i| {
                    let bits = ws
                        .get(i)
                        .into_iter()
                        .flatten()
                        .fold(0u64, |b, &c| b | 1 << c);
                    Literal::u64_unsuffixed(bits)
                })
            });
            let most = Literal::usize_unsuffixed(most);
            self.tables.push_item(
                &table.to_string(),
                quote! {
                    #[doc = #doc]
                    static #table: [[Cells; #most]; #n] = board_rows(&[#(#words),*]);
                },
            );
            quote! {
                let mut found = false;
                for window in &#table[pivot as usize * STACK_CAPACITY + height - 1] {
                    found |= !window.is_empty() & window.minus(mine).is_empty();
                }
                found
            }
        } else {
            let len = line.length as usize;
            let rows = windows.iter().map(|ws| {
                let ws = (0..most).map(|i| {
                    let cells = (0..len).map(|k| {
                        let c = ws.get(i).map_or(u32::MAX, |w| w[k] as u32);
                        Literal::u32_unsuffixed(c)
                    });
                    quote!([#(#cells),*])
                });
                quote!([#(#ws),*])
            });
            let (most, len) = (
                Literal::usize_unsuffixed(most),
                Literal::usize_unsuffixed(len),
            );
            self.tables.push_item(
                &table.to_string(),
                quote! {
                    #[doc = #doc]
                    static #table: [[[u32; #len]; #most]; #n] = [#(#rows),*];
                },
            );
            quote! {
                for window in &#table[pivot as usize * STACK_CAPACITY + height - 1] {
                    if window[0] != u32::MAX && window.iter().all(|&c| mine.contains(c as usize)) {
                        return true;
                    }
                }
                false
            }
        };
        let doc = format!(" `(is Line {} byLevel:True)` through `pivot`.", line.length);
        // Ludii's test holds at once for a length of 1, whatever the pivot holds.
        let one = (line.length == 1).then(|| quote!(return true;));
        self.helpers.push(quote! {
            #[doc = #doc]
            #[inline(always)]
            fn #name(s: &State, pivot: u16) -> bool {
                if pivot == NO_SITE { return false; }
                #one
                let height = s.heights[pivot as usize] as usize;
                if height == 0 { return false; }
                let mine = s.cells[s.what[pivot as usize] as usize];
                #test
            }
        });
        name
    }
}
