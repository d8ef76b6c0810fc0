"""Homework in the room: the class keeps its assignments, and the teacher imports result codes
into the class's report (the thin methods of :class:`~.room.Teacher` call these).

A code is read (:func:`periodic_edu.assignments.read_code`: checksum, the game replayed, the
score recomputed, flags) BEFORE the write transaction, so a class's import of 30 games never
holds the store's write lock while the engine replays; the transaction then only inserts rows.

Privacy, retention and purge are the moves': a result row keeps the name the student typed and
what the replay found (score, place, answers, flags, the day the student's device gave), never
the code or the moves, and every row carries the class's id, so the class's purge (by the
teacher, by its code, or at the end of its retention) deletes them with everything else.

What happens when two writes arrive at once:

* two imports of the same code (two teachers, or a double click): the result's row is unique
  per assignment and SHA-256 of the code, and an insert that finds it there does nothing, so
  the code lands once; the second import reports it ``"new": False``;
* an import and a purge: the import holds the class row shared, the purge exclusively, so the
  import lands before the purge (and is deleted by it) or finds no class;
* two teachers assigning the same assignment: unique per class and assignment id; it is kept
  once.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping, Sequence

from ..assignments import Assignment, HomeworkError, codec, parse_link, read_code
from ..assignments.errors import CodeError
from . import credentials
from .rows import teacher_class

__all__ = ["assign", "assignments", "import_codes", "report", "MAX_CODES", "MAX_RESULTS"]

#: codes one import reads (a class's pile of pasted codes; the page's path is bounded)
MAX_CODES = 200
#: results one assignment keeps (a class of 40 handing in each code several times)
MAX_RESULTS = 2_000
#: assignments one class keeps
MAX_ASSIGNMENTS = 100


def _row_assignment(row: dict) -> Assignment:
    return parse_link(row["link"])


def assign(room: Any, code: str, key: str, assignment: Assignment) -> str:
    """Keep ``assignment`` with the class (again: nothing changes); returns its id."""
    if not isinstance(assignment, Assignment):
        raise TypeError("assign takes an Assignment (periodic_edu.assignments.new_assignment)")
    now = room.clock()
    with room.store.write() as tx:
        cls = teacher_class(tx, code, key, lock="share")
        count = tx.one("SELECT COUNT(*) AS n FROM assignments WHERE class_id = ?",
                       (cls["id"],))["n"]
        if count >= MAX_ASSIGNMENTS:
            raise CodeError("too_many_assignments", limit=MAX_ASSIGNMENTS)
        tx.run("INSERT INTO assignments (id, class_id, tag, spec, link, created_at) "
               "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (class_id, tag) DO NOTHING",
               (credentials.new_id(), cls["id"], assignment.id,
                json.dumps(assignment.to_dict(), sort_keys=True), assignment.link, now))
    return assignment.id


def _assignment_rows(tx: Any, class_id: str) -> list[dict]:
    return tx.all("SELECT * FROM assignments WHERE class_id = ? ORDER BY created_at, id",
                  (class_id,))


def assignments(room: Any, code: str, key: str) -> list[Assignment]:
    """The class's assignments, oldest first."""
    with room.store.read() as tx:
        cls = teacher_class(tx, code, key)
        rows = _assignment_rows(tx, cls["id"])
    return [_row_assignment(r) for r in rows]


def _pick(rows: list[dict], which: Any) -> dict:
    """The assignment row ``which`` names (an :class:`Assignment` or its id), or the latest."""
    if not rows:
        raise CodeError("no_class_assignment", id="-")
    if which is None:
        return rows[-1]
    wanted = which.id if isinstance(which, Assignment) else which
    for row in rows:
        if row["tag"] == wanted:
            return row
    raise CodeError("no_class_assignment", id=str(wanted)[:8])


