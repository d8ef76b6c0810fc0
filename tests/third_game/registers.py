"""The third game's one registration (imported by tests/conftest.py): the game registers itself
with the kit on import (game.py, ``register_game``), and here with the conformance suite."""
from __future__ import annotations

import random

from game_conformance import conformance

from .game import SPEC


def secrets(st, seat: int):
    """What ``seat`` cannot see: the pile's order and the other hands."""
    return tuple(st.pile), tuple(tuple(sorted(h)) for p, h in enumerate(st.hands) if p != seat)


def scramble(st, seat: int, rng: random.Random) -> None:
    """Deal the other seats new hands of the same sizes from their hands and the pile together;
    the rest is the new pile (redrawn until something hidden changed)."""
    before = secrets(st, seat)
    others = [p for p in range(st.n) if p != seat]
    for _ in range(20):
        pool = [*st.pile, *(c for p in others for c in st.hands[p])]
        rng.shuffle(pool)
        for p in others:
            size = len(st.hands[p])
            st.hands[p], pool = pool[:size], pool[size:]
        st.pile = pool
        if secrets(st, seat) != before:
            return


conformance(SPEC.name, cases=[(2, {}), (3, {"max_rounds": 5}), (5, {})],
            secrets=secrets, scramble=scramble)
