"""Where a dashboard game survives a reload: saves kept by the kernel's side, never the browser.

A save is the game's own ``Game.to_json()`` (the seed and the action list) plus the widget's
seat settings (which seats are bots). The browser keeps only an unguessable token
(``secrets.token_urlsafe``); the file is named after the token's SHA-256, so a directory
listing reveals no token. Saves expire (a day by default) and are bounded in size and number:
the oldest go first.

The directory: ``directory=`` or the environment variable ``PERIODIC_EDU_SAVE_DIR``, else
``$XDG_DATA_HOME/periodic_edu/saves`` (``~/.local/share/periodic_edu/saves``).

In the static site the kernel is Pyodide in the visitor's own browser tab, whose files vanish
on reload: :func:`keep_saves_in_browser` mounts the browser's IndexedDB at that directory, so
the same store (same files, same code) survives a reload there. The browser still keeps only
the token in ``localStorage``; the saves sit in the same browser's IndexedDB.

>>> import tempfile
>>> store = SaveStore(tempfile.mkdtemp())
>>> token = store.new_token()
>>> store.put(token, {"game": "{}", "bots": [None, "greedy"]})
>>> store.get(token)["bots"]
[None, 'greedy']
>>> store.get("not-a-token") is None
True
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["SaveStore", "default_save_dir", "keep_saves_in_browser", "TOKEN_PATTERN"]

#: What a browser may send as a token (token_urlsafe(24) gives 32 of these characters).
TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
DAY = 24 * 3600


def default_save_dir() -> Path:
    env = os.environ.get("PERIODIC_EDU_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(data) / "periodic_edu" / "saves"


class SaveStore:
    """Saves by token in one directory: ``put``, ``get``, ``delete``, with expiry and bounds."""

    def __init__(self, directory: str | os.PathLike | None = None, max_age: float = DAY,
                 max_bytes: int = 512_000, max_saves: int = 2_000) -> None:
        self.directory = Path(directory) if directory is not None else default_save_dir()
        self.max_age = float(max_age)
        self.max_bytes = int(max_bytes)
        self.max_saves = int(max_saves)

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(24)

    @staticmethod
    def valid_token(token: Any) -> bool:
        return isinstance(token, str) and bool(TOKEN_PATTERN.match(token))

    def _path(self, token: str) -> Path:
        return self.directory / f"{hashlib.sha256(token.encode()).hexdigest()}.json"

    def put(self, token: str, record: dict[str, Any]) -> None:
        """Write (replace) the save of ``token``; refuses a save larger than ``max_bytes``."""
        if not self.valid_token(token):
            raise ValueError("not a resume token")
        text = json.dumps({**record, "saved_at": time.time()}, ensure_ascii=False)
        if len(text.encode()) > self.max_bytes:
            raise ValueError(f"a save of {len(text.encode())} bytes is larger than the "
                             f"{self.max_bytes} allowed")
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self._path(token)
        partial = path.with_suffix(".tmp")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)  # a reader never sees half a save
        self.prune()

    def get(self, token: Any) -> dict[str, Any] | None:
        """The save of ``token``, or None (unknown, expired, unreadable)."""
        if not self.valid_token(token):
            return None
        path = self._path(token)
        try:
            if time.time() - path.stat().st_mtime > self.max_age:
                path.unlink(missing_ok=True)
                return None
            if path.stat().st_size > self.max_bytes:
                return None
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) else None

    def delete(self, token: Any) -> None:
        if self.valid_token(token):
            self._path(token).unlink(missing_ok=True)

    def prune(self) -> int:
        """Remove expired saves and the oldest beyond ``max_saves``; returns how many went."""
        try:
            files = [(p.stat().st_mtime, p) for p in self.directory.glob("*.json")]
        except OSError:
            return 0
        now = time.time()
        files.sort()
        gone = 0
        keep = []
        for mtime, path in files:
            if now - mtime > self.max_age:
                path.unlink(missing_ok=True)
                gone += 1
            else:
                keep.append(path)
        for path in keep[:max(0, len(keep) - self.max_saves)]:
            path.unlink(missing_ok=True)
            gone += 1
        return gone


    # ---- one owner per save (a table in one browser tab at a time) --------------------------
    # Kept apart from put/get so the two concerns merge and read separately. A save's
    # "generation" counts how often it was taken up: claim() adds one, and put_owned() writes
    # only while the save still has the writer's generation. Both run under one lock on the
    # directory (fcntl.flock), so two tabs that claim or write at the same instant are ordered:
    # exactly one generation is current and the other tab's write is refused.

    def claim(self, token: Any) -> tuple[dict[str, Any], int] | None:
        """Take the save of ``token`` over: ``(record, new generation)``, or None when there
        is no such save. Every earlier holder's next :meth:`put_owned` then fails."""
        with self._owner_lock():
            record = self.get(token)
            if record is None:
                return None
            generation = _generation(record) + 1
            self.put(token, {**record, "generation": generation})
            return record, generation

    def put_owned(self, token: str, record: dict[str, Any], generation: int) -> bool:
        """Write ``record`` as the save of ``token`` if the store still holds ``generation``
        (a new save starts at generation 1); False (nothing written) when another holder
        claimed it since. A save that is gone (expired) is written afresh only by
        generation 1, its first holder."""
        with self._owner_lock():
            current = self.get(token)
            held = _generation(current) if current is not None else 1
            if held != generation:
                return False
            self.put(token, {**record, "generation": generation})
            return True

    def _owner_lock(self) -> Any:
        self.directory.mkdir(parents=True, exist_ok=True)
        return _FileLock(self.directory / ".owners.lock")


