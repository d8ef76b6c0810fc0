"""Printable worksheets and exit tickets, generated from the lessons so that they never drift.

For each lesson and language two sheets: the **student sheet** (the goals, every question with
room to write, the board or the data table the questions need, and an exit ticket on its own
page; never an answer) and the **teacher sheet** (the same, with each answer and the lesson's
"What to notice"). Both are self-contained, print-ready HTML (A4, no script, no font or image
fetched from anywhere); :func:`to_pdf` prints one to PDF with a local Chromium, offline.

The questions, answers and goals are read from the notebook (``lessons/NN_*.ipynb``,
``lessons/uk/``, ``lessons/de/``): the ``**Q1.**`` paragraphs of the *Questions* section and
their ``<details>`` answers. The figures are drawn from the kit's data (board cells, element
table, successive ionization energies, Elemonster cards).

    >>> sheet = lesson_sheet("02", "en")
    >>> sheet.title, len(sheet.questions) >= 7
    ('Lesson 2 · Ionization energy and atomic radius', True)
    >>> "<details" in render(sheet, teacher=False)
    False

**On paper.** Every question is either answerable from the student sheet alone (:data:`PAPER`
names the figures it needs: the board, data tables, the isotope table, all drawn from the data
and printed on the sheet; a notebook hint such as "(Use the cell below.)" or a code call in
parentheses is left off the paper) or marked "needs the notebook" (:data:`NOTEBOOK`). The exit
ticket is a new question of its own (:data:`EXIT_TICKETS`), never one of the sheet's.
"""
from __future__ import annotations

import ast
import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..board import CELLS, TREND_DIRECTIONS, TREND_NAMES
from ..chemistry import ELEMENTS, FAMILIES, FAMILY_NAMES, element, element_name
from ..elemonster import card
from ..engine import TREND_ABBR
from ..i18n import N_, format_number, gettext
from ..ionization import energies
from .markdown import inline as _inline, markdown_to_html as markdown

__all__ = ["Sheet", "Question", "lesson_sheet", "lesson_numbers", "render", "build", "to_pdf",
           "find_chromium", "figures_of", "paper_text", "exit_ticket", "lesson_exit_ticket", "PAPER", "NOTEBOOK",
           "EXIT_TICKETS", "LESSONS", "LANGS"]

#: The lessons of a source checkout (the wheel ships no notebooks: pass ``lessons=``).
LESSONS = Path(__file__).resolve().parents[2] / "lessons"
LANGS = ("en", "uk", "de")

#: Per language: the lesson folder under ``lessons/``, the headings, the question marker.
_SHAPE = {
    "en": ("", "Goals", "Questions", "What to notice", r"\*\*Q(\d+)\.\*\*"),
    "uk": ("uk", "Мета", "Запитання", "На що звернути увагу", r"\*\*Питання (\d+)\.\*\*"),
    "de": ("de", "Ziele", "Fragen", "Das Wichtigste", r"\*\*Frage (\d+)\.\*\*"),
}

#: What each question needs on paper: the figures (by id, see :func:`_figure`) it is answered
#: from; ``()`` for a question of reasoning alone. The numbering is the same in every language.
PAPER: dict[str, dict[int, tuple[str, ...]]] = {
    "01": {1: ("board", "fblock"), 2: ("board",), 3: ("shells",), 4: ("families",),
           6: ("board",)},
    "02": {1: ("periods",), 2: ("periods",), 3: ("periods",), 4: ("board_ie",), 5: ("periods",),
           6: ("periods",), 7: ("group13",), 8: ("successive",)},
    "03": {1: ("masses", "isotopes"), 2: ("masses", "isotopes"), 3: ("masses", "isotopes"),
           4: ("board_mass", "masses"), 5: ("masses",), 6: ("masses",), 7: ()},
    "04": {1: (), 2: ("board", "trends"), 4: ("board", "families", "trends")},
    "05": {},
    "06": {1: ("cards",), 2: ("cards",), 3: ("cards",), 4: ("cards",)},
}
#: The questions that need the running notebook (a game's state, a simulation, code):
#: the sheet marks them so.
NOTEBOOK: dict[str, tuple[int, ...]] = {
    "01": (5,), "02": (), "03": (), "04": (3, 5, 6), "05": (1, 2, 3, 4, 5), "06": (),
}

