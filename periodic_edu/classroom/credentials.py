"""The room's secrets: seat tokens, teacher keys, seat PINs and random ids.

* a seat token and a teacher key are 192 bits from :mod:`secrets` (``token_urlsafe(24)``); the
  store keeps only their SHA-256, so a copy of the store lets nobody sit at a seat or open the
  teacher's room (a 192-bit secret is not guessed from its hash);
* a seat PIN is 6 digits, shown once to the student for rejoining from another device. The
  store keeps a salted PBKDF2 hash (60,000 rounds), and the room bounds the tries
  (:data:`PIN_TRIES` wrong PINs lock the seat's PIN for :data:`PIN_LOCK_SECONDS`; the teacher
  can give the seat a new PIN, which also ends the lock). Six digits are only 10**6 PINs: a
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
           "new_id", "dummy_pin_hash", "PIN_TRIES", "PIN_LOCK_SECONDS"]

TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
PIN_DIGITS = 6
PIN_TRIES = 5
PIN_LOCK_SECONDS = 300
_PBKDF2_ROUNDS = 60_000


def new_token() -> str:
    return secrets.token_urlsafe(24)


def valid_token(token: object) -> bool:
    return isinstance(token, str) and bool(TOKEN_PATTERN.match(token))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def new_pin() -> str:
    return f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"


def pin_hash(pin: str, salt: str | None = None) -> str:
    """``salt$hash``: PBKDF2-HMAC-SHA256 of the PIN."""
    salt = salt or secrets.token_hex(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), bytes.fromhex(salt),
                                 _PBKDF2_ROUNDS).hex()
    return f"{salt}${digest}"


def pin_matches(pin: object, stored: str | None) -> bool:
    if not stored or not isinstance(pin, str) or not re.fullmatch(r"\d{%d}" % PIN_DIGITS, pin):
        return False
    salt = stored.split("$", 1)[0]
    return hmac.compare_digest(pin_hash(pin, salt), stored)


_DUMMY: list[str] = []


def dummy_pin_hash() -> str:
    """A PIN hash no PIN of any seat has, for checking a PIN against when no seat has the
    name asked for (made once per process)."""
    if not _DUMMY:
        _DUMMY.append(pin_hash(new_pin()))
    return _DUMMY[0]


def new_id() -> str:
    return secrets.token_hex(8)
