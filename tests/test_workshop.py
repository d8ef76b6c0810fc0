"""The workshop server's pieces without a server: sizing, seat accounting, the pages' words,
the ready block, the kernel guard's memory cap (in a real child process), the page template.
(The real server is exercised in tests/browser/test_workshop_server.py.)"""
from __future__ import annotations

import asyncio
import concurrent.futures
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("voila", reason="the workshop server needs the app extra")  # noqa: E402

from periodic_edu.workshop import ready, template  # noqa: E402
from periodic_edu.workshop.app import (KERNEL_PROFILE, LIGHT_SPARE, MAX_CLASS_SIZE,  # noqa: E402
                                       WorkshopVoila, pool_size_for)
from periodic_edu.workshop.handlers import RETRY_AFTER_S, RETRY_JITTER_S, retry_after  # noqa: E402
from periodic_edu.workshop.kernel_guard import MEMORY_EXIT  # noqa: E402
from periodic_edu.workshop.kernels import RoomKernelManager, _failed, _ready  # noqa: E402
from periodic_edu.workshop.pages import TEXT, page  # noqa: E402


@pytest.mark.parametrize("class_size", [1, 2, 30, MAX_CLASS_SIZE])
def test_the_whole_class_is_preheated(class_size):
    assert pool_size_for(class_size) == class_size


def test_the_pool_target_shrinks_as_seats_fill():
    km = RoomKernelManager(max_seats=3, pool_size=3)
    km.kernel_pools_config = {"default": {"pool_size": 3, "kernel_env_variables": {}}}
    tickets = [km.admit() for _ in range(2)]
    assert km.kernel_pools_config["default"]["pool_size"] == 1
    for ticket in tickets:
        with km.serving(ticket):
            pass  # both page loads ended without a kernel
    assert km.kernel_pools_config["default"]["pool_size"] == 3


def test_class_size_is_bounded():
    with pytest.raises(Exception, match="class_size"):
        WorkshopVoila(class_size=0)
    with pytest.raises(Exception, match="class_size"):
        WorkshopVoila(class_size=MAX_CLASS_SIZE + 1)


def test_seats_are_capped_and_a_ticket_without_kernel_is_given_back():
    km = RoomKernelManager(max_seats=2, pool_size=1)
    first, second = km.admit(), km.admit()
    assert first is not None and second is not None and km.admit() is None
    with km.serving(first):
        pass  # the page load failed before it got a kernel
    assert km.seats_taken == 1
    third = km.admit()
    assert third is not None and km.admit() is None
    km._live.add("k-1")  # as start_kernel records a started kernel
    with km.serving(third):
        km.seat(third, "k-1")
    assert km.is_seated("k-1") and km.seats_taken == 2  # the seat outlives the request
    km.seat(third, "k-1")  # a closed ticket seats nothing twice
    assert km.seats_taken == 2


def test_the_culler_passes_over_a_kernel_still_starting():
    """A cull pass that meets a kernel whose start has not finished (its last_activity not set
    yet) leaves it, where jupyter_server's own check raised (a fresh-clone run's log had the
    traceback)."""
    from jupyter_server.services.kernels.kernelmanager import (AsyncMappingKernelManager,
                                                               ServerKernelManager)
    from traitlets import TraitError

    def run_alone(coroutine):  # on a thread of its own: the worker's thread may hold a loop
        with concurrent.futures.ThreadPoolExecutor(1) as pool:  # (playwright's, in the suite)
            return pool.submit(asyncio.run, coroutine).result()

    km = RoomKernelManager(max_seats=2, pool_size=1)
    km._kernels["k-1"] = ServerKernelManager(kernel_name="python3")  # as start_kernel does first
    with pytest.raises(TraitError):  # what the room's manager guards against
        run_alone(AsyncMappingKernelManager.cull_kernel_if_idle(km, "k-1"))
    run_alone(km.cull_kernel_if_idle("k-1"))  # passes over it
    assert "k-1" in km._kernels


