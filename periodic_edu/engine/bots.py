"""Bots that play Periodic from ONE player's view (RULES §5): ``random``, ``greedy``, ``search``.

A bot reads only a :class:`~periodic_edu.engine.PlayerView` (``game.observe(player)``, the
object behind ``game.view(player)``): public information and its own agenda. It returns a
:class:`Decision`: the action and one sentence explaining it in chemistry terms.

* ``random`` plays a uniformly random legal action.
* ``greedy`` plays the action of best immediate value: a discovery (more for the one that
  completes a card), a landing on a goal element or on the next element group of the track,
  minus the energy or tile it costs. Values are table look-ups, no copying of the game.
* ``search`` plans the whole turn: it samples the hidden cards (``PlayerView.determinize``),
  searches sequences of actions up to the end of the turn with the engine's own rules (depth
  first, with a transposition table, at most 400 positions: a node budget, not a clock, so the
  same seed plays the same moves on any machine), and scores the position after the refresh: points
  scored, research cubes on cards, energy, award tiles, and whether
  the next group of the track is one activation away. It replays its plan while the game
  follows it and plans again otherwise.

>>> from periodic_edu.engine import Game
>>> g = Game(players=2, seed=3, max_rounds=2)
>>> bot = make_bot("greedy", seed=1)
>>> d = bot.choose(g.observe(g.current_player))
>>> g.play(d.action).kind, isinstance(d.why, str)
('agenda', True)
"""
from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any, Callable

from .. import board
from ..board import TREND_NAMES
from ..chemistry import element_name, family_name
from . import rules
from .actions import Action
from .scoring import OBJECTIVE_TEXT, best_agenda
from .state import State
from .tables import AA_CAPACITY, AA_VALUES, COLOURS, FAMILY_OF, LAB_POINTS, TRENDS
from .view import PlayerView
from ..i18n import N_, NP_, gettext, in_sentence, resolve_language, translate
from ..tabletop import bots as tabletop_bots
from ..tabletop.bots import Decision, play_out

__all__ = ["Decision", "Bot", "RandomBot", "GreedyBot", "SearchBot", "BOTS", "make_bot",
           "describe", "play_out"]  # play_out: the tabletop's, named here for the lessons


# ---- explanations ----------------------------------------------------------------------------
#: Every sentence a bot says: the English texts are the message ids of the ``bots`` catalog
#: (``periodic_edu/locale``). Placeholders are filled after translation, with names already
#: in the sentence's language; symbols, formulas and card ids stay as they are.
SENTENCES = {
    "agenda": N_("kept agenda card {card}: {objectives}"),
    "and": N_("{first} and {second}"),
    "or": N_("{first} or {second}"),
    "spot": N_("the {trend} spot"),
    "take2": NP_("used a Take 2 Energy tile to take {count} energy from {spots}",
                 "used a Take 2 Energy tile to take {count} energy from {spots}"),
    "end": N_("ended the turn on {here}, one of the {family}"),
    "end_track": N_("ended the turn on {here}, one of the {family}, the next family on the "
                    "track, to climb the Academic Achievement track"),
    "decline": N_("left {here} undiscovered to keep a research cube"),
    "discover": N_("discovered {here} for {card} ({formula})"),
    "spend": NP_("spent {cost} energy to activate {trend} and moved from {here} to {dest}",
                 "spent {cost} energy to activate {trend} and moved from {here} to {dest}"),
    "gain": N_("{source} and moved from {here} to {dest}"),
    "free": N_("used a Free Action tile to activate {trend} and reach {dest}"),
    "move": N_("used a Move To tile to jump to {dest} among the {family}"),
    "ext": N_("used +3 Spaces to carry the movement on to {dest}"),
    "reason_cards": N_("{text}, where it can be discovered for {cards}"),
    "reason_track": N_("{text}, one of the {family}, the next family on the track"),
    "gained": NP_("gained {tokens} energy from the {trend} spot",
                  "gained {tokens} energy from the {trend} spot"),
    "empty_supply": N_("activated the empty {trend} spot and took 1 energy from the supply"),
    "empty_no_supply": N_("activated the empty {trend} spot and found the supply empty"),
    "empty_nobody": N_("activated the empty {trend} spot (nobody richer to take from)"),
    "empty_richest": N_("activated the empty {trend} spot and took 1 energy from the richest "
                        "player"),
}


