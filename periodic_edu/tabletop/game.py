"""The turn-based game base both games stand on: history, undo, reveal tracking, checked replay,
bounded loading, saving.

On the model of OpenSpiel's ``State`` base and boardgame.io's single reducer: the base owns
everything that is the same for every game, and a game supplies only its rules through a few
hooks (a new state comes from its constructor):

* ``_list_legal(state)`` - every legal action now, in a stable order;
* ``_checked(action)`` - the canonical legal action for ``action`` (an action or its notation),
  or :class:`IllegalMoveError` saying why not;
* ``_apply(state, action)`` - play it, in place (the rules are deterministic: randomness comes
  from the seed held in the state, so replaying gives the same state);
* ``_hidden(state)`` and ``_revealed(before, after)`` - a fingerprint of the hidden information
  and what became visible between two fingerprints (kinds named in ``REVEAL_TEXT``);
* ``_header()`` and ``_from_header(doc, version)`` - the save's fields besides ``format``,
  ``version`` and ``actions``, and a new game from them;
* ``current_player``, ``view(seat)``, ``observe(seat)``, ``scores()``, ``winners()``.

Undo keeps a snapshot every ``CHECKPOINT`` actions and replays the rest, so a play costs no copy
most of the time. :meth:`revealed_by` tells what each action turned face up: undoing such an
action would put back something a player has seen, so a table stops undo there (the Table's
policy), while :meth:`undo` itself goes back anywhere, for analysis.

A save is ``{"format", "version", ...header, "actions": [notation...]}``; loading replays every
action from the seed and checks it, and a save that does not replay is refused with the index of
the first bad action. :meth:`from_json` reads with bounds (size, nesting, integer length).
"""
from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable

from ..echo import echo, has_control
from . import safejson
from .errors import GameError, IllegalMoveError, SaveError, UndoError
from .rng import MAX_SEED_BITS, check_seed
from .seeds import new_seed

__all__ = ["TurnGame", "check_players"]


