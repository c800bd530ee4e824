//! Chess as Ludii's own file states it (`board/war/replacement/checkmate/chess/Chess.lud`),
//! on hand-made positions in the interpreter: the file's rules unchanged,
//! only its start rules replaced. The positions and their checks are in
//! `checks/common/chess_positions.rs`, which `checks/corpus` also runs on
//! each position compiled.

mod common;

#[path = "../checks/common/chess_positions.rs"]
mod chess_positions;

use chess_positions::{check, with_start, CHESS, POSITIONS};
use ludemic_compiler::interp::Interpreter;

/// Ludii's Chess with position `name`'s start rules, or `None` (skipped)
/// when Ludii's library is absent.
fn chess(name: &str) -> Option<Interpreter> {
    let ludii = common::shared("ludii")?;
    let start = POSITIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, start)| *start)
        .expect("a position");
    Some(common::rewritten_corpus_game(&ludii, CHESS, |text| {
        with_start(text, start)
    }))
}

/// Runs position `name`'s checks in the interpreter.
fn run(name: &str) {
    if let Some(g) = chess(name) {
        check(name, &g);
    }
}

#[test]
fn the_king_castles_on_both_sides_moves_the_rook_and_only_once() {
    run("chess_castling");
}

#[test]
fn the_king_does_not_castle_through_or_into_an_attacked_square() {
    run("chess_rook_f8");
    run("chess_rook_g8");
}

#[test]
fn the_king_does_not_castle_out_of_check() {
    run("chess_rook_e8");
}

#[test]
fn a_pawn_takes_en_passant_at_once_or_never() {
    run("chess_en_passant");
}

#[test]
fn a_pawn_reaching_the_last_rank_chooses_among_four_promotions() {
    run("chess_promotion");
}

#[test]
fn a_king_in_check_must_answer_it() {
    run("chess_check");
}

#[test]
fn stalemate_is_a_draw_as_the_file_scores_it() {
    run("chess_stalemate");
}

#[test]
fn checkmate_wins() {
    run("chess_checkmate");
}

#[test]
fn the_fifty_move_rule_counts_from_the_last_capture_or_pawn_move() {
    run("chess_fifty_moves");
}

#[test]
fn every_position_is_checked() {
    assert_eq!(chess_positions::POSITIONS.len(), 10);
}
