//! Move generation: each generator of the play rules becomes inline loops
//! over precomputed tables. The same code serves two purposes: listing the
//! legal moves (`emit` pushes a `Move`) and probing whether any exists
//! (`emit` returns `true` at the first one, for `(no Moves Next)`).

use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

use crate::board::AbsoluteDirection;
use crate::ir::{
    Add, Cond, IntExpr, Moves, PieceMove, PieceRef, Reach, Region, Select, Shoot, SiteExpr, Walk,
};

use super::purpose::Question;
use super::Gen;

/// What to do with each move found: `|move expression| statements`.
pub(super) type Emit<'a> = &'a dyn Fn(TokenStream) -> TokenStream;

impl Gen<'_> {
    /// The component number (`u8`) a piece reference adds for `mover`.
    pub(super) fn piece_what(&mut self, piece: &PieceRef) -> TokenStream {
        match piece {
            // Ludii adds the component numbered like the mover.
            PieceRef::Mover => quote!(mover),
            PieceRef::Component(c) => {
                let w = Literal::u8_unsuffixed(*c as u8 + 1);
                quote!(#w)
            }
            PieceRef::MoversNamed(per) => {
                let arms = per.iter().enumerate().map(|(i, &c)| {
                    let (p, w) = (
                        Literal::u8_unsuffixed(i as u8 + 1),
                        Literal::u8_unsuffixed(c as u8 + 1),
                    );
                    quote!(#p => #w,)
                });
                quote!(match mover { #(#arms)* p => p })
            }
            PieceRef::Expr(n) => {
                // The component numbered N (0 when N names none: nothing is added).
                let n = self.int(&n.0);
                let count = Literal::i64_unsuffixed(self.model.components.len() as i64);
                quote!({
                    let n = #n;
                    if (1..=#count).contains(&n) { n as u8 } else { 0u8 }
                })
            }
        }
    }

    /// The moves of `m`; `emit` receives each move.
    pub(super) fn moves(&mut self, m: &Moves, emit: Emit) -> TokenStream {
        match m {
            Moves::Add(add) => self.add(add, emit),
            Moves::Move(pm) => self.piece_move(pm, emit),
            Moves::Shoot(shoot) => self.shoot(shoot, emit),
            // A pass whose rule has consequences is applied by its rule.
            Moves::Pass { rule, .. } => match &self.canonical {
                Some(numbers) if numbers.contains_key(rule) => {
                    let rule = self.rule_lit(*rule);
                    emit(quote!(Move::PassThen { rule: #rule }))
                }
                _ => emit(quote!(Move::Pass)),
            },
            Moves::SwapPieces { rule, a, b, .. } => {
                let (a, _) = self.site(a);
                let (b, _) = self.site(b);
                let rule = self.rule_lit(*rule);
                let mv = emit(quote!(Move::Piece { rule: #rule, from: a, to: b, dir: 0 }));
                quote! {{
                    let (a, b) = (#a, #b);
                    if (a as usize) < NUM_SITES && (b as usize) < NUM_SITES {
                        #mv
                    }
                }}
            }
            Moves::Remove { rule, sites, .. } => {
                // Ludii's Remove: one move per site of the region holding a piece.
                let r = self.region(sites);
                let rule = self.rule_lit(*rule);
                let mv = emit(quote!(Move::Remove { rule: #rule, site }));
                self.choose(
                    Question::Probe,
                    // Some removal exists as soon as one site holds a piece.
                    |_| {
                        quote! {
                            if let Some(site) = #r.and(s.occupied).first_site() {
                                let site = site as u16;
                                #mv
                            }
                        }
                    },
                    |_| {
                        quote! {
                            for site in #r.and(s.occupied).iter() {
                                let site = site as u16;
                                #mv
                            }
                        }
                    },
                )
            }
            Moves::Die { .. } => unreachable!("refused by features: dice"),
            Moves::DoNext { .. } => unreachable!("refused by features: `(do ... next:...)`"),
            Moves::Propose { .. } | Moves::Vote { .. } => emit(self.decision_move(m)),
            Moves::Do { prior, after } => self.do_moves(prior, after, emit),
            Moves::ForPlayer { who, moves } => self.moves_for(*who, moves, emit),
            Moves::Promote(p) => self.promote_moves(p, emit),
            Moves::ForEachDirection(f) => self.for_each_direction(f, emit),
            Moves::Select(select) => self.select(select, emit),
            Moves::MaxMoves(inner) => self.max_moves(inner, emit),
            Moves::ForEachPiece(rules) => self.for_each_piece(rules, emit),
            Moves::ForEachPieceIn { container, rules } => {
                self.for_each_piece_in(*container, rules, emit)
            }
            Moves::If {
                condition,
                then,
                otherwise,
            } => {
                // Before the condition, which then finds the method made.
                let listed = self.if_can_move_listing(condition, then, emit);
                let c = self.cond(condition);
                let a = match listed {
                    Some(call) => call,
                    None => self.moves(then, emit),
                };
                match otherwise {
                    Some(o) => {
                        let b = self.moves(o, emit);
                        quote!(if #c { #a } else { #b })
                    }
                    None => quote!(if #c { #a }),
                }
            }
            Moves::Priority(list) => self.priority(list, emit),
            Moves::Or(list) => {
                let parts: Vec<_> = list.iter().map(|m| self.moves(m, emit)).collect();
                quote!(#(#parts)*)
            }
            Moves::Then(inner, _) => self.moves(inner, emit),
            Moves::ForEachSite { region, moves } => {
                let r = self.region(region);
                let saved = self.scope;
                self.scope.site = true;
                self.scope.to = true;
                let body = self.moves(moves, emit);
                self.scope = saved;
                quote! {
                    for site in #r.iter() {
                        let site = site as u16;
                        let to = site;
                        #body
                    }
                }
            }
            Moves::Append { rule, effect, .. } => {
                // Whatever the effect yields is one decision, named by the
                // site of its first action; nothing yielded, no move.
                let yields = self.yields(effect);
                let first = self.first_site_of_yielding(effect);
                let site = match (self.scope.site, self.scope.to) {
                    (true, _) => quote!(site),
                    (false, true) => quote!(to),
                    (false, false) => quote!(first),
                };
                let rule = self.rule_lit(*rule);
                let mv = emit(quote!(Move::Effect { rule: #rule, site: #site, to: first }));
                quote! {
                    let yields = #yields;
                    if yields {
                        let first = #first;
                        if first != NO_SITE { #mv }
                    }
                }
            }
        }
    }

    /// `(priority ...)`: each part's moves, up to the first part that has
    /// any. A probe asks only whether some part has a move, and reads the
    /// state without writing it, so it may try them in any order: it tries
    /// the last part first, the fallback (the steps after the forced
    /// captures) that usually has moves.
    fn priority(&mut self, list: &[Moves], emit: Emit) -> TokenStream {
        self.labels += 1;
        let label = syn::Lifetime::new(
            &format!("'priority_{}", self.labels),
            proc_macro2::Span::call_site(),
        );
        if !self.generic() {
            let probe = self.is(Question::Probe);
            let parts: Vec<_> = list.iter().map(|m| self.moves(m, emit)).collect();
            if probe {
                let parts = parts.iter().rev();
                return quote!(#(#parts)*);
            }
            return quote!(#label: {
                let before = out.len();
                #( #parts if out.len() > before { break #label; } )*
            });
        }
        // Each part's sink notes whether it took a move; the parts are
        // tried in turn, from the last in a probe.
        let parts: Vec<_> = list.iter().map(|m| self.moves(m, emit)).collect();
        let n = Literal::usize_unsuffixed(parts.len());
        let arms = parts.iter().enumerate().map(|(i, part)| {
            let i = Literal::usize_unsuffixed(i);
            quote!(#i => { #part })
        });
        quote! {
            #label: for part in 0..#n {
                let part = if S::PROBE { #n - 1 - part } else { part };
                let mut found = Found::new(&mut *sink);
                {
                    let sink = &mut found;
                    match part {
                        #(#arms)*
                        _ => {}
                    }
                }
                if found.any {
                    break #label;
                }
            }
        }
    }

    fn add(&mut self, add: &Add, emit: Emit) -> TokenStream {
        let what = self.piece_what(&add.piece);
        let region = self.region(&add.to);
        let saved = self.scope;
        self.scope.to = true;
        let test = add.to_if.as_ref().map_or(quote!(true), |c| self.cond(c));
        self.scope = saved;
        let rule = self.rule_lit(add.rule);
        let mv = emit(quote!(Move::Add { site: to, what, rule: #rule }));
        let places = quote! {
            for to in #region.iter() {
                let to = to as u16;
                if #test { #mv }
            }
        };
        if matches!(add.piece, PieceRef::Expr(_)) {
            // A computed piece naming no component: no placement.
            quote! {
                let what = #what;
                if what != 0 { #places }
            }
        } else {
            quote! {
                let what = #what;
                #places
            }
        }
    }

    /// `(move Select (from REGION [if:C]) [(to REGION2 [if:C2])])` (Ludii's
    /// `Select`): each site F of REGION where C holds (F as `(from)` and
    /// `(to)`) is a move; with `(to ...)`, each site T of REGION2 (evaluated
    /// with F as both) where C2 holds with T as `(to)` is one (§53). A
    /// move without `(to ...)` selects F twice.
    fn select(&mut self, select: &Select, emit: Emit) -> TokenStream {
        let on_board = |r: TokenStream, hands: bool| {
            if hands {
                quote!(#r.and(ALL))
            } else {
                r
            }
        };
        let hands = !self.model.hands.is_empty();
        let rule = self.rule_lit(select.rule);
        let saved = self.scope;
        // The selected site, as a single site or each of a region.
        let single = match &select.from {
            crate::ir::Region::Site(x) => Some(self.site(x).0),
            _ => None,
        };
        let region = single
            .is_none()
            .then(|| on_board(self.region(&select.from), hands));
        self.scope.from = true;
        self.scope.to = true;
        self.scope.to_maybe = false;
        let from_test = select
            .from_if
            .as_ref()
            .map_or(quote!(true), |c| self.cond(c));
        let body = match &select.to {
            None => emit(quote!(Move::Select { rule: #rule, from, to: from })),
            Some(to) => {
                let targets = on_board(self.region(&to.region), hands);
                let to_test = to.to_if.as_ref().map_or(quote!(true), |c| self.cond(c));
                let mv = emit(quote!(Move::Select { rule: #rule, from, to }));
                quote! {
                    for to in #targets.iter() {
                        let to = to as u16;
                        if #to_test { #mv }
                    }
                }
            }
        };
        self.scope = saved;
        let body = quote! {
            let to = from;
            if #from_test { #body }
        };
        match (single, region) {
            // `(from)` itself: already bound.
            (Some(x), _) if x.to_string() == "from" => quote! {{
                if (from as usize) < NUM_SITES { #body }
            }},
            // The board's sites only (`NO_SITE` is none of them).
            (Some(x), _) => quote! {{
                let from = #x;
                if (from as usize) < NUM_SITES { #body }
            }},
            (None, Some(r)) => quote! {
                for from in #r.iter() {
                    let from = from as u16;
                    #body
                }
            },
            (None, None) => unreachable!("a region or a site"),
        }
    }

    fn shoot(&mut self, shoot: &Shoot, emit: Emit) -> TokenStream {
        let what = Literal::u8_unsuffixed(shoot.component as u8 + 1);
        let rule = self.rule_lit(shoot.rule);
        let mv = emit(quote!(Move::Add { site: to, what: #what, rule: #rule }));
        let walked = |g: &mut Self, d: AbsoluteDirection| {
            let radials = g.tables.radials(d);
            quote! {
                for ray in &#radials[from as usize] {
                    for &to in ray {
                        if to == NO_SITE || s.what[to as usize] != 0 { break; }
                        #mv
                    }
                }
            }
        };
        let loops: Vec<_> = shoot
            .directions
            .iter()
            .map(|&d| {
                self.choose(
                    Question::Probe,
                    // Some shot exists as soon as one ray starts on an empty site.
                    |g| {
                        let radials = g.tables.radial_prefixes(d, 1);
                        quote! {
                            for ray in &#radials[from as usize] {
                                let to = ray[0];
                                if to != NO_SITE && s.what[to as usize] == 0 { #mv }
                            }
                        }
                    },
                    |g| {
                        g.choose(
                            Question::WalkOrder,
                            |g| walked(g, d),
                            // Ray masks list each direction's sites in ascending order.
                            |g| match g.slide_reach(d) {
                                Some(reach) => quote! {
                                    for to in Self::#reach(s, from).iter() {
                                        let to = to as u16;
                                        #mv
                                    }
                                },
                                None => walked(g, d),
                            },
                        )
                    },
                )
            })
            .collect();
        quote! {
            let from = s.last_to;
            if from != NO_SITE { #(#loops)* }
        }
    }

    /// A piece move from `from` (in scope), or from each site of its region.
    pub(super) fn piece_move(&mut self, m: &PieceMove, emit: Emit) -> TokenStream {
        let saved = self.scope;
        let from_if = match &m.reach {
            Reach::FromTo {
                from_if: Some(c), ..
            } => Some(c),
            _ => None,
        };
        // `(from ... if:C)`: C is tested at each site moved from.
        let emit_tested;
        let emit = match from_if {
            Some(c) => {
                self.scope.from = true;
                let test = self.cond(c);
                self.scope = saved;
                emit_tested = move |mv: TokenStream| -> TokenStream {
                    let mv = emit(mv);
                    quote!(if #test { #mv })
                };
                &emit_tested as Emit
            }
            None => emit,
        };
        let body = match &m.from {
            // `(from (from))` inside `(forEach Piece ...)`: the piece in
            // hand is the one moving, no loop over a one-site set.
            Some(Region::Site(SiteExpr::From)) if saved.from => self.destinations(m, emit),
            Some(region) => {
                let mut r = self.region(region);
                self.scope.from = true;
                let body = self.destinations(m, emit);
                if let Reach::FromTo { .. } = m.reach {
                    // Ludii's FromTo moves only from a site holding a piece.
                    if !matches!(region, crate::ir::Region::Occupied(_)) {
                        r = quote!(#r.and(s.occupied));
                    }
                } else if !self.model.hands.is_empty() {
                    // Steps, hops, slides and leaps walk the board's tables.
                    r = quote!(#r.and(ALL));
                }
                quote!(for from in #r.iter() { let from = from as u16; #body })
            }
            None if self.scope.from => self.destinations(m, emit),
            None => quote!(),
        };
        self.scope = saved;
        body
    }

    /// Where a step onto an empty site may be listed in any order (a
    /// playout's own listing, a probe) on a board of one site type without
    /// stacks: the bitboards of each site's `d` neighbours, one per radial.
    /// The destination test must require `(is Empty (to))`; the rest of it
    /// ([`beyond_empty`]) is tested at each empty neighbour.
    fn empty_step_masks(&mut self, m: &PieceMove, d: AbsoluteDirection) -> Option<Ident> {
        if m.to_if.as_ref().and_then(beyond_empty).is_none()
            || self.is(Question::WalkOrder)
            || self.model.stacking
            || !self.analysis.features.other_types.is_empty()
        {
            return None;
        }
        self.tables.radial_first_masks(d)
    }

    /// The `(to if:C)` test at `to` (and `between` when given).
    fn target_test(&mut self, m: &PieceMove, between: bool) -> TokenStream {
        self.test_at_to(m.to_if.as_ref(), between)
    }

    /// A destination test `C` (`true` when none) at `to` (and `between`
    /// when given).
    pub(super) fn test_at_to(&mut self, c: Option<&Cond>, between: bool) -> TokenStream {
        let saved = self.scope;
        self.scope.to = true;
        self.scope.between = between;
        let test = c.map_or(quote!(true), |c| self.cond(c));
        self.scope = saved;
        test
    }

    /// The leap targets from each site (see [`leap_lists`]) of the
    /// component being generated.
    pub(super) fn leap_lists(&self, walks: &[Vec<Walk>], forward: bool) -> Vec<Vec<u16>> {
        crate::analyse::target_sets::leap_lists(self.model, self.component, walks, forward)
    }

    fn destinations(&mut self, m: &PieceMove, emit: Emit) -> TokenStream {
        let rule = self.rule_lit(m.rule);
        let emit_dir = |k: usize| {
            let k = Literal::u8_unsuffixed(k as u8);
            emit(quote!(Move::Piece { rule: #rule, from, to, dir: #k }))
        };
        match &m.reach {
            Reach::Step => {
                let test = self.target_test(m, false);
                let parts: Vec<_> = m
                    .directions
                    .iter()
                    .enumerate()
                    .map(|(k, &d)| {
                        let mv = emit_dir(k);
                        let radial = |g: &mut Self| {
                            let radials = g.tables.radial_prefixes(d, 1);
                            quote! {
                                for ray in &#radials[from as usize] {
                                    let to = ray[0];
                                    if to != NO_SITE && #test { #mv }
                                }
                            }
                        };
                        let Some(masks) = self.empty_step_masks(m, d) else {
                            return radial(self);
                        };
                        self.choose(Question::WalkOrder, radial, |g| {
                            // In any order: the empty sites of the mask
                            // that pass the rest of the test.
                            let rest = m.to_if.as_ref().and_then(beyond_empty).flatten();
                            let mv = match rest {
                                Some(rest) => {
                                    let rest = g.test_at_to(Some(&rest), false);
                                    quote!(if #rest { #mv })
                                }
                                None => mv.clone(),
                            };
                            quote! {
                                for to in #masks[from as usize].minus(s.occupied).iter() {
                                    let to = to as u16;
                                    #mv
                                }
                            }
                        })
                    })
                    .collect();
                self.by_direction(m, parts)
            }
            Reach::Hop { .. } if super::hops::is_long_hop(&m.reach) => {
                self.long_hop_moves(m, &emit_dir)
            }
            Reach::Hop {
                distance,
                between_if,
                ..
            } => {
                // A constant distance (Ludii's default is one) keeps only
                // the branch it takes, and a hop over one site tests that
                // site directly.
                let constant = match distance {
                    IntExpr::Const(k) => Some(*k),
                    _ => None,
                };
                let n = self.int(distance);
                // Hop with nothing to jump is a plain step to each adjacent
                // site, each destination once.
                let may_step = matches!(constant, None | Some(0));
                let may_hop = !matches!(constant, Some(k) if k <= 0);
                let plain = if may_step {
                    self.target_test(m, false)
                } else {
                    quote!()
                };
                let steps: Vec<_> = m
                    .directions
                    .iter()
                    .filter(|_| may_step)
                    .enumerate()
                    .map(|(k, &d)| {
                        let list = self.tables.step_lists(d);
                        let mv = emit_dir(k);
                        quote! {
                            for &to in #list[from as usize] {
                                if !seen.contains(to as usize) && #plain {
                                    seen.insert(to as usize);
                                    #mv
                                }
                            }
                        }
                    })
                    .collect();
                let (over, landing) = if may_hop {
                    let saved = self.scope;
                    self.scope.to = true;
                    self.scope.between = true;
                    let over = between_if.as_ref().map_or(quote!(true), |c| self.cond(c));
                    self.scope = saved;
                    (over, self.target_test(m, true))
                } else {
                    (quote!(), quote!())
                };
                let hops: Vec<_> = m
                    .directions
                    .iter()
                    .filter(|_| may_hop)
                    .enumerate()
                    .map(|(k, &d)| {
                        let radials = self.tables.radial_prefixes(d, if constant == Some(1) { 2 } else { usize::MAX });
                        let mv = emit_dir(k);
                        if constant == Some(1) {
                            return quote! {
                                for ray in &#radials[from as usize] {
                                    let (Some(&between), Some(&to)) = (ray.first(), ray.get(1)) else { continue };
                                    if to != NO_SITE && #over && #landing { #mv }
                                }
                            };
                        }
                        quote! {
                            for ray in &#radials[from as usize] {
                                let Some(&to) = ray.get(n) else { continue };
                                if to == NO_SITE { continue; }
                                if ray[..n].iter().all(|&between| #over) {
                                    let between = ray[n - 1];
                                    if #landing { #mv }
                                }
                            }
                        }
                    })
                    .collect();
                let steps = self.by_direction(m, steps);
                let hops = self.by_direction(m, hops);
                match constant {
                    Some(k) if k < 0 => quote!(),
                    Some(0) => quote! {
                        let mut seen = Board::EMPTY;
                        #steps
                    },
                    Some(1) => hops,
                    Some(k) => {
                        let k = Literal::usize_unsuffixed(k as usize);
                        quote! {
                            let n = #k;
                            #hops
                        }
                    }
                    None => quote! {
                        let n = #n;
                        if n == 0 {
                            let mut seen = Board::EMPTY;
                            #steps
                        } else if n > 0 {
                            let n = n as usize;
                            #hops
                        }
                    },
                }
            }
            // A probe and the walk's order walk each ray; any other listing
            // takes each ray's mask cut at its first blocker where the board
            // allows.
            Reach::Slide { .. } => self.choose_any(
                &[Question::Probe, Question::WalkOrder],
                |g| g.walked_slide(m, emit),
                |g| {
                    let plain = crate::analyse::counted::is_plain_slide(m);
                    let parts: Option<Vec<_>> = plain
                        .then(|| {
                            m.directions
                                .iter()
                                .enumerate()
                                .map(|(k, &d)| {
                                    let reach = g.slide_reach(d)?;
                                    let mv = emit_dir(k);
                                    Some(quote! {
                                        for to in Self::#reach(s, from).iter() {
                                            let to = to as u16;
                                            #mv
                                        }
                                    })
                                })
                                .collect()
                        })
                        .flatten();
                    match (parts, plain) {
                        (Some(parts), _) => quote!(#(#parts)*),
                        (None, true) => g.walked_slide(m, emit),
                        (None, false) => match g.masked_slide(m, emit) {
                            Some(code) => code,
                            None => g.walked_slide(m, emit),
                        },
                    }
                },
            ),
            Reach::TrackSlide { .. } => self.track_slide(m, emit),
            Reach::Leap { walks, forward } => {
                let lists = self.leap_lists(walks, *forward);
                let name = format!("LEAPS_{}", self.rule_lit(m.rule));
                let doc = format!("The leap targets of move rule {} from each site.", m.rule);
                let table = self.tables.site_lists(&name, &doc, &lists);
                let test = self.target_test(m, false);
                let mv = emit_dir(0);
                quote! {
                    for &to in #table[from as usize] {
                        if #test { #mv }
                    }
                }
            }
            Reach::FromTo { to, .. } => {
                let r = self.region(to);
                let test = self.target_test(m, false);
                let mv = emit_dir(0);
                quote! {
                    for to in #r.iter() {
                        let to = to as u16;
                        if #test { #mv }
                    }
                }
            }
        }
    }

    /// A slide walked ray by ray: `(between if:C)`, a distance range, a
    /// `to if:` that may take the blocking site, or rays that no mask fits.
    fn walked_slide(&mut self, m: &PieceMove, emit: Emit) -> TokenStream {
        let Reach::Slide {
            between_if,
            min,
            max,
        } = &m.reach
        else {
            unreachable!("a slide")
        };
        let rule = self.rule_lit(m.rule);
        let emit_dir = |k: usize| {
            let k = Literal::u8_unsuffixed(k as u8);
            emit(quote!(Move::Piece { rule: #rule, from, to, dir: #k }))
        };
        let min = min.as_ref().map_or(quote!(1i64), |n| self.typed_int(n));
        let max = max.as_ref().map_or(quote!(i64::MAX), |n| self.typed_int(n));
        let saved = self.scope;
        // Ludii sets both `to` and `between` to the site slid over before
        // testing it (`to` is bound to it in the walk below).
        self.scope.between = true;
        self.scope.to = true;
        let passable = match between_if {
            Some(c) => self.cond(c),
            None => quote!((s.what[between as usize] == 0)),
        };
        self.scope = saved;
        // Ludii's slide tests `to if:` (its stop rule) first: where it holds
        // within range the slide ends there, on that site; elsewhere (and
        // short of the range) it goes on over sites passing `between if:`,
        // each in range a destination.
        let stop = m.to_if.is_some().then(|| self.target_test(m, false));
        let parts: Vec<_> = m
            .directions
            .iter()
            .enumerate()
            .map(|(k, &d)| {
                let radials = self.tables.radials(d);
                let mv = emit_dir(k);
                // A probe's emit returns at once: no `break` after it.
                let diverges = mv.to_string().trim_start().starts_with("return");
                let stop = match &stop {
                    Some(test) if diverges => quote! {
                        if in_range && #test {
                            #mv
                        }
                    },
                    Some(test) => quote! {
                        if in_range && #test {
                            #mv
                            break;
                        }
                    },
                    None => quote!(),
                };
                quote! {
                    for ray in &#radials[from as usize] {
                        for (i, &to) in ray.iter().enumerate() {
                            let distance = i as i64 + 1;
                            if to == NO_SITE || distance > max { break; }
                            let in_range = distance >= min;
                            #stop
                            let between = to;
                            if !(#passable) { break; }
                            if in_range { #mv }
                        }
                    }
                }
            })
            .collect();
        let parts = self.by_direction(m, parts);
        quote! {
            let (min, max) = (#min, #max);
            #parts
        }
    }

    /// The code of each of `m`'s directions (`parts[k]` for direction k),
    /// all of them, or with `SameDirection` only the first whose radial
    /// from the last move's `from` passes (at any distance) through its
    /// `to` (Ludii's `Directions.convert`, §39), none when there is no
    /// last move on the board: one bitboard test per direction.
    pub(super) fn by_direction(&mut self, m: &PieceMove, parts: Vec<TokenStream>) -> TokenStream {
        if !m.same_direction || parts.is_empty() {
            return quote!(#(#parts)*);
        }
        let masks: Vec<_> = m
            .directions
            .iter()
            .map(|&d| self.tables.ray_masks(d))
            .collect();
        // `if A { .. } else if B { .. } ...`, built from the last direction.
        let mut chain = quote!();
        for (mask, part) in masks.iter().zip(&parts).rev() {
            chain = if chain.is_empty() {
                quote!(if #mask[last_from].contains(last_to) { #part })
            } else {
                quote!(if #mask[last_from].contains(last_to) { #part } else #chain)
            };
        }
        quote! {
            let (last_from, last_to) = (s.last_from as usize, s.last_to as usize);
            if last_from < NUM_SITES && last_to < NUM_SITES {
                #chain
            }
        }
    }
}

/// A destination test that requires an empty destination: `Some` of what
/// else it requires (`None` when nothing), or `None` when it does not
/// require `(is Empty (to))` as a whole or as one of its conjuncts.
fn beyond_empty(test: &Cond) -> Option<Option<Cond>> {
    let empty = |c: &Cond| matches!(c, Cond::Empty(SiteExpr::To));
    match test {
        c if empty(c) => Some(None),
        Cond::And(list) if list.iter().any(empty) => {
            let mut rest: Vec<Cond> = list.iter().filter(|c| !empty(c)).cloned().collect();
            Some(match rest.len() {
                0 => None,
                1 => rest.pop(),
                _ => Some(Cond::And(rest)),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::merged::tests::generated;

    /// Konane's chains: a hop from the last `to`, in the direction of the
    /// last move, removing the jumped piece; `LANDING` on the landing site.
    fn hoppers(landing: &str) -> String {
        format!(
            r#"(game "Hoppers" (players 2)
      (equipment {{ (board (square 6))
        (piece "Marker" Each (move Hop Orthogonal
          (between if:(is Enemy (who at:(between))) (apply (remove (between))))
          (to if:(is Empty (to)) {landing})
          (then (if (can Move (move Hop (from (last To)) SameDirection
              (between if:(is Enemy (who at:(between)))) (to if:(is Empty (to)))))
            (moveAgain))))) }})
      (rules (start {{ (place "Marker1" (sites Phase 0)) (place "Marker2" (sites Phase 1)) }})
        (play (if (is Prev Mover)
          (or (move Hop (from (last To)) SameDirection
                (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                (to if:(is Empty (to))))
              (move Pass))
          (forEach Piece)))
        (end (if (no Moves Next) (result Mover Win)))))"#
        )
    }

    #[test]
    fn same_direction_keeps_the_direction_whose_ray_passes_the_last_to() {
        let code = generated(&hoppers(""));
        assert!(
            code.contains("RAY_MASK_N[last_from].contains(last_to)"),
            "{code}"
        );
        assert!(
            code.contains("last_from < NUM_SITES && last_to < NUM_SITES"),
            "{code}"
        );
    }

    /// Pieces stepping under `TEST` and hopping from `(from (from))`, as
    /// Chinese Checkers' do, on its board (where the moves of all the
    /// pieces at once would take too many shifts: each piece's are
    /// listed); `KINGS` adds a second kind of piece per player.
    fn steppers(test: &str, kings: &str) -> String {
        format!(
            r#"(game "Steppers" (players 2)
      (equipment {{ (board (hex Star 4))
        (piece "Marker" Each (or
          (move Hop (from (from)) Orthogonal (between if:(is Occupied (between))) (to if:(is Empty (to))))
          (move Step Orthogonal (to if:{test}))))
        {kings}
        (regions P1 (sites Bottom)) (regions P2 (sites Top)) }})
      (rules (start {{ (place "Marker1" (sites Bottom)) (place "Marker2" (sites Top)) }})
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Loss)))))"#
        )
    }

    /// The code of the step that follows `if S::WALK_ORDER`: the walk's
    /// order's, then any other order's.
    fn by_order(code: &str) -> (&str, &str) {
        let start = code.find("if S::WALK_ORDER {").expect("a choice of order");
        let rest = &code[start..];
        let split = rest.find("} else {").expect("two orders");
        (&rest[..split], &rest[split..])
    }

    #[test]
    fn a_step_onto_an_empty_site_walks_the_neighbour_masks_and_tests_the_rest() {
        let code = generated(&steppers(
            "(and (is Empty (to)) (not (is In (from) (sites Mover))))",
            "",
        ));
        let (walked, fast) = by_order(&code);
        assert!(
            fast.contains("[from as usize].minus(s.occupied).iter()"),
            "{fast}"
        );
        // The walk's own order stays the radials' (Ludii's).
        assert!(walked.contains("RADIALS_"), "{walked}");
        assert!(!walked.contains("minus(s.occupied).iter()"), "{walked}");
    }

    #[test]
    fn a_step_that_may_land_on_a_piece_walks_the_radials() {
        let code = generated(&steppers(
            "(or (is Empty (to)) (not (is In (from) (sites Mover))))",
            "",
        ));
        assert!(!code.contains("minus(s.occupied).iter()"), "{code}");
    }

    #[test]
    fn one_kind_per_player_chooses_the_kind_by_the_mover_once() {
        let code = generated(&steppers("(is Empty (to))", ""));
        assert!(code.contains("for from in s.owned[1].iter()"), "{code}");
        assert!(code.contains("for from in s.owned[2].iter()"), "{code}");
        assert!(!code.contains("match s.what[from as usize]"), "{code}");
        // A hop from `(from (from))` moves the piece in hand, no one-site loop.
        assert!(!code.contains("Board::single(from as usize)"), "{code}");
    }

    #[test]
    fn two_kinds_per_player_choose_the_kind_at_each_piece() {
        let code = generated(&steppers(
            "(is Empty (to))",
            r#"(piece "King" Each (move Step Diagonal (to if:(is Empty (to)))))"#,
        ));
        assert!(code.contains("match s.what[from as usize]"), "{code}");
    }

    #[test]
    fn a_landing_effect_reads_the_last_site_jumped() {
        let code = generated(&hoppers("(apply (remove (between)))"));
        assert!(code.contains("let between = ray[n - 1];"), "{code}");
    }
}
