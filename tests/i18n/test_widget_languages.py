"""Every widget speaks en, uk and de (no browser): the read-only `strings` trait is complete in
each language, the data names follow the language, an unknown language is a clear error, the
browser may not write `lang` or `strings`, and a language switch on the dashboard keeps the
game in progress."""
from __future__ import annotations

import pytest

from periodic_edu import i18n
from periodic_edu.locale.widget_texts import FRONT_END, widget_strings
from periodic_edu.widgets import ElementCard, GameWidget, TrendExplorer, explore
from periodic_edu.widgets.dashboard import dashboard, language_from_query
from periodic_edu.widgets.save_store import SaveStore

LANGS = ("uk", "de")
SPOT = {"Fe": ("Ферум", "Eisen"), "Pb": ("Плюмбум", "Blei"), "S": ("Сульфур", "Schwefel"),
        "Hg": ("Меркурій", "Quecksilber"), "N": ("Нітроген", "Stickstoff")}


def _check_strings(widget, lang):
    bundle = widget.strings
    assert widget.lang == lang and bundle["lang"] == lang
    assert bundle["decimal_mark"] == ("." if lang == "en" else ",")
    assert set(bundle["text"]) == set(FRONT_END)
    english = widget_strings("en")["text"]
    cats = {"en": {"one", "other"}, "de": {"one", "other"}, "uk": {"one", "few", "many", "other"}}
    same = []
    for key, value in bundle["text"].items():
        if isinstance(value, dict):
            assert set(value) == cats[lang], key
            assert all(value.values()), key
        else:
            assert value, key
            if lang != "en" and value == english[key]:
                same.append(key)
    return same


@pytest.mark.parametrize("lang", LANGS)
def test_every_widget_sends_complete_strings(lang):
    allowed = {"reach_group", "next_gain_only", "rules_link"} | (
        {"element", "trend", "agenda_name", "round_short"} if lang == "de" else set())
    widgets = [TrendExplorer(lang=lang), ElementCard("Fe", lang=lang),
               GameWidget(seed=3, bots=[None, "greedy"], lang=lang), *explore("Na", lang=lang).children]
    for w in widgets:
        same = _check_strings(w, lang)
        assert set(same) <= allowed, (type(w).__name__, same)


@pytest.mark.parametrize("lang", LANGS)
def test_data_names_follow_the_language(lang):
    index = LANGS.index(lang)
    explorer = TrendExplorer(lang=lang)
    names = {c["symbol"]: c["name"] for c in explorer.cells}
    for symbol, wanted in SPOT.items():
        assert names[symbol] == wanted[index]
        assert ElementCard(symbol, lang=lang).element["name"] == wanted[index]
    assert explorer.elements["name"][25] == SPOT["Fe"][index]
    trend = {t["id"]: t["name"] for t in explorer.trend_info}["ionization_energy"]
    assert trend == {"uk": "Збільшення енергії іонізації",
                     "de": i18n.gettext("board", "Increase Ionization Energy", "de")}[lang]
    game = GameWidget(seed=5, bots=[None, "greedy"], lang=lang)
    assert {c["symbol"]: c["name"] for c in game.static["cells"]}["Pb"] == SPOT["Pb"][index]


def test_default_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv(i18n.ENV_VAR, "de")
    assert ElementCard("Au").lang == "de" and ElementCard("Au").element["name"] == "Gold"
    monkeypatch.setenv(i18n.ENV_VAR, "xx")
    with pytest.raises(i18n.UnknownLanguageError, match="PERIODIC_EDU_LANG"):
        ElementCard("Au")


def test_an_unknown_language_is_a_clear_error_and_changes_nothing():
    with pytest.raises(i18n.UnknownLanguageError, match="'fr'.*en, uk, de"):
        TrendExplorer(lang="fr")
    with pytest.raises(i18n.UnknownLanguageError):
        dashboard(seed=1, lang="english", save_store=None)
    card = ElementCard("Fe", lang="uk")
    with pytest.raises(i18n.UnknownLanguageError):
        card.lang = "ru"
    assert card.lang == "uk" and card.element["name"] == "Ферум"


def test_the_browser_may_not_write_lang_or_strings():
    card = ElementCard("Fe", lang="uk")
    card.set_state({"lang": "de"})
    assert card.lang == "uk" and "'lang' — лише для читання" in card.error  # in the card's language
    card.set_state({"strings": {"text": {}}})
    assert card.strings["text"]["element"] == "Елемент" and "лише для читання" in card.error


def test_switching_keeps_the_game_and_resends_the_words(tmp_path):
    app = dashboard(seed=11, save_store=SaveStore(tmp_path), lang="uk")
    game = app.widgets()[-1]
    assert isinstance(game, GameWidget) and game.lang == "uk"
    assert game.seats[0]["name"] == "Ти"
    while not game.in_progress or not game.game.history:  # play into the game
        game.play(game.view["legal_actions"][0])
    game.run_bots()
    history = list(game.game.history)
    revision = game.game.state
    app.switch.value = "de"
    assert [app.tabs.get_title(i) for i in range(3)] == ["Trends erkunden", "Elementkarten",
                                                         "Spielen"]
    assert app.widgets()[-1] is game and game.game.history == history
    assert game.game.state is revision
    for w in app.widgets():
        assert w.lang == "de" and w.strings["lang"] == "de"
    assert {t["id"]: t["name"] for t in game.static["trends"]}["atomic_number"] == \
        i18n.gettext("board", "Atomic Number", "de")
    game.play(game.view["legal_actions"][0])  # play goes on in German
    assert game.game.history[: len(history)] == history
    app.switch.value = "en"
    assert app.tabs.get_title(2) == "Play" and app.widgets()[2].element["name"] == "Iron"


def test_page_language_from_the_query():
    assert language_from_query("lang=uk") == "uk"
    assert language_from_query("x=1&lang=de") == "de"
    assert language_from_query("") is None and language_from_query(None) is None
    with pytest.raises(i18n.UnknownLanguageError):
        language_from_query("lang=fr")
    app = dashboard(seed=2, lang="en")
    deal = app.widgets()[-1].game.state.ctx
    app.use_page_language(lambda: language_from_query("lang=uk"))
    assert app.switch.value == "uk" and app.tabs.get_title(0) == "Властивості"
    game = app.widgets()[-1]  # nothing was played: the same deal, the seats named in uk
    assert [s["name"] for s in game.seats] == ["Ти", "Жадібний бот"] and game.lang == "uk"
    assert game.game.seed == 2 and game.game.state.ctx.goal_deck.by_id == deal.goal_deck.by_id
    app.use_page_language(lambda: language_from_query("lang=zz"))
    assert app.switch.value == "uk" and "zz" in app.children[0].children[0].value


def test_overlay_labels_are_in_the_catalog():
    from periodic_edu.widgets._payload import PROPERTIES
    assert {FRONT_END[f"property_{f}"] for f in PROPERTIES} == set(PROPERTIES.values())
    labels = {p["id"]: p["label"] for p in TrendExplorer(lang="uk").properties}
    assert labels["melting_point_k"] == "Температура плавлення"