def _generation(record: dict[str, Any]) -> int:
    value = record.get("generation", 1)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else 1


class _FileLock:
    """An exclusive ``flock`` on one file for a ``with`` block (threads and processes alike:
    each entry opens its own file description). Where ``fcntl`` or ``flock`` is missing
    (Pyodide: one tab is one kernel, with its own copy of the files) the block runs
    unlocked."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: Any = None

    def __enter__(self) -> "_FileLock":
        self._file = open(self.path, "a+b")
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Pyodide
            return self
        try:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX)
        except OSError:  # pragma: no cover - a file system without locks (Emscripten's)
            pass  # one kernel per tab there: nothing else writes these files meanwhile
        return self

    def __exit__(self, *exc: Any) -> None:
        self._file.close()  # closing releases the lock


async def keep_saves_in_browser(directory: str | os.PathLike | None = None) -> Path | None:
    """Pyodide (the static site) only: keep the save directory in the browser's IndexedDB.

    Mounts Emscripten's IDBFS at ``directory`` (default :func:`default_save_dir`) with
    ``autoPersist`` (every write, rename and unlink is copied to IndexedDB right after it
    happens) and waits until the saves already kept there are loaded, so a :class:`SaveStore`
    on that directory finds the game of the page before the reload. Returns the directory;
    None outside Pyodide (a real file system needs nothing) and where the browser refuses
    storage (then a reload starts afresh). Calling it twice is harmless.

    The kernel's own ``/drive`` (JupyterLite's contents, shown in the file browser) is not
    used: it reaches the page through a service worker or cross-origin isolation headers,
    neither of which a plain file server or a first visit guarantees."""
    if sys.platform != "emscripten":
        return None
    import asyncio

    import pyodide_js  # the Pyodide API of this page's worker
    from pyodide.ffi import create_once_callable, to_js
    from js import Object

    fs = pyodide_js.FS
    path = Path(directory) if directory is not None else default_save_dir()
    path.mkdir(parents=True, exist_ok=True)
    if fs.lookupPath(str(path)).node.mount.mountpoint == str(path):
        return path  # mounted already (the dashboard built twice in one kernel)
    fs.mount(fs.filesystems.IDBFS, to_js({"autoPersist": True}, dict_converter=Object.fromEntries),
             str(path))
    loaded = asyncio.get_running_loop().create_future()

    def done(error=None) -> None:
        if not loaded.done():
            loaded.set_result(error)

    fs.syncfs(True, create_once_callable(done))  # True: IndexedDB -> the directory
    error = await loaded
    if error:  # storage refused (private mode, quota): the game plays on, unsaved across reloads
        from js import console

        console.warn(f"periodic_edu: saves cannot be kept in this browser ({error})")
        return None
    return path
