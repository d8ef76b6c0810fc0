"""Seeds and class codes: where a game's randomness comes from.

* :func:`new_seed` - a fresh 128-bit seed from :mod:`secrets` (every game started without one).
* :func:`new_class_code` - a short code for the projector, ``K7Q2-M9XD``: 8 symbols from a
  32-symbol alphabet without ``0 O 1 I`` (40 bits, from :mod:`secrets`). Every student who
  types it gets the same deal.
* :func:`parse_class_code` - a typed code, normalized (case, spaces, dashes), or
  :class:`ClassCodeError` saying what is wrong.
* :func:`seed_from_class_code` - the seed a code stands for: the first 128 bits of
  SHA-256 of a domain-separated string, the same on every machine.

What a seed or a code gives away: with the seed (or the class code) of a game and its edition
and players, anyone can rebuild the whole hidden state: every goal-card stack and the box, the
award-tile stacks, every player's dealt agendas, and (with the bots' names) every bot move to
come. So a class code is as good as the game's full deal: a teacher shows it to the players
who are meant to share one deal and to nobody else. Without the seed, the public opening does not
narrow the search: seeds are 128 bits (40 for class codes) and the generator (:mod:`.rng`) is
SHA-256 keyed by the whole seed.

>>> parse_class_code(" k7q2 m9xd ")
'K7Q2-M9XD'
>>> seed_from_class_code("K7Q2-M9XD") == seed_from_class_code("k7q2m9xd")
True
>>> len(new_class_code()), new_seed() < 2 ** 128
(9, True)
"""
from __future__ import annotations

import hashlib
import secrets

from ..echo import clean
from .errors import GameError

__all__ = ["new_seed", "new_class_code", "parse_class_code", "seed_from_class_code",
           "ClassCodeError", "CLASS_CODE_ALPHABET", "SEED_BITS", "CLASS_CODE_BITS"]

#: 32 symbols: the digits 2-9 and the letters without I and O (no 0/O, 1/I mix-ups on a projector)
CLASS_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CLASS_CODE_LENGTH = 8
CLASS_CODE_BITS = 40  # 8 symbols x 5 bits
SEED_BITS = 128
_CODE_DOMAIN = "periodic-edu/class-code/v1\x00"
_SEPARATORS = " -_\t"

# user-facing messages (kept together for the catalog)
_MSG_TYPE = "a class code is text like K7Q2-M9XD, not {what}"
_MSG_LENGTH = "a class code has {n} letters and digits (like K7Q2-M9XD), not {got}: {text}"
_MSG_SYMBOL = ("a class code uses the digits 2-9 and the letters A-Z except I and O; "
               "{ch} is not one of them: {text}")


class ClassCodeError(GameError):
    """A class code that is not 8 symbols of the alphabet (a ``ValueError``)."""


def new_seed() -> int:
    """A fresh 128-bit seed from the operating system's secure random source."""
    return secrets.randbits(SEED_BITS)


def new_class_code() -> str:
    """A fresh class code, ``XXXX-XXXX`` (40 bits from :mod:`secrets`)."""
    symbols = "".join(secrets.choice(CLASS_CODE_ALPHABET) for _ in range(CLASS_CODE_LENGTH))
    return f"{symbols[:4]}-{symbols[4:]}"


def parse_class_code(text: object) -> str:
    """The canonical form ``XXXX-XXXX`` of a typed code: case, spaces and dashes do not matter."""
    if not isinstance(text, str):
        raise ClassCodeError(_MSG_TYPE.format(what=f"a {type(text).__name__}"))
    shown = f"'{clean(text.strip(), 40)}'"
    if len(text) > 200:
        raise ClassCodeError(_MSG_LENGTH.format(n=CLASS_CODE_LENGTH, got=len(text), text=shown))
    symbols = "".join(ch for ch in text if ch not in _SEPARATORS).upper()
    for ch in symbols:
        if ch not in CLASS_CODE_ALPHABET:
            raise ClassCodeError(_MSG_SYMBOL.format(ch=f"'{clean(ch)}'", text=shown))
    if len(symbols) != CLASS_CODE_LENGTH:
        raise ClassCodeError(_MSG_LENGTH.format(n=CLASS_CODE_LENGTH, got=len(symbols),
                                                text=shown))
    return f"{symbols[:4]}-{symbols[4:]}"


def seed_from_class_code(code: str) -> int:
    """The 128-bit seed of a class code (any accepted spelling of it)."""
    canonical = parse_class_code(code)
    digest = hashlib.sha256((_CODE_DOMAIN + canonical).encode("ascii")).digest()
    return int.from_bytes(digest[:SEED_BITS // 8], "big")
