"""TableWidget: what both game widgets share, a thin view over a
:class:`~periodic_edu.tabletop.table.Table`.

The table holds the game, its seats, the public log, bot pacing, undo (never past a reveal) and
the save with its one owner; this base syncs the traits every game view needs and handles the
messages every game page sends (:mod:`._game_intents`): ``act``, ``undo``, ``new_game``,
``step_bot``, ``pause``, ``hello``, ``resume``, ``dismiss_resume``. A game widget adds its
constants, its view of the position and the words of its refusals (``_sync_view``,
``_game_refusal``, ``_summary``). Every synced trait is read-only for the browser.
"""
from __future__ import annotations

import functools

from contextlib import contextmanager
from typing import Any, Iterator, Sequence

import traitlets

from .. import i18n
from ..tabletop.seeds import new_seed
from ..tabletop.table import SaveMovedError, Seat, Table, TableError, Text
from ._base import IntentWidget, describe, local
from ._game_intents import Intent, IntentError, parse_intent

__all__ = ["TableWidget", "PLAYER_COLOURS", "check_delay"]

#: Seat colours (colour-blind-safe Okabe-Ito hues), seat 1..5.
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#7A5C00")
_MAX_DELAY = 10.0


def check_delay(bot_delay: Any) -> int:
    """Seconds between two bot actions in the browser -> milliseconds (or ValueError)."""
    if isinstance(bot_delay, bool) or not isinstance(bot_delay, (int, float)) or \
            not 0 <= bot_delay <= _MAX_DELAY:
        raise ValueError(f"bot_delay must be a number of seconds from 0 to {_MAX_DELAY}, "
                         f"not {describe(bot_delay)}")
    return int(round(bot_delay * 1000))


