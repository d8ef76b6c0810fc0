"""The teacher's page (issue 20) in a real Chromium, served by Voila from lessons/teacher.ipynb
over a real room store (a SQLite file). Six students are protocol clients (the room's Python
contract from this test process: ``room.join``, ``seat.play``), the teacher is one browser
context; the page's kernel is another process on the same store."""
from __future__ import annotations

import csv
import io
import os
import sys
import time

import pytest

from browser_helpers import REPO, run_axe, screenshot, sized_page, voila_on_room

from periodic_edu import i18n
from periodic_edu.classroom import Paused, open_room
from test_workshop_server import kernel_id_of, kernel_process

sys.path.insert(0, str(REPO / "tests" / "classroom"))
from room_helpers import tap_cells_ie_cannot_reach  # noqa: E402

NAMES = ("Ada", "Bob", "Cy", "Dee", "Eli", "Fay")
PAGE = "section.pe-classroom"


@pytest.fixture(scope="module")
def teacher_server(tmp_path_factory):
    """``voila lessons/teacher.ipynb`` from the repository root (voila.json applies), its
    kernels on the room store ``url``."""
    with voila_on_room("teacher.ipynb", tmp_path_factory.mktemp("teacher")) as server:
        yield server


@pytest.fixture
def room(teacher_server):
    r = open_room(teacher_server.room_url)
    yield r
    r.close()


def open_page(page, server, code, key):
    page.goto(server.base + "/")
    page.locator(f'{PAGE} [data-role="code"]').wait_for(timeout=90_000)
    page.fill(f'{PAGE} [data-role="code"]', code)
    page.fill(f'{PAGE} [data-role="key"]', key)
    page.click(f'{PAGE} [data-role="open"]')


def revision_shown(page, table: int) -> int:
    return int(page.get_attribute(f'{PAGE} [data-table="{table}"]', "data-revision"))


def mover_of(seats, table: int):
    at = [s for s in seats if s.table == table]
    to_move = at[0].view()["to_move"]
    return next(s for s in at if s.index == to_move)


def timed_move(page, seats, table: int) -> float:
    """One student's move at ``table``; seconds until the teacher's page shows it."""
    mover = mover_of(seats, table)
    v = mover.view()
    mover.play(v["legal_actions"][0], revision=v["revision"])
    start = time.monotonic()
    page.wait_for_selector(f'{PAGE} [data-table="{table}"][data-revision="{v["revision"] + 1}"]',
                           timeout=10_000)
    return time.monotonic() - start


def count_hand_moves(seats) -> None:
    """Each seat counts the moves its student made by hand (``seat.hand_moves``): the test's
    own tally, beside the room's."""
    for seat in seats:
        seat.hand_moves = 0
        play = seat.play

        def counted(action, *, revision, _seat=seat, _play=play):
            new = _play(action, revision=revision)
            _seat.hand_moves += 1
            return new
        seat.play = counted


def bot_events(seat) -> int:
    """How many of ``seat``'s moves a bot made, as its table's log tells them."""
    return sum(1 for e in seat.log() if e["seat"] == seat.index
               and e["kind"] in ("stand_in", "bot_move"))


def bot_moves_for(page, seats, target, wanted: int = 2) -> int:
    """The students at ``target``'s table play their turns (and keep their pages connected)
    until a bot has made ``wanted`` of ``target``'s moves: the teacher's page plays them on its
    refresh. Returns the bot's moves so far."""
    at = [s for s in seats if s.table == target.table]
    deadline = time.monotonic() + 60
    while bot_events(target) < wanted:
        assert time.monotonic() < deadline, "the bot did not play the handed seat"
        for s in at:
            if s is not target:
                s.touch()
        v = target.view()
        mover = next(s for s in at if s.index == v["to_move"])
        if mover is not target:
            mine = mover.view()
            mover.play(mine["legal_actions"][0], revision=mine["revision"])
        else:  # the teacher's page plays the bot's move(s) on its next refresh
            page.wait_for_function(
                f"""() => Number(document.querySelector('{PAGE} [data-table="{target.table}"]')
                    .getAttribute('data-revision')) > {v["revision"]}""", timeout=10_000)
    return bot_events(target)


