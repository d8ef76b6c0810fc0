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
* The room has a seat left (:meth:`RoomKernelManager.admit`); otherwise a 503 "room is full"
  page with ``Retry-After``, sent before any kernel is touched.

:class:`RoomShutdownHandler` shuts down only kernels that visitors hold: a pool kernel or an
unknown id gets a 404, never a traceback.
"""
from __future__ import annotations

from typing import Any

import tornado.web
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from .kernels import RoomFull, RoomKernelManager, Ticket
from .pages import page

__all__ = ["RoomPageHandler", "RoomShutdownHandler", "RETRY_AFTER_S"]

#: Seconds a visitor of a full room waits before the page asks again.
RETRY_AFTER_S = 60
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
        km = self.kernel_manager
        ticket = km.admit() if isinstance(km, RoomKernelManager) else None
        if isinstance(km, RoomKernelManager) and ticket is None:
            return self._room_full(km)
        if ticket is None:  # not our kernel manager: plain Voila behaviour
            return await super().get(path)
        with km.serving(ticket):
            task = self._next_pool_task(km)
            try:
                await super().get(path)
            except RoomFull:
                if self._headers_written:
                    raise
                return self._room_full(km)
            except Exception:
                if self._headers_written:
                    raise
                self.log.exception("could not serve the dashboard")
                self._refill_pool(km)
                return self._page(503, "unavailable", refresh_s=RETRY_AFTER_S)
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
        self.set_header("Retry-After", str(RETRY_AFTER_S))
        self._page(503, "room_full", refresh_s=RETRY_AFTER_S, seats=km.max_seats)

    def _page(self, status: int, kind: str, **kwargs: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page(kind, **kwargs))


def _seat_from_task(km: RoomKernelManager, ticket: Ticket, task: Any) -> None:
    """The visitor holds the pool kernel of ``task`` if Voila got it (even if the visitor left
    while the page was being sent: the unconnected timeout ends it)."""
    if task is None or not task.done() or task.cancelled() or task.exception() is not None:
        return  # no kernel was handed out; serving() gives the ticket back
    km.seat(ticket, task.result()["kernel_id"])


class RoomShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's close-tab shutdown, for visitors' kernels only."""

    @tornado.web.authenticated
    async def post(self, kernel_id: str) -> None:
        km = self.kernel_manager
        if isinstance(km, RoomKernelManager) and not km.is_seated(kernel_id):
            raise tornado.web.HTTPError(404, "no such kernel")
        await super().post(kernel_id)

