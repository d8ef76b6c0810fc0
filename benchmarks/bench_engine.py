"""Engine speed: random 4-player games per second, microseconds per action, legal-action
generation, undo, save/load, and the CLI timed from outside the process (startup included).
Prints figures; asserts nothing.

    python benchmarks/bench_engine.py [--games 500] [--players 4] [--max-rounds 60]
"""
from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time

from periodic_edu.engine.bots import make_bot, play_out
from periodic_edu.engine import Game
from periodic_edu.engine.rules import legal_actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=60)
    ap.add_argument("--no-cli", action="store_true", help="skip the subprocess measurement")
    args = ap.parse_args()

    # 1. in-process random games through the public API (Game + view + bot)
    start = time.perf_counter()
    cpu0 = time.process_time()
    actions = turns = 0
    for seed in range(args.games):
        g = Game(players=args.players, seed=seed, max_rounds=args.max_rounds)
        play_out(g, [make_bot("random", seed * 10 + i) for i in range(args.players)])
        actions += len(g.history)
        turns += g.turns
        g.scores()
    dt = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    print(f"in process: {args.games} random {args.players}-player games (max rounds "
          f"{args.max_rounds}) in {dt:.2f} s wall / {cpu:.2f} s CPU = {args.games / dt:.1f} "
          f"games/s wall, {args.games / cpu:.1f} games/s per CPU second; "
          f"{actions / args.games:.0f} actions and {turns / args.games:.0f} turns per game; "
          f"{dt / actions * 1e6:.1f} us per action (bot included)")

    # 2. pieces
    g = Game(players=4, seed=1, max_rounds=args.max_rounds)
    rng = random.Random(0)
    states = []
    while not g.is_over:
        states.append(g.state.clone())
        g.play(rng.choice(g.legal_actions()))
    t = time.perf_counter()
    for st in states * 5:
        legal_actions(st)
    per = (time.perf_counter() - t) / (len(states) * 5)
    print(f"legal_actions: {per * 1e6:.1f} us per call")
    t = time.perf_counter()
    for st in states:
        st.clone()
    print(f"state clone (snapshot): {(time.perf_counter() - t) / len(states) * 1e6:.1f} us")
    n = len(g.history)
    t = time.perf_counter()
    k = min(200, n)
    for _ in range(k):
        g.undo()
    print(f"undo: {(time.perf_counter() - t) / k * 1e6:.1f} us per undo "
          f"(checkpoint every 16 actions + replay)")
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    text = g.to_json()
    t = time.perf_counter()
    Game.from_json(text)
    print(f"save: {len(text)} bytes for {n} actions; load (replay, every action checked): "
          f"{(time.perf_counter() - t) * 1e3:.1f} ms")
    t = time.perf_counter()
    for p in range(4):
        g.view(p)
    print(f"view(player) as JSON-ready dict: {(time.perf_counter() - t) / 4 * 1e6:.0f} us")

    # 3. the CLI, timed from outside the process (interpreter start and imports included)
    if not args.no_cli:
        cmd = [sys.executable, "-m", "periodic_edu", "simulate", "--games", str(args.games),
               "--players", str(args.players), "--bots", "random", "--max-rounds",
               str(args.max_rounds), "--json"]
        import resource
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        dt = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print(f"CLI from outside: `periodic-edu simulate --games {args.games} --players "
              f"{args.players} --bots random --max-rounds {args.max_rounds} --json` took "
              f"{dt:.2f} s wall = {args.games / dt:.1f} games/s, {cpu:.2f} s CPU = "
              f"{args.games / cpu:.1f} games/s per CPU second (startup included)")


if __name__ == "__main__":
    main()
