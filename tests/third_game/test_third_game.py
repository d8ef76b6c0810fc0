"""The proof that a game is one package (issue 30): "Higher or Lower", defined only in this
folder and registered with one call, is simulated and replayed by the command line, played to
its end at a class table by three processes on SQLite and PostgreSQL, shown in a class seat
widget with only that seat's secrets, and summed up on the teacher's page with its refusals
grouped - with no change to the kit for it."""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random

import pytest

from periodic_edu.cli.game_commands import run_replay, run_simulate
from periodic_edu.games import GAMES, get_game

from .game import NAME, Game
from . import workers

CTX = multiprocessing.get_context("spawn")


def test_it_is_registered_with_one_call():
    assert get_game(NAME) is GAMES[NAME] and GAMES[NAME].game is Game


def test_the_command_line_simulates_and_replays_it(tmp_path, capsys):
    args = argparse.Namespace(game=NAME, games=3, players=3, seed=7, bots="random",
                              save_dir=str(tmp_path), json=False, lang="en")
    assert run_simulate(args) == 0
    out = capsys.readouterr().out
    assert "3 games, 3 players, bots random, random, random" in out, out
    saves = sorted(tmp_path.glob("higher_lower_3p_seed*.json"))
    assert len(saves) == 3
    # replayed from the save alone: its format names the game
    assert run_replay(argparse.Namespace(game=None, file=str(saves[0]), json=True,
                                         lang="en")) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["is_over"] and summary["ended_by"] == "cards"
    assert summary["state"]["pile"] == [] and len(summary["state"]["hands"]) == 3
    assert run_replay(argparse.Namespace(game=None, file=str(saves[0]), json=False,
                                         lang="en")) == 0
    text = capsys.readouterr().out
    assert "Higher or Lower, seed 7, 3 players" in text and "winner(s):" in text, text


def _not_in_hand(view: dict) -> str:
    """A well-formed move with a card this seat does not hold (the rules refuse it)."""
    held = set(view["hand"])
    card = next(c for c in ("He", "Li", "Be", "B", "C", "N") if c not in held)
    return f"hi:{card}"


def test_three_processes_play_a_whole_game_at_a_class_table(room, room_url):
    seed = random.SystemRandom().randrange(2 ** 32)
    print(f"seed {seed}")  # shown when the test fails
    info = room.create_class(game=NAME, tables=1, seats=3, bot="random")
    seats = [room.join(info.code, n) for n in ("Ada", "Bob", "Cy")]
    # two refusals the rules give reasons for, before the processes play (grouped by rule)
    first = next(s for s in seats if s.view()["to_move"] == s.index)
    from periodic_edu.classroom import IllegalMoveError
    for _ in range(2):
        v = first.view()
        with pytest.raises(IllegalMoveError):
            first.play(_not_in_hand(v), revision=v["revision"])
    results = CTX.Queue()
    procs = [CTX.Process(target=workers.player, args=(room_url, s.token, seed + i, results))
             for i, s in enumerate(seats)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(180)
        assert p.exitcode == 0, f"worker exited with {p.exitcode}"
    reports = sorted(results.get(timeout=5) for _ in procs)
    assert all(len(r) == 5 and r[4] is True for r in reports), (seed, reports)
    replayed = Game.from_json(seats[0].save())
    assert replayed.is_over and sum(r[1] for r in reports) == len(replayed.history)
    teacher = room.teacher(info.code, info.teacher_key)
    overview = teacher.overview()
    assert overview["game"] == NAME
    assert overview["tables"][0]["scores"] == [s["total"] for s in replayed.scores()]
    groups = {g.get("rule"): g for g in overview["refusals"]}
    assert groups["not_in_hand"]["count"] == 2, overview["refusals"]
    # what a worker typed that is no move at all is kept as "unreadable", never as text
    assert set(groups) <= {"not_in_hand", "unreadable"}, overview["refusals"]
    assert sum(g["count"] for g in overview["refusals"]) == 2 + sum(r[2] for r in reports)
    # the teacher's page says the group in words, from the game's own message
    from periodic_edu.widgets import _classroom_data as data
    kind, gid, title = data.group_title(NAME, groups["not_in_hand"], "en")
    assert (kind, gid) == ("rule", "not_in_hand") and "is not in your hand" in title, title
    watched = data.public_table(NAME, 0, room.spectate(info.code, 0), "en", anonymous=True)
    assert [s["hand"] for s in watched["seats"]] == [0, 0, 0]
    assert [s["points"] for s in watched["seats"]] == [s["total"] for s in replayed.scores()]


def test_a_class_seat_widget_shows_only_its_own_hand(tmp_path):
    from periodic_edu.classroom import open_room
    from periodic_edu.widgets.class_seat import ClassPlayWidget
    from .widgets import ClassDuelWidget

    room = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        info = room.create_class(game=NAME, tables=1, seats=2, bot="random")
        ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
        widgets = [ClassDuelWidget(ada), ClassDuelWidget(bob)]
        hands = [room.resume(s.token).view()["hand"] for s in (ada, bob)]
        assert hands[0] and hands[1] and not set(hands[0]) & set(hands[1])
        for i, w in enumerate(widgets):
            state = json.dumps({k: v for k, v in w.get_state().items()
                                if k not in ("_esm", "_css")}, default=str)
            assert w.view["hand"] == hands[i]
            other = hands[1 - i]
            assert not any(f'"{c}"' in state for c in other if c not in w.view["hand"]
                           and c != w.view["face"]), (i, state)
        # the join panel picks the game's seat view through the registry
        panel = ClassPlayWidget(game=NAME, room=room)
        assert panel.game == NAME
    finally:
        room.close()
