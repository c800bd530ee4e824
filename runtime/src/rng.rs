//! The project's named random number generator and unbiased bounded draws.
//!
//! Every measurement names its generator and seed: playouts use
//! [`Xoshiro256PlusPlus`] seeded through SplitMix64 from a `u64`, so a seed
//! printed by the CLI reproduces a run exactly.

use rand_core::{impls, Error, RngCore, SeedableRng};

/// xoshiro256++ (Blackman & Vigna), a fast 64-bit generator with 256 bits of state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xoshiro256PlusPlus {
    s: [u64; 4],
}

/// One step of SplitMix64, used to expand a 64-bit seed into a full state.
#[inline]
fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Xoshiro256PlusPlus {
    /// The generator for `seed` (the same seed gives the same stream on every machine).
    pub fn from_seed_u64(seed: u64) -> Self {
        let mut x = seed;
        Xoshiro256PlusPlus {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }
}

impl Xoshiro256PlusPlus {
    /// Advances the generator by 2^128 steps (Blackman and Vigna's `jump`):
    /// the generator for `seed` jumped k times is stream k of that seed,
    /// non-overlapping with the others for any practical use.
    pub fn jump(&mut self) {
        const JUMP: [u64; 4] = [
            0x180e_c6d3_3cfd_0aba,
            0xd5a6_1266_f0c9_392c,
            0xa958_2618_e03f_c9aa,
            0x39ab_dc45_29b1_661c,
        ];
        let mut t = [0u64; 4];
        for j in JUMP {
            for b in 0..64 {
                if j & (1u64 << b) != 0 {
                    for (ti, si) in t.iter_mut().zip(&self.s) {
                        *ti ^= si;
                    }
                }
                self.next_u64();
            }
        }
        self.s = t;
    }

    /// Stream `k` of `seed`: the generator for `seed` jumped `k` times (one
    /// stream per thread of a parallel run; stream 0 is the generator itself).
    pub fn stream(seed: u64, k: usize) -> Self {
        let mut rng = Self::from_seed_u64(seed);
        for _ in 0..k {
            rng.jump();
        }
        rng
    }
}

impl RngCore for Xoshiro256PlusPlus {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    #[inline]
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        impls::fill_bytes_via_next(self, dest)
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl SeedableRng for Xoshiro256PlusPlus {
    type Seed = [u8; 32];

    fn from_seed(seed: [u8; 32]) -> Self {
        let mut s = [0u64; 4];
        for (word, chunk) in s.iter_mut().zip(seed.chunks_exact(8)) {
            *word = u64::from_le_bytes(chunk.try_into().expect("8-byte chunk"));
        }
        if s == [0; 4] {
            // The all-zero state is a fixed point of xoshiro; never use it.
            return Self::from_seed_u64(0);
        }
        Xoshiro256PlusPlus { s }
    }

    fn seed_from_u64(seed: u64) -> Self {
        Self::from_seed_u64(seed)
    }
}

/// Unbiased bounded draws for any generator.
pub trait RngExt: RngCore {
    /// A uniform integer in `0..n` (`n > 0`), by Lemire's nearly divisionless
    /// method: one 64×64→128 multiply, a division only on the rare rejection path.
    #[inline]
    fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0, "below(0)");
        let mut m = (self.next_u64() as u128) * (n as u128);
        let mut low = m as u64;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = (self.next_u64() as u128) * (n as u128);
                low = m as u64;
            }
        }
        (m >> 64) as u64
    }

    /// A uniform index into a slice of length `len` (`len > 0`).
    #[inline]
    fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `p`.
    #[inline]
    fn chance(&mut self, p: f64) -> bool {
        // 53 random bits give a uniform double in [0, 1).
        ((self.next_u64() >> 11) as f64) * (1.0 / (1u64 << 53) as f64) < p
    }
}

impl<R: RngCore + ?Sized> RngExt for R {}

/// Uniform indices below `n`, `n - 1`, `n - 2`, ... (the draws of a random
/// order, one site fewer each time), several from one 64-bit word. A batch
/// is one Lemire draw below the product of its bounds, whose mixed-radix
/// digits, read by successive multiplications without a division, are
/// independent uniform indices (Brackett-Rozinsky and Lemire, "Batched
/// ranged random integer generation", 2024): `x·n₁ = q₁·2⁶⁴ + l₁`,
/// `l₁·n₂ = q₂·2⁶⁴ + l₂`, ... makes `q₁q₂...` the digits of `⌊x·P/2⁶⁴⌋`.
///
/// A request for another bound than the batch's next one (a swap offered
/// beside the empty sites) drops the rest of the batch: the digits left
/// are independent of those used, so every index returned is still
/// uniform and independent of the others.
#[derive(Clone, Copy, Debug, Default)]
pub struct DescendingDraws {
    /// What the next digit is read from: its high part times the bound.
    low: u64,
    /// The bound of the batch's next digit.
    next: u64,
    /// Digits left in the batch.
    left: u32,
}

/// The largest product of a batch's bounds: a batch is then rejected (drawn
/// again) with a chance below 2⁻²⁴, and the rejection threshold, a
/// division, is computed only that rarely.
const MAX_PRODUCT: u64 = 1 << 40;

/// The batch for the bounds `n`, `n - 1`, ... down to 1 while their product
/// stays within [`MAX_PRODUCT`]: the product and the number of digits.
const fn batch(n: u64) -> (u64, u32) {
    let (mut product, mut digits, mut bound) = (n, 1, n - 1);
    while bound >= 1 && product * bound <= MAX_PRODUCT {
        product *= bound;
        digits += 1;
        bound -= 1;
    }
    (product, digits)
}

