"""Where matplotlib does not exist (Python in the browser), the figure functions say so and
name the widgets that work there, instead of failing deep inside an import."""
from __future__ import annotations

import sys

import pytest

from periodic_edu.widgets import plot_board, plot_trend


@pytest.mark.parametrize("call", [lambda: plot_board(), lambda: plot_trend("atomic_mass")])
def test_no_matplotlib_gives_a_clear_message(monkeypatch, call):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    with pytest.raises(ImportError, match="no matplotlib.*TrendChart"):
        call()
