"""Trends a blind student can explore (issue 33), in a real Voila page and a real Chromium.

* Hear a trend: pressing "Play period" builds a Web Audio graph with one note per element and
  an earcon where the data dips against the arrow (Be -> B, N -> O), read through the page's
  test hook (window.__periodicSonify), never a sound card.
* Cells that say what a sighted student sees: the focused cell's accessible description, as
  Chromium's accessibility tree computes it, gives value, unit and rank in en, uk and de.
* The game's board says the same of a cell once the player has chosen a trend to move by:
  value, unit, rank, and for a reachable cell its steps and the arrow's verdict (en and uk).
* Self-voicing: with speechSynthesis stubbed in the page, the toggle and ?voicing=1 make the
  page speak those descriptions in its language; the game has its own toggle (off by default)
  that speaks a focused cell and its live region's announcements.
* At 390 px every target is at least 24 x 24 CSS px and the focused control stays in view with
  an on-screen keyboard's space taken (WCAG 2.5.8, 2.4.11); under forced colors every state
  still differs.

One page load per language (explorer, card and game in one notebook): the English page is
shared by the tests of this module.
"""
from __future__ import annotations

import re

import pytest

from periodic_edu import board, i18n, trends
from periodic_edu.chemistry import element
from periodic_edu.widgets._a11y_payload import trend_values
from periodic_edu.widgets._payload import PROPERTIES
from periodic_edu.locale.widget_texts import widget_strings

from browser_helpers import MAIN, check_sizes, sized_page

pytestmark = pytest.mark.browser

NOTEBOOK = "a11y.ipynb"
EXPLORER = '[data-widget="trend-explorer"]'  # the game below it has its own controls
READY = f'{EXPLORER}[data-ready="true"]'
CARD = '[data-widget="element-card"]'
IE = "ionization_energy_ev"

#: speechSynthesis replaced before the page's scripts run: every request is recorded
SPEECH_STUB = """
window.__spoken = [];
const fakeSynth = {
  speak(u) { window.__spoken.push({ text: u.text, lang: u.lang }); },
  cancel() {}, pause() {}, resume() {}, getVoices() { return []; },
  speaking: false, pending: false, paused: false,
};
Object.defineProperty(window, "speechSynthesis", { value: fakeSynth, configurable: true });
"""


def open_page(page, voila, query: str = "lang=en"):
    page.goto(f"{voila.base}/voila/render/{NOTEBOOK}?{query}")
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_selector(f'{CARD}[data-card-symbol="Na"]')
    return page


@pytest.fixture(scope="module")
def en_page(browser, voila):
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    context.add_init_script(SPEECH_STUB)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    try:
        yield open_page(page, voila)
    finally:
        context.close()


# -- what the page should say, built from the catalogs and the element data -----------------
def words(lang: str):
    bundle = widget_strings(lang)

    def say(key: str, **params) -> str:
        text = bundle["text"][key]
        if isinstance(text, dict):  # a plural: the tests use n with the "other"-like forms
            text = text.get("other") or list(text.values())[-1]
        return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), text)
    return say, bundle["decimal_mark"]


def number(value: float, mark: str) -> str:
    """formatNumber of board.js: integers as they are, else 3 significant figures below 1 and
    3, 2, 1 or 0 decimals from 1, 10, 100, 1000 up, trailing zeros dropped."""
    if float(value).is_integer():
        return str(int(value))
    size = abs(value)
    if size < 1:
        return str(float(f"{value:.3g}")).replace(".", mark)
    digits = 0 if size >= 1000 else 1 if size >= 100 else 2 if size >= 10 else 3
    text = f"{value:.{digits}f}"
    return (text.rstrip("0").rstrip(".") if digits else text).replace(".", mark)


def rank(symbol: str, key: str, field: str = IE) -> tuple[int, int, int] | None:
    """(rank from the lowest, how many, line number) of symbol's `field` among the board cells
    of its period or group, straight from the element data; None without a value."""
    here = board.cell(symbol)
    line = [c.symbol for c in board.CELLS if getattr(c, key) == getattr(here, key)]
    values = sorted(getattr(element(s), field) for s in line if getattr(element(s), field) is not None)
    mine = getattr(element(symbol), field)
    return None if mine is None else (values.index(mine) + 1, len(values), getattr(here, key))


