"""The workshop dashboard as a visitor sees it: Voila with the repository's own voila.json
serving lessons/dashboard.ipynb, three tabs, no code, a turn played in the Play tab.

Screenshots (artifacts/screenshots/dashboard_*.png) are the README's pictures.
"""
from __future__ import annotations

import json

import pytest

from browser_helpers import REPO, screenshot, play_one_turn, wait_settled

pytestmark = pytest.mark.browser

GAME = '[data-widget="game"]'
#: The JupyterLab extensions a dashboard page loads (voila.json's extension_allowlist).
WIDGET_EXTENSIONS = ["@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8",
                     "anywidget"]


def test_voila_json_is_the_workshop_configuration():
    config = json.loads((REPO / "voila.json").read_text())
    voila, kernels = config["VoilaConfiguration"], config["MappingKernelManager"]
    assert voila["strip_sources"] is True and voila["show_tracebacks"] is False
    assert voila["preheat_kernel"] is True and voila["default_pool_size"] >= 1
    assert kernels["cull_idle_timeout"] > 0 and kernels["cull_interval"] > 0
    # only what the pages draw with: not every JupyterLab extension installed beside Voila
    assert sorted(voila["extension_allowlist"]) == sorted(WIDGET_EXTENSIONS)


def test_dashboard_renders_without_code_and_plays_a_turn(page, dashboard):
    extensions = set()
    page.on("request", lambda r: extensions.add(r.url.split("/labextensions/")[1].rsplit(
        "/static/", 1)[0]) if "/labextensions/" in r.url else None)
    page.goto(dashboard.base + "/")
    page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=60_000)
    # the test environment has more installed (plotly, JupyterLite's kernel, Notebook 7's)
    assert extensions and extensions <= set(WIDGET_EXTENSIONS), extensions
    assert "Culling kernels with idle durations > 600 seconds" in dashboard.log.read_text()
    # no code in sight: strip_sources leaves no input areas
    assert page.locator(".jp-InputArea-editor, .jp-InputPrompt").count() == 0
    assert "dashboard()" not in page.inner_text("body")
    tabs = page.get_by_role("tab")
    assert [t.strip() for t in tabs.all_inner_texts()] == [
        "Explore trends", "Element cards", "Play", "Elemonster", "Check yourself"]
    page.click('[data-board="main"] [data-symbol="Na"]')
    page.click('[data-trend="ionization_energy"]')
    reached = page.eval_on_selector_all('[data-board="main"] [data-distance]',
                                        "ns => ns.map(n => n.dataset.symbol)")
    assert set(reached) == set("H He Li Be B C N Mg Al Si P S".split())
    screenshot(page, "dashboard_explore")

    page.get_by_role("tab", name="Element cards").click()
    page.get_by_label("Element", exact=True).select_option(label="80 Hg — Mercury")
    card = page.locator('[data-widget="element-card"][data-card-symbol="Hg"]')
    card.wait_for(timeout=15_000)
    assert "Mercury" in card.inner_text() and "liquid" in card.inner_text().lower()
    screenshot(page, "dashboard_cards")

    page.get_by_role("tab", name="Play").click()
    game = page.locator(GAME)
    game.wait_for(timeout=30_000)  # the Play tab is built when it is first opened
    # the How to play panel is open for a first game and closes (remembered by the browser)
    help_panel = game.locator('[data-role="help"]')
    help_panel.wait_for(timeout=15_000)
    assert help_panel.is_visible() and "Where points come from" in help_panel.inner_text()
    game.locator('[data-role="help-close"]').click()
    assert help_panel.is_hidden()
    assert game.locator('[data-role="help-open"]').get_attribute("aria-expanded") == "false"
    start, destination = play_one_turn(page, game)
    assert destination != start
    page.wait_for_function(  # the bot's turn follows, with its sentences in the log
        "() => [...document.querySelectorAll('[data-role=\"log\"] li[data-bot]')]"
        ".some(n => n.dataset.kind !== 'agenda')", timeout=30_000)
    wait_settled(page)
    screenshot(page, "dashboard_play")
    assert page.js_errors == []
