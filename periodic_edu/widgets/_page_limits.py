"""What one page may ask of the room: bounds kept in its kernel and in the room (issue 29).

A kernel is one page load (Voila starts one per visitor), so a bound kept in the kernel's memory
is a bound per page load, and a reload starts it again. The bounds that must survive a reload
are therefore kept in the room's store under the page's id, :attr:`PageLimits.asker`: on the
workshop server the visitor's id (:data:`periodic_edu.classroom.credentials.VISITOR_ENV`, which
the server derives from the browser's cookie: the same for every reload of that browser), else
an id of this kernel's own. :data:`KERNEL` is the one this kernel's class-play widgets share
(both tabs of a dashboard); a test that plays several pages in one process gives each its own
:class:`PageLimits` (and so its own id).

In the room (``Room.join`` / ``Room.rejoin`` with ``asker``; they survive a reload):

* **One seat per class.** A second join of the same class is refused ("one page, one seat")
  while the page's seat is taken; leaving before the table starts frees it.
* **Tries.** At most ``room.PAGE_TRIES_PER_MINUTE`` joins and rejoins a minute.
* **Wrong PINs.** A backoff per page (5, 10, 20, ... seconds after each wrong PIN of the last
  hour) and a rate per seat that a classmate cannot turn into a lock: see ``Room.rejoin``.

In the kernel (microseconds, before any store or PBKDF2 work; a flood is refused here):

* **One seat per class**, as above, for this page load (and a rejoin is not refused: it needs
  the seat's PIN, and it is how a student who left on this page gets back to their own seat);
* **Tries.** At most :data:`TRIES_PER_MINUTE` joins and rejoins a minute;
* **In flight.** A join or rejoin that arrives less than :data:`IN_FLIGHT_S` after the last one
  was answered is dropped without a word: a kernel answers one message at a time, so that is
  one the page sent while the first was being answered (a double click, a flood) - the first
  one's answer stands.

Each kernel bound is a sliding window of the times of the last tries: memory is bounded by the
window's size, not by what the page sends.
"""
from __future__ import annotations

import math
import os
import secrets
import time
from collections import deque
from typing import Callable

__all__ = ["PageLimits", "KERNEL", "this_page", "TRIES_PER_MINUTE", "IN_FLIGHT_S"]

TRIES_PER_MINUTE = 5
#: longer than a kernel takes between two messages queued while it answered one (a burst),
#: shorter than a person - or a test's browser - takes to read an answer and send again
IN_FLIGHT_S = 0.1


class _Window:
    """At most ``n`` events per ``seconds`` (a sliding window)."""

    def __init__(self, n: int, seconds: float) -> None:
        self.n = n
        self.seconds = seconds
        self.times: deque[float] = deque(maxlen=n)

    def wait(self, now: float) -> int:
        """Whole seconds until one more event is allowed (0: now)."""
        if len(self.times) < self.n:
            return 0
        return max(0, math.ceil(self.times[0] + self.seconds - now))

    def add(self, now: float) -> None:
        self.times.append(now)


class PageLimits:
    """The bounds of one page (see the module docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 asker: str | None = None) -> None:
        """``asker``: the page's id in the room (default: the visitor's id the workshop server
        gave this kernel, read at the first join; else a random id of this page's own)."""
        self.clock = clock
        self._asker = asker
        self._tries = _Window(TRIES_PER_MINUTE, 60.0)
        #: class code -> the seat token this page holds in that class
        self.seats: dict[str, str] = {}
        self._answered = float("-inf")  # when the last join or rejoin was answered

    def in_flight(self) -> bool:
        """True for a join or rejoin sent while the last one was being answered."""
        return self.clock() - self._answered < IN_FLIGHT_S

    def answered(self) -> None:
        self._answered = self.clock()

    @property
    def asker(self) -> str:
        """The page's id the room keeps its bounds under (see the module docstring). Read when
        first needed: a preheated kernel learns its visitor only when the page is asked for."""
        if self._asker is None:
            from ..classroom.credentials import ASKER_PATTERN, VISITOR_ENV
            given = os.environ.get(VISITOR_ENV, "")
            self._asker = given if ASKER_PATTERN.match(given) else secrets.token_hex(16)
        return self._asker

    def try_join(self) -> None:
        """Count one join or rejoin, or raise ``too_fast`` (nothing counted)."""
        from ..classroom.errors import RoomError
        wait = self._tries.wait(self.clock())
        if wait:
            raise RoomError("too_fast", seconds=wait)
        self._tries.add(self.clock())

    def held(self, code: str) -> str | None:
        return self.seats.get(code)

    def hold(self, code: str, token: str) -> None:
        self.seats[code] = token

    def release(self, code: str) -> None:
        self.seats.pop(code, None)


#: this kernel's (one page's) limits
KERNEL = PageLimits()


def this_page() -> PageLimits:
    """The limits of the page this kernel serves (:data:`KERNEL`): what a class-play widget
    uses when it is given none."""
    return KERNEL
