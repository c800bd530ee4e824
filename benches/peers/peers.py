"""Ludax and Pgx against ludemic, on the games the three share, in one run.

Each JAX engine plays batched uniform random games: `env.init` vmapped over
a batch, then one jitted `jax.lax.while_loop` of `env.step` with actions
drawn by `jax.random.categorical` over the legal-action mask, until every
game of the batch has ended (a batch counts when all its games have ended,
as Ludax's own benchmark counts). The first call compiles and is not timed.
ludemic plays the same games with `ludemic bench --json` (compiled engine,
xoshiro256++, one thread per `--threads` entry). One markdown table comes
out: games/s, moves/s, mean length and first/second/draw frequencies.
"""

import argparse
import json
import os
import subprocess
import sys
import time

# ludemic stem -> (Ludax game, Pgx env id); None where that engine lacks it.
GAMES = {
    "tic-tac-toe": ("tic_tac_toe", "tic_tac_toe"),
    "connect-four": ("connect_four", "connect_four"),
    "hex": ("hex", "hex"),
    "reversi": ("reversi", "othello"),
    "english-draughts": ("english_draughts", None),
    "gomoku": ("gomoku", None),
    "yavalath": ("yavalath", None),
    "wolf-and-sheep": ("wolf_and_sheep", None),
    "connect6": ("connect_six", None),
    "dai-hasami-shogi": ("dai_hasami_shogi", None),
    "chess": (None, "chess"),
    "go": (None, "go_19x19"),
    "shogi": (None, "shogi"),
}


def jax_runner(env, batch):
    """A jitted function playing one batch of games to their ends.

    Returns (summed lengths, first-mover wins, second-mover wins, draws,
    truncated games). Rewards are summed over the steps because both
    engines zero them after the terminal step; the first mover's seat is
    read at `init` because Pgx draws which player id moves first.
    """
    import jax
    import jax.numpy as jnp

    init = jax.vmap(env.init)
    # Every shared game is deterministic: no key for step, as neither
    # engine's own benchmark passes one (splitting a key per game and step
    # would cost the small games a third of their speed).
    step = jax.vmap(lambda state, action: env.step(state, action))

    def ended(state):
        return state.terminated | state.truncated

    def play(key):
        key, init_key = jax.random.split(key)
        state = init(jax.random.split(init_key, batch))
        first = state.current_player.astype(jnp.int32)
        rewards = jnp.zeros(state.rewards.shape, jnp.float32)
        lengths = jnp.zeros((batch,), jnp.int32)

        def cond(carry):
            return ~ended(carry[1]).all()

        def body(carry):
            key, state, rewards, lengths = carry
            key, pick = jax.random.split(key)
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            action = jax.random.categorical(pick, logits, axis=-1)
            lengths = lengths + (~ended(state)).astype(jnp.int32)
            state = step(state, action)
            rewards = rewards + state.rewards.astype(jnp.float32)
            return key, state, rewards, lengths

        _, state, rewards, lengths = jax.lax.while_loop(
            cond, body, (key, state, rewards, lengths)
        )
        seats = jnp.arange(batch)
        first_reward = rewards[seats, first]
        second_reward = rewards[seats, 1 - first]
        first_wins = (first_reward > second_reward).sum()
        second_wins = (second_reward > first_reward).sum()
        draws = batch - first_wins - second_wins
        return (
            lengths.sum(),
            first_wins,
            second_wins,
            draws,
            state.truncated.sum(),
        )

    return jax.jit(play)


def time_jax(env, batch, seconds, seed):
    import jax

    play = jax_runner(env, batch)
    key = jax.random.PRNGKey(seed)
    start = time.perf_counter()
    jax.block_until_ready(play(key))
    compile_s = time.perf_counter() - start
    totals = [0, 0, 0, 0, 0]
    batches = 0
    start = time.perf_counter()
    while True:
        key, sub = jax.random.split(key)
        out = jax.block_until_ready(play(sub))
        totals = [t + int(o) for t, o in zip(totals, out)]
        batches += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    games = batches * batch
    moves, first, second, draws, truncated = totals
    return {
        "games_per_s": games / elapsed,
        "moves_per_s": moves / elapsed,
        "mean_length": moves / games,
        "first": first / games,
        "second": second / games,
        "draw": draws / games,
        "truncated": truncated / games,
        "games": games,
        "compile_s": compile_s,
    }


def make_ludax(name):
    import ludax.games
    from ludax import LudaxEnvironment

    return LudaxEnvironment(game_str=getattr(ludax.games, name))


def make_pgx(name):
    import pgx

    return pgx.make(name)


