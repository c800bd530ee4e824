//! ludemic's Python module (`ludemic._ludemic`, re-exported by the
//! `ludemic` package): Ludii games, compiled or interpreted, behind
//! OpenSpiel's API, with the Ludii–Polygames tensors as NumPy arrays.
//! See `docs/python.md`.

mod engine;
mod games;

use std::sync::Arc;

use ludemic_runtime::Xoshiro256PlusPlus;
use numpy::{PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use engine::{DynGame, DynState};

create_exception!(
    ludemic,
    LudemicError,
    PyValueError,
    "An error of ludemic: a game that does not load (its message starts with \
     file:line:col), an illegal or out-of-range action, a state without a tensor form."
);

fn py_err(e: engine::Error) -> PyErr {
    LudemicError::new_err(e.0)
}

/// A game, loaded by `load_game`.
#[pyclass(module = "ludemic._ludemic", name = "Game", frozen)]
struct PyGame {
    game: Arc<dyn DynGame>,
}

#[pymethods]
impl PyGame {
    /// The game's name, as its description gives it (`"Hex"`).
    #[getter]
    fn name(&self) -> String {
        self.game.info().name.clone()
    }

    /// `"compiled"` or `"interpreter"`.
    #[getter]
    fn engine(&self) -> &'static str {
        self.game.info().engine
    }

    fn num_players(&self) -> usize {
        self.game.info().num_players
    }

    fn observation_tensor_shape(&self) -> PyResult<(usize, usize, usize)> {
        let [c, x, y] = self
            .game
            .info()
            .layout()
            .map_err(py_err)?
            .state_tensor_shape();
        Ok((c, x, y))
    }

    fn observation_tensor_size(&self) -> PyResult<usize> {
        Ok(self.game.info().layout().map_err(py_err)?.state_len())
    }

    fn state_channel_names(&self) -> PyResult<Vec<String>> {
        Ok(self
            .game
            .info()
            .layout()
            .map_err(py_err)?
            .state_channel_names()
            .to_vec())
    }

    fn move_tensor_shape(&self) -> PyResult<(usize, usize, usize)> {
        let [c, x, y] = self
            .game
            .info()
            .layout()
            .map_err(py_err)?
            .move_tensor_shape();
        Ok((c, x, y))
    }

    fn num_distinct_actions(&self) -> PyResult<usize> {
        Ok(self
            .game
            .info()
            .layout()
            .map_err(py_err)?
            .num_distinct_actions())
    }

    /// The position `(channel, x, y)` of action `action` in the move tensor.
    fn action_position(&self, action: i64) -> PyResult<(usize, usize, usize)> {
        let layout = self.game.info().layout().map_err(py_err)?;
        let n = layout.num_distinct_actions();
        let a = (action >= 0)
            .then(|| layout.action_of_id(action as usize))
            .flatten()
            .ok_or_else(|| {
                LudemicError::new_err(format!("action {action} is out of range (0..{n})"))
            })?;
        Ok((a.channel, a.x, a.y))
    }

    fn new_initial_state(&self) -> PyState {
        PyState {
            state: Arc::clone(&self.game).new_state(),
        }
    }

    fn __repr__(&self) -> String {
        let info = self.game.info();
        format!("<ludemic.Game {:?} ({})>", info.name, info.engine)
    }

    fn __str__(&self) -> String {
        self.game.info().name.clone()
    }
}

/// A state of a game (OpenSpiel's `State`).
#[pyclass(module = "ludemic._ludemic", name = "State")]
struct PyState {
    state: Box<dyn DynState>,
}

#[pymethods]
impl PyState {
    /// The agent to move, 0-based; -4 (OpenSpiel's terminal id) once the game is over.
    fn current_player(&self) -> i32 {
        self.state.current_player()
    }

    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    /// OpenSpiel's: always false (games with dice are refused at load).
    fn is_chance_node(&self) -> bool {
        false
    }

    /// OpenSpiel's: always false (Ludii's simultaneous games are not supported).
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// OpenSpiel's: a player is to move (the game is not over).
    fn is_player_node(&self) -> bool {
        !self.state.is_terminal()
    }

