"""Steps per second from Python: one state at a time, and a Batch; and
playouts per second of ludemic.playouts (docs/python.md quotes it).

    python python/examples/bench.py [GAME] [SECONDS]

A step is what an RL loop does: the legal action mask (or list), one
uniformly random legal action id, apply it, the new observation, a reset at
the end of a game. The same loop in Rust: `cargo run --release --example
tensor_steps -- GAME`.
"""

import random
import sys
import time

import numpy as np

import ludemic


def single(game, seconds):
    rng = random.Random(1)
    state = game.new_initial_state()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            mask = state.legal_actions_mask()
            state.apply_action(rng.choice(np.flatnonzero(mask).tolist()))
            state.observation_tensor()
            if state.is_terminal():
                state = game.new_initial_state()
        steps += 1000
    return steps / (time.perf_counter() - start)


def batched(game, n, seconds, threads=1):
    batch = ludemic.Batch(game, n, seed=1, threads=threads)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            batch.legal_actions_mask()
            batch.step(batch.random_actions())
        steps += 10 * n
    return steps / (time.perf_counter() - start)


def playouts(game, seconds, threads=1):
    n = 1000
    while True:
        start = time.perf_counter()
        ludemic.playouts(game, n, seed=12345, threads=threads)
        took = time.perf_counter() - start
        if took > seconds / 2 or n > 10**8:
            return n / took
        n *= 4


def main(name="tic-tac-toe", seconds=2.0):
    game = ludemic.load_game(name)
    print(f"{game.name} ({game.engine})")
    print(f"  State, one step at a time: {single(game, seconds):12,.0f} steps/s")
    for n in (1, 64, 1024):
        print(f"  Batch of {n:5}:              {batched(game, n, seconds):12,.0f} steps/s")
    print(f"  Batch of 1024, 2 threads:  {batched(game, 1024, seconds, 2):12,.0f} steps/s")
    print(f"  ludemic.playouts:          {playouts(game, seconds):12,.0f} playouts/s")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "tic-tac-toe", float(args[1]) if len(args) > 1 else 2.0)
