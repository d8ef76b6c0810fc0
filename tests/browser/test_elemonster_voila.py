"""A whole game of Elemonster on the dashboard's fourth tab, clicked by a real Chromium.

The dashboard (lessons/dashboard.ipynb, served as scripts/run does) opens its "Elemonster" tab:
you against the greedy bot, beginner variant. The test plays every one of the person's
decisions by clicking or by the keyboard (a bond when one is offered, a parry that beats, else
the first offered choice), lets the bot's turns arrive by the browser's own timer, and ends
at the final scores. axe-core runs on the tab mid-game and at the end (0 critical, 0 serious);
screenshots at 390x844 and 1366x768 go to artifacts/screenshots/elemonster_*.png.
"""
from __future__ import annotations

import re
import time

import pytest

from browser_helpers import reload_mid_game, run_axe, screenshot, sized_page, wait_settled
from elemonster_helpers import catalog_words  # tests/elemonster, on the path: conftest.py

pytestmark = pytest.mark.browser

ROOT = '[data-widget="elemonster"]'
READY = f'{ROOT}[data-ready="true"]'


def state(page, root: str = ROOT) -> dict:
    return page.eval_on_selector(root, "n => ({...n.dataset})")


def choose(page, n: int, root: str = ROOT):
    """The button a player would pick: a bond, a beating parry, then anything offered."""
    for selector in (f'{root} [data-role="bonds-legal"] button[data-action]',
                     f'{root} [data-role="compare"] button[data-action]',
                     f'{root} [data-role="other"] button[data-action]',
                     f'{root} [data-role="discard"] button[data-action]',
                     f'{root} [data-role="attack-go"]'):  # after declaring an attack special
        buttons = page.locator(selector)
        if buttons.count():
            return buttons.first
    raise AssertionError(f"decision {n}: no choice offered: {state(page, root)}")


def check_sizes(page) -> None:
    """Text >= 10 px, buttons and selects >= 24 px, nothing wider than the tab."""
    bad = page.evaluate("""(sel) => {
      const root = document.querySelector(sel);
      const out = [];
      for (const n of root.querySelectorAll('*')) {
        const r = n.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const own = [...n.childNodes].some(c => c.nodeType === 3 && c.textContent.trim());
        if (own && parseFloat(getComputedStyle(n).fontSize) < 10) out.push('small text: ' + n.textContent.slice(0, 30));
        if (/^(BUTTON|SELECT)$/.test(n.tagName) && (r.height < 24 || r.width < 24)) out.push('small target: ' + n.textContent.slice(0, 30));
      }
      if (root.scrollWidth > root.clientWidth + 1) {
        const edge = root.getBoundingClientRect().right + 1;
        const wide = [...root.querySelectorAll('*')].filter(n => n.getBoundingClientRect().right > edge)
          .slice(-2).map(n => n.tagName + '.' + n.className + ': ' + (n.textContent || '').slice(0, 40));
        out.push('overflows: ' + root.scrollWidth + ' > ' + root.clientWidth + ' ' + wide.join(' | '));
      }
      return out;
    }""", ROOT)
    assert bad == [], bad[:8]


def check_sizes_at(page, width: int, height: int) -> None:
    """:func:`check_sizes` once the tab has reflowed to a ``width`` x ``height`` window."""
    page.set_viewport_size({"width": width, "height": height})
    wait_settled(page)
    check_sizes(page)


