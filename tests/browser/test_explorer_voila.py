"""The explorer and its linked card in a real Voila page, driven by a real Chromium.

Every figure printed here is also written to artifacts/figures.json.
"""
from __future__ import annotations

import json
import statistics
import time

import pytest

from periodic_edu import board, trends
from periodic_edu.board import RULEBOOK_EXAMPLES

from browser_helpers import MAIN, screenshot, sized_page

pytestmark = pytest.mark.browser

NOTEBOOK = "explorer.ipynb"
READY = '[data-widget="trend-explorer"][data-ready="true"]'
CARD = '[data-widget="element-card"]'



#: data-rendered-at (ms from navigation start) of every page load, first one = cold server
RENDERS: list[float] = []


def open_explorer(page, voila):
    page.goto(f"{voila.base}/voila/render/{NOTEBOOK}")
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_selector(f'{CARD}[data-card-symbol="Na"]')
    RENDERS.append(float(page.get_attribute(READY, "data-rendered-at")))
    return page


@pytest.fixture(scope="module")
def explorer(browser, voila):
    """One explorer page for the tests that only click in it: each starts from the page's
    first state (``page`` below puts it back), so a page load (some 2.5 s of CPU: Chromium,
    server and kernel) is paid once, not per test."""
    context, page = sized_page(browser, 1500, 1100)
    try:
        yield open_explorer(page, voila)
    finally:
        context.close()


@pytest.fixture
def page(explorer):
    """The shared explorer as it opened: no overlay, the default steps, Na and the atomic
    number trend chosen, the card on Na, no error, focus on nothing."""
    explorer.select_option('[data-role="property"]', "")
    steps = explorer.locator('[data-role="steps"]')
    steps.focus()
    explorer.keyboard.press("Home")
    for _ in range(board.DEFAULT_STEPS - 1):
        explorer.keyboard.press("ArrowRight")
    explorer.wait_for_function(
        f"document.querySelector('[data-role=steps]').value === '{board.DEFAULT_STEPS}'")
    click_cell(explorer, "Na")
    explorer.click('[data-trend="atomic_number"]')
    explorer.wait_for_selector(f'{CARD}[data-card-symbol="Na"]')
    explorer.locator(f'{READY} [data-role="error"]').wait_for(state="hidden")
    explorer.evaluate("() => document.activeElement && document.activeElement.blur()")
    assert current(explorer) == ["Na"]
    assert distances(explorer) == dict(board.reach("Na", "atomic_number"))
    explorer.js_errors.clear()
    yield explorer
    assert explorer.js_errors == []


def distances(page) -> dict[str, int]:
    return page.eval_on_selector_all(
        f"{MAIN} [data-distance]",
        "nodes => Object.fromEntries(nodes.map(n => [n.dataset.symbol, Number(n.dataset.distance)]))")


def current(page) -> list[str]:
    return page.eval_on_selector_all(f'{MAIN} [aria-current="true"]',
                                     "nodes => nodes.map(n => n.dataset.symbol)")


def click_cell(page, symbol: str) -> None:
    page.click(f'{MAIN} [data-symbol="{symbol}"]')


