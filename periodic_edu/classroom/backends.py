"""The store a room URL names: SQLite on one machine, PostgreSQL when several servers share a
room (see :mod:`.settings` for the URLs)."""
from __future__ import annotations

from .settings import parse_url
from .sqlite_store import SqliteStore
from .store import Store

__all__ = ["open_store"]


def open_store(url: str | None = None, create: bool = True) -> Store:
    """The store a URL names, its schema created if missing. ``create=False`` (a kernel, not
    the server's start): a SQLite file that does not exist is :class:`StoreUnavailable`, not a
    new empty room (PostgreSQL's database always exists before the room)."""
    parsed = parse_url(url)
    if parsed.kind == "sqlite":
        return SqliteStore(parsed.path, create=create, **parsed.options)
    from .postgres_store import PostgresStore  # psycopg, the optional extra, only when asked
    return PostgresStore(parsed.dsn)
