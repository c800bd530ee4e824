//! The stacked-line playout (Connect Four's one-row model, Score Four):
//! where two players alternately put their own piece on top of any stack
//! of the board not yet full, and the only end is the mover's line of N by
//! level, a playout keeps each player's cells (site, level) as one word and
//! tests the line by shifts, never touching the state until the game ends.
//!
//! Why it is exact: each line of cells Ludii's by-level walk finds is a run
//! of N cells a constant stride apart in the cell layout (cell `site ×
//! capacity + level`), from a start whose run neither leaves the board nor
//! wraps round a stack; [`runs`] finds those strides and starts from the very
//! windows the line test reads, and keeps them only where they give back
//! exactly the windows through every cell (those climbing above the cell,
//! empty while it is its stack's top, aside). A new piece goes on the cell
//! just above its stack, found by one addition. The sites are drawn as the
//! site-wise draw draws them, so both playouts give the same game from the
//! same generator.

use crate::ir::{
    Cond, EndRule, GameModel, LinePieces, Moves, PieceRef, PlayerRef, Region, ResultKind,
    ResultPlayer, SiteExpr,
};

use super::sitewise::SiteRule;
use super::stacks;

/// What the stacked-line playout needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackedLines {
    /// The placement's rule number.
    pub rule: u16,
    /// The line's length.
    pub length: u32,
    /// Each stride of the line's runs, with the cells its runs start from.
    pub runs: Vec<(u32, u64)>,
}

/// The plan, where the game is such a stacking game: the site-wise draw's
/// `rule` is `(move Add (to (forEach R if:(< (size Stack
/// at:(site)) N))) stack:True)` of the mover's piece over a fixed region,
/// no consequence, with N the stacks' capacity; two players, Ludii's limits
/// out of reach (`limits_unreachable`); one end rule, `(if (is Line L
/// byLevel:True) (result Mover Win))`; every cell in one word.
pub fn plan(
    model: &GameModel,
    rule: &SiteRule,
    capacity: usize,
    limits_unreachable: bool,
) -> Option<StackedLines> {
    let Moves::Add(add) = rule.moves else {
        return None;
    };
    let [phase] = model.phases.as_slice() else {
        return None;
    };
    let fills_any_open_stack = add.stack
        && add.then.is_none()
        && add.to_if.is_none()
        && add.state.is_none()
        && add.piece == PieceRef::Mover
        && add.site_type == model.board.site_type
        && matches!(rule.region, Region::Static(_))
        && rule
            .filter
            .is_some_and(|c| stacks::open_below(c, &SiteExpr::Iterated) == Some(capacity));
    let cells = model.board.num_sites() * capacity;
    if !fills_any_open_stack
        || model.num_players != 2
        || model.swap
        || model.dice.is_some()
        || !model.hands.is_empty()
        || !limits_unreachable
        || !phase.end.is_empty()
        || !phase.next.is_empty()
        || cells > 64
    {
        return None;
    }
    let [end] = model.end.as_slice() else {
        return None;
    };
    let line = mover_lines_up(end)?;
    let windows = stacks::level_windows(&model.board, line, capacity);
    Some(StackedLines {
        rule: add.rule,
        length: line.length,
        runs: runs(&windows, capacity, line.length)?,
    })
}

/// The line of `(if (is Line L byLevel:True) (result Mover Win))`, through
/// the last move's site, of the pivot's component, with no condition.
fn mover_lines_up(rule: &EndRule) -> Option<&crate::ir::Line> {
    let Cond::LineAt(at) = &rule.condition else {
        return None;
    };
    let line = &at.line;
    (at.by_level
        && at.through == SiteExpr::LastTo
        && line.length >= 2
        && !line.exact
        && line.contiguous
        && line.condition.is_none()
        && matches!(line.pieces, LinePieces::Pivot)
        && rule.final_scores.is_empty()
        && rule.who == ResultPlayer::Player(PlayerRef::Mover)
        && rule.result == ResultKind::Win)
        .then_some(line)
}

