//! What the processor offers the bit tricks playouts live on: population
//! counts (`popcnt`), leading and trailing zero counts (`lzcnt`, `tzcnt`)
//! and the k-th set bit (`pdep`). A crate built for the x86-64 baseline
//! (the default for a user's crate) has none of them at compile time;
//! generated playouts then ask [`has_bit_instructions`] once and run a copy
//! of themselves compiled with those instructions (`#[target_feature]`).

/// Whether this processor has what x86-64-v3 adds to the baseline that
/// playouts use: `popcnt`, `lzcnt`, BMI1, BMI2, AVX, AVX2, FMA, F16C and
/// `movbe` (Intel since Haswell, every AMD Zen). Asked once,
/// then one relaxed load per call (a playout of Tic-Tac-Toe lasts about 40
/// ns: the check must cost next to nothing); false on other architectures.
#[inline(always)]
pub fn has_bit_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::atomic::Ordering;
        match bits::HAVE.load(Ordering::Relaxed) {
            bits::YES => true,
            bits::NO => false,
            _ => bits::detect(),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(target_arch = "x86_64")]
mod bits {
    use std::sync::atomic::{AtomicU8, Ordering};

    pub(super) const YES: u8 = 1;
    pub(super) const NO: u8 = 2;
    /// Unknown (0) until the first call.
    pub(super) static HAVE: AtomicU8 = AtomicU8::new(0);

    #[cold]
    pub(super) fn detect() -> bool {
        let have = std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("avx")
            && std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("fma")
            && std::arch::is_x86_feature_detected!("f16c")
            && std::arch::is_x86_feature_detected!("movbe");
        HAVE.store(if have { YES } else { NO }, Ordering::Relaxed);
        have
    }
}

/// Whether this processor has `pdep` and runs it as one fast instruction.
/// Intel's have since Haswell and AMD's since Zen 3; Zen 1 and Zen 2 (and
/// Hygon's Dhyana) run it in microcode, tens to hundreds of cycles, where
/// the popcount search is about a third faster over a whole playout. Asked
/// of `cpuid` once, then one relaxed load per call.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn pdep_is_fast() -> bool {
    use std::sync::atomic::Ordering;
    match pdep::SPEED.load(Ordering::Relaxed) {
        pdep::FAST => true,
        pdep::SLOW => false,
        _ => pdep::detect(),
    }
}

#[cfg(target_arch = "x86_64")]
mod pdep {
    use std::sync::atomic::{AtomicU8, Ordering};

    pub(super) const FAST: u8 = 1;
    pub(super) const SLOW: u8 = 2;
    /// Unknown (0) until the first call.
    pub(super) static SPEED: AtomicU8 = AtomicU8::new(0);

    #[cold]
    pub(super) fn detect() -> bool {
        use std::arch::x86_64::__cpuid;
        let (vendor, signature) = (__cpuid(0), __cpuid(1).eax);
        let amd_like = matches!(
            (vendor.ebx, vendor.edx, vendor.ecx),
            // "AuthenticAMD" and "HygonGenuine", as cpuid spells them.
            (0x6874_7541, 0x6974_6e65, 0x444d_4163) | (0x6f67_7948, 0x6e65_476e, 0x656e_6975)
        );
        let base = (signature >> 8) & 0xf;
        let family = base
            + if base == 0xf {
                (signature >> 20) & 0xff
            } else {
                0
            };
        // Zen 3 is family 0x19; everything before it microcodes pdep.
        let fast = std::arch::is_x86_feature_detected!("bmi2") && (!amd_like || family >= 0x19);
        SPEED.store(if fast { FAST } else { SLOW }, Ordering::Relaxed);
        fast
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn fast_pdep_implies_bmi2() {
        #[cfg(target_arch = "x86_64")]
        if super::pdep_is_fast() {
            assert!(std::arch::is_x86_feature_detected!("bmi2"));
        }
        // Every processor with the bit instructions has bmi2, so pdep.
        if super::has_bit_instructions() {
            #[cfg(target_arch = "x86_64")]
            assert!(std::arch::is_x86_feature_detected!("bmi2"));
        }
    }
}
