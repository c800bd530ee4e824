//! Tables generated code declares as one list of numbers, reshaped at
//! compile time: a nested array literal would be formatted one row per
//! line (thousands of lines for a large board's rays), a flat one fills its
//! lines.

/// `N` rows of `K` rays of `L` sites each, from the values in order
/// (`flat.len()` must be `N * K * L`), as `static` tables of rays are
/// declared: `rays(&[...])`.
pub const fn rays<const N: usize, const K: usize, const L: usize>(
    flat: &[u16],
) -> [[[u16; L]; K]; N] {
    assert!(flat.len() == N * K * L, "N * K * L values");
    let mut out = [[[0u16; L]; K]; N];
    let mut i = 0;
    while i < N {
        let mut k = 0;
        while k < K {
            let mut l = 0;
            while l < L {
                out[i][k][l] = flat[(i * K + k) * L + l];
                l += 1;
            }
            k += 1;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::rays;

    #[test]
    fn rays_are_the_values_in_row_ray_site_order() {
        const T: [[[u16; 2]; 3]; 2] = rays(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        assert_eq!(T[0], [[1, 2], [3, 4], [5, 6]]);
        assert_eq!(T[1][2], [11, 12]);
    }
}
