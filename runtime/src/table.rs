//! Tables generated code declares as one list of numbers, reshaped at
//! compile time: a nested array literal would be formatted one row per
//! line (thousands of lines for a large board's rays), a flat one fills its
//! lines.

use crate::{Bits, NO_SITE};

/// Ludii's `(map ...)` read by `(mapEntry ...)`, as a table of the keys
/// `first..first + N`: a key's entry, or the key itself where the map has
/// none (Ludii's `MapEntry`). Copies of a rule reading other maps of the
/// same size share their code, each passing its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapTable<const N: usize> {
    first: i64,
    entries: [i64; N],
}

impl<const N: usize> MapTable<N> {
    /// The map of the keys `first..first + N` to `entries`.
    pub const fn new(first: i64, entries: [i64; N]) -> Self {
        MapTable { first, entries }
    }

    /// The entry for `key`, or `key` where the map has none.
    #[inline(always)]
    pub const fn entry(&self, key: i64) -> i64 {
        let i = key.wrapping_sub(self.first) as u64;
        if i < N as u64 {
            self.entries[i as usize]
        } else {
            key
        }
    }
}

/// `N` rows of `K` rays of at most `L` sites each, the missing sites
/// `NO_SITE`, from each ray in turn written as its length then its sites
/// (a row's missing rays as length 0), as `static` tables of rays are
/// declared: `listed_rays(&[...])`.
pub const fn listed_rays<const N: usize, const K: usize, const L: usize>(
    listed: &[u16],
) -> [[[u16; L]; K]; N] {
    let mut out = [[[NO_SITE; L]; K]; N];
    let mut at = 0;
    let mut i = 0;
    while i < N {
        let mut k = 0;
        while k < K {
            let len = listed[at] as usize;
            assert!(len <= L, "a ray of at most L sites");
            let mut l = 0;
            while l < len {
                out[i][k][l] = listed[at + 1 + l];
                l += 1;
            }
            at += 1 + len;
            k += 1;
        }
        i += 1;
    }
    assert!(at == listed.len(), "N rows of K rays");
    out
}

/// `N` lists of sites, from each list in turn written as its length then
/// its sites: `static` tables of site lists (a site's steps or leaps),
/// `site_lists(&[...])`. The lists are slices of the one array given.
pub const fn site_lists<const N: usize>(listed: &'static [u16]) -> [&'static [u16]; N] {
    let mut out: [&'static [u16]; N] = [&[]; N];
    let mut rest = listed;
    let mut i = 0;
    while i < N {
        let [len, tail @ ..] = rest else {
            panic!("N lists");
        };
        let (list, tail) = tail.split_at(*len as usize);
        out[i] = list;
        rest = tail;
        i += 1;
    }
    assert!(rest.is_empty(), "N lists");
    out
}

/// `N` bitboards of `W` words each, from their words in order
/// (`words.len()` must be `N * W`): `static` tables of sets, `boards(&[...])`.
pub const fn boards<const W: usize, const N: usize>(words: &[u64]) -> [Bits<W>; N] {
    assert!(words.len() == N * W, "N * W words");
    let mut out = [Bits::<W>::EMPTY; N];
    let mut i = 0;
    while i < N {
        let mut w = 0;
        while w < W {
            out[i].0[w] = words[i * W + w];
            w += 1;
        }
        i += 1;
    }
    out
}

/// `N` rows of `K` bitboards of `W` words each, from their words in order.
pub const fn board_rows<const W: usize, const K: usize, const N: usize>(
    words: &[u64],
) -> [[Bits<W>; K]; N] {
    assert!(words.len() == N * K * W, "N * K * W words");
    let mut out = [[Bits::<W>::EMPTY; K]; N];
    let mut i = 0;
    while i < N {
        let mut k = 0;
        while k < K {
            let mut w = 0;
            while w < W {
                out[i][k].0[w] = words[(i * K + k) * W + w];
                w += 1;
            }
            k += 1;
        }
        i += 1;
    }
    out
}

/// `N` rows of `K` values, from the values in order (`N * K` of them).
pub const fn rows<T: Copy, const K: usize, const N: usize>(values: &[T]) -> [[T; K]; N] {
    assert!(values.len() == N * K, "N * K values");
    let mut out = [[values[0]; K]; N];
    let mut i = 0;
    while i < N * K {
        out[i / K][i % K] = values[i];
        i += 1;
    }
    out
}

/// `N` rows of `K` pairs, from the pairs' first values in order, then
/// their second values in order (`N * K` each).
pub const fn pair_rows<A: Copy, B: Copy, const K: usize, const N: usize>(
    firsts: &[A],
    seconds: &[B],
) -> [[(A, B); K]; N] {
    assert!(
        firsts.len() == N * K && seconds.len() == N * K,
        "N * K pairs"
    );
    let mut out = [[(firsts[0], seconds[0]); K]; N];
    let mut i = 0;
    while i < N * K {
        out[i / K][i % K] = (firsts[i], seconds[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_map_table_gives_its_entries_and_keys_without_one_themselves() {
        const MAP: MapTable<3> = MapTable::new(3, [4, 3, 30]);
        assert_eq!(MAP.entry(3), 4);
        assert_eq!(MAP.entry(5), 30);
        assert_eq!(MAP.entry(2), 2);
        assert_eq!(MAP.entry(6), 6);
        assert_eq!(MAP.entry(-1), -1);
        assert_eq!(MAP.entry(i64::MIN), i64::MIN);
    }

    use super::*;

    #[test]
    fn boards_are_their_words_in_order() {
        const T: [Bits<2>; 2] = boards(&[1, 2, 3, 4]);
        assert_eq!(T[1], Bits::new([3, 4]));
        const R: [[Bits<1>; 2]; 2] = board_rows(&[1, 2, 3, 4]);
        assert_eq!(R[1][0], Bits::new([3]));
        const P: [[(u16, u8); 2]; 1] = pair_rows(&[1, 3], &[2, 4]);
        assert_eq!(P[0], [(1, 2), (3, 4)]);
        const V: [[u8; 3]; 2] = rows(&[1, 2, 3, 4, 5, 6]);
        assert_eq!(V[1], [4, 5, 6]);
    }

    #[test]
    fn rays_are_listed_row_by_row_each_with_its_length() {
        const T: [[[u16; 2]; 2]; 2] = listed_rays(&[2, 1, 2, 1, 3, 0, 2, 5, 6]);
        assert_eq!(T[0], [[1, 2], [3, NO_SITE]]);
        assert_eq!(T[1], [[NO_SITE, NO_SITE], [5, 6]]);
    }

    #[test]
    fn site_lists_are_listed_each_with_its_length() {
        static L: [&[u16]; 3] = site_lists(&[2, 4, 7, 0, 1, 9]);
        assert_eq!(L, [&[4, 7][..], &[], &[9]]);
    }
}