def import_codes(room: Any, code: str, key: str, codes: Sequence[str],
                 assignment: Any = None,
                 answer_key: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """Read each code against the class's assignment (``assignment``: one of the class's, by
    object or id; default its latest) and keep the results that read. Returns
    ``{"assignment": id, "imported": [{"index", "name", "score", "flags", "new"}, ...],
    "refused": [{"index", "error": {"id", "params"}, "why"}, ...]}``; ``index`` counts the
    codes given from 0. A refused code changes nothing; the others land all together."""
    if isinstance(codes, str) or not isinstance(codes, Sequence):
        raise TypeError("import_codes takes a list of codes")
    if len(codes) > MAX_CODES:
        raise CodeError("too_many_codes", limit=MAX_CODES)
    with room.store.read() as tx:
        cls = teacher_class(tx, code, key)
        row = _pick(_assignment_rows(tx, cls["id"]), assignment)
    a = _row_assignment(row)
    read, refused = [], []
    for index, text in enumerate(codes):
        try:
            result = read_code(a, text, key=answer_key)
        except HomeworkError as error:
            refused.append({"index": index, "error": error.to_dict(), "why": str(error)})
            continue
        # the payload, not the text: "o" typed for "0" is the same code, and lands once
        read.append((index, hashlib.sha256(codec.decode(text)).hexdigest(), result))
    imported = []
    now = room.clock()
    with room.store.write() as tx:
        cls = teacher_class(tx, code, key, lock="share")
        stored = tx.one("SELECT COUNT(*) AS n FROM homework_results WHERE assignment_id = ?",
                        (row["id"],))["n"]
        for index, digest, result in read:
            new = 0
            if stored < MAX_RESULTS:
                new = tx.run("INSERT INTO homework_results (class_id, assignment_id, code_hash, "
                             "name, result, at) VALUES (?, ?, ?, ?, ?, ?) "
                             "ON CONFLICT (assignment_id, code_hash) DO NOTHING",
                             (cls["id"], row["id"], digest, result["name"],
                              json.dumps(result, sort_keys=True), now))
            elif not tx.one("SELECT 1 AS x FROM homework_results WHERE assignment_id = ? AND "
                            "code_hash = ?", (row["id"], digest)):
                error = CodeError("too_many_results", limit=MAX_RESULTS)
                refused.append({"index": index, "error": error.to_dict(), "why": str(error)})
                continue
            stored += new
            imported.append({"index": index, "name": result["name"], "score": result["score"],
                             "flags": result["flags"], "new": bool(new)})
    refused.sort(key=lambda r: r["index"])
    return {"assignment": a.id, "imported": imported, "refused": refused}


def report(room: Any, code: str, key: str, assignment: Any = None) -> dict[str, Any]:
    """The results of one assignment (default: the latest), in the order they were imported:
    ``{"assignment": {...settings, link}, "rows": [{"name", "score", "rank", "over", "moves",
    "answers", "flags", "finished_on", ...}, ...]}``."""
    with room.store.read() as tx:
        cls = teacher_class(tx, code, key)
        row = _pick(_assignment_rows(tx, cls["id"]), assignment)
        rows = tx.all("SELECT * FROM homework_results WHERE assignment_id = ? ORDER BY id",
                      (row["id"],))
    return {"assignment": _row_assignment(row).to_dict(),
            "rows": [json.loads(r["result"]) for r in rows]}


def class_results(room: Any, code: str, key: str) -> list[dict[str, Any]]:
    """Every imported result of the class (all its assignments), in the order they were
    imported, each with its assignment's id: the homework part of ``teacher.results()``."""
    with room.store.read() as tx:
        cls = teacher_class(tx, code, key)
        tags = {r["id"]: r["tag"] for r in _assignment_rows(tx, cls["id"])}
        rows = tx.all("SELECT assignment_id, result FROM homework_results WHERE class_id = ? "
                      "ORDER BY id", (cls["id"],))
    return [{**json.loads(r["result"]), "assignment": tags.get(r["assignment_id"], "")}
            for r in rows]
