"""What the Elemonster front end shows of a card, and every word it uses (one table).

The card payload is the whole legend of an Elemonster card (ELEMONSTER §1): the printed values
with their units and sources, the shell, the kind (shape), the new facts (body mass, flame
colour, alchemical sign, native occurrence) and the twelve property symbols with the rule each
one comes from. Nothing here is typed by hand: it is read from :func:`periodic_edu.elemonster.card`
and the two data files.

>>> d = card_payload("Fe")
>>> d["attack"], d["defence"], d["outer"], d["gaps"], d["symbols"]["magnetic"]
(1.83, 1.58, 2, 6, 1)
>>> card_payload("x3")["multiplier"]
3
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..chemistry import element
from ..elemonster.cards import SYMBOL_IDS, card
from ..elemonster.deck import is_multiplier
from ._payload import _info

__all__ = ["card_payload", "card_sources", "TEXT", "VALUE_LABELS", "SYMBOL_TEXT"]

_SOURCES = Path(__file__).resolve().parents[1] / "data" / "elemonster_sources.json"

#: Every word of the Elemonster widget and card (moves to the message catalog as one table).
TEXT: dict[str, str] = {
    "title": "Elemonster",
    "hand": "Your hand",
    "hand_count": "{name}: {n} cards in hand",
    "pile": "Draw pile: {n} cards",
    "discard": "Discard pile (face up)",
    "discard_empty": "The discard pile is empty.",
    "bonds": "Bonds on the table",
    "no_bonds": "no bonds yet",
    "bond_row": "{formula} ({category}, {points} points)",
    "scores": "Scores",
    "score_row": "{name}: {points} points from {bonds} bonds",
    "log": "What happened",
    "log_hidden_give": "{name} gives {to} a card (only they two see which).",
    "your_move": "Your move",
    "waiting": "{name} is thinking…",
    "paused": "The bots are paused.",
    "pause": "Pause the bots",
    "resume": "Let the bots play",
    "step": "Next bot move",
    "new_game": "New game",
    "undo": "Undo my last move",
    "duel": "Duel: attack one player",
    "duel_card": "Attack with",
    "duel_value": "Value and target",
    "duel_go": "Attack",
    "duel_none": "No attack is possible now (one duel per turn, before any bond).",
    "duel_table": "The duel on the table",
    "duel_attack": "{card} attacks with {label} {value}",
    "duel_needs": "The defender needs {label} above {value} (strictly higher).",
    "duel_needs_low": "The defender needs {label} below {value} (the duel is reprogrammed: "
                      "lower wins).",
    "answer": "Answer the attack",
    "compare_head": "Your cards against {card}'s {label} {value}",
    "compare_card": "Card",
    "compare_value": "Its value",
    "compare_verdict": "Beats it?",
    "beats": "beats it",
    "does_not_beat": "does not beat it",
    "unknown": "unknown",
    "parry": "Parry with {card}",
    "bond_build": "Build a bond",
    "bond_pick": "Pick two cards of your hand to see which bonds they make and why.",
    "bond_first": "First card",
    "bond_second": "Second card",
    "bond_legal": "Bonds you can lay now",
    "bond_none": "No bond is possible with this hand.",
    "bond_lay": "Lay {formula}: {points} points",
    "bond_fits": "fits: {formula}, {points} points",
    "bond_needs_mult": "fits as {formula} ({points} points) but needs multiplier cards: only "
                       "the advanced variant has them",
    "bond_no_mult_cards": "fits as {formula} ({points} points) but you hold no matching "
                          "multiplier cards",
    "bond_dissolve": "after dissolving your bond {old} with {card}",
    "other": "Other choices",
    "discard_head": "End your turn",
    "discard_card": "Discard {card}",
    "keep": "Keep every card (end the turn)",
    "over": "Game over",
    "winner": "{names} won.",
    "final_row": "{name}: {bond_points} from bonds, {hand} for the cards left in hand = "
                 "{total}",
    "error": "Refused: {text}",
    "card_of": "Elemonster card: {name}",
    "attack": "Attack",
    "defence": "Defence",
    "attack_hint": "electronegativity (Pauling)",
    "defence_hint": "first ionization energy ÷ 5, in eV",
    "shell": "Outer shell",
    "shell_text": "{outer} of {cap} electrons, {gaps} gaps",
    "shell_aria": "Outer shell of {symbol}: {outer} electrons, {gaps} gaps",
    "kind": "Kind",
    "mass": "Atomic mass",
    "melting": "Melts",
    "boiling": "Boils",
    "state": "State at 25 °C",
    "year": "Discovered",
    "antiquity": "known since antiquity",
    "body": "In a 70 kg human",
    "flame": "Flame colour",
    "alchemy": "Alchemical sign",
    "native": "Found native",
    "yes": "yes", "no": "no",
    "group_period": "Group {group}, period {period}",
    "no_group": "Period {period} (no group)",
    "symbols": "Symbols",
    "no_symbols": "no property symbols",
    "sources": "Sources",
    "not_listed": "— (not listed)",
    "multiplier": "Multiplier ×{k}",
    "multiplier_text": "Laid with a molecule or ion card: that element counts {k} times "
                       "(+2 points).",
    "values_note": "A duel compares printed values: higher wins, older wins for the year; "
                   "electronegativity (attack) is answered with ionization energy ÷ 5 "
                   "(defence).",
    "prompt_main": "Your turn: duel, build bonds, then discard.",
    "prompt_parry": "{att} attacks you: parry with a card that beats it, or yield.",
    "prompt_second": "{att} demands a second card that also beats the attack.",
    "prompt_give": "You lost the duel: give {att} one card of your choice.",
    "prompt_other": "Your decision.",
    "yield": "Yield (give up a card)",
    "skip": "Decline",
    "give": "Give {cards}",
}

#: value id -> how it is named on the card and in the duel (ELEMONSTER E-3)
VALUE_LABELS: dict[str, str] = {
    "en": "attack (electronegativity)", "ie": "defence (ionization energy ÷ 5)",
    "mass": "atomic mass", "mp": "melting point (°C)", "bp": "boiling point (°C)",
    "year": "year of discovery", "body": "grams in a human body",
    "z": "atomic number", "group": "group", "period": "period",
}
#: category id -> name
CATEGORY_LABELS = {"alloy": "alloy", "ions": "ions", "molecule": "molecule",
                   "noble": "noble gases"}
#: symbol id -> [label read by screen readers and printed, what it means, derived from]
SYMBOL_TEXT: dict[str, tuple[str, str, str]] = {
    "heart": ("heart (essential to life)", "+1 point in a bond; shield; refill after a loss",
              "nutrition"),
    "skull": ("skull (toxic)", "−1 point per skull left in hand; demands a second card",
              "clp_pictograms"),
    "crown": ("crown (precious metal)", "+2 points in a bond; extra draw",
              "e0_v"),
    "neutral": ("neutral (noble gas)", "exchange cards", None),
    "radioactive": ("radioactive", "−2 points in hand; decay", None),
    "magnetic": ("magnetic", "card magnet: take a random card", "curie_k"),
    "flammable": ("flammable", "forced swap", "clp_pictograms"),
    "hard": ("hard (Mohs ≥ 6)", "attack with two values", "mohs"),
    "material": ("engineering material", "+1 point if both bond cards are; fix metals",
                 "uns_series"),
    "semiconductor": ("semiconductor", "reprogram: lower wins", "band_gap_ev"),
    "corrosive": ("corrosive", "dissolve one of your bonds", "clp_pictograms"),
    "shield": ("radiation shield", "cancels one radioactive card; blocks decay", "shield_use"),
}
#: kind -> its name and the shape printed on the card (ELEMONSTER E-2)
KIND_TEXT = {"metal": "metal (square)", "metalloid": "metalloid (square and hexagon)",
             "nonmetal": "nonmetal (hexagon)", "noble": "noble gas"}

# card field -> the element data field its unit and source come from
_ELEMENT_FIELDS = {"attack": "electronegativity_pauling", "defence": "ionization_energy_ev",
                   "mass": "atomic_mass", "mp": "melting_point_k", "bp": "boiling_point_k",
                   "year": "discovery_year", "shells": "shells", "state": "state_at_25c"}
_NEW_FIELDS = {"body": "body_mass_g", "flame_colour": "flame_colour", "alchemy": "alchemy",
               "native": "native"}


@lru_cache(maxsize=1)
def _columns() -> dict[str, dict]:
    return json.loads(_SOURCES.read_text(encoding="utf-8"))["columns"]


@lru_cache(maxsize=1)
def card_sources() -> dict[str, dict[str, str]]:
    """card field -> {unit, source, citation}: elements.csv's or elemonster_sources.json's."""
    out: dict[str, dict[str, str]] = {}
    for field, column in _ELEMENT_FIELDS.items():
        out[field] = _info(column)
    out["mp"]["unit"] = out["bp"]["unit"] = "°C"  # the card prints Celsius (E-3), from kelvin
    out["defence"]["unit"] = "eV ÷ 5"
    for field, column in _NEW_FIELDS.items():
        info = _columns()[column]
        out[field] = {"unit": info.get("unit") or "", "source": info["source"],
                      "citation": info["citation"]}
    for sid, (_, _, column) in SYMBOL_TEXT.items():
        if column is not None:
            info = _columns()[column]
            out[f"symbol_{sid}"] = {"unit": "", "source": info["source"],
                                    "citation": info["citation"]}
    return out


@lru_cache(maxsize=None)
def card_payload(card_id: str) -> dict[str, Any]:
    """The front end's data of one card id (an element symbol or ``x2``/``x3``/``x4``)."""
    if is_multiplier(card_id):
        return {"id": card_id, "multiplier": int(card_id[1:])}
    c = card(card_id)
    e = element(card_id)
    symbols = c.symbols()
    return {
        "id": c.symbol, "symbol": c.symbol, "z": c.z, "name": c.name, "group": c.group,
        "period": c.period, "family": c.family, "kind": c.kind, "kind_text": KIND_TEXT[c.kind],
        "attack": c.en, "defence": c.ie, "ie_ev": e.ionization_energy_ev,
        "mass": c.mass, "mp": c.mp, "bp": c.bp, "state": e.state_at_25c, "year": c.year,
        "body": c.body, "flame_colour": c.flame_colour, "alchemy": c.alchemy,
        "native": c.native, "shells": list(e.shells), "outer": c.outer, "cap": c.cap,
        "gaps": c.gaps, "symbols": symbols,
        "symbol_labels": [SYMBOL_TEXT[s][0] + (f" ×{n}" if n > 1 else "")
                          for s in SYMBOL_IDS if (n := symbols[s])],
    }


def value_of(card_id: str, value: str) -> Any:
    """A printed value of a card (None: unknown)."""
    return card(card_id).value(value)
