"""Workshop load check: N students open the Voila dashboard within a minute and each makes a move.

One real workshop server (``python -m periodic_edu.workshop``, as ``scripts/run`` starts it,
with the repository's ``voila.json`` and ``--class_size`` = N) serves
``lessons/dashboard.ipynb`` on loopback; N sessions arrive over ``--ramp`` seconds (a room does
not click in the same millisecond). Two kinds of session:

* ``--server-only``: protocol clients, no browser. Each does on the wire what Voila's page
  does: fetch the page (keeping its cookies), open the kernel websocket (the
  ``v1.kernel.websocket.jupyter.org`` protocol JupyterLab's services use), ``kernel_info``,
  load every widget model as ipywidgets 8's manager does (the ``jupyter.widget.control`` comm:
  ``comm_open`` + ``request_states``, and after 4 s without an answer the page's fallback:
  ``comm_info_request`` + one ``request_state`` per widget comm), select the *Play* tab, keep
  an agenda card and move the flask in the game widget through its custom comm messages
  (:mod:`periodic_edu.widgets._game_intents`), pacing the bot with ``step_bot`` as the game's
  front end does, then close the tab: the page's close-tab beacon (``POST
  voila/api/shutdown/<kernel>`` with the ``_xsrf`` form field read from the cookie) and the
  websocket closed. The figures are the server's alone.
* default: one headless Chromium with N browser contexts doing the same with clicks. All N
  browsers share the server's cores, so its drawing times are pessimistic.

The script prints the sessions that succeeded, p50/p95 time to the page and to "widgets
ready", the first move's reply time, the server's memory (Voila + kernels) at its peak, and
the kernels left once the sessions have closed (with the close-tab shutdown working: only the
preheated pool, within a minute).

Run (after ./scripts/test or ./scripts/run has made .venv):

    .venv/bin/python benchmarks/workshop_load.py --server-only --sessions 30
    .venv/bin/python benchmarks/workshop_load.py --sessions 30        # with browsers

Only loopback is used; every wait is bounded; the server is stopped at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timezone
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from periodic_edu.workshop.app import pool_size_for  # noqa: E402

CHROMIUM = os.environ.get("PERIODIC_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]
#: ipywidgets 8's manager gives up on the control comm after this long and falls back.
CONTROL_COMM_TIMEOUT_S = 4.0
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kernels(server: psutil.Process) -> list[psutil.Process]:
    found = []
    for child in server.children(recursive=True):
        try:
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            pass
    return found


def rss_mb(processes) -> float:
    total = 0
    for proc in processes:
        try:
            total += proc.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20


def tree_rss_mb(server: psutil.Process) -> float:
    return rss_mb([server, *server.children(recursive=True)])


class MemorySampler(threading.Thread):
    """Samples the server's memory (Voila + kernels) every half second; keeps the peak."""

    def __init__(self, server: psutil.Process) -> None:
        super().__init__(daemon=True)
        self.server, self.peak, self.peak_kernels, self.per_kernel = server, 0.0, 0, 0.0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(0.5):
            self.peak = max(self.peak, tree_rss_mb(self.server))
            running = kernels(self.server)
            self.peak_kernels = max(self.peak_kernels, len(running))
            if running:
                self.per_kernel = max(self.per_kernel, rss_mb(running) / len(running))


