"""The messages a browser may send to a :class:`~periodic_edu.widgets.GameWidget`, and their checks.

The browser sends *intents* with ``model.send({...})``; Python receives them as custom messages.
Every message is checked here before anything else looks at it: it must be a JSON object whose
``type`` is one of :data:`INTENTS`, with only that type's keys, each of the right JSON type and
size. Nothing from the browser is ever evaluated, unpickled or used as an attribute name.

=============  ==========================================  =====================================
type           keys (besides ``type``)                      meaning
=============  ==========================================  =====================================
``act``        ``action`` (notation), optional ``rev``      play one action for the human seat
``undo``       optional ``rev``                             undo back to the last human decision
``new_game``   optional ``rev``, ``variant``                start again (same seats, fresh seed;
                                                            Elemonster: in that variant)
``step_bot``   ``rev`` (required)                           the bot whose turn it is plays one
                                                            action (the browser's pacing timer)
``pause``      ``paused`` (bool), optional ``rev``          stop / restart the bots' timer
``hello``      ``token``, optional ``rev``                  a page (re)loaded holding this resume
                                                            token: offer its saved game
``resume``     optional ``rev``                             take up the offered saved game
``dismiss_resume`` optional ``rev``                         decline the offer (the save expires)
=============  ==========================================  =====================================

``rev`` is the widget's ``revision`` the browser last saw: a message about an older state is
refused (``act``, ``undo``, ``new_game``) or, for ``step_bot``, silently dropped — two views of
one widget both tick, and only the first tick for a revision plays.

>>> parse_intent({"type": "act", "action": "s:ie>F", "rev": 3})
Intent(type='act', action='s:ie>F', rev=3, paused=None, token=None, variant=None)
>>> parse_intent({"type": "act"})
Traceback (most recent call last):
...
periodic_edu.widgets._game_intents.IntentError: message 'act' needs the key 'action'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ._base import describe

__all__ = ["Intent", "IntentError", "INTENTS", "parse_intent", "MAX_ACTION_LENGTH"]

#: Longest action notation accepted (the longest real one, ``d:potassium_permanganate``, has 24
#: characters; card ids may have up to 64).
MAX_ACTION_LENGTH = 80
#: Most keys a message may carry (every type has at most three).
_MAX_KEYS = 4
_MAX_REV = 2 ** 53  # JavaScript's safe integers

#: type -> (required keys, optional keys)
INTENTS: dict[str, tuple[frozenset, frozenset]] = {
    "act": (frozenset({"action"}), frozenset({"rev"})),
    "undo": (frozenset(), frozenset({"rev"})),
    "new_game": (frozenset(), frozenset({"rev", "variant"})),
    "step_bot": (frozenset({"rev"}), frozenset()),
    "pause": (frozenset({"paused"}), frozenset({"rev"})),
    "hello": (frozenset({"token"}), frozenset({"rev"})),
    "resume": (frozenset(), frozenset({"rev"})),
    "dismiss_resume": (frozenset(), frozenset({"rev"})),
}
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
_VARIANT = re.compile(r"^[a-z_]{1,20}$")


class IntentError(ValueError):
    """A message that is not a well-formed intent (the text is safe to show)."""


@dataclass(frozen=True)
class Intent:
    type: str
    action: str | None = None
    rev: int | None = None
    paused: bool | None = None
    token: str | None = None
    variant: str | None = None


def parse_intent(content: Any) -> Intent:
    """Check one browser message; return it as an :class:`Intent` or raise :class:`IntentError`."""
    if not isinstance(content, dict):
        raise IntentError(f"a message must be an object with a 'type', not {describe(content)}")
    if len(content) > _MAX_KEYS:
        raise IntentError(f"a message has at most {_MAX_KEYS} keys, not {len(content)}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in INTENTS:
        raise IntentError(f"unknown message type {describe(kind)}: expected one of "
                          f"{', '.join(INTENTS)}")
    required, optional = INTENTS[kind]
    for key in content:
        if key != "type" and key not in required and key not in optional:
            raise IntentError(f"message {kind!r} has no key {describe(key)}")
    for key in sorted(required):
        if key not in content:
            raise IntentError(f"message {kind!r} needs the key {key!r}")
    action = content.get("action")
    if "action" in content:
        if not isinstance(action, str) or not action.strip():
            raise IntentError(f"'action' must be action notation, not {describe(action)}")
        if len(action) > MAX_ACTION_LENGTH:
            raise IntentError(f"'action' is {len(action)} characters long; action notation has "
                              f"at most {MAX_ACTION_LENGTH}")
        action = action.strip()
    rev = content.get("rev")
    if "rev" in content:
        if isinstance(rev, float) and rev.is_integer():
            rev = int(rev)
        if isinstance(rev, bool) or not isinstance(rev, int) or not 0 <= rev <= _MAX_REV:
            raise IntentError(f"'rev' must be a whole number, not {describe(rev)}")
    paused = content.get("paused")
    if "paused" in content and not isinstance(paused, bool):
        raise IntentError(f"'paused' must be true or false, not {describe(paused)}")
    token = content.get("token")
    if "token" in content and (not isinstance(token, str) or not _TOKEN.match(token)):
        raise IntentError(f"'token' must be a resume token, not {describe(token)}")
    variant = content.get("variant")
    if "variant" in content and (not isinstance(variant, str) or not _VARIANT.match(variant)):
        raise IntentError(f"'variant' must be a variant's name, not {describe(variant)}")
    return Intent(kind, action, rev, paused, token, variant)
