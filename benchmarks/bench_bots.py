"""Search bot against greedy: win rate over seeded 2-player games (seats alternate) and the
search bot's seconds per move (mean and max). Prints figures; asserts nothing.

    python benchmarks/bench_bots.py --games 100 [--edition en] [--max-rounds 60] [--jobs 1]
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import time

from periodic_edu.engine.bots import make_bot
from periodic_edu.engine import Game


def one(job):
    index, edition, max_rounds, a, b = job
    seed = 1000 + index
    names = [a, b] if index % 2 == 0 else [b, a]   # alternate seats
    g = Game(players=2, edition=edition, seed=seed, max_rounds=max_rounds)
    bots = [make_bot(n, seed * 10 + i) for i, n in enumerate(names)]
    times = {a: [], b: []}
    cpu = {a: [], b: []}
    while not g.is_over:
        p = g.current_player
        t = time.perf_counter()
        c = time.thread_time()
        d = bots[p].choose(g.observe(p))
        cpu[names[p]].append(time.thread_time() - c)
        times[names[p]].append(time.perf_counter() - t)
        g.play(d.action)
    winners = g.winners()
    scores = [r["total"] for r in g.scores()]
    return {"seed": seed, "seats": names, "winners": [names[w] for w in winners],
            "scores": scores, "times": times, "cpu": cpu}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--edition", default="en")
    ap.add_argument("--max-rounds", type=int, default=60)
    ap.add_argument("--bot", default="search")
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--jobs", type=int, default=1,
                    help="parallel games (per-move times are only honest with 1)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    jobs = [(i, args.edition, args.max_rounds, args.bot, args.against) for i in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            results = pool.map(one, jobs)
    else:
        results = [one(j) for j in jobs]
    elapsed = time.perf_counter() - start
    wins = sum(1 / len(r["winners"]) for r in results if args.bot in r["winners"])
    ties = sum(1 for r in results if len(r["winners"]) > 1)
    t = [x for r in results for x in r["times"][args.bot]]
    tc = [x for r in results for x in r["cpu"][args.bot]]
    tg = [x for r in results for x in r["times"][args.against]]
    margin = [r["scores"][r["seats"].index(args.bot)] - r["scores"][1 - r["seats"].index(args.bot)]
              for r in results]
    doc = {"games": len(results), "bot": args.bot, "against": args.against,
           "edition": args.edition, "max_rounds": args.max_rounds,
           "win_rate": round(wins / len(results), 3), "shared_wins": ties,
           "mean_score_margin": round(sum(margin) / len(margin), 2),
           "seconds_per_move": {"mean": round(sum(t) / len(t), 4), "max": round(max(t), 4),
                                "moves": len(t)},
           "cpu_seconds_per_move": {"mean": round(sum(tc) / len(tc), 4),
                                    "max": round(max(tc), 4)},
           "against_seconds_per_move": {"mean": round(sum(tg) / len(tg), 6),
                                        "max": round(max(tg), 4)},
           "wall_seconds": round(elapsed, 1), "jobs": args.jobs, "cpus": os.cpu_count()}
    if args.json:
        print(json.dumps(doc, indent=2))
        return
    print(f"{args.bot} vs {args.against}: {doc['games']} games (2 players, seats alternate, "
          f"edition {args.edition}, max rounds {args.max_rounds})")
    print(f"  win rate of {args.bot}: {doc['win_rate']:.1%} (shared wins counted as halves: {ties})")
    print(f"  mean score margin: {doc['mean_score_margin']:+.1f}")
    print(f"  {args.bot} seconds per move: mean {doc['seconds_per_move']['mean']:.4f}, "
          f"max {doc['seconds_per_move']['max']:.4f} over {len(t)} moves")
    print(f"  {args.bot} CPU seconds per move (this thread only): mean "
          f"{doc['cpu_seconds_per_move']['mean']:.4f}, max {doc['cpu_seconds_per_move']['max']:.4f}")
    print(f"  {args.against} seconds per move: mean "
          f"{doc['against_seconds_per_move']['mean']:.6f}")
    print(f"  wall time {elapsed:.1f} s with {args.jobs} job(s)")


if __name__ == "__main__":
    main()
