"""Printable worksheets (periodic_edu.worksheets, `periodic-edu worksheet`): built from every
lesson in every language, the student sheet never carries an answer, the teacher sheet carries
every one, and a PDF prints offline."""
from __future__ import annotations

import html
import re

import pytest

from periodic_edu import worksheets
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
