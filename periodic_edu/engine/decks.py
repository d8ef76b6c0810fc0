"""Goal-card and agenda decks: load, validate, refuse (RULES §2, D-5, D-6).

A deck is a JSON document (schema below). Loading validates every card before anything is
returned, so a bad file is refused whole with a :class:`DeckError` naming the file, the card
and the fault; nothing is half-loaded.

Goal cards::

    {"format": "periodic-edu/goal-cards", "version": 1, "edition": "en",
     "cards": [{"id": "table_salt", "name": "Table salt", "formula": "NaCl",
                "colour": "green", "difficulty": 1, "points": 6, "elements": ["Na", "Cl"]}]}

Agendas::

    {"format": "periodic-edu/agendas", "version": 1, "edition": "en",
     "cards": [{"id": "A01", "objectives": ["track_levels", "pair:2+3"]}]}

>>> parse_formula("CuSO4·5H2O") == {"Cu": 1, "S": 1, "O": 9, "H": 10}
True
>>> parse_formula("Ca3(PO4)2")
{'Ca': 3, 'P': 2, 'O': 8}
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from importlib import resources
from os import PathLike
from types import MappingProxyType
from typing import Any, Mapping

from .. import board
from ..chemistry import SYMBOLS
from ..echo import clean, echo, has_control
from ..formula import FormulaError, parse_formula
from ..tabletop import safejson
from .editions import Edition
from .errors import DeckError
from .tables import COLOURS, DIFFICULTY, ELEMENTS_PER_COLOUR

__all__ = [
    "GoalCard", "AgendaCard", "GoalDeck", "AgendaDeck", "OBJECTIVES", "parse_formula",
    "load_goal_deck", "load_agenda_deck", "check_setup", "FormulaError",
]

GOAL_FORMAT = "periodic-edu/goal-cards"
AGENDA_FORMAT = "periodic-edu/agendas"

#: RULES §6: every objective id an agenda card may carry.
OBJECTIVES: tuple[str, ...] = (
    "track_levels", "cards", "difficulty:2", "difficulty:3", "difficulty:4",
    "pair:2+3", "pair:2+4", "pair:3+4", "set4", "set3", "min_x3",
)
_SET_OBJECTIVES = ("set4", "set3")
_SYMBOL_SET = frozenset(SYMBOLS)
_ID = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")


@dataclass(frozen=True)
class GoalCard:
    id: str
    name: str
    formula: str
    colour: str
    difficulty: int
    points: int
    elements: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "formula": self.formula, "colour": self.colour,
                "difficulty": self.difficulty, "points": self.points,
                "elements": list(self.elements)}


@dataclass(frozen=True)
class AgendaCard:
    id: str
    objectives: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "objectives": list(self.objectives)}


@dataclass(frozen=True)
class GoalDeck:
    source: str                      # file name or "<inline>"
    document: Mapping[str, Any]      # the validated JSON document (inlined in saves)
    cards: tuple[GoalCard, ...]
    by_id: Mapping[str, GoalCard]

    def colour(self, colour: str) -> tuple[GoalCard, ...]:
        return tuple(c for c in self.cards if c.colour == colour)


@dataclass(frozen=True)
class AgendaDeck:
    source: str
    document: Mapping[str, Any]
    cards: tuple[AgendaCard, ...]
    by_id: Mapping[str, AgendaCard]


#: a deck file is at most this large (the shipped ones are ~10 kB)
MAX_DECK_BYTES = 1_000_000
#: a card's name is at most this long
MAX_NAME_LENGTH = 100
_SHIPPED = re.compile(r"^(goal_cards|agendas)_[a-z]{2}\.json$")


def _read(source: Any, default_name: str, fmt: str) -> tuple[str, dict]:
    """(file label, parsed document) from a parsed document (dict), a path chosen by the user
    (Python API or a CLI flag: a regular file of at most 1 MB) or a shipped deck's name. Save
    files never get here with a path: ``Game.from_dict`` refuses them first."""
    if isinstance(source, Mapping):
        try:  # deep copy, JSON-only values, bounded like a file
            return "<inline>", safejson.loads(json.dumps(source, allow_nan=False))
        except (ValueError, TypeError, RecursionError) as error:
            raise DeckError("<inline>", None, f"not a JSON document: {clean(str(error))}") from None
    if isinstance(source, (bytes, bytearray)) or not isinstance(source, (str, PathLike, type(None))):
        raise DeckError("<deck>", None, f"a deck is a path or a parsed document, "
                                        f"not {echo(source)}")
    name = os.fspath(source if source is not None else default_name)
    if isinstance(name, bytes):
        raise DeckError("<deck>", None, "a deck path must be text")
    if _SHIPPED.match(name) and not os.path.lexists(name):
        res = resources.files("periodic_edu").joinpath("data", name)
        if not res.is_file():
            raise DeckError(name, None, "no such shipped deck")
        data = res.read_bytes()
    else:
        try:
            data = safejson.read_limited(name, MAX_DECK_BYTES)
        except safejson.JsonLimitError as error:
            raise DeckError(name, None, f"cannot be a deck: {error}") from None
        except FileNotFoundError:
            raise DeckError(name, None, "no such deck file") from None
        except (OSError, ValueError) as error:  # ValueError: a NUL in the path
            why = error.strerror if isinstance(error, OSError) and error.strerror else "bad path"
            raise DeckError(name, None, f"cannot read: {why}") from None
    try:
        doc = safejson.loads(data, MAX_DECK_BYTES)
    except safejson.JsonLimitError as error:
        raise DeckError(name, None, str(error)) from None
    return name, doc


def _header(name: str, doc: Any, fmt: str) -> list:
    if not isinstance(doc, dict):
        raise DeckError(name, None, "the document must be a JSON object")
    if doc.get("format") != fmt:
        raise DeckError(name, None, f"field 'format' must be {fmt!r}, not {echo(doc.get('format'))}")
    if doc.get("version") != 1 or type(doc.get("version")) is not int:
        raise DeckError(name, None, f"field 'version' must be 1, not {echo(doc.get('version'))}")
    if doc.get("edition") is not None and not (isinstance(doc["edition"], str)
                                               and _ID.match(doc["edition"])):
        raise DeckError(name, None, f"field 'edition' must be a short name, "
                                    f"not {echo(doc['edition'])}")
    cards = doc.get("cards")
    if not isinstance(cards, list) or not cards:
        raise DeckError(name, None, "field 'cards' must be a non-empty list")
    return cards


def _card_label(raw: Any, index: int) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str) and _ID.match(raw["id"]):
        return raw["id"]
    return f"#{index + 1}"


def _goal_card(name: str, raw: Any, index: int) -> GoalCard:
    label = _card_label(raw, index)

    def fault(text: str) -> DeckError:
        return DeckError(name, label, text)

    if not isinstance(raw, dict):
        raise fault("a card must be a JSON object")
    for field, kind in (("id", str), ("name", str), ("formula", str), ("colour", str),
                        ("elements", list)):
        if not isinstance(raw.get(field), kind):
            raise fault(f"field {field!r} is missing or not a {kind.__name__}")
    if not _ID.match(raw["id"]):
        raise fault("the id may hold only letters, digits, '_' and '-' (at most 64)")
    if not raw["name"].strip() or len(raw["name"]) > MAX_NAME_LENGTH or has_control(raw["name"]):
        raise fault(f"field 'name' must be 1 to {MAX_NAME_LENGTH} characters without control "
                    f"characters, not {echo(raw['name'])}")
    colour = raw["colour"]
    if colour not in COLOURS:
        raise fault(f"unknown colour {echo(colour)}: choose one of {', '.join(COLOURS)}")
    difficulty = raw.get("difficulty", DIFFICULTY[colour])
    if type(difficulty) is not int or difficulty != DIFFICULTY[colour]:
        raise fault(f"a {colour} card has difficulty {DIFFICULTY[colour]}, not {echo(difficulty)}")
    points = raw.get("points")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 < points <= 1000:
        raise fault(f"field 'points' must be a whole number from 1 to 1000, not {echo(points)}")
    elements = raw["elements"]
    for el in elements:
        if not isinstance(el, str) or el not in _SYMBOL_SET:
            raise fault(f"unknown element {echo(el)}")
        if not board.is_on_board(el):
            raise fault(f"element {el} is not on the game board (the f-block is left out)")
    if len(set(elements)) != len(elements):
        raise fault("an element is listed twice")
    want = ELEMENTS_PER_COLOUR[colour]
    if len(elements) != want:
        raise fault(f"a {colour} card needs {want} elements, this one has {len(elements)}")
    try:
        in_formula = parse_formula(raw["formula"])
    except FormulaError as error:
        raise fault(f"formula {echo(raw['formula'])}: {error}") from None
    if set(in_formula) != set(elements):
        raise fault(f"formula {clean(raw['formula'])} has elements {sorted(in_formula)} but the card "
                    f"lists {sorted(elements)}")
    return GoalCard(raw["id"], raw["name"], raw["formula"], colour, difficulty, points,
                    tuple(elements))


def load_goal_deck(source: Any = None, edition: Edition | None = None) -> GoalDeck:
    """Load and validate a goal-card deck: a path, a shipped file name, a parsed document (dict)
    or None for the edition's shipped deck. Raises :class:`DeckError`."""
    default = edition.goal_deck if edition is not None else "goal_cards_en.json"
    name, doc = _read(source, default, GOAL_FORMAT)
    raw_cards = _header(name, doc, GOAL_FORMAT)
    cards: list[GoalCard] = []
    seen_id: dict[str, int] = {}
    seen_formula: dict[str, str] = {}
    for index, raw in enumerate(raw_cards):
        card = _goal_card(name, raw, index)
        if card.id in seen_id:
            raise DeckError(name, card.id, f"duplicate card id (also card #{seen_id[card.id] + 1})")
        key = card.formula.replace(" ", "")
        if key in seen_formula:
            raise DeckError(name, card.id, f"duplicate card: same formula as {seen_formula[key]!r}")
        seen_id[card.id] = index
        seen_formula[key] = card.id
        cards.append(card)
    document = {"format": GOAL_FORMAT, "version": 1, "edition": doc.get("edition"),
                "cards": [c.to_json() for c in cards]}
    return GoalDeck(name, MappingProxyType(document), tuple(cards),
                    MappingProxyType({c.id: c for c in cards}))


