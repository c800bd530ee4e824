//! Chess as Ludii's own file states it (`board/war/replacement/checkmate/chess/Chess.lud`),
//! on hand-made positions: the file's rules unchanged, only its start rules
//! replaced. Castling (not out of, through or into check; not after the king
//! or rook moved), en passant (at once or never), promotion as four separate
//! choices, check, stalemate as the file scores it (a draw), checkmate and
//! the 50-move rule (`(counter)`). Shared by `tests/chess_rules.rs` (the
//! interpreter) and `checks/corpus` (each position compiled), so both
//! engines answer the same questions.
//!
//! Sites: A1 = 0, B1 = 1, ..., H1 = 7, A2 = 8, ..., H8 = 63; P1 (white)
//! starts, moving north.

#![allow(dead_code)]

use ludemic_runtime::view::PositionView;
use ludemic_runtime::{Game, MoveBuffer, Status};

#[path = "position_play.rs"]
mod position_play;
// `with_start` is for the files that build the positions (`build.rs`, the
// interpreter's tests), not for every includer.
#[allow(unused_imports)]
pub use position_play::{keys, play, with_start};

/// The file, under `ludii/lud`.
pub const CHESS: &str = "board/war/replacement/checkmate/chess/Chess.lud";

/// White king E1 and rooks A1 and H1, none moved yet (state 1), black king on B8.
pub const CASTLING: &str = r#"(place "King1" coord:"E1" state:1) (place "Rook1" {"A1" "H1"} state:1)
    (place "King2" coord:"B8")"#;

/// White pawn E5 (36), black pawn D7 (51), kings A1 and H8.
pub const EN_PASSANT: &str = r#"(place "King1" coord:"A1") (place "Pawn1" coord:"E5")
    (place "King2" coord:"H8") (place "Pawn2" coord:"D7")"#;

pub const PROMOTION: &str =
    r#"(place "King1" coord:"E1") (place "Pawn1" coord:"A7") (place "King2" coord:"H8")"#;

/// Black rook on E8 checks the white king on E1; a white rook on A2.
pub const CHECK: &str = r#"(place "King1" coord:"E1") (place "Rook1" coord:"A2") (place "King2" coord:"A8") (place "Rook2" coord:"E8")"#;

/// Black king A8; white king B6, white queen C5.
pub const STALEMATE: &str =
    r#"(place "King1" coord:"B6") (place "Queen1" coord:"C5") (place "King2" coord:"A8")"#;

/// Black king G8 behind pawns F7 G7 H7; white king G1, white rook A1.
pub const CHECKMATE: &str = r#"(place "King1" coord:"G1") (place "Rook1" coord:"A1")
           (place "King2" coord:"G8") (place "Pawn2" {"F7" "G7" "H7"})"#;

/// Kings A1 and A8, a white pawn on H2.
pub const FIFTY_MOVES: &str =
    r#"(place "King1" coord:"A1") (place "King2" coord:"A8") (place "Pawn1" coord:"H2")"#;

/// The castling position with a black rook on F8, G8 or E8.
pub const ROOK_F8: &str = r#"(place "King1" coord:"E1" state:1) (place "Rook1" {"A1" "H1"} state:1)
    (place "King2" coord:"B8") (place "Rook2" coord:"F8")"#;
pub const ROOK_G8: &str = r#"(place "King1" coord:"E1" state:1) (place "Rook1" {"A1" "H1"} state:1)
    (place "King2" coord:"B8") (place "Rook2" coord:"G8")"#;
pub const ROOK_E8: &str = r#"(place "King1" coord:"E1" state:1) (place "Rook1" {"A1" "H1"} state:1)
    (place "King2" coord:"B8") (place "Rook2" coord:"E8")"#;

/// Every position: a name (a module name where compiled) and its start rules.
pub const POSITIONS: &[(&str, &str)] = &[
    ("chess_castling", CASTLING),
    ("chess_rook_f8", ROOK_F8),
    ("chess_rook_g8", ROOK_G8),
    ("chess_rook_e8", ROOK_E8),
    ("chess_en_passant", EN_PASSANT),
    ("chess_promotion", PROMOTION),
    ("chess_check", CHECK),
    ("chess_stalemate", STALEMATE),
    ("chess_checkmate", CHECKMATE),
    ("chess_fifty_moves", FIFTY_MOVES),
];

/// The moves from `site` whose keys start so, sorted.
fn moves_from<G: Game>(g: &G, s: &G::State, site: u32) -> Vec<String> {
    let prefix = format!("{site}>");
    keys(g, s)
        .into_iter()
        .filter(|k| k.starts_with(&prefix))
        .collect()
}

