//! Compiles two games of the repository's `games/` to `$OUT_DIR`:
//! Tic-Tac-Toe (`tic_tac_toe.rs`) and Hex on a 9x9 board (`hex9.rs`).

fn main() {
    let written = ludemic_compiler::build::Config::new()
        .game("../../games/tic-tac-toe.lud")
        .game_with_options("../../games/hex.lud", "hex9", &["Board Size/9x9"])
        .defs("../../games/def")
        .runtime_path("::ludemic::runtime")
        .compile()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written.len(), 2);
}