def test_a_whole_elemonster_game_on_the_fourth_tab(browser, dashboard, axe, figures):
    context, page = sized_page(browser, 1366, 768)
    try:
        page.goto(dashboard.base + "/")
        tab = page.get_by_role("tab", name="Elemonster")
        tab.wait_for(timeout=60_000)
        tab.click()
        page.wait_for_selector(READY, timeout=30_000)
        assert page.js_errors == []
        assert page.get_attribute(ROOT, "lang") == "en"
        assert page.is_hidden(f'{ROOT} [data-role="error"]')
        # the person's hand is drawn with the Elemonster card: values side by side, shell
        hand = page.locator(f'{ROOT} [data-role="hand"] .em-card')
        assert hand.count() == 6  # five dealt and the first turn's draw (beginner: no multipliers)
        text = hand.first.inner_text().lower()
        assert "attack" in text and "defence" in text and "outer shell" in text
        started = time.monotonic()
        decisions = by_keyboard = 0
        axe_mid = None
        while True:
            page.wait_for_function(
                "(sel) => { const d = document.querySelector(sel).dataset; "
                "return d.over === 'true' || (d.myTurn === 'true' && d.botPending === 'false'); }",
                arg=ROOT, timeout=60_000)
            s = state(page)
            if s["over"] == "true":
                break
            rev = int(s["revision"])
            button = choose(page, decisions)
            if decisions % 3 == 1:  # every third decision by the keyboard: focus, Enter
                button.focus()
                page.keyboard.press("Enter")
                by_keyboard += 1
            else:
                button.click()
            decisions += 1
            page.wait_for_function(
                "([sel, rev]) => Number(document.querySelector(sel).dataset.revision) > rev",
                arg=[ROOT, rev], timeout=30_000)
            assert page.is_hidden(f'{ROOT} [data-role="error"]'), page.inner_text(
                f'{ROOT} [data-role="error"]')
            if decisions == 6:
                axe_mid = run_axe(page, axe, ROOT)
                check_sizes(page)
            assert decisions < 400, "the game does not end"
        seconds = time.monotonic() - started
        final = page.locator(f'{ROOT} [data-role="final"]')
        assert "won" in final.inner_text()
        assert final.locator("li").count() == 2
        # why it ended, and the buttons of a finished game: no bots to pause or step
        assert final.locator('[data-role="ended-by"]').inner_text().startswith("The game ended: ")
        assert page.locator(f'{ROOT} [data-role="pause"]').count() == 0
        assert page.locator(f'{ROOT} [data-role="step"]').count() == 0
        assert "em-go" in page.get_attribute(f'{ROOT} [data-role="new-game"]', "class")
        log = page.locator(f'{ROOT} [data-role="log"] li')
        assert log.count() > decisions  # the bot's moves are there too, with their sentences
        assert page.locator(f'{ROOT} [data-role="log"] li[data-bot="greedy"]').count() > 0
        announced = page.eval_on_selector(f'{ROOT} [aria-live="polite"]', "n => n.dataset.count")
        assert int(announced) > 3
        assert by_keyboard > 0
        assert axe_mid is not None, "the game ended before the sixth decision"
        assert axe_mid["counts"]["critical"] == 0 and axe_mid["counts"]["serious"] == 0, \
            axe_mid["violations"]
        axe_end = run_axe(page, axe, ROOT)
        assert axe_end["counts"]["critical"] == 0 and axe_end["counts"]["serious"] == 0, \
            [(v["id"], v["targets"]) for v in axe_end["violations"]]
        figures["elemonster_browser_game"] = {"decisions": decisions, "seconds": round(seconds, 1)}
        check_sizes(page)
        screenshot(page, "elemonster_1366x768")
        check_sizes_at(page, 390, 844)
        screenshot(page, "elemonster_390x844")
        check_sizes_at(page, 360, 740)  # the narrowest phone we support
        assert page.js_errors == []
    finally:
        context.close()


def test_escape_and_arrows_on_the_elemonster_tab(browser, dashboard):
    context, page = sized_page(browser, 390, 844, touch=True)
    try:
        page.goto(dashboard.base + "/")
        tab = page.get_by_role("tab", name="Elemonster")
        tab.wait_for(timeout=60_000)
        tab.click()
        page.wait_for_selector(f'{READY}[data-my-turn="true"]', timeout=30_000)
        assert page.js_errors == []
        # the discard choices, or (when the first draw started a decay or an exchange offer)
        # the group of choices that prompt brings: any group of two or more options
        groups = [g for g in page.locator(f'{ROOT} .em-options').all()
                  if g.locator("button").count() >= 2]
        assert groups, "no group of options to move through"
        options = groups[-1].locator("button")
        options.first.focus()
        page.keyboard.press("ArrowDown")
        assert page.evaluate("() => document.activeElement.dataset.action") == \
            options.nth(1).get_attribute("data-action")
        page.keyboard.press("Escape")
        first = page.locator(f'{ROOT} [data-role="choices"] button, '
                             f'{ROOT} [data-role="choices"] select').first
        assert page.evaluate("(n) => n === document.activeElement", first.element_handle())
        # the bond workbench explains a pair with the engine's own words
        verdicts = page.locator(f'{ROOT} [data-role="verdicts"] li')
        assert verdicts.count() == 4
        screenshot(page, "elemonster_390x844_start")
        assert page.js_errors == []
    finally:
        context.close()


