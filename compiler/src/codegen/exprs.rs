//! Players, sites, integers, conditions and regions as Rust expressions over
//! the generated `State` (`s`), the mover (`mover`) and the move's sites in
//! scope (`from`, `to`, `between`, `site`).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, ToTokens};

use crate::board::Relation;
use crate::ir::{Comparison, Cond, IntExpr, Owners, Pieces, PlayerRef, Region, SiteExpr};

use super::purpose::Question;

/// The widest range of keys a map is written as a table for (a wider
/// one is a `match`).
const MAX_MAP_TABLE: i64 = 4096;
use super::Gen;

impl Gen<'_> {
    /// A player reference for `mover` (a `u8`). `Next` is the mover itself
    /// right after a `moveAgain` (Ludii reads it so), except while probing
    /// whether another player could move.
    pub(super) fn player(&mut self, who: PlayerRef) -> TokenStream {
        let two = self.model.num_players == 2;
        match who {
            PlayerRef::Mover => quote!(mover),
            // In a threat test (two players) Ludii's `Next` is the sink's:
            // the threatened owner or the testing state's next player.
            PlayerRef::Next
                if two && self.threat_reads_next && !self.known_not(Question::Threat) =>
            {
                self.choose(
                    Question::Threat,
                    |_| quote!(sink.threat_next()),
                    |g| g.player_outside_threat(who),
                )
            }
            _ => self.player_outside_threat(who),
        }
    }

    /// [`Gen::player`] where no threat test generates the moves.
    fn player_outside_threat(&mut self, who: PlayerRef) -> TokenStream {
        // With two players any result ends the game, so while rules are
        // evaluated both play: the other one is `3 - mover`.
        let two = self.model.num_players == 2;
        let plain_next = if two {
            quote!((3 - mover))
        } else {
            quote!(s.results.next_active(mover))
        };
        match who {
            PlayerRef::Mover => quote!(mover),
            PlayerRef::Next if !self.analysis.moves_again => plain_next,
            PlayerRef::Next => {
                let after_again = quote!(
                    (if s.again && mover == s.mover {
                        mover
                    } else {
                        s.results.next_active(mover)
                    })
                );
                // A probe, and with two players a threat test, read the
                // plain next player.
                self.choose(
                    Question::Probe,
                    |_| plain_next.clone(),
                    |g| {
                        if two {
                            g.choose(
                                Question::Threat,
                                |_| plain_next.clone(),
                                |_| after_again.clone(),
                            )
                        } else {
                            after_again.clone()
                        }
                    },
                )
            }
            PlayerRef::Prev if two => quote!((3 - mover)),
            PlayerRef::Prev => quote!(s.results.previous_active(mover)),
            PlayerRef::Player(p) => {
                let p = Literal::u8_unsuffixed(p);
                quote!(#p)
            }
        }
    }

    /// A site (`u16`, `NO_SITE` when undefined) and whether it is surely defined.
    pub(super) fn site(&mut self, x: &SiteExpr) -> (TokenStream, bool) {
        let bound = |on: bool, name: &str| {
            if on {
                let id = format_ident!("{}", name);
                (quote!(#id), true)
            } else {
                (quote!(NO_SITE), false)
            }
        };
        match x {
            SiteExpr::From => bound(self.scope.from, "from"),
            SiteExpr::To if self.scope.to && self.scope.to_maybe => (quote!(to), false),
            SiteExpr::To => bound(self.scope.to, "to"),
            SiteExpr::Between => bound(self.scope.between, "between"),
            SiteExpr::Iterated => bound(self.scope.site, "site"),
            SiteExpr::HandSite { who, index } => {
                // Site `index` of the first hand `who` owns (Ludii's HandSite).
                let site_of = |p: u8| {
                    self.model
                        .hands
                        .iter()
                        .find(|h| h.owner == p)
                        .filter(|h| *index < h.size)
                        .map(|h| h.first + index)
                };
                if let PlayerRef::Player(p) = who {
                    return match site_of(*p) {
                        Some(x) => {
                            let x = Literal::u16_unsuffixed(x);
                            (quote!(#x), true)
                        }
                        None => (quote!(NO_SITE), false),
                    };
                }
                let p = self.player(*who);
                let arms = (1..=self.model.num_players).filter_map(|q| {
                    let x = Literal::u16_unsuffixed(site_of(q)?);
                    let q = Literal::u8_unsuffixed(q);
                    Some(quote!(#q => #x,))
                });
                (quote!((match #p { #(#arms)* _ => NO_SITE })), false)
            }
            SiteExpr::WhereOf { who, per_player } => {
                // The player's component of that name, then the first site
                // (board, then hands) holding it, as the interpreter scans.
                let p = self.player(*who);
                let arms = per_player.iter().enumerate().filter_map(|(i, c)| {
                    let q = Literal::u8_unsuffixed(i as u8 + 1);
                    let w = Literal::u8_unsuffixed((*c)? as u8 + 1);
                    Some(quote!(#q => #w,))
                });
                (
                    quote!((match #p {
                        #(#arms)*
                        _ => 0u8,
                    })
                    .checked_sub(1)
                    .and_then(|c| s.what.iter().position(|&w| w == c + 1))
                    .map_or(NO_SITE, |x| x as u16)),
                    false,
                )
            }
            SiteExpr::Int(f) => {
                // A site computed by an integer function: undefined when it
                // names no site of the board or the hands.
                let n = self.int(&f.0);
                let len = if self.model.hands.is_empty() {
                    quote!(NUM_SITES)
                } else {
                    quote!(TOTAL_SITES)
                };
                (
                    quote!({
                        let n = #n;
                        if (0..#len as i64).contains(&n) { n as u16 } else { NO_SITE }
                    }),
                    false,
                )
            }
            SiteExpr::LastTo => (quote!(s.last_to), false),
            SiteExpr::LastFrom => (quote!(s.last_from), false),
            SiteExpr::LastToAfterConsequence if self.scope.decision_to => {
                (quote!(decision_to), true)
            }
            SiteExpr::LastToAfterConsequence => (quote!(s.last_to_after), false),
            SiteExpr::Const(c) => {
                let c = Literal::u16_unsuffixed(*c);
                (quote!(#c), true)
            }
            SiteExpr::Where { component } => {
                let owner = self.model.components[*component].owner;
                let kinds = self
                    .model
                    .components
                    .iter()
                    .filter(|c| c.owner == owner)
                    .count();
                if kinds == 1 {
                    // The owner's only kind of piece: its lowest site, as the scan finds it.
                    let p = Literal::usize_unsuffixed(owner as usize);
                    (
                        quote!(s.owned[#p].first_site().map_or(NO_SITE, |x| x as u16)),
                        false,
                    )
                } else {
                    // Several kinds: the component's own bitboard is kept.
                    let w = Literal::usize_unsuffixed(*component + 1);
                    (
                        quote!(s.kinds[#w].first_site().map_or(NO_SITE, |x| x as u16)),
                        false,
                    )
                }
            }
        }
    }

    /// `test(x)` on a site, false when the site is undefined.
    fn at_site(&mut self, x: &SiteExpr, test: impl Fn(TokenStream) -> TokenStream) -> TokenStream {
        let (x, defined) = self.site(x);
        if is_no_site(&x) {
            quote!(false)
        } else if defined {
            test(x)
        } else if is_place(&x) {
            // A variable or a state field: read it twice rather than bind it.
            let t = test(x.clone());
            quote!((#x != NO_SITE && #t))
        } else {
            let t = test(quote!(x));
            quote!(site_is(#x, |x| #t))
        }
    }

    /// The statement `act(x)` on a site, skipped when the site is undefined.
    pub(super) fn at_defined_site(
        &mut self,
        x: &SiteExpr,
        act: impl Fn(TokenStream) -> TokenStream,
    ) -> TokenStream {
        let (x, defined) = self.site(x);
        if is_no_site(&x) {
            quote!()
        } else if defined {
            act(x)
        } else if is_place(&x) {
            let a = act(x.clone());
            quote!(if #x != NO_SITE { #a })
        } else {
            let a = act(quote!(x));
            quote!({ let x = #x; if x != NO_SITE { #a } })
        }
    }

    /// `value(x)` on a site, `undefined` when the site is undefined.
    fn of_site(
        &mut self,
        x: &SiteExpr,
        undefined: TokenStream,
        value: impl Fn(TokenStream) -> TokenStream,
    ) -> TokenStream {
        let (x, defined) = self.site(x);
        if is_no_site(&x) {
            undefined
        } else if defined {
            value(x)
        } else if is_place(&x) {
            let v = value(x.clone());
            quote!((if #x == NO_SITE { #undefined } else { #v }))
        } else {
            let v = value(quote!(x));
            quote!(of_site(#x, #undefined, |x| #v))
        }
    }

    /// An integer expression (`i64`), a constant with its type's suffix
    /// (`3i64`): where copies of a rule differ only in such constants,
    /// `merge_copies` makes them one method taking the constant.
    pub(super) fn typed_int(&mut self, n: &IntExpr) -> TokenStream {
        match n {
            IntExpr::Const(c) => {
                let c = Literal::i64_suffixed(*c);
                quote!(#c)
            }
            other => self.int(other),
        }
    }

    /// `(mapEntry map key)`: Ludii's MapEntry, the first map (of that name)
    /// with an entry for the key, else the key itself. A map of keys in a
    /// short range is one table (`MapTable`) however many rules read it.
    fn map_entry(&mut self, map: Option<&str>, key: TokenStream) -> TokenStream {
        let mut seen = std::collections::BTreeSet::new();
        let entries: Vec<(i64, i64)> = self
            .model
            .map_entries(map)
            .filter(|(k, _)| seen.insert(*k))
            .collect();
        let (first, last) = entries
            .iter()
            .fold((i64::MAX, i64::MIN), |(lo, hi), &(k, _)| {
                (lo.min(k), hi.max(k))
            });
        if entries.is_empty() || last - first >= MAX_MAP_TABLE {
            let arms = entries.iter().map(|&(k, v)| {
                let (k, v) = (Literal::i64_unsuffixed(k), Literal::i64_unsuffixed(v));
                quote!(#k => #v,)
            });
            return quote!((match #key { #(#arms)* k => k }));
        }
        let name = match map {
            Some(name) => format!("MAP_{}", super::pieces::snake_case(name).to_uppercase()),
            None => "MAP_ENTRIES".to_owned(),
        };
        let values = (first..=last).map(|k| {
            let v = entries.iter().find(|e| e.0 == k).map_or(k, |e| e.1);
            Literal::i64_unsuffixed(v)
        });
        let len = Literal::usize_unsuffixed((last - first + 1) as usize);
        let first_lit = Literal::i64_unsuffixed(first);
        let doc = match map {
            Some(name) => {
                format!(" `(map \"{name}\" ...)`: the entries of the keys from {first} on.")
            }
            None => {
                format!(" The maps' entries (the first map's, by key) of the keys from {first} on.")
            }
        };
        let id = format_ident!("{}", name);
        self.tables.push_item(
            &name,
            quote! {
                #[doc = #doc]
                static #id: MapTable<#len> = MapTable::new(#first_lit, [#(#values),*]);
            },
        );
        quote!(#id.entry(#key))
    }

    /// An integer expression (`i64`).
    pub(super) fn int(&mut self, n: &IntExpr) -> TokenStream {
        match n {
            IntExpr::Const(c) => {
                let c = Literal::i64_unsuffixed(*c);
                quote!(#c)
            }
            IntExpr::CountMoves => quote!((s.moves as i64)),
            IntExpr::CountAt(region) => self.count_at(region),
            IntExpr::CountLiberties { at, directions, .. } => self.count_liberties(at, directions),
            IntExpr::SizeTerritory { who, direction } => self.size_territory(*who, *direction),
            IntExpr::MapEntry { map, key } => {
                let key = self.int(key);
                self.map_entry(map.as_deref(), key)
            }
            IntExpr::AheadRelative {
                site,
                steps,
                opposite,
                candidates,
            } => self.ahead_relative(site, steps, *opposite, candidates),
            IntExpr::Mul(list) => {
                let parts: Vec<_> = list.iter().map(|n| self.int(n)).collect();
                quote!((1i64 #(.wrapping_mul(#parts))*))
            }
            IntExpr::RememberedCount(_) => {
                unreachable!("refused by features: remembered values")
            }
            IntExpr::Var(v) => {
                let v = Literal::usize_unsuffixed(*v as usize);
                quote!(s.vars[#v])
            }
            IntExpr::CountTurns => quote!((s.turns as i64)),
            IntExpr::CountMovesThisTurn => {
                unreachable!("refused by features: `(count MovesThisTurn)`")
            }
            IntExpr::CountPips => quote!(Self::count_pips(s)),
            // Ludii keeps a value per player; none is set beyond them.
            IntExpr::PlayerValue(p) => {
                let p = self.player(*p);
                quote!(s.values.get(#p as usize).copied().unwrap_or(-1))
            }
            IntExpr::TrackSiteMove {
                from,
                who,
                name,
                steps,
            } => self.track_site_move(from, *who, name.as_deref(), steps),
            IntExpr::TrackSiteFirst { .. } => {
                unreachable!("refused by features: `(trackSite FirstSite ...)`")
            }
            IntExpr::Pips => unreachable!("refused by features: (pips)"),
            IntExpr::ComponentOf { who, per_player } => {
                // WHO's component of the name, 0 when WHO has none.
                let p = self.player(*who);
                let arms = per_player.iter().enumerate().map(|(i, &w)| {
                    let (i, w) = (
                        Literal::u8_unsuffixed(i as u8 + 1),
                        Literal::i64_unsuffixed(w as i64),
                    );
                    quote!(#i => #w,)
                });
                quote!((match #p { #(#arms)* _ => 0i64 }))
            }
            IntExpr::Counter => quote!((s.counter as i64)),
            IntExpr::What(x) => {
                self.of_site(x, quote!(0), |x| quote!((s.what[#x as usize] as i64)))
            }
            // `ValuePending`: the value when there is exactly one, else 0.
            IntExpr::Pending => quote!(
                (if s.pending.count() == 1 {
                    s.pending.first_site().map_or(0, |v| v as i64)
                } else {
                    0
                })
            ),
            IntExpr::Ahead {
                site,
                steps,
                direction,
            } => self.ahead(site, steps, *direction),
            IntExpr::If {
                condition,
                then,
                otherwise,
            } => {
                let c = self.cond(condition);
                let (a, b) = (self.int(then), self.int(otherwise));
                quote!((if #c { #a } else { #b }))
            }
            IntExpr::Player(p) => {
                let p = self.player(*p);
                quote!((#p as i64))
            }
            IntExpr::Who(x) => self.of_site(
                x,
                quote!(0),
                |x| quote!((OWNER[s.what[#x as usize] as usize] as i64)),
            ),
            IntExpr::Row(x) | IntExpr::Column(x) => {
                let table = self.coordinates(matches!(n, IntExpr::Row(_)));
                if self.model.hands.is_empty() {
                    self.of_site(x, quote!(-1), |x| quote!((#table[#x as usize] as i64)))
                } else {
                    // A hand's site has no row: Off, as `Row.eval`.
                    self.of_site(
                        x,
                        quote!(-1),
                        |x| quote!(#table.get(#x as usize).map_or(-1, |&v| v as i64)),
                    )
                }
            }
            IntExpr::CountSites(region) => {
                let r = self.region(region);
                quote!((#r.count() as i64))
            }
            IntExpr::CountPieces(pieces) => {
                let sites = self.pieces(pieces);
                self.pieces_on(sites)
            }
            IntExpr::CountGroups(relation, test) => self.count_groups(*relation, test),
            IntExpr::CountSteps { .. } => unreachable!("refused by features: `(count Steps ...)`"),
            IntExpr::Add(a, b) => {
                let (a, b) = (self.int(a), self.int(b));
                quote!((#a + #b))
            }
            IntExpr::Sub(a, b) => {
                let (a, b) = (self.int(a), self.int(b));
                quote!((#a - #b))
            }
            IntExpr::Min(a, b) => {
                let (a, b) = (self.int(a), self.int(b));
                quote!(i64::min(#a, #b))
            }
            IntExpr::Max(a, b) => {
                let (a, b) = (self.int(a), self.int(b));
                quote!(i64::max(#a, #b))
            }
            IntExpr::Site(x) => self.of_site(x, quote!(-1), |x| quote!((#x as i64))),
            IntExpr::Div(a, b) => {
                let (a, b) = (self.int(a), self.int(b));
                quote!((#a).checked_div(#b).unwrap_or(0))
            }
            IntExpr::State(x) => {
                self.of_site(x, quote!(0), |x| quote!((s.state[#x as usize] as i64)))
            }
            IntExpr::Score(p) => {
                let p = self.player(*p);
                quote!((s.scores[#p as usize] as i64))
            }
            IntExpr::StackSize(x) => {
                if self.model.stacking {
                    self.of_site(x, quote!(0), |x| quote!((s.heights[#x as usize] as i64)))
                } else {
                    self.of_site(
                        x,
                        quote!(0),
                        |x| quote!((i64::from(s.what[#x as usize] != 0))),
                    )
                }
            }
        }
    }

    /// The `ROW_OF` or `COLUMN_OF` table.
    /// `(ahead SITE steps:N DIR)` (`Ahead.eval`): a table per direction and
    /// N of the site N steps along the first radial long enough, else the
    /// site itself; -1 for an undefined site, the site itself off the board.
    fn ahead(
        &mut self,
        site: &SiteExpr,
        steps: &IntExpr,
        direction: crate::board::AbsoluteDirection,
    ) -> TokenStream {
        let IntExpr::Const(n) = *steps else {
            unreachable!("refused by features: (ahead ... steps:N) with a computed N")
        };
        let id = self.ahead_table(direction, n);
        self.of_site(site, quote!(-1i64), |x| {
            quote!((if (#x as usize) < NUM_SITES { #id[#x as usize] as i64 } else { #x as i64 }))
        })
    }

    /// The table of each site's `(ahead SITE steps:N DIR)`.
    fn ahead_table(&mut self, direction: crate::board::AbsoluteDirection, n: i64) -> TokenStream {
        let board = self.model.board.clone();
        let values: Vec<i64> = (0..board.num_sites())
            .map(|at| {
                board
                    .radials(at, direction)
                    .find_map(|r| {
                        usize::try_from(n)
                            .ok()
                            .filter(|&n| n >= 1)
                            .and_then(|n| r.steps.get(n))
                    })
                    .map_or(at as i64, |&s| s as i64)
            })
            .collect();
        let name = format!(
            "AHEAD_{}_{}",
            direction.name().to_uppercase(),
            n.max(0) as u64
        );
        let doc = format!(
            "Each site's `(ahead SITE steps:{n} {})`: the site {n} steps along the first radial long enough, else itself.",
            direction.name()
        );
        let id = self.tables.site_numbers(&name, &doc, &values);
        quote!(#id)
    }

    /// `(ahead SITE steps:N SameDirection|OppositeDirection)` (`Ahead.eval`,
    /// §53): the heading is the last candidate whose radial from `(from)`
    /// passes through `(to)` (from `(to)` through `(from)` when opposite),
    /// each the last move's when unbound; none, and the site itself.
    fn ahead_relative(
        &mut self,
        site: &SiteExpr,
        steps: &IntExpr,
        opposite: bool,
        candidates: &[crate::board::AbsoluteDirection],
    ) -> TokenStream {
        let IntExpr::Const(n) = *steps else {
            unreachable!("refused by features: (ahead ... steps:N) with a computed N")
        };
        let (at, _) = self.site(site);
        let from = if self.scope.from {
            quote!(from)
        } else {
            quote!(s.last_from)
        };
        let to = match (self.scope.to, self.scope.to_maybe) {
            (true, false) => quote!(to),
            (true, true) => quote!((if to != NO_SITE { to } else { s.last_to })),
            (false, _) => quote!(s.last_to),
        };
        let (a, b) = if opposite { (to, from) } else { (from, to) };
        let (heading, ahead) = self.heading_tables(candidates, n);
        quote!({
            let at = #at;
            if at == NO_SITE {
                -1i64
            } else {
                let (a, b) = (#a, #b);
                if (at as usize) >= NUM_SITES || (a as usize) >= NUM_SITES || (b as usize) >= NUM_SITES {
                    at as i64
                } else {
                    match #heading[a as usize][b as usize] {
                        u8::MAX => at as i64,
                        h => #ahead[h as usize][at as usize] as i64,
                    }
                }
            }
        })
    }

    /// For `candidates`: the table of the heading `Ahead.eval` takes from
    /// A towards B (the last candidate whose radial from A passes through
    /// B; `u8::MAX` for none), and per candidate the table of each site's
    /// `(ahead SITE steps:N)` along it.
    fn heading_tables(
        &mut self,
        candidates: &[crate::board::AbsoluteDirection],
        n: i64,
    ) -> (proc_macro2::Ident, proc_macro2::Ident) {
        let board = self.model.board.clone();
        let sites = board.num_sites();
        let names: Vec<String> = candidates.iter().map(|d| d.name().to_uppercase()).collect();
        let heading = format_ident!("LAST_HEADING_{}", names.join("_"));
        let headings = (0..sites).flat_map(|a| {
            let board = &board;
            (0..sites).map(move |b| {
                let k = candidates.iter().rposition(|&d| {
                    board
                        .radials(a, d)
                        .any(|r| r.steps[1..].contains(&(b as u16)))
                });
                Literal::u8_unsuffixed(k.map_or(u8::MAX, |k| k as u8))
            })
        });
        let len = Literal::usize_unsuffixed(sites);
        let doc = format!(
            " The heading from site A towards site B (`Ahead.eval`): the index of the last of {} whose radial from A passes through B, `u8::MAX` for none.",
            names.join(", ")
        );
        self.tables.push_item(
            &heading.to_string(),
            quote! {
                #[doc = #doc]
                static #heading: [[u8; #len]; #len] = rows(&[#(#headings),*]);
            },
        );
        let ahead = format_ident!("AHEAD_{}_{}", names.join("_"), n.max(0) as u64);
        let aheads = candidates.iter().flat_map(|&d| {
            let board = &board;
            (0..sites).map(move |at| {
                let x = board
                    .radials(at, d)
                    .find_map(|r| {
                        usize::try_from(n)
                            .ok()
                            .filter(|&n| n >= 1)
                            .and_then(|n| r.steps.get(n))
                    })
                    .map_or(at as u16, |&s| s);
                Literal::u16_unsuffixed(x)
            })
        });
        let k = Literal::usize_unsuffixed(candidates.len());
        let doc = format!(
            " Per heading of {}, each site's `(ahead SITE steps:{n} HEADING)`: the site {n} steps along the first radial long enough, else itself.",
            names.join(", ")
        );
        self.tables.push_item(
            &ahead.to_string(),
            quote! {
                #[doc = #doc]
                static #ahead: [[u16; #len]; #k] = rows(&[#(#aheads),*]);
            },
        );
        (heading, ahead)
    }

    fn coordinates(&mut self, rows: bool) -> TokenStream {
        let board = self.model.board.clone();
        let values: Vec<i64> = board
            .sites
            .iter()
            .map(|site| if rows { site.row } else { site.col } as i64)
            .collect();
        let (name, doc) = if rows {
            ("ROW_OF", "Each site's row (Ludii's `row`).")
        } else {
            ("COLUMN_OF", "Each site's column (Ludii's `column`).")
        };
        let id = self.tables.site_numbers(name, doc, &values);
        quote!(#id)
    }

    /// `(count Groups REL if:C)`: C is tested with each site as `(to)`; "the
    /// pieces of player P" is read straight from the owner's bitboard.
    fn count_groups(&mut self, relation: Relation, test: &Cond) -> TokenStream {
        let steps = self.tables.neighbour_masks(relation);
        let member = match test {
            Cond::Compare(Comparison::Eq, IntExpr::Who(SiteExpr::To), IntExpr::Player(p))
            | Cond::Compare(Comparison::Eq, IntExpr::Player(p), IntExpr::Who(SiteExpr::To)) => {
                let p = self.player(*p);
                if self.model.hands.is_empty() {
                    quote!(s.owned[#p as usize])
                } else {
                    // The board's groups: the pieces in hand aside.
                    quote!(s.owned[#p as usize].and(ALL))
                }
            }
            _ => {
                let saved = self.scope;
                self.scope.to = true;
                let c = self.cond(test);
                self.scope = saved;
                quote!({
                    let mut member = Board::EMPTY;
                    for to in 0..NUM_SITES as u16 {
                        if #c { member.insert(to as usize); }
                    }
                    member
                })
            }
        };
        quote!((count_groups(#member, &#steps) as i64))
    }

    pub(super) fn cond(&mut self, c: &Cond) -> TokenStream {
        // An end rule may write the state through the condition's boolean
        // skeleton only: anything else may build closures borrowing it.
        let end_rule = self.purpose.end_rule;
        self.purpose.end_rule = end_rule
            && matches!(
                c,
                Cond::Not(_) | Cond::And(_) | Cond::Or(_) | Cond::NoMoves(PlayerRef::Next)
            );
        let code = self.cond_of(c);
        self.purpose.end_rule = end_rule;
        code
    }

    fn cond_of(&mut self, c: &Cond) -> TokenStream {
        match c {
            Cond::True => quote!(true),
            Cond::False => quote!(false),
            Cond::CanMove(m) => self.can_move(m),
            Cond::IsPending => quote!(!s.pending.is_empty()),
            Cond::IsCycle => quote!(Self::is_cycle(s)),
            Cond::AllDiceUsed | Cond::AllDiceEqual => unreachable!("refused by features: dice"),
            Cond::Proposed(p) => self.is_proposed(*p),
            Cond::Decided(p) => self.is_decided(*p),
            // Ludii's `Equals` of regions: the same sites (as sets).
            Cond::SameSites(a, b) => {
                let (a, b) = (self.region(a), self.region(b));
                quote!((#a == #b))
            }
            // The state's visited set; inside `(can Move ...)` the last
            // move's `from` and `to` count as visited too (`CanMove.eval`).
            Cond::Visited(x) => self.choose_cond(
                Question::Visiting,
                |g| {
                    g.at_site(x, |x| {
                        quote!((s.visited.contains(#x as usize) || #x == s.last_from || #x == s.last_to))
                    })
                },
                |g| g.at_site(x, |x| quote!(s.visited.contains(#x as usize))),
            ),
            Cond::Threatened(t) => self.threatened(t),
            Cond::Not(c) => {
                let c = self.cond(c);
                quote!(!(#c))
            }
            Cond::And(cs) if cs.is_empty() => quote!(true),
            Cond::Or(cs) if cs.is_empty() => quote!(false),
            // A false part (`(if C A)` as a condition lowers to `(or (and C
            // A) (and (not C) false))`) decides an `and` and drops out of an
            // `or`: conditions have no effects.
            Cond::And(cs) if cs.iter().any(|c| matches!(c, Cond::False)) => quote!(false),
            Cond::Or(cs) if cs.iter().any(|c| matches!(c, Cond::False)) => {
                let rest: Vec<Cond> = cs
                    .iter()
                    .filter(|c| !matches!(c, Cond::False))
                    .cloned()
                    .collect();
                self.cond(&Cond::Or(rest))
            }
            Cond::And(cs) => {
                let cs: Vec<_> = cs.iter().map(|c| self.cond(c)).collect();
                quote!((#(#cs)&&*))
            }
            Cond::Or(cs) => {
                let cs: Vec<_> = cs.iter().map(|c| self.cond(c)).collect();
                quote!((#(#cs)||*))
            }
            Cond::Even(n) => {
                let n = self.int(n);
                quote!((#n % 2 == 0))
            }
            Cond::Odd(n) => {
                let n = self.int(n);
                quote!((#n % 2 != 0))
            }
            Cond::Empty(x) => self.at_site(x, |x| quote!((s.what[#x as usize] == 0))),
            Cond::Occupied(x) => self.at_site(x, |x| quote!((s.what[#x as usize] != 0))),
            Cond::Enemy(IntExpr::Who(x)) => {
                self.at_site(x, |x| quote!(Self::is_enemy(s, #x, mover)))
            }
            Cond::Friend(IntExpr::Who(x)) => {
                // An empty site's owner is 0, which is never the mover.
                self.at_site(
                    x,
                    |x| quote!((OWNER[s.what[#x as usize] as usize] == mover)),
                )
            }
            Cond::Enemy(p) => {
                let p = self.int(p);
                quote!(is_enemy_player(#p, mover))
            }
            Cond::Friend(p) => {
                let p = self.int(p);
                quote!((#p == mover as i64))
            }
            // In a threat test the threatened owner is `Prev` (two players).
            Cond::IsPrev(p) => self.choose_cond(
                Question::Threat,
                |g| match p {
                    // Known at generation for the mover (never its own
                    // enemy) and, with two players, for the next player
                    // where the test does not pass on Ludii's (it is then
                    // the threatened owner, `3 - mover`).
                    PlayerRef::Mover => quote!(false),
                    PlayerRef::Next if g.model.num_players == 2 && !g.threat_reads_next => {
                        quote!(true)
                    }
                    _ => {
                        let p = g.player(*p);
                        quote!((#p == 3 - mover))
                    }
                },
                |g| {
                    let p = g.player(*p);
                    quote!((#p == s.prev))
                },
            ),
            Cond::IsMover(p) => {
                let p = self.player(*p);
                quote!((#p == mover))
            }
            Cond::In(x, region) => {
                let r = self.region(region);
                self.at_site(x, |x| quote!(#r.contains(#x as usize)))
            }
            Cond::Related(relation, x, region) => {
                let near = self.tables.neighbour_masks(*relation);
                let r = self.region(region);
                self.at_site(x, |x| quote!(#near[#x as usize].intersects(&#r)))
            }
            Cond::Triggered { who, .. } => {
                // Ludii keeps one trigger flag per player, whatever the name.
                let p = self.player(*who);
                quote!(Self::is_triggered(s, #p))
            }
            Cond::NoMoves(PlayerRef::Next) => {
                // Ludii computes Next's moves, as if it were to move now,
                // with the mover as `Prev`: where the play rules ask
                // `(is Prev ...)` ("SameTurn"), on a state that says so —
                // the applied state itself, `prev` restored after, where
                // the code may write it (the repetition probe wants a copy
                // without the positions seen), else a copy.
                self.needs_probe = true;
                let p = self.player(PlayerRef::Next);
                let reads_prev = self
                    .model
                    .phases
                    .iter()
                    .any(|phase| format!("{:?}", phase.play).contains("IsPrev"));
                let any = if reads_prev && self.purpose.end_rule && self.model.no_repeat.is_none() {
                    quote!({
                        let prev = s.prev;
                        s.prev = mover;
                        let any = self.any_moves(s, #p);
                        s.prev = prev;
                        any
                    })
                } else if reads_prev {
                    let copy = self.state_copy();
                    quote!({
                        let mut as_next = #copy;
                        as_next.prev = mover;
                        self.any_moves(&as_next, #p)
                    })
                } else {
                    quote!(self.any_moves(s, #p))
                };
                if self.model.swap {
                    quote!(!(self.swap_allowed(s) || #any))
                } else {
                    quote!(!#any)
                }
            }
            Cond::NoPieces(pieces) => {
                let sites = self.pieces(pieces);
                quote!(#sites.is_empty())
            }
            Cond::NoMoves(who) => {
                // For any other player Ludii reads its stalemated flag.
                let p = self.player(*who);
                quote!((s.stalemated & (1 << #p) != 0))
            }
            Cond::AllSites(region, test) => {
                let r = self.region(region);
                let saved = self.scope;
                self.scope.site = true;
                let t = self.cond(test);
                self.scope = saved;
                // An iterator, not a labelled block: a block in an `if`
                // condition is what clippy's `blocks_in_conditions` refuses.
                quote!(#r.iter().map(|site| site as u16).all(|site| #t))
            }
            Cond::Compare(op, a, b) if super::territory::liberty_test(*op, a, b).is_some() => {
                let (at, directions, negated) =
                    super::territory::liberty_test(*op, a, b).expect("just checked");
                self.has_liberty(at, directions, negated)
            }
            Cond::Compare(op, a, b) => {
                let (a, b) = (self.int(a), self.int(b));
                match op {
                    Comparison::Eq => quote!((#a == #b)),
                    Comparison::Ne => quote!((#a != #b)),
                    Comparison::Lt => quote!((#a < #b)),
                    Comparison::Le => quote!((#a <= #b)),
                    Comparison::Gt => quote!((#a > #b)),
                    Comparison::Ge => quote!((#a >= #b)),
                }
            }
            Cond::Line(line) => self.line_call(line, quote!(s.last_to)),
            Cond::AllPassed => {
                quote!(
                    (s.moves >= NUM_PLAYERS as u32
                        && s.recent.all_passed(NUM_PLAYERS, s.mover, s.moves))
                )
            }
            Cond::LineAt(at) => {
                let (pivot, _) = self.site(&at.through);
                if !at.by_level {
                    return self.line_call(&at.line, pivot);
                }
                let f = self.line_by_level_windows(&at.line);
                quote!(Self::#f(s, #pivot))
            }
            Cond::Connected(c) => {
                let f = self.connected_test(c);
                quote!(self.#f(s, mover))
            }
            Cond::Loop(_) => {
                let f = self.loop_test();
                quote!(Self::#f(s))
            }
        }
    }

    /// The sites of `pieces` (no stacks, one piece a site: the analysis
    /// refuses the rest).
    fn pieces(&mut self, pieces: &Pieces) -> TokenStream {
        let who = pieces.who.map(|w| self.player(w));
        let sites = match (&pieces.kinds, &who) {
            (None, Some(p)) => quote!(s.owned[#p as usize]),
            // Ludii's `All` counts the shared and neutral pieces too.
            (None, None) => quote!(s.occupied),
            (Some(kinds), who) => {
                let sets: Vec<TokenStream> = kinds
                    .iter()
                    .map(|&w| {
                        let lit = Literal::u8_unsuffixed(w);
                        let of_kind = self.component_sites(quote!(#lit));
                        let owner_counts = match who {
                            Some(p) => quote!(OWNER[#lit as usize] == #p),
                            None => quote!(true),
                        };
                        quote!(if #owner_counts { #of_kind } else { Board::EMPTY })
                    })
                    .collect();
                quote!(Board::EMPTY #(.or(#sets))*)
            }
        };
        match &pieces.within {
            Some(r) => {
                let r = self.region(r);
                quote!(#sites.and(#r))
            }
            None => sites,
        }
    }

    /// A region as a `Board` expression.
    pub(super) fn region(&mut self, r: &Region) -> TokenStream {
        match r {
            Region::Empty => quote!(ALL.minus(s.occupied)),
            Region::Hand(who) => {
                // The sites of the first hand WHO owns (Ludii's SitesHand).
                let sets: Vec<Vec<u16>> = (0..=self.model.num_players)
                    .map(|p| {
                        self.model
                            .hands
                            .iter()
                            .find(|h| h.owner == p)
                            .map_or_else(Vec::new, |h| h.sites().collect())
                    })
                    .collect();
                let table = self.tables.board_list(
                    "HANDS",
                    "The sites of the hand each player owns (`(sites Hand ...)`; index 0: a shared hand).",
                    &sets,
                );
                let p = self.player(*who);
                quote!(#table[#p as usize])
            }
            Region::Holding(whats) => {
                // The board's and hands' sites holding one of these components.
                let sets: Vec<TokenStream> = whats
                    .iter()
                    .map(|&w| self.component_sites(Literal::u8_unsuffixed(w).into_token_stream()))
                    .collect();
                quote!(Board::EMPTY #(.or(#sets))*)
            }
            // Only `(remove ... at:EndOfTurn)` marks sites to clear: without
            // it the set is always empty, as it is in Ludii.
            Region::ToClear if self.analysis.features.to_clear => quote!(s.to_clear),
            Region::ToClear => quote!(Board::EMPTY),
            // The pending values that are sites (`SitesPending`).
            Region::Remembered(_) => unreachable!("refused by features: remembered values"),
            Region::Pending => {
                if self.model.hands.is_empty() {
                    quote!(s.pending.and(ALL))
                } else {
                    quote!(s.pending.and(Board::first(TOTAL_SITES)))
                }
            }
            Region::Start(component) => {
                let sets: Vec<Vec<u16>> = crate::semantics::start_sites(self.model);
                let table = self.tables.board_list(
                    "START_SITES",
                    "The sites each component (index: `what`) occupies once the start rules are applied (`(sites Start ...)`).",
                    &sets,
                );
                let c = self.int(component);
                quote!(usize::try_from(#c).ok().and_then(|c| #table.get(c)).copied().unwrap_or(Board::EMPTY))
            }
            Region::Around(around) => self.sites_around(around),
            Region::PerPlayer { who, sites } => {
                let n = self.model.num_players as usize;
                let sets: Vec<Vec<u16>> = (0..=n)
                    .map(|p| sites.get(p).cloned().unwrap_or_default())
                    .collect();
                let table = self.tables.numbered_board_list(
                    "NAMED_REGION",
                    "The sites of a named region each player owns (`(sites WHO \"Name\")`; index 0: nobody).",
                    &sets,
                );
                let p = self.player(*who);
                quote!(#table[#p as usize])
            }
            Region::If(c, a, b) => self.region_if(c, a, b),
            Region::Static(sites) => {
                let b = self.tables.bits(sites.iter().copied());
                quote!(#b)
            }
            Region::Union(parts) => self.combine(parts, quote!(or), quote!(Board::EMPTY)),
            Region::Intersection(parts) => self.combine(parts, quote!(and), quote!(ALL)),
            Region::Difference(a, b) => {
                let (a, b) = (self.region(a), self.region(b));
                quote!(#a.minus(#b))
            }
            Region::Occupied(Owners::All) => quote!(s.occupied),
            Region::Occupied(Owners::Enemy) => {
                quote!(s.occupied.minus(s.owned[mover as usize]).minus(s.owned[0]))
            }
            Region::Occupied(Owners::Player(p)) => {
                let p = self.player(*p);
                quote!(s.owned[#p as usize])
            }
            Region::Owned(p) => {
                let n = self.model.num_players as usize;
                let sets: Vec<Vec<u16>> = (0..=n)
                    .map(|owner| {
                        crate::ir::sites_of(
                            self.model
                                .regions
                                .iter()
                                .filter(|r| r.owner as usize == owner),
                        )
                    })
                    .collect();
                let table = self.tables.board_list(
                    "PLAYER_REGIONS",
                    "The regions each player owns.",
                    &sets,
                );
                let p = self.player(*p);
                quote!(#table[#p as usize])
            }
            Region::Direction {
                from,
                directions,
                included,
                stop: Some(stop),
            } => {
                // Ludii's `SitesDirection` with `stop:C`: along each radial,
                // the sites up to the first where C holds (as `(to)`), that
                // one kept where `stopIncluded:` holds there.
                let saved = self.scope;
                self.scope.to = true;
                self.scope.to_maybe = false;
                let (ends, kept) = (self.cond(&stop.0), self.cond(&stop.1));
                self.scope = saved;
                let walks: Vec<_> = directions
                    .iter()
                    .map(|&d| {
                        let radials = self.tables.radials(d);
                        quote! {
                            for ray in &#radials[origin as usize] {
                                for &to in ray {
                                    if to == NO_SITE {
                                        break;
                                    }
                                    if #ends {
                                        if #kept {
                                            sites.insert(to as usize);
                                        }
                                        break;
                                    }
                                    sites.insert(to as usize);
                                }
                            }
                        }
                    })
                    .collect();
                let included = included.then(|| quote!(sites.insert(origin as usize);));
                self.of_site(from, quote!(Board::EMPTY), |x| {
                    quote!({
                        let origin = #x;
                        let mut sites = Board::EMPTY;
                        #included
                        #(#walks)*
                        sites
                    })
                })
            }
            Region::Direction {
                from,
                directions,
                included,
                ..
            } => {
                let masks: Vec<_> = directions
                    .iter()
                    .map(|&d| self.tables.ray_masks(d))
                    .collect();
                let included = |x: &TokenStream| {
                    if *included {
                        quote!(.with(#x as usize))
                    } else {
                        quote!()
                    }
                };
                self.of_site(from, quote!(Board::EMPTY), |x| {
                    if is_place(&x) {
                        let included = included(&x);
                        quote!(Board::EMPTY #(.or(#masks[#x as usize]))* #included)
                    } else {
                        let included = included(&quote!(x));
                        let bind = (x.to_string() != "x").then(|| quote!(let x = #x;));
                        quote!({
                            #bind
                            Board::EMPTY #(.or(#masks[x as usize]))* #included
                        })
                    }
                })
            }
            Region::Row(n) | Region::Column(n) => {
                let lines = if matches!(r, Region::Row(_)) {
                    self.model.board.rows().to_vec()
                } else {
                    self.model.board.columns().to_vec()
                };
                let (name, doc) = if matches!(r, Region::Row(_)) {
                    ("ROWS", "The sites of each row.")
                } else {
                    ("COLUMNS", "The sites of each column.")
                };
                let table = self.tables.board_list(name, doc, &lines);
                let len = Literal::usize_unsuffixed(lines.len());
                let n = self.int(n);
                quote!({
                    let n = #n;
                    if (0..#len as i64).contains(&n) { #table[n as usize] } else { Board::EMPTY }
                })
            }
            Region::Site(x) => self.of_site(
                x,
                quote!(Board::EMPTY),
                |x| quote!(Board::single(#x as usize)),
            ),
            Region::EmptyOf(ty) => {
                let all = super::extras::all_of(self.model, *ty);
                if *ty == self.model.board.site_type {
                    quote!(#all.minus(s.occupied))
                } else {
                    let filled = format_ident!("{}_filled", super::extras::type_names(*ty).0);
                    quote!(#all.minus(s.#filled))
                }
            }
            Region::Incident { result, of, at } => {
                let board = &self.model.board;
                let sets: Vec<Vec<u16>> = (0..board.count(*of))
                    .map(|i| board.incident(*of, i, *result))
                    .collect();
                let name = format!(
                    "INCIDENT_{}_OF_{}",
                    super::extras::type_names(*result).1,
                    super::extras::type_names(*of).1
                );
                let doc = format!(
                    "The {} incident to each of the {} (`sites Incident`).",
                    super::extras::type_names(*result).0,
                    super::extras::type_names(*of).0
                );
                let table = self.tables.board_list(&name, &doc, &sets);
                let len = proc_macro2::Literal::usize_unsuffixed(sets.len());
                self.of_site(at, quote!(Board::EMPTY), |x| {
                    quote!((if (#x as usize) < #len { #table[#x as usize] } else { Board::EMPTY }))
                })
            }
            Region::State(n) => {
                let n = self.int(n);
                quote!(Self::sites_in_state(s, #n))
            }
            Region::Filter(within, test) => {
                let within = self.region(within);
                let saved = self.scope;
                self.scope.site = true;
                let test = self.cond(test);
                self.scope = saved;
                quote!({
                    let mut kept = Board::EMPTY;
                    for site in #within.iter() {
                        let site = site as u16;
                        if #test { kept.insert(site as usize); }
                    }
                    kept
                })
            }
            Region::TrackStretch(_) => {
                unreachable!("refused by features: `(sites Track ...)` found in play")
            }
            Region::MovesSites { .. } => {
                unreachable!("refused by features: `(sites From ...)` and `(sites To ...)`")
            }
            Region::Winning { who, moves } => {
                let f = self.winning_sites(moves);
                let who = self.player(*who);
                quote!(self.#f(s, #who))
            }
        }
    }

    /// `(sites Around ...)` (Ludii's `SitesAround`): the sites `distance`
    /// steps along each radial from a board site of the region (a
    /// precomputed bitboard per site), kept where `if:` holds (with the
    /// origin as `(from)` and the site as `(to)`) and what they hold
    /// matches; the region's own sites left out, or all added with
    /// `includeSelf`.
    fn sites_around(&mut self, around: &crate::ir::Around) -> TokenStream {
        let board = &self.model.board;
        let distance = around.distance as usize;
        let sets: Vec<Vec<u16>> = (0..board.num_sites())
            .map(|x| {
                board
                    .radials(x, around.directions)
                    .filter_map(|r| r.steps.get(distance).copied())
                    .collect()
            })
            .collect();
        let name = format!(
            "AROUND_{}_{}",
            around.directions.name().to_uppercase(),
            distance
        );
        let doc = format!(
            "The sites {distance} `{}` step(s) along each radial from each site (`(sites Around ...)`).",
            around.directions.name()
        );
        let table = self.tables.board_list(&name, &doc, &sets);
        let only = around.only.map(|only| match only {
            crate::ir::Occupancy::Empty => quote!(ALL.minus(s.occupied)),
            crate::ir::Occupancy::NotEmpty => quote!(s.occupied),
            crate::ir::Occupancy::Own => quote!(s.owned[mover as usize]),
            crate::ir::Occupancy::Enemy => {
                quote!(s.occupied.minus(s.owned[mover as usize]).minus(s.owned[0]))
            }
        });
        let only = only.map_or(quote!(), |m| quote!(.and(#m)));
        let test = around.test.as_ref().map(|c| {
            let saved = self.scope;
            self.scope.from = true;
            self.scope.to = true;
            self.scope.to_maybe = false;
            let t = self.cond(c);
            self.scope = saved;
            t
        });
        // One origin and no test: the table's row, masked (less the origin
        // where a radial comes back to it).
        if let (crate::ir::Region::Site(x), None) = (&around.of, &test) {
            let returns = sets
                .iter()
                .enumerate()
                .any(|(x, l)| l.contains(&(x as u16)));
            let with_self = if around.include_self {
                quote!(.with(x as usize))
            } else if returns {
                quote!(.minus(Board::single(x as usize)))
            } else {
                quote!()
            };
            // Without hands every defined site is on the board.
            let on_board = self.model.hands.is_empty();
            return self.of_site(x, quote!(Board::EMPTY), |x| {
                if on_board && with_self.is_empty() && is_place(&x) {
                    return quote!(#table[#x as usize] #only);
                }
                let value = if on_board {
                    quote!(#table[x as usize] #only #with_self)
                } else {
                    quote!((if (x as usize) < NUM_SITES { #table[x as usize] #only #with_self } else { Board::EMPTY #with_self }))
                };
                // `x` is the closure's own where `of_site` names it so.
                if x.to_string() == "x" {
                    value
                } else {
                    quote!({ let x = #x; #value })
                }
            });
        }
        let of = self.region(&around.of);
        let gather = match &test {
            None => quote!(around = around.or(#table[from]);),
            Some(t) => quote! {
                let from = from as u16;
                for to in #table[from as usize].iter() {
                    let to = to as u16;
                    if #t { around.insert(to as usize); }
                }
            },
        };
        let last = if around.include_self {
            quote!(around #only .or(origins))
        } else {
            quote!(around #only .minus(origins))
        };
        quote!({
            let origins: Board = #of;
            let mut around = Board::EMPTY;
            for from in origins.and(ALL).iter() {
                #gather
            }
            #last
        })
    }

    /// How many pieces the sites `sites` (a `Board`) hold: each site's
    /// count where the game counts pieces, else one a site.
    fn pieces_on(&self, sites: TokenStream) -> TokenStream {
        if self.model.requires_count {
            quote!(#sites.iter().map(|i| s.count[i] as i64).sum::<i64>())
        } else {
            quote!((#sites.count() as i64))
        }
    }

    /// `(count at:S)`, `(count in:REGION)` (Ludii's CountNumber): the pieces
    /// the sites hold (an empty site 0).
    fn count_at(&mut self, region: &Region) -> TokenStream {
        match region {
            Region::Site(x) if self.model.requires_count => {
                self.of_site(x, quote!(0), |x| quote!((s.count[#x as usize] as i64)))
            }
            Region::Site(x) => self.of_site(
                x,
                quote!(0),
                |x| quote!((i64::from(s.what[#x as usize] != 0))),
            ),
            _ => {
                let r = self.region(region);
                self.pieces_on(quote!(#r.and(s.occupied)))
            }
        }
    }

    /// `(if C A B)` over regions. The choice by value that lowering makes
    /// of `(sites (player N))` for a computed N (`(if (= N p) SITES_p
    /// ...)`, fixed sites for each p) becomes one table indexed by N.
    fn region_if(&mut self, c: &Cond, a: &Region, b: &Region) -> TokenStream {
        if let Some((index, arms, default)) = value_chain(c, a, b) {
            let chosen = |v: i64| {
                arms.iter()
                    .find(|(p, _)| *p == v)
                    .map_or(default, |(_, sites)| sites)
                    .clone()
            };
            // A value that is a function of the mover alone (the mover, a
            // map's entry for it: Halma's camp to fill) indexes a table by
            // the mover: one load, no arithmetic, in the listing's loops.
            let players = 0..=self.model.num_players;
            if let Some(by_mover) = players
                .map(|p| match p {
                    0 => Some(default.clone()),
                    p => self.value_for_mover(index, p).map(chosen),
                })
                .collect::<Option<Vec<_>>>()
            {
                let table = self.tables.numbered_board_list(
                    "REGION_OF_MOVER",
                    "A region chosen by the mover (index: the mover).",
                    &by_mover,
                );
                return quote!(#table[mover as usize]);
            }
            let top = arms.iter().map(|(p, _)| *p).max().unwrap_or(0);
            let sets: Vec<Vec<u16>> = (0..=top).map(chosen).collect();
            let table = self.tables.numbered_board_list(
                "REGION_BY_VALUE",
                "A region chosen by a value (`(sites (player N))`: index N).",
                &sets,
            );
            let fallback = self.tables.bits(default.iter().copied());
            let index = self.int(index);
            let top = Literal::i64_unsuffixed(top);
            return quote!({
                let v: i64 = #index;
                if (0..=#top).contains(&v) { #table[v as usize] } else { #fallback }
            });
        }
        let c = self.cond(c);
        let (a, b) = (self.region(a), self.region(b));
        quote!((if #c { #a } else { #b }))
    }

    /// The value of `n` when `mover` moves, where it depends on nothing
    /// else (constants, the mover, a map's entry for either).
    fn value_for_mover(&self, n: &IntExpr, mover: u8) -> Option<i64> {
        match n {
            IntExpr::Const(c) => Some(*c),
            IntExpr::Player(PlayerRef::Mover) => Some(i64::from(mover)),
            IntExpr::Player(PlayerRef::Player(p)) => Some(i64::from(*p)),
            IntExpr::MapEntry { map, key } => {
                let key = self.value_for_mover(key, mover)?;
                Some(self.model.map_entry(map.as_deref(), key))
            }
            _ => None,
        }
    }

    fn combine(&mut self, parts: &[Region], op: TokenStream, empty: TokenStream) -> TokenStream {
        let mut parts = parts.iter();
        let Some(first) = parts.next() else {
            return empty;
        };
        let mut out = self.region(first);
        for p in parts {
            let p = self.region(p);
            out = quote!(#out.#op(#p));
        }
        out
    }
}

/// `(if (= N p1) SITES1 (if (= N p2) SITES2 ... FIXED))`, the same N
/// throughout and the p small non-negative constants: N, each (p, sites)
/// (the first arm of a value wins) and the fixed sites of every other value.
type ValueChain<'a> = (&'a IntExpr, Vec<(i64, &'a Vec<u16>)>, &'a Vec<u16>);

fn value_chain<'a>(c: &'a Cond, a: &'a Region, b: &'a Region) -> Option<ValueChain<'a>> {
    let mut index: Option<&IntExpr> = None;
    let mut arms: Vec<(i64, &Vec<u16>)> = Vec::new();
    let (mut c, mut a, mut b) = (c, a, b);
    loop {
        let (Cond::Compare(Comparison::Eq, n, IntExpr::Const(p)), Region::Static(sites)) = (c, a)
        else {
            return None;
        };
        if !(0..=255).contains(p) {
            return None;
        }
        match index {
            None => index = Some(n),
            Some(i) if format!("{i:?}") == format!("{n:?}") => {}
            Some(_) => return None,
        }
        if !arms.iter().any(|(q, _)| q == p) {
            arms.push((*p, sites));
        }
        match b {
            Region::If(c2, a2, b2) => (c, a, b) = (c2, a2, b2),
            Region::Static(default) => return Some((index?, arms, default)),
            _ => return None,
        }
    }
}

/// Whether a site is the constant "no site" (a site not bound here).
fn is_no_site(tokens: &TokenStream) -> bool {
    tokens.to_string() == "NO_SITE"
}

/// Whether `tokens` are a plain variable or field path (`to`, `s.last_to`),
/// cheap to read twice and free of side effects.
fn is_place(tokens: &TokenStream) -> bool {
    use proc_macro2::TokenTree;
    tokens.clone().into_iter().all(|t| match t {
        TokenTree::Ident(_) => true,
        TokenTree::Punct(p) => p.as_char() == '.',
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::super::merged::tests::{generated, sliders};

    #[test]
    fn sites_around_one_site_is_a_table_row_masked() {
        let code = generated(&sliders(
            "(forEach Site (sites Around (last To) Orthogonal Enemy) (remove (site)))",
            "",
        ));
        assert!(
            code.contains("AROUND_ORTHOGONAL_1[s.last_to as usize]"),
            "{code}"
        );
        assert!(
            code.contains(".minus(s.owned[mover as usize]).minus(s.owned[0])"),
            "{code}"
        );
    }

    #[test]
    fn sites_around_a_region_with_a_test_binds_from_and_to() {
        let code = generated(&sliders(
            "(forEach Site (sites Around (sites Occupied by:Mover) if:(is Empty (to))) (remove (site)))",
            "",
        ));
        assert!(code.contains("AROUND_ADJACENT_1[from as usize]"), "{code}");
        assert!(code.contains(".minus(origins)"), "{code}");
    }

    /// A Halma on a 5x5 board (as `tests/fill_race.rs` has it): hop chains
    /// over unvisited sites, camps chosen by `(mapEntry (mover))`, the
    /// camp filled compared with the mover's pieces.
    const MINI_HALMA: &str = r#"
    (game "Mini Halma" (players 2)
      (equipment {
        (board (square 5)) (piece "Counter" Each)
        (regions "Home" P1 (expand origin:(coord row:0 column:0) steps:1 Orthogonal))
        (regions "Home" P2 (expand origin:(coord row:4 column:4) steps:1 Orthogonal))
        (map {(pair P1 P2) (pair P2 P1)})
      })
      (rules
        (start { (place "Counter1" (sites P1)) (place "Counter2" (sites P2)) })
        phases:{
          (phase "Movement"
            (play (forEach Piece (or
              (move Hop (from) (between if:(is Occupied (between)))
                (to if:(and (is Empty (to)) (not (is Visited (to)))))
                (then (if (can Move (move Hop (from (last To)) (between if:(is Occupied (between)))
                   (to if:(and (is Empty (to)) (not (is Visited (to))))))) (moveAgain))))
              (move Step (to if:(is Empty (to)))))))
            (nextPhase (is Mover (next)) "MultiJump"))
          (phase "MultiJump"
            (play (or (move Hop (from (last To)) (between if:(is Occupied (between)))
                        (to if:(and (is Empty (to)) (not (is Visited (to)))))
                        (then (if (can Move (move Hop (from (last To)) (between if:(is Occupied (between)))
                          (to if:(and (is Empty (to)) (not (is Visited (to))))))) (moveAgain))))
                      (move Pass)))
            (nextPhase (not (is Mover (next))) "Movement"))
        }
        (end (if (= (sites Occupied by:Mover) (sites (player (mapEntry (mover))))) (result Mover Win)))))
    "#;

    #[test]
    fn the_visited_set_is_a_bitboard_of_the_turn() {
        let code = super::super::inline_games::generate_inline(MINI_HALMA).expect("compiles");
        assert!(code.contains("visited: Board,"), "{code}");
        // Emptied when the mover changes, the move's sites added otherwise.
        assert!(code.contains("s.visited = Board::EMPTY;"), "{code}");
        assert!(code.contains("s.visited.insert(s.last_from as usize);"));
        assert!(code.contains("s.visited.insert(s.last_to as usize);"));
        // Inside `(can Move ...)` the last move's sites count as visited.
        assert!(
            code.contains("s.visited.contains(to as usize) || to == s.last_from"),
            "{code}"
        );
    }

    #[test]
    fn a_camp_chosen_by_player_is_a_table_and_regions_compare_as_bitboards() {
        let code = super::super::inline_games::generate_inline(MINI_HALMA).expect("compiles");
        // `(player (mapEntry (mover)))` depends on the mover alone: the
        // table is indexed by the mover, P1 filling P2's camp {19, 23, 24}
        // and P2 filling P1's {0, 1, 5}.
        let flat = code.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("static REGION_OF_MOVER_0: [Board; 3] = boards(&[0, 0x1880000, 0x23]);"),
            "{code}"
        );
        let end = &flat[flat.find("fn end_rule_1").expect("an end rule")..];
        assert!(
            end.contains("if s.owned[mover as usize] == REGION_OF_MOVER_0[mover as usize]"),
            "{end}"
        );
    }

    #[test]
    fn visited_sites_in_a_game_with_hands_are_refused() {
        let with_hands = MINI_HALMA.replace(
            "(piece \"Counter\" Each)",
            "(piece \"Counter\" Each) (hand Each)",
        );
        let err = super::super::inline_games::generate_inline(&with_hands)
            .expect_err("refused")
            .to_string();
        assert!(
            err.contains("`(is Visited ...)` in a game with hands"),
            "{err}"
        );
    }
}
