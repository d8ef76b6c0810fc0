"""What the teacher's page shows, built from the room's contract (no widget code here).

The room (:mod:`periodic_edu.classroom`) stores refusals as the rules' reason ids with their
parameters; this module says them in the teacher's language with each game's own message
class, rebuilt by the game's spec (:meth:`periodic_edu.tabletop.spec.RoomFacts.message`), and
turns ``teacher.overview()`` and ``teacher.results()`` into the plain data the page draws.
``anonymous=True`` (projector mode) leaves every student's name out of the data itself - not
merely hidden by the page.
"""
from __future__ import annotations

import csv
import io
import time
from typing import Any

from .. import i18n
from ..board import TREND_NAMES
from ..classroom.games import UNREAD
from ..games import GAMES, RoomFacts
from ..locale.widget_texts import PAGE
from ..tabletop.table import Text

__all__ = ["say_refusal", "group_title", "glance", "results_table", "results_csv",
           "needs_the_teacher", "public_table"]


def _room_facts(game: str) -> Any:
    return GAMES[game].room if game in GAMES else RoomFacts()


def say_refusal(game: str, reason: str, params: dict, action: str, lang: str) -> str:
    """A stored refusal (reason id + parameters) as the rules say it, in ``lang``: the game's
    own message rebuilt by its spec (``RoomFacts.message``). A reason the game no longer knows
    (a stored class older than the rules) is named by its id. Text the engine could not read
    is "a move the game cannot read", never the text itself (the room keeps no such text since
    issue 29; a class stored before still may)."""
    if reason == "unreadable" or reason in UNREAD:
        return Text("teacher_unreadable").render(lang)
    try:
        return _room_facts(game).message(reason, params, action).render(lang)
    except (KeyError, IndexError, ValueError, TypeError):
        return Text("teacher_unknown_rule", rule=reason).render(lang)


#: what a refusal group holds besides its ``{kind: id}``
_GROUP_FIELDS = ("count", "examples", "tables", "students")


def group_title(game: str, group: dict, lang: str,
                anonymous: bool = False) -> tuple[str, str, str]:
    """``(kind, id, title)`` of a refusal group: a group the game made (Periodic: a trend,
    Elemonster: a duel value; said by the game's spec) or a rule (the rule's sentence of the
    first example; ``anonymous``: without what was typed)."""
    kind = next((k for k in group if k not in _GROUP_FIELDS), "rule")
    if kind != "rule":
        word = _room_facts(game).group_word(kind, group[kind], lang)
        if word is not None and f"teacher_group_{kind}" in PAGE:
            return kind, group[kind], Text(f"teacher_group_{kind}",
                                           **{kind: word}).render(lang)
    rule = group.get(kind, "")
    first = group["examples"][0] if group.get("examples") else None
    sentence = (say_refusal(game, first["reason"], first["params"],
                            "" if anonymous else first["action"], lang) if first else rule)
    return "rule", rule, Text("teacher_group_rule", rule=sentence).render(lang)


def against_data(items: list[dict], lang: str) -> list[dict[str, Any]]:
    """The overview's moves against the data, said in ``lang``: a title (the trend as printed
    on the board, from -> to), what the data says, the count and up to three tables and seats
    (public: moves are public, and no name is given)."""
    from ..locale.widget_texts import FRONT_END
    out = []
    for a in items:
        trend = a["trend"]
        name = i18n.gettext("board", TREND_NAMES[trend], lang) if trend in TREND_NAMES else trend
        prop_key = f"property_{a['property']}"
        prop = (i18n.gettext("widgets", FRONT_END[prop_key], lang) if prop_key in FRONT_END
                else a["property"])
        values = {"property": prop, "source": a["from"], "target": a["to"],
                  "before": round(a["before"], 2), "after": round(a["after"], 2)}
        lower = a["after"] < a["before"]
        out.append({"trend": trend, "from": a["from"], "to": a["to"], "count": a["count"],
                    "title": Text("teacher_against_title", trend=name, source=a["from"],
                                  target=a["to"]).render(lang),
                    "text": Text("teacher_against_lower" if lower else "teacher_against_higher",
                                 **values).render(lang),
                    "where": [seat_label(e["table"], e["seat"], lang) for e in a["examples"]]})
    return out


def seat_label(table: int, seat: int, lang: str) -> str:
    """"Table 3, seat 2": tables and seats counted from 1, as the page says them."""
    return Text("teacher_table_seat", table=table + 1, seat=seat + 1).render(lang)


