"""The third game's tests reuse the room tests' fixtures (tests/classroom/conftest.py: a SQLite
file and a throwaway PostgreSQL per test, ``room_url`` and ``room``) and their seat worker
(tests/classroom/room_workers.py)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

CLASSROOM = Path(__file__).resolve().parents[1] / "classroom"
sys.path.insert(0, str(CLASSROOM))  # pgserver and room_workers, as the room tests import them

_spec = importlib.util.spec_from_file_location("classroom_fixtures", CLASSROOM / "conftest.py")
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)
postgres_server, room_url, room = _fixtures.postgres_server, _fixtures.room_url, _fixtures.room
