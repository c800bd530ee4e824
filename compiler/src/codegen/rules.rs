//! Rules to code: conditions, regions, integers, consequences and move
//! generators become Rust expressions over the generated `State` (`s`) with
//! the evaluating player in `mover`. Tests that need loops (lines,
//! connections, rings, winning sites) become helper methods, one per rule.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use crate::board::{AbsoluteDirection, Relation};
use crate::ir::{
    Cond, ConnectTargets, Connected, Effect, IntExpr, Line, Loop, Moves, PieceRef, PlayerRef,
    Region,
};

use super::tables::Tables;

/// What the rules translate into, besides expressions.
pub struct Gen<'m> {
    pub model: &'m crate::ir::GameModel,
    pub tables: Tables<'m>,
    /// Helper methods of the game type (line tests, connection tests...).
    pub helpers: Vec<TokenStream>,
    /// Counts helpers so each gets a unique name.
    next_helper: usize,
    /// The longest line tested per direction set (rays are cut to it).
    pub line_lengths: Vec<(AbsoluteDirection, usize)>,
    /// Whether some `(move Add ...)` may place on an occupied site.
    pub add_may_replace: bool,
    /// Test lines with precomputed windows on one-word boards.
    pub line_windows: bool,
    /// Connection tests read a union–find kept at each placement.
    pub union_find: Option<crate::analyse::connectivity::UnionFind>,
}

impl<'m> Gen<'m> {
    pub fn new(model: &'m crate::ir::GameModel) -> Self {
        let mut line_lengths: Vec<(AbsoluteDirection, usize)> = Vec::new();
        let mut note = |l: &Line| {
            // Exact lines must see one site past the length to tell an overline.
            let len = l.length as usize + usize::from(l.exact);
            match line_lengths.iter_mut().find(|(d, _)| *d == l.directions) {
                Some((_, m)) => *m = (*m).max(len),
                None => line_lengths.push((l.directions, len)),
            }
        };
        visit_lines(model, &mut note);
        Gen {
            model,
            tables: Tables::new(&model.board),
            helpers: Vec::new(),
            next_helper: 0,
            line_lengths,
            add_may_replace: false,
            line_windows: true,
            union_find: None,
        }
    }

    fn helper_name(&mut self, kind: &str) -> Ident {
        self.next_helper += 1;
        format_ident!("{}_{}", kind, self.next_helper)
    }

