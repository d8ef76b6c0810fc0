"""What a student who cannot see the board needs to read a trend: each cell's rank in its
period and group (issue 33: "Na, first ionization energy 5.14 eV, lowest in period 3") and the
rows of values the element card plays as pitch.

Computed here once from the kit's element data (:mod:`periodic_edu.chemistry`, the trend
properties of :mod:`periodic_edu.trends`) and shipped to the browser with the widget, so a
focused cell describes itself with no kernel round trip. Public facts only (DESIGN §4).

>>> ranks = rank_table()
>>> ranks["ionization_energy_ev"]["Na"]   # lowest of 8 in period 3, 5th of 7 in group 1
[1, 8, 5, 7]
>>> expect_along("ionization_energy", "period"), expect_along("ionization_energy", "group")
(1, -1)
"""
from __future__ import annotations

from functools import lru_cache

from .. import board, trends
from ..chemistry import ELEMENTS, element

__all__ = ["rank_table", "expect_along", "card_rows", "trend_values", "CARD_SOUND_TREND"]

#: The trend the element card plays (its period left to right, its group top to bottom): the
#: first ionization energy, whose dips (Be -> B, N -> O) are the periodic law's best-known
#: exceptions.
CARD_SOUND_TREND = "ionization_energy"


def _ranks(values: dict[str, float | None]) -> dict[str, tuple[int, int] | None]:
    """symbol -> (rank from the lowest, 1-based; ties share the lower rank, how many have a
    value); None for a symbol without a value."""
    known = sorted(v for v in values.values() if v is not None)
    return {s: (None if v is None else (known.index(v) + 1, len(known))) for s, v in values.items()}


@lru_cache(maxsize=1)
def rank_table() -> dict[str, dict[str, list]]:
    """``table[field][symbol] = [rank in period, of n, rank in group, of m]`` over the 88 board
    cells (the board's own periods and groups), for the property of every trend; a cell
    without a value has ``None``. Rank 1 is the lowest value."""
    table: dict[str, dict[str, list]] = {}
    for field in dict.fromkeys(trends.TREND_PROPERTY.values()):
        value = {c.symbol: getattr(element(c.symbol), field) for c in board.CELLS}
        by_period = {}
        by_group = {}
        for line, key in ((by_period, "period"), (by_group, "group")):
            for n in {getattr(c, key) for c in board.CELLS}:
                line.update(_ranks({c.symbol: value[c.symbol] for c in board.CELLS
                                    if getattr(c, key) == n}))
        table[field] = {s: (None if by_period[s] is None else [*by_period[s], *by_group[s]])
                        for s in value}
    return table


def expect_along(trend: str, axis: str) -> int:
    """+1 if ``trend``'s arrow says its property rises along a period read left to right
    (``axis="period"``) or a group read top to bottom (``"group"``), -1 if it falls, 0 if the
    arrow says nothing that way. The same rule as ``expectAlong`` in widgets_js/sonify.js."""
    directions = board.TREND_DIRECTIONS.get(trend)
    if not directions:  # atomic number: it grows along both
        return 1
    forward, backward = ("right", "left") if axis == "period" else ("down", "up")
    sign = trends.TREND_SIGN[trend]
    return sign if forward in directions else -sign if backward in directions else 0


def card_rows(symbol: str) -> dict:
    """The rows the element card can play for ``symbol``: its period (every element of it, in
    atomic-number order) and its group (top to bottom; none for La-Lu and Ac-Lr), each as
    ``[[symbol, value], ...]`` of the card's trend property, with the direction the trend's
    arrow expects along each."""
    el = element(symbol)
    field = trends.TREND_PROPERTY[CARD_SOUND_TREND]
    period = [[e.symbol, getattr(e, field)] for e in ELEMENTS if e.period == el.period]
    group = ([[e.symbol, getattr(e, field)] for e in ELEMENTS if e.group == el.group]
             if el.group is not None else [])
    return {
        "trend": CARD_SOUND_TREND, "field": field,
        "period": {"n": el.period, "points": period, "expect": expect_along(CARD_SOUND_TREND, "period")},
        "group": ({"n": el.group, "points": group, "expect": expect_along(CARD_SOUND_TREND, "group")}
                  if group else None),
    }


@lru_cache(maxsize=1)
def trend_values() -> dict[str, dict]:
    """What the game's board plays for the cells a move reaches: per trend, its property's
    value at every board cell, its sign (+1: rises along the arrow) and unit."""
    from ._payload import property_info
    units = {p["id"]: p["unit"] for p in property_info()}
    out = {}
    for t in board.TRENDS:
        field = trends.TREND_PROPERTY[t]
        out[t] = {"sign": trends.TREND_SIGN[t], "unit": units.get(field, ""),
                  "values": {c.symbol: (c.atomic_number if field == "atomic_number"
                                        else getattr(element(c.symbol), field))
                             for c in board.CELLS}}
    return out
