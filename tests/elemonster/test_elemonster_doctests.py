"""Elemonster's docstring examples run, and the package imports no widget library."""
import doctest
import importlib
import subprocess
import sys

import pytest

MODULES = ["periodic_edu.elemonster", "periodic_edu.elemonster.cards",
           "periodic_edu.elemonster.deck", "periodic_edu.elemonster.bonds",
           "periodic_edu.elemonster.scoring", "periodic_edu.elemonster.errors",
           "periodic_edu.elemonster.actions", "periodic_edu.elemonster.game",
           "periodic_edu.elemonster.bots", "periodic_edu.elemonster.words"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0

