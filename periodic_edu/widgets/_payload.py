"""The public data the widgets ship to the browser once (plain JSON-able Python).

Everything here comes from :mod:`periodic_edu.board`, :mod:`periodic_edu.trends` and
:mod:`periodic_edu.chemistry`: public facts about the periodic table and the printed board.
No game state, no cards, no seeds (DESIGN §4: never sync hidden information).
"""
from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from .. import board, trends
from ..chemistry import ELEMENTS, column_info, element_name, notes

__all__ = [
    "PROPERTIES", "CARD_FIELDS", "board_cells", "fblock_cells", "element_columns",
    "reach_table", "trend_info", "property_info", "card_data", "column_sources", "display_unit",
]

#: The real properties the explorer can lay over the board as a heatmap: field -> label.
#: Field names are :class:`periodic_edu.chemistry.Element` attributes.
PROPERTIES: Mapping[str, str] = MappingProxyType({
    "ionization_energy_ev": "First ionization energy",
    "electronegativity_pauling": "Electronegativity (Pauling)",
    "electronegativity_allen": "Electronegativity (Allen)",
    "atomic_radius_pm": "Atomic radius (Clementi 1967, calculated)",
    "covalent_radius_pm": "Covalent radius (Cordero 2008)",
    "atomic_mass": "Atomic mass",
    "electron_affinity_ev": "Electron affinity",
    "melting_point_k": "Melting point",
    "boiling_point_k": "Boiling point",
    "density_g_cm3": "Density",
    "discovery_year": "Discovery year",
})

#: The fields an ElementCard shows, in card order (the Elemonster legend's spirit).
CARD_FIELDS: tuple[str, ...] = (
    "atomic_number", "symbol", "name", "family", "period", "group", "atomic_mass",
    "electronegativity_pauling", "electronegativity_allen", "ionization_energy_ev",
    "atomic_radius_pm", "covalent_radius_pm", "electron_affinity_ev", "melting_point_k",
    "boiling_point_k", "state_at_25c", "density_g_cm3", "discovery_year",
    "electron_configuration", "shells", "valence_electrons", "on_board",
)


def _plain(value):
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def board_cells() -> list[dict]:
    """The 88 cells in Z order: symbol, Z, period, group, name, family."""
    by_z = {e.atomic_number: e for e in ELEMENTS}
    return [
        {"symbol": c.symbol, "z": c.atomic_number, "period": c.period, "group": c.group,
         "name": by_z[c.atomic_number].name, "family": by_z[c.atomic_number].family}
        for c in board.CELLS
    ]


def named_cells(cells: list[dict], lang: str) -> list[dict]:
    """``cells`` with each ``name`` as a school in ``lang`` writes it (Fe: Ферум, Eisen)."""
    return [{**c, "name": element_name(c["symbol"], lang)} for c in cells]


def fblock_cells() -> list[dict]:
    """La-Lu and Ac-Lr: shown apart from the board, marked "not on the game board".

    ``row`` is 1 for the lanthanides and 2 for the actinides, ``column`` 1..15.
    """
    result = []
    for e in ELEMENTS:
        if board.is_on_board(e.symbol):
            continue
        first = 57 if e.atomic_number <= 71 else 89
        result.append({"symbol": e.symbol, "z": e.atomic_number, "period": e.period,
                       "row": 1 if first == 57 else 2, "column": e.atomic_number - first + 1,
                       "name": e.name, "family": e.family})
    return result


@lru_cache(maxsize=1)
def element_columns() -> dict[str, list]:
    """Columns over all 118 elements (index = Z - 1) for the overlay and the trend account."""
    fields = ("symbol", "name", "family", *PROPERTIES)
    return {f: [_plain(getattr(e, f)) for e in ELEMENTS] for f in fields}


