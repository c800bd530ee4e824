//! Bitboards sized to the board: `Bits<W>` is a set of sites `0..64*W` held
//! in `W` words. Generated code picks the smallest `W` that holds the board
//! (`Bits<1>` for up to 64 sites, `Bits<2>` for Hex 11×11, `Bits<6>` for
//! Connect6's 361 points), so every set operation is a few word operations.

use std::fmt;

/// A set of sites as a fixed-size bitboard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Self = Bits([0; W]);

    /// The set with these words (site `i` is bit `i % 64` of word `i / 64`).
    #[inline(always)]
    pub const fn new(words: [u64; W]) -> Self {
        Bits(words)
    }

    /// The sites `0..n`.
    pub const fn first(n: usize) -> Self {
        let mut words = [0u64; W];
        let mut i = 0;
        while i < W {
            let lo = i * 64;
            words[i] = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            i += 1;
        }
        Bits(words)
    }

    /// The set holding exactly `sites`.
    pub const fn from_sites(sites: &[u16]) -> Self {
        let mut b = Self::EMPTY;
        let mut i = 0;
        while i < sites.len() {
            b = b.with(sites[i] as usize);
            i += 1;
        }
        b
    }

    #[inline(always)]
    pub const fn single(site: usize) -> Self {
        Self::EMPTY.with(site)
    }

    #[inline(always)]
    pub const fn with(self, site: usize) -> Self {
        let mut w = self.0;
        w[site / 64] |= 1 << (site % 64);
        Bits(w)
    }

    #[inline(always)]
    pub const fn without(self, site: usize) -> Self {
        let mut w = self.0;
        w[site / 64] &= !(1 << (site % 64));
        Bits(w)
    }

    #[inline(always)]
    pub fn insert(&mut self, site: usize) {
        self.0[site / 64] |= 1 << (site % 64);
    }

    #[inline(always)]
    pub fn remove(&mut self, site: usize) {
        self.0[site / 64] &= !(1 << (site % 64));
    }

    #[inline(always)]
    pub const fn contains(&self, site: usize) -> bool {
        self.0[site / 64] >> (site % 64) & 1 != 0
    }

    #[inline(always)]
    pub const fn and(self, other: Self) -> Self {
        let mut w = self.0;
        let mut i = 0;
        while i < W {
            w[i] &= other.0[i];
            i += 1;
        }
        Bits(w)
    }

    #[inline(always)]
    pub const fn or(self, other: Self) -> Self {
        let mut w = self.0;
        let mut i = 0;
        while i < W {
            w[i] |= other.0[i];
            i += 1;
        }
        Bits(w)
    }

    /// The sites of `self` not in `other`.
    #[inline(always)]
    pub const fn minus(self, other: Self) -> Self {
        let mut w = self.0;
        let mut i = 0;
        while i < W {
            w[i] &= !other.0[i];
            i += 1;
        }
        Bits(w)
    }

    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        let mut i = 0;
        while i < W {
            if self.0[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    #[inline(always)]
    pub const fn intersects(&self, other: &Self) -> bool {
        let mut i = 0;
        while i < W {
            if self.0[i] & other.0[i] != 0 {
                return true;
            }
            i += 1;
        }
        false
    }

    #[inline(always)]
    pub const fn count(&self) -> u32 {
        let mut n = 0;
        let mut i = 0;
        while i < W {
            n += self.0[i].count_ones();
            i += 1;
        }
        n
    }

    /// Every site moved `delta` places up (down when negative): site `i`
    /// becomes `i + delta`; sites pushed past either end are dropped. On a
    /// board where a direction is a constant difference of site numbers,
    /// this is one step of every piece at once.
    #[inline(always)]
    pub const fn shifted(self, delta: i32) -> Self {
        let mut words = [0u64; W];
        let by = delta.unsigned_abs() as usize;
        let (whole, bits) = (by / 64, (by % 64) as u32);
        let mut i = 0;
        while i < W {
            // Output word i takes from input words i - whole (up) or i + whole (down).
            if delta >= 0 {
                if i >= whole {
                    let j = i - whole;
                    words[i] = self.0[j] << bits;
                    if bits > 0 && j > 0 {
                        words[i] |= self.0[j - 1] >> (64 - bits);
                    }
                }
            } else if i + whole < W {
                let j = i + whole;
                words[i] = self.0[j] >> bits;
                if bits > 0 && j + 1 < W {
                    words[i] |= self.0[j + 1] << (64 - bits);
                }
            }
            i += 1;
        }
        Bits(words)
    }

    /// The sites of `self` below the lowest site of `stop` (all of `self`
    /// when `stop` is empty). With `self` a ray whose site numbers rise
    /// along it and `stop` its occupied sites, the empty sites a slide
    /// reaches before the first blocker.
    #[inline(always)]
    pub const fn below_first(self, stop: Self) -> Self {
        let mut words = [0u64; W];
        // All ones until the word holding stop's lowest site, then none.
        let mut open = u64::MAX;
        let mut i = 0;
        while i < W {
            let s = stop.0[i];
            words[i] = self.0[i] & open & (s.wrapping_sub(1) & !s);
            open &= ((s != 0) as u64).wrapping_sub(1);
            i += 1;
        }
        Bits(words)
    }

    /// The sites of `self` above the highest site of `stop` (all of `self`
    /// when `stop` is empty): [`Bits::below_first`] for a ray whose site
    /// numbers fall along it.
    #[inline(always)]
    pub const fn above_last(self, stop: Self) -> Self {
        let mut words = [0u64; W];
        let mut open = u64::MAX;
        let mut i = W;
        while i > 0 {
            i -= 1;
            let s = stop.0[i];
            let up_to_highest = match u64::MAX.checked_shr(s.leading_zeros()) {
                Some(m) => m,
                None => 0,
            };
            words[i] = self.0[i] & open & !up_to_highest;
            open &= ((s != 0) as u64).wrapping_sub(1);
        }
        Bits(words)
    }

    /// The lowest site, if any.
    #[inline(always)]
    pub fn first_site(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The highest site, if any.
    #[inline(always)]
    pub fn last_site(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + 63 - w.leading_zeros() as usize)
    }

    /// The `k`-th lowest site (`k < count()`).
    #[inline(always)]
    pub fn nth(&self, mut k: u32) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            let c = w.count_ones();
            if k < c {
                return i * 64 + nth_bit(w, k) as usize;
            }
            k -= c;
        }
        panic!("nth({k}) beyond the set")
    }

    /// The sites in increasing order.
    #[inline(always)]
    pub fn iter(&self) -> BitsIter<W> {
        BitsIter {
            words: self.0,
            current: self.0.first().copied().unwrap_or(0),
            word: 0,
        }
    }
}