class TurnGame(ABC):
    """Base class of a turn-based game (see the module docstring for the hooks; they are
    abstract, and :class:`~periodic_edu.tabletop.contracts.GameHooks` states them as a
    protocol)."""

    #: the save's ``format`` field
    SAVE_FORMAT: ClassVar[str] = ""
    #: the save versions this game reads; new games write ``_save_version()``
    SAVE_VERSIONS: ClassVar[tuple[int, ...]] = (1,)
    #: reveal kind -> the English sentence that names it
    REVEAL_TEXT: ClassVar[dict[str, str]] = {}
    #: a snapshot of the state is kept every CHECKPOINT actions (undo replays from it)
    CHECKPOINT: ClassVar[int] = 16

    _state: Any
    seed: int

    @staticmethod
    def _seed(seed: int | None) -> int:
        """The game's seed: ``seed`` checked, or a fresh 128-bit one from :mod:`secrets`."""
        if seed is None:
            return new_seed()
        try:
            return check_seed(seed)
        except ValueError as error:
            raise GameError(str(error)) from None

    def _start(self, state: Any) -> None:
        """Called by a game's constructor once its first state is made."""
        self._state = state
        self._stack: list[tuple[int, Any]] = []
        self._history: list[Any] = []
        # per action: what it turned face up (kinds of REVEAL_TEXT), or ()
        self._reveals: list[tuple[str, ...]] = []
        self._legal: list[Any] | None = None

    # ---- hooks (each game defines them; abstract: a game missing one cannot be made) ---------
    @abstractmethod
    def _list_legal(self, state: Any) -> list[Any]:
        """Every legal action in ``state``, in a stable order."""

    @abstractmethod
    def _checked(self, action: Any) -> Any:
        """The canonical legal action for ``action``, or :class:`IllegalMoveError`."""

    # ``play`` and ``_restore`` call it from the class (``cls._apply(state, action)``, the hot
    # path of simulations): a static method, as declared here
    @staticmethod
    @abstractmethod
    def _apply(state: Any, action: Any) -> None:
        """Play ``action`` on ``state``, in place (deterministic: randomness is in the state)."""

    @staticmethod
    @abstractmethod
    def _hidden(state: Any) -> Any:
        """A fingerprint of the hidden information of ``state``."""

    @staticmethod
    @abstractmethod
    def _revealed(before: Any, after: Any) -> tuple[str, ...]:
        """What became visible between two fingerprints (kinds of ``REVEAL_TEXT``)."""

    @abstractmethod
    def _header(self) -> dict[str, Any]:
        """The save's fields besides ``format``, ``version`` and ``actions``."""

    @classmethod
    @abstractmethod
    def _from_header(cls, doc: dict[str, Any], version: int) -> "TurnGame":
        """A new game from a save's header fields."""

    def _save_version(self) -> int:
        return self.SAVE_VERSIONS[-1]

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to move, or None when the game is over."""

    # ---- queries -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The live full state (hidden information included). ``play`` changes it in place and
        ``undo`` replaces it: treat it as read-only and ``.clone()`` it to keep a copy."""
        return self._state

    @property
    def players(self) -> int:
        return self._state.n

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._state.names)

    @property
    def is_over(self) -> bool:
        return self._state.phase == "over"

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def history(self) -> list[str]:
        """The actions played so far, in notation."""
        return [a.text for a in self._history]

    @property
    def actions(self) -> list[Any]:
        return list(self._history)

    def legal_actions(self) -> list[Any]:
        """Every legal action now, in a stable order (a fresh list)."""
        return list(self._cached_legal())

    def _cached_legal(self) -> list[Any]:
        if self._legal is None:
            self._legal = self._list_legal(self._state)
        return self._legal

    def is_legal(self, action: Any) -> bool:
        try:
            self._checked(action)
        except IllegalMoveError:
            return False
        return True

    # ---- changing the game ---------------------------------------------------------------------
    def play(self, action: Any) -> Any:
        """Play one legal action (an action or its notation); returns it in canonical form. An
        illegal one raises :class:`IllegalMoveError` and leaves the game exactly as it was."""
        a = self._checked(action)
        cls = type(self)  # the hooks once, from the class: play is the hot path of simulations
        hidden_of = cls._hidden
        st = self._state
        history = self._history
        index = len(history)
        if not index % cls.CHECKPOINT and not (self._stack and self._stack[-1][0] == index):
            self._stack.append((index, st.clone()))
        hidden = hidden_of(st)
        try:
            cls._apply(st, a)
        except BaseException:  # pragma: no cover - a bug in the rules: restore, then report
            history.append(a)
            self._reveals.append(())
            self._restore(index)
            raise
        history.append(a)
        self._reveals.append(cls._revealed(hidden, hidden_of(st)))
        self._legal = None
        return a

    def play_many(self, actions: Iterable[Any]) -> None:
        for a in actions:
            self.play(a)

    def undo(self) -> Any:
        """Restore the exact state before the last action; returns that action."""
        if not self._history:
            raise UndoError("nothing to undo: no action has been played")
        target = len(self._history) - 1
        action = self._history[target]
        self._restore(target)
        return action

    #: python-chess names: ``push`` plays, ``pop`` undoes
    def push(self, action: Any) -> Any:
        return self.play(action)

    def pop(self) -> Any:
        return self.undo()

    def _restore(self, target: int) -> None:
        """Make the state the one before action ``target`` and forget the actions from it on."""
        while self._stack and self._stack[-1][0] > target:
            self._stack.pop()
        index, snapshot = self._stack[-1]
        st = snapshot.clone()
        for a in self._history[index:target]:
            self._apply(st, a)
        del self._history[target:]
        del self._reveals[target:]
        self._state = st
        self._legal = None

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def revealed_by(self, index: int) -> tuple[str, ...]:
        """What action ``index`` of the history turned face up (kinds of ``REVEAL_TEXT``), or
        ``()`` for nothing."""
        return self._reveals[index]

    def last_reveal(self) -> tuple[int, str] | None:
        """``(index, sentence)`` of the latest action that turned hidden information face up,
        or None if no action has."""
        for index in range(len(self._reveals) - 1, -1, -1):
            if self._reveals[index]:
                return index, " and ".join(self.REVEAL_TEXT[k] for k in self._reveals[index])
        return None

    # ---- save / load ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": self.SAVE_FORMAT, "version": self._save_version(), **self._header(),
                "actions": self.history}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    #: fields every save of this game must have (besides format, version and actions)
    SAVE_FIELDS: ClassVar[tuple[str, ...]] = ("seed", "players")

    @classmethod
    def from_dict(cls, doc: Any) -> "TurnGame":
        """Rebuild a game by replaying its actions from the seed; each action is checked."""
        if not isinstance(doc, dict):
            raise SaveError("save file: the document must be a JSON object")
        if doc.get("format") != cls.SAVE_FORMAT:
            raise SaveError(f"save file: field 'format' must be {cls.SAVE_FORMAT!r}, "
                            f"not {echo(doc.get('format'))}")
        version = doc.get("version")
        if type(version) is not int or version not in cls.SAVE_VERSIONS:
            raise SaveError(f"save file: field 'version' must be one of "
                            f"{', '.join(map(str, cls.SAVE_VERSIONS))}, not {echo(version)}")
        for field in (*cls.SAVE_FIELDS, "actions"):
            if field not in doc:
                raise SaveError(f"save file: field {field!r} is missing")
        try:
            check_seed(doc["seed"])
        except ValueError:
            raise SaveError(f"save file: field 'seed' must be a whole number of at most "
                            f"{MAX_SEED_BITS} bits, not {echo(doc['seed'])}") from None
        players = doc["players"]
        if not (isinstance(players, int) and not isinstance(players, bool)) and not (
                isinstance(players, list) and all(isinstance(p, str) for p in players)):
            raise SaveError("save file: field 'players' must be a number or a list of names")
        actions = doc["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError("save file: field 'actions' must be a list of action strings")
        try:
            game = cls._from_header(doc, version)
        except SaveError:
            raise
        except GameError as error:
            raise SaveError(f"save file: {error}") from None
        for index, text in enumerate(actions):
            try:
                game.play(text)
            except IllegalMoveError as error:
                raise SaveError(f"save file: action {index} ({echo(text)}) does not replay: "
                                f"{error.why}") from None
        return game

    @classmethod
    def from_json(cls, text: str | bytes) -> "TurnGame":
        """A game from the text of a save file (at most 1 MB, bounded nesting and integers)."""
        try:
            doc = safejson.loads(text)
        except safejson.JsonLimitError as error:
            raise SaveError(f"save file: {error}") from None
        return cls.from_dict(doc)

    def copy(self) -> "TurnGame":
        """An independent game in the same state."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other._state = self._state.clone()
        other._stack = [(i, s.clone()) for i, s in self._stack]
        other._history = list(self._history)
        other._reveals = list(self._reveals)
        other._legal = None
        return other


def check_players(players: Any, game: str, name_limit: int) -> list[str] | int:
    """A players argument (a count, or a list of names) checked: a count is returned as it is,
    names as a list; anything else raises :class:`GameError` saying what ``game`` takes."""
    if isinstance(players, bool):
        raise GameError(f"players must be 2 to 5 or a list of names, not {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= 5:
            raise GameError(f"{game} is played by 2 to 5 players, not {players}")
        return players
    if not isinstance(players, (list, tuple)):
        raise GameError(f"players must be 2 to 5 or a list of names, not {echo(players)}")
    names = list(players)
    if not 2 <= len(names) <= 5:
        raise GameError(f"{game} is played by 2 to 5 players, not {len(names)}")
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise GameError("player names must be non-empty strings")
    for n in names:
        if has_control(n):
            raise GameError(f"a player name must not hold control characters: {echo(n)}")
        if len(n) > name_limit:
            raise GameError(f"a player name has at most {name_limit} characters: {echo(n)}")
    return names
