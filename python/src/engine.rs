//! One object-safe interface over both engines, so that the Python classes
//! are not generic: [`DynGame`] for a game (the interpreter, or a bundled
//! compiled module wrapped in [`Recorded`]) and [`DynState`] for one of its
//! states, boxed. Everything here validates its inputs and returns an
//! [`Error`] rather than panicking.

use std::fmt::Write as _;
use std::sync::Arc;

use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::ir::GameModel;
use ludemic_runtime::{
    Game, MoveBuffer, MoveKey, PlayoutResult, PositionView, Recorded, Status, TensorGame,
    TensorLayout, Xoshiro256PlusPlus,
};
use rayon::prelude::*;

/// OpenSpiel's `kTerminalPlayerId`.
pub const TERMINAL_PLAYER: i32 = -4;

/// What went wrong, as the message Python shows.
#[derive(Debug, Clone)]
pub struct Error(pub String);

pub type Result<T> = std::result::Result<T, Error>;

fn err<T>(message: impl Into<String>) -> Result<T> {
    Err(Error(message.into()))
}

/// What a game shows beside its rules: its name, its tensor layout (or why
/// it has none) and its components, for printing states.
pub struct Info {
    pub name: String,
    pub num_players: usize,
    pub layout: std::result::Result<TensorLayout, String>,
    /// Component `what` (1-based) → its name (`Ball1`), index 0 unused.
    pub components: Vec<String>,
    pub engine: &'static str,
}

impl Info {
    pub fn new(model: &GameModel, engine: &'static str) -> Self {
        let layout = ludemic_compiler::tensor::layout(model).map_err(|e| e.to_string());
        let mut components = vec![String::new()];
        components.extend(model.components.iter().map(|c| c.name.clone()));
        Info {
            name: model.name.clone(),
            num_players: model.num_players as usize,
            layout,
            components,
            engine,
        }
    }

    pub fn layout(&self) -> Result<&TensorLayout> {
        self.layout
            .as_ref()
            .map_err(|why| Error(format!("{} has no tensor form: {why}", self.name)))
    }
}

/// The game behind the Python `Game`.
pub trait DynGame: Send + Sync {
    fn info(&self) -> &Info;
    fn new_state(self: Arc<Self>) -> Box<dyn DynState>;
    /// `n` uniformly random playouts from the initial state on `threads`
    /// threads, thread t playing its share from stream t of `seed`, as
    /// `ludemic playout` does: (moves, winner) per playout, in thread order.
    fn playouts(&self, n: u64, seed: u64, threads: usize) -> Result<Vec<(u32, u8)>>;
}

/// A state behind the Python `State` (and each state of a `Batch`).
pub trait DynState: Send + Sync {
    fn clone_box(&self) -> Box<dyn DynState>;
    fn info(&self) -> &Info;
    /// Back to the initial state.
    fn reset(&mut self);
    fn is_terminal(&self) -> bool;
    /// The agent to move, 0-based (Ludii's `playerToAgent(mover) - 1`), or
    /// [`TERMINAL_PLAYER`].
    fn current_player(&self) -> i32;
    /// Ludii's agent utilities at the end; zeros while the game goes on.
    fn returns(&self) -> Vec<f64>;
    fn moves_played(&self) -> u32;
    fn legal_actions(&mut self) -> Result<Vec<usize>>;
    fn legal_actions_mask(&mut self, mask: &mut [bool]) -> Result<()>;
    /// The index, among the legal moves just listed, of the first one with
    /// action id `action` (validates; [`DynState::apply_found`] plays it).
    fn find_action(&mut self, action: i64) -> Result<usize>;
    /// Plays the legal move `index` of the last listing (by [`DynState::find_action`]).
    fn apply_found(&mut self, index: usize);
    fn apply_action(&mut self, action: i64) -> Result<()> {
        let index = self.find_action(action)?;
        self.apply_found(index);
        Ok(())
    }
    /// Every legal move: its key and its action id (`None` where the move
    /// has no place in the tensors: no layout, or a site Ludii's tensors lack).
    fn legal_moves(&mut self) -> Result<Vec<(String, Option<usize>)>>;
    fn apply_move_key(&mut self, key: &str) -> Result<()>;
    /// Plays the legal move `index` of [`DynState::legal_moves`].
    fn apply_legal_move(&mut self, index: i64) -> Result<()>;
    fn observe(&self, out: &mut [f32]) -> Result<()>;
    fn action_to_string(&mut self, action: i64) -> Result<String>;
    /// The moves played: key and action id (-1 without one).
    fn history(&self) -> &[(String, i64)];
    fn render(&self) -> String;
    /// A uniformly random legal action id (distinct ids equally likely).
    fn random_action(&mut self, rng: &mut Xoshiro256PlusPlus) -> Result<usize>;
}

