"""What one class-play move costs in game rules, early and late in a game, in each kernel.

One Periodic table of two students, each seat shown in its own "kernel": its own
:class:`~periodic_edu.classroom.Room` over the same store (so its own cache of replayed games)
and its own :class:`~periodic_edu.widgets.class_seat.ClassGameWidget`, driven as the page
drives it (the mover's ``act`` message; the other seat woken and pulling). The game is played
to move 60; at move 5 and at move 60 the calls of the game's rules are counted:

* ``apply``: the rules playing one action (``Game._apply``), the cost of replaying;
* ``check``: the rules checking that an action is legal (``Game._checked``: every play and
  every replayed action is checked);
* ``list``: the rules listing every legal action (``Game._list_legal``);

and the move's wall time in that kernel (for orientation; it varies with the machine's load).

A kernel that replays the whole game for a move pays ``apply`` in proportion to the game's
length; the room hands the table the game it already has (cached by revision) and the log is
told incrementally, so a move should cost about the same at move 60 as at move 5 (goal: at most
~1.5x), in the mover's kernel and in the other seat's.

    .venv/bin/python benchmarks/replay_cost.py              # SQLite, then a throwaway PostgreSQL
    .venv/bin/python benchmarks/replay_cost.py --sqlite     # SQLite only

Everything stays on this machine; the PostgreSQL server (if any) is started and stopped here.
"""
from __future__ import annotations

import argparse
import contextlib
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

#: the moves at which a move's cost is counted (the count is of the move made at that point)
EARLY, LATE = 5, 60


@contextlib.contextmanager
def counting(game_class: Any) -> Iterator[Counter]:
    """Count the calls of ``game_class``'s rules meanwhile (see the module docstring)."""
    calls: Counter = Counter()
    hooks = {name: game_class.__dict__[name] for name in ("_apply", "_checked", "_list_legal")}
    real_apply = hooks["_apply"].__func__ if isinstance(hooks["_apply"], staticmethod) \
        else hooks["_apply"]

    def counted_apply(state: Any, action: Any) -> None:
        calls["apply"] += 1
        real_apply(state, action)

    def counted_check(self: Any, action: Any) -> Any:
        calls["check"] += 1
        return hooks["_checked"](self, action)

    def counted_list(self: Any, state: Any) -> list:
        calls["list"] += 1
        return hooks["_list_legal"](self, state)
    game_class._apply = staticmethod(counted_apply)
    game_class._checked = counted_check
    game_class._list_legal = counted_list
    began = time.perf_counter()
    try:
        yield calls
    finally:
        calls["ms"] = round((time.perf_counter() - began) * 1000)
        for name, hook in hooks.items():
            setattr(game_class, name, hook)


def one_move(kernels: dict[int, Any], game_class: Any, rng: random.Random) -> dict[str, Counter]:
    """The seat to move plays through its widget; the other kernel pulls. The rule calls of
    each kernel, apart."""
    mover = next(i for i, w in kernels.items() if w.table.to_move == w.table.index)
    widget = kernels[mover]
    action = rng.choice(widget.view["legal_actions"])
    costs = {}
    with counting(game_class) as calls:
        ok = widget.handle_message({"type": "act", "action": action, "rev": widget.revision})
        assert ok, widget.error
    costs["mover"] = calls
    for i, other in kernels.items():
        if i != mover:
            with counting(game_class) as calls:
                assert other.pull() is True
            costs["other"] = calls
    return costs


def measure(url: str, seed: int) -> dict[int, dict[str, Counter]]:
    """Play one table to move LATE on the store ``url``; the costs at EARLY and LATE."""
    from periodic_edu.classroom import open_room
    from periodic_edu.engine import Game
    from periodic_edu.widgets.class_seat import ClassGameWidget
    teacher_room = open_room(url)
    info = teacher_room.create_class(game="periodic", tables=1, seats=2)
    tokens = [teacher_room.join(info.code, name).token for name in ("Ada", "Bob")]
    rooms = [open_room(url, create=False) for _ in tokens]  # one room per kernel
    kernels = {i: ClassGameWidget(rooms[i].resume(tok)) for i, tok in enumerate(tokens)}
    rng = random.Random(seed)
    found = {}
    try:
        for move in range(1, LATE + 1):
            costs = one_move(kernels, Game, rng)
            if move in (EARLY, LATE):
                found[move] = costs
            if any(w.table.is_over for w in kernels.values()):
                raise SystemExit(f"replay_cost: the game ended at move {move} (seed {seed})")
    finally:
        for w in kernels.values():
            w.close()
        for r in (*rooms, teacher_room):
            r.close()
    return found


def report(kind: str, found: dict[int, dict[str, Counter]]) -> list[float]:
    ratios = []
    for who in ("mover", "other"):
        early, late = found[EARLY][who], found[LATE][who]
        ratio = (late["apply"] + late["check"]) / max(1, early["apply"] + early["check"])
        ratios.append(ratio)
        print(f"  {kind:10s} {who:5s} kernel: "
              + " | ".join(f"move {n}: apply {c['apply']:3d} check {c['check']:3d} "
                           f"list {c['list']:2d} {c['ms']:4d} ms"
                           for n, c in ((EARLY, early), (LATE, late)))
              + f" | ratio {ratio:.2f}")
    return ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sqlite", action="store_true", help="SQLite only (no PostgreSQL)")
    args = parser.parse_args()
    ratios = []
    print(f"replay_cost: the game rules' calls for one move, at move {EARLY} and move {LATE} "
          f"of one Periodic table (2 seats, seed {args.seed})")
    with tempfile.TemporaryDirectory() as tmp:
        ratios += report("sqlite", measure(f"sqlite:///{tmp}/room.db", args.seed))
    if not args.sqlite:
        sys.path.insert(0, str(ROOT / "tests" / "classroom"))
        from pgserver import new_database, throwaway_postgres
        with throwaway_postgres() as server:
            ratios += report("postgresql", measure(new_database(server), args.seed))
    worst = max(ratios)
    print(f"  worst ratio move {LATE} / move {EARLY}: {worst:.2f} (goal: at most 1.5)")
    return 0 if worst <= 1.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
