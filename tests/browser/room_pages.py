"""A workshop server as ``scripts/run`` starts it, its stdout (the ready block) and stderr (the
log) kept apart, and pages driven over Voila's kernel websocket as the browser drives them
(benchmarks/workshop_load.py's PageSession, plus a reader that keeps every widget's state).
Shared by the tests that try the room as an attacker would."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import psutil

from browser_helpers import ONE_SPARE_WORKSHOP, REPO, _jupyter_env, free_port, workshop_cmd

sys.path.insert(0, str(REPO / "benchmarks"))
import workshop_load  # noqa: E402

__all__ = ["Workshop", "workshop", "Page", "teacher_page", "run_async", "server_rss_mb"]


class Workshop:
    """One running server: ``base``, the ready block's ``code``, ``key`` and ``room_key``."""

    def __init__(self, proc: subprocess.Popen, port: int, home: Path) -> None:
        self.proc, self.port, self.home = proc, port, home
        self.base = f"http://127.0.0.1:{port}"
        self.out, self.err = home / "server.out", home / "server.err"
        self.code = self.key = self.room_key = None

    def stdout(self) -> str:
        return self.out.read_text(errors="replace")

    def stderr(self) -> str:
        return self.err.read_text(errors="replace")

    def read_block(self) -> None:
        text = self.stdout()
        for name, pattern in (("code", r"Class code, for the projector: (\S+)"),
                              ("key", r"Teacher key, for you only .*?: (\S+)"),
                              ("room_key", r"Room key, to create a class .*?: (\S+)")):
            found = re.search(pattern, text)
            setattr(self, name, found.group(1) if found else None)

    def stop(self, sig: int = signal.SIGINT) -> int:
        """Ctrl-C (SIGINT to the server alone, as a terminal sends it to its foreground
        process; the kernels run in sessions of their own); SIGKILL if it does not end."""
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.Error:
            children = []
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        for child in children:  # kernels the server could not end: ours to end
            try:
                child.kill()
            except psutil.Error:
                pass
        return self.proc.returncode


@contextmanager
def workshop(home: Path, *args: str, port: int | None = None, room_url: str | None = None,
             timeout: float = 300):
    """Start ``python -m periodic_edu.workshop lessons/dashboard.ipynb`` with the arguments of
    scripts/run plus ``args``, its own store, save, runtime and kernel folders; wait for the
    ready block; stop it (Ctrl-C) at the end."""
    home.mkdir(parents=True, exist_ok=True)
    env = _jupyter_env(home)
    env["PERIODIC_EDU_ROOM"] = room_url or f"sqlite:///{home / 'room.db'}"
    env["PYTHONUNBUFFERED"] = "1"
    port = port or free_port()
    cmd = workshop_cmd("--Voila.port_retries=0", "--seats_per_address=0",
                       "--Voila.log_level=WARN", ONE_SPARE_WORKSHOP, *args, port=str(port))
    out, err = (home / "server.out").open("w"), (home / "server.err").open("w")
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out, stderr=err,
                            start_new_session=True)
    server = Workshop(proc, port, home)
    try:
        deadline = time.monotonic() + timeout
        while "dashboard is ready" not in server.stdout():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start:\n{server.stderr()[-3000:]}")
            time.sleep(0.2)
        while not server.stdout().rstrip().endswith("=" * 64):  # the whole block is out
            time.sleep(0.05)
        server.read_block()
        yield server
    finally:
        server.stop()
        out.close()
        err.close()
        shutil.rmtree(env["JUPYTER_RUNTIME_DIR"], ignore_errors=True)


#: Where a visitor kernel's own machinery lives: a traceback whose every frame is here is a
#: kernel being ended mid-message (ipykernel 7.4 writes to sockets or a loop already closed at
#: exit: ipython/ipykernel#1155), printed by that kernel into the server's stderr it inherits.
KERNEL_MACHINERY = ("/ipykernel/", "/zmq/", "zmq/backend/", "/tornado/", "/asyncio/",
                    "/warnings.py", "/jupyter_client/", "/threading.py")


