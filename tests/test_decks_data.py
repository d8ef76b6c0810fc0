"""The shipped goal-card and agenda decks (RULES §2 D-5, D-6, §6), checked independently of
``scripts/design_decks.py``: the formulas are re-parsed and the spread re-measured here."""
from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from periodic_edu.board import CELLS, is_on_board, neighbours, reach

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "periodic_edu" / "data"
COLOURS = ("green", "blue", "purple", "pink")
COUNTS = {"en": {"green": 10, "blue": 7, "purple": 5, "pink": 5},
          "uk": {"green": 9, "blue": 9, "purple": 7, "pink": 7}}
SETUP = {"en": {"green": 6, "blue": 5, "purple": 5, "pink": 4},
         "uk": {"green": 6, "blue": 6, "purple": 5, "pink": 5}}
ELEMENTS = {"green": 2, "blue": 3, "purple": 3, "pink": 3}
DIFFICULTY = {"green": 1, "blue": 2, "purple": 3, "pink": 4}
POINTS = {"green": 6, "blue": 9, "purple": 12, "pink": 15}
AGENDA_COUNTS = {"en": 15, "uk": 12}
COMMON_OBJECTIVES = {"track_levels", "cards", "difficulty:2", "difficulty:3", "difficulty:4",
                     "pair:2+3", "pair:2+4", "pair:3+4", "min_x3"}
SET_OBJECTIVE = {"en": "set4", "uk": "set3"}
EDITIONS = ("en", "uk")


