"""Runs inside every visitor kernel of the workshop server (an IPython extension loaded by the
kernel's profile, which :mod:`.app` writes): one visitor's kernel must not take the room down.

* **No widget from the page.** The dashboard's widgets are all made by Python; a page may open
  only ipywidgets' control comm (``jupyter.widget.control``, which loads every widget's state,
  a few times per kernel at most). Any other ``comm_open`` from the browser (40 of them made a
  kernel grow by 200 MB in 5 s: each creates a widget the kernel keeps) is dropped, nothing
  registered, nothing kept.
* **Bounded answers.** A comm message from the page costs the kernel a reply, and a reply to a
  page that does not read its websocket sits in the server's memory: one page asking a 235 KB
  widget for its state 22,000 times in 20 s took the server from 120 MB to 1.3 GB. So each
  widget answers ``request_state`` at most :data:`REQUEST_STATE_PER_COMM` times (the page asks
  once per load, ipywidgets' fallback once more), and the page's comm messages pass at
  :data:`COMM_RATE` per second (a burst of :data:`COMM_BURST`, the most a page load sends at
  once); the rest are dropped, logged once per kernel, never answered.
* **A memory cap.** Past ``PERIODIC_EDU_KERNEL_MEMORY_MB`` resident megabytes the kernel ends
  (a watchdog thread checks every quarter second); the server then tells its page "reload to
  resume" and the room goes on. ``RLIMIT_DATA`` bounds what one allocation burst can take
  before the watchdog sees it.

No IPython history is configured in the same profile (``HistoryManager.enabled = False``):
thirty kernels writing one SQLite history file put "database is locked" on students' pages.
"""
from __future__ import annotations

import logging
import os
import resource
import threading
import time
from typing import Any

__all__ = ["load_ipython_extension", "ALLOWED_TARGETS", "MEMORY_ENV", "read_rss_mb",
           "REQUEST_STATE_PER_COMM", "COMM_RATE", "COMM_BURST", "bound_comm_messages"]

#: The comm targets a page may open, with how many times per kernel.
ALLOWED_TARGETS = {"jupyter.widget.control": 8}
#: Times one widget answers ``request_state`` in one kernel's life (a page load asks once, the
#: front end's fallback after a slow control comm once more; a reconnect or two besides).
REQUEST_STATE_PER_COMM = 4
#: The page's comm messages per second, sustained (a person clicking, a slider dragged, the
#: 1 s refresh timers: a few per second) ...
COMM_RATE = 50.0
#: ... and at once (a page load's fallback asks every widget for its state in one burst: the
#: dashboard has a few hundred widgets once every tab is open).
COMM_BURST = 600.0
MEMORY_ENV = "PERIODIC_EDU_KERNEL_MEMORY_MB"
#: Exit status of a kernel ended by its memory cap (the server's log names it).
MEMORY_EXIT = 75

log = logging.getLogger("periodic_edu.workshop")


