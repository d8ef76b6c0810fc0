"""The catalogs: complete in every language, nothing left in English by accident, placeholders
intact, templates in step with the code and data, and read the same as Babel reads them."""
from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from periodic_edu import i18n
from periodic_edu.chemistry import element_name
from periodic_edu.board import TREND_NAMES
from periodic_edu.chemistry import ELEMENTS, FAMILY_NAMES

REPO = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]

# Texts that are rightly the same as the English: German element names that are the IUPAC
# spelling in both languages, and unit symbols. A new entry here needs a reason.
SAME_AS_ENGLISH = {
    ("de", "elements"): set("""Helium Lithium Beryllium Neon Magnesium Aluminium Argon Calcium
        Scandium Vanadium Cobalt Nickel Gallium Germanium Krypton Rubidium Strontium Yttrium
        Zirconium Technetium Ruthenium Rhodium Palladium Cadmium Indium Xenon Caesium Barium
        Promethium Samarium Europium Gadolinium Terbium Dysprosium Holmium Erbium Thulium
        Ytterbium Lutetium Hafnium Rhenium Osmium Iridium Gold Thallium Polonium Radon Francium
        Radium Actinium Thorium Protactinium Neptunium Plutonium Americium Curium Berkelium
        Californium Einsteinium Fermium Mendelevium Nobelium Lawrencium Rutherfordium Dubnium
        Seaborgium Bohrium Hassium Meitnerium Darmstadtium Roentgenium Copernicium Nihonium
        Flerovium Moscovium Livermorium Oganesson""".split()),
    ("de", "card"): {"Symbol", "Name", "Da", "eV", "pm", "K"},
    # the printable worksheets' column heads (German words spelt as in English)
    ("de", "cli"): {"Element", "Name", "Radius (pm)", "Trend"},
    # only placeholders and punctuation, German words spelt as in English
    ("uk", "widgets"): {"{steps}: {names}.", "{why}"},
    ("de", "widgets"): {"{steps}: {names}.", "{why}", "Element", "Trend",
                        "Agenda {id}", "R{n}"},
    # Elemonster: the game's name; "neutral" is the German rulebook's own symbol name
    ("uk", "elemonster"): {"Elemonster", "{name}: {text}"},
    ("de", "elemonster"): {"Elemonster", "neutral", "{name}", "{name}: {text}"},
}

CASES = [(lang, domain) for lang in TRANSLATED for domain in i18n.DOMAINS]


def _forms(value):
    return list(value.values()) if isinstance(value, dict) else [value]


#: an instruction to click (a mouse's word) in a text a phone shows too; "a click" as a sound
#: (the trend chart's sonification) is not one
CLICK = {"en": re.compile(r"\b[Cc]lick(?! marks)\b"), "uk": re.compile(r"[Кк]лацн"),
         "de": re.compile(r"\b(?:[Kk]licke|[Aa]nklicken|klicken)\b")}


@pytest.mark.parametrize("lang", ["en", "uk", "de"])
def test_no_page_text_tells_a_phone_to_click(lang):
    """Texts shown with a mouse and on touch screens alike use a verb for both ("choose",
    "вибери", "wähle"; issue 28): "tap" only where the page knows it is a touch screen."""
    said = [text for domain in ("widgets", "elemonster")
            for value in i18n.messages(domain, lang).values() for text in _forms(value)
            if CLICK[lang].search(text)]
    assert said == [], said


@pytest.mark.parametrize("lang,domain", CASES)
def test_every_message_is_translated(lang, domain):
    assert i18n.untranslated(domain, lang) == []
    source = i18n.messages(domain, "en")
    assert source, f"the {domain} template is empty"
    assert set(i18n.messages(domain, lang)) == set(source)


@pytest.mark.parametrize("lang,domain", CASES)
def test_no_translation_is_empty_or_english_unless_whitelisted(lang, domain):
    allowed = SAME_AS_ENGLISH.get((lang, domain), set())
    same = set()
    for msgid, value in i18n.messages(domain, lang).items():
        for form in _forms(value):
            assert form.strip(), f"{lang}/{domain}: empty translation of {msgid!r}"
        english = _forms(i18n.messages(domain, "en")[msgid])
        if any(form in english for form in _forms(value)):
            same.add(msgid)
    assert same == allowed, f"{lang}/{domain}: same as English: {sorted(same ^ allowed)}"


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


