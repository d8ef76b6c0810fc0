"""The teacher's view and controls of one class: the overview and results, pause, start, seats
handed to bots or freed, students moved between tables, PINs, and (through :mod:`.homework`,
:mod:`.asks` and :mod:`.report`) homework, questions and what the class learned.

Every call checks the teacher key again (:func:`.rows.teacher_class`) in its own transaction;
the room's docstring (:mod:`.room`) lists what happens when two writes arrive at once.
"""
from __future__ import annotations

import json
from typing import Any

from . import asks, credentials, games, homework, rows, turns
from . import report as _report
from .errors import BadInput, NotFound, NotStarted, TableFull
from .seats import clear_seat
from .store import Tx

__all__ = ["Teacher", "EXAMPLES"]

#: examples kept per group of refusals (and per step against the data) in the overview
EXAMPLES = 3


def _refusal_groups(refusals: list[dict], where: dict[str, tuple]) -> list[dict]:
    """The class's refusals grouped by trend, duel value or rule, most frequent first."""
    groups: dict[tuple[str, str], dict] = {}
    for r in refusals:
        table_no, seat_no, name = where.get(r["seat_id"], (None, None, None))
        group = groups.setdefault((r["grp_kind"], r["grp_id"]), {
            r["grp_kind"]: r["grp_id"], "count": 0, "examples": [], "tables": {},
            "students": {}})
        group["count"] += 1
        group["tables"][table_no] = group["tables"].get(table_no, 0) + 1
        group["students"][name] = group["students"].get(name, 0) + 1
        if len(group["examples"]) < EXAMPLES:
            group["examples"].append({"table": table_no, "seat": seat_no, "name": name,
                                      "action": r["action"], "reason": r["reason"],
                                      "params": json.loads(r["params"])})
    return sorted(groups.values(), key=lambda g: -g["count"])


def _against_data(room: Any, cls: dict, tables: list[dict]) -> list[dict]:
    """The moves against the data at every table, grouped by step, most frequent first."""
    against: dict[tuple[str, str, str], dict] = {}
    for t in tables:
        if not t["save"]:
            continue
        for seat_no, check in room.replays.against_data(cls, t):
            item = against.setdefault((check.trend, check.source, check.target), {
                "trend": check.trend, "from": check.source, "to": check.target,
                "property": check.property, "before": check.before, "after": check.after,
                "count": 0, "examples": []})
            item["count"] += 1
            if len(item["examples"]) < EXAMPLES:
                item["examples"].append({"table": t["table_no"], "seat": seat_no})
    return sorted(against.values(), key=lambda a: (-a["count"], a["trend"], a["from"], a["to"]))


