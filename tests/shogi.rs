//! Shogi and Minishogi, Ludii's own files unchanged (`../shared/ludii`,
//! skipped when absent): every Minishogi reference trial replays; rules on
//! hand-made Minishogi positions (captures go to the capturer's hand
//! demoted, drops and the drops the file refuses, optional and forced
//! promotion, check must be answered); Shogi's random playouts reach an end.
//! Two inline games check ludemes Xiangqi uses as well: Hop's stop rule (the
//! cannon) and `(forEach Direction ...)` turning from the first step (the
//! horse).

mod common;

use common::{play_key as play, sorted_keys as keys};

use ludemic_compiler::interp::{Interpreter, State};
use ludemic_runtime::trial::{read_trials, replay};
use ludemic_runtime::{Game, Xoshiro256PlusPlus};

const MINISHOGI: &str = "board/war/replacement/checkmate/shogi/Minishogi.lud";
const SHOGI: &str = "board/war/replacement/checkmate/shogi/Shogi.lud";

// Minishogi's components (Ludii's `what`): each name for P1 then P2.
const OSHO1: u8 = 1;
const OSHO2: u8 = 2;
const FUHYO1: u8 = 3;
const GINSHO1: u8 = 5;
const HISHA1: u8 = 7;
const HISHA2: u8 = 8;
const KINSHO1: u8 = 11;
const TOKIN1: u8 = 13;
const TOKIN2: u8 = 14;
const NARIGIN1: u8 = 15;

/// P1's hand: sites 25 (pawns), 26 (silvers), 27 (rooks), 28 (bishops),
/// 29 (golds); P2's: 30 to 34 (Minishogi's map "Where").
const P1_PAWNS: u16 = 25;

fn game(lud: &str) -> Option<Interpreter> {
    let ludii = common::shared("ludii")?;
    Some(common::corpus_game(&ludii, lud, &[]))
}

fn site(g: &Interpreter, coord: &str) -> u16 {
    g.site(coord).unwrap_or_else(|| panic!("no site {coord}"))
}

/// A Minishogi position: `pieces` as (coordinate or hand site, what), P1 to
/// move after a few moves.
fn position(g: &Interpreter, pieces: &[(&str, u8)]) -> State {
    let placed: Vec<(u16, u8)> = pieces
        .iter()
        .map(|&(at, what)| match at.parse::<u16>() {
            Ok(hand_site) => (hand_site, what),
            Err(_) => (site(g, at), what),
        })
        .collect();
    g.position(&placed, 1, 10)
}

fn key(g: &Interpreter, from: &str, to: &str) -> String {
    let at = |s: &str| s.parse::<u16>().unwrap_or_else(|_| site(g, s));
    format!("{}>{}", at(from), at(to))
}

