"""`reach`, `element` and `trends`: questions about the board and the real data."""
from __future__ import annotations

import argparse
from typing import Mapping

from .. import board, ionization, trends
from ..chemistry import column_info, element, element_name, family_name, notes
from ..locale.texts import CARD_FIELDS, NOTES, STATES
from .common import UserError, print_json
from .lang import Words


def register(sub) -> None:
    p = sub.add_parser("reach", help="cells a trend can reach from an element")
    p.add_argument("symbol")
    p.add_argument("--trend", choices=board.TRENDS, metavar="ID",
                   help="one trend id (default: all five)")
    p.add_argument("--steps", type=int, default=board.DEFAULT_STEPS,
                   help=f"longest movement, 1-{board.MAX_STEPS} (default 5)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_reach)

    p = sub.add_parser("element", help="an element's real data, with units")
    p.add_argument("symbol", help="symbol, name or atomic number")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_element)

    p = sub.add_parser("trends", help="where the game's arrows agree with real data")
    p.add_argument("--trend", choices=board.TRENDS, metavar="ID")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_trends)


def run_reach(args: argparse.Namespace) -> int:
    if not 1 <= args.steps <= board.MAX_STEPS:
        raise UserError(Words(args.lang)("{option} must be {low} to {high}, not {value}")
                        .format(option="--steps", low=1, high=board.MAX_STEPS, value=args.steps))
    start = board.cell(args.symbol).symbol
    chosen = (args.trend,) if args.trend else board.TRENDS
    result = {t: dict(board.reach(start, t, args.steps)) for t in chosen}
    if args.json:
        print_json({"from": start, "steps": args.steps, "trends": result})
        return 0
    _ = Words(args.lang)
    steps = [_.ngettext("{n} step", "{n} steps", d).format(n=d)
             for d in range(1, board.MAX_STEPS + 1)]
    width = max(map(len, steps))
    for trend, cells in result.items():
        print(_("{trend} ({id}) from {start}, up to {steps}: {cells}").format(
            trend=_.t("board", board.TREND_NAMES[trend]), id=trend, start=start,
            steps=steps[args.steps - 1],
            cells=_.ngettext("{n} cell", "{n} cells", len(cells)).format(n=len(cells))))
        by_distance: dict[int, list[str]] = {}
        for symbol, distance in cells.items():
            by_distance.setdefault(distance, []).append(symbol)
        for distance, symbols in sorted(by_distance.items()):
            print(f"  {steps[distance - 1]:<{width}}  {' '.join(symbols)}")
        print(render_board(start, cells, _))
        print()
    return 0


def render_board(start: str, distances: Mapping[str, int], words: Words | None = None) -> str:
    """The board as text: [Na] is the start, Mg1 a cell reached in 1 step, . the rest."""
    _ = words or Words("en")
    grid = {(c.period, c.group): c.symbol for c in board.CELLS}
    lines = []
    for period in range(1, 8):
        row = []
        for group in range(1, 19):
            symbol = grid.get((period, group))
            if symbol is None:
                text = ""
            elif symbol == start:
                text = f"[{symbol}]"
            elif symbol in distances:
                text = f"{symbol}{distances[symbol]}"
            else:
                text = "."
            row.append(f"{text:<5}")
        lines.append("  " + "".join(row).rstrip())
    lines.append("  " + _("[X] start   Xn reached in n steps   . not reached"))
    return "\n".join(lines)


def run_element(args: argparse.Namespace) -> int:
    data = element(args.symbol).to_dict()
    _ = Words(args.lang)
    t = _.t
    data["name"] = element_name(data["symbol"], t.lang)  # the one translated JSON field
    # Added to the DESIGN §2 contract, never renamed: what a learner should know about a value
    # (why it is empty, or what another reputable source gives).
    # The JSON keeps the notes in English (only "name" follows --lang); the text shows them in
    # the language.
    element_notes = notes(data["symbol"])
    # the successive ionization energies (H-Kr; an empty list beyond) and the leaps the element
    # card marks, so the command line and the card tell the same story
    successive = list(ionization.energies(data["symbol"]))
    leaps = [{"after": j.after_stage, "ratio": round(j.ratio, 1), "from": j.from_subshell,
              "to": j.to_subshell} for j in ionization.leaps(data["symbol"])]
    if args.json:
        print_json({**data, "ionization_energies_ev": successive, "ionization_leaps": leaps,
                    "notes": [n.to_dict() for n in element_notes]})
        return 0
    labels = {field: t("card", CARD_FIELDS.get(field, field)) for field in data}
    width = max(map(len, labels.values()))
    for field, value in data.items():
        unit = column_info(field).get("unit") or ""
        if value is None:
            shown = "—  ({})".format(t("card", NOTES["unknown"]))
        elif isinstance(value, bool):
            shown = t("card", NOTES["yes" if value else "no"])
        elif isinstance(value, list):
            shown = " ".join(map(str, value))
        elif isinstance(value, (int, float)):
            shown = t.number(value)
        elif field == "family":
            shown = t("board", family_name(value))
        elif field == "state_at_25c":
            shown = t("card", STATES.get(value, value))
        else:
            shown = value
        unit_text = f" {t('card', unit)}" if unit and value is not None and unit != "1" else ""
        print(f"{labels[field]:<{width}}  {shown}{unit_text}")
    if successive:
        print(_("Successive ionization energies (eV): {values}").format(
            values="  ".join(t.number(round(v, 2)) for v in successive)))
        print(_("Leaps (the next electron held much more tightly): {leaps}").format(
            leaps="; ".join(_("after electron {n}, ×{ratio} ({from_} → {to})").format(
                n=j["after"], ratio=t.number(j["ratio"]), from_=j["from"], to=j["to"])
                for j in leaps) or "—"))
    for n in element_notes:
        print(_("note on {field}: {note}").format(field=labels.get(n.field, n.field),
                                                 note=n.in_language(_.t.lang))
              + f"  [{n.citation}]")
    return 0


def run_trends(args: argparse.Namespace) -> int:
    chosen = (args.trend,) if args.trend else board.TRENDS
    summaries = [trends.summary(t) for t in chosen]
    if args.json:
        print_json({"trends": summaries})
        return 0
    _ = Words(args.lang)
    number = _.t.number
    for s in summaries:
        print(_("{trend} ({id}), property {property}: {steps} one-step moves, {agrees} agree, "
                "{disagrees} disagree, {equal} equal, {unknown} unknown").format(
            trend=_.t("board", s["name"]), id=s["trend"], property=s["property"],
            steps=s["steps"], agrees=s["agrees"], disagrees=s["disagrees"],
            equal=s["equal"], unknown=s["unknown"]))
        shown = [(d, "->", "") for d in s["disagreements"]]
        shown += [(d, "=", "  ({})".format(_("equal"))) for d in s["equal_steps"]]
        for d, sign, tail in shown:
            before, after = (number(v) if isinstance(v, (int, float)) else v
                             for v in (d["before"], d["after"]))
            print(f"  {d['from']:>2} -> {d['to']:<2}  {before} {sign} {after}{tail}")
    return 0
