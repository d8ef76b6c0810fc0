"""``periodic-edu elemonster simulate|replay``: bot games of Elemonster and saved-game replays.

Same JSON shape and error contract as the Periodic commands: a user's mistake is exit status 2
with one line on stderr. ``--lang en|uk|de`` changes the human output (the ``cli`` catalog),
never the JSON.
"""
from __future__ import annotations

import time
from pathlib import Path

from ..echo import clean
from ..i18n import N_
from ..tabletop.bots import BotListError
from .common import UserError, print_json, read_save
from .lang import Words

#: how an Elemonster game ended (``ended_by``), in words
END_TEXT = {"deck": N_("empty pile"), "score": N_("score reached"),
            "max_rounds": N_("round limit")}


def register(sub) -> None:
    top = sub.add_parser("elemonster", help="the Elemonster card game: simulate, replay")
    inner = top.add_subparsers(dest="elemonster_command", required=True,
                               parser_class=type(top))
    p = inner.add_parser("simulate", help="play Elemonster bot games and report scores")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--variant", default="beginner", choices=["beginner", "advanced"])
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (game i: seed+i)")
    p.add_argument("--bots", default="random", help="bot name, or a comma list, one per seat")
    p.add_argument("--score", type=int, default=None,
                   help="end at this score (the pile is reshuffled) instead of an empty pile")
    p.add_argument("--max-rounds", type=int, default=None)
    p.add_argument("--hearts", default="always", choices=["always", "last_card"])
    p.add_argument("--save-dir", default=None, help="write one save file per game here")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_simulate)

    p = inner.add_parser("replay", help="replay a saved Elemonster game and show the scores")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_replay)


#: E-19: a score ending reshuffles forever, so it always has a round limit
DEFAULT_SCORE_ROUNDS = 60


def _options(args) -> tuple[list[str], dict]:
    from ..elemonster.bots import parse_bot_list
    _ = Words(args.lang)
    at_least = _("{option} must be at least {low}, not {value}")
    if args.games < 1:
        raise UserError(at_least.format(option="--games", low=1, value=args.games))
    if not 2 <= args.players <= 5:
        raise UserError(_("{option} must be {low} to {high}, not {value}").format(
            option="--players", low=2, high=5, value=args.players))
    if args.max_rounds is not None and args.max_rounds < 1:
        raise UserError(at_least.format(option="--max-rounds", low=1, value=args.max_rounds))
    if args.score is not None and args.score < 1:
        raise UserError(at_least.format(option="--score", low=1, value=args.score))
    try:
        bots = parse_bot_list(args.bots, args.players)
    except BotListError as error:
        raise UserError(error.render(args.lang)) from None
    options = {"variant": args.variant, "hearts": args.hearts, "max_rounds": args.max_rounds}
    if args.score is not None:
        options["end"] = ("score", args.score)
        options["max_rounds"] = args.max_rounds or DEFAULT_SCORE_ROUNDS
    return bots, options


def run_simulate(args) -> int:
    from ..elemonster import Game
    from ..elemonster.bots import make_bot, play_out
    bots, options = _options(args)
    save_dir = Path(args.save_dir) if args.save_dir else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    results = []
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        game = Game(players=args.players, seed=seed, **options)
        play_out(game, [make_bot(name, seed * 10 + s, explain=False)
                        for s, name in enumerate(bots)])
        scores = game.scores()
        st = game.state
        results.append({"seed": seed, "turns": st.turn, "rounds": st.round,
                        "end": st.ended_by, "scores": [r["total"] for r in scores],
                        "winners": game.winners()})
        if save_dir is not None:
            (save_dir / f"elemonster_{args.variant}_{args.players}p_seed{seed}.json").write_text(
                game.to_json(indent=1), encoding="utf-8")
    elapsed = time.perf_counter() - start
    rate = args.games / elapsed if elapsed > 0 else float("inf")
    end = options.get("end", "deck")
    doc = {"game": "elemonster", "variant": args.variant, "players": args.players,
           "bots": bots, "end": end if end == "deck" else list(end), "hearts": args.hearts,
           "max_rounds": options["max_rounds"], "games": results,
           "games_per_second": round(rate, 2)}
    if args.json:
        print_json(doc)
        return 0
    _ = Words(args.lang)
    print(_("{games}, {players}, variant {variant}, bots {bots}").format(
        games=_.ngettext("{n} Elemonster game", "{n} Elemonster games",
                         args.games).format(n=args.games),
        players=_.ngettext("{n} player", "{n} players", args.players).format(n=args.players),
        variant=args.variant, bots=", ".join(bots)))
    shown = results if len(results) <= 20 else results[:10]
    seed, turns, end = _("seed"), _("turns"), _("end")
    print(f"{seed:>6} {turns:>5} {end:<14} " + _("scores (seat 1..{n})").format(n=args.players)
          + "  " + _("winners"))
    for r in shown:
        scores = " ".join(f"{s:>4}" for s in r["scores"])
        who = ",".join(str(w + 1) for w in r["winners"])
        end = _(END_TEXT[r["end"]]) if r["end"] in END_TEXT else str(r["end"])
        print(f"{r['seed']:>6} {r['turns']:>5} {end:<14} {scores}   {who}")
    if len(results) > len(shown):
        print(_("... {n} more (use --json for all)").format(n=len(results) - len(shown)))
    print(_("{rate} games per second").format(rate=_.t.number(rate, 1)))
    return 0


def run_replay(args) -> int:
    from ..elemonster import Game
    _ = Words(args.lang)
    doc = read_save(args.file, _)
    if isinstance(doc, dict) and isinstance(doc.get("save"), dict) and "expected" in doc:
        doc = doc["save"]  # a golden game: replay the save inside it
    try:
        game = Game.from_dict(doc)
    except ValueError as error:
        raise UserError(f"{clean(args.file)}: {error}") from None
    summary = game.summary()
    st = game.state
    summary["state"] = {
        "current_player": game.current_player, "pile_size": len(st.pile),
        "discard": list(st.discard),
        "players": [{"seat": s, "name": st.names[s], "hand": list(st.hands[s]),
                     "bonds": [b.to_dict() for b in st.bonds[s]]} for s in range(st.n)],
    }
    if args.json:
        print_json(summary)
        return 0
    _ = Words(args.lang)
    ended = summary["ended_by"]
    state = _("game over") if summary["is_over"] else _("in progress")
    if ended:
        state += f" ({_(END_TEXT[ended]) if ended in END_TEXT else ended})"
    print(_("{file}: Elemonster {variant}, seed {seed}, {players}, {actions}, turn {turn}, "
            "{state}").format(
        file=args.file, variant=summary["variant"], seed=summary["seed"],
        players=_.ngettext("{n} player", "{n} players",
                           len(summary["players"])).format(n=len(summary["players"])),
        actions=_.ngettext("{n} action", "{n} actions",
                           summary["actions"]).format(n=summary["actions"]),
        turn=summary["turns"], state=state))
    seat, name, bonds, points, hand, total = (_("seat"), _("name"), _("bonds"), _("points"),
                                              _("hand"), _("total"))
    print(f"{seat:<6} {name:<12} {bonds:>8} {points:>6} {hand:>6} {total:>6}")
    for r in summary["scores"]:
        print(f"{r['seat'] + 1:<6} {r['name'][:12]:<12} {r['bonds']:>8} {r['bond_points']:>6} "
              f"{r['hand']['total']:>6} {r['total']:>6}")
    print(_("winner(s): {names}").format(names=", ".join(st.names[w] for w in summary["winners"])))
    return 0
