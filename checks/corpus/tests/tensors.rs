//! The compiled games' Ludii–Polygames tensors against the interpreter's:
//! along random games played in both engines with the same moves, the same
//! observation (every float) and the same legal-action mask at every step.
//! The interpreter's tensors equal Ludii's own (`tests/tensors.rs` replays
//! `shared/reference/ludii-tensors`), so this carries that check over to the
//! compiled library games that are not bundled (Chess, Nine Men's Morris,
//! English Draughts, Dara...).

use std::path::{Path, PathBuf};

use ludemic_check_corpus::{visit, Visitor, GAMES};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load, tensor, Config};
use ludemic_runtime::tensor::{TensorGame, TensorLayout};
use ludemic_runtime::{Game, MoveBuffer, PositionView, Recorded, Status};

#[path = "../../common/lockstep.rs"]
mod lockstep;
use lockstep::lockstep_with;

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

struct Check {
    name: &'static str,
    interp: Interpreter,
    layout: TensorLayout,
    failures: Vec<String>,
    states: usize,
}

impl Visitor for Check {
    fn visit<C: PositionView + Copy>(&mut self, compiled: &C) {
        let compiled = Recorded(*compiled);
        let (interp, layout) = (&self.interp, &self.layout);
        let n = layout.state_len();
        let (mut co, mut io) = (vec![0.0; n], vec![0.0; n]);
        let a = layout.num_distinct_actions();
        let (mut cm, mut im) = (vec![false; a], vec![false; a]);
        let (mut cb, mut ib) = (MoveBuffer::new(), MoveBuffer::new());
        let mut states = 0;
        for seed in 0..3 {
            // At most 200 moves a game, compared at every state.
            let mut budget = 200;
            let compare = |_, cs: &_, is: &_| {
                states += 1;
                same_observation(layout, (&compiled, cs, &mut co), (interp, is, &mut io))?;
                if matches!(interp.status(is), Status::Over(_)) {
                    return Ok(());
                }
                // Where a legal move has no place in the action planes
                // (edges: Dots and Boxes), both engines must say so alike.
                let masks = (
                    layout.legal_action_mask(&compiled, cs, &mut cb, &mut cm),
                    layout.legal_action_mask(interp, is, &mut ib, &mut im),
                );
                match masks {
                    (Ok(()), Ok(())) if cm != im => Err("legal action masks differ".to_owned()),
                    (Ok(()), Ok(())) => Ok(()),
                    (Err(c), Err(i)) if c == i => Ok(()),
                    (c, i) => Err(format!(
                        "legal action masks: compiled {c:?}, interpreter {i:?}"
                    )),
                }
            };
            if let Err(e) = lockstep_with(&compiled, interp, seed, &mut budget, compare) {
                self.failures.push(format!("{}: {e}", self.name));
                break;
            }
        }
        self.states += states;
    }
}

/// The two engines' observations of their states: every float equal, or the
/// same refusal (a piece where the tensors have no place: an edge).
fn same_observation<C: TensorGame, I: TensorGame>(
    layout: &TensorLayout,
    (compiled, cs, co): (&C, &C::State, &mut [f32]),
    (interp, is, io): (&I, &I::State, &mut [f32]),
) -> Result<(), String> {
    match (
        layout.observe(compiled, cs, co),
        layout.observe(interp, is, io),
    ) {
        (Ok(()), Ok(())) => match (0..co.len()).find(|&i| co[i] != io[i]) {
            None => Ok(()),
            Some(i) => {
                let names = layout.state_channel_names();
                let [_, x, y] = layout.state_tensor_shape();
                let channel = i / (x * y);
                Err(format!(
                    "observation differs first in channel {channel} ({}) at {}: compiled {}, interpreter {}",
                    names.get(channel).map_or("?", String::as_str),
                    i % (x * y),
                    co[i],
                    io[i]
                ))
            }
        },
        (Err(c), Err(i)) if c == i => Ok(()),
        (c, i) => Err(format!("observations: compiled {c:?}, interpreter {i:?}")),
    }
}

#[test]
fn compiled_tensors_equal_the_interpreter_s() {
    let ludii = shared().join("ludii");
    if !ludii.is_dir() || GAMES.is_empty() {
        eprintln!("skipped: {} is absent", ludii.display());
        return;
    }
    let mut failures = Vec::new();
    let mut checked = Vec::new();
    for entry in GAMES {
        let config = Config {
            def_dirs: vec![ludii.join("def")],
            options: entry.options.iter().map(|s| s.to_string()).collect(),
            ..Config::default()
        };
        let loaded =
            load(&ludii.join("lud").join(entry.lud), &config).unwrap_or_else(|e| panic!("{e}"));
        let Ok(layout) = tensor::layout(&loaded.model) else {
            continue; // no tensor form (edges, ...): tests/tensors.rs says why
        };
        let mut check = Check {
            name: entry.name,
            interp: Interpreter::new(loaded.model),
            layout,
            failures: Vec::new(),
            states: 0,
        };
        assert!(visit(entry.name, &mut check), "{} is compiled", entry.name);
        failures.extend(check.failures);
        checked.push((entry.name, check.states));
    }
    eprintln!("tensors compared: {checked:?}");
    for wanted in ["chess", "nine_men_s_morris", "english_draughts", "dara"] {
        assert!(
            checked.iter().any(|(n, s)| n.starts_with(wanted) && *s > 0),
            "{wanted} checked: {checked:?}"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