def expected_description(lang: str, symbol: str, start: str | None = None,
                         trend: str = "ionization_energy") -> str:
    say, mark = words(lang)
    field = trends.TREND_PROPERTY[trend]
    label = (say("atomic_number") if field == "atomic_number"
             else i18n.gettext("widgets", PROPERTIES[field], lang))
    label = label if lang == "de" else label.lower()  # a German noun keeps its capital
    unit = trend_values()[trend]["unit"]

    def with_unit(v):
        return say("no_data") if v is None else f"{number(v, mark)} {unit}".rstrip()
    parts = [say("describe_value", symbol=symbol, what=label, value=with_unit(getattr(element(symbol), field)))]
    for key, line_key in (("period", "line_period"), ("group", "line_group")):
        if rank(symbol, key, field) is None:
            break
        r, n, line_n = rank(symbol, key, field)
        line = say(line_key, n=line_n)
        parts.append(say("rank_only", line=line) if n == 1 else say("rank_lowest", line=line)
                     if r == 1 else say("rank_highest", line=line) if r == n
                     else say("rank_nth", rank=r, n=n, line=line))
    if start:
        check = trends.check_step(trend, start, symbol)  # Python's own verdict on the step
        parts.append(say(f"arrow_{check.verdict}", **{"from": start}, before=with_unit(check.before),
                         after=with_unit(check.after)))
    return ", ".join(parts)


