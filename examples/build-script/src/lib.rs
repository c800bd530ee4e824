//! Games compiled by `build.rs` with `ludemic_compiler::build::Config`, pulled
//! in with `ludemic::include_generated!`.

ludemic::include_generated!(tic_tac_toe, hex9);

pub use hex9::Hex;
pub use tic_tac_toe::TicTacToe;
