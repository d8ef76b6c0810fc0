"""``periodic-edu class new|show|key|purge``: create a class for class play, show it, give it a
new teacher key, delete classes.

``class show CODE`` repeats what the workshop server's ready block said of a class (its code,
game and size, and the addresses of a workshop server running it on this computer); the teacher
key cannot be shown again, so ``class key CODE`` makes a new one (the old key stops working).

``class new`` prints the class code (for the projector) and the teacher key (a secret for the
teacher's page; the store keeps only its hash, so it is shown once). ``class purge CODE`` deletes
one class, ``class purge --older-than DAYS`` every class created more than DAYS days ago. The
room is ``--room URL``, else ``PERIODIC_EDU_ROOM``, else a SQLite file in the data directory
(see ``docs/classroom.md``). A user's mistake, or a store that cannot be reached, is exit
status 2 with one line on stderr.
"""
from __future__ import annotations

from contextlib import contextmanager

from .common import UserError
from ..games import GAMES
from .lang import Words


def register(sub) -> None:
    top = sub.add_parser("class", help="class play: create a class, delete classes")
    inner = top.add_subparsers(dest="class_command", required=True, parser_class=type(top))
    p = inner.add_parser("new", help="create a class and print its code and teacher key")
    p.add_argument("--game", required=True, choices=list(GAMES))  # every registered game
    p.add_argument("--tables", type=int, default=1)
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--edition", default="en", help="Periodic's edition (en, uk)")
    p.add_argument("--keep-days", type=int, default=14,
                   help="delete the class's data this many days after today")
    p.add_argument("--idle-seconds", type=int, default=180,
                   help="a seat idle this long on its turn is played by a bot")
    p.add_argument("--duplicate", action="store_true",
                   help="every table gets the same deal (the class code's seed)")
    p.add_argument("--room", default=None, help="sqlite:///path/room.db or postgresql://...")
    p.set_defaults(run=run_new)

    p = inner.add_parser("show", help="show a class and the addresses of its running server")
    p.add_argument("code")
    p.add_argument("--room", default=None, help="sqlite:///path/room.db or postgresql://...")
    p.set_defaults(run=run_show)

    p = inner.add_parser("key", help="make a new teacher key for a class (the old one stops "
                                     "working)")
    p.add_argument("code")
    p.add_argument("--room", default=None, help="sqlite:///path/room.db or postgresql://...")
    p.set_defaults(run=run_key)

    p = inner.add_parser("purge", help="delete a class (CODE) or old classes (--older-than)")
    p.add_argument("code", nargs="?", default=None)
    p.add_argument("--older-than", type=float, default=None, metavar="DAYS")
    p.add_argument("--room", default=None, help="sqlite:///path/room.db or postgresql://...")
    p.set_defaults(run=run_purge)


@contextmanager
def _room(url):
    from ..classroom import RoomError, open_room
    try:
        room = open_room(url)
        try:
            yield room
        finally:
            room.close()
    except RoomError as error:  # the room's refusals are sentences for the user
        raise UserError(str(error)) from None


def run_new(args) -> int:
    _ = Words(args.lang)
    with _room(args.room) as room:
        info = room.create_class(game=args.game, tables=args.tables, seats=args.seats,
                                 edition=args.edition, keep_days=args.keep_days,
                                 idle_seconds=args.idle_seconds, duplicate=args.duplicate)
    print(_("class code: {code}").format(code=info.code))
    print(_("teacher key: {key}").format(key=info.teacher_key))
    return 0


def run_show(args) -> int:
    _ = Words(args.lang)
    with _room(args.room) as room:
        info = room.class_summary(args.code)
    print(_("class code: {code}").format(code=info["code"]))
    print(_("game: {game}, {tables} tables of {seats} seats, {taken} taken").format(**info))
    from ..classroom.servers import running_servers
    servers = [facts for facts in running_servers() if facts.get("class") == info["code"]]
    for facts in servers:
        for url in facts.get("students") or [facts.get("local")]:
            print(_("students open: {url}").format(url=url))
        if facts.get("teacher"):
            print(_("teacher's page: {url}").format(url=facts["teacher"]))
    print(_("the teacher key is kept only as a hash and cannot be shown again; "
            "periodic-edu class key {code} makes a new one").format(code=info["code"]))
    return 0


def run_key(args) -> int:
    _ = Words(args.lang)
    with _room(args.room) as room:
        key = room.new_teacher_key(args.code)
        code = room.class_summary(args.code)["code"]
    print(_("class code: {code}").format(code=code))
    print(_("teacher key: {key}").format(key=key))
    print(_("the old teacher key no longer opens this class"))
    return 0


def run_purge(args) -> int:
    _ = Words(args.lang)
    if (args.code is None) == (args.older_than is None):
        raise UserError(_("give a class code or --older-than DAYS (one of them)"))
    with _room(args.room) as room:
        if args.code is not None:
            count = room.purge_code(args.code)
        else:
            count = room.purge_older_than(args.older_than)
    print(_("classes deleted: {n}").format(n=count))
    return 0