def focused_cell(page) -> dict:
    """The focused grid cell as Chromium's accessibility tree has it (name, description)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    for n in nodes:
        focused = any(p["name"] == "focused" and p["value"]["value"] for p in n.get("properties", []))
        if focused and n.get("role", {}).get("value") == "gridcell":
            return {"name": n["name"]["value"], "description": n.get("description", {}).get("value", "")}
    raise AssertionError("no grid cell has focus")


def tab_to_chosen_cell(page) -> None:
    page.focus(f'{EXPLORER} [data-role="property"]')
    for _ in range(2):  # roving tabindex: Tab lands on the chosen cell (on a phone, the
        page.keyboard.press("Tab")  # board's scroll region takes one Tab first)
        if page.evaluate("document.activeElement.dataset.symbol"):
            break
    assert page.evaluate("document.activeElement.dataset.symbol") == "Na"


def last_melody(page) -> dict:
    return page.evaluate("window.__periodicSonify.last")


# -- 1. hear a trend ----------------------------------------------------------------------------
def expected_earcons(symbols: list[str], expect: int) -> list[str]:
    known = [(s, getattr(element(s), IE)) for s in symbols if getattr(element(s), IE) is not None]
    return [f"{a}>{b}" for (a, va), (b, vb) in zip(known, known[1:]) if (vb - va) * expect < 0]


def test_play_period_two_builds_notes_and_earcons_at_be_b_and_n_o(en_page):
    page = en_page
    page.click(f'{MAIN} [data-symbol="Be"]')
    page.locator(f'{EXPLORER} [data-role="sound"]').get_by_role("button", name="▶ Play period 2").click()  # a tap
    melody = last_melody(page)
    period2 = ["Li", "Be", "B", "C", "N", "O", "F", "Ne"]
    assert [n["symbol"] for n in melody["notes"]] == period2
    assert melody["earcons"] == ["Be>B", "N>O"] == expected_earcons(period2, +1)
    assert melody["audio"] is True and melody["seconds"] <= 3
    graph = melody["graph"]  # what the page built on its AudioContext
    assert [g["symbol"] for g in graph if g["kind"] == "note"] == period2
    assert all(g["type"] == "sine" for g in graph if g["kind"] == "note")
    assert [g["between"] for g in graph if g["kind"] == "earcon"] == ["Be>B", "N>O"]
    freqs = [n["freq"] for n in melody["notes"]]
    assert min(freqs) == 200 and max(freqs) == 2000  # Li lowest, Ne highest
    assert freqs[period2.index("B")] < freqs[period2.index("Be")]  # the dip is heard
    root = page.locator(READY)
    assert root.get_attribute("data-sonify-notes") == "8"
    assert root.get_attribute("data-sonify-earcons") == "Be>B N>O"
    said = page.locator(f'{EXPLORER} [data-role="announce"]').inner_text()
    assert "8 notes" in said and "Be → B, N → O" in said

    # by keyboard: G on a focused cell plays its group, top to bottom (ionization energy
    # should fall down a group: a rise is against the arrow)
    page.focus(f'{MAIN} [data-symbol="Be"]')
    page.keyboard.press("g")
    group2 = [c.symbol for c in sorted(board.CELLS, key=lambda c: c.period) if c.group == 2]
    melody = last_melody(page)
    assert [n["symbol"] for n in melody["notes"]] == group2
    assert melody["earcons"] == expected_earcons(group2, -1)

    # the move: where Increase Ionization Energy takes the flask from Be, each place compared
    # with Be (an earcon where the value is below Be's)
    page.click(f'{EXPLORER} [data-play="path"]')
    melody = last_melody(page)
    reach = board.reach("Be", "ionization_energy", board.DEFAULT_STEPS)
    assert [n["symbol"] for n in melody["notes"]][0] == "Be"
    assert sorted(n["symbol"] for n in melody["notes"]) == sorted(["Be", *reach])
    start = getattr(element("Be"), IE)
    assert sorted(e.split(">")[1] for e in melody["earcons"]) == sorted(
        s for s in reach if getattr(element(s), IE) < start)

    # the element card (it follows the chosen Be) plays the same period
    page.locator(f'{CARD}[data-card-symbol="Be"] [data-play="period"]').click()
    melody = last_melody(page)
    assert melody["source"] == "card:period:Be"
    assert melody["earcons"] == ["Be>B", "N>O"] and len(melody["notes"]) == 8
    assert "Be → B, N → O" in page.locator('[data-role="card-sound-said"]').inner_text()
    page.click(f'{MAIN} [data-symbol="Na"]')
    assert page.js_errors == []


# -- 2 and 3. descriptions, speech --------------------------------------------------------------
def test_focused_na_describes_value_unit_rank_and_the_arrow_in_english(en_page):
    page = en_page
    page.click(f'{MAIN} [data-symbol="Na"]')
    tab_to_chosen_cell(page)
    cell = focused_cell(page)
    assert cell["name"].startswith("Sodium, Na, atomic number 11")
    assert cell["description"] == expected_description("en", "Na")
    assert cell["description"].startswith("Na, first ionization energy 5.139 eV, lowest in period 3")
    page.keyboard.press("ArrowRight")  # Mg: one step right of Na, along the arrow
    cell = focused_cell(page)
    assert cell["description"] == expected_description("en", "Mg", start="Na")
    assert "the arrow and the data agree" in cell["description"]


def test_voicing_toggle_speaks_descriptions_and_announcements(en_page):
    page = en_page
    page.click(f'{MAIN} [data-symbol="Na"]')
    toggle = page.locator(EXPLORER).get_by_role("button", name="Speak aloud")
    assert toggle.get_attribute("aria-pressed") == "false"  # off by default
    page.evaluate("window.__spoken.length = 0")
    tab_to_chosen_cell(page)
    assert page.evaluate("window.__spoken") == []  # nothing spoken while off
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.__spoken") == [{"text": "Speaking aloud.", "lang": "en-GB"}]
    tab_to_chosen_cell(page)
    page.keyboard.press("ArrowUp")  # Li: one step up from Na, along the arrow (up and right)
    spoken = page.evaluate("window.__spoken")[-1]
    assert spoken["lang"] == "en-GB"
    assert spoken["text"].startswith("Lithium, Li, atomic number 3")
    assert spoken["text"].endswith(expected_description("en", "Li", start="Na"))
    page.keyboard.press("Enter")  # choose Li: the live region's account is spoken too
    page.wait_for_function("window.__spoken.some(s => s.text.startsWith('Increase Ionization Energy from lithium'))")
    toggle.click()
    count = page.evaluate("window.__spoken.length")
    page.focus(f'{MAIN} [data-symbol="Be"]')
    assert page.evaluate("window.__spoken.length") == count  # off again: silent
    page.click(f'{MAIN} [data-symbol="Na"]')
    assert page.js_errors == []


def test_ukrainian_page_speaks_ukrainian_and_its_game_board_describes_cells(browser, voila):
    context, page = sized_page(browser, 1366, 900)
    context.add_init_script(SPEECH_STUB)
    try:
        open_page(page, voila, "lang=uk&voicing=1")
        toggle = page.locator(f'{EXPLORER} [data-role="voicing"]')
        assert toggle.get_attribute("aria-pressed") == "true"  # ?voicing=1
        tab_to_chosen_cell(page)
        cell = focused_cell(page)
        expected = expected_description("uk", "Na")
        assert cell["description"] == expected
        assert "5,139 eV" in expected and "найменше в періоді 3" in expected
        spoken = page.evaluate("window.__spoken")[-1]
        assert spoken["lang"] == "uk-UA" and spoken["text"].endswith(expected)
        assert spoken["text"].startswith("Натрій, Na")
        trend, flask, _ = choose_game_trend(page)  # the game's board says the same, in Ukrainian
        check_game_cell_descriptions(page, "uk", trend, flask)
        # ?voicing=1 turns the game's own toggle on too: the flask's cell, focused last, is spoken
        assert page.locator(f'{GAME} [data-role="voicing"]').get_attribute("aria-pressed") == "true"
        spoken = page.evaluate("window.__spoken")[-1]
        assert spoken["lang"] == "uk-UA"
        assert spoken["text"].endswith(expected_description("uk", flask, trend=trend))
        assert page.js_errors == []
    finally:
        context.close()


# -- 4 and 5. 390 px: target sizes, focus not obscured; German ------------------------------------
def test_german_phone_targets_focus_in_view_and_description(browser, voila, figures):
    context, page = sized_page(browser, 390, 844, touch=True)
    try:
        open_page(page, voila, "lang=de")
        # WCAG 2.5.8: every control at least 24 x 24 CSS px (and no text below 10 px)
        check_sizes(page, ".pe-explorer, .pe-card", "explorer and card at 390 px")
        sizes = page.evaluate("""() => [...document.querySelectorAll(
            '.pe-explorer button, .pe-explorer input, .pe-explorer select, .pe-explorer [role=gridcell],'
            + ' .pe-card button, .pe-card summary')].map(n => n.getBoundingClientRect())
            .filter(r => r.width > 0).map(r => Math.min(r.width, r.height))""")
        figures["a11y_smallest_target_390_px"] = min(sizes)
        assert min(sizes) >= 24, min(sizes)
        tab_to_chosen_cell(page)
        assert focused_cell(page)["description"] == expected_description("de", "Na")
        assert "niedrigster Wert in Periode 3" in expected_description("de", "Na")
        # WCAG 2.4.11 with an on-screen keyboard: 336 px of the 844 taken; Tab through every
        # control of the widgets and find each focused one at least partly in view, on top
        page.set_viewport_size({"width": 390, "height": 844 - 336})
        page.focus(f'{EXPLORER} [data-role="symbol-input"]')
        seen = []
        for _ in range(80):
            state = page.evaluate("""() => {
                const n = document.activeElement;
                if (!n || !n.closest('.pe-explorer, .pe-card')) return null;
                const r = n.getBoundingClientRect();
                const top = Math.max(0, r.top), bottom = Math.min(innerHeight, r.bottom);
                const left = Math.max(0, r.left), right = Math.min(innerWidth, r.right);
                const hit = bottom > top && right > left
                  ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2) : null;
                return {what: n.tagName + '.' + n.className + ' ' + (n.dataset.symbol || ''),
                        visible: bottom > top && right > left, onTop: Boolean(hit && (n.contains(hit) || hit.contains(n)))};
            }""")
            if state is None:
                break
            seen.append(state)
            page.keyboard.press("Tab")
        print(f"\n2.4.11 at 390x508: {len(seen)} focus stops, all in view and on top")
        assert len(seen) >= 10, seen
        hidden = [s for s in seen if not (s["visible"] and s["onTop"])]
        assert hidden == [], hidden
        assert page.js_errors == []
    finally:
        context.close()


def test_forced_colors_keep_every_state_distinct(en_page):
    page = en_page
    page.click(f'{MAIN} [data-symbol="Na"]')
    page.click(f'{EXPLORER} [data-trend="ionization_energy"]')
    page.emulate_media(forced_colors="active")
    try:
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        look = """(sel) => { const n = document.querySelector(sel); const cs = getComputedStyle(n);
            return [cs.borderTopStyle, cs.borderTopWidth, cs.backgroundColor, cs.color].join(' | '); }"""
        reach = board.reach("Na", "ionization_energy")
        unreached = next(c.symbol for c in board.CELLS if c.symbol not in reach and c.symbol != "Na")
        cells = {state: page.evaluate(look, f'{MAIN} [data-symbol="{s}"]') for state, s in
                 (("chosen", "Na"), ("reachable", next(iter(reach))), ("unreached", unreached))}
        print("\nforced colors:", cells)
        assert len(set(cells.values())) == 3, cells
        buttons = {state: page.evaluate(look, f'{EXPLORER} [data-trend="{t}"]') for state, t in
                   (("pressed", "ionization_energy"), ("not pressed", "atomic_number"))}
        assert len(set(buttons.values())) == 2, buttons
        toggle = f'{EXPLORER} [data-role="voicing"]'
        off = page.evaluate(look, toggle)
        page.click(toggle)
        on = page.evaluate(look, toggle)
        page.click(toggle)
        assert on != off
        minis = {state: page.evaluate(look, f'[data-overview-trend="ionization_energy"] {sel}') for state, sel in
                 (("current", ".pe-overview-current"), ("reachable", "[data-overview-distance]"),
                  ("other", f'[data-symbol="{unreached}"]'))}
        assert len(set(minis.values())) == 3, minis
        # families by shape, not only tint: each family its own mark in the cell
        marks = page.evaluate(f"""() => Object.fromEntries([...document.querySelectorAll('{MAIN} .pe-grid:not(.pe-fblock) [data-symbol]')]
            .map(n => [n.dataset.family, getComputedStyle(n, '::after').content]))""")
        assert len(marks) >= 8 and len(set(marks.values())) == len(marks), marks
        assert all(m not in ("none", "normal", '""') for m in marks.values()), marks
    finally:
        page.emulate_media(forced_colors="none")


# -- the game: hear and read where the chosen trend takes the flask -----------------------------
GAME = '[data-widget="game"]'
LIT = '[data-board="game"] [data-reachable="true"]'


def choose_game_trend(page) -> tuple[str, str, list[str]]:
    """Ada chooses her agenda, then the first trend that reaches a cell from her flask:
    (trend, flask, the lit cells)."""
    page.wait_for_selector(f'{GAME}[data-ready="true"]', timeout=60_000)
    page.click(f'{GAME} [data-role="agenda"] button[data-action^="a:"]')
    page.wait_for_selector(f'{GAME}[data-my-turn="true"][data-phase="start"]', timeout=30_000)
    assert page.locator(f'{GAME} [data-play="reach"]').is_hidden()  # nothing lit, nothing to play
    page.click(f'{GAME} [data-mode="spend"]')
    for trend in ("ionization_energy", "atomic_radius", "atomic_mass_increase",
                  "atomic_mass_decrease", "atomic_number"):
        page.click(f'{GAME} button[data-trend="{trend}"]')
        if page.locator(LIT).count():
            break
        page.click(f'{GAME} button[data-trend="{trend}"]')  # a second click clears it
    targets = page.eval_on_selector_all(LIT, "ns => ns.map(n => n.dataset.symbol)")
    assert targets, "no trend reaches a cell from the flask"
    flask = page.eval_on_selector(f'{GAME} [data-board="game"] [aria-current="true"]', "n => n.dataset.symbol")
    return trend, flask, targets


def check_game_cell_descriptions(page, lang: str, trend: str, flask: str) -> None:
    """The farthest reachable cell: steps in its name, value, unit, rank and the arrow's verdict
    from the flask in its description; the flask's own cell: value and rank, no verdict."""
    say, _ = words(lang)
    steps = dict(board.reach(flask, trend))
    target = max(steps, key=lambda s: (steps[s], s))
    page.focus(f'{GAME} [data-board="game"] [data-symbol="{target}"]')
    cell = focused_cell(page)
    plural = widget_strings(lang)["text"]["n_steps"]
    k = steps[target]
    form = plural["one"] if k == 1 else plural.get("few" if 2 <= k % 10 <= 4 and lang == "uk" else "other")
    assert say("label_reach_steps", steps=form.replace("{n}", str(k))) in cell["name"], cell
    assert cell["description"] == expected_description(lang, target, start=flask, trend=trend)
    assert cell["description"].startswith(target) and f" {flask} " in cell["description"]
    page.focus(f'{GAME} [data-board="game"] [data-symbol="{flask}"]')
    assert focused_cell(page)["description"] == expected_description(lang, flask, trend=trend)


