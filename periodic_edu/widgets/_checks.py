"""Checks for the values a browser may send: each returns the normalized value or raises
:class:`ValueError` with a short message that names the fault (never echoing a huge value)."""
from __future__ import annotations

from typing import Any

from .. import board
from ..chemistry import SYMBOLS, element
from ._base import Text, describe
from ._payload import PROPERTIES

__all__ = ["board_symbol", "any_element", "trend", "steps", "overlay_property"]

_LONGEST_KEY = 32  # "Rutherfordium" is 13 characters; anything much longer is not a name


def board_symbol(value: Any) -> str:
    """A board cell by symbol (case-insensitive), name or atomic number -> its symbol."""
    if not isinstance(value, str) or not value.strip() or len(value) > _LONGEST_KEY:
        raise ValueError(Text("want_cell", value=describe(value)))
    text = value.strip()
    try:
        return board.cell(text).symbol
    except board.NotOnBoardError:
        problem = _off_board(text)
    try:  # a name ("sodium") or an atomic number ("11"), as the element card takes
        symbol = element(int(text) if text.isdigit() else text).symbol
    except (ValueError, KeyError, LookupError):
        raise ValueError(problem) from None
    try:
        return board.cell(symbol).symbol
    except board.NotOnBoardError:
        raise ValueError(_off_board(symbol)) from None


def _off_board(symbol: str) -> Text:
    """board.cell's two refusals, in words a page can translate."""
    if symbol.strip().capitalize() in SYMBOLS:
        return Text("f_block", value=symbol)
    return Text("unknown_symbol", value=describe(symbol))


def any_element(value: Any) -> str:
    """Any of the 118 elements, by symbol, name or atomic number -> its symbol."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(Text("want_element", value=describe(value)))
    if isinstance(value, str) and (not value.strip() or len(value) > _LONGEST_KEY):
        raise ValueError(Text("want_element", value=describe(value)))
    try:
        return element(value.strip() if isinstance(value, str) else value).symbol
    except (ValueError, KeyError, LookupError):
        raise ValueError(Text("unknown_element", value=describe(value))) from None


def trend(value: Any) -> str:
    if not isinstance(value, str) or value not in board.TRENDS:
        raise ValueError(Text("unknown_trend", value=describe(value),
                              choices=", ".join(board.TRENDS)))
    return value


def steps(value: Any) -> int:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e6:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or \
            not 1 <= value <= board.MAX_STEPS:
        raise ValueError(Text("want_steps", max=board.MAX_STEPS, value=describe(value)))
    return value


def overlay_property(value: Any) -> str:
    """'' (no overlay) or one of :data:`PROPERTIES`."""
    if not isinstance(value, str) or (value and value not in PROPERTIES):
        raise ValueError(Text("unknown_property", value=describe(value),
                              choices=", ".join(PROPERTIES)))
    return value
