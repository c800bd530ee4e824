//! Minishogi's and Shogi's hand-made positions (`checks/common/shogi_positions.rs`),
//! each compiled by `build.rs`, asked what `tests/shogi.rs` asks the
//! interpreter: captures into the hand, drops and the drops the file
//! refuses (a pawn drop that mates; Shogi's knights and lances where they
//! could never move), optional and forced promotion, check.

use ludemic_check_corpus::{visit, Visitor, GAMES};
use ludemic_runtime::PositionView;

#[path = "../../common/shogi_positions.rs"]
mod shogi_positions;

struct Check(&'static str);

impl Visitor for Check {
    fn visit<G: PositionView>(&mut self, game: &G) {
        shogi_positions::check(self.0, game);
    }
}

#[test]
fn compiled_shogi_and_minishogi_answer_the_positions_as_the_interpreter_does() {
    if GAMES.is_empty() {
        eprintln!("skipped: ../shared/ludii is absent");
        return;
    }
    for &(name, _, _) in shogi_positions::POSITIONS {
        assert!(visit(name, &mut Check(name)), "{name} is compiled");
    }
}