def load_agenda_deck(source: Any = None, edition: Edition | None = None) -> AgendaDeck:
    """Load and validate an agenda deck (RULES §6): 1-2 known objectives per card, unique ids,
    unique combinations; with an ``edition``, only that edition's set objective."""
    default = edition.agenda_deck if edition is not None else "agendas_en.json"
    name, doc = _read(source, default, AGENDA_FORMAT)
    raw_cards = _header(name, doc, AGENDA_FORMAT)
    allowed = set(OBJECTIVES)
    if edition is not None:
        allowed -= set(_SET_OBJECTIVES) - {edition.set_objective}
    cards: list[AgendaCard] = []
    seen: dict[str, str] = {}
    combos: dict[frozenset, str] = {}
    for index, raw in enumerate(raw_cards):
        label = _card_label(raw, index)
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) \
                or not _ID.match(raw["id"]):
            raise DeckError(name, label, "a card needs an 'id' of letters, digits, '_' or '-'")
        objectives = raw.get("objectives")
        if not isinstance(objectives, list) or not 1 <= len(objectives) <= 2:
            raise DeckError(name, label, "field 'objectives' must list 1 or 2 objectives")
        for obj in objectives:
            if not isinstance(obj, str):
                raise DeckError(name, label, f"an objective is a name like 'set4', "
                                             f"not {echo(obj)}")
            if obj not in allowed:
                extra = (f" (the {edition.id} edition's set objective is {edition.set_objective})"
                         if edition is not None and obj in _SET_OBJECTIVES else "")
                raise DeckError(name, label, f"unknown objective {echo(obj)}{extra}")
        if len(set(objectives)) != len(objectives):
            raise DeckError(name, label, "an objective is listed twice")
        if raw["id"] in seen:
            raise DeckError(name, label, "duplicate card id")
        combo = frozenset(objectives)
        if combo in combos:
            raise DeckError(name, label, f"duplicate card: same objectives as {combos[combo]!r}")
        seen[raw["id"]] = raw["id"]
        combos[combo] = raw["id"]
        cards.append(AgendaCard(raw["id"], tuple(objectives)))
    document = {"format": AGENDA_FORMAT, "version": 1, "edition": doc.get("edition"),
                "cards": [c.to_json() for c in cards]}
    return AgendaDeck(name, MappingProxyType(document), tuple(cards),
                      MappingProxyType({c.id: c for c in cards}))


def check_setup(goal_deck: GoalDeck, agenda_deck: AgendaDeck, edition: Edition,
                players: int) -> None:
    """RULES D-5: refuse a deck that cannot fill the edition's setup, naming colour and numbers."""
    for colour in COLOURS:
        have = sum(1 for c in goal_deck.cards if c.colour == colour)
        need = edition.stacks[colour]
        if have < need:
            raise DeckError(goal_deck.source, None,
                            f"{colour}: the deck has {have} cards but the {edition.id} setup "
                            f"needs a stack of {need}")
    deal = edition.agenda_deal[players]
    if len(agenda_deck.cards) < deal * players:
        raise DeckError(agenda_deck.source, None,
                        f"{len(agenda_deck.cards)} agenda cards cannot deal {deal} to each of "
                        f"{players} players")
    allowed = set(OBJECTIVES) - (set(_SET_OBJECTIVES) - {edition.set_objective})
    for card in agenda_deck.cards:
        for obj in card.objectives:
            if obj not in allowed:
                raise DeckError(agenda_deck.source, card.id,
                                f"objective {obj!r} is not in the {edition.id} edition (its set "
                                f"objective is {edition.set_objective})")
