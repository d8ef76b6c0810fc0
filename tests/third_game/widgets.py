"""The third game's widget, and its class-seat view registered with the widgets' registry
(:mod:`periodic_edu.widgets.game_views`): the game itself imports no widget code."""
from __future__ import annotations

from typing import Any

import traitlets

from periodic_edu.widgets._table_widget import TableWidget
from periodic_edu.widgets.class_seat import _SeatView
from periodic_edu.widgets.game_views import GameViews, register_views

from .game import NAME, SPEC


class DuelWidget(TableWidget):
    """A bare view: the seat's view of the game, as the game gives it."""

    _esm = "export default { render() {} }"

    def _sync_view(self, viewer: int | None, person: int | None) -> dict[str, Any]:
        return {"view": self.game.view(viewer)}


class ClassDuelWidget(_SeatView, DuelWidget):
    class_seat = traitlets.Bool(True).tag(sync=True)
    class_note = traitlets.Unicode("").tag(sync=True)

    def __init__(self, seat: Any, **kwargs: Any) -> None:
        self._open_seat(SPEC.rules, seat, kwargs)


register_views(GameViews(NAME, seat_view=ClassDuelWidget))
