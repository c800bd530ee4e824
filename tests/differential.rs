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
use ludemic_runtime::{standard_playout, Game, MoveBuffer, PlayoutStats, Xoshiro256PlusPlus};

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
    ("reversi", 20),
    ("dots-and-boxes", 20),
    ("connect-four", 200),
    ("feed-the-ducks", 20),
    ("english-draughts", 60),
    // Chess playouts are about 420 moves: a few seeds keep this at a second or two.
    ("chess", 10),
    ("dara", 20),
    ("pentalath", 60),
    ("go", 10),
    ("minishogi", 20),
    // About 700 moves a game, each step listing both engines' moves.
    ("shogi", 2),
    // Dai Hasami Shogi playouts are about 1,650 moves, Hnefatafl's about 550.
    ("dai-hasami-shogi", 4),
    ("hexentafl", 60),
    ("hnefatafl", 6),
    ("konane", 40),
    ("nine-mens-morris", 40),
    // About 2,750 and 8,900 moves a game, each step listing both engines' moves.
    ("halma", 1),
    ("chinese-checkers", 1),
    // About 58 moves a game; chains of captures over unvisited sites.
    ("fanorona", 100),
    // About 230 moves a game; captures along the loop tracks, the
    // proposal and vote that end a quiet game.
    ("surakarta", 20),
    // About 290 moves a game; sowing, captures backwards along the track.
    ("oware", 20),
    // About 160 moves a game; dice, entering from the hand, hits, rosettes.
    ("royal-game-of-ur", 40),
    // About 240 moves a game; an opening phase, swaps of pieces, the
    // players swapped, passes with consequences.
    ("senet", 20),
    // Halma on its 6x6 board (a bundled option variant): about 700 moves.
    ("halma-6x6", 10),
];

#[path = "../checks/common/lockstep.rs"]
mod lockstep;

struct Lockstep {
    stem: &'static str,
    seeds: u64,
}

impl Visitor for Lockstep {
    type Output = Result<(), String>;
    fn visit<C: Game>(self, compiled: &C) -> Result<(), String> {
        let interp = common::bundled_game(self.stem);
        for seed in 0..self.seeds {
            let mut whole_games = usize::MAX;
            lockstep::lockstep(compiled, &interp, seed, &mut whole_games)
                .map_err(|e| format!("{} {e}", self.stem))?;
        }
        Ok(())
    }
}

/// Plays each game's lockstep games; the differences found.
fn lockstep_failures(games: &[(&'static str, u64)]) -> Vec<String> {
    let mut failures = Vec::new();
    for &(stem, seeds) in games {
        let start = std::time::Instant::now();
        let result = ludemic_generated::visit(stem, Lockstep { stem, seeds }).expect("bundled");
        eprintln!(
            "{stem}: {seeds} lockstep games in {:.1} s",
            start.elapsed().as_secs_f64()
        );
        if let Err(e) = result {
            failures.push(e);
        }
    }
    failures
}

#[test]
fn compiled_and_interpreter_agree_move_by_move() {
    let failures = lockstep_failures(LOCKSTEP);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The Filter and No-Repetition games from hundreds of seeds (minutes: `cargo test --release
/// --test differential -- --ignored`); the suite plays a few of each.
#[test]
#[ignore = "minutes: 200 lockstep games of each Filter and No-Repetition game"]
fn filter_and_no_repetition_games_agree_move_by_move_from_hundreds_of_seeds() {
    let games = ["dara", "pentalath", "chess", "minishogi", "go", "shogi"].map(|stem| (stem, 200));
    let failures = lockstep_failures(&games);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Optimised and standard playouts of one compiled game.
struct Variants {
    playouts: u64,
}

impl Visitor for Variants {
    type Output = (PlayoutStats, PlayoutStats);
    fn visit<G: Game + Sync>(self, game: &G) -> Self::Output {
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
        ("reversi", 1_500),
        ("dots-and-boxes", 3_000),
        ("connect-four", 20_000),
        ("feed-the-ducks", 2_000),
        ("english-draughts", 4_000),
        ("chess", 2_000),
        ("dara", 1_000),
        ("pentalath", 10_000),
        ("go", 1_000),
        ("minishogi", 400),
        ("shogi", 100),
        ("dai-hasami-shogi", 400),
        ("hexentafl", 10_000),
        ("hnefatafl", 600),
        ("konane", 4_000),
        ("nine-mens-morris", 4_000),
        ("halma", 100),
        // The standard playout on both sides (the same function): a sample
        // of the runtime's own distribution. (Chinese Checkers' playouts are
        // 8,900 moves with a spread of about 115: 100 of each.)
        ("chinese-checkers", 100),
        ("fanorona", 2_000),
        ("surakarta", 1_000),
        ("oware", 1_000),
        ("royal-game-of-ur", 2_000),
        ("senet", 1_000),
        ("halma-6x6", 2_000),
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

/// `uniform_draws` at states along random playouts of each bundled game.
struct UniformDraws {
    states: usize,
    draws_per_move: usize,
}

impl Visitor for UniformDraws {
    type Output = Result<(), String>;
    fn visit<G: Game + Sync>(self, game: &G) -> Result<(), String> {
        uniform_draws::uniform_draws(game, self.states, self.draws_per_move, 2026)
    }
}

#[path = "../checks/common/uniform_draws.rs"]
mod uniform_draws;

#[test]
fn random_moves_are_uniform_over_the_legal_moves() {
    let failures: Vec<String> = ludemic_generated::stems()
        .filter_map(|stem| {
            let check = UniformDraws {
                states: 30,
                draws_per_move: 400,
            };
            ludemic_generated::visit(stem, check)
                .expect("bundled")
                .err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
