"""A free loopback port for a test's server, that nothing else of the run can take first.

A port from ``bind(("127.0.0.1", 0))`` comes from the kernel's ephemeral range: the pool every
outgoing connection and every random bind of the run draws from as well (each Jupyter kernel
binds five zmq ports at random, Chromium and the servers open connections). Between the test
closing its probe socket and its server binding the port, any of those could take it: a
workshop server then stopped with "no available port could be found" (stop 40, a restart test,
while other workers' kernels were starting).

So the ports come from BELOW the ephemeral range (``/proc/sys/net/ipv4/ip_local_port_range``),
where nothing is handed out at random, and each xdist worker has its own slice of them: two
workers never pick the same port, and within a worker the picks go round the slice, so a port
is not picked again while its last server may still be closing. Each pick is still checked by
binding it (another program of the machine may listen there).
"""
from __future__ import annotations

import itertools
import os
import random
import socket

#: The lowest port used (below it: well-known and registered services' ports).
LOWEST = 10_000
#: Fewer ports than this below the ephemeral range: use the kernel's own choice instead.
ENOUGH = 1_000


def _ephemeral_low() -> int:
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32_768  # Linux's default


def _worker_slice() -> range:
    """This xdist worker's ports (the whole span outside xdist)."""
    high = _ephemeral_low()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(worker[2:]) if worker[2:].isdigit() else 0
    count = max(int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1), index + 1)
    size = (high - LOWEST) // count
    return range(LOWEST + index * size, LOWEST + (index + 1) * size)


_SLICE = _worker_slice()
# from a random place in the slice: two runs on one machine at once (a developer's and CI's)
# rarely meet
_NEXT = itertools.count(random.randrange(len(_SLICE))) if len(_SLICE) >= ENOUGH else None


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A port of 127.0.0.1 free now, from this worker's slice below the ephemeral range."""
    if _NEXT is not None:
        for _ in range(len(_SLICE)):
            port = _SLICE.start + next(_NEXT) % len(_SLICE)
            if _bindable(port):
                return port
    with socket.socket() as s:  # no room below the ephemeral range (or all taken): any port
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
