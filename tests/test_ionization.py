"""Successive ionization energies (data/ionization_energies.csv, periodic_edu.ionization):
complete for H to Kr, cited, in eV, and the jumps fall where the shells say."""
from __future__ import annotations

import csv
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from periodic_edu import ionization
from periodic_edu.chemistry import ELEMENTS, element

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "periodic_edu" / "data"
BUILD = ROOT / "scripts" / "build_ionization_energies.py"


def test_every_stage_of_h_to_kr_is_there_and_rises():
    for e in ELEMENTS[:36]:
        values = ionization.energies(e.symbol)
        assert len(values) == e.atomic_number, e.symbol
        assert all(b > a for a, b in zip(values, values[1:])), f"{e.symbol}: not increasing"
    assert ionization.energies("Rb") == ()


def test_the_first_stage_is_the_element_tables_first_ionization_energy():
    for e in ELEMENTS[:36]:
        assert ionization.energies(e.symbol)[0] == pytest.approx(e.ionization_energy_ev,
                                                                abs=1e-6), e.symbol


# Anchor values of NIST ASD (eV), as printed in its ionization-energy table; independent of
# mendeleev, so a wrong build (shifted stages, another unit) fails here.
ANCHORS = [("H", 1, 13.598), ("He", 2, 54.418), ("Li", 2, 75.640), ("Na", 2, 47.286),
           ("Mg", 3, 80.144), ("Al", 4, 119.992), ("K", 2, 31.625), ("Ca", 3, 50.913),
           ("Fe", 3, 30.651), ("Kr", 1, 14.000)]


@pytest.mark.parametrize("symbol, stage, ev", ANCHORS, ids=[f"{a[0]}{a[1]}" for a in ANCHORS])
def test_anchor_values(symbol, stage, ev):
    assert ionization.energies(symbol)[stage - 1] == pytest.approx(ev, abs=0.002)


def test_unit_and_citation():
    info = ionization.source()
    assert info["unit"] == "eV"
    assert "NIST Atomic Spectra Database" in info["citation"]
    assert info["generated_by"] == "scripts/build_ionization_energies.py"
    assert ionization.KJ_PER_MOL_PER_EV == pytest.approx(96.485, abs=0.001)


@pytest.mark.parametrize("symbol", ["Li", "Na", "Mg", "Al", "Si", "P", "S", "Cl", "K", "Ca"])
def test_the_first_jump_comes_after_the_outer_electrons(symbol):
    """Main groups: the biggest ratio between neighbours is where the shell changes, after the
    outer (valence) electrons: the classic evidence for shells."""
    e = element(symbol)
    values = ionization.energies(symbol)
    ratios = [b / a for a, b in zip(values, values[1:])]
    jumps = ionization.jumps(symbol)
    assert jumps[0].after_stage == e.valence_electrons
    assert max(ratios) == pytest.approx(max(j.ratio for j in jumps))
    assert len(jumps) == len(e.shells) - 1
    assert [j.to_shell for j in jumps] == list(range(len(e.shells) - 1, 0, -1))


def test_shells_removed_outermost_first():
    assert ionization.shells_removed("Na") == (3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1)
    assert ionization.shells_removed("Fe")[:2] == (4, 4)   # 4s leaves before 3d
    assert ionization.shells_removed("He") == (1, 1) and ionization.jumps("He") == ()


def test_file_is_well_formed():
    with (DATA / "ionization_energies.csv").open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 36 * 37 // 2
    assert all(float(r["energy_ev"]) > 0 for r in rows)


@pytest.mark.skipif(importlib.util.find_spec("mendeleev") is None,
                    reason="mendeleev (the dev extra) is not installed")
def test_build_script_reproduces_the_committed_file(tmp_path):
    out = subprocess.run([sys.executable, str(BUILD), "--out", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "ionization_energies.csv").read_bytes() == (
        DATA / "ionization_energies.csv").read_bytes()


def test_the_leaps_the_card_marks_are_the_steps_the_data_show():
    """H-Ca: every shell change is a leap (plus the p -> s leap of B and Al, Be -> B's reason);
    Sc-Ni: the 4s -> 3d change is no leap, the first leap comes after the group number of
    electrons (the argon core); every leap moves to a sub-shell held more tightly."""
    from periodic_edu.chemistry import element

    for z in range(1, 21):
        symbol = element(z).symbol
        shells = {j.after_stage for j in ionization.jumps(symbol)}
        extra = {1} if symbol in ("B", "Al") else set()
        assert {j.after_stage for j in ionization.leaps(symbol)} == shells | extra, symbol
    for z in range(21, 29):
        e = element(z)
        assert ionization.leaps(e.symbol)[0].after_stage == e.group, e.symbol
    for z in range(1, 37):
        for leap in ionization.leaps(z):
            assert leap.ratio > 1.3 and leap.to_subshell != leap.from_subshell, (z, leap)
