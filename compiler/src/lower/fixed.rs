//! Conditions and integers that do not depend on the state, evaluated while
//! lowering: the `if:` of a `(forEach REGION if:C)` in the start rules
//! (`(place "Marker1" (forEach (sites Board) if:(< (site) (centrePoint))))`).

use crate::board::Board;
use crate::ir::{Cond, IntExpr, Site, SiteExpr};

/// C at `site` (as `(site)`), or `None` when C reads the state.
pub(super) fn cond(board: &Board, c: &Cond, site: Site) -> Option<bool> {
    Some(match c {
        Cond::True => true,
        Cond::False => false,
        Cond::Not(c) => !cond(board, c, site)?,
        Cond::And(cs) => {
            let mut all = true;
            for c in cs {
                all &= cond(board, c, site)?;
            }
            all
        }
        Cond::Or(cs) => {
            let mut any = false;
            for c in cs {
                any |= cond(board, c, site)?;
            }
            any
        }
        Cond::Even(n) => int(board, n, site)? % 2 == 0,
        Cond::Odd(n) => int(board, n, site)? % 2 != 0,
        Cond::Compare(op, a, b) => op.holds(int(board, a, site)?, int(board, b, site)?),
        _ => return None,
    })
}

fn int(board: &Board, n: &IntExpr, site: Site) -> Option<i64> {
    let at = |x: &SiteExpr| match x {
        SiteExpr::Iterated => Some(site),
        SiteExpr::Const(s) => Some(*s),
        _ => None,
    };
    Some(match n {
        IntExpr::Const(c) => *c,
        IntExpr::Site(x) => at(x)? as i64,
        IntExpr::Row(x) => board.sites.get(at(x)? as usize)?.row as i64,
        IntExpr::Column(x) => board.sites.get(at(x)? as usize)?.col as i64,
        IntExpr::Add(a, b) => int(board, a, site)? + int(board, b, site)?,
        IntExpr::Sub(a, b) => int(board, a, site)? - int(board, b, site)?,
        IntExpr::Min(a, b) => int(board, a, site)?.min(int(board, b, site)?),
        IntExpr::Max(a, b) => int(board, a, site)?.max(int(board, b, site)?),
        IntExpr::Div(a, b) => {
            let d = int(board, b, site)?;
            if d == 0 {
                return None;
            }
            int(board, a, site)? / d
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{build, BoardSpec, Tiling};
    use crate::ir::Comparison;

    #[test]
    fn site_comparisons_rows_and_parity_are_fixed_and_state_reads_are_not() {
        let board = build(&BoardSpec::new(Tiling::Square { rows: 3, cols: 3 })).unwrap();
        let below_centre = Cond::Compare(
            Comparison::Lt,
            IntExpr::Site(SiteExpr::Iterated),
            IntExpr::Site(SiteExpr::Const(4)),
        );
        let sites: Vec<Site> = (0..9)
            .filter(|&s| cond(&board, &below_centre, s) == Some(true))
            .collect();
        assert_eq!(sites, [0, 1, 2, 3]);
        let odd_row = Cond::Odd(IntExpr::Row(SiteExpr::Iterated));
        assert_eq!(cond(&board, &odd_row, 4), Some(true));
        assert_eq!(cond(&board, &odd_row, 0), Some(false));
        assert_eq!(cond(&board, &Cond::Empty(SiteExpr::Iterated), 0), None);
    }
}