#: The exit ticket of each lesson: a new question on the lesson's core goal (not one of the
#: sheet's), with its answer for the teacher sheet; the numbers are filled from the data.
EXIT_TICKETS = {
    "01": (N_("Calcium has atomic number {z}, and its electrons fill {n} shells ({shells}). In "
              "which period and which group is it, and how many outer electrons does it have?"),
           N_("Period {n} (as many periods as shells), group 2: its outer shell holds 2 "
              "electrons, like magnesium's and beryllium's.")),
    "02": (N_("The first four ionization energies of aluminium are {e1}, {e2}, {e3} and {e4} eV. "
              "After which electron is the big jump, and how many outer electrons does aluminium "
              "have?"),
           N_("After the third electron ({e3} → {e4} eV): the fourth comes from the shell below. "
              "Aluminium has 3 outer electrons (group 13).")),
    "03": (N_("Cobalt (Z 27) has atomic mass {co} and nickel (Z 28) {ni}. Why does nickel come "
              "after cobalt in the periodic table, though it is lighter?"),
           N_("The table is ordered by atomic number (protons), not by mass. Nickel's commonest "
              "isotope is the light 58Ni, so its average mass is below that of cobalt, whose "
              "only stable isotope is 59Co.")),
    "04": (N_("You have 3 energy and choose Spend. How many movements can you make in this turn, "
              "and what does each cost?"),
           N_("Two: the first activation costs 1 energy, every further one 2 (1 + 2 = 3).")),
    "05": (N_("A bot won 55 of 100 games against an equal opponent. The standard error of a win "
              "rate p over n games is √(p(1 − p)/n). Is the bot clearly better?"),
           N_("No: with p = 0.5 and n = 100 the standard error is {se} (5 percentage points), "
              "so 55 % is only one standard error above 50 %; chance does that often. Many more "
              "games are needed.")),
    "06": (N_("Magnesium has 2 outer electrons, aluminium 3, and oxygen has 2 gaps. Write the "
              "formulas of magnesium oxide and aluminium oxide, and show the electron count."),
           N_("MgO: 2 electrons given fill 2 gaps. Al2O3: 2 × 3 = 6 electrons given fill "
              "3 × 2 = 6 gaps.")),
}

