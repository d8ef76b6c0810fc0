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
>>> w.handle_message({"type": "act", "action": "D-"}), w.error
(False, 'a hand of 5 or more cards discards exactly one (ELEMONSTER E-12)')
>>> w.lang = "uk"; w.handle_message({"type": "act", "action": "Y"}), w.error
(False, 'Зараз цей хід неможливий.')
>>> w.lang = "en"
>>> w.handle_message({"type": "act", "action": w.view["legal_actions"][-1]})
True
>>> w.bot_pending, w.run_bots() > 0
(True, True)

Seats count from 0. Bots: ``"random"``, ``"greedy"`` (:mod:`periodic_edu.elemonster.bots`);
``bots=None`` puts a greedy bot on every seat but the first. Bot turns are paced by the browser
as in :class:`~periodic_edu.widgets.GameWidget` (``bot_pending``, the ``step_bot`` message);
without a front end, :meth:`step_bot` / :meth:`run_bots`.

``lang`` (``en``, ``uk``, ``de``) is the language of every word: the front end's (the
``strings`` trait, :func:`~periodic_edu.widgets._elemonster_payload.elemonster_strings`), the
explained choices, the bots' sentences, the log and the refusals (the engine's structured
reasons, :func:`periodic_edu.elemonster.errors.explain`). Changing it re-renders in place.
"""
from __future__ import annotations

from math import gcd
from typing import Any, Sequence

import traitlets

from ..chemistry import element_name
from .. import i18n
from ..elemonster import IllegalBondError, IllegalMoveError, check_bond
from ..elemonster.actions import Action
from ..elemonster.bonds import CATEGORIES, make_bond
from ..elemonster.bots import BOTS, describe as bot_sentence
from ..elemonster.cards import card
from ..elemonster.deck import is_multiplier
from ..elemonster.game import VARIANTS
from ..elemonster.errors import EngineError, explain
from ..elemonster.story import refusal_words, situation
from ..elemonster.words import DOMAIN, say
from ..tabletop.seeds import new_seed
from ..tabletop.table import TableError, Text
from ._assets import css, esm
from ._base import describe
from ._elemonster_payload import (TEXT, VALUE_LABELS, card_payload, card_sources,
                                  elemonster_strings)
from ._elemonster_rule_words import counted as _counted, points_breakdown, shell_rule
from ..elemonster.spec import SPEC as _SPEC
from ._table_widget import TableWidget
from .game_widget import _seat_bots
from .save_store import SaveStore

__all__ = ["ElemonsterWidget", "shell_rule", "points_breakdown"]

#: Elemonster's rules at a table (its spec's, made once)
ELEMONSTER = _SPEC.rules

LOG_WINDOW = 80

#: the names the widget gives seats (re-named when the language changes)
_SEAT_NAMES = {"you": TEXT["you"], "greedy": TEXT["bot_greedy"], "random": TEXT["bot_random"]}


def _text(key: str, lang: str, **params: Any) -> str:
    """TEXT[key] in ``lang``, filled (a plural entry is chosen by ``n``)."""
    return i18n.translate(DOMAIN, TEXT[key], lang, params.get("n")).format(**params)


def _name_keys(players: Any, kinds: list[str | None]) -> list[tuple[str, int | None] | None]:
    """Per seat: the name the widget gives it (("you", None), ("greedy", 2): "Greedy bot 2"),
    or None for a name the caller chose. A caller's name that is one of the widget's own
    ("You", "Ви", "Du"...) counts as the widget's, so it follows the language too."""
    if isinstance(players, int) and not isinstance(players, bool):
        keys = ["you" if k is None else k for k in kinds]
        return [(k, i + 1 if keys.count(k) > 1 else None) for i, k in enumerate(keys)]
    out: list[tuple[str, int | None] | None] = []
    for name in players:
        out.append(next(((key, None) for key, msg in _SEAT_NAMES.items()
                         for code in i18n.LANGUAGES if name == say(msg, code)), None))
    return out


def _seat_name(key: tuple[str, int | None], lang: str) -> str:
    name = say(_SEAT_NAMES[key[0]], lang)
    return name if key[1] is None else _text("seat_n", lang, name=name, n=key[1])


def _names(players: Any, kinds: list[str | None]) -> list[str]:
    keys = _name_keys(players, kinds)
    if isinstance(players, int) and not isinstance(players, bool):
        return [_seat_name(k, "en") for k in keys]
    return list(players)


