"""Elemonster bots: ``random`` and ``greedy``. Each reads only ``game.observe(seat)`` and returns
a :class:`Decision`: the action and one sentence explaining it in chemistry terms.

>>> from periodic_edu.elemonster import Game
>>> g = Game(players=2, seed=3)
>>> play_out(g, [make_bot("greedy", 1), make_bot("random", 2)])
>>> g.is_over
True
"""
from __future__ import annotations

from math import comb
from typing import Sequence

from .. import i18n
from ..chemistry import element_name
from ..tabletop import bots as tabletop_bots
from ..tabletop.bots import Decision, play_out
from ..tabletop.rng import Rng
from .actions import Action
from .bonds import make_bond
from .cards import card
from .deck import is_multiplier
from .game import View
from .rules import _pair_bonds, beats
from .words import N_, NP_, VALUE_WORDS, Reason, say

__all__ = ["Decision", "Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot", "parse_bot_list",
           "play_out", "describe", "SENTENCES", "value_labels"]

# Every sentence a bot says, in one table: messages of the "elemonster" catalog. Symbols,
# formulas and card ids stay as they are; element names are the language's (periodic_edu.i18n).
SENTENCES = {
    "bond_ions": NP_("{g} gives its {n} outer electron to {t}, missing {gap}: {formula}, "
                     "{points}.",
                     "{g} gives its {n} outer electrons to {t}, missing {gap}: {formula}, "
                     "{points}."),
    "bond_ions_each": NP_("{g} gives its {n} outer electron to {kt} {t}, each missing {gap}: "
                          "{formula}, {points}.",
                          "{g} gives its {n} outer electrons to {kt} {t}, each missing {gap}: "
                          "{formula}, {points}."),
    "bond_ions_many": NP_("{kg} {g} give {n} outer electron in all to {t}, missing {gap}: "
                          "{formula}, {points}.",
                          "{kg} {g} give {n} outer electrons in all to {t}, missing {gap}: "
                          "{formula}, {points}."),
    "bond_ions_many_each": NP_("{kg} {g} give {n} outer electron in all to {kt} {t}, each "
                               "missing {gap}: {formula}, {points}.",
                               "{kg} {g} give {n} outer electrons in all to {kt} {t}, each "
                               "missing {gap}: {formula}, {points}."),
    "bond_molecule": N_("{a} and {b} share their gaps ({sa} = {sb}): the molecule {formula}, "
                        "{points}."),
    "bond_alloy": NP_("{a} and {b} both have {n} outer electron and mix in an electron sea: "
                      "the alloy {formula}, {points}.",
                      "{a} and {b} both have {n} outer electrons and mix in an electron sea: "
                      "the alloy {formula}, {points}."),
    "bond_noble": N_("{a} and {b} already have full shells: a noble-gas pair, {points}."),
    "points": NP_("{n} point", "{n} points"),
    "dissolve": NP_("{text}, after dissolving its bond {old} with corrosive {f} ({delta} "
                    "point).",
                    "{text}, after dissolving its bond {old} with corrosive {f} ({delta} "
                    "points)."),
    "attack_en": N_("Attacks with {name}'s electronegativity {v} (its pull on shared "
                    "electrons); only an ionization energy ÷ 5 above it can parry."),
    "attack": N_("Attacks with {name}'s {labels}."),
    "parry": N_("Parries with {name}: its {labels} beats {att}."),
    "parry_two": N_("Parries with {name}: its {labels} beat {att}."),
    # one sentence whatever the hand held: the log must not tell whether it could have parried
    "yield": N_("Yields to {att}'s {labels}."),
    "give": N_("Gives up {name}, the card it can spare best."),
    "give_decay": N_("Discards {names} to the radioactive decay."),
    "give_exchange": N_("Puts back {names} after the exchange."),
    "block": N_("Blocks the decay with {name}, a radiation shield."),
    "exchange": NP_("{name} is a noble gas with {n} neutral symbol: trades {n} card.",
                    "{name} is a noble gas with {n} neutral symbols: trades {n} cards."),
    "second": N_("{name} is toxic: demands a second card that also beats {att}."),
    "shield": NP_("{name} has {h} hearts, more than the {n} skull of {demand}: the parry "
                  "stands.",
                  "{name} has {h} hearts, more than the {n} skulls of {demand}: the parry "
                  "stands."),
    "magnet": N_("{name} is ferromagnetic: pulls a random card from the defender."),
    "swap": N_("{name} is flammable: forces a swap of one more card."),
    "two": N_("{name} is hard (Mohs ≥ 6): attacks with two values at once."),
    "metals": N_("{name} is an engineering metal: fixes the duel to {mode}."),
    "low": N_("{name} is a semiconductor: reprograms the duel so lower values win."),
    "crowns": NP_("{name} is a precious metal (E° > 0): draws {n} extra card.",
                  "{name} is a precious metal (E° > 0): draws {n} extra cards."),
    "heart": NP_("Draws {n} card for the hearts of an essential element.",
                 "Draws {n} cards for the hearts of an essential element."),
    "skip": N_("Declines."),
    "discard": N_("Discards {name}: it has no bond partner in hand."),
    "keep": N_("Keeps every card."),
    "antiquity": N_("year of discovery (known since antiquity)"),
    "label": N_("{label} {value}"),
    "and": N_("{first} and {second}"),
}
#: a count of cards in "Two Al give ..." (the subject of a sentence)
NUMBER_WORDS = {
    # TRANSLATORS: "Two Al give 6 outer electrons in all to ...": the subject, capitalized
    2: N_("Two"), 3: N_("Three"), 4: N_("Four")}