def test_rulebook_examples_by_clicking(page):
    for start, trend, expected in RULEBOOK_EXAMPLES:
        click_cell(page, start)
        page.click(f'[data-trend="{trend}"]')
        got = distances(page)
        assert set(got) == expected, (start, trend)
        assert got == dict(board.reach(start, trend)), (start, trend)
        assert current(page) == [start]
        assert page.get_attribute(f'[data-trend="{trend}"]', "aria-pressed") == "true"
        # the account of the data is the one trends.reach_report gives
        report = trends.reach_report(start, trend)
        panel = page.locator('[data-role="report"]')
        for key in ("agrees", "disagrees", "unknown"):
            assert int(panel.get_attribute(f"data-{key}")) == report[key], (start, trend, key)
        steps_against = panel.locator("[data-step]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.step)")
        assert steps_against == [f'{d["from"]}>{d["to"]}' for d in report["step_disagreements"]]
        # the small multiples never use the main board's attributes
        assert page.locator('[data-board="overview"] [data-distance], '
                            '[data-board="overview"] [aria-current]').count() == 0
        overview = page.eval_on_selector_all(
            f'[data-overview-trend="{trend}"] [data-overview-distance]',
            "nodes => Object.fromEntries(nodes.map(n => [n.dataset.symbol, "
            "Number(n.dataset.overviewDistance)]))")
        assert overview == got
        if (start, trend) == ("Na", "ionization_energy"):
            screenshot(page.locator(READY), "explorer_na_ionization_energy")
    # every cell is labelled, and reachable ones say so
    labels = page.eval_on_selector_all(f"{MAIN} [data-symbol]",
                                       "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    assert len(labels) == 118 and all(labels)
    assert page.get_attribute(f'{MAIN} [data-symbol="Mg"]', "aria-label") == \
        "Magnesium, Mg, atomic number 12, reachable in 1 step"  # the last example: from Al
    assert page.get_attribute(f'{MAIN} [data-symbol="Al"]', "aria-label").endswith(", chosen")
    assert "not on the game board" in page.get_attribute(f'{MAIN} [data-symbol="La"]', "aria-label")
    assert page.js_errors == []


def test_steps_control_and_overview_choose_a_trend(page):
    click_cell(page, "Mg")
    page.click('[data-overview-trend="ionization_energy"]')
    assert page.get_attribute('[data-trend="ionization_energy"]', "aria-pressed") == "true"
    page.focus('[data-role="steps"]')
    page.keyboard.press("End")  # 8: a movement extended by the +3 Spaces tile
    page.wait_for_function("document.querySelector('[data-role=steps]').value === '8'")
    assert distances(page) == dict(board.reach("Mg", "ionization_energy", 8))
    page.keyboard.press("Home")
    assert distances(page) == dict(board.reach("Mg", "ionization_energy", 1))


def test_keyboard_moves_focus_and_enter_chooses(page):
    page.focus('[data-role="property"]')
    page.keyboard.press("Tab")  # roving tabindex: Tab lands on the chosen cell
    active = "document.activeElement.dataset.symbol"
    assert page.evaluate(active) == "Na"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(active) == "Mg"
    page.keyboard.press("ArrowUp")
    assert page.evaluate(active) == "Be"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(active) == "B"  # the gap collapses, as on the board
    assert current(page) == ["Na"]  # moving focus chooses nothing
    assert page.locator(f'{MAIN} [tabindex="0"]').count() == 1
    page.keyboard.press("Enter")
    assert current(page) == ["B"]
    assert distances(page) == dict(board.reach("B", "atomic_number"))
    page.keyboard.press("ArrowDown")
    page.keyboard.press(" ")
    assert current(page) == ["Al"]
    page.wait_for_selector(f'{CARD}[data-card-symbol="Al"]')  # Python heard it


def test_property_overlay_hatches_missing_data(page):
    page.select_option('[data-role="property"]', "melting_point_k")
    og = page.locator(f'{MAIN} [data-symbol="Og"]')
    assert "pe-nodata" in og.get_attribute("class")
    assert og.get_attribute("data-value") == ""
    assert "repeating-linear-gradient" in og.evaluate("n => getComputedStyle(n).backgroundImage")
    assert "no data" in og.get_attribute("aria-label")
    fe = page.locator(f'{MAIN} [data-symbol="Fe"]')
    assert float(fe.get_attribute("data-value")) > 1000
    assert fe.evaluate("n => getComputedStyle(n).backgroundImage") == "none"
    assert fe.evaluate("n => getComputedStyle(n).backgroundColor").startswith("rgb(")
    legend = page.locator('[data-role="legend"]')
    assert legend.get_attribute("data-property") == "melting_point_k"
    assert "(K)" in legend.inner_text() and "no data" in legend.inner_text()
    # reach still shows under the overlay
    click_cell(page, "Cl")
    page.click('[data-trend="atomic_mass_decrease"]')
    assert distances(page) == dict(board.reach("Cl", "atomic_mass_decrease"))
    screenshot(page.locator(READY), "explorer_overlay_melting_point")
    page.select_option('[data-role="property"]', "")
    assert page.locator(f"{MAIN} .pe-nodata").count() == 0


def test_linked_card_follows_clicks(page):
    click_cell(page, "Fe")
    card = page.wait_for_selector(f'{CARD}[data-card-symbol="Fe"]')
    assert "Iron" in card.inner_text()
    assert card.eval_on_selector_all(".pe-electron", "n => n.length") == 26
    assert card.eval_on_selector_all(".pe-shell-ring", "n => n.length") == 4
    assert "Period 4 · Group 8" in card.inner_text()
    # successive ionization energies: 26 points coloured by shell, a dashed line at each of
    # the three leaps the data show (into the argon core after 8, then 16, 24), a dotted one
    # where the shell changes without a leap (4s -> 3d after 2), and the same story as text
    chart = card.wait_for_selector('[data-role="ionization"] svg[role="img"]')
    assert chart.eval_on_selector_all(".pe-ie-point", "n => n.length") == 26
    assert chart.eval_on_selector_all(".pe-ie-jump", "n => n.map(x => x.dataset.after)") == [
        "8", "16", "24"]
    assert chart.eval_on_selector_all(".pe-ie-shell", "n => n.map(x => x.dataset.after)") == ["2"]
    label = chart.get_attribute("aria-label")
    assert "after electron 8" in label and "no leap" in label
    assert card.eval_on_selector_all(".pe-ie-table tbody tr", "n => n.length") == 26
    screenshot(page.locator(CARD), "card_fe")
    click_cell(page, "Og")
    card = page.wait_for_selector(f'{CARD}[data-card-symbol="Og"]')
    assert card.query_selector('[data-role="ionization-none"]')  # no values: said, not drawn
    melt = card.query_selector('[data-field="melting_point_k"]').inner_text()
    assert "—" in melt and "not measured" in melt
    assert card.eval_on_selector_all(".pe-electron", "n => n.length") == 118
    assert "predicted" in card.query_selector('[data-field="electron_configuration"]').inner_text()
    screenshot(page.locator(CARD), "card_og")
    # issue 10: the gap says why (no stable anion), a second source shows as a note, and one
    # line tells the two electronegativity scales apart
    click_cell(page, "Kr")
    card = page.wait_for_selector(f'{CARD}[data-card-symbol="Kr"]')
    assert "no stable anion" in card.query_selector(
        '[data-field="electron_affinity_ev"]').inner_text()
    # nothing of the card is cut off at 360 px: no fact is wider than the card
    assert card.evaluate("c => [...c.querySelectorAll('.pe-fact, .pe-fact-note')].every("
                         "f => f.scrollWidth <= c.clientWidth)")
    assert "eV" in card.query_selector('[data-role="en-scales"]').inner_text()
    click_cell(page, "Au")
    card = page.wait_for_selector(f'{CARD}[data-card-symbol="Au"]')
    assert "2.54" in card.query_selector('[data-field="electronegativity_pauling"]').inner_text()
    note = card.query_selector('[data-note-for="electronegativity_pauling"]')
    assert "Pauling's 1960 table gives 2.4" in note.inner_text()
    assert note.get_attribute("title")  # the citation
    assert card.evaluate("c => [...c.querySelectorAll('.pe-fact, .pe-fact-note')].every("
                         "f => f.scrollWidth <= c.clientWidth)")
    screenshot(page.locator(CARD), "card_au")


def test_typed_symbol_and_a_refused_one(page):
    box = page.locator('[data-role="symbol-input"]')
    box.fill("Xx")
    box.press("Enter")
    error = page.locator(f'{READY} [data-role="error"]')
    error.wait_for(state="visible")
    assert "Xx" in error.inner_text()
    assert current(page) == ["Na"]  # Python refused; the old choice stands
    box.fill("cl")
    box.press("Enter")
    assert current(page) == ["Cl"]
    error.wait_for(state="hidden")
    page.wait_for_selector(f'{CARD}[data-card-symbol="Cl"]')


def test_measured_highlight_time_first_render_and_kernel_memory(browser, voila, figures):
    context, page = sized_page(browser, 1500, 1100)  # a page load of its own, timed
    try:
        measure(page, voila, figures)
    finally:
        context.close()


def measure(page, voila, figures) -> None:
    started = time.monotonic()
    open_explorer(page, voila)
    wall = time.monotonic() - started
    rendered_ms = float(page.get_attribute(READY, "data-rendered-at"))  # since navigation start
    own_ms = float(page.get_attribute(READY, "data-render-ms"))  # the explorer's own drawing
    timing = page.evaluate("JSON.stringify(performance.timing)")
    samples, layout = [], []
    for i, symbol in enumerate(["K", "Fe", "Br", "Sn", "Cs"] * 4):
        click_cell(page, symbol)
        count = page.get_attribute(READY, "data-highlight-count")
        samples.append(float(page.get_attribute(READY, "data-last-highlight-ms")))
        layout.append(float(page.get_attribute(READY, "data-last-layout-ms")))
        assert current(page) == [symbol] and int(count) >= i + 1
    median = statistics.median(samples)
    layout_median = statistics.median(layout)
    timing = json.loads(timing)
    response_s = (timing["responseStart"] - timing["navigationStart"]) / 1000
    kernels = voila.kernels()
    assert kernels, "no kernel process found under the voila server"
    rss_mb = kernels[-1].memory_info().rss / 2**20
    figures.update({
        "highlight_ms_median": round(median, 3),
        "highlight_ms_max": round(max(samples), 3),
        "highlight_layout_ms_median": round(layout_median, 3),
        "highlight_clicks": len(samples),
        "voila_first_render_s": round(rendered_ms / 1000, 3),
        "explorer_render_ms": round(own_ms, 1),
        "voila_first_render_cold_s": round(RENDERS[0] / 1000, 3),
        "voila_page_loads": len(RENDERS),
        "voila_first_byte_s": round(response_s, 3),
        "voila_page_wall_s": round(wall, 3),
        "voila_kernel_rss_mb": round(rss_mb, 1),
    })
    print(f"\nhighlight (click -> DOM updated): median {median:.2f} ms, max {max(samples):.2f} ms"
          f" over {len(samples)} clicks; then style+layout median {layout_median:.2f} ms; "
          f"Voila first render {rendered_ms / 1000:.2f} s (navigation start -> widget drawn; "
          f"first byte {response_s:.2f} s; first page load of the session "
          f"{RENDERS[0] / 1000:.2f} s; the explorer's own drawing {own_ms:.1f} ms); "
          f"kernel RSS {rss_mb:.0f} MB")
    assert all(s >= 0 for s in samples)
    assert median <= 16, f"highlighting took {median:.1f} ms (one frame is 16 ms)"
    assert median + layout_median <= 50, "click -> laid out should stay within a few frames"
    assert 0 < rendered_ms < 60_000
    assert 20 < rss_mb < 2000
