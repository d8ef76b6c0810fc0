"""Elemonster's refusals. They are the Periodic engine's error types (one contract for the
CLI: a ``ValueError`` whose message is written for the user), plus :class:`IllegalBondError`.

``str(error)`` is English (the CLI's and the JSON's contract). A bond or move refusal also
keeps its reason structured (:class:`~periodic_edu.elemonster.words.Reason`: a message id of
the ``elemonster`` catalog and named ids) in ``error.reason``; :func:`explain` says it in a
language:

>>> from periodic_edu.elemonster import Game
>>> g = Game(players=2, seed=5)
>>> try:
...     g.play("D-")
... except IllegalMoveError as error:
...     print(error); print(explain(error, "de"))
player 1 cannot play 'D-': a hand of 5 or more cards discards exactly one (ELEMONSTER E-12)
Spieler 1 kann 'D-' nicht spielen: Wer 5 oder mehr Karten auf der Hand hat, legt genau eine ab (ELEMONSTER E-12)
"""
from __future__ import annotations

from ..engine.errors import DeckError as _EngineDeckError
from ..engine.errors import EngineError, IllegalMoveError, SaveError, UndoError

from .words import N_, Reason

__all__ = ["EngineError", "IllegalMoveError", "IllegalBondError", "DeckError", "SaveError",
           "UndoError", "move_error", "explain"]

_CANNOT_PLAY = N_("player {n} cannot play '{action}': {why}")
_CANNOT_PLAY_NOBODY = N_("cannot play '{action}': {why}")


class IllegalBondError(EngineError):
    """Two cards that cannot be laid as that bond (ELEMONSTER §6); the message says why.
    ``reason``: the same as a :class:`Reason` (None when made from a plain text)."""

    def __init__(self, why: Reason | str) -> None:
        self.reason = why if isinstance(why, Reason) else None
        super().__init__(str(why))


def move_error(player: int | None, action: object, why: Reason | str) -> IllegalMoveError:
    """The engine's :class:`IllegalMoveError` (English message, as the CLI shows it) carrying
    the structured ``reason`` for :func:`explain`."""
    error = IllegalMoveError(player, action, str(why))
    error.reason = why if isinstance(why, Reason) else None  # type: ignore[attr-defined]
    return error


def explain(error: BaseException, lang: str | None = None) -> str:
    """An Elemonster refusal in ``lang``: its structured reason when it has one (a bond or a
    move refused by the rules), else its English message."""
    reason = getattr(error, "reason", None)
    if not isinstance(reason, Reason):
        return str(error)
    if isinstance(error, IllegalMoveError):
        wrapper = _CANNOT_PLAY if error.player is not None else _CANNOT_PLAY_NOBODY
        params = {"action": error.action, "why": reason}
        if error.player is not None:
            params["n"] = error.player + 1
        return Reason(wrapper, **params).render(lang)
    return reason.render(lang)


class DeckError(_EngineDeckError):
    """A deck file that cannot be used; nothing of it is loaded. Names file, entry and fault.

    >>> str(DeckError("my.json", "elements[3]", "duplicate element 'H'"))
    "my.json: elements[3]: duplicate element 'H'"
    """

    def __init__(self, file: str, entry: str | None, fault: str) -> None:
        super().__init__(file, entry, fault)
        self.entry = entry
        self.args = (f"{file}: {entry}: {fault}" if entry is not None else f"{file}: {fault}",)

    def __str__(self) -> str:
        return self.args[0]
