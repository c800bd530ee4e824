//! Slides and shots as bitboards (see `analyse::slides`), and the counted
//! draw (see `analyse::counted`): a playout counts the moves with
//! population counts, draws one index and walks to that move.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use crate::analyse::counted::is_plain_slide;
use crate::board::AbsoluteDirection;
use crate::ir::Moves;

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

    /// `fn draw_move`, when every move of the play rules is a plain slide
    /// of a piece or a shot, under `if`, `or` and `then`.
    pub(super) fn counted_draw(&mut self) -> TokenStream {
        let play = &self.model.phases[0].play;
        let Counted { count, pick } = self
            .counted(play)
            .expect("the analysis proved every move a bitboard reach");
        quote! {
            /// Draws the playout's next move uniformly without listing the
            /// moves: counts them (the sites each slide or shot reaches, as
            /// bitboards), draws an index and walks to that move; the
            /// forced pass when there is none.
            #[inline(always)]
            #[allow(unused_variables, unused_mut, unused_assignments)]
            fn draw_move<R: RngCore>(&self, s: &State, rng: &mut R) -> Move {
                let mover = s.mover;
                let mut total = 0u32;
                #count
                if total == 0 {
                    return Move::Pass;
                }
                let mut index = rng.below(total as u64) as u32;
                // The reaches are computed again rather than kept: keeping
                // them needs room for every piece, and the walk stops at
                // the drawn move, half-way on average.
                #pick
                unreachable!("the drawn index is below the number of moves")
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
                    Some(o) => self.counted(o)?,
                    None => Counted::join(Vec::new()),
                };
                let (ac, bc, ap, bp) = (a.count, b.count, a.pick, b.pick);
                Some(Counted {
                    count: quote!(if #c { #ac } else { #bc }),
                    pick: quote!(if #c { #ap } else { #bp }),
                })
            }
            Moves::ForEachPiece(rules) => {
                let saved = (self.scope, self.component);
                self.scope.from = true;
                let mut arms = Vec::new();
                for c in 0..self.model.components.len() {
                    let mine: Vec<_> = rules.iter().filter(|r| r.component == c).collect();
                    if mine.is_empty() {
                        continue;
                    }
                    self.component = Some(c);
                    let parts: Option<Vec<_>> =
                        mine.iter().map(|r| self.counted(&r.moves)).collect();
                    let Some(parts) = parts else {
                        (self.scope, self.component) = saved;
                        return None;
                    };
                    arms.push((Literal::u8_unsuffixed(c as u8 + 1), Counted::join(parts)));
                }
                (self.scope, self.component) = saved;
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
                Some(Counted { count, pick })
            }
            Moves::Move(pm) if pm.from.is_none() && self.scope.from && is_plain_slide(pm) => {
                let rule = Literal::u16_unsuffixed(pm.rule);
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
                let rule = Literal::u16_unsuffixed(pm.rule);
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
                let rule = Literal::u16_unsuffixed(shoot.rule);
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
}
