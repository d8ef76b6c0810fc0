"""A seat of the third game played in another process (spawned): the game registers itself
when this module is imported there, then the room tests' own seat worker plays."""
from __future__ import annotations

import room_workers

from . import game  # noqa: F401  (registers the game in this process)


def player(url: str, token: str, seed: int, results) -> None:
    room_workers.player(url, token, seed, results)