/// The position of the `k`-th lowest set bit of `w` (`k < w.count_ones()`).
#[inline(always)]
fn nth_bit(w: u64, k: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::pdep_is_fast() {
        // Deposit bit k into the k-th set bit of w: one instruction (an
        // inlined one in code compiled for bmi2, such as the playouts
        // generated code runs through `cpu::has_bit_instructions`).
        // SAFETY: `pdep_is_fast` is true only where the processor has bmi2.
        return unsafe { std::arch::x86_64::_pdep_u64(1u64 << k, w) }.trailing_zeros();
    }
    nth_bit_by_halves(w, k)
}

/// The position of the `k`-th lowest set bit of `w` (`k < w.count_ones()`):
/// a binary search on popcounts of halves, six steps whatever `k` is.
#[inline(always)]
fn nth_bit_by_halves(w: u64, mut k: u32) -> u32 {
    let mut pos = 0;
    let mut w = w;
    let mut width = 32;
    while width > 0 {
        let low = w & ((1u64 << width) - 1);
        let c = low.count_ones();
        if k >= c {
            k -= c;
            w >>= width;
            pos += width;
        } else {
            w = low;
        }
        width /= 2;
    }
    pos
}

/// Picks one site uniformly among all sites of `sets` (a site in two sets
/// counts twice): `Some((set index, site))`, `None` when all are empty.
/// One bounded draw, no list: how a playout chooses among moves kept as
/// target sets.
#[inline(always)]
pub fn pick_in_sets<const W: usize, const G: usize, R: rand_core::RngCore>(
    sets: &[Bits<W>; G],
    rng: &mut R,
) -> Option<(usize, usize)> {
    use crate::RngExt;
    let mut counts = [0u32; G];
    let mut total = 0;
    for (c, set) in counts.iter_mut().zip(sets) {
        *c = set.count();
        total += *c;
    }
    if total == 0 {
        return None;
    }
    let mut k = rng.below(total as u64) as u32;
    for (g, &c) in counts.iter().enumerate() {
        if k < c {
            // A set of one site (a lone piece's step): no select needed.
            let site = if c == 1 {
                sets[g].first_site().unwrap_or(0)
            } else {
                sets[g].nth(k)
            };
            return Some((g, site));
        }
        k -= c;
    }
    unreachable!("k < total")
}

