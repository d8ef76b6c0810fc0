"""Projector mode of the teacher's page served by the workshop server itself (issue 28, part 8):
the address the students open - exactly the one the server's ready block prints - in large type
and as a QR code drawn offline (segno's SVG, in the page), beside the class code; no student
name (real Voila, a real Chromium)."""
from __future__ import annotations

import re

import pytest

from browser_helpers import (ONE_SPARE_WORKSHOP, REPO, open_teacher_page, room_env, run_axe,
                             screenshot, serving, sized_page, workshop_cmd)

from periodic_edu.classroom import open_room
from periodic_edu.widgets._qr import qr_svg

pytestmark = pytest.mark.browser

PAGE = "section.pe-classroom"


@pytest.fixture(scope="module")
def school(tmp_path_factory):
    """The server as ``CLASS=periodic:1x2 ./scripts/run`` starts it, on its own room store."""
    home = tmp_path_factory.mktemp("projector")
    url = f"sqlite:///{home / 'room.db'}"
    cmd = workshop_cmd("--class_size=2", ONE_SPARE_WORKSHOP, "--new_class=periodic:1x2",
                       "--RoomKernelManager.teacher_grace=3600")
    with room_env(url), \
            serving(cmd, REPO, home, "/voila/static/voila.js", REPO / "lessons") as server:
        server.room_url = url
        yield server


def ready_block(server) -> dict[str, str]:
    """What the server's ready block printed: the address, the class code and the key."""
    text = server.log.read_text(encoding="utf-8", errors="replace")
    if "periodic_edu dashboard is ready" not in text:
        return {}
    found = {}
    for key, pattern in (("address", r"On this computer: (\S+)"),
                         ("code", r"Class code, for the projector: (\S+)"),
                         ("key", r"Teacher key, for you only[^:]*: (\S+)")):
        match = re.search(pattern, text)
        if match:
            found[key] = match.group(1)
    return found


def test_projector_mode_shows_the_ready_blocks_address_and_its_qr_code(browser, school, axe):
    context, page = sized_page(browser, 1366, 768)
    try:
        block = {}  # printed once the first student kernel is ready: read until it is there
        for _ in range(180):
            block = ready_block(school)
            if {"address", "code", "key"} <= set(block):
                break
            page.wait_for_timeout(500)
        assert {"address", "code", "key"} <= set(block), school.log.read_text()[-2000:]
        open_teacher_page(page, school.base, block["key"])  # the key form, then the page
        page.locator(f'{PAGE} [data-role="key"]').wait_for(timeout=90_000)
        room = open_room(school.room_url)
        try:
            room.join(block["code"], "Ada")
        finally:
            room.close()
        page.fill(f'{PAGE} [data-role="code"]', block["code"])
        page.fill(f'{PAGE} [data-role="key"]', block["key"])
        page.click(f'{PAGE} [data-role="open"]')
        page.wait_for_selector(f'{PAGE}[data-phase="open"] [data-table="0"]', timeout=30_000)
        # outside projector mode the page shows no join block
        assert page.locator(f'{PAGE} [data-role="join-qr"]').count() == 0
        page.click(f'{PAGE} [data-role="projector"]')
        page.wait_for_selector(f'{PAGE}[data-projector="true"] [data-role="join-qr"] svg')

        # the address as the ready block printed it, and the class code
        shown = page.locator(f'{PAGE} [data-role="join-url"]').all_inner_texts()
        assert shown == [block["address"]]
        assert block["code"] in page.inner_text(f'{PAGE} [data-role="join-code"]')
        # the QR code: segno's encoding of exactly that address, drawn as SVG, named in words
        qr = page.locator(f'{PAGE} [data-role="join-qr"]')
        assert qr.get_attribute("role") == "img"
        assert qr.get_attribute("aria-label") == f"QR code of the address {block['address']}"
        drawn = qr.locator("svg path.qrline").get_attribute("d")  # the dark modules
        assert drawn == re.search(r'class="qrline"[^>]* d="([^"]+)"',
                                  qr_svg(block["address"])).group(1)
        box = qr.locator("svg").bounding_box()
        assert box["width"] >= 140 and box["x"] + box["width"] <= 1366  # large, on screen
        assert qr.locator("svg").evaluate("n => n.namespaceURI") == "http://www.w3.org/2000/svg"
        html = page.inner_html(PAGE)
        assert "Ada" not in html and block["key"] not in html  # no name, no key projected
        report = run_axe(page, axe, PAGE)
        assert report["counts"]["critical"] == 0 and report["counts"]["serious"] == 0, \
            report["violations"]
        screenshot(page, "teacher_projector_qr_1366", full_page=True)
        assert page.js_errors == []
    finally:
        context.close()