def check_game_voicing(page, trend: str, flask: str) -> None:
    """The game's own *Speak aloud*: silent while off (the default); on, a focused reachable
    cell's name and description and the live region's announcement are spoken; off, silent."""
    steps = dict(board.reach(flask, trend))
    target = max(steps, key=lambda s: (steps[s], s))
    cell = f'{GAME} [data-board="game"] [data-symbol="{target}"]'
    toggle = page.locator(GAME).get_by_role("button", name="Speak aloud")
    assert toggle.get_attribute("aria-pressed") == "false"  # off by default
    page.evaluate("window.__spoken.length = 0")
    page.focus(cell)
    assert page.evaluate("window.__spoken") == []  # nothing spoken while off
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.__spoken") == [{"text": "Speaking aloud.", "lang": "en-GB"}]
    page.focus(cell)
    name = page.eval_on_selector(cell, "n => n.getAttribute('aria-label')")
    spoken = page.evaluate("window.__spoken")[-1]
    assert spoken == {"text": f"{name}. {expected_description('en', target, start=flask, trend=trend)}",
                      "lang": "en-GB"}
    page.click(f'{GAME} button[data-trend="{trend}"]')  # cleared and chosen again: its account
    page.click(f'{GAME} button[data-trend="{trend}"]')  # in the live region is spoken too
    announced = page.locator(f'{GAME} [data-role="announce"]').inner_text()
    assert announced and page.evaluate("window.__spoken")[-1]["text"] == announced
    toggle.click()
    count = page.evaluate("window.__spoken.length")
    page.focus(cell)
    assert page.evaluate("window.__spoken.length") == count  # off again: silent


