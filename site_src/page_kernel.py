"""The static dashboard's Python side: the widgets' comm messages without a Jupyter kernel.

The dashboard page (dashboard.html) runs Pyodide in a web worker with only the packages the
dashboard imports (periodic-edu, ipywidgets, anywidget, traitlets, comm, psygnal,
typing-extensions) and renders the widgets with the Jupyter widgets' own front end
(@jupyter-widgets/base and controls, anywidget's front end from its wheel). A kernel, IPython
and JupyterLab would be most of the page's start-up time and do nothing here: this file is the
part of a kernel the widgets use, and no more.

* ``IPython``: ipywidgets imports ``get_ipython``, ``display``, ``clear_output`` and
  ``InteractiveShell`` (for its Output widget, which the dashboard does not use). A module
  that answers "no IPython here" keeps IPython's 13 wheels and 2-3 s of imports off the page.
* ``comm``: every widget's comm is a :class:`PageComm`, whose messages go to the page as JSON
  text (``post``, the worker's ``postMessage``). Messages from the page arrive through
  :func:`receive`, which hands them to the widget's comm as a kernel would; the widgets check
  them (IntentWidget's guard), and a message for no known comm is dropped.

The worker does not import this file: it restores it. The site's build (scripts/build_site.py)
runs Pyodide once in Node, imports this file and calls :func:`prepare` (every module the pages
import before their games), and writes Python's memory as it then is (a Pyodide memory
snapshot); a page restores that memory instead of starting Python and importing, then calls
:func:`restored` first of all: a snapshot freezes every random generator's state, the same for
every visitor, so each is seeded afresh from the browser's own randomness.

dashboard_worker.js then runs :func:`start`, which builds Play, and once the page
has drawn it and asks, :func:`start_rest`: Elemonster and "Check yourself" (the page draws Explore trends and
Element cards itself, from data the site build wrote). The page owns the language switch: :func:`set_language` follows it.
The homework page (homework.html) runs the same file with :func:`start_homework` instead (its
one assigned game) and asks :func:`homework_code` for the result code.
"""
from __future__ import annotations

import json
import logging
import sys
import time
import types
from typing import Any, Callable

# what a Python restored from a snapshot does first; the worker calls them here
from snapshot_python import files_written, generators, random_draws, restored  # noqa: F401

log = logging.getLogger("periodic_edu.page")

#: The page message being handled: ipywidgets' echo_update names the message it answers.
_current_parent: dict[str, str] = {}


def _install_ipython_stand_in() -> None:
    if "IPython" in sys.modules:
        return
    ipython = types.ModuleType("IPython", "Stand-in: this page runs no IPython.")
    ipython.get_ipython = lambda: None
    display = types.ModuleType("IPython.display")

    def no_display(*objects: Any, **kwargs: Any) -> None:
        raise RuntimeError("the static dashboard page shows only its own widgets")

    display.display = no_display
    display.clear_output = lambda wait=False: None
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")

    class InteractiveShell:  # ipywidgets' Output widget asks for it only when used
        @classmethod
        def initialized(cls) -> bool:
            return False

    shell.InteractiveShell = InteractiveShell
    ipython.display, ipython.core, core.interactiveshell = display, core, shell
    sys.modules.update({"IPython": ipython, "IPython.display": display,
                        "IPython.core": core, "IPython.core.interactiveshell": shell})


def prepare() -> None:
    """The build's snapshot: import what :func:`start`, :func:`start_rest` and
    :func:`start_homework` import (the page's Python then restores them, imported), and no more.

    Nothing here may hold a JavaScript object (the snapshot is made in Node and restored in a
    browser: Pyodide refuses to write one that holds any) or draw a secret or a seed (it would
    be every visitor's: ``restored`` reseeds the generators, it cannot reach a value
    drawn from one)."""
    _install_ipython_stand_in()
    import comm  # noqa: F401
    from periodic_edu import i18n  # noqa: F401
    from periodic_edu.assignments import HomeworkError  # noqa: F401
    from periodic_edu.locale.widget_texts import DASHBOARD, FRONT_END, HOMEWORK  # noqa: F401
    from periodic_edu.widgets import ElemonsterWidget  # noqa: F401
    from periodic_edu.widgets.dashboard import language_from_query, play  # noqa: F401
    from periodic_edu.widgets.homework_game import HomeworkSession  # noqa: F401
    from periodic_edu.widgets.practice_check import PracticeCheckWidget  # noqa: F401
    from periodic_edu.widgets.save_store import keep_saves_in_browser  # noqa: F401

    i18n.preload()  # the catalogs, parsed: Play's first words would parse three of them


