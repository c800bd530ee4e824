//! Applying a move: a piece move's own actions in Ludii's order (effects on
//! the sites jumped, then on the destination, then the piece moves), then
//! the consequences of the rule and of the composites around it.

use proc_macro2::{Literal, TokenStream};
use quote::{quote, ToTokens};

use crate::ir::{Add, Cond, Effect, Moves, PieceMove, Reach};

use super::purpose::Purpose;
use super::Gen;

/// A move rule of the play rules and the consequences its moves carry
/// (its own `then`, then those of the composites around it, innermost first).
pub(super) struct RuleApply<'m> {
    pub rule: u16,
    pub kind: RuleKind<'m>,
    pub thens: Vec<&'m Effect>,
    /// How many of `thens` a `(do ...)`'s test applies: those inside the
    /// `do` (Ludii tests its condition before the `do`'s own consequences).
    pub tested: usize,
}

pub(super) enum RuleKind<'m> {
    /// `(move Add ...)`, or `(move Shoot ...)` (`None`): a placement.
    Place(Option<&'m Add>),
    Piece(&'m PieceMove),
    /// `(append EFFECT)`: the effect's actions merged into one move.
    Merged(&'m Effect),
    /// `(move Promote ...)`: the piece on the move's site replaced.
    Promote,
    /// `(move Remove ...)`: the piece on the move's site taken off.
    Remove,
    /// `(move Propose ...)` or `(move Vote ...)`: a move with no site.
    Decision(&'m Moves),
    /// `(move Select ...)`: nothing changes but the last move's sites.
    Select,
    /// `(move Pass)` whose rule carries consequences (its own `then`, or
    /// those of the composites around it): `Move::PassThen`.
    Pass,
    /// `(move Swap Pieces ...)`: the piece on `from` goes to `to`, and the
    /// piece that stood there to `from` (a `Move::Piece`).
    SwapPieces,
}

/// Every move rule of `moves`, with the consequences around it.
/// The move rules of the `(sites Winning ...)` in `region`.
fn winning_moves(region: &crate::ir::Region) -> Vec<&Moves> {
    use crate::ir::Region;
    match region {
        Region::Winning { moves, .. } => vec![moves],
        Region::Union(parts) | Region::Intersection(parts) => {
            parts.iter().flat_map(winning_moves).collect()
        }
        Region::Difference(a, b) => winning_moves(a)
            .into_iter()
            .chain(winning_moves(b))
            .collect(),
        Region::Filter(within, _) => winning_moves(within),
        _ => Vec::new(),
    }
}

/// The move rules inside a condition (`(can Move M)`), which a
/// `(do ...)` may apply to a copy.
pub(super) fn collect_in_cond<'m>(cond: &'m Cond, out: &mut Vec<RuleApply<'m>>) {
    match cond {
        Cond::CanMove(m) => collect_rules(m, &[], out),
        Cond::Not(c) => collect_in_cond(c, out),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| collect_in_cond(c, out)),
        _ => {}
    }
}

pub(super) fn collect_rules<'m>(
    moves: &'m Moves,
    outer: &[&'m Effect],
    out: &mut Vec<RuleApply<'m>>,
) {
    collect_rules_in(moves, outer, None, out);
}

/// [`collect_rules`] inside a `(do ...)` when `boundary` is the number of
/// composites' consequences around the `do` (which its test leaves out).
fn collect_rules_in<'m>(
    moves: &'m Moves,
    outer: &[&'m Effect],
    boundary: Option<usize>,
    out: &mut Vec<RuleApply<'m>>,
) {
    let thens = |own: &'m Option<Effect>| -> Vec<&'m Effect> {
        own.iter().chain(outer.iter().rev().copied()).collect()
    };
    // Inside a `do`, its test applies the consequences within it.
    let tested = |own: &'m Option<Effect>| -> usize {
        let all = usize::from(own.is_some()) + outer.len();
        boundary.map_or(all, |b| all - b)
    };
    match moves {
        Moves::SwapPieces { rule, then, .. } => out.push(RuleApply {
            rule: *rule,
            kind: RuleKind::SwapPieces,
            thens: thens(then),
            tested: tested(then),
        }),
        Moves::Add(add) => {
            out.push(RuleApply {
                rule: add.rule,
                kind: RuleKind::Place(Some(add)),
                thens: thens(&add.then),
                tested: tested(&add.then),
            });
            // `(sites Winning WHO MOVES)` applies MOVES to a copy of the state.
            for inner in winning_moves(&add.to) {
                collect_rules(inner, &[], out);
            }
        }
        Moves::Shoot(shoot) => out.push(RuleApply {
            rule: shoot.rule,
            kind: RuleKind::Place(None),
            thens: thens(&shoot.then),
            tested: tested(&shoot.then),
        }),
        Moves::Move(m) => out.push(RuleApply {
            rule: m.rule,
            kind: RuleKind::Piece(m),
            thens: thens(&m.then),
            tested: tested(&m.then),
        }),
        // A pass without consequences is the module's own `Move::Pass`.
        Moves::Pass { rule, then } => {
            let thens = thens(then);
            if !thens.is_empty() {
                out.push(RuleApply {
                    rule: *rule,
                    kind: RuleKind::Pass,
                    thens,
                    tested: tested(then),
                });
            }
        }
        Moves::Remove { rule, then, .. } => out.push(RuleApply {
            rule: *rule,
            kind: RuleKind::Remove,
            thens: thens(then),
            tested: tested(then),
        }),
        Moves::Die { .. } => unreachable!("refused by features: dice"),
        Moves::DoNext { .. } => unreachable!("refused by features: `(do ... next:...)`"),
        Moves::Propose { rule, then, .. } | Moves::Vote { rule, then, .. } => out.push(RuleApply {
            rule: *rule,
            kind: RuleKind::Decision(moves),
            thens: thens(then),
            tested: tested(then),
        }),
        Moves::Do { prior, after } => {
            collect_rules_in(prior, outer, Some(outer.len()), out);
            collect_in_cond(after, out);
        }
        Moves::ForPlayer { moves, .. } => collect_rules_in(moves, outer, boundary, out),
        Moves::Promote(p) => out.push(RuleApply {
            rule: p.rule,
            kind: RuleKind::Promote,
            thens: thens(&p.then),
            tested: tested(&p.then),
        }),
        Moves::ForEachDirection(f) => {
            for c in f.to_if.iter().chain(&f.between_if) {
                collect_in_cond(c, out);
            }
            collect_rules_in(&f.moves, outer, boundary, out);
        }
        Moves::Select(select) => out.push(RuleApply {
            rule: select.rule,
            kind: RuleKind::Select,
            thens: thens(&select.then),
            tested: tested(&select.then),
        }),
        Moves::MaxMoves(moves) => collect_rules_in(moves, outer, boundary, out),
        Moves::ForEachPiece(rules) | Moves::ForEachPieceIn { rules, .. } => {
            for r in rules {
                collect_rules_in(&r.moves, outer, boundary, out);
            }
        }
        Moves::If {
            condition,
            then,
            otherwise,
        } => {
            // A `(can Move (do ...))` tested here applies its moves to copies.
            collect_in_cond(condition, out);
            collect_rules_in(then, outer, boundary, out);
            if let Some(o) = otherwise {
                collect_rules_in(o, outer, boundary, out);
            }
        }
        Moves::Priority(list) | Moves::Or(list) => {
            list.iter()
                .for_each(|m| collect_rules_in(m, outer, boundary, out));
        }
        Moves::Then(inner, effect) => {
            let mut nested = outer.to_vec();
            nested.push(effect);
            collect_rules_in(inner, &nested, boundary, out);
        }
        Moves::ForEachSite { moves, .. } => collect_rules_in(moves, outer, boundary, out),
        Moves::Append { rule, effect, then } => out.push(RuleApply {
            rule: *rule,
            kind: RuleKind::Merged(effect),
            thens: thens(then),
            tested: tested(then),
        }),
    }
}

