//! The games of Ludii's library that the code generator takes, compiled
//! with their default options (see `build.rs` and `games.txt`).

// A `(forEach Piece)` whose rules name one component of several generates a
// one-arm `match` on the piece (Louis XVI); the code is generated, so the
// lint is left to the bundled games' crate, where no such rule occurs.
#![allow(clippy::single_match)]

use ludemic_runtime::Game;

/// Something done with a compiled game, whatever its type.
pub trait Visitor {
    fn visit<G: Game>(&mut self, game: &G);
}

/// One compiled library game: its module and its file under `ludii/lud/board`.
pub struct Entry {
    pub name: &'static str,
    pub lud: &'static str,
}

/// The files `games.txt` lists (blank lines and `#` comments left out),
/// whether or not `../shared` is present.
pub fn listed() -> Vec<&'static str> {
    include_str!("../games.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

include!(concat!(env!("OUT_DIR"), "/registry.rs"));
