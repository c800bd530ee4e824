//! Drops what nothing in the module uses. The generator emits the board's
//! operations (`put`, `clear`, `move_piece`, the enemy and trigger tests)
//! and imports the runtime's helpers for every game, and the emitters use
//! those their rules need; once the module is whole, a helper no path
//! `Self::name` and no call `self.name(...)` reaches is dropped (again
//! until none is left), then each imported name the module never mentions,
//! so a reader sees only what the game uses.

use std::collections::BTreeSet;

use syn::visit::{self, Visit};
use syn::{Expr, ImplItem, Item, UseTree, Visibility};

/// Removes, in place, the helpers and then the imports nothing uses.
pub fn remove_unused(file: &mut syn::File) {
    remove_unused_helpers(file);
    remove_unused_imports(file);
}

/// Removes, in place, the private functions and constants of the inherent
/// impls that are never referred to.
fn remove_unused_helpers(file: &mut syn::File) {
    loop {
        let mut refs = References::default();
        refs.visit_file(file);
        let mut removed = false;
        for item in &mut file.items {
            let Item::Impl(imp) = item else { continue };
            if imp.trait_.is_some() {
                continue;
            }
            imp.items.retain(|member| {
                let name = match member {
                    ImplItem::Fn(f) if matches!(f.vis, Visibility::Inherited) => &f.sig.ident,
                    ImplItem::Const(c) if matches!(c.vis, Visibility::Inherited) => &c.ident,
                    _ => return true,
                };
                let keep = refs.names.contains(&name.to_string());
                removed |= !keep;
                keep
            });
        }
        if !removed {
            return;
        }
    }
}

/// Removes, from each `use` of a group of names, the names no identifier
/// outside the `use` items mentions, and the `allow(unused_imports)`
/// that kept them quiet; a `use` left empty goes.
fn remove_unused_imports(file: &mut syn::File) {
    let mut mentions = Mentions::default();
    for item in &file.items {
        if !matches!(item, Item::Use(_)) {
            mentions.visit_item(item);
        }
    }
    file.items.retain_mut(|item| {
        let Item::Use(u) = item else { return true };
        let UseTree::Path(path) = &mut u.tree else {
            return true;
        };
        let UseTree::Group(group) = &mut *path.tree else {
            return true;
        };
        // Traits, imported `as _` for their methods, are never named.
        if !group.items.iter().all(|t| matches!(t, UseTree::Name(_))) {
            return true;
        }
        let names = std::mem::take(&mut group.items);
        group.items = names
            .into_iter()
            .filter(|tree| match tree {
                UseTree::Name(n) => mentions.0.contains(&n.ident.to_string()),
                _ => true,
            })
            .collect();
        u.attrs.retain(|a| !a.path().is_ident("allow"));
        !group.items.is_empty()
    });
}

/// Every identifier that appears.
#[derive(Default)]
struct Mentions(BTreeSet<String>);

impl<'ast> Visit<'ast> for Mentions {
    fn visit_ident(&mut self, i: &'ast proc_macro2::Ident) {
        self.0.insert(i.to_string());
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // Macro arguments are tokens, not syntax: take their identifiers too.
        visit::visit_macro(self, m);
        mention_tokens(&mut self.0, m.tokens.clone());
    }
}

fn mention_tokens(seen: &mut BTreeSet<String>, tokens: proc_macro2::TokenStream) {
    for t in tokens {
        match t {
            proc_macro2::TokenTree::Ident(i) => {
                seen.insert(i.to_string());
            }
            proc_macro2::TokenTree::Group(g) => mention_tokens(seen, g.stream()),
            _ => {}
        }
    }
}

/// The names reached as `Self::name` or `self.name(...)`.
#[derive(Default)]
struct References {
    names: BTreeSet<String>,
}

impl<'ast> Visit<'ast> for References {
    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        let segments = &p.path.segments;
        if segments.len() == 2 && segments[0].ident == "Self" {
            self.names.insert(segments[1].ident.to_string());
        }
        visit::visit_expr_path(self, p);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if let Expr::Path(receiver) = &*call.receiver {
            if receiver.path.is_ident("self") {
                self.names.insert(call.method.to_string());
            }
        }
        visit::visit_expr_method_call(self, call);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tidy(code: &str) -> String {
        let mut file: syn::File = syn::parse_str(code).expect("Rust");
        remove_unused(&mut file);
        quote::quote!(#file).to_string()
    }

    #[test]
    fn helpers_nothing_reaches_go_and_those_only_they_reached_after_them() {
        let out = tidy(
            "struct G; impl G {
                fn used(&self) { Self::inner(); }
                fn inner() {}
                fn unused() { Self::only_from_unused(); }
                fn only_from_unused() {}
                const TABLE: u8 = 0;
                pub fn public() {}
            }
            impl T for G { fn run(&self) { self.used(); out.unused(); } }",
        );
        assert!(out.contains("fn used"), "{out}");
        assert!(out.contains("fn inner"), "{out}");
        assert!(out.contains("fn public"), "{out}");
        // `out.unused()` is another value's method, not this helper.
        assert!(!out.contains("fn unused"), "{out}");
        assert!(!out.contains("only_from_unused"), "{out}");
        assert!(!out.contains("TABLE"), "{out}");
    }

    #[test]
    fn imports_nothing_mentions_go() {
        let out = tidy(
            "#[allow(unused_imports)] use rt::{used, unused, in_macro, Type};
            #[allow(unused_imports)] use rt::{gone};
            #[allow(unused_imports)] use rt::{Trait as _, Other as _};
            fn f(x: Type) { used(); debug_assert!(in_macro(x)); }",
        );
        assert!(
            out.contains("use rt :: { used , in_macro , Type }"),
            "{out}"
        );
        assert!(!out.contains(" unused ,"), "{out}");
        assert!(!out.contains("gone"), "{out}");
        assert!(out.contains("{ Trait as _ , Other as _ }"), "{out}");
    }
}
