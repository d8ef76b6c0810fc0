"""Shared by every test folder: ONE Playwright per process, and the wheel built once per run.

Playwright's sync API runs its own event loop, so a second ``sync_playwright()`` in the same
process fails; tests/browser (Voila, JupyterLab, Notebook 7) and tests/site (the static site)
each launch their own Chromium from this one instance.

Parallel runs (pytest-xdist: ``scripts/test`` runs ``-n 3 --dist loadfile``): every test file
runs whole on one worker process, three workers at a time. A test or fixture you add must be
safe next to any other file's tests running at the same moment:

* servers on a free 127.0.0.1 port (``browser_helpers.serving`` / ``ports.free_port``: each
  worker its own ports, below the ones the kernel hands out at random), never a fixed one;
  each worker starts its own session servers (Voila, PostgreSQL, ...);
* files only under ``tmp_path`` / ``tmp_path_factory`` (each worker has its own), never in the
  repository or a fixed /tmp path; a file several workers must write (artifacts/figures.json,
  a machine-wide cache like axe-core's) is written under ``shared_builds.file_lock``;
* something expensive that every worker needs but that needs building only once (the static
  site, the wheel) goes through ``shared_builds.once_per_run`` (a file lock in the run's shared
  temporary folder: the first worker builds, the others read its result);
* module-scoped state is fine (a file never leaves its worker); never rely on another FILE's
  tests having run first, or on their order;
* no fixed sleeps: wait on the condition (a log line, an attribute such as the board's
  ``data-sized``), with a deadline.
"""
from __future__ import annotations

import collections
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from shared_builds import once_per_run

REPO = Path(__file__).resolve().parent.parent


def _games_of_test_folders() -> None:
    """A test folder may bring a game of its own (issue 30: tests/third_game): its
    ``registers.py`` registers it with the kit and with the conformance suite. Imported here,
    before any test file is collected, so every suite over "all registered games" has it."""
    import importlib
    for path in sorted(Path(__file__).parent.glob("*/registers.py")):
        importlib.import_module(f"{path.parent.name}.registers")


_games_of_test_folders()


#: The files that take longest, longest first (measured with ``--durations`` and the files' wall
#: times in one whole run; see docs/benchmarks.md). pytest-xdist hands whole files to its two
#: workers in this order (each worker holds two at a time), so these start first and the many
#: short files fill the gaps at the end; in collection order one of them could start last and
#: run alone. The second is no static-site file: the first worker builds the site while the
#: second would only wait on the build's lock. A new file that takes over ~30 s belongs here.
SLOW_FIRST = [
    "tests/site/test_static_site.py",
    "tests/browser/test_class_play_phone.py",
    "tests/classroom/test_processes.py",
    "tests/site/test_offline.py",
    "tests/classroom/test_contract.py",
    "tests/browser/test_workshop_server.py",
    "tests/browser/test_class_play_servers.py",
    "tests/browser/test_elemonster_voila.py",
    "tests/browser/test_class_play_voila.py",
    "tests/site/test_homework_page.py",
    "tests/browser/test_nginx.py",
    "tests/browser/test_room_attacks_server.py",
    "tests/classroom/test_room_attacks.py",
    "tests/browser/test_dashboard_a11y.py",
    "tests/browser/test_teacher_voila.py",
    "tests/browser/test_explorer_voila.py",
    "tests/browser/test_class_check_voila.py",
    "tests/site/test_static_tabs.py",
    "tests/browser/test_responsive.py",
    "tests/browser/test_game_playthrough.py",
    "tests/site/test_homework_teacher_import.py",
    "tests/browser/test_game_voila.py",
    "tests/browser/test_workshop_restart.py",
    "tests/browser/test_teacher_route.py",
    "tests/browser/test_phone_first_minute.py",
    "tests/fuzz/test_fuzz_widgets.py",
    "tests/browser/test_notebook7.py",
    "tests/third_game/test_third_game.py",
    "tests/classroom/test_asks.py",
    "tests/browser/test_jupyterlab.py",
    "tests/browser/test_a11y_voila.py",
    "tests/classroom/test_purge_and_faults.py",
    "tests/browser/test_room_store_voila.py",
    "tests/browser/test_teacher_projector.py",
    "tests/browser/test_checks_teacher_voila.py",
    "tests/browser/test_languages_dashboard.py",
]


