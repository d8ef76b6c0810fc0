"""The teacher's page's intents: what :class:`~.classroom_widget.ClassroomWidget` accepts from
its page, each message checked here before the room sees it.

=============  =============================================  ==================================
type           keys (besides ``type``)                        what
=============  =============================================  ==================================
``open``       ``code``, ``key``                              open a class (the key typed on the
                                                              page: it never travels in a URL)
``create``     ``game``, ``tables``, ``seats``, ``edition``,  create a class and open it
               ``duplicate``, ``idle_seconds``
``refresh``    -                                              read the room again (the page's
                                                              1 s timer)
``pause``      ``paused`` (bool)                              pause / resume the class
``start``      ``table``                                      start a table now (bots fill it)
``bot``        ``table``, ``seat``, ``bot`` (a name or null)  hand a seat to a bot, or back
``remove``     ``table``, ``seat``                            remove a joiner (before the start)
``free``       ``table``, ``seat``                            free a student's seat, also after
                                                              the start (a bot plays it until a
                                                              new student joins)
``lock``       ``locked`` (bool)                              close / open joining
``new_pin``    ``table``, ``seat``                            a new PIN for a seat (shown once
                                                              to the teacher, never projected)
``move``       ``table``, ``seat``, ``to_table``              move a joiner to another table
                                                              (before either starts)
``end``        -                                              end the class and delete it
``projector``  ``on`` (bool)                                  projector mode: no student names
``results``    -                                              read the results (table, chart,
                                                              CSV)
``lang``       ``lang``                                       the page's language
``forget``     -                                              close the class on this page
``watch``      optional ``table``                             show a table's public view (none:
                                                              stop)
``assign``     ``game``, ``players``, ``bot``, ``lang``;      make a homework assignment and
               optional ``seed`` (none: a new one),           keep it with the class (its link
               ``form``, ``items``, ``due``, ``max_rounds``,  and QR code are shown)
               ``site``
``import``     ``text``, ``source`` (``paste``/``csv``);      import result codes: a pasted list
               optional ``assignment`` (an id)                or a CSV file's text
=============  =============================================  ==================================
"""
from __future__ import annotations

import re
from typing import Any

from . import _homework_section as hw
from ._room_widget import IntentError

__all__ = ["INTENTS", "check_field"]

#: type -> (required keys, optional keys)
INTENTS: dict[str, tuple[frozenset, frozenset]] = {
    "open": (frozenset({"code", "key"}), frozenset()),
    "create": (frozenset({"game", "tables", "seats"}),
               frozenset({"edition", "duplicate", "idle_seconds", "room_key"})),
    "refresh": (frozenset(), frozenset()),
    "pause": (frozenset({"paused"}), frozenset()),
    "start": (frozenset({"table"}), frozenset()),
    "bot": (frozenset({"table", "seat", "bot"}), frozenset()),
    "remove": (frozenset({"table", "seat"}), frozenset()),
    "free": (frozenset({"table", "seat"}), frozenset()),
    "lock": (frozenset({"locked"}), frozenset()),
    "new_pin": (frozenset({"table", "seat"}), frozenset()),
    "move": (frozenset({"table", "seat", "to_table"}), frozenset()),
    "end": (frozenset(), frozenset()),
    "projector": (frozenset({"on"}), frozenset()),
    "results": (frozenset(), frozenset()),
    "lang": (frozenset({"lang"}), frozenset()),
    "forget": (frozenset(), frozenset()),
    "dismiss": (frozenset(), frozenset()),
    "watch": (frozenset(), frozenset({"table"})),
    "assign": (frozenset({"game", "players", "bot", "lang"}),
               frozenset({"seed", "form", "items", "due", "max_rounds", "site"})),
    "import": (frozenset({"text", "source"}), frozenset({"assignment"})),
}
_WORD = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_INTS = {"tables": (1, 60), "seats": (2, 5), "table": (0, 59), "to_table": (0, 59),
         "seat": (0, 4), "idle_seconds": (5, 86_400), "players": (2, 5), "max_rounds": (1, 99)}
#: the longest of the assignment form's text fields (the items list, the site's address)
_SHORT_TEXT = {"form": 8, "due": 10, "items": 2_000, "site": 300, "assignment": 8}
_BOOLS = ("paused", "duplicate", "on", "locked")


def check_field(key: str, value: Any) -> Any:
    """One key of an intent, checked (and normalized: codes and keys stripped); raises
    :class:`IntentError` saying what the key must be."""
    if key in _INTS:
        low, high = _INTS[key]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise IntentError(f"{key} must be a whole number from {low} to {high}")
    elif key in _BOOLS:
        if not isinstance(value, bool):
            raise IntentError(f"{key} must be true or false")
    elif key == "bot":
        if value is not None and not (isinstance(value, str) and _WORD.match(value)):
            raise IntentError("bot must be a bot's name or null")
    elif key in ("code", "key", "room_key"):
        if not isinstance(value, str) or len(value) > 100:
            raise IntentError(f"{key} must be text of at most 100 characters")
        return value.strip()
    elif key in ("game", "edition", "lang"):
        if not (isinstance(value, str) and _WORD.match(value)):
            raise IntentError(f"{key} must be a short id")
    elif key == "seed":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value < 10 ** 12):
            raise IntentError("seed must be a whole number from 0 or null (a new seed)")
    elif key in _SHORT_TEXT:
        if value is not None and not (isinstance(value, str)
                                      and len(value) <= _SHORT_TEXT[key]):
            raise IntentError(f"{key} must be text of at most {_SHORT_TEXT[key]} "
                              "characters")
    elif key == "source":
        if value not in ("paste", "csv"):
            raise IntentError("source must be paste or csv")
    elif key == "text":
        if not isinstance(value, str) or len(value) > hw.MAX_CSV_CHARS:
            raise IntentError(f"text must be at most {hw.MAX_CSV_CHARS} characters")
    return value
