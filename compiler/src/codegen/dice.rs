//! Dice as chance: the faces the shared dice show, the chance outcome the
//! next roll gives them, and the roll a phase makes before its moves
//! (`(do (roll) next:MOVES)`, the library's `"RollMove"`), as the
//! interpreter's `rolled` and Ludii's `Do.eval` with `Die.roll`.
//!
//! The chance outcome is part of the state: a playout draws it
//! (`Game::draw_chance`) before it lists the moves, a replay forces
//! Ludii's (`Game::force_chance`). The listing reads a copy of the state
//! with the dice rolled; applying a move rolls the state itself first, so
//! every move (the forced pass included) carries the roll, as Ludii's
//! `Do.prependPreMoves` makes it.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::purpose::Purpose;
use super::Gen;

/// What the module splices in for a game with dice; empty streams without.
pub(super) struct DiceCode {
    pub items: TokenStream,
    pub fields: TokenStream,
    pub init: TokenStream,
    /// Helpers of the game type (`roll_due`, `rolled`, `count_pips`).
    pub helpers: TokenStream,
    /// `Game::chance` and `Game::force_chance`.
    pub trait_fns: TokenStream,
    /// At the start of a listing: `s` becomes the rolled copy.
    pub roll_for_listing: TokenStream,
    /// At the start of `apply_move`: the state is rolled.
    pub roll_in_apply: TokenStream,
    /// In the pass's arm: the roll's own consequences, where the dice allow
    /// no move (the `do`'s `(then ...)` follows the pass it forces).
    pub pass_then: TokenStream,
}

impl DiceCode {
    fn none() -> Self {
        DiceCode {
            items: quote!(),
            fields: quote!(),
            init: quote!(),
            helpers: quote!(),
            trait_fns: quote!(),
            roll_for_listing: quote!(),
            roll_in_apply: quote!(),
            pass_then: quote!(),
        }
    }
}

