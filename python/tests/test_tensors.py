"""The tensors through the Python API against Ludii's own
(../shared/reference/ludii-tensors/, its README explains the files): shapes,
channel names, and along each recorded line (replayed with apply_move_key)
every non-zero entry of the observation, the legal moves as (key, action id)
and the legal mask."""

import json
from collections import Counter

import numpy as np
import pytest

import ludemic
from conftest import shared

# slug -> how to load it: a bundled name (compiled), or a file of Ludii's
# library (interpreted) with its options.
BUNDLED = {
    "breakthrough": "breakthrough",
    "connect6": "connect6",
    "feed-the-ducks": "feed-the-ducks",
    "gomoku": "gomoku",
    "hex-11x11": "hex",
    "squava": "squava",
    "yavalath": "yavalath",
    "tic-tac-toe": "tic-tac-toe",
    "connect-four": "connect-four",
    "reversi": "reversi",
}
LIBRARY = {
    "hex-11x11": ("board/space/connection/Hex.lud", []),
    "go-9x9": ("board/space/territory/Go.lud", ["Board Size/9x9"]),
    "minishogi": ("board/war/replacement/checkmate/shogi/Minishogi.lud", []),
    "nine-mens-morris": ("board/space/line/Nine Men's Morris.lud", []),
    "amazons": ("board/space/blocking/Amazons.lud", []),
    "pentalath": ("board/space/line/Pentalath.lud", []),
    "chess": ("board/war/replacement/checkmate/chess/Chess.lud", []),
    "shogi": ("board/war/replacement/checkmate/shogi/Shogi.lud", []),
}


def load_reference(slug):
    folder = shared("reference/ludii-tensors")
    meta = json.loads((folder / f"{slug}.json").read_text())
    lines = [json.loads(l) for l in (folder / f"{slug}.jsonl").read_text().splitlines() if l]
    return meta, lines


def check_state(state, line, where):
    assert state.move_history() == line["played"], where
    obs = state.observation_tensor().ravel()
    nonzero = [[int(i), int(obs[i])] for i in np.flatnonzero(obs)]
    assert nonzero == line["state_nonzero"], where
    assert state.current_player() == line["mover_agent"] - 1, where
    ours = Counter(state.legal_moves())
    ludii = Counter((m["key"], m["int"]) for m in line["legal"])
    assert ours == ludii, where
    ids = sorted({m["int"] for m in line["legal"]})
    assert state.legal_actions() == ids, where
    assert list(np.flatnonzero(state.legal_actions_mask())) == ids, where


def replay(state, played, recorded, step, where):
    """Plays played[step:], checking each recorded state; returns how many
    were checked. Where several legal moves share the played key (Chess's
    promotions), tries each until the later recorded states agree."""
    checked = 0
    while step < len(played):
        line = recorded.get(step)
        if line is not None:
            check_state(state, line, f"{where} step {step}")
            checked += 1
        key = played[step]
        step += 1
        same = [i for i, (k, _) in enumerate(state.legal_moves()) if k == key]
        assert same, f"{where}: {key} is not legal at step {step - 1}"
        if len(same) == 1:
            state.apply_legal_move(same[0])
            continue
        failure = None
        for i in same:
            branch = state.clone()
            branch.apply_legal_move(i)
            try:
                return checked + replay(branch, played, recorded, step, where)
            except AssertionError as e:
                failure = e
        raise failure
    return checked


def check(game, slug, seeds):
    meta, lines = load_reference(slug)
    assert list(game.observation_tensor_shape()) == meta["state_tensor_shape"]
    assert list(game.move_tensor_shape()) == meta["move_tensor_shape"]
    assert game.num_distinct_actions() == meta["num_distinct_actions"]
    assert game.state_channel_names() == meta["state_channel_names"]
    checked = 0
    for seed in seeds:
        recorded = {l["step"]: l for l in lines if l["seed"] == seed}
        if not recorded:
            continue
        last = recorded[max(recorded)]
        played = last["played"] + [last["move"]]
        checked += replay(game.new_initial_state(), played, recorded, 0, f"{slug} seed {seed}")
    assert checked > 0
    return checked


@pytest.mark.parametrize("slug", sorted(BUNDLED))
def test_compiled_tensors_equal_ludii(slug):
    game = ludemic.load_game(BUNDLED[slug])
    assert game.engine == "compiled"
    print(slug, check(game, slug, seeds=(0, 1, 2)), "states matched")


@pytest.mark.parametrize("slug", sorted(LIBRARY))
def test_interpreted_library_tensors_equal_ludii(slug):
    ludii = shared("ludii")
    lud, options = LIBRARY[slug]
    game = ludemic.load_game(str(ludii / "lud" / lud), options=options, defs=[str(ludii / "def")])
    assert game.engine == "interpreter"
    print(slug, check(game, slug, seeds=(0, 1, 2)), "states matched")
