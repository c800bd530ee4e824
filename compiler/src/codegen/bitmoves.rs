//! Steps and single hops of every piece of a kind at once: within `(forEach
//! Piece ...)`, a `(move Step ...)` or a `(move Hop ...)` over one site
//! becomes, for each direction, a few bitboard operations over all the
//! mover's pieces of that kind instead of a walk of each piece's radials.
//!
//! A direction's radials are grouped by their first steps' differences of
//! site numbers (one group on a square board, a few on a hexagonal one):
//! for each group, the pieces whose radial starts that way, shifted by the
//! differences and intersected with the sites the conditions allow
//! (`(is Empty (to))`, `(is Enemy (who at:(between)))`...), are the
//! destinations. The moves are the same as the per-piece walk's (one per
//! radial), in another order; conditions that no bitboard expresses are
//! still tested at each destination found.

use std::collections::BTreeMap;

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::board::AbsoluteDirection;
use crate::ir::{Comparison, Cond, IntExpr, PieceMove, Reach, SiteExpr};

use super::moves::Emit;
use super::purpose::Question;
use super::Gen;

/// At most this many groups of radials in all of a move's directions: a
/// square board's adjacent directions make eight, a hexagonal board's
/// rows several per direction, where the per-piece walk is as fast.
const MAX_GROUPS: usize = 8;

