"""periodic_edu: play with the periodic table.

A faithful engine of the board game *Periodic: A Game of The Elements*, the 88-cell board and
its five trends, real element data with sources, and (in :mod:`periodic_edu.widgets`, which is
imported only on request) Jupyter widgets. Nothing imported here loads a widget library.
"""
from __future__ import annotations

from .board import CELLS, TREND_NAMES, TRENDS, NotOnBoardError, UnknownTrendError, cell, reach
from .chemistry import ELEMENTS, Element, UnknownElementError, element
from .engine import DeckError, Game, IllegalMoveError

__version__ = "0.1.0"

__all__ = [
    "CELLS", "TRENDS", "TREND_NAMES", "cell", "reach", "NotOnBoardError", "UnknownTrendError",
    "ELEMENTS", "Element", "UnknownElementError", "element",
    "Game", "IllegalMoveError", "DeckError",
]
