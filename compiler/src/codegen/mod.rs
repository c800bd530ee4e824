//! Code generation: the game model becomes a Rust module — bitboard state
//! sized to the board, move generation inlined per rule, end tests
//! specialised per rule, and the playout variant chosen statically — formatted
//! with prettyplease and stamped `@generated` with its source and hash.

mod connectivity;
mod game;
mod moving;
mod rules;
mod tables;
mod tidy;

use sha2::{Digest, Sha256};

use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::ir::GameModel;

/// Switches of the code generator. Every optimisation can be turned off, for
/// a differential test or a speed comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodegenOptions {
    /// The path generated code uses to reach the runtime
    /// (`::ludemic_runtime`, or `::ludemic::runtime` from `include_game!`).
    pub runtime_path: String,
    /// Play "place on any empty site" phases by drawing from a list of empty
    /// sites instead of generating every legal move.
    pub add_to_empty: bool,
    /// Test `(is Line ...)` with precomputed windows of sites on boards of at
    /// most 64 sites (otherwise walk rays from the last placed piece).
    pub line_windows: bool,
    /// Count consecutive passes instead of keeping recent moves, when every
    /// turn is a single move.
    pub pass_counter: bool,
    /// Leave out Ludii's turn and move limit checks when every move fills a
    /// site, so the game provably ends before them.
    pub skip_unreachable_limits: bool,
    /// Keep groups in a union–find updated at each placement for connection
    /// tests, when pieces are only ever placed.
    pub incremental_connectivity: bool,
    /// Keep a player's steps, leaps and one-site hops as bitboard target sets
    /// (pieces shifted by a site difference, masked by the allowed sites),
    /// and draw a playout's move over the sets' sizes without listing moves.
    pub target_sets: bool,
    /// Where the play rules give at most one move per site of a region
    /// (`(move Add (to R))`, `(forEach Site R (append E))`), draw a
    /// playout's move by trying the region's sites in a random order.
    pub sitewise_draw: bool,
    /// Find the sites a plain slide (over empty sites, any distance) or a
    /// shot reaches as bitboards: each ray's mask cut at its first blocker.
    pub slide_masks: bool,
    /// Where every move comes from such bitboards (Amazons' slides and
    /// shots), draw a playout's move by counting them, one draw, and
    /// walking to the drawn one, without listing moves.
    pub counted_draw: bool,
}

