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

from typing import Any, Sequence

from ..echo import echo
from ..tabletop import TurnGame
from ..tabletop.game import check_players
from ..tabletop.rng import GENERATORS
from ..tabletop.seeds import ClassCodeError, parse_class_code, seed_from_class_code
from .actions import Action, NotationError
from .decks import AgendaDeck, GoalDeck, load_agenda_deck, load_goal_deck
from .editions import Edition, get_edition
from .errors import EngineError, IllegalMoveError, SaveError
from .reasons import Reason
from .rules import apply, is_legal, legal_actions, why_illegal
from .scoring import score_breakdown, winners
from .state import Context, State, new_state
from .view import REVEAL_TEXT, PlayerView, hidden_sizes, revealed

__all__ = ["Game", "SAVE_FORMAT", "SAVE_VERSION"]

SAVE_FORMAT = "periodic-edu/game"
#: the save format version of new games; it names the generator too (1: SplitMix64, replayed
#: for old saves only; 2: SHA-256 counter mode, see ``periodic_edu.tabletop.rng``)
SAVE_VERSION = 2
#: a player's name: at most this many characters, no control characters
NAME_LIMIT = 40


def _names(players: int | Sequence[str]) -> list[str]:
    checked = check_players(players, "Periodic", NAME_LIMIT)
    if isinstance(checked, int):
        return [f"Player {i + 1}" for i in range(checked)]
    return checked


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


class Game(TurnGame):
    """One game of Periodic. See the module docstring and ``periodic_edu.engine.actions``.

    ``seed``: the same seed gives the same game; omitted, a fresh 128-bit seed is drawn from
    :mod:`secrets`. ``class_code`` (``"K7Q2-M9XD"``, see :mod:`periodic_edu.tabletop.seeds`): the
    game of that code, the same for everyone who types it (``seed`` may be omitted or must
    match it). ``rng_version``: 2 (the default) is the generator of new games; 1 replays
    version-1 saves.
    """

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSIONS = tuple(sorted(GENERATORS))
    SAVE_FIELDS = ("edition", "seed", "players")
    REVEAL_TEXT = REVEAL_TEXT

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
        seed = self._seed(seed)
        if rng_version not in GENERATORS or type(rng_version) is not int:
            raise EngineError(f"rng_version must be one of {sorted(GENERATORS)}, "
                              f"not {echo(rng_version)}")
        ctx = _context(ed, goal_deck, agenda_deck)
        self._custom_goals = goal_deck is not None
        self._custom_agendas = agenda_deck is not None
        self.seed = seed
        self.class_code = class_code
        self.rng_version = rng_version
        self._start(new_state(ctx, seed, names, max_rounds, rng_version))

    # ---- the rules, for the base ----------------------------------------------------------------
    def _list_legal(self, state: State) -> list[Action]:
        return legal_actions(state)

    def _checked(self, action: Action | str) -> Action:
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
        return a

    _apply = staticmethod(apply)
    _hidden = staticmethod(hidden_sizes)
    _revealed = staticmethod(revealed)

    def is_legal(self, action: Action | str) -> bool:
        try:
            a = Action.parse(action)
        except NotationError:
            return False
        return is_legal(self._state, a)

    # ---- queries ----------------------------------------------------------------------------
    @property
    def edition(self) -> str:
        return self._state.ctx.edition.id

    @property
    def max_rounds(self) -> int | None:
        return self._state.max_rounds

    @property
    def current_player(self) -> int | None:
        """The seat to act; None once the game is over (TurnGame's contract, as Elemonster)."""
        return None if self.is_over else self._state.seat

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def turns(self) -> int:
        return self._state.turns

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
    def _save_version(self) -> int:
        return self.rng_version

    def _header(self) -> dict[str, Any]:
        st = self._state
        doc: dict[str, Any] = {"edition": self.edition, "seed": self.seed,
                               "players": list(st.names), "max_rounds": st.max_rounds}
        if self.class_code is not None:
            doc["class_code"] = self.class_code
        if self._custom_goals:
            doc["goal_deck"] = _thaw(st.ctx.goal_deck.document)
        if self._custom_agendas:
            doc["agenda_deck"] = _thaw(st.ctx.agenda_deck.document)
        return doc

    @classmethod
    def _from_header(cls, doc: dict[str, Any], version: int) -> "Game":
        """Decks come only inline (parsed documents): a save never names a file, and one that
        does is refused without the file being looked at."""
        for field in ("goal_deck", "agenda_deck"):
            deck = doc.get(field)
            if deck is not None and not isinstance(deck, dict):
                raise SaveError(f"save file: field {field!r} must be a deck written out in the "
                                f"save (a JSON object); a save never names a deck file")
        if not isinstance(doc["edition"], str):
            raise SaveError(f"save file: field 'edition' must be text, not {echo(doc['edition'])}")
        max_rounds = doc.get("max_rounds")
        if max_rounds is not None and (isinstance(max_rounds, bool)
                                       or not isinstance(max_rounds, int)):
            raise SaveError(f"save file: field 'max_rounds' must be a whole number or null, "
                            f"not {echo(max_rounds)}")
        seed = doc["seed"]
        class_code = doc.get("class_code")
        if class_code is not None:
            try:
                class_code = parse_class_code(class_code)
            except ClassCodeError as error:
                raise SaveError(f"save file: field 'class_code': {error}") from None
            if seed_from_class_code(class_code) != seed:
                raise SaveError(f"save file: field 'class_code' ({class_code}) does not match "
                                f"field 'seed'")
        return cls(players=doc["players"], edition=doc["edition"], seed=seed,
                   max_rounds=max_rounds, goal_deck=doc.get("goal_deck"),
                   agenda_deck=doc.get("agenda_deck"), class_code=class_code,
                   rng_version=version)

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
