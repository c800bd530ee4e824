//! Evaluating Ludii's heuristic terms on a state (Ludii's
//! `metadata.ai.heuristics.terms.*.computeValue` and the transformations).

use ludemic_runtime::{Evaluate, Player, PositionView, StateView, View};

use super::{Heuristics, TermKind, Transformation};
use crate::board::{AbsoluteDirection, Board, Relation};
use crate::interp::Interpreter;
use crate::ir::{Cond, GameModel};

/// Ludii's `HeuristicSampling.ABS_HEURISTIC_WEIGHT_THRESHOLD` (and
/// `AlphaBetaSearch`'s): terms and piece weights below it are skipped.
pub const ABS_WEIGHT_THRESHOLD: f32 = 0.01;

/// A game's heuristics, with the tables their terms read computed once
/// from the game model (Ludii's `HeuristicTerm.init`).
#[derive(Clone, Debug)]
pub struct Evaluator {
    terms: Vec<Prepared>,
    board_sites: usize,
    init_placements: usize,
    board: Board,
}

#[derive(Clone, Debug)]
struct Prepared {
    kind: TermKind,
    weight: f32,
    transformation: Option<Transformation>,
    /// Per `what` (index 0 unused): the piece's weight.
    piece_weights: Vec<f32>,
    /// Distances of the board's sites for the proximity terms, with the
    /// largest one (0: the term is 0).
    distances: Vec<u32>,
    max_distance: u32,
    /// `lineCompletionHeuristic`'s target length.
    target_length: usize,
}

impl Evaluator {
    /// Prepares `heuristics` for `model`; an error names a term the game
    /// cannot have (a region it does not declare).
    pub fn new(model: &GameModel, heuristics: &Heuristics) -> Result<Evaluator, String> {
        let board = &model.board;
        let mut terms = Vec::new();
        for term in &heuristics.terms {
            let mut prepared = Prepared {
                kind: term.kind.clone(),
                weight: term.weight,
                transformation: term.transformation,
                piece_weights: piece_weights(model, &term.piece_weights),
                distances: Vec::new(),
                max_distance: 0,
                target_length: 0,
            };
            let precomputed = match &term.kind {
                TermKind::CentreProximity => Some(board.centre().to_vec()),
                TermKind::CornerProximity => Some(board.corners().to_vec()),
                TermKind::SidesProximity => Some(board.perimeter().to_vec()),
                _ => None,
            };
            if let Some(from) = precomputed {
                let (d, max) = distances_from(board, &from);
                // Topology.preGenerateDistanceToPrecomputed: sites not
                // reached get the largest distance plus one.
                let far = max.map_or(0, |m| m + 1);
                prepared.distances = d.iter().map(|x| x.unwrap_or(far)).collect();
            }
            if let TermKind::RegionProximity { region } = term.kind {
                let Some(decl) = model.regions.get(region) else {
                    return Err(format!(
                        "regionProximity region:{region}: the game declares {} region(s)",
                        model.regions.len()
                    ));
                };
                let sites: Vec<u16> = decl
                    .parts
                    .iter()
                    .flatten()
                    .filter(|&&s| (s as usize) < board.num_sites())
                    .copied()
                    .collect();
                // preGenerateDistanceToRegions: unreached sites stay 0.
                let (d, _) = distances_from(board, &sites);
                prepared.distances = d.iter().map(|x| x.unwrap_or(0)).collect();
            }
            prepared.max_distance = prepared.distances.iter().copied().max().unwrap_or(0);
            if let TermKind::LineCompletion { target_length } = term.kind {
                prepared.target_length = match target_length {
                    Some(n) => n as usize,
                    None => auto_target_length(model),
                };
            }
            terms.push(prepared);
        }
        Ok(Evaluator {
            terms,
            board_sites: board.num_sites(),
            init_placements: model.start.iter().map(|p| p.sites.len()).sum(),
            board: board.clone(),
        })
    }

    /// Ludii's `Heuristics.computeValue(context, player, threshold)`.
    pub fn value<V: StateView + ?Sized>(&self, view: &V, player: Player, threshold: f32) -> f32 {
        let mut value = 0.0;
        for term in &self.terms {
            let abs = term.weight.abs();
            if abs < threshold {
                continue;
            }
            let mut out = self.term_value(term, view, player, threshold / abs);
            match term.transformation {
                None => {}
                Some(Transformation::DivNumBoardSites) => out /= self.board_sites as f32,
                Some(Transformation::DivNumInitPlacement) => {
                    out /= self.init_placements.max(1) as f32
                }
                Some(Transformation::LogisticFunction) => {
                    out = (1.0 / (1.0 + (out as f64).exp())) as f32
                }
                Some(Transformation::Tanh) => out = (out as f64).tanh() as f32,
            }
            value += term.weight * out;
        }
        value
    }

