"""The room asks in a real Chromium (issue 31): students seated at two tables on the dashboard's
Play tab see the teacher's lock and question on their own pages (a phone at 390 px included),
answer a choice with its reason, a number and a cell of the board, and see the explanation
when the teacher reveals; every websocket frame a student's page receives is read: none holds
an answer key or an explanation before the reveal. The teacher acts through the room's Python
contract in this test process (the teacher's page has its own Python tests)."""
from __future__ import annotations

import json

import pytest

from browser_helpers import run_axe, sized_page, voila_on_room
from test_class_play_voila import join, open_tab

from periodic_edu.checks import item_bank
from periodic_edu.classroom import open_room

CHECK = '.pe-class-play [data-role="class-check"]'
ITEMS = ["ie-compare-A", "ie-change-A", "ie-reach-cell-A"]


@pytest.fixture(scope="module")
def check_server(tmp_path_factory):
    with voila_on_room("dashboard.ipynb", tmp_path_factory.mktemp("checks")) as server:
        yield server


def in_view(page, selector: str) -> None:
    """The element is on the screen as it is (the test does not scroll)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None and box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"] + 1, (selector, box, size)
    assert box["y"] + box["height"] <= size["height"] + 1, (selector, box, size)


def test_a_class_answers_on_its_own_pages_and_the_report_counts_it(browser, check_server, axe):
    room = open_room(check_server.room_url)
    info = room.create_class(game="periodic", tables=2, seats=3, edition="en")
    frames: list[str] = []
    pages = []
    try:
        # two students on their own devices (a phone and a laptop), four through the contract
        for name, (w, h) in (("Ada", (390, 844)), ("Bob", (1280, 900))):
            context, page = sized_page(browser, w, h, touch=w < 500)
            pages.append((context, page))
            page.on("websocket", lambda ws: ws.on(
                "framereceived", lambda f: frames.append(f if isinstance(f, str) else
                                                         f.decode("utf-8", "replace"))))
            open_tab(page, check_server, "Play")
            join(page, info.code, name)
        others = [room.join(info.code, n) for n in ("Cy", "Di", "Eve", "Fay")]
        teacher = room.teacher(info.code, info.teacher_key)
        teacher.lock("check")
        for _, page in pages:
            page.locator(f'{CHECK} [data-role="check-lock"]:has-text("the check")').wait_for(
                timeout=20_000)
        # the games wait meanwhile, and each page says why in words (the class-play status)
        for _, page in pages:
            page.get_by_text("Your teacher has brought the class to the check: the game "
                             "waits.").first.wait_for(timeout=20_000)
        ask = teacher.ask(items=ITEMS, phase="quick")
        bank = {i.id: i for i in item_bank("en")}
        for _, page in pages:
            page.locator(f'{CHECK} [data-role="check-form"][data-item="{ITEMS[0]}"]').wait_for(
                timeout=20_000)
        ada = pages[0][1]
        # a choice and its reason (the right ones for Ada, the first distractor for Bob)
        for page, right in ((ada, True), (pages[1][1], False)):
            item = bank[ITEMS[0]]
            choice = item.key if right else next(c for c, _ in item.choices if c != item.key)
            for role, value in (("check-choices", choice), ("check-reasons", item.reason_key)):
                option = f'{CHECK} [data-role="{role}"] input[data-option="{value}"]'
                if page is ada:
                    in_view(page, f'{CHECK} [data-role="{role}"]')
                page.check(option)
            page.click(f'{CHECK} [data-role="check-send"]')
            page.locator(f'{CHECK} [data-role="check-form"][data-item="{ITEMS[1]}"]').wait_for(
                timeout=20_000)
        # a number, typed with the language's decimal mark
        ada.fill(f'{CHECK} [data-role="check-number"]', str(bank[ITEMS[1]].key))
        ada.click(f'{CHECK} [data-role="check-send"]')
        ada.locator(f'{CHECK} [data-role="check-form"][data-item="{ITEMS[2]}"]').wait_for(
            timeout=20_000)
        # a cell of the board: on the phone chosen from the list (the board scrolls sideways
        # there), on the laptop tapped on the board
        cell = sorted(bank[ITEMS[2]].key)[0]
        in_view(ada, f'{CHECK} [data-role="check-cell-list"]')
        ada.select_option(f'{CHECK} [data-role="check-cell-list"]', cell)
        ada.click(f'{CHECK} [data-role="check-send"]')
        ada.locator(f'{CHECK} [data-role="check-sent"]').wait_for(timeout=20_000)
        bob = pages[1][1]
        bob.fill(f'{CHECK} [data-role="check-number"]', "0")
        bob.click(f'{CHECK} [data-role="check-send"]')
        bob.locator(f'{CHECK} [data-role="check-grid"]').wait_for(timeout=20_000)
        in_view(bob, f'{CHECK} [data-role="check-grid"] button[data-cell="{cell}"]')
        bob.click(f'{CHECK} [data-role="check-grid"] button[data-cell="{cell}"]')
        bob.click(f'{CHECK} [data-role="check-send"]')
        bob.locator(f'{CHECK} [data-role="check-sent"]').wait_for(timeout=20_000)
        result = run_axe(ada, axe, CHECK)
        bad = [v for v in result["violations"] if v["impact"] in ("critical", "serious")]
        assert not bad, [(v["id"], v["targets"], v["summary"]) for v in bad]
        for s in others:
            s.answer(ITEMS[0], choice=bank[ITEMS[0]].key, reason=bank[ITEMS[0]].reason_key)
        # before the reveal no frame a student's page received holds a key in words
        received = "\n".join(frames)
        assert received, "no websocket frame was read"
        for item in bank.values():
            assert item.explanation not in received, item.id
            assert json.dumps(item.explanation)[1:-1] not in received, item.id
        teacher.reveal(ask)
        ada.locator(f'{CHECK} [data-role="check-revealed"]').wait_for(timeout=20_000)
        shown = ada.inner_text(f'{CHECK} [data-role="check-revealed"]')
        assert bank[ITEMS[0]].explanation in shown and "Right." in shown
        assert "Not right." not in shown  # Ada was right three times
        report = teacher.report()
        dist = {i["item"]: i for i in report["asks"][-1]["items"]}
        assert dist[ITEMS[0]]["n"] == 6 and dist[ITEMS[0]]["right"] == 5
        assert dist[ITEMS[1]]["right"] == 1 and dist[ITEMS[2]]["right"] == 2
        teacher.unlock()
        ada.locator(f'{CHECK} [data-role="check-lock"]:has-text("the check")').wait_for(
            state="hidden", timeout=20_000)
        for _, page in pages:
            assert not page.js_errors, page.js_errors
            assert "Traceback" not in page.inner_text("body")
            for error in page.locator(f'{CHECK} [data-role="check-error"]').all():
                assert error.is_hidden(), error.inner_text()
    finally:
        for context, _ in pages:
            context.close()
        room.close()


def answer_on_phone(page, item) -> None:
    """The right answer to ``item``, given on the phone by what is on screen: the choice and
    its reason (radios), a number typed with the language's decimal mark, a cell from the list
    (the board scrolls sideways on a phone); then *Send*, each control checked on screen first."""
    form = f'{CHECK} [data-role="check-form"][data-item="{item.id}"]'
    page.locator(form).wait_for(timeout=20_000)
    if item.kind == "choice":
        roles = [("check-choices", item.key)] + (
            [("check-reasons", item.reason_key)] if item.reason_key else [])
        for role, value in roles:
            in_view(page, f'{CHECK} [data-role="{role}"] input[data-option="{value}"]')
            page.check(f'{CHECK} [data-role="{role}"] input[data-option="{value}"]')
    elif item.kind == "number":
        in_view(page, f'{CHECK} [data-role="check-number"]')
        page.fill(f'{CHECK} [data-role="check-number"]', format(item.key, "g"))
    else:
        in_view(page, f'{CHECK} [data-role="check-cell-list"]')
        page.select_option(f'{CHECK} [data-role="check-cell-list"]', sorted(item.key)[0])
    in_view(page, f'{CHECK} [data-role="check-send"]')
    page.click(f'{CHECK} [data-role="check-send"]')


def test_a_phone_answers_a_whole_form_and_the_report_counts_every_answer(browser, check_server):
    """Form A as a pre-check, all of it answered on a 390 px phone by taps on what is on screen;
    the report's pre-check for that student is every item right, per concept too."""
    room = open_room(check_server.room_url)
    info = room.create_class(game="periodic", tables=1, seats=2, edition="en")
    context, page = sized_page(browser, 390, 844, touch=True)
    try:
        open_tab(page, check_server, "Play")
        join(page, info.code, "Ada")
        teacher = room.teacher(info.code, info.teacher_key)
        teacher.lock("check")
        teacher.ask(form="A", phase="pre")
        form_a = [i for i in item_bank("en") if i.form == "A"]
        for item in form_a:
            answer_on_phone(page, item)
        page.locator(f'{CHECK} [data-role="check-sent"]').wait_for(timeout=20_000)
        ada = next(s for s in teacher.report()["students"] if s["name"] == "Ada")
        assert ada["pre"] == 1.0, ada
        concepts = teacher.report()["concepts"]
        assert all(c["pre"] == 1.0 for c in concepts.values()), concepts
        rows = teacher.answers_csv().strip().splitlines()[1:]
        assert len(rows) == len(form_a) and all(",Ada," in r for r in rows)
        assert not page.js_errors, page.js_errors
    finally:
        context.close()
        room.close()