def test_the_elemonster_card_alone(browser, voila, axe):
    """ElementCard("Fe", style="elemonster") in its own notebook: every legend field, the
    symbols as words, the sources; axe clean."""
    context, page = sized_page(browser, 1366, 768)
    try:
        page.goto(f"{voila.base}/voila/render/elemonster_card.ipynb")
        card = page.locator('[data-widget="element-card"][data-card-symbol="Fe"] .em-card.em-full')
        card.wait_for(timeout=60_000)
        assert page.js_errors == []
        text = card.inner_text()
        for words in ("Iron", "1.83", "1.58", "2 of 8 electrons, 6 gaps", "metal (square)",
                      "Atomic mass", "55.84", "1538 °C", "In a 70 kg human", "4.2 g",
                      "magnetic", "heart (essential to life)", "engineering material",
                      "Found native", "Sources"):
            assert words in text, words
        # each symbol is read as words: the glyph is hidden from screen readers
        glyphs = card.locator(".em-glyph")
        assert glyphs.count() == 3
        assert all(g.get_attribute("aria-hidden") == "true" for g in glyphs.all())
        card.locator("details.em-sources summary").click()
        assert "Emsley" in card.locator("details.em-sources").inner_text()
        result = run_axe(page, axe, '[data-widget="element-card"]')
        assert result["counts"]["critical"] == 0 and result["counts"]["serious"] == 0, \
            [(v["id"], v["targets"]) for v in result["violations"]]
        screenshot(page, "elemonster_card_fe")
        assert page.js_errors == []
    finally:
        context.close()


# ---- the Elemonster tab in Ukrainian and German -------------------------------------------------
TAB_TITLES = {"uk": "Властивості|Елементи|Гра|Elemonster|Перевір себе",
              "de": "Trends erkunden|Elementkarten|Spielen|Elemonster|Teste dich selbst"}


def visible_english(page, lang: str) -> set[str]:
    """English words of the elemonster catalog on the tab ("Elemonster" is the game's name; on
    the German page a word the German catalog uses too, e.g. "neutral", is German)."""
    import re
    english = catalog_words("en", 4) - {"elemonster"}
    if lang == "de":
        english -= catalog_words("de", 4)
    text = page.inner_text(ROOT)
    found = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in english}
    if found:
        print(text)
    return found


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_the_elemonster_tab_in_a_language(browser, dashboard, lang):
    """?lang=uk / ?lang=de: the tab shows no English word of the elemonster catalog, a move is
    played, a refusal would say its reason in the language, and the layout holds at 390 px."""
    context, page = sized_page(browser, 390, 844, touch=True)
    try:
        page.goto(f"{dashboard.base}/?lang={lang}")
        page.wait_for_function(  # the kernel switches in place once Voila hands it the query
            "t => [...document.querySelectorAll('[role=tab]')].map(n => n.innerText.trim())"
            ".join('|') === t", arg=TAB_TITLES[lang], timeout=90_000)
        page.get_by_role("tab", name="Elemonster").click()
        page.wait_for_selector(f'{READY}[lang="{lang}"][data-my-turn="true"]', timeout=30_000)
        assert page.js_errors == []
        assert visible_english(page, lang) == set()
        # the card's plural and decimal mark: "… 6 вільних місць" / "6 Lücken", "1,83"
        hand = page.locator(f'{ROOT} [data-role="hand"] .em-card').first.inner_text()
        assert ("вільн" in hand) if lang == "uk" else ("Lücke" in hand), hand
        assert re.search(r"\d,\d", hand), hand
        # play until the bot has answered: its sentence in the log is in the language too
        for n in range(60):
            if page.locator(f'{ROOT} [data-role="log"] li[data-bot="greedy"]').count():
                break
            page.wait_for_function(
                "(sel) => { const d = document.querySelector(sel).dataset; "
                "return d.over === 'true' || (d.myTurn === 'true' && d.botPending === 'false'); }",
                arg=ROOT, timeout=30_000)
            if page.locator(f'{ROOT} [data-role="log"] li[data-bot="greedy"]').count():
                break
            rev = int(state(page)["revision"])
            choose(page, n).click()
            page.wait_for_function(
                "([sel, rev]) => Number(document.querySelector(sel).dataset.revision) > rev",
                arg=[ROOT, rev], timeout=30_000)
            assert page.is_hidden(f'{ROOT} [data-role="error"]')
        assert page.locator(f'{ROOT} [data-role="log"] li[data-bot="greedy"]').count()
        assert visible_english(page, lang) == set()
        check_sizes(page)
        screenshot(page, f"elemonster_{lang}_390x844")
        check_sizes_at(page, 360, 740)  # the narrowest phone we support
        assert page.js_errors == []
    finally:
        context.close()