def start_server(port: int, class_size: int, cull_idle: int | None, log: Path
                 ) -> subprocess.Popen:
    home = Path(tempfile.mkdtemp(prefix="periodic-load-"))
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(home / "runtime"), JUPYTER_PLATFORM_DIRS="1")
    cmd = [sys.executable, "-m", "periodic_edu.workshop", "lessons/dashboard.ipynb",
           "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           f"--class_size={class_size}", "--room"]
    if cull_idle is not None:
        cmd.append(f"--MappingKernelManager.cull_idle_timeout={cull_idle}")
    return subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log.open("w"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def wait_ready(url: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with status {proc.returncode}")
        try:
            urllib.request.urlopen(url + "voila/static/voila.js", timeout=2)
            return
        except urllib.error.HTTPError:
            return  # any HTTP answer means the server is up
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer within {timeout} s")


def wait_pool(log: Path, server: psutil.Process, timeout: float) -> bool:
    """Wait until the preheated pool is full and its kernels have run the notebook (Voila
    logs "filled" once the kernels are started; they then execute the dashboard, so wait for
    them to go quiet too), as it is when a teacher opens the room before the class."""
    deadline = time.monotonic() + timeout
    while "dashboard is ready" not in log.read_text(errors="replace"):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.5)
    while time.monotonic() < deadline:
        running = kernels(server)
        for proc in running:
            try:
                proc.cpu_percent(None)
            except psutil.Error:
                pass
        time.sleep(1.0)
        busy = 0.0
        for proc in running:
            try:
                busy += proc.cpu_percent(None)
            except psutil.Error:
                pass
        if running and busy < 5.0:
            return True
    return False


# ---- protocol clients (--server-only) -------------------------------------------------------
class ProtocolError(RuntimeError):
    pass


def _now_iso() -> str:
    return datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")


class PageSession:
    """One visitor as Voila's page behaves on the wire (see the module docstring)."""

    def __init__(self, base: str, timeout_s: float) -> None:
        self.base, self.timeout_s = base, timeout_s
        self.session_id = uuid.uuid4().hex
        self.cookies: dict[str, str] = {}
        self.models: dict[str, dict] = {}  # model id -> state, as the manager holds them
        self.ws = None
        self.v1 = False
        self.deadline = 0.0
        self.tracebacks = 0  # iopub error / stderr messages seen (the page would show them)
        self.first_traceback: str | None = None
        self.stderr_lines = 0  # other kernel log lines on iopub (no parent: the page ignores)

    # -- HTTP --------------------------------------------------------------------------------
    async def fetch_page(self) -> str:
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        try:
            response = await AsyncHTTPClient().fetch(
                self.base, request_timeout=self.timeout_s, connect_timeout=self.timeout_s)
        except HTTPClientError as error:
            body = error.response.body.decode(errors="replace") if error.response else ""
            title = re.search(r"<title>(.*?)</title>", body)
            raise ProtocolError(f"HTTP {error.code}" + (f" ({title.group(1)})" if title else ""))
        for header in response.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.body.decode()

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    async def close_tab(self, kernel_id: str) -> int:
        """Voila's beforeunload: navigator.sendBeacon(shutdown URL, FormData{_xsrf}), then the
        kernel connection is disposed (websocket closed)."""
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"_xsrf\"\r\n\r\n"
                f"{self.cookies.get('_xsrf', '')}\r\n--{boundary}--\r\n").encode()
        headers = {"Cookie": self.cookie_header(), "Origin": self.base.rstrip("/"),
                   "Content-Type": f"multipart/form-data; boundary={boundary}"}
        try:
            response = await AsyncHTTPClient().fetch(
                f"{self.base}voila/api/shutdown/{kernel_id}", method="POST", body=body,
                headers=headers, request_timeout=30)
            status = response.code
        except HTTPClientError as error:
            status = error.code
        finally:
            if self.ws is not None:
                self.ws.close()
        return status

    # -- the kernel websocket ------------------------------------------------------------------
    async def connect(self, kernel_id: str) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = (self.base.replace("http://", "ws://") +
               f"api/kernels/{kernel_id}/channels?session_id={self.session_id}")
        request = HTTPRequest(url, headers={"Cookie": self.cookie_header()},
                              connect_timeout=self.timeout_s, request_timeout=self.timeout_s)
        self.ws = await websocket_connect(request, subprotocols=[V1_PROTOCOL],
                                          max_message_size=256 * 2**20)
        self.v1 = self.ws.selected_subprotocol == V1_PROTOCOL

    async def send(self, channel: str, msg_type: str, content: dict,
                   metadata: dict | None = None) -> str:
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "", "version": "5.3",
                  "session": self.session_id, "date": _now_iso()}
        parts = [header, {}, metadata or {}, content]
        if self.v1:
            await self.ws.write_message(serialize_msg_to_ws_v1(
                [json.dumps(p).encode() for p in parts], channel), binary=True)
        else:
            await self.ws.write_message(json.dumps({
                "header": header, "parent_header": {}, "metadata": metadata or {},
                "content": content, "channel": channel, "buffers": []}))
        return msg_id

    async def receive(self) -> dict:
        from jupyter_server.services.kernels.connection.base import (
            deserialize_binary_message, deserialize_msg_from_ws_v1)

        left = self.deadline - time.monotonic()
        if left <= 0:
            raise ProtocolError("session timeout")
        try:
            raw = await asyncio.wait_for(self.ws.read_message(), left)
        except asyncio.TimeoutError:
            raise ProtocolError("session timeout") from None
        if raw is None:
            raise ProtocolError("the kernel websocket closed")
        if self.v1:
            channel, parts = deserialize_msg_from_ws_v1(raw)
            msg = {"channel": channel, "header": json.loads(parts[0]),
                   "parent_header": json.loads(parts[1]), "metadata": json.loads(parts[2]),
                   "content": json.loads(parts[3]), "buffers": parts[4:]}
        elif isinstance(raw, bytes):
            msg = deserialize_binary_message(raw)
        else:
            msg = json.loads(raw)
        self._absorb(msg)
        return msg

    def _absorb(self, msg: dict) -> None:
        """What the widget manager does with every message: keep the models' state."""
        kind = msg["header"].get("msg_type")
        content = msg.get("content") or {}
        if kind == "error" or (kind == "stream" and content.get("name") == "stderr"):
            text = content.get("text") or f"{content.get('ename')}: {content.get('evalue')}"
            if kind == "error" or "Traceback" in text:
                self.tracebacks += 1
                self.first_traceback = self.first_traceback or text
            else:  # e.g. ipykernel 7's "No such comm" log line for the control comm
                self.stderr_lines += 1
        if kind == "comm_msg":
            data = content.get("data") or {}
            if data.get("method") in ("update", "echo_update"):
                state = self.models.setdefault(content.get("comm_id"), {})
                state.update(data.get("state") or {})
        elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.models[content["comm_id"]] = dict((content.get("data") or {}).get("state")
                                                   or {})

    async def until(self, predicate) -> dict:
        while True:
            msg = await self.receive()
            if predicate(msg):
                return msg

    # -- what the page does -------------------------------------------------------------------
    async def load_widgets(self) -> str:
        """ipywidgets 8 ``_loadFromKernel``; returns "control" or "fallback"."""
        comm_id = uuid.uuid4().hex
        await self.send("shell", "comm_open", {"comm_id": comm_id, "target_name":
                                               "jupyter.widget.control", "data": {}},
                        {"version": "1.0.0"})
        await self.send("shell", "comm_msg", {"comm_id": comm_id,
                                              "data": {"method": "request_states"}})
        saved, self.deadline = self.deadline, min(self.deadline,
                                                  time.monotonic() + CONTROL_COMM_TIMEOUT_S)
        try:
            reply = await self.until(lambda m: m["header"]["msg_type"] == "comm_msg" and
                                     m["content"].get("comm_id") == comm_id)
        except ProtocolError:
            reply = None
        finally:
            self.deadline = saved
        if reply is not None and reply["content"]["data"].get("method") == "update_states":
            for model_id, model in reply["content"]["data"]["states"].items():
                self.models.setdefault(model_id, {}).update(model.get("state") or {})
            await self.send("shell", "comm_close", {"comm_id": comm_id, "data": {}})
            return "control"
        # the fallback: comm_info, then one request_state per widget comm, all answered
        info_id = await self.send("shell", "comm_info_request",
                                  {"target_name": "jupyter.widget"})
        info = await self.until(lambda m: m["parent_header"].get("msg_id") == info_id)
        pending = {}
        for model_id in info["content"].get("comms", {}):
            msg_id = await self.send("shell", "comm_msg", {"comm_id": model_id, "data": {
                "method": "request_state"}})
            pending[msg_id] = model_id
        while pending:
            msg = await self.receive()
            if (msg["header"]["msg_type"] == "comm_msg" and
                    msg["parent_header"].get("msg_id") in pending and
                    (msg["content"].get("data") or {}).get("method") == "update"):
                pending.pop(msg["parent_header"]["msg_id"])
        return "fallback"

    def find_model(self, test) -> tuple[str, dict]:
        for model_id, state in self.models.items():
            if test(state):
                return model_id, state
        raise ProtocolError("a widget model is missing")

    async def custom(self, model_id: str, content: dict) -> None:
        """anywidget's model.send(content): an ipywidgets 'custom' comm message."""
        await self.send("shell", "comm_msg", {"comm_id": model_id, "data": {
            "method": "custom", "content": content}})

    async def game_update(self, game_id: str, after_rev: int) -> dict:
        await self.until(lambda m: m["header"]["msg_type"] == "comm_msg" and
                         m["content"].get("comm_id") == game_id and
                         self.models[game_id].get("revision", -1) > after_rev)
        return self.models[game_id]

    async def wait_for_turn(self, game_id: str) -> dict:
        """Until a person is to move in the 'start' phase, pacing the bots as game.js does
        (step_bot with the revision, bot_delay_ms after each change)."""
        game = self.models[game_id]
        while True:
            view = game["view"]
            if game.get("error"):
                raise ProtocolError(f"the game refused a message: {game['error'][:80]}")
            if not game.get("bot_pending") and view["phase"] == "start" and \
                    view["current_player"] == view["player"]:
                return game
            rev = game["revision"]
            if game.get("bot_pending") and not game.get("paused"):
                await asyncio.sleep(game.get("bot_delay_ms", 0) / 1000)
                if game["revision"] == rev:
                    await self.custom(game_id, {"type": "step_bot", "rev": rev})
            game = await self.game_update(game_id, rev)


