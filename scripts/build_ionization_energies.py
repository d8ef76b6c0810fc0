#!/usr/bin/env python3
"""Regenerate ``periodic_edu/data/ionization_energies.csv``: the successive ionization energies
of hydrogen to krypton (Z = 1-36), every stage, in eV.

Input (nothing is fetched): ``mendeleev==1.3.0``'s ionization-energy table, which carries the
NIST Atomic Spectra Database values (``pip install -e ".[dev]"``). The citation is in
``sources.json`` (``files``), written by ``scripts/build_elements.py``.

A cross-check runs before writing: if ``pymatgen-core`` is installed, every value is compared
with its ``Element.ionization_energies`` (also from NIST ASD, another release of it). A
difference above 0.01 eV *and* 0.1 % of the value, or a stage missing in either, stops the build
with the list. (The two releases differ by up to 0.09 % on a dozen inner-shell stages of
highly charged ions, e.g. Ge stage 23: 2178.2 against 2180.1 eV, where NIST revised calculated
values; the outer-shell stages a lesson reads agree to 0.01 eV.)

Usage::

    python scripts/build_ionization_energies.py            # rewrites periodic_edu/data/
    python scripts/build_ionization_energies.py --out DIR  # writes the file into DIR instead
"""
from __future__ import annotations

import argparse
import io
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "periodic_edu" / "data"
LAST_Z = 36
TOLERANCE_EV = 0.01
TOLERANCE_RELATIVE = 0.001


def load() -> list[tuple[int, str, int, float]]:
    """mendeleev's two tables read directly: ``mendeleev.element(z).ionenergies`` gives the
    same values (``{ie.degree: ie.energy}``, degree = ion charge + 1) but loads every relation
    of the element first (isotopes, screening constants, ...), ~1.4 s an element."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from mendeleev.db import get_session
        from mendeleev.models import Element, IonizationEnergy
    session = get_session()
    symbols = dict(session.query(Element.atomic_number, Element.symbol)
                   .filter(Element.atomic_number <= LAST_Z))
    energies: dict[int, dict[int, float]] = {z: {} for z in symbols}
    for z, charge, ev in (session.query(IonizationEnergy.atomic_number,
                                        IonizationEnergy.ion_charge,
                                        IonizationEnergy.ionization_energy)
                          .filter(IonizationEnergy.atomic_number <= LAST_Z)
                          .order_by(IonizationEnergy.id)):
        energies[z][charge + 1] = ev
    session.close()
    rows = []
    for z in range(1, LAST_Z + 1):
        stages = energies[z]
        if sorted(stages) != list(range(1, z + 1)):
            raise SystemExit(f"{symbols[z]}: mendeleev has stages {sorted(stages)}, not 1..{z}")
        rows += [(z, symbols[z], n, float(stages[n])) for n in range(1, z + 1)]
    return rows


def cross_check(rows: list[tuple[int, str, int, float]]) -> str:
    """Compare with pymatgen-core (NIST ASD too); '' if it is not installed."""
    try:
        from pymatgen.core import Element
    except ImportError:
        return "pymatgen-core not installed: cross-check skipped"
    differ, beyond_abs, worst = [], 0, 0.0
    for z, symbol, n, ev in rows:
        theirs = Element(symbol).ionization_energies
        other = theirs[n - 1] if n - 1 < len(theirs) else None
        if other is None:
            differ.append(f"{symbol} stage {n}: ours {ev}, pymatgen has none")
            continue
        gap = abs(other - ev)
        if gap > TOLERANCE_EV:
            beyond_abs += 1
            worst = max(worst, gap / ev)
            if gap > TOLERANCE_RELATIVE * ev:
                differ.append(f"{symbol} stage {n}: ours {ev}, pymatgen {other}")
    if differ:
        raise SystemExit("ionization energies differ from pymatgen-core:\n" + "\n".join(differ))
    return (f"cross-check: {len(rows)} values compared with pymatgen-core; {beyond_abs} differ by "
            f"more than {TOLERANCE_EV} eV, the largest by {worst:.3%} (limit "
            f"{TOLERANCE_RELATIVE:.1%})")


def render(rows: list[tuple[int, str, int, float]]) -> bytes:
    out = io.StringIO()
    out.write("atomic_number,symbol,stage,energy_ev\n")
    for z, symbol, n, ev in rows:
        out.write(f"{z},{symbol},{n},{ev!r}\n")
    return out.getvalue().encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    rows = load()
    print(cross_check(rows), file=sys.stderr)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ionization_energies.csv").write_bytes(render(rows))
    print(f"wrote {args.out / 'ionization_energies.csv'} ({len(rows)} values)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
