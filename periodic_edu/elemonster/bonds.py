"""Bonds (ELEMONSTER §6): the four categories, their shell rules, multipliers and points.

>>> check_bond("alloy", "AgCu"), check_bond("ions", "CaCl2"), check_bond("molecule", "H2O")
(9, 7, 10)
>>> check_bond("ions", "FeCl3")
Traceback (most recent call last):
...
periodic_edu.elemonster.errors.IllegalBondError: ions FeCl3: Fe gives 2 electrons but 3×Cl fill 3 gaps (2 ≠ 3); the game shows Fe with 2 outer electrons, so only FeCl2
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import gcd
from typing import Any

from ..formula import FormulaError, parse_formula
from .cards import Card, card
from .deck import load_deck
from .errors import IllegalBondError
from .words import N_, NP_, Reason

__all__ = ["Bond", "CATEGORIES", "CATEGORY_CODES", "make_bond", "check_bond", "BASE_POINTS",
           "points"]

#: category id -> notation code (ELEMONSTER §11) and base points (§6)
CATEGORIES = ("alloy", "ions", "molecule", "noble")
CATEGORY_CODES = {"alloy": "alloy", "ions": "ion", "molecule": "mol", "noble": "noble"}
CODE_CATEGORY = {v: k for k, v in CATEGORY_CODES.items()}
BASE_POINTS = {"alloy": 1, "ions": 1, "molecule": 2, "noble": 3}
_ALIASES = {"ion": "ions", "mol": "molecule", "molecules": "molecule", "alloys": "alloy",
            "noble_gases": "noble", "noble gases": "noble"}

# Every reason a bond is refused, in one place: messages of the "elemonster" catalog, kept as
# a Reason (message id + named ids) so that a widget or the CLI can say them in a language.
MESSAGES = {
    "same": N_("a bond needs two different element cards"),
    "k_range": N_("a multiplier is ×2, ×3 or ×4"),
    "no_mult_alloy": N_("alloys take no multipliers (ELEMONSTER §6)"),
    "no_mult_noble": N_("noble-gas pairs take no multipliers (ELEMONSTER §6)"),
    "no_mult_beginner": N_("beginner games take no multipliers (ELEMONSTER §6)"),
    "reduced": N_("{a}×{A} + {b}×{B} is not reduced (write {r}): the multipliers may not share "
                  "a factor (ELEMONSTER E-18)"),
    "alloy_shape": N_("an alloy needs two metal (square) cards: {x} is a {kind}"),
    "alloy_shell": NP_("{a} has {n} outer electron and {b} has {eb}: an alloy needs matching "
                       "outer shells",
                       "{a} has {n} outer electrons and {b} has {eb}: an alloy needs matching "
                       "outer shells"),
    "noble_kind": N_("noble gases pair only with noble gases: {x} is a {kind}"),
    "noble_pair": N_("two noble gases bond only at the noble-gas category"),
    "mol_shape": N_("{x} is a {kind}: a molecule needs two nonmetal (hexagon) cards"),
    "mol_gaps": NP_("{x} has {n} gap in its outer shell; molecules share 1 to {half} gaps",
                    "{x} has {n} gaps in its outer shell; molecules share 1 to {half} gaps"),
    "mol_balance": N_("{left} but {right} ({ta} ≠ {tb})"),
    "mol_share_1": NP_("{x} shares {n} gap", "{x} shares {n} gaps"),
    "mol_share_k": NP_("{k}×{x} share {n} gap", "{k}×{x} share {n} gaps"),
    "mol_share_1_short": N_("{x} shares {n}"),
    "mol_share_k_short": N_("{k}×{x} share {n}"),
    "ion_shape": N_("ions need a metal (square) that gives electrons and a nonmetal (hexagon) "
                    "that takes them: {a} is a {kind_a}, {b} is a {kind_b}"),
    # a metal gives electrons, not ions (teaching review: "ion giver" taught the wrong picture)
    "ion_give": NP_("{x} has {n} outer electron; a metal (electron giver) gives 1 to {half} "
                    "electrons",
                    "{x} has {n} outer electrons; a metal (electron giver) gives 1 to {half} "
                    "electrons"),
    "ion_take": NP_("{x} has {n} gap; a nonmetal (electron taker) fills 1 to {half} gaps",
                    "{x} has {n} gaps; a nonmetal (electron taker) fills 1 to {half} gaps"),
    "ion_balance": N_("{left} but {right} ({eg} ≠ {gt})"),
    "ion_gives": NP_("{g} gives {n} electron", "{g} gives {n} electrons"),
    "ion_fills_1": NP_("{t} fills {n} gap", "{t} fills {n} gaps"),
    "ion_fills_k": NP_("{k}×{t} fill {n} gap", "{k}×{t} fill {n} gaps"),
    "ion_transition": NP_("{why}; the game shows {g} with {n} outer electron, so only {formula}",
                          "{why}; the game shows {g} with {n} outer electrons, so only "
                          "{formula}"),
    "category": N_("unknown bond category {given!r}: use alloy, ions, molecule or noble"),
    "formula": N_("cannot read formula {formula!r}: {why}"),
    "two": N_("a bond is two elements, {formula!r} has {count}"),
    "not_in_deck": N_("{x} is not a card of the deck"),
    "checked": N_("{cat} {formula}: {why}"),
}


def _why(key: str, **params: Any) -> Reason:
    return Reason(MESSAGES[key], **params)


def _times(k: int) -> str:
    return "" if k == 1 else f"{k}×"


@dataclass(frozen=True, slots=True)
class Bond:
    """Two element cards laid at one category, each with a multiplier k (1 = none).
    For ions ``a`` is the giver; for the other categories ``a`` has the lower Z."""

    category: str
    a: str
    ka: int
    b: str
    kb: int
    points: int

    @property
    def notation(self) -> str:
        def side(s: str, k: int) -> str:
            return s if k == 1 else f"{k}*{s}"
        return f"{CATEGORY_CODES[self.category]}:{side(self.a, self.ka)}+{side(self.b, self.kb)}"

    @property
    def formula(self) -> str:
        return "".join(s + ("" if k == 1 else str(k)) for s, k in ((self.a, self.ka),
                                                                     (self.b, self.kb)))

    @property
    def elements(self) -> tuple[str, str]:
        return (self.a, self.b)

    @property
    def multiplier_cards(self) -> tuple[str, ...]:
        return tuple(f"x{k}" for k in (self.ka, self.kb) if k > 1)

    def to_dict(self) -> dict[str, Any]:
        d = _bond_dict(self)
        return {**d, "cards": list(d["cards"]), "multipliers": list(d["multipliers"])}


@lru_cache(maxsize=4096)
def _bond_dict(bond: Bond) -> dict[str, Any]:
    return {"category": bond.category, "notation": bond.notation, "formula": bond.formula,
            "cards": (bond.a, bond.b), "multipliers": (bond.ka, bond.kb), "points": bond.points}


def points(category: str, a: Card, ka: int, b: Card, kb: int) -> int:
    """ELEMONSTER §6: base + 2 per crown + 1 per heart (each card once, whatever k)
    + 1 if both are materials + 2 per multiplier card."""
    return (BASE_POINTS[category] + 2 * (a.crown + b.crown) + a.heart + b.heart
            + (1 if a.material and b.material else 0) + 2 * ((ka > 1) + (kb > 1)))


def _ion_giver_fault(g: Card, t: Card, kg: int, kt: int) -> Reason | None:
    if not (g.square and t.hexagon):
        return _why("ion_shape", a=g.symbol, kind_a=g.kind, b=t.symbol, kind_b=t.kind)
    if not 1 <= g.outer <= g.cap // 2:
        return _why("ion_give", x=g.symbol, n=g.outer, half=g.cap // 2)
    if not 1 <= t.gaps <= t.cap // 2:
        return _why("ion_take", x=t.symbol, n=t.gaps, half=t.cap // 2)
    if kg * g.outer != kt * t.gaps:
        right = (_why("ion_fills_k", k=kt, t=t.symbol, n=kt * t.gaps) if kt > 1
                 else _why("ion_fills_1", t=t.symbol, n=t.gaps))
        why = _why("ion_balance", left=_why("ion_gives", g=_times(kg) + g.symbol,
                                             n=kg * g.outer),
                   right=right, eg=kg * g.outer, gt=kt * t.gaps)
        if g.kind == "metal" and g.group is not None and 3 <= g.group <= 12 and kg == 1:
            # the author's Q&A: transition metals count only their outer shell (FeCl3, TiCl4)
            n = g.outer // t.gaps if g.outer % t.gaps == 0 else None
            if n:
                why = _why("ion_transition", why=why, g=g.symbol, n=g.outer,
                           formula=f"{g.symbol}{t.symbol}{'' if n == 1 else n}")
        return why
    return None


def _refuse_noble_partner(A: Card, B: Card) -> None:
    if A.kind == "noble" or B.kind == "noble":
        other = B if A.kind == "noble" else A
        if other.kind == "noble":
            raise IllegalBondError(_why("noble_pair"))
        raise IllegalBondError(_why("noble_kind", x=other.symbol, kind=other.kind))


def make_bond(category: str, a: str, ka: int, b: str, kb: int, multipliers: bool = True) -> Bond:
    """The bond of cards ``a``×ka and ``b``×kb at ``category`` in canonical order, or
    :class:`IllegalBondError` saying why. ``multipliers=False`` (beginner) refuses any k > 1."""
    category = _ALIASES.get(category, category)
    if category not in CATEGORIES:
        raise IllegalBondError(_why("category", given=category))
    A, B = card(a), card(b)
    if A.symbol == B.symbol:
        raise IllegalBondError(_why("same"))
    if ka not in (1, 2, 3, 4) or kb not in (1, 2, 3, 4):
        raise IllegalBondError(_why("k_range"))
    if (ka > 1 or kb > 1) and (category in ("alloy", "noble") or not multipliers):
        what = {"alloy": "alloy", "noble": "noble"}.get(category, "beginner")
        raise IllegalBondError(_why(f"no_mult_{what}"))
    if gcd(ka, kb) != 1:
        d = gcd(ka, kb)
        reduced = f"{_times(ka // d)}{A.symbol} + {_times(kb // d)}{B.symbol}"
        raise IllegalBondError(_why("reduced", a=ka, A=A.symbol, b=kb, B=B.symbol, r=reduced))
    if category == "alloy":
        for x in (A, B):
            if not x.square:
                raise IllegalBondError(_why("alloy_shape", x=x.symbol, kind=x.kind))
        if A.outer != B.outer:
            raise IllegalBondError(_why("alloy_shell", a=A.symbol, n=A.outer, b=B.symbol,
                                        eb=B.outer))
    elif category == "noble":
        for x in (A, B):
            if x.kind != "noble":
                raise IllegalBondError(_why("noble_kind", x=x.symbol, kind=x.kind))
    elif category == "molecule":
        _refuse_noble_partner(A, B)
        for x in (A, B):
            if not x.hexagon:
                raise IllegalBondError(_why("mol_shape", x=x.symbol, kind=x.kind))
            if not 1 <= x.gaps <= x.cap // 2:
                raise IllegalBondError(_why("mol_gaps", x=x.symbol, n=x.gaps,
                                            half=x.cap // 2))
        if ka * A.gaps != kb * B.gaps:
            left = (_why("mol_share_k", k=ka, x=A.symbol, n=ka * A.gaps) if ka > 1
                    else _why("mol_share_1", x=A.symbol, n=A.gaps))
            right = (_why("mol_share_k_short", k=kb, x=B.symbol, n=kb * B.gaps) if kb > 1
                     else _why("mol_share_1_short", x=B.symbol, n=B.gaps))
            raise IllegalBondError(_why("mol_balance", left=left, right=right, ta=ka * A.gaps,
                                        tb=kb * B.gaps))
    else:  # ions: either card may be the giver (a metalloid is both shapes, E-17)
        _refuse_noble_partner(A, B)
        fault_ab = _ion_giver_fault(A, B, ka, kb)
        fault_ba = _ion_giver_fault(B, A, kb, ka)
        if fault_ab is not None and fault_ba is not None:
            # report the orientation a player meant: the square card as the giver
            raise IllegalBondError(fault_ba if (B.square and not A.square) else fault_ab)
        if fault_ab is None and fault_ba is None:
            if B.z < A.z:
                A, B, ka, kb = B, A, kb, ka
        elif fault_ab is not None:
            A, B, ka, kb = B, A, kb, ka
        return Bond(category, A.symbol, ka, B.symbol, kb, points(category, A, ka, B, kb))
    if B.z < A.z:
        A, B, ka, kb = B, A, kb, ka
    return Bond(category, A.symbol, ka, B.symbol, kb, points(category, A, ka, B, kb))


def check_bond(category: str, formula: str, deck: Any = None) -> int:
    """The points of a bond written as a formula, with the deck's cards (default: shipped).

    ``formula`` is element symbols with optional counts, the counts being the multiplier
    cards: ``"AgCu"``, ``"CaCl2"``, ``"H2O"``, ``"HeNe"``. Raises :class:`IllegalBondError`
    saying why the bond cannot be laid.
    """
    cat = _ALIASES.get(category, category)
    if cat not in CATEGORIES:
        raise IllegalBondError(_why("category", given=category))
    try:
        counts = parse_formula(formula)
    except (FormulaError, ValueError) as error:
        raise IllegalBondError(_why("formula", formula=formula, why=str(error))) from None
    if len(counts) != 2:
        raise IllegalBondError(_why("two", formula=formula, count=len(counts)))
    d = load_deck(deck)
    (a, ka), (b, kb) = counts.items()
    for x in (a, b):
        if x not in d.elements:
            raise IllegalBondError(_why("not_in_deck", x=x))
    try:
        bond = make_bond(cat, a, ka, b, kb)
    except IllegalBondError as error:
        raise IllegalBondError(_why("checked", cat=cat, formula=formula, why=error.reason)) from None
    return bond.points
