"""TrendExplorer: where can each of the game's five trends take the flask, and does real
chemistry agree with the arrow?

The whole reach table (88 cells x 5 trends, distances up to 8 steps) and the element data go to
the browser once, as synced traits, so choosing a cell highlights its reachable set at once,
with no kernel round trip. The browser writes only the four intents ``symbol``, ``trend``,
``steps`` and ``property``; Python checks each one (see :mod:`periodic_edu.widgets._base`).

>>> from periodic_edu.widgets import TrendExplorer
>>> w = TrendExplorer(symbol="Na", trend="ionization_energy")
>>> sorted(w.reachable())[:4]
['Al', 'B', 'Be', 'C']
>>> w.steps = 9                # refused: the old value stays and `error` says why
>>> w.steps, w.error[:23]
(5, 'steps: must be a whole ')
"""
from __future__ import annotations

from typing import Any, Mapping

import traitlets

from ..chemistry import element_name
from .. import board, i18n, trends
from . import _a11y_payload, _checks, _payload
from ._assets import css, esm
from ._base import IntentWidget

__all__ = ["TrendExplorer"]


class TrendExplorer(IntentWidget):
    """The game board with the five trends, real-data overlays and an account of the data.

    Parameters (all optional): ``symbol`` (a board cell, default ``"Na"``), ``trend`` (one of
    :data:`periodic_edu.board.TRENDS`), ``steps`` (1..8, default 5; the +3 Spaces tile makes
    up to 8), ``property`` (``""`` or a field of :data:`PROPERTIES` to lay over the board as
    a heatmap), ``card`` (an :class:`~periodic_edu.widgets.ElementCard` that follows the
    chosen element), ``lang`` (``"en"``, ``"uk"``, ``"de"``; default ``$PERIODIC_EDU_LANG``:
    the words, element and trend names shown).
    """

    _esm = esm("trend_explorer.js")
    _css = css("periodic.css")
    _intents = {
        "symbol": _checks.board_symbol,
        "trend": _checks.trend,
        "steps": _checks.steps,
        "property": _checks.overlay_property,
    }

    # -- intents: the browser may write these ----------------------------------------------
    symbol = traitlets.Unicode("Na", help="The chosen element (a board cell).").tag(sync=True)
    trend = traitlets.Unicode("atomic_number", help="The chosen trend id.").tag(sync=True)
    steps = traitlets.Int(board.DEFAULT_STEPS, help="Longest movement, 1..8.").tag(sync=True)
    property = traitlets.Unicode("", help="Overlay property ('' for none).").tag(sync=True)

    # -- public data, sent once, read-only for the browser ---------------------------------
    cells = traitlets.List(help="The 88 board cells.").tag(sync=True)
    fblock = traitlets.List(help="La-Lu and Ac-Lr, not on the game board.").tag(sync=True)
    reach_table = traitlets.Dict(help="table[start][trend][target] = distance (<= 8).").tag(
        sync=True)
    elements = traitlets.Dict(help="Columns over the 118 elements (index Z-1).").tag(sync=True)
    trend_info = traitlets.List(help="The five trends and their data checks.").tag(sync=True)
    properties = traitlets.List(help="Overlay choices with unit and source.").tag(sync=True)
    ranks = traitlets.Dict(help="ranks[field][symbol] = [rank in period, of n, rank in group, "
                           "of m] (1 = lowest) for each trend's property: what a focused cell "
                           "says (issue 33).").tag(sync=True)

    def __init__(self, card: Any = None, **kwargs: Any) -> None:
        kwargs.setdefault("cells", _payload.board_cells())
        kwargs.setdefault("fblock", _payload.fblock_cells())
        kwargs.setdefault("reach_table", _payload.reach_table())
        kwargs.setdefault("elements", _payload.element_columns())
        kwargs.setdefault("trend_info", _payload.trend_info())
        kwargs.setdefault("properties", _payload.property_info())
        kwargs.setdefault("ranks", _a11y_payload.rank_table())
        super().__init__(**kwargs)
        self._card_link = None
        if card is not None:
            self.link_card(card)

    @traitlets.validate("symbol", "trend", "steps", "property")
    def _validate_intent(self, proposal: dict) -> Any:
        return self._refuse_or_accept(proposal["trait"].name, proposal)

    @traitlets.observe("symbol", "trend", "steps", "property")
    def _accepted(self, change: dict) -> None:
        self.error = ""

    def _translate(self, lang: str) -> None:
        # names only: symbols, ids and numbers stay as they are (the browser matches on them)
        self.cells = _payload.named_cells(_payload.board_cells(), lang)
        self.fblock = _payload.named_cells(_payload.fblock_cells(), lang)
        columns = dict(_payload.element_columns())
        columns["name"] = [element_name(s, lang) for s in columns["symbol"]]
        self.elements = columns
        self.properties = [{**p, "label": i18n.gettext("widgets", p["label"], lang)}
                           for p in _payload.property_info()]
        self.trend_info = _payload.translated_trend_info(lang)

    # -- the same answers in Python ---------------------------------------------------------
    def reachable(self) -> Mapping[str, int]:
        """The cells the chosen trend reaches from the chosen element: symbol -> distance."""
        return board.reach(self.symbol, self.trend, self.steps)

    def report(self) -> dict:
        """What the real data does over the reachable cells (:func:`trends.reach_report`)."""
        return trends.reach_report(self.symbol, self.trend, self.steps)

    def link_card(self, card: Any) -> Any:
        """Make ``card`` (anything with a ``symbol`` trait) follow the chosen element."""
        if self._card_link is not None:
            self._card_link.unlink()
        self._card_link = traitlets.dlink((self, "symbol"), (card, "symbol"))
        return card
