"""The dashboard for every student (issue 8): axe-core (pinned, injected by playwright) finds
no critical and no serious WCAG 2.2 A/AA violation on each tab, mid-game; a reloaded page
resumes the game from the kernel's save; choosing a trend is announced with its cells.
"""
from __future__ import annotations

import json

import pytest

from browser_helpers import reload_mid_game, run_axe, screenshot, sized_page

pytestmark = pytest.mark.browser

GAME = '[data-widget="game"]'


def axe_report(page, axe, where: str) -> dict:
    report = run_axe(page, axe)
    print(f"\naxe {where}: {report['counts']}")
    bad = [v for v in report["violations"] if v["impact"] in ("critical", "serious")]
    for v in report["violations"]:
        print(f"  {v['impact']:8} {v['id']} x{v['nodes']}: {v['targets'][:3]}")
    return {"counts": report["counts"], "bad": bad}


def open_dashboard(page, dashboard):
    page.goto(dashboard.base + "/")
    page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)


def keep_agenda(page):
    game = page.locator(GAME)
    game.locator('[data-role="agenda"] button[data-action^="a:"]').first.click()
    page.wait_for_selector(f'{GAME}[data-my-turn="true"][data-phase="start"]', timeout=30_000)
    return game


def test_axe_on_every_tab_mid_game(browser, dashboard, axe):
    context, page = sized_page(browser, 1366, 900)
    try:
        open_dashboard(page, dashboard)
        found = {}
        page.click('[data-board="main"] [data-symbol="Na"]')
        page.click('[data-trend="ionization_energy"]')
        found["explore"] = axe_report(page, axe, "Explore trends")
        # a property overlay: viridis fills and hatched "no data" cells keep their text readable
        page.select_option('[data-role="property"]', "melting_point_k")
        page.wait_for_selector('[data-board="main"] .pe-nodata')
        found["explore_overlay"] = axe_report(page, axe, "Explore trends, melting point overlay")
        page.get_by_role("tab", name="Element cards").click()
        page.locator('[data-widget="element-card"][data-card-symbol="Fe"]').wait_for()
        found["cards"] = axe_report(page, axe, "Element cards")
        page.get_by_role("tab", name="Play").click()
        found["play_setup"] = axe_report(page, axe, "Play, setup")
        game = keep_agenda(page)
        game.locator('[data-mode="spend"]').click()
        game.locator('[data-trend="atomic_number"]').click()
        found["play_mid_game"] = axe_report(page, axe, "Play, mid-game (a trend chosen)")
        assert page.js_errors == []
        bad = {k: v["bad"] for k, v in found.items() if v["bad"]}
        assert not bad, json.dumps(bad, indent=1)[:6000]
    finally:
        context.close()


def game_position(page) -> dict:
    return page.eval_on_selector(GAME, """n => ({
        flasks: [...n.querySelectorAll('[data-board="game"] .pe-g-flask')].map(f => [f.dataset.seat, f.closest('[data-symbol]').dataset.symbol]).sort(),
        log: [...n.querySelectorAll('[data-role="log"] li[data-i]')].map(li => li.dataset.i + ':' + li.dataset.kind),
        phase: n.dataset.phase, seat: n.dataset.currentSeat})""")


def test_reload_mid_game_resumes_from_the_kernels_save(browser, dashboard):
    """Reload in round 1 of a game: the page asks before leaving, then offers to resume, and
    the resumed game is the old kernel's save (the browser holds only a token)."""
    context, page = sized_page(browser, 1366, 900)
    try:
        open_dashboard(page, dashboard)
        page.get_by_role("tab", name="Play").click()
        game = keep_agenda(page)
        game.locator('[data-mode="spend"]').click()
        game.locator('[data-trend="atomic_number"]').click()
        game.locator('[data-board="game"] [data-reachable="true"]').first.click()
        page.wait_for_function("() => document.querySelector('[data-widget=\"game\"]')"
                               ".dataset.phase !== 'start' || true")
        page.wait_for_selector(f'{GAME}[data-my-turn="true"]:not([data-phase="start"])',
                               timeout=15_000)
        before = game_position(page)
        token = page.evaluate("() => localStorage.getItem('periodic_edu.resume_token')")
        assert token and len(token) >= 32
        # the browser keeps a token only: no game, no seed in its storage
        storage = page.evaluate("() => JSON.stringify(localStorage)")
        assert "actions" not in storage and "seed" not in storage
        saves = list(dashboard.saves.glob("*.json"))
        # (a finished game's save is a marker without a game: other tests' games end too)
        assert any(json.loads(p.read_text()).get("game") for p in saves)
        assert reload_mid_game(page) == ["beforeunload"]  # leaving mid-game asks first
        # the page opens where the game is: Play, with the offer (no click needed)
        offer = page.locator(f'{GAME} [data-role="resume-offer"]')
        offer.wait_for(timeout=90_000)
        assert page.get_by_role("tab", name="Play").get_attribute("aria-selected") == "true"
        text = page.locator(f'{GAME} [data-role="resume"]').inner_text()
        assert text.startswith("Resume your game (round 1, you vs greedy bot")
        screenshot(page, "dashboard_resume_offer")
        assert game_position(page)["log"] == []  # a fresh game until the person chooses
        page.click(f'{GAME} [data-role="resume"]')
        page.wait_for_function("n => document.querySelectorAll("
                               "'[data-widget=\"game\"] [data-role=\"log\"] li[data-i]').length >= n",
                               arg=len(before["log"]), timeout=30_000)
        after = game_position(page)
        assert after == before
        assert offer.is_hidden()
        assert page.evaluate("() => localStorage.getItem('periodic_edu.resume_token')") == token
        assert page.js_errors == []
    finally:
        context.close()


