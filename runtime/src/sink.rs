//! What is done with the moves a rule finds. Generated move rules are
//! written once, generic over a [`Sink`]: listing them (in Ludii's order
//! or in any order), asking whether one exists, asking whether one lands
//! on a site, counting them or taking the n-th. Monomorphisation then gives
//! each use its own specialised code, as if it had been written for it:
//! the sink's constants fold away the branches another use needs.

use std::ops::ControlFlow;

use crate::MoveBuffer;

/// Receives the moves a rule finds, one at a time; [`ControlFlow::Break`]
/// stops the walk (the rule returns at once).
pub trait Sink<M> {
    /// The moves must come in the walk's order (Ludii's: piece by piece,
    /// site by site): what `legal_moves` and the Filter candidates need.
    /// Otherwise a rule may find them in any order (all the pieces of a
    /// kind at once by bitboards, ray masks).
    const WALK_ORDER: bool = false;
    /// Only whether some move exists matters (the walk stops at the
    /// first): Ludii reads `Next` then as the plain next player, and a
    /// rule may try its parts in the order that finds a move soonest.
    const PROBE: bool = false;
    /// The moves are the enemy's, inside an `(is Threatened ...)` test
    /// (Ludii's `IsThreatened`): the threatened owner is then `Prev`,
    /// `Next` is [`Sink::threat_next`], and a threat test nested in the
    /// rules fails.
    const THREAT: bool = false;
    /// The walk is a `(can Move ...)` in a game keeping the visited sites:
    /// Ludii's `CanMove` counts the last move's sites as visited too.
    const VISITING: bool = false;
    /// The top-level `(do ...)` of a Filter playout's rules lists its
    /// moves untested: the playout tests the one it draws.
    const UNTESTED: bool = false;

    /// Takes one move.
    fn push(&mut self, mv: M) -> ControlFlow<()>;

    /// Inside a threat test, the player Ludii reads as `Next`: the
    /// threatened owner where the test names a site to look at, the
    /// testing state's own next player where it names a piece (0 outside
    /// a threat test).
    #[inline(always)]
    fn threat_next(&self) -> u8 {
        0
    }
}

/// Lists every move into a buffer, in the walk's order when `WALK`.
pub struct Listing<'a, M, const WALK: bool>(pub &'a mut MoveBuffer<M>);

impl<M, const WALK: bool> Sink<M> for Listing<'_, M, WALK> {
    const WALK_ORDER: bool = WALK;

    #[inline(always)]
    fn push(&mut self, mv: M) -> ControlFlow<()> {
        self.0.push(mv);
        ControlFlow::Continue(())
    }
}

/// The moves of a Filter playout's rules before its test, in the walk's
/// order (the playout draws one by its index, as the interpreter does).
pub struct Untested<'a, M>(pub &'a mut MoveBuffer<M>);

impl<M> Sink<M> for Untested<'_, M> {
    const WALK_ORDER: bool = true;
    const UNTESTED: bool = true;

    #[inline(always)]
    fn push(&mut self, mv: M) -> ControlFlow<()> {
        self.0.push(mv);
        ControlFlow::Continue(())
    }
}

/// Whether any move exists: stops at the first. With `VISITING`, the walk
/// of a `(can Move ...)` in a game keeping the visited sites.
pub struct Probe<const VISITING: bool>;

impl<M, const V: bool> Sink<M> for Probe<V> {
    const PROBE: bool = true;
    const VISITING: bool = V;

    #[inline(always)]
    fn push(&mut self, _: M) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

/// Whether a move of the enemy lands on `site` (`to` gives a move's site,
/// Ludii's `toNonDecision`): the threat test. It walks the pieces one by
/// one, as Ludii does: the walk stops at the first move onto the site,
/// which a piece's own rays find sooner than the moves of all the pieces
/// of a kind at once (Chess's check test is 9% faster so).
pub struct Threat<M> {
    pub site: u16,
    pub to: fn(M) -> u16,
    /// Ludii's `Next` while the enemy's moves are generated.
    pub next: u8,
}

impl<M> Sink<M> for Threat<M> {
    const THREAT: bool = true;
    const WALK_ORDER: bool = true;

    #[inline(always)]
    fn push(&mut self, mv: M) -> ControlFlow<()> {
        if (self.to)(mv) == self.site {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline(always)]
    fn threat_next(&self) -> u8 {
        self.next
    }
}

/// Whether any move exists, asked inside a threat test (a `(can Move
/// ...)` in the enemy's rules): the walk stops at the first, and nested
/// threat tests fail as in the test around it, whose `Next` it keeps.
pub struct AnyInThreat {
    pub next: u8,
}

impl<M> Sink<M> for AnyInThreat {
    const THREAT: bool = true;
    const WALK_ORDER: bool = true;

    #[inline(always)]
    fn push(&mut self, _: M) -> ControlFlow<()> {
        ControlFlow::Break(())
    }

