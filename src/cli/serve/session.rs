//! One game being played on the server: its positions from the start (for
//! undo), the moves played, and what the page shows of the position now.
//! A [`Session`] hides which back end runs it: the generated code of a
//! bundled game or the interpreter over any game model.

use std::sync::Arc;

use ludemic_agents::{heuristic_score, AgentSpec, ABS_WEIGHT_THRESHOLD};
use ludemic_compiler::heuristics::Evaluator;
use ludemic_compiler::ir::GameModel;
use ludemic_runtime::trial::{replay_path, Trial};
use ludemic_runtime::{
    MoveBuffer, SiteKind, SiteRef, Status, TensorGame, TensorLayout, Xoshiro256PlusPlus,
};
use serde::Serialize;

use super::catalogue::Ready;
use super::svg::{board_svg, PieceAt};
use crate::cli::play::component_name;

/// Refuses an agent that could hold a core for minutes on one request.
fn within_limits(spec: AgentSpec) -> Result<(), String> {
    let (n, limit) = match spec {
        AgentSpec::Random => return Ok(()),
        AgentSpec::Uct(n) => (n, 200_000),
        AgentSpec::AlphaBeta(d) => (d as usize, 6),
        AgentSpec::Hs(n) | AgentSpec::HsNoStc(n) => (n, 1_000),
    };
    match n <= limit {
        true => Ok(()),
        false => Err(format!("{spec}: at most {limit} here")),
    }
}

/// A game in play, whatever runs it.
pub trait Session: Send {
    /// What the page shows: the board, the legal moves, the history.
    fn view(&self) -> View;
    /// Moves played since the start.
    fn moves_played(&self) -> usize;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The keys of the legal moves, in [`View::legal`]'s order (without
    /// drawing the position).
    fn legal_keys(&self) -> Vec<String>;
    /// Plays legal move number `index` (of [`View::legal`]).
    fn play(&mut self, index: usize) -> Result<(), String>;
    /// Lets an agent (`random`, `uct:N`, `ab:D`, `hs:N`) choose the move
    /// and plays it; returns its number among the legal moves.
    fn play_agent(&mut self, agent: &str) -> Result<usize, String>;
    /// Takes the last move back; false at the start.
    fn undo(&mut self) -> bool;
    /// Plays again the last move taken back (or the next of a trial being
    /// watched); false when there is none.
    fn redo(&mut self) -> bool;
    /// Replays a Ludii trial (`ludii-trials` format) and goes back to its
    /// start, its moves ready for [`Session::redo`]; returns how many.
    fn watch_trial(&mut self, trial: &Trial) -> Result<usize, String>;
    /// Back to the initial position.
    fn restart(&mut self);
    /// The Ludii–Polygames state tensor of the position, channel by channel.
    fn tensor(&self) -> Result<Tensor, String>;
}

/// The state tensor of a position: each channel an `x` by `y` grid.
#[derive(Serialize, Debug, Clone)]
pub struct Tensor {
    pub x: usize,
    pub y: usize,
    pub channels: Vec<Channel>,
}

/// One channel of a [`Tensor`], `values[i * y + j]` at `(i, j)`.
#[derive(Serialize, Debug, Clone)]
pub struct Channel {
    pub name: String,
    pub values: Vec<f32>,
}

/// A position as the page shows it.
#[derive(Serialize, Debug, Clone)]
pub struct View {
    pub game: String,
    pub engine: &'static str,
    pub players: u8,
    /// The player to move; 0 once the game is over.
    pub mover: u8,
    pub over: bool,
    /// The winner (0: none) and why the game ended, once over.
    pub winner: u8,
    pub result: Option<String>,
    pub moves_played: usize,
    /// Moves ahead to [`Session::redo`] (taken back, or a trial's).
    pub moves_ahead: usize,
    /// The mover's heuristic evaluation (Ludii's heuristics of the game):
    /// the mover's value less the others'.
    pub evaluation: Option<f32>,
    /// Each heuristic term's part of it, by Ludii's name of the term.
    pub evaluation_terms: Vec<(String, f32)>,
    pub legal: Vec<LegalMove>,
    pub history: Vec<String>,
    pub pieces: Vec<Occupied>,
    /// Sites of every container in Ludii's numbering (the board's, then
    /// the hands', which may start past the board's last site).
    pub sites: usize,
    /// The board's sites: `0..board_sites`.
    pub board_sites: usize,
    /// Each hand: its owner (0: shared) and sites.
    pub hands: Vec<Hand>,
    /// The board with its pieces; each site an element with `data-site`.
    pub svg: String,
}

