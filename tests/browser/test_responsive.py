"""Every screen (issue 8, item 1): at a phone, a tablet, a laptop and a projector, every one of
the 88 cells of the explorer and of the game board can be brought into view and clicked (no
ancestor clips it), text is at least 10 px and every control is at least 24 x 24 px.
Screenshots of each size go to artifacts/screenshots/size_<w>x<h>_<tab>.png.
"""
from __future__ import annotations

import pytest

from browser_helpers import check_board, check_sizes, screenshot, sized_page, wait_settled

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (768, 1024), (1366, 768), (1920, 1080)]
GAME = '[data-widget="game"]'

@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_cell_reachable_and_nothing_too_small(browser, dashboard, width, height):
    context, page = sized_page(browser, width, height, touch=width < 500)
    try:
        page.goto(dashboard.base + "/")
        page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)
        where = f"{width}x{height}"
        wait_settled(page)  # the frame has sized its cells
        check_board(page, "main", f"explorer at {where}")
        check_sizes(page, ".pe-explorer", f"explorer at {where}")
        # the page itself never scrolls sideways: only the board's own region may
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), where
        # every tab label is whole and on screen (five tabs on a phone wrap, never cut)
        labels = page.locator(".lm-TabBar-tabLabel").evaluate_all(
            "ns => ns.map(n => { const r = n.getBoundingClientRect(); return {text: n.textContent, "
            "cut: n.scrollWidth > n.clientWidth + 1, left: r.left, right: r.right}; })")
        assert len(labels) == 5, (where, labels)
        assert [x for x in labels if x["cut"] or x["left"] < 0 or x["right"] > width + 1] == [], (where, labels)
        # a tap on a far cell chooses it (the last column, the last period)
        for symbol in ("Og", "Fr", "He"):
            cell = page.locator(f'[data-board="main"] [data-symbol="{symbol}"]')
            cell.scroll_into_view_if_needed()
            cell.tap() if width < 500 else cell.click()
            page.wait_for_selector(f'[data-board="main"] [data-symbol="{symbol}"][aria-current="true"]')
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"size_{where}_explore", full_page=True)
        page.locator('[data-board="main"]').evaluate("n => n.scrollIntoView({block: 'start'})")
        screenshot(page, f"size_{where}_explore_view")
        page.get_by_role("tab", name="Element cards").click()
        page.locator('[data-widget="element-card"][data-card-symbol="Fe"]').wait_for()
        check_sizes(page, ".pe-card", f"card at {where}")
        screenshot(page, f"size_{where}_cards", full_page=True)
        page.get_by_role("tab", name="Play").click()
        page.locator(f'{GAME} [data-role="agenda"] button').first.wait_for()
        wait_settled(page)
        check_board(page, "game", f"game at {where}")
        check_sizes(page, ".pe-game", f"game at {where}")
        # nothing of the turn controls is cut off: every agenda card and trend spot is on screen
        for sel in (f'{GAME} [data-role="agenda"] button', f"{GAME} [data-trend]", f"{GAME} [data-mode]"):
            boxes = page.locator(sel).evaluate_all(
                "ns => ns.map(n => { const r = n.getBoundingClientRect(); return [r.left, r.right]; })")
            assert boxes and all(0 <= left and right <= width + 1 for left, right in boxes), (where, sel, boxes)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), where
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"size_{where}_play", full_page=True)
        # what a student sees: the turn controls and the board (the README's phone picture)
        page.locator(f"{GAME} [data-trend]").first.scroll_into_view_if_needed()
        page.locator(f'{GAME} [data-role="controls"]').evaluate("n => n.scrollIntoView({block: 'start'})")
        screenshot(page, f"size_{where}_play_view")
        assert page.js_errors == []
    finally:
        context.close()
