//! Moves as target sets. When every move of the play rules is a step or a
//! leap of a player's pieces, onto sites chosen by a test that
//! does not look at where the piece comes from (`(is Empty (to))`, `(is
//! Enemy (who at:(to)))`...), the moves of one direction are the player's
//! bitboard shifted by a constant difference of site numbers, masked by the
//! test's set: Breakthrough's forward steps are `pawns << 8 & empty`.
//!
//! A direction whose site difference varies over the board (rows of
//! different lengths on a hexagonal board) splits into one group per
//! difference, so the sets are exact on any board. Listing the moves walks
//! the sets; a playout picks one move with a single draw over the sets'
//! sizes, never listing them, and the distribution stays uniform over the
//! same moves (`tests/differential.rs` checks both).

use std::collections::BTreeMap;

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ir::{Cond, IntExpr, Moves, PieceMove, Reach, SiteExpr};

use super::Gen;

/// The moves of one rule and direction whose `to - from` is `delta`.
struct Group {
    rule: u16,
    dir: u8,
    delta: i32,
    /// The sites a piece can make this move from (the move stays on the board).
    froms: Vec<u16>,
    /// The bitboard of the pieces that move.
    pieces: TokenStream,
    /// Each leg of the move: its site difference and the sites it may end
    /// on (a hop's jumped site, then its landing; a step's destination).
    legs: Vec<(i32, TokenStream)>,
}

/// One player's moves as groups.
struct PlayerSets {
    player: u8,
    groups: Vec<Group>,
}

/// The code of the target sets.
pub(super) struct SetCode {
    /// The body of `generate`: every move, set by set.
    pub generate: TokenStream,
    /// The body of `any_moves`: whether some set is not empty.
    pub any: TokenStream,
    /// The set functions, their tables and `draw_move`.
    pub items: TokenStream,
}

/// Most groups a player may have before listing per piece is as good.
const MAX_GROUPS: usize = 64;

