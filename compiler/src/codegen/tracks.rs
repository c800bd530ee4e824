//! Tracks in the compiled code (Ludii's `Track`, docs/ludii-semantics.md
//! §51): each track a precomputed table — its sites in order, the bump of
//! each element (a Surakarta loop's arc markers), and for each site the
//! places it holds in the track (twice at a crossing) — and the slides
//! along them (`(move Slide "TRACK"|"AllTracks" ...)`, Ludii's
//! `Slide.slideByTrack`) as walks over these tables, without allocation.

use proc_macro2::{Literal, TokenStream};
use quote::{quote, ToTokens};

use crate::ir::{Cond, PieceMove, Reach};

use super::moves::Emit;
use super::Gen;

impl Gen<'_> {
    /// The tables of every track of the board (emitted once):
    /// `TRACK_RUNS` (each track's sites, `NO_SITE` for Ludii's off-board
    /// `End`, twice over for a loop, so that the walk from index `i` is
    /// `run[i + 1..i + len]`, or `run[i + 1..len]` on an open track),
    /// `TRACK_LENS` and `TRACK_PLACES` (for each track and
    /// site, the indices where the site stands in the track).
    pub(super) fn track_tables(&mut self) {
        let tracks = &self.model.tracks;
        let n_tracks = Literal::usize_unsuffixed(tracks.len());
        // A track may start in a hand (the Royal Game of Ur's): every site,
        // the hands' included, has its places.
        let n_sites = Literal::usize_unsuffixed(self.model.total_sites());
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
        let places = tracks.iter().map(|t| {
            let per_site = (0..self.model.total_sites()).map(|site| {
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
                /// For each track and site, the indices where the site stands
                /// in the track (two at a crossing of a loop with itself).
                static TRACK_PLACES: [[&[u16]; #n_sites]; #n_tracks] = [#(#places),*];
            },
        );
    }

    /// `TRACK_LOOPED` (emitted once): whether each track loops. A sow
    /// does not read it (it walks loops only).
    fn track_looped(&mut self) {
        let looped = self.model.tracks.iter().map(|t| t.looped);
        let n_tracks = Literal::usize_unsuffixed(self.model.tracks.len());
        self.tables.push_item(
            "TRACK_LOOPED",
            quote! {
                /// Whether each track loops (its last site's next is its first).
                static TRACK_LOOPED: [bool; #n_tracks] = [#(#looped),*];
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
        let rule = self.rule_lit(m.rule);
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
        // The walk's first blocker found by bitboards, segment by segment,
        // when only a blocker can make a move (no plain landing, a stop
        // rule that needs an occupied site) and the go rule is one.
        let pattern = go_pattern(between_if.as_ref());
        if let (None, Some(from_passes), Some(stop_if)) = (&plain, pattern, stop_if) {
            if needs_occupied(stop_if) {
                if let Some(table) = self.track_walks(tracks, *all) {
                    return self.segment_slide(m, table, from_passes, stop_if, emit);
                }
            }
        }
        // The walk site by site, over the tracks' tables.
        self.track_tables();
        self.track_looped();
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

    /// The table of the walks of a track slide along `tracks` (emitted
    /// once per list; `None` when a walk leaves the board, Ludii's `End`,
    /// which the walk handles): for each site, in the order of the tracks
    /// and of the site's places in each, the sites that must be passable
    /// before the first bump ("AllTracks", `all`; none otherwise) and the
    /// walk from there cut into runs of rising or falling site numbers,
    /// each a bitboard and whether it rises, so that the walk's first
    /// site of a set is the lowest (highest) of the first run meeting it.
    fn track_walks(&mut self, tracks: &[usize], all: bool) -> Option<proc_macro2::Ident> {
        let model = self.model;
        if tracks
            .iter()
            .any(|&t| model.tracks[t].sites.iter().any(|&s| s < 0))
        {
            return None;
        }
        let list: Vec<String> = tracks.iter().map(usize::to_string).collect();
        let name = format!(
            "TRACK_WALKS{}_{}",
            if all { "_ALL" } else { "" },
            list.join("_")
        );
        let ident = quote::format_ident!("{}", name);
        let n_sites = model.total_sites();
        let per_site: Vec<TokenStream> = (0..n_sites)
            .map(|site| {
                let mut entries = Vec::new();
                for &ti in tracks {
                    let t = &model.tracks[ti];
                    let len = t.sites.len();
                    for i in (0..len).filter(|&i| t.sites[i] == site as i32) {
                        let steps = if t.looped { len - 1 } else { len - 1 - i };
                        let skip = if all { walk_skip(t, i) } else { 0 };
                        let before = self
                            .tables
                            .bits((1..=skip).map(|k| t.sites[(i + k) % len] as crate::ir::Site));
                        let walk: Vec<i32> =
                            (skip + 1..=steps).map(|k| t.sites[(i + k) % len]).collect();
                        let runs = monotone_runs(&walk).into_iter().map(|(run, up)| {
                            let bits = self.tables.bits(run.iter().map(|&s| s as crate::ir::Site));
                            quote!((#bits, #up))
                        });
                        entries.push(quote!((#before, &[#(#runs),*])));
                    }
                }
                quote!(&[#(#entries),*])
            })
            .collect();
        let doc = format!(
            " For each site, the walks of a slide along tracks {} from it: the sites to pass before the first bump{}, then the walk in runs of rising or falling site numbers (the sites, whether they rise).",
            list.join(", "),
            if all { "" } else { " (none: every site counts)" }
        );
        let n = proc_macro2::Literal::usize_unsuffixed(n_sites);
        self.tables.push_item(
            &name,
            quote! {
                #[doc = #doc]
                #[allow(clippy::type_complexity)]
                static #ident: [&[(Board, &[(Board, bool)])]; #n] = [#(#per_site),*];
            },
        );
        Some(ident)
    }

    /// A track slide whose moves land only on the walk's first blocker
    /// (see [`Self::track_slide`]), over the walks of `table`: for each,
    /// when its sites before the first bump pass, the first run holding
    /// a blocker gives it (the lowest or highest of them), a move when
    /// the stop rule holds there. The same moves in the same order as
    /// the walk's.
    fn segment_slide(
        &mut self,
        m: &PieceMove,
        table: proc_macro2::Ident,
        from_passes: bool,
        stop_if: &Cond,
        emit: Emit,
    ) -> TokenStream {
        let rule = self.rule_lit(m.rule);
        let saved = self.scope;
        self.scope.to = true;
        self.scope.between = false;
        let stop = self.cond(stop_if);
        self.scope = saved;
        let mv = emit(quote!(Move::Piece { rule: #rule, from, to, dir: 0 }));
        // The sites the go rule refuses; the slide's own start passes, but
        // stops the walk when the stop rule holds there.
        let blockers = if from_passes {
            quote! {
                let passing = s.occupied.without(from as usize);
                let blockers = {
                    let to = from;
                    if #stop { s.occupied } else { passing }
                };
            }
        } else {
            quote!(let passing = s.occupied; let blockers = s.occupied;)
        };
        quote! {
            #blockers
            for &(before, runs) in #table[from as usize] {
                if !before.intersects(&passing) {
                    for &(run, up) in runs {
                        let hit = run.and(blockers);
                        if !hit.is_empty() {
                            let to = if up { hit.first_site() } else { hit.last_site() };
                            let to = to.unwrap_or_default() as u16;
                            if #stop { #mv }
                            break;
                        }
                    }
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

    /// `(trackSite Move [from:S] [WHO|"Name"] steps:N)` (Ludii's
    /// `TrackSiteMove.eval`): the site N steps after S on WHO's track, the
    /// track chosen for each player at generation; -2 for Ludii's `End`,
    /// -1 past the end of an open track.
    pub(super) fn track_site_move(
        &mut self,
        from: &crate::ir::SiteExpr,
        who: crate::ir::PlayerRef,
        name: Option<&str>,
        steps: &crate::ir::IntExpr,
    ) -> TokenStream {
        let tracks = &self.model.tracks;
        let track_of = |p: Option<u8>| {
            let named = name.and_then(|n| {
                tracks
                    .iter()
                    .position(|t| t.name.contains(n) && Some(t.owner) == p)
                    .or_else(|| tracks.iter().position(|t| t.name.contains(n)))
            });
            named
                .or_else(|| tracks.iter().position(|t| Some(t.owner) == p))
                .or_else(|| tracks.iter().position(|t| t.owner == 0))
        };
        let players: Vec<Option<usize>> = (0..=self.model.num_players)
            .map(|p| track_of(Some(p)))
            .collect();
        let other = track_of(None);
        if players.iter().all(Option::is_none) && other.is_none() {
            return quote!((-1i64));
        }
        self.track_tables();
        self.track_looped();
        if self.helper_names.insert("track_site_move".to_owned()) {
            self.helpers.push(quote! {
                /// The site `steps` elements after `at` on track `track`
                /// (Ludii's `TrackSiteMove`): -2 for the off-board `End`, -1
                /// past the end of an open track.
                #[inline(always)]
                fn track_site_move(track: usize, at: u16, steps: i64) -> i64 {
                    let len = TRACK_LENS[track];
                    let mut i = match TRACK_PLACES[track].get(at as usize) {
                        Some(places) => places.first().map_or(len, |&i| i as usize),
                        None => len,
                    };
                    i += steps.max(0) as usize;
                    let site = if i < len {
                        TRACK_RUNS[track][i]
                    } else if TRACK_LOOPED[track] {
                        TRACK_RUNS[track][i % len]
                    } else {
                        return -1;
                    };
                    if site == NO_SITE { -2 } else { site as i64 }
                }
            });
        }
        // No track: `usize::MAX` stands for it, which yields -1.
        let index = |t: Option<usize>| match t {
            Some(t) => Literal::usize_unsuffixed(t).into_token_stream(),
            None => quote!(usize::MAX),
        };
        let track = if players.iter().all(|&t| t == other) {
            index(other)
        } else {
            let p = self.player(who);
            let arms = players.iter().enumerate().map(|(p, &t)| {
                let (p, t) = (Literal::u8_unsuffixed(p as u8), index(t));
                quote!(#p => #t,)
            });
            let other = index(other);
            quote!(match #p { #(#arms)* _ => #other })
        };
        let (at, _) = self.site(from);
        let steps = self.int(steps);
        if players.iter().chain([&other]).any(Option::is_none) {
            quote!({
                let track: usize = #track;
                if track == usize::MAX { -1 } else { Self::track_site_move(track, #at, #steps) }
            })
        } else {
            quote!(Self::track_site_move(#track, #at, #steps))
        }
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

/// Whether `c` can hold only where `(to)` is occupied: then a track walk
/// over empty sites never stops there.
fn needs_occupied(c: &Cond) -> bool {
    use crate::ir::{IntExpr, SiteExpr};
    match c {
        Cond::Enemy(IntExpr::Who(SiteExpr::To))
        | Cond::Friend(IntExpr::Who(SiteExpr::To))
        | Cond::Occupied(SiteExpr::To) => true,
        Cond::And(parts) => parts.iter().any(needs_occupied),
        _ => false,
    }
}

/// `walk` cut into maximal runs of strictly rising or falling sites, each
/// with whether it rises (a run of one site rises).
fn monotone_runs(walk: &[i32]) -> Vec<(Vec<i32>, bool)> {
    let mut runs: Vec<(Vec<i32>, Option<bool>)> = Vec::new();
    for &site in walk {
        if let Some((run, up)) = runs.last_mut() {
            let last = *run.last().expect("a run holds a site");
            let rises = site > last;
            if site != last && up.is_none_or(|u| u == rises) {
                run.push(site);
                *up = Some(rises);
                continue;
            }
        }
        runs.push((vec![site], None));
    }
    runs.into_iter()
        .map(|(run, up)| (run, up.unwrap_or(true)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::merged::tests::generated;
    use super::monotone_runs;

    /// A walk cut where its site numbers turn: each run rising or falling,
    /// a lone site rising.
    #[test]
    fn walks_are_cut_where_their_sites_turn() {
        assert_eq!(
            monotone_runs(&[3, 4, 5, 11, 10, 9, 9, 15]),
            vec![
                (vec![3, 4, 5, 11], true),
                (vec![10, 9], false),
                (vec![9, 15], true),
            ]
        );
        assert_eq!(monotone_runs(&[7]), vec![(vec![7], true)]);
        assert!(monotone_runs(&[]).is_empty());
    }

    /// Surakarta's capturing slides find each walk's first blocker with
    /// the per-site table of runs instead of walking the sites.
    #[test]
    fn capturing_track_slides_find_the_first_blocker_by_runs() {
        let code = generated(
            r#"(game "Loops" (players 2)
      (equipment { (surakartaBoard (square 6))
        (piece "Marker" Each (move Slide "AllTracks"
          (between if:(or (= (between) (from)) (is Empty (between))))
          (to if:(is Enemy (who at:(to))) (apply if:False (remove (to)))))) })
      (rules (start { (place "Marker1" (expand (sites Bottom))) (place "Marker2" (expand (sites Top))) })
        (play (forEach Piece))
        (end (if (no Pieces Next) (result Next Loss)))))"#,
        );
        assert!(code.contains("TRACK_WALKS_ALL_0_1_2_3"), "{code}");
    }
}
