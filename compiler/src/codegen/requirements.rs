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
use super::purpose::{Purpose, Question};
use super::Gen;

impl Gen<'_> {
    /// `(do PRIOR ifAfterwards:AFTER)`: PRIOR's moves for which
    /// `afterwards_N` holds.
    pub(super) fn do_moves(&mut self, prior: &Moves, after: &Cond, emit: Emit) -> TokenStream {
        if self.is(Question::Threat) && decided_in_threat(after) == Some(true) {
            return self.moves(prior, emit);
        }
        let test = self.afterwards_test(after);
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

    /// `(can Move M)`: whether M has a move, probed.
    pub(super) fn can_move(&mut self, moves: &Moves) -> TokenStream {
        let saved = std::mem::take(&mut self.scope);
        let purpose = Purpose::PROBE.visiting(self.model.ludii_flags.visited);
        let code = self.for_purpose(purpose, |g| g.moves(moves, &|_| quote!(return true;)));
        self.scope = saved;
        let name = self.shared_helper("can_move", &code, |name| {
            quote! {
                /// `(can Move ...)`: whether the moves exist.
                #[allow(unused_variables, unused_labels, clippy::needless_return)]
                fn #name(&self, s: &State, mover: u8) -> bool {
                    #code
                    false
                }
            }
        });
        quote!(self.#name(s, mover))
    }

    /// `(is Threatened WHAT [at:SITE])` (the enemy's own play rules).
    pub(super) fn threatened(&mut self, t: &Threatened) -> TokenStream {
        if self.is(Question::Threat) {
            // Ludii's `autoFail`: a threat test inside a threat test fails.
            return quote!(false);
        }
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
        let saved = (std::mem::take(&mut self.scope), self.purpose);
        self.purpose = Purpose::THREAT;
        let emit: Emit = &|mv| quote!(if Self::move_to(#mv) == site { return true; });
        let model = self.model;
        let code = if model.phases.len() == 1 {
            self.moves(&model.phases[0].play, emit)
        } else {
            let arms: Vec<TokenStream> = model
                .phases
                .iter()
                .enumerate()
                .map(|(i, phase)| {
                    let i = proc_macro2::Literal::u8_unsuffixed(i as u8);
                    let body = self.moves(&phase.play, emit);
                    quote!(#i => { #body })
                })
                .collect();
            quote!(match s.phase[mover as usize] { #(#arms)* _ => {} })
        };
        (self.scope, self.purpose) = saved;
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
                #code
                false
            }
        });
    }
}
