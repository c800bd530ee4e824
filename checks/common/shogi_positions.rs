//! Minishogi as Ludii's own file states it
//! (`board/war/replacement/checkmate/shogi/Minishogi.lud`), on hand-made
//! positions: the file's rules unchanged, only its start rules replaced.
//! Captured pieces go to the capturer's hand unpromoted and count up; pawns
//! are dropped where the file allows (not on the last rank, not in a
//! column holding one of the mover's pawns, not to mate); a silver may
//! promote on reaching the last rank and a pawn must; check must be
//! answered. Shared by `tests/shogi.rs` (the interpreter) and
//! `checks/corpus` (each position compiled), so both engines answer the
//! same questions.
//!
//! Sites: A1 = 0, B1 = 1, ..., E1 = 4, A2 = 5, ..., E5 = 24; P1 starts,
//! moving north. The hands follow the board: P1's pawns, silvers, rooks,
//! bishops and golds on 25 to 29, P2's on 30 to 34 (the file's map
//! "Where").

#![allow(dead_code)]

use ludemic_runtime::view::PositionView;

#[path = "position_play.rs"]
mod position_play;
pub use position_play::{keys, play, with_start};

/// The file, under `ludii/lud`.
pub const MINISHOGI: &str = "board/war/replacement/checkmate/shogi/Minishogi.lud";

// The components (Ludii's `what`): each name for P1 then P2.
const FUHYO1: u32 = 3;
const GINSHO1: u32 = 5;
const HISHA1: u32 = 7;
const HISHA2: u32 = 8;
const TOKIN1: u32 = 13;
const NARIGIN1: u32 = 15;

/// P1's pawns in hand; P2's rooks in hand.
const P1_PAWNS: usize = 25;
const P2_ROOKS: usize = 32;

/// P1's rook on A3 faces P2's promoted pawn on A4, with P2's rook behind it
/// on A5; P1 holds a pawn, has pawns on B2 and D4 and a silver on B4.
pub const HAND: &str = r#"(place "Osho1" coord:"A1") (place "Osho2" coord:"E5")
    (place "Hisha1" coord:"A3") (place "Tokin2" coord:"A4") (place "Hisha2" coord:"A5")
    (place "Fuhyo1" {"B2" "D4"}) (place "Ginsho1" coord:"B4")
    (place "Fuhyo1" (handSite P1) count:1)"#;

/// P2's king on E5 hemmed in by its own rook on D5; P1's gold on D3 guards
/// D4 and E4, so a pawn dropped on E4 would mate. The kings' spare moves
/// (P1's from A2 to A1, P2's silver from A5) are played first: the drop is
/// asked after a move of each player, as in a game (the first move of a
/// game never drops, the hands being empty).
pub const PAWN_DROP_MATE: &str = r#"(place "Osho1" coord:"A2") (place "Osho2" coord:"E5")
    (place "Hisha2" coord:"D5") (place "Kinsho1" coord:"D3") (place "Ginsho2" coord:"A5")
    (place "Fuhyo1" (handSite P1) count:1)"#;

/// P2's rook on C5 checks P1's king on C1 down the C file; P1 has a pawn on
/// A2 and a rook on A3.
pub const CHECK: &str = r#"(place "Osho1" coord:"C1") (place "Osho2" coord:"E5")
    (place "Hisha2" coord:"C5") (place "Fuhyo1" coord:"A2") (place "Hisha1" coord:"A3")"#;

/// Every position: a name (a module name where compiled) and its start rules.
pub const POSITIONS: &[(&str, &str)] = &[
    ("minishogi_hand", HAND),
    ("minishogi_pawn_drop_mate", PAWN_DROP_MATE),
    ("minishogi_check", CHECK),
];

/// Runs the checks of position `name` on `g`, built from its start rules.
pub fn check<G: PositionView>(name: &str, g: &G) {
    match name {
        "minishogi_hand" => {
            a_capture_goes_to_the_capturers_hand_unpromoted_and_counts_up(g);
            a_pawn_is_dropped_where_the_file_allows_it(g);
            a_silver_may_promote_and_a_pawn_must(g);
        }
        "minishogi_pawn_drop_mate" => {
            a_pawn_drop_that_mates_is_refused_and_one_that_checks_is_not(g)
        }
        // The king steps off the file to B1, D1, B2 or D2 (not C2), or the
        // rook blocks on C3: nothing else answers the check.
        "minishogi_check" => assert_eq!(
            keys(g, &g.initial_state()),
            ["10>12", "2>1", "2>3", "2>6", "2>8"]
        ),
        other => panic!("no position {other}"),
    }
}