    /// Each agent's utility (Ludii's ranks → 1 for the best, -1 for the
    /// worst, 0 for a two-player draw); zeros while the game goes on.
    fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// OpenSpiel's rewards of the last move: the returns once the game is
    /// over (Ludii's games reward only at the end), zeros before.
    fn rewards(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// Moves played since the start (Ludii's count: forced passes and swaps included).
    fn move_number(&self) -> u32 {
        self.state.moves_played()
    }

    /// The sorted distinct action ids of the legal moves; with `player`
    /// (OpenSpiel's argument) none unless that agent is to move.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&mut self, player: Option<i32>) -> PyResult<Vec<usize>> {
        if player.is_some_and(|p| p != self.state.current_player()) {
            return Ok(Vec::new());
        }
        self.state.legal_actions().map_err(py_err)
    }

    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<i32>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let n = self
            .state
            .info()
            .layout()
            .map_err(py_err)?
            .num_distinct_actions();
        let array = PyArray1::<bool>::zeros(py, n, false);
        {
            // SAFETY: the array was just created and is not shared.
            let mask = unsafe { array.as_slice_mut() }?;
            if player.is_none_or(|p| p == self.state.current_player()) {
                self.state.legal_actions_mask(mask).map_err(py_err)?;
            }
        }
        Ok(array)
    }

    /// Plays the first legal move (in the engine's order) with action id `action`.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.state.apply_action(action).map_err(py_err)
    }

    /// Every legal move as `(key, action_id)`, in the engine's order
    /// (several moves may share an id; `action_id` is None where the move has
    /// no place in the tensors, as Dots and Boxes' edges).
    fn legal_moves(&mut self) -> PyResult<Vec<(String, Option<usize>)>> {
        self.state.legal_moves().map_err(py_err)
    }

    /// Plays the first legal move whose Ludii key is `key` (`"-1>12"`, `"8>16"`, `"-1>-1/pass"`).
    fn apply_move_key(&mut self, key: &str) -> PyResult<()> {
        self.state.apply_move_key(key).map_err(py_err)
    }

    /// Plays `legal_moves()[index]` (one of several moves sharing a key or an id).
    fn apply_legal_move(&mut self, index: i64) -> PyResult<()> {
        self.state.apply_legal_move(index).map_err(py_err)
    }

    /// The observation, of the game's `observation_tensor_shape()`
    /// (float32). `player` (OpenSpiel's argument) is ignored: the games are
    /// of perfect information, and Ludii's tensor marks the mover.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i32>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let _ = player;
        let [c, x, y] = self
            .state
            .info()
            .layout()
            .map_err(py_err)?
            .state_tensor_shape();
        let array = PyArray3::<f32>::zeros(py, [c, x, y], false);
        {
            // SAFETY: the array was just created, is contiguous and not shared.
            let out = unsafe { array.as_slice_mut() }?;
            self.state.observe(out).map_err(py_err)?;
        }
        Ok(array)
    }

    fn action_to_string(&mut self, action: i64) -> PyResult<String> {
        self.state.action_to_string(action).map_err(py_err)
    }

    /// The action ids played so far (-1 for a move without a tensor form).
    fn history(&self) -> Vec<i64> {
        self.state.history().iter().map(|(_, id)| *id).collect()
    }

    /// The Ludii keys of the moves played so far.
    fn move_history(&self) -> Vec<String> {
        self.state
            .history()
            .iter()
            .map(|(k, _)| k.clone())
            .collect()
    }

    fn clone(&self) -> PyState {
        PyState {
            state: self.state.clone_box(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.state.render()
    }

    fn __repr__(&self) -> String {
        format!(
            "<ludemic.State of {:?}, {} moves>",
            self.state.info().name,
            self.state.moves_played()
        )
    }
}

/// Loads a game: a bundled name (`"hex"`, see `GAMES`; `"halma-6x6"`, a
/// bundled option variant) or a `.lud` path.
#[pyfunction]
#[pyo3(signature = (name, options=None, defs=None, engine=None, ruleset=None))]
fn load_game(
    py: Python<'_>,
    name: std::path::PathBuf,
    options: Option<Vec<String>>,
    defs: Option<Vec<std::path::PathBuf>>,
    engine: Option<&str>,
    ruleset: Option<String>,
) -> PyResult<PyGame> {
    let options = options.unwrap_or_default();
    let defs = defs.unwrap_or_default();
    let game = py
        .allow_threads(|| games::load(&name.to_string_lossy(), &options, &defs, engine, ruleset))
        .map_err(py_err)?;
    Ok(PyGame { game })
}

fn read_actions(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(a.as_array().to_vec());
    }
    if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i32>>() {
        return Ok(a.as_array().iter().map(|&x| i64::from(x)).collect());
    }
    actions
        .extract::<Vec<i64>>()
        .map_err(|_| LudemicError::new_err("actions must be a 1-D array (or sequence) of integers"))
}

