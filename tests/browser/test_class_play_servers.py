"""Class play across servers (issue 19): the whole server restarted mid-game loses nothing (the
students reload and play on at the same seats), and two servers sharing one PostgreSQL seat
students of one table on different servers. Real Voila, real Chromium, a real PostgreSQL."""
from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from browser_helpers import (KERNELS_ON_SOCKETS, REPO, _jupyter_env, _start, _stop, _wait_http,
                             free_port, room_env, serving)
from test_class_play_voila import (GAME, PANEL, assert_clean, join_on_pages, keep_an_agenda,
                                   log_count, log_grows)

from periodic_edu.classroom import open_room

sys.path.insert(0, str(REPO / "tests" / "classroom"))
from pgserver import new_database, throwaway_postgres  # noqa: E402

VOILA = [sys.executable, "-m", "voila", "lessons/dashboard.ipynb", "--no-browser",
         "--port={port}", "--Voila.ip=127.0.0.1", KERNELS_ON_SOCKETS]


class _Fixed:
    """A Voila server on one port that can be stopped and started again on the same port, so
    the pages' origin (and the seat tokens in their localStorage) stays the same."""

    def __init__(self, home: Path) -> None:
        self.home, self.port, self.proc = home, free_port(), None
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        log = self.home / f"server-{time.monotonic_ns()}.log"
        self.env = _jupyter_env(self.home)  # now: it copies the room's address from os.environ
        for _ in range(20):  # the old socket may linger a moment after the stop
            self.proc = _start([p.format(port=self.port) for p in VOILA], cwd=REPO,
                               env=self.env, log=log)
            try:
                _wait_http(self.base + "/voila/static/voila.js", self.proc, log)
                return
            except RuntimeError:
                _stop(self.proc)
                if "already in use" not in log.read_text():
                    raise
                time.sleep(0.5)
        raise RuntimeError(f"port {self.port} stayed busy")

    def stop(self) -> None:
        _stop(self.proc)

    def close(self) -> None:
        """Stopped for good: its runtime folder goes too."""
        self.stop()
        shutil.rmtree(self.env["JUPYTER_RUNTIME_DIR"], ignore_errors=True)


def back_at_seat(page, name: str) -> None:
    """A reloaded page: the Play tab, the same seat from the kept token, the game drawn."""
    page.reload()
    tab = page.get_by_role("tab", name="Play")
    tab.wait_for(timeout=90_000)
    tab.click()
    page.locator(f'{PANEL} [data-role="class-line"]:has-text("{name}")').wait_for(
        timeout=30_000)
    page.locator(GAME).wait_for(timeout=30_000)


def test_the_server_restarts_mid_game_and_the_table_goes_on(browser, tmp_path):
    room_url = f"sqlite:///{tmp_path / 'room.db'}"
    room = open_room(room_url)
    info = room.create_class(game="periodic", tables=1, seats=2, max_rounds=1)
    server = _Fixed(tmp_path)
    pages = []
    with room_env(room_url):
        server.start()
        try:
            ada, bob = join_on_pages(browser, pages, info.code,
                                     [(server, name, (1280, 900)) for name in ("Ada", "Bob")])
            for page in (ada, bob):
                page.locator(GAME).wait_for(timeout=30_000)
            # Ada keeps an agenda card: stored with the table's next revision
            ada.locator(f'{PANEL} [data-role="class-status"]:has-text("your turn")').wait_for(
                timeout=15_000)
            keep_an_agenda(ada)
            bob.locator(f'{PANEL} [data-role="class-status"]:has-text("your turn")').wait_for(
                timeout=15_000)
            revision = room.spectate(info.code, 0)["revision"]
            # the whole server goes away (every kernel with it) and comes back
            server.stop()
            server.start()
            for page, name in ((ada, "Ada"), (bob, "Bob")):
                back_at_seat(page, name)
            assert room.spectate(info.code, 0)["revision"] == revision  # nothing lost
            # Bob plays on from the stored game: his agenda choice lands and Ada sees it
            before = log_count(ada, GAME)
            keep_an_agenda(bob)
            log_grows(ada, before, 10_000)
            assert room.spectate(info.code, 0)["revision"] == revision + 1
            for page in (ada, bob):
                assert_clean(page)
        finally:
            for context, _ in pages:
                context.close()
            server.close()
            room.close()


@pytest.fixture(scope="module")
def postgres():
    with throwaway_postgres() as url:
        yield url


def test_two_servers_on_one_postgresql_seat_one_table(browser, tmp_path, postgres):
    """Ada on server A, Bob on server B (separate Voila processes, separate kernels), one
    PostgreSQL room: they sit at one table and each sees the other's move."""
    dsn = new_database(postgres)
    room = open_room(dsn)
    info = room.create_class(game="periodic", tables=1, seats=2, max_rounds=1)
    pages = []
    with room_env(dsn), \
            serving(VOILA, REPO, tmp_path / "a", "/voila/static/voila.js", REPO) as one, \
            serving(VOILA, REPO, tmp_path / "b", "/voila/static/voila.js", REPO) as two:
        assert one.base != two.base
        try:
            ada, bob = join_on_pages(browser, pages, info.code,
                                     [(one, "Ada", (1280, 900)), (two, "Bob", (1280, 900))])
            for page in (ada, bob):
                page.locator(GAME).wait_for(timeout=30_000)
            seats = room.spectate(info.code, 0)
            assert seats["over"] is False
            for mover, other in ((ada, bob), (bob, ada)):
                mover.locator(f'{PANEL} [data-role="class-status"]:has-text("your turn")'
                              ).wait_for(timeout=15_000)
                before = log_count(other, GAME)
                keep_an_agenda(mover)
                log_grows(other, before, 10_000)
            for page in (ada, bob):
                assert_clean(page)
        finally:
            for context, _ in pages:
                context.close()
            room.close()
