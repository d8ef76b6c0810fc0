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

**Limits per visitor** (a workshop server: many kernels, one directory). Each store object
lives in one kernel (one page; the dashboard's two games share it). It keeps at most
``max_per_store`` live saves of its own per game (the record's ``game_kind``; 4: a new save
replaces the page's least recently written one of the same game, so a page pressing New game
ten times a second holds four saves, not thousands, and never pushes out its other game's), and holds a shared ``flock`` on each: the global bound
(``max_saves``, oldest first) never evicts a save whose kernel is alive, so one visitor cannot
push a classmate's game out. A kernel that ends releases its locks; its save then waits for
the student's reload (a day at most). Two kernels evicting at once: each eviction first takes
the save's lock exclusively without waiting, so a save being held or written is skipped.

**Files.** The directory is made with mode 0700; a save is written to a fresh ``mkstemp``
file (mode 0600, never a planted name or symlink) in the same directory and renamed over the
save atomically, so a reader sees the old save or the new one, never half. Temporary files
older than a minute (a kernel killed mid-write) are pruned. :meth:`SaveStore.status` tells an
expired save from a damaged one; an error a page may see names no server path.

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

import errno
import hashlib
import json
import os
import re
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["SaveStore", "SaveStoreError", "default_save_dir", "keep_saves_in_browser",
           "TOKEN_PATTERN"]

#: What a browser may send as a token (token_urlsafe(24) gives 32 of these characters).
TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
DAY = 24 * 3600
#: A temporary file older than this (seconds) belongs to a write that never finished.
STALE_TMP_S = 60

try:  # POSIX; Pyodide (the static site: one kernel per browser tab) may lack it
    import fcntl as _fcntl
except ImportError:  # pragma: no cover - Pyodide
    _fcntl = None


def _flock(fd: int, operation: str) -> bool | None:
    """``flock(fd)``: "shared", "exclusive" (waits) or "try" (exclusive, no wait). True when
    taken, False when another holder has it ("try"), None where the file system has no locks
    (Emscripten's): one kernel writes there, so nothing needs one."""
    if _fcntl is None:
        return None
    flag = {"shared": _fcntl.LOCK_SH, "exclusive": _fcntl.LOCK_EX,
            "try": _fcntl.LOCK_EX | _fcntl.LOCK_NB}[operation]
    try:
        _fcntl.flock(fd, flag)
    except BlockingIOError:
        return False
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        return None  # no locking here (ENOSYS, EINVAL)
    return True


class SaveStoreError(OSError):
    """The store could not write (disk full, permissions): said without the server's path,
    since the game widget shows the message on the page."""


def default_save_dir() -> Path:
    env = os.environ.get("PERIODIC_EDU_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(data) / "periodic_edu" / "saves"


class SaveStore:
    """Saves by token in one directory: ``put``, ``get``, ``delete``, with expiry and bounds."""

    def __init__(self, directory: str | os.PathLike | None = None, max_age: float = DAY,
                 max_bytes: int = 512_000, max_saves: int = 2_000,
                 max_per_store: int = 4) -> None:
        self.directory = Path(directory) if directory is not None else default_save_dir()
        self.max_age = float(max_age)
        self.max_bytes = int(max_bytes)
        self.max_saves = int(max_saves)
        self.max_per_store = max(1, int(max_per_store))
        self._held: dict[str, int] = {}  # this store's live saves: file name -> locked fd
        self._kinds: dict[str, str] = {}  # file name -> the save's game_kind

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(24)

    @staticmethod
    def valid_token(token: Any) -> bool:
        return isinstance(token, str) and bool(TOKEN_PATTERN.match(token))

    def _path(self, token: str) -> Path:
        return self.directory / f"{hashlib.sha256(token.encode()).hexdigest()}.json"

    def put(self, token: str, record: dict[str, Any]) -> None:
        """Write (replace) the save of ``token``; refuses a save larger than ``max_bytes``.
        Raises :class:`SaveStoreError` (no path in its message) when the disk refuses."""
        if not self.valid_token(token):
            raise ValueError("not a resume token")
        text = json.dumps({**record, "saved_at": time.time()}, ensure_ascii=False)
        if len(text.encode()) > self.max_bytes:
            raise ValueError(f"a save of {len(text.encode())} bytes is larger than the "
                             f"{self.max_bytes} allowed")
        path = self._path(token)
        try:
            self._write(path, text)
        except OSError as exc:
            full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
            raise SaveStoreError("the server's disk is full" if full else
                                 "the server could not store the save") from None
        self._hold(path)
        self._kinds[path.name] = str(record.get("game_kind", ""))
        self._keep_own_bounded(path.name)
        self.prune()

    def _write(self, path: Path, text: str) -> None:
        """mkstemp in the save directory (O_EXCL, mode 0600: a planted file or symlink is
        never followed), then an atomic rename over the save."""
        self._make_directory()
        fd, partial = tempfile.mkstemp(dir=self.directory, prefix=".save-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(partial, path)  # a reader never sees half a save
        except BaseException:
            try:
                os.unlink(partial)
            except OSError:
                pass
            raise

    def _make_directory(self) -> None:
        if not self.directory.is_dir():
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.chmod(self.directory, 0o700)  # mkdir's mode is masked by the umask

    def _hold(self, path: Path) -> None:
        """A shared lock on the save just written (its new inode), released on the old one:
        while this kernel lives, no store evicts it."""
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            return
        _flock(fd, "shared")
        old = self._held.pop(path.name, None)
        self._held[path.name] = fd
        if old is not None:
            os.close(old)

    def _release(self, name: str) -> None:
        self._kinds.pop(name, None)
        fd = self._held.pop(name, None)
        if fd is not None:
            os.close(fd)

    def _keep_own_bounded(self, newest: str) -> None:
        """At most ``max_per_store`` live saves per store (per page) of each game: the oldest
        others of the newest save's game go."""
        kind = self._kinds.get(newest, "")
        while True:
            same = [name for name in self._held if self._kinds.get(name, "") == kind]
            if len(same) <= self.max_per_store:
                return
            oldest = next(name for name in same if name != newest)
            self._release(oldest)
            (self.directory / oldest).unlink(missing_ok=True)

    def status(self, token: Any) -> str:
        """``"ok"``, ``"missing"`` (never saved, deleted, not a token), ``"expired"`` or
        ``"damaged"`` (unreadable, too large, not a save): what a page may be told."""
        if not self.valid_token(token):
            return "missing"
        path = self._path(token)
        try:
            stat = path.stat()
        except OSError:
            return "missing"
        if time.time() - stat.st_mtime > self.max_age:
            return "expired"
        if stat.st_size > self.max_bytes:
            return "damaged"
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return "damaged"
        return "ok" if isinstance(record, dict) else "damaged"

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
            path = self._path(token)
            self._release(path.name)
            path.unlink(missing_ok=True)

    def prune(self) -> int:
        """Remove expired saves, stale temporary files, and the oldest saves beyond
        ``max_saves`` that no live kernel holds; returns how many went. Two kernels pruning at
        once take turns (an exclusive lock on the directory's ``.prune-lock``), so they never
        both count the same excess and evict twice as many."""
        try:
            lock = os.open(self.directory / ".prune-lock",
                           os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError:
            return 0
        try:
            _flock(lock, "exclusive")
            return self._prune_locked()
        finally:
            os.close(lock)

    def _prune_locked(self) -> int:
        try:
            files = [(p.stat().st_mtime, p) for p in self.directory.glob("*.json")]
            partials = [(p.stat().st_mtime, p) for p in self.directory.glob(".save-*.tmp")]
        except OSError:
            return 0
        now = time.time()
        gone = 0
        for mtime, path in partials:
            if now - mtime > STALE_TMP_S:
                path.unlink(missing_ok=True)
                gone += 1
        files.sort()
        keep = []
        for mtime, path in files:
            if now - mtime > self.max_age:
                self._release(path.name)
                path.unlink(missing_ok=True)
                gone += 1
            else:
                keep.append(path)
        excess = len(keep) - self.max_saves
        for path in keep:
            if excess <= 0:
                break
            if path.name in self._held:
                continue  # this store's own live save
            if self._evict_if_unheld(path):
                excess -= 1
                gone += 1
        return gone

    @staticmethod
    def _evict_if_unheld(path: Path) -> bool:
        """Delete ``path`` unless a live kernel holds it (its shared lock): taking the lock
        exclusively without waiting is the test, so two evictions at once cannot both act
        on a held save."""
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            return False
        try:
            if _flock(fd, "try") is False:
                return False  # held by a live kernel
            path.unlink(missing_ok=True)
            return True
        finally:
            os.close(fd)

    def close(self) -> None:
        """Let go of this store's saves (as a kernel that ends does): they stay on disk for
        a reload, and become evictable."""
        for name in list(self._held):
            self._release(name)

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


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
        # the same 0700 folder put() makes: the one-owner path (put_owned, claim) is the one
        # every game widget's save takes, so it must not make the folder first with the umask
        self._make_directory()
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
        # 0600 like the saves: O_NOFOLLOW, so a link planted at the lock's path is refused
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        self._file = os.fdopen(fd, "r+b")
        os.fchmod(fd, 0o600)  # a lock file an older version made 0644
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
