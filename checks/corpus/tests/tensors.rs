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
use ludemic_runtime::tensor::TensorLayout;
use ludemic_runtime::{
    Game, MoveBuffer, PositionView, Recorded, RngExt, Status, Xoshiro256PlusPlus,
};

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
        for seed in 0..3 {
            if let Err(e) = self.game(&compiled, seed) {
                self.failures
                    .push(format!("{} seed {seed}: {e}", self.name));
                return;
            }
        }
    }
}

impl Check {
    /// One random game, at most 200 moves, compared at every step.
    fn game<C: PositionView>(&mut self, compiled: &Recorded<C>, seed: u64) -> Result<(), String> {
        let interp = &self.interp;
        let layout = &self.layout;
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
        let (mut cs, mut is) = (compiled.initial_state(), interp.initial_state());
        let (mut cb, mut ib) = (MoveBuffer::new(), MoveBuffer::new());
        let n = layout.state_len();
        let (mut co, mut io) = (vec![0.0; n], vec![0.0; n]);
        let a = layout.num_distinct_actions();
        let (mut cm, mut im) = (vec![false; a], vec![false; a]);
        for step in 0..200 {
            let observed = (
                layout.observe(compiled, &cs, &mut co),
                layout.observe(interp, &is, &mut io),
            );
            match observed {
                (Ok(()), Ok(())) => {
                    if let Some(i) = (0..n).find(|&i| co[i] != io[i]) {
                        let names = layout.state_channel_names();
                        let [_, x, y] = layout.state_tensor_shape();
                        let channel = i / (x * y);
                        return Err(format!(
                            "step {step}: observation differs first in channel {} ({}) at {}: compiled {}, interpreter {}",
                            channel,
                            names.get(channel).map_or("?", String::as_str),
                            i % (x * y),
                            co[i],
                            io[i]
                        ));
                    }
                }
                // A piece where the tensors have no place (an edge): alike.
                (Err(a), Err(b)) if a == b => {}
                (c, i) => {
                    return Err(format!(
                        "step {step}: observations: compiled {c:?}, interpreter {i:?}"
                    ))
                }
            }
            if matches!(interp.status(&is), Status::Over(_)) {
                break;
            }
            // Where a legal move has no place in the action planes (edges:
            // Dots and Boxes), both engines must say so alike.
            let masks = (
                layout.legal_action_mask(compiled, &cs, &mut cb, &mut cm),
                layout.legal_action_mask(interp, &is, &mut ib, &mut im),
            );
            match masks {
                (Ok(()), Ok(())) if cm != im => {
                    return Err(format!("step {step}: legal action masks differ"));
                }
                (Ok(()), Ok(())) => {}
                (Err(a), Err(b)) if a == b => {}
                (c, i) => {
                    return Err(format!(
                        "step {step}: legal action masks: compiled {c:?}, interpreter {i:?}"
                    ))
                }
            }
            self.states += 1;
            compiled.legal_moves(&cs, &mut cb);
            let mv = cb[rng.index(cb.len())];
            let (key, what) = (compiled.move_key(mv), compiled.promoted_to(mv));
            interp.legal_moves(&is, &mut ib);
            let other = *ib
                .iter()
                .find(|&&m| interp.move_key(m) == key && interp.promoted_to(m) == what)
                .ok_or_else(|| format!("step {step}: no interpreter move {key}"))?;
            compiled.apply(&mut cs, mv);
            interp.apply(&mut is, other);
        }
        Ok(())
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
