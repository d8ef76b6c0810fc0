"""The 88-cell game board and the five periodic trends that move the flask over it.

The board is the periodic table without the f-block (RULES D-1): elements Z = 1-56, 72-88 and
104-118, periods as rows, IUPAC groups 1-18 as columns. Everything here is pure geometry and is
computed once at import, so a reach query is a dictionary lookup.

>>> sorted(reach("Al", "atomic_mass_decrease"))
['B', 'Be', 'H', 'Li', 'Mg', 'Na']
>>> reach("Na", "ionization_energy")["He"]
3
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterator, Mapping

from .chemistry import SYMBOLS
from .echo import echo

__all__ = [
    "Cell", "CELLS", "SYMBOLS_ON_BOARD", "TRENDS", "TREND_NAMES", "TREND_DIRECTIONS",
    "DIRECTIONS", "MAX_STEPS", "DEFAULT_STEPS", "NotOnBoardError", "UnknownTrendError",
    "cell", "is_on_board", "neighbours", "reach", "z_walk", "one_step_moves", "check_trend",
    "position", "RULEBOOK_EXAMPLES",
]

#: A movement is 1-5 steps (RULES §1.2); the +3 Spaces tile can extend it to 8.
DEFAULT_STEPS = 5
MAX_STEPS = 8

TRENDS: tuple[str, ...] = (
    "atomic_number",
    "ionization_energy",
    "atomic_radius",
    "atomic_mass_increase",
    "atomic_mass_decrease",
)

#: The names printed on the game board.
TREND_NAMES: Mapping[str, str] = MappingProxyType({
    "atomic_number": "Atomic Number",
    "ionization_energy": "Increase Ionization Energy",
    "atomic_radius": "Increase Atomic Radii",
    "atomic_mass_increase": "Increase Atomic Mass",
    "atomic_mass_decrease": "Decrease Atomic Mass",
})

#: Directions as (period change, sideways change). "up" is towards period 1.
DIRECTIONS: Mapping[str, tuple[int, int]] = MappingProxyType({
    "up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
})

#: Which grid directions each trend may mix freely (RULES §1.2). atomic_number is not a grid
#: trend: it walks the Z order of the board cells, so it has no entry here.
TREND_DIRECTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "ionization_energy": ("up", "right"),
    "atomic_radius": ("down", "left"),
    "atomic_mass_increase": ("down", "right"),
    "atomic_mass_decrease": ("up", "left"),
})

#: The rulebook's own examples (RULES §1.3): (start, trend, every cell a movement reaches).
#: The board must reproduce them exactly; tests, lessons and the browser tests use them.
RULEBOOK_EXAMPLES: tuple[tuple[str, str, frozenset[str]], ...] = tuple(
    (start, trend, frozenset(cells.split())) for start, trend, cells in (
        ("Na", "atomic_number", "C N O F Ne Mg Al Si P S"),
        ("Na", "ionization_energy", "H He Li Be B C N Mg Al Si P S"),
        ("S", "atomic_radius", "Na Mg Al Si P Ca Zn Ga Ge As Se In Sn Sb Te Pb Bi Po Mc Lv"),
        ("Be", "atomic_mass_increase",
         "B C N O F Mg Al Si P S Ca Sc Ti V Ga Ge As Sr Y Zr In Sn Ba Hf Tl Ra"),
        ("Al", "atomic_mass_decrease", "H Li Be B Na Mg"),
    ))


class NotOnBoardError(ValueError):
    """A symbol that is not one of the 88 board cells."""


class UnknownTrendError(ValueError):
    """A trend id that is not one of :data:`TRENDS`."""


@dataclass(frozen=True, slots=True)
class Cell:
    symbol: str
    atomic_number: int
    period: int
    group: int


def on_board_z(z: int) -> bool:
    """RULES D-1: lanthanides (57-71) and actinides (89-103) are not cells."""
    return 1 <= z <= 56 or 72 <= z <= 88 or 104 <= z <= 118


_PERIOD_ENDS = (2, 10, 18, 36, 54, 86, 118)


def position(z: int) -> tuple[int, int | None]:
    """(period, IUPAC group) of element ``z``; the group is None for La-Lu and Ac-Lr."""
    period = next(i + 1 for i, end in enumerate(_PERIOD_ENDS) if z <= end)
    start = _PERIOD_ENDS[period - 2] + 1 if period > 1 else 1
    offset = z - start
    if period == 1:
        return period, 1 if z == 1 else 18
    if period in (2, 3):
        return period, offset + 1 if offset < 2 else offset + 11
    if period in (4, 5):
        return period, offset + 1
    if offset < 2:
        return period, offset + 1
    f_block_end = 71 if period == 6 else 103
    if z <= f_block_end:
        return period, None
    return period, z - f_block_end + 3


def _build_cells() -> tuple[Cell, ...]:
    cells = []
    for z, symbol in enumerate(SYMBOLS, start=1):
        if on_board_z(z):
            period, group = position(z)
            assert group is not None
            cells.append(Cell(symbol, z, period, group))
    return tuple(cells)


#: The 88 cells in order of atomic number.
CELLS: tuple[Cell, ...] = _build_cells()
SYMBOLS_ON_BOARD: tuple[str, ...] = tuple(c.symbol for c in CELLS)
_BY_SYMBOL = {c.symbol: c for c in CELLS}
_BY_SYMBOL_FOLDED = {c.symbol.lower(): c for c in CELLS}
_Z_INDEX = {c.symbol: i for i, c in enumerate(CELLS)}


def cell(symbol: str) -> Cell:
    """The board cell of ``symbol`` (case-insensitive)."""
    found = _BY_SYMBOL.get(symbol) or _BY_SYMBOL_FOLDED.get(str(symbol).strip().lower())
    if found is None:
        if str(symbol).strip().capitalize() in SYMBOLS:
            raise NotOnBoardError(
                f"{symbol} is not on the game board: the board leaves out the f-block "
                "(lanthanides 57-71 and actinides 89-103)")
        raise NotOnBoardError(f"unknown element symbol {echo(symbol)}")
    return found


def is_on_board(symbol: str) -> bool:
    return symbol in _BY_SYMBOL


def check_trend(trend: str) -> str:
    if trend not in TRENDS:
        raise UnknownTrendError(f"unknown trend {echo(trend)}: choose one of {', '.join(TRENDS)}")
    return trend


def _build_neighbours() -> dict[str, dict[str, str]]:
    """RULES §1.1: gaps collapse within a row; vertical steps need both cells present."""
    grid = {(c.period, c.group): c.symbol for c in CELLS}
    result: dict[str, dict[str, str]] = {c.symbol: {} for c in CELLS}
    for period in range(1, 8):
        row = sorted((c for c in CELLS if c.period == period), key=lambda c: c.group)
        for a, b in zip(row, row[1:]):
            result[a.symbol]["right"] = b.symbol
            result[b.symbol]["left"] = a.symbol
    for c in CELLS:
        below = grid.get((c.period + 1, c.group))
        if below is not None:
            result[c.symbol]["down"] = below
            result[below]["up"] = c.symbol
    return result


_NEIGHBOURS = _build_neighbours()


def neighbours(symbol: str) -> Mapping[str, str]:
    """The one-step neighbours of a cell, keyed by direction ("up", "down", "left", "right")."""
    return MappingProxyType(_NEIGHBOURS[cell(symbol).symbol])


def z_walk(symbol: str, offset: int) -> str | None:
    """The board cell ``offset`` places away in Z order (RULES D-2, no wrap: D-3), or None."""
    index = _Z_INDEX[cell(symbol).symbol] + offset
    return CELLS[index].symbol if 0 <= index < len(CELLS) else None


def _grid_distances(start: str, directions: tuple[str, ...]) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if dist[here] == MAX_STEPS:
            continue
        for direction in directions:
            there = _NEIGHBOURS[here].get(direction)
            if there is not None and there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    del dist[start]  # the start cell is never in its own reachable set
    return dist


def _z_distances(start: str) -> dict[str, int]:
    dist = {}
    for sign in (1, -1):
        for k in range(1, MAX_STEPS + 1):
            there = z_walk(start, sign * k)
            if there is None:
                break
            dist[there] = k
    return dist


def _reach_rows(symbol: str, trend: str) -> dict[tuple[str, str, int], Mapping[str, int]]:
    """The reach of one cell along one trend, for every number of steps."""
    full = (_z_distances(symbol) if trend == "atomic_number"
            else _grid_distances(symbol, TREND_DIRECTIONS[trend]))
    ordered = sorted(full.items(), key=lambda kv: (kv[1], _Z_INDEX[kv[0]]))
    return {(symbol, trend, steps): MappingProxyType({s: d for s, d in ordered if d <= steps})
            for steps in range(1, MAX_STEPS + 1)}


def _build_reach() -> dict[tuple[str, str, int], Mapping[str, int]]:
    """The whole table, every cell and trend (benchmarks/bench_board.py times it)."""
    table = {}
    for c in CELLS:
        for trend in TRENDS:
            table.update(_reach_rows(c.symbol, trend))
    return table


#: Filled on first use, one (cell, trend) at a time: the whole table built at import cost the
#: static site's page 0.15-0.3 s of Python's start in the browser, for rows a game mostly never
#: reads. Two threads filling the same row at once write equal, immutable values (one wins,
#: both callers get the same cells), so no lock is needed.
_REACH: dict[tuple[str, str, int], Mapping[str, int]] = {}


def reach(symbol: str, trend: str, steps: int = DEFAULT_STEPS) -> Mapping[str, int]:
    """Every cell a movement of 1..``steps`` steps along ``trend`` can end on, mapped to its
    shortest distance (RULES §1.2). Ordered by distance, then atomic number."""
    key = (symbol, trend, steps)
    found = _REACH.get(key)
    if found is not None:
        return found
    check_trend(trend)
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= MAX_STEPS:
        raise ValueError(f"steps must be a whole number from 1 to {MAX_STEPS}, not {echo(steps)}")
    key = (cell(symbol).symbol, trend, steps)
    found = _REACH.get(key)
    if found is None:
        rows = _reach_rows(key[0], trend)
        _REACH.update(rows)
        found = rows[key]
    return found


def one_step_moves(trend: str) -> Iterator[tuple[str, str]]:
    """Every (from, to) pair of adjacent cells that one step of ``trend`` connects."""
    check_trend(trend)
    for c in CELLS:
        for target, distance in reach(c.symbol, trend, 1).items():
            if trend == "atomic_number" and _Z_INDEX[target] < _Z_INDEX[c.symbol]:
                continue  # count each Z-order step once, in the increasing direction
            yield c.symbol, target