#: a count of cards in "... to two Cl, each missing 1" (after "to")
NUMBER_WORDS_TO = {
    # TRANSLATORS: "Ca gives its 2 outer electrons to two Cl, each missing 1" (after "to")
    2: N_("two"), 3: N_("three"), 4: N_("four")}


def _name(symbol: str, lang: str) -> str:
    """An element's name as the language writes it (capitalized: "Iron", "Ферум", "Eisen")."""
    return element_name(symbol, lang)


def _number(value: object, lang: str) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return i18n.format_number(value, lang) if isinstance(value, (int, float)) else str(value)


def value_labels(values: Sequence[str], c: str, lang: str, defending: bool = False) -> str:
    """A card's named values in a sentence ("electronegativity 0.98"; defending: `en` is
    answered with `ie`), in ``lang``."""
    parts = []
    for v in values:
        shown = "ie" if (v == "en" and defending) else v
        value = card(c).value(shown)
        if shown == "year" and value is None:
            parts.append(say(SENTENCES["antiquity"], lang))
            continue
        parts.append(say(SENTENCES["label"], lang).format(label=say(VALUE_WORDS[shown], lang),
                                                          value=_number(value, lang)))
    if len(parts) == 2:
        return say(SENTENCES["and"], lang).format(first=parts[0], second=parts[1])
    return ", ".join(parts)