class _Say:
    """The bots' sentences in one language."""

    __slots__ = ("lang",)

    def __init__(self, lang: str | None) -> None:
        self.lang = resolve_language(lang)

    def __call__(self, key: str, number: int | None = None, /, **values: Any) -> str:
        # a plural sentence takes the form for ``number`` (real plurals: uk 1/2/5)
        return translate("bots", SENTENCES[key], self.lang, number).format(**values)

    def join(self, key: str, items: list[str]) -> str:
        text = items[0]
        for item in items[1:]:
            text = self(key, first=text, second=item)
        return text

    def name(self, symbol: str) -> str:
        return f"{in_sentence(element_name(symbol, self.lang), self.lang)} ({symbol})"

    def family(self, fid: str) -> str:
        # English runs the name into the sentence (alkali metals); Ukrainian quotes it as the
        # family card prints it («Напівметали»); German nouns keep their capital anyway
        name = gettext("board", family_name(fid), self.lang)
        return in_sentence(name, self.lang) if self.lang == "en" else name

    def trend(self, trend: str) -> str:
        return gettext("board", TREND_NAMES[trend], self.lang)

    def card(self, card: Any) -> str:
        return gettext("decks", card.name, self.lang)


def describe(view: PlayerView, action: Action, lang: str | None = None) -> str:
    """One sentence, in chemistry terms, saying what ``action`` does from this view, in
    ``lang`` (default ``$PERIODIC_EDU_LANG`` or English).

    The sentence for an agenda choice names the (secret) card: show it to its player only."""
    say = _Say(lang)
    k = action.kind
    me = view.player
    here = view.flask(me)
    if k == "agenda":
        objectives = view.agenda_objectives(action.arg)
        return say("agenda", card=action.arg, objectives=say.join("and", [
            gettext("decks", OBJECTIVE_TEXT.get(o, o), say.lang) for o in objectives]))
    if k == "take2":
        spots = say.join("and", [say("spot", trend=say.trend(t))
                                 for t in dict.fromkeys(action.trend)])
        count = len(action.trend)
        return say("take2", count, count=count, spots=spots)
    if k == "end":
        family = FAMILY_OF[here]
        key = "end_track" if family == view.next_group(me) else "end"
        return say(key, here=say.name(here), family=say.family(family))
    if k == "decline":
        return say("decline", here=say.name(here))
    if k == "discover":
        card = view.card(action.arg)
        return say("discover", here=say.name(here), card=say.card(card), formula=card.formula)
    dest = say.name(action.dest)
    if k == "spend":
        cost = 1 if view.paid == 0 else 2
        text = say("spend", cost, cost=cost, trend=say.trend(action.trend),
                   here=say.name(here), dest=dest)
    elif k == "gain":
        text = say("gain", source=_gain_source(view, action.trend, say), here=say.name(here),
                   dest=dest)
    elif k == "free":
        text = say("free", trend=say.trend(action.trend), dest=dest)
    elif k == "move":
        text = say("move", dest=dest, family=say.family(FAMILY_OF[action.dest]))
    else:
        text = say("ext", dest=dest)
    return _landing_reason(view, action.dest, text, say)


def _landing_reason(view: PlayerView, dest: str, text: str, say: _Say) -> str:
    me = view.player
    cards = []
    if view.cubes(me):
        for slot in range(4):
            cid = view.face(slot)
            if cid is None:
                continue
            bit = view.card_bits(cid).get(dest)
            if bit is not None and not view.marks(slot, me) >> bit & 1:
                card = view.card(cid)
                cards.append(f"{say.card(card)} ({card.formula})")
    if cards:
        return say("reason_cards", text=text, cards=say.join("or", cards))
    if FAMILY_OF[dest] == view.next_group(me):
        return say("reason_track", text=text, family=say.family(FAMILY_OF[dest]))
    return text


