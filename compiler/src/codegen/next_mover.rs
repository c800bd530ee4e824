//! Who moves next: the same player after `(moveAgain)` or a swap, where
//! the rules have them; with two players, the other one (the game is over
//! once either leaves); else the next still in the game.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ir::GameModel;

/// The declaration of the `again` flag (where a player may move again)
/// and the statements ending the turn: the next mover, the turn count,
/// the visited sites. `swapped_turn` is the swap's part of the test
/// whether the turn goes on.
pub(super) fn pass_turn(
    model: &GameModel,
    moves_again: bool,
    swapped_turn: &TokenStream,
) -> (TokenStream, TokenStream) {
    // `Game.applyInternal` with `GameType.Visited`: a new turn forgets the
    // visited sites, a turn going on visits the move's `from` and `to`.
    let visit = if model.ludii_flags.visited {
        quote! {
            if next != mover {
                s.visited = Board::EMPTY;
            } else {
                if s.last_from != NO_SITE {
                    s.visited.insert(s.last_from as usize);
                }
                if s.last_to != NO_SITE {
                    s.visited.insert(s.last_to as usize);
                }
            }
        }
    } else {
        quote!()
    };
    match (moves_again, model.num_players == 2) {
        (false, true) => (
            quote!(),
            quote! {
                let next = 3 - mover;
                s.turns += 1;
                #visit
                s.mover = next;
            },
        ),
        (false, false) => (
            quote!(),
            quote! {
                let next = s.results.next_mover(mover, active_before);
                if next != mover {
                    s.turns += 1;
                }
                #visit
                s.mover = next;
            },
        ),
        (true, two) => {
            let next = if two {
                quote!(if again { mover } else { 3 - mover })
            } else {
                quote!(if again && s.results.is_active(mover) {
                    mover
                } else {
                    s.results.next_mover(mover, active_before)
                })
            };
            (
                quote!(let mut again = false;),
                quote! {
                    let next = #next;
                    if next != mover #swapped_turn {
                        s.turns += 1;
                    }
                    #visit
                    s.mover = next;
                    // Ludii's `next` is the following player again once
                    // the turn goes on.
                    s.again = false;
                },
            )
        }
    }
}
