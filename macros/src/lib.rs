//! `include_game!`: compiles a Ludii `.lud` game description to Rust at
//! macro-expansion time. A thin macro over `ludemic-compiler`, as
//! `pest_derive` is over `pest_generator`: it parses its input, runs the
//! compiler and returns the generated module. Use it through the `ludemic`
//! crate (`ludemic::include_game!`), whose runtime the generated code names
//! as `::ludemic::runtime`.
//!
//! ```ignore
//! ludemic::include_game!("games/hex.lud");
//! ludemic::include_game!(
//!     "games/hex.lud",
//!     options = ["Board Size/9x9"],
//!     defs = ["more/defs"],
//!     name = hex9,
//! );
//! // hex::Hex and hex9::Hex implement ludemic::Game.
//! ```

use std::path::{Path, PathBuf};

use ludemic_compiler::build::module_name;
use ludemic_compiler::codegen::{generate_tokens, type_name, CodegenOptions};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Ident, LitStr, Token};

/// The path generated code uses to reach the runtime.
const RUNTIME_PATH: &str = "::ludemic::runtime";

/// Set (to a directory) in place of `CARGO_MANIFEST_DIR`, for test harnesses
/// such as trybuild that build the calling code from another manifest.
const MANIFEST_DIR_OVERRIDE: &str = "LUDEMIC_MANIFEST_DIR_OVERRIDE";

/// Compiles a Ludii game description into a module of Rust items.
///
/// ```ignore
/// ludemic::include_game!("games/hex.lud");                 // pub mod hex { pub struct Hex; ... }
/// ludemic::include_game!("games/hex.lud",
///     options = ["Board Size/9x9"],   // "Heading/Item" choices; other categories take their default
///     defs = ["vendor/ludii/def"],    // more define directories
///     ruleset = "Standard",           // a ruleset of the game, by name
///     name = hex9,                    // the module's name (default: the file stem in snake case)
/// );
/// ```
///
/// Paths are relative to the calling crate's directory (`CARGO_MANIFEST_DIR`).
/// Defines are looked up in the crate's `games/def` directory, if it exists,
/// then in each `defs` directory. The module holds the generated game (a
/// unit struct named after the game, e.g. `Hex`, implementing
/// `ludemic::Game`, with its `State`, `Move` and `Board` types), and a hidden
/// `include_str!` of every file read so that cargo rebuilds when one changes.
///
/// Any failure (a missing file, a syntax error, an unsupported ludeme, an
/// unknown option) is a compile error at the path argument, naming the file,
/// line and column.
#[proc_macro]
pub fn include_game(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let manifest_dir = std::env::var_os(MANIFEST_DIR_OVERRIDE)
        .or_else(|| std::env::var_os("CARGO_MANIFEST_DIR"))
        .map(PathBuf::from);
    expand(input.into(), manifest_dir.as_deref()).into()
}

/// The macro's work, on `proc_macro2` tokens (so it can be unit-tested).
fn expand(input: TokenStream, manifest_dir: Option<&Path>) -> TokenStream {
    let input = match syn::parse2::<Input>(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let Some(manifest_dir) = manifest_dir else {
        return error(
            input.path.span(),
            "CARGO_MANIFEST_DIR is not set: include_game! reads paths relative to the crate's directory, so build with cargo",
        );
    };
    // The compiler is not expected to panic; if it does, report it as an error all the same.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        compile(&input, manifest_dir)
    }));
    match result {
        Ok(Ok(tokens)) => tokens,
        Ok(Err(e)) => e.to_compile_error(),
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("unknown panic");
            error(
                input.path.span(),
                &format!(
                    "internal error in ludemic while compiling {}: {what}",
                    input.path.value()
                ),
            )
        }
    }
}

fn error(span: Span, message: &str) -> TokenStream {
    syn::Error::new(span, message).to_compile_error()
}

/// `"path" (, key = value)* ,?`
struct Input {
    path: LitStr,
    options: Vec<LitStr>,
    defs: Vec<LitStr>,
    ruleset: Option<LitStr>,
    name: Option<Ident>,
}

