"""The workshop server as scripts/run starts it (python -m periodic_edu.workshop, voila.json),
sized for a class of 2: the cap, refused overrides, and the close-tab shutdown that frees a
kernel (real Voila, real HTTP, a real Chromium for the page's own beacon)."""
from __future__ import annotations

import http.cookiejar
import json
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest

from browser_helpers import REPO, serving

pytestmark = pytest.mark.browser

CLASS_SIZE = 2
#: voila.json says 90 s; shorter here so the test can watch it (the other tests take a seat
#: for a few seconds at most, and their kernels connect or are closed)
UNCONNECTED_S = 30
ROOM_FULL = "The room is full, try again in a minute."


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    cmd = [sys.executable, "-m", "periodic_edu.workshop", "lessons/dashboard.ipynb",
           "--no-browser", "--port={port}", "--Voila.ip=127.0.0.1",
           f"--class_size={CLASS_SIZE}",
           f"--RoomKernelManager.unconnected_timeout={UNCONNECTED_S}"]
    with serving(cmd, REPO, tmp_path_factory.mktemp("workshop"), "/voila/static/voila.js",
                 REPO / "lessons") as server:
        yield server


class Visitor:
    """One visitor over plain HTTP, with its own cookies (as a browser tab keeps them)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str = "/") -> tuple[int, dict, str]:
        try:
            with self.opener.open(self.base + path, timeout=120) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def close_tab(self, kernel_id: str, xsrf: str | None = "cookie") -> int:
        """What Voila's page sends on beforeunload: a form with _xsrf read from the cookie."""
        token = self.cookie("_xsrf") if xsrf == "cookie" else xsrf
        body = urllib.parse.urlencode({"_xsrf": token or ""}).encode()
        request = urllib.request.Request(
            f"{self.base}/voila/api/shutdown/{kernel_id}", data=body, method="POST",
            headers={"Origin": self.base})
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status
        except urllib.error.HTTPError as error:
            assert "Traceback" not in error.read().decode()
            return error.code


def kernel_id_of(html: str) -> str:
    config = re.search(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})'
                       r"\s*</script>", html, re.S)
    assert config, "the dashboard page names no kernel"
    return json.loads(config.group(1))["kernelId"]


def assert_no_traceback(body: str) -> None:
    assert "Traceback" not in body and 'File "/' not in body and "site-packages" not in body


def wait_for_log(room, text: str, timeout: float = 60) -> float:
    """Seconds until ``text`` appears in the server log (fails after ``timeout``)."""
    started = time.monotonic()
    while text not in room.log.read_text():
        assert time.monotonic() - started < timeout, f"not in the server log: {text}"
        time.sleep(0.25)
    return time.monotonic() - started


def test_template_and_theme_overrides_are_refused(room):
    visitor = Visitor(room.base)
    for query in ("?template=lab", "?template=reveal", "?theme=dark"):
        status, headers, body = visitor.get("/" + query)
        assert status == 400, query
        assert "This page takes no options" in body and 'lang="en"' in body
        assert_no_traceback(body)
    # no kernel was handed out for them: the refusal comes before Voila's handler
    assert "Using pre-heated kernel" not in room.log.read_text().split("?theme=dark")[-1]


def test_a_full_room_gets_the_room_full_page_and_a_closed_tab_frees_a_seat(room):
    visitors = [Visitor(room.base) for _ in range(CLASS_SIZE)]
    kernels = []
    for visitor in visitors:
        status, headers, body = visitor.get()
        assert status == 200
        assert_no_traceback(body)
        assert visitor.cookie("_xsrf"), "the page must set the _xsrf cookie its beacon reads"
        kernels.append(kernel_id_of(body))
    late = Visitor(room.base)
    status, headers, body = late.get()
    assert status == 503 and headers.get("Retry-After") == "60"
    assert ROOM_FULL in body and f"({CLASS_SIZE} of {CLASS_SIZE})" in body
    assert_no_traceback(body)
    # the close-tab request as the page sends it; without the token it is still refused
    assert visitors[0].close_tab(kernels[0], xsrf=None) == 403
    assert visitors[0].close_tab(kernels[0]) == 204
    assert visitors[1].close_tab(kernels[1]) == 204
    wait_for_log(room, f"Kernel shutdown: {kernels[0]}", timeout=10)
    # the seats are free again; an unknown or already closed kernel is a 404, not a traceback
    status, _, body = late.get()
    assert status == 200
    assert_no_traceback(body)
    assert late.close_tab(kernel_id_of(body)) == 204
    assert visitors[0].close_tab(kernels[0]) == 404
    assert visitors[0].close_tab(str(uuid.uuid4())) == 404
    log = room.log.read_text()
    assert "'_xsrf' argument missing" in log  # the one refused on purpose above
    assert "Traceback" not in log.split("Voilà is running at")[-1]


def test_closing_or_reloading_the_page_frees_its_kernel(room, page):
    page.goto(room.base + "/")
    page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)
    first = kernel_id_of(page.content())
    assert "Traceback" not in page.inner_text("body")
    page.reload()  # Voila's beforeunload sends the shutdown beacon for the old kernel
    page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)
    second = kernel_id_of(page.content())
    assert second != first
    freed = wait_for_log(room, f"Kernel shutdown: {first}", timeout=60)
    page.close(run_before_unload=True)
    wait_for_log(room, f"Kernel shutdown: {second}", timeout=60)
    log = room.log.read_text()  # tornado logs only failed requests at this level
    assert f"POST /voila/api/shutdown/{first}" not in log
    assert f"POST /voila/api/shutdown/{second}" not in log
    print(f"reload freed the old kernel after {freed:.1f} s")
    assert page.js_errors == []


def test_a_page_that_never_connects_loses_its_kernel(room):
    visitor = Visitor(room.base)
    status, _, body = visitor.get()
    assert status == 200
    kernel = kernel_id_of(body)
    fetched = time.monotonic()
    # nobody opens the websocket: the kernel goes after the timeout (checked every 10 s)
    wait_for_log(room, f"Culling kernel {kernel}: its page never connected",
                 timeout=UNCONNECTED_S + 30)
    assert time.monotonic() - fetched >= UNCONNECTED_S - 1
    wait_for_log(room, f"Kernel shutdown: {kernel}", timeout=15)
    assert visitor.close_tab(kernel) == 404  # its seat is free already