# The sheets' own words (the "cli" catalog).
_WORDS = {
    "student": N_("Student sheet"),
    "teacher": N_("Teacher sheet (with answers)"),
    "name": N_("Name"),
    "date": N_("Date"),
    "class": N_("Class"),
    "goals": N_("By the end of this lesson you can"),
    "questions": N_("Questions"),
    "answer": N_("Answer"),
    "notice": N_("What to notice"),
    "exit": N_("Exit ticket"),
    "exit_intro": N_("Before you leave: tick what you can do, then answer the question."),
    "exit_self": N_("I can do this: {goal}"),
    "needs_notebook": N_("Needs the notebook"),
    "figure_board": N_("The game board: the periodic table without the f-block (atomic number above the symbol)"),
    "figure_board_ie": N_("The game board with each cell's first ionization energy (eV, upper number) and atomic radius (Clementi, pm, lower number)"),
    "figure_board_mass": N_("The game board with each cell's atomic mass"),
    "figure_period": N_("Periods 2 and 3: first ionization energy (eV and kJ/mol; 1 eV per atom = {kj} kJ/mol), atomic radius (Clementi, pm), covalent radius (pm), electron configuration"),
    "figure_group13": N_("Group 13: first ionization energy (eV) and atomic radius (Clementi, pm)"),
    "figure_fblock": N_("Not on the board: the lanthanides and actinides (the f-block)"),
    "figure_shells": N_("Electrons per shell and electron configuration"),
    "figure_families": N_("The eight element families of the game's cards"),
    "figure_trends": N_("The five trends: abbreviation, name as on the board, and the directions a movement may take"),
    "figure_isotopes": N_("Isotopes: mass (Da) and abundance (amount fraction), from the lesson's table"),
    "col_period": N_("Period"),
    "col_shells": N_("Electrons per shell"),
    "col_config": N_("Electron configuration"),
    "col_covalent": N_("Covalent radius (pm)"),
    "col_kj": N_("Ionization energy (kJ/mol)"),
    "col_family": N_("Family"),
    "col_members": N_("Elements"),
    "col_abbr": N_("Abbreviation"),
    "col_trend": N_("Trend"),
    "col_directions": N_("Directions"),
    "col_isotope": N_("Isotope"),
    "col_isotope_mass": N_("Mass (Da)"),
    "col_abundance": N_("Abundance"),
    "dir_up": N_("up"), "dir_down": N_("down"), "dir_left": N_("left"), "dir_right": N_("right"),
    "dir_z": N_("in order of Z, one way"),
    "figure_successive": N_("Successive ionization energies of {symbol} (eV), electron by electron"),
    "figure_masses": N_("Atomic masses around the three natural inversions (CIAAW 2021)"),
    "figure_cards": N_("Elemonster cards: attack (electronegativity), defence (ionization energy ÷ 5), outer electrons and gaps"),
    "col_symbol": N_("Element"),
    "col_z": N_("Atomic number Z"),
    "col_ie": N_("Ionization energy (eV)"),
    "col_radius": N_("Radius (pm)"),
    "col_mass": N_("Atomic mass"),
    "col_attack": N_("Attack"),
    "col_defence": N_("Defence"),
    "col_outer": N_("Outer electrons"),
    "col_gaps": N_("Gaps"),
    "col_n": N_("Electron"),
    "col_energy": N_("Energy (eV)"),
    "generated": N_("Generated from {lesson} by periodic-edu; the questions are the lesson's own."),
    "assessment": N_("For assessment: hand out the student sheet, collect it, mark it against the teacher sheet."),
}


def _say(key: str, lang: str, **values) -> str:
    text = gettext("cli", _WORDS[key], lang)
    return text.format(**values) if values else text


@dataclass(frozen=True)
class Question:
    number: int
    text: str     # markdown
    answer: str   # markdown ('' if the lesson has none)


@dataclass(frozen=True)
class Sheet:
    lesson: str           # "02"
    lang: str
    source: str           # the notebook's file name
    title: str
    goals: tuple[str, ...]
    questions: tuple[Question, ...]
    notice: str           # markdown of "What to notice"
    #: the lesson's ISOTOPES table, read from its code: ((symbol, ((isotope, mass, share), ...)), ...)
    isotopes: tuple = ()


def _cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            src = cell["source"]
            out.append("".join(src) if isinstance(src, list) else src)
    return out


