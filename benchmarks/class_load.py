"""Class play through the Voila workshop server: T tables of K students, each a protocol client.

This drives the whole path a student's move takes in a class (issue 19): the page's message over
the kernel websocket, the kernel's ``ClassPlayWidget`` / ``ClassGameWidget`` (``periodic_edu/
widgets/class_seat.py``), the room store, and the other seats' kernels - woken by the store - syncing the new
view back over their websockets. ``class_store_load.py`` measures the store's share alone (one
process per student, no server).

One workshop server (``python -m periodic_edu.workshop --room``, ``CLASS_SIZE`` = T x K, as
``workshop_load.py`` starts it) on loopback, its room store named by ``PERIODIC_EDU_ROOM``: a
SQLite file in a temporary directory, or with ``--postgres`` a throwaway PostgreSQL server
(``tests/classroom/pgserver.py``). The class is created with the room's Python contract
(``open_room(url).create_class(...)``), as the teacher's page does. Then T x K clients arrive
over ``--ramp`` seconds; each, as Voila's page does on the wire: fetches the page, opens the
kernel websocket, loads every widget model, opens the *Play* tab (or *Elemonster*), says
``hello`` (no kept token) and ``join`` (the class code, a pseudonym) to the class-play widget
(``widgets_js/class_play.js``'s messages), and from then on sends ``refresh`` every
``refresh_ms`` (the widget's synced trait, 1 s) as the page's timer does. A table starts when its last seat fills. Whoever is to move (the
synced view's ``legal_actions`` is not empty) thinks ``--think`` seconds (0.5-1.5 x) and sends
one of those actions, chosen at random (seeded), to the class game widget
(``{"type": "act", "action", "rev"}``).

With ``--pushes N`` (issue 31) the teacher, through the room's Python contract in this
process, also locks and releases the class N times once every student has arrived (one push
every ``--push-every`` seconds, alternately ``lock("play")`` and ``unlock()``: play goes on); each client
sends the question panel's ``refresh`` every ``refresh_ms`` as its page does
(``widgets_js/class_check.js``) and the time from the push to that client's synced
``ClassCheckWidget.lock`` showing it is the *push -> every device* figure: p50 / p95 / max
over every device and push.

The figures: tables advanced (a move landed) and finished; moves landed and refused; and the
time from a move's send to each other seat's synced view showing it (its game model's
``log_total`` - the shared game log's length - passing the value the mover saw when sending):
p50 / p95 / max. The load average before and after; the wall clock is bounded (``--ramp`` +
``--duration``, 3 minutes by default, plus the server's start and the pool's preheating).

    .venv/bin/python benchmarks/class_load.py --tables 10 --seats 3             # SQLite
    .venv/bin/python benchmarks/class_load.py --tables 10 --seats 3 --postgres  # PostgreSQL
    .venv/bin/python benchmarks/class_load.py --tables 10 --seats 3 --pushes 10  # + pushes

Only loopback is used; every wait is bounded; the server (and PostgreSQL) are stopped at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))
from class_store_load import store_arguments, store_url  # noqa: E402
from workshop_load import (PageSession, ProtocolError, _page_facts, free_port,  # noqa: E402
                           kernels, start_server, stop_server, tree_rss_mb, wait_pool,
                           wait_ready)

TABS = {"periodic": ("Play", "ClassGameWidget"), "elemonster": ("Elemonster",
                                                                "ClassElemonsterWidget")}


class Table:
    """What the clients at one table share: the moves sent (for the other seats' delays)."""

    def __init__(self) -> None:
        self.sends: list[tuple[int, float, int]] = []  # (log_total when sent, time, seat)


class Figures:
    def __init__(self) -> None:
        self.tables: dict[int, Table] = {}
        self.delays: list[float] = []
        self.delays_after_ramp: list[float] = []  # moves sent once every student had arrived
        self.ramp_end = 0.0
        self.landed = 0
        self.refused = 0
        self.silent = 0  # moves that landed without a new log line (not measurable)
        # the teacher's pushes: (step shown afterwards, "" = released, time pushed)
        self.pushes: list[tuple[str, float]] = []
        self.push_delays: list[float] = []
        self.push_missed = 0  # a device that never showed a push before the next one


async def student(base: str, index: int, delay: float, code: str, game: str, think: float,
                  stop_at: float, timeout_s: float, rng: random.Random, figures: Figures
                  ) -> dict:
    await asyncio.sleep(delay)
    tab_name, widget_name = TABS[game]
    session = PageSession(base, timeout_s)
    session.deadline = stop_at + 30
    result: dict = {"session": index, "ok": False, "moves": 0}
    kernel_id = None
    step = "page"
    try:
        html = await session.fetch_page()
        kernel_id, views = _page_facts(html)
        step = "widgets"
        await session.connect(kernel_id)
        info = await session.send("shell", "kernel_info_request", {})
        await session.until(lambda m: m["parent_header"].get("msg_id") == info and
                            m["header"]["msg_type"] == "kernel_info_reply")
        await session.load_widgets()
        step = "tab"
        tab_id = next((m for m, st in session.models.items() if st.get("_model_name") ==
                       "TabModel" and tab_name in (st.get("titles") or [])), None)
        if tab_id is None:
            raise ProtocolError(f"the dashboard has no {tab_name} tab")
        await session.send("shell", "comm_msg", {"comm_id": tab_id, "data": {
            "method": "update", "state": {"selected_index": list(
                session.models[tab_id]["titles"]).index(tab_name)}, "buffer_paths": []}})

        def model(suffix: str, need: str) -> str | None:
            return next((m for m, st in session.models.items() if str(
                st.get("_anywidget_id", "")).endswith(suffix) and need in st), None)

        if model("ClassPlayWidget", "phase") is None:
            await session.until(lambda m: model("ClassPlayWidget", "phase") is not None)
        await session.until(lambda m: m["header"]["msg_type"] == "status" and
                            m["content"].get("execution_state") == "idle")
        join_id = model("ClassPlayWidget", "phase")
        joiner = session.models[join_id]
        step = "join"
        await session.custom(join_id, {"type": "hello", "token": ""})
        await session.custom(join_id, {"type": "join", "code": code,
                                       "name": f"Student {index + 1}"})
        await session.until(lambda m: joiner.get("phase") in ("waiting", "playing") or
                            joiner.get("error"))
        if joiner.get("error"):
            raise ProtocolError(f"join refused: {joiner['error'][:80]}")
        table_no = joiner["seat_info"]["table"]
        result["seat"] = f"{table_no}.{joiner['seat_info']['seat']}"
        result["table"] = table_no
        table = figures.tables.setdefault(table_no, Table())

        def seated_check() -> str | None:  # the question panel of this tab (issue 31):
            # the one that follows the seat just taken (the other tab's stays inactive)
            return next((m for m, st in session.models.items() if str(st.get(
                "_anywidget_id", "")).endswith("ClassCheckWidget") and st.get("active")), None)

        if seated_check() is None:
            with contextlib.suppress(ProtocolError):
                await session.until(lambda m: seated_check() is not None)
        check_id = seated_check()

        async def timer() -> None:  # the page's refresh timers while seated
            while time.monotonic() < stop_at:
                await session.custom(join_id, {"type": "refresh"})
                if check_id is not None:
                    await session.custom(check_id, {"type": "refresh"})
                await asyncio.sleep(joiner.get("refresh_ms", 1000) / 1000)

        pushes_seen = 0  # figures.pushes this device has shown (or missed)

        def watch_pushes(now: float) -> None:
            nonlocal pushes_seen
            if check_id is None:
                return
            lock = session.models[check_id].get("lock", "")
            while pushes_seen < len(figures.pushes):
                step, at = figures.pushes[pushes_seen]
                if pushes_seen + 1 < len(figures.pushes):  # a newer push came first
                    figures.push_missed += lock != step
                    pushes_seen += 1
                    continue
                if lock == step:
                    figures.push_delays.append(now - at)
                    pushes_seen += 1
                break

        ticking = asyncio.create_task(timer())
        step = "play"
        seen = 0  # table.sends already measured by this seat
        sent_at_log: int | None = None  # my move in flight: the log_total when sent
        pending_think: asyncio.Task | None = None
        game_id = None
        try:
            while time.monotonic() < stop_at:
                left = stop_at - time.monotonic()
                session.deadline = time.monotonic() + min(left, 5.0)
                try:
                    await session.receive()
                except ProtocolError as error:
                    if "timeout" in str(error):
                        continue
                    raise
                watch_pushes(time.monotonic())
                if game_id is None:
                    game_id = model(widget_name, "view")
                    if game_id is None:
                        continue
                state = session.models[game_id]
                log_total, view = state.get("log_total", 0), state["view"]
                now = time.monotonic()
                # the other seats' moves this synced view shows now
                while seen < len(table.sends) and table.sends[seen][0] < log_total:
                    _, at, mover = table.sends[seen]
                    if mover != index:
                        figures.delays.append(now - at)
                        if at >= figures.ramp_end:
                            figures.delays_after_ramp.append(now - at)
                    seen += 1
                if sent_at_log is not None:
                    if state.get("error"):
                        figures.refused += 1
                        sent_at_log = None
                    elif log_total > sent_at_log:
                        figures.landed += 1
                        result["moves"] += 1
                        sent_at_log = None
                    continue
                if view.get("is_over") or state.get("final"):
                    result["over"] = True
                    break
                if view.get("legal_actions") and pending_think is None:
                    async def move(rev: int, before: int, actions: list[str]) -> None:
                        nonlocal sent_at_log, pending_think
                        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                        if session.models[game_id].get("revision") == rev:
                            sent_at_log = before
                            table.sends.append((before, time.monotonic(), index))
                            await session.custom(game_id, {"type": "act", "action":
                                                           rng.choice(actions), "rev": rev})
                        pending_think = None

                    pending_think = asyncio.create_task(move(
                        state["revision"], log_total, list(view["legal_actions"])))
        finally:
            ticking.cancel()
            if pending_think is not None:
                pending_think.cancel()
        result["ok"] = True
    except Exception as error:  # a failed session is reported, not fatal for the others
        result["error"] = f"at {step}: {type(error).__name__}: " \
            f"{str(error).splitlines()[0][:140] if str(error) else ''}"
    finally:
        result["tracebacks"] = session.tracebacks
        if session.first_traceback:
            result["traceback"] = session.first_traceback[:300]
        if kernel_id is not None:
            with contextlib.suppress(Exception):
                await session.close_tab(kernel_id)
        elif session.ws is not None:
            session.ws.close()
    return result


async def run_class(url: str, sessions: int, ramp_s: float, code: str, game: str,
                    think: float, duration: float, timeout_s: float, seed: int,
                    teacher=None, pushes: int = 0, push_every: float = 5.0
                    ) -> tuple[list[dict], Figures]:
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=2 * sessions + 10)
    figures = Figures()
    stop_at = time.monotonic() + ramp_s + duration
    figures.ramp_end = time.monotonic() + ramp_s + 15  # + joining and building the Play tab
    jobs = [student(url, i, ramp_s * i / sessions, code, game, think, stop_at, timeout_s,
                    random.Random(seed * 1000 + i), figures) for i in range(sessions)]
    if teacher is not None and pushes:
        jobs.append(push(teacher, pushes, push_every, figures, stop_at))
    results = await asyncio.gather(*jobs)
    return [r for r in results if r is not None], figures


