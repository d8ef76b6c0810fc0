"""The room store removed under a real Voila server (issue 29, the review's case 4b3): a page
reloaded after the store's files went away says so, makes no new empty store and keeps its
token; once the file is back (a backup), the kept token brings the student back to the seat.
The kernels open the store themselves from ``PERIODIC_EDU_ROOM``, as on the workshop server;
the pages are protocol clients (what Voila's page does on the wire, benchmarks/workshop_load)."""
from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import sys
import time

from browser_helpers import REPO, voila_on_room

from periodic_edu.classroom import open_room

sys.path.insert(0, str(REPO / "benchmarks"))
import workshop_load  # noqa: E402

FILES = ("", "-wal", "-shm")


async def hello(base: str, token: str) -> dict:
    """A reloaded page: the dashboard's Play tab, then ``hello`` with the kept token; the
    class-play widget's state once the kernel answered."""
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
    model = panel()
    await s.custom(model, {"type": "hello", "token": token})
    state = s.models[model]
    while not (state.get("error") or state.get("seat_info")):
        await s.receive()
    s.ws.close()
    assert s.tracebacks == 0, s.first_traceback
    return dict(state)


def test_a_page_reloaded_after_the_store_went_away_keeps_its_seat(tmp_path):
    path = tmp_path / "room.db"
    room = open_room(f"sqlite:///{path}")  # the server's start: where a store is created
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    room.join(info.code, "Bob")
    room.close()
    backup = tmp_path / "backup.db"
    with sqlite3.connect(path) as src, sqlite3.connect(backup) as dst:
        src.backup(dst)
    with voila_on_room("dashboard.ipynb", tmp_path) as server:
        for suffix in FILES:  # removed while the server runs
            if os.path.exists(f"{path}{suffix}"):
                os.unlink(f"{path}{suffix}")
        gone = asyncio.run(hello(server.base, ada.token))
        assert "cannot be reached" in gone["error"]
        assert gone.get("keep_token", "") == "" and gone["phase"] == "join"  # never "forget"
        assert not path.exists()  # no new empty room under the class
        shutil.copy(backup, path)  # the file comes back
        back = asyncio.run(hello(server.base, ada.token))
        assert back["error"] == "" and back["seat_info"]["name"] == "Ada"
        assert back["keep_token"] == ada.token
