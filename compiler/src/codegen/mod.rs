//! Code generation: the game model becomes a Rust module — bitboard state
//! sized to the board, move generation inlined per rule, end tests
//! specialised per rule, and the playout variant chosen statically — formatted
//! with prettyplease and stamped `@generated` with its source and hash.
//!
//! One generator follows the [`crate::analyse::Analysis`] of the game: the
//! emitters are methods of `gen::Gen` — `exprs` (players, sites,
//! integers, conditions, regions), `moves` (move generation), `effects`
//! (applying each rule), `connection` (groups, rings, winning sites),
//! `stacks`, `extras` (piece states, scores, other site types), `merged`
//! (`append`) — the playout draws (`add_to_empty`, `sets`, `sitewise`,
//! `counted`), the `tables` they read, and `module`, which assembles the
//! file; `tidy` then removes what Rust does not need, `dead_stores` the
//! stores to state fields no rule of the game reads, and `unused` the
//! helpers and imports none of its rules needs.

mod add_to_empty;
mod apply;
mod bitmoves;
mod connection;
mod connection_playout;
mod constructors;
mod counted;
mod dead_stores;
mod dice;
mod directions;
mod effects;
mod exprs;
mod extras;
mod filter;
mod gen;
mod hands;
mod hops;
#[cfg(test)]
mod inline_games;
mod lines;
mod merge_copies;
mod merged;
mod module;
mod move_kinds;
mod moves;
mod next_mover;
mod phases;
mod pieces;
mod playout;
mod promote;
mod purpose;
mod repetition;
mod requirements;
mod rules;
mod sets;
mod sitewise;
mod sow;
mod stacked_lines;
mod stacks;
mod start;
mod swap;
mod tables;
mod territory;
mod tidy;
mod tracks;
mod unused;
mod view;
mod votes;

use sha2::{Digest, Sha256};

use crate::analyse::{analyse, Switches};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::ir::GameModel;
use gen::Gen;

/// Options of the code generator: where generated code finds the runtime,
/// and which specialisations the analyses may choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodegenOptions {
    /// The path generated code uses to reach the runtime
    /// (`::ludemic_runtime`, or `::ludemic::runtime` from `include_game!`).
    pub runtime_path: String,
    /// The specialisations allowed (all by default).
    pub switches: Switches,
}

impl Default for CodegenOptions {
    fn default() -> Self {
        CodegenOptions {
            runtime_path: "::ludemic_runtime".to_owned(),
            switches: Switches::default(),
        }
    }
}

/// Where the generated code came from, for its header.
#[derive(Clone, Debug)]
pub struct SourceInfo {
    /// The path as it should appear in the header (e.g. `games/hex.lud`).
    pub path: String,
    /// The text of the `.lud` file (hashed into the header).
    pub text: String,
}

/// The Rust type name of a game: `Tic-Tac-Toe` → `TicTacToe`.
pub fn type_name(model: &GameModel) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in model.name.chars() {
        if c.is_ascii_alphanumeric() {
            if upper {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c);
            }
            upper = false;
        } else {
            upper = true;
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "Game");
    }
    out
}

/// The generated tokens (unformatted), for `include_game!`.
pub fn generate_tokens(
    model: &GameModel,
    options: &CodegenOptions,
) -> Result<proc_macro2::TokenStream> {
    Ok(quote::ToTokens::into_token_stream(generate_file(
        model, options,
    )?))
}

/// The most tokens a generated module may hold. Tables grow with the board
/// (per site, per direction, per level) and the move rules are emitted
/// once per use (listing, probing, threat tests, `(can Move ...)`): the
/// library's largest compiled games, Minishogi and Shatranj 14x14, take
/// about 65,000 tokens (575 KB of code) and Shogi 130,000; Chu Seireigi's
/// 36 pieces would take a million, minutes of rustc for one game.
const MAX_TOKENS: usize = 200_000;

/// The tokens of `tokens`, groups' contents included; stops counting past
/// `limit`.
fn count_tokens(tokens: &proc_macro2::TokenStream, limit: usize) -> usize {
    let mut n = 0;
    for t in tokens.clone() {
        n += 1;
        if let proc_macro2::TokenTree::Group(g) = &t {
            n += count_tokens(&g.stream(), limit.saturating_sub(n));
        }
        if n > limit {
            break;
        }
    }
    n
}

/// Whether the generator compiles `model` with `options`: the error it
/// would give otherwise (unsupported, or too large), without formatting
/// the module.
pub fn check(model: &GameModel, options: &CodegenOptions) -> Result<()> {
    module_tokens(model, options).map(drop)
}

/// The generated module's tokens, refused when larger than [`MAX_TOKENS`].
fn module_tokens(model: &GameModel, options: &CodegenOptions) -> Result<proc_macro2::TokenStream> {
    check_supported(model)?;
    let analysis = analyse(model, &options.switches);
    let tokens = module::module(model, &analysis, &type_name(model), options);
    // Refused before parsing and formatting (which would take minutes, or
    // gigabytes on a board far beyond the library's), with the interpreter
    // as the way.
    let size = count_tokens(&tokens, MAX_TOKENS);
    if size > MAX_TOKENS {
        return Err(CompileError::new(
            ErrorKind::TooLarge,
            format!(
                "the compiled code of this game ({} sites) would hold more than {MAX_TOKENS} tokens: too large for the compiled layout (the interpreter runs it: `--engine interpreter`)",
                model.board.num_sites()
            ),
        ));
    }
    Ok(tokens)
}

/// The generated module, parsed and tidied.
fn generate_file(model: &GameModel, options: &CodegenOptions) -> Result<syn::File> {
    let tokens = module_tokens(model, options)?;
    let mut file: syn::File = syn::parse2(tokens).map_err(|e| {
        CompileError::new(
            ErrorKind::Invalid,
            format!("internal error: generated code does not parse: {e}"),
        )
    })?;
    tidy::tidy(&mut file);
    dead_stores::remove_unread_stores(&mut file);
    unused::remove_unused(&mut file);
    merge_copies::merge_copies(&mut file);
    constructors::use_constructors(&mut file);
    Ok(file)
}

/// The generated module as formatted Rust source with its `@generated` header.
pub fn generate(
    model: &GameModel,
    source: &SourceInfo,
    options: &CodegenOptions,
) -> Result<String> {
    let file = generate_file(model, options)?;
    let hash = Sha256::digest(source.text.as_bytes());
    let hash: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    let options_line = if model.options.is_empty() {
        String::new()
    } else {
        format!("// options: {}\n", model.options.join("; "))
    };
    Ok(format!(
        "// @generated by ludemic from {} (sha256 {hash}). Do not edit.\n// {}: {} players, {} sites.\n{options_line}\n{}",
        source.path,
        model.name,
        model.num_players,
        model.board.num_sites(),
        prettyplease::unparse(&file)
    ))
}

/// What the code generator cannot compile: a clear error naming it.
fn check_supported(model: &GameModel) -> Result<()> {
    if let Some(what) = crate::analyse::features::blocker(model) {
        return Err(CompileError::new(
            ErrorKind::Unsupported,
            format!("the code generator does not support {what} yet (the interpreter does: `--engine interpreter`)"),
        ));
    }
    if model.components.len() > 255 || model.phases.len() > 255 {
        return Err(CompileError::new(
            ErrorKind::TooLarge,
            "too many pieces or phases for the compiled layout",
        ));
    }
    Ok(())
}
