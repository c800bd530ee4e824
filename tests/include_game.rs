//! `ludemic::include_game!` from a crate depending on `ludemic`: the games it
//! compiles play to the end, and move by move agree with the interpreter
//! (same legal-move keys at every step, same outcome).

use std::path::Path;

use ludemic::{Game, MoveBuffer, RngExt, Status, Xoshiro256PlusPlus};
use ludemic_compiler::interp::Interpreter;

ludemic::include_game!("games/squava.lud");
ludemic::include_game!("games/hex.lud", options = ["Board Size/9x9"], name = hex9);
ludemic::include_game!(
    "games/connect-four.lud",
    options = ["Modelisation/2D"],
    name = connect_four_2d
);
// A file of the crate's own, a trailing comma.
ludemic::include_game!("macros/tests/ui/three-in-a-row.lud", name = tiny,);
ludemic::include_game!(
    "macros/tests/ui/three-in-a-row.lud",
    options = ["Board Size/5x5"],
    name = tiny5
);

fn interpreter(stem: &str, options: &[&str]) -> Interpreter {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = ludemic_compiler::Config {
        def_dirs: vec![root.join("games/def")],
        options: options.iter().map(|s| s.to_string()).collect(),
        ruleset: None,
        ai_dirs: Vec::new(),
    };
    let path = root.join("games").join(format!("{stem}.lud"));
    let loaded = ludemic_compiler::load(&path, &config).unwrap_or_else(|e| panic!("{e}"));
    Interpreter::new(loaded.model)
}

fn sorted_keys<G: Game>(game: &G, moves: &[G::Move]) -> Vec<String> {
    let mut keys: Vec<String> = moves
        .iter()
        .map(|&m| game.move_key(m).to_string())
        .collect();
    keys.sort();
    keys
}

/// Plays `seeds` games in lockstep: the compiled game picks a random move, the
/// interpreter plays the move with the same key.
fn lockstep<C: Game>(compiled: &C, interp: &Interpreter, seeds: u64) {
    assert_eq!(compiled.name(), interp.name());
    assert_eq!(compiled.num_players(), interp.num_players());
    let (mut cb, mut ib) = (MoveBuffer::new(), MoveBuffer::new());
    for seed in 0..seeds {
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
        let (mut cs, mut is) = (compiled.initial_state(), interp.initial_state());
        for step in 0.. {
            let at = format!("{} seed {seed} step {step}", compiled.name());
            let (c, i) = (compiled.status(&cs), interp.status(&is));
            assert_eq!(c, i, "{at}: status");
            if let Status::Over(outcome) = c {
                assert!(outcome.winner <= 2, "{at}: winner {}", outcome.winner);
                assert_eq!(compiled.moves_played(&cs), interp.moves_played(&is), "{at}");
                break;
            }
            compiled.legal_moves(&cs, &mut cb);
            interp.legal_moves(&is, &mut ib);
            let keys = sorted_keys(compiled, &cb);
            assert_eq!(keys, sorted_keys(interp, &ib), "{at}: legal moves");
            let cm = cb[rng.index(cb.len())];
            let key = compiled.move_key(cm);
            let im = *ib
                .iter()
                .find(|&&m| interp.move_key(m) == key)
                .expect("the interpreter lists the key");
            compiled.apply(&mut cs, cm);
            interp.apply(&mut is, im);
        }
    }
}

#[test]
fn squava_agrees_with_the_interpreter() {
    assert_eq!(squava::NUM_SITES, 25);
    lockstep(&squava::Squava, &interpreter("squava", &[]), 50);
}

#[test]
fn hex9_agrees_with_the_interpreter() {
    assert_eq!(hex9::NUM_SITES, 81);
    lockstep(&hex9::Hex, &interpreter("hex", &["Board Size/9x9"]), 20);
}

#[test]
fn connect_four_2d_agrees_with_the_interpreter() {
    // Discs added on the top row slide down: a consequence that moves a piece.
    assert_eq!(connect_four_2d::NUM_SITES, 42);
    lockstep(
        &connect_four_2d::ConnectFour,
        &interpreter("connect-four", &["Modelisation/2D"]),
        100,
    );
}

#[test]
fn included_games_play_out_to_the_end() {
    fn playouts<G: Game>(game: &G) {
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(7);
        for _ in 0..200 {
            let mut state = game.initial_state();
            let result = game.playout(&mut state, &mut rng);
            assert!(game.status(&state).is_over());
            assert!(result.outcome.winner <= 2);
            assert!(result.moves >= 1);
        }
    }
    playouts(&squava::Squava);
    playouts(&hex9::Hex);
    playouts(&connect_four_2d::ConnectFour);
    assert_eq!((tiny::NUM_SITES, tiny5::NUM_SITES), (16, 25));
    playouts(&tiny::ThreeInARow);
    playouts(&tiny5::ThreeInARow);
}

#[test]
fn hex9_replays_ludii_trials_compiled() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/ludii-trials");
    if !dir.is_dir() {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    }
    let mut replayed = 0;
    for slug in ["hex-9x9", "hex-9x9-swap"] {
        let trials =
            ludemic_runtime::trial::read_trials(&dir.join(format!("{slug}.jsonl"))).unwrap();
        for trial in &trials {
            assert_eq!(trial.options, ["Board Size/9x9"]);
            if let Err(m) = ludemic_runtime::trial::replay(&hex9::Hex, trial) {
                panic!("{slug} seed {}: {m}", trial.seed);
            }
            replayed += 1;
        }
    }
    assert_eq!(replayed, 23);
}
