"""The room asks: the teacher's lock (pacing), questions from the item bank asked of every seat
of a class, the seats' answers (issue 31).

:class:`~periodic_edu.classroom.room.Teacher` and :class:`~periodic_edu.classroom.room.Seat`
call these functions from thin methods; everything is one transaction over the store, like the
moves, so it works from any process on the same store.

A page learns of a lock, a new question, a close or a reveal the way it learns of a move: the
teacher's change moves every table's revision on (as a pause does), so each seat's wait wakes.
The cost: a move sent in the same instant is refused as stale and made again on the new state.

What happens when two writes arrive at once:

* two answers of one seat to one item: they queue (SQLite: the file's write lock; PostgreSQL:
  the unique (ask, seat, item) row), the later one is the answer kept - one row, never two;
* an answer and the teacher's close: the answer holds the class row shared, the close takes it
  exclusively, so the answer either lands before the close or is refused (``ask_closed``) and
  changes nothing;
* two asks, or an ask and a close: both take the class row exclusively and queue; a new ask
  closes the one still open (a class has at most one open question);
* a lock and an unlock: queue on the class row; the later one is the lock that holds.

Answers are stored like moves (DESIGN §7's privacy rule): the seat's id, never a name (the
name stays in the seat's row), the response as given (bounded) and its grade; a purge of the
class deletes them with its other rows, and a student the teacher removes takes their answers
with them.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..checks import FORMS, Item, item_bank
from ..checks import grading
from ..checks.grading import BadResponse, clean_response
from ..i18n import N_
from . import credentials
from .errors import MESSAGES, BadInput, NotFound, RoomError
from .rows import bump_all, class_by_id, seat_of, teacher_class

if TYPE_CHECKING:  # pragma: no cover
    from .store import Tx

__all__ = ["STEPS", "HOLDS_PLAY", "PHASES", "QUICK_LIMIT", "lock", "current_lock", "ask", "close",
           "reveal", "question", "answer", "revealed", "seat_moved", "seat_cleared", "open_ask"]

#: the steps a teacher can lock the class to
STEPS = ("explore", "play", "check")
#: the steps in which the class's games wait: no move (a person's or a bot's) lands, as in a
#: pause, and every game page says why
HOLDS_PLAY = ("explore", "check")
#: ``pre``/``post``: a whole form before and after play; ``quick``: 1 to QUICK_LIMIT items;
#: ``exit``: an exit ticket (items, as a quick check)
PHASES = ("pre", "post", "quick", "exit")
QUICK_LIMIT = 3
TEXT_LIMIT = grading.TEXT_LIMIT
ID_LIMIT = 40

# the room's sentences for the asks: the same family and catalog as errors.MESSAGES
# (scripts/update_catalogs.py extracts them from this file)
ASK_MESSAGES = {
    "no_ask": N_("the teacher is not asking anything now"),
    "ask_closed": N_("the teacher has closed this question: answers can no longer change"),
    "not_asked": N_("that item is not part of the question the teacher asked"),
    "bad_answer": N_("an answer is one of the choices (and a reason), a number, or a cell of "
                     "the board"),
    "bad_items": N_("a quick check asks 1 to {limit} items of the bank"),
    "no_such_ask": N_("that question does not belong to this class"),
}
MESSAGES.update(ASK_MESSAGES)


def _bank_keys() -> dict[str, Item]:
    """The bank's items by id (keys do not depend on the language: English is loaded once)."""
    return {i.id: i for i in item_bank("en")}


