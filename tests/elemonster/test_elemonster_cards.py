"""The Elemonster card data (ELEMONSTER E-2..E-6): cited, deterministic, symbols from facts."""
import csv
import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from periodic_edu.chemistry import SYMBOLS
from periodic_edu.elemonster.cards import FACT_COLUMNS, SYMBOL_IDS, card, fact_row

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "periodic_edu" / "data"
BUILD = ROOT / "scripts" / "build_elemonster_cards.py"


def test_build_script_is_deterministic_and_matches_the_committed_files(tmp_path):
    for run in ("a", "b"):
        out = subprocess.run([sys.executable, str(BUILD), "--out", str(tmp_path / run)],
                             capture_output=True, text=True, cwd=ROOT)
        assert out.returncode == 0, out.stderr
    for name in ("elemonster_cards.csv", "elemonster_sources.json"):
        built = (tmp_path / "a" / name).read_bytes()
        assert built == (tmp_path / "b" / name).read_bytes(), f"{name} differs between runs"
        assert built == (DATA / name).read_bytes(), (
            f"periodic_edu/data/{name} is stale: run python scripts/build_elemonster_cards.py")


def _rows():
    with (DATA / "elemonster_cards.csv").open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_118_rows_ordered_by_z_and_no_symbol_column_typed_by_hand():
    rows = _rows()
    assert [r["symbol"] for r in rows] == list(SYMBOLS)
    assert [int(r["atomic_number"]) for r in rows] == list(range(1, 119))
    assert not set(SYMBOL_IDS) & set(rows[0]), "symbols must be computed, not stored"


def test_every_column_has_unit_source_citation_and_every_filled_cell_is_cited():
    doc = json.loads((DATA / "elemonster_sources.json").read_text(encoding="utf-8"))
    assert set(doc["columns"]) == set(FACT_COLUMNS)
    for col, info in doc["columns"].items():
        assert {"unit", "source", "citation"} <= set(info), col
        assert info["citation"] == doc["sources"][info["source"]]
    for r in _rows():
        cited = dict(item.split("=") for item in r["sources"].split())
        filled = {c for c in FACT_COLUMNS if r[c]}
        assert set(cited) == filled, r["symbol"]
        assert all(key in doc["sources"] for key in cited.values()), r["symbol"]


def test_alchemical_signs_are_the_named_unicode_characters():
    names = {"Au": "SUN", "Ag": "FIRST QUARTER MOON", "Hg": "MERCURY", "Cu": "FEMALE SIGN",
             "Fe": "MALE SIGN", "Sn": "JUPITER", "Pb": "SATURN",
             "S": "ALCHEMICAL SYMBOL FOR SULFUR", "As": "ALCHEMICAL SYMBOL FOR ARSENIC"}
    for symbol, name in names.items():
        assert unicodedata.name(card(symbol).alchemy) == name
    assert sum(1 for r in _rows() if r["alchemy"]) == len(names)


# --- E-3: values as printed ----------------------------------------------------------------------
def test_printed_values_follow_e3():
    na = card("Na")
    assert na.en == 0.93 and na.ie == round(5.139 / 5, 2) == 1.03
    assert card("Fe").mp == 1538 and card("Hg").mp == -39       # whole °C
    assert card("Fe").year is None and card("O").year == 1774   # antiquity = empty
    assert card("He").en is None and card("He").ie == 4.92      # noble gas: no attack value
    assert card("O").body == 43000 and card("Be").body == 3.6e-05  # 3 significant figures


def test_shell_and_kind_follow_e2():
    assert (card("Fe").outer, card("Fe").gaps) == (2, 6)        # last shell, not valence 8
    assert (card("H").cap, card("H").gaps) == (2, 1)
    assert card("He").gaps == 0
    assert card("Pd").outer == 18 and not card("Pd").shell_ok
    assert [card(s).kind for s in ("Na", "Si", "Cl", "Ar", "U")] == [
        "metal", "metalloid", "nonmetal", "noble", "metal"]
    assert card("Si").square and card("Si").hexagon


# --- E-6 anchors ---------------------------------------------------------------------------------
@pytest.mark.parametrize("symbol,symbol_id,count", [
    ("Cu", "heart", 1), ("Ag", "heart", 0), ("O", "heart", 3), ("Ca", "heart", 2),
    ("F", "heart", 0), ("Cr", "heart", 0), ("Co", "heart", 1),
    ("Be", "skull", 2), ("U", "skull", 0), ("Bi", "skull", 0),
    ("Cu", "crown", 1), ("Ag", "crown", 2), ("Au", "crown", 3), ("Fe", "crown", 0),
    ("He", "neutral", 3), ("Ne", "neutral", 3), ("Ar", "neutral", 2), ("Kr", "neutral", 1),
    ("Xe", "neutral", 1), ("Rn", "neutral", 0),
    ("U", "radioactive", 1), ("Rn", "radioactive", 1), ("Bi", "radioactive", 0),
    ("Tc", "radioactive", 1), ("Pb", "radioactive", 0),
    ("Fe", "magnetic", 1), ("Co", "magnetic", 1), ("Ni", "magnetic", 1), ("Gd", "magnetic", 0),
    ("H", "flammable", 1),
    ("C", "hard", 1), ("B", "hard", 1), ("Cr", "hard", 1), ("W", "hard", 1), ("Fe", "hard", 0),
    ("Ag", "material", 1), ("Cu", "material", 1),
    ("Si", "semiconductor", 1), ("Ge", "semiconductor", 1), ("C", "semiconductor", 0),
    ("Sn", "semiconductor", 0),
    ("Br", "corrosive", 1),
    ("Bi", "shield", 1), ("Pb", "shield", 1), ("W", "shield", 1), ("B", "shield", 1),
    ("Be", "shield", 0),
])
def test_e6_anchor(symbol, symbol_id, count):
    assert card(symbol).symbols()[symbol_id] == count


def test_symbols_follow_the_facts_not_a_list():
    """The skull counts exactly the GHS06/GHS08 pictograms of the cited CLP entry."""
    for symbol in ("Be", "Se", "Hg", "Cl", "S"):
        pictograms = fact_row(symbol)["clp_pictograms"].split()
        assert card(symbol).skull == ("GHS06" in pictograms) + ("GHS08" in pictograms)
    crowns = [card(s).crown for s in ("Zn", "Bi", "Ag", "Pt")]
    e0 = [float(fact_row(s)["e0_v"]) for s in ("Zn", "Bi", "Ag", "Pt")]
    assert e0 == sorted(e0) and crowns == [0, 1, 2, 3]
