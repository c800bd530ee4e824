//! The loop of an RL environment, in Rust, on a bundled compiled game: the
//! legal action mask, one uniformly random legal action id, its first
//! move applied, the new observation, a reset at the end of a game. The
//! Python bindings' `Batch.step` runs this loop; `python/examples/bench.py`
//! times it from Python (docs/python.md compares the two).
//!
//! ```sh
//! cargo run --release --example tensor_steps -- tic-tac-toe 2
//! ```

use std::time::Instant;

use ludemic_compiler::Config;
use ludemic_runtime::{
    Game, MoveBuffer, PositionView, Recorded, RngExt, TensorLayout, Xoshiro256PlusPlus,
};

struct Steps {
    layout: TensorLayout,
    seconds: f64,
}

impl ludemic_generated::Visitor for Steps {
    type Output = f64;
    fn visit<G: PositionView + Clone>(self, game: &G) -> f64 {
        let game = Recorded(game.clone());
        let layout = &self.layout;
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(1);
        let mut state = game.initial_state();
        let mut buffer = MoveBuffer::new();
        let mut moves = Vec::new();
        let mut mask = vec![false; layout.num_distinct_actions()];
        let mut ids = Vec::new();
        let mut obs = vec![0.0f32; layout.state_len()];
        let mut steps = 0u64;
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < self.seconds {
            for _ in 0..1000 {
                layout
                    .legal_action_mask(&game, &state, &mut buffer, &mut mask)
                    .expect("a mask");
                ids.clear();
                ids.extend(mask.iter().enumerate().filter(|(_, &m)| m).map(|(i, _)| i));
                let id = ids[rng.index(ids.len())];
                layout
                    .moves_of_action(&game, &state, id, &mut buffer, &mut moves)
                    .expect("moves");
                game.apply(&mut state, moves[0]);
                layout
                    .observe(&game, &state, &mut obs)
                    .expect("an observation");
                if game.is_over(&state) {
                    state = game.initial_state();
                }
            }
            steps += 1000;
        }
        steps as f64 / start.elapsed().as_secs_f64()
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "tic-tac-toe".to_owned());
    let seconds: f64 = args.next().map_or(2.0, |s| s.parse().expect("seconds"));
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = Config {
        def_dirs: vec![root.join("games/def")],
        ..Config::default()
    };
    let loaded = ludemic_compiler::load(&root.join(format!("games/{name}.lud")), &config)
        .unwrap_or_else(|e| panic!("{e}"));
    let layout = ludemic_compiler::tensor::layout(&loaded.model).expect("a tensor layout");
    let rate = ludemic_generated::visit(&name, Steps { layout, seconds })
        .unwrap_or_else(|| panic!("{name} is not bundled"));
    println!(
        "{} (compiled, Rust loop): {rate:.0} steps/s",
        loaded.model.name
    );
}
