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

use super::moves::Emit;
use super::purpose::{to_sink, Purpose, Question};
use super::Gen;

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
        let test = self.afterwards_test(after);
        if self.generic() {
            // The sink of PRIOR's moves passes on those after which AFTER
            // holds, for the player generating the `do` (also when PRIOR
            // generates another player's moves).
            let tester = quote::format_ident!("{test}_mover");
            let open = untested.iter().filter(|&&q| !self.known_not(q));
            let skip = open.map(|&q| q.constant());
            let keep = quote!(#(#skip ||)* self.#test(s, #tester, mv));
            let code = self.moves(prior, emit);
            return quote! {{
                let #tester = mover;
                let sink = &mut Kept::new(sink, |mv: Move| #keep);
                #code
            }};
        }
        // The test is made for the player generating the `do`, also when
        // PRIOR generates another player's moves (`(forEach Piece Next)`).
        let tester = quote::format_ident!("{test}_mover");
        let kept = emit(quote!(mv));
        let code = self.moves(prior, &|mv| {
            // A nested `do` hands on the `mv` already bound: no rebinding.
            let bind = (mv.to_string() != "mv").then(|| quote!(let mv = #mv;));
            quote! {
                #bind
                if self.#test(s, #tester, mv) { #kept }
            }
        });
        quote! {{
            let #tester = mover;
            #code
        }}
    }

    /// The helper testing AFTER once a move of `mover` is applied, with its
    /// consequences, to a copy (no end rules, no turn change).
    pub(super) fn afterwards_test(&mut self, after: &Cond) -> proc_macro2::Ident {
        self.uses_actions = true;
        // After the move the mover is unchanged and `Next` is the other
        // player (a moveAgain in the copy is dropped, as in Ludii).
        let saved = std::mem::take(&mut self.scope);
        let cond = self.for_purpose(Purpose::PROBE, |g| g.cond(after));
        self.scope = saved;
        let copy = self.state_copy();
        self.shared_helper("afterwards", &cond, |name| {
            quote! {
                /// The `ifAfterwards:` condition of a `(do ...)`, after `mv`.
                #[allow(unused_variables)]
                fn #name(&self, s: &State, mover: u8, mv: Move) -> bool {
                    let mut copy = #copy;
                    copy.mover = mover;
                    self.apply_actions(&mut copy, mv);
                    copy.again = false;
                    let s = &copy;
                    #cond
                }
            }
        })
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
        let saved = (
            std::mem::take(&mut self.scope),
            std::mem::take(&mut self.labels),
        );
        let code = self.for_purpose(self.rules(), |g| g.moves(moves, &to_sink));
        (self.scope, self.labels) = saved;
        let name = self.shared_helper("can_move", &code, |name| {
            quote! {
                /// `(can Move ...)`: the moves, each given to `sink`.
                #[allow(unused_variables, unused_labels, unused_mut)]
                fn #name<S: Sink<Move>>(&self, s: &State, mover: u8, sink: &mut S) -> ControlFlow<()> {
                    #code
                    ControlFlow::Continue(())
                }
            }
        });
        // Ludii's `CanMove` visits the last move's sites while it probes.
        let visiting = self.model.ludii_flags.visited;
        quote!(self.#name(s, mover, &mut Probe::<#visiting>).is_break())
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
        match (&t.what, &t.at) {
            (Some(what), None) => {
                let w = self.int(what);
                let sites = self.component_sites(quote!(w));
                quote!({
                    let w = #w;
                    (1..=#n_components).contains(&w) && {
                        let w = w as u8;
                        // Ludii's `WhereSite`: the lowest site holding it.
                        match #sites.first_site() {
                            Some(site) => self.threatened_by_play(s, site as u16, OWNER[w as usize]),
                            None => false,
                        }
                    }
                })
            }
            (what, Some(at)) => {
                let (site, _) = self.site(at);
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
                        piece != 0 && self.threatened_by_play(s, site, OWNER[piece as usize])
                    }
                })
            }
            (None, None) => unreachable!("refused by features: (is Threatened) of every piece"),
        }
    }

    /// `threatened_by_play(s, site, owner)`: whether the enemy of `owner`,
    /// moving by its phase's play rules as if it were its turn (`owner`
    /// then `Prev` and `Next`), has a move onto `site`. Emitted once.
    fn threat_helper(&mut self) {
        if !self.helper_names.insert("threatened_by_play".to_owned()) {
            return;
        }
        self.uses_move_to = true;
        self.helpers.push(quote! {
            /// `(is Threatened ...)`: whether the enemy of `owner`, moving by
            /// its play rules as if it were its turn, has a move onto `site`.
            #[allow(unused_variables, unused_labels, clippy::needless_return)]
            fn threatened_by_play(&self, s: &State, site: u16, owner: u8) -> bool {
                if owner == 0 {
                    return false;
                }
                let mover = 3 - owner;
                self.play(s, mover, &mut Threat { site, to: Self::move_to }).is_break()
            }
        });
    }
}
