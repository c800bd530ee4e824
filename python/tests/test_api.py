"""The OpenSpiel-style API: loading, stepping, errors, clones, returns."""

import copy
import json
import random
import re
import subprocess

import numpy as np
import pytest

import ludemic
from conftest import REPO, ludemic_binary


def test_bundled_names_are_the_games_of_the_repository():
    stems = sorted(p.stem for p in (REPO / "games").glob("*.lud"))
    assert sorted(ludemic.GAMES) == stems
    assert ludemic.bundled_games() == ludemic.GAMES


# The bundled games with dice: the Python API has no chance nodes yet and
# refuses them by name.
DICE_GAMES = ("royal-game-of-ur", "senet")
GAMES_WITHOUT_DICE = [g for g in ludemic.GAMES if g not in DICE_GAMES]


def test_games_with_dice_are_refused_with_the_reason():
    for name in DICE_GAMES:
        for engine in ("compiled", "interpreter"):
            with pytest.raises(ludemic.LudemicError, match="games with dice"):
                ludemic.load_game(name, engine=engine)


def test_every_bundled_game_loads_compiled_and_interpreted():
    for name in GAMES_WITHOUT_DICE:
        compiled = ludemic.load_game(name)
        interpreted = ludemic.load_game(name, engine="interpreter")
        assert compiled.engine == "compiled"
        assert interpreted.engine == "interpreter"
        assert compiled.name == interpreted.name
        assert compiled.num_players() == interpreted.num_players()


def test_tic_tac_toe_shapes():
    game = ludemic.load_game("tic-tac-toe")
    assert game.name == "Tic-Tac-Toe"
    assert game.num_players() == 2
    assert game.observation_tensor_shape() == (9, 3, 3)
    assert game.move_tensor_shape() == (3, 3, 3)
    assert game.num_distinct_actions() == 27
    assert len(game.state_channel_names()) == 9
    state = game.new_initial_state()
    obs = state.observation_tensor()
    assert obs.shape == (9, 3, 3) and obs.dtype == np.float32
    assert state.current_player() == 0
    assert state.legal_actions() == list(range(9))
    mask = state.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (27,)
    assert list(np.flatnonzero(mask)) == state.legal_actions()
    assert state.legal_moves()[0] == ("-1>0", 0)
    # OpenSpiel's player arguments.
    assert state.legal_actions(0) == state.legal_actions()
    assert state.legal_actions(1) == []
    assert not state.legal_actions_mask(1).any()
    assert np.array_equal(state.observation_tensor(0), obs)
    assert state.is_player_node() and not state.is_chance_node()
    assert not state.is_simultaneous_node() and state.rewards() == [0.0, 0.0]


def play_tic_tac_toe(state, keys):
    for k in keys:
        state.apply_move_key(k)


def test_terminal_returns_and_player():
    game = ludemic.load_game("tic-tac-toe")
    state = game.new_initial_state()
    # P1 takes the bottom row (sites 0, 1, 2); P2 plays 3 and 4.
    play_tic_tac_toe(state, ["-1>0", "-1>3", "-1>1", "-1>4", "-1>2"])
    assert state.is_terminal()
    assert state.current_player() == ludemic.TERMINAL_PLAYER == -4
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []
    assert not state.legal_actions_mask().any()
    assert state.move_history() == ["-1>0", "-1>3", "-1>1", "-1>4", "-1>2"]
    assert state.history() == [0, 1, 3, 4, 6]  # (x * 3 + y): site 3 is (0, 1)
    assert state.move_number() == 5
    assert "Tic-Tac-Toe" in str(state) and "P1 wins" in str(state)


def test_draw_returns_zero():
    game = ludemic.load_game("tic-tac-toe")
    state = game.new_initial_state()
    play_tic_tac_toe(
        state, ["-1>0", "-1>1", "-1>2", "-1>4", "-1>3", "-1>5", "-1>7", "-1>6", "-1>8"]
    )
    # A full board is not the end: each player then passes (Ludii's
    # all-pass draw), and the pass has an action id on the pass channel.
    assert not state.is_terminal()
    assert state.legal_moves() == [("-1>-1/pass", 9)]
    state.apply_action(9)
    state.apply_move_key("-1>-1/pass")
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def test_clone_is_independent():
    game = ludemic.load_game("hex")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    assert state.move_number() == 1 and other.move_number() == 2
    assert copy.deepcopy(state).history() == state.history()
    assert not np.array_equal(state.observation_tensor(), other.observation_tensor())


