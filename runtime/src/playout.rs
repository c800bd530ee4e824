//! Random playouts.

use rand_core::RngCore;

use crate::{DescendingDraws, Game, MoveBuffer, Outcome, RngExt, Status};

/// How one playout ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    pub outcome: Outcome,
    /// Moves played, counted as Ludii counts them (forced passes and swaps included).
    pub moves: u32,
}

/// The standard playout: at every step compute all legal moves and play one
/// chosen uniformly at random, until the game is over.
#[inline(always)]
pub fn standard_playout<G: Game, R: RngCore>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
    buffer: &mut MoveBuffer<G::Move>,
) -> PlayoutResult {
    // `is_over` each step, the outcome once at the end: the status, with
    // its outcome, is inlined where the playout ends.
    while !game.is_over(state) {
        game.draw_chance(state, rng);
        game.playout_moves(state, buffer);
        debug_assert!(!buffer.is_empty(), "an ongoing state has a legal move");
        let mv = buffer[rng.index(buffer.len())];
        game.playout_apply(state, mv);
    }
    finished(game, state)
}

/// A game whose playouts draw each move without listing the moves (target
/// sets, site by site, by counting), with the standard playout's
/// distribution.
pub trait DrawMove: Game {
    /// One legal move of an ongoing `state`, chosen uniformly at random.
    fn draw_move<R: RngCore>(&self, state: &Self::State, rng: &mut R) -> Self::Move;
}

/// The standard playout, each move drawn by [`DrawMove::draw_move`].
#[inline(always)]
pub fn drawn_playout<G: DrawMove, R: RngCore>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
) -> PlayoutResult {
    while !game.is_over(state) {
        let mv = game.draw_move(state, rng);
        game.playout_apply(state, mv);
    }
    finished(game, state)
}

/// A game whose play rule places the mover's piece on any empty site, and
/// whose moves' consequences only decide who moves next: Ludii's
/// add-to-empty playout draws from a list of the empty sites kept across
/// moves (swap-remove) instead of listing the moves.
pub trait AddToEmpty: Game {
    /// The forced pass.
    const PASS: Self::Move;
    /// The empty sites, in increasing order.
    fn empty_sites(&self, state: &Self::State) -> impl Iterator<Item = usize>;
    /// The mover's placement on `site`.
    fn placement(&self, state: &Self::State, site: u16) -> Self::Move;
    /// Whether every one of the board's sites is empty (a playout from
    /// the start of a game on an empty board): its list of empty sites is
    /// then [`every_site`], without scanning the board.
    #[inline(always)]
    fn every_site_empty(&self, _state: &Self::State) -> bool {
        false
    }
    /// The swap move, when the swap rule offers it now.
    #[inline(always)]
    fn swap_offered(&self, _state: &Self::State) -> Option<Self::Move> {
        None
    }
}

/// The add-to-empty playout on a board of `N` sites: each move is drawn
/// uniformly among the empty sites and the swap when offered (the standard
/// playout's distribution, without move generation), several draws from
/// one random word ([`DescendingDraws`]).
#[inline(always)]
pub fn add_to_empty_playout<const N: usize, G: AddToEmpty, R: RngCore>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
) -> PlayoutResult {
    let (mut empty, mut count) =
        empty_list::<N>(game.every_site_empty(state), game.empty_sites(state));
    let mut draws = DescendingDraws::new();
    while !game.is_over(state) {
        let swap = game.swap_offered(state);
        let total = count + swap.is_some() as usize;
        if total == 0 {
            game.playout_apply(state, G::PASS);
            continue;
        }
        let k = draws.index(rng, total);
        if let (true, Some(mv)) = (k == count, swap) {
            game.playout_apply(state, mv);
            continue;
        }
        let site = empty[k];
        count -= 1;
        empty[k] = empty[count];
        let mv = game.placement(state, site);
        game.playout_apply(state, mv);
    }
    finished(game, state)
}

/// The list of empty sites a placement playout draws from (swap-remove),
/// and how many: the constant list of every site where `every_site_empty`,
/// else the sites of `empty`, in increasing order.
#[inline(always)]
pub fn empty_list<const N: usize>(
    every_site_empty: bool,
    empty: impl Iterator<Item = usize>,
) -> ([u16; N], usize) {
    if every_site_empty {
        return (const { every_site::<N>() }, N);
    }
    let mut list = [0u16; N];
    let mut count = 0usize;
    for site in empty {
        list[count] = site as u16;
        count += 1;
    }
    (list, count)
}

/// The sites `0..N` in increasing order: the list of empty sites a playout
/// from an empty board starts from (scanning a board's bits into a list
/// was a fortieth of a Tic-Tac-Toe playout).
pub const fn every_site<const N: usize>() -> [u16; N] {
    let mut sites = [0u16; N];
    let mut i = 0;
    while i < N {
        sites[i] = i as u16;
        i += 1;
    }
    sites
}

/// The result of a playout that has ended.
#[inline(always)]
pub(crate) fn finished<G: Game>(game: &G, state: &G::State) -> PlayoutResult {
    match game.status(state) {
        Status::Over(outcome) => PlayoutResult {
            outcome,
            moves: game.moves_played(state),
        },
        Status::Ongoing { .. } => unreachable!("the game is over"),
    }
}
