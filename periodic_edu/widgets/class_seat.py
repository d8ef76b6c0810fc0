"""Class play in a student's kernel (issue 19): a room seat shown with the game's own views.

Two pieces:

* :class:`ClassGameWidget` / :class:`ClassElemonsterWidget` - the game widgets themselves
  (the same views, the same log sentences, the same refusals) over a
  :class:`~._seat_table.SeatTable`: the table of ONE room :class:`~periodic_edu.classroom.Seat`.
  What is synced is that seat's view only (``Game.view(seat)``): never another seat's hand or
  agenda, the deck order or the seed. A move goes to the room with the revision last read
  (``seat.play(action, revision=...)``); a stale one says "the table moved on" and shows the
  new state.
* :class:`ClassPlayWidget` - "Join a class game": the class code and a name the student picks,
  the seat token kept in the browser's ``localStorage`` (192 bits: a reload, or a new browser
  holding the token, returns to the same seat), the PIN shown once at joining, "rejoin with
  PIN", who sits at the table (connected now or not, whose turn) and "I'm back" after an idle
  stand-in bot took the seat. It holds the game widget in :attr:`ClassPlayWidget.box`.

**One page, one seat** (issue 29): the bounds of :mod:`._page_limits`, kept in the kernel and,
under the page's id, in the room (so a reload does not start them again): one seat per class
(leaving before the table starts frees it in the room), a few joins and rejoins a minute, a
backoff after wrong PINs, and a join sent while the last was answered is dropped. The kernel opens an existing room store only (``open_room(create=False)``), and a
token the room does not know is said in words while the browser keeps it.

**Live updates: the kernel is woken by the room.** Once seated, a thread of the kernel (one per
panel, for its whole life) blocks in ``seat.wait`` - SQLite: ``PRAGMA data_version`` polled every
20 ms; PostgreSQL: ``LISTEN/NOTIFY`` - and when the table's revision moves it hands a refresh to
the kernel's event loop (``loop.call_soon_threadsafe``). The refresh itself runs on the kernel's
own thread, like every page message: every room call is inside the message guard (a failure is a
sentence, never a traceback) and no trait is ever set from the second thread. Another seat's
move therefore shows as soon as it is stored, not at the next tick of a timer. The page still
sends ``refresh`` every :data:`REFRESH_MS` for what has no revision: who is connected now, a
pause, and the room's clock. A refresh claims at most one due bot move (``room.step_bots`` with
``max_moves=1``: a bot seat, or a stand-in for a seat idle longer than the class allows) at most
every :data:`BOT_PACE_S` seconds, so bots move at a pace people can follow and exactly one
kernel's claim lands; and every :data:`TOUCH_S` seconds (or a third of the class's
``connected_seconds`` if that is shorter) a heartbeat (``seat.touch``) marks the seat connected.
A refresh the room woke never beats the heart nor moves a bot: a closed tab stops beating even
while its kernel still runs. Voila ends that kernel soon after; its waiting thread is a daemon
and ends with it. Without a running event loop (plain Python) no thread is started and
:meth:`ClassPlayWidget.refresh` reads the room on demand.
"""
from __future__ import annotations

import asyncio
import re
import sys
import threading
import time
from typing import Any

import ipywidgets
import traitlets

from ..tabletop.table import TableError, Text
from ._assets import css, esm
from ._base import describe
from . import _page_limits
from ._page_limits import PageLimits
from ._room_widget import IntentError, RoomWidget
# the seat views live in their own module; _SeatView is re-exported for a game's own seat view
from ._seat_views import ClassElemonsterWidget, ClassGameWidget, _SeatView, held_note  # noqa: F401
from .game_views import resolve, views_of

__all__ = ["ClassGameWidget", "ClassElemonsterWidget", "ClassPlayWidget", "class_play_box",
           "ClassPlayBox", "parse_intent", "IntentError", "INTENTS", "REFRESH_MS", "BOT_PACE_S", "TOUCH_S"]

