//! Chess as Ludii's own file states it (`board/war/replacement/checkmate/chess/Chess.lud`),
//! on hand-made positions: the file's rules unchanged, only its start rules
//! replaced. Castling (not out of, through or into check; not after the king
//! or rook moved), en passant (at once or never), promotion as four separate
//! choices, check, and stalemate as the file scores it (a draw).
//!
//! Sites: A1 = 0, B1 = 1, ..., H1 = 7, A2 = 8, ..., H8 = 63; P1 (white)
//! starts, moving north.

mod common;

use common::{play_key as play, sorted_keys as keys};
use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load_str, Config};
use ludemic_runtime::{Game, Status};

const CHESS: &str = "lud/board/war/replacement/checkmate/chess/Chess.lud";

/// Ludii's Chess with `start` as its start rules, or `None` (skipped) when
/// Ludii's library is absent.
fn chess_from(start: &str) -> Option<Interpreter> {
    let ludii = common::shared("ludii")?;
    let text = std::fs::read_to_string(ludii.join(CHESS)).expect("Chess.lud");
    let from = text.find("(start {").expect("Chess's start rules");
    let to = from + closing(&text[from..]);
    let text = format!("{}(start {{ {start} }}){}", &text[..from], &text[to..]);
    let library = DefineLibrary::load(&[ludii.join("def")]).expect("Ludii's defines");
    let loaded = load_str(
        std::path::Path::new("chess-position.lud"),
        &text,
        &library,
        &Config::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    Some(Interpreter::new(loaded.model))
}

/// The length of the bracketed form `text` starts with.
fn closing(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    panic!("unclosed form")
}

/// The king's moves from E1 (4), sorted.
fn king_moves(g: &Interpreter, s: &<Interpreter as Game>::State) -> Vec<String> {
    keys(g, s)
        .into_iter()
        .filter(|k| k.starts_with("4>"))
        .collect()
}

/// White king E1 and rooks A1 and H1, none moved yet (state 1), black king on B8.
const CASTLING: &str = r#"(place "King1" coord:"E1" state:1) (place "Rook1" {"A1" "H1"} state:1)
    (place "King2" coord:"B8")"#;

#[test]
fn the_king_castles_on_both_sides_when_nothing_stands_between() {
    let Some(g) = chess_from(CASTLING) else {
        return;
    };
    let s = g.initial_state();
    // D1, D2, E2, F2, F1, and the two castlings to C1 and G1.
    assert_eq!(
        king_moves(&g, &s),
        ["4>11", "4>12", "4>13", "4>2", "4>3", "4>5", "4>6"]
    );
}

#[test]
fn castling_moves_the_rook_too_and_only_once() {
    let Some(g) = chess_from(CASTLING) else {
        return;
    };
    let mut s = g.initial_state();
    play(&g, &mut s, "4>6");
    // The rook jumped from H1 to F1.
    assert_eq!(
        (s.what_at(7), s.what_at(5) != 0, s.what_at(6) != 0),
        (0, true, true)
    );
    play(&g, &mut s, "57>58"); // the black king steps
                               // The king has moved: it steps, it does not castle again.
    let moves: Vec<String> = keys(&g, &s)
        .into_iter()
        .filter(|k| k.starts_with("6>"))
        .collect();
    assert!(
        !moves.is_empty() && moves.iter().all(|k| k != "6>4" && k != "6>8"),
        "{moves:?}"
    );
}

/// The white king's first moves in the castling position with a black rook on `square`.
fn king_moves_with_rook_on(square: &str) -> Option<Vec<String>> {
    let g = chess_from(&format!(r#"{CASTLING} (place "Rook2" coord:"{square}")"#))?;
    Some(king_moves(&g, &g.initial_state()))
}

#[test]
fn the_king_does_not_castle_through_or_into_an_attacked_square() {
    // A black rook on F8 attacks F1, which the short castling crosses;
    // the long one is still allowed.
    let Some(moves) = king_moves_with_rook_on("F8") else {
        return;
    };
    assert_eq!(moves, ["4>11", "4>12", "4>2", "4>3"]);
    // A black rook on G8 attacks G1, where the short castling ends.
    let moves = king_moves_with_rook_on("G8").expect("as above");
    assert_eq!(moves, ["4>11", "4>12", "4>13", "4>2", "4>3", "4>5"]);
}

#[test]
fn the_king_does_not_castle_out_of_check() {
    // A black rook on E8 gives check along the E file.
    let Some(moves) = king_moves_with_rook_on("E8") else {
        return;
    };
    assert_eq!(moves, ["4>11", "4>13", "4>3", "4>5"]);
}

#[test]
fn a_rook_that_has_moved_does_not_castle() {
    let Some(g) = chess_from(CASTLING) else {
        return;
    };
    let mut s = g.initial_state();
    play(&g, &mut s, "7>15"); // rook H1 -> H2
    play(&g, &mut s, "57>58");
    play(&g, &mut s, "15>7"); // and back
    play(&g, &mut s, "58>57");
    assert_eq!(
        king_moves(&g, &s),
        ["4>11", "4>12", "4>13", "4>2", "4>3", "4>5"]
    );
}

/// White pawn E5 (36), black pawn D7 (51), kings A1 and H8.
const EN_PASSANT: &str = r#"(place "King1" coord:"A1") (place "Pawn1" coord:"E5")
    (place "King2" coord:"H8") (place "Pawn2" coord:"D7")"#;

#[test]
fn a_pawn_takes_en_passant_right_after_the_double_step() {
    let Some(g) = chess_from(EN_PASSANT) else {
        return;
    };
    let mut s = g.initial_state();
    play(&g, &mut s, "0>1"); // white king
    play(&g, &mut s, "51>35"); // D7 -> D5, passing D6 (43)
    let pawn: Vec<String> = keys(&g, &s)
        .into_iter()
        .filter(|k| k.starts_with("36>"))
        .collect();
    // E5 is this pawn's start site, so the file's `(sites Start ...)` also
    // lets it step two (E7, 52).
    assert_eq!(pawn, ["36>43", "36>44", "36>52"]);
    play(&g, &mut s, "36>43");
    // The black pawn on D5 is taken, though the white pawn went to D6.
    assert_eq!(
        (s.what_at(35), s.what_at(43) != 0, s.what_at(36)),
        (0, true, 0)
    );
}

#[test]
fn en_passant_is_only_possible_at_once() {
    let Some(g) = chess_from(EN_PASSANT) else {
        return;
    };
    let mut s = g.initial_state();
    play(&g, &mut s, "0>1");
    play(&g, &mut s, "51>35");
    play(&g, &mut s, "1>2"); // white plays elsewhere
    play(&g, &mut s, "63>62");
    let pawn: Vec<String> = keys(&g, &s)
        .into_iter()
        .filter(|k| k.starts_with("36>"))
        .collect();
    assert_eq!(pawn, ["36>44", "36>52"]);
}

#[test]
fn a_pawn_reaching_the_last_rank_chooses_among_four_promotions() {
    let Some(g) = chess_from(
        r#"(place "King1" coord:"E1") (place "Pawn1" coord:"A7") (place "King2" coord:"H8")"#,
    ) else {
        return;
    };
    let mut s = g.initial_state();
    play(&g, &mut s, "48>56");
    // The same player decides: four moves with the same key, told apart by
    // the piece (queen, knight, bishop, rook, in the file's order).
    assert_eq!(s.mover(), 1);
    assert_eq!(keys(&g, &s), ["-1>56", "-1>56", "-1>56", "-1>56"]);
    let mut legal = ludemic_runtime::MoveBuffer::new();
    g.legal_moves(&s, &mut legal);
    let promoted: Vec<u32> = legal.iter().filter_map(|&m| g.promoted_to(m)).collect();
    let mut distinct = promoted.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "{promoted:?}");
    let before = s.what_at(56);
    g.apply(&mut s, legal[0]);
    assert_ne!(s.what_at(56), before, "the pawn became another piece");
    assert_eq!(s.mover(), 2);
}

#[test]
fn a_king_in_check_must_answer_it() {
    // Black rook on E8 checks the white king on E1; a white rook on A2 can
    // block on E2 (12) but not take; the king steps off the file.
    let Some(g) = chess_from(
        r#"(place "King1" coord:"E1") (place "Rook1" coord:"A2") (place "King2" coord:"A8") (place "Rook2" coord:"E8")"#,
    ) else {
        return;
    };
    let s = g.initial_state();
    assert_eq!(keys(&g, &s), ["4>11", "4>13", "4>3", "4>5", "8>12"]);
}

#[test]
fn stalemate_is_a_draw_as_the_file_scores_it() {
    // Black king A8; white king B6, white queen C5 -> C7 leaves it no move
    // and not in check.
    let Some(g) = chess_from(
        r#"(place "King1" coord:"B6") (place "Queen1" coord:"C5") (place "King2" coord:"A8")"#,
    ) else {
        return;
    };
    let mut s = g.initial_state();
    play(&g, &mut s, "34>50");
    // Black has no move but the forced pass; the file's end rule
    // `(no Moves Mover)` then holds for the player who passed.
    assert_eq!(keys(&g, &s), ["-1>-1/pass"]);
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 2 }));
    play(&g, &mut s, "-1>-1/pass");
    match g.status(&s) {
        Status::Over(outcome) => assert!(outcome.is_draw(), "{outcome:?}"),
        other => panic!("stalemate did not end the game: {other:?}"),
    }
}

#[test]
fn checkmate_wins() {
    // Back-rank mate: black king G8 behind pawns F7 G7 H7; white rook A1 -> A8.
    let Some(g) = chess_from(
        r#"(place "King1" coord:"G1") (place "Rook1" coord:"A1")
           (place "King2" coord:"G8") (place "Pawn2" {"F7" "G7" "H7"})"#,
    ) else {
        return;
    };
    let mut s = g.initial_state();
    play(&g, &mut s, "0>56");
    match g.status(&s) {
        Status::Over(outcome) => assert_eq!(outcome.winner, 1, "{outcome:?}"),
        other => panic!("not mate: {other:?}"),
    }
}
