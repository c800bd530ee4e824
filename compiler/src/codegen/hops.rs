//! Hops beyond a single hurdle next to the piece (Ludii's `Hop` with
//! `(between before:N after:N (range A B))`, the flying kings of the
//! draughts family): the walk along each radial that finds where a hop
//! lands and which sites it jumps, written once for listing the moves and
//! again for applying one (the jumped sites are found anew, as the
//! interpreter's `interp/hop.rs` does).

use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

use crate::board::AbsoluteDirection;
use crate::ir::{IntExpr, PieceMove, Reach};

use super::Gen;

/// Whether `reach` is a hop the plain code (one run of hurdles next to the
/// piece, landing just past it) does not cover.
pub(super) fn is_long_hop(reach: &Reach) -> bool {
    let zero = |n: &IntExpr| matches!(n, IntExpr::Const(0));
    matches!(reach, Reach::Hop { most, before, after, stop_if, .. }
        if most.is_some() || !zero(before) || !zero(after) || stop_if.is_some())
}

impl Gen<'_> {
    /// `let min_len, max_len, before, after` of a long hop, read on `s`.
    fn hop_bounds(&mut self, m: &PieceMove) -> TokenStream {
        let Reach::Hop {
            distance,
            most,
            before,
            after,
            ..
        } = &m.reach
        else {
            unreachable!("a hop");
        };
        let min_len = self.int(distance);
        let max_len = match most {
            Some(n) => self.int(n),
            None => quote!(min_len),
        };
        let (before, after) = (self.int(before), self.int(after));
        quote! {
            let min_len: i64 = #min_len;
            let max_len: i64 = #max_len;
            let before: i64 = #before;
            let after: i64 = #after;
        }
    }

    /// The walk of a long hop from `from` along `d`'s radials (Ludii's
    /// `Hop.eval`): past up to `before` sites passing the `to` test, over
    /// the first run of sites passing the `between` test (`min_len` to
    /// `max_len` of them), onto the next site and up to `after` more while
    /// the `to` test holds. At each landing `on_landing` runs with `ray`,
    /// `to` and the jumped sites `ray[first..cut]` bound (none for a stop
    /// rule's landing).
    fn hop_walk(
        &mut self,
        m: &PieceMove,
        d: AbsoluteDirection,
        on_landing: &TokenStream,
    ) -> TokenStream {
        let Reach::Hop {
            between_if,
            stop_if,
            ..
        } = &m.reach
        else {
            unreachable!("a hop");
        };
        let radials: Ident = self.tables.radials(d);
        // Ludii keeps `(to)` as last set while it walks: the site before
        // the hurdle (none before the first).
        let saved = self.scope;
        self.scope.to = true;
        self.scope.to_maybe = true;
        self.scope.between = true;
        let over = between_if.as_ref().map_or(quote!(true), |c| self.cond(c));
        self.scope = saved;
        let landing = self.test_at_to(m.to_if.as_ref(), false);
        // Ludii's stop rule (`(to ... (apply if:S ...))`): past the hurdle
        // the piece lands only on the first site failing the `to` test,
        // where S holds, and jumps nothing then (`cut` at `first`).
        let (stop, plain) = match stop_if {
            Some(c) => {
                let stop = self.test_at_to(Some(c), false);
                let stop = quote! {
                    if #stop {
                        let cut = first;
                        #on_landing
                    }
                };
                (stop, quote!())
            }
            None => (quote!(), on_landing.clone()),
        };
        quote! {
            for ray in &#radials[from as usize] {
                let len = ray.iter().position(|&x| x == NO_SITE).unwrap_or(ray.len());
                let ray = &ray[..len];
                for first in 0..len {
                    let to = if first > 0 { ray[first - 1] } else { NO_SITE };
                    let between = ray[first];
                    if #over {
                        let mut end = first + 1;
                        let mut wrong = false;
                        while end < len && ((end - first) as i64) < max_len {
                            let between = ray[end];
                            if !(#over) {
                                wrong = true;
                                break;
                            }
                            end += 1;
                        }
                        let count = (end - first) as i64;
                        if count < min_len || (wrong && count == max_len) {
                            break;
                        }
                        for short in (0..=count - min_len).rev() {
                            let cut = end - short as usize;
                            let mut land = cut;
                            while land < len {
                                let to = ray[land];
                                if !(#landing) {
                                    #stop
                                    break;
                                }
                                #plain
                                if land as i64 - end as i64 + 1 > after - short {
                                    break;
                                }
                                land += 1;
                            }
                        }
                        break;
                    }
                    let to = ray[first];
                    if first as i64 + 1 > before || !(#landing) {
                        break;
                    }
                }
            }
        }
    }

    /// The moves of a long hop from `from` (in scope); `emit_dir(k)` gives
    /// the move in the `k`th direction.
    pub(super) fn long_hop_moves(
        &mut self,
        m: &PieceMove,
        emit_dir: &dyn Fn(usize) -> TokenStream,
    ) -> TokenStream {
        let bounds = self.hop_bounds(m);
        let parts: Vec<_> = m
            .directions
            .iter()
            .enumerate()
            .map(|(k, &d)| {
                let mv = emit_dir(k);
                self.hop_walk(m, d, &mv)
            })
            .collect();
        let parts = self.by_direction(m, parts);
        quote! {{
            #bounds
            if max_len > 0 {
                #parts
            }
        }}
    }

    /// Applying a long hop's effects before the piece moves: the walk in
    /// the move's direction again, to the first landing on `to`; each
    /// jumped site's `(between (apply ...))`, the last site's first, then
    /// the landing's `(apply ...)` (with `(between)` the last site jumped
    /// when the hop has no range, as in Ludii).
    pub(super) fn long_hop_action(&mut self, m: &PieceMove) -> TokenStream {
        let Reach::Hop {
            most,
            between_apply,
            ..
        } = &m.reach
        else {
            unreachable!("a hop");
        };
        let bounds = self.hop_bounds(m);
        let found = quote! {
            if to == target {
                break 'search Some((ray, first, cut));
            }
        };
        let arms: Vec<_> = m
            .directions
            .clone()
            .iter()
            .enumerate()
            .map(|(k, &d)| {
                let k = Literal::u8_unsuffixed(k as u8);
                let walk = self.hop_walk(m, d, &found);
                quote!(#k => { #walk })
            })
            .collect();
        let saved = self.scope;
        self.scope.between = true;
        let hurdles = between_apply.as_ref().map(|e| self.effect(e));
        let landing = match (&m.to_apply, most) {
            (Some(e), None) => Some(self.effect(e)),
            _ => None,
        };
        self.scope = saved;
        let plain_landing = match (&m.to_apply, most) {
            (Some(e), Some(_)) => self.effect(e),
            _ => quote!(),
        };
        let hurdles = hurdles.map(|apply| {
            quote! {
                for &between in ray[first..cut].iter().rev() {
                    #apply
                }
            }
        });
        let landing = landing.map(|apply| {
            quote! {
                let between = if cut > first { ray[cut - 1] } else { NO_SITE };
                #apply
            }
        });
        quote! {
            let target = to;
            let jumped: Option<(&[u16], usize, usize)> = 'search: {
                #bounds
                if max_len > 0 {
                    match dir {
                        #(#arms)*
                        _ => {}
                    }
                }
                None
            };
            if let Some((ray, first, cut)) = jumped {
                #hurdles
                #landing
            }
            #plain_landing
        }
    }
}
