//! The board as a picture: SVG drawn from the board's graph as Ludii builds
//! it (cells as their polygons, the lines between vertices, edges as
//! lines), each player's hand as a tray below it, the pieces on top.
//!
//! Every site a move can name is one element carrying `data-site` (its
//! index in Ludii's numbering: the board's sites, then the hands'), so the
//! page knows which site was clicked; pieces and labels let clicks through.

use std::fmt::Write;

use ludemic_compiler::board::{Board, Relation, SiteType};
use ludemic_compiler::ir::GameModel;

/// The picture's own colours, so that it reads alone (`board.svg`) too.
const STYLE: &str = "
.cell.dark { fill: #d9b98c; } .cell.light { fill: #f0dcb6; }
.cell { stroke: #6b4f2c; stroke-width: 1; }
.point { fill: #6b4f2c; fill-opacity: .12; stroke: none; }
.grid { stroke: #6b4f2c; stroke-width: 2; }
.edge { stroke: #cdb894; stroke-linecap: round; }
.loop { fill: none; stroke: #6b4f2c; stroke-width: 2; }
.hand { fill: #efe4cf; stroke: #6b4f2c; }
.site { cursor: pointer; }
.coord { font: 9px sans-serif; fill: #6b4f2c; pointer-events: none; }
.tray-label { font: 12px sans-serif; fill: #6b4f2c; }
.piece { pointer-events: none; }
.piece circle { stroke: #111; stroke-width: 1.2; }
.piece text { font-family: sans-serif; text-anchor: middle; dominant-baseline: central; font-weight: 600; }
.piece .count { fill: #a01818; }
";

/// Width of the board's drawing area, in SVG units.
const WIDTH: f64 = 600.0;
/// Room around the board for the coordinate labels (more where the
/// pieces on the outer sites are larger).
const MARGIN: f64 = 28.0;

/// What stands on one site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceAt {
    pub site: usize,
    /// The component, 1-based.
    pub what: u32,
    pub owner: u8,
    /// Pieces on the site (a hand's count, a stack's height).
    pub count: u32,
}

/// The fill and text colours of each player's pieces (neutral pieces grey).
fn colours(owner: u8) -> (&'static str, &'static str) {
    match owner {
        1 => ("#f7f3ea", "#222"),
        2 => ("#2b2b2b", "#f5f5f5"),
        3 => ("#c0392b", "#fff"),
        4 => ("#2e6fbd", "#fff"),
        5 => ("#2e8b57", "#fff"),
        6 => ("#8e44ad", "#fff"),
        7 => ("#d68910", "#222"),
        8 => ("#17a5a5", "#222"),
        _ => ("#9a9a9a", "#222"),
    }
}

/// Maps the board's coordinates (y upward) to the picture's (y downward).
struct Frame {
    min_x: f64,
    max_y: f64,
    scale: f64,
    /// Radius of a piece: under half the closest two sites' distance.
    radius: f64,
    board_height: f64,
    margin: f64,
}

impl Frame {
    /// `overhang`: how far (in the board's units) a drawing reaches past
    /// the sites (a Surakarta loop round a corner).
    fn new(board: &Board, overhang: f64) -> Frame {
        let drawing = &board.drawing;
        let points = drawing
            .vertices
            .iter()
            .copied()
            .chain(board.sites.iter().map(|s| (s.x, s.y)));
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for (x, y) in points {
            min_x = min_x.min(x);
            max_x = max_x.max(x);
            min_y = min_y.min(y);
            max_y = max_y.max(y);
        }
        if min_x > max_x {
            (min_x, max_x, min_y, max_y) = (0.0, 1.0, 0.0, 1.0);
        }
        let span = (max_x - min_x).max(max_y - min_y).max(1e-9);
        let scale = WIDTH / span;
        let closest = closest_distance(board).unwrap_or(span / 8.0) * scale;
        Frame {
            min_x,
            max_y,
            scale,
            radius: (closest * 0.42).clamp(3.0, 40.0),
            board_height: (max_y - min_y) * scale,
            margin: MARGIN
                .max((closest * 0.42).clamp(3.0, 40.0) + 6.0)
                .max(overhang * scale + 6.0),
        }
    }

    fn point(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            self.margin + (x - self.min_x) * self.scale,
            self.margin + (self.max_y - y) * self.scale,
        )
    }
}

/// The smallest distance between two of the board's sites (a sweep
/// along x keeps this near linear on the largest boards).
fn closest_distance(board: &Board) -> Option<f64> {
    let sites = &board.sites;
    if sites.len() < 2 {
        return None;
    }
    let mut best = f64::MAX;
    // Sorted by x: only sites closer in x than the best found can be closer.
    let mut by_x: Vec<(f64, f64)> = sites.iter().map(|s| (s.x, s.y)).collect();
    by_x.sort_by(|a, b| a.0.total_cmp(&b.0));
    for i in 0..by_x.len() {
        for j in i + 1..by_x.len() {
            let dx = by_x[j].0 - by_x[i].0;
            if dx >= best {
                break;
            }
            let d = dx.hypot(by_x[j].1 - by_x[i].1);
            if d > 1e-9 {
                best = best.min(d);
            }
        }
    }
    (best < f64::MAX).then_some(best)
}

/// The picture of `model`'s board with `pieces` on it; `letters` names each
/// component (`what` - 1) by a letter.
pub fn board_svg(model: &GameModel, pieces: &[PieceAt], letters: &[char]) -> String {
    let board = &model.board;
    let loops = loop_steps(model);
    let overhang = loops
        .iter()
        .map(|&(a, b)| {
            let (sa, sb) = (&board.sites[a], &board.sites[b]);
            (sa.x - sb.x).hypot(sa.y - sb.y) / std::f64::consts::SQRT_2
        })
        .fold(0.0, f64::max);
    let frame = Frame::new(board, overhang);
    let r = frame.radius;
    let mut sites = String::new();
    let mut lines = String::new();
    let mut labels = String::new();
    let drawing = &board.drawing;
    let vertex = |v: u32| frame.point(drawing.vertices[v as usize]);
    // The graph's lines under everything (the cells' outlines draw their own).
    if board.site_type != SiteType::Cell {
        for &[a, b] in &drawing.edges {
            let ((x1, y1), (x2, y2)) = (vertex(a), vertex(b));
            writeln!(
                lines,
                r#"<line class="grid" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
            )
            .ok();
        }
    }
    let centres: Vec<(f64, f64)> = board
        .sites
        .iter()
        .map(|s| frame.point((s.x, s.y)))
        .collect();
    let (low, high) = (extreme(board, f64::min), extreme(board, f64::max));
    let middle = frame.point(((low.0 + high.0) / 2.0, (low.1 + high.1) / 2.0));
    for &(a, b) in &loops {
        let arc = loop_arc(centres[a], centres[b], middle);
        writeln!(lines, r#"<path class="loop" d="{arc}"/>"#).ok();
    }
    for (i, site) in board.sites.iter().enumerate() {
        let (cx, cy) = centres[i];
        let shape = match board.site_type {
            SiteType::Cell if drawing.cells.get(i).is_some_and(|c| c.len() >= 3) => {
                let points: Vec<String> = drawing.cells[i]
                    .iter()
                    .map(|&v| {
                        let (x, y) = vertex(v);
                        format!("{x:.1},{y:.1}")
                    })
                    .collect();
                // Squares chequered, as Ludii's chess-like boards are.
                let shade = match (drawing.cells[i].len(), (site.row + site.col) % 2) {
                    (4, 0) => "dark",
                    _ => "light",
                };
                format!(
                    r#"<polygon class="site cell {shade}" data-site="{i}" points="{}"/>"#,
                    points.join(" ")
                )
            }
            SiteType::Edge if drawing.edges.get(i).is_some() => {
                let [a, b] = drawing.edges[i];
                let ((x1, y1), (x2, y2)) = (vertex(a), vertex(b));
                format!(
                    r#"<line class="site edge" data-site="{i}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke-width="{:.1}"/>"#,
                    r * 0.6
                )
            }
            _ => format!(
                r#"<circle class="site point" data-site="{i}" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"/>"#,
                r * 0.55
            ),
        };
        sites.push_str(&shape);
        sites.push('\n');
        writeln!(
            labels,
            r#"<text class="coord" x="{:.1}" y="{:.1}">{}</text>"#,
            cx - r * 0.9,
            cy + r * 0.95,
            escape(&site.coord)
        )
        .ok();
    }
    // Hands: one tray per hand, a row of squares below the board.
    let mut centre_of: Vec<(f64, f64)> = centres.clone();
    let side = (2.0 * r).max(24.0);
    let margin = frame.margin;
    let mut y = margin + frame.board_height + margin;
    let mut trays = String::new();
    for hand in &model.hands {
        let who = match hand.owner {
            0 => "shared".to_owned(),
            p => format!("P{p}"),
        };
        writeln!(
            trays,
            r#"<text class="tray-label" x="{:.1}" y="{:.1}">{who}</text>"#,
            MARGIN,
            y + side * 0.65
        )
        .ok();
        // A hand wider than the board wraps onto more rows.
        let per_row = ((WIDTH - 60.0) / (side + 4.0)).floor().max(1.0) as usize;
        let rows = (hand.size as usize).div_ceil(per_row).max(1);
        for (k, site) in hand.sites().enumerate() {
            let x = MARGIN + 60.0 + (k % per_row) as f64 * (side + 4.0);
            let y = y + (k / per_row) as f64 * (side + 4.0);
            writeln!(
                trays,
                r#"<rect class="site hand" data-site="{site}" x="{x:.1}" y="{y:.1}" width="{side:.1}" height="{side:.1}"/>"#
            )
            .ok();
            let site = site as usize;
            if centre_of.len() <= site {
                centre_of.resize(site + 1, (0.0, 0.0));
            }
            centre_of[site] = (x + side / 2.0, y + side / 2.0);
        }
        y += rows as f64 * (side + 4.0) + 6.0;
    }
    // One kind of piece per player (Go's stones, Hex's markers): plain
    // discs, as Ludii draws them; otherwise a letter of each piece's name.
    let plain = model
        .components
        .iter()
        .all(|c| c.base == model.components[0].base);
    let mut men = String::new();
    for p in pieces {
        let Some(&(cx, cy)) = centre_of.get(p.site) else {
            continue;
        };
        let (fill, ink) = colours(p.owner);
        let letter = match plain {
            true => ' ',
            false => letters.get(p.what as usize - 1).copied().unwrap_or('?'),
        };
        let name = model
            .components
            .get(p.what as usize - 1)
            .map_or("?", |c| c.name.as_str());
        let pr = if p.site < board.sites.len() {
            r * 0.85
        } else {
            side * 0.4
        };
        write!(
            men,
            r#"<g class="piece" data-what="{}" data-owner="{}"><title>{}</title><circle cx="{cx:.1}" cy="{cy:.1}" r="{pr:.1}" fill="{fill}"/><text x="{cx:.1}" y="{cy:.1}" fill="{ink}" font-size="{:.1}">{letter}</text>"#,
            p.what,
            p.owner,
            escape(name),
            pr * 1.1
        )
        .ok();
        if p.count > 1 {
            write!(
                men,
                r#"<text class="count" x="{:.1}" y="{:.1}" font-size="{:.1}">{}</text>"#,
                cx + pr * 0.7,
                cy - pr * 0.6,
                (pr * 0.7).max(9.0),
                p.count
            )
            .ok();
        }
        men.push_str("</g>\n");
    }
    let height = match model.hands.is_empty() {
        true => frame.board_height + 2.0 * margin,
        false => y + margin,
    };
    let width = WIDTH + 2.0 * margin;
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board {kind}" viewBox="0 0 {width:.0} {height:.0}" data-sites="{n}">
<style>{STYLE}</style>
<rect width="100%" height="100%" fill="#fffdf8"/>
<g class="lines">{lines}</g>
<g class="sites">{sites}{trays}</g>
<g class="labels">{labels}</g>
<g class="pieces">{men}</g>
</svg>"##,
        kind = match board.site_type {
            SiteType::Cell => "cells",
            SiteType::Vertex => "vertices",
            SiteType::Edge => "edges",
        },
        n = centre_of.len(),
    )
}

/// The steps of looped tracks that leave the board's lines (Surakarta's
/// circuits): between two board sites that are not orthogonal neighbours,
/// each once.
fn loop_steps(model: &GameModel) -> Vec<(usize, usize)> {
    let board = &model.board;
    let mut steps = Vec::new();
    for track in model.tracks.iter().filter(|t| t.looped) {
        let sites: Vec<usize> = track
            .sites
            .iter()
            .filter(|&&s| s >= 0 && (s as usize) < board.sites.len())
            .map(|&s| s as usize)
            .collect();
        for (k, &a) in sites.iter().enumerate() {
            let b = sites[(k + 1) % sites.len()];
            let step = (a.min(b), a.max(b));
            let along_a_line = board
                .neighbours(a, Relation::Orthogonal)
                .contains(&(b as u16));
            if a != b && !along_a_line && !steps.contains(&step) {
                steps.push(step);
            }
        }
    }
    steps
}

/// The three-quarter circle from `a` to `b` whose centre is, of the two
/// points at equal distance from both (at a right angle), the one farther
/// from `middle` (the board's corner): a Surakarta loop.
fn loop_arc(a: (f64, f64), b: (f64, f64), middle: (f64, f64)) -> String {
    let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let r = dx.hypot(dy) / std::f64::consts::SQRT_2;
    let (nx, ny) = (-dy / 2.0, dx / 2.0);
    let candidates = [(mx + nx, my + ny), (mx - nx, my - ny)];
    let distance = |p: (f64, f64)| (p.0 - middle.0).hypot(p.1 - middle.1);
    let c = match distance(candidates[0]) >= distance(candidates[1]) {
        true => candidates[0],
        false => candidates[1],
    };
    // The short way from a to b round c turns one way; the loop the other.
    let cross = (a.0 - c.0) * (b.1 - c.1) - (a.1 - c.1) * (b.0 - c.0);
    let sweep = u8::from(cross < 0.0);
    format!(
        "M {:.1} {:.1} A {r:.1} {r:.1} 0 1 {sweep} {:.1} {:.1}",
        a.0, a.1, b.0, b.1
    )
}

/// The board's sites' smallest (or largest) coordinates, by `pick`.
fn extreme(board: &Board, pick: fn(f64, f64) -> f64) -> (f64, f64) {
    let mut sites = board.sites.iter().map(|s| (s.x, s.y));
    let first = sites.next().unwrap_or((0.0, 0.0));
    sites.fold(first, |m, (x, y)| (pick(m.0, x), pick(m.1, y)))
}

/// Text safe inside an SVG element or attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
