//! The generator's state while one game is compiled: the model, the
//! tables and helpers emitted so far, and which sites are bound where code
//! is being generated. The emitters (`moves`, `effects`, `exprs`, ...) are
//! methods on it.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;

use crate::analyse::Analysis;
use crate::ir::GameModel;

use super::extras;
use super::tables::Tables;

/// Which of the move's sites are bound where code is being generated.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Scope {
    pub(super) from: bool,
    pub(super) to: bool,
    /// `to` is a variable that may hold `NO_SITE` (the `(to)` a
    /// `(surround ...)` carries from one target's test to the next).
    pub(super) to_maybe: bool,
    pub(super) between: bool,
    pub(super) site: bool,
}

/// The generator's state while one game is compiled.
pub(super) struct Gen<'m> {
    pub(super) model: &'m GameModel,
    pub(super) tables: Tables<'m>,
    /// Helper functions (line tests...), emitted once each.
    pub(super) helpers: Vec<TokenStream>,
    pub(super) helper_names: BTreeSet<String>,
    /// Helpers shared by identical rules (a define used in several places
    /// expands to the same rule each time): each body's text, and its name.
    pub(super) shared_helpers: std::collections::HashMap<String, proc_macro2::Ident>,
    pub(super) scope: Scope,
    /// The component whose rules are being generated (inside `forEach Piece`).
    pub(super) component: Option<usize>,
    /// Generating the "has any move" probe: `Next` is then plainly the next player.
    pub(super) probe: bool,
    /// Listing the moves in the walk's order (Ludii's): piece by piece,
    /// site by site, as `legal_moves` and the Filter candidates must (a
    /// Filter playout draws its candidate by index, as the interpreter
    /// does; agents break ties by the order). A playout's own listing and
    /// the probes may take all the pieces of a kind at once
    /// (`bitmoves.rs`), in another order.
    pub(super) walk_order: bool,
    /// Some rule reads `(no Moves Next)`: the probe is needed.
    pub(super) needs_probe: bool,
    /// Generating an end rule's condition outside any closure, where `s`
    /// is the `&mut State` being applied: the `(no Moves Next)` probe then
    /// sets `prev` on the state itself and restores it, rather than
    /// probing a copy (a copy of the state a move costs English Draughts
    /// a tenth of its playouts).
    pub(super) state_mut: bool,
    /// Numbers the labels of generated blocks, so nested ones differ.
    pub(super) labels: usize,
    /// Generating the enemy's moves inside `(is Threatened ...)`: a nested
    /// threat test fails, and the threatened owner is `Prev` and `Next`.
    pub(super) threat_probe: bool,
    /// Generating `(can Move ...)` in a game keeping the visited set:
    /// Ludii's `CanMove.eval` visits the last move's `from` and `to` while
    /// it probes (§49, §52).
    pub(super) visiting: bool,
    /// Some `(do ...)` applies a move to a copy: `apply_actions` is emitted
    /// apart from the rest of `apply_move`.
    pub(super) uses_actions: bool,
    /// Some helper asks where a move goes: `move_to` is emitted.
    pub(super) uses_move_to: bool,
    /// Some consequence promotes a piece (the module needs `promote`).
    pub(super) uses_promote: bool,
    /// Some consequence adds a piece where the game counts pieces (the
    /// module needs `add_on`).
    pub(super) uses_add_on: bool,
    /// The sets of allowed sites the counted draw's target sets read
    /// (`empty`, `enemy`...), each named and computed once per draw: its
    /// code, its name.
    pub(super) drawn_sets: Vec<(TokenStream, proc_macro2::Ident)>,
    /// What the analyses decided: the generator follows it.
    pub(super) analysis: &'m Analysis<'m>,
}

impl<'m> Gen<'m> {
    /// A generator for `model`, following `analysis`.
    pub(super) fn new(model: &'m GameModel, analysis: &'m Analysis<'m>) -> Self {
        let mut tables = Tables::new(&model.board);
        tables.words = extras::words(model, &analysis.features);
        Gen {
            model,
            tables,
            helpers: Vec::new(),
            helper_names: BTreeSet::new(),
            shared_helpers: Default::default(),
            scope: Scope::default(),
            component: None,
            probe: false,
            walk_order: false,
            needs_probe: false,
            state_mut: false,
            labels: 0,
            threat_probe: false,
            visiting: false,
            uses_actions: false,
            uses_move_to: false,
            uses_promote: false,
            uses_add_on: false,
            drawn_sets: Vec::new(),
            analysis,
        }
    }
}
