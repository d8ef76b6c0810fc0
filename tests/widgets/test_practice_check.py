"""A check taken alone (periodic_edu/widgets/practice_check.py), without a browser: the page's
messages go through the widget's own guard, as the page sends them; no key reaches a synced
trait before its item is answered (practice) or the check revealed (homework); every item of
the bank shows in en/uk/de."""
from __future__ import annotations

import json

import pytest

from periodic_edu import board
from periodic_edu.checks import FORMS, find_item, item_bank
from periodic_edu.i18n import LANGUAGES
from periodic_edu.widgets.practice_check import PracticeCheckWidget

from test_class_seat import send, synced


def explanations(lang):
    """Every item's explanation: the text that says its key in words."""
    return [item.explanation for item in item_bank(lang)]


def key_free(widget) -> None:
    state = synced(widget)
    for lang in LANGUAGES:
        for text in explanations(lang):
            assert text not in state
    for word in ('"key"', "reason_key", "answer_ok", "reason_ok", '"right"'):
        assert word not in state, word


def right_answer(item):
    """The response that is right for ``item`` (from its key, as only a test may read it)."""
    if item.kind == "choice":
        out = {"choice": item.key}
        if item.two_tier:
            out["reason"] = item.reason_key
        return out
    if item.kind == "number":
        return {"value": float(item.key)}
    return {"cell": sorted(item.key)[0]}