def _install_comm(post: Callable[[str, list], None]) -> None:
    import comm
    from comm.base_comm import BaseComm

    class PageComm(BaseComm):
        """A widget's comm whose peer is the page's widget manager."""

        def publish_msg(self, msg_type: str, data: dict | None = None,
                        metadata: dict | None = None, buffers: list | None = None,
                        **keys: Any) -> None:
            message = {"msg_type": msg_type, "comm_id": self.comm_id, "data": data or {},
                       "metadata": metadata or {}, "parent_header": dict(_current_parent),
                       **{k: v for k, v in keys.items() if k in ("target_name", "target_module")}}
            post(json.dumps(message, default=str), [bytes(b) for b in buffers or []])

    comm.create_comm = PageComm


def receive(text: str, buffers: Any = (), kind: str = "comm_msg") -> None:
    """A message from the page for a widget's comm (``kind``: ``comm_msg`` or
    ``comm_close``): ``{"msg_id", "comm_id", "data"}`` as JSON text, and its binary buffers.

    Handed to the comm it names, as a kernel would; anything else is dropped with a line in
    the browser's console (never an exception into the page)."""
    import comm

    try:
        message = json.loads(text)
        comm_id, msg_id, data = message["comm_id"], message["msg_id"], message["data"]
        if not (isinstance(comm_id, str) and isinstance(msg_id, str) and isinstance(data, dict)):
            raise ValueError("comm_id, msg_id and data have the wrong types")
        if kind not in ("comm_msg", "comm_close"):
            raise ValueError(f"unknown kind {kind!r}")
    except (ValueError, KeyError, TypeError) as exc:
        log.warning("a malformed message from the page was dropped (%s)", exc)
        return
    target = comm.get_comm_manager().get_comm(comm_id)
    if target is None:
        log.warning("a message for an unknown widget was dropped")
        return
    msg = {"header": {"msg_id": msg_id, "msg_type": kind}, "parent_header": {},
           "metadata": {}, "content": {"comm_id": comm_id, "data": data},
           "buffers": [memoryview(_bytes(b)) for b in buffers]}
    _current_parent["msg_id"] = msg_id
    try:
        if kind == "comm_close":
            target.handle_close(msg)
        else:
            target.handle_msg(msg)
    except Exception:  # a widget's own bug: logged, the page goes on
        log.exception("a widget failed on a message from the page")
    finally:
        _current_parent.clear()


def _bytes(buffer: Any) -> bytes:
    """A buffer from the page (a JavaScript Uint8Array in Pyodide, bytes elsewhere)."""
    return buffer.to_bytes() if hasattr(buffer, "to_bytes") else bytes(buffer)


#: The games of the page, once :func:`start` (Play) and :func:`start_rest` have built them.
_games: dict[str, Any] = {}
#: The language the games are in (``"games"``): :func:`start`'s, then the page's switches.
_language: dict[str, str] = {}

#: When each step of :func:`start` and :func:`start_rest` ended (``time.perf_counter``
#: seconds): the imports one by one, the saves' storage, each game built.
#: benchmarks/bench_site.py reports them.
_timings: dict[str, float] = {}


def _mark(step: str) -> None:
    _timings[step] = time.perf_counter()


def timings() -> str:
    """The steps of :func:`start` and :func:`start_rest` as JSON text, ``{step: seconds}`` on
    one clock, ``now`` the moment of this call: the worker places them on the page's clock."""
    return json.dumps({**_timings, "now": time.perf_counter()})


async def start(post: Callable[[str, list], None], query: str) -> str:
    """Build Play, the first tab that needs Python, for the page's query string (``lang=uk``);
    returns its model id as JSON text, ``{"play": id}``. Only what Play needs is imported:
    the worker sends Play to the page at once, and builds the others (:func:`start_rest`) when
    the page, Play drawn, asks for them.

    The game is the dashboard's own (:func:`periodic_edu.widgets.dashboard.play`); games are
    saved in the browser's own storage, so a reload offers to resume them. An unknown
    language is English here (the page says so itself)."""
    _timings.clear()
    _mark("begin")
    logging.basicConfig(level=logging.WARNING)
    _install_ipython_stand_in()
    _install_comm(post)
    _mark("import comm")
    from periodic_edu import i18n
    _mark("import periodic_edu.i18n")
    from periodic_edu.widgets.dashboard import language_from_query, play
    _mark("import periodic_edu.widgets.dashboard")
    from periodic_edu.widgets.save_store import keep_saves_in_browser
    _mark("import periodic_edu.widgets.save_store")

    await keep_saves_in_browser()  # before any game: each offers to resume its own save
    _mark("saves mounted")
    try:
        lang = language_from_query(query)
    except i18n.UnknownLanguageError:
        lang = None
    lang = i18n.resolve_language(lang or i18n.DEFAULT_LANGUAGE)
    game = play(lang=lang)
    _games.update(play=game)
    _language["games"] = lang
    _mark("Play built")
    return json.dumps({"play": game.model_id})


