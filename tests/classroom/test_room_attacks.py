"""The attacks of the security review (issue 29), run against the room as a page reaches it:
each page is a class-play widget with its own bounds (its own kernel), every message through
the widget's guard, on SQLite and on a real PostgreSQL. Each test asserts the room holds.

* the seat grab: one page joins, leaves, joins... - it holds one seat at most, real students
  are seated afterwards, and the teacher can free a started seat and close joining;
* a free-text "move", then projector mode: no student-written text on the projected page;
* the PIN lock by a classmate: the real student rejoins; the teacher can give a new PIN;
* look-alike names and the name oracle;
* a flood of joins: a few reach the room, the rest are refused before any PBKDF2.
"""
from __future__ import annotations

import json

import pytest

from periodic_edu.classroom import (BadInput, IllegalMoveError, NameTaken, NotFound, RoomError,
                                    SeatLocked, credentials)
from periodic_edu.classroom.room import PAGE_TRIES_PER_MINUTE, REFUSALS_PER_MINUTE
from periodic_edu.widgets._page_limits import IN_FLIGHT_S, TRIES_PER_MINUTE, PageLimits
from periodic_edu.widgets.class_seat import ClassPlayWidget
from periodic_edu.widgets.classroom_widget import ClassroomWidget


class PageClock:
    """The page's monotonic clock: moved by hand (the tries bounds are per minute), and by
    ``step`` at each reading (a person's pace between two messages; 0: a burst)."""

    def __init__(self, step: float = 1.0) -> None:
        self.now = 1000.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def page(room, game="periodic", clock=None, limits_asker=None):
    """A new page: a class-play widget in a kernel of its own (``limits_asker``: the browser's
    id, the same for every reload of one browser; default: a browser of its own)."""
    if clock is not None:  # the room's bounds of a page and the page's own read one clock
        room.clock = lambda: clock.now
    return ClassPlayWidget(game, room=room,
                           limits=PageLimits(clock or PageClock(), asker=limits_asker))


