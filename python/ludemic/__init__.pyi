"""ludemic: Ludii games compiled to Rust (or interpreted), with OpenSpiel's API
and the Ludii-Polygames tensors as NumPy arrays. See docs/python.md."""

from os import PathLike
from typing import List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

GAMES: List[str]
"""The bundled compiled games (the stems of the project's games/*.lud)."""

TERMINAL_PLAYER: int
"""-4, what State.current_player() returns once the game is over (OpenSpiel's kTerminalPlayerId)."""

class LudemicError(ValueError):
    """A game that does not load (the message starts with the compiler's
    file:line:col), an illegal or out-of-range action or move key, a tensor
    asked of a game that has none."""

def bundled_games() -> List[str]:
    """The names load_game runs compiled (with their default options)."""

def load_game(
    name: Union[str, "PathLike[str]"],
    options: Optional[Sequence[str]] = None,
    defs: Optional[Sequence[Union[str, "PathLike[str]"]]] = None,
    engine: Optional[str] = None,
    ruleset: Optional[str] = None,
) -> Game:
    """Loads a game.

    name: a bundled game (``"hex"``, ``"tic-tac-toe"``: see ``GAMES``), a
        bundled option variant (``"halma-6x6"``: ``"halma"`` with
        ``"Board Size/6x6"``) or the path of a ``.lud`` file. A path always
        runs on the interpreter.
    options: Ludii option choices, ``"Heading/Item"`` (``"Board Size/9x9"``).
    defs: define-library directories (as the CLI's ``--defs``; Ludii's
        ``def/`` for a file of Ludii's library). The project's own defines
        are always included.
    engine: ``"compiled"`` or ``"interpreter"``. By default a bundled game
        runs compiled when every option given is a default choice or the
        options are a bundled variant's, and on the interpreter (its
        embedded ``.lud``) otherwise;
        ``engine="compiled"`` raises where no compiled code fits.
    ruleset: a ruleset of the game, by name (runs on the interpreter).

    Raises LudemicError with the compiler's ``file:line:col: message``.
    """

class Game:
    """A loaded game (OpenSpiel's Game)."""

    @property
    def name(self) -> str:
        """The game's name as its description gives it ("Hex")."""
    @property
    def engine(self) -> str:
        """"compiled" or "interpreter"."""
    def num_players(self) -> int: ...
    def observation_tensor_shape(self) -> Tuple[int, int, int]:
        """(channels, x, y) of Ludii's state tensor."""
    def observation_tensor_size(self) -> int: ...
    def state_channel_names(self) -> List[str]:
        """Ludii's names of the state tensor's channels, in order."""
    def move_tensor_shape(self) -> Tuple[int, int, int]:
        """(channels, x, y) of Ludii's move tensor; action ids index it flat."""
    def num_distinct_actions(self) -> int:
        """The product of move_tensor_shape(): action ids are 0..this."""
    def action_position(self, action: int) -> Tuple[int, int, int]:
        """(channel, x, y) of an action id in the move tensor."""
    def new_initial_state(self) -> State:
        """The state once the start rules are applied."""

class State:
    """A state of a game (OpenSpiel's State)."""

    def current_player(self) -> int:
        """The agent to move, 0-based (Ludii's player p is p - 1; after a
        swap, the agent: Ludii's playerToAgent); -4 once the game is over."""
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool:
        """Always False: games with dice are refused at load."""
    def is_simultaneous_node(self) -> bool:
        """Always False."""
    def is_player_node(self) -> bool:
        """Not terminal."""
    def rewards(self) -> List[float]:
        """The rewards of the last move (OpenSpiel): returns() once the game
        is over, zeros before (Ludii's games reward only at the end)."""
    def returns(self) -> List[float]:
        """Each agent's utility, Ludii's RankUtils.agentUtilities: rank 1
        gives 1, the last rank -1, ranks between linearly (a two-player draw
        is 0); zeros while the game goes on."""
    def move_number(self) -> int:
        """Moves played (Ludii's count: forced passes and swaps included)."""
    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The sorted distinct action ids of the legal moves (empty when over,
        or when ``player`` is given and is not the agent to move)."""
    def legal_actions_mask(self, player: Optional[int] = None) -> npt.NDArray[np.bool_]:
        """A bool array of num_distinct_actions() marking legal_actions(player)."""
    def apply_action(self, action: int) -> None:
        """Plays the first legal move, in the engine's order, whose action id
        is ``action`` (several moves may share one: see legal_moves()).
        Raises LudemicError if it is out of range or not legal."""
    def legal_moves(self) -> List[Tuple[str, Optional[int]]]:
        """Every legal move, in the engine's order: (Ludii's compact key as in
        the trial files, action id). Moves sharing an id are all listed."""
    def apply_move_key(self, key: str) -> None:
        """Plays the first legal move whose key is ``key`` ("-1>12", "8>16",
        "-1>-1/pass"). Raises LudemicError if none is."""
    def apply_legal_move(self, index: int) -> None:
        """Plays legal_moves()[index]: one of several moves that share a key
        (Chess's four promotions are all "12>4") or an action id."""
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """Ludii's state tensor, shape observation_tensor_shape(), written by
        the engine straight into the array's buffer. ``player`` (OpenSpiel's
        argument) is ignored: perfect information, and the tensor marks the mover."""
    def action_to_string(self, action: int) -> str:
        """The keys of the legal moves behind ``action`` and its position."""
    def history(self) -> List[int]:
        """The action ids played so far (-1 where a move has none)."""
    def move_history(self) -> List[str]:
        """The keys of the moves played so far."""
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: object) -> State: ...

def playouts(
    game: Game, n: int, seed: int = 12345, threads: int = 1
) -> Tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint8]]:
    """``n`` uniformly random playouts from the initial state, as the CLI's
    ``ludemic playout`` plays them (xoshiro256++; thread t plays its share
    from stream t of ``seed``; the GIL is released). Returns (moves per
    playout, winner per playout: Ludii's player 1..n, 0 for none), in
    thread order."""

class Batch:
    """``n`` states of one game stepped together (an RL vector environment);
    a state whose game ends is reset at once (auto-reset)."""

    def __init__(self, game: Game, n: int, seed: int = 12345, threads: int = 1) -> None:
        """``seed`` seeds random_actions() (state i draws from stream i of
        the seed); ``threads`` > 1 steps the states on that many threads
        (the results do not depend on it)."""
    def __len__(self) -> int: ...
    def reset(self) -> npt.NDArray[np.float32]:
        """Every state back to the start; the observations."""
    def observations(self) -> npt.NDArray[np.float32]:
        """(N, C, X, Y) float32."""
    def legal_actions_mask(self) -> npt.NDArray[np.bool_]:
        """(N, A) bool."""
    def current_players(self) -> npt.NDArray[np.int32]:
        """(N,) the agent to move in each state (0-based)."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """(N,) one uniformly random legal action id per state."""
    def step(
        self, actions: Union[npt.NDArray[np.integer], Sequence[int]]
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Plays actions[i] in state i (all validated first: an illegal one
        raises LudemicError and changes nothing). Returns (observations
        (N, C, X, Y) — of the reset state where a game ended —, rewards
        (N, players): each agent's returns of a game that just ended, else 0,
        dones (N,))."""
    def state(self, i: int) -> State:
        """A copy of state i."""
