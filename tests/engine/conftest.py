"""Fixtures for the engine tests (helpers live in engine_helpers.py)."""
import pytest

from engine_helpers import new_game


@pytest.fixture
def g4():
    return new_game(players=4)


@pytest.fixture
def g2():
    return new_game(players=2)
