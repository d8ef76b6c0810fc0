"""Elemonster: the second game of the kit (ELEMONSTER.md, decisions E-1..E-23).

Element cards with real data, duels of electronegativity against ionization energy, and bonds
built from electron shells. Its own package beside ``periodic_edu.engine``, sharing the element
data and the tabletop's error types; pure standard library, no widget code. How the kit hosts
it (its ``GameSpec``, table rules and room facts) is :mod:`.spec`, registered once.

>>> from periodic_edu.elemonster import check_bond
>>> check_bond("molecule", "H2O")
10
"""
from __future__ import annotations

from .bonds import Bond, check_bond
from .cards import Card, card
from .deck import Deck, load_deck
from .errors import DeckError, IllegalBondError, IllegalMoveError, SaveError, UndoError
from .scoring import hand_penalty

__all__ = ["check_bond", "Bond", "Card", "card", "Deck", "load_deck", "IllegalBondError",
           "IllegalMoveError", "DeckError", "SaveError", "UndoError", "hand_penalty"]

from .actions import Action  # noqa: E402
from .game import Game, View  # noqa: E402

__all__ += ["Game", "View", "Action"]
