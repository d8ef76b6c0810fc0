"""What the table saw, in words: the log line of a move and the situation a decision answers.

A log line says WHAT was played, the same words for a person and a bot, and names players by
their seat's name ("Attacks Mila with Li: electronegativity 0.98."), never "player 2". The
bots' own reasons (:func:`periodic_edu.elemonster.bots.describe`, "Li gives its 1 outer
electron...") are a separate sentence a page shows for a bot's move only: a person's choice is
never described as if a bot had reasoned it.

A :class:`Line` keeps the seats it names as seat numbers, so one line is said with the names a
page shows (the widget's own "You" follows the page's language) when the log is read.
:func:`situation` says what a waiting decision answers (who attacked, who yielded, who drew a
radioactive card), in words, for the decision's prompt.

>>> from periodic_edu.elemonster import Game
>>> g = Game(players=["Eva", "Mila"], seed=5)
>>> attack = next(a for a in g.legal_actions() if a.kind == "attack" and a.values == ("en",))
>>> move_line(g, 0, attack).render(["Eva", "Mila"], "en")
'Attacks Mila with Mg: electronegativity 1.31.'
>>> move_line(g, 0, attack).render(["Eva", "You"], "de")
'Greift dich mit Mg an: Elektronegativität: 1,31.'
>>> move_line(g, 0, attack).render(["Eva", "Mila"], "uk")
'Атакує гравця Mila картою Mg: електронегативність: 1,31.'

Pure standard library and this package: the engine imports no widget code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .. import i18n
from .actions import Action
from .bonds import make_bond
from .bots import value_labels
from .cards import card
from .words import N_, NP_, Reason, say

__all__ = ["Line", "move_line", "situation", "seat_object", "is_you", "refusal_words", "MOVES",
           "SITUATIONS", "REFUSALS"]

#: the person's own seat name of the widgets ("You", "Ти", "Du"): named "you" as an object
YOU = N_("You")
#: a player named as the object of a sentence: "attacks Mila", "gives Li to Mila"
# TRANSLATORS: a player's name as the object of a log sentence ("attacks {name}", "gives Li to
# {name}", "a swap with {name}"); Ukrainian: "гравця {name}" (the name itself is not declined)
SEAT_OBJECT = N_("{name}")
# TRANSLATORS: the person reading the log, as the object of a sentence ("attacks you", "gives
# Li to you", "a swap with you"): Ukrainian "тебе", German "dich"
YOU_OBJECT = N_("you")

#: every log line of a move (what was played, never why): messages of the "elemonster" catalog
MOVES: dict[str, str | tuple[str, str]] = {
    "attack": N_("Attacks {target} with {card}: {labels}."),
    "parry": N_("Parries with {card}: {labels}."),
    "yield": N_("Yields and gives up a card."),
    "give": N_("Gives {cards} to {target}."),
    "give_hidden": N_("Gives {target} a card (only they two see which)."),
    "give_decay": N_("Discards {cards} to the radioactive decay."),
    "give_exchange": N_("Puts back {cards} after the exchange."),
    "give_swap": N_("Gives {cards} to {target} in the forced swap."),
    "second": N_("Shows {card} (skull): demands a second card that also beats the attack."),
    "two": N_("Shows {card} (hard): attacks with two values."),
    "metals": N_("Shows {card} (material): fixes the duel to {mode}."),
    "low": N_("Shows {card} (semiconductor): lower values win this duel."),
    "shield": N_("Shows {card} (hearts): the parry stands."),
    "magnet": N_("Shows {card} (magnetic): takes a random card from {target}."),
    "swap": N_("Shows {card} (flammable): forces {target} into a swap of one more card."),
    "block": N_("Shows {card} (radiation shield): blocks the decay."),
    "exchange": NP_("Shows {card} (noble gas): exchanges {n} card.",
                    "Shows {card} (noble gas): exchanges {n} cards."),
    "crowns": NP_("Shows {card} (crown): draws {n} extra card.",
                  "Shows {card} (crown): draws {n} extra cards."),
    "heart": NP_("Takes the heart refill: draws {n} card.",
                 "Takes the heart refill: draws {n} cards."),
    "skip": N_("Declines."),
    "bond": N_("Lays {formula} ({category}): {points}."),
    "bond_dissolve": N_("Dissolves the bond {old} with {f} (corrosive) and lays {formula} "
                        "({category}): {points}."),
    "discard": N_("Discards {card}."),
    "keep": N_("Keeps every card."),
    "points": NP_("{n} point", "{n} points"),
}

#: what a waiting decision answers, said to the one who decides (the prompt's cause)
SITUATIONS: dict[str, str | tuple[str, str]] = {
    "decay": NP_("{name} drew a radioactive card: in the decay every player discards. "
                 "Discard {n} card, or block the decay with a radiation shield.",
                 "{name} drew a radioactive card: in the decay every player discards. "
                 "Discard {n} cards, or block the decay with a radiation shield."),
    "decay_self": NP_("You drew a radioactive card: in the decay every player discards. "
                      "Discard {n} card, or block the decay with a radiation shield.",
                      "You drew a radioactive card: in the decay every player discards. "
                      "Discard {n} cards, or block the decay with a radiation shield."),
    "exchange_offer": N_("You drew {card}, a noble gas: you may exchange cards with the draw "
                         "pile."),
    "exchange_discard": NP_("You exchanged: put back {n} card.",
                            "You exchanged: put back {n} cards."),
    "counter": N_("{name} parried your attack with {card}. You may demand a second card "
                  "that also beats it."),
    "won": N_("{name} yielded: you won the duel. You may take a random card with a magnet, "
              "or let {name} choose which card to give you."),
    "swap_offer": N_("You won the duel and got a card from {target}. You may force a swap of "
                     "one more card with a flammable card."),
    "swap_give": N_("{name} forces a swap with a flammable card: pick one more card to give "
                    "{target}."),
    "swap_take": N_("The forced swap: pick one of your cards to give {target} in exchange."),
    "refill_duel": NP_("You lost a card with hearts: you may draw {n} card.",
                       "You lost a card with hearts: you may draw {n} cards."),
    "refill_bond": NP_("Your new bond has a card with hearts: you may draw {n} card.",
                       "Your new bond has a card with hearts: you may draw {n} cards."),
    "crowns": N_("Your new bond has a precious metal: you may draw extra cards for its "
                 "crowns."),
}


def is_you(name: str) -> bool:
    """Is ``name`` the widgets' own name for the person ("You", "Ти", "Du")?"""
    return name in {say(YOU, code) for code in i18n.LANGUAGES}


