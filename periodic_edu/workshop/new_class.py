"""A class made when the workshop server starts (``--new_class=periodic:10x3``): its code for
the projector and the teacher's key go into the ready block, in the terminal of whoever started
the server, and nowhere else (no page, no log line).

A restart with the same spec keeps the class: the newest live class of that game and size in
the store is the server's class again (its open tabs and seats go on), and the ready block says
its key was shown when it was made (``periodic-edu class key CODE`` makes a new one: the store
keeps only the key's hash). ``--fresh_class`` (``scripts/run --new-class``) makes a new one.

>>> parse_class_spec("periodic:10x3"), parse_class_spec("elemonster:5x2")
(('periodic', 10, 3), ('elemonster', 5, 2))
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..classroom import open_room

__all__ = ["parse_class_spec", "create_class", "make_store", "ServerClass"]

_SPEC = re.compile(r"^(periodic|elemonster):(\d{1,2})x(\d)$")


def parse_class_spec(spec: str) -> tuple[str, int, int]:
    """``GAME:TABLESxSEATS`` as (game, tables, seats), or ValueError saying what it takes."""
    m = _SPEC.fullmatch(spec.strip())
    if not m:
        raise ValueError(f"--new_class takes GAME:TABLESxSEATS, such as periodic:10x3 or "
                         f"elemonster:5x2, not {spec[:40]!r}")
    return m.group(1), int(m.group(2)), int(m.group(3))


class ServerClass(NamedTuple):
    """The class of a server start: its code, and its teacher key when it was just made (None:
    kept from an earlier start, its key shown then)."""

    code: str
    key: str | None


def create_class(spec: str, room_url: str | None = None, *, keep: bool = False) -> ServerClass:
    """Make the class ``spec`` in the room store (``PERIODIC_EDU_ROOM`` when no URL is given;
    the room refuses what it does not take, such as 6 seats), or with ``keep`` find the newest
    live class of that game and size and make one only if there is none."""
    game, tables, seats = parse_class_spec(spec)
    room = open_room(room_url)
    try:
        code = room.latest_class(game, tables, seats) if keep else None
        if code is not None:
            return ServerClass(code, None)
        info = room.create_class(game=game, tables=tables, seats=seats)
    finally:
        room.close()
    return ServerClass(info.code, info.teacher_key)


def make_store(room_url: str | None = None) -> None:
    """Make the room's store if it is missing (its tables too), as the server's start does
    with or without a class: students who join before the teacher made a class are told there
    is no class with that code, not that the store cannot be reached. Only the start makes a
    store; a kernel opens an existing one only, so a store removed while the class plays stays
    "cannot be reached" and never turns into a new empty room."""
    open_room(room_url, create=True).close()
