"""The room asks, on a student's device: the question the teacher asked, the lock, the answers
revealed (issue 31). The page is widgets_js/class_check.js; it sits in the class-play panel
below "Join a class game" (:class:`~periodic_edu.widgets.class_seat.ClassPlayBox`) and follows
the seat that panel holds.

What the page is sent never holds an answer key: the question is the item's public part
(:meth:`periodic_edu.checks.Item.public`), the seat's own answers are its responses as given,
and the explanations arrive only after the teacher reveals them. Every message from the page
is checked here (:attr:`INTENTS`, :meth:`_check`) and again by the room.
"""
from __future__ import annotations

import math
from typing import Any

import traitlets

from .. import board
from ._assets import css, esm
from ._room_widget import IntentError, RoomWidget

__all__ = ["ClassCheckWidget", "CELLS"]

#: the board's cells as the page lays them out: [symbol, period, group] (public geometry)
CELLS = [[c.symbol, c.period, c.group] for c in board.CELLS]
REFRESH_MS = 1000
_TEXT_LIMIT = {"item": 40, "ask": 64, "choice": 8, "reason": 8, "cell": 3}


class ClassCheckWidget(RoomWidget):
    """The question panel of one seat. ``source``: the class-play widget whose seat it follows
    (anything with a ``seat`` attribute and a ``keep_token`` trait); ``seat``: a seat to follow
    directly (a notebook, a test)."""

    _esm = traitlets.Unicode(esm("class_check.js")).tag(sync=True)
    _css = traitlets.Unicode(css("class_check.css")).tag(sync=True)

    active = traitlets.Bool(False, help="A seat is held: the page polls and shows.").tag(
        sync=True)
    lock = traitlets.Unicode("", help="The step the teacher locked the class to, or ''.").tag(
        sync=True)
    question = traitlets.Dict(help="The shown item's public part (no key) with ask, index, "
                              "count, answered and this seat's answer so far ('mine'); {} if "
                              "no question is open.").tag(sync=True)
    revealed = traitlets.Dict(help="The last revealed question: items with explanation and "
                              "whether this seat was right; {} until a reveal.").tag(sync=True)
    cells = traitlets.List(help="[symbol, period, group] of every board cell.").tag(sync=True)
    refresh_ms = traitlets.Int(REFRESH_MS).tag(sync=True)

    INTENTS = {
        "refresh": (frozenset(), frozenset()),
        "answer": (frozenset({"item", "ask"}), frozenset({"choice", "reason", "value", "cell"})),
        "goto": (frozenset({"index"}), frozenset()),
    }

    @classmethod
    def _check(cls, key: str, value: Any) -> Any:
        if key == "index":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 500:
                raise IntentError("index must be a whole number")
            return value
        if key == "value":
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value):
                raise IntentError("value must be a number")
            return value
        limit = _TEXT_LIMIT[key]
        if not isinstance(value, str) or len(value) > limit:
            raise IntentError(f"{key} must be text of at most {limit} characters")
        return value

    def __init__(self, source: Any = None, seat: Any = None, room: Any = None,
                 **kwargs: Any) -> None:
        self._source = source
        self._seat = seat
        self._index: tuple[str, int] | None = None  # (ask, item index) the student chose
        if room is None and seat is not None:
            room = seat.room
        super().__init__(room=room, cells=CELLS, **kwargs)
        self._watched: Any = None  # the source's game view whose revision wakes this panel
        if source is not None:
            source.observe(lambda _change: self._guarded("refresh", self._pull),
                           names="keep_token")
            source.observe(self._follow_view, names="phase")
        self._guarded("refresh", self._pull)

    def _follow_view(self, _change: Any = None) -> None:
        """Once the seat's game shows, every change of its table wakes this panel too: the
        teacher's lock, question, close and reveal move the table's revision on, and the
        class-play panel's waiting thread syncs the game view at once (the page's 1 s timer
        stays the fallback, and the only clock before the table starts)."""
        view = getattr(self._source, "view", None)
        if view is None or view is self._watched or not view.has_trait("revision"):
            return
        self._watched = view
        view.observe(lambda _c: self._guarded("refresh", self._pull), names="revision")

    def __repr__(self) -> str:
        return f"<ClassCheckWidget {'active' if self.active else 'idle'}>"

    @property
    def seat(self) -> Any:
        if self._source is not None:
            return getattr(self._source, "seat", None)
        return self._seat

    def _dispatch(self, intent: dict[str, Any]) -> None:
        kind = intent["type"]
        seat = self.seat
        if seat is None:
            self._clear()
            return
        if kind == "answer":
            response = {k: intent[k] for k in ("choice", "reason", "value", "cell") if k in intent}
            seat.answer(intent["item"], ask=intent["ask"], **response)
            self._index = None  # on to the next unanswered item
        elif kind == "goto":
            ask = self.question.get("ask")
            if ask:
                self._index = (ask, intent["index"])
        self._pull()

    def _clear(self) -> None:
        with self.hold_sync():
            self.active = False
            self.lock = ""
            self.question = {}
            self.revealed = {}

    def _pull(self) -> None:
        """Read the seat's lock, open question and last reveal, and show them."""
        seat = self.seat
        if seat is None:
            self._clear()
            return
        lang = self.lang
        open_ask = seat.ask_items(lang)
        from ..classroom.asks import seat_status  # the room: imported when a seat is held
        part = seat_status(seat)
        question: dict[str, Any] = {}
        if open_ask is not None:
            items = open_ask["items"]
            answered = sum(i["answer"] is not None for i in items)
            index = None
            if self._index is not None and self._index[0] == open_ask["ask"] \
                    and self._index[1] < len(items):
                index = self._index[1]
            if index is None:
                index = next((n for n, i in enumerate(items) if i["answer"] is None),
                             len(items) - 1)
            shown = items[index]
            question = {**{k: v for k, v in shown.items() if k != "answer"},
                        "mine": shown["answer"], "ask": open_ask["ask"],
                        "phase": open_ask["phase"], "index": index, "count": len(items),
                        "answered": answered}
        revealed = (seat.revealed(lang) or {}) if open_ask is None else {}
        with self.hold_sync():
            self.active = True
            self.lock = part["lock"] or ""
            if question != self.question:
                self.question = question
            if revealed != self.revealed:
                self.revealed = revealed

    def _translate(self, lang: str) -> None:
        self._guarded("refresh", self._pull)