#: the page's refresh timer while seated (moves need no timer: the kernel is woken by the room)
REFRESH_MS = 1000
#: how long the waiting thread blocks in one ``seat.wait`` before it looks at the seat again
#: (a seat moved to another table by the teacher is watched there within this time)
WAIT_S = 5.0
#: the shortest time between two reads a refresh may cause
REFRESH_MIN_S = 0.2
#: the shortest time between two bot moves this kernel claims
BOT_PACE_S = 0.8
#: the heartbeat: the seat counts as connected (the class's ``connected_seconds``, 30 by default)
TOUCH_S = 10.0


# ---- joining ---------------------------------------------------------------------------------
#: type -> (required keys, optional keys)
INTENTS: dict[str, tuple[frozenset, frozenset]] = {
    "hello": (frozenset({"token"}), frozenset()),
    "join": (frozenset({"code", "name"}), frozenset()),
    "rejoin": (frozenset({"code", "name", "pin"}), frozenset()),
    "refresh": (frozenset(), frozenset()),
    "back": (frozenset(), frozenset()),
    "leave": (frozenset(), frozenset()),
}
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
_TEXT_LIMIT = 40


def parse_intent(content: Any) -> dict[str, Any]:
    """Check one message from the join panel; returns it normalized or raises IntentError.

    >>> parse_intent({"type": "join", "code": " k7q2-m9xd ", "name": "Ada"})["code"]
    'k7q2-m9xd'
    >>> parse_intent({"type": "hello", "token": "<script>"})
    Traceback (most recent call last):
    ...
    periodic_edu.widgets._room_widget.IntentError: token must be a seat token or empty
    """
    return ClassPlayWidget.parse_intent(content)


