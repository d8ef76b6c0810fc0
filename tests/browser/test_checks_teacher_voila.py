"""The room asks on the teacher's page in a real Chromium (issue 31): the teacher locks a class
of six at two tables to the check, gives form A, the class plays (refused moves by Increase
Ionization Energy), gives form B, and the report shows pre, post and gain per concept next to
the refusals in play; projector mode leaves every name out. Students are protocol clients (the
room's Python contract); the teacher's page is lessons/teacher.ipynb served by Voila."""
from __future__ import annotations

import sys

from browser_helpers import REPO, run_axe, screenshot, sized_page
from test_teacher_voila import NAMES, PAGE, open_page, room, teacher_server, to_ionization_taps  # noqa: F401

sys.path.insert(0, str(REPO / "tests" / "classroom"))
from test_asks import right, wrong  # noqa: E402

from periodic_edu.checks import item_bank  # noqa: E402

CHECKS = '[data-role="teacher-checks"]'


def answer_form(seats, form: str, right_of_four: int) -> None:
    """Every seat answers the form: ``right_of_four`` of the 4 ionization items right, the rest
    of the form right."""
    ie = [i.id for i in item_bank("en") if i.form == form and i.concept == "ionization_energy"]
    for s in seats:
        while (q := s.question()) is not None:
            item = q["item"]
            good = item not in ie or ie.index(item) < right_of_four
            s.answer(item, **(right(item) if good else wrong(item)))


def test_a_class_is_checked_before_and_after_play(browser, teacher_server, room, axe):
    info = room.create_class(game="periodic", tables=2, seats=3, edition="en")
    seats = [room.join(info.code, n) for n in NAMES]
    context, page = sized_page(browser, 1280, 2400)
    try:
        open_page(page, teacher_server, info.code, info.teacher_key)
        page.locator(f"{CHECKS}:visible").wait_for(timeout=60_000)
        page.click(f'{CHECKS} [data-role="checks-lock-check"]')
        page.locator(f'{CHECKS} [data-role="checks-lock-line"]:has-text("the check")').wait_for(
            timeout=20_000)
        assert all(s.view()["lock"] == "check" for s in seats)
        page.click(f'{CHECKS} [data-role="checks-pre-a"]')
        page.locator(f'{CHECKS} [data-role="checks-open"]:has-text("pre-check")').wait_for(
            timeout=20_000)
        answer_form(seats, "A", 2)
        page.click(f'{CHECKS} [data-role="checks-close"]')
        page.locator(f'{CHECKS} [data-role="checks-open"]:has-text("No question")').wait_for(
            timeout=20_000)
        page.click(f'{CHECKS} [data-role="checks-unlock"]')
        # released (held at the check, the games wait): play once the page says so
        page.locator(f'{CHECKS} [data-role="checks-lock-line"]:has-text("not held")').wait_for(
            timeout=20_000)
        refused = to_ionization_taps(room, info, seats)  # play: refusals by the trend
        page.click(f'{CHECKS} [data-role="checks-post-b"]')
        page.locator(f'{CHECKS} [data-role="checks-open"]:has-text("post-check")').wait_for(
            timeout=20_000)
        answer_form(seats, "B", 3)
        page.click(f'{CHECKS} [data-role="checks-close"]')
        page.click(f'{CHECKS} [data-role="checks-report"]')
        row = page.locator(f'{CHECKS} [data-role="checks-concepts"] tr:has-text('
                           f'"Increase Ionization Energy")')
        row.wait_for(timeout=20_000)
        page.wait_for_function(
            """([sel, want]) => { const r = document.querySelector(sel);
                 return r && [...r.children].map(c => c.textContent).join("|") === want; }""",
            arg=[f'{CHECKS} [data-role="checks-concepts"] tbody tr:nth-child(2)',
                 f"Increase Ionization Energy|50|75|50|50 → 75|{refused}"], timeout=20_000)
        names = page.inner_text(f'{CHECKS} [data-role="checks-students"]')
        assert all(n in names for n in NAMES)
        page.click(f'{CHECKS} [data-role="checks-csv"] > summary')
        csv_text = page.inner_text(f'{CHECKS} [data-role="checks-csv"] pre')
        assert csv_text.startswith("phase,form,item")
        report = run_axe(page, axe, CHECKS)
        bad = [v for v in report["violations"] if v["impact"] in ("critical", "serious")]
        assert not bad, [(v["id"], v["targets"], v["summary"]) for v in bad]
        # projector mode: the distribution stays, no name is in the checks panel
        page.click(f'{PAGE} [data-role="projector"]')
        page.locator(f'{CHECKS} [data-role="checks-students"]').wait_for(state="detached",
                                                                          timeout=20_000)
        shown = page.inner_text(CHECKS)
        assert page.locator(f'{CHECKS} [data-role="checks-distribution"]').count() == 1
        # each item a bar chart of the answers (every seat answered form A), no key marked
        # before the reveal, and a name for screen readers
        chart = page.locator(f'{CHECKS} [data-role="checks-chart"]').first
        given = chart.locator("rect").evaluate_all("rs => rs.map(r => Number(r.dataset.n))")
        assert sum(given) == len(seats) and len(given) >= 2, given
        assert "✓" not in chart.inner_html() and chart.get_attribute("role") == "img"
        assert chart.get_attribute("aria-label").count(";") == len(given) - 1
        screenshot(page, "teacher_checks_projector_chart")
        for n in NAMES:
            assert f"{n}\t" not in shown and f"\n{n}" not in shown, n
        assert page.locator(f'{CHECKS} [data-role="checks-csv"]').is_hidden()
        assert not page.js_errors, page.js_errors
        assert "Traceback" not in page.inner_text("body")
    finally:
        context.close()
