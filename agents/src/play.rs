//! Playing one game with one agent per seat.

use ludemic_runtime::{Game, Outcome, Player, Status, Xoshiro256PlusPlus};

use crate::Agent;

/// How a game went.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The result; `None` when the game was abandoned at the turn cap.
    pub outcome: Option<Outcome>,
    /// Moves played (as Ludii counts them).
    pub moves: u32,
    /// Turns played: runs of consecutive moves by the same player, as
    /// Ludii counts turns.
    pub turns: u32,
}

/// Plays from the initial state to the end: `agents[p - 1]` chooses player
/// p's moves. With `turn_cap`, a game still going after that many turns is
/// abandoned. `rng` draws chance outcomes (dice) before each move.
pub fn play_game<G: Game>(
    game: &G,
    agents: &mut [&mut dyn Agent<G>],
    turn_cap: Option<u32>,
    rng: &mut Xoshiro256PlusPlus,
) -> GameRecord {
    let mut state = game.initial_state();
    let mut turns = 0u32;
    let mut moves = 0u32;
    let mut last: Player = 0;
    loop {
        let mover = match game.status(&state) {
            Status::Over(outcome) => {
                return GameRecord {
                    outcome: Some(outcome),
                    moves,
                    turns,
                }
            }
            Status::Ongoing { mover } => mover,
        };
        if mover != last {
            if turn_cap.is_some_and(|cap| turns >= cap) {
                return GameRecord {
                    outcome: None,
                    moves,
                    turns,
                };
            }
            turns += 1;
            last = mover;
        }
        game.draw_chance(&mut state, rng);
        let agent = &mut agents[(mover as usize - 1) % agents.len()];
        let mv = agent.select(game, &state);
        game.apply(&mut state, mv);
        moves += 1;
    }
}
