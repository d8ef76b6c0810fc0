"""Shared bits of the browser tests (imported by conftest.py and the test modules)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

#: The explorer's main board (the overview boards are [data-board="overview"]).
MAIN = '[data-board="main"]'


def screenshot(target, name: str) -> Path:
    """Save a PNG of a page or locator to artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    target.screenshot(path=str(path))
    return path


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


@contextmanager
def serving(cmd: list[str], cwd: Path, home: Path, ready_path: str, root: Path):
    """Run a server on a free port (``{port}`` in ``cmd``) until the block ends."""
    port = free_port()
    log = home / "server.log"
    proc = _start([part.format(port=port) for part in cmd], cwd=cwd, env=_jupyter_env(home),
                  log=log)
    try:
        _wait_http(f"http://127.0.0.1:{port}{ready_path}", proc, log)
        yield Server(proc, f"http://127.0.0.1:{port}", log, root)
    finally:
        _stop(proc)
