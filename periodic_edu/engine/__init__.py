"""The Periodic engine: rules, state, actions, scoring, editions and decks (RULES.md).

>>> from periodic_edu.engine import Game
>>> g = Game(players=2, edition="en", seed=1, max_rounds=2)
>>> g.play(g.legal_actions()[0]).kind
'agenda'

Modules, one job each:

* :mod:`.errors` - ``IllegalMoveError``, ``DeckError``, ``SaveError``, ``UndoError``
* :mod:`.editions` - the ``en``/``uk`` presets, read from ``data/editions.json``
* :mod:`.decks` - goal-card and agenda files: formula parser, validation, D-5 setup check
* :mod:`.tables` - constants: colours, AA track, element groups, trend codes
* :mod:`.rng` - the seeded generators (SHA-256 counter mode; SplitMix64 for version-1 saves, D-7)
* :mod:`.seeds` - fresh 128-bit seeds and class codes (``K7Q2-M9XD``) from :mod:`secrets`
* :mod:`.safejson` - bounded JSON reading for saves and decks
* :mod:`.actions` - :class:`Action` and the notation (table in its docstring)
* :mod:`.state` - :class:`State` (plain data) and setup (RULES §3)
* :mod:`.rules` - legal actions, apply, why-illegal; the engine's decisions R-1..R-13
* :mod:`.scoring` - final scoring, tiebreaks, the agenda optimizer
* :mod:`.view` - :class:`PlayerView`, what one player may see
* :mod:`.game` - the :class:`Game` facade: play/undo/view/save/load
* :mod:`.spec` - Periodic as the kit hosts it: its ``GameSpec``, table rules and room facts,
  registered once (imported by :mod:`periodic_edu.games`)
"""
from __future__ import annotations

from .actions import Action, NotationError
from .decks import (AgendaCard, AgendaDeck, GoalCard, GoalDeck, check_setup, load_agenda_deck,
                    load_goal_deck, parse_formula)
from .editions import EDITIONS, Edition, get_edition
from .errors import DeckError, EngineError, IllegalMoveError, SaveError, UndoError
from .game import Game
from ..tabletop.seeds import (ClassCodeError, new_class_code, new_seed, parse_class_code,
                    seed_from_class_code)
from .scoring import best_agenda, objective_value
from .state import State
from .tables import AA_VALUES, COLOURS, FAMILIES, FAMILY_OF, TREND_ABBR
from .view import PlayerView

__all__ = [
    "Game", "Action", "State", "PlayerView", "IllegalMoveError", "DeckError", "SaveError",
    "UndoError", "EngineError", "NotationError", "Edition", "EDITIONS", "get_edition",
    "GoalCard", "AgendaCard", "GoalDeck", "AgendaDeck", "load_goal_deck", "load_agenda_deck",
    "check_setup", "parse_formula", "best_agenda", "objective_value", "AA_VALUES", "COLOURS",
    "FAMILIES", "FAMILY_OF", "TREND_ABBR", "ClassCodeError", "new_seed", "new_class_code",
    "parse_class_code", "seed_from_class_code",
]
