//! The module of one game: the emitters' parts (state layout, move
//! generation, rule application, end rules, playout, tables) assembled into
//! the items of the generated file, as the analysis decided.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ir::{EndRule, GameModel, ResultKind, ResultPlayer};
use crate::semantics::{self, turn_limit, MOVE_LIMIT};

use crate::analyse::{features, Analysis, Draw};

use super::purpose::{to_sink, Purpose};
use super::tables::Tables;
use super::{extras, sets, CodegenOptions, Gen};

/// The module's items (without the `@generated` header).
pub fn module<'m>(
    model: &'m GameModel,
    analysis: &'m Analysis<'m>,
    type_name: &str,
    options: &CodegenOptions,
) -> TokenStream {
    let mut g = Gen::new(model, analysis);
    g.canonical = Some(super::rules::canonical_rules(model, analysis));
    let ty = format_ident!("{}", type_name);
    let rt: TokenStream = options.runtime_path.parse().expect("a runtime path");
    let n_sites = model.board.num_sites();
    let words = Literal::usize_unsuffixed(g.tables.words);
    let n_sites_lit = Literal::usize_unsuffixed(n_sites);
    let n_players = model.num_players as usize;
    let n_players_lit = Literal::u8_unsuffixed(model.num_players);
    let turn_limit = Literal::u32_unsuffixed(turn_limit(model.num_players));
    let move_limit = Literal::u32_unsuffixed(MOVE_LIMIT);
    let name = &model.name;
    // Each player is in one phase at a time (`phase[p]`) when there are several.
    let phased = model.phases.len() > 1 || model.phases.iter().any(|p| !p.next.is_empty());
    let by_phase = |g: &mut Gen,
                    code: &mut dyn FnMut(&mut Gen, &crate::ir::Phase) -> TokenStream,
                    player: TokenStream| {
        if !phased {
            return code(g, &model.phases[0]);
        }
        let arms: Vec<TokenStream> = model
            .phases
            .iter()
            .enumerate()
            .map(|(i, phase)| {
                let i = Literal::u8_unsuffixed(i as u8);
                let body = code(g, phase);
                quote!(#i => { #body })
            })
            .collect();
        quote!(match s.phase[#player as usize] { #(#arms)* _ => unreachable!("a phase") })
    };

    // Components: the owner of each (`OWNER[what]`, 0 for none or neutral).
    let owners = std::iter::once(0)
        .chain(model.components.iter().map(|c| c.owner))
        .map(Literal::u8_unsuffixed);
    let n_owner = Literal::usize_unsuffixed(model.components.len() + 1);
    let component_docs: Vec<String> = model
        .components
        .iter()
        .enumerate()
        .map(|(i, c)| format!(" {}: `{}` (player {})", i + 1, c.name, c.owner))
        .collect();

    // Move generation, and the probe for `(no Moves ...)`.
    // A bitboard per component, where some player owns several kinds of
    // piece (its owner's bitboard then does not tell them apart).
    let track_kinds = features::several_kinds(model);
    let when = |t: TokenStream| if track_kinds { vec![t] } else { Vec::new() };
    let kinds_field = if track_kinds {
        quote!(/// The sites of each component (index: `what`). 
            kinds: [Board; #n_owner],)
    } else {
        quote!()
    };
    let kinds_init = if track_kinds {
        quote!(kinds: [Board::EMPTY; #n_owner],)
    } else {
        quote!()
    };
    let kinds_remove_old_i = when(quote!(s.kinds[old as usize].remove(i);));
    let kinds_insert_what_i = when(quote!(s.kinds[what as usize].insert(i);));
    let kinds_remove_old_t = when(quote!(s.kinds[old as usize].remove(t);));
    let kinds_move = when(quote! {
        let kind = &mut s.kinds[what as usize];
        kind.remove(f);
        kind.insert(t);
    });
    let extra = extras::extras(model, &g.analysis.features);
    let extras::Extras {
        items: extra_items,
        fields: extra_fields,
        init: extra_init,
        on_remove,
        helpers: extra_helpers,
    } = extra;
    let hands = super::hands::Hands::new(model);
    let super::hands::HandCode {
        items: hand_items,
        sites_len,
        count_field,
        count_init,
        put_same,
        put_count,
        clear_count,
    } = hands.code();
    // A site's state goes with what stands there: `(set State ...)` may
    // give an empty site one, which a piece put there or a removal resets
    // (the interpreter's `put` and `clear`, after Ludii's actions).
    let reset_state = if g.analysis.features.sets_state {
        quote!(if s.state[i] != 0 {
            Self::set_state(s, i, 0);
        })
    } else {
        quote!()
    };
    // Where pieces have states and sites counts: the site a move empties
    // loses its state, and the moving piece's state goes to its new site
    // (the interpreter's `relocate` and `move_count`, after Ludii's
    // `ActionMove`).
    let states = g.analysis.features.max_state.is_some();
    let (count_state_take, count_state_leave, count_state_arrive) = if states {
        (
            quote!(let st = s.state[f];),
            quote!(Self::set_state(s, f, 0);),
            quote!(Self::set_state(s, t, st);),
        )
    } else {
        (quote!(), quote!(), quote!())
    };
    let state_move = if g.analysis.features.max_state.is_some() {
        quote! {
            let st = s.state[f];
            Self::set_state(s, f, 0);
            Self::set_state(s, t, st);
        }
    } else {
        quote!()
    };

    // Steps and leaps as target sets, where the rules allow: a playout
    // draws from them without listing, and its listing walks them. The
    // legal moves are listed by the rules inlined over the tables, in the
    // walk's order.
    let sets = match &analysis.draw {
        Draw::TargetSets(players) => Some(g.emit_sets(players)),
        _ => None,
    };
    // Every play rule rendered once, generic over what is done with its
    // moves (`play`): `legal_moves` lists them in the walk's order
    // (Ludii's), a playout's own listing in any order where that differs.
    let rules = g.rules();
    let play = g.for_purpose(rules, |g| {
        by_phase(
            g,
            &mut |g, phase| g.moves(&phase.play, &to_sink),
            quote!(mover),
        )
    });
    let playout_listing = match &sets {
        Some(code) => {
            let listing = &code.generate;
            quote!({
                let mover = s.mover;
                #listing
            })
        }
        None => quote!(let _ = self.play(s, s.mover, &mut Listing::<Move, false>(out));),
    };
    let any_by_sets = sets.as_ref().map(|code| code.any.clone());
    let target_conversion = sets.as_ref().map(|code| code.conversion.clone());
    // A playout draws its move without listing the moves, where the
    // analysis found a way.
    let draw = match (sets, &analysis.draw) {
        (
            Some(sets::SetCode {
                items, draw_move, ..
            }),
            _,
        ) => Some((items, draw_move)),
        (None, Draw::SiteWise(rule)) => Some(g.sitewise_draw(rule)),
        (None, Draw::Counted) => Some((quote!(), g.counted_draw())),
        _ => None,
    };
    // Ludii's turn and move limits, unless the game provably ends first.
    let limits = if analysis.skip_limits {
        quote!()
    } else {
        quote! {
            s.results.draw_at_limits(s.turns, #turn_limit, s.moves, #move_limit);
        }
    };
    let [uf_table, uf_fields, uf_init, uf_methods] = g.union_find_code();
    let super::repetition::RepetitionCode {
        fields: repeat_fields,
        init: repeat_init,
        on_put: repeat_put,
        on_clear: repeat_clear,
        on_move: repeat_move,
        items: repeat_items,
        helpers: repeat_helpers,
        record: record_position,
        filter_legal: repeat_filter,
    } = g.repetition_code();
    // The set of positions seen is not `Copy`: the state is `Clone` then.
    let state_derive = if model.no_repeat.is_some() {
        quote!(#[derive(Clone, Debug, PartialEq)])
    } else {
        quote!(#[derive(Clone, Copy, Debug, PartialEq)])
    };
    let record_start = if model.no_repeat.is_some() {
        quote!(Self::record_position(&mut s);)
    } else {
        quote!()
    };
    // What each move records only where some rule reads it.
    let replace_old = if analysis.only_fills {
        quote!(debug_assert!(s.what[i] == 0, "every placement fills an empty site");)
    } else {
        quote! {
            let old = s.what[i];
            if old != 0 {
                s.owned[OWNER[old as usize] as usize].remove(i);
                #(#kinds_remove_old_i)*
                #(#on_remove)*
            }
        }
    };
    let keep_again = if analysis.moves_again {
        quote!(s.again = again;)
    } else {
        quote!()
    };
    // Ludii's `Move.apply` in a game with sequence captures: once the
    // turn ends (no `moveAgain`), the marked pieces leave.
    let clear_marked = match (analysis.features.to_clear, analysis.moves_again) {
        (false, _) => quote!(),
        (true, again) => {
            let ends = if again { quote!(!again) } else { quote!(true) };
            quote! {
                if #ends {
                    let marked = std::mem::replace(&mut s.to_clear, Board::EMPTY);
                    for site in marked.iter() {
                        Self::clear(s, site as u16);
                    }
                }
            }
        }
    };
    // Line masks follow every change of a site (before it is made).
    let (mask_field, mask_init, mark_put, mark_clear, mark_move) = match g.line_mask_state() {
        Some(masks) => (
            masks.field,
            masks.init,
            quote!(Self::mark_lines(s, i, s.what[i], what);),
            quote!(Self::mark_lines(s, i, s.what[i], 0);),
            quote! {
                Self::mark_lines(s, t, s.what[t], what);
                Self::mark_lines(s, f, what, 0);
            },
        ),
        None => (quote!(), quote!(), quote!(), quote!(), quote!()),
    };
    // Ludii's ActionMove where the game counts pieces: one piece of a count
    // leaves its site, which empties with the last; it joins a count of
    // the same component, else replaces what stands there.
    let move_body = if model.requires_count {
        let kinds_leave = when(quote!(s.kinds[what as usize].remove(f);));
        let kinds_arrive = when(quote!(s.kinds[what as usize].insert(t);));
        quote! {
            let what = s.what[from as usize];
            let (f, t) = (from as usize, to as usize);
            #count_state_take
            if s.count[f] > 1 {
                s.count[f] -= 1;
            } else {
                #count_state_leave
                s.what[f] = 0;
                s.count[f] = 0;
                s.owned[OWNER[what as usize] as usize].remove(f);
                #(#kinds_leave)*
                s.occupied.remove(f);
            }
            if s.what[t] == what && s.count[t] > 0 {
                s.count[t] += 1;
            } else {
                let old = s.what[t];
                if old != 0 {
                    s.owned[OWNER[old as usize] as usize].remove(t);
                    #(#kinds_remove_old_t)*
                }
                s.what[t] = what;
                s.count[t] = 1;
                s.owned[OWNER[what as usize] as usize].insert(t);
                #(#kinds_arrive)*
                s.occupied.insert(t);
            }
            #count_state_arrive
            s.last_from = from;
            s.last_to = to;
            s.last_to_after = to;
        }
    } else {
        quote! {
                let what = s.what[from as usize];
                let (f, t) = (from as usize, to as usize);
                #mark_move
                let old = s.what[t];
                if old != 0 {
                    s.owned[OWNER[old as usize] as usize].remove(t);
                    #(#kinds_remove_old_t)*
                }
                s.what[f] = 0;
                s.what[t] = what;
                let mine = &mut s.owned[OWNER[what as usize] as usize];
                mine.remove(f);
                mine.insert(t);
                #(#kinds_move)*
                #state_move
                s.occupied.remove(f);
                s.occupied.insert(t);
                s.last_from = from;
                s.last_to = to;
            s.last_to_after = to;
        }
    };
    let link = if g.analysis.union_find.is_some() {
        quote!(Self::link(s, i, OWNER[what as usize]);)
    } else {
        quote!()
    };
    // The playout the analysis chose.
    let super::playout::PlayoutCode {
        draw_helpers,
        draw_impl,
        trait_fns: playout,
        inherent_fns: playout_fns,
    } = super::playout::playout(&mut g, &ty, &rt, draw);
    let phase_ends: Vec<TokenStream> = model
        .phases
        .iter()
        .enumerate()
        .map(|(i, phase)| {
            let prefix = if phased {
                format!("phase_{}_end", i + 1)
            } else {
                "phase_end".to_owned()
            };
            let calls = end_rules(&mut g, &phase.end, &prefix);
            quote!(#(#calls)*)
        })
        .collect();
    let mut end_calls = if phased {
        let arms = phase_ends.iter().enumerate().map(|(i, calls)| {
            let i = Literal::u8_unsuffixed(i as u8);
            quote!(#i => { #calls })
        });
        vec![quote!(match s.phase[mover as usize] { #(#arms)* _ => {} })]
    } else {
        phase_ends
    };
    end_calls.extend(end_rules(&mut g, &model.end, "end"));
    // The dice and the roll before the moves, in a game with chance.
    let super::dice::DiceCode {
        items: dice_items,
        fields: dice_fields,
        init: dice_init,
        helpers: dice_helpers,
        trait_fns: dice_trait_fns,
        roll_for_listing,
        roll_in_apply,
        pass_then: roll_pass_then,
    } = super::dice::dice(&mut g);
    let explicit_pass = model
        .phases
        .iter()
        .any(|p| features::has_pass_rule(&p.play));
    g.needs_probe |= explicit_pass;
    let probe = if g.needs_probe {
        let code = match any_by_sets {
            Some(any) => any,
            None => quote!(self.play(s, mover, &mut Probe::<false>).is_break()),
        };
        quote! {
            /// Whether `mover` has a move of the play rules (the forced pass
            /// aside), as if it were to move now.
            #[allow(unused_variables, unused_labels, clippy::needless_return)]
            // Read once a move by `(no Moves ...)`: inlined, so that a
            // playout compiled with the bit instructions uses them here too.
            #[inline(always)]
            fn any_moves(&self, s: &State, mover: u8) -> bool {
                #code
            }
        }
    } else {
        quote!()
    };
    // Ludii's stalemated flag: set when the mover passed with no other move.
    let stalemate = if !g.analysis.features.reads_stalemate {
        quote!()
    } else if explicit_pass {
        quote!(if !self.any_moves(s, mover) {
            s.stalemated |= 1 << mover;
        })
    } else {
        quote!(s.stalemated |= 1 << mover;)
    };

    // The kinds of move the rules make: the `Move` enum's variants, arms and keys.
    let kinds = super::move_kinds::move_kinds(&mut g, &hands);
    let (has_add, has_swap) = (kinds.has_add, model.swap);
    let (kinds_variants, kinds_arms) = (&kinds.variants, &kinds.arms);
    let (kinds_keys, kinds_methods) = (&kinds.keys, &kinds.methods);
    // A pass with consequences is a pass too (Ludii's `Move.isPass`).
    let is_pass = if kinds.pass_arms.is_empty() {
        quote!(mv == Move::Pass)
    } else {
        quote!(matches!(mv, Move::Pass | Move::PassThen { .. }))
    };
    // Each pass rule with consequences: the pass (the stalemate flag, the
    // last sites cleared), then the rule's consequences.
    let pass_then_arm = if kinds.pass_arms.is_empty() {
        quote!()
    } else {
        let arms = &kinds.pass_arms;
        quote! {
            Move::PassThen { rule } => {
                #stalemate
                let (from, to) = (NO_SITE, NO_SITE);
                match rule {
                    #(#arms)*
                    _ => unreachable!("a pass rule"),
                }
            }
        }
    };
    let clear_stalemate = if g.analysis.features.reads_stalemate {
        quote!(if !(#is_pass) {
            s.stalemated &= !(1 << mover);
        })
    } else {
        quote!()
    };
    // The all-pass rule reads the last turns. When every turn is one move
    // (no consequence makes a player move again, no swap), "the last n turns
    // were passes" is "the last n moves were passes, or all of them if
    // fewer": a counter of trailing passes suffices.
    // Ludii's all-pass draw, unless the rules test `(all Passed)`
    // themselves (`GameType.NotAllPass`).
    let all_pass_draw = if semantics::all_pass_draw(model) {
        quote! {
            if !s.results.is_over() && passed
                && s.recent.all_passed(NUM_PLAYERS, mover, s.moves)
            {
                s.results.draw_all(EndReason::Terminal);
            }
        }
    } else {
        quote!()
    };
    let (history_type, history_init) = if analysis.pass_counter {
        (quote!(PassCount), quote!(PassCount::new()))
    } else {
        (quote!(RecentMoves), quote!(RecentMoves::new()))
    };
    // `(nextPhase ...)`: each player's phase, after each move.
    let super::phases::PhaseCode {
        field: phase_field,
        init: phase_init,
        call: advance_call,
        method: advance_fn,
    } = super::phases::phases(&mut g, phased);
    // The swap rule: its move, its test, its application.
    let super::swap::SwapCode {
        field: swapped_field,
        init: swapped_init,
        variant: swap_variant,
        key: swap_key,
        method: swap_fn,
        offer: offer_swap,
        arm: swap_arm,
        turn_goes_on: swapped_turn,
    } = super::swap::swap(has_swap, analysis.features.swaps_players);
    // The next mover, after the end rules.
    let (declare_again, pass_turn) =
        super::next_mover::pass_turn(model, analysis.moves_again, &swapped_turn);
    // With more than two players, who moves next depends on who was still
    // in the game before the end rules (a winner who was next plays once
    // more: `Results::next_mover`).
    let snapshot_active = if n_players > 2 {
        quote!(let active_before = s.results.active;)
    } else {
        quote!()
    };
    // Each `(place ...)` of the start rules.
    let start = super::start::start_rules(model);
    let unused_mut = if start.is_empty() {
        quote!(#[allow(unused_mut, clippy::let_and_return)])
    } else {
        quote!()
    };
    let helpers = std::mem::take(&mut g.helpers);
    let tables = std::mem::replace(&mut g.tables, Tables::new(&model.board)).into_items();
    let game_doc = format!(
        " {name}, compiled by ludemic: pieces move on a mailbox with a bitboard per owner."
    );
    let play_doc = model
        .phases
        .iter()
        .map(|p| format!(" `{}`", p.text))
        .collect::<Vec<_>>()
        .join("\n");
    let board_doc = format!(
        " A set of sites of the {n_sites}-site board `{}`.",
        model.board_text
    );

    let promote_helper = if kinds.has_promote || g.uses_promote {
        super::promote::helper()
    } else {
        quote!()
    };
    let add_on_helper = if g.uses_add_on {
        hands.add_on()
    } else {
        quote!()
    };
    // Ludii's ActionMove of a count of pieces (`(fromTo ... count:N)`, a
    // sown seed). A site may be left with a count but no component where
    // Ludii's is (seeds sown from an empty site); the bitboards hold the
    // sites with a component.
    let move_count_helper = if g.uses_move_count {
        let kinds_leave = when(quote!(s.kinds[what as usize].remove(f);));
        let kinds_arrive = when(quote!(s.kinds[what as usize].insert(t);));
        quote! {
            /// `n` pieces leave `from`, which empties with the last, and land
            /// on `to`: on an empty site they stand there, on a count of
            /// their component they join it, else they are lost (Ludii's
            /// `ActionMove` with a count).
            #[inline(always)]
            fn move_count(s: &mut State, from: u16, to: u16, n: u32) {
                let (f, t) = (from as usize, to as usize);
                let what = s.what[f];
                if s.count[f] <= n {
                    #count_state_leave
                    if what != 0 {
                        s.owned[OWNER[what as usize] as usize].remove(f);
                        #(#kinds_leave)*
                        s.occupied.remove(f);
                    }
                    s.what[f] = 0;
                    s.count[f] = 0;
                } else {
                    s.count[f] -= n;
                }
                if s.count[t] == 0 {
                    if n > 0 {
                        s.what[t] = what;
                        s.count[t] = n;
                        if what != 0 {
                            s.owned[OWNER[what as usize] as usize].insert(t);
                            #(#kinds_arrive)*
                            s.occupied.insert(t);
                        }
                    }
                } else if s.what[t] == what {
                    s.count[t] += n;
                }
                s.last_to_after = to;
            }
        }
    } else {
        quote!()
    };
    let apply_fns = super::apply::apply_fns(
        &g,
        &super::apply::ApplyParts {
            arms: kinds_arms.clone(),
            pass: quote!(#stalemate #roll_pass_then),
            roll: roll_in_apply,
            swap_arm: quote!(#swap_arm #pass_then_arm),
            is_pass,
            after_arms: quote!(#clear_stalemate #clear_marked #keep_again),
            declare_again,
            snapshot_active,
            limits,
            advance_call,
            pass_turn,
            record_position,
        },
    );
    let move_to_fn = if g.uses_move_to {
        let kinds = &kinds.move_to;
        let swap = has_swap.then(|| quote!(Move::Swap => NO_SITE,));
        quote! {
            /// The site a move goes to (Ludii's `toNonDecision`), `NO_SITE` for none.
            #[inline(always)]
            const fn move_to(mv: Move) -> u16 {
                match mv {
                    #kinds
                    Move::Pass => NO_SITE,
                    #swap
                }
            }
        }
    } else {
        quote!()
    };
    let view_impl = super::view::view_impl(&super::view::ViewParts {
        model,
        rt: &rt,
        ty: &ty,
        sites_len: &sites_len,
        counted: hands.counted,
        local_state: analysis.features.max_state.is_some(),
        scores: analysis.features.scores,
        swap: has_swap,
        swapped: has_swap || analysis.features.swaps_players,
        pass_then: !kinds.pass_arms.is_empty(),
        add: has_add,
        other_filled: analysis
            .features
            .other_types
            .iter()
            .map(|&t| format_ident!("{}_filled", extras::type_names(t).0))
            .collect(),
    });
    quote! {
        use #rt::{Bits, Game, MoveBuffer, MoveKey, PlayoutResult, Results, Status};
        #[allow(unused_imports)]
        use #rt::{
            count_groups, enclosed_group, enclosed_region, flood, flood_border, for_each_target, grow,
            is_enemy_player, of_site, pick_in_sets, pick_target, run_along, run_through, site_is, zobrist_key,
            zobrist_table, empty_list, every_site, DescendingDraws, EndReason, PassCount, RecentMoves, SeenHashes, SiteKind, SiteRef, Target,
            TargetGroup,
        };
        #[allow(unused_imports)]
        use #rt::{PassHistory as _, RngExt as _};
        #[allow(unused_imports)]
        use #rt::{board_rows, boards, listed_rays, pair_rows, rows, site_lists, MapTable, Found, Kept, Listing, Probe, Sink, Threat, AnyInThreat, Untested};
        use std::ops::ControlFlow;
        use #rt::rand_core::RngCore;

        #[doc = #board_doc]
        pub type Board = Bits<#words>;
        /// Number of sites (Ludii's indices `0..NUM_SITES`).
        pub const NUM_SITES: usize = #n_sites_lit;
        /// Number of players.
        pub const NUM_PLAYERS: u8 = #n_players_lit;
        pub use #rt::NO_SITE;
        /// The rule number of moves that are only probed (`(can Move ...)`),
        /// never applied.
        #[allow(dead_code)]
        const PROBED: u16 = u16::MAX;
        /// Every site of the board.
        #[allow(dead_code)]
        const ALL: Board = Board::first(NUM_SITES);
        /// The owner of each component (`what`, 1-based; 0 is "no piece"):
        #(#[doc = #component_docs])*
        const OWNER: [u8; #n_owner] = [#(#owners),*];
        #hand_items
        #(#extra_items)*
        #dice_items

        #(#tables)*
        #uf_table
        #repeat_items

        /// A move, in the canonical form of [`MoveKey`] through `Game::move_key`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Move {
            #kinds_variants
            /// A pass (forced when there is no other move).
            Pass,
            #swap_variant
        }

        /// A position, with Ludii's bookkeeping (mover, counters, flags, results).
        #state_derive
        pub struct State {
            /// The component on each site (0 when empty).
            what: [u8; #sites_len],
            #count_field
            /// The sites of each owner's pieces (index 0: neutral pieces).
            owned: [Board; #n_players + 1],
            #kinds_field
            occupied: Board,
            #(#extra_fields)*
            #dice_fields
            #uf_fields
            #mask_field
            #phase_field
            #repeat_fields
            mover: u8,
            prev: u8,
            moves: u32,
            turns: u32,
            last_to: u16,
            last_from: u16,
            /// Where the last move's last action happened, consequences included.
            last_to_after: u16,
            /// Bit p: a trigger was raised for player p (never cleared).
            triggers: u32,
            /// Bit p: player p's last move was a forced pass.
            stalemated: u32,
            /// The last move's consequences gave its mover another move.
            again: bool,
            recent: #history_type,
            results: Results,
            #swapped_field
        }

        impl State {
            /// The player to move.
            pub fn mover(&self) -> u8 { self.mover }
            /// The component on `site` (0 when empty).
            pub fn what_at(&self, site: usize) -> u8 { self.what[site] }
            /// The sites of `player`'s pieces (0: neutral pieces).
            pub fn pieces_of(&self, player: u8) -> Board { self.owned[player as usize] }
        }

        #[doc = #game_doc]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct #ty;

        // `never_loop`: a probe returns at the first move a loop finds;
        // `too_many_arguments`: merged copies take their tables.
        #[allow(
            clippy::too_many_arguments,
            clippy::collapsible_if,
            clippy::collapsible_match,
            clippy::nonminimal_bool,
            clippy::manual_range_patterns,
            clippy::never_loop
        )]
        impl #ty {
            #promote_helper

            #add_on_helper

            #move_count_helper

            /// Puts component `what` on `site`, replacing whatever stands there.
            #[inline(always)]
            fn put(s: &mut State, site: u16, what: u8) {
                let i = site as usize;
                #put_same
                #repeat_put
                #mark_put
                #replace_old
                #reset_state
                s.what[i] = what;
                #put_count
                s.owned[OWNER[what as usize] as usize].insert(i);
                #(#kinds_insert_what_i)*
                s.occupied.insert(i);
                #link
                s.last_to_after = site;
            }

            /// Whether a piece of another player than `mover` stands on `site`.
            #[inline(always)]
            fn is_enemy(s: &State, site: u16, mover: u8) -> bool {
                let owner = OWNER[s.what[site as usize] as usize];
                owner != 0 && owner != mover
            }

            /// Whether `player` is still playing and its trigger flag is set.
            #[inline(always)]
            fn is_triggered(s: &State, player: u8) -> bool {
                s.results.is_active(player) && s.triggers & (1 << player) != 0
            }

            /// Removes the piece on `site`, if any.
            #[inline(always)]
            fn clear(s: &mut State, site: u16) {
                let i = site as usize;
                #repeat_clear
                #mark_clear
                let old = s.what[i];
                if old != 0 {
                    s.owned[OWNER[old as usize] as usize].remove(i);
                    #(#kinds_remove_old_i)*
                    #(#on_remove)*
                    s.occupied.remove(i);
                }
                s.what[i] = 0;
                #reset_state
                #clear_count
                s.last_to_after = site;
            }

            /// The piece on `from` goes to `to`, replacing whatever stands there.
            #[inline(always)]
            fn move_piece(s: &mut State, from: u16, to: u16) {
                #repeat_move
                #move_body
            }


            #swap_fn

            #[doc = #play_doc]
            /// Each of `mover`'s moves by the play rules goes to `sink`, in
            /// the walk's order (Ludii's) where the sink asks for it.
            #[allow(unused_variables, unused_labels, unused_mut)]
            // Inlined into each use, so that a playout compiled with the bit
            // instructions lists its moves with them too.
            #[inline(always)]
            fn play<S: Sink<Move>>(&self, s: &State, mover: u8, sink: &mut S) -> ControlFlow<()> {
                #play
                ControlFlow::Continue(())
            }

            /// What every listing of the play rules' moves ends with (the
            /// swap offer, the repetition filter, the forced pass when there
            /// is no move), whatever order it lists them in.
            #[allow(unused_variables)]
            #[inline(always)]
            fn finish_listing(&self, s: &State, out: &mut MoveBuffer<Move>) {
                #offer_swap
                #repeat_filter
                if out.is_empty() { out.push(Move::Pass); }
            }

            #probe

            #apply_fns

            #move_to_fn

            /// The end rules after `mover`'s move, then the all-pass draw.
            #[allow(unused_variables, clippy::collapsible_match)]
            #[inline(always)]
            fn end(&self, s: &mut State, mover: u8, passed: bool) {
                #(#end_calls)*
                #all_pass_draw
            }

            #(#helpers)*

            #(#extra_helpers)*

            #dice_helpers

            #uf_methods

            #repeat_helpers

            #advance_fn

            #draw_helpers

            #playout_fns
        }

        impl Game for #ty {
            type State = State;
            type Move = Move;

            fn name(&self) -> &str { #name }

            fn num_players(&self) -> usize { NUM_PLAYERS as usize }

            #unused_mut
            fn initial_state(&self) -> State {
                let mut s = State {
                    what: [0; #sites_len],
                    #count_init
                    owned: [Board::EMPTY; #n_players + 1],
                    #kinds_init
                    occupied: Board::EMPTY,
                    #(#extra_init)*
                    #dice_init
                    #uf_init
                    #mask_init
                    #phase_init
                    #repeat_init
                    mover: 1,
                    prev: 0,
                    moves: 0,
                    turns: 1,
                    last_to: NO_SITE,
                    last_from: NO_SITE,
                    last_to_after: NO_SITE,
                    triggers: 0,
                    stalemated: 0,
                    again: false,
                    recent: #history_init,
                    results: Results::new(NUM_PLAYERS),
                    #swapped_init
                };
                #(#start)*
                #record_start
                s
            }

            fn legal_moves(&self, s: &State, out: &mut MoveBuffer<Move>) {
                out.clear();
                #roll_for_listing
                let _ = self.play(s, s.mover, &mut Listing::<Move, true>(out));
                self.finish_listing(s, out);
            }

            // The playout lists with its own inlined copy of the listing;
            // every other caller (agents, replays, views) calls
            // `legal_moves`, one function compiled once.
            #[inline(always)]
            fn playout_moves(&self, s: &State, out: &mut MoveBuffer<Move>) {
                out.clear();
                #roll_for_listing
                #playout_listing
                self.finish_listing(s, out);
            }

            fn apply(&self, s: &mut State, mv: Move) { self.apply_move(s, mv) }

            #[inline(always)]
            fn playout_apply(&self, s: &mut State, mv: Move) { self.apply_move(s, mv) }

            // Inlined: every playout ends by asking it, and a call of its
            // own cost Tic-Tac-Toe's a fifteenth.
            #[inline(always)]
            fn status(&self, s: &State) -> Status {
                match s.results.outcome() {
                    Some(outcome) => Status::Over(outcome),
                    None => Status::Ongoing { mover: s.mover },
                }
            }

            #[inline(always)]
            fn is_over(&self, s: &State) -> bool { s.results.is_over() }

            fn moves_played(&self, s: &State) -> u32 { s.moves }

            #kinds_methods

            fn move_key(&self, mv: Move) -> MoveKey {
                match mv {
                    #kinds_keys
                    Move::Pass => MoveKey::PASS,
                    #swap_key
                }
            }

            #playout

            #dice_trait_fns
        }

        #target_conversion

        #draw_impl

        #view_impl
    }
}

/// `(if C (result ...))` rules, in order, each a method documented with its
/// text; a result for a player already out is skipped. Returns the calls.
fn end_rules(g: &mut Gen, rules: &[EndRule], prefix: &str) -> Vec<TokenStream> {
    rules
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let cond = g.for_purpose(Purpose::END_RULE, |g| g.cond(&r.condition));
            let action = match (r.who, r.result) {
                (_, ResultKind::ByScore { misere }) => {
                    // `(byScore {(score P N)...})`: each score set in turn
                    // (a later N sees the earlier ones), then the ranking.
                    let finals: Vec<TokenStream> = r
                        .final_scores
                        .iter()
                        .map(|(who, n)| {
                            let p = g.player(*who);
                            let n = g.int(n);
                            quote! {
                                let score = (#n) as i32;
                                s.scores[#p as usize] = score;
                            }
                        })
                        .collect();
                    quote!(#(#finals)* s.results.by_score(&s.scores, #misere);)
                }
                (ResultPlayer::All, _) | (_, ResultKind::Draw) => {
                    quote!(s.results.draw_all(EndReason::Terminal);)
                }
                (ResultPlayer::Player(p), ResultKind::Win) => {
                    let p = g.player(p);
                    quote!(let p: u8 = #p; if s.results.is_active(p) { s.results.win(p); })
                }
                (ResultPlayer::Player(p), ResultKind::Loss) => {
                    let p = g.player(p);
                    quote!(let p: u8 = #p; if s.results.is_active(p) { s.results.lose(p); })
                }
            };
            let method = format_ident!("{}_rule_{}", prefix, i + 1);
            let doc = format!(" `{}`", r.text);
            g.helpers.push(quote! {
                #[doc = #doc]
                #[allow(unused_variables, unused_labels)]
                // Once per move: a call of its own costs Connect Four a fifth of its playouts.
                #[inline(always)]
                fn #method(&self, s: &mut State, mover: u8) {
                    if #cond { #action }
                }
            });
            quote!(if !s.results.is_over() { self.#method(s, mover); })
        })
        .collect()
}
