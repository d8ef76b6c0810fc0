"""The room: classes, tables and seats over a store, with one authority per table.

This module is the facade: :class:`Room` (classes, seating, the tables as the projector sees
them, the bots, retention), :class:`Seat` and :class:`Teacher`. The work is done by modules of
one job each:

* :mod:`.rows` - the SQL rows every part shares (classes, tables, seats, the revision's
  compare-and-set, the log's events);
* :mod:`.turns` - one authority per table: the deal, a move, a refused move kept, the bots'
  moves, waiting for the next revision;
* :mod:`.seating` - join, resume, rejoin, and the bounds on a page's tries;
* :mod:`.seats` - :class:`Seat`, a student's handle, and clearing a seat;
* :mod:`.teacher` - :class:`Teacher`, the teacher's view and controls;
* :mod:`.replays` - the games this process replayed, kept by revision.

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

import json
import time
from dataclasses import dataclass
from typing import Any, Callable

from ..engine import new_class_code
from . import credentials, games, rows, seating, turns
from .errors import BadInput, RoomError
from .names import NAME_LIMIT
from .replays import GAMES_CACHED, Replays
from .schema import TABLES
from .seating import PAGE_TRIES_PER_MINUTE
from .seats import Seat
from .store import Store
from .teacher import EXAMPLES, Teacher
from .turns import ACTION_LIMIT, NOTATION, REFUSALS_PER_MINUTE, REFUSALS_PER_SEAT

__all__ = ["Room", "Seat", "Teacher", "ClassInfo", "DEFAULTS", "NAME_LIMIT", "ACTION_LIMIT",
           "REFUSALS_PER_SEAT", "REFUSALS_PER_MINUTE", "NOTATION", "EXAMPLES", "GAMES_CACHED",
           "PAGE_TRIES_PER_MINUTE", "DAY"]

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


def _now() -> float:
    return time.time()


def _int_setting(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput("bad_number", setting=name, low=low, high=high)
    return value


def _chosen_settings(game: str, settings: dict[str, Any]) -> dict[str, Any]:
    """A new class's settings (:data:`DEFAULTS` and ``settings``), each checked."""
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
    return chosen


class Room:
    """The class-play room over one store (see :func:`periodic_edu.classroom.open_room`)."""

    def __init__(self, store: Store, clock: Callable[[], float] = _now) -> None:
        self.store = store
        self.clock = clock
        #: the games this process replayed, by table and revision (:mod:`.replays`)
        self.replays = Replays()

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
        chosen = _chosen_settings(game, settings)
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

    def teacher(self, code: str, teacher_key: str) -> Teacher:
        """The teacher's controls of a class; a wrong key raises ``PermissionError``."""
        with self.store.read() as tx:
            row = rows.teacher_class(tx, code, teacher_key)
        return Teacher(self, row["code"], teacher_key)

    # ---- seats (the work: .seating) -------------------------------------------------------
    def join(self, code: str, name: str, asker: str | None = None) -> Seat:
        """Seat a student (``name``: a pseudonym) at the first free seat, in table order. A table
        whose last seat this fills starts. The returned seat's ``token`` and ``pin`` are shown
        to the student once; the store keeps only their hashes.

        ``asker``: the asking page's id (:data:`credentials.ASKER_PATTERN`; None: the room's
        own code, the command line, a test). A page holds one seat of a class (a second join is
        ``one_seat`` while its first seat is taken) and makes :data:`PAGE_TRIES_PER_MINUTE`
        joins and rejoins a minute; both are kept in the store, so a reload (a new kernel for
        the same browser) does not start them again."""
        return seating.join(self, code, name, asker)

    def resume(self, token: str) -> Seat:
        """The seat of a token, from any process (a reload, a new browser tab)."""
        return seating.resume(self, token)

    def has_seat(self, token: str) -> bool:
        """Whether a seat token still names a seat (nothing is written)."""
        return seating.has_seat(self, token)

    def rejoin(self, code: str, name: str, pin: str, asker: str | None = None) -> Seat:
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
        return seating.rejoin(self, code, name, pin, asker)

    # ---- tables (the work: .turns) --------------------------------------------------------
    def start_table(self, code: str, teacher_key: str, table: int) -> int:
        """Start a table now (the teacher): empty seats become bots. Returns the revision."""
        now = self.clock()
        with self.store.write() as tx:
            cls = rows.teacher_class(tx, code, teacher_key, lock="share")
            row = rows.table_row(tx, cls, table, lock=True)
            return turns.start(self, tx, cls, row, now)

    def spectate(self, code: str, table: int) -> dict[str, Any]:
        """The public view of a table (a projector): no seat's secrets, plus ``revision``,
        ``to_move``, ``over`` and the room's part (who sits there, who is connected)."""
        return turns.spectate(self, code, table)

    def wait_table(self, code: str, table: int, revision: int,
                   timeout: float = 5.0) -> int | None:
        """A newer revision of a table than ``revision``, or None after ``timeout`` seconds."""
        with self.store.read() as tx:
            table_id = rows.table_row(tx, rows.class_row(tx, code), table)["id"]
        return turns.wait(self, table_id, revision, timeout)

    def step_bots(self, code: str, max_moves: int = 1_000) -> int:
        """Play every move that is a bot's now, at every table of the class: bot seats, and
        seats idle on their turn longer than the class's ``idle_seconds`` (a bot stands in until
        the person returns; the table's log says so). Any process may call this at any time:
        each move is claimed with the table's revision, so exactly one process's move lands
        and the others' are stale and change nothing. Returns the moves this call made."""
        return turns.step_bots(self, code, max_moves)

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
            row = rows.class_row(tx, code)
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
            class_id = rows.class_row(tx, code)["id"]
            tx.run("UPDATE classes SET teacher_hash = ? WHERE id = ?",
                   (credentials.token_hash(key), class_id))
        return key

    def purge_code(self, code: str) -> int:
        """Delete one class by its code (the command line's ``class purge CODE``)."""
        with self.store.read() as tx:
            class_id = rows.class_row(tx, code)["id"]
        return self._purge_ids([class_id])

    def close(self) -> None:
        self.store.close()


