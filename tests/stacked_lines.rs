//! The stacked-line playout of games of stacks topped until a line by
//! level (Connect Four): it draws the sites as the site-wise draw does and
//! must end where that playout ends, so from one generator both play the
//! same games, one after another, with the generators in step after them.
//! From the start and from positions a few random moves in; on boards
//! that often fill without a line (a draw after two passes), and on a
//! square board of stacks, whose lines run in the cube's directions.

mod common;

use ludemic_runtime::{
    drawn_playout, standard_playout, DrawMove, Game, MoveBuffer, PlayoutStats, RngExt,
    Xoshiro256PlusPlus,
};

ludemic::include_game!("tests/stacked/short-columns.lud", name = short_columns);
ludemic::include_game!("tests/stacked/cube.lud", name = cube);

/// What the playouts of one game came to.
#[derive(Debug, Default)]
struct Tally {
    draws: u32,
    moves: u64,
}

/// `playouts` stacked-line playouts against drawn playouts of `game`,
/// each from the start and then 0 to 3 random moves.
fn same_games<G: DrawMove>(game: &G, playouts: u32) -> Tally {
    let mut fast_rng = Xoshiro256PlusPlus::from_seed_u64(7);
    let mut drawn_rng = fast_rng.clone();
    let mut openings = Xoshiro256PlusPlus::from_seed_u64(8);
    let mut buffer = MoveBuffer::new();
    let mut tally = Tally::default();
    for playout in 0..playouts {
        let mut start = game.initial_state();
        for _ in 0..playout % 4 {
            game.legal_moves(&start, &mut buffer);
            game.apply(&mut start, buffer[openings.index(buffer.len())]);
        }
        let fast = game.playout(&mut start.clone(), &mut fast_rng);
        let drawn = drawn_playout(game, &mut start.clone(), &mut drawn_rng);
        assert_eq!(fast, drawn, "{}: playout {playout}", game.name());
        tally.moves += u64::from(fast.moves);
        tally.draws += u32::from(fast.outcome.winner == 0);
    }
    assert_eq!(
        fast_rng.index(1 << 30),
        drawn_rng.index(1 << 30),
        "{}: the generators drew alike",
        game.name()
    );
    tally
}

#[test]
fn connect_four_plays_the_site_wise_draws_games() {
    use ludemic_generated::connect_four::ConnectFour;
    let tally = same_games(&ConnectFour, 20_000);
    assert!(tally.moves > 20_000 * 18, "{tally:?}");
    // About one random game in 300 fills the board.
    assert!(tally.draws > 10, "{tally:?}");
}

#[test]
fn full_boards_and_the_cubes_lines_play_the_same_games() {
    let short = same_games(&short_columns::ShortColumns, 20_000);
    // About one game in 25 fills the four short columns without a line.
    assert!(short.draws > 400, "{short:?}");
    let cube = same_games(&cube::Cube, 20_000);
    assert!(cube.moves > 20_000 * 8, "{cube:?}");
}

#[test]
fn the_stacked_line_playout_has_the_standard_playouts_statistics() {
    let game = short_columns::ShortColumns;
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
