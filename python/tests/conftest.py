"""Shared helpers: where the repository and ../shared are."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def shared(what: str) -> Path:
    """../shared/WHAT beside the repository, or skip (with the reason) when absent."""
    path = (REPO / ".." / "shared" / what).resolve()
    if not path.is_dir():
        pytest.skip(f"skipped: {path} is absent")
    return path


def ludemic_binary():
    """The `ludemic` CLI if one is built: $LUDEMIC_BIN, else the cargo target
    directories (CI's `cargo test --workspace` builds target/debug/ludemic)."""
    candidates = []
    if os.environ.get("LUDEMIC_BIN"):
        candidates.append(Path(os.environ["LUDEMIC_BIN"]))
    targets = [REPO / "target"]
    if os.environ.get("CARGO_TARGET_DIR"):
        targets.insert(0, Path(os.environ["CARGO_TARGET_DIR"]))
    for target in targets:
        for profile in ("release", "debug"):
            candidates.append(target / profile / "ludemic")
    on_path = shutil.which("ludemic")
    if on_path:
        candidates.append(Path(on_path))
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    return None


def serve(*args):
    """Runs `ludemic serve --port 0 ARGS...` for the tests that use it (a
    generator for a pytest fixture): yields its address and process id,
    stops it afterwards; skips, saying why, without a binary."""
    binary = ludemic_binary()
    if binary is None:
        pytest.skip("skipped: no ludemic binary (run `cargo test --workspace` or set LUDEMIC_BIN)")
    process = subprocess.Popen(
        [str(binary), "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    line = process.stdout.readline()
    match = re.search(r"http://[0-9.:]+/", line)
    if not match:
        process.kill()
        pytest.fail(f"the server did not say where it listens: {line!r}")
    yield match.group(0), process.pid
    process.terminate()
    process.wait(timeout=10)
