"""Real servers and a real browser for the widget tests.

* ``voila``: ``python -m voila`` serving a temporary copy of ``tests/browser/notebooks`` on a
  free loopback port; each page load gets a fresh kernel, as for a student.
* ``jupyterlab``: ``python -m jupyter lab`` on a free port, no token, settings in a temp dir.
* ``browser``: Debian's chromium driven by playwright (never ``playwright install``).
* Screenshots go to ``artifacts/screenshots/``, measured figures to ``artifacts/figures.json``.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from browser_helpers import ARTIFACTS

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
#: These notebooks are served to the browser by the tests below; nbval must not run them alone.
collect_ignore_glob = ["notebooks/*"]
CHROMIUM = os.environ.get("PERIODIC_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server not ready after {timeout}s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # the server and its kernels, started by us
        proc.wait(timeout=10)
    except (subprocess.TimeoutExpired, ProcessLookupError):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=5)


def _jupyter_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
                     ("IPYTHONDIR", "ipython")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("JUPYTER_PATH", None)
    return env


def _start(cmd: list[str], cwd: Path, env: dict, log: Path) -> subprocess.Popen:
    handle = log.open("w")
    return subprocess.Popen(cmd, cwd=cwd, env=env, stdout=handle, stderr=subprocess.STDOUT,
                            start_new_session=True)


class Server:
    def __init__(self, proc: subprocess.Popen, base: str, log: Path, root: Path):
        self.proc, self.base, self.log, self.root = proc, base, log, root

    def kernels(self):
        """The kernel processes this server started (psutil), newest last."""
        import psutil
        children = psutil.Process(self.proc.pid).children(recursive=True)
        kernels = [p for p in children if "ipykernel" in " ".join(p.cmdline())]
        return sorted(kernels, key=lambda p: p.create_time())


@pytest.fixture(scope="session")
def voila(tmp_path_factory):
    home = tmp_path_factory.mktemp("voila")
    root = home / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    port = free_port()
    log = home / "voila.log"
    proc = _start([sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                   "--Voila.ip=127.0.0.1", "--show_tracebacks=True", str(root)],
                  cwd=home, env=_jupyter_env(home), log=log)
    try:
        _wait_http(f"http://127.0.0.1:{port}/", proc, log)
        yield Server(proc, f"http://127.0.0.1:{port}", log, root)
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    home = tmp_path_factory.mktemp("lab")
    root = home / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    port = free_port()
    log = home / "lab.log"
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}",
           "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # CI containers run as root
    proc = _start(cmd, cwd=home, env=_jupyter_env(home), log=log)
    try:
        _wait_http(f"http://127.0.0.1:{port}/lab", proc, log)
        yield Server(proc, f"http://127.0.0.1:{port}", log, root)
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def browser():
    from playwright import sync_api

    if not Path(CHROMIUM).exists():  # a missing browser fails the suite, never skips it
        pytest.fail(f"no chromium at {CHROMIUM}: apt-get install chromium (scripts/test does)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
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
        try:
            old = json.loads(path.read_text())
        except (OSError, ValueError):
            old = {}
        old.update(found)
        path.write_text(json.dumps(old, indent=2, sort_keys=True) + "\n")

