"""The kernel manager of a workshop room: a seat per visitor, a cap, and bounded kernel lives.

Voila starts one kernel per page load. :class:`RoomKernelManager` counts the kernels handed to
visitors (*seats*) apart from the preheated pool, so the room can be capped at ``max_seats``
visitors (the page handler asks :meth:`RoomKernelManager.admit` before it takes a kernel) and
the whole server at ``max_seats + pool_size`` kernels (:meth:`start_kernel` refuses beyond
that, whatever path asked). On top of jupyter_server's idle culling it ends:

* a seat whose page never opened its websocket after ``unconnected_timeout`` seconds (a script
  fetching ``/`` in a loop, a tab closed while loading): nobody is there to lose anything;
* a seat older than ``max_kernel_age`` seconds, connected or not: ``cull_connected`` stays
  off so a student who is thinking never loses the game, but an open websocket alone (a
  script) must not hold a kernel for ever;
* a teacher's page that has not opened a class within ``teacher_grace`` seconds, when another
  load of ``/teacher`` needs its place: two students loading ``/teacher`` cannot keep the
  teacher out. A teacher's kernel tells it has opened a class (the teacher key was right) by
  making the file the server named in its ``PERIODIC_EDU_TEACHER_MARK`` environment variable.

Voila wraps this class (``VoilaConfiguration.multi_kernel_manager_class``) in its pooling
subclass, whose ``cull_kernel_if_idle`` skips ready pool kernels before calling ours.
"""
from __future__ import annotations

import asyncio
import os
import time
import uuid
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Int, TraitError, Unicode
from voila.request_info_handler import RequestInfoSocketHandler

__all__ = ["RoomFull", "RoomKernelManager", "Ticket", "TEACHER_MARK_ENV"]

#: The file a teacher's kernel makes once its page has opened a class (see the docstring).
TEACHER_MARK_ENV = "PERIODIC_EDU_TEACHER_MARK"

#: Voila marks the kernels it starts with this environment variable: "True" for its pool,
#: "False" for a page load that starts its own kernel.
_PREHEAT_ENV = "VOILA_PREHEAT"
#: How long a stopping server waits for kernels still starting before it ends the rest.
STARTS_AT_STOP_S = 30


class Ticket:
    """One admitted page load, until it holds a kernel (a seat) or ends without one.

    ``owner``: the page's secret (the raw token of the browser's ``_xsrf`` cookie, set with the
    page); only a request carrying the same cookie may end the kernel or open its websocket.
    ``address``: the visitor's IP address, for ``seats_per_address``."""

    __slots__ = ("open", "owner", "address", "teacher")

    def __init__(self, owner: bytes | None = None, address: str | None = None,
                 teacher: bool = False) -> None:
        self.open = True
        self.owner = owner
        self.address = address
        #: the teacher's page (/teacher): its kernel is no seat and no pool kernel
        self.teacher = teacher


#: The ticket of the page load being served (set by the page handler around Voila's code).
_CURRENT: ContextVar[Ticket | None] = ContextVar("periodic_edu_room_ticket", default=None)


class RoomFull(RuntimeError):
    """No kernel may start now: the room has as many visitors as it has seats."""


