"""The room: classes, tables and seats over a store, with one authority per table.

Every call reads or writes the store in one transaction, so it works from any process on the
same store (that is what the students' kernels are) and a process that dies loses nothing.

Authority (DESIGN §7): a move is checked by the engine against the table's game as stored,
replayed from its save, and written with ``revision + 1`` in the same transaction. A move made
on an older revision raises :class:`StaleRevisionError` and changes nothing. When two moves
arrive at once the store serializes them (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the table
row's lock, and an update conditional on the revision): the first lands, the second then reads
the new revision and is refused as stale. A bot's move is claimed the same way: whichever
process writes the revision first wins, the others' attempts are stale and change nothing.

What happens when two of each other write arrive at once:

* two joins of one class: serialized on the class row (PostgreSQL) or the file lock (SQLite);
  each takes a different free seat, a second use of one name is refused;
* a pause and a move: the move holds the class row shared, the pause exclusively, so the move
  either lands before the pause or is refused by it;
* a purge and anything: the purge holds the class row exclusively; a call after it finds no
  class;
* two teachers starting one table: the second finds it started and is refused;
* two moves of students between tables, or a move and a join: serialized on the class row;
  the second sees the seats the first took.
* a student's leave and the join that fills their table: serialized on the table row; either
  the leave lands first (the seat is free, the join takes a seat and the table waits) or the
  join does (the table starts, and the leave keeps the seat the student's);
* the teacher freeing a seat and that seat's move: serialized on the table row; a move after
  the free finds no seat for its token, a free after the move frees the seat as it is then.
* two pages guessing PINs at once (one seat or several of a class): each try is admitted and
  counted in a transaction that holds the class row exclusively, so they queue; the second
  sees the first's count, and no bound is passed by arriving together. Two right PINs for
  one seat at once: the first writes the new PIN, the second finds the PIN changed and is
  told the name and PIN do not match.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable

from .. import trends
from ..engine import ClassCodeError, new_class_code, new_seed, parse_class_code
from . import asks, credentials, games, homework
from . import report as _report
from .bot_moves import BOT_KINDS, seat_moves
from .names import NAME_LIMIT, clean_name, name_key
from .errors import (BadInput, NameTaken, NotFound, NotStarted, Paused, RoomError, SeatLocked,
                     StaleRevisionError, TableFull)
from .schema import TABLES
from .store import Store, Tx

__all__ = ["Room", "Seat", "Teacher", "ClassInfo", "DEFAULTS", "NAME_LIMIT"]

ACTION_LIMIT = 80
#: refusals kept per seat: one student's mistakes are bounded in the store
REFUSALS_PER_SEAT = 500
#: refusals kept per seat per minute: a page sending refused moves flat out stores this many
REFUSALS_PER_MINUTE = 12
#: the characters of action notation (both games): a refused action is kept for the teacher
#: only in these, anything else is "an unreadable move" (no free text reaches the teacher's
#: page or the projector)
NOTATION = re.compile(r"^[A-Za-z0-9:>+\-_.,=|/]{1,%d}$" % ACTION_LIMIT)
EXAMPLES = 3
#: replayed games a process keeps for reading (a few per table of a class)
GAMES_CACHED = 128
DAY = 86_400.0

#: a class's settings and their defaults
DEFAULTS: dict[str, Any] = {
    "idle_seconds": 180,  # a seat that has not moved this long on its turn is played by a bot
    "keep_days": 14,  # the class's data is deleted this long after it was created
    "duplicate": False,  # every table the same deal: the class code's seed
    "bot": "greedy",  # the bot that fills empty seats and stands in for idle ones
    "connected_seconds": 30,  # seen within this long = connected
    "max_rounds": None,  # a round limit (a lesson's length), or None: the game's own end
    "join_locked": False,  # the teacher closed joining: nobody new takes a seat
}


@dataclass(frozen=True)
class ClassInfo:
    """A new class: ``code`` for the projector, ``teacher_key`` a secret for the teacher."""
    code: str
    teacher_key: str
    game: str
    tables: int
    seats: int
    edition: str
    settings: dict


#: Joins and rejoins one page may send a minute, counted in the store (they survive a reload).
PAGE_TRIES_PER_MINUTE = 5


def _asker(asker: object) -> str | None:
    """A page's id as the room keeps it, or None (not a page: no page bound)."""
    if asker is None:
        return None
    if not isinstance(asker, str) or not credentials.ASKER_PATTERN.match(asker):
        raise BadInput("bad_choice", setting="asker", choices="32 hexadecimal digits")
    return asker


def _now() -> float:
    return time.time()


def _normal_code(code: object) -> str:
    try:
        return parse_class_code(code)
    except ClassCodeError:
        raise NotFound("no_class") from None


_clean_name = clean_name
_name_key = name_key


