// include_game! on a game of the repository and on a fixture of its own,
// with options and a name: both compile, and play to the end.
use ludemic::{Game, Xoshiro256PlusPlus};

ludemic::include_game!("games/tic-tac-toe.lud");
ludemic::include_game!(
    "games/hex.lud",
    options = ["Board Size/5x5", "Swap Rules/Off"],
    name = hex5
);
ludemic::include_game!("tests/ui/three-in-a-row.lud", name = tiny,);
ludemic::include_game!(
    "tests/ui/three-in-a-row.lud",
    options = ["Board Size/5x5"],
    name = tiny5
);

fn play<G: Game>(game: &G) {
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(1);
    for _ in 0..100 {
        let mut state = game.initial_state();
        let result = game.playout(&mut state, &mut rng);
        assert!(game.status(&state).is_over());
        assert!(result.outcome.winner <= 2);
    }
}

fn main() {
    assert_eq!(tic_tac_toe::NUM_SITES, 9);
    assert_eq!(hex5::NUM_SITES, 25);
    assert_eq!(tiny::NUM_SITES, 16);
    assert_eq!(tiny5::NUM_SITES, 25);
    play(&tic_tac_toe::TicTacToe);
    play(&hex5::Hex);
    play(&tiny::ThreeInARow);
    play(&tiny5::ThreeInARow);
}
