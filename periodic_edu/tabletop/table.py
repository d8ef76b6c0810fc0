"""A table: one game, its seats, its public log, bot pacing, undo and saves (no widget code).

A :class:`Table` is what a game widget shows and what class play will share between devices;
it is plain Python (stdlib and this package's data layers only), so it is tested without
traitlets, a kernel or a browser (the jupyter-scatter split: the widget is a thin view).

What a table holds
------------------
* ``game`` - the live game (hidden information included: never show it whole).
* ``seats`` - one :class:`Seat` per player: its ``name`` and ``bot`` (a bot kind such as
  ``"greedy"``, or None for a person).
* ``entries`` - the public log as *data*: one dict per action, ``{"i", "seat", "bot", "kind",
  "action"}``. Its sentences are made on demand in any language by :meth:`log` (the rules'
  describer, replayed from the game when a language is asked for the first time, then cached),
  so a language switch re-says the whole log. The describer says only what the table saw: a
  sentence never depends on hidden cards (the same describer for bots and people; a bot's own
  reasons are not logged).
* pacing: :attr:`to_move`, :attr:`bot_to_move`; :meth:`step_bot` plays ONE bot action (a
  front end calls it on a timer), :meth:`run_bots` until a person is to move.
* :meth:`undo` goes back to (and including) the last person's action, and is refused when
  that would take back an action that turned hidden information face up for anyone
  (``game.last_reveal()`` / ``game.revealed_by(i)``): undo never reveals.
* :meth:`new_game` (same seats and settings, a fresh seed), :meth:`resume` (a saved game).

Saves and their one owner
-------------------------
With a ``store`` (a :class:`periodic_edu.widgets.save_store.SaveStore`, or any object with
``new_token()``, ``get(token)``, ``claim(token)`` and ``put_owned(token, record, generation)``)
the table saves after every action once a person has played. The save's ``token`` is what a
browser keeps to ask for the game again after a reload.

A save has ONE owner at a time. Every save carries a *generation*: :meth:`resume` claims the
save (the store adds one to its generation, under a lock) and every later write is a
compare-and-set: it is written only while the store still holds this table's generation. A
second tab that resumes the same token therefore takes the game over; the first table's next
action (or undo, or bot step) finds a newer generation, is rolled back before anyone saw its
result, and is refused with "this game continues in another tab" (:attr:`moved_away`); from
then on it refuses moves and undo (a new game is allowed: it gets its own token). So no fork
of a game can take back what another tab has already revealed. When two writes arrive at
once, the store's lock orders them: exactly one generation is current, the other write fails.
A finished game (or one undone back to no person's move) leaves only a marker in its save,
no game: nothing to resume, and an older holder still finds it taken. A write that fails (a
full disk) is said in :attr:`save_error` and play goes on.

The rules of one game
---------------------
A table is given ``rules``: an object with (the game itself offers ``play``, ``undo``,
``is_legal``, ``observe``, ``history``, ``names``, ``current_player``, ``is_over``, ``to_json``,
``revealed_by`` and ``last_reveal``)

* ``name`` (``"periodic"``, ``"elemonster"``) and ``bot_kinds`` (the bot kinds it knows);
* ``new_game(seed, settings)`` -> a game; ``load(text)`` -> a game from its ``to_json()``
  (raises ValueError for a damaged save); ``replay_start(game)`` -> the same game with no
  action played (to replay its log);
* ``make_bot(kind, seed, lang)`` -> an object with ``choose(game.observe(seat))`` returning a
  decision with an ``action`` (and a settable ``lang``);
* ``tell(game, seat, action, lang)`` -> called BEFORE the action is played, returns a function
  that, called after it, gives the log entry's words: ``{"text": ...}`` plus public extras
  (which may replace the entry's ``action`` notation by None when it names a secret card); an
  entry only some seats may read carries ``"may_see": [seats]`` and is said to the others by
  ``hidden_text(entry, names, lang)``; an entry whose very existence would tell the others a
  secret carries ``"only": [seats]`` and is left out of every other seat's log;
* optionally ``row(row, names, lang, hidden)`` -> the row as read, said with the names shown
  (Elemonster names the seats a move concerns, and keeps a bot's reason apart from the move);
* ``reveal_words(kinds, lang)`` -> what the reveal kinds of one action turned face up, said in
  ``lang`` (the reason Undo is refused);
* ``settings(game)`` -> the settings that start the same kind of game again.

Each game's rules are its spec's ``rules`` (:mod:`periodic_edu.games`; Periodic's in
:mod:`periodic_edu.engine.spec`; the Periodic log's sentences: :mod:`periodic_edu.engine.story`).
Class play reads the same table per device: ``log(lang, viewer=seat)`` for that seat's log,
``person_to_move`` / ``bot_to_move`` for whose turn it is.

Who decides: the authority
--------------------------
A table holds an ``authority`` (:mod:`.authority`) and asks it who may move, what a move does,
whether undo, a new game and saves happen here. By default it is a :class:`LocalAuthority`: the
game in this process, its bots, undo and the ``store`` (the saves above). Class play gives the
table a room seat's authority instead (``periodic_edu.widgets._seat_table``): the same table,
log and views per device (``log(lang, viewer=seat)``), moves sent to the room.

Errors: a refused request raises :class:`TableError` (a ``ValueError``) whose ``reason`` is a
:class:`Text` to render in any language; the game's own ``IllegalMoveError`` passes through.

"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .. import i18n
from .authority import TableAuthority

__all__ = ["Table", "Seat", "TableError", "Text", "SaveMovedError", "LocalAuthority"]


class Text(i18n.Message):
    """A sentence a table or a widget shows on a page: the English text (a ``str``) of a
    message of :data:`periodic_edu.locale.widget_texts.PAGE` that keeps its ``key`` and
    ``params`` so :meth:`render` can say it in another language. Parameters are written as
    they are, except ``kind`` (a bot kind id: its word in the language) and messages (rendered
    in the same language)."""

    domain = "widgets"

    @classmethod
    def _say(cls, key: str, params: dict[str, Any], lang: str | None) -> str:
        from ..locale.widget_texts import FRONT_END, PAGE
        values = {}
        for name, value in params.items():
            if name == "kind" and f"bot_kind_{value}" in FRONT_END:
                value = i18n.gettext("widgets", FRONT_END[f"bot_kind_{value}"], lang)
            elif isinstance(value, str) and callable(getattr(value, "render", None)):
                value = value.render(lang)  # a message (a game's reason) in the same language
            elif isinstance(value, BaseException) and hasattr(getattr(value, "reason", None),
                                                              "render"):
                value = value.reason.render(lang)
            values[name] = value
        return i18n.gettext("widgets", PAGE[key], lang).format(**values)


class TableError(ValueError):
    """A request the table refuses; ``reason`` says why in any language (``str()``: English)."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason)
        self.reason = reason


