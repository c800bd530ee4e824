//! Differential tests: the compiled games (`generated/`) against the
//! interpreter.
//!
//! 1. Lockstep: from many seeds, one engine picks a random move, the other
//!    plays the same move by its canonical key; at every step both have the
//!    same mover and the same set of legal-move keys, and the same outcome.
//! 2. Playout variants: the compiled game's optimised playout and its
//!    standard playout agree in mean length and outcome frequencies.

mod common;

use ludemic_generated::Visitor;
use ludemic_runtime::{
    standard_playout, Game, MoveBuffer, MoveKey, PlayoutStats, RngExt, Status, Xoshiro256PlusPlus,
};

/// Games and the number of lockstep games per test run.
const LOCKSTEP: &[(&str, u64)] = &[
    ("tic-tac-toe", 400),
    ("squava", 200),
    ("yavalath", 200),
    ("hex", 40),
    ("gomoku", 25),
    ("havannah", 25),
    ("connect6", 8),
    ("breakthrough", 60),
    ("knightthrough", 60),
    ("wolf-and-sheep", 60),
    ("tron", 60),
    ("amazons", 10),
    ("mu-torere", 100),
    ("tant-fant", 100),
    ("alquerque", 20),
    ("lines-of-action", 6),
];

fn keys<G: Game>(game: &G, moves: &[G::Move]) -> Vec<MoveKey> {
    let mut keys: Vec<MoveKey> = moves.iter().map(|&m| game.move_key(m)).collect();
    keys.sort();
    keys
}

struct Lockstep {
    stem: &'static str,
    seeds: u64,
}

impl Visitor for Lockstep {
    type Output = Result<(), String>;
    fn visit<C: Game>(self, compiled: &C) -> Result<(), String> {
        let interp = common::own_game(self.stem, &[]);
        let (mut cb, mut ib) = (MoveBuffer::new(), MoveBuffer::new());
        for seed in 0..self.seeds {
            let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
            let (mut cs, mut is) = (compiled.initial_state(), interp.initial_state());
            for step in 0.. {
                let at = |what: String| format!("{} seed {seed} step {step}: {what}", self.stem);
                let (c, i) = (compiled.status(&cs), interp.status(&is));
                if c != i {
                    return Err(at(format!(
                        "status {c:?} (compiled) vs {i:?} (interpreter)"
                    )));
                }
                if let Status::Over(_) = c {
                    if compiled.moves_played(&cs) != interp.moves_played(&is) {
                        return Err(at("different move counts".into()));
                    }
                    break;
                }
                compiled.legal_moves(&cs, &mut cb);
                interp.legal_moves(&is, &mut ib);
                let (ck, ik) = (keys(compiled, &cb), keys(&interp, &ib));
                if ck != ik {
                    return Err(at(format!("legal moves differ: {ck:?} vs {ik:?}")));
                }
                // Alternate which engine picks, so both orders are exercised.
                let key = if seed % 2 == 0 {
                    compiled.move_key(cb[rng.index(cb.len())])
                } else {
                    interp.move_key(ib[rng.index(ib.len())])
                };
                let cm = *cb
                    .iter()
                    .find(|&&m| compiled.move_key(m) == key)
                    .expect("key listed");
                let im = *ib
                    .iter()
                    .find(|&&m| interp.move_key(m) == key)
                    .expect("key listed");
                compiled.apply(&mut cs, cm);
                interp.apply(&mut is, im);
            }
        }
        Ok(())
    }
}

#[test]
fn compiled_and_interpreter_agree_move_by_move() {
    let mut failures = Vec::new();
    for &(stem, seeds) in LOCKSTEP {
        let result = ludemic_generated::visit(stem, Lockstep { stem, seeds }).expect("bundled");
        if let Err(e) = result {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Optimised and standard playouts of one compiled game.
struct Variants {
    playouts: u64,
}

impl Visitor for Variants {
    type Output = (PlayoutStats, PlayoutStats);
    fn visit<G: Game>(self, game: &G) -> Self::Output {
        let mut fast = PlayoutStats::new(game.num_players());
        let mut standard = PlayoutStats::new(game.num_players());
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(99);
        let mut buffer = MoveBuffer::new();
        for _ in 0..self.playouts {
            let mut s = game.initial_state();
            fast.record(&game.playout(&mut s, &mut rng));
            let mut s = game.initial_state();
            standard.record(&standard_playout(game, &mut s, &mut rng, &mut buffer));
        }
        (fast, standard)
    }
}

#[test]
fn optimised_playouts_match_standard_playouts() {
    let mut failures = Vec::new();
    for (stem, playouts) in [
        ("tic-tac-toe", 40_000),
        ("squava", 20_000),
        ("yavalath", 20_000),
        ("hex", 4_000),
        ("gomoku", 4_000),
        ("havannah", 1_500),
        ("connect6", 600),
        ("breakthrough", 4_000),
        ("knightthrough", 4_000),
        ("wolf-and-sheep", 4_000),
        ("tron", 20_000),
        ("amazons", 400),
        ("mu-torere", 10_000),
        ("tant-fant", 10_000),
        ("alquerque", 1_000),
        ("lines-of-action", 100),
    ] {
        let (fast, standard) =
            ludemic_generated::visit(stem, Variants { playouts }).expect("bundled");
        let se = (fast.mean_moves_stderr().powi(2) + standard.mean_moves_stderr().powi(2)).sqrt();
        let diff = (fast.mean_moves() - standard.mean_moves()).abs();
        eprintln!(
            "{stem:12} optimised {:.2} / standard {:.2} moves; P1 {:.3} / {:.3}",
            fast.mean_moves(),
            standard.mean_moves(),
            fast.frequency(1),
            standard.frequency(1)
        );
        if diff > 3.0 * se {
            failures.push(format!(
                "{stem}: mean moves {:.3} vs {:.3}",
                fast.mean_moves(),
                standard.mean_moves()
            ));
        }
        for p in 0..=fast.num_players {
            let se =
                (fast.frequency_stderr(p).powi(2) + standard.frequency_stderr(p).powi(2)).sqrt();
            // A zero frequency on both sides has no spread; allow one playout.
            let tolerance = (3.0 * se).max(1.0 / playouts as f64);
            if (fast.frequency(p) - standard.frequency(p)).abs() > tolerance {
                failures.push(format!(
                    "{stem}: frequency of {p} {:.4} vs {:.4}",
                    fast.frequency(p),
                    standard.frequency(p)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
