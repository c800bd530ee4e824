//! What compiled games with Ludii's `(meta (no Repeat ...))` keep of the
//! states they have been in: Zobrist keys from a fixed seed
//! ([`zobrist_key`], [`zobrist_table`]), which a generated state xors in
//! and out as pieces come and go, and the set of hashes seen
//! ([`SeenHashes`]), an open-addressing table that doubles when half full.

/// SplitMix64's finaliser: a bijective mix of 64 bits.
#[inline(always)]
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The fixed seed of every Zobrist key (the same keys in every build).
const SEED: u64 = 0x6c75_6465_6d69_6321;

/// The Zobrist key of part `index` holding `value` (0 for value 0, so
/// that an empty site adds nothing).
#[inline(always)]
pub const fn zobrist_key(index: u64, value: u64) -> u64 {
    if value == 0 {
        return 0;
    }
    mix(mix(SEED ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15)) ^ value)
}

/// The keys of `N` sites each holding one of `V` values (value 0: key 0),
/// computed at compile time.
pub const fn zobrist_table<const N: usize, const V: usize>() -> [[u64; V]; N] {
    let mut table = [[0u64; V]; N];
    let mut site = 0;
    while site < N {
        let mut value = 1;
        while value < V {
            table[site][value] = zobrist_key(site as u64, value as u64);
            value += 1;
        }
        site += 1;
    }
    table
}

/// The hashes of the states a game has been in: a set, with no order.
///
/// Open addressing with linear probing over a power-of-two table that
/// doubles when it is half full: `insert` and `contains` take constant time
/// on average, and a table made [`with_capacity`](Self::with_capacity) for
/// a game's usual length never grows in a playout. Hash 0 marks an empty
/// slot: a state hashing to 0 is stored as [`ZERO`] (two states colliding
/// there are as unlikely as any other collision of 64-bit hashes).
#[derive(Clone, Debug, Default)]
pub struct SeenHashes {
    slots: Vec<u64>,
    len: usize,
}

/// What a hash of 0 is stored as.
const ZERO: u64 = 0x8000_0000_0000_0001;

impl SeenHashes {
    /// An empty set (no allocation).
    pub const fn new() -> Self {
        SeenHashes {
            slots: Vec::new(),
            len: 0,
        }
    }

    /// An empty set holding `n` hashes before it grows.
    pub fn with_capacity(n: usize) -> Self {
        SeenHashes {
            slots: vec![0; (2 * n).max(16).next_power_of_two()],
            len: 0,
        }
    }

    /// How many hashes it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    fn stored(hash: u64) -> u64 {
        if hash == 0 {
            ZERO
        } else {
            hash
        }
    }

    /// Whether `hash` was inserted.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let h = Self::stored(hash);
        let mask = self.slots.len() - 1;
        let mut i = (h as usize) & mask;
        loop {
            match self.slots[i] {
                0 => return false,
                x if x == h => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Inserts `hash` (nothing if it is there already).
    #[inline]
    pub fn insert(&mut self, hash: u64) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let h = Self::stored(hash);
        let mask = self.slots.len() - 1;
        let mut i = (h as usize) & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = h;
                    self.len += 1;
                    return;
                }
                x if x == h => return,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Empties the set, keeping its table.
    pub fn clear(&mut self) {
        if self.len != 0 {
            self.slots.iter_mut().for_each(|x| *x = 0);
            self.len = 0;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![0; (old.len() * 2).max(16)];
        self.len = 0;
        for h in old.into_iter().filter(|&h| h != 0) {
            self.insert(h);
        }
    }
}

/// Equal when they hold the same hashes (whatever their tables' layout).
impl PartialEq for SeenHashes {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len
            && self
                .slots
                .iter()
                .filter(|&&h| h != 0)
                .all(|&h| other.contains(h))
    }
}

impl Eq for SeenHashes {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_inserted_and_grows() {
        let mut seen = SeenHashes::new();
        assert!(!seen.contains(5));
        for i in 0..1000u64 {
            seen.insert(mix(i));
        }
        assert_eq!(seen.len(), 1000);
        assert!((0..1000u64).all(|i| seen.contains(mix(i))));
        assert!(!(1000..2000u64).any(|i| seen.contains(mix(i))));
        seen.insert(mix(3));
        assert_eq!(seen.len(), 1000);
        seen.insert(0);
        assert!(seen.contains(0));
        let copy = seen.clone();
        assert_eq!(copy, seen);
        seen.clear();
        assert!(seen.is_empty() && !seen.contains(mix(1)));
        assert_ne!(copy, seen);
    }

    #[test]
    fn equal_sets_compare_equal_whatever_the_order() {
        let mut a = SeenHashes::with_capacity(4);
        let mut b = SeenHashes::new();
        for i in 0..50u64 {
            a.insert(i * 16);
            b.insert((49 - i) * 16);
        }
        assert_eq!(a, b);
    }

    #[test]
    fn keys_are_fixed_and_zero_for_nothing() {
        const T: [[u64; 3]; 4] = zobrist_table::<4, 3>();
        assert_eq!(T[2][0], 0);
        assert_eq!(T[2][1], zobrist_key(2, 1));
        assert_ne!(T[2][1], T[2][2]);
        assert_ne!(T[1][1], T[2][1]);
    }
}
