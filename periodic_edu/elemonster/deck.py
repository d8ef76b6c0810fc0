"""The Elemonster deck as data (ELEMONSTER E-9, E-10): load, validate whole, refuse.

::

    {"format": "periodic-edu/elemonster-deck", "version": 1, "name": "...",
     "elements": ["H", "He", ...], "multipliers": {"2": 8, "3": 6, "4": 4}}

Every entry is checked before anything is returned; a bad document raises
:class:`~periodic_edu.elemonster.errors.DeckError` naming the file, the entry and the fault.
A teacher can pass their own: ``Game(deck="my_deck.json")`` (a path or a parsed document).

>>> d = load_deck()
>>> len(d.elements), d.multipliers, len(d.cards)
(48, {2: 8, 3: 6, 4: 4}, 66)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ..chemistry import SYMBOLS
from .cards import card
from .errors import DeckError

__all__ = ["Deck", "load_deck", "DECK_FORMAT", "MIN_ELEMENTS", "multiplier_id", "is_multiplier"]

DECK_FORMAT = "periodic-edu/elemonster-deck"
SHIPPED = Path(__file__).resolve().parents[1] / "data" / "elemonster_deck.json"
#: E-10: a deck smaller than this cannot give every card a partner often enough to play
MIN_ELEMENTS = 20
_FIELDS = {"format", "version", "name", "elements", "multipliers"}
_MULTIPLIER_KEYS = ("2", "3", "4")


def multiplier_id(k: int) -> str:
    """The card id of a ×k multiplier card (``"x2"``)."""
    return f"x{k}"


def is_multiplier(card_id: str) -> bool:
    return card_id in ("x2", "x3", "x4")


@dataclass(frozen=True)
class Deck:
    """A validated deck: element symbols ordered by Z and multiplier counts."""

    name: str
    elements: tuple[str, ...]
    multipliers: Mapping[int, int]
    source: str
    document: Mapping[str, Any] | None  # the parsed custom document (stored inline in saves)

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card id of the advanced deck, in a fixed order (elements by Z, then x2, x3, x4)."""
        return self.elements + tuple(multiplier_id(k) for k in (2, 3, 4)
                                     for _ in range(self.multipliers.get(k, 0)))

    def cards_for(self, variant: str) -> tuple[str, ...]:
        """The cards that are shuffled in ``variant`` (E-11: beginner plays without multipliers)."""
        return self.cards if variant == "advanced" else self.elements


def load_deck(source: Any = None) -> Deck:
    """Load and validate a deck: ``None`` (the shipped 48-card deck), a path, or a parsed dict."""
    if source is None:
        return _shipped()
    if isinstance(source, Deck):
        return source
    if isinstance(source, Mapping):
        return _validate(source, "deck", custom=True)
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise DeckError(str(path), None, f"cannot read it: {error.strerror or error}") from None
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise DeckError(str(path), None, f"malformed JSON: {error}") from None
    return _validate(doc, str(path), custom=True)


@lru_cache(maxsize=1)
def _shipped() -> Deck:
    doc = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return _validate(doc, "elemonster_deck.json", custom=False)


def _validate(doc: Any, file: str, custom: bool) -> Deck:
    if not isinstance(doc, Mapping):
        raise DeckError(file, None, "the document must be a JSON object")
    if doc.get("format") != DECK_FORMAT:
        raise DeckError(file, None, f"field 'format' must be {DECK_FORMAT!r}, "
                                    f"not {doc.get('format')!r}")
    if doc.get("version") != 1:
        raise DeckError(file, None, f"field 'version' must be 1, not {doc.get('version')!r}")
    unknown = sorted(set(doc) - _FIELDS)
    if unknown:
        raise DeckError(file, None, f"unknown field {unknown[0]!r} (fields: "
                                    f"{', '.join(sorted(_FIELDS))})")
    name = doc.get("name", "custom deck")
    if not isinstance(name, str) or not name.strip():
        raise DeckError(file, None, "field 'name' must be a non-empty string")
    elements = doc.get("elements")
    if not isinstance(elements, list):
        raise DeckError(file, None, "field 'elements' must be a list of element symbols")
    seen: set[str] = set()
    for index, symbol in enumerate(elements):
        entry = f"elements[{index}]"
        if not isinstance(symbol, str) or symbol not in SYMBOLS:
            raise DeckError(file, entry, f"unknown element symbol {symbol!r}")
        if symbol in seen:
            raise DeckError(file, entry, f"duplicate element {symbol!r}: each card is unique")
        seen.add(symbol)
        c = card(symbol)
        if c.ie is None:
            raise DeckError(file, entry, f"{symbol} has no measured ionization energy, so its "
                                         "card has no defence value")
        if not c.shell_ok:
            raise DeckError(file, entry, f"{symbol}'s outer shell holds {c.outer} electrons; a "
                                         "card shell holds at most 8 (ELEMONSTER E-2)")
    if len(elements) < MIN_ELEMENTS:
        raise DeckError(file, "elements", f"{len(elements)} elements; a deck needs at least "
                                          f"{MIN_ELEMENTS}")
    raw = doc.get("multipliers", {})
    if not isinstance(raw, Mapping):
        raise DeckError(file, "multipliers", 'must be an object like {"2": 8, "3": 6, "4": 4}')
    multipliers: dict[int, int] = {}
    for key, count in raw.items():
        if key not in _MULTIPLIER_KEYS:
            raise DeckError(file, f"multipliers.{key}", "multiplier cards are ×2, ×3 or ×4")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 40:
            raise DeckError(file, f"multipliers.{key}", f"count must be 0 to 40, not {count!r}")
        multipliers[int(key)] = count
    ordered = tuple(sorted(elements, key=SYMBOLS.index))
    return Deck(name=name.strip(), elements=ordered,
                multipliers={k: multipliers.get(k, 0) for k in (2, 3, 4)}, source=file,
                document=dict(doc) if custom else None)