def test_a_stop_waits_for_kernels_still_starting_and_passes_over_a_failed_start():
    """jupyter_client's shutdown_all ends its pending starts too, but jupyter_server refused
    an id it did not list yet (404): Ctrl-C as a page's kernel started raised a traceback."""
    km = RoomKernelManager(max_seats=2, pool_size=1)

    async def stop_while_one_starts() -> None:
        async def start_that_fails() -> None:
            await asyncio.sleep(0.05)
            raise RuntimeError("the kernel died as it started")

        async def add_when_ready() -> None:  # as jupyter_client's _add_kernel_when_ready
            try:
                await start_that_fails()
            except Exception:  # noqa: BLE001 - it logs and keeps the entry
                pass

        km._pending_kernels["k-1"] = asyncio.ensure_future(add_when_ready())
        await km.shutdown_all(now=True)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own (see above)
        pool.submit(asyncio.run, stop_while_one_starts()).result()
    assert "k-1" not in km._pending_kernels and not km.list_kernel_ids()


def test_no_cap_when_max_seats_is_zero():
    km = RoomKernelManager()
    assert all(km.admit() is not None for _ in range(100))


def test_pages_escape_and_say_what_to_do():
    html = page("room_full", refresh_s=6, seats=30)
    assert TEXT["room_full.body"] in html and "(30 of 30)" in html
    assert '<meta http-equiv="refresh" content="6">' in html and 'lang="en"' in html
    assert "<script" not in html
    html = page("no_options", link='/"><script>')
    assert "<script>" not in html and "&lt;script&gt;" in html
    # a third teacher's page is told that, in its language - not that the dashboard failed
    html = page("teacher_busy", lang="uk", refresh_s=6, pages=2)
    assert "Сторінку вчителя вже відкрито деінде" in html and "(2)" in html
    assert "Не вдалося запустити" not in html


def test_room_full_retries_come_in_a_few_seconds_with_jitter():
    waits = {retry_after() for _ in range(400)}
    assert min(waits) >= RETRY_AFTER_S and max(waits) <= RETRY_AFTER_S + RETRY_JITTER_S
    assert len(waits) > 2  # spread, not one second for the whole room


def test_seats_per_address_cap_one_address_not_the_room():
    km = RoomKernelManager(max_seats=5, pool_size=1, seats_per_address=2)
    assert km.admit(b"a", "10.0.0.7") and km.admit(b"b", "10.0.0.7")
    assert km.admit(b"c", "10.0.0.7") is None  # that address holds its two seats
    assert km.admit(b"d", "10.0.0.8") is not None  # a classmate still gets in


def test_a_kernel_belongs_to_the_secret_of_its_page():
    km = RoomKernelManager(max_seats=2, pool_size=1)
    ticket = km.admit(b"secret-of-page-1", "10.0.0.7")
    km._live.add("k-1")
    with km.serving(ticket):
        km.seat(ticket, "k-1")
    assert km.is_owner("k-1", b"secret-of-page-1")
    assert not km.is_owner("k-1", b"secret-of-page-2") and not km.is_owner("k-1", None)
    assert not km.is_owner("k-2", b"secret-of-page-1")


def test_light_mode_keeps_a_few_spare_growing_with_arrivals():
    km = RoomKernelManager(max_seats=30, pool_size=1, spare_kernels=2)
    km.kernel_pools_config = {"default": {"pool_size": 1, "kernel_env_variables": {}}}
    km._fit_pool()
    assert km.kernel_pools_config["default"]["pool_size"] == 2
    for _ in range(8):
        km.admit()
    assert km.kernel_pools_config["default"]["pool_size"] == 4  # 2 + 8 // 4
    for _ in range(21):
        km.admit()
    assert km.kernel_pools_config["default"]["pool_size"] == 1  # one seat left: one spare


class _Done:
    """A finished asyncio task stand-in (result or exception), as Voila's pool holds them."""

    def __init__(self, result=None, exc=None):
        self._result, self._exc = result, exc

    def done(self):
        return True

    def cancelled(self):
        return False

    def exception(self):
        return self._exc

    def result(self):
        return self._result


class _Renderer:
    def __init__(self, *snippets):
        self.rendered_cache = list(snippets)


WIDGET = '<script type="application/vnd.voila.cell-output+json">{"output_type": ' \
         '"display_data", "data": {"application/vnd.jupyter.widget-view+json": {}}}</script>'


