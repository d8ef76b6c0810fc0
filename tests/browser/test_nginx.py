"""The README's reverse proxy, run: Debian's nginx (unprivileged, free ports, a temporary
folder) with the configuration periodic_edu.workshop.nginx generates (the text
docs/workshop.md shows), a self-signed certificate made here with openssl, and real workshop
servers behind it.

- a page loads over HTTPS in Chromium and its kernel websocket works: a turn is played;
- the per-address limit on page loads answers 429 as documented (a full room stays a 503);
- a large script reaches a slow reader whole (nginx spools it to disk), and nginx logs no
  fault of its own in any test;
- one template, two workshop servers, sticky sessions: each visitor's page, websocket and
  close-tab request reach the server that holds its kernel.
"""
from __future__ import annotations

import concurrent.futures
import http.cookiejar
import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from browser_helpers import (ONE_SPARE_WORKSHOP, REPO, free_port, play_one_turn, serving,
                             workshop_cmd)
from periodic_edu.workshop.nginx import FILES_PER_PAGE, site_config
from test_workshop_server import kernel_id_of

pytestmark = pytest.mark.browser

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
WORKSHOP = workshop_cmd("--class_size=2", ONE_SPARE_WORKSHOP)
#: the parts of nginx.conf around the README's site configuration: the logs in the test's
#: folder (the master opens them), the files the workers write in a spool folder of their own
MAIN_CONF = """worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {tmp}/access.log;
    client_body_temp_path {spool}/body;
    proxy_temp_path {spool}/proxy;
    fastcgi_temp_path {spool}/fastcgi;
    uwsgi_temp_path {spool}/uwsgi;
    scgi_temp_path {spool}/scgi;
    include {tmp}/periodic.conf;
}}
"""


class Proxy:
    def __init__(self, base: str, tmp: Path, spool: Path, proc: subprocess.Popen) -> None:
        self.base, self.tmp, self.spool, self.proc = base, tmp, spool, proc

    def stop(self) -> None:
        stop(self.proc)
        shutil.rmtree(self.spool, ignore_errors=True)


def spool_folder() -> Path:
    """Where nginx's workers keep what a slow reader has not read yet. Run as root, nginx's
    workers are nobody, and pytest's own folders are root's alone (0700): the folder sits in
    the system's temporary folder, open to them."""
    spool = Path(tempfile.mkdtemp(prefix="periodic-nginx-"))
    os.chmod(spool, 0o755)
    closed = [f for f in spool.parents if not f.stat().st_mode & 0o001]
    if os.geteuid() == 0 and closed:
        shutil.rmtree(spool)
        pytest.fail(f"nginx's workers cannot reach {spool}: {closed[0]} is closed to others "
                    "(set TMPDIR to a folder they may enter)")
    return spool


def nginx_faults(proxy: Proxy) -> list[str]:
    """nginx's own errors: everything its log has above a warning but the refusals the
    limits are there to make."""
    return [line for line in (proxy.tmp / "error.log").read_text().splitlines()
            if any(f"[{level}]" in line for level in ("error", "crit", "alert", "emerg"))
            and "limiting requests" not in line and "limiting connections" not in line]


