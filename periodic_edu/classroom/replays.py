"""The tables' games as this process has replayed them, kept by revision.

A table's game is stored as its save (seed + actions, :mod:`.games`); reading it means
replaying it. A revision is written once (the compare-and-set of :func:`.rows.bump`), so
``(table id, revision)`` names one stored game, and a replay made for it stays right for as
long as the process lives. This module keeps the last :data:`GAMES_CACHED` of them, and what
the teacher's page computes from a save (moves against the data, moves per seat) likewise.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable

from .. import trends
from . import games
from .bot_moves import BOT_KINDS, seat_moves
from .store import Tx

__all__ = ["Replays", "GAMES_CACHED"]

#: replayed games a process keeps for reading (a few per table of a class)
GAMES_CACHED = 128


class Replays:
    """One process's replayed games and what is computed from them (see the module)."""

    def __init__(self) -> None:
        # replayed games for reading (views, the overview), by (table id, revision): a revision
        # is written once, so it names one stored game. Moves replay their own copy.
        self._games: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._lock = threading.Lock()
        # each table's moves against the data, by (table id, revision), like the games
        self._against: OrderedDict[tuple[str, int], list] = OrderedDict()
        # each table's moves per seat and a bot's share of them, likewise
        self._moves: OrderedDict[tuple[str, int], list] = OrderedDict()

    def _cached(self, cache: OrderedDict, table: dict, compute: Callable[[], Any]) -> Any:
        """``compute()`` for the table's stored game, kept in ``cache`` by (table id, revision):
        a revision is written once, so it names one stored game. At most GAMES_CACHED entries
        (least recently used go); computed outside the lock (two threads may both compute the
        same value once; both are right)."""
        key = (table["id"], table["revision"])
        with self._lock:
            found = cache.get(key)
            if found is not None:
                cache.move_to_end(key)
                return found
        found = compute()
        with self._lock:
            cache[key] = found
            while len(cache) > GAMES_CACHED:
                cache.popitem(last=False)
        return found

    def seen(self, cls: dict, table: dict) -> Any:
        """The table's game as stored, for reading only (never played on)."""
        return self._cached(self._games, table,
                            lambda: games.load_game(cls["game"], table["save"]))

    def against_data(self, cls: dict, table: dict) -> list[tuple[int, Any]]:
        """The table's Spend/Gain/Free moves whose step the real data does not follow, as
        ``(seat, StepCheck)`` (cached per revision, like the games)."""
        return self._cached(self._against, table, lambda: [
            (seat, check) for seat, trend, source, target
            in games.trend_moves(cls["game"], table["save"])
            if (check := trends.check_step(trend, source, target)).verdict == "disagrees"])

    def seat_moves(self, tx: Tx, cls: dict, table: dict) -> list[dict]:
        """Per seat of the table: its moves and how many a bot made (:mod:`.bot_moves`), cached
        per revision like the games (a bot's event is written with its move's revision)."""
        def count() -> list[dict]:
            events = tx.all("SELECT seat_no, kind, revision FROM events WHERE table_id = ? "
                            "AND kind IN (?, ?) ORDER BY id", (table["id"], *BOT_KINDS))
            movers = games.movers(cls["game"], table["save"]) if table["save"] else []
            return seat_moves(movers, events, cls["n_seats"])
        return self._cached(self._moves, table, count)
