//! What a generated state holds beyond the pieces on the board's default
//! sites, when the rules need it: piece states (Reversi's colours) with a
//! bitboard per state, players' scores, and the pieces on elements of
//! other site types (Dots and Boxes' edges), each with its bitboard.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ir::{GameModel, SiteType};

use crate::analyse::Features;

/// The state's extra fields, their initial values and the helpers that
/// keep them, as token streams spliced into the generated module.
pub(super) struct Extras {
    /// Constants: `NUM_STATES`, `NUM_EDGES`, `ALL_EDGES`...
    pub items: Vec<TokenStream>,
    pub fields: Vec<TokenStream>,
    pub init: Vec<TokenStream>,
    /// Statements in `put` after the old piece left (`old`, `i` bound).
    pub on_remove: Vec<TokenStream>,
    /// Associated functions of the game type.
    pub helpers: Vec<TokenStream>,
}

/// The names of a site type's elements in generated code: the state field
/// (`edges`) and the constants' stem (`EDGES`).
pub(super) fn type_names(ty: SiteType) -> (Ident, String) {
    let name = match ty {
        SiteType::Vertex => "vertices",
        SiteType::Edge => "edges",
        SiteType::Cell => "cells",
    };
    (format_ident!("{}", name), name.to_uppercase())
}

