"""The teacher's page's Homework section (issue 34): an assignment made from the page's form,
and result codes taken from what the page sends (a pasted list, or a CSV file's text the
browser read), each step bounded and said in the page's language.

What the browser sends is text a visitor may have written: it is bounded here before anything
reads it (:data:`MAX_PASTE_CHARS`, :data:`MAX_CSV_CHARS`, at most
:data:`~periodic_edu.classroom.homework.MAX_CODES` codes), split into codes with where each one
was (its line), and only then handed to ``teacher.import_codes``, which reads each code (the
checksum, the game replayed, the answers scored) and refuses a bad one by its index.

>>> [c for _, c in codes_from_paste("04106-R9H, 04106-R9J\\n\\n  X")]
['04106-R9H', '04106-R9J', 'X']
>>> [(line, c) for line, c in codes_from_csv("name;code\\nAda;04106-R9H\\nBo;\\n")]
[(2, '04106-R9H')]
"""
from __future__ import annotations

import csv
import io
import os
import re
from typing import Any

from ..tabletop.table import Text

__all__ = ["MAX_PASTE_CHARS", "MAX_CSV_CHARS", "SITE_ENV", "codes_from_paste", "codes_from_csv",
           "new_assignment_from", "import_outcome", "results_rows"]

#: a pasted list: 200 codes of a whole game (about 600 characters each) fit
MAX_PASTE_CHARS = 150_000
#: a CSV file's text (names, dates and other columns besides the codes)
MAX_CSV_CHARS = 400_000
#: where the static site is (the assignment's link), when the form names no address
SITE_ENV = "PERIODIC_EDU_SITE_URL"
#: a CSV cell that looks like a result code: groups of up to five of its letters and digits
#: joined by dashes (as the student's page shows it), at least two groups
_LOOKS_LIKE_CODE = re.compile(r"^[0-9A-Za-z]{5}(?:-[0-9A-Za-z]{1,5})+$")
#: a CSV column whose heading says "code" in one of the page's languages
_CODE_HEADING = re.compile(r"code|код", re.IGNORECASE)
_SPLIT = re.compile(r"[\s,;]+")


def _bounded(text: str, limit: int) -> None:
    if len(text) > limit:
        raise ValueError(Text("teacher_hw_too_long", n=limit))


def _checked(found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    from ..classroom.homework import MAX_CODES
    if not found:
        raise ValueError(Text("teacher_hw_no_codes"))
    if len(found) > MAX_CODES:
        raise ValueError(Text("teacher_hw_too_many", n=MAX_CODES, count=len(found)))
    return found


def codes_from_paste(text: str) -> list[tuple[int, str]]:
    """``(line, code)`` of a pasted list: one code a line, or several separated by spaces,
    commas or semicolons (lines counted from 1)."""
    _bounded(text, MAX_PASTE_CHARS)
    found = [(number, token) for number, line in enumerate(text.splitlines(), 1)
             for token in _SPLIT.split(line) if token]
    return _checked(found)


def codes_from_csv(text: str) -> list[tuple[int, str]]:
    """``(line, code)`` of a CSV file's text: the column whose heading says "code" (the first
    such), or, without one, every cell that looks like a result code. The delimiter is the
    first of ``,`` ``;`` and tab the first line holds (a spreadsheet in German writes ``;``)."""
    text = text.lstrip("\ufeff")  # a spreadsheet's byte order mark
    _bounded(text, MAX_CSV_CHARS)
    first = text.split("\n", 1)[0]
    delimiter = next((d for d in (",", ";", "\t") if d in first), ",")
    try:
        rows = [(number, row) for number, row in
                enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), 1)]
    except csv.Error:
        raise ValueError(Text("teacher_hw_bad_csv")) from None
    column = None
    if rows:
        column = next((i for i, cell in enumerate(rows[0][1]) if _CODE_HEADING.search(cell)),
                      None)
    if column is not None:
        found = [(n, row[column].strip()) for n, row in rows[1:]
                 if len(row) > column and row[column].strip()]
    else:
        found = [(n, cell.strip()) for n, row in rows for cell in row
                 if _LOOKS_LIKE_CODE.match(cell.strip())]
    return _checked(found)


