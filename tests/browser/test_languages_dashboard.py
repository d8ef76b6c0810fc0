"""The dashboard in Ukrainian and German, as a visitor opens it: `?lang=uk` / `?lang=de` in the
Voila URL (preheated kernels: the notebook asks Voila for the visitor's query and switches in
place). No English word of the widgets' catalog is on screen, element names are the school's,
a turn is played, and the layout holds at 390 px (screenshots dashboard_<lang>_390.png)."""
from __future__ import annotations

import re

import pytest

from browser_helpers import play_one_turn, screenshot, wait_settled
from periodic_edu import i18n
from periodic_edu.chemistry import element_name
from periodic_edu.chemistry import notes

pytestmark = pytest.mark.browser

GAME = '[data-widget="game"]'
TABS = {"uk": ["Властивості", "Елементи", "Гра", "Elemonster", "Перевір себе"],
        "de": ["Trends erkunden", "Elementkarten", "Spielen", "Elemonster", "Teste dich selbst"]}
SPOT = ("H", "N", "O", "S", "Fe", "Cu", "Ag", "Au", "Hg", "Pb")
# Words of the English catalog that may rightly stand in a uk/de page: the games' names, names
# of scientists and sources, "Enter" (a key's name), the rules' file name, and "English" (the
# language switch names each language in its own words). German words spelt as in English are
# allowed on the German page only. Each one needs a reason; everything else English fails.
ALLOWED = {"periodic", "elemonster", "pauling", "allen", "clementi", "cordero", "enter", "docs", "rules",
           "english"}
GERMAN_AS_ENGLISH = {"element", "trend", "trends", "agenda", "computer", "halogen", "notation",
                     "bots", "post"}


def english_words(lang: str) -> set[str]:
    """Every word (4+ letters) of the English side of the widgets catalog."""
    words: set[str] = set()
    for value in i18n.messages("widgets", "en").values():
        for text in (value.values() if isinstance(value, dict) else [value]):
            text = re.sub(r"\{\w+\}", " ", text)
            words |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}
    return words - ALLOWED - (GERMAN_AS_ENGLISH if lang == "de" else set())


def visible_english(page, words: set[str]) -> set[str]:
    # everything on screen counts, the element data's own notes too (the "notes" catalog)
    text = page.evaluate("() => document.body.innerText")
    found = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in words}
    if found:
        print(text)
    return found


def open_in(page, dashboard, lang):
    page.goto(f"{dashboard.base}/?lang={lang}")
    page.locator("[data-board='main'] [data-symbol]").first.wait_for(timeout=90_000)
    page.wait_for_function(  # the kernel switches in place once Voila hands it the query
        "t => [...document.querySelectorAll('[role=tab]')].map(n => n.innerText.trim())"
        ".join('|') === t", arg="|".join(TABS[lang]), timeout=60_000)


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_dashboard_in_a_language(page, dashboard, lang):
    words = english_words(lang)
    assert {"spend", "gain", "discover", "flask", "turn"} <= words  # the list is real
    page.set_viewport_size({"width": 390, "height": 844})
    open_in(page, dashboard, lang)
    # the Explore tab's explorer and card (the other tabs are built when opened: lang checked
    # on the game below)
    assert page.locator(f'[lang="{lang}"] [data-widget]').count() >= 2
    # the Voila page itself is named in its language (WCAG 2.4.2, 3.1.1), not "dashboard"/en
    from periodic_edu.locale.widget_texts import DASHBOARD
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    assert page.title() == i18n.gettext("widgets", DASHBOARD["title"], lang) != DASHBOARD["title"]
    page.click('[data-board="main"] [data-symbol="Na"]')
    page.click('[data-trend="ionization_energy"]')
    page.locator('[data-board="main"] [data-symbol="Na"][aria-current="true"]').wait_for()
    page.locator('.pe-trend[data-trend="ionization_energy"][aria-pressed="true"]').wait_for()
    wait_settled(page)
    assert visible_english(page, words) == set(), "explorer"
    screenshot(page, f"dashboard_{lang}_390_explore")

    page.get_by_role("tab", name=TABS[lang][1]).click()
    # the tab is built when first opened: wait for its picker's 118 elements
    page.wait_for_function("() => document.querySelectorAll('select option').length >= 118",
                           timeout=60_000)
    # ipywidgets writes option labels with no-break spaces
    options = page.eval_on_selector_all(
        "select option", "ns => ns.map(n => n.textContent.replace(/\u00a0/g, ' '))")
    for symbol in SPOT:
        label = next(o for o in options if re.fullmatch(rf"\d+ {symbol} — .+", o))
        assert label.split(" — ")[1] == element_name(symbol, lang), label
    page.get_by_label(i18n.gettext("widgets", "Element", lang), exact=True).select_option(
        label=f"80 Hg — {element_name('Hg', lang)}")
    card = page.locator('[data-widget="element-card"][data-card-symbol="Hg"]')
    card.wait_for(timeout=15_000)
    assert element_name("Hg", lang) in card.inner_text()
    # the data's note on Pauling's value, in the language (periodic_edu.chemistry.notes)
    assert notes("Hg")[0].in_language(lang) in card.inner_text()
    assert visible_english(page, words) == set(), "element card"
    screenshot(page, f"dashboard_{lang}_390_card")

    page.get_by_role("tab", name=TABS[lang][2]).click()
    game = page.locator(GAME)
    page.locator(f'[lang="{lang}"] {GAME}, {GAME}[lang="{lang}"]').first.wait_for(timeout=60_000)
    help_panel = game.locator('[data-role="help"]')
    if help_panel.is_visible():
        assert visible_english(page, words) == set(), "how to play"
        game.locator('[data-role="help-close"]').click()
    # why Undo is off, as Python said it (the button's title and its accessible description)
    from periodic_edu.locale.widget_texts import PAGE
    undo = game.locator('[data-role="undo"]')
    assert undo.get_attribute("title") == i18n.gettext("widgets", PAGE["undo_nothing"], lang)
    start, destination = play_one_turn(page, game)
    assert destination != start
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-role=\"log\"] li[data-bot]')]"
        ".some(n => n.dataset.kind !== 'agenda')", timeout=30_000)
    wait_settled(page)
    assert visible_english(page, words) == set(), "game"
    # nothing runs off the 390 px page sideways (the board scrolls inside its own frame)
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= 390, overflow
    screenshot(page, f"dashboard_{lang}_390_play", full_page=True)
    assert page.js_errors == []