impl Gen<'_> {
    /// Statements running a consequence; `again = true` for `(moveAgain)`.
    pub(super) fn effect(&mut self, e: &Effect) -> TokenStream {
        match e {
            // Ludii's `SetNextPlayer` acts at once: the consequences after
            // it read the mover as `Next`.
            Effect::MoveAgain => quote! {
                again = true;
                s.again = true;
            },
            // With two players the next is the mover again or the other;
            // the last of these (`(moveAgain)` included) decides.
            Effect::SetNextPlayer(who) => {
                let who = self.player(*who);
                quote! {
                    again = #who == mover;
                    s.again = again;
                }
            }
            // Ludii's `ActionSwap` and the `SetNextPlayer(mover)` it brings.
            Effect::SwapPlayers => quote! {
                s.swapped = !s.swapped;
                again = true;
                s.again = true;
            },
            Effect::Directional(d) => self.directional(d),
            Effect::Promote(p) => self.promote_effect(p),
            Effect::SetState { at, value } => {
                // `ActionSetState`: the site's state, whatever stands there
                // (the analysis bounds the value by `NUM_STATES`).
                let v = match value {
                    crate::ir::IntExpr::Const(c) => {
                        Literal::u8_unsuffixed(*c as u8).into_token_stream()
                    }
                    _ => {
                        let v = self.int(value);
                        quote!((#v) as u8)
                    }
                };
                self.at_defined_site(at, |x| quote!(Self::set_state(s, #x as usize, #v);))
            }
            Effect::SetCounter(n) => match n {
                crate::ir::IntExpr::Const(c) => {
                    let c = Literal::i32_unsuffixed(*c as i32);
                    quote!(s.counter = #c;)
                }
                _ => {
                    let n = self.int(n);
                    quote!(s.counter = (#n) as i32;)
                }
            },
            Effect::SetPending(crate::ir::Pending::Value(n)) => match n {
                // `ActionSetPending`: Undefined (-1) stands for 1; the
                // analysis keeps the values within the bitboard.
                crate::ir::IntExpr::Const(c) => {
                    let c = Literal::usize_unsuffixed(if *c == -1 { 1 } else { *c as usize });
                    quote!(s.pending.insert(#c);)
                }
                _ => {
                    let n = self.int(n);
                    quote!({
                        let v = #n;
                        s.pending.insert(if v == -1 { 1 } else { v as usize });
                    })
                }
            },
            Effect::SetPending(crate::ir::Pending::Sites(r)) => {
                let r = self.region(r);
                quote!(s.pending = s.pending.or(#r);)
            }
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
            // Ludii's `ActionRemove` applied at the end of the turn: a site
            // holding a piece is marked, its piece stays until then.
            Effect::RemoveLater(x) => self.at_defined_site(x, |x| {
                quote!(if s.what[#x as usize] != 0 {
                    s.to_clear.insert(#x as usize);
                })
            }),
            Effect::Enclose(e) => self.enclose(e),
            Effect::Surround(c) => self.surround(c),
            Effect::AddPiece {
                piece,
                to,
                site_type,
                state,
            } => {
                let what = self.piece_what(piece);
                let state = state.as_ref().map(|n| self.int(n));
                let ty = *site_type;
                let default = self.model.board.site_type;
                if crate::analyse::holds_counts(self.model) && ty == default {
                    // Ludii's ActionAdd keeps the piece of an occupied site
                    // (only its count grows): the analysis refuses states here.
                    self.uses_add_on = true;
                    // A site between the board's and the first hand's (a
                    // board of more cells than sites of its type) is on no
                    // container: nothing is added there.
                    let first_hand = self.model.hands.first().map_or(0, |h| h.first as usize);
                    let gap = first_hand > self.model.board.num_sites();
                    let add = self.at_defined_site(to, |x| {
                        if gap {
                            let first = Literal::u16_unsuffixed(first_hand as u16);
                            quote!(if (#x as usize) < NUM_SITES || #x >= #first { Self::add_on(s, #x, what); })
                        } else {
                            quote!(Self::add_on(s, #x, what);)
                        }
                    });
                    // A computed piece naming no component adds nothing.
                    let guard = matches!(piece, crate::ir::PieceRef::Expr(_));
                    return if guard {
                        quote!({ let what = #what; if what != 0 { #add } })
                    } else {
                        quote!({ let what = #what; #add })
                    };
                }
                self.at_defined_site(to, |x| put_tokens(ty, default, state.as_ref(), x, &what))
            }
            Effect::Trigger { who, .. } => {
                let p = self.player(*who);
                quote!(s.triggers |= 1 << #p;)
            }
            Effect::SetScore { who, score, add } => {
                let p = self.player(*who);
                let n = self.int(score);
                if *add {
                    quote!(s.scores[#p as usize] += (#n) as i32;)
                } else {
                    quote!(s.scores[#p as usize] = (#n) as i32;)
                }
            }
            Effect::Flip(x) => self.at_defined_site(x, |x| quote!(Self::flip(s, #x);)),
            Effect::AllCombinations(a, b) => {
                let (ya, yb) = (self.yields(a), self.yields(b));
                let (a, b) = (self.effect(a), self.effect(b));
                quote!(if #ya && #yb { #a #b })
            }
            Effect::Custodial(c) => self.custodial(c),
            Effect::ForEachSite { region, effect } => {
                let r = self.region(region);
                let saved = self.scope;
                self.scope.site = true;
                self.scope.to = true;
                let body = self.effect(effect);
                self.scope = saved;
                quote! {
                    for site in #r.iter() {
                        let site = site as u16;
                        let to = site;
                        #body
                    }
                }
            }
            Effect::Attract { from, directions } => {
                let radials: Vec<_> = directions.iter().map(|&d| self.tables.radials(d)).collect();
                self.at_defined_site(from, |x| {
                    quote! {{
                        let start = #x;
                        #(
                            for ray in &#radials[start as usize] {
                                // The pieces met, lifted in order, then put
                                // back on the first sites of the radial.
                                let mut lifted = [0u8; NUM_SITES];
                                let mut count = 0usize;
                                for &t in ray {
                                    if t == NO_SITE { break; }
                                    let what = s.what[t as usize];
                                    if what != 0 {
                                        lifted[count] = what;
                                        count += 1;
                                        Self::clear(s, t);
                                    }
                                }
                                for (&t, &what) in ray[..count].iter().zip(&lifted[..count]) {
                                    Self::put(s, t, what);
                                }
                            }
                        )*
                    }}
                })
            }
            Effect::Move(m) => self.consequence_move(m),
            Effect::Vote(v) => self.vote_effect(*v),
            // Where the game does not count pieces, Ludii's `ActionMove`
            // moves the one piece, whatever the count.
            Effect::MoveCount { from, to, .. } if !self.model.requires_count => {
                self.piece_from_to(from, to)
            }
            Effect::MoveCount { from, to, count } => self.move_count_effect(from, to, count, "s"),
            Effect::Sow(sow) => self.sow(sow),
            Effect::SetVar { var, value } => self.set_var(*var, value, "s"),
            Effect::DoNext { .. } => unreachable!("refused by features: `(do ... next:...)`"),
            Effect::Frozen(_) => unreachable!("refused by features: a frozen `(and ...)`"),
            Effect::Remember { .. } | Effect::Forget { .. } | Effect::ForgetAll { .. } => {
                unreachable!("refused by features: remembered values")
            }
            Effect::SetPlayerValue { who, value } => self.set_player_value(*who, value, "s"),
        }
    }

    /// The statements applying move rule `r` to `s`, with `from`, `to`
    /// (and `dir` for piece moves) bound, then its consequences.
    pub(super) fn apply_rule(&mut self, r: &RuleApply) -> TokenStream {
        let saved = self.scope;
        self.scope.from = true;
        self.scope.to = true;
        let action = match r.kind {
            RuleKind::Place(add) => {
                let put = self.put_piece(add, quote!(to), quote!(what));
                quote! {
                    #put
                    s.last_to = to;
                    s.last_from = to;
                }
            }
            RuleKind::Piece(m) => self.piece_action(m),
            // Ludii's ActionRemove empties the site.
            RuleKind::Remove => quote! {
                Self::clear(s, to);
                s.last_to = to;
                s.last_from = to;
            },
            // Ludii's ActionSelect changes nothing: its consequences do.
            RuleKind::Select => quote! {
                s.last_to = to;
                s.last_from = from;
            },
            RuleKind::Promote => quote! {
                Self::promote(s, to, what);
                s.last_to = to;
                s.last_from = to;
            },
            RuleKind::Decision(m) => self.decision_action(m),
            RuleKind::Pass => quote! {
                s.last_to = NO_SITE;
                s.last_from = NO_SITE;
                s.last_to_after = NO_SITE;
            },
            // Ludii's `SwapPieces`: `ActionMove` from `from` to `to`, then
            // `ActionAdd` on `from` of what stood on `to`.
            RuleKind::SwapPieces => quote! {
                let what_to = s.what[to as usize];
                Self::move_piece(s, from, to);
                if what_to != 0 {
                    Self::put(s, from, what_to);
                }
                s.last_to = to;
                s.last_from = from;
            },
            RuleKind::Merged(effect) => {
                // Ludii's merged move binds `(site)` and `(to)`, no `(from)`;
                // it is named by the site of its first action.
                self.scope.from = false;
                self.scope.site = true;
                let run = self.effect(effect);
                quote! {
                    #run
                    s.last_to = first;
                    s.last_from = first;
                }
            }
        };
        // Ludii evaluates consequences with the context's `to` as move
        // generation left it (`Constants.OFF`, §40): no `(to)` there.
        self.scope.to = false;
        // While a decision's consequences run, `(last To
        // afterConsequence:True)` is the decision's own `to`.
        let decision = !matches!(
            r.kind,
            RuleKind::Merged(_) | RuleKind::Decision(_) | RuleKind::Pass
        );
        let passed = matches!(r.kind, RuleKind::Pass);
        self.scope.decision_to = decision;
        let mut thens: Vec<_> = r.thens.iter().map(|e| self.effect(e)).collect();
        self.scope = saved;
        // A `(do ...)`'s test applies the consequences inside it only.
        if r.tested < thens.len() {
            let outside = thens.split_off(r.tested);
            thens.push(quote!(if !s.do_test { #(#outside)* }));
        }
        let reads_decision =
            decision && thens.iter().any(|t| t.to_string().contains("decision_to"));
        let decision_to = reads_decision.then(|| quote!(let decision_to: u16 = to;));
        quote! {
            #action
            s.recent.record(mover, #passed);
            s.moves += 1;
            #decision_to
            #(#thens)*
        }
    }

    /// `(directional (from S) DIRS (to if:C (apply E)))` (`Directional.eval`,
    /// §53): along each radial from S in each heading of DIRS, the sites one
    /// after another while C holds (as `(to)`, no `(from)`), all found
    /// before E applies to each, in order.
    fn directional(&mut self, d: &crate::ir::Directional) -> TokenStream {
        let board = self.model.board.clone();
        let n = board.num_sites();
        // The most sites the radials of every heading hold from one site.
        let bound = (0..n)
            .map(|site| {
                d.directions
                    .candidates
                    .iter()
                    .map(|&dir| {
                        board
                            .radials(site, dir)
                            .map(|r| r.steps.len() - 1)
                            .sum::<usize>()
                    })
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0)
            .max(1);
        let bound = Literal::usize_unsuffixed(bound);
        let (start, _) = self.site(&d.from);
        let (a, _) = self.site(&d.directions.from);
        let (b, _) = self.site(&d.directions.to);
        let saved = self.scope;
        self.scope.from = false;
        self.scope.to = true;
        self.scope.to_maybe = false;
        let test = self.cond(&d.to_if);
        let apply = self.effect(&d.apply);
        self.scope = saved;
        let (masks, rays) = self.tables.heading_rays(&d.directions.candidates);
        let headings = Literal::usize_unsuffixed(d.directions.candidates.len());
        quote! {{
            let (start, a, b) = (#start, #a, #b);
            if (start as usize) < NUM_SITES && (a as usize) < NUM_SITES && (b as usize) < NUM_SITES {
                let mut targets = [NO_SITE; #bound];
                let mut count = 0usize;
                for heading in 0..#headings {
                    if #masks[heading][a as usize].contains(b as usize) {
                        for ray in &#rays[heading][start as usize] {
                            for &to in ray {
                                if to == NO_SITE || !(#test) { break; }
                                targets[count] = to;
                                count += 1;
                            }
                        }
                    }
                }
                for &to in &targets[..count] {
                    #apply
                }
            }
        }}
    }

    /// `(fromTo (from S) (to T))` as a consequence (one piece, no counts:
    /// Ludii's `ActionMove`, §53): the piece on S, if any, replaces whatever
    /// stands on T. The last move's sites stay the decision's.
    fn piece_from_to(
        &mut self,
        from: &crate::ir::SiteExpr,
        to: &crate::ir::SiteExpr,
    ) -> TokenStream {
        let (f, _) = self.site(from);
        let (t, _) = self.site(to);
        quote! {{
            let (f, t) = (#f, #t);
            if (f as usize) < NUM_SITES && (t as usize) < NUM_SITES && s.what[f as usize] != 0 {
                if f != t {
                    let (last_from, last_to) = (s.last_from, s.last_to);
                    Self::move_piece(s, f, t);
                    s.last_from = last_from;
                    s.last_to = last_to;
                }
                s.last_to_after = t;
            }
        }}
    }

    /// A piece move as a consequence: every move the generator yields is
    /// found first, then each is made, with its own `then`.
    fn consequence_move(&mut self, m: &PieceMove) -> TokenStream {
        let per_from = self.most_moves_from(m).max(1);
        let froms = match &m.from {
            None | Some(crate::ir::Region::Site(_)) => 1,
            Some(_) => self.model.total_sites(),
        };
        let bound = Literal::usize_unsuffixed(per_from * froms);
        let saved = (self.scope, self.purpose);
        // Every move is found, in any order.
        self.purpose = Purpose::LISTING;
        let find = self.piece_move(m, &|mv| {
            quote! {
                found[count] = #mv;
                count += 1;
            }
        });
        self.scope.from = true;
        self.scope.to = true;
        let act = self.piece_action(m);
        let then = m.then.as_ref().map_or(quote!(), |e| self.effect(e));
        (self.scope, self.purpose) = saved;
        quote! {{
            let mut found = [Move::Pass; #bound];
            let mut count = 0usize;
            #find
            for &found in &found[..count] {
                if let Move::Piece { from, to, dir, .. } = found {
                    #act
                    #then
                }
            }
        }}
    }

    /// The most moves `m` can make from one site: the sites of every radial
    /// and step in its directions (hops and slides end on them), its leap
    /// targets, or every site.
    fn most_moves_from(&self, m: &PieceMove) -> usize {
        let board = &self.model.board;
        let n = board.num_sites();
        match &m.reach {
            Reach::Leap { walks, forward } => {
                let lists = self.leap_lists(walks, *forward);
                lists.iter().map(Vec::len).max().unwrap_or(0)
            }
            Reach::FromTo { .. } => n,
            Reach::TrackSlide { tracks, .. } => self.most_track_moves(tracks),
            Reach::Step | Reach::Hop { .. } | Reach::Slide { .. } => m
                .directions
                .iter()
                .map(|&d| {
                    (0..n)
                        .map(|site| {
                            let along: usize =
                                board.radials(site, d).map(|r| r.steps.len() - 1).sum();
                            along + board.steps(site, d).len()
                        })
                        .max()
                        .unwrap_or(0)
                })
                .sum(),
        }
    }

    /// Statements putting `what` on `site` as a `(move Add ...)` does (its
    /// site type, its state); `None` is a shot, placed plainly.
    fn put_piece(
        &mut self,
        add: Option<&Add>,
        site: TokenStream,
        what: TokenStream,
    ) -> TokenStream {
        let default = self.model.board.site_type;
        match add {
            Some(add) if add.stack => quote!(Self::push(s, #site, #what);),
            Some(add) => {
                let state = add.state.as_ref().map(|n| self.int(n));
                put_tokens(add.site_type, default, state.as_ref(), site, &what)
            }
            None => quote!(Self::put(s, #site, #what);),
        }
    }

    /// A piece move's own actions: hurdle effects (the last hurdle's first),
    /// the destination's `(apply ...)`, then the piece moves, replacing
    /// whatever stands on `to`.
    fn piece_action(&mut self, m: &PieceMove) -> TokenStream {
        let to_apply = m.to_apply.as_ref().map_or(quote!(), |e| self.effect(e));
        if let Reach::FromTo { count: Some(n), .. } = &m.reach {
            return self.count_action(n, to_apply);
        }
        let hop = match &m.reach {
            Reach::Hop { .. } if super::hops::is_long_hop(&m.reach) => {
                Some(self.long_hop_action(m))
            }
            Reach::Hop {
                distance,
                between_apply,
                ..
            } => {
                let n = self.int(distance);
                // Ludii's `Hop` runs the landing effect with `(between)` at
                // the hurdle it tested last, the last site jumped (§39).
                let landing = m.to_apply.as_ref().map(|e| {
                    let saved = self.scope;
                    self.scope.between = true;
                    let apply = self.effect(e);
                    self.scope = saved;
                    apply
                });
                let landing = landing.filter(|t| super::merged::reads_ident(t, "between"));
                let hurdles = between_apply.as_ref().map(|apply| {
                    let saved = self.scope;
                    self.scope.between = true;
                    let apply = self.effect(apply);
                    self.scope = saved;
                    quote! {
                        for &between in ray[..n].iter().rev() {
                            #apply
                        }
                    }
                });
                let in_ray = match (&hurdles, &landing) {
                    (None, None) => None,
                    (hurdles, Some(landing)) => Some(quote! {
                        #hurdles
                        let between = ray[n - 1];
                        #landing
                    }),
                    (Some(hurdles), None) => Some(hurdles.clone()),
                };
                let found = match in_ray {
                    Some(in_ray) => {
                        let arms = m.directions.iter().enumerate().map(|(k, &d)| {
                            let k = Literal::u8_unsuffixed(k as u8);
                            let radials = self.tables.radials(d);
                            // Each direction's rays have their own length.
                            quote!(#k => #radials[from as usize]
                                .iter()
                                .find(|ray| ray.get(n) == Some(&to))
                                .map(|ray| &ray[..]),)
                        });
                        let arms: Vec<_> = arms.collect();
                        quote! {
                            let ray: Option<&[u16]> = match dir { #(#arms)* _ => None };
                            if let Some(ray) = ray {
                                #in_ray
                            }
                        }
                    }
                    None => quote!(),
                };
                // The landing effect after the hurdles' (inside the search
                // where it reads the jumped site).
                let after = if landing.is_some() {
                    quote!()
                } else {
                    to_apply.clone()
                };
                Some(quote! {
                    let n = #n;
                    // Ludii's step branch of Hop carries no landing effect.
                    if n > 0 {
                        let n = n as usize;
                        #found
                        #after
                    }
                })
            }
            // A track slide's plain landing (its `toRule`, `dir` 1)
            // carries no effect (§51).
            Reach::TrackSlide { .. } if m.to_apply.is_some() => Some(quote! {
                if dir == 0 {
                    #to_apply
                }
            }),
            _ => None,
        };
        let before = hop.unwrap_or(to_apply);
        quote! {
            #before
            Self::move_piece(s, from, to);
        }
    }
}

impl Gen<'_> {
    /// A move of `(move (from ...) (to ...) count:N)` (Ludii's `ActionMove`
    /// with a count, the interpreter's `Move::Count`): N, read at `from` on
    /// the state the move was listed in, pieces go, after the destination's
    /// effect (`to_apply`).
    fn count_action(&mut self, count: &crate::ir::IntExpr, to_apply: TokenStream) -> TokenStream {
        self.uses_move_count = true;
        let saved = self.scope;
        self.scope.to = false;
        let n = self.int(count);
        self.scope = saved;
        let n = super::sow::at_least_zero(count, &n);
        quote! {
            let n = #n as u32;
            #to_apply
            Self::move_count(s, from, to, n);
            s.last_from = from;
            s.last_to = to;
        }
    }
}

/// Statements putting `what` on element `site` of type `ty` (the board's
/// default type is `default`), in state `state` when given.
fn put_tokens(
    ty: crate::ir::SiteType,
    default: crate::ir::SiteType,
    state: Option<&TokenStream>,
    site: TokenStream,
    what: &TokenStream,
) -> TokenStream {
    if ty != default {
        let put = quote::format_ident!("put_{}", super::extras::type_names(ty).0);
        return quote!(Self::#put(s, #site, #what););
    }
    match state {
        Some(n) => quote!(Self::put_state(s, #site, #what, (#n).clamp(0, 255) as u8);),
        None => quote!(Self::put(s, #site, #what);),
    }
}

#[cfg(test)]
mod tests {
    use super::super::inline_games::generate_inline;

    /// Approach captures chosen by `(move Select ... (to ...))`, moved by a
    /// count-less `(fromTo ...)` and captured by `(directional ...)`, beside
    /// a Select of one site (Bombardment's self-destruction).
    const MINI_APPROACH: &str = r#"
    (game "Mini Approach" (players 2)
      (equipment { (board (rectangle 3 5 diagonals:Alternating) use:Vertex) (piece "Marker" Each) })
      (rules
        (start { (place "Marker1" (sites Bottom)) (place "Marker2" (sites Top)) })
        (play (or
          (forEach Piece
            (move Select (from)
              (to (sites Around (from))
                if:(and (is Empty (to)) (is Enemy (who at:(ahead (to) SameDirection)))))
              (then (and
                (fromTo (from (last From)) (to (last To)))
                (directional (from (last To)) (directions Vertex from:(last From) to:(last To))
                  (to if:(is Enemy (who at:(to))) (apply (remove (to)))))))))
          (move Select (from (sites Occupied by:Mover)) (then (remove (last To))))))
        (end (if (no Pieces Mover) (result Next Win)))))
    "#;

    #[test]
    fn a_select_is_a_move_keyed_by_its_two_sites_or_its_one() {
        let code = generate_inline(MINI_APPROACH).expect("compiles");
        assert!(
            code.contains("Select { rule: u16, from: u16, to: u16 }"),
            "{code}"
        );
        // A Select of one site reads as a placement (`-1>S`).
        assert!(code.contains("if from == to {"), "{code}");
        assert!(code.contains("MoveKey::place(to as u32)"), "{code}");
        assert!(
            code.contains("MoveKey::step(from as u32, to as u32)"),
            "{code}"
        );
        // Without `(to ...)` the site is selected twice.
        assert!(code.contains("Move::select(2, from, from)"), "{code}");
    }

    #[test]
    fn approach_captures_read_heading_tables_and_radials() {
        let code = generate_inline(MINI_APPROACH).expect("compiles");
        // `(ahead (to) SameDirection)`: the heading from (from) to (to), then
        // the site ahead along it.
        assert!(code.contains("static LAST_HEADING_"), "{code}");
        assert!(code.contains("u8::MAX => at as i64,"), "{code}");
        // `(directional ...)`: headings by ray masks, targets found before
        // any is removed.
        assert!(
            code.contains("HEADING_MASKS_N_NE_E_SE_S_SW_W_NW[heading][a as usize]"),
            "{code}"
        );
        assert!(code.contains("for &to in &targets[..count]"), "{code}");
        // The piece moves; the last move's sites stay the decision's.
        assert!(code.contains("Self::move_piece(s, f, t);"), "{code}");
        assert!(code.contains("s.last_from = last_from;"), "{code}");
    }

    #[test]
    fn a_count_moved_by_a_consequence_moves_that_many_pieces() {
        // A count makes the game count pieces (Ludii's `requiresCount`):
        // the pieces leave and join counts as the interpreter's
        // `move_count` makes them.
        let text = MINI_APPROACH.replace(
            "(fromTo (from (last From)) (to (last To)))",
            "(fromTo (from (last From)) (to (last To)) count:2)",
        );
        let code = generate_inline(&text).expect("compiles");
        assert!(code.contains("fn move_count(s: &mut State"), "{code}");
        assert!(code.contains("Self::move_count(s, f, t, n);"), "{code}");
        assert!(
            code.contains("let n = (2).max(0) as u32;") || code.contains("let n = 2"),
            "{code}"
        );
    }
}