def _count(players: Any) -> int:
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise ValueError(f"players must be 2 to 5 or a list of names, not {describe(players)}")
    return players if isinstance(players, int) else len(players)


class ElemonsterWidget(TableWidget):
    """A live game of Elemonster: hand, duel, bonds, table, scores, log.

    Parameters: ``players`` (2-5, or a list of names), ``bots`` (``{seat: "greedy"}`` or a
    list with None for people; default: greedy bots on every seat but 0), ``variant``
    (``"beginner"`` or ``"advanced"``), ``seed`` (None draws one), ``hearts``
    (``"always"`` or ``"last_card"``), ``bot_delay`` (seconds between bot actions in the
    browser, default 0.6), ``save_store`` (a
    :class:`~periodic_edu.widgets.save_store.SaveStore`: saved after every action, a reloaded
    page may resume it; None saves nothing). The game, seats, log, undo (never past cards drawn
    from the pile) and saves live in :attr:`table`
    (:class:`~periodic_edu.tabletop.table.Table`).
    """

    _esm = esm("elemonster.js")
    _css = css("periodic.css", "elemonster.css")
    RULES_GAME = "elemonster"  # the How to play panel opens its rules page
    LOG_WINDOW = LOG_WINDOW

    cards = traitlets.Dict(help="card id -> card data, for the cards the viewer can see.").tag(
        sync=True)
    choices = traitlets.Dict(help="The viewer's legal actions, grouped and explained.").tag(
        sync=True)
    pairs = traitlets.List(help="Bond workbench: every pair of the viewer's cards, per "
                                "category: the bond or why not.").tag(sync=True)
    variant = traitlets.Unicode("beginner", help="The variant played (read-only).").tag(
        sync=True)

    def __init__(self, players: int | Sequence[str] = 2, bots: Any = None,
                 variant: str = "beginner", seed: int | None = None, hearts: str = "always",
                 bot_delay: float = 0.6, save_store: SaveStore | None = None,
                 **kwargs: Any) -> None:
        n = _count(players)
        if not 2 <= n <= 5:
            raise ValueError(f"Elemonster is played by 2 to 5 players, not {n}")
        kinds = _seat_bots({i: "greedy" for i in range(1, n)} if bots is None else bots, n,
                           known=BOTS, game="Elemonster ")
        if all(k is not None for k in kinds):
            raise ValueError("bots: at least one seat must be a person (None)")
        if seed is None:
            seed = new_seed()  # 128 bits from secrets: the pile order cannot be searched for
        self._name_keys = _name_keys(players, kinds)
        self._ready = False
        self._open(ELEMONSTER, _names(players, kinds), kinds, seed,
                   {"players": _names(players, kinds), "variant": variant, "hearts": hearts},
                   bot_delay, save_store, kwargs)

    def _names_now(self) -> list[str]:
        """The seats' names as shown now: the widget's own names in the widget's language."""
        keys = self._name_keys if len(self._name_keys) == len(self.table.seats) else \
            [None] * len(self.table.seats)
        return [seat.name if key is None else _seat_name(key, self.lang)
                for seat, key in zip(self.table.seats, keys)]

    def resume(self, token: str) -> bool:
        if not super().resume(token):
            return False
        # the resumed seats' names are the widget's own when they are one of its names
        self._name_keys = _name_keys([s.name for s in self.table.seats], self.table.kinds)
        self._seats()
        self._sync()
        return True

    def _translate(self, lang: str) -> None:
        """A new language: the words, the seats' names, the bots' next sentences, and every
        text of the view and the log."""
        if not getattr(self, "_ready", False):
            return
        self.static = {"sources": card_sources()}
        self.strings = elemonster_strings(lang)
        self.table.lang = lang
        self._seats()
        error = self.error
        self._sync()
        self.error = error  # a refusal on screen stays (said again on the next one)

    def _choose_variant(self, variant: str) -> None:
        if variant not in VARIANTS:
            raise TableError(Text("bad_message", why=f"unknown variant {variant!r}"))
        self.table.settings["variant"] = variant

    def _summary(self, lang: str) -> str:
        """"Resume your game (turn 4, beginner variant)" in ``lang``."""
        g = self.table.game
        return _text("resume_summary", lang, turn=g.turn + 1,
                     variant=_text(f"variant_{g.variant}", lang))

    def _game_refusal(self, exc: Exception) -> str | None:
        if isinstance(exc, IllegalMoveError):  # words only: no notation, no seat numbers
            return refusal_words(exc, self._names_now(), self.lang)
        if isinstance(exc, EngineError):
            return str(exc)
        return None

    def _sync_view(self, viewer: int | None, person: int | None) -> dict[str, Any]:
        g = self.table.game
        view = g.view(viewer)
        if person is None:
            view["legal_actions"] = []
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
        names = self._names_now()
        view["players"] = names
        final: dict[str, Any] = {}
        if g.is_over:
            final = {"scores": [{**row, "name": names[row["seat"]]} for row in g.scores()],
                     "winners": g.winners(), "ended_by": g.state.ended_by,
                     "why": _text(f"ended_{g.state.ended_by}", self.lang)
                     if f"ended_{g.state.ended_by}" in TEXT else ""}
        return {"view": view, "final": final, "variant": g.variant,
                "cards": {c: card_payload(c, self.lang) for c in sorted(visible)},
                "choices": self._choices(view) if person is not None else {},
                "pairs": self._pairs(view)}

    def _log_row(self, row: dict[str, Any]) -> dict[str, Any]:
        return {key: row.get(key) for key in ("i", "seat", "name", "bot", "kind", "text",
                                              "why", "action")}


    # -- the person's choices, explained ---------------------------------------------------------
    def _choices(self, view: dict[str, Any]) -> dict[str, Any]:
        g = self.table.game
        legal = g.legal_actions()
        duel = view["duel"]
        prompt = view["prompt"]["kind"] if view["prompt"] else "main"
        names = view["players"]
        out: dict[str, Any] = {"prompt": prompt, "attacks": [], "bonds": [], "answer": None,
                               "discards": [], "other": []}
        lang = self.lang
        if prompt == "main":
            out["headline"] = _text("prompt_main", lang)
        elif prompt in ("parry", "second", "give"):
            att = names[duel["attacker"]] if duel else ""
            out["headline"] = _text(f"prompt_{prompt}", lang, att=att)
        else:  # what this decision answers: who yielded, who drew a radioactive card...
            line = situation(g, view["seat"])
            out["headline"] = line.render(names, lang) if line else _text("prompt_other", lang)
        # the others' moves that led here; none for the turn itself and for what the
        # person's own draw or bond brought (the headline says it)
        own = prompt in ("main", "exchange_offer", "exchange_discard", "crowns") or (
            prompt == "decay" and g.state.active == view["seat"])
        out["cause"] = "" if own else self._cause(view["seat"], names)
        parries = {a.card for a in legal if a.kind == "parry"}
        if prompt in ("parry", "second") and duel:
            out["answer"] = self._compare(view, duel, parries)
        for a in legal:
            item = {"action": a.text, "kind": a.kind, "label": bot_sentence(g.observe(
                view["seat"]), a, lang) if a.kind in ("special", "heart") else a.text}
            if a.kind == "attack":
                item.update(self._attack(a, names))
                out["attacks"].append(item)
            elif a.kind == "bond":
                item.update(self._bond(a, view))
                out["bonds"].append(item)
            elif a.kind == "discard":
                item["card"] = a.card
                item["label"] = (_text("keep", lang) if a.card is None
                                 else _text("discard_card", lang, card=a.card))
                out["discards"].append(item)
            elif a.kind == "parry":
                item["card"] = a.card
                item["label"] = _text("parry", lang, card=a.card)
                out["other"].append(item)
            elif a.kind == "yield":
                item["label"] = _text("yield", lang)
                out["other"].append(item)
            elif a.kind == "give":
                item["label"] = _text("give", lang, cards=", ".join(a.cards))
                item["cards"] = list(a.cards)
                out["other"].append(item)
            elif a.kind == "skip":
                item["label"] = _text("skip", lang)
                out["other"].append(item)
            else:
                out["other"].append(item)
        return out

    def _cause(self, seat: int, names: list[str]) -> str:
        """What led to this decision: the others' moves since this seat's own last move (the
        newest two), as the log says them ("Mila: Yields and gives up a card.")."""
        rows = self.table.log(self.lang, seat, names, last=8)
        since = []
        for row in reversed(rows):
            if row["seat"] == seat:
                break
            since.append(row)
        return " ".join(_text("cause_row", self.lang, name=r["name"], text=r["text"])
                        for r in reversed(since[:2]))

    def _value_text(self, c: str, value: str) -> str:
        v = card(c).value(value)
        if v is None:
            return _text("antiquity" if value == "year" else "unknown", self.lang)
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        return i18n.format_number(v, self.lang)

    def _label(self, v: str) -> str:
        return say(VALUE_LABELS[v], self.lang)

    def _and(self, parts: list[str]) -> str:
        if len(parts) == 2:
            return _text("and", self.lang, first=parts[0], second=parts[1])
        return ", ".join(parts)

    def _attack(self, a: Action, names: list[str]) -> dict[str, Any]:
        parts = [_text("label_value", self.lang, label=self._label(v),
                       value=self._value_text(a.card, v)) for v in a.values]
        needs = [self._label("ie" if v == "en" else v) for v in a.values]
        low = self.table.game.state.declared and self.table.game.state.declared[0] == "low"
        return {"card": a.card, "values": list(a.values), "target": a.target,
                "label": f"{self._and(parts)} → {names[a.target]}",
                "detail": _text("duel_needs_low" if low else "duel_needs", self.lang,
                                label=self._and(needs),
                                value=self._and([self._value_text(a.card, v)
                                                 for v in a.values]))}

    def _bond(self, a: Action, view: dict[str, Any]) -> dict[str, Any]:
        cat, x, kx, y, ky = a.bond
        bond = make_bond(cat, x, kx, y, ky)
        lang = self.lang
        label = _text("bond_lay", lang, formula=bond.formula,
                      points=_counted("n_points", bond.points, lang))
        dissolve = None
        if a.dissolve:
            # grouped on the page: first the new bond, then which bond to dissolve for it
            old = view["bonds"][view["seat"]][a.dissolve[0] - 1]["formula"]
            dissolve = {"old": old, "card": a.dissolve[1],
                        "label": _text("bond_dissolve_pick", lang, old=old, card=a.dissolve[1])}
        return {"category": bond.category, "formula": bond.formula, "points": bond.points,
                "group": f"{bond.category}:{bond.formula}", "dissolve": dissolve,
                "cards": [bond.a, bond.b], "multipliers": [bond.ka, bond.kb], "label": label,
                "rule": shell_rule(bond.category, bond.a, bond.ka, bond.b, bond.kb, lang),
                "breakdown": points_breakdown(bond.category, bond.a, bond.ka, bond.b, bond.kb,
                                              lang)}

    def _compare(self, view: dict[str, Any], duel: dict[str, Any],
                 parries: set[str]) -> dict[str, Any]:
        """The attack's values beside each of the viewer's cards' answering values."""
        values = duel["values"]
        answer = ["ie" if v == "en" else v for v in values]
        rows = []
        for c in dict.fromkeys(view["hand"]):
            if is_multiplier(c):
                continue
            rows.append({"card": c, "name": element_name(c, self.lang),
                         "values": [self._value_text(c, v) for v in answer],
                         "beats": c in parries, "action": f"P:{c}" if c in parries else None})
        return {"card": duel["card"], "name": element_name(duel["card"], self.lang),
                "attack": [{"label": self._label(v), "value": self._value_text(duel["card"], v)}
                           for v in values],
                "answer_labels": [self._label(v) for v in answer], "low": duel["low"],
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
            return {"category": cat, "ok": False, "formula": formula,
                    "text": explain(exc, self.lang), "action": None}
        bond = make_bond(cat, a, ka, b, kb)
        action = legal.get((bond.category, frozenset((a, b))))
        multi = ka > 1 or kb > 1
        key = ("bond_needs_mult" if multi and not action and self.table.game.variant == "beginner"
               else "bond_no_mult_cards" if multi and not action else "bond_fits")
        text = _text(key, self.lang, formula=bond.formula,
                     points=_counted("n_points", points, self.lang))
        return {"category": cat, "ok": True, "formula": bond.formula, "points": points,
                "text": text, "action": action,
                "rule": shell_rule(bond.category, bond.a, bond.ka, bond.b, bond.kb, self.lang)}

    def __repr__(self) -> str:
        return f"<ElemonsterWidget {self.table.game!r}>"
