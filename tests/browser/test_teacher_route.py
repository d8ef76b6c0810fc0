"""The teacher's page at ``/teacher`` of the workshop server itself (issue 20): rendered from
lessons/teacher.ipynb with its own kernel, which is no seat of the class (a class of 1 still
admits its one student after the teacher arrived) and no kernel of the students' pool, owned by
the teacher's page like a student's, and bounded on its own (real Voila, real HTTP, a real
Chromium for the key form). The page is reached through the server's key form, as a teacher
does (test_room_attacks_server.py tries the form as an attacker would).

The server is started without a class, as a teacher does before making one on this page: its
start makes the empty store, so a student who joins now is told there is no such class."""
from __future__ import annotations

import re
import time

import pytest

from browser_helpers import REPO, open_teacher_page, room_env, serving, workshop_cmd
from room_pages import Page, run_async
from test_workshop_server import (ROOM_FULL, Visitor, assert_no_traceback,
                                  assert_websocket_only_for, kernel_id_of)

pytestmark = pytest.mark.browser

PAGE = "section.pe-classroom"


@pytest.fixture(scope="module")
def school(tmp_path_factory):
    """The server as scripts/run starts it, for a class of ONE, on its own room store."""
    home = tmp_path_factory.mktemp("teacher_route")
    cmd = workshop_cmd("--class_size=1", "--RoomKernelManager.max_teacher_kernels=2",
                       # the bound itself, not the grace after which an unused teacher's page
                       # gives its place up (test_room_attacks_server.py): no page here waits
                       # that long on purpose
                       "--RoomKernelManager.teacher_grace=3600")
    with room_env(f"sqlite:///{home / 'room.db'}"), \
            serving(cmd, REPO, home, "/voila/static/voila.js", REPO / "lessons") as server:
        deadline = time.monotonic() + 300
        while not (found := re.search(r"Room key, to create a class .*?: (\S+)",
                                      server.log.read_text(errors="replace"))):
            assert time.monotonic() < deadline, "no ready block"
            time.sleep(0.2)
        server.room_key = found.group(1)
        server.db = home / "room.db"
        yield server


def test_a_student_who_joins_before_any_class_is_told_there_is_no_such_class(school):
    """The server started without a class made the empty store: a join says "there is no
    class with that code" (not "the store cannot be reached")."""
    assert school.db.exists()

    async def join() -> dict:
        student = Page(school.base)
        said = await student.join("ZZZZ-ZZZZ", "Ann")
        await student.close_tab()
        return said

    said = run_async(join)
    assert said.get("phase") == "join"
    assert "there is no class with that code" in said.get("error", ""), said.get("error")


def test_the_teacher_page_takes_no_seat_and_its_kernel_is_its_own(school, page):
    # a load of /teacher is the key form: no kernel (the room's one seat stays free too)
    status, _headers, body = Visitor(school.base).get("/teacher")
    assert status == 200 and 'name="key"' in body and "jupyter-config-data" not in body
    teacher = Visitor(school.base)
    status, _headers, body = teacher.sign_in(school.room_key)
    assert status == 200, body[:500]
    assert_no_traceback(body)
    teacher_kernel = kernel_id_of(body)

    # a class of one: the teacher took no seat, so the one student still gets the dashboard
    student = Visitor(school.base)
    status, _headers, body = student.get("/")
    assert status == 200, body[:500]
    assert_no_traceback(body)
    student_kernel = kernel_id_of(body)
    assert student_kernel != teacher_kernel
    assert "jupyter-widget" in body or "widget-view" in body  # the dashboard, not teacher.ipynb
    # ... and the class is full now: the seat was the student's, not the teacher's
    status, _headers, body = Visitor(school.base).get("/")
    assert status == 503 and ROOM_FULL in body

    # the teacher's page in a browser: the key form (a second teacher kernel, under the bound)
    open_teacher_page(page, school.base, school.room_key)
    page.locator(f'{PAGE} [data-role="key"]').wait_for(timeout=90_000)
    page.locator(f'{PAGE} [data-role="code"]').wait_for()
    assert "Traceback" not in page.inner_text("body")
    browser_kernel = kernel_id_of(page.content())
    assert browser_kernel not in (teacher_kernel, student_kernel)
    assert page.js_errors == []

    # bounded on its own: a third teacher's page waits, with no traceback and no kernel
    status, headers, body = Visitor(school.base).sign_in(school.room_key)
    assert status == 503 and "Retry-After" in headers
    assert_no_traceback(body)
    assert "The teacher&#x27;s page is open elsewhere" in body and "(2)" in body, body[:400]

    # the teacher's kernel is opened only by its own page: a student who learnt its id is
    # refused; the teacher's own cookie opens it and the kernel answers
    assert_websocket_only_for(teacher, student, teacher_kernel)

    # the teacher's kernel is ended only by its own page (a student's cookie gets a 404)
    assert student.close_tab(teacher_kernel) == 404
    assert teacher.close_tab(teacher_kernel) == 204
    # the student's seat is still the student's, freed by the student's own page
    assert teacher.close_tab(student_kernel) == 404
    assert student.close_tab(student_kernel) == 204
    # the teacher's closed tab gave its place back: the teacher's page opens again
    status, _headers, body = teacher.get("/teacher")
    assert status == 200, body[:500]
    assert kernel_id_of(body) not in (teacher_kernel, browser_kernel, student_kernel)


def test_the_key_form_is_accessible_and_says_a_wrong_key_in_words(school, browser):
    """The key form at 390 px in German (the browser's Accept-Language), as a teacher uses it:
    a labelled password field, a wrong key said next to it as an alert, axe clean before and
    after; the form starts no kernel."""
    from browser_helpers import axe_source, run_axe, sized_page
    from periodic_edu import i18n
    from periodic_edu.workshop.pages import TEXT

    def say(key: str) -> str:
        return i18n.gettext("workshop", TEXT[f"teacher_key.{key}"], "de")

    context, page = sized_page(browser, 390, 844)
    context.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    try:
        page.goto(school.base + "/teacher")
        assert page.locator("html").get_attribute("lang") == "de"
        field = page.get_by_label(say("label"))
        assert field.get_attribute("type") == "password"
        box = field.bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= 390
        axe = axe_source()
        assert run_axe(page, axe)["violations"] == []
        field.fill("not-a-key")
        page.get_by_role("button", name=say("button")).click()
        alert = page.get_by_role("alert")
        alert.wait_for()
        assert alert.inner_text() == say("wrong")
        assert page.get_by_label(say("label")).get_attribute("aria-invalid") == "true"
        assert run_axe(page, axe)["violations"] == []
        assert "Traceback" not in page.inner_text("body")
        assert "jupyter-config-data" not in page.content()  # still the form: no kernel
    finally:
        context.close()
