"""Elemonster action notation (ELEMONSTER §11). Seats count from 1 in the notation.

=====================  ============================================================
``A:Fe:mass>2``        attack seat 2 with Fe naming a value (``mass,mp`` = two values)
``P:Au`` / ``Y``       the defender parries with Au / yields
``G:Na`` ``G:Na,K``    give up cards (lost duel, swap, decay, exchange)
``S:second@Be``        special action ``second`` shown with the card Be
``B:ion:Ca+2*Cl``      lay a bond (``2*Cl`` = Cl with a ×2 multiplier card)
``B:mol:C+2*O/-3@F``   dissolve own bond 3 with the corrosive card F, lay this one
``h`` / ``-``          take a heart refill / decline or skip an offer
``D:Fe`` / ``D-``      end-of-turn discard / none
=====================  ============================================================

>>> a = Action.parse("B:mol:C+2*O/-3@F")
>>> a.kind, a.bond, a.dissolve, str(a)
('bond', ('molecule', 'C', 1, 'O', 2), (3, 'F'), 'B:mol:C+2*O/-3@F')
>>> Action.parse("A:W:mass,mp>2").values, Action.parse("A:W:mass,mp>2").target
(('mass', 'mp'), 1)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..chemistry import SYMBOLS
from .bonds import CODE_CATEGORY
from .cards import EXTRA_VALUES, VALUES

__all__ = ["Action", "NotationError", "SPECIALS", "card_order"]

#: special-action ids of the notation (ELEMONSTER §11) -> the symbol that allows them (E-7)
SPECIALS = {
    "second": "skull", "two": "hard", "metals": "material", "nonmetals": "material",
    "low": "semiconductor", "shield": "heart", "magnet": "magnetic", "swap": "flammable",
    "block": "shield", "exchange": "neutral", "crowns": "crown", "dissolve": "corrosive",
}
_SYMBOL_SET = frozenset(SYMBOLS)
_CARD = r"(?:[A-Z][a-z]?|x[234])"
_VALUE_SET = frozenset(VALUES + EXTRA_VALUES)


class NotationError(ValueError):
    """Text that is not an Elemonster action."""


def card_order(card_id: str) -> tuple[int, int]:
    """Sort key of a card id: elements by Z, then the multipliers x2, x3, x4."""
    if card_id in _SYMBOL_SET:
        return (0, SYMBOLS.index(card_id))
    return (1, int(card_id[1:]))


def _check_card(text: str, allow_multiplier: bool = True) -> str:
    if text in _SYMBOL_SET or (allow_multiplier and text in ("x2", "x3", "x4")):
        return text
    raise NotationError(f"{text!r} is not a card: use an element symbol"
                        + (" or x2, x3, x4" if allow_multiplier else ""))


@dataclass(frozen=True)
class Action:
    """One parsed action; ``str(action)`` is its notation."""

    text: str
    kind: str                       # attack parry yield give special bond heart skip discard
    card: str | None = None         # attack/parry/special/discard card
    values: tuple[str, ...] = ()    # attack
    target: int | None = None       # attack: seat, from 0
    cards: tuple[str, ...] = ()     # give
    special: str | None = None
    bond: tuple[str, str, int, str, int] | None = None
    dissolve: tuple[int, str] | None = None
    key: tuple = field(default=(), compare=False)

    def __str__(self) -> str:
        return self.text

    @staticmethod
    def parse(text: "Action | str") -> "Action":
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise NotationError(f"an action is text like 'B:ion:Na+Cl', not {text!r}")
        t = text.strip()
        if t == "Y":
            return Action(t, "yield", key=("Y",))
        if t == "h":
            return Action(t, "heart", key=("h",))
        if t == "-":
            return Action(t, "skip", key=("-",))
        if t == "D-":
            return Action(t, "discard", key=("D-",))
        head, sep, rest = t.partition(":")
        if not sep:
            raise NotationError(f"cannot read {text!r}: see the notation table "
                                "(A:Fe:mass>2, P:Au, Y, G:Na, S:two@W, B:ion:Na+Cl, h, -, D:Fe)")
        if head == "A":
            m = re.fullmatch(r"([A-Z][a-z]?):([a-z]+(?:,[a-z]+)?)>(\d+)", rest)
            if not m:
                raise NotationError(f"cannot read attack {text!r}: write A:Fe:mass>2")
            c = _check_card(m.group(1), allow_multiplier=False)
            values = tuple(m.group(2).split(","))
            for v in values:
                if v not in _VALUE_SET:
                    raise NotationError(f"unknown value {v!r}: use one of "
                                        f"{', '.join(VALUES + EXTRA_VALUES)}")
            if len(values) == 2 and values[0] == values[1]:
                raise NotationError("two values must differ")
            seat = int(m.group(3))
            if seat < 1:
                raise NotationError("seats count from 1")
            return Action(t, "attack", card=c, values=values, target=seat - 1,
                          key=("A", c, frozenset(values), seat - 1))
        if head == "P":
            c = _check_card(rest, allow_multiplier=False)
            return Action(t, "parry", card=c, key=("P", c))
        if head == "G":
            parts = rest.split(",")
            cards = tuple(sorted((_check_card(p) for p in parts), key=card_order))
            canonical = "G:" + ",".join(cards)
            return Action(canonical, "give", cards=cards, key=("G", cards))
        if head == "D":
            c = _check_card(rest)
            return Action(t, "discard", card=c, key=("D", c))
        if head == "S":
            m = re.fullmatch(r"([a-z]+)@(" + _CARD + ")", rest)
            if not m or m.group(1) not in SPECIALS or m.group(1) == "dissolve":
                raise NotationError(f"cannot read special {text!r}: write S:<id>@<card> with id "
                                    "one of " + ", ".join(s for s in SPECIALS if s != "dissolve"))
            c = _check_card(m.group(2), allow_multiplier=False)
            return Action(t, "special", card=c, special=m.group(1), key=("S", m.group(1), c))
        if head == "B":
            m = re.fullmatch(r"([a-z]+):(?:([1-4])\*)?([A-Z][a-z]?)\+(?:([1-4])\*)?([A-Z][a-z]?)"
                             r"(?:/-(\d+)@([A-Z][a-z]?))?", rest)
            if not m or m.group(1) not in CODE_CATEGORY:
                raise NotationError(f"cannot read bond {text!r}: write B:ion:Ca+2*Cl, "
                                    "B:mol:2*H+O, B:alloy:Ag+Cu or B:noble:He+Ne")
            cat = CODE_CATEGORY[m.group(1)]
            a = _check_card(m.group(3), allow_multiplier=False)
            b = _check_card(m.group(5), allow_multiplier=False)
            ka, kb = int(m.group(2) or 1), int(m.group(4) or 1)
            dissolve = None
            if m.group(6):
                dissolve = (int(m.group(6)), _check_card(m.group(7), allow_multiplier=False))
                if dissolve[0] < 1:
                    raise NotationError("bonds count from 1")
            return Action(t, "bond", bond=(cat, a, ka, b, kb), dissolve=dissolve,
                          key=("B", cat, frozenset({(a, ka), (b, kb)}), dissolve))
        raise NotationError(f"cannot read {text!r}: unknown action {head!r}")