EM_TOKEN = "periodic_edu.elemonster.resume_token"


def em_position(page) -> dict:
    return page.eval_on_selector(ROOT, """n => ({
        log: [...n.querySelectorAll('[data-role="log"] li[data-i]')].map(li => li.dataset.i + ':' + li.dataset.kind),
        hand: [...n.querySelectorAll('[data-role="hand"] .em-card')].map(c => c.textContent.slice(0, 20)),
        turn: n.dataset.myTurn})""")


def test_reload_the_elemonster_tab_mid_game_and_resume(browser, dashboard, axe):
    """Reload in the middle of an Elemonster game: the page asks before leaving, offers to
    resume ("Resume your game (turn n, beginner variant)"), and the resumed game is the
    kernel's save (the browser holds only a token, under Elemonster's own key)."""
    context, page = sized_page(browser, 1366, 768)
    try:
        page.goto(dashboard.base + "/")
        page.get_by_role("tab", name="Elemonster").click()
        page.wait_for_selector(f'{READY}[data-my-turn="true"]', timeout=60_000)
        decisions = 0
        while decisions < 4:  # four of the person's decisions, the bot's turns between them
            wait_person(page)
            rev = int(state(page)["revision"])
            choose(page, decisions).click()
            decisions += 1
            page.wait_for_function(
                "([sel, rev]) => Number(document.querySelector(sel).dataset.revision) > rev",
                arg=[ROOT, rev], timeout=30_000)
        wait_person(page)
        before = em_position(page)
        token = page.evaluate(f"() => localStorage.getItem('{EM_TOKEN}')")
        assert token and len(token) >= 32
        storage = page.evaluate("() => JSON.stringify(localStorage)")
        assert "actions" not in storage and "seed" not in storage  # a token, never the game
        # Undo: off when cards were drawn since the person's last action, and it says why
        undo = page.locator(f'{ROOT} [data-role="undo"]')
        if undo.get_attribute("aria-disabled") == "true":
            assert undo.get_attribute("title").startswith("Undo is off")
        assert reload_mid_game(page) == ["beforeunload"]  # leaving mid-game asks first
        tab = page.get_by_role("tab", name="Elemonster")
        tab.wait_for(timeout=90_000)
        tab.click()
        page.wait_for_selector(READY, timeout=60_000)
        offer = page.locator(f'{ROOT} [data-role="resume-offer"]')
        offer.wait_for(timeout=30_000)
        text = page.locator(f'{ROOT} [data-role="resume"]').inner_text()
        assert text.startswith("Resume your game (turn "), text
        assert text.endswith("beginner variant)"), text
        assert em_position(page)["log"] != before["log"]  # a fresh game until the person chooses
        screenshot(page, "elemonster_resume_offer_1366x768")
        report = run_axe(page, axe, ROOT)
        assert report["counts"]["critical"] == 0 and report["counts"]["serious"] == 0, \
            [(v["id"], v["targets"]) for v in report["violations"]]
        page.click(f'{ROOT} [data-role="resume"]')
        offer.wait_for(state="hidden", timeout=30_000)
        wait_person(page)
        # the fresh game shown before the resume is also the person's turn: wait until the
        # resumed game is drawn (under load it comes a moment after the dataset), then compare
        deadline = time.monotonic() + 30
        while em_position(page) != before and time.monotonic() < deadline:
            time.sleep(0.2)
        assert em_position(page) == before
        assert page.evaluate(f"() => localStorage.getItem('{EM_TOKEN}')") == token
        # the How to play panel says what wins and how a duel compares, on a phone too
        help_open = page.locator(f'{ROOT} [data-role="help-open"]')
        if help_open.get_attribute("aria-expanded") != "true":
            help_open.click()
        panel = page.locator(f'{ROOT} [data-role="help"]')
        assert "antiquity" in panel.inner_text() and "Most points wins" in panel.inner_text()
        screenshot(page, "elemonster_resumed_1366x768")
        check_sizes_at(page, 360, 740)
        screenshot(page, "elemonster_resumed_360x740", full_page=True)
        assert page.js_errors == []
    finally:
        context.close()