def certificate(tmp: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, made now (never committed)."""
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-days", "1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def start_nginx(tmp: Path, upstreams: list[str], **limits) -> Proxy:
    if not Path(NGINX).exists():  # scripts/test installs it; a missing one fails, never skips
        pytest.fail(f"no nginx at {NGINX}: apt-get install nginx (scripts/test does)")
    tmp.mkdir(parents=True, exist_ok=True)
    spool = spool_folder()
    cert, key = certificate(tmp)
    for attempt in range(3):
        https, http = free_port(), free_port()
        (tmp / "periodic.conf").write_text(site_config(
            upstreams, server_name="127.0.0.1", certificate=str(cert), key=str(key),
            https_port=https, http_port=http, **limits))
        (tmp / "nginx.conf").write_text(MAIN_CONF.format(tmp=tmp, spool=spool))
        checked = subprocess.run([NGINX, "-t", "-p", str(tmp), "-c", str(tmp / "nginx.conf")],
                                 capture_output=True, text=True, timeout=60)
        assert checked.returncode == 0, checked.stderr
        proc = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf"),
                                 "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"https://127.0.0.1:{https}/voila/static/voila.js",
                                            context=insecure(), timeout=5):
                    return Proxy(f"https://127.0.0.1:{https}", tmp, spool, proc)
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)
        stop(proc)
        if attempt == 2:
            shutil.rmtree(spool, ignore_errors=True)
            raise AssertionError(f"nginx did not start: {proc.stderr.read()[-2000:]}")
    raise AssertionError("unreachable")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def insecure() -> ssl.SSLContext:
    """The test's own self-signed certificate is the only one trusted here."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class Client:
    """One visitor over HTTPS through the proxy, with its own cookies."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPSHandler(context=insecure()),
            urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str = "/") -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, timeout=120) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def close_tab(self, kernel_id: str) -> int:
        body = urllib.parse.urlencode({"_xsrf": self.cookie("_xsrf") or ""}).encode()
        request = urllib.request.Request(f"{self.base}/voila/api/shutdown/{kernel_id}",
                                         data=body, method="POST",
                                         headers={"Origin": self.base})
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code


@pytest.fixture(scope="module")
def workshop(tmp_path_factory):
    with serving(WORKSHOP, REPO, tmp_path_factory.mktemp("room-a"), "/voila/static/voila.js",
                 REPO / "lessons") as server:
        yield server


def test_a_page_over_https_plays_a_turn_and_the_page_limit_answers(workshop, tmp_path,
                                                                    browser):
    upstream = workshop.base.removeprefix("http://")
    proxy = start_nginx(tmp_path / "nginx", [upstream])
    try:
        context = browser.new_context(ignore_https_errors=True,
                                      viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(30_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(proxy.base + "/")
        page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)
        page.get_by_role("tab", name="Play").click()
        game = page.locator("[data-widget='game']")
        game.wait_for(timeout=60_000)
        start, moved = play_one_turn(page, game)  # every click goes over the websocket
        assert start != moved
        assert page.locator(".periodic-edu-lost").count() == 0
        page.close(run_before_unload=True)  # its close-tab request frees the seat
        context.close()
        # the page's own scripts and styles all passed the limit meant for them
        files = [line.split('"')[1:3] for line in
                 (proxy.tmp / "access.log").read_text().splitlines()
                 if '"GET /voila/' in line or '"GET /periodic_edu/' in line]
        refused = [request for request, status in files if status.split()[0] == "429"]
        assert refused == [], f"nginx refused the page's own files: {refused}"
        assert len(files) <= FILES_PER_PAGE, f"a page load fetched {len(files)} files: " \
            "raise FILES_PER_PAGE in periodic_edu/workshop/nginx.py"
        print(f"one page load over the proxy fetched {len(files)} scripts and styles")
        assert errors == []
        assert nginx_faults(proxy) == []
        # the per-address page limit: 10 a minute, a burst of 5; beyond: 429 from nginx. The ten
        # are sent at once: one after another, each page's render on a loaded machine took
        # longer than the 6 s that lets one more through, and none was refused
        clients = [Client(proxy.base) for _ in range(10)]  # one address, a cookie jar each
        began = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(10) as pool:
            answers = list(pool.map(lambda client: client.get("/"), clients))
        elapsed = time.monotonic() - began
        statuses = [status for status, _ in answers]
        for client, (status, body) in zip(clients, answers):
            if status == 200:
                assert client.close_tab(kernel_id_of(body)) == 204
            elif status == 503:
                assert "The room is full" in body  # the workshop's own page, not nginx's
        print(f"ten page loads at once from one address: {sorted(statuses)}")
        # the burst passes (five, and the browser's page load's place once drained); one more
        # for every 6 s the ten took (10 a minute), every other one is refused
        passed = len(statuses) - statuses.count(429)
        assert 429 in statuses and 5 <= passed <= 5 + 1 + int(elapsed / 6), (statuses, elapsed)
    finally:
        proxy.stop()


def test_a_large_file_reaches_a_slow_reader_whole(workshop, tmp_path):
    """A phone on a busy network reads slower than the workshop server sends: nginx then
    keeps the rest of the file in its temporary folder, which its workers must be able to
    write (CI's loaded browser once got a truncated plotly chunk when they could not)."""
    extensions = Path(sys.prefix, "share", "jupyter", "labextensions")
    largest = max(extensions.rglob("*.js"), key=lambda f: f.stat().st_size)  # plotly's chunk
    path = "/voila/labextensions/" + largest.relative_to(extensions).as_posix()
    with urllib.request.urlopen(workshop.base + path, timeout=60) as direct:
        whole = direct.read()
    assert len(whole) > 1_000_000, "pick a file larger than nginx's memory buffers"
    proxy = start_nginx(tmp_path / "nginx", [workshop.base.removeprefix("http://")])
    try:
        host, port = "127.0.0.1", int(proxy.base.rsplit(":", 1)[1])
        raw = socket.create_connection((host, port), timeout=60)
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)  # a phone's window
        with insecure().wrap_socket(raw, server_hostname=host) as tls:
            tls.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                        "Connection: close\r\n\r\n".encode())
            first = tls.recv(1024)
            time.sleep(3)  # the server has sent it all; nginx holds what the reader has not
            chunks = [first]
            while data := tls.recv(65536):
                chunks.append(data)
        head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
        assert head.split()[1] == b"200", head[:200]
        assert len(body) == len(whole) and body == whole, \
            f"{len(body)} of {len(whole)} bytes arrived: {nginx_faults(proxy)}"
        assert nginx_faults(proxy) == []
        spooled = (proxy.tmp / "error.log").read_text()
        assert "buffered to a temporary file" in spooled, "nginx never spooled: read slower"
    finally:
        proxy.stop()


