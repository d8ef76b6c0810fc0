"""The room asks (issue 31): lock, ask a form, answer, close, report - on SQLite and PostgreSQL."""
from __future__ import annotations

import csv
import io
import json

import pytest

from periodic_edu.checks import item_bank
from periodic_edu.classroom import BadInput, NotFound, RoomError
from periodic_edu.classroom.report import gain, point_biserial

from room_helpers import all_rows, tap_cells_ie_cannot_reach
from test_processes import _at_once

BANK = {i.id: i for i in item_bank("en")}


def right(item_id: str) -> dict:
    """The response the key asks for."""
    item = BANK[item_id]
    if item.kind == "choice":
        return {"choice": item.key, "reason": item.reason_key}
    if item.kind == "number":
        return {"value": item.key}
    return {"cell": sorted(item.key)[0]}


def wrong(item_id: str) -> dict:
    item = BANK[item_id]
    if item.kind == "choice":
        return {"choice": next(c for c, _ in item.choices if c != item.key),
                "reason": item.reason_key}
    if item.kind == "number":
        return {"value": item.key + 100}
    return {"cell": next(s for s in ("Og", "Fr", "He", "Cs") if s not in item.key)}


def answer_all(seat, pick) -> int:
    n = 0
    while (q := seat.question()) is not None:
        seat.answer(q["item"], **pick(q["item"]))
        n += 1
    return n


