//! Slides and shots as bitboards (see `analyse::slides`), and the counted
//! draw (see `analyse::counted`): a playout counts the moves with
//! population counts, draws one index and walks to that move.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use crate::analyse::counted::{from_one_site, is_counted_slide, is_plain_slide, piece_sets};
use crate::analyse::target_sets::{Group, SiteSet};
use crate::board::AbsoluteDirection;
use crate::ir::Moves;

use super::sets::{piece_set, site_set};
use super::Gen;

/// The code that counts one generator's moves and the code that picks one.
struct Counted {
    /// Adds the number of moves to `total`.
    count: TokenStream,
    /// Returns the move numbered `index`, or takes the moves' number off
    /// `index` and falls through.
    pick: TokenStream,
}

impl Counted {
    /// One set of destinations: `reach` is a `Board`, `mv` a move to `to`.
    fn reach(reach: &TokenStream, mv: &TokenStream) -> Counted {
        Counted {
            count: quote!(total += #reach.count();),
            pick: quote! {
                let reach = #reach;
                let n = reach.count();
                if index < n {
                    let to = reach.nth(index) as u16;
                    return #mv;
                }
                index -= n;
            },
        }
    }

    fn join(parts: Vec<Counted>) -> Counted {
        let (count, pick): (Vec<_>, Vec<_>) = parts.into_iter().map(|c| (c.count, c.pick)).unzip();
        Counted {
            count: quote!(#(#count)*),
            pick: quote!(#(#pick)*),
        }
    }
}

impl Gen<'_> {
    /// `fn slide_reach_<dir>(s, from) -> Board`: the sites a plain slide
    /// reaches from `from` along `dir`'s radials. `None` when slides are
    /// walked (the option is off, or the board's rays do not allow masks).
    pub(super) fn slide_reach(&mut self, dir: AbsoluteDirection) -> Option<Ident> {
        if !self.analysis.slide_masks {
            return None;
        }
        let (up, down) = self.tables.slide_masks(dir)?;
        let name = format_ident!("slide_reach_{}", dir.name().to_lowercase());
        if self.helper_names.insert(name.to_string()) {
            let doc = format!(
                " The empty sites a slide along `{}` radials reaches from `from`: each ray up to its first occupied site.",
                dir.name()
            );
            self.helpers.push(quote! {
                #[doc = #doc]
                #[inline(always)]
                fn #name(s: &State, from: u16) -> Board {
                    let mut reach = Board::EMPTY;
                    for ray in &#up[from as usize] {
                        reach = reach.or(ray.below_first(ray.and(s.occupied)));
                    }
                    for ray in &#down[from as usize] {
                        reach = reach.or(ray.above_last(ray.and(s.occupied)));
                    }
                    reach
                }
            });
        }
        Some(name)
    }

    /// `fn draw_move`, when every move of the play rules can be counted
    /// (see `analyse::counted`).
    pub(super) fn counted_draw(&mut self) -> TokenStream {
        let play = &self.model.phases[0].play;
        let draw = self
            .drawn(play)
            .expect("the analysis proved every move countable");
        // The allowed sites of the target sets, computed once.
        let sets = std::mem::take(&mut self.drawn_sets)
            .into_iter()
            .map(|(code, name)| quote!(let #name = #code;));
        quote! {
            /// Draws the playout's next move uniformly without listing the
            /// moves: counts them (the sites each slide, shot or set of
            /// steps and hops reaches, as bitboards), draws an index and
            /// walks to that move; the forced pass when there is none.
            #[inline(always)]
            #[allow(unused_variables, unused_mut, unused_assignments, clippy::manual_range_patterns)]
            fn draw_move<R: RngCore>(&self, s: &State, rng: &mut R) -> Move {
                let mover = s.mover;
                #(#sets)*
                #draw
                Move::Pass
            }
        }
    }

    /// Code that returns a move of `m` drawn uniformly, or falls through
    /// when `m` has none. `if` and `priority` choose their branch before
    /// counting: a priority's generators are drawn from in turn, the first
    /// with a move returning it.
    fn drawn(&mut self, m: &Moves) -> Option<TokenStream> {
        match m {
            Moves::Then(inner, _) => self.drawn(inner),
            Moves::If {
                condition,
                then,
                otherwise,
            } => {
                let c = self.cond(condition);
                let a = self.drawn(then)?;
                match otherwise {
                    Some(o) => {
                        let b = self.drawn(o)?;
                        Some(quote!(if #c { #a } else { #b }))
                    }
                    None => Some(quote!(if #c { #a })),
                }
            }
            Moves::Priority(list) => {
                let parts: Option<Vec<_>> = list.iter().map(|m| self.drawn(m)).collect();
                let parts = parts?;
                Some(quote!(#(#parts)*))
            }
            _ => {
                let Counted { count, pick } = self.counted(m)?;
                Some(quote! {
                    let mut total = 0u32;
                    #count
                    if total > 0 {
                        let mut index = rng.below(total as u64) as u32;
                        // The reaches are computed again rather than kept:
                        // keeping them needs room for every piece, and the
                        // walk stops at the drawn move, half-way on average.
                        #pick
                        unreachable!("the drawn index is below the number of moves");
                    }
                })
            }
        }
    }

    /// The count and pick code of `m`, or `None` when some move of it is
    /// not a bitboard reach.
    fn counted(&mut self, m: &Moves) -> Option<Counted> {
        match m {
            Moves::Then(inner, _) => self.counted(inner),
            Moves::Or(list) => {
                let parts: Option<Vec<_>> = list.iter().map(|m| self.counted(m)).collect();
                Some(Counted::join(parts?))
            }
            Moves::If {
                condition,
                then,
                otherwise,
            } => {
                let c = self.cond(condition);
                let a = self.counted(then)?;
                let b = match otherwise {
                    Some(o) => Some(self.counted(o)?),
                    None => None,
                };
                let (ac, ap) = (a.count, a.pick);
                Some(match b {
                    Some(Counted {
                        count: bc,
                        pick: bp,
                    }) => Counted {
                        count: quote!(if #c { #ac } else { #bc }),
                        pick: quote!(if #c { #ap } else { #bp }),
                    },
                    None => Counted {
                        count: quote!(if #c { #ac }),
                        pick: quote!(if #c { #ap }),
                    },
                })
            }
            Moves::Priority(list) => {
                // The moves of the first generator that has any: its count,
                // and its pick where the count says it has them.
                let parts: Option<Vec<_>> = list.iter().map(|m| self.counted(m)).collect();
                let mut parts = parts?.into_iter().rev();
                let last = parts.next()?;
                let (mut count, mut pick) = (last.count, last.pick);
                for Counted { count: c, pick: p } in parts {
                    count = quote!(#c if total == 0 { #count });
                    pick = quote! {{
                        let mut total = 0u32;
                        #c
                        if total > 0 { #p } else { #pick }
                    }};
                }
                Some(Counted {
                    count: quote!(total += { let mut total = 0u32; #count total };),
                    pick,
                })
            }
            Moves::ForEachPiece(rules) => {
                let saved = (self.scope, self.component);
                self.scope.from = true;
                let mut arms = Vec::new();
                // Steps, leaps and hops of all the pieces of a kind at once.
                let mut at_once = Vec::new();
                for c in 0..self.model.components.len() {
                    let mine: Vec<_> = rules.iter().filter(|r| r.component == c).collect();
                    if mine.is_empty() {
                        continue;
                    }
                    self.component = Some(c);
                    let mut per_piece = Vec::new();
                    let mut sets = Vec::new();
                    let split = mine.iter().try_for_each(|r| {
                        self.split_counted(c, &r.moves, &mut sets, &mut per_piece)
                    });
                    if split.is_none() {
                        (self.scope, self.component) = saved;
                        return None;
                    }
                    if !sets.is_empty() {
                        // Only the owner's pieces of a kind move.
                        let owner = Literal::u8_unsuffixed(self.model.components[c].owner);
                        let Counted { count, pick } = Counted::join(sets);
                        at_once.push(Counted {
                            count: quote!(if mover == #owner { #count }),
                            pick: quote!(if mover == #owner { #pick }),
                        });
                    }
                    if !per_piece.is_empty() {
                        arms.push((
                            Literal::u8_unsuffixed(c as u8 + 1),
                            Counted::join(per_piece),
                        ));
                    }
                }
                (self.scope, self.component) = saved;
                let Counted {
                    count: set_count,
                    pick: set_pick,
                } = Counted::join(at_once);
                if arms.is_empty() {
                    return Some(Counted {
                        count: set_count,
                        pick: set_pick,
                    });
                }
                let each = |code: Vec<TokenStream>| {
                    let arms = arms
                        .iter()
                        .zip(code)
                        .map(|((w, _), code)| quote!(#w => { #code }));
                    quote! {
                        for from in s.owned[mover as usize].iter() {
                            let from = from as u16;
                            match s.what[from as usize] {
                                #(#arms)*
                                _ => {}
                            }
                        }
                    }
                };
                let count = each(arms.iter().map(|(_, c)| c.count.clone()).collect());
                let pick = each(arms.iter().map(|(_, c)| c.pick.clone()).collect());
                Some(Counted {
                    count: quote!(#set_count #count),
                    pick: quote!(#set_pick #pick),
                })
            }
            Moves::Move(pm) if !self.scope.from && from_one_site(pm) => {
                // One piece's few moves: listed to count, listed to pick.
                let count = self.moves(m, &|_| quote!(total += 1;));
                let pick = self.moves(m, &|mv| {
                    quote! {
                        if index == 0 {
                            return #mv;
                        }
                        index -= 1;
                    }
                });
                Some(Counted { count, pick })
            }
            Moves::Move(pm) if pm.from.is_none() && self.scope.from && is_plain_slide(pm) => {
                let rule = self.rule_lit(pm.rule);
                let parts: Option<Vec<_>> = pm
                    .directions
                    .iter()
                    .enumerate()
                    .map(|(k, &d)| {
                        let reach = self.slide_reach(d)?;
                        let dir = Literal::u8_unsuffixed(k as u8);
                        Some(Counted::reach(
                            &quote!(Self::#reach(s, from)),
                            &quote!(Move::Piece { rule: #rule, from, to, dir: #dir }),
                        ))
                    })
                    .collect();
                Some(Counted::join(parts?))
            }
            Moves::Move(pm) if pm.from.is_none() && self.scope.from => {
                // A slide over the sites bitboards give (`between if:`).
                let rule = self.rule_lit(pm.rule);
                let parts: Option<Vec<_>> = pm
                    .directions
                    .iter()
                    .enumerate()
                    .map(|(k, &d)| {
                        let (reach, blockers) = self.masked_slide_reach(pm, d)?;
                        let dir = Literal::u8_unsuffixed(k as u8);
                        Some(Counted::reach(
                            &quote!(Self::#reach(#blockers, from)),
                            &quote!(Move::Piece { rule: #rule, from, to, dir: #dir }),
                        ))
                    })
                    .collect();
                Some(Counted::join(parts?))
            }
            Moves::Shoot(shoot) => {
                let what = Literal::u8_unsuffixed(shoot.component as u8 + 1);
                let rule = self.rule_lit(shoot.rule);
                let parts: Option<Vec<_>> = shoot
                    .directions
                    .iter()
                    .map(|&d| {
                        let reach = self.slide_reach(d)?;
                        Some(Counted::reach(
                            &quote!(Self::#reach(s, from)),
                            &quote!(Move::Add { site: to, what: #what, rule: #rule }),
                        ))
                    })
                    .collect();
                let Counted { count, pick } = Counted::join(parts?);
                Some(Counted {
                    count: quote!(let from = s.last_to; if from != NO_SITE { #count }),
                    pick: quote!(let from = s.last_to; if from != NO_SITE { #pick }),
                })
            }
            _ => None,
        }
    }

    /// Sorts the countable moves of `component`'s rule `moves`: target
    /// sets of all its pieces at once to `sets`, slides to `per_piece`
    /// (counted for the piece at `from`); `None` when some move is neither.
    fn split_counted(
        &mut self,
        component: usize,
        moves: &Moves,
        sets: &mut Vec<Counted>,
        per_piece: &mut Vec<Counted>,
    ) -> Option<()> {
        match moves {
            Moves::Then(inner, _) => self.split_counted(component, inner, sets, per_piece),
            Moves::Or(list) => list
                .iter()
                .try_for_each(|m| self.split_counted(component, m, sets, per_piece)),
            Moves::Move(pm) if is_counted_slide(self.model, pm) => {
                per_piece.push(self.counted(moves)?);
                Some(())
            }
            Moves::Move(pm) => {
                let groups = piece_sets(self.model, &self.analysis.features, component, pm)?;
                sets.extend(groups.iter().map(|g| self.group_counted(g)));
                Some(())
            }
            _ => {
                per_piece.push(self.counted(moves)?);
                Some(())
            }
        }
    }

    /// One target set's count and pick: the pieces that may make the move,
    /// shifted leg by leg and masked by the sites each leg may end on.
    fn group_counted(&mut self, g: &Group) -> Counted {
        let froms = self.tables.bits(g.froms.iter().copied());
        let pieces = piece_set(g.pieces);
        let legs: Vec<_> = g
            .legs
            .iter()
            .map(|(delta, allowed)| {
                let allowed = self.drawn_set(allowed);
                let delta = Literal::i32_unsuffixed(*delta);
                quote!(.shifted(#delta).and(#allowed))
            })
            .collect();
        let reach = quote!(#pieces.and(#froms)#(#legs)*);
        let (rule, dir) = (self.rule_lit(g.rule), Literal::u8_unsuffixed(g.dir));
        let back = Literal::u16_unsuffixed(g.delta.unsigned_abs() as u16);
        let from = if g.delta >= 0 {
            quote!(to - #back)
        } else {
            quote!(to + #back)
        };
        Counted::reach(
            &reach,
            &quote!(Move::Piece { rule: #rule, from: #from, to, dir: #dir }),
        )
    }

    /// The name of a set of allowed sites in the counted draw (`ALL` for
    /// every site).
    fn drawn_set(&mut self, set: &SiteSet) -> TokenStream {
        if *set == SiteSet::All {
            return quote!(ALL);
        }
        let code = site_set(set);
        let text = code.to_string();
        if let Some((_, name)) = self.drawn_sets.iter().find(|(c, _)| c.to_string() == text) {
            return quote!(#name);
        }
        let name = match set {
            SiteSet::Empty => format_ident!("empty"),
            SiteSet::Occupied => format_ident!("occupied"),
            SiteSet::Enemy => format_ident!("enemy"),
            SiteSet::Friend => format_ident!("friend"),
            _ => format_ident!("allowed_{}", self.drawn_sets.len()),
        };
        self.drawn_sets.push((code, name.clone()));
        quote!(#name)
    }
}

#[cfg(test)]
mod tests {
    use super::super::inline_games::generate_inline;

    /// English Draughts' shape on a small board: the rest of a capture
    /// chain from the last site, else the captures if any, else the steps.
    const FORCED_CAPTURE: &str = "(game \"G\" (players {(player N) (player S)})\n\
        (equipment {(board (square 6)) (piece \"Man\" Each)})\n\
        (rules (start {(place \"Man1\" (sites Bottom)) (place \"Man2\" (sites Top))})\n\
        (play (if (is Prev Mover)\n\
          (move Hop (from (last To)) (directions {FR FL})\n\
            (between if:(is Enemy (who at:(between))) (apply (remove (between))))\n\
            (to if:(is Empty (to))))\n\
          (priority {\n\
            (forEach Piece (move Hop (directions {FR FL})\n\
              (between if:(is Enemy (who at:(between))) (apply (remove (between))))\n\
              (to if:(is Empty (to)))) (then (moveAgain)))\n\
            (forEach Piece (move Step (directions {FR FL}) (to if:(is Empty (to)))))})))\n\
        (end (if (no Moves Next) (result Mover Win)))))";

    #[test]
    fn a_priority_is_drawn_generator_by_generator_without_a_move_list() {
        let code = generate_inline(FORCED_CAPTURE).expect("compiles");
        let start = code.find("fn draw_move").expect("a counted draw");
        let draw = &code[start..];
        let draw = &draw[..draw.find("\n    }\n").expect("the function's end")];
        assert!(!draw.contains("out.push"), "no move list:\n{draw}");
        // One draw for the chain, one for the captures, one for the steps.
        assert_eq!(draw.matches("rng.below").count(), 3, "{draw}");
        // The captures are sets of all the men at once, drawn before the
        // steps are counted; the chain's few hops are listed one by one.
        let (captures, steps) = (draw.find(".and(enemy)"), draw.rfind(".and(empty)"));
        assert!(captures.is_some() && captures < steps, "{draw}");
        assert!(draw.contains("index -= 1;"), "{draw}");
    }
}
