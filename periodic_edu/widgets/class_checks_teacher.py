"""The room asks, on the teacher's page: lock and unlock the class, ask form A or B as a pre- or
post-check, a quick check of bank items, close, reveal, and the report of what the class
learned next to its refusals in play (issue 31). The page is widgets_js/class_checks.js; it
sits below the teacher's page (:class:`~periodic_edu.widgets.classroom_widget.ClassroomWidget`,
its ``source``) and acts on the class that page has open, with its key (the room checks it
again on every call). In projector mode (the source's ``projector``) no student name is in the
data: the per-student rows are left out, not hidden by the page.
"""
from __future__ import annotations

from typing import Any

import traitlets

from .. import i18n
from ..board import TREND_NAMES
from ..checks import CONCEPTS, item_bank
from ..locale.widget_texts import FRONT_END
from ..tabletop.table import Text
from ._assets import css, esm
from ._room_widget import IntentError, RoomWidget

__all__ = ["TeacherChecksWidget", "report_view"]

_STEPS = ("explore", "play", "check")
_PHASES = ("pre", "post", "quick", "exit")


def concept_title(concept: str, lang: str) -> str:
    if concept in TREND_NAMES:
        return i18n.gettext("board", TREND_NAMES[concept], lang)
    return i18n.gettext("widgets", FRONT_END["check_concept_shells"], lang)


def _percent(rate: float | None) -> int | None:
    return None if rate is None else round(rate * 100)


def _bars(item: Any, counts: dict[str, int], revealed: bool) -> list[dict[str, Any]]:
    """An item's answer distribution as the chart draws it: one bar per answer given, labelled
    as the students saw it (a choice's words, a cell's symbol, a number), every choice shown
    even when nobody took it; ``right`` marks the key's bar only once the ask is revealed (a
    projector must not give the answer away before the teacher does)."""
    if item is not None and item.kind == "choice":
        given = [(cid, text) for cid, text in item.choices]
        given += [(g, g) for g in counts if g not in dict(item.choices)]
    else:
        given = [(g, g) for g in sorted(counts)]
    key = None if item is None or not revealed else item.key

    def right(g: str) -> bool | None:
        if key is None:
            return None
        if item.kind == "number":
            return abs(float(g) - float(key)) <= item.tolerance + 1e-9
        return g in key if item.kind == "cell" else g == key
    return [{"label": text, "n": counts.get(g, 0), "right": right(g)} for g, text in given]


def report_view(report: dict, lang: str, anonymous: bool) -> dict[str, Any]:
    """``teacher.report()`` as the page draws it: per concept one line (its name as printed on
    the board; pre, post and gain in percent; refusals in play), per table, per student (not
    when ``anonymous``), items with flags, and each ask's answer distribution (no names)."""
    concepts = []
    for concept in CONCEPTS:
        c = report["concepts"][concept]
        concepts.append({"concept": concept, "title": concept_title(concept, lang),
                         "pre": _percent(c["pre"]), "post": _percent(c["post"]),
                         "gain": _percent(c["gain"]), "pre_answer": _percent(c["pre_answer"]),
                         "post_answer": _percent(c["post_answer"]),
                         "refusals": c["refusals"]})
    rows = lambda group: [{**{k: _percent(r[k]) for k in ("pre", "post", "gain")},  # noqa: E731
                           "refusals": r["refusals"], "table": r["table"] + 1,
                           **({"name": r["name"], "seat": r["seat"] + 1} if "name" in r else {})}
                          for r in group]
    bank = {i.id: i for i in item_bank(lang)}
    asks = []
    for a in report["asks"]:
        asks.append({"ask": a["ask"], "phase": a["phase"], "form": a["form"],
                     "status": a["status"], "students": a["students"],
                     "items": [{"item": i["item"], "text": bank[i["item"]].text
                                if i["item"] in bank else i["item"],
                                "n": i["n"], "right": i["right"],
                                "counts": sorted(i["counts"].items()),
                                "bars": _bars(bank.get(i["item"]), i["counts"], a["revealed"])}
                               for i in a["items"]]})
    tables = [{**r, "label": Text("teacher_table", table=r["table"]).render(lang)}
              for r in rows(report["tables"])]
    return {"concepts": concepts, "tables": tables,
            "students": [] if anonymous else rows(report["students"]),
            "items": [i for i in report["items"] if i["difficulty"] is not None],
            "asks": asks[-3:]}


