//! The unoptimised code against the default code (itself checked against the
//! interpreter and Ludii): in lockstep along the same moves, the same legal
//! moves and outcomes at every step (the same dice drawn for both); and the
//! same playout statistics.

use ludemic_check_unoptimised as plain;
use ludemic_runtime::{
    Game, MoveBuffer, MoveKey, PlayoutStats, RngExt, Status, Xoshiro256PlusPlus,
};

fn keys<G: Game>(game: &G, moves: &[G::Move]) -> Vec<MoveKey> {
    let mut keys: Vec<MoveKey> = moves.iter().map(|&m| game.move_key(m)).collect();
    keys.sort();
    keys
}

fn lockstep<A: Game, B: Game>(name: &str, a: &A, b: &B, seeds: u64) {
    let (mut ab, mut bb) = (MoveBuffer::new(), MoveBuffer::new());
    for seed in 0..seeds {
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
        let (mut sa, mut sb) = (a.initial_state(), b.initial_state());
        loop {
            let status = a.status(&sa);
            assert_eq!(status, b.status(&sb), "{name} seed {seed}: status");
            if let Status::Over(_) = status {
                assert_eq!(
                    a.moves_played(&sa),
                    b.moves_played(&sb),
                    "{name} seed {seed}"
                );
                break;
            }
            // Both draw the same dice: the faces drawn for `a`, forced on `b`.
            let dice = a.chance(&sa);
            assert_eq!(dice, b.chance(&sb), "{name} seed {seed}: dice");
            if !dice.is_empty() {
                let faces: Vec<(u32, u32)> = dice
                    .iter()
                    .map(|&(site, count)| (site, rng.index(count as usize) as u32))
                    .collect();
                a.force_chance(&mut sa, &faces);
                b.force_chance(&mut sb, &faces);
            }
            a.legal_moves(&sa, &mut ab);
            b.legal_moves(&sb, &mut bb);
            assert_eq!(
                keys(a, &ab),
                keys(b, &bb),
                "{name} seed {seed}: legal moves"
            );
            let key = a.move_key(ab[rng.index(ab.len())]);
            let mb = *bb
                .iter()
                .find(|&&m| b.move_key(m) == key)
                .expect("same keys");
            let ma = *ab.iter().find(|&&m| a.move_key(m) == key).expect("listed");
            a.apply(&mut sa, ma);
            b.apply(&mut sb, mb);
        }
    }
}

fn stats<G: Game>(game: &G, playouts: u64) -> PlayoutStats {
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(5);
    let mut stats = PlayoutStats::new(game.num_players());
    for _ in 0..playouts {
        let mut s = game.initial_state();
        stats.record(&game.playout(&mut s, &mut rng));
    }
    stats
}

fn same_distribution(name: &str, a: &PlayoutStats, b: &PlayoutStats) {
    let se = (a.mean_moves_stderr().powi(2) + b.mean_moves_stderr().powi(2)).sqrt();
    assert!(
        (a.mean_moves() - b.mean_moves()).abs() <= 3.0 * se,
        "{name}: mean moves {} vs {}",
        a.mean_moves(),
        b.mean_moves()
    );
    for p in 0..=a.num_players {
        let se = (a.frequency_stderr(p).powi(2) + b.frequency_stderr(p).powi(2)).sqrt();
        let tolerance = (3.0 * se).max(1.0 / a.playouts as f64);
        assert!(
            (a.frequency(p) - b.frequency(p)).abs() <= tolerance,
            "{name}: frequency of {p}: {} vs {}",
            a.frequency(p),
            b.frequency(p)
        );
    }
}

macro_rules! check {
    ($test:ident, $module:ident, $ty:ident, $seeds:expr, $playouts:expr) => {
        #[test]
        fn $test() {
            let (a, b) = (plain::$module::$ty, ludemic_generated::$module::$ty);
            lockstep(stringify!($module), &a, &b, $seeds);
            same_distribution(
                stringify!($module),
                &stats(&a, $playouts),
                &stats(&b, $playouts),
            );
        }
    };
}

check!(tic_tac_toe, tic_tac_toe, TicTacToe, 300, 20_000);
check!(squava, squava, Squava, 150, 10_000);
check!(yavalath, yavalath, Yavalath, 150, 10_000);
check!(hex, hex, Hex, 30, 2_000);
check!(gomoku, gomoku, Gomoku, 20, 1_000);
check!(havannah, havannah, Havannah, 20, 600);
check!(connect6, connect6, Connect6, 5, 200);
check!(breakthrough, breakthrough, Breakthrough, 30, 2_000);
check!(knightthrough, knightthrough, Knightthrough, 30, 2_000);
check!(wolf_and_sheep, wolf_and_sheep, WolfAndSheep, 30, 2_000);
check!(tron, tron, Tron, 30, 10_000);
check!(amazons, amazons, Amazons, 5, 200);
check!(mu_torere, mu_torere, MuTorere, 30, 4_000);
check!(tant_fant, tant_fant, TantFant, 30, 4_000);
check!(alquerque, alquerque, Alquerque, 10, 500);
check!(lines_of_action, lines_of_action, LinesOfAction, 3, 50);
check!(reversi, reversi, Reversi, 10, 500);
check!(dots_and_boxes, dots_and_boxes, DotsAndBoxes, 10, 1_000);
check!(connect_four, connect_four, ConnectFour, 100, 10_000);
check!(feed_the_ducks, feed_the_ducks, FeedTheDucks, 10, 1_000);
check!(
    english_draughts,
    english_draughts,
    EnglishDraughts,
    10,
    1_000
);
// The Filter and No-Repetition games: the default code draws a move and
// tests only that one (`ifAfterwards`, repetition), the plain code lists
// every legal move each step.
check!(dara, dara, Dara, 10, 1_000);
check!(pentalath, pentalath, Pentalath, 20, 2_000);
check!(chess, chess, Chess, 3, 200);
check!(minishogi, minishogi, Minishogi, 5, 300);
check!(go, go, Go, 1, 100);
// About 800 moves a playout, each step of the plain code testing every
// move for check.
check!(shogi, shogi, Shogi, 1, 40);
// The custodial, leaping and morris games (Dai Hasami Shogi plays
// about 1,650 moves, Hnefatafl about 550).
check!(dai_hasami_shogi, dai_hasami_shogi, DaiHasamiShogi, 2, 40);
check!(hexentafl, hexentafl, HeXentafl, 30, 4_000);
check!(hnefatafl, hnefatafl, Hnefatafl, 3, 100);
check!(konane, konane, Konane, 20, 2_000);
check!(
    nine_mens_morris,
    nine_mens_morris,
    NineMenSMorris,
    20,
    2_000
);
// About 2,750 moves a playout (Halma) and 8,900 (Chinese Checkers, six
// players), all but a few to the turn limit.
check!(halma, halma, Halma, 1, 40);
check!(chinese_checkers, chinese_checkers, ChineseCheckers, 1, 20);
// About 58 moves a playout, each capture probing whether the chain goes on.
check!(fanorona, fanorona, Fanorona, 20, 2_000);
// About 230 moves a playout; slides along the loop tracks.
check!(surakarta, surakarta, Surakarta, 20, 1_000);
// About 290 moves a playout; sowing and captures along the track.
check!(oware, oware, Oware, 20, 1_000);
// About 160 moves a playout; dice, hits and rosettes.
check!(royal_game_of_ur, royal_game_of_ur, RoyalGameOfUr, 20, 2_000);
// About 240 moves a playout; two phases, swaps.
check!(senet, senet, Senet, 10, 1_000);
