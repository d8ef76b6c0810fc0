"""The rules of Elemonster (ELEMONSTER §3-§8) as a state machine over a plain state.

The state is lists and tuples of card ids (``"Fe"``, ``"x2"``); ``legal_actions`` lists every
legal action in a stable order; ``apply`` plays one that is legal. A decision that is not the
active player's own free choice (a parry, a heart refill, a decay discard...) is a *prompt* at
the head of ``state.queue``; ``current_seat`` is the seat whose decision it is.
"""
from __future__ import annotations

import copy
import hashlib
from functools import lru_cache
from dataclasses import dataclass, field, replace
from itertools import combinations
from math import gcd
from typing import Any

from ..tabletop.rng import Rng
from .actions import SPECIALS, Action, card_order
from .bonds import Bond, CATEGORIES, make_bond
from .cards import EXTRA_VALUES, VALUES, card
from .deck import Deck, is_multiplier
from .errors import IllegalBondError
from .words import N_, NP_, Reason

__all__ = ["State", "new_state", "legal_actions", "apply", "why_illegal", "why_illegal_reason",
           "current_seat",
           "HAND_SIZE", "bond_points"]

#: E-11: cards dealt per variant
HAND_SIZE = {"beginner": 5, "advanced": 7}
#: E-12: a hand of this many cards or more must discard exactly one at the end of the turn
MUST_DISCARD_AT = 5
_INF = float("inf")


@dataclass
class Duel:
    attacker: int
    defender: int
    card: str
    values: tuple[str, ...]
    mode: str | None = None          # "metals" / "nonmetals" (fix metals, E-23)
    low: bool = False                # reprogram: lower beats higher
    parries: list[str] = field(default_factory=list)
    demand: str | None = None        # the skull card that demanded a second card
    swap_card: str | None = None     # the defender's card set aside for a forced swap
    card_on_table: bool = True       # False once the attack card has gone to a hand
    losses: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class State:
    deck: Deck
    variant: str
    names: tuple[str, ...]
    end: Any                         # "deck" or ("score", N)
    hearts: str                      # "always" or "last_card"
    extra_values: bool
    max_rounds: int | None
    seed: int
    random_events: int               # how many times the game has used its generator
    pile: list[str]                  # the top card is the last one
    discard: list[str]
    hands: list[list[str]]
    bonds: list[list[Bond]]
    active: int = 0
    turn: int = 1
    round: int = 1
    phase: str = "main"              # "main" or "over"
    special_used: list[bool] = field(default_factory=list)
    dueled: bool = False
    bonded: bool = False
    declared: tuple[str, str] | None = None   # attack special declared before the attack
    duel: Duel | None = None
    queue: list[tuple] = field(default_factory=list)
    trigger: dict | None = None
    ended_by: str | None = None

    @property
    def n(self) -> int:
        return len(self.names)

    def clone(self) -> "State":
        other = copy.copy(self)
        other.pile = list(self.pile)
        other.discard = list(self.discard)
        other.hands = [list(h) for h in self.hands]
        other.bonds = [list(b) for b in self.bonds]
        other.special_used = list(self.special_used)
        other.duel = None if self.duel is None else replace(
            self.duel, parries=list(self.duel.parries), losses=list(self.duel.losses))
        other.queue = list(self.queue)
        other.trigger = None if self.trigger is None else dict(self.trigger)
        return other


# ---- setup -----------------------------------------------------------------------------------
def new_state(deck: Deck, variant: str, names: tuple[str, ...], seed: int, end: Any,
              hearts: str, extra_values: bool, max_rounds: int | None) -> State:
    pile = Rng(_event_seed(seed, 0)).shuffled(deck.cards_for(variant))
    n = len(names)
    hands: list[list[str]] = [[] for _ in range(n)]
    for _ in range(HAND_SIZE[variant]):          # E-11: dealt cards trigger nothing
        for seat in range(n):
            hands[seat].append(pile.pop())
    for h in hands:
        h.sort(key=card_order)
    st = State(deck=deck, variant=variant, names=names, end=end, hearts=hearts,
               extra_values=extra_values, max_rounds=max_rounds, seed=seed,
               random_events=0, pile=pile,
               discard=[], hands=hands, bonds=[[] for _ in range(n)],
               special_used=[False] * n)
    _start_turn(st)
    return st


