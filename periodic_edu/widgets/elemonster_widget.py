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
>>> w.lang = "uk"; w.handle_message({"type": "act", "action": "D-"}), w.error[:40]
(False, 'гравець 1 не може зіграти «D-»: з 5 або б')
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

from .. import i18n
from ..elemonster import Game, IllegalBondError, IllegalMoveError, check_bond
from ..elemonster.actions import Action
from ..elemonster.bonds import CATEGORIES, make_bond
from ..elemonster.bots import BOTS, describe as bot_sentence, make_bot
from ..elemonster.cards import card
from ..elemonster.deck import is_multiplier
from ..elemonster.errors import EngineError, IllegalMoveError, explain
from ..elemonster.words import DOMAIN, N_, NP_, Reason, nsay, say
from ..tabletop.seeds import new_seed
from ._assets import css, esm
from ._base import IntentWidget, describe
from ._elemonster_payload import (TEXT, VALUE_LABELS, card_payload, card_sources,
                                  elemonster_strings)
from ._game_intents import IntentError, parse_intent
from .game_widget import PLAYER_COLOURS, _seat_bots

__all__ = ["ElemonsterWidget", "shell_rule", "points_breakdown"]

LOG_WINDOW = 80
_MAX_DELAY = 10.0
# prompts whose "give" moves a card from one hand to another (not to the public discard pile)
_PRIVATE_GIVES = {"give": "attacker", "swap_give": None, "swap_take": "defender"}

# The words of the rule lines and the widget's refusals: the "elemonster" catalog.
RULES_TEXT = {
    "ions_one": N_("{g} gives {electrons}; {t} has {gaps}: 1 to 1"),
    "ions_taker": N_("{g} gives {electrons}; each {t} has {gaps}: ×{kt}"),
    "ions_giver": N_("each {g} gives {electrons}; {t} has {gaps}: ×{kg} {g}"),
    "ions_both": N_("{kg}×{g} give {electrons}; {kt}×{t} fill {gaps}"),
    "molecule": N_("{a} has {gaps_a}, {b} has {gaps_b}: they share {ka}×{ga} = {kb}×{gb}"),
    "alloy": NP_("{a} and {b} both have {n} outer electron: matching shells",
                 "{a} and {b} both have {n} outer electrons: matching shells"),
    "noble": N_("{a} and {b} both have full outer shells"),
    "base": N_("{p} for the {category}"),
    "crowns": NP_("{p} for {n} crown", "{p} for {n} crowns"),
    "hearts": NP_("{p} for {n} heart", "{p} for {n} hearts"),
    "materials": N_("1 for two materials"),
    "multipliers": NP_("{p} for {n} multiplier card", "{p} for {n} multiplier cards"),
}
MESSAGES = {
    "over": N_("the game is over"),
    "over_new": N_("the game is over: start a new game"),
    "bot_decides": N_("it is {name}'s decision, a {bot}; let it play"),
    "bot_decides_browser": N_("it is {name}'s decision ({bot}); the browser plays only for "
                              "people"),
    "no_bot": N_("no bot is to move now"),
    "no_saves": N_("this widget keeps no saved games ({what!r})"),
    "unknown_type": N_("unknown message type {what!r}"),
    "nothing_to_undo": N_("nothing to undo: no person has played an action yet"),
}
#: bot id -> its kind in a sentence ("a greedy bot")
BOT_WORDS = {"greedy": N_("greedy bot"), "random": N_("random bot")}
#: the names the widget gives seats (re-named when the language changes)
_SEAT_NAMES = {"you": TEXT["you"], "greedy": TEXT["bot_greedy"], "random": TEXT["bot_random"]}


def _text(key: str, lang: str, **params: Any) -> str:
    """TEXT[key] in ``lang``, filled (a plural entry is chosen by ``n``)."""
    return i18n.translate(DOMAIN, TEXT[key], lang, params.get("n")).format(**params)


def _counted(key: str, n: int, lang: str) -> str:
    """"3 gaps", "3 вільні місця": a TEXT plural with its number."""
    return nsay(TEXT[key], n, lang).format(n=i18n.format_number(n, lang))