def test_game_board_plays_and_describes_the_reachable_cells(en_page):
    page = en_page
    trend, flask, targets = choose_game_trend(page)
    check_game_cell_descriptions(page, "en", trend, flask)
    page.locator(f'{GAME} [data-play="reach"]').click()
    melody = last_melody(page)
    assert melody["source"] == f"game:{trend}:{flask}"
    field = trends.TREND_PROPERTY[trend]

    def value(s):
        return board.cell(s).atomic_number if field == "atomic_number" else getattr(element(s), field)
    played = [s for s in [flask, *targets] if value(s) is not None]
    assert melody["notes"][0]["symbol"] == flask
    assert sorted(n["symbol"] for n in melody["notes"]) == sorted(played)
    sign = trends.TREND_SIGN[trend]
    assert sorted(e.split(">")[1] for e in melody["earcons"]) == sorted(
        s for s in played[1:] if (value(s) - value(flask)) * sign < 0)
    said = page.locator(f'{GAME} [data-role="reach-sound-said"]').inner_text()
    assert f"from {flask}" in said and f"{len(melody['notes'])} note" in said
    check_game_voicing(page, trend, flask)
    page.click(f'{GAME} button[data-trend="{trend}"]')  # cleared: nothing chosen, nothing said
    page.focus(f'{GAME} [data-board="game"] [data-symbol="{flask}"]')
    assert focused_cell(page)["description"] == ""
    assert page.js_errors == []
