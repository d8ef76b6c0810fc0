"""Where the game's trend arrows agree with real chemistry data, and where they do not.

Each trend on the board names a property and a direction: *Increase Ionization Energy* lets the
flask step up and right because first ionization energy mostly rises that way. Real data has
famous exceptions (Be -> B and N -> O on ionization energy, Ar -> K, Co -> Ni and Te -> I on
atomic mass). This module checks every one-step move of every trend against the data in
:mod:`periodic_edu.chemistry`, so lessons and widgets can show exactly where the arrow
simplifies chemistry.

>>> check_step("ionization_energy", "N", "O").verdict
'disagrees'
>>> check_step("atomic_mass_increase", "Co", "Ni").verdict
'disagrees'
>>> check_step("atomic_radius", "In", "Tl").verdict   # 156 pm = 156 pm
'equal'
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Literal, Mapping

from . import board
from .chemistry import element

__all__ = [
    "TREND_PROPERTY", "TREND_SIGN", "VERDICTS", "StepCheck", "check_step", "step_checks", "summary",
    "reach_report",
]

#: The Element field each trend is named after. Atomic radius is Clementi's calculated radius
#: (DESIGN §3): the only common set that shrinks across every period.
TREND_PROPERTY: Mapping[str, str] = MappingProxyType({
    "atomic_number": "atomic_number",
    "ionization_energy": "ionization_energy_ev",
    "atomic_radius": "atomic_radius_pm",
    "atomic_mass_increase": "atomic_mass",
    "atomic_mass_decrease": "atomic_mass",
})

#: +1: the trend's name says the property increases along a step; -1: it decreases.
TREND_SIGN: Mapping[str, int] = MappingProxyType({
    "atomic_number": 1,
    "ionization_energy": 1,
    "atomic_radius": 1,
    "atomic_mass_increase": 1,
    "atomic_mass_decrease": -1,
})

#: ``equal``: the two values are the same as printed (In -> Tl, 156 = 156 pm), so the step
#: neither follows nor breaks the arrow.
Verdict = Literal["agrees", "disagrees", "equal", "unknown"]
VERDICTS: tuple[str, ...] = ("agrees", "disagrees", "equal", "unknown")


@dataclass(frozen=True, slots=True)
class StepCheck:
    """One move checked against the data: ``before`` at ``source``, ``after`` at ``target``."""

    trend: str
    source: str
    target: str
    property: str
    before: float | None
    after: float | None
    verdict: Verdict

    def to_dict(self) -> dict:
        return {
            "trend": self.trend, "from": self.source, "to": self.target,
            "property": self.property, "before": self.before, "after": self.after,
            "verdict": self.verdict,
        }


def _verdict(trend: str, before: float | None, after: float | None, sign: int) -> Verdict:
    if before is None or after is None:
        return "unknown"
    if after == before:
        return "equal"
    return "agrees" if (after - before) * sign > 0 else "disagrees"


def check_step(trend: str, source: str, target: str) -> StepCheck:
    """Does the real property change from ``source`` to ``target`` the way ``trend`` says?

    For ``atomic_number`` the game allows both directions, so the expected sign follows the
    direction of the move and every step agrees by construction.
    """
    board.check_trend(trend)
    prop = TREND_PROPERTY[trend]
    before = getattr(element(source), prop)
    after = getattr(element(target), prop)
    sign = TREND_SIGN[trend]
    if trend == "atomic_number" and after < before:
        sign = -1
    return StepCheck(trend, source, target, prop, before, after,
                     _verdict(trend, before, after, sign))


@lru_cache(maxsize=None)
def step_checks(trend: str) -> tuple[StepCheck, ...]:
    """Every one-step move of ``trend`` on the board, checked against the data."""
    return tuple(check_step(trend, a, b) for a, b in board.one_step_moves(trend))


def summary(trend: str) -> dict:
    """Counts of agreeing / disagreeing / equal / unknown one-step moves, the disagreements
    and the equal steps."""
    checks = step_checks(trend)
    counts = {v: sum(c.verdict == v for c in checks) for v in VERDICTS}
    return {
        "trend": trend,
        "name": board.TREND_NAMES[trend],
        "property": TREND_PROPERTY[trend],
        "steps": len(checks),
        **counts,
        "disagreements": [c.to_dict() for c in checks if c.verdict == "disagrees"],
        "equal_steps": [c.to_dict() for c in checks if c.verdict == "equal"],
    }


def reach_report(start: str, trend: str, steps: int = board.DEFAULT_STEPS) -> dict:
    """What the real data does over the cells ``trend`` reaches from ``start``.

    ``cells``: for each reachable cell, its distance, its value and whether the value moved
    the trend's way compared with the start. ``steps``: every one-step move that stays
    inside the reachable region and whose data disagrees with the arrow.
    """
    reachable = board.reach(start, trend, steps)
    start_cell = board.cell(start).symbol
    region = {start_cell, *reachable}
    cells = []
    for target, distance in reachable.items():
        check = check_step(trend, start_cell, target)
        cells.append({"symbol": target, "distance": distance, "value": check.after,
                      "verdict": check.verdict})
    inside = [c for c in step_checks(trend) if c.source in region and c.target in region]
    return {
        "from": start_cell,
        "trend": trend,
        "property": TREND_PROPERTY[trend],
        "start_value": getattr(element(start_cell), TREND_PROPERTY[trend]),
        "cells": cells,
        "agrees": sum(c["verdict"] == "agrees" for c in cells),
        "disagrees": sum(c["verdict"] == "disagrees" for c in cells),
        "equal": sum(c["verdict"] == "equal" for c in cells),
        "unknown": sum(c["verdict"] == "unknown" for c in cells),
        "step_disagreements": [c.to_dict() for c in inside if c.verdict == "disagrees"],
    }