impl Default for CodegenOptions {
    fn default() -> Self {
        CodegenOptions {
            runtime_path: "::ludemic_runtime".to_owned(),
            add_to_empty: true,
            line_windows: true,
            pass_counter: true,
            skip_unreachable_limits: true,
            incremental_connectivity: true,
            target_sets: true,
            sitewise_draw: true,
            slide_masks: true,
            counted_draw: true,
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

/// The generated module, parsed and tidied.
fn generate_file(model: &GameModel, options: &CodegenOptions) -> Result<syn::File> {
    check_supported(model)?;
    let tokens = if placement_blocker(model).is_none() {
        game::module(model, &type_name(model), options)
    } else {
        moving::module(model, &type_name(model), options)
    };
    let mut file: syn::File = syn::parse2(tokens).map_err(|e| {
        CompileError::new(
            ErrorKind::Invalid,
            format!("internal error: generated code does not parse: {e}"),
        )
    })?;
    tidy::tidy(&mut file);
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

/// Whether the code generator compiles `model` with its moves kept as
/// target sets (pieces that move, every move a step, leap or one-site hop
/// onto sites chosen without looking at where the piece comes from).
pub fn target_sets_apply(model: &GameModel) -> bool {
    compiled_as_moving(model) && moving::has_target_sets(model)
}

/// Whether the compiled playout of a moving-piece game draws its move by
/// trying the play rules' sites in a random order (the target sets aside).
pub fn sitewise_draw_applies(model: &GameModel) -> bool {
    compiled_as_moving(model) && !moving::has_target_sets(model) && moving::has_sitewise_draw(model)
}

/// Whether the compiled playout of a moving-piece game counts its moves'
/// bitboard reaches and walks to the drawn one (the other draws aside).
pub fn counted_draw_applies(model: &GameModel) -> bool {
    compiled_as_moving(model)
        && !moving::has_target_sets(model)
        && !moving::has_sitewise_draw(model)
        && moving::has_counted_draw(model)
}

/// Whether the moving-piece generator compiles `model`.
fn compiled_as_moving(model: &GameModel) -> bool {
    placement_blocker(model).is_some() && moving::blocker(model).is_none()
}

/// The limits of the state layout.
fn check_supported(model: &GameModel) -> Result<()> {
    if placement_blocker(model).is_some() {
        // Pieces move: the moving-piece generator takes the game, if it can.
        if let Some(what) = moving::blocker(model) {
            return Err(CompileError::new(
                ErrorKind::Unsupported,
                format!("the code generator does not support {what} yet (the interpreter does: `--engine interpreter`)"),
            ));
        }
    }
    if model.components.len() > 255 || model.phases.len() > 255 {
        return Err(CompileError::new(
            ErrorKind::TooLarge,
            "too many pieces or phases for the compiled layout",
        ));
    }
    if placement_blocker(model).is_none() && rules::all_adds(model).len() > 255 {
        return Err(CompileError::new(
            ErrorKind::TooLarge,
            "too many move rules for the compiled layout",
        ));
    }
    Ok(())
}

/// What keeps a model outside the placement subset this generator handles.
fn placement_blocker(model: &GameModel) -> Option<String> {
    use crate::ir::{Cond, Effect, IntExpr, Moves, Region};
    fn int(n: &IntExpr) -> bool {
        matches!(n, IntExpr::Const(_) | IntExpr::CountMoves)
    }
    fn cond(c: &Cond) -> bool {
        match c {
            Cond::True | Cond::False | Cond::Line(_) | Cond::Connected(_) | Cond::Loop(_) => true,
            Cond::Not(c) => cond(c),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().all(cond),
            Cond::Even(n) | Cond::Odd(n) => int(n),
            _ => false,
        }
    }
    fn region(r: &Region) -> bool {
        match r {
            Region::Empty | Region::Static(_) => true,
            Region::Union(parts) => parts.iter().all(region),
            Region::Winning { moves: m, .. } => moves(m),
            _ => false,
        }
    }
    fn effect(e: &Effect) -> bool {
        match e {
            Effect::MoveAgain => true,
            Effect::If {
                condition,
                then,
                otherwise,
            } => cond(condition) && effect(then) && otherwise.as_deref().is_none_or(effect),
            Effect::Seq(list) => list.iter().all(effect),
            _ => false,
        }
    }
    fn moves(m: &Moves) -> bool {
        match m {
            Moves::Add(a) => {
                matches!(
                    a.piece,
                    crate::ir::PieceRef::Mover | crate::ir::PieceRef::Component(_)
                ) && region(&a.to)
                    && a.to_if.as_ref().is_none_or(cond)
                    && a.then.as_ref().is_none_or(effect)
            }
            Moves::Priority(list) | Moves::Or(list) => list.iter().all(moves),
            _ => false,
        }
    }
    if !model.start.is_empty() {
        return Some("start rules (moving-piece games)".to_owned());
    }
    let plain_add =
        |a: &&crate::ir::Add| a.site_type == model.board.site_type && !a.stack && a.state.is_none();
    if model.stacking || !rules::all_adds(model).iter().all(plain_add) {
        return Some("stacks, piece states or other site types".to_owned());
    }
    for phase in &model.phases {
        if !moves(&phase.play) {
            return Some(format!("the move rules of `{}`", phase.text));
        }
        let conds = phase.next.iter().filter_map(|n| n.condition.as_ref());
        if !conds
            .chain(phase.end.iter().map(|e| &e.condition))
            .all(cond)
        {
            return Some("these end or phase conditions".to_owned());
        }
    }
    if !model.end.iter().all(|e| cond(&e.condition)) {
        return Some("these end conditions".to_owned());
    }
    None
}
