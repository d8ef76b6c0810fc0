"""A student's seat: the handle a student's kernel holds (:class:`Seat`), and clearing a seat.

A :class:`Seat` keeps only its token and where it sits; every call reads or writes the store in
one transaction (through :mod:`.rows` and :mod:`.turns`), so a seat works from any process.
"""
from __future__ import annotations

import json
from typing import Any

from . import asks, games, rows, turns
from .errors import RoomError
from .store import Tx

__all__ = ["Seat", "clear_seat"]


def clear_seat(tx: Tx, seat_id: str, bot: str | None = None) -> None:
    """Nobody sits at the seat any more: name, token, PIN and lock gone, and the student's
    answers to the class's checks with them (``bot``: who plays it meanwhile, None for
    nobody)."""
    asks.seat_cleared(tx, seat_id)
    tx.run("UPDATE seats SET name = NULL, name_key = NULL, token_hash = NULL, "
           "pin_hash = NULL, pin_failures = 0, pin_locked_until = 0, last_seen = 0, "
           "stand_in = 0, bot = ? WHERE id = ?", (bot, seat_id))


class Seat:
    """One student's seat: ``token`` (the secret kept in the browser), ``table``, ``index``,
    ``name``, ``code``; ``pin`` only right after joining or rejoining (shown once)."""

    def __init__(self, room: Any, token: str, code: str, table: int, index: int, name: str,
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
        with self.room.store.read() as tx:
            seat = rows.seat_of(tx, self.token)
            cls = rows.class_by_id(tx, seat["class_id"])
            table = rows.table_by_id(tx, seat["table_id"])
            seats = rows.seat_rows(tx, seat["table_id"])
            cls = dict(cls, lock=asks.current_lock(tx, cls["id"]))
        return seat, cls, table, seats

    def _room_for(self, seat: dict, cls: dict, table: dict, seats: list[dict]) -> dict:
        """The table's public part (:func:`.turns.room_part`), plus whether a bot stands in
        for this seat now."""
        room = turns.room_part(cls, table, seats, self.room.clock(), cls.get("lock"))
        room["stand_in"] = bool(seat["stand_in"])
        return room

    def view(self) -> dict[str, Any]:
        """This seat's view as ``Game.view(index)`` gives it (nothing of another seat's hand or
        agenda), plus ``revision``, ``to_move`` (a seat index or None), ``over``, and ``room``:
        the table's seats (names, connected, bots), status and whether the class is paused."""
        seat, cls, table, seats = self._read()
        view: dict[str, Any] = {}
        if table["save"]:
            view = self.room.replays.seen(cls, table).view(seat["seat_no"])
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
        game = self.room.replays.seen(cls, table) if table["save"] else None
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
        return turns.play(self.room, self.token, action, revision)

    def wait(self, revision: int, timeout: float = 5.0) -> int | None:
        """A newer revision of this seat's table than ``revision``, or None after ``timeout``."""
        with self.room.store.read() as tx:
            table_id = rows.seat_of(tx, self.token)["table_id"]
        return turns.wait(self.room, table_id, revision, timeout)

    def touch(self) -> None:
        """A heartbeat: the seat counts as connected for the class's ``connected_seconds``."""
        now = self.room.clock()
        with self.room.store.write() as tx:
            seat = rows.seat_of(tx, self.token)
            tx.run("UPDATE seats SET last_seen = ? WHERE id = ?", (now, seat["id"]))

    def back(self) -> None:
        """The person takes the seat back from the bot that stood in (the log says so)."""
        now = self.room.clock()
        with self.room.store.write() as tx:
            seat = rows.seat_of(tx, self.token)
            tx.run("UPDATE seats SET last_seen = ?, stand_in = 0 WHERE id = ?", (now, seat["id"]))
            if seat["stand_in"]:
                table = tx.lock("room_tables", seat["table_id"])
                # the idle clock starts again: the person has a full idle time for this turn
                new = rows.bump(tx, table, now)
                rows.event(tx, seat["class_id"], table["id"], new, seat["seat_no"],
                           "returned", {}, self.room.clock())

    def leave(self) -> bool:
        """The student leaves. Before the table starts the seat is free again in the room (the
        token and PIN stop working, the name is gone: as :meth:`Teacher.remove`); True then.
        After the start the seat stays the student's (a bot stands in once it is idle; the
        token and PIN still lead back to it) and the room changes nothing: False."""
        now = self.room.clock()
        with self.room.store.write() as tx:
            seat = rows.seat_of(tx, self.token)
            table = tx.lock("room_tables", seat["table_id"])
            if table["status"] != "waiting":
                return False
            clear_seat(tx, seat["id"])
            rows.bump(tx, table, now)
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
            seat = rows.seat_of(tx, self.token)
            found = tx.all("SELECT revision, seat_no, kind, params FROM events "
                           "WHERE table_id = ? ORDER BY id", (seat["table_id"],))
        return [{"revision": r["revision"], "seat": r["seat_no"], "kind": r["kind"],
                 **json.loads(r["params"])} for r in found]

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
