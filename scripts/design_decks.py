#!/usr/bin/env python
"""Design the shipped goal-card decks and agenda decks (RULES §2 D-5, D-6 and §6).

Run from the repository root::

    python scripts/design_decks.py            # (re)write the four deck files
    python scripts/design_decks.py --check    # exit 1 if the committed files differ
    python scripts/design_decks.py --list     # print every candidate with its spread

Goal cards
----------
The candidates are real compounds and materials, written by hand in ``scripts/compounds.csv``
(columns ``id, name, formula, editions, note``; ``editions`` is ``en``, ``uk``, ``en uk`` or
``-`` for a candidate that is not shipped). For each candidate the script

1. parses the formula (parentheses, brackets and ``·n`` hydrate parts) into its distinct
   elements, in order of first appearance;
2. keeps it only if every element is a board cell (no lanthanides or actinides, RULES D-1)
   and it has 2 or 3 distinct elements (green cards are binary compounds, the other colours
   ternary ones: goal cubes per colour are 2/3/3/3, RULES §2);
3. computes its **spread**, the difficulty measure:

       the fewest single steps a flask needs to visit all of the card's elements, starting on
       one of them, where one step is a move to a grid neighbour (``board.neighbours``) or
       one step of the atomic_number trend along the Z order of the board cells
       (``board.z_walk``, so Ne-Na, Ar-K, Kr-Rb, Xe-Cs and Rn-Fr are one step).

   That is the shortest route (open path, best order of visits) in the graph of every one-step
   move that some trend allows: each grid direction belongs to two grid trends, and the
   atomic_number trend adds the row wraps. It measures what a player actually has to do -
   walk the flask from element to element - and it is the same number for every edition.
   For a binary card it is the distance between the two elements; for a ternary card it is
   the two shortest of the three pairwise distances, chained in the best order.

Colours follow the ranking: in each edition the binary compounds are the green cards, and the
ternary compounds, sorted by (spread, id), are cut into blue / purple / pink by the edition's
quotas (en 10/7/5/5, RULES D-5; uk 9/9/7/7). Difficulty and printed points follow the colour
(green 1 / 6, blue 2 / 9, purple 3 / 12, pink 4 / 15). The script refuses a design that breaks
a rule: wrong counts, duplicate ids or element sets, a shipped compound that is off the board
or has the wrong number of elements, or mean spreads that do not rise green < blue < purple <
pink.

Agendas
-------
Hand-picked below (``AGENDAS``): unique combinations of 1-2 objectives from RULES §6; ``set4``
only in ``en`` and ``set3`` only in ``uk``. The strong objectives (a set, ``min_x3``, the
pairs) stand alone on some cards; the weaker ones (``track_levels``, ``cards``,
``difficulty:d``) come in pairs that do not compete for the same completed cards where
possible, and every objective appears on two or three cards of its edition.

The output is deterministic: sorted cards, ``json.dumps(indent=2, ensure_ascii=False)``, one
trailing newline.
"""
from __future__ import annotations

import argparse
import csv
import itertools
import json
import re
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from periodic_edu.board import CELLS, is_on_board, neighbours, z_walk  # noqa: E402
from periodic_edu.formula import FormulaError  # noqa: E402
from periodic_edu.formula import parse_formula as read_formula  # noqa: E402

CANDIDATES = Path(__file__).resolve().parent / "compounds.csv"
DATA = ROOT / "periodic_edu" / "data"

EDITIONS = ("en", "uk")
COLOURS = ("green", "blue", "purple", "pink")
DIFFICULTY = {"green": 1, "blue": 2, "purple": 3, "pink": 4}
POINTS = {"green": 6, "blue": 9, "purple": 12, "pink": 15}
ELEMENTS_PER_COLOUR = {"green": 2, "blue": 3, "purple": 3, "pink": 3}
#: Cards in the box per colour (RULES §2, D-5).
QUOTAS = {
    "en": {"green": 10, "blue": 7, "purple": 5, "pink": 5},
    "uk": {"green": 9, "blue": 9, "purple": 7, "pink": 7},
}
#: Goal stacks at setup (RULES §2); the box must be able to fill them.
SETUP = {
    "en": {"green": 6, "blue": 5, "purple": 5, "pink": 4},
    "uk": {"green": 6, "blue": 6, "purple": 5, "pink": 5},
}

DIFFICULTY_MEASURE = (
    "spread = the fewest single steps a flask needs to visit all of the card's elements, "
    "starting on one of them, where a step is a move to a grid neighbour on the board or one "
    "atomic_number step along the Z order of the board cells (so Ne-Na is one step); "
    "cards are ranked by spread and the colours follow the ranking"
)

