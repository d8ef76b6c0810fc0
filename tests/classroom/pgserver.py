"""A throwaway PostgreSQL server for the room's tests and benchmark: Debian's ``postgresql``
binaries, ``initdb`` in a temporary directory, ``pg_ctl`` on a free 127.0.0.1 port, stopped and
deleted at the end.

PostgreSQL refuses to run as root, so as root the server runs as an unprivileged system user
(``periodic_edu_test``, created with ``useradd`` when missing) through ``runuser``.

    with throwaway_postgres() as url:      # postgresql://postgres@127.0.0.1:PORT/postgres
        dsn = new_database(url)            # a fresh, empty database on that server
"""
from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from typing import Iterator

# tests/ports.py (the benchmarks import this file with only tests/classroom on the path)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ports import free_port  # noqa: E402

USER = "periodic_edu_test"


def bin_dir() -> str | None:
    for candidate in ["/usr/lib/postgresql/15/bin", *sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                                                            reverse=True)]:
        if os.path.exists(os.path.join(candidate, "pg_ctl")):
            return candidate
    return None


def _as_user() -> list[str]:
    if os.geteuid() != 0:
        return []
    # two parallel test workers may both find the user missing: useradd then fails in one
    # of them (the name is taken, or /etc/passwd is locked); what counts is that it exists
    for attempt in range(20):
        try:
            pwd.getpwnam(USER)
            return ["runuser", "-u", USER, "--"]
        except KeyError:
            done = subprocess.run(["useradd", "--system", "--no-create-home", "--shell",
                                   "/usr/sbin/nologin", USER], capture_output=True, text=True)
            if done.returncode and attempt == 19:
                raise RuntimeError(f"useradd {USER} failed ({done.returncode}): {done.stderr}")
            if done.returncode:
                time.sleep(0.1)  # the other useradd still holds /etc/passwd's lock
    return ["runuser", "-u", USER, "--"]


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    binaries = bin_dir()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql "
                           "(scripts/test installs it)")
    prefix = _as_user()
    root = tempfile.mkdtemp(prefix="periodic_edu_pg_")
    data, sock = os.path.join(root, "data"), os.path.join(root, "sock")
    os.mkdir(sock)
    if prefix:
        entry = pwd.getpwnam(USER)
        os.chmod(root, 0o755)
        for path in (root, sock):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    port = free_port()

    def run(*command: str) -> None:
        # cwd: a folder the server's user may enter (initdb and pg_ctl look at their cwd)
        done = subprocess.run([*prefix, *command], cwd=root, capture_output=True, text=True)
        if done.returncode:
            log = os.path.join(root, "log")
            tail = open(log).read()[-2000:] if os.path.exists(log) else ""
            raise RuntimeError(f"{os.path.basename(command[0])} failed ({done.returncode}): "
                               f"{done.stderr.strip()[-2000:]} {tail}")
    try:
        run(os.path.join(binaries, "initdb"), "-D", data, "-U", "postgres", "--auth=trust",
            "-E", "UTF8", "--no-sync")
        # fsync off: a test server, thrown away at the end (the room's own durability is
        # PostgreSQL's, unchanged by this)
        for attempt in range(3):
            options = (f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off "
                       f"-c max_connections=200")
            try:
                run(os.path.join(binaries, "pg_ctl"), "-D", data, "-o", options,
                    "-l", os.path.join(root, "log"), "-w", "-t", "60", "start")
                break
            except RuntimeError as error:
                # another process (a parallel test worker) took the free port first
                if attempt == 2 or "already in use" not in str(error):
                    raise
                port = free_port()
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, os.path.join(binaries, "pg_ctl"), "-D", data, "-m", "immediate",
                        "-w", "stop"], cwd=root, capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def new_database(url: str) -> str:
    """A fresh empty database on the server of ``url``; returns its URL."""
    import psycopg
    name = "room_" + uuid.uuid4().hex[:12]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name