/// The constant holding every element of `ty` (`ALL` for the default type).
pub(super) fn all_of(model: &GameModel, ty: SiteType) -> TokenStream {
    if ty == model.board.site_type {
        quote!(ALL)
    } else {
        let id = format_ident!("ALL_{}", type_names(ty).1);
        quote!(#id)
    }
}

pub(super) fn extras(model: &GameModel, features: &Features) -> Extras {
    let mut x = Extras {
        items: Vec::new(),
        fields: Vec::new(),
        init: Vec::new(),
        on_remove: Vec::new(),
        helpers: Vec::new(),
    };
    if features.vars {
        let n = Literal::usize_unsuffixed(model.vars.len().max(1));
        let names: Vec<String> = model
            .vars
            .iter()
            .enumerate()
            .map(|(i, v)| format!(" {i}: `{}`", if v.is_empty() { "(unnamed)" } else { v }))
            .collect();
        x.fields.push(quote! {
            /// The game's variables (`(var ...)`, -1 until set):
            #(#[doc = #names])*
            vars: [i64; #n],
        });
        x.init.push(quote!(vars: [-1; #n],));
    }
    if features.player_values {
        let n = Literal::usize_unsuffixed(model.num_players as usize + 1);
        x.fields.push(quote! {
            /// Each player's value (`(value Player ...)`, -1 until set).
            values: [i64; #n],
        });
        x.init.push(quote!(values: [-1; #n],));
    }
    if let Some(max) = features.max_state {
        let n = Literal::usize_unsuffixed(max as usize + 1);
        let flips = std::iter::once(quote!((0, 0))).chain(model.components.iter().map(|c| {
            let (a, b) = c.flips.unwrap_or((0, 0));
            let (a, b) = (Literal::u8_unsuffixed(a), Literal::u8_unsuffixed(b));
            quote!((#a, #b))
        }));
        let n_owner = Literal::usize_unsuffixed(model.components.len() + 1);
        x.items.push(quote! {
            /// Pieces take states `0..NUM_STATES`.
            const NUM_STATES: usize = #n;
            /// The two states `(flip ...)` turns each component between
            /// (`(0, 0)`: it does not flip). Unread in a game that never
            /// flips (Chess's states are castling flags).
            #[allow(dead_code)]
            const FLIPS: [(u8, u8); #n_owner] = [#(#flips),*];
        });
        // The hands' sites hold one piece each (no counts): their pieces
        // keep their states too; `by_state` is of the board's sites.
        let (sites, on_board) = if model.hands.is_empty() {
            (quote!(NUM_SITES), quote!())
        } else {
            (
                quote!(TOTAL_SITES),
                quote!(if i >= NUM_SITES {
                    s.state[i] = state;
                    return;
                }),
            )
        };
        x.fields.push(quote! {
            /// The state of the piece on each site (0 when empty).
            state: [u8; #sites],
            /// The board's sites in each state (empty sites are in state 0).
            by_state: [Board; NUM_STATES],
        });
        x.init.push(quote! {
            state: [0; #sites],
            by_state: {
                let mut by_state = [Board::EMPTY; NUM_STATES];
                by_state[0] = ALL;
                by_state
            },
        });
        x.on_remove.push(quote! {
            Self::set_state(s, i, 0);
        });
        x.helpers.push(quote! {
            /// Gives the piece on site `i` state `state`.
            #[inline(always)]
            fn set_state(s: &mut State, i: usize, state: u8) {
                #on_board
                let old = s.state[i] as usize;
                s.by_state[old].remove(i);
                s.state[i] = state;
                s.by_state[state as usize].insert(i);
            }

            /// Puts component `what` in state `state` on `site`.
            #[inline(always)]
            fn put_state(s: &mut State, site: u16, what: u8, state: u8) {
                Self::put(s, site, what);
                Self::set_state(s, site as usize, state);
            }

            /// Whether the piece on `site` turns over (`(flip ...)` applies).
            #[inline(always)]
            fn can_flip(s: &State, site: u16) -> bool {
                FLIPS[s.what[site as usize] as usize] != (0, 0)
            }

            /// `(flip S)`: the piece on `site` turns to its other state.
            #[inline(always)]
            fn flip(s: &mut State, site: u16) {
                let (a, b) = FLIPS[s.what[site as usize] as usize];
                if (a, b) == (0, 0) {
                    return;
                }
                let i = site as usize;
                let current = s.state[i];
                let turned = if current == a { b } else if current == b { a } else { current };
                Self::set_state(s, i, turned);
                s.last_to_after = site;
            }

            /// `(sites State N)`.
            #[inline(always)]
            fn sites_in_state(s: &State, n: i64) -> Board {
                if (0..NUM_STATES as i64).contains(&n) { s.by_state[n as usize] } else { Board::EMPTY }
            }
        });
    }
    if features.counter {
        x.fields.push(quote! {
            /// Ludii's move counter: -1 at the start, one more after each
            /// move's end rules and phase changes, set by `(set Counter N)`.
            counter: i32,
        });
        x.init.push(quote!(counter: -1,));
    }
    if features.votes {
        let votes = super::votes::state_code();
        x.fields.push(votes.fields);
        x.init.push(votes.init);
        x.helpers.push(votes.helper);
    }
    if model.ludii_flags.visited {
        x.fields.push(quote! {
            /// The sites visited in the current turn (Ludii's
            /// `State.visited`): emptied when the mover changes, the
            /// move's `from` and `to` added when the turn goes on.
            visited: Board,
        });
        x.init.push(quote!(visited: Board::EMPTY,));
    }
    if features.pending {
        x.fields.push(quote! {
            /// Ludii's pending values (`(set Pending ...)`), all sites:
            /// emptied before each move is applied (`rebootPending`).
            pending: Board,
        });
        x.init.push(quote!(pending: Board::EMPTY,));
    }
    if super::rules::tests_leave_out_thens(model) {
        x.fields.push(quote! {
            /// The state is a `(do ...)`'s test copy, where the `do`'s own
            /// consequences are not applied (Ludii tests before them).
            do_test: bool,
        });
        x.init.push(quote!(do_test: false,));
    }
    if features.to_clear {
        x.fields.push(quote! {
            /// The sites marked by `(remove ... at:EndOfTurn)` (Ludii's
            /// `sites ToClear`): their pieces leave when the turn ends.
            to_clear: Board,
        });
        x.init.push(quote!(to_clear: Board::EMPTY,));
    }
    if model.stacking {
        let cap = features.stack_capacity;
        let (items, fields, init, helpers) = super::stacks::state_code(model, cap);
        x.items.push(items);
        x.fields.push(fields);
        x.init.push(init);
        x.helpers.push(helpers);
    }
    if features.scores {
        x.fields.push(quote! {
            /// Each player's score (index 0 unused).
            scores: [i32; NUM_PLAYERS as usize + 1],
        });
        x.init.push(quote!(scores: [0; NUM_PLAYERS as usize + 1],));
    }
    for &ty in &features.other_types {
        let (field, stem) = type_names(ty);
        let count = model.board.count(ty);
        let num = format_ident!("NUM_{}", stem);
        let all = format_ident!("ALL_{}", stem);
        let filled = format_ident!("{}_filled", field);
        let put = format_ident!("put_{}", field);
        let n = Literal::usize_unsuffixed(count);
        let (doc_num, doc_all) = (
            format!(" Number of {} (Ludii's indices of that type).", field),
            format!(" Every one of the {}.", field),
        );
        let (doc_field, doc_filled, doc_put) = (
            format!(" The component on each of the {} (0 when empty).", field),
            format!(" The {} holding a piece.", field),
            format!(" Puts component `what` on element `site` of the {}.", field),
        );
        x.items.push(quote! {
            #[doc = #doc_num]
            pub const #num: usize = #n;
            #[doc = #doc_all]
            #[allow(dead_code)]
            const #all: Board = Board::first(#num);
        });
        x.fields.push(quote! {
            #[doc = #doc_field]
            #field: [u8; #num],
            #[doc = #doc_filled]
            #filled: Board,
        });
        x.init.push(quote! {
            #field: [0; #num],
            #filled: Board::EMPTY,
        });
        x.helpers.push(quote! {
            #[doc = #doc_put]
            #[inline(always)]
            fn #put(s: &mut State, site: u16, what: u8) {
                let i = site as usize;
                if i >= #num {
                    return;
                }
                s.#field[i] = what;
                if what == 0 {
                    s.#filled.remove(i);
                } else {
                    s.#filled.insert(i);
                }
                s.last_to_after = site;
            }
        });
    }
    x
}

/// Words per bitboard: enough for the largest site type a region may hold.
pub(super) fn words(model: &GameModel, features: &Features) -> usize {
    // A hand's sites are numbered after the board's (`TOTAL_SITES`).
    std::iter::once(model.total_sites())
        .chain(features.other_types.iter().map(|&ty| model.board.count(ty)))
        .max()
        .unwrap_or(0)
        .div_ceil(64)
        .max(1)
}

#[cfg(test)]
mod tests {
    use super::super::inline_games::generate_inline;

    fn generated(text: &str) -> String {
        generate_inline(text).expect("the game compiles")
    }

    /// En passant and a 50-move count as Chess writes them, on a small board.
    const PASSING: &str = r#"(game "Passing" (players {(player N) (player S)})
      (equipment { (board (square 4))
        (piece "Pawn" Each (or
          (move Slide Forward (between (exact 2) if:(is Empty (between))) (to if:(is Empty (to)))
            (then (set Pending (ahead (last To) Backward))))
          (move Step (directions {FR FL}) (to if:(and (is Pending) (= (to) (value Pending))))
            (then (and (remove (ahead (last To) Backward)) (set Counter))))
          (then (if (= (state at:(last To)) 1) (set State at:(last To) 0))))) })
      (rules (start { (place "Pawn1" {"B1" "D1"} state:1) (place "Pawn2" coord:"A4") })
        (play (forEach Piece))
        (end { (if (no Moves Next) (result Mover Win)) (if (= (counter) 9) (result Mover Draw)) })))"#;

    #[test]
    fn pending_sites_and_the_counter_are_kept_in_the_state() {
        let code = generated(PASSING);
        assert!(code.contains("pending: Board,"), "{code}");
        assert!(code.contains("counter: i32,"));
        assert!(code.contains("counter: -1,"));
        // Emptied before each move, counted after its end rules.
        assert!(code.contains("s.pending = Board::EMPTY;"));
        assert!(code.contains("s.counter += 1;"));
        // `(ahead ... Backward)`: a table per absolute direction.
        assert!(code.contains("AHEAD_S_1") && code.contains("AHEAD_N_1"));
        assert!(code.contains("Self::set_state(s,"));
    }
}
