"""RoomWidget: what the two widgets over a class room share - the student's "Join a class game"
panel (:mod:`.class_seat`) and the teacher's page (:mod:`.classroom_widget`).

Both hold a room (:func:`~periodic_edu.classroom.open_room`, opened on the first message when
none is given), take *intents* from the page (``model.send``: a JSON object with a ``type`` and
exactly that type's keys), and run every room call inside one guard: a refusal is a sentence in
``error`` in the page's language, a failure is logged on the server and shown as "something went
wrong" - never a traceback on the page. Each widget adds only its intents (:attr:`INTENTS`, the
checks of its keys in :meth:`_check`) and what they do (:meth:`_dispatch`).
"""
from __future__ import annotations

from typing import Any, ClassVar

from ..tabletop.table import TableError, Text
from ._base import IntentWidget, describe, log

__all__ = ["RoomWidget", "IntentError", "STORE_ERRORS"]

#: the room's refusals that are the store failing, not the person (errors.StoreUnavailable...)
STORE_ERRORS = ("unavailable", "full", "busy")


class IntentError(ValueError):
    """A message that is not a well-formed intent (only a tampered page sends one)."""


class RoomWidget(IntentWidget):
    """Base of the widgets over a class room (see the module docstring)."""

    #: type -> (required keys, optional keys)
    INTENTS: ClassVar[dict[str, tuple[frozenset, frozenset]]] = {}

    def __init__(self, room: Any = None, **kwargs: Any) -> None:
        self._room = room
        self._last_refresh = float("-inf")
        self._store_error = False  # the error shown is the store's (cleared by a refresh)
        super().__init__(**kwargs)
        self.on_msg(self._on_custom_msg)

    @property
    def room(self) -> Any:
        """The room (default: the store ``PERIODIC_EDU_ROOM`` names, opened on first use)."""
        if self._room is None:
            from ..classroom import open_room
            self._room = open_room(create=False)  # a kernel never makes a new empty room
        return self._room

    def refresh(self) -> None:
        """Read the room again now (what the page's timer asks for, without its throttle)."""
        self._last_refresh = float("-inf")
        self.handle_message({"type": "refresh"})

    # ---- messages ---------------------------------------------------------------------------
    @classmethod
    def parse_intent(cls, content: Any) -> dict[str, Any]:
        """Check one message from the page; returns it normalized or raises IntentError."""
        if not isinstance(content, dict):
            raise IntentError("a message is a JSON object")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in cls.INTENTS:
            raise IntentError(f"unknown message type {describe(kind)}")
        required, optional = cls.INTENTS[kind]
        keys = set(content) - {"type"}
        if required - keys:
            raise IntentError(f"message {kind!r} needs {', '.join(sorted(required - keys))}")
        extra = keys - required - optional
        if extra:
            raise IntentError(f"message {kind!r} takes no {', '.join(sorted(extra))}")
        out: dict[str, Any] = {"type": kind}
        for key in keys:
            out[key] = cls._check(key, content[key])
        return out

    @classmethod
    def _check(cls, key: str, value: Any) -> Any:
        """One key's value, normalized; raises IntentError."""
        raise NotImplementedError

    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any = None) -> None:
        self.handle_message(content)

    def handle_message(self, content: Any) -> bool:
        """One message from the page; True when accepted. A refusal sets ``error`` (in the
        page's language) and changes nothing."""
        try:
            intent = self.parse_intent(content)
        except IntentError as exc:  # a tampered page: the detail stays English
            return self._refuse(Text("bad_message", why=str(exc)).render(self.lang))
        return self._guarded(intent["type"], lambda: self._dispatch(intent))

    def _guarded(self, kind: str, step: Any) -> bool:
        """Run ``step`` (room calls) inside the guard: a failure is a sentence in ``error``."""
        try:
            step()
        except Exception as exc:  # noqa: BLE001 - the guard
            text = self._refusal(exc)
            if text is None:  # not a refusal: a fault, logged on the server only
                log.exception("%s: %s failed", type(self).__name__, kind)
                text = Text("internal").render(self.lang)
            refused = self._refuse(text)
            self._store_error = getattr(exc, "key", None) in STORE_ERRORS
            return refused
        if kind != "refresh" or self._store_error:
            # a refresh that read the room clears the store's error (the store is back), but
            # not a refusal of the person's own last action
            self.error = ""
            self._store_error = False
        return True

    def _refusal(self, exc: Exception) -> str | None:
        """The sentence for a refusal (a room's, a rule's, a bad value's); None for a fault."""
        if callable(getattr(exc, "render", None)):  # the room's refusals say themselves
            return exc.render(self.lang)
        if isinstance(exc, (TableError, ValueError)):  # a rule's or a value's: its Text
            render = getattr(exc.args[0] if exc.args else None, "render", None)
            return render(self.lang) if callable(render) else Text("internal").render(self.lang)
        return None

    def _refuse(self, text: str) -> bool:
        self.error = text
        return False

    def _dispatch(self, intent: dict[str, Any]) -> None:
        raise NotImplementedError