def test_invalid_actions_raise_and_change_nothing():
    game = ludemic.load_game("tic-tac-toe")
    state = game.new_initial_state()
    state.apply_action(4)
    before = state.observation_tensor()
    for bad in (4, -1, 27, 10**12, 9):  # occupied, out of range, pass channel (not legal)
        with pytest.raises(ludemic.LudemicError):
            state.apply_action(bad)
    with pytest.raises(ludemic.LudemicError):
        state.apply_move_key("-1>4")
    with pytest.raises(ludemic.LudemicError):
        state.apply_move_key("not a key")
    assert np.array_equal(state.observation_tensor(), before)
    assert issubclass(ludemic.LudemicError, ValueError)
    # After the end, nothing is legal.
    s = game.new_initial_state()
    play_tic_tac_toe(s, ["-1>0", "-1>3", "-1>1", "-1>4", "-1>2"])
    with pytest.raises(ludemic.LudemicError, match="over"):
        s.apply_action(5)


def test_load_errors_carry_file_line_col(tmp_path):
    bad = tmp_path / "bad.lud"
    bad.write_text(
        '(game "Bad"\n  (players 2)\n  (equipment { (board (square 3)) (piece "Disc" Each) })\n'
        "  (rules (play (move Frobnicate (to (sites Empty)))) (end (if (is Line 3) (result Mover Win))))\n)\n"
    )
    with pytest.raises(ludemic.LudemicError) as info:
        ludemic.load_game(str(bad))
    assert re.search(r"bad\.lud:\d+:\d+", str(info.value)), str(info.value)
    syntax = tmp_path / "syntax.lud"
    syntax.write_text('(game "Broken" (players 2)\n  (equipment {\n')
    with pytest.raises(ludemic.LudemicError) as info:
        ludemic.load_game(str(syntax))
    assert re.search(r"syntax\.lud:\d+:\d+", str(info.value)), str(info.value)
    with pytest.raises(ludemic.LudemicError, match="no such file"):
        ludemic.load_game(str(tmp_path / "missing.lud"))
    with pytest.raises(ludemic.LudemicError, match="Board Size/13x13|option"):
        ludemic.load_game("hex", options=["Board Size/13x13x"])


def test_options_on_a_bundled_name_run_interpreted():
    default = ludemic.load_game("hex")
    small = ludemic.load_game("hex", options=["Board Size/9x9"])
    assert default.engine == "compiled"
    assert small.engine == "interpreter"
    assert small.new_initial_state().legal_actions().__len__() == 81
    assert default.new_initial_state().legal_actions().__len__() == 121
    # The default choice keeps the compiled module.
    assert ludemic.load_game("hex", options=["Board Size/11x11"]).engine == "compiled"
    with pytest.raises(ludemic.LudemicError, match="no compiled code"):
        ludemic.load_game("hex", options=["Board Size/9x9"], engine="compiled")
    with pytest.raises(ludemic.LudemicError, match="engine"):
        ludemic.load_game("hex", engine="jit")


def test_a_bundled_variant_runs_compiled_by_name_or_by_its_options():
    # halma-6x6: games/halma.lud with "Board Size/6x6", bundled compiled.
    named = ludemic.load_game("halma-6x6")
    chosen = ludemic.load_game("halma", options=["Board Size/6x6"])
    interpreted = ludemic.load_game("halma-6x6", engine="interpreter")
    assert named.engine == "compiled" and chosen.engine == "compiled"
    assert interpreted.engine == "interpreter"
    # The 6x6 board's opening, not the 16x16 board's.
    start = named.new_initial_state().legal_moves()
    assert sorted(start, key=str) == sorted(
        interpreted.new_initial_state().legal_moves(), key=str
    )
    assert len(start) != len(ludemic.load_game("halma").new_initial_state().legal_moves())
    trajectory_agrees("halma-6x6", 0, 150)


def test_a_path_runs_interpreted():
    path = REPO / "games" / "tic-tac-toe.lud"
    game = ludemic.load_game(str(path))
    assert game.engine == "interpreter"
    assert ludemic.load_game(path).name == "Tic-Tac-Toe"  # a pathlib.Path too
    with pytest.raises(ludemic.LudemicError, match="no compiled code"):
        ludemic.load_game(str(path), engine="compiled")