/// Runs the checks of position `name` on `g`, built from its start rules.
pub fn check<G: PositionView>(name: &str, g: &G) {
    match name {
        "chess_castling" => {
            the_king_castles_on_both_sides_when_nothing_stands_between(g);
            castling_moves_the_rook_too_and_only_once(g);
            a_rook_that_has_moved_does_not_castle(g);
        }
        // A black rook on F8 attacks F1, which the short castling crosses;
        // the long one is still allowed.
        "chess_rook_f8" => assert_eq!(
            moves_from(g, &g.initial_state(), 4),
            ["4>11", "4>12", "4>2", "4>3"]
        ),
        // A black rook on G8 attacks G1, where the short castling ends.
        "chess_rook_g8" => assert_eq!(
            moves_from(g, &g.initial_state(), 4),
            ["4>11", "4>12", "4>13", "4>2", "4>3", "4>5"]
        ),
        // A black rook on E8 gives check along the E file: no castling.
        "chess_rook_e8" => assert_eq!(
            moves_from(g, &g.initial_state(), 4),
            ["4>11", "4>13", "4>3", "4>5"]
        ),
        "chess_en_passant" => {
            a_pawn_takes_en_passant_right_after_the_double_step(g);
            en_passant_is_only_possible_at_once(g);
        }
        "chess_promotion" => a_pawn_reaching_the_last_rank_chooses_among_four_promotions(g),
        // The king steps off the file or the rook blocks on E2 (12).
        "chess_check" => assert_eq!(
            keys(g, &g.initial_state()),
            ["4>11", "4>13", "4>3", "4>5", "8>12"]
        ),
        "chess_stalemate" => stalemate_is_a_draw_as_the_file_scores_it(g),
        "chess_checkmate" => checkmate_wins(g),
        "chess_fifty_moves" => {
            the_hundred_and_first_quiet_move_draws(g);
            a_pawn_move_starts_the_count_again(g);
        }
        other => panic!("no position {other}"),
    }
}

pub fn the_king_castles_on_both_sides_when_nothing_stands_between<G: Game>(g: &G) {
    // D1, D2, E2, F2, F1, and the two castlings to C1 and G1.
    assert_eq!(
        moves_from(g, &g.initial_state(), 4),
        ["4>11", "4>12", "4>13", "4>2", "4>3", "4>5", "4>6"]
    );
}

pub fn castling_moves_the_rook_too_and_only_once<G: PositionView>(g: &G) {
    let mut s = g.initial_state();
    play(g, &mut s, "4>6");
    // The rook jumped from H1 to F1.
    assert_eq!(
        (
            g.what_at(&s, 7),
            g.what_at(&s, 5) != 0,
            g.what_at(&s, 6) != 0
        ),
        (0, true, true)
    );
    // The king and the rook lost their castling flags.
    assert_eq!((g.local_state_at(&s, 6), g.local_state_at(&s, 5)), (0, 0));
    play(g, &mut s, "57>58"); // the black king steps
                              // The king has moved: it steps, it does not castle again.
    let moves = moves_from(g, &s, 6);
    assert!(
        !moves.is_empty() && moves.iter().all(|k| k != "6>4" && k != "6>8"),
        "{moves:?}"
    );
}

pub fn a_rook_that_has_moved_does_not_castle<G: PositionView>(g: &G) {
    let mut s = g.initial_state();
    play(g, &mut s, "7>15"); // rook H1 -> H2
    play(g, &mut s, "57>58");
    play(g, &mut s, "15>7"); // and back
    play(g, &mut s, "58>57");
    assert_eq!(g.local_state_at(&s, 7), 0, "the rook's flag is gone");
    assert_eq!(g.local_state_at(&s, 0), 1, "the other rook keeps its flag");
    assert_eq!(
        moves_from(g, &s, 4),
        ["4>11", "4>12", "4>13", "4>2", "4>3", "4>5"]
    );
}

pub fn a_pawn_takes_en_passant_right_after_the_double_step<G: PositionView>(g: &G) {
    let mut s = g.initial_state();
    play(g, &mut s, "0>1"); // white king
    play(g, &mut s, "51>35"); // D7 -> D5, passing D6 (43)
                              // E5 is this pawn's start site, so the file's `(sites Start ...)` also
                              // lets it step two (E7, 52).
    assert_eq!(moves_from(g, &s, 36), ["36>43", "36>44", "36>52"]);
    play(g, &mut s, "36>43");
    // The black pawn on D5 is taken, though the white pawn went to D6.
    assert_eq!(
        (g.what_at(&s, 35), g.what_at(&s, 43) != 0, g.what_at(&s, 36)),
        (0, true, 0)
    );
}

