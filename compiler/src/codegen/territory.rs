//! Groups and their surroundings as Go reads them, by flood fill on
//! bitboards (nothing allocated): `(enclose ...)` captures (Ludii's
//! `Enclose`), `(count Liberties ...)` (`CountLiberties`) and `(size
//! Territory ...)` (`SizeTerritory`). The interpreter's readings are
//! `interp/territory.rs`; docs/ludii-semantics.md §30.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use crate::board::AbsoluteDirection;
use crate::ir::{Comparison, Enclose, IntExpr, PlayerRef, SiteExpr};

use super::Gen;

impl Gen<'_> {
    /// The table of the sites one step from each site along any of `dirs`.
    fn union_steps(&mut self, dirs: &[AbsoluteDirection]) -> Ident {
        if let [dir] = dirs {
            return self.tables.step_masks(*dir);
        }
        let names: Vec<String> = dirs.iter().map(|d| d.name().to_uppercase()).collect();
        let board = &self.model.board;
        let sets: Vec<Vec<u16>> = (0..board.num_sites())
            .map(|s| {
                let mut sites: Vec<u16> = dirs
                    .iter()
                    .flat_map(|&d| board.steps(s, d).iter().copied())
                    .collect();
                sites.sort_unstable();
                sites.dedup();
                sites
            })
            .collect();
        self.tables.board_list(
            &format!("STEPS_{}", names.join("_")),
            &format!("Sites one step from each site along {}.", names.join(", ")),
            &sets,
        )
    }

    /// `(enclose ...)`: the groups of sites where the condition holds that
    /// touch a site one step from the start are grown by flood fill; a
    /// group none of whose neighbours is a liberty (an empty site where the
    /// condition fails) is enclosed. Every group is found on the state
    /// before any effect (Ludii merges the effects into one move applied
    /// after); the effect runs at each enclosed site (in site order: the
    /// features allow only effects the order does not change), then the
    /// `then` once when some group was enclosed.
    pub(super) fn enclose(&mut self, e: &Enclose) -> TokenStream {
        let steps = self.union_steps(&e.directions);
        let (start, _) = self.site(&e.from);
        let saved = self.scope;
        self.scope.between = true;
        let within = match crate::analyse::target_sets::site_set(&e.between_if, &SiteExpr::Between)
        {
            Some(set) => super::sets::site_set(&set),
            None => {
                let c = self.cond(&e.between_if);
                quote!({
                    let mut within = Board::EMPTY;
                    for site in 0..NUM_SITES {
                        let between = site as u16;
                        if #c {
                            within.insert(site);
                        }
                    }
                    within
                })
            }
        };
        let apply = self.effect(&e.apply);
        self.scope = saved;
        let then = e.then.as_ref().map(|t| {
            let t = self.effect(t);
            quote!(if !enclosed.is_empty() { #t })
        });
        quote! {{
            let start = #start;
            if (start as usize) < NUM_SITES && s.what[start as usize] != 0 {
                let within: Board = #within;
                let liberties = ALL.minus(s.occupied).minus(within);
                let mut targets = #steps[start as usize].and(within);
                let mut enclosed = Board::EMPTY;
                while let Some(t) = targets.first_site() {
                    match enclosed_group(t, within, liberties, &#steps) {
                        Ok(group) => {
                            enclosed = enclosed.or(group);
                            targets = targets.minus(group);
                        }
                        Err(part) => targets = targets.minus(part),
                    }
                }
                for between in enclosed.iter() {
                    let between = between as u16;
                    #apply
                }
                #then
            }
        }}
    }

    /// `(count Liberties [at:S] [DIRS])`: the empty sites next to the
    /// group of S's component (none for an empty S, whose group is the
    /// empty sites around it).
    pub(super) fn count_liberties(
        &mut self,
        at: &SiteExpr,
        directions: &[AbsoluteDirection],
    ) -> TokenStream {
        let steps = self.union_steps(directions);
        let (at, _) = self.site(at);
        let same = self.same_component();
        quote!({
            let at = (#at) as usize;
            let what = if at < NUM_SITES { s.what[at] } else { 0 };
            if what == 0 {
                0i64
            } else {
                let (_, around) = flood_border(at, #same, &#steps);
                i64::from(around.minus(s.occupied).count())
            }
        })
    }

    /// `(> (count Liberties ...) 0)` ("HasFreedom") and its negations
    /// (`(= ... 0)`, `(<= ... 0)`): whether the group has a liberty, the
    /// flood fill stopping at the first one met.
    pub(super) fn has_liberty(
        &mut self,
        at: &SiteExpr,
        directions: &[AbsoluteDirection],
        negated: bool,
    ) -> TokenStream {
        let steps = self.union_steps(directions);
        let (at, _) = self.site(at);
        let same = self.same_component();
        let test = quote!({
            let at = (#at) as usize;
            let what = if at < NUM_SITES { s.what[at] } else { 0 };
            what != 0 && enclosed_group(at, #same, ALL.minus(s.occupied), &#steps).is_err()
        });
        if negated {
            quote!(!#test)
        } else {
            test
        }
    }

    /// The sites holding the component `what` (an `u8` in scope).
    fn same_component(&self) -> TokenStream {
        if crate::analyse::features::several_kinds(self.model) {
            quote!(s.kinds[what as usize])
        } else {
            quote!(s.owned[OWNER[what as usize] as usize])
        }
    }

    /// `(size Territory WHO [DIR])`: the empty sites of the groups of empty
    /// sites (joined by DIR) whose every neighbour outside is WHO's piece.
    pub(super) fn size_territory(
        &mut self,
        who: PlayerRef,
        direction: AbsoluteDirection,
    ) -> TokenStream {
        let steps = self.tables.step_masks(direction);
        let who = self.player(who);
        quote!({
            let owner = #who as usize;
            let empty = ALL.minus(s.occupied);
            let mut rest = empty;
            let mut size = 0i64;
            while let Some(site) = rest.first_site() {
                let (group, around) = flood_border(site, empty, &#steps);
                rest = rest.minus(group);
                if around.minus(s.owned[owner]).is_empty() {
                    size += i64::from(group.count());
                }
            }
            size
        })
    }
}

/// A comparison of `(count Liberties ...)` with 0 that asks only whether
/// there is a liberty: its site, its directions, and whether it asks for
/// none (`(= ... 0)`, `(<= ... 0)`) rather than some (`(> ... 0)`,
/// `(!= ... 0)`, `(>= ... 1)`).
pub(super) fn liberty_test<'a>(
    op: Comparison,
    a: &'a IntExpr,
    b: &IntExpr,
) -> Option<(&'a SiteExpr, &'a [AbsoluteDirection], bool)> {
    let IntExpr::CountLiberties {
        at,
        directions,
        condition: None,
    } = a
    else {
        return None;
    };
    let negated = match (op, b) {
        (Comparison::Gt, IntExpr::Const(0))
        | (Comparison::Ne, IntExpr::Const(0))
        | (Comparison::Ge, IntExpr::Const(1)) => false,
        (Comparison::Eq, IntExpr::Const(0)) | (Comparison::Le, IntExpr::Const(0)) => true,
        _ => return None,
    };
    Some((at, directions, negated))
}
