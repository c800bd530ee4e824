//! The generated module's [`PositionView`](ludemic_runtime::PositionView):
//! plain reads of the state's fields for the heuristics and the tensors
//! (`runtime/src/view.rs`), never called in playouts, so always emitted.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ir::GameModel;

/// What the view reads: which fields the state has.
pub(super) struct ViewParts<'a> {
    pub model: &'a GameModel,
    pub rt: &'a TokenStream,
    pub ty: &'a proc_macro2::Ident,
    /// `TOTAL_SITES` or `NUM_SITES`: the length of `what`.
    pub sites_len: &'a TokenStream,
    /// A `count` per site (Ludii's `requiresCount`).
    pub counted: bool,
    /// Piece states (`state`, board sites only).
    pub local_state: bool,
    pub scores: bool,
    /// The swap rule's move (`Move::Swap`).
    pub swap: bool,
    /// The state keeps whether the roles' agents are swapped (`swapped`).
    pub swapped: bool,
    /// Passes with consequences (`Move::PassThen`).
    pub pass_then: bool,
    pub add: bool,
    /// The fields of the other site types' filled elements (`edges_filled`...).
    pub other_filled: Vec<proc_macro2::Ident>,
}

pub(super) fn view_impl(p: &ViewParts) -> TokenStream {
    let ViewParts {
        rt, ty, sites_len, ..
    } = p;
    // How many pieces a site holds outside the stacks.
    let flat_count = if p.counted {
        quote!(s.count[site])
    } else {
        quote!(u32::from(s.what[site] != 0))
    };
    let (count, height, stack_what) = if p.model.stacking {
        (
            quote! {
                if site < NUM_SITES { u32::from(s.heights[site]) } else { #flat_count }
            },
            // A hand's site is a stack of its one component.
            quote! {
                if site < NUM_SITES { s.heights[site] as usize } else { #flat_count as usize }
            },
            quote! {
                if site < NUM_SITES { u32::from(s.stacks[site][level]) } else { u32::from(s.what[site]) }
            },
        )
    } else {
        (flat_count, quote!(0), quote!(0))
    };
    let local_state = if p.local_state {
        quote!(s.state.get(site).map_or(0, |&x| u32::from(x)))
    } else {
        quote!(0)
    };
    let score = if p.scores {
        quote!(s.scores.get(p as usize).copied().unwrap_or(0))
    } else {
        quote!(0)
    };
    let (agent, order_changed) = if p.swapped {
        (
            quote! {
                match (s.swapped, s.mover) {
                    (true, 1) => 2,
                    (true, 2) => 1,
                    (_, p) => p,
                }
            },
            quote!(s.swapped),
        )
    } else {
        (quote!(s.mover), quote!(false))
    };
    let off_grid = if p.other_filled.is_empty() {
        quote!(false)
    } else {
        let filled = &p.other_filled;
        quote!(#(!s.#filled.is_empty())||*)
    };
    let ground = match (p.add, p.swap) {
        (true, true) => quote!(Move::Add { .. } | Move::Pass | Move::Swap),
        (true, false) => quote!(Move::Add { .. } | Move::Pass),
        (false, true) => quote!(Move::Pass | Move::Swap),
        (false, false) => quote!(Move::Pass),
    };
    let ground = if p.pass_then {
        quote!(#ground | Move::PassThen { .. })
    } else {
        ground
    };
    quote! {
        /// The position as the heuristics and the tensors read it (never
        /// called in playouts).
        #[allow(unused_variables, unreachable_patterns, clippy::match_like_matches_macro, clippy::clone_on_copy)]
        impl #rt::PositionView for #ty {
            fn total_sites(&self) -> usize { #sites_len }
            fn what_at(&self, s: &State, site: usize) -> u32 { u32::from(s.what[site]) }
            fn owner_at(&self, s: &State, site: usize) -> u8 { OWNER[s.what[site] as usize] }
            fn component_owner(&self, what: u32) -> u8 {
                OWNER.get(what as usize).copied().unwrap_or(0)
            }
            fn count_at(&self, s: &State, site: usize) -> u32 { #count }
            fn local_state_at(&self, s: &State, site: usize) -> u32 { #local_state }
            fn stack_height(&self, s: &State, site: usize) -> usize { #height }
            fn stack_what(&self, s: &State, site: usize, level: usize) -> u32 { #stack_what }
            fn score(&self, s: &State, p: u8) -> i32 { #score }
            fn mover(&self, s: &State) -> u8 { s.mover }
            fn with_mover(&self, s: &State, p: u8) -> State {
                let mut copy = s.clone();
                copy.prev = copy.mover;
                copy.mover = p;
                copy
            }
            fn mover_agent(&self, s: &State) -> u8 { #agent }
            fn order_changed(&self, s: &State) -> bool { #order_changed }
            fn pieces_off_grid(&self, s: &State) -> bool { #off_grid }
            /// Placements, passes and swaps keep the move's levels at the
            /// ground (Ludii's); other moves' levels are not modelled.
            fn move_levels(&self, mv: Move) -> Option<(u32, u32)> {
                match mv {
                    #ground => Some((0, 0)),
                    _ => None,
                }
            }
        }
    }
}
