//! Random playouts from the initial state of every bundled game, on the
//! compiled engine and on the interpreter: `cargo bench --bench playouts`
//! (add `-- hex` to run one game). Throughput is in playouts (one per
//! iteration). See docs/benchmarks.md.

use std::path::Path;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput,
};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::Config;
use ludemic_runtime::{Game, Xoshiro256PlusPlus};

/// Both engines start a generator of this seed (the CLI's default too).
const SEED: u64 = 12345;

/// One benchmark: playouts from the initial state with one xoshiro256++
/// generator running through all iterations.
fn bench_playouts<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, engine: &str, game: &G) {
    let initial = game.initial_state();
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(SEED);
    group.bench_function(engine, |b| {
        b.iter(|| {
            let mut state = initial.clone();
            black_box(game.playout(&mut state, &mut rng))
        })
    });
}

/// Benchmarks whichever compiled game it is given.
struct Compiled<'a, 'c> {
    group: &'a mut BenchmarkGroup<'c, WallTime>,
}

impl ludemic_generated::Visitor for Compiled<'_, '_> {
    type Output = ();
    fn visit<G: Game + Sync>(self, game: &G) {
        bench_playouts(self.group, "compiled", game);
    }
}

fn interpreter(stem: &str) -> Interpreter {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = Config {
        def_dirs: vec![root.join("games/def")],
        ..Default::default()
    };
    let path = root.join("games").join(format!("{stem}.lud"));
    let loaded = ludemic_compiler::load(&path, &config)
        .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
    Interpreter::new(loaded.model)
}

fn playouts(c: &mut Criterion) {
    for stem in ludemic_generated::GAMES {
        let mut group = c.benchmark_group(*stem);
        group.throughput(Throughput::Elements(1));
        ludemic_generated::visit(stem, Compiled { group: &mut group }).expect("a bundled game");
        bench_playouts(&mut group, "interpreter", &interpreter(stem));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    targets = playouts
}
criterion_main!(benches);
