//! The generator's state while one game is compiled: the model, the
//! tables and helpers emitted so far, and which sites are bound where code
//! is being generated. The emitters (`moves`, `effects`, `exprs`, ...) are
//! methods on it.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;

use crate::analyse::Analysis;
use crate::ir::GameModel;

use super::extras;
use super::purpose::Purpose;
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
    /// The consequences of a decision run: `decision_to` holds its `to`,
    /// which `(last To afterConsequence:True)` reads until they end.
    pub(super) decision_to: bool,
}

impl Scope {
    /// Whether any site is bound.
    pub(super) fn any(&self) -> bool {
        self.from || self.to || self.to_maybe || self.between || self.site
    }
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
    /// The methods of the pieces' moves (`moves_of_<piece>`), by body.
    pub(super) piece_methods: std::collections::HashMap<String, proc_macro2::Ident>,
    pub(super) scope: Scope,
    /// The component whose rules are being generated (inside `forEach Piece`).
    pub(super) component: Option<usize>,
    /// What the code being generated is for: a listing, a probe, the
    /// threat test..., or move rules generic over their sink.
    pub(super) purpose: Purpose,
    /// Some rule reads `(no Moves Next)`: the probe is needed.
    pub(super) needs_probe: bool,
    /// Numbers the labels of generated blocks, so nested ones differ.
    pub(super) labels: usize,
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
    /// Some consequence moves a count of pieces (the module needs
    /// `move_count`).
    pub(super) uses_move_count: bool,
    /// The sets of allowed sites the counted draw's target sets read
    /// (`empty`, `enemy`...), each named and computed once per draw: its
    /// code, its name.
    pub(super) drawn_sets: Vec<(TokenStream, proc_macro2::Ident)>,
    /// The number each applied move rule's moves carry: the first of the
    /// rules applied by the same code (a define expanded twice, the pieces'
    /// rules under each `(forEach Piece ...)`), so that equal rules render
    /// to equal code, rendered once. A rule it leaves out is never applied
    /// (its moves are only probed, by `(can Move ...)`): its moves carry
    /// `PROBED`. `None` until the rules are numbered (every rule its own).
    pub(super) canonical: Option<std::collections::HashMap<u16, u16>>,
    /// The moves of each Filter playout's `(do ...)`: what its candidates
    /// list untested (`Sink::UNTESTED`).
    pub(super) filter_priors: Vec<&'m crate::ir::Moves>,
    /// The moves a threat test generates read `Next`: the test passes on
    /// Ludii's value of it (the runtime's `Sink::threat_next`).
    pub(super) threat_reads_next: bool,
    /// What the analyses decided: the generator follows it.
    pub(super) analysis: &'m Analysis<'m>,
}

impl<'m> Gen<'m> {
    /// The number the moves of rule `rule` carry (its canonical number,
    /// or `PROBED`).
    pub(super) fn rule_lit(&self, rule: u16) -> TokenStream {
        let n = match &self.canonical {
            None => rule,
            Some(numbers) => match numbers.get(&rule) {
                Some(&n) => n,
                None => return quote::quote!(PROBED),
            },
        };
        let n = proc_macro2::Literal::u16_unsuffixed(n);
        quote::quote!(#n)
    }

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
            piece_methods: Default::default(),
            scope: Scope::default(),
            component: None,
            purpose: Purpose::LISTING,
            needs_probe: false,
            labels: 0,
            uses_actions: false,
            uses_move_to: false,
            uses_promote: false,
            uses_add_on: false,
            uses_move_count: false,
            drawn_sets: Vec::new(),
            canonical: None,
            filter_priors: filter_priors(model, analysis),
            threat_reads_next: analysis.features.threatens
                && model
                    .phases
                    .iter()
                    .any(|p| crate::analyse::threat_probe::probe_reads_next(&p.play)),
            analysis,
        }
    }
}

/// The moves each Filter phase's `(do ...)` tests.
fn filter_priors<'m>(model: &'m GameModel, analysis: &Analysis) -> Vec<&'m crate::ir::Moves> {
    use crate::analyse::filter::{shape, FilterShape};
    model
        .phases
        .iter()
        .zip(&analysis.filter)
        .filter(|(_, &filtered)| filtered)
        .filter_map(|(phase, _)| shape(&phase.play))
        .map(|shape| match shape {
            FilterShape::Do { prior, .. }
            | FilterShape::IfElseDo { prior, .. }
            | FilterShape::DoOrPass { prior, .. } => prior,
        })
        .collect()
}