    /// A player reference as an expression of type `u8`.
    pub fn player(&self, who: PlayerRef) -> TokenStream {
        match who {
            PlayerRef::Mover => quote!(mover),
            PlayerRef::Next => quote!(self.next_player(s, mover)),
            PlayerRef::Prev => quote!(self.previous_player(s, mover)),
            PlayerRef::Player(p) => {
                let p = Literal::u8_unsuffixed(p);
                quote!(#p)
            }
        }
    }

    pub fn int(&self, n: &IntExpr) -> TokenStream {
        match n {
            IntExpr::Const(c) => {
                let c = Literal::i64_unsuffixed(*c);
                quote!((#c as i64))
            }
            IntExpr::CountMoves => quote!((s.moves as i64)),
            _ => unreachable!(
                "the code generator handles placement-only models (checked by check_supported)"
            ),
        }
    }

    /// A condition as a `bool` expression.
    pub fn cond(&mut self, c: &Cond) -> TokenStream {
        match c {
            Cond::True => quote!(true),
            Cond::False => quote!(false),
            Cond::Not(c) => {
                let c = self.operand(c);
                quote!(!#c)
            }
            Cond::And(cs) => {
                let cs: Vec<_> = cs.iter().map(|c| self.operand(c)).collect();
                quote!(#(#cs)&&*)
            }
            Cond::Or(cs) => {
                let cs: Vec<_> = cs.iter().map(|c| self.operand(c)).collect();
                quote!(#(#cs)||*)
            }
            Cond::Even(n) => {
                let n = self.int(n);
                quote!(#n % 2 == 0)
            }
            Cond::Odd(n) => {
                let n = self.int(n);
                quote!(#n % 2 != 0)
            }
            Cond::Line(l) => {
                let f = self.line_helper(l);
                quote!(Self::#f(s))
            }
            Cond::Connected(c) => {
                let f = self.connected_helper(c);
                quote!(self.#f(s, mover))
            }
            Cond::Loop(l) => {
                let f = self.loop_helper(l);
                quote!(Self::#f(s))
            }
            _ => unreachable!(
                "the code generator handles placement-only models (checked by check_supported)"
            ),
        }
    }

    /// A condition inside `!`, `&&` or `||`: parenthesised when compound.
    fn operand(&mut self, c: &Cond) -> TokenStream {
        let code = self.cond(c);
        match c {
            Cond::And(_) | Cond::Or(_) | Cond::Even(_) | Cond::Odd(_) => quote!((#code)),
            _ => code,
        }
    }

    /// A region as a `Board` expression.
    pub fn region(&mut self, r: &Region) -> TokenStream {
        match r {
            Region::Empty => quote!(ALL.minus(s.occupied)),
            Region::Static(sites) => self.tables.bits(sites.iter().copied()),
            Region::Union(parts) => {
                let mut parts = parts
                    .iter()
                    .map(|p| self.region(p))
                    .collect::<Vec<_>>()
                    .into_iter();
                let first = parts.next().unwrap_or(quote!(Board::EMPTY));
                parts.fold(first, |acc, p| quote!(#acc.or(#p)))
            }
            Region::Winning { who, moves } => {
                let f = self.winning_helper(moves);
                let who = self.player(*who);
                quote!(self.#f(s, #who))
            }
            _ => unreachable!(
                "the code generator handles placement-only models (checked by check_supported)"
            ),
        }
    }

    /// A consequence as a `bool` expression: whether the mover moves again.
    pub fn effect(&mut self, e: &Effect) -> TokenStream {
        match e {
            Effect::MoveAgain => quote!(true),
            Effect::If {
                condition,
                then,
                otherwise,
            } if matches!(**then, Effect::MoveAgain) && otherwise.is_none() => self.cond(condition),
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                let c = self.cond(condition);
                let t = self.effect(then);
                let o = match otherwise {
                    Some(o) => self.effect(o),
                    None => quote!(false),
                };
                quote!(if #c { #t } else { #o })
            }
            Effect::Seq(list) => {
                let parts: Vec<_> = list.iter().map(|e| self.effect(e)).collect();
                quote!({ let mut again = false; #(again |= #parts;)* again })
            }
            _ => unreachable!(
                "the code generator handles placement-only models (checked by check_supported)"
            ),
        }
    }

    /// Statements that run `body(move, site)` for every move of `m` made by
    /// `mover`, in Ludii's order.
    pub fn moves(
        &mut self,
        m: &Moves,
        body: &dyn Fn(TokenStream, TokenStream) -> TokenStream,
    ) -> TokenStream {
        match m {
            Moves::Add(add) => {
                if !matches!(add.to, Region::Empty) {
                    self.add_may_replace = true;
                }
                let region = self.region(&add.to);
                let rule = Literal::u8_unsuffixed(add.rule as u8);
                let mv = quote!(Move::Add { site: site as u16, rule: #rule });
                let inner = body(mv, quote!(site));
                let inner = match &add.to_if {
                    Some(c) => {
                        let c = self.cond(c);
                        quote!(if #c { #inner })
                    }
                    None => inner,
                };
                quote! {
                    for site in #region.iter() { #inner }
                }
            }
            Moves::Or(list) => {
                let parts: Vec<_> = list.iter().map(|m| self.moves(m, body)).collect();
                quote!(#(#parts)*)
            }
            Moves::Priority(list) => {
                // The moves of the first generator that has any.
                let mut blocks = Vec::new();
                for m in list {
                    let flagged = |mv: TokenStream, site: TokenStream| {
                        let inner = body(mv, site);
                        quote!({ found = true; #inner })
                    };
                    let code = self.moves(m, &flagged);
                    blocks.push(quote!(#code if found { break 'priority; }));
                }
                quote! {
                    'priority: { let mut found = false; #(#blocks)* let _ = found; }
                }
            }
            _ => unreachable!(
                "the code generator handles placement-only models (checked by check_supported)"
            ),
        }
    }

    /// The component a rule places: the mover's number, or a fixed one.
    pub fn rule_piece(&self, rule: u16) -> TokenStream {
        match find_add(self.model, rule).map(|a| a.piece.clone()) {
            Some(PieceRef::Component(c)) => {
                let w = Literal::u8_unsuffixed(c as u8 + 1);
                quote!(#w)
            }
            _ => quote!(mover),
        }
    }

    /// `fn line_N(s) -> bool` for `(is Line ...)` through the last placed piece.
    fn line_helper(&mut self, l: &Line) -> Ident {
        let name = self.helper_name("line");
        let max_len = self
            .line_lengths
            .iter()
            .find(|(d, _)| *d == l.directions)
            .map_or(l.length as usize, |(_, m)| *m);
        let doc = format!(
            " `(is Line {} {}{})`: a run of {}{} pieces of the same component through the last placed piece.",
            l.length,
            l.directions.name(),
            if l.exact { " exact:True" } else { "" },
            if l.exact { "exactly " } else { "at least " },
            l.length
        );
        if self.line_windows && self.model.board.num_sites() < 64 {
            // One-word boards: test precomputed windows of `length` sites.
            let windows = self.tables.line_windows(l.directions, l.length as usize);
            let test = if l.exact {
                quote!(mine & window == window && mine & beyond == 0)
            } else {
                quote!(mine & window == window)
            };
            self.helpers.push(quote! {
                #[doc = #doc]
                #[inline]
                fn #name(s: &State) -> bool {
                    let pivot = s.last_to;
                    if pivot == NO_SITE {
                        return false;
                    }
                    let mine = s.pieces[s.last_what as usize - 1].0[0];
                    #windows[pivot as usize].iter().any(|&(window, beyond)| { let _ = beyond; #test })
                }
            });
            return name;
        }
        let (rays, _) = self.tables.line_rays(l.directions, max_len);
        let length = Literal::u32_unsuffixed(l.length);
        let test = if l.exact {
            quote!(run == #length)
        } else {
            quote!(run >= #length)
        };
        self.helpers.push(quote! {
            #[doc = #doc]
            fn #name(s: &State) -> bool {
                let pivot = s.last_to;
                if pivot == NO_SITE {
                    return false;
                }
                let mine = s.pieces[s.last_what as usize - 1];
                for [ahead, behind] in &#rays[pivot as usize] {
                    let mut run = 1u32;
                    for &t in ahead {
                        if t == NO_SITE || !mine.contains(t as usize) { break; }
                        run += 1;
                    }
                    for &t in behind {
                        if t == NO_SITE || !mine.contains(t as usize) { break; }
                        run += 1;
                    }
                    if #test {
                        return true;
                    }
                }
                false
            }
        });
        name
    }

    /// `fn connected_N(&self, s, mover) -> bool` for `(is Connected ...)`.
    fn connected_helper(&mut self, c: &Connected) -> Ident {
        if self.union_find.is_some() {
            return self.connected_by_union_find(c);
        }
        let name = self.helper_name("connected");
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
                        let items: Vec<_> = parts
                            .iter()
                            .map(|p| self.tables.bits(p.iter().copied()))
                            .collect();
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
                let items: Vec<_> = sets
                    .iter()
                    .map(|p| self.tables.bits(p.iter().copied()))
                    .collect();
                let need = match c.number {
                    Some(n) => Literal::usize_unsuffixed(n as usize),
                    None => Literal::usize_unsuffixed(sets.len()),
                };
                (
                    quote! { let regions: &[Board] = &[#(#items),*]; },
                    quote!(#need),
                    false,
                )
            }
        };
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
            let group = flood(Board::single(from as usize), Self::player_pieces(s, who), &#steps);
            regions.iter().filter(|r| r.intersects(&group)).count() >= need
        };
        self.helpers.push(connected_method(&name, doc, body));
        name
    }

    /// `fn connected_N` reading the regions touched by the last placed
    /// piece's group from the union–find (the piece is its group's root).
    fn connected_by_union_find(&mut self, c: &Connected) -> Ident {
        let name = self.helper_name("connected");
        let uf = self.union_find.as_ref().expect("a union-find plan");
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
                let mask = Literal::u32_unsuffixed(uf.mask_of(sets));
                let need = Literal::u32_unsuffixed(c.number.unwrap_or(sets.len() as u32));
                quote!((s.touch[from as usize] & #mask).count_ones() >= #need)
            }
        };
        let doc =
            "the group of the last placed piece touches enough regions (read from the union-find)";
        self.helpers.push(connected_method(&name, doc, body));
        name
    }

    /// `fn ring_N(s) -> bool` for `(is Loop)` on hex cells.
    fn loop_helper(&mut self, _l: &Loop) -> Ident {
        let name = self.helper_name("ring");
        let adjacent = self.tables.step_lists(AbsoluteDirection::Adjacent);
        let orthogonal = self.tables.step_lists(Relation::Orthogonal.direction());
        let ortho_masks = self.tables.step_masks(Relation::Orthogonal.direction());
        let outer = self.tables.constant(
            "OUTER",
            "The board's outer sites.",
            self.model.board.outer(),
        );
        let doc = " `(is Loop)`: the last placed piece closes a ring around cells none of which is outer.";
        self.helpers.push(quote! {
            #[doc = #doc]
            fn #name(s: &State) -> bool {
                let pivot = s.last_to;
                if pivot == NO_SITE {
                    return false;
                }
                let mine = s.pieces[s.last_what as usize - 1];
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

    /// `fn winning_N(&self, s, player) -> Board` for `(sites Winning ...)`.
    fn winning_helper(&mut self, moves: &Moves) -> Ident {
        let name = self.helper_name("winning");
        let body = |mv: TokenStream, site: TokenStream| {
            quote! {
                if !winning.contains(#site) {
                    let mut after = *s;
                    self.apply_move(&mut after, #mv);
                    if after.results.winners & (1 << mover) != 0 {
                        winning.insert(#site);
                    }
                }
            }
        };
        let code = self.moves(moves, &body);
        let doc = " `(sites Winning ...)`: where the player placing now would win at once.";
        self.helpers.push(quote! {
            #[doc = #doc]
            fn #name(&self, s: &State, player: u8) -> Board {
                let mut base = *s;
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
        fn #name(&self, s: &State, mover: u8) -> bool {
            let _ = mover;
            let from = s.last_to;
            if from == NO_SITE {
                return false;
            }
            let who = Self::owner_at(s, from as usize);
            if who == 0 {
                return false;
            }
            #body
        }
    }
}

/// Calls `f` on every `(is Line ...)` of the model.
fn visit_lines(model: &crate::ir::GameModel, f: &mut dyn FnMut(&Line)) {
    fn cond(c: &Cond, f: &mut dyn FnMut(&Line)) {
        match c {
            Cond::Line(l) => f(l),
            Cond::Not(c) => cond(c, f),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| cond(c, f)),
            _ => {}
        }
    }
    fn effect(e: &Effect, f: &mut dyn FnMut(&Line)) {
        match e {
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                cond(condition, f);
                effect(then, f);
                if let Some(o) = otherwise {
                    effect(o, f);
                }
            }
            Effect::Seq(list) => list.iter().for_each(|e| effect(e, f)),
            Effect::MoveAgain => {}
            _ => unreachable!(
                "the code generator handles placement-only models (checked by check_supported)"
            ),
        }
    }
    fn moves(m: &Moves, f: &mut dyn FnMut(&Line)) {
        match m {
            Moves::Add(a) => {
                if let Some(c) = &a.to_if {
                    cond(c, f);
                }
                if let Some(e) = &a.then {
                    effect(e, f);
                }
                region(&a.to, f);
            }
            Moves::Priority(list) | Moves::Or(list) => list.iter().for_each(|m| moves(m, f)),
            _ => unreachable!(
                "the code generator handles placement-only models (checked by check_supported)"
            ),
        }
    }
    fn region(r: &Region, f: &mut dyn FnMut(&Line)) {
        match r {
            Region::Union(parts) => parts.iter().for_each(|p| region(p, f)),
            Region::Winning { moves: m, .. } => moves(m, f),
            _ => {}
        }
    }
    for p in &model.phases {
        moves(&p.play, f);
        p.end.iter().for_each(|r| cond(&r.condition, f));
        p.next
            .iter()
            .filter_map(|n| n.condition.as_ref())
            .for_each(|c| cond(c, f));
    }
    model.end.iter().for_each(|r| cond(&r.condition, f));
}

/// The `(move Add ...)` numbered `rule`.
pub fn find_add(model: &crate::ir::GameModel, rule: u16) -> Option<&crate::ir::Add> {
    fn in_moves(m: &Moves, rule: u16) -> Option<&crate::ir::Add> {
        match m {
            Moves::Add(a) if a.rule == rule => Some(a),
            Moves::Add(a) => in_region(&a.to, rule),
            Moves::Priority(list) | Moves::Or(list) => list.iter().find_map(|m| in_moves(m, rule)),
            _ => unreachable!(
                "the code generator handles placement-only models (checked by check_supported)"
            ),
        }
    }
    fn in_region(r: &Region, rule: u16) -> Option<&crate::ir::Add> {
        match r {
            Region::Union(parts) => parts.iter().find_map(|p| in_region(p, rule)),
            Region::Winning { moves, .. } => in_moves(moves, rule),
            _ => None,
        }
    }
    model.phases.iter().find_map(|p| in_moves(&p.play, rule))
}

/// Every `(move Add ...)` of the model.
pub fn all_adds(model: &crate::ir::GameModel) -> Vec<&crate::ir::Add> {
    let mut rule = 0;
    let mut out = Vec::new();
    while let Some(a) = find_add(model, rule) {
        out.push(a);
        rule += 1;
    }
    out
}
