"""``python -m periodic_edu.workshop NOTEBOOK``: Voila sized for one class by one number.

:class:`WorkshopVoila` is Voila (it reads the same ``voila.json`` from the folder it starts in)
in one of two modes:

* **light** (``./scripts/run``): :data:`LIGHT_SPARE` preheated kernels (``--spare_kernels``),
  growing with arrivals (a few spare, up to the cap), so a laptop is ready in seconds;
* **room** (``--room``; ``CLASS_SIZE=30 ./scripts/run``): the whole class preheated
  (:func:`pool_size_for`), started with the server, so thirty arrivals within a minute do not
  wait for Python to start and run the dashboard.

Either way ``class_size`` is the cap: at most that many visitors hold a kernel, the next one
gets the "room is full" page, and the pool shrinks as seats fill, so a full room runs
``class_size`` kernels and the server never more than ``2 * class_size``.

Also here: the room's handlers (:mod:`.handlers`), template and theme overrides refused, the
room's kernel manager (:mod:`.kernels`), kernels over IPC sockets in the server's own
temporary folder (two servers on one machine never clash over a TCP port; no "TCP without
encryption" warning), a kernel profile with no IPython history and the guard of
:mod:`.kernel_guard`, the page template of :mod:`.template` (no CDN, a lost-connection
notice), and one "ready" block (:mod:`.ready`).
"""
from __future__ import annotations

import asyncio
import os
import secrets
import shutil
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

import tornado.ioloop
from jupyter_core.utils import run_sync
from jupyter_server.utils import url_path_join
from jupyter_server.services.contents.largefilemanager import LargeFileManager
from jupyter_server.services.kernels.handlers import KernelHandler
from traitlets import Bool, Int, Unicode
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from ..classroom import RoomError, credentials
from . import logs, new_class, ready, template
from .handlers import (RoomKernelHandler, RoomPageHandler, RoomShutdownHandler,
                       RoomWebsocketHandler, TeacherPageHandler, ROOM_KEY_HASH_SETTING,
                       VISITOR_SECRET_SETTING, log_request)
from .kernel_guard import MEMORY_ENV
from .kernels import RoomKernelManager

#: The environment variable a kernel reads the room key's hash from (the same name as
#: periodic_edu.widgets.classroom_widget.ROOM_KEY_ENV: the server never imports the widgets).
ROOM_KEY_ENV = "PERIODIC_EDU_ROOM_KEY_HASH"
#: The environment variable a kernel reads the students' addresses from (one per line: those
#: the ready block prints; periodic_edu.widgets.classroom_widget.JOIN_URLS_ENV): the teacher's
#: projector mode shows them with a QR code.
JOIN_URLS_ENV = "PERIODIC_EDU_JOIN_URLS"

__all__ = ["WorkshopVoila", "main", "pool_size_for", "MAX_CLASS_SIZE", "LIGHT_SPARE",
           "KERNEL_MEMORY_MB"]

#: Largest class one server is sized for (about 70 MB per student: 500 students is 35 GB).
MAX_CLASS_SIZE = 500
#: Light mode: preheated kernels kept spare (growing by one for every four seats taken).
LIGHT_SPARE = 2
#: A visitor kernel past this many resident MB ends (its page says "reload to resume"): about
#: four times what the dashboard needs, so only a runaway kernel meets it.
KERNEL_MEMORY_MB = 300

#: The profile every visitor kernel starts with (written into the server's own IPYTHONDIR):
#: no history file (thirty kernels writing one SQLite file show "database is locked" on
#: pages), and the room's guard.
KERNEL_PROFILE = """# written by periodic_edu.workshop for its visitor kernels
c.HistoryManager.enabled = False
c.InteractiveShellApp.extensions = ["periodic_edu.workshop.kernel_guard"]
"""


#: A kernel ended while messages still wait on its shell channel (a page that floods and is cut
#: off, a culled kernel) leaves ipykernel 7.4's handler coroutine for each unawaited; the
#: RuntimeWarning about it is written at exit through ipykernel's own stderr, whose event loop
#: is closed by then, so the kernel prints an "Exception ignored ... Event loop is closed"
#: traceback into the server's log (an upstream shutdown race: ipython/ipykernel#1155). The
#: message is dropped, nothing else; a page never sees it either way.
UNAWAITED_SHELL_MESSAGE = ("ignore:coroutine 'Kernel.shell_channel_thread_main' was never "
                           "awaited:RuntimeWarning")


