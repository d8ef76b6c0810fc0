"""Constant tables the rules read: colours, the AA track, element groups, trend abbreviations.

Everything here is computed once at import so the rules do dictionary lookups only.
"""
from __future__ import annotations

from types import MappingProxyType

from .. import board
from ..chemistry import FAMILIES  # RULES §1.4 (D-4), board members in Z order

__all__ = [
    "COLOURS", "DIFFICULTY", "ELEMENTS_PER_COLOUR", "DEFAULT_POINTS", "AA_VALUES", "AA_CAPACITY",
    "FAMILIES", "FAMILY_IDS", "FAMILY_OF", "TRENDS", "TREND_ABBR", "TREND_OF_ABBR", "LAB_POINTS",
]

#: Stack order on the table, green -> pink (RULES §2).
COLOURS: tuple[str, ...] = ("green", "blue", "purple", "pink")
DIFFICULTY = MappingProxyType({"green": 1, "blue": 2, "purple": 3, "pink": 4})
ELEMENTS_PER_COLOUR = MappingProxyType({"green": 2, "blue": 3, "purple": 3, "pink": 3})
DEFAULT_POINTS = MappingProxyType({"green": 6, "blue": 9, "purple": 12, "pink": 15})

#: RULES §3.8: the Academic Achievement spots, index 0-8.
AA_VALUES: tuple[int, ...] = (0, 2, 4, 7, 10, 14, 18, 23, 28)
#: RULES §4.5.3 / D-9: how many markers the last three spots hold.
AA_CAPACITY = MappingProxyType({6: 3, 7: 2, 8: 1})
#: RULES §4.5.1: lab points for 1 or 2 cubes on a card another player completed.
LAB_POINTS = MappingProxyType({0: 0, 1: 3, 2: 5})

TRENDS: tuple[str, ...] = board.TRENDS
#: Two-letter trend codes used in the action notation.
TREND_ABBR = MappingProxyType({
    "atomic_number": "an",
    "ionization_energy": "ie",
    "atomic_radius": "ar",
    "atomic_mass_increase": "mi",
    "atomic_mass_decrease": "md",
})
TREND_OF_ABBR = MappingProxyType({v: k for k, v in TREND_ABBR.items()})


FAMILY_IDS: tuple[str, ...] = tuple(FAMILIES)
FAMILY_OF = MappingProxyType({s: f for f, members in FAMILIES.items() for s in members})
assert len(FAMILY_OF) == len(board.CELLS) == 88
#: RULES §3.7: a flask starts on the lowest-Z element of its group.
FAMILY_START = MappingProxyType({f: min(m, key=lambda s: board.cell(s).atomic_number)
                                 for f, m in FAMILIES.items()})
