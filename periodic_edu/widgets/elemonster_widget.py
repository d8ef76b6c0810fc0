"""ElemonsterWidget: a whole game of Elemonster in one widget, a person against bots.

Python holds the truth (a :class:`periodic_edu.elemonster.Game`); the browser draws what Python
syncs and sends *intents* (``model.send``), each checked against ``legal_actions()``. What is
synced is what the person's seat may know (ELEMONSTER §3, §10): its own hand, the other hands
as counts, the public table (discard pile, bonds, the duel's shown cards) and a log whose
private moves (a card given between two other players) say "a card". The pile order, the seed
and the other hands stay in Python. Every synced trait is read-only for the browser.

>>> from periodic_edu.widgets import ElemonsterWidget
>>> w = ElemonsterWidget(players=["You", "Greedy bot"], seed=5)
>>> w.seats[1]["bot"], w.view["hand_sizes"], "hand" in w.view
('greedy', [6, 5], True)
>>> w.handle_message({"type": "act", "action": "D-"}), w.error[:40]
(False, "player 1 cannot play 'D-': a hand of 5 o")
>>> w.handle_message({"type": "act", "action": w.view["legal_actions"][-1]})
True
>>> w.bot_pending, w.run_bots() > 0
(True, True)

Seats count from 0. Bots: ``"random"``, ``"greedy"`` (:mod:`periodic_edu.elemonster.bots`);
``bots=None`` puts a greedy bot on every seat but the first. Bot turns are paced by the browser
as in :class:`~periodic_edu.widgets.GameWidget` (``bot_pending``, the ``step_bot`` message);
without a front end, :meth:`step_bot` / :meth:`run_bots`.
"""
from __future__ import annotations

from math import gcd
from typing import Any, Sequence

import traitlets

from ..elemonster import Game, IllegalBondError, IllegalMoveError, check_bond
from ..elemonster.actions import Action
from ..elemonster.bonds import CATEGORIES, make_bond
from ..elemonster.bots import BOTS, describe as bot_sentence, make_bot
from ..elemonster.cards import card
from ..elemonster.deck import is_multiplier
from ..elemonster.errors import EngineError
from ..engine.seeds import new_seed
from ._assets import css, esm
from ._base import IntentWidget, describe
from ._elemonster_payload import (CATEGORY_LABELS, KIND_TEXT, SYMBOL_TEXT, TEXT, VALUE_LABELS,
                                  card_payload, card_sources)
from ._game_intents import IntentError, parse_intent
from .game_widget import PLAYER_COLOURS, _seat_bots

__all__ = ["ElemonsterWidget", "shell_rule", "points_breakdown"]

LOG_WINDOW = 80
_MAX_DELAY = 10.0
# prompts whose "give" moves a card from one hand to another (not to the public discard pile)
_PRIVATE_GIVES = {"give": "attacker", "swap_give": None, "swap_take": "defender"}

# The words of the rule lines (one table; they move to the catalog with TEXT).
RULES_TEXT = {
    "ions_one": "{g} gives {e} electron{es}; {t} has {gap} gap{gs}: 1 to 1",
    "ions_taker": "{g} gives {e} electron{es}; each {t} has {gap} gap{gs}: ×{kt}",
    "ions_giver": "each {g} gives {e} electron{es}; {t} has {gap} gap{gs}: ×{kg} {g}",
    "ions_both": "{kg}×{g} give {eg} electrons; {kt}×{t} fill {gt} gaps",
    "molecule": "{a} has {ga} gap{gas}, {b} has {gb} gap{gbs}: they share {ka}×{ga} = {kb}×{gb}",
    "alloy": "{a} and {b} both have {e} outer electron{es}: matching shells",
    "noble": "{a} and {b} both have full outer shells",
    "base": "{n} for the {category}",
    "crowns": "{n} for {k} crown{ks}",
    "hearts": "{n} for {k} heart{ks}",
    "materials": "1 for two materials",
    "multipliers": "{n} for {k} multiplier card{ks}",
}


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def shell_rule(category: str, a: str, ka: int, b: str, kb: int) -> str:
    """The shell rule of a bond in words: "Ca gives 2 electrons; each Cl has 1 gap: ×2".

    For ions ``a`` is the giver (as in :class:`periodic_edu.elemonster.Bond`).

    >>> shell_rule("ions", "Ca", 1, "Cl", 2)
    'Ca gives 2 electrons; each Cl has 1 gap: ×2'
    >>> shell_rule("molecule", "H", 2, "O", 1)
    'H has 1 gap, O has 2 gaps: they share 2×1 = 1×2'
    """
    A, B = card(a), card(b)
    if category == "ions":
        p = {"g": a, "t": b, "e": A.outer, "es": _s(A.outer), "gap": B.gaps, "gs": _s(B.gaps),
             "kg": ka, "kt": kb, "eg": ka * A.outer, "gt": kb * B.gaps}
        key = ("ions_both" if ka > 1 and kb > 1 else "ions_giver" if ka > 1
               else "ions_taker" if kb > 1 else "ions_one")
        return RULES_TEXT[key].format(**p)
    if category == "molecule":
        return RULES_TEXT["molecule"].format(a=a, b=b, ga=A.gaps, gas=_s(A.gaps), gb=B.gaps,
                                             gbs=_s(B.gaps), ka=ka, kb=kb)
    if category == "alloy":
        return RULES_TEXT["alloy"].format(a=a, b=b, e=A.outer, es=_s(A.outer))
    return RULES_TEXT["noble"].format(a=a, b=b)


