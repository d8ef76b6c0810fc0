"""Issue 34's "done when", end to end: the teacher's page (lessons/teacher.ipynb in a real Voila,
on a real room store) makes an assignment for a class; a student's browser context opens its
link on the built static site, goes offline, plays the game to its end, answers the check and
copies the result code; the teacher's page imports it by pasting, beside a code with one
character changed and a code forged from a save edited to a better score (both refused, with
their reasons in words), and shows it in the class's report. No request of the student's
context leaves the site.

Kept cheap: one student, one round (``max_rounds=1``), the site built once per run
(tests/site/conftest.py) and Voila started once for the module."""
from __future__ import annotations

import random
import sys

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_helpers import REPO, play_one_turn, screenshot, voila_on_room
from test_homework_page import changed_one_character, open_as_student
from test_static_site import GAME, assert_axe_clean

sys.path.insert(0, str(REPO / "tests" / "homework"))
from forge import forged_code  # noqa: E402

from periodic_edu.assignments import CodeError, parse_link, read_code
from periodic_edu.classroom import open_room
from periodic_edu.games import GAMES

PAGE = "section.pe-classroom"
HW = '[data-role="homework"]'
CHECKSUM = ("the result code does not check out: a character is mistyped or changed (its "
            "checksum does not match)")
NO_CAMERA = ("This browser cannot scan QR codes here: paste the codes or upload a CSV file "
             "instead.")


@pytest.fixture(scope="module")
def teacher_server(tmp_path_factory):
    with voila_on_room("teacher.ipynb", tmp_path_factory.mktemp("hw-teacher")) as server:
        yield server


def edited_to_a_better_score(a, shown: int) -> tuple[str, str]:
    """A save of the assigned deal whose bot seat a weaker bot played, so the student scored
    more than ``shown``, its actions forged into a code (the format holds the student's moves:
    a cheater packs the edited save's). Replayed against the assigned bot, it is refused; returns
    the code and the refusal's sentence."""
    for seed in range(80):
        edited = a.new_game()
        weak = GAMES[a.game].make_bot("random", seed, None, False)
        rng = random.Random(seed)
        while not edited.is_over:
            seat = edited.current_player
            edited.play(rng.choice(edited.legal_actions()) if seat == a.seat
                        else weak.choose(edited.observe(seat)).action)
        if edited.scores()[a.seat]["total"] <= shown:
            continue
        code = forged_code(a, list(edited.history))
        try:
            read_code(a, code)
        except CodeError as error:
            return code, str(error)
    pytest.fail(f"no seed gave an edited save a better score than {shown} that is refused")


