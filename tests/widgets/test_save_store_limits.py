"""The save store on a workshop server: limits per visitor, files written safely.

Each SaveStore here stands for one visitor kernel (the dashboard makes one per page). The
"other kernel" of a test is a real second process holding its save (a flock held by a live
process is what protects it), so eviction is tested across processes as it happens.
"""
from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from periodic_edu.widgets.save_store import SaveStore, SaveStoreError


def _classmate(directory, token: str) -> subprocess.Popen:
    """Another visitor's kernel: saves a game under ``token`` and stays alive holding it."""
    code = textwrap.dedent(f"""
        import sys, time
        from periodic_edu.widgets.save_store import SaveStore
        store = SaveStore({str(directory)!r}, max_saves=5)
        store.put({token!r}, {{"game": "classmate"}})
        print("saved", flush=True)
        sys.stdin.read()  # alive until the test closes stdin
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "saved"
    return proc


def test_new_games_of_one_game_never_push_out_the_pages_other_game(tmp_path):
    """The dashboard's two games share the page's store: ten new Periodic games keep the
    page's Elemonster save, and the page still holds at most max_per_store of each."""
    page = SaveStore(tmp_path)
    duel = page.new_token()
    page.put(duel, {"game": "duel", "game_kind": "elemonster"})
    tokens = [page.new_token() for _ in range(10)]
    for token in tokens:
        page.put(token, {"game": "board", "game_kind": "periodic"})
    assert page.get(duel)["game"] == "duel"
    kept = [t for t in tokens if page.get(t) is not None]
    assert kept == tokens[-page.max_per_store:]  # the newest four Periodic saves
    assert len(list(tmp_path.glob("*.json"))) == page.max_per_store + 1


def test_one_visitor_pressing_new_game_cannot_evict_a_classmates_save(tmp_path):
    classmate_token = SaveStore.new_token()
    classmate = _classmate(tmp_path, classmate_token)
    try:
        left = SaveStore(tmp_path, max_saves=10)  # a classmate whose tab closed: not held
        gone_token = left.new_token()
        left.put(gone_token, {"game": "closed tab"})
        left.close()
        attacker = SaveStore(tmp_path, max_saves=10)  # room for the attacker's share
        for i in range(300):  # New game and one move, over and over
            attacker.put(attacker.new_token(), {"game": f"spam {i}"})
        saves = list(tmp_path.glob("*.json"))
        # the attacker holds max_per_store saves, no more; both classmates' saves are there
        assert len(saves) == attacker.max_per_store + 2
        reader = SaveStore(tmp_path)
        assert reader.get(classmate_token) == {"game": "classmate",
                                               "saved_at": pytest.approx(time.time(), abs=60)}
        assert reader.get(gone_token)["game"] == "closed tab"
    finally:
        classmate.stdin.close()
        classmate.wait(timeout=30)


def test_the_global_bound_skips_saves_that_live_kernels_hold(tmp_path):
    held = SaveStore.new_token()
    classmate = _classmate(tmp_path, held)
    try:
        for i in range(8):  # eight ended pages: evictable, oldest first
            page = SaveStore(tmp_path, max_saves=5)
            page.put(page.new_token(), {"n": i})
            page.close()
        path = SaveStore(tmp_path)._path(held)
        old = time.time() - 3600  # the classmate's save is the oldest of all
        os.utime(path, (old, old))
        SaveStore(tmp_path, max_saves=5).prune()
        assert path.exists(), "a save held by a live kernel was evicted"
        assert len(list(tmp_path.glob("*.json"))) == 5
    finally:
        classmate.stdin.close()
        classmate.wait(timeout=30)
    # the kernel ended: its save is an ordinary old save now, and goes first
    SaveStore(tmp_path, max_saves=4).prune()
    assert not path.exists()


def test_two_evictions_at_once_never_take_a_held_save(tmp_path):
    holder = SaveStore(tmp_path, max_saves=3)
    token = holder.new_token()
    holder.put(token, {"keep": True})
    for i in range(20):
        page = SaveStore(tmp_path, max_saves=100)
        page.put(page.new_token(), {"n": i})
        page.close()
    old = time.time() - 3600
    os.utime(holder._path(token), (old, old))  # the oldest (not expired)
    holder_max = SaveStore(tmp_path, max_saves=3)
    barrier = threading.Barrier(4)

    def prune() -> None:
        barrier.wait()
        holder_max.prune()

    threads = [threading.Thread(target=prune) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert holder._path(token).exists()
    # they took turns: the excess was counted once, not four times
    assert len(list(tmp_path.glob("*.json"))) == 3


def test_directory_and_files_are_private_and_written_by_mkstemp(tmp_path):
    directory = tmp_path / "saves"
    store = SaveStore(directory)
    token = store.new_token()
    store.put(token, {"game": "{}"})
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    assert stat.S_IMODE(store._path(token).stat().st_mode) == 0o600
    # a planted .tmp symlink (the old fixed name) is neither followed nor overwritten
    target = tmp_path / "victim.txt"
    target.write_text("untouched")
    planted = store._path(token).with_suffix(".tmp")
    planted.symlink_to(target)
    store.put(token, {"game": "again"})
    assert target.read_text() == "untouched"
    assert store.get(token)["game"] == "again"


def test_stale_temporary_files_are_pruned(tmp_path):
    store = SaveStore(tmp_path)
    stale = tmp_path / ".save-abandoned.tmp"
    fresh = tmp_path / ".save-writing.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    store.put(store.new_token(), {"game": "{}"})
    assert not stale.exists() and fresh.exists()


def test_a_damaged_save_is_called_damaged_and_an_old_one_expired(tmp_path):
    store = SaveStore(tmp_path, max_age=60)
    damaged, expired, fine = (store.new_token() for _ in range(3))
    for token in (damaged, expired, fine):
        store.put(token, {"game": "{}"})
    store._path(damaged).write_text("{not json")
    os.utime(store._path(expired), (time.time() - 120, time.time() - 120))
    assert store.status(damaged) == "damaged" and store.get(damaged) is None
    assert store.status(expired) == "expired"
    assert store.status(fine) == "ok"
    assert store.status(store.new_token()) == "missing" and store.status("../x") == "missing"


def test_a_full_disk_says_so_without_the_servers_path(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    store = SaveStore(tmp_path)
    token = store.new_token()
    # the save's temporary file is on a device that is always full
    store._write = lambda path, text: open("/dev/full", "w").write(text * 10_000) or \
        (_ for _ in ()).throw(OSError(28, "No space left on device", str(path)))
    with pytest.raises(SaveStoreError) as refused:
        store.put(token, {"game": "x" * 1000})
    assert str(refused.value) == "the server's disk is full"
    assert str(tmp_path) not in str(refused.value)