# ---- small helpers ----------------------------------------------------------------------------
def _event_seed(seed: int, event: int) -> int:
    """The seed of the game's ``event``-th use of its generator (0: the first shuffle).

    Each random event (a shuffle, a card magnet) gets a fresh ``Rng`` from the game's seed and
    the event's number, so the state holds only two integers: snapshots and undo never need to
    copy a generator, and a replay draws exactly the same cards (RULES D-7 style)."""
    digest = hashlib.blake2b(f"elemonster:{seed}:{event}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _rng(st: State) -> Rng:
    st.random_events += 1
    return Rng(_event_seed(st.seed, st.random_events))


def current_seat(st: State) -> int | None:
    if st.phase == "over":
        return None
    return st.queue[0][1] if st.queue else st.active


def bond_points(st: State, seat: int) -> int:
    return sum(b.points for b in st.bonds[seat])


def _add(hand: list[str], c: str) -> None:
    hand.append(c)
    hand.sort(key=card_order)


def _elements(hand: list[str]) -> list[str]:
    return [c for c in hand if not is_multiplier(c)]


def _can_draw(st: State) -> bool:
    return bool(st.pile) or (st.end != "deck" and bool(st.discard))


def _draw_one(st: State) -> str | None:
    """One card off the pile (E-19: with end="deck" an empty pile gives nothing; with a score
    ending the discard pile is shuffled into a new pile)."""
    if not st.pile and st.end != "deck" and st.discard:
        st.pile = _rng(st).shuffled(st.discard)
        st.discard = []
    if not st.pile:
        return None
    c = st.pile.pop()
    if not st.pile and st.end == "deck" and st.trigger is None:
        # E-19: the turn in which the pile runs out is played out, then every other seat once
        st.trigger = {"by": st.active, "reason": "deck", "turn": st.turn,
                      "remaining": st.n - 1}
    return c


def _draw(st: State, seat: int, count: int) -> list[str]:
    drawn = []
    for _ in range(count):
        c = _draw_one(st)
        if c is None:
            break
        _add(st.hands[seat], c)
        drawn.append(c)
    return drawn


def _has_symbol(c: str, symbol: str) -> bool:
    return not is_multiplier(c) and bool(getattr(card(c), symbol))


# ---- turns --------------------------------------------------------------------------------------
def _start_turn(st: State) -> None:
    st.special_used = [False] * st.n
    st.dueled = st.bonded = False
    st.declared = None
    seat = st.active
    c = _draw_one(st)                        # DRAW: the only draw with on-draw effects (E-14)
    if c is None:
        return
    _add(st.hands[seat], c)
    k = card(c) if not is_multiplier(c) else None
    if k is not None and k.radioactive:      # §7.4 decay, each seat from the active one
        for i in range(st.n):
            s = (seat + i) % st.n
            st.queue.append(("decay", s))
        _skip_empty_prompts(st)
    elif k is not None and k.neutral and _can_draw(st):
        st.queue.append(("exchange_offer", seat, c, k.neutral))


#: prompts only a hand holding a certain card gets (a magnetic card after a won duel, a
#: flammable one after the gain, a skull against a parry): any decision there, a refusal too,
#: tells the others what that hand holds, so a public log leaves it out
HAND_PROMPTS = frozenset({"won", "swap_offer", "counter"})


def _skip_empty_prompts(st: State) -> None:
    """Drop prompts nobody can answer (a decay for an empty hand)."""
    while st.queue and st.queue[0][0] == "decay" and not st.hands[st.queue[0][1]]:
        st.queue.pop(0)


def _decay_count(st: State, seat: int) -> int:
    return max(1, len(st.hands[seat]) - 4)


def _end_turn(st: State) -> None:
    seat = st.active
    if st.end != "deck" and st.trigger is None and bond_points(st, seat) >= st.end[1]:
        st.trigger = {"by": seat, "reason": "score", "turn": st.turn, "remaining": st.n - 1}
    if st.trigger is not None and st.trigger["turn"] != st.turn:
        st.trigger["remaining"] -= 1
    if st.trigger is not None and st.trigger["remaining"] <= 0:
        _finish(st, st.trigger["reason"])
        return
    if st.max_rounds is not None and seat == st.n - 1 and st.round >= st.max_rounds:
        _finish(st, "max_rounds")
        return
    st.active = (seat + 1) % st.n
    if st.active == 0:
        st.round += 1
    st.turn += 1
    _start_turn(st)


def _finish(st: State, reason: str) -> None:
    st.phase = "over"
    st.ended_by = reason
    st.queue = []


# ---- the duel -------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _value_key(c: str, value: str, attacking: bool) -> float | None:
    """A number where higher beats, or None when unknown. ``year``: older is higher."""
    k = card(c)
    if value == "en":
        v = k.ie if not attacking else k.en    # E-3: en is answered with ie (attack vs defence)
    elif value == "year":
        return _INF if k.year is None else -float(k.year)   # None = antiquity, the oldest
    else:
        v = k.value(value)
    return None if v is None else float(v)


@lru_cache(maxsize=None)
def beats(defence: str, attack: str, values: tuple[str, ...], low: bool = False) -> bool:
    """Does card ``defence`` beat ``attack`` on every named value (strictly; ties and unknown
    values never beat; ``low``: reprogrammed, lower wins and for years newer wins)?"""
    for v in values:
        a = _value_key(attack, v, attacking=True)
        d = _value_key(defence, v, attacking=False)
        if a is None or d is None:
            return False
        if not (d < a if low else d > a):
            return False
    return True


def _mode_ok(c: str, mode: str | None) -> bool:
    if mode is None:
        return True
    kind = card(c).kind
    if kind == "metalloid":                  # E-23: metalloids are both
        return True
    return (kind == "metal") == (mode == "metals")


@lru_cache(maxsize=None)
def _known(c: str, value: str) -> bool:
    return value == "year" or _value_key(c, value, attacking=True) is not None


@lru_cache(maxsize=None)
def _value_sets(extra: bool, two: bool) -> tuple[tuple[str, ...], ...]:
    names = VALUES + EXTRA_VALUES if extra else VALUES
    if two:
        return tuple((a, b) for a, b in combinations(names, 2) if {a, b} != {"en", "ie"})
    return tuple((v,) for v in names)


@lru_cache(maxsize=None)
def _card_value_sets(c: str, extra: bool, two: bool) -> tuple[tuple[str, ...], ...]:
    return tuple(vs for vs in _value_sets(extra, two) if all(_known(c, v) for v in vs))


@lru_cache(maxsize=None)
def _attack_action(c: str, vs: tuple[str, ...], t: int) -> Action:
    return Action(f"A:{c}:{','.join(vs)}>{t + 1}", "attack", card=c, values=vs, target=t,
                  key=("A", c, frozenset(vs), t))


def _attacks(st: State, first_only: bool = False) -> list[Action]:
    seat = st.active
    declared = st.declared
    mode = declared[0] if declared and declared[0] in ("metals", "nonmetals") else None
    two = bool(declared and declared[0] == "two")
    targets = [t for t in range(st.n) if t != seat and st.hands[t]]
    out = []
    if not targets:
        return out
    for c in _unique(_elements(st.hands[seat])):
        if not _mode_ok(c, mode):
            continue
        for vs in _card_value_sets(c, st.extra_values, two):
            for t in targets:
                out.append(_attack_action(c, vs, t))
                if first_only:
                    return out
    return out


def _unique(cards: list[str]) -> list[str]:
    seen: list[str] = []
    for c in cards:
        if c not in seen:
            seen.append(c)
    return seen


def _parries(st: State) -> list[str]:
    d = st.duel
    assert d is not None
    return [c for c in _unique(_elements(st.hands[d.defender]))
            if _mode_ok(c, d.mode) and beats(c, d.card, d.values, d.low)]


def _begin_duel(st: State, a: Action) -> None:
    seat = st.active
    mode = low = None
    if st.declared:
        if st.declared[0] in ("metals", "nonmetals"):
            mode = st.declared[0]
        low = st.declared[0] == "low"
    st.hands[seat].remove(a.card)
    st.duel = Duel(attacker=seat, defender=a.target, card=a.card, values=a.values, mode=mode,
                   low=bool(low))
    st.dueled = True
    st.declared = None
    st.queue.insert(0, ("parry", a.target))


def _defender_wins(st: State) -> None:
    d = st.duel
    assert d is not None
    for c in d.parries:
        _add(st.hands[d.defender], c)
    d.parries = []
    _add(st.hands[d.defender], d.card)       # he takes the attack card and keeps his own
    d.card_on_table = False
    d.losses.append((d.attacker, d.card))
    _end_duel(st)


def _attacker_wins(st: State) -> None:
    """The defender yielded: the attack card goes home; card magnet or his choice of card."""
    d = st.duel
    assert d is not None
    _add(st.hands[d.attacker], d.card)
    d.card_on_table = False
    if (not st.special_used[d.attacker] and st.hands[d.defender]
            and any(_has_symbol(c, "magnetic") for c in st.hands[d.attacker])):
        st.queue.insert(0, ("won", d.attacker))
    else:
        st.queue.insert(0, ("give", d.defender))


def _after_gain(st: State) -> None:
    d = st.duel
    assert d is not None
    if (not st.special_used[d.attacker] and st.hands[d.defender]
            and any(_has_symbol(c, "flammable") for c in st.hands[d.attacker])):
        st.queue.insert(0, ("swap_offer", d.attacker))
    else:
        _end_duel(st)


def _end_duel(st: State) -> None:
    """§5.6: whoever lost a card with hearts may refill; the table is cleared."""
    d = st.duel
    assert d is not None
    st.duel = None
    prompts = []
    if st.hearts == "always":
        for seat, c in d.losses:
            if not is_multiplier(c) and card(c).heart:
                prompts.append(("refill", seat, card(c).heart))
    else:  # the printed rule: only for the card that was a player's last
        last: dict[int, str] = {}
        for seat, c in d.losses:
            last[seat] = c
        for seat, c in last.items():
            if not st.hands[seat] and not is_multiplier(c) and card(c).heart:
                prompts.append(("refill", seat, card(c).heart))
    st.queue[0:0] = prompts
    _drop_dead_refills(st)


def _drop_dead_refills(st: State) -> None:
    while st.queue and st.queue[0][0] in ("refill", "crowns") and not _can_draw(st):
        st.queue.pop(0)


def _transfer(st: State, src: int, dst: int, c: str) -> None:
    st.hands[src].remove(c)
    _add(st.hands[dst], c)
    assert st.duel is not None
    st.duel.losses.append((src, c))


# ---- legal actions ----------------------------------------------------------------------------------
def _give_options(hand: list[str], count: int) -> list[Action]:
    count = min(count, len(hand))
    if count <= 0:
        return []
    combos = sorted(set(combinations(sorted(hand, key=card_order), count)),
                    key=lambda cs: [card_order(c) for c in cs])
    return [Action("G:" + ",".join(cs), "give", cards=cs, key=("G", cs)) for cs in combos]


def _special(sid: str, c: str) -> Action:
    return Action(f"S:{sid}@{c}", "special", card=c, special=sid, key=("S", sid, c))


_SKIP = Action("-", "skip", key=("-",))
_HEART = Action("h", "heart", key=("h",))
_YIELD = Action("Y", "yield", key=("Y",))


def _with_symbol(hand: list[str], symbol: str) -> list[str]:
    return [c for c in _unique(_elements(hand)) if getattr(card(c), symbol)]


def _bonds(st: State) -> list[Action]:
    seat = st.active
    hand = st.hands[seat]
    out = _bond_actions(st, hand, None)
    if not st.special_used[seat] and st.bonds[seat]:
        for f in _with_symbol(hand, "corrosive"):
            for i, old in enumerate(st.bonds[seat], start=1):
                back = hand + [old.a, old.b] + list(old.multiplier_cards)
                out.extend(_bond_actions(st, back, (i, f)))
    return out


@lru_cache(maxsize=None)
def _pair_bonds(a: str, b: str, advanced: bool) -> tuple[Bond, ...]:
    """Every legal bond of two element cards, any category and multipliers (cached: the
    rules of §6 depend on the cards only)."""
    # k_A·x_A = k_B·x_B with gcd(k_A, k_B) = 1 has one solution, k = (x_B/d, x_A/d): try only it
    A, B = card(a), card(b)
    candidates = {("alloy", 1, 1), ("noble", 1, 1)}
    if A.gaps and B.gaps:
        d = gcd(A.gaps, B.gaps)
        candidates.add(("molecule", B.gaps // d, A.gaps // d))
    for g, t, flip in ((A, B, False), (B, A, True)):
        if g.outer and t.gaps:
            d = gcd(g.outer, t.gaps)
            kg, kt = t.gaps // d, g.outer // d
            candidates.add(("ions", kt, kg) if flip else ("ions", kg, kt))
    out = []
    for cat, ka, kb in sorted(candidates):
        if ka > 4 or kb > 4 or (not advanced and (ka > 1 or kb > 1)):
            continue
        try:
            out.append(make_bond(cat, a, ka, b, kb, multipliers=advanced))
        except IllegalBondError:
            continue
    unique = {bond.notation: bond for bond in out}
    return tuple(sorted(unique.values(), key=lambda bond: (CATEGORIES.index(bond.category),
                                                          bond.notation)))


@lru_cache(maxsize=None)
def _bond_action(bond: Bond, dissolve: tuple[int, str] | None) -> Action:
    text = "B:" + bond.notation
    if dissolve:
        text += f"/-{dissolve[0]}@{dissolve[1]}"
    return Action(text, "bond", bond=(bond.category, bond.a, bond.ka, bond.b, bond.kb),
                  dissolve=dissolve,
                  key=("B", bond.category, frozenset({(bond.a, bond.ka), (bond.b, bond.kb)}),
                       dissolve))


def _bond_actions(st: State, hand: list[str], dissolve: tuple[int, str] | None) -> list[Action]:
    elements = _unique(_elements(hand))
    advanced = st.variant == "advanced"
    have = {k: hand.count(f"x{k}") for k in (2, 3, 4)} if advanced else {}
    out = []
    for a, b in combinations(elements, 2):
        for bond in _pair_bonds(a, b, advanced):
            if (bond.ka == 1 or have.get(bond.ka)) and (bond.kb == 1 or have.get(bond.kb)):
                out.append(_bond_action(bond, dissolve))
    return out


def legal_actions(st: State) -> list[Action]:
    if st.phase == "over":
        return []
    if st.queue:
        return _prompt_actions(st, st.queue[0])
    seat = st.active
    hand = st.hands[seat]
    out: list[Action] = []
    if st.declared is not None:             # an attack special was declared: now the attack
        return _attacks(st)
    if not st.dueled and not st.bonded:
        attacks = _attacks(st)
        if attacks and not st.special_used[seat]:
            out.extend(_attack_specials(st))
        out.extend(attacks)
    out.extend(_bonds(st))
    discards = [Action(f"D:{c}", "discard", card=c, key=("D", c)) for c in _unique(hand)]
    out.extend(discards)
    if len(hand) < MUST_DISCARD_AT:
        out.append(Action("D-", "discard", key=("D-",)))
    return out


def _attack_specials(st: State) -> list[Action]:
    """Attack specials (§7.1) that leave at least one attack to make."""
    seat = st.active
    hand = st.hands[seat]
    out = []
    for sid, symbol in (("two", "hard"), ("metals", "material"), ("nonmetals", "material"),
                        ("low", "semiconductor")):
        for c in _with_symbol(hand, symbol):
            st.declared = (sid, c)
            ok = bool(_attacks(st, first_only=True))
            st.declared = None
            if ok:
                out.append(_special(sid, c))
    return out


def _prompt_actions(st: State, prompt: tuple) -> list[Action]:
    kind, seat = prompt[0], prompt[1]
    hand = st.hands[seat]
    d = st.duel
    if kind == "decay":
        out = _give_options(hand, _decay_count(st, seat))
        if not st.special_used[seat]:
            out = [_special("block", c) for c in _with_symbol(hand, "shield")] + out
        return out
    if kind == "exchange_offer":
        return [_special("exchange", prompt[2]), _SKIP]
    if kind == "exchange_discard":
        return _give_options(hand, prompt[2])
    if kind == "parry":
        return [Action(f"P:{c}", "parry", card=c, key=("P", c)) for c in _parries(st)] + [_YIELD]
    if kind == "counter":
        return [_special("second", c) for c in _with_symbol(hand, "skull")] + [_SKIP]
    if kind == "second":
        assert d is not None and d.demand is not None
        out = [Action(f"P:{c}", "parry", card=c, key=("P", c)) for c in _parries(st)]
        if not st.special_used[seat]:
            skulls = card(d.demand).skull
            out += [_special("shield", c) for c in _with_symbol(hand, "heart")
                    if card(c).heart > skulls]
        return out + [_YIELD]
    if kind == "won":
        return [_special("magnet", c) for c in _with_symbol(hand, "magnetic")] + [_SKIP]
    if kind in ("give", "swap_give", "swap_take"):
        return _give_options(hand, 1)
    if kind == "swap_offer":
        return [_special("swap", c) for c in _with_symbol(hand, "flammable")] + [_SKIP]
    if kind == "refill":
        return [_HEART, _SKIP]
    if kind == "crowns":
        return [_special("crowns", c) for c in prompt[2]] + [_SKIP]
    raise AssertionError(f"unknown prompt {prompt!r}")  # pragma: no cover


# ---- applying an action (it has been checked legal) ---------------------------------------------
def apply(st: State, a: Action) -> None:
    if st.queue:
        _apply_prompt(st, st.queue.pop(0), a)
    else:
        _apply_main(st, a)
    _skip_empty_prompts(st)
    _drop_dead_refills(st)


def _apply_main(st: State, a: Action) -> None:
    seat = st.active
    if a.kind == "special":                  # an attack special, declared before the attack
        st.special_used[seat] = True
        st.declared = (a.special, a.card)
    elif a.kind == "attack":
        _begin_duel(st, a)
    elif a.kind == "bond":
        _lay_bond(st, a)
    elif a.kind == "discard":
        if a.card is not None:
            st.hands[seat].remove(a.card)
            st.discard.append(a.card)
        _end_turn(st)
    else:  # pragma: no cover - legal_actions never offers it
        raise AssertionError(a)


def _lay_bond(st: State, a: Action) -> None:
    seat = st.active
    hand = st.hands[seat]
    assert a.bond is not None
    if a.dissolve is not None:               # §7.5 dissolve (E-22): own bond back to hand first
        st.special_used[seat] = True
        old = st.bonds[seat].pop(a.dissolve[0] - 1)
        for c in (old.a, old.b, *old.multiplier_cards):
            _add(hand, c)
    cat, x, kx, y, ky = a.bond
    bond = make_bond(cat, x, kx, y, ky, multipliers=st.variant == "advanced")
    for c in (bond.a, bond.b, *bond.multiplier_cards):
        hand.remove(c)
    st.bonds[seat].append(bond)
    st.bonded = True
    prompts = []
    hearts = max(card(bond.a).heart, card(bond.b).heart)
    if st.hearts == "always" and hearts:     # §7.2 refill: once per bond, the card with more
        prompts.append(("refill", seat, hearts))
    crowned = tuple(c for c in (bond.a, bond.b) if card(c).crown)
    if crowned and not st.special_used[seat]:
        prompts.append(("crowns", seat, crowned))
    st.queue[0:0] = prompts


def _apply_prompt(st: State, prompt: tuple, a: Action) -> None:
    kind, seat = prompt[0], prompt[1]
    d = st.duel
    if kind == "decay":
        if a.kind == "special":
            st.special_used[seat] = True     # block decay: this seat discards nothing
        else:
            for c in a.cards:
                st.hands[seat].remove(c)
                st.discard.append(c)
    elif kind == "exchange_offer":
        if a.kind == "special":
            st.special_used[seat] = True
            drawn = _draw(st, seat, prompt[3])
            if drawn:
                st.queue.insert(0, ("exchange_discard", seat, len(drawn)))
    elif kind == "exchange_discard":
        for c in a.cards:
            st.hands[seat].remove(c)
            st.discard.append(c)
    elif kind == "parry":
        assert d is not None
        if a.kind == "yield":
            _attacker_wins(st)
        else:
            st.hands[seat].remove(a.card)
            d.parries.append(a.card)
            if (not st.special_used[d.attacker]
                    and _with_symbol(st.hands[d.attacker], "skull")):
                st.queue.insert(0, ("counter", d.attacker))
            else:
                _defender_wins(st)
    elif kind == "counter":
        assert d is not None
        if a.kind == "special":
            st.special_used[seat] = True
            d.demand = a.card
            st.queue.insert(0, ("second", d.defender))
        else:
            _defender_wins(st)
    elif kind == "second":
        assert d is not None
        if a.kind == "parry":
            st.hands[seat].remove(a.card)
            d.parries.append(a.card)
            _defender_wins(st)
        elif a.kind == "special":            # shield: the parry stands
            st.special_used[seat] = True
            _defender_wins(st)
        else:                                # E-21: the attacker takes both table cards
            _add(st.hands[d.attacker], d.card)
            d.card_on_table = False
            for c in d.parries:
                _add(st.hands[d.attacker], c)
                d.losses.append((d.defender, c))
            d.parries = []
            _end_duel(st)
    elif kind == "won":
        assert d is not None
        if a.kind == "special":
            st.special_used[seat] = True
            victim = st.hands[d.defender]
            _transfer(st, d.defender, d.attacker, victim[_rng(st).below(len(victim))])
            _end_duel(st)
        else:
            st.queue.insert(0, ("give", d.defender))
    elif kind == "give":
        assert d is not None
        _transfer(st, seat, d.attacker, a.cards[0])
        _after_gain(st)
    elif kind == "swap_offer":
        assert d is not None
        if a.kind == "special":
            st.special_used[seat] = True
            st.queue[0:0] = [("swap_give", d.defender), ("swap_take", d.attacker)]
        else:
            _end_duel(st)
    elif kind == "swap_give":
        assert d is not None
        st.hands[seat].remove(a.cards[0])
        d.swap_card = a.cards[0]
        d.losses.append((seat, a.cards[0]))
    elif kind == "swap_take":
        assert d is not None and d.swap_card is not None
        _transfer(st, seat, d.defender, a.cards[0])
        _add(st.hands[seat], d.swap_card)
        d.swap_card = None
        _end_duel(st)
    elif kind == "refill":
        if a.kind == "heart":
            _draw(st, seat, prompt[2])
    elif kind == "crowns":
        if a.kind == "special":
            st.special_used[seat] = True
            _draw(st, seat, card(a.card).crown)
    else:  # pragma: no cover
        raise AssertionError(prompt)


# ---- why an action is not legal -----------------------------------------------------------------------
_WHY = {
    "over": N_("the game is over"),
    "wrong_kind": N_("now player {n} must {what}"),
    "not_in_hand": N_("{c} is not in your hand"),
    "no_symbol": N_("{c} has no {symbol} symbol, which {sid} needs"),
    "special_used": N_("you have already used your one special action this turn "
                       "(ELEMONSTER E-13)"),
    "duel_done": N_("one duel per turn, before any bond"),
    "declared": N_("you declared {sid}: attack now"),
    "target": N_("seat {t} cannot be attacked (yourself, no such seat, or an empty hand)"),
    "unknown_value": N_("{c} does not know its {v}"),
    "unknown_value_off": N_("{c} does not know its {v} (extra values are off)"),
    "values": NP_("{n} value named; {need}", "{n} values named; {need}"),
    "need_two": N_("two values, not electronegativity with ionization energy (you declared "
                   "two)"),
    "need_one": N_("one value"),
    "mode": N_("{c} is not allowed: the duel is fixed to {mode}"),
    "parry": N_("{c} does not beat {att} on {values}"),
    "must_discard": N_("a hand of 5 or more cards discards exactly one (ELEMONSTER E-12)"),
    "count": NP_("give exactly {n} card", "give exactly {n} cards"),
    "beginner": N_("the beginner variant has no multiplier cards"),
    "no_multiplier": N_("you hold no ×{k} card for this bond"),
    "no_bond": N_("you have no bond {i} to dissolve"),
    "no_prompt": N_("no duel or offer waits for an answer: it is player {n}'s turn (attack, "
                    "bond or discard)"),
    "fallback": N_("not legal now; legal actions include {some}"),
}
_PROMPT_WHAT = {
    "decay": NP_("discard {n} card for the decay (G:...) or block it with a shield "
                 "(S:block@...)",
                 "discard {n} cards for the decay (G:...) or block it with a shield "
                 "(S:block@...)"),
    "exchange_offer": N_("exchange (S:exchange@{c}) or decline (-)"),
    "exchange_discard": NP_("discard {n} card after the exchange (G:...)",
                            "discard {n} cards after the exchange (G:...)"),
    "parry": N_("parry (P:card) or yield (Y)"),
    "counter": N_("demand a second card (S:second@...) or accept the parry (-)"),
    "second": N_("play a second card that beats (P:card), shield (S:shield@...) or yield (Y)"),
    "won": N_("take a random card with a magnet (S:magnet@...) or let the defender choose (-)"),
    "give": N_("give the attacker one card (G:card)"),
    "swap_offer": N_("force a swap (S:swap@...) or not (-)"),
    "swap_give": N_("pick one more card for the forced swap (G:card)"),
    "swap_take": N_("pick one of your cards to swap (G:card)"),
    "refill": N_("take the heart refill (h) or decline (-)"),
    "crowns": N_("draw extra cards for the crowns (S:crowns@...) or not (-)"),
}


def _why(key: str, **params: Any) -> Reason:
    return Reason(_WHY[key], **params)


def why_illegal(st: State, a: Action) -> str:
    """Why ``a`` is not legal now, in English (see :func:`why_illegal_reason`)."""
    return str(why_illegal_reason(st, a))


def why_illegal_reason(st: State, a: Action) -> Reason:
    """Why ``a`` is not legal now, as a :class:`Reason` (a message id with named ids) that
    can be said in any language."""
    if st.phase == "over":
        return _why("over")
    seat = current_seat(st)
    assert seat is not None
    hand = st.hands[seat]
    if st.queue:
        prompt = st.queue[0]
        what = Reason(_PROMPT_WHAT[prompt[0]],
                      n=(_decay_count(st, seat) if prompt[0] == "decay" else
                         prompt[2] if prompt[0] == "exchange_discard" else 1),
                      c=prompt[2] if prompt[0] == "exchange_offer" else "")
        if a.kind == "parry" and prompt[0] in ("parry", "second") and a.card in hand:
            d = st.duel
            assert d is not None
            if not _mode_ok(a.card, d.mode):
                return _why("mode", c=a.card, mode=d.mode)
            return _why("parry", c=a.card, att=d.card, values=tuple(d.values))
        if a.kind in ("parry", "give", "special") and not all(c in hand for c in
                                                               (a.cards or (a.card,))):
            return _why("not_in_hand", c=",".join(a.cards or (a.card,)))
        if a.kind == "give" and prompt[0] in ("decay", "exchange_discard"):
            n = _decay_count(st, seat) if prompt[0] == "decay" else prompt[2]
            return _why("count", n=n)
        if a.kind == "special" and st.special_used[seat]:
            return _why("special_used")
        return _why("wrong_kind", n=seat + 1, what=what)
    # the active player's own choices
    if a.kind in ("parry", "yield", "give", "heart", "skip"):
        return _why("no_prompt", n=seat + 1)
    if a.kind == "special":
        if st.special_used[seat]:
            return _why("special_used")
        if a.card not in hand:
            return _why("not_in_hand", c=a.card)
        symbol = SPECIALS[a.special]
        if not getattr(card(a.card), symbol):
            return _why("no_symbol", c=a.card, symbol=symbol, sid=a.special)
        if st.dueled or st.bonded:
            return _why("duel_done")
    if a.kind == "attack":
        if st.dueled or st.bonded:
            return _why("duel_done")
        if a.card not in hand:
            return _why("not_in_hand", c=a.card)
        if not (0 <= a.target < st.n) or a.target == seat or not st.hands[a.target]:
            return _why("target", t=a.target + 1)
        for v in a.values:
            if v in EXTRA_VALUES and not st.extra_values:
                return _why("unknown_value_off", c=a.card, v=v)
            if not _known(a.card, v):
                return _why("unknown_value", c=a.card, v=v)
        two = bool(st.declared and st.declared[0] == "two")
        if len(a.values) != (2 if two else 1) or set(a.values) == {"en", "ie"}:
            return _why("values", n=len(a.values),
                        need=_why("need_two") if two else _why("need_one"))
        if st.declared and st.declared[0] in ("metals", "nonmetals"):
            return _why("mode", c=a.card, mode=st.declared[0])
    if st.declared is not None and a.kind != "attack":
        return _why("declared", sid=st.declared[0])
    if a.kind == "bond":
        assert a.bond is not None
        cat, x, kx, y, ky = a.bond
        if a.dissolve is not None:
            if st.special_used[seat]:
                return _why("special_used")
            i, f = a.dissolve
            if f not in hand:
                return _why("not_in_hand", c=f)
            if not card(f).corrosive:
                return _why("no_symbol", c=f, symbol="corrosive", sid="dissolve")
            if not 1 <= i <= len(st.bonds[seat]):
                return _why("no_bond", i=i)
            old = st.bonds[seat][i - 1]
            hand = hand + [old.a, old.b, *old.multiplier_cards]
        try:
            make_bond(cat, x, kx, y, ky, multipliers=st.variant == "advanced")
        except IllegalBondError as error:
            return error.reason if error.reason is not None else Reason(str(error))
        for c in (x, y):
            if c not in hand:
                return _why("not_in_hand", c=c)
        for k in (kx, ky):
            if k > 1 and hand.count(f"x{k}") < (1 + (kx == ky)):
                return _why("no_multiplier", k=k)
    if a.kind == "discard":
        if a.card is None and len(hand) >= MUST_DISCARD_AT:
            return _why("must_discard")
        if a.card is not None and a.card not in hand:
            return _why("not_in_hand", c=a.card)
    some = ", ".join(x.text for x in legal_actions(st)[:4])
    return _why("fallback", some=some)
