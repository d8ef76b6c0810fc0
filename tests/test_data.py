"""Integrity of the element table: data/elements.csv, sources.json, overrides.csv (DESIGN §3).

The anchor values are textbook numbers a teacher would check first; the trend checks are the
shapes the lessons rely on (and the famous places where the game's arrows and the data part).
"""
from __future__ import annotations

import csv
import importlib.util
import json
import math
import re
import string
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from periodic_edu import chemistry
from periodic_edu.chemistry import (
    COLUMNS, ELEMENTS, FAMILIES, FAMILY_NAMES, SYMBOLS, Element, UnknownElementError,
    column_info, element,
)

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "periodic_edu" / "data"
BUILD = ROOT / "scripts" / "build_elements.py"

BOARD_Z = [*range(1, 57), *range(72, 89), *range(104, 119)]


def _mendeleev_skip_reason() -> str | None:
    if importlib.util.find_spec("mendeleev") is None:
        return 'mendeleev is not installed (pip install -e ".[dev]")'
    from importlib.metadata import version
    if version("mendeleev") != "1.3.0":
        return f"mendeleev {version('mendeleev')} installed, the data is pinned to 1.3.0"
    return None


def by(symbol: str) -> Element:
    return element(symbol)


# --- shape ----------------------------------------------------------------------------------
def test_118_unique_elements_ordered_by_z():
    assert len(ELEMENTS) == 118
    assert [e.atomic_number for e in ELEMENTS] == list(range(1, 119))
    assert tuple(e.symbol for e in ELEMENTS) == SYMBOLS
    assert len({e.name.lower() for e in ELEMENTS}) == 118
    assert all(isinstance(e, Element) for e in ELEMENTS)


