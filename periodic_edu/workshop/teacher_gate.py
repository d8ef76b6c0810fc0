"""The teacher's key, checked before any teacher's kernel starts (issue 29 part 3).

``/teacher`` without the teacher's cookie is a plain form (no kernel, no Voila): "Teacher key
or room key". A POST of the form is checked here, in the server, against

* the **room key** of this run (printed in the ready block; the server holds its SHA-256), and
* the **teacher key of a live class** in the room's store (the store holds its SHA-256: the
  hash of the typed key is looked up, so no stored key is compared byte by byte),

both every time (an answer's time does not tell which one matched). Wrong keys are bounded per
address: past :data:`WRONG_KEYS_PER_MINUTE` a minute (a sliding window per address, at most
:data:`ADDRESSES_KEPT` addresses kept, least recent forgotten) each wrong key is answered only
after :data:`SLOW_ANSWER_S` seconds, with "too many wrong keys: wait" (HTTP 429), and no longer
logged. A right key still opens: a class shares one address (a school's NAT), so a bound that
refused the right key would let a student lock the teacher out; a key of 192 bits is what no
guessing gets past. A right key sets the
cookie :data:`COOKIE` - signed with a key derived from a secret of this server's run (tornado's
signed value: the HMAC covers name, value and time), ``HttpOnly``, ``SameSite=Strict``,
``Secure`` over HTTPS, for ``/teacher`` only, valid :data:`COOKIE_HOURS` hours and until the
server stops - and only a request that carries it gets the Voila teacher's page (a kernel). So
loading ``/teacher``, however often, starts no kernel; the cap of teacher's kernels and its
grace (``RoomKernelManager.max_teacher_kernels``, ``teacher_grace``) now bound only people who
typed a key.
"""
from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import time
from collections import OrderedDict, deque
from typing import Callable

import tornado.web

from ..classroom import credentials

__all__ = ["COOKIE", "COOKIE_HOURS", "WRONG_KEYS_PER_MINUTE", "SLOW_ANSWER_S", "ADDRESSES_KEPT",
           "WrongKeys",
           "cookie_value", "cookie_valid", "key_opens"]

COOKIE = "periodic_teacher"
COOKIE_HOURS = 12
WRONG_KEYS_PER_MINUTE = 10
SLOW_ANSWER_S = 1.0
ADDRESSES_KEPT = 4096


def _cookie_key(secret: bytes) -> bytes:
    # its own key: the run's secret also makes visitor ids (handlers.visitor_id)
    return hmac.new(secret, b"periodic_edu teacher cookie", hashlib.sha256).digest()


def cookie_value(secret: bytes) -> bytes:
    """A new signed cookie value (a random value, signed with the time)."""
    return tornado.web.create_signed_value(_cookie_key(secret), COOKIE,
                                           secrets.token_urlsafe(16))


def cookie_valid(secret: bytes | None, value: str | None) -> bool:
    """True for a cookie this server run signed less than :data:`COOKIE_HOURS` ago."""
    if not secret or not value or len(value) > 400:
        return False
    return tornado.web.decode_signed_value(_cookie_key(secret), COOKIE, value,
                                           max_age_days=COOKIE_HOURS / 24) is not None


def key_opens(key: object, room_key_hash: str | None,
              class_key_known: Callable[[str], bool]) -> bool:
    """True when ``key`` is the room key or the teacher key of a live class
    (``class_key_known(sha256 hex)``); both are asked every time."""
    if not credentials.valid_token(key):
        return False
    given = credentials.token_hash(key)
    is_room_key = bool(room_key_hash) and hmac.compare_digest(given, room_key_hash or "")
    is_class_key = class_key_known(given)
    return is_room_key or is_class_key


class WrongKeys:
    """At most :data:`WRONG_KEYS_PER_MINUTE` wrong keys a minute per address."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._times: OrderedDict[str, deque] = OrderedDict()

    def wait(self, address: str) -> int:
        """Whole seconds until this address may try again (0: now)."""
        times = self._times.get(address)
        if times is None or len(times) < WRONG_KEYS_PER_MINUTE:
            return 0
        return max(0, math.ceil(times[0] + 60 - self.clock()))

    def add(self, address: str) -> None:
        times = self._times.pop(address, None) or deque(maxlen=WRONG_KEYS_PER_MINUTE)
        times.append(self.clock())
        self._times[address] = times  # the most recent last
        while len(self._times) > ADDRESSES_KEPT:
            self._times.popitem(last=False)
