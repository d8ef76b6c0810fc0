#!/usr/bin/env python3
"""Compare every column of ``periodic_edu/data/elements.csv`` with independent sources.

The element table is built from mendeleev 1.3.0 plus cited overrides; a value copied wrong
upstream would pass every internal test. So each column that has a counterpart elsewhere is
compared, element by element, with machine-readable tables from other projects on PyPI (pinned
in the ``dev`` extra):

* ``pymatgen-core`` -- ``pymatgen/core/periodic_table.json`` (masses, Pauling electronegativity,
  ionization energy, Clementi's calculated radius, electron affinity, melting and boiling
  points, density of the solid, configuration);
* ``chemicals`` -- ``chemicals.elements.periodic_table`` (OpenBabel's element table: mass,
  electronegativity, ionization energy, covalent radius, electron affinity) and the CRC
  inorganic-compounds table behind ``chemicals.phase_change`` (melting and boiling points);
* ``periodictable`` -- masses, densities, covalent radii;
* ``ase`` -- ``ase.data`` masses and covalent radii.

A difference beyond the column's tolerance must be listed in
``periodic_edu/data/known_differences.csv`` with its kind (definition, allotrope, newer
measurement, error in the other source, estimate) and a citation. The check fails on any
unlisted difference and on any listed one that no longer differs (a stale entry).

Usage::

    python scripts/cross_check_elements.py          # prints the figures; exit 1 on a failure
    python scripts/cross_check_elements.py --list   # also prints every explained difference
"""
from __future__ import annotations

import argparse
import csv
import math
import re
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "periodic_edu" / "data"
ELEMENTS_CSV = DATA / "elements.csv"
KNOWN = DATA / "known_differences.csv"

#: The pinned versions (pyproject.toml, extra "dev"); other versions are refused, because
#: known_differences.csv describes these tables and no others.
PINNED = {"pymatgen-core": "2026.10.16", "chemicals": "1.5.2", "periodictable": "2.1.0",
          "ase": "3.29.0"}
KINDS = ("definition", "allotrope", "newer measurement", "error in the other source",
         "estimate")
#: The other source has a value where ours is empty: that is a difference too (e.g. a
#: measured value we lost), listed like any other.
MISSING = "missing"


@dataclass(frozen=True)
class Tolerance:
    absolute: float = 0.0
    relative: float = 0.0

    def within(self, ours: float, theirs: float) -> bool:
        return abs(ours - theirs) <= max(self.absolute, self.relative * abs(theirs)) + 1e-12

    def __str__(self) -> str:
        parts = []
        if self.absolute:
            parts.append(f"±{self.absolute:g}")
        if self.relative:
            parts.append(f"±{self.relative:.2%}")
        return " or ".join(parts) or "exact"


#: column -> (tolerance, why that tolerance). The tolerance absorbs rounding and the last
#: digit of a measurement, never a real disagreement.
TOLERANCES: dict[str, tuple[Tolerance, str]] = {
    "name": (Tolerance(), "same spelling, letter case ignored"),
    "atomic_mass_da": (Tolerance(relative=2e-4),
                       "CIAAW 2013-2021 revisions and conventional values of interval weights "
                       "(S 32.06 vs 32.065) differ by less than 0.02 %"),
    "electronegativity_pauling": (Tolerance(absolute=0.011), "two decimals as printed"),
    "ionization_energy_ev": (Tolerance(absolute=0.011), "older NIST values to 0.01 eV"),
    "atomic_radius_pm": (Tolerance(absolute=0.6), "Clementi's radii to 1 pm"),
    "covalent_radius_pm": (Tolerance(absolute=0.6), "Cordero's radii to 1 pm"),
    "electron_affinity_ev": (Tolerance(absolute=0.011), "older measurements to 0.01 eV"),
    "melting_point_k": (Tolerance(absolute=1.0), "CRC rounds to 0.1 °C or 1 °C"),
    "boiling_point_k": (Tolerance(absolute=1.0), "CRC rounds to 1 °C"),
    "density_g_cm3": (Tolerance(relative=0.01),
                      "bulk and X-ray densities, 20 °C and 25 °C, differ by up to 1 %"),
    "electron_configuration": (Tolerance(), "same subshell occupations"),
}


# --- the other sources ----------------------------------------------------------------------
def _check_versions() -> list[str]:
    from importlib.metadata import PackageNotFoundError, version

    problems = []
    for dist, want in PINNED.items():
        try:
            have = version(dist)
        except PackageNotFoundError:
            problems.append(f"{dist} is not installed")
            continue
        if have != want:
            problems.append(f"{dist} {have} installed, known_differences.csv describes {want}")
    return problems


def _num(value) -> float | None:
    if value is None:
        return None
    try:
        x = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(x) else x


_SUBSHELL = re.compile(r"^(\d+)([spdfg])(\d*)$")


