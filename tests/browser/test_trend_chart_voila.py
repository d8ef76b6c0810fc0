"""TrendChart in a real browser (Voila), on a 360 px phone screen: the SVG fits, it has its
title, description and table, the steps against the arrow are drawn as such, and a click is
answered by Python with a new chart."""
from __future__ import annotations

import pytest

from browser_helpers import screenshot

pytestmark = pytest.mark.browser

CHART = '[data-widget="trend-chart"]'


def test_trend_chart_fits_360px_and_answers_a_click(browser, voila):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{voila.base}/voila/render/trend_chart.ipynb")
        chart = page.locator(CHART)
        chart.locator("svg.pe-chart-svg").wait_for(timeout=90_000)
        svg = chart.locator("svg.pe-chart-svg")
        assert svg.locator("title").first.text_content() == (
            "First ionization energy across period 2")
        assert "Be → B" in svg.locator("desc").text_content()
        steps = chart.locator('svg [data-verdict="disagrees"]').evaluate_all(
            "ns => ns.map(n => n.dataset.step)")
        assert sorted(steps) == ["Be>B", "N>O"]
        assert chart.locator("table tbody tr").count() == 8  # the text alternative
        box = svg.bounding_box()
        assert box and box["width"] >= 280 and box["x"] + box["width"] <= 360, box
        overflow = page.evaluate("document.documentElement.scrollWidth")
        assert overflow <= 360, f"the page scrolls sideways: {overflow} px"
        screenshot(page, "trend_chart_360")

        chart.locator('button[data-along="group"]').click()
        page.wait_for_function(
            "() => document.querySelector('[data-widget=\"trend-chart\"]')"
            ".dataset.along === 'group'", timeout=30_000)
        assert svg.locator("title").first.text_content() == "First ionization energy down group 2"
        assert chart.locator('button[data-along="group"]').get_attribute("aria-pressed") == "true"
        assert errors == []
    finally:
        context.close()
