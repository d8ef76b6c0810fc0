"""Practice without a class in a real Chromium (issue 31 part 5): on a phone (390 px), a student
opens the dashboard's "Check yourself" tab and answers two questions by tapping only what is on
the screen (scrolling with the finger as a person does, never by script); after each answer the
live region says whether it was right and why; no websocket frame holds an item's explanation
before that item is answered; axe finds no serious WCAG 2.2 A/AA violation with the feedback
shown."""
from __future__ import annotations

import pytest

from browser_helpers import run_axe, sized_page

from periodic_edu.checks import find_item

pytestmark = pytest.mark.browser

ROOT = '[data-role="practice-check"]'

#: Every node of the locator whole on screen, and nothing covering its middle.
ON_SCREEN = """(nodes) => nodes.map((n) => {
  const r = n.getBoundingClientRect();
  const whole = r.width > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
    && r.right <= innerWidth + 0.5;
  const hit = whole ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
  return whole && Boolean(hit && (n === hit || n.contains(hit)));
})"""


def swipe_to(page, locator, what: str) -> None:
    """Scroll as a finger does (the wheel: the page moves, the test never calls scrollIntoView)
    until ``locator`` is whole on screen, then check it is."""
    locator.wait_for(timeout=30_000)
    for _ in range(30):
        if all(locator.evaluate_all(ON_SCREEN)):
            return
        box = locator.bounding_box()
        size = page.viewport_size
        delta = 250 if box is None or box["y"] + box["height"] > size["height"] else -250
        # the finger on the middle of the screen: whatever scrolls there (Voila's page or
        # its output area) moves, as under a person's swipe
        page.mouse.move(size["width"] / 2, size["height"] / 2)
        page.mouse.wheel(0, delta)
        page.wait_for_function("([n, y]) => Math.abs(n.getBoundingClientRect().y - y) > 1",
                               arg=[locator.element_handle(), box["y"]], timeout=5_000)
    assert all(locator.evaluate_all(ON_SCREEN)), f"{what}: never whole on screen"


def tap(page, locator, what: str) -> None:
    swipe_to(page, locator, what)
    locator.tap()


def heard(page, before: str) -> str:
    """The live region's next message (it changes once per answer)."""
    region = page.locator(f'{ROOT} [data-role="practice"][aria-live="polite"]')
    page.wait_for_function("([sel, old]) => { const n = document.querySelector(sel); "
                           "return n && n.textContent && n.textContent !== old; }",
                           arg=[f'{ROOT} [data-role="practice"]', before], timeout=20_000)
    return region.text_content()


def test_a_student_practises_two_questions_on_a_phone(browser, dashboard, axe):
    context, page = sized_page(browser, 390, 844, touch=True)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda f: frames.append(f if isinstance(f, str) else
                                                 f.decode("utf-8", "replace"))))
    try:
        page.goto(dashboard.base + "/")
        page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)
        tap(page, page.get_by_role("tab", name="Check yourself"), "the tab")
        text = page.locator(f'{ROOT} [data-role="check-text"]')
        text.wait_for(timeout=60_000)
        first = find_item("en", "ie-compare-A")
        assert text.inner_text() == first.text
        assert page.locator(f'{ROOT} [data-role="check-count"]').inner_text().startswith(
            "Question 1 of 6")
        # the right answer and the right reason, tapped by their words
        choices = dict(first.choices)
        reasons = dict(first.reasons)
        assert not any(first.explanation in f for f in frames)  # no key before the answer
        tap(page, page.locator(f'{ROOT} [data-role="check-choices"] label',
                               has_text=choices[first.key]), "the answer")
        tap(page, page.locator(f'{ROOT} [data-role="check-reasons"] label',
                               has_text=reasons[first.reason_key]), "the reason")
        said = page.locator(f'{ROOT} [data-role="practice"]').text_content()
        tap(page, page.locator(f'{ROOT} [data-role="check-send"]'), "Send answer")
        message = heard(page, said)
        assert message.startswith("Right.") and first.explanation in message, message
        verdict = page.locator(f'{ROOT} [data-role="practice-verdict"]')
        swipe_to(page, verdict, "the feedback")
        assert verdict.inner_text() == "Right."
        # the second: a wrong answer, said so with the explanation of the right one
        second = find_item("en", "ar-compare-A")
        assert not any(second.explanation in f for f in frames)
        tap(page, page.locator(f'{ROOT} [data-role="check-next"]'), "Next question")
        page.locator(f'{ROOT} form[data-item="{second.id}"]').wait_for(timeout=20_000)
        wrong = next(t for i, t in second.choices if i != second.key)
        tap(page, page.locator(f'{ROOT} [data-role="check-choices"] label', has_text=wrong),
            "a wrong answer")
        tap(page, page.locator(f'{ROOT} [data-role="check-reasons"] label',
                               has_text=dict(second.reasons)[second.reason_key]), "the reason")
        said = page.locator(f'{ROOT} [data-role="practice"]').text_content()
        tap(page, page.locator(f'{ROOT} [data-role="check-send"]'), "Send answer")
        message = heard(page, said)
        assert message.startswith("Not right.") and second.explanation in message, message
        report = run_axe(page, axe)
        bad = [v for v in report["violations"] if v["impact"] in ("critical", "serious")]
        assert not bad, bad
        assert page.js_errors == []
    finally:
        context.close()
