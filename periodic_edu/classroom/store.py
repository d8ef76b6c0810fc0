"""The store interface: transactions over the room's tables, and change notification.

The room's logic (:mod:`.room`) is written once against :class:`Store`; the two back ends differ
only in how they open connections, serialize writers, map their errors and signal changes:

* :mod:`.sqlite_store` - one file, WAL; a write transaction is ``BEGIN IMMEDIATE`` (one writer
  at a time for the whole file, others wait up to ``busy_timeout``); a waiter polls
  ``PRAGMA data_version``, which changes when another connection commits;
* :mod:`.postgres_store` - psycopg 3; a write transaction locks the rows it changes
  (``SELECT ... FOR UPDATE`` through :meth:`Tx.lock`), and a commit that changed a table sends
  ``NOTIFY`` with that table's id only (the data stays in the tables).

SQL is written once with ``?`` placeholders; the PostgreSQL back end turns them into ``%s``.
Rows come back as dicts. Connections are per thread and per process (a forked child opens its
own), so one :class:`Store` may be shared by a kernel's threads.
"""
from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import Any, Iterator

from .schema import TABLES

__all__ = ["Store", "Tx", "inherited"]

#: connections a forked child inherited from its parent: never used and never closed here (a
#: close would end the parent's session on the shared socket), only kept from the collector
_INHERITED: list[Any] = []


def inherited(conn: Any) -> None:
    _INHERITED.append(conn)


class Tx:
    """One transaction: ``one``/``all`` read rows as dicts, ``run`` writes and returns the
    number of rows changed, ``lock`` takes a row lock (PostgreSQL) or nothing (SQLite, whose
    write transaction already holds the file's write lock), ``notify`` signals a table's
    change at commit."""

    def __init__(self, store: "Store", cursor: Any) -> None:
        self._store = store
        self._cur = cursor
        self.notified: set[str] = set()

    def _sql(self, sql: str) -> str:
        return self._store.placeholders(sql)

    def one(self, sql: str, params: tuple = ()) -> dict | None:
        self._cur.execute(self._sql(sql), params)
        row = self._cur.fetchone()
        return None if row is None else self._store.as_dict(self._cur, row)

    def all(self, sql: str, params: tuple = ()) -> list[dict]:
        self._cur.execute(self._sql(sql), params)
        return [self._store.as_dict(self._cur, row) for row in self._cur.fetchall()]

    def run(self, sql: str, params: tuple = ()) -> int:
        self._cur.execute(self._sql(sql), params)
        return self._cur.rowcount

    def lock(self, table: str, row_id: str, shared: bool = False) -> dict | None:
        """The row ``row_id`` of ``table``, locked for this transaction where the back end
        locks rows (two writers of the same row then queue here instead of both reading the
        old revision). ``shared``: a lock that only excludes an exclusive one (moves at
        several tables share their class's row; a pause or a purge waits for them)."""
        assert table in TABLES
        suffix = self._store.for_share if shared else self._store.for_update
        return self.one(f"SELECT * FROM {table} WHERE id = ?{suffix}", (row_id,))

    def notify(self, table_id: str) -> None:
        self.notified.add(table_id)


class Store:
    """Base class of the back ends (see the module docstring)."""

    kind = ""
    for_update = ""
    for_share = ""

    def __init__(self) -> None:
        self._local = threading.local()
        self._lock = threading.Lock()
        self._opened: list[tuple[int, Any]] = []  # (pid, connection) of every thread

    # ---- per back end -------------------------------------------------------------------------
    def _connect(self) -> Any:
        raise NotImplementedError

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Tx]:
        raise NotImplementedError
        yield  # pragma: no cover

    def wait_change(self, table_id: str, current: "callable", since: int,
                    timeout: float) -> int | None:
        """Block until ``current()`` (the table's revision, read fresh) exceeds ``since`` or
        ``timeout`` seconds pass; returns that revision or None."""
        raise NotImplementedError

    def after_purge(self) -> None:
        """Make deleted rows unrecoverable from the store's files where the back end can."""

    def placeholders(self, sql: str) -> str:
        return sql

    @staticmethod
    def as_dict(cursor: Any, row: Any) -> dict:
        return dict(row)

    def close(self) -> None:
        """Close every connection this process opened (all threads': call it at the end).
        SQLite's of other threads stay open until their threads end (sqlite3 refuses to
        close another thread's connection)."""
        with self._lock:
            opened, self._opened = self._opened, []
        for pid, conn in opened:
            if pid != os.getpid():
                inherited(conn)
                continue
            try:
                self._close_connection(conn)
            except Exception:  # pragma: no cover - closing a broken connection
                pass
        self._local.conn = None

    def _close_connection(self, conn: Any) -> None:
        """Close one connection, which may be another thread's, in use at this moment."""
        conn.close()

    # ---- shared -------------------------------------------------------------------------------
    def conn(self) -> Any:
        """This thread's connection (a new one in a forked child or a new thread)."""
        local = self._local
        if getattr(local, "conn", None) is None or local.pid != os.getpid():
            if getattr(local, "conn", None) is not None:
                inherited(local.conn)
            local.conn = self._connect()
            local.pid = os.getpid()
            with self._lock:
                self._opened.append((local.pid, local.conn))
        return local.conn

    def drop_connection(self) -> None:
        """Forget this thread's connection after an error that may have broken it."""
        conn = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            with self._lock:
                self._opened = [(p, c) for p, c in self._opened if c is not conn]
            try:
                conn.close()
            except Exception:  # pragma: no cover
                pass

    def read_one(self, sql: str, params: tuple = ()) -> dict | None:
        """One row of one statement (a statement is its own snapshot): a waiter's cheap look at
        a revision. A back end may answer it without a transaction's round trips."""
        with self.read() as tx:
            return tx.one(sql, params)

    def read(self):
        """A read transaction (a consistent snapshot)."""
        return self._transaction(write=False)

    def write(self):
        """A write transaction: committed when the block ends, rolled back on any exception."""
        return self._transaction(write=True)
