//! The swap rule (`(meta (swap))`, the pie rule): its move, its test, its
//! application.

use proc_macro2::TokenStream;
use quote::quote;

/// The swap rule's code (all empty in a game without it).
pub(super) struct SwapCode {
    /// The state's `swapped` field and its initial value.
    pub field: TokenStream,
    pub init: TokenStream,
    /// The `Move::Swap` variant and its key.
    pub variant: TokenStream,
    pub key: TokenStream,
    /// `swap_allowed`.
    pub method: TokenStream,
    /// Offering the move in a listing.
    pub offer: TokenStream,
    /// Its application.
    pub arm: TokenStream,
    /// The condition, added to a turn's end test, that a swap goes on with the turn.
    pub turn_goes_on: TokenStream,
}

/// The swap rule's code where the game `has_swap`; the `swapped` field
/// also where a consequence swaps the players (`keeps_swapped`).
pub(super) fn swap(has_swap: bool, keeps_swapped: bool) -> SwapCode {
    let (field, init) = if has_swap || keeps_swapped {
        (
            quote! {
                /// Whether the swap was made: role 2 plays role 1's side.
                swapped: bool,
            },
            quote!(swapped: false,),
        )
    } else {
        (quote!(), quote!())
    };
    let (variant, key, method, offer, arm, turn_goes_on) = if has_swap {
        (
            quote! {
                /// The swap rule: role 2 takes over role 1's side and moves again.
                Swap,
            },
            quote!(Move::Swap => MoveKey::SWAP,),
            quote! {
                /// The swap move is offered on the second move, to the second player.
                #[inline(always)]
                fn swap_allowed(&self, s: &State) -> bool {
                    s.moves == NUM_PLAYERS as u32 - 1 && s.prev != 0 && s.prev != s.mover
                }
            },
            quote!(if self.swap_allowed(s) {
                out.push(Move::Swap);
            }),
            quote! {
                Move::Swap => {
                    s.last_to = NO_SITE;
                    s.last_from = NO_SITE;
                    s.last_to_after = NO_SITE;
                    s.recent.record(mover, false);
                    s.moves += 1;
                    s.swapped = !s.swapped;
                    again = true;
                }
            },
            quote!(|| mv == Move::Swap),
        )
    } else {
        (quote!(), quote!(), quote!(), quote!(), quote!(), quote!())
    };
    SwapCode {
        field,
        init,
        variant,
        key,
        method,
        offer,
        arm,
        turn_goes_on,
    }
}