def seat_object(name: str, lang: str) -> str:
    """A player's name as the object of a sentence: "Mila" ("гравця Міла"), or "you"."""
    if is_you(name):
        return say(YOU_OBJECT, lang)
    return say(SEAT_OBJECT, lang).format(name=name)


@dataclass(frozen=True)
class Line:
    """A sentence of :data:`MOVES` or :data:`SITUATIONS`: its parameters (ids, numbers, parts
    said in the language) and the seats it names (parameter -> seat, named when said)."""

    message: str | tuple[str, str]
    params: Mapping[str, Any] = field(default_factory=dict)
    #: seats named as objects ("attacks Mila", "attacks you")
    seats: Mapping[str, int] = field(default_factory=dict)
    #: seats named as the subject ("Mila yielded"): the name as it is
    subjects: Mapping[str, int] = field(default_factory=dict)

    def render(self, names: Sequence[str], lang: str | None = None) -> str:
        lang = i18n.resolve_language(lang)
        named = {k: seat_object(names[v], lang) for k, v in self.seats.items()}
        named.update({k: names[v] for k, v in self.subjects.items()})
        params = {k: (v.render(lang) if hasattr(v, "render") else v)
                  for k, v in self.params.items()}
        return Reason(self.message, **params, **named).render(lang)