impl Parse for Input {
    fn parse(stream: ParseStream) -> syn::Result<Self> {
        if stream.is_empty() {
            return Err(
                stream.error("expected the path of a .lud file: include_game!(\"games/hex.lud\")")
            );
        }
        let path: LitStr = stream.parse()?;
        let mut input = Input {
            path,
            options: Vec::new(),
            defs: Vec::new(),
            ruleset: None,
            name: None,
        };
        let mut seen: Vec<String> = Vec::new();
        while !stream.is_empty() {
            stream.parse::<Token![,]>()?;
            if stream.is_empty() {
                break;
            }
            let key: Ident = stream.parse()?;
            let key_name = key.to_string();
            if seen.contains(&key_name) {
                return Err(syn::Error::new(
                    key.span(),
                    format!("`{key_name}` is given twice"),
                ));
            }
            stream.parse::<Token![=]>()?;
            match key_name.as_str() {
                "options" => input.options = string_list(stream)?,
                "defs" => input.defs = string_list(stream)?,
                "ruleset" => input.ruleset = Some(stream.parse()?),
                "name" => input.name = Some(stream.parse()?),
                _ => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!(
                            "unknown argument `{key_name}`: expected `options`, `defs`, `ruleset` or `name`"
                        ),
                    ))
                }
            }
            seen.push(key_name);
        }
        Ok(input)
    }
}

/// `["a", "b"]`
fn string_list(stream: ParseStream) -> syn::Result<Vec<LitStr>> {
    let content;
    syn::bracketed!(content in stream);
    let items = Punctuated::<LitStr, Token![,]>::parse_terminated(&content)?;
    Ok(items.into_iter().collect())
}

/// A compile error as `file:line:col: message`, with its help on the lines after.
fn message(e: &ludemic_compiler::CompileError) -> String {
    match &e.help {
        Some(help) => format!("{e}\nhelp: {help}"),
        None => e.to_string(),
    }
}