impl Gen<'_> {
    /// The target-set items (per-player set functions, group tables,
    /// `generate` and `draw_move`), or `None` when the play rules are not
    /// all steps and leaps the sets can express.
    pub(super) fn target_sets(&mut self) -> Option<SetCode> {
        let model = self.model;
        if model.swap
            || model.phases.len() != 1
            || super::support::has_pass_rule(&model.phases[0].play)
        {
            return None;
        }
        let Moves::ForEachPiece(rules) = &model.phases[0].play else {
            return None;
        };
        let mut players: Vec<PlayerSets> = Vec::new();
        for r in rules {
            let owner = model.components[r.component].owner;
            if owner == 0 {
                return None;
            }
            // The owner's bitboard when it holds this kind only, else the kind's own.
            let kinds = model.components.iter().filter(|c| c.owner == owner).count();
            let pieces = if kinds == 1 {
                let p = Literal::usize_unsuffixed(owner as usize);
                quote!(s.owned[#p])
            } else {
                let w = Literal::usize_unsuffixed(r.component + 1);
                quote!(s.kinds[#w])
            };
            let mut moves = Vec::new();
            flatten(&r.moves, &mut moves)?;
            let saved = (self.scope, self.component);
            self.component = Some(r.component);
            let groups: Option<Vec<Vec<Group>>> =
                moves.iter().map(|m| self.groups(m, &pieces)).collect();
            (self.scope, self.component) = saved;
            let groups = groups?;
            match players.iter_mut().find(|p| p.player == owner) {
                Some(p) => p.groups.extend(groups.into_iter().flatten()),
                None => players.push(PlayerSets {
                    player: owner,
                    groups: groups.into_iter().flatten().collect(),
                }),
            }
        }
        if players.is_empty() || players.iter().any(|p| p.groups.len() > MAX_GROUPS) {
            return None;
        }
        Some(self.emit_sets(&players))
    }

    /// The groups of one step, leap or one-site hop of the current component.
    fn groups(&mut self, m: &PieceMove, pieces: &TokenStream) -> Option<Vec<Group>> {
        if m.from.is_some() {
            return None;
        }
        let targets = match &m.to_if {
            Some(c) => self.site_set(c, &SiteExpr::To)?,
            None => quote!(ALL),
        };
        let n = self.model.board.num_sites();
        // Every (dir, from, over, to) the rule moves, from the same tables as
        // the per-piece generator; `over` is the jumped site of a hop.
        let mut moves: Vec<(u8, u16, Option<u16>, u16)> = Vec::new();
        let mut over_set = None;
        match &m.reach {
            Reach::Step => {
                for (k, &d) in m.directions.iter().enumerate() {
                    for from in 0..n {
                        for ray in self.model.board.radials(from, d) {
                            if let Some(&to) = ray.steps.get(1) {
                                moves.push((k as u8, from as u16, None, to));
                            }
                        }
                    }
                }
            }
            Reach::Leap { walks, forward } => {
                for (from, targets) in self.leap_lists(walks, *forward).into_iter().enumerate() {
                    moves.extend(targets.into_iter().map(|to| (0, from as u16, None, to)));
                }
            }
            Reach::Hop {
                distance: IntExpr::Const(1),
                between_if,
                ..
            } => {
                over_set = Some(match between_if {
                    Some(c) => self.site_set(c, &SiteExpr::Between)?,
                    None => quote!(ALL),
                });
                for (k, &d) in m.directions.iter().enumerate() {
                    for from in 0..n {
                        for ray in self.model.board.radials(from, d) {
                            if let (Some(&over), Some(&to)) = (ray.steps.get(1), ray.steps.get(2)) {
                                moves.push((k as u8, from as u16, Some(over), to));
                            }
                        }
                    }
                }
            }
            _ => return None,
        }
        // A move listed twice would be one bit in a set: keep listing per piece.
        let mut seen = std::collections::BTreeSet::new();
        if !moves
            .iter()
            .all(|&(k, from, _, to)| seen.insert((k, from, to)))
        {
            return None;
        }
        // Grouped by the site differences of each leg.
        let mut by_delta: BTreeMap<(u8, i32, Option<i32>), Vec<u16>> = BTreeMap::new();
        for (dir, from, over, to) in moves {
            let key = match over {
                None => (dir, to as i32 - from as i32, None),
                Some(o) => (dir, o as i32 - from as i32, Some(to as i32 - o as i32)),
            };
            by_delta.entry(key).or_default().push(from);
        }
        Some(
            by_delta
                .into_iter()
                .map(|((dir, first, second), froms)| Group {
                    rule: m.rule,
                    dir,
                    delta: first + second.unwrap_or(0),
                    legs: match (second, &over_set) {
                        (Some(d2), Some(over)) => {
                            vec![(first, over.clone()), (d2, targets.clone())]
                        }
                        _ => vec![(first, targets.clone())],
                    },
                    froms,
                    pieces: pieces.clone(),
                })
                .collect(),
        )
    }

    /// A destination test as the set of sites passing it, for the mover
    /// `mover`; `None` when the test needs more than the destination.
    fn site_set(&mut self, c: &Cond, at: &SiteExpr) -> Option<TokenStream> {
        let to = |x: &SiteExpr| x == at;
        Some(match c {
            Cond::True => quote!(ALL),
            Cond::False => quote!(Board::EMPTY),
            Cond::Empty(x) if to(x) => quote!(ALL.minus(s.occupied)),
            Cond::Occupied(x) if to(x) => quote!(s.occupied),
            Cond::Enemy(IntExpr::Who(x)) if to(x) => {
                quote!(s.occupied.minus(s.owned[0]).minus(s.owned[mover as usize]))
            }
            Cond::Friend(IntExpr::Who(x)) if to(x) => quote!(s.owned[mover as usize]),
            Cond::Not(inner) => {
                let inner = self.site_set(inner, at)?;
                quote!(ALL.minus(#inner))
            }
            Cond::And(list) => {
                let sets = list
                    .iter()
                    .map(|c| self.site_set(c, at))
                    .collect::<Option<Vec<_>>>()?;
                quote!(ALL #(.and(#sets))*)
            }
            Cond::Or(list) => {
                let sets = list
                    .iter()
                    .map(|c| self.site_set(c, at))
                    .collect::<Option<Vec<_>>>()?;
                quote!(Board::EMPTY #(.or(#sets))*)
            }
            _ => return None,
        })
    }

    /// Per player: `targets_pN` (the sets), `GROUPS_PN` (each set's rule,
    /// direction and site difference); then `generate` over the sets and
    /// `draw_move`.
    fn emit_sets(&mut self, players: &[PlayerSets]) -> SetCode {
        let mut items = Vec::new();
        let mut generate_arms = Vec::new();
        let mut pick_arms = Vec::new();
        let mut any_arms = Vec::new();
        for p in players {
            let fn_name = format_ident!("targets_p{}", p.player);
            let table = format_ident!("GROUPS_P{}", p.player);
            let player = Literal::u8_unsuffixed(p.player);
            let len = Literal::usize_unsuffixed(p.groups.len());
            // Each distinct destination set is computed once.
            let mut set_names: Vec<(String, proc_macro2::Ident)> = Vec::new();
            let mut lets = Vec::new();
            let mut sets = Vec::new();
            let mut rows = Vec::new();
            for g in &p.groups {
                let froms = self.tables.bits(g.froms.iter().copied());
                let pieces = &g.pieces;
                let mut set = quote!(#pieces.and(#froms));
                for (delta, allowed) in &g.legs {
                    // Each distinct allowed set is computed once.
                    let key = allowed.to_string();
                    let name = match set_names.iter().find(|(k, _)| *k == key) {
                        Some((_, id)) => id.clone(),
                        None => {
                            let id = format_ident!("allowed_{}", set_names.len());
                            lets.push(quote!(let #id = #allowed;));
                            set_names.push((key, id.clone()));
                            id
                        }
                    };
                    let delta = Literal::i32_unsuffixed(*delta);
                    set = quote!(#set.shifted(#delta).and(#name));
                }
                sets.push(set);
                let delta = Literal::i32_unsuffixed(g.delta);
                let (rule, dir) = (
                    Literal::u16_unsuffixed(g.rule),
                    Literal::u8_unsuffixed(g.dir),
                );
                rows.push(quote!((#delta, #rule, #dir)));
            }
            let doc = format!(
                " Player {}'s moves as destination sets, one per rule, direction and site difference (`GROUPS_P{}`).",
                p.player, p.player
            );
            let table_doc = format!(
                " For each set of `targets_p{}`: the site difference `to - from`, the rule and the direction.",
                p.player
            );
            items.push(quote! {
                #[doc = #table_doc]
                const #table: [(i32, u16, u8); #len] = [#(#rows),*];

                #[doc = #doc]
                #[inline(always)]
                #[allow(unused_variables)]
                fn #fn_name(s: &State) -> [Board; #len] {
                    let mover: u8 = #player;
                    #(#lets)*
                    [#(#sets),*]
                }
            });
            generate_arms.push(quote! {
                #player => {
                    for (set, &(delta, rule, dir)) in Self::#fn_name(s).iter().zip(&Self::#table) {
                        for to in set.iter() {
                            let from = (to as i32 - delta) as u16;
                            out.push(Move::Piece { rule, from, to: to as u16, dir });
                        }
                    }
                }
            });
            any_arms.push(quote! {
                #player => Self::#fn_name(s).iter().any(|set| !set.is_empty()),
            });
            pick_arms.push(quote! {
                #player => pick_in_sets(&Self::#fn_name(s), rng).map(|(g, to)| {
                    let (delta, rule, dir) = Self::#table[g];
                    let from = (to as i32 - delta) as u16;
                    Move::Piece { rule, from, to: to as u16, dir }
                }),
            });
        }
        let generate = quote! {
            match mover {
                #(#generate_arms)*
                _ => {}
            }
        };
        let draw_move = quote! {
            #(#items)*

            /// One legal move chosen uniformly at random, with one draw over
            /// the sizes of the target sets and no move list; the forced pass
            /// when there is none.
            #[inline(always)]
            fn draw_move<R: RngCore>(&self, s: &State, rng: &mut R) -> Move {
                let picked = match s.mover {
                    #(#pick_arms)*
                    _ => None,
                };
                picked.unwrap_or(Move::Pass)
            }
        };
        let any = quote! {
            match mover {
                #(#any_arms)*
                _ => false,
            }
        };
        SetCode {
            generate,
            any,
            items: draw_move,
        }
    }
}

/// The step, leap and hop moves of a component's rules; `None` for anything else.
fn flatten<'m>(m: &'m Moves, out: &mut Vec<&'m PieceMove>) -> Option<()> {
    match m {
        Moves::Move(pm)
            if matches!(
                pm.reach,
                Reach::Step | Reach::Leap { .. } | Reach::Hop { .. }
            ) =>
        {
            out.push(pm);
            Some(())
        }
        Moves::Or(list) => list.iter().try_for_each(|m| flatten(m, out)),
        Moves::Then(inner, _) => flatten(inner, out),
        _ => None,
    }
}
