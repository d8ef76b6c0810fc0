"""The first minute on a phone (issue 21, part 7), in the Voila dashboard at 360 and 390 px:

* the first screen (the viewport as the page opens, nothing scrolled) shows board cells: the
  introduction is one line that opens on demand (a <details>, by keyboard too), and no student
  word names "Voila";
* on Play, with a game running, the turn controls are on the first screen (the settings are
  below the game);
* no symbol of any cell is covered by the flask, the step number, the atomic number, a goal
  cube or the track marker (the boxes of the symbol's glyphs and of those marks never meet),
  on the explorer with a trend's steps shown and on the game's board with its flasks and steps;
* a reload opens the tab of the game this browser saved, with the resume offer.

Screenshots: artifacts/screenshots/phone_<w>_{first_screen,play,play_steps,reload}.png.
"""
from __future__ import annotations

import pytest

from browser_helpers import screenshot, sized_page, wait_settled

pytestmark = pytest.mark.browser

PHONES = [(360, 740), (390, 844)]
GAME = '[data-widget="game"]'

#: Cells whose symbol's glyphs (a Range over its text: the ink's box, not the span's) meet the
#: box of a mark drawn on the same cell. The track marker is a ::after (no box of its own): its
#: box is computed from its CSS position (left 2px, bottom 0, one line of its font size).
COVERED = """(board) => {
  const boxOf = (n) => n.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
                         a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const shown = (n) => { const cs = getComputedStyle(n); const r = boxOf(n);
    return cs.display !== "none" && cs.visibility !== "hidden" && r.width > 0 && r.height > 0; };
  const out = [], cells = [];
  for (const cell of document.querySelectorAll(`[data-board="${board}"] [data-symbol]`)) {
    const sym = cell.querySelector(".pe-sym");
    if (!sym || !sym.textContent.trim()) continue;
    cells.push(cell.dataset.symbol);
    const range = document.createRange();
    range.selectNodeContents(sym);
    const ink = range.getBoundingClientRect();
    const marks = [];
    for (const n of cell.querySelectorAll(".pe-z, .pe-badge, .pe-g-flask, .pe-g-cube")) {
      const text = n.getAttribute("data-text") ?? n.textContent;
      const drawn = n.matches(".pe-g-flask, .pe-g-cube") || (text && text.trim());
      if (drawn && shown(n)) marks.push([n.className, boxOf(n)]);
    }
    const after = getComputedStyle(cell, "::after");
    if (after.content && after.content !== "none" && after.display !== "none") {
      const r = boxOf(cell), size = parseFloat(after.fontSize);
      const left = r.left + parseFloat(getComputedStyle(cell).borderLeftWidth) + parseFloat(after.left || 0);
      marks.push(["::after", {left, right: left + size, bottom: r.bottom, top: r.bottom - size}]);
    }
    for (const [what, box] of marks) {
      if (meet(ink, box)) out.push({symbol: cell.dataset.symbol, mark: what,
        ink: [ink.left, ink.top, ink.right, ink.bottom].map(Math.round),
        box: [box.left, box.top, box.right, box.bottom].map(Math.round)});
    }
  }
  return {cells: cells.length, covered: out};
}"""

#: The cells whose whole box is inside the viewport, the page not scrolled.
ON_FIRST_SCREEN = """(sel) => [...document.querySelectorAll(sel)].filter((n) => {
  const r = n.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}).map((n) => n.dataset.symbol || n.dataset.action || n.dataset.mode || n.textContent.trim())"""

#: Where each node is (rounded top, bottom), for a failure's message.
BOXES = """(sel) => [...document.querySelectorAll(sel)].map((n) => {
  const r = n.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; })"""

SCROLLED = """() => [document.scrollingElement, ...document.querySelectorAll('body *')]
  .filter((n) => n && n.scrollTop > 0).map((n) => n.className || n.tagName)"""


def assert_no_symbol_covered(page, board: str, where: str, expect: int = 88) -> None:
    found = page.evaluate(COVERED, board)
    assert found["cells"] >= expect, (where, found["cells"])
    assert found["covered"] == [], (where, found["covered"][:6])


