"""One family of refusals for every game. Each is a ``ValueError`` so a command line turns it
into one stderr line, and each message is written for a person: it names the player, the action
and why, or the file, the entry and the fault.

``why`` (of a move) is a :class:`~periodic_edu.i18n.Message` when the rules gave the reason: a
``str`` (the English sentence, what ``str()`` shows) that says itself in any language with
``render(lang)``. :meth:`IllegalMoveError.render` says the whole refusal in a language.

>>> str(IllegalMoveError(1, "s:ie>F", "Spend costs 2 energy and you have 1"))
"player 2 cannot play 's:ie>F': Spend costs 2 energy and you have 1"
"""
from __future__ import annotations

from typing import Any, Sequence

from .. import i18n
from ..echo import clean
from ..i18n import N_

__all__ = ["GameError", "IllegalMoveError", "DeckError", "SaveError", "UndoError"]

#: the table's sentences (domain ``engine``, where their translations have always been)
_CANNOT_PLAY = {
    "cannot_play": N_("cannot play '{action}': {why}"),
    "cannot_play_seat": N_("player {seat} cannot play '{action}': {why}"),
    "cannot_play_named": N_("{name} (player {seat}) cannot play '{action}': {why}"),
}


class GameError(ValueError):
    """Base class of every game's refusals."""


class IllegalMoveError(GameError):
    """An action that is not legal now. The game is left exactly as it was."""

    def __init__(self, player: int | None, action: object, why: str) -> None:
        self.player = player
        self.action = clean(action) if isinstance(action, str) else clean(str(action))
        #: why not: a :class:`~periodic_edu.i18n.Message` from the rules, or plain English text
        self.why = why
        who = "" if player is None else f"player {player + 1} "
        super().__init__(f"{who}cannot play '{self.action}': {why}")

    @property
    def reason(self) -> i18n.Message | None:
        """The rules' reason as a message (None when the refusal is plain text)."""
        return self.why if isinstance(self.why, i18n.Message) else None

    def render(self, lang: str | None = None, names: Sequence[str] | None = None,
               **context: Any) -> str:
        """The refusal in ``lang``; with ``names`` (the seats' names) the player is named
        ("Ada (player 1) cannot play ..."). ``context`` goes to the reason's own render (the
        Periodic engine's ``cards=`` names goal cards by their compound)."""
        why = self.why.render(lang, **context) if isinstance(self.why, i18n.Message) else self.why
        params: dict[str, Any] = {"action": self.action, "why": why}
        key = "cannot_play"
        if self.player is not None:
            params["seat"] = self.player + 1
            key = "cannot_play_seat"
            if names is not None and 0 <= self.player < len(names):
                key = "cannot_play_named"
                params["name"] = names[self.player]
        return i18n.gettext("engine", _CANNOT_PLAY[key], lang).format(**params)


class DeckError(GameError):
    """A deck file that cannot be used; nothing of it is loaded. Names file, entry and fault.

    >>> str(DeckError("my.json", "elements[3]", "duplicate element 'H'"))
    "my.json: elements[3]: duplicate element 'H'"
    """

    def __init__(self, file: str, entry: str | None, fault: str) -> None:
        self.file = clean(str(file))
        self.entry = entry if entry is None else clean(str(entry))
        self.fault = fault
        super().__init__(f"{self.file}: {self.entry}: {fault}" if entry is not None
                         else f"{self.file}: {fault}")

    @property
    def card(self) -> str | None:
        """The entry, by the Periodic decks' name for it."""
        return self.entry


class SaveError(GameError):
    """A save file that is malformed or does not replay (names the field or the action index)."""


class UndoError(GameError):
    """``undo()`` with nothing to undo."""

