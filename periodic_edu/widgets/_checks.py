"""Checks for the values a browser may send: each returns the normalized value or raises
:class:`ValueError` with a short message that names the fault (never echoing a huge value)."""
from __future__ import annotations

from typing import Any

from .. import board
from ..chemistry import element
from ._base import describe
from ._payload import PROPERTIES

__all__ = ["board_symbol", "any_element", "trend", "steps", "overlay_property"]

_LONGEST_KEY = 32  # "Rutherfordium" is 13 characters; anything much longer is not a name


def board_symbol(value: Any) -> str:
    """A board cell by symbol (case-insensitive), name or atomic number -> its symbol."""
    if not isinstance(value, str) or not value.strip() or len(value) > _LONGEST_KEY:
        raise ValueError(f"expected the symbol of a board cell, got {describe(value)}")
    text = value.strip()
    try:
        return board.cell(text).symbol
    except board.NotOnBoardError as exc:
        problem = str(exc)
    try:  # a name ("sodium") or an atomic number ("11"), as the element card takes
        symbol = element(int(text) if text.isdigit() else text).symbol
    except (ValueError, KeyError, LookupError):
        raise ValueError(problem) from None
    try:
        return board.cell(symbol).symbol
    except board.NotOnBoardError as exc:
        raise ValueError(str(exc)) from None


def any_element(value: Any) -> str:
    """Any of the 118 elements, by symbol, name or atomic number -> its symbol."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(f"expected an element symbol, name or atomic number, "
                         f"got {describe(value)}")
    if isinstance(value, str) and (not value.strip() or len(value) > _LONGEST_KEY):
        raise ValueError(f"expected an element symbol, name or atomic number, "
                         f"got {describe(value)}")
    try:
        return element(value.strip() if isinstance(value, str) else value).symbol
    except (ValueError, KeyError, LookupError):
        raise ValueError(f"unknown element {describe(value)}") from None


def trend(value: Any) -> str:
    if not isinstance(value, str) or value not in board.TRENDS:
        raise ValueError(f"unknown trend {describe(value)}: choose one of "
                         f"{', '.join(board.TRENDS)}")
    return value


def steps(value: Any) -> int:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e6:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or \
            not 1 <= value <= board.MAX_STEPS:
        raise ValueError(f"must be a whole number from 1 to {board.MAX_STEPS}, "
                         f"not {describe(value)}")
    return value


def overlay_property(value: Any) -> str:
    """'' (no overlay) or one of :data:`PROPERTIES`."""
    if not isinstance(value, str) or (value and value not in PROPERTIES):
        raise ValueError(f"unknown property {describe(value)}: choose '' or one of "
                         f"{', '.join(PROPERTIES)}")
    return value
