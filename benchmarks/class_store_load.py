"""Class-play load on the room store: T tables of K students, each student its own process.

Each student process (as each student's kernel will be) resumes its seat from its token and
loops: on its turn it thinks ``--think`` seconds and plays a random legal action on the revision
it saw; otherwise it waits with ``seat.wait(revision)`` and then reads its new view. The figures:

* games finished and advanced (moved past their start) within ``--duration`` seconds;
* moves landed, and moves refused as stale (none expected: one student moves at a time);
* the time from a move's commit to each other seat of the table holding the new view (its
  ``wait`` returned and its ``view()`` read): p50, p95, max. That is the store's part of the
  issue's "the other seats see each move within 1 s".

This drives the store directly, to show the store's share. The whole path - the page's message,
the kernel's widgets, Voila's websocket - is ``class_load.py``, with protocol clients.

    .venv/bin/python benchmarks/class_store_load.py --tables 10 --seats 3             # SQLite file
    .venv/bin/python benchmarks/class_store_load.py --tables 10 --seats 3 --postgres  # throwaway
    .venv/bin/python benchmarks/class_store_load.py --room postgresql://user@host/db  # a given store

Everything stays on this machine; every wait is bounded; processes and servers are stopped.
"""
from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def student(url: str, token: str, seed: int, think: float, stop_at: float, results) -> None:
    from periodic_edu.classroom import IllegalMoveError, StaleRevisionError, open_room
    rng = random.Random(seed)
    room = open_room(url)
    seat = room.resume(token)
    moves, stale, seen, commits = 0, 0, [], []
    v = seat.view()
    last = v["revision"]
    try:
        while time.time() < stop_at and not v["over"]:
            if v["to_move"] == seat.index and v.get("legal_actions"):
                if think:
                    time.sleep(rng.uniform(0.5, 1.5) * think)
                try:
                    new = seat.play(rng.choice(v["legal_actions"]), revision=v["revision"])
                    commits.append((new, time.time()))
                    moves += 1
                    last = new
                except (StaleRevisionError, IllegalMoveError):
                    stale += 1
                v = seat.view()
                continue
            got = seat.wait(last, timeout=min(5.0, max(0.0, stop_at - time.time())))
            if got is None:
                continue
            v = seat.view()
            now = time.time()
            for r in range(last + 1, v["revision"] + 1):
                seen.append((r, now))
            last = v["revision"]
    finally:
        results.put({"table": seat.table, "index": seat.index, "moves": moves, "stale": stale,
                     "seen": seen, "commits": commits, "over": v["over"]})
        room.close()


def store_arguments(parser: argparse.ArgumentParser) -> None:
    """--seed, --room and --postgres: the store a class benchmark runs on (see store_url)."""
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--room", default=None, help="a store URL (default: a temporary SQLite)")
    parser.add_argument("--postgres", action="store_true",
                        help="start a throwaway PostgreSQL server for the run")


@contextlib.contextmanager
def store_url(args):
    if args.room:
        yield args.room
    elif args.postgres:
        sys.path.insert(0, str(ROOT / "tests" / "classroom"))
        from pgserver import new_database, throwaway_postgres
        with throwaway_postgres() as server:
            yield new_database(server)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/room.db"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--game", default="periodic", choices=["periodic", "elemonster"])
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play at most")
    parser.add_argument("--think", type=float, default=0.2,
                        help="a student's mean thinking time before a move (seconds)")
    store_arguments(parser)
    args = parser.parse_args()
    if not (1 <= args.tables <= 60 and 2 <= args.seats <= 5 and 1 <= args.duration <= 1800):
        print("class_load: --tables 1-60, --seats 2-5, --duration 1-1800", file=sys.stderr)
        return 2
    from periodic_edu.classroom import open_room
    ctx = multiprocessing.get_context("spawn")
    with store_url(args) as url:
        room = open_room(url)
        info = room.create_class(game=args.game, tables=args.tables, seats=args.seats)
        tokens = [room.join(info.code, f"Student {i + 1}").token
                  for i in range(args.tables * args.seats)]
        kind = room.store.kind
        start_revs = {t["table"]: t["revision"]
                      for t in room.teacher(info.code, info.teacher_key).overview()["tables"]}
        results = ctx.Queue()
        stop_at = time.time() + args.duration + 10  # + the processes' start
        procs = [ctx.Process(target=student, args=(url, tok, args.seed * 1000 + i, args.think,
                                                   stop_at, results))
                 for i, tok in enumerate(tokens)]
        began = time.time()
        for p in procs:
            p.start()
        reports = [results.get(timeout=args.duration + 120) for _ in procs]
        for p in procs:
            p.join(30)
        elapsed = time.time() - began
        overview = room.teacher(info.code, info.teacher_key).overview()
        room.close()
    commit_at: dict[tuple[int, int], float] = {}
    for r in reports:
        for revision, at in r["commits"]:
            commit_at[(r["table"], revision)] = at
    delays = sorted(at - commit_at[(r["table"], rev)] for r in reports for rev, at in r["seen"]
                    if (r["table"], rev) in commit_at)
    finished = sum(t["over"] for t in overview["tables"])
    advanced = sum(t["revision"] > start_revs[t["table"]] for t in overview["tables"])
    moves = sum(r["moves"] for r in reports)
    load = os.getloadavg()

    def q(p: float) -> float:
        return delays[min(len(delays) - 1, int(p * len(delays)))] if delays else float("nan")
    print(f"class_load: {args.tables} tables x {args.seats} students ({args.game}), store "
          f"{kind}, {len(procs)} student processes, think {args.think} s, {elapsed:.0f} s")
    print(f"  games finished {finished}/{args.tables}, advanced {advanced}/{args.tables}")
    print(f"  moves landed {moves} ({moves / elapsed:.1f}/s), refused as stale "
          f"{sum(r['stale'] for r in reports)}")
    print(f"  move -> other seats' new view: n={len(delays)} p50 {q(0.5) * 1000:.0f} ms, "
          f"p95 {q(0.95) * 1000:.0f} ms, max {delays[-1] * 1000 if delays else float('nan'):.0f} "
          f"ms, mean {statistics.fmean(delays) * 1000 if delays else float('nan'):.0f} ms")
    print(f"  load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"({os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
