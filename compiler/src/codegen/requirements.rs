//! Rules that look ahead or act for another player, compiled for two-player
//! games: `(do A ifAfterwards:C)` applies each move of A to a copy and
//! tests C there (Ludii's `Do.movePassesCond`); `(is Threatened ...)`
//! generates the enemy's play rules and looks for a move onto the site
//! (Ludii's `IsThreatened`, with its nested threats failing at once);
//! `(forEach Piece WHO)` generates as WHO; `(can Move M)` probes M. The
//! interpreter's `interp/requirements.rs` is the reference.

use proc_macro2::TokenStream;
use quote::quote;

use crate::analyse::threat_probe::decided_in_threat;
use crate::ir::{Cond, Moves, PlayerRef, Threatened};

use super::effects;
use super::moves::Emit;
use super::purpose::{to_sink, Purpose, Question};
use super::Gen;

/// What a `(can Move ...)`'s method is.
const CAN_MOVE_DOC: &str = " `(can Move ...)`: the moves, each given to `sink` (probed or listed).";

impl Gen<'_> {
    /// `(do PRIOR ifAfterwards:AFTER)`: PRIOR's moves for which
    /// `afterwards_N` holds.
    pub(super) fn do_moves(&mut self, prior: &Moves, after: &Cond, emit: Emit) -> TokenStream {
        // A threat test need not test what the threat decides anyway; a
        // Filter playout tests only the move it draws.
        let mut untested = Vec::new();
        if decided_in_threat(after) == Some(true) {
            untested.push(Question::Threat);
        }
        if self.filter_priors.iter().any(|&p| std::ptr::eq(p, prior)) {
            untested.push(Question::Untested);
        }
        if untested.iter().any(|&q| self.is(q)) {
            return self.moves(prior, emit);
        }
        let test = self.afterwards_test(after, false);
        let tester = quote::format_ident!("{test}_mover");
        // Inside a threat test the threats AFTER reads fail at once
        // (Ludii's `autoFail`); where that does not decide it, AFTER is
        // tested with them failing.
        let undecided =
            decided_in_threat(after) != Some(true) && format!("{after:?}").contains("Threatened(");
        let call = if undecided && !self.known_not(Question::Threat) {
            let in_threat = self.afterwards_test(after, true);
            let plain = quote!(self.#test(s, #tester, mv));
            let in_threat = quote!(self.#in_threat(s, #tester, mv));
            self.choose(Question::Threat, |_| in_threat, |_| plain)
        } else {
            quote!(self.#test(s, #tester, mv))
        };
        if self.generic() {
            // The sink of PRIOR's moves passes on those after which AFTER
            // holds, for the player generating the `do` (also when PRIOR
            // generates another player's moves).
            let open = untested.iter().filter(|&&q| !self.known_not(q));
            let skip = open.map(|&q| q.constant());
            let keep = quote!(#(#skip ||)* #call);
            let code = self.moves(prior, emit);
            return quote! {{
                let #tester = mover;
                let sink = &mut Kept::new(sink, |mv: Move| #keep);
                #code
            }};
        }
        // The test is made for the player generating the `do`, also when
        // PRIOR generates another player's moves (`(forEach Piece Next)`).
        let kept = emit(quote!(mv));
        let code = self.moves(prior, &|mv| {
            // A nested `do` hands on the `mv` already bound: no rebinding.
            let bind = (mv.to_string() != "mv").then(|| quote!(let mv = #mv;));
            quote! {
                #bind
                if #call { #kept }
            }
        });
        quote! {{
            let #tester = mover;
            #code
        }}
    }

    /// The helper testing AFTER once a move of `mover` is applied, with its
    /// consequences, to a copy (no end rules, no turn change); inside a
    /// threat test when `in_threat` (its own threat tests fail).
    pub(super) fn afterwards_test(&mut self, after: &Cond, in_threat: bool) -> proc_macro2::Ident {
        self.uses_actions = true;
        // After the move the mover is unchanged and `Next` is the other
        // player (a moveAgain in the copy is dropped, as in Ludii).
        let saved = std::mem::take(&mut self.scope);
        let purpose = Purpose::PROBE.also(Question::Threat, in_threat);
        let cond = self.for_purpose(purpose, |g| g.cond(after));
        self.scope = saved;
        let copy = self.state_copy();
        let (enter_test, leave_test) = self.do_test_marks();
        let kind = if in_threat {
            "afterwards_in_threat"
        } else {
            "afterwards"
        };
        self.shared_helper(kind, &cond, |name| {
            quote! {
                /// The `ifAfterwards:` condition of a `(do ...)`, after `mv`.
                #[allow(unused_variables)]
                fn #name(&self, s: &State, mover: u8, mv: Move) -> bool {
                    let mut copy = #copy;
                    copy.mover = mover;
                    #enter_test
                    self.apply_actions(&mut copy, mv);
                    #leave_test
                    copy.again = false;
                    let s = &copy;
                    #cond
                }
            }
        })
    }

    /// `(max Moves MOVES)` (Ludii's `MaxMoves` without values): MOVES's
    /// moves after which the mover's turn goes on longest, each played on
    /// a copy and followed through every continuation of the same mover
    /// (Ludii's `getReplayCount`). A probe asks MOVES alone, as Ludii's
    /// `MaxMoves.canMove` does.
    pub(super) fn max_moves(&mut self, inner: &Moves, emit: Emit) -> TokenStream {
        const DOC: &str = " `(max Moves ...)`: the moves compared, each given to `sink`.";
        self.choose(
            Question::Probe,
            // The probe asks the same method as the listing (one rendering).
            |g| match g.generic() {
                true => {
                    let name = g.rules_helper("max_moves", DOC, inner, g.rules());
                    quote!(self.#name(s, mover, sink)?;)
                }
                false => g.moves(inner, emit),
            },
            |g| {
                let name = g.rules_helper("max_moves", DOC, inner, g.rules());
                g.turn_length_helper();
                let copy = g.whole_copy();
                let kept = emit(quote!(mv));
                quote! {{
                    let mut candidates = MoveBuffer::new();
                    let _ = self.#name(s, mover, &mut Listing::<Move, true>(&mut candidates));
                    let lengths: Vec<u32> = candidates
                        .iter()
                        .map(|&mv| {
                            let mut copy = #copy;
                            self.apply_move(&mut copy, mv);
                            self.turn_length(&copy, mover, 1)
                        })
                        .collect();
                    let longest = lengths.iter().copied().max().unwrap_or(0);
                    for (&mv, &n) in candidates.iter().zip(&lengths) {
                        if n == longest {
                            #kept
                        }
                    }
                }}
            },
        )
    }

    /// A method giving `moves`'s moves to its sink, generic as the play
    /// rules are (each distinct rule once), documented by `doc`.
    fn rules_helper(
        &mut self,
        kind: &str,
        doc: &str,
        moves: &Moves,
        purpose: Purpose,
    ) -> proc_macro2::Ident {
        let code = self.rules_helper_body(moves, purpose);
        self.rules_helper_named(kind, doc, &code, quote!())
    }

    /// The body of [`Gen::rules_helper`]'s method for `moves`.
    fn rules_helper_body(&mut self, moves: &Moves, purpose: Purpose) -> TokenStream {
        let saved = (
            std::mem::take(&mut self.scope),
            std::mem::take(&mut self.labels),
        );
        let code = self.for_purpose(purpose, |g| g.moves(moves, &to_sink));
        (self.scope, self.labels) = saved;
        code
    }

    /// The method of [`Gen::rules_helper`] with body `code` (one per
    /// distinct body: the first asked gives its attributes `inline`).
    fn rules_helper_named(
        &mut self,
        kind: &str,
        doc: &str,
        code: &TokenStream,
        inline: TokenStream,
    ) -> proc_macro2::Ident {
        self.shared_helper(kind, code, |name| {
            quote! {
                #[doc = #doc]
                #[allow(unused_variables, unused_labels, unused_mut)]
                #inline
                fn #name<S: Sink<Move>>(&self, s: &State, mover: u8, sink: &mut S) -> ControlFlow<()> {
                    #code
                    ControlFlow::Continue(())
                }
            }
        })
    }

    /// A copy of `s` to play on, its history included (the state is
    /// `Copy` unless it keeps the positions seen).
    fn whole_copy(&self) -> TokenStream {
        if self.model.no_repeat.is_some() {
            quote!(s.clone())
        } else {
            quote!(*s)
        }
    }

    /// `turn_length(s, moved, count)`: the most moves `moved`'s turn makes
    /// from `s`, `count` made so far (Ludii's `MaxMoves.getReplayCount`).
    fn turn_length_helper(&mut self) {
        if !self.helper_names.insert("turn_length".to_owned()) {
            return;
        }
        let copy = self.whole_copy();
        self.helpers.push(quote! {
            /// `(max Moves ...)`: the most moves `moved`'s turn makes from
            /// `s`, `count` made so far: while `moved` moves again and the
            /// game goes on, the longest of its continuations.
            fn turn_length(&self, s: &State, moved: u8, count: u32) -> u32 {
                if s.mover != moved || s.results.is_over() {
                    return count;
                }
                let mut legal = MoveBuffer::new();
                Game::legal_moves(self, s, &mut legal);
                legal
                    .iter()
                    .map(|&mv| {
                        let mut copy = #copy;
                        self.apply_move(&mut copy, mv);
                        self.turn_length(&copy, moved, count + 1)
                    })
                    .max()
                    .unwrap_or(0)
            }
        });
    }

    /// Statements marking the copy a `(do ...)` tests as such while its
    /// move is applied, where the `do` has consequences of its own.
    pub(super) fn do_test_marks(&self) -> (TokenStream, TokenStream) {
        if super::rules::tests_leave_out_thens(self.model) {
            (quote!(copy.do_test = true;), quote!(copy.do_test = false;))
        } else {
            (quote!(), quote!())
        }
    }

    /// `(forEach Piece WHO)` of another player: its moves, generated with
    /// WHO as the mover (two players: the generating player is then both
    /// `Next` and `Prev`).
    pub(super) fn moves_for(&mut self, who: PlayerRef, moves: &Moves, emit: Emit) -> TokenStream {
        let p = self.player(who);
        let inner = self.moves(moves, emit);
        quote! {{
            let mover = #p;
            #inner
        }}
    }

    /// `(can Move M)`: whether M has a move, probed (M's moves generic over
    /// their sink, as the play rules', sharing the pieces' methods).
    pub(super) fn can_move(&mut self, moves: &Moves) -> TokenStream {
        const DOC: &str = CAN_MOVE_DOC;
        // Inside a threat test the moves are generated as the enemy's are
        // there: their own threat tests fail (Ludii's `autoFail` holds for
        // the whole probe), `Next` is the test's. Moves that test no threat
        // and read no `Next` are the same either way.
        let text = format!("{moves:?}");
        let differs =
            text.contains("Threatened(") || (self.threat_reads_next && text.contains("Next"));
        if !differs {
            let name = self.rules_helper("can_move", DOC, moves, self.rules());
            let visiting = self.model.ludii_flags.visited;
            return quote!(self.#name(s, mover, &mut Probe::<#visiting>).is_break());
        }
        self.choose_cond(
            Question::Threat,
            |g| {
                let threat = g.rules().fixed(Question::Threat, true);
                let name = g.rules_helper("can_move_in_threat", DOC, moves, threat);
                quote!(self.#name(s, mover, &mut AnyInThreat { next: sink.threat_next() }).is_break())
            },
            |g| {
                let name = g.rules_helper("can_move", DOC, moves, g.rules());
                // Ludii's `CanMove` visits the last move's sites while it probes.
                let visiting = g.model.ludii_flags.visited;
                quote!(self.#name(s, mover, &mut Probe::<#visiting>).is_break())
            },
        )
    }

    /// `(if (can Move M) THEN ELSE)`, where Ludii's descriptions often
    /// name one rule twice (`(if (can Move X) X ...)`): M's rules, only
    /// probed, carry the numbers of THEN's (a probe never applies its
    /// moves, so their numbers are free), and where THEN then renders to
    /// M's code the listing calls the method the probe calls — the rule
    /// rendered once. That method is inlined where it is called (the
    /// listing's code was, and a call costs Senet 7%). `None`: not this
    /// shape, or THEN differs from M, or the code here binds a site or does
    /// other than give its moves to a generic sink.
    pub(super) fn if_can_move_listing(
        &mut self,
        condition: &Cond,
        then: &Moves,
        emit: Emit,
    ) -> Option<TokenStream> {
        let Cond::CanMove(probed) = condition else {
            return None;
        };
        let numbers = self.canonical.as_mut()?;
        let (mut probed_rules, mut listed_rules) = (Vec::new(), Vec::new());
        effects::collect_rules(probed, &[], &mut probed_rules);
        effects::collect_rules(then, &[], &mut listed_rules);
        if probed_rules.len() != listed_rules.len() {
            return None;
        }
        for (p, l) in probed_rules.iter().zip(&listed_rules) {
            if numbers.contains_key(&p.rule) {
                continue;
            }
            if let Some(&n) = numbers.get(&l.rule) {
                numbers.insert(p.rule, n);
            }
        }
        let gives_to_sink = emit(quote!(mv)).to_string() == to_sink(quote!(mv)).to_string();
        if !self.generic() || !gives_to_sink || self.scope.any() {
            return None;
        }
        let purpose = self.rules();
        let listed = self.rules_helper_body(then, purpose);
        if self.rules_helper_body(probed, purpose).to_string() != listed.to_string() {
            return None;
        }
        let name =
            self.rules_helper_named("can_move", CAN_MOVE_DOC, &listed, quote!(#[inline(always)]));
        Some(quote!(self.#name(s, mover, sink)?;))
    }

    /// `(is Threatened WHAT [at:SITE])` (the enemy's own play rules).
    pub(super) fn threatened(&mut self, t: &Threatened) -> TokenStream {
        // Ludii's `autoFail`: a threat test inside a threat test fails.
        self.choose_cond(Question::Threat, |_| quote!(false), |g| g.threat_call(t))
    }

    /// `(is Threatened ...)` outside a threat test.
    fn threat_call(&mut self, t: &Threatened) -> TokenStream {
        self.threat_helper();
        let n_components = self.model.components.len() as i64;
        // Ludii's `Next` in the enemy's moves: the testing state's own
        // where a piece is named, else the threatened owner; 0 where the
        // enemy's moves never read it.
        let reads_next = self.threat_reads_next;
        let next = if reads_next && t.what.is_some() {
            self.player(PlayerRef::Next)
        } else {
            quote!(0)
        };
        match (&t.what, &t.at) {
            (Some(what), None) => {
                let w = self.int(what);
                if self.helper_names.insert("threatened_component".to_owned()) {
                    let sites = self.component_sites(quote!(w));
                    self.helpers.push(quote! {
                        /// `(is Threatened WHAT)`: whether the piece of
                        /// component `w` on the lowest site holding one (Ludii's
                        /// `WhereSite`) is threatened; never for no component.
                        fn threatened_component(&self, s: &State, w: i64, next: u8) -> bool {
                            (1..=#n_components).contains(&w) && {
                                let w = w as u8;
                                match #sites.first_site() {
                                    Some(site) => self.threatened_by_play(s, site as u16, OWNER[w as usize], next),
                                    None => false,
                                }
                            }
                        }
                    });
                }
                quote!(self.threatened_component(s, #w, #next))
            }
            (what, Some(at)) => {
                let (site, _) = self.site(at);
                let next = match what {
                    Some(_) => next,
                    None if reads_next => quote!(OWNER[piece as usize]),
                    None => quote!(0),
                };
                let piece = match what {
                    Some(w) => {
                        let w = self.int(w);
                        quote!({
                            let w = #w;
                            if (1..=#n_components).contains(&w) { w as u8 } else { 0 }
                        })
                    }
                    None => quote!(s.what[site as usize]),
                };
                quote!({
                    let site = #site;
                    site != NO_SITE && {
                        let piece = #piece;
                        piece != 0 && self.threatened_by_play(s, site, OWNER[piece as usize], #next)
                    }
                })
            }
            (None, None) => unreachable!("refused by features: (is Threatened) of every piece"),
        }
    }

    /// `threatened_by_play(s, site, owner, next)`: whether the enemy of
    /// `owner`, moving by its phase's play rules as if it were its turn
    /// (`owner` then `Prev`, `next` Ludii's `Next`), has a move onto
    /// `site`. Emitted once.
    fn threat_helper(&mut self) {
        if !self.helper_names.insert("threatened_by_play".to_owned()) {
            return;
        }
        self.uses_move_to = true;
        self.helpers.push(quote! {
            /// `(is Threatened ...)`: whether the enemy of `owner`, moving by
            /// its play rules as if it were its turn, has a move onto `site`.
            #[allow(unused_variables, unused_labels, clippy::needless_return)]
            fn threatened_by_play(&self, s: &State, site: u16, owner: u8, next: u8) -> bool {
                if owner == 0 {
                    return false;
                }
                let mover = 3 - owner;
                self.play(s, mover, &mut Threat { site, to: Self::move_to, next }).is_break()
            }
        });
    }
}