/// The windows of `length` cells through each cell (`windows[cell]`, as
/// `level_windows` gives them) as runs by shifts: each stride with the
/// cells its runs start from, where every window is such a run and the
/// runs through each cell are its windows, the runs climbing above the
/// cell in its own stack aside (nothing lies above a stack's top).
pub fn runs(windows: &[Vec<Vec<usize>>], capacity: usize, length: u32) -> Option<Vec<(u32, u64)>> {
    let len = length as usize;
    if windows.len() > 64 || len < 2 {
        return None;
    }
    let mut runs: Vec<(u32, u64)> = Vec::new();
    for window in windows.iter().flatten() {
        let (first, stride) = (window[0], window[1] - window[0]);
        let evenly = window.windows(2).all(|pair| pair[1] - pair[0] == stride);
        if !evenly || window.len() != len {
            return None;
        }
        match runs.iter_mut().find(|(s, _)| *s as usize == stride) {
            Some((_, starts)) => *starts |= 1 << first,
            None => runs.push((stride as u32, 1 << first)),
        }
    }
    runs.sort_unstable();
    // The runs through each cell must be its windows.
    for (cell, expected) in windows.iter().enumerate() {
        let above = |c: usize| c / capacity == cell / capacity && c > cell;
        let mut found: Vec<Vec<usize>> = Vec::new();
        for &(stride, starts) in &runs {
            let stride = stride as usize;
            for back in 0..len {
                let Some(start) = cell.checked_sub(back * stride) else {
                    break;
                };
                if starts >> start & 1 == 1 {
                    let run: Vec<usize> = (0..len).map(|k| start + k * stride).collect();
                    if !run.iter().any(|&c| above(c)) {
                        found.push(run);
                    }
                }
            }
        }
        let mut expected = expected.clone();
        expected.sort();
        found.sort();
        if found != expected {
            return None;
        }
    }
    Some(runs)
}

#[cfg(test)]
mod tests {
    use super::super::{analyse, Switches};
    use super::*;

    fn plan_of(text: &str) -> Option<StackedLines> {
        let loaded = crate::load_inline(text).expect("a game");
        analyse(&loaded.model, &Switches::default()).stacked_lines
    }

    /// Connect Four's one-row model on `board`, stacks of `height`, its
    /// end rule `END`.
    fn game(board: &str, height: u32, end: &str) -> String {
        format!(
            r#"(game "G" (players 2)
            (equipment {{ (board {board}) (piece "Disc" Each) }})
            (rules (play (move Add (to (forEach (sites Board) if:(< (size Stack at:(site)) {height}))) stack:True))
            (end {end})))"#
        )
    }

    const LINE_4: &str = "(if (is Line 4 byLevel:True) (result Mover Win))";

    #[test]
    fn connect_four_lines_are_four_strides() {
        let plan = plan_of(&game("(rectangle 1 7)", 6, LINE_4)).expect("a stacked-line game");
        assert_eq!(plan.length, 4);
        // Up a stack, across stacks at one level, and both diagonals.
        let strides: Vec<u32> = plan.runs.iter().map(|&(s, _)| s).collect();
        assert_eq!(strides, [1, 5, 6, 7]);
        // Up a stack: from the three lowest levels of every stack.
        let up = plan.runs[0].1;
        assert_eq!(up.count_ones(), 7 * 3);
        assert!((0..7).all(|site| up >> (site * 6) & 0b111 == 0b111));
    }

    #[test]
    fn a_square_board_of_stacks_is_one_word_of_runs() {
        // Score Four: 16 stacks of 4, 13 directions through a cell.
        let plan = plan_of(&game("(square 4)", 4, LINE_4)).expect("a stacked-line game");
        assert!(plan.runs.len() >= 9, "{plan:?}");
    }

    #[test]
    fn other_games_keep_the_site_wise_draw() {
        // Too many cells for a word, another end, another result, a bound
        // below the capacity's test.
        assert_eq!(plan_of(&game("(rectangle 1 13)", 6, LINE_4)), None);
        let or_full =
            "{(if (is Line 4 byLevel:True) (result Mover Win)) (if (is Full) (result Mover Draw))}";
        assert_eq!(plan_of(&game("(rectangle 1 7)", 6, or_full)), None);
        let loses = "(if (is Line 4 byLevel:True) (result Mover Loss))";
        assert_eq!(plan_of(&game("(rectangle 1 7)", 6, loses)), None);
        let exactly =
            game("(rectangle 1 7)", 6, LINE_4).replace("(< (size Stack", "(= (size Stack");
        assert_eq!(plan_of(&exactly), None);
    }

    #[test]
    fn windows_that_are_not_runs_are_refused() {
        // One window with a gap in its strides.
        let windows = vec![vec![vec![0, 1, 3]], vec![], vec![], vec![]];
        assert_eq!(runs(&windows, 4, 3), None);
        // A run whose cells the windows do not list through its middle cell.
        let windows = vec![vec![vec![0, 1]], vec![], vec![]];
        assert_eq!(runs(&windows, 1, 2), None);
    }
}