def _gain_source(view: PlayerView, trend: str, say: _Say) -> str:
    tokens = view.spots[TRENDS.index(trend)]
    name = say.trend(trend)
    if tokens:
        return say("gained", tokens, tokens=tokens, trend=name)
    me = view.player
    if view.n == 2:
        return say("empty_supply" if view.supply else "empty_no_supply", trend=name)
    energies = [view.energy(q) for q in range(view.n)]
    top = max(energies)
    if top == 0 or energies[me] == top:
        return say("empty_nobody", trend=name)
    return say("empty_richest", trend=name)


class Bot(tabletop_bots.Bot):
    """A Periodic bot: its sentences are :func:`describe`'s."""

    def describe(self, view: PlayerView, action: Action) -> str:
        return describe(view, action, self.lang)


class RandomBot(tabletop_bots.RandomBot, Bot):
    """A uniformly random legal action."""


# ---- shared evaluation -------------------------------------------------------------------------
ENERGY_VALUE = 1.0
TILE_VALUE = {"plus3": 1.5, "take2": 1.5, "free": 2.0, "move": 2.5}

#: cell -> every cell one activation of any trend reaches (for "how close are my targets")
ONE_ACTIVATION: dict[str, frozenset[str]] = {
    s: frozenset(d for t in TRENDS for d in rules.reachable(s, t)) for s in board.SYMBOLS_ON_BOARD}


#: family -> its cells
FAMILY_MEMBERS: dict[str, tuple[str, ...]] = {}
for _cell, _fam in FAMILY_OF.items():
    FAMILY_MEMBERS.setdefault(_fam, ())
    FAMILY_MEMBERS[_fam] += (_cell,)
#: cell -> the cells from which one activation reaches it
_REACHED_FROM: dict[str, list[str]] = {s: [] for s in board.SYMBOLS_ON_BOARD}
for _src, _cells in ONE_ACTIVATION.items():
    for _dst in _cells:
        _REACHED_FROM[_dst].append(_src)
_NEAR_CACHE: dict[frozenset, dict[str, int]] = {}


def near_counts(targets: frozenset) -> dict[str, int]:
    """cell -> how many of ``targets`` one activation from that cell reaches (cached)."""
    found = _NEAR_CACHE.get(targets)
    if found is None:
        found = Counter(chain.from_iterable(_REACHED_FROM[t] for t in targets))
        if len(_NEAR_CACHE) > 4096:
            _NEAR_CACHE.clear()
        _NEAR_CACHE[targets] = found
    return found


_TI = {t: i for i, t in enumerate(TRENDS)}
_NO_PROX: dict[str, int] = {}
#: cell -> destination -> the trends whose one activation reaches it
TRENDS_TO: dict[str, dict[str, tuple[str, ...]]] = {}
for _src in board.SYMBOLS_ON_BOARD:
    _m: dict[str, tuple[str, ...]] = {}
    for _t in TRENDS:
        for _d in rules.reachable(_src, _t):
            _m[_d] = _m.get(_d, ()) + (_t,)
    TRENDS_TO[_src] = _m
_PROX_CACHE: dict[tuple, tuple] = {}


def _prox_best(here: str, prox: dict[str, int]) -> tuple:
    """Best landing by closeness to goal elements: (spend entry, [gain entry per trend]),
    each entry (0.25 * count, trend, destination) or None. Cached per (cell, targets)."""
    key = (here, id(prox))
    found = _PROX_CACHE.get(key)
    if found is not None and found[0] is prox:
        return found[1]
    best_per_trend: dict[str, tuple] = {}
    get = prox.get
    for d, trends in TRENDS_TO[here].items():
        c = get(d, 0)
        for t in trends:
            old = best_per_trend.get(t)
            if old is None or c > old[0]:
                best_per_trend[t] = (c, t, d)
    gains: list = []
    spend = None
    for t in TRENDS:
        entry = best_per_trend.get(t)
        if entry is not None:
            entry = (0.25 * entry[0], t, entry[2])
            if spend is None or entry[0] > spend[0]:
                spend = entry
        gains.append(entry)
    if len(_PROX_CACHE) > 20_000:
        _PROX_CACHE.clear()
    _PROX_CACHE[key] = (prox, (spend, gains))
    return spend, gains


_FAMILY_REACH: dict[tuple[str, str], tuple[str, ...]] = {}