def _int_setting(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput("bad_number", setting=name, low=low, high=high)
    return value


class Room:
    """The class-play room over one store (see :func:`periodic_edu.classroom.open_room`)."""

    def __init__(self, store: Store, clock: Callable[[], float] = _now) -> None:
        self.store = store
        self.clock = clock
        # replayed games for reading (views, the overview), by (table id, revision): a revision
        # is written once, so it names one stored game. Moves replay their own copy.
        self._games: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._games_lock = threading.Lock()
        # each table's moves against the data, by (table id, revision), like the games
        self._against: OrderedDict[tuple[str, int], list] = OrderedDict()
        # each table's moves per seat and a bot's share of them, likewise
        self._moves: OrderedDict[tuple[str, int], list] = OrderedDict()

    def _cached(self, cache: OrderedDict, table: dict, compute: Callable[[], Any]) -> Any:
        """``compute()`` for the table's stored game, kept in ``cache`` by (table id, revision):
        a revision is written once, so it names one stored game. At most GAMES_CACHED entries
        (least recently used go); computed outside the lock (two threads may both compute the
        same value once; both are right)."""
        key = (table["id"], table["revision"])
        with self._games_lock:
            found = cache.get(key)
            if found is not None:
                cache.move_to_end(key)
                return found
        found = compute()
        with self._games_lock:
            cache[key] = found
            while len(cache) > GAMES_CACHED:
                cache.popitem(last=False)
        return found

    def _seen(self, cls: dict, table: dict) -> Any:
        """The table's game as stored, for reading only (never played on)."""
        return self._cached(self._games, table,
                            lambda: games.load_game(cls["game"], table["save"]))

    def _against_data(self, cls: dict, table: dict) -> list[tuple[int, Any]]:
        """The table's Spend/Gain/Free moves whose step the real data does not follow, as
        ``(seat, StepCheck)`` (cached per revision, like the games)."""
        return self._cached(self._against, table, lambda: [
            (seat, check) for seat, trend, source, target
            in games.trend_moves(cls["game"], table["save"])
            if (check := trends.check_step(trend, source, target)).verdict == "disagrees"])

    # ---- classes ---------------------------------------------------------------------------
    def create_class(self, game: str = "periodic", tables: int = 1, seats: int = 3,
                     edition: str = "en", **settings: Any) -> ClassInfo:
        """A new class of ``tables`` tables of ``seats`` seats. Settings: see :data:`DEFAULTS`.
        Classes past their retention are deleted first (the room's housekeeping)."""
        if game not in games.GAMES:
            raise BadInput("bad_choice", setting="game", choices=", ".join(games.GAMES))
        tables = _int_setting(tables, "tables", 1, 60)
        seats = _int_setting(seats, "seats", 2, 5)
        if not games.edition_ok(game, edition):
            raise BadInput("bad_choice", setting="edition", choices=", ".join(games.editions()))
        if not isinstance(edition, str) or len(edition) > 8:
            raise BadInput("bad_choice", setting="edition", choices=", ".join(games.editions()))
        unknown = set(settings) - set(DEFAULTS)
        if unknown:
            raise BadInput("bad_choice", setting="a setting", choices=", ".join(DEFAULTS))
        chosen = {**DEFAULTS, **settings}
        chosen["idle_seconds"] = _int_setting(chosen["idle_seconds"], "idle_seconds", 5, 86_400)
        chosen["keep_days"] = _int_setting(chosen["keep_days"], "keep_days", 1, 365)
        chosen["connected_seconds"] = _int_setting(chosen["connected_seconds"],
                                                   "connected_seconds", 5, 3_600)
        chosen["duplicate"] = bool(chosen["duplicate"])
        chosen["join_locked"] = bool(chosen["join_locked"])
        if chosen["max_rounds"] is not None:
            chosen["max_rounds"] = _int_setting(chosen["max_rounds"], "max_rounds", 1, 200)
        if chosen["bot"] not in games.bot_names(game):
            raise BadInput("bad_choice", setting="bot", choices=", ".join(games.bot_names(game)))
        self.purge_expired()
        key = credentials.new_token()
        now = self.clock()
        class_id = credentials.new_id()
        with self.store.write() as tx:
            for _ in range(50):
                code = new_class_code()
                if tx.one("SELECT id FROM classes WHERE code = ?", (code,)) is None:
                    break
            else:  # pragma: no cover - 2**40 codes
                raise RoomError("busy")
            tx.run("INSERT INTO classes (id, code, teacher_hash, game, edition, n_tables, "
                   "n_seats, settings, paused, created_at, expires_at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
                   (class_id, code, credentials.token_hash(key), game, edition, tables, seats,
                    json.dumps(chosen), now, now + chosen["keep_days"] * DAY))
            for t in range(tables):
                table_id = credentials.new_id()
                tx.run("INSERT INTO room_tables (id, class_id, table_no, revision, status, "
                       "updated_at) VALUES (?, ?, ?, 0, 'waiting', ?)",
                       (table_id, class_id, t, now))
                for s in range(seats):
                    tx.run("INSERT INTO seats (id, class_id, table_id, seat_no) "
                           "VALUES (?, ?, ?, ?)", (credentials.new_id(), class_id, table_id, s))
        return ClassInfo(code, key, game, tables, seats, edition, chosen)

    def _class(self, tx: Tx, code: str, lock: str | None = None) -> dict:
        row = tx.one("SELECT id FROM classes WHERE code = ?", (_normal_code(code),))
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

    def _class_by_id(self, tx: Tx, class_id: str, lock: str | None = None) -> dict:
        if lock is not None:
            row = tx.lock("classes", class_id, shared=(lock == "share"))
        else:
            row = tx.one("SELECT * FROM classes WHERE id = ?", (class_id,))
        if row is None:
            raise NotFound("no_class")
        row["settings"] = json.loads(row["settings"])
        return row

    def _teacher_class(self, tx: Tx, code: str, key: object, lock: str | None = None) -> dict:
        row = self._class(tx, code, lock)
        given = credentials.token_hash(key) if credentials.valid_token(key) else ""
        if not hmac.compare_digest(given, row["teacher_hash"]):
            raise PermissionError("that is not the teacher key of this class")
        return row

    def teacher(self, code: str, teacher_key: str) -> "Teacher":
        """The teacher's controls of a class; a wrong key raises ``PermissionError``."""
        with self.store.read() as tx:
            row = self._teacher_class(tx, code, teacher_key)
        return Teacher(self, row["code"], teacher_key)

    # ---- seats -----------------------------------------------------------------------------
    def join(self, code: str, name: str, asker: str | None = None) -> "Seat":
        """Seat a student (``name``: a pseudonym) at the first free seat, in table order. A table
        whose last seat this fills starts. The returned seat's ``token`` and ``pin`` are shown
        to the student once; the store keeps only their hashes.

        ``asker``: the asking page's id (:data:`credentials.ASKER_PATTERN`; None: the room's
        own code, the command line, a test). A page holds one seat of a class (a second join is
        ``one_seat`` while its first seat is taken) and makes :data:`PAGE_TRIES_PER_MINUTE`
        joins and rejoins a minute; both are kept in the store, so a reload (a new kernel for
        the same browser) does not start them again."""
        name = _clean_name(name)
        now = self.clock()
        asker = _asker(asker)
        if asker is not None:  # counted in its own transaction: it stays counted whatever
            with self.store.write() as tx:  # the join's answer; before the slow hash
                self._page_try(tx, self._class(tx, code, lock="update")["id"], asker, now)
        token, pin = credentials.new_token(), credentials.new_pin()
        pin_hash = credentials.pin_hash(pin)  # slow on purpose: before the transaction
        with self.store.write() as tx:
            cls = self._class(tx, code, lock="update")  # joins of one class queue here
            if cls["settings"].get("join_locked"):
                raise RoomError("join_locked")
            if asker is not None and tx.one(
                    "SELECT s.id FROM seat_pages p JOIN seats s ON s.id = p.seat_id "
                    "WHERE p.class_id = ? AND p.asker = ? AND s.name IS NOT NULL",
                    (cls["id"], asker)) is not None:
                raise RoomError("one_seat")
            if tx.one("SELECT id FROM seats WHERE class_id = ? AND name_key = ?",
                      (cls["id"], _name_key(name))) is not None:
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
                   (name, _name_key(name), credentials.token_hash(token), pin_hash, now,
                    free["id"]))
            self._seat_page(tx, cls["id"], free["id"], asker)
            table = tx.lock("room_tables", free["table_id"])
            new = self._bump(tx, table, now)
            if table["status"] != "waiting":  # a freed seat: the table's log says who came
                self._event(tx, cls["id"], table["id"], new, free["seat_no"], "person", {})
            empty = tx.one("SELECT COUNT(*) AS n FROM seats WHERE table_id = ? AND name IS NULL "
                           "AND bot IS NULL", (table["id"],))["n"]
            if empty == 0 and table["status"] == "waiting":
                self._start(tx, cls, tx.lock("room_tables", table["id"]), now)
        return Seat(self, token, cls["code"], free["table_no"], free["seat_no"], name, pin)

    def resume(self, token: str) -> "Seat":
        """The seat of a token, from any process (a reload, a new browser tab)."""
        now = self.clock()
        with self.store.write() as tx:
            seat = self._seat(tx, token)
            tx.run("UPDATE seats SET last_seen = ? WHERE id = ?", (now, seat["id"]))
            info = tx.one("SELECT c.code, t.table_no FROM classes c JOIN room_tables t "
                          "ON t.class_id = c.id WHERE t.id = ?", (seat["table_id"],))
        return Seat(self, token, info["code"], info["table_no"], seat["seat_no"], seat["name"])

    def has_seat(self, token: str) -> bool:
        """Whether a seat token still names a seat (nothing is written)."""
        try:
            with self.store.read() as tx:
                self._seat(tx, token)
        except NotFound:
            return False
        return True

    def rejoin(self, code: str, name: str, pin: str, asker: str | None = None) -> "Seat":
        """A student's seat from another device: class code, name and PIN. The seat gets a new
        token (the old device's stops working) and a new PIN.

        Wrong PINs are bounded by a rate, never by a lock that one page could set on a
        classmate (issue 29; docs/classroom.md has the numbers and what k pages get):

        * per asking page (``asker``): after its n-th wrong PIN in the last
          :data:`credentials.PIN_WINDOW` seconds (for any name) the page waits
          ``credentials.pin_backoff(n)`` seconds (5, 10, 20, ...) - ``too_fast``;
        * per seat: at most :data:`credentials.SEAT_WRONG_PINS` wrong PINs in the window from
          all pages together; past that only a page that is still clean (at most
          :data:`credentials.CLEAN_MISTAKES` wrong PINs in the window) is checked, any other
          is told ``pin_locked``. A classmate's pages that guessed are no longer clean, so
          they cannot keep the real student, on a page that has not guessed, out.

        A try is counted (a ``pin`` row of ``page_tries``) in its own transaction before the
        PIN's hash is computed, and the count is uncounted when the PIN was right; tries of one
        class queue on the class row, so two pages guessing at once both count and the bounds
        are exact. A right PIN starts the seat's count again (the PIN is new). An unknown name
        costs the same hash and counts against the asking page like a wrong PIN.
        ``asker`` None (the room's own code, the command line): only the seat's bound applies,
        and such a caller is never clean."""
        name = _clean_name(name)
        asker = _asker(asker)
        token, new_pin = credentials.new_token(), credentials.new_pin()
        now = self.clock()
        key = _name_key(name)
        try_id = credentials.new_id()
        with self.store.write() as tx:
            cls = self._class(tx, code, lock="update")  # the tries of one class queue here
            self._admit_pin(tx, cls["id"], key, asker, now)
            if asker is not None:
                self._page_try(tx, cls["id"], asker, now)
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
        with self.store.write() as tx:
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
            self._seat_page(tx, cls["id"], seat["id"], asker)
            table_no = tx.one("SELECT table_no FROM room_tables WHERE id = ?",
                              (seat["table_id"],))["table_no"]
        return Seat(self, token, cls["code"], table_no, seat["seat_no"], seat["name"], new_pin)

    def _admit_pin(self, tx: Tx, class_id: str, key: str, asker: str | None,
                   now: float) -> None:
        """Refuse a PIN try past the page's backoff or past the seat's bound (see
        :meth:`rejoin`); old tries are forgotten here."""
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

    @staticmethod
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

    @staticmethod
    def _seat_page(tx: Tx, class_id: str, seat_id: str, asker: str | None) -> None:
        """Page ``asker`` holds seat ``seat_id`` now (one seat per page and class)."""
        if asker is None:
            return
        tx.run("DELETE FROM seat_pages WHERE seat_id = ?", (seat_id,))
        tx.run("INSERT INTO seat_pages (seat_id, class_id, asker) VALUES (?, ?, ?)",
               (seat_id, class_id, asker))

    def _seat(self, tx: Tx, token: object) -> dict:
        if not credentials.valid_token(token):
            raise NotFound("no_seat")
        seat = tx.one("SELECT * FROM seats WHERE token_hash = ?", (credentials.token_hash(token),))
        if seat is None:
            raise NotFound("no_seat")
        return seat

    @staticmethod
    def _clear_seat(tx: Tx, seat_id: str, bot: str | None = None) -> None:
        """Nobody sits at the seat any more: name, token, PIN and lock gone, and the student's
        answers to the class's checks with them (``bot``: who plays it meanwhile, None for
        nobody)."""
        asks.seat_cleared(tx, seat_id)
        tx.run("UPDATE seats SET name = NULL, name_key = NULL, token_hash = NULL, "
               "pin_hash = NULL, pin_failures = 0, pin_locked_until = 0, last_seen = 0, "
               "stand_in = 0, bot = ? WHERE id = ?", (bot, seat_id))

    # ---- tables ----------------------------------------------------------------------------
    def _bump(self, tx: Tx, table: dict, now: float, **columns: Any) -> int:
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

    def _start(self, tx: Tx, cls: dict, table: dict, now: float) -> int:
        """Fill the empty seats with bots and deal the game (one transaction with the caller)."""
        if table["status"] != "waiting":
            raise NotStarted("started", table=table["table_no"])
        bot = cls["settings"]["bot"]
        seats = tx.all("SELECT * FROM seats WHERE table_id = ? ORDER BY seat_no", (table["id"],))
        names = []
        for s in seats:
            if s["name"] is None and s["bot"] is None:
                tx.run("UPDATE seats SET bot = ? WHERE id = ?", (bot, s["id"]))
            names.append(s["name"] or f"Bot {s['seat_no'] + 1}")
        duplicate = cls["code"] if cls["settings"]["duplicate"] else None
        g = games.new_game(cls["game"], names, cls["edition"], new_seed(), duplicate,
                           cls["settings"].get("max_rounds"))
        revision = self._bump(tx, table, now, status="playing", save=games.dump_game(g),
                              to_move=games.to_move(g))
        self._event(tx, cls["id"], table["id"], revision, None, "started", {})
        return revision

    def start_table(self, code: str, teacher_key: str, table: int) -> int:
        """Start a table now (the teacher): empty seats become bots. Returns the revision."""
        now = self.clock()
        with self.store.write() as tx:
            cls = self._teacher_class(tx, code, teacher_key, lock="share")
            row = self._table(tx, cls, table, lock=True)
            return self._start(tx, cls, row, now)

    def _table(self, tx: Tx, cls: dict, table: object, lock: bool = False) -> dict:
        if isinstance(table, bool) or not isinstance(table, int):
            raise NotFound("no_table", table=str(table)[:10])
        row = tx.one("SELECT id FROM room_tables WHERE class_id = ? AND table_no = ?",
                     (cls["id"], table))
        if row is None:
            raise NotFound("no_table", table=table)
        if lock:
            return tx.lock("room_tables", row["id"])
        return tx.one("SELECT * FROM room_tables WHERE id = ?", (row["id"],))

    def _event(self, tx: Tx, class_id: str, table_id: str, revision: int, seat_no: int | None,
               kind: str, params: dict) -> None:
        tx.run("INSERT INTO events (class_id, table_id, revision, seat_no, kind, params, at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?)",
               (class_id, table_id, revision, seat_no, kind, json.dumps(params), self.clock()))

    def _write_move(self, tx: Tx, cls: dict, table: dict, g: Any, now: float) -> int:
        over = g.is_over
        return self._bump(tx, table, now, save=games.dump_game(g), to_move=games.to_move(g),
                          status="over" if over else "playing")

    def _seat_rows(self, tx: Tx, table_id: str) -> list[dict]:
        return tx.all("SELECT * FROM seats WHERE table_id = ? ORDER BY seat_no", (table_id,))

    def _public_seats(self, cls: dict, seats: list[dict], now: float,
                      started: bool = False) -> list[dict]:
        """``started``: the table's game has begun, so a seat with nobody (one the teacher
        freed) is played by the class's bot and shows it."""
        window = cls["settings"]["connected_seconds"]
        bot = cls["settings"]["bot"]
        return [{"name": s["name"],
                 "connected": s["name"] is not None and s["last_seen"] >= now - window,
                 "bot": s["bot"] or (bot if s["stand_in"] or (started and s["name"] is None)
                                     else None),
                 "stand_in": bool(s["stand_in"])} for s in seats]

    def _room_part(self, cls: dict, table: dict, seats: list[dict], now: float,
                   lock: str | None = None) -> dict:
        """``lock``: the step the teacher brought the class to (the room asks), or None;
        ``held``: why no move lands now (:meth:`_why_held`), or None."""
        return {"game": cls["game"], "table": table["table_no"], "status": table["status"],
                "paused": bool(cls["paused"]), "lock": lock,
                "held": self._why_held(cls, lock),
                "seats": self._public_seats(cls, seats, now, table["status"] != "waiting")}

    @staticmethod
    def _why_held(cls: dict, lock: str | None) -> str | None:
        """Why no move lands at the class's tables, or None: ``"paused"`` (the teacher's
        pause) or ``"held_<step>"`` (the class brought to a step where play waits,
        :data:`asks.HOLDS_PLAY`); each is a message of :data:`errors.MESSAGES`."""
        if cls["paused"]:
            return "paused"
        return f"held_{lock}" if lock in asks.HOLDS_PLAY else None

    def _held(self, tx: Tx, cls: dict) -> str | None:
        """:meth:`_why_held`, read in the move's own transaction: a move and a lock queue on
        the class row, and the later one sees the other."""
        return self._why_held(cls, asks.current_lock(tx, cls["id"]))

    def spectate(self, code: str, table: int) -> dict[str, Any]:
        """The public view of a table (a projector): no seat's secrets, plus ``revision``,
        ``to_move``, ``over`` and the room's part (who sits there, who is connected)."""
        now = self.clock()
        with self.store.read() as tx:
            cls = self._class(tx, code)
            row = self._table(tx, cls, table)
            seats = self._seat_rows(tx, row["id"])
            lock = asks.current_lock(tx, cls["id"])
        view: dict[str, Any] = {}
        if row["save"]:
            view = games.public_view(self._seen(cls, row))
        view.update(revision=row["revision"], to_move=row["to_move"],
                    over=row["status"] == "over",
                    room=self._room_part(cls, row, seats, now, lock))
        return view

    def wait_table(self, code: str, table: int, revision: int,
                   timeout: float = 5.0) -> int | None:
        """A newer revision of a table than ``revision``, or None after ``timeout`` seconds."""
        with self.store.read() as tx:
            table_id = self._table(tx, self._class(tx, code), table)["id"]
        return self._wait(table_id, revision, timeout)

    def _wait(self, table_id: str, revision: int, timeout: float) -> int | None:
        if isinstance(revision, bool) or not isinstance(revision, int):
            raise BadInput("bad_revision")

        def current() -> int:
            row = self.store.read_one("SELECT revision FROM room_tables WHERE id = ?", (table_id,))
            if row is None:
                raise NotFound("no_class")
            return row["revision"]
        return self.store.wait_change(table_id, current, revision, float(timeout))

    # ---- moves -----------------------------------------------------------------------------
    def _play(self, token: str, action: object, revision: object) -> int:
        if not isinstance(action, str) or not action.strip() or len(action) > ACTION_LIMIT:
            raise BadInput("bad_action", limit=ACTION_LIMIT)
        if isinstance(revision, bool) or not isinstance(revision, int):
            raise BadInput("bad_revision")
        now = self.clock()
        refused = None
        with self.store.write() as tx:
            seat = self._seat(tx, token)
            cls = self._class_by_id(tx, seat["class_id"], lock="share")
            table = tx.lock("room_tables", seat["table_id"])
            held = self._held(tx, cls)
            if held:
                raise Paused(held)
            if table["status"] == "waiting":
                raise NotStarted("not_started")
            if table["revision"] != revision:
                raise StaleRevisionError(revision, table["revision"])
            if table["status"] == "over":
                raise RoomError("over")
            g = games.load_game(cls["game"], table["save"])
            if games.to_move(g) != seat["seat_no"]:
                # the mover by name, as the page shows the seats (never a seat number)
                mover = next((s for s in self._seat_rows(tx, seat["table_id"])
                              if s["seat_no"] == games.to_move(g)), None)
                if mover is None or not mover["name"] or mover["bot"]:
                    raise RoomError("not_your_turn_bot")
                raise RoomError("not_your_turn", name=mover["name"])
            if seat["bot"]:
                raise RoomError("bot_seat")
            try:
                g.play(action)
            except games.IllegalMoveError as error:
                refused = error
                self._refusal(tx, cls, table, seat, action, error, now)
            else:
                new = self._write_move(tx, cls, table, g, now)
                tx.run("UPDATE seats SET last_seen = ?, stand_in = 0 WHERE id = ?",
                       (now, seat["id"]))
                if seat["stand_in"]:
                    self._event(tx, cls["id"], table["id"], new, seat["seat_no"], "returned", {})
        if refused is not None:
            raise refused
        return new

    def _refusal(self, tx: Tx, cls: dict, table: dict, seat: dict, action: str,
                 error: Exception, now: float) -> None:
        kept = tx.one("SELECT COUNT(*) AS n FROM refusals WHERE seat_id = ?", (seat["id"],))["n"]
        if kept >= REFUSALS_PER_SEAT:
            return
        recent = tx.one("SELECT COUNT(*) AS n FROM refusals WHERE seat_id = ? AND at > ?",
                        (seat["id"], now - 60))["n"]
        if recent >= REFUSALS_PER_MINUTE:
            return  # still refused, not kept: a flood of refused moves does not fill the store
        reason, kind, group, params = games.refusal(cls["game"], error)
        action = action.strip()
        if reason in games.UNREAD or not NOTATION.match(action):
            # text the engine could not read as a move: kept as "an unreadable move", never
            # as what was typed (free text would reach the teacher's page and the projector)
            reason, kind, group, params, action = "unreadable", "rule", "unreadable", {}, ""
        tx.run("INSERT INTO refusals (class_id, table_id, seat_id, revision, action, reason, "
               "grp_kind, grp_id, params, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (cls["id"], table["id"], seat["id"], table["revision"], action, reason,
                kind, group, json.dumps(params, ensure_ascii=False), now))

    def step_bots(self, code: str, max_moves: int = 1_000) -> int:
        """Play every move that is a bot's now, at every table of the class: bot seats, and
        seats idle on their turn longer than the class's ``idle_seconds`` (a bot stands in until
        the person returns; the table's log says so). Any process may call this at any time:
        each move is claimed with the table's revision, so exactly one process's move lands
        and the others' are stale and change nothing. Returns the moves this call made."""
        with self.store.read() as tx:
            class_id = self._class(tx, code)["id"]
        made = 0
        while made < max_moves:
            progressed = False
            with self.store.read() as tx:
                cls = self._class_by_id(tx, class_id)
                tables = tx.all("SELECT * FROM room_tables WHERE class_id = ? AND "
                                "status = 'playing' ORDER BY table_no", (class_id,))
                seats = {t["id"]: self._seat_rows(tx, t["id"]) for t in tables}
                held = self._held(tx, cls)
            if held:
                break
            now = self.clock()
            for table in tables:
                who = self._bot_for(cls, table, seats[table["id"]], now)
                if who is None:
                    continue
                try:
                    self._bot_move(cls, table["id"], table["revision"], *who)
                    made += 1
                except (StaleRevisionError, Paused, NotFound):
                    pass  # another process moved first, the class paused or was purged
                progressed = True
            if not progressed:
                break
        return made

    def _bot_for(self, cls: dict, table: dict, seats: list[dict],
                 now: float) -> tuple[int, str, bool] | None:
        """``(seat, bot, stand_in)`` if the move at ``table`` is a bot's now, else None."""
        seat_no = table["to_move"]
        if seat_no is None or table["status"] != "playing":
            return None
        # absent is not finished: bots keep a table moving for the people at it, but a table
        # of people where none is connected stops (nothing is played for nobody: a class left
        # idle while the teacher explains is not played to its end by bots). A table of bots
        # only (no person seated: the teacher's demonstration) plays on.
        window = cls["settings"]["connected_seconds"]
        people = [s for s in seats if s["name"] is not None and not s["bot"]]
        if people and not any(s["last_seen"] >= now - window for s in people):
            return None
        seat = seats[seat_no]
        if seat["bot"]:
            return seat_no, seat["bot"], False
        if seat["name"] is None:  # freed by the teacher: the class's bot until someone joins
            return seat_no, cls["settings"]["bot"], False
        if seat["stand_in"] or table["updated_at"] + cls["settings"]["idle_seconds"] <= now:
            return seat_no, cls["settings"]["bot"], True
        return None

    def _bot_move(self, cls: dict, table_id: str, revision: int, seat_no: int, bot: str,
                  stand_in: bool) -> int:
        now = self.clock()
        with self.store.read() as tx:
            table = tx.one("SELECT * FROM room_tables WHERE id = ?", (table_id,))
        if table is None or table["revision"] != revision:
            raise StaleRevisionError(revision, -1 if table is None else table["revision"])
        # the bot thinks outside the transaction (no lock held while it searches)
        g = games.load_game(cls["game"], table["save"])
        # the bot's seed follows the deal and the move number: in a duplicate-deal class the
        # same position at every table gets the same bot move, so the tables stay comparable
        seed = int.from_bytes(hashlib.sha256(f"{g.seed}/{len(g.history)}".encode()).digest()[:8],
                              "big")
        action = games.bot_action(cls["game"], g, seat_no, bot, seed)
        with self.store.write() as tx:
            fresh = self._class_by_id(tx, cls["id"], lock="share")
            locked = tx.lock("room_tables", table_id)
            held = self._held(tx, fresh)
            if held:
                raise Paused(held)
            if locked is None or locked["revision"] != revision:
                raise StaleRevisionError(revision, -1 if locked is None else locked["revision"])
            seats = self._seat_rows(tx, table_id)
            seat = seats[seat_no]
            if self._bot_for(fresh, locked, seats, now) != (seat_no, bot, stand_in):
                raise StaleRevisionError(revision, revision)  # the person came back meanwhile
            g = games.load_game(cls["game"], locked["save"])  # the stored game, in this transaction
            g.play(action)
            new = self._write_move(tx, fresh, locked, g, now)
            if stand_in:
                if not seat["stand_in"]:
                    tx.run("UPDATE seats SET stand_in = 1 WHERE id = ?", (seat["id"],))
            # every bot move is told in the table's log, with the move (bot_moves.py counts
            # them per seat for the teacher's results): written with the move or not at all
            self._event(tx, cls["id"], table_id, new, seat_no,
                        "stand_in" if stand_in else "bot_move", {"bot": bot, "action": action})
        return new

    def _seat_moves(self, tx: Tx, cls: dict, table: dict) -> list[dict]:
        """Per seat of the table: its moves and how many a bot made (:mod:`.bot_moves`), cached
        per revision like the games (a bot's event is written with its move's revision)."""
        def count() -> list[dict]:
            events = tx.all("SELECT seat_no, kind, revision FROM events WHERE table_id = ? "
                            "AND kind IN (?, ?) ORDER BY id", (table["id"], *BOT_KINDS))
            movers = games.movers(cls["game"], table["save"]) if table["save"] else []
            return seat_moves(movers, events, cls["n_seats"])
        return self._cached(self._moves, table, count)

    # ---- retention -------------------------------------------------------------------------
    def _purge_ids(self, class_ids: list[str]) -> int:
        for class_id in class_ids:
            with self.store.write() as tx:
                if tx.lock("classes", class_id) is None:
                    continue
                for table in TABLES:
                    column = "id" if table == "classes" else "class_id"
                    tx.run(f"DELETE FROM {table} WHERE {column} = ?", (class_id,))
        if class_ids:
            self.store.after_purge()
        return len(class_ids)

    def purge_expired(self, now: float | None = None) -> int:
        """Delete every class past its retention (``keep_days`` after creation)."""
        now = self.clock() if now is None else now
        with self.store.read() as tx:
            ids = [r["id"] for r in tx.all("SELECT id FROM classes WHERE expires_at <= ?",
                                           (now,))]
        return self._purge_ids(ids)

    def purge_older_than(self, days: float) -> int:
        """Delete every class created more than ``days`` days ago."""
        if isinstance(days, bool) or not isinstance(days, (int, float)) or days < 0:
            raise BadInput("bad_days")
        cutoff = self.clock() - days * DAY
        with self.store.read() as tx:
            ids = [r["id"] for r in tx.all("SELECT id FROM classes WHERE created_at <= ?",
                                           (cutoff,))]
        return self._purge_ids(ids)

    def count_classes(self) -> int:
        """Classes in the store that have not expired (the teacher's page caps creation)."""
        with self.store.read() as tx:
            row = tx.one("SELECT COUNT(*) AS n FROM classes WHERE expires_at > ?",
                         (self.clock(),))
        return int(row["n"])

    def latest_class(self, game: str, tables: int, seats: int) -> str | None:
        """The code of the newest live class of this game and size, or None (the workshop
        server keeps its class across restarts with the same spec)."""
        with self.store.read() as tx:
            row = tx.one("SELECT code FROM classes WHERE game = ? AND n_tables = ? AND "
                         "n_seats = ? AND expires_at > ? ORDER BY created_at DESC LIMIT 1",
                         (game, tables, seats, self.clock()))
        return None if row is None else row["code"]

    def class_summary(self, code: str) -> dict[str, Any]:
        """What anyone holding the store may read of a class without its key: code, game,
        tables, seats, seats taken, creation and expiry times (``NotFound`` if there is none)."""
        with self.store.read() as tx:
            row = self._class(tx, code)
            taken = tx.one("SELECT COUNT(*) AS n FROM seats WHERE class_id = ? AND "
                           "token_hash IS NOT NULL", (row["id"],))
        return {"code": row["code"], "game": row["game"], "tables": row["n_tables"],
                "seats": row["n_seats"], "taken": int(taken["n"]),
                "created_at": row["created_at"], "expires_at": row["expires_at"]}

    def new_teacher_key(self, code: str) -> str:
        """A new teacher key for the class ``code`` (the store keeps only a key's hash, so a
        lost key cannot be shown again); the old key no longer opens the class."""
        key = credentials.new_token()
        with self.store.write() as tx:
            class_id = self._class(tx, code)["id"]
            tx.run("UPDATE classes SET teacher_hash = ? WHERE id = ?",
                   (credentials.token_hash(key), class_id))
        return key

    def purge_code(self, code: str) -> int:
        """Delete one class by its code (the command line's ``class purge CODE``)."""
        with self.store.read() as tx:
            class_id = self._class(tx, code)["id"]
        return self._purge_ids([class_id])

    def close(self) -> None:
        self.store.close()