def test_csv_header_is_the_public_column_list_with_units():
    with (DATA / "elements.csv").open(newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    assert tuple(rows[0]) == COLUMNS
    assert len(rows) == 119 and all(len(r) == len(COLUMNS) for r in rows)
    for unit_suffixed in ("atomic_mass_da", "ionization_energy_ev", "atomic_radius_pm",
                          "melting_point_k", "density_g_cm3", "electronegativity_allen_ev"):
        assert unit_suffixed in COLUMNS


def test_to_dict_keys_are_exactly_the_fields_and_json_ready():
    d = by("Fe").to_dict()
    assert list(d) == list(Element.__dataclass_fields__)
    assert d["shells"] == [2, 8, 14, 2]
    assert json.loads(json.dumps(d)) == d
    contract = {"atomic_number", "symbol", "name", "period", "group", "family", "atomic_mass",
                "electronegativity_pauling", "ionization_energy_ev", "atomic_radius_pm",
                "covalent_radius_pm", "electron_affinity_ev", "melting_point_k",
                "boiling_point_k", "density_g_cm3", "state_at_25c", "discovery_year",
                "electron_configuration", "shells", "valence_electrons", "on_board"}
    assert contract <= set(d)


def test_element_is_frozen_and_slotted():
    fe = by("Fe")
    with pytest.raises(AttributeError):
        fe.atomic_mass = 1.0  # type: ignore[misc]
    assert not hasattr(fe, "__dict__")


def test_types_per_field():
    for e in ELEMENTS:
        assert isinstance(e.atomic_mass, float) and e.atomic_mass > 0
        assert e.group is None or (isinstance(e.group, int) and 1 <= e.group <= 18)
        assert 1 <= e.period <= 7
        assert isinstance(e.shells, tuple) and sum(e.shells) == e.atomic_number
        # The outermost occupied shell is the period, except palladium ([Kr] 4d10, no 5s).
        assert len(e.shells) == e.period or e.symbol == "Pd", e
        assert e.state_at_25c in (None, "solid", "liquid", "gas")
        assert isinstance(e.on_board, bool)
        for f in ("electronegativity_pauling", "electronegativity_allen", "ionization_energy_ev",
                  "atomic_radius_pm", "covalent_radius_pm", "electron_affinity_ev",
                  "melting_point_k", "boiling_point_k", "density_g_cm3"):
            v = getattr(e, f)
            assert v is None or (isinstance(v, float) and math.isfinite(v) and v > 0), (e, f, v)


# --- ranges ---------------------------------------------------------------------------------
def test_value_ranges():
    for e in ELEMENTS:
        if e.electronegativity_pauling is not None:
            assert 0.7 <= e.electronegativity_pauling <= 3.98
        if e.ionization_energy_ev is not None:
            assert 3.8 <= e.ionization_energy_ev <= 24.6
        if e.atomic_radius_pm is not None:
            assert 30 <= e.atomic_radius_pm <= 300
        if e.covalent_radius_pm is not None:
            assert 28 <= e.covalent_radius_pm <= 260
        if e.electron_affinity_ev is not None:
            assert 0 < e.electron_affinity_ev <= 3.62  # Cl has the largest
        if e.melting_point_k is not None and e.boiling_point_k is not None:
            assert e.melting_point_k < e.boiling_point_k, e
        if e.density_g_cm3 is not None:
            assert 0 < e.density_g_cm3 < 23
        if e.discovery_year is not None:
            assert 1600 < e.discovery_year <= 2010
        if e.valence_electrons is not None:
            assert 1 <= e.valence_electrons <= 12


def test_masses_increase_overall_with_the_famous_inversions():
    masses = [e.atomic_mass for e in ELEMENTS]
    inversions = {(a.symbol, b.symbol) for a, b in zip(ELEMENTS, ELEMENTS[1:])
                  if a.atomic_mass > b.atomic_mass}
    assert {("Ar", "K"), ("Co", "Ni"), ("Te", "I")} <= inversions
    assert ("U", "Np") in inversions and ("Th", "Pa") in inversions
    # Everything else rises: only a handful of neighbours are out of order.
    assert len(inversions) <= 10, inversions
    assert masses[0] == min(masses) and masses[-1] == max(masses)


# --- anchors --------------------------------------------------------------------------------
def test_iron_anchor():
    fe = by("Fe")
    assert fe.atomic_mass == pytest.approx(55.845)
    assert fe.shells == (2, 8, 14, 2)
    assert (fe.period, fe.group, fe.family) == (4, 8, "transition_metals")
    assert fe.electron_configuration == "[Ar] 3d6 4s2"
    assert fe.state_at_25c == "solid"
    assert fe.on_board


def test_textbook_anchor_values():
    assert by("He").electronegativity_pauling is None
    assert by("F").electronegativity_pauling == pytest.approx(3.98)
    assert by("Na").ionization_energy_ev == pytest.approx(5.139, abs=0.01)
    assert by("C").covalent_radius_pm == 76  # Cordero 2008, sp3
    assert by("Ar").atomic_mass == pytest.approx(39.95)  # CIAAW conventional value
    assert by("Na").atomic_radius_pm == 190 and by("H").atomic_radius_pm == 53
    assert by("Og").atomic_radius_pm is None  # beyond Clementi's table
    assert by("Tc").atomic_mass == 97.0  # mass number of the longest-lived isotope


def test_states_at_25c():
    for s in ("Br", "Hg"):
        assert by(s).state_at_25c == "liquid", s
    for s in ("H", "N", "O", "F", "Cl", "He", "Ne", "Ar", "Kr", "Xe", "Rn"):
        assert by(s).state_at_25c == "gas", s
    for s in ("Ga", "Cs", "C", "P", "S", "As", "Fe", "Na", "I"):
        assert by(s).state_at_25c == "solid", s
    liquids = {e.symbol for e in ELEMENTS if e.state_at_25c == "liquid"}
    assert liquids == {"Br", "Hg"}
    # Superheavy elements and the never-measured ones are unknown, not guessed.
    for e in ELEMENTS:
        if e.atomic_number >= 104:
            assert e.state_at_25c is None and e.melting_point_k is None, e
    assert by("At").state_at_25c is None and by("Fr").state_at_25c is None


def test_board_membership_groups_and_families():
    assert [e.atomic_number for e in ELEMENTS if e.on_board] == BOARD_Z
    og, la = by("Og"), by("La")
    assert og.on_board and og.family == "noble_gases"
    assert not la.on_board and la.group is None and la.family == "lanthanides"
    assert by("Lu").group is None and by("Lr").group is None
    assert by("Ac").family == "actinides" and by("Ac").group is None
    assert by("Hf").group == 4 and by("Rf").group == 4
    assert [e.symbol for e in ELEMENTS if e.group == 3] == ["Sc", "Y"]
    assert all(e.group is not None for e in ELEMENTS if e.on_board)


def test_families_follow_rules_1_4():
    expected = {
        "alkali_metals": "Li Na K Rb Cs Fr",
        "alkaline_earth_metals": "Be Mg Ca Sr Ba Ra",
        "post_transition_metals": "Al Ga In Sn Tl Pb Bi Po Nh Fl Mc Lv",
        "metalloids": "B Si Ge As Sb Te",
        "other_nonmetals": "H C N O P S Se",
        "halogens": "F Cl Br I At Ts",
        "noble_gases": "He Ne Ar Kr Xe Rn Og",
    }
    assert list(FAMILIES) == list(FAMILY_NAMES) and len(FAMILIES) == 8
    for fid, members in expected.items():
        assert FAMILIES[fid] == tuple(members.split()), fid
    transition = [e.symbol for e in ELEMENTS if e.on_board and 3 <= (e.group or 0) <= 12]
    assert FAMILIES["transition_metals"] == tuple(transition)
    assert len(FAMILIES["transition_metals"]) == 38
    members = [s for m in FAMILIES.values() for s in m]
    assert len(members) == len(set(members)) == 88
    assert FAMILY_NAMES["alkali_metals"] == "Alkali metals"
    for e in ELEMENTS:
        assert e.family in FAMILIES or e.family in ("lanthanides", "actinides")


def test_valence_electrons():
    assert [by(s).valence_electrons for s in ("H", "He", "Na", "C", "Cl", "Ne", "Fe", "Zn")] == \
        [1, 2, 1, 4, 7, 8, 8, 2]  # Zn: 2, as schools count group 12
    assert by("Ce").valence_electrons is None


# --- trends the lessons rely on --------------------------------------------------------------
def test_clementi_radius_falls_across_period_3_and_rises_down_group_1():
    period3 = [by(s).atomic_radius_pm for s in "Na Mg Al Si P S Cl Ar".split()]
    assert all(a > b for a, b in zip(period3, period3[1:])), period3
    group1 = [by(s).atomic_radius_pm for s in "Li Na K Rb Cs".split()]
    assert all(a < b for a, b in zip(group1, group1[1:])), group1


def test_clementi_radius_shrinks_across_every_period_where_known():
    for period in range(2, 7):
        row = [e for e in ELEMENTS if e.period == period and e.group is not None
               and e.atomic_radius_pm is not None]
        radii = [e.atomic_radius_pm for e in row]
        assert all(a > b for a, b in zip(radii, radii[1:])), (period, radii)


def test_first_ionization_energy_drops_be_to_b_and_n_to_o():
    assert by("Be").ionization_energy_ev > by("B").ionization_energy_ev
    assert by("N").ionization_energy_ev > by("O").ionization_energy_ev
    assert by("Mg").ionization_energy_ev > by("Al").ionization_energy_ev
    assert by("He").ionization_energy_ev == max(e.ionization_energy_ev for e in ELEMENTS
                                                if e.ionization_energy_ev is not None)


# --- sources --------------------------------------------------------------------------------
def test_every_column_has_unit_source_and_citation():
    sources = json.loads((DATA / "sources.json").read_text(encoding="utf-8"))
    assert list(sources["columns"]) == list(COLUMNS)
    for col in COLUMNS:
        entry = sources["columns"][col]
        assert {"unit", "source", "citation"} <= set(entry), col
        assert entry["source"] and entry["citation"], col
    for rule in ("state_at_25c", "discovery_year", "family"):
        assert sources["rules"][rule]
    assert "null" in sources["rules"]["state_at_25c"]


def test_column_info_accepts_columns_and_field_names():
    assert column_info("atomic_radius_pm")["unit"] == "pm"
    assert column_info("atomic_mass") == column_info("atomic_mass_da")
    assert "Clementi" in column_info("atomic_radius_pm")["citation"]
    assert "Cordero" in column_info("covalent_radius_pm")["citation"]
    for field in Element.__dataclass_fields__:
        column_info(field)
    with pytest.raises(KeyError):
        column_info("colour")
    assert chemistry.SOURCES["columns"]["shells"]["field"] == "shells"


def _rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_every_override_cites_a_source():
    rows = _rows("overrides.csv")
    assert rows
    for row in rows:
        assert set(row) == {"symbol", "column", "value", "source"}
        assert row["source"].strip(), row
        assert row["symbol"] in SYMBOLS and row["column"] in COLUMNS, row
    seen = [(r["symbol"], r["column"]) for r in rows]
    assert len(seen) == len(set(seen)), "one override per cell"


def test_overrides_are_applied():
    rows = _rows("overrides.csv")
    for row in rows:
        field = column_info(row["column"])["field"]
        got = getattr(by(row["symbol"]), field)
        if row["value"] == "":
            assert got is None, row
        elif isinstance(got, (int, float)):
            assert got == pytest.approx(float(row["value"])), row
        else:
            assert got == row["value"], row


def test_clementi_file_cites_its_source_and_stops_at_radon():
    rows = _rows("clementi_1967_radii.csv")
    assert all(r["source"].strip() for r in rows)
    assert max(int(r["atomic_number"]) for r in rows) <= 86
    for r in rows:
        assert by(r["symbol"]).atomic_number == int(r["atomic_number"])
        assert by(r["symbol"]).atomic_radius_pm == float(r["atomic_radius_pm"])


# --- lookups --------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["Na", "na", "NA", "sodium", "Sodium", 11, "11", " na "])
def test_lookup_by_symbol_name_and_number(key):
    assert element(key) is ELEMENTS[10]


def test_lookup_accepts_common_spelling_variants():
    assert element("aluminum").symbol == "Al" and element("aluminium").symbol == "Al"
    assert element("cesium").symbol == "Cs" and element("sulphur").symbol == "S"


@pytest.mark.parametrize("key", ["xx", "Xx", "", "0", "119", 0, 119, -1, True, "Na2"])
def test_unknown_element_raises_a_clear_error(key):
    with pytest.raises(UnknownElementError) as info:
        element(key)
    message = str(info.value)
    assert message.startswith(f"unknown element {key!r}")
    assert "symbol (Na)" in message and "name (sodium)" in message and "1-118" in message
    assert isinstance(info.value, ValueError)


def test_unknown_element_suggests_a_close_match():
    with pytest.raises(UnknownElementError, match="did you mean 'sodium'"):
        element("sodum")
    with pytest.raises(UnknownElementError) as info:
        element("xx")
    assert str(info.value) == ("unknown element 'xx': use a symbol (Na), a name (sodium) or an "
                               "atomic number 1-118")


# --- runtime cost ---------------------------------------------------------------------------
def test_loading_needs_only_the_standard_library():
    # Load the element data with the heavy libraries made unimportable: if it needed any of
    # them, the import would fail here.
    code = textwrap.dedent(f"""
        import importlib.abc, importlib.util, sys
        HEAVY = ("numpy", "pandas", "mendeleev", "sqlalchemy", "scipy")
        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in HEAVY:
                    raise ImportError("blocked: " + name)
        sys.meta_path.insert(0, Block())
        sys.path.insert(0, {str(ROOT)!r})
        import periodic_edu.chemistry as mod
        assert len(mod.ELEMENTS) == 118 and mod.element("Fe").shells == (2, 8, 14, 2)
        print(sorted(m for m in sys.modules if m.split(".")[0] in HEAVY))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# --- the build ------------------------------------------------------------------------------
@pytest.mark.skipif(_mendeleev_skip_reason() is not None,
                    reason=_mendeleev_skip_reason() or "")
def test_build_script_is_deterministic_and_matches_the_committed_files(tmp_path):
    for run in ("a", "b"):
        out = subprocess.run([sys.executable, str(BUILD), "--out", str(tmp_path / run)],
                             capture_output=True, text=True, cwd=ROOT)
        assert out.returncode == 0, out.stderr
    for name in ("elements.csv", "sources.json"):
        built = (tmp_path / "a" / name).read_bytes()
        assert built == (tmp_path / "b" / name).read_bytes(), f"{name} differs between runs"
        assert built == (DATA / name).read_bytes(), (
            f"periodic_edu/data/{name} is stale: run python scripts/build_elements.py")


# --- issue 10: the cells mendeleev 1.3.0 had wrong, and the notes shown to the learner --------
@pytest.mark.parametrize("symbol, value", [
    ("W", 2.36), ("Pt", 2.28), ("Au", 2.54), ("Hg", 2.0), ("Tl", 1.62), ("Pb", 2.33),
    ("Bi", 2.02), ("Lu", 1.27), ("Tc", 1.9), ("U", 1.38), ("Np", 1.36), ("Kr", 3.0),
    ("Xe", 2.6), ("F", 3.98),
])
def test_pauling_electronegativity_is_the_crc_table_throughout(symbol, value):
    assert by(symbol).electronegativity_pauling == value


def test_corrected_cells():
    assert by("In").boiling_point_k == 2345.15  # 2072 °C, not the swapped 2027 °C
    assert by("Sr").electron_affinity_ev == pytest.approx(0.05206)
    assert by("Th").electron_affinity_ev is not None
    assert by("Rn").discovery_year == 1900
    assert by("K").density_g_cm3 == pytest.approx(0.862)
    assert by("Ds").electron_configuration.endswith("6d8 7s2")
    assert sum(by("Ds").shells) == 110 and sum(by("Rg").shells) == 111


@pytest.mark.parametrize("symbol", ["Tc", "Po", "Fr", "Ra", "Ac"])
def test_calculated_electron_affinities_are_not_in_the_measured_column(symbol):
    assert by(symbol).electron_affinity_ev is None


def test_every_note_is_cited_and_fits_its_value():
    notes_csv = _rows("notes.csv")
    assert notes_csv
    for row in notes_csv:
        assert set(row) == {"symbol", "field", "kind", "note", "values", "citation"}, row
        assert row["symbol"] in SYMBOLS and row["field"] in Element.__dataclass_fields__, row
        assert row["kind"] in ("gap", "disagree"), row
        assert row["note"].strip() and row["citation"].strip(), row
        value = getattr(by(row["symbol"]), row["field"])
        # a gap note explains an empty cell; a disagreement sits beside a value
        assert (value is None) == (row["kind"] == "gap"), row
        # the numbers are placeholders of the template (translatable), never digits in its text
        # (a year or a mass number names a thing and stays)
        numbers = dict(pair.split("=") for pair in row["values"].split())
        assert set(numbers) == {f for _, f, _, _ in string.Formatter().parse(row["note"]) if f}
        assert not re.search(r"\d+\.\d+", row["note"]), row
        # a note that quotes the table's own value quotes it right
        if "value" in numbers:
            assert float(numbers["value"]) == value, row
        if "value_celsius" in numbers:
            assert float(numbers["value_celsius"]) == round(value - 273.15), row
    pairs = [(r["symbol"], r["field"], r["kind"]) for r in notes_csv]
    assert len(pairs) == len(set(pairs))


@pytest.mark.parametrize("values, fault", [
    ("value=2.36", "placeholders ['pauling_1960', 'value'] do not match its values ['value']"),
    ("value=2.36 pauling_1960=1,7", "'pauling_1960=1,7' is not name=number"),
    ("value=2.36 pauling_1960=1.7 extra=1", "do not match its values"),
    ("value=1 value=2 pauling_1960=1.7", "'value' twice"),
])
def test_a_malformed_note_is_refused_naming_the_line(tmp_path, monkeypatch, values, fault):
    template = "{value} on the Pauling scale; Pauling's 1960 table gives {pauling_1960}"
    (tmp_path / "notes.csv").write_text(
        "symbol,field,kind,note,values,citation\n"
        f'W,electronegativity_pauling,disagree,"{template}","{values}","a source"\n',
        encoding="utf-8")
    monkeypatch.setattr(chemistry, "_DATA", tmp_path)
    chemistry._notes.cache_clear()
    try:
        with pytest.raises(ValueError, match="notes.csv line 2") as caught:
            chemistry.notes("W")
        assert fault in str(caught.value)
    finally:
        chemistry._notes.cache_clear()


def test_notes_say_why_an_electron_affinity_is_missing():
    from periodic_edu.chemistry import notes
    for symbol in ("He", "Be", "N", "Ne", "Ar", "Kr", "Xe", "Rn", "Hg", "Mg", "Zn"):
        gap = [n for n in notes(symbol) if n.field == "electron_affinity_ev"]
        assert by(symbol).electron_affinity_ev is None
        assert gap and gap[0].kind == "gap" and gap[0].text.startswith("no stable anion")
    au = [n.text for n in notes("Au")]
    assert "2.54 on the Pauling scale (Allred's 1961 values from the CRC Handbook); Pauling's 1960 table gives 2.4" in au
    assert notes("Fe") == ()


def test_superheavy_configurations_are_marked_predicted():
    from periodic_edu.chemistry import notes
    for e in ELEMENTS:
        predicted = [n for n in notes(e.symbol) if n.field == "electron_configuration"
                     and n.kind == "predicted"]
        assert bool(predicted) == (e.atomic_number >= 104), e.symbol


def test_check_step_has_an_equal_verdict():
    from periodic_edu import trends
    step = trends.check_step("atomic_radius", "In", "Tl")
    assert (step.before, step.after, step.verdict) == (156.0, 156.0, "equal")
    assert trends.check_step("ionization_energy", "N", "O").verdict == "disagrees"
    for t in ("atomic_radius", "ionization_energy", "atomic_mass_increase"):
        s = trends.summary(t)
        assert s["agrees"] + s["disagrees"] + s["equal"] + s["unknown"] == s["steps"]
        assert all(d["before"] == d["after"] for d in s["equal_steps"])
        assert all(d["before"] != d["after"] for d in s["disagreements"])
    assert [(d["from"], d["to"]) for d in trends.summary("atomic_radius")["equal_steps"]] == [
        ("In", "Tl")]


# ---- a damaged elements.csv is refused whole, naming file, line, column and fault -------------
def _damaged(tmp_path, z: int, column: str, value: str):
    from periodic_edu import chemistry
    rows = (ROOT / "periodic_edu" / "data" / "elements.csv").read_text(encoding="utf-8").splitlines()
    header = rows[0].split(",")
    parsed = list(csv.reader(rows))
    parsed[z][header.index(column)] = value
    path = tmp_path / "elements.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(parsed)
    return chemistry, path


@pytest.mark.parametrize("z, column, value, fault", [
    (26, "melting_point_k", "nan", "'nan' is not a finite number"),
    (8, "ionization_energy_ev", "-inf", "'-inf' is not a finite number"),
    (11, "atomic_mass_da", "-22.99", "-22.99 is outside the range 1 to 300 Da"),
    (74, "melting_point_k", "3414", None),  # °C for K would still be in range: allowed
    (1, "atomic_number", "2", "expected element 1 (H), found 2 (H)"),
    (17, "ionization_energy_ev", "1251.2", "1251.2 is outside the range 3 to 25 eV"),
    (30, "state_at_25c", "plasma", "'plasma' is not one of solid, liquid, gas"),
    (92, "shells", "2 8 18 32 21 9 3", "93 electrons, not 92"),
    (50, "period", "five", "'five' is not a whole number"),
])
def test_a_damaged_data_file_names_line_column_and_fault(tmp_path, z, column, value, fault):
    chemistry, path = _damaged(tmp_path, z, column, value)
    if fault is None:
        assert len(chemistry._load(path)) == 118
        return
    with pytest.raises(chemistry.ElementDataError) as caught:
        chemistry._load(path)
    message = str(caught.value)
    assert message.startswith(f"elements.csv, line {z + 1}"), message
    assert fault in message, message
    if column != "atomic_number":
        assert f"column {column}" in message, message


def test_a_truncated_or_reordered_data_file_is_refused(tmp_path):
    from periodic_edu import chemistry
    lines = (ROOT / "periodic_edu" / "data" / "elements.csv").read_text(encoding="utf-8").splitlines()
    short = tmp_path / "short.csv"
    short.write_text("\n".join(lines[:100]) + "\n", encoding="utf-8")
    with pytest.raises(chemistry.ElementDataError, match=r"short.csv: 99 rows, not 118"):
        chemistry._load(short)
    swapped = tmp_path / "swapped.csv"
    swapped.write_text("\n".join([lines[0], lines[2], lines[1], *lines[3:]]) + "\n",
                       encoding="utf-8")
    with pytest.raises(chemistry.ElementDataError, match=r"line 2: expected element 1 \(H\)"):
        chemistry._load(swapped)
    cut = tmp_path / "cut.csv"
    cut.write_text("\n".join([lines[0], lines[1].rsplit(",", 3)[0], *lines[2:]]) + "\n",
                   encoding="utf-8")
    with pytest.raises(chemistry.ElementDataError, match=r"cut.csv, line 2: 19 values, not 22"):
        chemistry._load(cut)