def _family_in_reach(here: str, family: str) -> tuple[str, ...]:
    """Cells of ``family`` one activation from ``here`` (cached)."""
    found = _FAMILY_REACH.get((here, family))
    if found is None:
        found = _FAMILY_REACH[(here, family)] = tuple(
            d for d in TRENDS_TO[here] if FAMILY_OF[d] == family)
    return found


def _find(legal: list[Action], best: tuple) -> Action:
    """The legal action for a greedy choice ``(kind, trend, dest)`` or ``(action,)``."""
    if len(best) == 1:
        return best[0]
    kind, trend, dest = best
    if kind == "end":
        return rules.END
    a = Action(kind, trend, dest)
    if a in legal:
        return a
    for a in legal:  # a Gain that must name the seat to take from
        if a.kind == kind and a.trend == trend and a.dest == dest:
            return a
    raise AssertionError(f"greedy chose an action that is not legal: {best}")


def _agenda_weight(objectives: tuple[str, ...]) -> float:
    w = {"track_levels": 5, "cards": 4, "min_x3": 9, "set4": 6, "set3": 8}
    return sum(w.get(o, 4.5 if o.startswith("pair") else 3) for o in objectives)


_EMPTY: dict[str, float] = {}


def card_values(view: PlayerView, me: int, cache: dict | None = None) -> dict[str, float]:
    """cell -> value of discovering there now (this player's best face-up card there).

    Computed per face-up card and cached on what it depends on (the card, the research cubes on
    it, award tiles left), then merged; most calls are a few dictionary look-ups."""
    if view.cubes(me) <= 0:
        return _EMPTY
    if cache is None:
        cache = {}
    faces = view.faces
    all_marks = view.all_marks
    parts = []
    for slot in range(4):
        cid = faces[slot]
        if cid is None:
            continue
        key = (cid, all_marks[slot], me, view.awards_left(slot) > 0)
        entry = cache.get(key)
        if entry is None:
            if len(cache) > 20_000:
                cache.clear()
            entry = cache[key] = _card_entry(view, me, slot, cid, all_marks[slot])
        parts.append(entry)
    mkey = tuple(map(id, parts))
    merged = cache.get(mkey)
    if merged is None or merged[0] != parts:
        out: dict[str, float] = {}
        for entry in parts:
            for el, value in entry:
                if out.get(el, -1.0) < value:
                    out[el] = value
        merged = cache[mkey] = (parts, out)
    return merged[1]


def _card_entry(view: PlayerView, me: int, slot: int, cid: str, marks: tuple) -> tuple:
    card = view.card(cid)
    mine = marks[me]
    have = mine.bit_count()
    size = len(card.elements)
    rivals = 0
    for q, m in enumerate(marks):
        if q != me and m:
            rivals = max(rivals, m.bit_count())
    if have + 1 == size:
        value = card.points + 3.0 + (1.5 if view.awards_left(slot) else 0.0)
    else:
        value = max(card.points * (have + 1) / size * 0.55 - 0.8 * rivals, 1.0)
    return tuple((el, value) for i, el in enumerate(card.elements) if not mine >> i & 1)


def track_value(view: PlayerView, me: int) -> tuple[str, float]:
    """(the next group on my track, the value of advancing now) - 0 when the spot is full."""
    nxt = view.next_group(me)
    target = view.aa(me) + 1
    if target > 8:
        return nxt, 0.0
    cap = AA_CAPACITY.get(target)
    if cap is not None and sum(1 for q in range(view.n) if view.aa(q) == target) >= cap:
        return nxt, 0.0
    return nxt, AA_VALUES[target] - AA_VALUES[target - 1] + 1.5