def outcome(f):
    """What f() gives: ("ok", value) or ("error", message)."""
    try:
        return ("ok", f())
    except ludemic.LudemicError as e:
        return ("error", str(e))


def trajectory_agrees(name, seed, max_moves):
    """One random line on both engines: legal moves, ids, masks,
    observations and players agree at every step (or both raise the same
    error: Dots and Boxes' edges have no place in the tensors), and the
    returns at the end."""
    compiled = ludemic.load_game(name).new_initial_state()
    interpreted = ludemic.load_game(name, engine="interpreter").new_initial_state()
    rng = random.Random(seed)
    for _ in range(max_moves):
        assert compiled.is_terminal() == interpreted.is_terminal()
        assert compiled.current_player() == interpreted.current_player()
        if compiled.is_terminal():
            break
        # The same multiset (each engine lists in its own order).
        moves = sorted(compiled.legal_moves(), key=str)
        assert moves == sorted(interpreted.legal_moves(), key=str), name
        for f in ("observation_tensor", "legal_actions_mask"):
            c = outcome(getattr(compiled, f))
            i = outcome(getattr(interpreted, f))
            assert c[0] == i[0], (name, f, c, i)
            if c[0] == "ok":
                assert np.array_equal(c[1], i[1]), (name, f)
            else:
                assert c[1] == i[1]
        assert outcome(compiled.legal_actions) == outcome(interpreted.legal_actions)
        key = rng.choice(moves)[0]
        compiled.apply_move_key(key)
        interpreted.apply_move_key(key)
    assert compiled.returns() == interpreted.returns()
    assert compiled.move_history() == interpreted.move_history()
    assert compiled.history() == interpreted.history()


@pytest.mark.parametrize("name", GAMES_WITHOUT_DICE)
def test_compiled_and_interpreted_agree(name):
    for seed in range(2):
        trajectory_agrees(name, seed, 150)


def test_playouts_are_deterministic_and_threaded():
    game = ludemic.load_game("tic-tac-toe")
    lengths, winners = ludemic.playouts(game, 500, seed=7)
    assert lengths.shape == winners.shape == (500,)
    assert lengths.dtype == np.uint32 and winners.dtype == np.uint8
    assert (lengths >= 5).all()
    again = ludemic.playouts(game, 500, seed=7)
    assert np.array_equal(lengths, again[0]) and np.array_equal(winners, again[1])
    t_lengths, t_winners = ludemic.playouts(game, 501, seed=7, threads=2)
    assert len(t_lengths) == 501
    # Thread 0 plays the first 251 from stream 0: the single run's first 251.
    assert np.array_equal(t_lengths[:251], ludemic.playouts(game, 251, seed=7)[0])
    # The interpreter plays the same distribution (not the same draws).
    i_lengths, _ = ludemic.playouts(ludemic.load_game("tic-tac-toe", engine="interpreter"), 500, seed=7)
    assert abs(i_lengths.mean() - lengths.mean()) < 0.5


# What `ludemic playout GAME -n 2000 --seed 7 --json` printed when this was
# written (the compiled engine for bundled names); checked live below when a
# CLI is built.
CLI_RESULTS = {
    "tic-tac-toe": {"mean_moves": 7.9355, "min_moves": 5, "max_moves": 11,
                    "outcomes": {"P1": 1129, "P2": 595, "draw": 276}},
    "hex": {"mean_moves": 107.6345, "min_moves": 56, "max_moves": 121,
            "outcomes": {"P1": 1070, "P2": 930, "draw": 0}},
    "breakthrough": {"mean_moves": 64.61, "min_moves": 14, "max_moves": 110,
                     "outcomes": {"P1": 996, "P2": 1004, "draw": 0}},
}


def summarise(lengths, winners, players):
    outcomes = {f"P{p}": int((winners == p).sum()) for p in range(1, players + 1)}
    outcomes["draw"] = int((winners == 0).sum())
    return {"mean_moves": float(lengths.mean()), "min_moves": int(lengths.min()),
            "max_moves": int(lengths.max()), "outcomes": outcomes}


