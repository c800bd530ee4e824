//! Hands (containers beside the board) and counts of pieces in the
//! generated state (docs/ludii-semantics.md §18, §31; docs/generated-hands.md).
//!
//! Ludii numbers a hand's sites after the board's, and so does the generated
//! state: `what` runs over `TOTAL_SITES` (board then hands), the bitboards
//! are wide enough for every site, and `owned`, `kinds` and `occupied` hold
//! the hands' occupied sites beside the board's — so `(sites Occupied ...)`,
//! `(where ...)`, `(no Pieces ...)` see the pieces in hand as Ludii does,
//! while `ALL` (the board) keeps `(sites Empty)`, `(forEach Piece)` and the
//! board's tables on the board. Where the game counts pieces (Ludii's
//! `requiresCount`), `count` holds how many pieces of its component each
//! site holds: a hand's site holds one component and its count.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ir::{GameModel, SiteType};

/// What the game's hands and counts need of the generated module.
pub(super) struct Hands {
    /// The game has hands: sites beyond the board's.
    pub any: bool,
    /// Ludii's `requiresCount`: a count per site.
    pub counted: bool,
    /// The hands' sites are Cells where the board's are not: keys name them.
    pub typed_keys: bool,
    /// Every site, the hands' included.
    pub total: usize,
}

/// The module's parts for hands and counts (empty for a game without).
pub(super) struct HandCode {
    /// Constants and the key helper.
    pub items: TokenStream,
    /// The length of `what` (and `count`): `TOTAL_SITES` or `NUM_SITES`.
    pub sites_len: TokenStream,
    pub count_field: TokenStream,
    pub count_init: TokenStream,
    /// In `put`, first: a piece joining a count of its own component.
    pub put_same: TokenStream,
    /// In `put`, once the piece is there: its count.
    pub put_count: TokenStream,
    /// In `clear`: the count.
    pub clear_count: TokenStream,
}

impl Hands {
    pub(super) fn new(model: &GameModel) -> Self {
        Hands {
            any: !model.hands.is_empty(),
            counted: model.requires_count,
            typed_keys: !model.hands.is_empty() && model.board.site_type != SiteType::Cell,
            total: model.total_sites(),
        }
    }

    pub(super) fn code(&self) -> HandCode {
        let total = Literal::usize_unsuffixed(self.total);
        let mut items = TokenStream::new();
        if self.any {
            items.extend(quote! {
                /// Number of sites, the hands' included (Ludii numbers a hand's
                /// sites after the board's: `NUM_SITES..TOTAL_SITES`).
                pub const TOTAL_SITES: usize = #total;
            });
        }
        if self.typed_keys {
            items.extend(quote! {
                /// A site as a key names it: a hand's sites are Cells (`c:24`).
                #[inline(always)]
                const fn key_site(site: u16) -> SiteRef {
                    SiteRef {
                        kind: if (site as usize) < NUM_SITES { SiteKind::Default } else { SiteKind::Cell },
                        index: site as i32,
                    }
                }
            });
        }
        let sites_len = if self.any {
            quote!(TOTAL_SITES)
        } else {
            quote!(NUM_SITES)
        };
        let (count_field, count_init, put_same, put_count, clear_count) = if self.counted {
            (
                quote! {
                    /// How many pieces each site holds, all of its component
                    /// (0 when empty; Ludii's `count`).
                    count: [u32; #sites_len],
                },
                quote!(count: [0; #sites_len],),
                quote! {
                    // Ludii's ActionAdd where the game counts pieces: a piece
                    // joins a count of its own component.
                    if what != 0 && s.what[i] == what {
                        s.count[i] += 1;
                        s.last_to_after = site;
                        return;
                    }
                },
                quote!(s.count[i] = 1;),
                quote!(s.count[i] = 0;),
            )
        } else {
            (quote!(), quote!(), quote!(), quote!(), quote!())
        };
        HandCode {
            items,
            sites_len,
            count_field,
            count_init,
            put_same,
            put_count,
            clear_count,
        }
    }

    /// The consequence `(add ...)` (Ludii's ActionAdd): on an occupied site
    /// the piece stays and only its count grows (a count of 1 where the
    /// game does not count pieces).
    pub(super) fn add_on(&self) -> TokenStream {
        let grow = if self.counted {
            quote!(s.count[i] += 1;)
        } else {
            quote!()
        };
        quote! {
            /// Adds component `what` on `site` as a consequence does (Ludii's
            /// `ActionAdd`): an occupied site keeps its piece, its count grows.
            #[inline(always)]
            fn add_on(s: &mut State, site: u16, what: u8) {
                let i = site as usize;
                if s.what[i] != 0 {
                    #grow
                    s.last_to_after = site;
                } else {
                    Self::put(s, site, what);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::inline_games::generate_inline;

    fn generated(text: &str) -> crate::diagnostic::Result<String> {
        generate_inline(text)
    }

    /// Three Men's Morris as Ludii's library writes it: hands on Cells
    /// beside a board of vertices.
    const MORRIS: &str = r#"(game "Three Men's Morris" (players 2)
      (equipment { (board (square 3 diagonals:Alternating) use:Vertex) (hand Each)
        (piece "Marker" Each (move Step (to if:(is Empty (to))))) })
      (rules (start (place "Marker" "Hand" count:3))
        phases:{
          (phase "Placement" (play (move (from (handSite Mover)) (to (sites Empty))))
            (nextPhase (all Sites (sites Hand P2) if:(= 0 (count Cell at:(site)))) "Movement"))
          (phase "Movement" (play (forEach Piece))) }
        (end (if (is Line 3) (result Mover Win)))))"#;

    #[test]
    fn hands_follow_the_board_with_counts_and_cell_keys() {
        let code = generated(MORRIS).expect("hands compile");
        // Nine vertices, then a hand of one site each.
        assert!(
            code.contains("pub const TOTAL_SITES: usize = 11;"),
            "{code}"
        );
        assert!(code.contains("what: [u8; TOTAL_SITES]"));
        assert!(code.contains("count: [u32; TOTAL_SITES]"));
        // Three markers in each hand.
        assert!(code.contains("s.count[9] = 3;"));
        assert!(code.contains("s.count[10] = 3;"));
        // Hand sites are Cells in keys; pieces in hand do not step.
        assert!(code.contains("key_site(from)"));
        // (Each player owning one kind, the mover's board pieces are chosen
        // once by the mover.)
        assert!(code.contains("s.owned[1].and(ALL).iter()"), "{code}");
        assert!(code.contains("s.owned[2].and(ALL).iter()"), "{code}");
    }
}
