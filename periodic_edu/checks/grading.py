"""A response to an item, checked; what a student is told after answering; the item bank as the
key of a homework check.

One place says what a response to each kind of item may be (:func:`clean_response`): the
room's answers (:mod:`periodic_edu.classroom.asks`), the practice widget
(:mod:`periodic_edu.widgets.practice_check`) and a result code's answers read on the teacher's
side (:func:`bank_key`) all check a response here, so a response one of them takes the others
take too.

>>> from periodic_edu.checks import find_item
>>> item = find_item("en", "ie-compare-A")
>>> feedback(item, clean_response(item, choice="b", reason="a"))["right"]
True
>>> clean_response(item, choice="z", reason="a")
Traceback (most recent call last):
...
periodic_edu.checks.grading.BadResponse: the response does not fit item ie-compare-A
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Mapping

from .. import board
from .bank import Item, item_bank

__all__ = ["BadResponse", "clean_response", "feedback", "concept_summary", "bank_key",
           "TEXT_LIMIT", "VALUE_LIMIT"]

#: the longest choice or reason id a response may name (the room's column is bounded too)
TEXT_LIMIT = 8
#: the largest number a response may be (no item of the bank asks for more than a few hundred)
VALUE_LIMIT = 1e6
_FIELDS = ("choice", "reason", "value", "cell")


class BadResponse(ValueError):
    """A response that does not fit its item (the wrong kind, an option it does not have)."""


def clean_response(item: Item, choice: Any = None, reason: Any = None, value: Any = None,
                   cell: Any = None) -> dict[str, Any]:
    """``{"choice", "reason", "value", "cell"}`` for a response that fits ``item``'s kind:
    a (two-tier) choice names its options, a number is finite and bounded, a cell is a cell of
    the board (its symbol, as the board writes it). Anything else raises :class:`BadResponse`."""
    def text(v: Any, allowed: Mapping) -> str:
        if not isinstance(v, str) or len(v) > TEXT_LIMIT or v not in allowed:
            raise BadResponse(f"the response does not fit item {item.id}")
        return v

    bad = BadResponse(f"the response does not fit item {item.id}")
    out: dict[str, Any] = {"choice": None, "reason": None, "value": None, "cell": None}
    if item.kind == "choice":
        if value is not None or cell is not None:
            raise bad
        out["choice"] = text(choice, dict(item.choices))
        if item.two_tier:
            out["reason"] = text(reason, dict(item.reasons))
        elif reason is not None:
            raise bad
    elif item.kind == "number":
        if choice is not None or reason is not None or cell is not None \
                or isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value) or abs(value) > VALUE_LIMIT:
            raise bad
        out["value"] = float(value)
    else:
        if choice is not None or reason is not None or value is not None \
                or not isinstance(cell, str) or len(cell) > 3 or not board.is_on_board(cell):
            raise bad
        out["cell"] = board.cell(cell).symbol
    return out


def feedback(item: Item, response: Mapping[str, Any]) -> dict[str, Any]:
    """What a student is told once they have answered ``item`` (``response``: as
    :func:`clean_response` returns it): ``{"right", "answer_ok", "reason_ok", "explanation"}``
    (the explanation says the right answer, and the right reason of a two-tier item)."""
    grade = item.grade(**{k: response.get(k) for k in _FIELDS})
    return {"right": grade["both_ok"], "answer_ok": grade["answer_ok"],
            "reason_ok": grade["reason_ok"], "explanation": item.explanation}


def concept_summary(items: Iterable[Item], right: Mapping[str, bool]) -> list[dict[str, Any]]:
    """Per concept, in the order the items first name it: ``{"concept", "right", "of"}``;
    ``right``: item id -> whether its answer was right (an item not in it is unanswered:
    counted in ``of``, not in ``right``)."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        line = out.setdefault(item.concept, {"concept": item.concept, "right": 0, "of": 0})
        line["of"] += 1
        line["right"] += bool(right.get(item.id))
    return list(out.values())


def bank_key(lang: str | None = "en", extra: Iterable[str] = ()
             ) -> Callable[[Mapping[str, Mapping[str, Any]]], dict[str, Any]]:
    """The item bank as the key of a homework check
    (:func:`periodic_edu.assignments.score_answers`): each answer to an item of the bank is
    checked (:func:`clean_response`) and graded by its item (a number within its tolerance, a
    cell among the right ones, a choice and its reason). An answer that does not fit its item
    is wrong, not an error: the code is the student's, and it read. Items not in the bank are
    left out (``"of"`` counts the bank's items answered or asked)."""
    bank = {i.id: i for i in item_bank(lang, extra)}

    def score(answers: Mapping[str, Mapping[str, Any]], asked: Iterable[str] = ()
              ) -> dict[str, Any]:
        ids = [i for i in dict.fromkeys([*asked, *answers]) if i in bank]
        items: dict[str, dict[str, Any]] = {}
        for item_id in ids:
            given = answers.get(item_id)
            if not given:
                items[item_id] = {"right": False, "answered": False}
                continue
            try:
                response = clean_response(bank[item_id], **{k: given.get(k) for k in _FIELDS})
            except BadResponse:
                items[item_id] = {"right": False, "answered": True}
                continue
            grade = bank[item_id].grade(**response)
            items[item_id] = {"right": grade["both_ok"], "answered": True,
                              "answer_ok": grade["answer_ok"], "reason_ok": grade["reason_ok"]}
        return {"correct": sum(v["right"] for v in items.values()), "of": len(items),
                "items": items}

    score.bank = bank  # type: ignore[attr-defined]
    return score
