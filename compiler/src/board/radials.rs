//! Radials: rays of same-type sites followed outward from a site, one per
//! first step, direction by direction (`Trajectories.generateRadials`,
//! `Radials`, `Radial`).
//!
//! From a site and a direction `d`, each step in `d` starts a radial; the
//! radial continues from the last site with the step in `d` whose heading
//! bends least from the previous heading, provided the bend is under 0.25 rad
//! and the site is not already on the radial. Two radials from the same site
//! are *opposite* when the first step of one continues straight (within 0.1
//! rad) into the first step of the other and either both directions are
//! specific headings (N, SSW, ...) or both are the same set (e.g. both
//! `Adjacent`). A radial keeps only the first opposite found. Of an opposite
//! pair, only the radial generated first is *distinct*; `is Line` walks the
//! distinct radials plus their opposites.

use super::directions::AbsoluteDirection as A;
use super::geom::{self, Pt};
use super::graph::Graph;
use super::steps::Steps;
use super::SiteType;

/// A ray of sites starting at a site.
#[derive(Clone, Debug, PartialEq)]
pub struct Radial {
    /// The direction this radial was generated for.
    pub direction: A,
    /// Sites along the ray, starting with the origin site itself.
    pub steps: Vec<u16>,
    /// Ids (see [`super::Board::radial`]) of the opposite radials from the same
    /// site (in practice at most one).
    pub opposites: Vec<u32>,
}

/// Radials of one site: `in_direction[d]` and `distinct[d]` hold indices into
/// `radials`, each sorted clockwise from north.
#[derive(Clone, Debug, Default)]
pub struct SiteRadials {
    pub radials: Vec<Radial>,
    pub in_direction: Vec<Vec<u32>>,
    pub distinct: Vec<Vec<u32>>,
}

/// Radials of every element of `ty`; opposites are local indices.
pub fn generate(graph: &Graph, ty: SiteType, steps: &[Steps]) -> Vec<SiteRadials> {
    let pts: Vec<Pt> = (0..graph.count(ty)).map(|i| graph.pt(ty, i)).collect();
    let mut on_path = OnPath::new(pts.len());
    (0..pts.len())
        .map(|site| site_radials(&pts, ty, steps, site, &mut on_path))
        .collect()
}

fn site_radials(
    pts: &[Pt],
    ty: SiteType,
    steps: &[Steps],
    site: usize,
    on_path: &mut OnPath,
) -> SiteRadials {
    let mut out = SiteRadials {
        radials: Vec::new(),
        in_direction: vec![Vec::new(); A::COUNT],
        distinct: vec![Vec::new(); A::COUNT],
    };
    for dir in A::ALL {
        if dir.is_circular() {
            continue; // circular directions need pivots, which these boards lack
        }
        for &k in &steps[site].in_direction[dir.index()] {
            let step = &steps[site].steps[k as usize];
            if step.to.ty != ty {
                continue;
            }
            let path = follow(pts, ty, steps, site, dir, step.to.id as usize, on_path);
            add_safe(
                &mut out,
                pts,
                Radial {
                    direction: dir,
                    steps: path,
                    opposites: Vec::new(),
                },
            );
        }
    }
    for r in 0..out.radials.len() {
        remove_opposite_subsets(&mut out, r);
    }
    set_distinct(&mut out);
    sort(&mut out, pts);
    out
}

/// The sites on the path being followed, as a stamp per site: a path
/// ends where it would come back on itself, and testing that by searching
/// the path made long radials quadratic (seconds on a 100×100 board).
struct OnPath {
    stamp: Vec<u32>,
    current: u32,
}

impl OnPath {
    fn new(num_sites: usize) -> Self {
        OnPath {
            stamp: vec![0; num_sites],
            current: 0,
        }
    }

    /// Starts a new path (forgets the sites of the last one).
    fn clear(&mut self) {
        self.current += 1;
    }

    /// Marks `site`; false if it was already on the path.
    fn insert(&mut self, site: usize) -> bool {
        let fresh = self.stamp[site] != self.current;
        self.stamp[site] = self.current;
        fresh
    }
}

