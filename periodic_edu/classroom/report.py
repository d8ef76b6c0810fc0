"""What the class learned next to what it got wrong in play: the teacher's report of the asks.

Per concept (the five trends of the board and shells): the pre and post correct rates (both
tiers right, and the answer alone), Hake's normalized gain ``(post - pre) / (1 - pre)``, and
the refusals in play filed under the same trend - and per misconception code, how often play
refused it and how often a chosen distractor targeted it. Per student (their pseudonym) and
per table the same rates. Per item, once at least :data:`MIN_STUDENTS` students answered it,
its difficulty (the share right) and its discrimination (the point-biserial correlation of the
item with the rest of the student's score in the same ask), flagged when it looks broken.
And the CSV of every answer.

Everything is read in one snapshot; nothing here writes.
"""
from __future__ import annotations

import csv
import io
import json
import math
from collections import defaultdict
from typing import Any, Iterable

from ..checks import CONCEPTS, item_bank
from .rows import teacher_class


__all__ = ["report", "answers_csv", "gain", "point_biserial", "MIN_STUDENTS"]

#: an item's difficulty and discrimination are reported once this many students answered it
MIN_STUDENTS = 20
#: flags: too hard, too easy, or a discrimination this low (the item does not follow the rest)
HARD, EASY, LOW_DISCRIMINATION = 0.2, 0.95, 0.2


def _rate(values: Iterable[int]) -> float | None:
    values = list(values)
    return round(sum(values) / len(values), 4) if values else None


def gain(pre: float | None, post: float | None) -> float | None:
    """Hake's normalized gain: the share of what could be gained that was (None when either
    rate is missing or the pre rate was already perfect)."""
    if pre is None or post is None or pre >= 1:
        return None
    return round((post - pre) / (1 - pre), 4)


def point_biserial(item: list[int], rest: list[float]) -> float | None:
    """The correlation of a right/wrong item with the rest of the score (None when either
    does not vary)."""
    n = len(item)
    right = [r for i, r in zip(item, rest) if i]
    wrong = [r for i, r in zip(item, rest) if not i]
    if n < 2 or not right or not wrong:
        return None
    mean = sum(rest) / n
    sd = math.sqrt(sum((r - mean) ** 2 for r in rest) / n)
    if sd == 0:
        return None
    p = len(right) / n
    return round((sum(right) / len(right) - sum(wrong) / len(wrong)) / sd
                 * math.sqrt(p * (1 - p)), 4)


def _read(teacher: Any) -> tuple[dict, list[dict], list[dict], list[dict], dict]:
    room = teacher.room
    with room.store.read() as tx:
        cls = teacher_class(tx, teacher.code, teacher._key)
        answers = tx.all("SELECT * FROM answers WHERE class_id = ? ORDER BY id", (cls["id"],))
        refusals = tx.all("SELECT seat_id, reason, grp_kind, grp_id FROM refusals "
                          "WHERE class_id = ?", (cls["id"],))
        asks = tx.all("SELECT * FROM asks WHERE class_id = ? ORDER BY created_at, id",
                      (cls["id"],))
        seats = {s["id"]: s for s in tx.all(
            "SELECT s.id, s.name, s.seat_no, t.table_no FROM seats s JOIN room_tables t "
            "ON t.id = s.table_id WHERE s.class_id = ?", (cls["id"],))}
    return cls, answers, refusals, asks, seats


def _rates(rows: list[dict]) -> dict[str, Any]:
    by = defaultdict(list)
    for a in rows:
        by[a["phase"]].append(a)
    pre, post = by.get("pre", []), by.get("post", [])
    out = {"pre": _rate(a["both_ok"] for a in pre), "post": _rate(a["both_ok"] for a in post),
           "pre_answer": _rate(a["answer_ok"] for a in pre),
           "post_answer": _rate(a["answer_ok"] for a in post),
           "n_pre": len(pre), "n_post": len(post)}
    out["gain"] = gain(out["pre"], out["post"])
    out["gain_answer"] = gain(out["pre_answer"], out["post_answer"])
    return out


def report(teacher: Any) -> dict[str, Any]:
    """The report (see the module docstring): ``concepts``, ``students``, ``tables``,
    ``items``, ``asks``, ``quick`` (the distribution of each quick check's answers)."""
    _cls, answers, refusals, asks, seats = _read(teacher)
    bank = {i.id: i for i in item_bank("en")}
    concept_of = {a["id"]: bank[a["item"]].concept if a["item"] in bank else None
                  for a in answers}
    # refusals in play, by trend and by (trend, reason): the codes items name
    refused: dict[str, int] = defaultdict(int)
    refused_code: dict[str, int] = defaultdict(int)
    refused_seat: dict[str, int] = defaultdict(int)
    for r in refusals:
        refused_seat[r["seat_id"]] += 1
        if r["grp_kind"] == "trend":
            refused[r["grp_id"]] += 1
            refused_code[f"{r['grp_id']}/{r['reason']}"] += 1
    chosen: dict[tuple[str, str], int] = defaultdict(int)
    for a in answers:
        for code in json.loads(a["codes"]):
            chosen[code, a["phase"]] += 1
    concepts = {}
    for concept in CONCEPTS:
        rows = [a for a in answers if concept_of[a["id"]] == concept]
        codes = sorted({c for i in bank.values() if i.concept == concept for c in i.codes}
                       | {c for c in refused_code if c.startswith(concept + "/")})
        concepts[concept] = {**_rates(rows), "refusals": refused.get(concept, 0),
                             "codes": {c: {"refusals": refused_code.get(c, 0),
                                           "chosen_pre": chosen.get((c, "pre"), 0),
                                           "chosen_post": chosen.get((c, "post"), 0)}
                                       for c in codes}}
    by_seat = defaultdict(list)
    for a in answers:
        by_seat[a["seat_id"]].append(a)
    students = []
    for seat_id, s in sorted(seats.items(), key=lambda kv: (kv[1]["table_no"], kv[1]["seat_no"])):
        if s["name"] is None:
            continue
        students.append({"name": s["name"], "table": s["table_no"], "seat": s["seat_no"],
                         **_rates(by_seat.get(seat_id, [])),
                         "refusals": refused_seat.get(seat_id, 0)})
    tables = []
    for table_no in sorted({s["table_no"] for s in seats.values()}):
        ids = [k for k, s in seats.items() if s["table_no"] == table_no]
        rows = [a for k in ids for a in by_seat.get(k, [])]
        tables.append({"table": table_no, **_rates(rows),
                       "refusals": sum(refused_seat.get(k, 0) for k in ids)})
    return {"concepts": concepts, "students": students, "tables": tables,
            "items": _items(answers, bank), "asks": _asks(asks, answers, bank)}