@pytest.mark.parametrize("name", sorted(CLI_RESULTS))
def test_playouts_equal_the_cli(name):
    game = ludemic.load_game(name)
    ours = summarise(*ludemic.playouts(game, 2000, seed=7), game.num_players())
    binary = ludemic_binary()
    if binary is not None:
        out = subprocess.run(
            [str(binary), "playout", name, "-n", "2000", "--seed", "7", "--json"],
            check=True, capture_output=True, text=True, cwd=REPO,
        ).stdout
        cli = json.loads(out)
        expected = {k: cli[k] for k in ("mean_moves", "min_moves", "max_moves", "outcomes")}
    else:
        expected = CLI_RESULTS[name]
        if expected is None:
            pytest.skip("skipped: no ludemic CLI built and no recorded result")
        print(f"no ludemic CLI built: compared with the recorded {expected}")
    assert ours["outcomes"] == expected["outcomes"]
    assert ours["min_moves"] == expected["min_moves"]
    assert ours["max_moves"] == expected["max_moves"]
    assert abs(ours["mean_moves"] - expected["mean_moves"]) < 1e-6


def test_batch_steps_and_resets():
    game = ludemic.load_game("tic-tac-toe")
    batch = ludemic.Batch(game, 8, seed=3)
    assert len(batch) == 8
    obs = batch.observations()
    assert obs.shape == (8, 9, 3, 3)
    assert batch.legal_actions_mask().shape == (8, 27)
    singles = [game.new_initial_state() for _ in range(8)]
    done_count = 0
    for _ in range(40):
        actions = batch.random_actions()
        mask = batch.legal_actions_mask()
        assert mask[np.arange(8), actions].all()
        obs, rewards, dones = batch.step(actions)
        assert rewards.shape == (8, 2) and dones.shape == (8,)
        for i, s in enumerate(singles):
            s.apply_action(int(actions[i]))
            if s.is_terminal():
                assert dones[i]
                assert list(rewards[i]) == s.returns()
                singles[i] = game.new_initial_state()
                done_count += 1
            else:
                assert not dones[i] and not rewards[i].any()
            assert np.array_equal(obs[i], singles[i].observation_tensor())
            assert batch.state(i).history() == singles[i].history()
    assert done_count > 10


def test_batch_rejects_bad_actions_without_stepping():
    game = ludemic.load_game("tic-tac-toe")
    batch = ludemic.Batch(game, 2)
    batch.step(np.array([4, 4]))
    before = batch.observations()
    with pytest.raises(ludemic.LudemicError, match="state 1"):
        batch.step(np.array([0, 4]))  # 4 is taken in state 1
    with pytest.raises(ludemic.LudemicError):
        batch.step(np.array([0]))
    with pytest.raises(ludemic.LudemicError):
        batch.step(np.array([0, 99], dtype=np.int32))
    assert np.array_equal(batch.observations(), before)
    batch.step([0, 1])
    assert batch.state(0).move_history() == ["-1>4", "-1>0"]
    assert np.array_equal(batch.reset(), ludemic.Batch(game, 2).observations())


def test_after_a_swap_players_and_returns_follow_the_agents():
    # Hex (swap rule on): whoever completes a connection wins, so the agent
    # that made the last move must get 1, with or without the swap taken.
    for engine in ("compiled", "interpreter"):
        game = ludemic.load_game("hex", engine=engine)
        swaps = 0
        for seed in range(6):
            rng = random.Random(seed)
            state = game.new_initial_state()
            state.apply_action(state.legal_actions()[0])
            movers = [state.current_player()]
            if seed % 2 == 0:
                state.apply_move_key("-1>-1/swap")
                swaps += 1
            while not state.is_terminal():
                movers.append(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
            assert state.returns()[movers[-1]] == 1.0, (engine, seed)
            assert sorted(state.returns()) == [-1.0, 1.0]
        assert swaps == 3


def test_batch_threads_give_the_same_steps():
    game = ludemic.load_game("breakthrough")
    one = ludemic.Batch(game, 50, seed=9)
    two = ludemic.Batch(game, 50, seed=9, threads=2)
    for _ in range(120):
        a1, a2 = one.random_actions(), two.random_actions()
        assert np.array_equal(a1, a2)
        r1, r2 = one.step(a1), two.step(a2)
        for x, y in zip(r1, r2):
            assert np.array_equal(x, y)
        assert np.array_equal(one.legal_actions_mask(), two.legal_actions_mask())
    with pytest.raises(ludemic.LudemicError, match="state 3"):
        bad = one.random_actions()
        bad[3] = game.num_distinct_actions()
        two.step(bad)
