"""A check taken alone (issue 31, "practice without a class"), and the homework page's check
(issue 34): the items of the bank (:mod:`periodic_edu.checks`) one at a time, answered on the
page, with feedback in Python's time, not the page's.

* ``mode="practice"`` (a lesson's "check yourself", the dashboard's Practice tab): after each
  answer the page is told whether it was right and why (the item's explanation); when every
  item is answered, a summary per concept. An answer, once given, stays (the feedback has
  shown the key); "Start again" clears them all.
* ``mode="homework"`` (the static site's homework page, :mod:`.homework_game`): answers can be
  changed until :meth:`PracticeCheckWidget.reveal` (called once the result code is made); then
  the feedback and the summary show, and the answers are fixed.

Nothing is stored anywhere and nothing is sent to a server: the widget lives in the kernel
(or in the browser's own Python on the static site). What the page is sent never holds a key
before its item is answered - ``question`` is the item's public part
(:meth:`periodic_edu.checks.Item.public`) and the page's own response, ``feedback`` is empty
until then - and every message from the page is checked here (:attr:`INTENTS`,
:meth:`_check`, then :func:`periodic_edu.checks.grading.clean_response`). The page is
widgets_js/practice_check.js; it draws each item with the class-play panel's own fields
(widgets_js/check_items.js).

Two answers at once: the widget's state is its own page's (one comm, handled one message at a
time by the kernel, or by the browser's Python on the static site), so they come one after
the other: in practice the second answer to an item is refused (its feedback has shown the
key), in homework mode the later one is kept. A language switch between them changes only the
words shown: the answers are kept by item id and choice id, which no language changes.

>>> w = PracticeCheckWidget(items=["ie-compare-A"], lang="en")
>>> w.question["text"], w.feedback
('Which has the higher first ionization energy: sodium (Na) or chlorine (Cl)?', {})
>>> w.handle_message({"type": "answer", "item": "ie-compare-A", "choice": "b", "reason": "a"})
True
>>> w.feedback["right"], w.summary["right"], w.summary["of"]
(True, 1, 1)
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

import traitlets

from ..checks import CONCEPTS, FORMS, item_bank
from ..checks.grading import BadResponse, clean_response, concept_summary, feedback
from ..tabletop.table import Text
from ._assets import css, esm
from ._room_widget import IntentError, RoomWidget
from .class_check import CELLS, ClassCheckWidget
from .class_checks_teacher import concept_title

__all__ = ["PracticeCheckWidget", "MODES"]

MODES = ("practice", "homework")
_FIELDS = ("choice", "reason", "value", "cell")
#: the most items one check shows (a bank's form is 25; a teacher's list at most 127)
ITEM_LIMIT = 127
#: the longest answer in words to an exit ticket (a few sentences; kept in memory only)
OPEN_LIMIT = 1000
#: the id of a lesson's exit ticket in a check ("exit-02"): no item of the bank has a prefix
#: like it (its ids are ``<trend abbreviation>-...``)
EXIT_PREFIX = "exit-"


class PracticeCheckWidget(RoomWidget):
    """The items ``items`` (ids of the bank, in order), or the whole form ``form`` (``A``/``B``),
    or one item of each concept when neither is given; ``concepts`` keeps the items about
    those concepts only (``PracticeCheckWidget(form="A", concepts=["atomic_radius"])``: a
    lesson's "check yourself"). ``exit_ticket``: a lesson (``"01"`` to ``"06"``) whose exit
    ticket comes last, answered in words (kind ``open``, never graded), then its model
    answer; alone when nothing else is chosen. ``extra``: a teacher's item files
    (:func:`periodic_edu.checks.item_bank`). Uses the rooms' intent guard; it holds no room and
    never opens one."""

    _esm = traitlets.Unicode(esm("practice_check.js")).tag(sync=True)
    _css = traitlets.Unicode(css("class_check.css")).tag(sync=True)

    mode = traitlets.Unicode("practice", help="practice: feedback after each answer; "
                             "homework: after reveal().").tag(sync=True)
    question = traitlets.Dict(help="The shown item's public part (no key) with index, count, "
                              "answered and the page's own answer ('mine').").tag(sync=True)
    feedback = traitlets.Dict(help="{} until the shown item is answered (practice) or the "
                              "check revealed (homework): right, answer_ok, reason_ok, "
                              "explanation.").tag(sync=True)
    summary = traitlets.Dict(help="{} until every item is answered (practice) or the check "
                             "revealed: right, of, and per concept its name, right, of."
                             ).tag(sync=True)
    revealed = traitlets.Bool(False, help="homework: the code is made, the answers are fixed."
                              ).tag(sync=True)
    cells = traitlets.List(help="[symbol, period, group] of every board cell.").tag(sync=True)

    INTENTS = {
        "answer": (frozenset({"item"}), frozenset({*_FIELDS, "text"})),
        "goto": (frozenset({"index"}), frozenset()),
        "again": (frozenset(), frozenset()),
    }

    @classmethod
    def _check(cls, key: str, value: Any) -> Any:
        """The class-play panel's checks of the same keys: an index, a finite number, bounded
        text (what the response means is checked when it is answered: clean_response)."""
        if key == "text":  # the exit ticket's answer in the student's words
            if not isinstance(value, str) or len(value) > OPEN_LIMIT:
                raise IntentError(f"text must be text of at most {OPEN_LIMIT} characters")
            return value
        return ClassCheckWidget._check(key, value)

    def __init__(self, form: str | None = None, items: Sequence[str] | None = None,
                 lang: str | None = None, mode: str = "practice", extra: Iterable[str] = (),
                 concepts: Iterable[str] | None = None, exit_ticket: str | None = None,
                 **kwargs: Any) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self._extra = tuple(str(p) for p in extra)
        bank = {i.id: i for i in item_bank(lang, self._extra)}
        if items is not None:
            ids = tuple(items)
            unknown = [i for i in ids if i not in bank]
            if unknown or not ids or len(ids) > ITEM_LIMIT or len(set(ids)) != len(ids):
                raise ValueError(f"items must be 1 to {ITEM_LIMIT} different ids of the item "
                                 f"bank; not in it: {', '.join(map(str, unknown[:5])) or '-'}")
        elif form is not None:
            if form not in FORMS:
                raise ValueError(f"form must be one of {', '.join(FORMS)}, not {form!r}")
            ids = tuple(i.id for i in bank.values() if i.form == form)
        elif exit_ticket is not None and concepts is None:
            ids = ()  # the exit ticket alone
        elif concepts is None:
            ids = default_items(bank.values())
        else:
            ids = tuple(bank)
        if concepts is not None:  # a lesson's own concepts, of the form (or both forms)
            wanted = set(concepts)
            if not wanted or not wanted <= set(CONCEPTS):
                raise ValueError(f"concepts must name some of {', '.join(CONCEPTS)}")
            ids = tuple(i for i in ids if bank[i].concept in wanted)
        self._exit = None
        if exit_ticket is not None:  # last: the lesson's own question, in the student's words
            from ..pages.worksheets import EXIT_TICKETS
            if exit_ticket not in EXIT_TICKETS:
                raise ValueError(f"exit_ticket must be a lesson, one of "
                                 f"{', '.join(EXIT_TICKETS)}, not {exit_ticket!r}")
            self._exit = EXIT_PREFIX + exit_ticket
            ids = (*ids, self._exit)
        self._ids: tuple[str, ...] = ids
        self._answers: dict[str, dict[str, Any]] = {}
        self._index = 0
        super().__init__(room=False, mode=mode, cells=CELLS, lang=lang, **kwargs)
        self._show()

    def __repr__(self) -> str:
        return f"<PracticeCheckWidget {self.mode}: {len(self._answers)} of {len(self._ids)}>"

    # ---- what Python and the homework page ask -------------------------------------------------
    @property
    def items(self) -> tuple[str, ...]:
        return self._ids

    def answers(self) -> dict[str, dict[str, Any]]:
        """The answers given so far: item id -> the response's fields (no empty ones)."""
        return {i: {k: v for k, v in r.items() if v is not None}
                for i, r in self._answers.items()}

    def reveal(self) -> None:
        """homework: show the feedback and the summary, and fix the answers (the result code
        holds them)."""
        self.revealed = True
        self._show()

    def restart(self) -> None:
        """Every answer cleared, back at the first item (practice; homework before reveal)."""
        self._answers.clear()
        self._index = 0
        self.revealed = False
        self._show()

    # ---- the page's intents ---------------------------------------------------------------------
    def _dispatch(self, intent: dict[str, Any]) -> None:
        kind = intent["type"]
        if kind == "goto":
            if intent["index"] >= len(self._ids):
                raise ValueError(Text("practice_no_item"))
            self._index = intent["index"]
        elif kind == "again":
            if self.mode == "homework" and self.revealed:
                raise ValueError(Text("practice_fixed"))
            self.restart()
            return
        else:
            item_id = intent["item"]
            if item_id not in self._ids:
                raise ValueError(Text("practice_no_item"))
            if self.revealed or (self.mode == "practice" and item_id in self._answers):
                raise ValueError(Text("practice_fixed"))
            if item_id == self._exit:
                text = intent.get("text")
                if not isinstance(text, str) or not text.strip() or set(intent) - {
                        "type", "item", "text"}:
                    raise ValueError(Text("practice_bad_answer"))
                response: dict[str, Any] = {"text": text.strip()}
            else:
                if "text" in intent:  # words are the exit ticket's; an item has its kind
                    raise ValueError(Text("practice_bad_answer"))
                item = self._bank(self.lang)[item_id]
                try:
                    response = clean_response(item, **{k: intent.get(k) for k in _FIELDS})
                except BadResponse:
                    raise ValueError(Text("practice_bad_answer")) from None
            self._answers[item_id] = response
            if self.mode == "homework":  # on to the next unanswered item
                self._index = next((n for n, i in enumerate(self._ids)
                                    if i not in self._answers), self._ids.index(item_id))
        self._show()

    def _bank(self, lang: str) -> dict[str, Any]:
        return {i.id: i for i in item_bank(lang, self._extra)}

    def _open(self, item_id: str) -> bool:
        """May the page see this item's feedback (and so its key)?"""
        if self.mode == "homework":
            return self.revealed
        return item_id in self._answers

    def _show(self) -> None:
        lang = self.lang
        bank = self._bank(lang)
        shown_id = self._ids[self._index]
        if shown_id == self._exit:
            question, shown = self._exit_ticket(lang)
        else:
            item = bank[shown_id]
            question = {**item.public(), "index": self._index, "count": len(self._ids),
                        "answered": len(self._answers), "mine": self.answers().get(item.id)}
            shown = feedback(item, self._answers[item.id]) \
                if item.id in self._answers and self._open(item.id) else {}
            if self.mode == "homework" and self.revealed and item.id not in self._answers:
                shown = {"right": False, "answer_ok": False, "reason_ok": None,
                         "explanation": item.explanation, "unanswered": True}
        summary: dict[str, Any] = {}
        done = self.revealed if self.mode == "homework" else len(self._answers) == len(self._ids)
        if done and len(self._ids) > (self._exit is not None):
            items = [bank[i] for i in self._ids if i != self._exit]
            right = {i: feedback(bank[i], r)["right"] for i, r in self._answers.items()
                     if i != self._exit}
            lines = concept_summary(items, right)
            summary = {"right": sum(right.values()), "of": len(items),
                       "concepts": [{**line, "name": concept_title(line["concept"], lang)}
                                    for line in lines]}
        with self.hold_sync():
            self.question = question
            self.feedback = shown
            self.summary = summary

    def _exit_ticket(self, lang: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The exit ticket as a question of kind ``open`` (answered in words, never graded),
        and, once answered, the model answer to compare with."""
        from ..pages.worksheets import lesson_exit_ticket
        ask, answer = lesson_exit_ticket(self._exit[len(EXIT_PREFIX):], lang)
        question = {"item": self._exit, "concept": "", "kind": "open", "text": ask,
                    "choices": [], "reasons": [], "unit": "", "lang": lang,
                    "index": self._index, "count": len(self._ids),
                    "answered": len(self._answers), "mine": self.answers().get(self._exit)}
        shown = {"right": None, "open": True, "explanation": answer} \
            if self._exit in self._answers and self._open(self._exit) else {}
        return question, shown

    def _translate(self, lang: str) -> None:
        self._show()


def default_items(items: Iterable[Any], per_concept: int = 1) -> tuple[str, ...]:
    """A short practice check when neither items nor a form is chosen: the first item of form
    A for each concept, so every concept of the bank is practised once."""
    out: dict[str, str] = {}
    for item in items:
        if item.form == "A" and item.concept not in out:
            out[item.concept] = item.id
    return tuple(out.values())
