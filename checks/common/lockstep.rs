//! A compiled game and the interpreter on the same file driven along the
//! same random moves: the same status and the same legal moves (by key) at
//! every step. Shared by the tests of `checks/corpus` and `checks/library`
//! (`#[path]`).

use ludemic_runtime::{Game, MoveBuffer, MoveKey, RngExt, Status, Xoshiro256PlusPlus};

fn keys<G: Game>(game: &G, moves: &[G::Move]) -> Vec<MoveKey> {
    let mut keys: Vec<MoveKey> = moves.iter().map(|&m| game.move_key(m)).collect();
    keys.sort();
    keys
}

/// Plays one game from `seed` in both engines, at most `budget` moves
/// (taken off it); the first difference, if any.
#[allow(dead_code)] // the tensor comparison calls `lockstep_with` alone
pub fn lockstep<C: Game, I: Game>(
    compiled: &C,
    interp: &I,
    seed: u64,
    budget: &mut usize,
) -> Result<(), String> {
    lockstep_with(compiled, interp, seed, budget, |_, _, _| Ok(()))
}

/// [`lockstep`], with `compare` also asked of every pair of states reached
/// (the last one included), with the step's number.
#[allow(dead_code)] // not every test crate that includes this file compares more
pub fn lockstep_with<C: Game, I: Game>(
    compiled: &C,
    interp: &I,
    seed: u64,
    budget: &mut usize,
    mut compare: impl FnMut(usize, &C::State, &I::State) -> Result<(), String>,
) -> Result<(), String> {
    let (mut cb, mut ib) = (MoveBuffer::new(), MoveBuffer::new());
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
    let (mut cs, mut is) = (compiled.initial_state(), interp.initial_state());
    for step in 0.. {
        compare(step, &cs, &is).map_err(|e| format!("seed {seed} step {step}: {e}"))?;
        let status = compiled.status(&cs);
        let other = interp.status(&is);
        if status != other {
            return Err(format!(
                "seed {seed} step {step}: status differs (compiled {status:?}, interpreter {other:?})"
            ));
        }
        if matches!(status, Status::Over(_)) || *budget == 0 {
            break;
        }
        *budget -= 1;
        compiled.legal_moves(&cs, &mut cb);
        interp.legal_moves(&is, &mut ib);
        if keys(compiled, &cb) != keys(interp, &ib) {
            return Err(format!("seed {seed} step {step}: legal moves differ"));
        }
        // Moves with one key (promotions) are told apart by what they promote
        // to, then by their rank among those (Fanorona's approach and
        // withdrawal of one `from>to`, generated in the same order by both).
        let pick = rng.index(cb.len());
        let cm = cb[pick];
        let (key, what) = (compiled.move_key(cm), compiled.promoted_to(cm));
        let decision = compiled.decision_of(cm);
        let rank = cb[..pick]
            .iter()
            .filter(|&&m| {
                compiled.move_key(m) == key
                    && compiled.promoted_to(m) == what
                    && compiled.decision_of(m) == decision
            })
            .count();
        let im = *ib
            .iter()
            .filter(|&&m| {
                interp.move_key(m) == key
                    && interp.promoted_to(m) == what
                    && interp.decision_of(m) == decision
            })
            .nth(rank)
            .ok_or_else(|| {
                format!(
                    "seed {seed} step {step}: no move {key} promoting to {what:?} (rank {rank})"
                )
            })?;
        compiled.apply(&mut cs, cm);
        interp.apply(&mut is, im);
    }
    Ok(())
}
