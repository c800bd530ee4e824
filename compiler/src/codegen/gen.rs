//! The generator's state while one game is compiled: the model, the
//! tables and helpers emitted so far, and which sites are bound where code
//! is being generated. The emitters (`moves`, `effects`, `exprs`, ...) are
//! methods on it.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;

use crate::analyse::{Analysis, Features};
use crate::ir::GameModel;

use super::extras;
use super::tables::Tables;

/// Which of the move's sites are bound where code is being generated.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Scope {
    pub(super) from: bool,
    pub(super) to: bool,
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
    pub(super) scope: Scope,
    /// The component whose rules are being generated (inside `forEach Piece`).
    pub(super) component: Option<usize>,
    /// Generating the "has any move" probe: `Next` is then plainly the next player.
    pub(super) probe: bool,
    /// Some rule reads `(no Moves Next)`: the probe is needed.
    pub(super) needs_probe: bool,
    /// What the state holds beyond pieces (states, scores, other site types).
    pub(super) features: Features,
    /// Numbers the labels of generated blocks, so nested ones differ.
    pub(super) labels: usize,
    /// Plain slides reach their sites as bitboards (`Switches::slide_masks`).
    pub(super) slide_masks: bool,
    /// `(is Line ...)` reads precomputed windows.
    pub(super) line_windows: bool,
    /// Connection tests read a union–find kept at each placement.
    pub(super) union_find: Option<crate::analyse::connectivity::UnionFind>,
    /// A move may leave its mover to move again: `Next` reads `s.again`.
    pub(super) moves_again: bool,
    /// Custodial lines may be found by bitboard shifts.
    pub(super) custodial_shifts: bool,
}

impl<'m> Gen<'m> {
    /// A generator for `model`, following `analysis`.
    pub(super) fn new(model: &'m GameModel, analysis: &Analysis) -> Self {
        let features = analysis.features.clone();
        let mut tables = Tables::new(&model.board);
        tables.words = extras::words(model, &features);
        Gen {
            model,
            tables,
            helpers: Vec::new(),
            helper_names: BTreeSet::new(),
            scope: Scope::default(),
            component: None,
            probe: false,
            needs_probe: false,
            features,
            labels: 0,
            slide_masks: analysis.slide_masks,
            line_windows: analysis.line_windows,
            union_find: analysis.union_find.clone(),
            moves_again: analysis.moves_again,
            custodial_shifts: analysis.custodial_shifts,
        }
    }
}
