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
// `with_start` is for the files that build the positions (`build.rs`, the
// interpreter's tests), not for every includer.
#[allow(unused_imports)]
pub use position_play::{keys, play, with_start};

/// The files, under `ludii/lud`.
pub const MINISHOGI: &str = "board/war/replacement/checkmate/shogi/Minishogi.lud";
pub const SHOGI: &str = "board/war/replacement/checkmate/shogi/Shogi.lud";

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
/// D4 and E4, so a pawn dropped on E4 would mate. P1's hand is empty, as
/// at the start of a game: its king takes P2's pawn on B2 first, and P2's
/// silver steps from E1 (Ludii's `prev` is 0 before the first move, which
/// a drop's test reads; a game's first move never drops).
pub const PAWN_DROP_MATE: &str = r#"(place "Osho1" coord:"A1") (place "Osho2" coord:"E5")
    (place "Hisha2" coord:"D5") (place "Kinsho1" coord:"D3") (place "Fuhyo2" coord:"B2")
    (place "Ginsho2" coord:"E1")"#;

/// P2's rook on C5 checks P1's king on C1 down the C file; P1 has a pawn on
/// A2 and a rook on A3.
pub const CHECK: &str = r#"(place "Osho1" coord:"C1") (place "Osho2" coord:"E5")
    (place "Hisha2" coord:"C5") (place "Fuhyo1" coord:"A2") (place "Hisha1" coord:"A3")"#;

/// Shogi (9x9: A1 = 0, ..., I1 = 8, A2 = 9, ..., I9 = 80; P1's hand on 81
/// to 87, pawns first, then silvers, rooks, bishops, knights, lances,
/// golds). P1 holds a pawn, a knight and a lance; a pawn on D6 and one on
/// G8, a knight on B6, a lance on I7. The kings make a move each first.
pub const SHOGI_DROPS_AND_PROMOTION: &str = r#"(place "Osho1" coord:"E2") (place "Osho2" coord:"E8")
    (place "Fuhyo1" {"D6" "G8"}) (place "Keima1" coord:"B6") (place "Kyosha1" coord:"I7")
    (place "Fuhyo1" (handSite P1) count:1) (place "Keima1" (handSite P1 4) count:1)
    (place "Kyosha1" (handSite P1 5) count:1)"#;

/// Shogi: P2's knight on C5 is about to check P1's king on E1 from D3; P1
/// has a pawn on D2 and a lance on A1 (which makes P1's spare move).
pub const SHOGI_KNIGHT_CHECK: &str = r#"(place "Osho1" coord:"E1") (place "Fuhyo1" coord:"D2")
    (place "Kyosha1" coord:"A1") (place "Osho2" coord:"E9") (place "Keima2" coord:"C5")"#;

/// Every position: a name (a module name where compiled), the file and its
/// start rules.
pub const POSITIONS: &[(&str, &str, &str)] = &[
    ("minishogi_hand", MINISHOGI, HAND),
    ("minishogi_pawn_drop_mate", MINISHOGI, PAWN_DROP_MATE),
    ("minishogi_check", MINISHOGI, CHECK),
    (
        "shogi_drops_and_promotion",
        SHOGI,
        SHOGI_DROPS_AND_PROMOTION,
    ),
    ("shogi_knight_check", SHOGI, SHOGI_KNIGHT_CHECK),
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
        "shogi_drops_and_promotion" => {
            shogi_pieces_are_not_dropped_where_they_could_never_move(g);
            shogi_promotion_is_a_choice_in_the_zone_and_forced_where_a_piece_could_not_move(g);
        }
        // A knight's check cannot be blocked: the king steps aside (not to
        // D2, its own pawn's) or the pawn takes the knight.
        "shogi_knight_check" => {
            let mut s = g.initial_state();
            play(g, &mut s, "0>9");
            play(g, &mut s, "38>21");
            // D3 is in P2's promotion zone: P2 keeps its knight.
            play(g, &mut s, "-1>-1/pass");
            assert_eq!(keys(g, &s), ["12>21", "4>13", "4>14", "4>3", "4>5"]);
        }
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
    play(g, &mut s, "0>6");
    assert_eq!(hand(g, &s, P1_PAWNS), (FUHYO1, 1, 1));
    // The silver leaves P2's promotion zone (the first rank): P2 keeps it.
    play(g, &mut s, "4>8");
    play(g, &mut s, "-1>-1/pass");
    let legal = keys(g, &s);
    assert!(!legal.contains(&"25>19".to_string()), "{legal:?}");
    assert!(legal.contains(&"25>14".to_string()), "{legal:?}");
    // The gold steps aside to C3, no longer guarding E4, and P2's silver
    // steps on: now the king could take a pawn dropped on E4, so the drop,
    // which checks, is legal.
    play(g, &mut s, "13>12");
    play(g, &mut s, "8>3");
    play(g, &mut s, "-1>-1/pass");
    let legal = keys(g, &s);
    assert!(legal.contains(&"25>19".to_string()), "{legal:?}");
}

