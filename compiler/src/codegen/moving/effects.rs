//! Applying a move: a piece move's own actions in Ludii's order (effects on
//! the sites jumped, then on the destination, then the piece moves), then
//! the consequences of the rule and of the composites around it.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ir::{Effect, Moves, PieceMove, Reach};

use super::Gen;

/// A move rule of the play rules and the consequences its moves carry
/// (its own `then`, then those of the composites around it, innermost first).
pub(super) struct RuleApply<'m> {
    pub rule: u16,
    pub kind: RuleKind<'m>,
    pub thens: Vec<&'m Effect>,
}

pub(super) enum RuleKind<'m> {
    /// `(move Add ...)` or `(move Shoot ...)`: a placement.
    Place,
    Piece(&'m PieceMove),
}

/// Every move rule of `moves`, with the consequences around it.
pub(super) fn collect_rules<'m>(
    moves: &'m Moves,
    outer: &[&'m Effect],
    out: &mut Vec<RuleApply<'m>>,
) {
    let thens = |own: &'m Option<Effect>| -> Vec<&'m Effect> {
        own.iter().chain(outer.iter().rev().copied()).collect()
    };
    match moves {
        Moves::Add(add) => out.push(RuleApply {
            rule: add.rule,
            kind: RuleKind::Place,
            thens: thens(&add.then),
        }),
        Moves::Shoot(shoot) => out.push(RuleApply {
            rule: shoot.rule,
            kind: RuleKind::Place,
            thens: thens(&shoot.then),
        }),
        Moves::Move(m) => out.push(RuleApply {
            rule: m.rule,
            kind: RuleKind::Piece(m),
            thens: thens(&m.then),
        }),
        Moves::Pass { .. } => {}
        Moves::ForEachPiece(rules) => {
            for r in rules {
                collect_rules(&r.moves, outer, out);
            }
        }
        Moves::If {
            then, otherwise, ..
        } => {
            collect_rules(then, outer, out);
            if let Some(o) = otherwise {
                collect_rules(o, outer, out);
            }
        }
        Moves::Priority(list) | Moves::Or(list) => {
            list.iter().for_each(|m| collect_rules(m, outer, out));
        }
        Moves::Then(inner, effect) => {
            let mut nested = outer.to_vec();
            nested.push(effect);
            collect_rules(inner, &nested, out);
        }
        Moves::ForEachSite { .. } | Moves::Append { .. } => {
            unreachable!("refused by the moving-piece blocker")
        }
    }
}

impl Gen<'_> {
    /// Statements running a consequence; `again = true` for `(moveAgain)`.
    pub(super) fn effect(&mut self, e: &Effect) -> TokenStream {
        match e {
            Effect::MoveAgain => quote!(again = true;),
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                let c = self.cond(condition);
                let a = self.effect(then);
                match otherwise {
                    Some(o) => {
                        let b = self.effect(o);
                        quote!(if #c { #a } else { #b })
                    }
                    None => quote!(if #c { #a }),
                }
            }
            Effect::Seq(list) => {
                let parts: Vec<_> = list.iter().map(|e| self.effect(e)).collect();
                quote!(#(#parts)*)
            }
            Effect::Remove(x) => self.at_defined_site(x, |x| quote!(Self::clear(s, #x);)),
            Effect::AddPiece {
                piece,
                to,
                site_type,
                state: None,
            } if *site_type == self.model.board.site_type => {
                let what = self.piece_what(piece);
                self.at_defined_site(to, |x| quote!(Self::put(s, #x, #what);))
            }
            Effect::Trigger { who, .. } => {
                let p = self.player(*who);
                quote!(s.triggers |= 1 << #p;)
            }
            _ => unreachable!("refused by the moving-piece blocker"),
        }
    }

    /// The statements applying move rule `r` to `s`, with `from`, `to`
    /// (and `dir` for piece moves) bound, then its consequences.
    pub(super) fn apply_rule(&mut self, r: &RuleApply) -> TokenStream {
        let saved = self.scope;
        self.scope.from = true;
        self.scope.to = true;
        let action = match r.kind {
            RuleKind::Place => quote! {
                Self::put(s, to, what);
                s.last_to = to;
                s.last_from = to;
            },
            RuleKind::Piece(m) => self.piece_action(m),
        };
        let thens: Vec<_> = r.thens.iter().map(|e| self.effect(e)).collect();
        self.scope = saved;
        quote! {
            #action
            s.recent.push(mover, false);
            s.moves += 1;
            #(#thens)*
        }
    }

    /// A piece move's own actions: hurdle effects (the last hurdle's first),
    /// the destination's `(apply ...)`, then the piece moves, replacing
    /// whatever stands on `to`.
    fn piece_action(&mut self, m: &PieceMove) -> TokenStream {
        let to_apply = m.to_apply.as_ref().map_or(quote!(), |e| self.effect(e));
        let hop = match &m.reach {
            Reach::Hop {
                distance,
                between_apply,
                ..
            } => {
                let n = self.int(distance);
                let hurdles = match between_apply {
                    Some(apply) => {
                        let saved = self.scope;
                        self.scope.between = true;
                        let apply = self.effect(apply);
                        self.scope = saved;
                        let arms = m.directions.iter().enumerate().map(|(k, &d)| {
                            let k = Literal::u8_unsuffixed(k as u8);
                            let radials = self.tables.radials(d);
                            quote!(#k => &#radials[from as usize][..],)
                        });
                        let arms: Vec<_> = arms.collect();
                        quote! {
                            let radials: &[_] = match dir { #(#arms)* _ => &[] };
                            if let Some(ray) = radials.iter().find(|ray| ray.get(n) == Some(&to)) {
                                for &between in ray[..n].iter().rev() {
                                    #apply
                                }
                            }
                        }
                    }
                    None => quote!(),
                };
                Some(quote! {
                    let n = #n;
                    // Ludii's step branch of Hop carries no landing effect.
                    if n > 0 {
                        let n = n as usize;
                        #hurdles
                        #to_apply
                    }
                })
            }
            _ => None,
        };
        let before = hop.unwrap_or(to_apply);
        quote! {
            #before
            Self::move_piece(s, from, to);
        }
    }
}
