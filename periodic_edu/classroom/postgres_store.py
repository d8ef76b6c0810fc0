"""The room store on PostgreSQL (psycopg 3, the ``room-postgres`` extra): one room served by
several workshop servers or machines.

* a write transaction locks the rows it changes first (:meth:`Tx.lock`: ``SELECT ... FOR
  UPDATE``), so two moves on one table queue on that row: the second reads the first's revision
  and is refused as stale. The update itself is also conditional (``WHERE revision = ?``), and
  the room checks that exactly one row changed;
* ``lock_timeout`` bounds the wait for a row lock (then :class:`StoreBusy`), ``connect_timeout``
  the wait for the server (then :class:`StoreUnavailable`);
* a commit that changed a table sends ``NOTIFY periodic_edu_room, '<table id>'``: the id only,
  never data (a listener reads the revision from the table itself), delivered at commit;
* a waiter listens on its thread's own connection only while it waits (``LISTEN`` ...
  ``UNLISTEN``: a waiting thread holds one connection, not two, and no notification piles up
  on a connection that has stopped waiting) and re-reads the revision when its table's id
  arrives (and every second regardless, so a lost notification costs at most that);
* after a purge, ``VACUUM`` removes the deleted row versions from the tables' pages.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from .errors import StoreBusy, StoreFull, StoreUnavailable
from .schema import TABLES, ddl
from .store import Store, Tx

try:  # the optional extra
    import psycopg
    from psycopg import errors as pg_errors
    from psycopg.rows import dict_row
except ImportError:  # pragma: no cover - reported when a PostgreSQL room is opened
    psycopg = None

__all__ = ["PostgresStore", "CHANNEL"]

CHANNEL = "periodic_edu_room"
_SCHEMA_LOCK = 0x7065_6475  # an advisory lock id: creating the schema once, whoever is first
#: the longest a listener sleeps before reading the revision anyway (seconds)
SLICE = 1.0


def _mapped(error: Exception) -> Exception:
    if isinstance(error, pg_errors.DiskFull):
        return StoreFull("full", detail=_detail(error))
    if isinstance(error, (pg_errors.LockNotAvailable, pg_errors.QueryCanceled,
                          pg_errors.SerializationFailure, pg_errors.DeadlockDetected)):
        return StoreBusy("busy")
    return StoreUnavailable("unavailable", detail=_detail(error))


def _detail(error: Exception) -> str:
    # the first line only: libpq's messages carry a "connection to server at ..." preamble
    text = str(error).strip().splitlines()
    return text[-1].strip() if text else type(error).__name__


class PostgresStore(Store):
    kind = "postgresql"
    for_update = " FOR UPDATE"
    for_share = " FOR SHARE"

    def __init__(self, dsn: str, connect_timeout: int = 5, lock_timeout_ms: int = 10_000) -> None:
        if psycopg is None:
            raise StoreUnavailable("unavailable", detail="psycopg is not installed: pip install "
                                                         "'periodic-edu[room-postgres]'")
        super().__init__()
        self.dsn = dsn
        self.connect_timeout = connect_timeout
        self.lock_timeout_ms = lock_timeout_ms
        with self.write() as tx:
            tx.one("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))
            for statement in ddl("BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
                                 "DOUBLE PRECISION", "BIGINT"):
                tx.run(statement)

    def _open(self) -> Any:
        try:
            return psycopg.connect(self.dsn, autocommit=True, row_factory=dict_row,
                                   connect_timeout=self.connect_timeout,
                                   options=f"-c lock_timeout={int(self.lock_timeout_ms)}")
        except psycopg.Error as error:
            raise _mapped(error) from None

    def _connect(self) -> Any:
        return self._open()

    def _close_connection(self, conn: Any) -> None:
        # Another thread may be inside libpq on this connection (a waiter in notifies(), a
        # read): psycopg's close() frees it without taking the connection's lock, and that
        # thread then used freed memory (a double free: the process aborted). Every statement
        # and notifies() hold the lock, so taking it waits for the statement, or the wait's
        # slice (SLICE), to end; that thread's next statement is refused as closed, a RoomError.
        with conn.lock:
            conn.close()

    def placeholders(self, sql: str) -> str:
        return sql.replace("?", "%s")

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Tx]:
        conn = self.conn()
        try:
            with conn.transaction():
                cur = conn.cursor()
                if not write:  # one snapshot for every statement of a read, as SQLite gives
                    cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                tx = Tx(self, cur)
                yield tx
                for table_id in sorted(tx.notified):
                    cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
        except psycopg.Error as error:
            if conn.broken or isinstance(error, psycopg.OperationalError):
                self.drop_connection()
            raise _mapped(error) from None

    def read_one(self, sql: str, params: tuple = ()) -> dict | None:
        conn = self.conn()  # autocommit: one statement, one round trip, its own snapshot
        try:
            return conn.execute(self.placeholders(sql), params).fetchone()
        except psycopg.Error as error:
            if conn.broken or isinstance(error, psycopg.OperationalError):
                self.drop_connection()
            raise _mapped(error) from None

    def wait_change(self, table_id: str, current: Callable[[], int], since: int,
                    timeout: float) -> int | None:
        deadline = time.monotonic() + max(0.0, timeout)
        conn = self.conn()
        try:
            conn.execute(f"LISTEN {CHANNEL}")  # before the first read: no change slips between
        except psycopg.Error as error:
            self.drop_connection()
            raise _mapped(error) from None
        try:
            revision = current()
            while revision <= since:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                try:
                    for note in conn.notifies(timeout=min(SLICE, left)):
                        if note.payload == table_id:
                            break
                except psycopg.Error as error:
                    self.drop_connection()
                    raise _mapped(error) from None
                revision = current()
            return revision
        finally:
            if not conn.closed:
                try:
                    conn.execute(f"UNLISTEN {CHANNEL}")
                except psycopg.Error:
                    self.drop_connection()

    def after_purge(self) -> None:
        conn = self.conn()
        try:
            for table in TABLES:
                conn.execute(f"VACUUM {table}")
        except psycopg.Error as error:
            raise _mapped(error) from None

