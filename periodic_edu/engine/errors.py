"""The engine's typed errors: the tabletop's one family (each a ``ValueError``, so the CLI turns
it into one stderr line), plus the Periodic decks' way of naming a card.

Like python-chess's ``IllegalMoveError`` the message is written for a person: it names the player,
the action and why, or the file, the card and the fault.

>>> str(IllegalMoveError(1, "s:ie>F", "Spend costs 2 energy and you have 1"))
"player 2 cannot play 's:ie>F': Spend costs 2 energy and you have 1"
"""
from __future__ import annotations

from ..echo import echo
from ..tabletop import errors as _tabletop
from ..tabletop.errors import GameError, IllegalMoveError, SaveError, UndoError

__all__ = ["EngineError", "IllegalMoveError", "DeckError", "SaveError", "UndoError"]

#: the Periodic engine's name for the tabletop's base class of refusals
EngineError = GameError


class DeckError(_tabletop.DeckError):
    """A goal-card or agenda file that cannot be used; nothing of it is loaded."""

    def __init__(self, file: str, card: str | None, fault: str) -> None:
        super().__init__(file, card, fault)
        where = f"{self.file}: card {echo(self.entry)}" if card is not None else self.file
        self.args = (f"{where}: {fault}",)
