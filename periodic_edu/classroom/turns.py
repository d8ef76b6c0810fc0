"""One authority per table: the deal, a student's move, a refused move kept for the teacher,
the bots' moves, and waiting for the next revision (DESIGN §7).

A move is checked by the engine against the table's game as stored and written with
``revision + 1`` in the same transaction (:func:`.rows.bump`); a move on an older revision is
refused as stale and changes nothing. A bot's move is claimed the same way: whichever process
writes the revision first wins. The room's docstring (:mod:`.room`) lists what happens when two
writes arrive at once. Every function takes the :class:`~.room.Room` (its store, its clock and
its replayed games).
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from ..engine import new_seed
from . import asks, games, rows
from .errors import BadInput, NotFound, NotStarted, Paused, RoomError, StaleRevisionError
from .store import Tx

__all__ = ["ACTION_LIMIT", "REFUSALS_PER_SEAT", "REFUSALS_PER_MINUTE", "NOTATION", "start",
           "start_if_full", "play", "why_held", "held", "public_seats", "room_part",
           "spectate", "wait", "step_bots"]

ACTION_LIMIT = 80
#: refusals kept per seat: one student's mistakes are bounded in the store
REFUSALS_PER_SEAT = 500
#: refusals kept per seat per minute: a page sending refused moves flat out stores this many
REFUSALS_PER_MINUTE = 12
#: the characters of action notation (both games): a refused action is kept for the teacher
#: only in these, anything else is "an unreadable move" (no free text reaches the teacher's
#: page or the projector)
NOTATION = re.compile(r"^[A-Za-z0-9:>+\-_.,=|/]{1,%d}$" % ACTION_LIMIT)


# ---- the deal ----------------------------------------------------------------------------------
def start(room: Any, tx: Tx, cls: dict, table: dict, now: float) -> int:
    """Fill the empty seats with bots and deal the game (one transaction with the caller)."""
    if table["status"] != "waiting":
        raise NotStarted("started", table=table["table_no"])
    bot = cls["settings"]["bot"]
    seats = rows.seat_rows(tx, table["id"])
    names = []
    for s in seats:
        if s["name"] is None and s["bot"] is None:
            tx.run("UPDATE seats SET bot = ? WHERE id = ?", (bot, s["id"]))
        names.append(s["name"] or f"Bot {s['seat_no'] + 1}")
    duplicate = cls["code"] if cls["settings"]["duplicate"] else None
    g = games.new_game(cls["game"], names, cls["edition"], new_seed(), duplicate,
                       cls["settings"].get("max_rounds"))
    revision = rows.bump(tx, table, now, status="playing", save=games.dump_game(g),
                         to_move=games.to_move(g))
    rows.event(tx, cls["id"], table["id"], revision, None, "started", {}, room.clock())
    return revision


def start_if_full(room: Any, tx: Tx, cls: dict, table_id: str, now: float) -> None:
    """The seat just taken was the table's last free one: the table starts (a join, the
    teacher moving a student). The table row is read again, locked: the caller's bump moved
    its revision on."""
    if rows.empty_seats(tx, table_id) == 0:
        table = tx.lock("room_tables", table_id)
        if table["status"] == "waiting":
            start(room, tx, cls, table, now)


def _write_move(tx: Tx, table: dict, g: Any, now: float) -> int:
    return rows.bump(tx, table, now, save=games.dump_game(g), to_move=games.to_move(g),
                     status="over" if g.is_over else "playing")


# ---- why no move lands -------------------------------------------------------------------------
def why_held(cls: dict, lock: str | None) -> str | None:
    """Why no move lands at the class's tables, or None: ``"paused"`` (the teacher's
    pause) or ``"held_<step>"`` (the class brought to a step where play waits,
    :data:`asks.HOLDS_PLAY`); each is a message of :data:`errors.MESSAGES`."""
    if cls["paused"]:
        return "paused"
    return f"held_{lock}" if lock in asks.HOLDS_PLAY else None


def held(tx: Tx, cls: dict) -> str | None:
    """:func:`why_held`, read in the move's own transaction: a move and a lock queue on
    the class row, and the later one sees the other."""
    return why_held(cls, asks.current_lock(tx, cls["id"]))


# ---- a student's move --------------------------------------------------------------------------
def _checked_move(action: object, revision: object) -> None:
    if not isinstance(action, str) or not action.strip() or len(action) > ACTION_LIMIT:
        raise BadInput("bad_action", limit=ACTION_LIMIT)
    if isinstance(revision, bool) or not isinstance(revision, int):
        raise BadInput("bad_revision")


def _check_turn(tx: Tx, seat: dict, g: Any) -> None:
    """Refuse a move of a seat that is not to move (the mover said by name, as the page shows
    the seats: never a seat number) or that a bot holds."""
    if games.to_move(g) != seat["seat_no"]:
        mover = next((s for s in rows.seat_rows(tx, seat["table_id"])
                      if s["seat_no"] == games.to_move(g)), None)
        if mover is None or not mover["name"] or mover["bot"]:
            raise RoomError("not_your_turn_bot")
        raise RoomError("not_your_turn", name=mover["name"])
    if seat["bot"]:
        raise RoomError("bot_seat")


def play(room: Any, token: str, action: object, revision: object) -> int:
    """The move of the seat ``token`` opens, on ``revision`` (see :meth:`.Seat.play`)."""
    _checked_move(action, revision)
    now = room.clock()
    refused = None
    with room.store.write() as tx:
        seat = rows.seat_of(tx, token)
        cls = rows.class_by_id(tx, seat["class_id"], lock="share")
        table = tx.lock("room_tables", seat["table_id"])
        why = held(tx, cls)
        if why:
            raise Paused(why)
        if table["status"] == "waiting":
            raise NotStarted("not_started")
        if table["revision"] != revision:
            raise StaleRevisionError(revision, table["revision"])
        if table["status"] == "over":
            raise RoomError("over")
        g = room.replays.for_move(cls, table)  # the stored game: a copy of the one read
        _check_turn(tx, seat, g)
        try:
            g.play(action)
        except games.IllegalMoveError as error:
            refused = error
            _refusal(tx, cls, table, seat, action, error, now)
        else:
            new = _write_move(tx, table, g, now)
            tx.run("UPDATE seats SET last_seen = ?, stand_in = 0 WHERE id = ?",
                   (now, seat["id"]))
            if seat["stand_in"]:
                rows.event(tx, cls["id"], table["id"], new, seat["seat_no"], "returned", {},
                           room.clock())
    if refused is not None:
        raise refused
    room.replays.remember(table["id"], new, g)  # committed: the new revision's game
    return new


def _refusal(tx: Tx, cls: dict, table: dict, seat: dict, action: str, error: Exception,
             now: float) -> None:
    """Keep a refused move for the teacher's page, within the seat's bounds."""
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


# ---- what every seat may see of a table --------------------------------------------------------
def public_seats(cls: dict, seats: list[dict], now: float, started: bool = False) -> list[dict]:
    """``started``: the table's game has begun, so a seat with nobody (one the teacher
    freed) is played by the class's bot and shows it."""
    window = cls["settings"]["connected_seconds"]
    bot = cls["settings"]["bot"]
    return [{"name": s["name"],
             "connected": s["name"] is not None and s["last_seen"] >= now - window,
             "bot": s["bot"] or (bot if s["stand_in"] or (started and s["name"] is None)
                                 else None),
             "stand_in": bool(s["stand_in"])} for s in seats]


