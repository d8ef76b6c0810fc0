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
"""
from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .board import CELLS
from .chemistry import FAMILY_NAMES, element, element_name
from .elemonster import card
from .i18n import N_, format_number, gettext
from .ionization import energies

__all__ = ["Sheet", "Question", "lesson_sheet", "lesson_numbers", "render", "build", "to_pdf",
           "find_chromium", "LESSONS", "LANGS"]

#: The lessons of a source checkout (the wheel ships no notebooks: pass ``lessons=``).
LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LANGS = ("en", "uk", "de")

#: Per language: the lesson folder under ``lessons/``, the headings, the question marker.
_SHAPE = {
    "en": ("", "Goals", "Questions", "What to notice", r"\*\*Q(\d+)\.\*\*"),
    "uk": ("uk", "Мета", "Запитання", "На що звернути увагу", r"\*\*Питання (\d+)\.\*\*"),
    "de": ("de", "Ziele", "Fragen", "Worauf du achten solltest", r"\*\*Frage (\d+)\.\*\*"),
}

#: The question each lesson's exit ticket repeats (the one that checks the lesson's core goal).
EXIT_QUESTION = {"01": 3, "02": 8, "03": 1, "04": 1, "05": 1, "06": 2}

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
    "exit_self": N_("I can: {goal}"),
    "figure_board": N_("The game board: the periodic table without the f-block (atomic number above the symbol)"),
    "figure_period": N_("Periods 2 and 3: first ionization energy (eV) and atomic radius (Clementi, pm)"),
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


def _cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            src = cell["source"]
            out.append("".join(src) if isinstance(src, list) else src)
    return out


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
                 _section(text, notice_h))


# --- a small Markdown subset -> HTML (the lessons' prose: paragraphs, lists, tables, emphasis,
# code); no dependency, and nothing in the lesson can inject markup (everything is escaped first)
def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", text)
    return text


def markdown(text: str) -> str:
    out, para, items, rows = [], [], [], []

    def flush():
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()
        if rows:
            cells = [[c.strip() for c in r.strip().strip("|").split("|")] for r in rows
                     if not re.match(r"^\|?\s*:?-{3,}", r.strip())]
            head, *body = cells
            out.append("<table><thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head)
                       + "</tr></thead><tbody>" + "".join(
                           "<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>"
                           for r in body) + "</tbody></table>")
            rows.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("|"):
            if para or items:
                flush()
            rows.append(stripped)
        elif re.match(r"^[-*] ", stripped) and not line.startswith("    "):
            if para or rows:
                flush()
            items.append(stripped[2:])
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items or rows:
                flush()
            para.append(stripped)
    flush()
    return "\n".join(out)


# --- figures drawn from the kit's data ----------------------------------------------------
_FAMILY_FILL = {"alkali_metals": "#ffd7d7", "alkaline_earth_metals": "#ffe9c7",
                "transition_metals": "#fff6c2", "post_transition_metals": "#d9f2d9",
                "metalloids": "#d6efe9", "other_nonmetals": "#d8e8fb",
                "halogens": "#e4dcf7", "noble_gases": "#f4d9ef"}


def board_svg(lang: str) -> str:
    size, pad = 34, 2
    width, height = 18 * size + 2 * pad, 7 * size + 2 * pad
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + 40}" '
             f'width="100%" role="img" aria-label="{html.escape(_say("figure_board", lang))}">']
    for c in CELLS:
        x, y = pad + (c.group - 1) * size, pad + (c.period - 1) * size
        fam = element(c.symbol).family
        parts.append(f'<rect x="{x}" y="{y}" width="{size - 2}" height="{size - 2}" '
                     f'fill="{_FAMILY_FILL.get(fam, "#eee")}" stroke="#444" stroke-width="0.6"/>'
                     f'<text x="{x + 3}" y="{y + 10}" font-size="8">{c.atomic_number}</text>'
                     f'<text x="{x + size / 2 - 1}" y="{y + 25}" font-size="13" '
                     f'text-anchor="middle" font-weight="bold">{c.symbol}</text>')
    lx, ly = pad, height + 10
    for i, (fam, name) in enumerate(FAMILY_NAMES.items()):
        x = lx + (i % 4) * 150
        y = ly + (i // 4) * 14
        label = html.escape(gettext("board", name, lang))
        parts.append(f'<rect x="{x}" y="{y - 8}" width="10" height="10" '
                     f'fill="{_FAMILY_FILL.get(fam, "#eee")}" stroke="#444" stroke-width="0.6"/>'
                     f'<text x="{x + 14}" y="{y + 1}" font-size="10">{label}</text>')
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
    return format_number(round(value, digits) if digits is not None else value, lang)


def _figures(lesson: str, lang: str) -> list[tuple[str, str]]:
    """(caption, html) of the figures lesson ``lesson``'s questions need."""
    figures = []
    if lesson in ("01", "02", "04", "05"):
        figures.append((_say("figure_board", lang), board_svg(lang)))
    if lesson == "02":
        rows = [[f"{element_name(s, lang)} ({s})", _num(element(s).ionization_energy_ev, lang, 2),
                 _num(element(s).atomic_radius_pm, lang, 0)]
                for s in ("Li", "Be", "B", "C", "N", "O", "F", "Ne",
                          "Na", "Mg", "Al", "Si", "P", "S", "Cl", "Ar")]
        figures.append((_say("figure_period", lang), _table(
            [_say("col_symbol", lang), _say("col_ie", lang), _say("col_radius", lang)], rows)))
        values = energies("Mg")
        figures.append((_say("figure_successive", lang, symbol="Mg"), _table(
            [_say("col_n", lang), _say("col_energy", lang)],
            [[str(i), _num(v, lang, 2)] for i, v in enumerate(values, start=1)])))
    if lesson == "03":
        rows = [[f"{element_name(s, lang)} ({s})", str(element(s).atomic_number),
                 _num(element(s).atomic_mass, lang)]
                for s in ("Ar", "K", "Co", "Ni", "Te", "I", "Bh", "Hs", "B")]
        figures.append((_say("figure_masses", lang), _table(
            [_say("col_symbol", lang), _say("col_z", lang), _say("col_mass", lang)], rows)))
    if lesson == "06":
        rows = []
        for s in ("Na", "K", "Cl", "Ca", "O", "H", "N", "F", "Fe", "Cu", "Zn", "He"):
            c = card(s)
            rows.append([f"{element_name(s, lang)} ({s})", _num(c.en, lang), _num(c.ie, lang),
                         str(c.outer), str(c.gaps)])
        figures.append((_say("figure_cards", lang), _table(
            [_say("col_symbol", lang), _say("col_attack", lang), _say("col_defence", lang),
             _say("col_outer", lang), _say("col_gaps", lang)], rows)))
    return figures