@dataclass(frozen=True)
class _Labels:
    """The named values of a card ("electronegativity 0.98"), said in the line's language."""

    values: tuple[str, ...]
    card: str
    defending: bool = False

    def render(self, lang: str | None = None) -> str:
        return value_labels(self.values, self.card, i18n.resolve_language(lang), self.defending)


def _labels_part(values: Sequence[str], c: str, defending: bool = False) -> _Labels:
    return _Labels(tuple(values), c, defending)


def move_line(game: Any, seat: int, action: Action) -> Line:
    """The log line of ``action`` played by ``seat`` (before it is played): what was done,
    in words, with the seats it names kept as seat numbers."""
    st = game._state
    prompt = st.queue[0][0] if st.queue else "main"
    duel = st.duel
    k = action.kind
    if k == "attack":
        return Line(MOVES["attack"], {"card": action.card,
                                      "labels": _labels_part(action.values, action.card)},
                    {"target": action.target})
    if k == "parry":
        return Line(MOVES["parry"], {"card": action.card, "labels": _labels_part(
            duel.values if duel else (), action.card, True)})
    if k == "yield":
        return Line(MOVES["yield"])
    if k == "give":
        cards = ", ".join(action.cards)
        if prompt == "decay":
            return Line(MOVES["give_decay"], {"cards": cards})
        if prompt == "exchange_discard":
            return Line(MOVES["give_exchange"], {"cards": cards})
        to = duel.attacker if prompt in ("give", "swap_give") else duel.defender
        key = "give" if prompt == "give" else "give_swap"
        return Line(MOVES[key], {"cards": cards}, {"target": to})
    if k == "special":
        sid = action.special
        c = card(action.card)
        if sid in ("magnet", "swap"):
            return Line(MOVES[sid], {"card": c.symbol}, {"target": duel.defender})
        if sid in ("metals", "nonmetals"):
            return Line(MOVES["metals"], {"card": c.symbol, "mode": sid})
        if sid == "exchange":
            return Line(MOVES["exchange"], {"card": c.symbol, "n": c.neutral})
        if sid == "crowns":
            return Line(MOVES["crowns"], {"card": c.symbol, "n": c.crown})
        return Line(MOVES[sid], {"card": c.symbol})
    if k == "heart":
        return Line(MOVES["heart"], {"n": st.queue[0][2]})
    if k == "bond":
        cat, a, ka, b, kb = action.bond
        bond = make_bond(cat, a, ka, b, kb)
        params = {"formula": bond.formula, "category": bond.category,
                  "points": Reason(MOVES["points"], n=bond.points)}
        if action.dissolve:
            old = st.bonds[seat][action.dissolve[0] - 1]
            return Line(MOVES["bond_dissolve"], {**params, "old": old.formula,
                                                 "f": action.dissolve[1]})
        return Line(MOVES["bond"], params)
    if k == "discard":
        return Line(MOVES["keep"]) if action.card is None else \
            Line(MOVES["discard"], {"card": action.card})
    return Line(MOVES["skip"])


def hidden_give(to: int) -> Line:
    """A card given between two other players, as everyone else reads it."""
    return Line(MOVES["give_hidden"], {}, {"target": to})