class GreedyBot(Bot):
    """Best immediate value; cheap table look-ups per legal action."""

    name = "greedy"

    def __init__(self, seed: int = 0, lang: str | None = None) -> None:
        super().__init__(seed, lang)
        self._cache: dict = {}  # card values per public situation (one game's deck)

    def choose(self, view: PlayerView) -> Decision:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("it is not this player's turn")
        phase = view.phase
        me = view.player
        if phase == "agenda":
            best = max(legal, key=lambda a: _agenda_weight(view.agenda_objectives(a.arg)))
            return self.decision(view, best)
        values = card_values(view, me, self._cache)
        if phase == "discover":
            best_a, best_v = legal[-1], 0.0
            for a in legal:
                if a.kind == "discover":
                    v = self._disc_value(view, me, a.arg)
                    if v > best_v:
                        best_a, best_v = a, v
                elif a.kind == "ext":
                    v = values.get(a.dest, 0.0) - TILE_VALUE["plus3"]
                    if v > best_v:
                        best_a, best_v = a, v
            return self.decision(view, best_a)
        nxt, tv = track_value(view, me)
        here = view.flask(me)
        here_track = tv if FAMILY_OF[here] == nxt else 0.0
        mode = view.mode
        cost = 1 if view.paid == 0 else 2
        can_spend = mode != "gain" and view.energy(me) >= cost
        can_gain = mode is None
        spots = view.spots
        gain_bonus = [(0.8 * spots[i] * ENERGY_VALUE if spots[i] else 0.3) - here_track
                      for i in range(5)]
        spend_cost = cost * ENERGY_VALUE + here_track
        best_v, best = (0.0, ("end", None, None)) if mode is not None else (-1e9, None)
        prox = near_counts(frozenset(values)) if mode is None else _NO_PROX
        to = TRENDS_TO[here]
        track_cells = _family_in_reach(here, nxt) if tv else ()

        def value_of(d: str) -> float:
            return values.get(d, 0.0) + (tv if FAMILY_OF[d] == nxt else 0.0)

        # 1. activations onto a valuable cell: a goal element, or the next group of the track
        for d in chain(sorted(values.keys() & to.keys()), track_cells):  # sorted: no hash order
            trends = to[d]
            value = value_of(d) + 0.25 * prox.get(d, 0)
            if can_spend and value - spend_cost > best_v:
                best_v, best = value - spend_cost, ("spend", trends[0], d)
            if can_gain:
                for t in trends:
                    v = value + gain_bonus[_TI[t]]
                    if v > best_v:
                        best_v, best = v, ("gain", t, d)
        # 2. the compulsory activation with nothing valuable in reach: land where most goal
        #    elements are one activation away
        if mode is None and best_v < 0.5:
            spend_best, gain_best = _prox_best(here, prox)
            if can_spend and spend_best is not None:
                v = spend_best[0] + value_of(spend_best[2]) - spend_cost
                if v > best_v:
                    best_v, best = v, ("spend", spend_best[1], spend_best[2])
            if can_gain:
                for i, entry in enumerate(gain_best):
                    if entry is not None:
                        v = entry[0] + value_of(entry[2]) + gain_bonus[i]
                        if v > best_v:
                            best_v, best = v, ("gain", entry[1], entry[2])
        # 3. award tiles (rare: only when the player holds some)
        if view.tiles(me):
            # tile actions sit at the two ends of the legal list: Take 2 Energy first, then
            # Free Action, Move To, +3 Spaces (and end) last
            for a in legal:
                if a.kind != "take2":
                    break
                v = len(a.trend) * ENERGY_VALUE - TILE_VALUE["take2"] + (
                    1.0 if view.energy(me) < 3 else 0.0)
                if v > best_v:
                    best_v, best = v, (a,)
            for a in reversed(legal):
                k = a.kind
                if k == "end":
                    continue
                if k not in ("free", "move", "ext"):
                    break
                v = value_of(a.dest) - here_track - TILE_VALUE["plus3" if k == "ext" else k]
                if v > best_v:
                    best_v, best = v, (a,)
        return self.decision(view, _find(legal, best))

    @staticmethod
    def _disc_value(view: PlayerView, me: int, cid: str) -> float:
        slot = COLOURS.index(view.card(cid).colour)
        card = view.card(cid)
        have = view.marks(slot, me).bit_count()
        size = len(card.elements)
        if have + 1 == size:
            return card.points + 5.0
        return card.points * (have + 1) / size * 0.55 + 0.5


