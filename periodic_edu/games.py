"""The kit's games by name: what a command line, a simulation or a room needs to make, load and
play any of them without knowing which (OpenSpiel's ``load_game(name)``).

A registry only: each game's own package builds its :class:`GameSpec` and registers it with
one call (:func:`register_game`, in ``engine/spec.py`` and ``elemonster/spec.py``); importing
this module imports the kit's two games, so they are always here. A game from elsewhere (a
test's third game) registers the same way and is then hosted like the two.

>>> list(GAMES)[:2]
['periodic', 'elemonster']
>>> spec = GAMES["elemonster"]
>>> game = spec.new_game(seed=3, players=2)
>>> spec_of_save(game.to_dict()).name, spec.make_bot("greedy", 1).name
('elemonster', 'greedy')
"""
from __future__ import annotations

from typing import Any

from .engine import spec as _periodic  # noqa: F401  (registers Periodic, first)
from .elemonster import spec as _elemonster  # noqa: F401  (registers Elemonster)
from .tabletop import TurnGame
from .tabletop.spec import (DEFAULT_MAX_ROUNDS, GAMES, GameSpec, RoomFacts, get_game,
                            register_game, spec_of_game, spec_of_save)

__all__ = ["GameSpec", "RoomFacts", "GAMES", "get_game", "spec_of_save", "spec_of_game",
           "load_game", "register_game", "DEFAULT_MAX_ROUNDS"]


def load_game(doc: Any) -> TurnGame:
    """Any game of the kit from its save document (replayed and checked)."""
    return spec_of_save(doc).game.from_dict(doc)