def test_the_issue_contract_runs_as_written(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    seat = room.join(info.code, "Ada")
    bob = room.join(info.code, "Bob")
    teacher = room.teacher(info.code, info.teacher_key)
    before = seat.view()["revision"]
    teacher.lock("check")
    assert seat.view()["lock"] == "check" and bob.view()["lock"] == "check"
    assert seat.wait(before, timeout=5) > before  # every page wakes for the lock
    teacher.unlock()
    assert seat.view()["lock"] is None
    assert seat.question() is None and seat.view()["ask"] is None
    ask = teacher.ask(form="A", phase="pre")
    assert seat.view()["ask"] == ask
    q = seat.question()
    form_a = [i.id for i in item_bank("en") if i.form == "A"]
    assert q["item"] == form_a[0] and q["count"] == len(form_a) and q["answered"] == 0
    text = json.dumps(q)
    item = BANK[q["item"]]
    assert "key" not in q and item.explanation not in text and "reason_key" not in text
    done = seat.answer(q["item"], choice="b", reason="c")
    assert done == {"ask": ask, "item": q["item"], "answered": 1, "count": len(form_a)}
    assert seat.question()["item"] == form_a[1]
    # every item in turn: half right, half wrong
    for n, item_id in enumerate(form_a[1:]):
        seat.answer(item_id, **(right(item_id) if n % 2 else wrong(item_id)))
    assert seat.question() is None
    teacher.close(ask)
    with pytest.raises(RoomError) as closed:
        bob.answer(form_a[0], **right(form_a[0]))
    assert closed.value.key in ("no_ask", "ask_closed")
    r = teacher.report()
    ie = r["concepts"]["ionization_energy"]
    assert ie["n_pre"] == 4 and ie["post"] is None and ie["gain"] is None
    assert 0 <= ie["pre"] <= ie["pre_answer"] <= 1
    assert set(r["concepts"]) == {"atomic_number", "ionization_energy", "atomic_radius",
                                  "atomic_mass_increase", "atomic_mass_decrease", "shells"}


def test_pre_post_gain_and_refusals_in_one_line(room):
    info = room.create_class(game="periodic", tables=2, seats=2)
    seats = [room.join(info.code, n) for n in ("Ada", "Bob", "Cy", "Di")]
    teacher = room.teacher(info.code, info.teacher_key)
    pre = teacher.ask(form="A", phase="pre")
    ie_a = [i.id for i in item_bank("en") if i.form == "A" and i.concept == "ionization_energy"]
    ie_b = [i.id for i in item_bank("en") if i.form == "B" and i.concept == "ionization_energy"]
    # pre: each student gets 2 of the 4 ionization items right -> 0.5
    for s in seats:
        for n, item_id in enumerate(ie_a):
            s.answer(item_id, **(right(item_id) if n < 2 else wrong(item_id)))
    teacher.close(pre)
    # play: refused moves by Increase Ionization Energy, filed under its trend
    refused = 0
    while any(s.view().get("phase") == "agenda" for s in seats):  # every seat keeps an agenda
        for s in seats:
            v = s.view()
            if v["to_move"] == s.index and v.get("phase") == "agenda":
                s.play(v["legal_actions"][0], revision=v["revision"])
    for s in seats:
        v = s.view()
        if v["to_move"] == s.index:
            refused += len(tap_cells_ie_cannot_reach(s, v))
    assert refused > 0
    # the teacher's refusal view files them under the same trend the report counts
    groups = {g.get("trend"): g["count"] for g in teacher.overview()["refusals"]}
    assert groups.get("ionization_energy") == refused, groups
    post = teacher.ask(form="B", phase="post")
    # post: 3 of 4 right -> 0.75
    for s in seats:
        for n, item_id in enumerate(ie_b):
            s.answer(item_id, **(right(item_id) if n < 3 else wrong(item_id)), ask=post)
    teacher.close(post)
    r = teacher.report()
    ie = r["concepts"]["ionization_energy"]
    assert (ie["pre"], ie["post"], ie["gain"]) == (0.5, 0.75, 0.5)
    assert ie["refusals"] == refused
    # per code: the rules' reason ids (not_reachable, no_reach...) under the same trend
    assert sum(c["refusals"] for c in ie["codes"].values()) == refused
    assert ie["codes"]["ionization_energy/not_reachable"]["chosen_pre"] >= 1
    assert [s["name"] for s in r["students"]] == ["Ada", "Bob", "Cy", "Di"]
    assert all((s["pre"], s["post"]) == (0.5, 0.75) for s in r["students"])
    assert sum(s["refusals"] for s in r["students"]) == refused
    assert [t["table"] for t in r["tables"]] == [0, 1] and r["tables"][0]["gain"] == 0.5
    # fewer than 20 students: no difficulty nor discrimination yet
    assert all(i["difficulty"] is None for i in r["items"])
    rows = list(csv.reader(io.StringIO(teacher.answers_csv())))
    assert rows[0][:3] == ["phase", "form", "item"] and len(rows) == 1 + 4 * 8
    assert {r[6] for r in rows[1:]} == {"Ada", "Bob", "Cy", "Di"}


def test_answers_change_until_closed_and_a_reveal_explains(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    teacher = room.teacher(info.code, info.teacher_key)
    ask = teacher.ask(items=["ie-compare-A"], phase="quick")
    ada.answer("ie-compare-A", **wrong("ie-compare-A"))
    assert ada.question() is None
    assert ada.ask_items()["items"][0]["answer"]["choice"] == wrong("ie-compare-A")["choice"]
    ada.answer("ie-compare-A", **right("ie-compare-A"))  # changed her mind
    dist = teacher.report()["asks"][-1]["items"][0]
    assert dist["n"] == 1 and dist["right"] == 1
    assert dist["counts"] == {BANK["ie-compare-A"].key: 1}
    assert ada.revealed() is None
    teacher.reveal(ask)
    shown = ada.revealed("de")["items"][0]
    assert shown["right"] is True and shown["explanation"].startswith("Die Antwort: Chlor (Cl)")
    with pytest.raises(RoomError) as closed:
        ada.answer("ie-compare-A", **wrong("ie-compare-A"), ask=ask)
    assert closed.value.key == "ask_closed"
    assert teacher.report()["asks"][-1]["items"][0]["right"] == 1  # nothing changed


def test_bad_answers_are_refused_and_change_nothing(room, room_url):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    teacher = room.teacher(info.code, info.teacher_key)
    with pytest.raises(RoomError, match="not asking"):
        ada.answer("ie-compare-A", **right("ie-compare-A"))
    teacher.ask(form="A", phase="pre")
    before = json.dumps(all_rows(room_url)["answers"], default=str)
    for item, response, error in [
        ("ie-compare-B", right("ie-compare-B"), NotFound),         # form B: not asked
        ("no-such-item", {"choice": "a"}, NotFound),
        ("x" * 500, {"choice": "a"}, NotFound),
        ("ie-compare-A", {"choice": "z", "reason": "a"}, BadInput),
        ("ie-compare-A", {"choice": "a"}, BadInput),               # the reason tier is missing
        ("ie-change-A", {"value": float("nan")}, BadInput),
        ("ie-change-A", {"value": True}, BadInput),
        ("ie-change-A", {"value": "3"}, BadInput),
        ("ie-reach-cell-A", {"cell": "Xx"}, BadInput),
        ("ie-reach-cell-A", {"cell": "La"}, BadInput),             # not a cell of the board
        ("ie-reach-cell-A", {"choice": "a"}, BadInput),
    ]:
        with pytest.raises(error):
            ada.answer(item, **response)
    forged = type(ada)(room, "f" * 43, info.code, 0, 0, "Ada")  # a wrong seat token
    with pytest.raises(NotFound):
        forged.answer("ie-compare-A", **right("ie-compare-A"))
    assert json.dumps(all_rows(room_url)["answers"], default=str) == before
    with pytest.raises(BadInput):
        teacher.ask(form="C")
    with pytest.raises(BadInput):
        teacher.ask(items=["ie-compare-A"] * 2, phase="quick")
    with pytest.raises(BadInput):
        teacher.ask(items=["a", "b", "c", "d"], phase="quick")
    with pytest.raises(BadInput):
        teacher.lock("lunch")
    with pytest.raises(NotFound):
        teacher.close("not-an-ask")
    other = room.create_class(game="periodic", tables=1, seats=2)
    stranger = room.teacher(other.code, other.teacher_key)
    with pytest.raises(NotFound):
        stranger.close(teacher.asks()[-1]["ask"])  # another class's question
    with pytest.raises(PermissionError):
        room.teacher(info.code, other.teacher_key)


def test_a_new_ask_closes_the_open_one(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    teacher = room.teacher(info.code, info.teacher_key)
    first = teacher.ask(items=["ie-compare-A"], phase="quick")
    second = teacher.ask(items=["sh-outer-A"], phase="exit")
    assert [a["status"] for a in teacher.asks()] == ["closed", "open"]
    assert ada.question()["item"] == "sh-outer-A" and ada.question()["ask"] == second
    with pytest.raises(RoomError) as closed:
        ada.answer("ie-compare-A", **right("ie-compare-A"), ask=first)
    assert closed.value.key == "ask_closed"


def test_two_answers_at_once_keep_one_row(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.ask(items=["ie-compare-A"], phase="quick")
    for _ in range(5):
        out = _at_once([lambda: ada.answer("ie-compare-A", **right("ie-compare-A")),
                        lambda: ada.answer("ie-compare-A", **wrong("ie-compare-A"))])
        assert all(isinstance(o, dict) for o in out), out
        with room.store.read() as tx:
            rows = tx.all("SELECT choice FROM answers")
        assert len(rows) == 1
        assert rows[0]["choice"] in (right("ie-compare-A")["choice"],
                                     wrong("ie-compare-A")["choice"])


def test_answers_and_a_close_at_once_land_before_it_or_not_at_all(room):
    info = room.create_class(game="periodic", tables=2, seats=3)
    seats = [room.join(info.code, n) for n in ("A", "B", "C", "D", "E", "F")]
    teacher = room.teacher(info.code, info.teacher_key)
    for _ in range(3):
        ask = teacher.ask(items=["ie-compare-A"], phase="quick")
        calls = [lambda s=s: s.answer("ie-compare-A", **right("ie-compare-A"), ask=ask)
                 for s in seats] + [lambda: teacher.close(ask)]
        out = _at_once(calls)
        landed = [o for o in out[:-1] if isinstance(o, dict)]
        refused = [o for o in out[:-1] if not isinstance(o, dict)]
        assert out[-1] is None and all(getattr(e, "key", None) == "ask_closed"
                                       for e in refused), out
        with room.store.read() as tx:
            rows = tx.all("SELECT at FROM answers WHERE ask_id = ?", (ask,))
            closed_at = tx.one("SELECT closed_at FROM asks WHERE id = ?", (ask,))["closed_at"]
        assert len(rows) == len(landed)  # every answer reported landed is stored, no other
        assert all(r["at"] <= closed_at for r in rows)


def test_purge_and_remove_take_the_answers(room, room_url):
    info = room.create_class(game="periodic", tables=2, seats=2)
    ada = room.join(info.code, "Ada")
    bob = room.join(info.code, "Bob")
    cy = room.join(info.code, "Cy")
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.lock("check")
    teacher.ask(items=["sh-outer-A"], phase="quick")
    for s in (ada, bob, cy):
        s.answer("sh-outer-A", **right("sh-outer-A"))
    teacher.remove(table=1, seat=0)  # Cy, before table 1 starts: her answer goes with her
    assert [s["name"] for s in teacher.report()["students"]] == ["Ada", "Bob"]
    with room.store.read() as tx:
        assert tx.one("SELECT COUNT(*) AS n FROM answers")["n"] == 2
    teacher.purge()
    rows = all_rows(room_url)
    for table in ("answers", "asks", "pacing"):
        assert rows[table] == [], table


def test_a_moved_student_keeps_their_answers(room):
    info = room.create_class(game="periodic", tables=2, seats=3)
    ada = room.join(info.code, "Ada")
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.ask(items=["sh-outer-A"], phase="quick")
    ada.answer("sh-outer-A", **right("sh-outer-A"))
    teacher.move(table=0, seat=0, to_table=1)
    students = teacher.report()["students"]
    assert [(s["name"], s["table"]) for s in students] == [("Ada", 1)]
    assert teacher.report()["asks"][-1]["items"][0]["n"] == 1


def test_item_statistics_from_twenty_students(room):
    info = room.create_class(game="periodic", tables=5, seats=4)
    seats = [room.join(info.code, f"S{n:02}") for n in range(20)]
    teacher = room.teacher(info.code, info.teacher_key)
    items = ["ie-compare-A", "sh-outer-A", "ar-steps-A"]
    teacher.ask(items=items, phase="quick")
    for n, s in enumerate(seats):
        # strong students (high n) get more right; the first item follows the rest
        s.answer(items[0], **(right(items[0]) if n >= 8 else wrong(items[0])))
        s.answer(items[1], **(right(items[1]) if n >= 10 else wrong(items[1])))
        s.answer(items[2], **(right(items[2]) if n % 2 else wrong(items[2])))
    stats = {i["item"]: i for i in teacher.report()["items"]}
    assert stats[items[0]]["n"] == 20 and stats[items[0]]["difficulty"] == 0.6
    assert stats[items[0]]["discrimination"] > 0.5
    assert "low_discrimination" not in stats[items[0]]["flags"]


def test_gain_and_point_biserial_by_hand():
    assert gain(0.5, 0.75) == 0.5 and gain(1.0, 1.0) is None and gain(None, 0.5) is None
    assert gain(0.8, 0.6) == -1.0
    # item right exactly for the two highest rest scores: a perfect split
    assert point_biserial([0, 0, 1, 1], [0.0, 0.0, 1.0, 1.0]) == 1.0
    assert point_biserial([1, 1, 1], [0.1, 0.5, 0.9]) is None


def test_a_class_brought_to_explore_or_the_check_holds_every_game(room):
    """Pacing holds play: brought to Explore or the check, no move lands (a person's or a
    bot's) and every seat's view says why; brought to Play, or released, play goes on."""
    from test_contract import started_periodic
    from periodic_edu.classroom import Paused

    info, (ada,) = started_periodic(room)
    teacher = room.teacher(info.code, info.teacher_key)
    for step in ("check", "explore"):
        teacher.lock(step)
        v = ada.view()
        assert (v["lock"], v["room"]["lock"], v["room"]["held"]) == (step, step, f"held_{step}")
        with pytest.raises(Paused) as held:
            ada.play(v["legal_actions"][0], revision=v["revision"])
        assert held.value.key == f"held_{step}"
        assert "held_" not in str(held.value) and "the games wait" in str(held.value)
        assert room.step_bots(info.code) == 0 and ada.view()["revision"] == v["revision"]
    teacher.lock("play")
    v = ada.view()
    assert v["room"]["held"] is None
    ada.play(v["legal_actions"][0], revision=v["revision"])
    assert room.step_bots(info.code) >= 2  # both bots choose their agendas
    teacher.lock("check")
    teacher.unlock()
    assert ada.view()["room"]["held"] is None and ada.view()["room"]["lock"] is None
    # the teacher's pause says "paused", whatever the step
    teacher.lock("check")
    teacher.pause()
    assert ada.view()["room"]["held"] == "paused"


def test_a_move_and_a_lock_at_once_the_move_lands_before_it_or_not_at_all(room):
    """The move and the lock queue on the class row: either the move landed first (the lock
    came after it) or it is refused as held; never a move stored after the lock."""
    from test_contract import started_periodic
    from periodic_edu.classroom import Paused

    info, (ada,) = started_periodic(room)
    teacher = room.teacher(info.code, info.teacher_key)
    v = ada.view()
    moved, locked = _at_once([lambda: ada.play(v["legal_actions"][0], revision=v["revision"]),
                              lambda: teacher.lock("check")])
    assert locked is None, locked
    assert isinstance(moved, int) or (isinstance(moved, Paused) and moved.key == "held_check"), \
        moved
    after = ada.view()
    # one revision for the lock's wake-up, one more if the move landed (before it)
    assert after["revision"] == v["revision"] + (2 if isinstance(moved, int) else 1)
    assert after["room"]["held"] == "held_check"


def test_crossed_forms_each_half_takes_one_form_before_and_the_other_after(room):
    """Crossed over: half the class answers A before play and B after, the other half B then
    A; a student moved to a seat of the other half between the two still crosses over."""
    info = room.create_class(game="periodic", tables=2, seats=5)  # table 0 waits: seats move
    seats = {n: room.join(info.code, n) for n in ("Ada", "Bob", "Cy", "Di")}
    teacher = room.teacher(info.code, info.teacher_key)
    form = {i.id: i.form for i in item_bank("en")}
    with pytest.raises(BadInput):
        teacher.ask(items=["sh-outer-A"], phase="quick", crossed=True)
    pre = teacher.ask(form="A", phase="pre", crossed=True)
    took = {}
    for name, s in seats.items():
        took[name] = form[s.question()["item"]]
        assert answer_all(s, wrong) == sum(f == took[name] for f in form.values())
        other = next(i for i, f in form.items() if f != took[name])
        with pytest.raises(NotFound):  # the other half's form is not asked of this seat
            s.answer(other, **right(other), ask=pre)
    halves = {(s.table + s.index) % 2: took[n] for n, s in seats.items()}
    assert halves == {0: "A", 1: "B"} and len({(s.table + s.index) % 2
                                               for s in seats.values()}) == 2
    teacher.close(pre)
    ada = seats["Ada"]
    assert (ada.table, ada.index) == (0, 0)
    teacher.move(table=0, seat=0, to_table=1)  # to table 1, seat 0: the other half
    post = teacher.ask(form="A", phase="post", crossed=True)  # the form named does not matter
    for name, s in seats.items():
        q = s.question()
        assert form[q["item"]] != took[name], name
        answer_all(s, right)
    teacher.close(post)
    concepts = teacher.report()["concepts"]
    assert all((c["pre"], c["post"]) == (0.0, 1.0) for c in concepts.values()), concepts
    rows = list(csv.reader(io.StringIO(teacher.answers_csv())))[1:]
    for name in seats:
        mine = {(r[0], r[1]) for r in rows if r[6] == name}
        assert mine == {("pre", took[name]), ("post", "B" if took[name] == "A" else "A")}


def test_a_flood_of_answers_stores_one_row_per_item_and_a_classmate_still_answers(room):
    """A page may send answers flat out (the kernel guard bounds its rate; here the room is
    called directly, faster than a page can): 8 threads x 40 answers of one seat to one item
    keep one row (the answer that committed last), and a classmate's answer sent meanwhile lands."""
    info = room.create_class(game="periodic", tables=1, seats=3)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    teacher = room.teacher(info.code, info.teacher_key)
    ask = teacher.ask(items=["ie-compare-A"], phase="quick")
    item = BANK["ie-compare-A"]
    choices = [c for c, _ in item.choices]

    def flood(n: int):
        return lambda: [ada.answer("ie-compare-A", choice=choices[(n + k) % len(choices)],
                                   reason=item.reason_key, ask=ask) for k in range(40)]
    out = _at_once([flood(n) for n in range(8)] + [
        lambda: bob.answer("ie-compare-A", **right("ie-compare-A"), ask=ask)])
    assert not [o for o in out if isinstance(o, Exception)], out
    counts = teacher.report()["asks"][-1]["items"][0]
    assert counts["n"] == 2 and sum(counts["counts"].values()) == 2, counts
    rows = list(csv.reader(io.StringIO(teacher.answers_csv())))[1:]
    assert sorted(r[6] for r in rows) == ["Ada", "Bob"]