def axe_clean(page, axe, where):
    report = run_axe(page, axe, PAGE)
    print(f"\naxe {where}: {report['counts']}")
    for v in report["violations"]:
        print(f"  {v['impact']:8} {v['id']} x{v['nodes']}: {v['targets'][:3]}")
    assert report["counts"]["critical"] == 0 and report["counts"]["serious"] == 0, where


def to_ionization_taps(room, info, seats):
    """Table 1's seats keep their agendas; then the seat to move taps cells Increase
    Ionization Energy cannot reach. Returns how many taps were refused."""
    at = [s for s in seats if s.table == 0]
    for _ in range(10):
        mover = mover_of(seats, 0)
        v = mover.view()
        if v["phase"] == "start":
            break
        mover.play(v["legal_actions"][0], revision=v["revision"])
    mover = mover_of(seats, 0)
    v = mover.view()
    assert v["phase"] == "start" and mover in at
    refused = len(tap_cells_ie_cannot_reach(mover, v))
    assert refused >= 2
    return refused


def test_the_teachers_page_runs_a_class(browser, teacher_server, room, axe, figures, tmp_path):
    info = room.create_class(game="periodic", tables=2, seats=3, edition="en", duplicate=True)
    seats = [room.join(info.code, n) for n in NAMES]  # both tables full: both games start
    count_hand_moves(seats)
    context, page = sized_page(browser, 1500, 1000)
    try:
        open_page(page, teacher_server, info.code, info.teacher_key)
        page.wait_for_selector(f'{PAGE}[data-phase="open"] [data-table="1"]', timeout=30_000)
        text = page.inner_text(PAGE)
        assert all(n in text for n in NAMES) and info.teacher_key not in page.content()
        assert info.teacher_key not in page.url

        # both tables' moves appear within 2 s
        delays = [timed_move(page, seats, t) for t in (0, 1, 0, 1)]
        print(f"\nmove -> teacher's page: {[round(d, 2) for d in delays]} s "
              f"(load {os.getloadavg()[0]:.1f})")
        figures["teacher_page_move_seconds_max"] = round(max(delays), 3)
        assert max(delays) < 2.0

        # the refusals, grouped under their trend with examples
        refused = to_ionization_taps(room, info, seats)
        group = page.locator(f'{PAGE} [data-kind="trend"][data-id="ionization_energy"]')
        group.wait_for(timeout=5_000)
        page.wait_for_selector(f'{PAGE} [data-kind="trend"][data-id="ionization_energy"]'
                               f'[data-count="{refused}"]', timeout=5_000)
        assert "Increase Ionization Energy" in group.inner_text()
        assert group.locator(".pe-cr-examples li").count() == min(3, refused)

        # pause: a student's move is refused; resume: accepted
        page.click(f'{PAGE} [data-role="pause"]')
        page.wait_for_selector(f'{PAGE} [data-role="paused"]')
        student = mover_of(seats, 1)
        v = student.view()
        with pytest.raises(Paused):
            student.play(v["legal_actions"][0], revision=v["revision"])
        page.click(f'{PAGE} [data-role="resume"]')
        page.wait_for_selector(f'{PAGE} [data-role="pause"]')
        assert page.locator(f'{PAGE} [data-role="paused"]').count() == 0
        v = student.view()
        student.play(v["legal_actions"][0], revision=v["revision"])
        page.wait_for_selector(f'{PAGE} [data-table="1"][data-revision="{v["revision"] + 1}"]',
                               timeout=5_000)

        # a seat handed to a bot (by keyboard: focus the button, press Enter)
        button = page.locator(f'{PAGE} [data-table="1"] [data-seat="2"] [data-role="to-bot"]')
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(f'{PAGE} [data-table="1"] [data-seat="2"] [data-role="to-person"]')
        assert room.teacher(info.code, info.teacher_key).overview()["tables"][1]["seats"][2][
            "bot"] == "greedy"
        assert "Table 2, seat 3" in page.locator(f'{PAGE} [data-role="notice"]').inner_text()
        fay = seats[5]
        assert (fay.table, fay.index) == (1, 2)
        bot_made = bot_moves_for(page, seats, fay)

        # the seat a bot plays for Fay: the students' words and colour, never "connected"
        row = page.locator(f'{PAGE} [data-table="1"] li[data-seat="2"]')
        page.wait_for_selector(f'{PAGE} [data-table="1"] li[data-seat="2"][data-state="stand-in"]')
        assert "a bot plays for Fay" in row.inner_text()
        assert "connected" not in row.inner_text()
        connected = page.locator(f'{PAGE} [data-table="0"] li[data-state="connected"] .pe-cr-state')
        assert row.locator(".pe-cr-state").evaluate("n => getComputedStyle(n).color") != \
            connected.first.evaluate("n => getComputedStyle(n).color")
        page.select_option(f'{PAGE} .pe-cr-tools select', "uk")  # and in Ukrainian
        page.wait_for_selector(f'{PAGE} [data-table="1"] li[data-seat="2"]:has-text("бот грає за: Fay")')
        page.select_option(f'{PAGE} .pe-cr-tools select', "en")
        page.wait_for_selector(f'{PAGE} [data-table="1"] li[data-seat="2"]:has-text("a bot plays for Fay")')

        # the class paused, so the counts hold still while the teacher reads them
        page.click(f'{PAGE} [data-role="pause"]')
        page.wait_for_selector(f'{PAGE} [data-role="paused"]')
        bot_made = bot_events(fay)
        assert bot_made >= 2

        # results: a table, the chart, the CSV download
        page.click(f'{PAGE} [data-role="show-results"]')
        page.wait_for_selector(f'{PAGE} [data-role="results"] svg.pe-cr-chart-svg')
        axe_clean(page, axe, "teacher's page, open, with results")
        screenshot(page, "teacher_page_1500", full_page=True)
        with page.expect_download() as caught:
            page.click(f'{PAGE} [data-role="csv"]')
        path = tmp_path / "results.csv"
        caught.value.save_as(path)
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
        assert rows[0][:3] == ["table", "seat", "name"] and len(rows) == 7
        assert sorted(r[2] for r in rows[1:]) == sorted(NAMES)
        truth = room.teacher(info.code, info.teacher_key).results()["rows"]
        assert [int(r[4]) for r in rows[1:]] == [r["score"] for r in truth]
        # each seat's moves and how many a bot made: Fay's bot moves as her table's log counts
        # them, her moves as the game's; the share shown on the page in words
        head = rows[0]
        assert head[9:] == ["moves", "moves made by a bot", "played mostly by bots",
                            "turns a stand-in played", "a stand-in played more than 3 turns"]
        fay_row = next(r for r in rows[1:] if r[2] == "Fay")
        moves = int(fay_row[9])
        assert int(fay_row[10]) == bot_made and moves == bot_made + fay.hand_moves
        assert fay_row[11] == ("1" if bot_made * 2 > moves else "0")
        share = page.locator(f'{PAGE} [data-role="results"] tr[data-table="1"][data-seat="2"] '
                             '[data-role="bot-share"]').inner_text()
        assert share.startswith(f"{bot_made} of {moves}")
        assert ("played mostly by bots" in share) is (bot_made * 2 > moves)

        # watch a table: its public view, following its moves
        page.click(f'{PAGE} .pe-cr-table[data-table="0"] [data-role="watch"]')
        page.wait_for_selector(f'{PAGE} [data-role="watching"][data-table="0"]')
        watched = page.locator(f'{PAGE} [data-role="watching"]').inner_text()
        assert "Ada" in watched and "flask on" in watched

        # projector mode: the class code large, no student name anywhere on the page
        page.click(f'{PAGE} [data-role="projector"]')
        page.wait_for_selector(f'{PAGE}[data-projector="true"] [data-role="join-code"]')
        page.wait_for_selector(f'{PAGE}[data-projector="true"] [data-role="results"]')
        page.wait_for_selector(f'{PAGE}[data-projector="true"] [data-role="watching"]')
        shown = page.inner_text(PAGE)
        assert info.code in shown and "Table 1, seat 1" in shown
        for name in NAMES:
            assert name not in shown and name not in page.inner_html(PAGE)
        axe_clean(page, axe, "teacher's page, projector mode")
        screenshot(page, "teacher_page_projector_1500", full_page=True)
        assert page.js_errors == []
    finally:
        context.close()

    # a phone: the same class, the page fits 390 px
    context, phone = sized_page(browser, 390, 800, touch=True)
    try:
        open_page(phone, teacher_server, info.code, info.teacher_key)
        phone.wait_for_selector(f'{PAGE}[data-phase="open"] [data-table="1"]', timeout=30_000)
        wide = phone.evaluate(f"""() => [...document.querySelectorAll('{PAGE} *')]
            .filter(n => n.getBoundingClientRect().right > window.innerWidth + 1
                         && !n.closest('.pe-cr-scroll')).map(n => n.className || n.tagName)""")
        assert wide == []
        axe_clean(phone, axe, "teacher's page at 390 px")
        screenshot(phone, "teacher_page_390", full_page=True)
        assert phone.js_errors == []
        # the page's kernel dies (a crash, a memory cap): its refresh timer goes on firing and
        # must put no error on the page
        kernel_process(teacher_server, kernel_id_of(phone.content())).kill()
        phone.wait_for_timeout(5_000)  # five of its 1 s refresh periods
        assert phone.js_errors == []
    finally:
        context.close()