# ---- pacing -----------------------------------------------------------------------------------
def lock(teacher: Any, step: str | None) -> None:
    """Lock the class to ``step`` (one of :data:`STEPS`) or release it (None)."""
    if step is not None and step not in STEPS:
        raise BadInput("bad_choice", setting="step", choices=", ".join(STEPS))
    room = teacher.room
    now = room.clock()
    with room.store.write() as tx:
        cls = teacher_class(tx, teacher.code, teacher._key, lock="update")
        row = tx.lock("pacing", cls["id"])
        if row is None:
            tx.run("INSERT INTO pacing (id, class_id, step, updated_at) VALUES (?, ?, ?, ?)",
                   (cls["id"], cls["id"], step, now))
        elif row["step"] == step:
            return
        else:
            tx.run("UPDATE pacing SET step = ?, updated_at = ? WHERE id = ?",
                   (step, now, cls["id"]))
        bump_all(tx, cls["id"], now)


def lock_of(teacher: Any) -> str | None:
    """The step the teacher's class is locked to (None: not locked)."""
    room = teacher.room
    with room.store.read() as tx:
        return current_lock(tx, teacher_class(tx, teacher.code, teacher._key)["id"])


def current_lock(tx: "Tx", class_id: str) -> str | None:
    row = tx.one("SELECT step FROM pacing WHERE id = ?", (class_id,))
    return None if row is None else row["step"]


# ---- asking -----------------------------------------------------------------------------------
def ask(teacher: Any, form: str | None = None, phase: str = "pre",
        items: list[str] | None = None, crossed: bool = False) -> str:
    """Ask every seat of the class: a whole ``form`` (``pre``/``post``), or 1 to
    :data:`QUICK_LIMIT` bank ``items`` (``quick``/``exit``). Returns the ask's id. A question
    still open is closed first.

    ``crossed``: the two halves of the class take the two forms (:func:`seat_form`): half 0
    ``form``, half 1 the other; asked again crossed for ``post`` with the other form, every
    seat takes the form it has not taken, so each student's pre and post are parallel forms
    and each form is answered pre and post by half the class."""
    if phase not in PHASES:
        raise BadInput("bad_choice", setting="phase", choices=", ".join(PHASES))
    bank = _bank_keys()
    if not isinstance(crossed, bool) or crossed and (items is not None
                                                     or phase not in ("pre", "post")):
        raise BadInput("bad_choice", setting="crossed", choices="pre, post")
    if items is None:
        if form not in FORMS:
            raise BadInput("bad_choice", setting="form", choices=", ".join(FORMS))
        order = [form, *(f for f in FORMS if f != form)] if crossed else [form]
        chosen = [i.id for f in order for i in bank.values() if i.form == f]
        form = "+".join(order)  # "A+B": half 0 takes A, half 1 takes B
    else:
        if form is not None or not isinstance(items, (list, tuple)) \
                or not 1 <= len(items) <= QUICK_LIMIT or len(set(map(str, items))) != len(items) \
                or not all(isinstance(i, str) and i in bank for i in items):
            raise BadInput("bad_items", limit=QUICK_LIMIT)
        chosen = list(items)
    room = teacher.room
    now = room.clock()
    ask_id = credentials.new_id()
    with room.store.write() as tx:
        cls = teacher_class(tx, teacher.code, teacher._key, lock="update")
        tx.run("UPDATE asks SET status = 'closed', closed_at = ? WHERE class_id = ? "
               "AND status = 'open'", (now, cls["id"]))
        tx.run("INSERT INTO asks (id, class_id, phase, form, items, status, revealed, "
               "created_at) VALUES (?, ?, ?, ?, ?, 'open', 0, ?)",
               (ask_id, cls["id"], phase, form, json.dumps(chosen), now))
        bump_all(tx, cls["id"], now)
    return ask_id


def _teacher_ask(room: Any, tx: "Tx", cls: dict, ask_id: object) -> dict:
    if not isinstance(ask_id, str) or len(ask_id) > 64:
        raise NotFound("no_such_ask")
    row = tx.lock("asks", ask_id)
    if row is None or row["class_id"] != cls["id"]:
        raise NotFound("no_such_ask")
    return row


