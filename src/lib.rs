//! ludemic: Ludii games compiled to Rust. Re-exports the runtime.
//!
//! Two ways to compile a game into your crate (see `docs/using-ludemic.md`):
//!
//! - [`include_game!`] compiles a `.lud` file at macro-expansion time:
//!   `ludemic::include_game!("games/hex.lud");` gives `pub mod hex`.
//! - From a build script, [`build::Config`] (`ludemic_compiler::build`)
//!   writes each game to `$OUT_DIR/<name>.rs`, and [`include_generated!`]
//!   pulls it in: `ludemic::include_generated!(hex);`.
//!
//! Either way the generated code reaches the runtime as `::ludemic::runtime`,
//! so `ludemic` is the only dependency a crate needs.

pub use ludemic_runtime as runtime;
pub use ludemic_runtime::*;

pub use ludemic_macros::include_game;

/// Build-time compilation for `build.rs` (a re-export of
/// `ludemic_compiler::build`): `ludemic::build::Config::new().game("games/hex.lud").compile()`.
/// Needs `ludemic` as a build dependency; a build script may equally depend on
/// `ludemic-compiler` alone.
pub use ludemic_compiler::build;

/// Includes modules written by [`build::Config::compile`] in a build script:
/// `include_generated!(hex)` expands to
/// `pub mod hex { include!(concat!(env!("OUT_DIR"), "/hex.rs")); }`.
///
/// Several names may be given at once: `include_generated!(tic_tac_toe, hex9);`.
/// The module name is the name the game was compiled under (its file stem in
/// snake case, or the name given to `game_with_options`).
///
/// ```ignore
/// ludemic::include_generated!(tic_tac_toe, hex9);
///
/// use ludemic::Game;
/// let game = tic_tac_toe::TicTacToe;
/// let state = game.initial_state();
/// ```
#[macro_export]
macro_rules! include_generated {
    ($($name:ident),+ $(,)?) => {
        $(
            #[allow(dead_code)]
            pub mod $name {
                ::core::include!(::core::concat!(
                    ::core::env!("OUT_DIR"),
                    "/",
                    ::core::stringify!($name),
                    ".rs"
                ));
            }
        )+
    };
}
