"""The room's tables, written once for both back ends.

``{serial}``, ``{float}`` and ``{int}`` are filled per back end (SQLite's ``INTEGER PRIMARY KEY
AUTOINCREMENT``/``REAL``/``INTEGER``, PostgreSQL's identity column/``DOUBLE PRECISION``/
``BIGINT``). Ids of classes, tables and seats are random text (``secrets.token_hex``), never a
class code or a name, so a notification or a log line that carries an id says nothing.

What each table holds (and nothing more, DESIGN §7's privacy rule):

* ``classes`` - the code, the SHA-256 of the teacher key, the game and its settings, paused,
  created/expires times;
* ``room_tables`` - per table: the revision, the status, the engine's own save (seed + actions,
  the players' names in it) and when it last changed;
* ``seats`` - per seat: the name the student typed, the SHA-256 of the seat token, the PIN's
  salted PBKDF2 hash, the bot (if a bot plays it), last seen (``pin_failures`` and
  ``pin_locked_until`` are left from the PIN lock that ``page_tries`` replaced, and unused);
* ``events`` - what the table's log says beyond the moves (a bot stood in for a seat, its person
  came back, the teacher started the table), and one row per bot move (a stand-in's or a bot
  seat's: the results count a bot's share of each seat's moves from them);
* ``refusals`` - a move the rules refused: the action as typed (bounded), the reason's id and
  parameters, the group (trend or rule) the teacher's view counts it under;
* ``assignments`` - homework kept with the class (:mod:`.homework`): its id (four characters,
  what a result code carries), its settings as JSON and its link;
* ``homework_results`` - per result code imported: the SHA-256 of the code (the same code
  twice lands once), the name the student typed, and what the replay found (score, place,
  answers, flags) as JSON; not the code and not the moves;
* ``pacing`` - the step the teacher locked the class to (``explore``, ``play``, ``check``) or
  none; its ``id`` is the class's id (one row per class);
* ``asks`` - a question the teacher asked the class: the phase (pre, post, quick, exit), the
  form, the bank's item ids, open or closed, revealed or not;
* ``page_tries`` - what bounds a page's joins and PINs across its reloads (issue 29): per try,
  the asking page's id (a random id the workshop server derives from the browser's cookie, or
  the kernel's own), what it was (``join``: a join or rejoin; ``pin``: a wrong PIN, with the
  name tried, as its ``name_key``) and when; rows older than an hour are deleted as new ones
  come;
* ``seat_pages`` - which page took each seat (the same id), so one page holds one seat of a
  class even after a reload;
* ``answers`` - one seat's answer to one item of one ask (the response as given, bounded, and
  its grade and the misconception codes its distractors target), kept, exported and purged
  like the moves: nothing else about the student.
"""
from __future__ import annotations

__all__ = ["TABLES", "SCHEMA", "SCHEMA_VERSION", "ddl"]

SCHEMA_VERSION = 1

