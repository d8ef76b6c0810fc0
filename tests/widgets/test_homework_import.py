"""The teacher's page's Homework section (issue 34) without a browser: the page's messages
(``assign``, ``import``) through the widget's own guard against a real room store: an
assignment made and kept with the class, codes imported from a paste and from a CSV's text,
bad ones refused by their place and in words, every message bounded, and the results shown in
the class's report and CSV, marked as homework (no names in projector mode)."""
from __future__ import annotations

import csv
import sys
from pathlib import Path
import io
import json

import pytest

from periodic_edu.assignments import AssignedGame, parse_link, result_code
from periodic_edu.classroom import homework as room_homework
from periodic_edu.classroom import open_room
from periodic_edu.widgets import ClassroomWidget
from periodic_edu.widgets import _homework_section as hw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "homework"))
from forge import forged_code  # noqa: E402
from test_classroom_widget import any_room, postgres_server, send  # noqa: F401 (fixtures)

ASSIGN = {"type": "assign", "game": "periodic", "players": 2, "bot": "greedy", "lang": "en",
          "form": "B", "items": "ie-1B, ar-2B", "max_rounds": 1, "seed": 4242,
          "site": "http://127.0.0.1:8000/kit/"}


@pytest.fixture
def room(tmp_path):
    r = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    yield r
    r.close()


