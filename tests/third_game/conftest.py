"""The third game's tests reuse the room tests' throwaway PostgreSQL (tests/classroom/pgserver.py)
and their seat worker (tests/classroom/room_workers.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "classroom"))

from pgserver import new_database, throwaway_postgres  # noqa: E402

from periodic_edu.classroom import open_room  # noqa: E402


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
