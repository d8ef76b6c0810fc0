"""The student's side of homework in a page: the assigned game in the game widgets' own view,
and the result code made from it (the static site's ``homework.html``, docs/homework.md).

:class:`HomeworkSession` reads an assignment link (its fragment), builds the assigned game in
the Play tab's widget (:class:`~periodic_edu.widgets.GameWidget`, or
:class:`~periodic_edu.widgets.ElemonsterWidget`) and makes the result code when the student
asks. What the page sends is checked here, as every page message is: the name and the
answers by :func:`~periodic_edu.assignments.result_code` (its refusals, in the page's
language), the answers also against the assignment's item list.

The game must be the one the teacher's replay plays (:class:`~periodic_edu.assignments.AssignedGame`):
the same deal from the assignment's seed and settings, and the same bots, seeded as the
assignment seeds them (:meth:`~periodic_edu.assignments.Assignment.bot_seed`), not as a table
seeds its own. :class:`AssignedTable` is that table. It has no undo: a bot's generator moves on
with every choice, so a game with a move taken back would be answered differently by the
replay's fresh bots, and its code refused. "New game" starts the assigned deal again.

>>> s = HomeworkSession.open("homework?v=1&game=periodic&seed=4&players=2&bots=greedy&lang=en"
...                          "&o.max_rounds=1", "en")
>>> s.widget.handle_message({"type": "act", "action": s.widget.view["legal_actions"][0]})
True
>>> s.code("Ada", {})["error"]
'Play the game to its end first: the result code holds the whole game.'
"""
from __future__ import annotations

from typing import Any, Mapping

from .. import i18n
from ..assignments import Assignment, HomeworkError, parse_link, result_code
from ..assignments.results import check_items
from ..checks import item_bank
from ..games import get_game
from ..locale.widget_texts import DASHBOARD, FRONT_END, HOMEWORK
from ..tabletop.table import LocalAuthority, Table, Text
from ._base import describe
from ._qr import qr_svg
from .game_views import resolve, views_of

__all__ = ["AssignedTable", "HomeworkSession", "ANSWER_LETTERS", "qr_svg"]

#: the letters a choice or a reason of a check's item can be (what a result code can carry)
ANSWER_LETTERS = "abcdefg"


class AssignedAuthority(LocalAuthority):
    """A game here, without a save: no undo, and a new game is the assigned deal again."""

    def __init__(self, assignment: Assignment, summary: Any) -> None:
        super().__init__(store=None, summary=summary)
        self.assignment = assignment

    def undo_refusal(self, table: Table) -> Text:
        return Text("homework_no_undo")

    def new_game(self, table: Table, seed: int) -> None:
        """The assigned deal again (``seed`` is not used: every student plays the same)."""
        super().new_game(table, self.assignment.seed)


class AssignedTable(Table):
    """A table playing an assignment's game against its bots, seeded as the teacher's replay
    seeds them; its authority (:class:`AssignedAuthority`) has no undo, and a new game is the
    assigned deal again."""

    def __init__(self, assignment: Assignment, like: Table) -> None:
        self.assignment = assignment
        settings = {"players": [s.name for s in like.seats],
                    **get_game(assignment.game).settings(dict(assignment.options))}
        super().__init__(like.rules, like.seats, seed=assignment.seed, settings=settings,
                         lang=like.lang, authority=AssignedAuthority(assignment, like.summary))

    def _start(self, game: Any, seed: int) -> None:
        super()._start(game, seed)
        bots = self.assignment.make_bots()  # the replay's bots: the assignment's seeds
        self._bots = [bots.get(seat) for seat in range(len(self.seats))]
        self.lang = self.lang  # their sentences in the table's language


def _word(key: str, lang: str, **params: Any) -> str:
    return i18n.gettext("widgets", HOMEWORK[key], lang).format(**params)


