//! Precomputed tables emitted as `static`/`const` data: bitboards of regions,
//! step masks per direction, rays for line tests. Each table is built once
//! per game and named for what it holds.

use std::collections::BTreeMap;

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use crate::analyse::line_masks::axis_lines;
use crate::board::{AbsoluteDirection, Board};
use crate::ir::Site;

/// Sentinel for "no site" in ray tables.
pub const NO_SITE: u16 = u16::MAX;

/// The tables a game needs, created on demand.
pub struct Tables<'b> {
    board: &'b Board,
    /// Words per bitboard.
    pub words: usize,
    items: Vec<TokenStream>,
    step_masks: BTreeMap<AbsoluteDirection, Ident>,
    step_lists: BTreeMap<AbsoluteDirection, Ident>,
    line_rays: BTreeMap<AbsoluteDirection, (Ident, usize)>,
    constants: std::collections::BTreeSet<String>,
    /// How many board lists each numbered prefix has named.
    numbered_lists: BTreeMap<String, usize>,
    /// Every `[Board; N]` table emitted, by content: a table asked for
    /// under a second name (a relation's neighbours that are a direction's
    /// steps) is the first one.
    board_tables: Vec<(Vec<Vec<u16>>, Ident)>,
    /// The radials tables asked for, with the most sites of a ray read.
    radials: BTreeMap<AbsoluteDirection, usize>,
    /// Every `[&[u16]; N]` table of site lists emitted, by content.
    site_list_tables: Vec<(Vec<Vec<u16>>, Ident)>,
}

impl<'b> Tables<'b> {
    pub fn new(board: &'b Board) -> Self {
        Tables {
            board,
            words: board.num_sites().div_ceil(64).max(1),
            items: Vec::new(),
            step_masks: BTreeMap::new(),
            step_lists: BTreeMap::new(),
            line_rays: BTreeMap::new(),
            constants: Default::default(),
            numbered_lists: BTreeMap::new(),
            board_tables: Vec::new(),
            site_list_tables: Vec::new(),
            radials: BTreeMap::new(),
        }
    }

    /// `static NAME: [Board; N]` of `rows` (one set of sites per row),
    /// unless a table of the same rows exists: then that one.
    pub(super) fn board_table(&mut self, name: &str, doc: &str, mut rows: Vec<Vec<u16>>) -> Ident {
        let id = format_ident!("{}", name);
        // A set is its sites in any order.
        for row in &mut rows {
            row.sort_unstable();
            row.dedup();
        }
        if let Some((_, same)) = self.board_tables.iter().find(|(r, _)| *r == rows) {
            return same.clone();
        }
        let id = self.free_name(name, id);
        let words = self.words_of(rows.iter().map(|l| l.iter().copied()));
        let doc = format!(" {doc}");
        let len = Literal::usize_unsuffixed(rows.len());
        self.items.push(quote! {
            #[doc = #doc]
            static #id: [Board; #len] = boards(&[#(#words),*]);
        });
        self.board_tables.push((rows, id.clone()));
        id
    }

    /// `id`, or `NAME_2`, `NAME_3`... where a table of other content took
    /// it (two rules' leaps under one canonical number): claimed.
    fn free_name(&mut self, name: &str, id: Ident) -> Ident {
        let mut id = id;
        let mut n = 2usize;
        while !self.constants.insert(id.to_string()) {
            id = format_ident!("{}_{}", name, n);
            n += 1;
        }
        id
    }

    /// The words of each bitboard of `sets` in turn, as literals (what
    /// `boards(&[...])` and `board_rows(&[...])` read).
    fn words_of<I: IntoIterator<Item = Site>>(
        &self,
        sets: impl IntoIterator<Item = I>,
    ) -> Vec<TokenStream> {
        sets.into_iter()
            .flat_map(|set| self.words_of_set(set))
            .map(hex_literal)
            .collect()
    }

    /// The words of the bitboard of `sites`.
    fn words_of_set(&self, sites: impl IntoIterator<Item = Site>) -> Vec<u64> {
        let mut words = vec![0u64; self.words];
        for s in sites {
            words[s as usize / 64] |= 1 << (s % 64);
        }
        words
    }

