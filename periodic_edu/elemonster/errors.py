"""Elemonster's refusals. They are the Periodic engine's error types (one contract for the
CLI: a ``ValueError`` whose message is written for the user), plus :class:`IllegalBondError`.
"""
from __future__ import annotations

from ..engine.errors import DeckError as _EngineDeckError
from ..engine.errors import EngineError, IllegalMoveError, SaveError, UndoError

__all__ = ["EngineError", "IllegalMoveError", "IllegalBondError", "DeckError", "SaveError",
           "UndoError"]


class IllegalBondError(EngineError):
    """Two cards that cannot be laid as that bond (ELEMONSTER §6); the message says why."""


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