class Teacher:
    """The teacher's view and controls of one class (every call checks the key again)."""

    def __init__(self, room: Any, code: str, key: str) -> None:
        self.room = room
        self.code = code
        self._key = key

    def __repr__(self) -> str:  # never the key
        return f"<Teacher {self.code}>"

    def _class(self, tx: Tx, lock: str | None = None) -> dict:
        return rows.teacher_class(tx, self.code, self._key, lock)

    def overview(self) -> dict[str, Any]:
        """Every table (revision, whose turn, scores, seats: name, connected, bot, and the
        counts of :mod:`.bot_moves`: moves, bot_moves, stand_in_turns...) and the
        class's refusals grouped by trend, duel value or rule, with counts and examples; and
        ``against_data``: the Spend/Gain/Free moves (public) whose step the real data does not
        follow (``trend``, ``from``, ``to``, ``property``, ``before``, ``after``, ``count``,
        up to three ``examples`` of table and seat), most frequent first."""
        room = self.room
        now = room.clock()
        with room.store.read() as tx:
            cls = self._class(tx)
            tables = rows.tables_of(tx, cls["id"])
            seats = {t["id"]: rows.seat_rows(tx, t["id"]) for t in tables}
            refusals = tx.all("SELECT * FROM refusals WHERE class_id = ? ORDER BY id DESC",
                              (cls["id"],))
            moved = {t["id"]: room.replays.seat_moves(tx, cls, t) for t in tables}
        out_tables = []
        for t in tables:
            scores = games.totals(room.replays.seen(cls, t)) if t["save"] else None
            public = turns.public_seats(cls, seats[t["id"]], now, t["status"] != "waiting")
            out_tables.append({"table": t["table_no"], "game": cls["game"],
                               "revision": t["revision"], "to_move": t["to_move"],
                               "status": t["status"], "over": t["status"] == "over",
                               "scores": scores, "updated_at": t["updated_at"],
                               "seats": [{**seat, **counts} for seat, counts
                                         in zip(public, moved[t["id"]])]})
        where = {s["id"]: (t["table_no"], s["seat_no"], s["name"])
                 for t in tables for s in seats[t["id"]]}
        return {"code": cls["code"], "game": cls["game"], "paused": bool(cls["paused"]),
                "settings": cls["settings"], "tables": out_tables,
                "refusals": _refusal_groups(refusals, where),
                "against_data": _against_data(room, cls, tables)}

    def _set_paused(self, paused: bool) -> None:
        now = self.room.clock()
        with self.room.store.write() as tx:
            cls = self._class(tx, lock="update")
            if bool(cls["paused"]) == paused:
                return
            tx.run("UPDATE classes SET paused = ? WHERE id = ?", (int(paused), cls["id"]))
            # every table's revision moves on (its seats wake and see the pause), and on resume
            # the idle clocks start again: nobody is replaced by a bot for the paused time
            rows.bump_all(tx, cls["id"], now)

    def pause(self) -> None:
        """Every table refuses moves (``Paused``) until :meth:`resume`."""
        self._set_paused(True)

    def resume(self) -> None:
        self._set_paused(False)

    def start_table(self, table: int) -> int:
        return self.room.start_table(self.code, self._key, table)

    def set_bot(self, table: int, seat: int, bot: str | None) -> None:
        """Hand a seat to a bot (``bot``: its name) or back to its person (None)."""
        room = self.room
        now = room.clock()
        with room.store.write() as tx:
            cls = self._class(tx, lock="share")
            if bot is not None and bot not in games.bot_names(cls["game"]):
                raise BadInput("bad_choice", setting="bot",
                               choices=", ".join(games.bot_names(cls["game"])))
            row = rows.table_row(tx, cls, table, lock=True)
            target = rows.seat_at(tx, row["id"], seat)
            if target is None:
                raise NotFound("no_seat_at", table=table, seat=str(seat)[:10])
            if bot is None and target["name"] is None:
                raise BadInput("no_person")
            tx.run("UPDATE seats SET bot = ?, stand_in = 0 WHERE id = ?", (bot, target["id"]))
            new = rows.bump(tx, row, now)
            rows.event(tx, cls["id"], row["id"], new, seat, "bot" if bot else "person",
                       {"bot": bot} if bot else {}, room.clock())

    def remove(self, table: int, seat: int) -> None:
        """Remove a joiner before their table starts: the seat is free again, their token and
        PIN stop working, their name is gone from the store."""
        now = self.room.clock()
        with self.room.store.write() as tx:
            cls = self._class(tx, lock="share")
            row = rows.table_row(tx, cls, table, lock=True)
            if row["status"] != "waiting":
                raise NotStarted("started", table=table)
            clear_seat(tx, self._person(tx, row, table, seat)["id"])
            rows.bump(tx, row, now)

    def free(self, table: int, seat: int) -> None:
        """Free a student's seat, before or after the start (a page that took a seat it should
        not have, a student who left): their token and PIN stop working and their name is
        gone from the store. Before the start the seat is empty again (as :meth:`remove`);
        after it the class's bot plays the seat until a new student joins and takes it over
        (the table's log says so)."""
        room = self.room
        now = room.clock()
        with room.store.write() as tx:
            cls = self._class(tx, lock="share")
            row = rows.table_row(tx, cls, table, lock=True)
            target = self._person(tx, row, table, seat)
            clear_seat(tx, target["id"])
            new = rows.bump(tx, row, now)
            if row["status"] != "waiting":
                rows.event(tx, cls["id"], row["id"], new, seat, "bot",
                           {"bot": cls["settings"]["bot"]}, room.clock())

    @staticmethod
    def _person(tx: Tx, row: dict, table: int, seat: int) -> dict:
        """The seat ``seat`` of the table row, with a student at it (else NotFound)."""
        target = None
        if isinstance(seat, int) and not isinstance(seat, bool):  # PostgreSQL types it
            target = rows.seat_at(tx, row["id"], seat)
        if target is None or target["name"] is None:
            raise NotFound("no_seat_at", table=table, seat=str(seat)[:10])
        return target

    def lock_joining(self, locked: bool = True) -> None:
        """Close (or open again) joining: while closed, a join is refused ("the teacher has
        closed joining"); rejoining with a PIN and returning with a token still work."""
        with self.room.store.write() as tx:
            cls = self._class(tx, lock="update")
            settings = {**cls["settings"], "join_locked": bool(locked)}
            tx.run("UPDATE classes SET settings = ? WHERE id = ?",
                   (json.dumps(settings), cls["id"]))

    def new_pin(self, table: int, seat: int) -> str:
        """A new PIN for a student's seat (a forgotten PIN, or a seat whose PIN a classmate
        locked with wrong guesses): returned once for the teacher to pass on; the old PIN and
        the lock are gone. The student's token (their page) still works."""
        pin = credentials.new_pin()
        pin_hash = credentials.pin_hash(pin)  # slow on purpose: before the transaction
        with self.room.store.write() as tx:
            cls = self._class(tx, lock="share")
            row = rows.table_row(tx, cls, table)
            target = self._person(tx, row, table, seat)
            tx.run("UPDATE seats SET pin_hash = ?, pin_failures = 0, pin_locked_until = 0 "
                   "WHERE id = ?", (pin_hash, target["id"]))
            # a new PIN: the guesses at the old one count no more
            tx.run("DELETE FROM page_tries WHERE class_id = ? AND name_key = ? AND kind = 'pin'",
                   (cls["id"], target["name_key"]))
        return pin

    def move(self, table: int, seat: int, to_table: int) -> tuple[int, int]:
        """Move the student at ``seat`` of ``table`` to the first free seat of ``to_table``,
        before either table starts (addressed like :meth:`set_bot` and :meth:`remove`). The
        student keeps their name, token and PIN: their page follows them. Returns the new
        ``(table, seat)``. A move that fills ``to_table`` starts it, as the last join does.

        Two moves, or a move and a join, at once: all take the class row exclusively, so they
        queue; the second sees the seats the first took (a full table refuses it)."""
        room = self.room
        now = room.clock()
        with room.store.write() as tx:
            cls = self._class(tx, lock="update")
            if to_table == table:
                raise BadInput("same_table", table=table)
            # both tables locked in table order: two moves in opposite directions cannot
            # deadlock (they queue on the class row anyway)
            locked = {}
            for no in sorted((table, to_table), key=lambda n: (not isinstance(n, int), str(n))):
                locked[no] = rows.table_row(tx, cls, no, lock=True)
            source, target = locked[table], locked[to_table]
            for row in (source, target):
                if row["status"] != "waiting":
                    raise NotStarted("started", table=row["table_no"])
            person = self._person(tx, source, table, seat)
            free = tx.one("SELECT * FROM seats WHERE table_id = ? AND name IS NULL "
                          "AND bot IS NULL ORDER BY seat_no LIMIT 1", (target["id"],))
            if free is None:
                raise TableFull("table_full", table=to_table)
            _move_person(tx, person, free, target)
            rows.bump(tx, source, now)
            rows.bump(tx, target, now)
            turns.start_if_full(room, tx, cls, target["id"], now)
        return to_table, free["seat_no"]

    def results(self) -> dict[str, Any]:
        """Each seat's score, ranked at its table and, duplicate-bridge style, against the same
        seat at the other tables (the same deal when the class was created with ``duplicate``):
        ``{"duplicate": bool, "rows": [{"table", "seat", "name", "bot", "score", "over",
        "table_rank", "seat_rank", "vs_seat_average", "moves", "bot_moves", "stand_in_turns",
        "mostly_bots", "long_stand_in"}, ...], "homework": [...]}`` (``homework``: the imported
        result codes of every assignment of the class, :func:`.homework.class_results`). Ranks
        count from 1 (ties share a rank); a table not started has no rows. ``moves``: the
        seat's actions, ``bot_moves``: how many of them a bot made (:mod:`.bot_moves`)."""
        o = self.overview()
        found = []
        for t in o["tables"]:
            if t["scores"] is None:
                continue
            for index, (score, seat) in enumerate(zip(t["scores"], t["seats"])):
                found.append({"table": t["table"], "seat": index, "name": seat["name"],
                              "bot": seat["bot"], "score": score, "over": t["over"],
                              "table_rank": 1 + sum(x > score for x in t["scores"]),
                              **{k: seat[k] for k in ("moves", "bot_moves", "stand_in_turns",
                                                      "mostly_bots", "long_stand_in")}})
        for row in found:
            same = [r["score"] for r in found if r["seat"] == row["seat"]]
            row["seat_rank"] = 1 + sum(x > row["score"] for x in same)
            row["vs_seat_average"] = round(row["score"] - sum(same) / len(same), 2)
        # the class's imported homework beside live play (issue 34): its own rows, never mixed
        # into the tables' ranks
        return {"duplicate": bool(o["settings"]["duplicate"]), "rows": found,
                "homework": homework.class_results(self.room, self.code, self._key)}

    # ---- homework (the logic is in .homework) ---------------------------------------------------
    def assign(self, assignment: Any) -> str:
        """Keep an assignment (``periodic_edu.assignments.new_assignment``) with the class."""
        return homework.assign(self.room, self.code, self._key, assignment)

    def assignments(self) -> list:
        return homework.assignments(self.room, self.code, self._key)

    def import_codes(self, codes: list, assignment: Any = None, key: Any = None) -> dict:
        """Students' result codes into the class's report: a bad code is refused by its index,
        the good ones land (see :func:`.homework.import_codes`)."""
        return homework.import_codes(self.room, self.code, self._key, codes, assignment, key)

    def homework(self, assignment: Any = None) -> dict:
        """The imported results of an assignment (default: the latest)."""
        return homework.report(self.room, self.code, self._key, assignment)

    def purge(self) -> None:
        """End the class and delete it: no row of it is left in the store."""
        with self.room.store.read() as tx:
            class_id = self._class(tx)["id"]
        self.room._purge_ids([class_id])

    # ---- the room asks (periodic_edu.classroom.asks, .report) -------------------------------
    def lock(self, step: str) -> None:
        """Lock every device of the class to ``step`` (``explore``, ``play``, ``check``)."""
        asks.lock(self, step)

    def unlock(self) -> None:
        asks.lock(self, None)

    def ask(self, form: str | None = None, phase: str = "pre",
            items: list[str] | None = None, crossed: bool = False) -> str:
        """Ask every seat a whole form (``pre``/``post``) or 1-3 bank items (``quick``,
        ``exit``); returns the ask's id. ``crossed``: each half of the class takes one form
        (:func:`asks.seat_form`)."""
        return asks.ask(self, form=form, phase=phase, items=items, crossed=crossed)

    def close(self, ask: str) -> None:
        asks.close(self, ask)

    def reveal(self, ask: str) -> None:
        asks.reveal(self, ask)

    def asks(self) -> list[dict[str, Any]]:
        return asks.asks_of(self)

    def report(self) -> dict[str, Any]:
        """Per concept pre/post/gain next to the refusals in play; per student, table, item."""
        return _report.report(self)

    def answers_csv(self) -> str:
        return _report.answers_csv(self)