class Seat:
    """One student's seat: ``token`` (the secret kept in the browser), ``table``, ``index``,
    ``name``, ``code``; ``pin`` only right after joining or rejoining (shown once)."""

    def __init__(self, room: Room, token: str, code: str, table: int, index: int, name: str,
                 pin: str | None = None) -> None:
        self.room = room
        self.token = token
        self.code = code
        self.table = table
        self.index = index
        self.name = name
        self.pin = pin

    def __repr__(self) -> str:  # never the token
        return f"<Seat {self.code} table {self.table} seat {self.index}>"

    def _read(self) -> tuple[dict, dict, dict, list[dict]]:
        room = self.room
        with room.store.read() as tx:
            seat = room._seat(tx, self.token)
            cls = room._class_by_id(tx, seat["class_id"])
            table = tx.one("SELECT * FROM room_tables WHERE id = ?", (seat["table_id"],))
            seats = room._seat_rows(tx, seat["table_id"])
            cls = dict(cls, lock=asks.current_lock(tx, cls["id"]))
        return seat, cls, table, seats

    def _room_for(self, seat: dict, cls: dict, table: dict, seats: list[dict]) -> dict:
        """The table's public part (:meth:`Room._room_part`), plus whether a bot stands in
        for this seat now."""
        room = self.room._room_part(cls, table, seats, self.room.clock(), cls.get("lock"))
        room["stand_in"] = bool(seat["stand_in"])
        return room

    def view(self) -> dict[str, Any]:
        """This seat's view as ``Game.view(index)`` gives it (nothing of another seat's hand or
        agenda), plus ``revision``, ``to_move`` (a seat index or None), ``over``, and ``room``:
        the table's seats (names, connected, bots), status and whether the class is paused."""
        seat, cls, table, seats = self._read()
        view: dict[str, Any] = {}
        if table["save"]:
            view = self.room._seen(cls, table).view(seat["seat_no"])
        view.update(revision=table["revision"], to_move=table["to_move"],
                    over=table["status"] == "over", room=self._room_for(seat, cls, table, seats))
        view.update(self._asks_part(seat["class_id"]))  # "lock", "ask" (the room asks)
        return view

    def state(self) -> dict[str, Any]:
        """For a kernel that shows this seat (the class-play widget): ``game`` (the table's
        game as stored, replayed: hidden information included, so it stays in the kernel; read
        it, never play on it - it is shared by this process's readers; None before the start),
        ``revision``, ``to_move``, ``over`` and ``room`` as :meth:`view` gives them, and the
        class's ``connected_seconds`` (how often a page's heartbeat must come)."""
        seat, cls, table, seats = self._read()
        game = self.room._seen(cls, table) if table["save"] else None
        return {"game": game, "revision": table["revision"], "to_move": table["to_move"],
                "over": table["status"] == "over",
                "room": self._room_for(seat, cls, table, seats),
                "connected_seconds": cls["settings"]["connected_seconds"]}

    def public_view(self) -> dict[str, Any]:
        """The spectators' view of this seat's table."""
        return self.room.spectate(self.code, self.table)

    def play(self, action: str, *, revision: int) -> int:
        """Play ``action`` (notation) on ``revision``; returns the new revision. Refused:
        ``IllegalMoveError`` (the rules; stored for the teacher's view), ``StaleRevisionError``
        (the table moved on), :class:`Paused`, ... - and nothing changed."""
        return self.room._play(self.token, action, revision)

    def wait(self, revision: int, timeout: float = 5.0) -> int | None:
        """A newer revision of this seat's table than ``revision``, or None after ``timeout``."""
        with self.room.store.read() as tx:
            table_id = self.room._seat(tx, self.token)["table_id"]
        return self.room._wait(table_id, revision, timeout)

    def touch(self) -> None:
        """A heartbeat: the seat counts as connected for the class's ``connected_seconds``."""
        now = self.room.clock()
        with self.room.store.write() as tx:
            seat = self.room._seat(tx, self.token)
            tx.run("UPDATE seats SET last_seen = ? WHERE id = ?", (now, seat["id"]))

    def back(self) -> None:
        """The person takes the seat back from the bot that stood in (the log says so)."""
        now = self.room.clock()
        with self.room.store.write() as tx:
            seat = self.room._seat(tx, self.token)
            tx.run("UPDATE seats SET last_seen = ?, stand_in = 0 WHERE id = ?", (now, seat["id"]))
            if seat["stand_in"]:
                table = tx.lock("room_tables", seat["table_id"])
                # the idle clock starts again: the person has a full idle time for this turn
                new = self.room._bump(tx, table, now)
                self.room._event(tx, seat["class_id"], table["id"], new, seat["seat_no"],
                                 "returned", {})

    def leave(self) -> bool:
        """The student leaves. Before the table starts the seat is free again in the room (the
        token and PIN stop working, the name is gone: as :meth:`Teacher.remove`); True then.
        After the start the seat stays the student's (a bot stands in once it is idle; the
        token and PIN still lead back to it) and the room changes nothing: False."""
        now = self.room.clock()
        with self.room.store.write() as tx:
            seat = self.room._seat(tx, self.token)
            table = tx.lock("room_tables", seat["table_id"])
            if table["status"] != "waiting":
                return False
            self.room._clear_seat(tx, seat["id"])
            self.room._bump(tx, table, now)
        return True

    def step_bots(self) -> int:
        """Play the bots' moves of this seat's class now (see :meth:`Room.step_bots`)."""
        return self.room.step_bots(self.code)

    def log(self) -> list[dict[str, Any]]:
        """The table's log beyond the moves: ``started``, ``stand_in`` (a bot played for an idle
        seat: which bot, which action), ``bot_move`` (a bot played a bot's seat: likewise),
        ``bot``/``person`` (the teacher handed the seat over), ``returned``; each with its
        revision and seat."""
        with self.room.store.read() as tx:
            seat = self.room._seat(tx, self.token)
            rows = tx.all("SELECT revision, seat_no, kind, params FROM events WHERE table_id = ? "
                          "ORDER BY id", (seat["table_id"],))
        return [{"revision": r["revision"], "seat": r["seat_no"], "kind": r["kind"],
                 **json.loads(r["params"])} for r in rows]

    def save(self) -> str:
        """The whole game as ``Game.to_json()`` gives it, once the game is over (before that
        it would show the hidden deal)."""
        _seat, cls, table, _seats = self._read()
        if table["status"] != "over":
            raise RoomError("not_over")
        return games.load_game(cls["game"], table["save"]).to_json()


    # ---- the room asks (periodic_edu.classroom.asks) ----------------------------------------
    def _asks_part(self, class_id: str) -> dict[str, Any]:
        with self.room.store.read() as tx:
            return asks.seat_view_part(tx, class_id)

    def question(self, lang: str | None = None) -> dict[str, Any] | None:
        """The next item of the open question this seat has not answered (no key), or None."""
        return asks.question(self, lang)

    def ask_items(self, lang: str | None = None) -> dict[str, Any] | None:
        """Every item of the open question, with this seat's answers so far (no key)."""
        return asks.ask_items(self, lang)

    def answer(self, item: str, *, choice: Any = None, reason: Any = None, value: Any = None,
               cell: Any = None, ask: str | None = None) -> dict[str, Any]:
        """Answer or change the answer to ``item`` until the teacher closes the question."""
        return asks.answer(self, item, choice=choice, reason=reason, value=value, cell=cell,
                           ask_id=ask)

    def revealed(self, lang: str | None = None) -> dict[str, Any] | None:
        """The last question the teacher revealed: keys in words, explanations, right or not."""
        return asks.revealed(self, lang)