/// `n` uniformly random playouts: `(lengths, winners)` as NumPy arrays.
#[pyfunction]
#[allow(clippy::type_complexity)]
#[pyo3(signature = (game, n, seed=12345, threads=1))]
fn playouts<'py>(
    py: Python<'py>,
    game: &PyGame,
    n: u64,
    seed: u64,
    threads: usize,
) -> PyResult<(Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u8>>)> {
    let g = Arc::clone(&game.game);
    let results = py
        .allow_threads(move || g.playouts(n, seed, threads))
        .map_err(py_err)?;
    let lengths: Vec<u32> = results.iter().map(|r| r.0).collect();
    let winners: Vec<u8> = results.iter().map(|r| r.1).collect();
    Ok((
        PyArray1::from_vec(py, lengths),
        PyArray1::from_vec(py, winners),
    ))
}

/// One state of a batch with its own random stream and scratch space.
struct Slot {
    state: Box<dyn DynState>,
    rng: Xoshiro256PlusPlus,
    /// The legal move [`DynState::find_action`] chose for the next step.
    found: usize,
}

/// N states of one game stepped together, reset when they end.
#[pyclass(module = "ludemic._ludemic", name = "Batch")]
struct Batch {
    game: Arc<dyn DynGame>,
    slots: Vec<Slot>,
    /// Threads stepping the states (none: the calling thread alone).
    pool: Option<rayon::ThreadPool>,
}

impl Batch {
    fn shape(&self) -> PyResult<[usize; 3]> {
        Ok(self
            .game
            .info()
            .layout()
            .map_err(py_err)?
            .state_tensor_shape())
    }

    /// `f(i, slot, chunk)` for every slot with its chunk of `out` (of
    /// `width` items per slot), on the pool's threads if any; the first error.
    fn each<T: Send>(
        &mut self,
        out: &mut [T],
        width: usize,
        f: impl Fn(usize, &mut Slot, &mut [T]) -> engine::Result<()> + Send + Sync,
    ) -> engine::Result<()> {
        use rayon::prelude::*;
        let width = width.max(1);
        let slots = &mut self.slots;
        match &self.pool {
            Some(pool) => pool.install(|| {
                slots
                    .par_iter_mut()
                    .zip(out.par_chunks_mut(width))
                    .enumerate()
                    .try_for_each(|(i, (slot, chunk))| f(i, slot, chunk))
            }),
            None => slots
                .iter_mut()
                .zip(out.chunks_mut(width))
                .enumerate()
                .try_for_each(|(i, (slot, chunk))| f(i, slot, chunk)),
        }
    }

    fn observations_into(&mut self, out: &mut [f32]) -> engine::Result<()> {
        let len = self.game.info().layout()?.state_len();
        self.each(out, len, |_, slot, chunk| slot.state.observe(chunk))
    }
}

