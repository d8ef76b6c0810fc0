"""Elemonster element cards: the printed values and the property symbols, computed at load time.

Nothing here is typed by hand. The values come from ``data/elements.csv`` (read through
:mod:`periodic_edu.chemistry`), the extra facts from ``data/elemonster_cards.csv`` (written by
``scripts/build_elemonster_cards.py``, one cited source per cell), and the symbols are derived
from both by the rules of ELEMONSTER E-6, so a corrected value flows into the cards.

>>> c = card("Cu")
>>> c.outer, c.gaps, c.kind, c.crown, c.heart, c.material
(1, 7, 'metal', 1, 1, True)
>>> card("Na").value("en"), card("Cl").value("ie")
(0.93, 2.59)
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ..chemistry import ELEMENTS, SYMBOLS, element

__all__ = ["Card", "card", "VALUES", "EXTRA_VALUES", "SYMBOL_IDS", "fact_row", "FACT_COLUMNS"]

_DATA = Path(__file__).resolve().parents[1] / "data"

#: values a card can be attacked with (ELEMONSTER E-3, §5.2); EXTRA_VALUES need extra_values=True
VALUES = ("en", "ie", "mass", "mp", "bp", "year", "body")
EXTRA_VALUES = ("z", "group", "period")
#: the twelve property symbols of the legend (ELEMONSTER E-5); the first four are counts
SYMBOL_IDS = ("heart", "skull", "crown", "neutral", "radioactive", "magnetic", "flammable",
              "hard", "material", "semiconductor", "corrosive", "shield")

_METAL_FAMILIES = frozenset({"alkali_metals", "alkaline_earth_metals", "transition_metals",
                             "post_transition_metals", "lanthanides", "actinides"})
# ELEMONSTER E-6 thresholds, each with the reason it is what it is
_HEARTS = {"bulk": 3, "major_mineral": 2, "trace": 1, "not_essential": 0}
_ROOM_K = 298.15            # magnetic: ferromagnetic at room temperature
_HARD_MOHS = 6.0            # hard: harder than a steel file (Mohs 6)
_GAP_EV = (0.1, 3.0)        # semiconductor: a gap, but smaller than an insulator's
_OWN_UNS = frozenset("ACFNZP")  # series named after one metal (A Al, C Cu, F Fe, N Ni, Z Zn) or
#                                 precious metals, one sub-series per metal (P); not the
#                                 catch-all L (low-melting), M (misc.), R (reactive/refractory)


def _opt_float(text: str) -> float | None:
    return float(text) if text else None


@lru_cache(maxsize=1)
def _facts() -> dict[str, dict[str, str]]:
    path = _DATA / "elemonster_cards.csv"
    with path.open(newline="", encoding="utf-8") as fh:
        rows = {r["symbol"]: r for r in csv.DictReader(fh)}
    if tuple(rows) != SYMBOLS:
        raise RuntimeError(f"{path}: the symbols do not match the 118 elements ordered by Z; "
                           "regenerate it with scripts/build_elemonster_cards.py")
    return rows


FACT_COLUMNS = ("body_mass_g", "flame_colour", "alchemy", "native", "nutrition",
                "clp_pictograms", "e0_couple", "e0_v", "curie_k", "mohs", "uns_series",
                "band_gap_ev", "shield_use")


def fact_row(symbol: str) -> Mapping[str, str]:
    """The raw cited facts of one element (strings; empty = not listed), with its sources."""
    return dict(_facts()[element(symbol).symbol])


def _sig3(x: float | None) -> float | None:
    return None if x is None else float(f"{x:.3g}")


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


def _celsius(k: float | None) -> int | None:
    return None if k is None else int(round(k - 273.15))


@dataclass(frozen=True, slots=True)
class Card:
    """One element card. Values are as printed (ELEMONSTER E-3); ``None`` = unknown."""

    symbol: str
    z: int
    name: str
    group: int | None
    period: int
    family: str
    kind: str                 # metal / metalloid / nonmetal / noble (E-2)
    outer: int                # electrons in the outer shell, last entry of shells (E-2)
    cap: int                  # 2 in period 1, else 8
    en: float | None          # attack: Pauling electronegativity, 2 decimals
    ie: float | None          # defence: first ionization energy / 5, 2 decimals
    mass: float
    mp: int | None            # °C
    bp: int | None            # °C
    year: int | None          # None = antiquity
    body: float | None        # g in a 70 kg human, 3 significant figures
    heart: int
    skull: int
    crown: int
    neutral: int
    radioactive: bool
    magnetic: bool
    flammable: bool
    hard: bool
    material: bool
    semiconductor: bool
    corrosive: bool
    shield: bool
    flame_colour: str | None
    alchemy: str | None
    native: bool | None

    @property
    def gaps(self) -> int:
        return self.cap - self.outer

    @property
    def square(self) -> bool:
        """Metal or metalloid (E-2 shapes; a metalloid is both shapes)."""
        return self.kind in ("metal", "metalloid")

    @property
    def hexagon(self) -> bool:
        """Nonmetal or metalloid."""
        return self.kind in ("nonmetal", "metalloid")

    @property
    def shell_ok(self) -> bool:
        """A shell the game can draw: outer ≤ 8 (E-2: Pd's last shell holds 18)."""
        return self.outer <= 8

    def value(self, name: str) -> float | int | None:
        """The printed value ``name`` (one of VALUES or EXTRA_VALUES)."""
        if name in VALUES or name in EXTRA_VALUES:
            return getattr(self, name)
        raise ValueError(f"unknown value {name!r}: use one of {', '.join(VALUES + EXTRA_VALUES)}")

    def symbols(self) -> dict[str, int]:
        """The property symbols with their counts (0 = not printed)."""
        return {s: int(getattr(self, s)) for s in SYMBOL_IDS}

    def to_dict(self) -> dict[str, Any]:
        d = {f: getattr(self, f) for f in self.__dataclass_fields__}
        d["gaps"] = self.gaps
        return d


def _kind(family: str) -> str:
    if family in _METAL_FAMILIES:
        return "metal"
    if family == "metalloids":
        return "metalloid"
    if family == "noble_gases":
        return "noble"
    return "nonmetal"


def _radioactive(z: int) -> bool:
    # ELEMONSTER E-6: no stable isotope (NUBASE2020): Tc, Pm and everything from Po on;
    # Bi-209 (half-life 2e19 years) counts as stable, as in the rulebook's example.
    return z in (43, 61) or z >= 84


@lru_cache(maxsize=None)
def card(symbol: str) -> Card:
    """The card of an element (symbol, name or Z), computed from the data files."""
    e = element(symbol)
    f = _facts()[e.symbol]
    kind = _kind(e.family)
    radioactive = _radioactive(e.atomic_number)
    pictograms = set(f["clp_pictograms"].split()) if not radioactive else set()
    e0 = _opt_float(f["e0_v"])
    ie_ev = e.ionization_energy_ev
    if kind == "metal" and e0 is not None:
        crown = 0 if e0 <= 0 else 1 if e0 < 0.5 else 2 if e0 < 1.0 else 3
    else:
        crown = 0
    neutral = (1 + (ie_ev >= 15) + (ie_ev >= 20)
               if kind == "noble" and not radioactive and ie_ev is not None else 0)
    curie = _opt_float(f["curie_k"])
    mohs = _opt_float(f["mohs"])
    gap = _opt_float(f["band_gap_ev"])
    native = {"true": True, "false": False}.get(f["native"])
    return Card(
        symbol=e.symbol, z=e.atomic_number, name=e.name, group=e.group, period=e.period,
        family=e.family, kind=kind, outer=e.shells[-1], cap=2 if e.period == 1 else 8,
        en=_round(e.electronegativity_pauling, 2),
        ie=None if ie_ev is None else round(ie_ev / 5, 2),
        mass=round(e.atomic_mass, 2), mp=_celsius(e.melting_point_k),
        bp=_celsius(e.boiling_point_k), year=e.discovery_year,
        body=_sig3(_opt_float(f["body_mass_g"])),
        heart=_HEARTS.get(f["nutrition"], 0),
        skull=("GHS06" in pictograms) + ("GHS08" in pictograms),
        crown=crown, neutral=int(neutral), radioactive=radioactive,
        magnetic=curie is not None and curie > _ROOM_K,
        flammable="GHS02" in pictograms,
        hard=mohs is not None and mohs >= _HARD_MOHS,
        material=kind == "metal" and f["uns_series"] in _OWN_UNS,
        semiconductor=gap is not None and _GAP_EV[0] <= gap <= _GAP_EV[1],
        corrosive="GHS05" in pictograms,
        shield=bool(f["shield_use"]),
        flame_colour=f["flame_colour"] or None, alchemy=f["alchemy"] or None, native=native,
    )


def all_cards() -> tuple[Card, ...]:
    return tuple(card(s) for s in SYMBOLS)


assert len(ELEMENTS) == 118
