//! Removes the parentheses the generators put around every sub-expression
//! (they keep composition safe: `!#c`, `#a && #b`) where Rust does not need
//! them, so the generated code reads as if written by hand and compiles
//! without `unused_parens` warnings.

use syn::visit_mut::{self, VisitMut};
use syn::{Expr, ExprParen};

/// Tidies a whole generated file in place.
pub fn tidy(file: &mut syn::File) {
    Tidy.visit_file_mut(file);
}

struct Tidy;

/// The expression inside any number of parentheses.
fn unwrap(expr: &mut Expr) {
    while let Expr::Paren(ExprParen { expr: inner, .. }) = expr {
        *expr = std::mem::replace(&mut **inner, Expr::PLACEHOLDER);
    }
}

/// Whether an expression binds tighter than any operator around it, so
/// parentheses around it are never needed.
fn atomic(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::Path(_)
            | Expr::Lit(_)
            | Expr::Call(_)
            | Expr::MethodCall(_)
            | Expr::Field(_)
            | Expr::Index(_)
            | Expr::Paren(_)
            | Expr::Array(_)
            | Expr::Tuple(_)
            | Expr::Macro(_)
    )
}

/// Whether `expr` needs no parentheses as an operand of `&&` (or of `||`
/// when `in_or`): comparisons and unary operators bind tighter, and both
/// operators are associative, so a chain of the same one needs none either.
fn binds_tighter_than_logic(expr: &Expr, in_or: bool) -> bool {
    use syn::BinOp;
    match expr {
        Expr::Unary(_) | Expr::Cast(_) => true,
        Expr::Binary(b) => match b.op {
            BinOp::Eq(_)
            | BinOp::Ne(_)
            | BinOp::Lt(_)
            | BinOp::Le(_)
            | BinOp::Gt(_)
            | BinOp::Ge(_) => true,
            BinOp::And(_) => true,
            BinOp::Or(_) => in_or,
            _ => false,
        },
        _ => atomic(expr),
    }
}

fn is_bool(expr: &Expr, value: bool) -> bool {
    matches!(expr, Expr::Lit(syn::ExprLit { lit: syn::Lit::Bool(b), .. }) if b.value == value)
}

/// Boolean identities the generators leave behind when a rule has no
/// condition, or a condition with no site to test: `c && true` → `c`,
/// `c || false` → `c`, `!(a == b)` → `a != b`.
fn simplify(expr: &mut Expr) {
    use syn::{BinOp, ExprBinary, ExprUnary, UnOp};
    if let Expr::Binary(ExprBinary {
        op: op @ (BinOp::And(_) | BinOp::Or(_)),
        left,
        right,
        ..
    }) = expr
    {
        // The operand that leaves the other's value unchanged.
        let neutral = matches!(op, BinOp::And(_));
        if is_bool(right, neutral) {
            *expr = std::mem::replace(&mut **left, Expr::PLACEHOLDER);
            return;
        } else if is_bool(left, neutral) {
            *expr = std::mem::replace(&mut **right, Expr::PLACEHOLDER);
            return;
        }
    }
    match expr {
        Expr::Binary(ExprBinary {
            op: op @ (BinOp::And(_) | BinOp::Or(_)),
            left,
            right,
            ..
        }) => {
            let is_or = matches!(op, BinOp::Or(_));
            for side in [left, right] {
                if let Expr::Paren(p) = &**side {
                    if binds_tighter_than_logic(&p.expr, is_or) {
                        unwrap(side);
                    }
                }
            }
        }
        Expr::Unary(ExprUnary {
            op: UnOp::Not(_),
            expr: inner,
            ..
        }) => {
            let mut operand = (**inner).clone();
            unwrap(&mut operand);
            if let Expr::Binary(mut b) = operand {
                let flipped = match b.op {
                    BinOp::Eq(t) => Some(BinOp::Ne(syn::Token![!=](t.spans[0]))),
                    BinOp::Ne(t) => Some(BinOp::Eq(syn::Token![==](t.spans[0]))),
                    _ => None,
                };
                if let Some(op) = flipped {
                    b.op = op;
                    *expr = Expr::Paren(syn::ExprParen {
                        attrs: Vec::new(),
                        paren_token: Default::default(),
                        expr: Box::new(Expr::Binary(b)),
                    });
                }
            }
        }
        _ => {}
    }
}

