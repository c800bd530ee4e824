//! Tracks in the compiled code (Ludii's `Track`, docs/ludii-semantics.md
//! §51): each track a precomputed table — its sites in order, the bump of
//! each element (a Surakarta loop's arc markers), and for each site the
//! places it holds in the track (twice at a crossing) — and the slides
//! along them (`(move Slide "TRACK"|"AllTracks" ...)`, Ludii's
//! `Slide.slideByTrack`) as walks over these tables, without allocation.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ir::{Cond, PieceMove, Reach};

use super::moves::Emit;
use super::Gen;

impl Gen<'_> {
    /// The tables of every track of the board (emitted once):
    /// `TRACK_RUNS` (each track's sites, `NO_SITE` for Ludii's off-board
    /// `End`, twice over for a loop, so that the walk from index `i` is
    /// `run[i + 1..i + len]`, or `run[i + 1..len]` on an open track),
    /// `TRACK_LENS`, `TRACK_LOOPED` and `TRACK_PLACES` (for each track and
    /// site, the indices where the site stands in the track).
    fn track_tables(&mut self) {
        let tracks = &self.model.tracks;
        let n_tracks = Literal::usize_unsuffixed(tracks.len());
        let n_sites = Literal::usize_unsuffixed(self.model.board.num_sites());
        let names: Vec<String> = tracks
            .iter()
            .enumerate()
            .map(|(i, t)| format!(" {i}: `{}`", t.name))
            .collect();
        let runs = tracks.iter().map(|t| {
            let times = if t.looped { 2 } else { 1 };
            let run = (0..times).flat_map(|_| &t.sites).map(|&s| {
                if s < 0 {
                    quote!(NO_SITE)
                } else {
                    let s = Literal::u16_unsuffixed(s as u16);
                    quote!(#s)
                }
            });
            quote!(&[#(#run),*])
        });
        let lens = tracks
            .iter()
            .map(|t| Literal::usize_unsuffixed(t.sites.len()));
        let looped = tracks.iter().map(|t| t.looped);
        let places = tracks.iter().map(|t| {
            let per_site = (0..self.model.board.num_sites()).map(|site| {
                let at = (0..t.sites.len())
                    .filter(|&i| t.sites[i] == site as i32)
                    .map(|i| Literal::u16_unsuffixed(i as u16));
                quote!(&[#(#at),*])
            });
            quote!([#(#per_site),*])
        });
        self.tables.push_item(
            "TRACK_RUNS",
            quote! {
                /// Each track's sites in order (Ludii's `Track.elems`), twice
                /// over for a loop: the walk from index `i` is `run[i + 1..i +
                /// len]` (`run[i + 1..len]` on an open track). The tracks, in
                /// the board's order:
                #(#[doc = #names])*
                static TRACK_RUNS: [&[u16]; #n_tracks] = [#(#runs),*];
                /// Each track's number of elements.
                static TRACK_LENS: [usize; #n_tracks] = [#(#lens),*];
                /// Whether each track loops (its last site's next is its first).
                static TRACK_LOOPED: [bool; #n_tracks] = [#(#looped),*];
                /// For each track and site, the indices where the site stands
                /// in the track (two at a crossing of a loop with itself).
                static TRACK_PLACES: [[&[u16]; #n_sites]; #n_tracks] = [#(#places),*];
            },
        );
    }

    /// `TRACK_SKIP` (emitted once): for each track and index, how many
    /// elements of the walk from it come before the first one past a bump
    /// (an "AllTracks" slide lands only past one).
    fn track_skips(&mut self) {
        let tracks = &self.model.tracks;
        let n_tracks = Literal::usize_unsuffixed(tracks.len());
        let skips = tracks.iter().map(|t| {
            let skips = (0..t.sites.len()).map(|i| Literal::u16_unsuffixed(walk_skip(t, i) as u16));
            quote!(&[#(#skips),*])
        });
        self.tables.push_item(
            "TRACK_SKIP",
            quote! {
                /// For each track and index, the elements of the walk from
                /// it before the first one past a bump (Ludii's `nbBump`).
                static TRACK_SKIP: [&[u16]; #n_tracks] = [#(#skips),*];
            },
        );
    }

    /// The moves of a slide along tracks from `from` (Ludii's
    /// `Slide.slideByTrack`): for each track and each place `from` holds
    /// in it, a walk to the following elements, as the interpreter does.
    /// Where the stop rule holds the move's `dir` is 0 (the effect
    /// applies), a plain landing admitted by the `toRule` has `dir` 1.
    /// With "AllTracks" the elements before the first bump only have to
    /// be passable: they are tested apart, as one bitboard where the go
    /// rule is Surakarta's (empty, or the slide's own start).
    pub(super) fn track_slide(&mut self, m: &PieceMove, emit: Emit) -> TokenStream {
        let Reach::TrackSlide {
            tracks,
            all,
            between_if,
            stop_if,
            to_rule,
        } = &m.reach
        else {
            unreachable!("a track slide")
        };
        self.track_tables();
        let rule = Literal::u16_unsuffixed(m.rule);
        let saved = self.scope;
        // The stop rule and the `toRule` see `(to)` (features refuse them
        // reading `(between)`); the go rule sees `(between)` = `(to)`.
        self.scope.to = true;
        self.scope.between = false;
        let stop = stop_if.as_ref().map(|c| self.cond(c));
        let admit = match to_rule {
            Some(Cond::False) => None,
            Some(c) => Some(self.cond(c)),
            None => Some(quote!(true)),
        };
        self.scope.between = true;
        let go = match between_if {
            Some(c) => self.cond(c),
            None => quote!(s.what[between as usize] == 0),
        };
        self.scope = saved;
        let stop_move = emit(quote!(Move::Piece { rule: #rule, from, to, dir: 0 }));
        let plain_move = emit(quote!(Move::Piece { rule: #rule, from, to, dir: 1 }));
        let stop = stop.map(|c| quote!(if #c { #stop_move break; }));
        let plain = admit.map(|c| quote!(if #c { #plain_move }));
        let landings = quote! {
            for &to in after {
                #stop
                #plain
                let between = to;
                if !(#go) {
                    break;
                }
            }
        };
        let body = if *all {
            self.track_skips();
            let skip = quote!(let skip = (TRACK_SKIP[t][start] as usize).min(walk.len()););
            match go_pattern(between_if.as_ref()) {
                Some(from_passes) => {
                    self.track_befores();
                    let blockers = if from_passes {
                        quote!(s.occupied.without(from as usize))
                    } else {
                        quote!(s.occupied)
                    };
                    quote! {
                        if !TRACK_BEFORE[t][start].intersects(&#blockers) {
                            #skip
                            let after = &walk[skip..];
                            #landings
                        }
                    }
                }
                None => quote! {
                    #skip
                    let (before, after) = walk.split_at(skip);
                    if before.iter().all(|&to| {
                        let between = to;
                        #go
                    }) {
                        #landings
                    }
                },
            }
        } else {
            quote! {
                let after = walk;
                #landings
            }
        };
        let every = tracks.len() == self.model.tracks.len();
        let track_list = if every {
            let n = Literal::usize_unsuffixed(tracks.len());
            quote!(0..#n)
        } else {
            let ts = tracks.iter().map(|&t| Literal::usize_unsuffixed(t));
            quote!([#(#ts),*])
        };
        quote! {
            for t in #track_list {
                let (run, len) = (TRACK_RUNS[t], TRACK_LENS[t]);
                for &start in TRACK_PLACES[t][from as usize] {
                    let start = start as usize;
                    // At most `len - 1` steps (a walk may pass its own
                    // site again at the other place of a crossing).
                    let end = if TRACK_LOOPED[t] { start + len } else { len };
                    let walk = &run[start + 1..end];
                    #body
                }
            }
        }
    }

    /// `TRACK_BEFORE` (emitted once): for each track and index, the sites
    /// of the walk from it before its first element past a bump.
    fn track_befores(&mut self) {
        let tracks = &self.model.tracks;
        let n_tracks = Literal::usize_unsuffixed(tracks.len());
        let rows: Vec<TokenStream> = tracks
            .iter()
            .map(|t| {
                let len = t.sites.len();
                let per_index: Vec<TokenStream> = (0..len)
                    .map(|i| {
                        let sites = (1..=walk_skip(t, i))
                            .map(|k| t.sites[(i + k) % len])
                            .filter(|&s| s >= 0)
                            .map(|s| s as crate::ir::Site);
                        self.tables.bits(sites)
                    })
                    .collect();
                quote!(&[#(#per_index),*])
            })
            .collect();
        self.tables.push_item(
            "TRACK_BEFORE",
            quote! {
                /// For each track and index, the sites of the walk from it
                /// before its first element past a bump.
                static TRACK_BEFORE: [&[Board]; #n_tracks] = [#(#rows),*];
            },
        );
    }

    /// The most moves a track slide makes from one site: one per element
    /// after each place of the site, over its tracks.
    pub(super) fn most_track_moves(&self, tracks: &[usize]) -> usize {
        (0..self.model.board.num_sites())
            .map(|site| {
                tracks
                    .iter()
                    .map(|&t| {
                        let track = &self.model.tracks[t];
                        let places = track.sites.iter().filter(|&&s| s == site as i32).count();
                        places * track.sites.len().saturating_sub(1)
                    })
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0)
    }
}

/// The elements of the walk from index `i` of `t` before the first one an
/// "AllTracks" slide lands on: Ludii's `nbBump` starts at the bump of `i`
/// and adds the bump of each element walked past.
fn walk_skip(t: &crate::ir::Track, i: usize) -> usize {
    let len = t.sites.len();
    let steps = if t.looped { len - 1 } else { len - 1 - i };
    if t.bumps[i] != 0 {
        return 0;
    }
    (1..=steps)
        .find(|&k| t.bumps[(i + k) % len] != 0)
        .unwrap_or(steps)
}

/// Whether the go rule of a slide is "the site is empty" (`Some(false)`,
/// Ludii's default) or Surakarta's "the site is empty or the slide's
/// start" (`Some(true)`), which a bitboard tests at once.
fn go_pattern(between_if: Option<&Cond>) -> Option<bool> {
    use crate::ir::{Comparison, IntExpr, SiteExpr};
    let is_start = |c: &Cond| {
        matches!(c, Cond::Compare(Comparison::Eq, IntExpr::Site(a), IntExpr::Site(b))
            if matches!((a, b), (SiteExpr::Between, SiteExpr::From) | (SiteExpr::From, SiteExpr::Between)))
    };
    let is_empty = |c: &Cond| matches!(c, Cond::Empty(SiteExpr::Between));
    match between_if {
        None => Some(false),
        Some(c) if is_empty(c) => Some(false),
        Some(Cond::Or(parts))
            if parts.len() == 2
                && ((is_start(&parts[0]) && is_empty(&parts[1]))
                    || (is_empty(&parts[0]) && is_start(&parts[1]))) =>
        {
            Some(true)
        }
        _ => None,
    }
}
