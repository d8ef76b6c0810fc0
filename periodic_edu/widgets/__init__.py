"""Jupyter widgets for periodic_edu (needs the ``widgets`` extra).

This package is the only code in periodic_edu that imports ipywidgets, anywidget, traitlets or
matplotlib (DESIGN §1); ``import periodic_edu`` never loads it.

>>> from periodic_edu.widgets import explore
>>> app = explore("Na", trend="ionization_energy")   # TrendExplorer + linked ElementCard
>>> explorer, card = app.children
>>> explorer.symbol = "Cl"
>>> card.symbol
'Cl'

The explorer and the card are also usable alone; link them by hand with
``traitlets.dlink((explorer, "symbol"), (card, "symbol"))`` or ``TrendExplorer(card=card)``.
Static figures for print and slides: :func:`plot_board`, :func:`plot_trend`.
"""
from __future__ import annotations

from typing import Any

from ._payload import PROPERTIES
from .element_card import ElementCard
from .figures import plot_board, plot_trend
from .elemonster_widget import ElemonsterWidget
from .game_widget import GameWidget
from .trend_chart import TrendChart
from .trend_explorer import TrendExplorer

__all__ = ["TrendExplorer", "ElementCard", "GameWidget", "ElemonsterWidget", "TrendChart",
           "explore", "plot_board", "plot_trend", "PROPERTIES"]


def explore(symbol: str = "Na", lang: str | None = None, **kwargs: Any):
    """A :class:`TrendExplorer` and an :class:`ElementCard` side by side, the card following
    the element chosen in the explorer. ``lang``: ``"en"``, ``"uk"`` or ``"de"`` (default
    ``$PERIODIC_EDU_LANG``). Keyword arguments go to the explorer (``trend``, ``steps``,
    ``property``). Returns an ``ipywidgets.HBox`` (children: explorer, card) that wraps onto
    two lines in a narrow notebook."""
    import ipywidgets

    card = ElementCard(symbol, lang=lang)
    explorer = TrendExplorer(symbol=symbol, card=card, lang=lang, **kwargs)
    return ipywidgets.HBox(
        [explorer, card],
        layout=ipywidgets.Layout(flex_flow="row wrap", align_items="flex-start"),
    )
