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

from .. import i18n
from ..chemistry import element, element_name
from ..elemonster.cards import SYMBOL_IDS, card
from ..elemonster.deck import is_multiplier
from ..elemonster.words import DOMAIN, FLAME_WORDS, N_, NP_, say, term
from ..locale.texts import STATES
from ._payload import _info

__all__ = ["card_payload", "card_sources", "TEXT", "VALUE_LABELS", "SYMBOL_TEXT",
           "elemonster_strings", "card_text"]

_SOURCES = Path(__file__).resolve().parents[1] / "data" / "elemonster_sources.json"

#: Every word of the Elemonster widget and card: the "elemonster" catalog (English here; the
#: front end receives them in its language in the `strings` trait, :func:`elemonster_strings`).
TEXT: dict[str, str | tuple[str, str]] = {
    "title": N_("Elemonster"),
    "hand": N_("Your hand"),
    "hand_count": NP_("{name}: {n} card in hand", "{name}: {n} cards in hand"),
    "pile": NP_("Draw pile: {n} card", "Draw pile: {n} cards"),
    "discard": N_("Discard pile (face up)"),
    "discard_empty": N_("The discard pile is empty."),
    "bonds": N_("Bonds on the table"),
    "no_bonds": N_("no bonds yet"),
    "n_points": NP_("{n} point", "{n} points"),
    "n_bonds": NP_("{n} bond", "{n} bonds"),
    "scores": N_("Scores"),
    "score_row": N_("{name}: {points} from {bonds}"),
    "log": N_("What happened"),
    "log_hidden_give": N_("{name} gives {to} a card (only they two see which)."),
    "your_move": N_("Your move"),
    "waiting": N_("{name} is thinking…"),
    "paused": N_("The bots are paused."),
    "pause": N_("Pause the bots"),
    "resume": N_("Let the bots play"),
    "step": N_("Next bot move"),
    "new_game": N_("New game"),
    "undo": N_("Undo my last move"),
    "duel": N_("Duel: attack one player"),
    "duel_card": N_("Attack with"),
    "duel_value": N_("Value and target"),
    "duel_go": N_("Attack"),
    "duel_none": N_("No attack is possible now (one duel per turn, before any bond)."),
    "duel_table": N_("The duel on the table"),
    "duel_attack": N_("{card} attacks with {label} {value}"),
    "duel_needs": N_("The defender needs {label} above {value} (strictly higher)."),
    "duel_needs_low": N_("The defender needs {label} below {value} (the duel is reprogrammed: "
                      "lower wins)."),
    "answer": N_("Answer the attack"),
    "compare_head": N_("Your cards against {card}'s {label} {value}"),
    "compare_card": N_("Card"),
    "compare_value": N_("Its value"),
    "compare_verdict": N_("Beats it?"),
    "beats": N_("beats it"),
    "does_not_beat": N_("does not beat it"),
    "unknown": N_("unknown"),
    "parry": N_("Parry with {card}"),
    "bond_build": N_("Build a bond"),
    "bond_pick": N_("Pick two cards of your hand to see which bonds they make and why."),
    "bond_first": N_("First card"),
    "bond_second": N_("Second card"),
    "bond_legal": N_("Bonds you can lay now"),
    "bond_none": N_("No bond is possible with this hand."),
    "bond_lay": N_("Lay {formula}: {points}"),
    "bond_fits": N_("fits: {formula}, {points}"),
    "bond_needs_mult": N_("fits as {formula} ({points}) but needs multiplier cards: only "
                       "the advanced variant has them"),
    "bond_no_mult_cards": N_("fits as {formula} ({points}) but you hold no matching "
                          "multiplier cards"),
    "bond_dissolve_pick": N_("Dissolve your bond {old} with {card} first"),
    "bond_dissolve_more": N_("More bonds after dissolving one of yours ({n})"),
    "bond_dissolve_head": N_("After dissolving one of your bonds"),
    "bond_dissolve_which": N_("{formula}: which bond do you dissolve?"),
    "bond_back": N_("Back to the bonds"),
    "cause_row": N_("{name}: {text}"),
    # TRANSLATORS: after a bot's move in the log: the bot's own reason for it
    "bot_why": N_("(the bot's reason: {text})"),
    "other": N_("Other choices"),
    "discard_head": N_("End your turn"),
    "discard_card": N_("Discard {card}"),
    "keep": N_("Keep every card (end the turn)"),
    "over": N_("Game over"),
    "winner": N_("{names} won."),
    "final_row": N_("{name}: {bond_points} from bonds, {hand} for the cards left in hand = "
                 "{total}"),
    "error": N_("Refused: {text}"),
    "card_of": N_("Elemonster card: {name}"),
    "attack": N_("Attack"),
    "defence": N_("Defence"),
    "attack_hint": N_("electronegativity (Pauling)"),
    "defence_hint": N_("first ionization energy ÷ 5, in eV"),
    "shell": N_("Outer shell"),
    "shell_text": N_("{outer} of {cap} electrons, {gaps}"),
    "n_gaps": NP_("{n} gap", "{n} gaps"),
    "n_electrons": NP_("{n} electron", "{n} electrons"),
    "shell_aria": N_("Outer shell of {symbol}: {electrons}, {gaps}"),
    "kind": N_("Kind"),
    "mass": N_("Atomic mass"),
    "melting": N_("Melts"),
    "boiling": N_("Boils"),
    "state": N_("State at 25 °C"),
    "year": N_("Discovered"),
    "antiquity": N_("known since antiquity"),
    "body": N_("In a 70 kg human"),
    "flame": N_("Flame colour"),
    "alchemy": N_("Alchemical sign"),
    "native": N_("Found native"),
    "yes": N_("yes"), "no": N_("no"),
    "year_bce": N_("{year} BCE"),
    "you": N_("You"),
    "bot_random": N_("Random bot"),
    "bot_greedy": N_("Greedy bot"),
    "seat_n": N_("{name} {n}"),
    "and": N_("{first} and {second}"),
    "label_value": N_("{label} {value}"),
    "group_period": N_("Group {group}, period {period}"),
    "no_group": N_("Period {period} (no group)"),
    "symbols": N_("Symbols"),
    "no_symbols": N_("no property symbols"),
    "sources": N_("Sources"),
    "not_listed": N_("— (not listed)"),
    "multiplier": N_("Multiplier ×{k}"),
    "multiplier_text": N_("Laid with a molecule or ion card: that element counts {k} times "
                       "(+2 points)."),
    "values_note": N_("A duel compares printed values: higher wins, older wins for the year; "
                   "electronegativity (attack) is answered with ionization energy ÷ 5 "
                   "(defence)."),
    "prompt_main": N_("Your turn: duel, build bonds, then discard."),
    "prompt_parry": N_("{att} attacks you: parry with a card that beats it, or yield."),
    "prompt_second": N_("{att} demands a second card that also beats the attack."),
    "prompt_give": N_("You lost the duel: give {att} one card of your choice."),
    "prompt_other": N_("Your decision."),
    "yield": N_("Yield (give up a card)"),
    "skip": N_("Decline"),
    "give": N_("Give {cards}"),
    # the How to play panel (ELEMONSTER §4-§8 in a player's words; the rulebook's terms)
    "help": N_("How to play"),
    "help_close": N_("Close How to play"),
    "help_rules": N_("Every rule, with the choices this game makes:"),
    "rules_link": N_("the rules (opens a page)"),
    "help_goal": N_("Goal: lay as many bonds as you can. Every bond scores points when it is "
                    "laid; at the end every card left in your hand costs points (skulls and "
                    "radioactive cards cost more). Most points wins; a tie goes to the player "
                    "with more bonds."),
    "help_turn": N_("A turn: you draw a card, may start one duel, may lay bonds, then discard "
                    "one card (with fewer than 5 cards in hand you may keep them all)."),
    "help_duel": N_("Duel: show a card and name one of its values. The defender must beat it "
                    "with one card: a strictly higher value; attack (electronegativity) is "
                    "answered with defence (ionization energy). For the year of discovery the "
                    "older card wins, and a card known since antiquity beats every year (two "
                    "such cards tie). A parry wins your card for the defender; if the defender "
                    "yields, you get a card of their choice."),
    "help_bonds": N_("Bonds: two element cards whose outer shells fit. Alloy: two metals with "
                     "equal outer electrons, 1 point. Ions: a metal gives electrons that fill "
                     "a nonmetal's gaps, 1 point. Molecule: two nonmetals share their gaps, 2 "
                     "points. Noble gases: two full shells, 3 points. A bond adds 2 per crown, "
                     "1 per heart, 1 when both cards are materials and 2 per multiplier card."),
    "help_end": N_("The end: when a draw uses up the draw pile, that turn is played out and "
                   "every other player has one more turn. Then the cards left in each hand "
                   "are counted against its bond points."),
    "help_variants": N_("Beginner variant: 5 cards each, no multipliers. Advanced variant: 7 "
                        "cards each, and multiplier cards (×2, ×3, ×4) for molecules and ions."),
    "ended_deck": N_("The game ended: the draw pile was used up and every other player had one "
                     "more turn."),
    "ended_score": N_("The game ended: a player reached the agreed score and every other player "
                      "had one more turn."),
    "ended_max_rounds": N_("The game ended: the last round was played."),
    "resume_summary": N_("Resume your game (turn {turn}, {variant})"),
    "variant_beginner": N_("beginner variant"),
    "variant_advanced": N_("advanced variant"),
    "variant_label": N_("Variant for a new game"),
    # a reload offers the saved game (game_resume.js)
    "saved_title": N_("A saved game"),
    "saved_question": N_("Your game in this browser was saved."),
    "saved_new": N_("Start a new one"),
}

