//! `(forEach Piece ...)`: each of the mover's pieces on the board moves by
//! its kind's rules. Where the code is generic over the sink, each kind's
//! rules become one method (`moves_of_<piece>`), shared by every use: the
//! listing, the probe, the threat test, the `(can Move ...)` of the other
//! player. Steps and single hops of all the pieces of a kind are taken at
//! once by bitboards where the order is free (`bitmoves.rs`); the walk's
//! order takes them piece by piece.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ir::{Moves, PieceRules, PlayerRef, Reach};

use super::moves::Emit;
use super::purpose::{to_sink, Question};
use super::Gen;

impl Gen<'_> {
    /// The moves of `(forEach Piece ...)` with `rules`: where the code is
    /// generic and nothing is bound, one method (`moves_of_pieces`) shared
    /// by every `(forEach Piece ...)` of the same rules (the play rules',
    /// a `(can Move (forEach Piece Next))`).
    pub(super) fn for_each_piece(&mut self, rules: &[PieceRules], emit: Emit) -> TokenStream {
        if !self.generic() || self.scope.any() {
            return self.pieces_moves(rules, emit, false);
        }
        let labels = std::mem::take(&mut self.labels);
        let body = self.for_purpose(self.rules(), |g| g.pieces_moves(rules, &to_sink, true));
        self.labels = labels;
        let key = body.to_string();
        let name = match self.piece_methods.get(&key) {
            Some(name) => name.clone(),
            None => {
                let all: Vec<&PieceRules> = rules.iter().collect();
                let stem = format!("{}_of_pieces", moves_kind(&all));
                let mut name = format_ident!("{}", stem);
                let mut n = 2usize;
                while self.helper_names.contains(&name.to_string()) {
                    name = format_ident!("{}_{}", stem, n);
                    n += 1;
                }
                self.helper_names.insert(name.to_string());
                self.piece_methods.insert(key, name.clone());
                self.helpers.push(quote! {
                    /// `(forEach Piece ...)`: the moves of each of `mover`'s
                    /// pieces on the board, by its kind's rules.
                    #[inline(always)]
                    #[allow(unused_variables, unused_labels, unused_mut)]
                    fn #name<S: Sink<Move>>(&self, s: &State, mover: u8, sink: &mut S) -> ControlFlow<()> {
                        #body
                        ControlFlow::Continue(())
                    }
                });
                name
            }
        };
        quote!(self.#name(s, mover, sink)?;)
    }

    /// `(forEach Piece container:C)`: the rules of each of `mover`'s pieces
    /// in container C (the hands are containers 1, 2, ... in their order;
    /// the board, 0, has none here), site by site in Ludii's order, each
    /// piece moving from its site as on the board.
    pub(super) fn for_each_piece_in(
        &mut self,
        container: PlayerRef,
        rules: &[PieceRules],
        emit: Emit,
    ) -> TokenStream {
        let mut sets = vec![Vec::new()];
        sets.extend(self.model.hands.iter().map(|h| h.sites().collect()));
        let table = self.tables.board_list(
            "CONTAINERS",
            "The sites of each container (`(forEach Piece container:...)`): 0 the board (none here), then each hand in order.",
            &sets,
        );
        let c = self.player(container);
        let saved = (self.scope, self.component);
        self.scope.from = true;
        let mut arms = Vec::new();
        for component in 0..self.model.components.len() {
            let mine: Vec<&PieceRules> =
                rules.iter().filter(|r| r.component == component).collect();
            if mine.is_empty() {
                continue;
            }
            self.component = Some(component);
            let code: Vec<_> = mine.iter().map(|r| self.moves(&r.moves, emit)).collect();
            let w = Literal::u8_unsuffixed(component as u8 + 1);
            arms.push(quote!(#w => { #(#code)* }));
        }
        (self.scope, self.component) = saved;
        quote! {
            if let Some(container) = #table.get(#c as usize) {
                for from in s.owned[mover as usize].and(*container).iter() {
                    let from = from as u16;
                    match s.what[from as usize] {
                        #(#arms)*
                        _ => {}
                    }
                }
            }
        }
    }

    /// The moves of `(forEach Piece ...)` with `rules`: the moves of all
    /// the pieces of a kind at once, then a loop over the pieces; each
    /// kind's moves per piece a method of its own where `methods`.
    fn pieces_moves(&mut self, rules: &[PieceRules], emit: Emit, methods: bool) -> TokenStream {
        let saved = (self.scope, self.component);
        self.scope.from = true;
        // Each kind's code per piece, and whether it has any in the walk's
        // order and in any order (where all its pieces may move at once).
        let mut kinds = Vec::new();
        // Steps and single hops of all the pieces of a kind at once.
        let mut at_once = Vec::new();
        for c in 0..self.model.components.len() {
            let mine: Vec<&PieceRules> = rules.iter().filter(|r| r.component == c).collect();
            if mine.is_empty() {
                continue;
            }
            self.component = Some(c);
            let mut per_piece = Vec::new();
            for r in &mine {
                self.split_piece_moves(c, &r.moves, emit, &mut at_once, &mut per_piece);
            }
            if per_piece.iter().all(TokenStream::is_empty) {
                continue;
            }
            let in_walk = self.moves_piece_by_piece(c, &mine, emit, true);
            let in_any = self.moves_piece_by_piece(c, &mine, emit, false);
            let code = if methods {
                self.piece_method_body(c, &mine)
            } else {
                quote!(#(#per_piece)*)
            };
            kinds.push((c, code, mine, in_walk, in_any));
        }
        let bodies: Vec<_> = kinds
            .iter()
            .map(|(c, code, mine, ..)| (*c, code.clone(), mine.clone()))
            .collect();
        let arms: Vec<(usize, TokenStream)> = if methods {
            let names = self.piece_methods_named(&bodies);
            names
                .into_iter()
                .map(|(c, name)| (c, quote!(self.#name(s, mover, from, sink)?;)))
                .collect()
        } else {
            bodies.into_iter().map(|(c, code, _)| (c, code)).collect()
        };
        (self.scope, self.component) = saved;
        // A loop over the pieces only for the kinds that move piece by
        // piece in the order asked (a loop with nothing to do still walks
        // every piece).
        let walked: Vec<_> = arms
            .iter()
            .zip(&kinds)
            .filter(|(_, k)| k.3)
            .map(|(a, _)| a.clone())
            .collect();
        let any: Vec<_> = arms
            .iter()
            .zip(&kinds)
            .filter(|(_, k)| k.4)
            .map(|(a, _)| a.clone())
            .collect();
        let per_piece = self.choose(
            Question::WalkOrder,
            |g| g.piece_loop(&walked),
            |g| g.piece_loop(&any),
        );
        quote!(#(#at_once)* #per_piece)
    }

    /// Whether `component`'s `rules` move any piece on its own (not all
    /// at once) where the walk's order is `walk_order`.
    fn moves_piece_by_piece(
        &mut self,
        component: usize,
        rules: &[&PieceRules],
        emit: Emit,
        walk_order: bool,
    ) -> bool {
        if self.purpose.answer(Question::WalkOrder) == Some(!walk_order) {
            return false;
        }
        let saved = self.purpose;
        self.purpose = saved.fixed(Question::WalkOrder, walk_order);
        let (mut at_once, mut per_piece) = (Vec::new(), Vec::new());
        for r in rules {
            self.split_piece_moves(component, &r.moves, emit, &mut at_once, &mut per_piece);
        }
        self.purpose = saved;
        !per_piece.iter().all(TokenStream::is_empty)
    }

    /// The loop over the mover's pieces on the board, each moving by its
    /// kind's `arms` (code per piece at `from`).
    fn piece_loop(&self, arms: &[(usize, TokenStream)]) -> TokenStream {
        if arms.is_empty() {
            return quote!();
        }
        // Ludii's ForEachPiece looks at the board: pieces in hand do not move.
        let on_board = |pieces: TokenStream| {
            if self.model.hands.is_empty() {
                pieces
            } else {
                quote!(#pieces.and(ALL))
            }
        };
        if self.one_kind_per_player() {
            // Every piece of the mover is of the mover's one kind:
            // choose the kind once, not at every piece.
            let arms = arms.iter().filter_map(|(c, code)| {
                let owner = self.model.components[*c].owner;
                (owner != 0).then(|| {
                    let p = Literal::u8_unsuffixed(owner);
                    let mine = on_board(quote!(s.owned[#p]));
                    quote!(#p => for from in #mine.iter() {
                        let from = from as u16;
                        #code
                    },)
                })
            });
            return quote! {
                match mover {
                    #(#arms)*
                    _ => {}
                }
            };
        }
        let arms = arms.iter().map(|(c, code)| {
            let w = Literal::u8_unsuffixed(*c as u8 + 1);
            quote!(#w => { #code })
        });
        let mine = on_board(quote!(s.owned[mover as usize]));
        quote! {
            for from in #mine.iter() {
                let from = from as u16;
                match s.what[from as usize] {
                    #(#arms)*
                    _ => {}
                }
            }
        }
    }

    /// Sorts the moves of `component`'s rule `moves`: those made for every
    /// piece at once where the order is free go to `at_once`, the others
    /// (and those, in the walk's order) to `per_piece`, generated for the
    /// piece at `from`.
    pub(super) fn split_piece_moves(
        &mut self,
        component: usize,
        moves: &Moves,
        emit: Emit,
        at_once: &mut Vec<TokenStream>,
        per_piece: &mut Vec<TokenStream>,
    ) {
        match moves {
            // The consequences are applied with the move, not generated.
            Moves::Then(inner, _) => {
                self.split_piece_moves(component, inner, emit, at_once, per_piece)
            }
            Moves::Or(list) => {
                for m in list {
                    self.split_piece_moves(component, m, emit, at_once, per_piece);
                }
            }
            Moves::Move(pm) if !self.is(Question::WalkOrder) => {
                let saved = self.purpose;
                self.purpose = saved.fixed(Question::WalkOrder, false);
                let fast = self.piece_set_moves(component, pm, emit);
                self.purpose = saved;
                match fast {
                    Some(code) => {
                        let code = quote!({ #code });
                        at_once.push(self.only_if(Question::WalkOrder, false, |_| code));
                        let walked =
                            self.only_if(Question::WalkOrder, true, |g| g.moves(moves, emit));
                        per_piece.push(walked);
                    }
                    None => per_piece.push(self.moves(moves, emit)),
                }
            }
            _ => per_piece.push(self.moves(moves, emit)),
        }
    }

    /// Whether each player owns at most one kind of piece (stacks aside,
    /// where a site's pieces may differ): a player's pieces are then all of
    /// its kind.
    fn one_kind_per_player(&self) -> bool {
        !self.model.stacking
            && (1..=self.model.num_players).all(|p| {
                self.model
                    .components
                    .iter()
                    .filter(|c| c.owner == p)
                    .count()
                    <= 1
            })
    }

    /// The body of the method listing the moves of the piece of
    /// `component` at `from` by `rules`, generic over the sink (written
    /// once for every use).
    fn piece_method_body(&mut self, component: usize, rules: &[&PieceRules]) -> TokenStream {
        let (labels, purpose) = (std::mem::take(&mut self.labels), self.purpose);
        self.purpose = self.rules();
        let mut per_piece = Vec::new();
        let mut at_once = Vec::new();
        for r in rules {
            self.split_piece_moves(component, &r.moves, &to_sink, &mut at_once, &mut per_piece);
        }
        (self.labels, self.purpose) = (labels, purpose);
        quote!(#(#per_piece)*)
    }

    /// The methods of `bodies` (each kind's, with its rules), emitted once
    /// per body: a kind whose rules are another's code (the same kind under
    /// another `(forEach Piece ...)`, its owner's opponent's where they
    /// move alike) shares its method. Named for the kind of moves and the
    /// piece (`steps_of_man`), with its owner where owners' differ.
    fn piece_methods_named(
        &mut self,
        bodies: &[(usize, TokenStream, Vec<&PieceRules>)],
    ) -> Vec<(usize, Ident)> {
        let components = &self.model.components;
        bodies
            .iter()
            .map(|(c, body, rules)| {
                let key = body.to_string();
                if let Some(name) = self.piece_methods.get(&key) {
                    return (*c, name.clone());
                }
                let piece = &components[*c];
                // The owners' bodies of this kind differ: each is named.
                let per_owner = bodies.iter().any(|(other, b, _)| {
                    components[*other].base == piece.base && b.to_string() != key
                });
                let who = if per_owner { &piece.name } else { &piece.base };
                let stem = format!("{}_of_{}", moves_kind(rules), snake_case(who));
                let mut name = format_ident!("{}", stem);
                let mut n = 2usize;
                while self.helper_names.contains(&name.to_string()) {
                    name = format_ident!("{}_{}", stem, n);
                    n += 1;
                }
                self.helper_names.insert(name.to_string());
                self.piece_methods.insert(key, name.clone());
                let doc = format!(
                    " The moves of a `{}` at `from`, by its rules in `(forEach Piece ...)`.",
                    if per_owner { &piece.name } else { &piece.base }
                );
                self.helpers.push(quote! {
                    #[doc = #doc]
                    #[inline(always)]
                    #[allow(unused_variables, unused_labels, unused_mut)]
                    fn #name<S: Sink<Move>>(&self, s: &State, mover: u8, from: u16, sink: &mut S) -> ControlFlow<()> {
                        #body
                        ControlFlow::Continue(())
                    }
                });
                (*c, name)
            })
            .collect()
    }
}

/// What a kind's rules move by, for its method's name: `steps`, `hops`,
/// `slides`, `leaps` where all its moves are of one kind, else `moves`.
fn moves_kind(rules: &[&PieceRules]) -> &'static str {
    fn kinds(m: &Moves, out: &mut Vec<&'static str>) {
        match m {
            Moves::Then(inner, _) => kinds(inner, out),
            Moves::Or(list) | Moves::Priority(list) => list.iter().for_each(|m| kinds(m, out)),
            Moves::Move(pm) => out.push(match pm.reach {
                Reach::Step => "steps",
                Reach::Hop { .. } => "hops",
                Reach::Slide { .. } | Reach::TrackSlide { .. } => "slides",
                Reach::Leap { .. } => "leaps",
                Reach::FromTo { .. } => "moves",
            }),
            _ => out.push("moves"),
        }
    }
    let mut all = Vec::new();
    for r in rules {
        kinds(&r.moves, &mut all);
    }
    all.sort_unstable();
    all.dedup();
    match all.as_slice() {
        [one] => one,
        _ => "moves",
    }
}

/// `KingPawn2` → `king_pawn2`; anything but letters and digits becomes `_`.
pub(super) fn snake_case(name: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
            prev_lower = c.is_ascii_lowercase();
        } else {
            if !out.ends_with('_') {
                out.push('_');
            }
            prev_lower = false;
        }
    }
    let out = out.trim_matches('_').to_owned();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        format!("piece_{out}")
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    /// Konane's hops: all the pieces at once where the order is free.
    const HOPPERS: &str = r#"(game "Hoppers" (players 2)
      (equipment { (board (square 6))
        (piece "Marker" Each (move Hop Orthogonal
          (between if:(is Enemy (who at:(between))) (apply (remove (between))))
          (to if:(is Empty (to))))) })
      (rules (start { (place "Marker1" (sites Phase 0)) (place "Marker2" (sites Phase 1)) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Loss)))))"#;

    #[test]
    fn the_pieces_are_one_method_that_the_playout_lists_in_any_order() {
        let code = crate::codegen::inline_games::generate_inline(HOPPERS).expect("it compiles");
        // One method for the whole `(forEach Piece)`, its hops at once
        // where the order is free, piece by piece in the walk's order.
        assert!(code.contains("fn hops_of_pieces<S: Sink<Move>>"), "{code}");
        assert!(code.contains("if !S::WALK_ORDER {"), "{code}");
        assert!(code.contains("if S::WALK_ORDER {"), "{code}");
        // `legal_moves` asks for the walk's order, the playout never (here
        // it lists the target sets).
        let listing = &code[code.find("fn playout_moves").expect("a playout listing")..];
        let listing = &listing[..listing.find("\n    }").expect("its end")];
        assert!(!listing.contains("Listing::<Move, true>"), "{listing}");
        let legal = &code[code.find("fn legal_moves").expect("legal moves")..];
        assert!(legal.contains("Listing::<Move, true>"), "{legal}");
    }

    #[test]
    fn piece_names_become_snake_case_identifiers() {
        assert_eq!(snake_case("Osho"), "osho");
        assert_eq!(snake_case("KingPawn2"), "king_pawn2");
        assert_eq!(snake_case("Ball (white)"), "ball_white");
        assert_eq!(snake_case("3D"), "piece_3d");
    }
}