/// The sites of `within` connected to `start` through `steps` (a table of
/// step masks per site), `start` included.
#[inline]
pub fn flood<const W: usize>(start: Bits<W>, within: Bits<W>, steps: &[Bits<W>]) -> Bits<W> {
    grow(start, start, within, steps)
}

/// `group` grown through `steps` within `within`, from the sites of
/// `frontier` (a part of `group`): the flood of [`flood`] carried on from
/// a group already found, each site of it stepped from once. Inlined into
/// the playouts that call it, which may be compiled with bit instructions.
#[inline(always)]
pub fn grow<const W: usize>(
    mut group: Bits<W>,
    mut frontier: Bits<W>,
    within: Bits<W>,
    steps: &[Bits<W>],
) -> Bits<W> {
    while !frontier.is_empty() {
        let mut next = Bits::EMPTY;
        for s in frontier.iter() {
            next = next.or(steps[s]);
        }
        frontier = next.and(within).minus(group);
        group = group.or(frontier);
    }
    group
}

/// The sites reached from `from` by one or more steps of `delta`, every
/// site on the way in `through`: Kogge–Stone's occluded fill, as chess and
/// Reversi engines find slides and flips. `onto` holds the sites a step of
/// `delta` lands on (the board goes on from the site `delta` before), so
/// no step leaves the board or wraps round a row; a run is found whole
/// when it is at most `2^doublings` sites long. Each doubling step extends
/// every run by as many sites again, through the sites whose previous ones
/// (as many of them) are all in `through`.
#[inline(always)]
pub const fn run_along<const W: usize>(
    from: Bits<W>,
    through: Bits<W>,
    delta: i32,
    onto: Bits<W>,
    doublings: u32,
) -> Bits<W> {
    // `open`: the sites ending a stretch of 2^i steps, all of it in `through`.
    let mut open = through.and(onto);
    let mut run = from.shifted(delta).and(open);
    let mut i = 0;
    while i < doublings {
        let by = delta * (1 << i);
        run = run.or(run.shifted(by).and(open));
        open = open.and(open.shifted(by));
        i += 1;
    }
    run
}

/// The length of the run of set bits of `line` through bit `at` (0 when
/// that bit is clear): a line test's count along one line's mask.
#[inline(always)]
pub const fn run_through(line: u32, at: u32) -> u32 {
    let up = (!(line >> at)).trailing_zeros();
    let down = (!(line << (31 - at))).leading_zeros();
    (up + down).saturating_sub(1)
}

/// Whether `cells` hold a run of `len` cells `stride` apart that covers
/// `cell` (one bit) and starts at one of `starts`: a line test by shifts,
/// where every line of a board's one-word layout is such a run (`starts`
/// keeps the runs that do not leave the board or wrap round). Both halves
/// double: the cells whose `2^i` next cells are all held, then the cells
/// of the runs found, so a run of 4 takes two shifts each way.
#[inline(always)]
pub const fn run_covers(cells: u64, cell: u64, stride: u32, len: u32, starts: u64) -> bool {
    // A shift by a whole word or more leaves nothing (the board has no cell there).
    const fn down(x: u64, by: u32) -> u64 {
        if by >= 64 {
            0
        } else {
            x >> by
        }
    }
    const fn up(x: u64, by: u32) -> u64 {
        if by >= 64 {
            0
        } else {
            x << by
        }
    }
    // The largest power of two at most `len`: two overlapping halves of it cover the run.
    let half = 1 << (31 - len.leading_zeros());
    let mut run = cells;
    let mut k = 1;
    while k < half {
        run &= down(run, k * stride);
        k *= 2;
    }
    run = run & down(run, (len - half) * stride) & starts;
    let mut cover = run;
    k = 1;
    while k < half {
        cover |= up(cover, k * stride);
        k *= 2;
    }
    cover |= up(cover, (len - half) * stride);
    cover & cell != 0
}

