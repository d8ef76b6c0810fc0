"""A result code written by hand, skipping result_code's checks: a cheater can read the format in
the source too, so the teacher's side must refuse what such a code claims (an illegal move, a
save edited so the bots lose). Shared by the code, the teacher-page and the browser tests."""
from __future__ import annotations

import datetime as dt

from periodic_edu.assignments import codec
from periodic_edu.assignments.results import EPOCH, FORMAT


def forged_code(a, moves: list[str], name: str = "Eve", finished: dt.date | None = None) -> str:
    """A code of assignment ``a`` holding ``moves`` as the student's, by ``name``, finished on
    ``finished`` (default: the due date, or the format's epoch when there is none)."""
    day = (finished or a.due_date or EPOCH) - EPOCH
    bits = codec.Bits()
    for value, width in ((FORMAT, 4), (1, 1), (0, 2), (a.tag, 20), (day.days, 16),
                         (len(name), 7)):
        bits.write(value, width)
    bits.write_bytes(name.encode())
    data = codec.deflate(" ".join(moves).encode())
    bits.write(len(data), 14)
    bits.write_bytes(data)
    return codec.encode(bits.to_bytes())
