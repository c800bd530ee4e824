//! `apply_move`: a move's actions by its kind's arm (the forced pass and
//! the swap included), then what Ludii's `Game.apply` does after them —
//! the end rules, the limits, the phases, the next mover. Where `(do ...)`
//! applies moves to copies, the actions are `apply_actions` of their own.

use proc_macro2::TokenStream;
use quote::quote;

use super::Gen;

/// The parts of `apply_move` the module's other builders make.
pub(super) struct ApplyParts {
    /// The arms of the kinds of move (`Move::Add`, `Move::Piece`, ...).
    pub arms: TokenStream,
    /// What a pass does beyond clearing the last sites (the stalemate
    /// flag, a roll's consequences).
    pub pass: TokenStream,
    /// The dice rolled before the move, in a game with chance.
    pub roll: TokenStream,
    /// The swap's arm, if the game has one (and the arm of the passes with
    /// consequences).
    pub swap_arm: TokenStream,
    /// Whether `mv` is a pass (with consequences or without).
    pub is_pass: TokenStream,
    /// After any move's actions (the stalemate flag cleared, `again` kept).
    pub after_arms: TokenStream,
    /// `let mut again = false;` where a move may give another.
    pub declare_again: TokenStream,
    /// Who was active before the end rules (more than two players).
    pub snapshot_active: TokenStream,
    /// Ludii's turn and move limits.
    pub limits: TokenStream,
    /// The phases' advance after the move.
    pub advance_call: TokenStream,
    /// The next mover.
    pub pass_turn: TokenStream,
    /// The position recorded for the no-repetition rule.
    pub record_position: TokenStream,
}

/// `apply_move` (and `apply_actions`) of the game `g` generates.
pub(super) fn apply_fns(g: &Gen, parts: &ApplyParts) -> TokenStream {
    let analysis = g.analysis;
    let ApplyParts {
        arms,
        pass,
        roll,
        swap_arm,
        is_pass,
        after_arms,
        declare_again,
        snapshot_active,
        limits,
        advance_call,
        pass_turn,
        record_position,
    } = parts;
    let moves_arms = quote! {
        match mv {
            #arms
            Move::Pass => {
                #pass
                s.last_to = NO_SITE;
                s.last_from = NO_SITE;
                s.last_to_after = NO_SITE;
                s.recent.record(mover, true);
                s.moves += 1;
            }
            #swap_arm
        }
        #after_arms
    };
    // Ludii's `Game.apply` counts the move after its end rules and phases.
    let count_move = if analysis.features.counter {
        quote!(s.counter += 1;)
    } else {
        quote!()
    };
    // Pending values last until the next move is applied (`rebootPending`
    // in `Game.applyInternal`; the copies a `(do ...)` tests keep them).
    let reboot_pending = if analysis.features.pending {
        quote!(s.pending = Board::EMPTY;)
    } else {
        quote!()
    };
    let rest_of_apply = quote! {
        #snapshot_active
        self.end(s, mover, #is_pass);
        #limits
        // Phases advance before the mover becomes `Prev`, as in
        // `Game.applyInternal`.
        if s.results.is_over() {
            s.prev = mover;
            #count_move
            return;
        }
        #advance_call
        s.prev = mover;
        #count_move
        #pass_turn
        #record_position
    };
    if !g.uses_actions {
        quote! {
            /// Applies a move: its actions and consequences, the end rules,
            /// the limits, then the next mover (Ludii's `Game.apply`).
            // `unused_assignments`: a move's consequences may give another
            // move on several of their paths, one after another.
            #[allow(unused_variables, unused_mut, unused_assignments, unreachable_patterns)]
            #[inline(always)]
            fn apply_move(&self, s: &mut State, mv: Move) {
                let mover = s.mover;
                #roll
                #reboot_pending
                #declare_again
                #moves_arms
                #rest_of_apply
            }
        }
    } else {
        // `(do ...)` applies moves to copies: the actions apart.
        let (returns, result, bind) = if analysis.moves_again {
            (quote!(-> bool), quote!(again), quote!(let again =))
        } else {
            (quote!(), quote!(), quote!())
        };
        quote! {
            /// A move's actions and consequences (Ludii's `Move.apply`),
            /// and whether the mover moves again.
            // `unused_assignments`: a move's consequences may give another
            // move on several of their paths, one after another.
            #[allow(unused_variables, unused_mut, unused_assignments, unreachable_patterns)]
            #[inline(always)]
            fn apply_actions(&self, s: &mut State, mv: Move) #returns {
                let mover = s.mover;
                #declare_again
                #moves_arms
                #result
            }

            /// Applies a move: its actions and consequences, the end rules,
            /// the limits, then the next mover (Ludii's `Game.apply`).
            #[allow(unused_variables)]
            #[inline(always)]
            fn apply_move(&self, s: &mut State, mv: Move) {
                let mover = s.mover;
                #roll
                #reboot_pending
                #bind self.apply_actions(s, mv);
                #rest_of_apply
            }
        }
    }
}
