"""Successive ionization energies, the classic evidence for electron shells.

The n-th ionization energy is the energy to remove the n-th electron, X^(n-1)+ (g) → X^n+ (g)
+ e⁻. Within one shell the values climb steadily (each electron leaves a more positive ion);
when the next electron must come from a shell closer to the nucleus the value leaps. The data
(NIST Atomic Spectra Database, Z = 1–36, every stage, in eV) is ``data/ionization_energies.csv``,
built by ``scripts/build_ionization_energies.py``; its citation is ``SOURCE`` (from
``data/sources.json``).

    >>> [round(e, 1) for e in energies("Na")[:3]]
    [5.1, 47.3, 71.6]
    >>> [(j.after_stage, j.from_shell, j.to_shell) for j in jumps("Na")]
    [(1, 3, 2), (9, 2, 1)]
"""
from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .chemistry import element

_DATA = Path(__file__).resolve().parent / "data"
UNIT = "eV"
#: 1 eV per atom in kJ/mol (exact SI constants: e × N_A / 1000)
KJ_PER_MOL_PER_EV = 1.602176634e-19 * 6.02214076e23 / 1000

_SUBSHELL = re.compile(r"(\d)([spdf])(\d+)")
_CORES = {"He": 2, "Ne": 10, "Ar": 18, "Kr": 36, "Xe": 54, "Rn": 86}
_L = "spdf"


@dataclass(frozen=True, slots=True)
class Jump:
    """A leap between stage ``after_stage`` and the next: the electron removed next comes from
    shell ``to_shell``, nearer the nucleus than ``from_shell``."""
    after_stage: int
    before_ev: float
    after_ev: float
    from_shell: int
    to_shell: int

    @property
    def ratio(self) -> float:
        return self.after_ev / self.before_ev


@cache
def _table() -> dict[str, tuple[float, ...]]:
    out: dict[str, list[float]] = {}
    with (_DATA / "ionization_energies.csv").open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            stages = out.setdefault(row["symbol"], [])
            if int(row["stage"]) != len(stages) + 1:
                raise ValueError(f"ionization_energies.csv: {row['symbol']} stage "
                                 f"{row['stage']} out of order")
            stages.append(float(row["energy_ev"]))
    return {symbol: tuple(values) for symbol, values in out.items()}


@cache
def source() -> dict:
    """Unit, source and citation of the file (``sources.json`` → ``files``)."""
    with (_DATA / "sources.json").open(encoding="utf-8") as fh:
        return json.load(fh)["files"]["ionization_energies.csv"]


def energies(key: str | int) -> tuple[float, ...]:
    """Every successive ionization energy of the element, in eV (index 0 = the first); an
    empty tuple where the kit has none (Z > 36)."""
    return _table().get(element(key).symbol, ())


def _subshells(key: str | int) -> list[tuple[int, int, int]]:
    """(n, l, electrons) of the ground-state configuration, the noble-gas core expanded."""
    config = element(key).electron_configuration or ""
    out: list[tuple[int, int, int]] = []
    core = re.match(r"\[(\w+)\]", config)
    if core:
        out += _subshells(core.group(1))
    out += [(int(n), _L.index(l), int(k)) for n, l, k in _SUBSHELL.findall(config)]
    return out


def shells_removed(key: str | int) -> tuple[int, ...]:
    """The shell (principal quantum number) of the electron each stage removes, outermost
    first: ions lose their highest-n electrons first (4s before 3d), then within a shell the
    highest sub-shell. Na → (3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1)."""
    order = sorted(_subshells(key), key=lambda s: (s[0], s[1]), reverse=True)
    return tuple(n for n, _, k in order for _ in range(k))


def jumps(key: str | int) -> tuple[Jump, ...]:
    """Where the next electron comes from an inner shell: the leaps that show the shells."""
    values = energies(key)
    shells = shells_removed(key)
    out = []
    for i in range(1, min(len(values), len(shells))):
        if shells[i] < shells[i - 1]:
            out.append(Jump(i, values[i - 1], values[i], shells[i - 1], shells[i]))
    return tuple(out)
