"""Where a running workshop server says what its ready block said: its addresses and its class
code (never a key), so ``periodic-edu class show CODE`` can repeat them once the ready block has
scrolled away. One file per server (``periodic_edu_workshop-<port>.json``, 0600) in
``$JUPYTER_RUNTIME_DIR`` (else ``servers`` beside the room's default store); the server removes
it when it stops, and a file whose process has ended is skipped.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from .settings import default_path

__all__ = ["write_server_file", "running_servers", "SERVER_FILE_GLOB"]

SERVER_FILE_GLOB = "periodic_edu_workshop-*.json"


def _folder() -> Path:
    runtime = os.environ.get("JUPYTER_RUNTIME_DIR")
    return Path(runtime) if runtime else default_path().parent / "servers"


def write_server_file(port: int, facts: dict) -> Path | None:
    """Write one running server's facts; None when the folder cannot be written (the server
    runs on; only ``class show`` will not list it)."""
    try:
        folder = _folder()
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / SERVER_FILE_GLOB.replace("*", str(int(port)))
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump({**facts, "pid": os.getpid()}, handle)
        return path
    except OSError:
        return None


def running_servers() -> list[dict]:
    """The facts of every workshop server of this user still running on this computer."""
    found = []
    for path in sorted(_folder().glob(SERVER_FILE_GLOB)):
        try:
            facts = json.loads(path.read_text(encoding="utf-8"))
            os.kill(int(facts["pid"]), 0)  # still running?
        except (OSError, ValueError, KeyError, TypeError):
            continue
        found.append(facts)
    return found