fn follow(
    pts: &[Pt],
    ty: SiteType,
    steps: &[Steps],
    site: usize,
    dir: A,
    first: usize,
    on_path: &mut OnPath,
) -> Vec<u16> {
    let tan_threshold = 0.25f64.tan();
    on_path.clear();
    on_path.insert(site);
    on_path.insert(first);
    let mut path = vec![site as u16];
    let mut current = first;
    loop {
        let previous = *path.last().expect("non-empty") as usize;
        path.push(current as u16);
        let mut best_abs = tan_threshold;
        let mut best = None;
        for &k in &steps[current].in_direction[dir.index()] {
            let next = &steps[current].steps[k as usize];
            if next.to.ty != ty {
                continue;
            }
            let to = next.to.id as usize;
            let abs = geom::abs_tan_angle_difference(pts[previous], pts[current], pts[to]);
            if abs < best_abs {
                best = Some(to);
                best_abs = abs;
                if best_abs == 0.0 {
                    break;
                }
            }
        }
        match best {
            Some(next) if on_path.insert(next) => current = next,
            _ => return path,
        }
    }
}

fn is_opposite_angle(pts: &[Pt], a: &Radial, b: &Radial) -> bool {
    let tan_threshold = 0.1f64.tan();
    let pa = pts[a.steps[1] as usize];
    let pb = pts[a.steps[0] as usize];
    let pc = pts[b.steps[1] as usize];
    geom::abs_tan_angle_difference(pa, pb, pc) < tan_threshold
}

fn add_opposite(out: &mut SiteRadials, radial: usize, opp: usize) {
    let r = &out.radials[radial];
    if !r.opposites.is_empty() {
        let opp_r = &out.radials[opp];
        for &existing in &r.opposites {
            if r.direction.is_specific()
                || opp_r.direction == r.direction
                || opp_r.steps == out.radials[existing as usize].steps
            {
                return;
            }
        }
    }
    out.radials[radial].opposites.push(opp as u32);
}

fn add_safe(out: &mut SiteRadials, pts: &[Pt], radial: Radial) {
    if out
        .radials
        .iter()
        .any(|e| e.direction == radial.direction && e.steps == radial.steps)
    {
        return;
    }
    let new = out.radials.len();
    let dir = radial.direction;
    out.radials.push(radial);
    for existing in 0..new {
        let (r, e) = (&out.radials[new], &out.radials[existing]);
        let related =
            r.direction.is_specific() && e.direction.is_specific() || r.direction == e.direction;
        if related && is_opposite_angle(pts, r, e) {
            add_opposite(out, new, existing);
            add_opposite(out, existing, new);
        }
    }
    out.in_direction[dir.index()].push(new as u32);
}

fn is_subset(a: &Radial, b: &Radial) -> bool {
    a.steps.len() <= b.steps.len() && b.steps[..a.steps.len()] == a.steps[..]
}

fn remove_opposite_subsets(out: &mut SiteRadials, r: usize) {
    let mut o = out.radials[r].opposites.len();
    while o > 0 {
        o -= 1;
        let opps = &out.radials[r].opposites;
        let this = &out.radials[opps[o] as usize];
        let subset = opps
            .iter()
            .enumerate()
            .any(|(n, &other)| n != o && is_subset(this, &out.radials[other as usize]));
        if subset {
            out.radials[r].opposites.remove(o);
        }
    }
}

fn set_distinct(out: &mut SiteRadials) {
    for d in 0..A::COUNT {
        let mut distinct: Vec<u32> = Vec::new();
        for &r in &out.in_direction[d] {
            let steps = &out.radials[r as usize].steps;
            let shadowed = distinct.iter().any(|&e| {
                e != r
                    && out.radials[e as usize]
                        .opposites
                        .iter()
                        .any(|&opp| out.radials[opp as usize].steps == *steps)
            });
            if !shadowed {
                distinct.push(r);
            }
        }
        out.distinct[d] = distinct;
    }
}

fn sort(out: &mut SiteRadials, pts: &[Pt]) {
    let score = |r: &Radial| {
        geom::clockwise_from_north_score(pts[r.steps[0] as usize], pts[r.steps[1] as usize])
    };
    let scores: Vec<f64> = out.radials.iter().map(score).collect();
    for list in out.in_direction.iter_mut().chain(out.distinct.iter_mut()) {
        geom::stable_sort_by_score(list, |r| scores[r as usize]);
    }
}
