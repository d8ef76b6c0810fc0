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

import importlib
from typing import Any

# Each name is imported from its module on first use (PEP 562): a dashboard kernel whose
# student never opens the game or Elemonster never loads their code (the workshop server's
# memory per student). ``from periodic_edu.widgets import GameWidget`` works as before.
_LAZY = {"PROPERTIES": "._payload", "ElementCard": ".element_card", "plot_board": ".figures",
         "plot_trend": ".figures", "ElemonsterWidget": ".elemonster_widget",
         "GameWidget": ".game_widget", "TrendChart": ".trend_chart",
         "TrendExplorer": ".trend_explorer", "ClassroomWidget": ".classroom_widget",
         "PracticeCheckWidget": ".practice_check"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})

__all__ = ["TrendExplorer", "ElementCard", "GameWidget", "ElemonsterWidget", "TrendChart",
           "ClassroomWidget", "PracticeCheckWidget",
           "explore", "plot_board", "plot_trend", "PROPERTIES"]


def explore(symbol: str = "Na", lang: str | None = None, **kwargs: Any):
    """A :class:`TrendExplorer` and an :class:`ElementCard` side by side, the card following
    the element chosen in the explorer. ``lang``: ``"en"``, ``"uk"`` or ``"de"`` (default
    ``$PERIODIC_EDU_LANG``). Keyword arguments go to the explorer (``trend``, ``steps``,
    ``property``). Returns an ``ipywidgets.HBox`` (children: explorer, card) that wraps onto
    two lines in a narrow notebook."""
    import ipywidgets

    from .element_card import ElementCard
    from .trend_explorer import TrendExplorer

    card = ElementCard(symbol, lang=lang)
    explorer = TrendExplorer(symbol=symbol, card=card, lang=lang, **kwargs)
    return ipywidgets.HBox(
        [explorer, card],
        layout=ipywidgets.Layout(flex_flow="row wrap", align_items="flex-start"),
    )
