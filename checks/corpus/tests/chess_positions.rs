//! Chess's hand-made positions (`checks/common/chess_positions.rs`), each
//! compiled by `build.rs`, asked what `tests/chess_rules.rs` asks the
//! interpreter: castling, en passant, promotion, check, stalemate,
//! checkmate and the 50-move rule.

use ludemic_check_corpus::{visit, Visitor, GAMES};
use ludemic_runtime::PositionView;

#[path = "../../common/chess_positions.rs"]
mod chess_positions;

struct Check(&'static str);

impl Visitor for Check {
    fn visit<G: PositionView>(&mut self, game: &G) {
        chess_positions::check(self.0, game);
    }
}

#[test]
fn compiled_chess_answers_the_positions_as_the_interpreter_does() {
    if GAMES.is_empty() {
        eprintln!("skipped: ../shared/ludii is absent");
        return;
    }
    for &(name, _) in chess_positions::POSITIONS {
        assert!(visit(name, &mut Check(name)), "{name} is compiled");
    }
}
