//! A compiled game and the interpreter on the same file driven along the
//! same random moves: the same status and the same legal moves (by key, in
//! the same order) at every step. Shared by the tests of `checks/corpus`,
//! `checks/library` and the root package (`#[path]`).

use ludemic_runtime::{Game, MoveBuffer, MoveKey, RngExt, Status, Xoshiro256PlusPlus};

/// The keys of `moves`, sorted.
pub fn keys<G: Game>(game: &G, moves: &[G::Move]) -> Vec<MoveKey> {
    let mut keys: Vec<MoveKey> = moves.iter().map(|&m| game.move_key(m)).collect();
    keys.sort();
    keys
}

/// The move of `theirs` (listed by `other`) that is `ours[pick]` (listed
/// by `game`): the same key, promotion and decision, and the same rank among
/// the moves sharing them — Fanorona's approach and withdrawal of one
/// `from>to` share a key, and both engines list moves in the walk's order.
pub fn counterpart<A: Game, B: Game>(
    game: &A,
    ours: &[A::Move],
    pick: usize,
    other: &B,
    theirs: &[B::Move],
) -> Option<B::Move> {
    let mv = ours[pick];
    let (key, what, decision) = (
        game.move_key(mv),
        game.promoted_to(mv),
        game.decision_of(mv),
    );
    let rank = ours[..pick]
        .iter()
        .filter(|&&m| {
            game.move_key(m) == key
                && game.promoted_to(m) == what
                && game.decision_of(m) == decision
        })
        .count();
    theirs
        .iter()
        .copied()
        .filter(|&m| {
            other.move_key(m) == key
                && other.promoted_to(m) == what
                && other.decision_of(m) == decision
        })
        .nth(rank)
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
        if matches!(status, Status::Over(_))
            && compiled.moves_played(&cs) != interp.moves_played(&is)
        {
            return Err(format!("seed {seed} step {step}: the move counts differ"));
        }
        if matches!(status, Status::Over(_)) || *budget == 0 {
            break;
        }
        *budget -= 1;
        // Chance: the same dice due in both, the same faces drawn for both.
        let dice = compiled.chance(&cs);
        if dice != interp.chance(&is) {
            return Err(format!(
                "seed {seed} step {step}: the dice due differ (compiled {dice:?}, interpreter {:?})",
                interp.chance(&is)
            ));
        }
        if !dice.is_empty() {
            let faces: Vec<(u32, u32)> = dice
                .iter()
                .map(|&(site, n)| (site, rng.index(n as usize) as u32))
                .collect();
            compiled.force_chance(&mut cs, &faces);
            interp.force_chance(&mut is, &faces);
        }
        compiled.legal_moves(&cs, &mut cb);
        interp.legal_moves(&is, &mut ib);
        // The same moves in the same order: the walk's, Ludii's (agents
        // break ties by it, a Filter playout draws by index).
        let cl: Vec<MoveKey> = cb.iter().map(|&m| compiled.move_key(m)).collect();
        let il: Vec<MoveKey> = ib.iter().map(|&m| interp.move_key(m)).collect();
        let (ck, ik) = (keys(compiled, &cb), keys(interp, &ib));
        if ck == ik && cl != il {
            let at = cl.iter().zip(&il).position(|(c, i)| c != i).unwrap_or(0);
            return Err(format!(
                "seed {seed} step {step}: the legal moves are listed in another order (from move {at}: compiled {}, interpreter {})",
                cl[at], il[at]
            ));
        }
        if ck != ik {
            let only = |a: &[MoveKey], b: &[MoveKey]| -> Vec<String> {
                a.iter()
                    .filter(|k| !b.contains(k))
                    .map(|k| k.to_string())
                    .collect()
            };
            return Err(format!(
                "seed {seed} step {step}: legal moves differ (compiled alone {:?}, interpreter alone {:?}, {} and {} moves)",
                only(&ck, &ik),
                only(&ik, &ck),
                ck.len(),
                ik.len()
            ));
        }
        // The engines take turns choosing, so both orders are exercised.
        let (cm, im) = if seed.is_multiple_of(2) {
            let pick = rng.index(cb.len());
            (
                Some(cb[pick]),
                counterpart(compiled, &cb, pick, interp, &ib),
            )
        } else {
            let pick = rng.index(ib.len());
            (
                counterpart(interp, &ib, pick, compiled, &cb),
                Some(ib[pick]),
            )
        };
        let (Some(cm), Some(im)) = (cm, im) else {
            return Err(format!(
                "seed {seed} step {step}: the chosen move has no counterpart"
            ));
        };
        compiled.apply(&mut cs, cm);
        interp.apply(&mut is, im);
    }
    Ok(())
}
