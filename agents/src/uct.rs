//! UCT: Monte Carlo tree search with UCB1 selection (C = √2), one node
//! expanded per iteration, random playouts through the game's own
//! `playout` and the most visited root move played (Ludii's `UCT` agent:
//! `MCTS` with `UCB1`, `RandomPlayout`, `MonteCarloBackprop` and
//! `RobustChild`).

use ludemic_runtime::{Game, MoveBuffer, Player, RngExt, Status, Xoshiro256PlusPlus};

use crate::{utilities, Agent};

/// UCT with a budget of iterations per move.
pub struct Uct<G: Game> {
    iterations: usize,
    exploration: f64,
    rng: Xoshiro256PlusPlus,
    buffer: MoveBuffer<G::Move>,
}

struct Node<G: Game> {
    state: G::State,
    /// The player to move, `None` in a finished state.
    mover: Option<Player>,
    /// Moves not expanded yet.
    untried: Vec<G::Move>,
    /// (move, child index).
    children: Vec<(G::Move, usize)>,
    visits: u32,
    /// Sum of each player's utility (index p - 1) over the playouts through this node.
    scores: Vec<f64>,
    /// The utilities of a finished state.
    terminal: Option<Vec<f32>>,
}

impl<G: Game> Uct<G> {
    pub fn new(iterations: usize, seed: u64) -> Self {
        Uct {
            iterations: iterations.max(1),
            exploration: std::f64::consts::SQRT_2,
            rng: Xoshiro256PlusPlus::from_seed_u64(seed),
            buffer: MoveBuffer::new(),
        }
    }

    fn node(&mut self, game: &G, state: G::State) -> Node<G> {
        let n = game.num_players();
        let (mover, untried, terminal) = match game.status(&state) {
            Status::Ongoing { mover } => {
                game.legal_moves(&state, &mut self.buffer);
                (Some(mover), self.buffer.to_vec(), None)
            }
            Status::Over(outcome) => (None, Vec::new(), Some(utilities(&outcome))),
        };
        Node {
            state,
            mover,
            untried,
            children: Vec::new(),
            visits: 0,
            scores: vec![0.0; n],
            terminal,
        }
    }
}

impl<G: Game> Agent<G> for Uct<G> {
    fn name(&self) -> String {
        format!("uct:{}", self.iterations)
    }

    fn select(&mut self, game: &G, state: &G::State) -> G::Move {
        let root = self.node(game, state.clone());
        if root.untried.len() == 1 {
            return root.untried[0];
        }
        let mut tree: Vec<Node<G>> = vec![root];
        let mut path = Vec::new();
        for _ in 0..self.iterations {
            path.clear();
            let mut at = 0;
            path.push(at);
            // Selection and expansion.
            loop {
                if tree[at].terminal.is_some() {
                    break;
                }
                if !tree[at].untried.is_empty() {
                    let k = self.rng.index(tree[at].untried.len());
                    let mv = tree[at].untried.swap_remove(k);
                    let mut next = tree[at].state.clone();
                    game.apply(&mut next, mv);
                    game.draw_chance(&mut next, &mut self.rng);
                    let child = self.node(game, next);
                    tree.push(child);
                    let id = tree.len() - 1;
                    tree[at].children.push((mv, id));
                    at = id;
                    path.push(at);
                    break;
                }
                let mover = tree[at].mover.unwrap_or(1) as usize - 1;
                let log_n = (tree[at].visits.max(1) as f64).ln();
                let mut best = f64::NEG_INFINITY;
                let mut best_child = tree[at].children[0].1;
                let mut ties = 0u64;
                for &(_, c) in &tree[at].children {
                    let child = &tree[c];
                    let n = child.visits.max(1) as f64;
                    let value = child.scores[mover] / n + self.exploration * (log_n / n).sqrt();
                    if value > best {
                        best = value;
                        best_child = c;
                        ties = 1;
                    } else if value == best {
                        ties += 1;
                        if self.rng.below(ties) == 0 {
                            best_child = c;
                        }
                    }
                }
                at = best_child;
                path.push(at);
            }
            // Simulation.
            let utils: Vec<f32> = match &tree[at].terminal {
                Some(u) => u.clone(),
                None => {
                    let mut s = tree[at].state.clone();
                    let result = game.playout(&mut s, &mut self.rng);
                    utilities(&result.outcome)
                }
            };
            // Backpropagation.
            for &n in &path {
                let node = &mut tree[n];
                node.visits += 1;
                for (s, &u) in node.scores.iter_mut().zip(&utils) {
                    *s += u as f64;
                }
            }
        }
        // The most visited root move, ties broken at random.
        let mut best = 0;
        let mut chosen = tree[0].children[0].0;
        let mut ties = 0u64;
        for &(mv, c) in &tree[0].children {
            let v = tree[c].visits;
            if v > best {
                best = v;
                chosen = mv;
                ties = 1;
            } else if v == best {
                ties += 1;
                if self.rng.below(ties) == 0 {
                    chosen = mv;
                }
            }
        }
        chosen
    }
}