def test_the_teacher_assigns_a_student_plays_offline_and_the_code_is_imported(
        site_browser, site_server, teacher_server):
    room = open_room(teacher_server.room_url)
    info = room.create_class(game="periodic", tables=1, seats=2)
    room.close()
    site = site_server.base

    # ---- the teacher's page: an assignment for the class ----
    teacher = site_browser.new_context(viewport={"width": 1280, "height": 900})
    tpage = teacher.new_page()
    tpage.set_default_timeout(60_000)
    terrors: list[str] = []
    tpage.on("pageerror", lambda exc: terrors.append(str(exc)))
    tpage.goto(teacher_server.base + "/")
    tpage.locator(f'{PAGE} [data-role="code"]').wait_for(timeout=120_000)
    tpage.fill(f'{PAGE} [data-role="code"]', info.code)
    tpage.fill(f'{PAGE} [data-role="key"]', info.teacher_key)
    tpage.click(f'{PAGE} [data-role="open"]')
    section = tpage.locator(HW)
    section.get_by_role("heading", name="New assignment").wait_for()
    section.get_by_label("Check form").select_option("B")
    section.get_by_label("Check items").fill("ie-1B, ar-2B")
    section.get_by_label("Rounds").fill("1")
    section.get_by_label("A new seed (a new deal)").uncheck()
    section.get_by_label("Seed", exact=True).fill("4242")
    section.get_by_label("The kit's web site").fill(site + "/")
    section.get_by_role("button", name="Make the assignment").click()
    link_node = section.locator('[data-role="hw-link"]')
    link_node.wait_for()
    link = link_node.get_attribute("href")
    a = parse_link(link)
    assert (a.seed, a.form, a.items, dict(a.options)) == (4242, "B", ("ie-1B", "ar-2B"),
                                                          {"max_rounds": 1})
    assert link.startswith(site + "/homework.html#homework?")
    qr = section.get_by_role("img", name=f"QR code of the assignment's link {link}")
    assert qr.locator("svg").evaluate("n => n.namespaceURI") == "http://www.w3.org/2000/svg"
    # the camera where the browser allows it; this headless Chromium has no BarcodeDetector:
    # no button, a sentence that says to paste or upload instead
    if tpage.evaluate("'BarcodeDetector' in window && !!navigator.mediaDevices"):
        assert section.get_by_role("button", name="Scan QR codes with the camera").is_visible()
    else:
        assert section.get_by_role("button", name="Scan QR codes with the camera").count() == 0
        assert section.locator('[data-role="hw-no-camera"]').inner_text() == NO_CAMERA

    # ---- the student: the link on the static site, offline, the game to its end ----
    student, spage, requests, serrors = open_as_student(site_browser, link)
    try:
        spage.wait_for_function("document.body.dataset.offline", polling=250)
        student.set_offline(True)
        spage.get_by_role("textbox", name="Your name").fill("Ada")
        game = spage.locator(GAME)
        play_one_turn(spage, game, turn_timeout=120_000, move_timeout=60_000)
        game.locator('[data-role="final"]').wait_for(timeout=120_000)
        first = spage.get_by_role("group", name="Question 1 (ie-1B)")
        first.get_by_label("Answer").select_option("b")
        first.get_by_label("Reason").select_option("c")
        spage.get_by_role("button", name="Make my result code").click()
        spage.wait_for_function("document.getElementById('hw-code').value !== ''")
        spage.wait_for_function("document.getElementById('hw-status').textContent !== ''")
        shown = int(spage.locator("#hw-status").inner_text().rsplit(" ", 1)[1].rstrip(")."))
        spage.get_by_role("button", name="Copy the code").click()
        spage.wait_for_function("document.getElementById('hw-status').textContent === "
                                "'The code is copied.'")
        code = spage.evaluate("navigator.clipboard.readText()")
        assert serrors == []
    finally:
        student.close()
    outside = [u for u in requests if not u.startswith((site + "/", "blob:", "data:"))]
    assert requests and outside == [], outside

    # ---- the teacher imports it by pasting, beside two codes that must be refused ----
    forged, why_forged = edited_to_a_better_score(a, shown)
    paste = section.get_by_label("Result codes", exact=True)
    paste.fill(f"{code}\n{changed_one_character(code)}\n{forged}")
    section.get_by_role("button", name="Import the pasted codes").click()
    summary = section.locator('[data-role="hw-summary"]')
    summary.wait_for()
    assert summary.inner_text() == "Codes imported: 1; refused: 2."
    assert section.locator('[data-role="hw-landed"] li').all_inner_texts() == [
        f"code 1 (line 1): Ada, {shown} point{'s' if shown != 1 else ''}"]
    assert section.locator('[data-role="hw-refused"] li').all_inner_texts() == [
        f"code 2 (line 2): {CHECKSUM}", f"code 3 (line 3): {why_forged}"]
    assert "Traceback" not in tpage.locator("body").inner_text()
    # the CSV path: a file the browser reads (a column headed "code"); the same code lands once
    section.get_by_label("Or a CSV file").set_input_files(files=[{
        "name": "codes.csv", "mimeType": "text/csv",
        "buffer": f"name,result code\nAda,{code}\n".encode()}])
    tpage.wait_for_function("() => document.querySelector('[data-role=\"hw-summary\"]')"
                            ".textContent === 'Codes imported: 1; refused: 0.'")
    assert section.locator('[data-role="hw-landed"] li').all_inner_texts() == [
        f"code 1 (line 2): Ada, {shown} point{'s' if shown != 1 else ''} · imported before"]

    # ---- in the class's report, marked as homework ----
    tpage.click(f'{PAGE} [data-role="show-results"]')
    report = tpage.locator('[data-role="hw-results"]')
    report.wait_for()
    row = report.locator("tbody tr")
    assert row.count() == 1 and row.get_attribute("data-homework") == a.id
    cells = row.locator("th, td").all_inner_texts()
    assert cells[:3] == ["Ada", a.id, str(shown)], cells
    assert_axe_clean(tpage, "teacher's page, homework imported")
    # the keyboard reaches the import from the pasted list
    paste.focus()
    tpage.keyboard.press("Tab")
    assert tpage.evaluate("document.activeElement.dataset.role") == "hw-import-paste"
    # phone width: the section fits and its link wraps
    tpage.set_viewport_size({"width": 390, "height": 844})
    nodes = (paste, link_node, section.get_by_role("button", name="Make the assignment"))
    # the page lays itself out again after its resize event (a CI rehearsal read the paste box
    # still 448 px wide): wait until every node's right edge is in the 390 px, then check them
    handles = [node.element_handle() for node in nodes]
    try:
        tpage.wait_for_function("ns => ns.every(n => n.getBoundingClientRect().right <= 390)",
                                arg=handles, timeout=10_000)
    except PlaywrightTimeout:
        pass  # the assertion below says which node and where
    for node in nodes:
        box = node.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    screenshot(tpage, "teacher_homework_import")
    assert terrors == []
    teacher.close()