def _who(table: int | None, seat: int | None, name: str | None, anonymous: bool,
         lang: str) -> str:
    if table is None or seat is None:
        return ""
    label = seat_label(table, seat, lang)
    if anonymous or not name:
        return label
    return f"{label} ({name})"


def glance(overview: dict, rounds: dict[int, Any], lang: str,
           anonymous: bool, now: float | None = None) -> dict[str, Any]:
    """The room at a glance: every table (round, whose turn and for how long, scores, seats:
    name, connected, bot) and the refusals grouped with counts and up to three examples."""
    now = time.time() if now is None else now
    game = overview["game"]
    tables = []
    for t in overview["tables"]:
        n = t["table"]
        seats = []
        for i, s in enumerate(t["seats"]):
            seats.append({
                "seat": i, "label": seat_label(n, i, lang),
                "name": None if anonymous else s["name"],
                "taken": s["name"] is not None,
                "connected": bool(s["connected"]), "bot": s["bot"],
                "stand_in": bool(s.get("stand_in")),
                "score": None if t["scores"] is None else t["scores"][i],
                # a bot's share of the seat's moves (classroom.bot_moves): marked on the page
                **{k: s.get(k, 0) for k in _BOT_COUNTS},
                **{k: bool(s.get(k)) for k in _BOT_MARKS},
            })
        to_move = t["to_move"]
        waiting = None
        if to_move is not None and t["status"] == "playing" and t.get("updated_at"):
            # since the table last changed: its last move, or the teacher's last control
            # whole minutes, so an unchanged room is not re-sent every second
            waiting = max(0, int(now - t["updated_at"]) // 60)
        tables.append({"table": n, "label": Text("teacher_table", table=n + 1).render(lang),
                       "status": t["status"], "revision": t["revision"],
                       "round": rounds.get(n), "to_move": to_move, "waiting_min": waiting,
                       "seats": seats})
    groups = []
    for g in overview["refusals"]:
        kind, gid, title = group_title(game, g, lang, anonymous)
        # projector mode shows no student-written text: no action, only the rule's sentence
        examples = [{"who": _who(e["table"], e["seat"], e["name"], anonymous, lang),
                     "action": "" if anonymous else e["action"],
                     "text": say_refusal(game, e["reason"], e["params"],
                                         "" if anonymous else e["action"], lang)}
                    for e in g["examples"]]
        by_table = sorted(((Text("teacher_table", table=k + 1).render(lang), v)
                           for k, v in g["tables"].items() if k is not None),
                          key=lambda kv: -kv[1])
        group = {"kind": kind, "id": gid, "title": title, "count": g["count"],
                 "examples": examples, "tables": [list(kv) for kv in by_table]}
        if not anonymous:
            group["students"] = sorted(([k, v] for k, v in g["students"].items()
                                        if k is not None), key=lambda kv: (-kv[1], kv[0]))
        groups.append(group)
    return {"code": overview["code"], "game": game, "paused": overview["paused"],
            "duplicate": bool(overview["settings"].get("duplicate")),
            "bot": overview["settings"].get("bot"),  # the class's bot: a seat handed over gets it
            "join_locked": bool(overview["settings"].get("join_locked")),
            "anonymous": anonymous, "tables": tables, "refusals": groups,
            "against_data": against_data(overview.get("against_data", []), lang)}


#: the counts and marks of a bot's share of a seat's moves (periodic_edu.classroom.bot_moves)
_BOT_COUNTS = ("moves", "bot_moves", "stand_in_turns")
_BOT_MARKS = ("mostly_bots", "long_stand_in")


def results_table(results: dict, lang: str, anonymous: bool) -> dict[str, Any]:
    """``teacher.results()`` for the page: rows with labels, and the CSV text."""
    rows = []
    for r in results["rows"]:
        rows.append({"table": r["table"], "seat": r["seat"],
                     "label": seat_label(r["table"], r["seat"], lang),
                     "name": None if anonymous else r["name"], "bot": r["bot"],
                     "score": r["score"], "over": r["over"], "table_rank": r["table_rank"],
                     "seat_rank": r["seat_rank"], "vs_seat_average": r["vs_seat_average"],
                     **{k: r.get(k, 0) for k in _BOT_COUNTS},
                     **{k: bool(r.get(k)) for k in _BOT_MARKS}})
    from ._homework_section import results_rows
    homework = results_rows(results.get("homework", ()), lang, anonymous)
    return {"duplicate": bool(results["duplicate"]), "rows": rows, "homework": homework,
            "csv": results_csv(rows, lang, homework)}


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    # a name typed as =1+1 must stay text in a spreadsheet (CSV formula injection)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(text):
        text = "'" + text
    return text


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def results_csv(rows: list[dict], lang: str, homework: list[dict] = ()) -> str:
    """The results as CSV (a header in ``lang``; tables and seats counted from 1). Besides the
    scores: the seat's moves, how many a bot made, 1 when a bot made more than half of them,
    the turns a stand-in played for the seat, and 1 when those are more than
    ``bot_moves.STAND_IN_TURNS`` (docs/classroom.md says what each means). ``homework``: the
    imported result codes (``_homework_section.results_rows``), after the tables' rows, with
    no table or seat and their own last columns: "homework" (the assignment's id), the day
    finished, the flags in words, the check's correct answers and its items. A class with no
    imported homework has no such columns (its CSV is as it was before homework)."""
    from ..classroom.bot_moves import STAND_IN_TURNS
    header = [Text(f"teacher_csv_{k}").render(lang) for k in
              ("table", "seat", "name", "bot", "score", "over", "table_rank", "seat_rank",
               "vs_seat_average", "moves", "bot_moves", "mostly_bots", "stand_in_turns")]
    header.append(Text("teacher_csv_long_stand_in", n=STAND_IN_TURNS).render(lang))
    extra = [""] * 5 if homework else []
    if homework:
        header += [Text(f"teacher_csv_{k}").render(lang) for k in
                   ("homework", "finished_on", "flags", "correct", "of")]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for r in rows:
        writer.writerow([_cell(x) for x in (r["table"] + 1, r["seat"] + 1, r["name"], r["bot"],
                                            r["score"], "1" if r["over"] else "0",
                                            r["table_rank"], r["seat_rank"],
                                            r["vs_seat_average"], r["moves"], r["bot_moves"],
                                            "1" if r["mostly_bots"] else "0",
                                            r["stand_in_turns"],
                                            "1" if r["long_stand_in"] else "0")]
                        + extra)
    for r in homework:
        writer.writerow([_cell(x) for x in (
            "", "", r["name"], "", r["score"], "" if r["over"] is None else
            ("1" if r["over"] else "0"), r["rank"], "", "", r["moves"], "", "", "", "",
            r["assignment"], r["finished_on"], "; ".join(r["flag_words"]), r["correct"],
            r["of"])])
    return out.getvalue()


def needs_the_teacher(before: dict, after: dict, lang: str) -> str:
    """What changed since the last read that the teacher should hear about (the page announces
    it): a bot started standing in for an idle student, a student lost their connection, a
    table's game ended. '' when nothing did, or on the first read (nothing is news yet)."""
    if not before or before.get("code") != after.get("code"):
        return ""
    old = {t["table"]: t for t in before.get("tables", ())}
    said = []
    for t in after.get("tables", ()):
        was = old.get(t["table"])
        if was is None:
            continue
        if t["status"] == "over" and was["status"] != "over":
            said.append(Text("teacher_news_over", table=t["label"]).render(lang))
        for seat, prev in zip(t["seats"], was["seats"]):
            if seat["stand_in"] and not prev["stand_in"]:
                said.append(Text("teacher_news_stand_in", where=seat["label"]).render(lang))
            elif prev["connected"] and not seat["connected"] and seat["taken"] \
                    and not seat["bot"]:
                said.append(Text("teacher_news_away", where=seat["label"]).render(lang))
    return " ".join(said)


def public_table(game: str, table: int, view: dict, lang: str, anonymous: bool) -> dict:
    """One table's public view (``room.spectate``: nothing a seat keeps secret) as the page's
    "watch a table" panel shows it: per seat, the public facts of the game, as numbers and
    names in ``lang``. ``anonymous``: seats by label only."""
    room = view.get("room", {})
    seats = []
    for i, seat in enumerate(room.get("seats", [])):
        row: dict[str, Any] = {"seat": i, "label": seat_label(table, i, lang),
                               "name": None if anonymous else seat.get("name"),
                               "bot": seat.get("bot")}
        row.update(_room_facts(game).seat_facts(view, i, lang))
        seats.append(row)
    return {"table": table, "label": Text("teacher_table", table=table + 1).render(lang),
            "game": game, "round": view.get("round"), "to_move": view.get("to_move"),
            "revision": view.get("revision"), "over": bool(view.get("over")), "seats": seats}
