//! The generated modules' `PositionView` against the interpreter's: along
//! random playouts of every bundled game, played in step by both engines,
//! each heuristic term evaluates the same for every player, and the
//! Ludii–Polygames observation, legal action mask and move positions are
//! the same (the compiled game's last moves recorded by `Recorded`).
//! Needs nothing from `../shared`.

mod common;
#[path = "../checks/common/lockstep.rs"]
mod lockstep;

use ludemic_compiler::heuristics::{Evaluator, Heuristics, Origin, Term, TermKind};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::tensor;
use ludemic_runtime::{
    Evaluate, Game, MoveBuffer, PositionView, Recorded, RngExt, TensorLayout, Xoshiro256PlusPlus,
};

/// Every term kind that needs no argument, one evaluator each (those the
/// game admits), so that a difference names its term.
fn evaluators(g: &Interpreter) -> Vec<(String, Evaluator)> {
    let kinds = [
        TermKind::Material { board_only: false },
        TermKind::Material { board_only: true },
        TermKind::MobilitySimple,
        TermKind::LineCompletion {
            target_length: None,
        },
        TermKind::CentreProximity,
        TermKind::CornerProximity,
        TermKind::SidesProximity,
        TermKind::Influence,
        TermKind::Score,
        // Another player's moves: a copy of the state with that player to
        // move (`PositionView::with_mover` in both engines).
        TermKind::MobilityAdvanced,
        TermKind::InfluenceAdvanced,
        TermKind::CurrentMover,
    ];
    kinds
        .into_iter()
        .filter_map(|kind| {
            let name = format!("{kind:?}");
            let h = Heuristics {
                terms: vec![Term {
                    kind,
                    weight: 1.0,
                    transformation: None,
                    piece_weights: vec![(String::new(), 1.0)],
                }],
                origin: Origin::Default {
                    missing_define: None,
                },
            };
            Evaluator::new(g.model(), &h).ok().map(|e| (name, e))
        })
        .collect()
}

/// The positions of a game after which no further playout starts.
const POSITIONS: usize = 1500;

/// What the compiled game is checked against, and how far.
struct Agree<'a> {
    stem: &'a str,
    interp: &'a Interpreter,
    evals: &'a [(String, Evaluator)],
    layout: Option<&'a TensorLayout>,
    playouts: u64,
    /// Positions compared.
    positions: &'a mut usize,
}

impl ludemic_generated::Visitor for Agree<'_> {
    type Output = Result<(), String>;
    fn visit<G: PositionView + Clone>(self, game: &G) -> Self::Output {
        let compiled = Recorded(game.clone());
        let g = self.interp;
        let (mut cm, mut im) = (MoveBuffer::new(), MoveBuffer::new());
        let (mut cobs, mut iobs, mut cmask, mut imask) = match self.layout {
            Some(l) => (
                vec![0.0; l.state_len()],
                vec![0.0; l.state_len()],
                vec![false; l.num_distinct_actions()],
                vec![false; l.num_distinct_actions()],
            ),
            None => Default::default(),
        };
        for seed in 0..self.playouts {
            // A long game (Shogi, Dai Hasami Shogi: hundreds of moves, each
            // position evaluated by every term in both engines) plays on
            // only while the positions compared stay under the budget.
            if seed > 0 && *self.positions >= POSITIONS {
                break;
            }
            let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
            let mut cs = compiled.initial_state();
            let mut is = g.initial_state();
            let mut step = 0;
            loop {
                let at = |what: &str| format!("{} seed {seed} step {step}: {what}", self.stem);
                if compiled.is_over(&cs) != g.is_over(&is) {
                    return Err(at("one engine's game is over, the other's not"));
                }
                if compiled.mover(&cs) != g.mover(&is) {
                    return Err(at("movers differ"));
                }
                let players = 1..=g.num_players() as u8;
                for (name, e) in self.evals {
                    for p in players.clone() {
                        // The bare compiled game, as `lengths` and `match` evaluate it.
                        let c = Evaluate::<G>::value(e, game, &cs.inner, p, 0.0);
                        let i = Evaluate::<Interpreter>::value(e, g, &is, p, 0.0);
                        if c.to_bits() != i.to_bits() {
                            return Err(at(&format!(
                                "{name} for P{p}: compiled {c}, interpreter {i}"
                            )));
                        }
                    }
                }
                if let Some(l) = self.layout {
                    let (c, i) = (
                        l.observe(&compiled, &cs, &mut cobs),
                        l.observe(g, &is, &mut iobs),
                    );
                    match (c, i) {
                        (Ok(()), Ok(())) if cobs != iobs => {
                            return Err(at("the observations differ"));
                        }
                        (Ok(()), Ok(())) => {}
                        (Err(_), Err(_)) => {}
                        (c, i) => {
                            return Err(at(&format!("observe: compiled {c:?}, interpreter {i:?}")))
                        }
                    }
                }
                *self.positions += 1;
                if g.is_over(&is) {
                    break;
                }
                compiled.legal_moves(&cs, &mut cm);
                g.legal_moves(&is, &mut im);
                if let Some(l) = self.layout {
                    let c = l.legal_action_mask(&compiled, &cs, &mut cm, &mut cmask);
                    let i = l.legal_action_mask(g, &is, &mut im, &mut imask);
                    if c.is_ok() != i.is_ok() || cmask != imask {
                        return Err(at("the legal action masks differ"));
                    }
                }
                let pick = rng.index(cm.len());
                let mv = cm[pick];
                let Some(twin) = lockstep::counterpart(&compiled, &cm, pick, g, &im) else {
                    return Err(at(&format!(
                        "{} is not legal for the interpreter",
                        compiled.move_key(mv)
                    )));
                };
                compiled.apply(&mut cs, mv);
                g.apply(&mut is, twin);
                step += 1;
            }
        }
        Ok(())
    }
}

#[test]
fn compiled_views_agree_with_the_interpreter() {
    let mut failures = Vec::new();
    let mut total = 0;
    for stem in ludemic_generated::stems() {
        let g = common::bundled_game(stem);
        let evals = evaluators(&g);
        let layout = tensor::layout(g.model()).ok();
        let mut positions = 0;
        let result = ludemic_generated::visit(
            stem,
            Agree {
                stem,
                interp: &g,
                evals: &evals,
                layout: layout.as_ref(),
                playouts: 4,
                positions: &mut positions,
            },
        )
        .expect("a bundled game");
        eprintln!(
            "{stem}: {positions} positions, {} terms{}",
            evals.len(),
            if layout.is_some() { ", tensors" } else { "" }
        );
        total += positions;
        if let Err(e) = result {
            failures.push(e);
        }
    }
    assert!(total > 1000, "only {total} positions compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