def _isotopes(path: Path) -> tuple:
    """The ``ISOTOPES = {...}`` literal of the lesson's code, if it has one (lesson 3)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = cell["source"]
        for node in ast.walk(ast.parse("".join(src) if isinstance(src, list) else src)):
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and getattr(node.targets[0], "id", None) == "ISOTOPES"):
                table = ast.literal_eval(node.value)
                return tuple((symbol, tuple((name, m, a) for name, (m, a) in isos.items()))
                             for symbol, isos in table.items())
    return ()


def _section(text: str, name: str) -> str:
    m = re.search(rf"^##\s+{re.escape(name)}\s*$(.*?)(?=^##\s|\Z)", text, re.M | re.S)
    if not m:
        raise ValueError(f"no '## {name}' section")
    return m.group(1).strip()


def lesson_numbers(lang: str = "en", lessons: Path | None = None) -> list[str]:
    folder = (lessons or LESSONS) / _SHAPE[_lang(lang)][0]
    return sorted(p.name[:2] for p in folder.glob("[0-9][0-9]_*.ipynb"))


def _lang(lang: str) -> str:
    if lang not in _SHAPE:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGS)}")
    return lang


def lesson_sheet(number: str | int, lang: str = "en", lessons: Path | None = None) -> Sheet:
    """Read lesson ``number`` (``2``, ``"02"``) in ``lang`` into a :class:`Sheet`."""
    folder_name, goals_h, questions_h, notice_h, marker = _SHAPE[_lang(lang)]
    number = f"{int(number):02d}" if str(number).isdigit() else str(number)
    folder = (lessons or LESSONS) / folder_name
    found = sorted(folder.glob(f"{number}_*.ipynb"))
    if not found:
        have = ", ".join(lesson_numbers(lang, lessons)) or "none"
        raise ValueError(f"no lesson {number} in {lang} (lessons: {have})")
    path = found[0]
    text = "\n\n".join(_cells(path))
    title = re.search(r"^#\s+(.+?)\s*$", text, re.M).group(1)
    goals = tuple(re.sub(r"\s+", " ", g).strip()
                  for g in re.findall(r"^- (.+?(?:\n  .+?)*)$", _section(text, goals_h), re.M))
    body = _section(text, questions_h)
    parts = re.split(rf"(?={marker})", body)
    questions = []
    for part in parts:
        m = re.match(marker, part)
        if not m:
            continue
        q_text, _, rest = part[m.end():].partition("<details>")
        answer = ""
        if rest:
            inner = rest.split("</details>")[0]
            answer = re.sub(r"^\s*<summary>.*?</summary>", "", inner, flags=re.S).strip()
        questions.append(Question(int(m.group(1)), q_text.strip(), answer))
    return Sheet(number, lang, path.name, title, goals, tuple(questions),
                 _section(text, notice_h), _isotopes(path))


# --- figures drawn from the kit's data ----------------------------------------------------
def board_svg(lang: str, values=None) -> str:
    """The 88 cells in black and white (it prints on any printer). ``values``: a function of a
    symbol giving up to two short lines printed in the cell (the data for table-top play)."""
    size, pad = 34, 2
    width, height = 18 * size + 2 * pad, 7 * size + 2 * pad
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="100%" role="img" aria-label="{html.escape(_say("figure_board", lang))}">']
    for c in CELLS:
        x, y = pad + (c.group - 1) * size, pad + (c.period - 1) * size
        parts.append(f'<rect x="{x}" y="{y}" width="{size - 2}" height="{size - 2}" '
                     f'fill="#fff" stroke="#444" stroke-width="0.6"/>'
                     f'<text x="{x + 2}" y="{y + 8}" font-size="{7 if values is None else 5.5}">'
                     f'{c.atomic_number}</text>')
        if values is None:
            parts.append(f'<text x="{x + size / 2 - 1}" y="{y + 25}" font-size="13" '
                         f'text-anchor="middle" font-weight="bold">{c.symbol}</text>')
            continue
        parts.append(f'<text x="{x + size - 4}" y="{y + 8}" font-size="9" text-anchor="end" '
                     f'font-weight="bold">{c.symbol}</text>')
        for k, line in enumerate(values(c.symbol)[:2]):
            parts.append(f'<text x="{x + size / 2 - 1}" y="{y + 19 + 9 * k}" font-size="7.5" '
                         f'text-anchor="middle">{html.escape(line)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _table(head: list[str], rows: list[list[str]]) -> str:
    return ("<table class=\"data\"><thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head)
            + "</tr></thead><tbody>" + "".join(
                "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>"
                for r in rows) + "</tbody></table>")


def _num(value, lang: str, digits: int | None = None) -> str:
    if value is None:
        return "—"
    return format_number(value, lang, digits)


#: 1 eV per atom in kJ/mol (exact SI constants: e × N_A / 1000)
_KJ = 1.602176634e-19 * 6.02214076e23 / 1000


def _name(symbol: str, lang: str) -> str:
    return f"{element_name(symbol, lang)} ({symbol})"


def _figure(fid: str, sheet: Sheet) -> tuple[str, str]:
    """(caption, html) of figure ``fid``, drawn from the kit's data."""
    lang = sheet.lang
    say = lambda key, **kw: _say(key, lang, **kw)  # noqa: E731
    if fid == "board":
        return say("figure_board"), board_svg(lang)
    if fid == "board_ie":
        return say("figure_board_ie"), board_svg(lang, lambda s: [
            _num(element(s).ionization_energy_ev, lang, 2), _num(element(s).atomic_radius_pm, lang, 0)])
    if fid == "board_mass":
        return say("figure_board_mass"), board_svg(lang, lambda s: [
            _num(element(s).atomic_mass, lang, 2 if element(s).atomic_mass < 100 else 1)])
    if fid == "periods":
        rows = [[_name(s, lang), _num(element(s).ionization_energy_ev, lang, 2),
                 _num(element(s).ionization_energy_ev * _KJ, lang, 0),
                 _num(element(s).atomic_radius_pm, lang, 0),
                 _num(element(s).covalent_radius_pm, lang, 0), element(s).electron_configuration]
                for s in ("Li", "Be", "B", "C", "N", "O", "F", "Ne",
                          "Na", "Mg", "Al", "Si", "P", "S", "Cl", "Ar")]
        return say("figure_period", kj=format_number(_KJ, lang, 3)), _table(
            [say("col_symbol"), say("col_ie"), say("col_kj"), say("col_radius"),
             say("col_covalent"), say("col_config")], rows)
    if fid == "group13":
        rows = [[_name(s, lang), str(element(s).period), _num(element(s).ionization_energy_ev, lang, 2),
                 _num(element(s).atomic_radius_pm, lang, 0)] for s in ("B", "Al", "Ga", "In", "Tl")]
        return say("figure_group13"), _table(
            [say("col_symbol"), say("col_period"), say("col_ie"), say("col_radius")], rows)
    if fid == "successive":
        values = energies("Mg")  # no leap marked: a student sheet gives no answer away
        return say("figure_successive", symbol="Mg"), _table(
            [say("col_n"), say("col_energy")],
            [[str(i), _num(v, lang, 2)] for i, v in enumerate(values, start=1)])
    if fid == "masses":
        rows = [[_name(s, lang), str(element(s).atomic_number), _num(element(s).atomic_mass, lang)]
                for s in ("Ar", "K", "Co", "Ni", "Te", "I", "Bh", "Hs", "B")]
        return say("figure_masses"), _table(
            [say("col_symbol"), say("col_z"), say("col_mass")], rows)
    if fid == "isotopes":
        rows = [[_name(sym, lang) if k == 0 else "", name, _num(mass, lang), _num(100 * share, lang, 2) + " %"]
                for sym, isos in sheet.isotopes for k, (name, mass, share) in enumerate(isos)]
        return say("figure_isotopes"), _table(
            [say("col_symbol"), say("col_isotope"), say("col_isotope_mass"), say("col_abundance")], rows)
    if fid == "fblock":
        rows = [[gettext("board", FAMILY_NAMES.get(f, f), lang) if f in FAMILY_NAMES else
                 ("La–Lu" if f == "lanthanides" else "Ac–Lr"),
                 " ".join(e.symbol for e in ELEMENTS if e.family == f)]
                for f in ("lanthanides", "actinides")]
        return say("figure_fblock"), _table([say("col_family"), say("col_members")], rows)
    if fid == "shells":
        rows = [[_name(s, lang), str(element(s).period), " ".join(map(str, element(s).shells)),
                 element(s).electron_configuration] for s in ("Li", "Na", "K", "Fe", "Pd")]
        return say("figure_shells"), _table(
            [say("col_symbol"), say("col_period"), say("col_shells"), say("col_config")], rows)
    if fid == "families":
        rows = [[gettext("board", FAMILY_NAMES[f], lang), " ".join(members)]
                for f, members in FAMILIES.items()]
        return say("figure_families"), _table([say("col_family"), say("col_members")], rows)
    if fid == "trends":
        rows = [[TREND_ABBR[t], gettext("board", TREND_NAMES[t], lang),
                 ", ".join(say(f"dir_{d}") for d in TREND_DIRECTIONS.get(t, ())) or say("dir_z")]
                for t in TREND_NAMES]
        return say("figure_trends"), _table(
            [say("col_abbr"), say("col_trend"), say("col_directions")], rows)
    if fid == "cards":
        rows = []
        for s in ("Na", "K", "Cl", "Ca", "O", "H", "N", "F", "Fe", "Cu", "Zn", "He"):
            c = card(s)
            rows.append([_name(s, lang), _num(c.en, lang), _num(c.ie, lang), str(c.outer), str(c.gaps)])
        return say("figure_cards"), _table(
            [say("col_symbol"), say("col_attack"), say("col_defence"), say("col_outer"),
             say("col_gaps")], rows)
    raise ValueError(f"unknown figure {fid!r}")