/// The number of connected groups of `member` (Ludii's `count Groups`),
/// connected through `steps`.
#[inline]
pub fn count_groups<const W: usize>(member: Bits<W>, steps: &[Bits<W>]) -> u32 {
    let mut rest = member;
    let mut groups = 0;
    while let Some(site) = rest.first_site() {
        rest = rest.minus(flood(Bits::single(site), member, steps));
        groups += 1;
    }
    groups
}

/// The region of `within` around `start` (connected through `steps`):
/// `Ok(region)` if it holds no site of `outer`, else `Err(part)`, the part
/// explored before an outer site was met (all of it in the same region).
#[inline]
pub fn enclosed_region<const W: usize>(
    start: usize,
    within: Bits<W>,
    outer: Bits<W>,
    steps: &[Bits<W>],
) -> Result<Bits<W>, Bits<W>> {
    let mut group = Bits::single(start);
    let mut frontier = group;
    while !frontier.is_empty() {
        if frontier.intersects(&outer) {
            return Err(group);
        }
        let mut next = Bits::EMPTY;
        for s in frontier.iter() {
            next = next.or(steps[s]);
        }
        frontier = next.and(within).minus(group);
        group = group.or(frontier);
    }
    Ok(group)
}

/// The group of `within` around `start` (connected through `steps`) and
/// its border, the sites one step from it outside it: Go's group and the
/// sites around it, by flood fill.
#[inline]
pub fn flood_border<const W: usize>(
    start: usize,
    within: Bits<W>,
    steps: &[Bits<W>],
) -> (Bits<W>, Bits<W>) {
    let mut group = Bits::single(start);
    let mut frontier = group;
    let mut around = Bits::EMPTY;
    while !frontier.is_empty() {
        let mut next = Bits::EMPTY;
        for s in frontier.iter() {
            next = next.or(steps[s]);
        }
        around = around.or(next);
        frontier = next.and(within).minus(group);
        group = group.or(frontier);
    }
    (group, around.minus(group))
}

/// The group of `within` around `start` (connected through `steps`):
/// `Ok(group)` when no site of `liberties` (sites outside `within`) is one
/// step from it, else `Err(part)`, the part explored before one was met
/// (all of it in the same group). Ludii's `Enclose` by flood fill.
#[inline]
pub fn enclosed_group<const W: usize>(
    start: usize,
    within: Bits<W>,
    liberties: Bits<W>,
    steps: &[Bits<W>],
) -> Result<Bits<W>, Bits<W>> {
    let mut group = Bits::single(start);
    let mut frontier = group;
    while !frontier.is_empty() {
        let mut next = Bits::EMPTY;
        for s in frontier.iter() {
            next = next.or(steps[s]);
        }
        if next.intersects(&liberties) {
            return Err(group);
        }
        frontier = next.and(within).minus(group);
        group = group.or(frontier);
    }
    Ok(group)
}

/// Iterator over the sites of a [`Bits`], lowest first.
///
/// The word being walked is kept apart from the others, so that a loop
/// over a board of several words keeps it in a register: only moving on
/// to the next word reads the array (a loop writing the array back at
/// every site kept it in memory, a tenth of Dai Hasami Shogi's listing).
pub struct BitsIter<const W: usize> {
    words: [u64; W],
    /// What is left of `words[word]`.
    current: u64,
    word: usize,
}

impl<const W: usize> Iterator for BitsIter<W> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(self.word * 64 + bit);
            }
            if self.word + 1 >= W {
                return None;
            }
            self.word += 1;
            self.current = self.words[self.word];
        }
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest: u32 = self.words[(self.word + 1).min(W)..]
            .iter()
            .map(|w| w.count_ones())
            .sum();
        let n = (self.current.count_ones() + rest) as usize;
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for BitsIter<W> {}

impl<const W: usize> IntoIterator for Bits<W> {
    type Item = usize;
    type IntoIter = BitsIter<W>;
    fn into_iter(self) -> BitsIter<W> {
        self.iter()
    }
}

