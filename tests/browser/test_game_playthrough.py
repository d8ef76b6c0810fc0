"""A whole game, start to end, as a student plays it (issue 8): at 390x844 with taps only, and
at 1366x768 with the keyboard only (Tab, arrows, Enter, Escape). You against the greedy bot,
two rounds. At the end, axe-core finds no critical or serious violation (the counts are
printed) and the final scores are shown.
"""
from __future__ import annotations

import pytest

from browser_helpers import run_axe, screenshot, sized_page

pytestmark = pytest.mark.browser

NOTEBOOK = "short_game.ipynb"
ROOT = '[data-widget="game"]'
MAX_STEPS = 80

#: The focused cell's ring: its width and its contrast against the page and (through the white
#: band between them) against the cell, whatever the cell's state.
FOCUS_RING = """() => {
  const n = document.activeElement, cs = getComputedStyle(n);
  const rgb = (c) => (c.match(/[\\d.]+/g) || [255, 255, 255]).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const band = (cs.boxShadow.match(/rgba?\\([^)]*\\)/) || ["rgb(255,255,255)"])[0];
  return {width: parseFloat(cs.outlineWidth), outline: cs.outlineColor, band, cellBg: cs.backgroundColor,
          page: ratio(cs.outlineColor, "rgb(255,255,255)"),
          cell: Math.max(ratio(cs.outlineColor, cs.backgroundColor), ratio(band, cs.backgroundColor))};
}"""


def state(page) -> dict:
    return page.eval_on_selector(ROOT, "n => ({...n.dataset})")


def wait_change(page, rev: str) -> None:
    """Until the revision moves on (Python answered) or the game waits for the person."""
    page.wait_for_function(
        "([sel, rev]) => { const n = document.querySelector(sel);"
        " return n.dataset.revision !== rev || n.dataset.over === 'true'; }",
        arg=[ROOT, rev], timeout=20_000)


def wait_my_move(page) -> None:
    page.wait_for_function(
        "sel => { const n = document.querySelector(sel);"
        " return n.dataset.over === 'true' || n.dataset.myTurn === 'true'; }",
        arg=ROOT, timeout=60_000)