def kernel_memory(kernel_id: str, when: str) -> dict:
    """RSS, USS and PSS (MB) of the kernel process serving ``kernel_id`` (its command line
    names its connection file, kernel-<id>.json); empty when it cannot be read."""
    for proc in psutil.process_iter(["cmdline"]):
        cmdline = proc.info.get("cmdline") or []
        if any(f"kernel-{kernel_id}" in part for part in cmdline):
            try:
                info = proc.memory_full_info()
            except psutil.Error:
                return {}
            return {f"{when}_rss_mb": info.rss / 2**20, f"{when}_uss_mb": info.uss / 2**20,
                    f"{when}_pss_mb": getattr(info, "pss", 0) / 2**20}
    return {}


def _page_facts(html: str) -> tuple[str, list[str]]:
    config = re.search(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})'
                       r'\s*</script>', html, re.S)
    if not config:
        raise ProtocolError("the page has no jupyter-config-data")
    kernel_id = json.loads(config.group(1)).get("kernelId")
    if not kernel_id:
        raise ProtocolError("the page names no kernel")
    views = re.findall(r'application/vnd\.jupyter\.widget-view\+json\\?"?\s*:\s*\{[^}]*?'
                       r'model_id\\?"?\s*:\s*\\?"([0-9a-f]{32})', html)
    return kernel_id, views


