"""periodic_edu.i18n: choosing a language, plural forms, numbers, fallback, whole catalogs."""
from __future__ import annotations

import json
import shutil

import pytest

from periodic_edu import i18n


def test_languages_and_default(monkeypatch):
    monkeypatch.delenv(i18n.ENV_VAR, raising=False)
    assert i18n.resolve_language() == "en"
    for lang in ("en", "uk", "de"):
        assert i18n.resolve_language(lang) == lang
    monkeypatch.setenv(i18n.ENV_VAR, "uk")
    assert i18n.resolve_language() == "uk"
    assert i18n.gettext("elements", "Iron") == "Ферум"
    assert i18n.resolve_language("de") == "de"  # an explicit choice beats the variable


@pytest.mark.parametrize("bad", ["fr", "", "UK", "uk_UA", "english", "en "])
def test_unknown_language_is_an_error_not_a_fallback(bad):
    with pytest.raises(i18n.UnknownLanguageError, match="choose one of en, uk, de"):
        i18n.gettext("elements", "Iron", bad)
    assert issubclass(i18n.UnknownLanguageError, ValueError)


def test_unknown_language_in_the_environment(monkeypatch):
    monkeypatch.setenv(i18n.ENV_VAR, "pl")
    with pytest.raises(i18n.UnknownLanguageError, match="PERIODIC_EDU_LANG 'pl'"):
        i18n.resolve_language()


UK_STEPS = {0: "0 кроків", 1: "1 крок", 2: "2 кроки", 5: "5 кроків", 11: "11 кроків",
            21: "21 крок", 22: "22 кроки", 12: "12 кроків", 104: "104 кроки", 111: "111 кроків"}
UK_CELLS = {0: "0 клітинок", 1: "1 клітинка", 2: "2 клітинки", 5: "5 клітинок",
            11: "11 клітинок", 21: "21 клітинка", 22: "22 клітинки"}


@pytest.mark.parametrize("n", sorted(UK_STEPS))
def test_ukrainian_plural_forms(n):
    text = i18n.ngettext("cli", "{n} step", "{n} steps", n, "uk").format(n=n)
    assert text == UK_STEPS[n]
    if n in UK_CELLS:
        assert i18n.ngettext("cli", "{n} cell", "{n} cells", n, "uk").format(n=n) == UK_CELLS[n]


@pytest.mark.parametrize("n,en,de", [(0, "0 steps", "0 Schritte"), (1, "1 step", "1 Schritt"),
                                     (2, "2 steps", "2 Schritte"), (21, "21 steps", "21 Schritte")])
def test_english_and_german_plural_forms(n, en, de):
    assert i18n.ngettext("cli", "{n} step", "{n} steps", n, "en").format(n=n) == en
    assert i18n.ngettext("cli", "{n} step", "{n} steps", n, "de").format(n=n) == de


def test_plural_index_follows_the_catalog_header():
    assert [i18n.plural_index(n, "uk") for n in (0, 1, 2, 5, 11, 21, 22)] == [2, 0, 1, 2, 2, 0, 1]
    assert [i18n.plural_index(n, "de") for n in (0, 1, 2)] == [1, 0, 1]


@pytest.mark.parametrize("value,lang,digits,text", [
    (13.598, "en", None, "13.598"), (13.598, "uk", None, "13,598"), (13.598, "de", 1, "13,6"),
    (0.5, "uk", 2, "0,50"), (156.0, "de", None, "156"), (26, "uk", None, "26"),
    (-1.25, "de", None, "-1,25"), (1811.15, "en", 1, "1811.2")])
def test_numbers_use_the_decimal_mark(value, lang, digits, text):
    assert i18n.format_number(value, lang, digits) == text


def test_format_number_refuses_non_numbers():
    with pytest.raises(TypeError):
        i18n.format_number("3.5", "de")