def figures_of(sheet: Sheet) -> list[str]:
    """The ids of the figures the sheet prints: those its paper questions need, in order."""
    out: list[str] = []
    for q in sheet.questions:
        for fid in PAPER.get(sheet.lesson, {}).get(q.number, ()):
            if fid not in out:
                out.append(fid)
    return out


_CSS = """
@page { size: A4; margin: 14mm 14mm 16mm; }
body { font: 11pt/1.4 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #000; }
h1 { font-size: 16pt; margin: 0 0 4pt; } h2 { font-size: 13pt; margin: 12pt 0 4pt; }
h1, h2, figcaption { break-after: avoid; page-break-after: avoid; }
.notebook { font-weight: normal; font-style: italic; font-size: 9pt; }
.meta { display: flex; gap: 18pt; margin: 6pt 0 10pt; }
.meta span { flex: 1; border-bottom: 1px solid #000; padding-top: 12pt; font-size: 9pt; }
.kind { font-size: 9pt; text-transform: uppercase; letter-spacing: .05em; color: #333; }
.question { break-inside: avoid; margin: 0 0 10pt; }
.question .n { font-weight: bold; }
.lines { margin-top: 4pt; }
.lines div { border-bottom: 1px solid #888; height: 20pt; }
.answer { border: 1.5pt solid #1f4e79; background: #eef4fb; padding: 4pt 8pt; margin-top: 4pt; }
.answer .label { font-weight: bold; color: #1f4e79; }
figure { margin: 6pt 0 10pt; break-inside: avoid; } figcaption { font-size: 9pt; color: #333; }
table { border-collapse: collapse; font-size: 9.5pt; margin: 4pt 0; }
th, td { border: 1px solid #666; padding: 2pt 5pt; text-align: left; }
.exit { break-before: page; border: 2pt dashed #000; padding: 10pt; }
.exit li { list-style: none; } .exit li::before { content: "☐ "; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 9.5pt; }
footer { font-size: 8pt; color: #444; margin-top: 14pt; }
"""


