//! The connection playout of two-sided connection games (Hex): it draws the
//! sites as the add-to-empty playout does and must end where that one ends,
//! so from one generator both play the same games, one after another, with
//! the generators in step after them. From the start and from positions a
//! few random moves in (Hex's swap included); on a board where a full board
//! may join no one (a draw after two passes), and misère.

mod common;

use ludemic_runtime::{
    add_to_empty_playout, standard_playout, AddToEmpty, Game, MoveBuffer, MoveKey, PlayoutStats,
    RngExt, Xoshiro256PlusPlus,
};

ludemic::include_game!("tests/connection/square-sides.lud", name = square_sides);
ludemic::include_game!(
    "tests/connection/square-sides.lud",
    options = ["End Rules/Misere"],
    name = square_sides_misere
);

/// What the playouts of one game came to.
#[derive(Debug, Default)]
struct Tally {
    swaps: u32,
    draws: u32,
    moves: u64,
}

/// `playouts` connection playouts against add-to-empty playouts of `game`,
/// each from the start and then 0 to 3 random moves.
fn same_games<G: AddToEmpty, const N: usize>(game: &G, playouts: u32) -> Tally {
    let mut fast_rng = Xoshiro256PlusPlus::from_seed_u64(7);
    let mut forward_rng = fast_rng.clone();
    let mut openings = Xoshiro256PlusPlus::from_seed_u64(8);
    let mut buffer = MoveBuffer::new();
    let mut tally = Tally::default();
    for playout in 0..playouts {
        let mut start = game.initial_state();
        for _ in 0..playout % 4 {
            game.legal_moves(&start, &mut buffer);
            let mv = buffer[openings.index(buffer.len())];
            tally.swaps += u32::from(game.move_key(mv) == MoveKey::SWAP);
            game.apply(&mut start, mv);
        }
        let fast = game.playout(&mut start.clone(), &mut fast_rng);
        let forward = add_to_empty_playout::<N, _, _>(game, &mut start.clone(), &mut forward_rng);
        assert_eq!(fast, forward, "{}: playout {playout}", game.name());
        tally.moves += u64::from(fast.moves);
        tally.draws += u32::from(fast.outcome.winner == 0);
    }
    assert_eq!(
        fast_rng.index(1 << 30),
        forward_rng.index(1 << 30),
        "{}: the generators drew alike",
        game.name()
    );
    tally
}

#[test]
fn hex_plays_the_add_to_empty_playouts_games() {
    use ludemic_generated::hex::{Hex, NUM_SITES};
    let tally = same_games::<_, NUM_SITES>(&Hex, 20_000);
    // About one opening in 121 swaps on the second move.
    assert!(tally.swaps > 20, "{tally:?}");
    assert!(tally.moves > 20_000 * 100, "{tally:?}");
    assert_eq!(tally.draws, 0, "Hex has no draw");
}

#[test]
fn a_board_joining_no_one_fills_then_passes() {
    use square_sides::{SquareSides, NUM_SITES};
    let tally = same_games::<_, NUM_SITES>(&SquareSides, 20_000);
    // Nearly half the random games of the 4×4 square fill the board.
    assert!(tally.draws > 5_000, "{tally:?}");
    let misere = same_games::<_, NUM_SITES>(&square_sides_misere::SquareSides, 20_000);
    assert!(misere.draws > 5_000, "{misere:?}");
}

#[test]
fn the_connection_playout_has_the_standard_playouts_statistics() {
    use square_sides_misere::SquareSides;
    let game = SquareSides;
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(11);
    let mut buffer = MoveBuffer::new();
    let (mut fast, mut standard) = (PlayoutStats::new(2), PlayoutStats::new(2));
    for _ in 0..40_000 {
        fast.record(&game.playout(&mut game.initial_state(), &mut rng));
        standard.record(&standard_playout(
            &game,
            &mut game.initial_state(),
            &mut rng,
            &mut buffer,
        ));
    }
    let diff = common::differences(&fast, &standard, 2);
    assert!(diff.is_empty(), "{diff:?}");
}