# ---------------------------------------------------------------------------------------------
# Agendas (RULES §6). Objective ids: track_levels, cards, difficulty:2/3/4, pair:2+3/2+4/3+4,
# set4 (en) / set3 (uk), min_x3.
OBJECTIVES = {
    "en": ("track_levels", "cards", "difficulty:2", "difficulty:3", "difficulty:4",
           "pair:2+3", "pair:2+4", "pair:3+4", "set4", "min_x3"),
    "uk": ("track_levels", "cards", "difficulty:2", "difficulty:3", "difficulty:4",
           "pair:2+3", "pair:2+4", "pair:3+4", "set3", "min_x3"),
}
AGENDA_COUNTS = {"en": 15, "uk": 12}
AGENDAS = {
    "en": (
        ("set4",),
        ("min_x3",),
        ("pair:2+3",),
        ("pair:2+4",),
        ("pair:3+4",),
        ("track_levels", "difficulty:3"),
        ("track_levels", "pair:2+4"),
        ("track_levels", "set4"),
        ("cards", "difficulty:2"),
        ("cards", "pair:3+4"),
        ("difficulty:2", "difficulty:4"),
        ("difficulty:3", "pair:2+4"),
        ("difficulty:4", "pair:2+3"),
        ("difficulty:2", "pair:3+4"),
        ("min_x3", "difficulty:3"),
    ),
    "uk": (
        ("set3",),
        ("min_x3",),
        ("pair:3+4",),
        ("track_levels", "cards"),
        ("track_levels", "difficulty:4"),
        ("track_levels", "pair:2+3"),
        ("cards", "difficulty:3"),
        ("cards", "pair:2+4"),
        ("difficulty:2", "pair:3+4"),
        ("difficulty:3", "pair:2+4"),
        ("difficulty:4", "pair:2+3"),
        ("set3", "difficulty:2"),
    ),
}


class DesignError(Exception):
    """A candidate list or design that breaks RULES §2 / D-6."""


# ---------------------------------------------------------------------------------------------
# Formulas

def parse_formula(formula: str) -> dict[str, int]:
    """Atom counts of ``formula`` in order of first appearance (the package's own parser; a
    formula it cannot read is a :class:`DesignError`).

    >>> parse_formula("Ca3(PO4)2")
    {'Ca': 3, 'P': 2, 'O': 8}
    >>> parse_formula("CaSO4·2H2O")
    {'Ca': 1, 'S': 1, 'O': 6, 'H': 4}
    """
    try:
        return read_formula(formula)
    except FormulaError as error:
        raise DesignError(f"formula {formula!r}: {error}") from None


def formula_elements(formula: str) -> list[str]:
    """The distinct elements of ``formula`` in order of first appearance."""
    return list(parse_formula(formula))


# ---------------------------------------------------------------------------------------------
# The difficulty measure

def _step_graph() -> dict[str, set[str]]:
    graph = {c.symbol: set(neighbours(c.symbol).values()) for c in CELLS}
    for c in CELLS:
        for offset in (1, -1):
            other = z_walk(c.symbol, offset)
            if other is not None:
                graph[c.symbol].add(other)
                graph[other].add(c.symbol)
    return graph


def _all_distances(graph: dict[str, set[str]]) -> dict[str, dict[str, int]]:
    result = {}
    for start in graph:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(graph[here]):
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        result[start] = dist
    return result


_DIST = _all_distances(_step_graph())


def spread(elements: list[str]) -> int:
    """The shortest route, in single steps, that visits every element (see module doc)."""
    if len(elements) < 2:
        return 0
    return min(sum(_DIST[a][b] for a, b in zip(order, order[1:]))
               for order in itertools.permutations(elements))


# ---------------------------------------------------------------------------------------------
# Design

def read_candidates(path: Path = CANDIDATES) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    seen = set()
    for row in rows:
        if row["id"] in seen:
            raise DesignError(f"{path.name}: duplicate candidate id {row['id']!r}")
        seen.add(row["id"])
        if not re.fullmatch(r"[a-z][a-z0-9_]*", row["id"]):
            raise DesignError(f"{path.name}: id {row['id']!r} is not lowercase_with_underscores")
        editions = row["editions"].split()
        if editions != ["-"] and not set(editions) <= set(EDITIONS):
            raise DesignError(f"{path.name}: {row['id']}: unknown edition in {row['editions']!r}")
        row["editions"] = [] if editions == ["-"] else editions
        row["elements"] = formula_elements(row["formula"])
        row["on_board"] = all(is_on_board(s) for s in row["elements"])
        row["usable"] = row["on_board"] and len(row["elements"]) in (2, 3)
        row["spread"] = spread(row["elements"]) if row["on_board"] else None
    return rows


