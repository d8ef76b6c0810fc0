"""What the conformance suite (tests/test_conformance.py) needs to know of each registered game
beyond its spec: the cases to play (players, options) and how to scramble what a seat cannot
see. A game registered by a test folder (``tests/<folder>/registers.py``, imported by
tests/conftest.py) adds its own facts here with :func:`conformance`; the suite refuses a
registered game without them."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Conformance:
    #: (players, options) per case
    cases: tuple[tuple[int, dict], ...]
    #: ``(state, seat)`` -> what ``seat`` cannot see (comparable)
    secrets: Callable[[Any, int], Any]
    #: ``(state, seat, rng)`` -> redeal, in place, what ``seat`` cannot see
    scramble: Callable[[Any, int, random.Random], None]


FACTS: dict[str, Conformance] = {}


def conformance(name: str, cases, secrets, scramble) -> None:
    FACTS[name] = Conformance(tuple(cases), secrets, scramble)