def test_without_the_key_the_page_shows_nothing_of_the_class(browser, teacher_server, room):
    info = room.create_class(game="elemonster", tables=1, seats=2)
    ada = room.join(info.code, "Ada")
    room.join(info.code, "Bob")
    context, page = sized_page(browser, 1000, 800)
    try:
        for key in ("", "not-the-key-at-all", ada.token):  # no key, a wrong one, a seat token
            open_page(page, teacher_server, info.code, key)
            page.wait_for_selector(f'{PAGE} [data-role="error"]:not([hidden])', timeout=30_000)
            assert page.get_attribute(PAGE, "data-phase") == "closed"
            assert page.locator(f"{PAGE} [data-table]").count() == 0
            html = page.inner_html(PAGE)
            assert "Ada" not in html and "Bob" not in html
        # the page's language: every word changes in place, the refusal too
        page.select_option(f'{PAGE} .pe-cr-tools select', "uk")
        page.wait_for_selector(f'{PAGE} h3:has-text("Відкрити клас")')
        page.fill(f'{PAGE} [data-role="code"]', info.code)
        page.fill(f'{PAGE} [data-role="key"]', "wrong")
        page.keyboard.press("Enter")  # the form submits from the keyboard
        page.wait_for_selector(f'{PAGE} [data-role="error"]:has-text("ключ учителя")')
        assert page.locator(f"{PAGE} [data-table]").count() == 0
        # ?lang= in the address chooses the page's language (the key is never in it)
        page.goto(teacher_server.base + "/?lang=de")
        page.wait_for_selector(f'{PAGE} h3:has-text("Eine Klasse öffnen")', timeout=90_000)
        assert page.js_errors == []
    finally:
        context.close()


