//! Board patterns in end conditions: lines, connections and rings
//! (docs/ludii-semantics.md §2–§4).

use ludemic_runtime::Player;

use crate::board::Relation;
use crate::ir::{ConnectTargets, Connected, Line, Loop, Site};

use super::{Interpreter, State};

impl Interpreter {
    /// `(is Line L dirs [exact:])`: along some axis through the last placed
    /// piece, the run of pieces of the same component is at least L (exactly L
    /// with `exact`). False after a pass or a swap (no last `to`).
    pub(super) fn is_line(&self, state: &State, line: &Line) -> bool {
        let Some(pivot) = state.last_to else {
            return false;
        };
        let board = &self.model.board;
        let what = state.what[pivot as usize];
        let length = line.length;
        // Counts matching sites along a radial (after its origin), from `count`;
        // `Err` means a non-exact line was found on the way.
        let walk = |steps: &[u16], mut count: u32| -> Result<u32, ()> {
            for &s in &steps[1..] {
                if state.what[s as usize] != what {
                    break;
                }
                count += 1;
                if !line.exact && count == length {
                    return Err(());
                }
            }
            Ok(count)
        };
        for radial in board.distinct_radials(pivot as usize, line.directions) {
            let Ok(count) = walk(&radial.steps, 1) else {
                return true;
            };
            let mut opposites = board.opposites(radial).peekable();
            if opposites.peek().is_none() {
                if count == length {
                    return true;
                }
                continue;
            }
            for opposite in opposites {
                match walk(&opposite.steps, count) {
                    Err(()) => return true,
                    Ok(total) if total == length => return true,
                    Ok(_) => {}
                }
            }
        }
        false
    }

    /// `(is Connected ...)`: the group of the last placed piece (its owner's
    /// pieces, connected through `directions` steps) touches enough regions.
    pub(super) fn is_connected(&self, state: &State, mover: Player, c: &Connected) -> bool {
        let Some(from) = state.last_to else {
            return false;
        };
        let board = &self.model.board;
        let who = state.owner[from as usize];
        if who == 0 {
            return false;
        }
        let (mut regions, region_player): (Vec<&[Site]>, Option<Player>) = match &c.targets {
            ConnectTargets::PlayerRegions => {
                let p = self.resolve(state, mover, c.who);
                let parts = self
                    .model
                    .regions
                    .iter()
                    .filter(|r| r.owner == p)
                    .flat_map(|r| r.parts.iter().map(Vec::as_slice))
                    .collect();
                (parts, Some(p))
            }
            ConnectTargets::Sets(sets) => (sets.iter().map(Vec::as_slice).collect(), None),
        };
        let need = c.number.map_or(regions.len(), |n| n as usize);
        let mut count = 0;
        let touch = |site: Site, regions: &mut Vec<&[Site]>, count: &mut usize| -> bool {
            let before = regions.len();
            regions.retain(|r| !r.contains(&site));
            *count += before - regions.len();
            *count >= need
        };
        if touch(from, &mut regions, &mut count) {
            return true;
        }
        if region_player.is_some_and(|p| p != who) {
            return false;
        }
        let mut visited = vec![false; board.num_sites()];
        visited[from as usize] = true;
        let mut group = vec![from];
        let mut next = 0;
        while next < group.len() {
            let site = group[next];
            next += 1;
            for &t in board.steps(site as usize, c.directions) {
                if visited[t as usize] {
                    continue;
                }
                visited[t as usize] = true;
                if state.owner[t as usize] == who {
                    if touch(t, &mut regions, &mut count) {
                        return true;
                    }
                    group.push(t);
                }
            }
        }
        false
    }

    /// `(is Loop)` on hex cells: the last placed piece closes a ring around
    /// one or more cells, whatever they hold, none of them on the board's
    /// outer ring. Equivalent to Ludii's `IsLoop` on hex cells
    /// (docs/ludii-semantics.md §4.3): some non-outer neighbour `n` of the
    /// last piece lies in — or, when it holds the same component, borders
    /// only — regions of non-matching cells that reach no outer cell.
    pub(super) fn is_loop(&self, state: &State, _mover: Player, l: &Loop) -> bool {
        let Some(pivot) = state.last_to else {
            return false;
        };
        let board = &self.model.board;
        let what = state.what[pivot as usize];
        if what == 0 {
            return false;
        }
        let mut outer = vec![false; board.num_sites()];
        for &s in board.outer() {
            outer[s as usize] = true;
        }
        let _ = l.directions;
        let mut seen = vec![false; board.num_sites()];
        // Whether the region of non-matching cells containing `start` is enclosed.
        let enclosed = |start: Site, seen: &mut Vec<bool>| -> bool {
            seen.iter_mut().for_each(|v| *v = false);
            seen[start as usize] = true;
            let mut stack = vec![start];
            while let Some(s) = stack.pop() {
                if outer[s as usize] {
                    return false;
                }
                for &t in board.neighbours(s as usize, Relation::Orthogonal) {
                    if !seen[t as usize] && state.what[t as usize] != what {
                        seen[t as usize] = true;
                        stack.push(t);
                    }
                }
            }
            true
        };
        for &n in board.neighbours(pivot as usize, Relation::Adjacent) {
            if outer[n as usize] {
                continue;
            }
            let ring = if state.what[n as usize] != what {
                enclosed(n, &mut seen)
            } else {
                board
                    .neighbours(n as usize, Relation::Orthogonal)
                    .iter()
                    .filter(|&&m| state.what[m as usize] != what)
                    .all(|&m| enclosed(m, &mut seen))
            };
            if ring {
                return true;
            }
        }
        false
    }
}