def start_rest() -> str:
    """After :func:`start`: Elemonster (against a greedy bot, as
    :func:`~periodic_edu.widgets.dashboard.dashboard` sets it up) and "Check yourself" (a
    practice check: nothing leaves the browser), in the games' language (a switch the page made
    since :func:`start` included); returns ``{"elemonster": id, "practice": id}`` as JSON text,
    or ``{}`` before :func:`start` or a second time."""
    if "play" not in _games or "elemonster" in _games:
        log.warning("the page asked for the other games out of turn")
        return "{}"
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import DASHBOARD, FRONT_END
    _mark("import periodic_edu.locale.widget_texts")
    from periodic_edu.widgets import ElemonsterWidget
    _mark("import periodic_edu.widgets (Elemonster)")
    from periodic_edu.widgets.practice_check import PracticeCheckWidget
    _mark("import periodic_edu.widgets.practice_check")

    lang = _language["games"]
    names = [i18n.gettext("widgets", FRONT_END["you"], lang),
             i18n.gettext("widgets", DASHBOARD["bot_greedy"], lang)]
    elemonster = ElemonsterWidget(names, bot_delay=0.4, lang=lang)
    _mark("Elemonster built")
    practice = PracticeCheckWidget(lang=lang)
    _mark("Check yourself built")
    _games.update(elemonster=elemonster, practice=practice)
    return json.dumps({"elemonster": elemonster.model_id, "practice": practice.model_id})


async def start_homework(post: Callable[[str, list], None], fragment: str, lang: str) -> str:
    """The homework page (homework.html): the assignment of the link's ``fragment`` in the
    Play tab's game view, built in ``lang``; returns JSON text, ``{"game": model id, "about":
    {...}, "check": model id or null}`` (:class:`periodic_edu.widgets.homework_game.HomeworkSession`:
    ``check`` is the items of the item bank as real questions), or ``{"error":
    why}`` for a link that holds no readable assignment (said in ``lang``). Nothing is
    saved: the page keeps the result code itself."""
    logging.basicConfig(level=logging.WARNING)
    _install_ipython_stand_in()
    _install_comm(post)
    from periodic_edu import i18n
    from periodic_edu.assignments import HomeworkError
    from periodic_edu.locale.widget_texts import HOMEWORK
    from periodic_edu.widgets.homework_game import HomeworkSession

    try:
        lang = i18n.resolve_language(lang)
    except i18n.UnknownLanguageError:
        lang = i18n.DEFAULT_LANGUAGE
    try:
        session = HomeworkSession.open(str(fragment), lang)
    except (HomeworkError, ValueError) as error:
        why = error.render(lang) if isinstance(error, HomeworkError) else str(error)
        return json.dumps({"error": i18n.gettext("widgets", HOMEWORK["bad_link"], lang)
                           .format(why=why)})
    _games.update(homework=session.widget)
    if session.check is not None:  # the check's real questions follow the switch too
        _games.update(check=session.check)
    _homework["session"] = session
    return json.dumps({"game": session.widget.model_id, "about": session.about(lang),
                       "check": None if session.check is None else session.check.model_id})


#: The homework page's session, once :func:`start_homework` has built it.
_homework: dict[str, Any] = {}


def homework_code(text: str) -> str:
    """The page asks for its result code: ``{"name", "answers"}`` as JSON text; returns JSON
    text, ``{"code", "score"}`` or ``{"error"}`` (checked in Python: the name, the answers,
    the game over)."""
    session = _homework.get("session")
    try:
        asked = json.loads(text)
        name, answers = asked["name"], asked.get("answers", {})
    except (ValueError, KeyError, TypeError):
        asked = None
    if session is None or not isinstance(asked, dict):
        log.warning("a malformed homework request from the page was dropped")
        return json.dumps({"error": "malformed"})
    return json.dumps(session.code(name, answers))


def set_language(lang: str) -> bool:
    """The page's language switch: the games' words follow (a game in progress goes on). An
    unknown language, or one before :func:`start`, changes nothing (a line in the console)."""
    from periodic_edu import i18n

    try:
        lang = i18n.resolve_language(lang if isinstance(lang, str) else repr(lang))
    except i18n.UnknownLanguageError as exc:
        log.warning("the page asked for a language that is not there (%s)", exc)
        return False
    if not _games:
        log.warning("the page switched the language before the games were built")
        return False
    for game in _games.values():  # the dashboard's, or the homework page's
        if hasattr(game, "set_language"):
            game.set_language(lang)
        else:
            game.lang = lang
    _language["games"] = lang  # the games start_rest builds yet
    return True


def homework_about(lang: str) -> str:
    """The homework page's assignment sentence in ``lang`` (after a language switch), as
    JSON text: the ``about`` of :func:`start_homework`, or ``null`` on another page."""
    from periodic_edu import i18n

    session = _homework.get("session")
    try:
        lang = i18n.resolve_language(lang if isinstance(lang, str) else repr(lang))
    except i18n.UnknownLanguageError:
        return "null"
    return json.dumps(None if session is None else session.about(lang))
