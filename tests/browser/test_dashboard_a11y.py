"""The dashboard for every student (issue 8): axe-core (pinned, injected by playwright) finds
no critical and no serious WCAG 2.2 A/AA violation on each tab, mid-game; a reloaded page
resumes the game from the kernel's save; choosing a trend is announced with its cells.
"""
from __future__ import annotations

import json

import pytest

from browser_helpers import run_axe, screenshot, sized_page

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