@pytest.fixture
def page(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    w = ClassroomWidget(info.code, info.teacher_key, room=room)
    send(w, **ASSIGN)
    assert w.error == ""
    return w


def assignment_of(w):
    return parse_link(w.homework["assignments"][0]["link"])


def played_code(a, name="Ada"):
    """A whole game of the assignment (the student's first legal move each turn) as a code."""
    g = AssignedGame(a)
    while not g.is_over:
        g.play(g.game.legal_actions()[0])
    return result_code(a, name=name, save=g.game.to_json(),
                       answers={"ie-1B": {"choice": "b", "reason": "c"}}), g.score()


def changed(code: str) -> str:
    i = next(i for i, ch in enumerate(code) if ch.isalnum() and i > 6)
    return code[:i] + ("X" if code[i] != "X" else "Y") + code[i + 1:]


def test_an_assignment_made_on_the_page_is_kept_with_the_class(page):
    hwd = page.homework
    a = assignment_of(page)
    assert (a.seed, a.form, a.items, dict(a.options)) == (4242, "B", ("ie-1B", "ar-2B"),
                                                          {"max_rounds": 1})
    assert hwd["current"] == a.id and a.link.startswith("http://127.0.0.1:8000/kit/homework.html#")
    assert hwd["qr"].startswith("<svg") and "xmlns" in hwd["qr"]
    assert [x.id for x in page.teacher.assignments()] == [a.id]
    assert page.notice == f"Assignment {a.id} is kept with the class: give the students its " \
                          "link or QR code."
    # "a new seed": none given, one drawn; both assignments kept, the newest shown first
    send(page, **{k: v for k, v in ASSIGN.items() if k != "seed"})
    assert len(page.teacher.assignments()) == 2
    assert page.homework["current"] == page.homework["assignments"][0]["id"] != a.id


@pytest.mark.parametrize("change, words", [
    ({"due": "2026-13-01"}, "the due date is a date as YYYY-MM-DD"),
    ({"form": "B C"}, "a check form is named by 1 to 8 letters or digits"),
    ({"items": "ie 1B!"}, "item ids have 1 to"),
    ({"site": "ftp://x/"}, "the site is an http:// or https:// address"),
    ({"bot": "nobody"}, "nobody"),
])
def test_a_bad_assignment_is_refused_in_words_and_nothing_is_kept(page, change, words):
    before = page.teacher.assignments()
    send(page, **{**ASSIGN, **change})
    assert words in page.error and "Traceback" not in page.error
    assert page.teacher.assignments() == before


@pytest.mark.parametrize("message", [
    {"type": "import", "source": "ftp", "text": "x"},
    {"type": "import", "source": "paste", "text": 7},
    {"type": "import", "source": "paste", "text": "x" * (hw.MAX_CSV_CHARS + 1)},
    {"type": "import", "source": "paste", "text": "x", "assignment": "A" * 9},
    {"type": "import", "source": "paste", "text": "x", "name": "Ada"},
    {**ASSIGN, "seed": "4242"}, {**ASSIGN, "seed": -1}, {**ASSIGN, "players": 6},
    {**ASSIGN, "items": "x" * 2001}, {**ASSIGN, "max_rounds": True},
])
def test_a_tampered_message_is_refused_before_the_room_sees_it(page, message):
    state = json.dumps(page.homework, sort_keys=True)
    send(page, **message)
    assert page.error.startswith("a message from the page was malformed"), page.error
    assert json.dumps(page.homework, sort_keys=True) == state


def test_a_pasted_list_lands_the_good_codes_and_refuses_the_bad_by_place(page):
    a = assignment_of(page)
    code, score = played_code(a)
    other, _ = played_code(a, name="Bo")
    send(page, type="results")  # before any import: the CSV as a class without homework has it
    assert "homework" not in page.results["csv"].splitlines()[0].split(",")
    text = f"{code}\n\n{changed(code)}, x!y {other}\n"
    send(page, type="import", source="paste", text=text)
    assert page.error == ""
    got = page.homework["import"]
    assert [(r["place"], r["name"], r["score"]) for r in got["imported"]] == [
        ("code 1 (line 1)", "Ada", score), ("code 4 (line 3)", "Bo", score)]
    assert [(r["place"], r["why"]) for r in got["refused"]] == [
        ("code 2 (line 3)", "the result code does not check out: a character is mistyped or "
                            "changed (its checksum does not match)"),
        ("code 3 (line 3)", "character 2 (!) is not one of a result code's letters and "
                            "digits")]
    assert page.notice == got["summary"] == "Codes imported: 2; refused: 2."
    # in the class's report: the results and their CSV, marked as homework
    rows = page.results["homework"]
    assert [(r["name"], r["score"], r["rank"], r["assignment"], r["answers"]) for r in rows] \
        == [("Ada", score, rows[0]["rank"], a.id, 1), ("Bo", score, rows[1]["rank"], a.id, 1)]
    table = list(csv.DictReader(io.StringIO(page.results["csv"])))
    assert [(r["name"], r["score"], r["homework"], r["game over"]) for r in table] == [
        ("Ada", str(score), a.id, "1"), ("Bo", str(score), a.id, "1")]
    # the same code again lands once
    send(page, type="import", source="paste", text=code)
    assert page.homework["import"]["imported"][0]["new"] is False
    assert len(page.teacher.results()["homework"]) == 2


@pytest.mark.parametrize("make_csv", [
    lambda c: f"Name;Result code;Date\nAda;{c};2026-11-28\nBo;;\n",        # a heading: "code"
    lambda c: f"\ufeffSchüler,Ergebniscode\nAda,{c}\n",                     # German, a BOM
    lambda c: f"Ada,{c},ok\nsomething else,12345,\n",                       # no heading
])
def test_a_csv_file_s_codes_land(page, make_csv):
    code = result_code(assignment_of(page), name="Ada",
                       answers={"ie-1B": {"choice": "b", "reason": "c"}})
    send(page, type="import", source="csv", text=make_csv(code))
    got = page.homework["import"]
    assert page.error == "" and got["refused"] == [], got
    assert [r["name"] for r in got["imported"]] == ["Ada"] and got["source"] == "csv"


@pytest.mark.parametrize("source, text, words", [
    ("paste", " \n , ", "no result code found"),
    ("csv", "name,comment\nAda,done\n", "no result code found"),
    ("paste", "A1B2C " * (room_homework.MAX_CODES + 1), f"at most {room_homework.MAX_CODES}"),
    ("paste", "A" * (hw.MAX_PASTE_CHARS + 1), f"at most {hw.MAX_PASTE_CHARS} characters"),
    ("csv", "a,b\n" * (hw.MAX_CSV_CHARS // 4 + 1), f"at most {hw.MAX_CSV_CHARS} characters"),
])
def test_bounds_and_empty_imports_are_refused_in_words(page, source, text, words):
    send(page, type="import", source=source, text=text)
    assert words in page.error and "Traceback" not in page.error
    assert page.teacher.results()["homework"] == []


def test_the_refusals_are_said_in_the_page_s_language(page):
    code = result_code(assignment_of(page), name="Ada", answers={"ie-1B": {"choice": "b"}})
    send(page, type="import", source="paste", text=changed(code))
    english = page.homework["import"]["refused"][0]["why"]
    for lang in ("uk", "de"):
        send(page, type="lang", lang=lang)
        said = page.homework["import"]["refused"][0]
        assert said["why"] != english and said["place"] != "code 1 (line 1)", (lang, said)


def test_projector_mode_shows_no_names_and_the_purge_deletes_the_results(page, room):
    code = result_code(assignment_of(page), name="Ada", answers={"ie-1B": {"choice": "b"}})
    send(page, type="import", source="paste", text=code)
    send(page, type="projector", on=True)
    assert "Ada" not in json.dumps(page.homework) and "Ada" not in json.dumps(page.results)
    assert page.homework["qr"]  # the link and its QR code are for the projector
    send(page, type="projector", on=False)
    teacher = page.teacher
    send(page, type="end")
    with room.store.read() as tx:
        assert tx.one("SELECT COUNT(*) AS n FROM homework_results")["n"] == 0
        assert tx.one("SELECT COUNT(*) AS n FROM assignments")["n"] == 0
    assert teacher is not None and page.homework == {}


def test_an_illegal_move_is_named_with_the_rules_reason_in_the_page_s_language(page):
    """A forged game (the bot's agenda card packed as the student's second move): refused by
    its index and notation, and the rules' reason is said in Ukrainian on a Ukrainian page."""
    a = assignment_of(page)
    g = AssignedGame(a)
    while not g.is_over:
        g.play(g.game.legal_actions()[0])
    send(page, type="import", source="paste", text=forged_code(a, list(g.game.history)))
    english = page.homework["import"]["refused"][0]["why"]
    assert english.startswith("move 1 of the game (") and "is not legal there: " in english
    send(page, type="lang", lang="uk")
    said = page.homework["import"]["refused"][0]["why"]
    reason_en, reason_uk = english.split(": ", 1)[1], said.split(": ", 1)[1]
    assert said != english and reason_uk != reason_en, said


def test_the_class_results_hold_every_assignment_s_imports_on_both_stores(any_room):
    """teacher.results()["homework"]: every imported result of the class, in import order, each
    with the class's assignment it was imported into (SQLite and PostgreSQL)."""
    info = any_room.create_class(game="periodic", tables=1, seats=2)
    w = ClassroomWidget(info.code, info.teacher_key, room=any_room)
    send(w, **ASSIGN)
    first = assignment_of(w)
    send(w, **{**ASSIGN, "seed": 7})
    second = assignment_of(w)
    for a, name in ((second, "Ada"), (first, "Bo")):
        code = result_code(a, name=name, answers={"ie-1B": {"choice": "b"}})
        send(w, type="import", source="paste", text=code, assignment=a.id)
        assert w.error == "", w.error
    rows = w.teacher.results()["homework"]
    assert [(r["name"], r["assignment"], r["flags"]) for r in rows] == [
        ("Ada", second.id, []), ("Bo", first.id, [])]
    # a code imported into the other assignment is flagged, not refused
    code = result_code(first, name="Cy", answers={"ie-1B": {"choice": "b"}})
    send(w, type="import", source="paste", text=code, assignment=second.id)
    assert w.homework["import"]["imported"][0]["flags"] == ["a code of another assignment"]
    assert w.results["homework"][-1]["flag_words"] == ["a code of another assignment"]
