"""The :class:`Game` facade: create, list legal actions, play, undo, view, save, load, score.

Shaped like python-chess's ``Board`` (``legal_actions``/``play``/``undo``, notation that
round-trips) and OpenSpiel's state/observer split (``view(player)``), with boardgame.io's
contract: the state is JSON, an illegal action changes nothing, undo is a stack of snapshots,
randomness is one seeded generator.

>>> g = Game(players=2, edition="en", seed=7, max_rounds=3)
>>> g.phase
'agenda'
>>> g.play(g.legal_actions()[0]).kind
'agenda'
>>> g.undo().kind, g.history
('agenda', [])
"""
from __future__ import annotations

import json
from typing import Any, Iterable, Sequence

from ..echo import echo, has_control
from .actions import Action, NotationError
from .decks import AgendaDeck, GoalDeck, load_agenda_deck, load_goal_deck
from .editions import Edition, get_edition
from .errors import EngineError, IllegalMoveError, SaveError, UndoError
from . import safejson
from .rng import GENERATORS, MAX_SEED_BITS, check_seed
from .seeds import ClassCodeError, new_seed, parse_class_code, seed_from_class_code
from .reasons import Reason
from .rules import apply, is_legal, legal_actions, why_illegal
from .scoring import score_breakdown, winners
from .state import Context, State, new_state
from .view import REVEAL_TEXT, PlayerView, hidden_sizes, revealed

__all__ = ["Game", "SAVE_FORMAT", "SAVE_VERSION"]

SAVE_FORMAT = "periodic-edu/game"
#: the save format version of new games; it names the generator too (1: SplitMix64, replayed
#: for old saves only; 2: SHA-256 counter mode, see ``rng``)
SAVE_VERSION = 2
#: a player's name: at most this many characters, no control characters
NAME_LIMIT = 40
#: a snapshot of the state is kept every CHECKPOINT actions (undo replays from it)
CHECKPOINT = 16