#[pymethods]
impl Batch {
    #[new]
    #[pyo3(signature = (game, n, seed=12345, threads=1))]
    fn new(game: &PyGame, n: usize, seed: u64, threads: usize) -> PyResult<Batch> {
        let g = Arc::clone(&game.game);
        g.info().layout().map_err(py_err)?;
        // State i draws its random actions from stream i of the seed, so
        // they do not depend on the number of threads.
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(seed);
        let slots = (0..n)
            .map(|_| {
                let slot = Slot {
                    state: Arc::clone(&g).new_state(),
                    rng: rng.clone(),
                    found: 0,
                };
                rng.jump();
                slot
            })
            .collect();
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| {
                        LudemicError::new_err(format!("cannot start {threads} threads: {e}"))
                    })?,
            )
        } else {
            None
        };
        Ok(Batch {
            game: g,
            slots,
            pool,
        })
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// Every state back to the initial state; returns the observations.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
        for slot in &mut self.slots {
            slot.state.reset();
        }
        self.observations(py)
    }

    /// The observations, shape (N, C, X, Y), float32.
    fn observations<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let [c, x, y] = self.shape()?;
        let array = PyArray4::<f32>::zeros(py, [self.slots.len(), c, x, y], false);
        {
            // SAFETY: the array was just created, is contiguous and not shared.
            let out = unsafe { array.as_slice_mut() }?;
            py.allow_threads(|| self.observations_into(out))
                .map_err(py_err)?;
        }
        Ok(array)
    }

    /// The legal action masks, shape (N, A), bool.
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let n = self
            .game
            .info()
            .layout()
            .map_err(py_err)?
            .num_distinct_actions();
        let array = PyArray2::<bool>::zeros(py, [self.slots.len(), n], false);
        {
            // SAFETY: the array was just created, is contiguous and not shared.
            let out = unsafe { array.as_slice_mut() }?;
            py.allow_threads(|| {
                self.each(out, n, |_, slot, chunk| {
                    slot.state.legal_actions_mask(chunk)
                })
            })
            .map_err(py_err)?;
        }
        Ok(array)
    }

    /// The agent to move in each state (0-based), shape (N,), int32.
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        let players: Vec<i32> = self
            .slots
            .iter()
            .map(|s| s.state.current_player())
            .collect();
        PyArray1::from_vec(py, players)
    }

    /// One uniformly random legal action id per state (distinct ids equally
    /// likely), state i drawing from stream i of the batch's seed; shape (N,), int64.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut actions = vec![0i64; self.slots.len()];
        py.allow_threads(|| {
            self.each(&mut actions, 1, |_, slot, a| {
                a[0] = slot.state.random_action(&mut slot.rng)? as i64;
                Ok(())
            })
        })
        .map_err(py_err)?;
        Ok(PyArray1::from_vec(py, actions))
    }

    /// Plays `actions[i]` in state i (all validated first: an illegal action
    /// raises and changes nothing). A state that ends is reset to the
    /// initial state. Returns `(observations, rewards, dones)`: the new
    /// observations (N, C, X, Y) — of the reset state where a game ended —,
    /// each agent's returns of the game that just ended (N, players), zero
    /// elsewhere, and which games ended (N,).
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyArray4<f32>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let actions = read_actions(actions)?;
        let n = self.slots.len();
        if actions.len() != n {
            return Err(LudemicError::new_err(format!(
                "{} actions for a batch of {n} states",
                actions.len()
            )));
        }
        let players = self.game.info().num_players;
        let mut rewards = vec![0f32; n * players];
        let mut dones = vec![false; n];
        py.allow_threads(|| -> engine::Result<()> {
            let mut none = vec![(); n];
            self.each(&mut none, 1, |i, slot, _| {
                slot.found = slot
                    .state
                    .find_action(actions[i])
                    .map_err(|e| engine::Error(format!("state {i}: {}", e.0)))?;
                Ok(())
            })?;
            self.each(&mut rewards, players, |_, slot, reward| {
                slot.state.apply_found(slot.found);
                if slot.state.is_terminal() {
                    for (r, u) in reward.iter_mut().zip(slot.state.returns()) {
                        *r = u as f32;
                    }
                }
                Ok(())
            })?;
            for (done, slot) in dones.iter_mut().zip(&mut self.slots) {
                if slot.state.is_terminal() {
                    *done = true;
                    slot.state.reset();
                }
            }
            Ok(())
        })
        .map_err(py_err)?;
        let obs = self.observations(py)?;
        let rewards = PyArray1::from_vec(py, rewards).reshape([n, players])?;
        Ok((obs, rewards, PyArray1::from_vec(py, dones)))
    }

    /// State i, copied (a `State`).
    fn state(&self, i: usize) -> PyResult<PyState> {
        let slot = self.slots.get(i).ok_or_else(|| {
            LudemicError::new_err(format!("state {i} of a batch of {}", self.slots.len()))
        })?;
        Ok(PyState {
            state: slot.state.clone_box(),
        })
    }
}

/// The bundled compiled games (names for `load_game`).
#[pyfunction]
fn bundled_games() -> Vec<&'static str> {
    ludemic_generated::GAMES.to_vec()
}

#[pymodule]
fn _ludemic(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("LudemicError", m.py().get_type::<LudemicError>())?;
    m.add("TERMINAL_PLAYER", engine::TERMINAL_PLAYER)?;
    m.add("GAMES", ludemic_generated::GAMES.to_vec())?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<Batch>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_function(wrap_pyfunction!(bundled_games, m)?)?;
    Ok(())
}
