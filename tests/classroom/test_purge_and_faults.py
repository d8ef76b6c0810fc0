"""Purge leaves no trace, and a failing store gives a sentence and no half-written move."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from periodic_edu.classroom import (IllegalMoveError, NotFound, RoomError, StoreFull,
                                    StoreUnavailable, open_room)
from periodic_edu.classroom.settings import parse_url

from ports import free_port
from room_helpers import all_rows, play_first_legal


def _class_traces(room, code):
    """Everything that identifies a class in the store: its id, code, table and seat ids."""
    with room.store.read() as tx:
        cid = tx.one("SELECT id FROM classes WHERE code = ?", (code,))["id"]
        tables = [r["id"] for r in tx.all("SELECT id FROM room_tables WHERE class_id = ?", (cid,))]
        seats = [r["id"] for r in tx.all("SELECT id FROM seats WHERE class_id = ?", (cid,))]
    return [cid, code, *tables, *seats]


def test_purge_leaves_no_row_of_the_class(room, room_url):
    other = room.create_class(game="elemonster", tables=1, seats=2)
    room.join(other.code, "Zed")
    info = room.create_class(game="periodic", tables=2, seats=2)
    names = ["Quintessa", "Bartholomew", "Wilhelmina"]
    seats = [room.join(info.code, n) for n in names]
    room.start_table(info.code, info.teacher_key, table=1)
    for _ in range(6):
        room.step_bots(info.code)
        for s in seats:
            v = s.view()
            if v["to_move"] == s.index:
                with pytest.raises(IllegalMoveError):  # a refusal, stored for the teacher
                    s.play("s:ie>Og", revision=v["revision"])
            play_first_legal(s)
    teacher = room.teacher(info.code, info.teacher_key)
    assert sum(g["count"] for g in teacher.overview()["refusals"]) >= 2
    traces = _class_traces(room, info.code) + names
    before = json.dumps(all_rows(room_url), default=str)
    assert all(t in before for t in traces)
    teacher.purge()
    with pytest.raises(NotFound):
        room.join(info.code, "Late")
    with pytest.raises(NotFound):
        room.teacher(info.code, info.teacher_key)
    with pytest.raises(NotFound):
        seats[0].view()
    after = json.dumps(all_rows(room_url), default=str)
    for trace in traces:
        assert trace not in after, trace
    assert "Zed" in after and other.code in after  # the other class is untouched
    if room_url.startswith("sqlite"):
        # secure_delete zeroed the rows and the checkpoint emptied the log: not even the
        # file's bytes hold a name
        path = parse_url(room_url).path
        room.close()
        for suffix in ("", "-wal"):
            if os.path.exists(path + suffix):
                data = open(path + suffix, "rb").read()
                for trace in traces:
                    assert trace.encode() not in data, (suffix, trace)


def test_a_full_store_refuses_the_move_and_keeps_the_table_as_it_was(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    room = open_room(url)
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    room.close()
    with sqlite3.connect(tmp_path / "room.db") as conn:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    # the same file with a size limit at its present size: the next growing write is refused
    full = open_room(f"{url}?max_page_count={pages}")
    now = [1_800_000_000.0]
    full.clock = lambda: now[0]
    ada = full.resume(ada.token)
    v = ada.view()
    action = v["legal_actions"][0]
    with pytest.raises(StoreFull) as error:
        for i in range(5000):  # fill the last free pages with refusals until it is full
            now[0] += 61  # refusals are kept at most REFUSALS_PER_MINUTE a minute per seat
            try:
                ada.play(f"x{i}", revision=v["revision"])
            except IllegalMoveError:  # refused by the rules, and stored: the file grows
                pass
    assert "full" in str(error.value) and "nothing was changed" in str(error.value)
    assert "Traceback" not in str(error.value)
    after = ada.view()
    assert after["revision"] == v["revision"] and after["to_move"] == 0
    with full.store.read() as tx:
        save = tx.one("SELECT save FROM room_tables")["save"]
    assert json.loads(save)["actions"] == []  # no half-written move
    # the move itself: either it fits and lands whole, or it is refused whole
    try:
        ada.play(action, revision=v["revision"])
        assert ada.view()["revision"] == v["revision"] + 1
    except StoreFull:
        assert ada.view()["revision"] == v["revision"]
    full.close()


def test_an_unreachable_store_says_so_in_one_sentence(tmp_path, postgres_server):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    with pytest.raises(StoreUnavailable) as error:
        open_room(f"sqlite:///{blocked}/room.db")
    assert "cannot be reached" in str(error.value) and "\n" not in str(error.value)
    port = postgres_server.rsplit(":", 1)[1].split("/")[0]
    closed = free_port()  # nothing listens there (tests/ports.py: no kernel takes it meanwhile)
    assert str(closed) != port
    with pytest.raises(StoreUnavailable) as error:
        open_room(f"postgresql://postgres@127.0.0.1:{closed}/postgres")
    assert "cannot be reached" in str(error.value) and "\n" not in str(error.value)
    with pytest.raises(RoomError):
        open_room("mysql://x")


def test_a_server_that_stops_mid_class_gives_a_room_error_not_a_traceback():
    from pgserver import new_database, throwaway_postgres
    with throwaway_postgres() as server:
        room = open_room(new_database(server))
        info = room.create_class(game="periodic", tables=1, seats=2)
        ada = room.join(info.code, "Ada")
        room.join(info.code, "Bob")
        v = ada.view()
        stopped = server
    # the server is stopped and its files deleted: the room's connection is dead
    assert stopped
    for call in (ada.view, lambda: ada.play(v["legal_actions"][0], revision=v["revision"]),
                 lambda: ada.wait(v["revision"], timeout=0.5)):
        with pytest.raises(StoreUnavailable) as error:
            call()
        assert "cannot be reached" in str(error.value) and "\n" not in str(error.value)


def test_cli_class_new_and_purge(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    run = [sys.executable, "-m", "periodic_edu", "class"]
    made = subprocess.run([*run, "new", "--game", "elemonster", "--tables", "2", "--seats", "3",
                           "--room", url], capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    lines = dict(line.split(": ", 1) for line in made.stdout.strip().splitlines())
    code, key = lines["class code"], lines["teacher key"]
    room = open_room(url)
    assert room.teacher(code, key).overview()["tables"][1]["game"] == "elemonster"
    bad = subprocess.run([*run, "new", "--game", "chess", "--room", url], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    assert "Traceback" not in bad.stderr
    gone = subprocess.run([*run, "purge", code, "--room", url], capture_output=True, text=True,
                          timeout=60)
    assert gone.returncode == 0 and "1" in gone.stdout
    with pytest.raises(NotFound):
        room.teacher(code, key)
    again = subprocess.run([*run, "purge", code, "--room", url], capture_output=True, text=True,
                           timeout=60)
    assert again.returncode == 2 and "no class" in again.stderr
    old = subprocess.run([*run, "purge", "--older-than", "0", "--room", url],
                         capture_output=True, text=True, timeout=60)
    assert old.returncode == 0
    neither = subprocess.run([*run, "purge", "--room", url], capture_output=True, text=True,
                             timeout=60)
    assert neither.returncode == 2 and len(neither.stderr.strip().splitlines()) == 1
    room.close()
