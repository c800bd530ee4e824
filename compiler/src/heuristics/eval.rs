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
    /// Whether the game has containers besides the board (hands, dice).
    multiple_containers: bool,
    /// Whether board sites hold stacks (otherwise a site's one piece is
    /// the one its owner names).
    stacking: bool,
    /// Per board site: the lines `lineCompletionHeuristic` walks from it
    /// (empty when no term needs them).
    lines: Vec<Vec<Line>>,
}

/// A distinct `Adjacent` radial from a site (the site itself first) with
/// its opposite radials (one empty opposite when it has none).
#[derive(Clone, Debug)]
struct Line {
    steps: Vec<u16>,
    opposites: Vec<Vec<u16>>,
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
    /// Per player (index 0 unused): the board sites counted, each once per
    /// time it is counted (`ownRegionsCount`, `playerSiteMapCount`).
    player_sites: Vec<Vec<u16>>,
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
                player_sites: Vec::new(),
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
                prepared.distances = region_distances(board, &region_sites(decl));
            }
            prepared.max_distance = prepared.distances.iter().copied().max().unwrap_or(0);
            match term.kind {
                TermKind::PlayerRegionsProximity { player } => {
                    // PlayerRegionsProximity.init: the static regions the
                    // player owns; the largest distance of any of them; a
                    // piece's distance is the smallest over them.
                    let mut min: Option<Vec<u32>> = None;
                    let mut max = 0;
                    for decl in model.regions.iter().filter(|r| r.owner == player) {
                        let d = region_distances(board, &region_sites(decl));
                        max = d.iter().copied().fold(max, u32::max);
                        min = Some(match min {
                            None => d,
                            Some(m) => m.iter().zip(&d).map(|(a, b)| *a.min(b)).collect(),
                        });
                    }
                    prepared.distances = min.unwrap_or_default();
                    prepared.max_distance = max;
                }
                TermKind::OwnRegionsCount => {
                    // OwnRegionsCount.init: each player's static regions.
                    prepared.player_sites = (0..=model.num_players as usize)
                        .map(|p| {
                            model
                                .regions
                                .iter()
                                .filter(|r| p > 0 && r.owner as usize == p)
                                .flat_map(region_sites)
                                .collect()
                        })
                        .collect();
                }
                TermKind::PlayerSiteMapCount => {
                    // PlayerSiteMapCount.computeValue: each map's value for
                    // the player's number, when it is a board site other
                    // than 0 (Trove's "no entry" value, which Ludii tests
                    // against) and -1 (Off).
                    prepared.player_sites = (0..=model.num_players as i64)
                        .map(|p| {
                            model
                                .maps
                                .iter()
                                .filter_map(|m| {
                                    let v = m.entries.iter().rev().find(|e| e.0 == p)?.1;
                                    (p > 0 && v > 0 && (v as usize) < board.num_sites())
                                        .then_some(v as u16)
                                })
                                .collect()
                        })
                        .collect();
                }
                _ => {}
            }
            if let TermKind::LineCompletion { target_length } = term.kind {
                prepared.target_length = match target_length {
                    Some(n) => n as usize,
                    None => auto_target_length(model),
                };
            }
            terms.push(prepared);
        }
        let needs_lines = terms
            .iter()
            .any(|t| matches!(t.kind, TermKind::LineCompletion { .. }));
        let lines = if needs_lines {
            (0..board.num_sites())
                .map(|site| {
                    board
                        .distinct_radials(site, AbsoluteDirection::Adjacent)
                        .map(|radial| {
                            let mut opposites: Vec<Vec<u16>> =
                                board.opposites(radial).map(|r| r.steps.clone()).collect();
                            if opposites.is_empty() {
                                opposites.push(Vec::new());
                            }
                            Line {
                                steps: radial.steps.clone(),
                                opposites,
                            }
                        })
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(Evaluator {
            terms,
            board_sites: board.num_sites(),
            init_placements: model.start.iter().map(|p| p.sites.len()).sum(),
            multiple_containers: !model.hands.is_empty() || model.dice.is_some(),
            stacking: model.stacking,
            lines,
        })
    }

    /// Ludii's `Heuristics.computeValue(context, player, threshold)`.
    pub fn value<V: StateView + ?Sized>(&self, view: &V, player: Player, threshold: f32) -> f32 {
        self.terms
            .iter()
            .filter_map(|term| self.contribution(term, view, player, threshold))
            .fold(0.0, |value, c| value + c)
    }

    /// Each term's part of [`Evaluator::value`] (weighted, transformed), by
    /// Ludii's name of the term, in order; terms under the threshold left out.
    pub fn contributions<V: StateView + ?Sized>(
        &self,
        view: &V,
        player: Player,
        threshold: f32,
    ) -> Vec<(&'static str, f32)> {
        self.terms
            .iter()
            .filter_map(|t| {
                Some((
                    t.kind.name(),
                    self.contribution(t, view, player, threshold)?,
                ))
            })
            .collect()
    }

    /// One term's part of the value: `None` under the threshold.
    fn contribution<V: StateView + ?Sized>(
        &self,
        term: &Prepared,
        view: &V,
        player: Player,
        threshold: f32,
    ) -> Option<f32> {
        let abs = term.weight.abs();
        if abs < threshold {
            return None;
        }
        let mut out = self.term_value(term, view, player, threshold / abs);
        match term.transformation {
            None => {}
            Some(Transformation::DivNumBoardSites) => out /= self.board_sites as f32,
            Some(Transformation::DivNumInitPlacement) => out /= self.init_placements.max(1) as f32,
            Some(Transformation::LogisticFunction) => {
                out = (1.0 / (1.0 + (out as f64).exp())) as f32
            }
            Some(Transformation::Tanh) => out = (out as f64).tanh() as f32,
        }
        Some(term.weight * out)
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
                    view.num_legal_moves(player) as f32
                } else {
                    0.0
                }
            }
            TermKind::MobilityAdvanced => view.num_legal_moves(player) as f32,
            TermKind::Influence if view.mover() != player => 0.0,
            TermKind::Influence | TermKind::InfluenceAdvanced => {
                let mut seen = vec![false; view.num_sites()];
                let mut n = 0usize;
                view.legal_move_targets(player, &mut |to| {
                    if let Some(s) = seen.get_mut(to) {
                        if !*s {
                            *s = true;
                            n += 1;
                        }
                    }
                });
                n as f32 / view.num_sites() as f32
            }
            TermKind::CurrentMover => {
                if view.mover() == player {
                    1.0
                } else {
                    0.0
                }
            }
            TermKind::OwnRegionsCount | TermKind::PlayerSiteMapCount => {
                term.player_sites.get(player as usize).map_or(0, |sites| {
                    sites.iter().map(|&s| view.count(s as usize)).sum::<u32>()
                }) as f32
            }
            TermKind::ComponentValues { board_only } => {
                // ComponentValues.computeValue: hands count unless
                // boardOnly in a game with other containers.
                let sites = if board_only && self.multiple_containers {
                    self.board_sites
                } else {
                    view.num_sites()
                };
                let mut value = 0.0;
                for site in 0..sites {
                    let mut level = 0;
                    view.pieces_at(site, &mut |what, owner| {
                        let w = term
                            .piece_weights
                            .get(what as usize)
                            .copied()
                            .unwrap_or(0.0);
                        if owner == player && w.abs() >= threshold {
                            value += w * view.piece_value(site, level) as f32;
                        }
                        level += 1;
                    });
                }
                value
            }
            TermKind::PlayerRegionsProximity { .. } => {
                if term.max_distance == 0 {
                    return 0.0;
                }
                let mut value = 0.0;
                for site in 0..view.num_sites() {
                    // A piece off the board (in a hand) is beyond every
                    // region's distances: Ludii leaves its distance at
                    // Integer.MAX_VALUE.
                    let d = term
                        .distances
                        .get(site)
                        .map_or(i32::MAX as f32, |&d| d as f32);
                    let proximity = 1.0 - d / term.max_distance as f32;
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
        // The best and second best window values, kept as they come: the
        // same pair as Ludii's argMax, then max of the rest, of the list.
        let mut best = f32::NEG_INFINITY;
        let mut second = f32::NEG_INFINITY;
        let mut found = 0usize;
        if target == 0 {
            return -0.5;
        }
        let mut ignore = vec![false; self.board_sites];
        // Window j holds j sites behind the piece and target - 1 - j ahead.
        // Walking out each way records how many sites were reached before
        // a site seen already or an enemy (which closes the window ending
        // just before it), and the running count of own pieces: Ludii's
        // per-window counters (`potentialLineLengths`, `realPieces`) follow
        // from them, each window in constant time.
        let mut ahead_own = vec![0u32; target];
        let mut behind_own = vec![0u32; target];
        for site in 0..self.board_sites {
            let mut levels = 0;
            if !self.stacking {
                levels = (view.owner(site) == player) as usize;
            } else if view.count(site) > 0 {
                view.pieces_at(site, &mut |_, owner| {
                    if owner == player {
                        levels += 1;
                    }
                });
            }
            for _ in 0..levels {
                for line in &self.lines[site] {
                    let (ahead, ahead_enemy) =
                        walk(&line.steps, target, &ignore, view, player, &mut ahead_own);
                    for opposite in &line.opposites {
                        let (behind, behind_enemy) =
                            walk(opposite, target, &ignore, view, player, &mut behind_own);
                        for (j, &own_behind) in behind_own.iter().enumerate() {
                            let forward = target - 1 - j;
                            if ahead < forward || behind < j {
                                continue;
                            }
                            let own = 1 + ahead_own[forward] + own_behind;
                            let mut v = own as f32 / target as f32;
                            if ahead_enemy && ahead == forward {
                                v *= 0.5;
                            }
                            if behind_enemy && behind == j {
                                v *= 0.5;
                            }
                            found += 1;
                            if v > best {
                                second = best;
                                best = v;
                            } else if v > second {
                                second = v;
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
        match found {
            0 => -0.5,
            1 => best - 0.5,
            _ => best + second / 2.0,
        }
    }
}

/// One way out of a piece for `lineCompletionHeuristic`: the number of
/// sites reached (at most `target`) before a site seen already, an enemy
/// piece or the end of the path, whether an enemy piece stopped it, and in
/// `own[k]` the player's pieces among the first k sites reached.
fn walk<V: StateView + ?Sized>(
    path: &[u16],
    target: usize,
    ignore: &[bool],
    view: &V,
    player: Player,
    own: &mut [u32],
) -> (usize, bool) {
    own[0] = 0;
    let bound = path.len().min(target + 1);
    let mut reached = 0;
    for &s in path.iter().take(bound).skip(1) {
        let s = s as usize;
        if ignore[s] {
            return (reached, false);
        }
        let who = view.owner(s);
        if who != 0 && who != player {
            return (reached, true);
        }
        reached += 1;
        if reached < target {
            own[reached] = own[reached - 1] + (who == player) as u32;
        }
    }
    (reached, false)
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

/// The sites of a region as Ludii's `Regions.eval` gives them: a single
/// part as it is, several parts merged without repeats; board sites only.
fn region_sites(decl: &crate::ir::RegionDecl) -> Vec<u16> {
    let mut sites: Vec<u16> = decl.parts.iter().flatten().copied().collect();
    if decl.parts.len() > 1 {
        sites.sort_unstable();
        sites.dedup();
    }
    sites
}

/// `Topology.preGenerateDistanceToRegionsCells`: each board site's
/// distance to the nearest site of the region; unreached sites stay 0.
fn region_distances(board: &Board, sites: &[u16]) -> Vec<u32> {
    let sites: Vec<u16> = sites
        .iter()
        .filter(|&&s| (s as usize) < board.num_sites())
        .copied()
        .collect();
    let (d, _) = distances_from(board, &sites);
    d.iter().map(|x| x.unwrap_or(0)).collect()
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
