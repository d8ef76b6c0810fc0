"""The moves where the game's arrow and the real data disagreed (issue 20 §3), from the stored
games, on SQLite and on a real PostgreSQL."""
from __future__ import annotations

import random
from collections import Counter

from periodic_edu import trends
from periodic_edu.engine.actions import Action

SEED = 20


def _disagrees(view, text):
    a = Action.parse(text)
    if not a.is_activation:
        return None
    me = view["players_state"][view["to_move"]]
    check = trends.check_step(a.trend, me["flask"], a.dest)
    return (a.trend, me["flask"], a.dest) if check.verdict == "disagrees" else None


def _play_preferring_disagreements(seats, rng, moves):
    """Both seats are people the test drives: each takes a move the data disagrees with when
    it has one, else a random legal one. Returns the disagreeing moves made, per seat."""
    made = Counter()
    for _ in range(moves):
        v = seats[0].view()
        if v["over"]:
            break
        seat = seats[v["to_move"]]
        v = seat.view()
        legal = v["legal_actions"]
        against = [a for a in legal if _disagrees(v, a)]
        choice = rng.choice(against or legal)
        key = _disagrees(v, choice)
        seat.play(choice, revision=v["revision"])  # nobody else plays: never stale
        if key:
            made[(*key, seat.index)] += 1
    return made


def test_the_overview_lists_every_move_against_the_data(room):
    rng = random.Random(SEED)
    info = room.create_class(game="periodic", tables=2, seats=2, edition="en", max_rounds=6)
    seats = [room.join(info.code, n) for n in ("Ada", "Bob", "Cy", "Dee")]
    made = Counter()
    for table in (seats[:2], seats[2:]):
        made += Counter({(*k, table[0].table): n for k, n in
                         _play_preferring_disagreements(table, rng, 150).items()})
    assert made, f"seed {SEED}: no move against the data was made"
    o = room.teacher(info.code, info.teacher_key).overview()
    want = Counter()
    for (trend, source, target, _seat, _table), n in made.items():
        want[(trend, source, target)] += n
    got = {(a["trend"], a["from"], a["to"]): a["count"] for a in o["against_data"]}
    assert got == dict(want), f"seed {SEED}"
    counts = [a["count"] for a in o["against_data"]]
    assert counts == sorted(counts, reverse=True)
    for a in o["against_data"]:
        check = trends.check_step(a["trend"], a["from"], a["to"])
        assert check.verdict == "disagrees" and (a["before"], a["after"]) == (check.before,
                                                                             check.after)
        assert 1 <= len(a["examples"]) <= min(3, a["count"])
        for ex in a["examples"]:
            assert any(k[:3] == (a["trend"], a["from"], a["to"]) and k[3:] == (ex["seat"],
                       ex["table"]) for k in made), (a, ex)
        assert set(a) == {"trend", "from", "to", "property", "before", "after", "count",
                          "examples"}  # public facts only: no names, no hands


def test_a_class_without_moves_has_nothing_against_the_data(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    room.join(info.code, "Ada")
    assert room.teacher(info.code, info.teacher_key).overview()["against_data"] == []
    info = room.create_class(game="elemonster", tables=1, seats=2)
    room.join(info.code, "Ada")
    room.join(info.code, "Bob")
    assert room.teacher(info.code, info.teacher_key).overview()["against_data"] == []