def _names(players: int | Sequence[str]) -> list[str]:
    if isinstance(players, bool):
        raise EngineError(f"players must be 2 to 5 or a list of names, not {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= 5:
            raise EngineError(f"Periodic is played by 2 to 5 players, not {players}")
        return [f"Player {i + 1}" for i in range(players)]
    if not isinstance(players, (list, tuple)):
        raise EngineError(f"players must be 2 to 5 or a list of names, not {echo(players)}")
    names = list(players)
    if not 2 <= len(names) <= 5:
        raise EngineError(f"Periodic is played by 2 to 5 players, not {len(names)}")
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise EngineError("player names must be non-empty strings")
    for n in names:
        if has_control(n):
            raise EngineError(f"a player name must not hold control characters: {echo(n)}")
        if len(n) > NAME_LIMIT:
            raise EngineError(f"a player name has at most {NAME_LIMIT} characters: {echo(n)}")
    return names


_CONTEXTS: dict[tuple, Context] = {}


def _context(edition: Edition, goal_deck: Any, agenda_deck: Any) -> Context:
    """Shipped decks are loaded once per process; custom decks each time."""
    key = (edition.id,) if goal_deck is None and agenda_deck is None else None
    if key is not None and key in _CONTEXTS:
        return _CONTEXTS[key]
    goals = goal_deck if isinstance(goal_deck, GoalDeck) else load_goal_deck(goal_deck, edition)
    agendas = (agenda_deck if isinstance(agenda_deck, AgendaDeck)
               else load_agenda_deck(agenda_deck, edition))
    ctx = Context.build(edition, goals, agendas)
    if key is not None:
        _CONTEXTS[key] = ctx
    return ctx


class Game:
    """One game of Periodic. See the module docstring and ``periodic_edu.engine.actions``.

    ``seed``: the same seed gives the same game; omitted, a fresh 128-bit seed is drawn from
    :mod:`secrets`. ``class_code`` (``"K7Q2-M9XD"``, see :mod:`.seeds`): the game of that code,
    the same for everyone who types it (``seed`` may be omitted or must match it).
    ``rng_version``: 2 (the default) is the generator of new games; 1 replays version-1 saves.
    """

    def __init__(self, players: int | Sequence[str] = 2, edition: str | Edition = "en",
                 seed: int | None = None, max_rounds: int | None = None, goal_deck: Any = None,
                 agenda_deck: Any = None, *, class_code: str | None = None,
                 rng_version: int = SAVE_VERSION) -> None:
        names = _names(players)
        ed = get_edition(edition)
        if class_code is not None:
            class_code = parse_class_code(class_code)
            coded = seed_from_class_code(class_code)
            if seed is not None and seed != coded:
                raise EngineError(f"seed {echo(seed)} is not the seed of class code "
                                  f"{class_code}: give one or the other")
            seed = coded
        elif seed is None:
            seed = new_seed()
        try:
            check_seed(seed)
        except ValueError as error:
            raise EngineError(str(error)) from None
        if rng_version not in GENERATORS or type(rng_version) is not int:
            raise EngineError(f"rng_version must be one of {sorted(GENERATORS)}, "
                              f"not {echo(rng_version)}")
        ctx = _context(ed, goal_deck, agenda_deck)
        self._custom_goals = goal_deck is not None
        self._custom_agendas = agenda_deck is not None
        self.seed = seed
        self.class_code = class_code
        self.rng_version = rng_version
        self._state = new_state(ctx, seed, names, max_rounds, rng_version)
        # undo: checkpoints (history index, state before that action) every CHECKPOINT actions;
        # undo restores the nearest checkpoint and replays the rest, which is exact because the
        # rules are deterministic. A play costs no copy most of the time.
        self._stack: list[tuple[int, State]] = []
        self._history: list[Action] = []
        # per action: what it turned face up (a goal card, an award tile, the agendas), or ()
        self._reveals: list[tuple[str, ...]] = []
        self._legal: list[Action] | None = None

    # ---- queries ----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live full state (hidden information included; ``.to_json()`` serializes it).
        ``play`` changes it in place and ``undo`` replaces it: treat it as read-only and
        ``.clone()`` it to keep a copy."""
        return self._state

    @property
    def edition(self) -> str:
        return self._state.ctx.edition.id

    @property
    def players(self) -> int:
        return self._state.n

    @property
    def names(self) -> tuple[str, ...]:
        return self._state.names

    @property
    def max_rounds(self) -> int | None:
        return self._state.max_rounds

    @property
    def history(self) -> list[str]:
        return [a.text for a in self._history]

    @property
    def actions(self) -> list[Action]:
        return list(self._history)

    @property
    def current_player(self) -> int:
        return self._state.seat

    @property
    def is_over(self) -> bool:
        return self._state.phase == "over"

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def turns(self) -> int:
        return self._state.turns

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a stable order (a fresh list)."""
        if self._legal is None:
            self._legal = legal_actions(self._state)
        return list(self._legal)

    def is_legal(self, action: Action | str) -> bool:
        try:
            a = Action.parse(action)
        except NotationError:
            return False
        return is_legal(self._state, a)

    # ---- changing the game --------------------------------------------------------------------
    def play(self, action: Action | str) -> Action:
        """Play one legal action (an :class:`Action` or its notation). An illegal one raises
        :class:`IllegalMoveError` and leaves the game exactly as it was."""
        st = self._state
        if type(action) is Action:
            a = action
        else:
            try:
                a = Action.parse(action)
            except NotationError as error:
                raise IllegalMoveError(None if st.phase == "over" else st.seat, action,
                                       error.reason) from None
        if not is_legal(st, a):
            raise IllegalMoveError(None if st.phase == "over" else st.seat, a,
                                   why_illegal(st, a) or Reason("not_now"))
        history = self._history
        index = len(history)
        if not index % CHECKPOINT and not (self._stack and self._stack[-1][0] == index):
            self._stack.append((index, st.clone()))
        hidden = hidden_sizes(st)
        try:
            apply(st, a)
        except BaseException:  # pragma: no cover - a bug in the rules: restore, then report
            history.append(a)
            self._reveals.append(())
            self._restore(index)
            raise
        history.append(a)
        self._reveals.append(revealed(hidden, hidden_sizes(st)))
        self._legal = None
        return a

    def play_many(self, actions: Iterable[Action | str]) -> None:
        for a in actions:
            self.play(a)

    def undo(self) -> Action:
        """Restore the exact state before the last action; returns that action."""
        if not self._history:
            raise UndoError("nothing to undo: no action has been played")
        target = len(self._history) - 1
        action = self._history[target]
        self._restore(target)
        return action

    def _restore(self, target: int) -> None:
        """Make the state the one before action ``target`` and forget the actions from it on."""
        while self._stack and self._stack[-1][0] > target:
            self._stack.pop()
        index, snapshot = self._stack[-1]
        st = snapshot.clone()
        for a in self._history[index:target]:
            apply(st, a)
        del self._history[target:]
        del self._reveals[target:]
        self._state = st
        self._legal = None

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def revealed_by(self, index: int) -> tuple[str, ...]:
        """What action ``index`` of the history turned face up for everyone: ``"goal_card"``,
        ``"award_tile"``, ``"agendas"`` (the game ended), or ``()`` for nothing. Undoing it would
        put a card back that a player has seen, which is why a table (the widget) stops undo
        there while :meth:`undo` itself goes back anywhere, for analysis."""
        return self._reveals[index]

    def last_reveal(self) -> tuple[int, str] | None:
        """``(index, sentence)`` of the latest action that turned hidden information face up
        (``"a goal card was turned face up"``...), or None if no action has."""
        for index in range(len(self._reveals) - 1, -1, -1):
            if self._reveals[index]:
                return index, " and ".join(REVEAL_TEXT[k] for k in self._reveals[index])
        return None

    #: python-chess names: ``push`` plays, ``pop`` undoes
    push = play
    pop = undo

    # ---- views and scores -------------------------------------------------------------------
    def observe(self, player: int) -> PlayerView:
        """A read-only window on the game for one player (what bots read)."""
        if type(player) is not int or not 0 <= player < self._state.n:
            return PlayerView(self._state, player)  # raises the helpful error
        view = PlayerView.__new__(PlayerView)
        view._st = self._state
        view.player = player
        view._legal_fn = self._cached_legal
        return view

    def _cached_legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = legal_actions(self._state)
        return self._legal

    def view(self, player: int) -> dict[str, Any]:
        """The JSON view of one player (RULES §5): public information and their own agenda."""
        return PlayerView(self._state, player).to_dict()

    def scores(self) -> list[dict[str, Any]]:
        """Per-player breakdown of RULES §7.1 (provisional until the game is over)."""
        return score_breakdown(self._state)

    def winners(self) -> list[int]:
        return winners(self._state)

    def summary(self) -> dict[str, Any]:
        st = self._state
        scores = self.scores()
        return {
            "edition": self.edition, "seed": self.seed, "players": list(st.names),
            "max_rounds": st.max_rounds, "rounds": st.round, "turns": st.turns,
            "actions": len(self._history), "is_over": self.is_over,
            "end_trigger": ({"by": st.trigger[0], "reason": st.trigger[1]} if st.trigger else None),
            "ended_by": st.ended_by,
            "scores": scores, "winners": winners(st, scores),
        }

    # ---- save / load ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        st = self._state
        doc: dict[str, Any] = {
            "format": SAVE_FORMAT, "version": self.rng_version, "edition": self.edition,
            "seed": self.seed, "players": list(st.names), "max_rounds": st.max_rounds,
            "actions": self.history,
        }
        if self.class_code is not None:
            doc["class_code"] = self.class_code
        if self._custom_goals:
            doc["goal_deck"] = _thaw(st.ctx.goal_deck.document)
        if self._custom_agendas:
            doc["agenda_deck"] = _thaw(st.ctx.agenda_deck.document)
        return doc

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, doc: Any) -> "Game":
        """Rebuild a game by replaying its actions from the seed; each action is checked.

        Decks come only inline (parsed documents): a save never names a file, and one that does
        is refused without the file being looked at."""
        if not isinstance(doc, dict):
            raise SaveError("save file: the document must be a JSON object")
        if doc.get("format") != SAVE_FORMAT:
            raise SaveError(f"save file: field 'format' must be {SAVE_FORMAT!r}, "
                            f"not {echo(doc.get('format'))}")
        version = doc.get("version")
        if type(version) is not int or version not in GENERATORS:
            raise SaveError(f"save file: field 'version' must be one of "
                            f"{', '.join(map(str, sorted(GENERATORS)))}, not {echo(version)}")
        for field in ("edition", "seed", "players", "actions"):
            if field not in doc:
                raise SaveError(f"save file: field {field!r} is missing")
        for field in ("goal_deck", "agenda_deck"):
            deck = doc.get(field)
            if deck is not None and not isinstance(deck, dict):
                raise SaveError(f"save file: field {field!r} must be a deck written out in the "
                                f"save (a JSON object); a save never names a deck file")
        seed = doc["seed"]
        try:
            check_seed(seed)
        except ValueError:
            raise SaveError(f"save file: field 'seed' must be a whole number of at most "
                            f"{MAX_SEED_BITS} bits, not {echo(seed)}") from None
        if not isinstance(doc["edition"], str):
            raise SaveError(f"save file: field 'edition' must be text, not {echo(doc['edition'])}")
        players = doc["players"]
        if not (isinstance(players, int) and not isinstance(players, bool)) and not (
                isinstance(players, list) and all(isinstance(p, str) for p in players)):
            raise SaveError("save file: field 'players' must be a number or a list of names")
        max_rounds = doc.get("max_rounds")
        if max_rounds is not None and (isinstance(max_rounds, bool)
                                       or not isinstance(max_rounds, int)):
            raise SaveError(f"save file: field 'max_rounds' must be a whole number or null, "
                            f"not {echo(max_rounds)}")
        actions = doc["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError("save file: field 'actions' must be a list of action strings")
        class_code = doc.get("class_code")
        if class_code is not None:
            try:
                class_code = parse_class_code(class_code)
            except ClassCodeError as error:
                raise SaveError(f"save file: field 'class_code': {error}") from None
            if seed_from_class_code(class_code) != seed:
                raise SaveError(f"save file: field 'class_code' ({class_code}) does not match "
                                f"field 'seed'")
        try:
            game = cls(players=players, edition=doc["edition"], seed=seed, max_rounds=max_rounds,
                       goal_deck=doc.get("goal_deck"), agenda_deck=doc.get("agenda_deck"),
                       class_code=class_code, rng_version=version)
        except EngineError as error:
            raise SaveError(f"save file: {error}") from None
        for index, text in enumerate(actions):
            try:
                game.play(text)
            except IllegalMoveError as error:
                raise SaveError(f"save file: action {index} ({echo(text)}) does not replay: "
                                f"{error.why}") from None
        return game

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """A game from the text of a save file (at most 1 MB, bounded nesting and integers)."""
        try:
            doc = safejson.loads(text)
        except safejson.JsonLimitError as error:
            raise SaveError(f"save file: {error}") from None
        return cls.from_dict(doc)

    def copy(self) -> "Game":
        """An independent game in the same state (the undo stack is shared read-only)."""
        other = Game.__new__(Game)
        other.seed = self.seed
        other.class_code = self.class_code
        other.rng_version = self.rng_version
        other._custom_goals = self._custom_goals
        other._custom_agendas = self._custom_agendas
        other._state = self._state.clone()
        other._stack = [(i, s.clone()) for i, s in self._stack]
        other._history = list(self._history)
        other._reveals = list(self._reveals)
        other._legal = None
        return other

    def __repr__(self) -> str:
        st = self._state
        return (f"<Game {self.edition} {st.n} players seed={self.seed} round {st.round} "
                f"{'over' if self.is_over else f'seat {st.seat + 1} to act'}>")


def _thaw(value: Any) -> Any:
    if isinstance(value, dict) or hasattr(value, "items"):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    return value
