"""Class play: one room of classes, tables and seats over a store (DESIGN §7, issues 19-20).

>>> import tempfile, os
>>> room = open_room("sqlite:///" + os.path.join(tempfile.mkdtemp(), "room.db"))
>>> info = room.create_class(game="periodic", tables=1, seats=2)
>>> ada = room.join(info.code, "Ada")
>>> bob = room.join(info.code, "Bob")          # the table is full: its game starts
>>> v = ada.view()
>>> (v["revision"], v["to_move"], v["over"], v["room"]["status"])
(3, 0, False, 'playing')
>>> "agenda_choices" in v and bob.view()["players_state"][0]["agenda"] is None
True

Modules, one job each:

* :mod:`.settings` - the one setting ``PERIODIC_EDU_ROOM`` (a SQLite file or a PostgreSQL URL)
* :mod:`.errors` - :class:`RoomError` and its family, each a message id with parameters
* :mod:`.schema` - the tables, written once for both back ends
* :mod:`.store` - the store interface: transactions and change notification
* :mod:`.sqlite_store` - SQLite: WAL, ``BEGIN IMMEDIATE``, ``PRAGMA data_version`` polling
* :mod:`.postgres_store` - PostgreSQL (psycopg 3): row locks, ``LISTEN/NOTIFY`` with ids only
* :mod:`.backends` - which of the two a URL names
* :mod:`.credentials` - seat tokens, teacher keys, PINs (stored hashed)
* :mod:`.games` - the two games as the room sees them (replay, bots, public view, refusals)
* :mod:`.room` - :class:`Room`, :class:`Seat`, :class:`Teacher`: the contract, a facade over
  :mod:`.rows` (the SQL rows the parts share), :mod:`.turns` (one authority per table: deal,
  move, refusal, bots, wait), :mod:`.seating` (join, resume, rejoin), :mod:`.seats`
  (:class:`Seat`), :mod:`.teacher` (:class:`Teacher`) and :mod:`.replays` (the games this
  process replayed, by revision)
* :mod:`.asks` - the teacher's lock, questions from the item bank (:mod:`periodic_edu.checks`)
  asked of every seat, the answers
* :mod:`.report` - what the class learned (pre/post, gain) next to its refusals in play
"""
from __future__ import annotations

from ..engine import IllegalMoveError
from .errors import (BadInput, NameTaken, NotFound, NotStarted, Paused, RoomError, SeatLocked,
                     StaleRevisionError, StoreBusy, StoreFull, StoreUnavailable, TableFull)
from .room import DEFAULTS, ClassInfo, Room, Seat, Teacher
from .settings import ENV, default_url
from .backends import open_store

__all__ = ["open_room", "Room", "Seat", "Teacher", "ClassInfo", "DEFAULTS", "RoomError",
           "StaleRevisionError", "NotFound", "NameTaken", "TableFull", "NotStarted", "Paused",
           "SeatLocked", "BadInput", "StoreUnavailable", "StoreFull", "StoreBusy",
           "IllegalMoveError", "ENV", "default_url"]


def open_room(url: str | None = None, create: bool = True) -> Room:
    """The room in the store ``url`` names (default: ``PERIODIC_EDU_ROOM``, else a SQLite file
    in the data directory); its tables are created if missing. ``create=False``: what a kernel
    opens - an existing store only (a missing SQLite file is "the room's store cannot be
    reached", never a new empty room that forgets every seat)."""
    return Room(open_store(url, create=create))