/// Runs the compiler and builds the module.
fn compile(input: &Input, manifest_dir: &Path) -> syn::Result<TokenStream> {
    let span = input.path.span();
    let relative = input.path.value();
    let path = manifest_dir.join(&relative);
    // Messages name files relative to the crate, as the user wrote them.
    let prefix = format!("{}{}", manifest_dir.display(), std::path::MAIN_SEPARATOR);
    let relativise = |message: String| message.replace(&prefix, "");

    if !path.is_file() {
        return Err(syn::Error::new(
            span,
            format!(
                "cannot find game file `{relative}` (paths are relative to the crate's directory, where its Cargo.toml is)"
            ),
        ));
    }

    let mut def_dirs = Vec::new();
    let own_defs = manifest_dir.join("games").join("def");
    if own_defs.is_dir() {
        def_dirs.push(own_defs);
    }
    for dir in &input.defs {
        let full = manifest_dir.join(dir.value());
        if !full.is_dir() {
            return Err(syn::Error::new(
                dir.span(),
                format!(
                    "define directory `{}` is not a directory (paths are relative to the crate's directory)",
                    dir.value()
                ),
            ));
        }
        def_dirs.push(full);
    }
    let config = ludemic_compiler::Config {
        def_dirs,
        options: input.options.iter().map(LitStr::value).collect(),
        ruleset: input.ruleset.as_ref().map(LitStr::value),
        ai_dirs: Vec::new(),
    };

    let loaded = ludemic_compiler::load(&path, &config)
        .map_err(|e| syn::Error::new(span, relativise(message(&e))))?;
    let options = CodegenOptions {
        runtime_path: RUNTIME_PATH.to_owned(),
        ..CodegenOptions::default()
    };
    let items = generate_tokens(&loaded.model, &options)
        .map_err(|e| syn::Error::new(span, format!("{relative}: {}", relativise(e.to_string()))))?;

    let name = match &input.name {
        Some(name) => name.clone(),
        None => {
            let name = module_name(Path::new(&relative));
            syn::parse_str::<Ident>(&name)
                .map(|mut ident| {
                    ident.set_span(span);
                    ident
                })
                .map_err(|_| {
                    syn::Error::new(
                        span,
                        format!("`{name}` (from the file name) is not a module name: give one with `name = ...`"),
                    )
                })?
        }
    };

    let mut files = Vec::new();
    for file in loaded.expanded.sources.paths() {
        let Some(file) = file.to_str() else {
            return Err(syn::Error::new(
                span,
                format!(
                    "{} is not a UTF-8 path",
                    relativise(file.display().to_string())
                ),
            ));
        };
        if !files.contains(&file) {
            files.push(file);
        }
    }
    let includes = files.iter().map(|file| {
        quote! { const _: &str = ::core::include_str!(#file); }
    });

    let model = &loaded.model;
    let mut doc = format!(
        " `{}`: {} players, {} sites; compiled by ludemic from `{relative}`",
        model.name,
        model.num_players,
        model.board.num_sites()
    );
    if !model.options.is_empty() {
        doc.push_str(&format!(" (options: {})", model.options.join("; ")));
    }
    doc.push_str(&format!(". The game is [`{}`].", type_name(model)));

    Ok(quote! {
        #[doc = #doc]
        #[allow(dead_code)]
        pub mod #name {
            #items
            // Every file read, so that cargo rebuilds this crate when one changes.
            #(#includes)*
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    fn expand_str(input: &str) -> String {
        let tokens: TokenStream = input.parse().unwrap();
        expand(tokens, Some(&root())).to_string()
    }

    #[test]
    fn expands_to_a_module_with_the_game_and_its_files() {
        let out = expand_str(r#""games/tic-tac-toe.lud""#);
        assert!(out.starts_with("# [doc ="), "{out}");
        assert!(out.contains("pub mod tic_tac_toe"), "{out}");
        assert!(out.contains("pub struct TicTacToe"), "{out}");
        assert!(out.contains(":: ludemic :: runtime"), "{out}");
        let lud = root().join("games/tic-tac-toe.lud");
        assert!(
            out.contains(&format!("include_str ! ({:?})", lud.to_str().unwrap())),
            "{out}"
        );
        // Every .def file read is included too.
        assert!(out.contains("PlaceOnEmpty.def"), "{out}");
    }

    #[test]
    fn options_and_name() {
        let out = expand_str(r#""games/hex.lud", options = ["Board Size/5x5"], name = hex5,"#);
        assert!(out.contains("pub mod hex5"), "{out}");
        assert!(out.contains("pub struct Hex"), "{out}");
        assert!(out.contains("NUM_SITES : usize = 25"), "{out}");
        assert!(out.contains("Board Size/5x5"), "{out}");
    }

    #[test]
    fn errors_are_compile_errors_naming_the_file() {
        for (input, wanted) in [
            (
                r#""games/nope.lud""#,
                "cannot find game file `games/nope.lud`",
            ),
            (
                r#""games/hex.lud", options = ["Board Size/99x99"]"#,
                "games/hex.lud:",
            ),
            (
                r#""games/hex.lud", colour = "red""#,
                "unknown argument `colour`",
            ),
            (r#""games/hex.lud", ruleset = "Nope""#, "Nope"),
            (
                r#""games/hex.lud", name = hex, name = hex2"#,
                "`name` is given twice",
            ),
            (r#"games"#, "expected string literal"),
            ("", "expected the path of a .lud file"),
            (
                r#""games/hex.lud", defs = ["no/such/dir"]"#,
                "define directory `no/such/dir` is not a directory",
            ),
        ] {
            let out = expand_str(input);
            assert!(out.contains("compile_error"), "{input}: {out}");
            assert!(out.contains(wanted), "{input}: {out}");
            let root = root().display().to_string();
            assert!(!out.contains(&root), "{input}: absolute path in {out}");
        }
    }

    #[test]
    fn missing_manifest_dir_is_an_error() {
        let out = expand(r#""games/hex.lud""#.parse().unwrap(), None).to_string();
        assert!(out.contains("CARGO_MANIFEST_DIR is not set"), "{out}");
    }
}