def design_goal_cards(rows: list[dict], edition: str) -> dict:
    chosen = [r for r in rows if edition in r["editions"]]
    for r in chosen:
        if not r["on_board"]:
            off = [s for s in r["elements"] if not is_on_board(s)]
            raise DesignError(f"{edition}: {r['id']} ({r['formula']}) has {', '.join(off)}, "
                              "not on the board (RULES D-1)")
        if not r["usable"]:
            raise DesignError(f"{edition}: {r['id']} ({r['formula']}) has "
                              f"{len(r['elements'])} elements; a card has 2 or 3")
    quota = QUOTAS[edition]
    binaries = sorted((r for r in chosen if len(r["elements"]) == 2),
                      key=lambda r: (r["spread"], r["id"]))
    ternaries = sorted((r for r in chosen if len(r["elements"]) == 3),
                       key=lambda r: (r["spread"], r["id"]))
    if len(binaries) != quota["green"]:
        raise DesignError(f"{edition}: {len(binaries)} binary compounds, green needs "
                          f"{quota['green']}")
    need = quota["blue"] + quota["purple"] + quota["pink"]
    if len(ternaries) != need:
        raise DesignError(f"{edition}: {len(ternaries)} ternary compounds, blue+purple+pink "
                          f"need {need}")
    coloured = [("green", r) for r in binaries]
    start = 0
    for colour in ("blue", "purple", "pink"):
        coloured += [(colour, r) for r in ternaries[start:start + quota[colour]]]
        start += quota[colour]

    cards = []
    for colour, r in coloured:
        assert len(r["elements"]) == ELEMENTS_PER_COLOUR[colour]
        cards.append({
            "id": r["id"], "name": r["name"], "formula": r["formula"], "colour": colour,
            "difficulty": DIFFICULTY[colour], "points": POINTS[colour],
            "elements": r["elements"], "spread": r["spread"],
        })
    _validate_goal_cards(cards, edition)
    return {
        "format": "periodic-edu/goal-cards", "version": 1, "edition": edition,
        "difficulty_measure": DIFFICULTY_MEASURE,
        "cards": cards,
    }


def _validate_goal_cards(cards: list[dict], edition: str) -> None:
    ids = [c["id"] for c in cards]
    if len(set(ids)) != len(ids):
        raise DesignError(f"{edition}: duplicate card id")
    sets: dict[frozenset, str] = {}
    for c in cards:
        key = frozenset(c["elements"])
        if key in sets:
            raise DesignError(f"{edition}: {c['id']} has the same elements as {sets[key]}")
        sets[key] = c["id"]
    means = []
    for colour in COLOURS:
        group = [c["spread"] for c in cards if c["colour"] == colour]
        if len(group) < SETUP[edition][colour]:
            raise DesignError(f"{edition}: {len(group)} {colour} cards cannot fill a setup "
                              f"stack of {SETUP[edition][colour]}")
        means.append(sum(group) / len(group))
    if not all(a < b for a, b in zip(means, means[1:])):
        raise DesignError(f"{edition}: mean spreads per colour do not rise: {means}")


def design_agendas(edition: str) -> dict:
    combos = AGENDAS[edition]
    allowed = set(OBJECTIVES[edition])
    if len(combos) != AGENDA_COUNTS[edition]:
        raise DesignError(f"{edition}: {len(combos)} agenda cards, need "
                          f"{AGENDA_COUNTS[edition]}")
    seen = set()
    for combo in combos:
        if not 1 <= len(combo) <= 2 or len(set(combo)) != len(combo):
            raise DesignError(f"{edition}: agenda {combo} needs 1-2 different objectives")
        unknown = set(combo) - allowed
        if unknown:
            raise DesignError(f"{edition}: agenda {combo} uses {sorted(unknown)}")
        key = frozenset(combo)
        if key in seen:
            raise DesignError(f"{edition}: agenda {combo} repeats a combination")
        seen.add(key)
    return {
        "format": "periodic-edu/agendas", "version": 1, "edition": edition,
        "cards": [{"id": f"A{i:02d}", "objectives": list(combo)}
                  for i, combo in enumerate(combos, start=1)],
    }


def render(document: dict) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def outputs() -> dict[Path, str]:
    rows = read_candidates()
    files = {}
    for edition in EDITIONS:
        files[DATA / f"goal_cards_{edition}.json"] = render(design_goal_cards(rows, edition))
        files[DATA / f"agendas_{edition}.json"] = render(design_agendas(edition))
    return files


def list_candidates() -> None:
    for r in sorted(read_candidates(), key=lambda r: (len(r["elements"]), r["spread"] or 99,
                                                      r["id"])):
        status = ("off board" if not r["on_board"] else
                  "wrong element count" if not r["usable"] else
                  " ".join(r["editions"]) or "candidate")
        print(f"{r['spread'] if r['spread'] is not None else '-':>3}  {r['formula']:<12} "
              f"{'-'.join(r['elements']):<10} {r['name']:<45} {status}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if the committed deck files differ from the design")
    parser.add_argument("--list", action="store_true", help="print every candidate")
    args = parser.parse_args(argv)
    try:
        if args.list:
            list_candidates()
            return 0
        files = outputs()
    except DesignError as error:
        print(f"design_decks: {error}", file=sys.stderr)
        return 2
    if args.check:
        stale = [p for p, text in files.items()
                 if not p.exists() or p.read_text(encoding="utf-8") != text]
        for path in stale:
            print(f"design_decks: {path.relative_to(ROOT)} differs from the design; "
                  "run scripts/design_decks.py", file=sys.stderr)
        return 1 if stale else 0
    DATA.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