/// One legal move: its key, the sites the page can click, its text.
#[derive(Serialize, Debug, Clone)]
pub struct LegalMove {
    pub index: usize,
    pub key: String,
    /// Sites in Ludii's numbering of the picture (`None`: not a site of it).
    pub from: Option<usize>,
    pub to: Option<usize>,
    pub pass: bool,
    pub text: String,
}

/// A hand: its owner (0 for a shared one) and its sites `first..first + size`.
#[derive(Serialize, Debug, Clone)]
pub struct Hand {
    pub owner: u8,
    pub first: usize,
    pub size: usize,
}

/// An occupied site.
#[derive(Serialize, Debug, Clone)]
pub struct Occupied {
    pub site: usize,
    pub label: String,
    pub piece: String,
    pub owner: u8,
    pub count: u32,
}

/// A session over `G`: positions[0] is the initial position, each with its
/// chance (dice) drawn before its moves are listed.
pub struct Table<G: TensorGame> {
    game: G,
    engine: &'static str,
    model: Arc<GameModel>,
    eval: Arc<Evaluator>,
    letters: Arc<Vec<char>>,
    layout: Option<Arc<TensorLayout>>,
    positions: Vec<G::State>,
    history: Vec<String>,
    /// Positions taken back (or a trial's still to come) with their moves'
    /// texts, the next one last.
    ahead: Vec<(G::State, String)>,
    rng: Xoshiro256PlusPlus,
    seed: u64,
}

impl<G: TensorGame> Table<G> {
    pub fn new(game: G, engine: &'static str, ready: &Ready, seed: u64) -> Self {
        let mut table = Table {
            game,
            engine,
            model: ready.model.clone(),
            eval: ready.eval.clone(),
            letters: ready.letters.clone(),
            layout: ready.layout.clone(),
            positions: Vec::new(),
            history: Vec::new(),
            ahead: Vec::new(),
            rng: Xoshiro256PlusPlus::from_seed_u64(seed),
            seed,
        };
        table.reset();
        table
    }

    fn reset(&mut self) {
        let mut initial = self.game.initial_state();
        self.rng = Xoshiro256PlusPlus::from_seed_u64(self.seed);
        self.game.draw_chance(&mut initial, &mut self.rng);
        self.positions = vec![initial];
        self.history.clear();
        self.ahead.clear();
    }

    fn position(&self) -> &G::State {
        self.positions.last().expect("the initial position")
    }

    fn legal(&self) -> Vec<G::Move> {
        if matches!(self.game.status(self.position()), Status::Over(_)) {
            return Vec::new();
        }
        let mut buffer = MoveBuffer::new();
        self.game.legal_moves(self.position(), &mut buffer);
        buffer.to_vec()
    }

    /// A key's site as the picture numbers it.
    fn site_of(&self, r: SiteRef) -> Option<usize> {
        (r.kind == SiteKind::Default
            && r.index >= 0
            && (r.index as usize) < self.game.total_sites())
        .then_some(r.index as usize)
    }

    fn label(&self, site: usize) -> String {
        match self.model.board.sites.get(site) {
            Some(s) => s.coord.clone(),
            None => format!("#{site}"),
        }
    }

