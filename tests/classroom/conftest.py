"""The room's tests run against both back ends: a SQLite file, and a real PostgreSQL server
started for the session (tests/classroom/pgserver.py) with a fresh database per test."""
from __future__ import annotations

import pytest

from pgserver import new_database, throwaway_postgres

from periodic_edu.classroom import open_room


@pytest.fixture(scope="session")
def postgres_server():
    with throwaway_postgres() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def room_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'room.db'}"
    return new_database(request.getfixturevalue("postgres_server"))


@pytest.fixture
def room(room_url):
    r = open_room(room_url)
    yield r
    r.close()


class Clock:
    """A clock the test moves by hand (idle seats, connection windows, retention)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(room):
    c = Clock()
    room.clock = c
    return c