class RoomContentsManager(LargeFileManager):
    """The server serves the one notebook its teacher started it with: that is the trust.
    (jupyter_server otherwise warns "Notebook ... is not trusted" at every kernel start, and
    would write a signing key and a signature database into the user's data folder.)"""

    def mark_trusted_cells(self, nb: Any, path: str = "") -> None:
        self.notary.mark_cells(nb, True)


def pool_size_for(class_size: int) -> int:
    """Preheated kernels for a class: the whole class.

    A preheated kernel has already run the dashboard, so its visitor waits only for the page
    to be sent (well under a second) instead of a kernel start and the dashboard's execution
    (several CPU-seconds each: on two cores a room arriving within a minute queues for tens of
    seconds). The pool never grows past the seats left (:class:`RoomKernelManager` lowers
    Voila's pool target as seats fill), so a full room holds ``class_size`` kernels: the memory
    a room needs anyway, taken when the server starts instead of while the class arrives.
    """
    return class_size


#: The signals that stop the server: Ctrl-C in its terminal, and a service manager's stop.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class WorkshopVoila(Voila):
    """Voila for a workshop room (see the module docstring)."""

    class_size = Int(30, min=1, max=MAX_CLASS_SIZE, config=True,
                     help="Students the server is sized for: the cap on visitors with a "
                          "kernel (and, with --room, the preheated pool).")
    spare_kernels = Int(LIGHT_SPARE, min=1, config=True,
                        help="Without --room: kernels kept preheated for the next arrivals, "
                             "one more for every four seats taken (1 saves memory on a small "
                             "machine).")
    room = Bool(False, config=True,
                help="Preheat the whole class when the server starts (a workshop); without "
                     "it a few kernels are kept spare, growing with arrivals (a laptop).")
    kernel_memory_mb = Int(KERNEL_MEMORY_MB, min=0, config=True,
                           help="Resident MB past which a visitor kernel ends (0: no cap).")

    teacher_notebook = Unicode(
        "teacher.ipynb", config=True,
        help="The teacher's page served at /teacher, relative to the notebook's folder "
             "(empty: no teacher's page).")

    new_class = Unicode(
        "", config=True,
        help="Make a class in the room store when the server starts, as GAME:TABLESxSEATS "
             "(periodic:10x3): its code and teacher key are printed in the ready block. A "
             "restart with the same spec keeps the newest live class of that game and size.")
    fresh_class = Bool(False, config=True,
                       help="With new_class: make a new class even if one of that game and size "
                            "is in the store (scripts/run --new-class).")

    aliases = {**Voila.aliases, "class_size": "WorkshopVoila.class_size",
               "new_class": "WorkshopVoila.new_class",
               "fresh_class": "WorkshopVoila.fresh_class",
               "spare_kernels": "WorkshopVoila.spare_kernels",
               "seats_per_address": "RoomKernelManager.seats_per_address",
               "kernel_memory_mb": "WorkshopVoila.kernel_memory_mb"}
    flags = {**Voila.flags,
             "room": ({"WorkshopVoila": {"room": True}},
                      "Preheat the whole class when the server starts.")}

    def initialize(self, argv: Any = None) -> None:
        logs.install()  # before anything logs: no record carries a page's control characters
        super().initialize(argv)
        # made before any kernel starts: a wrong spec or an unreachable store stops here, in
        # one sentence, not after a room's worth of kernels
        self.created_class = None
        if self.new_class:
            try:
                self.created_class = new_class.create_class(self.new_class,
                                                            keep=not self.fresh_class)
            except (ValueError, RoomError) as error:
                print(f"periodic_edu: {error}", file=sys.stderr)
                self.exit(2)
        else:
            # the store is made here even without a class: a student who joins before the
            # teacher made one is told "there is no class with that code" (a kernel opens an
            # existing store only). Without a store the dashboard still serves everything
            # but class play, which says the store cannot be reached: one line, no stop
            try:
                new_class.make_store()
            except RoomError as error:
                self.log.warning("periodic_edu: the room's store could not be made, so class "
                                 "play will say it cannot be reached: %s", error)
        # light: one kernel first (a laptop's two cores start it fastest alone), then
        # spare_kernels once it is ready (ready.announce_when_ready), growing with arrivals
        pool = pool_size_for(self.class_size) if self.room else 1
        spare = 0 if self.room else min(self.spare_kernels, self.class_size)
        vc = self.voila_configuration
        vc.preheat_kernel = True
        vc.default_pool_size = pool
        vc.allow_template_override = "NO"
        vc.allow_theme_override = "NO"
        if not issubclass(vc.multi_kernel_manager_class, RoomKernelManager):
            vc.multi_kernel_manager_class = RoomKernelManager
        # read by the kernel manager, which Voila creates later with this app as its parent
        self.config.RoomKernelManager.max_seats = self.class_size
        self.config.RoomKernelManager.pool_size = pool
        self.config.RoomKernelManager.spare_kernels = spare
        # kernels talk over Unix sockets in the connection folder (one per server, 0700):
        # no TCP port to clash with another server's kernels
        self.config.KernelManager.transport = "ipc"
        # our page template: Voila's lab template without its CDN links, plus the notice
        self.template_paths, self.static_paths = template.paths(self.template_paths,
                                                                self.static_paths)
        # the close-tab beacon is same-origin; a cross-site page never carries the cookie
        # ws_ping_timeout stays jupyter_server's default (3 x the 30 s ping interval): set
        # equal to the interval, jupyter_server's own check closed EVERY kernel websocket 30 s
        # after it opened (its first check runs before its first ping, last pong = the open
        # time; found by benchmarks/class_load.py). Tornado then logs once that its own
        # (unused: ms read as s) timeout cannot exceed the interval.
        # log_request: an old tab's requests for a kernel that no longer runs are one line
        # the secret of this run: visitor ids (a page's bounds follow its browser across
        # reloads, handlers.tell_visitor) and the teacher's cookie; new at every start
        self.tornado_settings = {"xsrf_cookie_kwargs": {"samesite": "Strict"},
                                 "log_function": log_request, **self.tornado_settings,
                                 VISITOR_SECRET_SETTING: secrets.token_bytes(32)}
        if credentials.VISITOR_HEADER not in vc.http_header_envs:
            vc.http_header_envs = [*vc.http_header_envs, credentials.VISITOR_HEADER]
        self.log.info("Sized for a class of %d: %d preheated kernels, at most %d visitors "
                      "with a kernel", self.class_size, pool, self.class_size)
        self._kernel_home = Path(tempfile.mkdtemp(prefix="periodic_edu_kernels_"))
        profile = self._kernel_home / "profile_default"
        profile.mkdir()
        (profile / "ipython_kernel_config.py").write_text(KERNEL_PROFILE, encoding="utf-8")
        # the dashboard builds its games' tabs when first opened (not importable here: the
        # workshop server never imports the widgets; the name is dashboard.LAZY_TABS_ENV)
        self._kernel_env = {"IPYTHONDIR": str(self._kernel_home),
                            "PERIODIC_EDU_LAZY_TABS": "1",
                            "PYTHONWARNINGS": UNAWAITED_SHELL_MESSAGE}
        if self.kernel_memory_mb:
            self._kernel_env[MEMORY_ENV] = str(self.kernel_memory_mb)
        # the room key: printed in the ready block, its hash given to the kernels (the teacher's
        # page creates a class only with it); new at every start, never stored
        self.room_key = credentials.new_token()
        self._kernel_env[ROOM_KEY_ENV] = credentials.token_hash(self.room_key)
        # ... and the teacher's key form opens the teacher's page with it (handlers.py)
        self.tornado_settings[ROOM_KEY_HASH_SETTING] = credentials.token_hash(self.room_key)
        # a teacher's kernel makes its mark here once its page opened a class (kernels.py)
        marks = self._kernel_home / "teacher_marks"
        marks.mkdir(mode=0o700)
        self.config.RoomKernelManager.teacher_mark_dir = str(marks)
        # a room's worth of kernels start together with the server: give them time
        self.config.VoilaExecutor.setdefault("startup_timeout", 300)

    def init_settings(self) -> dict:
        settings = super().init_settings()
        self.contents_manager = RoomContentsManager(parent=self)
        settings["contents_manager"] = self.contents_manager
        km = self.kernel_manager
        if isinstance(km, RoomKernelManager):
            km.kernel_env = dict(self._kernel_env)
        return settings

    def init_handlers(self) -> list:
        swap = {TornadoVoilaHandler: RoomPageHandler,
                VoilaShutdownKernelHandler: RoomShutdownHandler,
                KernelHandler: RoomKernelHandler,
                VoilaKernelWebsocketHandler: RoomWebsocketHandler}
        lost = (url_path_join(self.server_url, "periodic_edu/lost.js"),
                template.LostScriptHandler)
        return [lost, *self._teacher_route(),
                *[(spec[0], swap.get(spec[1], spec[1]), *spec[2:])
                  for spec in super().init_handlers()]]

    def teacher_path(self) -> Path | None:
        """The teacher's notebook beside the served one, if it exists."""
        if not self.teacher_notebook or not self.notebook_path:
            return None
        path = Path(self.notebook_path).resolve().parent / self.teacher_notebook
        return path if path.is_file() else None

    def _teacher_route(self) -> list:
        # before Voila's catch-all "/(.*)" (tornado takes the first match); the same page
        # handler settings as Voila's own route, another notebook
        path = self.teacher_path()
        if path is None:
            return []
        return [(url_path_join(self.server_url, "teacher"), TeacherPageHandler,
                 {"notebook_path": os.path.relpath(path, self.root_dir),
                  "template_paths": self.template_paths, "config": self.config,
                  "voila_configuration": self.voila_configuration})]

    def _tell_kernels_the_address(self) -> None:
        # the addresses the ready block prints (ready.student_urls, the same inputs), known
        # once the server listens (Voila takes the next port when the asked one is busy):
        # the first thing the loop runs, so every kernel gets them (the teacher's page shows
        # them in projector mode)
        room, local = ready.student_urls(self.ip, self.port, self.base_url)
        km = self.kernel_manager
        if isinstance(km, RoomKernelManager):
            km.kernel_env[JOIN_URLS_ENV] = "\n".join(room or [local])

    def start(self) -> None:
        loop = tornado.ioloop.IOLoop.current()
        loop.add_callback(self._end_kernels_then_stop_on_signal)
        loop.add_callback(self._tell_kernels_the_address)
        loop.add_callback(ready.announce_when_ready, self)
        super().start()

    def _end_kernels_then_stop_on_signal(self) -> None:
        # Ctrl-C (SIGINT) or SIGTERM (a service manager) ends the kernels on the running loop,
        # then stops it. Python's KeyboardInterrupt was raised in whatever ran at that instant:
        # in a page's render (a traceback on the terminal, exit status 1) or in a kernel's
        # start, which then never ended (jupyter_client's in_pending_state catches Exception
        # only); and Voila's SIGTERM stopped the loop first, so the stop (``stop``, through
        # jupyter_core's run_sync, which can make a new loop) waited on starts that never went
        # on there, until killed. A second signal acts at once, as before.
        loop = asyncio.get_running_loop()

        async def end_kernels_then_stop() -> None:
            try:
                await self.kernel_manager.shutdown_all(now=True)
            except Exception as error:  # noqa: BLE001 - stopping goes on (stop() tries again)
                self.log.warning("Could not end every kernel at once: %s", error)
            finally:
                loop.stop()

        def cut_off(_loop: asyncio.AbstractEventLoop, context: dict) -> None:
            # a page still rendering when its kernel ended fails in a task nobody awaits:
            # expected once the server stops, and no traceback on the teacher's terminal
            self.log.debug("Stopping: %s", context.get("message"))

        def first_signal() -> None:
            for sig in STOP_SIGNALS:  # Python's own handlers again (SIGINT: KeyboardInterrupt)
                loop.remove_signal_handler(sig)
            loop.set_exception_handler(cut_off)
            self._ending = loop.create_task(end_kernels_then_stop())  # held: not collected

        for sig in STOP_SIGNALS:
            loop.add_signal_handler(sig, first_signal)

    def stop(self) -> None:
        # After the loop stopped (a signal's handler above ended the kernels already): end any
        # left at once. A graceful shutdown request reached kernels busy
        # in the dashboard's cell (a preheated kernel waits there for its visitor) and each
        # printed a ZMQError traceback; a visitor kernel keeps nothing a kill loses (every
        # save is written when it is made).
        try:
            run_sync(self.kernel_manager.shutdown_all)(now=True)
        except Exception as error:  # noqa: BLE001 - stopping goes on; Voila's stop tries again
            self.log.warning("Could not end every kernel at once: %s", error)
        try:
            super().stop()
        finally:
            shutil.rmtree(self._kernel_home, ignore_errors=True)
            server_file = getattr(self, "server_file", None)
            if server_file is not None:
                server_file.unlink(missing_ok=True)


def main() -> None:
    WorkshopVoila.launch_instance()
