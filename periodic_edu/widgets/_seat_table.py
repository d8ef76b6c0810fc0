"""SeatTable: a :class:`~periodic_edu.tabletop.table.Table` whose authority is a class room's seat.

Class play (issue 19) shows one room :class:`~periodic_edu.classroom.Seat` in a student's
kernel with the same game views as a game at home. The game widgets are thin views over a
``Table``; here it is the same ``Table`` with a :class:`SeatAuthority` (the table's
authority, :mod:`periodic_edu.tabletop.authority`) instead of the local one: the game is the one
stored in the room, so the views, the log's sentences (``Table.log``) and the refusals are the
very same code - no rule and no sentence is written twice.

What differs from a table at home:

* the game is the room's (the store is the authority): :meth:`pull` reads it again (one read
  transaction; a revision is replayed once per process and cached by the room), and the log
  follows it: only the actions since the last pull are told (:meth:`_follow`);
* a move goes to the room: ``seat.play(action, revision)`` with the revision this table last
  pulled. A move made on an old revision is refused by the room ("the table moved on"); the
  table then pulls the new state, so the page shows it together with the sentence;
* only this seat is ever a person here (:attr:`person_to_move` is this seat on its turn, None
  otherwise); the other seats' people and bots move in other kernels (bots: whichever kernel
  claims the revision, ``Room.step_bots``), so ``bot_to_move`` is always False and the
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

__all__ = ["SeatTable", "SeatAuthority", "MovedOn"]


class MovedOn(TableError):
    """The move was made on an old revision: the table moved on (the new state is pulled)."""


class SeatAuthority:
    """A room seat as a table's authority (:class:`~periodic_edu.tabletop.authority.
    TableAuthority`): the room holds the game (see the module docstring)."""

    # no save of its own: the room keeps the game
    store = None
    summary = None
    token, generation, moved_away, save_error = "", 0, False, None

    def __init__(self, seat: Any) -> None:
        self.seat = seat
        self.room: dict[str, Any] = {}
        self.connected_seconds = 30
        self.revision = -1
        self.started = False
        self._fresh: Any = None  # the log's own replay, at the last entry (see _follow)

    def open(self, table: Table, seed: int) -> None:
        table._start(None, seed)  # no game to deal: the room holds it
        self.pull(table)

    # ---- reading the room ----------------------------------------------------------------
    def pull(self, table: Table) -> bool:
        """Read the seat's table again; True when its game changed (a new revision). The room
        part (who is connected, stand-ins, pause) is updated every time."""
        state = self.seat.state()
        self.room = state["room"]
        self.connected_seconds = state.get("connected_seconds", 30)
        table.seats = [Seat(s["name"] or "", s["bot"]) for s in self.room["seats"]]
        if state["revision"] == self.revision:
            return False
        self.revision = state["revision"]
        game = state["game"]
        self.started = game is not None
        if game is not None:  # a revision may move no piece (a seat handed to a bot, a pause)
            table.game = game
            self._follow(table, game)
        return True

    def _follow(self, table: Table, game: Any) -> None:
        """The log as data (and its sentences in each language said so far) for ``game``: only
        the actions since the last pull are replayed, on this table's own replay, when the
        game's history begins with the one followed so far; else the whole history."""
        fresh = self._fresh
        done = len(table.entries)
        history = game.history
        if fresh is None or fresh.history != history[:done]:
            # a history this table has not followed (the first pull): replayed from the start
            fresh = self._fresh = table.rules.replay_start(game)
            table.entries, table._told, done = [], {}, 0
        # a bot's entries are a bot seat's (no student's name): the room keeps no mover per
        # move, so a student's seat later handed to a bot (or stood in for) is logged as a
        # person's, and a bot's reason is never shown beside a student's own choice
        kinds = [s["bot"] if not s["stand_in"] and not s["name"] else None
                 for s in self.room["seats"]]
        if any(e["bot"] != kinds[e["seat"]] for e in table.entries):
            table.entries = [dict(e, bot=kinds[e["seat"]]) for e in table.entries]
        for index in range(done, len(history)):
            text, who = history[index], fresh.current_player
            # the sentences of each language said so far, as a table at home tells its moves
            tellers = {lang: table.rules.tell(fresh, who, text, lang) for lang in table._told}
            played = fresh.play(text)
            table.entries.append({"i": index, "seat": who, "bot": kinds[who],
                                  "kind": played.kind, "action": played.text})
            for lang, finish in tellers.items():
                table._told[lang].append(finish(fresh))

    # ---- who moves -----------------------------------------------------------------------
    def person_to_move(self, table: Table) -> int | None:
        """This seat, on its turn, while its person (not a stand-in bot) holds it."""
        # held: the teacher's pause, or the class brought to a step where play waits
        if table.to_move != self.seat.index or self.room.get("stand_in") or \
                self.room.get("held"):
            return None
        return self.seat.index

    def bot_to_move(self, table: Table) -> bool:
        return False  # bots move in the room (Room.step_bots), never on the page's timer

    def in_progress(self, table: Table) -> bool:
        return False  # the room keeps the game: nothing for this browser to resume

    def act(self, table: Table, action: Any) -> dict[str, Any]:
        """Play ``action`` for this seat at the revision last pulled. Raises :class:`MovedOn`
        (stale: the new state is pulled), TableError (the room's refusal, in any language) or
        the game's IllegalMoveError; a refused move changes nothing."""
        from ..classroom import RoomError, StaleRevisionError
        if table.game is None:
            raise TableError(Text("class_not_started"))
        try:
            self.seat.play(action, revision=self.revision)
        except StaleRevisionError:
            self.pull(table)
            raise MovedOn(Text("class_moved_on")) from None
        except RoomError as exc:
            raise TableError(Text("class_refused", why=_RoomWords(exc))) from None
        self.pull(table)
        return table.entries[-1] if table.entries else {}

    # ---- what the room keeps ---------------------------------------------------------------
    def undo_refusal(self, table: Table) -> Text:
        return Text("class_no_undo")  # another seat may already have seen the move

    def save(self, table: Table) -> None:
        return None  # never reached: a seat's moves are played in the room

    def new_game(self, table: Table, seed: int) -> None:
        raise TableError(Text("class_no_new_game"))

    def offer(self, table: Table, token: Any) -> None:
        return None

    def resume(self, table: Table, token: Any) -> bool:
        return False


class SeatTable(Table):
    """The game of one room seat's table: a :class:`Table` whose authority is the seat (see
    the module docstring); adds the seat's own reading of the room."""

    def __init__(self, rules: Any, seat: Any, lang: str | None = None) -> None:
        super().__init__(rules, [], seed=0, lang=lang, authority=SeatAuthority(seat))

    authority: SeatAuthority

    def pull(self) -> bool:
        """Read the seat's table again; True when its game changed (a new revision)."""
        return self.authority.pull(self)

    @property
    def seat(self) -> Any:
        """The room :class:`~periodic_edu.classroom.Seat` shown."""
        return self.authority.seat

    @property
    def index(self) -> int:
        return self.authority.seat.index

    # what the last pull read: the room part, the seat's heartbeat, the revision, started
    room = property(lambda self: self.authority.room)
    connected_seconds = property(lambda self: self.authority.connected_seconds)
    revision = property(lambda self: self.authority.revision)
    started = property(lambda self: self.authority.started)


class _RoomWords(str):
    """A room's refusal as a parameter of a :class:`Text`: said in the text's language."""

    def __new__(cls, error: Exception) -> "_RoomWords":
        self = str.__new__(cls, str(error))
        self._error = error
        return self

    def render(self, lang: str | None = None) -> str:
        return self._error.render(lang)