class Teacher:
    """The teacher's view and controls of one class (every call checks the key again)."""

    def __init__(self, room: Room, code: str, key: str) -> None:
        self.room = room
        self.code = code
        self._key = key

    def __repr__(self) -> str:  # never the key
        return f"<Teacher {self.code}>"

    def overview(self) -> dict[str, Any]:
        """Every table (revision, whose turn, scores, seats: name, connected, bot, and the
        counts of :mod:`.bot_moves`: moves, bot_moves, stand_in_turns...) and the
        class's refusals grouped by trend, duel value or rule, with counts and examples; and
        ``against_data``: the Spend/Gain/Free moves (public) whose step the real data does not
        follow (``trend``, ``from``, ``to``, ``property``, ``before``, ``after``, ``count``,
        up to three ``examples`` of table and seat), most frequent first."""
        room = self.room
        now = room.clock()
        with room.store.read() as tx:
            cls = room._teacher_class(tx, self.code, self._key)
            tables = tx.all("SELECT * FROM room_tables WHERE class_id = ? ORDER BY table_no",
                            (cls["id"],))
            seats = {t["id"]: room._seat_rows(tx, t["id"]) for t in tables}
            refusals = tx.all("SELECT * FROM refusals WHERE class_id = ? ORDER BY id DESC",
                              (cls["id"],))
            moved = {t["id"]: room._seat_moves(tx, cls, t) for t in tables}
        out_tables = []
        for t in tables:
            scores = None
            if t["save"]:
                scores = games.totals(room._seen(cls, t))
            out_tables.append({"table": t["table_no"], "game": cls["game"],
                               "revision": t["revision"], "to_move": t["to_move"],
                               "status": t["status"], "over": t["status"] == "over",
                               "scores": scores, "updated_at": t["updated_at"],
                               "seats": [{**seat, **counts} for seat, counts in zip(
                                   room._public_seats(cls, seats[t["id"]], now,
                                                      t["status"] != "waiting"),
                                   moved[t["id"]])]})
        where = {}
        for t in tables:
            for s in seats[t["id"]]:
                where[s["id"]] = (t["table_no"], s["seat_no"], s["name"])
        groups: dict[tuple[str, str], dict] = {}
        for r in refusals:
            table_no, seat_no, name = where.get(r["seat_id"], (None, None, None))
            group = groups.setdefault((r["grp_kind"], r["grp_id"]), {
                r["grp_kind"]: r["grp_id"], "count": 0, "examples": [], "tables": {},
                "students": {}})
            group["count"] += 1
            group["tables"][table_no] = group["tables"].get(table_no, 0) + 1
            group["students"][name] = group["students"].get(name, 0) + 1
            if len(group["examples"]) < EXAMPLES:
                group["examples"].append({"table": table_no, "seat": seat_no, "name": name,
                                          "action": r["action"], "reason": r["reason"],
                                          "params": json.loads(r["params"])})
        ranked = sorted(groups.values(), key=lambda g: -g["count"])
        against: dict[tuple[str, str, str], dict] = {}
        for t in tables:
            if not t["save"]:
                continue
            for seat_no, check in room._against_data(cls, t):
                item = against.setdefault((check.trend, check.source, check.target), {
                    "trend": check.trend, "from": check.source, "to": check.target,
                    "property": check.property, "before": check.before, "after": check.after,
                    "count": 0, "examples": []})
                item["count"] += 1
                if len(item["examples"]) < EXAMPLES:
                    item["examples"].append({"table": t["table_no"], "seat": seat_no})
        against_ranked = sorted(against.values(),
                                key=lambda a: (-a["count"], a["trend"], a["from"], a["to"]))
        return {"code": cls["code"], "game": cls["game"], "paused": bool(cls["paused"]),
                "settings": cls["settings"], "tables": out_tables, "refusals": ranked,
                "against_data": against_ranked}

    def _set_paused(self, paused: bool) -> None:
        room = self.room
        now = room.clock()
        with room.store.write() as tx:
            cls = room._teacher_class(tx, self.code, self._key, lock="update")
            if bool(cls["paused"]) == paused:
                return
            tx.run("UPDATE classes SET paused = ? WHERE id = ?", (int(paused), cls["id"]))
            # every table's revision moves on (its seats wake and see the pause), and on resume
            # the idle clocks start again: nobody is replaced by a bot for the paused time
            for t in tx.all("SELECT * FROM room_tables WHERE class_id = ?", (cls["id"],)):
                room._bump(tx, tx.lock("room_tables", t["id"]), now)

    def pause(self) -> None:
        """Every table refuses moves (``Paused``) until :meth:`resume`."""
        self._set_paused(True)

    def resume(self) -> None:
        self._set_paused(False)

    def start_table(self, table: int) -> int:
        return self.room.start_table(self.code, self._key, table)

    def set_bot(self, table: int, seat: int, bot: str | None) -> None:
        """Hand a seat to a bot (``bot``: its name) or back to its person (None)."""
        room = self.room
        now = room.clock()
        with room.store.write() as tx:
            cls = room._teacher_class(tx, self.code, self._key, lock="share")
            if bot is not None and bot not in games.bot_names(cls["game"]):
                raise BadInput("bad_choice", setting="bot",
                               choices=", ".join(games.bot_names(cls["game"])))
            row = room._table(tx, cls, table, lock=True)
            target = tx.one("SELECT * FROM seats WHERE table_id = ? AND seat_no = ?",
                            (row["id"], seat))
            if target is None:
                raise NotFound("no_seat_at", table=table, seat=str(seat)[:10])
            if bot is None and target["name"] is None:
                raise BadInput("no_person")
            tx.run("UPDATE seats SET bot = ?, stand_in = 0 WHERE id = ?", (bot, target["id"]))
            new = room._bump(tx, row, now)
            room._event(tx, cls["id"], row["id"], new, seat, "bot" if bot else "person",
                        {"bot": bot} if bot else {})

    def remove(self, table: int, seat: int) -> None:
        """Remove a joiner before their table starts: the seat is free again, their token and
        PIN stop working, their name is gone from the store."""
        room = self.room
        now = room.clock()
        with room.store.write() as tx:
            cls = room._teacher_class(tx, self.code, self._key, lock="share")
            row = room._table(tx, cls, table, lock=True)
            if row["status"] != "waiting":
                raise NotStarted("started", table=table)
            room._clear_seat(tx, self._person(tx, row, table, seat)["id"])
            room._bump(tx, row, now)

    def free(self, table: int, seat: int) -> None:
        """Free a student's seat, before or after the start (a page that took a seat it should
        not have, a student who left): their token and PIN stop working and their name is
        gone from the store. Before the start the seat is empty again (as :meth:`remove`);
        after it the class's bot plays the seat until a new student joins and takes it over
        (the table's log says so)."""
        room = self.room
        now = room.clock()
        with room.store.write() as tx:
            cls = room._teacher_class(tx, self.code, self._key, lock="share")
            row = room._table(tx, cls, table, lock=True)
            target = self._person(tx, row, table, seat)
            room._clear_seat(tx, target["id"])
            new = room._bump(tx, row, now)
            if row["status"] != "waiting":
                room._event(tx, cls["id"], row["id"], new, seat, "bot",
                            {"bot": cls["settings"]["bot"]})

    def _person(self, tx: Tx, row: dict, table: int, seat: int) -> dict:
        """The seat ``seat`` of the table row, with a student at it (else NotFound)."""
        target = None
        if isinstance(seat, int) and not isinstance(seat, bool):
            target = tx.one("SELECT * FROM seats WHERE table_id = ? AND seat_no = ?",
                            (row["id"], seat))
        if target is None or target["name"] is None:
            raise NotFound("no_seat_at", table=table, seat=str(seat)[:10])
        return target

    def lock_joining(self, locked: bool = True) -> None:
        """Close (or open again) joining: while closed, a join is refused ("the teacher has
        closed joining"); rejoining with a PIN and returning with a token still work."""
        room = self.room
        with room.store.write() as tx:
            cls = room._teacher_class(tx, self.code, self._key, lock="update")
            settings = {**cls["settings"], "join_locked": bool(locked)}
            tx.run("UPDATE classes SET settings = ? WHERE id = ?",
                   (json.dumps(settings), cls["id"]))

    def new_pin(self, table: int, seat: int) -> str:
        """A new PIN for a student's seat (a forgotten PIN, or a seat whose PIN a classmate
        locked with wrong guesses): returned once for the teacher to pass on; the old PIN and
        the lock are gone. The student's token (their page) still works."""
        room = self.room
        pin = credentials.new_pin()
        pin_hash = credentials.pin_hash(pin)  # slow on purpose: before the transaction
        with room.store.write() as tx:
            cls = room._teacher_class(tx, self.code, self._key, lock="share")
            row = room._table(tx, cls, table)
            target = self._person(tx, row, table, seat)
            tx.run("UPDATE seats SET pin_hash = ?, pin_failures = 0, pin_locked_until = 0 "
                   "WHERE id = ?", (pin_hash, target["id"]))
            # a new PIN: the guesses at the old one count no more
            tx.run("DELETE FROM page_tries WHERE class_id = ? AND name_key = ? AND kind = 'pin'",
                   (cls["id"], target["name_key"]))
        return pin

    def move(self, table: int, seat: int, to_table: int) -> tuple[int, int]:
        """Move the student at ``seat`` of ``table`` to the first free seat of ``to_table``,
        before either table starts (addressed like :meth:`set_bot` and :meth:`remove`). The
        student keeps their name, token and PIN: their page follows them. Returns the new
        ``(table, seat)``. A move that fills ``to_table`` starts it, as the last join does.

        Two moves, or a move and a join, at once: all take the class row exclusively, so they
        queue; the second sees the seats the first took (a full table refuses it)."""
        room = self.room
        now = room.clock()
        with room.store.write() as tx:
            cls = room._teacher_class(tx, self.code, self._key, lock="update")
            if to_table == table:
                raise BadInput("same_table", table=table)
            # both tables locked in table order: two moves in opposite directions cannot
            # deadlock (they queue on the class row anyway)
            rows = {}
            for no in sorted((table, to_table), key=lambda n: (not isinstance(n, int), str(n))):
                rows[no] = room._table(tx, cls, no, lock=True)
            source, target = rows[table], rows[to_table]
            for row in (source, target):
                if row["status"] != "waiting":
                    raise NotStarted("started", table=row["table_no"])
            person = None
            if isinstance(seat, int) and not isinstance(seat, bool):  # PostgreSQL types it
                person = tx.one("SELECT * FROM seats WHERE table_id = ? AND seat_no = ?",
                                (source["id"], seat))
            if person is None or person["name"] is None:
                raise NotFound("no_seat_at", table=table, seat=str(seat)[:10])
            free = tx.one("SELECT * FROM seats WHERE table_id = ? AND name IS NULL "
                          "AND bot IS NULL ORDER BY seat_no LIMIT 1", (target["id"],))
            if free is None:
                raise TableFull("table_full", table=to_table)
            # the old row is cleared first: name_key and token_hash are unique in the class
            tx.run("UPDATE seats SET name = NULL, name_key = NULL, token_hash = NULL, "
                   "pin_hash = NULL, pin_failures = 0, pin_locked_until = 0, last_seen = 0 "
                   "WHERE id = ?", (person["id"],))
            tx.run("UPDATE seats SET name = ?, name_key = ?, token_hash = ?, pin_hash = ?, "
                   "pin_failures = ?, pin_locked_until = ?, last_seen = ? WHERE id = ?",
                   (person["name"], person["name_key"], person["token_hash"],
                    person["pin_hash"], person["pin_failures"], person["pin_locked_until"],
                    person["last_seen"], free["id"]))
            tx.run("UPDATE refusals SET seat_id = ?, table_id = ? WHERE seat_id = ?",
                   (free["id"], target["id"], person["id"]))
            # the page that took the seat holds the new one (one seat per page and class)
            tx.run("DELETE FROM seat_pages WHERE seat_id = ?", (free["id"],))
            tx.run("UPDATE seat_pages SET seat_id = ? WHERE seat_id = ?",
                   (free["id"], person["id"]))
            asks.seat_moved(tx, person["id"], free["id"])
            room._bump(tx, source, now)
            room._bump(tx, target, now)
            empty = tx.one("SELECT COUNT(*) AS n FROM seats WHERE table_id = ? AND name IS NULL "
                           "AND bot IS NULL", (target["id"],))["n"]
            if empty == 0:
                room._start(tx, cls, tx.lock("room_tables", target["id"]), now)
        return to_table, free["seat_no"]

    def results(self) -> dict[str, Any]:
        """Each seat's score, ranked at its table and, duplicate-bridge style, against the same
        seat at the other tables (the same deal when the class was created with ``duplicate``):
        ``{"duplicate": bool, "rows": [{"table", "seat", "name", "bot", "score", "over",
        "table_rank", "seat_rank", "vs_seat_average", "moves", "bot_moves", "stand_in_turns",
        "mostly_bots", "long_stand_in"}, ...], "homework": [...]}`` (``homework``: the imported
        result codes of every assignment of the class, :func:`.homework.class_results`). Ranks
        count from 1 (ties share a rank); a table not started has no rows. ``moves``: the
        seat's actions, ``bot_moves``: how many of them a bot made (:mod:`.bot_moves`)."""
        o = self.overview()
        rows = []
        for t in o["tables"]:
            if t["scores"] is None:
                continue
            for index, (score, seat) in enumerate(zip(t["scores"], t["seats"])):
                rows.append({"table": t["table"], "seat": index, "name": seat["name"],
                             "bot": seat["bot"], "score": score, "over": t["over"],
                             "table_rank": 1 + sum(x > score for x in t["scores"]),
                             **{k: seat[k] for k in ("moves", "bot_moves", "stand_in_turns",
                                                     "mostly_bots", "long_stand_in")}})
        for row in rows:
            same = [r["score"] for r in rows if r["seat"] == row["seat"]]
            row["seat_rank"] = 1 + sum(x > row["score"] for x in same)
            row["vs_seat_average"] = round(row["score"] - sum(same) / len(same), 2)
        # the class's imported homework beside live play (issue 34): its own rows, never mixed
        # into the tables' ranks
        return {"duplicate": bool(o["settings"]["duplicate"]), "rows": rows,
                "homework": homework.class_results(self.room, self.code, self._key)}

    # ---- homework (the logic is in .homework) ---------------------------------------------------
    def assign(self, assignment: Any) -> str:
        """Keep an assignment (``periodic_edu.assignments.new_assignment``) with the class."""
        return homework.assign(self.room, self.code, self._key, assignment)

    def assignments(self) -> list:
        return homework.assignments(self.room, self.code, self._key)

    def import_codes(self, codes: list, assignment: Any = None, key: Any = None) -> dict:
        """Students' result codes into the class's report: a bad code is refused by its index,
        the good ones land (see :func:`.homework.import_codes`)."""
        return homework.import_codes(self.room, self.code, self._key, codes, assignment, key)

    def homework(self, assignment: Any = None) -> dict:
        """The imported results of an assignment (default: the latest)."""
        return homework.report(self.room, self.code, self._key, assignment)

    def purge(self) -> None:
        """End the class and delete it: no row of it is left in the store."""
        room = self.room
        with room.store.read() as tx:
            class_id = room._teacher_class(tx, self.code, self._key)["id"]
        room._purge_ids([class_id])

    # ---- the room asks (periodic_edu.classroom.asks, .report) -------------------------------
    def lock(self, step: str) -> None:
        """Lock every device of the class to ``step`` (``explore``, ``play``, ``check``)."""
        asks.lock(self, step)

    def unlock(self) -> None:
        asks.lock(self, None)

    def ask(self, form: str | None = None, phase: str = "pre",
            items: list[str] | None = None, crossed: bool = False) -> str:
        """Ask every seat a whole form (``pre``/``post``) or 1-3 bank items (``quick``,
        ``exit``); returns the ask's id. ``crossed``: each half of the class takes one form
        (:func:`asks.seat_form`)."""
        return asks.ask(self, form=form, phase=phase, items=items, crossed=crossed)

    def close(self, ask: str) -> None:
        asks.close(self, ask)

    def reveal(self, ask: str) -> None:
        asks.reveal(self, ask)

    def asks(self) -> list[dict[str, Any]]:
        return asks.asks_of(self)

    def report(self) -> dict[str, Any]:
        """Per concept pre/post/gain next to the refusals in play; per student, table, item."""
        return _report.report(self)

    def answers_csv(self) -> str:
        return _report.answers_csv(self)