    /// `e2-e4`, `c3`, `pass`, with the promotion named.
    fn describe(&self, mv: G::Move) -> String {
        let key = self.game.move_key(mv);
        let (from, to) = (self.site_of(key.from), self.site_of(key.to));
        let mut text = match (from, to) {
            _ if key.pass => "pass".to_owned(),
            _ if key.swap => "swap".to_owned(),
            (Some(f), Some(t)) if f != t => format!("{}-{}", self.label(f), self.label(t)),
            (_, Some(t)) => self.label(t),
            (Some(f), None) => self.label(f),
            (None, None) => key.to_string(),
        };
        if let Some(what) = self.game.promoted_to(mv) {
            text.push_str(&format!("={}", component_name(&self.model, what)));
        }
        if let Some(decision) = self.game.decision_of(mv) {
            if let Some(v) = self.model.votes.get(decision as usize) {
                text = format!("{text} \"{v}\"");
            }
        }
        text
    }

    /// Each term's part of [`View::evaluation`]: the mover's less the
    /// others', as `heuristic_score` counts it.
    fn terms(&self, state: &G::State, mover: u8) -> Vec<(String, f32)> {
        let view = ludemic_runtime::View {
            game: &self.game,
            state,
        };
        let mut terms: Vec<(String, f32)> = self
            .eval
            .contributions(&view, mover, ABS_WEIGHT_THRESHOLD)
            .into_iter()
            .map(|(name, v)| (name.to_owned(), v))
            .collect();
        for other in (1..=self.game.num_players() as u8).filter(|&p| p != mover) {
            let theirs = self.eval.contributions(&view, other, ABS_WEIGHT_THRESHOLD);
            for (term, (_, v)) in terms.iter_mut().zip(theirs) {
                term.1 -= v;
            }
        }
        terms
    }

    fn apply(&mut self, mv: G::Move) {
        self.ahead.clear();
        let mover = self.game.mover(self.position());
        let text = format!("P{mover} {}", self.describe(mv));
        let mut next = self.position().clone();
        self.game.apply(&mut next, mv);
        self.game.draw_chance(&mut next, &mut self.rng);
        self.positions.push(next);
        self.history.push(text);
    }
}

