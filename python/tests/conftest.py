"""Shared helpers: where the repository and ../shared are."""

import os
import shutil
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
