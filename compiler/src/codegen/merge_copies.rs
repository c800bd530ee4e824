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
    /// A number of a known type in an expression: a literal with its
    /// type's suffix (`3i64`), or the index in `NAME[3]` (a `usize`);
    /// with the name the parameter is called after, and whether a `let`
    /// binds it to that name.
    Number(String, String, bool),
}

/// A method's tokens, flattened, with the places that may differ.
struct Shape {
    /// Each token as text, a hole's as its kind.
    key: Vec<String>,
    /// The tokens at the holes, in order.
    holes: Vec<(Hole, String)>,
    /// Where each hole is in `key`.
    positions: Vec<usize>,
    /// The names in the signature (its parameters).
    signature: Vec<String>,
    /// Where the body starts in `key`.
    body: usize,
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
            if values.contains(&f.sig.ident.to_string()) {
                shapes.push(None);
                continue;
            }
            let shape = shape(f, &tables);
            // A few tokens are a call or a constant: kept as they are.
            if shape.key.len() < MIN_TOKENS {
                shapes.push(None);
                continue;
            }
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
        // Calls of the copies that were match arms of their own may now be
        // the same arm (each player's queen): one arm for them.
        SameArms.visit_file_mut(file);
    }
}

/// Joins neighbouring match arms with literal patterns, no guard and the
/// same body into one arm (`11 | 12 => ...`).
struct SameArms;

impl VisitMut for SameArms {
    fn visit_expr_match_mut(&mut self, m: &mut syn::ExprMatch) {
        visit_mut::visit_expr_match_mut(self, m);
        let literal = |p: &syn::Pat| match p {
            syn::Pat::Lit(_) => true,
            syn::Pat::Or(or) => or.cases.iter().all(|c| matches!(c, syn::Pat::Lit(_))),
            _ => false,
        };
        let mut arms: Vec<syn::Arm> = Vec::with_capacity(m.arms.len());
        for arm in m.arms.drain(..) {
            let joins = arms.last().is_some_and(|last| {
                last.guard.is_none()
                    && arm.guard.is_none()
                    && literal(&last.pat)
                    && literal(&arm.pat)
                    && last.body.to_token_stream().to_string()
                        == arm.body.to_token_stream().to_string()
            });
            if !joins {
                arms.push(arm);
                continue;
            }
            let last = arms.last_mut().expect("a last arm");
            let mut cases: Vec<syn::Pat> = Vec::new();
            for pat in [last.pat.clone(), arm.pat] {
                match pat {
                    syn::Pat::Or(or) => cases.extend(or.cases),
                    pat => cases.push(pat),
                }
            }
            last.pat = syn::Pat::Or(syn::PatOr {
                attrs: Vec::new(),
                leading_vert: None,
                cases: cases.into_iter().collect(),
            });
        }
        m.arms = arms;
    }
}

/// The fewest tokens (signature and body) a method merged with its
/// copies has.
const MIN_TOKENS: usize = 12;

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
        positions: Vec::new(),
        signature: Vec::new(),
        body: 0,
    };
    for t in quote!(#sig) {
        shape.key.push(t.to_string());
    }
    shape.body = shape.key.len();
    walk(quote!(#sig), tables, &mut |_, t| {
        if let TokenTree::Ident(id) = t {
            shape.signature.push(id.to_string());
        }
        None
    });
    walk(f.block.to_token_stream(), tables, &mut |hole, t| {
        match hole {
            Some(hole) => {
                shape.positions.push(shape.key.len());
                shape.key.push(hole_key(&hole));
                shape.holes.push((hole, t.to_string()));
            }
            None => shape.key.push(t.to_string()),
        }
        None
    });
    shape
}

/// Where a walk is: whether numbers there may become arguments (not in
/// a nested `const` or `static`, nor in a macro's tokens), and the name
/// read at a sole index there (`owned` in `s.owned[1]`).
#[derive(Clone, Debug, Default)]
struct Place {
    fixed: bool,
    indexed: Option<String>,
    /// The names a tuple here is bound to (`let (min, max) = (..)`).
    bound_to: Vec<String>,
}

