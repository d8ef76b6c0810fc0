"""The teacher's page of class play as ``lessons/teacher.ipynb`` shows it: the room
(:class:`~.classroom_widget.ClassroomWidget`), the checks below it
(:class:`~.class_checks_teacher.TeacherChecksWidget`) and the page's language.

The language (issue 28, part 7), as the dashboard does it: ``?lang=`` wins; without it the page
follows the browser (``navigator.languages``, what its ``Accept-Language`` says) or the language
chosen on this device before (:class:`~.page_language.PagePrefs`); a language the teacher
chooses on the page (its Language menu, or ``?lang=``) is kept on the device.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from .. import i18n
from ..locale.widget_texts import FRONT_END
from .class_checks_teacher import TeacherChecksWidget
from .classroom_widget import ClassroomWidget
from .page_language import LanguageChoice, PagePrefs

__all__ = ["teacher_page"]

TEACHER_TITLE = FRONT_END["teacher_title"]


def teacher_page(room: Any = None) -> w.VBox:
    """The page: a VBox with ``.page`` (the room), ``.checks``, ``.prefs`` and
    ``.use_page_language(ask)`` (call it after showing the page: a preheated kernel built the
    page before the teacher arrived, and ``ask`` waits for the teacher's request)."""
    page = ClassroomWidget(room=room)
    checks = TeacherChecksWidget(source=page)
    # who chose the language: ?lang= or the teacher on the page win over the device's language
    chosen = LanguageChoice(lambda wanted: setattr(page, "lang", wanted))
    # no seat to land on: the teacher's page is one page
    prefs = chosen.prefs = PagePrefs(chosen.from_device, lambda _game: None,
                                     title=TEACHER_TITLE, lang=page.lang)
    page.observe(lambda change: chosen.changed(change["new"]), names="lang")
    box = w.VBox([page, checks, prefs])
    box.page, box.checks, box.prefs = page, checks, prefs

    def use_page_language(ask: Any = None) -> None:
        """Switch to the page's ``?lang=``; an unknown language is said on the page."""
        from .page_language import page_language
        try:
            wanted = (ask or page_language)()
        except i18n.UnknownLanguageError as exc:
            page.error = str(exc)
            return
        if wanted is not None:
            chosen.from_query(wanted)

    box.use_page_language = use_page_language
    return box
