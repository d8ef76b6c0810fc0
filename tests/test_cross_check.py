"""The element table against independent sources (scripts/cross_check_elements.py).

The full comparison needs the ``dev`` extra (pymatgen-core, chemicals, periodictable, ase at the
pinned versions; ``scripts/test`` installs it) and is skipped, saying why, without it. The
checks of known_differences.csv itself need only the standard library.
"""
from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "cross_check_elements.py"


def _load():
    spec = importlib.util.spec_from_file_location("cross_check_elements", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


cc = _load()
_MISSING = cc._check_versions()


@pytest.fixture(scope="module")
def tables():
    if _MISSING:
        pytest.skip("cross-check sources not installed as pinned: " + "; ".join(_MISSING))
    return cc.load_tables()


def test_known_differences_file_is_well_formed():
    known = cc.read_known()
    assert known
    with cc.KNOWN.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        assert row["kind"] in cc.KINDS, row
        assert row["citation"].strip() and row["explanation"].strip(), row
        assert row["column"] in cc.TOLERANCES, row
    assert {r["kind"] for r in rows} <= set(cc.KINDS)


def test_every_column_with_a_counterpart_has_a_tolerance_with_a_reason():
    for column, (tol, why) in cc.TOLERANCES.items():
        assert why.strip(), column
        assert tol.absolute >= 0 and tol.relative >= 0


def test_no_unexplained_difference_and_no_stale_entry(tables, capsys):
    report = cc.compare(cc.read_ours(), tables, cc.read_known())
    with capsys.disabled():
        print("\n" + cc.summary(report))
    assert report.problems == []
    assert report.unexplained == [], "\n".join(map(str, report.unexplained))
    assert report.stale == [], report.stale
    assert report.compared > 0 and report.explained
    for column, sources in report.sources_per_column.items():
        if column not in cc._SINGLE_SOURCE:
            assert len(sources) >= 2, (column, sources)


def test_a_wrong_value_is_caught(tables):
    ours = cc.read_ours()
    ours["In"] = {**ours["In"], "boiling_point_k": "2300.15"}  # the upstream digit swap
    report = cc.compare(ours, tables, cc.read_known())
    assert ("boiling_point_k", "pymatgen", "In") in {d.key for d in report.unexplained}
    # ... and the listed chemicals difference for In no longer differs: stale
    assert ("boiling_point_k", "chemicals", "In") in report.stale
    assert not report.ok


def test_an_emptied_value_is_caught(tables):
    ours = cc.read_ours()
    ours["Fe"] = {**ours["Fe"], "melting_point_k": ""}
    report = cc.compare(ours, tables, cc.read_known())
    assert {("melting_point_k", "pymatgen", "Fe"), ("melting_point_k", "chemicals", "Fe")} <= {
        d.key for d in report.unexplained}


def test_configurations_compare_with_cores_expanded():
    cores = {"Ar": "[Ne] 3s2 3p6", "Ne": "[He] 2s2 2p6", "He": "1s2"}
    assert cc.configuration_key("[Ar] 3d6 4s2", cores) == cc.configuration_key(
        "[Ar].3d6.4s2", cores)
    assert cc.configuration_key("[Ar] 3d5 4s1", cores) != cc.configuration_key(
        "[Ar] 3d4 4s2", cores)
