//! Incremental connectivity (see `analyse::connectivity`): the table of
//! the regions each site belongs to, one bit per region.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::analyse::connectivity::UnionFind;
use crate::ir::Site;

/// `static REGION_BITS: [u32; N]`: the regions holding each site.
pub fn region_bits_table(uf: &UnionFind, num_sites: usize) -> TokenStream {
    let bits = (0..num_sites).map(|s| {
        let m = uf
            .regions
            .iter()
            .enumerate()
            .filter(|(_, r)| r.contains(&(s as Site)))
            .fold(0u32, |m, (i, _)| m | 1 << i);
        Literal::u32_unsuffixed(m)
    });
    let n = Literal::usize_unsuffixed(num_sites);
    quote! {
        /// For each site, the regions holding it (one bit per region named in a connection test).
        static REGION_BITS: [u32; #n] = [#(#bits),*];
    }
}
