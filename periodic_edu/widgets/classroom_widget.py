"""ClassroomWidget: the teacher's page of class play (issue 20), a thin view over the room.

>>> import os, tempfile
>>> from periodic_edu.classroom import open_room
>>> room = open_room("sqlite:///" + os.path.join(tempfile.mkdtemp(), "room.db"))
>>> info = room.create_class(game="periodic", tables=2, seats=2)
>>> w = ClassroomWidget(info.code, "not-the-key", room=room)
>>> (w.phase, w.room_data)
('closed', {})
>>> w = ClassroomWidget(info.code, info.teacher_key, room=room)
>>> (w.phase, len(w.room_data["tables"]))
('open', 2)

Python holds the room and the teacher key; the browser writes no trait. It sends *intents*
(``model.send``), each checked here (:mod:`._classroom_intents` lists them) before the room
sees it, and every control is then checked again by the room with the key
(``room.teacher(code, key)``).

**Homework** (issue 34, :mod:`._homework_section`): the section keeps the class's assignments
(``teacher.assign``) and imports codes (``teacher.import_codes``): what the page sends is
bounded first (a paste of at most ``MAX_PASTE_CHARS`` characters, a CSV of ``MAX_CSV_CHARS``,
at most ``homework.MAX_CODES`` codes), and each import says what landed and what was refused,
by the code's number and line, in the page's language. The imported results then show in the
results (``teacher.results()["homework"]``) and their CSV, marked as homework.

**Live updates.** The page sends ``refresh`` every second while a class is open, and Python
answers by re-reading ``teacher.overview()`` (a few ms: replayed games are cached by revision)
and syncing what changed. A timer in the page, not a thread in the kernel: every room call then
runs on the kernel's own thread, inside the message guard (a failure is a refusal on the page,
never a traceback), nothing runs when no page is open, and the load is bounded by the page
count. Each refresh also plays at most one due bot move per table (``room.step_bots``), so a
table the teacher started with bots only moves on at a readable pace.

**Creating a class** needs the room key when the page runs in the workshop server: the server
prints it in its ready block (for the person who started it) and gives its kernels only its hash
(:data:`ROOM_KEY_ENV`); a page without it creates nothing. A notebook the teacher runs in their
own Jupyter has no such variable and asks for no room key. The room then holds at most
:data:`MAX_LIVE_CLASSES` classes made from pages; a full store says so ("the room's store is
full").

**Wrong key.** A key that is not the class's (or a student's seat token) is refused like any
wrong key: ``phase`` stays ``"closed"`` and nothing of the class is synced.
"""
from __future__ import annotations

import os
import time
from typing import Any

import traitlets

from .. import i18n
from ..tabletop.table import Text
from . import _classroom_data as data
from . import _homework_section as hw
from ._assets import css, esm
from ._base import describe, log
from ._classroom_intents import INTENTS, check_field
from ._room_widget import IntentError, RoomWidget
from ._workshop_env import (JOIN_URLS_ENV, ROOM_KEY_ENV, TEACHER_MARK_ENV, join_addresses,
                            mark_opened, room_key_ok)

__all__ = ["ClassroomWidget", "parse_intent", "IntentError", "INTENTS", "ROOM_KEY_ENV",
           "JOIN_URLS_ENV", "TEACHER_MARK_ENV", "MAX_LIVE_CLASSES", "join_addresses"]

#: Classes the room may hold when one more is created from the page (live ones: an ended or
#: expired class is deleted).
MAX_LIVE_CLASSES = 30

#: the page's words for the overview's seconds are whole seconds; a refresh re-sends only change
REFRESH_MS = 1000
#: the shortest time between two reads a page's refresh may cause
REFRESH_MIN_S = 0.4


def parse_intent(content: Any) -> dict[str, Any]:
    """Check one message from the page: a JSON object of a known ``type`` with exactly its
    keys, each of the right type and size. Returns it normalized; raises :class:`IntentError`.

    >>> parse_intent({"type": "bot", "table": 0, "seat": 1, "bot": "greedy"})["seat"]
    1
    >>> parse_intent({"type": "pause", "paused": "yes"})
    Traceback (most recent call last):
    ...
    periodic_edu.widgets._room_widget.IntentError: paused must be true or false
    """
    return ClassroomWidget.parse_intent(content)


def _choices() -> dict[str, Any]:
    from ..classroom import games
    return {"games": list(games.GAMES), "editions": list(games.editions()),
            "bots": {g: list(games.bot_names(g)) for g in games.GAMES},
            "languages": list(i18n.LANGUAGES), "room_key": bool(os.environ.get(ROOM_KEY_ENV))}


