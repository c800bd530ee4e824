//! Board patterns in end conditions: lines, connections and rings
//! (docs/ludii-semantics.md §2–§4).

use ludemic_runtime::Player;

use crate::board::Relation;
use crate::ir::{ConnectTargets, Connected, Line, LinePieces, Loop, Site};

use super::conds::Ctx;
use super::{Interpreter, State};

impl Interpreter {
    /// `(is Line L dirs [exact:])`: along some axis through `pivot` (the
    /// last placed piece unless `through:` says otherwise), the run of
    /// pieces of the same component is at least L (exactly L with `exact`).
    pub(super) fn is_line(
        &self,
        state: &State,
        mover: Player,
        ctx: &Ctx,
        line: &Line,
        pivot: Site,
    ) -> bool {
        let board = &self.model.board;
        // Ludii's `whats`: the components that make the line, as a set of
        // `what` values (bit w of word w / 64), built without allocating.
        let mut set = [0u64; 4];
        let mut insert = |w: i64| {
            if let Ok(w) = u8::try_from(w) {
                set[w as usize / 64] |= 1 << (w % 64);
            }
        };
        match &line.pieces {
            LinePieces::Pivot => insert(state.what[pivot as usize] as i64),
            LinePieces::Owner(who) => {
                let who = self.resolve(state, mover, *who);
                for w in 1..=self.model.components.len() as u8 {
                    if self.owner_of(w) == who {
                        insert(w as i64);
                    }
                }
            }
            LinePieces::Whats(list) => {
                for n in list {
                    insert(self.eval_int(state, mover, ctx, n));
                }
            }
        }
        let whats = |w: u8| set[w as usize / 64] & (1 << (w % 64)) != 0;
        // `if:C`, read with `(to)` at the site (Ludii sets the context's `to`).
        let holds = |site: Site| {
            line.condition.as_ref().is_none_or(|c| {
                let at = Ctx {
                    to: Some(site),
                    ..*ctx
                };
                self.eval_cond(state, mover, &at, c)
            })
        };
        if !holds(pivot) || !whats(state.what[pivot as usize]) {
            return false;
        }
        let length = line.length;
        // Counts matching sites along a radial (after its origin), from `count`;
        // `Err` means a non-exact line was found on the way.
        let walk = |steps: &[u16], mut count: u32| -> Result<u32, ()> {
            for &s in &steps[1..] {
                if !(whats(state.what[s as usize]) && holds(s)) {
                    if line.contiguous {
                        break;
                    }
                    continue;
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

    /// `(is Line L byLevel:True)` in a stacking game (Ludii's
    /// `IsLine.evalStack`): a line of the top piece's component up the stack
    /// at `pivot`, or across neighbouring stacks at the pivot's level, or at
    /// levels falling or rising by one per step (Connect Four's diagonals
    /// on a one-row board of columns).
    ///
    /// Follows Ludii's loops as they are, including their asymmetries: the
    /// diagonal walks into the opposite radials continue the level change
    /// from 1 whatever the first walk reached, and the falling walk's
    /// opposite check compares the first walk's count.
    pub(super) fn is_line_by_level(&self, state: &State, line: &Line, pivot: Site) -> bool {
        let board = &self.model.board;
        let what = state.what[pivot as usize];
        let len = line.length as i64;
        if len == 1 {
            return true;
        }
        let exact = line.exact;
        // The component at `level` of the stack on `site`, if that high.
        let at = |site: u16, level: i64| -> Option<u8> {
            let stack = state.stack_at(site);
            usize::try_from(level)
                .ok()
                .and_then(|l| stack.get(l).copied())
        };
        let size = state.stack_at(pivot).len() as i64;
        // Up the stack: the levels below the top.
        if size >= len {
            let mut count = 1;
            for i in 0..len - 1 {
                if at(pivot, size - 2 - i) != Some(what) {
                    break;
                }
                count += 1;
                if !exact && count == len {
                    return true;
                }
            }
            if count == len {
                return true;
            }
        }
        let origin = size - 1;
        if origin < 0 {
            return false;
        }
        // Counts pieces along `steps` from index `first`, the level moving by
        // `slope` per piece found, from `count`/`diff`; `Err` = a line found
        // on the way (non-exact). Ludii skips (does not stop at) a site whose
        // level would be -1.
        let walk = |steps: &[u16],
                    first: usize,
                    slope: i64,
                    mut count: i64,
                    mut diff: i64,
                    skip_below: bool|
         -> Result<i64, ()> {
            for &s in &steps[first..] {
                let level = origin + slope * diff;
                if skip_below && level == -1 {
                    continue;
                }
                match at(s, level) {
                    Some(w) if w == what => {
                        count += 1;
                        if slope != 0 {
                            diff += 1;
                        }
                        if !exact && count == len {
                            return Err(());
                        }
                    }
                    _ => break,
                }
            }
            Ok(count)
        };
        for radial in board.distinct_radials(pivot as usize, line.directions) {
            let opposites: Vec<_> = board.opposites(radial).collect();
            // (slope of the first walk, slope of the opposite walks, whether
            // the first and the opposite walks skip level -1).
            for (slope, back, skip_first, skip_back) in [
                (0, 0, false, false),
                (-1, 1, true, false),
                (1, -1, false, true),
            ] {
                let Ok(count) = walk(&radial.steps, 0, slope, 0, 0, skip_first) else {
                    return true;
                };
                if opposites.is_empty() {
                    if count == len {
                        return true;
                    }
                    continue;
                }
                for opposite in &opposites {
                    let diff = if slope == 0 { 0 } else { 1 };
                    match walk(&opposite.steps, 1, back, count, diff, skip_back) {
                        Err(()) => return true,
                        // Ludii's falling walk compares the first walk's count here.
                        Ok(_) if slope == -1 => {
                            if count == len {
                                return true;
                            }
                        }
                        Ok(total) if total == len => return true,
                        Ok(_) => {}
                    }
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