def test_a_pool_entry_is_ready_only_once_the_dashboard_ran_and_never_with_stderr():
    running = _Done({"kernel_id": "k", "renderer": _Renderer("<div>"), "task": None})
    assert not _ready(running) and not _failed(running)
    built = _Done({"kernel_id": "k", "renderer": _Renderer("<div>", WIDGET), "task": None})
    assert _ready(built)
    noisy = _Done({"kernel_id": "k", "renderer": _Renderer(
        WIDGET, '{"output_type": "stream", "name": "stderr", "text": "database is locked"}'),
        "task": None})
    assert _failed(noisy) and not _ready(noisy)
    assert _failed(_Done(exc=RuntimeError("Kernel died before replying to kernel_info")))
    broke_off = _Done({"kernel_id": "k", "renderer": _Renderer("<div>"),
                       "task": _Done(([], None))})
    assert _failed(broke_off)  # the render ended without the dashboard's widget


def test_tidy_pool_drops_failed_entries_and_puts_a_ready_one_first():
    km = RoomKernelManager(max_seats=3, pool_size=3)
    starting = asyncio.get_event_loop_policy().new_event_loop().create_future()
    failed = _Done(exc=RuntimeError("Address already in use"))
    ready_one = _Done({"kernel_id": "k-ready", "renderer": _Renderer(WIDGET), "task": None})
    km._pools = {"dashboard.ipynb": [starting, failed, ready_one]}
    km.notebook_path = None  # no refill in this test
    km.tidy_pool("dashboard.ipynb")
    assert km._pools["dashboard.ipynb"] == [ready_one, starting]


def test_the_ready_block_names_the_room_and_the_plan(monkeypatch):
    monkeypatch.setattr(ready, "ipv4_addresses", lambda: ["10.1.2.3", "192.168.1.23"])
    room, local = ready.student_urls("0.0.0.0", 8866)
    assert room == ["http://10.1.2.3:8866/", "http://192.168.1.23:8866/"]
    assert local == "http://localhost:8866/"
    assert ready.student_urls("127.0.0.1", 9000) == ([], "http://localhost:9000/")
    block = ready.ready_block(room=room, local=local, class_size=30, room_mode=True,
                              server_mb=100, kernel_mb=61, seconds=3, kernels=30)
    assert "http://192.168.1.23:8866/" in block and "http://localhost:8866/" in block
    assert "Class size: 30" in block and "about 1,950 MB" in block and "Ctrl-C" in block
    assert "0.0.0.0" not in block
    alone = ready.ready_block(room=[], local="http://localhost:8866/", class_size=30,
                              room_mode=False, server_mb=100, kernel_mb=61, seconds=3,
                              kernels=1)
    assert "HOST=0.0.0.0" in alone  # only this computer can connect: how to let a room in


def test_the_ready_block_says_where_the_teachers_page_is():
    block = ready.ready_block(room=[], local="http://localhost:8866/", class_size=30,
                              room_mode=False, server_mb=100, kernel_mb=61, seconds=3,
                              kernels=1, teacher="http://localhost:8866/teacher")
    assert "Teacher's page: http://localhost:8866/teacher" in block
    without = ready.ready_block(room=[], local="http://localhost:8866/", class_size=30,
                                room_mode=False, server_mb=100, kernel_mb=61, seconds=3,
                                kernels=1)
    assert "Teacher" not in without


def test_teacher_pages_take_no_seat_and_are_bounded_on_their_own():
    km = RoomKernelManager(max_seats=1, pool_size=1, max_teacher_kernels=2)
    first, second = km.admit_teacher(b"t1"), km.admit_teacher(b"t2")
    assert first is not None and second is not None
    assert km.admit_teacher(b"t3") is None  # the third waits: two teacher's pages at most
    assert km.seats_taken == 0
    student = km.admit(b"s1", "10.0.0.5")
    assert student is not None and km.seats_taken == 1  # the class keeps its one seat
    with km.serving(first):
        pass  # the page load ended without a kernel: its place is given back
    assert km.admit_teacher(b"t4") is not None
    assert km.seats_taken == 1


def test_the_machines_addresses_are_real_and_not_loopback():
    addresses = ready.ipv4_addresses()
    assert all(not a.startswith("127.") and len(a.split(".")) == 4 for a in addresses)
    import socket
    for address in addresses:
        socket.inet_aton(address)


def test_visitor_kernels_keep_no_history_and_load_the_guard():
    assert "c.HistoryManager.enabled = False" in KERNEL_PROFILE
    assert "periodic_edu.workshop.kernel_guard" in KERNEL_PROFILE


