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
  script) must not hold a kernel for ever.

Voila wraps this class (``VoilaConfiguration.multi_kernel_manager_class``) in its pooling
subclass, whose ``cull_kernel_if_idle`` skips ready pool kernels before calling ours.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Int
from voila.request_info_handler import RequestInfoSocketHandler

__all__ = ["RoomFull", "RoomKernelManager", "Ticket"]

#: Voila marks the kernels it starts with this environment variable: "True" for its pool,
#: "False" for a page load that starts its own kernel.
_PREHEAT_ENV = "VOILA_PREHEAT"


class Ticket:
    """One admitted page load, until it holds a kernel (a seat) or ends without one."""

    __slots__ = ("open",)

    def __init__(self) -> None:
        self.open = True


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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seated: dict[str, float] = {}  # kernel id -> monotonic time it was handed out
        self._tickets: set[Ticket] = set()  # admitted page loads whose kernel is not known yet
        self._connected_once: set[str] = set()
        self._live: set[str] = set()  # started and not being shut down
        self._starting = 0
        self._stopping = False

    # ---- seats ---------------------------------------------------------------------------
    @property
    def seats_taken(self) -> int:
        return len(self._seated) + len(self._tickets)

    def admit(self) -> Ticket | None:
        """A ticket for one page load, or None when the room is full."""
        if self.max_seats and self.seats_taken >= self.max_seats:
            return None
        ticket = Ticket()
        self._tickets.add(ticket)
        self._fit_pool()
        return ticket

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

    def _close(self, ticket: Ticket) -> None:
        ticket.open = False
        self._tickets.discard(ticket)
        self._fit_pool()

    def _fit_pool(self) -> None:
        """Keep Voila's pool target no larger than the seats left, so a full room holds
        ``max_seats`` kernels, not ``max_seats + pool_size``: the pool is for arrivals."""
        config = getattr(self, "kernel_pools_config", None)  # Voila's pooling subclass only
        if not self.max_seats or not isinstance(config, dict):
            return
        target = max(0, min(self.pool_size, self.max_seats - self.seats_taken))
        fitted = {name: {**entry, "pool_size": target} if isinstance(entry, dict) else entry
                  for name, entry in config.items()}
        if fitted != config:
            self.kernel_pools_config = fitted

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

    # ---- kernel lives ----------------------------------------------------------------------
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        cap = self.max_seats + self.pool_size if self.max_seats else 0
        if cap and len(self._live) + self._starting >= cap:
            raise RoomFull(f"{cap} kernels are running or starting")
        self._starting += 1
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
        self._live.add(kernel_id)
        env = kwargs.get("env") or {}
        if env.get(_PREHEAT_ENV) == "False":  # Voila's unpooled path: a page load's own kernel
            self.seat(_CURRENT.get(), kernel_id)
        return kernel_id

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._live.discard(kernel_id)
        was_seated = self._seated.pop(kernel_id, None) is not None
        self._connected_once.discard(kernel_id)
        # Voila caches each page load's request info by kernel id and never drops it
        RequestInfoSocketHandler._cache.pop(kernel_id, None)
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            if was_seated:
                self._fit_pool()
                self._refill()

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        self._stopping = True  # the server stops: no refills
        return await super().shutdown_all(*args, **kwargs)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._connected_once.add(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        seated = self._seated.get(kernel_id)
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
