"""``periodic-edu assignment new|check``: the link, its QR code, reading codes; exit status 0 when
every code was read, 1 when some were refused (each named by its number), 2 for a mistake in
the command (one line on stderr, no traceback)."""
from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from periodic_edu.assignments import AssignedGame, parse_link, result_code
from periodic_edu.cli import main

NEW = ["assignment", "new", "--game", "periodic", "--seed", "4242", "--players", "2",
       "--bots", "greedy", "--form", "B", "--due", "2026-12-05", "--lang", "en",
       "--site", "https://school.example/kit/"]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_new_prints_the_link_and_writes_its_qr_code(capsys, tmp_path):
    svg = tmp_path / "hw.svg"
    status, out, err = run(capsys, *NEW, "--qr", str(svg))
    assert status == 0 and err == ""
    link = out.splitlines()[1]
    a = parse_link(link)
    assert (a.game, a.seed, a.bots, a.form, a.due) == ("periodic", 4242, ("greedy",), "B",
                                                       "2026-12-05")
    assert link.startswith("https://school.example/kit/homework.html#homework?")
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and root.find("{http://www.w3.org/2000/svg}path") is not None
    status, out, _ = run(capsys, *NEW, "--json")
    assert status == 0 and json.loads(out)["link"] == link


def test_new_in_ukrainian_makes_a_ukrainian_assignment(capsys):
    status, out, _ = run(capsys, *NEW[:-4], "--lang", "uk", "--site", "https://s.example/")
    assert status == 0 and parse_link(out.splitlines()[1]).lang == "uk"
    assert out.startswith("завдання")


@pytest.mark.parametrize("extra", [["--players", "7"], ["--due", "tomorrow"],
                                   ["--bots", "genius"], ["--option", "colour"],
                                   ["--option", "colour=red"], ["--site", "file:///x"],
                                   ["--qr", "x.png"], ["--seed", "x"]])
def test_new_refuses_a_mistake_in_one_line(capsys, extra):
    status, out, err = run(capsys, *NEW, *extra)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("periodic-edu: error: ")
    assert "Traceback" not in err


def codes_for(link, seed=3):
    a = parse_link(link)
    g = AssignedGame(a)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.game.legal_actions()))
    good = result_code(a, name="Ada", save=g.game.to_json(),
                       answers={"ie-1B": {"choice": "b", "reason": "c"}})
    return a, g, good


def test_check_reads_codes_and_names_the_refused_by_number(capsys, tmp_path):
    _, out, _ = run(capsys, *NEW)
    link = out.splitlines()[1]
    a, g, good = codes_for(link)
    bad = good[:8] + ("A" if good[8] != "A" else "B") + good[9:]
    status, out, err = run(capsys, "assignment", "check", "--link", link, good, bad)
    assert status == 1 and err == ""
    lines = out.splitlines()
    assert lines[1].startswith(f"1. Ada · score {g.score()}, place {g.rank()}")
    assert lines[2].startswith("2. refused: the result code does not check out")
    key = tmp_path / "key.json"
    key.write_text(json.dumps({"ie-1B": {"choice": "b", "reason": "a"}}))
    status, out, _ = run(capsys, "assignment", "check", "--link", link, "--key", str(key),
                         "--json", good)
    doc = json.loads(out)
    assert status == 0 and doc["refused"] == 0
    assert doc["results"][0]["score"] == g.score() and doc["results"][0]["checked"]["of"] == 1
    status, out, _ = run(capsys, "assignment", "check", "--link", link, "--lang", "de", bad)
    assert status == 1 and "Prüfsumme" in out


def test_check_refuses_a_bad_link_or_key_in_one_line(capsys, tmp_path):
    status, out, err = run(capsys, "assignment", "check", "--link", "https://x/#nothing", "AB")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "homework?" in err
    _, out, _ = run(capsys, *NEW)
    key = tmp_path / "key.json"
    key.write_text("[1, 2]")
    status, out, err = run(capsys, "assignment", "check", "--link", out.splitlines()[1],
                           "--key", str(key), "AB")
    assert status == 2 and err.count("\n") == 1


def test_check_scores_the_banks_form_with_no_key(capsys):
    """Form B with no item list is the item bank's form B: its answers are scored by the bank's
    key without --key (the code answers one item right, so 1 of the form's 25)."""
    from periodic_edu.checks import form_items

    _, out, _ = run(capsys, *NEW)
    a = parse_link(out.splitlines()[1])
    item = next(i for i in form_items("en", "B") if i.kind == "choice")
    g = AssignedGame(a)
    rng = random.Random(9)
    while not g.is_over:
        g.play(rng.choice(g.game.legal_actions()))
    code = result_code(a, name="Ada", save=g.game.to_json(),
                       answers={item.id: {"choice": item.key, "reason": item.reason_key}})
    status, out, _ = run(capsys, "assignment", "check", "--link", a.link, code)
    assert status == 0 and "check 1/25" in out, out
