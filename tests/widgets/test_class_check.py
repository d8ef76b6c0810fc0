"""The room asks on a student's device, without a browser: the question panel of the class-play
box over a real room (a SQLite file); the page's messages go through the widget's own guard."""
from __future__ import annotations

import json

from periodic_edu.checks import item_bank
from periodic_edu.widgets.class_check import ClassCheckWidget
from periodic_edu.widgets.class_seat import class_play_box

from test_class_seat import room, send, synced  # noqa: F401 - the room fixture, the page's messages


def key_texts(lang):
    """Every item's explanation: the text that says its key in words."""
    return [item.explanation for item in item_bank(lang)]


def test_the_question_shows_on_the_seat_with_no_key_and_the_answer_lands(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    box = class_play_box("periodic", room=room, lang="uk")
    send(box.join, {"type": "join", "code": info.code, "name": "Ada"})
    check = box.check
    assert box.children[0] is check and check.active and check.question == {}
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.lock("check")
    ask = teacher.ask(form="A", phase="pre")
    send(check, {"type": "refresh"})
    assert check.lock == "check"
    q = check.question
    first = [i for i in item_bank("uk") if i.form == "A"][0]
    assert q["item"] == first.id and q["ask"] == ask and q["text"] == first.text
    state = synced(check)
    for text in key_texts("uk") + key_texts("en"):
        assert text not in state  # no explanation, so no key in words
    assert '"key"' not in state and "reason_key" not in state
    # answer: choice + reason, then the next item shows
    send(check, {"type": "answer", "ask": ask, "item": first.id, "choice": "a", "reason": "b"})
    assert check.error == "" and check.question["index"] == 1
    assert check.question["answered"] == 1
    # go back and change it
    send(check, {"type": "goto", "index": 0})
    assert check.question["item"] == first.id and check.question["mine"]["choice"] == "a"
    send(check, {"type": "answer", "ask": ask, "item": first.id, "choice": "b", "reason": "a"})
    assert teacher.report()["asks"][-1]["items"][0]["counts"] == {"b": 1}
    # the teacher closes and reveals: the explanation arrives, with right/wrong
    teacher.reveal(ask)
    send(check, {"type": "refresh"})
    assert check.question == {}
    shown = check.revealed["items"][0]
    assert shown["explanation"] == first.explanation and shown["right"] is True
    teacher.unlock()
    send(check, {"type": "refresh"})
    assert check.lock == ""


def test_bad_messages_are_refused_in_words_and_change_nothing(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    seat = room.join(info.code, "Ada")
    teacher = room.teacher(info.code, info.teacher_key)
    ask = teacher.ask(items=["ie-change-A"], phase="quick")
    check = ClassCheckWidget(seat=seat, lang="de")
    assert check.question["item"] == "ie-change-A" and check.question["kind"] == "number"
    for bad in ({"type": "answer", "ask": ask, "item": "ie-change-A", "value": "3"},
                {"type": "answer", "ask": ask, "item": "ie-change-A", "value": float("inf")},
                {"type": "answer", "ask": ask, "item": "x" * 100, "value": 3},
                {"type": "answer", "ask": ask, "item": "ie-change-A", "choice": "a"},
                {"type": "answer", "ask": ask, "item": "ie-compare-A", "choice": "a",
                 "reason": "a"},
                {"type": "goto", "index": -1}, {"type": "steal"}, "text"):
        send(check, bad)
        assert check.error and "Traceback" not in check.error, bad
    assert teacher.report()["asks"][-1]["items"][0]["n"] == 0
    send(check, {"type": "answer", "ask": ask, "item": "ie-change-A", "value": 3.27})
    assert check.error == "" and check.question["answered"] == 1
    teacher.close(ask)
    send(check, {"type": "answer", "ask": ask, "item": "ie-change-A", "value": 1})
    assert "geschlossen" in check.error  # the room's refusal, in the page's language


def test_every_item_renders_on_the_page_in_every_language(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    seat = room.join(info.code, "Ada")
    teacher = room.teacher(info.code, info.teacher_key)
    for lang in ("en", "uk", "de"):
        check = ClassCheckWidget(seat=seat, lang=lang)
        for form in "AB":
            teacher.ask(form=form, phase="pre")
            items = [i for i in item_bank(lang) if i.form == form]
            for n, item in enumerate(items):
                send(check, {"type": "goto", "index": n})
                q = check.question
                assert q["item"] == item.id and q["text"] == item.text and q["lang"] == lang
                assert "{" not in q["text"]
                assert len(q["choices"]) == len(item.choices)


def test_the_teachers_checks_lock_ask_close_reveal_and_report(room):
    from periodic_edu.widgets import ClassroomWidget
    from periodic_edu.widgets.class_checks_teacher import TeacherChecksWidget
    info = room.create_class(game="periodic", tables=2, seats=2)
    seats = [room.join(info.code, n) for n in ("Xena1", "Yuri2", "Zack3", "Quin4")]
    page = ClassroomWidget(info.code, info.teacher_key, room=room, lang="de")
    checks = TeacherChecksWidget(source=page)
    assert checks.active and checks.lang == "de" and checks.lock == ""
    assert "key" not in json.dumps(checks.bank)
    send(checks, {"type": "lock", "step": "check"})
    assert checks.error == "" and checks.lock == "check" and seats[0].view()["lock"] == "check"
    send(checks, {"type": "ask", "form": "A", "phase": "pre"})
    assert checks.open_ask["phase"] == "pre" and len(checks.open_ask["items"]) >= 24
    for s in seats:
        while (q := s.question()) is not None:
            s.answer(q["item"], **({"choice": "a", "reason": "a"} if q["kind"] == "choice" else
                                   {"value": 1} if q["kind"] == "number" else {"cell": "He"}))
    send(checks, {"type": "close"})
    assert checks.open_ask == {} and seats[0].question() is None
    send(checks, {"type": "report"})
    concepts = {c["concept"]: c for c in checks.report["concepts"]}
    assert concepts["ionization_energy"]["title"] == "Zunehmende Ionisierungsenergie"
    assert concepts["ionization_energy"]["pre"] is not None
    assert concepts["ionization_energy"]["post"] is None
    assert [s["name"] for s in checks.report["students"]] == ["Xena1", "Yuri2", "Zack3", "Quin4"]
    form_a = [i for i in item_bank("en") if i.form == "A"]
    assert checks.csv.startswith("phase,form,item") and checks.csv.count("\r\n") == 1 + 4 * len(form_a)
    send(checks, {"type": "quick", "items": ["ie-compare-A"]})
    assert checks.open_ask["phase"] == "quick"
    send(checks, {"type": "reveal"})
    assert seats[0].revealed()["items"][0]["item"] == "ie-compare-A"
    # projector mode: no student name anywhere in the checks' data
    send(page, {"type": "projector", "on": True})
    send(checks, {"type": "report"})
    state = synced(checks)
    assert checks.projector and checks.report["students"] == [] and checks.csv == ""
    for name in ("Xena1", "Yuri2", "Zack3", "Quin4"):
        assert name not in state
    # crossed over: one ask, each half of the class one form
    send(checks, {"type": "ask", "form": "A", "phase": "pre", "crossed": True})
    assert checks.error == "" and checks.open_ask["form"] == "A+B"
    forms = {s.question()["item"][-1] for s in seats}  # bank ids end in their form
    assert forms == {"A", "B"}
    for bad in ({"type": "lock", "step": "lunch"}, {"type": "ask", "form": "C", "phase": "pre"},
                {"type": "ask", "form": "A", "phase": "pre", "crossed": "yes"},
                {"type": "ask", "form": "A", "phase": "quick", "crossed": True},
                {"type": "quick", "items": ["a", "b", "c", "d"]},
                {"type": "quick", "items": ["no-such-item"]}):
        send(checks, bad)
        assert checks.error and "Traceback" not in checks.error, bad


def test_a_push_during_play_wakes_the_panel_without_its_timer(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    box = class_play_box("periodic", room=room)
    send(box.join, {"type": "join", "code": info.code, "name": "Ada"})
    room.join(info.code, "Bob")  # the table is full: it starts
    box.join.refresh()
    assert box.join.phase == "playing" and box.check.lock == ""
    room.teacher(info.code, info.teacher_key).lock("play")
    box.join.refresh()  # what the class-play panel's waiting thread does when the store wakes it
    assert box.check.lock == "play"  # no message to the check panel itself was needed


def test_the_dashboard_follows_the_teachers_pacing(room):
    """Brought to Explore, a seated student's dashboard shows Explore; to the check, the tab of
    the class game (where the question is); another tab picked meanwhile is refused in words;
    released, the tabs are free. A student who is not seated is never moved."""
    from periodic_edu.widgets.dashboard import dashboard

    info = room.create_class(game="periodic", tables=1, seats=2)
    app = dashboard(lang="de", lazy_tabs=False)
    other = dashboard(lang="en", lazy_tabs=False)  # a visitor who has not joined
    box = app.open_tab(2).class_box
    for b in (box, app.open_tab(3), other.open_tab(2).class_box):
        b.join._room = b.check._room = room
    send(box.join, {"type": "join", "code": info.code, "name": "Ada"})
    app.tabs.selected_index = other.tabs.selected_index = 2
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.lock("explore")
    send(box.check, {"type": "refresh"})
    send(other.open_tab(2).class_box.check, {"type": "refresh"})
    assert app.tabs.selected_index == 0 and other.tabs.selected_index == 2
    app.tabs.selected_index = 3  # the student tries Elemonster
    assert app.tabs.selected_index == 0
    assert "Erkunden" in app.children[0].children[0].value  # said why, in the page's language
    teacher.lock("check")
    send(box.check, {"type": "refresh"})
    assert app.tabs.selected_index == 2
    teacher.unlock()
    send(box.check, {"type": "refresh"})
    app.tabs.selected_index = 1
    assert app.tabs.selected_index == 1 and app.children[0].children[0].value == ""


def test_the_distribution_chart_names_choices_in_words_and_hides_the_key_until_revealed():
    from periodic_edu.widgets.class_checks_teacher import _bars

    item = next(i for i in item_bank("uk") if i.kind == "choice")
    counts = {item.key: 3, "zz": 1}  # "zz": an answer the page cannot give, still counted
    before = _bars(item, counts, revealed=False)
    assert [b["label"] for b in before][:len(item.choices)] == [t for _, t in item.choices]
    assert {b["label"]: b["n"] for b in before}[dict(item.choices)[item.key]] == 3
    assert sum(b["n"] for b in before) == 4 and all(b["right"] is None for b in before)
    after = _bars(item, counts, revealed=True)
    assert [b["label"] for b in after if b["right"]] == [dict(item.choices)[item.key]]
    number = next(i for i in item_bank("en") if i.kind == "number")
    bars = _bars(number, {format(number.key, "g"): 2, "999": 1}, revealed=True)
    assert [(b["n"], b["right"]) for b in bars] == [(2, True), (1, False)] or \
        [(b["n"], b["right"]) for b in bars] == [(1, False), (2, True)]
