"""Elemonster's soak tests (marked ``slow``) are opt-in: they run only when ``-m`` names
``slow`` (``pytest -m slow tests/elemonster``); otherwise they are deselected, not skipped."""


def pytest_collection_modifyitems(config, items):
    if "slow" in (config.getoption("markexpr") or ""):
        return
    keep = [item for item in items if item.get_closest_marker("slow") is None
            or "elemonster" not in str(item.fspath)]
    dropped = [item for item in items if item not in keep]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
