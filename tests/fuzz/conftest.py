"""Fuzzing (issue 9): a few hundred cases per target in the default run, thousands with
``-m fuzz``. Every target counts what it tried and how each case ended; the counts are printed
in the terminal summary (and each test prints its own line, shown with ``-s`` or ``-rP``)."""
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


def pytest_terminal_summary(terminalreporter):
    if not COUNTS:
        return
    terminalreporter.section("fuzzing: what was tried")
    for target, counts in sorted(COUNTS.items()):
        total = sum(counts.values())
        parts = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        terminalreporter.write_line(f"{target}: {total} cases ({parts})")
