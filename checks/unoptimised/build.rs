//! Compiles every game of `games/` with all of the code generator's
//! optimisations switched off, so the plain code paths (flood fills, rays,
//! the recent-moves history, limit checks, per-piece move lists, standard
//! playouts) are built and
//! tested too.

use ludemic_compiler::analyse::Switches;
use ludemic_compiler::codegen::CodegenOptions;

fn main() {
    let plain = CodegenOptions {
        runtime_path: "::ludemic_runtime".to_owned(),
        switches: Switches::none(),
    };
    let mut config = ludemic_compiler::build::Config::new()
        .codegen_options(plain)
        .defs("../../games/def");
    for game in [
        "alquerque",
        "amazons",
        "breakthrough",
        "chess",
        "connect-four",
        "connect6",
        "dai-hasami-shogi",
        "dara",
        "dots-and-boxes",
        "english-draughts",
        "feed-the-ducks",
        "go",
        "gomoku",
        "havannah",
        "hex",
        "hexentafl",
        "hnefatafl",
        "knightthrough",
        "konane",
        "lines-of-action",
        "minishogi",
        "mu-torere",
        "nine-mens-morris",
        "pentalath",
        "reversi",
        "shogi",
        "squava",
        "tant-fant",
        "tic-tac-toe",
        "tron",
        "wolf-and-sheep",
        "yavalath",
        "halma",
        "chinese-checkers",
        "fanorona",
        "surakarta",
        "oware",
        "royal-game-of-ur",
        "senet",
    ] {
        config = config.game(format!("../../games/{game}.lud"));
    }
    config.compile().unwrap_or_else(|e| panic!("{e}"));
}
