"""One word per game piece and idea, per language: the rulebook's (Ukrainian: the Ukrainian
edition's rulebook; German: the Elemonster rulebook and the kit's own German board words),
across every message catalog, every lesson and the teacher guide.

The glossary below is small on purpose: each entry names the one allowed word (which must be
used somewhere, so the entry cannot go stale) and the variants that have crept in before. A
student who reads "карта завдання" in the widget and "карта наукових задач" in the lesson and
the box's rulebook will think they are two different cards.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "periodic_edu" / "locale"
LESSONS = ROOT / "lessons"

#: language -> idea -> (the allowed word as a regex, [forbidden variants as regexes])
GLOSSARY: dict[str, dict[str, tuple[str, list[str]]]] = {
    "uk": {
        # Periodic, Ukrainian rulebook (000_/001_)
        "agenda card": (r"карт\w* наукових задач", [r"карт\w* завдан", r"агенд"]),
        "goal cube": (r"фіш(?:к\w*|ок) цілі", [r"маркер\w* цілі", r"кубик\w* цілі"]),
        "research cube": (r"маркер\w* дослідження", [r"фіш(?:к\w*|ок) дослідж", r"кубик\w*"]),
        "AA marker": (r"\bдиск\w*", [r"фіш(?:к\w*|ок)\b(?! цілі)"]),
        "family track": (r"шкал\w* сімейств", [r"шкал\w* груп"]),
        "energy token": (r"жетон\w* енергії", [r"фіш(?:к\w*|ок) енергії", r"маркер\w* енергії"]),
        # chemistry words: one name for Z, one spelling family for the ion
        "atomic number": (r"атомн\w* номер\w*", [r"протонн\w* числ", r"порядков\w* номер"]),
        "ion": (r"\bіон", [r"\b[йЙ]он"]),
        # one name per bot
        "search bot": (r"стратегічн\w* бот", [r"пошуков", r"[Бб]от-стратег"]),
        # one register for the student: "ти" (the lessons' own)
        "register": (r"\b[Тт]и\b", [r"\b[Вв]и\b", r"\b[Вв]аш\w*", r"\b[Вв]ам\b", r"\b[Вв]ас\b",
                                     # formal imperatives (Виберіть, Натисніть, зачекайте)
                                     r"\b(?![Нн]авіть\b)\w+іть\b", r"\b\w+йте\b"]),
    },
    "de": {
        # a movement of the flask is a Bewegung; a Zug is the whole turn
        "movement": (r"Bewegung\w*", [r"je Zug\b", r"\bEin Zug hat\b", r"freie Züge",
                                       r"bezahlten Züge"]),
        # Elemonster rulebook (003_): the metal gives electrons, not ions
        "electron donor": (r"Elektronengeber", [r"Ion-Geber", r"Ion-Nehmer"]),
        "compound": (r"Verbindung\w*", [r"Duelle und Bindungen"]),
        "science track": (r"Leiste des wissenschaftlichen Fortschritts", [r"Wissenschaftsleiste"]),
        "board": (r"Spielbrett\w*", [r"Spielplan\w*"]),
        "agenda card": (r"Agendakarte\w*", [r"Agenda-Karte"]),
        "discover": (r"entdeck\w*", [r"erforsch\w*"]),
        "greedy bot": (r"Gier-Bot", [r"[Gg]ieriger Bot"]),
        "register": (r"\b[Dd]u\b", [r"\bIhrem\b", r"\bIhnen\b", r"\bIhrer\b"]),
    },
}

#: Words exempt from the register rule because they are printed names, quoted as printed
#: (the Ukrainian award tile «Заберіть 2 енергії» is the rulebook's own wording).
_PRINTED_NAMES = {"uk": ["«Заберіть 2 енергії»", "Заберіть 2 енергії"], "de": []}


def _catalog_texts(lang: str) -> list[tuple[str, str]]:
    out = []
    for path in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, (list, tuple)) else [
                message.string]
            out += [(f"{path.name}: {message.id!r}", s) for s in strings if s]
    return out


def _lesson_texts(lang: str) -> list[tuple[str, str]]:
    folder = LESSONS / lang
    out = []
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            src = cell["source"]
            out.append((f"{path.name} {cell.get('id')}", "".join(src) if isinstance(src, list)
                        else src))
    return out


def _guide_text(lang: str) -> list[tuple[str, str]]:
    guide = LESSONS / lang / "teacher_guide.md"
    return [(guide.name, guide.read_text(encoding="utf-8"))] if guide.is_file() else []


#: The one place the school's own words may appear: the gloss that maps them to the kit's
#: ("атомний номер = протонне число"), in uk lesson 1 and the Ukrainian guide. Without it a
#: pupil would not connect the two (teaching review 2, T4-7).
_SCHOOL_GLOSS = re.compile(r"(?:\*Слова шкільного підручника:\*|\*\*Терміни шкільного "
                           r"підручника:\*\*).*?(?:\n\s*\n|\Z)", re.S)


def _strip_school_gloss(text: str) -> str:
    return _SCHOOL_GLOSS.sub("", text)


def _strip_printed(lang: str, text: str) -> str:
    for name in _PRINTED_NAMES[lang]:
        text = text.replace(name, "")
    return text


@pytest.mark.parametrize("lang", sorted(GLOSSARY))
def test_every_allowed_word_is_used(lang):
    """Each entry's word is really the kit's word (so the glossary cannot go stale)."""
    texts = _catalog_texts(lang) + _lesson_texts(lang)
    unused = [idea for idea, (allowed, _) in GLOSSARY[lang].items()
              if not any(re.search(allowed, t, re.MULTILINE) for _, t in texts)]
    assert not unused, f"{lang}: the glossary's words for {unused} appear nowhere"


@pytest.mark.parametrize("lang", sorted(GLOSSARY))
def test_no_forbidden_variant_in_catalogs_or_lessons(lang):
    texts = _catalog_texts(lang) + _lesson_texts(lang)
    # The teacher guide speaks to the teacher (uk: "Ви" is right there); all else applies.
    texts += [(w, t) for w, t in _guide_text(lang)]
    found = []
    for idea, (_, forbidden) in GLOSSARY[lang].items():
        for where, text in texts:
            if idea == "register" and where == "teacher_guide.md":
                continue
            text = _strip_printed(lang, text) if idea == "register" else text
            text = _strip_school_gloss(text) if idea == "atomic number" else text
            for pattern in forbidden:
                for m in re.finditer(pattern, text, re.MULTILINE):
                    found.append(f"{idea}: {m.group(0)!r} in {where}")
    assert not found, f"{lang}: words that are not the glossary's:\n" + "\n".join(found[:40])


def test_the_glossary_catches_a_planted_variant():
    """The scan really looks: a catalog line with an old variant is reported."""
    _, forbidden = GLOSSARY["uk"]["agenda card"]
    assert any(re.search(p, "Виберіть карту завдання.") for p in forbidden)
    _, forbidden = GLOSSARY["uk"]["AA marker"]
    assert any(re.search(p, "фішки: Ада") for p in forbidden)
    assert not any(re.search(p, "фішка цілі для кухонної солі") for p in forbidden)
    _, forbidden = GLOSSARY["de"]["movement"]
    assert any(re.search(p, "1 zahlen, dann 2 je Zug") for p in forbidden)
    _, forbidden = GLOSSARY["uk"]["register"]
    assert any(re.search(p, _strip_printed("uk", "Завершіть хід.")) for p in forbidden)
    assert not any(re.search(p, _strip_printed("uk", "жетон «Заберіть 2 енергії»"))
                   for p in forbidden)
