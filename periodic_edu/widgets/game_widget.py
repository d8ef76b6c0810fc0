"""GameWidget: a whole live game of Periodic in one widget, for people and bots.

Python holds the truth (a :class:`~periodic_edu.engine.Game`); the browser draws what Python
syncs and sends *intents* (``model.send``), never state (DESIGN §1). What is synced is what the
human seat whose turn it is may see (RULES §5): that seat's own view, public constants and a log
of public facts. The face-down stacks, the box, the award stacks, other players' agendas and
the seed stay in Python. Every synced trait is read-only for the browser: a write is refused,
``error`` says so and Python sends its value again.

>>> from periodic_edu.widgets import GameWidget
>>> w = GameWidget(players=["Ada", "Grace"], bots={1: "greedy"}, seed=11, max_rounds=2)
>>> w.view["phase"], w.view["player"], w.seats[1]["bot"]
('agenda', 0, 'greedy')
>>> w.handle_message({"type": "act", "action": w.view["legal_actions"][0]})
True
>>> w.bot_pending                  # the bot chooses its agenda next (the browser's timer)
True
>>> w.run_bots() > 0, w.view["phase"], w.game_log[-1]["name"]
(True, 'start', 'Grace')
>>> w.handle_message({"type": "act", "action": "end"}), w.error[:34]
(False, "Ada (player 1) cannot play 'end': ")

Seats count from 0, as in the engine API. Bots: ``"random"``, ``"greedy"``, ``"search"``
(:mod:`periodic_edu.bots`). Bot turns are paced by the browser: while the seat to move is a bot
(``bot_pending``) and the widget is not ``paused``, the front end sends ``step_bot`` after
``bot_delay`` seconds and Python plays ONE bot action, so the kernel is never blocked and every
action (with its sentence) shows. Without a front end, :meth:`step_bot` / :meth:`run_bots`.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import traitlets

from .. import board
from .. import i18n
from ..bots import BOTS, make_bot
from ..engine import (AA_VALUES, COLOURS, FAMILIES, TREND_ABBR, Action, EngineError, Game,
                      IllegalMoveError)
from ..engine.scoring import OBJECTIVE_TEXT
from ..tabletop.seeds import new_seed, parse_class_code, seed_from_class_code
from ..engine.tables import AA_CAPACITY
from . import _payload
from ._assets import css, esm
from ..engine.reasons import Reason, card_namer
from ..locale.widget_texts import DASHBOARD, FRONT_END
from ._base import IntentWidget, Text, describe, local
from ._game_intents import Intent, IntentError, parse_intent
from ._game_story import OBJECTIVE_WORDS, Snapshot, entry_text, make_entry, replay_log
from .save_store import SaveStore

__all__ = ["GameWidget", "PLAYER_COLOURS"]

#: Seat colours (colour-blind-safe Okabe-Ito hues), seat 1..5.
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#7A5C00")
#: Most log entries synced to the browser (the full log stays in :attr:`GameWidget.log_entries`).
LOG_WINDOW = 120
_MAX_DELAY = 10.0
#: Where the How to play panel links the rules (docs/rules.md). Empty: the project's public
#: address is not known (see [tool.periodic-edu] repository), so the panel names the file
#: instead of linking a repository that may not exist.
RULES_URL = ""


def _seat_bots(bots: Any, n: int) -> list[str | None]:
    """``{seat: name}`` or a list (None for a person) -> one bot name or None per seat."""
    if bots is None:
        return [None] * n
    if isinstance(bots, Mapping):
        out: list[str | None] = [None] * n
        for seat, name in bots.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"bots: seat {seat!r} is not a seat of this game (0 to {n - 1}; "
                                 "seats count from 0)")
            out[seat] = name
    elif isinstance(bots, (list, tuple)):
        if len(bots) != n:
            raise ValueError(f"bots: a list needs one entry per player ({n}), not {len(bots)}")
        out = list(bots)
    else:
        raise ValueError(f"bots must be a dict {{seat: bot name}} or a list with None for "
                         f"people, not {describe(bots)}")
    for name in out:
        if name is not None and name not in BOTS:
            raise ValueError(f"bots: unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    return out


def _seat_names(players: Any, kinds: list[str | None], lang: str = "en") -> list[str]:
    if isinstance(players, int) and not isinstance(players, bool):
        names = [i18n.gettext("widgets", FRONT_END["player_n"], lang).format(n=i + 1)
                 if k is None else i18n.gettext("widgets", DASHBOARD[f"bot_{k}"], lang)
                 for i, k in enumerate(kinds)]
        return [f"{name} {i + 1}" if names.count(name) > 1 else name
                for i, name in enumerate(names)]
    return list(players)


def _player_count(players: Any) -> int:
    if isinstance(players, bool):
        raise ValueError(f"players must be 2 to 5 or a list of names, not {players!r}")
    if isinstance(players, int):
        return players
    if isinstance(players, (list, tuple)):
        return len(players)
    raise ValueError(f"players must be 2 to 5 or a list of names, not {describe(players)}")


class GameWidget(IntentWidget):
    """A live game of Periodic: board, trend spots, goal cards, players, tracks, log, scores.

    Parameters: ``players`` (2-5, or a list of names), ``seed`` (int; None draws one),
    ``bots`` (``{seat: "greedy"}`` or a list like ``[None, "search"]``; seats from 0),
    ``edition`` (``"en"`` or ``"uk"``), ``max_rounds`` (None: no limit), ``bot_delay``
    (seconds between two bot actions in the browser, default 0.8), ``save_store`` (a
    :class:`~periodic_edu.widgets.save_store.SaveStore`: the game is saved there after every
    action and a reloaded page may resume it; None, the default, saves nothing),
    ``class_code`` (``"K7Q2-M9XD"``: the deal every student who types the code gets; it
    stands for the seed and is kept in saves; later ``new_game()`` deals are fresh).
    """

    _esm = esm("game.js")
    _css = css("periodic.css", "game.css")
    _intents: dict = {}  # the browser writes no trait at all: it sends messages

    # -- everything below is read-only for the browser (see set_state) -----------------------
    static = traitlets.Dict(help="Public constants: the 88 cells, trends, AA track, groups.").tag(
        sync=True)
    seats = traitlets.List(help="Per seat: seat, name, bot (None for a person), colour.").tag(
        sync=True)
    view = traitlets.Dict(help="Game.view(viewer): what the seat shown may see.").tag(sync=True)
    viewer = traitlets.Int(-1, help="Whose view is shown (-1: public view only).").tag(sync=True)
    reach = traitlets.Dict(help="trend -> {cell: steps} from the flask of the person to move.").tag(
        sync=True)
    game_log = traitlets.List(help=f"The last {LOG_WINDOW} log entries.").tag(sync=True)
    log_total = traitlets.Int(0, help="How many entries the whole log has.").tag(sync=True)
    final = traitlets.Dict(help="At the end: scores, winners and the agenda explanations.").tag(
        sync=True)
    bot_pending = traitlets.Bool(False, help="A bot is to move.").tag(sync=True)
    bot_delay_ms = traitlets.Int(800, help="The browser's pause before each bot action.").tag(
        sync=True)
    paused = traitlets.Bool(False, help="The browser's bot timer is stopped.").tag(sync=True)
    can_undo = traitlets.Bool(False, help="A person's action can be undone.").tag(sync=True)
    undo_note = traitlets.Unicode("", help="Why Undo is off ('' when it is on): the Undo "
                                  "button's title and accessible description.").tag(sync=True)
    revision = traitlets.Int(0, help="Counts every change of the game (stale intents).").tag(
        sync=True)
    refusals = traitlets.Int(0, help="Counts refused messages (the browser shows each one).").tag(
        sync=True)
    resume_token = traitlets.Unicode("", help="This game's save token ('' before the first "
                                     "save); the browser keeps it to ask for the game again.").tag(
        sync=True)
    resume_offer = traitlets.Dict(help="A saved game this browser may resume: {'text': ...}.").tag(
        sync=True)

    def __init__(self, players: int | Sequence[str] = 2, seed: int | None = None,
                 bots: Any = None, edition: str = "en", max_rounds: int | None = None,
                 bot_delay: float = 0.8, save_store: SaveStore | None = None,
                 class_code: str | None = None, **kwargs: Any) -> None:
        n = _player_count(players)
        if not 2 <= n <= 5:
            raise ValueError(f"Periodic is played by 2 to 5 players, not {n}")
        kinds = _seat_bots(bots, n)
        if class_code is not None:  # the class's shared deal (raises ClassCodeError, a ValueError)
            seed = seed_from_class_code(parse_class_code(class_code))
        elif seed is None:
            seed = new_seed()  # 128 bits from secrets: the deal cannot be searched for
        if isinstance(bot_delay, bool) or not isinstance(bot_delay, (int, float)) or \
                not 0 <= bot_delay <= _MAX_DELAY:
            raise ValueError(f"bot_delay must be a number of seconds from 0 to {_MAX_DELAY}, "
                             f"not {describe(bot_delay)}")
        names = _seat_names(players, kinds, i18n.resolve_language(kwargs.get("lang")))
        self._kinds = kinds
        self._settings = {"players": names, "edition": edition, "max_rounds": max_rounds}
        self._game = Game(players=names, edition=edition, seed=seed, max_rounds=max_rounds,
                          class_code=class_code)
        self._bots = self._make_bots(seed)
        self.log_entries: list[dict[str, Any]] = []
        self._viewer: int | None = self._first_human()
        #: where the game is saved after every action (None: not saved)
        self.save_store = save_store
        self._token = ""
        self._offered: str | None = None
        super().__init__(**kwargs)
        self.bot_delay_ms = int(round(bot_delay * 1000))
        self._translate(self.lang)
        self.seats = [{"seat": i, "name": names[i], "bot": kinds[i], "colour": PLAYER_COLOURS[i]}
                      for i in range(n)]
        self.on_msg(self._on_custom_msg)
        self._sync()

    # ---- the Python API ---------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live :class:`~periodic_edu.engine.Game`. After changing it directly, call
        :meth:`refresh`."""
        return self._game

    @property
    def bots(self) -> list[str | None]:
        """The bot name of each seat (None for a person)."""
        return list(self._kinds)

    def refresh(self) -> None:
        """Sync the traits with the game again."""
        self._sync()

    def play(self, action: Action | str) -> None:
        """Play one action for the person whose turn it is (raises IllegalMoveError)."""
        seat = self._game.current_player
        if self._game.is_over:
            raise IllegalMoveError(None, action, Reason("over"))
        if self._kinds[seat] is not None:
            raise IllegalMoveError(seat, action, Text("bot_turn_play", name=self._game.names[seat],
                                                      kind=self._kinds[seat]))
        self._apply(action, seat, None)

    def step_bot(self) -> dict[str, Any] | None:
        """The bot to move plays one action; returns its log entry (None if no bot is to move)."""
        g = self._game
        if g.is_over or self._kinds[g.current_player] is None:
            return None
        seat = g.current_player
        decision = self._bots[seat].choose(g.observe(seat))
        action = decision.action
        # read the sentence BEFORE playing: it describes the move from the view it was made in
        text = entry_text(g, seat, action, self.lang) if action.kind == "agenda" else decision.why
        return self._apply(action, seat, text)

    def run_bots(self, limit: int = 100_000) -> int:
        """Let bots play until a person is to move or the game is over; returns the count."""
        count = 0
        while count < limit and self.step_bot() is not None:
            count += 1
        return count

    def undo(self) -> list[str]:
        """Undo back to (and including) the last action of a person; returns the actions
        undone, newest first. Raises ValueError when no person has acted, or when that would
        take back an action that turned a hidden card or tile face up (undo never reveals:
        the card would go back on a stack whose top everyone has now seen)."""
        g = self._game
        target, why = self._undo_target()
        if target is None:
            raise ValueError(why)
        undone = []
        while len(g.history) > target:
            undone.append(g.undo().text)
        self.log_entries = [e for e in self.log_entries if e["i"] < target]
        self._save()
        self._sync()
        return undone

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same players, bots, edition and round limit."""
        if seed is None:
            seed = new_seed()  # from secrets, not from the last seed: nothing to predict
        self._game = Game(seed=seed, **self._settings)
        self._bots = self._make_bots(seed)
        self.log_entries = []
        self._viewer = self._first_human()
        self._token = ""  # the old save stays until it expires; this game gets its own
        self._sync()

    @property
    def in_progress(self) -> bool:
        """A person has played in this game and it is not over (so it is worth keeping)."""
        return not self._game.is_over and any(e["bot"] is None for e in self.log_entries)

    def resume(self, token: str) -> bool:
        """Take up the game saved under ``token`` (from :attr:`save_store`); False when there
        is no such save (unknown, expired, damaged: then nothing changes)."""
        record = self.save_store.get(token) if self.save_store is not None else None
        if record is None:
            return False
        try:
            game = Game.from_json(record["game"])
            kinds = _seat_bots(record.get("bots"), len(game.names))
            seed = int(record.get("seed", game.seed))
        except (KeyError, TypeError, ValueError, EngineError):
            return False
        self._game = game
        self._kinds = kinds
        self._settings = {"players": list(game.names), "edition": game.edition,
                          "max_rounds": game.max_rounds}
        self._bots = self._make_bots(seed)
        self.log_entries = replay_log(game, kinds, self.lang)
        self._viewer = self._first_human()
        self._token = token
        self.seats = [{"seat": i, "name": n, "bot": kinds[i], "colour": PLAYER_COLOURS[i]}
                      for i, n in enumerate(game.names)]
        self.resume_offer = {}
        self._sync()
        return True

    def scores(self) -> list[dict[str, Any]]:
        """The final score breakdown (RULES §7.1); refused before the end (it would show the
        other players' agendas)."""
        if not self._game.is_over:
            raise ValueError("the scores are shown at the end of the game")
        return self._game.scores()

    # ---- messages from the browser ----------------------------------------------------------
    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any = None) -> None:
        self.handle_message(content)

    def handle_message(self, content: Any) -> bool:
        """Handle one browser message (see :mod:`._game_intents`). Returns True when it changed
        something; a refused message sets ``error`` and leaves the game as it was."""
        try:
            intent = parse_intent(content)
        except IntentError as exc:  # only a tampered page sends these: the detail stays English
            return self._refuse(Text("bad_message", why=str(exc)))
        try:
            return self._dispatch(intent)
        except IllegalMoveError as exc:  # the engine's own words, with the player's name
            return self._refuse(exc.render(self.lang, self._game.names,
                                           cards=card_namer(self._game.state.ctx.goal_deck)))
        except EngineError as exc:
            return self._refuse(local(exc, self.lang))
        except Exception as exc:  # the widget never breaks; the engine restored its state
            if intent.type == "step_bot":
                self.paused = True  # stop the browser's timer from retrying a failing bot
            return self._refuse(Text("went_wrong",
                                     what=f"{type(exc).__name__}: {describe(str(exc))}"))

    def _dispatch(self, intent: Intent) -> bool:
        g = self._game
        stale = intent.rev is not None and intent.rev != self.revision
        if intent.type == "step_bot":
            if stale:
                return False  # another view's tick already played this revision: not an error
            if g.is_over:
                return self._refuse(Text("over_no_bot"))
            if self._kinds[g.current_player] is None:
                return self._refuse(Text("not_bot_turn", name=g.names[g.current_player]))
            self.step_bot()
            return True
        if intent.type == "pause":
            self.paused = intent.paused
            self.error = ""
            return True
        if intent.type == "hello":
            return self._hello(intent.token)
        if intent.type == "resume":
            token, self._offered = self._offered, None
            if token is None or not self.resume(token):
                self.resume_offer = {}
                return self._refuse(Text("save_gone"))
            return True
        if intent.type == "dismiss_resume":
            self._offered = None
            self.resume_offer = {}
            return True
        if stale:
            # a second click (or a click on an old board) about a game that has moved on:
            # nothing to do and nothing wrong; the browser already shows the new position
            return False
        if intent.type == "act":
            if g.is_over:
                return self._refuse(Text("over_new_game"))
            seat = g.current_player
            if self._kinds[seat] is not None:
                return self._refuse(Text("bot_turn_act", name=g.names[seat],
                                         kind=self._kinds[seat]))
            self._apply(intent.action, seat, None)
            return True
        if intent.type == "undo":
            try:
                self.undo()
            except ValueError as exc:
                return self._refuse(local(exc, self.lang))
            return True
        if intent.type == "new_game":
            self.new_game()
            return True
        return self._refuse(Text("bad_message", why=f"type {intent.type!r}"))  # pragma: no cover

    def _hello(self, token: str | None) -> bool:
        """A page loaded holding ``token``: offer its saved game if there is one to resume."""
        if self.save_store is None or not token or token == self._token:
            return False
        record = self.save_store.get(token)
        if record is None or record.get("over"):
            return False
        self._offered = token
        self.resume_offer = {"text": str(record.get("summary")
                                         or Text("resume").render(self.lang))}
        return True

    def _summary(self) -> str:
        """"Resume your game (round 3, you vs greedy bot)", in the widget's language."""
        g = self._game
        lang = self.lang
        say = lambda table, key: i18n.gettext("widgets", table[key], lang)  # noqa: E731
        you = {i18n.gettext("widgets", FRONT_END["you"], code).lower() for code in i18n.LANGUAGES}
        people = ", ".join(i18n.in_sentence(n, lang) if n.lower() in you else n
                           for n, k in zip(g.names, self._kinds) if k is None)
        bots = ", ".join(say(FRONT_END, "bot_tag").format(kind=say(FRONT_END, f"bot_kind_{k}"))
                         for k in self._kinds if k is not None)
        who = Text("versus", people=people, bots=bots).render(lang) if bots else people
        when = (say(DASHBOARD, "where_setup") if g.state.phase == "agenda"
                else say(DASHBOARD, "where_round").format(n=g.round))
        return Text("resume_summary", when=when, who=who).render(lang)

    def _save(self) -> None:
        """Save the game after an action (action list + seed, and the seats' bots)."""
        if self.save_store is None:
            return
        if not self.in_progress:
            if self._token:
                self.save_store.delete(self._token)  # over (or back to no move): nothing to resume
            return
        if not self._token:
            self._token = self.save_store.new_token()
        try:
            self.save_store.put(self._token, {
                "game": self._game.to_json(), "bots": self._kinds, "seed": self._game.seed,
                "summary": self._summary(), "over": self._game.is_over})
        except (OSError, ValueError) as exc:  # a full disk must not stop the game
            self._save_note = Text("not_saved", what=describe(str(exc))).render(self.lang)
            self.error = self._save_note

    def _refuse(self, text: str) -> bool:
        with self.hold_sync():
            self.error = local(text, self.lang)
            self.refusals = self.refusals + 1  # the same text twice still shows twice
        return False

    # ---- the browser cannot write traits ---------------------------------------------------------
    def _own_synced(self) -> set[str]:
        """Every synced trait, including anywidget's and ipywidgets' own, is read-only for the
        browser: it only sends messages (IntentWidget refuses and re-sends them)."""
        return set(self.trait_names(sync=True))

    # ---- internals -------------------------------------------------------------------------
    def _undo_target(self) -> tuple[int | None, str]:
        """(history index the widget's undo would go back to, '') or (None, why not)."""
        humans = [e for e in self.log_entries if e["bot"] is None]
        if not humans:
            return None, Text("undo_nothing").render(self.lang)
        target = humans[-1]["i"]
        reveal = self._game.last_reveal()  # the engine knows what turned hidden things face up
        if reveal is not None and reveal[0] >= target:
            what = i18n.gettext("widgets", FRONT_END["and"], self.lang).join(
                Text(f"reveal_{k}").render(self.lang) for k in self._game.revealed_by(reveal[0]))
            return None, Text("undo_revealed", what=what).render(self.lang)
        return target, ""

    def _make_bots(self, seed: int) -> list[Any]:
        return [None if k is None else make_bot(k, seed=seed * 7 + i + 1, lang=self.lang)
                for i, k in enumerate(self._kinds)]

    def _translate(self, lang: str) -> None:
        # the words and names change; the game, its log so far and the seats do not
        if not hasattr(self, "_game"):
            return
        for bot in self._bots:
            if bot is not None:
                bot.lang = lang  # the next sentences a bot says
        self.static = _static(lang)
        self._sync()  # the card names of the view

    def _first_human(self) -> int | None:
        return next((i for i, k in enumerate(self._kinds) if k is None), None)

    def _apply(self, action: Action | str, seat: int, text: str | None) -> dict[str, Any]:
        g = self._game
        parsed = Action.parse(action) if g.is_legal(action) else None
        if parsed is None:
            g.play(action)  # raises the engine's IllegalMoveError; nothing changes
            raise AssertionError("unreachable")  # pragma: no cover
        if text is None:
            text = entry_text(g, seat, parsed, self.lang)
        before = Snapshot(g.state)
        index = len(g.history)
        g.play(parsed)
        try:
            entry = make_entry(g, index, seat, parsed, text, self._kinds[seat], before, self.lang)
        except Exception:  # pragma: no cover - a bug in the log: keep game and log in step
            g.undo()
            raise
        self.log_entries.append(entry)
        self._save()
        self._sync()
        return entry

    def _sync(self) -> None:
        g = self._game
        st = g.state
        seat = g.current_player
        human_to_move = not g.is_over and self._kinds[seat] is None
        if human_to_move:
            self._viewer = seat
        viewer = self._viewer
        if viewer is None:
            view = g.view(0)
            view["player"] = -1
            view["players_state"][0]["agenda"] = None
            view["agenda_choices"] = []
            view["legal_actions"] = []
        else:
            view = g.view(viewer)
        for row in view.get("goal_cards", []):  # compound names as the language writes them
            if isinstance(row, dict) and isinstance(row.get("card"), dict):
                row["card"]["name"] = i18n.gettext("decks", row["card"]["name"], self.lang)
        reach: dict[str, dict[str, int]] = {}
        if human_to_move and st.phase not in ("agenda", "over"):
            here = st.flask[seat]
            reach = {t: dict(board.reach(here, t)) for t in board.TRENDS}
        final: dict[str, Any] = {}
        if g.is_over:
            scores = g.scores()
            ids = {c for row in scores for c in row["cards"]}
            deck = st.ctx.goal_deck.by_id
            final = {
                "scores": scores, "winners": g.winners(),
                "cards": {c: {"name": i18n.gettext("decks", deck[c].name, self.lang), "formula": deck[c].formula,
                              "colour": deck[c].colour, "points": deck[c].points} for c in ids},
                "agendas": {row["agenda_id"]: list(st.ctx.agenda_deck.by_id[row["agenda_id"]]
                                                    .objectives)
                            for row in scores if row["agenda_id"]},
            }
        with self.hold_sync():
            self.viewer = -1 if viewer is None else viewer
            self.view = view
            self.reach = reach
            self.final = final
            self.game_log = self.log_entries[-LOG_WINDOW:]
            self.log_total = len(self.log_entries)
            self.bot_pending = not g.is_over and self._kinds[seat] is not None
            target, why = self._undo_target()
            self.can_undo = target is not None
            self.undo_note = why
            self.resume_token = self._token
            self.revision = self.revision + 1
            # a failed save stays said until something else is (the game goes on meanwhile)
            if not (self.error and self.error == getattr(self, "_save_note", None)):
                self.error = ""

    def __repr__(self) -> str:
        return f"<GameWidget {self._game!r}>"


def _static(lang: str = "en") -> dict[str, Any]:
    """Public constants the front end needs once (names in ``lang``)."""
    return {
        "cells": _payload.named_cells(_payload.board_cells(), lang),
        "trends": [{"id": t, "code": TREND_ABBR[t],
                    "name": i18n.gettext("board", board.TREND_NAMES[t], lang)}
                   for t in board.TRENDS],
        "aa_values": list(AA_VALUES),
        "aa_capacity": {str(k): v for k, v in AA_CAPACITY.items()},
        "colours": list(COLOURS),
        "families": {f: list(members) for f, members in FAMILIES.items()},
        "rules_url": RULES_URL,
        "objectives": {k: i18n.gettext("widgets", OBJECTIVE_WORDS[k], lang) if k in OBJECTIVE_WORDS
                       else i18n.gettext("decks", v, lang) for k, v in OBJECTIVE_TEXT.items()},
    }
