"""The static dashboard's Explore trends and Element cards tabs, drawn before Python has
started from the data the site build wrote, are held to Python: the data file equals
``periodic_edu.reach`` and ``element()`` for every element and trend in en/uk/de, and the page,
clicked before Python is ready, shows exactly those cells and distances."""
from __future__ import annotations

import json
import re
import time

import pytest

from browser_helpers import axe_source, run_axe, screenshot
from build_site import DATA_FILE  # scripts/, on the path: conftest.py

from periodic_edu import board, i18n, reach
from periodic_edu.chemistry import ELEMENTS, element, element_name
from periodic_edu.locale.widget_texts import DASHBOARD

LANGS = i18n.LANGUAGES
CARD_NUMBERS = ("atomic_number", "period", "group", "atomic_mass", "electronegativity_pauling",
                "electronegativity_allen", "ionization_energy_ev", "atomic_radius_pm",
                "covalent_radius_pm", "electron_affinity_ev", "melting_point_k",
                "boiling_point_k", "density_g_cm3", "discovery_year", "valence_electrons")


def site_data(site_dir, lang: str) -> dict:
    return json.loads((site_dir / DATA_FILE.format(lang=lang)).read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_data_file_is_periodic_edu_reach_and_element(site_dir, lang):
    """Every start cell, trend and number of steps the page can show: the cells it filters out
    of the file (distance <= steps, trend_explorer.js) are periodic_edu.reach's, with the same
    distances; every card's values are element()'s, its name the language's."""
    data = site_data(site_dir, lang)
    table = data["reach_table"]
    assert sorted(table) == sorted(c.symbol for c in board.CELLS)
    for cell in board.CELLS:
        for trend in board.TRENDS:
            row = table[cell.symbol][trend]
            for steps in range(1, board.MAX_STEPS + 1):
                shown = {s: d for s, d in row.items() if d <= steps}
                assert shown == dict(reach(cell.symbol, trend, steps)), (cell.symbol, trend, steps)
    assert [t["id"] for t in data["explorer"]["trend_info"]] == list(board.TRENDS)
    assert len(data["cards"]) == len(ELEMENTS) == 118
    for e in ELEMENTS:
        card = data["cards"][e.symbol]
        truth = element(e.symbol).to_dict()
        for field in CARD_NUMBERS:
            assert card[field] == truth[field], (e.symbol, field)
        assert card["shells"] == list(truth["shells"]), e.symbol
        assert card["electron_configuration"] == truth["electron_configuration"]
        assert card["state_at_25c"] == truth["state_at_25c"]
        assert card["name"] == element_name(e.symbol, lang)
    names = dict(zip(data["explorer"]["elements"]["symbol"], data["explorer"]["elements"]["name"]))
    assert names == {e.symbol: element_name(e.symbol, lang) for e in ELEMENTS}
    assert data["words"]["tab_explore"] == i18n.gettext("widgets", DASHBOARD["tab_explore"], lang)


# Click every board cell, then every trend, reading the cells and distances the page shows
# (the board's own click handler; default steps 5), and the card that follows the explorer.
SWEEP = """([symbols, trends]) => {
  const root = document.querySelector('#explorer');
  const board = root.querySelector('[data-board="main"]');
  const out = {};
  for (const s of symbols) {
    board.querySelector(`[data-symbol="${s}"]`).click();
    out[s] = {card: document.querySelector('#explore-card [data-card-symbol]').dataset.cardSymbol,
              name: document.querySelector('#explore-card [data-field="name"]').textContent};
    for (const t of trends) {
      root.querySelector(`.pe-trends [data-trend="${t}"]`).click();
      out[s][t] = Object.fromEntries([...board.querySelectorAll('[data-distance]')].map(
        (n) => [n.dataset.symbol, Number(n.dataset.distance)]));
      out[s][t + ':current'] = [...board.querySelectorAll('[aria-current="true"]')].map(
        (n) => n.dataset.symbol);
    }
  }
  return out;
}"""


def test_the_explorer_answers_before_python_and_equals_reach_in_every_language(offline_page,
                                                                               site_server):
    page = offline_page
    # Python never starts in this page (its WebAssembly is refused): every click below is
    # answered without it
    page.context.route(re.compile(r".*/pyodide\.asm\.wasm$"), lambda route: route.abort())
    page.goto(f"{site_server.base}/dashboard.html")
    page.wait_for_function("document.body.dataset.firstRenderMs", timeout=60_000)
    main = page.locator('#explorer [data-board="main"]')
    main.locator('[data-symbol="Na"]').click()
    page.locator('#explorer [data-trend="ionization_energy"]').click()
    shown = main.locator("[data-distance]").evaluate_all(
        "ns => Object.fromEntries(ns.map(n => [n.dataset.symbol, Number(n.dataset.distance)]))")
    data = page.evaluate("({...document.body.dataset})")
    assert "pythonReadyMs" not in data, data  # answered with Python still starting
    assert shown == dict(reach("Na", "ionization_energy", 5))
    # the announcement a screen reader hears, as the widget makes it
    said = page.locator('#explorer [data-role="announce"]').text_content()
    assert said.startswith("Increase Ionization Energy from sodium: 12 cells."), said
    print(f"\n[site] first board cell {int(data['firstRenderMs'])} ms after navigation; "
          f"Python not ready yet")
    # the Play tab says Python is starting, with its progress
    page.get_by_role("tab", name="Play").click()
    text = page.locator('[data-python="play"] .pe-python-text').text_content()
    assert text.startswith("Python is starting… ") and text.endswith(" %"), text
    page.get_by_role("tab", name="Explore trends").click()

    symbols = [c.symbol for c in board.CELLS]
    for lang in LANGS:
        if lang != "en":
            page.locator("#language").select_option(lang)
            page.wait_for_function("l => document.querySelector('#explorer [lang]')"
                                   "?.getAttribute('lang') === l", arg=lang)
        got = page.evaluate(SWEEP, [symbols, list(board.TRENDS)])
        for s in symbols:
            assert got[s]["card"] == s and got[s]["name"] == element_name(s, lang)
            for t in board.TRENDS:
                assert got[s][t] == dict(reach(s, t, 5)), (lang, s, t)
                assert got[s][t + ":current"] == [s]
        tabs = page.get_by_role("tab").all_inner_texts()
        assert tabs[0] == i18n.gettext("widgets", DASHBOARD["tab_explore"], lang)
    assert "pythonReadyMs" not in page.evaluate("({...document.body.dataset})")
    assert page.blocked == [] or all("pyodide.asm.wasm" in u for u in page.blocked)
    assert page.js_errors in ([], ["Failed to fetch"])  # only the refused WebAssembly


def test_element_cards_tab_keyboard_and_axe_before_python(offline_page, site_server):
    """The tabs by keyboard alone (arrows), the Element cards tab's picker and card, and axe
    clean on both static tabs, while Python is still starting."""
    page = offline_page
    # Python stays "starting" for the whole test: its WebAssembly is asked for and never
    # answered (no error; a real start beside two axe runs only cost CPU, and could finish
    # before the test's "not ready yet" checks on a fast machine)
    held = []
    page.context.route(re.compile(r".*/pyodide\.asm\.wasm$"), lambda route: held.append(route))
    page.goto(f"{site_server.base}/dashboard.html")
    page.wait_for_function("document.body.dataset.firstRenderMs", timeout=60_000)
    page.get_by_role("tab", name="Explore trends").focus()
    page.keyboard.press("ArrowRight")
    cards_tab = page.get_by_role("tab", name="Element cards")
    assert cards_tab.get_attribute("aria-selected") == "true"
    assert page.evaluate("document.activeElement.id") == "tab-cards"
    assert page.locator("#panel-explore").is_hidden() and page.locator("#panel-cards").is_visible()
    page.get_by_label("Element", exact=True).select_option(label="80 Hg — Mercury")
    card = page.locator('#card [data-card-symbol="Hg"]')
    card.wait_for()
    text = card.inner_text()
    assert "Mercury" in text and "liquid" in text.lower(), text
    mass = card.locator('[data-field="atomic_mass"]').inner_text()
    assert round(element("Hg").atomic_mass, 1) == 200.6 and mass.startswith("200.6 "), mass
    assert "pythonReadyMs" not in page.evaluate("({...document.body.dataset})")
    report = run_axe(page, axe_source())
    bad = [v for v in report["violations"] if v["impact"] in ("critical", "serious")]
    assert not bad, json.dumps(bad, indent=1)[:4000]
    page.keyboard.press("ArrowLeft")
    assert page.get_by_role("tab", name="Explore trends").get_attribute("aria-selected") == "true"
    # an unknown symbol typed in the explorer's box: refused with the widget's words
    box = page.locator('#explorer [data-role="symbol-input"]')
    box.fill("Ce")
    box.press("Enter")
    error = page.locator('#explorer [data-role="error"]')
    assert error.is_visible() and "Ce is not on the game board" in error.inner_text()
    assert page.locator('#explorer [aria-current="true"]').get_attribute("data-symbol") == "Na"
    report = run_axe(page, axe_source())
    bad = [v for v in report["violations"] if v["impact"] in ("critical", "serious")]
    screenshot(page, "site_static_explore_refused")
    assert not bad, json.dumps(bad, indent=1)[:4000]
    assert "pythonReadyMs" not in page.evaluate("({...document.body.dataset})")
    deadline = time.monotonic() + 120
    while not held:  # the page asks for it early in Python's start: the route above is in use
        assert time.monotonic() < deadline, "the page never asked for Python's WebAssembly"
        page.wait_for_timeout(100)
    assert page.blocked == [] and page.js_errors == []
