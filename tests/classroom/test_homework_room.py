"""Homework in the room, on SQLite and on PostgreSQL: the class keeps its assignment, the teacher
imports codes (a bad one refused by its index, the good ones land, each once even when two
imports arrive at once), and the class's purge deletes the results with everything else."""
from __future__ import annotations

import datetime as dt
import json
import os
import random
import threading

import pytest

from periodic_edu.assignments import (AssignedGame, CodeError, new_assignment, read_code,
                                      result_code)
from periodic_edu.classroom import NotFound
from periodic_edu.classroom.settings import parse_url

from room_helpers import all_rows

DUE = dt.date(2026, 12, 5)
KEY = {"ie-1B": {"choice": "b", "reason": "c"}, "ar-2B": {"choice": "a", "reason": "a"}}


def homework(game="periodic", seed=4242):
    return new_assignment(game=game, seed=seed, players=2, bots=["greedy"], form="B",
                          lang="en", due=DUE.isoformat(), items=list(KEY))


def code_of(a, name, seed, finished=DUE):
    g = AssignedGame(a)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.game.legal_actions()))
    answers = {"ie-1B": {"choice": "b", "reason": "c"} if seed % 2 else {"choice": "a"}}
    return g, result_code(a, name=name, save=g.game.to_json(), answers=answers,
                          finished=finished)


