"""Seating: a student takes a seat (join), finds it again (resume: a token; rejoin: name and
PIN from another device); with the bounds on what one page may try.

Every function takes the :class:`~.room.Room`; the room's docstring (:mod:`.room`) lists what
happens when two joins, two rejoins or a join and a leave arrive at once.
"""
from __future__ import annotations

import math
from typing import Any

from . import credentials, rows, turns
from .errors import BadInput, NameTaken, NotFound, RoomError, SeatLocked, TableFull
from .names import clean_name, name_key
from .seats import Seat
from .store import Tx

__all__ = ["PAGE_TRIES_PER_MINUTE", "join", "resume", "has_seat", "rejoin"]

#: Joins and rejoins one page may send a minute, counted in the store (they survive a reload).
PAGE_TRIES_PER_MINUTE = 5


def _asker(asker: object) -> str | None:
    """A page's id as the room keeps it, or None (not a page: no page bound)."""
    if asker is None:
        return None
    if not isinstance(asker, str) or not credentials.ASKER_PATTERN.match(asker):
        raise BadInput("bad_choice", setting="asker", choices="32 hexadecimal digits")
    return asker


def join(room: Any, code: str, name: str, asker: str | None = None) -> Seat:
    """A student at the first free seat (see :meth:`.Room.join`)."""
    name = clean_name(name)
    now = room.clock()
    asker = _asker(asker)
    if asker is not None:  # counted in its own transaction: it stays counted whatever
        with room.store.write() as tx:  # the join's answer; before the slow hash
            _page_try(tx, rows.class_row(tx, code, lock="update")["id"], asker, now)
    token, pin = credentials.new_token(), credentials.new_pin()
    pin_hash = credentials.pin_hash(pin)  # slow on purpose: before the transaction
    with room.store.write() as tx:
        cls = rows.class_row(tx, code, lock="update")  # joins of one class queue here
        if cls["settings"].get("join_locked"):
            raise RoomError("join_locked")
        if asker is not None and tx.one(
                "SELECT s.id FROM seat_pages p JOIN seats s ON s.id = p.seat_id "
                "WHERE p.class_id = ? AND p.asker = ? AND s.name IS NOT NULL",
                (cls["id"], asker)) is not None:
            raise RoomError("one_seat")
        if tx.one("SELECT id FROM seats WHERE class_id = ? AND name_key = ?",
                  (cls["id"], name_key(name))) is not None:
            raise NameTaken("name_taken", name=name)
        # a free seat: an empty one at a table not started, or one the teacher freed at a
        # started table (the class's bot plays it until now; the student takes it over)
        free = tx.one(
            "SELECT s.id, s.table_id, s.seat_no, t.table_no FROM seats s "
            "JOIN room_tables t ON t.id = s.table_id "
            "WHERE s.class_id = ? AND s.name IS NULL AND s.bot IS NULL "
            "AND t.status <> 'over' ORDER BY t.table_no, s.seat_no LIMIT 1",
            (cls["id"],))
        if free is None:
            raise TableFull("class_full")
        tx.run("UPDATE seats SET name = ?, name_key = ?, token_hash = ?, pin_hash = ?, "
               "last_seen = ? WHERE id = ?",
               (name, name_key(name), credentials.token_hash(token), pin_hash, now,
                free["id"]))
        _seat_page(tx, cls["id"], free["id"], asker)
        table = tx.lock("room_tables", free["table_id"])
        new = rows.bump(tx, table, now)
        if table["status"] != "waiting":  # a freed seat: the table's log says who came
            rows.event(tx, cls["id"], table["id"], new, free["seat_no"], "person", {},
                       room.clock())
        else:  # the last free seat taken: the table starts
            turns.start_if_full(room, tx, cls, table["id"], now)
    return Seat(room, token, cls["code"], free["table_no"], free["seat_no"], name, pin)


def resume(room: Any, token: str) -> Seat:
    """The seat of a token, from any process (a reload, a new browser tab)."""
    now = room.clock()
    with room.store.write() as tx:
        seat = rows.seat_of(tx, token)
        tx.run("UPDATE seats SET last_seen = ? WHERE id = ?", (now, seat["id"]))
        info = tx.one("SELECT c.code, t.table_no FROM classes c JOIN room_tables t "
                      "ON t.class_id = c.id WHERE t.id = ?", (seat["table_id"],))
    return Seat(room, token, info["code"], info["table_no"], seat["seat_no"], seat["name"])


def has_seat(room: Any, token: str) -> bool:
    """Whether a seat token still names a seat (nothing is written)."""
    try:
        with room.store.read() as tx:
            rows.seat_of(tx, token)
    except NotFound:
        return False
    return True