def wait_person(page) -> None:
    page.wait_for_function(
        "(sel) => { const d = document.querySelector(sel).dataset; "
        "return d.myTurn === 'true' && d.botPending === 'false'; }", arg=ROOT, timeout=60_000)


def test_a_second_tab_takes_the_elemonster_game_over(browser, dashboard):
    """Two tabs of one browser (one localStorage, two kernels, one save store): tab B resumes
    the game tab A is playing; B cannot undo what A's table has already seen, and A's next
    click is refused with "this game continues in another tab"."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        a = context.new_page()
        a.set_default_timeout(30_000)
        a.goto(dashboard.base + "/")
        a.get_by_role("tab", name="Elemonster").click()
        a.wait_for_selector(f'{READY}[data-my-turn="true"]', timeout=60_000)
        for n in range(40):  # play until the pile was drawn from since the person's action
            wait_person(a)
            if n >= 3 and a.get_attribute(f'{ROOT} [data-role="undo"]', "aria-disabled") == "true":
                break
            rev = int(state(a)["revision"])
            choose(a, n).click()
            a.wait_for_function(
                "([sel, rev]) => Number(document.querySelector(sel).dataset.revision) > rev",
                arg=[ROOT, rev], timeout=30_000)
        assert a.get_attribute(f'{ROOT} [data-role="undo"]', "aria-disabled") == "true"
        b = context.new_page()
        b.set_default_timeout(30_000)
        b.goto(dashboard.base + "/")
        b.get_by_role("tab", name="Elemonster").click()
        b.locator(f'{ROOT} [data-role="resume-offer"]').wait_for(timeout=60_000)
        b.click(f'{ROOT} [data-role="resume"]')
        b.locator(f'{ROOT} [data-role="resume-offer"]').wait_for(state="hidden")
        # the offer hides on the click; the resumed game arrives with the kernel's next sync
        expected = em_position(a)["log"]
        b.wait_for_function(
            "([sel, n]) => document.querySelectorAll(sel + ' [data-role=\"log\"] li[data-i]').length >= n",
            arg=[ROOT, len(expected)], timeout=30_000)
        wait_person(b)
        assert em_position(b)["log"] == expected
        undo = b.locator(f'{ROOT} [data-role="undo"]')
        assert undo.get_attribute("aria-disabled") == "true"
        assert undo.get_attribute("title").startswith("Undo is off: since your last action")
        rev = int(state(b)["revision"])
        undo.focus()  # aria-disabled keeps it focusable: pressed anyway, refused, and said
        b.keyboard.press("Enter")
        b.locator(f'{ROOT} [data-role="error"]').wait_for()
        assert "undo never takes back" in b.inner_text(f'{ROOT} [data-role="error"]')
        assert int(state(b)["revision"]) == rev
        # back in tab A: its next move is refused, the game goes on in B
        a.bring_to_front()
        before = em_position(a)
        choose(a, 9).click()
        a.wait_for_selector(f'{ROOT}[data-moved-away="true"]', timeout=30_000)
        a.wait_for_function("(sel) => document.querySelector(sel).textContent.length > 0",
                            arg=f'{ROOT} [data-role="error"]', timeout=30_000)
        error = a.inner_text(f'{ROOT} [data-role="error"]')
        assert "this game continues in another tab" in error, error
        assert em_position(a)["log"] == before["log"]
        assert a.inner_text(f'{ROOT} [data-role="status"]').startswith(
            "This game continues in another tab")
        assert a.locator(f'{ROOT} [data-role="choices"]').count() == 0  # nothing to press
        # no bots to pause there: a new game (of its own) is what this tab can start
        assert a.locator(f'{ROOT} [data-role="pause"]').count() == 0
        assert "em-go" in a.get_attribute(f'{ROOT} [data-role="new-game"]', "class")
        screenshot(a, "elemonster_moved_away_1366x900")
    finally:
        context.close()
