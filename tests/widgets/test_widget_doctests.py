"""The widgets' docstring examples run (the dashboard, linking, figures, message checks)."""
import doctest
import importlib

import pytest

MODULES = ["periodic_edu.widgets", "periodic_edu.widgets.dashboard",
           "periodic_edu.widgets.figures", "periodic_edu.widgets._game_intents",
           "periodic_edu.widgets.homework_game", "periodic_edu.widgets.game_views"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