def server_tracebacks(log: str) -> list[str]:
    """The tracebacks in a server's log but those of a kernel's own end (``KERNEL_MACHINERY``):
    any frame of ours, Voila's or jupyter_server's keeps a traceback in the list."""
    found, lines = [], log.splitlines()
    for at, line in enumerate(lines):
        if "Traceback (most recent call last):" not in line:
            continue
        block = [line]
        for follow in lines[at + 1:]:
            block.append(follow)
            if follow[:1] not in (" ", "\t", "^", "~") and follow.strip():  # the exception line
                break
        frames = re.findall(r'File "([^"]+)"', "\n".join(block))
        if not frames or not all(any(m in f for m in KERNEL_MACHINERY) for f in frames):
            found.append("\n".join(block))
    return found


def server_rss_mb(server: Workshop) -> tuple[float, list[float]]:
    """Resident MB of the server process, and of each of its kernels."""
    proc = psutil.Process(server.proc.pid)
    kernels = []
    for child in proc.children(recursive=True):
        try:
            kernels.append(child.memory_info().rss / 2**20)
        except psutil.Error:
            pass
    return proc.memory_info().rss / 2**20, kernels


class Page:
    """One page (``/`` or ``/teacher``) on the wire, with a reader that keeps every widget's
    state (as the page's widget manager does), or none (a page that never reads)."""

    def __init__(self, base: str, path: str = "") -> None:
        self.url = f"{base}/{path}"
        self.session = workshop_load.PageSession(base + "/", 120)
        self.session.deadline = time.monotonic() + 10**6
        self.kernel_id: str | None = None
        self.status: int | None = None
        self.body = ""
        self.reader: asyncio.Future | None = None
        self.changed = asyncio.Event()
        self.closed = False

    async def get(self) -> int:
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError
        try:
            response = await AsyncHTTPClient().fetch(
                self.url, request_timeout=120, connect_timeout=120,
                headers={"Cookie": self.session.cookie_header()})
        except HTTPClientError as error:
            self.status = error.code
            self.body = error.response.body.decode(errors="replace") if error.response else ""
            return self.status
        for header in response.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.session.cookies[name.strip()] = rest.split(";", 1)[0]
        self.status, self.body = response.code, response.body.decode()
        try:
            self.kernel_id, _ = workshop_load._page_facts(self.body)
        except workshop_load.ProtocolError:
            self.kernel_id = None  # a page without a kernel: the teacher's key form
        return self.status

    async def sign_in(self, key: str) -> int:
        """The teacher's key form, as a person fills it: GET ``/teacher`` (the form, no
        kernel), POST the key with the form's ``_xsrf`` field; keeps the cookies the answer
        sets. Returns the POST's status (303: the key opened the page)."""
        from tornado.httpclient import AsyncHTTPClient
        import urllib.parse
        status = await self.get()
        assert status == 200 and 'name="key"' in self.body, (status, self.body[:300])
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', self.body).group(1)
        response = await AsyncHTTPClient().fetch(
            self.url, method="POST", raise_error=False, follow_redirects=False,
            body=urllib.parse.urlencode({"_xsrf": xsrf, "key": key}),
            headers={"Cookie": self.session.cookie_header(),
                     "Content-Type": "application/x-www-form-urlencoded"})
        self.set_cookies = response.headers.get_list("Set-Cookie")
        for header in self.set_cookies:
            name, _, rest = header.partition("=")
            self.session.cookies[name.strip()] = rest.split(";", 1)[0]
        self.status = response.code
        self.body = response.body.decode(errors="replace") if response.body else ""
        return response.code

    async def open(self, *, read: bool = True) -> "Page":
        status = await self.get()
        assert status == 200, f"{self.url}: HTTP {status}"
        return await self.attach(read=read)

    async def attach(self, *, read: bool = True) -> "Page":
        """Connect to the kernel of the page loaded last (after a ``get`` that answered 200), as
        the page's script does: another ``get`` would be another load, taking another place."""
        await self.session.connect(self.kernel_id)
        info = await self.session.send("shell", "kernel_info_request", {})
        await self.session.until(lambda m: m["parent_header"].get("msg_id") == info)
        await self.session.load_widgets()
        if read:
            self.reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        try:
            while True:
                await self.session.receive()
                self.changed.set()
        except Exception:  # noqa: BLE001 - the socket closed: the page has gone
            self.closed = True
            self.changed.set()

    def stop_reading(self) -> None:
        if self.reader is not None:
            self.reader.cancel()

    async def wait(self, predicate, timeout: float = 60) -> bool:
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return predicate()
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                pass
        return True

    def model(self, trait: str) -> str | None:
        """The id of the widget model that has ``trait`` in its state."""
        return next((mid for mid, state in self.session.models.items() if trait in state),
                    None)

    def state(self, model_id: str | None) -> dict:
        return self.session.models.get(model_id, {}) if model_id else {}

    async def custom(self, model_id: str, content: dict) -> None:
        await self.session.custom(model_id, content)

    async def close_tab(self) -> None:
        self.stop_reading()
        if self.kernel_id:
            try:
                await self.session.close_tab(self.kernel_id)
            except Exception:  # noqa: BLE001 - a page already gone
                pass

    # ---- a student of class play -------------------------------------------------------
    async def join(self, code: str, name: str) -> dict:
        """Open the dashboard, its Play tab, and join class ``code`` as ``name``."""
        await self.open()
        models = self.session.models
        tab = next(mid for mid, st in models.items() if st.get("_model_name") == "TabModel"
                   and "Play" in (st.get("titles") or []))
        await self.session.send("shell", "comm_msg", {"comm_id": tab, "data": {
            "method": "update", "buffer_paths": [],
            "state": {"selected_index": list(models[tab]["titles"]).index("Play")}}})
        assert await self.wait(lambda: self.model("seat_info") is not None, 120)
        self.play = self.model("seat_info")
        await self.custom(self.play, {"type": "hello", "token": ""})
        await self.custom(self.play, {"type": "join", "code": code, "name": name})
        await self.wait(lambda: self.state(self.play).get("phase") in ("waiting", "playing")
                        or bool(self.state(self.play).get("error")), 60)
        return self.state(self.play)

    def game(self) -> str | None:
        """The class game's widget (the one whose state has the table's ``view``)."""
        return next((mid for mid, st in self.session.models.items()
                     if "view" in st and "revision" in st and mid != getattr(self, "play", None)
                     and "ClassGame" in str(st.get("_anywidget_id", st.get("_model_name")))),
                    None)