#: value id -> how it is named on the card and in the duel (ELEMONSTER E-3)
VALUE_LABELS: dict[str, str] = {
    "en": N_("attack (electronegativity)"), "ie": N_("defence (ionization energy ÷ 5)"),
    "mass": N_("atomic mass"), "mp": N_("melting point (°C)"), "bp": N_("boiling point (°C)"),
    "year": N_("year of discovery"), "body": N_("grams in a human body"),
    "z": N_("atomic number"), "group": N_("group"), "period": N_("period"),
}
#: category id -> name
CATEGORY_LABELS = {"alloy": N_("alloy"), "ions": N_("ions"), "molecule": N_("molecule"),
                   "noble": N_("noble gases")}
#: symbol id -> [label read by screen readers and printed, what it means, derived from]
SYMBOL_TEXT: dict[str, tuple[str, str, str]] = {
    "heart": (N_("heart (essential to life)"), N_("+1 point in a bond; shield; refill after a loss"),
              "nutrition"),
    "skull": (N_("skull (toxic)"), N_("−1 point per skull left in hand; demands a second card"),
              "clp_pictograms"),
    "crown": (N_("crown (precious metal)"), N_("+2 points in a bond; extra draw"),
              "e0_v"),
    "neutral": (N_("neutral (noble gas)"), N_("exchange cards"), None),
    "radioactive": (N_("radioactive"), N_("−2 points in hand; decay"), None),
    "magnetic": (N_("magnetic"), N_("card magnet: take a random card"), "curie_k"),
    "flammable": (N_("flammable"), N_("forced swap"), "clp_pictograms"),
    "hard": (N_("hard (Mohs ≥ 6)"), N_("attack with two values"), "mohs"),
    "material": (N_("engineering material"), N_("+1 point if both bond cards are; fix metals"),
                 "uns_series"),
    "semiconductor": (N_("semiconductor"), N_("reprogram: lower wins"), "band_gap_ev"),
    "corrosive": (N_("corrosive"), N_("dissolve one of your bonds"), "clp_pictograms"),
    "shield": (N_("radiation shield"), N_("cancels one radioactive card; blocks decay"), "shield_use"),
}
#: kind -> its name and the shape printed on the card (ELEMONSTER E-2)
KIND_TEXT = {"metal": N_("metal (square)"), "metalloid": N_("metalloid (square and hexagon)"),
             "nonmetal": N_("nonmetal (hexagon)"), "noble": N_("noble gas")}

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


