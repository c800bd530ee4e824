//! Ludii's own game files compiled with their options (see `build.rs`).

use ludemic_runtime::PositionView;

/// Something done with a compiled game, whatever its type (a unit type:
/// `Copy`).
pub trait Visitor {
    fn visit<G: PositionView + Copy>(&mut self, game: &G);
}

/// One compiled corpus game: its module, its file under `ludii/lud`, its options.
pub struct Entry {
    pub name: &'static str,
    pub lud: &'static str,
    pub options: &'static [&'static str],
}

include!(concat!(env!("OUT_DIR"), "/registry.rs"));
