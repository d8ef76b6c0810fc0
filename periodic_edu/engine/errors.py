"""The engine's typed errors. Each is a ``ValueError`` so the CLI turns it into one stderr line.

Like python-chess's ``IllegalMoveError`` the message is written for a person: it names the player,
the action and why, or the file, the card and the fault.
"""
from __future__ import annotations

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
        self.why = why
        who = "" if player is None else f"player {player + 1} "
        super().__init__(f"{who}cannot play '{self.action}': {why}")


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