/// [`batch`] of every bound a board of up to 1,024 sites asks for, so that
/// a batch starts without a loop.
static BATCHES: [(u64, u32); 1025] = {
    let mut table = [(1, 1); 1025];
    let mut n = 1;
    while n < table.len() {
        table[n] = batch(n as u64);
        n += 1;
    }
    table
};

impl DescendingDraws {
    pub const fn new() -> Self {
        DescendingDraws {
            low: 0,
            next: 0,
            left: 0,
        }
    }

    /// A uniform index below `n` (`n > 0`).
    #[inline(always)]
    pub fn index<R: RngCore + ?Sized>(&mut self, rng: &mut R, n: usize) -> usize {
        let n = n as u64;
        debug_assert!(n > 0, "index below 0");
        if self.left == 0 || self.next != n {
            self.refill(rng, n);
        }
        let m = (self.low as u128) * (n as u128);
        self.low = m as u64;
        self.next = n - 1;
        self.left -= 1;
        (m >> 64) as usize
    }

    /// A new batch for the bounds `n`, `n - 1`, ... while their product
    /// stays within [`MAX_PRODUCT`].
    #[inline(always)]
    fn refill<R: RngCore + ?Sized>(&mut self, rng: &mut R, n: u64) {
        let (product, digits) = match BATCHES.get(n as usize) {
            Some(&batch) => batch,
            None => batch(n),
        };
        let mut x = rng.next_u64();
        if x.wrapping_mul(product) < product {
            let threshold = product.wrapping_neg() % product;
            while x.wrapping_mul(product) < threshold {
                x = rng.next_u64();
            }
        }
        *self = DescendingDraws {
            low: x,
            next: n,
            left: digits,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descending_draws_are_uniform_over_orders() {
        // Random orders of 5 sites by draws below 5, 4, 3, 2, 1: each of the
        // 120 orders about equally often (one batch per order).
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(3);
        let mut draws = DescendingDraws::new();
        let mut seen = std::collections::HashMap::new();
        let n = 120_000;
        for _ in 0..n {
            let mut sites = vec![0, 1, 2, 3, 4];
            let mut order = Vec::new();
            while !sites.is_empty() {
                let k = draws.index(&mut rng, sites.len());
                order.push(sites.swap_remove(k));
            }
            *seen.entry(order).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 120);
        // 1,000 expected each: a spread of about 32.
        assert!(seen.values().all(|&c| (850..1150).contains(&c)), "{seen:?}");
    }

    #[test]
    fn descending_draws_batch_and_restart_on_another_bound() {
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(5);
        let mut draws = DescendingDraws::new();
        // 121·120·119·118·117 < 2⁴⁰ < ·116: five digits from one word.
        for n in (117..=121).rev() {
            assert!(draws.index(&mut rng, n) < n);
        }
        let before = rng.clone();
        let mut probe = before.clone();
        assert!(draws.index(&mut rng, 116) < 116);
        probe.next_u64();
        assert_eq!(rng, probe, "a new word for the sixth");
        // Another bound than the next (a swap beside 115 sites): a new batch.
        let before = rng.clone();
        draws.index(&mut rng, 116);
        assert_ne!(rng, before);
        // Uniform below 3 after a restart, each value about a third.
        let mut counts = [0u32; 3];
        for i in 0..30_000 {
            let n = if i % 2 == 0 { 3 } else { 7 };
            let k = draws.index(&mut rng, n);
            if n == 3 {
                counts[k] += 1;
            }
        }
        assert!(
            counts.iter().all(|&c| (4_700..5_300).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn matches_the_reference_stream() {
        // State 1, 2, 3, 4 gives this first output in the reference C implementation.
        let mut rng = Xoshiro256PlusPlus { s: [1, 2, 3, 4] };
        assert_eq!(rng.next_u64(), 41943041);
        assert_eq!(rng.next_u64(), 58720359);
    }

    #[test]
    fn streams_are_jumps_of_the_seed() {
        assert_eq!(
            Xoshiro256PlusPlus::stream(9, 0),
            Xoshiro256PlusPlus::from_seed_u64(9)
        );
        let mut one = Xoshiro256PlusPlus::from_seed_u64(9);
        one.jump();
        assert_eq!(Xoshiro256PlusPlus::stream(9, 1), one);
        let mut a = Xoshiro256PlusPlus::stream(9, 1);
        let mut b = Xoshiro256PlusPlus::stream(9, 2);
        let xs: Vec<u64> = (0..64).map(|_| a.next_u64()).collect();
        assert!((0..64).all(|_| !xs.contains(&b.next_u64())));
        // The jump is the linear map of 2^128 steps: it commutes with xor
        // of states, and a single 1 bit does not stay put.
        let jumped = |s: [u64; 4]| {
            let mut r = Xoshiro256PlusPlus { s };
            r.jump();
            r.s
        };
        let (x, y) = ([1, 2, 3, 4], [5, 0, 7, 1 << 40]);
        let xy = [x[0] ^ y[0], x[1] ^ y[1], x[2] ^ y[2], x[3] ^ y[3]];
        let (jx, jy, jxy) = (jumped(x), jumped(y), jumped(xy));
        assert_eq!(
            jxy,
            [jx[0] ^ jy[0], jx[1] ^ jy[1], jx[2] ^ jy[2], jx[3] ^ jy[3]]
        );
        assert_ne!(jumped([1, 0, 0, 0]), [1, 0, 0, 0]);
    }

    #[test]
    fn same_seed_same_stream_and_different_seeds_differ() {
        let mut a = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut b = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut c = Xoshiro256PlusPlus::seed_from_u64(8);
        let xs: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..4).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[rng.below(7) as usize] += 1;
        }
        // Each bucket expects 10,000 with sd ~93: 6 sd is far outside chance.
        for c in counts {
            assert!((9_440..=10_560).contains(&c), "{counts:?}");
        }
    }
}
