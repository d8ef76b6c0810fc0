"""The `periodic-edu` command line: DESIGN §2 contracts and one-line errors."""
import json
import re
import subprocess
import sys

import pytest

from periodic_edu import board
from periodic_edu.board import RULEBOOK_EXAMPLES
from periodic_edu.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("start,trend,expected", RULEBOOK_EXAMPLES)
def test_reach_json_gives_the_rulebook_sets(capsys, start, trend, expected):
    code, out, _ = run(capsys, "reach", start, "--trend", trend, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["from"] == start and doc["steps"] == 5
    assert set(doc["trends"][trend]) == expected
    assert doc["trends"][trend] == dict(board.reach(start, trend))


def test_reach_all_trends_and_text_board(capsys):
    code, out, _ = run(capsys, "reach", "na", "--json")
    assert code == 0 and set(json.loads(out)["trends"]) == set(board.TRENDS)
    code, out, _ = run(capsys, "reach", "Na", "--trend", "ionization_energy")
    assert code == 0
    assert "[Na]" in out and "He3" in out and "Mg1" in out and "12 cells" in out


def test_element_json_contract(capsys):
    code, out, _ = run(capsys, "element", "Fe", "--json")
    fe = json.loads(out)
    assert code == 0
    assert fe["atomic_mass"] == pytest.approx(55.845)
    assert fe["shells"] == [2, 8, 14, 2]
    assert (fe["period"], fe["group"], fe["family"]) == (4, 8, "transition_metals")
    for field in ("atomic_number", "symbol", "name", "period", "group", "family", "atomic_mass",
                  "electronegativity_pauling", "ionization_energy_ev", "atomic_radius_pm",
                  "covalent_radius_pm", "electron_affinity_ev", "melting_point_k",
                  "boiling_point_k", "density_g_cm3", "state_at_25c", "discovery_year",
                  "electron_configuration", "shells", "valence_electrons", "on_board"):
        assert field in fe
    _, out, _ = run(capsys, "element", "He", "--json")
    assert json.loads(out)["electronegativity_pauling"] is None
    for liquid in ("Br", "Hg"):
        _, out, _ = run(capsys, "element", liquid, "--json")
        assert json.loads(out)["state_at_25c"] == "liquid"


def test_element_json_carries_the_notes(capsys):
    _, out, _ = run(capsys, "element", "Au", "--json")
    au = json.loads(out)
    assert au["electronegativity_pauling"] == 2.54
    assert {"field": "electronegativity_pauling", "kind": "disagree",
            "note": "2.54 on the Pauling scale (Allred's 1961 values from the CRC "
                    "Handbook); Pauling's 1960 table gives 2.4"} == {k: v for k, v in au["notes"][0].items() if k != "citation"}
    assert au["notes"][0]["citation"]
    _, out, _ = run(capsys, "element", "He", "--json")
    gap = [n for n in json.loads(out)["notes"] if n["field"] == "electron_affinity_ev"]
    assert gap[0]["kind"] == "gap" and gap[0]["note"].startswith("no stable anion")
    _, out, _ = run(capsys, "element", "Fe", "--json")
    assert json.loads(out)["notes"] == []


def test_trends_text_names_equal_steps(capsys):
    code, out, _ = run(capsys, "trends", "--trend", "atomic_radius")
    assert code == 0 and "In -> Tl  156 = 156  (equal)" in out
    assert "0 disagree, 1 equal" in out


def test_element_text_shows_units_and_unknowns(capsys):
    code, out, _ = run(capsys, "element", "He")
    assert code == 0
    assert "unknown" in out and "eV" in out


def test_trends_show_the_famous_exceptions(capsys):
    code, out, _ = run(capsys, "trends", "--json")
    doc = {t["trend"]: t for t in json.loads(out)["trends"]}
    assert code == 0
    ie = {(d["from"], d["to"]) for d in doc["ionization_energy"]["disagreements"]}
    assert {("Be", "B"), ("N", "O")} <= ie
    mass = {(d["from"], d["to"]) for d in doc["atomic_mass_increase"]["disagreements"]}
    assert {("Co", "Ni"), ("Te", "I")} <= mass
    assert doc["atomic_number"]["disagrees"] == 0


@pytest.mark.parametrize("argv,fault", [
    (["reach", "Xx"], "unknown element symbol 'Xx'"),
    (["reach", "La"], "not on the game board"),
    (["reach", "Na", "--trend", "colour"], "invalid choice"),
    (["reach", "Na", "--steps", "0"], "--steps"),
    (["reach", "Na", "--steps", "many"], "invalid int value"),
    (["element", "Unobtainium"], "unknown element"),
    (["frobnicate"], "invalid choice"),
])
def test_user_errors_exit_2_with_one_line(capsys, argv, fault):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and fault in err and "Traceback" not in err


def test_module_entry_point_and_missing_file():
    done = subprocess.run([sys.executable, "-m", "periodic_edu", "reach", "Al",
                           "--trend", "atomic_mass_decrease", "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 0
    assert set(json.loads(done.stdout)["trends"]["atomic_mass_decrease"]) == set(
        "H Li Be B Na Mg".split())


def test_element_carries_the_successive_ionization_energies_and_leaps(capsys):
    """The command line tells the element card's story: every successive ionization energy the
    kit has (H-Kr) and the leaps the card marks; none beyond Kr, said rather than guessed."""
    _, out, _ = run(capsys, "element", "Na", "--json")
    na = json.loads(out)
    assert len(na["ionization_energies_ev"]) == 11
    assert na["ionization_energies_ev"][0] == pytest.approx(na["ionization_energy_ev"])
    assert [(j["after"], j["from"], j["to"]) for j in na["ionization_leaps"]] == [
        (1, "3s", "2p"), (9, "2s", "1s")]
    _, out, _ = run(capsys, "element", "Rb", "--json")
    assert json.loads(out)["ionization_energies_ev"] == []
    _, out, _ = run(capsys, "element", "Sc", "--lang", "de")
    assert "Aufeinanderfolgende Ionisierungsenergien (eV): 6,56" in out
    assert "nach Elektron 3, ×3 (3d → 3p)" in out  # the argon core, not the 4s -> 3d change
    _, out, _ = run(capsys, "element", "Zn")
    assert re.search(r"Valence electrons\s+2\n", out) and "s + d = 12" in out
