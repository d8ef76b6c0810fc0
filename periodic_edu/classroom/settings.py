"""Which store a room uses: one setting, ``PERIODIC_EDU_ROOM``.

* ``sqlite:///absolute/path/room.db`` (or ``sqlite:relative/room.db``): one file on local disk,
  the embedded default for one machine;
* ``postgresql://user@host:port/dbname`` (or ``postgres://``): a PostgreSQL server, for a room
  served by several workshop servers (needs the ``room-postgres`` extra: psycopg 3).

Unset: ``$XDG_DATA_HOME/periodic_edu/room.db`` (``~/.local/share/periodic_edu/room.db``), beside
the dashboard's saves (``periodic_edu.widgets.save_store.default_save_dir``).

A SQLite URL may carry ``?max_page_count=N`` (a size limit for the file, in pages of 4 KiB: a
full store then refuses a write as a full disk would) and ``?busy_timeout_ms=N``.

>>> parse_url("sqlite:///tmp/room.db").path
'/tmp/room.db'
>>> parse_url("postgresql://teacher@127.0.0.1:5432/room").kind
'postgresql'
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from .errors import BadInput

__all__ = ["StoreURL", "parse_url", "default_url", "ENV"]

ENV = "PERIODIC_EDU_ROOM"
_SQLITE_OPTIONS = {"max_page_count", "busy_timeout_ms"}


@dataclass(frozen=True)
class StoreURL:
    kind: str  # "sqlite" or "postgresql"
    path: str = ""  # sqlite: the file
    dsn: str = ""  # postgresql: the URL as given
    options: dict = field(default_factory=dict)


def default_path() -> Path:
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(data) / "periodic_edu" / "room.db"


def default_url() -> str:
    return os.environ.get(ENV) or f"sqlite:///{default_path()}"


def parse_url(url: str | None) -> StoreURL:
    """The store a URL names; a URL of another kind raises :class:`BadInput` saying why."""
    if url is None:
        url = default_url()
    if not isinstance(url, str) or not url.strip():
        raise BadInput("bad_url")
    url = url.strip()
    scheme = url.split(":", 1)[0].lower()
    if scheme == "sqlite":
        parts = urlsplit(url)
        path = parts.path
        if url.startswith("sqlite:///"):
            path = "/" + url[len("sqlite:///"):].split("?", 1)[0].lstrip("/")
        elif url.startswith("sqlite://"):
            raise BadInput("bad_url")
        if not path:
            raise BadInput("bad_url")
        options = {}
        for key, value in parse_qsl(parts.query):
            if key not in _SQLITE_OPTIONS or not value.isdigit():
                raise BadInput("bad_url")
            options[key] = int(value)
        return StoreURL("sqlite", path=str(Path(path).expanduser()), options=options)
    if scheme in ("postgresql", "postgres"):
        return StoreURL("postgresql", dsn=url)
    raise BadInput("bad_url")
