"""The teacher moves a student to another table before it starts (issue 20, part 4), on SQLite
and on a real PostgreSQL."""
from __future__ import annotations

import pytest

from periodic_edu.classroom import BadInput, NotFound, NotStarted, TableFull

from test_processes import _at_once


def _names(teacher):
    return [[s["name"] for s in t["seats"]] for t in teacher.overview()["tables"]]


def test_a_student_moves_with_their_token_pin_and_refusals(room):
    info = room.create_class(game="periodic", tables=2, seats=3)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    teacher = room.teacher(info.code, info.teacher_key)
    before = [t["revision"] for t in teacher.overview()["tables"]]
    assert teacher.move(0, 1, to_table=1) == (1, 0)
    assert _names(teacher) == [["Ada", None, None], ["Bob", None, None]]
    after = [t["revision"] for t in teacher.overview()["tables"]]
    assert after[0] > before[0] and after[1] > before[1]  # both tables' pages wake up
    # Bob's page follows him: the same token now reads table 1, his PIN still rejoins
    assert bob.view()["room"]["table"] == 1
    again = room.rejoin(info.code, "Bob", bob.pin)
    assert (again.table, again.index) == (1, 0)
    # the freed seat takes the next joiner; Bob's name is still taken in the class
    assert (room.join(info.code, "Cy").table, ada.view()["room"]["table"]) == (0, 0)


def test_a_moved_student_s_page_still_holds_one_seat(room):
    from periodic_edu.classroom import RoomError
    info = room.create_class(game="periodic", tables=2, seats=3)
    page = "d" * 32
    room.join(info.code, "Bob", asker=page)
    room.teacher(info.code, info.teacher_key).move(0, 0, to_table=1)
    with pytest.raises(RoomError) as refused:  # the page's seat moved with Bob
        room.join(info.code, "Bob2", asker=page)
    assert refused.value.key == "one_seat"


def test_refusals_change_nothing(room):
    info = room.create_class(game="periodic", tables=3, seats=2)
    room.join(info.code, "Ada")  # table 0 seat 0
    room.join(info.code, "Bob")  # table 0 seat 1: table 0 starts
    room.join(info.code, "Cy")   # table 1 seat 0
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.move(1, 0, to_table=2)
    with pytest.raises(NotFound):
        teacher.move(1, 0, to_table=2)  # nobody sits there now
    with pytest.raises(NotFound):
        teacher.move(2, "x", to_table=1)
    teacher.start_table(1)
    state = _names(teacher)
    with pytest.raises(NotStarted) as e:
        teacher.move(0, 0, to_table=2)  # the student's table has started
    assert e.value.key == "started" and "table 0" in str(e.value)
    with pytest.raises(NotStarted):
        teacher.move(2, 0, to_table=1)  # the target has started
    with pytest.raises(BadInput) as e:
        teacher.move(2, 0, to_table=2)
    assert e.value.key == "same_table"
    with pytest.raises(NotFound):
        teacher.move(2, 0, to_table=7)
    with pytest.raises(PermissionError):  # the key is checked again on every control
        type(teacher)(room, info.code, "k" * 43).move(2, 0, to_table=1)
    assert _names(teacher) == state


def test_a_move_that_fills_a_table_starts_it(room):
    info = room.create_class(game="periodic", tables=2, seats=2)
    teacher = room.teacher(info.code, info.teacher_key)
    room.join(info.code, "A")
    teacher.move(0, 0, to_table=1)
    room.join(info.code, "B")  # table 0 seat 0 again
    assert teacher.move(0, 0, to_table=1) == (1, 1)  # fills table 1: it starts, as a join
    assert [t["status"] for t in teacher.overview()["tables"]] == ["waiting", "playing"]
    room.join(info.code, "C")
    with pytest.raises(NotStarted):
        teacher.move(0, 0, to_table=1)


def test_a_full_waiting_table_refuses_a_move(room):
    info = room.create_class(game="periodic", tables=2, seats=2)
    teacher = room.teacher(info.code, info.teacher_key)
    room.join(info.code, "A")
    teacher.set_bot(0, 1, "greedy")  # table 0: A and a bot, still waiting
    room.join(info.code, "B")  # table 1 seat 0
    with pytest.raises(TableFull) as e:
        teacher.move(1, 0, to_table=0)
    assert e.value.key == "table_full" and e.value.params == {"table": 0}
    assert _names(teacher) == [["A", None], ["B", None]]


def test_two_moves_into_the_last_seat_at_once_one_lands(room):
    info = room.create_class(game="periodic", tables=3, seats=3)
    teacher = room.teacher(info.code, info.teacher_key)
    for n in ("A", "B", "C", "D"):
        room.join(info.code, n)  # table 0 full (starts), D at table 1 seat 0
    teacher.move(1, 0, to_table=2)  # D at table 2
    room.join(info.code, "E")  # table 1 seat 0
    room.join(info.code, "F")  # table 1 seat 1
    teacher.set_bot(2, 1, "greedy")  # table 2: D, a bot, one free seat
    out = _at_once([lambda: teacher.move(1, 0, to_table=2),
                    lambda: teacher.move(1, 1, to_table=2)])
    landed = [o for o in out if isinstance(o, tuple)]
    assert len(landed) == 1 and landed[0] == (2, 2), out
    assert isinstance([o for o in out if not isinstance(o, tuple)][0],
                      (TableFull, NotStarted)), out
    names = _names(teacher)
    assert sorted(n for t in names for n in t if n) == ["A", "B", "C", "D", "E", "F"]
    assert teacher.overview()["tables"][2]["status"] == "playing"  # the move filled it
