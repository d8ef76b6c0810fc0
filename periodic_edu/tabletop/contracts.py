"""The kit's contracts as :class:`typing.Protocol`s: what a game, its rules at a table, a save
store and a game's room facts must offer. They say in types what the docstrings of
:mod:`.game`, :mod:`.table` and :mod:`.spec` say in words; each is ``runtime_checkable``, so a
test (tests/test_conformance.py) checks every registered game against them.

>>> from periodic_edu.games import GAMES
>>> all(isinstance(s.rules, TableRules) and isinstance(s.room, RoomFactsProtocol)
...     for s in GAMES.values())
True
"""
from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence, runtime_checkable

__all__ = ["GameHooks", "TableRules", "SaveStore", "RoomFactsProtocol"]


@runtime_checkable
class GameHooks(Protocol):
    """What a game supplies to :class:`~periodic_edu.tabletop.game.TurnGame` (its hooks) and
    what every host reads of a game."""

    SAVE_FORMAT: str
    REVEAL_TEXT: dict[str, str]

    def _list_legal(self, state: Any) -> list[Any]: ...

    def _checked(self, action: Any) -> Any: ...

    @staticmethod
    def _apply(state: Any, action: Any) -> None: ...

    @staticmethod
    def _hidden(state: Any) -> Any: ...

    @staticmethod
    def _revealed(before: Any, after: Any) -> tuple[str, ...]: ...

    def _header(self) -> dict[str, Any]: ...

    @property
    def current_player(self) -> int | None: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def observe(self, seat: int) -> Any: ...

    def scores(self) -> list[dict[str, Any]]: ...

    def winners(self) -> list[int]: ...


@runtime_checkable
class TableRules(Protocol):
    """A game's rules at a :class:`~periodic_edu.tabletop.table.Table` (its docstring says what
    each member does); optionally also ``row(row, names, lang, hidden)``."""

    name: str
    bot_kinds: tuple[str, ...]

    def new_game(self, seed: int, settings: dict[str, Any]) -> Any: ...

    def load(self, text: str) -> Any: ...

    def replay_start(self, game: Any) -> Any: ...

    def make_bot(self, kind: str, seed: int, lang: str) -> Any: ...

    def tell(self, game: Any, seat: int, action: Any,
             lang: str) -> Callable[[Any], dict[str, Any]]: ...

    def hidden_text(self, row: dict[str, Any], names: Sequence[str], lang: str) -> str: ...

    def reveal_words(self, kinds: Sequence[str], lang: str) -> str: ...

    def settings(self, game: Any) -> dict[str, Any]: ...


@runtime_checkable
class SaveStore(Protocol):
    """Where a table saves (:class:`periodic_edu.widgets.save_store.SaveStore`): one owner at a
    time, every write a compare-and-set on the save's generation."""

    @staticmethod
    def new_token() -> str: ...

    def get(self, token: Any) -> dict[str, Any] | None: ...

    def claim(self, token: Any) -> tuple[dict[str, Any], int] | None: ...

    def put_owned(self, token: str, record: dict[str, Any], generation: int) -> bool: ...


@runtime_checkable
class RoomFactsProtocol(Protocol):
    """What a class room and the teacher's page ask of a game
    (:class:`~periodic_edu.tabletop.spec.RoomFacts` is the plain default)."""

    unread: tuple[str, ...]

    def new_game(self, names: list[str], edition: str, seed: int | None,
                 class_code: str | None, max_rounds: int | None) -> Any: ...

    def trend_moves(self, save: str) -> list[tuple[int, str, str, str]]: ...

    def totals(self, game: Any) -> list[int]: ...

    def public_view(self, game: Any) -> dict[str, Any]: ...

    def refusal(self, error: Exception) -> tuple[str, str, str, dict]: ...

    def message(self, reason: str, params: dict[str, Any], action: str) -> Any: ...

    def group_word(self, kind: str, gid: str, lang: str) -> str | None: ...

    def seat_facts(self, view: dict[str, Any], seat: int, lang: str) -> dict[str, Any]: ...
