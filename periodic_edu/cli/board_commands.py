"""`reach`, `element` and `trends`: questions about the board and the real data."""
from __future__ import annotations

import argparse
from typing import Mapping

from .. import board, trends
from ..chemistry import column_info, element, notes
from .common import UserError, print_json


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
        raise UserError(f"--steps must be from 1 to {board.MAX_STEPS}, not {args.steps}")
    start = board.cell(args.symbol).symbol
    chosen = (args.trend,) if args.trend else board.TRENDS
    result = {t: dict(board.reach(start, t, args.steps)) for t in chosen}
    if args.json:
        print_json({"from": start, "steps": args.steps, "trends": result})
        return 0
    for trend, cells in result.items():
        print(f"{board.TREND_NAMES[trend]} ({trend}) from {start}, up to {args.steps} steps: "
              f"{len(cells)} cells")
        by_distance: dict[int, list[str]] = {}
        for symbol, distance in cells.items():
            by_distance.setdefault(distance, []).append(symbol)
        for distance, symbols in sorted(by_distance.items()):
            print(f"  {distance} step{'s' if distance > 1 else ' '}  {' '.join(symbols)}")
        print(render_board(start, cells))
        print()
    return 0


def render_board(start: str, distances: Mapping[str, int]) -> str:
    """The board as text: [Na] is the start, Mg1 a cell reached in 1 step, . the rest."""
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
    lines.append("  [X] start   Xn reached in n steps   . not reached")
    return "\n".join(lines)


def run_element(args: argparse.Namespace) -> int:
    data = element(args.symbol).to_dict()
    # Added to the DESIGN §2 contract, never renamed: what a learner should know about a value
    # (why it is empty, or what another reputable source gives).
    element_notes = [n.to_dict() for n in notes(data["symbol"])]
    if args.json:
        print_json({**data, "notes": element_notes})
        return 0
    width = max(map(len, data))
    for field, value in data.items():
        unit = column_info(field).get("unit") or ""
        shown = "—  (unknown)" if value is None else (
            " ".join(map(str, value)) if isinstance(value, list) else value)
        unit_text = f" {unit}" if unit and value is not None and unit != "1" else ""
        print(f"{field:<{width}}  {shown}{unit_text}")
    for n in element_notes:
        print(f"note on {n['field']}: {n['note']}  [{n['citation']}]")
    return 0


def run_trends(args: argparse.Namespace) -> int:
    chosen = (args.trend,) if args.trend else board.TRENDS
    summaries = [trends.summary(t) for t in chosen]
    if args.json:
        print_json({"trends": summaries})
        return 0
    for s in summaries:
        print(f"{s['name']} ({s['trend']}), property {s['property']}: {s['steps']} one-step "
              f"moves, {s['agrees']} agree, {s['disagrees']} disagree, {s['equal']} equal, "
              f"{s['unknown']} unknown")
        for d in s["disagreements"]:
            print(f"  {d['from']:>2} -> {d['to']:<2}  {d['before']} -> {d['after']}")
        for d in s["equal_steps"]:
            print(f"  {d['from']:>2} -> {d['to']:<2}  {d['before']} = {d['after']}  (equal)")
    return 0
