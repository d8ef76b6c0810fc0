"""The teacher's terminal across a restart (issue 28, item 8): a real workshop server started
as ``CLASS=periodic:2x2 ./scripts/run`` starts it, two real Chromium tabs on it, Ctrl-C, the
same command again on the same port and store. The terminal is read as the teacher sees it:
stdout (the ready block) and stderr (the log) apart."""
from __future__ import annotations

import signal
import time

import pytest

from browser_helpers import free_port
from room_pages import workshop
from test_workshop_server import LOST, kernel_id_of

pytestmark = pytest.mark.browser

SPEC = "--new_class=periodic:2x2"


def test_a_restart_with_open_tabs_keeps_the_class_and_buries_nothing(browser, tmp_path):
    port = free_port()
    url = f"sqlite:///{tmp_path / 'room.db'}"
    tabs, kernels = [], []
    try:
        with workshop(tmp_path / "first", "--class_size=4", SPEC, port=port,
                      room_url=url) as first:
            assert first.code and first.key
            for _ in range(2):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                tab = context.new_page()
                tab.goto(first.base + "/")
                tab.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=120_000)
                tabs.append(tab)
                kernels.append(kernel_id_of(tab.content()))
            # Ctrl-C: the server stops at once, with nothing on its terminal but its own words
            assert first.stop(signal.SIGINT) == 0
            stopped = first.stderr()
            assert "Traceback" not in stopped and "ZMQError" not in stopped, stopped[-3000:]
            assert first.stdout().rstrip().endswith("=" * 64)  # nothing printed after the block

        with workshop(tmp_path / "second", "--class_size=4", SPEC, port=port,
                      room_url=url) as second:
            # the same class, its key not shown again (and how to get a new one)
            assert second.code == first.code and second.key is None
            assert f"periodic-edu class key {first.code}" in second.stdout()
            # the old tabs reconnect to kernels that are gone: one quiet line each ...
            deadline = time.monotonic() + 120
            while not all(kernel in second.stderr() for kernel in kernels):
                assert time.monotonic() < deadline, second.stderr()[-2000:]
                time.sleep(0.5)
            # ... and each page says its connection is lost (it gave up reconnecting)
            for tab in tabs:
                tab.locator(".periodic-edu-lost[role='alert']").wait_for(timeout=120_000)
                assert LOST in tab.locator(".periodic-edu-lost[role='alert']").inner_text()
            log = second.stderr()
            lines = [line for line in log.splitlines() if line.strip()]
            assert "Traceback" not in log and "static_path" not in log, log[-3000:]
            assert len(lines) <= len(tabs), "\n".join(lines)
            # the ready block is still the last thing the terminal's stdout shows
            assert second.stdout().rstrip().endswith("=" * 64)
    finally:
        for tab in tabs:
            tab.context.close()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_while_kernels_start_ends_the_server_at_once_and_quietly(tmp_path, sig):
    """Ctrl-C (or a service manager's SIGTERM) the moment pages' kernels begin to start (three
    pages at once, one spare kernel: the others start theirs). A KeyboardInterrupt in a page's
    render printed a traceback;
    jupyter_server refused to end a kernel it did not list yet (404), and the whole stop with it
    (exit status 1); and a stop run after the loop had stopped (jupyter_core's run_sync, on a
    new loop) waited for starts that never went on, until the server was killed."""
    import http.client
    import threading

    import psutil

    from test_workshop_server import Visitor

    def load(visitor: Visitor) -> None:
        try:
            visitor.get()
        except (OSError, http.client.HTTPException):  # the server stops under it
            pass

    with workshop(tmp_path, "--class_size=4") as server:
        process = psutil.Process(server.proc.pid)
        running = {child.pid for child in process.children(recursive=True)}
        pages = [threading.Thread(target=load, args=(Visitor(server.base),)) for _ in range(3)]
        for page in pages:
            page.start()
        deadline = time.monotonic() + 60
        while not {c.pid for c in process.children(recursive=True)} - running:
            assert time.monotonic() < deadline, "no kernel started for three pages"
            time.sleep(0.02)
        pressed = time.monotonic()
        assert server.stop(sig) == 0, server.stderr()[-3000:]
        assert time.monotonic() - pressed < 30
        assert "Traceback" not in server.stderr(), server.stderr()[-3000:]
        for page in pages:
            page.join(30)