/// Where Ludii's playouts run fastest: the bare module for a compiled game
/// (its playout variants; the record of [`Recorded`] is for the tensors),
/// the interpreter itself otherwise.
pub trait Playable: TensorGame + Send + Sync + 'static
where
    Self::State: Send + Sync,
    Self::Move: Send + Sync,
{
    type Fast: Game + Sync;
    fn fast(&self) -> &Self::Fast;
}

impl Playable for Interpreter {
    type Fast = Interpreter;
    fn fast(&self) -> &Interpreter {
        self
    }
}

impl<G> Playable for Recorded<G>
where
    G: PositionView + Send + Sync + 'static,
    G::State: Send + Sync,
    G::Move: Send + Sync,
{
    type Fast = G;
    fn fast(&self) -> &G {
        &self.0
    }
}

/// A game of either engine with its layout.
pub struct Engine<G> {
    pub game: G,
    pub info: Info,
}

impl<G: Playable> DynGame for Engine<G>
where
    G::State: Send + Sync,
    G::Move: Send + Sync,
{
    fn info(&self) -> &Info {
        &self.info
    }

    fn new_state(self: Arc<Self>) -> Box<dyn DynState> {
        let state = self.game.initial_state();
        Box::new(EngineState {
            engine: self,
            state,
            buffer: MoveBuffer::new(),
            history: Vec::new(),
        })
    }

    fn playouts(&self, n: u64, seed: u64, threads: usize) -> Result<Vec<(u32, u8)>> {
        let game = self.game.fast();
        let run = |t: usize, threads: usize| {
            let mut rng = Xoshiro256PlusPlus::stream(seed, t);
            let initial = game.initial_state();
            let share = n / threads as u64 + u64::from((t as u64) < n % threads as u64);
            (0..share)
                .map(|_| {
                    let mut state = initial.clone();
                    let PlayoutResult { outcome, moves } = game.playout(&mut state, &mut rng);
                    (moves, outcome.winner)
                })
                .collect::<Vec<_>>()
        };
        let threads = threads.max(1);
        if threads == 1 {
            return Ok(run(0, 1));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error(format!("cannot start {threads} threads: {e}")))?;
        let parts: Vec<Vec<(u32, u8)>> = pool.install(|| {
            (0..threads)
                .into_par_iter()
                .map(|t| run(t, threads))
                .collect()
        });
        Ok(parts.concat())
    }
}

/// A state of an [`Engine`], with scratch space for its legal moves.
struct EngineState<G: Game> {
    engine: Arc<Engine<G>>,
    state: G::State,
    buffer: MoveBuffer<G::Move>,
    history: Vec<(String, i64)>,
}

impl<G: Playable> EngineState<G>
where
    G::State: Send + Sync,
    G::Move: Send + Sync,
{
    fn game(&self) -> &G {
        &self.engine.game
    }

    fn layout(&self) -> Result<&TensorLayout> {
        self.engine.info.layout()
    }

    fn ongoing(&self, what: &str) -> Result<()> {
        if self.game().is_over(&self.state) {
            return err(format!("{what}: the game is over"));
        }
        Ok(())
    }

    /// Lists the legal moves into the buffer (the state must be ongoing).
    fn list(&mut self) {
        let engine = &self.engine;
        engine.game.legal_moves(&self.state, &mut self.buffer);
    }

    fn action_id(&self, mv: G::Move) -> Result<usize> {
        self.layout()?
            .action_id_of(self.game(), mv)
            .map_err(|e| Error(e.to_string()))
    }

    fn play(&mut self, mv: G::Move) {
        let key = self.game().move_key(mv).to_string();
        let id = self
            .layout()
            .ok()
            .and_then(|l| l.action_id_of(self.game(), mv).ok())
            .map_or(-1, |id| id as i64);
        let engine = Arc::clone(&self.engine);
        engine.game.apply(&mut self.state, mv);
        self.history.push((key, id));
    }

    /// The agent of player `p` (Ludii's `playerToAgent`: swapped by the
    /// swap rule, which only two-player games have).
    fn agent(&self, p: usize) -> usize {
        if self.game().order_changed(&self.state) && self.engine.info.num_players == 2 {
            3 - p
        } else {
            p
        }
    }
}