@pytest.mark.parametrize("lang,domain", CASES)
def test_placeholders_survive_translation(lang, domain):
    """Every {placeholder} of the English is in each translated form, and no new one (a
    translation with a wrong name would crash .format() in front of a student)."""
    english = i18n.messages(domain, "en")
    for msgid, value in i18n.messages(domain, lang).items():
        wanted = set().union(*(_fields(f) for f in _forms(english[msgid])))
        for form in _forms(value):
            assert _fields(form) == wanted, f"{lang}/{domain}: {msgid!r} -> {form!r}"


def test_templates_match_the_code_and_data():
    """The .pot files hold exactly the messages the code and data have now."""
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "update_catalogs.py"),
                           "--check"], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("path", sorted((REPO / "periodic_edu" / "locale").rglob("*.po*")),
                         ids=lambda p: str(p.relative_to(REPO / "periodic_edu" / "locale")))
def test_the_stdlib_reader_agrees_with_babel(path):
    with path.open("rb") as f:
        babel = read_po(f)
    ours = i18n._parse_po(path)
    theirs = {(m.context, m.id if isinstance(m.id, str) else m.id[0]):
              (m.string if isinstance(m.string, tuple) else (m.string,), m.fuzzy)
              for m in babel if m.id}
    assert {k: (e.strings, e.fuzzy) for k, e in ours.entries.items()} == theirs
    if path.suffix == ".po":
        assert ours.headers["Plural-Forms"] == babel.plural_forms
        assert ours.nplurals == babel.num_plurals


SPOT = {  # symbol: (uk, de)
    "H": ("Гідроген", "Wasserstoff"), "N": ("Нітроген", "Stickstoff"),
    "O": ("Оксиген", "Sauerstoff"), "S": ("Сульфур", "Schwefel"), "Fe": ("Ферум", "Eisen"),
    "Cu": ("Купрум", "Kupfer"), "Ag": ("Аргентум", "Silber"), "Au": ("Аурум", "Gold"),
    "Hg": ("Меркурій", "Quecksilber"), "Pb": ("Плюмбум", "Blei"),
    "C": ("Карбон", "Kohlenstoff"), "Sn": ("Станум", "Zinn"), "Na": ("Натрій", "Natrium"),
    "K": ("Калій", "Kalium"), "Hf": ("Гафній", "Hafnium"), "Ba": ("Барій", "Barium"),
}


@pytest.mark.parametrize("symbol", sorted(SPOT))
def test_element_names_spot_check(symbol):
    uk, de = SPOT[symbol]
    assert element_name(symbol, "uk") == uk
    assert element_name(symbol, "de") == de


def test_all_118_names_are_distinct_and_capitalized():
    for lang in i18n.LANGUAGES:
        names = [element_name(e.symbol, lang) for e in ELEMENTS]
        assert len(set(names)) == 118, lang
        assert all(n[:1].isupper() for n in names), lang
        if lang == "uk":
            assert all(re.fullmatch(r"[А-ЯІЇЄҐ][а-яіїєґ']+", n) for n in names), names


def test_names_agree_with_the_ukrainian_rulebook():
    """The rulebook's own words (in running text, lower case): "переміщення з барію на
    гафній", "на сульфурі", "на плюмбум", "на нітроген", "на гідроген"."""
    for symbol in ("Ba", "Hf", "S", "Pb", "N", "H"):
        assert i18n.in_sentence(element_name(symbol, "uk"), "uk") in {
            "барій", "гафній", "сульфур", "плюмбум", "нітроген", "гідроген"}


def test_trend_names_as_printed_on_the_ukrainian_board():
    uk = {t: i18n.gettext("board", TREND_NAMES[t], "uk") for t in TREND_NAMES}
    assert uk == {
        "atomic_number": "Збільшення або зменшення атомного номера",
        "ionization_energy": "Збільшення енергії іонізації",
        "atomic_radius": "Збільшення атомного радіуса",
        "atomic_mass_increase": "Збільшення атомної маси",
        "atomic_mass_decrease": "Зменшення атомної маси",
    }
    # the metalloid family card of the Ukrainian rulebook: «Напівметали»
    assert i18n.gettext("board", FAMILY_NAMES["metalloids"], "uk") == "Напівметали"


def test_every_compound_of_the_uk_deck_has_a_ukrainian_name():
    import json
    deck = json.loads((REPO / "periodic_edu/data/goal_cards_uk.json").read_text("utf-8"))
    for card in deck["cards"]:
        name = i18n.gettext("decks", card["name"], "uk")
        assert name != card["name"] and re.search("[а-яіїє]", name), card["id"]
