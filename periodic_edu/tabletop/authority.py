"""A table's authority: who decides what happens at a :class:`~.table.Table`.

A table shows one game the same way wherever it is played: its seats, its log in any language,
its views. What differs is who holds the game, and so who may move, undo, start again or save.
That is the table's *authority*, a small object the table holds and asks
(boardgame.io's "local or server" transport, not a subclass that turns half its parent off):

* :class:`~.table.LocalAuthority` - the game lives in this process: a person's move is played
  here, the table's bots step here (a front end's timer), undo goes back to the last person's move
  (never past a reveal), a new game is dealt here, and the game is saved in a ``store`` after
  every action, with ONE owner per save (see :mod:`.table`, "Saves and their one owner").
* a room seat's authority (class play, ``periodic_edu.widgets._seat_table.SeatAuthority``) -
  the room holds the game: a move is sent to the room, the game is the room's own replay, bots
  move in the room; no undo, no new game and no save of its own.

Both satisfy :class:`TableAuthority`. The table keeps what is the same everywhere (the seats,
the log and its sentences, the undo mechanics); the authority says what is allowed here.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

__all__ = ["TableAuthority"]

# ``Table`` and ``Text`` in the annotations are :mod:`.table`'s: named, never imported (the
# annotations are not evaluated), since table.py imports this module


class TableAuthority(Protocol):
    """What a :class:`~.table.Table` asks its authority. Every method gets the table."""

    #: where the game is saved (None: nowhere), the save's token ('' before the first save),
    #: this table's generation of it, whether another table took the save over, why the last
    #: save failed (None: saved or nothing to save). A room seat has no save: '' / 0 / False.
    store: Any
    summary: Callable[[Table, str], str] | None
    token: str
    generation: int
    moved_away: bool
    save_error: Text | None

    def open(self, table: Table, seed: int) -> None:
        """Put the table's first game on it (a new deal, or the room's game)."""

    def person_to_move(self, table: Table) -> int | None:
        """The seat a person moves from here now, or None."""

    def bot_to_move(self, table: Table) -> bool:
        """A bot is to act here (a front end's timer may call ``table.step_bot``)."""

    def in_progress(self, table: Table) -> bool:
        """This game is worth resuming from this table's save."""

    def act(self, table: Table, action: Any) -> dict[str, Any]:
        """Play a person's ``action``; returns its log entry (raises TableError or the game's
        IllegalMoveError; a refused action changes nothing)."""

    def undo_refusal(self, table: Table) -> Text | None:
        """Why no undo is possible here at all (None: the table's own undo rules decide)."""

    def save(self, table: Table) -> None:
        """After an action or an undo (raises SaveMovedError: the game went elsewhere)."""

    def new_game(self, table: Table, seed: int) -> None:
        """Start again with the same seats and settings (or refuse: TableError)."""

    def offer(self, table: Table, token: Any) -> dict[str, Any] | None:
        """The save of ``token`` worth offering for resuming, or None. Reads only."""

    def resume(self, table: Table, token: Any) -> bool:
        """Take up the game saved under ``token``; False when there is none to take up."""
