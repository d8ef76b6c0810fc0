"""Voila's page and close-tab handlers, made to hold in a room.

:class:`RoomPageHandler` serves the dashboard as Voila does, after three checks:

* ``?template=`` / ``?theme=`` are refused with a short page. Voila ignores them when
  ``allow_template_override`` is ``NO`` but still lets any value that differs from the pool's
  skip the preheated pool and start a fresh kernel (``VoilaHandler.should_use_rendered_notebook``).
* The ``_xsrf`` cookie is set. Voila's page sends its close-tab shutdown
  (``navigator.sendBeacon`` to ``voila/api/shutdown/<kernel id>``) with the ``_xsrf`` form field
  read from that cookie, and jupyter_server refuses a POST without it (403 "'_xsrf' argument
  missing from POST"); Voila's page handler never sets it, so every reload used to leave its
  kernel behind until the idle culler came.
* The room has a seat left (:meth:`RoomKernelManager.admit`, also per address with
  ``seats_per_address``); otherwise a 503 "room is full" page with ``Retry-After`` of a few
  seconds plus a little jitter (so a freed seat is taken soon, and a full room's waiting pages
  do not all ask in the same second), sent before any kernel is touched.
* The pool is tidied (:meth:`RoomKernelManager.tidy_pool`) so the kernel Voila hands out has
  run the dashboard and is alive.

A kernel belongs to the page that got it: the page's secret is the raw token of the browser's
``_xsrf`` cookie, set with the page (``SameSite=Strict``). :class:`RoomShutdownHandler` (the
close-tab request), :class:`RoomKernelHandler` (``/api/kernels/<id>``: GET by the owner only,
DELETE by nobody) and :class:`RoomWebsocketHandler` (the kernel websocket) refuse any request
that does not carry the owner's cookie: a kernel id alone ends or opens nothing. A refusal is
a 404 (the same as an unknown id), never a traceback.

One page cannot take the server's memory (:class:`RoomWebsocketHandler`): a kernel has at most
:data:`MAX_SOCKETS_PER_KERNEL` websockets open (every socket gets its own copy of every message
the kernel sends), a connection holding more than :data:`MAX_UNSENT_BYTES` it could not send (a
page that does not read) is closed, and a message type the server does not allow is dropped
before jupyter_server would write it raw into the log.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
from collections import OrderedDict
from http.client import responses
from typing import Any, ClassVar

import tornado.web
from jupyter_server.base.handlers import APIHandler
from jupyter_server.log import log_request as jupyter_log_request
from jupyter_server.services.kernels.handlers import KernelHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import (VoilaKernelWebsocketHandler,
                                                   read_header_from_binary_message)

from ..classroom import credentials
from ..echo import echo

from .kernels import RoomFull, RoomKernelManager, Ticket
from . import teacher_gate
from .pages import key_form, page, visitor_language

__all__ = ["RoomPageHandler", "TeacherPageHandler", "RoomShutdownHandler", "RoomKernelHandler",
           "RoomWebsocketHandler", "RETRY_AFTER_S", "retry_after", "MAX_SOCKETS_PER_KERNEL",
           "MAX_UNSENT_BYTES", "log_request"]

#: The tornado setting holding this server run's secret for visitor ids and the teacher cookie.
VISITOR_SECRET_SETTING = "periodic_edu_secret"
#: The tornado setting holding the SHA-256 of this run's room key (the teacher's key form).
ROOM_KEY_HASH_SETTING = "periodic_edu_room_key_hash"
#: Seconds a visitor of a full room (or of a server that could not start the dashboard) waits
#: before the page asks again: a few, plus up to RETRY_JITTER_S at random.
RETRY_AFTER_S = 4
RETRY_JITTER_S = 4
#: Websockets one kernel may have open at once: its page's own, and one more while a
#: reconnecting page's new socket overlaps the old one closing.
MAX_SOCKETS_PER_KERNEL = 2
#: Bytes one websocket may hold that its page has not read yet. A page load's whole widget
#: state is about 2 MB; past this the page is not reading, and the connection is closed (its
#: page says the connection was lost) instead of the server buffering without end.
MAX_UNSENT_BYTES = 8 * 2**20


def retry_after() -> int:
    """A few seconds with jitter: a seat that frees up is taken soon, and thirty waiting pages
    spread their retries instead of arriving together."""
    return RETRY_AFTER_S + random.randint(0, RETRY_JITTER_S)


def page_secret(handler: tornado.web.RequestHandler) -> bytes | None:
    """The raw token of the request's ``_xsrf`` cookie (None without one). Tornado masks the
    token differently in every form and header; the raw token is the same for the page load,
    its close-tab request and its websocket."""
    if not handler.get_cookie("_xsrf"):
        return None
    _version, token, _timestamp = handler._get_raw_xsrf_token()
    return token
def visitor_id(handler: tornado.web.RequestHandler, secret: bytes | None) -> str | None:
    """The visitor's id the kernel keeps the page bounds under (``credentials.VISITOR_HEADER``):
    an HMAC of the browser's ``_xsrf`` token under a secret of this server's run. The same for
    every reload of one browser (the cookie stays), different for every browser, and it tells
    the kernel nothing about the cookie. The token is the one this response sets when the
    request brought none (a first visit). None without a secret."""
    if not secret:
        return None
    token = handler._get_raw_xsrf_token()[1]
    return hmac.new(secret, token, hashlib.sha256).hexdigest()[:32]


def tell_visitor(handler: tornado.web.RequestHandler) -> None:
    """Put the visitor's id in the request's header that Voila passes to the kernel, over
    whatever the browser sent in it (a browser cannot choose its id, only lose its cookie)."""
    visitor = visitor_id(handler, handler.settings.get(VISITOR_SECRET_SETTING))
    handler.request.headers.pop(credentials.VISITOR_HEADER, None)
    if visitor is not None:
        handler.request.headers[credentials.VISITOR_HEADER] = visitor


#: Query arguments Voila would read to pick another template or theme.
_OVERRIDES = ("template", "theme")


class RoomPageHandler(TornadoVoilaHandler):
    """The dashboard page: refuse overrides, set the xsrf cookie, keep the room's cap."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        if self.notebook_path and path:  # a file beside the notebook: Voila redirects
            return await super().get(path)
        if any(self.get_query_argument(name, None) is not None for name in _OVERRIDES):
            return self._page(400, "no_options", link=self.base_url)
        # Tornado sets the _xsrf cookie when the token is first read in a request.
        _ = self.xsrf_token
        owner = self._get_raw_xsrf_token()[1]
        tell_visitor(self)  # the kernel's page bounds follow the browser across reloads
        km = self.kernel_manager
        ticket = (km.admit(owner, self.request.remote_ip)
                  if isinstance(km, RoomKernelManager) else None)
        if isinstance(km, RoomKernelManager) and ticket is None:
            return self._room_full(km)
        if ticket is None:  # not our kernel manager: plain Voila behaviour
            return await super().get(path)
        with km.serving(ticket):
            km.tidy_pool(self.notebook_path)
            task = self._next_pool_task(km)
            try:
                await super().get(path)
            except RoomFull:
                if self._headers_written:
                    raise
                return self._room_full(km)
            except Exception:
                if km.stopping:  # Ctrl-C ended its kernel mid-render: the page is cut off
                    return None
                if self._headers_written:
                    raise
                self.log.exception("could not serve the dashboard")
                self._refill_pool(km)
                return self._page(503, "unavailable", refresh_s=retry_after())
            finally:
                _seat_from_task(km, ticket, task)

    def _next_pool_task(self, km: RoomKernelManager) -> Any:
        # Voila's handler pops the first task of the notebook's pool, with no await between
        # this line and the pop (voila 0.5 VoilaKernelManager.get_rendered_notebook), so the
        # first task is the one this visitor gets; Voila awaits it before sending the page.
        pool = getattr(km, "_pools", {}).get(self.notebook_path)
        if pool and getattr(km, "notebook_data", {}).get(self.notebook_path):
            return pool[0]  # the same test as VoilaHandler.should_use_rendered_notebook
        return None  # Voila starts the visitor's own kernel (RoomKernelManager seats it)

    def _refill_pool(self, km: Any) -> None:
        fill = getattr(km, "fill_if_needed", None)
        if fill is not None and self.notebook_path:
            fill(delay=None, notebook_name=self.notebook_path)

    def _room_full(self, km: RoomKernelManager) -> None:
        self.log.warning("room full: %s", km.room())
        retry = retry_after()
        self.set_header("Retry-After", str(retry))
        self._page(503, "room_full", refresh_s=retry, seats=km.max_seats)

    def _page(self, status: int, kind: str, **kwargs: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        lang = visitor_language(self.get_query_argument("lang", None),
                                self.request.headers.get("Accept-Language"))
        self.finish(page(kind, lang=lang, **kwargs))


class TeacherPageHandler(RoomPageHandler):
    """``/teacher``: the teacher's page (its own notebook) from the same server.

    Without the teacher's cookie it is the key form of :mod:`.teacher_gate` (no kernel: a
    load of ``/teacher`` by anyone, however often, starts nothing); the form's POST checks the
    key in the server and, if it is right, sets the cookie and sends the browser back here.
    With the cookie it is the Voila page: its kernel is started for this page load (the
    teacher's notebook has no pool), is not a seat (the class keeps all its seats), is owned
    by the page's cookie like a student's, and at most ``RoomKernelManager.max_teacher_kernels``
    run at once."""

    #: wrong keys per address (one server: one event loop, no await between check and count)
    wrong_keys: ClassVar[teacher_gate.WrongKeys] = teacher_gate.WrongKeys()

    def _secret(self) -> bytes | None:
        return self.settings.get(VISITOR_SECRET_SETTING)

    def _lang(self) -> str:
        return visitor_language(self.get_query_argument("lang", None),
                                self.request.headers.get("Accept-Language"))

    def _key_form(self, status: int, error: str | None = None, **values: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(key_form(lang=self._lang(), xsrf_field=self.xsrf_form_html(),
                             action=self.request.uri or "", error=error, **values))

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        if any(self.get_query_argument(name, None) is not None for name in _OVERRIDES):
            return self._page(400, "no_options", link=self.base_url)
        _ = self.xsrf_token  # sets the _xsrf cookie: the page's secret (and the form's)
        owner = self._get_raw_xsrf_token()[1]
        tell_visitor(self)  # never a header the browser chose in a kernel's environment
        km = self.kernel_manager
        if not isinstance(km, RoomKernelManager):
            return await TornadoVoilaHandler.get(self, path)
        if not teacher_gate.cookie_valid(self._secret(),
                                         self.get_cookie(teacher_gate.COOKIE)):
            return self._key_form(200)
        ticket = km.admit_teacher(owner)
        if ticket is None:
            self.set_header("Retry-After", str(retry_after()))
            return self._page(503, "teacher_busy", refresh_s=retry_after(),
                              pages=km.max_teacher_kernels)
        with km.serving(ticket):
            try:
                await TornadoVoilaHandler.get(self, path)
            except Exception:
                if self._headers_written:
                    raise
                self.log.exception("could not serve the teacher's page")
                return self._page(503, "unavailable", refresh_s=retry_after())

    @tornado.web.authenticated
    async def post(self, path: str | None = None) -> None:
        """The key form: the cookie and back to ``/teacher`` for a right key; the form again,
        saying why, for a wrong one or past the address's bound (nothing else is said)."""
        address = self.request.remote_ip or ""
        key = self.get_body_argument("key", "").strip()[:200]
        room_key_hash = self.settings.get(ROOM_KEY_HASH_SETTING)
        # a right key always opens, even from an address past its bound: a class shares one
        # address (a school's NAT), and a bound that refused the teacher would be a lock-out
        # anyone could set - the key's 192 bits are what guessing cannot get past
        if teacher_gate.key_opens(key, room_key_hash, _class_key_known):
            self.set_cookie(teacher_gate.COOKIE, teacher_gate.cookie_value(self._secret()),
                            path=self.request.path, httponly=True, samesite="Strict",
                            secure=self.request.protocol == "https")
            self.set_header("Cache-Control", "no-store")
            return self.redirect(self.request.uri or self.request.path, status=303)
        wait = self.wrong_keys.wait(address)
        if wait:  # past the bound: answered slowly, in words, and not logged again
            await asyncio.sleep(teacher_gate.SLOW_ANSWER_S)
            self.set_header("Retry-After", str(wait))
            return self._key_form(429, "too_many", seconds=wait)
        self.wrong_keys.add(address)
        self.log.warning("A wrong key was typed into the teacher's key form (address %s)",
                         echo(address, 45))
        return self._key_form(403, "wrong")


def _class_key_known(key_hash: str) -> bool:
    """True when a live class of the room's store has this teacher key hash. A store that
    cannot be reached knows no key (the room key still opens the page)."""
    from ..classroom import RoomError, open_room
    try:
        room = open_room(create=False)
    except RoomError:
        return False
    try:
        row = room.store.read_one("SELECT code FROM classes WHERE teacher_hash = ? "
                                  "AND expires_at > ?", (key_hash, room.clock()))
    except RoomError:
        return False
    finally:
        room.close()
    return row is not None


def _seat_from_task(km: RoomKernelManager, ticket: Ticket, task: Any) -> None:
    """The visitor holds the pool kernel of ``task`` if Voila got it (even if the visitor left
    while the page was being sent: the unconnected timeout ends it)."""
    if task is None or not task.done() or task.cancelled() or task.exception() is not None:
        return  # no kernel was handed out; serving() gives the ticket back
    km.seat(ticket, task.result()["kernel_id"])


#: Kernel ids an old page asked for and that were already logged (bounded: oldest forgotten).
_GONE_LOGGED: OrderedDict[str, None] = OrderedDict()
_GONE_REMEMBERED = 512


def log_request(handler: tornado.web.RequestHandler) -> None:
    """jupyter_server's request log line, except for a request already told in a quieter line
    (:func:`_gone`): a room of old tabs reconnecting after a restart would otherwise write a
    warning per attempt and scroll the ready block away."""
    if getattr(handler, "quiet_log", False):
        return
    jupyter_log_request(handler)


def _gone(handler: tornado.web.RequestHandler, kernel_id: str) -> None:
    """Refuse a request for a kernel that does not run (a tab left open from before a restart,
    a closed page): one line per kernel id in the log, the request's own line left out, a 404."""
    km = handler.kernel_manager
    if kernel_id not in km:
        handler.quiet_log = True
        if kernel_id not in _GONE_LOGGED:
            _GONE_LOGGED[kernel_id] = None
            if len(_GONE_LOGGED) > _GONE_REMEMBERED:
                _GONE_LOGGED.popitem(last=False)
            handler.log.warning("A page asked for kernel %s, which is not running (a tab open "
                                "from before a restart?); it is told to reload",
                                echo(kernel_id, 40))
    raise tornado.web.HTTPError(404)  # no log message: the request's line (or none) says it


class QuietErrors:
    """An error answered with a short plain page. jupyter_server renders an HTML template that
    needs the ``static_path`` setting, which Voila's server does not have: every 404 of a
    websocket used to end in a traceback ("You must define the 'static_path' setting")."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        reason = responses.get(status_code, "Error")
        if isinstance(self, APIHandler):  # the REST API answers JSON (without a log line)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"message": reason, "reason": None}))
            return
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code} {reason}\n")


class RoomShutdownHandler(QuietErrors, VoilaShutdownKernelHandler):
    """Voila's close-tab shutdown, for visitors' kernels only."""

    @tornado.web.authenticated
    async def post(self, kernel_id: str) -> None:
        km = self.kernel_manager
        if isinstance(km, RoomKernelManager) and not (
                (km.is_seated(kernel_id) or km.is_teacher(kernel_id))
                and km.is_owner(kernel_id, page_secret(self))):
            _gone(self, kernel_id)
        await super().post(kernel_id)


class RoomKernelHandler(QuietErrors, KernelHandler):
    """``/api/kernels/<id>``: a page may read its own kernel's model (the widgets' front end
    asks for it when it reconnects); nobody may delete a kernel this way (the close-tab request
    is the page's way, and checks the owner)."""

    @tornado.web.authenticated
    async def get(self, kernel_id: str) -> None:
        km = self.kernel_manager
        if isinstance(km, RoomKernelManager) and not km.is_owner(kernel_id, page_secret(self)):
            _gone(self, kernel_id)
        await super().get(kernel_id)

    @tornado.web.authenticated
    async def delete(self, kernel_id: str) -> None:
        raise tornado.web.HTTPError(404, "no such kernel")


def _unsent_bytes(handler: Any) -> int:
    """Bytes a websocket has been given to send and has not sent yet (tornado's IOStream)."""
    stream = getattr(getattr(handler, "ws_connection", None), "stream", None)
    written = getattr(stream, "_total_write_index", None)
    done = getattr(stream, "_total_write_done_index", None)
    if not isinstance(written, int) or not isinstance(done, int):
        return 0
    return written - done


def _message_type(message: Any) -> Any:
    """The ``msg_type`` of a message from the page (either websocket protocol), or None."""
    try:
        if isinstance(message, bytes):
            header = read_header_from_binary_message(message)
        else:
            header = json.loads(message).get("header")
        return header.get("msg_type") if isinstance(header, dict) else None
    except (ValueError, TypeError, AttributeError, IndexError):
        return None


class RoomWebsocketHandler(QuietErrors, VoilaKernelWebsocketHandler):
    """The kernel websocket, opened only by the page that holds the kernel: never a pool
    kernel, never another page's kernel (a kernel id overheard or guessed opens nothing); at
    most :data:`MAX_SOCKETS_PER_KERNEL` per kernel, at most :data:`MAX_UNSENT_BYTES` waiting."""

    #: kernel id -> its open (or opening) websockets; the server's one event loop adds and
    #: removes, with no await between the count and the add (two sockets arriving together
    #: cannot both take the last place)
    _sockets: ClassVar[dict[str, set]] = {}

    async def get(self, kernel_id: str) -> None:
        self._counted: str | None = None
        self._dropped_types = 0
        try:
            # returns when the connection ends (tornado runs the socket inside get)
            await super().get(kernel_id)
        finally:
            self._uncount()

    def _uncount(self) -> None:
        kernel_id, self._counted = getattr(self, "_counted", None), None
        if kernel_id is not None:
            sockets = self._sockets.get(kernel_id, set())
            sockets.discard(self)
            if not sockets:
                self._sockets.pop(kernel_id, None)

    def on_close(self) -> None:
        self._uncount()
        super().on_close()

    async def pre_get(self) -> None:
        km = self.kernel_manager
        if isinstance(km, RoomKernelManager):
            kernel_id = self.kernel_id
            if kernel_id not in km:
                _gone(self, kernel_id)
            mine = km.is_owner(kernel_id, page_secret(self))
            # seat() runs when the page is sent; the page's own websocket may arrive in the
            # same breath, before it: allowed while the kernel is no longer in the pool and
            # nobody else holds it
            # (a teacher's kernel has its owner from its start: never this way)
            handed_out = not km.in_pool(kernel_id) and not km.is_seated(kernel_id) \
                and not km.is_teacher(kernel_id)
            if not (mine or (handed_out and page_secret(self) is not None)):
                _gone(self, kernel_id)
            sockets = self._sockets.setdefault(kernel_id, set())
            if len(sockets) >= MAX_SOCKETS_PER_KERNEL:
                raise tornado.web.HTTPError(429)  # one line: the request's own
            sockets.add(self)
            self._counted = kernel_id
        await super().pre_get()

    def on_message(self, message: Any) -> Any:
        allowed = getattr(self.kernel_manager, "allowed_message_types", None)
        if allowed:
            kind = _message_type(message)
            if kind not in allowed:
                # dropped here: jupyter_server would write the page's text raw into the log
                if not self._dropped_types:
                    self.log.warning("Dropped a message of a type that is not allowed (%s) "
                                     "from the page of kernel %s; later ones silently",
                                     echo(kind, 40), self.kernel_id)
                self._dropped_types += 1
                return None
        return super().on_message(message)

    def write_message(self, message: Any, binary: bool = False) -> Any:
        connection = self.ws_connection
        if connection is None or connection.is_closing():
            return None  # the page has gone: the kernel's late replies go nowhere, quietly
        unsent = _unsent_bytes(self)
        if unsent > MAX_UNSENT_BYTES:
            self.log.warning("Closed a websocket of kernel %s: its page left %d MB unread "
                             "(at most %d MB)", self.kernel_id, unsent // 2**20,
                             MAX_UNSENT_BYTES // 2**20)
            abort = getattr(connection, "_abort", None)
            if abort is not None:
                abort()  # at once: a close frame would wait behind the unread megabytes
            else:
                self.close()
            return None
        sent = super().write_message(message, binary)
        # a page that leaves while this message is on its way: tornado's write then fails in a
        # task nobody awaits (jupyter_server does not), which asyncio would print to the
        # teacher's terminal as "Task exception was never retrieved" with a traceback
        if sent is not None:
            sent.add_done_callback(lambda done: done.cancelled() or done.exception())
        return sent
