"""Game sub-commands: ``simulate``, ``replay`` and ``balance`` (DESIGN §2).

``simulate`` plays bot games and reports seeds, turns, scores and winners; ``replay`` loads a
save file (every action is checked) and prints the final scores; ``balance`` plays many games
on all cores and prints seat win rates, mean scores, game length and end triggers.
"""
from __future__ import annotations

from ..echo import clean
from ..games import DEFAULT_MAX_ROUNDS, GAMES, spec_of_save
from ..i18n import N_
from ..simulation import balance, simulate
from ..tabletop.bots import BotListError
from .common import UserError, print_json, read_save
from .lang import Words

#: What ended a game (ids of GameSpec.end_kind and Game.summary()["ended_by"]) in words.
#: The bots' names in a balance report (a German lesson prints "Gier-Bot", not "greedy").
BOT_TEXT = {"search": N_("search"), "greedy": N_("greedy"), "random": N_("random")}
END_TEXT = {"stack": N_("stack"), "track": N_("track"), "round_limit": N_("round limit"),
            "final_turns": N_("final turns"), "deck": N_("empty pile"),
            "score": N_("score reached"), "max_rounds": N_("round limit")}


def register(sub) -> None:
    p = sub.add_parser("simulate", help="play bot games and report scores")
    add_simulate_options(p)
    p.add_argument("--edition", default="en", choices=["en", "uk"])
    p.add_argument("--max-rounds", type=int, default=DEFAULT_MAX_ROUNDS)
    p.set_defaults(run=run_simulate, game="periodic")

    p = sub.add_parser("replay", help="replay a saved game (either game) and show the scores")
    add_replay_options(p)
    p.set_defaults(run=run_replay, game=None)

    p = sub.add_parser("balance", help="seat win rates, scores and game length over many games")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--edition", default="en", choices=["en", "uk"])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="greedy")
    p.add_argument("--max-rounds", type=int, default=DEFAULT_MAX_ROUNDS)
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_balance, game="periodic")


def add_simulate_options(p) -> None:
    """The options every game's ``simulate`` takes (each game adds its own settings)."""
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (game i: seed+i)")
    p.add_argument("--bots", default="random", help="bot name, or a comma list, one per seat")
    p.add_argument("--save-dir", default=None, help="write one save file per game here")
    p.add_argument("--json", action="store_true")


def add_replay_options(p) -> None:
    p.add_argument("file")
    p.add_argument("--json", action="store_true")


def _check(args) -> list[str]:
    _ = Words(args.lang)
    at_least = _("{option} must be at least {low}, not {value}")
    if args.games < 1:
        raise UserError(at_least.format(option="--games", low=1, value=args.games))
    if not 2 <= args.players <= 5:
        raise UserError(_("{option} must be {low} to {high}, not {value}").format(
            option="--players", low=2, high=5, value=args.players))
    for option in ("max_rounds", "score"):
        value = getattr(args, option, None)
        if value is not None and value < 1:
            raise UserError(at_least.format(option="--" + option.replace("_", "-"), low=1,
                                            value=value))
    try:
        return GAMES[args.game].parse_bots(args.bots, args.players)
    except BotListError as error:
        raise UserError(error.render(args.lang)) from None