fn hand<G: PositionView>(g: &G, s: &G::State, site: usize) -> (u32, u32, u32) {
    (
        g.what_at(s, site),
        g.owner_at(s, site) as u32,
        g.count_at(s, site),
    )
}

fn a_capture_goes_to_the_capturers_hand_unpromoted_and_counts_up<G: PositionView>(g: &G) {
    let mut s = g.initial_state();
    assert_eq!(hand(g, &s, P1_PAWNS), (FUHYO1, 1, 1));
    // P1's rook takes the promoted pawn: it comes back as a pawn of P1's,
    // in P1's pawn site, beside the one already there.
    play(g, &mut s, "10>15");
    assert_eq!(g.what_at(&s, 15), HISHA1);
    assert_eq!(hand(g, &s, P1_PAWNS), (FUHYO1, 1, 2));
    // P2's rook takes P1's: it goes to P2's rook site as P2's.
    assert_eq!(g.mover(&s), 2);
    play(g, &mut s, "20>15");
    assert_eq!(hand(g, &s, P2_ROOKS), (HISHA2, 2, 1));
}

fn a_pawn_is_dropped_where_the_file_allows_it<G: PositionView>(g: &G) {
    let s = g.initial_state();
    let drops: Vec<String> = keys(g, &s)
        .into_iter()
        .filter(|k| k.starts_with("25>"))
        .collect();
    // An empty site off the last rank (C3); not in columns B and D, which
    // hold P1's pawns, nor on the last rank (C5).
    assert!(drops.contains(&"25>12".to_string()), "{drops:?}");
    for refused in ["25>11", "25>13", "25>22"] {
        assert!(
            !drops.contains(&refused.to_string()),
            "{refused} in {drops:?}"
        );
    }
    let mut after = s.clone();
    play(g, &mut after, "25>12");
    assert_eq!(
        (g.what_at(&after, 12), g.count_at(&after, P1_PAWNS)),
        (FUHYO1, 0)
    );
    assert_eq!(g.what_at(&after, P1_PAWNS), 0);
}

fn a_silver_may_promote_and_a_pawn_must<G: PositionView>(g: &G) {
    // The silver steps from B4 into the last rank: the same player then
    // chooses between promoting and passing.
    let mut s = g.initial_state();
    play(g, &mut s, "16>21");
    assert_eq!(g.mover(&s), 1);
    let choice = keys(g, &s);
    assert_eq!(choice.len(), 2, "{choice:?}");
    let pass = choice
        .iter()
        .find(|k| k.contains("pass"))
        .expect("a pass")
        .clone();
    let promote = choice.iter().find(|k| **k != pass).expect("a promotion");
    let mut promoted = s.clone();
    play(g, &mut promoted, promote);
    assert_eq!(
        (g.what_at(&promoted, 21), g.mover(&promoted)),
        (NARIGIN1, 2)
    );
    play(g, &mut s, &pass);
    assert_eq!((g.what_at(&s, 21), g.mover(&s)), (GINSHO1, 2));
    // The pawn stepping from D4 to the last rank becomes a Tokin at once.
    let mut s = g.initial_state();
    play(g, &mut s, "18>23");
    assert_eq!((g.what_at(&s, 23), g.mover(&s)), (TOKIN1, 2));
}

fn a_pawn_drop_that_mates_is_refused_and_one_that_checks_is_not<G: PositionView>(g: &G) {
    let mut s = g.initial_state();
    play(g, &mut s, "5>0");
    play(g, &mut s, "20>15");
    let legal = keys(g, &s);
    assert!(!legal.contains(&"25>19".to_string()), "{legal:?}");
    assert!(legal.contains(&"25>14".to_string()), "{legal:?}");
    // The gold steps aside to C3, no longer guarding E4, and P2's silver
    // steps on: now the king could take a pawn dropped on E4, so the drop,
    // which checks, is legal.
    play(g, &mut s, "13>12");
    play(g, &mut s, "15>10");
    let legal = keys(g, &s);
    assert!(legal.contains(&"25>19".to_string()), "{legal:?}");
}