def load(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def goal_cards(edition: str) -> list[dict]:
    return load(f"goal_cards_{edition}.json")["cards"]


# --- an independent formula parser ------------------------------------------------------------

def parse(formula: str) -> dict[str, int]:
    """Atom counts in order of first appearance; parentheses and '·n' hydrate parts."""
    counts: dict[str, int] = {}
    for part in re.split(r"[·*]", formula):
        m = re.match(r"(\d*)(.*)", part.strip())
        factor = int(m.group(1) or 1)
        for symbol, n in _expand(m.group(2)):
            counts[symbol] = counts.get(symbol, 0) + factor * n
    return counts


def _expand(text: str) -> list[tuple[str, int]]:
    # innermost parentheses first: "(NO3)2" -> "N2O6"
    group = re.compile(r"\(([^()]*)\)(\d*)")
    while "(" in text:
        text = group.sub(lambda m: "".join(
            f"{s}{n * int(m.group(2) or 1)}" for s, n in _flat(m.group(1))), text)
    return _flat(text)


def _flat(text: str) -> list[tuple[str, int]]:
    tokens = re.findall(r"([A-Z][a-z]?)(\d*)", text)
    assert "".join(s + n for s, n in tokens) == text, f"cannot read {text!r}"
    return [(s, int(n or 1)) for s, n in tokens]


@pytest.mark.parametrize("formula, expected", [
    ("NaCl", {"Na": 1, "Cl": 1}),
    ("Sr(NO3)2", {"Sr": 1, "N": 2, "O": 6}),
    ("Ca3(PO4)2", {"Ca": 3, "P": 2, "O": 8}),
    ("CaSO4·2H2O", {"Ca": 1, "S": 1, "O": 6, "H": 4}),
    ("C12H22O11", {"C": 12, "H": 22, "O": 11}),
])
def test_parser(formula, expected):
    assert parse(formula) == expected
    assert list(parse(formula)) == list(expected)


# --- the spread, re-measured ------------------------------------------------------------------

def _distances() -> dict[str, dict[str, int]]:
    graph = {c.symbol: set(neighbours(c.symbol).values())
             | set(reach(c.symbol, "atomic_number", 1)) for c in CELLS}
    result = {}
    for start in graph:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in graph[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        result[start] = dist
    return result


DIST = _distances()


def spread(elements: list[str]) -> int:
    return min(sum(DIST[a][b] for a, b in zip(p, p[1:])) for p in itertools.permutations(elements))


def test_spread_examples():
    assert spread(["Na", "Cl"]) == 3      # Na -> Ne (atomic number) -> Ar -> Cl
    assert spread(["C", "O"]) == 2
    assert spread(["Ca", "C", "O"]) == 6  # chalk, the published game's card


# --- goal cards -------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_goal_card_file_header(edition):
    doc = load(f"goal_cards_{edition}.json")
    assert doc["format"] == "periodic-edu/goal-cards"
    assert doc["version"] == 1
    assert doc["edition"] == edition
    assert isinstance(doc["difficulty_measure"], str) and doc["difficulty_measure"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_colour_counts(edition):
    cards = goal_cards(edition)
    counts = {colour: sum(c["colour"] == colour for c in cards) for colour in COLOURS}
    assert counts == COUNTS[edition]
    assert len(cards) == {"en": 27, "uk": 32}[edition]
    for colour in COLOURS:  # RULES D-5: the box fills the setup stacks
        assert counts[colour] >= SETUP[edition][colour]


@pytest.mark.parametrize("edition", EDITIONS)
def test_cards_are_their_formulas(edition):
    for card in goal_cards(edition):
        assert card["elements"] == list(parse(card["formula"])), card["id"]
        assert all(is_on_board(s) for s in card["elements"]), card["id"]
        assert len(card["elements"]) == ELEMENTS[card["colour"]], card["id"]
        assert card["difficulty"] == DIFFICULTY[card["colour"]], card["id"]
        assert card["points"] == POINTS[card["colour"]], card["id"]
        assert card["spread"] == spread(card["elements"]), card["id"]
        assert card["name"].strip(), card["id"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_duplicates(edition):
    cards = goal_cards(edition)
    ids = [c["id"] for c in cards]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) and len(i) <= 30 for i in ids)
    sets = [frozenset(c["elements"]) for c in cards]
    assert len(set(sets)) == len(sets)


@pytest.mark.parametrize("edition", EDITIONS)
def test_difficulty_rises_with_colour(edition):
    cards = goal_cards(edition)
    means = []
    for colour in COLOURS:
        spreads = [spread(c["elements"]) for c in cards if c["colour"] == colour]
        means.append(sum(spreads) / len(spreads))
    assert means == sorted(means) and len(set(means)) == 4, means
    # the ternary colours follow the ranking: no blue card is harder than a purple one, ...
    for easier, harder in (("blue", "purple"), ("purple", "pink")):
        assert (max(c["spread"] for c in cards if c["colour"] == easier)
                <= min(c["spread"] for c in cards if c["colour"] == harder))


def test_heavy_elements_are_in_play():
    for edition in EDITIONS:
        elements = {s for c in goal_cards(edition) for s in c["elements"]}
        assert {"Au", "Hg", "Pb", "Ag", "Pt", "W", "I", "Ba", "Xe"} <= elements


# --- agendas ----------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_agendas(edition):
    doc = load(f"agendas_{edition}.json")
    assert doc["format"] == "periodic-edu/agendas"
    assert doc["version"] == 1
    assert doc["edition"] == edition
    cards = doc["cards"]
    assert len(cards) == AGENDA_COUNTS[edition]
    ids = [c["id"] for c in cards]
    assert len(set(ids)) == len(ids)
    allowed = COMMON_OBJECTIVES | {SET_OBJECTIVE[edition]}
    combos = set()
    for card in cards:
        objectives = card["objectives"]
        assert 1 <= len(objectives) <= 2, card
        assert len(set(objectives)) == len(objectives), card
        assert set(objectives) <= allowed, card
        combos.add(frozenset(objectives))
    assert len(combos) == len(cards)
    used = {o for card in cards for o in card["objectives"]}
    assert SET_OBJECTIVE[edition] in used
    assert used == allowed  # every objective of the edition appears somewhere


# --- the design script ------------------------------------------------------------------------

def test_design_script_check():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "design_decks.py"), "--check"],
        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