    /// A bitboard literal of `sites`.
    pub fn bits(&self, sites: impl IntoIterator<Item = Site>) -> TokenStream {
        let words = self.words_of_set(sites).into_iter().map(hex_literal);
        quote!(Board::new([#(#words),*]))
    }

    /// `static STEPS_<DIR>: [Board; N]`: the sites one step from each site.
    pub fn step_masks(&mut self, dir: AbsoluteDirection) -> Ident {
        if let Some(id) = self.step_masks.get(&dir) {
            return id.clone();
        }
        // Two directions with the same steps everywhere (Adjacent and
        // Orthogonal on hex cells) share one table: `board_table` sees it.
        let name = format!("STEPS_{}", dir.name().to_uppercase());
        let rows = (0..self.board.num_sites())
            .map(|s| self.board.steps(s, dir).to_vec())
            .collect();
        let doc = format!(
            "Sites one `{}` step from each site, as bitboards.",
            dir.name()
        );
        let id = self.board_table(&name, &doc, rows);
        self.step_masks.insert(dir, id.clone());
        id
    }

    /// `static STEP_LIST_<DIR>: [&[u16]; N]`: the sites one step from each site, listed.
    pub fn step_lists(&mut self, dir: AbsoluteDirection) -> Ident {
        if let Some(id) = self.step_lists.get(&dir) {
            return id.clone();
        }
        // Two directions with the same steps everywhere (Adjacent and
        // Orthogonal on hex cells) share one table.
        if let Some(id) = self.same_steps(&self.step_lists, dir) {
            self.step_lists.insert(dir, id.clone());
            return id;
        }
        let id = format_ident!("STEP_LIST_{}", dir.name().to_uppercase());
        let n = self.board.num_sites();
        let lists: Vec<Vec<u16>> = (0..n).map(|s| self.board.steps(s, dir).to_vec()).collect();
        let doc = format!(" Sites one `{}` step from each site.", dir.name());
        self.items.push(site_lists_item(&id, &doc, &lists));
        self.step_lists.insert(dir, id.clone());
        id
    }

    /// A table of `built` whose direction has the same steps as `dir` at every site.
    fn same_steps(
        &self,
        built: &BTreeMap<AbsoluteDirection, Ident>,
        dir: AbsoluteDirection,
    ) -> Option<Ident> {
        let n = self.board.num_sites();
        built
            .iter()
            .find(|(&other, _)| {
                (0..n).all(|s| self.board.steps(s, other) == self.board.steps(s, dir))
            })
            .map(|(_, id)| id.clone())
    }

    /// Rays for `(is Line ...)` along `dir`: for each site, each line axis
    /// through it as a forward ray and its opposite (Ludii's distinct radials
    /// and their opposites), each cut to `max_len` sites and padded with
    /// [`NO_SITE`]. Returns the table and the number of axes per site.
    pub fn line_rays(&mut self, dir: AbsoluteDirection, max_len: usize) -> (Ident, usize) {
        if let Some((id, axes)) = self.line_rays.get(&dir) {
            return (id.clone(), *axes);
        }
        let n = self.board.num_sites();
        let axes_of = |s: usize| -> Vec<(Vec<u16>, Vec<u16>)> {
            self.board
                .distinct_radials(s, dir)
                .map(|r| {
                    let forward = r.steps[1..].to_vec();
                    let backward = self
                        .board
                        .opposites(r)
                        .next()
                        .map(|o| o.steps[1..].to_vec())
                        .unwrap_or_default();
                    (forward, backward)
                })
                .collect()
        };
        let all: Vec<_> = (0..n).map(axes_of).collect();
        let axes = all.iter().map(Vec::len).max().unwrap_or(0).max(1);
        // Past the longest ray the cells would all be NO_SITE: a line
        // longer than the board (`(is Line 65536)`) needs no more.
        let longest = all
            .iter()
            .flatten()
            .map(|(f, b)| f.len().max(b.len()))
            .max()
            .unwrap_or(0);
        let max_len = max_len.min(longest).max(1);
        let ray = |sites: &[u16]| {
            let cells = (0..max_len)
                .map(|i| Literal::u16_unsuffixed(sites.get(i).copied().unwrap_or(NO_SITE)));
            quote!([#(#cells),*])
        };
        let empty = ray(&[]);
        let rows: Vec<TokenStream> = all
            .iter()
            .map(|site_axes| {
                let cells = (0..axes).map(|a| match site_axes.get(a) {
                    Some((f, b)) => {
                        let (f, b) = (ray(f), ray(b));
                        quote!([#f, #b])
                    }
                    None => quote!([#empty, #empty]),
                });
                quote!([#(#cells),*])
            })
            .collect();
        let id = format_ident!("LINE_RAYS_{}", dir.name().to_uppercase());
        let doc = format!(
            " For each site, each `{}` line axis through it: the sites ahead and behind (up to {max_len}), padded with `NO_SITE`.",
            dir.name()
        );
        let (len, axes_lit, max_lit) = (
            Literal::usize_unsuffixed(n),
            Literal::usize_unsuffixed(axes),
            Literal::usize_unsuffixed(max_len),
        );
        self.items.push(quote! {
            #[doc = #doc]
            static #id: [[[[u16; #max_lit]; 2]; #axes_lit]; #len] = [#(#rows),*];
        });
        self.line_rays.insert(dir, (id.clone(), axes));
        (id, axes)
    }

    /// Line windows for `(is Line L dir)` on a one-word board: for each site,
    /// every run of `length` consecutive sites along an axis through it, as
    /// `(window, beyond)` masks — `beyond` holds the sites just past both ends
    /// (to test exactness).
    pub fn line_windows(&mut self, dir: AbsoluteDirection, length: usize) -> Ident {
        let id = format_ident!("LINE_WINDOWS_{}_{}", dir.name().to_uppercase(), length);
        if !self.constants.insert(id.to_string()) {
            return id;
        }
        let n = self.board.num_sites();
        let rows = window_rows(self.board, dir, length);
        // Fixed-size rows (padded with windows that never match: all 64 bits,
        // which no board of under 64 sites can fill) let the test unroll.
        let width = rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let pairs: Vec<(u64, u64)> = rows
            .iter()
            .flat_map(|windows| {
                (0..width).map(move |i| windows.get(i).copied().unwrap_or((u64::MAX, 0)))
            })
            .collect();
        let windows = pairs.iter().map(|&(w, _)| hex_literal(w));
        let beyond = pairs.iter().map(|&(_, b)| hex_literal(b));
        let doc = format!(
            " For each site, the windows of {length} sites in a row along a `{}` axis through it, with the sites just beyond each end.",
            dir.name()
        );
        let (len, width) = (
            Literal::usize_unsuffixed(n),
            Literal::usize_unsuffixed(width),
        );
        self.items.push(quote! {
            #[doc = #doc]
            static #id: [[(u64, u64); #width]; #len] = pair_rows(&[#(#windows),*], &[#(#beyond),*]);
        });
        id
    }

    /// Line tables for `(is Line L dir)` on a board of at most
    /// [`LINE_TABLE_SITES`] sites: for each site, one bit per set of sites
    /// (the set's bits as its index), set where the set holds one of the
    /// site's windows (see [`Tables::line_windows`]; with `exact`, and none
    /// of the sites just beyond it). A test is then one load and a shift.
    pub fn line_table(&mut self, dir: AbsoluteDirection, length: usize, exact: bool) -> Ident {
        let id = format_ident!(
            "LINE_TABLE_{}_{}{}",
            dir.name().to_uppercase(),
            length,
            if exact { "_EXACT" } else { "" }
        );
        if !self.constants.insert(id.to_string()) {
            return id;
        }
        let n = self.board.num_sites();
        assert!(n <= LINE_TABLE_SITES, "a line table of {n} sites");
        let words = (1usize << n).div_ceil(64);
        let rows: Vec<TokenStream> = window_rows(self.board, dir, length)
            .iter()
            .map(|windows| {
                let mut row = vec![0u64; words];
                for set in 0..1u64 << n {
                    let holds = windows.iter().any(|&(window, beyond)| {
                        set & window == window && (!exact || set & beyond == 0)
                    });
                    if holds {
                        row[(set / 64) as usize] |= 1 << (set % 64);
                    }
                }
                let row = row.into_iter().map(hex_literal);
                quote!([#(#row),*])
            })
            .collect();
        let doc = format!(
            " For each site, bit `set` of its row: whether the sites of `set` hold {length} in a row along a `{}` axis through it{}.",
            dir.name(),
            if exact { ", exactly (not the sites just beyond)" } else { "" }
        );
        let (len, words) = (
            Literal::usize_unsuffixed(n),
            Literal::usize_unsuffixed(words),
        );
        self.items.push(quote! {
            #[doc = #doc]
            static #id: [[u64; #words]; #len] = [#(#rows),*];
        });
        id
    }

    /// Adds a named constant bitboard.
    pub fn constant(&mut self, name: &str, doc: &str, sites: &[Site]) -> Ident {
        let id = format_ident!("{}", name);
        if !self.constants.insert(name.to_owned()) {
            return id;
        }
        let value = self.bits(sites.iter().copied());
        let doc = format!(" {doc}");
        self.items.push(quote! {
            #[doc = #doc]
            const #id: Board = #value;
        });
        id
    }

    /// A table built by the caller, emitted once under `name`.
    pub fn push_item(&mut self, name: &str, item: TokenStream) {
        if self.constants.insert(name.to_owned()) {
            self.items.push(item);
        }
    }

    pub fn into_items(mut self) -> Vec<TokenStream> {
        let radials = self.radial_items();
        self.items.extend(radials);
        self.items
    }
}

fn hex_literal(w: u64) -> TokenStream {
    if w == 0 {
        quote!(0)
    } else {
        format!("0x{w:x}").parse().expect("a hex literal")
    }
}

/// Tables of moving pieces: radials, neighbour masks, rows.
impl Tables<'_> {
    /// `static RADIALS_<DIR>: [[[u16; L]; K]; N]`: for each site, each radial
    /// in `dir` (Ludii's `radials(site).inDirection(dir)`, clockwise from
    /// north) without its origin, padded with [`NO_SITE`].
    pub fn radials(&mut self, dir: AbsoluteDirection) -> Ident {
        self.radial_prefixes(dir, usize::MAX)
    }

    /// [`Tables::radials`] of which the code reads the first `read` sites
    /// of each ray at most: the table's rays are as long as the longest
    /// read (steps read one site, hops over one site two).
    pub fn radial_prefixes(&mut self, dir: AbsoluteDirection, read: usize) -> Ident {
        let id = format_ident!("RADIALS_{}", dir.name().to_uppercase());
        let longest = self.radials.entry(dir).or_insert(0);
        *longest = (*longest).max(read);
        id
    }

    /// The `RADIALS_<DIR>` tables asked for, each cut to its longest read
    /// and written as one list of numbers (`rays(&[...])`).
    fn radial_items(&self) -> Vec<TokenStream> {
        let n = self.board.num_sites();
        self.radials
            .iter()
            .map(|(&dir, &read)| {
                let id = format_ident!("RADIALS_{}", dir.name().to_uppercase());
                let all: Vec<Vec<Vec<u16>>> = (0..n)
                    .map(|s| {
                        self.board
                            .radials(s, dir)
                            .map(|r| r.steps[1..].to_vec())
                            .collect()
                    })
                    .collect();
                let k = all.iter().map(Vec::len).max().unwrap_or(0).max(1);
                let l = all.iter().flatten().map(Vec::len).max().unwrap_or(0).clamp(1, read.max(1));
                let values = listed_rays_values(&all, k, l);
                let doc = if l == 1 {
                    format!(
                        " For each site, the first site of each `{}` radial from it (`NO_SITE` for none), {k} per site, listed as each ray's length then its site.",
                        dir.name()
                    )
                } else {
                    format!(
                        " For each site, each `{}` radial from it (origin left out; {k} per site, the first {l} sites, padded with `NO_SITE`), listed as each ray's length then its sites.",
                        dir.name()
                    )
                };
                let (n, k, l) = (
                    Literal::usize_unsuffixed(n),
                    Literal::usize_unsuffixed(k),
                    Literal::usize_unsuffixed(l),
                );
                quote! {
                    #[doc = #doc]
                    static #id: [[[u16; #l]; #k]; #n] = listed_rays(&[#(#values),*]);
                }
            })
            .collect()
    }

    /// `static RAY_MASK_<DIR>: [Board; N]`: every site on a `dir` radial from
    /// each site (Ludii's `sites Direction`, origin excluded).
    pub fn ray_masks(&mut self, dir: AbsoluteDirection) -> Ident {
        let id = format_ident!("RAY_MASK_{}", dir.name().to_uppercase());
        if !self.constants.insert(id.to_string()) {
            return id;
        }
        let n = self.board.num_sites();
        let words = self.words_of((0..n).map(|s| {
            self.board
                .radials(s, dir)
                .flat_map(|r| r.steps[1..].iter().copied())
                .collect::<Vec<_>>()
        }));
        let doc = format!(" The sites along `{}` radials from each site.", dir.name());
        let len = Literal::usize_unsuffixed(n);
        self.items.push(quote! {
            #[doc = #doc]
            static #id: [Board; #len] = boards(&[#(#words),*]);
        });
        id
    }

    /// For `(directional ...)` over `dirs`: `HEADING_MASKS_<DIRS>`, per
    /// heading the sites along its radials from each site (whether B lies
    /// ahead of A that way), and `HEADING_RAYS_<DIRS>`, per heading each
    /// site's radials, as rays of one length, so that the headings are one
    /// loop over tables of one type.
    pub fn heading_rays(&mut self, dirs: &[AbsoluteDirection]) -> (Ident, Ident) {
        let names: Vec<String> = dirs.iter().map(|d| d.name().to_uppercase()).collect();
        let masks = format_ident!("HEADING_MASKS_{}", names.join("_"));
        let rays = format_ident!("HEADING_RAYS_{}", names.join("_"));
        if !self.constants.insert(masks.to_string()) {
            return (masks, rays);
        }
        let n = self.board.num_sites();
        let all: Vec<Vec<Vec<Vec<u16>>>> = dirs
            .iter()
            .map(|&dir| {
                (0..n)
                    .map(|s| {
                        self.board
                            .radials(s, dir)
                            .map(|r| r.steps[1..].to_vec())
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let k = all.iter().flatten().map(Vec::len).max().unwrap_or(0).max(1);
        let l = all
            .iter()
            .flatten()
            .flatten()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .max(1);
        let mask_tables = all.iter().map(|per_site| {
            let words = self.words_of(
                per_site
                    .iter()
                    .map(|rays| rays.iter().flatten().copied().collect::<Vec<_>>()),
            );
            quote!(boards(&[#(#words),*]))
        });
        let ray_tables = all.iter().map(|per_site| {
            let listed = listed_rays_values(per_site, k, l);
            quote!(listed_rays(&[#(#listed),*]))
        });
        let (d, n, k, l) = (
            Literal::usize_unsuffixed(dirs.len()),
            Literal::usize_unsuffixed(n),
            Literal::usize_unsuffixed(k),
            Literal::usize_unsuffixed(l),
        );
        let list = names.join(", ");
        let masks_doc =
            format!(" Per heading of {list}, the sites along its radials from each site.");
        let rays_doc = format!(
            " Per heading of {list}, each site's radials along it ({k} per site, `NO_SITE` after a ray's end), each listed as its length then its sites."
        );
        self.items.push(quote! {
            #[doc = #masks_doc]
            static #masks: [[Board; #n]; #d] = [#(#mask_tables),*];
            #[doc = #rays_doc]
            static #rays: [[[[u16; #l]; #k]; #n]; #d] = [#(#ray_tables),*];
        });
        (masks, rays)
    }

    /// `static SLIDES_UP_<DIR>` and `SLIDES_DOWN_<DIR>: [[Board; K]; N]`:
    /// each site's `dir` radials as bitboards, those whose site numbers rise
    /// along them and those whose numbers fall, padded with empty sets. A
    /// slide's reach along a rising ray is then the ray below its lowest
    /// blocker ([`Bits::below_first`]), along a falling one the ray above
    /// its highest. `None` when some radial's numbers neither rise nor fall
    /// all the way (a board with a circle), or two radials share a site,
    /// where the rays are walked.
    ///
    /// [`Bits::below_first`]: ludemic_runtime::Bits::below_first
    pub fn slide_masks(&mut self, dir: AbsoluteDirection) -> Option<(Ident, Ident)> {
        let (up, down) = crate::analyse::slides::monotone_rays(self.board, dir)?;
        let name = dir.name().to_uppercase();
        let up = self.padded_board_rows(&format!("SLIDES_UP_{name}"), "rise", dir, &up);
        let down = self.padded_board_rows(&format!("SLIDES_DOWN_{name}"), "fall", dir, &down);
        Some((up, down))
    }

    /// A `[[Board; K]; N]` table of each site's rays, padded with empty sets.
    fn padded_board_rows(
        &mut self,
        name: &str,
        trend: &str,
        dir: AbsoluteDirection,
        rows: &[Vec<Vec<u16>>],
    ) -> Ident {
        let id = format_ident!("{}", name);
        if !self.constants.insert(name.to_owned()) {
            return id;
        }
        let k = rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let n_rows = rows.len();
        let words = self.words_of(
            rows.iter()
                .flat_map(|rays| (0..k).map(|i| rays.get(i).cloned().unwrap_or_default())),
        );
        let doc = format!(
            " For each site, its `{}` radials whose site numbers {trend} along them, as sets (origin left out).",
            dir.name()
        );
        let (n, k) = (
            Literal::usize_unsuffixed(n_rows),
            Literal::usize_unsuffixed(k),
        );
        self.items.push(quote! {
            #[doc = #doc]
            static #id: [[Board; #k]; #n] = board_rows(&[#(#words),*]);
        });
        id
    }

    /// `static NEIGHBOURS_<REL>: [Board; N]`: each site's neighbours under a
    /// relation (Ludii's `orthogonal()`, `adjacent()`... lists).
    pub fn neighbour_masks(&mut self, rel: crate::board::Relation) -> Ident {
        let name = format!("NEIGHBOURS_{}", format!("{rel:?}").to_uppercase());
        let rows = (0..self.board.num_sites())
            .map(|s| self.board.neighbours(s, rel).to_vec())
            .collect();
        self.board_table(&name, &format!("Each site's `{rel:?}` neighbours."), rows)
    }

    /// `static RADIAL_FIRSTS_<DIR>: [&[u16]; N]`: the first site of each
    /// `dir` radial from each site, in radial order (see
    /// [`super::merged::radial_firsts`]).
    pub fn radial_firsts(&mut self, dir: AbsoluteDirection) -> Ident {
        let lists: Vec<Vec<u16>> = (0..self.board.num_sites())
            .map(|x| super::merged::radial_firsts(self.board, x, dir))
            .collect();
        let name = format!("RADIAL_FIRSTS_{}", dir.name().to_uppercase());
        let doc = format!(
            "The first site of each `{}` radial from each site, in radial order.",
            dir.name()
        );
        self.site_lists(&name, &doc, &lists)
    }

    /// `static RADIAL_FIRST_MASKS_<DIR>`: the first sites of each site's
    /// `dir` radials as a bitboard, where no site has two radials
    /// starting on the same site (a step along each radial is then one
    /// move per site of the mask); `None` where some site has. Where the
    /// radials' first sites are the direction's steps, `STEPS_<DIR>`.
    pub fn radial_first_masks(&mut self, dir: AbsoluteDirection) -> Option<Ident> {
        let lists: Vec<Vec<u16>> = (0..self.board.num_sites())
            .map(|x| super::merged::radial_firsts(self.board, x, dir))
            .collect();
        let mut distinct = true;
        let mut same_as_steps = true;
        for (x, l) in lists.iter().enumerate() {
            let mut firsts = l.clone();
            firsts.sort_unstable();
            firsts.dedup();
            distinct &= firsts.len() == l.len();
            let mut steps = self.board.steps(x, dir).to_vec();
            steps.sort_unstable();
            same_as_steps &= firsts == steps;
        }
        if !distinct {
            return None;
        }
        // Where the radials start on the direction's steps (most boards),
        // the step table is this table: one table, not two alike.
        if same_as_steps {
            return Some(self.step_masks(dir));
        }
        let name = format!("RADIAL_FIRST_MASKS_{}", dir.name().to_uppercase());
        let doc = format!(
            "The first sites of each site's `{}` radials, as bitboards.",
            dir.name()
        );
        Some(self.board_list(&name, &doc, &lists))
    }

    /// A `static` list of site lists, one per site (leap targets and the like).
    pub fn site_lists(&mut self, name: &str, doc: &str, lists: &[Vec<u16>]) -> Ident {
        let id = format_ident!("{}", name);
        // The same lists under another name (the same leaps of two rules)
        // are that table.
        if let Some((_, same)) = self.site_list_tables.iter().find(|(l, _)| l == lists) {
            return same.clone();
        }
        let id = self.free_name(name, id);
        self.site_list_tables.push((lists.to_vec(), id.clone()));
        self.items
            .push(site_lists_item(&id, &format!(" {doc}"), lists));
        id
    }

    /// A `static` array of bitboards (rows, columns, players' regions).
    pub fn board_list(&mut self, name: &str, doc: &str, sets: &[Vec<u16>]) -> Ident {
        self.board_table(name, doc, sets.to_vec())
    }

    /// As [`Tables::board_list`] for lists the model does not name (each
    /// player's sites of one named region): `PREFIX_0`, `PREFIX_1`, ... one
    /// per distinct content.
    pub fn numbered_board_list(&mut self, prefix: &str, doc: &str, sets: &[Vec<u16>]) -> Ident {
        let k = self.numbered_lists.get(prefix).copied().unwrap_or(0);
        let name = format!("{prefix}_{k}");
        let id = self.board_list(&name, doc, sets);
        // A content already emitted keeps its table, and the number is not used.
        if id == name {
            self.numbered_lists.insert(prefix.to_owned(), k + 1);
        }
        id
    }

    /// A `static` array of small numbers, one per site (rows, columns).
    pub fn site_numbers(&mut self, name: &str, doc: &str, values: &[i64]) -> Ident {
        let id = format_ident!("{}", name);
        if !self.constants.insert(name.to_owned()) {
            return id;
        }
        let values = values.iter().map(|&v| Literal::i16_unsuffixed(v as i16));
        let doc = format!(" {doc}");
        let len = Literal::usize_unsuffixed(self.board.num_sites());
        self.items.push(quote! {
            #[doc = #doc]
            static #id: [i16; #len] = [#(#values),*];
        });
        id
    }
}

/// What `listed_rays(&[...])` reads for `rays` (each site's rays): `k`
/// rays a site, each cut to `l` sites, written as its length then its sites
/// (a site's missing rays as length 0).
fn listed_rays_values(rays: &[Vec<Vec<u16>>], k: usize, l: usize) -> Vec<Literal> {
    rays.iter()
        .flat_map(|radials| {
            (0..k).flat_map(move |i| {
                let sites = radials.get(i).map_or(&[][..], Vec::as_slice);
                let sites = &sites[..sites.len().min(l)];
                std::iter::once(sites.len() as u16).chain(sites.iter().copied())
            })
        })
        .map(Literal::u16_unsuffixed)
        .collect()
}

/// `static ID: [&[u16]; N]` of `lists`, declared flat (each list's length,
/// then its sites) through the runtime's `site_lists`.
pub(super) fn site_lists_item(id: &Ident, doc: &str, lists: &[Vec<u16>]) -> TokenStream {
    let listed = lists.iter().flat_map(|l| {
        std::iter::once(l.len() as u16)
            .chain(l.iter().copied())
            .map(Literal::u16_unsuffixed)
    });
    let len = Literal::usize_unsuffixed(lists.len());
    quote! {
        #[doc = #doc]
        static #id: [&[u16]; #len] = site_lists(&[#(#listed),*]);
    }
}

/// The most sites of a board whose line tests read a [`Tables::line_table`]
/// (a row of 2^12 bits, 512 bytes, per site); larger boards read windows.
pub const LINE_TABLE_SITES: usize = 12;

/// For each site of `board`, every run of `length` consecutive sites along
/// a `dir` axis through it, as `(window, beyond)` masks: `beyond` holds the
/// sites just past both ends.
fn window_rows(board: &Board, dir: AbsoluteDirection, length: usize) -> Vec<Vec<(u64, u64)>> {
    (0..board.num_sites())
        .map(|s| {
            let mut windows = Vec::new();
            // The whole line through `s` on each axis, in order.
            for (line, at) in axis_lines(board, s, dir) {
                for start in at.saturating_sub(length - 1)..=at {
                    if start + length > line.len() {
                        break;
                    }
                    let window: u64 = line[start..start + length]
                        .iter()
                        .fold(0, |m, &t| m | 1 << t);
                    let mut beyond = 0u64;
                    if start > 0 {
                        beyond |= 1 << line[start - 1];
                    }
                    if let Some(&t) = line.get(start + length) {
                        beyond |= 1 << t;
                    }
                    windows.push((window, beyond));
                }
            }
            windows
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{build, BoardSpec, Relation, Tiling};

    #[test]
    fn a_table_asked_for_under_a_second_name_is_the_first() {
        let board = build(&BoardSpec::new(Tiling::Square { rows: 4, cols: 4 })).unwrap();
        let mut tables = Tables::new(&board);
        let steps = tables.step_masks(AbsoluteDirection::Orthogonal);
        // Orthogonal neighbours are the orthogonal steps: one table.
        assert_eq!(tables.neighbour_masks(Relation::Orthogonal), steps);
        // Diagonal neighbours are not: a table of their own.
        let diagonal = tables.neighbour_masks(Relation::Diagonal);
        assert_ne!(diagonal, steps);
        assert_eq!(tables.items.len(), 2);
    }

    /// The table's rows against the windows: on Tic-Tac-Toe's board, the
    /// centre's row holds the sets with a row, column or diagonal through
    /// it, a corner's only those through the corner; exact lines of 2 on a
    /// 3x3 board hold none of the full lines.
    #[test]
    fn a_line_table_holds_the_sets_with_a_line_through_the_site() {
        let board = build(&BoardSpec::new(Tiling::Square { rows: 3, cols: 3 })).unwrap();
        let rows = |length: usize, exact: bool| -> Vec<Vec<bool>> {
            window_rows(&board, AbsoluteDirection::Adjacent, length)
                .iter()
                .map(|windows| {
                    (0..512u64)
                        .map(|set| {
                            windows
                                .iter()
                                .any(|&(w, b)| set & w == w && (!exact || set & b == 0))
                        })
                        .collect()
                })
                .collect()
        };
        let three = rows(3, false);
        // The middle row (3, 4, 5), the anti-diagonal (2, 4, 6), a column.
        for set in [0b000_111_000, 0b001_010_100, 0b010_010_010] {
            assert!(three[4][set], "{set:#b} through the centre");
        }
        assert!(!three[4][0b000_011_001]);
        assert!(three[0][0b000_000_111] && !three[0][0b000_111_000]);
        let exact_two = rows(2, true);
        assert!(exact_two[0][0b000_000_011] && !exact_two[0][0b000_000_111]);
        // The table the generated code reads is these rows, bit by bit.
        let mut tables = Tables::new(&board);
        tables.line_table(AbsoluteDirection::Adjacent, 3, false);
        let item = tables.items[0].to_string();
        let first_word: u64 = (0..64)
            .filter(|&set| three[0][set])
            .map(|set| 1 << set)
            .sum();
        assert!(item.contains(&format!("{first_word:#x}")), "{item}");
    }
}