class RoomKernelManager(AsyncMappingKernelManager):
    """A MappingKernelManager that keeps a room's kernels countable and finite."""

    max_seats = Int(0, config=True, help="Most visitors with a kernel at once (0: no cap).")
    pool_size = Int(0, config=True, help="Kernels Voila keeps preheated beside the seats.")
    unconnected_timeout = Int(
        90, config=True,
        help="Seconds after which a visitor's kernel whose page never connected is shut down "
             "(0: never).")
    max_kernel_age = Int(
        3 * 3600, config=True,
        help="Seconds after which a visitor's kernel is shut down even if connected (0: never).")
    seats_per_address = Int(
        0, config=True,
        help="Most seats one IP address may hold at once (0: no limit). For a room without a "
             "reverse proxy; behind a proxy every visitor has the proxy's address.")
    max_teacher_kernels = Int(
        2, config=True,
        help="Most teacher's pages (/teacher) with a kernel at once: not seats, not counted "
             "against the class, bounded on their own.")
    teacher_grace = Int(
        30, config=True,
        help="Seconds a teacher's page has to open a class before another load of /teacher "
             "may take its place (when max_teacher_kernels are running).")
    teacher_mark_dir = Unicode(
        "", config=True,
        help="Folder (the server's own, 0700) of the files teacher's kernels make when their "
             "page has opened a class (empty: no grace, the cap alone).")
    spare_kernels = Int(
        0, config=True,
        help="Light mode: preheated kernels kept ready beside the seats (0: the pool is "
             "pool_size, shrinking as seats fill, the room mode).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seated: dict[str, float] = {}  # kernel id -> monotonic time it was handed out
        self._tickets: set[Ticket] = set()  # admitted page loads whose kernel is not known yet
        self._connected_once: set[str] = set()
        self._live: set[str] = set()  # started and not being shut down
        self._starting = 0
        self._stopping = False
        self._owners: dict[str, bytes] = {}  # kernel id -> its page's secret
        self._addresses: dict[str, str] = {}  # kernel id -> its visitor's address
        self._broken: set[str] = set()  # died, restarted or failed: never handed out
        self.kernel_env: dict[str, str] = {}  # set by the app: IPYTHONDIR, the memory cap
        self._teacher: dict[str, float] = {}  # teacher's kernel id -> monotonic start time
        self._teacher_tickets: set[Ticket] = set()  # teacher's page loads being served

    # ---- seats ---------------------------------------------------------------------------
    @property
    def seats_taken(self) -> int:
        return len(self._seated) + len(self._tickets)

    def admit(self, owner: bytes | None = None, address: str | None = None) -> Ticket | None:
        """A ticket for one page load, or None when the room (or this address's share of
        it, ``seats_per_address``) is full."""
        if self.max_seats and self.seats_taken >= self.max_seats:
            return None
        if self.seats_per_address and address is not None and \
                self.seats_of(address) >= self.seats_per_address:
            return None
        ticket = Ticket(owner, address)
        self._tickets.add(ticket)
        self._fit_pool()
        return ticket

    def admit_teacher(self, owner: bytes | None) -> Ticket | None:
        """A ticket for one load of the teacher's page, or None when ``max_teacher_kernels``
        teacher's kernels are running or starting. Synchronous (no await between the count
        and the add), so two loads arriving at once cannot both pass the last place."""
        if len(self._teacher) + len(self._teacher_tickets) >= self.max_teacher_kernels and \
                not self._evict_idle_teacher():
            return None
        ticket = Ticket(owner, teacher=True)
        self._teacher_tickets.add(ticket)
        return ticket

    def is_teacher(self, kernel_id: str) -> bool:
        return kernel_id in self._teacher

    def _teacher_mark(self, kernel_id: str) -> str | None:
        if not self.teacher_mark_dir:
            return None
        return os.path.join(self.teacher_mark_dir, kernel_id)

    def opened_a_class(self, kernel_id: str) -> bool:
        """True when the teacher's kernel ``kernel_id`` has opened a class (its mark exists)."""
        mark = self._teacher_mark(kernel_id)
        return mark is not None and os.path.exists(mark)

    def _evict_idle_teacher(self) -> bool:
        """Give the place of the oldest teacher's page that has not opened a class within
        ``teacher_grace`` seconds to a new load (its kernel is shut down). Synchronous: the
        place is free when this returns True."""
        if not self.teacher_mark_dir:
            return False
        now = time.monotonic()
        idle = [(started, kernel_id) for kernel_id, started in self._teacher.items()
                if now - started > self.teacher_grace and not self.opened_a_class(kernel_id)]
        if not idle:
            return False
        _started, kernel_id = min(idle)
        self._teacher.pop(kernel_id, None)
        self._live.discard(kernel_id)
        self.log.warning("A teacher's page (kernel %s) opened no class within %d s: its place "
                         "went to a new load of the teacher's page", kernel_id,
                         self.teacher_grace)
        _background(self.shutdown_kernel(kernel_id, now=True))
        return True

    @contextmanager
    def serving(self, ticket: Ticket) -> Iterator[None]:
        """Serve one page load under ``ticket``; a ticket that got no kernel is given back."""
        token = _CURRENT.set(ticket)
        try:
            yield
        finally:
            _CURRENT.reset(token)
            self._close(ticket)

    def seat(self, ticket: Ticket | None, kernel_id: str) -> None:
        """The page load of ``ticket`` holds ``kernel_id`` now (None: a kernel started without
        the page handler, e.g. under plain ``voila``; it still counts)."""
        if ticket is not None:
            if not ticket.open:
                return
            self._close(ticket)
        if kernel_id in self._live:
            self._seated[kernel_id] = time.monotonic()
            if ticket is not None and ticket.owner is not None:
                self._owners[kernel_id] = ticket.owner
            if ticket is not None and ticket.address is not None:
                self._addresses[kernel_id] = ticket.address

    def seats_of(self, address: str) -> int:
        """Seats held, or being served, for one address."""
        return (sum(1 for a in self._addresses.values() if a == address)
                + sum(1 for t in self._tickets if t.address == address))

    def is_owner(self, kernel_id: str, owner: bytes | None) -> bool:
        """True when ``owner`` is the secret of the page that holds ``kernel_id``."""
        import hmac

        mine = self._owners.get(kernel_id)
        return mine is not None and owner is not None and hmac.compare_digest(mine, owner)

    def in_pool(self, kernel_id: str) -> bool:
        """True while ``kernel_id`` waits in the preheated pool (nobody's yet)."""
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if _kernel_of(task) == kernel_id:
                    return True
        return False

    def tidy_pool(self, notebook: str | None) -> None:
        """Before a page takes a pool kernel: drop every pool entry whose start failed or whose
        kernel died (shut down, replaced), and put first an entry whose kernel has executed
        the dashboard and answered, so the visitor gets a kernel that works. Synchronous: the
        page handler calls it right before Voila pops the first entry."""
        pool = getattr(self, "_pools", {}).get(notebook)
        if not pool:
            return
        dropped = False
        for task in list(pool):
            if _failed(task) or _kernel_of(task) in self._broken or \
                    self._process_ended(_kernel_of(task)):
                pool.remove(task)
                dropped = True
                kernel_id = _kernel_of(task)
                if kernel_id is not None and kernel_id in self._live:
                    self.log.warning("Pool kernel %s failed: shut down and replaced", kernel_id)
                    _background(self.shutdown_kernel(kernel_id, now=True))
        ready = [task for task in pool if _ready(task)]
        if ready and pool[0] is not ready[0]:
            pool.remove(ready[0])
            pool.insert(0, ready[0])
        if dropped:
            self._refill()

    def _close(self, ticket: Ticket) -> None:
        ticket.open = False
        if ticket.teacher:
            self._teacher_tickets.discard(ticket)
            return
        self._tickets.discard(ticket)
        self._fit_pool()

    def _fit_pool(self) -> None:
        """Keep Voila's pool target no larger than the seats left, so a full room holds
        ``max_seats`` kernels, not ``max_seats + pool_size``: the pool is for arrivals."""
        config = getattr(self, "kernel_pools_config", None)  # Voila's pooling subclass only
        if not self.max_seats or not isinstance(config, dict):
            return
        left = self.max_seats - self.seats_taken
        if self.spare_kernels:  # light: a few spare, one more for every four seats taken
            target = max(0, min(left, self.spare_kernels + self.seats_taken // 4))
        else:  # room: the whole class preheated, shrinking as seats fill
            target = max(0, min(self.pool_size, left))
        grew = any(isinstance(entry, dict) and entry.get("pool_size", 0) < target
                   for entry in config.values())
        fitted = {name: {**entry, "pool_size": target} if isinstance(entry, dict) else entry
                  for name, entry in config.items()}
        if fitted != config:
            self.kernel_pools_config = fitted
        if grew:
            self._refill()

    def _refill(self) -> None:
        """A seat came free: preheat a kernel for the next arrival (Voila itself refills only
        when it hands a pool kernel out)."""
        fill = getattr(self, "fill_if_needed", None)
        notebook = getattr(self, "notebook_path", None)
        if fill is not None and notebook and not self._stopping:
            fill(delay=None, notebook_name=notebook)

    def is_seated(self, kernel_id: str) -> bool:
        return kernel_id in self._seated

    def room(self) -> dict[str, int]:
        """Counts for logs and tests."""
        return {"seats_taken": self.seats_taken, "max_seats": self.max_seats,
                "kernels": len(self._live) + self._starting, "pool_size": self.pool_size}

    @property
    def stopping(self) -> bool:
        """True once the server stops (shutdown_all): no new kernel starts."""
        return self._stopping

    # ---- kernel lives ----------------------------------------------------------------------
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        if self._stopping:
            raise RoomFull("the server is stopping")
        current = _CURRENT.get()
        if current is not None and current.teacher:
            return await self._start_teacher_kernel(current, *args, **kwargs)
        # room: seats + pool; light: the spare grows with arrivals, so seats + seats at most
        extra = self.max_seats if self.spare_kernels else self.pool_size
        cap = self.max_seats + extra if self.max_seats else 0
        if cap and len(self._live) - len(self._teacher) + self._starting >= cap:
            raise RoomFull(f"{cap} kernels are running or starting")
        if self.kernel_env:
            kwargs["env"] = {**(kwargs.get("env") or os.environ), **self.kernel_env}
        self._starting += 1
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
        self._live.add(kernel_id)
        # a kernel that dies is restarted by jupyter_client as a blank kernel (no dashboard):
        # mark it, so it is never handed out, and end it (its page says "reload to resume")
        for event in ("restart", "dead"):
            self.add_restart_callback(kernel_id, lambda k=kernel_id: self._died(k), event)
        env = kwargs.get("env") or {}
        if env.get(_PREHEAT_ENV) == "False":  # Voila's unpooled path: a page load's own kernel
            self.seat(_CURRENT.get(), kernel_id)
        return kernel_id

    async def _start_teacher_kernel(self, ticket: Ticket, *args: Any, **kwargs: Any) -> str:
        """The teacher's page's own kernel: bounded by admit_teacher, owned by its page, never
        seated (so never counted against the class) and never in the students' pool."""
        if not ticket.open:
            raise RoomFull("the teacher's page load has ended")
        kwargs["env"] = {**(kwargs.get("env") or os.environ), **self.kernel_env}
        kwargs.setdefault("kernel_id", str(uuid.uuid4()))
        mark = self._teacher_mark(kwargs["kernel_id"])
        if mark is not None:
            kwargs["env"][TEACHER_MARK_ENV] = mark
        kernel_id = await super().start_kernel(*args, **kwargs)
        self._live.add(kernel_id)
        self._teacher[kernel_id] = time.monotonic()
        if ticket.owner is not None:
            self._owners[kernel_id] = ticket.owner
        self._close(ticket)
        for event in ("restart", "dead"):
            self.add_restart_callback(kernel_id, lambda k=kernel_id: self._died(k), event)
        return kernel_id

    def _process_ended(self, kernel_id: str | None) -> bool:
        """True when the kernel's process has exited (checked without waiting: the restarter
        notices a death only every few seconds, and a page may arrive in between)."""
        if kernel_id is None or kernel_id not in self:
            return False
        process = getattr(getattr(self.get_kernel(kernel_id), "provisioner", None),
                          "process", None)
        return process is not None and process.poll() is not None

    def _died(self, kernel_id: str) -> None:
        if kernel_id in self._broken or kernel_id not in self._live:
            return
        self._broken.add(kernel_id)
        self.log.warning("Kernel %s died (memory cap or crash): shut down", kernel_id)
        # after the restart message reached its page; the pool entry goes at tidy_pool
        if not self.in_pool(kernel_id):
            _background(self.shutdown_kernel(kernel_id, now=True))
        else:
            self.tidy_pool(getattr(self, "notebook_path", None))

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        if kernel_id not in self._live and kernel_id not in self:
            return  # gone already (two paths ended it at once)
        self._live.discard(kernel_id)
        self._owners.pop(kernel_id, None)
        self._addresses.pop(kernel_id, None)
        was_seated = self._seated.pop(kernel_id, None) is not None
        self._teacher.pop(kernel_id, None)
        mark = self._teacher_mark(kernel_id)
        if mark is not None:
            try:
                os.unlink(mark)
            except FileNotFoundError:
                pass
        self._connected_once.discard(kernel_id)
        # Voila caches each page load's request info by kernel id and never drops it
        RequestInfoSocketHandler._cache.pop(kernel_id, None)
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._broken.discard(kernel_id)
            if was_seated:
                self._fit_pool()
                self._refill()

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        self._stopping = True  # the server stops: no refills, no new kernels (start_kernel)
        # jupyter_client's shutdown_all ends the kernels it lists and those of its pending
        # list; a kernel still starting, or whose start failed, is only in the latter, and
        # jupyter_server's shutdown_kernel refused its id (404): the whole stop raised (Ctrl-C
        # as pages loaded: a traceback, exit status 1). So the starts end first, ready (then
        # listed) or failed (then nothing to end: it leaves the pending list).
        # (no start begins from here on, start_kernel refuses: those listed are all)
        starting = [task for kernel_id, task in list(self._pending_kernels.items())
                    if kernel_id not in self and not task.done()]
        if starting:
            await asyncio.wait(starting, timeout=STARTS_AT_STOP_S)
        for kernel_id, task in list(self._pending_kernels.items()):
            if task.done() and kernel_id not in self:
                self._pending_kernels.pop(kernel_id, None)
        return await super().shutdown_all(*args, **kwargs)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._connected_once.add(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if self._still_starting(kernel_id):
            return
        seated = self._seated.get(kernel_id, self._teacher.get(kernel_id))
        if seated is not None:
            age = time.monotonic() - seated
            reason = None
            if self.max_kernel_age and age > self.max_kernel_age:
                reason = f"older than max_kernel_age ({self.max_kernel_age} s)"
            elif (self.unconnected_timeout and kernel_id not in self._connected_once
                  and age > self.unconnected_timeout):
                reason = f"its page never connected within {self.unconnected_timeout} s"
            if reason:
                self.log.warning("Culling kernel %s: %s", kernel_id, reason)
                await self.shutdown_kernel(kernel_id)
                return
        await super().cull_kernel_if_idle(kernel_id)

    def _still_starting(self, kernel_id: str) -> bool:
        """True for a kernel whose start has not finished: jupyter_server sets its
        ``last_activity`` only then, and its culler's ``hasattr`` guard expects an
        AttributeError where traitlets raises a TraitError, so a cull pass that met a starting
        kernel (a loaded server, a cull every 10 s) wrote a traceback into the log. Such a
        kernel has had no activity yet: nothing to cull."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return False
        try:
            kernel.last_activity
        except TraitError:
            return True
        return False


def _kernel_of(task: Any) -> str | None:
    """The kernel id of a pool entry (Voila's task resolving to {"kernel_id", "task", ...})."""
    try:
        if task.done() and not task.cancelled() and task.exception() is None:
            return task.result().get("kernel_id")
    except Exception:  # noqa: BLE001 - a pool entry of another shape
        return None
    return None


#: In the page Voila renders: a widget's output (the dashboard was built) and what a page must
#: never carry (stderr text, an error).
_WIDGET_MARK = "application/vnd.jupyter.widget-view+json"
_BAD_MARKS = ('"stderr"', '"output_type": "error"', "An exception occurred at the server")


def _rendered(task: Any) -> str:
    renderer = task.result().get("renderer")
    return "".join(getattr(renderer, "rendered_cache", None) or ())


def _failed(task: Any) -> bool:
    """A pool entry whose kernel could not start, whose dashboard run failed, or whose page
    would show stderr or an error."""
    if not task.done():
        return False
    if task.cancelled() or task.exception() is not None:
        return True
    render = task.result().get("task")
    if render is not None and render.done() and (render.cancelled() or
                                                 render.exception() is not None):
        return True
    page = _rendered(task)
    if any(mark in page for mark in _BAD_MARKS):
        return True
    # the dashboard's cell waits for the visitor's ?lang=, so a finished render without the
    # widget means a cell broke off
    return bool(render is not None and render.done() and _WIDGET_MARK not in page)


def _ready(task: Any) -> bool:
    """A pool entry whose kernel has executed the dashboard (its widget is in the page) and
    answered."""
    if not task.done() or _failed(task):
        return False
    return _WIDGET_MARK in _rendered(task)


_BACKGROUND: set[asyncio.Future] = set()


def _background(coroutine: Any) -> None:
    """Run ``coroutine`` on the server's loop, keeping a reference until it ends."""
    future = asyncio.ensure_future(coroutine)
    _BACKGROUND.add(future)
    future.add_done_callback(_BACKGROUND.discard)
