"""The tabletop: what every game of the kit stands on, and no rules of any game.

Standard library only. Modules, one job each:

* :mod:`.game` - :class:`TurnGame`, the base of both games: history, undo, reveal tracking,
  checked replay, bounded loading, saving (a game supplies its rules through a few hooks)
* :mod:`.errors` - the one family of refusals (``IllegalMoveError``, ``SaveError``, ...)
* :mod:`.rng` - the seeded generators (SHA-256 counter mode; SplitMix64 for old saves)
* :mod:`.seeds` - fresh 128-bit seeds and class codes from :mod:`secrets`
* :mod:`.safejson` - bounded JSON reading for saves, decks and browser payloads
* :mod:`.bots` - the bot layer: a decision with its reason, the bot base, random bots, the
  ``--bots`` list, playing a game out
* :mod:`.table` - a table: seats (a person or a bot), the public log, the undo policy, saves
* :mod:`.spec` - :class:`GameSpec`, what the kit needs to host a game, and the registry every
  game registers with (``register_game``; :mod:`periodic_edu.games` is the kit's front door)
* :mod:`.contracts` - the contracts as ``typing.Protocol``s: a game's hooks, table rules, the
  save store, a game's room facts

Every translatable sentence is a :class:`periodic_edu.i18n.Message` (a ``str`` keyed by domain
and id that renders in any language).
"""
from __future__ import annotations

from .errors import DeckError, GameError, IllegalMoveError, SaveError, UndoError
from .game import TurnGame
from .rng import GENERATORS, MAX_SEED_BITS, Rng, SplitMix64, check_seed
from .seeds import (ClassCodeError, new_class_code, new_seed, parse_class_code,
                    seed_from_class_code)

__all__ = ["TurnGame", "GameError", "IllegalMoveError", "DeckError", "SaveError", "UndoError",
           "Rng", "SplitMix64", "GENERATORS", "MAX_SEED_BITS", "check_seed", "ClassCodeError",
           "new_class_code", "new_seed", "parse_class_code", "seed_from_class_code"]
