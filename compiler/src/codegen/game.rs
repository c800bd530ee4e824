//! The generated game: `State`, `Move`, the game type with its rules as
//! methods, and its `Game` implementation with the chosen playout.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::analyse::{select_playouts, Analysis};
use crate::interp::{MOVE_LIMIT, TURN_LIMIT_PER_PLAYER};
use crate::ir::{EndRule, GameModel, ResultKind, ResultPlayer};

use super::rules::{all_adds, Gen};
use super::CodegenOptions;

/// The module's items (without the `@generated` header).
pub fn module(
    model: &GameModel,
    analysis: &Analysis,
    type_name: &str,
    options: &CodegenOptions,
) -> TokenStream {
    let mut g = Gen::new(model);
    g.line_windows = analysis.line_windows;
    g.union_find = analysis.union_find.clone();
    let ty = format_ident!("{}", type_name);
    let rt: TokenStream = options.runtime_path.parse().expect("a runtime path");
    let n_sites = model.board.num_sites();
    let words = Literal::usize_unsuffixed(g.tables.words);
    let n_sites_lit = Literal::usize_unsuffixed(n_sites);
    let n_players = model.num_players as usize;
    let turn_limit = Literal::u32_unsuffixed(TURN_LIMIT_PER_PLAYER * model.num_players as u32);
    let move_limit = Literal::u32_unsuffixed(MOVE_LIMIT);
    let n_players_lit = Literal::u8_unsuffixed(model.num_players);
    let n_components = Literal::usize_unsuffixed(model.components.len());
    let name = &model.name;

    // Components: owner of each, for what/owner lookups.
    let owner_arms = model.components.iter().enumerate().map(|(i, c)| {
        let (i, w, o) = (
            Literal::usize_unsuffixed(i),
            Literal::u8_unsuffixed(i as u8 + 1),
            Literal::u8_unsuffixed(c.owner),
        );
        (
            quote!(if s.pieces[#i].contains(site) { return #w; }),
            quote!(if s.pieces[#i].contains(site) { return #o; }),
        )
    });
    let (what_tests, owner_tests): (Vec<_>, Vec<_>) = owner_arms.unzip();
    let player_pieces_arms = (1..=n_players).map(|p| {
        let parts: Vec<TokenStream> = model
            .components
            .iter()
            .enumerate()
            .filter(|(_, c)| c.owner as usize == p)
            .map(|(i, _)| {
                let i = Literal::usize_unsuffixed(i);
                quote!(.or(s.pieces[#i]))
            })
            .collect();
        let p = Literal::u8_unsuffixed(p as u8);
        quote!(#p => Board::EMPTY #(#parts)*,)
    });

    // Move generation: one method per phase, documented with its play rule.
    let mut play_methods = Vec::new();
    let gen_arms: Vec<TokenStream> = model
        .phases
        .iter()
        .enumerate()
        .map(|(i, phase)| {
            let code = g.moves(&phase.play, &|mv, _site| quote!(out.push(#mv);));
            let method = format_ident!(
                "play_{}",
                snake(if phase.name.is_empty() {
                    "rule"
                } else {
                    &phase.name
                })
            );
            let doc = format!(" `{}`", phase.text);
            play_methods.push(quote! {
                #[doc = #doc]
                #[allow(unused_labels, unused_variables)]
                fn #method(&self, s: &State, mover: u8, out: &mut MoveBuffer<Move>) { #code }
            });
            let i = Literal::u8_unsuffixed(i as u8);
            quote!(#i => self.#method(s, mover, out),)
        })
        .collect();

    let generate_body = if gen_arms.len() == 1 {
        let method = format_ident!(
            "play_{}",
            snake(if model.phases[0].name.is_empty() {
                "rule"
            } else {
                &model.phases[0].name
            })
        );
        quote!(self.#method(s, mover, out);)
    } else {
        quote!(match s.phase[mover as usize] { #(#gen_arms)* _ => {} })
    };

    // Consequences per rule.
    let adds = all_adds(model);
    let then_arms: Vec<TokenStream> = adds
        .iter()
        .filter_map(|a| {
            let effect = a.then.as_ref()?;
            let code = g.effect(effect);
            let rule = Literal::u8_unsuffixed(a.rule as u8);
            Some(quote!(#rule => #code,))
        })
        .collect();
    let piece_arms: Vec<TokenStream> = adds
        .iter()
        .map(|a| {
            let rule = Literal::u8_unsuffixed(a.rule as u8);
            let piece = g.rule_piece(a.rule);
            quote!(#rule => #piece,)
        })
        .collect();

    let what_code = if adds.iter().all(|a| a.piece == crate::ir::PieceRef::Mover) {
        quote!(mover)
    } else {
        quote!(match rule { #(#piece_arms)* _ => mover })
    };
    let then_code = if then_arms.is_empty() {
        quote!(let _ = rule;)
    } else {
        quote!(again = match rule { #(#then_arms)* _ => false };)
    };

    // The all-pass rule reads the last turns. When every turn is one move
    // (no consequence makes a player move again, no swap), "the last n turns
    // were passes" is "the last n moves were passes": a counter suffices.
    let (history_type, history_init, push_move, push_pass, all_passed) = if analysis.pass_counter {
        (
            quote!(u8),
            quote!(0),
            quote!(s.recent = 0;),
            quote!(s.recent = s.recent.saturating_add(1);),
            quote!(s.recent >= NUM_PLAYERS),
        )
    } else {
        (
            quote!(RecentMoves),
            quote!(RecentMoves::new()),
            quote!(s.recent.push(mover, false);),
            quote!(s.recent.push(mover, true);),
            quote!(s.recent.all_passed(NUM_PLAYERS as usize, mover)),
        )
    };
    // Ludii's turn and move limits, unless the game provably ends first: when
    // every move fills an empty site (or passes, or swaps), a game lasts at
    // most (sites + 1) * (players + 1) moves, since n passes in a row end it.
    let limits = if analysis.skip_limits {
        quote!()
    } else {
        quote! {
            if s.results.active != 0 && (s.turns >= #turn_limit || s.moves >= #move_limit) {
                let reason = if s.moves >= #move_limit { EndReason::MoveLimit } else { EndReason::TurnLimit };
                s.results.draw_all(reason);
            }
        }
    };

    // Union–find for connection tests.
    let (uf_table, uf_fields, uf_init, uf_link, uf_methods) = match &g.union_find {
        None => (quote!(), quote!(), quote!(), quote!(), quote!()),
        Some(uf) => {
            let table = super::connectivity::region_bits_table(uf, n_sites);
            let steps = g.tables.step_lists(uf.directions);
            let owners = model
                .components
                .iter()
                .map(|c| Literal::u8_unsuffixed(c.owner));
            (
                table,
                quote! {
                    /// Union–find parent of each occupied site (groups of one owner's pieces).
                    uf: [u16; NUM_SITES],
                    /// For each group root, the regions the group touches.
                    touch: [u32; NUM_SITES],
                },
                quote!(uf: [0; NUM_SITES], touch: [0; NUM_SITES],),
                quote!(self.link(s, site as usize, what);),
                quote! {
                    /// Joins the piece just placed on `site` to the groups of its owner's
                    /// pieces next to it; `site` becomes the root of the joined group.
                    fn link(&self, s: &mut State, site: usize, what: u8) {
                        const OWNERS: [u8; #n_components] = [#(#owners),*];
                        let mine = Self::player_pieces(s, OWNERS[what as usize - 1]);
                        s.uf[site] = site as u16;
                        s.touch[site] = REGION_BITS[site];
                        for &q in #steps[site] {
                            if mine.contains(q as usize) {
                                let root = Self::find(&mut s.uf, q as usize);
                                if root != site {
                                    s.uf[root] = site as u16;
                                    s.touch[site] |= s.touch[root];
                                }
                            }
                        }
                    }

                    /// The root of `x`'s group, halving the path on the way.
                    fn find(uf: &mut [u16; NUM_SITES], mut x: usize) -> usize {
                        while uf[x] as usize != x {
                            let parent = uf[x] as usize;
                            uf[x] = uf[parent];
                            x = uf[x] as usize;
                        }
                        x
                    }
                },
            )
        }
    };

    // End rules: each phase's own, then the global ones.
    let phase_end_arms: Vec<TokenStream> = model
        .phases
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.end.is_empty())
        .map(|(i, p)| {
            let rules = end_rules(&mut g, &p.end, &format!("phase_{i}"));
            let i = Literal::u8_unsuffixed(i as u8);
            quote!(#i => { #rules })
        })
        .collect();
    let global_end = end_rules(&mut g, &model.end, "end");
    let phase_end = if phase_end_arms.is_empty() {
        quote!()
    } else {
        quote! {
            if s.results.active != 0 {
                match s.phase[mover as usize] { #(#phase_end_arms)* _ => {} }
            }
        }
    };

    // Phase changes: for each player, the first `nextPhase` rule of its phase that holds.
    let next_phase_arms: Vec<(u8, TokenStream)> = model
        .phases
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.next.is_empty())
        .map(|(i, p)| {
            let mut chain = quote!();
            for n in p.next.iter().rev() {
                let target = Literal::u8_unsuffixed(n.target as u8);
                let set = quote!(s.phase[p] = #target;);
                chain = match &n.condition {
                    None => set,
                    Some(c) => {
                        let cond = g.cond(c);
                        quote!(if #cond { #set } else { #chain })
                    }
                };
            }
            (i as u8, chain)
        })
        .collect();
    let advance_phases = match &next_phase_arms[..] {
        [] => quote!(),
        [(i, chain)] => {
            let i = Literal::u8_unsuffixed(*i);
            quote! {
                for p in 1..=NUM_PLAYERS as usize {
                    if s.phase[p] == #i { #chain }
                }
            }
        }
        arms => {
            let arms = arms.iter().map(|(i, chain)| {
                let i = Literal::u8_unsuffixed(*i);
                quote!(#i => { #chain })
            });
            quote! {
                for p in 1..=NUM_PLAYERS as usize {
                    match s.phase[p] { #(#arms)* _ => {} }
                }
            }
        }
    };

    let replace_on_add = if g.add_may_replace {
        quote! {
            if s.occupied.contains(site as usize) {
                for b in &mut s.pieces { b.remove(site as usize); }
            }
        }
    } else {
        quote!()
    };
    let swap_allowed = if model.swap {
        quote!(s.moves == NUM_PLAYERS as u32 - 1 && s.prev != 0 && s.prev != s.mover)
    } else {
        quote!({
            let _ = s;
            false
        })
    };

    // The playout: add-to-empty phases pick from a list of empty sites.
    let variants = select_playouts(model);
    let playout = playout_fn(&analysis.add_to_empty, model.phases.len(), &rt);
    // With two players any result ends the game, so while it goes on both
    // play: the next mover is the other one.
    let next_mover = if n_players == 2 {
        quote!(if again { mover } else { 3 - mover })
    } else {
        quote!(if again && s.results.is_active(mover) {
            mover
        } else {
            self.next_player(s, mover)
        })
    };

    let helpers = std::mem::take(&mut g.helpers);
    let tables =
        std::mem::replace(&mut g.tables, super::tables::Tables::new(&model.board)).into_items();
    let game_doc = format!(" {name}, compiled by ludemic.");
    let variant_doc: Vec<String> = variants
        .iter()
        .map(|c| format!(" Phase {}: {} playout ({}).", c.phase, c.variant, c.reason))
        .collect();
    let board_doc = format!(
        " A set of sites of the {n_sites}-site board `{}`.",
        model.board_text
    );

    quote! {
        use #rt::{Bits, Game, MoveBuffer, MoveKey, PlayoutResult, Results, Status};
        #[allow(unused_imports)]
        use #rt::{enclosed_region, flood, EndReason, RecentMoves, RngExt};

        #[doc = #board_doc]
        pub type Board = Bits<#words>;
        /// Number of sites (Ludii's indices `0..NUM_SITES`).
        pub const NUM_SITES: usize = #n_sites_lit;
        /// Number of players.
        pub const NUM_PLAYERS: u8 = #n_players_lit;
        /// "No site" (e.g. no placement yet).
        pub const NO_SITE: u16 = u16::MAX;
        /// Every site of the board.
        const ALL: Board = Board::first(NUM_SITES);

        #(#tables)*
        #uf_table

        /// A move, in the canonical form of [`MoveKey`] through `Game::move_key`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Move {
            /// Place a piece on `site` by the `(move Add ...)` numbered `rule`.
            Add { site: u16, rule: u8 },
            /// A pass (forced when there is no other move).
            Pass,
            /// The swap rule: role 2 takes over role 1's side and moves again.
            Swap,
        }

        /// A position, with Ludii's bookkeeping (mover, counters, phases, results).
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct State {
            /// The sites of each component (`what` = index + 1).
            pieces: [Board; #n_components],
            occupied: Board,
            mover: u8,
            prev: u8,
            moves: u32,
            turns: u32,
            last_to: u16,
            /// The component placed at `last_to`.
            last_what: u8,
            phase: [u8; #n_players + 1],
            recent: #history_type,
            #uf_fields
            results: Results,
            swapped: bool,
        }

        impl State {
            /// The player to move.
            pub fn mover(&self) -> u8 { self.mover }
            /// The sites holding component `what` (1-based).
            pub fn pieces(&self, what: u8) -> Board { self.pieces[what as usize - 1] }
            /// Whether a swap was played (the agents behind roles 1 and 2 traded places).
            pub fn swapped(&self) -> bool { self.swapped }
        }

        #[doc = #game_doc]
        #(#[doc = #variant_doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct #ty;

        impl #ty {
            #[allow(dead_code)]
            fn what_at(s: &State, site: usize) -> u8 {
                #(#what_tests)*
                0
            }

            #[allow(dead_code)]
            fn owner_at(s: &State, site: usize) -> u8 {
                #(#owner_tests)*
                0
            }

            #[allow(dead_code)]
            fn player_pieces(s: &State, player: u8) -> Board {
                match player { #(#player_pieces_arms)* _ => Board::EMPTY }
            }

            /// The next player still in the game after `player`.
            #[allow(dead_code)]
            fn next_player(&self, s: &State, player: u8) -> u8 {
                let mut p = player;
                for _ in 0..NUM_PLAYERS {
                    p = p % NUM_PLAYERS + 1;
                    if s.results.is_active(p) { return p; }
                }
                player
            }

            #[allow(dead_code)]
            fn previous_player(&self, s: &State, player: u8) -> u8 {
                let mut p = player;
                for _ in 0..NUM_PLAYERS {
                    p = if p == 1 { NUM_PLAYERS } else { p - 1 };
                    if s.results.is_active(p) { return p; }
                }
                player
            }

            /// The swap move is offered on the second move, to the second player.
            #[inline(always)]
            fn swap_allowed(&self, s: &State) -> bool {
                #swap_allowed
            }

            /// Appends the play rule's moves for the mover.
            fn generate(&self, s: &State, out: &mut MoveBuffer<Move>) {
                let mover = s.mover;
                #generate_body
            }

            #(#play_methods)*

            /// Applies a move: its consequences, the end rules, the limits, the
            /// phase changes and the next mover (Ludii's `Game.apply`).
            #[allow(unused_variables, unused_mut)]
            #[inline]
            fn apply_move(&self, s: &mut State, mv: Move) {
                let mover = s.mover;
                let mut again = false;
                match mv {
                    Move::Add { site, rule } => {
                        let what = #what_code;
                        #replace_on_add
                        s.pieces[what as usize - 1].insert(site as usize);
                        s.occupied.insert(site as usize);
                        #uf_link
                        s.last_to = site;
                        s.last_what = what;
                        s.moves += 1;
                        #push_move
                        #then_code
                    }
                    Move::Pass => {
                        s.last_to = NO_SITE;
                        s.moves += 1;
                        #push_pass
                    }
                    Move::Swap => {
                        s.last_to = NO_SITE;
                        s.moves += 1;
                        #push_move
                        s.swapped = !s.swapped;
                        again = true;
                    }
                }
                self.end(s, mover, mv == Move::Pass);
                #limits
                s.prev = mover;
                if s.results.is_over() {
                    return;
                }
                #advance_phases
                let next = #next_mover;
                if next != mover || mv == Move::Swap {
                    s.turns += 1;
                }
                s.mover = next;
            }

            /// The end rules after `mover`'s move, then the all-pass draw.
            #[allow(unused_variables)]
            fn end(&self, s: &mut State, mover: u8, passed: bool) {
                #phase_end
                #global_end
                if !s.results.is_over() && passed && #all_passed {
                    s.results.draw_all(EndReason::Terminal);
                }
            }

            #(#helpers)*
            #uf_methods
        }

        impl Game for #ty {
            type State = State;
            type Move = Move;

            fn name(&self) -> &str { #name }

            fn num_players(&self) -> usize { NUM_PLAYERS as usize }

            fn initial_state(&self) -> State {
                State {
                    pieces: [Board::EMPTY; #n_components],
                    occupied: Board::EMPTY,
                    mover: 1,
                    prev: 0,
                    moves: 0,
                    turns: 1,
                    last_to: NO_SITE,
                    last_what: 0,
                    phase: [0; #n_players + 1],
                    recent: #history_init,
                    #uf_init
                    results: Results::new(NUM_PLAYERS),
                    swapped: false,
                }
            }

            fn legal_moves(&self, s: &State, out: &mut MoveBuffer<Move>) {
                out.clear();
                self.generate(s, out);
                if self.swap_allowed(s) { out.push(Move::Swap); }
                if out.is_empty() { out.push(Move::Pass); }
            }

            fn apply(&self, s: &mut State, mv: Move) { self.apply_move(s, mv) }

            fn status(&self, s: &State) -> Status {
                match s.results.outcome() {
                    Some(outcome) => Status::Over(outcome),
                    None => Status::Ongoing { mover: s.mover },
                }
            }

            fn moves_played(&self, s: &State) -> u32 { s.moves }

            fn move_key(&self, mv: Move) -> MoveKey {
                match mv {
                    Move::Add { site, .. } => MoveKey::place(site as u32),
                    Move::Pass => MoveKey::PASS,
                    Move::Swap => MoveKey::SWAP,
                }
            }

            #playout
        }

    }
}

/// `(if C (result ...))` rules, in order; a result for a player already out
/// is skipped. Each rule becomes a method documented with its text; returns
/// the calls.
fn end_rules(g: &mut Gen, rules: &[EndRule], prefix: &str) -> TokenStream {
    let calls: Vec<TokenStream> = rules
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let cond = g.cond(&r.condition);
            let action = match (r.who, r.result) {
                (_, ResultKind::ByScore { .. }) => {
                    quote!(compile_error!("the code generator does not support `(byScore)` yet");)
                }
                (ResultPlayer::All, _) | (_, ResultKind::Draw) => {
                    quote!(s.results.draw_all(EndReason::Terminal);)
                }
                (ResultPlayer::Player(p), ResultKind::Win) => {
                    let p = g.player(p);
                    quote!(let p = #p; s.results.win(p);)
                }
                (ResultPlayer::Player(p), ResultKind::Loss) => {
                    let p = g.player(p);
                    quote!(let p = #p; s.results.lose(p);)
                }
            };
            let method = format_ident!("{}_rule_{}", prefix, i + 1);
            let doc = format!(" `{}`", r.text);
            g.helpers.push(quote! {
                #[doc = #doc]
                #[allow(unused_variables)]
                fn #method(&self, s: &mut State, mover: u8) {
                    if #cond { #action }
                }
            });
            quote!(if !s.results.is_over() { self.#method(s, mover); })
        })
        .collect();
    quote!(#(#calls)*)
}

/// `Opening Phase` → `opening_phase`.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_matches('_').to_owned();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        format!("phase_{out}")
    } else {
        out
    }
}

/// The playout: phases proven to be "place the mover's piece on any empty
/// site" draw from a list of empty sites kept across moves; the others
/// generate all legal moves and pick one.
fn playout_fn(fast_phases: &[(usize, u16)], num_phases: usize, rt: &TokenStream) -> TokenStream {
    if let ([(0, rule)], 1) = (fast_phases, num_phases) {
        // A single phase, always "place on an empty site": a tight loop.
        let rule = Literal::u8_unsuffixed(*rule as u8);
        return quote! {
            fn playout<R: #rt::rand_core::RngCore>(&self, s: &mut State, rng: &mut R) -> PlayoutResult {
                let mut empty = [0u16; NUM_SITES];
                let mut count = 0usize;
                for site in ALL.minus(s.occupied).iter() {
                    empty[count] = site as u16;
                    count += 1;
                }
                while !s.results.is_over() {
                    // Uniform over the legal moves: the empty sites, and the swap when offered.
                    let total = count + self.swap_allowed(s) as usize;
                    if total == 0 {
                        self.apply_move(s, Move::Pass);
                        continue;
                    }
                    let k = rng.index(total);
                    if k == count {
                        self.apply_move(s, Move::Swap);
                    } else {
                        let site = empty[k];
                        count -= 1;
                        empty[k] = empty[count];
                        self.apply_move(s, Move::Add { site, rule: #rule });
                    }
                }
                let outcome = s.results.outcome().expect("the game is over");
                PlayoutResult { outcome, moves: s.moves }
            }
        };
    }
    if fast_phases.is_empty() {
        return quote! {
            fn playout<R: #rt::rand_core::RngCore>(&self, s: &mut State, rng: &mut R) -> PlayoutResult {
                let mut buffer = MoveBuffer::new();
                #rt::standard_playout(self, s, rng, &mut buffer)
            }
        };
    }
    let arms = fast_phases.iter().map(|&(phase, rule)| {
        let phase = Literal::u8_unsuffixed(phase as u8);
        let rule = Literal::u8_unsuffixed(rule as u8);
        quote! {
            #phase => {
                if !fresh {
                    count = 0;
                    for site in ALL.minus(s.occupied).iter() {
                        empty[count] = site as u16;
                        count += 1;
                    }
                    fresh = true;
                }
                // Uniform over the legal moves: the empty sites, and the swap when offered.
                let swap = self.swap_allowed(s) as usize;
                let total = count + swap;
                if total == 0 {
                    self.apply_move(s, Move::Pass);
                } else {
                    let k = rng.index(total);
                    if k == count {
                        self.apply_move(s, Move::Swap);
                    } else {
                        let site = empty[k];
                        count -= 1;
                        empty[k] = empty[count];
                        self.apply_move(s, Move::Add { site, rule: #rule });
                    }
                }
            }
        }
    });
    quote! {
        fn playout<R: #rt::rand_core::RngCore>(&self, s: &mut State, rng: &mut R) -> PlayoutResult {
            let mut empty = [0u16; NUM_SITES];
            let mut count = 0usize;
            // Whether `empty` lists the empty sites (it is rebuilt after a standard phase).
            let mut fresh = false;
            let mut buffer = MoveBuffer::new();
            loop {
                if s.results.is_over() {
                    let outcome = s.results.outcome().expect("the game is over");
                    return PlayoutResult { outcome, moves: s.moves };
                }
                match s.phase[s.mover as usize] {
                    #(#arms)*
                    _ => {
                        fresh = false;
                        self.legal_moves(s, &mut buffer);
                        let mv = buffer[rng.index(buffer.len())];
                        self.apply_move(s, mv);
                    }
                }
            }
        }
    }
}