    #[inline(always)]
    fn threat_next(&self) -> u8 {
        self.next
    }
}

/// Counts the moves.
pub struct Count(pub usize);

impl<M> Sink<M> for Count {
    #[inline(always)]
    fn push(&mut self, _: M) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

/// Takes the move at `index` among those found (in the same order as
/// [`Count`] counted them), and stops there.
pub struct Nth<M> {
    pub index: usize,
    pub found: Option<M>,
}

impl<M> Nth<M> {
    #[inline(always)]
    pub fn new(index: usize) -> Self {
        Nth { index, found: None }
    }
}

impl<M> Sink<M> for Nth<M> {
    #[inline(always)]
    fn push(&mut self, mv: M) -> ControlFlow<()> {
        if self.index == 0 {
            self.found = Some(mv);
            return ControlFlow::Break(());
        }
        self.index -= 1;
        ControlFlow::Continue(())
    }
}

/// Passes every move on to another sink and remembers whether there was
/// one: a `(priority ...)` goes on to its next part only when a part found
/// no move.
pub struct Found<'a, S> {
    pub inner: &'a mut S,
    pub any: bool,
}

impl<'a, S> Found<'a, S> {
    #[inline(always)]
    pub fn new(inner: &'a mut S) -> Self {
        Found { inner, any: false }
    }
}

impl<M, S: Sink<M>> Sink<M> for Found<'_, S> {
    const WALK_ORDER: bool = S::WALK_ORDER;
    const PROBE: bool = S::PROBE;
    const THREAT: bool = S::THREAT;
    const VISITING: bool = S::VISITING;
    const UNTESTED: bool = S::UNTESTED;

    #[inline(always)]
    fn push(&mut self, mv: M) -> ControlFlow<()> {
        self.any = true;
        self.inner.push(mv)
    }

    #[inline(always)]
    fn threat_next(&self) -> u8 {
        self.inner.threat_next()
    }
}

/// Passes on the moves `keep` accepts: a `(do ...)`'s `ifAfterwards:`
/// test, made for each move found.
pub struct Kept<'a, S, F> {
    pub inner: &'a mut S,
    pub keep: F,
}

impl<'a, S, F> Kept<'a, S, F> {
    #[inline(always)]
    pub fn new(inner: &'a mut S, keep: F) -> Self {
        Kept { inner, keep }
    }
}

impl<M: Copy, S: Sink<M>, F: FnMut(M) -> bool> Sink<M> for Kept<'_, S, F> {
    const WALK_ORDER: bool = S::WALK_ORDER;
    const PROBE: bool = S::PROBE;
    const THREAT: bool = S::THREAT;
    const VISITING: bool = S::VISITING;
    const UNTESTED: bool = S::UNTESTED;

    #[inline(always)]
    fn push(&mut self, mv: M) -> ControlFlow<()> {
        if (self.keep)(mv) {
            self.inner.push(mv)
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline(always)]
    fn threat_next(&self) -> u8 {
        self.inner.threat_next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule finding the moves 1, 2 and 3, generic over its sink.
    fn three<S: Sink<u8>>(sink: &mut S) -> ControlFlow<()> {
        for mv in 1..=3 {
            sink.push(mv)?;
        }
        ControlFlow::Continue(())
    }

    #[test]
    fn a_listing_takes_every_move_and_a_probe_stops_at_the_first() {
        let mut buffer = MoveBuffer::new();
        assert!(three(&mut Listing::<_, true>(&mut buffer)).is_continue());
        assert_eq!(buffer.as_slice(), &[1, 2, 3]);
        assert!(three(&mut Probe::<false>).is_break());
    }

    #[test]
    fn a_threat_stops_at_a_move_onto_its_site_only() {
        let onto = |site| Threat::<u8> {
            site,
            to: |mv| mv as u16 * 10,
            next: 1,
        };
        assert!(three(&mut onto(20)).is_break());
        assert!(three(&mut onto(40)).is_continue());
    }

    #[test]
    fn count_and_nth_agree_on_the_order() {
        let mut count = Count(0);
        let _ = three(&mut count);
        assert_eq!(count.0, 3);
        let mut nth = Nth::new(1);
        assert!(three(&mut nth).is_break());
        assert_eq!(nth.found, Some(2));
    }

    #[test]
    fn found_passes_moves_on_and_keeps_the_inner_sinks_purpose() {
        let mut buffer = MoveBuffer::new();
        let mut inner = Listing::<_, true>(&mut buffer);
        let mut found = Found::new(&mut inner);
        assert!(!found.any);
        let _ = three(&mut found);
        assert!(found.any);
        assert_eq!(buffer.len(), 3);
        const { assert!(<Found<'_, Listing<'_, u8, true>> as Sink<u8>>::WALK_ORDER) };
        const { assert!(<Found<'_, Probe<true>> as Sink<u8>>::VISITING) };
    }

    #[test]
    fn kept_passes_on_the_moves_its_test_accepts() {
        let mut buffer = MoveBuffer::new();
        let mut inner = Listing::<_, false>(&mut buffer);
        let _ = three(&mut Kept::new(&mut inner, |mv: u8| mv != 2));
        assert_eq!(buffer.as_slice(), &[1, 3]);
        let mut probe = Probe::<false>;
        assert!(three(&mut Kept::new(&mut probe, |mv: u8| mv == 3)).is_break());
    }
}