class ClassPlayWidget(RoomWidget):
    """"Join a class game" for one game (``"periodic"`` or ``"elemonster"``); the game itself
    is shown in :attr:`box` once the seat's table has started. ``room``: a room from
    :func:`~periodic_edu.classroom.open_room` (default: ``PERIODIC_EDU_ROOM``, opened on the
    first message)."""

    _esm = traitlets.Unicode(esm("class_play.js")).tag(sync=True)
    _css = traitlets.Unicode(css("class_play.css")).tag(sync=True)

    game = traitlets.Unicode("periodic", help="The game of this tab.").tag(sync=True)
    phase = traitlets.Unicode("join", help="join | waiting | playing | no_server (the static "
                              "site: nothing to join)").tag(sync=True)
    seat_info = traitlets.Dict(help="{code, table, seat, name}: where this student sits.").tag(
        sync=True)
    pin = traitlets.Unicode("", help="The seat PIN, shown once after joining.").tag(sync=True)
    keep_token = traitlets.Unicode("", help="The seat token this browser keeps ('' after "
                                   "leaving: the browser forgets it).").tag(sync=True)
    table_info = traitlets.Dict(help="{seats: [{name, connected, bot, stand_in, to_move, you}], "
                                "status, paused, held (why play waits, in words), stand_in, over, "
                                "your_turn}.").tag(sync=True)
    notice = traitlets.Unicode("", help="A sentence to announce (the table moved on, ...).").tag(
        sync=True)
    notices = traitlets.Int(0, help="Counts notices (the same one twice still shows).").tag(
        sync=True)
    refresh_ms = traitlets.Int(REFRESH_MS).tag(sync=True)
    rejoin_offer = traitlets.Dict(help="{code, name}: the PIN form to open, filled in (the name "
                                  "is taken at the table, or this seat went to another "
                                  "device); {} otherwise.").tag(sync=True)

    INTENTS = INTENTS

    @classmethod
    def _check(cls, key: str, value: Any) -> Any:
        if key == "token":
            if not isinstance(value, str) or (value and not _TOKEN.match(value)):
                raise IntentError("token must be a seat token or empty")
            return value
        if not isinstance(value, str) or len(value) > _TEXT_LIMIT:
            raise IntentError(f"{key} must be text of at most {_TEXT_LIMIT} characters")
        return value.strip()

    def __init__(self, game: str = "periodic", room: Any = None, served: bool | None = None,
                 limits: PageLimits | None = None, **kwargs: Any) -> None:
        """``served``: False on the static site (Python in the page, no server to share a
        table: the panel says so and joins nothing); None: False exactly under Pyodide.
        ``limits``: this page's bounds (default: the kernel's, :mod:`._page_limits`)."""
        self._limits = _page_limits.this_page() if limits is None else limits
        if served is None:
            served = sys.platform != "emscripten"
        self._served = bool(served)
        if views_of(game) is None:
            raise ValueError(f"game must be a game with a class seat view, not {describe(game)}")
        self._seat: Any = None
        self._joining: tuple[str, str] | None = None
        self.view: Any = None
        self.box = ipywidgets.VBox([])
        self.box.add_class("pe-class-seat")  # the class game's place (the tab's own game is not)
        self._last_bot = self._last_touch = float("-inf")
        self._window = 30.0  # the class's connected_seconds, once read
        self._waiter: threading.Thread | None = None
        self._seated = threading.Event()  # the waiting thread sleeps on it while unseated
        self._woken = False  # a refresh handed to the event loop and not yet run
        super().__init__(room=room, game=game, phase="join" if self._served else "no_server",
                         **kwargs)

    def __repr__(self) -> str:  # never the token
        return f"<ClassPlayWidget {self.game} {self.phase}>"

    @property
    def room(self) -> Any:
        if self._room is None:
            from ..classroom import open_room
            self._room = open_room(create=False)  # a kernel never makes a new empty room
        return self._room

    @property
    def seat(self) -> Any:
        """The room seat this widget holds (None before joining)."""
        return self._seat

    def handle_message(self, content: Any) -> bool:
        if isinstance(content, dict) and content.get("type") in ("join", "rejoin") \
                and self._served and self._limits.in_flight():
            return False  # sent while the last one was answered: that answer stands
        return super().handle_message(content)

    def _refusal(self, exc: Exception) -> str | None:
        text = super()._refusal(exc)
        key = getattr(exc, "key", None)
        if text is not None and key == "no_seat" and self._seat is not None:
            where = dict(self.seat_info)
            self._leave()  # the room says the seat is gone (rejoined elsewhere, class ended)
            if where:
                # changing device: the old one says where the seat went, in words, and offers
                # the PIN form filled in
                self.rejoin_offer = {"code": where["code"], "name": where["name"]}
                return Text("class_moved_device").render(self.lang)
        if text is not None and key == "name_taken" and self._joining:
            # the name is at the table already: most likely this student on a new device
            code, name = self._joining
            self.rejoin_offer = {"code": code, "name": name}
            return Text("class_name_taken_pin", name=name).render(self.lang)
        return text

    def _dispatch(self, intent: dict[str, Any]) -> None:
        kind = intent["type"]
        if not self._served:  # the static site: nothing to join (and no room to import)
            if kind in ("join", "rejoin"):
                raise TableError(Text("class_no_server"))
            return
        if kind == "hello":
            if intent["token"] and self._seat is None:
                # a token the room does not know (the class ended, the seat was rejoined
                # elsewhere or freed, the store is not the one it was) is said in words, and
                # the browser keeps the token: a store restored from a backup brings it back
                self._take(self.room.resume(intent["token"]))
            return
        if kind in ("join", "rejoin"):
            self._join(intent)
            return
        if kind == "leave":
            seat = self._seat
            if seat is not None and seat.leave():  # before the start: free in the room too
                self._limits.release(seat.code)
            self._leave()
            return
        if self._seat is None:
            return  # a timer tick that crossed a leave: nothing to do
        if kind == "back":
            self._seat.back()
            self._refresh(force=True)
            return
        if kind == "refresh":
            self._refresh()

    # ---- the seat ---------------------------------------------------------------------------
    def _join(self, intent: dict[str, Any]) -> None:
        """A join or rejoin, within this page's bounds (:mod:`._page_limits`): one seat per
        class, a few tries a minute, a backoff after wrong PINs."""
        from ..classroom import RoomError
        from ..engine import ClassCodeError, parse_class_code
        try:
            code = parse_class_code(intent["code"])
        except ClassCodeError:
            code = intent["code"]  # the room says what is wrong with it
        rejoin = intent["type"] == "rejoin"
        held = self._limits.held(code)
        # a second seat by joining is refused; a rejoin needs the seat's PIN, so it may take
        # the page back to its own seat after a leave (its old token then stops working)
        if held is not None and not rejoin:
            if self._seat is not None and self._seat.token == held or self.room.has_seat(held):
                raise RoomError("one_seat")
            self._limits.release(code)  # that seat is gone (freed, rejoined elsewhere)
        self._limits.try_join()
        asker = self._limits.asker  # the room keeps the bounds that survive a reload under it
        try:
            if not rejoin:
                self._joining = (intent["code"], intent["name"])
                self._take(self.room.join(code, intent["name"], asker=asker), joined=True)
                return
            self._take(self.room.rejoin(code, intent["name"], intent["pin"], asker=asker),
                       rejoined=True)
        finally:
            self._limits.answered()

    def _take(self, seat: Any, joined: bool = False, rejoined: bool = False) -> None:
        state = seat.state()
        if state["room"]["game"] != self.game:
            # the seat is not shown on this tab. One this page just took is freed again (a
            # join from the wrong tab must not leave a seat taken in the room); one it could
            # not free (the table started) the page still holds
            if not (joined and seat.leave()):
                self._limits.hold(seat.code, seat.token)
            self._last_game = state["room"]["game"]
            raise TableError(Text(getattr(views_of(self._last_game), "join_on_its_tab", "")
                                  or "class_other_game"))
        self._seat = seat
        self._limits.hold(seat.code, seat.token)
        self.pin = seat.pin or ""
        self.keep_token = seat.token
        self.seat_info = {"code": seat.code, "table": seat.table + 1, "seat": seat.index + 1,
                          "name": seat.name, "rejoined": rejoined}
        self.rejoin_offer = {}
        self.view = None
        self.box.children = ()
        seat.touch()
        self._last_touch = time.monotonic()
        self._refresh(force=True)
        self._wake_on_moves()

    def _leave(self) -> None:
        self._seated.clear()  # first: the waiting thread never finds the event set, no seat
        self._seat = None
        self.view = None
        self.box.children = ()
        with self.hold_sync():
            self.pin = ""
            self.keep_token = ""
            self.seat_info = {}
            self.table_info = {}
            self.phase = "join"

    def _refresh(self, force: bool = False, page: bool = True) -> None:
        """Read the seat's table and show it. ``page``: asked by the page (its timer or an
        intent), so the page is alive - only then claim a due bot move and beat the heart; a
        refresh woken by the room does neither (a closed tab whose kernel still runs must stop
        counting as connected)."""
        clock = time.monotonic()
        if not force and clock - self._last_refresh < REFRESH_MIN_S:
            return
        self._last_refresh = clock
        seat = self._seat
        if page and clock - self._last_bot >= BOT_PACE_S:
            self._last_bot = clock
            self.room.step_bots(seat.code, max_moves=1)
        # a heartbeat well inside the class's connected window (a live page never blinks out)
        if page and clock - self._last_touch >= min(TOUCH_S, self._window / 3):
            self._last_touch = clock
            seat.touch()
        if self.view is None:
            state = seat.state()
            self._window = state.get("connected_seconds", 30)
            if state["game"] is not None:
                self.view = resolve(views_of(self.game).seat_view)(seat, lang=self.lang)
                self.view.observe(self._moved_on, names="error")
                self.box.children = (self.view,)
            room, revision, over = state["room"], state["revision"], state["over"]
            to_move = state["to_move"]
        else:
            self.view.pull()
            table = self.view.table
            self._window = table.connected_seconds
            room, revision, over, to_move = table.room, table.revision, table.is_over, \
                table.to_move
        self._show(room, to_move, over)

    # ---- woken by the room ------------------------------------------------------------------
    def _wake_on_moves(self) -> None:
        """Start (once) the thread that wakes this kernel when the seat's table moves."""
        self._seated.set()
        if self._waiter is not None:
            return
        try:
            loop = asyncio.get_running_loop()  # the kernel's, while it handles a page message
        except RuntimeError:
            return  # plain Python: refresh() on demand
        self._waiter = threading.Thread(target=self._wait_for_moves, args=(loop,), daemon=True,
                                        name=f"class-play-{self.game}")
        self._waiter.start()

    def _wait_for_moves(self, loop: asyncio.AbstractEventLoop) -> None:
        # The second thread: it only reads the revision (its own store connection) and hands
        # a refresh to the event loop; everything else happens on the kernel's thread.
        seen: tuple[Any, int] | None = None
        while self._seated.wait():
            seat = self._seat
            if seat is None:
                continue
            view = self.view
            known = view.table.revision if view is not None else -1
            since = max(known, seen[1]) if seen and seen[0] is seat else known
            try:
                newer = seat.wait(since, timeout=WAIT_S)
            except Exception:  # noqa: BLE001 - the seat is gone or the store is down: the
                # page's timer says so in a sentence; look again a little later
                time.sleep(WAIT_S)
                continue
            if newer is None:
                continue
            seen = (seat, newer)
            if self._woken:
                continue
            self._woken = True
            try:
                loop.call_soon_threadsafe(self._woken_refresh, seat)
            except RuntimeError:  # the kernel's loop is closed: the kernel is ending
                return

    def _woken_refresh(self, seat: Any) -> None:
        self._woken = False
        if self._seat is seat:
            self._guarded("refresh", lambda: self._refresh(force=True, page=False))

    def close(self) -> None:
        self._seated.clear()  # the waiting thread goes back to sleep
        super().close()

    def _moved_on(self, change: dict) -> None:
        # the game view said "the table moved on": announce it here too (the live region)
        if change["new"] and change["new"] == Text("class_moved_on").render(self.lang):
            self._notice(change["new"])

    def _notice(self, text: str) -> None:
        with self.hold_sync():
            self.notice = text
            self.notices += 1

    def _show(self, room: dict, to_move: int | None, over: bool) -> None:
        me = self._seat.index
        seats = [{"name": s["name"] or "", "connected": bool(s["connected"]),
                  "bot": s["bot"] or "", "stand_in": bool(s["stand_in"]),
                  "to_move": i == to_move, "you": i == me}
                 for i, s in enumerate(room["seats"])]
        info = {"seats": seats, "status": room["status"], "paused": bool(room["paused"]),
                "held": held_note(room, self.lang),
                "stand_in": bool(room.get("stand_in")), "over": bool(over),
                "your_turn": to_move == me and not room.get("stand_in")
                and not room.get("held") and not seats[me]["bot"]}
        phase = "waiting" if self.view is None else "playing"
        if info != self.table_info or phase != self.phase:
            with self.hold_sync():
                self.table_info = info
                self.phase = phase

    def _translate(self, lang: str) -> None:
        if getattr(self, "view", None) is not None:
            self.view.lang = lang