    fn term_value<V: StateView + ?Sized>(
        &self,
        term: &Prepared,
        view: &V,
        player: Player,
        threshold: f32,
    ) -> f32 {
        match term.kind {
            TermKind::Material { board_only } => {
                let mut value = 0.0;
                let sites = if board_only {
                    self.board_sites
                } else {
                    view.num_sites()
                };
                for site in 0..sites {
                    view.pieces_at(site, &mut |what, owner| {
                        let w = term
                            .piece_weights
                            .get(what as usize)
                            .copied()
                            .unwrap_or(0.0);
                        if owner == player && w.abs() >= threshold {
                            value += w;
                        }
                    });
                }
                value
            }
            TermKind::MobilitySimple => {
                if view.mover() == player {
                    view.num_legal_moves() as f32
                } else {
                    0.0
                }
            }
            TermKind::Influence => {
                if view.mover() != player {
                    return 0.0;
                }
                let mut seen = vec![false; view.num_sites()];
                let mut n = 0usize;
                view.legal_move_targets(&mut |to| {
                    if let Some(s) = seen.get_mut(to) {
                        if !*s {
                            *s = true;
                            n += 1;
                        }
                    }
                });
                n as f32 / view.num_sites() as f32
            }
            TermKind::Score => view.score(player) as f32,
            TermKind::Null => 0.0,
            TermKind::CentreProximity
            | TermKind::CornerProximity
            | TermKind::SidesProximity
            | TermKind::RegionProximity { .. } => {
                if term.max_distance == 0 {
                    return 0.0;
                }
                let mut value = 0.0;
                for site in 0..self.board_sites {
                    let proximity = 1.0 - term.distances[site] as f32 / term.max_distance as f32;
                    view.pieces_at(site, &mut |what, owner| {
                        let w = term
                            .piece_weights
                            .get(what as usize)
                            .copied()
                            .unwrap_or(0.0);
                        if owner == player && w.abs() >= threshold {
                            value += w * proximity;
                        }
                    });
                }
                value
            }
            TermKind::LineCompletion { .. } => {
                self.line_completion(term.target_length, view, player)
            }
        }
    }

    /// `LineCompletionHeuristic.computeValue`: for each of the player's
    /// pieces on the board and each line through it (a distinct radial and
    /// its opposite), every window of `target` sites through the piece
    /// free of enemy pieces and of pieces already looked at is worth its
    /// share of the player's pieces, halved for each end an enemy piece
    /// closes; the value is the best window plus half the second best
    /// (Ludii's list quirk: a missing best counts 0, a missing second -1).
    fn line_completion<V: StateView + ?Sized>(
        &self,
        target: usize,
        view: &V,
        player: Player,
    ) -> f32 {
        let mut values: Vec<f32> = Vec::new();
        let mut ignore = vec![false; self.board_sites];
        for site in 0..self.board_sites {
            let mut levels = 0;
            view.pieces_at(site, &mut |_, owner| {
                if owner == player {
                    levels += 1;
                }
            });
            for _ in 0..levels {
                for radial in self
                    .board
                    .distinct_radials(site, AbsoluteDirection::Adjacent)
                {
                    let path = &radial.steps;
                    let bound = path.len().min(target + 1);
                    let mut end_blocked = vec![false; target];
                    let mut potential = vec![1usize; target];
                    let mut real = vec![1usize; target];
                    for (index, &s) in path.iter().enumerate().take(bound).skip(1) {
                        let s = s as usize;
                        let who = view.owner(s);
                        if ignore[s] {
                            break;
                        } else if who != 0 && who != player {
                            end_blocked[target - index] = true;
                            break;
                        }
                        for j in 0..target - index {
                            potential[j] += 1;
                            if who == player {
                                real[j] += 1;
                            }
                        }
                    }
                    let opposites: Vec<&[u16]> = {
                        let o: Vec<&[u16]> = self
                            .board
                            .opposites(radial)
                            .map(|r| r.steps.as_slice())
                            .collect();
                        if o.is_empty() {
                            vec![&[]]
                        } else {
                            o
                        }
                    };
                    for opposite in opposites {
                        let mut opp_blocked = vec![false; target];
                        let mut pot = potential.clone();
                        let mut rl = real.clone();
                        let bound = opposite.len().min(target + 1);
                        for (index, &s) in opposite.iter().enumerate().take(bound).skip(1) {
                            let s = s as usize;
                            let who = view.owner(s);
                            if ignore[s] {
                                break;
                            } else if who != 0 && who != player {
                                opp_blocked[index - 1] = true;
                                break;
                            }
                            for j in index..target {
                                pot[j] += 1;
                                if who == player {
                                    rl[j] += 1;
                                }
                            }
                        }
                        for j in 0..target {
                            if pot[j] == target {
                                let mut v = rl[j] as f32 / pot[j] as f32;
                                if end_blocked[j] {
                                    v *= 0.5;
                                }
                                if opp_blocked[j] {
                                    v *= 0.5;
                                }
                                values.push(v);
                            }
                        }
                    }
                }
                ignore[site] = true;
            }
        }
        // ListUtils.argMax over a Trove list: an empty list reads 0 (its
        // unused storage), and the second maximum reads the -1 written
        // over the first.
        let (best, second) = match values.len() {
            0 => (0.0, -1.0),
            _ => {
                let mut arg = 0;
                for (i, &v) in values.iter().enumerate() {
                    if v > values[arg] {
                        arg = i;
                    }
                }
                let best = values[arg];
                values[arg] = -1.0;
                let second = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                (best, second)
            }
        };
        best + second / 2.0
    }
}

