//! Merges the methods of the module that are one method reading other
//! tables or other rule numbers: a piece's moves for each of its owners
//! (each reading its owner's direction tables: `RADIALS_N` for one,
//! `RADIALS_S` for the other), the rook's and the bishop's slides, a line
//! test of three and of four. The copies become one method taking what
//! differs as arguments (`&'static` tables, `u16` rule numbers, `u8`
//! directions); each call passes its own. The merged method is inlined
//! where the copies were, so the arguments are constants there again and
//! the machine code is the copies' own.

use std::collections::{BTreeMap, HashMap};

use proc_macro2::{Delimiter, Group, Ident, TokenStream, TokenTree};
use quote::{format_ident, quote, ToTokens};
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, ImplItem, ImplItemFn, Item};

/// What may differ between copies at one place of their code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Hole {
    /// A `static` or `const` table of the module, of this type.
    Table(String),
    /// The number after `rule:` (a rule's number).
    Rule,
    /// The number after `dir:` (a direction's index in its rule).
    Dir,
    /// A number bound by `let NAME: TYPE = ...;` (the player a draw's
    /// targets are for): its name and type.
    Bound(String, String),
}

/// A method's tokens, flattened, with the places that may differ.
struct Shape {
    /// Each token as text, a hole's as its kind.
    key: Vec<String>,
    /// The tokens at the holes, in order.
    holes: Vec<(Hole, String)>,
}

/// Merges, in place, the copies among the inherent impl's methods.
pub fn merge_copies(file: &mut syn::File) {
    let tables = table_types(file);
    let values = referred_as_values(file);
    let mut renames: HashMap<String, (Ident, Vec<TokenStream>)> = HashMap::new();
    for item in &mut file.items {
        let Item::Impl(imp) = item else { continue };
        if imp.trait_.is_some() {
            continue;
        }
        // Copies: the same shape, named for calls only.
        let mut groups: BTreeMap<Vec<String>, Vec<usize>> = BTreeMap::new();
        let mut shapes = Vec::new();
        for (i, member) in imp.items.iter().enumerate() {
            let ImplItem::Fn(f) = member else {
                shapes.push(None);
                continue;
            };
            if values.contains(&f.sig.ident.to_string()) || f.block.stmts.len() < 2 {
                shapes.push(None);
                continue;
            }
            let shape = shape(f, &tables);
            groups.entry(shape.key.clone()).or_default().push(i);
            shapes.push(Some(shape));
        }
        let mut gone = Vec::new();
        for members in groups.into_values().filter(|m| m.len() > 1) {
            let fns: Vec<&ImplItemFn> = members
                .iter()
                .map(|&i| match &imp.items[i] {
                    ImplItem::Fn(f) => f,
                    _ => unreachable!("a method"),
                })
                .collect();
            let member_shapes: Vec<&Shape> = members
                .iter()
                .map(|&i| shapes[i].as_ref().expect("a shape"))
                .collect();
            let Some((method, arguments)) = merge(&fns, &member_shapes, &imp.items, &tables) else {
                continue;
            };
            for (f, args) in fns.iter().zip(arguments) {
                renames.insert(f.sig.ident.to_string(), (method.sig.ident.clone(), args));
            }
            // The merged method takes its first copy's place.
            imp.items[members[0]] = ImplItem::Fn(method);
            gone.extend_from_slice(&members[1..]);
        }
        let mut index = 0;
        imp.items.retain(|_| {
            index += 1;
            !gone.contains(&(index - 1))
        });
    }
    if !renames.is_empty() {
        Calls { renames: &renames }.visit_file_mut(file);
    }
}

/// The type of each `static` and `const` of the module, by name.
fn table_types(file: &syn::File) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for item in &file.items {
        match item {
            Item::Static(s) => {
                out.insert(s.ident.to_string(), s.ty.to_token_stream().to_string());
            }
            Item::Const(c) => {
                out.insert(c.ident.to_string(), c.ty.to_token_stream().to_string());
            }
            _ => {}
        }
    }
    out
}

/// The methods named other than in a call (a function pointer such as
/// `Self::move_to`): they keep their names.
fn referred_as_values(file: &syn::File) -> Vec<String> {
    #[derive(Default)]
    struct Values(Vec<String>);
    impl<'a> Visit<'a> for Values {
        fn visit_expr(&mut self, e: &'a Expr) {
            match e {
                Expr::Call(call) => {
                    // The callee path is a call, its arguments may not be.
                    for arg in &call.args {
                        self.visit_expr(arg);
                    }
                    if !matches!(&*call.func, Expr::Path(_)) {
                        self.visit_expr(&call.func);
                    }
                }
                Expr::Path(p) => {
                    if let Some(last) = p.path.segments.last() {
                        self.0.push(last.ident.to_string());
                    }
                }
                _ => visit::visit_expr(self, e),
            }
        }
    }
    let mut values = Values::default();
    values.visit_file(file);
    values.0
}