_COMPACT_CSS = ".exit { break-before: auto; } .question { margin-bottom: 6pt; }"


def exit_ticket(sheet: Sheet) -> tuple[str, str]:
    """(question, answer) of the lesson's exit ticket, its numbers filled from the data."""
    return lesson_exit_ticket(sheet.lesson, sheet.lang)


def lesson_exit_ticket(lesson: str, lang: str) -> tuple[str, str]:
    """(question, answer) of lesson ``lesson``'s (``"01"`` to ``"06"``) exit ticket in
    ``lang``: the printed sheet's, and the one a device shows
    (:class:`periodic_edu.widgets.PracticeCheckWidget`'s ``exit_ticket``)."""
    ask, answer = EXIT_TICKETS[lesson]
    num = lambda v, d=None: format_number(v, lang, d)  # noqa: E731
    ca, al = element("Ca"), energies("Al")
    values = {"z": ca.atomic_number, "n": len(ca.shells), "shells": ", ".join(map(str, ca.shells)),
              "e1": num(al[0], 2), "e2": num(al[1], 2), "e3": num(al[2], 2), "e4": num(al[3], 2),
              "co": num(element("Co").atomic_mass), "ni": num(element("Ni").atomic_mass),
              "se": num((0.5 * 0.5 / 100) ** 0.5, 2)}
    fill = lambda text: gettext("cli", text, lang).format(**values)  # noqa: E731
    return fill(ask), fill(answer)