def test_choosing_a_trend_is_announced_with_its_cells(browser, dashboard):
    context, page = sized_page(browser, 1366, 900)
    try:
        open_dashboard(page, dashboard)
        live = page.locator('[data-widget="trend-explorer"] [data-role="announce"]')
        assert live.get_attribute("aria-live") == "polite"
        page.click('[data-board="main"] [data-symbol="Na"]')
        page.click('[data-trend="ionization_energy"]')
        said = live.inner_text()
        print("\nexplorer announces:", said)
        assert said.startswith("Increase Ionization Energy from sodium: 12 cells. "
                               "1 step: lithium, magnesium. 2 steps: hydrogen, beryllium, aluminium.")
        count = live.get_attribute("data-count")
        page.click('[data-trend="ionization_energy"]')  # the same choice again: nothing new
        assert live.get_attribute("data-count") == count
        # the status line is not a live region (it is re-written on every change)
        assert page.locator('[data-widget="trend-explorer"] [data-role="status"][aria-live]').count() == 0
        # the game: choosing a trend names the cells; a move is announced once
        page.get_by_role("tab", name="Play").click()
        game = keep_agenda(page)
        glive = game.locator('[data-role="announce"]')
        game.locator('[data-mode="spend"]').click()
        game.locator('[data-trend="atomic_number"]').click()
        said = glive.inner_text()
        print("game announces:", said)
        reachable = game.locator('[data-board="game"] [data-reachable="true"]')
        names = [page.get_attribute(f'[data-board="game"] [data-symbol="{s}"]', "title").split(" (")[0].lower()
                 for s in reachable.evaluate_all("ns => ns.map(n => n.dataset.symbol)")]
        assert said.startswith("Spend on Atomic Number from ") and "1 step: " in said
        assert all(n in said for n in names), (names, said)
        n_before = int(glive.get_attribute("data-count"))
        reachable.first.click()
        page.wait_for_function("([sel, n]) => Number(document.querySelector(sel).dataset.count) > n",
                               arg=[f'{GAME} [data-role="announce"]', n_before], timeout=15_000)
        moved = glive.inner_text()
        print("after the move:", moved)
        assert moved.startswith("You ") and "moved" in moved
        time_count = glive.get_attribute("data-count")
        page.wait_for_timeout(700)  # nothing changed: nothing is said again
        assert glive.get_attribute("data-count") == time_count
        # an undo is announced, once
        game.locator('[data-role="undo"]').click()
        page.wait_for_function("([sel, n]) => Number(document.querySelector(sel).dataset.count) > n",
                               arg=[f'{GAME} [data-role="announce"]', int(time_count)], timeout=15_000)
        assert glive.inner_text().startswith("Undone: 1 action taken back")
        undo_count = glive.get_attribute("data-count")
        page.wait_for_timeout(500)
        assert glive.get_attribute("data-count") == undo_count
        assert page.js_errors == []
    finally:
        context.close()


#: WCAG 2.2 SC 1.4.12's spacing, as the W3C's text-spacing bookmarklet injects it
TEXT_SPACING = """* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }"""

#: every element that hides its overflow and holds text, whose content outgrows its box (a
#: 1 px box is text for screen readers only, clipped by design)
CLIPPED = """() => [...document.querySelectorAll('body *')].filter(n => {
  const s = getComputedStyle(n);
  if (!/hidden|clip/.test(s.overflow + s.overflowX + s.overflowY)) return false;
  if (!n.innerText || !n.innerText.trim() || !n.getClientRects().length) return false;
  if (n.clientWidth <= 1 && n.clientHeight <= 1) return false;  // for screen readers only
  const wide = /hidden|clip/.test(s.overflowX) && n.scrollWidth > n.clientWidth + 1;
  const tall = /hidden|clip/.test(s.overflowY) && n.scrollHeight > n.clientHeight + 1;
  return wide || tall;
}).map(n => `${n.className} ${n.dataset.symbol || ''}: ${n.scrollWidth}x${n.scrollHeight} in `
          + `${n.clientWidth}x${n.clientHeight}`)"""


@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_text_spacing_loses_nothing(browser, dashboard, width, height):
    """WCAG 1.4.12: with the criterion's line, letter, word and paragraph spacing forced on
    every element, no text is clipped on Explore (a trend chosen) or on Play mid-game (goal
    cubes, flasks and steps on the board)."""
    context, page = sized_page(browser, width, height)
    try:
        open_dashboard(page, dashboard)
        page.add_style_tag(content=TEXT_SPACING)
        page.click('[data-board="main"] [data-symbol="Na"]')
        page.click('[data-trend="ionization_energy"]')
        page.locator('.pe-trend[data-trend="ionization_energy"][aria-pressed="true"]').wait_for()
        clipped = {"explore": page.evaluate(CLIPPED)}
        page.get_by_role("tab", name="Play").click()
        game = keep_agenda(page)
        page.locator(f'{GAME} [data-board="game"] .pe-g-cube').first.wait_for()
        game.locator('[data-mode="spend"]').click()
        game.locator('[data-trend="atomic_number"]').click()
        page.locator(f'{GAME} [data-board="game"] [data-reachable="true"]').first.wait_for()
        clipped["play"] = page.evaluate(CLIPPED)
        assert clipped == {"explore": [], "play": []}
    finally:
        context.close()
