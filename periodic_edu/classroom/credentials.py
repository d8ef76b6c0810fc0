"""The room's secrets: seat tokens, teacher keys, seat PINs and random ids.

* a seat token and a teacher key are 192 bits from :mod:`secrets` (``token_urlsafe(24)``); the
  store keeps only their SHA-256, so a copy of the store lets nobody sit at a seat or open the
  teacher's room (a 192-bit secret is not guessed from its hash);
* a seat PIN is 6 digits, shown once to the student for rejoining from another device. The
  store keeps a salted PBKDF2 hash (:data:`PIN_ROUNDS`, named in the hash), and the room
  bounds the guessing rate without a lock anyone could trigger (:func:`pin_backoff` and the
  numbers below; the room's ``Room.rejoin`` says how; the teacher can give the seat a new PIN,
  which also starts its count again). Six digits are only 10**6 PINs: a
  copy of the store gives a seat's PIN in hours on one core (seconds on a GPU), so the store
  must be kept like the class list it is - a stolen store lets a thief rejoin a seat of a
  class still running;
* a name that sits in no seat costs the same PBKDF2 as one that does (:func:`dummy_pin_hash`),
  so the answer's time does not tell which names are in a class;
* ids of classes, tables and seats are random and say nothing about the class.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets

__all__ = ["new_token", "token_hash", "valid_token", "new_pin", "pin_hash", "pin_matches",
           "PIN_ROUNDS", "new_id", "dummy_pin_hash", "pin_backoff", "PIN_WINDOW",
           "SEAT_WRONG_PINS", "CLEAN_MISTAKES", "PIN_BACKOFF_S", "ASKER_PATTERN", "VISITOR_HEADER",
           "VISITOR_ENV"]

TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
PIN_DIGITS = 6
#: Seconds every PIN bound counts over (a sliding window): a wrong PIN counts for an hour.
PIN_WINDOW = 3600.0
#: Wrong PINs one seat takes per window from every page together. Past it, only a page that is
#: still "clean" (at most CLEAN_MISTAKES wrong PINs in the window, for any seat) is checked: the
#: real student on a new device gets in at once, a page that has guessed is told to wait.
SEAT_WRONG_PINS = 20
#: Wrong PINs a page may have made in the window and still count as clean (a typo).
CLEAN_MISTAKES = 1
#: A page's wait after its n-th wrong PIN in the window, whichever seats it tried: none while
#: it is clean (a typo is tried again at once), then PIN_BACKOFF_S * 2**(n-2) seconds (5, 10,
#: 20, 40, ... at most the window).
PIN_BACKOFF_S = 5.0
#: What an asking page's id looks like (the workshop server's visitor id, or a kernel's own).
ASKER_PATTERN = re.compile(r"^[0-9a-f]{32}$")
#: The request header the workshop server sets (over whatever the browser sent) to the
#: visitor's id: an HMAC of the browser's cookie under a secret of the server's run, so a
#: reload keeps it and a kernel never learns the cookie. Voila passes it to the kernel's
#: environment as :data:`VISITOR_ENV` (``VoilaConfiguration.http_header_envs``).
VISITOR_HEADER = "X-Periodic-Edu-Visitor"
VISITOR_ENV = "HTTP_" + VISITOR_HEADER.upper().replace("-", "_")
#: PBKDF2-HMAC-SHA256 rounds of a PIN hash made now. Every hash names its own rounds (Django's
#: layout, ``pbkdf2_sha256$rounds$salt$hash``) and is checked with them, so the count can be
#: raised without voiding the PINs of a class that is running.
PIN_ROUNDS = 60_000
#: The rounds :func:`pin_hash` uses: PIN_ROUNDS, except that the test suite lowers this one in
#: its own processes to spare CPU (tests/conftest.py, as Django's test settings swap the
#: hasher) while PIN_ROUNDS stays the count a test checks.
_PBKDF2_ROUNDS = PIN_ROUNDS
_PIN_SCHEME = "pbkdf2_sha256"
#: A hash written before hashes named their rounds (``salt$hash``) was made with these.
_UNNAMED_ROUNDS = 60_000


def new_token() -> str:
    return secrets.token_urlsafe(24)


def valid_token(token: object) -> bool:
    return isinstance(token, str) and bool(TOKEN_PATTERN.match(token))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def new_pin() -> str:
    return f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"


def pin_hash(pin: str, salt: str | None = None, rounds: int | None = None) -> str:
    """``pbkdf2_sha256$rounds$salt$hash``: PBKDF2-HMAC-SHA256 of the PIN (rounds: now's)."""
    salt = salt or secrets.token_hex(16)
    rounds = rounds or _PBKDF2_ROUNDS
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), bytes.fromhex(salt),
                                 rounds).hex()
    return f"{_PIN_SCHEME}${rounds}${salt}${digest}"


def pin_matches(pin: object, stored: str | None) -> bool:
    if not stored or not isinstance(pin, str) or not re.fullmatch(r"\d{%d}" % PIN_DIGITS, pin):
        return False
    parts = stored.split("$")
    if len(parts) == 2:  # salt$hash, from before hashes named their rounds
        made = pin_hash(pin, parts[0], _UNNAMED_ROUNDS).split("$", 2)[2]  # salt$hash
        return hmac.compare_digest(made, stored)
    if len(parts) != 4 or parts[0] != _PIN_SCHEME or not parts[1].isdigit():
        return False
    return hmac.compare_digest(pin_hash(pin, parts[2], int(parts[1])), stored)


def pin_backoff(wrong: int) -> float:
    """Seconds a page waits after its last wrong PIN when it has made ``wrong`` of them in the
    window (0 for none)."""
    if wrong <= CLEAN_MISTAKES:
        return 0.0
    return min(PIN_BACKOFF_S * 2 ** min(wrong - CLEAN_MISTAKES - 1, 30), PIN_WINDOW)


_DUMMY: list[str] = []


def dummy_pin_hash() -> str:
    """A PIN hash no PIN of any seat has, for checking a PIN against when no seat has the
    name asked for (made once per process)."""
    if not _DUMMY:
        _DUMMY.append(pin_hash(new_pin()))
    return _DUMMY[0]


def new_id() -> str:
    return secrets.token_hex(8)
