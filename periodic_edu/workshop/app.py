"""``python -m periodic_edu.workshop NOTEBOOK``: Voila sized for one class by one number.

:class:`WorkshopVoila` is Voila (it reads the same ``voila.json`` from the folder it starts in)
with ``class_size`` (``--class_size=30``; ``CLASS_SIZE=30 ./scripts/run``) deciding:

* the preheated pool (:func:`pool_size_for`: the whole class, started with the server), so
  arrivals do not wait for Python to start and run the dashboard;
* the cap: at most ``class_size`` visitors hold a kernel; the next one gets the "room is full"
  page; the pool shrinks as seats fill, so a full room runs ``class_size`` kernels and the
  server never more than ``2 * class_size``;

and with the room's page and close-tab handlers (:mod:`.handlers`), template and theme
overrides refused, and the room's kernel manager (:mod:`.kernels`).
"""
from __future__ import annotations

from typing import Any

from traitlets import Int
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from .handlers import RoomPageHandler, RoomShutdownHandler
from .kernels import RoomKernelManager

__all__ = ["WorkshopVoila", "main", "pool_size_for", "MAX_CLASS_SIZE"]

#: Largest class one server is sized for (about 70 MB per student: 500 students is 35 GB).
MAX_CLASS_SIZE = 500


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


class WorkshopVoila(Voila):
    """Voila for a workshop room (see the module docstring)."""

    class_size = Int(30, min=1, max=MAX_CLASS_SIZE, config=True,
                     help="Students the server is sized for: the preheated pool and the cap on "
                          "visitors with a kernel.")

    aliases = {**Voila.aliases, "class_size": "WorkshopVoila.class_size"}

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        pool = pool_size_for(self.class_size)
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
        # the close-tab beacon is same-origin; a cross-site page never carries the cookie
        self.tornado_settings = {"xsrf_cookie_kwargs": {"samesite": "Strict"},
                                 **self.tornado_settings}
        self.log.info("Sized for a class of %d: %d preheated kernels, at most %d visitors "
                      "with a kernel", self.class_size, pool, self.class_size)
        # a room's worth of kernels start together with the server: give them time
        self.config.VoilaExecutor.setdefault("startup_timeout", 300)

    def init_handlers(self) -> list:
        swap = {TornadoVoilaHandler: RoomPageHandler,
                VoilaShutdownKernelHandler: RoomShutdownHandler}
        return [(spec[0], swap.get(spec[1], spec[1]), *spec[2:])
                for spec in super().init_handlers()]


def main() -> None:
    WorkshopVoila.launch_instance()