/// The dice code of `g`'s game: each phase rolls before its moves or not
/// (the mover's phase decides).
pub(super) fn dice(g: &mut Gen) -> DiceCode {
    let model = g.model;
    let Some(dice) = &model.dice else {
        return DiceCode::none();
    };
    let num = Literal::usize_unsuffixed(dice.faces.len());
    let first = Literal::u32_unsuffixed(dice.first as u32);
    let faces = dice.faces.iter().map(|f| {
        let values = f.iter().map(|&v| Literal::i64_unsuffixed(v));
        quote!(&[#(#values),*])
    });
    let docs: Vec<String> = dice
        .faces
        .iter()
        .enumerate()
        .map(|(d, f)| format!(" Die {d}: faces {f:?}."))
        .collect();
    let items = quote! {
        /// The number of dice (`(dice ...)`).
        const NUM_DICE: usize = #num;
        /// The first die's site in Ludii's numbering (after the hands).
        const FIRST_DIE: u32 = #first;
        /// Each die's face values, in face order.
        #(#[doc = #docs])*
        const DIE_FACES: [&[i64]; NUM_DICE] = [#(#faces),*];
    };
    let fields = quote! {
        /// The face each die shows (an index into `DIE_FACES`).
        dice: [u8; NUM_DICE],
        /// The face the next roll gives each die: the chance outcome, drawn
        /// by the playout or forced by a replay before the moves are listed.
        chance: [u8; NUM_DICE],
    };
    let init = quote! {
        dice: [0; NUM_DICE],
        chance: [0; NUM_DICE],
    };
    // Per phase: whether it rolls, and the roll's consequences following
    // the pass it forces.
    let mut dues = Vec::new();
    let mut pass_thens = Vec::new();
    for phase in &model.phases {
        let roll = phase.roll.as_ref();
        dues.push(match roll.and_then(|r| r.when.as_ref()) {
            _ if roll.is_none() => quote!(false),
            None => quote!(true),
            Some(c) => g.for_purpose(Purpose::LISTING, |g| g.cond(c)),
        });
        pass_thens.push(match roll.and_then(|r| r.then.as_ref()) {
            Some(e) => {
                g.needs_probe = true;
                let effect = g.for_purpose(Purpose::LISTING, |g| g.effect(e));
                quote! {
                    if !self.any_moves(s, mover) {
                        #effect
                    }
                }
            }
            None => quote!(),
        });
    }
    let by_phase = |code: Vec<TokenStream>, otherwise: TokenStream| -> TokenStream {
        if code.len() == 1 {
            return code.into_iter().next().unwrap_or(otherwise);
        }
        let arms = code.into_iter().enumerate().map(|(i, c)| {
            let i = Literal::u8_unsuffixed(i as u8);
            quote!(#i => { #c })
        });
        quote!(match s.phase[mover as usize] { #(#arms)* _ => #otherwise })
    };
    // Phases that roll or not whatever the state: a test of the phase.
    let fixed: Option<Vec<bool>> = dues
        .iter()
        .map(|d| match d.to_string().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        })
        .collect();
    let due = match fixed {
        Some(rolls) if rolls.iter().all(|&r| r) => quote!(true),
        Some(rolls) if rolls.iter().all(|&r| !r) => quote!(false),
        Some(rolls) => {
            let phases = rolls
                .iter()
                .enumerate()
                .filter(|(_, &r)| r)
                .map(|(i, _)| Literal::u8_unsuffixed(i as u8));
            quote!(matches!(s.phase[mover as usize], #(#phases)|*))
        }
        None => by_phase(dues, quote!(false)),
    };
    let pass_then = if pass_thens.iter().all(TokenStream::is_empty) {
        quote!()
    } else {
        by_phase(pass_thens, quote!({}))
    };
    let copy = g.state_copy();
    let roll_text = if let [phase] = &model.phases[..] {
        format!(
            " Whether the mover's phase rolls the dice before its moves (`{}`).",
            phase.text
        )
    } else {
        " Whether the mover's phase rolls the dice before its moves.".to_owned()
    };
    let helpers = quote! {
        #[doc = #roll_text]
        #[allow(unused_variables)]
        #[inline(always)]
        fn roll_due(&self, s: &State) -> bool {
            let mover = s.mover;
            #due
        }

        /// A copy of `s` with the dice rolled, where the mover rolls.
        #[inline(always)]
        fn rolled(&self, s: &State) -> Option<State> {
            self.roll_due(s).then(|| {
                let mut rolled = #copy;
                rolled.dice = rolled.chance;
                rolled
            })
        }

        /// `(count Pips)`: the sum of the values the dice show.
        #[inline(always)]
        fn count_pips(s: &State) -> i64 {
            let mut sum = 0;
            for (faces, &face) in DIE_FACES.iter().zip(&s.dice) {
                sum += faces[face as usize];
            }
            sum
        }
    };
    let trait_fns = quote! {
        fn chance(&self, s: &State) -> Vec<(u32, u32)> {
            if self.roll_due(s) {
                (0..NUM_DICE)
                    .map(|d| (FIRST_DIE + d as u32, DIE_FACES[d].len() as u32))
                    .collect()
            } else {
                Vec::new()
            }
        }

        fn force_chance(&self, s: &mut State, faces: &[(u32, u32)]) {
            for &(site, face) in faces {
                let d = site.wrapping_sub(FIRST_DIE) as usize;
                if d < NUM_DICE {
                    s.chance[d] = face.min(DIE_FACES[d].len() as u32 - 1) as u8;
                }
            }
        }
    };
    DiceCode {
        items,
        fields,
        init,
        helpers,
        trait_fns,
        roll_for_listing: quote! {
            let rolled = self.rolled(s);
            let s = rolled.as_ref().unwrap_or(s);
        },
        roll_in_apply: quote! {
            if self.roll_due(s) {
                s.dice = s.chance;
            }
        },
        pass_then,
    }
}
