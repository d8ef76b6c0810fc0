"""The SQLite store never forgets silently (issue 29): its file removed or replaced under a
running room refuses every write instead of acknowledging moves into an unlinked file; a
kernel opens an existing file only (never a new empty room that forgets every seat); a page
whose seat is not found says so and keeps its token; a refresh that reads the room again
clears the store's error."""
from __future__ import annotations

import os
import shutil
import sqlite3

import pytest

from periodic_edu.classroom import StoreUnavailable, open_room
from periodic_edu.classroom.errors import MESSAGES
from periodic_edu.widgets._page_limits import PageLimits
from periodic_edu.widgets.class_seat import ClassPlayWidget

from room_helpers import play_first_legal

FILES = ("", "-wal", "-shm")


def send(widget, content):
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}})


def page(room=None):
    return ClassPlayWidget("periodic", room=room, limits=PageLimits())


@pytest.fixture
def game(tmp_path):
    """A started 1x2 table in a SQLite store the server's start made; both seats."""
    url = f"sqlite:///{tmp_path / 'room.db'}"
    room = open_room(url)  # the server's start: the one place a store is created
    info = room.create_class(game="periodic", tables=1, seats=2)
    seats = [room.join(info.code, "Ada"), room.join(info.code, "Bob")]
    yield url, room, info, seats
    room.close()


def history(path):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT revision FROM room_tables").fetchone()[0]
    finally:
        conn.close()


def test_no_move_is_acknowledged_into_a_removed_file(game, tmp_path):
    url, room, info, seats = game
    assert any(play_first_legal(s) for s in seats)
    backup = tmp_path / "backup.db"
    with sqlite3.connect(tmp_path / "room.db") as src, sqlite3.connect(backup) as dst:
        src.backup(dst)
    stored = history(backup)
    for suffix in FILES:  # the review's case 4b3: rm the db, -wal and -shm mid-game
        if os.path.exists(f"{tmp_path / 'room.db'}{suffix}"):
            os.unlink(f"{tmp_path / 'room.db'}{suffix}")
    refused = 0
    for seat in seats:
        with pytest.raises(StoreUnavailable) as error:
            seat.view()
        assert "cannot be reached" in str(error.value)
        with pytest.raises(StoreUnavailable):
            seat.play("end", revision=stored)
        refused += 1
    assert refused == 2
    # a kernel started now (a reload) finds no store: it says so and makes no empty room
    assert not os.path.exists(tmp_path / "room.db")
    with pytest.raises(StoreUnavailable):
        open_room(url, create=False)
    assert not os.path.exists(tmp_path / "room.db")
    # the file comes back from the backup: every seat returns through its token, at the
    # revision that was stored (nothing acknowledged was lost)
    shutil.copy(backup, tmp_path / "room.db")
    again = open_room(url, create=False)
    try:
        back = again.resume(seats[0].token)
        assert back.view()["revision"] == stored
    finally:
        again.close()


def test_a_reloaded_page_on_a_missing_store_says_so_and_keeps_its_token(tmp_path, monkeypatch):
    path = tmp_path / "gone" / "room.db"
    monkeypatch.setenv("PERIODIC_EDU_ROOM", f"sqlite:///{path}")
    reloaded = page()  # the room the kernel opens itself, as on the server
    token = "A" * 32
    send(reloaded, {"type": "hello", "token": token})
    assert MESSAGES["unavailable"].split(";")[0] in reloaded.error
    assert reloaded.keep_token == "" and reloaded.phase == "join"  # never told to forget
    assert not path.exists() and not path.parent.exists()  # no new empty room was made
    send(reloaded, {"type": "join", "code": "k7q2-m9xd", "name": "Ada"})
    assert "cannot be reached" in reloaded.error and not path.exists()


def test_a_seat_not_found_is_said_in_words_and_the_token_kept(game):
    url, room, info, seats = game
    reloaded = page(room)
    reloaded.keep_token = seats[0].token  # what the browser keeps (synced from the last page)
    send(reloaded, {"type": "hello", "token": "B" * 32})  # a token the room does not know
    assert "belongs to no seat" in reloaded.error
    assert reloaded.keep_token == seats[0].token  # not cleared: the browser keeps its token


def test_a_replaced_file_refuses_the_write(game, tmp_path):
    url, room, info, seats = game
    copy = tmp_path / "copy.db"
    with sqlite3.connect(tmp_path / "room.db") as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    os.replace(copy, tmp_path / "room.db")  # another file at the same path
    for name in ("room.db-wal", "room.db-shm"):
        if (tmp_path / name).exists():
            os.unlink(tmp_path / name)
    with pytest.raises(StoreUnavailable):
        play_first_legal(seats[0]) or play_first_legal(seats[1])


def test_a_refresh_that_reads_the_room_clears_the_stores_error(game, tmp_path):
    url, room, info, seats = game
    panel = page(room)
    send(panel, {"type": "hello", "token": seats[0].token})
    assert panel.phase == "playing" and panel.error == ""
    aside = tmp_path / "aside.db"
    os.rename(tmp_path / "room.db", aside)  # the store goes away for a while
    panel.refresh()
    assert "cannot be reached" in panel.error
    os.rename(aside, tmp_path / "room.db")  # and comes back (the same file)
    panel.refresh()
    assert panel.error == ""
    # a refusal of the person's own action is not cleared by a refresh
    send(panel, {"type": "join", "code": info.code, "name": "Ada"})
    assert panel.error
    panel.refresh()
    assert panel.error


def test_the_teachers_create_may_begin_a_new_store(tmp_path, monkeypatch):
    from periodic_edu.widgets.classroom_widget import ClassroomWidget
    path = tmp_path / "new" / "room.db"
    monkeypatch.setenv("PERIODIC_EDU_ROOM", f"sqlite:///{path}")
    teacher = ClassroomWidget()
    teacher.handle_message({"type": "create", "game": "periodic", "tables": 1, "seats": 2})
    assert teacher.error == "" and teacher.phase == "open" and path.exists()
    student = page()
    send(student, {"type": "join", "code": teacher.room_data["code"], "name": "Ada"})
    assert student.error == "" and student.seat is not None
