"""Why the engine refuses something, as a message id with named parameters (domain ``engine``).

The engine speaks English: ``str(reason)`` is the English sentence, and that text is part of
the CLI/JSON contract (``IllegalMoveError`` messages, ``why_illegal``). A :class:`Reason` is a
``str`` that also keeps its message ``key`` and ``params``, so a front end can say the same
thing in another language with :meth:`Reason.render` - the engine imports no widget code.

Parameters are ids, rendered in the language when the sentence is: ``trend`` a trend id (its
name as printed on the board), ``cell``/``dest`` a board cell symbol (English: the symbol, as
the CLI has always written; uk/de: ``натрій (Na)``, ``Natrium (Na)``), ``family`` a family id,
``card``/``cards`` goal card ids (their compound names when a deck is given), ``seat``/``seats``
seat numbers counted from 1 as in the notation; anything else (a count, an agenda id, a piece
of notation) is written as it is.

>>> r = Reason("no_free", trend="ionization_energy")
>>> str(r), r.render("uk")
('you hold no Free Action tile for Increase Ionization Energy', 'у тебе немає жетона «Безкоштовна властивість» для властивості «Збільшення енергії іонізації»')
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Mapping

from .. import i18n
from ..board import TREND_NAMES
from ..chemistry import element_name, family_name
from ..i18n import N_, NP_, Message
from .decks import load_goal_deck
from .editions import get_edition

__all__ = ["Reason", "MESSAGES", "COUNTS", "render", "say", "card_namer"]

#: Every sentence of the engine's refusals: key -> English text (the message id), or a
#: (singular, plural) pair whose form follows the parameter named in :data:`COUNTS`.
MESSAGES: dict[str, str | tuple[str, str]] = {
    # rules.why_illegal (RULES §3.9, §4, decisions R-n and D-n)
    "over": N_("the game is over"),
    "agenda_first": N_("first every player keeps one of the agenda cards dealt to them "
                       "(a:<id>; you were dealt {agendas})"),
    "agenda_not_dealt": N_("agenda {agenda} was not dealt to you (you hold {agendas})"),
    "agenda_late": N_("agenda cards are chosen before the first turn"),
    "discover_first": N_("first decide the discovery at {cell}: d:<card> on one of {cards}, "
                         "or d- to decline"),
    "no_take2": N_("you hold no Take 2 Energy tile"),
    "take2_late": N_("Take 2 Energy is played at the start of the turn, before any other "
                     "action"),
    # TRANSLATORS: {n} is the number of energy tokens on the spot
    "take2_spot": NP_("the {trend} spot holds {n} token(s); Take 2 Energy takes from the "
                      "trend spots only",
                      "the {trend} spot holds {n} token(s); Take 2 Energy takes from the "
                      "trend spots only"),
    "not_now": N_("not legal now"),
    "spend_after_gain": N_("you chose Gain this turn: the Gain is the turn's only paid "
                           "activation"),
    # TRANSLATORS: the plural form follows {cost} (1 or 2 energy tokens)
    "cost": NP_("this activation costs {cost} energy and you hold {energy}",
                "this activation costs {cost} energy and you hold {energy}"),
    "cost_must_gain": NP_("this activation costs {cost} energy and you hold {energy}; a player "
                          "who cannot pay must Gain",
                          "this activation costs {cost} energy and you hold {energy}; a player "
                          "who cannot pay must Gain"),
    "gain_after_spend": N_("you spent energy this turn: a Gain must be the turn's only paid "
                           "activation"),
    "gained": N_("you already gained this turn"),
    "no_free": N_("you hold no Free Action tile for {trend}"),
    "no_reach": N_("{trend} reaches no cell from {cell}; every activation must move the flask "
                   "(RULES D-13)"),
    "not_reachable": N_("{dest} is not reachable from {cell} by {trend} in 1 to 5 steps"),
    "seat_not_needed": N_("only a Gain from an empty spot in a game of 3+ players names a seat"),
    "name_seat": N_("the spot is empty and seats {seats} tie for the most energy: name the "
                    "seat to take from (/k)"),
    "not_richest": N_("seat {seat} is not among the richest players ({seats})"),
    "no_seat_nothing": N_("no seat needs to be named: nothing is taken"),
    "no_seat_from": N_("no seat needs to be named: the token comes from seat {seat}"),
    "no_move": N_("you hold no Move To tile for {family}"),
    "move_same": N_("the flask already stands on {cell}: Move To must move it"),
    "no_plus3": N_("you hold no +3 Spaces tile"),
    "plus3_nothing": N_("+3 Spaces extends the movement of the activation just made, before "
                        "its discovery (RULES §4.4)"),
    "plus3_far": N_("{dest} is not 1-3 more steps of {trend} from {cell}"),
    "plus3_far_z": N_("{dest} is not 1-3 more steps of {trend} from {cell} in the same "
                      "direction"),
    "nothing_to_discover": N_("nothing to discover now: a discovery follows a movement that "
                              "ends on a goal cube you have not discovered yet"),
    "not_face_up": N_("{card} is not a face-up goal card"),
    "card_lacks": N_("{card} does not show {cell}"),
    "discovered": N_("you already discovered {cell} on {card}"),
    "no_discovery": N_("no discovery is waiting"),
    "decide_first": N_("first decide the discovery (d:<card> or d-)"),
    "end_early": N_("every turn needs at least one paid activation, Spend or Gain, before it "
                    "ends (RULES D-13)"),
    # actions.Action.parse: text that is not action notation ({text} is what was typed)
    "not_string": N_("an action is a string, not {type}"),
    "seat_only_gain": N_("{text}: only a Gain names a seat (/k)"),
    "spot_order": N_("{text}: write the two spots in board order ({order})"),
    "not_notation": N_("{text} is not action notation (e.g. 's:ie>F', 'g:an>Mg', 'd-', 'end'; "
                       "see periodic_edu.engine.actions)"),
    "unknown_code": N_("{text}: unknown trend code {code} (one of {codes})"),
    "not_a_cell": N_("{text}: {symbol} is not a cell of the board"),
}

#: Plural messages: which parameter chooses the form.
COUNTS = {"take2_spot": "n", "cost": "cost", "cost_must_gain": "cost"}

_LISTS = ("agendas", "seats", "codes")


def card_namer(deck: Any) -> Callable[[str], str | None]:
    """``card id -> English compound name`` from a goal deck (``GoalDeck``, or ``None``)."""
    by_id: Mapping[str, Any] = getattr(deck, "by_id", None) or {}

    def name(card_id: str) -> str | None:
        card = by_id.get(card_id)
        return None if card is None else card.name
    return name


@lru_cache(maxsize=None)
def _printed_names() -> dict[str, str]:
    """Card id -> English name over the decks printed in both editions (a custom deck's card
    is named by its id unless the caller passes a ``cards`` lookup)."""
    names: dict[str, str] = {}
    for edition in ("uk", "en"):
        names.update((cid, card.name) for cid, card in
                     load_goal_deck(edition=get_edition(edition)).by_id.items())
    return names


def _printed_cards(card_id: str) -> str | None:
    return _printed_names().get(card_id)


def _value(name: str, value: Any, lang: str, cards: Callable[[str], str | None] | None) -> str:
    if name in ("trend",):
        return i18n.gettext("board", TREND_NAMES[value], lang)
    if name in ("cell", "dest"):
        if lang == "en":
            return str(value)
        return f"{i18n.in_sentence(element_name(value, lang), lang)} ({value})"
    if name == "family":
        if lang == "en":
            return str(value).replace("_", " ")
        return i18n.gettext("board", family_name(value), lang)
    if name in ("card", "cards"):
        ids = [value] if name == "card" else list(value)
        if cards is None and lang != "en":
            cards = _printed_cards
        out = []
        for cid in ids:
            english = cards(cid) if (cards is not None and lang != "en") else None
            out.append(str(cid) if english is None else i18n.gettext("decks", english, lang))
        return ", ".join(out)
    if name in _LISTS:
        return ", ".join(str(v) for v in value)
    if name == "why":
        return say(value, lang, cards)
    return str(value)


def render(key: str, params: Mapping[str, Any], lang: str | None = "en",
           cards: Callable[[str], str | None] | None = None) -> str:
    """The sentence ``key`` with ``params`` in ``lang`` (``cards``: card id -> English name,
    to name goal cards by their compound; without it a card is named by its id)."""
    lang = i18n.resolve_language(lang)
    count = int(params[COUNTS[key]]) if key in COUNTS else None
    text = i18n.translate("engine", MESSAGES[key], lang, count)
    return text.format(**{k: _value(k, v, lang, cards) for k, v in params.items()})


class Reason(Message):
    """An English sentence of the engine (a ``str``) that keeps its message id and parameters.

    ``render(lang, cards=...)`` says it in ``lang`` (``cards``: see :func:`render`); ``str()``
    and ``==`` are the English text."""

    domain = "engine"

    @classmethod
    def _say(cls, key: str, params: Mapping[str, Any], lang: str | None,
             cards: Callable[[str], str | None] | None = None) -> str:
        return render(key, params, lang, cards)


def say(why: Any, lang: str | None, cards: Callable[[str], str | None] | None = None) -> str:
    """``why`` in ``lang`` if it is a :class:`Reason` (or anything with ``render(lang)``),
    else its text as it is."""
    if isinstance(why, Reason):
        return why.render(lang, cards=cards)
    render_ = getattr(why, "render", None)
    return str(render_(lang)) if callable(render_) else str(why)
