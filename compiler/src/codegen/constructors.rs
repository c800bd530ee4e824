//! Moves written as constructor calls: every `Move::Piece { rule: 3, from,
//! to, dir: 0 }` the rules build becomes `Move::piece(3, from, to, 0)`, a
//! `const fn` of the `Move` enum taking the variant's fields in order. The
//! code is the same; the formatter gives a call one line where it gives a
//! struct literal one line per field.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, Fields, Item, Member};

/// Rewrites, in place, the moves built in `file` as constructor calls, and
/// adds the constructors to the `Move` enum.
pub fn use_constructors(file: &mut syn::File) {
    let Some((index, variants)) = move_variants(file) else {
        return;
    };
    if variants.is_empty() {
        return;
    }
    Rewrite {
        variants: &variants,
    }
    .visit_file_mut(file);
    let constructors = variants.iter().map(|v| {
        let name = &v.constructor;
        let variant = &v.name;
        let fields = &v.fields;
        let types = &v.types;
        let doc = format!(" `Move::{variant}`, its fields in order.");
        quote! {
            #[doc = #doc]
            #[inline(always)]
            pub const fn #name(#(#fields: #types),*) -> Move {
                Move::#variant { #(#fields),* }
            }
        }
    });
    let item: Item = syn::parse_quote! {
        impl Move {
            #(#constructors)*
        }
    };
    file.items.insert(index + 1, item);
}

/// A struct variant of `Move` and its constructor.
struct Variant {
    name: Ident,
    constructor: Ident,
    fields: Vec<Ident>,
    types: Vec<TokenStream>,
}

/// The `Move` enum's place and its variants with two fields or more.
fn move_variants(file: &syn::File) -> Option<(usize, Vec<Variant>)> {
    file.items.iter().enumerate().find_map(|(i, item)| {
        let Item::Enum(e) = item else { return None };
        if e.ident != "Move" {
            return None;
        }
        let variants = e
            .variants
            .iter()
            .filter_map(|v| {
                let Fields::Named(named) = &v.fields else {
                    return None;
                };
                if named.named.len() < 2 {
                    return None;
                }
                let fields = named
                    .named
                    .iter()
                    .map(|f| f.ident.clone().expect("a named field"));
                let types = named.named.iter().map(|f| {
                    let ty = &f.ty;
                    quote!(#ty)
                });
                Some(Variant {
                    name: v.ident.clone(),
                    constructor: format_ident!("{}", v.ident.to_string().to_lowercase()),
                    fields: fields.collect(),
                    types: types.collect(),
                })
            })
            .collect();
        Some((i, variants))
    })
}

struct Rewrite<'a> {
    variants: &'a [Variant],
}

impl VisitMut for Rewrite<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        visit_mut::visit_expr_mut(self, e);
        let Expr::Struct(s) = e else { return };
        if s.rest.is_some() || s.dot2_token.is_some() || s.path.segments.len() != 2 {
            return;
        }
        if s.path.segments[0].ident != "Move" {
            return;
        }
        let name = &s.path.segments[1].ident;
        let Some(v) = self.variants.iter().find(|v| v.name == *name) else {
            return;
        };
        // Every field given, each once: the arguments in the variant's order.
        let mut args = Vec::new();
        for field in &v.fields {
            let given: Vec<&syn::FieldValue> = s
                .fields
                .iter()
                .filter(|f| matches!(&f.member, Member::Named(m) if m == field))
                .collect();
            let [one] = given.as_slice() else { return };
            // An argument needs no parentheses of its own.
            let arg = match &one.expr {
                Expr::Paren(p) => (*p.expr).clone(),
                other => other.clone(),
            };
            args.push(arg);
        }
        if s.fields.len() != v.fields.len() {
            return;
        }
        let constructor = &v.constructor;
        *e = syn::parse_quote!(Move::#constructor(#(#args),*));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    #[test]
    fn moves_built_field_by_field_become_constructor_calls() {
        let mut file: syn::File = syn::parse_str(
            r#"
            pub enum Move { Piece { rule: u16, from: u16, to: u16, dir: u8 }, Pass }
            fn f(from: u16, to: u16) -> Move {
                match Move::Pass {
                    Move::Piece { rule, .. } => Move::Piece { to, rule: 3, from, dir: 1 },
                    Move::Pass => Move::Pass,
                }
            }"#,
        )
        .expect("code");
        use_constructors(&mut file);
        let code = file.to_token_stream().to_string();
        assert!(code.contains("Move :: piece (3 , from , to , 1)"), "{code}");
        // Patterns stay as they are.
        assert!(code.contains("Move :: Piece { rule , .. }"), "{code}");
        assert!(
            code.contains(
                "pub const fn piece (rule : u16 , from : u16 , to : u16 , dir : u8) -> Move"
            ),
            "{code}"
        );
    }
}