def read_rss_mb() -> float:
    """This process's resident memory in MB (Linux: /proc/self/statm)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _data_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmData:"):
                return int(line.split()[1]) / 1024
    return 0.0


def refuse_page_widgets(kernel: Any) -> None:
    """Replace the kernel's ``comm_open`` handler by one that lets through only
    :data:`ALLOWED_TARGETS`, each a bounded number of times."""
    opened = dict.fromkeys(ALLOWED_TARGETS, 0)
    original = kernel.shell_handlers["comm_open"]
    refused = [0]

    def comm_open(stream: Any, ident: Any, msg: dict) -> Any:
        content = msg.get("content") if isinstance(msg, dict) else None
        target = content.get("target_name") if isinstance(content, dict) else None
        if target in ALLOWED_TARGETS and opened[target] < ALLOWED_TARGETS[target]:
            opened[target] += 1
            return original(stream, ident, msg)
        if not refused[0]:  # once per kernel: a flood must not flood the log
            log.warning("refused a comm the page opened (target %.40r; later ones silently)",
                        target)
        refused[0] += 1
        return None

    kernel.shell_handlers["comm_open"] = comm_open


class _Bucket:
    """A token bucket: ``rate`` per second, at most ``burst`` at once."""

    __slots__ = ("rate", "burst", "tokens", "last", "clock")

    def __init__(self, rate: float, burst: float, clock: Any = time.monotonic) -> None:
        self.rate, self.burst, self.tokens, self.clock = rate, burst, burst, clock
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def bound_comm_messages(kernel: Any, *, rate: float = COMM_RATE, burst: float = COMM_BURST,
                        per_comm: int = REQUEST_STATE_PER_COMM,
                        clock: Any = time.monotonic) -> None:
    """Replace the kernel's ``comm_open``, ``comm_msg`` and ``comm_close`` handlers by ones that
    drop the page's messages past ``rate`` per second (``burst`` at once), those to a comm the
    kernel does not have (ipykernel would log the page's id raw: "No such comm: ..."), and
    ``request_state`` past ``per_comm`` times per widget. A dropped message is not answered at
    all (an answer is what costs memory); the first drop of each kind is logged, the rest
    silently."""
    bucket = _Bucket(rate, burst, clock)
    asked: dict[str, int] = {}
    logged: set[str] = set()
    manager = getattr(kernel, "comm_manager", None)
    comms = getattr(manager, "comms", None)

    def drop(kind: str) -> None:
        if kind not in logged:  # once per kernel: a flood must not flood the log
            logged.add(kind)
            log.warning("dropped the page's messages: %s (logged once for this kernel)", kind)

    def checked(original: Any) -> Any:
        def handler(stream: Any, ident: Any, msg: dict) -> Any:
            if not bucket.take():
                drop(f"more than {rate:g} per second")
                return None
            content = msg.get("content") if isinstance(msg, dict) else None
            comm_id = content.get("comm_id") if isinstance(content, dict) else None
            if not isinstance(comm_id, str) or (comms is not None and comm_id not in comms):
                drop("a message to a comm this kernel does not have")
                return None
            data = content.get("data")
            if isinstance(data, dict) and data.get("method") == "request_state":
                if asked.get(comm_id, 0) >= per_comm:
                    drop(f"request_state asked more than {per_comm} times of one widget")
                    return None
                asked[comm_id] = asked.get(comm_id, 0) + 1  # known comms only: bounded
            return original(stream, ident, msg)
        return handler

    for msg_type in ("comm_msg", "comm_close"):
        if msg_type in kernel.shell_handlers:
            kernel.shell_handlers[msg_type] = checked(kernel.shell_handlers[msg_type])
    opener = kernel.shell_handlers.get("comm_open")
    if opener is not None:  # opening a comm costs the kernel too: the same rate
        def comm_open(stream: Any, ident: Any, msg: dict) -> Any:
            if not bucket.take():
                drop(f"more than {rate:g} per second")
                return None
            return opener(stream, ident, msg)
        kernel.shell_handlers["comm_open"] = comm_open


def cap_memory(limit_mb: float, *, interval: float = 0.25) -> threading.Thread:
    """End this process once its resident memory passes ``limit_mb``; also set RLIMIT_DATA
    ``limit_mb`` above what the process holds now, so no single burst outruns the watchdog."""
    headroom = int((_data_mb() + limit_mb) * 2**20)
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        if hard == resource.RLIM_INFINITY or headroom < hard:
            resource.setrlimit(resource.RLIMIT_DATA, (headroom, hard))
    except (ValueError, OSError):  # a platform without RLIMIT_DATA: the watchdog still holds
        pass

    def watch() -> None:
        while True:
            if read_rss_mb() > limit_mb:
                log.error("kernel memory over %d MB: ending this kernel", limit_mb)
                os._exit(MEMORY_EXIT)
            time.sleep(interval)

    thread = threading.Thread(target=watch, name="periodic-edu-memory-cap", daemon=True)
    thread.start()
    return thread


def load_ipython_extension(ipython: Any) -> None:
    from .logs import install
    install()  # the kernel's stderr is the server's terminal too
    kernel = getattr(ipython, "kernel", None)
    if kernel is not None:
        refuse_page_widgets(kernel)
        bound_comm_messages(kernel)
    limit = os.environ.get(MEMORY_ENV)
    if limit:
        cap_memory(float(limit))
