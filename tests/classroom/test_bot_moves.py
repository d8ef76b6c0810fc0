"""A bot's share of each seat's moves (issue 28, "absent is not finished"): the results count,
per seat, its moves and how many a bot made (a stand-in for an away student, a seat handed to a
bot by the teacher, an empty seat), mark a seat played mostly by bots and one a stand-in played
for more than STAND_IN_TURNS turns; on SQLite and PostgreSQL."""
from __future__ import annotations

import json
import threading

from periodic_edu.classroom import open_room
from periodic_edu.classroom.bot_moves import STAND_IN_TURNS
from periodic_edu.widgets import _classroom_data as data

IDLE = 60


def _play_by_hand(seat) -> None:
    v = seat.view()
    seat.play(v["legal_actions"][0], revision=v["revision"])


def test_the_results_count_each_seats_bot_moves(room, clock):
    """Ada plays, then is away (a stand-in plays her turns); Bob plays, then the teacher hands
    his seat to a bot and back; the third seat is empty (the class's bot). The test keeps its
    own tally of who made each move (its own hand moves, and the seat that was to move at each
    bot move step_bots made); the results must say the same, and the game's save must hold
    exactly those moves."""
    info = room.create_class(game="periodic", tables=1, seats=3, idle_seconds=IDLE,
                             max_rounds=7)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    teacher = room.teacher(info.code, info.teacher_key)
    teacher.start_table(0)
    hand = [0, 0, 0]
    bot = [0, 0, 0]
    stand_in_turns = 0
    last = None  # (seat, by a stand-in) of the move before
    step = 0
    while not ada.view()["over"]:
        step += 1
        assert step < 2_000, "the game did not end"
        v = ada.view()
        seat = v["to_move"]
        if step == 8:
            teacher.set_bot(0, 1, "greedy")  # Bob's seat to a bot, by the teacher
        if step == 18:
            teacher.set_bot(0, 1, None)  # and back
        handed = 8 <= step < 18
        ada_away = step >= 24
        if seat == 0 and not ada_away:
            _play_by_hand(ada)
            hand[0] += 1
            last = (0, False)
            continue
        if seat == 1 and not handed:
            _play_by_hand(bob)
            hand[1] += 1
            last = (1, False)
            continue
        # a bot's move: an empty seat, a handed seat, or Ada away past her idle time
        (bob if not handed else ada).touch()  # a person is at the table: it plays on
        if seat == 0:
            clock.advance(IDLE + 1)
            bob.touch()
        made = room.step_bots(info.code, max_moves=1)
        assert made == 1, (step, seat)
        bot[seat] += 1
        stand_in = seat == 0
        if stand_in and last != (0, True):
            stand_in_turns += 1
        last = (seat, stand_in)
    print(f"\n{step} moves: by hand {hand}, by bots {bot}, stand-in turns {stand_in_turns}")
    rows = teacher.results()["rows"]
    assert [r["moves"] for r in rows] == [h + b for h, b in zip(hand, bot)]
    assert [r["bot_moves"] for r in rows] == bot
    assert bot[0] > 0 and bot[1] > 0 and hand[1] > 0 and bot[2] > 0
    actions = json.loads(ada.save())["actions"]
    assert sum(r["moves"] for r in rows) == len(actions) == sum(hand) + sum(bot)
    # the table's log holds one event per bot move, each with its action
    log = ada.log()
    for s in range(3):
        mine = [e for e in log if e["seat"] == s and e["kind"] in ("stand_in", "bot_move")]
        assert len(mine) == bot[s] and all(e["action"] in actions for e in mine)
    assert [r["mostly_bots"] for r in rows] == [b * 2 > h + b for h, b in zip(hand, bot)]
    assert rows[2]["mostly_bots"] is True and rows[2]["bot_moves"] == rows[2]["moves"]
    assert rows[0]["stand_in_turns"] == stand_in_turns
    assert stand_in_turns > STAND_IN_TURNS and rows[0]["long_stand_in"] is True
    assert rows[1]["long_stand_in"] is False
    assert rows[1]["stand_in_turns"] == 0  # handed by the teacher: no stand-in

    # the teacher's page marks the seat a stand-in played for long, with the same counts
    seen = data.glance(teacher.overview(), {}, "en", anonymous=True)["tables"][0]["seats"]
    assert [(x["bot_moves"], x["moves"], x["long_stand_in"]) for x in seen] == [
        (r["bot_moves"], r["moves"], r["long_stand_in"]) for r in rows]
    assert seen[0]["stand_in_turns"] == stand_in_turns and seen[0]["name"] is None

    # the CSV says the same, in the teacher's language, under its own columns
    table = data.results_table(teacher.results(), "en", anonymous=False)
    lines = [line.split(",") for line in table["csv"].strip().split("\r\n")]
    head = lines[0]
    for r, line in zip(rows, lines[1:]):
        cells = dict(zip(head, line))
        assert int(cells["moves"]) == r["moves"]
        assert int(cells["moves made by a bot"]) == r["bot_moves"]
        assert cells["played mostly by bots"] == ("1" if r["mostly_bots"] else "0")
        assert int(cells["turns a stand-in played"]) == r["stand_in_turns"]
        long = f"a stand-in played more than {STAND_IN_TURNS} turns"
        assert cells[long] == ("1" if r["long_stand_in"] else "0")
    de = data.results_table(teacher.results(), "de", anonymous=True)["csv"].splitlines()[0]
    assert "von einem Bot" in de


def test_bot_moves_from_two_processes_at_once_are_counted_once(room, room_url):
    """Two rooms on one store step an all-bot table at once: each move is claimed once, so the
    bot events are exactly the game's moves."""
    info = room.create_class(game="elemonster", tables=1, seats=2, max_rounds=2)
    room.start_table(info.code, info.teacher_key, 0)
    other = open_room(room_url)
    barrier = threading.Barrier(2)
    errors = []

    def run(r):
        try:
            barrier.wait()
            while r.step_bots(info.code, max_moves=5):
                pass
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
    threads = [threading.Thread(target=run, args=(r,)) for r in (room, other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    other.close()
    assert errors == []
    teacher = room.teacher(info.code, info.teacher_key)
    o = teacher.overview()["tables"][0]
    assert o["over"]
    rows = teacher.results()["rows"]
    assert all(r["bot_moves"] == r["moves"] > 0 for r in rows)
    assert all(r["mostly_bots"] for r in rows)
