"""Fuzzing (issue 9): a few hundred cases per target in the default run, thousands with
``-m fuzz``. Every target counts what it tried and how each case ended; the counts are printed
in the terminal summary (by tests/conftest.py, which also gathers them from xdist workers) (and each test prints its own line, shown with ``-s`` or ``-rP``)."""
from __future__ import annotations

from fuzz_helpers import COUNTS


def pytest_collection_modifyitems(config, items):
    """The ``fuzz`` tests run only when asked for (``-m fuzz``); they are deselected, not
    skipped, otherwise."""
    if "fuzz" in (config.getoption("markexpr") or ""):
        return
    keep, drop = [], []
    for item in items:
        (drop if item.get_closest_marker("fuzz") else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def pytest_sessionfinish(session):
    """In a pytest-xdist worker: hand the counts to the controller, which prints them with
    the others' (tests/conftest.py); without xdist tests/conftest.py reads COUNTS itself."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None and COUNTS:
        output["fuzz_counts"] = {t: dict(c) for t, c in COUNTS.items()}
