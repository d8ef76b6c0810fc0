"""The room across processes (as students' kernels are): resume elsewhere, two moves at one
revision, bots claimed by racing processes, and whole games played by three processes."""
from __future__ import annotations

import multiprocessing
import os
import random

import pytest

from periodic_edu.classroom.turns import REFUSALS_PER_MINUTE
from periodic_edu.elemonster import Game as ElemonsterGame
from periodic_edu.engine import Game as PeriodicGame

import room_workers
from pgserver import new_database

CTX = multiprocessing.get_context("spawn")
ROUNDS = int(os.environ.get("ROOM_RACE_ROUNDS", "40"))


def _join(processes, timeout=180):
    for p in processes:
        p.join(timeout)
        assert p.exitcode == 0, f"worker exited with {p.exitcode}"


def test_a_seat_resumed_in_another_process_plays_and_this_one_sees_it(room, room_url):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    before = bob.view()["revision"]
    results = CTX.Queue()
    child = CTX.Process(target=room_workers.resume_and_play, args=(room_url, ada.token, results))
    child.start()
    assert bob.wait(before, timeout=30) == before + 1
    _join([child])
    assert results.get(timeout=5) == (0, "Ada", before + 1)
    assert bob.view()["to_move"] == 1


def test_two_processes_one_revision_exactly_one_move_lands(room, room_url):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    barrier, results = CTX.Barrier(2), CTX.Queue()
    queues = [CTX.Queue(), CTX.Queue()]
    workers = [CTX.Process(target=room_workers.racer, args=(room_url, barrier, q, results))
               for q in queues]
    for w in workers:
        w.start()
    try:
        rounds = 0
        while rounds < ROUNDS:
            v = ada.view()
            if v["over"]:
                break
            seat = ada if v["to_move"] == 0 else bob
            legal = seat.view()["legal_actions"]
            # both processes hold the seat to move (two tabs of one student), each its own move
            for q, action in zip(queues, (legal[0], legal[-1])):
                q.put((seat.token, v["revision"], action))
            outcome = sorted(results.get(timeout=60) for _ in queues)
            assert outcome == ["landed", "stale"], f"round {rounds}: {outcome}"
            after = ada.view()
            assert after["revision"] == v["revision"] + 1
            rounds += 1
        assert rounds >= min(ROUNDS, 20)
    finally:
        for q in queues:
            q.put(None)
        _join(workers)
    # the stored game is exactly the landed moves: it replays, one action per revision
    with room.store.read() as tx:
        row = tx.one("SELECT revision, save FROM room_tables")
    game = PeriodicGame.from_json(row["save"])
    assert len(game.history) == rounds


def test_racing_processes_play_each_bot_move_exactly_once(room, room_url):
    info = room.create_class(game="elemonster", tables=2, seats=3)
    for t in range(2):
        room.start_table(info.code, info.teacher_key, table=t)
    with room.store.read() as tx:
        start = {r["table_no"]: r["revision"] for r in tx.all(
            "SELECT table_no, revision FROM room_tables")}
    barrier, results = CTX.Barrier(2), CTX.Queue()
    workers = [CTX.Process(target=room_workers.bot_stepper,
                           args=(room_url, info.code, barrier, results)) for _ in range(2)]
    for w in workers:
        w.start()
    _join(workers)
    made = [results.get(timeout=5) for _ in workers]
    with room.store.read() as tx:
        rows = tx.all("SELECT table_no, revision, save, status FROM room_tables")
    actions = 0
    for r in rows:
        game = ElemonsterGame.from_json(r["save"])
        assert r["status"] == "over" and game.is_over
        assert r["revision"] - start[r["table_no"]] == len(game.history)
        actions += len(game.history)
    assert sum(made) == actions, made  # every move landed once, none twice


@pytest.mark.parametrize("game", ["periodic", "elemonster"])
def test_three_processes_play_whole_games_that_replay_to_the_same_scores(room, room_url, game):
    seed = random.SystemRandom().randrange(2 ** 32)
    print(f"seed {seed}")  # shown when the test fails
    for rounds in range(2):
        # Periodic with a round limit (a lesson's length): random play otherwise runs to
        # hundreds of actions; the game still ends by its rules and scores finally
        limit = {"max_rounds": 8} if game == "periodic" else {}
        info = room.create_class(game=game, tables=1, seats=3, **limit)
        seats = [room.join(info.code, n) for n in ("Ada", "Bob", "Cy")]
        results = CTX.Queue()
        procs = [CTX.Process(target=room_workers.player,
                             args=(room_url, s.token, seed + 10 * rounds + i, results))
                 for i, s in enumerate(seats)]
        for p in procs:
            p.start()
        _join(procs, timeout=240)
        reports = sorted(results.get(timeout=5) for _ in procs)
        assert all(len(r) == 5 and r[4] is True for r in reports), (seed, reports)
        cls = PeriodicGame if game == "periodic" else ElemonsterGame
        replayed = cls.from_json(seats[0].save())
        assert replayed.is_over
        assert sum(r[1] for r in reports) == len(replayed.history), (seed, reports)
        overview = room.teacher(info.code, info.teacher_key).overview()
        assert overview["tables"][0]["scores"] == [s["total"] for s in replayed.scores()]
        # every refused move is kept for the teacher, up to the seat's bound per minute (a
        # quick random game can pass it: a seat's flood of refusals must not fill the store)
        kept = sum(g["count"] for g in overview["refusals"])
        refused = [r[2] for r in reports]
        assert sum(min(n, REFUSALS_PER_MINUTE) for n in refused) <= kept <= sum(refused), \
            (seed, kept, refused)
        if max(refused) <= REFUSALS_PER_MINUTE:
            assert kept == sum(refused), (seed, kept, refused)


