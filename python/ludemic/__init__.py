"""ludemic: Ludii games compiled to Rust (or interpreted), with OpenSpiel's API.

See docs/python.md in the repository for the API and its semantics.
"""

from ._ludemic import (
    GAMES,
    TERMINAL_PLAYER,
    Batch,
    Game,
    LudemicError,
    State,
    bundled_games,
    load_game,
    playouts,
)

__all__ = [
    "GAMES",
    "TERMINAL_PLAYER",
    "Batch",
    "Game",
    "LudemicError",
    "State",
    "bundled_games",
    "load_game",
    "playouts",
]
