"""Class play in a student's kernel without a browser: two (or three) seat widgets over ONE
real room (a SQLite file) in one process, each seeing only its own seat; the join panel's
messages go through the widget's own guard (``_handle_msg``)."""
from __future__ import annotations

import itertools
import json
import threading
import time

import pytest

from periodic_edu.classroom import Room, open_room
from periodic_edu.tabletop.table import Text
from periodic_edu.widgets.class_seat import (ClassElemonsterWidget, ClassGameWidget,
                                             ClassPlayWidget, class_play_box, parse_intent,
                                             IntentError)


@pytest.fixture
def room(tmp_path):
    r = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    yield r
    r.close()


def send(widget, content):
    """A message as the page sends it (through the widget's guard)."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}})


def synced(widget) -> str:
    """Every synced trait of a widget, as the browser would receive it."""
    state = widget.get_state()
    return json.dumps({k: v for k, v in state.items() if k not in ("_esm", "_css")},
                      default=str, sort_keys=True)


def test_a_move_by_one_seat_shows_in_the_other_after_refresh(room):
    info = room.create_class(game="periodic", tables=1, seats=2, max_rounds=2)
    a_seat, b_seat = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    ada, bob = ClassGameWidget(a_seat), ClassGameWidget(b_seat)
    assert ada.view["player"] == 0 and ada.view["legal_actions"]
    assert bob.view["legal_actions"] == []  # not Bob's turn: nothing offered to him
    action = ada.view["legal_actions"][0]
    assert ada.handle_message({"type": "act", "action": action, "rev": ada.revision}), ada.error
    before = len(bob.game_log)
    assert bob.pull() is True
    assert len(bob.game_log) == before + 1 and bob.game_log[-1]["name"] == "Ada"
    assert bob.table.revision == ada.table.revision
    assert bob.pull() is False  # nothing new: nothing synced again


def test_a_stale_revision_says_the_table_moved_on_and_shows_the_new_state(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    a_seat, b_seat = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    ada = ClassGameWidget(a_seat)
    ClassGameWidget(b_seat)
    # the same seat plays from another device (its token): this page is now behind
    other = room.resume(a_seat.token)
    v = other.view()
    other.play(v["legal_actions"][0], revision=v["revision"])
    old = ada.table.revision
    action = ada.view["legal_actions"][0]
    assert ada.handle_message({"type": "act", "action": action}) is False
    assert ada.error == Text("class_moved_on").render("en")
    assert ada.table.revision == old + 1  # the new state was read and is shown
    assert ada.game_log[-1]["name"] == "Ada" and ada.view["phase"] == "agenda"


def test_hidden_information_never_in_the_synced_traits(room):
    info = room.create_class(game="periodic", tables=1, seats=3)
    seats = [room.join(info.code, n) for n in ("Ada", "Bob", "Cy")]
    views = [ClassGameWidget(s) for s in seats]
    game = seats[0].state()["game"]
    choices0 = [c["id"] if isinstance(c, dict) else c for c in views[0].view["agenda_choices"]]
    assert choices0
    seed = str(game.seed)
    # seat 0 keeps an agenda; then seat 1's page must know nothing of it
    views[0].handle_message({"type": "act", "action": views[0].view["legal_actions"][0]})
    kept = seats[0].view()["players_state"][0]["agenda"]
    for w in views[1:]:
        w.pull()
        text = synced(w)
        assert seed not in text
        for cid in choices0:
            assert json.dumps(cid) not in text, f"seat 0's agenda card {cid} reached another seat"
        assert kept is not None and json.dumps(kept, sort_keys=True) not in text
    assert seed not in synced(views[0])


def test_elemonster_hands_and_pile_stay_hidden(room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    a, b = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    wa, wb = ClassElemonsterWidget(a), ClassElemonsterWidget(b)
    game = a.state()["game"]
    hand0, hand1 = a.view()["hand"], b.view()["hand"]
    assert wa.view["hand"] == hand0 and wb.view["hand"] == hand1
    text = synced(wb)
    assert json.dumps(hand0) not in text and str(game.seed) not in text
    pile = [str(c) for c in getattr(game.state, "pile", [])]
    if len(pile) >= 4:
        assert json.dumps(pile[:4]) not in text
    # Ada plays; Bob's page shows her move after a refresh
    assert wa.handle_message({"type": "act", "action": wa.view["legal_actions"][0]}), wa.error
    assert wb.pull() and wb.game_log[-1]["name"] == "Ada"


def test_join_panel_join_resume_rejoin_and_leave(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    box = class_play_box("periodic", room=room)
    panel = box.join
    send(panel, {"type": "hello", "token": ""})
    assert panel.phase == "join" and panel.error == ""
    send(panel, {"type": "join", "code": info.code.lower(), "name": "Ada"})
    assert panel.error == "" and panel.phase == "waiting"
    assert len(panel.keep_token) >= 32 and panel.pin  # >= 192 bits; the PIN shown once
    assert panel.seat_info["name"] == "Ada" and panel.table_info["seats"][0]["you"]
    pin, token = panel.pin, panel.keep_token
    room.join(info.code, "Bob")  # the table is full: it starts
    panel.refresh()
    assert panel.phase == "playing" and box.join.box.children == (panel.view,)
    assert panel.table_info["your_turn"] is True
    # a reload: a new page (a new kernel) says hello with the kept token -> the same seat
    again = ClassPlayWidget("periodic", room=room)
    send(again, {"type": "hello", "token": token})
    assert again.phase == "playing" and again.seat.index == 0 and again.pin == ""
    # a new device: code, name and PIN
    third = ClassPlayWidget("periodic", room=room)
    send(third, {"type": "rejoin", "code": info.code, "name": "Ada", "pin": "000000"})
    assert third.phase == "join" and third.error
    send(third, {"type": "rejoin", "code": info.code, "name": "Ada", "pin": pin})
    assert third.phase == "playing" and third.seat.index == 0, third.error
    send(third, {"type": "leave"})
    assert third.phase == "join" and third.keep_token == "" and third.box.children == ()


def test_join_refusals_are_sentences_and_change_nothing(room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    panel = ClassPlayWidget("periodic", room=room, lang="uk")
    send(panel, {"type": "join", "code": "ZZZZ-ZZZZ", "name": "Ada"})
    assert panel.phase == "join" and panel.error and "Traceback" not in panel.error
    send(panel, {"type": "join", "code": info.code, "name": "Ada"})
    assert panel.error == Text("class_other_game").render("uk") and panel.phase == "join"
    send(panel, {"type": "join", "code": info.code, "name": "x" * 200})
    assert panel.phase == "join" and panel.error
    send(panel, {"type": "hello", "token": "not a token!"})
    assert panel.phase == "join" and panel.error
    with pytest.raises(IntentError):
        parse_intent({"type": "join", "code": 1, "name": "A"})


def test_idle_stand_in_then_im_back(room, tmp_path):
    info = room.create_class(game="periodic", tables=1, seats=2, idle_seconds=5)
    # Bob's kernel lives a minute later than Ada's: there, Ada has been idle on her turn
    later = Room(room.store, clock=lambda: time.time() + 60)
    panel = ClassPlayWidget("periodic", room=room)
    send(panel, {"type": "join", "code": info.code, "name": "Ada"})
    bob_seat = room.join(info.code, "Bob")  # the table starts now
    bob = ClassPlayWidget("periodic", room=later)
    send(bob, {"type": "hello", "token": bob_seat.token})
    assert panel.error == "" and bob.error == ""
    bob.refresh()  # Bob's kernel claims the due move: a bot stands in for idle Ada
    panel.refresh()
    assert panel.table_info["stand_in"] is True and panel.table_info["seats"][0]["stand_in"]
    assert panel.view.view["legal_actions"] == [] or panel.table_info["your_turn"] is False
    send(panel, {"type": "back"})
    assert panel.error == "" and panel.table_info["stand_in"] is False


def test_another_process_move_wakes_the_kernel_with_no_page_message(room, tmp_path):
    """In a kernel (a running event loop) the panel's waiting thread hands a refresh to the loop
    when the table's revision moves: the start of the game and another process's move show with
    no ``refresh`` from the page, every trait is set on the loop's own thread, and a woken
    refresh does not count as the page being alive (no heartbeat)."""
    import asyncio
    import subprocess
    import sys

    info = room.create_class(game="periodic", tables=1, seats=2, max_rounds=2)
    url = f"sqlite:///{tmp_path / 'room.db'}"
    setters: set[int] = set()

    async def until(check, what: str, seconds: float = 5.0) -> None:
        deadline = time.monotonic() + seconds
        while not check():
            assert time.monotonic() < deadline, f"not woken within {seconds} s: {what}"
            await asyncio.sleep(0.02)

    async def kernel() -> None:
        panel = ClassPlayWidget("periodic", room=room)
        panel.observe(lambda change: setters.add(threading.get_ident()))
        send(panel, {"type": "join", "code": info.code, "name": "Ada"})
        assert panel.phase == "waiting" and panel._waiter is not None
        beats: list[float] = []  # a woken refresh is not the page: it must not beat the heart
        panel.seat.touch = lambda: beats.append(time.monotonic())
        bob = room.join(info.code, "Bob")  # the table is full: the game starts
        await until(lambda: panel.phase == "playing", "the game's start")
        panel.view.observe(lambda change: setters.add(threading.get_ident()))
        ada_move = panel.view.view["legal_actions"][0]
        assert panel.view.handle_message({"type": "act", "action": ada_move}), panel.view.error
        rev = panel.view.table.revision
        # Bob moves from another process (another kernel), through the store only
        code = ("import sys; from periodic_edu.classroom import open_room; "
                "s = open_room(sys.argv[1]).resume(sys.argv[2]); v = s.view(); "
                "s.play(v['legal_actions'][0], revision=v['revision'])")
        subprocess.run([sys.executable, "-c", code, url, bob.token], check=True, timeout=60)
        await until(lambda: panel.view.table.revision == rev + 1, "Bob's move")
        assert panel.view.game_log[-1]["name"] == "Bob"
        assert beats == []
        panel.close()

    # the kernel's loop on a thread of its own (the browser tests' sync playwright may already
    # run a loop on this one)
    outcome: dict = {}

    def kernel_thread() -> None:
        outcome["thread"] = threading.get_ident()
        try:
            asyncio.run(kernel())
        except BaseException as exc:  # noqa: BLE001 - re-raised below, in the test
            outcome["error"] = exc

    runner = threading.Thread(target=kernel_thread)
    runner.start()
    runner.join(timeout=120)
    assert not runner.is_alive()
    if "error" in outcome:
        raise outcome["error"]
    assert setters == {outcome["thread"]}  # never from the waiting thread


def test_two_kernels_refresh_at_once_exactly_one_bot_move_lands(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    ada = ClassPlayWidget("periodic", room=room)
    send(ada, {"type": "join", "code": info.code, "name": "Ada"})
    room.teacher(info.code, info.teacher_key).start_table(0)  # Bob's seat becomes a bot
    second = ClassPlayWidget("periodic", room=room)
    send(second, {"type": "hello", "token": ada.keep_token})
    ada.refresh()
    v = ada.seat.view()
    assert ada.view.handle_message({"type": "act", "action": v["legal_actions"][0]}), \
        ada.view.error
    rev = ada.seat.view()["revision"]
    assert rev == v["revision"] + 1 and ada.seat.view()["to_move"] == 1  # the bot's turn
    for w in (ada, second):
        w._last_bot = float("-inf")  # both kernels' bot pace is due: they claim at once
    threads = [threading.Thread(target=w.refresh) for w in (ada, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert ada.seat.view()["revision"] == rev + 1  # one bot move, not two


def test_the_panel_and_its_game_follow_the_language(room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    box = class_play_box("elemonster", room=room, lang="en")
    send(box.join, {"type": "join", "code": info.code, "name": "Ada"})
    room.join(info.code, "Bob")
    box.join.refresh()
    game = box.join.view
    assert game is not None and game.lang == "en"
    box.lang = "uk"
    assert box.join.lang == "uk" and game.lang == "uk"
    assert box.join.strings["text"]["class_join"] == "Приєднатися"
    send(box.join, {"type": "join", "code": "ZZZZ-ZZZZ", "name": "Ada"})  # seated already?
    assert "Traceback" not in box.join.error


def test_the_join_panel_syncs_no_secret_of_other_seats(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    panel = ClassPlayWidget("periodic", room=room)
    send(panel, {"type": "join", "code": info.code, "name": "Ada"})
    bob = room.join(info.code, "Bob")
    panel.refresh()
    text = synced(panel) + synced(panel.view)
    state = bob.state()
    assert bob.token not in text and str(state["game"].seed) not in text
    assert json.dumps(bob.view()["agenda_choices"]) not in text
    assert info.teacher_key not in text


def test_the_static_site_has_no_server_to_join(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    panel = ClassPlayWidget("periodic", room=room, served=False, lang="de")
    assert panel.phase == "no_server"
    send(panel, {"type": "hello", "token": ""})
    send(panel, {"type": "join", "code": info.code, "name": "Ada"})
    assert panel.phase == "no_server" and panel.seat is None
    assert panel.error == Text("class_no_server").render("de") != Text("class_no_server").render()
    assert room.teacher(info.code, info.teacher_key).overview()["tables"][0]["seats"][0][
        "name"] is None  # nobody joined


def test_the_dashboard_builds_without_sqlite3():
    """The static site's Pyodide has no sqlite3 unless asked: the dashboard (with its join
    panels) must build and refuse joining without importing the room."""
    import subprocess
    import sys
    code = ("import sys; sys.modules['sqlite3'] = None\n"
            "from periodic_edu.widgets.dashboard import dashboard\n"
            "from periodic_edu.widgets.class_seat import ClassPlayWidget\n"
            "app = dashboard(lang='uk')\n"
            "p = ClassPlayWidget('periodic', served=False)\n"
            "p.handle_message({'type': 'join', 'code': 'K7Q2-M9XD', 'name': 'Ada'})\n"
            "assert p.phase == 'no_server' and p.error, p.error\n"
            "assert 'periodic_edu.classroom' not in sys.modules\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