def situation(game: Any, seat: int) -> Line | None:
    """What the decision waiting for ``seat`` answers, or None (its own turn, a parry, a
    demand or a lost duel's give, which the page says with the duel itself)."""
    st = game._state
    if not st.queue or game.current_player != seat:
        return None
    prompt = st.queue[0]
    kind = prompt[0]
    duel = st.duel
    if kind == "decay":
        from .rules import _decay_count
        n = _decay_count(st, seat)
        if st.active == seat:
            return Line(SITUATIONS["decay_self"], {"n": n})
        return Line(SITUATIONS["decay"], {"n": n}, subjects={"name": st.active})
    if kind == "exchange_offer":
        return Line(SITUATIONS["exchange_offer"], {"card": prompt[2]})
    if kind == "exchange_discard":
        return Line(SITUATIONS["exchange_discard"], {"n": prompt[2]})
    if kind == "counter" and duel:
        return Line(SITUATIONS["counter"], {"card": duel.parries[-1] if duel.parries else ""},
                    subjects={"name": duel.defender})
    if kind == "won" and duel:
        return Line(SITUATIONS["won"], subjects={"name": duel.defender})
    if kind == "swap_offer" and duel:
        return Line(SITUATIONS["swap_offer"], seats={"target": duel.defender})
    if kind == "swap_give" and duel:
        return Line(SITUATIONS["swap_give"], seats={"target": duel.attacker},
                    subjects={"name": duel.attacker})
    if kind == "swap_take" and duel:
        return Line(SITUATIONS["swap_take"], seats={"target": duel.defender})
    if kind == "refill":
        return Line(SITUATIONS["refill_duel" if duel is not None or _lost_in_duel(game, seat)
                               else "refill_bond"], {"n": prompt[2]})
    if kind == "crowns":
        return Line(SITUATIONS["crowns"])
    return None


def _lost_in_duel(game: Any, seat: int) -> bool:
    """Did the refill waiting for ``seat`` come from a duel (not from laying a bond)? A bond's
    refill follows the seat's own bond; a duel's follows the duel's last move."""
    history = game.history
    if not history:
        return False
    last = Action.parse(history[-1])
    return last.kind != "bond"


#: a refused move, said to a student: words only (no notation, no seat number)
REFUSALS = {
    "not_now": N_("Not now: {name} decides first."),
    "answer_first": N_("First answer the decision waiting for you."),
    "target": N_("That player cannot be attacked: it is you, or their hand is empty."),
    "fallback": N_("This move is not possible now."),
}
#: the engine's reasons (rules._WHY) that name a seat or quote notation: said otherwise here
_SEAT_REASONS = ("wrong_kind", "no_prompt")


def refusal_words(error: Any, names: Sequence[str], lang: str | None = None) -> str:
    """An illegal move's refusal for a page, in ``lang``: the rules' reason in words, with the
    players named, never "player 2 cannot play 'D-'" (the CLI's and the JSON's English).

    >>> from periodic_edu.elemonster import Game, IllegalMoveError
    >>> g = Game(players=["Eva", "Mila"], seed=5)
    >>> try:
    ...     g.play("D-")
    ... except IllegalMoveError as error:
    ...     print(refusal_words(error, ["Eva", "Mila"], "en"))
    a hand of 5 or more cards discards exactly one (ELEMONSTER E-12)
    >>> try:
    ...     g.play("Y")
    ... except IllegalMoveError as error:
    ...     print(refusal_words(error, ["Eva", "Mila"], "en"))
    This move is not possible now.
    """
    from .rules import _WHY
    lang = i18n.resolve_language(lang)
    why = getattr(error, "why", None)
    if not isinstance(why, Reason):
        return say(REFUSALS["fallback"], lang)
    ids = {(m if isinstance(m, str) else m[0]): k for k, m in _WHY.items()}
    key = ids.get(why.msgid)
    if key in _SEAT_REASONS:
        seat = int(why.params.get("n", 0)) - 1
        if seat == getattr(error, "player", None) or not 0 <= seat < len(names):
            # your own decision: another one waits first, or (no_prompt) this is no answer
            return say(REFUSALS["answer_first" if key == "wrong_kind" else "fallback"], lang)
        return say(REFUSALS["not_now"], lang).format(name=names[seat])
    if key == "target":
        return say(REFUSALS["target"], lang)
    if key == "fallback":  # it quotes legal actions in notation
        return say(REFUSALS["fallback"], lang)
    return why.render(lang)
