//! Consequences that act on several sites at once, and what `(append ...)`
//! needs to merge an effect into one move: custodial lines, whether an
//! effect yields any of Ludii's moves, and the site of its first action.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use proc_macro2::Literal;

use crate::analyse::custodial::{Holder, Shifts};
use crate::analyse::target_sets::SiteSet;
use crate::ir::{Custodial, Effect, Site, SiteExpr, Surround};

use super::Gen;

impl Gen<'_> {
    /// A fresh label for a generated block.
    pub(super) fn label(&mut self, stem: &str) -> syn::Lifetime {
        self.labels += 1;
        syn::Lifetime::new(
            &format!("'{stem}_{}", self.labels),
            proc_macro2::Span::call_site(),
        )
    }

    /// `body` for each site `(custodial ...)` acts on, as `between`, in
    /// Ludii's order: along each radial from the start, a run of sites
    /// passing `between if:` (at most `max`, at least `min` and one)
    /// closed by a site passing `to if:` (tested with no `(to)` where the
    /// radial leaves the board).
    fn custodial_each(&mut self, c: &Custodial, body: TokenStream) -> TokenStream {
        let radials = self.tables.radials(c.directions);
        let (min, max) = (self.typed_int(&c.min), self.typed_int(&c.max));
        let saved = self.scope;
        self.scope.between = true;
        let passes = self.cond(&c.between_if);
        self.scope.between = saved.between;
        self.scope.to = true;
        let closes_at = self.cond(&c.to_if);
        self.scope.to = false;
        let closes_off = self.cond(&c.to_if);
        self.scope = saved;
        let (start, _) = self.site(&c.from);
        quote! {
            let start = #start;
            let (min, max) = (#min, #max);
            if start != NO_SITE && max >= 1 && min <= max {
                for ray in &#radials[start as usize] {
                    let mut run = 0usize;
                    while run < ray.len() && ray[run] != NO_SITE && (run as i64) < max {
                        let between = ray[run];
                        if !(#passes) { break; }
                        run += 1;
                    }
                    if run == 0 || min > run as i64 { continue; }
                    let closes = match ray.get(run) {
                        Some(&to) if to != NO_SITE => #closes_at,
                        _ => #closes_off,
                    };
                    if closes {
                        for &between in &ray[..run] { #body }
                    }
                }
            }
        }
    }

    /// The shifts that find `c`'s flanked sites, where the analysis allows.
    pub(super) fn custodial_shifts(&self, c: &Custodial) -> Option<Shifts> {
        if !self.analysis.custodial_shifts {
            return None;
        }
        crate::analyse::custodial::shifts(self.model, c)
    }

    /// A `Board` of the sites `c` flanks, found by shifts (see
    /// `analyse::custodial`): along each step, the run from the start
    /// through the between set, kept when the next step meets the closing
    /// set. With `first_only`, the walk stops at the first flanked run
    /// (enough to know whether there is one).
    fn custodial_flanked(
        &mut self,
        c: &Custodial,
        shifts: &Shifts,
        first_only: bool,
    ) -> TokenStream {
        let (table, rows) = self.custodial_steps(c, shifts);
        let (between, closing) = custodial_sets(shifts);
        let doublings = Literal::u32_unsuffixed(shifts.doublings());
        let helper = format_ident!("flanked_{}", custodial_helper_name(c, shifts));
        if self.helper_names.insert(helper.to_string()) {
            let doc = format!(
                " The sites a `(custodial ...)` along `{}` flanks from `start`, by shifts: along each step, the run from the start through the between sites, kept when the next step meets a closing site; with `first_only`, the first flanked run only (enough to know there is one).",
                c.directions.name()
            );
            // One block per step, unrolled so that its shifts are constants.
            let steps = (0..rows).map(Literal::usize_unsuffixed).map(|k| {
                quote! {{
                    let (delta, _, onto) = #table[#k];
                    let run = run_along(origin, between, delta, onto, #doublings);
                    if run.shifted(delta).and(onto).intersects(&closing) {
                        flanked = flanked.or(run);
                        if first_only {
                            return flanked;
                        }
                    }
                }}
            });
            self.helpers.push(quote! {
                #[doc = #doc]
                #[inline(always)]
                fn #helper(s: &State, mover: u8, start: u16, first_only: bool) -> Board {
                    let mut flanked = Board::EMPTY;
                    if start == NO_SITE {
                        return flanked;
                    }
                    let (between, closing) = (#between, #closing);
                    let origin = Board::single(start as usize);
                    #(#steps)*
                    flanked
                }
            });
        }
        let (start, _) = self.site(&c.from);
        quote!(Self::#helper(s, mover, #start, #first_only))
    }

    /// A `Board` of the sites from which `c`, started there, flanks some
    /// site (where Reversi's mover may place): along each step backwards,
    /// the runs from the closing sites through the between sites, and the
    /// site before each run.
    pub(super) fn custodial_starts(&mut self, c: &Custodial, shifts: &Shifts) -> TokenStream {
        let (table, rows) = self.custodial_steps(c, shifts);
        let (between, closing) = custodial_sets(shifts);
        let doublings = Literal::u32_unsuffixed(shifts.doublings());
        let helper = format_ident!("flanking_starts_{}", custodial_helper_name(c, shifts));
        if self.helper_names.insert(helper.to_string()) {
            let doc = format!(
                " The sites from which a `(custodial ...)` along `{}` flanks some site, by shifts: along each step backwards, the runs from the closing sites through the between sites, and the site before each run.",
                c.directions.name()
            );
            // A step back from `x` lands on `x - delta` where that site
            // steps by `delta`: its `froms` are the back step's landings.
            let steps = (0..rows).map(Literal::usize_unsuffixed).map(|k| {
                quote! {{
                    let (delta, froms, _) = #table[#k];
                    let run = run_along(closing, between, -delta, froms, #doublings);
                    starts = starts.or(run.shifted(-delta).and(froms));
                }}
            });
            self.helpers.push(quote! {
                #[doc = #doc]
                #[inline(always)]
                fn #helper(s: &State, mover: u8) -> Board {
                    let (between, closing) = (#between, #closing);
                    let mut starts = Board::EMPTY;
                    #(#steps)*
                    starts
                }
            });
        }
        quote!(Self::#helper(s, mover))
    }

    /// The table of `c`'s steps, `(delta, froms, onto)`: each site
    /// difference, the sites that step by it and the sites it lands on;
    /// with its number of rows.
    fn custodial_steps(&mut self, c: &Custodial, shifts: &Shifts) -> (Ident, usize) {
        let name = format!("CUSTODIAL_STEPS_{}", c.directions.name().to_uppercase());
        let id = format_ident!("{}", name);
        let rows: Vec<TokenStream> = shifts
            .steps
            .iter()
            .map(|(d, froms)| {
                let onto = self
                    .tables
                    .bits(froms.iter().map(|&x| (i32::from(x) + d) as Site));
                let froms = self.tables.bits(froms.iter().copied());
                let d = Literal::i32_unsuffixed(*d);
                quote!((#d, #froms, #onto))
            })
            .collect();
        let len = Literal::usize_unsuffixed(rows.len());
        let doc = format!(
            " Each site difference of a step along `{}`, with the sites that step by it and the sites it lands on.",
            c.directions.name()
        );
        self.tables.push_item(
            &name,
            quote! {
                #[doc = #doc]
                const #id: [(i32, Board, Board); #len] = [#(#rows),*];
            },
        );
        (id, rows.len())
    }

    /// `(custodial ...)` as a consequence: every flanked site is found
    /// first, then each gets the `apply` effect and the `then`.
    pub(super) fn custodial(&mut self, c: &Custodial) -> TokenStream {
        if let Some(shifts) = self.custodial_shifts(c) {
            let flanked = self.custodial_flanked(c, &shifts, false);
            let saved = self.scope;
            self.scope.between = true;
            let apply = self.effect(&c.apply);
            self.scope = saved;
            // The analysis proved the order of the flanked sites immaterial.
            return quote! {{
                let flanked: Board = #flanked;
                for between in flanked.iter() {
                    let between = between as u16;
                    #apply
                }
            }};
        }
        let find = self.custodial_each(c, quote! { found[count] = between; count += 1; });
        let saved = self.scope;
        self.scope.between = true;
        let apply = self.effect(&c.apply);
        let then = c.then.as_ref().map_or(quote!(), |e| self.effect(e));
        self.scope = saved;
        quote! {{
            let mut found = [NO_SITE; NUM_SITES];
            let mut count = 0usize;
            #find
            for &between in &found[..count] { #apply #then }
        }}
    }

    /// `(surround ...)` as a consequence (Ludii's `Surround.eval`, §37):
    /// each first site B of a radial from the start (in the relation's
    /// directions) passing `between if:` is closed in when at most
    /// `except` first sites of the radials from B are neither the start
    /// nor pass `to if:` (tested with them as `(to)`). Every closed-in site
    /// is found before `apply` and `then` run at each, in the order found.
    /// As in Ludii, `(to)` is not reset between targets: `between if:`
    /// sees the last neighbour tested (at first, the `(to)` around the
    /// consequence), kept in a variable only where the test reads it.
    pub(super) fn surround(&mut self, c: &Surround) -> TokenStream {
        let table = self.tables.radial_firsts(c.directions);
        let most = (0..self.model.board.num_sites())
            .map(|x| radial_firsts(&self.model.board, x, c.directions).len())
            .max()
            .unwrap_or(0)
            .max(1);
        let most = Literal::usize_unsuffixed(most);
        let saved = self.scope;
        let (initial, _) = self.site(&SiteExpr::To);
        let except = self.int(&c.except);
        self.scope.between = true;
        self.scope.to = true;
        self.scope.to_maybe = true;
        let passes = self.cond(&c.between_if);
        self.scope.to_maybe = false;
        let closes = self.cond(&c.to_if);
        self.scope = saved;
        let (start, _) = self.site(&c.from);
        // `(to)` is carried only where `between if:` reads it.
        let carried = reads_ident(&passes, "to");
        let (carry, set_to) = if carried {
            (quote!(let mut to: u16 = #initial;), quote!(to = f;))
        } else if reads_ident(&closes, "to") {
            (quote!(), quote!(let to = f;))
        } else {
            (quote!(), quote!())
        };
        self.scope.between = true;
        let apply = self.effect(&c.apply);
        let then = c.then.as_ref().map_or(quote!(), |e| self.effect(e));
        self.scope = saved;
        quote! {{
            let mut found = [NO_SITE; #most];
            let mut count = 0usize;
            let start = #start;
            if start != NO_SITE {
                let except = #except;
                #carry
                for &between in #table[start as usize] {
                    if !(#passes) { continue; }
                    let mut failing = 0i64;
                    for &f in #table[between as usize] {
                        let threat = f == start || { #set_to #closes };
                        if !threat {
                            failing += 1;
                            if failing > except { break; }
                        }
                    }
                    if failing <= except {
                        found[count] = between;
                        count += 1;
                    }
                }
            }
            for &between in &found[..count] { #apply #then }
        }}
    }

    /// Whether `e` yields at least one of Ludii's moves here (what
    /// `(append ...)` and `(allCombinations ...)` look at).
    pub(super) fn yields(&mut self, e: &Effect) -> TokenStream {
        match e {
            Effect::AddPiece { to: x, .. } | Effect::Remove(x) => self.defined(x),
            Effect::Flip(x) => {
                let (x, defined) = self.site(x);
                if defined {
                    quote!(Self::can_flip(s, #x))
                } else {
                    quote!(site_is(#x, |x| Self::can_flip(s, x)))
                }
            }
            Effect::AllCombinations(a, b) => {
                let (a, b) = (self.yields(a), self.yields(b));
                quote!((#a && #b))
            }
            Effect::Custodial(c) => {
                if let Some(shifts) = self.custodial_shifts(c) {
                    // Every flanked site yields a move (the analysis proved it).
                    let flanked = self.custodial_flanked(c, &shifts, true);
                    return quote!(!#flanked.is_empty());
                }
                let label = self.label("yields");
                let saved = self.scope;
                self.scope.between = true;
                let each = self.yields(&c.apply);
                self.scope = saved;
                let find = self.custodial_each(c, quote!(if #each { break #label true; }));
                quote!(#label: { #find false })
            }
            Effect::Seq(list) => {
                let parts: Vec<_> = list.iter().map(|e| self.yields(e)).collect();
                quote!((false #(|| #parts)*))
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                let c = self.cond(condition);
                let a = self.yields(then);
                let b = otherwise.as_ref().map_or(quote!(false), |o| self.yields(o));
                quote!((if #c { #a } else { #b }))
            }
            Effect::ForEachSite { .. } => {
                unreachable!("refused by the moving-piece blocker")
            }
            _ => quote!(true),
        }
    }

    /// Whether a site expression is defined here.
    fn defined(&mut self, x: &SiteExpr) -> TokenStream {
        match self.site(x) {
            (_, true) => quote!(true),
            (x, false) => quote!((#x != NO_SITE)),
        }
    }

    /// The site of the first action `e` makes (`NO_SITE` if none): it names
    /// the merged move.
    pub(super) fn first_site(&mut self, e: &Effect) -> TokenStream {
        match e {
            Effect::AddPiece { to: x, .. } | Effect::Remove(x) | Effect::Flip(x) => self.site(x).0,
            Effect::AllCombinations(a, _) => self.first_site(a),
            Effect::Custodial(c) => {
                let label = self.label("first");
                let saved = self.scope;
                self.scope.between = true;
                let site = self.first_site(&c.apply);
                self.scope = saved;
                let find = self.custodial_each(c, quote!(break #label #site;));
                quote!(#label: { #find NO_SITE })
            }
            Effect::Seq(list) => {
                let label = self.label("first");
                let parts: Vec<_> = list.iter().map(|e| self.first_site(e)).collect();
                let name: Ident = format_ident!("first");
                quote!(#label: {
                    #( let #name = #parts; if #name != NO_SITE { break #label #name; } )*
                    NO_SITE
                })
            }
            _ => quote!(NO_SITE),
        }
    }

    /// [`Gen::first_site`] where `e` is known to yield a move: a custodial
    /// effect whose first action is not on the flanked site acts first at
    /// the same site whichever site is flanked first, so no search.
    pub(super) fn first_site_of_yielding(&mut self, e: &Effect) -> TokenStream {
        match e {
            Effect::Custodial(c) if !first_site_reads_between(&c.apply) => {
                self.first_site(&c.apply)
            }
            _ => self.first_site(e),
        }
    }
}

/// Whether the first action of `e` happens at `(between)`.
fn first_site_reads_between(e: &Effect) -> bool {
    match e {
        Effect::AddPiece { to: x, .. } | Effect::Remove(x) | Effect::Flip(x) => {
            *x == SiteExpr::Between
        }
        Effect::AllCombinations(a, _) => first_site_reads_between(a),
        _ => true,
    }
}

/// The first site of each `dir` radial from `x` that has one, in radial
/// order: the neighbours `(surround ...)` tests (a radial with no second
/// site neither yields a target nor fails one, so it is left out).
pub(super) fn radial_firsts(
    board: &crate::board::Board,
    x: usize,
    dir: crate::board::AbsoluteDirection,
) -> Vec<u16> {
    board
        .radials(x, dir)
        .filter_map(|r| r.steps.get(1).copied())
        .collect()
}

/// Whether the generated `tokens` use the identifier `name` (a variable
/// the generator binds), groups included.
pub(super) fn reads_ident(tokens: &TokenStream, name: &str) -> bool {
    tokens.clone().into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(i) => i == name,
        proc_macro2::TokenTree::Group(g) => reads_ident(&g.stream(), name),
        _ => false,
    })
}

/// The between and closing sets of a custodial found by shifts.
fn custodial_sets(shifts: &Shifts) -> (TokenStream, TokenStream) {
    let set = |h: Holder| match h {
        Holder::Enemy { by_state: false } => super::sets::site_set(&SiteSet::Enemy),
        Holder::Enemy { by_state: true } => quote!(ALL
            .minus(Self::sites_in_state(s, 0))
            .minus(Self::sites_in_state(s, mover as i64))),
        Holder::Friend { by_state: false } => super::sets::site_set(&SiteSet::Friend),
        Holder::Friend { by_state: true } => quote!(Self::sites_in_state(s, mover as i64)),
    };
    (set(shifts.between), set(shifts.closing))
}

/// The name of a custodial's helpers: its direction and, where the tests
/// read piece states, which of them do (one helper per direction and pair
/// of tests, called wherever the rules look for flanked sites).
fn custodial_helper_name(c: &Custodial, shifts: &Shifts) -> String {
    let by_state = |h: Holder| match h {
        Holder::Enemy { by_state } | Holder::Friend { by_state } => by_state,
    };
    format!(
        "{}{}",
        c.directions.name().to_lowercase(),
        match (by_state(shifts.between), by_state(shifts.closing)) {
            (false, false) => "",
            (true, true) => "_by_state",
            (true, false) => "_by_state_then_owner",
            (false, true) => "_by_owner_then_state",
        }
    )
}

#[cfg(test)]
pub(super) mod tests {
    use quote::quote;

    use super::super::inline_games::generate_inline;

    pub(in crate::codegen) fn generated(text: &str) -> String {
        generate_inline(text).expect("the game compiles")
    }

    /// A game of sliding pieces whose move ends with `CAPTURE`.
    pub(in crate::codegen) fn sliders(capture: &str, end: &str) -> String {
        format!(
            r#"(game "Sliders" (players 2)
      (equipment {{ (board (square 5))
        (piece "Marker" Each (move Slide Orthogonal (then {capture}))) }})
      (rules (start {{ (place "Marker1" (sites Bottom)) (place "Marker2" (sites Top)) }})
        (play (forEach Piece))
        (end {{ {end} (if (no Moves Next) (result Mover Loss)) }})))"#
        )
    }

    #[test]
    fn identifiers_are_found_inside_groups() {
        let t = quote!(a && (b || { c(to) }));
        assert!(super::reads_ident(&t, "to"));
        assert!(!super::reads_ident(&t, "between"));
        assert!(!super::reads_ident(&quote!(s.last_to), "to"));
    }

    #[test]
    fn radial_firsts_leave_out_radials_without_a_second_site() {
        use crate::board::{build, BoardSpec, Tiling};
        let board = build(&BoardSpec::new(Tiling::Square { rows: 3, cols: 3 })).unwrap();
        let dir = crate::board::AbsoluteDirection::Orthogonal;
        // A corner has two orthogonal neighbours, the centre four.
        assert_eq!(super::radial_firsts(&board, 0, dir).len(), 2);
        assert_eq!(super::radial_firsts(&board, 4, dir).len(), 4);
    }

    #[test]
    fn surround_finds_targets_first_and_carries_to_only_where_read() {
        let plain = generated(&sliders(
            "(surround (from (last To)) Orthogonal (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Friend (who at:(to)))))",
            "",
        ));
        assert!(plain.contains("RADIAL_FIRSTS_ORTHOGONAL"), "{plain}");
        assert!(plain.contains("for &between in &found[..count]"), "{plain}");
        assert!(!plain.contains("let mut to: u16"), "{plain}");
        // A target test reading `(to)` sees the last neighbour tested, at
        // first no site (a consequence has no `(to)`).
        let carried = generated(&sliders(
            "(surround (from (last To)) Orthogonal (between if:(and (is Enemy (who at:(between))) (!= (to) 3)) (apply (remove (between)))) (to if:(is Friend (who at:(to)))) except:1)",
            "",
        ));
        assert!(carried.contains("let mut to: u16 = NO_SITE;"), "{carried}");
        assert!(carried.contains("to = f;"), "{carried}");
    }
}
