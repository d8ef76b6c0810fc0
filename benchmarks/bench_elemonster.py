"""Elemonster games per second, measured from outside as a user runs them: the wall time of
``periodic-edu elemonster simulate`` for random and for greedy bots, and its CPU time (the
honest figure on a shared machine). Prints figures; asserts nothing.

    python benchmarks/bench_elemonster.py [--games 200] [--players 3] [--variant beginner]
"""
from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import time


def measure(bots: str, games: int, players: int, variant: str) -> dict:
    exe = shutil.which("periodic-edu")
    cmd = ([exe] if exe else [sys.executable, "-m", "periodic_edu"]) + [
        "elemonster", "simulate", "--games", str(games), "--players", str(players),
        "--variant", variant, "--bots", bots, "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    doc = json.loads(out.stdout)
    turns = sum(g["turns"] for g in doc["games"]) / games
    return {"bots": bots, "games": games, "players": players, "variant": variant,
            "wall_seconds": round(wall, 2), "games_per_second": round(games / wall, 1),
            "cpu_seconds": round(cpu, 2), "games_per_cpu_second": round(games / cpu, 1),
            "inside_games_per_second": doc["games_per_second"], "mean_turns": round(turns, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--variant", default="beginner", choices=["beginner", "advanced"])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = [measure(b, args.games, args.players, args.variant) for b in ("random", "greedy")]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        print(f"{r['bots']:<7} {r['games']} games, {r['players']} players, {r['variant']}: "
              f"{r['wall_seconds']} s wall, {r['games_per_second']} games/s from outside "
              f"({r['inside_games_per_second']} inside); {r['cpu_seconds']} s CPU, "
              f"{r['games_per_cpu_second']} games per CPU second; {r['mean_turns']} turns per game")


if __name__ == "__main__":
    main()
