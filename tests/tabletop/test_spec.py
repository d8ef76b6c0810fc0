"""The registry of games (periodic_edu/tabletop/spec.py): one registration per game, a name
held by one game, lookups that say what went wrong."""
from __future__ import annotations

import dataclasses

import pytest

from periodic_edu.games import GAMES, get_game, register_game, spec_of_game, spec_of_save
from periodic_edu.tabletop import SaveError


def test_a_taken_name_is_refused_and_the_same_spec_registers_once():
    periodic = GAMES["periodic"]
    assert register_game(periodic) is periodic and list(GAMES).count("periodic") == 1
    other = dataclasses.replace(GAMES["elemonster"], name="periodic")
    with pytest.raises(ValueError, match="'periodic' is registered already"):
        register_game(other)
    assert GAMES["periodic"] is periodic


def test_lookups_name_what_is_wrong():
    with pytest.raises(ValueError, match="unknown game 'chess': choose one of periodic"):
        get_game("chess")
    with pytest.raises(SaveError, match="field 'format' must be one of"):
        spec_of_save({"format": "chess/pgn"})
    with pytest.raises(ValueError, match="no registered game plays"):
        spec_of_game(object())
    g = GAMES["elemonster"].new_game(seed=2)
    assert spec_of_game(g) is GAMES["elemonster"] is spec_of_save(g.to_dict())