def close(teacher: Any, ask_id: str) -> None:
    """No answer to ``ask_id`` lands or changes after this (closing twice is no change)."""
    room = teacher.room
    with room.store.write() as tx:
        cls = teacher_class(tx, teacher.code, teacher._key, lock="update")
        now = room.clock()
        row = _teacher_ask(room, tx, cls, ask_id)
        if row["status"] == "closed":
            return
        tx.run("UPDATE asks SET status = 'closed', closed_at = ? WHERE id = ?", (now, row["id"]))
        bump_all(tx, cls["id"], now)


def reveal(teacher: Any, ask_id: str) -> None:
    """Show the seats the keys and explanations of ``ask_id`` (it is closed first)."""
    room = teacher.room
    now = room.clock()
    with room.store.write() as tx:
        cls = teacher_class(tx, teacher.code, teacher._key, lock="update")
        row = _teacher_ask(room, tx, cls, ask_id)
        if row["revealed"]:
            return
        tx.run("UPDATE asks SET status = 'closed', closed_at = COALESCE(closed_at, ?), "
               "revealed = 1 WHERE id = ?", (now, row["id"]))
        bump_all(tx, cls["id"], now)


def open_ask(tx: "Tx", class_id: str) -> dict | None:
    return tx.one("SELECT * FROM asks WHERE class_id = ? AND status = 'open' "
                  "ORDER BY created_at DESC LIMIT 1", (class_id,))


def asks_of(teacher: Any) -> list[dict[str, Any]]:
    """Every ask of the class, oldest first: id, phase, form, items, status, revealed."""
    room = teacher.room
    with room.store.read() as tx:
        cls = teacher_class(tx, teacher.code, teacher._key)
        rows = tx.all("SELECT * FROM asks WHERE class_id = ? ORDER BY created_at, id",
                      (cls["id"],))
    return [{"ask": r["id"], "phase": r["phase"], "form": r["form"],
             "items": json.loads(r["items"]), "status": r["status"],
             "revealed": bool(r["revealed"])} for r in rows]


# ---- the seats --------------------------------------------------------------------------------
def question(seat: Any, lang: str | None = None) -> dict[str, Any] | None:
    """The next item of the open ask this seat has not answered, as its page shows it (no key,
    no explanation): the item's public part and ``ask``, ``phase``, ``index``, ``count``,
    ``answered``. None when there is no open ask or the seat answered every item."""
    shown = ask_items(seat, lang)
    if shown is None:
        return None
    items = shown["items"]
    left = [n for n, i in enumerate(items) if i["answer"] is None]
    if not left:
        return None
    item = {k: v for k, v in items[left[0]].items() if k != "answer"}
    return {**item, "ask": shown["ask"], "phase": shown["phase"], "index": left[0],
            "count": len(items), "answered": len(items) - len(left)}


def seat_form(tx: "Tx", row: dict, me: dict) -> str | None:
    """The form a seat takes in a crossed ask (``row["form"]`` like ``"A+B"``), or None for
    an ask that is not crossed. A seat that has answered items of one form in an earlier
    ``pre`` ask of the class takes the other (so a student moved to another seat still
    crosses over); any other seat goes by its half of the class: table number plus seat
    number, even for half 0 (so every table holds both halves), which takes the first form
    of the crossed ``pre`` ask and the other one ``post``."""
    forms = (row["form"] or "").split("+")
    if len(forms) < 2:
        return None
    bank = _bank_keys()
    if row["phase"] == "post":
        earlier = tx.all("SELECT DISTINCT a.item FROM answers a JOIN asks k ON a.ask_id = k.id "
                         "WHERE a.seat_id = ? AND k.class_id = ? AND k.phase = 'pre' AND "
                         "k.id <> ?", (me["id"], me["class_id"], row["id"]))
        taken = {bank[e["item"]].form for e in earlier if e["item"] in bank}
        if len(taken) == 1 and taken <= set(forms):
            return next(f for f in forms if f not in taken)
    table = tx.one("SELECT table_no FROM room_tables WHERE id = ?", (me["table_id"],))
    half = ((table["table_no"] if table else 0) + me["seat_no"]) % 2
    if row["phase"] == "pre":
        return forms[half]
    # post, for a seat that answered no crossed pre (a late joiner): the form its half did
    # not take in the class's last crossed pre ask, whichever form the teacher named now
    pre = tx.one("SELECT form FROM asks WHERE class_id = ? AND phase = 'pre' AND form LIKE ? "
                 "ORDER BY created_at DESC LIMIT 1", (me["class_id"], "%+%"))
    took = (pre["form"].split("+") if pre else forms)[half]
    return next((f for f in forms if f != took), forms[half])


