"""A class made when the workshop server starts (``--new_class=periodic:10x3``): its code for
the projector and the teacher's key go into the ready block, in the terminal of whoever started
the server, and nowhere else (no page, no log line).

>>> parse_class_spec("periodic:10x3"), parse_class_spec("elemonster:5x2")
(('periodic', 10, 3), ('elemonster', 5, 2))
"""
from __future__ import annotations

import re

from ..classroom import open_room

__all__ = ["parse_class_spec", "create_class"]

_SPEC = re.compile(r"^(periodic|elemonster):(\d{1,2})x(\d)$")


def parse_class_spec(spec: str) -> tuple[str, int, int]:
    """``GAME:TABLESxSEATS`` as (game, tables, seats), or ValueError saying what it takes."""
    m = _SPEC.fullmatch(spec.strip())
    if not m:
        raise ValueError(f"--new_class takes GAME:TABLESxSEATS, such as periodic:10x3 or "
                         f"elemonster:5x2, not {spec[:40]!r}")
    return m.group(1), int(m.group(2)), int(m.group(3))


def create_class(spec: str, room_url: str | None = None) -> tuple[str, str]:
    """Make the class ``spec`` in the room store (``PERIODIC_EDU_ROOM`` when no URL is given;
    the room refuses what it does not take, such as 6 seats); (code, teacher key)."""
    game, tables, seats = parse_class_spec(spec)
    room = open_room(room_url)
    try:
        info = room.create_class(game=game, tables=tables, seats=seats)
    finally:
        room.close()
    return info.code, info.teacher_key
