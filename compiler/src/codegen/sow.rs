//! Sowing in the compiled code: `(sow ...)` as Ludii's `Sow.eval` then
//! `Move.apply` compute it (docs/ludii-semantics.md, the interpreter's
//! `interp/sow.rs`), and `(fromTo ... count:N)` where the game counts
//! pieces (Ludii's `ActionMove` with a count).
//!
//! A sow walks its track from the start site, one seed after another;
//! its tests (`skipIf:`, `numPerHole:`) read the state before sowing, a
//! copy, while the seeds land on the state itself. The analysis takes only
//! tracks that loop through board sites (never Ludii's off-board `End`),
//! on which a walk that starts on the track never stops short, so each
//! seed can land as soon as its hole is found. The captures (`if:`,
//! `apply:`, `backtracking:`, `forward:`) then read a copy of the state
//! with every seed landed and change the state itself, in order.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ir::{Effect, IntExpr, SiteExpr, Sow};

use super::Gen;

/// Ludii's `Constants.MAX_NUM_ITERATION`: most holes skipped in a row.
const MAX_SKIPPED: u32 = 10_000;

impl Gen<'_> {
    /// `code` reading `state` (a copy) as `s`, with each of `binds`
    /// (`(name, value)`) bound where the code reads it.
    fn reading(state: &str, binds: &[(&str, TokenStream)], code: TokenStream) -> TokenStream {
        let lets = binds
            .iter()
            .filter(|(name, _)| mentions(&code, name))
            .map(|(name, value)| {
                let name = proc_macro2::Ident::new(name, proc_macro2::Span::call_site());
                quote!(let #name = #value;)
            });
        let lets: Vec<_> = lets.collect();
        let copy = (state != "s" && mentions(&code, "s")).then(|| {
            let state = proc_macro2::Ident::new(state, proc_macro2::Span::call_site());
            quote!(let s = &#state;)
        });
        if copy.is_none() && lets.is_empty() {
            return code;
        }
        quote!({
            #copy
            #(#lets)*
            #code
        })
    }

    /// The tracks a sow may follow (Ludii's `Sow.eval`): the first one
    /// without a name; the first of that name without `owner:`; with
    /// `owner:O`, the first of owner O whose name contains the name.
    /// Gives each possible owner value and its track (one entry, `None`,
    /// without `owner:`).
    pub(crate) fn sow_tracks(
        model: &crate::ir::GameModel,
        sow: &Sow,
    ) -> Vec<(Option<u8>, Option<usize>)> {
        let find =
            |owner: Option<u8>| crate::semantics::sow_track(model, sow, owner.map(i64::from));
        match sow.owner {
            None => vec![(None, find(None))],
            Some(_) => (0..=model.num_players)
                .map(|o| (Some(o), find(Some(o))))
                .collect(),
        }
    }

    /// `(sow ...)`: the seeds of the start site, one per hole along the
    /// track, then the captures and the consequences.
    pub(super) fn sow(&mut self, sow: &Sow) -> TokenStream {
        self.track_tables();
        self.uses_move_count = true;
        let sow_label = self.label("sow");
        let saved = self.scope;
        let outer_to = if self.scope.to {
            quote!(to)
        } else {
            quote!(NO_SITE)
        };
        let (start, _) = self.site(&sow.start);
        let count = match &sow.count {
            Some(n) => self.int(n),
            None => quote!((s.count[start as usize] as i64)),
        };
        let per_hole = self.int(&sow.num_per_hole);
        let tracks = Self::sow_tracks(self.model, sow);
        let track = match (&sow.owner, tracks.as_slice()) {
            (None, [(_, Some(t))]) => {
                let t = Literal::usize_unsuffixed(*t);
                quote!(#t)
            }
            // No track: Ludii's sow makes no move at all.
            (None, _) => return quote!(),
            (Some(owner), _) => {
                let owner = self.int(owner);
                let arms = tracks.iter().filter_map(|&(o, t)| {
                    let (o, t) = (
                        Literal::i64_unsuffixed(o? as i64),
                        Literal::usize_unsuffixed(t?),
                    );
                    Some(quote!(#o => #t,))
                });
                quote!(match #owner { #(#arms)* _ => break #sow_label })
            }
        };
        // The start site as `(from)` for `origin:`.
        self.scope.from = true;
        let origin = self.cond(&sow.origin);
        let origin = Self::reading("before", &[("from", quote!(start))], origin);
        // The hole reached as `(to)` for `skipIf:` and `numPerHole:`.
        self.scope.from = saved.from;
        self.scope.to = true;
        self.scope.to_maybe = false;
        let skip = sow.skip_if.as_ref().map(|c| {
            let c = self.cond(c);
            let c = Self::reading("before", &[("to", quote!(last_to))], c);
            let max = Literal::u32_unsuffixed(MAX_SKIPPED);
            quote! {
                let skip = #c;
                if skip && skipped < #max {
                    skipped += 1;
                    i = next_i;
                    continue;
                }
                skipped = 0;
            }
        });
        let hole_per_hole = {
            let n = self.int(&sow.num_per_hole);
            Self::reading("before", &[("to", quote!(last_to))], n)
        };
        let pass_self = (!sow.include_self).then(|| {
            quote! {
                // The start hole is passed over (Ludii moves on without
                // changing the context's `to`).
                if hole == start {
                    i = next_i;
                    hole = run[i + 1];
                }
            }
        });
        let captures = sow
            .apply
            .as_ref()
            .map(|apply| self.sow_captures(sow, apply));
        self.scope = saved;
        let then = sow.then.as_ref().map(|e| self.effect(e));
        let seeds_before = Self::reading("before", &[("to", outer_to.clone())], per_hole);
        let seeds_on_start = at_least_zero(&sow.num_per_hole, &seeds_before);
        // What the walk keeps only where something reads it: the state
        // before sowing, the hole reached as `(to)`, the skipping.
        let walk_reads = quote!(#origin #seeds_before #skip #hole_per_hole);
        let before = mentions(&walk_reads, "before").then(|| quote!(let before = *s;));
        let tracks_to = captures.is_some() || mentions(&walk_reads, "last_to");
        let (last_to, last_to_start, last_to_hole) = if tracks_to {
            (
                quote!(let mut last_to: u16 = #outer_to;),
                quote!(if on_start > 0 {
                    last_to = start;
                }),
                quote!(last_to = hole;),
            )
        } else {
            (quote!(), quote!(), quote!())
        };
        let skipping = skip.is_some().then(|| quote!(let mut skipped = 0u32;));
        let next_i = (skip.is_some() || pass_self.is_some())
            .then(|| quote!(let next_i = if i + 1 < len { i + 1 } else { 0 };));
        let hole = if pass_self.is_some() {
            quote!(let mut hole = run[i + 1];)
        } else {
            quote!(let hole = run[i + 1];)
        };
        let no_origin = matches!(sow.origin, crate::ir::Cond::False);
        let on_start = if no_origin {
            quote!(0)
        } else {
            quote!(on_start)
        };
        let (origin_seeds, start_seeds) = if no_origin {
            (quote!(), quote!())
        } else {
            (
                quote! {
                    let from_start = #origin;
                    let on_start = if from_start { #seeds_on_start } else { 0 };
                },
                quote! {
                    for _ in 0..on_start {
                        if sown < count {
                            Self::move_count(s, start, start, 1);
                        }
                        sown += 1;
                    }
                    #last_to_start
                },
            )
        };
        // One seed a hole, or `numPerHole:` seeds.
        let hole_seeds = if matches!(sow.num_per_hole, IntExpr::Const(1)) {
            quote! {
                if sown < count {
                    Self::move_count(s, start, hole, 1);
                }
                sown += 1;
            }
        } else {
            quote! {
                let per_hole: i64 = #hole_per_hole;
                for _ in 0..per_hole.max(0) {
                    if sown < count {
                        Self::move_count(s, start, hole, 1);
                    }
                    sown += 1;
                }
            }
        };
        quote! {
            #sow_label: {
                let start: u16 = #start;
                if start == NO_SITE {
                    break #sow_label;
                }
                #before
                let count: i64 = #count;
                let track: usize = #track;
                let run = TRACK_RUNS[track];
                let len = TRACK_LENS[track];
                let mut i = if (start as usize) < NUM_SITES {
                    TRACK_PLACES[track][start as usize].first().map_or(len, |&i| i as usize)
                } else {
                    len
                };
                let mut sown = 0i64;
                #last_to
                #origin_seeds
                if i >= len && #on_start < count {
                    // A start off the track: no seed is sown.
                    break #sow_label;
                }
                #start_seeds
                if sown < count {
                    #skipping
                    let mut index = 0i64;
                    while index < count {
                        #next_i
                        #hole
                        #last_to_hole
                        #skip
                        #pass_self
                        #hole_seeds
                        i = if i + 1 < len { i + 1 } else { 0 };
                        if sown >= count {
                            break;
                        }
                        index += 1;
                    }
                }
                #captures
                #then
            }
        }
    }

    /// The captures of a sow: while `if:` holds at the hole reached (the
    /// last one sown first), `apply:` there, then a step back
    /// (`backtracking:`) or on (`forward:`) while that test holds before
    /// and after the step, at most one capture per element of the track.
    fn sow_captures(&mut self, sow: &Sow, apply: &Effect) -> TokenStream {
        let captures_label = self.label("captures");
        let saved = self.scope;
        self.scope.from = true;
        self.scope.to = true;
        self.scope.to_maybe = true;
        let binds = [("from", quote!(from_c)), ("to", quote!(to_c))];
        let test = |g: &mut Self, c: &crate::ir::Cond| {
            let c = g.cond(c);
            Self::reading("after", &binds, c)
        };
        let capture_if = match &sow.capture_if {
            crate::ir::Cond::True => quote!(),
            c => {
                let c = test(self, c);
                quote! {
                    let held = #c;
                    if !held {
                        break #captures_label;
                    }
                }
            }
        };
        let act = self.captured(apply);
        let act = Self::reading("s", &binds, act);
        // A walk's test must hold before and after its step; one failing
        // before the step ends the walks of this capture, after it the
        // captures. A backtrack also ends back at the start.
        let walks_label = self.label("walks");
        let mut walks = Vec::new();
        for (c, back) in [(&sow.backtracking, true), (&sow.forward, false)] {
            let Some(c) = c else { continue };
            let (before_step, after_step) = match c {
                crate::ir::Cond::True => (quote!(), quote!()),
                c => {
                    let c = test(self, c);
                    (
                        quote! {
                            let held = #c;
                            if !held {
                                break #walks_label;
                            }
                        },
                        quote! {
                            let held = #c;
                            if !held {
                                break #captures_label;
                            }
                        },
                    )
                }
            };
            let step = if back {
                quote!(if i == 0 { len - 1 } else { i - 1 })
            } else {
                quote!(if i + 1 < len { i + 1 } else { 0 })
            };
            let stop_at_start = back.then(|| quote!(if to_c == start { break #captures_label; }));
            walks.push(quote! {
                #before_step
                i = #step;
                to_c = run[i];
                #after_step
                #stop_at_start
            });
        }
        self.scope = saved;
        let repeat = if walks.is_empty() {
            quote!(break #captures_label;)
        } else {
            let walks = quote!(#(#walks)*);
            let walks = if mentions(&walks, &walks_label.ident.to_string()) {
                quote!(#walks_label: { #walks })
            } else {
                walks
            };
            quote! {
                #walks
                captures += 1;
                if captures >= len {
                    break #captures_label;
                }
            }
        };
        let counted = (!walks.is_empty()).then(|| quote!(let mut captures = 0usize;));
        // `(from)` is the decision's until the first capture, then the start.
        let reads_from = mentions(&quote!(#capture_if #act #(#walks)*), "from_c");
        let from_c = reads_from.then(|| {
            let outer = if self.scope.from {
                quote!(from)
            } else {
                quote!(NO_SITE)
            };
            (
                quote!(let mut from_c: u16 = #outer;),
                quote!(from_c = start;),
            )
        });
        let (from_c, from_start) = from_c.unzip();
        let to_c = if walks.is_empty() {
            quote!(let to_c: u16 = last_to;)
        } else {
            quote!(let mut to_c: u16 = last_to;)
        };
        quote! {
            let after = *s;
            #from_c
            #to_c
            #counted
            #captures_label: loop {
                #capture_if
                #from_start
                #act
                #repeat
            }
        }
    }

    /// A capture effect of a sow: its tests and values read `after` (the
    /// state right after sowing), its changes are made to the state. Other
    /// effects than these run on the state itself.
    fn captured(&mut self, e: &Effect) -> TokenStream {
        match e {
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                let c = self.cond(condition);
                let c = Self::reading("after", &[], c);
                let a = self.captured(then);
                match otherwise {
                    Some(o) => {
                        let b = self.captured(o);
                        quote!({ let held = #c; if held { #a } else { #b } })
                    }
                    None => quote!({ let held = #c; if held { #a } }),
                }
            }
            Effect::Seq(list) => {
                let parts: Vec<_> = list.iter().map(|e| self.captured(e)).collect();
                quote!(#(#parts)*)
            }
            Effect::MoveCount { from, to, count } => {
                self.move_count_effect(from, to, count, "after")
            }
            Effect::ForEachSite { region, effect } => {
                let r = self.region(region);
                let r = Self::reading("after", &[], r);
                let saved = self.scope;
                self.scope.site = true;
                self.scope.to = true;
                self.scope.to_maybe = false;
                let body = self.captured(effect);
                self.scope = saved;
                quote! {
                    for site in #r.iter() {
                        let site = site as u16;
                        let to = site;
                        #body
                    }
                }
            }
            Effect::SetVar { var, value } => self.set_var(*var, value, "after"),
            Effect::Remember { .. } | Effect::Forget { .. } | Effect::ForgetAll { .. } => {
                unreachable!("refused by features: remembered values")
            }
            Effect::SetPlayerValue { who, value } => self.set_player_value(*who, value, "after"),
            Effect::SetScore { who, score, add } => {
                let p = self.player(*who);
                let n = self.int(score);
                let n = Self::reading("after", &[], n);
                if *add {
                    quote!(s.scores[#p as usize] += (#n) as i32;)
                } else {
                    quote!(s.scores[#p as usize] = (#n) as i32;)
                }
            }
            other => self.effect(other),
        }
    }

    /// `(set Var ["Name"] N)`, N read on `eval` (the state or a copy); a
    /// step of the variable itself is `+=` or `-=`.
    pub(super) fn set_var(&mut self, var: u16, value: &IntExpr, eval: &str) -> TokenStream {
        let own = |n: &IntExpr| matches!(n, IntExpr::Var(v) if *v == var);
        let index = Literal::usize_unsuffixed(var as usize);
        let (op, n) = match value {
            IntExpr::Add(a, b) if own(a) => (quote!(+=), &**b),
            IntExpr::Sub(a, b) if own(a) => (quote!(-=), &**b),
            n => (quote!(=), n),
        };
        let n = self.int(n);
        let n = Self::reading(eval, &[], n);
        quote!(s.vars[#index] #op #n;)
    }

    /// `(set Value WHO N)`, N read on `eval`: only a player's value is kept.
    pub(super) fn set_player_value(
        &mut self,
        who: crate::ir::PlayerRef,
        value: &IntExpr,
        eval: &str,
    ) -> TokenStream {
        let p = self.player(who);
        let n = self.int(value);
        let n = Self::reading(eval, &[], n);
        let players = Literal::usize_unsuffixed(self.model.num_players as usize);
        quote!({
            let (p, n) = (#p as usize, #n);
            if (1..=#players).contains(&p) {
                s.values[p] = n;
            }
        })
    }

    /// `(fromTo (from S) (to T) count:N)` where the game counts pieces:
    /// nothing when S is empty, else N pieces go (Ludii's `ActionMove`);
    /// S, T and N read `eval` (the state itself, or a copy).
    pub(super) fn move_count_effect(
        &mut self,
        from: &SiteExpr,
        to: &SiteExpr,
        count: &IntExpr,
        eval: &str,
    ) -> TokenStream {
        self.uses_move_count = true;
        let (f, _) = self.site(from);
        let (t, _) = self.site(to);
        let n = self.int(count);
        let args = Self::reading(eval, &[], quote!((#f, #t)));
        let n = Self::reading(eval, &[], n);
        let n = at_least_zero(count, &n);
        let eval = proc_macro2::Ident::new(eval, proc_macro2::Span::call_site());
        let len = if self.model.hands.is_empty() {
            quote!(NUM_SITES)
        } else {
            quote!(TOTAL_SITES)
        };
        quote! {{
            let (f, t) = #args;
            if (f as usize) < #len && (t as usize) < #len && #eval.what[f as usize] != 0 {
                let n = #n as u32;
                Self::move_count(s, f, t, n);
            }
        }}
    }
}

/// `code`, the value of `n`, or 0 where it is negative.
pub(super) fn at_least_zero(n: &IntExpr, code: &TokenStream) -> TokenStream {
    match n {
        IntExpr::Const(c) => {
            let c = Literal::i64_unsuffixed((*c).max(0));
            quote!(#c)
        }
        _ => quote!((#code).max(0)),
    }
}

/// Whether `code` holds the identifier `name`.
fn mentions(code: &TokenStream, name: &str) -> bool {
    code.clone().into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(i) => i == name,
        proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), name),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::super::inline_games::generate_inline;

    /// Kalah as Ludii's library writes it, its "OppositePit" expanded.
    const KALAH: &str = r#"
    (game "Kalah" (players 2)
      (equipment {
        (mancalaBoard 2 6 (track "Track" "0,ESE,E,ENE,WNW,N,W" loop:True))
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (map {(pair P1 LastSite) (pair P2 FirstSite)})
        (piece "Seed" Shared) })
      (rules
        (start (set Count 4 to:(union (sites P1) (sites P2))))
        (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
          (then (sow
            apply:(if (= (to) (mapEntry (mover))) (moveAgain)
              (if (and (is In (to) (sites Mover)) (= (count at:(to)) 1))
                (fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))))
            skipIf:(= (to) (mapEntry (next)))))))
        (end (if (no Moves Mover) (byScore { (score P1 (count at:(mapEntry P1))) (score P2 (count at:(mapEntry P2))) })))))
    "#;

    #[test]
    fn seeds_land_one_by_one_and_captures_read_the_sown_state() {
        let code = generate_inline(KALAH).expect("compiles");
        // Each seed is one `move_count` along the track's table.
        assert!(
            code.contains("Self::move_count(s, start, hole, 1);"),
            "{code}"
        );
        assert!(code.contains("let hole = run[i + 1];"), "{code}");
        // `skipIf:` reads the state before sowing, at the hole reached.
        assert!(code.contains("let before = *s;"), "{code}");
        assert!(code.contains("skipped < 10000"), "{code}");
        // The capture tests and counts read the state once sown; the
        // moves change the state itself.
        assert!(code.contains("let after = *s;"), "{code}");
        assert!(code.contains("let s = &after;"), "{code}");
        assert!(code.contains("Self::move_count(s, f, t, n);"), "{code}");
        // Without `backtracking:` or `forward:` there is one capture.
        assert!(!code.contains("captures += 1"), "{code}");
    }

    #[test]
    fn a_backtracking_capture_walks_back_along_the_track() {
        let text = KALAH.replace(
            "skipIf:(= (to) (mapEntry (next)))",
            "backtracking:True includeSelf:False",
        );
        let code = generate_inline(&text).expect("compiles");
        assert!(
            code.contains("i = if i == 0 { len - 1 } else { i - 1 };"),
            "{code}"
        );
        assert!(code.contains("captures += 1"), "{code}");
        // The start hole is passed over.
        assert!(code.contains("if hole == start {"), "{code}");
    }

    #[test]
    fn a_sow_along_an_open_track_is_refused() {
        let text = KALAH.replace("loop:True", "");
        let err = generate_inline(&text).expect_err("refused");
        assert!(err.to_string().contains("does not loop"), "{err}");
    }

    #[test]
    fn a_cycle_test_keeps_the_last_states_reached() {
        let text = KALAH
            .replace(
                "(play (move Select",
                "(play (if (is Cycle) (move Pass) (move Select",
            )
            .replace(
                "skipIf:(= (to) (mapEntry (next)))))))",
                "skipIf:(= (to) (mapEntry (next))))))))",
            );
        let code = generate_inline(&text).expect("compiles");
        // Two players: the last 12 states, tested with period 4.
        assert!(code.contains("cycle: [u64; 12]"), "{code}");
        assert!(code.contains("Self::record_position(s);"), "{code}");
        assert!(code.contains("s.cycle[i] == s.cycle[i + 4]"), "{code}");
        assert!(code.contains("Self::is_cycle(s)"), "{code}");
    }

    #[test]
    fn variables_player_values_and_track_sites_are_state_and_tables() {
        let text = KALAH
            .replace(
                "apply:(if (= (to) (mapEntry (mover))) (moveAgain)",
                "apply:(if (= (to) (trackSite Move from:(from) steps:(value Player Mover))) (and (set Var \"Last\" (to)) (set Value Mover 2))",
            );
        let code = generate_inline(&text).expect("compiles");
        assert!(code.contains("vars: [i64; 1]"), "{code}");
        assert!(code.contains("values: [i64; 3]"), "{code}");
        assert!(
            code.contains("fn track_site_move(track: usize, at: u16, steps: i64) -> i64"),
            "{code}"
        );
    }

    #[test]
    fn a_move_of_a_count_moves_that_many_seeds() {
        let text = KALAH.replace(
            "(play (move Select",
            "(play (or (move (from (sites Mover) if:(> (count at:(from)) 1)) (to (mapEntry (mover))) count:(count at:(from))) (move Select",
        )
        .replace(
            "skipIf:(= (to) (mapEntry (next)))))))",
            "skipIf:(= (to) (mapEntry (next))))))))",
        );
        let code = generate_inline(&text).expect("compiles");
        // The count is read at `from` when the move is made, on the state
        // it was listed in; `(from ... if:C)` is tested at each site.
        assert!(code.contains("Self::move_count(s, from, to, n);"), "{code}");
        assert!(
            code.contains("s.count[from as usize] as i64) > 1"),
            "{code}"
        );
    }
}