class TeacherChecksWidget(RoomWidget):
    """The checks part of the teacher's page. ``source``: the teacher's page (its ``teacher``,
    ``projector`` and ``lang``); ``teacher``: a room teacher to use directly (a notebook)."""

    _esm = traitlets.Unicode(esm("class_checks.js")).tag(sync=True)
    _css = traitlets.Unicode(css("class_check.css")).tag(sync=True)

    active = traitlets.Bool(False, help="A class is open on the teacher's page.").tag(sync=True)
    lock = traitlets.Unicode("", help="The step the class is locked to, or ''.").tag(sync=True)
    open_ask = traitlets.Dict(help="The open question: ask, phase, form, items; {} if none.").tag(
        sync=True)
    last_ask = traitlets.Unicode("", help="The last question asked (to close or reveal).").tag(
        sync=True)
    report = traitlets.Dict(help="The report as the page draws it (see report_view).").tag(
        sync=True)
    csv = traitlets.Unicode("", help="Every answer as CSV ('' in projector mode).").tag(sync=True)
    bank = traitlets.List(help="[id, concept, text] of the bank's items, for a quick check "
                          "(the question only: no key).").tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    refresh_ms = traitlets.Int(2000).tag(sync=True)

    INTENTS = {
        "refresh": (frozenset(), frozenset()),
        "lock": (frozenset({"step"}), frozenset()),
        "ask": (frozenset({"form", "phase"}), frozenset({"crossed"})),
        "quick": (frozenset({"items"}), frozenset({"phase"})),
        "close": (frozenset(), frozenset()),
        "reveal": (frozenset(), frozenset()),
        "report": (frozenset(), frozenset()),
    }

    @classmethod
    def _check(cls, key: str, value: Any) -> Any:
        if key == "step":
            if value is not None and value not in _STEPS:
                raise IntentError("step must be explore, play, check or null")
        elif key == "form":
            if value not in ("A", "B"):
                raise IntentError("form must be A or B")
        elif key == "phase":
            if value not in _PHASES:
                raise IntentError("phase must be pre, post, quick or exit")
        elif key == "crossed":
            if not isinstance(value, bool):
                raise IntentError("crossed must be true or false")
        elif key == "items":
            if not isinstance(value, list) or not 1 <= len(value) <= 3 \
                    or not all(isinstance(v, str) and len(v) <= 40 for v in value):
                raise IntentError("items must list 1 to 3 item ids")
        return value

    def __init__(self, source: Any = None, teacher: Any = None, **kwargs: Any) -> None:
        self._source = source
        self._direct = teacher
        if source is not None:
            kwargs.setdefault("lang", source.lang)
        super().__init__(room=getattr(source, "_room", None), **kwargs)
        self._fill_bank()
        if source is not None:
            source.observe(lambda change: setattr(self, "lang", change["new"]), names="lang")
            source.observe(lambda _c: self._guarded("refresh", self._pull),
                           names=["phase", "projector"])
        self._guarded("refresh", self._pull)

    @property
    def teacher(self) -> Any:
        if self._source is not None:
            return getattr(self._source, "teacher", None)
        return self._direct

    def _fill_bank(self) -> None:
        self.bank = [[i.id, i.concept, i.text] for i in item_bank(self.lang)]

    def _translate(self, lang: str) -> None:
        self._fill_bank()
        self._guarded("refresh", self._pull)

    def _dispatch(self, intent: dict[str, Any]) -> None:
        teacher = self.teacher
        if teacher is None:
            self._pull()
            return
        kind = intent["type"]
        if kind == "lock":
            teacher.lock(intent["step"]) if intent["step"] else teacher.unlock()
        elif kind == "ask":
            self.last_ask = teacher.ask(form=intent["form"], phase=intent["phase"],
                                        crossed=intent.get("crossed", False))
        elif kind == "quick":
            self.last_ask = teacher.ask(items=intent["items"],
                                        phase=intent.get("phase", "quick"))
        elif kind in ("close", "reveal"):
            ask = self.open_ask.get("ask") or self.last_ask
            if ask:
                getattr(teacher, kind)(ask)
        self._pull(with_csv=kind == "report")

    def _pull(self, with_csv: bool = False) -> None:
        teacher = self.teacher
        projector = bool(getattr(self._source, "projector", False))
        if teacher is None:
            with self.hold_sync():
                self.active = False
                self.report = {}
                self.csv = ""
                self.open_ask = {}
                self.lock = ""
            return
        asks = teacher.asks()
        open_ask = next((a for a in reversed(asks) if a["status"] == "open"), None)
        from ..classroom.asks import lock_of  # the room: imported once a class is open
        lock = lock_of(teacher) or ""
        view = report_view(teacher.report(), self.lang, projector)
        with self.hold_sync():
            self.active = True
            self.projector = projector
            self.lock = lock
            self.open_ask = {} if open_ask is None else {
                k: open_ask[k] for k in ("ask", "phase", "form", "items")}
            if asks and not self.last_ask:
                self.last_ask = asks[-1]["ask"]
            if view != self.report:
                self.report = view
            if projector:
                self.csv = ""
            elif with_csv:
                self.csv = teacher.answers_csv()