class SaveMovedError(TableError):
    """This table's save was taken up by another table (another tab): it plays on there."""


@dataclass(frozen=True)
class Seat:
    """A place at the table: its player's ``name`` and ``bot`` kind (None: a person)."""
    name: str
    bot: str | None = None


def _forward(name: str, doc: str) -> property:
    """A table's attribute that is its authority's (read and written there)."""
    return property(lambda self: getattr(self.authority, name),
                    lambda self, value: setattr(self.authority, name, value), doc=doc)


class Table:
    """One game at a table (see the module's docstring for the whole API)."""

    def __init__(self, rules: Any, seats: Sequence[Seat], *, seed: int,
                 settings: Mapping[str, Any] | None = None, lang: str | None = None,
                 store: Any = None, summary: Callable[["Table", str], str] | None = None,
                 authority: TableAuthority | None = None) -> None:
        self.rules = rules
        self.seats: list[Seat] = list(seats)
        for seat in self.seats:
            if seat.bot is not None and seat.bot not in rules.bot_kinds:
                raise ValueError(f"unknown bot {seat.bot!r}: choose one of "
                                 f"{', '.join(rules.bot_kinds)}")
        self._lang = i18n.resolve_language(lang)
        self.settings = dict(settings or {})
        #: who decides here: this process with its save store, or a room seat (see .authority)
        self.authority: TableAuthority = authority if authority is not None else \
            LocalAuthority(store, summary)
        self.authority.open(self, seed)  # the first game: dealt here, or the room's

    # ---- state ------------------------------------------------------------------------------
    def _start(self, game: Any, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.entries: list[dict[str, Any]] = []
        self._told: dict[str, list[dict[str, Any]]] = {}
        self._bots = [None if s.bot is None else
                      self.rules.make_bot(s.bot, seed * 7 + i + 1, self._lang)
                      for i, s in enumerate(self.seats)]

    # the save's state is the authority's (a room seat has none: '' / 0 / False / None)
    store = _forward("store", "Where the game is saved after every action (None: nowhere).")
    summary = _forward("summary", "The resume offer's words: summary(table, lang) -> str.")
    token = _forward("token", "The save's token ('' before the first save).")
    generation = _forward("generation", "This table's generation of its save.")
    moved_away = _forward("moved_away", "True once another table resumed this save: this one "
                          "refuses moves and undo.")
    save_error = _forward("save_error", "Why the last save failed (None: saved, or nothing "
                          "to save); play goes on.")

    @property
    def kinds(self) -> list[str | None]:
        """The bot kind of each seat (None for a person)."""
        return [s.bot for s in self.seats]

    @property
    def lang(self) -> str:
        """The language of the bots' sentences (the log is said in any language by :meth:`log`)."""
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = i18n.resolve_language(lang)
        for bot in self._bots:
            if bot is not None and hasattr(bot, "lang"):
                bot.lang = self._lang

    @property
    def is_over(self) -> bool:
        return self.game is not None and bool(self.game.is_over)

    @property
    def to_move(self) -> int | None:
        """The seat to act (None when the game is over, or has not started)."""
        return None if self.game is None or self.game.is_over else self.game.current_player

    @property
    def bot_to_move(self) -> bool:
        """A bot is to act here (a front end's timer may call :meth:`step_bot`); never on a
        table whose game continues elsewhere."""
        return self.authority.bot_to_move(self)

    @property
    def person_to_move(self) -> int | None:
        """The person's seat to act here, or None (a bot's turn, the end, the game moved
        away, another device's seat)."""
        return self.authority.person_to_move(self)

    @property
    def in_progress(self) -> bool:
        """A person has played in this game and it is not over (so it is worth resuming)."""
        return self.authority.in_progress(self)

    # ---- play ---------------------------------------------------------------------------------
    def act(self, action: Any) -> dict[str, Any]:
        """Play ``action`` for the person to move; returns its log entry. Raises TableError
        (the game is over, a bot is to move, the game continues elsewhere) or the game's
        IllegalMoveError; a refused action changes nothing."""
        return self.authority.act(self, action)

    def step_bot(self) -> dict[str, Any] | None:
        """The bot to move plays one action; returns its log entry (None if no bot is to move)."""
        if not self.bot_to_move:
            return None
        seat = self.to_move
        decision = self._bots[seat].choose(self.game.observe(seat))
        return self._play(decision.action, seat)

    def run_bots(self, limit: int = 100_000) -> int:
        """Let bots play until a person is to move or the game is over; returns the count."""
        count = 0
        while count < limit and self.step_bot() is not None:
            count += 1
        return count

    def _play(self, action: Any, seat: int) -> dict[str, Any]:
        game = self.game
        if not game.is_legal(action):
            game.play(action)  # raises the game's IllegalMoveError with its reason; no change
            raise AssertionError("unreachable")  # pragma: no cover
        index = len(game.history)
        tellers = {lang: self.rules.tell(game, seat, action, lang) for lang in self._told}
        played = game.play(action)
        entry = {"i": index, "seat": seat, "bot": self.seats[seat].bot,
                 "kind": played.kind, "action": played.text}
        try:
            for lang, finish in tellers.items():
                self._told[lang].append(finish(game))
        except Exception:  # pragma: no cover - a bug in a describer: keep game and log in step
            game.undo()
            for told in self._told.values():
                del told[index:]
            raise
        self.entries.append(entry)
        try:
            self.authority.save(self)
        except SaveMovedError:
            # another tab owns this game now: take the action back before anyone saw it
            game.undo()
            self._truncate(index)
            raise
        return entry

    # ---- undo ---------------------------------------------------------------------------------
    def undo_target(self) -> tuple[int | None, Text | None]:
        """``(history index undo would go back to, None)`` or ``(None, why not)``."""
        why = self.authority.undo_refusal(self)
        if why is not None:
            return None, why
        people = [e for e in self.entries if e["bot"] is None]
        if not people:
            return None, Text("undo_nothing")
        target = people[-1]["i"]
        reveal = self.game.last_reveal()  # the game knows what turned hidden things face up
        if reveal is not None and reveal[0] >= target:
            return None, Text("undo_revealed", what=_Reveal(self.rules, self.game.revealed_by(
                reveal[0]), reveal[1]))
        return target, None

    def undo(self) -> list[str]:
        """Undo back to (and including) the last action of a person; returns the actions
        undone, newest first. Raises TableError when no person has acted, when that would take
        back an action that revealed hidden information, or when the game moved away."""
        target, why = self.undo_target()
        if target is None:
            raise (SaveMovedError if self.moved_away else TableError)(why)
        undone = []
        while len(self.game.history) > target:
            undone.append(self.game.undo().text)
        entries, told = self.entries, {k: list(v) for k, v in self._told.items()}
        self._truncate(target)
        try:
            self.authority.save(self)
        except SaveMovedError:
            for text in reversed(undone):  # replayed exactly: the same seed, the same draws
                self.game.play(text)
            self.entries, self._told = entries, told
            raise
        return undone

    def _truncate(self, index: int) -> None:
        self.entries = [e for e in self.entries if e["i"] < index]
        for told in self._told.values():
            del told[index:]

    # ---- the log --------------------------------------------------------------------------------
    def log(self, lang: str | None = None, viewer: int | None = None, names: Sequence[str] | None
            = None, last: int | None = None) -> list[dict[str, Any]]:
        """The public log in ``lang`` as ``viewer`` (a seat, or None: a spectator) may read it:
        per entry ``i, seat, name, bot, kind, action, text`` and the rules' public extras.
        An entry the viewer may not read in full (a card given between two other players) has
        its ``hidden_text`` and no notation. ``names``: the seats' names as shown (default:
        the seats' own); ``last``: only the newest entries."""
        lang = i18n.resolve_language(lang)
        told = self._told_in(lang)
        names = list(names) if names is not None else [s.name for s in self.seats]
        out = []
        for entry, words in zip(self.entries, told):
            words = dict(words)
            may_see = words.pop("may_see", None)
            only = words.pop("only", None)
            if only is not None and viewer not in only:
                continue  # an entry whose very existence tells a secret (see the rules' tell)
            row = {**entry, "name": names[entry["seat"]], **words}
            hidden = may_see is not None and viewer not in may_see
            said = getattr(self.rules, "row", None)
            if said is not None:  # the rules say a row with the names shown (Elemonster)
                row = said(row, names, lang, hidden)
            if hidden:
                row["text"] = self.rules.hidden_text(row, names, lang)
                row["action"] = None
            out.append(row)
        return out if last is None else out[max(0, len(out) - last):]

    def _told_in(self, lang: str) -> list[dict[str, Any]]:
        if lang not in self._told:  # said for the first time in this language: replay it
            fresh = self.rules.replay_start(self.game)
            told = []
            for text in self.game.history:
                finish = self.rules.tell(fresh, fresh.current_player, text, lang)
                fresh.play(text)
                told.append(finish(fresh))
            self._told[lang] = told
        return self._told[lang]

    # ---- new games and saves -----------------------------------------------------------------------
    def new_game(self, seed: int) -> None:
        """Start again with the same seats and settings and ``seed`` (draw a fresh one: a
        seed derived from the last one could be predicted). The old save stays until it
        expires; the new game gets its own token on its first save."""
        self.authority.new_game(self, seed)

    def offer(self, token: Any) -> dict[str, Any] | None:
        """The save of ``token`` if it is worth offering for resuming (exists, in progress,
        not this table's own), else None. Reads only."""
        return self.authority.offer(self, token)

    def resume(self, token: Any) -> bool:
        """Take up the game saved under ``token``, taking it over from any other table that
        holds it (their next write fails: :class:`SaveMovedError`). False when there is no
        such save (unknown, expired, damaged): then nothing changes here or in the store."""
        return self.authority.resume(self, token)


def _short(exc: BaseException, limit: int = 120) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _record_kinds(value: Any, n: int) -> list[str | None]:
    if not isinstance(value, list) or len(value) != n or not all(
            k is None or isinstance(k, str) for k in value):
        raise ValueError("a save's 'bots' must list one bot kind or null per seat")
    return list(value)


class LocalAuthority:
    """The game lives in this process (a game at home): moves, bots, undo and new games happen
    here, and the game is saved in ``store`` (see :mod:`.table` for the save's one owner)."""

    def __init__(self, store: Any = None, summary: Callable[[Table, str], str] | None = None
                 ) -> None:
        #: where the game is saved after every action (None: nowhere)
        self.store = store
        #: the resume offer's words: summary(table, lang) -> str (default: none)
        self.summary = summary
        self._fresh_save()

    def _fresh_save(self) -> None:
        #: the save's token ('' before the first save) and this table's generation of it
        self.token = ""
        self.generation = 0
        #: True once another table resumed this save: this one refuses moves and undo
        self.moved_away = False
        #: why the last save failed (None: saved, or nothing to save); play goes on
        self.save_error = None

    # ---- who moves -----------------------------------------------------------------------
    def open(self, table: Table, seed: int) -> None:
        self.new_game(table, seed)

    def person_to_move(self, table: Table) -> int | None:
        seat = table.to_move
        if seat is None or table.seats[seat].bot is not None or self.moved_away:
            return None
        return seat

    def bot_to_move(self, table: Table) -> bool:
        seat = table.to_move
        return seat is not None and table.seats[seat].bot is not None and not self.moved_away

    def in_progress(self, table: Table) -> bool:
        return not table.game.is_over and any(e["bot"] is None for e in table.entries)

    def act(self, table: Table, action: Any) -> dict[str, Any]:
        if self.moved_away:
            raise SaveMovedError(Text("moved_away"))
        seat = table.to_move
        if seat is None:
            raise TableError(Text("over_new_game"))
        if table.seats[seat].bot is not None:
            raise TableError(Text("bot_turn_play", name=table.seats[seat].name,
                                  kind=table.seats[seat].bot))
        return table._play(action, seat)

    def undo_refusal(self, table: Table) -> Text | None:
        return Text("moved_away") if self.moved_away else None

    # ---- new games and saves ---------------------------------------------------------------
    def new_game(self, table: Table, seed: int) -> None:
        table._start(table.rules.new_game(seed, table.settings), seed)
        self._fresh_save()

    def offer(self, table: Table, token: Any) -> dict[str, Any] | None:
        if self.store is None or not token or token == self.token:
            return None
        record = self.store.get(token)
        if record is None or record.get("over") or not record.get("in_progress", True):
            return None
        return record

    def resume(self, table: Table, token: Any) -> bool:
        if self.store is None or not token:
            return False
        record = self.store.get(token)
        if record is None:
            return False
        rules = table.rules
        try:  # check the save before claiming it: a damaged one is never taken over
            game = rules.load(record["game"])
            kinds = _record_kinds(record.get("bots"), len(game.names))
            seed = int(record.get("seed", getattr(game, "seed", 0)))
            for kind in kinds:
                if kind is not None and kind not in rules.bot_kinds:
                    raise ValueError(f"unknown bot {kind!r}")
        except (KeyError, TypeError, ValueError):
            return False
        claimed = self.store.claim(token)
        if claimed is None:
            return False
        _, generation = claimed
        names = list(game.names)
        table.seats = [Seat(names[i], kinds[i]) for i in range(len(names))]
        table.settings = rules.settings(game)
        table._start(game, seed)
        self._fresh_save()
        self.token, self.generation = token, generation
        fresh = rules.replay_start(game)
        for index, text in enumerate(game.history):
            seat = fresh.current_player
            played = fresh.play(text)
            table.entries.append({"i": index, "seat": seat, "bot": kinds[seat],
                                  "kind": played.kind, "action": played.text})
        return True

    def save(self, table: Table) -> None:
        """Save after an action (compare-and-set on this table's generation)."""
        if self.store is None:
            return
        in_progress = self.in_progress(table)
        if not self.token:
            if not in_progress:
                return  # nothing worth resuming yet
            self.token, self.generation = self.store.new_token(), 1
        if in_progress:
            record = {"game": table.game.to_json(), "bots": table.kinds, "seed": table.seed,
                      "game_kind": table.rules.name, "over": False, "in_progress": True,
                      "summary": self.summary(table, table.lang) if self.summary else ""}
        else:
            # over (or undone back to no person's move): nothing to resume, so the save keeps
            # only a marker, no game; it stays (until it expires) so that a table holding an
            # older generation still finds it taken and cannot write the game back
            record = {"game_kind": table.rules.name, "over": table.game.is_over,
                      "in_progress": False}
        try:
            owned = self.store.put_owned(self.token, record, self.generation)
        except (OSError, ValueError) as exc:  # a full disk must not stop the game
            self.save_error = Text("not_saved", what=_short(exc))
            return
        self.save_error = None
        if not owned:
            self.moved_away = True
            raise SaveMovedError(Text("moved_away"))


class _Reveal(i18n.Message):
    """What one action turned face up, said by the rules in any language."""

    def __new__(cls, rules: Any, kinds: Sequence[str], english: str) -> "_Reveal":
        self = str.__new__(cls, english)
        self.key, self.params = "reveal", {}
        self._rules, self._kinds = rules, tuple(kinds)
        return self

    def render(self, lang: str | None = None, **context: Any) -> str:
        return self._rules.reveal_words(self._kinds, i18n.resolve_language(lang))

    def __reduce__(self):  # pragma: no cover - a reveal is said, never pickled
        return (str, (str(self),))
