"""Game sub-commands: ``simulate``, ``replay`` and ``balance`` (DESIGN §2).

``simulate`` plays bot games and reports seeds, turns, scores and winners; ``replay`` loads a
save file (every action is checked) and prints the final scores; ``balance`` plays many games
on all cores and prints seat win rates, mean scores, game length and end triggers.
"""
from __future__ import annotations

import time
from pathlib import Path

from ..echo import clean
from ..engine import safejson
from ..engine.scoring import winners
from ..simulation import DEFAULT_MAX_ROUNDS, balance, end_kind, play_game
from .common import UserError, print_json


def register(sub) -> None:
    p = sub.add_parser("simulate", help="play bot games and report scores")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--edition", default="en", choices=["en", "uk"])
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (game i: seed+i)")
    p.add_argument("--bots", default="random", help="bot name, or a comma list, one per seat")
    p.add_argument("--max-rounds", type=int, default=DEFAULT_MAX_ROUNDS)
    p.add_argument("--save-dir", default=None, help="write one save file per game here")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_simulate)

    p = sub.add_parser("replay", help="replay a saved game and show the final scores")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_replay)

    p = sub.add_parser("balance", help="seat win rates, scores and game length over many games")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--edition", default="en", choices=["en", "uk"])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="greedy")
    p.add_argument("--max-rounds", type=int, default=DEFAULT_MAX_ROUNDS)
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_balance)


def _check(args) -> list[str]:
    from ..bots import parse_bot_list
    if args.games < 1:
        raise UserError(f"--games must be at least 1, not {args.games}")
    if not 2 <= args.players <= 5:
        raise UserError(f"--players must be 2 to 5, not {args.players}")
    if args.max_rounds < 1:
        raise UserError(f"--max-rounds must be at least 1, not {args.max_rounds}")
    try:
        return parse_bot_list(args.bots, args.players)
    except ValueError as error:
        raise UserError(str(error)) from None


# ---- simulate ----------------------------------------------------------------------------------
def run_simulate(args) -> int:
    bot_names = _check(args)
    save_dir = Path(args.save_dir) if args.save_dir else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    results = []
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        game = play_game(seed, args.players, args.edition, bot_names, args.max_rounds)
        st = game.state
        scores = game.scores()
        results.append({"seed": seed, "turns": st.turns, "rounds": st.round,
                        "end": end_kind(st),
                        "scores": [r["total"] for r in scores],
                        "winners": winners(st, scores)})
        if save_dir is not None:
            (save_dir / f"game_{args.edition}_{args.players}p_seed{seed}.json").write_text(
                game.to_json(indent=1), encoding="utf-8")
    elapsed = time.perf_counter() - start
    rate = args.games / elapsed if elapsed > 0 else float("inf")
    doc = {"edition": args.edition, "players": args.players, "bots": bot_names,
           "max_rounds": args.max_rounds, "games": results, "games_per_second": round(rate, 2)}
    if args.json:
        print_json(doc)
        return 0
    print(f"{args.games} game(s), {args.players} players, edition {args.edition}, "
          f"bots {', '.join(bot_names)}, max rounds {args.max_rounds}")
    shown = results if len(results) <= 20 else results[:10]
    print(f"{'seed':>6} {'turns':>5} {'end':<11} scores (seat 1..{args.players})  winners")
    for r in shown:
        scores = " ".join(f"{s:>4}" for s in r["scores"])
        who = ",".join(str(w + 1) for w in r["winners"])
        print(f"{r['seed']:>6} {r['turns']:>5} {r['end']:<11} {scores}   {who}")
    if len(results) > len(shown):
        print(f"... {len(results) - len(shown)} more (use --json for all)")
    print(f"{rate:.1f} games per second")
    return 0


# ---- replay ------------------------------------------------------------------------------------
def run_replay(args) -> int:
    from ..engine import Game
    shown = clean(args.file)
    try:  # a regular file of at most 1 MB: never /dev/zero, a FIFO or a terminal
        data = safejson.read_limited(args.file)
        doc = safejson.loads(data)
    except safejson.JsonLimitError as error:
        raise UserError(f"{shown}: save file: {error}") from None
    except (OSError, ValueError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else "bad path"
        raise UserError(f"cannot read {shown}: {why}") from None
    if isinstance(doc, dict) and isinstance(doc.get("save"), dict) and "expected" in doc:
        doc = doc["save"]  # a golden playthrough (tests/golden): replay the save inside it
    try:
        game = Game.from_dict(doc)
    except ValueError as error:
        raise UserError(f"{shown}: {error}") from None
    summary = game.summary()
    st = game.state
    summary["state"] = {
        "phase": st.phase, "current_player": st.seat,
        "players": [{"seat": p, "name": st.names[p], "energy": st.energy[p], "flask": st.flask[p],
                     "aa_index": st.aa[p], "research_cubes": st.cubes[p],
                     "completed_cards": list(st.won[p]), "tiles": list(st.tiles[p])}
                    for p in range(st.n)],
        "face_up": [c for c in st.face],
        "trend_spots": list(st.spots),
    }
    if args.json:
        print_json(summary)
        return 0
    print(f"{shown}: edition {summary['edition']}, seed {summary['seed']}, "
          f"{len(summary['players'])} players, {summary['actions']} actions, "
          f"round {summary['rounds']}, {'game over' if summary['is_over'] else 'in progress'}"
          + (f" ({summary['ended_by']})" if summary["ended_by"] else ""))
    header = f"{'seat':<4} {'name':<12} {'cards':>5} {'lab':>4} {'AA':>4} {'cubes':>5} " \
             f"{'agenda':>6} {'total':>5}"
    print(header)
    for r in summary["scores"]:
        print(f"{r['player'] + 1:<4} {r['name'][:12]:<12} {r['printed_points']:>5} "
              f"{r['lab_points']:>4} {r['aa_value']:>4} {r['cubes_on_incomplete']:>5} "
              f"{r['agenda']:>6} {r['total']:>5}")
    print("winner(s): " + ", ".join(st.names[w] for w in summary["winners"]))
    return 0


# ---- balance -----------------------------------------------------------------------------------
def run_balance(args) -> int:
    bot_names = _check(args)
    if args.jobs is not None and args.jobs < 1:
        raise UserError(f"--jobs must be at least 1, not {args.jobs}")
    doc = balance(args.games, args.players, ",".join(bot_names), args.edition, args.seed,
                  args.max_rounds, args.jobs)
    if args.json:
        print_json(doc)
        return 0
    print(f"{doc['games']} games, {args.players} players, edition {args.edition}, bots "
          f"{', '.join(bot_names)}, max rounds {args.max_rounds}, {doc['jobs']} job(s), "
          f"{doc['seconds']:.1f} s")
    print(f"{'seat':<5} {'bot':<8} {'win rate':>8} {'mean score':>10}")
    for s in doc["seats"]:
        print(f"{s['seat']:<5} {s['bot']:<8} {s['win_rate']:>8.1%} {s['mean_score']:>10.2f}")
    print(f"game length: {doc['mean_rounds']:.1f} rounds, {doc['mean_turns']:.1f} turns on average")
    print("end triggered by: " + ", ".join(
        f"{k.replace('_', ' ')} {v['games']} ({v['share']:.1%})"
        for k, v in doc["end_triggers"].items()))
    return 0