class TableWidget(IntentWidget):
    """Base of :class:`~periodic_edu.widgets.GameWidget` and
    :class:`~periodic_edu.widgets.ElemonsterWidget` (not shown on its own)."""

    _intents: dict = {}  # the browser writes no trait at all: it sends messages
    #: most log entries synced to the browser (the whole log stays in the table)
    LOG_WINDOW = 120

    static = traitlets.Dict(help="Public constants of the game.").tag(sync=True)
    seats = traitlets.List(help="Per seat: seat, name, bot (None for a person), colour.").tag(
        sync=True)
    view = traitlets.Dict(help="What the seat shown may see.").tag(sync=True)
    viewer = traitlets.Int(-1, help="Whose view is shown (-1: public view only).").tag(sync=True)
    game_log = traitlets.List(help="The newest log entries.").tag(sync=True)
    log_total = traitlets.Int(0, help="How many entries the whole log has.").tag(sync=True)
    final = traitlets.Dict(help="At the end: scores and winners.").tag(sync=True)
    bot_pending = traitlets.Bool(False, help="A bot is to move.").tag(sync=True)
    bot_delay_ms = traitlets.Int(800, help="The browser's pause before each bot action.").tag(
        sync=True)
    paused = traitlets.Bool(False, help="The browser's bot timer is stopped.").tag(sync=True)
    can_undo = traitlets.Bool(False, help="A person's action can be undone.").tag(sync=True)
    undo_note = traitlets.Unicode("", help="Why Undo is off ('' when it is on): the Undo "
                                  "button's title and accessible description.").tag(sync=True)
    moved_away = traitlets.Bool(False, help="This game continues in another tab (it resumed "
                                "the save): this one refuses moves.").tag(sync=True)
    revision = traitlets.Int(0, help="Counts every change of the game (stale intents).").tag(
        sync=True)
    refusals = traitlets.Int(0, help="Counts refused messages (the browser shows each one).").tag(
        sync=True)
    resume_token = traitlets.Unicode("", help="This game's save token ('' before the first "
                                     "save); the browser keeps it to ask for the game again.").tag(
        sync=True)
    resume_offer = traitlets.Dict(help="A saved game this browser may resume: {'text': ...}.").tag(
        sync=True)
    rules_page = traitlets.Unicode("", help="The game's whole rule book as an HTML page, in the "
                                   "widget's language where translated (read-only): the How to "
                                   "play panel opens it in a new tab.").tag(sync=True)
    #: Whose rule book :attr:`rules_page` holds (periodic_edu.pages.rules_page.GAMES); '' for none.
    RULES_GAME = ""

    table: Table

    def _open(self, rules: Any, names: Sequence[str], kinds: Sequence[str | None], seed: int,
              settings: dict[str, Any], bot_delay: Any, save_store: Any,
              kwargs: dict[str, Any]) -> None:
        """Seat the table and start the widget (a game widget's ``__init__`` calls this once
        its own arguments are checked): the bot delay is checked, ``kwargs`` go to the
        widget (``lang``), the front end's messages are listened to."""
        delay_ms = check_delay(bot_delay)
        self._show(Table(rules, [Seat(name, kind) for name, kind in zip(names, kinds)],
                         seed=seed, settings=settings, lang=kwargs.get("lang"),
                         store=save_store, summary=lambda table, lang: self._summary(lang)),
                   delay_ms, kwargs)

    def _show(self, table: Table, delay_ms: int, kwargs: dict[str, Any],
              viewer: int | None = None) -> None:
        """Start the widget over ``table`` (whatever its authority: a game here, or a room
        seat): ``kwargs`` go to the widget (``lang``), the front end's messages are listened
        to. ``viewer``: the seat shown first (None: the first person to move)."""
        self.table = table
        self._viewer: int | None = viewer
        self._offered: str | None = None
        self._ready = False
        # what a view needs to draw at all goes in the state the comm opens with: a view drawn
        # before a later update would find it empty (the static site's page draws that fast)
        first = self._first_traits(i18n.resolve_language(kwargs.get("lang")))
        super().__init__(**{**first, **kwargs})  # resolves `lang` (an unknown one: raises)
        self.table.lang = self.lang
        self.bot_delay_ms = delay_ms
        self._ready = True
        self._translate(self.lang)
        self._set_rules_page(self.lang)
        self._seats()
        self.on_msg(self._on_custom_msg)
        self._sync()

    def _first_traits(self, lang: str) -> dict[str, Any]:
        """Traits a game's view cannot draw without, in ``lang`` (set before the comm opens)."""
        return {}

    @traitlets.observe("lang")
    def _rules_language(self, change: dict) -> None:
        if getattr(self, "_ready", False):
            self._set_rules_page(change["new"])

    def _set_rules_page(self, lang: str) -> None:
        """The rules page in ``lang`` (rendered once per language and widget class: the rule
        book does not change while a server runs). No rule book installed: no page, and the
        panel names the file instead."""
        if self.RULES_GAME:
            self.rules_page = _rules_page_html(self.RULES_GAME, lang)

    # ---- the Python API ---------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The live game (hidden information included: never sync it). After changing it
        directly, call :meth:`refresh`."""
        return self.table.game

    @property
    def bots(self) -> list[str | None]:
        """The bot kind of each seat (None for a person)."""
        return self.table.kinds

    @property
    def save_store(self) -> Any:
        """Where the game is saved after every action (None: nowhere)."""
        return self.table.store

    @save_store.setter
    def save_store(self, store: Any) -> None:
        self.table.store = store

    @property
    def log_entries(self) -> list[dict[str, Any]]:
        """The whole log, as the seat shown reads it, in the widget's language."""
        return self.table.log(self.lang, self._shown(), self._names_now())

    @property
    def in_progress(self) -> bool:
        """A person has played in this game and it is not over (so it is worth keeping)."""
        return self.table.in_progress

    @contextmanager
    def _synced_if_moved(self) -> Iterator[None]:
        """A refused request changes nothing, so nothing is synced; except when the refusal
        found that the game went to another tab (then the page must stop offering moves)."""
        try:
            yield
        except SaveMovedError:
            self._sync()
            raise

    def refresh(self) -> None:
        """Sync the traits with the game again."""
        self._sync()

    def play(self, action: Any) -> dict[str, Any]:
        """Play one action for the person to move; returns its log entry (raises the game's
        IllegalMoveError, or TableError: a bot's turn, the end, the game moved away)."""
        with self._synced_if_moved():
            entry = self.table.act(action)
        self._sync()
        return entry

    def step_bot(self) -> dict[str, Any] | None:
        """The bot to move plays one action; returns its log entry (None if no bot is to move)."""
        with self._synced_if_moved():
            entry = self.table.step_bot()
        self._sync()
        return entry

    def run_bots(self, limit: int = 100_000) -> int:
        """Let bots play until a person is to move or the game is over; returns the count."""
        with self._synced_if_moved():
            count = self.table.run_bots(limit)
        self._sync()
        return count

    def undo(self) -> list[str]:
        """Undo back to (and including) the last action of a person; returns the actions
        undone, newest first. Raises TableError (a ValueError) when no person has acted, or
        when that would take back an action that turned hidden information face up (undo
        never reveals), or when the game continues in another tab."""
        with self._synced_if_moved():
            undone = self.table.undo()
        self._sync()
        return undone

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same seats and settings (``seed``: None draws a fresh one, from
        :mod:`secrets`, not from the last seed: nothing to predict)."""
        self.table.new_game(new_seed() if seed is None else seed)
        self._sync()

    def resume(self, token: str) -> bool:
        """Take up the game saved under ``token`` (from :attr:`save_store`); False when there
        is no such save (unknown, expired, damaged: then nothing changes). Another tab that
        holds it loses it ("this game continues in another tab")."""
        if not self.table.resume(token):
            return False
        self.resume_offer = {}
        self._seats()
        self._sync()
        return True

    def scores(self) -> list[dict[str, Any]]:
        """The final scores; refused before the end (they would show hidden cards)."""
        if not self.table.is_over:
            raise ValueError("the scores are shown at the end of the game")
        return self.table.game.scores()

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
        except TableError as exc:
            return self._refuse(exc.reason)
        except Exception as exc:  # noqa: BLE001 - the game's refusals, and the guard
            text = self._game_refusal(exc)
            if text is not None:
                return self._refuse(text)
            if intent.type == "step_bot":
                self.paused = True  # stop the browser's timer from retrying a failing bot
            return self._refuse(Text("went_wrong",
                                     what=f"{type(exc).__name__}: {describe(str(exc))}"))

    def _dispatch(self, intent: Intent) -> bool:
        table = self.table
        stale = intent.rev is not None and intent.rev != self.revision
        if intent.type == "step_bot":
            if stale:
                return False  # another view's tick already played this revision: not an error
            if table.moved_away:
                raise SaveMovedError(Text("moved_away"))
            if table.is_over:
                return self._refuse(Text("over_no_bot"))
            if not table.bot_to_move:
                return self._refuse(Text("not_bot_turn", name=self._names_now()[table.to_move]))
            self.step_bot()
            return True
        if intent.type == "pause":
            self.paused = bool(intent.paused)
            self.error = ""
            return True
        if intent.type == "hello":
            return self._hello(intent.token)
        if intent.type == "resume":
            token, self._offered = getattr(self, "_offered", None), None
            if token is None or not self.resume(token):
                self.resume_offer = {}
                # a save that is there but unreadable or does not replay is damaged, not gone
                status = getattr(self.table.store, "status", lambda _token: "missing")(token)
                return self._refuse(Text("save_damaged" if status in ("ok", "damaged")
                                         else "save_gone"))
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
            if table.is_over and not table.moved_away:
                return self._refuse(Text("over_new_game"))
            seat = table.to_move
            if seat is not None and table.seats[seat].bot is not None and not table.moved_away:
                return self._refuse(Text("bot_turn_act", name=self._names_now()[seat],
                                         kind=table.seats[seat].bot))
            self.play(intent.action)
            return True
        if intent.type == "undo":
            self.undo()
            return True
        if intent.type == "new_game":
            if intent.variant is not None:
                self._choose_variant(intent.variant)
            self.new_game()
            return True
        return self._refuse(Text("bad_message", why=f"type {intent.type!r}"))  # pragma: no cover

    def _hello(self, token: str | None) -> bool:
        """A page loaded holding ``token``: offer its saved game if there is one to resume."""
        record = self.table.offer(token)
        if record is None:
            return False
        self._offered = token
        self.resume_offer = {"text": str(record.get("summary")
                                         or Text("resume").render(self.lang))}
        return True

    def _refuse(self, text: Any) -> bool:
        with self.hold_sync():
            self.error = local(text, self.lang)
            self.refusals = self.refusals + 1  # the same text twice still shows twice
        return False

    def _own_synced(self) -> set[str]:
        """Every synced trait, including anywidget's and ipywidgets' own, is read-only for the
        browser: it only sends messages (IntentWidget refuses and re-sends them)."""
        return set(self.trait_names(sync=True))

    # ---- what a game widget adds ------------------------------------------------------------
    def _game_refusal(self, exc: Exception) -> str | None:
        """The game's own refusal of ``exc`` in the widget's language, or None (a bug)."""
        return None

    def _sync_view(self, viewer: int | None, person: int | None) -> dict[str, Any]:
        """The game's traits for ``viewer`` (``person``: the person to move, or None)."""
        raise NotImplementedError

    def _choose_variant(self, variant: str) -> None:
        """The next new game is played in ``variant`` (raises TableError: this game has none)."""
        raise TableError(Text("bad_message", why="this game has no variants"))

    def _summary(self, lang: str) -> str:
        """The resume offer's words for this game, in ``lang``."""
        return Text("resume").render(lang)

    def _names_now(self) -> list[str]:
        """The seats' names as shown now."""
        return [s.name for s in self.table.seats]

    def _log_row(self, row: dict[str, Any]) -> dict[str, Any]:
        return row

    def _seats(self) -> None:
        names = self._names_now()
        self.seats = [{"seat": i, "name": names[i], "bot": s.bot, "colour": PLAYER_COLOURS[i]}
                      for i, s in enumerate(self.table.seats)]

    # ---- syncing ---------------------------------------------------------------------------
    def _first_person(self) -> int | None:
        return next((i for i, k in enumerate(self.table.kinds) if k is None), None)

    def _shown(self) -> int | None:
        """Whose view is shown: the person to move, else the last person who was."""
        person = self.table.person_to_move
        if person is not None:
            self._viewer = person
        elif getattr(self, "_viewer", None) is None or self._viewer >= len(self.table.seats) \
                or self.table.seats[self._viewer].bot is not None:
            self._viewer = self._first_person()
        return self._viewer

    def _sync(self) -> None:
        if not getattr(self, "_ready", False):
            return
        table = self.table
        viewer = self._shown()
        traits = self._sync_view(viewer, table.person_to_move)
        rows = table.log(self.lang, viewer, self._names_now(), last=self.LOG_WINDOW)
        target, why = table.undo_target()
        with self.hold_sync():
            for name, value in traits.items():
                setattr(self, name, value)
            self.viewer = -1 if viewer is None else viewer
            self.game_log = [self._log_row(r) for r in rows]
            self.log_total = len(table.entries)
            self.bot_pending = table.bot_to_move
            self.can_undo = target is not None
            self.undo_note = "" if why is None else why.render(self.lang)
            self.moved_away = table.moved_away
            self.resume_token = table.token
            self.revision = self.revision + 1
            # a failed save is said (the game goes on meanwhile); else a change clears error
            self.error = "" if table.save_error is None else table.save_error.render(self.lang)


@functools.lru_cache(maxsize=8)
def _rules_page_html(game: str, lang: str) -> str:
    from ..pages.rules_page import rules_page
    from ._assets import font_face

    try:
        return rules_page(game, lang, head=font_face())
    except FileNotFoundError:
        return ""