def test_a_class_created_on_the_page_deals_the_same_opening_at_every_table(browser,
                                                                          teacher_server, room,
                                                                          axe):
    """The teacher creates a duplicate-deal class from the page (the key is shown once, to the
    teacher); six students join its two tables; the page shows both, and every table got the
    same deal."""
    context, page = sized_page(browser, 1280, 900)
    try:
        page.goto(teacher_server.base + "/")
        page.locator(f'{PAGE} [data-role="create-form"]').wait_for(timeout=90_000)
        page.check(f'{PAGE} [data-role="duplicate"]')
        page.click(f'{PAGE} [data-role="create"]')
        created = page.locator(f'{PAGE} [data-role="created"]')
        created.wait_for(timeout=30_000)
        code = created.locator("code").first.inner_text().strip()
        key = page.inner_text(f'{PAGE} [data-role="new-key"]').strip()
        assert len(key) >= 20 and key not in page.url
        teacher = room.teacher(code, key)  # the key the page showed opens the class
        # two students arrive at the first table; the teacher moves Bob to the second, on the
        # page (a select of the waiting tables with a free seat, and its Move button)
        first = [room.join(code, n) for n in NAMES[:2]]
        assert [s.table for s in first] == [0, 0]
        bob = page.locator(f'{PAGE} [data-table="{first[1].table}"] '
                           f'li[data-seat="{first[1].index}"]')
        bob.locator('[data-role="move"]').wait_for(timeout=10_000)
        axe_clean(page, axe, "teacher's page, a waiting class with its Move controls")
        bob.locator('[data-role="move"]').click()
        page.locator(f'{PAGE} [data-table]:not([data-table="{first[1].table}"]) '
                     f'li:has-text("Bob")').first.wait_for(timeout=10_000)
        assert [(s["name"], s["table"]) for s in _seated(teacher) if s["name"] in NAMES[:2]] \
            == [("Ada", 0), ("Bob", 1)]
        for name in NAMES[2:]:  # the rest of the class joins
            room.join(code, name)
        page.wait_for_selector(f'{PAGE}[data-phase="open"] [data-table="1"]', timeout=30_000)
        for name in NAMES:  # the page's next refreshes bring the students who joined
            page.locator(f'{PAGE} [data-table]:has-text("{name}")').first.wait_for(
                timeout=10_000)
        openings = [room.spectate(code, t) for t in (0, 1)]
        assert openings[0]["goal_cards"] == openings[1]["goal_cards"]  # the duplicate deal
        assert [p["flask"] for p in openings[0]["players_state"]] == \
            [p["flask"] for p in openings[1]["players_state"]]
        page.locator(f'{PAGE} [data-role="against"]').wait_for(timeout=10_000)
        axe_clean(page, axe, "teacher's page, two tables playing, Against the data")
        page.click(f'{PAGE} [data-role="dismiss"]')  # the key leaves the page
        created.wait_for(state="hidden", timeout=10_000)
        assert key not in page.content()
        assert not page.js_errors, page.js_errors
    finally:
        context.close()