def test_a_missing_translation_falls_back_to_english_and_is_reported(tmp_path, monkeypatch):
    """A copy of the catalogs with one message removed and one marked fuzzy."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    po = locale / "uk" / "LC_MESSAGES" / "elements.po"
    text = po.read_text("utf-8")
    assert 'msgstr "Ферум"' in text and 'msgstr "Купрум"' in text
    text = text.replace('msgstr "Ферум"', 'msgstr ""')
    text = text.replace('msgid "Copper"', '#, fuzzy\nmsgid "Copper"')
    po.write_text(text, "utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    i18n._catalog.cache_clear()
    i18n._template.cache_clear()
    try:
        assert i18n.gettext("elements", "Iron", "uk") == "Iron"
        assert i18n.gettext("elements", "Copper", "uk") == "Copper"
        assert i18n.gettext("elements", "Silver", "uk") == "Аргентум"
        assert i18n.untranslated("elements", "uk") == ["Iron", "Copper"]
        assert i18n.messages("elements", "uk")["Iron"] == "Iron"
    finally:
        i18n._catalog.cache_clear()
        i18n._template.cache_clear()


def test_a_malformed_catalog_is_refused_naming_file_and_line(tmp_path):
    bad = tmp_path / "bad.po"
    bad.write_text('msgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr unquoted\n', "utf-8")
    with pytest.raises(i18n.CatalogError, match=r"bad\.po:5: expected a quoted string"):
        i18n._parse_po(bad)
    bad.write_text('msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=__import__(1);\\n"\n',
                   "utf-8")
    with pytest.raises(i18n.CatalogError, match="Plural-Forms"):
        i18n._parse_po(bad)


def test_messages_and_bundle_for_a_front_end():
    uk = i18n.messages("cli", "uk")
    assert uk["{n} step"] == {"one": "{n} крок", "few": "{n} кроки", "many": "{n} кроків",
                              "other": "{n} кроків"}
    assert i18n.messages("cli", "en")["{n} step"] == {"one": "{n} step", "other": "{n} steps"}
    assert i18n.messages("elements", "de")["Lead"] == "Blei"
    b = i18n.bundle(["elements", "board"], "uk")
    assert b["lang"] == "uk" and b["decimal_mark"] == ","
    assert b["messages"]["board"]["Metalloids"] == "Напівметали"
    assert json.loads(json.dumps(b, ensure_ascii=False)) == b  # JSON-ready, sent once
    with pytest.raises(KeyError, match="unknown message domain"):
        i18n.messages("widgets_js", "uk")


def test_in_sentence_follows_each_language():
    assert i18n.in_sentence("Сульфур", "uk") == "сульфур"
    assert i18n.in_sentence("Sulfur", "en") == "sulfur"
    assert i18n.in_sentence("Schwefel", "de") == "Schwefel"


def test_the_runtime_does_not_need_babel():
    import subprocess
    import sys
    probe = ("import sys; sys.modules['babel'] = None\n"
             "from periodic_edu import i18n\n"
             "from periodic_edu.chemistry import element_name\n"
             "print(element_name('Pb', 'uk'), i18n.ngettext('cli', '{n} step', "
             "'{n} steps', 22, 'uk').format(n=22))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Плюмбум 22 кроки"


def test_docstring_examples():
    import doctest
    assert doctest.testmod(i18n).failed == 0
    assert doctest.testmod(i18n).attempted >= 3


def test_a_message_keeps_its_key_through_copy_and_pickle():
    """Engine refusals and widget page messages are English strs that can still be said in
    another language after a copy or a pickle (a saved error, a deep-copied state)."""
    import copy
    import pickle

    from periodic_edu.engine.reasons import Reason
    from periodic_edu.widgets._base import Text

    for message in (Reason("no_free", trend="ionization_energy"), Text("read_only", name="x")):
        assert isinstance(message, i18n.Message)
        for other in (copy.deepcopy(message), pickle.loads(pickle.dumps(message))):
            assert type(other) is type(message) and other == message
            assert other.render("uk") == message.render("uk") != str(message)