async def protocol_session(base: str, index: int, delay: float, timeout_s: float) -> dict:
    await asyncio.sleep(delay)
    session = PageSession(base, timeout_s)
    started = time.monotonic()
    session.deadline = started + timeout_s
    result: dict = {"session": index, "ok": False}
    kernel_id = None
    try:
        html = await session.fetch_page()
        result["server_s"] = time.monotonic() - started
        kernel_id, views = _page_facts(html)
        if '"stderr"' in html or '"output_type": "error"' in html:
            session.tracebacks += 1  # the page itself shows stderr text or an error
            session.first_traceback = session.first_traceback or "stderr text in the page"
        if not views:
            raise ProtocolError("the page shows no widget")
        await session.connect(kernel_id)
        info = await session.send("shell", "kernel_info_request", {})
        await session.until(lambda m: m["parent_header"].get("msg_id") == info and
                            m["header"]["msg_type"] == "kernel_info_reply")
        result["load"] = await session.load_widgets()
        missing = [v for v in views if v not in session.models]
        if missing:
            raise ProtocolError(f"the page's widget {missing[0]} has no model")
        result["widgets_ready_s"] = time.monotonic() - started
        result["models"] = len(session.models)
        result.update(kernel_memory(kernel_id, "first_page"))
        # the visitor opens the Play tab: the kernel builds the game then (the dashboard
        # builds a tab when it is first opened) and sends its models
        tab_id = next((m for m, st in session.models.items() if st.get("_model_name") ==
                       "TabModel" and "Play" in (st.get("titles") or [])), None)
        if tab_id is None:
            raise ProtocolError("the dashboard has no Play tab")
        play = list(session.models[tab_id]["titles"]).index("Play")
        opened = time.monotonic()
        await session.send("shell", "comm_msg", {"comm_id": tab_id, "data": {
            "method": "update", "state": {"selected_index": play}, "buffer_paths": []}})

        def has_game() -> bool:
            return any(str(st.get("_anywidget_id", "")).endswith("GameWidget")
                       and "view" in st for st in session.models.values())

        if not has_game():
            await session.until(lambda m: has_game())
        # the kernel is still building the tab: act once it is idle again (an intent carries
        # the game's revision; one sent mid-build would be stale and dropped)
        await session.until(lambda m: m["header"]["msg_type"] == "status" and
                            m["content"].get("execution_state") == "idle")
        game_id, game = session.find_model(
            lambda st: str(st.get("_anywidget_id", "")).endswith("GameWidget") and "view" in st)
        result["play_tab_s"] = time.monotonic() - opened
        agenda = next(a for a in game["view"]["legal_actions"] if a.startswith("a:"))
        rev = game["revision"]
        await session.custom(game_id, {"type": "act", "action": agenda, "rev": rev})
        await session.game_update(game_id, rev)
        game = await session.wait_for_turn(game_id)
        me = game["view"]["player"]
        before = game["view"]["players_state"][me]["flask"]
        moves = [a for a in game["view"]["legal_actions"] if a.startswith("s:an>")] or \
            [a for a in game["view"]["legal_actions"] if a.startswith("s:")]
        destination = moves[0].split(">", 1)[1]
        rev = game["revision"]
        sent = time.monotonic()
        await session.custom(game_id, {"type": "act", "action": moves[0], "rev": rev})
        game = await session.game_update(game_id, rev)
        result["move_reply_s"] = time.monotonic() - sent
        if game.get("error") or game["view"]["players_state"][me]["flask"] != destination:
            raise ProtocolError(f"the move {moves[0]} was not played: {game.get('error')!r}")
        result.update(kernel_memory(kernel_id, "played"))
        result.update(ok=True, moved=f"{before}->{destination}")
    except Exception as error:  # a failed session is reported, not fatal for the others
        result["error"] = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}" \
            if str(error) else type(error).__name__
    finally:
        result["tracebacks"] = session.tracebacks
        result["stderr_lines"] = session.stderr_lines
        if session.first_traceback:
            result["traceback"] = session.first_traceback[:300]
        if kernel_id is not None:
            try:
                result["shutdown_status"] = await session.close_tab(kernel_id)
            except Exception as error:
                result["shutdown_status"] = f"{type(error).__name__}"
        elif session.ws is not None:
            session.ws.close()
    return result