def describe(view: View, action: Action, lang: str | None = None) -> str:
    """One sentence for ``action`` as played from ``view`` (before it is played), in ``lang``
    (default ``$PERIODIC_EDU_LANG`` or English)."""
    lang = i18n.resolve_language(lang)

    def said(key: str, **params: object) -> str:
        return Reason(SENTENCES[key], **params).render(lang)

    info = view.to_dict()
    prompt = info["prompt"]["kind"] if info["prompt"] else "main"
    duel = info["duel"]
    k = action.kind
    if k == "bond":
        cat, a, ka, b, kb = action.bond
        bond = make_bond(cat, a, ka, b, kb)
        points = Reason(SENTENCES["points"], n=bond.points)
        if cat == "ions":
            g, t = card(bond.a), card(bond.b)
            key = "bond_ions_many" if bond.ka > 1 else "bond_ions"
            params: dict = {"g": g.symbol, "n": bond.ka * g.outer, "t": t.symbol,
                            "gap": t.gaps, "formula": bond.formula, "points": points}
            if bond.ka > 1:
                params["kg"] = say(NUMBER_WORDS[bond.ka], lang)
            if bond.kb > 1:
                key += "_each"
                params["kt"] = say(NUMBER_WORDS_TO[bond.kb], lang)
            text = said(key, **params)
        elif cat == "molecule":
            A, B = card(bond.a), card(bond.b)
            text = said("bond_molecule", a=A.symbol, b=B.symbol, sa=f"{bond.ka}×{A.gaps}",
                        sb=f"{bond.kb}×{B.gaps}", formula=bond.formula, points=points)
        elif cat == "alloy":
            text = said("bond_alloy", a=bond.a, b=bond.b, n=card(bond.a).outer,
                        formula=bond.a + bond.b, points=points)
        else:
            text = said("bond_noble", a=bond.a, b=bond.b, points=points)
        if action.dissolve:
            old = info["bonds"][view.seat][action.dissolve[0] - 1]
            delta = bond.points - old["points"]
            text = said("dissolve", text=text[:-1] if text.endswith(".") else text,
                        old=old["formula"], f=action.dissolve[1], delta=f"{delta:+d}",
                        n=abs(delta))
        return text
    if k == "attack":
        if action.values == ("en",):
            return said("attack_en", name=_name(action.card, lang),
                        v=i18n.format_number(card(action.card).en, lang, 2))
        return said("attack", name=_name(action.card, lang),
                    labels=value_labels(action.values, action.card, lang))
    if k == "parry":
        return said("parry_two" if len(duel["values"]) > 1 else "parry",
                    name=_name(action.card, lang),
                    labels=value_labels(duel["values"], action.card, lang, True), att=duel["card"])
    if k == "yield":
        return said("yield", att=duel["card"], labels=value_labels(duel["values"], duel["card"],
                                                              lang))
    if k == "give":
        names = ", ".join(action.cards)
        if prompt == "decay":
            return said("give_decay", names=names)
        if prompt == "exchange_discard":
            return said("give_exchange", names=names)
        return said("give", name=names)
    if k == "special":
        c = card(action.card)
        name = _name(c.symbol, lang)
        sid = action.special
        if sid == "block":
            return said("block", name=name)
        if sid == "exchange":
            return said("exchange", name=name, n=c.neutral)
        if sid == "second":
            return said("second", name=name, att=duel["card"])
        if sid == "shield":
            d = card(duel["demand"])
            return said("shield", name=name, h=c.heart, n=d.skull, demand=_name(d.symbol, lang))
        if sid == "magnet":
            return said("magnet", name=name)
        if sid == "swap":
            return said("swap", name=name)
        if sid == "two":
            return said("two", name=name)
        if sid in ("metals", "nonmetals"):
            return said("metals", name=name, mode=sid)
        if sid == "low":
            return said("low", name=name)
        if sid == "crowns":
            return said("crowns", name=name, n=c.crown)
    if k == "heart":
        return said("heart", n=info["prompt"]["count"])
    if k == "discard":
        if action.card is None:
            return said("keep")
        return said("discard", name=action.card if is_multiplier(action.card)
                    else _name(action.card, lang))
    return said("skip")


class Bot(tabletop_bots.Bot):
    """An Elemonster bot: its generator is the game's own :class:`Rng`, its sentences are
    :func:`describe`'s (``explain=False``: no sentences, for simulations)."""

    def __init__(self, seed: int = 0, explain: bool = True, lang: str | None = None) -> None:
        super().__init__(seed, lang)
        self.explain = explain

    new_rng = staticmethod(Rng)

    def below(self, n: int) -> int:
        return self.rng.below(n)

    def describe(self, view: View, action: Action) -> str:
        return describe(view, action, self.lang) if self.explain else ""

    def decision(self, view: View, action: Action) -> Decision:
        # said now: the sentence reads the view, which follows the live game
        return Decision(action, self.describe(view, action))


class RandomBot(tabletop_bots.RandomBot, Bot):
    """A uniformly random legal action."""