def _seated(teacher) -> list[dict]:
    """Every taken seat of the class as {name, table}, from the teacher's overview."""
    return [{"name": seat["name"], "table": t["table"]}
            for t in teacher.overview()["tables"] for seat in t["seats"] if seat.get("name")]


def test_the_teachers_page_speaks_the_browsers_language_and_keeps_the_teachers(browser,
                                                                             teacher_server):
    """No ?lang=: a browser that asks for German (navigator.languages and Accept-Language) gets
    the page in German; the teacher's own choice on the page is kept on the device, over the
    browser's, at the next visit."""
    context, page = sized_page(browser, 1000, 800, locale="de-DE")
    context.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"})
    try:
        assert page.evaluate("navigator.languages")[0].startswith("de")
        page.goto(teacher_server.base + "/")
        page.wait_for_selector(f'{PAGE} h3:has-text("Eine Klasse öffnen")', timeout=90_000)
        assert page.get_attribute(PAGE, "lang") == "de"
        page.select_option(f'{PAGE} .pe-cr-tools select', "uk")
        page.wait_for_selector(f'{PAGE} h3:has-text("Відкрити клас")')
        page.wait_for_function("localStorage.getItem('periodic_edu.language') === 'uk'")
        # the Voila page's own title and language follow (WCAG 2.4.2, 3.1.1)
        page.wait_for_function("document.documentElement.lang === 'uk'")
        assert page.title() == i18n.gettext("widgets", "Teacher's page", "uk") != "Teacher's page"
        page.goto(teacher_server.base + "/")  # the same device again: its teacher's choice
        page.wait_for_selector(f'{PAGE} h3:has-text("Відкрити клас")', timeout=90_000)
        assert page.js_errors == []
    finally:
        context.close()
