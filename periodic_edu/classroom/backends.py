"""Which back end a room URL names: the one place that knows both (:mod:`.sqlite_store`,
:mod:`.postgres_store`), so neither of them nor the interface (:mod:`.store`) imports the other."""
from __future__ import annotations

from .settings import parse_url
from .store import Store

__all__ = ["open_store"]


def open_store(url: str | None = None) -> Store:
    """The store a URL names (see :mod:`.settings`), its schema created if missing."""
    parsed = parse_url(url)
    if parsed.kind == "sqlite":
        from .sqlite_store import SqliteStore
        return SqliteStore(parsed.path, **parsed.options)
    from .postgres_store import PostgresStore  # psycopg is imported only for a PostgreSQL room
    return PostgresStore(parsed.dsn)