def rejoin(room: Any, code: str, name: str, pin: str, asker: str | None = None) -> Seat:
    """A student's seat from another device (see :meth:`.Room.rejoin` for the bounds)."""
    name = clean_name(name)
    asker = _asker(asker)
    token, new_pin = credentials.new_token(), credentials.new_pin()
    now = room.clock()
    key = name_key(name)
    try_id = credentials.new_id()
    with room.store.write() as tx:
        cls = rows.class_row(tx, code, lock="update")  # the tries of one class queue here
        _admit_pin(tx, cls["id"], key, asker, now)
        if asker is not None:
            _page_try(tx, cls["id"], asker, now)
        tx.run("INSERT INTO page_tries (id, class_id, asker, kind, name_key, at) "
               "VALUES (?, ?, ?, 'pin', ?, ?)", (try_id, cls["id"], asker or "", key, now))
        seat = tx.one("SELECT * FROM seats WHERE class_id = ? AND name_key = ?",
                      (cls["id"], key))
    # the PIN's hash is slow on purpose: computed outside any transaction. A name that
    # sits in no seat costs the same hash (the answer's time does not tell which names
    # sit in the class)
    right = credentials.pin_matches(pin, credentials.dummy_pin_hash() if seat is None
                                    else seat["pin_hash"])
    if seat is None or not right:
        raise NotFound("bad_pin")  # the try stays counted
    new_hash = credentials.pin_hash(new_pin)
    with room.store.write() as tx:
        row = tx.lock("seats", seat["id"])
        if row is None:
            raise NotFound("no_class")
        if row["pin_hash"] != seat["pin_hash"]:  # two rejoins at once: the first won
            raise NotFound("bad_pin")
        tx.run("UPDATE seats SET token_hash = ?, pin_hash = ?, pin_failures = 0, "
               "pin_locked_until = 0, last_seen = ? WHERE id = ?",
               (credentials.token_hash(token), new_hash, now, seat["id"]))
        # a new PIN: the guesses at the old one count no more, and this try was no guess
        tx.run("DELETE FROM page_tries WHERE id = ? OR (class_id = ? AND name_key = ? "
               "AND kind = 'pin')", (try_id, cls["id"], key))
        _seat_page(tx, cls["id"], seat["id"], asker)
        table_no = tx.one("SELECT table_no FROM room_tables WHERE id = ?",
                          (seat["table_id"],))["table_no"]
    return Seat(room, token, cls["code"], table_no, seat["seat_no"], seat["name"], new_pin)


def _admit_pin(tx: Tx, class_id: str, key: str, asker: str | None, now: float) -> None:
    """Refuse a PIN try past the page's backoff or past the seat's bound (see
    :meth:`.Room.rejoin`); old tries are forgotten here."""
    window = credentials.PIN_WINDOW
    tx.run("DELETE FROM page_tries WHERE at < ?", (now - window,))
    clean = False
    if asker is not None:
        mine = tx.one("SELECT COUNT(*) AS n, MAX(at) AS last FROM page_tries "
                      "WHERE asker = ? AND kind = 'pin'", (asker,))
        wait = credentials.pin_backoff(mine["n"]) - (now - (mine["last"] or now))
        if wait > 0:
            raise RoomError("too_fast", seconds=math.ceil(wait))
        clean = mine["n"] <= credentials.CLEAN_MISTAKES
    seat = tx.one("SELECT COUNT(*) AS n, MIN(at) AS first FROM page_tries "
                  "WHERE class_id = ? AND name_key = ? AND kind = 'pin'", (class_id, key))
    if seat["n"] >= credentials.SEAT_WRONG_PINS and not clean:
        raise SeatLocked("pin_locked",
                         seconds=max(1, math.ceil(seat["first"] + window - now)))


def _page_try(tx: Tx, class_id: str, asker: str, now: float) -> None:
    """Count one join or rejoin of page ``asker``, or refuse it (nothing counted) past
    :data:`PAGE_TRIES_PER_MINUTE`."""
    recent = tx.one("SELECT COUNT(*) AS n, MIN(at) AS first FROM page_tries "
                    "WHERE asker = ? AND kind = 'join' AND at > ?", (asker, now - 60))
    if recent["n"] >= PAGE_TRIES_PER_MINUTE:
        raise RoomError("too_fast", seconds=max(1, math.ceil(recent["first"] + 60 - now)))
    tx.run("DELETE FROM page_tries WHERE at < ?", (now - credentials.PIN_WINDOW,))
    tx.run("INSERT INTO page_tries (id, class_id, asker, kind, at) "
           "VALUES (?, ?, ?, 'join', ?)", (credentials.new_id(), class_id, asker, now))


def _seat_page(tx: Tx, class_id: str, seat_id: str, asker: str | None) -> None:
    """Page ``asker`` holds seat ``seat_id`` now (one seat per page and class)."""
    if asker is None:
        return
    tx.run("DELETE FROM seat_pages WHERE seat_id = ?", (seat_id,))
    tx.run("INSERT INTO seat_pages (seat_id, class_id, asker) VALUES (?, ?, ?)",
           (seat_id, class_id, asker))

