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

from ..echo import echo
from ..engine.rng import Rng
from .actions import Action
from .bonds import make_bond
from .cards import card
from .deck import is_multiplier
from .game import Game, View
from .rules import _pair_bonds, beats

__all__ = ["Decision", "Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot", "parse_bot_list",
           "play_out", "describe", "SENTENCES"]

# Every sentence a bot says, in one table (they move to the message catalog).
SENTENCES = {
    "bond_ions": "{g} gives its {e} outer electron{es} to {t}, {each}missing {gap}: {formula}, "
                 "{points} point{ps}.",
    "bond_ions_many": "{g} give {e} outer electrons in all to {t}, {each}missing {gap}: "
                      "{formula}, {points} point{ps}.",
    "bond_molecule": "{a} and {b} share their gaps ({sa} = {sb}): the molecule {formula}, "
                     "{points} point{ps}.",
    "bond_alloy": "{a} and {b} both have {e} outer electron{es} and mix in an electron sea: "
                  "the alloy {formula}, {points} point{ps}.",
    "bond_noble": "{a} and {b} already have full shells: a noble-gas pair, {points} point{ps}.",
    "dissolve": ", after dissolving its bond {old} with corrosive {f} ({delta:+d} points).",
    "attack_en": "Attacks player {t} with {name}'s electronegativity {v} (its pull on shared "
                 "electrons); only an ionization energy ÷ 5 above it can parry.",
    "attack": "Attacks player {t} with {name}'s {labels}.",
    "parry": "Parries with {name}: its {labels} beat{s} {att}.",
    "yield": "Yields: no card in hand beats {att}'s {labels}.",
    "yield_choice": "Yields rather than risk a card.",
    "give": "Gives up {name}, the card it can spare best.",
    "give_decay": "Discards {names} to the radioactive decay.",
    "give_exchange": "Puts back {names} after the exchange.",
    "block": "Blocks the decay with {name}, a radiation shield.",
    "exchange": "{name} is a noble gas with {n} neutral symbol{s}: trades {n} card{s}.",
    "second": "{name} is toxic: demands a second card that also beats {att}.",
    "shield": "{name} has {h} hearts, more than the {k} skull{ks} of {demand}: the parry "
              "stands.",
    "magnet": "{name} is ferromagnetic: pulls a random card from player {d}.",
    "swap": "{name} is flammable: forces a swap of one more card.",
    "two": "{name} is hard (Mohs ≥ 6): attacks with two values at once.",
    "metals": "{name} is an engineering metal: fixes the duel to {mode}.",
    "low": "{name} is a semiconductor: reprograms the duel so lower values win.",
    "crowns": "{name} is a precious metal (E° > 0): draws {n} extra card{s}.",
    "heart": "Draws {n} card{s} for the hearts of an essential element.",
    "skip": "Declines.",
    "discard": "Discards {name}: it has no bond partner in hand.",
    "keep": "Keeps every card.",
    "antiquity": "year of discovery (known since antiquity)",
}
NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}
_LABELS = {"en": "electronegativity", "ie": "ionization energy ÷ 5", "mass": "atomic mass",
           "mp": "melting point (°C)", "bp": "boiling point (°C)", "year": "year of discovery",
           "body": "grams in a human body", "z": "atomic number", "group": "group",
           "period": "period"}


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _labels(values: Sequence[str], c: str, defending: bool = False) -> str:
    parts = []
    for v in values:
        shown = "ie" if (v == "en" and defending) else v
        value = card(c).value(shown)
        if shown == "year" and value is None:
            parts.append(SENTENCES["antiquity"])
            continue
        elif isinstance(value, float) and value.is_integer():
            value = int(value)
        parts.append(f"{_LABELS[shown]} {value}")
    return " and ".join(parts)


