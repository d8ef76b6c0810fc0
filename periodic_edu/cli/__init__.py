"""`periodic-edu`: the command line (also `python -m periodic_edu`).

Each sub-command lives in a module with a ``register(subparsers)`` function. A user's mistake
raises :class:`UserError` (or one of the library's ``ValueError`` subclasses) and becomes exit
status 2 with one line on stderr, never a traceback (DESIGN §2).
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import (assignment_commands, board_commands, class_commands, elemonster_commands,
               game_commands, worksheet_commands)
from .common import UserError, one_line, print_json
from .lang import add_lang_option, chosen_language

__all__ = ["main", "build_parser", "UserError", "print_json"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse prints usage + exits 2; we want one line
        raise UserError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="periodic-edu", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    board_commands.register(sub)
    game_commands.register(sub)
    elemonster_commands.register(sub)
    worksheet_commands.register(sub)
    class_commands.register(sub)
    assignment_commands.register(sub)
    add_lang_option(sub)  # --lang en|uk|de on every sub-command (added last: covers them all)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        args.lang = chosen_language(args)
        return args.run(args) or 0
    except BrokenPipeError:  # `periodic-edu ... | head`
        return 0
    except (UserError, ValueError, OSError) as error:
        # ValueError covers the library's own refusals (unknown symbol, illegal move, bad deck);
        # each carries a message written for the user.
        print(f"periodic-edu: error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except (RecursionError, MemoryError):  # pragma: no cover - inputs are bounded before this
        print("periodic-edu: error: the input is too large or too deeply nested", file=sys.stderr)
        return 2