/// A method's shape: its signature but the name, and its body.
fn shape(f: &ImplItemFn, tables: &HashMap<String, String>) -> Shape {
    let mut sig = f.sig.clone();
    sig.ident = format_ident!("_");
    let mut shape = Shape {
        key: Vec::new(),
        holes: Vec::new(),
    };
    for t in quote!(#sig) {
        shape.key.push(t.to_string());
    }
    walk(f.block.to_token_stream(), tables, &mut |hole, t| {
        match hole {
            Some(hole) => {
                shape.key.push(format!("<{hole:?}>"));
                shape.holes.push((hole, t.to_string()));
            }
            None => shape.key.push(t.to_string()),
        }
        None
    });
    shape
}

/// Walks `tokens` in order, giving each token (not groups: their
/// delimiters and contents) and the hole it is, if any, to `each`; the
/// tokens with each replaced by what `each` returns.
fn walk(
    tokens: TokenStream,
    tables: &HashMap<String, String>,
    each: &mut dyn FnMut(Option<Hole>, &TokenTree) -> Option<TokenTree>,
) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        let after = |name: &str| {
            i >= 2
                && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == ':')
                && matches!(&tokens[i - 2], TokenTree::Ident(id) if id == name)
        };
        // A table is read by indexing it or calling its methods.
        let read = matches!(
            tokens.get(i + 1),
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket
        ) || matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '.');
        let hole = match t {
            TokenTree::Ident(id) if read => tables
                .get(&id.to_string())
                .map(|ty| Hole::Table(ty.clone())),
            TokenTree::Literal(_) if after("rule") => Some(Hole::Rule),
            TokenTree::Literal(_) if after("dir") => Some(Hole::Dir),
            TokenTree::Literal(_) => bound_type(&tokens[..i]).map(|(n, ty)| Hole::Bound(n, ty)),
            _ => None,
        };
        match (hole, t) {
            (None, TokenTree::Group(g)) => {
                each(
                    None,
                    &TokenTree::Ident(format_ident!("group_{}", delimiter(g.delimiter()))),
                );
                let inner = walk(g.stream(), tables, each);
                let mut group = Group::new(g.delimiter(), inner);
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
                each(None, &TokenTree::Ident(format_ident!("end_group")));
            }
            (hole, t) => out.push(each(hole, t).unwrap_or_else(|| t.clone())),
        }
    }
    out.into_iter().collect()
}

/// The name and type of `let NAME: TYPE =` just before a literal, where
/// the type is a plain integer type.
fn bound_type(before: &[TokenTree]) -> Option<(String, String)> {
    let [.., TokenTree::Ident(l), TokenTree::Ident(name), TokenTree::Punct(colon), TokenTree::Ident(ty), TokenTree::Punct(eq)] =
        before
    else {
        return None;
    };
    let integer = [
        "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64",
    ];
    (l == "let"
        && colon.as_char() == ':'
        && eq.as_char() == '='
        && integer.contains(&ty.to_string().as_str()))
    .then(|| (name.to_string(), ty.to_string()))
}

fn delimiter(d: Delimiter) -> &'static str {
    match d {
        Delimiter::Parenthesis => "paren",
        Delimiter::Brace => "brace",
        Delimiter::Bracket => "bracket",
        Delimiter::None => "none",
    }
}