def site_address() -> str:
    """The static site the page's links point to: :data:`SITE_ENV`, or the kit's default."""
    from ..assignments import DEFAULT_SITE
    return os.environ.get(SITE_ENV, "").strip() or DEFAULT_SITE


def new_assignment_from(intent: dict[str, Any]) -> Any:
    """The assignment the page's form describes (every field checked again by
    ``new_assignment``: a refusal says which, in the page's language). No seed: a new one."""
    import secrets

    from ..assignments import new_assignment
    seed = intent.get("seed")
    if seed is None:
        seed = secrets.randbelow(1_000_000)  # "new seed": short enough to read out
    options = {}
    if intent.get("max_rounds") is not None:
        options["max_rounds"] = intent["max_rounds"]
    items = [i for i in _SPLIT.split(intent.get("items") or "") if i]
    return new_assignment(game=intent["game"], seed=seed, players=intent["players"],
                          bots=[intent["bot"]], form=intent.get("form") or None,
                          lang=intent["lang"], due=intent.get("due") or None, items=items,
                          site=intent.get("site") or site_address(), options=options)


def _flag_words(flags: list[str], lang: str) -> list[str]:
    return [Text(f"teacher_hw_flag_{f}").render(lang) for f in flags
            if f in ("other_assignment", "past_due", "unfinished")]


def said_again(teacher: Any, outcome: dict[str, Any], codes: list[str]) -> dict[int, Any]:
    """The refusals whose reason holds the engine's own sentence (an illegal move), read again
    to keep that sentence as a message (the import's answer has it in English only), so a
    Ukrainian or German page says it whole in its language. Only those codes are read twice."""
    from ..assignments import HomeworkError, read_code
    again = [r["index"] for r in outcome["refused"] if r["error"]["id"] == "illegal_move"]
    if not again:
        return {}
    a = next((x for x in teacher.assignments() if x.id == outcome["assignment"]), None)
    errors = {}
    for index in again:
        try:
            read_code(a, codes[index])
        except HomeworkError as error:
            errors[index] = error
    return errors


def import_outcome(outcome: dict[str, Any], where: list[tuple[int, str]], source: str,
                   lang: str, errors: dict[int, Any] | None = None) -> dict[str, Any]:
    """``teacher.import_codes``'s answer for the page: what landed and what was refused, each by
    its place (the code's number and line of the paste or the CSV) and in words (``errors``:
    refusals kept whole by :func:`said_again`)."""
    def place(index: int) -> str:
        return Text("teacher_hw_place", n=index + 1, line=where[index][0]).render(lang)

    landed = [{"index": r["index"], "place": place(r["index"]), "name": r["name"],
               "score": r["score"], "new": r["new"], "flags": _flag_words(r["flags"], lang)}
              for r in outcome["imported"]]
    from ..assignments.errors import HomeworkError
    refused = []
    for r in outcome["refused"]:
        error = (errors or {}).get(r["index"]) or HomeworkError(r["error"]["id"],
                                                                **r["error"]["params"])
        refused.append({"index": r["index"], "place": place(r["index"]),
                        "why": error.render(lang)})
    return {"assignment": outcome["assignment"], "source": source, "imported": landed,
            "refused": refused,
            "summary": Text("teacher_hw_summary", n=len(landed), refused=len(refused)
                            ).render(lang)}


def results_rows(homework: list[dict[str, Any]], lang: str, anonymous: bool
                 ) -> list[dict[str, Any]]:
    """The class's imported homework results (``teacher.results()["homework"]``) as the page
    and the CSV show them: name (none in projector mode), score, place, flags in words, the
    check's score when the result was scored against a key."""
    rows = []
    for r in homework:
        checked = r.get("checked") or {}
        rows.append({"assignment": r.get("assignment", ""),
                     "name": None if anonymous else r.get("name"),
                     "score": r.get("score"), "rank": r.get("rank"), "over": r.get("over"),
                     "moves": r.get("moves"), "finished_on": r.get("finished_on"),
                     "flags": list(r.get("flags") or ()),
                     "flag_words": _flag_words(list(r.get("flags") or ()), lang),
                     "answers": len(r.get("answers") or {}),
                     "correct": checked.get("correct"), "of": checked.get("of")})
    return rows