impl<G> Session for Table<G>
where
    G: TensorGame + Send,
    G::State: Send,
{
    fn view(&self) -> View {
        let state = self.position();
        let game = &self.game;
        let (mover, over, winner, result) = match game.status(state) {
            Status::Over(outcome) => {
                let text = match outcome.winner {
                    0 => format!("no winner ({:?})", outcome.reason),
                    p => format!("P{p} wins ({:?})", outcome.reason),
                };
                (0, true, outcome.winner, Some(text))
            }
            Status::Ongoing { mover } => (mover, false, 0, None),
        };
        let legal: Vec<LegalMove> = self
            .legal()
            .into_iter()
            .enumerate()
            .map(|(index, mv)| {
                let key = game.move_key(mv);
                LegalMove {
                    index,
                    key: key.to_string(),
                    from: self.site_of(key.from),
                    to: self.site_of(key.to),
                    pass: key.pass,
                    text: self.describe(mv),
                }
            })
            .collect();
        let mut pieces = Vec::new();
        let mut occupied = Vec::new();
        for site in 0..game.total_sites() {
            let what = game.what_at(state, site);
            let count = game.count_at(state, site);
            if what == 0 || count == 0 {
                continue;
            }
            let owner = game.owner_at(state, site);
            pieces.push(PieceAt {
                site,
                what,
                owner,
                count,
            });
            occupied.push(Occupied {
                site,
                label: self.label(site),
                piece: component_name(&self.model, what).to_owned(),
                owner,
                count,
            });
        }
        let evaluation = (!over).then(|| heuristic_score(game, &*self.eval, state, mover));
        let evaluation_terms = match over {
            true => Vec::new(),
            false => self.terms(state, mover),
        };
        View {
            game: game.name().to_owned(),
            engine: self.engine,
            players: game.num_players() as u8,
            mover,
            over,
            winner,
            result,
            moves_played: self.history.len(),
            moves_ahead: self.ahead.len(),
            evaluation,
            evaluation_terms,
            legal,
            history: self.history.clone(),
            sites: game.total_sites(),
            board_sites: self.model.board.sites.len(),
            hands: self
                .model
                .hands
                .iter()
                .map(|h| Hand {
                    owner: h.owner,
                    first: h.first as usize,
                    size: h.size as usize,
                })
                .collect(),
            svg: board_svg(&self.model, &pieces, &self.letters),
            pieces: occupied,
        }
    }

    fn moves_played(&self) -> usize {
        self.history.len()
    }

    fn is_over(&self) -> bool {
        matches!(self.game.status(self.position()), Status::Over(_))
    }

    fn legal_keys(&self) -> Vec<String> {
        let keys = self.legal().into_iter().map(|m| self.game.move_key(m));
        keys.map(|k| k.to_string()).collect()
    }

    fn play(&mut self, index: usize) -> Result<(), String> {
        let legal = self.legal();
        if legal.is_empty() {
            return Err("the game is over".to_owned());
        }
        let mv = *legal
            .get(index)
            .ok_or_else(|| format!("no legal move number {index}: there are {}", legal.len()))?;
        self.apply(mv);
        Ok(())
    }

    fn play_agent(&mut self, agent: &str) -> Result<usize, String> {
        let spec: AgentSpec = agent.parse()?;
        within_limits(spec)?;
        let legal = self.legal();
        if legal.is_empty() {
            return Err("the game is over".to_owned());
        }
        let seed = self.seed.wrapping_add(self.history.len() as u64 + 1);
        let eval = self.eval.clone();
        let mut built = spec.build(Some(&*eval), seed)?;
        let mv = built.select(&self.game, self.position());
        drop(built);
        let index = legal
            .iter()
            .position(|&m| m == mv)
            .ok_or_else(|| format!("{agent} chose a move that is not legal"))?;
        self.apply(mv);
        Ok(index)
    }

    fn undo(&mut self) -> bool {
        if self.positions.len() <= 1 {
            return false;
        }
        let position = self.positions.pop().expect("a position");
        let text = self.history.pop().expect("its move");
        self.ahead.push((position, text));
        true
    }

    fn redo(&mut self) -> bool {
        let Some((position, text)) = self.ahead.pop() else {
            return false;
        };
        self.positions.push(position);
        self.history.push(text);
        true
    }

    fn watch_trial(&mut self, trial: &Trial) -> Result<usize, String> {
        let (_, path) = replay_path(&self.game, trial)
            .map_err(|m| format!("the trial does not replay here: {m}"))?;
        let Some((first, _)) = path.first() else {
            return Err("the trial has no moves".to_owned());
        };
        // Each position as the trial reached it, its chance settled as the
        // trial's next step shows it (the last one as the last move left it).
        let mut ahead = Vec::with_capacity(path.len());
        for (k, (before, mv)) in path.iter().enumerate() {
            let mover = self.game.mover(before);
            let text = format!("P{mover} {}", self.describe(*mv));
            let after = match path.get(k + 1) {
                Some((next, _)) => next.clone(),
                None => {
                    let mut last = before.clone();
                    self.game.apply(&mut last, *mv);
                    last
                }
            };
            ahead.push((after, text));
        }
        ahead.reverse();
        self.positions = vec![first.clone()];
        self.history.clear();
        self.ahead = ahead;
        Ok(path.len())
    }

    fn restart(&mut self) {
        self.reset();
    }

    fn tensor(&self) -> Result<Tensor, String> {
        let layout = self.layout.as_ref().ok_or("this game has no tensor form")?;
        let [_, x, y] = layout.state_tensor_shape();
        let mut values = vec![0.0; layout.state_len()];
        layout
            .observe(&self.game, self.position(), &mut values)
            .map_err(|e| e.to_string())?;
        let channels = layout
            .state_channel_names()
            .iter()
            .zip(values.chunks(x * y))
            .map(|(name, values)| Channel {
                name: name.clone(),
                values: values.to_vec(),
            })
            .collect();
        Ok(Tensor { x, y, channels })
    }
}
