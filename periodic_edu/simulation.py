"""Bot-against-bot games in bulk: one seeded game, and a balance study over many on all cores.

The CLI's ``simulate`` and ``balance`` and the strategy lesson use these functions.

>>> doc = balance(games=4, players=2, bots="greedy", jobs=1)
>>> doc["games"], len(doc["seats"]), sorted(doc["end_triggers"])
(4, 2, ['round_limit', 'stack', 'track'])
"""
from __future__ import annotations

import os
import time
from typing import Any, Sequence

from .bots import make_bot, parse_bot_list, play_out
from .engine import Game
from .engine.scoring import winners

__all__ = ["DEFAULT_MAX_ROUNDS", "play_game", "end_kind", "balance"]

DEFAULT_MAX_ROUNDS = 60  # RULES D-12: simulations always set a round limit
END_KINDS = ("stack", "track", "round_limit")


def play_game(seed: int, players: int, edition: str, bot_names: Sequence[str],
              max_rounds: int = DEFAULT_MAX_ROUNDS) -> Game:
    """Play one whole game between bots; the same arguments always give the same game."""
    game = Game(players=players, edition=edition, seed=seed, max_rounds=max_rounds)
    play_out(game, [make_bot(name, seed * 10 + i) for i, name in enumerate(bot_names)])
    return game


def end_kind(st) -> str:
    """What ended a finished game: a goal ``stack`` ran out, the AA ``track`` (D-11), or the
    ``round_limit`` (D-12)."""
    if st.ended_by == "round_limit":
        return "round_limit"
    return "stack" if st.trigger and st.trigger[1] == "stack" else "track"


def _balance_chunk(job: tuple) -> dict[str, Any]:
    seeds, players, edition, bot_names, max_rounds = job
    agg = {"games": 0, "wins": [0.0] * players, "score": [0] * players, "turns": 0,
           "rounds": 0, "ends": dict.fromkeys(END_KINDS, 0)}
    for seed in seeds:
        game = play_game(seed, players, edition, bot_names, max_rounds)
        st = game.state
        rows = game.scores()
        best = winners(st, rows)
        agg["games"] += 1
        for w in best:
            agg["wins"][w] += 1 / len(best)
        for r in rows:
            agg["score"][r["player"]] += r["total"]
        agg["turns"] += st.turns
        agg["rounds"] += st.round
        agg["ends"][end_kind(st)] += 1
    return agg


def balance(games: int, players: int = 4, bots: str = "greedy", edition: str = "en",
            seed: int = 0, max_rounds: int = DEFAULT_MAX_ROUNDS,
            jobs: int | None = None) -> dict[str, Any]:
    """Play ``games`` seeded games (seeds ``seed`` .. ``seed + games - 1``) on ``jobs``
    processes (default: every core) and report seat win rates (shared wins split), mean
    scores, game length and how often each end trigger fired. ``bots``: one bot name, or a
    comma list with one name per seat."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    bot_names = parse_bot_list(bots, players)
    jobs = jobs or os.cpu_count() or 1
    seeds = list(range(seed, seed + games))
    chunks = max(1, min(len(seeds), jobs * 8))
    work = [(seeds[i::chunks], players, edition, bot_names, max_rounds) for i in range(chunks)]
    start = time.perf_counter()
    if jobs == 1:
        parts = [_balance_chunk(w) for w in work]
    else:
        import multiprocessing
        ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        with ctx.Pool(jobs) as pool:
            parts = pool.map(_balance_chunk, work)
    elapsed = time.perf_counter() - start
    n = sum(p["games"] for p in parts)
    wins = [sum(p["wins"][s] for p in parts) for s in range(players)]
    score = [sum(p["score"][s] for p in parts) for s in range(players)]
    ends = {k: sum(p["ends"][k] for p in parts) for k in END_KINDS}
    return {
        "games": n, "players": players, "edition": edition, "bots": bot_names,
        "max_rounds": max_rounds, "jobs": jobs, "seconds": round(elapsed, 2),
        "seats": [{"seat": s + 1, "bot": bot_names[s], "win_rate": round(wins[s] / n, 4),
                   "mean_score": round(score[s] / n, 2)} for s in range(players)],
        "mean_turns": round(sum(p["turns"] for p in parts) / n, 2),
        "mean_rounds": round(sum(p["rounds"] for p in parts) / n, 2),
        "end_triggers": {k: {"games": v, "share": round(v / n, 4)} for k, v in ends.items()},
    }
