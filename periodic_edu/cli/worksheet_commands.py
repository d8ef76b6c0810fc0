"""`periodic-edu worksheet`: printable student and teacher sheets of a lesson (HTML, and PDF
with a local Chromium), generated from the lesson notebook so that they never drift."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..pages import worksheets
from ..echo import clean
from .common import UserError


def register(sub) -> None:
    p = sub.add_parser("worksheet", help="printable student and teacher sheets of a lesson")
    p.add_argument("lesson", help="lesson number (01-06), or 'all'")
    p.add_argument("--out", type=Path, default=Path("worksheets"),
                   help="folder for the sheets (default: ./worksheets)")
    p.add_argument("--pdf", action="store_true", help="also print each sheet to PDF (Chromium)")
    p.add_argument("--compact", action="store_true",
                   help="fewer answer lines and no exit-ticket page break: fewer pages to print")
    p.add_argument("--lessons", type=Path, default=None,
                   help="the lessons folder (default: the source checkout's lessons/)")
    p.set_defaults(run=run_worksheet)


def run_worksheet(args: argparse.Namespace) -> int:
    lessons = args.lessons or worksheets.LESSONS
    if not lessons.is_dir():
        raise UserError(f"no lessons folder at {lessons}: pass --lessons DIR")
    numbers = (worksheets.lesson_numbers(args.lang, lessons) if args.lesson == "all"
               else [args.lesson])
    if not numbers:
        raise UserError(f"no lessons in {args.lang} under {lessons}")
    for number in numbers:
        for path in worksheets.build(number, args.lang, args.out, pdf=args.pdf, lessons=lessons,
                                     compact=args.compact):
            print(clean(str(path), 4096))  # a folder the user chose: escaped, not cut
    return 0