def pytest_collection_modifyitems(config, items):
    """SLOW_FIRST's files first; within a file, and among the other files, the order stays."""
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}

    def place(item) -> int:
        try:
            name = Path(str(item.fspath)).resolve().relative_to(REPO).as_posix()
        except ValueError:
            return len(rank)
        return rank.get(name, len(rank))

    items.sort(key=place)


@pytest.fixture(scope="session")
def playwright_session():
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(autouse=True)
def _cheap_pin_hashes(monkeypatch):
    """PIN hashes made in the suite's own processes take 1,000 PBKDF2 rounds, not
    credentials.PIN_ROUNDS (60,000): the room's tests make about a thousand of them, 18 s of
    CPU at the real count (Django's test settings swap the password hasher for the same
    reason). Each hash names its rounds, so servers and spawned processes, which keep 60,000,
    check them alike; test_room_attacks checks the real count and the hashes made before."""
    from periodic_edu.classroom import credentials
    monkeypatch.setattr(credentials, "_PBKDF2_ROUNDS", 1_000)


@pytest.fixture
def short_tmp():
    """A fresh folder with a short path (/tmp/pe-XXXXXXXX), removed afterwards: for tests that
    expect a file's path whole in a message. Messages cut what came from outside at
    periodic_edu.echo.LIMIT (80) characters, and tmp_path's own path is longer under xdist
    (.../pytest-N/popen-gw0/<test name>0/), so a name at its end would be cut off."""
    folder = Path(tempfile.mkdtemp(prefix="pe-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _build_wheel(folder: Path) -> dict:
    """The wheel, built from a copy of the sources (the tree is shared; build nothing in it)."""
    src = folder / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(REPO / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(REPO / "periodic_edu", src / "periodic_edu", ignore=ignore)
    shutil.copytree(REPO / "widgets_js", src / "widgets_js", ignore=ignore)
    (src / "docs").mkdir()
    for name in ("rules.md", "elemonster.md"):  # the rules pages (pyproject force-include)
        shutil.copy2(REPO / "docs" / name, src / "docs" / name)
    out = folder / "dist"
    out.mkdir()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--quiet", "--wheel-dir", str(out), str(src)], check=True, cwd=out)
    wheels = [str(p) for p in out.glob("periodic_edu-*.whl")]
    assert len(wheels) == 1, wheels
    return {"wheel": wheels[0]}


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The project's wheel (tests/widgets/test_wheel.py, tests/i18n/test_wheel_catalogs.py),
    built once per run however many workers ask. Treat it as read-only."""
    return Path(once_per_run(tmp_path_factory, "wheel", _build_wheel)["wheel"])


# -- the fuzzers' counts (tests/fuzz), gathered from every xdist worker ------------------------
_FUZZ_COUNTS: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist, in the controller: a worker ended; keep the fuzz counts it sent."""
    for target, counts in getattr(node, "workeroutput", {}).get("fuzz_counts", {}).items():
        _FUZZ_COUNTS[target].update(counts)


def pytest_terminal_summary(terminalreporter):
    here = sys.modules.get("fuzz_helpers")  # tests/fuzz ran in this process (no xdist)
    counts = {**_FUZZ_COUNTS, **(here.COUNTS if here else {})}
    if not counts:
        return
    terminalreporter.section("fuzzing: what was tried")
    for target, found in sorted(counts.items()):
        parts = ", ".join(f"{k} {v}" for k, v in sorted(found.items()))
        terminalreporter.write_line(f"{target}: {sum(found.values())} cases ({parts})")
