"""Expensive things built ONCE per test run, however many pytest-xdist workers ask for them
(the static site, the wheel), and locks for files several workers write (see the note at the
top of tests/conftest.py).

pytest-xdist runs each worker as its own process with its own session fixtures, so a
session-scoped fixture alone would build the site once per worker. ``once_per_run`` keeps the
result in the folder every worker of this run shares (the parent of the workers' own temporary
folders; without xdist, the session's own) behind a file lock: the first worker to ask builds,
the others wait on the lock and read its result. This is the recipe of pytest-xdist's docs,
"Making session-scoped fixtures execute only once".
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

__all__ = ["run_dir", "file_lock", "once_per_run"]


def run_dir(tmp_path_factory) -> Path:
    """The temporary folder shared by every worker of this run (unique to the run)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing) until the block ends; the
    kernel drops it if the holder dies, so a crashed worker never blocks the others."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def once_per_run(tmp_path_factory, name: str, build: Callable[[Path], dict[str, Any]]
                 ) -> dict[str, Any]:
    """``build(folder)`` run once per test run into a fresh ``folder``; its result (a dict that
    JSON can hold) is returned to every worker. A build that raised leaves no result: the next
    worker to ask starts again from an empty folder (and fails the same way, in its own test)."""
    shared = run_dir(tmp_path_factory) / f"once-{name}"
    result = shared / "result.json"
    with file_lock(shared.with_name(f"once-{name}.lock")):
        if result.is_file():
            return json.loads(result.read_text(encoding="utf-8"))
        if shared.exists():
            shutil.rmtree(shared)  # what a failed build left
        shared.mkdir(parents=True)
        made = build(shared)
        result.write_text(json.dumps(made, default=str), encoding="utf-8")
        return json.loads(result.read_text(encoding="utf-8"))