#[test]
fn every_minishogi_trial_replays() {
    let (Some(g), Some(trials)) = (game(MINISHOGI), common::shared("reference/ludii-trials"))
    else {
        return;
    };
    let trials = read_trials(&trials.join("minishogi.jsonl")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(trials.len(), 20);
    for trial in &trials {
        if let Err(mismatch) = replay(&g, trial) {
            panic!("Minishogi seed {}: {mismatch}", trial.seed);
        }
    }
}

#[test]
fn a_capture_goes_to_the_capturers_hand_unpromoted_and_counts_up() {
    let Some(g) = game(MINISHOGI) else { return };
    // P1's rook takes P2's promoted pawn; P1 already holds a pawn.
    let mut s = position(
        &g,
        &[
            ("A1", OSHO1),
            ("E5", OSHO2),
            ("A3", HISHA1),
            ("A4", TOKIN2),
            ("25", FUHYO1),
        ],
    );
    assert_eq!(s.count_at(P1_PAWNS), 1);
    play(&g, &mut s, &key(&g, "A3", "A4"));
    assert_eq!(s.what_at(site(&g, "A4")), HISHA1);
    // The Tokin comes back as a pawn of P1's, in P1's pawn site.
    assert_eq!(
        (
            s.what_at(P1_PAWNS),
            s.owner_at(P1_PAWNS),
            s.count_at(P1_PAWNS)
        ),
        (FUHYO1, 1, 2)
    );
    // P2's rook takes P1's: it goes to P2's rook site (32) as P2's.
    let mut s = g.position(
        &[
            (site(&g, "A1"), OSHO1),
            (site(&g, "E5"), OSHO2),
            (site(&g, "A4"), HISHA1),
            (site(&g, "A5"), HISHA2),
        ],
        2,
        11,
    );
    play(&g, &mut s, &key(&g, "A5", "A4"));
    assert_eq!(
        (s.what_at(32), s.owner_at(32), s.count_at(32)),
        (HISHA2, 2, 1)
    );
}

#[test]
fn a_pawn_is_dropped_from_the_hand_where_the_file_allows_it() {
    let Some(g) = game(MINISHOGI) else { return };
    let s = position(
        &g,
        &[("A1", OSHO1), ("E5", OSHO2), ("B2", FUHYO1), ("25", FUHYO1)],
    );
    let legal = keys(&g, &s);
    // An empty site off the last rank, in a column without a P1 pawn.
    assert!(legal.contains(&key(&g, "25", "C3")), "{legal:?}");
    // Not in column B, which holds P1's pawn; not on the last rank.
    assert!(!legal.contains(&key(&g, "25", "B3")), "{legal:?}");
    assert!(!legal.contains(&key(&g, "25", "C5")), "{legal:?}");
    let mut after = s.clone();
    play(&g, &mut after, &key(&g, "25", "C3"));
    assert_eq!(
        (after.what_at(site(&g, "C3")), after.count_at(P1_PAWNS)),
        (FUHYO1, 0)
    );
    assert_eq!(after.what_at(P1_PAWNS), 0);
}

#[test]
fn a_pawn_drop_that_mates_is_refused_and_one_that_only_checks_is_not() {
    let Some(g) = game(MINISHOGI) else { return };
    // P2's king on E5 hemmed in by its own rook on D5; P1's gold on D3
    // guards D4 and E4, so a pawn dropped on E4 would mate.
    let mating = position(
        &g,
        &[
            ("A1", OSHO1),
            ("E5", OSHO2),
            ("D5", HISHA2),
            ("D3", KINSHO1),
            ("25", FUHYO1),
        ],
    );
    let legal = keys(&g, &mating);
    assert!(!legal.contains(&key(&g, "25", "E4")), "{legal:?}");
    assert!(legal.contains(&key(&g, "25", "E3")), "{legal:?}");
    // With the gold away the king can take the pawn: the drop is legal.
    let checking = position(
        &g,
        &[
            ("A1", OSHO1),
            ("E5", OSHO2),
            ("D5", HISHA2),
            ("B3", KINSHO1),
            ("25", FUHYO1),
        ],
    );
    let legal = keys(&g, &checking);
    assert!(legal.contains(&key(&g, "25", "E4")), "{legal:?}");
}

#[test]
fn a_silver_may_promote_and_a_pawn_must() {
    let Some(g) = game(MINISHOGI) else { return };
    // The silver steps into the last rank: the same player then chooses
    // between promoting and passing.
    let mut s = position(&g, &[("A1", OSHO1), ("E5", OSHO2), ("B4", GINSHO1)]);
    play(&g, &mut s, &key(&g, "B4", "B5"));
    assert_eq!(s.mover(), 1);
    let choice = keys(&g, &s);
    assert_eq!(choice.len(), 2, "{choice:?}");
    let mut promoted = s.clone();
    let promote = choice
        .iter()
        .find(|k| *k != "-1>-1" && !k.contains("pass"))
        .expect("a promotion");
    play(&g, &mut promoted, promote);
    assert_eq!(promoted.what_at(site(&g, "B5")), NARIGIN1);
    assert_eq!(promoted.mover(), 2);
    let pass = choice.iter().find(|k| *k != promote).expect("a pass");
    play(&g, &mut s, pass);
    assert_eq!(s.what_at(site(&g, "B5")), GINSHO1);
    assert_eq!(s.mover(), 2);
    // A pawn reaching the last rank becomes a Tokin at once.
    let mut s = position(&g, &[("A1", OSHO1), ("E5", OSHO2), ("C4", FUHYO1)]);
    play(&g, &mut s, &key(&g, "C4", "C5"));
    assert_eq!(s.what_at(site(&g, "C5")), TOKIN1);
    assert_eq!(s.mover(), 2);
}

#[test]
fn check_must_be_answered() {
    let Some(g) = game(MINISHOGI) else { return };
    // P2's rook on C5 checks P1's king on C1 down the C file.
    let s = position(
        &g,
        &[
            ("C1", OSHO1),
            ("E5", OSHO2),
            ("C5", HISHA2),
            ("A2", FUHYO1),
            ("A3", HISHA1),
        ],
    );
    let legal = keys(&g, &s);
    // Stepping along the file or moving the pawn leaves the king in check.
    assert!(!legal.contains(&key(&g, "C1", "C2")), "{legal:?}");
    assert!(!legal.contains(&key(&g, "A2", "A3")), "{legal:?}");
    // Stepping aside or blocking with the rook answers it.
    for (from, to) in [("C1", "B1"), ("C1", "D2"), ("A3", "C3")] {
        let k = key(&g, from, to);
        assert!(legal.contains(&k), "{k} in {legal:?}");
    }
    // And nothing else does: every legal move is one of the king's steps
    // off the file or the rook's block.
    for k in &legal {
        let mut after = s.clone();
        play(&g, &mut after, k);
        let king = (0..25)
            .find(|&x| after.what_at(x) == OSHO1)
            .unwrap_or_else(|| panic!("{k}: no king in {legal:?}"));
        let blocked = (1..4).any(|row| after.what_at(site(&g, "C1") + 5 * row) != 0);
        assert!(king % 5 != 2 || blocked, "{k} leaves the king in check");
    }
}

#[test]
fn shogi_random_playouts_reach_an_end() {
    let Some(g) = game(SHOGI) else { return };
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(2026);
    let start = std::time::Instant::now();
    for n in 0..20 {
        let mut s = g.initial_state();
        let result = g.playout(&mut s, &mut rng);
        assert!(g.status(&s).is_over(), "playout {n}");
        assert!(result.moves > 0, "playout {n}");
    }
    eprintln!(
        "20 Shogi playouts in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// Xiangqi's cannon, as the library writes it: slides over empty sites, or
/// hops over one piece (any distance before and after) and lands only on
/// the first piece beyond, where that piece is an enemy (the `(apply if:...)`
/// stop rule of `Hop`), capturing it.
#[test]
fn a_cannon_captures_only_the_first_piece_beyond_its_screen() {
    let g = common::inline(
        r#"(game "Cannon" (players 2)
      (equipment { (board (square 7))
        (piece "Pao" Each (or (move Slide Orthogonal)
          (move Hop Orthogonal
            (between before:(count Rows) after:(count Rows) if:(is Occupied (between)))
            (to if:(is Empty (to)) (apply if:(is Enemy (who at:(to))) (remove (to)))))))
        (piece "Zu" Each) })
      (rules (start { (place "Pao1" coord:"A1") (place "Zu1" coord:"A3")
                      (place "Zu2" coord:"A6") (place "Zu2" coord:"A7") (place "Zu2" coord:"C1") })
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let mut s = g.initial_state();
    let legal = keys(&g, &s);
    // Up the A file: A2 by sliding; over the pawn on A3 it passes A4 and A5
    // (no landing there) and takes the first piece beyond, on A6, not A7.
    assert!(legal.contains(&"0>7".to_string()), "{legal:?}");
    assert!(legal.contains(&"0>35".to_string()), "{legal:?}");
    for not in ["0>21", "0>28", "0>42", "0>14"] {
        assert!(!legal.contains(&not.to_string()), "{not} in {legal:?}");
    }
    // Along row 1 there is no screen: B1 by sliding, C1 is never taken.
    assert!(legal.contains(&"0>1".to_string()), "{legal:?}");
    assert!(!legal.contains(&"0>2".to_string()), "{legal:?}");
    play(&g, &mut s, "0>35");
    assert_eq!(s.what_at(35), 1);
    assert_eq!(s.what_at(42), 4);
}

/// Xiangqi's horse: `(forEach Direction Orthogonal (to if:(is Empty (to))
/// (apply (forEach Direction (from (to)) (directions {FR FL} of:All) ...))))`
/// turns FR and FL from each orthogonal step (Ludii's `newDirection`), and a
/// blocked first step ("hobbling the horse") forbids both moves beyond it.
#[test]
fn a_horse_turns_from_its_first_step_and_is_hobbled_by_a_piece_there() {
    let g = common::inline(
        r#"(game "Horse" (players 2)
      (equipment { (board (square 7))
        (piece "Ma" Each
          (forEach Direction Orthogonal
            (to if:(is Empty (to))
              (apply (forEach Direction (from (to)) (directions {FR FL} of:All)
                (if (not (is Friend (who at:(to)))) (move (from) (to))))))))
        (piece "Zu" Each) })
      (rules (start { (place "Ma1" coord:"D4") (place "Zu1" coord:"D5") })
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"#,
    );
    let s = g.initial_state();
    let legal: Vec<String> = keys(&g, &s)
        .into_iter()
        .filter(|k| k.starts_with("24>"))
        .collect();
    // From D4 (24): east E4 then NE/SE -> F5 (33), F3 (19); south D3 then
    // SE/SW -> E2 (11), C2 (9); west C4 then -> B5 (29), B3 (15). North is
    // blocked by the friendly pawn on D5: no E6 or C6.
    let mut expected: Vec<String> = [33, 19, 11, 9, 29, 15]
        .iter()
        .map(|t| format!("24>{t}"))
        .collect();
    expected.sort();
    assert_eq!(legal, expected);
}