def configuration_key(text: str | None, cores: dict[str, str]) -> tuple | None:
    """Subshell occupations of a configuration, cores expanded: '[Ar] 3d6 4s2' and
    '[Ar].3d6.4s2' give the same key."""
    if not text:
        return None
    counts: dict[str, int] = {}
    for token in re.split(r"[\s.]+", text.strip()):
        if not token:
            continue
        if token.startswith("["):
            core = configuration_key(cores[token.strip("[]")], cores) or ()
            for sub, n in core:
                counts[sub] = counts.get(sub, 0) + n
            continue
        m = _SUBSHELL.match(token)
        if not m:
            return None
        sub = m.group(1) + m.group(2)
        counts[sub] = counts.get(sub, 0) + int(m.group(3) or 1)
    return tuple(sorted((s, n) for s, n in counts.items() if n))


def _pymatgen(symbols: list[str]) -> dict[str, dict[str, object]]:
    from pymatgen.core.periodic_table import Element

    out = {}
    for s in symbols:
        d = Element(s).data
        ies = d.get("Ionization energies") or []
        conf = d.get("Electronic structure")
        if isinstance(conf, dict):  # neutral atom under key "0"
            conf = conf.get("0")
        radius = _num(d.get("Atomic radius calculated"))
        rho = _num(d.get("Density of solid"))
        out[s] = {
            "name": d.get("Name"),
            "atomic_mass_da": _num(d.get("Atomic mass")),
            "electronegativity_pauling": _num(d.get("X")),
            "ionization_energy_ev": _num(ies[0]) if ies else None,
            "atomic_radius_pm": None if radius is None else radius * 100,
            "electron_affinity_ev": _num(d.get("Electron affinity")),
            "melting_point_k": _num(d.get("Melting point")),
            "boiling_point_k": _num(d.get("Boiling point")),
            "density_g_cm3": None if rho is None else rho / 1000,
            "electron_configuration": conf,
        }
    return out


def _chemicals(symbols: list[str]) -> dict[str, dict[str, object]]:
    from chemicals.elements import periodic_table
    from chemicals.phase_change import Tb, Tb_methods, Tm, Tm_methods

    out = {}
    for s in symbols:
        e = periodic_table[s]
        # Only the CRC inorganic table (CRC Handbook, "Physical constants of inorganic
        # compounds"): the other phase-change tables mix in estimates.
        tm = Tm(e.CAS, method="CRC_INORG") if "CRC_INORG" in Tm_methods(e.CAS) else None
        tb = Tb(e.CAS, method="CRC_INORG") if "CRC_INORG" in Tb_methods(e.CAS) else None
        out[s] = {
            "name": e.name,
            "atomic_mass_da": _num(e.MW),
            "electronegativity_pauling": _num(e.elneg),
            "ionization_energy_ev": _num(e.ionization),
            "covalent_radius_pm": None if _num(e.rcov) is None else e.rcov * 100,
            "electron_affinity_ev": _num(e.elaffinity),
            "melting_point_k": _num(tm),
            "boiling_point_k": _num(tb),
        }
    return out


def _periodictable(symbols: list[str]) -> dict[str, dict[str, object]]:
    import periodictable

    out = {}
    for s in symbols:
        e = periodictable.elements.symbol(s)
        r = _num(e.covalent_radius)
        out[s] = {
            "name": e.name,
            "atomic_mass_da": _num(e.mass),
            "covalent_radius_pm": None if r is None else r * 100,
            "density_g_cm3": _num(e.density),
        }
    return out


def _ase(symbols: list[str]) -> dict[str, dict[str, object]]:
    from ase.data import atomic_masses, atomic_numbers, covalent_radii, missing

    out = {}
    for s in symbols:
        z = atomic_numbers[s]
        r = _num(covalent_radii[z])
        out[s] = {
            "atomic_mass_da": _num(atomic_masses[z]),
            "covalent_radius_pm": None if r is None or r == missing else r * 100,
        }
    return out


SOURCES: dict[str, Callable[[list[str]], dict[str, dict[str, object]]]] = {
    "pymatgen": _pymatgen, "chemicals": _chemicals, "periodictable": _periodictable,
    "ase": _ase,
}


# --- the comparison -------------------------------------------------------------------------
@dataclass(frozen=True)
class Difference:
    column: str
    source: str
    symbol: str
    ours: object
    theirs: object

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.column, self.source, self.symbol)

    def __str__(self) -> str:
        ours = "(empty)" if self.ours is None else self.ours
        return f"{self.column} {self.symbol}: ours {ours}, {self.source} {self.theirs}"


@dataclass
class Report:
    compared: int
    per_column: dict[str, int]
    sources_per_column: dict[str, list[str]]
    explained: list[tuple[Difference, dict]]
    unexplained: list[Difference]
    stale: list[tuple[str, str, str]]
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not (self.unexplained or self.stale or self.problems)


