//! `(is Line ...)` by per-line bit masks, for boards too large for one-word
//! windows. Ludii's test walks, from the pivot, each distinct radial and its
//! first opposite while the sites hold the pivot's component, and counts
//! the run. Each such axis is one line of the board: the opposite's sites
//! reversed, the pivot, the radial's sites. Where every site of every line
//! has that same line among its own axes, a mask per component and line
//! (bit k: the line's k-th site holds the component) kept at each change of
//! a site gives the run through the pivot with two bit scans per axis — as
//! Gomoku engines count their rows. The analysis proves that condition on
//! the board, and that lines fit in 32 bits; otherwise the walk stays.

use std::collections::BTreeMap;

use crate::board::{AbsoluteDirection, Board};
use crate::ir::GameModel;

use super::features::Features;

/// The lines of the board that `(is Line ...)` reads, and where each site
/// stands in them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMasks {
    /// Each line's sites in order (bit k of a mask is site `lines[l][k]`).
    pub lines: Vec<Vec<u16>>,
    /// For each direction tested: for each site, the line and position of
    /// each axis through it, in the order of Ludii's distinct radials.
    pub axes: BTreeMap<AbsoluteDirection, Vec<Vec<(u16, u8)>>>,
    /// For each site, every line through it and its bit there.
    pub site_lines: Vec<Vec<(u16, u8)>>,
}

/// The most sites in a line: a mask is one `u32`.
const MAX_LINE: usize = 32;

/// The masks for `model`'s line tests, or `None` when there are none or
/// the walk cannot be replaced exactly.
pub fn plan(model: &GameModel, features: &Features) -> Option<LineMasks> {
    if features.line_directions.is_empty() || model.stacking {
        return None;
    }
    let board = &model.board;
    let mut index: BTreeMap<Vec<u16>, u16> = BTreeMap::new();
    let mut lines: Vec<Vec<u16>> = Vec::new();
    let mut axes = BTreeMap::new();
    for &dir in &features.line_directions {
        let mut per_site = Vec::with_capacity(board.num_sites());
        for site in 0..board.num_sites() {
            let mut through = Vec::new();
            for (line, at) in axis_lines(board, site, dir) {
                if line.len() > MAX_LINE || has_repeats(&line) {
                    return None;
                }
                // One line, whichever end its walk started from.
                let reversed: Vec<u16> = line.iter().rev().copied().collect();
                let (key, at) = if reversed < line {
                    (reversed, line.len() - 1 - at)
                } else {
                    (line, at)
                };
                let next = u16::try_from(lines.len()).ok()?;
                let l = *index.entry(key.clone()).or_insert_with(|| {
                    lines.push(key);
                    next
                });
                through.push((l, at as u8));
            }
            per_site.push(through);
        }
        axes.insert(dir, per_site);
    }
    let mut site_lines: Vec<Vec<(u16, u8)>> = vec![Vec::new(); board.num_sites()];
    for per_site in axes.values() {
        for through in per_site {
            for &(l, _) in through {
                for (k, &site) in lines[l as usize].iter().enumerate() {
                    let entry = (l, k as u8);
                    if !site_lines[site as usize].contains(&entry) {
                        site_lines[site as usize].push(entry);
                    }
                }
            }
        }
    }
    // Exact only if a change of any site reaches every line a test reads:
    // each line must be one of its own sites' axes.
    let own_lines = |site: u16| -> Vec<u16> {
        axes.values()
            .flat_map(|per_site| per_site[site as usize].iter().map(|&(l, _)| l))
            .collect()
    };
    for (l, line) in lines.iter().enumerate() {
        if !line
            .iter()
            .all(|&site| own_lines(site).contains(&(l as u16)))
        {
            return None;
        }
    }
    Some(LineMasks {
        lines,
        axes,
        site_lines,
    })
}

/// Each axis of `dir` through `site` as Ludii's line test walks it: the
/// first opposite's sites reversed, the site, the distinct radial's sites;
/// with the site's position in it.
pub fn axis_lines(
    board: &Board,
    site: usize,
    dir: AbsoluteDirection,
) -> impl Iterator<Item = (Vec<u16>, usize)> + '_ {
    board.distinct_radials(site, dir).map(|r| {
        let mut line: Vec<u16> = board
            .opposites(r)
            .next()
            .map(|o| o.steps[1..].iter().rev().copied().collect())
            .unwrap_or_default();
        let at = line.len();
        line.extend_from_slice(&r.steps);
        (line, at)
    })
}

fn has_repeats(line: &[u16]) -> bool {
    let mut sorted = line.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}

#[cfg(test)]
mod tests {

    use super::*;

    fn masks(text: &str) -> Option<LineMasks> {
        let loaded = crate::load_inline(text).expect("a game");
        let model = loaded.model;
        plan(&model, &super::super::features::features(&model))
    }

    const GOMOKU: &str = r#"(game "G" (players 2)
        (equipment { (board (square 15) use:Vertex) (piece "Marker" Each) })
        (rules (play (move Add (to (sites Empty)))) (end (if (is Line 5 All) (result Mover Win)))))"#;

    #[test]
    fn a_square_board_has_its_rows_columns_and_diagonals() {
        let m = masks(GOMOKU).expect("lines on a square grid are exact");
        // 15 rows, 15 columns, 29 diagonals each way but the four of one
        // site (a corner with no neighbour along the diagonal has no axis).
        assert_eq!(m.lines.len(), 15 + 15 + 29 + 29 - 4);
        let all = &m.axes[&AbsoluteDirection::All];
        // A corner has three axes (no anti-diagonal), the centre four.
        assert_eq!(all[0].len(), 3);
        assert_eq!(all[7 * 15 + 7].len(), 4);
        for (site, through) in all.iter().enumerate() {
            for &(l, at) in through {
                assert_eq!(m.lines[l as usize][at as usize] as usize, site);
                assert!(m.site_lines[site].contains(&(l, at)));
            }
        }
    }

    #[test]
    fn no_line_test_needs_no_masks() {
        let text = GOMOKU.replace("(is Line 5 All)", "(is Empty 0)");
        assert_eq!(masks(&text), None);
    }
}
