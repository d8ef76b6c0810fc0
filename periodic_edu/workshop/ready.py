"""The one block the workshop server prints when it is ready, and the addresses in it.

Ready means a visitor gets a page at once: in light mode one preheated kernel has run the
dashboard; in room mode every preheated kernel has (a long preheat prints one progress line
every ten seconds meanwhile). The block names every address a student can open (each
non-loopback IPv4 address of the machine when the server listens on all of them, plus
``localhost`` for the teacher), the class size, the memory to plan and how to stop.
"""
from __future__ import annotations

import asyncio
import fcntl
import math
import os
import socket
import struct
import sys
import time
from typing import Any

from ..classroom.servers import write_server_file

__all__ = ["ipv4_addresses", "student_urls", "ready_block", "announce_when_ready",
           "process_tree_rss_mb"]

#: Before any kernel is measured, the memory plan uses this per student (MB); the block then
#: uses the preheated kernels' own resident memory.
PLAN_KERNEL_MB = 70
_SIOCGIFADDR = 0x8915


def ipv4_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces except loopback (Linux: one ioctl
    per interface; elsewhere: what the host name resolves to)."""
    found: list[str] = []
    try:
        names = [name for _index, name in socket.if_nameindex()]
    except OSError:
        names = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            try:
                packed = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR,
                                     struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue  # no IPv4 address on it (or down)
            found.append(socket.inet_ntoa(packed[20:24]))
    if not names:
        try:
            found = [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None,
                                                               socket.AF_INET)]
        except OSError:
            found = []
    return sorted({a for a in found if not a.startswith("127.")},
                  key=lambda a: tuple(int(part) for part in a.split(".")))


def student_urls(host: str, port: int, base_url: str = "/") -> tuple[list[str], str]:
    """(addresses for the room, the teacher's own address)."""
    path = base_url if base_url.startswith("/") else "/" + base_url
    if host in ("0.0.0.0", "", "*"):
        room = [f"http://{a}:{port}{path}" for a in ipv4_addresses()]
    elif host.startswith("127.") or host == "localhost":
        room = []
    else:
        room = [f"http://{host}:{port}{path}"]
    local_host = "localhost" if host in ("0.0.0.0", "", "*") or host.startswith("127.") \
        or host == "localhost" else host
    return room, f"http://{local_host}:{port}{path}"


def process_tree_rss_mb(pid: int) -> dict[int, float]:
    """Resident MB of ``pid`` and of every process below it (Linux /proc)."""
    page = os.sysconf("SC_PAGE_SIZE") / 2**20
    children: dict[int, list[int]] = {}
    rss: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/statm", encoding="ascii") as statm:
                rss[int(entry)] = int(statm.read().split()[1]) * page
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    tree, todo = {}, [pid]
    while todo:
        current = todo.pop()
        if current in rss:
            tree[current] = rss[current]
        todo.extend(children.get(current, ()))
    return tree


def ready_block(*, room: list[str], local: str, class_size: int, room_mode: bool,
                server_mb: float, kernel_mb: float, seconds: float, kernels: int,
                teacher: str | None = None,
                created_class: tuple[str, str | None] | None = None,
                room_key: str | None = None) -> str:
    """The block (the last thing the server prints at its start). ``created_class``: (code,
    key), key None when the class was kept from an earlier start; ``room_key``: the key that
    creates classes on the teacher's page. A laptop run (not ``room_mode``, no class) speaks of
    visitors, not of a class."""
    plan = math.ceil((server_mb + class_size * kernel_mb) / 50) * 50
    lines = ["", "=" * 64,
             f"periodic_edu dashboard is ready ({seconds:.0f} s, {kernels} kernel"
             f"{'s' if kernels != 1 else ''} preheated)"]
    if room:
        lines.append("Students open:")
        lines += [f"    {url}" for url in room]
    lines.append(f"On this computer: {local}")
    if teacher:
        lines.append(f"Teacher's page: {teacher} (its form takes your teacher key or the room "
                     "key; then the class code and key go into the page)")
    if created_class:
        code, key = created_class
        lines.append(f"Class code, for the projector: {code}")
        if key:
            lines.append(f"Teacher key, for you only (shown once, stored only as a hash): {key}")
        else:
            lines.append("Teacher key: shown when this class was made (kept from an earlier "
                         "start; --new-class makes a new class)")
            lines.append(f"    Lost it? periodic-edu class key {code} prints a new one "
                         "(the old one stops working)")
    if room_key:
        lines.append(f"Room key, to create a class on the teacher's page (new at every start): "
                     f"{room_key}")
    if room_mode or created_class:
        mode = "the whole class preheated" if room_mode else \
            "kernels preheated as students arrive; CLASS_SIZE=30 ./scripts/run preheats a class"
        lines.append(f"Class size: {class_size} students ({mode})")
        lines.append(f"Memory to plan for a full room: about {plan:,} MB "
                     f"({kernel_mb:.0f} MB per student + {server_mb:.0f} MB for the server)")
    else:
        lines.append(f"Up to {class_size} visitors at once, kernels started as they arrive "
                     f"(about {kernel_mb:.0f} MB each + {server_mb:.0f} MB for the server)")
    if not room and local.startswith("http://localhost"):
        lines.append("Only this computer can connect: HOST=0.0.0.0 ./scripts/run lets a room in.")
    lines.append("Stop: Ctrl-C in this terminal")
    lines.append("=" * 64)
    return "\n".join(lines) + "\n"


def _entries(km: Any) -> list[Any]:
    pools = getattr(km, "_pools", {}) or {}
    return [task for pool in pools.values() for task in pool]


async def announce_when_ready(app: Any, *, poll: float = 0.25,
                              progress_every: float = 10.0) -> None:
    """Wait until the pool is ready (see the module docstring), then print the block to
    stdout (the terminal the teacher started the server in)."""
    from .kernels import _ready  # the same test the page handler uses

    started = time.monotonic()
    last = started
    km = app.kernel_manager
    want = 1 if not app.room else max(1, km.pool_size)
    while True:
        entries = _entries(km)
        done = sum(1 for task in entries if _ready(task))
        if done >= want:
            break
        now = time.monotonic()
        if now - last >= progress_every:
            last = now
            print(f"periodic_edu: preheating: {done} of {want} kernels ready "
                  f"({now - started:.0f} s)", flush=True)
        await asyncio.sleep(poll)
    tree = process_tree_rss_mb(os.getpid())
    server_mb = tree.pop(os.getpid(), 0.0)
    kernel_mb = max(tree.values(), default=PLAN_KERNEL_MB)
    room, local = student_urls(app.ip, app.port, app.base_url)
    teacher_path = getattr(app, "teacher_path", None)
    teacher = local.rstrip("/") + "/teacher" if teacher_path and teacher_path() else None
    fit = getattr(km, "_fit_pool", None)
    if fit is not None:
        fit()  # light mode: now keep the spare kernels (they start after the first is ready)
    created = getattr(app, "created_class", None)
    # for `periodic-edu class show CODE` once this block has scrolled away (no key in it)
    app.server_file = write_server_file(app.port, {
        "students": room, "local": local, "teacher": teacher,
        "class": created[0] if created else None})
    sys.stdout.write(ready_block(room=room, local=local, class_size=app.class_size,
                                 room_mode=app.room, server_mb=server_mb,
                                 kernel_mb=kernel_mb, seconds=time.monotonic() - started,
                                 kernels=done, teacher=teacher,
                                 created_class=getattr(app, "created_class", None),
                                 room_key=getattr(app, "room_key", None) if teacher else None))
    sys.stdout.flush()
