"""A class seat's game widgets: Periodic's and Elemonster's own widgets over a room seat's table
(:class:`~._seat_table.SeatTable`, whose authority is the room), so nothing of a game's rules
or sentences is written twice; :mod:`.class_seat` joins the class and shows them.
"""
from __future__ import annotations

from typing import Any

import traitlets

from .. import i18n
from ..locale.widget_texts import FRONT_END
from ._seat_table import MovedOn, SeatTable
from .elemonster_widget import ELEMONSTER, ElemonsterWidget
from .game_widget import PERIODIC, GameWidget

__all__ = ["ClassGameWidget", "ClassElemonsterWidget", "held_note"]


def held_note(room: dict, lang: str) -> str:
    """Why no move lands at the table (the room part's ``held``), in words; "" when play goes
    on: the teacher's pause, or the class brought to a step where the games wait."""
    held = room.get("held")
    if not held:
        return ""
    if held == "paused":
        return i18n.gettext("widgets", FRONT_END["class_paused"], lang)
    step = i18n.gettext("widgets", FRONT_END[f"check_step_{room['lock']}"], lang)
    return i18n.gettext("widgets", FRONT_END["class_held"], lang).format(step=step)


class _SeatView(traitlets.HasTraits):
    """What both class game widgets add to their game widget (first in the MRO; a HasTraits,
    so the traits below are set up for both)."""

    table: SeatTable
    class_seat = traitlets.Bool(True, help="A class table: the page offers no bot timer, undo "
                                "or new game.").tag(sync=True)
    class_note = traitlets.Unicode("", help="Why no seat may move now (the class is paused), "
                                   "in the page's language; '' when play goes on.").tag(sync=True)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.table.seat!r}>"

    def _open_seat(self, rules: Any, seat: Any, kwargs: dict[str, Any]) -> None:
        table = SeatTable(rules, seat, i18n.resolve_language(kwargs.get("lang")))
        if not table.started:
            raise ValueError("the game at this table has not started yet")
        self._show(table, 0, kwargs, viewer=seat.index)  # no bot timer: bots move in the room

    @property
    def seat(self) -> Any:
        """The room :class:`~periodic_edu.classroom.Seat` shown."""
        return self.table.seat

    def pull(self) -> bool:
        """Read the seat's table from the room again; sync (and return True) when it changed."""
        before = (self.table.revision, self.table.room)
        self.table.pull()
        if (self.table.revision, self.table.room) == before:
            return False
        self._seats()
        self._sync()
        return True

    def play(self, action: Any) -> dict[str, Any]:
        try:
            return super().play(action)
        except MovedOn:
            self._seats()
            self._sync()  # the new state shows with the sentence
            raise

    def _shown(self) -> int | None:
        return self.table.index  # this seat, always: never another seat's view

    def _sync(self) -> None:
        super()._sync()
        if getattr(self, "_ready", False):
            # the class paused by the teacher, or brought to a step where play waits: the page
            # locks every control and says why
            self.class_note = held_note(self.table.room, self.lang)

    def _names_now(self) -> list[str]:
        names = []
        for i, s in enumerate(self.table.seats):
            if s.name:
                names.append(s.name)
                continue
            kind = s.bot or ""
            word = i18n.gettext("widgets", FRONT_END[f"bot_kind_{kind}"], self.lang) \
                if f"bot_kind_{kind}" in FRONT_END else kind
            names.append(i18n.gettext("widgets", FRONT_END["bot_tag"], self.lang).format(
                kind=word) + f" {i + 1}")
        return names


class ClassGameWidget(_SeatView, GameWidget):
    """Periodic at a class table: one room seat's view (see the module docstring)."""

    def __init__(self, seat: Any, **kwargs: Any) -> None:
        self._open_seat(PERIODIC, seat, kwargs)


class ClassElemonsterWidget(_SeatView, ElemonsterWidget):
    """Elemonster at a class table: one room seat's view (see the module docstring)."""

    def __init__(self, seat: Any, **kwargs: Any) -> None:
        self._name_keys = []
        self._open_seat(ELEMONSTER, seat, kwargs)