def _items(answers: list[dict], bank: dict) -> list[dict[str, Any]]:
    """Per item: how many answered it, and from MIN_STUDENTS on its difficulty and
    point-biserial discrimination against the rest of each student's score in that ask."""
    per_ask_seat: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for a in answers:
        per_ask_seat[a["ask_id"], a["seat_id"]].append(a)
    by_item = defaultdict(list)
    for a in answers:
        by_item[a["item"]].append(a)
    out = []
    for item_id, rows in by_item.items():
        item = bank.get(item_id)
        row: dict[str, Any] = {"item": item_id, "concept": item.concept if item else None,
                               "form": item.form if item else None,
                               "n": len({r["seat_id"] for r in rows}),
                               "difficulty": None, "discrimination": None, "flags": []}
        if row["n"] >= MIN_STUDENTS:
            scores = [r["both_ok"] for r in rows]
            rest = []
            for r in rows:
                others = [o["both_ok"] for o in per_ask_seat[r["ask_id"], r["seat_id"]]
                          if o["item"] != item_id]
                rest.append(sum(others) / len(others) if others else 0.0)
            p = sum(scores) / len(scores)
            r_pb = point_biserial(scores, rest)
            row["difficulty"], row["discrimination"] = round(p, 4), r_pb
            if p < HARD:
                row["flags"].append("hard")
            if p > EASY:
                row["flags"].append("easy")
            if r_pb is not None and r_pb < LOW_DISCRIMINATION:
                row["flags"].append("low_discrimination")
        out.append(row)
    return sorted(out, key=lambda r: r["item"])


def _asks(asks: list[dict], answers: list[dict], bank: dict) -> list[dict[str, Any]]:
    """Each ask and, per item, how many chose each response (no names: a projector can show
    it)."""
    out = []
    for ask in asks:
        rows = [a for a in answers if a["ask_id"] == ask["id"]]
        items = []
        for item_id in json.loads(ask["items"]):
            mine = [a for a in rows if a["item"] == item_id]
            counts: dict[str, int] = defaultdict(int)
            for a in mine:
                given = a["choice"] or a["cell"] or (
                    None if a["value"] is None else format(a["value"], "g"))
                counts[str(given)] += 1
            items.append({"item": item_id, "n": len(mine),
                          "right": sum(a["both_ok"] for a in mine), "counts": dict(counts)})
        out.append({"ask": ask["id"], "phase": ask["phase"], "form": ask["form"],
                    "status": ask["status"], "revealed": bool(ask["revealed"]),
                    "students": len({a["seat_id"] for a in rows}), "items": items})
    return out


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    # a name typed as =1+1 must stay text in a spreadsheet (CSV formula injection)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        try:
            float(text)
        except ValueError:
            text = "'" + text
    return text


CSV_COLUMNS = ("phase", "form", "item", "concept", "table", "seat", "name", "choice", "reason",
               "value", "cell", "answer_ok", "reason_ok", "both_ok", "codes", "at")


def answers_csv(teacher: Any) -> str:
    """Every answer of the class as CSV (tables and seats counted from 1, as the page says)."""
    _cls, answers, _refusals, asks, seats = _read(teacher)
    bank = {i.id: i for i in item_bank("en")}
    # the form the answered item belongs to (a crossed ask, "A+B", asks each half one form)
    form_of = {a["id"]: a["form"] for a in asks}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for a in answers:
        seat = seats.get(a["seat_id"], {})
        item = bank.get(a["item"])
        reason_ok = "" if a["reason_ok"] is None else a["reason_ok"]
        writer.writerow([_cell(x) for x in (
            a["phase"], item.form if item and form_of.get(a["ask_id"]) else
            form_of.get(a["ask_id"]), a["item"], item.concept if item else "",
            None if seat.get("table_no") is None else seat["table_no"] + 1,
            None if seat.get("seat_no") is None else seat["seat_no"] + 1, seat.get("name"),
            a["choice"], a["reason"], a["value"], a["cell"], a["answer_ok"], reason_ok,
            a["both_ok"], " ".join(json.loads(a["codes"])), round(a["at"], 3))])
    return out.getvalue()