class HomeworkSession:
    """One student's homework page: the assignment, its game widget, the code."""

    def __init__(self, assignment: Assignment, lang: str, bot_delay: float = 0.5) -> None:
        self.assignment = assignment
        self.widget = _assigned_widget(assignment, lang, bot_delay)
        bank = {i.id for i in item_bank(lang)}
        checked = check_items(assignment)
        #: the check's items of the kit's bank: real questions, in :attr:`check`
        self.bank_items = tuple(i for i in checked if i in bank)
        #: the other items (a teacher's paper check): an answer sheet of letters on the page
        self.sheet_items = tuple(i for i in assignment.items if i not in bank)
        self.check = None
        if self.bank_items:
            from .practice_check import PracticeCheckWidget
            self.check = PracticeCheckWidget(items=self.bank_items, mode="homework", lang=lang)

    @classmethod
    def open(cls, fragment: str, lang: str, bot_delay: float = 0.5) -> "HomeworkSession":
        """The session of an assignment link or fragment (raises HomeworkError, or a
        ValueError of the games' registry: an unknown game or bot)."""
        return cls(parse_link(fragment), i18n.resolve_language(lang), bot_delay)

    def about(self, lang: str) -> dict[str, Any]:
        """What the page shows of the assignment, in ``lang``: a sentence about the game,
        the due date, the ids of the items not in the item bank (``items``: answered with
        letters on the page; the bank's items are real questions, in :attr:`check`) and the
        assignment's id."""
        a = self.assignment
        spec = get_game(a.game)
        bots = ", ".join(i18n.gettext("widgets", DASHBOARD[f"bot_{b}"], lang) for b in a.bots)
        out = {"id": a.id, "game": a.game,
               "text": _word("about_game", lang, game=spec.title, bots=bots),
               "due": _word("about_due", lang, due=a.due) if a.due else "",
               "form": _word("about_form", lang, form=a.form) if a.form else "",
               "items": list(self.sheet_items), "letters": ANSWER_LETTERS,
               "check": len(self.bank_items)}
        return out

    @property
    def over(self) -> bool:
        return bool(self.widget.table.is_over)

    def code(self, name: Any, answers: Any) -> dict[str, Any]:
        """``{"code", "score", "qr"}`` (``qr``: :func:`qr_svg`) for the finished game and the answers, or ``{"error"}`` (in
        the widget's language) when the game is not over or the name or answers are refused.
        ``answers``: item id -> ``{"choice": letter, "reason": letter}``, items of the
        answer sheet only (:attr:`sheet_items`); the bank's items are answered in
        :attr:`check`, whose answers join them, and whose feedback shows once the code is
        made."""
        lang = self.widget.lang
        if not self.over:
            return {"error": _word("not_over", lang)}
        checked = _answers(self.sheet_items, answers)
        if checked is None:
            return {"error": _word("bad_answers", lang)}
        if self.check is not None:
            checked.update(self.check.answers())
        try:
            code = result_code(self.assignment, name, save=self.widget.table.game.to_json(),
                               answers=checked)
        except HomeworkError as error:
            return {"error": error.render(lang)}
        if self.check is not None:
            self.check.reveal()  # feedback only now: the answers are in the code
        scores = self.widget.table.game.scores()
        return {"code": code, "score": scores[self.assignment.seat]["total"], "qr": qr_svg(code)}


def _answers(items: tuple[str, ...], answers: Any) -> dict[str, dict[str, Any]] | None:
    """The page's answer sheet, checked against its items (None: not answers of this
    assignment). An item with neither a choice nor a reason is left out."""
    if not isinstance(answers, Mapping) or len(answers) > len(items):
        return None
    out: dict[str, dict[str, Any]] = {}
    for item, fields in answers.items():
        if item not in items or not isinstance(fields, Mapping) or \
                not set(fields) <= {"choice", "reason"}:
            return None
        kept = {}
        for part, value in fields.items():
            if value in ("", None):
                continue
            if not isinstance(value, str) or len(value) != 1 or value not in ANSWER_LETTERS:
                return None
            kept[part] = value
        if kept:
            out[item] = kept
    return out


def _assigned_widget(assignment: Assignment, lang: str, bot_delay: float) -> Any:
    """The Play tab's game view playing the assignment (seat 1 the student's): the game's own
    widget, as :mod:`.game_views` names it."""
    views = views_of(assignment.game)
    if views is None or views.assigned is None:
        raise ValueError(f"no homework widget for the game {describe(assignment.game)}")
    widget = resolve(views.assigned)(assignment, lang, bot_delay)
    widget.table = AssignedTable(assignment, widget.table)
    widget.refresh()
    return widget


def periodic_assigned(assignment: Assignment, lang: str, bot_delay: float) -> Any:
    """Periodic playing an assignment: "You" against the bots, named in ``lang``."""
    from .game_widget import GameWidget
    you = i18n.gettext("widgets", FRONT_END["you"], lang)
    bots = [i18n.gettext("widgets", DASHBOARD[f"bot_{k}"], lang) for k in assignment.bots]
    bots = [f"{n} {i + 2}" if bots.count(n) > 1 else n for i, n in enumerate(bots)]
    return GameWidget(players=[you, *bots], bots=[None, *assignment.bots], seed=assignment.seed,
                      bot_delay=bot_delay, lang=lang)


def elemonster_assigned(assignment: Assignment, lang: str, bot_delay: float) -> Any:
    """Elemonster playing an assignment (the widget names its seats)."""
    from .elemonster_widget import ElemonsterWidget
    return ElemonsterWidget(assignment.players, bots=[None, *assignment.bots],
                            seed=assignment.seed, bot_delay=bot_delay, lang=lang)