def room_part(cls: dict, table: dict, seats: list[dict], now: float,
              lock: str | None = None) -> dict:
    """``lock``: the step the teacher brought the class to (the room asks), or None;
    ``held``: why no move lands now (:func:`why_held`), or None."""
    return {"game": cls["game"], "table": table["table_no"], "status": table["status"],
            "paused": bool(cls["paused"]), "lock": lock,
            "held": why_held(cls, lock),
            "seats": public_seats(cls, seats, now, table["status"] != "waiting")}


def spectate(room: Any, code: str, table: int) -> dict[str, Any]:
    """The public view of a table (see :meth:`.Room.spectate`)."""
    now = room.clock()
    with room.store.read() as tx:
        cls = rows.class_row(tx, code)
        row = rows.table_row(tx, cls, table)
        seats = rows.seat_rows(tx, row["id"])
        lock = asks.current_lock(tx, cls["id"])
    view: dict[str, Any] = {}
    if row["save"]:
        view = games.public_view(room.replays.seen(cls, row))
    view.update(revision=row["revision"], to_move=row["to_move"],
                over=row["status"] == "over",
                room=room_part(cls, row, seats, now, lock))
    return view


def wait(room: Any, table_id: str, revision: int, timeout: float) -> int | None:
    """A newer revision of the table than ``revision``, or None after ``timeout`` seconds."""
    if isinstance(revision, bool) or not isinstance(revision, int):
        raise BadInput("bad_revision")

    def current() -> int:
        row = room.store.read_one("SELECT revision FROM room_tables WHERE id = ?", (table_id,))
        if row is None:
            raise NotFound("no_class")
        return row["revision"]
    return room.store.wait_change(table_id, current, revision, float(timeout))


