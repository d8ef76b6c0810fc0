"""Game sub-commands: ``simulate``, ``replay`` and ``balance`` (DESIGN §2).

``simulate`` plays bot games and reports seeds, turns, scores and winners; ``replay`` loads a
save file (every action is checked) and prints the final scores; ``balance`` plays many games
on all cores and prints seat win rates, mean scores, game length and end triggers.
"""
from __future__ import annotations

import time
from pathlib import Path

from ..echo import clean
from ..engine.scoring import winners
from ..simulation import DEFAULT_MAX_ROUNDS, balance, end_kind, play_game
from ..tabletop.bots import BotListError
from .common import UserError, print_json, read_save
from ..i18n import N_
from .lang import Words

#: What ended a game (ids of simulation.end_kind and Game.summary()["ended_by"]) in words.
END_TEXT = {"stack": N_("stack"), "track": N_("track"), "round_limit": N_("round limit"),
            "final_turns": N_("final turns")}


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
    _ = Words(args.lang)
    if args.games < 1:
        raise UserError(_("{option} must be at least {low}, not {value}").format(
            option="--games", low=1, value=args.games))
    if not 2 <= args.players <= 5:
        raise UserError(_("{option} must be {low} to {high}, not {value}").format(
            option="--players", low=2, high=5, value=args.players))
    if args.max_rounds < 1:
        raise UserError(_("{option} must be at least {low}, not {value}").format(
            option="--max-rounds", low=1, value=args.max_rounds))
    try:
        return parse_bot_list(args.bots, args.players)
    except BotListError as error:
        raise UserError(error.render(args.lang)) from None


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
    _ = Words(args.lang)
    print(_("{games}, {players} players, edition {edition}, bots {bots}, max rounds "
            "{max_rounds}").format(
        games=_.ngettext("{n} game", "{n} games", args.games).format(n=args.games),
        players=args.players, edition=args.edition, bots=", ".join(bot_names),
        max_rounds=args.max_rounds))
    shown = results if len(results) <= 20 else results[:10]
    seed, turns, end = _("seed"), _("turns"), _("end")
    print(f"{seed:>6} {turns:>5} {end:<11} " + _("scores (seat 1..{n})").format(n=args.players)
          + "  " + _("winners"))
    for r in shown:
        scores = " ".join(f"{s:>4}" for s in r["scores"])
        who = ",".join(str(w + 1) for w in r["winners"])
        end = _(END_TEXT.get(r["end"], r["end"]))
        print(f"{r['seed']:>6} {r['turns']:>5} {end:<11} {scores}   {who}")
    if len(results) > len(shown):
        print(_("... {n} more (use --json for all)").format(n=len(results) - len(shown)))
    print(_("{rate} games per second").format(rate=_.t.number(rate, 1)))
    return 0


# ---- replay ------------------------------------------------------------------------------------
def run_replay(args) -> int:
    from ..engine import Game
    _ = Words(args.lang)
    shown = clean(args.file)
    doc = read_save(args.file, _)
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
    _ = Words(args.lang)
    state = _("game over") if summary["is_over"] else _("in progress")
    if summary["ended_by"]:
        state += " ({})".format(_(END_TEXT.get(summary["ended_by"], summary["ended_by"])))
    print(_("{file}: edition {edition}, seed {seed}, {players} players, {actions} actions, "
            "round {round}, {state}").format(
        file=shown, edition=summary["edition"], seed=summary["seed"],
        players=len(summary["players"]), actions=summary["actions"],
        round=summary["rounds"], state=state))
    head = [_("seat"), _("name"), _("cards"), _("lab"), _("AA"), _("cubes"), _("agenda"),
            _("total")]
    print("{:<4} {:<12} {:>5} {:>4} {:>4} {:>5} {:>6} {:>5}".format(*head))
    for r in summary["scores"]:
        print(f"{r['player'] + 1:<4} {r['name'][:12]:<12} {r['printed_points']:>5} "
              f"{r['lab_points']:>4} {r['aa_value']:>4} {r['cubes_on_incomplete']:>5} "
              f"{r['agenda']:>6} {r['total']:>5}")
    print(_("winner(s): {names}").format(names=", ".join(st.names[w] for w in summary["winners"])))
    return 0


# ---- balance -----------------------------------------------------------------------------------
def run_balance(args) -> int:
    bot_names = _check(args)
    if args.jobs is not None and args.jobs < 1:
        raise UserError(Words(args.lang)("{option} must be at least {low}, not {value}").format(
            option="--jobs", low=1, value=args.jobs))
    doc = balance(args.games, args.players, ",".join(bot_names), args.edition, args.seed,
                  args.max_rounds, args.jobs)
    if args.json:
        print_json(doc)
        return 0
    _ = Words(args.lang)
    number = _.t.number

    def percent(share: float) -> str:
        return number(100 * share, 1) + ("%" if _.t.lang == "en" else "\u00a0%")

    print(_("{games}, {players} players, edition {edition}, bots {bots}, max rounds "
            "{max_rounds}, {jobs} job(s), {seconds} s").format(
        games=_.ngettext("{n} game", "{n} games", doc["games"]).format(n=doc["games"]),
        players=args.players, edition=args.edition, bots=", ".join(bot_names),
        max_rounds=args.max_rounds, jobs=doc["jobs"], seconds=number(doc["seconds"], 1)))
    print("{:<5} {:<8} {:>8} {:>10}".format(_("seat"), _("bot"), _("win rate"), _("mean score")))
    for s in doc["seats"]:
        print(f"{s['seat']:<5} {s['bot']:<8} {percent(s['win_rate']):>8} "
              f"{number(s['mean_score'], 2):>10}")
    print(_("game length: {rounds} rounds, {turns} turns on average").format(
        rounds=number(doc["mean_rounds"], 1), turns=number(doc["mean_turns"], 1)))
    print(_("end triggered by: {kinds}").format(kinds=", ".join(
        "{} {} ({})".format(_(END_TEXT.get(k, k.replace("_", " "))), v["games"],
                           percent(v["share"]))
        for k, v in doc["end_triggers"].items())))
    return 0