impl Gen<'_> {
    /// The moves of `pm` for every piece of `component` at once, when
    /// they are steps or single hops the bitboards express; `None` leaves
    /// them to the per-piece walk.
    pub(super) fn piece_set_moves(
        &mut self,
        component: usize,
        pm: &PieceMove,
        emit: Emit,
    ) -> Option<TokenStream> {
        // From the piece's own site: none given, or `(from (from))`.
        let own_site = match &pm.from {
            None => true,
            Some(r) => matches!(r, crate::ir::Region::Site(SiteExpr::From)),
        };
        if !own_site
            || !self.known_not(Question::WalkOrder)
            || pm.same_direction
            || self.model.stacking
            || !self.model.hands.is_empty()
            || !self.analysis.features.other_types.is_empty()
        {
            return None;
        }
        let owner = self.model.components[component].owner;
        if owner == 0 || owner > self.model.num_players {
            return None;
        }
        // The mover's pieces of this kind: none unless the mover owns the
        // kind (a player's sites are no other's), so the other players'
        // kinds cost one comparison.
        let p = Literal::usize_unsuffixed(owner as usize);
        let pieces = if crate::analyse::features::several_kinds(self.model) {
            let w = Literal::usize_unsuffixed(component + 1);
            quote!(s.kinds[#w].and(s.owned[#p]))
        } else {
            quote!(s.owned[#p])
        };
        let owner = Literal::u8_unsuffixed(owner);
        let code = match &pm.reach {
            Reach::Step => self.reach_set(pm, None, false, pieces, emit),
            Reach::Hop {
                distance: IntExpr::Const(1),
                most: None,
                before: IntExpr::Const(0),
                after: IntExpr::Const(0),
                between_if,
                stop_if: None,
                ..
            } => {
                let between_if = between_if.clone();
                self.reach_set(pm, between_if.as_ref(), true, pieces, emit)
            }
            _ => None,
        }?;
        Some(quote!(if mover == #owner { #code }))
    }

    /// The groups of `dir`'s radials by the differences of their first
    /// `steps` steps, each with the sites whose radial starts that way;
    /// `None` when a site has two radials alike.
    fn radial_groups(
        &self,
        dir: AbsoluteDirection,
        steps: usize,
    ) -> Option<Vec<(Vec<i32>, Vec<u16>)>> {
        let board = &self.model.board;
        let mut groups: BTreeMap<Vec<i32>, Vec<u16>> = BTreeMap::new();
        for site in 0..board.num_sites() {
            for r in board.radials(site, dir) {
                if r.steps.len() <= steps {
                    continue;
                }
                let key: Vec<i32> = r.steps[..=steps]
                    .windows(2)
                    .map(|w| w[1] as i32 - w[0] as i32)
                    .collect();
                let sites = groups.entry(key).or_default();
                if sites.last() == Some(&(site as u16)) {
                    return None;
                }
                sites.push(site as u16);
            }
        }
        Some(groups.into_iter().collect())
    }

    /// Splits `c` (a conjunction) into bitboards of the sites where its
    /// parts hold at `to` and at `between`, and the rest, tested per site.
    fn split_cond(
        &self,
        c: &Cond,
        to: &mut Vec<TokenStream>,
        between: &mut Vec<TokenStream>,
        rest: &mut Vec<Cond>,
    ) {
        let enemy = quote!(s.occupied.minus(s.owned[0]).minus(s.owned[mover as usize]));
        let (site, board) = match c {
            Cond::True => return,
            Cond::And(parts) => {
                for p in parts {
                    self.split_cond(p, to, between, rest);
                }
                return;
            }
            Cond::Empty(x) => (x, quote!(ALL.minus(s.occupied))),
            Cond::Occupied(x) => (x, quote!(s.occupied)),
            Cond::Not(inner) => match &**inner {
                Cond::Empty(x) => (x, quote!(s.occupied)),
                Cond::Occupied(x) => (x, quote!(ALL.minus(s.occupied))),
                _ => {
                    rest.push(c.clone());
                    return;
                }
            },
            Cond::Enemy(IntExpr::Who(x)) => (x, enemy),
            Cond::Friend(IntExpr::Who(x)) => (x, quote!(s.owned[mover as usize])),
            _ => {
                rest.push(c.clone());
                return;
            }
        };
        match site {
            SiteExpr::To => to.push(board),
            SiteExpr::Between => between.push(board),
            _ => rest.push(c.clone()),
        }
    }

    /// The per-site test of the conditions no bitboard took.
    fn rest_test(&mut self, rest: Vec<Cond>, between: bool) -> TokenStream {
        if rest.is_empty() {
            return quote!(true);
        }
        self.test_at_to(Some(&Cond::And(rest)), between)
    }

    /// The steps (`hop` false) or single hops over one site (`hop` true)
    /// of every piece in `pieces` at once: for each group of radials, the
    /// pieces shifted by the group's differences, each shift intersected
    /// with where the conditions allow `(between)` (`over`), then `(to)`
    /// (`landing`); the rest of the conditions tested per destination.
    fn reach_set(
        &mut self,
        pm: &PieceMove,
        between_if: Option<&Cond>,
        hop: bool,
        pieces: TokenStream,
        emit: Emit,
    ) -> Option<TokenStream> {
        let (mut to, mut between, mut rest) = (Vec::new(), Vec::new(), Vec::new());
        for c in between_if.into_iter().chain(&pm.to_if) {
            self.split_cond(c, &mut to, &mut between, &mut rest);
        }
        if !hop && !between.is_empty() {
            return None;
        }
        let steps = if hop { 2 } else { 1 };
        let groups: Option<Vec<_>> = pm
            .directions
            .iter()
            .map(|&d| self.radial_groups(d, steps))
            .collect();
        let groups = groups?;
        if groups.iter().map(Vec::len).sum::<usize>() > MAX_GROUPS {
            return None;
        }
        let test = self.rest_test(rest, hop);
        let rule = self.rule_lit(pm.rule);
        let (landing, over) = (conjunction(&to), conjunction(&between));
        let mut parts = Vec::new();
        for (k, groups) in groups.iter().enumerate() {
            let kk = Literal::u8_unsuffixed(k as u8);
            let mv = emit(quote!(Move::Piece { rule: #rule, from, to, dir: #kk }));
            for (deltas, sites) in groups {
                let mask = self.tables.bits(sites.iter().copied());
                // Shifted step by step; the sites passed found back from `to`.
                let shifts = deltas.iter().enumerate().map(|(i, &d)| {
                    let d = Literal::i32_unsuffixed(d);
                    let allowed = if i + 1 == steps {
                        quote!(landing)
                    } else {
                        quote!(over)
                    };
                    quote!(.shifted(#d).and(#allowed))
                });
                let passed = if hop {
                    let between = back(quote!(to), deltas[1]);
                    let from = back(quote!(between), deltas[0]);
                    quote!(let between = #between; let from = #from;)
                } else {
                    let from = back(quote!(to), deltas[0]);
                    quote!(let from = #from;)
                };
                parts.push(quote! {
                    for to in pieces.and(#mask)#(#shifts)*.iter() {
                        let to = to as u16;
                        #passed
                        if #test { #mv }
                    }
                });
            }
        }
        let over = hop.then(|| quote!(let over = #over;));
        Some(quote! {
            let pieces = #pieces;
            #over
            let landing = #landing;
            #(#parts)*
        })
    }
}

/// The intersection of `boards` (every site when there is none).
fn conjunction(boards: &[TokenStream]) -> TokenStream {
    match boards.split_first() {
        None => quote!(ALL),
        Some((first, rest)) => quote!(#first #(.and(#rest))*),
    }
}

/// The site `delta` places before `site` (a `u16` variable).
fn back(site: TokenStream, delta: i32) -> TokenStream {
    let d = Literal::u16_unsuffixed(delta.unsigned_abs() as u16);
    if delta >= 0 {
        quote!(#site - #d)
    } else {
        quote!(#site + #d)
    }
}

impl Gen<'_> {
    /// A slide whose `(between if:C)` holds on a set of sites a bitboard
    /// gives (`analyse::counted::is_masked_slide`): each ray's mask up to
    /// its first site outside that set, as the plain slide's masks go up
    /// to the first occupied site. `None` where the slide is walked.
    pub(super) fn masked_slide(&mut self, m: &PieceMove, emit: Emit) -> Option<TokenStream> {
        let rule = self.rule_lit(m.rule);
        let mut parts = Vec::new();
        let mut blockers = quote!();
        for (k, &d) in m.directions.iter().enumerate() {
            let (reach, blocked) = self.masked_slide_reach(m, d)?;
            blockers = blocked;
            let k = Literal::u8_unsuffixed(k as u8);
            let mv = emit(quote!(Move::Piece { rule: #rule, from, to, dir: #k }));
            parts.push(quote! {
                for to in Self::#reach(blockers, from).iter() {
                    let to = to as u16;
                    #mv
                }
            });
        }
        Some(quote! {
            let blockers = #blockers;
            #(#parts)*
        })
    }

    /// The masked slide `m` along `d`'s radials: its reach function
    /// (`fn(blockers, from) -> Board`) and the bitboard of the sites that
    /// stop it (an expression), `None` when it is not one.
    pub(super) fn masked_slide_reach(
        &mut self,
        m: &PieceMove,
        d: AbsoluteDirection,
    ) -> Option<(proc_macro2::Ident, TokenStream)> {
        let Reach::Slide {
            between_if: Some(c),
            ..
        } = &m.reach
        else {
            return None;
        };
        if !crate::analyse::counted::is_masked_slide(m) || !self.analysis.slide_masks {
            return None;
        }
        let reach = self.blocked_slide_reach(d)?;
        let mut passable = Vec::new();
        self.passable(c, &mut passable);
        let passable = conjunction(&passable);
        Some((reach, quote!(ALL.minus(#passable))))
    }

    /// The bitboards whose intersection is where `c` (accepted by
    /// `analyse::counted::bitboard_between`) holds at `(between)`.
    fn passable(&mut self, c: &Cond, out: &mut Vec<TokenStream>) {
        match c {
            Cond::And(parts) => parts.iter().for_each(|p| self.passable(p, out)),
            Cond::Empty(SiteExpr::Between) => out.push(quote!(ALL.minus(s.occupied))),
            Cond::In(SiteExpr::Between, r) => {
                let r = self.region(r);
                out.push(r);
            }
            Cond::Compare(op, a, b) => {
                let site = crate::analyse::counted::fixed_site_of_between(a, b)
                    .expect("a comparison of (between) with a fixed site");
                // A site of the board, or none (-1 and beyond: never equal).
                let one = if (0..self.model.board.num_sites() as i64).contains(&site) {
                    self.tables.bits([site as u16])
                } else {
                    quote!(Board::EMPTY)
                };
                out.push(match op {
                    Comparison::Eq => one,
                    _ => quote!(ALL.minus(#one)),
                });
            }
            Cond::Not(inner) => match &**inner {
                Cond::In(SiteExpr::Between, r) => {
                    let r = self.region(r);
                    out.push(quote!(ALL.minus(#r)));
                }
                _ => out.push(quote!(ALL.minus(s.occupied))),
            },
            _ => {}
        }
    }

    /// `fn slide_reach_blocked_<dir>(blockers, from) -> Board`: the sites
    /// a slide along `dir`'s radials reaches from `from`, each ray up to
    /// its first site of `blockers`.
    fn blocked_slide_reach(&mut self, dir: AbsoluteDirection) -> Option<proc_macro2::Ident> {
        let (up, down) = self.tables.slide_masks(dir)?;
        let name = quote::format_ident!("slide_reach_blocked_{}", dir.name().to_lowercase());
        if self.helper_names.insert(name.to_string()) {
            let doc = format!(
                " The sites a slide along `{}` radials reaches from `from`: each ray up to its first site of `blockers`.",
                dir.name()
            );
            self.helpers.push(quote! {
                #[doc = #doc]
                #[inline(always)]
                fn #name(blockers: Board, from: u16) -> Board {
                    let mut reach = Board::EMPTY;
                    for ray in &#up[from as usize] {
                        reach = reach.or(ray.below_first(ray.and(blockers)));
                    }
                    for ray in &#down[from as usize] {
                        reach = reach.or(ray.above_last(ray.and(blockers)));
                    }
                    reach
                }
            });
        }
        Some(name)
    }
}

#[cfg(test)]
mod tests {
    use super::super::merged::tests::generated;

    /// Konane's jumps: every piece's hops over an enemy onto an empty
    /// site at once, two shifts per direction of the square board.
    #[test]
    fn hops_of_every_piece_are_shifted_bitboards() {
        let code = generated(
            r#"(game "Hoppers" (players 2)
      (equipment { (board (square 6))
        (piece "Marker" Each (move Hop Orthogonal
          (between if:(is Enemy (who at:(between))) (apply (remove (between))))
          (to if:(is Empty (to))))) })
      (rules (start { (place "Marker1" (sites Phase 0)) (place "Marker2" (sites Phase 1)) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))"#,
        );
        assert!(code.contains(".shifted(6)"), "{code}");
        assert!(code.contains(".shifted(-1)"), "{code}");
        // Each player's kind is shifted only on its owner's turn.
        assert!(code.contains("if mover == 1 {"), "{code}");
        assert!(code.contains("if mover == 2 {"), "{code}");
    }

    /// A slide that may not pass the centre reaches each ray's sites up to
    /// the first occupied site or the centre.
    #[test]
    fn slides_stop_before_a_fixed_region() {
        let code = generated(
            r#"(game "Sliders" (players 2)
      (equipment { (board (square 5))
        (piece "Marker" Each (move Slide Orthogonal
          (between if:(and (not (is In (between) (sites Centre))) (is Empty (between)))))) })
      (rules (start { (place "Marker1" (sites Bottom)) (place "Marker2" (sites Top)) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))"#,
        );
        assert!(code.contains("slide_reach_blocked_orthogonal"), "{code}");
    }
}
