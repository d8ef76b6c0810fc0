"""Real servers and a real browser for the widget tests.

* ``voila``: ``python -m voila`` serving a temporary copy of ``tests/browser/notebooks`` on a
  free loopback port; each page load gets a fresh kernel, as for a student.
* ``jupyterlab``: ``python -m jupyter lab`` on a free port, no token, settings in a temp dir.
* ``browser``: Debian's Chromium (its headless shell, ``browser_helpers.CHROMIUM``) driven by
  playwright (never ``playwright install``).
* Screenshots go to ``artifacts/screenshots/``, measured figures to ``artifacts/figures.json``.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from browser_helpers import (ARTIFACTS, KERNELS_ON_SOCKETS, REPO, axe_source, launch_chromium,
                             serving)
from shared_builds import file_lock

# elemonster_helpers (tests/elemonster): the catalog's words, for the Elemonster tab's tests
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "elemonster"))

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
#: These notebooks are served to the browser by the tests below; nbval must not run them alone.
collect_ignore_glob = ["notebooks/*"]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def voila(tmp_path_factory):
    home = tmp_path_factory.mktemp("voila")
    root = home / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    # the shipped voila.json's extensions only, as the workshop loads them (not read here: the
    # server starts in its own folder)
    allowed = json.loads((REPO / "voila.json").read_text())["VoilaConfiguration"][
        "extension_allowlist"]
    cmd = [sys.executable, "-m", "voila", "--no-browser", "--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True", KERNELS_ON_SOCKETS, str(root),
           *(f"--VoilaConfiguration.extension_allowlist={name}" for name in allowed)]
    with serving(cmd, home, home, "/", root) as server:
        yield server


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    home = tmp_path_factory.mktemp("lab")
    root = home / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--port={port}",
           "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", KERNELS_ON_SOCKETS]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # CI containers run as root
    with serving(cmd, home, home, "/lab", root) as server:
        yield server


@pytest.fixture(scope="session")
def browser(playwright_session):  # tests/conftest.py: one Playwright per run (tests/site too)
    b = launch_chromium(playwright_session, CHROMIUM_ARGS)
    try:
        yield b
    finally:
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture(scope="session")
def figures():
    """Measured figures; written to artifacts/figures.json at the end of the session."""
    found: dict = {}
    yield found
    if found:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / "figures.json"
        with file_lock(ARTIFACTS / "figures.json.lock"):  # each xdist worker adds its own
            try:
                old = json.loads(path.read_text())
            except (OSError, ValueError):
                old = {}
            old.update(found)
            path.write_text(json.dumps(old, indent=2, sort_keys=True) + "\n")



@pytest.fixture(scope="session")
def axe():
    """The pinned axe-core's source, installed from npm at test setup (offline afterwards)."""
    return axe_source()


@pytest.fixture(scope="session")
def dashboard(tmp_path_factory):
    """`voila lessons/dashboard.ipynb` run from the repository root, as scripts/run does, so
    voila.json (sources stripped, no tracebacks, preheated kernels, culling) applies. Saved
    games go to the server's own temporary directory (PERIODIC_EDU_SAVE_DIR)."""
    cmd = [sys.executable, "-m", "voila", "lessons/dashboard.ipynb", "--no-browser",
           "--port={port}", "--Voila.ip=127.0.0.1", KERNELS_ON_SOCKETS]
    home = tmp_path_factory.mktemp("dashboard")
    with serving(cmd, REPO, home, "/voila/static/voila.js", REPO / "lessons") as server:
        server.saves = home / "saves"
        yield server