def points_breakdown(category: str, a: str, ka: int, b: str, kb: int) -> list[str]:
    """Where a bond's points come from (ELEMONSTER §6), part by part.

    >>> points_breakdown("alloy", "Ag", 1, "Cu", 1)
    ['1 for the alloy', '6 for 3 crowns', '1 for 1 heart', '1 for two materials']
    """
    from ..elemonster.bonds import BASE_POINTS
    A, B = card(a), card(b)
    parts = [RULES_TEXT["base"].format(n=BASE_POINTS[category],
                                       category=CATEGORY_LABELS[category])]
    crowns, hearts = A.crown + B.crown, A.heart + B.heart
    mults = (ka > 1) + (kb > 1)
    if crowns:
        parts.append(RULES_TEXT["crowns"].format(n=2 * crowns, k=crowns, ks=_s(crowns)))
    if hearts:
        parts.append(RULES_TEXT["hearts"].format(n=hearts, k=hearts, ks=_s(hearts)))
    if A.material and B.material:
        parts.append(RULES_TEXT["materials"])
    if mults:
        parts.append(RULES_TEXT["multipliers"].format(n=2 * mults, k=mults, ks=_s(mults)))
    return parts


def _names(players: Any, kinds: list[str | None]) -> list[str]:
    if isinstance(players, int) and not isinstance(players, bool):
        names = ["You" if k is None else f"{k.capitalize()} bot" for k in kinds]
        return [f"{n} {i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]
    return list(players)


def _count(players: Any) -> int:
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise ValueError(f"players must be 2 to 5 or a list of names, not {describe(players)}")
    return players if isinstance(players, int) else len(players)


class ElemonsterWidget(IntentWidget):
    """A live game of Elemonster: hand, duel, bonds, table, scores, log.

    Parameters: ``players`` (2-5, or a list of names), ``bots`` (``{seat: "greedy"}`` or a
    list with None for people; default: greedy bots on every seat but 0), ``variant``
    (``"beginner"`` or ``"advanced"``), ``seed`` (None draws one), ``hearts``
    (``"always"`` or ``"last_card"``), ``bot_delay`` (seconds between bot actions in the
    browser, default 0.6).
    """

    _esm = esm("elemonster.js")
    _css = css("periodic.css", "elemonster.css")
    _intents: dict = {}  # the browser writes no trait: it sends messages

    static = traitlets.Dict(help="Public constants: the words, value and category names.").tag(
        sync=True)
    seats = traitlets.List(help="Per seat: seat, name, bot (None: a person), colour.").tag(
        sync=True)
    viewer = traitlets.Int(-1, help="The person's seat whose view is shown.").tag(sync=True)
    view = traitlets.Dict(help="Game.view(viewer): own hand, other hands as counts.").tag(
        sync=True)
    cards = traitlets.Dict(help="card id -> card data, for the cards the viewer can see.").tag(
        sync=True)
    choices = traitlets.Dict(help="The viewer's legal actions, grouped and explained.").tag(
        sync=True)
    pairs = traitlets.List(help="Bond workbench: every pair of the viewer's cards, per "
                                "category: the bond or why not.").tag(sync=True)
    game_log = traitlets.List(help=f"The last {LOG_WINDOW} log entries.").tag(sync=True)
    log_total = traitlets.Int(0, help="How many entries the whole log has.").tag(sync=True)
    final = traitlets.Dict(help="At the end: scores and winners.").tag(sync=True)
    bot_pending = traitlets.Bool(False, help="A bot is to move.").tag(sync=True)
    bot_delay_ms = traitlets.Int(600, help="The browser's pause before a bot action.").tag(
        sync=True)
    paused = traitlets.Bool(False, help="The browser's bot timer is stopped.").tag(sync=True)
    can_undo = traitlets.Bool(False, help="A person's action can be undone.").tag(sync=True)
    revision = traitlets.Int(0, help="Counts every change of the game (stale intents).").tag(
        sync=True)
    refusals = traitlets.Int(0, help="Counts refused messages.").tag(sync=True)

    def __init__(self, players: int | Sequence[str] = 2, bots: Any = None,
                 variant: str = "beginner", seed: int | None = None, hearts: str = "always",
                 bot_delay: float = 0.6, **kwargs: Any) -> None:
        n = _count(players)
        if not 2 <= n <= 5:
            raise ValueError(f"Elemonster is played by 2 to 5 players, not {n}")
        kinds = _seat_bots({i: "greedy" for i in range(1, n)} if bots is None else bots, n)
        for name in kinds:
            if name is not None and name not in BOTS:
                raise ValueError(f"bots: unknown Elemonster bot {name!r}: choose one of "
                                 f"{', '.join(BOTS)}")
        if all(k is not None for k in kinds):
            raise ValueError("bots: at least one seat must be a person (None)")
        if seed is None:
            seed = new_seed()  # 128 bits from secrets: the pile order cannot be searched for
        if isinstance(bot_delay, bool) or not isinstance(bot_delay, (int, float)) or \
                not 0 <= bot_delay <= _MAX_DELAY:
            raise ValueError(f"bot_delay must be a number of seconds from 0 to {_MAX_DELAY}, "
                             f"not {describe(bot_delay)}")
        names = _names(players, kinds)
        self._kinds = kinds
        self._settings = {"players": names, "variant": variant, "hearts": hearts}
        try:
            self._game = Game(seed=seed, **self._settings)
        except EngineError as exc:
            raise ValueError(str(exc)) from None
        self._bots = self._make_bots(seed)
        self.log_entries: list[dict[str, Any]] = []
        self._viewer = kinds.index(None)
        super().__init__(**kwargs)
        self.bot_delay_ms = int(round(bot_delay * 1000))
        self.static = {"text": TEXT, "values": VALUE_LABELS, "categories": CATEGORY_LABELS,
                       "symbols": {k: list(v[:2]) for k, v in SYMBOL_TEXT.items()},
                       "kinds": KIND_TEXT, "sources": card_sources()}
        self.seats = [{"seat": i, "name": names[i], "bot": kinds[i], "colour": PLAYER_COLOURS[i]}
                      for i in range(n)]
        self.on_msg(self._on_custom_msg)
        self._sync()

    # ---- the Python API -----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live game (hidden information included: never sync it)."""
        return self._game

    @property
    def bots(self) -> list[str | None]:
        return list(self._kinds)

    def play(self, action: Action | str) -> dict[str, Any]:
        """Play one action for the person to move (raises IllegalMoveError)."""
        g = self._game
        seat = g.current_player
        if g.is_over:
            raise IllegalMoveError(None, action, "the game is over")
        if self._kinds[seat] is not None:
            raise IllegalMoveError(seat, action, f"it is {g.names[seat]}'s decision, a "
                                                 f"{self._kinds[seat]} bot; let it play")
        return self._apply(action, seat, None)

    def step_bot(self) -> dict[str, Any] | None:
        """The bot to move plays one action; returns its log entry (None if no bot is to move)."""
        g = self._game
        if g.is_over or self._kinds[g.current_player] is None:
            return None
        seat = g.current_player
        decision = self._bots[seat].choose(g.observe(seat))
        return self._apply(decision.action, seat, decision.why)

    def run_bots(self, limit: int = 100_000) -> int:
        """Let bots play until a person is to decide or the game is over; returns the count."""
        count = 0
        while count < limit and self.step_bot() is not None:
            count += 1
        return count

    def undo(self) -> list[str]:
        """Undo back to (and including) the last action of a person; returns the actions
        undone, newest first."""
        humans = [e for e in self.log_entries if e["bot"] is None]
        if not humans:
            raise ValueError("nothing to undo: no person has played an action yet")
        target = humans[-1]["i"]
        undone = []
        while len(self._game.history) > target:
            undone.append(self._game.undo().text)
        self.log_entries = [e for e in self.log_entries if e["i"] < target]
        self._sync()
        return undone

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same players, bots and variant."""
        if seed is None:
            seed = new_seed()  # from secrets, not from the last seed: nothing to predict
        self._game = Game(seed=seed, **self._settings)
        self._bots = self._make_bots(seed)
        self.log_entries = []
        self._viewer = self._kinds.index(None)
        self._sync()

    # ---- messages from the browser ----------------------------------------------------------------
    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any = None) -> None:
        self.handle_message(content)

    def handle_message(self, content: Any) -> bool:
        """Handle one browser message ({"type": "act", "action": ..., "rev": ...},
        "step_bot", "pause", "undo", "new_game"). True when it changed something; a refused
        one sets ``error`` (and counts in ``refusals``) and changes nothing."""
        try:
            intent = parse_intent(content)
        except IntentError as exc:
            return self._refuse(str(exc))
        g = self._game
        stale = intent.rev is not None and intent.rev != self.revision
        try:
            if intent.type == "step_bot":
                if stale:
                    return False  # another view already played this revision's tick
                if g.is_over or self._kinds[g.current_player] is None:
                    return self._refuse("no bot is to move now")
                self.step_bot()
                return True
            if intent.type == "pause":
                self.paused = bool(intent.paused)
                return True
            if intent.type in ("hello", "resume", "dismiss_resume"):
                return self._refuse(f"this widget keeps no saved games ({intent.type!r})")
            if stale:
                return False  # a click on a position that has moved on: nothing to do
            if intent.type == "act":
                if g.is_over:
                    return self._refuse("the game is over: start a new game")
                seat = g.current_player
                if self._kinds[seat] is not None:
                    return self._refuse(f"it is {g.names[seat]}'s decision ({self._kinds[seat]} "
                                        "bot); the browser plays only for people")
                self._apply(intent.action, seat, None)
                return True
            if intent.type == "undo":
                self.undo()
                return True
            if intent.type == "new_game":
                self.new_game()
                return True
        except IllegalMoveError as exc:
            return self._refuse(str(exc))
        except ValueError as exc:
            return self._refuse(str(exc))
        return self._refuse(f"unknown message type {intent.type!r}")  # pragma: no cover

    def _refuse(self, text: str) -> bool:
        with self.hold_sync():
            self.error = text
            self.refusals = self.refusals + 1
        return False

    # ---- internals ----------------------------------------------------------------------------
    def _make_bots(self, seed: int) -> list[Any]:
        return [None if k is None else make_bot(k, seed=seed * 7 + i + 1)
                for i, k in enumerate(self._kinds)]

    def _apply(self, action: Action | str, seat: int, why: str | None) -> dict[str, Any]:
        g = self._game
        if not g.is_legal(action):
            g.play(action)  # raises the engine's IllegalMoveError with the reason; no change
        view = g.observe(seat)
        parsed = next(a for a in g.legal_actions() if a.key == Action.parse(action).key)
        prompt = view.to_dict()["prompt"]
        duel = g.state.duel
        text = why or bot_sentence(view, parsed)
        # who may see the card of a give: the giver and the one who receives it
        may_see = None
        if parsed.kind == "give" and prompt and prompt["kind"] in _PRIVATE_GIVES:
            receiver = _PRIVATE_GIVES[prompt["kind"]]
            may_see = [seat] + ([getattr(duel, receiver)] if receiver and duel else [])
            to = duel.attacker if prompt["kind"] in ("give", "swap_give") else duel.defender
        g.play(parsed)
        entry = {"i": len(g.history) - 1, "seat": seat, "name": g.names[seat],
                 "bot": self._kinds[seat], "kind": parsed.kind, "action": parsed.text,
                 "text": text, "may_see": may_see}
        if may_see is not None:
            entry["hidden_text"] = TEXT["log_hidden_give"].format(name=g.names[seat],
                                                                  to=g.names[to])
        self.log_entries.append(entry)
        self._sync()
        return entry

    def _public_entry(self, e: dict[str, Any], viewer: int) -> dict[str, Any]:
        hidden = e["may_see"] is not None and viewer not in e["may_see"]
        return {"i": e["i"], "seat": e["seat"], "name": e["name"], "bot": e["bot"],
                "kind": e["kind"], "text": e["hidden_text"] if hidden else e["text"],
                "action": None if hidden else e["action"]}

    def _sync(self) -> None:
        g = self._game
        seat = g.current_player
        person_to_decide = not g.is_over and self._kinds[seat] is None
        if person_to_decide:
            self._viewer = seat
        viewer = self._viewer
        view = g.view(viewer)
        visible = set(view["hand"]) | set(view["discard"])
        for bonds in view["bonds"]:
            for b in bonds:
                visible.update(b["cards"])
                visible.update(f"x{k}" for k in b["multipliers"] if k > 1)
        duel = view["duel"]
        if duel:
            visible.add(duel["card"])
            visible.update(duel["parries"])
            if duel["demand"]:
                visible.add(duel["demand"])
            if duel["swap_card"] not in (None, "hidden"):
                visible.add(duel["swap_card"])
        if view["declared"]:
            visible.add(view["declared"][1])
        final: dict[str, Any] = {}
        if g.is_over:
            final = {"scores": g.scores(), "winners": g.winners()}
        with self.hold_sync():
            self.viewer = viewer
            self.view = view
            self.cards = {c: card_payload(c) for c in sorted(visible)}
            self.choices = self._choices(view) if person_to_decide else {}
            self.pairs = self._pairs(view)
            self.game_log = [self._public_entry(e, viewer)
                             for e in self.log_entries[-LOG_WINDOW:]]
            self.log_total = len(self.log_entries)
            self.final = final
            self.bot_pending = not g.is_over and self._kinds[seat] is not None
            self.can_undo = any(e["bot"] is None for e in self.log_entries)
            self.revision = self.revision + 1
            self.error = ""

    # -- the person's choices, explained ---------------------------------------------------------
    def _choices(self, view: dict[str, Any]) -> dict[str, Any]:
        g = self._game
        legal = g.legal_actions()
        duel = view["duel"]
        prompt = view["prompt"]["kind"] if view["prompt"] else "main"
        names = view["players"]
        out: dict[str, Any] = {"prompt": prompt, "attacks": [], "bonds": [], "answer": None,
                               "discards": [], "other": []}
        if prompt == "main":
            out["headline"] = TEXT["prompt_main"]
        elif prompt in ("parry", "second", "give"):
            att = names[duel["attacker"]] if duel else ""
            out["headline"] = TEXT[f"prompt_{prompt}"].format(att=att)
        else:
            out["headline"] = TEXT["prompt_other"]
        parries = {a.card for a in legal if a.kind == "parry"}
        if prompt in ("parry", "second") and duel:
            out["answer"] = self._compare(view, duel, parries)
        for a in legal:
            item = {"action": a.text, "kind": a.kind, "label": bot_sentence(g.observe(
                view["seat"]), a) if a.kind in ("special", "heart") else a.text}
            if a.kind == "attack":
                item.update(self._attack(a, names))
                out["attacks"].append(item)
            elif a.kind == "bond":
                item.update(self._bond(a, view))
                out["bonds"].append(item)
            elif a.kind == "discard":
                item["card"] = a.card
                item["label"] = (TEXT["keep"] if a.card is None
                                 else TEXT["discard_card"].format(card=a.card))
                out["discards"].append(item)
            elif a.kind == "parry":
                item["card"] = a.card
                item["label"] = TEXT["parry"].format(card=a.card)
                out["other"].append(item)
            elif a.kind == "yield":
                item["label"] = TEXT["yield"]
                out["other"].append(item)
            elif a.kind == "give":
                item["label"] = TEXT["give"].format(cards=", ".join(a.cards))
                item["cards"] = list(a.cards)
                out["other"].append(item)
            elif a.kind == "skip":
                item["label"] = TEXT["skip"]
                out["other"].append(item)
            else:
                out["other"].append(item)
        return out

    @staticmethod
    def _value_text(c: str, value: str) -> str:
        v = card(c).value(value)
        if v is None:
            return TEXT["antiquity"] if value == "year" else TEXT["unknown"]
        return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)

    def _attack(self, a: Action, names: list[str]) -> dict[str, Any]:
        parts = [f"{VALUE_LABELS[v]} {self._value_text(a.card, v)}" for v in a.values]
        needs = [VALUE_LABELS["ie" if v == "en" else v] for v in a.values]
        low = self._game.state.declared and self._game.state.declared[0] == "low"
        return {"card": a.card, "values": list(a.values), "target": a.target,
                "label": f"{' and '.join(parts)} → {names[a.target]}",
                "detail": TEXT["duel_needs_low" if low else "duel_needs"].format(
                    label=" and ".join(needs),
                    value=" and ".join(self._value_text(a.card, v) for v in a.values))}

    def _bond(self, a: Action, view: dict[str, Any]) -> dict[str, Any]:
        cat, x, kx, y, ky = a.bond
        bond = make_bond(cat, x, kx, y, ky)
        label = TEXT["bond_lay"].format(formula=bond.formula, points=bond.points)
        if a.dissolve:
            old = view["bonds"][view["seat"]][a.dissolve[0] - 1]["formula"]
            label += " (" + TEXT["bond_dissolve"].format(old=old, card=a.dissolve[1]) + ")"
        return {"category": bond.category, "formula": bond.formula, "points": bond.points,
                "cards": [bond.a, bond.b], "multipliers": [bond.ka, bond.kb], "label": label,
                "rule": shell_rule(bond.category, bond.a, bond.ka, bond.b, bond.kb),
                "breakdown": points_breakdown(bond.category, bond.a, bond.ka, bond.b, bond.kb)}

    def _compare(self, view: dict[str, Any], duel: dict[str, Any],
                 parries: set[str]) -> dict[str, Any]:
        """The attack's values beside each of the viewer's cards' answering values."""
        values = duel["values"]
        answer = ["ie" if v == "en" else v for v in values]
        rows = []
        for c in dict.fromkeys(view["hand"]):
            if is_multiplier(c):
                continue
            rows.append({"card": c, "name": card(c).name,
                         "values": [self._value_text(c, v) for v in answer],
                         "beats": c in parries, "action": f"P:{c}" if c in parries else None})
        return {"card": duel["card"], "name": card(duel["card"]).name,
                "attack": [{"label": VALUE_LABELS[v], "value": self._value_text(duel["card"], v)}
                           for v in values],
                "answer_labels": [VALUE_LABELS[v] for v in answer], "low": duel["low"],
                "mode": duel["mode"], "rows": rows}

    def _pairs(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Every pair of the viewer's element cards, per category: the bond (with the legal
        action when it can be laid now) or the engine's reason why not (check_bond)."""
        hand = [c for c in dict.fromkeys(view["hand"]) if not is_multiplier(c)]
        legal = {}
        for text in view["legal_actions"]:
            a = Action.parse(text)
            if a.kind == "bond" and a.dissolve is None:
                cat, x, kx, y, ky = a.bond
                legal[(cat, frozenset((x, y)))] = text
        out = []
        for i, a in enumerate(hand):
            for b in hand[i + 1:]:
                verdicts = []
                for cat in CATEGORIES:
                    verdicts.append(self._verdict(cat, a, b, legal))
                out.append({"a": a, "b": b, "verdicts": verdicts})
        return out

    def _verdict(self, cat: str, a: str, b: str, legal: dict) -> dict[str, Any]:
        A, B = card(a), card(b)
        ka = kb = 1
        if cat == "molecule" and A.gaps and B.gaps:
            d = gcd(A.gaps, B.gaps)
            ka, kb = B.gaps // d, A.gaps // d
        elif cat == "ions":
            giver, taker = (A, B) if A.square and B.hexagon and not (B.square and not A.square) \
                else (B, A)
            if giver.outer and taker.gaps:
                d = gcd(giver.outer, taker.gaps)
                kg, kt = taker.gaps // d, giver.outer // d
                ka, kb = (kg, kt) if giver is A else (kt, kg)
        formula = f"{a}{ka if ka > 1 else ''}{b}{kb if kb > 1 else ''}"
        try:
            points = check_bond(cat, formula)
        except IllegalBondError as exc:
            return {"category": cat, "ok": False, "formula": formula, "text": str(exc),
                    "action": None}
        bond = make_bond(cat, a, ka, b, kb)
        action = legal.get((bond.category, frozenset((a, b))))
        multi = ka > 1 or kb > 1
        if action:
            text = TEXT["bond_fits"].format(formula=bond.formula, points=points)
        elif multi and self._game.variant == "beginner":
            text = TEXT["bond_needs_mult"].format(formula=bond.formula, points=points)
        elif multi:
            text = TEXT["bond_no_mult_cards"].format(formula=bond.formula, points=points)
        else:
            text = TEXT["bond_fits"].format(formula=bond.formula, points=points)
        return {"category": cat, "ok": True, "formula": bond.formula, "points": points,
                "text": text, "action": action,
                "rule": shell_rule(bond.category, bond.a, bond.ka, bond.b, bond.kb)}

    def __repr__(self) -> str:
        return f"<ElemonsterWidget {self._game!r}>"