# ---- search ---------------------------------------------------------------------------------
class SearchBot(Bot):
    """Plans the whole turn on a determinized state; heuristic for the future."""

    name = "search"

    def __init__(self, seed: int = 0, max_nodes: int = 400,
                 max_depth: int = 10, lang: str | None = None) -> None:
        super().__init__(seed, lang)
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self._plan: list[Action] = []
        self._expect: tuple | None = None
        self._greedy = GreedyBot(seed, lang)

    def choose(self, view: PlayerView) -> Decision:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("it is not this player's turn")
        if view.phase == "agenda":
            return self._greedy.choose(view)
        key = self._key(view)
        if self._plan and self._expect == key and self._plan[0] in legal:
            action = self._plan.pop(0)
        else:
            self._plan = self._search(view)
            action = self._plan.pop(0) if self._plan and self._plan[0] in legal else None
            if action is None:
                self._plan = []
                return self._greedy.choose(view)
        self._expect = None
        if self._plan:
            # remember what the state should look like so a surprise triggers a new plan
            self._expect = ("after", view.round, view.current_player, len(self._plan))
        return self.decision(view, action)

    def _key(self, view: PlayerView) -> tuple:
        return ("after", view.round, view.current_player, len(self._plan))

    # -- the search proper --------------------------------------------------------------------
    def _search(self, view: PlayerView) -> list[Action]:
        """Depth-first search over the actions of this turn on a determinized state, with a
        transposition table: every partial turn that may end is scored by applying ``end``
        (the refresh: completions, track) and :func:`position_value`."""
        me = view.player
        root = view.determinize(self.rng.randrange(1 << 30))
        best: list[Any] = [-1e18, []]
        nodes = [0]
        seen: set = set()

        def visit(st: State, seq: list[Action], depth: int) -> None:
            for a in self._candidates(st, me):
                if a.kind == "end":
                    done = st.clone()
                    rules.apply(done, a)
                    v = self._evaluate(done, me)
                    if v > best[0]:
                        best[0], best[1] = v, seq + [a]
                    continue
                if nodes[0] >= self.max_nodes or depth >= self.max_depth:
                    continue
                child = st.clone()
                rules.apply(child, a)
                for c2, s2 in self._resolve(child, seq + [a], me):
                    key = _state_key(c2, me)
                    if key in seen:
                        continue
                    seen.add(key)
                    nodes[0] += 1
                    visit(c2, s2, depth + 1)

        visit(root, [], 0)
        return best[1]

    @staticmethod
    def _resolve(st: State, seq: list[Action], me: int):
        """After a movement: branch over the discoveries it offers (the search never
        declines one), then go on."""
        if st.phase != "discover":
            yield st, seq
            return
        for a in rules.legal_actions(st):
            if a.kind == "discover":
                child = st.clone()
                rules.apply(child, a)
                yield child, seq + [a]

    def _candidates(self, st: State, me: int) -> list[Action]:
        """The actions worth searching: landings on goal elements or on the next group of
        the track, the best-placed of the rest, one Gain per trend, one Take 2 Energy, end."""
        legal = rules.legal_actions(st)
        if st.phase == "discover":
            return [a for a in legal if a.kind == "discover"] or legal[:1]
        values = _state_card_values(st, me)
        nxt = st.ring[(st.micro[me] + 1) % 8]
        out: list[Action] = []
        spend_seen: dict[str, Action] = {}
        gain_best: dict[str, tuple[float, Action]] = {}
        prox: list[tuple[float, Action]] = []
        targets = list(values)
        for a in legal:
            k = a.kind
            if k == "end":
                out.append(a)
                continue
            if k == "take2":
                if not any(o.kind == "take2" for o in out):
                    out.append(a)
                continue
            dest = a.dest
            valuable = dest in values or FAMILY_OF[dest] == nxt
            if k == "spend":
                if valuable:
                    if dest not in spend_seen:
                        spend_seen[dest] = a
                        out.append(a)
                else:
                    reach = ONE_ACTIVATION[dest]
                    prox.append((sum(1 for t in targets if t in reach), a))
            elif k == "gain":
                score = (2.0 if valuable else 0.0) + (
                    0.2 * sum(1 for t in targets if t in ONE_ACTIVATION[dest]))
                if a.trend not in gain_best or gain_best[a.trend][0] < score:
                    gain_best[a.trend] = (score, a)
            elif valuable:  # free, move, ext: only onto something worth it
                out.append(a)
        prox.sort(key=lambda x: -x[0])
        out.extend(a for _, a in prox[:2 if st.mode is None else 1])
        out.extend(a for _, a in gain_best.values())
        return out

    def _evaluate(self, st: State, me: int) -> float:
        return position_value(st, me)