async def push(teacher, pushes: int, every: float, figures: Figures, stop_at: float) -> None:
    """The teacher locks and releases the class ``pushes`` times, once every student arrived
    (the room's writes run in a thread: the clients' loop is not blocked)."""
    await asyncio.sleep(max(0.0, figures.ramp_end - time.monotonic()))
    loop = asyncio.get_running_loop()
    for n in range(pushes):
        if time.monotonic() + every > stop_at:
            break
        # "play": the class is brought to a step where play goes on, so the tables keep moving
        # (brought to the check or Explore, the games would wait and no move would land)
        step = "play" if n % 2 == 0 else ""
        at = time.monotonic()
        await loop.run_in_executor(None, (lambda: teacher.lock("play")) if step
                                   else teacher.unlock)
        figures.pushes.append((step, at))
        await asyncio.sleep(every)
    return None


def count_connections(room, stop: threading.Event, seen: list[int]) -> None:
    """What the room costs PostgreSQL's ``max_connections``, sampled until ``stop``."""
    while not stop.wait(1.0):
        with room.store.read() as tx:
            seen.append(tx.one("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = "
                               "current_database()")["n"])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def loads() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--game", default="periodic", choices=sorted(TABS))
    parser.add_argument("--ramp", type=float, default=40,
                        help="seconds over which the students arrive and join")
    parser.add_argument("--duration", type=float, default=140,
                        help="seconds of play after the last arrival")
    parser.add_argument("--think", type=float, default=1.0,
                        help="a student's mean thinking time before a move (seconds)")
    parser.add_argument("--max-rounds", type=int, default=4,
                        help="the class's round limit (0: the game's own end)")
    parser.add_argument("--pushes", type=int, default=0,
                        help="the teacher's lock/unlock pushes once all arrived (issue 31)")
    parser.add_argument("--push-every", type=float, default=5.0,
                        help="seconds between two pushes")
    store_arguments(parser)
    args = parser.parse_args()
    if not (1 <= args.tables <= 20 and 2 <= args.seats <= 5 and 1 <= args.duration <= 900
            and 0 <= args.ramp <= 300 and args.think >= 0):
        parser.error("--tables 1-20, --seats 2-5, --duration 1-900, --ramp 0-300")
    sessions = args.tables * args.seats
    print(f"load average before: {loads()} ({os.cpu_count()} cores)")
    from periodic_edu.classroom import open_room
    with store_url(args) as room_url:
        room = open_room(room_url)
        settings = {"max_rounds": args.max_rounds} if args.max_rounds else {}
        info = room.create_class(game=args.game, tables=args.tables, seats=args.seats,
                                 **settings)
        kind = room.store.kind
        os.environ["PERIODIC_EDU_ROOM"] = room_url
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        log = Path(tempfile.mkstemp(prefix="voila-class-", suffix=".log")[1])
        proc = start_server(port, sessions, None, log)
        connections: list[int] = []
        server = psutil.Process(proc.pid)
        try:
            launched = time.monotonic()
            wait_ready(url, proc, 60)
            filled = wait_pool(log, server, 300)
            print(f"server ready on {url} (store {kind}): CLASS_SIZE {sessions}, "
                  f"{len(kernels(server))} preheated kernels {'ready' if filled else 'NOT ready'}"
                  f" {time.monotonic() - launched:.0f} s after the start; load average "
                  f"{loads()}")
            began = time.monotonic()
            counting = threading.Event()
            counter = threading.Thread(target=count_connections, args=(room, counting,
                                                                       connections))
            if kind == "postgresql":
                counter.start()
            results, figures = asyncio.run(run_class(
                url, sessions, args.ramp, info.code, args.game, args.think, args.duration,
                120, args.seed, room.teacher(info.code, info.teacher_key), args.pushes,
                args.push_every))
            wall = time.monotonic() - began
            counting.set()
            if counter.is_alive():
                counter.join()
            peak_mb = tree_rss_mb(server)
            overview = room.teacher(info.code, info.teacher_key).overview()
        finally:
            stop_server(proc)
            room.close()
    ok = [r for r in results if r["ok"]]
    print(f"class_load: {args.tables} tables x {args.seats} students ({args.game}, "
          f"max_rounds {args.max_rounds or 'none'}), store {kind}, {sessions} protocol clients "
          f"arriving over {args.ramp:.0f} s, think {args.think} s, {wall:.0f} s wall clock")
    print(f"  sessions: {len(ok)}/{sessions} joined and played to the end of the run; "
          f"tracebacks sent to pages: {sum(r['tracebacks'] for r in results)}")
    for r in results:
        if not r["ok"]:
            print(f"  session {r['session']} failed: {r.get('error')}")
    tables = overview["tables"]
    advanced = len({r["table"] for r in results if r.get("moves")})
    print(f"  tables finished {sum(bool(t['over']) for t in tables)}/{args.tables}, "
          f"advanced {advanced}/{args.tables} (a move landed; the store's "
          f"revisions: {', '.join(str(t.get('revision')) for t in tables)})")
    print(f"  moves landed {figures.landed} ({figures.landed / max(wall, 1):.1f}/s), refused "
          f"{figures.refused}")
    d = figures.delays
    if d:
        print(f"  move sent -> other seats' synced view shows it: n={len(d)} p50 "
              f"{statistics.median(d) * 1000:.0f} ms, p95 {percentile(d, 0.95) * 1000:.0f} ms, "
              f"max {max(d) * 1000:.0f} ms (goal: p95 <= 1000 ms)")
        a = figures.delays_after_ramp
        if a:
            print(f"    of moves sent 15 s after the last arrival: n={len(a)} p50 "
                  f"{statistics.median(a) * 1000:.0f} ms, p95 {percentile(a, 0.95) * 1000:.0f} ms,"
                  f" max {max(a) * 1000:.0f} ms")
    else:
        print("  move sent -> other seats' synced view: no measurement")
    p = figures.push_delays
    if args.pushes:
        if p:
            print(f"  teacher's push (lock/unlock) -> every device's synced question panel: "
                  f"{len(figures.pushes)} pushes, n={len(p)} p50 "
                  f"{statistics.median(p) * 1000:.0f} ms, p95 {percentile(p, 0.95) * 1000:.0f} "
                  f"ms, max {max(p) * 1000:.0f} ms, missed {figures.push_missed} (goal: p95 "
                  f"<= 1000 ms)")
        else:
            print("  teacher's push -> every device: no measurement")
    print(f"  server memory at the end (voila + kernels): {peak_mb:.0f} MB")
    if connections:
        print(f"  PostgreSQL connections to the room's database: at most {max(connections)} "
              f"(sampled every second)")
    print(f"load average after: {loads()}")
    return 0 if len(ok) == sessions and figures.landed else 1


if __name__ == "__main__":
    raise SystemExit(main())
