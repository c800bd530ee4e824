//! The start rules: each `(place ...)` one call, or a loop over its sites.

use proc_macro2::Literal;
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

use crate::ir::GameModel;

/// The statements placing the start rules' pieces on the new state `s`.
pub(super) fn start_rules(model: &GameModel) -> Vec<TokenStream> {
    model
        .start
        .iter()
        .map(|p| {
            let w = Literal::u8_unsuffixed(p.component as u8 + 1);
            let state = Literal::u8_unsuffixed(p.state);
            let put = |site: TokenStream| {
                // A count other than one where the game counts pieces
                // (`(place "Marker" "Hand" count:12)`).
                let count = (model.requires_count && p.count != 1).then(|| {
                    let n = Literal::u32_unsuffixed(p.count);
                    quote!(s.count[#site as usize] = #n;)
                });
                if p.state == 0 {
                    quote!(Self::put(&mut s, #site, #w); #count)
                } else {
                    quote!(Self::put_state(&mut s, #site, #w, #state); #count)
                }
            };
            match p.sites.as_slice() {
                [site] => put(Literal::u16_unsuffixed(*site).into_token_stream()),
                sites => {
                    let sites = sites.iter().map(|&site| Literal::u16_unsuffixed(site));
                    let body = put(quote!(site));
                    quote!(for site in [#(#sites),*] { #body })
                }
            }
        })
        .collect()
}