def _state_key(st: State, me: int) -> tuple:
    return (st.flask[me], st.energy[me], tuple(st.marks), st.tiles[me], st.mode, st.paid > 0,
            tuple(st.spots), st.last_move, st.phase)


def _state_card_values(st: State, me: int) -> dict[str, float]:
    out: dict[str, float] = {}
    if st.cubes[me] <= 0:
        return out
    deck = st.ctx.goal_deck.by_id
    for slot in range(4):
        cid = st.face[slot]
        if cid is None:
            continue
        mine = st.marks[slot][me]
        for i, el in enumerate(deck[cid].elements):
            if not mine >> i & 1:
                out[el] = 1.0
    return out


#: weights of :func:`position_value` (tuned against greedy with benchmarks/bench_bots.py)
#: (tuning: "near" 0.12 -> 0 and "progress" 0.6 -> 0.8 took the win rate against greedy from
#: about 65% to about 98% over 100-game samples; the closeness term overvalued wandering)
SEARCH_WEIGHTS = {"progress": 0.8, "rival": 0.5, "near": 0.0, "energy": 1.2,
                  "energy_extra": 0.3, "track_next": 1.0}


def position_value(st: State, me: int) -> float:
    """Heuristic worth of a position for ``me`` (used after the refresh of a planned turn):
    points already scored (cards, lab, AA, agenda) + research cubes on cards + goal elements
    within one activation + energy + award tiles + the next group within reach."""
    w = SEARCH_WEIGHTS
    deck = st.ctx.goal_deck.by_id
    won = [deck[c] for c in st.won[me]]
    value = float(sum(c.points for c in won) + st.lab[me] + AA_VALUES[st.aa[me]])
    aid = st.agenda[me]
    if aid is not None and won:
        value += best_agenda(st.ctx.agenda_deck.by_id[aid].objectives,
                             [(c.id, c.difficulty) for c in won], st.aa[me]).points
    # research cubes on face-up cards: worth progress towards the card
    targets = []
    for slot in range(4):
        cid = st.face[slot]
        if cid is None:
            continue
        card = deck[cid]
        mine = st.marks[slot][me]
        have = mine.bit_count()
        size = len(card.elements)
        rival = max((st.marks[slot][q].bit_count() for q in range(st.n) if q != me), default=0)
        if have:
            value += max(LAB_POINTS.get(have, 5), card.points * have / size * w["progress"]) \
                - w["rival"] * rival
        if st.cubes[me]:
            for i, el in enumerate(card.elements):
                if not mine >> i & 1:
                    targets.append((el, card.points * (have + 1) / size))
    here = st.flask[me]
    if w["near"]:
        near = ONE_ACTIVATION[here]
        value += w["near"] * sum(v for el, v in targets if el in near)
    value += w["energy"] * min(st.energy[me], 8) + w["energy_extra"] * max(0, st.energy[me] - 8)
    value += sum(TILE_VALUE.get(t.split(":")[0], 1.5) for t in st.tiles[me])
    nxt = st.ring[(st.micro[me] + 1) % 8]
    if nxt in near_families(here):
        value += w["track_next"]
    return value


_NEAR_FAMILIES: dict[str, frozenset[str]] = {
    s: frozenset(FAMILY_OF[d] for d in cells) for s, cells in ONE_ACTIVATION.items()}


def near_families(cell: str) -> frozenset[str]:
    return _NEAR_FAMILIES[cell]


# ---- registry --------------------------------------------------------------------------------
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}


def make_bot(name: str, seed: int = 0, lang: str | None = None) -> Bot:
    """A bot by name (one of :data:`BOTS`), seeded, explaining itself in ``lang``."""
    return tabletop_bots.make_bot(BOTS, name, seed=seed, lang=lang)


def parse_bot_list(spec: str, players: int) -> list[str]:
    """``"greedy"`` -> that bot for every seat; ``"search,greedy"`` -> one per seat, repeated."""
    return tabletop_bots.parse_bot_list(spec, players, BOTS)
