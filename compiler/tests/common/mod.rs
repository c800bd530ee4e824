//! Helpers shared by the tests that read Ludii's library
//! (`shared/ludii/`, beside the repository): the board of a library game,
//! lowered on its own.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use ludemic_compiler::board::{Board, Relation};
use ludemic_compiler::expand::{expand_str, DefineLibrary};
use ludemic_compiler::Config;

/// `shared/ludii`, beside the repository.
pub fn ludii_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/ludii")
}

/// The library and a configuration with its defines, or `None` (after
/// saying why) when the shared library is absent.
pub fn library() -> Option<(DefineLibrary, Config)> {
    if !ludii_dir().join("lud/board").exists() {
        eprintln!(
            "skipping: {} not found (shared Ludii library is not part of the repository)",
            ludii_dir().display()
        );
        return None;
    }
    let config = Config {
        def_dirs: vec![ludii_dir().join("def")],
        ..Config::default()
    };
    let library = DefineLibrary::load(&config.def_dirs).unwrap();
    Some((library, config))
}

/// The first balanced `(...)` of `text` starting at byte `start`.
pub fn form_at(text: &str, start: usize) -> &str {
    let mut depth = 0;
    for (k, c) in text[start..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return &text[start..=start + k];
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced form at {start}")
}

/// The board of a library game (`file` under `lud/board/`): its
/// `(board SHAPE ... use:TYPE)` after options and defines are expanded,
/// lowered on its own (without the game's tracks or rules). `None` when
/// the game has no such board; the lowering error when it is refused.
pub fn try_library_board(
    library: &DefineLibrary,
    config: &Config,
    file: &str,
) -> Option<Result<Board, String>> {
    let path = ludii_dir().join("lud/board").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let expanded = expand_str(&path, &text, library, &config.selection()).ok()?;
    let full = expanded.text.as_str();
    let at = ["(board ", "(board\n", "(board\t"]
        .iter()
        .filter_map(|p| full.find(p))
        .min()?;
    let board = form_at(full, at);
    let shape = form_at(board, board[1..].find('(')? + 1);
    let rest = &board[board.find(shape)? + shape.len()..];
    let use_type = ["use:Vertex", "use:Cell", "use:Edge"]
        .into_iter()
        .find(|u| rest.contains(u))
        .unwrap_or("");
    Some(lower_board(
        library,
        config,
        &path,
        &format!("{shape} {use_type}"),
    ))
}

/// `(board BOARD)` in a minimal game, lowered.
pub fn lower_board(
    library: &DefineLibrary,
    config: &Config,
    path: &Path,
    board: &str,
) -> Result<Board, String> {
    let game = format!(
        "(game \"Board\" (players 2) (equipment {{ (board {board}) \
         (piece \"Disc\" Each) }}) (rules (play (forEach Piece)) \
         (end (if (no Moves Next) (result Mover Win)))))"
    );
    let expanded =
        expand_str(path, &game, library, &config.selection()).map_err(|e| e.to_string())?;
    ludemic_compiler::lower::lower(&expanded)
        .map(|model| model.board)
        .map_err(|e| format!("{board}: {e}"))
}

/// The board of a library game, which must lower.
pub fn library_board(library: &DefineLibrary, config: &Config, file: &str) -> Board {
    match try_library_board(library, config, file) {
        Some(Ok(board)) => board,
        Some(Err(e)) => panic!("{file}: {e}"),
        None => panic!("{file}: no board"),
    }
}

/// Each pair of neighbours once, smaller site first.
pub fn neighbour_pairs(board: &Board, rel: Relation) -> BTreeSet<(u16, u16)> {
    let mut pairs = BTreeSet::new();
    for s in 0..board.num_sites() {
        for &n in board.neighbours(s, rel) {
            pairs.insert((s.min(n as usize) as u16, s.max(n as usize) as u16));
        }
    }
    pairs
}