impl<G: Playable> DynState for EngineState<G>
where
    G::State: Send + Sync,
    G::Move: Send + Sync,
{
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(EngineState {
            engine: Arc::clone(&self.engine),
            state: self.state.clone(),
            buffer: MoveBuffer::new(),
            history: self.history.clone(),
        })
    }

    fn info(&self) -> &Info {
        &self.engine.info
    }

    fn reset(&mut self) {
        self.state = self.engine.game.initial_state();
        self.history.clear();
    }

    fn is_terminal(&self) -> bool {
        self.game().is_over(&self.state)
    }

    fn current_player(&self) -> i32 {
        if self.is_terminal() {
            TERMINAL_PLAYER
        } else {
            i32::from(self.game().mover_agent(&self.state)) - 1
        }
    }

    fn returns(&self) -> Vec<f64> {
        let n = self.engine.info.num_players;
        let Status::Over(outcome) = self.game().status(&self.state) else {
            return vec![0.0; n];
        };
        let ranks = outcome.ranks();
        // Ludii's RankUtils.utilities: an unranked player gets the next draw rank.
        let ranked = ranks.iter().filter(|&&r| r > 0.0).count();
        let winners = ranks.iter().filter(|&&r| r == 1.0).count();
        let draw_rank = (n - ranked + 1) as f64 / 2.0 + winners as f64;
        let util = |rank: f32| {
            let rank = if n > 1 && rank == 0.0 {
                draw_rank
            } else {
                f64::from(rank)
            };
            if n == 1 {
                2.0 * rank - 1.0
            } else {
                1.0 - (rank - 1.0) * (2.0 / (n as f64 - 1.0))
            }
        };
        // RankUtils.agentUtilities: agent p gets the utility of playerToAgent(p).
        (1..=n).map(|p| util(ranks[self.agent(p) - 1])).collect()
    }

    fn moves_played(&self) -> u32 {
        self.game().moves_played(&self.state)
    }

    fn legal_actions(&mut self) -> Result<Vec<usize>> {
        if self.is_terminal() {
            return Ok(Vec::new());
        }
        self.layout()?;
        self.list();
        let mut ids = self
            .buffer
            .iter()
            .map(|&mv| self.action_id(mv))
            .collect::<Result<Vec<_>>>()?;
        ids.sort_unstable();
        ids.dedup();
        Ok(ids)
    }

    fn legal_actions_mask(&mut self, mask: &mut [bool]) -> Result<()> {
        let layout = self.engine.info.layout()?;
        if self.is_terminal() {
            mask.fill(false);
            return Ok(());
        }
        layout
            .legal_action_mask(&self.engine.game, &self.state, &mut self.buffer, mask)
            .map_err(|e| Error(e.to_string()))
    }

    fn find_action(&mut self, action: i64) -> Result<usize> {
        let n = self.layout()?.num_distinct_actions();
        if action < 0 || action as u64 >= n as u64 {
            return err(format!(
                "action {action} is out of range: {} has {n} distinct actions (0..{n})",
                self.engine.info.name
            ));
        }
        self.ongoing(&format!("action {action}"))?;
        self.list();
        for i in 0..self.buffer.len() {
            if self.action_id(self.buffer[i])? == action as usize {
                return Ok(i);
            }
        }
        err(format!(
            "action {action} is not legal here (legal: {:?})",
            self.legal_actions()?
        ))
    }

    fn apply_found(&mut self, index: usize) {
        let mv = self.buffer[index];
        self.play(mv);
    }

    fn legal_moves(&mut self) -> Result<Vec<(String, Option<usize>)>> {
        if self.is_terminal() {
            return Ok(Vec::new());
        }
        self.list();
        Ok(self
            .buffer
            .iter()
            .map(|&mv| {
                let key = self.game().move_key(mv).to_string();
                (key, self.action_id(mv).ok())
            })
            .collect())
    }

    fn apply_move_key(&mut self, key: &str) -> Result<()> {
        let parsed: MoveKey = key
            .parse()
            .map_err(|e: ludemic_runtime::key::BadKey| Error(e.to_string()))?;
        self.ongoing(&format!("move {key}"))?;
        self.list();
        let found = self
            .buffer
            .iter()
            .copied()
            .find(|&m| self.game().move_key(m) == parsed);
        match found {
            Some(mv) => {
                self.play(mv);
                Ok(())
            }
            None => {
                let mut legal: Vec<String> = self
                    .buffer
                    .iter()
                    .map(|&m| self.game().move_key(m).to_string())
                    .collect();
                legal.sort();
                legal.dedup();
                err(format!(
                    "move {key} is not legal here (legal: {})",
                    legal.join(" ")
                ))
            }
        }
    }

    fn apply_legal_move(&mut self, index: i64) -> Result<()> {
        self.ongoing(&format!("legal move {index}"))?;
        self.list();
        let n = self.buffer.len();
        if index < 0 || index as u64 >= n as u64 {
            return err(format!(
                "legal move {index} is out of range: there are {n} (0..{n})"
            ));
        }
        let mv = self.buffer[index as usize];
        self.play(mv);
        Ok(())
    }

    fn observe(&self, out: &mut [f32]) -> Result<()> {
        self.layout()?
            .observe(self.game(), &self.state, out)
            .map_err(|e| Error(e.to_string()))
    }

    fn action_to_string(&mut self, action: i64) -> Result<String> {
        let layout = self.layout()?;
        let n = layout.num_distinct_actions();
        let Some(a) = (action >= 0)
            .then(|| layout.action_of_id(action as usize))
            .flatten()
        else {
            return err(format!("action {action} is out of range (0..{n})"));
        };
        let place = format!("[channel {}, x {}, y {}]", a.channel, a.x, a.y);
        if self.is_terminal() {
            return Ok(place);
        }
        self.list();
        let mut keys = Vec::new();
        for &mv in self.buffer.iter() {
            if self.action_id(mv)? == action as usize {
                keys.push(self.game().move_key(mv).to_string());
            }
        }
        Ok(if keys.is_empty() {
            place
        } else {
            format!("{} {place}", keys.join("|"))
        })
    }

    fn history(&self) -> &[(String, i64)] {
        &self.history
    }

    fn render(&self) -> String {
        let info = &self.engine.info;
        let g = self.game();
        let mut out = String::new();
        let _ = write!(
            out,
            "{} ({}), {} moves",
            info.name,
            info.engine,
            self.moves_played()
        );
        match g.status(&self.state) {
            Status::Ongoing { mover } => {
                let _ = writeln!(out, ", P{mover} to move");
            }
            Status::Over(o) if o.winner == 0 => {
                let _ = writeln!(out, ", over: no winner");
            }
            Status::Over(o) => {
                let _ = writeln!(out, ", over: P{} wins", o.winner);
            }
        }
        // The board drawn on the tensor grid (y up), one symbol per site.
        let symbol = |what: u32| -> char { char::from_digit(what % 36, 36).unwrap_or('?') };
        let mut used = Vec::new();
        if let Ok(layout) = &info.layout {
            let [_, dx, dy] = layout.state_tensor_shape();
            let mut grid = vec![vec![' '; dx]; dy];
            let sites = layout.board_sites.min(layout.coords.len());
            for (site, &(x, y)) in layout.coords.iter().enumerate().take(sites) {
                let (what, _) = g.piece_at(&self.state, site);
                if what != 0 && !used.contains(&what) {
                    used.push(what);
                }
                if let (Some(row), true) = (grid.get_mut(y), x < dx) {
                    row[x] = if what == 0 { '.' } else { symbol(what) };
                }
            }
            for row in grid.iter().rev() {
                let line: String = row.iter().collect();
                let _ = writeln!(out, "  {}", line.trim_end());
            }
        } else {
            let mut pieces = Vec::new();
            for site in 0..g.total_sites() {
                let (what, _) = g.piece_at(&self.state, site);
                if what != 0 {
                    pieces.push(format!("{site}:{}", symbol(what)));
                    if !used.contains(&what) {
                        used.push(what);
                    }
                }
            }
            let _ = writeln!(out, "  pieces {}", pieces.join(" "));
        }
        used.sort_unstable();
        let legend: Vec<String> = used
            .iter()
            .map(|&w| {
                let name = info.components.get(w as usize).map_or("?", String::as_str);
                format!("{} {name}", symbol(w))
            })
            .collect();
        if !legend.is_empty() {
            let _ = writeln!(out, "  ({})", legend.join(", "));
        }
        let last: Vec<&str> = self
            .history
            .iter()
            .rev()
            .take(4)
            .map(|(k, _)| k.as_str())
            .collect();
        if !last.is_empty() {
            let _ = write!(out, "  last moves (newest first): {}", last.join(" "));
        }
        out.trim_end().to_owned()
    }

    fn random_action(&mut self, rng: &mut Xoshiro256PlusPlus) -> Result<usize> {
        use ludemic_runtime::RngExt;
        let ids = self.legal_actions()?;
        if ids.is_empty() {
            return err("no legal action: the game is over");
        }
        Ok(ids[rng.index(ids.len())])
    }
}

/// The compiled game of a bundled module, wrapped for the tensors.
pub struct Bundle {
    pub model: GameModel,
}

impl ludemic_generated::Visitor for Bundle {
    type Output = Arc<dyn DynGame>;
    fn visit<G: PositionView + Clone + Send + Sync + 'static>(self, game: &G) -> Self::Output
    where
        G::State: Send + Sync,
        G::Move: Send + Sync,
    {
        Arc::new(Engine {
            game: Recorded(game.clone()),
            info: Info::new(&self.model, "compiled"),
        })
    }
}

/// The interpreter over a model.
pub fn interpreted(model: GameModel) -> Arc<dyn DynGame> {
    let info = Info::new(&model, "interpreter");
    Arc::new(Engine {
        game: Interpreter::new(model),
        info,
    })
}
