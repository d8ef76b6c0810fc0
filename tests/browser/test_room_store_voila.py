"""The room against one page, through a real Voila server (issue 29). The kernels open the
store themselves from ``PERIODIC_EDU_ROOM`` and keep the page's bounds in their memory and, under
an id of their own, in the store (the workshop server gives its kernels the browser's id
instead, so a reload keeps them: test_room_attacks_server.py); the pages are protocol clients
(what Voila's page does on the wire, benchmarks/workshop_load).

* the seat grab (the review's 3a): one page joins, leaves, joins... - it never holds more than
  one seat and is soon told to wait; the real students are all seated;
* the store removed (4b3): a page reloaded after the store's files went away says so, makes no
  new empty store and keeps its token; once the file is back (a backup), the kept token brings
  the student back to the seat."""
from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import sys
import time

import pytest
from browser_helpers import REPO, voila_on_room
from room_pages import run_async

from periodic_edu.classroom import open_room
from periodic_edu.widgets._page_limits import IN_FLIGHT_S

sys.path.insert(0, str(REPO / "benchmarks"))
import workshop_load  # noqa: E402

FILES = ("", "-wal", "-shm")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    home = tmp_path_factory.mktemp("room_voila")
    open_room(f"sqlite:///{home / 'room.db'}").close()  # the server's start makes the store
    with voila_on_room("dashboard.ipynb", home) as served:
        served.path = home / "room.db"
        yield served


async def play_tab(base: str) -> tuple["workshop_load.PageSession", str]:
    """A new page: the dashboard's Play tab; (its session, the class-play widget's id)."""
    s = workshop_load.PageSession(base + "/", 120)
    s.deadline = time.monotonic() + 180
    html = await s.fetch_page()
    kernel, _views = workshop_load._page_facts(html)
    await s.connect(kernel)
    await s.load_widgets()
    tab = next(m for m, st in s.models.items() if st.get("_model_name") == "TabModel"
               and "Play" in (st.get("titles") or []))
    await s.send("shell", "comm_msg", {"comm_id": tab, "data": {
        "method": "update", "state": {"selected_index": list(s.models[tab]["titles"]).index(
            "Play")}, "buffer_paths": []}})

    def panel():
        return next((m for m, st in s.models.items()
                     if str(st.get("_anywidget_id", "")).endswith("ClassPlayWidget")
                     and "phase" in st), None)
    while panel() is None:
        await s.receive()
    return s, panel()


async def answer(s, model: str, content: dict) -> dict:
    """Send ``content`` to the widget as the page does; its state once the kernel has answered
    it (its status went idle for that message: every update it caused has arrived)."""
    msg_id = await s.send("shell", "comm_msg", {"comm_id": model, "data": {
        "method": "custom", "content": content}})
    await s.until(lambda m: m["header"]["msg_type"] == "status"
                  and m["parent_header"].get("msg_id") == msg_id
                  and m["content"].get("execution_state") == "idle")
    assert s.tracebacks == 0, s.first_traceback
    return dict(s.models[model])


async def grab(base: str, code: str) -> list[str]:
    """The review's seat grab from one page: join, leave, join...; what the page was told."""
    s, model = await play_tab(base)
    told = []
    for i in range(8):
        # the attacker's pace: just past the in-flight gap (a join sent sooner after the last
        # answer is dropped unanswered, see widgets/_page_limits.py)
        await asyncio.sleep(IN_FLIGHT_S * 1.2)
        state = await answer(s, model, {"type": "join", "code": code, "name": f"Grab{i}"})
        told.append(state.get("error", "") if not state.get("seat_info") else "")
        if state.get("seat_info"):
            await answer(s, model, {"type": "leave"})
    s.ws.close()
    return told


def test_one_page_cannot_take_the_seats_of_a_class(server):
    room = open_room(f"sqlite:///{server.path}")
    info = room.create_class(game="periodic", tables=3, seats=3)
    told = run_async(lambda: grab(server.base, info.code))
    assert told[:5] == [""] * 5 and all("too many tries" in t for t in told[5:]), told
    overview = room.teacher(info.code, info.teacher_key).overview()
    taken = [s["name"] for t in overview["tables"] for s in t["seats"] if s["name"]]
    assert len(taken) <= 1
    for n in range(9 - len(taken)):  # the real students
        room.join(info.code, f"Student {n}")
    overview = room.teacher(info.code, info.teacher_key).overview()
    assert [t["status"] for t in overview["tables"]] == ["playing"] * 3
    assert sum(s["name"].startswith("Student") for t in overview["tables"]
               for s in t["seats"]) == 9 - len(taken)
    room.close()


async def hello(base: str, token: str) -> dict:
    """A reloaded page: the dashboard's Play tab, then ``hello`` with the kept token; the
    class-play widget's state once the kernel answered."""
    s, model = await play_tab(base)
    state = await answer(s, model, {"type": "hello", "token": token})
    s.ws.close()
    return state


def test_a_page_reloaded_after_the_store_went_away_keeps_its_seat(server, tmp_path):
    path = server.path
    room = open_room(f"sqlite:///{path}", create=False)
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    room.join(info.code, "Bob")
    room.close()
    backup = tmp_path / "backup.db"
    with sqlite3.connect(path) as src, sqlite3.connect(backup) as dst:
        src.backup(dst)
    for suffix in FILES:  # removed while the server runs
        if os.path.exists(f"{path}{suffix}"):
            os.unlink(f"{path}{suffix}")
    gone = run_async(lambda: hello(server.base, ada.token))
    assert "cannot be reached" in gone["error"]
    assert gone.get("keep_token", "") == "" and gone["phase"] == "join"  # never "forget"
    assert not path.exists()  # no new empty room under the class
    shutil.copy(backup, path)  # the file comes back
    back = run_async(lambda: hello(server.base, ada.token))
    assert back["error"] == "" and back["seat_info"]["name"] == "Ada"
    assert back["keep_token"] == ada.token
