//! `(forEach Direction ...)` (Ludii's `ForEachDirection.eval`, see
//! docs/ludii-semantics.md §31): along each radial from a site, the sites
//! `min..=max` steps away each become `(to)` while the `to` test holds, and
//! the inner moves are generated there. Relative directions were resolved
//! by lowering per heading; the heading is found at run time from the
//! context's `(from)` and `(to)` through a table.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::board::Compass;
use crate::ir::{Directions, ForEachDirection};

use super::moves::Emit;
use super::Gen;

/// `heading` when the context has no `(to)` one step from its `(from)`.
const NO_HEADING: u8 = u8::MAX;

impl Gen<'_> {
    /// The moves of `(forEach Direction ...)`: the sites reached are
    /// gathered first, in Ludii's order (direction, radial, distance), and
    /// the inner moves generated at each, so that their code is emitted
    /// once whatever the headings.
    pub(super) fn for_each_direction(&mut self, f: &ForEachDirection, emit: Emit) -> TokenStream {
        // Ludii looks at the component on the context's `(from)`: without
        // one there is no move at all.
        if !self.scope.from {
            return quote!();
        }
        let (origin, _) = self.site(&f.from);
        let min = self.int(&f.min);
        let max = self.int(&f.max);
        let board_sites = Literal::usize_unsuffixed(self.model.board.num_sites());
        let (walks, capacity) = self.walks_by_heading(f);
        let capacity = Literal::usize_unsuffixed(capacity.max(1));
        let saved = self.scope;
        self.scope.to = true;
        let body = self.moves(&f.moves, emit);
        self.scope = saved;
        quote! {
            let origin = #origin;
            if origin != NO_SITE && (origin as usize) < #board_sites && s.what[from as usize] != 0 {
                let (fed_min, fed_max): (i64, i64) = (#min, #max);
                let mut reached = [NO_SITE; #capacity];
                let mut n_reached = 0usize;
                #walks
                for &to in &reached[..n_reached] {
                    #body
                }
            }
        }
    }

    /// The radial walk for the directions the heading selects (Ludii's
    /// `newDirection`: the last compass heading whose one step leads from
    /// the context's `(from)` to its `(to)`): its entry, else the entry
    /// without a heading when there is none, else the first entry. Also
    /// the most sites any of these walks can reach.
    fn walks_by_heading(&mut self, f: &ForEachDirection) -> (TokenStream, usize) {
        let first = &f.directions[0].1;
        let unheaded = f
            .directions
            .iter()
            .find(|(h, _)| h.is_none())
            .map_or(first, |(_, d)| d);
        let headed: Vec<(Compass, &Directions)> = f
            .directions
            .iter()
            .filter_map(|(h, d)| h.map(|h| (h, d)))
            .collect();
        if headed.is_empty() || !self.scope.to {
            return self.radial_walk(f, unheaded);
        }
        let headings = self.headings_table();
        // One arm per distinct list of directions, its headings or-ed.
        let mut arms: Vec<(Vec<u8>, &Directions)> = Vec::new();
        for (h, d) in headed {
            let index = compass_index(h);
            match arms.iter_mut().find(|(_, x)| *x == d) {
                Some((hs, _)) => hs.push(index),
                None => arms.push((vec![index], d)),
            }
        }
        let mut capacity = 0;
        let mut code: Vec<TokenStream> = Vec::new();
        for (hs, d) in &arms {
            let (walk, most) = self.radial_walk(f, d);
            capacity = capacity.max(most);
            let hs = hs.iter().map(|&h| Literal::u8_unsuffixed(h));
            code.push(quote!(#(#hs)|* => { #walk }));
        }
        let none = Literal::u8_unsuffixed(NO_HEADING);
        let (unheaded_walk, most) = self.radial_walk(f, unheaded);
        capacity = capacity.max(most);
        let (first_walk, most) = self.radial_walk(f, first);
        capacity = capacity.max(most);
        let walks = quote! {
            match #headings(from, to) {
                #(#code)*
                #none => { #unheaded_walk }
                _ => { #first_walk }
            }
        };
        (walks, capacity)
    }

    /// Each radial in `dirs` from `origin`: the sites `fed_min..=fed_max`
    /// steps away, stopping where the `between` test (before `fed_min`) or
    /// the `to` test fails, gathered into `reached`; and the most sites
    /// these radials hold.
    fn radial_walk(&mut self, f: &ForEachDirection, dirs: &Directions) -> (TokenStream, usize) {
        let saved = self.scope;
        let between_test = f.between_if.as_ref().map(|c| {
            self.scope.between = true;
            let c = self.cond(c);
            self.scope = saved;
            // Ludii's `(between)` is the site; `(to)` is still the context's.
            quote! {
                if fed_min > 1 && step < fed_min {
                    let between = site_reached;
                    if !#c { break; }
                }
            }
        });
        self.scope.to = true;
        let to_test = f.to_if.as_ref().map(|c| {
            let c = self.cond(c);
            quote!(if !#c { break; })
        });
        self.scope = saved;
        let board = &self.model.board;
        let most: usize = dirs
            .iter()
            .map(|&d| {
                (0..board.num_sites())
                    .map(|s| {
                        board
                            .radials(s, d)
                            .map(|r| r.steps.len() - 1)
                            .sum::<usize>()
                    })
                    .max()
                    .unwrap_or(0)
            })
            .sum();
        let loops = dirs.iter().map(|&d| {
            let radials = self.tables.radials(d);
            quote! {
                for ray in &#radials[origin as usize] {
                    for (i, &site_reached) in ray.iter().enumerate() {
                        let step = i as i64 + 1;
                        if site_reached == NO_SITE || step > fed_max { break; }
                        #between_test
                        let to = site_reached;
                        #to_test
                        if step >= fed_min {
                            reached[n_reached] = to;
                            n_reached += 1;
                        }
                    }
                }
            }
        });
        let loops: Vec<TokenStream> = loops.collect();
        (quote!(#(#loops)*), most)
    }

    /// `heading(from, to)`: the index in Ludii's compass order of the last
    /// heading whose one step from `from` reaches `to`, or [`NO_HEADING`].
    fn headings_table(&mut self) -> proc_macro2::Ident {
        let board = &self.model.board;
        let rows: Vec<TokenStream> = (0..board.num_sites())
            .map(|from| {
                let mut found: Vec<(u16, u8)> = Vec::new();
                for c in Compass::ALL.into_iter().rev() {
                    for &to in board.steps(from, c.absolute()) {
                        if !found.iter().any(|&(t, _)| t == to) {
                            found.push((to, compass_index(c)));
                        }
                    }
                }
                let pairs = found.iter().map(|&(t, c)| {
                    let (t, c) = (Literal::u16_unsuffixed(t), Literal::u8_unsuffixed(c));
                    quote!((#t, #c))
                });
                quote!(&[#(#pairs),*])
            })
            .collect();
        let len = Literal::usize_unsuffixed(rows.len());
        let none = Literal::u8_unsuffixed(NO_HEADING);
        self.tables.push_item(
            "HEADINGS",
            quote! {
                /// For each site, the sites one step away and the heading
                /// (Ludii's compass order) reaching each: the last one when
                /// several do.
                static HEADINGS: [&[(u16, u8)]; #len] = [#(#rows),*];

                /// The heading of the one step from `from` to `to` (Ludii's
                /// `newDirection`), or none.
                fn heading(from: u16, to: u16) -> u8 {
                    HEADINGS
                        .get(from as usize)
                        .and_then(|row| row.iter().find(|&&(t, _)| t == to))
                        .map_or(#none, |&(_, c)| c)
                }
            },
        );
        quote::format_ident!("heading")
    }
}

/// A heading's place in Ludii's compass order (clockwise from north).
fn compass_index(c: Compass) -> u8 {
    Compass::ALL.iter().position(|&x| x == c).unwrap_or(0) as u8
}

#[cfg(test)]
mod tests {
    use super::super::inline_games::generate_inline;

    /// A Xiangqi horse on a 3x3 board: an orthogonal step to an empty
    /// site, then a diagonal one turning right or left of that heading.
    const HORSE: &str = r#"(game "Horse" (players 2)
      (equipment { (board (square 3)) 
        (piece "Horse" Each
          (forEach Direction Orthogonal
            (to if:(is Empty (to))
              (apply (forEach Direction (from (to)) (directions {FR FL} of:All)
                (if (not (is Friend (who at:(to))))
                  (move (from) (to (apply (remove (to)))))))))))})
      (rules (start { (place "Horse1" 0) (place "Horse2" 8) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))"#;

    #[test]
    fn relative_directions_turn_from_the_heading_found_in_a_table() {
        let code = generate_inline(HORSE).expect("it compiles");
        // Site 0 (bottom left) reaches 1 going E (compass 4), 4 going NE
        // (2) and 3 going N (0): listed from the last heading in compass
        // order, so the last heading wins where two reach one site.
        assert!(code.contains("&[(1, 4), (4, 2), (3, 0)]"), "{code}");
        assert!(code.contains("match heading(from, to)"), "{code}");
        // The moves at the sites reached are generated once per walk, not
        // once per heading: two walks (outer, inner), in the one method of
        // both players' horses that the listing and the `no Moves` probe
        // share.
        assert_eq!(
            code.matches("for &to in &reached[..n_reached]").count(),
            2,
            "{code}"
        );
    }
}
