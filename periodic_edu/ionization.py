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

``jumps`` are the shell changes; ``leaps`` are the steps the data show as leaps. From H to Ca
every shell change is a leap (and B, Al add a smaller one within the shell, p → s). From Sc on
they part: 4s and 3d lie close in energy, so scandium's 4s → 3d change shows no leap, and the
leap comes when the next electron is the first of the argon core:

    >>> [(j.after_stage, j.from_subshell, j.to_subshell) for j in leaps("Sc")]
    [(3, '3d', '3p'), (11, '3s', '2p'), (19, '2s', '1s')]
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


@dataclass(frozen=True, slots=True)
class Leap:
    """A step between stage ``after_stage`` and the next that is a leap in the data: the
    electron removed next comes from sub-shell ``to_subshell`` (``"2p"``), held more tightly
    than ``from_subshell``. ``shell_change`` says whether the principal shell changes too (for
    B's 2p → 2s leap it does not)."""
    after_stage: int
    before_ev: float
    after_ev: float
    from_subshell: str
    to_subshell: str

    @property
    def ratio(self) -> float:
        return self.after_ev / self.before_ev

    @property
    def from_shell(self) -> int:
        return int(self.from_subshell[:-1])

    @property
    def to_shell(self) -> int:
        return int(self.to_subshell[:-1])

    @property
    def shell_change(self) -> bool:
        return self.from_shell != self.to_shell


#: A step is a leap when its ratio is at least LEAP_MIN and LEAP_MARGIN times the larger of
#: the ratios beside it (the first step, with one neighbour only: FIRST_MIN and FIRST_MARGIN;
#: every first step is large, the 0 → 1+ charge change alone doubles it). Tuned on the 36
#: elements of the data: H–Ca give exactly their shell changes plus B's and Al's p → s.
LEAP_MIN, LEAP_MARGIN = 1.3, 1.15
FIRST_MIN, FIRST_MARGIN = 1.5, 1.8


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


def subshells_removed(key: str | int) -> tuple[str, ...]:
    """The sub-shell (``"3s"``) of the electron each stage removes, in the order of
    :func:`shells_removed`."""
    order = sorted(_subshells(key), key=lambda s: (s[0], s[1]), reverse=True)
    return tuple(f"{n}{_L[l]}" for n, l, k in order for _ in range(k))


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


def leaps(key: str | int) -> tuple[Leap, ...]:
    """The steps the data show as leaps (see ``LEAP_MIN``): what the element card marks."""
    values = energies(key)
    subs = subshells_removed(key)
    ratios = [values[i] / values[i - 1] for i in range(1, min(len(values), len(subs)))]
    out = []
    for k, ratio in enumerate(ratios):
        right = ratios[k + 1] if k + 1 < len(ratios) else None
        if k == 0:
            leap = right is not None and ratio >= FIRST_MIN and ratio >= FIRST_MARGIN * right
        else:
            leap = ratio >= LEAP_MIN and ratio >= LEAP_MARGIN * max(ratios[k - 1], right or 0)
        if leap:
            out.append(Leap(k + 1, values[k], values[k + 1], subs[k], subs[k + 1]))
    return tuple(out)