@pytest.mark.parametrize("width, height", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_the_first_minute_on_a_phone(browser, dashboard, width, height):
    context, page = sized_page(browser, width, height, touch=True)
    where = f"{width}x{height}"
    try:
        page.goto(dashboard.base + "/")
        page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)
        wait_settled(page)  # the frame has sized its cells
        assert page.evaluate(SCROLLED) == [], where  # the first screen: nothing scrolled
        first = page.evaluate(ON_FIRST_SCREEN, "[data-board='main'] .pe-grid [data-symbol]")
        screenshot(page, f"phone_{width}_first_screen")
        # the board starts on the first screen: the first two groups of all seven periods,
        # whole (the board's own region scrolls sideways for the rest)
        assert {"H", "Li", "Be", "Na", "Mg", "K", "Rb", "Cs", "Fr", "Ra"} <= set(first), (where, first)
        # the introduction: one line, opened on demand (keyboard), its words inside
        about = page.locator("details.pe-dash-about")
        assert about.get_attribute("open") is None
        summary = about.locator("summary")
        assert summary.bounding_box()["height"] <= 48, summary.bounding_box()
        summary.focus()
        page.keyboard.press("Enter")
        assert about.get_attribute("open") is not None
        assert "Element cards" in about.inner_text()
        page.keyboard.press("Enter")
        assert about.get_attribute("open") is None
        assert "voila" not in page.evaluate("document.body.innerText").lower()
        # the explorer's steps of a trend (badges on many cells): no symbol covered
        page.locator('[data-board="main"] [data-symbol="Na"]').tap()
        page.wait_for_selector('[data-board="main"] [data-distance]', timeout=30_000)
        assert_no_symbol_covered(page, "main", f"explorer at {where}")

        # Play: a game runs (the agenda to choose); its turn controls on the first screen
        page.get_by_role("tab", name="Play").tap()
        page.locator(f'{GAME} [data-role="agenda"] button').first.wait_for(timeout=90_000)
        wait_settled(page)
        assert page.evaluate(SCROLLED) == [], where
        agendas = page.evaluate(ON_FIRST_SCREEN, f'{GAME} [data-role="agenda"] button')
        screenshot(page, f"phone_{width}_play")  # before the assertion: a failure shows why
        # the deal is random: the first card's button must not depend on its objectives' length
        assert agendas, (where, "no agenda button on the first screen", page.evaluate(
            BOXES, f'{GAME} [data-role="agenda"] button'))
        assert_no_symbol_covered(page, "game", f"game's board at {where}")
        page.locator(f'{GAME} [data-role="agenda"] button[data-action^="a:"]').first.tap()
        page.locator('[data-widget="game"][data-my-turn="true"][data-phase="start"]').wait_for(
            timeout=60_000)
        wait_settled(page)
        # the turn's choices on screen: the page brings them there itself (issue 28), the
        # test never scrolls
        modes = page.evaluate(ON_FIRST_SCREEN, f"{GAME} [data-mode]")
        assert modes, (where, "the turn's choices (Spend, Collect...) are not on the screen")
        # the steps of a trend on the game's board, with the flasks: no symbol covered
        page.locator(f'{GAME} [data-mode="spend"]').tap()
        page.locator(f'{GAME} [data-trend="atomic_number"]').tap()
        page.wait_for_selector(f'{GAME} [data-board="game"] [data-steps]', timeout=30_000)
        assert_no_symbol_covered(page, "game", f"game's steps at {where}")
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"phone_{width}_play_steps")
        assert page.evaluate(ON_FIRST_SCREEN, f"{GAME} [data-trend]"), where

        # a reload opens where the game is: Play, with the resume offer
        page.on("dialog", lambda dialog: dialog.accept())  # "leave the game?" before unload
        page.reload()
        offer = page.locator(f'{GAME} [data-role="resume-offer"]')
        offer.wait_for(timeout=90_000)
        assert page.get_by_role("tab", name="Play").get_attribute("aria-selected") == "true"
        assert page.locator(f'{GAME} [data-role="resume"]').inner_text().startswith("Resume")
        wait_settled(page)
        assert page.evaluate(ON_FIRST_SCREEN, f'{GAME} [data-role="resume"]'), where
        screenshot(page, f"phone_{width}_reload")
        assert page.js_errors == []
    finally:
        context.close()


def test_the_rules_open_as_a_page_from_both_how_to_play_panels(browser, dashboard):
    """The How to play panels link the whole rule book, opened as a page in a new tab, in the
    page's language where translated; German has no translation yet: the English rules, and a
    German sentence that says so."""
    context, page = sized_page(browser, 390, 844, touch=True)
    try:
        page.goto(dashboard.base + "/?lang=de")
        page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)
        page.wait_for_function("document.querySelector('.lm-TabBar-tab') && "
                               "[...document.querySelectorAll('.lm-TabBar-tabLabel')]"
                               ".some(n => n.textContent === 'Spielen')", timeout=60_000)
        page.get_by_role("tab", name="Spielen").tap()
        for tab, root, title in ((None, GAME, "Periodic"),
                                 ("Elemonster", '[data-widget="elemonster"]', "Elemonster")):
            if tab:
                page.get_by_role("tab", name=tab).tap()
            opener = page.locator(f'{root} [data-role="help-open"]').first
            opener.wait_for(timeout=90_000)
            if opener.get_attribute("aria-expanded") != "true":  # open for a first game
                opener.tap()
            link = page.locator(f'{root} [data-role="rules"]')
            link.wait_for(timeout=30_000)
            assert link.inner_text() != "docs/rules.md"
            with context.expect_page() as opened:
                link.click()
            rules = opened.value
            rules.wait_for_load_state()
            assert rules.url.startswith("blob:"), rules.url
            assert rules.evaluate("document.documentElement.lang") == "de"
            assert "nur auf Englisch" in rules.locator(".note").inner_text()
            assert rules.evaluate("document.querySelector('main').lang") == "en"
            assert title in rules.locator("h1").inner_text()
            assert rules.locator("h2").count() >= 5
            # a phone reads it without sideways scrolling (tables scroll in their own box)
            assert rules.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")
            screenshot(rules, f"phone_390_rules_{title.lower()}_de")
            rules.close()
        assert page.js_errors == []
    finally:
        context.close()