def test_one_template_two_workshop_servers_sticky_sessions(workshop, tmp_path_factory,
                                                          browser):
    with serving(WORKSHOP, REPO, tmp_path_factory.mktemp("room-b"), "/voila/static/voila.js",
                 REPO / "lessons") as second:
        servers = {"a": workshop, "b": second}
        proxy = start_nginx(tmp_path_factory.mktemp("nginx2"),
                            [s.base.removeprefix("http://") for s in servers.values()],
                            pages_per_minute=600, page_burst=50)
        try:
            sticky: dict[str, str] = {}  # server -> a periodic_room key that reaches it
            for _ in range(16):
                client = Client(proxy.base)
                status, body = client.get("/")
                assert status == 200
                kernel = kernel_id_of(body)
                holder = next(name for name, s in servers.items()
                              if kernel in s.log.read_text())
                sticky.setdefault(holder, client.cookie("periodic_room"))
                # the same cookie reaches the same server: its close-tab request frees it
                assert client.close_tab(kernel) == 204
                if len(sticky) == 2:
                    break
            assert set(sticky) == {"a", "b"}, "one server got every visitor"
            for name, key in sticky.items():  # a visitor of each server plays a turn
                context = browser.new_context(ignore_https_errors=True,
                                              viewport={"width": 1400, "height": 1000})
                context.add_cookies([{"name": "periodic_room", "value": key,
                                      "url": proxy.base + "/"}])
                page = context.new_page()
                page.set_default_timeout(30_000)
                page.goto(proxy.base + "/")
                page.locator("[data-board='main'] [data-symbol]").first.wait_for(
                    timeout=90_000)
                kernel = kernel_id_of(page.content())
                assert kernel in servers[name].log.read_text()
                page.get_by_role("tab", name="Play").click()
                game = page.locator("[data-widget='game']")
                game.wait_for(timeout=60_000)
                play_one_turn(page, game)
                page.close(run_before_unload=True)
                context.close()
            assert nginx_faults(proxy) == []
        finally:
            proxy.stop()
