//! `(is Line ...)` through a pivot, as the analysis chose: precomputed
//! windows on one-word boards, a bit mask per component and line kept in
//! the state on larger boards where that is exact (see
//! [`crate::analyse::line_masks`]), and otherwise Ludii's walk along the
//! rays from the pivot. Also the state the masks need: the field, its
//! start, and the update at each change of a site.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote, ToTokens};

use crate::analyse::line_masks::LineMasks;
use crate::ir::{Line, LinePieces};

use super::Gen;

/// What the state holds for line masks, where the analysis chose them.
pub(super) struct MaskState {
    /// The state's field.
    pub(super) field: TokenStream,
    /// Its value before the start position is put.
    pub(super) init: TokenStream,
}

/// The name of the helper testing `line` (`suffix` for its variant).
fn line_helper_name(line: &Line, suffix: &str) -> Ident {
    format_ident!(
        "is_line_{}_{}{}{suffix}",
        line.directions.name().to_lowercase(),
        line.length,
        if line.exact { "_exact" } else { "" }
    )
}

impl Gen<'_> {
    /// A helper testing `(is Line ...)` through a pivot: along some axis the
    /// run of the pivot's component reaches the length (exactly, with `exact`).
    pub(super) fn line_test(&mut self, line: &Line) -> Ident {
        let length = line.length as usize;
        let name = line_helper_name(line, "");
        if !self.helper_names.insert(name.to_string()) {
            return name;
        }
        if self.analysis.line_windows {
            self.line_window_test(&name, line);
        } else if self
            .analysis
            .line_masks
            .as_ref()
            .is_some_and(|m| m.axes.contains_key(&line.directions))
        {
            self.line_mask_test(&name, line);
        } else {
            let (rays, _) = self.tables.line_rays(line.directions, length.max(1));
            let len = Literal::u32_unsuffixed(line.length);
            let early = if line.exact {
                quote!()
            } else {
                quote!(if count == #len { return true; })
            };
            let doc = doc(line, "");
            self.helpers.push(quote! {
                #[doc = #doc]
                fn #name(s: &State, pivot: u16) -> bool {
                    if pivot == NO_SITE { return false; }
                    let what = s.what[pivot as usize];
                    for axis in &#rays[pivot as usize] {
                        let mut count = 1u32;
                        for ray in axis {
                            for &t in ray {
                                if t == NO_SITE || s.what[t as usize] != what { break; }
                                count += 1;
                                #early
                            }
                        }
                        if count == #len { return true; }
                    }
                    false
                }
            });
        }
        name
    }

    /// A helper testing `(is Line ... if:C)` through a pivot (§36): the
    /// pivot must pass C (given as `holds`, with the site as `(to)`), and
    /// a line extends only over sites of the pivot's component that pass
    /// it too, walked along the rays from the pivot.
    pub(super) fn line_test_if(&mut self, line: &Line) -> Ident {
        self.walked_line_test(
            line,
            "_if",
            ", each site passing a condition",
            quote!(holds: impl Fn(u16) -> bool),
            quote!(let what = s.what[pivot as usize];),
            quote!(s.what[pivot as usize] == what),
        )
    }

    /// A helper testing `(is Line ...)` of given players or components
    /// through a pivot (Ludii's `whats`): the pivot and every site of the
    /// line hold a component `of` accepts and pass the condition `holds`.
    fn line_test_of(&mut self, line: &Line) -> Ident {
        self.walked_line_test(
            line,
            "_of",
            " of the components `of` accepts, each site passing `holds`",
            quote!(of: impl Fn(u8) -> bool, holds: impl Fn(u16) -> bool),
            quote!(),
            quote!(of(s.what[pivot as usize])),
        )
    }

    /// A line test walked along the rays from the pivot over the sites
    /// `member` accepts (after `prelude`, with the site as `pivot`), each
    /// passing `holds`, taking the extra `params`.
    fn walked_line_test(
        &mut self,
        line: &Line,
        suffix: &str,
        how: &str,
        params: TokenStream,
        prelude: TokenStream,
        member: TokenStream,
    ) -> Ident {
        let length = line.length as usize;
        let name = line_helper_name(line, suffix);
        if !self.helper_names.insert(name.to_string()) {
            return name;
        }
        let (rays, _) = self.tables.line_rays(line.directions, length.max(1));
        let len = Literal::u32_unsuffixed(line.length);
        let early = if line.exact {
            quote!()
        } else {
            quote!(if count == #len { return true; })
        };
        let doc = doc(line, how);
        self.helpers.push(quote! {
            #[doc = #doc]
            fn #name(s: &State, pivot: u16, #params) -> bool {
                if pivot == NO_SITE || !holds(pivot) { return false; }
                #prelude
                let member = |pivot: u16| #member;
                if !member(pivot) { return false; }
                for axis in &#rays[pivot as usize] {
                    let mut count = 1u32;
                    for ray in axis {
                        for &t in ray {
                            if t == NO_SITE || !member(t) || !holds(t) { break; }
                            count += 1;
                            #early
                        }
                    }
                    if count == #len { return true; }
                }
                false
            }
        });
        name
    }

    /// The call testing `line` through `pivot`: its helper, with the
    /// line's condition as a closure of `(to)` where it has one.
    pub(super) fn line_call(&mut self, line: &Line, pivot: TokenStream) -> TokenStream {
        let of = match &line.pieces {
            LinePieces::Pivot => None,
            // Every component WHO owns.
            LinePieces::Owner(who) => {
                let who = self.player(*who);
                Some(quote!(|w: u8| w != 0 && OWNER[w as usize] == #who))
            }
            // The components numbered so (none where a number names none).
            LinePieces::Whats(list) => {
                let ns: Vec<_> = list.iter().map(|n| self.int(n)).collect();
                Some(quote!(|w: u8| [#(#ns),*].contains(&(w as i64))))
            }
        };
        if let Some(of) = of {
            let f = self.line_test_of(line);
            let holds = match &line.condition {
                Some(c) => {
                    let saved = self.scope;
                    self.scope.to = true;
                    self.scope.to_maybe = false;
                    let c = self.cond(c);
                    self.scope = saved;
                    quote!(|to: u16| #c)
                }
                None => quote!(|_: u16| true),
            };
            return quote!(Self::#f(s, #pivot, #of, #holds));
        }
        match &line.condition {
            Some(c) => {
                let f = self.line_test_if(line);
                let saved = self.scope;
                self.scope.to = true;
                self.scope.to_maybe = false;
                let c = self.cond(c);
                self.scope = saved;
                quote!(Self::#f(s, #pivot, |to: u16| #c))
            }
            None => {
                let f = self.line_test(line);
                quote!(Self::#f(s, #pivot))
            }
        }
    }

    /// `(is Line ...)` through `pivot` on a one-word board: the pivot's
    /// component holds one of the precomputed windows of `length` sites
    /// along an axis through the pivot (for `exact`, none of the sites just
    /// beyond the window's ends).
    fn line_window_test(&mut self, name: &Ident, line: &Line) {
        if self.model.board.num_sites() <= super::tables::LINE_TABLE_SITES {
            return self.line_table_test(name, line);
        }
        let windows = self
            .tables
            .line_windows(line.directions, line.length as usize);
        let test = if line.exact {
            quote!(mine & window == window && mine & beyond == 0)
        } else {
            quote!(mine & window == window)
        };
        let doc = doc(line, ", by precomputed windows");
        let found = quote! {
            #windows[pivot as usize].iter().any(|&(window, beyond)| { let _ = beyond; #test })
        };
        self.pivot_line_test(name, &doc, found);
    }

    /// `(is Line ...)` through `pivot` on a board of a few sites (Tic-Tac-
    /// Toe's): the pivot component's sites index the pivot's row of a table
    /// of the sets that hold a line through it.
    fn line_table_test(&mut self, name: &Ident, line: &Line) {
        let table = self
            .tables
            .line_table(line.directions, line.length as usize, line.exact);
        // The board's sites only: a hand's sites follow them in the sets.
        let on_board = Literal::u64_unsuffixed((1u64 << self.model.board.num_sites()) - 1);
        let doc = doc(line, ", by a table of the sets holding it");
        let found = quote! {
            let mine = mine & #on_board;
            #table[pivot as usize][(mine / 64) as usize] >> (mine % 64) & 1 == 1
        };
        self.pivot_line_test(name, &doc, found);
    }

    /// A line test through `pivot` on a one-word board: `found` reads
    /// `mine`, the sites of the pivot's component.
    fn pivot_line_test(&mut self, name: &Ident, doc: &str, found: TokenStream) {
        let mine = self.component_sites(quote!(what));
        self.helpers.push(quote! {
            #[doc = #doc]
            #[inline(always)]
            fn #name(s: &State, pivot: u16) -> bool {
                if pivot == NO_SITE { return false; }
                let what = s.what[pivot as usize];
                // An empty pivot's "component" is the empty sites.
                let mine = if what == 0 { ALL.minus(s.occupied) } else { #mine }.0[0];
                #found
            }
        });
    }

    /// `(is Line ...)` through `pivot` by the masks of the pivot's
    /// component: along each axis, the run of set bits through the pivot's
    /// bit (two bit scans).
    fn line_mask_test(&mut self, name: &Ident, line: &Line) {
        let masks = self.analysis.line_masks.as_ref().expect("line masks");
        let axes = line_axes(&mut self.tables, masks, line);
        let length = Literal::u32_unsuffixed(line.length);
        let test = if line.exact {
            quote!(run == #length)
        } else {
            quote!(run >= #length)
        };
        let doc = doc(line, ", by the masks of the lines through it");
        self.helpers.push(quote! {
            #[doc = #doc]
            #[inline(always)]
            fn #name(s: &State, pivot: u16) -> bool {
                if pivot == NO_SITE { return false; }
                // An empty pivot's "component" is the empty sites (`what` 0).
                let lines = &s.lines[s.what[pivot as usize] as usize];
                #axes[pivot as usize].iter().any(|&(line, at)| {
                    let run = run_through(lines[line as usize], at as u32);
                    #test
                })
            }
        });
    }

    /// The line masks' field and start, and `mark_lines` among the helpers;
    /// `None` where the analysis chose none.
    pub(super) fn line_mask_state(&mut self) -> Option<MaskState> {
        let masks = self.analysis.line_masks.as_ref()?;
        let n_what = Literal::usize_unsuffixed(self.model.components.len() + 1);
        let site_lines = site_lines(&mut self.tables, masks);
        self.helpers.push(quote! {
            /// Site `site` goes from component `old` to `new` in the line masks.
            #[inline(always)]
            fn mark_lines(s: &mut State, site: usize, old: u8, new: u8) {
                for &(line, bit) in &#site_lines[site] {
                    s.lines[old as usize][line as usize] ^= bit;
                    s.lines[new as usize][line as usize] ^= bit;
                }
            }
        });
        Some(MaskState {
            field: quote! {
                /// For each component (0: the empty sites) and line (see
                /// `NUM_LINES`), bit k: the line's k-th site holds it.
                lines: [[u32; NUM_LINES + 1]; #n_what],
            },
            init: quote! {
                lines: {
                    let mut lines = [[0; NUM_LINES + 1]; #n_what];
                    lines[0] = EMPTY_LINES;
                    lines
                },
            },
        })
    }
}

/// `NUM_LINES`, the lines' sites (as documentation) and `EMPTY_LINES`.
fn line_list(tables: &mut super::tables::Tables, masks: &LineMasks) {
    let n = Literal::usize_unsuffixed(masks.lines.len());
    let docs: Vec<String> = masks
        .lines
        .iter()
        .enumerate()
        .map(|(l, sites)| format!(" {l}: {sites:?}"))
        .collect();
    let empty = masks
        .lines
        .iter()
        .map(|sites| hex_u32(((1u64 << sites.len()) - 1) as u32));
    tables.push_item(
        "NUM_LINES",
        quote! {
            /// The lines `(is Line ...)` reads, each a run of sites in order
            /// (bit k of a line's mask is its k-th site):
            #(#[doc = #docs])*
            const NUM_LINES: usize = #n;
            /// Every line's mask when the board is empty; the last, a line
            /// of no sites, pads the axes of sites with fewer axes.
            const EMPTY_LINES: [u32; NUM_LINES + 1] = [#(#empty,)* 0];
        },
    );
}

/// For each site, the line and position of each `dir` axis through it,
/// padded with the empty line.
fn line_axes(tables: &mut super::tables::Tables, masks: &LineMasks, line: &Line) -> Ident {
    line_list(tables, masks);
    let dir = line.directions;
    let per_site = &masks.axes[&dir];
    let id = format_ident!("LINE_AXES_{}", dir.name().to_uppercase());
    let width = per_site.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let pad = Literal::u16_unsuffixed(masks.lines.len() as u16);
    let cells: Vec<(TokenStream, TokenStream)> = per_site
        .iter()
        .flat_map(|axes| {
            (0..width).map(|i| match axes.get(i) {
                Some(&(l, at)) => (
                    Literal::u16_unsuffixed(l).into_token_stream(),
                    Literal::u8_unsuffixed(at).into_token_stream(),
                ),
                None => (pad.clone().into_token_stream(), quote!(0)),
            })
        })
        .collect();
    let lines = cells.iter().map(|(l, _)| l);
    let bits = cells.iter().map(|(_, b)| b);
    let (n, width_lit) = (
        Literal::usize_unsuffixed(per_site.len()),
        Literal::usize_unsuffixed(width),
    );
    let doc = format!(
        " For each site, each `{}` axis through it: its line (see `NUM_LINES`) and the site's bit there.",
        dir.name()
    );
    tables.push_item(
        &id.to_string(),
        quote! {
            #[doc = #doc]
            static #id: [[(u16, u8); #width_lit]; #n] = pair_rows(&[#(#lines),*], &[#(#bits),*]);
        },
    );
    id
}

/// For each site, every line through it and its bit there as a mask,
/// padded with empty masks.
fn site_lines(tables: &mut super::tables::Tables, masks: &LineMasks) -> Ident {
    line_list(tables, masks);
    let id = format_ident!("SITE_LINES");
    let width = masks
        .site_lines
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .max(1);
    let cells: Vec<(TokenStream, TokenStream)> = masks
        .site_lines
        .iter()
        .flat_map(|lines| {
            (0..width).map(|i| match lines.get(i) {
                Some(&(l, at)) => (
                    Literal::u16_unsuffixed(l).into_token_stream(),
                    hex_u32(1u32 << at),
                ),
                None => (quote!(0), quote!(0)),
            })
        })
        .collect();
    let lines = cells.iter().map(|(l, _)| l);
    let bits = cells.iter().map(|(_, b)| b);
    let (n, width_lit) = (
        Literal::usize_unsuffixed(masks.site_lines.len()),
        Literal::usize_unsuffixed(width),
    );
    tables.push_item(
        "SITE_LINES",
        quote! {
            /// For each site, every line through it and the site's bit
            /// there (padded with empty bits, which change nothing): the
            /// lines, then the bits.
            static SITE_LINES: [[(u16, u32); #width_lit]; #n] = pair_rows(&[#(#lines),*], &[#(#bits),*]);
        },
    );
    id
}

fn hex_u32(w: u32) -> TokenStream {
    format!("0x{w:x}").parse().expect("a hex literal")
}

/// The documentation of a line test: its ludeme, and `how` it is tested.
fn doc(line: &Line, how: &str) -> String {
    format!(
        " `(is Line {}{})` through `pivot`{how}.",
        line.length,
        if line.exact { " exact:True" } else { "" }
    )
}

#[cfg(test)]
mod condition_tests {
    use super::super::merged::tests::{generated, sliders};

    #[test]
    fn a_line_with_a_condition_walks_rays_testing_each_site() {
        let code = generated(&sliders(
            "(remove (last From))",
            "(if (is Line 3 Orthogonal if:(not (is In (to) (sites Bottom)))) (result Mover Win))",
        ));
        assert!(code.contains("fn is_line_orthogonal_3_if("), "{code}");
        assert!(code.contains("holds: impl Fn(u16) -> bool"), "{code}");
        assert!(code.contains("|to: u16|"), "{code}");
    }
}