async def run_protocol_sessions(url: str, sessions: int, ramp_s: float, timeout_s: float
                                ) -> list[dict]:
    from tornado.httpclient import AsyncHTTPClient

    # every visitor has its own connection, as N laptops would (tornado's default is 10)
    AsyncHTTPClient.configure(None, max_clients=2 * sessions + 10)
    return await asyncio.gather(*(
        protocol_session(url, i, ramp_s * i / sessions, timeout_s) for i in range(sessions)))


# ---- browsers (default) -----------------------------------------------------------------
async def one_session(browser, url: str, index: int, delay: float, timeout_ms: int) -> dict:
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"[:200])
            if m.type in ("error", "warning") and "Unsatisfied version" not in m.text
            else None)
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"[:200]))
    started = time.monotonic()
    result = {"session": index, "ok": False}
    step = "page"
    game = page.locator("[data-widget='game']")
    try:
        # Voila sends the page once a kernel has run the notebook (a preheated one already has):
        # the HTML is complete (DOMContentLoaded) when the server's work is done; the widgets
        # then draw in the browser
        await page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
        result["server_s"] = time.monotonic() - started
        step = "widgets"
        await page.locator("[data-symbol]").first.wait_for(state="visible", timeout=timeout_ms)
        result["widgets_ready_s"] = time.monotonic() - started
        step = "agenda"
        await page.get_by_role("tab", name="Play").click(timeout=timeout_ms)
        before = await game.locator("[aria-current='true']").get_attribute("data-symbol")
        await game.locator("button[data-action^='a:']").first.click(timeout=timeout_ms)
        # the bot keeps its agenda card too, then the turn is ours
        step = "bot agenda"
        await page.locator("[data-widget='game'][data-my-turn='true'][data-phase='start']"
                           ).wait_for(timeout=timeout_ms)
        step = "move"
        await game.locator("[data-mode='spend']").click(timeout=timeout_ms)
        await game.locator("[data-trend='atomic_number']").click(timeout=timeout_ms)
        target = game.locator("[data-board='game'] [data-reachable='true']").first
        destination = await target.get_attribute("data-symbol", timeout=timeout_ms)
        sent = time.monotonic()
        await target.click(timeout=timeout_ms)
        await game.locator(f"[aria-current='true'][data-symbol='{destination}']").wait_for(
            timeout=timeout_ms)
        result.update(ok=True, moved=f"{before}->{destination}",
                      move_reply_s=time.monotonic() - sent)
    except Exception as error:  # a failed session is reported, not fatal for the others
        result["error"] = f"at {step}: {type(error).__name__}: {str(error).splitlines()[0][:120]}"
        try:
            result["game"] = await game.evaluate(
                "n => Object.entries(n.dataset).map(([k, v]) => k + '=' + v).join(' ')",
                timeout=5000)
        except Exception:
            pass
        result["console"] = console[-8:]
    finally:
        # closing the tab runs Voila's beforeunload: the close-tab shutdown beacon
        try:
            await page.close(run_before_unload=True)
            await asyncio.sleep(1.0)  # let the browser send the beacon
        finally:
            await context.close()
    return result