def shell_rule(category: str, a: str, ka: int, b: str, kb: int, lang: str = "en") -> str:
    """The shell rule of a bond in words: "Ca gives 2 electrons; each Cl has 1 gap: ×2".

    For ions ``a`` is the giver (as in :class:`periodic_edu.elemonster.Bond`).

    >>> shell_rule("ions", "Ca", 1, "Cl", 2)
    'Ca gives 2 electrons; each Cl has 1 gap: ×2'
    >>> shell_rule("molecule", "H", 2, "O", 1)
    'H has 1 gap, O has 2 gaps: they share 2×1 = 1×2'
    >>> shell_rule("molecule", "H", 2, "O", 1, "uk")
    'H має 1 вільне місце, O має 2 вільні місця: вони спільно використовують 2×1 = 1×2'
    """
    A, B = card(a), card(b)
    if category == "ions":
        key = ("ions_both" if ka > 1 and kb > 1 else "ions_giver" if ka > 1
               else "ions_taker" if kb > 1 else "ions_one")
        both = key == "ions_both"
        return say(RULES_TEXT[key], lang).format(
            g=a, t=b, kg=ka, kt=kb,
            electrons=_counted("n_electrons", ka * A.outer if both else A.outer, lang),
            gaps=_counted("n_gaps", kb * B.gaps if both else B.gaps, lang))
    if category == "molecule":
        return say(RULES_TEXT["molecule"], lang).format(
            a=a, b=b, gaps_a=_counted("n_gaps", A.gaps, lang), gaps_b=_counted("n_gaps", B.gaps, lang),
            ka=ka, kb=kb, ga=A.gaps, gb=B.gaps)
    if category == "alloy":
        return Reason(RULES_TEXT["alloy"], a=a, b=b, n=A.outer).render(lang)
    return say(RULES_TEXT["noble"], lang).format(a=a, b=b)