class GreedyBot(Bot):
    """The best immediate value: the richest bond, an attack it is likely to win, parries with
    the card it needs least, gives away and discards the cards that cost most at the end."""

    name = "greedy"
    #: attack only when no card of the defender beats it with at least this probability
    ATTACK_IF = 0.6
    #: declines extra cards (refill, crowns) from a hand this big
    FULL_HAND = 6

    def pick(self, view: View, legal: list[Action]) -> Action:
        info = view.to_dict()
        prompt = info["prompt"]["kind"] if info["prompt"] else "main"
        hand = list(view.hand)
        ending = info["trigger"] is not None
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        specials = by_kind.get("special", [])
        if prompt == "main":
            return self._main(view, info, hand, by_kind)
        if prompt in ("parry", "second"):
            parries = by_kind.get("parry", [])
            if parries:
                return min(parries, key=lambda a: self._keep(a.card, hand))
            return specials[0] if specials else by_kind["yield"][0]
        if prompt in ("give", "swap_give", "swap_take", "decay", "exchange_discard"):
            if prompt == "decay" and specials:
                return specials[0]
            gives = by_kind["give"]
            return min(gives, key=lambda a: sum(self._keep(c, hand) for c in a.cards))
        if prompt in ("counter", "won"):
            return specials[0] if specials else legal[-1]
        if prompt == "swap_offer":
            worst = min(self._keep(c, hand) for c in hand)
            return specials[0] if specials and worst < 0 else legal[-1]
        if prompt in ("refill", "crowns", "exchange_offer"):
            # every card drawn costs 1 at the end unless it is bonded, and drains the pile
            if ending or len(hand) >= self.FULL_HAND:
                return legal[-1]
            return (by_kind.get("heart") or specials or legal)[0]
        return legal[-1]

    def _main(self, view: View, info: dict, hand: list[str],
              by_kind: dict[str, list[Action]]) -> Action:
        bonds = by_kind.get("bond", [])
        attacks = by_kind.get("attack", [])
        if attacks and not info["declared"]:
            best = self._best_attack(view, info, hand, attacks, bonds)
            if best is not None:
                return best
        elif attacks:
            return attacks[0]
        if bonds:
            best = max(bonds, key=lambda a: (self._bond_gain(a, info, view.seat),
                                             a.dissolve is None, a.text))
            if best.dissolve is None or self._bond_gain(best, info, view.seat) > 0:
                return best
        discards = [a for a in by_kind.get("discard", []) if a.card is not None]
        keep_all = [a for a in by_kind.get("discard", []) if a.card is None]
        worst = min(discards, key=lambda a: (self._keep(a.card, hand), a.text), default=None)
        if keep_all and (worst is None or (self._keep(worst.card, hand) >= 0
                                           and info["trigger"] is None)):
            return keep_all[0]
        return worst if worst is not None else keep_all[0]

    @staticmethod
    def _bond_gain(a: Action, info: dict, seat: int) -> int:
        points = make_bond(*a.bond).points
        if a.dissolve:
            points -= info["bonds"][seat][a.dissolve[0] - 1]["points"]
        return points

    def _best_attack(self, view: View, info: dict, hand: list[str], attacks: list[Action],
                     bonds: list[Action]) -> Action | None:
        unseen = [c for c in view.unseen() if not is_multiplier(c)]
        pool_size = len(view.unseen())
        in_bonds = {c for b in bonds for c in (b.bond[1], b.bond[3])}
        best, best_key = None, None
        for a in attacks:
            h = info["hand_sizes"][a.target]
            beaters = sum(1 for c in unseen if beats(c, a.card, a.values))
            p_safe = comb(pool_size - beaters, h) / comb(pool_size, h) if pool_size >= h else 0
            key = (p_safe, a.card not in in_bonds, -a.target, a.text)
            if best_key is None or key > best_key:
                best, best_key = a, key
        if best is not None and best_key[0] >= self.ATTACK_IF:
            return best
        return None

    @staticmethod
    def _keep(c: str, hand: list[str]) -> float:
        """How much a card is worth keeping: its end-of-game cost against its bond chances."""
        if is_multiplier(c):
            return 0.5
        k = card(c)
        cost = 1 + k.skull + 2 * k.radioactive
        partners = sum(len(_pair_bonds(c, other, False)) for other in hand
                       if other != c and not is_multiplier(other))
        return 2 * partners + k.heart + 2 * k.crown - cost


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0, explain: bool = True, lang: str | None = None) -> Bot:
    """A bot by name (one of :data:`BOTS`), seeded, explaining itself in ``lang``."""
    return tabletop_bots.make_bot(BOTS, name, seed=seed, explain=explain, lang=lang)


def parse_bot_list(spec: str, players: int) -> list[str]:
    """``"greedy"`` -> that bot for every seat; ``"greedy,random"`` -> one per seat, repeated."""
    return tabletop_bots.parse_bot_list(spec, players, BOTS)
