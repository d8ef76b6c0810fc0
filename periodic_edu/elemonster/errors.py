"""Elemonster's refusals: the tabletop's one family (a ``ValueError`` whose message is written
for the user: one contract for the CLI), plus :class:`IllegalBondError`.

``str(error)`` is English (the CLI's and the JSON's contract). A bond or move refusal keeps its
reason structured (:class:`~periodic_edu.elemonster.words.Reason`, a message of the
``elemonster`` catalog) in ``error.reason``; :func:`explain` says it in a language:

>>> from periodic_edu.elemonster import Game
>>> g = Game(players=2, seed=5)
>>> try:
...     g.play("D-")
... except IllegalMoveError as error:
...     print(error); print(explain(error, "de"))
player 1 cannot play 'D-': a hand of 5 or more cards discards exactly one (ELEMONSTER E-12)
Spieler 1 kann „D-“ nicht spielen: Wer 5 oder mehr Karten auf der Hand hat, legt genau eine ab (ELEMONSTER E-12)
"""
from __future__ import annotations

from ..tabletop.errors import DeckError, GameError, IllegalMoveError, SaveError, UndoError
from .words import Reason

__all__ = ["EngineError", "GameError", "IllegalMoveError", "IllegalBondError", "DeckError",
           "SaveError", "UndoError", "explain"]

#: the name the Periodic engine gives the family's base (both games raise the same classes)
EngineError = GameError


class IllegalBondError(GameError):
    """Two cards that cannot be laid as that bond (ELEMONSTER §6); the message says why.
    ``reason``: the same as a :class:`Reason` (None when made from a plain text)."""

    def __init__(self, why: Reason | str) -> None:
        self.reason = why if isinstance(why, Reason) else None
        super().__init__(str(why))

    def render(self, lang: str | None = None) -> str:
        return str(self) if self.reason is None else self.reason.render(lang)


def explain(error: BaseException, lang: str | None = None) -> str:
    """An Elemonster refusal in ``lang`` (its English message when it has no reason)."""
    render = getattr(error, "render", None)
    return render(lang) if callable(render) else str(error)