# ---- the bots ----------------------------------------------------------------------------------
def step_bots(room: Any, code: str, max_moves: int = 1_000) -> int:
    """Every move that is a bot's now, at every table of the class (see
    :meth:`.Room.step_bots`). Returns the moves this call made."""
    with room.store.read() as tx:
        class_id = rows.class_row(tx, code)["id"]
    made = 0
    while made < max_moves:
        progressed = False
        with room.store.read() as tx:
            cls = rows.class_by_id(tx, class_id)
            tables = rows.tables_of(tx, class_id, playing=True)
            seats = {t["id"]: rows.seat_rows(tx, t["id"]) for t in tables}
            why = held(tx, cls)
        if why:
            break
        now = room.clock()
        for table in tables:
            who = _bot_for(cls, table, seats[table["id"]], now)
            if who is None:
                continue
            try:
                _bot_move(room, cls, table["id"], table["revision"], *who)
                made += 1
            except (StaleRevisionError, Paused, NotFound):
                pass  # another process moved first, the class paused or was purged
            progressed = True
        if not progressed:
            break
    return made


def _bot_for(cls: dict, table: dict, seats: list[dict],
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


def _bot_move(room: Any, cls: dict, table_id: str, revision: int, seat_no: int, bot: str,
              stand_in: bool) -> int:
    now = room.clock()
    with room.store.read() as tx:
        table = rows.table_by_id(tx, table_id)
    if table is None or table["revision"] != revision:
        raise StaleRevisionError(revision, -1 if table is None else table["revision"])
    # the bot thinks outside the transaction (no lock held while it searches), on a copy
    g = room.replays.for_move(cls, table)
    # the bot's seed follows the deal and the move number: in a duplicate-deal class the
    # same position at every table gets the same bot move, so the tables stay comparable
    seed = int.from_bytes(hashlib.sha256(f"{g.seed}/{len(g.history)}".encode()).digest()[:8],
                          "big")
    action = games.bot_action(cls["game"], g, seat_no, bot, seed)
    with room.store.write() as tx:
        fresh = rows.class_by_id(tx, cls["id"], lock="share")
        locked = tx.lock("room_tables", table_id)
        why = held(tx, fresh)
        if why:
            raise Paused(why)
        if locked is None or locked["revision"] != revision:
            raise StaleRevisionError(revision, -1 if locked is None else locked["revision"])
        seats = rows.seat_rows(tx, table_id)
        seat = seats[seat_no]
        if _bot_for(fresh, locked, seats, now) != (seat_no, bot, stand_in):
            raise StaleRevisionError(revision, revision)  # the person came back meanwhile
        # the stored game, in this transaction: the revision is the one the bot read
        g = room.replays.for_move(cls, locked)
        g.play(action)
        new = _write_move(tx, locked, g, now)
        if stand_in:
            if not seat["stand_in"]:
                tx.run("UPDATE seats SET stand_in = 1 WHERE id = ?", (seat["id"],))
        # every bot move is told in the table's log, with the move (bot_moves.py counts
        # them per seat for the teacher's results): written with the move or not at all
        rows.event(tx, cls["id"], table_id, new, seat_no,
                   "stand_in" if stand_in else "bot_move", {"bot": bot, "action": action},
                   room.clock())
    room.replays.remember(table_id, new, g)  # committed: the new revision's game
    return new