class ClassroomWidget(RoomWidget):
    """The teacher's page: ``ClassroomWidget(code, teacher_key, room=None)``; ``room``: an open
    room (default: ``open_room()``, the store ``PERIODIC_EDU_ROOM`` names). Without a code and
    key the page asks for them (or offers to create a class)."""

    _esm = traitlets.Unicode(esm("classroom.js")).tag(sync=True)
    _css = traitlets.Unicode(css("classroom.css")).tag(sync=True)

    phase = traitlets.Unicode("closed", help="closed: no class shown; open: a class is shown."
                              ).tag(sync=True)
    room_data = traitlets.Dict(help="The room at a glance (see _classroom_data.glance)."
                               ).tag(sync=True)
    results = traitlets.Dict(help="The results: rows, duplicate, csv.").tag(sync=True)
    projector = traitlets.Bool(False, help="Projector mode: no student names anywhere."
                               ).tag(sync=True)
    notice = traitlets.Unicode("", help="What the last control did (announced).").tag(sync=True)
    created = traitlets.Dict(help="A class just created from this page: its code and key, shown "
                             "once to the teacher (never in projector mode).").tag(sync=True)
    choices = traitlets.Dict(help="Games, editions, bots, languages.").tag(sync=True)
    refresh_ms = traitlets.Int(REFRESH_MS).tag(sync=True)
    INTENTS = INTENTS
    watching = traitlets.Dict(help="The public view of the table the teacher watches (the "
                              "spectators' view: no seat's secrets).").tag(sync=True)
    join = traitlets.Dict(help="Where students join (projector mode shows it): the server's "
                          "addresses and the first one's QR code (see join_addresses).").tag(
                              sync=True)
    homework = traitlets.Dict(help="The Homework section: the class's assignments (the latest "
                              "one's link and QR code), the form's choices and the last "
                              "import's outcome (not in projector mode).").tag(sync=True)

    def __init__(self, code: str | None = None, teacher_key: str | None = None,
                 room: Any = None, **kwargs: Any) -> None:
        self._teacher: Any = None
        self._results_for: Any = None
        self._watched: int | None = None
        # (outcome, where, source, errors) of the last import: said again in a new language
        self._last_import: Any = None
        self._ready = False
        super().__init__(room=room, **kwargs)
        self.choices = _choices()
        self.join = join_addresses()
        self._ready = True
        if code is not None or teacher_key is not None:
            # as if typed on the page: a wrong key is a refusal shown on it, not a traceback
            self.handle_message({"type": "open", "code": str(code or "")[:100],
                                 "key": str(teacher_key or "")[:100]})

    def __repr__(self) -> str:  # never the key
        return f"<ClassroomWidget {self.room_data.get('code', '')} {self.phase}>"

    # ---- the Python API ---------------------------------------------------------------------
    @property
    def teacher(self) -> Any:
        """The room's :class:`~periodic_edu.classroom.Teacher` of the open class (or None)."""
        return self._teacher

    # ---- messages ---------------------------------------------------------------------------
    @classmethod
    def _check(cls, key: str, value: Any) -> Any:
        return check_field(key, value)

    def _refusal(self, exc: Exception) -> str | None:
        if isinstance(exc, PermissionError):  # the room's answer to a wrong key
            self._close()
            return Text("teacher_wrong_key").render(self.lang)
        text = super()._refusal(exc)
        if text is not None and getattr(exc, "key", None) == "no_class":
            self._close()
        return text

    def _dispatch(self, intent: dict[str, Any]) -> None:
        kind = intent["type"]
        if kind == "open":
            self._open(intent["code"], intent["key"])
            return
        if kind == "create":
            self._create(intent)
            return
        if kind == "lang":
            self.lang = i18n.resolve_language(intent["lang"])  # unknown: a ValueError refusal
            return
        if kind == "dismiss":
            self.created = {}
            return
        if kind == "projector":
            # one message: the page never draws projector mode with the named data
            with self.hold_sync():
                self.projector = intent["on"]
                if self.projector:
                    self.created = {}  # the new key never reaches a projector
                    self.notice = ""  # nor a new PIN the last notice gave
                self._sync()
                self._sync_homework()  # the last import's names leave the page too
            return
        teacher = self._teacher
        if teacher is None:
            raise ValueError(Text("teacher_no_class"))
        if self._control(teacher, kind, intent):
            self._sync()

    def _control(self, teacher: Any, kind: str, intent: dict[str, Any]) -> bool:
        """One control of the open class (every intent of :mod:`._classroom_intents` but
        ``open``, ``create``, ``lang``, ``dismiss`` and ``projector``); True when the room is
        then read again. One branch a control, as that table lists them: longer than 60 lines
        so that it reads as the table."""
        if kind == "forget":
            self._close()
            self.notice = Text("teacher_closed").render(self.lang)
            return False
        if kind == "refresh":
            # one visitor's load is bounded: a page (or a tampered one) asking faster than
            # REFRESH_MIN_S is answered by the last read, not a new one
            clock = time.monotonic()
            if clock - self._last_refresh < REFRESH_MIN_S:
                return False
            self._last_refresh = clock
            self._step_bots()
        elif kind == "pause":
            if intent["paused"]:
                teacher.pause()
                self.notice = Text("teacher_paused").render(self.lang)
            else:
                teacher.resume()
                self.notice = Text("teacher_resumed").render(self.lang)
        elif kind == "start":
            teacher.start_table(intent["table"])
            self.notice = Text("teacher_started", table=intent["table"] + 1).render(self.lang)
        elif kind == "bot":
            teacher.set_bot(intent["table"], intent["seat"], intent["bot"])
            where = data.seat_label(intent["table"], intent["seat"], self.lang)
            self.notice = (Text("teacher_to_bot", where=where) if intent["bot"] else
                           Text("teacher_to_person", where=where)).render(self.lang)
        elif kind == "remove":
            teacher.remove(intent["table"], intent["seat"])
            where = data.seat_label(intent["table"], intent["seat"], self.lang)
            self.notice = Text("teacher_removed", where=where).render(self.lang)
        elif kind == "free":
            teacher.free(intent["table"], intent["seat"])
            where = data.seat_label(intent["table"], intent["seat"], self.lang)
            self.notice = Text("teacher_freed", where=where).render(self.lang)
        elif kind == "lock":
            teacher.lock_joining(intent["locked"])
            self.notice = Text("teacher_joining_closed" if intent["locked"]
                               else "teacher_joining_open").render(self.lang)
        elif kind == "new_pin":
            if self.projector:  # a PIN is never drawn on a projected page
                raise ValueError(Text("teacher_pin_projector"))
            pin = teacher.new_pin(intent["table"], intent["seat"])
            where = data.seat_label(intent["table"], intent["seat"], self.lang)
            self.notice = Text("teacher_pin_given", where=where, pin=pin).render(self.lang)
        elif kind == "move":
            to_table, _seat = teacher.move(intent["table"], intent["seat"], intent["to_table"])
            where = data.seat_label(intent["table"], intent["seat"], self.lang)
            self.notice = Text("teacher_moved", where=where, table=Text(
                "teacher_table", table=to_table + 1)).render(self.lang)
        elif kind == "end":
            code = teacher.code
            teacher.purge()
            self._close()
            self.notice = Text("teacher_ended", code=code).render(self.lang)
            return False
        elif kind == "results":
            self._sync(results=True)
            return False
        elif kind == "assign":
            a = hw.new_assignment_from(intent)
            teacher.assign(a)
            self.notice = Text("teacher_hw_assigned", id=a.id).render(self.lang)
            self._sync_homework(current=a.id)
            return False
        elif kind == "import":
            self._import(teacher, intent)
            return False
        elif kind == "watch":
            self._watched = intent.get("table")
            if self._watched is not None and not any(
                    t["table"] == self._watched and t["status"] != "waiting"
                    for t in self.room_data.get("tables", ())):
                self._watched = None
                raise ValueError(Text("teacher_watch_waiting", table=intent["table"] + 1))
        return True

    def _open(self, code: str, key: str) -> None:
        from ..classroom import NotFound
        try:
            teacher = self.room.teacher(code, key)
        except (PermissionError, NotFound):
            self._close()
            raise
        self._teacher = teacher
        mark_opened()
        self.phase = "open"
        self.notice = Text("teacher_opened", code=teacher.code).render(self.lang)
        self.results = {}
        self._results_for = None
        self._last_import = None
        self._sync()
        self._sync_homework()

    def _import(self, teacher: Any, intent: dict[str, Any]) -> None:
        """A pasted list or a CSV's text: bounded, split, imported; the outcome by line."""
        if intent["source"] == "paste":
            where = hw.codes_from_paste(intent["text"])
        else:
            where = hw.codes_from_csv(intent["text"])
        codes = [c for _, c in where]
        outcome = teacher.import_codes(codes, intent.get("assignment"))
        self._last_import = (outcome, where, intent["source"],
                             hw.said_again(teacher, outcome, codes))
        self.notice = hw.import_outcome(outcome, where, intent["source"], self.lang)["summary"]
        self._sync_homework(current=outcome["assignment"])
        self._sync(results=True)  # the report shows what landed

    def _sync_homework(self, current: str | None = None) -> None:
        """The Homework section's data: the class's assignments (newest first), the one shown
        (its link's QR code drawn here), and the last import said in the page's language."""
        from ..checks import FORMS
        from ._qr import qr_svg
        teacher = self._teacher
        if teacher is None:
            self.homework = {}
            return
        kept = [a.to_dict() for a in reversed(teacher.assignments())]
        ids = [a["id"] for a in kept]
        current = current if current in ids else (self.homework.get("current") if
                                                  self.homework.get("current") in ids else None)
        current = current or (ids[0] if ids else None)
        shown = next((a for a in kept if a["id"] == current), None)
        try:
            qr = qr_svg(shown["link"]) if shown else ""
        except ValueError:  # a link too long for a QR code (a long item list): the link alone
            qr = ""
        out: dict[str, Any] = {"assignments": kept, "current": current, "qr": qr,
                               "forms": list(FORMS), "site": hw.site_address(),
                               "max_paste": hw.MAX_PASTE_CHARS, "max_csv": hw.MAX_CSV_CHARS}
        if self._last_import is not None and not self.projector:  # names: never projected
            outcome, where, source, errors = self._last_import
            out["import"] = hw.import_outcome(outcome, where, source, self.lang, errors)
        self.homework = out

    def _create(self, intent: dict[str, Any]) -> None:
        if not room_key_ok(intent.get("room_key")):
            raise ValueError(Text("teacher_room_key_wrong"))
        if self._room is None:
            # a new class may begin a new room: the one page that may create the store file
            # (every other page opens an existing store only, so a removed file is never
            # silently replaced by an empty room under students who are playing)
            from ..classroom import open_room
            self._room = open_room(create=True)
        live = self.room.count_classes()
        if live >= MAX_LIVE_CLASSES:
            raise ValueError(Text("teacher_too_many_classes", n=live))
        settings = {k: intent[k] for k in ("duplicate", "idle_seconds") if k in intent}
        info = self.room.create_class(game=intent["game"], tables=intent["tables"],
                                      seats=intent["seats"], edition=intent.get("edition", "en"),
                                      **settings)
        self._open(info.code, info.teacher_key)
        if not self.projector:
            self.created = {"code": info.code, "key": info.teacher_key}
        self.notice = Text("teacher_created", code=info.code).render(self.lang)

    def _close(self) -> None:
        self._teacher = None
        with self.hold_sync():
            self.phase = "closed"
            self.notice = ""
            self.room_data = {}
            self.results = {}
            self.watching = {}
        self._watched = None
        self._last_import = None
        self.homework = {}

    def _step_bots(self) -> None:
        tables = len(self.room_data.get("tables", ())) or 1
        try:
            self.room.step_bots(self._teacher.code, max_moves=tables)
        except Exception as exc:  # noqa: BLE001 - a bot failing must not blank the page
            from ..classroom import NotFound
            if isinstance(exc, NotFound):
                raise
            log.warning("ClassroomWidget: bots could not move: %s", describe(str(exc)))

    def _sync(self, results: bool = False) -> None:
        teacher = self._teacher
        if teacher is None:
            return
        overview = teacher.overview()  # checks the key again: a purged class raises here
        rounds = {}
        watching: dict = {}
        for t in overview["tables"]:
            if t["status"] != "waiting":
                view = self.room.spectate(teacher.code, t["table"])  # the public view only
                rounds[t["table"]] = view.get("round")
                if t["table"] == self._watched:
                    watching = data.public_table(overview["game"], t["table"], view, self.lang,
                                                 self.projector)
        glance = data.glance(overview, rounds, self.lang, self.projector, now=self.room.clock())
        # the results once the teacher asked for them, read again only when a table moved
        # (or the language or projector mode changed): results() reads the room once more
        revisions = (tuple(t["revision"] for t in overview["tables"]), self.lang,
                     self.projector)
        want_results = results or (bool(self.results) and revisions != self._results_for)
        news = data.needs_the_teacher(self.room_data, glance, self.lang)
        with self.hold_sync():
            self.room_data = glance
            self.watching = watching
            if news:  # announced by the page's live region
                self.notice = news
            if want_results:
                self.results = data.results_table(teacher.results(), self.lang, self.projector)
                self._results_for = revisions

    def _translate(self, lang: str) -> None:
        if getattr(self, "_ready", False) and self._teacher is not None:
            self._sync()
            self._sync_homework()