#: in deletion order (children first): a purge deletes a class's rows from each
TABLES = ("page_tries", "seat_pages", "homework_results", "assignments", "answers", "asks", "pacing", "refusals", "events",
          "seats", "room_tables", "classes")

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS classes (
        id TEXT PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        teacher_hash TEXT NOT NULL,
        game TEXT NOT NULL,
        edition TEXT NOT NULL,
        n_tables {int} NOT NULL,
        n_seats {int} NOT NULL,
        settings TEXT NOT NULL,
        paused {int} NOT NULL DEFAULT 0,
        created_at {float} NOT NULL,
        expires_at {float} NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS room_tables (
        id TEXT PRIMARY KEY,
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        table_no {int} NOT NULL,
        revision {int} NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'waiting',
        save TEXT,
        to_move {int},
        updated_at {float} NOT NULL,
        UNIQUE (class_id, table_no))""",
    """CREATE TABLE IF NOT EXISTS seats (
        id TEXT PRIMARY KEY,
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        table_id TEXT NOT NULL REFERENCES room_tables(id) ON DELETE CASCADE,
        seat_no {int} NOT NULL,
        name TEXT,
        name_key TEXT,
        token_hash TEXT UNIQUE,
        pin_hash TEXT,
        pin_failures {int} NOT NULL DEFAULT 0,
        pin_locked_until {float} NOT NULL DEFAULT 0,
        bot TEXT,
        stand_in {int} NOT NULL DEFAULT 0,
        last_seen {float} NOT NULL DEFAULT 0,
        UNIQUE (table_id, seat_no),
        UNIQUE (class_id, name_key))""",
    """CREATE TABLE IF NOT EXISTS events (
        id {serial},
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        table_id TEXT NOT NULL,
        revision {int} NOT NULL,
        seat_no {int},
        kind TEXT NOT NULL,
        params TEXT NOT NULL,
        at {float} NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS refusals (
        id {serial},
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        table_id TEXT NOT NULL,
        seat_id TEXT NOT NULL,
        revision {int} NOT NULL,
        action TEXT NOT NULL,
        reason TEXT NOT NULL,
        grp_kind TEXT NOT NULL,
        grp_id TEXT NOT NULL,
        params TEXT NOT NULL,
        at {float} NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS assignments (
        id TEXT PRIMARY KEY,
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        tag TEXT NOT NULL,
        spec TEXT NOT NULL,
        link TEXT NOT NULL,
        created_at {float} NOT NULL,
        UNIQUE (class_id, tag))""",
    """CREATE TABLE IF NOT EXISTS homework_results (
        id {serial},
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        assignment_id TEXT NOT NULL REFERENCES assignments(id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        name TEXT NOT NULL,
        result TEXT NOT NULL,
        at {float} NOT NULL,
        UNIQUE (assignment_id, code_hash))""",
    # the room asks (periodic_edu.classroom.asks): the class's lock, its questions, the answers
    """CREATE TABLE IF NOT EXISTS pacing (
        id TEXT PRIMARY KEY REFERENCES classes(id) ON DELETE CASCADE,
        class_id TEXT NOT NULL,
        step TEXT,
        updated_at {float} NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS asks (
        id TEXT PRIMARY KEY,
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        phase TEXT NOT NULL,
        form TEXT,
        items TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'open',
        revealed {int} NOT NULL DEFAULT 0,
        created_at {float} NOT NULL,
        closed_at {float})""",
    """CREATE TABLE IF NOT EXISTS answers (
        id {serial},
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        ask_id TEXT NOT NULL REFERENCES asks(id) ON DELETE CASCADE,
        seat_id TEXT NOT NULL,
        item TEXT NOT NULL,
        phase TEXT NOT NULL,
        choice TEXT,
        reason TEXT,
        value {float},
        cell TEXT,
        answer_ok {int} NOT NULL,
        reason_ok {int},
        both_ok {int} NOT NULL,
        codes TEXT NOT NULL,
        at {float} NOT NULL,
        UNIQUE (ask_id, seat_id, item))""",
    # the page bounds (room.py's rejoin and join): rows of the last hour only
    """CREATE TABLE IF NOT EXISTS page_tries (
        id TEXT PRIMARY KEY,
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        asker TEXT NOT NULL,
        kind TEXT NOT NULL,
        name_key TEXT,
        at {float} NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS seat_pages (
        seat_id TEXT PRIMARY KEY REFERENCES seats(id) ON DELETE CASCADE,
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        asker TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS page_tries_asker ON page_tries (asker, at)",
    "CREATE INDEX IF NOT EXISTS page_tries_name ON page_tries (class_id, name_key, at)",
    "CREATE INDEX IF NOT EXISTS page_tries_at ON page_tries (at)",
    "CREATE INDEX IF NOT EXISTS seat_pages_class ON seat_pages (class_id, asker)",
    "CREATE INDEX IF NOT EXISTS asks_class ON asks (class_id, status)",
    "CREATE INDEX IF NOT EXISTS answers_class ON answers (class_id)",
    "CREATE INDEX IF NOT EXISTS answers_seat ON answers (seat_id)",
    "CREATE INDEX IF NOT EXISTS room_tables_class ON room_tables (class_id)",
    "CREATE INDEX IF NOT EXISTS assignments_class ON assignments (class_id)",
    "CREATE INDEX IF NOT EXISTS homework_results_class ON homework_results (class_id)",
    "CREATE INDEX IF NOT EXISTS seats_class ON seats (class_id)",
    "CREATE INDEX IF NOT EXISTS events_table ON events (table_id, id)",
    "CREATE INDEX IF NOT EXISTS refusals_class ON refusals (class_id)",
    "CREATE INDEX IF NOT EXISTS refusals_seat ON refusals (seat_id)",
    "CREATE INDEX IF NOT EXISTS classes_expiry ON classes (expires_at)",
)


def ddl(serial: str, float_type: str, int_type: str) -> list[str]:
    return [s.format(serial=serial, float=float_type, int=int_type) for s in SCHEMA]