def test_a_forked_child_leaves_the_parents_connection_working(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada, bob = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    v = ada.view()  # the parent's connection exists before the fork
    fork = multiprocessing.get_context("fork")
    results = fork.Queue()
    child = fork.Process(target=room_workers.forked_view, args=(room, ada.token, results))
    child.start()
    _join([child])
    assert results.get(timeout=5) == v["revision"]
    # the child's exit closed nothing of the parent's: its session still plays
    ada.play(v["legal_actions"][0], revision=v["revision"])
    assert bob.view()["revision"] == v["revision"] + 1


def test_closing_the_store_while_other_threads_use_it_neither_crashes_nor_hangs(
        postgres_server):
    """A kernel's end closes every thread's connection, and a waiter may be inside the
    database's client library at that moment: psycopg frees a connection without its lock,
    and the waiter's next step used freed memory (the process aborted, or hung). Run in a
    process of its own, so a crash is a failure here, not a lost test worker. (PostgreSQL
    only: sqlite3 refuses to close another thread's connection, which ends with its thread.)"""
    results = CTX.Queue()
    worker = CTX.Process(target=room_workers.close_while_in_use,
                         args=(new_database(postgres_server), 1.5, results))
    worker.start()
    worker.join(60)
    if worker.is_alive():
        worker.kill()
    assert worker.exitcode == 0, f"the process ended with {worker.exitcode} (hung if None)"
    found = results.get(timeout=5)
    assert found["closes"] and found["alive"] == 0, found
    assert found["after"] == 1  # the store still answers after the last close
    kinds = {kind for seen in found["outcomes"] for kind in seen}
    assert kinds <= {"done", "refused"}, kinds
    # every thread both worked and was closed under (a close landed mid-use, not between)
    assert all(seen.get("done") and seen.get("refused") for seen in found["outcomes"]), found


def _at_once(calls):
    """Run the calls in threads released together (each thread its own store connection);
    returns each call's result or exception."""
    import threading
    barrier = threading.Barrier(len(calls))
    out = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        try:
            out[i] = call()
        except Exception as error:  # the test looks at which calls raised what
            out[i] = error
    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def test_joins_at_once_get_distinct_seats_and_one_name_wins_once(room):
    from periodic_edu.classroom import NameTaken, Seat
    info = room.create_class(game="periodic", tables=3, seats=2)
    out = _at_once([lambda n=n: room.join(info.code, n) for n in ("A", "B", "C", "D", "Eve",
                                                                   "Eve")])
    seats = [o for o in out if isinstance(o, Seat)]
    assert sum(isinstance(o, NameTaken) for o in out) == 1 and len(seats) == 5, out
    assert len({(s.table, s.index) for s in seats}) == 5
    # two tables filled up and started, the third holds one student
    status = [t["status"] for t in room.teacher(info.code, info.teacher_key).overview()["tables"]]
    assert status == ["playing", "playing", "waiting"]


def test_wrong_pins_sent_at_once_never_pass_the_seats_bound(room):
    """Pages that have guessed before send wrong PINs for one seat at the same instant, 3 short
    of the seat's bound: exactly 3 are checked, the others are told the seat had too many; a
    page that never guessed then gets in with the right PIN at once."""
    from periodic_edu.classroom import NotFound, SeatLocked, credentials
    from periodic_edu.classroom.names import name_key
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    wrong = "000000" if ada.pin != "000000" else "111111"
    for _ in range(credentials.SEAT_WRONG_PINS - 3):
        with pytest.raises(NotFound):
            room.rejoin(info.code, "Ada", wrong)
    askers = [f"{i:032x}" for i in range(1, 9)]
    for asker in askers:  # each page has used its typo allowance on another name
        for _ in range(credentials.CLEAN_MISTAKES + 1):
            with pytest.raises(NotFound):
                room.rejoin(info.code, "Nobody", wrong, asker=asker)
    real = room.clock
    room.clock = lambda: real() + 60  # past their backoff (5 s), inside the hour's window
    out = _at_once([lambda a=a: room.rejoin(info.code, "Ada", wrong, asker=a) for a in askers])
    checked = [o for o in out if isinstance(o, NotFound)]
    refused = [o for o in out if isinstance(o, SeatLocked)]
    assert len(checked) == 3 and len(refused) == len(askers) - 3, out
    with room.store.read() as tx:
        count = tx.one("SELECT COUNT(*) AS n FROM page_tries WHERE name_key = ? "
                       "AND kind = 'pin'", (name_key("Ada"),))["n"]
    assert count == credentials.SEAT_WRONG_PINS
    back = room.rejoin(info.code, "Ada", ada.pin, asker="f" * 32)
    assert back.index == ada.index
