"""Printable worksheets (periodic_edu.pages.worksheets, `periodic-edu worksheet`): built from every
lesson in every language, the student sheet never carries an answer, the teacher sheet carries
every one, and a PDF prints offline."""
from __future__ import annotations

import html
import re

import pytest

from periodic_edu.pages import worksheets
from periodic_edu.cli import main

CASES = [(lang, n) for lang in worksheets.LANGS for n in worksheets.lesson_numbers(lang)]


def _text(page: str) -> str:
    """The visible text of a page: tags removed, entities decoded, spaces collapsed."""
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    page = re.sub(r"</?(?:em|strong|code)>", "", page)  # inline: no space of their own
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


def _plain(markdown: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[*`|]", "", markdown)).strip()


def _sentences(markdown: str) -> list[str]:
    """An answer's sentences of eight words or more (short ones can repeat the question)."""
    parts = re.split(r"(?<=[.!?:;])\s+", _plain(markdown))
    return [p.rstrip(".!?:;") for p in parts if len(p.split()) >= 8]


def test_every_lesson_in_every_language_is_covered():
    assert {n for lang, n in CASES if lang == "en"} == {"01", "02", "03", "04", "05", "06"}
    assert {n for lang, n in CASES if lang == "uk"} == {"01", "02", "03", "04", "05", "06"}
    assert {n for lang, n in CASES if lang == "de"} == {"01", "02", "03", "04", "05", "06"}


@pytest.mark.parametrize("lang, number", CASES, ids=[f"{lang}-{n}" for lang, n in CASES])
def test_student_sheet_has_the_questions_and_no_answer(lang, number, tmp_path):
    sheet = worksheets.lesson_sheet(number, lang)
    assert sheet.goals and sheet.questions
    assert all(q.answer for q in sheet.questions), "every lesson question has a hidden answer"
    student, teacher = worksheets.build(number, lang, tmp_path)
    page, key = student.read_text(encoding="utf-8"), teacher.read_text(encoding="utf-8")
    shown, shown_key = _text(page), _text(key)
    assert "<details" not in page and "<script" not in page
    assert not re.search(r"""(src|href|url)\s*[=(]\s*["']?https?:""", page)  # nothing fetched
    assert page.count('class="question" data-question=') == len(sheet.questions)
    assert 'data-role="exit-ticket"' in page
    questions = " ".join(_plain(q.text) for q in sheet.questions)
    leaked = [s for q in sheet.questions for s in _sentences(q.answer)
              if s in shown and s not in questions]
    assert not leaked, f"{student.name} shows answer text: {leaked[:3]}"
    for q in sheet.questions:  # the teacher sheet has every answer
        for s in _sentences(q.answer)[:2]:
            assert s in shown_key, f"{teacher.name}: Q{q.number}'s answer missing: {s!r}"
    assert html.escape(sheet.title, quote=False) in page
    assert f'lang="{lang}"' in page


def test_a_planted_answer_would_be_found(tmp_path):
    """The leak check really looks: a teacher sheet, read as a student sheet, fails it."""
    sheet = worksheets.lesson_sheet("03", "en")
    key = _text(worksheets.render(sheet, teacher=True))
    assert any(s in key for q in sheet.questions for s in _sentences(q.answer))


def test_figures_come_from_the_data():
    page = worksheets.render(worksheets.lesson_sheet("02", "uk"), teacher=False)
    assert page.count("<svg") == 1 and ">Og<" in page and ">He<" in page  # the 88-cell board
    assert "80,14" in page and "1761,8" in page  # Mg's successive ionization energies
    page = worksheets.render(worksheets.lesson_sheet("06", "en"), teacher=False)
    assert "Sodium (Na)" in page and "3.98" in page  # the Elemonster card table


def test_cli_writes_the_sheets_and_refuses_a_wrong_lesson(tmp_path, capsys):
    assert main(["worksheet", "02", "--lang", "uk", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out.split()
    assert [p.rsplit("/", 1)[-1] for p in out] == ["lesson02_uk_student.html",
                                                   "lesson02_uk_teacher.html"]
    assert main(["worksheet", "09", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no lesson 09" in err and "Traceback" not in err


@pytest.mark.skipif(worksheets.find_chromium() is None, reason="no Chromium on this machine")
def test_pdf_prints_offline(tmp_path):
    files = worksheets.build("02", "uk", tmp_path, pdf=True)
    pdfs = [p for p in files if p.suffix == ".pdf"]
    assert len(pdfs) == 2
    for pdf in pdfs:
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF") and data.count(b"/Type /Page") >= 2


# --- sheets that work on paper (teaching review 2: T4-11, T4-12, T4-13, T4-30) ---------------

from difflib import SequenceMatcher  # noqa: E402

from periodic_edu.chemistry import ELEMENTS  # noqa: E402

_SYMBOLS = {e.symbol for e in ELEMENTS}
#: symbols that are also common words at a sentence start ("In", "As", "Es" ...): required on
#: the sheet only when they stand in a step ("In → Tl") or a formula-like list
_WORDLIKE = {"I", "In", "As", "At", "Be", "He", "No", "Es", "Am", "Ca", "Na", "Re", "So"}


def _mentioned(text: str) -> set[str]:
    plain = re.sub(r"`[^`]*`", " ", text)
    found = {m for m in re.findall(r"(?<![\w¹⁰-⁹])([A-Z][a-z]?)(?![\w])", plain) if m in _SYMBOLS}
    stepped = set(re.findall(r"([A-Z][a-z]?)\s*[→/]\s*([A-Z][a-z]?)", plain))
    return {s for s in found if s not in _WORDLIKE} | {s for pair in stepped for s in pair} & _SYMBOLS


@pytest.mark.parametrize("lang, number", CASES, ids=[f"{lang}-{n}" for lang, n in CASES])
def test_every_question_is_answerable_on_paper_or_marked(lang, number):
    """Each question is in PAPER (the figures it needs are printed, the elements it names are
    in them, no notebook hint or code call is left) or in NOTEBOOK (and marked so)."""
    sheet = worksheets.lesson_sheet(number, lang)
    page = worksheets.render(sheet, teacher=False)
    paper = worksheets.PAPER[number]
    notebook = worksheets.NOTEBOOK[number]
    figures = {fid: _text(worksheets._figure(fid, sheet)[1] + worksheets._figure(fid, sheet)[0])
               for fid in worksheets.figures_of(sheet)}
    for q in sheet.questions:
        block = re.search(rf'<section class="question" data-question="{q.number}">(.*?)</section>',
                          page, re.S).group(1)
        assert (q.number in paper) != (q.number in notebook), (
            f"{lang}-{number} Q{q.number}: neither answerable on paper nor marked (or both)")
        if q.number in notebook:
            assert 'data-role="needs-notebook"' in block
            continue
        assert 'data-role="needs-notebook"' not in block
        for fid in paper[q.number]:
            assert f'data-figure="{fid}"' in page, (lang, number, q.number, fid)
        assert not re.search(r"<code>[^<]*\(", block), f"{lang}-{number} Q{q.number}: code on paper"
        # no notebook hint left: "(Use the cell below.)", "(Nutze die Zelle …)"
        assert not re.search(r"\([^)]*(\bcell\b|\bZelle\b|комірк)", _text(block), re.I), (
            lang, number, q.number)
        shown = " ".join(figures[f] for f in paper[q.number]) + " " + _text(block)
        missing = [s for s in _mentioned(worksheets.paper_text(q, number))
                   if not re.search(rf"(?<![A-Za-z]){s}(?![a-z])", " ".join(figures[f] for f in paper[q.number]))
                   and s not in " ".join(re.findall(r"\(([^)]*)\)", _text(block)))]
        assert not missing, f"{lang}-{number} Q{q.number}: {missing} not in its figures"


@pytest.mark.parametrize("lang, number", CASES, ids=[f"{lang}-{n}" for lang, n in CASES])
def test_the_exit_ticket_is_a_new_question(lang, number):
    sheet = worksheets.lesson_sheet(number, lang)
    ask, answer = worksheets.exit_ticket(sheet)
    assert ask and answer and "{" not in ask + answer  # every number filled from the data
    for q in sheet.questions:
        ratio = SequenceMatcher(None, _plain(q.text), ask).ratio()
        assert ratio < 0.5, f"{lang}-{number}: the exit ticket repeats Q{q.number} ({ratio:.2f})"
    student = worksheets.render(sheet, teacher=False)
    teacher = worksheets.render(sheet, teacher=True)
    exit_part = _text(student.split('data-role="exit-ticket"')[1])
    assert _text(html.escape(ask)) in exit_part and _text(html.escape(answer)) not in _text(student)
    assert _text(html.escape(answer)) in _text(teacher)


def test_sheets_print_well_on_paper():
    sheet = worksheets.lesson_sheet("02", "de")
    student, teacher = (worksheets.render(sheet, teacher=t) for t in (False, True))
    assert "break-after: avoid" in student  # no heading alone at the bottom of a page
    name = html.escape(worksheets._say("name", "de"))
    assert f"<span>{name}</span>" in student and f"<span>{name}</span>" not in teacher
    assert "Das kann ich:" in student  # the goals read after the stem
    # the table-top plans' data: every board cell's values on the lesson 2 and 3 sheets
    assert student.count("<text") > 88 * 3 and "Perioden 2 und 3" in student
    mass = worksheets.render(worksheets.lesson_sheet("03", "uk"), teacher=False)
    assert 'data-figure="isotopes"' in mass and "40Ar" in mass and "99,60 %" in mass
    assert 'data-figure="board_mass"' in mass


def test_a_missing_figure_would_be_found(monkeypatch):
    """The paper check really looks: lesson 2's Q4 without the board of values names Cs and Fr,
    which no remaining figure prints."""
    monkeypatch.setitem(worksheets.PAPER, "02", {**worksheets.PAPER["02"], 4: ("periods",)})
    with pytest.raises(AssertionError, match="Cs"):
        test_every_question_is_answerable_on_paper_or_marked("en", "02")


def test_the_compact_variant_has_fewer_lines_and_no_exit_page_break(tmp_path, capsys):
    sheet = worksheets.lesson_sheet("01", "uk")
    full, compact = (worksheets.render(sheet, teacher=False, compact=c) for c in (False, True))
    assert compact.count('<div class="lines">') == full.count('<div class="lines">')
    assert compact.count("<div></div>") < full.count("<div></div>") / 2
    assert ".exit { break-before: auto; }" in compact and ".exit { break-before: auto; }" not in full
    assert main(["worksheet", "01", "--lang", "uk", "--compact", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "lesson01_uk_student.html").read_text(encoding="utf-8") == compact