/// `HeuristicTerm.pieceWeightsVector`: a pair's name matches a component
/// whose name starts with it and goes on with digits only (or equals it,
/// when the name ends with a digit); the empty name matches every piece;
/// later pairs win.
fn piece_weights(model: &GameModel, pairs: &[(String, f32)]) -> Vec<f32> {
    let mut weights = vec![0.0; model.components.len() + 1];
    for (name, w) in pairs {
        let s = name.trim();
        for (i, c) in model.components.iter().enumerate() {
            let comp = c.name.as_str();
            if !comp.starts_with(s) {
                continue;
            }
            let matches = if s.is_empty() {
                true
            } else if s.ends_with(|ch: char| ch.is_ascii_digit()) {
                s == comp
            } else {
                comp[s.len()..].chars().all(|ch| ch.is_ascii_digit())
            };
            if matches {
                weights[i + 1] = *w;
            }
        }
    }
    weights
}

/// Breadth-first distances (over Ludii's `adjacent` relation) from the
/// nearest of `from`; `None` where no site of `from` reaches, with the
/// largest distance found.
fn distances_from(board: &Board, from: &[u16]) -> (Vec<Option<u32>>, Option<u32>) {
    let n = board.num_sites();
    let mut dist: Vec<Option<u32>> = vec![None; n];
    let mut queue = std::collections::VecDeque::new();
    for &s in from {
        if (s as usize) < n && dist[s as usize].is_none() {
            dist[s as usize] = Some(0);
            queue.push_back(s as usize);
        }
    }
    let mut max = None;
    while let Some(s) = queue.pop_front() {
        let d = dist[s].unwrap_or(0);
        for &t in board.neighbours(s, Relation::Adjacent) {
            let t = t as usize;
            if dist[t].is_none() {
                dist[t] = Some(d + 1);
                max = Some(max.map_or(d + 1, |m: u32| m.max(d + 1)));
                queue.push_back(t);
            }
        }
    }
    (dist, max)
}

/// `LineCompletionHeuristic.init`: the longest `(is Line N ...)` of the
/// end rules (global and per phase), at least 2; 3 when there is none.
fn auto_target_length(model: &GameModel) -> usize {
    fn collect(c: &Cond, out: &mut Vec<u32>) {
        match c {
            Cond::Not(c) => collect(c, out),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| collect(c, out)),
            Cond::Line(l) => out.push(l.length),
            Cond::LineAt(l) => out.push(l.line.length),
            _ => {}
        }
    }
    let mut lengths = Vec::new();
    for rule in model
        .end
        .iter()
        .chain(model.phases.iter().flat_map(|p| p.end.iter()))
    {
        collect(&rule.condition, &mut lengths);
    }
    if lengths.is_empty() {
        3
    } else {
        lengths.into_iter().fold(2, |m, l| m.max(l as usize))
    }
}

/// The interpreter's state seen by the heuristics.
pub type InterpView<'a> = View<'a, Interpreter>;

/// Any engine's states (the interpreter's, the generated modules') are
/// evaluated through their [`PositionView`].
impl<G: PositionView> Evaluate<G> for Evaluator {
    fn value(&self, game: &G, state: &G::State, player: Player, threshold: f32) -> f32 {
        Evaluator::value(self, &View { game, state }, player, threshold)
    }
}
