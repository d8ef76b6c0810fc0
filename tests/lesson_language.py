"""What a Ukrainian or German lesson prints must be in its language: no English word, no internal
key (snake_case ids, True/False/None), no Python dict, list or object repr.

The lessons are executed once in the suite, by nbval (``pytest --nbval-lax lessons/``, on by
default in pyproject.toml); the repository's ``conftest.py`` hands every uk/de cell's outputs to
:func:`leaks` right after nbval ran it, so the check costs no second execution.

What stays as printed, on purpose (each is the same in every language):
- widgets (their text is checked by the widget tests; the plain-text fallback is a repr);
- stderr (the kernel's log, not the lesson's words);
- chemical symbols and formulas (``Na``, ``Mg(OH)2``, ``HeNe``), isotopes (``40Ar``),
  configurations (``[Ne] 3s2 3p1``), upper-case acronyms (NIST, CIAAW, IE);
- the game's action notation, which is what a learner types into ``game.play(...)`` (``s:ar>Na``,
  ``d:table_salt``, ``B:mol:S+2*Cl``, ``end``): the locale rules keep it untranslated;
- a bibliographic citation after the lesson's own word for "source" (titles stay in their
  language, as in the catalogs).
"""
from __future__ import annotations

import re

#: The line prefix after which a citation follows, per language.
CITATION = {"uk": ("посилання:", "джерело:"), "de": ("Quelle:",)}

_REPR = re.compile(r"\{'|\['|\('|<[\w.]+ object at|\bobject at 0x")
_KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b(?:True|False|None)\b")
_NOTATION = re.compile(r"(?<!\S)[A-Za-z]{1,2}:\S+|(?<!\S)[a-z]-(?!\S)|(?<!\S)end(?!\S)"
                       r"|\bo{2,4}\b")  # "oo", "ooo": the dots printed on goal cards
_FORMULA = re.compile(r"^(?:[A-Z][a-z]?\d*|\(|\)\d*|\[|\]|\d+)+$")

#: English words a German sentence never uses (lower case: a German noun is capitalised, so a
#: lower-case "agenda" or "start" is an internal key, not the German word).
ENGLISH_DE = set("""
the and of with from by for is are was not yes no none true false unit source citation
verdict agrees disagrees equal unknown increase decrease ionization energy atomic radii radius
mass number alkali alkaline earth metals metal transition metalloids other nonmetals nonmetal
halogens noble gases player players cards card lab track cubes agenda total winner winners
search greedy random score points round rounds turns turn phase start triggered ended stack
limit seat games wins sodium potassium iron copper silver gold lead tin mercury sulfur
nitrogen oxygen hydrogen carbon chlorine you your reason final
""".split())


def _words(line: str) -> list[str]:
    line = _NOTATION.sub(" ", line)
    return re.findall(r"[A-Za-zÀ-ÿ]+(?:[-'][A-Za-zÀ-ÿ]+)*", line)


def text_of(output: dict) -> str:
    """The text a person sees of one notebook output ('' for a widget, shown as a widget)."""
    kind = output.get("output_type")
    if kind == "stream":
        # stderr is the kernel's and the libraries' log (a tornado/zmq message under load, a
        # deprecation warning), not what the lesson prints; an exception fails nbval anyway
        return output.get("text", "") if output.get("name", "stdout") == "stdout" else ""
    if kind in ("display_data", "execute_result"):
        data = output.get("data", {})
        if "application/vnd.jupyter.widget-view+json" in data:
            return ""
        return data.get("text/plain", "")
    if kind == "error":
        return f"{output.get('ename')}: {output.get('evalue')}"
    return ""


def leaks(text: str, lang: str) -> list[str]:
    """Every English word, internal key or repr in ``text`` printed by a ``lang`` lesson."""
    found = []
    for line in text.splitlines():
        for prefix in CITATION[lang]:
            if prefix in line:
                line = line.split(prefix)[0]
        if _REPR.search(line):
            found.append(f"repr: {line.strip()}")
        found += [f"key {m.group(0)!r}: {line.strip()}" for m in _KEY.finditer(_NOTATION.sub(" ", line))]
        for word in _words(line):
            if _FORMULA.match(word) or word.isupper():
                continue
            if lang == "uk" and re.search(r"[a-z]{3}", word):
                found.append(f"Latin word {word!r}: {line.strip()}")
            elif lang == "de" and word.lower() in ENGLISH_DE and (word.islower()
                                                                    or word.lower() not in _DE_NOUNS):
                found.append(f"English word {word!r}: {line.strip()}")
    return found


#: Capitalised words that are also German nouns or names (Agenda, Start, Limit, Bot ...).
_DE_NOUNS = {"agenda", "start", "limit", "metall", "phase", "total"}
