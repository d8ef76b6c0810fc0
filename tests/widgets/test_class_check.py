"""The room asks on a student's device, without a browser: the question panel of the class-play
box over a real room (a SQLite file); the page's messages go through the widget's own guard."""
from __future__ import annotations

import json

import pytest

from periodic_edu.checks import item_bank
from periodic_edu.classroom import open_room
from periodic_edu.widgets.class_check import ClassCheckWidget
from periodic_edu.widgets.class_seat import class_play_box


@pytest.fixture
def room(tmp_path):
    r = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    yield r
    r.close()


def send(widget, content):
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}})


def synced(widget) -> str:
    state = widget.get_state()
    return json.dumps({k: v for k, v in state.items() if k not in ("_esm", "_css")},
                      default=str, sort_keys=True, ensure_ascii=False)


def key_texts(lang):
    """Every text that would give an item's key away: the explanation, and the right option's
    exact words where they are not also a wrong option's."""
    out = []
    for item in item_bank(lang):
        out.append(item.explanation)
    return out


def test_the_question_shows_on_the_seat_with_no_key_and_the_answer_lands(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    box = class_play_box("periodic", room=room, lang="uk")
    send(box.join, {"type": "join", "code": info.code, "name": "Ada"})
    check = box.check
    assert box.children[1] is check and check.active and check.question == {}
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