// Shogi's components (Ludii's `what`, P1's): the file's order, each name
// for P1 then P2 (Osho, Fuhyo, Ginsho, Hisha, Kakugyo, Keima, Kyosha,
// Kinsho, Tokin, Narigin, Ryuo, Ryuma, Narikei, Narikyo).
const SHOGI_FUHYO1: u32 = 3;
const SHOGI_KEIMA1: u32 = 11;
const SHOGI_KYOSHA1: u32 = 13;
const SHOGI_TOKIN1: u32 = 17;
const SHOGI_NARIKEI1: u32 = 25;
const SHOGI_NARIKYO1: u32 = 27;

/// The sites P1 may drop the piece of hand site `hand` on.
fn shogi_drops<G: PositionView>(g: &G, s: &G::State, hand: usize) -> Vec<usize> {
    let prefix = format!("{hand}>");
    keys(g, s)
        .iter()
        .filter_map(|k| k.strip_prefix(&prefix)?.parse().ok())
        .collect()
}

/// The position after the kings' spare moves (E2 to E1, E8 to E9).
fn shogi_start<G: PositionView>(g: &G) -> G::State {
    let mut s = g.initial_state();
    play(g, &mut s, "13>4");
    play(g, &mut s, "67>76");
    s
}

fn shogi_pieces_are_not_dropped_where_they_could_never_move<G: PositionView>(g: &G) {
    let s = shogi_start(g);
    let row = |site: &usize| site / 9 + 1;
    let column = |site: &usize| site % 9;
    // Hand sites: pawns 81, knights 85, lances 86.
    assert_eq!(
        (g.what_at(&s, 81), g.what_at(&s, 85), g.what_at(&s, 86)),
        (SHOGI_FUHYO1, SHOGI_KEIMA1, SHOGI_KYOSHA1)
    );
    let empty = (0..81).filter(|&x| g.what_at(&s, x) == 0).count();
    // A knight anywhere empty but on the two last ranks.
    let knight = shogi_drops(g, &s, 85);
    assert!(knight.iter().all(|x| row(x) <= 7), "{knight:?}");
    assert_eq!(
        knight.len(),
        (0..63).filter(|&x| g.what_at(&s, x) == 0).count(),
        "{knight:?}"
    );
    // A lance anywhere empty but on the last rank.
    let lance = shogi_drops(g, &s, 86);
    assert!(lance.iter().all(|x| row(x) <= 8), "{lance:?}");
    assert!(lance.contains(&63), "A8: {lance:?}");
    assert_eq!(
        lance.len(),
        empty - (72..81).filter(|&x| g.what_at(&s, x) == 0).count()
    );
    // A pawn not on the last rank, nor in the columns of P1's pawns (D, G).
    let pawn = shogi_drops(g, &s, 81);
    assert!(
        pawn.iter()
            .all(|x| row(x) <= 8 && column(x) != 3 && column(x) != 6),
        "{pawn:?}"
    );
    assert!(pawn.contains(&0) && pawn.contains(&71), "A1, I8: {pawn:?}");
}

fn shogi_promotion_is_a_choice_in_the_zone_and_forced_where_a_piece_could_not_move<
    G: PositionView,
>(
    g: &G,
) {
    let start = shogi_start(g);
    // Into the zone (ranks 7 to 9) but not where the piece would be stuck:
    // the same player chooses (the pawn D6-D7, the lance I7-I8).
    for (step, to) in [("48>57", 57), ("62>71", 71)] {
        let mut s = start.clone();
        play(g, &mut s, step);
        assert_eq!(g.mover(&s), 1, "{step}");
        assert_eq!(keys(g, &s).len(), 2, "{step}: promote or pass");
        assert_eq!(g.what_at(&s, to), g.what_at(&start, to - 9), "{step}");
    }
    // Where it could never move again: promoted at once, the turn over
    // (the pawn G8-G9, the knight B6-A8, the lance I7-I9).
    for (step, to, promoted) in [
        ("69>78", 78, SHOGI_TOKIN1),
        ("46>63", 63, SHOGI_NARIKEI1),
        ("62>80", 80, SHOGI_NARIKYO1),
    ] {
        let mut s = start.clone();
        play(g, &mut s, step);
        assert_eq!((g.what_at(&s, to), g.mover(&s)), (promoted, 2), "{step}");
    }
}
