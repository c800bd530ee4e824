//! Drops stores to fields of the generated `State` that nothing in the
//! module reads. The emitters keep Ludii's bookkeeping as they go (the last
//! move's sites, trigger and stalemate flags...) without knowing whether a
//! rule of this game will look at it; once the module is whole, a field no
//! expression reads is one whose stores can go, which saves a store or a
//! read-modify-write on every move of a playout. Only stores whose value
//! has no side effect are dropped, and the field itself stays (its initial
//! value is still written), so the state's layout does not change.

use std::collections::BTreeSet;

use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Expr, Item, Member, Stmt};

/// Removes, in place, the stores to `State` fields that are never read.
pub fn remove_unread_stores(file: &mut syn::File) {
    let fields = state_fields(file);
    let mut reads = Reads {
        fields: &fields,
        read: BTreeSet::new(),
    };
    reads.visit_file(file);
    let unread: BTreeSet<String> = fields.difference(&reads.read).cloned().collect();
    if !unread.is_empty() {
        Drop { unread }.visit_file_mut(file);
    }
}

/// The names of the fields of `struct State`.
fn state_fields(file: &syn::File) -> BTreeSet<String> {
    file.items
        .iter()
        .find_map(|item| match item {
            Item::Struct(s) if s.ident == "State" => Some(
                s.fields
                    .iter()
                    .filter_map(|f| f.ident.as_ref().map(|i| i.to_string()))
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default()
}

/// The field a store writes: `x.FIELD = ...` or `x.FIELD op= ...`.
fn stored_field(expr: &Expr) -> Option<(&Expr, &Expr, String)> {
    let (left, right) = match expr {
        Expr::Assign(a) => (&*a.left, &*a.right),
        Expr::Binary(b) if is_compound_assignment(&b.op) => (&*b.left, &*b.right),
        _ => return None,
    };
    match left {
        Expr::Field(f) => match &f.member {
            Member::Named(name) => Some((&*f.base, right, name.to_string())),
            Member::Unnamed(_) => None,
        },
        _ => None,
    }
}

fn is_compound_assignment(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::AddAssign(_)
            | BinOp::SubAssign(_)
            | BinOp::MulAssign(_)
            | BinOp::DivAssign(_)
            | BinOp::RemAssign(_)
            | BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_)
    )
}

/// Which state fields some expression reads (a store's own target aside).
struct Reads<'f> {
    fields: &'f BTreeSet<String>,
    read: BTreeSet<String>,
}

impl<'ast> Visit<'ast> for Reads<'_> {
    fn visit_expr(&mut self, expr: &'ast Expr) {
        if let Some((base, right, name)) = stored_field(expr) {
            if self.fields.contains(&name) {
                self.visit_expr(base);
                self.visit_expr(right);
                return;
            }
        }
        if let Expr::Field(f) = expr {
            if let Member::Named(name) = &f.member {
                self.read.insert(name.to_string());
            }
        }
        visit::visit_expr(self, expr);
    }
}

/// Whether evaluating `expr` has no effect but its value.
fn pure(expr: &Expr) -> bool {
    match expr {
        Expr::Lit(_) | Expr::Path(_) => true,
        Expr::Field(f) => pure(&f.base),
        Expr::Paren(p) => pure(&p.expr),
        Expr::Cast(c) => pure(&c.expr),
        Expr::Unary(u) => pure(&u.expr),
        Expr::Binary(b) => !is_compound_assignment(&b.op) && pure(&b.left) && pure(&b.right),
        _ => false,
    }
}

/// Removes the pure stores to the unread fields.
struct Drop {
    unread: BTreeSet<String>,
}

impl VisitMut for Drop {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        // Inner blocks first, so an `if` they leave empty goes here.
        visit_mut::visit_block_mut(self, block);
        block.stmts.retain(|stmt| match stmt {
            Stmt::Expr(expr, Some(_)) => !matches!(
                stored_field(expr),
                Some((base, right, name)) if self.unread.contains(&name) && pure(base) && pure(right)
            ),
            // `if C {}` with a pure C, all its stores gone.
            Stmt::Expr(Expr::If(i), _) => {
                !(i.then_branch.stmts.is_empty() && i.else_branch.is_none() && pure(&i.cond))
            }
            _ => true,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(code: &str) -> String {
        let mut file: syn::File = syn::parse_str(code).unwrap();
        remove_unread_stores(&mut file);
        quote::ToTokens::to_token_stream(&file).to_string()
    }

    #[test]
    fn stores_to_a_field_nothing_reads_go_and_read_fields_stay() {
        let out = run("struct State { a: u8, b: u8 }
            fn f(s: &mut State, x: u8) { s.a = x; s.b = 1; s.b |= x << 1; }
            fn g(s: &State) -> u8 { s.a }");
        assert!(out.contains("s . a = x"), "{out}");
        assert!(!out.contains("s . b"), "{out}");
    }

    #[test]
    fn an_if_left_empty_goes_too() {
        let out = run("struct State { t: u32, m: u8 }
            fn f(s: &mut State, n: u8) { if n != s.m { s.t += 1; } s.m = n; }
            fn g(s: &State) -> u8 { s.m }");
        assert!(!out.contains("if"), "{out}");
        assert!(out.contains("s . m = n"), "{out}");
    }

    #[test]
    fn a_store_with_a_side_effect_stays() {
        let out = run("struct State { b: u8 }
            fn f(s: &mut State) { s.b = next(); }");
        assert!(out.contains("s . b = next ()"), "{out}");
    }

    #[test]
    fn a_compound_store_does_not_count_as_a_read_of_its_field() {
        let out = run("struct State { c: u32 }
            fn f(s: &mut State, m: u8) { s.c |= 1 << m; s.c &= !(1 << m); }");
        assert!(!out.contains("s . c"), "{out}");
    }
}