@lru_cache(maxsize=1)
def reach_table() -> dict[str, dict[str, dict[str, int]]]:
    """``table[start][trend][target] = distance`` for up to :data:`board.MAX_STEPS` steps.

    ``board.reach(s, t, k)`` is exactly the entries with distance <= k (same order).
    """
    return {
        c.symbol: {t: dict(board.reach(c.symbol, t, board.MAX_STEPS)) for t in board.TRENDS}
        for c in board.CELLS
    }


def _directions(trend: str, lang: str = "en") -> str:
    """The grid directions a trend steps in, in words of ``lang`` ("up and right")."""
    from .. import i18n
    from ..locale.widget_texts import FRONT_END, PAGE
    if trend == "atomic_number":
        return i18n.gettext("widgets", PAGE["dir_atomic_number"], lang)
    return i18n.gettext("widgets", FRONT_END["and"], lang).join(
        i18n.gettext("widgets", PAGE[f"dir_{d}"], lang) for d in board.TREND_DIRECTIONS[trend])


def translated_trend_info(lang: str) -> list[dict]:
    """:func:`trend_info` with the trend names and directions in ``lang``."""
    from .. import i18n
    return [{**t, "name": i18n.gettext("board", board.TREND_NAMES[t["id"]], lang),
             "directions": _directions(t["id"], lang)} for t in trend_info()]


@lru_cache(maxsize=1)
def trend_info() -> list[dict]:
    """The five trends with the data checks the browser needs to explain a reach.

    ``disagreements``: every one-step move whose real data goes against the arrow, as
    ``[from, to, before, after]``; ``unknown``: moves with a missing value, ``[from, to]``.
    """
    result = []
    for t in board.TRENDS:
        checks = trends.step_checks(t)
        result.append({
            "id": t,
            "name": board.TREND_NAMES[t],
            "property": trends.TREND_PROPERTY[t],
            "sign": trends.TREND_SIGN[t],
            "directions": _directions(t),
            # the direction ids, for the arrows drawn beside the name ([] for atomic number)
            "arrows": [] if t == "atomic_number" else list(board.TREND_DIRECTIONS[t]),
            "disagreements": [[c.source, c.target, c.before, c.after]
                              for c in checks if c.verdict == "disagrees"],
            "unknown": [[c.source, c.target] for c in checks if c.verdict == "unknown"],
        })
    return result


_DISPLAY_UNITS = {"1": "", "g/cm3": "g/cm³"}


def display_unit(unit: str | None) -> str:
    """A unit as people read it: dimensionless "1" -> "", "g/cm3" -> "g/cm³"."""
    return _DISPLAY_UNITS.get(unit or "", unit or "")


def _info(field: str) -> dict:
    try:
        info = dict(column_info(field))
    except (KeyError, ValueError):
        info = {}
    return {"unit": display_unit(info.get("unit")), "source": info.get("source") or "",
            "citation": info.get("citation") or ""}


@lru_cache(maxsize=1)
def property_info() -> list[dict]:
    """Overlay choices: id, label, unit, source, citation."""
    return [{"id": f, "label": label, **_info(f)} for f, label in PROPERTIES.items()]


@lru_cache(maxsize=1)
def column_sources() -> dict[str, dict]:
    """Unit, source and citation of every field an ElementCard shows."""
    return {f: _info(f) for f in CARD_FIELDS}


def card_data(el, lang: str = "en") -> dict:
    """The card fields of one element (an :class:`~periodic_edu.chemistry.Element`), its
    name in ``lang``."""
    data = el.to_dict()
    card = {f: _plain(data.get(f)) for f in CARD_FIELDS}
    card["name"] = element_name(el.symbol, lang)
    # field -> [{kind, note, citation}]: why a value is empty, or what another source gives,
    # in ``lang`` (the citation is a bibliographic reference: never translated).
    card["notes"] = {}
    for n in notes(el.symbol):
        card["notes"].setdefault(n.field, []).append(
            {"kind": n.kind, "note": n.in_language(lang), "citation": n.citation})
    return card