async def teacher_page(base: str, key: str) -> Page:
    """The teacher's page (``/teacher``) of a teacher who typed ``key`` (a class's teacher key
    or the room key) into the key form: ``get()`` or ``open()`` it next."""
    page = Page(base, "teacher")
    status = await page.sign_in(key)
    assert status == 303, (status, page.body[:300])
    return page


async def move_once(pages: list[Page], timeout: float = 60) -> bool:
    """The page to move makes its first legal move; True once the other page has it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        revisions = {page.state(page.game()).get("revision") for page in pages}
        if len(revisions) != 1:  # a page has not seen the last move yet: its view is stale
            await asyncio.sleep(0.05)
            continue
        for page in pages:
            gid = page.game()
            state = page.state(gid)
            view = state.get("view") or {}
            if view.get("legal_actions") and view.get("current_player") == view.get("player"):
                other = next(p for p in pages if p is not page)
                other_gid = other.game()
                before = other.state(other_gid).get("revision", 0)
                await page.custom(gid, {"type": "act", "action": view["legal_actions"][0],
                                        "rev": state["revision"]})
                return await other.wait(
                    lambda: other.state(other_gid).get("revision", 0) > before, timeout)
        await asyncio.sleep(0.05)
    return False


def run_async(coroutine_function, timeout: float = 600):
    """Run a protocol client to its end in a thread of its own (Playwright's sync API keeps an
    event loop running in the test's thread)."""
    import concurrent.futures

    def main():
        from tornado.httpclient import AsyncHTTPClient
        AsyncHTTPClient.configure(None, max_clients=64)
        return asyncio.run(coroutine_function())

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(main).result(timeout=timeout)