def read_ours(path: Path = ELEMENTS_CSV) -> dict[str, dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return {r["symbol"]: r for r in csv.DictReader(fh)}


def read_known(path: Path = KNOWN) -> dict[tuple[str, str, str], dict]:
    """(column, source, symbol) -> the row that explains it. A row may name several symbols
    (space-separated) and the source ``*`` for every source."""
    known: dict[tuple[str, str, str], dict] = {}
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for i, row in enumerate(rows, start=2):
        where = f"{path.name}:{i}"
        if set(row) != {"column", "symbols", "source", "kind", "explanation", "citation"}:
            raise SystemExit(f"{where}: columns must be column,symbols,source,kind,"
                             "explanation,citation")
        if row["kind"] not in KINDS:
            raise SystemExit(f"{where}: kind {row['kind']!r} is not one of {', '.join(KINDS)}")
        if not row["citation"].strip() or not row["explanation"].strip():
            raise SystemExit(f"{where}: every difference needs an explanation and a citation")
        if row["column"] not in TOLERANCES:
            raise SystemExit(f"{where}: column {row['column']!r} has no counterpart to compare")
        sources = list(SOURCES) if row["source"] == "*" else row["source"].split()
        for source in sources:
            if source not in SOURCES:
                raise SystemExit(f"{where}: unknown source {source!r}")
            for symbol in row["symbols"].split():
                key = (row["column"], source, symbol)
                if key in known and row["source"] != "*":
                    raise SystemExit(f"{where}: {key} is listed twice")
                known.setdefault(key, {**row, "line": i})
    return known


def _differs(column: str, ours_text: str, theirs, cores) -> tuple[bool, object] | None:
    """None if there is nothing to compare; else (differs beyond tolerance, our value)."""
    tol = TOLERANCES[column][0]
    if column == "name":
        if not theirs:
            return None
        return ours_text.lower() != str(theirs).lower(), ours_text
    if column == "electron_configuration":
        mine, other = configuration_key(ours_text, cores), configuration_key(theirs, cores)
        if other is None:
            return None
        return mine != other, ours_text
    other = _num(theirs)
    if other is None:
        return None
    if ours_text == "":
        return True, None
    ours = float(ours_text)
    return not tol.within(ours, other), ours


def compare(ours: dict[str, dict[str, str]], tables: dict[str, dict[str, dict]],
            known: dict[tuple[str, str, str], dict]) -> Report:
    cores = {s: r["electron_configuration"] for s, r in ours.items() if r["group"] == "18"}
    compared = 0
    per_column = {c: 0 for c in TOLERANCES}
    sources_per_column: dict[str, list[str]] = {c: [] for c in TOLERANCES}
    explained, unexplained = [], []
    seen: set[tuple[str, str, str]] = set()
    for source, table in tables.items():
        for symbol, row in ours.items():
            for column, theirs in table[symbol].items():
                result = _differs(column, row[column], theirs, cores)
                if result is None:
                    continue
                if source not in sources_per_column[column]:
                    sources_per_column[column].append(source)
                differs, mine = result
                if mine is not None:
                    compared += 1
                    per_column[column] += 1
                if not differs:
                    continue
                diff = Difference(column, source, symbol, mine, theirs)
                seen.add(diff.key)
                if diff.key in known:
                    explained.append((diff, known[diff.key]))
                else:
                    unexplained.append(diff)
    stale = sorted(k for k in known if k not in seen and k[1] in tables)
    problems = [f"{c}: only {len(s)} other source(s) ({', '.join(s) or 'none'})"
                for c, s in sources_per_column.items() if c not in _SINGLE_SOURCE and len(s) < 2]
    return Report(compared, per_column, sources_per_column, explained, unexplained, stale,
                  problems)


#: Columns for which only one machine-readable counterpart exists on PyPI (said in the README).
_SINGLE_SOURCE = {"atomic_radius_pm", "electron_configuration"}


def load_tables() -> dict[str, dict[str, dict]]:
    symbols = list(read_ours())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pymatgen warns for every NaN electronegativity
        return {name: fetch(symbols) for name, fetch in SOURCES.items()}


def run() -> Report:
    problems = _check_versions()
    if problems:
        return Report(0, {}, {}, [], [], [], problems)
    return compare(read_ours(), load_tables(), read_known())


def summary(report: Report) -> str:
    lines = [f"cross-check: {report.compared} values compared with "
             f"{len(SOURCES)} independent sources ({', '.join(SOURCES)}); "
             f"{len(report.explained)} differ for a listed reason, "
             f"{len(report.unexplained)} unexplained, {len(report.stale)} stale entries"]
    for column, n in report.per_column.items():
        tol, _ = TOLERANCES[column]
        srcs = ", ".join(report.sources_per_column.get(column, []))
        lines.append(f"  {column:<27} {n:>4} compared  tolerance {tol}  ({srcs})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print every explained difference")
    args = parser.parse_args(argv)
    report = run()
    for p in report.problems:
        print(f"cannot cross-check: {p}", file=sys.stderr)
    if report.problems:
        return 1
    print(summary(report))
    if args.list:
        for diff, row in report.explained:
            print(f"  explained ({row['kind']}): {diff}")
    for diff in report.unexplained:
        print(f"UNEXPLAINED {diff}")
    for column, source, symbol in report.stale:
        print(f"STALE known_differences.csv: {column} {symbol} vs {source} no longer differs")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