/// `if true { body }`, which a rule without a condition leaves: its body,
/// unless it leaves the block (what follows would then be unreachable).
fn unconditional(stmt: &syn::Stmt) -> Option<&syn::Block> {
    let leaves = |s: &syn::Stmt| {
        matches!(
            s,
            syn::Stmt::Expr(Expr::Return(_) | Expr::Break(_) | Expr::Continue(_), _)
        )
    };
    match stmt {
        syn::Stmt::Expr(Expr::If(e), _)
            if e.else_branch.is_none()
                && is_bool(&e.cond, true)
                && !e.then_branch.stmts.iter().any(leaves) =>
        {
            Some(&e.then_branch)
        }
        _ => None,
    }
}

impl VisitMut for Tidy {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        visit_mut::visit_block_mut(self, block);
        // `if true { body }` → the body's statements, where none of them
        // binds a name the rest of the block could see; a bare block otherwise.
        let mut stmts = Vec::with_capacity(block.stmts.len());
        for stmt in block.stmts.drain(..) {
            match unconditional(&stmt) {
                Some(body)
                    if !body
                        .stmts
                        .iter()
                        .any(|s| matches!(s, syn::Stmt::Local(_) | syn::Stmt::Item(_))) =>
                {
                    stmts.extend(body.stmts.iter().cloned());
                }
                Some(body) => stmts.push(syn::Stmt::Expr(
                    Expr::Block(syn::ExprBlock {
                        attrs: Vec::new(),
                        label: None,
                        block: body.clone(),
                    }),
                    None,
                )),
                None => stmts.push(stmt),
            }
        }
        block.stmts = stmts;
    }

    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        // Children first, so nested parentheses collapse from the inside.
        visit_mut::visit_expr_mut(self, expr);
        simplify(expr);
        match expr {
            Expr::Paren(p) if atomic(&p.expr) => unwrap(expr),
            Expr::If(e) => unwrap(&mut e.cond),
            Expr::While(e) => unwrap(&mut e.cond),
            Expr::Return(e) => e.expr.iter_mut().for_each(|e| unwrap(e)),
            Expr::Call(e) => e.args.iter_mut().for_each(unwrap),
            Expr::MethodCall(e) => e.args.iter_mut().for_each(unwrap),
            Expr::Array(e) => e.elems.iter_mut().for_each(unwrap),
            Expr::Assign(e) => unwrap(&mut e.right),
            // A closure's body reaches as far as it can: `|x| x as i64`.
            Expr::Closure(e) => unwrap(&mut e.body),
            Expr::Match(e) => {
                unwrap(&mut e.expr);
                e.arms.iter_mut().for_each(|arm| unwrap(&mut arm.body));
            }
            Expr::Index(e) => {
                unwrap(&mut e.index);
                // `a[1_usize]` → `a[1]`: an index literal is a `usize` anyway.
                if let Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(i),
                    ..
                }) = &mut *e.index
                {
                    if i.suffix() == "usize" {
                        *i = syn::LitInt::new(i.base10_digits(), i.span());
                    }
                }
            }
            Expr::Cast(c) => {
                // `0 as i64` → `0_i64`: the same value and type, said directly.
                if let (
                    Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Int(i),
                        ..
                    }),
                    syn::Type::Path(ty),
                ) = (&*c.expr, &*c.ty)
                {
                    let integer = ty.path.get_ident().map(|t| t.to_string()).filter(|t| {
                        matches!(
                            t.as_str(),
                            "u8" | "u16"
                                | "u32"
                                | "u64"
                                | "usize"
                                | "i8"
                                | "i16"
                                | "i32"
                                | "i64"
                                | "isize"
                        )
                    });
                    if let (Some(t), "") = (integer, i.suffix()) {
                        let lit = syn::LitInt::new(&format!("{}_{t}", i.base10_digits()), i.span());
                        *expr = Expr::Lit(syn::ExprLit {
                            attrs: Vec::new(),
                            lit: syn::Lit::Int(lit),
                        });
                    }
                }
            }
            _ => {}
        }
    }

    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        visit_mut::visit_field_value_mut(self, field);
        // `Move::Effect { site: site }` → `Move::Effect { site }`.
        if let (syn::Member::Named(name), Expr::Path(p)) = (&field.member, &field.expr) {
            if p.qself.is_none() && p.path.is_ident(name) {
                field.colon_token = None;
            }
        }
    }

    fn visit_local_mut(&mut self, local: &mut syn::Local) {
        visit_mut::visit_local_mut(self, local);
        if let Some(init) = &mut local.init {
            unwrap(&mut init.expr);
        }
    }

    fn visit_stmt_mut(&mut self, stmt: &mut syn::Stmt) {
        visit_mut::visit_stmt_mut(self, stmt);
        if let syn::Stmt::Expr(e, _) = stmt {
            unwrap(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn tidied(tokens: proc_macro2::TokenStream) -> String {
        let mut file: syn::File = syn::parse2(tokens).unwrap();
        tidy(&mut file);
        prettyplease::unparse(&file)
    }

    #[test]
    fn drops_neutral_operands_of_and_and_or() {
        let out = tidied(quote! {
            fn f(a: bool, b: bool) -> [bool; 3] {
                [((a) && (true)), ((false) || (b)), ((false) || (false))]
            }
        });
        assert!(out.contains("[a, b, false]"), "{out}");
    }

    #[test]
    fn drops_parentheses_rust_does_not_need() {
        let out = tidied(quote! {
            fn f(a: i64, b: i64) -> bool {
                let x = ((a + b));
                if ((x == 0)) { return (true); }
                g((a), ((b)))
            }
        });
        assert!(out.contains("let x = a + b;"), "{out}");
        assert!(out.contains("if x == 0 {"), "{out}");
        assert!(out.contains("return true;"), "{out}");
        assert!(out.contains("g(a, b)"), "{out}");
    }

    #[test]
    fn an_unconditional_if_becomes_its_body_or_a_block_when_it_binds() {
        let out = tidied(quote! {
            fn f(out: &mut Vec<u8>) {
                if (true) { out.push(1); }
                if true { let x = 2; out.push(x); }
                if true { out.push(3); } else { out.push(4); }
                if true { return; }
                out.push(5);
            }
        });
        assert!(
            out.contains("{\n    out.push(1);\n    {\n        let x = 2;"),
            "{out}"
        );
        assert!(out.contains("if true {\n        out.push(3);"), "{out}");
        assert!(out.contains("if true {\n        return;"), "{out}");
    }

    #[test]
    fn types_literals_without_casts() {
        let out = tidied(quote! {
            fn f(a: [u8; 3], x: i64) -> bool {
                a[2 as usize] == 0 && x != (0 as i64)
            }
        });
        assert!(out.contains("a[2] == 0 && x != 0_i64"), "{out}");
    }

    #[test]
    fn closure_bodies_need_no_parentheses() {
        let out = tidied(quote! {
            fn f(x: Option<u16>) -> i64 {
                x.map_or(-1, |x| (x as i64)) + x.map_or(0, |y| ((y + 1) as i64))
            }
        });
        assert!(out.contains("|x| x as i64"), "{out}");
        assert!(out.contains("|y| (y + 1) as i64"), "{out}");
    }

    #[test]
    fn simplifies_boolean_identities() {
        let out = tidied(quote! {
            fn f(a: u8, b: bool) -> bool {
                let x = (b && true);
                !((a == 0)) && (true && x)
            }
        });
        assert!(out.contains("let x = b;"), "{out}");
        assert!(out.contains("a != 0 && x"), "{out}");
    }

    #[test]
    fn keeps_parentheses_precedence_needs() {
        let out = tidied(quote! {
            fn f(a: bool, b: bool, c: bool, x: u8) -> bool {
                let y = (x as i64).checked_div(2);
                !(a && b) && (b || c)
            }
        });
        assert!(out.contains("(x as i64).checked_div(2)"), "{out}");
        assert!(out.contains("!(a && b) && (b || c)"), "{out}");
        let out = tidied(quote! {
            fn g(a: bool, b: bool, c: bool) -> bool {
                ((a && b) || (c)) && ((a == b) && (a || c))
            }
        });
        // prettyplease keeps the tree: a right-nested `&&` keeps its parentheses.
        assert!(
            out.contains("(a && b || c) && (a == b && (a || c))"),
            "{out}"
        );
    }
}
