"""The learner notes of the element data ("no stable anion", "2.00 on the Pauling scale ...") in
every language: numbers with the language's decimal mark and the digits of the data, the
citation untouched, on the element card and in the CLI's text; the JSON keeps them in English."""
from __future__ import annotations

import json
import re

import pytest

from periodic_edu import i18n
from periodic_edu.chemistry import ELEMENTS, notes
from periodic_edu.cli import main

ALL_NOTES = [(e.symbol, n) for e in ELEMENTS for n in notes(e.symbol)]
#: a Latin-script word in a Ukrainian note would be English left over ("CRC" is an acronym)
LATIN_WORD = re.compile(r"\b[A-Za-z]{4,}\b")


def test_the_notes_are_all_there():
    assert len(ALL_NOTES) == 41 + 15  # notes.csv, and the predicted configurations Rf..Og
    assert len({n.template for _, n in ALL_NOTES}) == len(i18n.messages("notes", "en"))


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_every_note_reads_in_the_language(lang):
    for symbol, n in ALL_NOTES:
        text = n.in_language(lang)
        assert text != n.text, (symbol, text)
        # each number of the data, as many decimals as written, with a decimal comma
        for _, value in n.values:
            assert str(value).replace(".", ",") in text, (symbol, str(value), text)
        assert not re.search(r"\d\.\d", text), (symbol, text)
        if lang == "uk":
            assert LATIN_WORD.findall(text) == [], (symbol, text)
        if n.kind == "gap":  # the card shows a gap's reason up to the first ":" or ";"
            short = re.split(r"[:;]", text)[0]
            assert short != re.split(r"[:;]", n.text)[0] and len(short) < 40, (symbol, short)


def test_english_keeps_the_digits_of_the_data():
    hg = next(n for n in notes("Hg") if n.field == "electronegativity_pauling")
    assert hg.text.startswith("2.00 on the Pauling scale (Allred")
    assert hg.in_language("uk").startswith("2,00 за шкалою Полінга (значення Оллреда")
    assert hg.in_language("de").startswith("2,00 auf der Pauling-Skala (Allreds")
    dy = next(n for n in notes("Dy") if n.field == "electron_affinity_ev")
    assert "0,015 еВ" in dy.in_language("uk") and "0,352 eV" in dy.in_language("de")


def test_the_card_shows_the_notes_in_its_language():
    from periodic_edu.widgets import ElementCard
    card = ElementCard("W", lang="uk")
    (note,) = card.element["notes"]["electronegativity_pauling"]
    w = notes("W")[0]
    assert note == {"kind": "disagree", "note": w.in_language("uk"), "citation": w.citation}
    assert note["note"].startswith("2,36 за шкалою Полінга") and "1,7" in note["note"]
    card.lang = "de"
    assert card.element["notes"]["electronegativity_pauling"][0]["note"].startswith(
        "2,36 auf der Pauling-Skala")
    assert ElementCard("He", lang="de").element["notes"]["electron_affinity_ev"][0][
        "note"].startswith("kein stabiles Anion")


def test_cli_text_shows_the_note_in_the_language_and_the_json_stays_english(capsys):
    assert main(["element", "W", "--lang", "uk"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "CRC" in x)
    assert "2,36 за шкалою Полінга" in line and "1,7" in line
    assert "A. L. Allred, J. Inorg. Nucl. Chem. 17, 215 (1961)" in line  # the citation as published
    assert "on the Pauling scale" not in out
    assert main(["element", "W", "--json", "--lang", "uk"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "Вольфрам"
    assert data["notes"][0]["note"] == notes("W")[0].text
    assert data["notes"][0]["note"].startswith("2.36 on the Pauling scale")
