"""A class-play move is replayed at most once per kernel (issue 30): the room hands the table
the game it already replayed (cached by revision) and the log is told incrementally, so a move
late in a game costs the rules no more than a move early on, in the mover's kernel and in the
other seat's. Each "kernel" is its own Room over one SQLite file (its own cache) and its own
seat widget, driven as the page drives it. ``benchmarks/replay_cost.py`` prints the figures."""
from __future__ import annotations

import contextlib
import json
import random
from collections import Counter

import pytest

from periodic_edu import games as registry
from periodic_edu.classroom import open_room
from periodic_edu.widgets.class_seat import ClassElemonsterWidget, ClassGameWidget

SEED = 3
#: game -> (its seat widget, the move counted early, the move counted late)
GAMES = {"periodic": (ClassGameWidget, 4, 24), "elemonster": (ClassElemonsterWidget, 3, 14)}


@pytest.fixture(autouse=True)
def page_per_widget(monkeypatch):
    """Each widget is a page of its own (its own one-seat-per-class bound)."""
    import itertools

    from periodic_edu.widgets import _page_limits
    monkeypatch.setattr(_page_limits, "this_page", lambda: _page_limits.PageLimits(
        clock=itertools.count(1000.0).__next__))


@contextlib.contextmanager
def rule_calls(monkeypatch, game_class):
    """Count the game's rules playing an action (``_apply``) meanwhile."""
    calls: Counter = Counter()
    real = game_class.__dict__["_apply"].__func__

    def counted(state, action):
        calls["apply"] += 1
        real(state, action)
    with monkeypatch.context() as patch:
        patch.setattr(game_class, "_apply", staticmethod(counted))
        yield calls


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_move_costs_the_same_early_and_late_in_every_kernel(tmp_path, monkeypatch, game):
    widget, first, last = GAMES[game]
    game_class = registry.GAMES[game].game
    url = f"sqlite:///{tmp_path / 'room.db'}"
    rooms = [open_room(url) for _ in range(3)]  # the teacher's process, then one per kernel
    info = rooms[0].create_class(game=game, tables=1, seats=2)
    tokens = [rooms[0].join(info.code, name).token for name in ("Ada", "Bob")]
    kernels = [widget(rooms[1 + i].resume(tok)) for i, tok in enumerate(tokens)]
    rng = random.Random(SEED)
    costs = {}
    for move in range(1, last + 1):
        mover = next(w for w in kernels if w.table.to_move == w.table.index)
        other = next(w for w in kernels if w is not mover)
        action = rng.choice(mover.view["legal_actions"])
        with rule_calls(monkeypatch, game_class) as mine:
            assert mover.handle_message({"type": "act", "action": action,
                                         "rev": mover.revision}), (SEED, move, mover.error)
        with rule_calls(monkeypatch, game_class) as theirs:
            assert other.pull() is True
        costs[move] = (mine["apply"], theirs["apply"])
    early, late = costs[first], costs[last]
    # a whole replay at the late move costs as many plays as moves before it: each kernel
    # plays the new action once for the room's game and once for the log, whatever the
    # game's length
    assert late == early and max(late) <= 2, (SEED, costs)
    # and what the cache built, move by move, is the stored game replayed from its seed
    assert not kernels[0].table.is_over, SEED  # the game went on to the late move
    with rooms[0].store.read() as tx:
        save = tx.one("SELECT save FROM room_tables")["save"]
    replayed = game_class.from_dict(json.loads(save))
    for w in kernels:
        assert w.table.game.to_dict() == json.loads(save)
        assert w.table.game.view(w.table.index) == replayed.view(w.table.index)
        assert [e["action"] for e in w.table.entries] == replayed.history
        # the log told move by move says what a kernel opened now says from the whole game
        anew = widget(rooms[0].resume(tokens[w.table.index]))
        for lang in ("en", "de"):
            assert w.table.log(lang, w.table.index) == anew.table.log(lang, w.table.index)
        anew.close()
    for w in kernels:
        w.close()
    for r in rooms:
        r.close()