def elemonster_strings(lang: str | None = None) -> dict[str, Any]:
    """The front end's words in ``lang`` (the ElemonsterWidget's ``strings`` trait): ``{lang,
    decimal_mark, text: {key: text or {plural category: text}}, values, categories, symbols:
    {id: [label, meaning]}, kinds}``. The browser has no other catalog."""
    lang = i18n.resolve_language(lang)
    out = i18n.keyed_strings(TEXT, DOMAIN, lang)
    out["values"] = {k: say(v, lang) for k, v in VALUE_LABELS.items()}
    out["categories"] = {k: say(v, lang) for k, v in CATEGORY_LABELS.items()}
    out["symbols"] = {k: [say(v[0], lang), say(v[1], lang)] for k, v in SYMBOL_TEXT.items()}
    out["kinds"] = {k: say(v, lang) for k, v in KIND_TEXT.items()}
    return out


def card_text(lang: str | None = None) -> dict[str, Any]:
    """What ElementCard(style="elemonster") draws a card with: ``{text, symbols, sources,
    lang, decimal_mark}`` in ``lang`` (plural texts as {category: text})."""
    words = elemonster_strings(lang)
    return {"text": words["text"], "symbols": words["symbols"], "sources": card_sources(),
            "lang": words["lang"], "decimal_mark": words["decimal_mark"]}


@lru_cache(maxsize=None)
def card_payload(card_id: str, lang: str = "en") -> dict[str, Any]:
    """The front end's data of one card id (an element symbol or ``x2``/``x3``/``x4``); the
    words in it (name, kind, symbols, state, flame colour) in ``lang``."""
    if is_multiplier(card_id):
        return {"id": card_id, "multiplier": int(card_id[1:])}
    c = card(card_id)
    e = element(card_id)
    symbols = c.symbols()
    state = e.state_at_25c
    return {
        "id": c.symbol, "symbol": c.symbol, "z": c.z, "name": element_name(c.symbol, lang),
        "group": c.group, "period": c.period, "family": c.family, "kind": c.kind,
        "kind_text": say(KIND_TEXT[c.kind], lang),
        "attack": c.en, "defence": c.ie, "ie_ev": e.ionization_energy_ev,
        "mass": c.mass, "mp": c.mp, "bp": c.bp,
        "state": i18n.gettext("card", STATES[state], lang) if state in STATES else state,
        "year": c.year, "body": c.body,
        "flame_colour": c.flame_colour and term(FLAME_WORDS, c.flame_colour, lang),
        "alchemy": c.alchemy,
        "native": c.native, "shells": list(e.shells), "outer": c.outer, "cap": c.cap,
        "gaps": c.gaps, "symbols": symbols,
        "symbol_labels": [say(SYMBOL_TEXT[s][0], lang) + (f" ×{n}" if n > 1 else "")
                          for s in SYMBOL_IDS if (n := symbols[s])],
    }


def value_of(card_id: str, value: str) -> Any:
    """A printed value of a card (None: unknown)."""
    return card(card_id).value(value)