def describe(view: View, action: Action) -> str:
    """One sentence for ``action`` as played from ``view`` (before it is played)."""
    info = view.to_dict()
    prompt = info["prompt"]["kind"] if info["prompt"] else "main"
    duel = info["duel"]
    k = action.kind
    if k == "bond":
        cat, a, ka, b, kb = action.bond
        bond = make_bond(cat, a, ka, b, kb)
        if cat == "ions":
            g, t = card(bond.a), card(bond.b)
            e = bond.ka * g.outer
            many = bond.ka > 1
            text = SENTENCES["bond_ions_many" if many else "bond_ions"].format(
                g=(f"{NUMBER_WORDS[bond.ka].capitalize()} {g.symbol}" if many else g.symbol),
                e=e, es=_s(e),
                t=(f"{NUMBER_WORDS[bond.kb]} {t.symbol}" if bond.kb > 1 else t.symbol),
                each="each " if bond.kb > 1 else "", gap=t.gaps, formula=bond.formula,
                points=bond.points, ps=_s(bond.points))
        elif cat == "molecule":
            A, B = card(bond.a), card(bond.b)
            text = SENTENCES["bond_molecule"].format(
                a=A.symbol, b=B.symbol, sa=f"{bond.ka}×{A.gaps}", sb=f"{bond.kb}×{B.gaps}",
                formula=bond.formula, points=bond.points, ps=_s(bond.points))
        elif cat == "alloy":
            e = card(bond.a).outer
            text = SENTENCES["bond_alloy"].format(a=bond.a, b=bond.b, e=e, es=_s(e),
                                                  formula=bond.a + bond.b, points=bond.points, ps=_s(bond.points))
        else:
            text = SENTENCES["bond_noble"].format(a=bond.a, b=bond.b, points=bond.points, ps=_s(bond.points))
        if action.dissolve:
            old = info["bonds"][view.seat][action.dissolve[0] - 1]
            text = text[:-1] + SENTENCES["dissolve"].format(old=old["formula"], f=action.dissolve[1],
                                                 delta=bond.points - old["points"])
        return text
    if k == "attack":
        if action.values == ("en",):
            return SENTENCES["attack_en"].format(t=action.target + 1, name=card(action.card).name,
                                                 v=card(action.card).en)
        return SENTENCES["attack"].format(t=action.target + 1, name=card(action.card).name,
                                          labels=_labels(action.values, action.card))
    if k == "parry":
        return SENTENCES["parry"].format(name=card(action.card).name,
                                         labels=_labels(duel["values"], action.card, True),
                                         s="" if len(duel["values"]) > 1 else "s",
                                         att=duel["card"])
    if k == "yield":
        if len(view.legal_actions()) > 1:
            return SENTENCES["yield_choice"]
        return SENTENCES["yield"].format(att=duel["card"], labels=_labels(duel["values"],
                                                                          duel["card"]))
    if k == "give":
        names = ", ".join(action.cards)
        if prompt == "decay":
            return SENTENCES["give_decay"].format(names=names)
        if prompt == "exchange_discard":
            return SENTENCES["give_exchange"].format(names=names)
        return SENTENCES["give"].format(name=names)
    if k == "special":
        c = card(action.card)
        sid = action.special
        if sid == "block":
            return SENTENCES["block"].format(name=c.name)
        if sid == "exchange":
            return SENTENCES["exchange"].format(name=c.name, n=c.neutral, s=_s(c.neutral))
        if sid == "second":
            return SENTENCES["second"].format(name=c.name, att=duel["card"])
        if sid == "shield":
            d = card(duel["demand"])
            return SENTENCES["shield"].format(name=c.name, h=c.heart, k=d.skull, ks=_s(d.skull),
                                              demand=d.name)
        if sid == "magnet":
            return SENTENCES["magnet"].format(name=c.name, d=duel["defender"] + 1)
        if sid == "swap":
            return SENTENCES["swap"].format(name=c.name)
        if sid == "two":
            return SENTENCES["two"].format(name=c.name)
        if sid in ("metals", "nonmetals"):
            return SENTENCES["metals"].format(name=c.name, mode=sid)
        if sid == "low":
            return SENTENCES["low"].format(name=c.name)
        if sid == "crowns":
            return SENTENCES["crowns"].format(name=c.name, n=c.crown, s=_s(c.crown))
    if k == "heart":
        n = info["prompt"]["count"]
        return SENTENCES["heart"].format(n=n, s=_s(n))
    if k == "discard":
        if action.card is None:
            return SENTENCES["keep"]
        return SENTENCES["discard"].format(name=action.card if is_multiplier(action.card)
                                           else card(action.card).name)
    return SENTENCES["skip"]


class Decision:
    """A bot's move: ``action`` and ``why`` (one sentence)."""

    __slots__ = ("action", "why")

    def __init__(self, action: Action, why: str) -> None:
        self.action = action
        self.why = why

    def __iter__(self):
        yield self.action
        yield self.why

    def __repr__(self) -> str:
        return f"Decision({self.action.text!r}, {self.why!r})"


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0, explain: bool = True) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.explain = explain

    def choose(self, view: View) -> Decision:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("it is not this player's decision")
        action = self.pick(view, legal)
        return Decision(action, describe(view, action) if self.explain else "")

    def pick(self, view: View, legal: list[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError

    def __call__(self, view: View) -> Decision:
        return self.choose(view)


class RandomBot(Bot):
    """A uniformly random legal action."""

    name = "random"

    def pick(self, view: View, legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


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


def make_bot(name: str, seed: int = 0, explain: bool = True) -> Bot:
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {echo(name)}: choose one of {', '.join(BOTS)}") from None
    return factory(seed=seed, explain=explain)


def parse_bot_list(spec: str, players: int) -> list[str]:
    """``"greedy"`` -> that bot for every seat; ``"greedy,random"`` -> one per seat, repeated."""
    names = [s.strip() for s in str(spec).split(",") if s.strip()]
    if not names:
        raise ValueError("--bots needs at least one bot name")
    for name in names:
        if name not in BOTS:
            raise ValueError(f"unknown bot {echo(name)}: choose one of {', '.join(BOTS)}")
    if len(names) > players:
        raise ValueError(f"{len(names)} bots named for {players} players")
    return [names[i % len(names)] for i in range(players)]


def play_out(game: Game, bots: Sequence[Bot], log: list | None = None) -> None:
    """Let ``bots`` (one per seat) play ``game`` to its end; each reads only its own view.
    With ``log`` a list, each (seat, action, sentence) is appended to it."""
    while not game.is_over:
        seat = game.current_player
        decision = bots[seat].choose(game.observe(seat))
        game.play(decision.action)
        if log is not None:
            log.append((seat, decision.action.text, decision.why))
