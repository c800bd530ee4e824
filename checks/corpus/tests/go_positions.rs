//! Go's hand-made positions (`checks/common/go_positions.rs`) on a 5x5
//! board with each repetition rule, compiled by `build.rs`, asked what
//! `tests/go.rs` asks the interpreter: captures and their score, suicide
//! refused, the ko refused by `(no Repeat)`, two passes ending the game,
//! territory. The interpreter answers the same questions on the same files.

use ludemic_check_corpus::{visit, Visitor, GAMES};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load, Config};
use ludemic_runtime::PositionView;

#[path = "../../common/go_positions.rs"]
mod go_positions;

struct Check(&'static str);

impl Visitor for Check {
    fn visit<G: PositionView>(&mut self, game: &G) {
        go_positions::check(self.0, game);
    }
}

#[test]
fn compiled_go_answers_the_positions_as_the_interpreter_does() {
    if GAMES.is_empty() {
        eprintln!("skipped: ../shared/ludii is absent");
        return;
    }
    for &(name, repeat) in go_positions::VARIANTS {
        assert!(visit(name, &mut Check(name)), "{name} is compiled");
        let dir = std::env::temp_dir().join(format!("ludemic-go-positions-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.lud"));
        std::fs::write(&path, go_positions::text(repeat)).unwrap();
        let model = load(&path, &Config::default())
            .unwrap_or_else(|e| panic!("{e}"))
            .model;
        go_positions::check(name, &Interpreter::new(model));
        std::fs::remove_dir_all(&dir).ok();
    }
}
