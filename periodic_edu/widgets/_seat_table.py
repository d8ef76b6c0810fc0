"""SeatTable: a :class:`~periodic_edu.tabletop.table.Table` read from a class room's seat.

Class play (issue 19) shows one room :class:`~periodic_edu.classroom.Seat` in a student's
kernel with the same game views as a game at home. The game widgets are thin views over a
``Table``; this adapter is a ``Table`` whose game is the one stored in the room, so the views,
the log's sentences (``Table.log``) and the refusals are the very same code - no rule and no
sentence is written twice.

What differs from a table at home:

* the game is the room's (the store is the authority): :meth:`pull` reads it again (one read
  transaction; a revision is replayed once per process and cached by the room), and the log
  follows it: only the actions since the last pull are told (:meth:`_follow`);
* a move goes to the room: ``seat.play(action, revision)`` with the revision this table last
  pulled. A move made on an old revision is refused by the room ("the table moved on"); the
  table then pulls the new state, so the page shows it together with the sentence;
* only this seat is ever a person here (:attr:`person_to_move` is this seat on its turn, None
  otherwise); the other seats' people and bots move in other kernels (bots: whichever kernel
  claims the revision, ``Room.step_bots``), so :attr:`bot_to_move` is always False and the
  page's bot timer never runs;
* no undo (another seat may already have seen the move), no new game, no save of its own: the
  room keeps the game.

No widget code here (traitlets/ipywidgets are not imported): tested with a plain room. The
room (:mod:`periodic_edu.classroom`, which imports ``sqlite3``) is imported only when a seat
acts: the static site's Pyodide has no ``sqlite3`` unless asked, and its dashboard imports this
module without ever joining a class.
"""
from __future__ import annotations

from typing import Any

from ..tabletop.table import Seat, Table, TableError, Text

__all__ = ["SeatTable", "MovedOn"]


class MovedOn(TableError):
    """The move was made on an old revision: the table moved on (the new state is pulled)."""


class SeatTable(Table):
    """The game of one room seat's table, as a :class:`Table` (see the module docstring)."""

    def __init__(self, rules: Any, seat: Any, lang: str | None = None) -> None:
        # no Table.__init__: there is no new game to deal, the room holds the game
        self.rules = rules
        self.seat = seat
        self.settings: dict[str, Any] = {}
        self.store = None
        self.summary = None
        self.seats: list[Seat] = []
        self.room: dict[str, Any] = {}
        self.connected_seconds = 30
        self.revision = -1
        self.started = False
        self._lang = "en"
        self.game = None
        self.entries: list[dict[str, Any]] = []
        self._told: dict[str, list[dict[str, Any]]] = {}
        self._fresh: Any = None  # the log's own replay, at the last entry (see _follow)
        self._bots: list[Any] = []
        self.token, self.generation, self.moved_away, self.save_error = "", 0, False, None
        if lang is not None:
            self._lang = lang
        self.pull()

    # ---- reading the room ----------------------------------------------------------------
    def pull(self) -> bool:
        """Read the seat's table again; True when its game changed (a new revision). The room
        part (who is connected, stand-ins, pause) is updated every time."""
        state = self.seat.state()
        self.room = state["room"]
        self.connected_seconds = state.get("connected_seconds", 30)
        self.seats = [Seat(s["name"] or "", s["bot"]) for s in self.room["seats"]]
        if state["revision"] == self.revision:
            return False
        self.revision = state["revision"]
        game = state["game"]
        self.started = game is not None
        if game is not None:  # a revision may move no piece (a seat handed to a bot, a pause)
            self.game = game
            self._follow(game)
        return True

    def _follow(self, game: Any) -> None:
        """The log as data (and its sentences in each language said so far) for ``game``: only
        the actions since the last pull are replayed, on this table's own replay, when the
        game's history begins with the one followed so far; else the whole history."""
        fresh = self._fresh
        done = len(self.entries)
        history = game.history
        if fresh is None or fresh.history != history[:done]:
            # a history this table has not followed (the first pull): replayed from the start
            fresh = self._fresh = self.rules.replay_start(game)
            self.entries, self._told, done = [], {}, 0
        # a bot's entries are a bot seat's (no student's name): the room keeps no mover per
        # move, so a student's seat later handed to a bot (or stood in for) is logged as a
        # person's, and a bot's reason is never shown beside a student's own choice
        kinds = [s["bot"] if not s["stand_in"] and not s["name"] else None
                 for s in self.room["seats"]]
        if any(e["bot"] != kinds[e["seat"]] for e in self.entries):
            self.entries = [dict(e, bot=kinds[e["seat"]]) for e in self.entries]
        for index in range(done, len(history)):
            text, who = history[index], fresh.current_player
            # the sentences of each language said so far, as a table at home tells its moves
            tellers = {lang: self.rules.tell(fresh, who, text, lang) for lang in self._told}
            played = fresh.play(text)
            self.entries.append({"i": index, "seat": who, "bot": kinds[who],
                                 "kind": played.kind, "action": played.text})
            for lang, finish in tellers.items():
                self._told[lang].append(finish(fresh))

    # ---- who moves -----------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self.seat.index

    @property
    def is_over(self) -> bool:
        return self.game is not None and bool(self.game.is_over)

    @property
    def to_move(self) -> int | None:
        if self.game is None or self.game.is_over:
            return None
        return self.game.current_player

    @property
    def bot_to_move(self) -> bool:
        return False  # bots move in the room (Room.step_bots), never on the page's timer

    @property
    def person_to_move(self) -> int | None:
        """This seat, on its turn, while its person (not a stand-in bot) holds it."""
        # held: the teacher's pause, or the class brought to a step where play waits
        if self.to_move != self.index or self.room.get("stand_in") or self.room.get("held"):
            return None
        return self.index

    @property
    def in_progress(self) -> bool:
        return False  # the room keeps the game: nothing for this browser to resume

    # ---- acting --------------------------------------------------------------------------
    def act(self, action: Any) -> dict[str, Any]:
        """Play ``action`` for this seat at the revision last pulled. Raises :class:`MovedOn`
        (stale: the new state is pulled), TableError (the room's refusal, in any language) or
        the game's IllegalMoveError; a refused move changes nothing."""
        from ..classroom import RoomError, StaleRevisionError
        if self.game is None:
            raise TableError(Text("class_not_started"))
        try:
            self.seat.play(action, revision=self.revision)
        except StaleRevisionError:
            self.pull()
            raise MovedOn(Text("class_moved_on")) from None
        except RoomError as exc:
            raise TableError(Text("class_refused", why=_RoomWords(exc))) from None
        self.pull()
        return self.entries[-1] if self.entries else {}

    def step_bot(self) -> None:
        return None

    def run_bots(self, limit: int = 100_000) -> int:
        return 0

    def undo_target(self) -> tuple[int | None, Text | None]:
        return None, Text("class_no_undo")

    def undo(self) -> list[str]:
        raise TableError(Text("class_no_undo"))

    def new_game(self, seed: int) -> None:
        raise TableError(Text("class_no_new_game"))

    def offer(self, token: Any) -> None:
        return None

    def resume(self, token: Any) -> bool:
        return False


class _RoomWords(str):
    """A room's refusal as a parameter of a :class:`Text`: said in the text's language."""

    def __new__(cls, error: Exception) -> "_RoomWords":
        self = str.__new__(cls, str(error))
        self._error = error
        return self

    def render(self, lang: str | None = None) -> str:
        return self._error.render(lang)
