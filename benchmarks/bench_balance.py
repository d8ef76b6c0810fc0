"""`periodic-edu balance` timed from outside the process, on all cores. Prints figures.

    python benchmarks/bench_balance.py [--games 10000] [--players 4] [--bots greedy]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--edition", default="en")
    args = ap.parse_args()
    cmd = [sys.executable, "-m", "periodic_edu", "balance", "--games", str(args.games),
           "--players", str(args.players), "--bots", args.bots, "--edition", args.edition,
           "--json"]
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    doc = json.loads(out)
    print(f"`periodic-edu balance --games {args.games} --players {args.players} --bots "
          f"{args.bots} --edition {args.edition}`: {wall:.1f} s wall from outside "
          f"({doc['jobs']} jobs on {os.cpu_count()} cores), {args.games / wall:.0f} games/s; "
          f"{cpu:.1f} s CPU in all processes (with 2 free cores the wall time would be about "
          f"{cpu / max(1, doc['jobs']):.0f} s)")
    for s in doc["seats"]:
        print(f"  seat {s['seat']}: win rate {s['win_rate']:.1%}, mean score {s['mean_score']}")
    print(f"  mean length {doc['mean_rounds']} rounds / {doc['mean_turns']} turns")
    print("  end triggers: " + ", ".join(f"{k} {v['share']:.1%}"
                                         for k, v in doc["end_triggers"].items()))


if __name__ == "__main__":
    main()