async def run_browser_sessions(url: str, sessions: int, ramp_s: float, timeout_s: float
                               ) -> list[dict]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return await asyncio.gather(*(
                one_session(browser, url, i, ramp_s * i / sessions, int(timeout_s * 1000))
                for i in range(sessions)))
        finally:
            await browser.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def spread(values: list[float]) -> str:
    return (f"p50 {statistics.median(values):.1f} s, p95 {percentile(values, 0.95):.1f} s, "
            f"max {max(values):.1f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server-only", action="store_true",
                        help="protocol clients instead of browsers: the server's figures alone")
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--ramp", type=float, default=60,
                        help="seconds over which the sessions arrive (0: all at once)")
    parser.add_argument("--class-size", type=int, default=None,
                        help="the server's CLASS_SIZE (default: --sessions)")
    parser.add_argument("--session-timeout", type=float, default=300,
                        help="seconds one session may take to load and move")
    parser.add_argument("--cull-idle", type=int, default=None,
                        help="override voila.json's cull_idle_timeout (seconds)")
    parser.add_argument("--settle", type=float, default=90,
                        help="seconds to wait, after the sessions closed, for their kernels "
                             "to be gone")
    parser.add_argument("--verbose", action="store_true", help="print every session's figures")
    args = parser.parse_args()
    if args.sessions < 1 or args.ramp < 0:
        parser.error("--sessions must be at least 1 and --ramp at least 0")
    class_size = args.class_size or args.sessions
    pool = pool_size_for(class_size)

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log = Path(tempfile.mkstemp(prefix="voila-load-", suffix=".log")[1])
    proc = start_server(port, class_size, args.cull_idle, log)
    server = psutil.Process(proc.pid)
    try:
        launched = time.monotonic()
        wait_ready(url, proc, 60)
        filled = wait_pool(log, server, 600)
        idle_mb = tree_rss_mb(server)
        print(f"server ready on {url}: CLASS_SIZE {class_size}, {len(kernels(server))} "
              f"preheated kernels {'ready' if filled else 'NOT ready'} "
              f"{time.monotonic() - launched:.0f} s after the start, {idle_mb:.0f} MB; "
              f"load average {os.getloadavg()[0]:.2f}")

        sampler = MemorySampler(server)
        sampler.start()
        started = time.monotonic()
        runner = run_protocol_sessions if args.server_only else run_browser_sessions
        results = asyncio.run(runner(url, args.sessions, args.ramp, args.session_timeout))
        wall = time.monotonic() - started
        sampler.stopped.set()
        sampler.join()

        ok = [r for r in results if r["ok"]]
        kind = "protocol clients" if args.server_only else "browser sessions"
        print(f"sessions: {len(ok)}/{args.sessions} {kind} loaded every widget, kept an agenda "
              f"card and moved the flask ({args.sessions} arriving over {args.ramp:.0f} s; "
              f"{wall:.1f} s wall clock)")
        for r in results:
            if args.verbose:
                print("  " + json.dumps({k: round(v, 2) if isinstance(v, float) else v
                                         for k, v in r.items()}))
            elif not r["ok"]:
                print(f"  session {r['session']} failed: {r.get('error')}")
        for label, key in (("page received", "server_s"), ("widgets ready", "widgets_ready_s"),
                           ("Play tab opened (game built)", "play_tab_s"),
                           ("first move's reply", "move_reply_s")):
            values = [r[key] for r in results if key in r]
            if values:
                print(f"{label}: {spread(values)}")
        for when, label in (("first_page", "after the first page (Explore)"),
                            ("played", "after opening Play and moving")):
            figures = []
            for kind in ("rss", "uss", "pss"):
                values = [r[f"{when}_{kind}_mb"] for r in results if f"{when}_{kind}_mb" in r]
                if values:
                    figures.append(f"{kind.upper()} p50 {statistics.median(values):.0f} MB, "
                                   f"max {max(values):.0f} MB")
            if figures:
                print(f"a visitor kernel {label}: " + "; ".join(figures))
        if args.server_only:
            loads = [r.get("load") for r in results if r.get("load")]
            print(f"widget state loaded through the control comm: {loads.count('control')}, "
                  f"through the page's fallback: {loads.count('fallback')}; tracebacks sent "
                  f"to pages: {sum(r.get('tracebacks', 0) for r in results)}; other kernel "
                  f"log lines on stderr: {sum(r.get('stderr_lines', 0) for r in results)}")
            statuses = [str(r["shutdown_status"]) for r in results if "shutdown_status" in r]
            print("close-tab shutdowns: " + ", ".join(
                f"{statuses.count(s)} x {s}" for s in sorted(set(map(str, statuses)))))
        print(f"server memory (voila + kernels): peak {sampler.peak:.0f} MB with "
              f"{sampler.peak_kernels} kernels; a kernel's RSS: {sampler.per_kernel:.0f} MB "
              f"(largest mean over the run)")

        left = len(kernels(server))
        closed = time.monotonic()
        while len(kernels(server)) > pool and time.monotonic() - closed < args.settle:
            time.sleep(1)
        after = len(kernels(server))
        settled = after <= pool
        print(f"kernels after the sessions closed: {left} at once, {after} after "
              f"{time.monotonic() - closed:.0f} s ({pool} preheated kernels stay in the pool): "
              f"{'only the pool is left' if settled else 'NOT only the pool'}"
              f"{' (refilling)' if after < pool else ''}")
        print(f"memory afterwards: {tree_rss_mb(server):.0f} MB; load average "
              f"{os.getloadavg()[0]:.2f}")
        return 0 if len(ok) == args.sessions and settled else 1
    finally:
        stop_server(proc)


def stop_server(proc: subprocess.Popen) -> None:
    """Stop the server and its kernels (its process group): TERM, then KILL after 15 s."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)


if __name__ == "__main__":
    raise SystemExit(main())
