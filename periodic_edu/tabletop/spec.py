"""A game of the kit as the kit hosts it: one :class:`GameSpec` per game, registered once.

OpenSpiel's ``pyspiel.register_game``: each game's own package builds its spec (its class, its
bots, its settings, how it ends, its replay picture, its table rules and its room facts) and
calls :func:`register_game` once; the command line, the simulation, the room and the widgets
then reach every game through :data:`GAMES` and never name one. A game the kit has never
heard of (a test's, a teacher's) registers the same way and is hosted the same way.

Defaults are the plainest answers (no editions, no provisional score, refusals grouped by the
rule, no moves against the data), so a small game writes only what differs.

>>> spec_of_game(object())
Traceback (most recent call last):
ValueError: no registered game plays <class 'object'>
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping, Sequence

from .. import i18n
from ..echo import echo
from .bots import Bot, parse_bot_list
from .contracts import TableRules
from .errors import SaveError
from .game import TurnGame

__all__ = ["GameSpec", "RoomFacts", "TurnGameRules", "GAMES", "register_game", "get_game",
           "spec_of_save", "spec_of_game", "DEFAULT_MAX_ROUNDS", "join_and"]

#: RULES D-12 and ELEMONSTER E-19: a simulation always sets a round limit
DEFAULT_MAX_ROUNDS = 60


def join_and(parts: Sequence[str], lang: str) -> str:
    """``parts`` joined by the widgets' "and" in ``lang`` (what an action turned face up)."""
    from ..locale.widget_texts import FRONT_END  # the word tables load late (tabletop/table.py)
    return i18n.gettext("widgets", FRONT_END["and"], lang).join(parts)