def _paper_hint_free(text: str) -> str:
    """``text`` without its parenthesised notebook hints: a sentence about a cell ("(Use the
    cell below.)") or a code call ("(`check_step(...)`)"). Parentheses inside code count as
    code, so a hint with a call in it is removed whole."""
    out, i = [], 0
    while i < len(text):
        if text[i] != "(":
            out.append(text[i])
            i += 1
            continue
        depth, j, in_code = 0, i, False
        while j < len(text):
            ch = text[j]
            in_code = not in_code if ch == "`" else in_code
            depth += (ch == "(") - (ch == ")") if not in_code else 0
            if depth == 0:
                break
            j += 1
        group = text[i:j + 1]
        hint = re.search(r"\bcell\b|\bZelle\b|комірк", group, re.IGNORECASE) or re.search(r"`[^`]*\(", group)
        if hint:
            while out and out[-1] == " ":
                out.pop()
            i = j + 1
            continue
        out.append(group)
        i = j + 1
    return "".join(out)


def paper_text(question: Question, lesson: str) -> str:
    """The question as printed on a student sheet: notebook hints left off a paper question."""
    if question.number in NOTEBOOK.get(lesson, ()):
        return question.text
    return _paper_hint_free(question.text)


def render(sheet: Sheet, teacher: bool, compact: bool = False) -> str:
    """The sheet as one self-contained HTML page (student: no answer anywhere in it).
    ``compact``: two answer lines a question and the exit ticket on the same page (print it
    double-sided: for 30 pupils the difference is a stack of paper)."""
    lang = sheet.lang
    say = lambda key, **kw: html.escape(_say(key, lang, **kw))  # noqa: E731
    out = [f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
           f"<title>{html.escape(sheet.title)} — {say('teacher' if teacher else 'student')}"
           f"</title><style>{_CSS}{_COMPACT_CSS if compact else ''}</style></head><body>",
           f'<p class="kind">{say("teacher" if teacher else "student")}</p>',
           f"<h1>{html.escape(sheet.title)}</h1>"]
    if not teacher:  # the teacher's sheet is not handed in
        out.append(f'<div class="meta"><span>{say("name")}</span><span>{say("class")}</span>'
                   f'<span>{say("date")}</span></div>')
    out.append(f"<h2>{say('goals')}</h2><ul>"
               + "".join(f"<li>{_inline(g)}</li>" for g in sheet.goals) + "</ul>")
    for fid in figures_of(sheet):
        caption, figure = _figure(fid, sheet)
        out.append(f'<figure data-figure="{fid}">{figure}'
                   f"<figcaption>{html.escape(caption)}</figcaption></figure>")
    out.append(f"<h2>{say('questions')}</h2>")

    def question(number, text: str, answer: str, tag: str, attributes: str, lines: int,
                 at_computer: bool = False) -> None:
        """A question: its text, then the answer (teacher's sheet) or lines to write on."""
        label = (f' <span class="notebook" data-role="needs-notebook">({say("needs_notebook")})'
                 f"</span>" if at_computer else "")
        out.append(f'<{tag} class="question"{attributes}><div class="n">{number}{label}</div>'
                   f"{markdown(text)}")
        if teacher and answer:
            out.append(f'<div class="answer"><span class="label">{say("answer")}</span>'
                       f"{markdown(answer)}</div>")
        elif not teacher:
            out.append('<div class="lines">' + "<div></div>" * lines + "</div>")
        out.append(f"</{tag}>")

    notebook = NOTEBOOK.get(sheet.lesson, ())
    for q in sheet.questions:
        question(f"{q.number}.", paper_text(q, sheet.lesson), q.answer, "section",
                 f' data-question="{q.number}"', 2 if compact else 5, q.number in notebook)
    if teacher:
        out.append(f"<h2>{say('notice')}</h2>{markdown(sheet.notice)}")
        out.append(f"<p>{say('assessment')}</p>")
    ask, answer = exit_ticket(sheet)
    out.append(f'<section class="exit" data-role="exit-ticket"><h2>{say("exit")} — '
               f"{html.escape(sheet.title)}</h2><p>{say('exit_intro')}</p><ul>"
               + "".join("<li>" + html.escape(_say("exit_self", lang, goal="\x00")).replace(
                   "\x00", _inline(g)) + "</li>" for g in sheet.goals) + "</ul>")
    question("", ask, answer, "div", ' data-role="exit-question"', 2 if compact else 4)
    out.append("</section>")
    out.append(f"<footer>{say('generated', lesson=sheet.source)}</footer></body></html>\n")
    return "\n".join(out)