impl<const W: usize> fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_through_counts_the_run_around_a_bit() {
        assert_eq!(run_through(0, 0), 0);
        assert_eq!(run_through(0b0110, 0), 0);
        assert_eq!(run_through(0b0110, 1), 2);
        assert_eq!(run_through(0b0110, 2), 2);
        assert_eq!(run_through(0b11101111, 5), 3);
        assert_eq!(run_through(0b11101111, 0), 4);
        assert_eq!(run_through(u32::MAX, 0), 32);
        assert_eq!(run_through(u32::MAX, 31), 32);
        assert_eq!(run_through(1 << 31, 31), 1);
    }

    /// `run_covers` against every run of every length on a 6-row grid of
    /// 7 columns (Connect Four's cells, column-major): each horizontal,
    /// vertical and diagonal run through a cell, found by looking.
    #[test]
    fn run_covers_finds_the_runs_through_a_cell() {
        let (rows, cols) = (6i32, 7i32);
        let cell_of = |r: i32, c: i32| (c * rows + r) as u32;
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for len in 1..=5u32 {
            for (dr, dc) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                let stride = (dc * rows + dr) as u32;
                let mut starts = 0u64;
                for r in 0..rows {
                    for c in 0..cols {
                        let (er, ec) = (r + dr * (len as i32 - 1), c + dc * (len as i32 - 1));
                        if (0..rows).contains(&er) && (0..cols).contains(&ec) {
                            starts |= 1 << cell_of(r, c);
                        }
                    }
                }
                for _ in 0..300 {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    // Dense sets, so that long runs happen.
                    let cells = (rng | rng.rotate_left(23)) & ((1 << 42) - 1);
                    for r in 0..rows {
                        for c in 0..cols {
                            let looked = (0..len as i32).any(|back| {
                                let (sr, sc) = (r - dr * back, c - dc * back);
                                (0..len as i32).all(|k| {
                                    let (tr, tc) = (sr + dr * k, sc + dc * k);
                                    (0..rows).contains(&tr)
                                        && (0..cols).contains(&tc)
                                        && cells >> cell_of(tr, tc) & 1 == 1
                                })
                            });
                            let cell = 1 << cell_of(r, c);
                            assert_eq!(
                                run_covers(cells, cell, stride, len, starts),
                                looked,
                                "len {len}, ({dr}, {dc}) at ({r}, {c}), cells {cells:#x}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The runs `run_along` finds, against a walk site by site, on a
    /// 10x10 board (two words) with random `through` sets, from every site
    /// in each of the eight directions.
    #[test]
    fn run_along_finds_the_runs_a_walk_finds() {
        const N: i32 = 10;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (dr, dc) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let delta = dr * N + dc;
            let on = |r: i32, c: i32| (0..N).contains(&r) && (0..N).contains(&c);
            let mut onto = Bits::<2>::EMPTY;
            for site in 0..N * N {
                let (r, c) = (site / N, site % N);
                if on(r - dr, c - dc) {
                    onto.insert(site as usize);
                }
            }
            for _ in 0..50 {
                let mut through = Bits::<2>::EMPTY;
                for site in 0..N * N {
                    if next() % 4 != 0 {
                        through.insert(site as usize);
                    }
                }
                for start in 0..N * N {
                    let mut walked = Bits::<2>::EMPTY;
                    let (mut r, mut c) = (start / N + dr, start % N + dc);
                    while on(r, c) && through.contains((r * N + c) as usize) {
                        walked.insert((r * N + c) as usize);
                        r += dr;
                        c += dc;
                    }
                    // The longest run on this board is 9 sites: 4 doublings.
                    let found = run_along(Bits::single(start as usize), through, delta, onto, 4);
                    assert_eq!(found, walked, "from {start} by {delta}");
                }
            }
        }
    }

    #[test]
    fn shifted_moves_every_site_and_drops_the_overflow() {
        let b = Bits::<3>::from_sites(&[0, 5, 63, 64, 130, 191]);
        let sites = |b: Bits<3>| b.iter().collect::<Vec<_>>();
        assert_eq!(sites(b.shifted(1)), vec![1, 6, 64, 65, 131]);
        assert_eq!(sites(b.shifted(-1)), vec![4, 62, 63, 129, 190]);
        assert_eq!(sites(b.shifted(70)), vec![70, 75, 133, 134]);
        assert_eq!(sites(b.shifted(-64)), vec![0, 66, 127]);
        assert_eq!(sites(b.shifted(0)), sites(b));
    }

    /// Orthogonal steps on a 4×4 square board (sites row by row).
    fn square_steps() -> Vec<Bits<1>> {
        (0..16)
            .map(|s: usize| {
                let (r, c) = (s / 4, s % 4);
                let mut b = Bits::EMPTY;
                for (dr, dc) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    if (0..4).contains(&nr) && (0..4).contains(&nc) {
                        b.insert((nr * 4 + nc) as usize);
                    }
                }
                b
            })
            .collect()
    }

    #[test]
    fn growing_a_group_from_a_new_site_equals_flooding_it_afresh() {
        let steps = square_steps();
        // Stones of a 4×4 board; the part joined to the top row so far.
        let stones = Bits::<1>::from_sites(&[1, 5, 9, 13, 3, 7, 12]);
        let top = Bits::from_sites(&[0, 1, 2, 3]);
        let joined = flood(stones.and(top), stones, &steps);
        assert_eq!(joined, Bits::from_sites(&[1, 5, 9, 13, 12, 3, 7]));
        // 11 arrives next to 7: it joins, and 15 beside it is not a stone.
        let stones = stones.with(11);
        let grown = grow(joined.with(11), Bits::single(11), stones, &steps);
        assert_eq!(grown, flood(stones.and(top), stones, &steps));
        assert!(grown.contains(11) && !grown.contains(15));
        // A site touching nothing stays alone; diagonal steps do not join.
        let apart = Bits::<1>::from_sites(&[0, 5, 10]);
        assert_eq!(
            grow(Bits::single(0), Bits::single(0), apart, &steps),
            Bits::single(0)
        );
    }

    #[test]
    fn nth_finds_every_site_in_order() {
        let b = Bits::<2>::from_sites(&[0, 3, 31, 32, 63, 64, 100, 127]);
        let listed: Vec<usize> = b.iter().collect();
        let by_nth: Vec<usize> = (0..b.count()).map(|k| b.nth(k)).collect();
        assert_eq!(by_nth, listed);
    }

    #[test]
    fn rays_stop_before_their_first_blocker() {
        let ray = Bits::<2>::from_sites(&[3, 40, 64, 70, 127]);
        let before = |stop: &[u16]| ray.below_first(Bits::from_sites(stop));
        let after = |stop: &[u16]| ray.above_last(Bits::from_sites(stop));
        assert_eq!(before(&[]), ray);
        assert_eq!(before(&[70, 127]), Bits::from_sites(&[3, 40, 64]));
        assert_eq!(before(&[64]), Bits::from_sites(&[3, 40]));
        assert_eq!(before(&[3]), Bits::EMPTY);
        assert_eq!(before(&[0]), Bits::EMPTY);
        assert_eq!(after(&[]), ray);
        assert_eq!(after(&[3, 40]), Bits::from_sites(&[64, 70, 127]));
        assert_eq!(after(&[63]), Bits::from_sites(&[64, 70, 127]));
        assert_eq!(after(&[70]), Bits::from_sites(&[127]));
        assert_eq!(after(&[127]), Bits::EMPTY);
    }

    #[test]
    fn both_kth_bit_searches_agree_with_counting() {
        let mut w: u64 = 0x9e37_79b9_7f4a_7c15;
        let edges = [
            u64::MAX,
            1,
            1 << 63,
            0x8000_0000_0000_0001,
            0xff00,
            0x0100_0000_0000_0000,
        ];
        for i in 0..200 {
            w = w.rotate_left(7) ^ w.wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let w = edges.get(i).copied().unwrap_or(w);
            let sites: Vec<u32> = (0..64).filter(|i| w >> i & 1 == 1).collect();
            for (k, &site) in sites.iter().enumerate() {
                assert_eq!(super::nth_bit_by_halves(w, k as u32), site, "{w:#x} k {k}");
                assert_eq!(super::nth_bit(w, k as u32), site, "{w:#x} k {k}");
            }
        }
    }

    #[test]
    fn pick_in_sets_is_uniform_over_all_members() {
        use crate::Xoshiro256PlusPlus;
        let sets = [
            Bits::<1>::from_sites(&[1, 2]),
            Bits::EMPTY,
            Bits::from_sites(&[2]),
        ];
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(5);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..30_000 {
            *seen
                .entry(pick_in_sets(&sets, &mut rng).unwrap())
                .or_insert(0) += 1;
        }
        assert_eq!(
            seen.keys().copied().collect::<Vec<_>>(),
            vec![(0, 1), (0, 2), (2, 2)]
        );
        // Each of the three expects 10,000 (sd ~82).
        assert!(
            seen.values().all(|&n| (9_500..=10_500).contains(&n)),
            "{seen:?}"
        );
        assert_eq!(pick_in_sets(&[Bits::<1>::EMPTY; 2], &mut rng), None);
    }

    #[test]
    fn set_operations_across_words() {
        let a = Bits::<2>::from_sites(&[0, 63, 64, 120]);
        let b = Bits::<2>::from_sites(&[63, 64, 100]);
        assert_eq!(a.and(b).iter().collect::<Vec<_>>(), [63, 64]);
        assert_eq!(a.or(b).count(), 5);
        assert_eq!(a.minus(b).iter().collect::<Vec<_>>(), [0, 120]);
        assert!(a.intersects(&b));
        assert!(a.contains(120) && !a.contains(100));
        assert_eq!(a.nth(2), 64);
        assert_eq!(a.first_site(), Some(0));
    }

    #[test]
    fn iteration_skips_empty_words_and_knows_its_length() {
        let sites = [1, 130, 191, 255];
        let set = Bits::<4>::from_sites(&sites);
        assert_eq!(set.iter().collect::<Vec<_>>(), sites.map(usize::from));
        let mut it = set.iter();
        assert_eq!(it.len(), 4);
        it.next();
        assert_eq!(it.size_hint(), (3, Some(3)));
        assert_eq!(Bits::<3>::EMPTY.iter().next(), None);
        assert_eq!(Bits::<0>::EMPTY.iter().len(), 0);
    }

    #[test]
    fn first_n_sites() {
        assert_eq!(Bits::<2>::first(121).count(), 121);
        assert_eq!(Bits::<2>::first(64).0, [u64::MAX, 0]);
        assert_eq!(Bits::<1>::first(9).0, [0x1ff]);
        const T: Bits<1> = Bits::<1>::first(3).with(10).without(1);
        assert_eq!(T.iter().collect::<Vec<_>>(), [0, 2, 10]);
    }

    #[test]
    fn flood_fills_connected_sites_only() {
        // A path 0-1-2-3 and an island 5: steps link i and i+1.
        let steps: Vec<Bits<1>> = (0..8)
            .map(|i| Bits::EMPTY.with((i + 1) % 8).with((i + 7) % 8))
            .collect();
        let within = Bits::<1>::from_sites(&[0, 1, 2, 3, 5]);
        let group = flood(Bits::single(1), within, &steps);
        assert_eq!(group.iter().collect::<Vec<_>>(), [0, 1, 2, 3]);
        assert_eq!(
            enclosed_region(5, within, Bits::single(0), &steps),
            Ok(Bits::single(5))
        );
        assert!(enclosed_region(2, within, Bits::single(0), &steps).is_err());
    }

    #[test]
    fn groups_with_their_border_and_liberties() {
        // A ring of 8 sites: steps link i and i±1.
        let steps: Vec<Bits<1>> = (0..8)
            .map(|i| Bits::EMPTY.with((i + 1) % 8).with((i + 7) % 8))
            .collect();
        let within = Bits::<1>::from_sites(&[1, 2, 3, 6]);
        let (group, border) = flood_border(2, within, &steps);
        assert_eq!(group, Bits::from_sites(&[1, 2, 3]));
        assert_eq!(border, Bits::from_sites(&[0, 4]));
        // A liberty at 4 frees the group; at 7 it does not touch it.
        assert!(enclosed_group(2, within, Bits::single(4), &steps).is_err());
        assert_eq!(
            enclosed_group(2, within, Bits::single(7), &steps),
            Ok(Bits::from_sites(&[1, 2, 3]))
        );
    }

    #[test]
    fn debug_lists_the_sites() {
        assert_eq!(format!("{:?}", Bits::<1>::from_sites(&[3, 1])), "{1, 3}");
    }
}
