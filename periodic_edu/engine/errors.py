"""The engine's typed errors. Each is a ``ValueError`` so the CLI turns it into one stderr line.

Like python-chess's ``IllegalMoveError`` the message is written for a person: it names the player,
the action and why, or the file, the card and the fault.
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..echo import clean, echo

__all__ = ["EngineError", "IllegalMoveError", "DeckError", "SaveError", "UndoError"]


class EngineError(ValueError):
    """Base class of the engine's refusals."""


class IllegalMoveError(EngineError):
    """An action that is not legal now. The game state is left exactly as it was.

    >>> str(IllegalMoveError(1, "s:ie>F", "Spend costs 2 energy and you have 1"))
    "player 2 cannot play 's:ie>F': Spend costs 2 energy and you have 1"
    """

    def __init__(self, player: int | None, action: object, why: str) -> None:
        self.player = player
        self.action = clean(action) if isinstance(action, str) else clean(str(action))
        #: why not: a :class:`~periodic_edu.engine.reasons.Reason` from the engine (a str that
        #: can be rendered in another language), or plain English text
        self.why = why
        who = "" if player is None else f"player {player + 1} "
        super().__init__(f"{who}cannot play '{self.action}': {why}")

    def render(self, lang: str | None = None, names: Sequence[str] | None = None,
               cards: Callable[[str], str | None] | None = None) -> str:
        """The message in ``lang``; with ``names`` (the seats' names) the player is named
        ("Ada (player 1) cannot play ..."); ``cards``: goal card id -> English name, see
        :func:`~periodic_edu.engine.reasons.card_namer`. English is ``str(self)`` when no
        names are given."""
        from .reasons import render, say
        why = say(self.why, lang, cards)
        params: dict = {"action": self.action, "why": why}
        if self.player is None:
            return render("cannot_play", params, lang)
        params["seat"] = self.player + 1
        if names is not None and 0 <= self.player < len(names):
            return render("cannot_play_named", {**params, "name": names[self.player]}, lang)
        return render("cannot_play_seat", params, lang)


class DeckError(EngineError):
    """A goal-card or agenda file that cannot be used; nothing of it is loaded."""

    def __init__(self, file: str, card: str | None, fault: str) -> None:
        self.file = clean(str(file))
        self.card = card if card is None else clean(str(card))
        self.fault = fault
        where = f"{self.file}: card {echo(self.card)}" if card is not None else self.file
        super().__init__(f"{where}: {fault}")


class SaveError(EngineError):
    """A save file that is malformed or does not replay (names the field or the action index)."""


class UndoError(EngineError):
    """``Game.undo()`` with nothing to undo."""
