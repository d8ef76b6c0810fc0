"""Runs inside every visitor kernel of the workshop server (an IPython extension loaded by the
kernel's profile, which :mod:`.app` writes): one visitor's kernel must not take the room down.

* **No widget from the page.** The dashboard's widgets are all made by Python; a page may open
  only ipywidgets' control comm (``jupyter.widget.control``, which loads every widget's state,
  a few times per kernel at most). Any other ``comm_open`` from the browser (40 of them made a
  kernel grow by 200 MB in 5 s: each creates a widget the kernel keeps) is dropped, nothing
  registered, nothing kept.
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

__all__ = ["load_ipython_extension", "ALLOWED_TARGETS", "MEMORY_ENV", "read_rss_mb"]

#: The comm targets a page may open, with how many times per kernel.
ALLOWED_TARGETS = {"jupyter.widget.control": 8}
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

    def comm_open(stream: Any, ident: Any, msg: dict) -> Any:
        content = msg.get("content") if isinstance(msg, dict) else None
        target = content.get("target_name") if isinstance(content, dict) else None
        if target in ALLOWED_TARGETS and opened[target] < ALLOWED_TARGETS[target]:
            opened[target] += 1
            return original(stream, ident, msg)
        log.warning("refused a comm the page opened (target %.40r)", target)
        return None

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
    kernel = getattr(ipython, "kernel", None)
    if kernel is not None:
        refuse_page_widgets(kernel)
    limit = os.environ.get(MEMORY_ENV)
    if limit:
        cap_memory(float(limit))