def find_chromium() -> str | None:
    """A local Chromium (Debian's, or playwright's), or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    try:  # playwright's own build, if installed
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            path = p.chromium.executable_path
        return path if path and os.path.exists(path) else None
    except Exception:  # noqa: BLE001 - no playwright, or no browser downloaded: none found
        return None


def to_pdf(html_path: Path, pdf_path: Path, chromium: str | None = None,
           timeout: float = 120) -> Path:
    """Print ``html_path`` to ``pdf_path`` with headless Chromium (offline: the page fetches
    nothing). Raises ``OSError`` with the reason if no Chromium is found or it fails."""
    chromium = chromium or find_chromium()
    if not chromium:
        raise OSError("no Chromium found for --pdf (install Debian's chromium, or run "
                      "'playwright install chromium')")
    with tempfile.TemporaryDirectory(prefix="periodic-edu-pdf-") as profile:
        cmd = [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
               "--disable-extensions", "--disable-background-networking",
               f"--user-data-dir={profile}", "--no-pdf-header-footer",
               f"--print-to-pdf={pdf_path}", Path(html_path).resolve().as_uri()]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if not pdf_path.is_file() or pdf_path.stat().st_size == 0:
        raise OSError(f"Chromium did not write {pdf_path} (exit {run.returncode})")
    return pdf_path


def build(number: str | int, lang: str, out: Path, pdf: bool = False,
          lessons: Path | None = None, compact: bool = False) -> list[Path]:
    """Write the student and teacher sheets of one lesson into ``out``; with ``pdf`` also
    print each to PDF; ``compact`` makes the shorter variant (see :func:`render`). Returns the
    files written."""
    sheet = lesson_sheet(number, lang, lessons)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind, teacher in (("student", False), ("teacher", True)):
        path = out / f"lesson{sheet.lesson}_{lang}_{kind}.html"
        path.write_text(render(sheet, teacher, compact), encoding="utf-8")
        written.append(path)
        if pdf:
            written.append(to_pdf(path, path.with_suffix(".pdf")))
    return written
