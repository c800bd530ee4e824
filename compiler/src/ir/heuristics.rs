//! The heuristics a game model carries (Ludii's `metadata.ai.heuristics`):
//! weighted terms, as `crate::heuristics` reads them from the metadata and
//! evaluates them on a state.

/// A weighted sum of heuristic terms (Ludii's `Heuristics`).
#[derive(Clone, Debug, PartialEq)]
pub struct Heuristics {
    pub terms: Vec<Term>,
    /// Where the terms came from.
    pub origin: Origin,
}

/// Where a game's heuristics came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The `(ai ...)` metadata, through the named define if one was used;
    /// `trained` when read from `trainedHeuristics:`.
    Metadata {
        define: Option<String>,
        trained: bool,
    },
    /// No heuristics in the metadata (or its `_ai` define was not found):
    /// Ludii's agents' default, `material` (weight 1) and `mobilitySimple`
    /// (weight 0.001) (`AlphaBetaSearch.initAI`, `HeuristicSampling.initAI`).
    Default { missing_define: Option<String> },
}

/// One term: its kind, weight and transformation.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    pub kind: TermKind,
    /// `weight:` (1 when absent).
    pub weight: f32,
    pub transformation: Option<Transformation>,
    /// `pieceWeights:{(pair "Name" w) ...}` of the terms that take them;
    /// Ludii's default is one pair `("", 1)`, matching every piece.
    pub piece_weights: Vec<(String, f32)>,
}

/// The terms ludemic evaluates (Ludii's `metadata.ai.heuristics.terms`).
#[derive(Clone, Debug, PartialEq)]
pub enum TermKind {
    /// `(material [boardOnly:B])`.
    Material { board_only: bool },
    /// `(mobilitySimple)`.
    MobilitySimple,
    /// `(lineCompletionHeuristic [targetLength:N])`; `None` asks for
    /// Ludii's automatic length (the longest `is Line` of the end rules).
    LineCompletion { target_length: Option<u32> },
    /// `(centreProximity)`.
    CentreProximity,
    /// `(cornerProximity)`.
    CornerProximity,
    /// `(sidesProximity)`.
    SidesProximity,
    /// `(regionProximity region:N)`: the equipment's N-th region.
    RegionProximity { region: usize },
    /// `(influence)`.
    Influence,
    /// `(score)`.
    Score,
    /// `(nullHeuristic)`.
    Null,
    /// `(mobilityAdvanced)`: the player's legal moves, as if it were the
    /// mover when it is not.
    MobilityAdvanced,
    /// `(influenceAdvanced)`: `influence` as if the player were the mover.
    InfluenceAdvanced,
    /// `(ownRegionsCount)`: pieces on the static regions the player owns.
    OwnRegionsCount,
    /// `(playerRegionsProximity player:P)`: proximity to P's static regions.
    PlayerRegionsProximity { player: u8 },
    /// `(playerSiteMapCount)`: pieces on the sites the maps give the player.
    PlayerSiteMapCount,
    /// `(componentValues [boardOnly:B])`: the weighted values of the
    /// player's pieces.
    ComponentValues { board_only: bool },
    /// `(currentMoverHeuristic)`: 1 for the mover, 0 otherwise.
    CurrentMover,
}

impl TermKind {
    /// Ludii's name of the term.
    pub fn name(&self) -> &'static str {
        match self {
            TermKind::Material { .. } => "material",
            TermKind::MobilitySimple => "mobilitySimple",
            TermKind::LineCompletion { .. } => "lineCompletionHeuristic",
            TermKind::CentreProximity => "centreProximity",
            TermKind::CornerProximity => "cornerProximity",
            TermKind::SidesProximity => "sidesProximity",
            TermKind::RegionProximity { .. } => "regionProximity",
            TermKind::Influence => "influence",
            TermKind::Score => "score",
            TermKind::Null => "nullHeuristic",
            TermKind::MobilityAdvanced => "mobilityAdvanced",
            TermKind::InfluenceAdvanced => "influenceAdvanced",
            TermKind::OwnRegionsCount => "ownRegionsCount",
            TermKind::PlayerRegionsProximity { .. } => "playerRegionsProximity",
            TermKind::PlayerSiteMapCount => "playerSiteMapCount",
            TermKind::ComponentValues { .. } => "componentValues",
            TermKind::CurrentMover => "currentMoverHeuristic",
        }
    }
}

/// `transformation:` (Ludii's `metadata.ai.heuristics.transformations`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transformation {
    /// Divided by the board's number of sites.
    DivNumBoardSites,
    /// Divided by the number of pieces the start rules placed (at least 1).
    DivNumInitPlacement,
    /// `1 / (1 + exp(x))`.
    LogisticFunction,
    /// `tanh(x)`.
    Tanh,
}

impl Heuristics {
    /// Ludii's default for agents that need heuristics and find none.
    pub fn ludii_default(missing_define: Option<String>) -> Heuristics {
        let all = vec![(String::new(), 1.0)];
        Heuristics {
            terms: vec![
                Term {
                    kind: TermKind::Material { board_only: false },
                    weight: 1.0,
                    transformation: None,
                    piece_weights: all.clone(),
                },
                Term {
                    kind: TermKind::MobilitySimple,
                    weight: 0.001,
                    transformation: None,
                    piece_weights: all,
                },
            ],
            origin: Origin::Default { missing_define },
        }
    }

    /// One line saying where the heuristics came from and their terms.
    pub fn summary(&self) -> String {
        let terms: Vec<String> = self
            .terms
            .iter()
            .map(|t| format!("{} {}", t.kind.name(), t.weight))
            .collect();
        let from = match &self.origin {
            Origin::Metadata {
                define: Some(d),
                trained,
            } => format!("{d}{}", if *trained { " (trainedHeuristics)" } else { "" }),
            Origin::Metadata { define: None, .. } => "the game's (ai ...) metadata".into(),
            Origin::Default {
                missing_define: Some(d),
            } => format!("Ludii's default ({d} not found: pass --defs-ai DIR)"),
            Origin::Default {
                missing_define: None,
            } => "Ludii's default (no heuristics in the metadata)".into(),
        };
        format!("{from}: {}", terms.join(", "))
    }
}