def ludemic_bench(binary, games, seconds, seed, threads):
    """`ludemic bench --engine compiled` on `games`, in this module's fields."""
    out = subprocess.run(
        [binary, "bench", *games, "--engine", "compiled", "--seconds", str(seconds),
         "--seed", str(seed), "--threads", str(threads), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    rows = {}
    for row in json.loads(out):
        rate = row["compiled_playouts_per_sec"]
        length = row["mean_moves"]["compiled"]
        outcomes = row["outcomes"]
        rows[row["stem"]] = {
            "games_per_s": rate,
            "moves_per_s": rate * length,
            "mean_length": length,
            "first": outcomes.get("P1", 0.0),
            "second": outcomes.get("P2", 0.0),
            "draw": outcomes.get("draw", 0.0),
            "truncated": None,
            "games": row["playouts"]["compiled"],
        }
    return rows


def fmt_rate(x):
    if x is None:
        return "–"
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.2f} {unit}"
    return f"{x:.1f}"


def measure(args):
    """Every game with every engine, game by game; the figures so far are
    written to --json after each game, so a run cut short keeps them."""
    import jax

    device = jax.devices()[0]
    if args.batch is None:
        args.batch = 1024 if device.platform == "cpu" else 32768
    results = {
        "setup": {
            "jax": jax.__version__,
            "device": f"{device.platform} ({device.device_kind})",
            "batch": args.batch,
            "seconds": args.seconds,
            "seed": args.seed,
            "cores": os.cpu_count(),
            "threads": args.threads if args.ludemic else [],
        },
        "games": {},
    }
    for game in args.games:
        ludax_name, pgx_name = GAMES[game]
        row = results["games"].setdefault(game, {})
        for engine, name, make in (("ludax", ludax_name, make_ludax),
                                   ("pgx", pgx_name, make_pgx)):
            if name is None or engine not in args.engines:
                continue
            row[engine] = time_jax(make(name), args.batch, args.seconds, args.seed)
            report(game, engine, row[engine])
        for threads in args.threads if args.ludemic else []:
            engine = f"ludemic-{threads}"
            bench = ludemic_bench(args.ludemic, [game], args.seconds, args.seed, threads)
            row[engine] = bench[game]
            report(game, engine, row[engine])
        if args.json:
            with open(args.json, "w") as f:
                json.dump(results, f, indent=1)
    return results


def report(game, engine, r):
    print(f"{game} {engine}: {fmt_rate(r['games_per_s'])} games/s, "
          f"{r['mean_length']:.1f} moves", file=sys.stderr, flush=True)


def print_table(results):
    setup = results["setup"]
    print(f"JAX {setup['jax']} on {setup['device']}, batch {setup['batch']}, "
          f"{setup['seconds']} s per engine after compilation; ludemic "
          f"`bench --engine compiled --seconds {setup['seconds']} --seed {setup['seed']}` "
          f"on {setup['cores']} cores.")
    print()
    threads = [f"ludemic-{t}" for t in setup["threads"]]
    head = ["game", "Ludax", "Pgx", *[f"ludemic {t.split('-')[1]} thr" for t in threads],
            "mean moves Ludax / Pgx / ludemic",
            "first / second / draw: Ludax · Pgx · ludemic"]
    print("| " + " | ".join(head) + " |")
    print("|---|" + "---:|" * (2 + len(threads)) + "---|---|")
    for game, row in results["games"].items():
        rates = [fmt_rate(row[e]["games_per_s"]) if e in row else "–"
                 for e in ("ludax", "pgx", *threads)]
        lengths = []
        outcomes = []
        for e in ("ludax", "pgx", threads[0] if threads else None):
            if e in row:
                r = row[e]
                lengths.append(f"{r['mean_length']:.1f}")
                outcomes.append(f"{r['first']:.2f}/{r['second']:.2f}/{r['draw']:.2f}")
            else:
                lengths.append("–")
                outcomes.append("–")
        print(f"| {game} | " + " | ".join(rates)
              + f" | {' / '.join(lengths)} | {' · '.join(outcomes)} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES),
                        help="ludemic stems (default: every shared game)")
    parser.add_argument("--batch", type=int,
                        help="games per batch [default: 32768 on a GPU, 1024 on a CPU, "
                             "where a larger batch gains nothing and a chess batch takes minutes]")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--ludemic", default="target/release/ludemic",
                        help="the ludemic binary (skip ludemic when empty)")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2],
                        help="ludemic thread counts, one column each")
    parser.add_argument("--engines", nargs="+", default=["ludax", "pgx"],
                        help="the JAX engines to run")
    parser.add_argument("--json", help="write the raw figures here, game by game")
    parser.add_argument("--table", metavar="JSON",
                        help="print the table of an earlier run's --json and stop")
    args = parser.parse_args()
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"not a shared game: {', '.join(unknown)} (shared: {', '.join(GAMES)})")

    if args.table:
        with open(args.table) as f:
            print_table(json.load(f))
        return
    print_table(measure(args))


if __name__ == "__main__":
    main()
