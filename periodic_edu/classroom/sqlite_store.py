"""The room store in one SQLite file (standard library): the embedded default for one machine.

* ``journal_mode=WAL``: readers never block the writer nor the writer the readers;
* every write transaction is ``BEGIN IMMEDIATE``: it takes the file's write lock before it
  reads, so two moves on the same table are serialized and the second sees the first's
  revision (it is then refused as stale, never lost or doubled);
* ``busy_timeout``: a writer waits up to that long for the lock, then :class:`StoreBusy`;
* ``secure_delete=ON``: deleted rows are overwritten with zeros, and a purge ends with a
  ``wal_checkpoint(TRUNCATE)`` so the log keeps no copy of them either;
* a size bound: at most :data:`DEFAULT_MAX_PAGE_COUNT` pages of 4 KiB (1 GiB, about ten
  thousand classes of 60 tables) unless the URL says ``?max_page_count=N`` (0: no bound), so a
  room can never fill the disk it shares with everything else; a full store refuses a write
  with "the room's store is full; nothing was changed";
* change notification is polling ``PRAGMA data_version`` (it changes when another connection
  commits; reading it touches no table), then reading the one revision that matters;
* the store never forgets silently: only the server's start (or the command line) may create
  the file (``create=True``); a kernel opens an existing file only (``mode=rw``), so a missing
  file is :class:`StoreUnavailable`, never a new empty room. And every transaction first checks
  that the file at the path is still the one this store opened (device and inode): a file
  removed or replaced under a running server refuses the write ("cannot be reached; nothing
  was changed") instead of acknowledging a move into an unlinked file.

The file must be on a local disk: SQLite's locking is not reliable on network file systems,
which is why a room served by several machines uses PostgreSQL.
"""
from __future__ import annotations

import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import quote

from .errors import StoreBusy, StoreFull, StoreUnavailable
from .schema import ddl
from .store import Store, Tx

__all__ = ["SqliteStore", "DEFAULT_MAX_PAGE_COUNT"]

#: The file's default size bound in pages (SQLite's default page of 4 KiB: 1 GiB).
DEFAULT_MAX_PAGE_COUNT = 262_144

#: how often a waiter looks at data_version (seconds): the bound on the extra latency it adds
POLL = 0.02


def _mapped(error: sqlite3.Error) -> Exception:
    name = getattr(error, "sqlite_errorname", "") or ""
    text = str(error)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return StoreBusy("busy")
    if name == "SQLITE_FULL" or "full" in text:
        return StoreFull("full", detail=text)
    return StoreUnavailable("unavailable", detail=text)


class SqliteStore(Store):
    kind = "sqlite"

    def __init__(self, path: str, busy_timeout_ms: int = 10_000,
                 max_page_count: int | None = DEFAULT_MAX_PAGE_COUNT, create: bool = True) -> None:
        """``create``: make the file (and its folder) if missing - the server's start and the
        command line only; a kernel passes False and a missing file is StoreUnavailable."""
        super().__init__()
        self.path = str(path)
        self.busy_timeout_ms = int(busy_timeout_ms)
        self.max_page_count = max_page_count
        self._create = bool(create)
        self._file_id: tuple[int, int] | None = None  # (device, inode) of the file opened first
        if self._create:
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreUnavailable("unavailable",
                                       detail=f"{self.path}: {error.strerror}") from None
        with self.write() as tx:
            for statement in ddl("INTEGER PRIMARY KEY AUTOINCREMENT", "REAL", "INTEGER"):
                tx.run(statement)

    def _connect(self) -> sqlite3.Connection:
        try:
            # isolation_level=None: no implicit transactions; this module says BEGIN itself.
            # Only the first connection of a store made with create=True may make the file
            # (rwc); every later one, in any thread, opens the file that exists (rw)
            mode = "rwc" if self._create and self._file_id is None else "rw"
            conn = sqlite3.connect(f"file:{quote(self.path)}?mode={mode}", uri=True,
                                   timeout=self.busy_timeout_ms / 1000, isolation_level=None)
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
            if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")  # WAL: durable against a process crash
            conn.execute("PRAGMA secure_delete = ON")
            conn.execute("PRAGMA foreign_keys = ON")
            if self.max_page_count:
                conn.execute(f"PRAGMA max_page_count = {int(self.max_page_count)}")
        except sqlite3.Error as error:
            raise _mapped(error) from None
        if self._file_id is None:
            self._file_id = self._current_file()
        return conn

    def _current_file(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _check_file(self) -> None:
        """The file at the path is still the one this store opened; else (removed, replaced)
        the connection is dropped and the transaction refused: nothing is written into a file
        no one will read again."""
        if self._file_id is not None and self._current_file() != self._file_id:
            raise StoreUnavailable("unavailable", detail=f"{self.path}: the file was removed "
                                   "or replaced while the room was serving")

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Tx]:
        conn = self.conn()
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as error:
            raise _mapped(error) from None
        try:
            # after BEGIN: a write holds the file's write lock, so the file checked is the
            # one the commit goes to (a removal after the check and before the commit is the
            # same as one right after the commit: the move was stored, then the file lost)
            self._check_file()
        except StoreUnavailable:
            self._rollback(conn)
            self.drop_connection()
            raise
        tx = Tx(self, conn.cursor())
        try:
            yield tx
            conn.execute("COMMIT")
        except sqlite3.Error as error:
            self._rollback(conn)
            raise _mapped(error) from None
        except BaseException:
            self._rollback(conn)
            raise

    @staticmethod
    def _rollback(conn: sqlite3.Connection) -> None:
        try:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        except sqlite3.Error:  # pragma: no cover - the connection is gone; nothing was committed
            pass

    @staticmethod
    def as_dict(cursor: Any, row: sqlite3.Row) -> dict:
        return {k: row[k] for k in row.keys()}

    def wait_change(self, table_id: str, current: Callable[[], int], since: int,
                    timeout: float) -> int | None:
        deadline = time.monotonic() + max(0.0, timeout)
        conn = self.conn()
        try:
            seen = conn.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error as error:
            raise _mapped(error) from None
        revision = current()
        while revision <= since:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(POLL, left))
            try:
                version = conn.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.Error as error:
                raise _mapped(error) from None
            if version != seen:
                seen = version
                revision = current()
        return revision

    def after_purge(self) -> None:
        # secure_delete zeroed the rows in the pages the purge wrote; those pages sit in the
        # WAL until a checkpoint copies them back. TRUNCATE checkpoints and empties the WAL
        # file; a reader holding an old snapshot can block it, so try a few times.
        conn = self.conn()
        for _ in range(20):
            try:
                busy, _log, _done = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            except sqlite3.Error as error:
                raise _mapped(error) from None
            if not busy:
                return
            time.sleep(0.05)