def usable(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(
        f"{ROOT} {selector}",
        "ns => ns.filter(n => n.getAttribute('aria-disabled') !== 'true' && !n.hidden"
        " && n.offsetParent !== null).map(n => n.dataset.trend || n.dataset.mode || n.dataset.action || n.dataset.symbol)")


def play_game(page, press) -> int:
    """Play You's turns with ``press(selector)`` until the game is over; returns presses."""
    presses = 0
    for _ in range(MAX_STEPS):
        wait_my_move(page)
        s = state(page)
        if s["over"] == "true":
            return presses
        rev = s["revision"]
        if s["phase"] == "agenda":
            press(f'{ROOT} [data-role="agenda"] button[data-action^="a:"]')
        elif s["phase"] == "discover":
            offers = usable(page, '[data-role="discover"] button[data-action^="d:"]')
            press(f'{ROOT} [data-role="discover"] button[data-action="{offers[0]}"]' if offers
                  else f'{ROOT} [data-role="discover"] button[data-action="d-"]')
        else:
            modes = usable(page, "[data-mode]")
            moved = False
            if modes or usable(page, "[data-trend]"):
                if modes:
                    press(f'{ROOT} [data-mode="{"spend" if "spend" in modes else modes[0]}"]')
                    presses += 1
                for trend in usable(page, "button[data-trend]"):
                    press(f'{ROOT} button[data-trend="{trend}"]')
                    presses += 1
                    cells = usable(page, '[data-board="game"] [data-reachable="true"]')
                    if cells:
                        press(f'{ROOT} [data-board="game"] [data-reachable="true"]', board=True)
                        moved = True
                        break
                    press(f'{ROOT} button[data-trend="{trend}"]')  # unchoose
            if not moved:
                assert usable(page, 'button[data-role="end"]'), state(page)
                press(f'{ROOT} button[data-role="end"]')
            else:
                wait_change(page, rev)
                presses += 1
                continue
        presses += 1
        wait_change(page, rev)
        if state(page)["phase"] not in ("discover",) and usable(page, 'button[data-role="end"]') \
                and state(page)["myTurn"] == "true" and not usable(page, "button[data-trend]"):
            rev = state(page)["revision"]
            press(f'{ROOT} button[data-role="end"]')
            presses += 1
            wait_change(page, rev)
    raise AssertionError(f"the game did not end within {MAX_STEPS} steps: {state(page)}")


def finish(page, axe, where: str) -> None:
    page.wait_for_selector(f'{ROOT}[data-over="true"] [data-role="final"]:not([hidden])')
    totals = page.eval_on_selector_all("[data-total]", "ns => ns.map(n => Number(n.textContent))")
    assert len(totals) == 2 and all(t >= 0 for t in totals)
    assert page.locator(f"{ROOT} [data-role='final'] h3").inner_text().endswith(("wins!", "win!")) \
        or "Shared win" in page.locator(f"{ROOT} [data-role='final'] h3").inner_text()
    report = run_axe(page, axe)
    print(f"\naxe at game over ({where}): {report['counts']}")
    for v in report["violations"]:
        print(f"  {v['impact']:8} {v['id']} x{v['nodes']}: {v['targets'][:3]}")
    assert report["counts"]["critical"] == 0 and report["counts"]["serious"] == 0, report
    assert page.js_errors == []


def test_a_whole_game_with_taps_on_a_phone(browser, voila, axe):
    context, page = sized_page(browser, 390, 844, touch=True)
    try:
        page.goto(f"{voila.base}/voila/render/{NOTEBOOK}")
        page.wait_for_selector(f'{ROOT}[data-ready="true"]', timeout=60_000)

        def tap(selector: str, board: bool = False) -> None:
            target = page.locator(selector).first
            if board:
                # the board zoomed out below 24 px to show every reachable cell: the action bar
                # has the same move as a button (WCAG 2.5.8's equivalent control), tapped instead
                button = page.locator(f'{ROOT} [data-role="moves"] '
                                      f'button[data-move="{target.get_attribute("data-symbol")}"]')
                if button.count():
                    target = button
            target.scroll_into_view_if_needed()
            if board:
                # a board cell (or its button) on a phone: big enough to tap (WCAG 2.5.8: 24 px)
                # and wholly on the screen, not cut off at the right edge (no sideways scrolling)
                box = target.bounding_box()
                assert box["width"] >= 24 and box["height"] >= 24, box
                assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5, box
            target.tap()
        presses = play_game(page, tap)
        print(f"\nphone: the game ended after {presses} taps")
        screenshot(page, "game_over_phone", full_page=True)
        finish(page, axe, "390x844, taps")
    finally:
        context.close()


def test_a_whole_game_with_the_keyboard_only(browser, voila, axe):
    context, page = sized_page(browser, 1366, 768)
    try:
        page.goto(f"{voila.base}/voila/render/{NOTEBOOK}")
        page.wait_for_selector(f'{ROOT}[data-ready="true"]', timeout=60_000)

        def focus_by_tab(selector: str) -> None:
            """Press Tab until the focus is on (the first of) selector."""
            for _ in range(250):
                if page.evaluate("sel => { const a = document.activeElement;"
                                 " return Boolean(a && a.matches(sel)); }", selector):
                    return
                page.keyboard.press("Tab")
            raise AssertionError(f"Tab never reached {selector}")

        def key(selector: str, board: bool = False) -> None:
            if board:
                # the board is one tab stop (on the first reachable cell); arrows move inside
                focus_by_tab(f'{ROOT} [data-board="game"] [role="gridcell"][tabindex="0"]')
                start = page.evaluate("() => document.activeElement.dataset.symbol")
                page.keyboard.press("ArrowRight")
                page.keyboard.press("ArrowLeft")
                page.keyboard.press("ArrowLeft")
                page.keyboard.press("ArrowRight")
                here = page.evaluate("() => document.activeElement.dataset.symbol")
                if here != start:  # at the edge of a row: the arrows went elsewhere
                    page.keyboard.press("ArrowLeft")
                    here = page.evaluate("() => document.activeElement.dataset.symbol")
                ring = page.evaluate(FOCUS_RING)
                assert ring["width"] >= 3 and ring["page"] >= 3 and ring["cell"] >= 3, ring
                ok = page.evaluate("() => document.activeElement.dataset.reachable === 'true'")
                assert ok or here == start, (start, here)
                if not ok:
                    focus_by_tab(f'{ROOT} [data-board="game"] [role="gridcell"][tabindex="0"]')
                page.keyboard.press("Enter")
                return
            focus_by_tab(selector)
            page.keyboard.press("Enter")
            if "data-trend=" in selector and not escaped and usable(
                    page, '[data-board="game"] [data-reachable="true"]'):
                # Escape takes back a choice not yet sent; Enter (still on the trend) redoes it
                page.keyboard.press("Escape")
                assert usable(page, '[data-board="game"] [data-reachable="true"]') == []
                page.keyboard.press("Enter")
                assert usable(page, '[data-board="game"] [data-reachable="true"]')
                escaped.append(True)

        escaped: list[bool] = []
        page.wait_for_selector(f'{ROOT}[data-my-turn="true"]', timeout=30_000)
        presses = play_game(page, key)
        print(f"\nkeyboard: the game ended after {presses} key-driven actions")
        screenshot(page, "game_over_keyboard", full_page=True)
        finish(page, axe, "1366x768, keyboard")
    finally:
        context.close()
