"""Functions the multi-process room tests run in other processes (spawned: importable here)."""
from __future__ import annotations

import random
import threading
import time

from periodic_edu.classroom import IllegalMoveError, RoomError, StaleRevisionError, open_room


def racer(url: str, barrier, commands, results) -> None:
    """Each round: wait for (token, revision, action), meet the other racer at the barrier,
    play, report 'landed' or 'stale'."""
    room = open_room(url)
    seats = {}
    while True:
        command = commands.get()
        if command is None:
            break
        token, revision, action = command
        seat = seats.get(token) or seats.setdefault(token, room.resume(token))
        barrier.wait()
        try:
            seat.play(action, revision=revision)
            results.put("landed")
        except StaleRevisionError:
            results.put("stale")
        except Exception as error:  # reported to the test, which fails on it
            results.put(f"error {type(error).__name__}: {error}")
    room.close()


def importer(url: str, code: str, key: str, codes: list[str], barrier, results) -> None:
    """A teacher's kernel: meet the other importer at the barrier, import ``codes`` into the
    class, report how many landed new."""
    room = open_room(url)
    teacher = room.teacher(code, key)
    barrier.wait()
    try:
        results.put(sum(r["new"] for r in teacher.import_codes(codes)["imported"]))
    except Exception as error:  # reported to the test, which fails on it
        results.put(f"error {type(error).__name__}: {error}")
    room.close()


def bot_stepper(url: str, code: str, barrier, results) -> None:
    room = open_room(url)
    barrier.wait()
    made = 0
    for _ in range(10_000):
        made += room.step_bots(code)
        if all(t["over"] for t in _tables(room, code)):
            break
    results.put(made)
    room.close()


def _tables(room, code):
    with room.store.read() as tx:
        cid = tx.one("SELECT id FROM classes WHERE code = ?", (code,))["id"]
        return [{"over": r["status"] == "over"} for r in
                tx.all("SELECT status FROM room_tables WHERE class_id = ?", (cid,))]


def player(url: str, token: str, seed: int, results, deadline: float = 120.0) -> None:
    """Play one seat to the end of its game: wait for a newer revision, and on this seat's turn
    play a random legal action (now and then an illegal one first, which must be refused)."""
    rng = random.Random(seed)
    room = open_room(url)
    seat = room.resume(token)
    moves = refused = stale = 0
    start = time.monotonic()
    revision = -1
    try:
        while time.monotonic() - start < deadline:
            v = seat.view()
            if v["over"]:
                break
            if v["to_move"] == seat.index and v.get("legal_actions"):
                if rng.random() < 0.1:
                    try:
                        seat.play("zz-not-a-move", revision=v["revision"])
                    except IllegalMoveError:
                        refused += 1
                try:
                    seat.play(rng.choice(v["legal_actions"]), revision=v["revision"])
                    moves += 1
                except StaleRevisionError:
                    stale += 1
                continue
            revision = v["revision"]
            seat.wait(revision, timeout=2.0)
        results.put((seat.index, moves, refused, stale, seat.view()["over"]))
    except Exception as error:
        results.put((seat.index, f"error {type(error).__name__}: {error}"))
    room.close()


def resume_and_play(url: str, token: str, results) -> None:
    room = open_room(url)
    seat = room.resume(token)
    v = seat.view()
    new = seat.play(v["legal_actions"][0], revision=v["revision"])
    results.put((seat.index, seat.name, new))
    room.close()


def forked_view(room, token: str, results) -> None:
    """Run in a forked child: the parent's Room object, used here, opens its own connection."""
    from periodic_edu.classroom import Seat
    seat = Seat(room, token, "", 0, 0, "")
    results.put(seat.view()["revision"])


def close_while_in_use(url: str, seconds: float, results) -> None:
    """Readers and a waiter, each on its own connection, while this thread closes the store
    again and again (as a kernel's end closes every thread's connection): report each
    thread's outcomes by kind and how many closes ran."""
    room = open_room(url)
    store, stop = room.store, threading.Event()
    outcomes: list[dict[str, int]] = []

    def loop(step) -> None:
        seen: dict[str, int] = {}
        outcomes.append(seen)
        while not stop.is_set():
            try:
                step()
                kind = "done"
            except RoomError:  # closed under it: refused in a sentence, as the widgets expect
                kind = "refused"
            except Exception as error:  # reported to the test, which fails on it
                kind = f"error {type(error).__name__}: {error}"
            seen[kind] = seen.get(kind, 0) + 1

    def one() -> int:
        return store.read_one("SELECT 1 AS one")["one"]

    steps = [one] * 4 + [lambda: store.wait_change("t", one, 1, 0.2)]  # never newer: it waits
    threads = [threading.Thread(target=loop, args=(step,), daemon=True) for step in steps]
    for thread in threads:
        thread.start()
    closes, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(0.002)
        store.close()
        closes += 1
    stop.set()
    for thread in threads:
        thread.join(10)
    results.put({"closes": closes, "alive": sum(t.is_alive() for t in threads),
                 "outcomes": outcomes, "after": one()})
    room.close()
