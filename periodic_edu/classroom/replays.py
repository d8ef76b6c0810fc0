"""The tables' games as this process has replayed them, kept by revision.

A table's game is stored as its save (seed + actions, :mod:`.games`); reading it means
replaying it. A revision is written once (the compare-and-set of :func:`.rows.bump`), so
``(table id, revision)`` names one stored game, and a replay made for it stays right for as
long as the process lives. This module keeps the last :data:`GAMES_CACHED` of them, and what
the teacher's page computes from a save (moves against the data, moves per seat) likewise.

**A move is replayed once per process** (DESIGN §8): a game is never replayed from its seed
when this process already holds an older revision of the same table whose actions begin the
stored ones - a copy of that game plays only the new actions (each checked by the rules, as a
replay checks them). A move this process writes hands its game over (:meth:`Replays.remember`),
so the mover's kernel reads the new revision without playing anything again, and a move is
played on a copy of the cached game (:meth:`Replays.for_move`), never on a game readers share.
"""
from __future__ import annotations

import json
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
        # per table: the newest revision replayed here and its game (the start of the next)
        self._latest: dict[str, tuple[int, Any]] = {}

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
        self._store(cache, key, found)
        return found

    def _store(self, cache: OrderedDict, key: tuple[str, int], value: Any) -> None:
        """``value`` as the newest entry of ``cache``, the least recently used beyond
        GAMES_CACHED dropped."""
        with self._lock:
            cache[key] = value
            cache.move_to_end(key)
            while len(cache) > GAMES_CACHED:
                cache.popitem(last=False)

    def seen(self, cls: dict, table: dict) -> Any:
        """The table's game as stored, for reading only (never played on)."""
        game = self._cached(self._games, table, lambda: self._replay(cls, table))
        self._note_latest(table["id"], table["revision"], game)
        return game

    def for_move(self, cls: dict, table: dict) -> Any:
        """The table's game as stored, to play a move on: a copy nobody else holds."""
        return self.seen(cls, table).copy()

    def remember(self, table_id: str, revision: int, game: Any) -> None:
        """``game`` is the table's game at ``revision``, which this process has just written
        (the transaction committed); from now on it is only read."""
        self._store(self._games, (table_id, revision), game)
        self._note_latest(table_id, revision, game)

    def _note_latest(self, table_id: str, revision: int, game: Any) -> None:
        with self._lock:
            latest = self._latest.get(table_id)
            if latest is None or latest[0] < revision:
                self._latest[table_id] = (revision, game)
                while len(self._latest) > GAMES_CACHED:  # the oldest tables go first
                    del self._latest[next(iter(self._latest))]

    def _replay(self, cls: dict, table: dict) -> Any:
        """The stored game: the newest older revision held here plus the actions since, when
        its actions begin the stored ones and its header is the stored one; else replayed
        from the seed."""
        with self._lock:
            latest = self._latest.get(table["id"])
        if latest is not None and latest[0] < table["revision"]:
            doc = json.loads(table["save"])
            held = latest[1].to_dict()
            done = held.pop("actions")
            actions = doc.pop("actions", None) if isinstance(doc, dict) else None
            if isinstance(actions, list) and _same(held, doc) and actions[:len(done)] == done:
                if len(actions) == len(done):
                    return latest[1]  # a revision that moved no piece (a join, a pause)
                game = latest[1].copy()
                try:
                    game.play_many(actions[len(done):])
                except games.IllegalMoveError:
                    pass  # a save that does not replay: said by the full replay below
                else:
                    return game
        return games.load_game(cls["game"], table["save"])

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


def _same(header: dict, stored: dict) -> bool:
    """Whether a game's save header is the stored one (compared as JSON: a tuple in the game
    is a list in the store)."""
    return json.dumps(header, sort_keys=True) == json.dumps(stored, sort_keys=True)
