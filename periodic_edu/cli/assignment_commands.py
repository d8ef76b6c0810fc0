"""``periodic-edu assignment new|check``: homework with no server (see ``docs/homework.md``).

``assignment new`` prints the link of an assignment to the static site (the settings ride in
the link's fragment, which no server sees) and, with ``--qr FILE.svg``, writes its QR code
(needs the ``qr`` extra: segno). ``assignment check --link LINK CODE...`` reads the students'
result codes against the assignment: each game is replayed and its score recomputed; a code
that cannot be read is listed with its number and why. Exit status: 0 when every code was
read, 1 when some were refused (the others are still shown), 2 for a mistake in the command
(one line on stderr).
"""
from __future__ import annotations

from ..assignments import (DEFAULT_SITE, HomeworkError, new_assignment, parse_link, read_code)
from ..i18n import N_
from ..tabletop import safejson
from .common import UserError, print_json
from ..games import GAMES
from .lang import Words

#: the flags of a result, as the table says them
FLAG_TEXT = {"other_assignment": N_("for another assignment"), "past_due": N_("past due"),
             "unfinished": N_("game not finished")}


def register(sub) -> None:
    top = sub.add_parser("assignment", help="homework: make an assignment link, read codes")
    inner = top.add_subparsers(dest="assignment_command", required=True, parser_class=type(top))
    p = inner.add_parser("new", help="print an assignment's link to the static site")
    p.add_argument("--game", required=True, choices=list(GAMES))  # every registered game
    p.add_argument("--seed", required=True, type=int)
    p.add_argument("--players", type=int, default=2, help="the student and the bots, 2 to 5")
    p.add_argument("--bots", default="greedy",
                   help="the bots besides the student, comma-separated (one name: every seat)")
    p.add_argument("--form", default=None, help="the check's form (A, B...)")
    p.add_argument("--items", default=None,
                   help="the check's item ids, comma-separated (answers then pack small)")
    p.add_argument("--due", default=None, metavar="YYYY-MM-DD")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a setting of the game (edition=uk, variant=advanced, max_rounds=10)")
    p.add_argument("--site", default=DEFAULT_SITE, help="the static site's address")
    p.add_argument("--qr", default=None, metavar="FILE.svg", help="write the link's QR code")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_new)

    p = inner.add_parser("check", help="read students' result codes against an assignment")
    p.add_argument("--link", required=True, help="the assignment's link")
    p.add_argument("--key", default=None, metavar="KEY.json",
                   help="the key of the check's own items: item id -> its right fields (the "
                        "items of the kit's item bank are scored by the bank's key without it)")
    p.add_argument("codes", nargs="+", metavar="CODE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_check)


def _say(error: HomeworkError, lang: str) -> UserError:
    return UserError(error.render(lang))


def run_new(args) -> int:
    _ = Words(args.lang)
    options = {}
    for pair in args.option:
        name, sep, value = pair.partition("=")
        if not sep:
            raise UserError(_("--option takes NAME=VALUE, not {value}").format(value=pair[:80]))
        options[name] = int(value) if value.isascii() and value.isdigit() and len(value) < 7 \
            else value
    try:
        a = new_assignment(game=args.game, seed=args.seed, players=args.players,
                           bots=[b.strip() for b in args.bots.split(",")], form=args.form,
                           lang=args.lang, due=args.due,
                           items=args.items.split(",") if args.items else (), site=args.site,
                           options=options)
    except HomeworkError as error:
        raise _say(error, args.lang) from None
    if args.qr:
        _write_qr(a.link, args.qr, _)
    if args.json:
        print_json({**a.to_dict(), "qr": args.qr})
        return 0
    print(_("assignment {id}: {game}, seed {seed}, {players} players").format(
        id=a.id, game=args.game, seed=a.seed, players=a.players))
    print(a.link)
    if args.qr:
        print(_("QR code written to {file}").format(file=args.qr))
    return 0


def _write_qr(link: str, path: str, _) -> None:
    try:
        import segno
    except ImportError:
        raise UserError(_("a QR code needs segno: pip install 'periodic-edu[qr]'")) from None
    if not path.endswith(".svg"):
        raise UserError(_("the QR code is written as SVG: name a file ending in .svg"))
    # error correction M: a projected or printed code still reads with a smudge on it
    segno.make(link, error="m").save(path, kind="svg", scale=8, border=4,
                                     title="QR code of the assignment link")


def _key(path: str | None, _) -> dict | None:
    if path is None:
        return None
    try:
        doc = safejson.loads(safejson.read_limited(path))
    except (OSError, ValueError) as error:
        raise UserError(_("cannot read {file}: {why}").format(file=path[:80], why=error)) \
            from None
    if not isinstance(doc, dict) or not all(isinstance(v, dict) for v in doc.values()):
        raise UserError(_("{file}: a key maps each item id to its right fields").format(
            file=path[:80]))
    return doc


def run_check(args) -> int:
    _ = Words(args.lang)
    try:
        a = parse_link(args.link)
    except HomeworkError as error:
        raise _say(error, args.lang) from None
    key = _key(args.key, _)
    rows = []
    for index, code in enumerate(args.codes, 1):
        try:
            rows.append({"index": index, **read_code(a, code, key=key)})
        except HomeworkError as error:
            rows.append({"index": index, "refused": error.to_dict(),
                         "why": error.render(args.lang)})
    refused = sum("refused" in r for r in rows)
    if args.json:
        print_json({"assignment": a.id, "results": rows, "refused": refused})
        return 1 if refused else 0
    print(_.ngettext("assignment {id}: {n} code", "assignment {id}: {n} codes",
                     len(rows)).format(id=a.id, n=len(rows)))
    for r in rows:
        if "refused" in r:
            print(_("{index}. refused: {why}").format(index=r["index"], why=r["why"]))
            continue
        parts = [f"{r['index']}. {r['name']}"]
        if r["score"] is not None:
            parts.append(_("score {score}, place {rank}").format(score=r["score"],
                                                                 rank=r["rank"]))
        if r.get("checked"):
            parts.append(_("check {correct}/{of}").format(**r["checked"]))
        elif r["answers"] is not None:
            parts.append(_.ngettext("{n} answer", "{n} answers",
                                    len(r["answers"])).format(n=len(r["answers"])))
        parts += [_(FLAG_TEXT[f]) for f in r["flags"]]
        print(" · ".join(parts))
    if refused:
        print(_.ngettext("{n} of {total} code refused", "{n} of {total} codes refused",
                         len(rows)).format(n=refused, total=len(rows)))
    return 1 if refused else 0