def send(widget, content):
    """A message as the page sends it (through the widget's guard)."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}})


def taken_names(room, code, key):
    return [s["name"] for t in room.teacher(code, key).overview()["tables"]
            for s in t["seats"] if s["name"]]


# ---- the seat grab ------------------------------------------------------------------------------
def test_one_page_cannot_take_every_seat_and_real_students_are_seated(room):
    info = room.create_class(game="periodic", tables=3, seats=3)
    clock = PageClock()
    grabber = page(room, clock=clock)
    refusals = []
    for i in range(9):  # the review's attack: join, leave, join... (all 9 seats in 1.8 s before)
        send(grabber, {"type": "join", "code": info.code, "name": f"Grab{i}"})
        refusals.append(grabber.error)
        send(grabber, {"type": "leave"})
        clock.now += 1
    # leave before the start frees the seat in the room: the page holds nothing now
    assert taken_names(room, info.code, info.teacher_key) == []
    # and it was bounded: TRIES_PER_MINUTE joins a minute, the rest refused in words
    assert refusals[:TRIES_PER_MINUTE] == [""] * TRIES_PER_MINUTE
    assert all("too many tries" in r for r in refusals[TRIES_PER_MINUTE:])
    # joined and staying: a second join of the same class from the same page is refused
    clock.now += 60
    send(grabber, {"type": "join", "code": info.code, "name": "Grab"})
    assert grabber.error == "" and grabber.phase == "waiting"
    grabber.phase = "join"  # a tampered page shows the join form again and joins again
    send(grabber, {"type": "join", "code": info.code, "name": "Grab2"})
    assert "one page, one seat" in grabber.error
    assert taken_names(room, info.code, info.teacher_key) == ["Grab"]
    # the real students: every other seat is theirs
    students = [page(room) for _ in range(8)]
    for n, student in enumerate(students):
        send(student, {"type": "join", "code": info.code, "name": f"Student {n}"})
        assert student.error == "" and student.seat is not None, student.error
    names = taken_names(room, info.code, info.teacher_key)
    assert len(names) == 9 and names.count("Grab") == 1
    # every table started with people only
    overview = room.teacher(info.code, info.teacher_key).overview()
    assert [t["status"] for t in overview["tables"]] == ["playing"] * 3
    assert not any(s["bot"] for t in overview["tables"] for s in t["seats"])
    # after the start, leave keeps the seat in the room (a bot stands in when idle) and the
    # page still may not take a second one
    pin = grabber.pin
    send(grabber, {"type": "leave"})
    clock.now += 60
    send(grabber, {"type": "join", "code": info.code, "name": "Grab3"})
    assert "one page, one seat" in grabber.error
    # the way back to its own seat from the same page is the PIN (a rejoin needs it)
    send(grabber, {"type": "rejoin", "code": info.code, "name": "Grab", "pin": pin})
    assert grabber.error == "" and grabber.seat.name == "Grab"
    assert taken_names(room, info.code, info.teacher_key).count("Grab") == 1


def test_a_join_from_the_wrong_tab_leaves_no_seat_taken(room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    tab = page(room, game="periodic")
    send(tab, {"type": "join", "code": info.code, "name": "Ada"})
    assert tab.error and tab.seat is None
    assert taken_names(room, info.code, info.teacher_key) == []


def test_the_teacher_frees_a_started_seat_and_a_new_student_takes_it(room):
    info = room.create_class(game="periodic", tables=1, seats=2)
    grabber, friend = page(room), page(room)
    send(grabber, {"type": "join", "code": info.code, "name": "Grab"})
    send(friend, {"type": "join", "code": info.code, "name": "Ada"})
    assert friend.phase == "playing"
    seat = grabber.seat.index
    teacher = ClassroomWidget(info.code, info.teacher_key, room=room)
    teacher.handle_message({"type": "free", "table": 0, "seat": seat})
    assert teacher.error == "" and "free" in teacher.notice
    row = teacher.room_data["tables"][0]["seats"][seat]
    assert not row["taken"] and row["bot"]  # the class's bot plays it meanwhile
    # the bot moves for the freed seat when it is its turn
    assert room.spectate(info.code, 0)["to_move"] == seat == 0  # the first to join moves first
    assert room.step_bots(info.code, max_moves=1) == 1
    assert room.spectate(info.code, 0)["to_move"] == 1
    # the grabber's token no longer works: its page says so and shows the join form
    grabber.refresh()
    assert grabber.seat is None and grabber.phase == "join" and grabber.error
    # a new student takes the freed seat over, at the started table
    late = page(room)
    send(late, {"type": "join", "code": info.code, "name": "Bea"})
    assert late.error == "" and late.seat.index == seat and late.phase == "playing"
    row = room.teacher(info.code, info.teacher_key).overview()["tables"][0]["seats"][seat]
    assert row["name"] == "Bea" and row["bot"] is None


def test_the_teacher_closes_joining(room):
    info = room.create_class(game="periodic", tables=2, seats=2)
    ada = page(room)
    send(ada, {"type": "join", "code": info.code, "name": "Ada"})
    pin = ada.pin
    teacher = ClassroomWidget(info.code, info.teacher_key, room=room)
    teacher.handle_message({"type": "lock", "locked": True})
    assert teacher.room_data["join_locked"] and teacher.error == ""
    late = page(room)
    send(late, {"type": "join", "code": info.code, "name": "Bea"})
    assert "closed joining" in late.error and late.seat is None
    # the students already in come back: by PIN from another device
    other = page(room)
    send(other, {"type": "rejoin", "code": info.code, "name": "Ada", "pin": pin})
    assert other.error == "" and other.seat is not None
    teacher.handle_message({"type": "lock", "locked": False})
    send(late, {"type": "join", "code": info.code, "name": "Bea"})
    assert late.error == "" and late.seat is not None


# ---- free text on the projector ------------------------------------------------------------------
HOSTILE = ("Bob from 7B is a cheat", "\u202eTAEHC A SI BOB", "s:ie>BobIsACheat")


def test_a_free_text_move_never_reaches_the_projector(room, clock):
    info = room.create_class(game="periodic", tables=1, seats=2)
    a, b = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    mover = a if a.view()["to_move"] == 0 else b
    revision = mover.view()["revision"]
    for text in HOSTILE:
        with pytest.raises(IllegalMoveError):
            mover.play(text, revision=revision)
    teacher = ClassroomWidget(info.code, info.teacher_key, room=room)
    teacher.handle_message({"type": "projector", "on": True})
    projected = json.dumps(teacher.get_state(), ensure_ascii=False)
    for word in ("Bob from", "cheat", "CHEAT", "\u202e", "BobIsACheat"):
        assert word not in projected, word
    groups = teacher.room_data["refusals"]
    assert sum(g["count"] for g in groups) == 3
    assert any("cannot read" in g["title"] for g in groups)
    # the store keeps none of that text either (the teacher's own page shows none)
    teacher.handle_message({"type": "projector", "on": False})
    shown = json.dumps(teacher.room_data, ensure_ascii=False)
    assert "cheat" not in shown.lower() and "\u202e" not in shown


def test_refusals_kept_per_seat_are_bounded_per_minute(room, clock):
    info = room.create_class(game="periodic", tables=1, seats=2)
    a, b = room.join(info.code, "Ada"), room.join(info.code, "Bob")
    mover = a if a.view()["to_move"] == 0 else b
    revision = mover.view()["revision"]
    for i in range(3 * REFUSALS_PER_MINUTE):
        with pytest.raises(IllegalMoveError):  # every one is still refused
            mover.play(f"zz{i}", revision=revision)
    count = lambda: sum(g["count"] for g in  # noqa: E731
                        room.teacher(info.code, info.teacher_key).overview()["refusals"])
    assert count() == REFUSALS_PER_MINUTE
    clock.advance(61)
    with pytest.raises(IllegalMoveError):
        mover.play("zz", revision=revision)
    assert count() == REFUSALS_PER_MINUTE + 1


def test_a_reload_keeps_the_pages_bounds(room):
    """A reload is a new kernel for the same browser: its id is the same, so its seat and its
    tries a minute are still counted (kept in the room, not in the kernel)."""
    info = room.create_class(game="periodic", tables=2, seats=3)
    clock = PageClock()
    browser = "c" * 32
    first = page(room, clock=clock, limits_asker=browser)
    send(first, {"type": "join", "code": info.code, "name": "Cy"})
    assert first.error == "" and first.phase == "waiting"
    # reloaded, the browser forgets its token (or never says hello) and joins again
    again = page(room, clock=clock, limits_asker=browser)
    send(again, {"type": "join", "code": info.code, "name": "Cy2"})
    assert "one page, one seat" in again.error and again.phase == "join"
    assert taken_names(room, info.code, info.teacher_key) == ["Cy"]
    # tries a minute: four more joins, each from a new kernel, then the room says wait
    refusals = []
    for i in range(PAGE_TRIES_PER_MINUTE):
        reloaded = page(room, clock=clock, limits_asker=browser)
        send(reloaded, {"type": "join", "code": info.code, "name": f"Cy{i + 3}"})
        refusals.append(reloaded.error)
    assert all("one page, one seat" in r for r in refusals[:PAGE_TRIES_PER_MINUTE - 2])
    assert "too many tries from this page" in refusals[-1], refusals
    # another browser is not bounded by it
    other = page(room, clock=clock)
    send(other, {"type": "join", "code": info.code, "name": "Di"})
    assert other.error == ""


# ---- PIN ------------------------------------------------------------------------------------------
def wrong_pin(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


def test_a_classmates_pages_cannot_lock_a_students_pin(room, clock):
    """The review's lock (5 wrong PINs every 300 s, for ever), by a classmate's three pages,
    reloaded between guesses (a reload keeps the page's id: the same browser): the seat's bound
    is used up, yet the real student, on a page that has not guessed, rejoins at once."""
    info = room.create_class(game="periodic", tables=1, seats=3)
    ada = page(room)
    send(ada, {"type": "join", "code": info.code, "name": "Ada"})
    pin = ada.pin
    classmate = [f"{i:032x}" for i in (1, 2, 3)]  # three browsers (pages)
    answers = []
    for minute in range(60):  # an hour of guessing, a try a minute from each browser
        for browser in classmate:
            reloaded = page(room, limits_asker=browser)  # a new kernel each time: a reload
            send(reloaded, {"type": "rejoin", "code": info.code, "name": "Ada",
                            "pin": wrong_pin(pin)})
            answers.append(reloaded.error)
        clock.advance(60)
        # the real student, on a new device, rejoins with the PIN at once, whenever she tries
        if minute in (10, 59):
            device = page(room)
            send(device, {"type": "rejoin", "code": info.code, "name": "Ada", "pin": pin})
            assert device.error == "" and device.seat.name == "Ada", device.error
            pin = device.pin  # a rejoin gives the seat a new PIN
    checked = sum("do not match" in a for a in answers)
    # within the hour: the seat's bound (checked twice over: the real student's rejoin gave a
    # new PIN, which starts the count again), never more than each page's backoff allows
    assert checked <= 2 * credentials.SEAT_WRONG_PINS, checked
    assert all("do not match" in a or "too many" in a for a in answers), set(answers)
    assert any("too many wrong PINs for this seat" in a for a in answers)
    assert any("too many tries from this page" in a for a in answers)


def test_a_page_that_guessed_waits_longer_after_each_wrong_pin_even_after_reloads(room, clock):
    info = room.create_class(game="periodic", tables=1, seats=3)
    ada = room.join(info.code, "Ada")
    browser = "b" * 32
    waits = []
    for _ in range(6):
        while True:
            reloaded = page(room, limits_asker=browser)
            send(reloaded, {"type": "rejoin", "code": info.code, "name": "Ada",
                            "pin": wrong_pin(ada.pin)})
            if "do not match" in reloaded.error:
                break
            assert "too many tries from this page" in reloaded.error, reloaded.error
            waits.append(int(reloaded.error.split("wait ")[1].split()[0]))
            clock.advance(waits[-1])
        clock.advance(1)
    # the typo allowance, then 5, 10, 20, 40 s (less the second that passed)
    assert waits == [4, 9, 19, 39], waits


def test_the_seats_guess_rate_is_bounded_for_k_pages(room, clock):
    """k fresh pages (browsers) guessing one seat's PIN for an hour, each as fast as it is let:
    at most SEAT_WRONG_PINS + CLEAN_MISTAKES + 1 per page that arrived after the bound was
    used up (the rate docs/classroom.md states)."""
    info = room.create_class(game="periodic", tables=1, seats=3)
    ada = room.join(info.code, "Ada")
    k = 6
    browsers = [f"{i:032x}" for i in range(100, 100 + k)]
    checked = 0
    for second in range(0, 3600, 5):
        for browser in browsers:
            try:
                room.rejoin(info.code, "Ada", wrong_pin(ada.pin), asker=browser)
            except NotFound:
                checked += 1
            except RoomError:
                pass
        clock.advance(5)
    assert checked <= credentials.SEAT_WRONG_PINS + (credentials.CLEAN_MISTAKES + 1) * k
    assert checked >= credentials.SEAT_WRONG_PINS  # it was a real attack


def test_a_pin_hash_names_its_real_rounds_and_older_hashes_still_match(monkeypatch):
    """A PIN hash says its scheme and rounds (60,000 outside the suite's own processes:
    tests/conftest.py lowers them there) and is checked with them; a hash of the older layout
    (salt$hash, 60,000 rounds) still matches, so a class running across the upgrade keeps its
    PINs; a hash of another scheme or with no count matches nothing."""
    import hashlib
    monkeypatch.setattr(credentials, "_PBKDF2_ROUNDS", credentials.PIN_ROUNDS)
    assert credentials.PIN_ROUNDS == 60_000
    made = credentials.pin_hash("123456")
    scheme, rounds, salt, digest = made.split("$")
    assert (scheme, rounds, len(salt)) == ("pbkdf2_sha256", "60000", 32)
    assert digest == hashlib.pbkdf2_hmac("sha256", b"123456", bytes.fromhex(salt), 60_000).hex()
    assert credentials.pin_matches("123456", made)
    assert not credentials.pin_matches("123457", made)
    older = f"{salt}${digest}"
    assert credentials.pin_matches("123456", older)
    assert not credentials.pin_matches("654321", older)
    cheap = credentials.pin_hash("123456", rounds=1_000)  # another count: checked with its own
    assert cheap.startswith("pbkdf2_sha256$1000$") and credentials.pin_matches("123456", cheap)
    for forged in (f"md5$60000${salt}${digest}", f"pbkdf2_sha256$x${salt}${digest}",
                   f"pbkdf2_sha256${salt}${digest}", ""):
        assert not credentials.pin_matches("123456", forged)


def test_the_teacher_gives_a_new_pin_that_ends_a_lock(room):
    info = room.create_class(game="periodic", tables=1, seats=3)
    ada = room.join(info.code, "Ada")
    for _ in range(credentials.SEAT_WRONG_PINS):  # the seat's bound used up
        with pytest.raises(NotFound):
            room.rejoin(info.code, "Ada", wrong_pin(ada.pin))
    with pytest.raises(SeatLocked):
        room.rejoin(info.code, "Ada", ada.pin)  # a caller that is never clean
    teacher = ClassroomWidget(info.code, info.teacher_key, room=room)
    teacher.handle_message({"type": "projector", "on": True})
    teacher.handle_message({"type": "new_pin", "table": 0, "seat": ada.index})
    assert "projector" in teacher.error  # never a PIN on the projector
    teacher.handle_message({"type": "projector", "on": False})
    teacher.handle_message({"type": "new_pin", "table": 0, "seat": ada.index})
    assert teacher.error == ""
    new = [w for w in teacher.notice.replace(".", " ").split() if w.isdigit() and len(w) == 6]
    assert len(new) == 1
    back = room.rejoin(info.code, "Ada", new[0])
    assert back.index == ada.index and back.name == "Ada"
    with pytest.raises(NotFound):
        room.rejoin(info.code, "Ada", ada.pin)  # the old PIN is gone


def test_an_unknown_name_costs_the_same_pbkdf2_as_a_known_one(room, monkeypatch):
    info = room.create_class(game="periodic", tables=1, seats=3)
    ada = room.join(info.code, "Ada")
    calls = []
    real = credentials.pin_hash
    monkeypatch.setattr(credentials, "pin_hash", lambda *a: calls.append(a) or real(*a))
    credentials.dummy_pin_hash()  # made once per process, before counting
    calls.clear()
    for name in ("Ada", "Nobody"):
        with pytest.raises(NotFound) as refused:
            room.rejoin(info.code, name, wrong_pin(ada.pin))
        assert refused.value.key == "bad_pin"  # the same answer
    assert [a[1] is not None for a in calls] == [True, True]  # one salted PBKDF2 each


# ---- names ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,why", [
    ("\u0410da", NameTaken),  # Cyrillic А next to Latin "Ada"
    ("\u0391DA", NameTaken),  # Greek Alpha
    ("\uff21da", NameTaken),  # fullwidth A
    ("Bot 3", BadInput), ("bot", BadInput), ("B\u043et 2", BadInput),
    ("Z" + "\u0336\u0337\u0338" * 4 + "ed", BadInput),  # "Zalgo"
    ("Ada\ud800", BadInput),  # a lone surrogate: the name rule, not "something went wrong"
])
def test_look_alike_and_reserved_names_are_refused(room, name, why):
    info = room.create_class(game="periodic", tables=2, seats=3)
    room.join(info.code, "Ada")
    with pytest.raises(why):
        room.join(info.code, name)


def test_names_with_accents_and_other_scripts_are_welcome(room):
    info = room.create_class(game="periodic", tables=2, seats=3)
    for name in ("Ada", "Андрій", "Jürgen", "Ελένη", "Botond", "Zoë"):
        assert room.join(info.code, name).name == name


# ---- a flood of joins -----------------------------------------------------------------------------
def test_a_flood_of_joins_costs_a_few_pbkdf2_not_one_each(room, monkeypatch):
    info = room.create_class(game="periodic", tables=1, seats=3)
    room.join(info.code, "P1")
    calls = []
    real = credentials.pin_hash
    monkeypatch.setattr(credentials, "pin_hash", lambda *a: calls.append(a) or real(*a))
    # a burst (the review: 24,470 joins queued in 15 s): the messages queued while the first
    # was answered are dropped, and the first one's answer stands
    clock = PageClock(step=0)
    flooder = page(room, clock=clock)
    for _ in range(200):  # a taken name: each join that reaches the room costs a PBKDF2
        send(flooder, {"type": "join", "code": info.code, "name": "P1"})
    assert len(calls) == 1 and "already plays as P1" in flooder.error
    # spaced just past the in-flight gap: a few a minute reach the room, the rest are refused
    calls.clear()
    clock.now += 60
    clock.step = IN_FLIGHT_S * 1.2
    start = clock.now
    said = set()
    for _ in range(100):
        send(flooder, {"type": "join", "code": info.code, "name": "P1"})
        said.add(flooder.error.split(":")[0])
    minutes = (clock.now - start) / 60
    assert TRIES_PER_MINUTE <= len(calls) <= TRIES_PER_MINUTE * (1 + minutes) < 100 / 4
    assert "too many tries from this page" in said


def test_the_new_refusals_are_said_in_every_language():
    """The sentences of the new refusals render in every language."""
    for key, params in (("one_seat", {}), ("too_fast", {"seconds": 3}), ("join_locked", {}),
                        ("name_bot", {}), ("name_marks", {"marks": 2})):
        for lang in ("en", "uk", "de"):
            assert RoomError(key, **params).render(lang)


# ---- at once ---------------------------------------------------------------------------------------
def test_a_leave_and_the_join_that_fills_the_table_at_once(room_url):
    """Ada leaves just as Bob's join fills her table (each from its own process's room):
    either the leave lands first (Ada's seat free, the table still waiting for a second
    player) or the join does (the table starts and Ada keeps her seat) - never a started table
    with a seat nobody holds, nor a leave that says it freed a seat that is still taken."""
    import threading

    from periodic_edu.classroom import open_room
    setup = open_room(room_url)
    try:
        for _ in range(3):
            info = setup.create_class(game="periodic", tables=1, seats=2)
            ada = setup.join(info.code, "Ada")
            rooms = [open_room(room_url), open_room(room_url)]
            barrier, out = threading.Barrier(2), {}

            def leave():
                barrier.wait()
                out["left"] = rooms[0].resume(ada.token).leave()

            def join():
                barrier.wait()
                out["bob"] = rooms[1].join(info.code, "Bob")
            threads = [threading.Thread(target=leave), threading.Thread(target=join)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            for r in rooms:
                r.close()
            table = setup.teacher(info.code, info.teacher_key).overview()["tables"][0]
            names = [s["name"] for s in table["seats"]]
            if out["left"]:
                assert table["status"] == "waiting" and names.count("Bob") == 1 \
                    and "Ada" not in names
            else:
                assert table["status"] == "playing" and sorted(names) == ["Ada", "Bob"]
    finally:
        setup.close()