class ClassPlayBox(ipywidgets.VBox):
    """A dashboard tab's class-play panel: the join widget (:attr:`join`), then the class game
    once seated, then ``rest`` (the tab's own game against bots). Setting :attr:`lang`
    relabels all of them."""

    def __init__(self, game: str, lang: str | None = None, room: Any = None,
                 rest: tuple = (), served: bool | None = None) -> None:
        self.join = ClassPlayWidget(game, room=room, lang=lang, served=served)
        # the teacher's questions and lock (the room asks), following the seat joined above
        from .class_check import ClassCheckWidget
        self.check = ClassCheckWidget(source=self.join, room=room, lang=lang)
        self.rest = tuple(rest)
        # first: a question or a lock is what a phone must show on its first screen (the
        # panel is hidden while the teacher asks nothing)
        super().__init__([self.check, self.join, self.join.box, *self.rest])
        self.add_class("pe-class-play")
        # one game per screen: while seated the tab shows the class game only; the tab's own
        # game comes back when the student leaves the class
        self.join.observe(self._one_game, names="phase")
        self._one_game()

    def _one_game(self, change: Any = None) -> None:
        seated = self.join.phase in ("waiting", "playing")
        for widget in self.rest:
            if hasattr(widget, "layout"):
                widget.layout.display = "none" if seated else None

    @property
    def lang(self) -> str:
        return self.join.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self.join.lang = lang
        self.check.lang = lang
        for widget in self.rest:
            if hasattr(widget, "lang"):
                widget.lang = lang


def class_play_box(game: str = "periodic", lang: str | None = None, room: Any = None,
                   rest: tuple = (), served: bool | None = None) -> ClassPlayBox:
    """The "Join a class game" panel of a dashboard tab (see :class:`ClassPlayBox`)."""
    return ClassPlayBox(game, lang=lang, room=room, rest=rest, served=served)
