"""`ludemic serve` under load, on loopback: 1,000 short games played at
once (one client thread each), every move checked. Nothing may be lost or
mixed between sessions: each game's history, read back at its end, is the
moves that client chose, in its order. Prints games/s, the move latency
(median, p99) and the server's peak memory, the figures of docs/serve.md."""

import json
import random
import statistics
import threading
import time
import urllib.error
import urllib.request

import pytest

from conftest import serve

GAMES = 1000


@pytest.fixture(scope="module")
def server():
    yield from serve("--max-sessions", str(2 * GAMES))


def call(url, method="GET", body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    for attempt in range(5):
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")
        except (ConnectionResetError, urllib.error.URLError):
            # The listen queue overflowed under a thousand connects: retry.
            time.sleep(0.05 * (attempt + 1))
    raise RuntimeError(f"{url}: no answer")


def play_one(base, seed, latencies, failures, start):
    """A game of Tic-Tac-Toe with moves drawn by this client."""
    rng = random.Random(seed)
    start.wait()
    status, answer = call(base + "api/games/tic-tac-toe/sessions", "POST", {})
    if status != 201:
        failures.append(f"game {seed}: open {status} {answer}")
        return
    session, state = answer["session"], answer["state"]
    chosen = []
    while not state["over"]:
        move = rng.choice(state["legal"])
        chosen.append(move["text"])
        begun = time.perf_counter()
        status, state = call(f"{base}api/sessions/{session}/apply", "POST", {"move": move["index"]})
        latencies.append(time.perf_counter() - begun)
        if status != 200:
            failures.append(f"game {seed}: move {len(chosen)}: {status} {state}")
            return
        if state["moves_played"] != len(chosen):
            failures.append(f"game {seed}: {state['moves_played']} moves played, {len(chosen)} sent")
            return
    status, final = call(f"{base}api/sessions/{session}/state")
    played = [entry.split(" ", 1)[1] for entry in final["history"]]
    if status != 200 or played != chosen:
        failures.append(f"game {seed}: history {played} but the client played {chosen}")


def peak_memory_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def test_a_thousand_concurrent_games_are_neither_lost_nor_mixed(server):
    base, pid = server
    latencies, failures = [], []
    start = threading.Barrier(GAMES + 1)
    threads = [
        threading.Thread(target=play_one, args=(base, seed, latencies, failures, start), daemon=True)
        for seed in range(GAMES)
    ]
    for t in threads:
        t.start()
    start.wait()
    begun = time.perf_counter()
    for t in threads:
        t.join(timeout=600)
    elapsed = time.perf_counter() - begun
    assert not failures, failures[:5]
    assert not any(t.is_alive() for t in threads), "some games never ended"
    latencies.sort()
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    memory = peak_memory_kib(pid) if pid else 0
    print(
        f"\nload: {GAMES} concurrent Tic-Tac-Toe games, {len(latencies)} moves in {elapsed:.2f} s: "
        f"{GAMES / elapsed:.0f} games/s, move latency median {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms; server peak memory {memory / 1024:.0f} MiB"
    )
