"""Bot-against-bot games in bulk, for any game of the kit (:mod:`periodic_edu.games`): one
seeded game, a run of them (``simulate``), and a balance study over many on all cores.

The CLI's ``simulate``, ``elemonster simulate`` and ``balance`` and the strategy lesson use
these functions.

>>> doc = balance(games=4, players=2, bots="greedy", jobs=1)
>>> doc["games"], len(doc["seats"]), sorted(doc["end_triggers"])
(4, 2, ['round_limit', 'stack', 'track'])
>>> [g["seed"] for g in simulate("elemonster", games=2, players=2, bots="random")["games"]]
[0, 1]
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

from .games import DEFAULT_MAX_ROUNDS, GAMES, get_game
from .tabletop.bots import play_out

__all__ = ["DEFAULT_MAX_ROUNDS", "play_game", "simulate", "balance"]

def play_game(game: str, seed: int, players: int, bot_names: Sequence[str],
              options: Mapping[str, Any] | None = None) -> Any:
    """Play one whole game between bots; the same arguments always give the same game.
    ``options``: the game's own settings (``edition``, ``max_rounds``; ``variant``,
    ``score``...)."""
    spec = GAMES[game]
    g = spec.new_game(seed=seed, players=players, **(options or {}))
    play_out(g, [spec.make_bot(name, seed * 10 + i, explain=False)
                 for i, name in enumerate(bot_names)])
    return g


def simulate(game: str, games: int, players: int, bots: str | Sequence[str], seed: int = 0,
             options: Mapping[str, Any] | None = None,
             save_dir: str | Path | None = None) -> dict[str, Any]:
    """``games`` seeded games (seeds ``seed`` ..): per game its seed, turns, rounds, what ended
    it, the scores and the winners; with ``save_dir``, one save file per game."""
    spec = get_game(game)
    bot_names = spec.parse_bots(bots if isinstance(bots, str) else ",".join(bots), players)
    options = dict(options or {})
    folder = Path(save_dir) if save_dir is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    results = []
    start = time.perf_counter()
    g = None
    for s in range(seed, seed + games):
        g = play_game(game, s, players, bot_names, options)
        results.append({"seed": s, "turns": spec.turns(g), "rounds": g.round,
                        "end": spec.end_kind(g),
                        "scores": [r["total"] for r in g.scores()], "winners": g.winners()})
        if folder is not None:
            (folder / f"{spec.save_stem(options, players, s)}.json").write_text(
                g.to_json(indent=1), encoding="utf-8")
    elapsed = time.perf_counter() - start
    settings = (g or spec.new_game(seed=0, players=players, **options)).to_dict()
    return {"game": game, **{k: v for k, v in settings.items()
                             if k in ("edition", "variant", "end", "hearts", "max_rounds")},
            "players": players, "bots": bot_names, "games": results,
            "games_per_second": round(games / elapsed if elapsed > 0 else float("inf"), 2)}


def _balance_chunk(job: tuple) -> dict[str, Any]:
    game, seeds, players, bot_names, options = job
    spec = GAMES[game]
    agg = {"games": 0, "wins": [0.0] * players, "score": [0] * players, "turns": 0,
           "rounds": 0, "ends": dict.fromkeys(spec.end_kinds, 0)}
    for seed in seeds:
        g = play_game(game, seed, players, bot_names, options)
        best = g.winners()
        agg["games"] += 1
        for w in best:
            agg["wins"][w] += 1 / len(best)
        for seat, r in enumerate(g.scores()):
            agg["score"][seat] += r["total"]
        agg["turns"] += spec.turns(g)
        agg["rounds"] += g.round
        agg["ends"][spec.end_kind(g)] += 1
    return agg


def balance(games: int, players: int = 4, bots: str = "greedy", edition: str = "en",
            seed: int = 0, max_rounds: int = DEFAULT_MAX_ROUNDS,
            jobs: int | None = None, game: str = "periodic",
            options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` seeded games (seeds ``seed`` .. ``seed + games - 1``) on ``jobs``
    processes (default: every core) and report seat win rates (shared wins split), mean
    scores, game length and how often each end trigger fired. ``bots``: one bot name, or a
    comma list with one name per seat. ``edition`` and ``max_rounds`` are Periodic's settings;
    another game takes its own in ``options``."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    spec = get_game(game)
    bot_names = spec.parse_bots(bots, players)
    settings = dict(options) if options is not None else spec.balance_settings(edition,
                                                                                max_rounds)
    jobs = jobs or os.cpu_count() or 1
    seeds = list(range(seed, seed + games))
    chunks = max(1, min(len(seeds), jobs * 8))
    work = [(game, seeds[i::chunks], players, bot_names, settings) for i in range(chunks)]
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
    ends = {k: sum(p["ends"][k] for p in parts) for k in spec.end_kinds}
    doc = {"game": game, "games": n, "players": players}
    doc.update({k: settings[k] for k in spec.report_settings})
    doc.update({
        "bots": bot_names, "max_rounds": settings.get("max_rounds"), "jobs": jobs,
        "seconds": round(elapsed, 2),
        "seats": [{"seat": s + 1, "bot": bot_names[s], "win_rate": round(wins[s] / n, 4),
                   "mean_score": round(score[s] / n, 2)} for s in range(players)],
        "mean_turns": round(sum(p["turns"] for p in parts) / n, 2),
        "mean_rounds": round(sum(p["rounds"] for p in parts) / n, 2),
        "end_triggers": {k: {"games": v, "share": round(v / n, 4)} for k, v in ends.items()},
    })
    return doc
