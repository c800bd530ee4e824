//! The code ludemic generates for every game in `games/`, checked in so it can
//! be read and reviewed. Each module starts with an `@generated` header naming
//! its source and the source's hash; `tests/generated.rs` fails when a module
//! is stale, and `LUDEMIC_BLESS=1 cargo test --test generated` regenerates them.
//! They are kept exactly as prettyplease formats them (`#[rustfmt::skip]`).

#[rustfmt::skip]
pub mod connect6;
#[rustfmt::skip]
pub mod gomoku;
#[rustfmt::skip]
pub mod havannah;
#[rustfmt::skip]
pub mod hex;
#[rustfmt::skip]
pub mod squava;
#[rustfmt::skip]
pub mod tic_tac_toe;
#[rustfmt::skip]
pub mod yavalath;

// The modules are formatted by prettyplease, as generated; rustfmt leaves them alone.

use ludemic_runtime::Game;

/// Something done with a compiled game, whatever its type.
pub trait Visitor {
    type Output;
    fn visit<G: Game>(self, game: &G) -> Self::Output;
}

/// The bundled games: the stem of their file in `games/`.
pub const GAMES: &[&str] = &[
    "connect6",
    "gomoku",
    "havannah",
    "hex",
    "squava",
    "tic-tac-toe",
    "yavalath",
];

/// The games of `games/` the code generator cannot compile yet (moving
/// pieces): they run on the interpreter only. `tests/generated.rs` checks
/// that the generator still refuses each of them, so this list shrinks as
/// the generator grows.
pub const INTERPRETED_ONLY: &[&str] = &[
    "alquerque",
    "amazons",
    "breakthrough",
    "knightthrough",
    "lines-of-action",
    "mu-torere",
    "tant-fant",
    "tron",
    "wolf-and-sheep",
];

/// Runs `visitor` on the compiled game whose file in `games/` has stem `stem`.
pub fn visit<V: Visitor>(stem: &str, visitor: V) -> Option<V::Output> {
    Some(match stem {
        "connect6" => visitor.visit(&connect6::Connect6),
        "gomoku" => visitor.visit(&gomoku::Gomoku),
        "havannah" => visitor.visit(&havannah::Havannah),
        "hex" => visitor.visit(&hex::Hex),
        "squava" => visitor.visit(&squava::Squava),
        "tic-tac-toe" => visitor.visit(&tic_tac_toe::TicTacToe),
        "yavalath" => visitor.visit(&yavalath::Yavalath),
        _ => return None,
    })
}
