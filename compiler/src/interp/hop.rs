//! Hops over a run of sites (Ludii's `Hop`): where a hop lands and which
//! sites it jumps, for generation and again when the move is applied.

use ludemic_runtime::Player;

use crate::board::AbsoluteDirection;
use crate::ir::{PieceMove, Reach, Site};

use super::conds::Ctx;
use super::{Interpreter, State};

/// One landing of a hop: where the piece ends and the sites it jumped (each
/// gets the `(between ...)` effect).
pub(super) struct Landing {
    pub to: Site,
    pub jumped: Vec<Site>,
}

impl Interpreter {
    /// Ludii's `Hop.eval` along `d` from `from`, for a hop over at least one
    /// site: along each radial, past up to `before` sites where the `to`
    /// condition holds, over the first run of sites satisfying the `between`
    /// condition (`distance` to `most` of them), onto the next site and up to
    /// `after` more while the `to` condition holds.
    pub(super) fn hop_landings(
        &self,
        state: &State,
        player: Player,
        ctx: &Ctx,
        m: &PieceMove,
        from: Site,
        d: AbsoluteDirection,
    ) -> Vec<Landing> {
        let Reach::Hop {
            distance,
            most,
            before,
            after,
            between_if,
            stop_if,
            ..
        } = &m.reach
        else {
            return Vec::new();
        };
        let int = |n| self.eval_int(state, player, ctx, n);
        let min_len = int(distance);
        let max_len = most.as_ref().map_or(min_len, int);
        let before = int(before);
        let after = int(after);
        let mut out = Vec::new();
        if max_len <= 0 {
            return out;
        }
        // Ludii keeps `(to)` and `(between)` as last set while it walks.
        let mut at = Ctx {
            from: Some(from),
            ..*ctx
        };
        let holds = |at: &Ctx, c: &Option<crate::ir::Cond>| {
            c.as_ref()
                .is_none_or(|c| self.eval_cond(state, player, at, c))
        };
        for radial in self.model.board.radials(from as usize, d) {
            let steps = &radial.steps;
            for to_idx in 1..steps.len() {
                at.between = Some(steps[to_idx]);
                if holds(&at, between_if) {
                    let mut hurdle = vec![steps[to_idx]];
                    let mut idx = to_idx + 1;
                    let mut wrong = false;
                    while idx < steps.len() && (hurdle.len() as i64) < max_len {
                        at.between = Some(steps[idx]);
                        if !holds(&at, between_if) {
                            wrong = true;
                            break;
                        }
                        hurdle.push(steps[idx]);
                        idx += 1;
                    }
                    let len = hurdle.len() as i64;
                    if len < min_len || (wrong && len == max_len) {
                        break;
                    }
                    for short in (0..=len - min_len).rev() {
                        let mut land = idx - short as usize;
                        while land < steps.len() {
                            at.to = Some(steps[land]);
                            if !holds(&at, &m.to_if) {
                                // Ludii's stop rule: a landing here, without
                                // the hurdles' effects.
                                if let Some(stop) = stop_if {
                                    if self.eval_cond(state, player, &at, stop) {
                                        out.push(Landing {
                                            to: steps[land],
                                            jumped: Vec::new(),
                                        });
                                    }
                                }
                                break;
                            }
                            if stop_if.is_none() {
                                out.push(Landing {
                                    to: steps[land],
                                    jumped: hurdle[..(len - short) as usize].to_vec(),
                                });
                            }
                            if land as i64 - idx as i64 + 1 > after - short {
                                break;
                            }
                            land += 1;
                        }
                    }
                    break;
                }
                at.to = Some(steps[to_idx]);
                if to_idx as i64 > before || !holds(&at, &m.to_if) {
                    break;
                }
            }
        }
        out
    }
}