# ---- simulate ----------------------------------------------------------------------------------
def run_simulate(args) -> int:
    bot_names = _check(args)
    options = {k: getattr(args, k) for k in ("edition", "max_rounds", "variant", "hearts",
                                              "score") if hasattr(args, k)}
    doc = simulate(args.game, args.games, args.players, bot_names, args.seed, options,
                   args.save_dir)
    if args.json:
        print_json(doc)
        return 0
    _ = Words(args.lang)
    _SIMULATE_HEADERS.get(args.game, _plain_header)(args, bot_names, _)
    results = doc["games"]
    shown = results if len(results) <= 20 else results[:10]
    width = max(len(_(t)) for t in END_TEXT.values())
    seed, turns, end = _("seed"), _("turns"), _("end")
    print(f"{seed:>6} {turns:>5} {end:<{width}} "
          + _("scores (seat 1..{n})").format(n=args.players) + "  " + _("winners"))
    for r in shown:
        scores = " ".join(f"{s:>4}" for s in r["scores"])
        who = ",".join(str(w + 1) for w in r["winners"])
        end = _(END_TEXT[r["end"]]) if r["end"] in END_TEXT else clean(str(r["end"]))
        print(f"{r['seed']:>6} {r['turns']:>5} {end:<{width}} {scores}   {who}")
    if len(results) > len(shown):
        print(_("... {n} more (use --json for all)").format(n=len(results) - len(shown)))
    rate = doc["games_per_second"]
    print(_("{rate} games per second").format(rate=_.t.number(rate, 1)))
    return 0


# ---- replay ------------------------------------------------------------------------------------
def run_replay(args) -> int:
    """Either game's save (``args.game`` None: the save's own format says which)."""
    _ = Words(args.lang)
    shown = clean(args.file)
    doc = read_save(args.file, _)
    if isinstance(doc, dict) and isinstance(doc.get("save"), dict) and "expected" in doc:
        doc = doc["save"]  # a golden playthrough (tests/golden): replay the save inside it
    try:
        spec = GAMES[args.game] if args.game else spec_of_save(doc)
        game = spec.game.from_dict(doc)
    except ValueError as error:
        raise UserError(f"{shown}: {error}") from None
    summary = game.summary()
    summary["state"] = spec.state_picture(game)
    if args.json:
        print_json(summary)
        return 0
    ended = summary["ended_by"]
    state = _("game over") if summary["is_over"] else _("in progress")
    if ended:
        state += " ({})".format(_(END_TEXT[ended]) if ended in END_TEXT else clean(ended))
    names = [clean(n) for n in game.names]
    _REPLAY_PRINTERS.get(spec.name, _print_plain)({**summary, "title": spec.title}, shown,
                                                  state, names, _)
    print(_("winner(s): {names}").format(names=", ".join(names[w] for w in summary["winners"])))
    return 0


def _periodic_header(args, bot_names: list[str], _) -> None:
    print(_("{games}, {players} players, edition {edition}, bots {bots}, max rounds "
            "{max_rounds}").format(
        games=_.ngettext("{n} game", "{n} games", args.games).format(n=args.games),
        players=args.players, edition=args.edition, bots=", ".join(bot_names),
        max_rounds=args.max_rounds))


def _elemonster_header(args, bot_names: list[str], _) -> None:
    print(_("{games}, {players}, variant {variant}, bots {bots}").format(
        games=_.ngettext("{n} Elemonster game", "{n} Elemonster games",
                         args.games).format(n=args.games),
        players=_.ngettext("{n} player", "{n} players", args.players).format(n=args.players),
        variant=args.variant, bots=", ".join(bot_names)))


def _plain_header(args, bot_names: list[str], _) -> None:
    """Any other registered game: the counts and the bots (its settings are its own)."""
    print(_("{games}, {players}, bots {bots}").format(
        games=_.ngettext("{n} game", "{n} games", args.games).format(n=args.games),
        players=_.ngettext("{n} player", "{n} players", args.players).format(n=args.players),
        bots=", ".join(bot_names)))


def _print_periodic(summary: dict, shown: str, state: str, names: list[str], _) -> None:
    print(_("{file}: edition {edition}, seed {seed}, {players} players, {actions} actions, "
            "round {round}, {state}").format(
        file=shown, edition=summary["edition"], seed=summary["seed"],
        players=len(summary["players"]), actions=summary["actions"],
        round=summary["rounds"], state=state))
    head = [_("seat"), _("name"), _("cards"), _("lab"), _("AA"), _("cubes"), _("agenda"),
            _("total")]
    print("{:<4} {:<12} {:>5} {:>4} {:>4} {:>5} {:>6} {:>5}".format(*head))
    for r in summary["scores"]:
        print(f"{r['player'] + 1:<4} {names[r['player']][:12]:<12} {r['printed_points']:>5} "
              f"{r['lab_points']:>4} {r['aa_value']:>4} {r['cubes_on_incomplete']:>5} "
              f"{r['agenda']:>6} {r['total']:>5}")