class TurnGameRules:
    """A game's rules at a :class:`~periodic_edu.tabletop.table.Table`, the part every
    ``TurnGame`` shares: the class and bots come from the game's spec (see
    :class:`~periodic_edu.tabletop.contracts.TableRules` for the whole protocol). A game
    subclasses it with ``settings``, ``tell``, ``hidden_text`` and ``reveal_words``."""

    def __init__(self, spec: "GameSpec") -> None:
        self.spec = spec
        self.name = spec.name
        self.game = spec.game
        self.bot_kinds = tuple(spec.bots)

    def make_bot(self, kind: str, seed: int, lang: str) -> Any:
        # the bots' own reasons are not logged (the table's public describer is): no sentences
        return self.spec.make_bot(kind, seed, lang, explain=False)

    def new_game(self, seed: int, settings: dict[str, Any]) -> Any:
        return self.game(seed=seed, **settings)

    def load(self, text: str) -> Any:
        return self.game.from_json(text)  # the bounded reader; every action replayed, checked

    def replay_start(self, game: Any) -> Any:
        return self.game.from_dict({**game.to_dict(), "actions": []})

    @staticmethod
    def settings(game: Any) -> dict[str, Any]:
        return {"players": list(game.names)}

    @staticmethod
    def hidden_text(row: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return row["text"]

    def reveal_words(self, kinds: Sequence[str], lang: str) -> str:
        return join_and([i18n.gettext("engine", self.game.REVEAL_TEXT.get(k, k), lang)
                         for k in kinds], lang)


class RoomFacts:
    """What a class room needs to know of one game beyond its class (a plain default a game
    subclasses; :class:`~periodic_edu.tabletop.contracts.RoomFactsProtocol` is the contract).

    ``spec`` is set by :func:`register_game`. Every method reads the game or its save, never a
    store: the room stays the only writer (DESIGN §7)."""

    spec: "GameSpec"
    #: the reason ids of text the game could not read as a move at all (kept as "an unreadable
    #: move", never the text: issue 29)
    unread: tuple[str, ...] = ()

    def new_game(self, names: list[str], edition: str, seed: int | None,
                 class_code: str | None, max_rounds: int | None) -> Any:
        """A table's game. ``class_code``: a duplicate deal (every table the code's seed)."""
        if class_code is not None:
            from .seeds import seed_from_class_code
            seed = seed_from_class_code(class_code)
        return self.spec.game(players=names, seed=seed, max_rounds=max_rounds)

    def trend_moves(self, save: str) -> list[tuple[int, str, str, str]]:
        """The moves along a trend of the board, as ``(seat, trend, from, to)``: what the
        teacher sees checked against the data. A game without trends: none."""
        return []

    def totals(self, game: Any) -> list[int]:
        """Each seat's score as the room shows it (a game may hide a secret part until the
        end): the rules' totals."""
        return [r["total"] for r in game.scores()]

    def public_view(self, game: Any) -> dict[str, Any]:
        """What a spectator may see. The default is the game's own spectator view
        (``game.view(None)``) when it has one; a game whose views are per seat only overrides
        it."""
        view = game.view(None)
        view["legal_actions"] = []
        if game.is_over:
            view["final_scores"] = game.scores()
        return view

    def reason_id(self, message: dict[str, Any]) -> str:
        """The id the room stores for a refusal's message (``Message.to_dict()``)."""
        return str(message["id"])

    def group(self, reason: str, params: dict[str, Any]) -> tuple[str, str]:
        """``(kind, id)`` a refusal is grouped under on the teacher's page: by default its rule."""
        return "rule", reason

    def message(self, reason: str, params: dict[str, Any], action: str) -> i18n.Message:
        """The stored refusal as the game's message again (to say it in any language); a
        ``KeyError`` for a reason the game does not know (the page names it by its id)."""
        raise KeyError(reason)

    def group_word(self, kind: str, gid: str, lang: str) -> str | None:
        """The name of a group the game made (not a rule or a trend), in ``lang``."""
        return None

    def seat_facts(self, view: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        """One seat's public facts in a table's public view, for the teacher's "watch a
        table" panel (numbers and names only)."""
        return {}

    # the part every game shares: a refusal as (reason id, group kind, group id, params)
    def refusal(self, error: Exception) -> tuple[str, str, str, dict]:
        """``(reason id, group kind, group id, params)`` of a refused move, never free text:
        the rules' message stored through its one message class (``Message.to_dict()``),
        nested parts as ``{"id", "params"}``. A refusal without a message (notation the engine
        could not read) is the rule ``notation``."""
        why = getattr(error, "why", None)
        if not isinstance(why, i18n.Message):
            why = getattr(error, "reason", None)
        if not isinstance(why, i18n.Message):
            return "notation", "rule", "notation", {}
        stored = self._stored(why.to_dict())
        reason, params = stored["id"], stored["params"]
        kind, gid = self.group(reason, params)
        return reason, kind, gid, params

    def _stored(self, message: dict[str, Any]) -> dict[str, Any]:
        return {"id": self.reason_id(message),
                "params": {k: self._plain(v) for k, v in message["params"].items()}}

    def _plain(self, value: Any) -> Any:
        if isinstance(value, i18n.Message):  # a part of the sentence inside a list
            return self._stored(value.to_dict())
        if isinstance(value, dict) and "domain" in value and "id" in value:
            return self._stored(value)
        if isinstance(value, (list, tuple)):
            return [self._plain(v) for v in value]
        if isinstance(value, (str, int, float, bool)) or value is None:
            return value
        return str(value)


@dataclass(frozen=True)
class GameSpec:
    """One game of the kit: its class, its bots, and the facts a host cannot guess."""

    name: str
    title: str
    game: type[TurnGame]
    bots: Mapping[str, type[Bot]]
    #: ``options`` (the game's own settings) -> keyword arguments of the game's class
    settings: Callable[[Mapping[str, Any]], dict[str, Any]]
    #: a finished game -> what ended it (an id of the game's summary)
    end_kind: Callable[[Any], str]
    #: the replay's picture of the state (public and hidden: a replay shows everything)
    state_picture: Callable[[Any], dict[str, Any]]
    #: ``(options, players, seed)`` -> the stem of a save file's name
    save_stem: Callable[[Mapping[str, Any], int, int], str]
    #: ``(name, seed, lang, explain)`` -> a bot (``explain=False``: no sentences, for bulk play)
    bot_factory: Callable[[str, int, str | None, bool], Bot]
    #: every id ``end_kind`` may give (a balance report counts each)
    end_kinds: tuple[str, ...] = ()
    #: a game -> the turns played (a game counts them its own way)
    turns_of: Callable[[Any], int] = lambda game: game.turn
    #: ``(edition, max_rounds)`` -> the settings a balance run with no options plays
    balance_settings: Callable[[str, int], dict[str, Any]] = lambda edition, rounds: {}
    #: the settings a balance report names besides the round limit
    report_settings: tuple[str, ...] = ()
    #: the editions a class may choose (empty: the game has none, any is accepted)
    editions: tuple[str, ...] = ()
    #: its rule book's file in docs/ (shipped in the wheel): the page How to play opens
    rules_book: str = ""
    #: the game's rules at a table: called with the spec, made once
    table_rules: Callable[["GameSpec"], TableRules] = TurnGameRules
    #: what a class room needs to know of the game (:class:`RoomFacts`)
    room: RoomFacts = field(default_factory=RoomFacts)

    @cached_property
    def rules(self) -> TableRules:
        """The game's rules at a table (one object per spec)."""
        return self.table_rules(self)

    def new_game(self, seed: int | None = None, players: Any = 2, **options: Any) -> TurnGame:
        return self.game(players=players, seed=seed, **self.settings(options))

    def make_bot(self, name: str, seed: int = 0, lang: str | None = None,
                 explain: bool = True) -> Bot:
        return self.bot_factory(name, seed, lang, explain)

    def parse_bots(self, spec: str, players: int) -> list[str]:
        return parse_bot_list(spec, players, self.bots)

    def turns(self, game: Any) -> int:
        """Turns played (each game says how it counts them)."""
        return self.turns_of(game)

    def edition_ok(self, edition: Any) -> bool:
        return not self.editions or edition in self.editions

    def load_save(self, save: str) -> TurnGame:
        """The game of a stored save text (replayed and checked)."""
        return self.game.from_dict(json.loads(save))


#: every registered game by name, in the order they registered (the kit's games first)
GAMES: dict[str, GameSpec] = {}


def register_game(spec: GameSpec) -> GameSpec:
    """Make ``spec`` a game of the kit (its package calls this once, on import). Registering
    the same spec again changes nothing; another game under a taken name is refused."""
    held = GAMES.get(spec.name)
    if held is not None and held is not spec:
        if held.game is not spec.game:
            raise ValueError(f"a game named {spec.name!r} is registered already")
    spec.room.spec = spec
    GAMES[spec.name] = spec
    return spec


def get_game(name: str) -> GameSpec:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {echo(name)}: choose one of "
                         f"{', '.join(GAMES)}") from None


def spec_of_save(doc: Any) -> GameSpec:
    """The game a save document belongs to, by its ``format`` field."""
    fmt = doc.get("format") if isinstance(doc, dict) else None
    for spec in GAMES.values():
        if fmt == spec.game.SAVE_FORMAT:
            return spec
    raise SaveError(f"save file: field 'format' must be one of "
                    f"{', '.join(repr(s.game.SAVE_FORMAT) for s in GAMES.values())}, "
                    f"not {echo(fmt)}")


def spec_of_game(game: Any) -> GameSpec:
    """The spec of a live game, by its class."""
    for spec in GAMES.values():
        if type(game) is spec.game:
            return spec
    raise ValueError(f"no registered game plays {type(game)!r}")