def test_codes_land_in_the_class_report_and_a_bad_one_is_refused_by_index(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    teacher = room.teacher(info.code, info.teacher_key)
    a = homework()
    assert teacher.assign(a) == a.id and teacher.assign(a) == a.id  # kept once
    assert teacher.assignments() == [a]
    (g1, ada), (g2, bo) = code_of(a, "Ada", 1), code_of(a, "Bo", 2)
    _, late = code_of(a, "Cy", 3, finished=DUE + dt.timedelta(days=2))
    _, stranger = code_of(homework(seed=7), "Di", 4)
    broken = ada[:6] + ("Z" if ada[6] != "Z" else "Y") + ada[7:]
    out = teacher.import_codes([ada, broken, bo, late, stranger, "", ], key=KEY)
    assert [r["index"] for r in out["refused"]] == [1, 5]
    assert out["refused"][0]["error"]["id"] == "checksum"
    assert [(r["index"], r["name"], r["flags"]) for r in out["imported"]] == [
        (0, "Ada", []), (2, "Bo", []), (3, "Cy", ["past_due"]),
        (4, "Di", ["other_assignment"])]
    assert all(r["new"] for r in out["imported"])
    rows = teacher.homework()["rows"]
    assert [r["name"] for r in rows] == ["Ada", "Bo", "Cy", "Di"]
    assert rows[0]["score"] == g1.score() and rows[1]["score"] == g2.score()
    assert rows[0]["checked"]["correct"] == 1 and rows[1]["checked"]["correct"] == 0
    assert rows[3]["score"] is None and rows[3]["answers"] is None
    assert rows[0] == read_code(a, ada, key=KEY)
    again = teacher.import_codes([ada.lower().replace("-", " ")])  # the same code, retyped
    assert [r["new"] for r in again["imported"]] == [False]
    assert len(teacher.homework()["rows"]) == 4


def test_import_needs_an_assignment_of_the_class_and_the_teachers_key(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    teacher = room.teacher(info.code, info.teacher_key)
    a = homework()
    _, code = code_of(a, "Ada", 1)
    with pytest.raises(CodeError) as caught:
        teacher.import_codes([code])
    assert caught.value.key == "no_class_assignment"
    teacher.assign(a)
    with pytest.raises(CodeError):
        teacher.import_codes([code], assignment="ZZZZ")
    with pytest.raises(CodeError) as caught:
        teacher.import_codes([code] * 201)
    assert caught.value.key == "too_many_codes"
    from periodic_edu.classroom.room import Teacher
    with pytest.raises(PermissionError):
        Teacher(room, info.code, "x" * 43).import_codes([code])
    assert teacher.homework()["rows"] == []


def test_two_imports_at_once_land_each_code_once(room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    teacher = room.teacher(info.code, info.teacher_key)
    a = homework("elemonster")
    teacher.assign(a)
    codes = [code_of(a, f"S{i}", i)[1] for i in range(6)]
    start = threading.Barrier(2)
    outs, errors = [], []

    def run():
        t = room.teacher(info.code, info.teacher_key)
        start.wait()
        try:
            outs.append(t.import_codes(codes))
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    new = [sum(r["new"] for r in o["imported"]) for o in outs]
    assert sum(new) == 6, new  # every code new in exactly one of the two imports
    assert sorted(r["name"] for r in teacher.homework()["rows"]) == [f"S{i}" for i in range(6)]


def test_two_kernels_importing_at_once_land_each_code_once(room, room_url):
    """The same, from two processes (two teachers' kernels on one store), each with its own
    connection: the contract of issue 34 as a workshop server runs it."""
    import multiprocessing

    import room_workers
    ctx = multiprocessing.get_context("spawn")
    info = room.create_class(game="periodic", tables=1, seats=2)
    teacher = room.teacher(info.code, info.teacher_key)
    a = homework()
    teacher.assign(a)
    codes = [code_of(a, f"P{i}", i)[1] for i in range(6)]
    barrier, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=room_workers.importer,
                         args=(room_url, info.code, info.teacher_key, codes, barrier, results))
             for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0, f"importer exited with {p.exitcode}"
    new = [results.get(timeout=5) for _ in procs]
    assert all(isinstance(n, int) for n in new), new  # an importer's error, said
    assert sum(new) == 6, new  # every code new in exactly one of the two imports
    assert sorted(r["name"] for r in teacher.homework()["rows"]) == [f"P{i}" for i in range(6)]


def test_purge_deletes_the_homework_with_the_class(room, room_url):
    keep = room.create_class(game="periodic", tables=1, seats=2)
    room.teacher(keep.code, keep.teacher_key).assign(homework(seed=5))
    info = room.create_class(game="periodic", tables=1, seats=2)
    teacher = room.teacher(info.code, info.teacher_key)
    a = homework()
    teacher.assign(a)
    _, code = code_of(a, "Quintessa", 1)
    teacher.import_codes([code])
    before = json.dumps(all_rows(room_url), default=str)
    assert "Quintessa" in before and a.id in before
    teacher.purge()
    with pytest.raises(NotFound):
        room.teacher(info.code, info.teacher_key)
    after = json.dumps(all_rows(room_url), default=str)
    assert "Quintessa" not in after and f'"{a.id}"' not in after
    assert homework(seed=5).id in after  # the other class keeps its assignment
    if room_url.startswith("sqlite"):
        path = parse_url(room_url).path
        room.close()
        for suffix in ("", "-wal"):
            if os.path.exists(path + suffix):
                assert b"Quintessa" not in open(path + suffix, "rb").read(), suffix


def test_retention_deletes_the_homework_of_an_expired_class(room, clock):
    info = room.create_class(game="periodic", tables=1, seats=2, keep_days=1)
    teacher = room.teacher(info.code, info.teacher_key)
    a = homework()
    teacher.assign(a)
    teacher.import_codes([code_of(a, "Ada", 1)[1]])
    clock.advance(2 * 86_400)
    assert room.purge_expired() == 1
    with room.store.read() as tx:
        assert tx.one("SELECT COUNT(*) AS n FROM homework_results")["n"] == 0
        assert tx.one("SELECT COUNT(*) AS n FROM assignments")["n"] == 0


def at_once(*calls):
    """Run the calls in threads released together; returns what each returned or raised."""
    start = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        start.wait()
        try:
            results[i] = call()
        except Exception as error:
            results[i] = error

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_an_import_and_a_purge_at_once_leave_no_result(room):
    a = homework()
    codes = [code_of(a, f"S{i}", i)[1] for i in range(3)]
    for _ in range(3):
        info = room.create_class(game="periodic", tables=1, seats=2)
        teacher = room.teacher(info.code, info.teacher_key)
        teacher.assign(a)
        imported, purged = at_once(lambda: teacher.import_codes(codes), teacher.purge)
        assert purged is None, purged
        # the import landed before the purge (and was deleted by it) or found no class
        assert isinstance(imported, (dict, NotFound)), imported
        with room.store.read() as tx:
            assert tx.one("SELECT COUNT(*) AS n FROM homework_results")["n"] == 0


def test_two_teachers_assigning_at_once_keep_it_once(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    a = homework()
    results = at_once(*[lambda: room.teacher(info.code, info.teacher_key).assign(a)] * 3)
    assert results == [a.id] * 3
    assert room.teacher(info.code, info.teacher_key).assignments() == [a]


def test_a_check_of_the_item_bank_is_scored_with_the_banks_key_and_no_key_given(room):
    """Issue 34: the teacher passes no key for items of the kit's bank (their key is the
    bank's); a key the teacher passes still scores the teacher's own items."""
    from periodic_edu.checks import find_item

    info = room.create_class(game="periodic", tables=1, seats=2)
    teacher = room.teacher(info.code, info.teacher_key)
    a = new_assignment(game="periodic", seed=4242, players=2, bots=["greedy"], lang="en",
                       items=["ie-compare-B", "ie-1B"])
    teacher.assign(a)
    item = find_item("en", "ie-compare-B")
    wrong = "a" if item.key != "a" else "b"
    g = AssignedGame(a)
    rng = random.Random(5)
    while not g.is_over:
        g.play(rng.choice(g.game.legal_actions()))
    right = result_code(a, name="Ada", save=g.game.to_json(), answers={
        "ie-compare-B": {"choice": item.key, "reason": item.reason_key},
        "ie-1B": {"choice": "b"}})
    missed = result_code(a, name="Bo", save=g.game.to_json(), answers={
        "ie-compare-B": {"choice": wrong, "reason": item.reason_key}})
    out = teacher.import_codes([right, missed])
    assert out["refused"] == [] and len(out["imported"]) == 2
    rows = teacher.homework()["rows"]
    assert [(r["checked"]["correct"], r["checked"]["of"]) for r in rows] == [(1, 1), (0, 1)]
    # the teacher's own item, by the teacher's key; the bank's still by the bank
    again = read_code(a, right, key={"ie-1B": {"choice": "b"}})
    assert (again["checked"]["correct"], again["checked"]["of"]) == (2, 2)
    assert again["checked"]["items"]["ie-compare-B"]["right"] is True