def _move_person(tx: Tx, person: dict, free: dict, target: dict) -> None:
    """The student of seat row ``person`` sits at the free seat row ``free`` of ``target``:
    their name, token, PIN, refusals, page and answers go with them."""
    # the old row is cleared first: name_key and token_hash are unique in the class
    tx.run("UPDATE seats SET name = NULL, name_key = NULL, token_hash = NULL, "
           "pin_hash = NULL, pin_failures = 0, pin_locked_until = 0, last_seen = 0 "
           "WHERE id = ?", (person["id"],))
    tx.run("UPDATE seats SET name = ?, name_key = ?, token_hash = ?, pin_hash = ?, "
           "pin_failures = ?, pin_locked_until = ?, last_seen = ? WHERE id = ?",
           (person["name"], person["name_key"], person["token_hash"],
            person["pin_hash"], person["pin_failures"], person["pin_locked_until"],
            person["last_seen"], free["id"]))
    tx.run("UPDATE refusals SET seat_id = ?, table_id = ? WHERE seat_id = ?",
           (free["id"], target["id"], person["id"]))
    # the page that took the seat holds the new one (one seat per page and class)
    tx.run("DELETE FROM seat_pages WHERE seat_id = ?", (free["id"],))
    tx.run("UPDATE seat_pages SET seat_id = ? WHERE seat_id = ?", (free["id"], person["id"]))
    asks.seat_moved(tx, person["id"], free["id"])