def _print_elemonster(summary: dict, shown: str, state: str, names: list[str], _) -> None:
    print(_("{file}: Elemonster {variant}, seed {seed}, {players}, {actions}, turn {turn}, "
            "{state}").format(
        file=shown, variant=summary["variant"], seed=summary["seed"],
        players=_.ngettext("{n} player", "{n} players",
                           len(summary["players"])).format(n=len(summary["players"])),
        actions=_.ngettext("{n} action", "{n} actions",
                           summary["actions"]).format(n=summary["actions"]),
        turn=summary["turns"], state=state))
    seat, name, bonds, points, hand, total = (_("seat"), _("name"), _("bonds"), _("points"),
                                              _("hand"), _("total"))
    print(f"{seat:<6} {name:<12} {bonds:>8} {points:>6} {hand:>6} {total:>6}")
    for r in summary["scores"]:
        print(f"{r['seat'] + 1:<6} {names[r['seat']][:12]:<12} {r['bonds']:>8} "
              f"{r['bond_points']:>6} {r['hand']['total']:>6} {r['total']:>6}")


def _print_plain(summary: dict, shown: str, state: str, names: list[str], _) -> None:
    """Any other registered game: its seed, seats, actions and each seat's total."""
    print(_("{file}: {game}, seed {seed}, {players}, {actions}, {state}").format(
        file=shown, game=clean(summary["title"]), seed=summary.get("seed"),
        players=_.ngettext("{n} player", "{n} players", len(names)).format(n=len(names)),
        actions=_.ngettext("{n} action", "{n} actions",
                           summary["actions"]).format(n=summary["actions"]),
        state=state))
    seat, name, total = _("seat"), _("name"), _("total")
    print(f"{seat:<6} {name:<12} {total:>6}")
    for i, r in enumerate(summary["scores"]):
        print(f"{i + 1:<6} {names[i][:12]:<12} {r['total']:>6}")


#: The CLI's own words for the kit's games (their settings, their score columns); any other
#: registered game is printed plainly (its counts, bots and totals)
_SIMULATE_HEADERS = {"periodic": _periodic_header, "elemonster": _elemonster_header}
_REPLAY_PRINTERS = {"periodic": _print_periodic, "elemonster": _print_elemonster}


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
        players=args.players, edition=args.edition,
        bots=", ".join(_(BOT_TEXT[b]) if b in BOT_TEXT else b for b in bot_names),
        max_rounds=args.max_rounds, jobs=doc["jobs"], seconds=number(doc["seconds"], 1)))
    print("{:<5} {:<8} {:>8} {:>10}".format(_("seat"), _("bot"), _("win rate"), _("mean score")))
    for s in doc["seats"]:
        bot = _(BOT_TEXT[s["bot"]]) if s["bot"] in BOT_TEXT else s["bot"]
        print(f"{s['seat']:<5} {bot:<8} {percent(s['win_rate']):>8} "
              f"{number(s['mean_score'], 2):>10}")
    print(_("game length: {rounds} rounds, {turns} turns on average").format(
        rounds=number(doc["mean_rounds"], 1), turns=number(doc["mean_turns"], 1)))
    print(_("end triggered by: {kinds}").format(kinds=", ".join(
        "{} {} ({})".format(_(END_TEXT.get(k, k.replace("_", " "))), v["games"],
                           percent(v["share"]))
        for k, v in doc["end_triggers"].items())))
    return 0