/// The merged method of `fns` (same shape), and each copy's arguments;
/// `None` where nothing differs (the copies are kept apart, as their names
/// say different things) or the name is taken.
fn merge(
    fns: &[&ImplItemFn],
    shapes: &[&Shape],
    items: &[ImplItem],
    tables: &HashMap<String, String>,
) -> Option<(ImplItemFn, Vec<Vec<TokenStream>>)> {
    let n_holes = shapes[0].holes.len();
    // Each hole that differs between copies becomes a parameter; holes
    // with the same values in every copy share it.
    let mut params: Vec<(Vec<String>, Hole, Ident)> = Vec::new();
    let mut hole_param: Vec<Option<usize>> = Vec::with_capacity(n_holes);
    for h in 0..n_holes {
        let values: Vec<String> = shapes.iter().map(|s| s.holes[h].1.clone()).collect();
        if values.iter().all(|v| *v == values[0]) {
            hole_param.push(None);
            continue;
        }
        let hole = shapes[0].holes[h].0.clone();
        match params
            .iter()
            .position(|(v, k, _)| *v == values && *k == hole)
        {
            Some(p) => hole_param.push(Some(p)),
            None => {
                let name = param_name(&hole, &values, &params);
                params.push((values, hole, name));
                hole_param.push(Some(params.len() - 1));
            }
        }
    }
    if params.is_empty() {
        return None;
    }
    let name = merged_name(fns);
    let taken = items
        .iter()
        .any(|item| matches!(item, ImplItem::Fn(f) if f.sig.ident == name));
    if taken {
        return None;
    }
    // The first copy's code, its differing holes replaced by parameters.
    let first = fns[0];
    let mut h = 0usize;
    let block = walk(first.block.to_token_stream(), tables, &mut |hole, _| {
        hole.as_ref()?;
        h += 1;
        hole_param[h - 1].map(|p| TokenTree::Ident(params[p].2.clone()))
    });
    let mut method = first.clone();
    method.block = syn::parse2(block).ok()?;
    method.sig.ident = name;
    for (_, hole, ident) in &params {
        let ty: TokenStream = match hole {
            Hole::Table(ty) => {
                let ty: TokenStream = ty.parse().ok()?;
                quote!(&'static #ty)
            }
            Hole::Rule => quote!(u16),
            Hole::Dir => quote!(u8),
            Hole::Bound(_, ty) => ty.parse().ok()?,
        };
        method
            .sig
            .inputs
            .push(syn::parse2(quote!(#ident: #ty)).ok()?);
    }
    let names: Vec<String> = fns.iter().map(|f| format!("`{}`", f.sig.ident)).collect();
    let args: Vec<String> = params.iter().map(|(_, _, p)| format!("`{p}`")).collect();
    let doc = format!(
        " One method for {}: what differs between them is passed in ({}).",
        names.join(", "),
        args.join(", ")
    );
    let (docs, others): (Vec<syn::Attribute>, Vec<syn::Attribute>) = method
        .attrs
        .drain(..)
        .partition(|a| a.path().is_ident("doc"));
    method.attrs = docs;
    method.attrs.push(syn::parse_quote!(#[doc = #doc]));
    method.attrs.extend(others);
    let arguments = (0..fns.len())
        .map(|copy| {
            params
                .iter()
                .map(|(values, hole, _)| {
                    let v: TokenStream = values[copy].parse().expect("a token");
                    match hole {
                        Hole::Table(_) => quote!(&#v),
                        Hole::Rule | Hole::Dir | Hole::Bound(..) => v,
                    }
                })
                .collect()
        })
        .collect();
    Some((method, arguments))
}

/// A parameter's name: `rule_number`, `dir_number`, or the tables' common
/// stem (`radials`), numbered where several share it.
fn param_name(hole: &Hole, values: &[String], taken: &[(Vec<String>, Hole, Ident)]) -> Ident {
    let stem = match hole {
        Hole::Rule => "rule_number".to_owned(),
        Hole::Dir => "dir_number".to_owned(),
        Hole::Bound(name, _) => format!("{name}_value"),
        Hole::Table(_) => {
            let first = values[0].to_lowercase();
            let common: String = values.iter().skip(1).fold(first, |prefix, v| {
                let v = v.to_lowercase();
                prefix
                    .chars()
                    .zip(v.chars())
                    .take_while(|(a, b)| a == b)
                    .map(|(a, _)| a)
                    .collect()
            });
            let stem = common.trim_end_matches('_').to_owned();
            if stem.is_empty() {
                "table".to_owned()
            } else {
                stem
            }
        }
    };
    let same = taken
        .iter()
        .filter(|(_, _, p)| {
            let p = p.to_string();
            p == stem || p.starts_with(&format!("{stem}_"))
        })
        .count();
    if same == 0 {
        format_ident!("{}", stem)
    } else {
        format_ident!("{}_{}", stem, same + 1)
    }
}

/// The merged method's name: the copies' common name without their
/// numbers (`steps_of_pawn1`, `steps_of_pawn2` → `steps_of_pawn`), else
/// their names joined (`slides_of_rook_or_bishop`).
fn merged_name(fns: &[&ImplItemFn]) -> Ident {
    let names: Vec<String> = fns.iter().map(|f| f.sig.ident.to_string()).collect();
    let stems: Vec<&str> = names
        .iter()
        .map(|n| {
            n.trim_end_matches(|c: char| c.is_ascii_digit())
                .trim_end_matches('_')
        })
        .collect();
    if stems.iter().all(|s| *s == stems[0]) {
        return format_ident!("{}", stems[0]);
    }
    // The common prefix up to a `_`, then each stem's rest.
    let common = names[0]
        .char_indices()
        .find(|&(i, c)| names.iter().any(|n| !n[i..].starts_with(c)))
        .map_or(names[0].len(), |(i, _)| i);
    let prefix = &names[0][..names[0][..common].rfind('_').map_or(0, |i| i + 1)];
    let mut rests: Vec<&str> = Vec::new();
    for s in &stems {
        let rest = &s[prefix.len().min(s.len())..];
        if !rests.contains(&rest) {
            rests.push(rest);
        }
    }
    format_ident!("{}{}", prefix, rests.join("_or_"))
}

/// Renames the calls of merged copies and passes their arguments.
struct Calls<'a> {
    renames: &'a HashMap<String, (Ident, Vec<TokenStream>)>,
}

impl VisitMut for Calls<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        visit_mut::visit_expr_mut(self, e);
        let (ident, args) = match e {
            Expr::MethodCall(call) => (&mut call.method, &mut call.args),
            Expr::Call(call) => {
                let Expr::Path(path) = &mut *call.func else {
                    return;
                };
                let Some(last) = path.path.segments.last_mut() else {
                    return;
                };
                (&mut last.ident, &mut call.args)
            }
            _ => return,
        };
        if let Some((name, extra)) = self.renames.get(&ident.to_string()) {
            *ident = name.clone();
            for a in extra {
                args.push(syn::parse2(a.clone()).expect("an argument"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn merged(code: &str) -> String {
        let mut file: syn::File = syn::parse_str(code).expect("code");
        merge_copies(&mut file);
        file.to_token_stream().to_string()
    }

    #[test]
    fn copies_reading_other_tables_become_one_method_taking_them() {
        let code = merged(
            r#"
            static RADIALS_N: [[u16; 1]; 4] = [[1]; 4];
            static RADIALS_S: [[u16; 1]; 4] = [[2]; 4];
            impl G {
                fn steps_of_pawn1(&self, from: u16) -> u16 {
                    let a = RADIALS_N[from as usize][0];
                    a + 1
                }
                fn steps_of_pawn2(&self, from: u16) -> u16 {
                    let a = RADIALS_S[from as usize][0];
                    a + 1
                }
                fn play(&self) -> u16 {
                    let b = self.steps_of_pawn1(0);
                    b + self.steps_of_pawn2(1)
                }
            }"#,
        );
        assert!(
            code.contains(
                "fn steps_of_pawn (& self , from : u16 , radials : & 'static [[u16 ; 1] ; 4])"
            ) || code.contains(
                "fn steps_of_pawn (& self , from : u16 , radials : &'static [[u16 ; 1] ; 4])"
            ),
            "{code}"
        );
        assert!(code.contains("radials [from as usize] [0]"), "{code}");
        assert!(
            code.contains("self . steps_of_pawn (0 , & RADIALS_N)"),
            "{code}"
        );
        assert!(
            code.contains("self . steps_of_pawn (1 , & RADIALS_S)"),
            "{code}"
        );
        assert!(!code.contains("fn steps_of_pawn1"), "{code}");
    }

    #[test]
    fn rule_numbers_become_arguments_and_other_literals_keep_methods_apart() {
        let code = merged(
            r#"
            impl G {
                fn slides_of_rook(&self) -> Move {
                    let m = Move::Piece { rule: 8, dir: 0 };
                    m
                }
                fn slides_of_bishop(&self) -> Move {
                    let m = Move::Piece { rule: 12, dir: 0 };
                    m
                }
                fn line_3(&self, n: u8) -> bool {
                    let k = n;
                    k >= 3
                }
                fn line_4(&self, n: u8) -> bool {
                    let k = n;
                    k >= 4
                }
            }"#,
        );
        assert!(
            code.contains("fn slides_of_rook_or_bishop (& self , rule_number : u16)"),
            "{code}"
        );
        assert!(code.contains("rule : rule_number , dir : 0"), "{code}");
        assert!(
            code.contains("fn line_3") && code.contains("fn line_4"),
            "{code}"
        );
    }

    #[test]
    fn methods_named_as_values_keep_their_names() {
        let code = merged(
            r#"
            static A: [u16; 1] = [1];
            static B: [u16; 1] = [2];
            impl G {
                fn to_a(mv: u16) -> u16 {
                    let x = A[0];
                    x + mv
                }
                fn to_b(mv: u16) -> u16 {
                    let x = B[0];
                    x + mv
                }
                fn use_them(&self) -> fn(u16) -> u16 {
                    let _ = Self::to_b(1);
                    Self::to_a
                }
            }"#,
        );
        assert!(
            code.contains("fn to_a") && code.contains("fn to_b"),
            "{code}"
        );
    }
}
