"""What one page may ask of the room: bounds kept in its kernel (issue 29).

A kernel is one page (Voila starts one per visitor), so a bound kept in the kernel's memory is
a bound per page, whatever the page sends. :data:`KERNEL` is the one this kernel's class-play
widgets share (both tabs of a dashboard); a test that plays several pages in one process gives
each its own :class:`PageLimits`.

* **One seat per class.** The page remembers the seat it took in each class; a second join of
  the same class is refused ("one page, one seat") while that seat exists in the room. Leaving
  before the table starts frees the seat in the room, and the page may join again.
  A rejoin is not refused: it needs the seat's PIN, and it is how a student who left on this
  page gets back to their own seat.
* **Tries.** At most :data:`TRIES_PER_MINUTE` joins and rejoins a minute (each costs a PBKDF2
  of the PIN, ~20 ms of a core): a flood of ``join`` messages is refused before any of that
  work, in microseconds.
* **In flight.** A join or rejoin that arrives less than :data:`IN_FLIGHT_S` after the last one
  was answered is dropped without a word: a kernel answers one message at a time, so that is
  one the page sent while the first was being answered (a double click, a flood) - the first
  one's answer stands.
* **Wrong PINs.** At most :data:`WRONG_PINS` wrong PINs per :data:`WRONG_PIN_WINDOW` seconds
  from this page, whichever names it tried. A seat's PIN locks after
  ``credentials.PIN_TRIES`` (5) wrong PINs, so one page alone cannot lock a classmate out;
  and the teacher can give any seat a new PIN, which ends a lock.

Each bound is a sliding window of the times of the last tries: memory is bounded by the
window's size, not by what the page sends.
"""
from __future__ import annotations

import math
import time
from collections import deque
from typing import Callable

__all__ = ["PageLimits", "KERNEL", "this_page", "TRIES_PER_MINUTE", "IN_FLIGHT_S",
           "WRONG_PINS", "WRONG_PIN_WINDOW"]

TRIES_PER_MINUTE = 5
#: longer than a kernel takes between two messages queued while it answered one (a burst),
#: shorter than a person - or a test's browser - takes to read an answer and send again
IN_FLIGHT_S = 0.1
WRONG_PINS = 3
WRONG_PIN_WINDOW = 600.0


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

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._tries = _Window(TRIES_PER_MINUTE, 60.0)
        self._wrong = _Window(WRONG_PINS, WRONG_PIN_WINDOW)
        #: class code -> the seat token this page holds in that class
        self.seats: dict[str, str] = {}
        self._answered = float("-inf")  # when the last join or rejoin was answered

    def in_flight(self) -> bool:
        """True for a join or rejoin sent while the last one was being answered."""
        return self.clock() - self._answered < IN_FLIGHT_S

    def answered(self) -> None:
        self._answered = self.clock()

    def try_join(self, rejoin: bool = False) -> None:
        """Count one join or rejoin, or raise ``too_fast`` (nothing counted)."""
        from ..classroom.errors import RoomError
        now = self.clock()
        wait = self._tries.wait(now)
        if rejoin:
            wait = max(wait, self._wrong.wait(now))
        if wait:
            raise RoomError("too_fast", seconds=wait)
        self._tries.add(now)

    def wrong_pin(self) -> None:
        self._wrong.add(self.clock())

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