_CSS = """
@page { size: A4; margin: 14mm 14mm 16mm; }
body { font: 11pt/1.4 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #000; }
h1 { font-size: 16pt; margin: 0 0 4pt; } h2 { font-size: 13pt; margin: 12pt 0 4pt; }
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


def render(sheet: Sheet, teacher: bool) -> str:
    """The sheet as one self-contained HTML page (student: no answer anywhere in it)."""
    lang = sheet.lang
    say = lambda key, **kw: html.escape(_say(key, lang, **kw))  # noqa: E731
    out = [f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
           f"<title>{html.escape(sheet.title)} — {say('teacher' if teacher else 'student')}"
           f"</title><style>{_CSS}</style></head><body>",
           f'<p class="kind">{say("teacher" if teacher else "student")}</p>',
           f"<h1>{html.escape(sheet.title)}</h1>",
           f'<div class="meta"><span>{say("name")}</span><span>{say("class")}</span>'
           f'<span>{say("date")}</span></div>',
           f"<h2>{say('goals')}</h2><ul>"
           + "".join(f"<li>{_inline(g)}</li>" for g in sheet.goals) + "</ul>"]
    for caption, figure in _figures(sheet.lesson, lang):
        out.append(f"<figure>{figure}<figcaption>{html.escape(caption)}</figcaption></figure>")
    out.append(f"<h2>{say('questions')}</h2>")
    def question(q, tag: str, attributes: str, lines: int) -> None:
        """A question: its text, then the answer (teacher's sheet) or lines to write on."""
        out.append(f'<{tag} class="question"{attributes}><div class="n">{q.number}.</div>'
                   f"{markdown(q.text)}")
        if teacher and q.answer:
            out.append(f'<div class="answer"><span class="label">{say("answer")}</span>'
                       f"{markdown(q.answer)}</div>")
        elif not teacher:
            out.append('<div class="lines">' + "<div></div>" * lines + "</div>")
        out.append(f"</{tag}>")

    for q in sheet.questions:
        question(q, "section", f' data-question="{q.number}"', 5)
    if teacher:
        out.append(f"<h2>{say('notice')}</h2>{markdown(sheet.notice)}")
        out.append(f"<p>{say('assessment')}</p>")
    exit_q = next((q for q in sheet.questions if q.number == EXIT_QUESTION.get(sheet.lesson)),
                  sheet.questions[0] if sheet.questions else None)
    out.append(f'<section class="exit" data-role="exit-ticket"><h2>{say("exit")} — '
               f"{html.escape(sheet.title)}</h2><p>{say('exit_intro')}</p><ul>"
               + "".join("<li>" + html.escape(_say("exit_self", lang, goal="\x00")).replace(
                   "\x00", _inline(g)) + "</li>" for g in sheet.goals) + "</ul>")
    if exit_q is not None:
        question(exit_q, "div", "", 4)
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
          lessons: Path | None = None) -> list[Path]:
    """Write the student and teacher sheets of one lesson into ``out``; with ``pdf`` also
    print each to PDF. Returns the files written."""
    sheet = lesson_sheet(number, lang, lessons)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind, teacher in (("student", False), ("teacher", True)):
        path = out / f"lesson{sheet.lesson}_{lang}_{kind}.html"
        path.write_text(render(sheet, teacher), encoding="utf-8")
        written.append(path)
        if pdf:
            written.append(to_pdf(path, path.with_suffix(".pdf")))
    return written