def test_a_kernel_past_its_memory_cap_ends():
    code = textwrap.dedent("""
        from periodic_edu.workshop.kernel_guard import cap_memory, read_rss_mb
        import time
        cap_memory(read_rss_mb() + 40, interval=0.02)
        hoard = []
        # 1 MB at a time, slower than the watchdog looks: it ends the process past the cap
        # before RLIMIT_DATA (the cap plus what the process held) raises MemoryError, even
        # on a loaded machine where the watchdog's thread wakes late (2 MB every 10 ms lost
        # that race with two test workers on a loaded CI)
        for _ in range(400):
            hoard.append(bytearray(2**20))
            time.sleep(0.02)
        print("still alive")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == MEMORY_EXIT, (done.returncode, done.stdout, done.stderr)
    assert "still alive" not in done.stdout


def test_the_page_template_has_no_cdn_and_loads_the_watcher():
    text = (template.TEMPLATE_DIR / "index.html.j2").read_text()
    assert "cdn." not in text.replace("cdn.jsdelivr.net, but", "")  # only the comment names it
    assert "periodic_edu/lost.js" in text and "super.super()" in text
    script = template.lost_script()
    for words in template.LOST_TEXT.values():
        assert words["text"] in script
    assert set(template.LOST_TEXT) == {"en", "uk", "de"}


def test_the_docs_show_the_nginx_configuration_the_test_runs():
    from pathlib import Path

    from periodic_edu.workshop.nginx import site_config

    text = (Path(__file__).resolve().parents[1] / "docs" / "workshop.md").read_text()
    shown = text.split("```nginx\n", 1)[1].split("```", 1)[0]
    assert shown == site_config(), "docs/workshop.md: regenerate the block with " \
        "python -m periodic_edu.workshop.nginx"


def test_nginx_template_refuses_what_would_break_the_configuration():
    from periodic_edu.workshop.nginx import site_config

    two = site_config(["127.0.0.1:8866", "127.0.0.1:8867"])
    assert "server 127.0.0.1:8866;" in two and "server 127.0.0.1:8867;" in two
    assert two.count("proxy_set_header Host $http_host;") == 2  # the websocket keeps Host
    for bad in ("a b", "x;y", "$host", "a{"):
        with pytest.raises(ValueError):
            site_config([bad])
    with pytest.raises(ValueError):
        site_config([])


def test_the_workshop_kernels_build_the_games_tabs_when_opened():
    from periodic_edu.widgets.dashboard import LAZY_TABS_ENV, dashboard

    app = WorkshopVoila(class_size=2)
    assert "PERIODIC_EDU_LAZY_TABS" == LAZY_TABS_ENV
    lazy = dashboard(seed=1, lang="en", lazy_tabs=True)
    assert lazy.opened() == [0, 1]
    lazy.tabs.selected_index = 2  # the page opens Play: the game is built then
    assert lazy.opened() == [0, 1, 2]
    assert dashboard(seed=1, lang="en").opened() == [0, 1, 2, 3, 4]  # a notebook: every tab
    del app


def test_the_servers_own_pages_speak_the_visitors_language():
    """Room full, no options, could not start, and the lost-connection notice come from the
    workshop catalog in en/uk/de; the page's language is ?lang=, else Accept-Language."""
    from periodic_edu.workshop.pages import page, visitor_language
    from periodic_edu.workshop.template import LOST_TEXT
    assert visitor_language("uk", "de-DE,de;q=0.9") == "uk"
    assert visitor_language(None, "de-DE,de;q=0.9,en;q=0.5") == "de"
    assert visitor_language("xx", "fr-FR, uk;q=0.8") == "uk"
    assert visitor_language(None, None) == "en"
    uk = page("room_full", lang="uk", refresh_s=5, seats=30)
    assert '<html lang="uk">' in uk and "Кімната заповнена" in uk and "30 із 30" in uk
    de = page("no_options", lang="de", link="/")
    assert '<html lang="de">' in de and "Dashboard öffnen" in de
    assert "перезавантаж сторінку" in LOST_TEXT["uk"]["text"]
    assert LOST_TEXT["de"]["button"] == "Neu laden" and LOST_TEXT["en"]["button"] == "Reload"


def test_a_class_made_at_start_is_in_the_ready_block_and_nowhere_else(tmp_path):
    """--new_class=periodic:2x3 makes the class in the room store when the server starts; the
    ready block (the teacher's terminal) shows its code and key, and the key opens it."""
    from periodic_edu.classroom import open_room
    from periodic_edu.workshop.new_class import create_class, parse_class_spec
    from periodic_edu.workshop.ready import ready_block
    url = f"sqlite:///{tmp_path / 'room.db'}"
    code, key = create_class("periodic:2x3", url)
    room = open_room(url)
    try:
        overview = room.teacher(code, key).overview()
        assert len(overview["tables"]) == 2 and len(overview["tables"][0]["seats"]) == 3
    finally:
        room.close()
    block = ready_block(room=[], local="http://localhost:8866/", class_size=30,
                        room_mode=False, server_mb=100, kernel_mb=60, seconds=3, kernels=1,
                        created_class=(code, key))
    assert f"Class code, for the projector: {code}" in block and key in block
    for bad in ("periodic", "chess:2x3", "periodic:2x", "periodic:100x3", "periodic:2x3;rm"):
        with pytest.raises(ValueError, match="GAME:TABLESxSEATS"):
            parse_class_spec(bad)


def test_a_wrong_new_class_stops_the_server_with_one_line(tmp_path):
    env = {**os.environ, "PERIODIC_EDU_ROOM": f"sqlite:///{tmp_path / 'room.db'}"}
    done = subprocess.run([sys.executable, "-m", "periodic_edu.workshop", "lessons/dashboard.ipynb",
                           "--no-browser", "--port=0", "--new_class=periodic:2x9"],
                          cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2, done.stderr[-800:]
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("periodic_edu: "), done.stderr[-400:]


def test_spare_kernels_sizes_the_light_pool_and_the_room_mode_ignores_it(tmp_path):
    assert WorkshopVoila.spare_kernels.default_value == LIGHT_SPARE
    env = {**os.environ, "PERIODIC_EDU_ROOM": f"sqlite:///{tmp_path / 'room.db'}"}
    probe = ("import sys; from periodic_edu.workshop.app import WorkshopVoila;"
             " app = WorkshopVoila(); app.initialize(sys.argv[1:]);"
             " print(app.config.RoomKernelManager.spare_kernels)")
    for args, spare in ((["--spare_kernels=1"], "1"), (["--spare_kernels=1", "--room"], "0")):
        done = subprocess.run([sys.executable, "-c", probe, "lessons/dashboard.ipynb",
                               "--no-browser", "--port=0", "--class_size=3", *args],
                              cwd=Path(__file__).resolve().parents[1], capture_output=True,
                              text=True, env=env, timeout=120)
        assert done.stdout.split()[-1:] == [spare], (args, done.stdout, done.stderr[-800:])


# ---- one page cannot take the room down (issue 29) ------------------------------------------
class _FakeKernel:
    """What the guard touches of an ipykernel: its shell handlers and its comm manager."""

    def __init__(self, comms):
        self.answered, self.opened = [], []
        self.shell_handlers = {"comm_msg": lambda s, i, m: self.answered.append(m),
                               "comm_close": lambda s, i, m: self.answered.append(m),
                               "comm_open": lambda s, i, m: self.opened.append(m)}
        self.comm_manager = type("M", (), {"comms": dict.fromkeys(comms)})()


def _msg(comm_id, method="custom"):
    return {"content": {"comm_id": comm_id, "data": {"method": method}}}


def test_the_kernel_guard_answers_request_state_a_few_times_and_bounds_the_rate(caplog):
    from periodic_edu.workshop.kernel_guard import (REQUEST_STATE_PER_COMM,
                                                     bound_comm_messages)
    clock = [0.0]
    kernel = _FakeKernel(["w1", "w2"])
    bound_comm_messages(kernel, rate=10, burst=20, clock=lambda: clock[0])
    handle = kernel.shell_handlers["comm_msg"]
    for _ in range(REQUEST_STATE_PER_COMM + 5):
        handle(None, None, _msg("w1", "request_state"))
    assert len(kernel.answered) == REQUEST_STATE_PER_COMM  # the rest: never answered
    handle(None, None, _msg("w2", "request_state"))  # another widget has its own count
    handle(None, None, _msg("no such \x1b[2J comm"))  # an unknown comm: dropped, not logged raw
    assert len(kernel.answered) == REQUEST_STATE_PER_COMM + 1
    # the burst: 20 at once, then 10 per second
    kernel.answered.clear()
    for _ in range(50):
        handle(None, None, _msg("w2"))
    assert len(kernel.answered) < 20
    clock[0] += 1.0
    before = len(kernel.answered)
    for _ in range(50):
        handle(None, None, _msg("w2"))
    assert len(kernel.answered) - before == 10
    # opening comms shares the same rate
    clock[0] += 1.0
    for _ in range(50):
        kernel.shell_handlers["comm_open"](None, None, {"content": {}})
    assert len(kernel.opened) == 10
    # each kind of drop is logged once, whatever the flood
    drops = [r.getMessage() for r in caplog.records if "dropped the page's" in r.getMessage()]
    assert len(drops) == 3 and not any("\x1b" in line for line in drops)


def test_every_log_record_of_the_server_is_escaped_and_short():
    import logging
    from periodic_edu.workshop import logs
    logs.install()
    record = logging.makeLogRecord({"msg": 'Received message of type "%s"',
                                    "args": ("x\n====\nready\x1b[2J\x1b]0;pwned\x07\u202e" +
                                             "y" * 5000,)})
    text = record.getMessage()
    assert "\n" not in text and "\x1b" not in text and "\u202e" not in text
    assert "\\x1b[2J" in text and len(text) < logs.MESSAGE_LIMIT + 40
    try:
        raise ValueError("bad \x1b[2J")
    except ValueError:
        import sys
        with_tb = logging.getLogRecordFactory()("x", logging.ERROR, "f", 1, "failed", (),
                                                sys.exc_info())
    assert "\x1b" not in with_tb.exc_text and "Traceback" in with_tb.exc_text


def test_a_restart_with_the_same_class_spec_keeps_the_class(tmp_path):
    from periodic_edu.classroom import open_room
    from periodic_edu.workshop.new_class import create_class
    url = f"sqlite:///{tmp_path / 'room.db'}"
    first = create_class("periodic:2x3", url, keep=True)
    assert first.key  # made now: its key is shown
    again = create_class("periodic:2x3", url, keep=True)
    assert again == (first.code, None)  # kept: its key was shown the first time
    other = create_class("periodic:3x3", url, keep=True)
    assert other.code != first.code and other.key
    fresh = create_class("periodic:2x3", url, keep=False)  # --new-class
    assert fresh.code not in (first.code, other.code) and fresh.key
    assert create_class("periodic:2x3", url, keep=True).code == fresh.code  # the newest
    # the lost key: a new one opens the class, the old one no longer does
    room = open_room(url)
    try:
        new_key = room.new_teacher_key(first.code)
        assert room.teacher(first.code, new_key).code == first.code
        with pytest.raises(PermissionError):
            room.teacher(first.code, first.key)
    finally:
        room.close()
    block = ready.ready_block(room=[], local="http://localhost:8866/", class_size=30,
                              room_mode=False, server_mb=100, kernel_mb=60, seconds=3,
                              kernels=1, created_class=(first.code, None))
    assert f"periodic-edu class key {first.code}" in block and "shown once" not in block


def test_a_laptop_run_speaks_of_visitors_not_of_a_class():
    alone = ready.ready_block(room=[], local="http://localhost:8866/", class_size=30,
                              room_mode=False, server_mb=100, kernel_mb=61, seconds=3,
                              kernels=1)
    assert "class" not in alone.lower().replace("classes", "")
    assert "Up to 30 visitors" in alone
    block = ready.ready_block(room=[], local="http://localhost:8866/", class_size=30,
                              room_mode=False, server_mb=100, kernel_mb=61, seconds=3,
                              kernels=1, teacher="http://localhost:8866/teacher",
                              room_key="R" * 32)
    assert f"Room key, to create a class on the teacher's page (new at every start): {'R' * 32}" \
        in block
    assert block.rstrip().endswith("=" * 64)  # the block is the last thing printed


def test_the_room_store_has_a_size_bound_by_default(tmp_path):
    from periodic_edu.classroom import open_room
    from periodic_edu.classroom.sqlite_store import DEFAULT_MAX_PAGE_COUNT
    room = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        with room.store.read() as tx:
            pass
        conn = room.store._connect()
        try:
            assert conn.execute("PRAGMA max_page_count").fetchone()[0] == DEFAULT_MAX_PAGE_COUNT
            assert conn.execute("PRAGMA page_size").fetchone()[0] * DEFAULT_MAX_PAGE_COUNT \
                == 2**30  # 1 GiB
        finally:
            conn.close()
    finally:
        room.close()
    del tx


def test_a_class_is_created_from_the_page_only_with_the_room_key(tmp_path, monkeypatch):
    """The teacher's page in the workshop server (the room key's hash in its environment):
    no key, a wrong key or a teacher key creates nothing; the room key does; past the cap of
    live classes, and in a full store, the page says so and nothing is made."""
    from periodic_edu.classroom import credentials, open_room
    from periodic_edu.widgets import classroom_widget
    from periodic_edu.widgets.classroom_widget import ROOM_KEY_ENV, ClassroomWidget
    key = credentials.new_token()
    monkeypatch.setenv(ROOM_KEY_ENV, credentials.token_hash(key))
    room = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        page = ClassroomWidget(room=room)
        assert page.choices["room_key"] is True
        create = {"type": "create", "game": "periodic", "tables": 1, "seats": 2}
        for given in ({}, {"room_key": "wrong"}, {"room_key": credentials.new_token()}):
            assert page.handle_message({**create, **given}) is False
            assert "room key" in page.error and room.count_classes() == 0
        assert page.handle_message({**create, "room_key": key}) is True
        assert page.phase == "open" and room.count_classes() == 1
        monkeypatch.setattr(classroom_widget, "MAX_LIVE_CLASSES", 1)
        assert page.handle_message({**create, "room_key": key}) is False
        assert "1 classes already" in page.error and room.count_classes() == 1
    finally:
        room.close()
    monkeypatch.setattr(classroom_widget, "MAX_LIVE_CLASSES", 30)
    # a full store says so on the page, and nothing is half made
    full = open_room(f"sqlite:///{tmp_path / 'full.db'}?max_page_count=50")
    try:
        page = ClassroomWidget(room=full)
        big = {"type": "create", "game": "periodic", "tables": 60, "seats": 5, "room_key": key}
        made = 0
        while page.handle_message(big):
            made += 1
        assert "store is full" in page.error, page.error
        assert full.count_classes() == made  # the refused one left no half-made class
    finally:
        full.close()


def test_a_notebook_outside_the_workshop_server_asks_for_no_room_key(tmp_path, monkeypatch):
    from periodic_edu.classroom import open_room
    from periodic_edu.widgets.classroom_widget import ROOM_KEY_ENV, ClassroomWidget
    monkeypatch.delenv(ROOM_KEY_ENV, raising=False)
    room = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        page = ClassroomWidget(room=room)
        assert page.choices["room_key"] is False
        assert page.handle_message({"type": "create", "game": "periodic", "tables": 1,
                                    "seats": 2}) is True
    finally:
        room.close()


def test_class_show_repeats_the_ready_block_and_class_key_replaces_a_lost_key(
        tmp_path, monkeypatch, capsys):
    """``periodic-edu class show CODE``: the class and the addresses of the server running it
    (from the file the server leaves, no key in it); ``class key CODE``: a new teacher key."""
    from periodic_edu.classroom import open_room
    from periodic_edu.classroom.servers import running_servers, write_server_file
    from periodic_edu.cli import main
    from periodic_edu.workshop.new_class import create_class
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    url = f"sqlite:///{tmp_path / 'room.db'}"
    made = create_class("periodic:2x3", url)
    path = write_server_file(8123, {"students": ["http://10.1.2.3:8123/"],
                                    "local": "http://localhost:8123/",
                                    "teacher": "http://localhost:8123/teacher",
                                    "class": made.code})
    assert path is not None and oct(path.stat().st_mode & 0o777) == "0o600"
    assert made.key not in path.read_text()
    assert [facts["class"] for facts in running_servers()] == [made.code]
    assert main(["class", "show", made.code, "--room", url]) == 0
    shown = capsys.readouterr().out
    assert made.code in shown and "http://10.1.2.3:8123/" in shown
    assert "http://localhost:8123/teacher" in shown and made.key not in shown
    assert f"class key {made.code}" in shown
    assert main(["class", "key", made.code, "--room", url]) == 0
    new_key = capsys.readouterr().out.split("teacher key: ")[1].split()[0]
    room = open_room(url)
    try:
        assert room.teacher(made.code, new_key).code == made.code
        with pytest.raises(PermissionError):
            room.teacher(made.code, made.key)
    finally:
        room.close()
    assert main(["class", "show", "ZZZZ-ZZZZ", "--room", url]) == 2  # one line, no traceback


def test_a_websocket_whose_page_does_not_read_is_closed_past_the_bound(caplog):
    """RoomWebsocketHandler.write_message: under MAX_UNSENT_BYTES unsent the message goes to
    Voila's handler; past it the connection is aborted at once (a close frame would wait
    behind the unread megabytes) and nothing more is queued; a closed one drops quietly."""
    from periodic_edu.workshop import handlers

    class Stream:
        _total_write_index = 0
        _total_write_done_index = 0

    class Connection:
        def __init__(self):
            self.stream, self.aborted = Stream(), False

        def is_closing(self):
            return self.aborted

        def _abort(self):
            self.aborted = True

    sent = []

    class Handler(handlers.RoomWebsocketHandler):
        log = __import__("logging").getLogger("test.ws")

        def __init__(self):  # no tornado application: only what write_message reads
            self.ws_connection = Connection()
            self.kernel_id = "k-1"

    original = handlers.VoilaKernelWebsocketHandler.write_message
    handlers.VoilaKernelWebsocketHandler.write_message = \
        lambda self, message, binary=False: sent.append(message)
    try:
        handler = Handler()
        handler.write_message(b"a")
        handler.ws_connection.stream._total_write_index = handlers.MAX_UNSENT_BYTES
        handler.write_message(b"b")  # at the bound: still sent
        handler.ws_connection.stream._total_write_index = handlers.MAX_UNSENT_BYTES + 1
        assert handler.write_message(b"c") is None
        assert handler.ws_connection.aborted
        handler.write_message(b"d")  # closing: dropped without a traceback
    finally:
        handlers.VoilaKernelWebsocketHandler.write_message = original
    assert sent == [b"a", b"b"]
    assert sum("left 8 MB unread" in r.getMessage() for r in caplog.records) == 1


def test_the_teacher_cookie_is_signed_by_this_run_and_wrong_keys_are_bounded_per_address():
    """periodic_edu.workshop.teacher_gate: a cookie of this run opens, one of another run (a
    restart) or an altered one does not; the room key and a known class key open, anything
    else does not; ten wrong keys a minute per address, then a wait, and the window moves."""
    from periodic_edu.classroom import credentials
    from periodic_edu.workshop import teacher_gate
    secret, other = os.urandom(32), os.urandom(32)
    value = teacher_gate.cookie_value(secret).decode()
    assert teacher_gate.cookie_valid(secret, value)
    assert not teacher_gate.cookie_valid(other, value)
    assert not teacher_gate.cookie_valid(secret, value[:-1] + ("0" if value[-1] != "0" else "1"))
    assert not teacher_gate.cookie_valid(secret, None) and not teacher_gate.cookie_valid(None, value)
    room_key, class_key = credentials.new_token(), credentials.new_token()
    known = {credentials.token_hash(class_key)}
    opens = lambda key: teacher_gate.key_opens(key, credentials.token_hash(room_key),
                                               known.__contains__)
    assert opens(room_key) and opens(class_key)
    assert not opens(credentials.new_token()) and not opens("") and not opens("x" * 300)
    now = [100.0]
    wrong = teacher_gate.WrongKeys(clock=lambda: now[0])
    for _ in range(teacher_gate.WRONG_KEYS_PER_MINUTE):
        assert wrong.wait("10.0.0.1") == 0
        wrong.add("10.0.0.1")
    assert wrong.wait("10.0.0.1") == 60 and wrong.wait("10.0.0.2") == 0
    now[0] += 61
    assert wrong.wait("10.0.0.1") == 0


def test_a_kernel_ended_with_messages_waiting_prints_no_traceback_but_other_warnings_show():
    """The visitor kernels' warnings filter (app.UNAWAITED_SHELL_MESSAGE, in their environment)
    drops exactly ipykernel's unawaited shell handler at exit, which it can only print as an
    "Event loop is closed" traceback into the server's log; any other warning still shows."""
    from periodic_edu.workshop.app import UNAWAITED_SHELL_MESSAGE
    code = textwrap.dedent("""
        import gc
        class Kernel:
            async def shell_channel_thread_main(self, msg): pass
            async def shell_main(self, msg): pass
        left = Kernel().shell_channel_thread_main(None); del left; gc.collect()
        other = Kernel().shell_main(None); del other; gc.collect()
    """)
    env = {**os.environ, "PYTHONWARNINGS": UNAWAITED_SHELL_MESSAGE}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "shell_channel_thread_main" not in done.stderr
    assert "coroutine 'Kernel.shell_main' was never awaited" in done.stderr