/// Walks `tokens` in order, giving each token (not groups: their
/// delimiters and contents) and the hole it is, if any, to `each`; the
/// tokens with each replaced by what `each` returns.
fn walk(
    tokens: TokenStream,
    tables: &HashMap<String, String>,
    each: &mut dyn FnMut(Option<Hole>, &TokenTree) -> Option<TokenTree>,
) -> TokenStream {
    walk_in(tokens, &Place::default(), tables, each)
}

fn walk_in(
    tokens: TokenStream,
    place: &Place,
    tables: &HashMap<String, String>,
    each: &mut dyn FnMut(Option<Hole>, &TokenTree) -> Option<TokenTree>,
) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    // Inside a nested `const`/`static` item, up to its `;`.
    let mut in_item = false;
    for (i, t) in tokens.iter().enumerate() {
        let punct = |j: Option<usize>, c: char| matches!(j.and_then(|j| tokens.get(j)), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let after = |name: &str| {
            i >= 2
                && punct(Some(i - 1), ':')
                && matches!(&tokens[i - 2], TokenTree::Ident(id) if id == name)
        };
        match t {
            TokenTree::Ident(id) if id == "const" || id == "static" => {
                in_item |= matches!(tokens.get(i + 1), Some(TokenTree::Ident(_)))
                    && punct(Some(i + 2), ':');
            }
            TokenTree::Punct(p) if p.as_char() == ';' => in_item = false,
            _ => {}
        }
        // A table is read by indexing it or calling its methods.
        let read = matches!(
            tokens.get(i + 1),
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket
        ) || punct(Some(i + 1), '.');
        // A literal in a pattern or a range stays: patterns take no arguments.
        let before = i.checked_sub(1);
        let in_pattern = punct(Some(i + 1), '|')
            || punct(Some(i + 1), '.')
            || (punct(Some(i + 1), '=') && punct(Some(i + 2), '>'))
            || punct(before, '|')
            || punct(before, '.')
            || (punct(before, '=') && punct(before.and_then(|b| b.checked_sub(1)), '.'));
        let free = !place.fixed && !in_item && !in_pattern;
        let hole = match t {
            TokenTree::Ident(id) if read => tables
                .get(&id.to_string())
                .map(|ty| Hole::Table(ty.clone())),
            TokenTree::Literal(_) if after("rule") => Some(Hole::Rule),
            TokenTree::Literal(_) if after("dir") => Some(Hole::Dir),
            TokenTree::Literal(l) => bound_type(&tokens[..i])
                .map(|(n, ty)| Hole::Bound(n, ty))
                .or_else(|| {
                    free.then(|| number(l, &tokens[..i], place, tokens.len()))
                        .flatten()
                }),
            _ => None,
        };
        match (hole, t) {
            (None, TokenTree::Group(g)) => {
                each(
                    None,
                    &TokenTree::Ident(format_ident!("group_{}", delimiter(g.delimiter()))),
                );
                let inner_place = Place {
                    fixed: place.fixed || in_item || punct(before, '!'),
                    indexed: match before.map(|b| &tokens[b]) {
                        Some(TokenTree::Ident(id))
                            if g.delimiter() == Delimiter::Bracket
                                && !KEYWORDS.contains(&id.to_string().as_str()) =>
                        {
                            Some(id.to_string())
                        }
                        _ => None,
                    },
                    bound_to: tuple_bound(&tokens[..i], g),
                };
                let inner = walk_in(g.stream(), &inner_place, tables, each);
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

/// The names `let (a, b) = (..)` binds the tuple `group` to, where
/// `before` ends with `let (a, b) =`.
fn tuple_bound(before: &[TokenTree], group: &Group) -> Vec<String> {
    let [.., TokenTree::Ident(l), TokenTree::Group(names), TokenTree::Punct(eq)] = before else {
        return Vec::new();
    };
    if l != "let" || eq.as_char() != '=' || group.delimiter() != Delimiter::Parenthesis {
        return Vec::new();
    }
    names
        .stream()
        .into_iter()
        .filter_map(|t| match t {
            TokenTree::Ident(id) => Some(id.to_string()),
            _ => None,
        })
        .collect()
}

/// Keywords a bracket may follow without being an index (`in [1, 2]`).
const KEYWORDS: [&str; 6] = ["in", "return", "break", "else", "match", "mut"];

const INTEGERS: [&str; 12] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// The hole of an integer literal whose type is known where it stands:
/// its suffix's, or `usize` where it is an index alone in its brackets.
fn number(
    l: &proc_macro2::Literal,
    before: &[TokenTree],
    place: &Place,
    len: usize,
) -> Option<Hole> {
    let text = l.to_string();
    if !text.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if let Some(ty) = INTEGERS.iter().find(|ty| text.ends_with(*ty)) {
        // Named after the `let` it is bound by, its place in a tuple bound
        // by one, or what it does.
        let element = before
            .iter()
            .filter(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
            .count();
        let name = match before {
            [.., TokenTree::Ident(l), TokenTree::Ident(name), TokenTree::Punct(eq)]
                if l == "let" && eq.as_char() == '=' =>
            {
                return Some(Hole::Number((*ty).to_owned(), name.to_string(), true));
            }
            _ if !place.bound_to.is_empty() => match place.bound_to.get(element) {
                Some(name) => return Some(Hole::Number((*ty).to_owned(), name.clone(), true)),
                None => "value".to_owned(),
            },
            [.., TokenTree::Punct(eq), TokenTree::Punct(gt)]
                if eq.as_char() == '=' && gt.as_char() == '>' =>
            {
                "entry".to_owned()
            }
            [.., TokenTree::Punct(and)] if and.as_char() == '&' => "mask".to_owned(),
            _ => "value".to_owned(),
        };
        return Some(Hole::Number((*ty).to_owned(), name, false));
    }
    let digits = text.chars().all(|c| c.is_ascii_digit() || c == '_');
    match &place.indexed {
        Some(name) if digits && len == 1 => Some(Hole::Number(
            "usize".to_owned(),
            // A table's index (`PLAYER_REGIONS[2]`) names a variable.
            format!("{}_index", name.to_lowercase()),
            false,
        )),
        _ => None,
    }
}

/// A hole as it stands in a shape's key: a table by its type with its
/// lengths left out (tables of other lengths are passed with the lengths
/// as const parameters); a number by its type.
fn hole_key(hole: &Hole) -> String {
    match hole {
        Hole::Table(ty) => format!("<table {}>", lengths_blanked(ty)),
        Hole::Number(ty, ..) => format!("<number {ty}>"),
        other => format!("<{other:?}>"),
    }
}

/// A type's text with each number as `#`.
fn lengths_blanked(ty: &str) -> String {
    numbers_of(ty).0
}

/// A type's text with each number (an array's length) as `#`, and the
/// numbers in order.
fn numbers_of(ty: &str) -> (String, Vec<String>) {
    let mut text = String::new();
    let mut numbers = Vec::new();
    let mut chars = ty.chars().peekable();
    let mut previous = ' ';
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() && !(previous.is_alphanumeric() || previous == '_') {
            let mut number = c.to_string();
            while let Some(&d) = chars.peek() {
                if !(d.is_alphanumeric() || d == '_') {
                    break;
                }
                number.push(d);
                chars.next();
            }
            text.push('#');
            numbers.push(number);
            previous = '0';
        } else {
            text.push(c);
            previous = c;
        }
    }
    (text, numbers)
}

/// The name and type of `let NAME: TYPE =` just before a literal, where
/// the type is a plain integer type.
fn bound_type(before: &[TokenTree]) -> Option<(String, String)> {
    let [.., TokenTree::Ident(l), TokenTree::Ident(name), TokenTree::Punct(colon), TokenTree::Ident(ty), TokenTree::Punct(eq)] =
        before
    else {
        return None;
    };
    (l == "let"
        && colon.as_char() == ':'
        && eq.as_char() == '='
        && INTEGERS.contains(&ty.to_string().as_str()))
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
                let bound = matches!(hole, Hole::Bound(..) | Hole::Number(_, _, true));
                let shape = shapes[0];
                let free = |name: &str| name_free(name, shape, shape.positions[h], bound);
                let name = param_name(&hole, &values, &params, &free);
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
    SelfBindings.visit_block_mut(&mut method.block);
    method.sig.ident = name;
    for (values, hole, ident) in &params {
        let ty: TokenStream = match hole {
            Hole::Table(_) => {
                let ty = table_type(values, ident, tables, &mut method.sig.generics)?;
                quote!(&'static #ty)
            }
            Hole::Rule => quote!(u16),
            Hole::Dir => quote!(u8),
            Hole::Bound(_, ty) | Hole::Number(ty, ..) => ty.parse().ok()?,
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
    // The copies' own documentation, where it differs (a rule's text for
    // each player), follows, each under its name.
    let doc_text = |f: &ImplItemFn| -> Vec<String> {
        f.attrs
            .iter()
            .filter(|a| a.path().is_ident("doc"))
            .filter_map(|a| match &a.meta {
                syn::Meta::NameValue(nv) => match &nv.value {
                    Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(text),
                        ..
                    }) => Some(text.value()),
                    _ => None,
                },
                _ => None,
            })
            .collect()
    };
    let texts: Vec<Vec<String>> = fns.iter().map(|f| doc_text(f)).collect();
    if texts.iter().all(|t| *t == texts[0]) {
        method.attrs = docs;
        method.attrs.push(syn::parse_quote!(#[doc = #doc]));
    } else {
        method.attrs.push(syn::parse_quote!(#[doc = #doc]));
        for (f, text) in fns.iter().zip(&texts) {
            let line = format!(" - `{}`: {}", f.sig.ident, text.join(" ").trim());
            method.attrs.push(syn::parse_quote!(#[doc = #line]));
        }
    }
    method.attrs.extend(others);
    let arguments = (0..fns.len())
        .map(|copy| {
            params
                .iter()
                .map(|(values, hole, _)| {
                    let v: TokenStream = values[copy].parse().expect("a token");
                    match hole {
                        Hole::Table(_) => quote!(&#v),
                        Hole::Rule | Hole::Dir | Hole::Bound(..) | Hole::Number(..) => v,
                    }
                })
                .collect()
        })
        .collect();
    Some((method, arguments))
}

/// The type of the tables `values` passed as `param`: their own where
/// they have one, else theirs with each length that differs a const
/// parameter of the method (`RADIALS_LEN`), which each call infers.
fn table_type(
    values: &[String],
    param: &Ident,
    tables: &HashMap<String, String>,
    generics: &mut syn::Generics,
) -> Option<TokenStream> {
    let types: Vec<(String, Vec<String>)> = values
        .iter()
        .map(|v| tables.get(v).map(|ty| numbers_of(ty)))
        .collect::<Option<_>>()?;
    let (blank, first) = &types[0];
    if types
        .iter()
        .any(|(b, n)| b != blank || n.len() != first.len())
    {
        return None;
    }
    let mut pieces = blank.split('#');
    let mut text = pieces.next()?.to_owned();
    let mut lengths = 0;
    for (k, piece) in pieces.enumerate() {
        if types.iter().all(|(_, n)| n[k] == first[k]) {
            text.push_str(&first[k]);
        } else {
            lengths += 1;
            let name = if lengths == 1 {
                format!("{}_LEN", param.to_string().to_uppercase())
            } else {
                format!("{}_LEN_{lengths}", param.to_string().to_uppercase())
            };
            let id = format_ident!("{}", name);
            generics.params.push(syn::parse_quote!(const #id: usize));
            text.push_str(&name);
        }
        text.push_str(piece);
    }
    text.parse().ok()
}

/// A parameter's name: `rule_number`, `dir_number`, or the tables' common
/// stem (`radials`), numbered where several share it.
fn param_name(
    hole: &Hole,
    values: &[String],
    taken: &[(Vec<String>, Hole, Ident)],
    free: &dyn Fn(&str) -> bool,
) -> Ident {
    let stem = match hole {
        Hole::Rule => "rule_number".to_owned(),
        Hole::Dir => "dir_number".to_owned(),
        Hole::Bound(name, _) | Hole::Number(_, name, _) => name.clone(),
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
    let taken: Vec<String> = taken.iter().map(|(_, _, p)| p.to_string()).collect();
    let same = taken
        .iter()
        .filter(|p| **p == stem || p.starts_with(&format!("{stem}_")))
        .count();
    let first = if same == 0 {
        stem.clone()
    } else {
        format!("{stem}_{}", same + 1)
    };
    // A name the code binds itself would shadow the parameter.
    let name = std::iter::once(first)
        .chain((1..).map(|k| match k {
            1 => format!("{stem}_arg"),
            k => format!("{stem}_arg_{k}"),
        }))
        .find(|n| free(n) && !taken.contains(n))
        .expect("names without end");
    format_ident!("{}", name)
}

/// Whether a parameter for the hole at `at` (a place in `shape.key`) may
/// be called `name`: the signature has no such name, and the body names it
/// nowhere, or, where a `let` binds the hole to `name`, only from that
/// `let` on.
fn name_free(name: &str, shape: &Shape, at: usize, bound: bool) -> bool {
    if shape.signature.iter().any(|n| n == name) {
        return false;
    }
    shape.key.iter().enumerate().skip(shape.body).all(|(j, t)| {
        t != name || (bound && (j > at || !shape.key[j..at].iter().any(|t| t == ";")))
    })
}

/// Removes the `let`s that bind names to themselves (`let min = min;`,
/// `let (a, b) = (a, b);`): a merged method's parameters are named after
/// the `let`s that bound their values.
struct SelfBindings;

impl VisitMut for SelfBindings {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain(|stmt| {
            let syn::Stmt::Local(local) = stmt else {
                return true;
            };
            let Some(init) = &local.init else {
                return true;
            };
            let pat = match &local.pat {
                syn::Pat::Type(t) => &*t.pat,
                pat => pat,
            };
            init.diverge.is_some()
                || pat.to_token_stream().to_string() != init.expr.to_token_stream().to_string()
        });
        visit_mut::visit_block_mut(self, block);
        // A block left with its value alone (`{ a >= need }`) is the value.
        if let Some(syn::Stmt::Expr(Expr::Block(inner), None)) = block.stmts.last_mut() {
            if let ([syn::Stmt::Expr(value, None)], None, true) = (
                inner.block.stmts.as_slice(),
                &inner.label,
                inner.attrs.is_empty(),
            ) {
                let value = value.clone();
                *block.stmts.last_mut().expect("a last statement") = syn::Stmt::Expr(value, None);
            }
        }
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

    #[test]
    fn typed_numbers_and_sole_indices_become_arguments_named_for_their_lets() {
        let code = merged(
            r#"
            impl G {
                fn end_rule_1(&self, s: &State) -> bool {
                    let (min, max) = (3i64, 3i64);
                    let n = s.owned[1].count() as i64;
                    n >= min && n <= max && s.what[0] == 5
                }
                fn end_rule_2(&self, s: &State) -> bool {
                    let (min, max) = (2i64, 4i64);
                    let n = s.owned[2].count() as i64;
                    n >= min && n <= max && s.what[0] == 5
                }
                fn ended(&self, s: &State) -> bool {
                    self.end_rule_1(s) || self.end_rule_2(s)
                }
            }"#,
        );
        assert!(
            code.contains(
                "fn end_rule (& self , s : & State , min : i64 , max : i64 , owned_index : usize)"
            ),
            "{code}"
        );
        // The `let` that bound them is gone; the untyped 5 stays.
        assert!(!code.contains("let (min , max)"), "{code}");
        assert!(code.contains("s . what [0] == 5"), "{code}");
        assert!(
            code.contains(
                "self . end_rule (s , 3i64 , 3i64 , 1) || self . end_rule (s , 2i64 , 4i64 , 2)"
            ),
            "{code}"
        );
    }

    #[test]
    fn numbers_in_patterns_and_nested_items_keep_methods_apart() {
        let code = merged(
            r#"
            impl G {
                fn pick_1(&self, n: i64) -> i64 {
                    let k = n;
                    match k { 1i64 => 2, _ => 3 }
                }
                fn pick_2(&self, n: i64) -> i64 {
                    let k = n;
                    match k { 2i64 => 2, _ => 3 }
                }
                fn table_1(&self, n: usize) -> u8 {
                    const T: [u8; 2] = [1u8, 2u8];
                    T[n]
                }
                fn table_2(&self, n: usize) -> u8 {
                    const T: [u8; 2] = [1u8, 3u8];
                    T[n]
                }
            }"#,
        );
        for name in ["pick_1", "pick_2", "table_1", "table_2"] {
            assert!(code.contains(&format!("fn {name}")), "{code}");
        }
    }

    #[test]
    fn tables_of_other_lengths_are_passed_with_their_lengths_as_const_parameters() {
        let code = merged(
            r#"
            static WINDOWS_3: [[u64; 2]; 9] = [[0; 2]; 9];
            static WINDOWS_4: [[u64; 3]; 9] = [[0; 3]; 9];
            impl G {
                fn is_line_3(&self, at: usize, mine: u64) -> bool {
                    let x = mine;
                    WINDOWS_3[at].iter().any(|&w| x & w == w)
                }
                fn is_line_4(&self, at: usize, mine: u64) -> bool {
                    let x = mine;
                    WINDOWS_4[at].iter().any(|&w| x & w == w)
                }
            }"#,
        );
        assert!(code.contains("const WINDOWS_LEN : usize"), "{code}");
        assert!(
            code.contains("windows : & 'static [[u64 ; WINDOWS_LEN] ; 9]")
                || code.contains("windows : &'static [[u64 ; WINDOWS_LEN] ; 9]"),
            "{code}"
        );
    }

    #[test]
    fn a_parameter_is_not_named_as_a_binding_it_would_be_shadowed_by() {
        let code = merged(
            r#"
            impl G {
                fn mask_1(&self, t: u32) -> bool {
                    let mask = t + 1;
                    (t & 63u32) == mask
                }
                fn mask_2(&self, t: u32) -> bool {
                    let mask = t + 1;
                    (t & 7u32) == mask
                }
            }"#,
        );
        assert!(code.contains("mask_arg : u32"), "{code}");
        assert!(code.contains("(t & mask_arg) == mask"), "{code}");
    }

    #[test]
    fn arms_calling_one_merged_method_alike_become_one_arm() {
        let code = merged(
            r#"
            static A: [u16; 1] = [1];
            static B: [u16; 1] = [2];
            impl G {
                fn queen1(&self, t: u16) -> u16 {
                    let x = A[0];
                    x + t
                }
                fn queen2(&self, t: u16) -> u16 {
                    let x = B[0];
                    x + t
                }
                fn play(&self, what: u8) -> u16 {
                    match what {
                        1 => self.queen1(0),
                        2 => self.queen2(0),
                        3 => self.queen1(0),
                        _ => 0,
                    }
                }
            }"#,
        );
        // Arms 1 and 3 call the merged method alike but are not neighbours,
        // and arm 2 passes another table: only equal neighbours join.
        assert!(code.contains("1 => self . queen (0 , & A)"), "{code}");
        assert!(!code.contains("2 | 3"), "{code}");
        let code = merged(
            r#"
            static A: [u16; 1] = [1];
            static B: [u16; 1] = [2];
            impl G {
                fn queen1(&self, t: u16) -> u16 {
                    let x = A[0];
                    x + t
                }
                fn queen2(&self, t: u16) -> u16 {
                    let x = B[0];
                    x + t
                }
                fn play(&self, what: u8) -> u16 {
                    match what {
                        1 => self.queen1(0),
                        2 => self.queen1(0),
                        3 => self.queen2(1),
                        _ => 0,
                    }
                }
            }"#,
        );
        assert!(code.contains("1 | 2 => self . queen (0 , & A)"), "{code}");
    }
}