def points_breakdown(category: str, a: str, ka: int, b: str, kb: int,
                     lang: str = "en") -> list[str]:
    """Where a bond's points come from (ELEMONSTER §6), part by part.

    >>> points_breakdown("alloy", "Ag", 1, "Cu", 1)
    ['1 for the alloy', '6 for 3 crowns', '1 for 1 heart', '1 for two materials']
    """
    from ..elemonster.bonds import BASE_POINTS
    A, B = card(a), card(b)
    parts = [Reason(RULES_TEXT["base"], p=BASE_POINTS[category], category=category).render(lang)]
    crowns, hearts = A.crown + B.crown, A.heart + B.heart
    mults = (ka > 1) + (kb > 1)
    if crowns:
        parts.append(Reason(RULES_TEXT["crowns"], p=2 * crowns, n=crowns).render(lang))
    if hearts:
        parts.append(Reason(RULES_TEXT["hearts"], p=hearts, n=hearts).render(lang))
    if A.material and B.material:
        parts.append(say(RULES_TEXT["materials"], lang))
    if mults:
        parts.append(Reason(RULES_TEXT["multipliers"], p=2 * mults, n=mults).render(lang))
    return parts


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

    static = traitlets.Dict(help="Public constants: the card data's sources (words: `strings`).").tag(
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
        self._name_keys = _name_keys(players, kinds)
        self._kinds = kinds
        self._settings = {"players": names, "variant": variant, "hearts": hearts}
        try:
            self._game = Game(seed=seed, **self._settings)
        except EngineError as exc:
            raise ValueError(str(exc)) from None
        self._bots: list[Any] = []
        self.log_entries: list[dict[str, Any]] = []
        self._viewer = kinds.index(None)
        self._ready = False
        super().__init__(**kwargs)  # resolves `lang` (an unknown one: UnknownLanguageError)
        self._bots = self._make_bots(seed)
        self.bot_delay_ms = int(round(bot_delay * 1000))
        self.static = {"sources": card_sources()}
        self.strings = elemonster_strings(self.lang)
        self._seats()
        self.on_msg(self._on_custom_msg)
        self._ready = True
        self._sync()

    # ---- the Python API -----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live game (hidden information included: never sync it)."""
        return self._game

    @property
    def bots(self) -> list[str | None]:
        return list(self._kinds)

    def _names_now(self) -> list[str]:
        """The seats' names as shown now: the widget's own names in the widget's language."""
        return [name if key is None else _seat_name(key, self.lang)
                for name, key in zip(self._game.names, self._name_keys)]

    def _seats(self) -> None:
        names = self._names_now()
        self.seats = [{"seat": i, "name": names[i], "bot": self._kinds[i],
                       "colour": PLAYER_COLOURS[i]} for i in range(len(names))]

    def _translate(self, lang: str) -> None:
        """A new language: the words, the seats' names, the bots' next sentences, and every
        text of the view (the log was said in all three languages when it happened)."""
        if not getattr(self, "_ready", False):
            return
        self.strings = elemonster_strings(lang)
        for bot in self._bots:
            if bot is not None:
                bot.lang = lang
        self._seats()
        error = self.error
        self._sync()
        self.error = error  # a refusal on screen stays (said again on the next one)

    def _say(self, key: str, **params: Any) -> str:
        return Reason(MESSAGES[key], **params).render(self.lang)

    def play(self, action: Action | str) -> dict[str, Any]:
        """Play one action for the person to move (raises IllegalMoveError)."""
        g = self._game
        seat = g.current_player
        if g.is_over:
            raise IllegalMoveError(None, action, Reason(MESSAGES["over"]))
        if self._kinds[seat] is not None:
            raise IllegalMoveError(seat, action, Reason(MESSAGES["bot_decides"], name=g.names[seat],
                                                  bot=self._bot_word(seat, "en")))
        return self._apply(action, seat)

    def step_bot(self) -> dict[str, Any] | None:
        """The bot to move plays one action; returns its log entry (None if no bot is to move)."""
        g = self._game
        if g.is_over or self._kinds[g.current_player] is None:
            return None
        seat = g.current_player
        decision = self._bots[seat].choose(g.observe(seat))
        return self._apply(decision.action, seat)

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
            raise ValueError(say(MESSAGES["nothing_to_undo"], self.lang))
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
                    return self._refuse(self._say("no_bot"))
                self.step_bot()
                return True
            if intent.type == "pause":
                self.paused = bool(intent.paused)
                return True
            if intent.type in ("hello", "resume", "dismiss_resume"):
                return self._refuse(self._say("no_saves", what=intent.type))
            if stale:
                return False  # a click on a position that has moved on: nothing to do
            if intent.type == "act":
                if g.is_over:
                    return self._refuse(self._say("over_new"))
                seat = g.current_player
                if self._kinds[seat] is not None:
                    return self._refuse(self._say("bot_decides_browser",
                                                  name=self._names_now()[seat],
                                                  bot=self._bot_word(seat, self.lang)))
                self._apply(intent.action, seat)
                return True
            if intent.type == "undo":
                self.undo()
                return True
            if intent.type == "new_game":
                self.new_game()
                return True
        except IllegalMoveError as exc:
            return self._refuse(explain(exc, self.lang))
        except ValueError as exc:
            return self._refuse(str(exc))
        return self._refuse(self._say("unknown_type", what=intent.type))  # pragma: no cover

    def _refuse(self, text: str) -> bool:
        with self.hold_sync():
            self.error = text
            self.refusals = self.refusals + 1
        return False

    # ---- internals ----------------------------------------------------------------------------
    def _make_bots(self, seed: int) -> list[Any]:
        # the bots' own sentences are not used here (the log says each move in all three
        # languages, below): explain=False saves the work
        return [None if k is None else make_bot(k, seed=seed * 7 + i + 1, explain=False,
                                                lang=self.lang)
                for i, k in enumerate(self._kinds)]

    def _bot_word(self, seat: int, lang: str) -> str:
        return say(BOT_WORDS[self._kinds[seat]], lang)

    def _apply(self, action: Action | str, seat: int) -> dict[str, Any]:
        g = self._game
        if not g.is_legal(action):
            g.play(action)  # raises the engine's IllegalMoveError with the reason; no change
        view = g.observe(seat)
        parsed = next(a for a in g.legal_actions() if a.key == Action.parse(action).key)
        prompt = view.to_dict()["prompt"]
        duel = g.state.duel
        # said in every language now (the view changes with the move), so that a language
        # switch shows the whole log in the new language
        texts = {code: bot_sentence(view, parsed, code) for code in i18n.LANGUAGES}
        # who may see the card of a give: the giver and the one who receives it
        may_see = None
        if parsed.kind == "give" and prompt and prompt["kind"] in _PRIVATE_GIVES:
            receiver = _PRIVATE_GIVES[prompt["kind"]]
            may_see = [seat] + ([getattr(duel, receiver)] if receiver and duel else [])
            to = duel.attacker if prompt["kind"] in ("give", "swap_give") else duel.defender
        g.play(parsed)
        entry = {"i": len(g.history) - 1, "seat": seat, "name": g.names[seat],
                 "bot": self._kinds[seat], "kind": parsed.kind, "action": parsed.text,
                 "texts": texts, "may_see": may_see, "to": None}
        if may_see is not None:
            entry["to"] = to
        self.log_entries.append(entry)
        self._sync()
        return entry

    def _public_entry(self, e: dict[str, Any], viewer: int, names: list[str]) -> dict[str, Any]:
        hidden = e["may_see"] is not None and viewer not in e["may_see"]
        text = (_text("log_hidden_give", self.lang, name=names[e["seat"]], to=names[e["to"]])
                if hidden else e["texts"][self.lang])
        return {"i": e["i"], "seat": e["seat"], "name": names[e["seat"]], "bot": e["bot"],
                "kind": e["kind"], "text": text, "action": None if hidden else e["action"]}

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
        names = self._names_now()
        view["players"] = names
        final: dict[str, Any] = {}
        if g.is_over:
            final = {"scores": [{**row, "name": names[row["seat"]]} for row in g.scores()],
                     "winners": g.winners()}
        with self.hold_sync():
            self.viewer = viewer
            self.view = view
            self.cards = {c: card_payload(c, self.lang) for c in sorted(visible)}
            self.choices = self._choices(view) if person_to_decide else {}
            self.pairs = self._pairs(view)
            self.game_log = [self._public_entry(e, viewer, names)
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
        lang = self.lang
        if prompt == "main":
            out["headline"] = _text("prompt_main", lang)
        elif prompt in ("parry", "second", "give"):
            att = names[duel["attacker"]] if duel else ""
            out["headline"] = _text(f"prompt_{prompt}", lang, att=att)
        else:
            out["headline"] = _text("prompt_other", lang)
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
        low = self._game.state.declared and self._game.state.declared[0] == "low"
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
        if a.dissolve:
            old = view["bonds"][view["seat"]][a.dissolve[0] - 1]["formula"]
            label += " (" + _text("bond_dissolve", lang, old=old, card=a.dissolve[1]) + ")"
        return {"category": bond.category, "formula": bond.formula, "points": bond.points,
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
            rows.append({"card": c, "name": i18n.element_name(c, self.lang),
                         "values": [self._value_text(c, v) for v in answer],
                         "beats": c in parries, "action": f"P:{c}" if c in parries else None})
        return {"card": duel["card"], "name": i18n.element_name(duel["card"], self.lang),
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
        key = ("bond_needs_mult" if multi and not action and self._game.variant == "beginner"
               else "bond_no_mult_cards" if multi and not action else "bond_fits")
        text = _text(key, self.lang, formula=bond.formula,
                     points=_counted("n_points", points, self.lang))
        return {"category": cat, "ok": True, "formula": bond.formula, "points": points,
                "text": text, "action": action,
                "rule": shell_rule(bond.category, bond.a, bond.ka, bond.b, bond.kb, self.lang)}

    def __repr__(self) -> str:
        return f"<ElemonsterWidget {self._game!r}>"