def seat_items(tx: "Tx", row: dict, me: dict) -> list[str]:
    """The items of ``row`` this seat is asked: all of them, or its form's in a crossed ask."""
    items = json.loads(row["items"])
    form = seat_form(tx, row, me)
    if form is None:
        return items
    bank = _bank_keys()
    return [i for i in items if bank[i].form == form]


def ask_items(seat: Any, lang: str | None = None) -> dict[str, Any] | None:
    """The open ask's items, every one as its page shows it (no key), with this seat's answer
    so far (the response only: its grade is said when the teacher reveals); None if none."""
    room = seat.room
    with room.store.read() as tx:
        me = seat_of(tx, seat.token)
        row = open_ask(tx, me["class_id"])
        if row is None:
            return None
        given = tx.all("SELECT item, choice, reason, value, cell FROM answers WHERE ask_id = ? "
                       "AND seat_id = ?", (row["id"], me["id"]))
        asked = seat_items(tx, row, me)
    mine = {g["item"]: {k: g[k] for k in ("choice", "reason", "value", "cell")} for g in given}
    rendered = {i.id: i for i in item_bank(lang)}
    return {"ask": row["id"], "phase": row["phase"],
            "items": [{**rendered[i].public(), "answer": mine.get(i)} for i in asked]}


def _clean(item: Item, choice: Any, reason: Any, value: Any, cell: Any) -> dict[str, Any]:
    """The response, checked against the item's kind (a bad one raises ``bad_answer``): the
    checks' own rule (:func:`periodic_edu.checks.grading.clean_response`), which practice and
    homework use too."""
    try:
        return clean_response(item, choice, reason, value, cell)
    except BadResponse:
        raise BadInput("bad_answer") from None


