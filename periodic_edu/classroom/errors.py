"""The room's refusals: one family, each a message id with named parameters.

Every refusal of the room is a :class:`RoomError` whose ``str()`` is an English sentence for the
person who caused it, and which keeps ``key`` and ``params`` (ids and numbers, never free text)
so a front end can say it in the student's or the teacher's language (``render(lang)``, the
``classroom`` catalog). ``MESSAGES`` holds every sentence, marked with ``N_`` for the catalogs.

>>> NotFound("no_table", table=4).render("de")
'die Klasse hat keinen Tisch 4'

Two kinds:

* a person's mistake or a rule of the room (an unknown class code, a taken name, a move on an
  old revision, a paused class): nothing changed, try something else;
* the store itself failing (:class:`StoreUnavailable`, :class:`StoreFull`, :class:`StoreBusy`):
  the transaction was rolled back, nothing was half written, try again later.

``PermissionError`` (a wrong teacher key) and the engines' ``IllegalMoveError`` are raised as
they are: the first is Python's own, the second already carries its reason.
"""
from __future__ import annotations

from typing import Any

from ..i18n import N_

DOMAIN = "classroom"

__all__ = ["DOMAIN", "RoomError", "StaleRevisionError", "NotFound", "NameTaken", "TableFull",
           "NotStarted", "Paused", "SeatLocked", "StoreUnavailable", "StoreFull", "StoreBusy",
           "BadInput", "MESSAGES"]

MESSAGES: dict[str, str] = {
    "stale": N_("the table moved on: the move was made on revision {revision}, the table is at "
                "revision {current}; look again and play on the new state"),
    "no_class": N_("there is no class with that code (it may have ended or been deleted)"),
    "no_seat": N_("this seat token belongs to no seat (the class may have ended, or the seat "
                  "was rejoined from another device)"),
    "no_table": N_("the class has no table {table}"),
    "no_seat_at": N_("table {table} has no seat {seat}"),
    "name_taken": N_("someone in this class already plays as {name}; choose another name"),
    "table_full": N_("every seat of table {table} is taken"),
    "same_table": N_("the student already sits at table {table}"),
    "class_full": N_("every seat of this class is taken"),
    "not_started": N_("the game at this table has not started yet"),
    "started": N_("the game at table {table} has already started"),
    "paused": N_("the class is paused by the teacher"),
    "held_explore": N_("the teacher has brought the class to Explore: the games wait"),
    "held_check": N_("the teacher has brought the class to the check: the games wait"),
    "over": N_("the game at this table is over"),
    "not_over": N_("the game at this table is not over yet"),
    "not_your_turn": N_("it is not your turn: {name} is to move"),
    "not_your_turn_bot": N_("it is not your turn: a bot is to move"),
    "bot_seat": N_("the teacher has handed this seat to a bot for now"),
    "no_person": N_("nobody sits at that seat, so it cannot be handed back to its person"),
    "bad_pin": N_("that name and PIN do not match a seat of this class"),
    "pin_locked": N_("too many wrong PINs for this seat: try again in {seconds} seconds"),
    "bad_name": N_("a name has 1 to {limit} characters, without control characters"),
    "name_marks": N_("a name has at most {marks} accents on one letter"),
    "name_bot": N_("\"Bot\" followed by a number is how the table shows a bot; choose another "
                   "name"),
    "join_locked": N_("the teacher has closed joining for this class; ask the teacher"),
    "one_seat": N_("this page already has a seat in this class; one page, one seat"),
    "too_fast": N_("too many tries from this page: wait {seconds} seconds"),
    "bad_action": N_("a move is action notation of at most {limit} characters"),
    "bad_revision": N_("a revision is a whole number"),
    "bad_choice": N_("{setting} must be one of: {choices}"),
    "bad_number": N_("{setting} must be a whole number from {low} to {high}"),
    "bad_days": N_("the number of days must be 0 or more"),
    "bad_url": N_("the room must be sqlite:///path/room.db or postgresql://user@host/database"),
    "unavailable": N_("the room's store cannot be reached; nothing was changed, try again in a "
                      "moment"),
    "full": N_("the room's store is full; nothing was changed"),
    "busy": N_("the room's store is busy; nothing was changed, try again"),
}


class RoomError(Exception):
    """A refusal of the room: ``key`` (one of :data:`MESSAGES`) and ``params`` (ids and
    numbers); ``render(lang)`` says it in ``lang`` (the ``classroom`` catalog). ``detail``: what
    the store itself said (a store error only), for the server's administrator: it is part of
    ``str()`` (the command line shows it), never of :meth:`render` (what a student sees)."""

    def __init__(self, key: str, detail: str | None = None, **params: Any) -> None:
        self.key = key
        self.params = params
        self.detail = detail
        text = MESSAGES[key].format(**params)
        super().__init__(text if detail is None else f"{text} ({detail})")

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (en, uk, de), without the store's own detail."""
        from .. import i18n
        return i18n.translate(DOMAIN, MESSAGES[self.key], lang).format(**self.params)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.key, "params": dict(self.params)}


class StaleRevisionError(RoomError):
    """A move made on an old revision: the table moved on, nothing changed."""

    def __init__(self, revision: int, current: int) -> None:
        super().__init__("stale", revision=revision, current=current)
        self.revision = revision
        self.current = current


class NotFound(RoomError, LookupError):
    """No such class, seat or table."""


class NameTaken(RoomError):
    """The name is already used in the class."""


class TableFull(RoomError):
    """No free seat."""


class NotStarted(RoomError):
    """The table's game has not started (or has started, for a control that needs it not)."""


class Paused(RoomError):
    """The teacher paused the class, or brought it to a step where play waits: no move
    lands."""


class SeatLocked(RoomError):
    """Too many wrong PINs for a seat, for a while."""


class BadInput(RoomError, ValueError):
    """A value that is not acceptable (a name with control characters, a bad setting)."""


class StoreUnavailable(RoomError):
    """The store cannot be opened or reached; the transaction did not happen."""


class StoreFull(RoomError):
    """The disk (or the store's size limit) is full; the transaction was rolled back."""


class StoreBusy(RoomError):
    """The store stayed locked longer than the busy timeout; nothing was written."""
