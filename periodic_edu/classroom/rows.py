"""The room's rows: every SQL statement the room shares between its parts, as functions of a
transaction (:class:`~.store.Tx`), written once.

Who holds what (the room's docstring says which write waits for which):

* :func:`class_row` / :func:`class_by_id` / :func:`teacher_class` - a class, optionally locked
  (``lock="share"``: a move or an answer; ``"update"``: a join, a pause, a teacher's change);
* :func:`table_row` / :func:`table_by_id` - a table, optionally locked;
* :func:`seat_of` (by token), :func:`seat_at` (by table and seat number), :func:`seat_rows`;
* :func:`bump` - the table's compare-and-set on its revision: every change a seat must see
  goes through it, and it wakes the table's waiters (``tx.notify``);
* :func:`event` - a line of the table's log beyond the moves.

The games, the seats' people and the teacher's checks are not here: :mod:`.turns`,
:mod:`.seating`, :mod:`.teacher` and :mod:`.asks` use these rows.
"""
from __future__ import annotations

import hmac
import json
from typing import Any

from ..engine import ClassCodeError, parse_class_code
from . import credentials
from .errors import NotFound, StaleRevisionError
from .store import Tx

__all__ = ["normal_code", "class_row", "class_by_id", "teacher_class", "seat_of", "seat_at",
           "seat_rows", "table_row", "table_by_id", "tables_of", "bump", "bump_all", "event",
           "empty_seats"]


def normal_code(code: object) -> str:
    """The class code as stored, or ``NotFound("no_class")`` (never a parse error)."""
    try:
        return parse_class_code(code)
    except ClassCodeError:
        raise NotFound("no_class") from None


def class_row(tx: Tx, code: str, lock: str | None = None) -> dict:
    """The class of ``code`` with its settings read (``lock``: None, ``"share"`` or
    ``"update"``)."""
    row = tx.one("SELECT id FROM classes WHERE code = ?", (normal_code(code),))
    if row is None:
        raise NotFound("no_class")
    if lock is not None:
        row = tx.lock("classes", row["id"], shared=(lock == "share"))
        if row is None:
            raise NotFound("no_class")
    else:
        row = tx.one("SELECT * FROM classes WHERE id = ?", (row["id"],))
    row["settings"] = json.loads(row["settings"])
    return row


def class_by_id(tx: Tx, class_id: str, lock: str | None = None) -> dict:
    if lock is not None:
        row = tx.lock("classes", class_id, shared=(lock == "share"))
    else:
        row = tx.one("SELECT * FROM classes WHERE id = ?", (class_id,))
    if row is None:
        raise NotFound("no_class")
    row["settings"] = json.loads(row["settings"])
    return row


def teacher_class(tx: Tx, code: str, key: object, lock: str | None = None) -> dict:
    """The class of ``code`` if ``key`` is its teacher key, else ``PermissionError`` (the key
    is compared in constant time)."""
    row = class_row(tx, code, lock)
    given = credentials.token_hash(key) if credentials.valid_token(key) else ""
    if not hmac.compare_digest(given, row["teacher_hash"]):
        raise PermissionError("that is not the teacher key of this class")
    return row


def seat_of(tx: Tx, token: object) -> dict:
    """The seat a token opens, or ``NotFound("no_seat")``."""
    if not credentials.valid_token(token):
        raise NotFound("no_seat")
    seat = tx.one("SELECT * FROM seats WHERE token_hash = ?", (credentials.token_hash(token),))
    if seat is None:
        raise NotFound("no_seat")
    return seat


def seat_at(tx: Tx, table_id: str, seat_no: Any) -> dict | None:
    """Seat ``seat_no`` of a table, or None."""
    return tx.one("SELECT * FROM seats WHERE table_id = ? AND seat_no = ?", (table_id, seat_no))


def seat_rows(tx: Tx, table_id: str) -> list[dict]:
    return tx.all("SELECT * FROM seats WHERE table_id = ? ORDER BY seat_no", (table_id,))


def empty_seats(tx: Tx, table_id: str) -> int:
    """The table's seats nobody holds: no person and no bot."""
    return tx.one("SELECT COUNT(*) AS n FROM seats WHERE table_id = ? AND name IS NULL "
                  "AND bot IS NULL", (table_id,))["n"]


def table_row(tx: Tx, cls: dict, table: object, lock: bool = False) -> dict:
    """Table number ``table`` of the class (``lock``: the row locked), or ``NotFound``."""
    if isinstance(table, bool) or not isinstance(table, int):
        raise NotFound("no_table", table=str(table)[:10])
    row = tx.one("SELECT id FROM room_tables WHERE class_id = ? AND table_no = ?",
                 (cls["id"], table))
    if row is None:
        raise NotFound("no_table", table=table)
    if lock:
        return tx.lock("room_tables", row["id"])
    return table_by_id(tx, row["id"])


def table_by_id(tx: Tx, table_id: str) -> dict | None:
    return tx.one("SELECT * FROM room_tables WHERE id = ?", (table_id,))


def tables_of(tx: Tx, class_id: str, playing: bool = False) -> list[dict]:
    """The class's tables in table order (``playing``: only those whose game runs)."""
    return tx.all("SELECT * FROM room_tables WHERE class_id = ?"
                  + (" AND status = 'playing'" if playing else "") + " ORDER BY table_no",
                  (class_id,))


def bump(tx: Tx, table: dict, now: float, **columns: Any) -> int:
    """Write ``revision + 1`` (and ``columns``) if the table is still at the revision read;
    exactly one row must change, else another writer got there first."""
    sets = ", ".join(f"{k} = ?" for k in columns)
    changed = tx.run(f"UPDATE room_tables SET revision = revision + 1, updated_at = ?"
                     f"{', ' + sets if sets else ''} WHERE id = ? AND revision = ?",
                     (now, *columns.values(), table["id"], table["revision"]))
    if changed != 1:
        current = tx.one("SELECT revision FROM room_tables WHERE id = ?", (table["id"],))
        raise StaleRevisionError(table["revision"], current["revision"] if current else -1)
    tx.notify(table["id"])
    return table["revision"] + 1


def bump_all(tx: Tx, class_id: str, now: float) -> None:
    """Every table of the class moves on a revision (each locked in turn): every seat's page
    wakes and reads (a pause, a lock, a question)."""
    for t in tables_of(tx, class_id):
        bump(tx, tx.lock("room_tables", t["id"]), now)


def event(tx: Tx, class_id: str, table_id: str, revision: int, seat_no: int | None,
          kind: str, params: dict, at: float) -> None:
    """A line of the table's log beyond the moves, written with the change it tells."""
    tx.run("INSERT INTO events (class_id, table_id, revision, seat_no, kind, params, at) "
           "VALUES (?, ?, ?, ?, ?, ?, ?)",
           (class_id, table_id, revision, seat_no, kind, json.dumps(params), at))