def answer(seat: Any, item_id: object, *, choice: Any = None, reason: Any = None,
           value: Any = None, cell: Any = None, ask_id: object = None) -> dict[str, Any]:
    """Answer (or change the answer to) ``item_id`` of the open ask (``ask_id``: the ask the
    page showed; an answer meant for a closed ask is refused, not filed under a newer one).
    Refused, changing nothing: an unknown token (``no_seat``), no open ask or a closed one
    (``no_ask``, ``ask_closed``), an item not asked (``not_asked``), a response that does not
    fit the item (``bad_answer``). Returns ``{"ask", "item", "answered", "count"}``: never
    the grade (a seat learns it when the teacher reveals)."""
    bank = _bank_keys()
    if not isinstance(item_id, str) or len(item_id) > ID_LIMIT:
        raise NotFound("not_asked")
    item = bank.get(item_id)
    if item is None:
        raise NotFound("not_asked")
    response = _clean(item, choice, reason, value, cell)
    grade = item.grade(**response)
    room = seat.room
    with room.store.write() as tx:
        me = seat_of(tx, seat.token)
        class_by_id(tx, me["class_id"], lock="share")  # a close waits for this answer
        now = room.clock()  # read holding the lock: an answer's time is before its close's
        if ask_id is not None:
            if not isinstance(ask_id, str) or len(ask_id) > 64:
                raise NotFound("no_such_ask")
            row = tx.lock("asks", ask_id, shared=True)
            if row is None or row["class_id"] != me["class_id"]:
                raise NotFound("no_such_ask")
            if row["status"] != "open":
                raise RoomError("ask_closed")
        else:
            found = open_ask(tx, me["class_id"])
            if found is None:
                raise RoomError("no_ask")
            row = tx.lock("asks", found["id"], shared=True)
            if row is None or row["status"] != "open":
                raise RoomError("ask_closed")
        items = seat_items(tx, row, me)
        if item_id not in items:
            raise NotFound("not_asked")
        tx.run("INSERT INTO answers (class_id, ask_id, seat_id, item, phase, choice, reason, "
               "value, cell, answer_ok, reason_ok, both_ok, codes, at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
               "ON CONFLICT (ask_id, seat_id, item) DO UPDATE SET choice = excluded.choice, "
               "reason = excluded.reason, value = excluded.value, cell = excluded.cell, "
               "answer_ok = excluded.answer_ok, reason_ok = excluded.reason_ok, "
               "both_ok = excluded.both_ok, codes = excluded.codes, at = excluded.at",
               (me["class_id"], row["id"], me["id"], item_id, row["phase"], response["choice"],
                response["reason"], response["value"], response["cell"],
                int(grade["answer_ok"]),
                None if grade["reason_ok"] is None else int(grade["reason_ok"]),
                int(grade["both_ok"]), json.dumps(grade["codes"]), now))
        answered = tx.one("SELECT COUNT(*) AS n FROM answers WHERE ask_id = ? AND seat_id = ?",
                          (row["id"], me["id"]))["n"]
    return {"ask": row["id"], "item": item_id, "answered": answered, "count": len(items)}


def revealed(seat: Any, lang: str | None = None) -> dict[str, Any] | None:
    """The last revealed ask: each item with its key said in words and its explanation, and
    whether this seat's answer was right. None until the teacher reveals one."""
    room = seat.room
    with room.store.read() as tx:
        me = seat_of(tx, seat.token)
        row = tx.one("SELECT * FROM asks WHERE class_id = ? AND revealed = 1 "
                     "ORDER BY created_at DESC LIMIT 1", (me["class_id"],))
        if row is None:
            return None
        given = {g["item"]: g for g in tx.all(
            "SELECT item, both_ok, answer_ok FROM answers WHERE ask_id = ? AND seat_id = ?",
            (row["id"], me["id"]))}
        asked = seat_items(tx, row, me)
    rendered = {i.id: i for i in item_bank(lang)}
    out = []
    for item_id in asked:
        item = rendered[item_id]
        mine = given.get(item_id)
        out.append({**item.public(), "explanation": item.explanation,
                    "right": None if mine is None else bool(mine["both_ok"])})
    return {"ask": row["id"], "phase": row["phase"], "items": out}


def seat_status(seat: Any) -> dict[str, Any]:
    """``{"lock", "ask"}`` of this seat's class (what :meth:`Seat.view` adds), read alone."""
    room = seat.room
    with room.store.read() as tx:
        return seat_view_part(tx, seat_of(tx, seat.token)["class_id"])


def seat_view_part(tx: "Tx", class_id: str) -> dict[str, Any]:
    """What a seat's view says of the asks: ``lock`` and the open ask's id (or None)."""
    row = open_ask(tx, class_id)
    return {"lock": current_lock(tx, class_id), "ask": None if row is None else row["id"]}


# ---- seats that move or go --------------------------------------------------------------------
def seat_moved(tx: "Tx", old_seat: str, new_seat: str) -> None:
    """The teacher moved a student: their answers follow them (as their refusals do)."""
    tx.run("UPDATE answers SET seat_id = ? WHERE seat_id = ?", (new_seat, old_seat))


def seat_cleared(tx: "Tx", seat_id: str) -> None:
    """The teacher removed a student: their answers go with their name."""
    tx.run("DELETE FROM answers WHERE seat_id = ?", (seat_id,))

