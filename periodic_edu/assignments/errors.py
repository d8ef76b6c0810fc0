"""Homework's refusals: one family, each a message id with named parameters (the ``homework``
catalog), so the teacher's page, the student's page and the command line each say it in their
language.

>>> str(CodeError("checksum"))
'the result code does not check out: a character is mistyped or changed (its checksum does not match)'
>>> CodeError("bad_char", position=7, char="U").render("de")[:12]
'Zeichen 7 (U'
"""
from __future__ import annotations

from typing import Any

from .. import i18n
from ..i18n import N_

DOMAIN = "homework"

__all__ = ["DOMAIN", "MESSAGES", "HomeworkError", "CodeError", "AssignmentError"]

MESSAGES: dict[str, str] = {
    # reading a result code
    "not_text": N_("a result code is text"),
    "empty": N_("the result code is empty"),
    "too_long": N_("a result code has at most {limit} characters"),
    "bad_char": N_("character {position} ({char}) is not one of a result code's letters and "
                   "digits"),
    "bad_length": N_("no result code has {count} characters: a character is missing or one "
                     "too many"),
    "checksum": N_("the result code does not check out: a character is mistyped or changed "
                   "(its checksum does not match)"),
    "truncated": N_("the result code ends too early: a part of it is missing"),
    "bad_content": N_("the result code cannot be read: it was changed, or made by another "
                      "program"),
    "bad_version": N_("the result code was made by a newer version of the kit (format "
                      "{version}); update the kit to read it"),
    "other_items": N_("the result code answers other questions than form {form} of this "
                      "kit's item bank: it was made by another version of the kit"),
    "illegal_move": N_("move {index} of the game ({action}) is not legal there: {why}"),
    "moves_after_end": N_("the game holds {count} moves after its end"),
    # making a result code
    "bad_name": N_("a name has 1 to {limit} characters, without control characters"),
    "bad_answers": N_("answers map item ids (1 to {limit} characters) to fields such as "
                      "choice and reason (short text or numbers)"),
    "too_many_answers": N_("at most {limit} answers fit in a result code"),
    "too_many_moves": N_("a game of at most {limit} moves fits in a result code"),
    "nothing": N_("a result code needs a game, answers or both"),
    "bad_save": N_("the save does not load: {why}"),
    "other_game": N_("the save is a game of {game}; the assignment is a game of {expected}"),
    "other_deal": N_("the save's {field} is {value}, the assignment's is {expected}: it is not "
                     "the assigned game"),
    "bot_moved": N_("move {index} of the save ({action}) is not what the bot of seat {seat} "
                    "plays there ({expected})"),
    # an assignment and its link
    "no_assignment": N_("this link holds no assignment: its part after # must start with "
                        "{prefix}"),
    "link_field": N_("the assignment's {field} is missing or not valid"),
    "bad_players": N_("an assignment's game has 2 to 5 players: the student and 1 to 4 bots"),
    "bots_count": N_("{players} players need {need} bots besides the student, not {count}"),
    "bad_due": N_("the due date is a date as YYYY-MM-DD, not {value}"),
    "bad_form": N_("a check form is named by 1 to 8 letters or digits, not {value}"),
    "bad_site": N_("the site is an http:// or https:// address, not {value}"),
    "bad_items": N_("item ids have 1 to {limit} characters: letters, digits, - and _"),
    "bad_option": N_("the game option {name} is not valid: {why}"),
    # the class's homework (the room)
    "no_class_assignment": N_("the class has no assignment {id}: keep it with the class first"),
    "too_many_assignments": N_("a class keeps at most {limit} assignments"),
    "too_many_codes": N_("at most {limit} codes at once"),
    "too_many_results": N_("an assignment keeps at most {limit} results"),
}


class HomeworkError(ValueError):
    """A refusal: ``key`` (one of :data:`MESSAGES`) and ``params``; ``str()`` is English,
    ``render(lang)`` says it in ``lang`` (a parameter that is itself a message, such as the
    engine's reason for refusing a move, is said in ``lang`` too)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(MESSAGES[key].format(**params))

    def render(self, lang: str | None = None) -> str:
        params = {k: v.render(lang) if isinstance(v, i18n.Message) else v
                  for k, v in self.params.items()}
        return i18n.gettext(DOMAIN, MESSAGES[self.key], lang).format(**params)

    def to_dict(self) -> dict[str, Any]:
        """``{"id", "params"}`` (JSON-ready: a message parameter as its English text)."""
        return {"id": self.key, "params": {k: str(v) for k, v in self.params.items()}}


class CodeError(HomeworkError):
    """A result code (or what it would be made from) that cannot be read or made."""


class AssignmentError(HomeworkError):
    """An assignment's settings, or a link, that do not make an assignment."""