pub fn en_passant_is_only_possible_at_once<G: Game>(g: &G) {
    let mut s = g.initial_state();
    play(g, &mut s, "0>1");
    play(g, &mut s, "51>35");
    play(g, &mut s, "1>2"); // white plays elsewhere
    play(g, &mut s, "63>62");
    assert_eq!(moves_from(g, &s, 36), ["36>44", "36>52"]);
}

pub fn a_pawn_reaching_the_last_rank_chooses_among_four_promotions<G: PositionView>(g: &G) {
    let mut s = g.initial_state();
    play(g, &mut s, "48>56");
    // The same player decides: four moves with the same key, told apart by
    // the piece (queen, knight, bishop, rook, in the file's order).
    assert_eq!(g.status(&s), Status::Ongoing { mover: 1 });
    assert_eq!(keys(g, &s), ["-1>56", "-1>56", "-1>56", "-1>56"]);
    let mut legal = MoveBuffer::new();
    g.legal_moves(&s, &mut legal);
    let promoted: Vec<u32> = legal.iter().filter_map(|&m| g.promoted_to(m)).collect();
    let mut distinct = promoted.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "{promoted:?}");
    let before = g.what_at(&s, 56);
    g.apply(&mut s, legal[0]);
    assert_ne!(g.what_at(&s, 56), before, "the pawn became another piece");
    assert_eq!(g.status(&s), Status::Ongoing { mover: 2 });
}

pub fn stalemate_is_a_draw_as_the_file_scores_it<G: Game>(g: &G) {
    let mut s = g.initial_state();
    // C5 -> C7 leaves the black king no move and not in check.
    play(g, &mut s, "34>50");
    // Black has no move but the forced pass; the file's end rule
    // `(no Moves Mover)` then holds for the player who passed.
    assert_eq!(keys(g, &s), ["-1>-1/pass"]);
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 2 }));
    play(g, &mut s, "-1>-1/pass");
    match g.status(&s) {
        Status::Over(outcome) => assert!(outcome.is_draw(), "{outcome:?}"),
        other => panic!("stalemate did not end the game: {other:?}"),
    }
}

pub fn checkmate_wins<G: Game>(g: &G) {
    // Back-rank mate: the white rook A1 -> A8.
    let mut s = g.initial_state();
    play(g, &mut s, "0>56");
    match g.status(&s) {
        Status::Over(outcome) => assert_eq!(outcome.winner, 1, "{outcome:?}"),
        other => panic!("not mate: {other:?}"),
    }
}

/// Move `n` (from 1) of the kings' shuffle: white A1 <-> B1, black A8 <-> B8.
fn shuffle(n: u32) -> &'static str {
    match n % 4 {
        1 => "0>1",
        2 => "56>57",
        3 => "1>0",
        _ => "57>56",
    }
}

/// `(= (counter) 99)`: the counter starts at -1 and is counted after each
/// move's end rules, so the 101st move without a capture or a pawn move
/// since the start draws.
pub fn the_hundred_and_first_quiet_move_draws<G: Game>(g: &G) {
    let mut s = g.initial_state();
    for n in 1..=100 {
        play(g, &mut s, shuffle(n));
        assert!(
            matches!(g.status(&s), Status::Ongoing { .. }),
            "over after move {n}"
        );
    }
    play(g, &mut s, shuffle(101));
    match g.status(&s) {
        Status::Over(outcome) => assert!(outcome.is_draw(), "{outcome:?}"),
        other => panic!("no draw after 101 quiet moves: {other:?}"),
    }
}

/// A pawn move sets the counter to -1 (`(set Counter)`): the 100th move
/// after it draws.
pub fn a_pawn_move_starts_the_count_again<G: Game>(g: &G) {
    let mut s = g.initial_state();
    for n in 1..=20 {
        play(g, &mut s, shuffle(n));
    }
    play(g, &mut s, "15>23"); // move 21: the pawn H2 -> H3
                              // Then black first: B8, B1, A8, A1, ...
    let after = |m: u32| match m % 4 {
        1 => "56>57",
        2 => "0>1",
        3 => "57>56",
        _ => "1>0",
    };
    for m in 1..=99 {
        play(g, &mut s, after(m));
        assert!(
            matches!(g.status(&s), Status::Ongoing { .. }),
            "over {m} moves after the pawn's"
        );
    }
    play(g, &mut s, after(100));
    match g.status(&s) {
        Status::Over(outcome) => assert!(outcome.is_draw(), "{outcome:?}"),
        other => panic!("no draw 100 moves after the pawn's: {other:?}"),
    }
}