def wrong_answer(item):
    if item.kind == "choice":
        out = {"choice": next(i for i, _ in item.choices if i != item.key)}
        if item.two_tier:
            out["reason"] = item.reason_key
        return out
    if item.kind == "number":
        return {"value": float(item.key) + 1000}
    return {"cell": next(c.symbol for c in board.CELLS if c.symbol not in item.key)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("form", FORMS)
def test_every_item_shows_in_every_language_with_no_key_before_its_answer(form, lang):
    w = PracticeCheckWidget(form=form, lang=lang)
    bank = {i.id: i for i in item_bank(lang)}
    assert len(w.items) == 25 and all(bank[i].form == form for i in w.items)
    for index, item_id in enumerate(w.items):
        send(w, {"type": "goto", "index": index})
        q = w.question
        item = bank[item_id]
        assert w.error == "" and q["item"] == item_id and q["index"] == index
        assert q["text"] == item.text and q["lang"] == lang and q["text"].strip()
        assert q["kind"] == item.kind and q["mine"] is None
        if item.kind == "choice":
            assert [c["text"] for c in q["choices"]] == [t for _, t in item.choices]
            assert all(c["text"].strip() for c in q["choices"] + q["reasons"])
        assert w.feedback == {} and w.summary == {}
        key_free(w)


def test_feedback_after_each_answer_then_the_summary_per_concept():
    ids = ["ie-compare-A", *[i.id for i in item_bank("en") if i.form == "A"
                             and i.kind != "choice"][:2]]
    w = PracticeCheckWidget(items=ids, lang="de")
    first, second, third = (find_item("de", i) for i in ids)
    send(w, {"type": "answer", "item": first.id, **right_answer(first)})
    assert w.error == "" and w.feedback["right"] is True
    assert w.feedback["explanation"] == first.explanation and w.summary == {}
    # an answer shown with its feedback stays: a second try is refused in words
    send(w, {"type": "answer", "item": first.id, **wrong_answer(first)})
    assert w.error.startswith("diese Antwort lässt sich nicht mehr ändern")
    assert w.feedback["right"] is True
    # the next item: no feedback (no key) until it is answered
    send(w, {"type": "goto", "index": 1})
    assert w.error == "" and w.feedback == {} and w.question["item"] == second.id
    send(w, {"type": "answer", "item": second.id, **wrong_answer(second)})
    assert w.feedback["right"] is False and w.feedback["explanation"] == second.explanation
    send(w, {"type": "goto", "index": 2})
    send(w, {"type": "answer", "item": third.id, **right_answer(third)})
    s = w.summary
    assert (s["right"], s["of"]) == (2, 3)
    by_concept = {c["concept"]: (c["right"], c["of"]) for c in s["concepts"]}
    assert sum(r for r, _ in by_concept.values()) == 2 and sum(n for _, n in by_concept.values()) == 3
    assert all(c["name"].strip() for c in s["concepts"])
    # the language follows: the same answers, the summary's names in Ukrainian
    w.lang = "uk"
    assert w.question["text"] == find_item("uk", third.id).text and w.summary["right"] == 2
    assert w.summary["concepts"][0]["name"] != s["concepts"][0]["name"] or \
        s["concepts"][0]["concept"] == "shells"
    send(w, {"type": "again"})
    assert w.summary == {} and w.feedback == {} and w.question["index"] == 0
    assert w.question["answered"] == 0


def test_homework_mode_keeps_the_key_until_reveal_and_then_fixes_the_answers():
    ids = [i.id for i in item_bank("en") if i.form == "B"][:4]
    w = PracticeCheckWidget(items=ids, mode="homework", lang="en")
    items = [find_item("en", i) for i in ids]
    for item in items[:3]:
        send(w, {"type": "answer", "item": item.id, **wrong_answer(item)})
        assert w.error == "" and w.feedback == {} and w.summary == {}
        key_free(w)
    # changed before the code is made: the later answer is kept
    send(w, {"type": "goto", "index": 0})
    send(w, {"type": "answer", "item": items[0].id, **right_answer(items[0])})
    assert w.error == "" and w.feedback == {}
    assert set(w.answers()) == set(ids[:3])
    w.reveal()
    send(w, {"type": "goto", "index": 0})
    assert w.feedback["right"] is True and w.feedback["explanation"] == items[0].explanation
    send(w, {"type": "goto", "index": 3})  # never answered: said so, with its explanation
    assert w.feedback["unanswered"] is True and w.feedback["explanation"] == items[3].explanation
    assert (w.summary["right"], w.summary["of"]) == (1, 4)
    send(w, {"type": "answer", "item": items[3].id, **right_answer(items[3])})
    assert w.error.startswith("this answer can no longer change")
    send(w, {"type": "again"})
    assert w.error and w.revealed and len(w.answers()) == 3


@pytest.mark.parametrize("message", [
    "not a dict",
    {"type": "peek"},                                          # no such intent
    {"type": "answer"},                                        # no item
    {"type": "answer", "item": "ie-compare-A", "key": "b"},    # a key it does not take
    {"type": "answer", "item": "x" * 41, "choice": "a"},       # too long
    {"type": "answer", "item": "ie-compare-A", "choice": 1},   # a choice is text
    {"type": "answer", "item": "ie-compare-A", "value": float("nan")},
    {"type": "answer", "item": "ie-compare-A", "value": True},
    {"type": "goto", "index": -1},
    {"type": "goto", "index": "0"},
    {"type": "again", "index": 0},
])
def test_a_malformed_message_is_refused_and_changes_nothing(message):
    w = PracticeCheckWidget(items=["ie-compare-A", "ie-compare-B"], lang="en")
    before = synced(w)
    send(w, message)
    assert w.error.startswith("a message from the page was malformed")
    w.error = ""
    assert synced(w) == before


@pytest.mark.parametrize("message, why", [
    ({"type": "answer", "item": "ar-compare-A", "choice": "a", "reason": "a"},
     "that question is not in this check"),
    ({"type": "answer", "item": "ie-compare-A", "choice": "z", "reason": "a"},
     "that answer does not fit the question"),
    ({"type": "answer", "item": "ie-compare-A", "choice": "a"},   # a two-tier item: no reason
     "that answer does not fit the question"),
    ({"type": "answer", "item": "ie-compare-A", "value": 3},
     "that answer does not fit the question"),
    ({"type": "goto", "index": 2}, "that question is not in this check"),
    ({"type": "answer", "item": "ie-compare-A", "choice": "b", "reason": "a", "text": "b"},
     "that answer does not fit the question"),  # words belong to an exit ticket
])
def test_a_response_that_does_not_fit_is_refused_in_words(message, why):
    w = PracticeCheckWidget(items=["ie-compare-A", "ie-compare-B"], lang="en")
    before = synced(w)
    send(w, message)
    assert w.error.startswith(why), w.error
    w.error = ""
    assert synced(w) == before


def test_a_cell_and_a_number_are_checked_as_the_room_checks_them():
    cell = next(i for i in item_bank("en") if i.kind == "cell")
    number = next(i for i in item_bank("en") if i.kind == "number")
    w = PracticeCheckWidget(items=[cell.id, number.id], lang="en")
    for bad in ({"cell": "Xx"}, {"cell": "La"}, {"cell": "Fe", "value": 1}):
        send(w, {"type": "answer", "item": cell.id, **bad})
        assert w.error.startswith("that answer does not fit"), bad
    send(w, {"type": "answer", "item": cell.id, "cell": "Na"})
    assert w.error == "" and w.question["mine"] == {"cell": "Na"}
    for bad in ({"value": 1e7}, {"choice": "a"}):
        send(w, {"type": "answer", "item": number.id, **bad})
        assert w.error.startswith(("that answer does not fit", "a message from the page")), bad


def test_the_items_of_a_check_are_checked_when_it_is_made():
    with pytest.raises(ValueError, match="not in it: nope"):
        PracticeCheckWidget(items=["ie-compare-A", "nope"])
    with pytest.raises(ValueError, match="form must be one of"):
        PracticeCheckWidget(form="C")
    with pytest.raises(ValueError, match="mode must be one of"):
        PracticeCheckWidget(mode="exam")
    short = PracticeCheckWidget(lang="en")  # one item of each concept
    concepts = [find_item("en", i).concept for i in short.items]
    assert len(concepts) == len(set(concepts)) == len({i.concept for i in item_bank("en")})
    assert json.loads(synced(short))["mode"] == "practice"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lessons_exit_ticket_is_answered_in_words_then_shows_the_model_answer(lang):
    """Each lesson's exit ticket on a device (issue 31): the printed sheet's question, answered
    in the student's words (never graded, never stored), then the model answer to compare."""
    from periodic_edu.pages.worksheets import EXIT_TICKETS, lesson_exit_ticket

    for lesson in EXIT_TICKETS:
        ask, answer = lesson_exit_ticket(lesson, lang)
        w = PracticeCheckWidget(exit_ticket=lesson, lang=lang)
        q = w.question
        assert (q["item"], q["kind"], q["text"], q["count"]) == (f"exit-{lesson}", "open", ask, 1)
        assert answer not in synced(w) and w.feedback == {}
        send(w, {"type": "answer", "item": q["item"], "text": "   "})  # nothing written
        assert w.error and w.feedback == {}
        send(w, {"type": "answer", "item": q["item"], "choice": "a"})  # not a text
        assert w.error and w.feedback == {}
        send(w, {"type": "answer", "item": q["item"], "text": "x" * 1001})
        assert "at most 1000 characters" in w.error and w.feedback == {}
        send(w, {"type": "answer", "item": q["item"], "text": " My answer. "})
        assert w.error == "" and w.question["mine"] == {"text": "My answer."}
        assert w.feedback == {"right": None, "open": True, "explanation": answer}
        assert w.summary == {}  # words are not scored
    with pytest.raises(ValueError, match="exit_ticket must be a lesson"):
        PracticeCheckWidget(exit_ticket="07")


def test_an_exit_ticket_after_items_keeps_the_summary_to_the_items():
    w = PracticeCheckWidget(items=["sh-outer-A"], exit_ticket="01", lang="en")
    assert w.items == ("sh-outer-A", "exit-01")
    item = find_item("en", "sh-outer-A")
    send(w, {"type": "answer", "item": item.id, **right_answer(item)})
    assert w.summary == {}  # the exit ticket is still to answer
    send(w, {"type": "goto", "index": 1})
    send(w, {"type": "answer", "item": "exit-01", "text": "Period 4, group 2, two."})
    assert (w.summary["right"], w.summary["of"]) == (1, 1)
